//! Ctrl-C while `upc-check test` runs a test that hangs: the runner stops the test's process
//! group (which a terminal's Ctrl-C does not reach), removes its temporary folders and exits
//! with 130.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// Whether process `pid` still exists (a zombie counts as gone).
fn alive(pid: i32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => !stat
            .rsplit(')')
            .next()
            .is_some_and(|rest| rest.trim_start().starts_with('Z')),
        Err(_) => false,
    }
}

fn wait_for(what: &str, secs: u64, mut done: impl FnMut() -> bool) {
    let t0 = Instant::now();
    while !done() {
        assert!(
            t0.elapsed() < Duration::from_secs(secs),
            "timed out waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn pids_in(dir: &Path) -> Vec<i32> {
    std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
        .collect()
}

#[test]
fn ctrl_c_stops_the_running_tests_and_removes_their_folders() {
    let work = tempfile::tempdir().unwrap();
    let tests = work.path().join("tests");
    let scratch = work.path().join("tmp"); // the runner's TMPDIR
    let pids = work.path().join("pids"); // every UPC thread writes its pid here
    for d in [&tests, &scratch, &pids] {
        std::fs::create_dir(d).unwrap();
    }
    std::fs::write(
        tests.join("hang_ok.upc"),
        r#"/* upc-check-test
 * expect: clean
 * threads: 2
 * timeout: 300
 */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(void)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%d", getenv("PID_FOLDER"), (int)getpid());
    fclose(fopen(path, "w"));
    upc_barrier;
    sleep(300);
    return 0;
}
"#,
    )
    .unwrap();
    let mut runner = Command::new(env!("CARGO_BIN_EXE_upc-check"))
        .arg("test")
        .arg(&tests)
        .env("TMPDIR", &scratch)
        .env("PID_FOLDER", &pids)
        .spawn()
        .unwrap();
    wait_for("both UPC threads to start", 240, || {
        pids_in(&pids).len() == 2
    });
    let threads = pids_in(&pids);
    assert!(threads.iter().all(|&p| alive(p)));
    // SAFETY: kill(2) on our own child.
    unsafe { libc::kill(runner.id() as i32, libc::SIGINT) };
    let status = runner.wait().unwrap();
    assert_eq!(status.code(), Some(130), "the runner's exit status");
    wait_for("the UPC threads to end", 30, || {
        threads.iter().all(|&p| !alive(p))
    });
    let left: Vec<_> = std::fs::read_dir(&scratch)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.file_name()))
        .collect();
    assert!(left.is_empty(), "temporary folders left behind: {left:?}");
}
