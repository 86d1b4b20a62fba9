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

  rules: {
    // ---------------------------------------------------------------------
    // Type qualifiers
    // ---------------------------------------------------------------------

    type_qualifier: ($, original) => choice(
      original,
      'strict',
      'relaxed',
      $.shared_qualifier,
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

    _non_case_statement: ($, original) => choice(
      original,
      $.upc_forall_statement,
      $.upc_sync_statement,
      $.upc_fence_statement,
    ),

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
