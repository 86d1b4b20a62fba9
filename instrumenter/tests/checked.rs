//! Checked programs end to end: the same program built checked and unchecked computes the
//! same thing; an error stops the job with status 3 and a report naming the call stack when
//! it is tracked; a dynamic-THREADS program refuses to start without a thread count.

mod common;

use std::process::Command;

use common::build_program as build;

const SUM: &str = r#"
#include <upc.h>
#include <stdio.h>
shared [3] long v[3*THREADS];
shared long total;
upc_lock_t *lock;
int main(void) {
    int i;
    lock = upc_all_lock_alloc();
    upc_forall (i = 0; i < 3*THREADS; i++; &v[i]) v[i] = i * i;
    upc_barrier;
    long mine = 0;
    upc_forall (i = 0; i < 3*THREADS; i++; i) mine += v[i];
    upc_lock(lock);
    total += mine;
    upc_unlock(lock);
    upc_barrier;
    if (MYTHREAD == 0) printf("total %ld\n", total);
    return 0;
}
"#;

#[test]
fn checked_and_unchecked_builds_agree() {
    let dir = tempfile::tempdir().unwrap();
    let checked = build(dir.path(), "sum_checked", SUM, &[]);
    let plain = build(
        dir.path(),
        "sum_plain",
        SUM,
        &["--upccheck:-a", "--upccheck:-d"],
    );
    for t in [1u32, 2, 5] {
        let n = 3 * t as i64;
        let want = format!("total {}\n", (0..n).map(|i| i * i).sum::<i64>());
        for exe in [&checked, &plain] {
            let out = Command::new(exe)
                .env("UPC_THREADS", t.to_string())
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert_eq!(String::from_utf8_lossy(&out.stdout), want);
        }
    }
    // no hook at all in the unchecked build
    let syms = Command::new("nm").arg(&plain).output();
    if let Ok(syms) = syms {
        assert!(!String::from_utf8_lossy(&syms.stdout).contains("U upcc_check_entry"));
    }
}

/// A UPC library function named without a call is a checked wrapper in a checked build
/// (calls through the pointer are checked), and two pointers to it compare equal however
/// and wherever they were taken: in one unit, in two compiled apart, with `&`.
#[test]
fn pointers_to_a_library_function_compare_equal_across_units() {
    const MAIN: &str = r#"
#include <upc.h>
#include <stdio.h>
typedef void (*lockfn)(upc_lock_t *);
lockfn other_lock(void);
int main(void) {
    lockfn f = upc_lock, g = &upc_lock;
    upc_lock_t *l = upc_all_lock_alloc();
    other_lock()(l);
    upc_unlock(l);
    upc_barrier;
    if (MYTHREAD == 0)
        printf("%d %d %d %d\n", f == g, f == upc_lock, f == other_lock(), f != upc_unlock);
    return 0;
}
"#;
    const OTHER: &str = r#"
#include <upc.h>
typedef void (*lockfn)(upc_lock_t *);
lockfn other_lock(void);
lockfn other_lock(void) { return upc_lock; }
"#;
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("main.upc"), MAIN).unwrap();
    std::fs::write(dir.path().join("other.upc"), OTHER).unwrap();
    // each unit compiled on its own, then linked; then the program at 2 threads
    let ok = |cmd: &mut Command| {
        let out = cmd.output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        out
    };
    let driver = || {
        let mut c = Command::new(common::upc_check());
        c.current_dir(dir.path());
        c
    };
    ok(driver().args(["-Wall", "-Werror", "-c", "main.upc"]));
    ok(driver().args(["-Wall", "-Werror", "-c", "other.upc"]));
    ok(driver().args(["-o", "fp", "main.o", "other.o"]));
    let out = ok(Command::new(dir.path().join("fp")).env("UPC_THREADS", "2"));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "1 1 1 1\n");
}

#[test]
fn errors_stop_the_job_with_the_call_stack() {
    let src = r#"
#include <upc.h>
void level2(int t) { if (t != 1) upc_barrier; }
void level1(int t) { level2(t); }
int main(void) {
    level1(MYTHREAD);
    return 0;
}
"#;
    let dir = tempfile::tempdir().unwrap();
    let exe = build(dir.path(), "stack", src, &["--upccheck:-s"]);
    let report = dir.path().join("r.json");
    let out = Command::new(&exe)
        .env("UPC_THREADS", "3")
        .env("UPCCHECK_REPORT", &report)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("error[finished-while-waiting]"), "{err}");
    assert!(err.contains("stack.upc:3"), "{err}");
    assert!(err.contains("in level1 (defined at stack.upc:4)"), "{err}");
    let json: serde_json::Value = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
    assert_eq!(json["errors"][0]["kind"], "finished-while-waiting");
    assert_eq!(json["errors"][0]["line"], 3);
}

#[test]
fn dynamic_threads_need_a_count_and_static_ones_must_match() {
    let dir = tempfile::tempdir().unwrap();
    let dynamic = build(dir.path(), "dyn", SUM, &[]);
    let out = Command::new(&dynamic)
        .env_remove("UPC_THREADS")
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("UPC_THREADS"));
    let fixed = build(dir.path(), "fixed", SUM, &["-T", "2"]);
    let out = Command::new(&fixed)
        .env("UPC_THREADS", "3")
        .output()
        .unwrap();
    assert!(!out.status.success());
    let out = Command::new(&fixed)
        .env_remove("UPC_THREADS")
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "total 55\n");
    // upcrun sets the count
    let upcrun = std::path::Path::new(env!("CARGO_BIN_EXE_upcrun"));
    let out = Command::new(upcrun)
        .args(["-n", "2"])
        .arg(&dynamic)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "total 55\n");
}

#[test]
fn upcrun_takes_berkeley_upcruns_options() {
    let src = r#"
#include <upc.h>
#include <stdio.h>
int main(void) {
    shared [] char *p = (shared [] char *) upc_alloc(96u << 20);
    upc_barrier;
    if (MYTHREAD == 0) printf("%d threads, 96 MB %s\n", THREADS, p ? "allocated" : "refused");
    return 0;
}
"#;
    let dir = tempfile::tempdir().unwrap();
    let exe = build(dir.path(), "heap", src, &[]);
    let upcrun = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_upcrun"))
            .args(args)
            .arg(&exe)
            .env_remove("UPC_SHARED_HEAP_SIZE")
            .output()
            .unwrap();
        assert!(out.status.success(), "upcrun {args:?}: {out:?}");
        (
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (out, err) = upcrun(&["-q", "-n", "3", "-shared-heap", "64MB"]);
    assert_eq!(out, "3 threads, 96 MB refused\n");
    assert_eq!(err, "");
    let (out, _) = upcrun(&["-np", "2", "-shared-heap=256MB"]);
    assert_eq!(out, "2 threads, 96 MB allocated\n");
    let (out, err) = upcrun(&["-v", "-n2"]);
    assert_eq!(out, "2 threads, 96 MB allocated\n");
    assert!(
        err.starts_with("upcrun: UPC_THREADS=2 ") && err.contains("heap"),
        "{err}"
    );
}

#[test]
fn a_thread_killed_by_a_signal_ends_the_job_with_a_report() {
    let src = r#"
#include <upc.h>
#include <signal.h>
#include <unistd.h>
int main(void) {
    upc_barrier;
    if (MYTHREAD == 1) { usleep(200000); raise(SIGSEGV); }
    upc_barrier;
    return 0;
}
"#;
    let dir = tempfile::tempdir().unwrap();
    let exe = build(dir.path(), "killed", src, &[]);
    let report = dir.path().join("k.json");
    let out = Command::new(&exe)
        .env("UPC_THREADS", "3")
        .env("UPCCHECK_REPORT", &report)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(128 + 11));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("thread 1") && err.contains("SIGSEGV"), "{err}");
    assert!(err.contains("waiting at upc_barrier : line 8"), "{err}");
    let json: serde_json::Value = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
    let f = &json["errors"][0];
    assert_eq!(f["kind"], "thread-killed");
    assert_eq!(f["thread"], 1);
    assert_eq!(f["thread_status"][1]["state"], "killed");
    assert_eq!(f["thread_status"][0]["state"], "waiting");
}

/// A thread that dies of a fault in the program's own code: the report file's finding has
/// the file and line of the faulting access (as the monitor's message does).
#[test]
fn a_killed_thread_is_reported_at_its_line() {
    let src = "#include <upc.h>\nint main(void)\n{\n    int *volatile p = 0;\n    upc_barrier;\n    if (MYTHREAD == 1)\n        *p = 3;\n    upc_barrier;\n    return 0;\n}\n";
    let dir = tempfile::tempdir().unwrap();
    let exe = build(dir.path(), "segv", src, &[]);
    let report = dir.path().join("k.json");
    let out = Command::new(&exe)
        .env("UPC_THREADS", "2")
        .env("UPCCHECK_REPORT", &report)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(128 + 11));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("segv.upc:7 in main"), "{err}");
    let json: serde_json::Value = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
    let f = &json["errors"][0];
    assert_eq!(f["kind"], "thread-killed");
    assert!(f["file"].as_str().unwrap().ends_with("segv.upc"), "{f}");
    assert_eq!(f["line"], 7);
}

#[test]
fn upc_global_exit_keeps_the_other_threads_output() {
    let src = r#"
#include <upc.h>
#include <stdio.h>
#include <unistd.h>
int main(int argc, char **argv) {
    char name[512];
    snprintf(name, sizeof name, "%s/out_%d.txt", argv[1], MYTHREAD);
    FILE *f = fopen(name, "w");
    fprintf(f, "thread %d was here\n", MYTHREAD);
    printf("[%d]", MYTHREAD);
    upc_barrier;
    if (MYTHREAD == 0) { usleep(200000); upc_global_exit(7); }
    upc_barrier;
    return 0;
}
"#;
    let dir = tempfile::tempdir().unwrap();
    let exe = build(dir.path(), "gexit", src, &[]);
    let out = Command::new(&exe)
        .arg(dir.path())
        .env("UPC_THREADS", "3")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(7));
    let stdout = String::from_utf8_lossy(&out.stdout);
    for t in 0..3 {
        assert!(stdout.contains(&format!("[{t}]")), "{stdout}");
        let text = std::fs::read_to_string(dir.path().join(format!("out_{t}.txt"))).unwrap();
        assert_eq!(text, format!("thread {t} was here\n"));
    }
}
