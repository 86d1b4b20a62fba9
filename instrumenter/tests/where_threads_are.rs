//! Where an executing thread is: the status table (Ctrl-\ and Ctrl-C of the monitor, and the
//! checker's reports) shows, for a thread that runs its own code, the UPC file, line and
//! function it is at, sampled from its program counter, and its call stack with
//! `--upccheck:-s`; the sampled thread goes on unharmed.

mod common;

use common::build_program;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Thread 1 spins on a flag in `spin_until_set`; thread 0 waits for a file `go` to appear,
/// then sets the flag; both meet at a barrier.
const SPIN: &str = r#"#include <upc.h>
#include <stdio.h>
#include <unistd.h>

strict shared int flag;

long spin_until_set(void)
{
    long n = 0;
    while (!flag)
        n++;
    return n;
}

int main(void)
{
    if (MYTHREAD == 1) {
        printf("spinning\n");
        fflush(stdout);
        spin_until_set();
        printf("thread 1 saw the flag\n");
    } else if (MYTHREAD == 0) {
        while (access("go", F_OK) != 0)
            usleep(20000);
        flag = 1;
    }
    upc_barrier;
    return 0;
}
"#;

/// The line of `needle` in `src` (1-based).
fn line_of(src: &str, needle: &str) -> usize {
    src.lines().position(|l| l.contains(needle)).unwrap() + 1
}

struct Job(Child);

impl Drop for Job {
    fn drop(&mut self) {
        // the monitor's death takes the threads with it (PR_SET_PDEATHSIG)
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn start(dir: &Path, exe: &Path) -> (Job, std::sync::mpsc::Receiver<String>) {
    let _ = std::fs::remove_file(dir.join("go"));
    let mut child = Command::new(exe)
        .current_dir(dir)
        .env("UPC_THREADS", "2")
        .env("NO_COLOR", "1")
        .env_remove("UPCCHECK_REPORT")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for l in BufReader::new(out).lines().map_while(Result::ok) {
            let _ = tx.send(l);
        }
    });
    (Job(child), rx)
}

fn wait_line(rx: &std::sync::mpsc::Receiver<String>, want: &str) -> Vec<String> {
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut seen = Vec::new();
    while Instant::now() < deadline {
        if let Ok(l) = rx.recv_timeout(Duration::from_millis(100)) {
            let hit = l.contains(want);
            seen.push(l);
            if hit {
                return seen;
            }
        }
    }
    panic!("no line `{want}` in the output: {seen:?}");
}

fn signal(job: &Job, sig: i32) {
    // SAFETY: a signal to the job's monitor, our child.
    assert_eq!(unsafe { libc::kill(job.0.id() as i32, sig) }, 0);
}

/// Ctrl-\ shows the spinning thread's line and function; the program then finishes normally.
fn quit_shows_the_spin_and_the_job_goes_on(flags: &[&str], stacks: bool) {
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "spin", SPIN, flags);
    let (mut job, rx) = start(dir.path(), &exe);
    wait_line(&rx, "spinning");
    std::thread::sleep(Duration::from_millis(300));
    signal(&job, libc::SIGQUIT);
    std::thread::sleep(Duration::from_millis(700));
    signal(&job, libc::SIGQUIT);
    std::thread::sleep(Duration::from_millis(700));
    std::fs::write(dir.path().join("go"), "").unwrap();
    wait_line(&rx, "thread 1 saw the flag");
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(s) = job.0.try_wait().unwrap() {
            break s;
        }
        assert!(Instant::now() < deadline, "the job did not finish");
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut err = String::new();
    job.0
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(status.success(), "exit {status:?}\n{err}");
    // the loop: its test or its body
    let shown: usize = [line_of(SPIN, "while (!flag)"), line_of(SPIN, "n++;")]
        .iter()
        .map(|l| {
            err.matches(&format!(
                "Thread 1 executing at spin.upc:{l} in spin_until_set"
            ))
            .count()
        })
        .sum();
    assert_eq!(shown, 2, "both tables show thread 1's place:\n{err}");
    // thread 0 sleeps in usleep most of the time: a sleeping thread is not interrupted
    assert!(err.contains("Thread 0 executing"), "{err}");
    let call = line_of(SPIN, "spin_until_set();");
    let caller = format!("called from spin.upc:{call} in main");
    assert_eq!(
        err.contains(&caller),
        stacks,
        "call stack shown iff -s:\n{err}"
    );
}

#[test]
fn status_table_of_an_unchecked_build_shows_where_threads_execute() {
    quit_shows_the_spin_and_the_job_goes_on(&["--upccheck:-a", "--upccheck:-d"], false);
}

#[test]
fn status_table_of_a_checked_build_shows_call_stacks_with_s() {
    quit_shows_the_spin_and_the_job_goes_on(&["--upccheck:-s"], true);
}

/// A checker report (thread 1 finishes while thread 0 waits at a barrier) shows where thread
/// 2, which spins, is executing — in the text and in the JSON status.
#[test]
fn a_deadlock_report_shows_where_the_spinning_thread_is() {
    let src = r#"#include <upc.h>
#include <unistd.h>

strict shared int flag;

int main(void)
{
    if (MYTHREAD == 2) {
        while (!flag)
            ;
    }
    if (MYTHREAD == 1)
        usleep(300000);
    if (MYTHREAD != 1)
        upc_barrier;
    return 0;
}
"#;
    let dir = tempfile::tempdir().unwrap();
    let exe = build_program(dir.path(), "dl", src, &[]);
    let out = Command::new(&exe)
        .current_dir(dir.path())
        .env("UPC_THREADS", "3")
        .env("NO_COLOR", "1")
        .env("UPCCHECK_REPORT", dir.path().join("r.json"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    let spin = line_of(src, "while (!flag)");
    let body = line_of(src, "            ;");
    let at = |l: usize| format!("thread 2: executing at dl.upc:{l} in main");
    assert!(
        err.contains(&at(spin)) || err.contains(&at(body)),
        "report shows thread 2's line:\n{err}"
    );
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("r.json")).unwrap()).unwrap();
    let status = &report["errors"][0]["thread_status"][2];
    assert_eq!(status["state"], "running", "{report:#}");
    assert_eq!(status["file"], "dl.upc", "{report:#}");
    assert_eq!(status["function"], "main", "{report:#}");
    let l = status["line"].as_u64().unwrap() as usize;
    assert!(l == spin || l == body, "{report:#}");
}
