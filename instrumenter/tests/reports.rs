//! Reports end to end: a warning raised in a loop on every thread is printed once, with the
//! number of threads and calls at the end of the run; the report file holds it once with
//! its counts; `UPCCHECK_REPORT_FORMAT=sarif` and the test runner's SARIF output validate
//! against the SARIF 2.1.0 schema.

mod common;

use common::{assert_valid_sarif, build_program, run_prog};
use serde_json::{json, Value};

/// A removed function called 10 times on every thread (a warning), then an invalid
/// argument with a zero value on every thread (an error).
const LOOP: &str = r#"#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
shared int src[THREADS], dst[THREADS];
int main(void) {
    int i, n = 0;
    for (i = 0; i < 10; i++) {
        shared void *p = upc_local_alloc(2, 8);
        upc_free(p);
    }
    upc_barrier;
    upc_all_broadcast(dst, src, n * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    return 0;
}
"#;

#[test]
fn a_warning_in_a_loop_is_printed_once_and_counted() {
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "warn_loop", LOOP, &[]);
    let (code, err) = run_prog(dir.path(), &exe, 4, &[("UPCCHECK_REPORT", "report.json")]);
    assert_eq!(code, 3, "{err}");
    assert_eq!(
        err.matches("warning[questionable-argument]").count(),
        2,
        "one block and one end-of-run line: {err}"
    );
    assert_eq!(err.matches("was removed from UPC 1.3").count(), 1, "{err}");
    assert!(
        err.contains(
            "warning[questionable-argument]: upc_local_alloc at warn_loop.upc:8: raised 40 times by 4 threads (0, 1, 2, 3); shown once above"
        ),
        "{err}"
    );
    assert!(
        err.contains("invalid argument to upc_all_broadcast: nbytes = 0"),
        "{err}"
    );
    let report: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("report.json")).unwrap())
            .unwrap();
    assert_eq!(report["exit_status"], 3);
    let errors = report["errors"].as_array().unwrap();
    let warnings: Vec<&Value> = errors
        .iter()
        .filter(|f| f["kind"] == "questionable-argument")
        .collect();
    assert_eq!(warnings.len(), 1, "{report:#}");
    assert_eq!(warnings[0]["calls"], 40);
    assert_eq!(warnings[0]["threads_hit"], 4);
    assert_eq!(warnings[0]["thread_list"], json!([0, 1, 2, 3]));
    let bad = errors
        .iter()
        .find(|f| f["kind"] == "invalid-argument")
        .expect("the error is in the report");
    assert_eq!(bad["args"][0]["name"], "nbytes");
    assert_eq!(bad["args"][0]["value"], "0");
}

#[test]
fn a_program_writes_valid_sarif() {
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "warn_loop", LOOP, &[]);
    let (code, err) = run_prog(
        dir.path(),
        &exe,
        2,
        &[
            ("UPCCHECK_REPORT_FORMAT", "sarif"),
            ("UPCCHECK_REPORT", "out.sarif"),
        ],
    );
    assert_eq!(code, 3, "{err}");
    let log: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("out.sarif")).unwrap())
            .unwrap();
    assert_valid_sarif(&log);
    let run = &log["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "upc-check");
    assert_eq!(run["invocations"][0]["exitCode"], 3);
    let results = run["results"].as_array().unwrap();
    let warn = results
        .iter()
        .find(|r| r["ruleId"] == "questionable-argument")
        .unwrap();
    assert_eq!(warn["level"], "warning");
    assert_eq!(warn["occurrenceCount"], 20);
    let loc = &warn["locations"][0]["physicalLocation"];
    assert_eq!(loc["artifactLocation"]["uri"], "warn_loop.upc");
    assert_eq!(loc["region"]["startLine"], 8);
    let bad = results
        .iter()
        .find(|r| r["ruleId"] == "invalid-argument")
        .unwrap();
    assert_eq!(bad["level"], "error");
    assert!(bad["message"]["text"]
        .as_str()
        .unwrap()
        .contains("invalid argument to upc_all_broadcast: nbytes = 0"));
    // the variable in the argument is a related location
    assert!(bad["relatedLocations"]
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l["physicalLocation"]["region"]["startLine"] == 6));

    // the default file name, and a clean run gives an empty valid log
    let clean = build_program(
        dir.path(),
        "clean",
        "#include <upc.h>\nint main(void) { upc_barrier; return 0; }\n",
        &[],
    );
    let (code, err) = run_prog(
        dir.path(),
        &clean,
        2,
        &[("UPCCHECK_REPORT_FORMAT", "sarif")],
    );
    assert_eq!(code, 0, "{err}");
    let log: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("upccheck.sarif")).unwrap())
            .unwrap();
    assert_valid_sarif(&log);
    assert_eq!(log["runs"][0]["results"], json!([]));
}

#[test]
fn the_test_runner_writes_valid_sarif() {
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("args");
    std::fs::create_dir(&sub).unwrap();
    std::fs::write(
        sub.join("zero_err.upc"),
        "/* upc-check-test\n * expect: invalid-argument\n * line: 10\n * threads: 2 3\n * value: nbytes = 0\n */\n#include <upc.h>\n#include <upc_collective.h>\nshared int s[THREADS], d[THREADS]; int n;\nint main(void) { upc_all_broadcast(d, s, n, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC); return 0; }\n",
    )
    .unwrap();
    std::fs::write(
        sub.join("zero_ok.upc"),
        "/* upc-check-test\n * expect: clean\n * threads: 2\n */\n#include <upc.h>\nint main(void) { upc_barrier; return 0; }\n",
    )
    .unwrap();
    // a test whose expectation is wrong: its failure is a notification
    std::fs::write(
        sub.join("wrong_err.upc"),
        "/* upc-check-test\n * expect: lock-cycle\n * line: 6\n * threads: 2\n */\n#include <upc.h>\nint main(void) { upc_barrier; return 0; }\n",
    )
    .unwrap();
    let sarif = dir.path().join("tests.sarif");
    let opts = runner_options(dir.path());
    let ok = instrumenter::testsuite::run_reporting(&opts, Some(&sarif)).unwrap();
    assert!(!ok, "the wrong expectation fails");
    let log: Value = serde_json::from_str(&std::fs::read_to_string(&sarif).unwrap()).unwrap();
    assert_valid_sarif(&log);
    let run = &log["runs"][0];
    let results = run["results"].as_array().unwrap();
    assert_eq!(
        results.len(),
        1,
        "one result for both thread counts: {results:#?}"
    );
    let r = &results[0];
    assert_eq!(r["ruleId"], "invalid-argument");
    let art = &r["locations"][0]["physicalLocation"]["artifactLocation"];
    assert_eq!(art["uri"], "args/zero_err.upc");
    assert_eq!(art["uriBaseId"], "TESTROOT");
    assert_eq!(r["properties"]["threadCounts"], json!([2, 3]));
    assert_eq!(r["properties"]["test"], "args/zero_err.upc");
    let inv = &run["invocations"][0];
    assert_eq!(inv["executionSuccessful"], false);
    let notes = inv["toolExecutionNotifications"].as_array().unwrap();
    assert_eq!(notes.len(), 1, "{notes:#?}");
    assert!(notes[0]["message"]["text"]
        .as_str()
        .unwrap()
        .starts_with("args/wrong_err.upc [T=2] missed"));
}

/// A lock cycle of two threads (the thread that reports it and the other one): the status
/// table of the report shows each thread waiting in upc_lock at its own file and line, also
/// the one whose wait the checker's dedicated lock path marked.
#[test]
fn threads_waiting_for_locks_show_their_lines() {
    const CYCLE: &str = r#"#include <upc.h>
upc_lock_t *a, *b;
int main(void)
{
    a = upc_all_lock_alloc();
    b = upc_all_lock_alloc();
    if (MYTHREAD == 0)      { upc_lock(a); upc_barrier 1; upc_lock(b); }
    else if (MYTHREAD == 1) { upc_lock(b); upc_barrier 1; upc_lock(a); }
    else upc_barrier 1;
    return 0;
}
"#;
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "cycle", CYCLE, &[]);
    let (code, err) = run_prog(dir.path(), &exe, 3, &[]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("error[lock-cycle]"), "{err}");
    for (t, line) in [(0, 7), (1, 8)] {
        let row = format!("thread {t}: waiting at upc_lock : line {line} : file cycle.upc");
        assert!(err.contains(&row), "missing {row:?} in:\n{err}");
    }
}

/// The test runner on sources and output that are not UTF-8 (a Latin-1 comment, a program
/// that prints a Latin-1 byte): the test runs, and its `stdout:` line is found; an error
/// test run with `UPCCHECK_STOP_ON_ERROR=FALSE` (the job goes on, and still ends with
/// status 3) passes.
#[test]
fn the_test_runner_takes_latin1_and_errors_that_do_not_stop() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("latin_ok.upc"),
        b"/* upc-check-test\n * expect: clean\n * threads: 2\n * stdout: result 42\n */\n/* caf\xe9 */\n#include <upc.h>\n#include <stdio.h>\nint main(void) { if (!MYTHREAD) printf(\"caf\\xe9\\nresult 42\\n\"); return 0; }\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("goes_on_err.upc"),
        "/* upc-check-test\n * expect: invalid-argument\n * line: 9\n * threads: 2\n * env: UPCCHECK_STOP_ON_ERROR=FALSE\n */\n#include <upc.h>\nshared [] int *p; int buf[4];\nint main(void) { if (!MYTHREAD) { p = (shared [] int *)upc_alloc(8); upc_memget(buf, p, 16); } upc_barrier; return 0; }\n",
    )
    .unwrap();
    let opts = runner_options(dir.path());
    assert!(instrumenter::testsuite::run_reporting(&opts, None).unwrap());
}

/// The test runner's options for the folder `dir`, with this build's upc-check.
fn runner_options(dir: &std::path::Path) -> instrumenter::testsuite::Options {
    instrumenter::testsuite::Options {
        dir: dir.to_path_buf(),
        compiler: env!("CARGO_BIN_EXE_upc-check").into(),
        junit: None,
        threads: None,
        jobs: 2,
        network: instrumenter::network::Network::Smp,
    }
}
