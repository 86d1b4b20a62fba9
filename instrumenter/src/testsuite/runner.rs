//! Compiling a test and running it once per thread count, each run in its own process
//! group with a timeout.  For `--network mpi` a test is built with `-network=mpi` and run
//! through `upcrun` (next to the compiler), which starts it with mpirun.

use super::*;

pub(super) const COMPILE_TIMEOUT: u64 = 300;

pub(super) fn run_case(compiler: &Path, network: Network, case: TestCase) -> TestResult {
    let mut runs = Vec::new();
    let tmp = match tempfile::Builder::new().prefix("upc-check-test-").tempdir() {
        Ok(t) => t,
        Err(e) => {
            for &t in &case.header.threads {
                runs.push(RunResult {
                    threads: t,
                    findings: Vec::new(),
                    failure: fail("setup", e.to_string()),
                    seconds: 0.0,
                });
            }
            return TestResult { case, runs };
        }
    };
    interrupt::folder_made(tmp.path());
    let mut dynamic_exe: Option<std::result::Result<PathBuf, String>> = None;
    let mut found = Vec::new();
    for &t in &case.header.threads {
        let start = Instant::now();
        let exe = if case.header.static_threads {
            compile(compiler, network, &case, Some(t), tmp.path())
        } else {
            dynamic_exe
                .get_or_insert_with(|| compile(compiler, network, &case, None, tmp.path()))
                .clone()
        };
        let failure = match exe {
            Err(msg) => fail("compile", msg),
            Ok(exe) => {
                let launcher = (network == Network::Mpi).then(|| compiler.with_file_name("upcrun"));
                run_once(&case, &exe, launcher.as_deref(), t, tmp.path(), &mut found)
            }
        };
        runs.push(RunResult {
            threads: t,
            findings: std::mem::take(&mut found),
            failure,
            seconds: start.elapsed().as_secs_f64(),
        });
    }
    interrupt::folder_gone(tmp.path());
    TestResult { case, runs }
}

/// Compiles the test; returns the executable or the compiler's message.
pub(super) fn compile(
    compiler: &Path,
    network: Network,
    case: &TestCase,
    threads: Option<u32>,
    tmp: &Path,
) -> std::result::Result<PathBuf, String> {
    let exe = tmp.join(match threads {
        Some(t) => format!("prog-T{}", t),
        None => "prog".to_string(),
    });
    let dir = case.path.parent().unwrap_or(Path::new("."));
    let mut cmd = Command::new(compiler);
    if let Some(t) = threads {
        cmd.arg("-T").arg(t.to_string());
    }
    if network == Network::Mpi {
        cmd.arg("-network=mpi");
    }
    cmd.args(&case.header.flags);
    cmd.arg("-o").arg(&exe);
    cmd.arg(case.path.file_name().unwrap());
    for f in &case.header.files {
        cmd.arg(f);
    }
    cmd.current_dir(dir);
    let log = tmp.join("compile.log");
    let out = match run_with_timeout(cmd, &log, &log, COMPILE_TIMEOUT) {
        Ok(o) => o,
        Err(e) => return Err(format!("cannot run the compiler: {}", e)),
    };
    let text = fs::read_to_string(&log).unwrap_or_default();
    match out {
        Outcome::TimedOut => Err("compiler did not finish".into()),
        Outcome::Exited(st) if st.success() && exe.exists() => Ok(exe),
        Outcome::Exited(st) => Err(format!(
            "{}: {}",
            describe_status(st),
            first_lines(&text, 6)
        )),
    }
}

pub(super) enum Outcome {
    Exited(ExitStatus),
    TimedOut,
}

/// Runs `cmd` in its own process group with stdout/stderr sent to files; on timeout
/// the whole group is killed.
pub(super) fn run_with_timeout(
    mut cmd: Command,
    out: &Path,
    err: &Path,
    secs: u64,
) -> Result<Outcome> {
    let stdout = fs::File::create(out)?;
    let stderr = if err == out {
        stdout.try_clone()?
    } else {
        fs::File::create(err)?
    };
    cmd.stdin(Stdio::null())
        .stdout(stdout)
        .stderr(stderr)
        .process_group(0);
    let mut child = interrupt::spawn_group(|| cmd.spawn(), |c| c.id() as i32)?;
    let result = wait_with_timeout(&mut child, secs);
    interrupt::group_done(child.id() as i32);
    result
}

/// Waits for `child`, the leader of its process group, for at most `secs` seconds.
fn wait_with_timeout(child: &mut std::process::Child, secs: u64) -> Result<Outcome> {
    let pid = child.id() as i32;
    let deadline = Instant::now() + Duration::from_secs(secs);
    let mut pause = Duration::from_millis(2);
    loop {
        if let Some(st) = child.try_wait()? {
            // Kill stragglers of the group (threads of a job whose launcher is gone).
            // SAFETY: kill(2) on our own child's process group.
            unsafe { libc::kill(-pid, libc::SIGKILL) };
            return Ok(Outcome::Exited(st));
        }
        if Instant::now() >= deadline {
            // SAFETY: as above.
            unsafe { libc::kill(-pid, libc::SIGKILL) };
            let _ = child.kill();
            let _ = child.wait();
            return Ok(Outcome::TimedOut);
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(50));
    }
}

pub(super) fn describe_status(st: ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (st.code(), st.signal()) {
        (Some(c), _) => format!("exit status {}", c),
        (None, Some(s)) => format!("killed by signal {}", s),
        _ => "unknown status".into(),
    }
}

pub(super) fn first_lines(s: &str, n: usize) -> String {
    let v: Vec<&str> = s.lines().filter(|l| !l.trim().is_empty()).take(n).collect();
    v.join(" | ")
}

/// Runs the compiled test once with `threads` threads and judges the outcome.
/// Run the test once with `threads` threads; `upcrun` given: through it (an MPI build).
pub(super) fn run_once(
    case: &TestCase,
    exe: &Path,
    upcrun: Option<&Path>,
    threads: u32,
    tmp: &Path,
    found: &mut Vec<Finding>,
) -> Option<Failure> {
    let h = &case.header;
    let work = tmp.join(format!("run-T{}", threads));
    if let Err(e) = fs::create_dir_all(&work) {
        return fail("setup", e.to_string());
    }
    let report = work.join("report.json");
    let out = work.join("stdout.txt");
    let err = work.join("stderr.txt");
    let mut cmd = match upcrun {
        Some(u) => {
            let mut c = Command::new(u);
            c.arg("-n").arg(threads.to_string()).arg(exe);
            c
        }
        None => Command::new(exe),
    };
    cmd.current_dir(&work);
    for (k, _) in std::env::vars() {
        if k.starts_with("UPCCHECK_") || k == "UPC_THREADS" {
            cmd.env_remove(k);
        }
    }
    if !h.static_threads && upcrun.is_none() {
        cmd.env("UPC_THREADS", threads.to_string());
    }
    cmd.env("UPCCHECK_REPORT", &report);
    cmd.env("NO_COLOR", "1");
    for (k, v) in &h.env {
        cmd.env(k, v);
    }
    let outcome = match run_with_timeout(cmd, &out, &err, h.timeout) {
        Ok(o) => o,
        Err(e) => return fail("setup", format!("cannot run the program: {}", e)),
    };
    // (a program may print bytes that are not UTF-8)
    let lossy = |p: &Path| {
        fs::read(p)
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default()
    };
    let stdout_text = lossy(&out);
    let stderr_text = lossy(&err);
    let findings = match fs::read_to_string(&report) {
        Ok(t) => match parse_report(&t) {
            Ok(f) => f,
            Err(e) => return fail("bad-report", e.to_string()),
        },
        Err(_) => Vec::new(),
    };
    *found = findings.clone();
    let status = match outcome {
        Outcome::TimedOut => {
            let what = if findings.is_empty() {
                String::new()
            } else {
                format!(" (report: {})", summarize(&findings))
            };
            return fail("hang", format!("no end within {} s{}", h.timeout, what));
        }
        Outcome::Exited(st) => st,
    };
    // a warning is reported once per source line, however many threads and calls raise it
    let mut warned: Vec<(&str, &str, u64)> = Vec::new();
    for f in findings.iter().filter(|f| f.severity == "warning") {
        let key = (f.kind.as_str(), basename(&f.file), f.line);
        if warned.contains(&key) {
            return fail(
                "repeated-warning",
                format!(
                    "{} at {}:{} is reported more than once",
                    key.0, key.1, key.2
                ),
            );
        }
        warned.push(key);
    }
    let test_file = case
        .path
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    match &h.expect {
        Expect::Clean => {
            if !findings.is_empty() {
                return fail("false-alarm", summarize(&findings));
            }
            if !status.success() {
                return fail(
                    "exit",
                    format!(
                        "{}; stderr: {}",
                        describe_status(status),
                        first_lines(&stderr_text, 4)
                    ),
                );
            }
        }
        Expect::Error(kind) => {
            let of_kind: Vec<&Finding> = findings.iter().filter(|f| &f.kind == kind).collect();
            if of_kind.is_empty() {
                let got = if findings.is_empty() {
                    format!(
                        "no finding ({}); stderr: {}",
                        describe_status(status),
                        first_lines(&stderr_text, 3)
                    )
                } else {
                    summarize(&findings)
                };
                return fail("missed", format!("expected {}, got {}", kind, got));
            }
            let at_line: Vec<&&Finding> = of_kind
                .iter()
                .filter(|f| h.lines.iter().any(|l| loc_matches(l, f, &test_file)))
                .collect();
            let Some(first) = at_line.first() else {
                let want: Vec<String> = h.lines.iter().map(|l| l.to_string()).collect();
                return fail(
                    "wrong-line",
                    format!(
                        "expected {} at {}, got {}",
                        kind,
                        want.join(" or "),
                        summarize(&findings)
                    ),
                );
            };
            // the finding at a listed line that carries most of what the header asks for
            let f = at_line
                .iter()
                .min_by_key(|f| lacks(h, f, threads).len())
                .unwrap_or(first);
            let mut missing = lacks(h, f, threads);
            if f.message.trim().is_empty() {
                missing.push("message".to_string());
            }
            if NEEDS_THREAD_STATUS.contains(&kind.as_str())
                && f.thread_status.len() < threads as usize
            {
                missing.push(format!(
                    "thread_status ({} of {} threads)",
                    f.thread_status.len(),
                    threads
                ));
            }
            if NEEDS_ARGS.contains(&kind.as_str()) && f.args.is_empty() {
                missing.push("args".to_string());
            }
            let want_sev = if is_warning_kind(kind) {
                "warning"
            } else {
                "error"
            };
            if f.severity != want_sev {
                missing.push(format!("severity {} (got `{}`)", want_sev, f.severity));
            }
            if !missing.is_empty() {
                return fail("incomplete", format!("report lacks {}", missing.join(", ")));
            }
            if want_sev == "error" && status.success() {
                return fail("exit", "error found but the job exited with status 0");
            }
        }
    }
    if let Some(want) = &h.stdout {
        if !stdout_text.contains(want.as_str()) {
            return fail(
                "stdout",
                format!(
                    "`{}` not in the output: {}",
                    want,
                    first_lines(&stdout_text, 3)
                ),
            );
        }
    }
    None
}
