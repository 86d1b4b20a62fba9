//! `upc-check test DIR`: the error-detection test runner.
//!
//! Owns the `upc-check-test` header format, the discovery of test programs under a folder,
//! compiling and running each program for every thread count it names, comparing the
//! checker's JSON report (`UPCCHECK_REPORT`) with the expected outcome, the per-category
//! scorecard, and the JUnit XML output for CI.
//!
//! A test program starts with a comment like
//!
//! ```text
//! /* upc-check-test
//!  * expect: collective-mismatch          (an error kind, or `clean`)
//!  * line: 23                             (error tests; `f.upc:7` and several alternatives allowed)
//!  * threads: 2 4 8                       (one run per count)
//!  * files: foo_lib.upc                   (extra sources compiled with it)
//!  * env: UPCCHECK_STOP_ON_ERROR=FALSE    (extra environment of the run)
//!  * static: yes                          (compile with -T N instead of UPC_THREADS=N)
//!  * stdout: pi = 3.14                    (text the program must print)
//!  * timeout: 30                          (seconds per run, default 60)
//!  * value: nbytes = 0                    (an argument the finding names, with its value)
//!  * report: upc_alloc at x_err.upc:12    (text the finding's message must contain)
//!  * flags: --upccheck:-r                 (extra compiler flags)
//!  */
//! ```
//!
//! An error test passes when the report holds a finding of the expected kind at one of
//! the expected lines, with a complete message (thread status of every thread for
//! deadlocks, the offending argument for argument errors, every `value:` and `report:`
//! of the header; `{THREADS}` in them stands for the run's thread count).  A clean test passes when the
//! program exits 0 and the report holds no finding.  A run that does not end within the
//! timeout is killed (its whole process group) and counts as a "hang".

use anyhow::{anyhow, bail, Context, Result};
use rules::report::{Finding, Report};
use std::collections::{BTreeMap, VecDeque};
use std::fmt::Write as _;
use std::fs;
use std::io::Write as _;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What `upc-check test` was asked to do.
#[derive(Clone, Debug)]
pub struct Options {
    /// Folder searched (recursively) for `*.upc` files with a `upc-check-test` header.
    pub dir: PathBuf,
    /// The `upc-check` binary used to compile the tests.
    pub compiler: PathBuf,
    /// Write a JUnit XML report here.
    pub junit: Option<PathBuf>,
    /// Run every test with these thread counts instead of the header's.
    pub threads: Option<Vec<u32>>,
    /// Tests run in parallel.
    pub jobs: usize,
}

/// `upc-check test DIR`: its command line.
#[derive(clap::Parser, Debug)]
#[command(
    name = "upc-check test",
    about = "Run a folder of UPC test programs whose headers state the expected outcome"
)]
pub struct TestArgs {
    /// Folder searched recursively for *.upc files with a `upc-check-test` header.
    pub dir: PathBuf,
    /// Write a JUnit XML report here.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Write the findings of every run as a SARIF 2.1.0 log here.
    #[arg(long, value_name = "FILE")]
    pub sarif: Option<PathBuf>,
    /// Run every test with these thread counts instead of its header's (e.g. 2,4,8).
    #[arg(long, value_delimiter = ',', value_name = "N,...")]
    pub threads: Option<Vec<u32>>,
    /// Tests run in parallel.
    #[arg(short = 'j', long, default_value_t = 2)]
    pub jobs: usize,
}

/// `upc-check test ...` (`argv[0]` is `test`): parse the command line, run, exit status 0
/// when every test passed, 1 otherwise, 2 for a bad command line.
pub fn main(argv: Vec<std::ffi::OsString>) -> std::process::ExitCode {
    use clap::Parser as _;
    use std::process::ExitCode;
    let args = match TestArgs::try_parse_from(argv) {
        Ok(a) => a,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let compiler = match std::env::current_exe() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("upc-check: error: cannot locate upc-check itself: {e}");
            return ExitCode::from(1);
        }
    };
    let opts = Options {
        dir: args.dir,
        compiler,
        junit: args.junit,
        threads: args.threads,
        jobs: args.jobs.max(1),
    };
    match run_reporting(&opts, args.sarif.as_deref()) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("upc-check: error: {e:#}");
            ExitCode::from(1)
        }
    }
}

/// Whether `kind` is a kind of finding of the report contract.
fn known_kind(kind: &str) -> bool {
    rules::kinds::kind(kind).is_some()
}

/// Whether `kind` is a warning, not an error.
fn is_warning_kind(kind: &str) -> bool {
    rules::kinds::kind(kind).is_some_and(|k| k.warning)
}

/// Deadlock kinds: their report must give the status of every thread.
const NEEDS_THREAD_STATUS: &[&str] = &[
    "collective-mismatch",
    "single-valued-mismatch",
    "barrier-value-mismatch",
    "finished-while-waiting",
    "lock-cycle",
    "lock-chain-finished",
    "lock-chain-collective",
    "lock-held-in-collective",
];

/// Kinds whose report must name the offending argument.
const NEEDS_ARGS: &[&str] = &["invalid-argument", "single-valued-mismatch"];

const DEFAULT_TIMEOUT: u64 = 60;
const COMPILE_TIMEOUT: u64 = 300;

/// The expected outcome of a test program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    Clean,
    Error(String),
}

/// One place where the finding may be reported: a line, optionally in a given file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loc {
    pub file: Option<String>,
    pub line: u32,
}

impl std::fmt::Display for Loc {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.file {
            Some(file) => write!(f, "{}:{}", file, self.line),
            None => write!(f, "{}", self.line),
        }
    }
}

/// The parsed `upc-check-test` header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub expect: Expect,
    /// Accepted locations of the finding (error tests); any one of them matches.
    pub lines: Vec<Loc>,
    pub threads: Vec<u32>,
    pub files: Vec<String>,
    pub env: Vec<(String, String)>,
    pub static_threads: bool,
    pub stdout: Option<String>,
    pub timeout: u64,
    /// Arguments the finding must name with these values: (name, value).
    pub values: Vec<(String, String)>,
    /// Texts the finding's message (headline, notes, arguments) must contain.
    pub report: Vec<String>,
    /// Extra compiler flags.
    pub flags: Vec<String>,
}

/// Parses the header of a test program. `Ok(None)`: the file has no `upc-check-test`
/// header (a helper file). `Err`: a header that is present but malformed.
pub fn parse_header(src: &str) -> Result<Option<Header>> {
    let trimmed = src.trim_start();
    if !trimmed.starts_with("/*") {
        return Ok(None);
    }
    let end = match trimmed.find("*/") {
        Some(e) => e,
        None => return Ok(None),
    };
    let body = &trimmed[2..end];
    let mut lines = body.lines();
    let first = lines.next().unwrap_or("").trim();
    if first != "upc-check-test" {
        return Ok(None);
    }
    let mut expect = None;
    let mut locs = Vec::new();
    let mut threads = None;
    let mut files = Vec::new();
    let mut env = Vec::new();
    let mut static_threads = false;
    let mut stdout = None;
    let mut timeout = DEFAULT_TIMEOUT;
    let mut values = Vec::new();
    let mut report = Vec::new();
    let mut flags = Vec::new();
    for raw in lines {
        let l = raw.trim();
        let l = l.strip_prefix('*').unwrap_or(l).trim();
        if l.is_empty() {
            continue;
        }
        let (key, value) = l
            .split_once(':')
            .ok_or_else(|| anyhow!("header line without `key: value`: `{}`", l))?;
        let value = value.trim();
        match key.trim() {
            "expect" => {
                if value == "clean" {
                    expect = Some(Expect::Clean);
                } else if known_kind(value) {
                    expect = Some(Expect::Error(value.to_string()));
                } else {
                    bail!("unknown error kind `{}` in `expect:`", value);
                }
            }
            "line" => {
                for item in value.split_whitespace() {
                    locs.push(parse_loc(item)?);
                }
            }
            "threads" => {
                let mut v = Vec::new();
                for item in value.split_whitespace() {
                    let n: u32 = item
                        .parse()
                        .map_err(|_| anyhow!("bad thread count `{}` in `threads:`", item))?;
                    if n == 0 {
                        bail!("thread count 0 in `threads:`");
                    }
                    v.push(n);
                }
                if v.is_empty() {
                    bail!("empty `threads:`");
                }
                threads = Some(v);
            }
            "files" => files.extend(value.split_whitespace().map(str::to_string)),
            "env" => {
                for item in value.split_whitespace() {
                    let (k, v) = item
                        .split_once('=')
                        .ok_or_else(|| anyhow!("`env:` entry `{}` is not NAME=VALUE", item))?;
                    env.push((k.to_string(), v.to_string()));
                }
            }
            "static" => {
                static_threads = match value {
                    "yes" | "true" => true,
                    "no" | "false" => false,
                    _ => bail!("`static:` must be yes or no, not `{}`", value),
                }
            }
            "stdout" => {
                if value.is_empty() {
                    bail!("empty `stdout:`");
                }
                stdout = Some(value.to_string());
            }
            "timeout" => {
                timeout = value
                    .parse()
                    .map_err(|_| anyhow!("bad `timeout:` value `{}`", value))?;
            }
            "value" => {
                let (name, v) = value
                    .split_once('=')
                    .map(|(n, v)| (n.trim(), v.trim()))
                    .filter(|(n, v)| !n.is_empty() && !v.is_empty())
                    .ok_or_else(|| anyhow!("`value:` must be `NAME = VALUE`, not `{}`", value))?;
                values.push((name.to_string(), v.to_string()));
            }
            "report" => {
                if value.is_empty() {
                    bail!("empty `report:`");
                }
                report.push(value.to_string());
            }
            "flags" => flags.extend(value.split_whitespace().map(str::to_string)),
            other => bail!("unknown header field `{}`", other),
        }
    }
    let expect = expect.ok_or_else(|| anyhow!("header has no `expect:` line"))?;
    match &expect {
        Expect::Error(_) if locs.is_empty() => bail!("error test without `line:`"),
        Expect::Clean if !locs.is_empty() => bail!("clean test with a `line:`"),
        Expect::Clean if !values.is_empty() || !report.is_empty() => {
            bail!("clean test with a `value:` or `report:`")
        }
        _ => {}
    }
    Ok(Some(Header {
        expect,
        lines: locs,
        threads: threads.unwrap_or_else(|| vec![4]),
        files,
        env,
        static_threads,
        stdout,
        timeout,
        values,
        report,
        flags,
    }))
}

fn parse_loc(item: &str) -> Result<Loc> {
    let (file, line) = match item.rsplit_once(':') {
        Some((f, l)) => (Some(f.to_string()), l),
        None => (None, item),
    };
    let line: u32 = line
        .parse()
        .map_err(|_| anyhow!("bad line `{}` in `line:`", item))?;
    if line == 0 {
        bail!("line 0 in `line:`");
    }
    Ok(Loc { file, line })
}

/// One test program found on disk.
#[derive(Clone, Debug)]
struct TestCase {
    path: PathBuf,
    /// Path relative to the searched folder, for messages.
    name: String,
    category: String,
    header: Header,
}

/// The outcome of one run (one thread count) of one test.
#[derive(Clone, Debug)]
struct RunResult {
    threads: u32,
    /// The findings of the run's report.
    findings: Vec<Finding>,
    /// None: passed. Some: why it failed.
    failure: Option<Failure>,
    seconds: f64,
}

#[derive(Clone, Debug)]
struct Failure {
    /// Short class: "missed", "wrong-line", "false-alarm", "hang", "compile", "incomplete", ...
    class: &'static str,
    detail: String,
}

#[derive(Clone, Debug)]
struct TestResult {
    case: TestCase,
    runs: Vec<RunResult>,
}

/// Runs every test under `opts.dir`, prints the scorecard, writes JUnit XML if asked.
/// `Ok(true)` when every test passed.
pub fn run(opts: &Options) -> Result<bool> {
    run_reporting(opts, None)
}

/// [`run`], also writing the findings of every run as a SARIF log to `sarif`.
pub fn run_reporting(opts: &Options, sarif: Option<&Path>) -> Result<bool> {
    let compiler = fs::canonicalize(&opts.compiler)
        .with_context(|| format!("compiler `{}` not found", opts.compiler.display()))?;
    let dir = fs::canonicalize(&opts.dir)
        .with_context(|| format!("test folder `{}` not found", opts.dir.display()))?;
    let mut cases = discover(&dir)?;
    if let Some(t) = &opts.threads {
        if t.is_empty() || t.contains(&0) {
            bail!("--threads needs positive thread counts");
        }
        for c in &mut cases {
            c.header.threads = t.clone();
        }
    }
    if cases.is_empty() {
        bail!(
            "no test with a `upc-check-test` header under {}",
            dir.display()
        );
    }
    let total = cases.len();
    eprintln!("running {} tests from {}", total, dir.display());

    let queue = Mutex::new(cases.into_iter().enumerate().collect::<VecDeque<_>>());
    let results: Mutex<Vec<(usize, TestResult)>> = Mutex::new(Vec::new());
    let done = AtomicUsize::new(0);
    let jobs = opts.jobs.max(1);
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| loop {
                let next = queue.lock().unwrap().pop_front();
                let Some((idx, case)) = next else { break };
                let r = run_case(&compiler, case);
                let n = done.fetch_add(1, Ordering::SeqCst) + 1;
                print_progress(&r, n, total);
                results.lock().unwrap().push((idx, r));
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|(i, _)| *i);
    let results: Vec<TestResult> = results.into_iter().map(|(_, r)| r).collect();

    let ok = print_scorecard(&results);
    if let Some(path) = &opts.junit {
        fs::write(path, junit_xml(&results))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    if let Some(path) = sarif {
        let log = sarif_log(&results, &dir, ok);
        let text = serde_json::to_string_pretty(&log)? + "\n";
        fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(ok)
}

fn print_progress(r: &TestResult, n: usize, total: usize) {
    let fails: Vec<String> = r
        .runs
        .iter()
        .filter_map(|run| {
            run.failure
                .as_ref()
                .map(|f| format!("T={} {}: {}", run.threads, f.class, f.detail))
        })
        .collect();
    let mut out = std::io::stdout().lock();
    if fails.is_empty() {
        let _ = writeln!(out, "[{}/{}] ok   {}", n, total, r.case.name);
    } else {
        let _ = writeln!(out, "[{}/{}] FAIL {}", n, total, r.case.name);
        for f in fails {
            let _ = writeln!(out, "       {}", f);
        }
    }
}

/// Finds every `*.upc` with a header under `dir`, sorted by path.
fn discover(dir: &Path) -> Result<Vec<TestCase>> {
    let mut files = Vec::new();
    walk(dir, &mut files)?;
    files.sort();
    let mut cases = Vec::new();
    for path in files {
        let src =
            fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
        let header = parse_header(&src).with_context(|| format!("in {}", path.display()))?;
        let Some(header) = header else { continue };
        let rel = path.strip_prefix(dir).unwrap_or(&path);
        let name = rel.display().to_string();
        let category = if rel.components().count() > 1 {
            rel.components()
                .next()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .unwrap_or_default()
        } else {
            dir.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| ".".into())
        };
        cases.push(TestCase {
            path,
            name,
            category,
            header,
        });
    }
    Ok(cases)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
    for entry in fs::read_dir(dir).with_context(|| format!("cannot list {}", dir.display()))? {
        let entry = entry?;
        let path = entry.path();
        let ft = entry.file_type()?;
        if ft.is_dir() {
            walk(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "upc") {
            out.push(path);
        }
    }
    Ok(())
}

static TMP_COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A scratch folder removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> Result<TempDir> {
        let n = TMP_COUNTER.fetch_add(1, Ordering::SeqCst);
        let p = std::env::temp_dir().join(format!("upc-check-test-{}-{}", std::process::id(), n));
        fs::create_dir_all(&p).with_context(|| format!("cannot create {}", p.display()))?;
        Ok(TempDir(p))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn fail(class: &'static str, detail: impl Into<String>) -> Option<Failure> {
    Some(Failure {
        class,
        detail: detail.into(),
    })
}

fn run_case(compiler: &Path, case: TestCase) -> TestResult {
    let mut runs = Vec::new();
    let tmp = match TempDir::new() {
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
    let mut dynamic_exe: Option<std::result::Result<PathBuf, String>> = None;
    let mut found = Vec::new();
    for &t in &case.header.threads {
        let start = Instant::now();
        let exe = if case.header.static_threads {
            compile(compiler, &case, Some(t), &tmp.0)
        } else {
            dynamic_exe
                .get_or_insert_with(|| compile(compiler, &case, None, &tmp.0))
                .clone()
        };
        let failure = match exe {
            Err(msg) => fail("compile", msg),
            Ok(exe) => run_once(&case, &exe, t, &tmp.0, &mut found),
        };
        runs.push(RunResult {
            threads: t,
            findings: std::mem::take(&mut found),
            failure,
            seconds: start.elapsed().as_secs_f64(),
        });
    }
    TestResult { case, runs }
}

/// Compiles the test; returns the executable or the compiler's message.
fn compile(
    compiler: &Path,
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

enum Outcome {
    Exited(ExitStatus),
    TimedOut,
}

extern "C" {
    fn kill(pid: i32, sig: i32) -> i32;
}
const SIGKILL: i32 = 9;

/// Runs `cmd` in its own process group with stdout/stderr sent to files; on timeout
/// the whole group is killed.
fn run_with_timeout(mut cmd: Command, out: &Path, err: &Path, secs: u64) -> Result<Outcome> {
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
    let mut child = cmd.spawn()?;
    let pid = child.id() as i32;
    let deadline = Instant::now() + Duration::from_secs(secs);
    let mut pause = Duration::from_millis(2);
    loop {
        if let Some(st) = child.try_wait()? {
            // Kill stragglers of the group (threads of a job whose launcher is gone).
            // SAFETY: kill(2) on our own child's process group.
            unsafe { kill(-pid, SIGKILL) };
            return Ok(Outcome::Exited(st));
        }
        if Instant::now() >= deadline {
            // SAFETY: as above.
            unsafe { kill(-pid, SIGKILL) };
            let _ = child.kill();
            let _ = child.wait();
            return Ok(Outcome::TimedOut);
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(50));
    }
}

fn describe_status(st: ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (st.code(), st.signal()) {
        (Some(c), _) => format!("exit status {}", c),
        (None, Some(s)) => format!("killed by signal {}", s),
        _ => "unknown status".into(),
    }
}

fn first_lines(s: &str, n: usize) -> String {
    let v: Vec<&str> = s.lines().filter(|l| !l.trim().is_empty()).take(n).collect();
    v.join(" | ")
}

/// The findings of a report file (the report contract of `rules::report`).
fn parse_report(text: &str) -> Result<Vec<Finding>> {
    let r: Report =
        serde_json::from_str(text).context("report does not follow the report contract")?;
    Ok(r.errors)
}

fn basename(p: &str) -> &str {
    p.rsplit('/').next().unwrap_or(p)
}

fn loc_matches(loc: &Loc, f: &Finding, test_file: &str) -> bool {
    if loc.line as u64 != f.line {
        return false;
    }
    let want = loc.file.as_deref().unwrap_or(test_file);
    basename(&f.file) == basename(want)
}

fn summarize(fs: &[Finding]) -> String {
    let v: Vec<String> = fs
        .iter()
        .map(|f| format!("{} at {}:{}", f.kind, basename(&f.file), f.line))
        .collect();
    v.join(", ")
}

/// `{THREADS}` and `{THREADS*K}` in a header text, for a run with `threads` threads.
fn substitute(text: &str, threads: u32) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("{THREADS") {
        out.push_str(&rest[..at]);
        let tail = &rest[at + "{THREADS".len()..];
        let factor = tail
            .strip_prefix('*')
            .and_then(|t| t.split_once('}'))
            .and_then(|(k, after)| Some((k.trim().parse::<u64>().ok()?, after)));
        match (tail.strip_prefix('}'), factor) {
            (Some(after), _) => {
                out.push_str(&threads.to_string());
                rest = after;
            }
            (None, Some((k, after))) => {
                out.push_str(&(k * threads as u64).to_string());
                rest = after;
            }
            _ => {
                out.push_str("{THREADS");
                rest = tail;
            }
        }
    }
    out.push_str(rest);
    out
}

/// What a finding lacks of the header's `value:` and `report:` lines.
fn lacks(h: &Header, f: &Finding, threads: u32) -> Vec<String> {
    let subst = |t: &str| substitute(t, threads);
    let mut missing = Vec::new();
    for (name, want) in &h.values {
        let want = subst(want);
        let arg = f
            .args
            .iter()
            .find(|a| a.name == *name && (a.value == want || a.value.contains(want.as_str())));
        // the argument that breaks a rule is named with its value in the headline too
        let offending = arg.is_some_and(|a| !a.rule.is_empty());
        let headline = f.kind != "invalid-argument"
            || !offending
            || f.message.contains(&format!("{name} = {want}"));
        // or a related argument of the broken rule, in a note
        let related = f.notes.iter().any(|n| {
            n.starts_with("related argument ")
                && n.contains(&format!("`{name}`: "))
                && n.contains(&format!(" is {want}"))
        });
        if !(arg.is_some() && headline || related) {
            missing.push(format!("value {name} = {want}"));
        }
    }
    let text = rules::sarif::message_text(f);
    for want in &h.report {
        let want = subst(want);
        if !text.contains(want.as_str()) {
            missing.push(format!("`{want}`"));
        }
    }
    missing
}

/// Runs the compiled test once with `threads` threads and judges the outcome.
fn run_once(
    case: &TestCase,
    exe: &Path,
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
    let mut cmd = Command::new(exe);
    cmd.current_dir(&work);
    for (k, _) in std::env::vars() {
        if k.starts_with("UPCCHECK_") || k == "UPC_THREADS" {
            cmd.env_remove(k);
        }
    }
    if !h.static_threads {
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
    let stdout_text = fs::read_to_string(&out).unwrap_or_default();
    let stderr_text = fs::read_to_string(&err).unwrap_or_default();
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

#[derive(Default)]
struct Score {
    err_total: usize,
    err_detected: usize,
    clean_total: usize,
    clean_passed: usize,
    false_alarms: usize,
    hangs: usize,
    other: usize,
}

/// Prints the per-category scorecard; true when everything passed.
fn print_scorecard(results: &[TestResult]) -> bool {
    let mut cats: BTreeMap<&str, Score> = BTreeMap::new();
    let mut all_ok = true;
    let (mut passed, mut failed) = (0usize, 0usize);
    for r in results {
        let s = cats.entry(r.case.category.as_str()).or_default();
        let ok = r.runs.iter().all(|x| x.failure.is_none());
        if ok {
            passed += 1;
        } else {
            failed += 1;
            all_ok = false;
        }
        let classes: Vec<&str> = r
            .runs
            .iter()
            .filter_map(|x| x.failure.as_ref().map(|f| f.class))
            .collect();
        if classes.contains(&"hang") {
            s.hangs += 1;
        }
        match r.case.header.expect {
            Expect::Error(_) => {
                s.err_total += 1;
                if ok {
                    s.err_detected += 1;
                } else if !classes.contains(&"hang") {
                    s.other += 1;
                }
            }
            Expect::Clean => {
                s.clean_total += 1;
                if ok {
                    s.clean_passed += 1;
                } else if classes.contains(&"false-alarm") {
                    s.false_alarms += 1;
                } else if !classes.contains(&"hang") {
                    s.other += 1;
                }
            }
        }
    }
    println!();
    println!(
        "{:<20} {:>16} {:>14} {:>13} {:>6} {:>7}",
        "category", "errors detected", "clean passed", "false alarms", "hangs", "other"
    );
    for (name, s) in &cats {
        println!(
            "{:<20} {:>16} {:>14} {:>13} {:>6} {:>7}",
            name,
            format!("{}/{}", s.err_detected, s.err_total),
            format!("{}/{}", s.clean_passed, s.clean_total),
            s.false_alarms,
            s.hangs,
            s.other
        );
    }
    println!();
    println!("{} passed, {} failed", passed, failed);
    all_ok
}

/// The findings of every run as one SARIF 2.1.0 log: a result per distinct finding of a
/// test (the thread counts it was seen with in its properties), file names relative to
/// the test folder (`uriBaseId` TESTROOT), and a notification per failed run.
fn sarif_log(results: &[TestResult], dir: &Path, all_passed: bool) -> serde_json::Value {
    use serde_json::{json, Value};
    let mut out: Vec<Value> = Vec::new();
    let mut notes = Vec::new();
    for r in results {
        let folder = r
            .case
            .path
            .parent()
            .and_then(|p| p.strip_prefix(dir).ok())
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        let prefix = if folder.is_empty() {
            String::new()
        } else {
            format!("{folder}/")
        };
        let place = rules::sarif::Place {
            base: Some("TESTROOT"),
            prefix: &prefix,
        };
        let expected = match &r.case.header.expect {
            Expect::Clean => "clean".to_string(),
            Expect::Error(k) => k.clone(),
        };
        let first = out.len();
        for run in &r.runs {
            if let Some(f) = &run.failure {
                notes.push(format!(
                    "{} [T={}] {}: {}",
                    r.case.name, run.threads, f.class, f.detail
                ));
            }
            for f in &run.findings {
                let mut res = rules::sarif::result(f, &place);
                // one result per distinct finding of the test, whatever the thread count
                let same = |o: &Value| {
                    o["ruleId"] == res["ruleId"]
                        && o["locations"] == res["locations"]
                        && o["properties"]["headline"] == f.message.as_str()
                };
                if let Some(o) = out[first..].iter_mut().find(|o| same(o)) {
                    if let Some(v) = o["properties"]["threadCounts"].as_array_mut() {
                        if !v.contains(&json!(run.threads)) {
                            v.push(json!(run.threads));
                        }
                    }
                    continue;
                }
                res["properties"]["headline"] = json!(f.message);
                res["properties"]["test"] = json!(r.case.name);
                res["properties"]["expected"] = json!(expected);
                res["properties"]["threadCounts"] = json!([run.threads]);
                out.push(res);
            }
        }
    }
    rules::sarif::log(
        env!("CARGO_PKG_VERSION"),
        out,
        &rules::sarif::Invocation {
            command_line: &format!("upc-check test {}", dir.display()),
            successful: all_passed,
            notifications: notes,
            base: Some(("TESTROOT", dir.display().to_string())),
            exit_code: Some(if all_passed { 0 } else { 1 }),
        },
    )
}

fn xml_escape(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' => {}
            c => o.push(c),
        }
    }
    o
}

/// JUnit XML: one `<testsuite>` per category, one `<testcase>` per test and thread count.
fn junit_xml(results: &[TestResult]) -> String {
    let mut cats: BTreeMap<&str, Vec<&TestResult>> = BTreeMap::new();
    for r in results {
        cats.entry(r.case.category.as_str()).or_default().push(r);
    }
    let mut x = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"upc-check\">\n",
    );
    for (cat, rs) in cats {
        let runs: Vec<(&TestResult, &RunResult)> = rs
            .iter()
            .flat_map(|r| r.runs.iter().map(move |x| (*r, x)))
            .collect();
        let failures = runs.iter().filter(|(_, x)| x.failure.is_some()).count();
        let time: f64 = runs.iter().map(|(_, x)| x.seconds).sum();
        let _ = writeln!(
            x,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\" time=\"{:.3}\">",
            xml_escape(cat),
            runs.len(),
            failures,
            time
        );
        for (r, run) in runs {
            let _ = write!(
                x,
                "    <testcase classname=\"{}\" name=\"{} [T={}]\" time=\"{:.3}\"",
                xml_escape(cat),
                xml_escape(&r.case.name),
                run.threads,
                run.seconds
            );
            match &run.failure {
                None => x.push_str("/>\n"),
                Some(f) => {
                    let _ = writeln!(
                        x,
                        ">\n      <failure type=\"{}\" message=\"{}\"/>\n    </testcase>",
                        f.class,
                        xml_escape(&f.detail)
                    );
                }
            }
        }
        x.push_str("  </testsuite>\n");
    }
    x.push_str("</testsuites>\n");
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_full_error_header() {
        let src = "/* upc-check-test\n * expect: collective-mismatch\n * line: 12 lib_x.upc:7\n * threads: 2 4 8\n * files: a_lib.upc b_lib.upc\n * env: UPCCHECK_STOP_ON_ERROR=FALSE X=1\n * static: yes\n * timeout: 5\n */\nint main(){}\n";
        let h = parse_header(src).unwrap().unwrap();
        assert_eq!(h.expect, Expect::Error("collective-mismatch".into()));
        assert_eq!(
            h.lines,
            vec![
                Loc {
                    file: None,
                    line: 12
                },
                Loc {
                    file: Some("lib_x.upc".into()),
                    line: 7
                }
            ]
        );
        assert_eq!(h.threads, vec![2, 4, 8]);
        assert_eq!(h.files, vec!["a_lib.upc", "b_lib.upc"]);
        assert_eq!(
            h.env,
            vec![
                ("UPCCHECK_STOP_ON_ERROR".into(), "FALSE".into()),
                ("X".into(), "1".into())
            ]
        );
        assert!(h.static_threads);
        assert_eq!(h.timeout, 5);
        assert_eq!(h.stdout, None);
    }

    #[test]
    fn parses_a_clean_header_with_defaults_and_stdout() {
        let src = "\n/* upc-check-test\n   expect: clean\n   stdout: pi = 3.14\n*/\n";
        let h = parse_header(src).unwrap().unwrap();
        assert_eq!(h.expect, Expect::Clean);
        assert!(h.lines.is_empty());
        assert_eq!(h.threads, vec![4]);
        assert!(!h.static_threads);
        assert_eq!(h.stdout.as_deref(), Some("pi = 3.14"));
        assert_eq!(h.timeout, DEFAULT_TIMEOUT);
    }

    #[test]
    fn files_without_a_header_are_helpers() {
        assert!(parse_header("#include <upc.h>\n").unwrap().is_none());
        assert!(parse_header("/* a helper */\nint x;\n").unwrap().is_none());
        assert!(parse_header("").unwrap().is_none());
        // The header must be the first comment.
        assert!(
            parse_header("int x;\n/* upc-check-test\n * expect: clean\n */")
                .unwrap()
                .is_none()
        );
    }

    #[test]
    fn rejects_malformed_headers() {
        let bad = [
            "/* upc-check-test\n * expect: deadlock\n * line: 3\n */",
            "/* upc-check-test\n * expect: lock-cycle\n */",
            "/* upc-check-test\n * expect: clean\n * line: 4\n */",
            "/* upc-check-test\n * line: 4\n */",
            "/* upc-check-test\n * expect: clean\n * threads: two\n */",
            "/* upc-check-test\n * expect: clean\n * threads: 0\n */",
            "/* upc-check-test\n * expect: clean\n * static: maybe\n */",
            "/* upc-check-test\n * expect: clean\n * env: NOVALUE\n */",
            "/* upc-check-test\n * expect: clean\n * colour: blue\n */",
            "/* upc-check-test\n * expect: lock-cycle\n * line: x.upc:zero\n */",
        ];
        for b in bad {
            assert!(parse_header(b).is_err(), "accepted: {}", b);
        }
    }

    fn finding(kind: &str, file: &str, line: u64) -> Finding {
        Finding {
            kind: kind.into(),
            severity: "error".into(),
            file: file.into(),
            line,
            message: "m".into(),
            ..Default::default()
        }
    }

    #[test]
    fn locations_match_by_basename_and_line() {
        let f = finding("lock-cycle", "/tmp/x/deadlock/a_err.upc", 12);
        assert!(loc_matches(
            &Loc {
                file: None,
                line: 12
            },
            &f,
            "a_err.upc"
        ));
        assert!(!loc_matches(
            &Loc {
                file: None,
                line: 13
            },
            &f,
            "a_err.upc"
        ));
        assert!(!loc_matches(
            &Loc {
                file: None,
                line: 12
            },
            &f,
            "b_err.upc"
        ));
        let g = finding("lock-cycle", "a_lib.upc", 7);
        assert!(loc_matches(
            &Loc {
                file: Some("a_lib.upc".into()),
                line: 7
            },
            &g,
            "a_err.upc"
        ));
        assert!(!loc_matches(
            &Loc {
                file: None,
                line: 7
            },
            &g,
            "a_err.upc"
        ));
    }

    #[test]
    fn reads_the_report_contract() {
        let text = r#"{"program":"p","threads":2,"errors":[{"kind":"invalid-argument","severity":"error","op":"upc_all_broadcast","file":"ex1.upc","line":26,"thread":0,"message":"nbytes is 0","args":[{"index":2,"name":"nbytes","text":"n","value":"0","decl":"","rule":"> 0"}],"thread_status":[]}]}"#;
        let f = parse_report(text).unwrap();
        assert_eq!(f.len(), 1);
        assert_eq!(f[0].kind, "invalid-argument");
        assert_eq!(f[0].line, 26);
        assert_eq!(f[0].args.len(), 1);
        assert!(f[0].thread_status.is_empty());
        assert!(parse_report("{\"errors\": 3}").is_err());
        // a field the contract does not have is refused, not read as empty
        assert!(parse_report(&text.replace("\"thread_status\"", "\"status\"")).is_err());
        assert!(parse_report("not json").is_err());
    }

    #[test]
    fn values_and_report_texts_are_asserted() {
        let h = parse_header(
            "/* upc-check-test\n * expect: invalid-argument\n * line: 9\n * value: threadid = {THREADS}\n * value: nbytes=0\n * report: upc_alloc at a.upc:7\n */",
        )
        .unwrap()
        .unwrap();
        assert_eq!(
            h.values,
            vec![
                ("threadid".to_string(), "{THREADS}".to_string()),
                ("nbytes".to_string(), "0".to_string())
            ]
        );
        assert_eq!(h.report, vec!["upc_alloc at a.upc:7".to_string()]);
        let text = r#"{"program":"p","threads":4,"errors":[{"kind":"invalid-argument","severity":"error","file":"a.upc","line":9,"thread":0,
            "message":"invalid argument to upc_affinitysize: threadid = 4",
            "notes":["upc_alloc at a.upc:7 was called on this thread with a size of 0 bytes"],
            "args":[{"index":2,"name":"threadid","text":"t","value":"4","decl":"","rule":"r"},
                    {"index":1,"name":"nbytes","text":"n","value":"0","decl":"","rule":""}]}]}"#;
        let f = parse_report(text).unwrap();
        assert!(lacks(&h, &f[0], 4).is_empty(), "{:?}", lacks(&h, &f[0], 4));
        assert_eq!(lacks(&h, &f[0], 2), vec!["value threadid = 2".to_string()]);
        // the headline must name an invalid argument's value too
        let mut g = parse_report(text).unwrap();
        g[0].message = "invalid argument to upc_affinitysize".into();
        assert_eq!(lacks(&h, &g[0], 4), vec!["value threadid = 4".to_string()]);
        let h2 = parse_header(
            "/* upc-check-test\n * expect: invalid-argument\n * line: 9\n * report: freed at a.upc:3\n */",
        )
        .unwrap()
        .unwrap();
        assert_eq!(lacks(&h2, &f[0], 4), vec!["`freed at a.upc:3`".to_string()]);
        for bad in [
            "/* upc-check-test\n * expect: clean\n * value: n = 1\n */",
            "/* upc-check-test\n * expect: lock-cycle\n * line: 3\n * value: n\n */",
            "/* upc-check-test\n * expect: lock-cycle\n * line: 3\n * value: = 3\n */",
        ] {
            assert!(parse_header(bad).is_err(), "accepted: {bad}");
        }
    }

    #[test]
    fn the_command_line_takes_sarif_and_junit() {
        use clap::Parser as _;
        let a = TestArgs::try_parse_from([
            "test",
            "rted-tests",
            "--sarif",
            "out.sarif",
            "--junit",
            "out.xml",
            "--threads",
            "2,4",
        ])
        .unwrap();
        assert_eq!(a.sarif.as_deref(), Some(Path::new("out.sarif")));
        assert_eq!(a.junit.as_deref(), Some(Path::new("out.xml")));
        assert_eq!(a.threads, Some(vec![2, 4]));
        assert_eq!(a.jobs, 2);
        assert!(TestArgs::try_parse_from(["test", "d", "--sarif"]).is_err());
    }

    #[test]
    fn thread_counts_in_expected_texts() {
        assert_eq!(substitute("threadid = {THREADS}", 4), "threadid = 4");
        assert_eq!(
            substitute("reached {THREADS*10} times by {THREADS} threads", 8),
            "reached 80 times by 8 threads"
        );
        assert_eq!(
            substitute("{THREADS*x} {THREADS", 2),
            "{THREADS*x} {THREADS"
        );
    }

    #[test]
    fn kinds_come_from_the_catalog() {
        assert!(known_kind("questionable-argument") && is_warning_kind("questionable-argument"));
        assert!(is_warning_kind("livelock") && !is_warning_kind("lock-cycle"));
        assert!(!known_kind("deadlock"));
    }

    #[test]
    fn junit_escapes_and_counts() {
        let case = TestCase {
            path: PathBuf::from("/d/deadlock/a_err.upc"),
            name: "deadlock/a_err.upc".into(),
            category: "deadlock".into(),
            header: parse_header("/* upc-check-test\n * expect: lock-cycle\n * line: 3\n */")
                .unwrap()
                .unwrap(),
        };
        let r = TestResult {
            case,
            runs: vec![
                RunResult {
                    threads: 2,
                    findings: Vec::new(),
                    failure: None,
                    seconds: 0.5,
                },
                RunResult {
                    threads: 4,
                    findings: Vec::new(),
                    failure: fail("missed", "expected <lock-cycle> & more"),
                    seconds: 0.25,
                },
            ],
        };
        let x = junit_xml(&[r]);
        assert!(x.contains("tests=\"2\" failures=\"1\""));
        assert!(x.contains("expected &lt;lock-cycle&gt; &amp; more"));
        assert!(x.contains("name=\"deadlock/a_err.upc [T=4]\""));
    }
}
