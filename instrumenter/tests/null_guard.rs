//! The first page of every thread's part of the shared segment is a guard: a null
//! pointer-to-shared dereferenced in a build without checks stops the thread, and the monitor
//! reports `null-pointer-to-shared` with the UPC line; in a checked build the translated code
//! reports it before the access.

mod common;

use common::build_program;
use std::process::Command;

const SRC: &str = r#"#include <upc.h>
#include <stdio.h>

shared int *p;

int main(void)
{
    int k = THREADS - 1;
    p = NULL;
    if (MYTHREAD == 1)
        p[k] = 42;
    upc_barrier;
    printf("thread %d wrote through a null pointer\n", MYTHREAD);
    return 0;
}
"#;

fn run(flags: &[&str], threads: u32) -> (Option<i32>, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "null", SRC, flags);
    let out = Command::new(&exe)
        .current_dir(dir.path())
        .env("UPC_THREADS", threads.to_string())
        .env("NO_COLOR", "1")
        .env_remove("UPCCHECK_REPORT")
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn an_unchecked_build_faults_on_the_guard_page_and_names_the_line() {
    for threads in [2, 4] {
        let (code, out, err) = run(&["--upccheck:-a", "--upccheck:-d"], threads);
        assert_eq!(code, Some(128 + libc::SIGSEGV), "{err}");
        assert!(!out.contains("wrote through"), "{out}");
        assert!(
            err.contains("error[null-pointer-to-shared]: thread 1 (pid ")
                && err.contains("null pointer-to-shared dereferenced at null.upc:11 in main"),
            "{err}"
        );
        // p[THREADS-1] with block size 1 lands on thread THREADS-1's guard page
        assert!(
            err.contains(&format!("byte 0 of thread {}'s part", threads - 1)),
            "{err}"
        );
    }
}

#[test]
fn a_checked_build_reports_before_the_access() {
    let (code, _, err) = run(&[], 2);
    assert_eq!(code, Some(3), "{err}");
    assert!(
        err.contains(
            "error[null-pointer-to-shared]: thread 1: null pointer-to-shared `p` dereferenced"
        ) && err.contains("--> null.upc:11:"),
        "{err}"
    );
    assert!(
        !err.contains("SIGSEGV"),
        "reported before the access: {err}"
    );
}
