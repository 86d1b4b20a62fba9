//! Every UPC construct parses without ERROR or MISSING nodes, with the node
//! kinds and fields the translator relies on.

use tree_sitter::{Node, Parser, Tree};

fn parse(source: &str) -> Tree {
    let mut parser = Parser::new();
    parser.set_language(&tree_sitter_upc::language()).unwrap();
    parser.parse(source, None).unwrap()
}

fn assert_clean(source: &str) -> Tree {
    let tree = parse(source);
    let root = tree.root_node();
    assert!(
        !root.has_error(),
        "ERROR/MISSING in {source:?}:\n{}",
        root.to_sexp()
    );
    tree
}

/// Wraps statements in a function body.
fn in_fn(body: &str) -> String {
    format!("void f(void) {{\n{body}\n}}\n")
}

/// The first node of `kind`, pre-order.
fn find<'t>(node: Node<'t>, kind: &str) -> Option<Node<'t>> {
    if node.kind() == kind {
        return Some(node);
    }
    let mut cursor = node.walk();
    let children: Vec<_> = node.children(&mut cursor).collect();
    children.into_iter().find_map(|c| find(c, kind))
}

fn text<'s>(node: Node<'_>, source: &'s str) -> &'s str {
    &source[node.byte_range()]
}

const DECLARATIONS: &[&str] = &[
    "shared int x;",
    "shared [4] double a[10*THREADS];",
    "int shared *p;",
    "shared [] char *shared q;",
    "shared [*] int b[100];",
    "shared [UPC_MAX_BLOCK_SIZE] int big[THREADS];",
    "strict shared int f;",
    "relaxed shared [2] T *x;",
    "strict int s; relaxed int r;",
    "typedef shared [3] int sint3;",
    "typedef int R[10]; shared [3] R Q[3*THREADS];",
    "struct S { shared int *m; int shared [5] *n; shared [] struct S *next; };",
    "void g(shared int *arg, shared [] int *arg2, int *shared arg3);",
    "void h(shared [4] double (*rows)[4]) {}",
    "shared struct S s[THREADS];",
    "shared int *shared *shared ppp;",
    "const shared [8] int *const shared *volatile pp;",
    "extern shared [*] long c[5*THREADS];",
    "static shared int counter = 0;",
];

const STATEMENTS: &[&str] = &[
    "p = (shared int *)q;",
    "r = (shared [*] int *)0;",
    "s = (int shared [4] *)p;",
    "t = (shared [] char *shared *)u;",
    "n = sizeof(shared [3] int);",
    "n = sizeof(shared int *);",
    "upc_forall (int i = 0; i < 10; i++; i) a[i] = MYTHREAD;",
    "upc_forall (i = 0; i < N; i++; &a[i]) { a[i] = 0; }",
    "upc_forall (i = 0; i < N; i++; continue) g(i);",
    "upc_forall (;;;) break;",
    "upc_forall (i = 0, j = 1; i < N; i++, j++; j) ;",
    "upc_forall (int i = 0; i < N; i++; i) upc_forall (int j = 0; j < N; j++; j) ;",
    "upc_forall (shared int *q = p; q < p + N; q++; q) *q = 1;",
    "upc_barrier;",
    "upc_barrier 42;",
    "upc_notify;",
    "upc_notify MYTHREAD + 1;",
    "upc_wait;",
    "upc_wait x;",
    "upc_fence;",
    "if (MYTHREAD == 0) upc_barrier 1; else upc_barrier 2;",
    "switch (x) { case 1: upc_fence; break; default: upc_barrier; }",
    "a = upc_localsizeof(shared [3] int);",
    "a = upc_blocksizeof(shared [*] int);",
    "a = upc_elemsizeof(shared int);",
    "b = upc_blocksizeof A;",
    "c = upc_elemsizeof(A) * 2;",
    "d = upc_localsizeof A[0] + sizeof(int);",
    "int n = THREADS * MYTHREAD + UPC_MAX_BLOCK_SIZE;",
];

#[test]
fn declarations_parse_cleanly() {
    for src in DECLARATIONS {
        assert_clean(src);
        // Also at block scope.
        assert_clean(&in_fn(src));
    }
}

#[test]
fn statements_parse_cleanly() {
    for src in STATEMENTS {
        assert_clean(&in_fn(src));
    }
}

#[test]
fn expected_s_expressions() {
    let cases: &[(&str, &str)] = &[
        (
            "shared [4] double a[10*THREADS];",
            "(translation_unit (declaration (type_qualifier (shared_qualifier (layout_qualifier \
             size: (number_literal)))) type: (primitive_type) declarator: (array_declarator \
             declarator: (identifier) size: (binary_expression left: (number_literal) right: \
             (identifier)))))",
        ),
        (
            "shared [] char *shared q;",
            "(translation_unit (declaration (type_qualifier (shared_qualifier (layout_qualifier))) \
             type: (primitive_type) declarator: (pointer_declarator (type_qualifier \
             (shared_qualifier)) declarator: (identifier))))",
        ),
        (
            "relaxed shared [2] T *x;",
            "(translation_unit (declaration (type_qualifier) (type_qualifier (shared_qualifier \
             (layout_qualifier size: (number_literal)))) type: (type_identifier) declarator: \
             (pointer_declarator declarator: (identifier))))",
        ),
        (
            "upc_forall (int i = 0; i < N; i++; continue) ;",
            "(translation_unit (upc_forall_statement initializer: (declaration type: \
             (primitive_type) declarator: (init_declarator declarator: (identifier) value: \
             (number_literal))) condition: (binary_expression left: (identifier) right: \
             (identifier)) update: (update_expression argument: (identifier)) affinity: \
             (affinity_continue) body: (expression_statement)))",
        ),
        (
            "upc_barrier MYTHREAD;",
            "(translation_unit (upc_sync_statement value: (identifier)))",
        ),
        ("upc_fence;", "(translation_unit (upc_fence_statement))"),
        (
            "n = upc_blocksizeof(shared [*] int);",
            "(translation_unit (expression_statement (assignment_expression left: (identifier) \
             right: (upc_sizeof_expression type: (type_descriptor (type_qualifier \
             (shared_qualifier (layout_qualifier))) type: (primitive_type))))))",
        ),
    ];
    for (src, expected) in cases {
        let tree = assert_clean(src);
        assert_eq!(&tree.root_node().to_sexp(), expected, "for {src:?}");
    }
}

#[test]
fn layout_qualifier_forms() {
    let src = "shared [4] int a; shared [] int b; shared [*] int c[THREADS]; shared int d;";
    let tree = assert_clean(src);
    let mut cursor = tree.walk();
    let decls: Vec<Node> = tree.root_node().named_children(&mut cursor).collect();
    assert_eq!(decls.len(), 4);
    let layouts: Vec<Option<Node>> = decls.iter().map(|d| find(*d, "layout_qualifier")).collect();

    let sized = layouts[0].unwrap();
    assert_eq!(text(sized.child_by_field_name("size").unwrap(), src), "4");

    let indefinite = layouts[1].unwrap();
    assert!(indefinite.child_by_field_name("size").is_none());
    assert_eq!(indefinite.child_count(), 2, "just '[' and ']'");

    let star = layouts[2].unwrap();
    assert!(star.child_by_field_name("size").is_none());
    let kinds: Vec<(&str, bool)> = (0..star.child_count())
        .map(|i| star.child(i).unwrap())
        .map(|c| (c.kind(), c.is_named()))
        .collect();
    assert_eq!(kinds, [("[", false), ("*", false), ("]", false)]);

    assert!(layouts[3].is_none());
    let shared = find(decls[3], "shared_qualifier").unwrap();
    assert_eq!(text(shared, src), "shared");
}

#[test]
fn strict_and_relaxed_are_type_qualifier_tokens() {
    let src = "strict shared int f; relaxed int g;";
    let tree = assert_clean(src);
    let mut cursor = tree.walk();
    let quals: Vec<String> = tree
        .root_node()
        .named_children(&mut cursor)
        .flat_map(|d| {
            let mut c = d.walk();
            d.named_children(&mut c)
                .filter(|n| n.kind() == "type_qualifier")
                .map(|n| text(n, src).to_owned())
                .collect::<Vec<_>>()
        })
        .collect();
    assert_eq!(quals, ["strict", "shared", "relaxed"]);
}

#[test]
fn upc_forall_fields() {
    let src = in_fn("upc_forall (i = 0; i < N; i++; &a[i]) a[i] = 0;");
    let tree = assert_clean(&src);
    let forall = find(tree.root_node(), "upc_forall_statement").unwrap();
    let field = |name| text(forall.child_by_field_name(name).unwrap(), &src);
    assert_eq!(field("initializer"), "i = 0");
    assert_eq!(field("condition"), "i < N");
    assert_eq!(field("update"), "i++");
    assert_eq!(field("affinity"), "&a[i]");
    assert_eq!(field("body"), "a[i] = 0;");

    let src = in_fn("upc_forall (int i = 0; ; ; ) ;");
    let tree = assert_clean(&src);
    let forall = find(tree.root_node(), "upc_forall_statement").unwrap();
    let init = forall.child_by_field_name("initializer").unwrap();
    assert_eq!(init.kind(), "declaration");
    assert_eq!(
        text(init, &src),
        "int i = 0;",
        "the declaration owns its ';'"
    );
    for absent in ["condition", "update", "affinity"] {
        assert!(forall.child_by_field_name(absent).is_none(), "{absent}");
    }

    let src = in_fn("upc_forall (;;; continue) ;");
    let tree = assert_clean(&src);
    let forall = find(tree.root_node(), "upc_forall_statement").unwrap();
    let affinity = forall.child_by_field_name("affinity").unwrap();
    assert_eq!(
        (affinity.kind(), text(affinity, &src)),
        ("affinity_continue", "continue")
    );
}

#[test]
fn sync_statement_kinds_and_values() {
    let src = in_fn("upc_barrier; upc_notify 3; upc_wait x + 1; upc_fence;");
    let tree = assert_clean(&src);
    let body = find(tree.root_node(), "compound_statement").unwrap();
    let mut cursor = body.walk();
    let stmts: Vec<Node> = body.named_children(&mut cursor).collect();
    let summary: Vec<(&str, Option<&str>, Option<&str>)> = stmts
        .iter()
        .map(|s| {
            (
                s.kind(),
                s.child_by_field_name("kind").map(|k| text(k, &src)),
                s.child_by_field_name("value").map(|v| text(v, &src)),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            ("upc_sync_statement", Some("upc_barrier"), None),
            ("upc_sync_statement", Some("upc_notify"), Some("3")),
            ("upc_sync_statement", Some("upc_wait"), Some("x + 1")),
            ("upc_fence_statement", None, None),
        ]
    );
}

#[test]
fn upc_sizeof_operator_type_and_value() {
    let src =
        "a = upc_localsizeof(shared [3] int); b = upc_blocksizeof A; c = upc_elemsizeof A[1];";
    let tree = assert_clean(src);
    let mut found = Vec::new();
    let mut stack = vec![tree.root_node()];
    while let Some(node) = stack.pop() {
        if node.kind() == "upc_sizeof_expression" {
            found.push((
                node.start_byte(),
                text(node.child_by_field_name("operator").unwrap(), src),
                node.child_by_field_name("type").map(|t| text(t, src)),
                node.child_by_field_name("value").map(|v| text(v, src)),
            ));
        }
        let mut cursor = node.walk();
        stack.extend(node.children(&mut cursor));
    }
    found.sort();
    let found: Vec<_> = found.into_iter().map(|(_, o, t, v)| (o, t, v)).collect();
    assert_eq!(
        found,
        [
            ("upc_localsizeof", Some("shared [3] int"), None),
            ("upc_blocksizeof", None, Some("A")),
            ("upc_elemsizeof", None, Some("A[1]")),
        ]
    );
}

#[test]
fn upc_macros_are_identifiers() {
    let src = "int n = THREADS + MYTHREAD + UPC_MAX_BLOCK_SIZE;";
    let tree = assert_clean(src);
    let mut idents = Vec::new();
    let mut stack = vec![tree.root_node()];
    while let Some(node) = stack.pop() {
        if node.kind() == "identifier" {
            idents.push(text(node, src));
        }
        let mut cursor = node.walk();
        stack.extend(node.children(&mut cursor));
    }
    idents.sort();
    assert_eq!(idents, ["MYTHREAD", "THREADS", "UPC_MAX_BLOCK_SIZE", "n"]);
}
