//! The compiler driver: `upc-check` used where `upcc` or `gupc` was.
//!
//! Owns the command line (gcc-style flags are normalized for clap, then parsed), and the
//! pipeline of each source file: preprocess with the backend C compiler (UPC predefined
//! macros, our headers), translate, compile the C; then link with the runtime library.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use anyhow::{anyhow, bail, Context, Result};
use clap::Parser;

use crate::lower::{self, Checks, Options};

/// Exit status when the input is bad (a diagnostic was printed).
pub const EXIT_BAD_INPUT: u8 = 1;

#[derive(Parser, Debug, Default)]
#[command(
    name = "upc-check",
    version,
    about = "UPC compiler with run-time deadlock and argument checking",
    override_usage = "upc-check [options] file.upc... [-o prog]\n       upc-check test DIR [--junit out.xml]",
    after_help = "UPC checker flags: --upccheck:-a (no argument checks), --upccheck:-d (no deadlock checks),\n--upccheck:-s (track the call stack), --upccheck:-h (help on the checker).\nOther options starting with -f, -m, -W, -O, -g are passed to the C compiler."
)]
pub struct Args {
    /// Write the output to FILE.
    #[arg(short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Compile (and check) only; do not link.
    #[arg(short = 'c')]
    pub compile_only: bool,
    /// Preprocess only.
    #[arg(short = 'E')]
    pub preprocess_only: bool,
    /// Fix THREADS at compile time (static THREADS environment).
    #[arg(short = 'T', long = "fupc-threads", value_name = "N")]
    pub threads: Option<u32>,
    /// Add DIR to the include path.
    #[arg(short = 'I', value_name = "DIR")]
    pub include: Vec<String>,
    /// Define a macro.
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    pub define: Vec<String>,
    /// Undefine a macro.
    #[arg(short = 'U', value_name = "NAME")]
    pub undef: Vec<String>,
    /// Add DIR to the library path.
    #[arg(short = 'L', value_name = "DIR")]
    pub libdirs: Vec<String>,
    /// Link with a library.
    #[arg(short = 'l', value_name = "LIB")]
    pub libs: Vec<String>,
    /// Language of the inputs (`upc` or `c`; both are UPC).
    #[arg(short = 'x', value_name = "LANG")]
    pub lang: Option<String>,
    /// C standard of the C compiler (`-std=`).
    #[arg(long = "std", value_name = "STD")]
    pub std: Option<String>,
    /// Default shared heap per thread (`-shared-heap=`), e.g. 64MB.
    #[arg(long = "shared-heap", value_name = "SIZE")]
    pub shared_heap: Option<String>,
    /// Berkeley UPC network selection: no meaning here.
    #[arg(long = "network", value_name = "NAME")]
    pub network: Option<String>,
    /// Berkeley UPC pthreads mode: no meaning here.
    #[arg(long = "pthreads", num_args = 0..=1, default_missing_value = "", value_name = "N")]
    pub pthreads: Option<String>,
    /// Options for the C compiler (from -f, -m, -W, -O, -g, ...).
    #[arg(long = "cflag", allow_hyphen_values = true, hide = true)]
    pub cflags: Vec<String>,
    /// Options for the linker (from -Wl, -static, ...).
    #[arg(long = "ldflag", allow_hyphen_values = true, hide = true)]
    pub ldflags: Vec<String>,
    /// Checker flags (`--upccheck:-a`, `--upccheck:-d`, `--upccheck:-s`, `--upccheck:-h`).
    #[arg(long = "upccheck", allow_hyphen_values = true, value_name = "FLAG")]
    pub upccheck: Vec<String>,
    /// Keep the generated C files (`<name>.trans.c`).
    #[arg(long)]
    pub keep: bool,
    /// Print every command run.
    #[arg(short = 'v')]
    pub verbose: bool,
    /// Input files: .upc and .c (UPC sources), .o, .a, .so.
    pub files: Vec<PathBuf>,
}

/// Rewrite gcc-style arguments into the form clap parses.
pub fn normalize(args: impl IntoIterator<Item = OsString>) -> Vec<OsString> {
    let mut out = Vec::new();
    let mut it = args.into_iter();
    if let Some(first) = it.next() {
        out.push(first);
    }
    for a in it {
        let Some(s) = a.to_str() else {
            out.push(a);
            continue;
        };
        // single-dash long options become clap long options
        let single_long = [
            "-std=",
            "-fupc-threads=",
            "-shared-heap=",
            "-network=",
            "-pthreads=",
        ];
        let mapped = if s == "-pthreads" || single_long.iter().any(|p| s.starts_with(p)) {
            format!("-{s}")
        } else if let Some(flag) = s.strip_prefix("--upccheck:") {
            format!("--upccheck={flag}")
        } else if s.starts_with("-Wl,")
            || s == "-static"
            || s == "-rdynamic"
            || s.starts_with("-Xlinker")
        {
            format!("--ldflag={s}")
        } else if s == "-fopenmp" || s == "-pthread" {
            out.push(OsString::from(format!("--ldflag={s}")));
            format!("--cflag={s}")
        } else if (s.starts_with("-f") && s.len() > 2)
            || (s.starts_with("-m") && s.len() > 2)
            || (s.starts_with("-W") && s.len() > 2)
            || s.starts_with("-O")
            || s.starts_with("-g")
            || s == "-pedantic"
            || s == "-w"
            || s == "-ansi"
        {
            format!("--cflag={s}")
        } else {
            s.to_string()
        };
        out.push(OsString::from(mapped));
    }
    out
}

/// The UPC predefined macros (besides THREADS and MYTHREAD).
const PREDEFINED: &[&str] = &[
    "-D__UPC__=1",
    "-D__UPC_VERSION__=201311L",
    "-DUPC_MAX_BLOCK_SIZE=2147483647",
    "-D__UPC_COLLECTIVE__=1",
    "-D__UPC_TICK__=1",
    "-D__UPC_IO__=1",
    "-D__UPC_NB__=1",
    "-D__UPC_ATOMIC__=1",
    "-D__UPC_CASTABLE__=1",
    "-D__UPC_CHECK__=1",
];

/// Where the project's headers and runtime library are.
struct Install {
    include: PathBuf,
    /// Where libupccheck.a is (needed only to link).
    libdir: Option<PathBuf>,
}

fn find_install() -> Result<Install> {
    let exe = std::env::current_exe().context("cannot locate the upc-check executable")?;
    let exe_dir = exe.parent().map(Path::to_path_buf).unwrap_or_default();
    let mut includes = Vec::new();
    let mut libs = Vec::new();
    if let Ok(home) = std::env::var("UPCCHECK_HOME") {
        includes.push(PathBuf::from(&home).join("include"));
        libs.push(PathBuf::from(&home).join("lib"));
    }
    includes.push(exe_dir.join("../share/upc-check/include"));
    libs.push(exe_dir.join("../lib/upc-check"));
    includes.push(PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../pgas/include"
    )));
    libs.push(exe_dir.clone());
    // `cargo test` runs binaries from target/<profile>/deps or similar
    libs.push(exe_dir.join(".."));
    let include = includes
        .into_iter()
        .find(|p| p.join("upcr.h").is_file())
        .map(|p| p.canonicalize().unwrap_or(p))
        .ok_or_else(|| {
            anyhow!("cannot find the UPC headers (set UPCCHECK_HOME to the installation prefix)")
        })?;
    let libdir = libs.into_iter().find(|p| p.join("libupccheck.a").is_file());
    Ok(Install { include, libdir })
}

fn backend() -> String {
    std::env::var("UPCCHECK_CC")
        .ok()
        .filter(|s| !s.trim().is_empty())
        .unwrap_or_else(|| "cc".into())
}

fn run(cmd: &mut Command, verbose: bool) -> Result<std::process::Output> {
    if verbose {
        eprintln!("{}", render(cmd));
    }
    cmd.output()
        .with_context(|| format!("cannot run {}", cmd.get_program().to_string_lossy()))
}

fn render(cmd: &Command) -> String {
    let mut s = cmd.get_program().to_string_lossy().into_owned();
    for a in cmd.get_args() {
        s.push(' ');
        s.push_str(&a.to_string_lossy());
    }
    s
}

/// Split the backend command (UPCCHECK_CC may hold flags).
fn backend_cmd() -> Command {
    let cc = backend();
    let mut parts = cc.split_whitespace();
    let mut cmd = Command::new(parts.next().unwrap_or("cc"));
    cmd.args(parts);
    cmd
}

fn parse_checks(flags: &[String]) -> Result<(Checks, bool)> {
    let mut checks = Checks {
        args: true,
        deadlock: true,
        callstack: false,
    };
    let mut help = false;
    for f in flags {
        match f.trim_start_matches('-') {
            "a" | "d_argument_check" => checks.args = false,
            "d" | "d_deadlock_check" => checks.deadlock = false,
            "s" | "e_track_func_call_stack" => checks.callstack = true,
            "h" | "help" => help = true,
            other => bail!("unknown checker flag --upccheck:{other} (see --upccheck:-h)"),
        }
    }
    if !checks.any() {
        checks.callstack = false;
    }
    Ok((checks, help))
}

pub const CHECKER_HELP: &str = "\
upc-check checker flags (add to the compile command):
  --upccheck:-a, --upccheck:-d_argument_check      disable argument checking
  --upccheck:-d, --upccheck:-d_deadlock_check      disable deadlock checking
  --upccheck:-s, --upccheck:-e_track_func_call_stack  track the call stack (shown in reports)
  --upccheck:-h, --upccheck:-help                  this help
With both checks disabled the program is built without any instrumentation.
Run-time environment: UPC_THREADS, UPC_SHARED_HEAP_SIZE, UPC_BARRIER, UPCCHECK_STOP_ON_ERROR,
UPCCHECK_LIVELOCK_TIMEOUT, UPCCHECK_REPORT, NO_COLOR (see USERGUIDE.md).
";

/// Compile/link according to the arguments.  Returns the process exit code.
pub fn compile(args: Args) -> Result<ExitCode> {
    let (checks, help) = parse_checks(&args.upccheck)?;
    if help {
        print!("{CHECKER_HELP}");
        return Ok(ExitCode::SUCCESS);
    }
    if args.network.is_some() {
        eprintln!(
            "upc-check: warning: -network= has no meaning here (one shared-memory node); ignored"
        );
    }
    if args.pthreads.is_some() {
        eprintln!("upc-check: warning: -pthreads has no meaning here (UPC threads are processes); ignored");
    }
    if let Some(t) = args.threads {
        if t == 0 {
            bail!("-T needs a thread count of at least 1");
        }
    }
    if let Some(l) = &args.lang {
        if !matches!(l.as_str(), "upc" | "c" | "none") {
            bail!("unsupported language '-x {l}' (upc-check compiles UPC)");
        }
    }
    if args.files.is_empty() {
        bail!("no input files");
    }
    for f in &args.files {
        if !f.exists() {
            bail!("{}: no such file", f.display());
        }
        if f.is_dir() {
            bail!("{}: is a directory", f.display());
        }
    }
    let install = find_install()?;
    let opts = Options {
        static_threads: args.threads,
        checks,
        library_dir: Some(install.include.to_string_lossy().into_owned()),
    };
    let sources: Vec<&PathBuf> = args
        .files
        .iter()
        .filter(|f| is_source(f, args.lang.as_deref()))
        .collect();
    let others: Vec<&PathBuf> = args
        .files
        .iter()
        .filter(|f| !is_source(f, args.lang.as_deref()))
        .collect();

    if args.preprocess_only {
        for s in &sources {
            let text = preprocess(s, &args, &install)?;
            match &args.output {
                Some(o) => std::fs::write(o, text)
                    .with_context(|| format!("cannot write {}", o.display()))?,
                None => print!("{text}"),
            }
        }
        return Ok(ExitCode::SUCCESS);
    }
    if args.compile_only && args.output.is_some() && sources.len() > 1 {
        bail!("cannot specify -o with -c and several source files");
    }
    let tmp = tempfile::Builder::new()
        .prefix("upc-check")
        .tempdir()
        .context("cannot create a temporary directory")?;
    let mut objects: Vec<PathBuf> = Vec::new();
    let mut failed = false;
    for (i, s) in sources.iter().enumerate() {
        let stem = s
            .file_stem()
            .map(|x| x.to_string_lossy().into_owned())
            .unwrap_or_else(|| "a".into());
        let obj = if args.compile_only {
            args.output
                .clone()
                .unwrap_or_else(|| PathBuf::from(format!("{stem}.o")))
        } else {
            tmp.path().join(format!("{i}_{stem}.o"))
        };
        match compile_one(s, &obj, &args, &install, &opts, tmp.path()) {
            Ok(true) => objects.push(obj),
            Ok(false) => failed = true,
            Err(e) => return Err(e),
        }
    }
    if failed {
        return Ok(ExitCode::from(EXIT_BAD_INPUT));
    }
    if args.compile_only {
        return Ok(ExitCode::SUCCESS);
    }
    let out = args
        .output
        .clone()
        .unwrap_or_else(|| PathBuf::from("a.out"));
    let mut cmd = backend_cmd();
    cmd.arg("-o").arg(&out);
    cmd.args(&objects);
    cmd.args(others.iter().map(|p| p.as_os_str()));
    cmd.args(
        args.cflags
            .iter()
            .filter(|f| f.starts_with("-O") || f.starts_with("-g") || f.starts_with("-f")),
    );
    for d in &args.libdirs {
        cmd.arg(format!("-L{d}"));
    }
    let libdir = install.libdir.as_ref().ok_or_else(|| {
        anyhow!("cannot find libupccheck.a (build it with `cargo build --release`, or set UPCCHECK_HOME)")
    })?;
    cmd.arg(format!("-L{}", libdir.display()));
    for l in &args.libs {
        cmd.arg(format!("-l{l}"));
    }
    cmd.args(&args.ldflags);
    cmd.args([
        "-lupccheck",
        "-lpthread",
        "-ldl",
        "-lm",
        "-lrt",
        "-lgcc_s",
        "-lutil",
    ]);
    let o = run(&mut cmd, args.verbose)?;
    eprint!("{}", String::from_utf8_lossy(&o.stderr));
    if !o.status.success() {
        eprintln!("upc-check: error: linking {} failed", out.display());
        return Ok(ExitCode::from(EXIT_BAD_INPUT));
    }
    Ok(ExitCode::SUCCESS)
}

fn is_source(f: &Path, lang: Option<&str>) -> bool {
    match f.extension().and_then(|e| e.to_str()) {
        Some("upc") | Some("c") | Some("h") | Some("i") => true,
        Some("o") | Some("a") | Some("so") => false,
        _ => matches!(lang, Some("upc") | Some("c")),
    }
}

/// Run the preprocessor with the UPC predefined macros and our headers.
fn preprocess(src: &Path, args: &Args, install: &Install) -> Result<String> {
    let mut cmd = backend_cmd();
    cmd.args(["-E", "-x", "c"]);
    cmd.arg(format!("-std={}", args.std.as_deref().unwrap_or("gnu11")));
    match args.threads {
        Some(n) => {
            cmd.arg("-D__UPC_STATIC_THREADS__=1");
            cmd.arg(format!("-DTHREADS={n}"));
        }
        None => {
            cmd.arg("-D__UPC_DYNAMIC_THREADS__=1");
            cmd.arg("-DTHREADS=((int)upcr_threads)");
        }
    }
    cmd.arg("-DMYTHREAD=((int)upcr_mythread)");
    cmd.args(PREDEFINED);
    if let Some(h) = &args.shared_heap {
        cmd.arg(format!("-DUPCR_DEFAULT_HEAP_SIZE=\"{h}\""));
    }
    cmd.arg(format!("-I{}", install.include.display()));
    for i in &args.include {
        cmd.arg(format!("-I{i}"));
    }
    for d in &args.define {
        cmd.arg(format!("-D{d}"));
    }
    for u in &args.undef {
        cmd.arg(format!("-U{u}"));
    }
    cmd.args(
        args.cflags
            .iter()
            .filter(|f| f.starts_with("-f") || f.starts_with("-m")),
    );
    let predef = install.include.join("upcr_predef.h");
    if predef.is_file() {
        cmd.arg("-include").arg(predef);
    }
    cmd.arg("-include")
        .arg(install.include.join("upcc_hooks.h"));
    cmd.arg(src);
    let o = run(&mut cmd, args.verbose)?;
    if !o.status.success() {
        eprint!("{}", String::from_utf8_lossy(&o.stderr));
        bail!("preprocessing {} failed", src.display());
    }
    eprint!("{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout)
        .map_err(|_| anyhow!("{}: the source is not valid UTF-8", src.display()))
}

/// Preprocess, translate and compile one source.  Ok(false): diagnostics were printed.
fn compile_one(
    src: &Path,
    obj: &Path,
    args: &Args,
    install: &Install,
    opts: &Options,
    tmp: &Path,
) -> Result<bool> {
    let text = match preprocess(src, args, install) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("upc-check: error: {e:#}");
            return Ok(false);
        }
    };
    let out = match lower::translate(text, &src.to_string_lossy(), opts) {
        Ok(o) => o,
        Err(diags) => {
            for d in diags {
                eprint!("{d}");
            }
            return Ok(false);
        }
    };
    let stem = src
        .file_stem()
        .map(|x| x.to_string_lossy().into_owned())
        .unwrap_or_else(|| "a".into());
    let c_path = if args.keep {
        PathBuf::from(format!("{stem}.trans.c"))
    } else {
        tmp.join(format!("{stem}.trans.c"))
    };
    std::fs::write(&c_path, &out.c_text)
        .with_context(|| format!("cannot write {}", c_path.display()))?;
    let mut cmd = backend_cmd();
    cmd.args(["-c", "-x", "cpp-output"]);
    cmd.arg(format!("-std={}", args.std.as_deref().unwrap_or("gnu11")));
    cmd.args(&args.cflags);
    cmd.arg("-o").arg(obj).arg(&c_path);
    let o = run(&mut cmd, args.verbose)?;
    eprint!("{}", String::from_utf8_lossy(&o.stderr));
    Ok(o.status.success())
}

/// `upc-check test DIR`: compile and run every test program of a folder.
#[derive(Parser, Debug)]
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
    /// Run every test with these thread counts instead of its header's (e.g. 2,4,8).
    #[arg(long, value_delimiter = ',', value_name = "N,...")]
    pub threads: Option<Vec<u32>>,
    /// Tests run in parallel.
    #[arg(short = 'j', long, default_value_t = 2)]
    pub jobs: usize,
}

fn run_tests(argv: Vec<OsString>) -> ExitCode {
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
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    let opts = crate::testsuite::Options {
        dir: args.dir,
        compiler,
        junit: args.junit,
        threads: args.threads,
        jobs: args.jobs.max(1),
    };
    match crate::testsuite::run(&opts) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(EXIT_BAD_INPUT),
        Err(e) => {
            eprintln!("upc-check: error: {e:#}");
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}

/// Entry point of the `upc-check` binary.
pub fn main_with(argv: Vec<OsString>) -> ExitCode {
    if argv.get(1).is_some_and(|a| a == "test") && argv.len() > 2 && !Path::new("test").exists() {
        let rest: Vec<OsString> = std::iter::once(OsString::from("upc-check test"))
            .chain(argv.into_iter().skip(2))
            .collect();
        return run_tests(rest);
    }
    let args = match Args::try_parse_from(normalize(argv)) {
        Ok(a) => a,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match compile(args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("upc-check: error: {e:#}");
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(v: &[&str]) -> Args {
        let argv: Vec<OsString> = std::iter::once("upc-check")
            .chain(v.iter().copied())
            .map(OsString::from)
            .collect();
        Args::try_parse_from(normalize(argv)).expect("parses")
    }

    #[test]
    fn gcc_style_flags() {
        let a = parse(&[
            "-O2",
            "-g",
            "-Wall",
            "-std=c99",
            "-fupc-threads=4",
            "-DN=3",
            "-Iinc",
            "-lm",
            "-o",
            "x",
            "a.upc",
            "b.o",
        ]);
        assert_eq!(a.threads, Some(4));
        assert_eq!(a.std.as_deref(), Some("c99"));
        assert_eq!(a.cflags, vec!["-O2", "-g", "-Wall"]);
        assert_eq!(a.define, vec!["N=3"]);
        assert_eq!(a.include, vec!["inc"]);
        assert_eq!(a.libs, vec!["m"]);
        assert_eq!(a.files.len(), 2);
    }

    #[test]
    fn berkeley_and_checker_flags() {
        let a = parse(&[
            "-T",
            "8",
            "-shared-heap=64MB",
            "-network=smp",
            "-pthreads",
            "--upccheck:-a",
            "x.upc",
        ]);
        assert_eq!(a.threads, Some(8));
        assert_eq!(a.shared_heap.as_deref(), Some("64MB"));
        assert!(a.pthreads.is_some());
        let (c, help) = parse_checks(&a.upccheck).unwrap();
        assert!(!c.args && c.deadlock && !help);
        assert!(parse_checks(&["-zz".into()]).is_err());
    }

    #[test]
    fn unknown_flags_are_errors() {
        let argv: Vec<OsString> = ["upc-check", "--bogus", "a.upc"]
            .iter()
            .map(OsString::from)
            .collect();
        assert!(Args::try_parse_from(normalize(argv)).is_err());
    }
}
