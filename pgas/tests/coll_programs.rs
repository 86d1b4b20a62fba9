//! Runs the C conformance programs of tests/coll (collectives and UPC-IO through the C
//! ABI) as real jobs — one process per UPC thread — for THREADS 1, 3, 4, 8 and 16.
//! Each program checks its own results and exits non-zero on the first wrong value.

use std::path::PathBuf;
use std::process::{Command, Stdio};

fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn build(name: &str) -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let lib = exe.parent().unwrap().parent().unwrap().join("libpgas.a");
    assert!(lib.exists(), "{} not built", lib.display());
    let dir = std::env::temp_dir().join(format!("pgas-coll-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out_exe = dir.join(name);
    let out = Command::new("cc")
        .args(["-O2", "-Wall", "-Werror", "-Wno-unused-function"])
        .arg("-I")
        .arg(manifest().join("include"))
        .arg("-I")
        .arg(manifest().join("tests/c"))
        .arg("-o")
        .arg(&out_exe)
        .arg(manifest().join("tests/coll").join(format!("{name}.c")))
        .arg(&lib)
        .args(["-lpthread", "-ldl", "-lm", "-lrt"])
        .output()
        .expect("cc");
    assert!(
        out.status.success(),
        "cc {name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out_exe
}

fn run_all(name: &str, expect: &str) {
    let exe = build(name);
    for threads in [1, 3, 4, 8, 16] {
        let out = Command::new(&exe)
            .env("UPC_THREADS", threads.to_string())
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && stdout.contains(&format!("{expect} THREADS={threads}")),
            "{name} THREADS={threads}: {:?}\n{stdout}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn collectives_all_functions_modes_types() {
    run_all("coll", "collectives ok");
}

#[test]
fn upc_io_round_trips() {
    run_all("io", "io ok");
}
