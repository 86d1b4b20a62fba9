//! Translation speed: `upc-check -c` on a large generated UPC file against `cc -c` on the C
//! it produces (the C compile alone), side by side in one run.  Prints the ratio; the target
//! is below 2.0 (translating adds less than compiling).
//!
//! Run: `cargo bench -p instrumenter --bench translate`

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

fn program(functions: usize) -> String {
    let mut s = String::from("#include <upc.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <math.h>\n");
    s.push_str("#define N 64\nshared [4] double a[N*THREADS];\nshared double b[N*THREADS];\nshared int counts[THREADS];\n");
    s.push_str("struct cell { double v; int k; };\nshared struct cell cells[THREADS];\n");
    for f in 0..functions {
        let _ = write!(
            s,
            r#"
double kernel{f}(shared [4] double *p, int n)
{{
    int i;
    double sum = 0.0;
    shared [4] double *q = p;
    upc_forall (i = 0; i < n; i++; &a[i]) {{
        a[i] = b[i] * {f}.5 + sqrt((double)i);
        sum += a[i];
    }}
    upc_barrier;
    for (i = 0; i < n && i < 16; i++) {{
        q++;
        sum += *q + p[i];
    }}
    if (MYTHREAD == {f} % THREADS) {{
        cells[MYTHREAD].v = sum;
        counts[MYTHREAD] += 1;
    }}
    upc_barrier {f};
    return sum + (double)upc_threadof(q) + (q - p);
}}
"#
        );
    }
    s.push_str("int main(void)\n{\n    double t = 0;\n");
    for f in 0..functions {
        let _ = writeln!(s, "    t += kernel{f}(&a[0], N*THREADS);");
    }
    s.push_str("    printf(\"%f\\n\", t);\n    return 0;\n}\n");
    s
}

fn time(mut cmd: Command, reps: usize) -> Duration {
    let mut best = Duration::MAX;
    for _ in 0..reps {
        let t = Instant::now();
        let out = cmd.output().expect("run");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        best = best.min(t.elapsed());
    }
    best
}

fn main() {
    let exe = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/release/upc-check");
    let exe = std::env::var("UPC_CHECK").map(Into::into).unwrap_or(exe);
    if !exe.exists() {
        eprintln!(
            "build first: cargo build --release (looked for {})",
            exe.display()
        );
        std::process::exit(1);
    }
    let dir = tempfile::tempdir().expect("tempdir");
    println!(
        "{:>9} {:>8} {:>12} {:>12} {:>7}",
        "functions", "lines", "upc-check -c", "cc -c (C)", "ratio"
    );
    for (functions, opt) in [(50, "-O0"), (200, "-O0"), (200, "-O2")] {
        let src = dir.path().join("big.upc");
        let text = program(functions);
        std::fs::write(&src, &text).expect("write");
        let mut up = Command::new(&exe);
        up.current_dir(dir.path())
            .args(["-T", "4", opt, "--keep", "-c", "big.upc", "-o", "big.o"]);
        let t_up = time(up, 3);
        let mut cc = Command::new("cc");
        cc.current_dir(dir.path()).args([
            "-c",
            "-x",
            "cpp-output",
            opt,
            "big.trans.c",
            "-o",
            "big2.o",
        ]);
        let t_cc = time(cc, 3);
        println!(
            "{:>9} {:>8} {:>10.1}ms {:>10.1}ms {:>7.2}   ({opt})",
            functions,
            text.lines().count(),
            t_up.as_secs_f64() * 1e3,
            t_cc.as_secs_f64() * 1e3,
            t_up.as_secs_f64() / t_cc.as_secs_f64()
        );
    }
}
