//! The run-time environment variables: the list in `rules::env` (printed by
//! `--upccheck:-h`), the manual's table and the variables the runtime and the checker read
//! are the same set.

use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The `UPC_*` / `UPCCHECK_*` names read from the environment in the Rust files under `dir`:
/// string literals given to `var(`, `var_os(`, `env(` or `env_u32(`.
fn read_in(dir: &Path, found: &mut Vec<String>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            read_in(&p, found);
        } else if p.extension().is_some_and(|x| x == "rs") {
            let text = std::fs::read_to_string(&p).unwrap();
            for call in ["var(\"", "var_os(\"", "env(\"", "env_u32(\""] {
                for (i, _) in text.match_indices(call) {
                    let rest = &text[i + call.len()..];
                    let name = &rest[..rest.find('"').unwrap()];
                    if name.starts_with("UPC_") || name.starts_with("UPCCHECK_") {
                        found.push(name.to_string());
                    }
                }
            }
        }
    }
}

#[test]
fn the_variables_read_are_listed_documented_and_in_the_help() {
    let listed: Vec<&str> = rules::env::RUN_TIME.iter().map(|v| v.name).collect();
    let mut read = Vec::new();
    for d in ["pgas/src", "pgas/mpi/src", "checkrt/src"] {
        read_in(&repo().join(d), &mut read);
    }
    read.push(rules::launch::MPI_NODES.to_string());
    assert!(
        read.iter().any(|n| n == "UPCCHECK_STOP_ON_ERROR"),
        "{read:?}"
    );
    for n in &read {
        assert!(
            listed.contains(&n.as_str()),
            "{n} is read but not in rules::env::RUN_TIME"
        );
    }
    let guide = std::fs::read_to_string(repo().join("USERGUIDE.md")).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_upc-check"))
        .arg("--upccheck:-h")
        .output()
        .unwrap();
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    for n in listed {
        assert!(
            guide.contains(&format!("| `{n}` |")),
            "{n} is not in the manual's table"
        );
        assert!(help.contains(n), "{n} is not in --upccheck:-h");
    }
}
