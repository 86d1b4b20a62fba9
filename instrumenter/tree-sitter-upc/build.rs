//! Compiles the committed, generated `src/parser.c` (there is no external
//! scanner). Regenerate it with `regenerate.sh` after editing `grammar.js`.

fn main() {
    let src_dir = std::path::Path::new("src");

    let mut c_config = cc::Build::new();
    c_config
        .std("c11")
        .include(src_dir)
        .opt_level(2)
        .warnings(false)
        .flag_if_supported("-w");

    let parser_path = src_dir.join("parser.c");
    c_config.file(&parser_path);
    println!("cargo:rerun-if-changed={}", parser_path.display());
    println!("cargo:rerun-if-changed=src/tree_sitter/parser.h");

    c_config.compile("tree-sitter-upc");
}
