//! Related lines end to end: a report cites where memory was freed and by which thread,
//! where a lock was allocated and its variable declared, and for a collective mismatch each
//! thread's last collective operations with the line where the threads diverged; in the
//! text, in the JSON report's `related` list and as SARIF related locations (valid against
//! the SARIF 2.1.0 schema).

mod common;

use common::{assert_valid_sarif, build_program, run_prog};
use serde_json::Value;
use std::path::Path;

fn report(dir: &Path, name: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(dir.join(name)).unwrap()).unwrap()
}

/// Thread 1 frees the buffer thread 0 allocated; thread 0 then reads it.
const FREED: &str = r#"#include <upc.h>
shared [] int *shared buf;
int main(void) {
    int x[4];
    if (MYTHREAD == 0) buf = (shared [] int *) upc_alloc(4 * sizeof(int));
    upc_barrier;
    if (MYTHREAD == 1) upc_free(buf);
    upc_barrier;
    if (MYTHREAD == 0) upc_memget(x, buf, sizeof x);
    return 0;
}
"#;

#[test]
fn use_after_free_cites_the_free_and_its_thread() {
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "freed", FREED, &[]);
    let (code, err) = run_prog(dir.path(), &exe, 2, &[("UPCCHECK_REPORT", "r.json")]);
    assert_eq!(code, 3, "{err}");
    assert!(
        err.contains(
            "= the memory `buf` points into was freed at freed.upc:7 by upc_free on thread 1"
        ),
        "{err}"
    );
    let r = report(dir.path(), "r.json");
    let f = &r["errors"][0];
    assert_eq!(f["line"], 9);
    assert_eq!(f["related"][0]["file"], "freed.upc");
    assert_eq!(f["related"][0]["line"], 7);

    // SARIF: the free is a related location
    let (code, err) = run_prog(
        dir.path(),
        &exe,
        2,
        &[
            ("UPCCHECK_REPORT", "r.sarif"),
            ("UPCCHECK_REPORT_FORMAT", "sarif"),
        ],
    );
    assert_eq!(code, 3, "{err}");
    let log = report(dir.path(), "r.sarif");
    assert_valid_sarif(&log);
    let res = &log["runs"][0]["results"][0];
    let rel = res["relatedLocations"].as_array().unwrap();
    assert!(
        rel.iter()
            .any(|l| l["physicalLocation"]["region"]["startLine"] == 7
                && l["message"]["text"]
                    .as_str()
                    .is_some_and(|t| t.contains("by upc_free on thread 1"))),
        "{res:#}"
    );
}

/// Threads 0 and 1 take two locks from upc_global_lock_alloc in opposite orders.
const CYCLE: &str = r#"#include <upc.h>
upc_lock_t *shared la;
upc_lock_t *shared lb;
int main(void) {
    if (MYTHREAD == 0) {
        la = upc_global_lock_alloc();
        lb = upc_global_lock_alloc();
    }
    upc_barrier;
    if (MYTHREAD == 0) { upc_lock(la); upc_barrier; upc_lock(lb); }
    else if (MYTHREAD == 1) { upc_lock(lb); upc_barrier; upc_lock(la); }
    else upc_barrier;
    return 0;
}
"#;

#[test]
fn a_lock_cycle_cites_where_each_lock_was_allocated() {
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "cycle", CYCLE, &[]);
    let (code, err) = run_prog(dir.path(), &exe, 2, &[("UPCCHECK_REPORT", "r.json")]);
    assert_eq!(code, 3, "{err}");
    for (var, alloc, decl) in [("la", 6, 2), ("lb", 7, 3)] {
        let want = format!(
            "lock `{var}` allocated at cycle.upc:{alloc} by upc_global_lock_alloc on thread 0 (variable '{var}' declared at cycle.upc:{decl})"
        );
        assert!(err.contains(&want), "{want}\n{err}");
    }
    let r = report(dir.path(), "r.json");
    let f = &r["errors"][0];
    assert_eq!(f["kind"], "lock-cycle");
    let lines = related_lines(f);
    assert!(lines.contains(&6) && lines.contains(&7), "{f:#}");
}

/// The lines a finding of the JSON report cites besides its own.
fn related_lines(f: &Value) -> Vec<u64> {
    f["related"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["line"].as_u64().unwrap())
        .collect()
}

/// Thread 0 runs one barrier more than the others, before a upc_forall.
const EXTRA: &str = r#"#include <upc.h>
#include <stdio.h>
shared int v[4*THREADS];
int main(void) {
    int i;
    upc_barrier;
    if (MYTHREAD == 0) {
        printf("input read\n");
        upc_barrier;
    }
    upc_forall (i = 0; i < 4*THREADS; i++; &v[i])
        v[i] = i;
    upc_barrier;
    return 0;
}
"#;

#[test]
fn a_collective_mismatch_shows_where_the_threads_diverged() {
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "extra", EXTRA, &[]);
    for threads in [2, 4] {
        let (code, err) = run_prog(dir.path(), &exe, threads, &[("UPCCHECK_REPORT", "r.json")]);
        assert_eq!(code, 3, "{err}");
        assert!(
            err.contains("collective operations of thread 0, oldest first: #1 upc_barrier at extra.upc:6, #2 upc_barrier at extra.upc:9"),
            "{err}"
        );
        assert!(err.contains("#2 the upc_forall at extra.upc:11"), "{err}");
        assert!(
            err.contains("the threads diverged at collective operation #2: thread 0 was at upc_barrier at extra.upc:9"),
            "{err}"
        );
        let r = report(dir.path(), "r.json");
        let f = &r["errors"][0];
        assert_eq!(f["kind"], "collective-mismatch");
        // the loop the others ran, and where the threads diverged
        let lines = related_lines(f);
        assert!(lines.contains(&11) && lines.contains(&9), "{f:#}");
    }
}

/// Threads that stand at different lines from the fifth collective operation on, and
/// happen to meet the same line again later: the divergence is the first step where they
/// differ, with the last one where they agreed.
#[test]
fn a_divergence_is_the_first_step_where_threads_differ() {
    const SRC: &str = r#"#include <upc.h>
int main(void)
{
    int it;
    for (it = 0; it < 6; it++) {
        if (MYTHREAD == 0 || it < 2)
            upc_barrier;
        upc_barrier;
    }
    return 0;
}
"#;
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "div", SRC, &[]);
    let (code, err) = run_prog(dir.path(), &exe, 2, &[]);
    assert_eq!(code, 3, "{err}");
    assert!(
        err.contains("the threads diverged at collective operation #5: thread 0 was at upc_barrier at div.upc:7 while thread 1 was at upc_barrier at div.upc:8; both were at upc_barrier at div.upc:8 in #4"),
        "{err}"
    );
}
