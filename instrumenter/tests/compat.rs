//! The compatibility corpus: UPC programs written the way public UPC code is written
//! (benchmark suites, compiler test suites, tutorials, course assignments), compiled and
//! run unchanged.
//!
//! Layout of `tests/compat/`:
//!
//! * `NAME.upc` — a one-file program; `NAME/` — a program made of every `*.upc` and `*.c`
//!   file in that directory (headers beside them are found through `#include "..."`).
//! * `NAME.expect` (required) — the exact standard output of a run. Every line of it
//!   matches one line of output, in order, with these substitutions:
//!   `{THREADS}` is the thread count of the run, `{*}` matches any text within a line,
//!   a line `{...}` matches any number of lines (also none), and a line starting with
//!   `{foreach T} ` stands for THREADS lines, with `{T}` replaced by 0 .. THREADS-1.
//!   A first line `{unordered}` compares the output as a multiset of lines (for output
//!   printed by every thread, whose order is not defined).
//! * `NAME.flags` (optional) — extra compiler options, whitespace separated (`#` starts a
//!   comment), given to every compile and link command of the program.
//! * `NAME.args` (optional) — command-line arguments of the program.
//! * `NAME.onenode` (optional) — the expected output holds only when every thread is on
//!   one node (the file says why); the build with every thread its own node
//!   (`gcc-mpi-rank`) skips it.
//! * `NAME.racy` (optional) — the program has a data race under UPC's memory model (the
//!   file says where); the race build (`gcc-race`) skips it.
//! * `NAME.static` (optional) — the program is written for the static THREADS environment
//!   (`shared [N*N/THREADS]`, `int a[THREADS]`, `#if THREADS`): it is built and run in the
//!   static builds only (the file says why).
//! * `NAME/Makefile` — a program directory with a Makefile is built by its own Makefile:
//!   `make CC=upc-check UPCC=upc-check` in a copy of the directory, where `upc-check` is a
//!   command that adds the build's options (and `NAME.flags`); the program is the
//!   executable `NAME` that `make` leaves in the directory.
//! * `nas/` — a NAS-style project with its own Makefiles, built with `make` by a test of
//!   its own (`nas_project`).
//!
//! Every program checks its own result. A run passes when it exits with status 0 within
//! the timeout, prints exactly what `NAME.expect` says and the checker reports nothing on
//! standard error (no `error[...]` or `warning[...]` report).
//!
//! The matrix: dynamic THREADS builds with gcc, checked (the default) and unchecked
//! (`--upccheck:-a --upccheck:-d`), and with clang, checked, each run with UPC_THREADS =
//! 1 .. 8; and static THREADS builds (`-T N`, N = 1, 3 and 4) with gcc, checked. Each static
//! N is a compilation of its own, and every build costs the suite about a minute on 2
//! cores, so the default matrix leaves out what the others cover: clang unchecked
//! (`clang-nochk`: the unchecked translation is gcc-nochk's, the compiler clang-dyn's) and
//! static 2, 5, 6, 7 and 8 (the dynamic builds run every count from 1 to 8; `-T 4` is the
//! power of two, `-T 3` the count that divides nothing).  `COMPAT_BUILDS` and
//! `COMPAT_THREADS` bring them back. A multi-file program is compiled
//! in one command in the dynamic builds and file by file (`-c`, then a link) in the static
//! ones.
//!
//! Every (program, build) is a test of its own, named `PROGRAM::BUILD` (`stream::gcc-dyn`,
//! `stream::gcc-T4`), and every NAS thread count one more (`nas::NP=4`), so the usual test
//! filters and options apply: `cargo test --test compat -- stream --test-threads 2`.
//!
//! Environment knobs: `COMPAT_THREADS=1,4` the thread counts (of the static builds too);
//! `COMPAT_BUILDS=gcc-dyn,static` the builds (`gcc-dyn`, `gcc-nochk`, `clang-dyn` and
//! `static` by default; `clang-nochk`; `gcc-race`: dynamic, checked, with race checking
//! `--upccheck:-r`, not in the default list; `gcc-mpi` and `gcc-mpi-rank`: dynamic,
//! checked, for the MPI conduit, started by `upcrun` on one node or with every thread its
//! own node, and `gcc-race-mpi-rank`, the latter with race checking, not in the default
//! list either);
//! `COMPAT_TIMEOUT=secs` the timeout of one run (default 120); `COMPAT_NAS_NP=2,4` the
//! thread counts of the NAS project.

mod common;

use common::{
    env_list, env_num, find_runtime_library, mpi_env, run_with_timeout, tail, upc_check, upcrun,
    Outcome,
};
use libtest_mimic::{Arguments, Failed, Trial};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

const THREAD_COUNTS: &[u32] = &[1, 2, 3, 4, 5, 6, 7, 8];
/// The static builds' `-T N` unless `COMPAT_THREADS` says.
const STATIC_THREAD_COUNTS: &[u32] = &[1, 3, 4];
const COMPILE_TIMEOUT: Duration = Duration::from_secs(300);

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/compat")
}

// ------------------------------------------------------------------------------------
// Programs

#[derive(Debug, Clone)]
struct Program {
    name: String,
    /// The sources, compiled in this order.
    sources: Vec<PathBuf>,
    /// Directory of a multi-file program.
    dir: Option<PathBuf>,
    expect: Expect,
    flags: Vec<String>,
    args: Vec<String>,
    /// Racy by UPC's memory model (`NAME.racy`): not run in the race build.
    racy: bool,
    /// Its output holds only on one node (`NAME.onenode`): not run with every thread its
    /// own node.
    one_node: bool,
    /// Written for static THREADS (`NAME.static`): not built in the dynamic builds.
    static_only: bool,
    /// Built by the Makefile in its directory.
    make: bool,
}

fn words(path: &Path) -> Vec<String> {
    match std::fs::read_to_string(path) {
        Ok(text) => text
            .lines()
            .map(|l| l.split('#').next().unwrap())
            .flat_map(|l| l.split_whitespace().map(str::to_string))
            .collect(),
        Err(_) => Vec::new(),
    }
}

fn discover() -> Vec<Program> {
    let dir = corpus_dir();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    let mut progs = Vec::new();
    for p in entries {
        let name = p.file_stem().unwrap().to_string_lossy().into_owned();
        let make = p.is_dir() && p.join("Makefile").is_file();
        let (sources, pdir) = if p.is_dir() {
            if name == "nas" {
                continue;
            }
            let mut s: Vec<PathBuf> = std::fs::read_dir(&p)
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|f| f.extension().is_some_and(|x| x == "upc" || x == "c"))
                .collect();
            s.sort();
            assert!(
                make || !s.is_empty(),
                "{}: a program directory without sources",
                p.display()
            );
            (s, Some(p.clone()))
        } else if p.extension().is_some_and(|x| x == "upc") {
            (vec![p.clone()], None)
        } else {
            continue;
        };
        let expect_path = dir.join(format!("{name}.expect"));
        let text = std::fs::read_to_string(&expect_path).unwrap_or_else(|e| {
            panic!(
                "{}: every program needs {} ({e})",
                p.display(),
                expect_path.display()
            )
        });
        progs.push(Program {
            name: name.clone(),
            sources,
            dir: pdir,
            expect: Expect::parse(&text),
            flags: words(&dir.join(format!("{name}.flags"))),
            args: words(&dir.join(format!("{name}.args"))),
            racy: dir.join(format!("{name}.racy")).is_file(),
            one_node: dir.join(format!("{name}.onenode")).is_file(),
            static_only: dir.join(format!("{name}.static")).is_file(),
            make,
        });
    }
    progs
}

// ------------------------------------------------------------------------------------
// Expected output

#[derive(Debug, Clone)]
struct Expect {
    unordered: bool,
    lines: Vec<String>,
}

impl Expect {
    fn parse(text: &str) -> Expect {
        let mut lines: Vec<String> = text.lines().map(|l| l.trim_end().to_string()).collect();
        let unordered = lines.first().is_some_and(|l| l == "{unordered}");
        if unordered {
            lines.remove(0);
        }
        while lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
        Expect { unordered, lines }
    }

    /// The patterns for a run with `threads` threads.
    fn expand(&self, threads: u32) -> Vec<String> {
        let mut out = Vec::new();
        for l in &self.lines {
            let l = l.replace("{THREADS}", &threads.to_string());
            if let Some(rest) = l.strip_prefix("{foreach T} ") {
                for t in 0..threads {
                    out.push(rest.replace("{T}", &t.to_string()));
                }
            } else {
                out.push(l);
            }
        }
        out
    }

    /// None when `stdout` matches, else what differs.
    fn check(&self, stdout: &str, threads: u32) -> Option<String> {
        let pats = self.expand(threads);
        let got: Vec<&str> = stdout.lines().map(str::trim_end).collect();
        if self.unordered {
            let mut used = vec![false; got.len()];
            let mut missing = Vec::new();
            // Literal patterns first, so that a wildcard does not take their line.
            let mut order: Vec<&String> = pats.iter().collect();
            order.sort_by_key(|p| p.contains("{*}"));
            for p in order {
                match (0..got.len()).find(|&i| !used[i] && line_matches(p, got[i])) {
                    Some(i) => used[i] = true,
                    None => missing.push(p.clone()),
                }
            }
            let extra: Vec<&str> = (0..got.len())
                .filter(|&i| !used[i])
                .map(|i| got[i])
                .collect();
            if missing.is_empty() && extra.is_empty() {
                return None;
            }
            let mut msg = String::from("stdout differs (unordered)");
            for m in missing.iter().take(10) {
                msg.push_str(&format!("\n  missing line: {m:?}"));
            }
            for e in extra.iter().take(10) {
                msg.push_str(&format!("\n  unexpected line: {e:?}"));
            }
            return Some(msg);
        }
        if lines_match(&pats, &got) {
            return None;
        }
        // First difference, for the report (a `{...}` skips to the next literal match).
        let (mut i, mut j) = (0, 0);
        while i < pats.len() && j < got.len() {
            if pats[i] == "{...}" {
                if i + 1 == pats.len() {
                    j = got.len();
                    break;
                }
                match (j..got.len()).find(|&k| line_matches(&pats[i + 1], got[k])) {
                    Some(k) => {
                        j = k;
                        i += 1;
                        continue;
                    }
                    None => break,
                }
            }
            if !line_matches(&pats[i], got[j]) {
                break;
            }
            i += 1;
            j += 1;
        }
        let want = pats
            .get(i)
            .map(|s| format!("{s:?}"))
            .unwrap_or("end of output".into());
        let have = got
            .get(j)
            .map(|s| format!("{s:?}"))
            .unwrap_or("end of output".into());
        Some(format!(
            "stdout differs from the .expect file at output line {}: expected {want}, got {have}",
            j + 1
        ))
    }
}

/// Does `line` match `pat`, where `{*}` matches any text?
fn line_matches(pat: &str, line: &str) -> bool {
    let parts: Vec<&str> = pat.split("{*}").collect();
    if parts.len() == 1 {
        return pat == line;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !line.starts_with(first) || line.len() < first.len() + last.len() || !line.ends_with(last) {
        return false;
    }
    let mut rest = &line[first.len()..line.len() - last.len()];
    for mid in &parts[1..parts.len() - 1] {
        match rest.find(mid) {
            Some(k) => rest = &rest[k + mid.len()..],
            None => return false,
        }
    }
    true
}

/// Ordered match of patterns (with `{...}` lines) against output lines.
fn lines_match(pats: &[String], got: &[&str]) -> bool {
    match pats.first() {
        None => got.is_empty(),
        Some(p) if p == "{...}" => (0..=got.len()).any(|k| lines_match(&pats[1..], &got[k..])),
        Some(p) => !got.is_empty() && line_matches(p, got[0]) && lines_match(&pats[1..], &got[1..]),
    }
}

// ------------------------------------------------------------------------------------
// Builds

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Cc {
    Gcc,
    Clang,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Build {
    cc: Cc,
    checked: bool,
    /// `-T N`, or None for dynamic THREADS.
    static_threads: Option<u32>,
    /// With race checking (`--upccheck:-r`).
    race: bool,
    /// Built for the MPI conduit (`-network=mpi`) and started by `upcrun`: on one node, or
    /// with every thread its own node (`UPC_MPI_NODES=rank`).
    mpi: Option<Nodes>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Nodes {
    One,
    Rank,
}

impl Build {
    fn tag(&self) -> String {
        let cc = match self.cc {
            Cc::Gcc => "gcc",
            Cc::Clang => "clang",
        };
        match (self.static_threads, self.checked) {
            _ if self.race && self.mpi == Some(Nodes::Rank) => format!("{cc}-race-mpi-rank"),
            _ if self.race => format!("{cc}-race"),
            _ if self.mpi == Some(Nodes::One) => format!("{cc}-mpi"),
            _ if self.mpi == Some(Nodes::Rank) => format!("{cc}-mpi-rank"),
            (Some(n), true) => format!("{cc}-T{n}"),
            (Some(n), false) => format!("{cc}-nochk-T{n}"),
            (None, true) => format!("{cc}-dyn"),
            (None, false) => format!("{cc}-nochk"),
        }
    }

    fn compiler(&self) -> &'static str {
        match self.cc {
            Cc::Gcc => "gcc",
            Cc::Clang => "clang",
        }
    }

    fn mode_flags(&self) -> Vec<String> {
        let mut v = Vec::new();
        if let Some(n) = self.static_threads {
            v.push("-T".into());
            v.push(n.to_string());
        }
        if !self.checked {
            v.push("--upccheck:-a".into());
            v.push("--upccheck:-d".into());
        }
        if self.race {
            v.push("--upccheck:-r".into());
        }
        if self.mpi.is_some() {
            v.push("-network=mpi".into());
        }
        v
    }
}

fn builds_from_env(threads: &[u32]) -> Vec<Build> {
    let spec = std::env::var("COMPAT_BUILDS")
        .unwrap_or_else(|_| "gcc-dyn,gcc-nochk,clang-dyn,static".into());
    let mut v = Vec::new();
    for s in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let dynb = |cc, checked| Build {
            cc,
            checked,
            static_threads: None,
            race: false,
            mpi: None,
        };
        match s {
            "gcc-dyn" => v.push(dynb(Cc::Gcc, true)),
            "gcc-nochk" => v.push(dynb(Cc::Gcc, false)),
            "clang-dyn" => v.push(dynb(Cc::Clang, true)),
            "clang-nochk" => v.push(dynb(Cc::Clang, false)),
            "gcc-race" => v.push(Build {
                race: true,
                ..dynb(Cc::Gcc, true)
            }),
            "gcc-mpi" => v.push(Build {
                mpi: Some(Nodes::One),
                ..dynb(Cc::Gcc, true)
            }),
            "gcc-mpi-rank" => v.push(Build {
                mpi: Some(Nodes::Rank),
                ..dynb(Cc::Gcc, true)
            }),
            "gcc-race-mpi-rank" => v.push(Build {
                race: true,
                mpi: Some(Nodes::Rank),
                ..dynb(Cc::Gcc, true)
            }),
            "static" | "gcc-static" => {
                for &t in threads {
                    v.push(Build {
                        cc: Cc::Gcc,
                        checked: true,
                        static_threads: Some(t),
                        race: false,
                        mpi: None,
                    })
                }
            }
            other => panic!("COMPAT_BUILDS: unknown build {other:?}"),
        }
    }
    v
}

fn driver(build: &Build, prog: &Program) -> Command {
    let mut cmd = Command::new(upc_check());
    cmd.env("UPCCHECK_CC", build.compiler())
        .env("NO_COLOR", "1")
        .env_remove("UPC_THREADS")
        .args(build.mode_flags())
        .args(&prog.flags);
    cmd
}

fn command_line(cmd: &Command) -> String {
    let mut s = String::from("upc-check");
    for a in cmd.get_args() {
        let a = a.to_string_lossy();
        let a = match a.rfind("/tests/compat/") {
            Some(k) => format!("tests/compat/{}", &a[k + "/tests/compat/".len()..]),
            None => a.into_owned(),
        };
        s.push(' ');
        s.push_str(&a);
    }
    s
}

/// Compile and link `prog` for `build` in `dir`; the executable, or the error report.
fn compile(prog: &Program, build: &Build, dir: &Path) -> Result<PathBuf, String> {
    if prog.make {
        return make(prog, build, dir);
    }
    let exe = dir.join(format!("{}-{}", prog.name, build.tag()));
    let step = |cmd: Command| -> Result<(), String> {
        let line = command_line(&cmd);
        let out = run_with_timeout(cmd, COMPILE_TIMEOUT);
        if out.timed_out {
            return Err(format!("$ {line}\ncompiler timed out"));
        }
        if !out.success() {
            let msg = tidy(&out.stderr.replace(&format!("{}/", dir.display()), ""));
            return Err(format!(
                "$ {line}\ncompiler failed ({}):\n{}",
                status_text(&out),
                head(&msg, 40)
            ));
        }
        Ok(())
    };
    if build.static_threads.is_none() || prog.sources.len() == 1 {
        let mut cmd = driver(build, prog);
        cmd.arg("-o").arg(&exe).args(&prog.sources).current_dir(dir);
        step(cmd)?;
    } else {
        let mut objs = Vec::new();
        for src in &prog.sources {
            let obj = dir.join(format!(
                "{}-{}-{}.o",
                prog.name,
                build.tag(),
                src.file_stem().unwrap().to_string_lossy()
            ));
            let mut cmd = driver(build, prog);
            cmd.arg("-c").arg(src).arg("-o").arg(&obj).current_dir(dir);
            step(cmd)?;
            objs.push(obj);
        }
        let mut cmd = driver(build, prog);
        cmd.arg("-o").arg(&exe).args(&objs).current_dir(dir);
        step(cmd)?;
    }
    Ok(exe)
}

/// Build a program directory with its own Makefile, in a copy of it, for `build`.
fn make(prog: &Program, build: &Build, dir: &Path) -> Result<PathBuf, String> {
    let src = prog
        .dir
        .as_ref()
        .expect("a Makefile project is a directory");
    let work = dir.join(format!("{}-{}-src", prog.name, build.tag()));
    let bin = dir.join(format!("{}-{}-bin", prog.name, build.tag()));
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&bin).map_err(|e| format!("{}: {e}", bin.display()))?;
    let cp = Command::new("cp")
        .arg("-R")
        .arg(src)
        .arg(&work)
        .status()
        .map_err(|e| format!("cp: {e}"))?;
    if !cp.success() {
        return Err(format!("cannot copy {}", src.display()));
    }
    // `upc-check` on the PATH of make: the real one with the build's options first
    let quote = |a: &str| format!("'{}'", a.replace('\'', "'\\''"));
    let mut opts: Vec<String> = build.mode_flags();
    opts.extend(prog.flags.iter().cloned());
    let script = format!(
        "#!/bin/sh\nexec {} {} \"$@\"\n",
        quote(&upc_check().to_string_lossy()),
        opts.iter().map(|a| quote(a)).collect::<Vec<_>>().join(" ")
    );
    let wrapper = bin.join("upc-check");
    std::fs::write(&wrapper, script).map_err(|e| format!("{}: {e}", wrapper.display()))?;
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755))
        .map_err(|e| format!("{}: {e}", wrapper.display()))?;
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut cmd = Command::new("make");
    cmd.current_dir(&work)
        .env("PATH", path)
        .env("UPCCHECK_CC", build.compiler())
        .env("NO_COLOR", "1")
        .env_remove("UPC_THREADS")
        .env_remove("MAKEFLAGS")
        .env_remove("MFLAGS")
        .arg("CC=upc-check")
        .arg("UPCC=upc-check");
    let line = format!(
        "$ make CC=upc-check UPCC=upc-check  (upc-check = upc-check {})",
        opts.join(" ")
    );
    let out = run_with_timeout(cmd, COMPILE_TIMEOUT);
    if out.timed_out {
        return Err(format!("{line}\nmake timed out"));
    }
    if !out.success() {
        return Err(format!(
            "{line}\nmake failed ({}):\n{}\n{}",
            status_text(&out),
            tail(&out.stdout, 15),
            head(&tidy(&out.stderr), 40)
        ));
    }
    let built = work.join(&prog.name);
    let exe = dir.join(format!("{}-{}", prog.name, build.tag()));
    std::fs::rename(&built, &exe)
        .map_err(|e| format!("{line}\nmake left no executable {} ({e})", built.display()))?;
    let _ = std::fs::remove_dir_all(&work);
    let _ = std::fs::remove_dir_all(&bin);
    Ok(exe)
}

/// Compiler messages made readable: source paths relative to the crate, very long
/// lines (generated code quoted by the C compiler) shortened.
fn tidy(msg: &str) -> String {
    let root = format!("{}/", env!("CARGO_MANIFEST_DIR"));
    msg.replace(&root, "")
        .lines()
        .map(|l| {
            if l.chars().count() > 240 {
                let s: String = l.chars().take(200).collect();
                format!("{s} [... {} more characters]", l.chars().count() - 200)
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first `lines` lines of `s`.
fn head(s: &str, lines: usize) -> String {
    let v: Vec<&str> = s.lines().collect();
    if v.len() <= lines {
        return s.to_string();
    }
    format!(
        "{}\n[... {} more lines]",
        v[..lines].join("\n"),
        v.len() - lines
    )
}

fn status_text(out: &Outcome) -> String {
    match out.status {
        Some(s) => match s.code() {
            Some(c) => format!("exit status {c}"),
            None => format!("{s}"),
        },
        None => "not started".into(),
    }
}

/// Problems of one run, or None when it passed.
fn run_one(
    prog: &Program,
    build: &Build,
    exe: &Path,
    threads: u32,
    timeout: Duration,
) -> Option<String> {
    let rundir = exe.with_file_name(format!("run-{}-{}-{threads}", prog.name, build.tag()));
    let _ = std::fs::create_dir_all(&rundir);
    let mut cmd = match build.mpi {
        None => Command::new(exe),
        Some(nodes) => {
            let mut c = Command::new(upcrun());
            mpi_env(&mut c).arg("-n").arg(threads.to_string()).arg(exe);
            if nodes == Nodes::Rank {
                c.env("UPC_MPI_NODES", "rank");
            }
            c
        }
    };
    cmd.args(&prog.args)
        .current_dir(&rundir)
        .env("NO_COLOR", "1")
        .env("UPCCHECK_COLOR", "never");
    match build.static_threads {
        Some(_) => cmd.env_remove("UPC_THREADS"),
        None if build.mpi.is_some() => cmd.env_remove("UPC_THREADS"),
        None => cmd.env("UPC_THREADS", threads.to_string()),
    };
    let out = run_with_timeout(cmd, timeout);
    let _ = std::fs::remove_dir_all(&rundir);
    let mut problems = Vec::new();
    if out.timed_out {
        problems.push(format!(
            "timed out after {}s (process group killed)",
            timeout.as_secs()
        ));
    } else if !out.success() {
        problems.push(status_text(&out));
    }
    let reports: Vec<&str> = out
        .stderr
        .lines()
        .filter(|l| l.starts_with("error[") || l.starts_with("warning["))
        .collect();
    if !reports.is_empty() {
        problems.push(format!("checker report: {}", reports[0]));
    }
    if let Some(d) = prog.expect.check(&out.stdout, threads) {
        problems.push(d);
    }
    if problems.is_empty() {
        return None;
    }
    Some(format!(
        "{}\n--- stdout (last lines) ---\n{}\n--- stderr (last lines) ---\n{}",
        problems.join("\n"),
        tidy(&tail(&out.stdout, 20)),
        tidy(&tail(&out.stderr, 25))
    ))
}

// ------------------------------------------------------------------------------------
// The trials: one per program and build, one per NAS thread count

/// Compile `prog` for `build` and run it at each of `threads`; every problem, or Ok.
fn program_trial(
    prog: &Program,
    build: &Build,
    threads: &[u32],
    dir: &Path,
    timeout: Duration,
) -> Result<(), Failed> {
    let exe = compile(prog, build, dir)?;
    let failures: Vec<String> = threads
        .iter()
        .filter_map(|&t| {
            run_one(prog, build, &exe, t, timeout).map(|e| format!("THREADS={t}: {e}"))
        })
        .collect();
    let _ = std::fs::remove_file(&exe);
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n\n").into())
    }
}

// ------------------------------------------------------------------------------------
// The NAS-style project, built by its own Makefiles

/// Build the NAS-style project with its Makefiles for `np` threads and run every kernel.
fn nas_trial(np: u32, timeout: Duration) -> Result<(), Failed> {
    let src = corpus_dir().join("nas");
    let bindir = upc_check().parent().unwrap().to_path_buf();
    let path = format!(
        "{}:{}",
        bindir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let kernels = ["EP", "IS", "CG", "MG", "FT"];
    let mut failures = Vec::new();
    let dir = tempfile::tempdir().expect("temporary directory");
    let cp = Command::new("cp")
        .arg("-R")
        .arg(format!("{}/.", src.display()))
        .arg(dir.path())
        .status()
        .expect("cp");
    if !cp.success() {
        return Err("cannot copy the NAS project".into());
    }
    for k in kernels {
        let mut make = Command::new("make");
        make.current_dir(dir.path())
            .env("PATH", &path)
            .env_remove("UPC_THREADS")
            .env_remove("MAKEFLAGS")
            .env_remove("MFLAGS")
            .arg(k)
            .arg("UPCC=upc-check")
            .arg(format!("NP={np}"))
            .arg("CLASS=S");
        let out = run_with_timeout(make, COMPILE_TIMEOUT);
        if !out.success() {
            failures.push(format!(
                "make {k} UPCC=upc-check NP={np} CLASS=S failed ({}):\n{}\n{}",
                status_text(&out),
                tail(&out.stdout, 15),
                tail(&out.stderr, 30)
            ));
            continue;
        }
        let exe = dir.path().join(format!("bin/{}.S.{np}", k.to_lowercase()));
        let mut run = Command::new(&exe);
        run.current_dir(dir.path()).env_remove("UPC_THREADS");
        let out = run_with_timeout(run, timeout);
        let ok_line = out
            .stdout
            .lines()
            .any(|l| l.trim() == "Verification    =               SUCCESSFUL");
        if !out.success() || !ok_line {
            failures.push(format!(
                "bin/{}.S.{np}: {}{}\n--- stdout ---\n{}\n--- stderr ---\n{}",
                k.to_lowercase(),
                status_text(&out),
                if ok_line {
                    ""
                } else {
                    ", no SUCCESSFUL verification line"
                },
                tail(&out.stdout, 25),
                tail(&out.stderr, 25)
            ));
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n\n").into())
    }
}

fn expect_matching() {
    let e = Expect::parse("a {THREADS}\n{...}\n{foreach T} t{T}\nend {*}s\n");
    assert!(e.check("a 2\nx\ny\nt0\nt1\nend 3.5s\n", 2).is_none());
    assert!(e.check("a 2\nt0\nt1\nend s\n", 2).is_none());
    assert!(e.check("a 2\nt0\nend 1s\n", 2).is_some());
    let u = Expect::parse("{unordered}\n{foreach T} hello {T} of {THREADS}\ndone\n");
    assert!(u
        .check("hello 1 of 3\ndone\nhello 0 of 3\nhello 2 of 3\n", 3)
        .is_none());
    assert!(u.check("hello 1 of 3\ndone\nhello 0 of 3\n", 3).is_some());
    assert!(line_matches("x{*}y{*}z", "x12y34z"));
    assert!(!line_matches("x{*}y{*}z", "x12z"));
}

fn main() -> std::process::ExitCode {
    let args = Arguments::from_args();
    if let Err(e) = find_runtime_library() {
        eprintln!("compat: cannot run the corpus: {e}");
        return std::process::ExitCode::FAILURE;
    }
    let chosen = env_list("COMPAT_THREADS");
    let threads = chosen.clone().unwrap_or_else(|| THREAD_COUNTS.to_vec());
    let statics = chosen.unwrap_or_else(|| STATIC_THREAD_COUNTS.to_vec());
    let timeout = Duration::from_secs(env_num("COMPAT_TIMEOUT", 120));
    let workdir = tempfile::tempdir().expect("temporary directory");

    let mut trials = vec![Trial::test("expect_matching", || {
        expect_matching();
        Ok(())
    })];
    let mut jobs = Vec::new();
    for p in discover() {
        for b in builds_from_env(&statics) {
            if (b.race && p.racy) || (p.static_only && b.static_threads.is_none()) {
                continue;
            }
            // MPI libraries come without static archives (the driver says so and stops)
            if b.mpi.is_some() && p.flags.iter().any(|f| f == "-static") {
                continue;
            }
            if b.mpi == Some(Nodes::Rank) && p.one_node {
                continue;
            }
            jobs.push((p.clone(), b));
        }
    }
    // Static builds and multi-file programs compile longest: start them first.
    jobs.sort_by_key(|(p, b)| (b.static_threads.is_none(), p.dir.is_none()));
    for (prog, build) in jobs {
        let ts = match build.static_threads {
            Some(n) => vec![n],
            None => threads.clone(),
        };
        let dir = workdir.path().to_path_buf();
        trials.push(Trial::test(
            format!("{}::{}", prog.name, build.tag()),
            move || program_trial(&prog, &build, &ts, &dir, timeout),
        ));
    }
    for np in env_list("COMPAT_NAS_NP").unwrap_or_else(|| vec![1, 2, 3, 4, 8]) {
        trials.push(Trial::test(format!("nas::NP={np}"), move || {
            nas_trial(np, timeout)
        }));
    }
    let conclusion = libtest_mimic::run(&args, trials);
    drop(workdir);
    conclusion.exit_code()
}
