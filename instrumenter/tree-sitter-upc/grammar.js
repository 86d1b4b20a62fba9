/**
 * @file UPC (Unified Parallel C 1.3) grammar for tree-sitter.
 *
 * Extends tree-sitter-c: every overridden rule is the original C rule plus
 * the UPC forms, so plain C parses to exactly the tree tree-sitter-c gives.
 *
 * UPC additions:
 *   - type qualifiers `shared` (with an optional layout qualifier),
 *     `strict` and `relaxed`;
 *   - `upc_forall` with its affinity clause;
 *   - `upc_barrier` / `upc_notify` / `upc_wait` and `upc_fence`;
 *   - `upc_localsizeof` / `upc_blocksizeof` / `upc_elemsizeof`.
 *
 * GNU C and C89 forms that real programs and system headers use, which
 * tree-sitter-c does not parse (its trees for everything it parses are kept):
 *   - attributes after the declarator of an object
 *     (`shared int v __attribute__((unused));`, also before `=`);
 *   - function definitions with implicit `int` (`main() { ... }`, K&R too);
 *   - `__builtin_va_arg(ap, type)` and `__builtin_types_compatible_p`;
 *   - `__typeof__(expression)` (a macro_type_specifier with a `value`);
 *   - imaginary constants (`1.0iF`, from <complex.h>'s `I`);
 *   - case ranges (`case 'a' ... 'z':`), computed goto (`goto *p;`) and labels as
 *     values (`&&label`);
 *   - `__real__` and `__imag__` of a complex number;
 *   - unnamed bit-fields (`unsigned : 0;`);
 *   - `__alignof__` of an expression (`__alignof__(s.x)`).
 *
 * MYTHREAD, THREADS and UPC_MAX_BLOCK_SIZE are macros and stay identifiers.
 *
 * @license MIT
 */

/// <reference types="tree-sitter-cli/dsl" />
// @ts-check

const C = require('tree-sitter-c/grammar');

const PREC = C.PREC;

module.exports = grammar(C, {
  name: 'upc',

  conflicts: ($, original) => original.concat([
    [$.type_specifier, $.expression, $.macro_type_specifier, $._implicit_int_function_declarator],
    [$._declaration_declarator, $._object_declarator],
    [$.pointer_declarator, $.abstract_pointer_declarator],
    [$._declarator, $._implicit_int_function_declarator],
    [$._declaration_modifiers, $.attribute_statement],
    [$._declaration_modifiers, $._implicit_int_function_definition, $._implicit_int_declaration],
    [$._declarator, $._object_declarator],
    [$._declaration_modifiers, $.type_descriptor],
    [$._declaration_specifiers, $.type_descriptor],
  ]),

  rules: {
    // ---------------------------------------------------------------------
    // GNU C and C89 forms that system headers and real programs use
    // (tree-sitter-c does not parse them; its trees for everything else are
    // unchanged)
    // ---------------------------------------------------------------------

    _top_level_item: ($, original) => choice(
      original,
      alias($._implicit_int_function_definition, $.function_definition),
      alias($._implicit_int_declaration, $.declaration),
    ),

    // `register i;` in a block: C89's implicit int with a storage class
    _block_item: ($, original) => choice(
      original,
      alias($._implicit_int_declaration, $.declaration),
    ),

    // `main() { ... }`, `f(a, b) int a; char *b; { ... }`: C89's implicit int.
    _implicit_int_function_definition: $ => seq(
      repeat($.storage_class_specifier),
      field('declarator', alias($._implicit_int_function_declarator, $.function_declarator)),
      repeat($._old_style_parameter_declaration),
      field('body', $.compound_statement),
    ),

    // `long f(a, n) shared int a[]; register n; { ... }`; preferred to reading
    // `f(a, n) shared int a[];` as the declaration of a function with trailing macro
    // names (`void f(void) NOEXCEPT;`) followed by a block at file scope
    _old_style_function_definition: $ => prec.dynamic(1, seq(
      optional($.ms_call_modifier),
      $._declaration_specifiers,
      field('declarator', $._old_style_definition_declarator),
      repeat1($._old_style_parameter_declaration),
      field('body', $.compound_statement),
    )),

    // `f(a, n)`, or `*f(b)` of `char *f(b) char *b; { ... }` (a function returning a pointer)
    _old_style_definition_declarator: $ => choice(
      alias($._old_style_function_declarator, $.function_declarator),
      alias($._old_style_pointer_declarator, $.pointer_declarator),
    ),

    // (the dynamic precedence of tree-sitter-c's pointer_declarator, which a declaration
    // read instead would have)
    _old_style_pointer_declarator: $ => prec.dynamic(1, seq(
      '*',
      field('declarator', $._old_style_definition_declarator),
    )),

    // a declaration of K&R parameters; `register n;` declares an int
    _old_style_parameter_declaration: $ => choice(
      $.declaration,
      alias($._implicit_int_declaration, $.declaration),
    ),

    _implicit_int_function_declarator: $ => prec.dynamic(-1, seq(
      field('declarator', $.identifier),
      field('parameters', choice(
        $.parameter_list,
        alias($._old_style_parameter_list, $.parameter_list),
      )),
    )),

    // `int v __attribute__((unused)) = 1;`, `int x __asm__("y");`
    declaration: $ => seq(
      $._declaration_specifiers,
      commaSep1(choice(
        field('declarator', choice(
          seq(
            optional($.ms_call_modifier),
            $._declaration_declarator,
            optional($.gnu_asm_expression),
          ),
          $.init_declarator,
        )),
        seq(
          field('declarator', $._object_declarator),
          optional($.gnu_asm_expression),
          $._declarator_attributes,
        ),
        // `int i, __attribute__((unused)) dummy;`
        seq(
          $._declarator_attributes,
          field('declarator', choice($._object_declarator, $.init_declarator)),
        ),
      )),
      ';',
    ),

    init_declarator: $ => choice(
      seq(
        field('declarator', $._declarator),
        '=',
        field('value', choice($.initializer_list, $.expression)),
      ),
      seq(
        field('declarator', $._object_declarator),
        choice(
          seq($.gnu_asm_expression, optional($._declarator_attributes)),
          $._declarator_attributes,
        ),
        '=',
        field('value', choice($.initializer_list, $.expression)),
      ),
    ),

    // Attributes after the declarator of an object (C's rules already take them after a
    // function declarator).
    _declarator_attributes: $ => repeat1($.attribute_specifier),

    _object_declarator: $ => choice(
      $.identifier,
      alias($._object_array_declarator, $.array_declarator),
      alias($._object_pointer_declarator, $.pointer_declarator),
    ),
    _object_array_declarator: $ => prec(1, seq(
      field('declarator', $._object_declarator),
      '[',
      repeat(choice($.type_qualifier, 'static')),
      field('size', optional(choice($.expression, '*'))),
      ']',
    )),
    _object_pointer_declarator: $ => prec.dynamic(1, prec.right(seq(
      '*',
      repeat(choice($.type_qualifier, $.attribute_specifier)),
      field('declarator', $._object_declarator),
    ))),

    // `int * __attribute__((unused)) p;`
    pointer_declarator: $ => prec.dynamic(1, prec.right(seq(
      optional($.ms_based_modifier),
      '*',
      repeat($.ms_pointer_modifier),
      repeat(choice($.type_qualifier, $.attribute_specifier)),
      field('declarator', $._declarator),
    ))),

    // `__typeof__(a + b)`: GNU's typeof of an expression.  The keyword is an
    // identifier in the tree, and `typeof(int)` or `__typeof__(x)` keep the tree
    // tree-sitter-c gives them (a type operand).
    macro_type_specifier: $ => choice(
      prec.dynamic(-1, seq(
        field('name', choice($.identifier, $._typeof_keyword)),
        '(',
        field('type', $.type_descriptor),
        ')',
      )),
      prec.dynamic(-2, seq(
        field('name', $._typeof_keyword),
        '(',
        field('value', choice($.expression, $.comma_expression)),
        ')',
      )),
    ),

    // C's number literal, with GNU's imaginary suffixes (`1.0iF`, `2i`, `3.0fj`: what
    // <complex.h> makes of `I`)
    number_literal: _ => {
      const separator = '\'';
      const hex = /[0-9a-fA-F]/;
      const decimal = /[0-9]/;
      const hexDigits = seq(repeat1(hex), repeat(seq(separator, repeat1(hex))));
      const decimalDigits = seq(repeat1(decimal), repeat(seq(separator, repeat1(decimal))));
      return token(seq(
        optional(/[-\+]/),
        optional(choice(/0[xX]/, /0[bB]/)),
        choice(
          seq(
            choice(
              decimalDigits,
              seq(/0[bB]/, decimalDigits),
              seq(/0[xX]/, hexDigits),
            ),
            optional(seq('.', optional(hexDigits))),
          ),
          seq('.', decimalDigits),
        ),
        optional(seq(
          /[eEpP]/,
          optional(seq(
            optional(/[-\+]/),
            hexDigits,
          )),
        )),
        /[uUlLwWfFbBdDiIjJ]*/,
      ));
    },

    sized_type_specifier: ($, original) => choice(
      original,
      // GNU's `__signed__ int`, `__signed char`
      prec.dynamic(-1, seq(
        choice('__signed__', '__signed'),
        field('type', optional($.primitive_type)),
      )),
    ),

    // `enum __attribute__((packed)) color { ... }`
    enum_specifier: $ => seq(
      'enum',
      optional($.attribute_specifier),
      choice(
        seq(
          field('name', $._type_identifier),
          optional(seq(':', field('underlying_type', $.primitive_type))),
          field('body', optional($.enumerator_list)),
        ),
        field('body', $.enumerator_list),
      ),
      optional($.attribute_specifier),
    ),

    // GNU's `__alignof__(expression)` (`__alignof__(s.x)`, `__alignof__(*p)`); a type in
    // parentheses stays a type_descriptor, as in tree-sitter-c.
    alignof_expression: ($, original) => choice(
      prec.dynamic(1, original),
      prec(PREC.SIZEOF, seq(
        choice('__alignof__', '__alignof', '_alignof', 'alignof', '_Alignof'),
        field('value', $.expression),
      )),
    ),

    // Unnamed bit-fields (C99 6.7.2.1): `unsigned : 0;`, `int x : 3, : 5;`
    // (tree-sitter-c requires a declarator before every bitfield_clause).
    _field_declaration_declarator: $ => {
      const item = choice(
        seq(field('declarator', $._field_declarator), optional($.bitfield_clause)),
        $.bitfield_clause,
      );
      return seq(item, repeat(seq(',', item)));
    },

    // `__attribute__((fallthrough));`, `out: __attribute__((unused));`
    _non_case_statement: ($, original) => choice(
      original,
      $.upc_forall_statement,
      $.upc_sync_statement,
      $.upc_fence_statement,
      $.attribute_statement,
    ),

    attribute_statement: $ => seq(repeat1($.attribute_specifier), ';'),

    // GNU's case ranges: `case 'a' ... 'z':` (the range's end is the field `end`)
    case_statement: $ => prec.right(seq(
      choice(
        seq(
          'case',
          field('value', $.expression),
          optional(seq('...', field('end', $.expression))),
        ),
        'default',
      ),
      ':',
      repeat(choice(
        $._non_case_statement,
        $.declaration,
        $.type_definition,
      )),
    )),

    // GNU's computed goto: `goto *table[op];` (the target is the field `value`)
    goto_statement: $ => seq(
      'goto',
      choice(
        field('label', $._statement_identifier),
        seq('*', field('value', $.expression)),
      ),
      ';',
    ),

    // GNU's `__real__ z` and `__imag__ z` (the parts of a complex number)
    unary_expression: $ => prec.left(PREC.UNARY, seq(
      field('operator', choice('!', '~', '-', '+', '__real__', '__imag__', '__real', '__imag')),
      field('argument', $.expression),
    )),

    // GNU's labels as values: `&&done`, a `void *`
    label_address_expression: $ => seq(
      '&&',
      field('label', $._statement_identifier),
    ),

    // `static count = 0;`: C89's implicit int with a storage class
    _implicit_int_declaration: $ => seq(
      repeat1($.storage_class_specifier),
      commaSep1(field('declarator', choice($._declaration_declarator, $.init_declarator))),
      ';',
    ),

    _typeof_keyword: $ => choice(
      alias('typeof', $.identifier),
      alias('__typeof__', $.identifier),
      alias('__typeof', $.identifier),
    ),

    // `__builtin_va_arg(ap, struct pt)`, `__builtin_types_compatible_p(int, long)`:
    // builtins that take type names
    va_arg_expression: $ => seq(
      '__builtin_va_arg',
      '(',
      field('value', $.expression),
      ',',
      field('type', $.type_descriptor),
      ')',
    ),

    types_compatible_expression: $ => seq(
      '__builtin_types_compatible_p',
      '(',
      field('left', $.type_descriptor),
      ',',
      field('right', $.type_descriptor),
      ')',
    ),

    // ---------------------------------------------------------------------
    // Type qualifiers
    // ---------------------------------------------------------------------

    type_qualifier: ($, original) => choice(
      original,
      'strict',
      'relaxed',
      $.shared_qualifier,
      // GNU spellings and C99's complex types (`double _Complex`, `float complex`)
      '__const', '__const__', '__volatile', '__volatile__',
      '_Complex', '__complex__', '_Imaginary',
    ),

    // `shared` binds a following `[...]` as its layout qualifier, also where
    // an abstract array declarator could start (`(int shared [3] *)p`).
    shared_qualifier: $ => prec.right(seq(
      'shared',
      optional($.layout_qualifier),
    )),

    layout_qualifier: $ => seq(
      '[',
      choice(
        optional(field('size', $.expression)),
        '*',
      ),
      ']',
    ),

    // ---------------------------------------------------------------------
    // Statements
    // ---------------------------------------------------------------------


    _top_level_statement: ($, original) => choice(
      original,
      $.upc_forall_statement,
      $.upc_sync_statement,
      $.upc_fence_statement,
    ),

    upc_forall_statement: $ => seq(
      'upc_forall',
      '(',
      $._upc_forall_statement_body,
      ')',
      field('body', $.statement),
    ),

    upc_sync_statement: $ => seq(
      field('kind', choice('upc_barrier', 'upc_notify', 'upc_wait')),
      optional(field('value', $.expression)),
      ';',
    ),

    upc_fence_statement: _ => seq('upc_fence', ';'),

    // ---------------------------------------------------------------------
    // Expressions
    // ---------------------------------------------------------------------

    _expression_not_binary: ($, original) => choice(
      original,
      $.upc_sizeof_expression,
      $.va_arg_expression,
      $.types_compatible_expression,
      $.label_address_expression,
    ),

    upc_sizeof_expression: $ => prec(PREC.SIZEOF, seq(
      field('operator', choice(
        'upc_localsizeof',
        'upc_blocksizeof',
        'upc_elemsizeof',
      )),
      choice(
        field('value', $.expression),
        seq('(', field('type', $.type_descriptor), ')'),
      ),
    )),

    // ---------------------------------------------------------------------
    // Helpers
    // ---------------------------------------------------------------------

    // Same shape as C's `_for_statement_body` (a declaration carries its own
    // `;`), followed by the affinity clause.
    _upc_forall_statement_body: $ => seq(
      choice(
        field('initializer', $.declaration),
        seq(field('initializer', optional(choice($.expression, $.comma_expression))), ';'),
      ),
      field('condition', optional(choice($.expression, $.comma_expression))),
      ';',
      field('update', optional(choice($.expression, $.comma_expression))),
      ';',
      field('affinity', optional(choice($.expression, $.affinity_continue))),
    ),

    // `continue` as the affinity of a `upc_forall`.
    affinity_continue: _ => 'continue',
  },
});

function commaSep1(rule) {
  return seq(rule, repeat(seq(',', rule)));
}
