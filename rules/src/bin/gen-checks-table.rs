//! Writes the table of argument checks into USERGUIDE.md (between the generated-checks
//! markers), or with `--check` only reports whether it is up to date.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut check_only = false;
    let mut path: Option<PathBuf> = None;
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--check" => check_only = true,
            "-h" | "--help" => {
                println!("usage: gen-checks-table [--check] [USERGUIDE.md]");
                return ExitCode::SUCCESS;
            }
            p => path = Some(PathBuf::from(p)),
        }
    }
    let path = path.unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join("USERGUIDE.md")
    });
    let path = path.canonicalize().unwrap_or(path);
    let doc = match std::fs::read_to_string(&path) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    };
    let Some(new) = rules::table::splice(&doc) else {
        eprintln!(
            "error: {} has no `{}` ... `{}` markers",
            path.display(),
            rules::table::BEGIN,
            rules::table::END
        );
        return ExitCode::FAILURE;
    };
    if check_only {
        if new == doc {
            println!("{} is up to date", path.display());
            return ExitCode::SUCCESS;
        }
        eprintln!(
            "error: the checks table in {} differs from the catalog; \
             run `cargo run -p rules --bin gen-checks-table`",
            path.display()
        );
        return ExitCode::FAILURE;
    }
    if new != doc {
        if let Err(e) = std::fs::write(&path, new) {
            eprintln!("error: cannot write {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    }
    println!(
        "{}: {} checks on {} operations",
        path.display(),
        rules::check_count(),
        rules::OPS.len()
    );
    ExitCode::SUCCESS
}
