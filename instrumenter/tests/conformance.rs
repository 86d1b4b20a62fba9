//! The UPC language and runtime conformance suite.
//!
//! Every `*.upc` file in `tests/conformance/` is one self-checking UPC program; every
//! subdirectory is one program made of all the `.upc` files in it (compiled one by one
//! with `-c`, then linked). Each program is compiled once per THREADS environment:
//! dynamic (one executable, run with `UPC_THREADS=N`) and static (`-T N`, one executable
//! per N), for N in 1, 2, 3, 4 and 8; and once more with both checks disabled
//! (`--upccheck:-a --upccheck:-d`, the uninstrumented build), dynamic THREADS. Each run has a timeout (the whole process group is
//! killed, which counts as a failure) and must exit with status 0 (or the status the
//! program declares with `// expect-status: N`), print `PASS <feature>`, print no line
//! starting with `FAIL`, print every line declared with `// expect-stdout: <line>`, and
//! for `// expect-count-per-thread: <prefix> <n>` exactly n*THREADS lines starting with
//! the prefix.
//!
//! The programs need the runtime library: build it first with `cargo build --release`
//! (the test fails, rather than skipping, when `libupccheck.a` cannot be found).
//!
//! Environment knobs: `CONFORMANCE_FILTER=substr` runs only the programs whose name
//! contains `substr`; `CONFORMANCE_THREADS=1,4` overrides the thread counts;
//! `CONFORMANCE_MODES=static`, `dynamic` or `unchecked` runs one mode only;
//! `CONFORMANCE_TIMEOUT=secs` changes the per-run timeout (default 180);
//! `CONFORMANCE_JOBS=n` the number of parallel jobs (default 2).

mod common;

use common::{env_list, find_runtime_library, run_with_timeout, tail, upc_check, Outcome};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Outcome of every (program, mode, THREADS) run, filled by the workers.
type Results = Arc<Mutex<BTreeMap<(String, Mode, u32), Cell>>>;

const THREAD_COUNTS: &[u32] = &[1, 2, 3, 4, 8];
const COMPILE_TIMEOUT: Duration = Duration::from_secs(600);

fn suite_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conformance")
}

/// One conformance program: its sources and what its comments declare.
#[derive(Debug, Clone)]
struct Program {
    name: String,
    sources: Vec<PathBuf>,
    expect_stdout: Vec<String>,
    /// (prefix, n): exactly n * THREADS stdout lines start with prefix.
    expect_count_per_thread: Vec<(String, usize)>,
    expect_status: i32,
}

fn parse_annotations(prog: &mut Program) {
    for src in &prog.sources {
        let text = std::fs::read_to_string(src)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", src.display()));
        for line in text.lines() {
            let l = line.trim();
            if let Some(rest) = l.strip_prefix("// expect-stdout:") {
                prog.expect_stdout.push(rest.trim().to_string());
            } else if let Some(rest) = l.strip_prefix("// expect-count-per-thread:") {
                let rest = rest.trim();
                let (prefix, n) = rest
                    .rsplit_once(' ')
                    .and_then(|(p, n)| Some((p.trim().to_string(), n.parse().ok()?)))
                    .unwrap_or_else(|| panic!("{}: bad expect-count-per-thread", src.display()));
                prog.expect_count_per_thread.push((prefix, n));
            } else if let Some(rest) = l.strip_prefix("// expect-status:") {
                prog.expect_status = rest
                    .trim()
                    .parse()
                    .unwrap_or_else(|_| panic!("{}: bad expect-status", src.display()));
            }
        }
    }
}

fn discover() -> Vec<Program> {
    let dir = suite_dir();
    let mut progs = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        let sources = if p.is_dir() {
            let mut s: Vec<PathBuf> = std::fs::read_dir(&p)
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|f| f.extension().is_some_and(|x| x == "upc"))
                .collect();
            s.sort();
            s
        } else if p.extension().is_some_and(|x| x == "upc") {
            vec![p.clone()]
        } else {
            continue;
        };
        if sources.is_empty() {
            continue;
        }
        let mut prog = Program {
            name: p.file_stem().unwrap().to_string_lossy().into_owned(),
            sources,
            expect_stdout: Vec::new(),
            expect_count_per_thread: Vec::new(),
            expect_status: 0,
        };
        parse_annotations(&mut prog);
        progs.push(prog);
    }
    progs
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Mode {
    /// Dynamic THREADS, checked build (the default build of upc-check).
    Dynamic,
    /// Static THREADS (`-T N`), checked build.
    Static,
    /// Dynamic THREADS with both checks disabled: the uninstrumented baseline build.
    Unchecked,
}

impl Mode {
    fn tag(self) -> &'static str {
        match self {
            Mode::Dynamic => "dyn",
            Mode::Static => "static",
            Mode::Unchecked => "nochk",
        }
    }
}

/// One compile job: a program in a mode (and for static mode, one thread count).
#[derive(Clone)]
struct Job {
    prog: Program,
    mode: Mode,
    /// Static: the one thread count; dynamic: every thread count to run.
    threads: Vec<u32>,
}

/// Result of one cell of the matrix.
#[derive(Clone)]
struct Cell {
    ok: bool,
    short: &'static str,
    detail: String,
}

fn compile(job: &Job, workdir: &Path) -> Result<PathBuf, String> {
    let exe = workdir.join(format!(
        "{}-{}{}",
        job.prog.name,
        job.mode.tag(),
        if job.mode == Mode::Static {
            job.threads[0].to_string()
        } else {
            String::new()
        }
    ));
    let tflag: Vec<String> = match job.mode {
        Mode::Static => vec!["-T".into(), job.threads[0].to_string()],
        Mode::Dynamic => vec![],
        Mode::Unchecked => vec!["--upccheck:-a".into(), "--upccheck:-d".into()],
    };
    let check = |what: &str, out: Outcome| -> Result<(), String> {
        if out.timed_out {
            return Err(format!("{what}: compiler timed out"));
        }
        if !out.status.is_some_and(|s| s.success()) {
            return Err(format!(
                "{what}: compiler failed ({:?}):\n{}",
                out.status,
                tail(&out.stderr, 30)
            ));
        }
        Ok(())
    };
    if job.prog.sources.len() == 1 {
        let mut cmd = Command::new(upc_check());
        cmd.args(&tflag)
            .arg("-o")
            .arg(&exe)
            .arg(&job.prog.sources[0])
            .current_dir(workdir);
        check("compile", run_with_timeout(cmd, COMPILE_TIMEOUT))?;
    } else {
        let mut objs = Vec::new();
        for src in &job.prog.sources {
            let obj = workdir.join(format!(
                "{}-{}-{}.o",
                job.prog.name,
                job.mode.tag(),
                src.file_stem().unwrap().to_string_lossy()
            ));
            let obj = if job.mode == Mode::Static {
                obj.with_extension(format!("{}.o", job.threads[0]))
            } else {
                obj
            };
            let mut cmd = Command::new(upc_check());
            cmd.args(&tflag)
                .arg("-c")
                .arg(src)
                .arg("-o")
                .arg(&obj)
                .current_dir(workdir);
            check(
                &format!("compile {}", src.display()),
                run_with_timeout(cmd, COMPILE_TIMEOUT),
            )?;
            objs.push(obj);
        }
        let mut cmd = Command::new(upc_check());
        cmd.args(&tflag)
            .arg("-o")
            .arg(&exe)
            .args(&objs)
            .current_dir(workdir);
        check("link", run_with_timeout(cmd, COMPILE_TIMEOUT))?;
    }
    Ok(exe)
}

fn run_one(prog: &Program, mode: Mode, exe: &Path, threads: u32, timeout: Duration) -> Cell {
    let mut cmd = Command::new(exe);
    cmd.env("CONF_EXPECT_THREADS", threads.to_string());
    match mode {
        Mode::Dynamic | Mode::Unchecked => {
            cmd.env("UPC_THREADS", threads.to_string());
        }
        Mode::Static => {
            cmd.env_remove("UPC_THREADS");
        }
    }
    let out = run_with_timeout(cmd, timeout);
    let mut problems = Vec::new();
    if out.timed_out {
        problems.push(format!("timed out after {}s (killed)", timeout.as_secs()));
    } else {
        match out.status.and_then(|s| s.code()) {
            Some(c) if c == prog.expect_status => {}
            Some(c) => problems.push(format!("exit status {c}, expected {}", prog.expect_status)),
            None => problems.push(format!("ended abnormally: {:?}", out.status)),
        }
    }
    let lines: Vec<&str> = out.stdout.lines().map(str::trim_end).collect();
    if !lines.iter().any(|l| l.starts_with("PASS ")) {
        problems.push("no PASS line".into());
    }
    let fails: Vec<&&str> = lines.iter().filter(|l| l.starts_with("FAIL")).collect();
    if !fails.is_empty() {
        problems.push(format!("{} FAIL lines", fails.len()));
    }
    for want in &prog.expect_stdout {
        if !lines.iter().any(|l| l == want) {
            problems.push(format!("missing expected line {want:?}"));
        }
    }
    for (prefix, n) in &prog.expect_count_per_thread {
        let got = lines
            .iter()
            .filter(|l| l.starts_with(prefix.as_str()))
            .count();
        let want = n * threads as usize;
        if got != want {
            problems.push(format!(
                "{got} stdout lines start with {prefix:?}, expected {want}"
            ));
        }
    }
    if problems.is_empty() {
        Cell {
            ok: true,
            short: "ok",
            detail: String::new(),
        }
    } else {
        let short = if out.timed_out {
            "TIMEOUT"
        } else if !fails.is_empty() {
            "FAIL"
        } else if out.status.and_then(|s| s.code()) != Some(prog.expect_status) {
            "STATUS"
        } else {
            "OUTPUT"
        };
        Cell {
            ok: false,
            short,
            detail: format!(
                "{}\n--- stdout (tail) ---\n{}\n--- stderr (tail) ---\n{}",
                problems.join("; "),
                tail(&out.stdout, 30),
                tail(&out.stderr, 30)
            ),
        }
    }
}

#[test]
fn conformance_suite() {
    let lib = find_runtime_library();
    assert!(
        lib.is_ok(),
        "cannot run the conformance programs: {}",
        lib.unwrap_err()
    );

    let filter = std::env::var("CONFORMANCE_FILTER").unwrap_or_default();
    let threads = env_list("CONFORMANCE_THREADS").unwrap_or_else(|| THREAD_COUNTS.to_vec());
    let modes: Vec<Mode> = match std::env::var("CONFORMANCE_MODES").as_deref() {
        Ok("static") => vec![Mode::Static],
        Ok("dynamic") => vec![Mode::Dynamic],
        Ok("unchecked") => vec![Mode::Unchecked],
        _ => vec![Mode::Dynamic, Mode::Static, Mode::Unchecked],
    };
    let timeout = Duration::from_secs(
        std::env::var("CONFORMANCE_TIMEOUT")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(180),
    );
    let njobs: usize = std::env::var("CONFORMANCE_JOBS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2)
        .max(1);

    let progs: Vec<Program> = discover()
        .into_iter()
        .filter(|p| p.name.contains(&filter))
        .collect();
    assert!(
        !progs.is_empty(),
        "no conformance program matches {filter:?} in {}",
        suite_dir().display()
    );
    for p in &progs {
        let all = p
            .sources
            .iter()
            .map(|s| std::fs::read_to_string(s).unwrap())
            .collect::<String>();
        assert!(
            all.contains("PASS") || all.contains("conf_finish"),
            "{}: a conformance program must report PASS",
            p.name
        );
    }

    let mut jobs = Vec::new();
    for p in &progs {
        for &m in &modes {
            match m {
                Mode::Dynamic | Mode::Unchecked => jobs.push(Job {
                    prog: p.clone(),
                    mode: m,
                    threads: threads.clone(),
                }),
                Mode::Static => {
                    for &t in &threads {
                        jobs.push(Job {
                            prog: p.clone(),
                            mode: m,
                            threads: vec![t],
                        })
                    }
                }
            }
        }
    }

    let workdir = tempfile::tempdir().expect("temporary directory");
    let queue = Arc::new(Mutex::new(jobs));
    let results: Results = Arc::new(Mutex::new(BTreeMap::new()));
    let mut workers = Vec::new();
    for _ in 0..njobs {
        let queue = Arc::clone(&queue);
        let results = Arc::clone(&results);
        let wd = workdir.path().to_path_buf();
        workers.push(std::thread::spawn(move || loop {
            let job = match queue.lock().unwrap().pop() {
                Some(j) => j,
                None => break,
            };
            let cells: Vec<(u32, Cell)> = match compile(&job, &wd) {
                Err(e) => job
                    .threads
                    .iter()
                    .enumerate()
                    .map(|(k, &t)| {
                        let detail = if k == 0 {
                            e.clone()
                        } else {
                            "(same compile error)".to_string()
                        };
                        (
                            t,
                            Cell {
                                ok: false,
                                short: "COMPILE",
                                detail,
                            },
                        )
                    })
                    .collect(),
                Ok(exe) => job
                    .threads
                    .iter()
                    .map(|&t| (t, run_one(&job.prog, job.mode, &exe, t, timeout)))
                    .collect(),
            };
            let mut r = results.lock().unwrap();
            for (t, c) in cells {
                eprintln!(
                    "conformance: {} {} THREADS={}: {}",
                    job.prog.name,
                    job.mode.tag(),
                    t,
                    c.short
                );
                r.insert((job.prog.name.clone(), job.mode, t), c);
            }
        }));
    }
    for w in workers {
        w.join().expect("conformance worker panicked");
    }

    // The matrix: one row per program, one column per mode and thread count.
    let results = results.lock().unwrap();
    let mut table = String::new();
    let width = progs.iter().map(|p| p.name.len()).max().unwrap_or(8).max(8);
    table.push_str(&format!("{:width$}", "program"));
    for &m in &modes {
        for &t in &threads {
            table.push_str(&format!(" {:>9}", format!("{}{}", m.tag(), t)));
        }
    }
    table.push('\n');
    let mut failures = Vec::new();
    for p in &progs {
        table.push_str(&format!("{:width$}", p.name));
        for &m in &modes {
            for &t in &threads {
                let c = &results[&(p.name.clone(), m, t)];
                table.push_str(&format!(" {:>9}", c.short));
                if !c.ok {
                    failures.push(format!(
                        "=== {} ({} THREADS={}): {}",
                        p.name,
                        m.tag(),
                        t,
                        c.detail
                    ));
                }
            }
        }
        table.push('\n');
    }
    eprintln!("\n{table}");
    let total = results.len();
    assert!(
        failures.is_empty(),
        "{} of {} conformance runs failed:\n{}\n\n{}",
        failures.len(),
        total,
        table,
        failures.join("\n\n")
    );
}
