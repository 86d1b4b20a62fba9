//! Plain C must parse to exactly the tree tree-sitter-c gives: every node's
//! kind, namedness, field name and byte range are compared, over the C files
//! in `test/c-corpus/` and over preprocessed system headers.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use tree_sitter::{Language, Parser, Tree};

fn parse(language: &Language, source: &str) -> Tree {
    let mut parser = Parser::new();
    parser.set_language(language).unwrap();
    parser.parse(source, None).expect("parser returns a tree")
}

/// Every node, pre-order, one per line: depth, field, kind, named, range.
fn dump(tree: &Tree) -> String {
    let mut out = String::new();
    let mut cursor = tree.walk();
    let mut depth = 0usize;
    loop {
        let node = cursor.node();
        writeln!(
            out,
            "{depth} {} {:?} named={} missing={} {:?}",
            cursor.field_name().unwrap_or("-"),
            node.kind(),
            node.is_named(),
            node.is_missing(),
            node.byte_range(),
        )
        .unwrap();
        if cursor.goto_first_child() {
            depth += 1;
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return out;
            }
            depth -= 1;
        }
    }
}

/// Fails with the first differing line and its context.
fn assert_same_tree(name: &str, source: &str) {
    let c: Language = tree_sitter_c::LANGUAGE.into();
    let upc = tree_sitter_upc::language();
    let c_tree = parse(&c, source);
    let upc_tree = parse(&upc, source);
    assert_eq!(
        c_tree.root_node().to_sexp(),
        upc_tree.root_node().to_sexp(),
        "{name}: S-expressions differ"
    );
    let (c_dump, upc_dump) = (dump(&c_tree), dump(&upc_tree));
    if c_dump != upc_dump {
        let (i, (a, b)) = c_dump
            .lines()
            .zip(upc_dump.lines())
            .enumerate()
            .find(|(_, (a, b))| a != b)
            .unwrap_or((0, ("<length differs>", "")));
        panic!("{name}: full trees differ at node {i}:\n  c:   {a}\n  upc: {b}");
    }
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("test/c-corpus")
}

#[test]
fn c_corpus_parses_as_in_tree_sitter_c() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "expected the C corpus, found {files:?}");
    let c: Language = tree_sitter_c::LANGUAGE.into();
    for path in &files {
        let source = std::fs::read_to_string(path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy();
        // The corpus is meant to be clean C, so the comparison is over real trees.
        let c_tree = parse(&c, &source);
        assert!(
            !c_tree.root_node().has_error(),
            "{name}: tree-sitter-c itself reports an error:\n{}",
            c_tree.root_node().to_sexp()
        );
        assert_same_tree(&name, &source);
    }
}

const HEADERS: &[&str] = &[
    "stdio.h",
    "stdlib.h",
    "string.h",
    "math.h",
    "pthread.h",
    "sys/mman.h",
    "signal.h",
];

fn preprocess(defines: &[&str]) -> String {
    let dir = std::env::temp_dir().join(format!("tree-sitter-upc-diff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("headers.c");
    let body: String = HEADERS
        .iter()
        .map(|h| format!("#include <{h}>\n"))
        .collect();
    std::fs::write(&file, body + "int main(void) { return 0; }\n").unwrap();
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_owned());
    let output = Command::new(&cc)
        .arg("-E")
        .args(defines)
        .arg(&file)
        .output()
        .unwrap_or_else(|e| panic!("running `{cc} -E`: {e}"));
    assert!(
        output.status.success(),
        "`{cc} -E` failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
    String::from_utf8(output.stdout).expect("preprocessed headers are UTF-8")
}

#[test]
fn preprocessed_system_headers_parse_as_in_tree_sitter_c() {
    for defines in [&[][..], &["-D_GNU_SOURCE"][..], &["-P", "-std=c11"][..]] {
        let source = preprocess(defines);
        assert!(
            source.len() > 10_000,
            "suspiciously small preprocessor output"
        );
        let source = name_unnamed_bitfields(&source);
        assert_same_tree(&format!("system headers {defines:?}"), &source);
    }
}

/// tree-sitter-c does not parse unnamed bit-fields (`int :32;`, in glibc's `struct timex`
/// with `_GNU_SOURCE`), which this grammar does (`test/corpus/gnu.txt`): for the
/// comparison they get a name, `int _:32;`.
fn name_unnamed_bitfields(source: &str) -> String {
    const TYPES: &[&str] = &[
        "int", "unsigned", "signed", "long", "short", "char", "_Bool",
    ];
    let mut out = String::with_capacity(source.len());
    let mut rest = source;
    while let Some(colon) = rest.find(':') {
        let before = rest[..colon].trim_end();
        let word_start = before
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(0, |i| i + 1);
        let unnamed = TYPES.contains(&&before[word_start..]) && !rest[colon + 1..].starts_with(':');
        out.push_str(&rest[..colon]);
        if unnamed {
            out.push('_');
        }
        out.push(':');
        rest = &rest[colon + 1..];
    }
    out.push_str(rest);
    out
}
