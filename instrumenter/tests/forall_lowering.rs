//! The lowering of `upc_forall` over pointers-to-shared: which loops visit only the calling
//! thread's iterations, which pointers are addressed from local bases (with their alignment
//! checked once before the loop), when the general path is kept, and the single-valuedness
//! digest taken once per loop.  (Run-time behaviour of the same cases: the compatibility
//! program `forall_pts_fast`.)

mod common;

use common::{build_program, run_with_timeout};
use instrumenter::lower::{translate, Checks, Options};
use std::process::Command;
use std::time::Duration;

fn opts(checked: bool) -> Options {
    Options {
        static_threads: Some(4),
        checks: Checks {
            args: checked,
            deadlock: checked,
            ..Checks::default()
        },
        ..Options::default()
    }
}

/// Declarations before main (the translator reads preprocessed text: N stands for 100).
const PRELUDE: &str = "shared double *a, *b, *c;\nshared [4] double *x, *y;\nshared double A[100*THREADS];\nint f(int);\n";

/// The C text of `body` (statements of main) after the prelude.
fn lower(body: &str, checked: bool) -> String {
    let body = body.replace('N', "100");
    let src = format!("{PRELUDE}int main(void) {{ long j; double s = 3;\n{body}\nreturn 0; }}\n");
    match translate(src, "t.upc", &opts(checked)) {
        Ok(out) => out.c_text,
        Err(d) => panic!(
            "translation failed: {:?}",
            d.iter().map(|x| x.to_string()).collect::<Vec<_>>()
        ),
    }
}

/// The generated text of main only (the prelude's declarations are left out).
fn main_text(c: &str) -> &str {
    let at = c.find("upcr_user_main").expect("main");
    &c[at..]
}

/// The local base of pointer `p` declared for a controlling loop.
fn has_base(c: &str, p: &str) -> bool {
    main_text(c).match_indices("char *__upc_li").any(|(i, _)| {
        let rest = &main_text(c)[i + 5..];
        let name = rest.split_whitespace().next().unwrap_or("");
        name.ends_with(&format!("_{p}"))
    })
}

#[test]
fn co_aligned_pointers_are_addressed_from_local_bases() {
    let c = lower(
        "upc_forall (j = 0; j < N; j++; &a[j]) a[j] = b[j] + s * c[j];",
        false,
    );
    let m = main_text(&c);
    for p in ["a", "b", "c"] {
        assert!(has_base(&c, p), "no local base for {p}:\n{m}");
    }
    // b and c are checked against a once, before the loop
    assert_eq!(
        m.matches("(b).thread == (a).thread && (b).phase == (a).phase")
            .count(),
        1,
        "{m}"
    );
    assert_eq!(
        m.matches("(c).thread == (a).thread && (c).phase == (a).phase")
            .count(),
        1,
        "{m}"
    );
    // no per-iteration affinity test
    assert!(!m.contains("upcr_mythread) continue"), "{m}");
}

#[test]
fn pointer_plus_index_affinity_and_local_pointers() {
    let c = lower(
        "shared [4] double *p = x + 5, *q = y + 5;\nupc_forall (j = 0; j < N; j++; p + j) q[j] = p[j];",
        false,
    );
    assert!(has_base(&c, "p") && has_base(&c, "q"), "{}", main_text(&c));
    assert!(main_text(&c).contains("(q).thread == (p).thread && (q).phase == (p).phase"));
}

#[test]
fn integer_affinity_aligns_pointers_with_thread_zero() {
    let c = lower(
        "upc_forall (j = 0; j < N; j++; j) a[j] = A[j] + b[j];",
        false,
    );
    let m = main_text(&c);
    assert!(has_base(&c, "a") && has_base(&c, "b"), "{m}");
    assert!(m.contains("(a).thread == 0 && (a).phase == 0"), "{m}");
}

#[test]
fn a_pointer_the_body_assigns_takes_the_general_path() {
    let c = lower(
        "shared double *q = b;\nupc_forall (j = 0; j < N; j++; &a[j]) { q[j] = a[j]; q = c; }",
        false,
    );
    assert!(has_base(&c, "a"), "{}", main_text(&c));
    assert!(!has_base(&c, "q"), "{}", main_text(&c));
    // and the affinity pointer itself assigned: no strided loop at all
    let c = lower(
        "upc_forall (j = 0; j < N; j++; &a[j]) { a[j] = 1; a = b; }",
        false,
    );
    assert!(!has_base(&c, "a"));
    assert!(
        main_text(&c).contains("upcr_mythread) continue"),
        "{}",
        main_text(&c)
    );
}

#[test]
fn a_call_in_the_body_keeps_file_scope_pointers_read_at_each_access() {
    let c = lower(
        "shared double *q = c;\nupc_forall (j = 0; j < N; j++; &a[j]) { a[j] = f(1); q[j] = b[j]; }",
        false,
    );
    let m = main_text(&c);
    assert!(!has_base(&c, "a") && !has_base(&c, "b"), "{m}");
    // a pointer declared in the function keeps its base
    assert!(has_base(&c, "q"), "{m}");
    // pure math functions do not count
    let c = lower(
        "upc_forall (j = 0; j < N; j++; &a[j]) a[j] = sqrt(b[j]);",
        false,
    );
    assert!(has_base(&c, "a") && has_base(&c, "b"));
}

#[test]
fn blocked_loops_run_counted_blocks_only_with_an_invariant_bound() {
    let c = lower("upc_forall (j = 0; j < N; j++; &x[j]) x[j] = y[j];", false);
    assert!(
        main_text(&c).contains("__builtin_add_overflow"),
        "{}",
        main_text(&c)
    );
    let c = lower(
        "int n = N;\nupc_forall (j = 0; j < n; j++; &x[j]) { x[j] = y[j]; n = n; }",
        false,
    );
    assert!(
        !main_text(&c).contains("__builtin_add_overflow"),
        "{}",
        main_text(&c)
    );
    let c = lower(
        "int n = N;\nupc_forall (j = 0; j < f(n); j++; &x[j]) x[j] = y[j];",
        false,
    );
    assert!(!main_text(&c).contains("__builtin_add_overflow"));
}

#[test]
fn nested_and_stepped_loops_keep_the_general_path() {
    let c = lower(
        "upc_forall (j = 0; j < N; j++; &a[j]) { long k; upc_forall (k = 0; k < 4; k++; &b[k]) a[j] = b[k]; }",
        false,
    );
    assert!(!has_base(&c, "a"), "{}", main_text(&c));
    let c = lower(
        "upc_forall (j = N - 1; j >= 0; j--; &a[j]) a[j] = b[j];",
        false,
    );
    assert!(!has_base(&c, "a") && !has_base(&c, "b"));
}

#[test]
fn checked_digest_is_taken_once_per_loop() {
    let c = lower(
        "upc_forall (j = 0; j < N; j++; &a[j]) a[j] = b[j] + s * c[j];",
        true,
    );
    let m = main_text(&c);
    // start, bound, where the affinity's layout starts and the iteration count, in the
    // init clause of the loops (the aligned and the unaligned one), never in a body
    assert!(has_base(&c, "b"), "{m}");
    assert_eq!(m.matches("upcc_forall_summary(").count(), 2, "{m}");
    assert!(!m.contains("upcc_forall_iter("), "{m}");
    assert_eq!(m.matches("upcc_forall_begin(").count(), 1);
    assert_eq!(m.matches("upcc_forall_end(").count(), 1);
}

#[test]
fn a_pointer_stored_in_shared_memory_is_read_at_each_access() {
    let src = "shared double *shared sp;\nshared double *a;\nint main(void) { long j;\nupc_forall (j = 0; j < 100; j++; &a[j]) a[j] = sp[j];\nreturn 0; }\n";
    let c = translate(src.to_string(), "t.upc", &opts(false))
        .unwrap_or_else(|_| panic!("translation failed"))
        .c_text;
    assert!(has_base(&c, "a"), "{}", main_text(&c));
    assert!(!has_base(&c, "sp"), "{}", main_text(&c));
}

#[test]
fn constant_steps_over_block_size_one() {
    let c = lower(
        "upc_forall (j = 1; j < N; j += 3; &a[j]) a[j] = b[j];",
        false,
    );
    let m = main_text(&c);
    assert!(has_base(&c, "a") && has_base(&c, "b"), "{m}");
    assert!(m.contains("upcr_forall_first_step("), "{m}");
    // the loop over every iteration (nested in a controlling loop) keeps the step
    assert!(m.contains("j += 3)"), "{m}");
    // a blocked layout keeps the general path
    let c = lower(
        "upc_forall (j = 1; j < N; j += 3; &x[j]) x[j] = y[j];",
        false,
    );
    assert!(!has_base(&c, "x"));
    assert!(!main_text(&c).contains("upcr_forall_first_step("));
}

/// A search loop of the kind a plain UPC compiler leaves alone: `break` out of a body, a
/// `return` out of a loop in a function and a `goto` out of one.  Undefined by UPC (a
/// checked build reports each), but compilers leave the loop; the translation runs the
/// body inside loops of its own, and a jump out of it must not resume them, and must not
/// leave the next loops non-controlling.
#[test]
fn jumps_out_of_bodies_leave_the_loop_unchecked() {
    const SRC: &str = r#"#include <upc.h>
#include <stdio.h>
shared int v[4*THREADS];
shared int w[4*THREADS];

static int find(int x)
{
    int i;
    upc_forall (i = 0; i < 4*THREADS; i++; &v[i])
        if (v[i] == x)
            return i;           /* found on this thread */
    return -1;
}

int main(void)
{
    int i, n = 0, m = 0, g = 0, ok = 1;
    upc_forall (i = 0; i < 4*THREADS; i++; &v[i])
        v[i] = i;
    upc_barrier;
    upc_forall (i = 0; i < 4*THREADS; i++; &v[i]) {
        n++;
        if (i >= 2) break;
    }
    if (n != 1 && n != 2 && n != 3) ok = 0;
    (void)find(5);
    /* after the return out of find's loop, this one must still control */
    upc_forall (i = 0; i < 4*THREADS; i++; &w[i])
        m++;
    if (m != 4) ok = 0;
    upc_forall (i = 0; i < 4*THREADS; i++; i) {
        if (i > 4) goto out;
        g++;
    }
out:
    upc_forall (i = 0; i < 4*THREADS; i++; i)
        m++;
    if (m != 8) ok = 0;
    printf("t%d: n=%d i=%d m=%d %s\n", MYTHREAD, n, i, m, ok ? "PASS" : "FAIL");
    upc_barrier;
    return !ok;
}
"#;
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(
        dir.path(),
        "jumps",
        SRC,
        &["-O2", "--upccheck:-a", "--upccheck:-d"],
    );
    for threads in [1, 2, 3] {
        let mut cmd = Command::new(&exe);
        cmd.env("UPC_THREADS", threads.to_string());
        let out = run_with_timeout(cmd, Duration::from_secs(60));
        assert!(
            out.success() && out.stdout.matches("PASS").count() == threads,
            "THREADS={threads}:\n{}{}",
            out.stdout,
            out.stderr
        );
    }
}

/// With many threads, a thread's first iteration of a loop running up to the limit of its
/// index's type can lie past that limit: the thread has none (it used to wrap around and run
/// 2^32 / (THREADS * step) iterations).  Checked and unchecked, step 1 and step 3, at thread
/// counts beyond the loops' lengths.
#[test]
fn a_first_iteration_past_the_index_type_means_none() {
    const SRC: &str = r#"#include <upc.h>
#include <stdio.h>
#include <limits.h>
int main(void)
{
    long n1 = 0, w1 = 0, n3 = 0, w3 = 0;
    int i;
    upc_forall (i = INT_MAX - 17; i < INT_MAX; i++; i)
        n1++;
    for (i = INT_MAX - 17; i < INT_MAX; i++)
        if (i % THREADS == MYTHREAD) w1++;
    upc_forall (int j = INT_MAX - 30; j < INT_MAX; j += 3; j)
        n3++;
    for (int j = INT_MAX - 30; j < INT_MAX; j += 3)
        if (j % THREADS == MYTHREAD) w3++;
    printf("t%d: %s\n", MYTHREAD, n1 == w1 && n3 == w3 ? "PASS" : "FAIL");
    return 0;
}
"#;
    let dir = tempfile::tempdir().unwrap();
    for (name, flags) in [
        ("limits_chk", &["-O2"][..]),
        (
            "limits_nochk",
            &["-O2", "--upccheck:-a", "--upccheck:-d"][..],
        ),
    ] {
        let exe = build_program(dir.path(), name, SRC, flags);
        for threads in [16, 32, 48] {
            let mut cmd = Command::new(&exe);
            cmd.env("UPC_THREADS", threads.to_string());
            let out = run_with_timeout(cmd, Duration::from_secs(120));
            assert!(
                out.success() && out.stdout.matches("PASS").count() == threads,
                "{name} THREADS={threads}:\n{}{}",
                out.stdout,
                out.stderr
            );
        }
    }
}
