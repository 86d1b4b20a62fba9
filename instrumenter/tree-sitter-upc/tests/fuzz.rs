//! The parser must never panic and must always return a tree, whatever the
//! input: random bytes, random text, and UPC sources with random edits.

use proptest::prelude::*;
use tree_sitter::Parser;

const SEEDS: &[&str] = &[
    "shared [4] double a[10*THREADS];\nint shared *p;\nshared [] char *shared q;\n",
    "strict shared int f; relaxed shared [2] T *x; shared [*] int b[100];\n",
    "void f(void) { upc_forall (int i = 0; i < N; i++; &a[i]) a[i] = MYTHREAD; }\n",
    "void f(void) { upc_forall (;;; continue) { upc_barrier 1; upc_notify; upc_wait; upc_fence; } }\n",
    "size_t n = upc_localsizeof(shared [3] int) + upc_blocksizeof a + upc_elemsizeof(a);\n",
    "typedef shared [3] int T3; struct S { shared int *m; }; int *q = (int *)(shared int *)p;\n",
];

const FRAGMENTS: &[&str] = &[
    "shared",
    "[",
    "]",
    "[*]",
    "*",
    "strict",
    "relaxed",
    "upc_forall",
    "(",
    ")",
    ";",
    "continue",
    "upc_barrier",
    "upc_notify",
    "upc_wait",
    "upc_fence",
    "upc_localsizeof",
    "upc_blocksizeof",
    "upc_elemsizeof",
    "{",
    "}",
    "#if 1\n",
    "#endif\n",
    "/*",
    "*/",
    "\"",
    "'",
    "\\\n",
    "\0",
    "é",
    "THREADS",
    "MYTHREAD",
    ",",
    "sizeof",
    "int",
    "typedef",
];

fn parse_bytes(bytes: &[u8]) {
    let mut parser = Parser::new();
    parser.set_language(&tree_sitter_upc::language()).unwrap();
    let tree = parser.parse(bytes, None).expect("a tree for every input");
    let root = tree.root_node();
    // Input that cannot be recovered into a translation unit gives an ERROR
    // root, as in tree-sitter-c; either way there is a tree spanning the input.
    assert!(
        matches!(root.kind(), "translation_unit" | "ERROR"),
        "root is {}",
        root.kind()
    );
    // Walk the whole tree, touching every node, to catch malformed trees.
    let mut cursor = tree.walk();
    let mut nodes = 0usize;
    'walk: loop {
        let node = cursor.node();
        assert!(node.start_byte() <= node.end_byte());
        assert!(node.end_byte() <= bytes.len().max(root.end_byte()));
        nodes += 1;
        if cursor.goto_first_child() {
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                break 'walk;
            }
        }
    }
    assert!(nodes >= 1);
    let _ = root.to_sexp();
}

#[derive(Debug, Clone)]
enum Edit {
    Delete { at: usize, len: usize },
    Insert { at: usize, fragment: usize },
    Duplicate { at: usize, len: usize },
}

fn apply(seed: &str, edits: &[Edit]) -> Vec<u8> {
    let mut bytes = seed.as_bytes().to_vec();
    for edit in edits {
        let n = bytes.len();
        match *edit {
            Edit::Delete { at, len } => {
                let at = at % (n + 1);
                let end = (at + len).min(n);
                bytes.drain(at..end);
            }
            Edit::Insert { at, fragment } => {
                let at = at % (n + 1);
                let frag = FRAGMENTS[fragment % FRAGMENTS.len()].as_bytes();
                bytes.splice(at..at, frag.iter().copied());
            }
            Edit::Duplicate { at, len } => {
                let at = at % (n + 1);
                let end = (at + len).min(n);
                let copy = bytes[at..end].to_vec();
                bytes.splice(end..end, copy);
            }
        }
    }
    bytes
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), 0usize..12).prop_map(|(at, len)| Edit::Delete { at, len }),
        (any::<usize>(), any::<usize>()).prop_map(|(at, fragment)| Edit::Insert { at, fragment }),
        (any::<usize>(), 0usize..24).prop_map(|(at, len)| Edit::Duplicate { at, len }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 1000,
        max_shrink_time: 5_000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_bytes_always_give_a_tree(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
        parse_bytes(&bytes);
    }

    #[test]
    fn random_text_always_gives_a_tree(text in "[ -~\\n\\t]{0,400}") {
        parse_bytes(text.as_bytes());
    }

    #[test]
    fn mutated_upc_always_gives_a_tree(
        seed in 0..SEEDS.len(),
        edits in proptest::collection::vec(edit(), 1..16),
    ) {
        parse_bytes(&apply(SEEDS[seed], &edits));
    }
}
