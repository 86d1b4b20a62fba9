//! Runs `test/corpus/*.txt` (tree-sitter's corpus format: `===` title,
//! source, `---`, expected S-expression with field names) through the Rust
//! binding, so the corpus is checked without the tree-sitter CLI; and parses
//! the whole UPC programs in `test/upc-corpus/`, which must have no
//! ERROR/MISSING nodes.

use std::path::{Path, PathBuf};

use tree_sitter::Parser;

fn files(dir: &str, ext: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no *.{ext} in {}", dir.display());
    files
}

struct Entry {
    title: String,
    source: String,
    expected: String,
}

fn is_rule(line: &str, c: char) -> bool {
    line.len() >= 3 && line.chars().all(|x| x == c)
}

fn entries(text: &str) -> Vec<Entry> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if !is_rule(lines[i], '=') {
            i += 1;
            continue;
        }
        let title = lines[i + 1].trim().to_owned();
        assert!(is_rule(lines[i + 2], '='), "malformed header at {title:?}");
        i += 3;
        let start = i;
        while !is_rule(lines[i], '-') {
            i += 1;
        }
        let source = lines[start..i].join("\n").trim_matches('\n').to_owned() + "\n";
        i += 1;
        let start = i;
        while i < lines.len() && !is_rule(lines[i], '=') {
            i += 1;
        }
        let expected = lines[start..i]
            .join(" ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        out.push(Entry {
            title,
            source,
            expected,
        });
    }
    out
}

fn parser() -> Parser {
    let mut parser = Parser::new();
    parser.set_language(&tree_sitter_upc::language()).unwrap();
    parser
}

#[test]
fn corpus_entries_match() {
    let mut parser = parser();
    let mut count = 0;
    let mut failures = Vec::new();
    for path in files("test/corpus", "txt") {
        for entry in entries(&std::fs::read_to_string(&path).unwrap()) {
            let tree = parser.parse(&entry.source, None).unwrap();
            let actual = tree.root_node().to_sexp();
            if actual != entry.expected {
                failures.push(format!(
                    "{}: {}\n  expected: {}\n  actual:   {actual}",
                    path.display(),
                    entry.title,
                    entry.expected
                ));
            }
            count += 1;
        }
    }
    assert!(count >= 20, "only {count} corpus entries found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn upc_programs_parse_cleanly() {
    let mut parser = parser();
    for path in files("test/upc-corpus", "upc") {
        let source = std::fs::read_to_string(&path).unwrap();
        let tree = parser.parse(&source, None).unwrap();
        assert!(
            !tree.root_node().has_error(),
            "{}: ERROR/MISSING:\n{}",
            path.display(),
            tree.root_node().to_sexp()
        );
    }
}
