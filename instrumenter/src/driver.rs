//! The compiler driver: `upc-check` used where `upcc` or `gupc` was.
//!
//! Owns the command line, read the way gcc reads its own (options keep their order, a repeated
//! option's last value wins, the spellings of Berkeley UPC's `upcc` and of GUPC are accepted),
//! and the pipeline of each source file: preprocess with the backend C compiler (UPC predefined
//! macros, the user's include path, then our headers), translate, compile the C; then link with
//! the runtime library.

use std::ffi::{OsStr, OsString};
use std::io::Write as _;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use anyhow::{anyhow, bail, Context, Result};

use crate::lower::{self, Checks, Options};
use crate::network::{self, Network};

/// Exit status when the input is bad (a diagnostic was printed).
pub const EXIT_BAD_INPUT: u8 = 1;
/// Exit status for a bad command line (a one-line message was printed).
pub const EXIT_USAGE: u8 = 2;

/// Largest static THREADS (the runtime's limit on a job's threads).
const MAX_THREADS: u32 = 1 << 16;
/// Largest shared heap per thread (address space, not memory; the runtime's limit).
const MAX_HEAP: u128 = 1 << 44;

/// Where the compilation stops; the furthest-reaching request wins, as in gcc (`-E` over
/// `-S` over `-c`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum Stop {
    /// Build an executable.
    #[default]
    Link,
    /// `-c`: object files.
    Compile,
    /// `-S`: assembly.
    Assemble,
    /// `-trans` (upcc): the translated C, `NAME.trans.c`.
    Translate,
    /// `-E` (and `-M`, `-MM`): preprocessed text.
    Preprocess,
}

/// An input file of the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Input {
    pub path: PathBuf,
    pub kind: Kind,
}

/// What an input is, by its name or by the `-x` option before it (as gcc reads them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// UPC (`.upc`, `.c`, `.h`, `.i`, `-x upc`): preprocessed, translated, compiled.
    Upc,
    /// Plain C (`-x c`): compiled by the C compiler as it is, without the UPC environment.
    C,
    /// Assembly (`.s`, `-x assembler`): assembled by the C compiler.
    Asm,
    /// Assembly to preprocess first (`.S`, `.sx`, `-x assembler-with-cpp`): preprocessed and
    /// assembled by the C compiler.
    AsmCpp,
    /// Anything else (`.o`, `.a`, `.so`, ...): handed to the linker as it is.
    Link,
}

impl Kind {
    /// The C compiler's name of the language (`-x`), for what it compiles itself.
    fn backend_language(self) -> Option<&'static str> {
        match self {
            Kind::C => Some("c"),
            Kind::Asm => Some("assembler"),
            Kind::AsmCpp => Some("assembler-with-cpp"),
            Kind::Upc | Kind::Link => None,
        }
    }
}

impl Input {
    /// Compiled (or assembled) by this call, not handed to the linker as it is.
    pub fn compiled(&self) -> bool {
        self.kind != Kind::Link
    }
}

/// One element of the link command, in command-line order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkItem {
    Arg(OsString),
    /// `inputs[i]`; a source stands for its object.
    Input(usize),
}

/// The dependency-output options (`-M`, `-MM`, `-MD`, `-MMD`, `-MF`, `-MT`, `-MQ`, `-MP`, `-MG`).
#[derive(Debug, Clone, Default)]
pub struct Deps {
    pub args: Vec<OsString>,
    /// `-MD` or `-MMD`: a `.d` file is written while compiling.
    pub side_effect: bool,
    /// `-MF` was given.
    pub file_given: bool,
    /// `-MT` or `-MQ` was given.
    pub target_given: bool,
}

/// The command line of a compilation.
#[derive(Debug, Default)]
pub struct Args {
    /// `-o FILE` (the last one).
    pub output: Option<PathBuf>,
    pub stop: Stop,
    /// `-fsyntax-only`: check the sources (translate them, have the C compiler check the
    /// result) and write nothing.
    pub syntax_only: bool,
    /// Static THREADS (`-T N` and its other spellings).
    pub threads: Option<u32>,
    /// `-std=` (the last one), as UPC is compiled with it (see `upc_standard`).
    pub std: Option<String>,
    /// The last `-std=` or `-ansi` as the user wrote it, for the files compiled as plain C
    /// or assembly (`-x c`, `.s`, `.S`).
    pub c_std: Option<OsString>,
    /// `-shared-heap=` (the last one), with a unit.
    pub shared_heap: Option<String>,
    /// `-network=` (the last one): the conduit the program is linked with.
    pub network: Network,
    /// Preprocessor options, in order (`-I`, `-D`, `-U`, `-iquote`, `-include`, `-Wp,`, and the
    /// C compiler options that change predefined macros: `-O`, `-f`, `-m`, `-pthread`).
    pub cpp: Vec<OsString>,
    /// Preprocessor options that only mean something with `-E` (`-P`, `-C`, `-dM`, ...).
    pub cpp_only: Vec<OsString>,
    /// Options of the C compiler that compiles the generated C, in order.
    pub cc: Vec<OsString>,
    /// The link command's inputs and options, in order.
    pub link: Vec<LinkItem>,
    pub deps: Deps,
    /// Checker flags (`--upccheck:-a`, ...).
    pub upccheck: Vec<String>,
    /// Keep the generated C (`--keep`, `-save-temps`).
    pub keep: bool,
    /// `-v`: print every command run.
    pub verbose: bool,
    pub inputs: Vec<Input>,
    /// One line each, printed as `upc-check: warning: ...`.
    pub warnings: Vec<String>,
    pub help: bool,
    pub version: bool,
}

/// A bad command line: one line of text, exit status 2.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

type Parse<T> = std::result::Result<T, UsageError>;

fn usage<T>(msg: impl Into<String>) -> Parse<T> {
    Err(UsageError(msg.into()))
}

/// The command line, one argument after another.
struct Cursor<'a> {
    argv: &'a [OsString],
    i: usize,
}

impl Cursor<'_> {
    /// The argument after option `opt` (its value, whatever it looks like, as in gcc).
    fn value(&mut self, opt: &str) -> Parse<OsString> {
        match self.argv.get(self.i) {
            Some(v) => {
                self.i += 1;
                Ok(v.clone())
            }
            None => usage(format!("missing argument to '{opt}'")),
        }
    }

    fn value_str(&mut self, opt: &str) -> Parse<String> {
        Ok(self.value(opt)?.to_string_lossy().into_owned())
    }
}

/// `raw` without its first `n` bytes (the value of a joined option such as `-Idir`).
fn tail(raw: &OsStr, n: usize) -> OsString {
    OsStr::from_bytes(&raw.as_bytes()[n..]).to_os_string()
}

fn joined(opt: &str, value: &OsStr) -> OsString {
    let mut s = OsString::from(opt);
    s.push(value);
    s
}

/// Berkeley UPC (`upcc`) options that mean nothing here; those ending in `=` take a value.
const UPCC_IGNORED: &[&str] = &[
    "-pthreads",
    "-pthreads=",
    "-nopthreads",
    "-opt",
    "-opt-enable=",
    "-opt-disable=",
    "-inst",
    "-inst-local",
    "-inst-functions",
    "-inst-toolname=",
    "-uses-mpi",
    "-norc",
    "-conf=",
    "-translator=",
    "-sizes-file=",
    "-shared-heap-max=",
    "-link-with=",
    "-echo-var=",
];

/// Preprocessor options of gcc that take a value (joined or as the next argument); longest
/// first, so that no name is read as the prefix of another.
const CPP_WITH_VALUE: &[&str] = &[
    "-iwithprefixbefore",
    "-iwithprefix",
    "-idirafter",
    "-imultilib",
    "-isysroot",
    "-isystem",
    "-iprefix",
    "-include",
    "-imacros",
    "-iquote",
];

/// Preprocessor options without a value.
const CPP_FLAGS: &[&str] = &[
    "-nostdinc",
    "-undef",
    "-H",
    "-trigraphs",
    "-traditional",
    "-traditional-cpp",
    "-I-",
    "-remap",
];

/// Preprocessor options that only mean something when the output is the preprocessed text.
const CPP_OUTPUT_FLAGS: &[&str] = &["-P", "-C", "-CC", "-dM", "-dD", "-dN", "-dI", "-dU"];

/// Linker options without a value.
const LINK_FLAGS: &[&str] = &[
    "-static",
    "-shared",
    "-rdynamic",
    "-s",
    "-pie",
    "-no-pie",
    "-static-pie",
    "-static-libgcc",
    "-shared-libgcc",
    "-nostdlib",
    "-nodefaultlibs",
    "-nostartfiles",
    "-symbolic",
];

/// `-f` options that would keep the preprocessor from producing what the translator reads.
const CPP_UNSAFE_F: &[&str] = &["-fdirectives-only", "-fpreprocessed", "-fworking-directory"];

impl Args {
    /// `-network=NAME`.
    fn set_network(&mut self, name: &str) -> Parse<()> {
        let (n, warning) = Network::of_upcc_option(name).map_err(UsageError)?;
        self.network = n;
        if let Some(w) = warning.filter(|w| !self.warnings.contains(w)) {
            self.warnings.push(w);
        }
        Ok(())
    }

    fn ignore(&mut self, who: &str, opt: &str) {
        let w = format!("ignoring {who} option {opt}");
        if !self.warnings.contains(&w) {
            self.warnings.push(w);
        }
    }

    fn stop_at(&mut self, s: Stop) {
        self.stop = self.stop.max(s);
    }

    fn link_arg(&mut self, a: impl Into<OsString>) {
        self.link.push(LinkItem::Arg(a.into()));
    }

    /// An option for the preprocessor, the compiler of the generated C and the linker.
    fn everywhere(&mut self, a: &OsStr) {
        self.cpp.push(a.to_os_string());
        self.cc.push(a.to_os_string());
        self.link_arg(a);
    }
}

/// Expand `@file` arguments as gcc does: the file's contents are further arguments, separated
/// by white space, where single and double quotes group and a backslash takes the next
/// character literally; the files may name others.  An `@file` that cannot be read stays as
/// it is (gcc then reports it as a missing input).
pub fn expand_response_files(argv: Vec<OsString>, depth: usize) -> Vec<OsString> {
    let mut out = Vec::with_capacity(argv.len());
    for (i, a) in argv.into_iter().enumerate() {
        let name = match a.to_str().and_then(|s| s.strip_prefix('@')) {
            Some(n) if i > 0 && !n.is_empty() && depth < 16 => n.to_string(),
            _ => {
                out.push(a);
                continue;
            }
        };
        let Ok(text) = std::fs::read_to_string(&name) else {
            out.push(a);
            continue;
        };
        let mut words: Vec<OsString> = vec![OsString::new()];
        let (mut cur, mut quote, mut any) = (String::new(), None::<char>, false);
        let mut chars = text.chars();
        while let Some(ch) = chars.next() {
            match (ch, quote) {
                ('\\', _) => {
                    if let Some(n) = chars.next() {
                        cur.push(n);
                    }
                    any = true;
                }
                (q, Some(open)) if q == open => quote = None,
                (_, Some(_)) => cur.push(ch),
                ('\'' | '"', None) => {
                    quote = Some(ch);
                    any = true;
                }
                (c, None) if c.is_whitespace() => {
                    if any {
                        words.push(std::mem::take(&mut cur).into());
                        any = false;
                    }
                }
                (c, None) => {
                    cur.push(c);
                    any = true;
                }
            }
        }
        if any {
            words.push(cur.into());
        }
        // words[0] stands in for argv[0], so that nested `@file`s expand too
        out.extend(expand_response_files(words, depth + 1).into_iter().skip(1));
    }
    out
}

/// Options that only ask the C compiler about itself (`-dumpversion`, `-print-prog-name=ld`,
/// ...), which build systems and libtool use: answered by the backend compiler.
fn backend_query(argv: &[OsString]) -> Option<ExitCode> {
    const QUERIES: &[&str] = &[
        "-dumpversion",
        "-dumpfullversion",
        "-dumpmachine",
        "-print-search-dirs",
        "-print-libgcc-file-name",
        "-print-multiarch",
        "-print-multi-directory",
        "-print-multi-lib",
        "-print-multi-os-directory",
        "-print-sysroot",
    ];
    let is_query = |a: &OsString| {
        a.to_str().is_some_and(|s| {
            QUERIES.contains(&s)
                || s.starts_with("-print-prog-name=")
                || s.starts_with("-print-file-name=")
        })
    };
    let queries: Vec<&OsString> = argv.iter().skip(1).filter(|a| is_query(a)).collect();
    if queries.is_empty() {
        return None;
    }
    let mut cmd = backend_cmd();
    cmd.args(queries);
    Some(match cmd.status() {
        Ok(st) => ExitCode::from(st.code().unwrap_or(1).clamp(0, 255) as u8),
        Err(e) => {
            eprintln!("upc-check: error: cannot run {}: {e}", backend());
            ExitCode::from(EXIT_BAD_INPUT)
        }
    })
}

/// Replace an input `-` (standard input) by a copy of standard input in a temporary directory,
/// named for its language; the directory, which must outlive the compilation.
fn stdin_source(args: &mut Args) -> Result<Option<tempfile::TempDir>> {
    let Some(pos) = args.inputs.iter().position(|f| f.path.as_os_str() == "-") else {
        return Ok(None);
    };
    if !args.inputs[pos].compiled() && args.stop != Stop::Preprocess {
        bail!("-: standard input needs -x upc or -x c (or -E)");
    }
    let mut text = Vec::new();
    std::io::Read::read_to_end(&mut std::io::stdin(), &mut text)
        .context("cannot read standard input")?;
    let dir = tempfile::Builder::new()
        .prefix("upc-check-stdin")
        .tempdir()
        .context("cannot create a temporary directory")?;
    let path = dir.path().join("stdin.c");
    std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
    for f in args.inputs.iter_mut().filter(|f| f.path.as_os_str() == "-") {
        f.path = path.clone();
        // `-E -` without -x: UPC (a configure script asks for the predefined macros so)
        if f.kind == Kind::Link {
            f.kind = Kind::Upc;
        }
    }
    Ok(Some(dir))
}

/// Read the command line (`argv[0]` is the program name) as gcc would, with the UPC options of
/// `upcc` and GUPC.
pub fn parse_args(argv: &[OsString]) -> Parse<Args> {
    let mut a = Args::default();
    let mut c = Cursor { argv, i: 1 };
    let mut lang: Option<Kind> = None;
    // every THREADS value given, with its spelling
    let mut threads: Vec<(u32, String)> = Vec::new();
    while let Some(raw) = argv.get(c.i).cloned() {
        c.i += 1;
        let s = raw.to_string_lossy().into_owned();
        if !s.starts_with('-') || s == "-" {
            let kind = input_kind(Path::new(&raw), lang);
            a.link.push(LinkItem::Input(a.inputs.len()));
            a.inputs.push(Input {
                path: PathBuf::from(raw),
                kind,
            });
            continue;
        }
        option(&mut a, &mut c, &raw, &s, &mut lang, &mut threads)?;
    }
    if let Some((first, spelled)) = threads.first() {
        if let Some((_, other)) = threads.iter().find(|(n, _)| n != first) {
            return usage(format!("conflicting THREADS values: {spelled} and {other}"));
        }
        a.threads = Some(*first);
    }
    if let Err(e) = parse_checks(&a.upccheck) {
        return usage(e.to_string());
    }
    Ok(a)
}

/// One option (`s` is `raw` as text).
fn option(
    a: &mut Args,
    c: &mut Cursor,
    raw: &OsStr,
    s: &str,
    lang: &mut Option<Kind>,
    threads: &mut Vec<(u32, String)>,
) -> Parse<()> {
    // Whole spellings first: some upcc options would otherwise read as gcc's -o, -u or -i...
    // (`-opt` is not `-o pt`).
    match s {
        "-c" => a.stop_at(Stop::Compile),
        "-fsyntax-only" => {
            a.stop_at(Stop::Compile);
            a.syntax_only = true;
            a.cc.push(raw.to_os_string());
        }
        "-S" => a.stop_at(Stop::Assemble),
        "-E" => a.stop_at(Stop::Preprocess),
        "-trans" => a.stop_at(Stop::Translate),
        "-v" => a.verbose = true,
        "--help" | "-help" => a.help = true,
        "--version" | "-version" => a.version = true,
        "--keep" | "-save-temps" | "--save-temps" | "-save-all-temps" => a.keep = true,
        "--pthreads" => a.ignore("upcc", "-pthreads"),
        "-dwarf-2-upc" => a.ignore("gupc", s),
        "-network" | "--network" => {
            let v = c.value_str(s)?;
            a.set_network(&v)?;
        }
        "-shared-heap" | "--shared-heap" => {
            let v = c.value_str(s)?;
            a.shared_heap = Some(heap_size(&v, &format!("{s} {v}"))?);
        }
        "--std" => {
            let v = c.value_str(s)?;
            a.c_std = Some(OsString::from(format!("-std={v}")));
            a.std = Some(upc_standard(&v));
        }
        "-T" | "--fupc-threads" => {
            let v = c.value_str(s)?;
            threads.push((thread_count(&v, &format!("{s} {v}"))?, format!("{s} {v}")));
        }
        "--upccheck" => a.upccheck.push(c.value_str(s)?),
        "-o" => a.output = Some(c.value(s)?.into()),
        "-x" => set_lang(lang, &c.value_str(s)?)?,
        "-I" | "-D" | "-U" => {
            let v = c.value(s)?;
            a.cpp.push(joined(s, &v));
        }
        "-Xpreprocessor" => {
            let v = c.value(s)?;
            a.cpp.extend([raw.to_os_string(), v]);
        }
        "-M" | "-MM" => {
            a.deps.args.push(raw.to_os_string());
            a.stop_at(Stop::Preprocess);
        }
        "-MD" | "-MMD" => {
            a.deps.args.push(raw.to_os_string());
            a.deps.side_effect = true;
        }
        "-MP" | "-MG" => a.deps.args.push(raw.to_os_string()),
        "-MF" | "-MT" | "-MQ" => {
            let v = c.value(s)?;
            dep_option(a, s, v);
        }
        "-L" | "-l" => {
            let v = c.value(s)?;
            a.link_arg(joined(s, &v));
        }
        "-Xlinker" | "-u" | "-z" => {
            let v = c.value(s)?;
            a.link_arg(raw);
            a.link_arg(v);
        }
        "-Xassembler" | "--param" => {
            let v = c.value(s)?;
            a.cc.extend([raw.to_os_string(), v]);
        }
        "-B" | "--sysroot" => {
            let v = c.value(s)?;
            a.everywhere(raw);
            a.everywhere(&v);
        }
        "-pthread" => a.everywhere(raw),
        "-p" | "-pg" | "--coverage" => {
            a.cc.push(raw.to_os_string());
            a.link_arg(raw);
        }
        // C89 (see `upc_standard`)
        "-ansi" => {
            a.std = Some(upc_standard("c89"));
            a.c_std = Some(raw.to_os_string());
        }
        "-w" | "-pedantic" | "-pedantic-errors" => a.cc.push(raw.to_os_string()),
        _ if UPCC_IGNORED.contains(&s) => a.ignore("upcc", s),
        _ if CPP_WITH_VALUE.contains(&s) => {
            let v = c.value(s)?;
            a.cpp.extend([raw.to_os_string(), v]);
        }
        _ if CPP_FLAGS.contains(&s) => a.cpp.push(raw.to_os_string()),
        _ if CPP_OUTPUT_FLAGS.contains(&s) => a.cpp_only.push(raw.to_os_string()),
        _ if LINK_FLAGS.contains(&s) => a.link_arg(raw),
        _ => return prefixed(a, raw, s, lang, threads),
    }
    Ok(())
}

/// The C standard a UPC program is compiled in for `-std=STD` (or `-ansi`): UPC 1.3 is
/// defined on C99, so the C89 dialects become their C99 counterparts (the runtime's headers
/// and the translation use C99); the others stay.
fn upc_standard(std: &str) -> String {
    match std {
        "c89" | "c90" | "iso9899:1990" | "iso9899:199409" => "c99".into(),
        "gnu89" | "gnu90" => "gnu99".into(),
        s => s.into(),
    }
}

/// An option whose value is joined to its name (`-Idir`, `-T=4`, `-std=c99`, `-Wl,...`), or
/// one the C compiler judges.
fn prefixed(
    a: &mut Args,
    raw: &OsStr,
    s: &str,
    lang: &mut Option<Kind>,
    threads: &mut Vec<(u32, String)>,
) -> Parse<()> {
    let upcc_valued = UPCC_IGNORED
        .iter()
        .any(|p| p.ends_with('=') && s.starts_with(p));
    if let Some(f) = s
        .strip_prefix("--upccheck:")
        .or_else(|| s.strip_prefix("--upccheck="))
    {
        a.upccheck.push(f.to_string());
    } else if let Some(v) = s.strip_prefix("-std=").or_else(|| s.strip_prefix("--std=")) {
        a.std = Some(upc_standard(v));
        a.c_std = Some(OsString::from(format!("-std={v}")));
    } else if let Some(v) = s
        .strip_prefix("-shared-heap=")
        .or_else(|| s.strip_prefix("--shared-heap="))
    {
        a.shared_heap = Some(heap_size(v, s)?);
    } else if let Some(v) = s
        .strip_prefix("-network=")
        .or_else(|| s.strip_prefix("--network="))
    {
        a.set_network(v)?;
    } else if let Some(v) = s.strip_prefix("--pthreads=") {
        a.ignore("upcc", &format!("-pthreads={v}"));
    } else if upcc_valued || s.starts_with("-Wu,") {
        a.ignore("upcc", s);
    } else if let Some(v) = s
        .strip_prefix("--fupc-threads=")
        .or_else(|| s.strip_prefix("-fupc-threads-"))
        .or_else(|| s.strip_prefix("-fupc-threads="))
    {
        threads.push((thread_count(v, s)?, s.to_string()));
    } else if s.starts_with("-fupc-threads") {
        return usage(format!(
            "invalid THREADS option '{s}' (write -fupc-threads-N or -fupc-threads=N)"
        ));
    } else if s.starts_with("-fupc-") || s.starts_with("-fno-upc-") {
        a.ignore("gupc", s);
    } else if let Some(v) = s.strip_prefix("-T") {
        let v = v.strip_prefix('=').unwrap_or(v);
        threads.push((thread_count(v, s)?, s.to_string()));
    } else if s.starts_with("-o") {
        a.output = Some(tail(raw, 2).into());
    } else if let Some(v) = s.strip_prefix("-x") {
        set_lang(lang, v)?;
    } else if s.starts_with("-I") || s.starts_with("-D") || s.starts_with("-U") {
        a.cpp.push(raw.to_os_string());
    } else if let Some(p) = CPP_WITH_VALUE.iter().find(|p| s.starts_with(*p)) {
        a.cpp.extend([OsString::from(p), tail(raw, p.len())]);
    } else if let Some(p) = ["-MF", "-MT", "-MQ"].iter().find(|p| s.starts_with(*p)) {
        dep_option(a, p, tail(raw, p.len()));
    } else if s.starts_with("-Wp,") {
        a.cpp.push(raw.to_os_string());
    } else if s.starts_with("-Wl,") {
        a.link_arg(raw);
    } else if s.starts_with("-Wa,") || s.starts_with("--param=") {
        a.cc.push(raw.to_os_string());
    } else if let Some(list) = s.strip_prefix("-Wc,") {
        // upcc: options for the C compiler, separated by commas as in -Wl,
        a.cc.extend(
            list.split(',')
                .filter(|o| !o.is_empty())
                .map(OsString::from),
        );
    } else if s.starts_with("--sysroot=") || s.starts_with("-B") {
        a.everywhere(raw);
    } else if s.starts_with("-L") || s.starts_with("-l") {
        a.link_arg(raw);
    } else if s.starts_with("-save-temps=") {
        a.keep = true;
    } else if s.starts_with("-O") || s.starts_with("-m") {
        a.everywhere(raw);
    } else if s.starts_with("-f") {
        if !CPP_UNSAFE_F.contains(&s) {
            a.cpp.push(raw.to_os_string());
        }
        a.cc.push(raw.to_os_string());
        a.link_arg(raw);
    } else if s.starts_with("-g") {
        a.cc.push(raw.to_os_string());
        a.link_arg(raw);
    } else if s.starts_with("-W") {
        a.cc.push(raw.to_os_string());
    } else if s.starts_with("--") {
        return usage(format!(
            "unrecognized command-line option '{s}' (see upc-check --help)"
        ));
    } else {
        // some other option of the C compiler: it judges it, when compiling and when linking
        a.cc.push(raw.to_os_string());
        a.link_arg(raw);
    }
    Ok(())
}

fn dep_option(a: &mut Args, opt: &str, value: OsString) {
    if opt == "-MF" {
        a.deps.file_given = true;
    } else {
        a.deps.target_given = true;
    }
    a.deps.args.extend([OsString::from(opt), value]);
}

/// `-x LANG`: the language of the inputs after it, as in gcc: `upc`, plain C (`c`, compiled
/// without UPC), assembly (`assembler`, `assembler-with-cpp`), or back to the file names
/// (`none`).
fn set_lang(lang: &mut Option<Kind>, v: &str) -> Parse<()> {
    *lang = match v {
        "upc" => Some(Kind::Upc),
        "c" => Some(Kind::C),
        "assembler" => Some(Kind::Asm),
        "assembler-with-cpp" => Some(Kind::AsmCpp),
        "none" => None,
        "" => return usage("missing argument to '-x'"),
        _ => {
            return usage(format!(
                "unsupported language '-x {v}' (upc-check takes -x upc, -x c, -x assembler, \
                 -x assembler-with-cpp or -x none)"
            ))
        }
    };
    Ok(())
}

/// A THREADS value of `spelled` (the option as the user wrote it).
fn thread_count(v: &str, spelled: &str) -> Parse<u32> {
    match v.parse::<u32>() {
        Ok(n) if (1..=MAX_THREADS).contains(&n) => Ok(n),
        _ => usage(format!(
            "invalid THREADS value '{v}' in '{spelled}': expected a whole number from 1 to {MAX_THREADS}"
        )),
    }
}

/// A shared heap size: a number with an optional unit K, M, G, T (optionally followed by B or
/// iB; powers of 1024); a bare number is megabytes, as in upcc. Returned with its unit.
fn heap_size(v: &str, spelled: &str) -> Parse<String> {
    let t = v.trim();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let bad = || {
        usage(format!(
            "invalid shared heap size '{v}' in '{spelled}': expected a size such as 64MB or 2GB"
        ))
    };
    let Ok(n) = t[..digits].parse::<u128>() else {
        return bad();
    };
    let unit = t[digits..].trim().to_ascii_uppercase();
    let (shift, unit) = match unit.as_str() {
        "" => (20, "MB"),
        "B" => (0, "B"),
        "K" | "KB" | "KIB" => (10, "KB"),
        "M" | "MB" | "MIB" => (20, "MB"),
        "G" | "GB" | "GIB" => (30, "GB"),
        "T" | "TB" | "TIB" => (40, "TB"),
        _ => return bad(),
    };
    match n.checked_mul(1 << shift) {
        Some(bytes) if bytes > 0 && bytes <= MAX_HEAP => Ok(format!("{n}{unit}")),
        _ => usage(format!(
            "shared heap size '{v}' in '{spelled}' is out of range (at most 16TB per thread)"
        )),
    }
}

pub const HELP: &str = "\
Usage: upc-check [options] file.upc... [-o prog]
       upc-check test DIR [--junit out.xml] [--sarif out.sarif] [--threads N,...] [-j N]
UPC compiler with run-time deadlock and argument checking. Options as in gcc, upcc and gupc:
  -o FILE                 write the output to FILE
  -c | -S | -E            compile only | to assembly | preprocess only
  -trans                  translate only: write the generated C as NAME.trans.c
  -T N, -T=N, -TN, -fupc-threads-N, -fupc-threads=N
                          static THREADS: THREADS is the constant N
  -I DIR, -iquote DIR, -isystem DIR, -idirafter DIR, -include FILE, -imacros FILE,
  -D NAME[=V], -U NAME, -Wp,OPT, -M, -MM, -MD, -MMD, -MF, -MT, -MQ, -MP
                          preprocessor options (searched before the UPC headers)
  -L DIR, -l LIB, -Wl,OPT, -Xlinker OPT, -static, ...
                          linker options
  -O*, -g*, -f*, -m*, -W*, -std=STD, -Wc,OPT, -Wa,OPT
                          C compiler options (-Wc,OPT: OPT to the C compiler, as in upcc)
  -x upc | -x c | -x none language of the next inputs (.upc and .c are UPC; -x c: plain C);
                          also -x assembler, -x assembler-with-cpp (.s and .S are assembled)
  -shared-heap=SIZE       default shared heap per thread (a bare number is MB)
  --keep, -save-temps     keep the generated C as NAME.trans.c
  -v                      print every command run
  --help, --version
  -network=smp|mpi        the conduit: smp (default, one machine) or mpi (started with
                          upcrun or mpirun; needs upc-check built with Open MPI)
upcc and gupc options with no meaning here (-pthreads, -opt, -inst, -fupc-...) are
ignored with a warning. Other options are passed to the C compiler.
Checker flags: --upccheck:-a (no argument checks), --upccheck:-d (no deadlock checks),
--upccheck:-s (track the call stack), --upccheck:-r (data races), --upccheck:-h (help).
";

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
    /// Where libcheckrt.a is (needed only to link).
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
    let libdir = libs.into_iter().find(|p| p.join("libcheckrt.a").is_file());
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
        race: false,
    };
    let mut help = false;
    for f in flags {
        match f.trim_start_matches('-') {
            "a" | "d_argument_check" => checks.args = false,
            "d" | "d_deadlock_check" => checks.deadlock = false,
            "s" | "e_track_func_call_stack" => checks.callstack = true,
            "r" | "e_race_check" => checks.race = true,
            "h" | "help" => help = true,
            _ => bail!("unknown checker flag --upccheck:{f} (see --upccheck:-h)"),
        }
    }
    if !checks.any() {
        checks.callstack = false;
    }
    Ok((checks, help))
}

/// The help of the checker flags (`--upccheck:-h`), with the run-time environment.
pub fn checker_help() -> String {
    let mut h = String::from(
        "upc-check checker flags (add to the compile command):
  --upccheck:-a, --upccheck:-d_argument_check      disable argument checking
  --upccheck:-d, --upccheck:-d_deadlock_check      disable deadlock checking
  --upccheck:-s, --upccheck:-e_track_func_call_stack  track the call stack (shown in reports)
  --upccheck:-r, --upccheck:-e_race_check          check for data races on shared memory
  --upccheck:-h, --upccheck:-help                  this help
With both checks disabled the program is built without any instrumentation.
The program reads when it runs (default; see USERGUIDE.md):
",
    );
    for v in rules::env::RUN_TIME {
        h += &format!("  {:<26} {:<10} {}\n", v.name, v.default, v.meaning);
    }
    h
}

/// Compile/link according to the arguments.  Returns the process exit code.
pub fn compile(args: Args) -> Result<ExitCode> {
    let (checks, help) = parse_checks(&args.upccheck)?;
    if help {
        print!("{}", checker_help());
        return Ok(ExitCode::SUCCESS);
    }
    for w in &args.warnings {
        eprintln!("upc-check: warning: {w}");
    }
    if args.inputs.is_empty() {
        bail!("no input files");
    }
    for f in &args.inputs {
        if !f.path.exists() {
            bail!("{}: no such file", f.path.display());
        }
        if f.path.is_dir() {
            bail!("{}: is a directory", f.path.display());
        }
    }
    let install = find_install()?;
    if args.network == Network::Mpi {
        if args.stop != Stop::Preprocess {
            // say it before compiling anything (objects for a conduit that is not there are
            // of no use)
            mpi_runtime(&install)?;
        }
    }
    let opts = Options {
        static_threads: args.threads,
        checks,
        library_dir: Some(install.include.to_string_lossy().into_owned()),
        remote_access: args.network == Network::Mpi,
        pic: args
            .cc
            .iter()
            .any(|a| matches!(a.to_str(), Some("-fPIC" | "-fpic"))),
        // gcc's default since gcc 10: -fno-common
        common: args
            .cc
            .iter()
            .rev()
            .find_map(|a| match a.to_str() {
                Some("-fcommon") => Some(true),
                Some("-fno-common") => Some(false),
                _ => None,
            })
            .unwrap_or(false),
    };
    // the inputs this call compiles (or preprocesses, or translates), in order
    let mut sources: Vec<usize> = Vec::new();
    for (i, f) in args.inputs.iter().enumerate() {
        let unused = match (f.kind, args.stop) {
            (Kind::Link, Stop::Link) => None,
            (Kind::Link, _) => Some("linker input file unused because linking not done"),
            // as gcc: assembly needs no preprocessing
            (Kind::Asm, Stop::Preprocess) => None,
            (Kind::Asm | Kind::AsmCpp, Stop::Assemble) => {
                Some("assembler input file unused because assembling not done")
            }
            (Kind::C | Kind::Asm | Kind::AsmCpp, Stop::Translate) => {
                Some("not UPC: nothing to translate")
            }
            _ => {
                sources.push(i);
                None
            }
        };
        if let Some(why) = unused {
            eprintln!("upc-check: warning: {}: {why}", f.path.display());
        }
    }

    if args.stop == Stop::Preprocess {
        let mut all = Vec::new();
        for &i in &sources {
            let f = &args.inputs[i];
            if f.kind == Kind::Upc {
                let s = preprocess(&f.path, &args, &install, None)?;
                all.extend(s.encoding.encode(&s.text));
            } else {
                match compile_foreign(&f.path, f.kind, None, &args)? {
                    Some(text) => all.extend(text),
                    None => bail!("preprocessing {} failed", f.path.display()),
                }
            }
        }
        match args.output.as_deref().filter(|o| !is_stdout(o)) {
            Some(o) => {
                std::fs::write(o, all).with_context(|| format!("cannot write {}", o.display()))?
            }
            None => std::io::stdout()
                .write_all(&all)
                .context("cannot write the preprocessed text")?,
        }
        return Ok(ExitCode::SUCCESS);
    }
    if args.stop != Stop::Link && args.output.is_some() && sources.len() > 1 {
        bail!("cannot specify -o with -c, -S or -trans and several source files");
    }
    let tmp = tempfile::Builder::new()
        .prefix("upc-check")
        .tempdir()
        .context("cannot create a temporary directory")?;
    // best effort: without it an interrupted build only leaves its folder behind
    if crate::interrupt::install().is_ok() {
        crate::interrupt::folder_made(tmp.path());
    }
    // the object (or other output) of each source, by input index
    let mut objects: Vec<Option<PathBuf>> = vec![None; args.inputs.len()];
    let mut failed = false;
    for &i in &sources {
        let src = &args.inputs[i].path;
        let stem = src
            .file_stem()
            .map(|x| x.to_string_lossy().into_owned())
            .unwrap_or_else(|| "a".into());
        let named = |ext: &str| {
            args.output
                .clone()
                .unwrap_or_else(|| PathBuf::from(format!("{stem}.{ext}")))
        };
        let out = match args.stop {
            Stop::Compile if args.syntax_only => tmp.path().join(format!("{i}_{stem}.o")),
            Stop::Compile => named("o"),
            Stop::Assemble => named("s"),
            Stop::Translate => named("trans.c"),
            _ => tmp.path().join(format!("{i}_{stem}.o")),
        };
        let compiled = match args.inputs[i].kind {
            Kind::Upc => compile_one(src, &out, &args, &install, &opts, tmp.path())?,
            kind => compile_foreign(src, kind, Some(&out), &args)?.is_some(),
        };
        match compiled {
            true => objects[i] = Some(out),
            false => failed = true,
        }
    }
    if failed {
        return Ok(ExitCode::from(EXIT_BAD_INPUT));
    }
    if args.stop != Stop::Link {
        return Ok(ExitCode::SUCCESS);
    }
    let out = args
        .output
        .clone()
        .unwrap_or_else(|| PathBuf::from("a.out"));
    let mut cmd = backend_cmd();
    cmd.arg("-o").arg(&out);
    // inputs and link options in the order given (a source stands for its object)
    for item in &args.link {
        match item {
            LinkItem::Arg(a) => {
                cmd.arg(a);
            }
            LinkItem::Input(i) => {
                cmd.arg(objects[*i].as_ref().unwrap_or(&args.inputs[*i].path));
            }
        }
    }
    let libdir = install.libdir.as_ref().ok_or_else(|| {
        anyhow!("cannot find libcheckrt.a (build it with `cargo build --release`, or set UPCCHECK_HOME)")
    })?;
    cmd.arg(format!("-L{}", libdir.display()));
    let fully_static = args
        .link
        .iter()
        .any(|l| matches!(l, LinkItem::Arg(a) if a == "-static" || a == "-static-pie"));
    match args.network {
        Network::Smp => {
            cmd.arg("-lcheckrt");
        }
        Network::Mpi => {
            // Position-dependent: the status records and the checker keep pointers to the
            // program's static strings, valid in every thread only at the same address, which
            // separately started processes have only without PIE.
            cmd.arg("-no-pie");
            cmd.arg(format!("-Wl,-u,{}", network::MPI_MARKER));
            cmd.arg("-lpgas_mpi");
            let mpi = network::mpi_link_flags().map_err(|e| anyhow!(e))?;
            if fully_static {
                if let Some(lib) = network::without_static_library(&mpi, &backend_cmd()) {
                    eprintln!(
                        "upc-check: error: -static with -network=mpi: the installed MPI has no \
                         static library lib{lib}.a (its link options: {}); build without -static",
                        mpi.join(" ")
                    );
                    return Ok(ExitCode::from(EXIT_BAD_INPUT));
                }
            }
            cmd.args(mpi);
        }
    }
    // the unwinder the runtime needs: libgcc_s, which a static link has only as libgcc_eh
    let unwinder = if fully_static { "-lgcc_eh" } else { "-lgcc_s" };
    cmd.args(["-lpthread", "-ldl", "-lm", "-lrt", unwinder, "-lutil"]);
    let o = run(&mut cmd, args.verbose)?;
    let msgs = String::from_utf8_lossy(&o.stderr);
    eprint!("{msgs}");
    if !o.status.success() {
        eprintln!("upc-check: error: linking {} failed", out.display());
        if let Some(name) = multiply_defined_shared(&msgs) {
            eprintln!(
                "upc-check: error: shared object '{name}' is defined in more than one file: \
                 a definition without an initializer (`shared int {name};`, often in a header \
                 several files include) is a tentative definition, which C compilers since gcc \
                 10 (-fno-common) define in every file; declare it `extern` in the header and \
                 define it in one file, or compile every file with -fcommon"
            );
        } else if msgs.contains(lower::LINK_CHECK_MAIN) {
            eprintln!(
                "upc-check: error: the program's main was not compiled by upc-check, but other \
                 objects use UPC: compile the file with main with upc-check (a UPC program \
                 starts in the UPC runtime)"
            );
        } else if msgs.contains(lower::LINK_CHECK_NETWORK) {
            eprintln!(
                "upc-check: error: the objects were compiled for different networks: every \
                 file of a program must be compiled with the same -network (an object compiled \
                 for smp reaches shared data with plain loads and stores, which fault on another \
                 node of an MPI job); the undefined name says which network an object was \
                 compiled for"
            );
        } else if msgs.contains(lower::LINK_CHECK_THREADS) {
            eprintln!(
                "upc-check: error: the objects were compiled for different THREADS: every \
                 file of a program must be compiled with the same -T N (or all without -T, \
                 for a dynamic number of threads); the undefined name says which -T an object \
                 was compiled with"
            );
        }
        return Ok(ExitCode::from(EXIT_BAD_INPUT));
    }
    Ok(ExitCode::SUCCESS)
}

/// The shared object the linker found defined twice, from its messages: the name of the
/// object whose descriptor (`__upcsv_NAME`) is in a `multiple definition of` message.
fn multiply_defined_shared(msgs: &str) -> Option<&str> {
    let at = msgs.find("multiple definition of ")?;
    let rest = &msgs[at..];
    let prefix = lower::SHARED_VAR_PREFIX;
    let name = &rest[rest.find(prefix)? + prefix.len()..];
    let end = name
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(name.len());
    Some(&name[..end])
}

/// `-o -` with `-E`, `-S` or `-trans`: the output goes to standard output, as in gcc.
fn is_stdout(out: &Path) -> bool {
    out.as_os_str() == "-"
}

/// Write `bytes`, the output of a compilation, to `out` (standard output for `-`).
fn write_output(out: &Path, bytes: &[u8]) -> Result<()> {
    if is_stdout(out) {
        std::io::stdout()
            .write_all(bytes)
            .context("cannot write to standard output")
    } else {
        std::fs::write(out, bytes).with_context(|| format!("cannot write {}", out.display()))
    }
}

/// The MPI conduit's runtime library, or why it is not there.
fn mpi_runtime(install: &Install) -> Result<PathBuf> {
    let lib = install
        .libdir
        .as_ref()
        .map(|d| d.join(network::MPI_LIBRARY))
        .filter(|l| l.is_file());
    match lib {
        Some(l) if network::archive_defines(&l, network::MPI_MARKER).unwrap_or(false) => Ok(l),
        _ => bail!("{}", network::MPI_MISSING_HELP),
    }
}

/// What input `f` is: objects and libraries are the linker's whatever `-x` says; the other
/// files are of the language of the last `-x` (other than `-x none`), or else of their name's.
fn input_kind(f: &Path, lang: Option<Kind>) -> Kind {
    let ext = f.extension().and_then(|e| e.to_str());
    match (ext, lang) {
        (Some("o" | "a" | "so"), _) => Kind::Link,
        (_, Some(k)) => k,
        (Some("upc" | "c" | "h" | "i"), None) => Kind::Upc,
        (Some("s"), None) => Kind::Asm,
        (Some("S" | "sx"), None) => Kind::AsmCpp,
        _ => Kind::Link,
    }
}

/// The `#if` / `#elif` lines of `text` (line number, name) whose condition names `MYTHREAD`,
/// or `THREADS` when it is not a compile-time constant (`static_threads` false) and no
/// enclosing or same-line condition tests `__UPC_STATIC_THREADS__` or
/// `__UPC_DYNAMIC_THREADS__`: the preprocessor reads those names as 0 (they expand to
/// run-time values, `lower::THREADS_EXPANSION`).
fn run_time_names_in_if(text: &str, static_threads: bool) -> Vec<(usize, &'static str)> {
    let names = |d: &str, name: &str| {
        d.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .any(|w| w == name)
    };
    let env = |d: &str| names(d, "__UPC_STATIC_THREADS__") || names(d, "__UPC_DYNAMIC_THREADS__");
    // per open conditional: whether it tests the THREADS environment
    let mut open: Vec<bool> = Vec::new();
    let mut found = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some(d) = line.trim_start().strip_prefix('#') else {
            continue;
        };
        let d = d.trim_start();
        let word = d
            .split(|c: char| !c.is_ascii_alphabetic())
            .next()
            .unwrap_or("");
        let guarded = open.iter().any(|&g| g) || env(d);
        if matches!(word, "if" | "elif") {
            if names(d, "MYTHREAD") {
                found.push((i + 1, "MYTHREAD"));
            } else if !static_threads && !guarded && names(d, "THREADS") {
                found.push((i + 1, "THREADS"));
            }
        }
        match word {
            "if" | "ifdef" | "ifndef" => open.push(env(d)),
            "endif" => {
                open.pop();
            }
            _ => {}
        }
    }
    found
}

/// Run the preprocessor with the UPC predefined macros and our headers.  `obj` is the object
/// the source becomes (the target of a `-MD` dependency file).
///
/// The search path is the C compiler's: for `#include "x.h"` the directory of the including
/// file, then the `-iquote` dirs; then the user's `-I` dirs in order; then the UPC headers;
/// then `-isystem` dirs, the system's, and `-idirafter` dirs. A program that ships a header
/// named like one of ours gets its own.
fn preprocess(src: &Path, args: &Args, install: &Install, obj: Option<&Path>) -> Result<Source> {
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
            cmd.arg(format!("-DTHREADS={}", lower::THREADS_EXPANSION));
        }
    }
    cmd.arg(format!("-DMYTHREAD={}", lower::MYTHREAD_EXPANSION));
    cmd.args(PREDEFINED);
    if let Some(h) = &args.shared_heap {
        cmd.arg(format!("-DUPCR_DEFAULT_HEAP_SIZE=\"{h}\""));
    }
    // first, so that the user's -include files see the UPC environment
    let predef = install.include.join("upcr_predef.h");
    if predef.is_file() {
        cmd.arg("-include").arg(predef);
    }
    // the runtime's declarations are for the generated C: `-E` output (a configure probe, a
    // template run through the preprocessor, a .i compiled later, which gets them again)
    // shows only the user's text, with the macros still defined
    let forced = if args.stop == Stop::Preprocess {
        "-imacros"
    } else {
        "-include"
    };
    cmd.arg(forced).arg(install.include.join("upcc_hooks.h"));
    cmd.args(&args.cpp);
    if args.stop == Stop::Preprocess {
        cmd.args(&args.cpp_only);
        cmd.args(&args.deps.args);
    } else {
        dep_side_effect(&mut cmd, args, src, obj);
    }
    // after the user's -I dirs, before the system's
    let mut ours = OsString::from("-I");
    ours.push(&install.include);
    cmd.arg(ours);
    cmd.arg(src);
    let o = run(&mut cmd, args.verbose)?;
    eprint!("{}", String::from_utf8_lossy(&o.stderr));
    if !o.status.success() {
        bail!("preprocessing {} failed", src.display());
    }
    if let Ok(text) = std::fs::read(src) {
        let text = String::from_utf8_lossy(&text);
        for (line, name) in run_time_names_in_if(&text, args.threads.is_some()) {
            let how = if name == "MYTHREAD" {
                "MYTHREAD differs between threads and is not known to the preprocessor"
            } else {
                "THREADS is chosen at run time here (compile with -T N to fix it, or test \
                 defined(__UPC_STATIC_THREADS__) first)"
            };
            eprintln!(
                "upc-check: warning: {}:{line}: {name} in #if reads as 0: {how}",
                src.display()
            );
        }
    }
    let mut source = Source::from_bytes(o.stdout);
    // -MM and -MMD leave out system headers; the UPC headers are the compiler's own (in
    // Berkeley UPC and GUPC they are system headers), so they are left out too. -M and -MD
    // list them, by absolute path, like the system's.
    let user_only = args.deps.args.iter().any(|a| a == "-MM" || a == "-MMD");
    if user_only {
        let file = dep_file_written(args, src, obj);
        match file {
            Some(f) => {
                if let Ok(rules) = std::fs::read_to_string(&f) {
                    let kept = drop_headers_under(&rules, &install.include);
                    std::fs::write(&f, kept)
                        .with_context(|| format!("cannot write {}", f.display()))?;
                }
            }
            None if args.stop == Stop::Preprocess => {
                source.text = drop_headers_under(&source.text, &install.include)
            }
            None => {}
        }
    }
    Ok(source)
}

/// With `-MD` or `-MMD`: the options that have the preprocessor write `src`'s dependency rule
/// beside the compilation into `obj`, to the file and for the target gcc would name.
fn dep_side_effect(cmd: &mut Command, args: &Args, src: &Path, obj: Option<&Path>) {
    if !args.deps.side_effect {
        return;
    }
    cmd.args(&args.deps.args);
    let target = deps_target(args, src, obj);
    if !args.deps.file_given {
        cmd.arg("-MF").arg(deps_file(args, src, obj));
    }
    if !args.deps.target_given {
        cmd.arg("-MQ").arg(&target);
    }
}

/// An input that is not UPC (plain C of `-x c`, assembly) through the C compiler alone, as
/// gcc would compile it: no UPC macros or headers, no translation, the user's `-std`.
/// With `out`, compiled (`-c`, or `-S` for C) into `out`: Some(empty) when it was; without,
/// preprocessed (`-E`): Some(the text). None when the C compiler failed (its messages were
/// printed).
fn compile_foreign(
    src: &Path,
    kind: Kind,
    out: Option<&Path>,
    args: &Args,
) -> Result<Option<Vec<u8>>> {
    let lang = kind
        .backend_language()
        .ok_or_else(|| anyhow!("{}: not a C or assembly input", src.display()))?;
    let mut cmd = backend_cmd();
    if let Some(std) = &args.c_std {
        cmd.arg(std);
    }
    // assembly without preprocessing takes no preprocessor options
    if kind != Kind::Asm {
        cmd.args(&args.cpp);
    }
    match out {
        None => {
            cmd.arg("-E");
            cmd.args(&args.cpp_only);
            cmd.args(&args.deps.args);
        }
        Some(o) => {
            cmd.arg(if args.stop == Stop::Assemble {
                "-S"
            } else {
                "-c"
            });
            if kind != Kind::Asm {
                dep_side_effect(&mut cmd, args, src, Some(o));
            }
            cmd.args(&args.cc);
            cmd.args(aux_names(args, src));
            cmd.arg("-o").arg(o);
        }
    }
    cmd.args(["-x", lang]).arg(src);
    let o = run(&mut cmd, args.verbose)?;
    eprint!("{}", String::from_utf8_lossy(&o.stderr));
    if out.is_some_and(is_stdout) && o.status.success() {
        write_output(Path::new("-"), &o.stdout)?;
    }
    Ok(o.status.success().then_some(o.stdout))
}

/// The dependency file the preprocessor wrote for `src`, if any: the `-MF` file, or with
/// `-MD`/`-MMD` and no `-MF` the object's name with `.d`.
fn dep_file_written(args: &Args, src: &Path, obj: Option<&Path>) -> Option<PathBuf> {
    let mut it = args.deps.args.iter();
    let mut given = None;
    while let Some(a) = it.next() {
        if a == "-MF" {
            given = it.next().map(PathBuf::from);
        }
    }
    if given.is_some() {
        return given;
    }
    if args.stop == Stop::Preprocess || !args.deps.side_effect {
        return None;
    }
    Some(deps_file(args, src, obj))
}

/// The target of the dependency rule written beside a compilation (-MD, -MMD), as gcc 12
/// names it: the object being made; when the call links, the program named by `-o`, or
/// without `-o` `NAME.o`.
fn deps_target(args: &Args, src: &Path, obj: Option<&Path>) -> PathBuf {
    match (args.stop, obj, &args.output) {
        (Stop::Compile, Some(o), _) => o.to_path_buf(),
        (Stop::Link, _, Some(o)) => o.clone(),
        _ => {
            let stem = src
                .file_stem()
                .map(|x| x.to_string_lossy().into_owned())
                .unwrap_or_else(|| "a".into());
            PathBuf::from(format!("{stem}.o"))
        }
    }
}

/// The dependency file written beside a compilation without `-MF`, as gcc 12 names it:
/// the target's name with `.d`; when the call links without `-o`, `a-NAME.d`.
fn deps_file(args: &Args, src: &Path, obj: Option<&Path>) -> PathBuf {
    if args.stop == Stop::Link && args.output.is_none() {
        let stem = src.file_stem().unwrap_or_default().to_string_lossy();
        return PathBuf::from(format!("a-{stem}.d"));
    }
    deps_target(args, src, obj).with_extension("d")
}

/// Make rules (as the preprocessor writes them for -M*) without the prerequisites under
/// `dir`, and without the phony rules (-MP) of those files. Words are separated by blanks
/// and backslash-newlines; `\ ` (an escaped blank) is part of a word.
fn drop_headers_under(rules: &str, dir: &Path) -> String {
    let dir = dir.to_string_lossy().trim_end_matches('/').to_string() + "/";
    let canon = std::fs::canonicalize(&dir)
        .map(|d| d.to_string_lossy().trim_end_matches('/').to_string() + "/")
        .unwrap_or_else(|_| dir.clone());
    let ours = |w: &str| {
        let w = w.replace("\\ ", " ");
        w.starts_with(&dir) || w.starts_with(&canon)
    };
    // logical lines: a backslash-newline continues the line
    let joined = rules.replace("\\\n", " \u{1}");
    let mut out = String::new();
    for line in joined.split('\n') {
        let mut words: Vec<String> = Vec::new();
        let mut cur = String::new();
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\\' if chars.peek() == Some(&' ') => {
                    cur.push('\\');
                    cur.push(chars.next().unwrap());
                }
                ' ' | '\t' | '\u{1}' => {
                    if !cur.is_empty() {
                        words.push(std::mem::take(&mut cur));
                    }
                }
                _ => cur.push(c),
            }
        }
        if !cur.is_empty() {
            words.push(cur);
        }
        let Some(colon) = words.iter().position(|w| w.ends_with(':')) else {
            if !line.trim().is_empty() {
                out.push_str(&line.replace('\u{1}', "\\\n"));
                out.push('\n');
            }
            continue;
        };
        let (targets, prereqs) = words.split_at(colon + 1);
        let target_word = targets[0].trim_end_matches(':');
        if targets.len() == 1 && prereqs.is_empty() && ours(target_word) {
            continue; // -MP's phony rule for one of our headers
        }
        let kept: Vec<&String> = prereqs.iter().filter(|w| !ours(w)).collect();
        out.push_str(&targets.join(" "));
        for (k, w) in kept.iter().enumerate() {
            out.push_str(if k == 0 { " " } else { " \\\n " });
            out.push_str(w);
        }
        out.push('\n');
    }
    out
}

/// Preprocessed text and its [`Encoding`].
struct Source {
    text: String,
    encoding: Encoding,
}

/// C compilers take source files in any ASCII-compatible 8-bit encoding (comments and string
/// literals in Latin-1, say); the translator works on `str`.  A text that is not UTF-8 is read
/// one character per byte (U+0000..U+00FF) and written back the same way, so every byte of it
/// reaches the C compiler unchanged; what the translator inserts is ASCII.
#[derive(Clone, Copy)]
enum Encoding {
    Utf8,
    BytePerChar,
}

impl Source {
    fn from_bytes(bytes: Vec<u8>) -> Source {
        match String::from_utf8(bytes) {
            Ok(text) => Source {
                text,
                encoding: Encoding::Utf8,
            },
            Err(e) => Source {
                text: e.as_bytes().iter().map(|&b| char::from(b)).collect(),
                encoding: Encoding::BytePerChar,
            },
        }
    }
}

impl Encoding {
    /// `s` (a text read in this encoding, or C made from it) as the bytes to write.
    fn encode(self, s: &str) -> Vec<u8> {
        match self {
            Encoding::Utf8 => s.as_bytes().to_vec(),
            // every character is the image of one byte, or ASCII inserted by the translator
            Encoding::BytePerChar => s.chars().map(|c| u8::try_from(c).unwrap_or(b'?')).collect(),
        }
    }
}

/// C compiler options that write auxiliary files named after the compilation (`.gcno`,
/// `.su`, `.dwo`, dumps).
fn writes_aux_files(cc: &[OsString]) -> bool {
    cc.iter().any(|a| {
        a.to_str().is_some_and(|s| {
            matches!(
                s,
                "--coverage"
                    | "-ftest-coverage"
                    | "-fprofile-arcs"
                    | "-fprofile-generate"
                    | "-fstack-usage"
                    | "-gsplit-dwarf"
                    | "-fcallgraph-info"
            ) || s.starts_with("-fdump-")
                || s.starts_with("-fcallgraph-info=")
        })
    })
}

/// When this call links and `src`'s object is a temporary file: the options that name the C
/// compiler's auxiliary files (`--coverage`'s `.gcno` and `.gcda`, ...) the way gcc 12 names
/// them in a one-step build: `OUT-STEM.gcno` beside the output (`a-STEM` without `-o`), or
/// `STEM.gcno` beside it when the output is named after its only source.
fn aux_names(args: &Args, src: &Path) -> Vec<OsString> {
    if args.stop != Stop::Link || !writes_aux_files(&args.cc) {
        return Vec::new();
    }
    let stem = src.file_stem().unwrap_or_default();
    let sources = args.inputs.iter().filter(|f| f.compiled()).count();
    let dumpdir = match &args.output {
        None => OsString::from("a-"),
        Some(o) => {
            let name = o.file_name().unwrap_or_default();
            let name = name
                .to_str()
                .and_then(|n| n.strip_suffix(".exe"))
                .map(OsStr::new)
                .unwrap_or(name);
            let dir = o.parent().map(Path::as_os_str).unwrap_or_default();
            let mut d = OsString::from(dir);
            if !d.is_empty() {
                d.push("/");
            }
            if !(sources == 1 && name == stem) {
                d.push(name);
                d.push("-");
            }
            d
        }
    };
    vec!["-dumpdir".into(), dumpdir, "-dumpbase".into(), stem.into()]
}

/// Preprocess, translate and compile one source into `out` (an object, or with `-S` assembly,
/// with `-trans` the generated C).  Ok(false): diagnostics were printed.
fn compile_one(
    src: &Path,
    out: &Path,
    args: &Args,
    install: &Install,
    opts: &Options,
    tmp: &Path,
) -> Result<bool> {
    let text = match preprocess(src, args, install, Some(out)) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("upc-check: error: {e:#}");
            return Ok(false);
        }
    };
    let pre = text.text.clone();
    let translated = match lower::translate(text.text, &src.to_string_lossy(), opts) {
        Ok(o) => o,
        Err(diags) => {
            for d in diags {
                eprint!("{d}");
            }
            return Ok(false);
        }
    };
    if args.stop == Stop::Translate {
        write_output(out, &text.encoding.encode(&translated.c_text))?;
        return Ok(true);
    }
    let stem = src
        .file_stem()
        .map(|x| x.to_string_lossy().into_owned())
        .unwrap_or_else(|| "a".into());
    // kept (-save-temps) in the current directory, named after the output as gcc names its
    // own: builds of one source into several outputs, run at once, keep their own
    let c_path = if !args.keep {
        tmp.join(format!("{stem}.trans.c"))
    } else if out.starts_with(tmp) {
        let exe = args.output.as_deref().unwrap_or(Path::new("a.out"));
        let exe = exe.file_stem().unwrap_or_default().to_string_lossy();
        PathBuf::from(format!("{exe}-{stem}.trans.c"))
    } else {
        let o = out.file_stem().unwrap_or_default().to_string_lossy();
        PathBuf::from(format!("{o}.trans.c"))
    };
    // the UPC headers are the compiler's own: system headers to the C compiler, which then
    // keeps the warnings the user asks for to the program
    let c_text = crate::linemap::mark_system_headers(&translated.c_text, &install.include);
    std::fs::write(&c_path, text.encoding.encode(&c_text))
        .with_context(|| format!("cannot write {}", c_path.display()))?;
    let mut cmd = backend_cmd();
    cmd.arg(if args.stop == Stop::Assemble {
        "-S"
    } else {
        "-c"
    });
    cmd.args(["-x", "cpp-output"]);
    cmd.arg(format!("-std={}", args.std.as_deref().unwrap_or("gnu11")));
    // line tables in every build: the status table and fault reports map program counters
    // to UPC lines (a later -g option of the user wins)
    cmd.arg("-g1");
    cmd.args(&args.cc);
    cmd.args(aux_names(args, src));
    cmd.arg("-o").arg(out).arg(&c_path);
    let o = run(&mut cmd, args.verbose)?;
    let msgs = String::from_utf8_lossy(&o.stderr);
    // a shared object is named by its descriptor in the generated C (`deprecated`)
    let msgs = crate::colmap::remap(&msgs, &pre, &translated.c_text)
        .replace(&format!("\u{2018}{}", lower::SHARED_VAR_PREFIX), "\u{2018}")
        .replace(&format!("'{}", lower::SHARED_VAR_PREFIX), "'");
    eprint!("{msgs}");
    if is_stdout(out) && o.status.success() {
        write_output(out, &o.stdout)?;
    }
    Ok(o.status.success())
}

/// Entry point of the `upc-check` binary.
pub fn main_with(argv: Vec<OsString>) -> ExitCode {
    if argv.get(1).is_some_and(|a| a == "test") && argv.len() > 2 && !Path::new("test").exists() {
        let rest: Vec<OsString> = std::iter::once(OsString::from("upc-check test"))
            .chain(argv.into_iter().skip(2))
            .collect();
        return crate::testsuite::main(rest);
    }
    let argv = expand_response_files(argv, 0);
    if let Some(code) = backend_query(&argv) {
        return code;
    }
    let mut args = match parse_args(&argv) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("upc-check: error: {e}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    // a source read from standard input (`-`) is compiled from a copy in a temporary
    // directory that lives until the end of the compilation
    let _stdin_dir = match stdin_source(&mut args) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("upc-check: error: {e:#}");
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    if args.help {
        print!("{HELP}");
        return ExitCode::SUCCESS;
    }
    if args.version {
        println!("upc-check {}", env!("CARGO_PKG_VERSION"));
        return ExitCode::SUCCESS;
    }
    // `-v` alone (configure scripts log it): the versions, as gcc prints its own
    if args.verbose && args.inputs.is_empty() {
        eprintln!("upc-check version {}", env!("CARGO_PKG_VERSION"));
        return match backend_cmd().arg("-v").status() {
            Ok(st) => ExitCode::from(st.code().unwrap_or(1).clamp(0, 255) as u8),
            Err(e) => {
                eprintln!("upc-check: error: cannot run {}: {e}", backend());
                ExitCode::from(EXIT_BAD_INPUT)
            }
        };
    }
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

    proptest::proptest! {
        /// Whatever the bytes of a source, they are written back unchanged.
        #[test]
        fn every_source_byte_goes_back_out(bytes: Vec<u8>) {
            let s = Source::from_bytes(bytes.clone());
            proptest::prop_assert_eq!(s.encoding.encode(&s.text), bytes);
        }
    }

    #[test]
    fn a_latin1_source_is_read_one_character_per_byte() {
        let s = Source::from_bytes(b"/* \xe9t\xe9 */ int x;".to_vec());
        assert!(matches!(s.encoding, Encoding::BytePerChar));
        assert_eq!(s.text, "/* \u{e9}t\u{e9} */ int x;");
        let utf8 = Source::from_bytes("caf\u{e9}".as_bytes().to_vec());
        assert!(matches!(utf8.encoding, Encoding::Utf8));
    }

    fn try_parse(v: &[&str]) -> Parse<Args> {
        let argv: Vec<OsString> = std::iter::once("upc-check")
            .chain(v.iter().copied())
            .map(OsString::from)
            .collect();
        parse_args(&argv)
    }

    fn parse(v: &[&str]) -> Args {
        try_parse(v).expect("parses")
    }

    #[test]
    fn syntax_only_checks_without_linking() {
        let a = parse(&["-fsyntax-only", "-Wall", "x.upc"]);
        assert_eq!(a.stop, Stop::Compile);
        assert!(a.syntax_only);
        assert!(strs(&a.cc).contains(&"-fsyntax-only".to_string()));
    }

    #[test]
    fn response_files_expand_like_gcc() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a.rsp"), dir.path().join("b.rsp"));
        std::fs::write(&b, "\"-DNESTED=2 /* c */\"\n").unwrap();
        std::fs::write(
            &a,
            format!(
                "-O2\t'-DMSG=\"hi there\"'\n-DX=a\\ b  ''\n@{}\n",
                b.display()
            ),
        )
        .unwrap();
        let argv: Vec<OsString> = [
            "upc-check".to_string(),
            format!("@{}", a.display()),
            "@no-such.rsp".into(),
            "x.upc".into(),
        ]
        .iter()
        .map(OsString::from)
        .collect();
        assert_eq!(
            strs(&expand_response_files(argv, 0)),
            [
                "upc-check",
                "-O2",
                "-DMSG=\"hi there\"",
                "-DX=a b",
                "",
                "-DNESTED=2 /* c */",
                "@no-such.rsp",
                "x.upc"
            ]
        );
    }

    fn strs(v: &[OsString]) -> Vec<String> {
        v.iter().map(|s| s.to_string_lossy().into_owned()).collect()
    }

    fn link(a: &Args) -> Vec<String> {
        a.link
            .iter()
            .map(|l| match l {
                LinkItem::Arg(s) => s.to_string_lossy().into_owned(),
                LinkItem::Input(i) => format!("<{}>", a.inputs[*i].path.display()),
            })
            .collect()
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
        assert_eq!(strs(&a.cc), ["-O2", "-g", "-Wall"]);
        assert_eq!(strs(&a.cpp), ["-O2", "-DN=3", "-Iinc"]);
        assert_eq!(link(&a), ["-O2", "-g", "-lm", "<a.upc>", "<b.o>"]);
        assert_eq!(a.output, Some(PathBuf::from("x")));
        assert_eq!(a.inputs.len(), 2);
        assert_eq!(a.inputs[0].kind, Kind::Upc);
        assert_eq!(a.inputs[1].kind, Kind::Link);
        assert_eq!(a.stop, Stop::Link);
    }

    #[test]
    fn x_names_the_language_of_the_inputs_after_it() {
        let a = parse(&[
            "a.c",
            "-x",
            "c",
            "b.c",
            "c.upc",
            "d.o",
            "-x",
            "upc",
            "e.c",
            "-x",
            "none",
            "f.c",
            "g.s",
            "h.S",
            "i.sx",
            "-xassembler-with-cpp",
            "j.asm",
            "-x",
            "assembler",
            "k",
            "l.a",
        ]);
        let kinds: Vec<Kind> = a.inputs.iter().map(|f| f.kind).collect();
        use Kind::*;
        assert_eq!(
            kinds,
            [Upc, C, C, Link, Upc, Upc, Asm, AsmCpp, AsmCpp, AsmCpp, Asm, Link]
        );
        assert_eq!(link(&a).len(), a.inputs.len(), "every input in link order");
    }

    #[test]
    fn plain_c_keeps_the_standard_as_written() {
        for (flags, std, c_std) in [
            (&["-ansi"][..], "c99", "-ansi"),
            (&["-std=c89"][..], "c99", "-std=c89"),
            (&["--std", "gnu90"][..], "gnu99", "-std=gnu90"),
            (&["-ansi", "-std=gnu11"][..], "gnu11", "-std=gnu11"),
        ] {
            let a = parse(&[flags, &["-x", "c", "a.c"]].concat());
            assert_eq!(a.std.as_deref(), Some(std), "{flags:?}");
            assert_eq!(a.c_std, Some(OsString::from(c_std)), "{flags:?}");
        }
        assert_eq!(parse(&["a.c"]).c_std, None);
    }

    #[test]
    fn c89_dialects_compile_as_c99() {
        for (flags, std) in [
            (&["-ansi"][..], "c99"),
            (&["-std=c89"][..], "c99"),
            (&["-std=gnu90"][..], "gnu99"),
            (&["-ansi", "-std=gnu11"][..], "gnu11"),
            (&["-std=c17"][..], "c17"),
        ] {
            let a = parse(&[flags, &["a.upc"]].concat());
            assert_eq!(a.std.as_deref(), Some(std), "{flags:?}");
            assert!(
                strs(&a.cc).is_empty() && strs(&a.cpp).is_empty(),
                "{flags:?}"
            );
        }
    }

    #[test]
    fn every_threads_spelling_means_the_same() {
        for v in [
            &["-T", "4"][..],
            &["-T4"],
            &["-T=4"],
            &["-fupc-threads-4"],
            &["-fupc-threads=4"],
            &["--fupc-threads", "4"],
            &["--fupc-threads=4"],
            &["-T", "4", "-fupc-threads-4", "-T=4"],
        ] {
            assert_eq!(parse(v).threads, Some(4), "{v:?}");
        }
        assert_eq!(parse(&["a.upc"]).threads, None);
    }

    #[test]
    fn conflicting_and_bad_threads_are_one_line_errors() {
        let e = try_parse(&["-T", "2", "a.upc", "-T", "4"]).unwrap_err();
        assert_eq!(e.0, "conflicting THREADS values: -T 2 and -T 4");
        let e = try_parse(&["-fupc-threads-2", "-T=3"]).unwrap_err();
        assert_eq!(e.0, "conflicting THREADS values: -fupc-threads-2 and -T=3");
        for bad in [
            &["-T", "0"][..],
            &["-T", "abc"],
            &["-T"],
            &["-T=-1"],
            &["-T", "99999999999"],
            &["-fupc-threads-"],
            &["-fupc-threads4"],
        ] {
            let e = try_parse(bad).unwrap_err();
            assert!(!e.0.contains('\n'), "{e}");
            assert!(
                e.0.contains("THREADS") || e.0.contains("missing"),
                "{bad:?}: {e}"
            );
        }
    }

    #[test]
    fn the_last_of_a_repeated_option_wins() {
        let a = parse(&[
            "-o",
            "a",
            "-std=c99",
            "-shared-heap=1GB",
            "-o",
            "b",
            "-std=gnu11",
            "-shared-heap",
            "64",
            "-O0",
            "-O3",
            "x.upc",
        ]);
        assert_eq!(a.output, Some(PathBuf::from("b")));
        assert_eq!(a.std.as_deref(), Some("gnu11"));
        assert_eq!(a.shared_heap.as_deref(), Some("64MB"));
        // the C compiler sees both, in order: its last one wins
        assert_eq!(strs(&a.cc), ["-O0", "-O3"]);
        assert_eq!(parse(&["-c", "-E", "x.upc"]).stop, Stop::Preprocess);
        assert_eq!(parse(&["-S", "-c", "x.upc"]).stop, Stop::Assemble);
        assert_eq!(parse(&["-c", "-trans", "x.upc"]).stop, Stop::Translate);
    }

    #[test]
    fn network_spellings() {
        assert_eq!(parse(&["x.upc"]).network, Network::Smp);
        assert_eq!(parse(&["-network=mpi", "x.upc"]).network, Network::Mpi);
        assert_eq!(parse(&["--network=mpi", "x.upc"]).network, Network::Mpi);
        assert_eq!(parse(&["-network", "mpi", "x.upc"]).network, Network::Mpi);
        // the last one wins, as for every other option
        assert_eq!(
            parse(&["-network=mpi", "-network=smp", "x.upc"]).network,
            Network::Smp
        );
        let e = try_parse(&["-network=udpx", "x.upc"]).unwrap_err();
        assert!(e.0.contains("unknown network `udpx`"), "{e}");
        // Berkeley's cluster conduits build for one machine, with a warning
        let a = parse(&["-network=ibv", "x.upc"]);
        assert_eq!(a.network, Network::Smp);
        assert_eq!(a.warnings.len(), 1, "{:?}", a.warnings);
        assert!(parse(&["-network=smp", "x.upc"]).warnings.is_empty());
    }

    #[test]
    fn upcc_spellings() {
        let a = parse(&[
            "-T=8",
            "-shared-heap=64MB",
            "-network=mpi",
            "-pthreads",
            "-pthreads=4",
            "-opt",
            "-inst",
            "-uses-mpi",
            "-Wc,-O1,-march=native",
            "-Wl,--as-needed",
            "-Wp,-DFROM_WP",
            "-Wu,-foo",
            "-save-all-temps",
            "--upccheck:-a",
            "x.upc",
        ]);
        assert_eq!(a.threads, Some(8));
        assert_eq!(a.shared_heap.as_deref(), Some("64MB"));
        assert_eq!(a.network, Network::Mpi);
        assert!(a.keep);
        assert_eq!(a.output, None, "-opt is not -o pt");
        assert_eq!(strs(&a.cc), ["-O1", "-march=native"]);
        assert_eq!(strs(&a.cpp), ["-Wp,-DFROM_WP"]);
        assert_eq!(link(&a), ["-Wl,--as-needed", "<x.upc>"]);
        assert_eq!(
            a.warnings,
            [
                "ignoring upcc option -pthreads",
                "ignoring upcc option -pthreads=4",
                "ignoring upcc option -opt",
                "ignoring upcc option -inst",
                "ignoring upcc option -uses-mpi",
                "ignoring upcc option -Wu,-foo",
            ]
        );
        let (c, help) = parse_checks(&a.upccheck).unwrap();
        assert!(!c.args && c.deadlock && !help);
        assert!(parse_checks(&["-zz".into()]).is_err());
    }

    #[test]
    fn gupc_spellings() {
        let a = parse(&[
            "-fupc-threads-2",
            "-fupc-pthreads-model-tls",
            "-fupc-inline-lib",
            "-fno-upc-inline-lib",
            "-fupc-debug",
            "-dwarf-2-upc",
            "-x",
            "upc",
            "prog",
        ]);
        assert_eq!(a.threads, Some(2));
        assert!(a.cc.is_empty() && a.cpp.is_empty());
        assert_eq!(a.warnings.len(), 5);
        assert!(a
            .warnings
            .iter()
            .all(|w| w.starts_with("ignoring gupc option -")));
        assert_eq!(a.inputs[0].kind, Kind::Upc, "-x upc makes any file UPC");
    }

    #[test]
    fn threads_in_if_is_found_where_it_reads_0() {
        let text = "#if THREADS > 1\n#endif\n\
                    #if defined(__UPC_STATIC_THREADS__) && THREADS > 1\n#endif\n\
                    #ifndef __UPC_DYNAMIC_THREADS__\n#if THREADS % 2\n#endif\n#endif\n\
                    # if MYTHREAD == 0\n#elif NTHREADS > 1\n#endif\n\
                    int x = THREADS;\n";
        assert_eq!(
            run_time_names_in_if(text, false),
            [(1, "THREADS"), (9, "MYTHREAD")]
        );
        assert_eq!(run_time_names_in_if(text, true), [(9, "MYTHREAD")]);
    }

    #[test]
    fn preprocessor_options_keep_their_order() {
        let a = parse(&[
            "-Ia",
            "-iquote",
            "q",
            "-I",
            "b",
            "-isystem",
            "s",
            "-idirafter",
            "d",
            "-include",
            "f.h",
            "-imacros",
            "m.h",
            "-DX",
            "-U",
            "Y",
            "-isystemjoined",
            "-nostdinc",
            "x.upc",
        ]);
        assert_eq!(
            strs(&a.cpp),
            [
                "-Ia",
                "-iquote",
                "q",
                "-Ib",
                "-isystem",
                "s",
                "-idirafter",
                "d",
                "-include",
                "f.h",
                "-imacros",
                "m.h",
                "-DX",
                "-UY",
                "-isystem",
                "joined",
                "-nostdinc"
            ]
        );
        let a = parse(&["-MD", "-MF", "x.d", "-MP", "-MTt", "-P", "x.upc"]);
        assert!(a.deps.side_effect && a.deps.file_given && a.deps.target_given);
        assert_eq!(strs(&a.deps.args), ["-MD", "-MF", "x.d", "-MP", "-MT", "t"]);
        assert_eq!(strs(&a.cpp_only), ["-P"]);
        assert_eq!(parse(&["-MM", "x.upc"]).stop, Stop::Preprocess);
    }

    #[test]
    fn link_options_keep_their_order() {
        let a = parse(&[
            "-L", "lib", "main.upc", "-Xlinker", "-rpath", "-Xlinker", "/x", "util.o", "-lfoo",
            "-static", "-pthread",
        ]);
        assert_eq!(
            link(&a),
            [
                "-Llib",
                "<main.upc>",
                "-Xlinker",
                "-rpath",
                "-Xlinker",
                "/x",
                "<util.o>",
                "-lfoo",
                "-static",
                "-pthread"
            ]
        );
        assert_eq!(strs(&a.cc), ["-pthread"]);
    }

    #[test]
    fn bad_command_lines() {
        for (bad, needle) in [
            (
                &["--bogus", "a.upc"][..],
                "unrecognized command-line option '--bogus'",
            ),
            (
                &["-x", "fortran", "a.f"],
                "unsupported language '-x fortran'",
            ),
            (&["-o"], "missing argument to '-o'"),
            (&["-I"], "missing argument to '-I'"),
            (&["-shared-heap=lots"], "invalid shared heap size 'lots'"),
            (&["-shared-heap=0"], "out of range"),
            (&["--upccheck:-zz"], "unknown checker flag"),
        ] {
            let e = try_parse(bad).unwrap_err();
            assert!(e.0.contains(needle), "{bad:?}: {e}");
            assert!(!e.0.contains('\n'));
        }
        // unknown single-dash options are the C compiler's to judge
        let a = parse(&["-pipe", "x.upc"]);
        assert_eq!(strs(&a.cc), ["-pipe"]);
    }

    #[test]
    fn heap_sizes() {
        assert_eq!(heap_size("256", "").unwrap(), "256MB");
        assert_eq!(heap_size("2g", "").unwrap(), "2GB");
        assert_eq!(heap_size("512KiB", "").unwrap(), "512KB");
        assert_eq!(heap_size("1048576B", "").unwrap(), "1048576B");
        assert!(heap_size("16TB", "").is_ok());
        assert!(heap_size("17TB", "").is_err());
        assert!(heap_size("MB", "").is_err());
        assert!(heap_size("99999999999999999999999999999999999999999G", "").is_err());
    }

    #[test]
    fn user_dependency_files_leave_out_the_upc_headers() {
        let rules = "obj/x.o: src/x.upc /opt/uc/include/upcr_predef.h \\\n \
                     /opt/uc/include/upcc_hooks.h inc/my\\ dir.h /usr/include/stdio.h \\\n \
                     /opt/uc/include/upc.h\n\n/opt/uc/include/upc.h:\n\ninc/my\\ dir.h:\n";
        let kept = drop_headers_under(rules, Path::new("/opt/uc/include/"));
        assert_eq!(
            kept,
            "obj/x.o: src/x.upc \\\n inc/my\\ dir.h \\\n /usr/include/stdio.h\ninc/my\\ dir.h:\n"
        );
        // nothing of ours: the same rules (modulo line breaks)
        let plain = "a.o: a.upc b.h\n";
        assert_eq!(
            drop_headers_under(plain, Path::new("/opt/uc/include")),
            "a.o: a.upc \\\n b.h\n"
        );
    }
}
