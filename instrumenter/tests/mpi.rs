//! The MPI conduit end to end: `upc-check -network=mpi` builds, `upcrun` starts the build with
//! mpirun (THREADS = processes), the compiled THREADS must match, a thread killed by a signal
//! is reported with the status of every thread and ends the job, `upc_global_exit` ends it with
//! its status, and nothing of the job is left behind.  Where upc-check was built without the
//! MPI conduit, the tests that run MPI jobs say so and pass without running; the message of the
//! driver when the conduit is missing is tested everywhere.

mod common;

use common::{build_program, find_runtime_library, mpi_conduit, mpi_env, upc_check, upcrun};
use std::path::Path;
use std::process::Command;

/// Whether MPI jobs can run here; prints why not.
fn have_mpi(test: &str) -> bool {
    match mpi_conduit() {
        Ok(()) => true,
        Err(why) => {
            eprintln!("{test}: skipped (no MPI conduit): {why}");
            false
        }
    }
}

const PROGRAM: &str = r#"
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
shared int a[THREADS];
shared int sum;
upc_lock_t *lk;
int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "";
    a[MYTHREAD] = MYTHREAD + 1;
    lk = upc_all_lock_alloc();
    upc_barrier;
    if (!strcmp(what, "segv") && MYTHREAD == THREADS - 1)
        raise(SIGSEGV);
    if (!strcmp(what, "exit") && MYTHREAD == 0)
        upc_global_exit(5);
    upc_lock(lk);
    sum += a[(MYTHREAD + 1) % THREADS];
    upc_unlock(lk);
    upc_barrier;
    if (MYTHREAD == 0)
        printf("threads %d sum %d\n", THREADS, sum);
    return 0;
}
"#;

/// `upcrun -n threads exe args`: (exit status, stdout, stderr).
fn upcrun_job(dir: &Path, exe: &Path, threads: u32, args: &[&str]) -> (i32, String, String) {
    let mut cmd = Command::new(upcrun());
    mpi_env(&mut cmd)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env_remove("UPC_THREADS")
        .arg("-n")
        .arg(threads.to_string())
        .arg(exe)
        .args(args);
    let out = cmd.output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn threads_are_the_processes_of_the_mpi_job() {
    if !have_mpi("threads_are_the_processes_of_the_mpi_job") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "sum", PROGRAM, &["-network=mpi"]);
    for t in [1u32, 2, 3, 5] {
        let (rc, out, err) = upcrun_job(dir.path(), &exe, t, &[]);
        let want = t * (t + 1) / 2;
        assert_eq!(rc, 0, "THREADS={t}: {err}");
        assert_eq!(
            out,
            format!("threads {t} sum {want}\n"),
            "THREADS={t}: {err}"
        );
        // every rank has the address-space layout of thread 0 (see pgas/mpi/src/shim.c)
        assert!(!err.contains("warning"), "THREADS={t}: {err}");
    }
}

#[test]
fn upcrun_passes_launcher_options_to_mpirun() {
    if !have_mpi("upcrun_passes_launcher_options_to_mpirun") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "tagged", PROGRAM, &["-network=mpi"]);
    // mpirun's --tag-output prefixes every line with the rank it comes from
    let (rc, out, err) = upcrun_job(dir.path(), &exe, 2, &[]);
    assert_eq!((rc, out.as_str()), (0, "threads 2 sum 3\n"), "{err}");
    let mut cmd = Command::new(upcrun());
    mpi_env(&mut cmd)
        .current_dir(dir.path())
        .args(["-n", "2", "--launcher-args", "--tag-output"])
        .arg(&exe);
    let out = cmd.output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(
        text.lines()
            .any(|l| l.ends_with("<stdout>:threads 2 sum 3")),
        "{text}"
    );
}

#[test]
fn upcrun_refuses_nodes_for_an_smp_build() {
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "smp", "int main(void) { return 0; }\n", &[]);
    let out = Command::new(upcrun())
        .args(["-n", "2", "-N", "2"])
        .arg(&exe)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("was built for one machine (-network=smp)"),
        "{err}"
    );
    let out = Command::new(upcrun())
        .args(["-n", "2", "-N", "1"])
        .arg(&exe)
        .output()
        .unwrap();
    assert!(out.status.success());
}

#[test]
fn a_static_thread_count_must_match_the_job() {
    if !have_mpi("a_static_thread_count_must_match_the_job") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "sum3", PROGRAM, &["-network=mpi", "-T", "3"]);
    let (rc, out, _) = upcrun_job(dir.path(), &exe, 3, &[]);
    assert_eq!((rc, out.as_str()), (0, "threads 3 sum 6\n"));
    let (rc, out, err) = upcrun_job(dir.path(), &exe, 2, &[]);
    assert_ne!(rc, 0);
    assert_eq!(out, "");
    assert!(
        err.contains("compiled for THREADS=3 (-T 3) but the MPI job has 2 processes"),
        "{err}"
    );
}

#[test]
fn a_thread_killed_by_a_signal_is_reported_and_ends_the_job() {
    if !have_mpi("a_thread_killed_by_a_signal_is_reported_and_ends_the_job") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "segv", PROGRAM, &["-network=mpi"]);
    let (rc, out, err) = upcrun_job(dir.path(), &exe, 3, &["segv"]);
    assert_eq!(rc, 128 + 11, "{err}");
    assert_eq!(out, "");
    assert!(
        err.contains("upc-check: error: thread 2 (pid ")
            && err.contains("was killed by signal SIGSEGV"),
        "{err}"
    );
    assert!(err.contains("Status of every thread:"), "{err}");
    assert!(err.contains("Thread 2 killed by signal SIGSEGV"), "{err}");
    assert_no_process_left(&exe);
}

#[test]
fn upc_global_exit_ends_every_thread_with_its_status() {
    if !have_mpi("upc_global_exit_ends_every_thread_with_its_status") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "gexit", PROGRAM, &["-network=mpi"]);
    let (rc, out, err) = upcrun_job(dir.path(), &exe, 4, &["exit"]);
    assert_eq!(rc, 5, "{err}");
    assert_eq!(out, "");
    assert_no_process_left(&exe);
}

/// A thread ended from outside (SIGTERM, what the launcher sends every thread when it ends the
/// job, e.g. on Ctrl-C) prints where every thread is before it goes.  (When mpirun itself ends
/// the job it may stop forwarding output first, so the test signals one thread directly.)
#[test]
fn a_thread_ended_from_outside_shows_where_every_thread_is() {
    if !have_mpi("a_thread_ended_from_outside_shows_where_every_thread_is") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let src = "#include <upc.h>\n#include <unistd.h>\nint main(void)\n{\n    if (MYTHREAD == 0)\n        sleep(60);\n    upc_barrier;\n    return 0;\n}\n";
    let exe = build_program(dir.path(), "hung", src, &["-network=mpi"]);
    let mut cmd = Command::new(upcrun());
    mpi_env(&mut cmd)
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .args(["-n", "3"])
        .arg(&exe)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped());
    let child = cmd.spawn().unwrap();
    // until the three threads run (threads 1 and 2 then wait at the barrier)
    let start = std::time::Instant::now();
    let threads = loop {
        let pids = job_processes(&exe);
        if pids.len() == 3 || start.elapsed().as_secs() > 30 {
            break pids;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    assert_eq!(threads.len(), 3, "the job did not start");
    std::thread::sleep(std::time::Duration::from_secs(2));
    // SAFETY: a signal to one process of the job this test started.
    unsafe { libc::kill(threads[0], libc::SIGTERM) };
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert_eq!(
        err.matches("the job is being ended from outside").count(),
        1,
        "{err}"
    );
    assert!(err.contains("Thread 0 executing"), "{err}");
    assert!(
        err.contains("Thread 1 waiting at upc_barrier : line 7 : file hung.upc"),
        "{err}"
    );
    assert_no_process_left(&exe);
}

/// The processes running `exe`.
fn job_processes(exe: &Path) -> Vec<i32> {
    let exe = exe.canonicalize().unwrap();
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter(|e| std::fs::read_link(e.path().join("exe")).is_ok_and(|t| t == exe))
        .filter_map(|e| e.file_name().to_str()?.parse().ok())
        .collect()
}

/// No process runs `exe` any more (the launcher has reaped the job when upcrun returns).
fn assert_no_process_left(exe: &Path) {
    let exe = exe.canonicalize().unwrap();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        if let Ok(target) = std::fs::read_link(e.path().join("exe")) {
            assert_ne!(
                target,
                exe,
                "process {:?} of the job is still there",
                e.file_name()
            );
        }
    }
}

/// An installation whose libpgas_mpi.a has no conduit (the stub built without Open MPI or
/// libclang): the driver says the MPI conduit is not installed and how to get it.
#[test]
fn without_the_conduit_the_driver_says_how_to_get_it() {
    let runtime = find_runtime_library().unwrap();
    let home = tempfile::tempdir().unwrap();
    let lib = home.path().join("lib");
    std::fs::create_dir(&lib).unwrap();
    std::os::unix::fs::symlink(&runtime, lib.join("libcheckrt.a")).unwrap();
    // an archive without the conduit's marker symbol
    std::os::unix::fs::symlink(&runtime, lib.join("libpgas_mpi.a")).unwrap();
    std::os::unix::fs::symlink(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../pgas/include"),
        home.path().join("include"),
    )
    .unwrap();
    std::fs::write(home.path().join("p.upc"), "int main(void) { return 0; }\n").unwrap();
    let out = Command::new(upc_check())
        .current_dir(home.path())
        .env("UPCCHECK_HOME", home.path())
        .args(["-network=mpi", "-o", "p", "p.upc"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.starts_with("upc-check: error: the MPI conduit is not installed")
            && err.contains("apt-get install libopenmpi-dev openmpi-bin libclang-dev"),
        "{err}"
    );
    assert!(!home.path().join("p").exists());
}

#[test]
fn race_checking_is_refused_with_the_mpi_conduit() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("p.upc"), "int main(void) { return 0; }\n").unwrap();
    let out = Command::new(upc_check())
        .current_dir(dir.path())
        .args(["-network=mpi", "--upccheck:-r", "-o", "p", "p.upc"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("race checking (--upccheck:-r) is not available with -network=mpi"));
}
