//! Tree-sitter grammar for UPC (Unified Parallel C 1.3), as an extension of
//! tree-sitter-c.
//!
//! The grammar lives in `grammar.js` (which `require`s tree-sitter-c's and
//! overrides rules as "original plus UPC"); the generated `src/parser.c` is
//! committed and compiled by `build.rs`. Plain C parses to the same tree as
//! tree-sitter-c 0.24.1.
//!
//! UPC node kinds and fields:
//!
//! * `type_qualifier` may contain `strict`, `relaxed` or a `shared_qualifier`
//!   node: `shared` plus an optional `layout_qualifier` (`[` `size:`expr? `]`,
//!   or `[` `*` `]` with an anonymous `*` child).
//! * `upc_forall_statement` with fields `initializer`, `condition`, `update`,
//!   `affinity` (an expression or an `affinity_continue` node) and `body`.
//! * `upc_sync_statement` with fields `kind` (`upc_barrier`, `upc_notify`,
//!   `upc_wait`) and optional `value`.
//! * `upc_fence_statement`.
//! * `upc_sizeof_expression` with fields `operator` (`upc_localsizeof`,
//!   `upc_blocksizeof`, `upc_elemsizeof`) and either `type` or `value`.
//!
//! `MYTHREAD`, `THREADS` and `UPC_MAX_BLOCK_SIZE` are plain identifiers.
//! The UPC keywords (`shared`, `strict`, `relaxed`, `upc_forall`, ...) are
//! reserved where their construct can appear, so C code that uses them as
//! names is the one place where this grammar and tree-sitter-c differ.
//! As with any tree-sitter grammar, input that cannot be recovered may give
//! an `ERROR` root instead of `translation_unit`.
//!
//! ```
//! let mut parser = tree_sitter::Parser::new();
//! parser.set_language(&tree_sitter_upc::language()).unwrap();
//! let tree = parser.parse("shared [4] int a[4*THREADS];", None).unwrap();
//! assert!(!tree.root_node().has_error());
//! ```

use tree_sitter_language::LanguageFn;

extern "C" {
    fn tree_sitter_upc() -> *const ();
}

/// The tree-sitter [`LanguageFn`] for UPC, for crates that take a
/// `LanguageFn` (`tree_sitter::Language::new(LANGUAGE)` or `.into()`).
// SAFETY: `tree_sitter_upc` is the generated parser's entry point; it returns
// a pointer to a static `TSLanguage` that lives for the whole program.
pub const LANGUAGE: LanguageFn = unsafe { LanguageFn::from_raw(tree_sitter_upc) };

/// The UPC [`tree_sitter::Language`], ready for `Parser::set_language`.
pub fn language() -> tree_sitter::Language {
    tree_sitter::Language::new(LANGUAGE)
}

/// The content of `src/node-types.json`: every node kind, its fields and
/// children.
pub const NODE_TYPES: &str = include_str!("node-types.json");

#[cfg(test)]
mod tests {
    #[test]
    fn loads_the_grammar() {
        let mut parser = tree_sitter::Parser::new();
        parser
            .set_language(&super::language())
            .expect("the UPC grammar's ABI is supported by the tree-sitter crate");
        let tree = parser
            .parse("int main(void) { upc_barrier; }", None)
            .unwrap();
        assert!(
            !tree.root_node().has_error(),
            "{}",
            tree.root_node().to_sexp()
        );
    }

    #[test]
    fn node_types_is_json_listing_upc_nodes() {
        assert!(super::NODE_TYPES.trim_start().starts_with('['));
        for kind in [
            "shared_qualifier",
            "layout_qualifier",
            "upc_forall_statement",
            "affinity_continue",
            "upc_sync_statement",
            "upc_fence_statement",
            "upc_sizeof_expression",
        ] {
            assert!(super::NODE_TYPES.contains(&format!("\"{kind}\"")), "{kind}");
        }
    }
}
