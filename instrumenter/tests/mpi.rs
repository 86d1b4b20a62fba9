//! The MPI conduit end to end: `upc-check -network=mpi` builds, `upcrun` starts the build with
//! mpirun (THREADS = processes), the compiled THREADS must match, a thread killed by a signal
//! is reported with the status of every thread and ends the job, `upc_global_exit` ends it with
//! its status, and nothing of the job is left behind.  Where upc-check was built without the
//! MPI conduit, the tests that run MPI jobs say so and pass without running; the message of the
//! driver when the conduit is missing is tested everywhere.
//!
//! With every thread its own node (`UPC_MPI_NODES=rank`, Open MPI over TCP loopback): other
//! threads' data is reached only through MPI (the runtime's counts of remote gets and puts),
//! it is not mapped (a pointer-to-local to it faults), and waiting threads serve remote
//! accesses to their data.

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

/// `upcrun -n threads exe args` with `UPC_MPI_NODES=nodes` when given: (exit status, stdout,
/// stderr).
fn job(
    dir: &Path,
    exe: &Path,
    threads: u32,
    nodes: Option<&str>,
    args: &[&str],
) -> (i32, String, String) {
    let mut cmd = Command::new(upcrun());
    mpi_env(&mut cmd)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env_remove("UPC_THREADS")
        .arg("-n")
        .arg(threads.to_string())
        .arg(exe)
        .args(args);
    if let Some(n) = nodes {
        cmd.env("UPC_MPI_NODES", n);
    }
    let out = cmd.output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// [`job`] on one node.
fn upcrun_job(dir: &Path, exe: &Path, threads: u32, args: &[&str]) -> (i32, String, String) {
    job(dir, exe, threads, None, args)
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

/// Build a job of 3 threads where thread `sleeper` sleeps a minute before the barrier the
/// others wait at, and start it with upcrun (`UPC_MPI_NODES=nodes` when given) in a process
/// group of its own (as a shell starts a job), its standard error piped; returns once the
/// three processes run (and the others wait).
fn start_hung_job(
    dir: &Path,
    sleeper: u32,
    nodes: Option<&str>,
) -> (std::path::PathBuf, std::process::Child) {
    let src = format!(
        "#include <upc.h>\n#include <unistd.h>\nint main(void)\n{{\n    if (MYTHREAD == {sleeper})\n        sleep(60);\n    upc_barrier;\n    return 0;\n}}\n"
    );
    let exe = build_program(dir, "hung", &src, &["-network=mpi"]);
    let mut cmd = Command::new(upcrun());
    mpi_env(&mut cmd)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env_remove("UPC_THREADS")
        .args(["-n", "3"])
        .arg(&exe)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped());
    std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
    if let Some(n) = nodes {
        cmd.env("UPC_MPI_NODES", n);
    }
    let child = cmd.spawn().unwrap();
    let start = std::time::Instant::now();
    while job_processes(&exe).len() < 3 && start.elapsed().as_secs() < 30 {
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert_eq!(job_processes(&exe).len(), 3, "the job did not start");
    std::thread::sleep(std::time::Duration::from_secs(2));
    (exe, child)
}

/// A thread ended from outside (SIGTERM, what the launcher sends every thread when it ends the
/// job, e.g. on Ctrl-C, and what a time limit sends) prints where every thread is before it goes.
#[test]
fn a_thread_ended_from_outside_shows_where_every_thread_is() {
    if !have_mpi("a_thread_ended_from_outside_shows_where_every_thread_is") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (exe, child) = start_hung_job(dir.path(), 0, None);
    let threads = job_processes(&exe);
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

/// Ctrl-\\ and Ctrl-C at upcrun with every thread its own node: upcrun turns SIGQUIT into
/// SIGUSR2 for mpirun (which would end the job on SIGQUIT), thread 0 prints the status of every
/// thread, read over MPI, and the job goes on; SIGINT ends it through mpirun, whose SIGTERM makes
/// one thread print the table, again with every thread's state, and upcrun exits with 130.
#[test]
fn ctrl_backslash_and_ctrl_c_show_every_thread_across_nodes() {
    if !have_mpi("ctrl_backslash_and_ctrl_c_show_every_thread_across_nodes") {
        return;
    }
    use std::io::Read;
    use std::sync::{Arc, Mutex};
    let dir = tempfile::tempdir().unwrap();
    let (exe, mut child) = start_hung_job(dir.path(), 1, Some("rank"));
    let err = Arc::new(Mutex::new(String::new()));
    let reader = {
        let err = err.clone();
        let mut pipe = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = pipe.read(&mut buf) {
                if n == 0 {
                    break;
                }
                err.lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        })
    };
    let wait_for = |what: &str, secs: u64| {
        let start = std::time::Instant::now();
        while !err.lock().unwrap().contains(what) && start.elapsed().as_secs() < secs {
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        err.lock().unwrap().clone()
    };
    let upcrun_pid = child.id() as i32;
    // SAFETY: a signal to the upcrun this test started.
    unsafe { libc::kill(upcrun_pid, libc::SIGQUIT) };
    // the table after `head` shows every thread's state, read over MPI
    let every_thread = |text: &str, head: &str| {
        let table = text
            .split(head)
            .nth(1)
            .unwrap_or_else(|| panic!("no table after {head}: {text}"));
        for line in [
            "Thread 0 waiting at upc_barrier : line 7 : file hung.upc",
            "Thread 1 executing",
            "Thread 2 waiting at upc_barrier : line 7 : file hung.upc",
        ] {
            assert!(table.contains(line), "{line}: {text}");
        }
        assert!(!text.contains("not available"), "{text}");
    };
    let text = wait_for("Thread 2 waiting", 20);
    every_thread(
        &text,
        "status of every thread (SIGQUIT; the program continues)",
    );
    // the job goes on
    std::thread::sleep(std::time::Duration::from_millis(500));
    assert_eq!(job_processes(&exe).len(), 3, "{text}");
    assert!(child.try_wait().unwrap().is_none(), "{text}");
    // SAFETY: as above.
    unsafe { libc::kill(upcrun_pid, libc::SIGINT) };
    let status = child.wait().unwrap();
    reader.join().unwrap();
    let text = err.lock().unwrap().clone();
    assert_eq!(status.code(), Some(130), "{text}");
    every_thread(&text, "the job is being ended from outside");
    assert_no_process_left(&exe);
}

/// A thread that ends without reaching the end of the program, while the others wait at a
/// barrier, with every thread its own node: by C's `exit(3)` (through a function pointer,
/// as a plain C file calls it, not the translated `exit`), or killed by SIGKILL, which it
/// cannot report.  The report says so with the real state of every thread, as the smp
/// monitor's does (the launcher then ends the others: they must not report a job ended from
/// outside), and the job ends with the thread's status.
#[test]
fn a_thread_gone_early_is_reported_with_every_threads_state_across_nodes() {
    if !have_mpi("a_thread_gone_early_is_reported_with_every_threads_state_across_nodes") {
        return;
    }
    let src = r#"
#include <upc.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
int main(int argc, char **argv)
{
    void (*volatile quit)(int) = exit;
    upc_barrier;
    if (MYTHREAD == 1) {
        if (argc > 1 && !strcmp(argv[1], "kill"))
            raise(SIGKILL);
        quit(3);
    }
    upc_barrier;
    return 0;
}
"#;
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "gone", src, &["-network=mpi"]);
    for (how, rc, head, line1) in [
        (
            "exit",
            3,
            "upc-check: error: thread 1 (pid ",
            "Thread 1 exited with status 3",
        ),
        (
            "kill",
            128 + libc::SIGKILL,
            "upc-check: error: thread 1 (pid ",
            "Thread 1 ended without reaching the end of the program (its process is gone",
        ),
    ] {
        let (code, _, err) = job(dir.path(), &exe, 3, Some("rank"), &[how]);
        assert_eq!(code, rc, "{how}: {err}");
        assert_eq!(err.matches(head).count(), 1, "{how}: {err}");
        assert!(!err.contains("ended from outside"), "{how}: {err}");
        assert!(!err.contains("not available"), "{how}: {err}");
        for line in [
            "Thread 0 waiting at upc_barrier : line 15 : file gone.upc",
            line1,
            "Thread 2 waiting at upc_barrier : line 15 : file gone.upc",
        ] {
            assert!(err.contains(line), "{how}: {line}: {err}");
        }
        if how == "exit" {
            assert!(
                err.contains("exited with status 3 without reaching the end of the program"),
                "{err}"
            );
        }
        assert_no_process_left(&exe);
    }
}

/// Ctrl-C at a terminal, or `kill -INT` of the job's process group, reaches upcrun and mpirun
/// alike; mpirun kills the job at once, without the threads' report, on a second SIGINT or
/// SIGTERM, so upcrun must not pass the same Ctrl-C on again (mpirun runs with SIGINT
/// blocked; upcrun passes it on once, as SIGTERM).  And the threads that do not print the
/// table must not leave before the one that does has printed it (on one node the launcher
/// kills every process once one of them is gone).  Several rounds, on one node and with every
/// thread its own node: every time the table of every thread, status 130, nothing left.
#[test]
fn ctrl_c_at_the_process_group_shows_every_thread_every_time() {
    if !have_mpi("ctrl_c_at_the_process_group_shows_every_thread_every_time") {
        return;
    }
    for nodes in [None, Some("rank")] {
        for round in 0..3 {
            let dir = tempfile::tempdir().unwrap();
            let (exe, child) = start_hung_job(dir.path(), 1, nodes);
            // SAFETY: a signal to the process group of the upcrun this test started.
            unsafe { libc::kill(-(child.id() as i32), libc::SIGINT) };
            let out = child.wait_with_output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            let what = format!("nodes {nodes:?}, round {round}: {err}");
            assert_eq!(out.status.code(), Some(130), "{what}");
            assert_eq!(
                err.matches("the job is being ended from outside").count(),
                1,
                "{what}"
            );
            for line in [
                "Thread 0 waiting at upc_barrier : line 7 : file hung.upc",
                "Thread 1 executing",
                "Thread 2 waiting at upc_barrier : line 7 : file hung.upc",
            ] {
                assert!(err.contains(line), "{line}: {what}");
            }
            assert!(!err.contains("not available"), "{what}");
            assert_no_process_left(&exe);
        }
    }
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

/// Every thread of a run at `t` threads printed its line `line(thread)`.
fn assert_every_thread_says(t: u32, out: &str, err: &str, line: impl Fn(u32) -> String) {
    for me in 0..t {
        assert!(out.contains(&line(me)), "THREADS={t}: {out}{err}");
    }
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

/// A race through a pointer-to-shared (a read on one thread, a write on another, no
/// synchronization between), and its twin with a barrier between; both ends strict flags.
const RACE: &str = r#"
#include <upc.h>
#include <stdio.h>
#include <string.h>
shared int a[THREADS];
strict shared int flag;
int main(int argc, char **argv)
{
    shared int *p = &a[0];
    int seen = -1;
    a[MYTHREAD] = MYTHREAD;
    upc_barrier;
    if (MYTHREAD == 1)
        seen = *p;
    if (argc > 1 && !strcmp(argv[1], "ordered")) {
        if (MYTHREAD == 1)
            flag = 1;
        if (MYTHREAD == 0)
            while (!flag)
                ;
    }
    if (MYTHREAD == 0)
        *p = 99;
    upc_barrier;
    if (MYTHREAD == 1)
        printf("seen %d\n", seen);
    return 0;
}
"#;

/// Race checking in the MPI conduit.  On one node the shadow memory is node-shared memory
/// of the conduit (no fork), reads that go through the remote-capable path are recorded, a
/// strict flag orders across processes (its sync entry is keyed by segment offset, not by
/// the address, which differs between processes).  Over several nodes (every thread its own,
/// or two pseudo-nodes) an access to another node's data is checked by its owner's process
/// and the clocks live at thread 0's node: the same race is found, and its ordered twin runs
/// clean.
#[test]
fn race_checking_runs_in_the_mpi_conduit() {
    if !have_mpi("race_checking_runs_in_the_mpi_conduit") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "race", RACE, &["-network=mpi", "--upccheck:-r"]);
    // one node, then every thread its own node, then two pseudo-nodes
    for (t, nodes) in [
        (2u32, None),
        (3, None),
        (2, Some("rank")),
        (3, Some("rank")),
        (4, Some("2")),
    ] {
        let at = format!("THREADS={t} UPC_MPI_NODES={nodes:?}");
        let (rc, out, err) = job(dir.path(), &exe, t, nodes, &[]);
        assert_eq!(rc, 3, "{at}: {out}{err}");
        assert!(
            err.contains("error[data-race]")
                && err.contains("race.upc:14")
                && err.contains("race.upc:23"),
            "{at}: {err}"
        );
        assert_no_process_left(&exe);
        let (rc, out, err) = job(dir.path(), &exe, t, nodes, &["ordered"]);
        assert_eq!((rc, out.as_str()), (0, "seen 0\n"), "{at}: {err}");
        assert!(!err.contains("data-race"), "{at}: {err}");
    }
}

// ---- every thread its own node (UPC_MPI_NODES=rank): the remote data plane ----------------

/// [`job`] with every thread its own node (upcrun then forces Open MPI onto TCP loopback).
fn rank_job(dir: &Path, exe: &Path, threads: u32, args: &[&str]) -> (i32, String, String) {
    job(dir, exe, threads, Some("rank"), args)
}

/// `-static` with `-network=mpi` where the installed MPI has no static archive (Debian's Open
/// MPI): the driver says so before the linker fails on it.
#[test]
fn a_static_link_without_a_static_mpi_says_so() {
    if !have_mpi("a_static_link_without_a_static_mpi_says_so") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("s.upc"),
        "#include <upc.h>\nint main(void) { upc_barrier; return 0; }\n",
    )
    .unwrap();
    let out = Command::new(upc_check())
        .current_dir(dir.path())
        .args(["-network=mpi", "-static", "-o", "s", "s.upc"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    if out.status.success() {
        // an MPI with static archives: the link is the linker's business
        return;
    }
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("-static with -network=mpi: the installed MPI has no static library")
            && err.contains("build without -static")
            && !err.contains("cannot find -l"),
        "{err}"
    );
}

/// The ranks write to upcrun's terminal directly (`pgas/mpi/src/stdio.rs`) from process
/// groups that are not the terminal's foreground group: with `stty tostop` a write stops the
/// writer unless it ignores SIGTTOU. Run through `script`, which gives the job a terminal.
#[test]
fn output_to_a_terminal_with_tostop_set_does_not_stop_the_job() {
    if !have_mpi("output_to_a_terminal_with_tostop_set_does_not_stop_the_job") {
        return;
    }
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!(
            "output_to_a_terminal_with_tostop_set_does_not_stop_the_job: skipped (no script)"
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(
        dir.path(),
        "hi",
        "#include <upc.h>\n#include <stdio.h>\nint main(void)\n{\n    printf(\"hello from %d of %d\\n\", MYTHREAD, THREADS);\n    upc_barrier;\n    return 0;\n}\n",
        &["-network=mpi"],
    );
    let line = format!("stty tostop; {} -n 2 {}", upcrun().display(), exe.display());
    let mut cmd = Command::new("script");
    mpi_env(&mut cmd)
        .env_remove("UPC_THREADS")
        .args(["-qec", &line, "/dev/null"]);
    let out = common::run_with_timeout(cmd, std::time::Duration::from_secs(60));
    if !out.success() {
        // the job's processes are in the terminal's session, out of the timeout's reach
        kill_processes_of(&exe);
    }
    assert!(out.success(), "{}{}", out.stdout, out.stderr);
    for t in 0..2 {
        assert!(
            out.stdout.contains(&format!("hello from {t} of 2")),
            "{}",
            out.stdout
        );
    }
    assert_no_process_left(&exe);
}

/// SIGKILL every process that runs `exe`.
fn kill_processes_of(exe: &Path) {
    let exe = exe.canonicalize().unwrap();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        if std::fs::read_link(e.path().join("exe")).is_ok_and(|t| t == exe) {
            if let Ok(pid) = e.file_name().to_string_lossy().parse::<i32>() {
                // SAFETY: a signal to a process of this test's job.
                unsafe { libc::kill(pid, libc::SIGKILL) };
            }
        }
    }
}

/// Bit-fields of another thread's shared structure: read, written and updated; the other
/// fields of the storage unit and of the structure keep their values.
const BITFIELDS: &str = r#"
#include <upc.h>
#include <stdio.h>
struct st { unsigned lo : 3; unsigned mid : 5; signed neg : 6; unsigned hi : 18; int n; };
shared struct st s[THREADS];
int main(void)
{
    int nb = (MYTHREAD + 1) % THREADS, bad = 0;
    s[MYTHREAD].lo = 5; s[MYTHREAD].mid = MYTHREAD; s[MYTHREAD].neg = -3;
    s[MYTHREAD].hi = 1000 + MYTHREAD; s[MYTHREAD].n = 7;
    upc_barrier;
    s[nb].mid = s[nb].mid + 10;
    s[nb].neg -= 1;
    s[nb].hi++;
    upc_barrier;
    struct st m = s[MYTHREAD];
    if (m.lo != 5 || m.mid != MYTHREAD + 10 || m.neg != -4 || m.hi != 1001 + MYTHREAD || m.n != 7)
        bad = 1;
    printf("thread %d %s\n", MYTHREAD, bad ? "WRONG" : "ok");
    return 0;
}
"#;

#[test]
fn bit_fields_of_another_nodes_structure_are_read_and_written() {
    if !have_mpi("bit_fields_of_another_nodes_structure_are_read_and_written") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "bf", BITFIELDS, &["-network=mpi"]);
    for t in [1u32, 2, 3] {
        let (rc, out, err) = rank_job(dir.path(), &exe, t, &[]);
        assert_eq!(rc, 0, "THREADS={t}: {out}{err}");
        assert_every_thread_says(t, &out, &err, |i| format!("thread {i} ok\n"));
    }
    assert_no_process_left(&exe);
}

/// Thread 0 reads the last thread's element while that thread waits in a barrier; every
/// thread prints the sum and how many of its naps a ring from another node ended.
const DOORBELL: &str = r#"
#include <upc.h>
#include <stdio.h>
#include <unistd.h>
unsigned long long upcr_rma_doorbell_wakes(void);
shared long a[THREADS];
int main(void)
{
    long sum = 0;
    a[MYTHREAD] = MYTHREAD + 1;
    upc_barrier;
    if (MYTHREAD == 0) {
        usleep(20000); /* the others are napping in the barrier's wait by now */
        for (int i = 0; i < 400; i++)
            sum += a[THREADS - 1];
    }
    upc_barrier;
    printf("thread %d sum %ld wakes %llu\n", MYTHREAD, sum, upcr_rma_doorbell_wakes());
    return 0;
}
"#;

/// The wake-up of a thread that naps in a wait of the runtime, across nodes: a ring is a
/// datagram to its process (`pgas/mpi/src/doorbell.rs`); on one node it is a futex, and no
/// doorbell is made.
#[test]
fn a_thread_napping_on_another_node_is_woken_by_the_doorbell() {
    if !have_mpi("a_thread_napping_on_another_node_is_woken_by_the_doorbell") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "bell", DOORBELL, &["-network=mpi"]);
    for nodes in [Some("rank"), None] {
        let (rc, out, err) = job(dir.path(), &exe, 2, nodes, &[]);
        assert_eq!(rc, 0, "{nodes:?}: {out}{err}");
        let wakes = |t: usize| -> u64 {
            let l = out
                .lines()
                .find(|l| l.starts_with(&format!("thread {t} ")))
                .unwrap_or_else(|| panic!("{nodes:?}: no line of thread {t}: {out}{err}"));
            l.split_whitespace().last().unwrap().parse().unwrap()
        };
        assert!(out.contains("thread 0 sum 800 "), "{nodes:?}: {out}");
        if nodes.is_some() {
            // each get after a slow one rings: the target's naps end early
            assert!(wakes(1) > 0, "{out}");
        } else {
            assert_eq!((wakes(0), wakes(1)), (0, 0), "{out}");
        }
        assert_no_process_left(&exe);
    }
}

/// Reads, writes, updates (`+=`, `++`), strict accesses, a pointer-to-shared stored in
/// shared memory and the shared string functions on the neighbour's data; every thread
/// prints what it saw and how many remote gets and puts its process made.
const NEIGHBOURS: &str = r#"
#include <upc.h>
#include <upc_strict.h>
#include <stdio.h>
relaxed shared int a[THREADS];
relaxed shared [4] double d[4 * THREADS];
relaxed shared int *shared sp;
shared int flag;
typedef struct { int x; double y; } pair;
relaxed shared pair pr[THREADS];
int main(void)
{
    unsigned long long c[4];
    int nb = (MYTHREAD + 1) % THREADS;
    a[MYTHREAD] = 10 * MYTHREAD;
    pr[MYTHREAD].x = MYTHREAD;
    pr[MYTHREAD].y = 0.5;
    for (int i = 0; i < 4; i++)
        d[4 * MYTHREAD + i] = MYTHREAD + i;
    upc_barrier;
    int x = a[nb];
    a[nb] += 1;
    a[nb]++;
    ++a[nb];
    pair p = pr[nb];
    pr[nb].y += p.x;
    double buf[4];
    upc_memget(buf, &d[4 * nb], sizeof buf);
    buf[0] += 100;
    upc_memput(&d[4 * nb], buf, sizeof buf);
    upc_barrier;
    if (MYTHREAD == 0) {
        sp = &a[THREADS - 1];
        flag = 1;
    }
    upc_barrier;
    int y = *sp;
    int ok = x == 10 * nb && a[MYTHREAD] == 10 * MYTHREAD + 3 && y == 10 * (THREADS - 1) + 3
        && d[4 * MYTHREAD] == MYTHREAD + 100 && d[4 * MYTHREAD + 3] == MYTHREAD + 3 && flag == 1
        && pr[MYTHREAD].y == 0.5 + MYTHREAD;
    upcr_rma_counts(c);
    printf("thread %d %s gets %llu puts %llu\n", MYTHREAD, ok ? "ok" : "WRONG", c[0], c[2]);
    return 0;
}
"#;

#[test]
fn every_thread_its_own_node_reaches_other_threads_data_through_mpi() {
    if !have_mpi("every_thread_its_own_node_reaches_other_threads_data_through_mpi") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "nb", NEIGHBOURS, &["-network=mpi"]);
    for t in [1u32, 2, 3, 4] {
        let (rc, out, err) = rank_job(dir.path(), &exe, t, &[]);
        assert_eq!(rc, 0, "THREADS={t}: {err}");
        let mut lines: Vec<&str> = out.lines().collect();
        lines.sort();
        assert_eq!(lines.len(), t as usize, "THREADS={t}: {out}{err}");
        for (i, l) in lines.iter().enumerate() {
            let words: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(
                &words[..3],
                &["thread", &i.to_string(), "ok"],
                "THREADS={t}: {out}"
            );
            let gets: u64 = words[4].parse().unwrap();
            let puts: u64 = words[6].parse().unwrap();
            if t == 1 {
                // nothing is remote
                assert_eq!((gets, puts), (0, 0), "{l}");
            } else {
                // at least: x, the three updates and the structure read, the memget, *sp
                assert!(gets >= 7 && puts >= 5, "THREADS={t}: {l}");
            }
        }
        assert_no_process_left(&exe);
    }
    // on one node the same program makes no remote access at all
    let (rc, out, err) = upcrun_job(dir.path(), &exe, 3, &[]);
    assert_eq!(rc, 0, "{err}");
    assert_eq!(out.matches(" ok gets 0 puts 0").count(), 3, "{out}");
}

/// Another thread's data is not mapped: a pointer-to-local made (wrongly, UPC 1.3 §6.4.3) from
/// a pointer-to-shared to the neighbour's element faults, and the fault is reported.
#[test]
fn every_thread_its_own_node_does_not_map_other_threads_data() {
    if !have_mpi("every_thread_its_own_node_does_not_map_other_threads_data") {
        return;
    }
    let src = r#"
#include <upc.h>
#include <stdio.h>
shared int a[THREADS];
int main(void)
{
    int *mine = (int *)&a[MYTHREAD];
    *mine = 7;
    upc_barrier;
    if (MYTHREAD == 1) {
        int *theirs = (int *)&a[0];
        printf("read %d\n", *theirs);
    }
    upc_barrier;
    printf("thread %d done\n", MYTHREAD);
    return 0;
}
"#;
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "cast", src, &["-network=mpi"]);
    // one node: the cast reads thread 0's element
    let (rc, out, err) = upcrun_job(dir.path(), &exe, 2, &[]);
    assert_eq!(rc, 0, "{err}");
    assert!(out.contains("read 7"), "{out}");
    // every thread its own node: it is not mapped
    let (rc, out, err) = rank_job(dir.path(), &exe, 2, &[]);
    assert_eq!(rc, 128 + 11, "{out}{err}");
    assert!(!out.contains("read"), "{out}");
    assert!(
        err.contains("thread 1 (pid ") && err.contains("was killed by signal SIGSEGV"),
        "{err}"
    );
    assert_no_process_left(&exe);
}

/// A thread waiting (at a barrier, for a lock, at upc_wait) still serves the others' remote
/// accesses to its data: over TCP, MPI's one-sided communication needs the target to make
/// progress, and the runtime's waits call into MPI between bounded sleeps.
#[test]
fn waiting_threads_serve_remote_accesses() {
    if !have_mpi("waiting_threads_serve_remote_accesses") {
        return;
    }
    let src = r#"
#include <upc.h>
#include <stdio.h>
#define N 2000
shared long v[THREADS];
upc_lock_t *lk;
int main(void)
{
    long sum = 0;
    v[MYTHREAD] = MYTHREAD + 1;
    lk = upc_all_lock_alloc();
    upc_barrier;
    /* thread 0 reads thread 1's element N times while thread 1 waits at the barrier */
    if (MYTHREAD == 0)
        for (int i = 0; i < N; i++)
            sum += v[1];
    upc_barrier;
    /* ... while it waits for a lock thread 0 holds */
    if (MYTHREAD == 0) {
        upc_lock(lk);
        upc_notify;
        for (int i = 0; i < N; i++)
            v[1] += 1;
        upc_unlock(lk);
        upc_wait;
    } else {
        upc_notify;
        upc_wait;
        if (MYTHREAD == 1) {
            upc_lock(lk);
            upc_unlock(lk);
        }
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("sum %ld v1 %ld\n", sum, (long)v[1]);
    return 0;
}
"#;
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "progress", src, &["-network=mpi"]);
    for t in [2u32, 4] {
        let (rc, out, err) = rank_job(dir.path(), &exe, t, &[]);
        assert_eq!(rc, 0, "THREADS={t}: {err}");
        assert_eq!(out, "sum 4000 v1 2002\n", "THREADS={t}: {err}");
    }
}

#[test]
fn an_unknown_node_mode_is_refused() {
    if !have_mpi("an_unknown_node_mode_is_refused") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "sum", PROGRAM, &["-network=mpi"]);
    let mut cmd = Command::new(upcrun());
    mpi_env(&mut cmd)
        .current_dir(dir.path())
        .env("UPC_MPI_NODES", "socket")
        .args(["-n", "2"])
        .arg(&exe);
    let out = cmd.output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("UPC_MPI_NODES=socket: expected `host`"),
        "{err}"
    );
    assert_no_process_left(&exe);
}

/// The NAS-style kernels of the compatibility corpus (EP, IS, CG, MG, FT, class S), built by
/// their own Makefiles for the MPI conduit, verify at 4 threads, every thread its own node.
#[test]
fn nas_kernels_verify_with_every_thread_its_own_node() {
    if !have_mpi("nas_kernels_verify_with_every_thread_its_own_node") {
        return;
    }
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/compat/nas");
    let dir = tempfile::tempdir().unwrap();
    let cp = Command::new("cp")
        .arg("-R")
        .arg(format!("{}/.", src.display()))
        .arg(dir.path())
        .status()
        .unwrap();
    assert!(cp.success());
    let bindir = upc_check().parent().unwrap().to_path_buf();
    let path = format!(
        "{}:{}",
        bindir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for k in ["EP", "IS", "CG", "MG", "FT"] {
        let out = Command::new("make")
            .current_dir(dir.path())
            .env("PATH", &path)
            .env_remove("UPC_THREADS")
            .env_remove("MAKEFLAGS")
            .env_remove("MFLAGS")
            .args([k, "UPCC=upc-check -network=mpi", "NP=4", "CLASS=S"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "make {k}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let exe = dir.path().join(format!("bin/{}.S.4", k.to_lowercase()));
        let (rc, out, err) = rank_job(dir.path(), &exe, 4, &[]);
        assert_eq!(rc, 0, "{k}: {out}{err}");
        assert!(
            out.lines()
                .any(|l| l.trim() == "Verification    =               SUCCESSFUL"),
            "{k}: {out}{err}"
        );
    }
}

/// The classic examples run with every thread its own node and print what they print on one
/// node (their own checks: energy conserved, totals OK, pi).
#[test]
fn the_classic_examples_run_with_every_thread_its_own_node() {
    if !have_mpi("the_classic_examples_run_with_every_thread_its_own_node") {
        return;
    }
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/classic");
    let dir = tempfile::tempdir().unwrap();
    let mut names: Vec<_> = std::fs::read_dir(&examples)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "upc"))
        .collect();
    names.sort();
    assert!(names.len() >= 5, "{names:?}");
    for src in names {
        let name = src.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&src).unwrap();
        let exe = build_program(dir.path(), &name, &text, &["-network=mpi"]);
        for t in [2u32, 4] {
            let (rc, one_node, err) = upcrun_job(dir.path(), &exe, t, &[]);
            assert_eq!(rc, 0, "{name} THREADS={t}: {err}");
            let (rc, out, err) = rank_job(dir.path(), &exe, t, &[]);
            assert_eq!(rc, 0, "{name} THREADS={t}: {err}");
            assert_eq!(out, one_node, "{name} THREADS={t}: {err}");
            assert!(
                !out.contains("WRONG") && !out.contains("FAILED") && !out.contains("LOST"),
                "{name} THREADS={t}: {out}"
            );
        }
    }
}

/// Barriers go over MPI with every thread its own node: split-phase barriers whose values
/// agree pass (work between notify and wait, remote accesses meanwhile), and mismatched
/// values are the runtime's error with every thread's value, found by the barrier's own
/// combining operation (an unchecked build: the runtime's check alone).
#[test]
fn every_thread_its_own_node_checks_barrier_values_over_mpi() {
    if !have_mpi("every_thread_its_own_node_checks_barrier_values_over_mpi") {
        return;
    }
    let src = r#"
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
shared int v[THREADS];
int main(int argc, char **argv)
{
    for (int i = 0; i < 50; i++) {
        upc_notify i;
        v[MYTHREAD] = i;
        int other = v[(MYTHREAD + 1) % THREADS];
        upc_wait i;
        if (other > i) { printf("WRONG\n"); return 1; }
        upc_barrier;
    }
    if (MYTHREAD == 0)
        printf("agreed\n");
    upc_barrier 3;
    if (argc > 1 && argv[1][0] == 'm')
        upc_barrier (MYTHREAD == 1 ? 5 : 7);
    if (argc > 1 && argv[1][0] == 'e' && MYTHREAD == 1)
        return 0;
    upc_barrier;
    return 0;
}
"#;
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(
        dir.path(),
        "bv",
        src,
        &["-network=mpi", "--upccheck:-a", "--upccheck:-d"],
    );
    for t in [2u32, 3] {
        let (rc, out, err) = rank_job(dir.path(), &exe, t, &[]);
        assert_eq!((rc, out.as_str()), (0, "agreed\n"), "THREADS={t}: {err}");
        let (rc, out, err) = rank_job(dir.path(), &exe, t, &["mismatch"]);
        assert_ne!(rc, 0, "THREADS={t}: {out}{err}");
        assert!(
            err.contains("barrier value mismatch")
                && err.contains("thread 0: upc_notify/upc_barrier 7")
                && err.contains("thread 1: upc_notify/upc_barrier 5"),
            "THREADS={t}: {err}"
        );
    }
    // thread 1 ends while the others wait at a barrier
    let (rc, out, err) = rank_job(dir.path(), &exe, 3, &["end"]);
    assert_ne!(rc, 0, "{out}{err}");
    assert!(
        err.contains("some threads reached the end of the program")
            && err.contains("thread 1: the end of the program"),
        "{err}"
    );
}

/// `upc_atomic.h` with every thread its own node: every operation of the integer and
/// floating-point domains is one MPI atomic (MPI_Fetch_and_op, MPI_Compare_and_swap) on the
/// data window, on other threads' data and the caller's own alike; the results are those of
/// atomic operations (every update counted, one compare-and-swap wins).
#[test]
fn every_thread_its_own_node_runs_atomics_over_mpi() {
    if !have_mpi("every_thread_its_own_node_runs_atomics_over_mpi") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "atom", ATOMICS, &["-network=mpi"]);
    for t in [1u32, 2, 3, 8] {
        let (rc, out, err) = rank_job(dir.path(), &exe, t, &[]);
        assert_eq!(rc, 0, "THREADS={t}: {out}{err}");
        assert!(out.starts_with("atomics ok "), "THREADS={t}: {out}{err}");
    }
}

const ATOMICS: &str = r#"
#include <upc.h>
#include <upc_atomic.h>
#include <stdio.h>
shared long total;
shared int imin;
shared unsigned int ux;
shared double dsum;
shared float fprod;
shared long cas[THREADS];
int main(void)
{
    upc_atomicdomain_t *ld = upc_all_atomicdomain_alloc(UPC_LONG, UPC_ADD | UPC_SUB | UPC_INC | UPC_DEC | UPC_GET | UPC_SET | UPC_CSWAP, 0);
    upc_atomicdomain_t *id = upc_all_atomicdomain_alloc(UPC_INT, UPC_MIN | UPC_MAX | UPC_GET, 0);
    upc_atomicdomain_t *ud = upc_all_atomicdomain_alloc(UPC_UINT, UPC_XOR | UPC_OR | UPC_AND | UPC_GET, 0);
    upc_atomicdomain_t *dd = upc_all_atomicdomain_alloc(UPC_DOUBLE, UPC_ADD | UPC_SUB | UPC_GET, 0);
    upc_atomicdomain_t *fd = upc_all_atomicdomain_alloc(UPC_FLOAT, UPC_MULT | UPC_GET | UPC_SET, 0);
    if (MYTHREAD == 0) { imin = 1000; fprod = 1.0f; }
    upc_barrier;
    long three = 3, one = 1; int mine = 100 - MYTHREAD; unsigned bit = 1u << MYTHREAD; double h = 0.5; float two = 2.0f;
    for (int k = 0; k < 100; k++) {
        upc_atomic_relaxed(ld, NULL, UPC_ADD, &total, &three, NULL);
        upc_atomic_relaxed(ld, NULL, UPC_SUB, &total, &one, NULL);
        upc_atomic_relaxed(ld, NULL, UPC_INC, &total, NULL, NULL);
        upc_atomic_relaxed(ld, NULL, UPC_DEC, &total, NULL, NULL);
        upc_atomic_relaxed(dd, NULL, UPC_ADD, &dsum, &h, NULL);
    }
    upc_atomic_relaxed(id, NULL, UPC_MIN, &imin, &mine, NULL);
    upc_atomic_relaxed(ud, NULL, UPC_XOR, &ux, &bit, NULL);
    if (MYTHREAD < 4) upc_atomic_relaxed(fd, NULL, UPC_MULT, &fprod, &two, NULL);
    /* every thread tries to swap 0 -> its number + 1 in thread 0's slot: one wins */
    long zero = 0, me1 = MYTHREAD + 1, old = -1;
    upc_atomic_strict(ld, &old, UPC_CSWAP, &cas[0], &zero, &me1);
    long won = old == 0;
    upc_barrier;
    static shared long wins;
    upc_atomic_relaxed(ld, NULL, UPC_ADD, &wins, &won, NULL);
    upc_barrier;
    if (MYTHREAD == THREADS - 1) {
        long t, w, c; int m; unsigned u; double d; float f;
        upc_atomic_strict(ld, &t, UPC_GET, &total, NULL, NULL);
        upc_atomic_strict(ld, &w, UPC_GET, &wins, NULL, NULL);
        upc_atomic_strict(ld, &c, UPC_GET, &cas[0], NULL, NULL);
        upc_atomic_strict(id, &m, UPC_GET, &imin, NULL, NULL);
        upc_atomic_strict(ud, &u, UPC_GET, &ux, NULL, NULL);
        upc_atomic_strict(dd, &d, UPC_GET, &dsum, NULL, NULL);
        upc_atomic_strict(fd, &f, UPC_GET, &fprod, NULL, NULL);
        int T = THREADS, nf = T < 4 ? T : 4;
        int ok = t == 200L * T && w == 1 && c >= 1 && c <= T && m == 100 - (T - 1)
            && u == (T >= 32 ? ~0u : (1u << T) - 1) && d == 50.0 * T && f == (float)(1 << nf);
        printf("atomics %s total %ld wins %ld min %d ux %u dsum %g fprod %g\n", ok ? "ok" : "WRONG", t, w, m, u, d, f);
    }
    return 0;
}
"#;

/// Locks with every thread its own node: `upc_lock` gives mutual exclusion around a
/// read-modify-write of another thread's data, `upc_lock_attempt` fails while another thread
/// holds the lock and succeeds once it is free, locks of every affinity
/// (`upc_global_lock_alloc`, `upc_all_lock_alloc`) can be freed, and the lock words went
/// through MPI (the runtime's count of one-sided operations on control words).
const LOCKS: &str = r#"
#include <upc.h>
#include <stdio.h>
shared int counter;
shared int cnt[THREADS];
shared int tried[THREADS];
upc_lock_t *shared by[THREADS];
int main(void)
{
    upc_lock_t *all = upc_all_lock_alloc();
    upc_lock_t *mine = upc_global_lock_alloc();
    by[MYTHREAD] = mine;
    upc_barrier;
    /* every thread's lock guards that thread's counter */
    for (int i = 0; i < 5; i++)
        for (int t = 0; t < THREADS; t++) {
            int u = (t + MYTHREAD) % THREADS;
            upc_lock(by[u]);
            int v = cnt[u];
            for (volatile int k = 0; k < 1000; k++) ;
            cnt[u] = v + 1;
            upc_unlock(by[u]);
        }
    upc_barrier;
    int ok = cnt[MYTHREAD] == 5 * THREADS;
    for (int i = 0; i < 10; i++) {
        upc_lock(all);
        int v = counter;
        for (volatile int k = 0; k < 1000; k++) ;
        counter = v + 1;
        upc_unlock(all);
    }
    upc_barrier;
    ok = ok && counter == 10 * THREADS;
    if (MYTHREAD == 0) upc_lock(all);
    upc_barrier;
    tried[MYTHREAD] = MYTHREAD == 0 ? 0 : upc_lock_attempt(all);
    upc_barrier;
    if (MYTHREAD == 0) upc_unlock(all);
    upc_barrier;
    int got = 0;
    if (MYTHREAD == THREADS - 1) {
        got = upc_lock_attempt(all);
        if (got) upc_unlock(all);
    }
    upc_barrier;
    for (int t = 0; t < THREADS; t++) ok = ok && tried[t] == 0;
    if (MYTHREAD == THREADS - 1) ok = ok && got == 1;
    upc_lock_free(mine);
    upc_barrier;
    if (MYTHREAD == 0) upc_lock_free(all);
    printf("thread %d %s word ops %s\n", MYTHREAD, ok ? "ok" : "WRONG",
           upcr_rma_word_ops() > 0 ? "yes" : "none");
    return 0;
}
"#;

#[test]
fn every_thread_its_own_node_runs_locks_over_mpi() {
    if !have_mpi("every_thread_its_own_node_runs_locks_over_mpi") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "locks", LOCKS, &["-network=mpi"]);
    for t in [1u32, 2, 3, 4] {
        let (rc, out, err) = rank_job(dir.path(), &exe, t, &[]);
        assert_eq!(rc, 0, "THREADS={t}: {out}{err}");
        let ops = if t > 1 { "yes" } else { "none" };
        assert_every_thread_says(t, &out, &err, |me| {
            format!("thread {me} ok word ops {ops}\n")
        });
    }
    // on one node the locks stay in the shared window
    let (rc, out, err) = upcrun_job(dir.path(), &exe, 2, &[]);
    assert_eq!(rc, 0, "{out}{err}");
    assert!(out.contains("thread 1 ok word ops none\n"), "{out}{err}");
}

/// The collectives with every thread its own node: the data they move between threads goes
/// through MPI (broadcast and exchange pull with gets, gather pushes with puts), and the
/// results are right.
const COLLECTIVES: &str = r#"
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
shared [] int src[4];
shared [4] int dst[4 * THREADS];
shared [4] int mine[4 * THREADS];
shared [] int *shared all;
int main(void)
{
    unsigned long long a[4], b[4], c[4];
    if (MYTHREAD == 0) {
        for (int i = 0; i < 4; i++) src[i] = 10 + i;
        all = (shared [] int *)upc_alloc(4 * THREADS * sizeof(int));
    }
    for (int i = 0; i < 4; i++) mine[4 * MYTHREAD + i] = 100 * MYTHREAD + i;
    upc_barrier;
    upcr_rma_counts(a);
    upc_all_broadcast(dst, src, 4 * sizeof(int), UPC_IN_MYSYNC | UPC_OUT_MYSYNC);
    upcr_rma_counts(b);
    upc_all_gather(all, mine, 4 * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upcr_rma_counts(c);
    int ok = 1;
    for (int i = 0; i < 4; i++) ok = ok && dst[4 * MYTHREAD + i] == 10 + i;
    if (MYTHREAD == 0)
        for (int i = 0; i < 4 * THREADS; i++) ok = ok && all[i] == 100 * (i / 4) + i % 4;
    printf("thread %d %s broadcast gets %llu gather puts %llu\n", MYTHREAD, ok ? "ok" : "WRONG",
           b[0] - a[0], c[2] - b[2]);
    return 0;
}
"#;

#[test]
fn every_thread_its_own_node_moves_collective_data_through_mpi() {
    if !have_mpi("every_thread_its_own_node_moves_collective_data_through_mpi") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "coll", COLLECTIVES, &["-network=mpi"]);
    for t in [2u32, 4] {
        let (rc, out, err) = rank_job(dir.path(), &exe, t, &[]);
        assert_eq!(rc, 0, "THREADS={t}: {out}{err}");
        assert!(
            out.contains("thread 0 ok broadcast gets 0 gather puts 0\n"),
            "THREADS={t}: {out}{err}"
        );
        for me in 1..t {
            assert!(
                out.contains(&format!("thread {me} ok broadcast gets 1 gather puts 1\n")),
                "THREADS={t}: {out}{err}"
            );
        }
    }
}

/// Atomic operations of a `UPC_PTS` domain with every thread its own node: under a lock word
/// of the target's thread taken by MPI compare-and-swap (in its reserved area, reached through
/// the data window), one compare-and-swap among all the threads wins, and SET/GET see each
/// other; the lock words went through MPI.
const PTS_ATOMICS: &str = r#"
#include <upc.h>
#include <upc_atomic.h>
#include <stdio.h>
shared int x[THREADS];
shared int *shared slot;
shared int *shared mine[THREADS];
shared int wins;
int main(void)
{
    upc_atomicdomain_t *d = upc_all_atomicdomain_alloc(UPC_PTS, UPC_GET | UPC_SET | UPC_CSWAP, 0);
    upc_atomicdomain_t *id = upc_all_atomicdomain_alloc(UPC_INT, UPC_ADD | UPC_GET, 0);
    shared int *null = NULL, *me = &x[MYTHREAD], *old = NULL;
    unsigned long long w0 = upcr_rma_word_ops();
    upc_barrier;
    upc_atomic_strict(d, &old, UPC_CSWAP, &slot, &null, &me);
    int won = old == NULL, one = 1;
    if (won) upc_atomic_relaxed(id, NULL, UPC_ADD, &wins, &one, NULL);
    upc_atomic_relaxed(d, NULL, UPC_SET, &mine[(MYTHREAD + 1) % THREADS], &me, NULL);
    upc_barrier;
    shared int *got, *s;
    int w;
    upc_atomic_strict(d, &got, UPC_GET, &mine[MYTHREAD], NULL, NULL);
    upc_atomic_strict(d, &s, UPC_GET, &slot, NULL, NULL);
    upc_atomic_strict(id, &w, UPC_GET, &wins, NULL, NULL);
    int prev = (MYTHREAD + THREADS - 1) % THREADS;
    int ok = w == 1 && got == &x[prev] && s != NULL && upc_threadof(s) < THREADS && (!won || s == me);
    printf("thread %d %s word ops %s\n", MYTHREAD, ok ? "ok" : "WRONG",
           upcr_rma_word_ops() > w0 ? "yes" : "none");
    return 0;
}
"#;

#[test]
fn every_thread_its_own_node_runs_pointer_atomics_over_mpi() {
    if !have_mpi("every_thread_its_own_node_runs_pointer_atomics_over_mpi") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "pts", PTS_ATOMICS, &["-network=mpi"]);
    for t in [2u32, 3, 4] {
        let (rc, out, err) = rank_job(dir.path(), &exe, t, &[]);
        assert_eq!(rc, 0, "THREADS={t}: {out}{err}");
        assert_every_thread_says(t, &out, &err, |me| format!("thread {me} ok word ops yes\n"));
    }
}

/// `UPC_MPI_NODES=K`: the threads split into K pseudo-nodes of consecutive ranks; a thread
/// reads the data of a thread of its own pseudo-node directly (no MPI get) and that of
/// another pseudo-node through MPI, and the program's results do not depend on it.
const PSEUDO_NODES: &str = r#"
#include <upc.h>
#include <stdio.h>
shared int a[THREADS];
upc_lock_t *lk;
shared int sum;
int main(void)
{
    unsigned long long b[4], c[4];
    int nb = (MYTHREAD + 1) % THREADS;
    a[MYTHREAD] = 10 * MYTHREAD;
    lk = upc_all_lock_alloc();
    upc_barrier;
    upcr_rma_counts(b);
    int x = a[nb];
    upcr_rma_counts(c);
    upc_lock(lk);
    sum += x;
    upc_unlock(lk);
    upc_barrier;
    int ok = x == 10 * nb && sum == 10 * THREADS * (THREADS - 1) / 2;
    printf("thread %d %s gets %llu castable %d\n", MYTHREAD, ok ? "ok" : "WRONG", c[0] - b[0],
           upc_cast(&a[nb]) != NULL);
    return 0;
}
"#;

#[test]
fn pseudo_nodes_share_memory_inside_and_use_mpi_between() {
    if !have_mpi("pseudo_nodes_share_memory_inside_and_use_mpi_between") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "pn", PSEUDO_NODES, &["-network=mpi"]);
    // 4 threads in 2 pseudo-nodes {0, 1} {2, 3}; 6 threads in 3 {0, 1} {2, 3} {4, 5}
    for (t, k) in [(4u32, "2"), (6, "3")] {
        let (rc, so, se) = job(dir.path(), &exe, t, Some(k), &[]);
        assert_eq!(rc, 0, "THREADS={t} K={k}: {so}{se}");
        for me in 0..t {
            // the neighbour of an even thread is in its pseudo-node, of an odd one not
            let want = if me % 2 == 0 {
                "gets 0 castable 1"
            } else {
                "gets 1 castable 0"
            };
            assert!(
                so.contains(&format!("thread {me} ok {want}\n")),
                "THREADS={t} K={k}: {so}{se}"
            );
        }
    }
}

/// The checks that need another thread's metadata, with every thread its own node: thread 1
/// allocates a lock and a block; thread 0 uses the lock after thread 1 freed it, reads past the
/// end of the block, or frees the block twice.  Each gets the same verdict as on one node
/// (where the metadata is in the shared window), and the process of thread 0 read thread 1's
/// lock record and block headers through MPI (`upcr_rma_meta_ops`).
const REMOTE_METADATA: &str = r#"
#include <upc.h>
#include <stdio.h>
#include <string.h>
upc_lock_t *shared lk;
shared [] char *shared blk;
int main(int argc, char **argv)
{
    char buf[200];
    const char *what = argc > 1 ? argv[1] : "";
    if (MYTHREAD == 1) {
        lk = upc_global_lock_alloc();
        blk = (shared [] char *)upc_alloc(100);
        if (!strcmp(what, "lock"))
            upc_lock_free(lk);
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        unsigned long long m0 = upcr_rma_meta_ops();
        if (!strcmp(what, "ok")) {
            upc_lock(lk);
            upc_memget(buf, blk, 100);
            upc_unlock(lk);
            upc_free(blk);
        }
        printf("thread 0 meta ops %s\n", upcr_rma_meta_ops() > m0 ? "yes" : "none");
        fflush(stdout);
        if (!strcmp(what, "lock"))
            upc_lock(lk);
        if (!strcmp(what, "memget"))
            upc_memget(buf, blk, 150);
        if (!strcmp(what, "free")) {
            upc_free(blk);
            upc_free(blk);
        }
        printf("thread 0 went on\n");
    }
    upc_barrier;
    return 0;
}
"#;

/// The first line of the checker's report in `err` (the verdict).
fn verdict(err: &str) -> String {
    err.lines()
        .find(|l| l.starts_with("error["))
        .map(|l| l.to_string())
        .unwrap_or_default()
}

#[test]
fn every_thread_its_own_node_checks_other_threads_metadata_over_mpi() {
    if !have_mpi("every_thread_its_own_node_checks_other_threads_metadata_over_mpi") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "meta", REMOTE_METADATA, &["-network=mpi"]);
    let (rc, out, err) = rank_job(dir.path(), &exe, 2, &["ok"]);
    assert_eq!(rc, 0, "{out}{err}");
    assert!(out.contains("thread 0 meta ops yes\n"), "{out}{err}");
    assert!(out.contains("thread 0 went on\n"), "{out}{err}");
    // on one node the metadata is read in the shared window
    let (rc, out, err) = upcrun_job(dir.path(), &exe, 2, &["ok"]);
    assert_eq!(rc, 0, "{out}{err}");
    assert!(out.contains("thread 0 meta ops none\n"), "{out}{err}");
    for (what, call, says) in [
        (
            "lock",
            "upc_lock",
            "the lock `lk` was freed at meta.upc:15 by upc_lock_free on thread 1",
        ),
        ("memget", "upc_memget", "100 bytes on thread 1"),
        (
            "free",
            "upc_free",
            "was freed at meta.upc:33 by upc_free on thread 0",
        ),
    ] {
        let (rc, out, err) = rank_job(dir.path(), &exe, 2, &[what]);
        assert_ne!(rc, 0, "{what}: {out}{err}");
        assert!(!out.contains("went on"), "{what}: {out}{err}");
        let rank = verdict(&err);
        assert!(
            rank.contains(&format!("invalid argument to {call}")) && err.contains(says),
            "{what}: {out}{err}"
        );
        let (rc1, out1, err1) = upcrun_job(dir.path(), &exe, 2, &[what]);
        assert_eq!(rc1, rc, "{what}: {out1}{err1}");
        assert_eq!(
            verdict(&err1),
            rank,
            "{what}: one node against every rank its own node"
        );
    }
}

/// The runtime's own control state over MPI: collective and one-sided symmetric allocation,
/// a lock, the exit status of a thread at the normal end, and the report of a thread killed
/// by a signal, with every thread its own node (every process maps only its own part of the
/// control state and, thread 0, the job-wide one: any access to another's without MPI
/// faults).
const RUNTIME_STATE: &str = r#"
#include <upc.h>
#include <stdio.h>
#include <string.h>
#include <signal.h>
shared int *shared gp;
int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "";
    shared int *all = (shared int *)upc_all_alloc(THREADS, sizeof(int));
    upc_lock_t *lk = upc_all_lock_alloc();
    all[MYTHREAD] = MYTHREAD;
    if (MYTHREAD == THREADS - 1)
        gp = (shared int *)upc_global_alloc(THREADS, sizeof(int));
    upc_barrier;
    gp[MYTHREAD] = all[(MYTHREAD + 1) % THREADS];
    upc_lock(lk);
    upc_unlock(lk);
    upc_barrier;
    if (!strcmp(what, "segv") && MYTHREAD == THREADS - 1)
        raise(SIGSEGV);
    int ok = 1;
    for (int i = 0; i < THREADS; i++)
        ok &= gp[i] == (i + 1) % THREADS;
    printf("thread %d %s meta %s\n", MYTHREAD, ok ? "ok" : "WRONG",
           upcr_rma_meta_ops() > 0 ? "over mpi" : "none");
    upc_barrier;
    return MYTHREAD == 1 ? 3 : 0;
}
"#;

#[test]
fn the_runtime_control_state_goes_through_mpi() {
    if !have_mpi("the_runtime_control_state_goes_through_mpi") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "rts", RUNTIME_STATE, &["-network=mpi"]);
    for t in [2u32, 3] {
        let (rc, out, err) = rank_job(dir.path(), &exe, t, &[]);
        // the first non-zero status of a thread, recorded in thread 0's global area
        assert_eq!(rc, 3, "T={t}: {out}{err}");
        assert!(out.contains("thread 0 ok meta"), "T={t}: {out}{err}");
        for i in 1..t {
            // every thread but 0 reached the symmetric heap and the hand-off over MPI
            assert!(
                out.contains(&format!("thread {i} ok meta over mpi")),
                "T={t}: {out}{err}"
            );
        }
    }
    // a thread killed by a signal reports from its handler, which makes no MPI call for the
    // table: the other threads' state is not mapped there
    let (rc, out, err) = rank_job(dir.path(), &exe, 3, &["segv"]);
    assert_eq!(rc, 128 + 11, "{out}{err}");
    assert!(
        err.contains("Thread 2 killed by signal SIGSEGV")
            && err.contains("Thread 0: state not available here")
            && err.contains("Thread 1: state not available here"),
        "{out}{err}"
    );
    assert_no_process_left(&exe);
}

/// Objects compiled for different networks do not link into one program: an object compiled
/// for smp reaches shared data with plain loads and stores, which fault across nodes.
#[test]
fn objects_of_different_networks_do_not_link() {
    if !have_mpi("objects_of_different_networks_do_not_link") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("main.upc"),
        "#include <upc.h>\n#include <stdio.h>\nvoid fill(void);\nint main(void) { fill(); upc_barrier; if (!MYTHREAD) printf(\"%d\\n\", THREADS); return 0; }\n",
    )
    .unwrap();
    std::fs::write(
        d.join("fill.upc"),
        "#include <upc.h>\nshared int a[THREADS];\nvoid fill(void) { a[MYTHREAD] = 1; }\n",
    )
    .unwrap();
    let cc = |args: &[&str]| {
        Command::new(upc_check())
            .current_dir(d)
            .args(args)
            .output()
            .unwrap()
    };
    for (net, src, obj) in [
        ("-network=smp", "fill.upc", "fill-smp.o"),
        ("-network=mpi", "fill.upc", "fill-mpi.o"),
        ("-network=smp", "main.upc", "main-smp.o"),
        ("-network=mpi", "main.upc", "main-mpi.o"),
    ] {
        let out = cc(&[net, "-c", src, "-o", obj]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    for (net, objs, other) in [
        ("-network=mpi", ["main-mpi.o", "fill-smp.o"], "network_smp"),
        ("-network=smp", ["main-smp.o", "fill-mpi.o"], "network_mpi"),
    ] {
        let out = cc(&[net, "-o", "prog", objs[0], objs[1]]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{objs:?} linked");
        assert!(err.contains("compiled for different networks"), "{err}");
        assert!(err.contains(other), "{err}");
    }
    let out = cc(&["-network=mpi", "-o", "prog", "main-mpi.o", "fill-mpi.o"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (rc, out, err) = upcrun_job(d, &d.join("prog"), 2, &[]);
    assert_eq!((rc, out.as_str()), (0, "2\n"), "{err}");
}

/// `./prog -n 3` of a dynamic MPI build started without a launcher is one process: it says
/// how to start it instead of running one thread.
#[test]
fn a_thread_count_option_must_match_the_mpi_job() {
    if !have_mpi("a_thread_count_option_must_match_the_mpi_job") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "sum", PROGRAM, &["-network=mpi"]);
    let mut cmd = Command::new(&exe);
    let out = mpi_env(&mut cmd)
        .env_remove("UPC_THREADS")
        .args(["-n", "3"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("-n 3 asks for 3 threads"), "{err}");
    assert!(err.contains("upcrun -n N"), "{err}");
    let (rc, out, err) = upcrun_job(dir.path(), &exe, 3, &[]);
    assert_eq!((rc, out.as_str()), (0, "threads 3 sum 6\n"), "{err}");
}
