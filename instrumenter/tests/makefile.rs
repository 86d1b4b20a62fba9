//! An ordinary multi-file Makefile project builds with `make CC='upc-check -T 4'` and runs.

use std::process::Command;

#[test]
fn make_with_upc_check_as_cc() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/makefile-project");
    let dir = tempfile::tempdir().unwrap();
    for f in ["Makefile", "grid.h", "grid.upc", "main.upc"] {
        std::fs::copy(src.join(f), dir.path().join(f)).unwrap();
    }
    let cc = format!("{} -T 4", env!("CARGO_BIN_EXE_upc-check"));
    let out = Command::new("make")
        .current_dir(dir.path())
        .arg(format!("CC={cc}"))
        .output()
        .expect("make");
    assert!(
        out.status.success(),
        "make failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let run = Command::new(dir.path().join("heat")).output().unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(stdout.starts_with("threads=4 steps="), "{stdout}");
    // the heat has spread from the hot end: grid[1] is warm, not 0 and not 100
    let g1: f64 = stdout.trim().rsplit('=').next().unwrap().parse().unwrap();
    assert!(g1 > 1.0 && g1 < 100.0, "{stdout}");
}
