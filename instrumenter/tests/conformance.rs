//! The UPC language and runtime conformance suite.
//!
//! Every `*.upc` file in `tests/conformance/` is one self-checking UPC program; every
//! subdirectory is one program made of all the `.upc` files in it (compiled one by one
//! with `-c`, then linked). Each program is compiled once per THREADS environment:
//! dynamic (one executable, run with `UPC_THREADS=N`) and static (`-T N`, one executable
//! per N), for N in 1, 2, 3, 4 and 8; and once more with both checks disabled
//! (`--upccheck:-a --upccheck:-d`, the uninstrumented build), dynamic THREADS; and once with
//! race checking (`--upccheck:-r`), dynamic THREADS 2 and 4, where a correct program must not
//! draw a `data-race` report (a program whose own synchronization is racy by UPC's memory
//! model says why with `// race-sweep: skip <reason>` and is left out of that mode). Each run has a timeout (the whole process group is
//! killed, which counts as a failure) and must exit with status 0 (or the status the
//! program declares with `// expect-status: N`), print `PASS <feature>`, print no line
//! starting with `FAIL`, print every line declared with `// expect-stdout: <line>`, and
//! for `// expect-count-per-thread: <prefix> <n>` exactly n*THREADS lines starting with
//! the prefix.
//!
//! The programs need the runtime library: build it first with `cargo build --release`
//! (the test fails, rather than skipping, when `libcheckrt.a` cannot be found).
//!
//! Mode `mpi`: the checked build for the MPI conduit (`-network=mpi`, dynamic THREADS), run
//! with `upcrun -n N` (mpirun, one node); part of the default modes when upc-check was built
//! with the MPI conduit, otherwise skipped with a message saying why.  A program that states
//! `// mpi-skip: <reason>` is listed as ignored in that mode (the reason is printed).
//! Mode `mpi-rank`: the same build run with every thread its own node (`UPC_MPI_NODES=rank`:
//! other threads' data only through MPI one-sided communication, Open MPI over TCP
//! loopback), THREADS 1, 2, 4 and 8, with twice the timeout; `mpi-skip` applies to it too.
//! A program that repeats an operation 10^5 times repeats it fewer times there
//! (`conf_over_tcp` in `conf.h`: UPC_MPI_NODES is set).  Nothing of the runtime's control state is shared between the
//! processes there (each maps only its own part; any other access faults).
//! Mode `mpi-race`: the race-checked build for the MPI conduit (`-network=mpi
//! --upccheck:-r`), run on one node with `upcrun`, THREADS 2 and 4, which must draw no
//! `data-race` report either (the shadow memory is then the conduit's node-shared memory);
//! `race-sweep: skip` and `mpi-skip` both leave a program out of it.
//! Mode `mpi-race-rank`: the same with every thread its own node (each access to another
//! node's data checked by its owner's process, the clocks at thread 0's), THREADS 2 and 4.
//!
//! Every (program, mode) is a test of its own, named `PROGRAM::MODE` (`hello::dyn`,
//! `hello::static4`, `hello::nochk`, `hello::race`), so the usual test filters and options apply:
//! `cargo test --test conformance -- hello --test-threads 2`.
//!
//! Environment knobs: `CONFORMANCE_THREADS=1,4` overrides the thread counts;
//! `CONFORMANCE_MODES=static`, `dynamic`, `unchecked`, `race`, `mpi`, `mpi-rank`, `mpi-race`
//! or `mpi-race-rank` runs one mode only;
//! `CONFORMANCE_TIMEOUT=secs` changes the per-run timeout (default 180).

mod common;

use common::{
    env_list, env_num, find_runtime_library, mpi_conduit, mpi_env, run_with_timeout, tail,
    upc_check, upcrun, Outcome,
};
use libtest_mimic::{Arguments, Failed, Trial};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

const THREAD_COUNTS: &[u32] = &[1, 2, 3, 4, 8];
/// Thread counts of the race-checked build (unless CONFORMANCE_THREADS says otherwise).
const RACE_THREAD_COUNTS: &[u32] = &[2, 4];
/// Thread counts of mode mpi-rank (every remote access a TCP round trip: a contended lock
/// hand-off takes about 1.5 ms at 8 threads on 2 cores, so `locks` takes its lock 10^4
/// times there instead of 10^5, `conf_over_tcp`).
const RANK_THREAD_COUNTS: &[u32] = &[1, 2, 4, 8];
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
    /// Why the program is left out of the race-checked mode (`// race-sweep: skip ...`).
    race_skip: Option<String>,
    /// `// mpi-skip: <reason>`: mode mpi is listed as ignored, with the reason.
    mpi_skip: Option<String>,
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
            } else if let Some(rest) = l.strip_prefix("// race-sweep: skip") {
                prog.race_skip = Some(rest.trim().to_string());
            } else if let Some(rest) = l.strip_prefix("// mpi-skip:") {
                prog.mpi_skip = Some(rest.trim().to_string());
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
            race_skip: None,
            mpi_skip: None,
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
    /// Dynamic THREADS, checked build with race checking (`--upccheck:-r`).
    Race,
    /// Dynamic THREADS, checked build for the MPI conduit, started with upcrun (mpirun).
    Mpi,
    /// As `Mpi`, with every thread its own node (`UPC_MPI_NODES=rank`: other threads' data
    /// only through MPI one-sided communication, over TCP loopback).
    MpiRank,
    /// As `Mpi`, race-checked (`--upccheck:-r`), THREADS as `Race`.
    MpiRace,
    /// As `MpiRace`, with every thread its own node (each access to another node's data
    /// checked by its owner's process).
    MpiRaceRank,
}

impl Mode {
    /// Built for the MPI conduit and started by `upcrun`.
    fn is_mpi(self) -> bool {
        matches!(
            self,
            Mode::Mpi | Mode::MpiRank | Mode::MpiRace | Mode::MpiRaceRank
        )
    }

    fn tag(self) -> &'static str {
        match self {
            Mode::Dynamic => "dyn",
            Mode::Static => "static",
            Mode::Unchecked => "nochk",
            Mode::Race => "race",
            Mode::Mpi => "mpi",
            Mode::MpiRank => "mpi-rank",
            Mode::MpiRace => "mpi-race",
            Mode::MpiRaceRank => "mpi-race-rank",
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
        Mode::Race => vec!["--upccheck:-r".into()],
        Mode::Mpi | Mode::MpiRank => vec!["-network=mpi".into()],
        Mode::MpiRace | Mode::MpiRaceRank => vec!["-network=mpi".into(), "--upccheck:-r".into()],
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

/// Problems of one run, or None when it passed.
fn run_one(
    prog: &Program,
    mode: Mode,
    exe: &Path,
    threads: u32,
    timeout: Duration,
) -> Option<String> {
    let mut cmd = if mode.is_mpi() {
        let mut c = Command::new(upcrun());
        mpi_env(&mut c).arg("-n").arg(threads.to_string()).arg(exe);
        if matches!(mode, Mode::MpiRank | Mode::MpiRaceRank) {
            c.env("UPC_MPI_NODES", "rank");
        }
        c
    } else {
        Command::new(exe)
    };
    cmd.env("CONF_EXPECT_THREADS", threads.to_string())
        .env("NO_COLOR", "1");
    match mode {
        Mode::Mpi | Mode::MpiRank | Mode::MpiRace | Mode::MpiRaceRank => {
            cmd.env_remove("UPC_THREADS");
        }
        Mode::Dynamic | Mode::Unchecked | Mode::Race => {
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
    // A correct program draws no finding from the checker: not even a warning.
    if let Some(r) = out
        .stderr
        .lines()
        .find(|l| l.starts_with("error[") || l.starts_with("warning["))
    {
        problems.push(format!("checker report: {r}"));
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
        return None;
    }
    Some(format!(
        "{}\n--- stdout (tail) ---\n{}\n--- stderr (tail) ---\n{}",
        problems.join("; "),
        tail(&out.stdout, 30),
        tail(&out.stderr, 30)
    ))
}

/// Compile one job and run it at each of its thread counts; every problem, or Ok.
fn job_trial(job: &Job, workdir: &Path, timeout: Duration) -> Result<(), Failed> {
    let exe = compile(job, workdir)?;
    let failures: Vec<String> = job
        .threads
        .iter()
        .filter_map(|&t| {
            run_one(&job.prog, job.mode, &exe, t, timeout).map(|e| format!("THREADS={t}: {e}"))
        })
        .collect();
    let _ = std::fs::remove_file(&exe);
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n\n").into())
    }
}

fn main() -> std::process::ExitCode {
    let args = Arguments::from_args();
    if let Err(e) = find_runtime_library() {
        eprintln!("conformance: cannot run the programs: {e}");
        return std::process::ExitCode::FAILURE;
    }
    let threads = env_list("CONFORMANCE_THREADS").unwrap_or_else(|| THREAD_COUNTS.to_vec());
    let mut modes: Vec<Mode> = match std::env::var("CONFORMANCE_MODES").as_deref() {
        Ok("static") => vec![Mode::Static],
        Ok("dynamic") => vec![Mode::Dynamic],
        Ok("unchecked") => vec![Mode::Unchecked],
        Ok("race") => vec![Mode::Race],
        Ok("mpi") => vec![Mode::Mpi],
        Ok("mpi-rank") => vec![Mode::MpiRank],
        Ok("mpi-race") => vec![Mode::MpiRace],
        Ok("mpi-race-rank") => vec![Mode::MpiRaceRank],
        _ => vec![
            Mode::Dynamic,
            Mode::Static,
            Mode::Unchecked,
            Mode::Race,
            Mode::Mpi,
            Mode::MpiRank,
            Mode::MpiRace,
            Mode::MpiRaceRank,
        ],
    };
    let race_threads =
        env_list("CONFORMANCE_THREADS").unwrap_or_else(|| RACE_THREAD_COUNTS.to_vec());
    if modes.iter().any(|m| m.is_mpi()) {
        if let Err(why) = mpi_conduit() {
            eprintln!("conformance: the modes of the MPI conduit skipped: {why}");
            modes.retain(|m| !m.is_mpi());
        }
    }
    let rank_threads =
        env_list("CONFORMANCE_THREADS").unwrap_or_else(|| RANK_THREAD_COUNTS.to_vec());
    let timeout = Duration::from_secs(env_num("CONFORMANCE_TIMEOUT", 180));
    let workdir = tempfile::tempdir().expect("temporary directory");

    let mut trials = Vec::new();
    for p in discover() {
        let all: String = p
            .sources
            .iter()
            .map(|s| std::fs::read_to_string(s).unwrap_or_default())
            .collect();
        let reports_pass = all.contains("PASS") || all.contains("conf_finish");
        for &m in &modes {
            let per_job: Vec<Vec<u32>> = match m {
                Mode::Race | Mode::MpiRace | Mode::MpiRaceRank if p.race_skip.is_some() => vec![],
                Mode::Race | Mode::MpiRace | Mode::MpiRaceRank => vec![race_threads.clone()],
                Mode::Dynamic | Mode::Unchecked | Mode::Mpi => vec![threads.clone()],
                Mode::MpiRank => vec![rank_threads.clone()],
                Mode::Static => threads.iter().map(|&t| vec![t]).collect(),
            };
            for ts in per_job {
                let name = match m {
                    Mode::Static => format!("{}::{}{}", p.name, m.tag(), ts[0]),
                    _ => format!("{}::{}", p.name, m.tag()),
                };
                let job = Job {
                    prog: p.clone(),
                    mode: m,
                    threads: ts,
                };
                let dir = workdir.path().to_path_buf();
                let skip = m.is_mpi().then(|| p.mpi_skip.clone()).flatten();
                if let Some(why) = &skip {
                    eprintln!("conformance: {name} ignored: {why}");
                }
                trials.push(
                    Trial::test(name, move || {
                        if !reports_pass {
                            return Err("a conformance program must report PASS".into());
                        }
                        // every remote access of mode mpi-rank is a TCP round trip
                        let t = if matches!(job.mode, Mode::MpiRank | Mode::MpiRaceRank) {
                            timeout * 2
                        } else {
                            timeout
                        };
                        job_trial(&job, &dir, t)
                    })
                    .with_ignored_flag(skip.is_some()),
                );
            }
        }
    }
    let conclusion = libtest_mimic::run(&args, trials);
    drop(workdir);
    conclusion.exit_code()
}
