//! Builds the C test programs of tests/c against the runtime's static library and runs them as
//! jobs: conformance (layout, barriers, locks, allocation, memory operations, atomics), the
//! inline pointer arithmetic of upcr.h against the Rust reference, and every way a job can end
//! (SIGKILL of one thread, a crash, upc_global_exit, barrier errors, Ctrl-C, Ctrl-\).

use pgas::ptr;
use pgas::PShared;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The runtime's static library built for this test run: the newest deps/libpgas-*.a next to
/// this test binary (cargo does not copy it to target/<profile>/ when it builds the library only
/// as a dependency of the tests).
fn staticlib() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let deps = exe.parent().unwrap();
    let newest = std::fs::read_dir(deps)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| {
            let n = p.file_name().unwrap().to_string_lossy();
            n.starts_with("libpgas-") && n.ends_with(".a")
        })
        .max_by_key(|p| p.metadata().and_then(|m| m.modified()).ok());
    newest.expect("libpgas-*.a not built")
}

fn workdir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let base = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
        // Executables of earlier runs (of a library that may have changed since) go away.
        if let Ok(rd) = std::fs::read_dir(&base) {
            for e in rd.flatten() {
                if e.file_name().to_string_lossy().starts_with("pgas-c-tests-") {
                    let _ = std::fs::remove_dir_all(e.path());
                }
            }
        }
        let d = base.join(format!("pgas-c-tests-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d
    })
}

/// Compile tests/c/<name>.c (with extra cc flags) once; returns the executable.
fn build(name: &str, flags: &[&str]) -> PathBuf {
    static BUILD: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _guard = BUILD.lock().unwrap_or_else(|e| e.into_inner());
    let tag = flags.join("").replace(['=', '-', ' '], "_");
    let exe = workdir().join(format!("{name}{tag}"));
    if exe.exists() {
        return exe;
    }
    let src = manifest().join("tests/c").join(format!("{name}.c"));
    let out = Command::new("cc")
        .args(["-O2", "-Wall", "-Werror", "-Wno-unused-function"])
        .arg("-I")
        .arg(manifest().join("include"))
        .args(flags)
        .arg("-o")
        .arg(&exe)
        .arg(&src)
        .arg(staticlib())
        .args(["-lpthread", "-ldl", "-lm", "-lrt"])
        .output()
        .expect("cc");
    assert!(
        out.status.success(),
        "cc {name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    exe
}

fn run(exe: &Path, threads: usize, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut c = Command::new(exe);
    c.args(args).env("UPC_THREADS", threads.to_string());
    c.env_remove("UPC_BARRIER")
        .env_remove("UPC_SHARED_HEAP_SIZE");
    for (k, v) in env {
        c.env(k, v);
    }
    c.stdin(Stdio::null()).output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn expect_ok(o: &Output, what: &str) -> String {
    assert!(
        o.status.success(),
        "{what}: status {:?}\nstdout:\n{}\nstderr:\n{}",
        o.status,
        text(&o.stdout),
        text(&o.stderr)
    );
    text(&o.stdout)
}

#[test]
fn inline_pointer_arithmetic_matches_reference() {
    let exe = build("ptr_inline", &[]);
    let out = Command::new(&exe).output().unwrap();
    assert!(out.status.success());
    let s = text(&out.stdout);
    let off = 1u64 << 20;
    let (mut adds, mut elems) = (0, 0);
    for line in s.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        let num = |i: usize| f[i].parse::<i64>().unwrap();
        match f[0] {
            "L" => {
                let (t, b, e) = (num(1) as u64, num(2) as u64, num(3) as u64);
                // Bytes per partition = room of the thread with the most elements.
                let total = 30 * e;
                let expect = (0..t)
                    .map(|th| pgas::alloc::affinity_size(total, b * e, th, t))
                    .max()
                    .unwrap();
                let expect = if b == 0 {
                    total
                } else {
                    expect.div_ceil(b * e) * b * e
                };
                assert_eq!(num(4) as u64, expect, "{line}");
            }
            "E" => {
                let (t, b, e, i) = (num(1) as u32, num(2) as u64, num(3) as u64, num(4) as u64);
                let p = ptr::elem(off, i, e, b, t);
                assert_eq!(
                    (p.thread as i64, p.phase as i64, p.addr as i64),
                    (num(5), num(6), num(7)),
                    "{line}"
                );
                elems += 1;
            }
            "A" => {
                let (t, b, e, i, n) = (
                    num(1) as u32,
                    num(2) as u64,
                    num(3) as u64,
                    num(4) as u64,
                    num(5),
                );
                let p = ptr::elem(off, i, e, b, t);
                let q = ptr::add(p, n, e, b, t);
                assert_eq!(
                    (q.thread as i64, q.phase as i64, q.addr as i64),
                    (num(6), num(7), num(8)),
                    "{line}"
                );
                let r = ptr::elem(off, (i as i64 + n) as u64, e, b, t);
                assert_eq!(num(9), n, "diff {line}");
                assert_eq!(num(9), ptr::diff(r, p, e, b, t));
                assert_eq!(num(10), n.signum(), "cmp {line}");
                adds += 1;
            }
            _ => panic!("unexpected output: {line}"),
        }
    }
    assert_eq!(elems, 2 * 7 * 3 * 30);
    assert_eq!(adds, 2 * 7 * 3 * 30 * 30);
    // The reference itself against the layout formula (element by element walk).
    let p = ptr::elem(off, 0, 4, 3, 4);
    assert_eq!(ptr::add(p, 9, 4, 3, 4), PShared::new(3, off, 0));
}

#[test]
fn basic_job_for_many_thread_counts() {
    let exe = build("basic", &[]);
    for t in [1, 2, 3, 4, 7, 16, 64] {
        let o = run(&exe, t, &[], &[]);
        // The last thread returns 3: the job's status is the first non-zero thread status.
        assert_eq!(o.status.code(), Some(3), "T={t}: {}", text(&o.stderr));
        assert_eq!(
            text(&o.stdout)
                .lines()
                .filter(|l| l.ends_with(" ok"))
                .count(),
            t
        );
    }
    let o = run(&exe, 4, &[], &[("UPC_BARRIER", "tree")]);
    assert_eq!(o.status.code(), Some(3));
}

#[test]
fn thread_count_errors() {
    let exe = build("basic", &[]);
    let o = Command::new(&exe)
        .env_remove("UPC_THREADS")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("UPC_THREADS=N"));
    // GUPC's spellings as the first arguments, taken out of argv; later, or with
    // UPC_THREADS set, they are the program's
    for (args, threads, seen) in [
        (&["-n", "3", "x", "-n", "2"][..], 3, "args x -n 2"),
        (&["-fupc-threads-2"][..], 2, ""),
        (&["-fupc-threads=5", "-v"][..], 5, "args -v"),
    ] {
        let o = Command::new(&exe)
            .args(args)
            .env_remove("UPC_THREADS")
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(3), "{args:?}: {}", text(&o.stderr));
        let out = text(&o.stdout);
        assert_eq!(out.lines().filter(|l| l.ends_with(" ok")).count(), threads);
        assert_eq!(
            out.lines().find(|l| l.starts_with("args")).unwrap_or(""),
            seen
        );
    }
    let o = run(&exe, 2, &["-n", "3"], &[]);
    assert_eq!(
        text(&o.stdout)
            .lines()
            .filter(|l| l.ends_with(" ok"))
            .count(),
        2
    );
    assert!(text(&o.stdout).contains("args -n 3"));
    let st = build("basic", &["-DUPC_STATIC=4"]);
    let o = run(&st, 3, &[], &[]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("compiled for THREADS=4"),
        "{}",
        text(&o.stderr)
    );
    let o = Command::new(&st)
        .env_remove("UPC_THREADS")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(text(&o.stdout).lines().count(), 4);
    let o = run(&exe, 2, &[], &[("UPC_BARRIER", "magic")]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("UPC_BARRIER=magic"));
    let o = run(&exe, 2, &[], &[("UPC_SHARED_HEAP_SIZE", "lots")]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("UPC_SHARED_HEAP_SIZE"));
}

#[test]
fn locks_mutual_exclusion_under_contention() {
    let exe = build("locks", &[]);
    for t in [1, 2, 3, 8, 16, 64] {
        let out = expect_ok(&run(&exe, t, &[], &[]), "locks");
        assert!(out.contains("locks ok: 100000 increments"), "{out}");
    }
}

#[test]
fn allocation() {
    let exe = build("alloc", &[]);
    for t in [1, 2, 5, 16, 64] {
        let out = expect_ok(
            &run(&exe, t, &[], &[("UPC_SHARED_HEAP_SIZE", "64MB")]),
            "alloc",
        );
        assert!(out.contains("alloc ok (63 MiB"), "{out}");
    }
    // The compile-time default heap size (driver's -shared-heap=) and its override.
    let small = build("alloc", &["-DUPCR_DEFAULT_HEAP_SIZE=\"16MB\""]);
    let out = expect_ok(&run(&small, 2, &[], &[]), "alloc 16MB");
    assert!(out.contains("alloc ok (15 MiB"), "{out}");
    let out = expect_ok(
        &run(&small, 2, &[], &[("UPC_SHARED_HEAP_SIZE", "32MB")]),
        "alloc",
    );
    assert!(out.contains("alloc ok (31 MiB"), "{out}");
}

#[test]
fn memory_operations_and_atomics() {
    let exe = build("memops", &[]);
    for t in [1, 2, 3, 4, 16, 64] {
        let out = expect_ok(&run(&exe, t, &[], &[]), "memops");
        assert!(out.contains("memops ok"));
    }
}

#[test]
fn barriers_with_random_delays() {
    let exe = build("barriers", &[]);
    for alg in ["counter", "tree"] {
        for (t, iters) in [
            (1, 1000),
            (2, 100_000),
            (5, 20_000),
            (16, 5_000),
            (64, 1_000),
        ] {
            let it = iters.to_string();
            let out = expect_ok(
                &run(
                    &exe,
                    t,
                    &[],
                    &[("UPC_BARRIER", alg), ("BARRIER_ITERS", &it)],
                ),
                "barriers",
            );
            assert!(
                out.contains(&format!("barriers ok: {iters} phases")),
                "{out}"
            );
        }
    }
}

fn stderr_of(what: &str, t: usize) -> (Option<i32>, String, String) {
    let exe = build("faults", &[]);
    let o = run(&exe, t, &[what], &[]);
    (o.status.code(), text(&o.stdout), text(&o.stderr))
}

#[test]
fn killed_thread_ends_the_job_with_a_report() {
    let (code, _, err) = stderr_of("kill", 4);
    assert_eq!(code, Some(128 + 9));
    assert!(err.contains("thread 1 (pid"), "{err}");
    assert!(err.contains("killed by signal SIGKILL"), "{err}");
    for t in [0, 2, 3] {
        assert!(
            err.contains(&format!("Thread {t} waiting at upc_barrier")),
            "{err}"
        );
    }
    let (code, _, err) = stderr_of("segv", 3);
    assert_eq!(code, Some(128 + 11));
    assert!(
        err.contains("thread 2 (pid") && err.contains("SIGSEGV"),
        "{err}"
    );
}

#[test]
fn global_exit_ends_every_thread_with_its_status() {
    let (code, out, _) = stderr_of("global_exit", 4);
    assert_eq!(code, Some(7));
    assert!(out.contains("thread 1 calls upc_global_exit"));
    assert!(!out.contains("must not be reached"));
}

#[test]
fn barrier_errors_are_reported() {
    let (code, _, err) = stderr_of("value", 3);
    assert_eq!(code, Some(1));
    assert!(err.contains("barrier value mismatch"), "{err}");
    assert!(err.contains("thread 0: upc_notify/upc_barrier 1"), "{err}");
    assert!(err.contains("thread 2: upc_notify/upc_barrier 2"), "{err}");
    assert_eq!(err.matches("error:").count(), 1, "one report: {err}");
    let (code, _, err) = stderr_of("end_vs_barrier", 3);
    assert_eq!(code, Some(1));
    assert!(
        err.contains("reached the end of the program while others wait"),
        "{err}"
    );
    let (code, _, err) = stderr_of("double_notify", 2);
    assert_eq!(code, Some(1));
    assert!(err.contains("executed again before upc_wait"), "{err}");
    let (code, _, err) = stderr_of("exit_early", 3);
    assert_eq!(code, Some(5));
    assert!(
        err.contains("thread 1 (pid") && err.contains("without reaching the end"),
        "{err}"
    );
}

fn alive(pid: i32) -> bool {
    // SAFETY: signal 0 only checks existence.
    unsafe { libc::kill(pid, 0) == 0 }
}

/// Start `faults pidfile` and wait until every thread has written its pid.
#[allow(clippy::zombie_processes)] // the callers wait for it
fn start_hung_job(t: usize) -> (std::process::Child, Vec<i32>, PathBuf) {
    let exe = build("faults", &[]);
    let tag = rand_tag();
    let pidfile = workdir().join(format!("pids-{tag}-{t}"));
    let errfile = workdir().join(format!("stderr-{tag}-{t}"));
    let child = Command::new(&exe)
        .args(["pidfile", pidfile.to_str().unwrap()])
        .env("UPC_THREADS", t.to_string())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&errfile).unwrap())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        // "thread pid" lines, in any order: pids[t] is thread t's process.
        let mut pids = vec![0; t];
        let mut n = 0;
        for l in std::fs::read_to_string(&pidfile)
            .unwrap_or_default()
            .lines()
        {
            if let Some((th, pid)) = l.split_once(' ') {
                if let (Ok(th), Ok(pid)) = (th.parse::<usize>(), pid.parse::<i32>()) {
                    pids[th] = pid;
                    n += 1;
                }
            }
        }
        // Every thread has written its pid and is asleep (thread 0 in pause(), the others in
        // the barrier's futex wait).
        if n == t && pids.iter().all(|&p| sleeping(p)) {
            return (child, pids, errfile);
        }
        assert!(Instant::now() < deadline, "job did not start");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Wait until `file` contains `what`.
fn wait_for_text(file: &Path, what: &str) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !std::fs::read_to_string(file)
        .unwrap_or_default()
        .contains(what)
    {
        assert!(
            Instant::now() < deadline,
            "no `{what}` in {}",
            file.display()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Whether the process is blocked (state S in /proc/PID/stat).
fn sleeping(pid: i32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| s.rsplit_once(") ").map(|(_, rest)| rest.starts_with('S')))
        .unwrap_or(false)
}

fn rand_tag() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    N.fetch_add(1, Ordering::Relaxed)
}

#[test]
fn sigkill_of_one_thread_leaves_nothing_behind() {
    let (mut child, pids, errfile) = start_hung_job(8);
    // SAFETY: killing a thread of our own job.
    unsafe { libc::kill(pids[5], libc::SIGKILL) };
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(137));
    let err = std::fs::read_to_string(&errfile).unwrap();
    assert!(
        err.contains("thread 5 (pid") && err.contains("killed by signal SIGKILL"),
        "{err}"
    );
    assert!(err.contains("Thread 5 killed by signal SIGKILL"), "{err}");
    assert!(err.contains("Thread 0 executing"), "{err}");
    assert_eq!(err.matches(" waiting at upc_barrier").count(), 7, "{err}");
    for p in pids {
        assert!(!alive(p), "thread process {p} survived");
    }
}

#[test]
fn monitor_killed_takes_the_threads_with_it() {
    let (mut child, pids, _) = start_hung_job(4);
    child.kill().unwrap(); // SIGKILL to the monitor
    child.wait().unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while pids.iter().any(|&p| alive(p)) {
        assert!(Instant::now() < deadline, "threads outlived the monitor");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn sigquit_prints_the_table_and_sigint_ends_the_job() {
    let (mut child, pids, errfile) = start_hung_job(3);
    let monitor = child.id() as i32;
    // SAFETY: signals to our own child.
    unsafe { libc::kill(monitor, libc::SIGQUIT) };
    wait_for_text(&errfile, "the program continues");
    assert!(
        pids.iter().all(|&p| alive(p)),
        "SIGQUIT must not end the job"
    );
    unsafe { libc::kill(monitor, libc::SIGINT) };
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    let err = std::fs::read_to_string(&errfile).unwrap();
    assert!(err.contains("SIGQUIT; the program continues"), "{err}");
    assert!(err.contains("interrupted (SIGINT)"), "{err}");
    assert_eq!(
        err.matches("Thread 1 waiting at upc_barrier").count(),
        2,
        "{err}"
    );
    for p in pids {
        assert!(!alive(p));
    }
}
