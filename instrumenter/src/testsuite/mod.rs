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
//!  * threads: 2 4 8                       (one run per count; the counts the program allows)
//!  * files: foo_lib.upc                   (extra sources compiled with it)
//!  * env: UPCCHECK_STOP_ON_ERROR=FALSE    (extra environment of the run)
//!  * static: yes                          (compile with -T N instead of UPC_THREADS=N)
//!  * stdout: pi = 3.14                    (text the program must print)
//!  * timeout: 30                          (seconds per run, default 60)
//!  * value: nbytes = 0                    (an argument the finding names, with its value)
//!  * report: upc_alloc at x_err.upc:12    (text the finding's message must contain)
//!  * flags: --upccheck:-r                 (extra compiler flags)
//!  * nodes: one                           (needs every thread's data mapped: skipped when
//!                                           UPC_MPI_NODES spreads an MPI job over nodes)
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

use crate::interrupt;
use crate::network::Network;

mod discover;
mod header;
mod judge;
mod junit;
mod runner;
mod sarif_log;
mod scorecard;

use discover::discover;
use header::*;
pub use header::{parse_header, Expect, Header, Loc};
use judge::*;
use junit::junit_xml;
use runner::*;
use sarif_log::sarif_log;
use scorecard::print_scorecard;

/// What `upc-check test` was asked to do.
#[derive(Clone, Debug)]
pub struct Options {
    /// Folder searched (recursively) for `*.upc` files with a `upc-check-test` header.
    pub dir: PathBuf,
    /// The `upc-check` binary used to compile the tests.
    pub compiler: PathBuf,
    /// Write a JUnit XML report here.
    pub junit: Option<PathBuf>,
    /// Run every test with these thread counts instead of the header's: those of them its
    /// `threads:` line allows (the others are skipped), all of them without that line.
    pub threads: Option<Vec<u32>>,
    /// Tests run in parallel.
    pub jobs: usize,
    /// Build every test for this network (`-network=mpi`: run with `upcrun`, i.e. mpirun).
    pub network: Network,
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
    /// Run every test with these thread counts (e.g. 2,4,8) instead of its header's: a test
    /// whose `threads:` line does not allow a count is skipped at that count.
    #[arg(long, value_delimiter = ',', value_name = "N,...")]
    pub threads: Option<Vec<u32>>,
    /// Tests run in parallel.
    #[arg(short = 'j', long, default_value_t = 2)]
    pub jobs: usize,
    /// Build every test with -network=NAME (smp or mpi; mpi runs them with upcrun).
    #[arg(long, value_name = "NAME", default_value = "smp", value_parser = Network::parse)]
    pub network: Network,
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
        network: args.network,
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

/// One test program found on disk.
#[derive(Clone, Debug)]
struct TestCase {
    path: PathBuf,
    /// Path relative to the searched folder, for messages.
    name: String,
    category: String,
    header: Header,
    /// Thread counts of `--threads` that the header's `threads:` does not allow, or all of
    /// them for a `nodes: one` test over several nodes.
    skipped: Vec<u32>,
    /// Why they are skipped (for the message).
    skip_why: String,
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
            select_threads(c, t);
        }
    }
    if opts.network == Network::Mpi && several_nodes(std::env::var("UPC_MPI_NODES").ok()) {
        for c in cases.iter_mut().filter(|c| c.header.one_node) {
            skip_one_node(c);
        }
    }
    if cases.is_empty() {
        bail!(
            "no test with a `upc-check-test` header under {}",
            dir.display()
        );
    }
    let total = cases.len();
    interrupt::install().context("cannot watch for Ctrl-C")?;
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
                let r = run_case(&compiler, opts.network, case);
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

/// The thread counts `case` runs at when `--threads` asks for `wanted`: those its header
/// allows (all of them when the header has no `threads:`); the others go to `skipped`.
fn select_threads(case: &mut TestCase, wanted: &[u32]) {
    let allowed = |t: &u32| !case.header.threads_given || case.header.threads.contains(t);
    let (run, skipped): (Vec<u32>, Vec<u32>) = wanted.iter().partition(|t| allowed(t));
    if !skipped.is_empty() {
        let list: Vec<String> = case.header.threads.iter().map(u32::to_string).collect();
        case.skip_why = format!("the header allows {}", list.join(" "));
    }
    case.header.threads = run;
    case.skipped = skipped;
}

/// Whether `UPC_MPI_NODES` (upcrun) spreads an MPI job over several nodes.
fn several_nodes(nodes: Option<String>) -> bool {
    nodes.is_some_and(|n| {
        let n = n.trim();
        !n.is_empty() && n != "1"
    })
}

/// A `nodes: one` test in a job over several nodes: skipped at every count.
fn skip_one_node(case: &mut TestCase) {
    case.skipped.append(&mut case.header.threads);
    case.skipped.sort_unstable();
    case.skip_why =
        "the header says `nodes: one` and UPC_MPI_NODES spreads the job over several nodes".into();
}

/// " (skipped at T=2: the header allows 3 4 8)" for a test with skipped counts, else "".
fn skip_note(case: &TestCase) -> String {
    if case.skipped.is_empty() {
        return String::new();
    }
    let list: Vec<String> = case.skipped.iter().map(u32::to_string).collect();
    format!(" (skipped at T={}: {})", list.join(","), case.skip_why)
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
    let note = skip_note(&r.case);
    if r.runs.is_empty() {
        let _ = writeln!(out, "[{}/{}] skip {}{}", n, total, r.case.name, note);
    } else if fails.is_empty() {
        let _ = writeln!(out, "[{}/{}] ok   {}{}", n, total, r.case.name, note);
    } else {
        let _ = writeln!(out, "[{}/{}] FAIL {}{}", n, total, r.case.name, note);
        for f in fails {
            let _ = writeln!(out, "       {}", f);
        }
    }
}

fn fail(class: &'static str, detail: impl Into<String>) -> Option<Failure> {
    Some(Failure {
        class,
        detail: detail.into(),
    })
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
    fn forced_thread_counts_keep_to_the_header() {
        let case = |src: &str| TestCase {
            path: PathBuf::from("/d/t/a_ok.upc"),
            name: "t/a_ok.upc".into(),
            category: "t".into(),
            header: parse_header(src).unwrap().unwrap(),
            skipped: Vec::new(),
            skip_why: String::new(),
        };
        let mut c = case("/* upc-check-test\n * expect: clean\n * threads: 3 4 8\n */");
        select_threads(&mut c, &[2, 4, 8]);
        assert_eq!(c.header.threads, vec![4, 8]);
        assert_eq!(c.skipped, vec![2]);
        assert_eq!(skip_note(&c), " (skipped at T=2: the header allows 3 4 8)");
        let mut c = case("/* upc-check-test\n * expect: clean\n * threads: 3\n */");
        select_threads(&mut c, &[2, 4]);
        assert!(c.header.threads.is_empty());
        assert_eq!(c.skipped, vec![2, 4]);
        // without `threads:` any count goes
        let mut c = case("/* upc-check-test\n * expect: clean\n */");
        select_threads(&mut c, &[2, 8]);
        assert_eq!(c.header.threads, vec![2, 8]);
        assert!(c.skipped.is_empty() && skip_note(&c).is_empty());
    }

    #[test]
    fn one_node_tests_are_skipped_over_several_nodes() {
        assert!(several_nodes(Some("rank".into())));
        assert!(several_nodes(Some("2".into())));
        assert!(!several_nodes(Some("1".into())));
        assert!(!several_nodes(Some(" ".into())));
        assert!(!several_nodes(None));
        let mut c = TestCase {
            path: PathBuf::from("/d/t/a_ok.upc"),
            name: "t/a_ok.upc".into(),
            category: "t".into(),
            header: parse_header(
                "/* upc-check-test\n * expect: clean\n * threads: 2 4\n * nodes: one\n */",
            )
            .unwrap()
            .unwrap(),
            skipped: Vec::new(),
            skip_why: String::new(),
        };
        assert!(c.header.one_node);
        select_threads(&mut c, &[2, 4, 8]);
        skip_one_node(&mut c);
        assert!(c.header.threads.is_empty());
        assert_eq!(c.skipped, vec![2, 4, 8]);
        assert!(skip_note(&c).contains("`nodes: one`"));
        assert!(parse_header("/* upc-check-test\n * expect: clean\n * nodes: two\n */").is_err());
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
            skipped: vec![8],
            skip_why: "the header allows 2 4".into(),
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
        assert!(x.contains("tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"1\""));
        assert!(x.contains("name=\"deadlock/a_err.upc [T=8]\" time=\"0\">\n      <skipped"));
        assert!(x.contains("expected &lt;lock-cycle&gt; &amp; more"));
        assert!(x.contains("name=\"deadlock/a_err.upc [T=4]\""));
    }
}
