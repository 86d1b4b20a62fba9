//! Helpers shared by the integration tests that compile and run UPC programs:
//! locating the driver and its runtime library, building a one-file program,
//! running a command in its own process group with a timeout, environment knobs.
#![allow(dead_code)]

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// The `upc-check` driver built by cargo for this test.
pub fn upc_check() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_upc-check"))
}

/// Write `src` to `dir/name.upc` and build it there with `upc-check flags -o name name.upc`;
/// the executable (a failed build fails the test with the compiler's messages).
pub fn build_program(dir: &Path, name: &str, src: &str, flags: &[&str]) -> PathBuf {
    std::fs::write(dir.join(format!("{name}.upc")), src).unwrap();
    let exe = dir.join(name);
    let out = Command::new(upc_check())
        .current_dir(dir)
        .args(flags)
        .arg("-o")
        .arg(&exe)
        .arg(format!("{name}.upc"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    exe
}

/// The runtime library the driver links, found where the driver looks for it.
pub fn find_runtime_library() -> Result<PathBuf, String> {
    let exe = upc_check();
    let dir = exe.parent().unwrap_or(Path::new(".")).to_path_buf();
    let mut candidates = Vec::new();
    if let Ok(home) = std::env::var("UPCCHECK_HOME") {
        candidates.push(PathBuf::from(home).join("lib/libcheckrt.a"));
    }
    candidates.push(dir.join("../lib/upc-check/libcheckrt.a"));
    candidates.push(dir.join("libcheckrt.a"));
    candidates.push(dir.join("../libcheckrt.a"));
    candidates
        .iter()
        .find(|p| p.is_file())
        .cloned()
        .ok_or_else(|| {
            format!(
                "libcheckrt.a not found (looked at {}); build the runtime first with \
                 `cargo build --release` (same profile and target directory as this test)",
                candidates
                    .iter()
                    .map(|p| p.display().to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })
}

/// `upcrun`, built next to the driver.
pub fn upcrun() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_upcrun"))
}

/// Whether programs can be built and run with `-network=mpi`: the runtime library has the
/// real MPI conduit (not the stub built without Open MPI or libclang) and `mpirun` runs.
/// Err says what is missing.
pub fn mpi_conduit() -> Result<(), String> {
    let lib = find_runtime_library()?.with_file_name(instrumenter::network::MPI_LIBRARY);
    if !instrumenter::network::archive_defines(&lib, instrumenter::network::MPI_MARKER)
        .unwrap_or(false)
    {
        return Err(format!(
            "{} has no MPI conduit (upc-check was built without Open MPI or libclang)",
            lib.display()
        ));
    }
    match Command::new("mpirun").arg("--version").output() {
        Ok(o) if o.status.success() => Ok(()),
        _ => Err("mpirun does not run".into()),
    }
}

/// The environment an MPI job needs on a test machine: Open MPI refuses root without being
/// told twice, and its single-copy mechanism (CMA) fails in containers without ptrace.
pub fn mpi_env(cmd: &mut Command) -> &mut Command {
    cmd.env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        .env("OMPI_MCA_btl_vader_single_copy_mechanism", "none")
}

/// Output of a finished (or killed) process.
pub struct Outcome {
    pub status: Option<ExitStatus>,
    pub timed_out: bool,
    pub stdout: String,
    pub stderr: String,
}

impl Outcome {
    /// True when the process ended by itself with exit status 0.
    pub fn success(&self) -> bool {
        !self.timed_out && self.status.is_some_and(|s| s.success())
    }
}

/// Run `cmd` in its own process group; kill the whole group when `timeout` expires.
pub fn run_with_timeout(mut cmd: Command, timeout: Duration) -> Outcome {
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            return Outcome {
                status: None,
                timed_out: false,
                stdout: String::new(),
                stderr: format!("cannot start {:?}: {e}", cmd.get_program()),
            }
        }
    };
    let (tx_out, rx_out) = std::sync::mpsc::channel();
    let (tx_err, rx_err) = std::sync::mpsc::channel();
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out.read_to_end(&mut v);
        let _ = tx_out.send(v);
    });
    std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err.read_to_end(&mut v);
        let _ = tx_err.send(v);
    });
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break Some(s),
            Ok(None) => {}
            Err(_) => break None,
        }
        if start.elapsed() > timeout {
            timed_out = true;
            // The leader is not reaped yet, so the group id is still ours.
            kill_group(child.id());
            let _ = child.kill();
            break child.wait().ok();
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    // The pipes close when every process of the job is gone. If some process of the
    // group outlives the job, it still holds them: the group then exists (so its id
    // cannot have been reused), and it is killed and reported.
    let grace = Duration::from_secs(10);
    let mut leftover = false;
    let mut collect = |rx: std::sync::mpsc::Receiver<Vec<u8>>| match rx.recv_timeout(grace) {
        Ok(v) => v,
        Err(_) => {
            leftover = true;
            kill_group(child.id());
            rx.recv_timeout(grace).unwrap_or_default()
        }
    };
    let stdout = String::from_utf8_lossy(&collect(rx_out)).into_owned();
    let mut stderr = String::from_utf8_lossy(&collect(rx_err)).into_owned();
    if leftover {
        stderr.push_str("\n[test harness: processes of the job were still running after it ended]");
    }
    Outcome {
        status,
        timed_out: timed_out || leftover,
        stdout,
        stderr,
    }
}

/// SIGKILL to every process of the group `pgid`.
pub fn kill_group(pgid: u32) {
    let _ = Command::new("kill")
        .args(["-KILL", "--", &format!("-{pgid}")])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
}

/// The last `lines` lines of `s`.
pub fn tail(s: &str, lines: usize) -> String {
    let v: Vec<&str> = s.lines().collect();
    let start = v.len().saturating_sub(lines);
    v[start..].join("\n")
}

/// A comma-separated list of numbers from the environment variable `name`.
pub fn env_list(name: &str) -> Option<Vec<u32>> {
    std::env::var(name).ok().map(|v| {
        v.split(',')
            .filter(|s| !s.trim().is_empty())
            .map(|s| {
                s.trim()
                    .parse()
                    .unwrap_or_else(|_| panic!("{name}: not a number: {s}"))
            })
            .collect()
    })
}

/// A number from the environment variable `name`, or `default`.
pub fn env_num<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(default)
}

/// The SARIF 2.1.0 schema OASIS publishes (vendored with the rules crate).
fn sarif_validator() -> jsonschema::Validator {
    let text = include_str!("../../../rules/tests/data/sarif-schema-2.1.0.json");
    let mut schema: serde_json::Value = serde_json::from_str(text).unwrap();
    // the published `language` patterns have a stray `]` (a literal): escape it
    for def in ["run", "toolComponent"] {
        schema["definitions"][def]["properties"]["language"]["pattern"] =
            serde_json::json!("^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}\\]?$");
    }
    jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .unwrap()
}

pub fn assert_valid_sarif(log: &serde_json::Value) {
    let errors: Vec<String> = sarif_validator()
        .iter_errors(log)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "invalid SARIF: {errors:#?}\n{log:#}");
}

/// Run a built program in `dir` with `threads` threads and extra environment, no report file
/// unless `env` asks for one: (exit status, standard error).
pub fn run_prog(dir: &Path, exe: &Path, threads: u32, env: &[(&str, &str)]) -> (i32, String) {
    let mut cmd = Command::new(exe);
    cmd.current_dir(dir)
        .env("UPC_THREADS", threads.to_string())
        .env("NO_COLOR", "1")
        .env_remove("UPCCHECK_REPORT")
        .env_remove("UPCCHECK_REPORT_FORMAT");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
