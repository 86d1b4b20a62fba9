//! The compiler driver on command lines written for Berkeley UPC (`upcc`) and GUPC: repeated
//! and combined options, upcc and gupc spellings, the C compiler's include search order, the
//! Berkeley UPC timers, and one-line errors for bad command lines.

use std::path::Path;
use std::process::{Command, Output};

fn upc_check() -> Command {
    Command::new(env!("CARGO_BIN_EXE_upc-check"))
}

fn write(dir: &Path, name: &str, text: &str) {
    let p = dir.join(name);
    if let Some(parent) = p.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(p, text).unwrap();
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Run `upc-check args` in `dir`; panics with the compiler's output if it fails.
fn build(dir: &Path, args: &[&str]) -> Output {
    let out = upc_check().current_dir(dir).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "upc-check {args:?} failed:\n{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    out
}

/// Run a program (with UPC_THREADS for a dynamic-THREADS one); its stdout.
fn run(exe: &Path, threads: u32) -> String {
    let out = Command::new(exe)
        .env("UPC_THREADS", threads.to_string())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{} failed: {}{}",
        exe.display(),
        text(&out.stdout),
        text(&out.stderr)
    );
    text(&out.stdout)
}

// ---- 1. repeated and combined options ------------------------------------------------------

const NAS_COMMON: &str = r#"#ifndef NPBPARAMS_H
#define NPBPARAMS_H
#define NITER 5
double timer_us(void);
#endif
"#;

const NAS_MAIN: &str = r#"#include <upc.h>
#include <stdio.h>
#include "npbparams.h"
shared double sum[THREADS];
int main(void)
{
    double t = timer_us();
    for (int it = 0; it < NITER; it++) {
        sum[MYTHREAD] += MYTHREAD + 1;
        upc_barrier;
    }
    if (MYTHREAD == 0) {
        double s = 0;
        for (int i = 0; i < THREADS; i++)
            s += sum[i];
        printf("threads=%d sum=%g timed=%d\n", THREADS, s, timer_us() >= t);
    }
    return 0;
}
"#;

const NAS_TIMER: &str = r#"#include <upc.h>
#include "npbparams.h"
double timer_us(void) { return (double)bupc_ticks_to_us(bupc_ticks_now()); }
"#;

/// The make.def of NAS Parallel Benchmarks 2.4 (UPC) passes `-T 2` in both the compile and the
/// link flags, and upcc options such as `-Wc,...`: the same Makefile builds with upc-check.
#[test]
fn a_nas_style_makefile_builds_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "common/npbparams.h", NAS_COMMON);
    write(d, "EP/ep.upc", NAS_MAIN);
    write(d, "common/timers.upc", NAS_TIMER);
    write(
        d,
        "config/make.def",
        "UPCC = upcc\nCLINK = $(UPCC)\nUPCFLAGS = -T 2 -O -Wc,-O1 -shared-heap=64\n\
         CLINKFLAGS = -T 2\nC_LIB = -lm\nC_INC = -I../common\n",
    );
    write(
        d,
        "EP/Makefile",
        "include ../config/make.def\n\
         OBJS = ep.o ../common/timers.o\n\
         ep: $(OBJS)\n\t$(CLINK) $(UPCFLAGS) $(CLINKFLAGS) -o ep $(OBJS) $(C_LIB)\n\
         ep.o: ep.upc\n\t$(UPCC) -c $(UPCFLAGS) $(C_INC) ep.upc\n\
         ../common/timers.o: ../common/timers.upc\n\
         \tcd ../common && $(UPCC) -c $(UPCFLAGS) -T 2 timers.upc\n",
    );
    let out = Command::new("make")
        .current_dir(d.join("EP"))
        .arg(format!("UPCC={}", env!("CARGO_BIN_EXE_upc-check")))
        .output()
        .expect("make");
    assert!(
        out.status.success(),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    assert_eq!(
        run(&d.join("EP/ep"), 2),
        "threads=2 sum=15 timed=1\n",
        "static THREADS 2, five rounds of 1+2"
    );
}

#[test]
fn different_threads_values_are_a_one_line_error() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "p.upc", "int main(void) { return 0; }\n");
    for (args, msg) in [
        (
            &["-T", "2", "p.upc", "-T", "4"][..],
            "upc-check: error: conflicting THREADS values: -T 2 and -T 4\n",
        ),
        (
            &["-fupc-threads-2", "-T=3", "p.upc"],
            "upc-check: error: conflicting THREADS values: -fupc-threads-2 and -T=3\n",
        ),
    ] {
        let out = upc_check()
            .current_dir(dir.path())
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(text(&out.stderr), msg);
        assert!(!dir.path().join("a.out").exists());
    }
}

#[test]
fn every_threads_spelling_gives_static_threads() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "t.upc",
        "#include <stdio.h>\n#ifndef __UPC_STATIC_THREADS__\n#error dynamic\n#endif\n\
         int main(void) { if (MYTHREAD == 0) printf(\"%d\\n\", THREADS); return 0; }\n",
    );
    for spelling in [
        &["-T", "3"][..],
        &["-T3"],
        &["-T=3"],
        &["-fupc-threads-3"],
        &["-fupc-threads=3"],
        &["-T", "3", "-fupc-threads-3", "-T=3"],
    ] {
        let mut args = spelling.to_vec();
        args.extend(["-o", "t", "t.upc"]);
        build(dir.path(), &args);
        assert_eq!(run(&dir.path().join("t"), 3), "3\n", "{spelling:?}");
    }
}

#[test]
fn the_last_of_a_repeated_option_wins() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // C99 code: with the first -std (gnu89) it would not compile
    write(
        d,
        "last.upc",
        "#include <stdio.h>\nint main(void) { int s = 0; for (int i = 0; i < 4; i++) s += i; \
         if (MYTHREAD == 0) printf(\"%d\\n\", s); return 0; }\n",
    );
    build(
        d,
        &[
            "-o",
            "first",
            "-std=gnu89",
            "-O0",
            "-T",
            "1",
            "last.upc",
            "-O2",
            "-std=gnu11",
            "-o",
            "second",
        ],
    );
    assert!(!d.join("first").exists());
    assert_eq!(run(&d.join("second"), 1), "6\n");
}

// ---- 2. upcc and gupc spellings --------------------------------------------------------------

#[test]
fn upcc_and_gupc_options_are_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "opts.upc",
        "#include <upc.h>\n#include <stdio.h>\n\
         int main(void) { int unused; if (MYTHREAD == 0) printf(\"wp=%d\\n\", FROM_WP); return 0; }\n",
    );
    let out = build(
        d,
        &[
            "-network=smp",
            "-pthreads=4",
            "-opt",
            "-inst",
            "-uses-mpi",
            "-Wu,-x",
            "-fupc-inline-lib",
            "-fupc-pthreads-model-tls",
            "-dwarf-2-upc",
            "-Wp,-DFROM_WP=7",
            "-Wc,-O1,-g",
            "-Wl,--as-needed",
            "-shared-heap",
            "32MB",
            "-save-temps",
            "-T",
            "2",
            "-o",
            "opts",
            "opts.upc",
        ],
    );
    let err = text(&out.stderr);
    for w in [
        "upc-check: warning: ignoring upcc option -pthreads=4\n",
        "upc-check: warning: ignoring upcc option -opt\n",
        "upc-check: warning: ignoring upcc option -inst\n",
        "upc-check: warning: ignoring upcc option -uses-mpi\n",
        "upc-check: warning: ignoring upcc option -Wu,-x\n",
        "upc-check: warning: ignoring gupc option -fupc-inline-lib\n",
        "upc-check: warning: ignoring gupc option -fupc-pthreads-model-tls\n",
        "upc-check: warning: ignoring gupc option -dwarf-2-upc\n",
    ] {
        assert!(err.contains(w), "missing {w:?} in:\n{err}");
    }
    assert_eq!(run(&d.join("opts"), 2), "wp=7\n");
    // (named after the executable and the source, as gcc names its own)
    assert!(
        d.join("opts-opts.trans.c").is_file(),
        "-save-temps keeps the C"
    );

    // -Wc,A,B hands A and B to the C compiler (and nothing to the preprocessor)
    let out = upc_check()
        .current_dir(d)
        .args(["-Wc,-Wunused-variable,-Werror", "-T", "1", "-c", "opts.upc"])
        .args(["-Wp,-DFROM_WP=1"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("unused variable"),
        "{}",
        text(&out.stderr)
    );
    assert!(!text(&out.stderr).contains("unrecognized command-line option"));
}

#[test]
fn stop_options_write_what_they_name() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "inc/h.h", "#define H 1\n");
    write(
        d,
        "s.upc",
        "#include <upc.h>\n#include \"h.h\"\nshared int x;\nint main(void) { x = H; return 0; }\n",
    );
    std::fs::create_dir(d.join("obj")).unwrap();
    build(d, &["-Iinc", "-c", "-MD", "-o", "obj/s.o", "s.upc"]);
    let deps = std::fs::read_to_string(d.join("obj/s.d")).unwrap();
    assert!(
        deps.starts_with("obj/s.o:") && deps.contains("inc/h.h"),
        "{deps}"
    );
    build(d, &["-Iinc", "-S", "s.upc"]);
    assert!(std::fs::read_to_string(d.join("s.s"))
        .unwrap()
        .contains("main"));
    build(d, &["-Iinc", "-trans", "s.upc"]);
    let c = std::fs::read_to_string(d.join("s.trans.c")).unwrap();
    assert!(
        c.contains("upcr_") && !c.contains("shared int x"),
        "translated C"
    );
    let out = build(d, &["-Iinc", "-MM", "s.upc"]);
    assert!(
        text(&out.stdout).starts_with("s.o: s.upc"),
        "{}",
        text(&out.stdout)
    );
    assert!(text(&out.stdout).contains("inc/h.h"));
}

// ---- 3. include search order -----------------------------------------------------------------

/// A program with its own `upc_collective.h` (a reference implementation of the collectives
/// would ship one) and `config.h`, compiled from another directory.
const OWN_HEADERS: &str = r#"#include <upc.h>
#include <stdio.h>
#include "config.h"
#include "upc_collective.h"
#include <pick.h>
#if !defined(OWN_COLLECTIVE_H) || !defined(UPC_IN_ALLSYNC)
#error not the program's own upc_collective.h
#endif
shared int src[THREADS], dst[THREADS];
int main(void)
{
    src[MYTHREAD] = CONFIG_BASE + MYTHREAD;
    upc_all_broadcast(dst, &src[1], sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 1)
        printf("pick=%s own=%d dst=%d\n", PICK, OWN_COLLECTIVE_H, dst[1]);
    return 0;
}
"#;

const OWN_COLLECTIVE: &str = r#"#ifndef OWN_COLLECTIVE_H
#define OWN_COLLECTIVE_H 1
#include <upc_types.h>
void upc_all_broadcast(shared void *dst, shared const void *src, size_t nbytes, upc_flag_t flags);
#endif
"#;

#[test]
fn a_program_gets_its_own_headers_first() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "src/prog.upc", OWN_HEADERS);
    write(d, "src/config.h", "#define CONFIG_BASE 40\n");
    write(d, "src/upc_collective.h", OWN_COLLECTIVE);
    write(d, "a/pick.h", "#define PICK \"a\"\n");
    write(d, "b/pick.h", "#define PICK \"b\"\n");
    std::fs::create_dir(d.join("build")).unwrap();
    let b = d.join("build");
    // beside the including file, from another working directory; -I dirs in order
    build(
        &b,
        &["-T", "2", "-I../a", "-I../b", "-o", "p", "../src/prog.upc"],
    );
    assert_eq!(run(&b.join("p"), 2), "pick=a own=1 dst=41\n");
    build(
        &b,
        &[
            "-T",
            "2",
            "-I",
            "../b",
            "-I",
            "../a",
            "-o",
            "p",
            "../src/prog.upc",
        ],
    );
    assert_eq!(run(&b.join("p"), 2), "pick=b own=1 dst=41\n");

    // angle brackets and -I.: the program's header comes before ours
    let angle = OWN_HEADERS.replace("\"upc_collective.h\"", "<upc_collective.h>");
    write(d, "src/angle.upc", &angle);
    build(
        &d.join("src"),
        &["-T", "2", "-I.", "-I../a", "-o", "angle", "angle.upc"],
    );
    assert_eq!(run(&d.join("src/angle"), 2), "pick=a own=1 dst=41\n");
    // without -I. angle brackets find ours, which defines no OWN_COLLECTIVE_H
    let out = upc_check()
        .current_dir(d.join("src"))
        .args(["-T", "2", "-I../a", "-c", "angle.upc"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("not the program's own upc_collective.h"));
}

#[test]
fn preprocessor_search_options_are_the_c_compilers() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "q/quoted.h", "#define QUOTED 1\n");
    write(d, "q/angled.h", "#define ANGLED_FROM_IQUOTE 1\n");
    write(d, "sys/both.h", "#define BOTH 2\n");
    write(d, "after/both.h", "#define BOTH 3\n");
    write(d, "after/late.h", "#define LATE 4\n");
    write(d, "first.h", "#define FIRST 5\n");
    write(
        d,
        "macros.h",
        "#define FROM_IMACROS 6\nint not_declared_by_imacros;\n",
    );
    write(
        d,
        "m.upc",
        r#"#include <upc.h>
#include <stdio.h>
#include "quoted.h"
#include <both.h>
#include <late.h>
#if __has_include(<angled.h>)
#error -iquote dirs are for quotes only
#endif
int main(void)
{
    if (MYTHREAD == 0)
        printf("%d %d %d %d %d\n", QUOTED, BOTH, LATE, FIRST, FROM_IMACROS);
    return 0;
}
"#,
    );
    build(
        d,
        &[
            "-iquote",
            "q",
            "-isystem",
            "sys",
            "-idirafter",
            "after",
            "-include",
            "first.h",
            "-imacros",
            "macros.h",
            "-T",
            "1",
            "-o",
            "m",
            "m.upc",
        ],
    );
    assert_eq!(run(&d.join("m"), 1), "1 2 4 5 6\n");
}

// ---- 4. Berkeley UPC timers --------------------------------------------------------------------

const TIMER: &str = r#"#include <upc.h>
#include <stdio.h>
#include <inttypes.h>

#ifndef BUPC_TICK_MAX
#error no Berkeley UPC timers
#endif

int main(void)
{
    bupc_tick_t start, end;
    uint64_t ns, us;
    double granularity = bupc_tick_granularityus(), overhead = bupc_tick_overheadus();
    upc_barrier;
    start = bupc_ticks_now();
    for (int i = 0; i < 100; i++)
        upc_barrier;
    end = bupc_ticks_now();
    ns = bupc_ticks_to_ns(end - start);
    us = bupc_ticks_to_us(end - start);
    if (MYTHREAD == 0)
        printf("%d %" PRIu64 " %" PRIu64 " %.6f %.6f %d %d %zu\n", THREADS, ns, us, granularity,
               overhead, BUPC_TICK_MIN < start && end < BUPC_TICK_MAX, end >= start,
               sizeof(bupc_tick_t));
    return 0;
}
"#;

fn check_timer_output(line: &str, threads: u32) {
    let f: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(f.len(), 8, "{line}");
    assert_eq!(f[0], threads.to_string());
    let ns: u64 = f[1].parse().unwrap();
    let us: u64 = f[2].parse().unwrap();
    let granularity: f64 = f[3].parse().unwrap();
    let overhead: f64 = f[4].parse().unwrap();
    // 100 barriers take some time, and less than 10 s
    assert!(ns > 0 && ns < 10_000_000_000, "{line}");
    assert_eq!(us, ns / 1000, "{line}");
    assert!(granularity > 0.0 && granularity < 1000.0, "{line}");
    assert!(overhead > 0.0 && overhead < 100.0, "{line}");
    assert_eq!(&f[5..], ["1", "1", "8"], "{line}");
}

#[test]
fn berkeley_timers_time_a_barrier() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "timer.upc", TIMER);
    let strict = ["-Wall", "-Wextra", "-Werror"];
    build(
        d,
        &[&strict[..], &["-T", "2", "-o", "static", "timer.upc"]].concat(),
    );
    check_timer_output(&run(&d.join("static"), 2), 2);
    build(
        d,
        &[
            &strict[..],
            &["-std=c99", "-pedantic", "-o", "dyn", "timer.upc"],
        ]
        .concat(),
    );
    check_timer_output(&run(&d.join("dyn"), 3), 3);
}

#[test]
fn a_program_may_define_the_timers_itself() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // the same prototype as ours: the program's definition wins at link time
    write(
        d,
        "own.upc",
        "#include <upc.h>\n#include <stdio.h>\n\
         bupc_tick_t bupc_ticks_now(void) { return 42; }\n\
         int main(void) { if (MYTHREAD == 0) printf(\"%d %.0f\\n\", (int)bupc_ticks_now(), \
         bupc_tick_overheadus() * 0); return 0; }\n",
    );
    build(d, &["-T", "1", "-o", "own", "own.upc"]);
    assert_eq!(run(&d.join("own"), 1), "42 0\n");
    // other types: leave ours out
    write(
        d,
        "other.upc",
        "#include <upc.h>\n#include <stdio.h>\n\
         typedef double bupc_tick_t;\n\
         static bupc_tick_t bupc_ticks_now(void) { return 1.5; }\n\
         int main(void) { if (MYTHREAD == 0) printf(\"%g\\n\", bupc_ticks_now()); return 0; }\n",
    );
    build(
        d,
        &[
            "-DUPCCHECK_NO_BUPC_TICK",
            "-T",
            "1",
            "-o",
            "other",
            "other.upc",
        ],
    );
    assert_eq!(run(&d.join("other"), 1), "1.5\n");
}

#[test]
fn predefined_macros() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "m.upc",
        "#include <upc.h>\nUPC=__UPC__ VERSION=__UPC_VERSION__ \
         STATIC=__UPC_STATIC_THREADS__ DYNAMIC=__UPC_DYNAMIC_THREADS__ NTHREADS=THREADS \
         TICK=__UPC_TICK__ CHECK=__UPC_CHECK__\n\
         #if defined(__BERKELEY_UPC__) || defined(__GUPC__) || defined(__UPC_PTHREADS_MODEL_TLS__)\n\
         pretends to be another compiler\n#endif\n",
    );
    let out = build(d, &["-E", "-P", "-T", "4", "m.upc"]);
    let t = text(&out.stdout);
    assert!(
        t.contains("UPC=1 VERSION=201311L STATIC=1 DYNAMIC=__UPC_DYNAMIC_THREADS__ NTHREADS=4 TICK=1 CHECK=1"),
        "{t}"
    );
    assert!(!t.contains("pretends"));
    let out = build(d, &["-E", "-P", "m.upc"]);
    let t = text(&out.stdout);
    assert!(
        t.contains("STATIC=__UPC_STATIC_THREADS__ DYNAMIC=1 NTHREADS=(+upcr_threads)"),
        "{t}"
    );
}

// ---- 5. bad command lines ------------------------------------------------------------------

#[test]
fn bad_command_lines_get_one_line_and_no_panic() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "p.upc", "int main(void) { return 0; }\n");
    for (args, code, needle) in [
        (&["missing.upc"][..], 1, "missing.upc: no such file"),
        (
            &["-x", "fortran", "p.upc"],
            2,
            "unsupported language '-x fortran'",
        ),
        (&["-xada", "p.upc"], 2, "unsupported language '-x ada'"),
        (&["-T", "0", "p.upc"], 2, "invalid THREADS value '0'"),
        (&["-T", "abc", "p.upc"], 2, "invalid THREADS value 'abc'"),
        (&["-T=", "p.upc"], 2, "invalid THREADS value ''"),
        (
            &["-fupc-threads-many", "p.upc"],
            2,
            "invalid THREADS value 'many'",
        ),
        (&["p.upc", "-T"], 2, "missing argument to '-T'"),
        (&["p.upc", "-o"], 2, "missing argument to '-o'"),
        (
            &["-shared-heap=huge", "p.upc"],
            2,
            "invalid shared heap size 'huge'",
        ),
        (
            &["--frobnicate", "p.upc"],
            2,
            "unrecognized command-line option '--frobnicate'",
        ),
        (
            &["--upccheck:-zz", "p.upc"],
            2,
            "unknown checker flag --upccheck:-zz",
        ),
        (&[], 1, "no input files"),
        (&["."], 1, ".: is a directory"),
    ] {
        let out = upc_check()
            .current_dir(dir.path())
            .args(args)
            .output()
            .unwrap();
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("upc-check: error: "), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"));
    }
    // an unknown option of the C compiler is the C compiler's to report
    let out = upc_check()
        .current_dir(dir.path())
        .args(["-qno-such-cc-option", "-c", "p.upc"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("-qno-such-cc-option"));
}

#[test]
fn help_and_version() {
    let out = upc_check().arg("--help").output().unwrap();
    assert!(out.status.success());
    let h = text(&out.stdout);
    for opt in [
        "-T N",
        "-Wc,OPT",
        "-iquote",
        "-shared-heap",
        "--upccheck:-a",
        "-trans",
    ] {
        assert!(h.contains(opt), "--help lacks {opt}");
    }
    let out = upc_check().arg("--version").output().unwrap();
    assert!(out.status.success());
    assert!(text(&out.stdout).starts_with("upc-check "));
}

/// `upc-check test DIR --sarif FILE` writes the findings of the folder's runs as SARIF.
#[test]
fn test_command_writes_sarif() {
    let dir = tempfile::tempdir().unwrap();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../rted-tests/forall");
    for name in ["affinity_not_sv_err.upc", "affinity_not_sv_ok.upc"] {
        std::fs::copy(src.join(name), dir.path().join(name)).unwrap();
    }
    let sarif = dir.path().join("out.sarif");
    let out = upc_check()
        .arg("test")
        .arg(dir.path())
        .arg("--sarif")
        .arg(&sarif)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    let log: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&sarif).unwrap()).unwrap();
    assert_eq!(log["version"], "2.1.0");
    let results = log["runs"][0]["results"].as_array().unwrap();
    assert!(
        results
            .iter()
            .any(|r| r["ruleId"] == "forall-not-single-valued"),
        "{log}"
    );
}

/// Objects that cannot make one UPC program fail to link, with a message that says why: a
/// `main` compiled by another C compiler (it would never start the UPC runtime) and units
/// compiled for different static THREADS.  Units of one -T, a dynamic program of dynamic
/// units, and dynamic units in a static program link and run.
#[test]
fn objects_of_different_programs_do_not_link() {
    let d = tempfile::tempdir().unwrap();
    let d = d.path();
    write(
        d,
        "cmain.c",
        "void fill(void);\nint main(void) { fill(); return 0; }\n",
    );
    write(
        d,
        "main.upc",
        "#include <upc.h>\n#include <stdio.h>\nvoid fill(void);\nint main(void) { fill(); upc_barrier; if (!MYTHREAD) printf(\"%d\\n\", THREADS); return 0; }\n",
    );
    write(
        d,
        "fill.upc",
        "#include <upc.h>\nshared int a[THREADS];\nvoid fill(void) { a[MYTHREAD] = 1; }\n",
    );
    let cc = Command::new("cc")
        .current_dir(d)
        .args(["-c", "cmain.c"])
        .status()
        .unwrap();
    assert!(cc.success());
    let link = |objs: &[&str]| {
        upc_check()
            .current_dir(d)
            .args(["-o", "prog"])
            .args(objs)
            .output()
            .unwrap()
    };
    build(d, &["-c", "fill.upc", "-o", "dyn.o"]);
    let out = link(&["cmain.o", "dyn.o"]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("the program's main was not compiled by upc-check"),
        "{}",
        text(&out.stderr)
    );
    build(d, &["-T", "2", "-c", "fill.upc", "-o", "t2.o"]);
    build(d, &["-T", "4", "-c", "main.upc", "-o", "main4.o"]);
    build(d, &["-c", "main.upc", "-o", "maind.o"]);
    for objs in [["main4.o", "t2.o"], ["maind.o", "t2.o"]] {
        let out = link(&objs);
        assert!(!out.status.success(), "{objs:?}");
        let err = text(&out.stderr);
        assert!(err.contains("compiled for different THREADS"), "{err}");
        assert!(err.contains("THREADS_2"), "{err}");
    }
    build(d, &["-o", "prog", "main4.o", "dyn.o"]);
    assert_eq!(run(&d.join("prog"), 4), "4\n");
    build(d, &["-o", "prog", "maind.o", "dyn.o"]);
    assert_eq!(run(&d.join("prog"), 3), "3\n");
    build(d, &["-T", "2", "-c", "main.upc", "-o", "main2.o"]);
    build(d, &["-o", "prog", "main2.o", "t2.o"]);
    assert_eq!(run(&d.join("prog"), 2), "2\n");
}

// ---- 6. plain C and assembly inputs -----------------------------------------------------------

/// Plain C: in C, `shared` is an ordinary name, and a C file has no UPC macros.
const PLAIN_C: &str = "#ifdef __UPC__\n#error compiled as UPC\n#endif\n\
                       static int shared = 6;\nint NAME(void) { return shared * FACTOR; }\n";

/// `-x c` compiles the files after it as plain C with the C compiler, as gcc and GUPC do,
/// until a later `-x none` (or `-x upc`); a `.c` file without `-x` stays UPC.
#[test]
fn x_c_compiles_plain_c_until_x_none() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "one.c", &PLAIN_C.replace("NAME", "one"));
    write(d, "two.c", &PLAIN_C.replace("NAME", "two"));
    write(
        d,
        "part.c",
        "#include <upc.h>\nshared int cell[THREADS];\nint part(void) { cell[MYTHREAD] = 1; return THREADS; }\n",
    );
    write(
        d,
        "main.upc",
        "#include <upc.h>\n#include <stdio.h>\nint one(void); int two(void); int part(void);\n\
         int main(void) { int t = part(); upc_barrier; if (!MYTHREAD) printf(\"%d %d %d\\n\", one(), two(), t); return 0; }\n",
    );
    // several files after one -x c, then a UPC .c after -x none
    build(
        d,
        &[
            "-DFACTOR=2",
            "-x",
            "c",
            "-c",
            "one.c",
            "two.c",
            "-x",
            "none",
            "part.c",
        ],
    );
    for o in ["one.o", "two.o", "part.o"] {
        assert!(d.join(o).is_file(), "{o} not written");
    }
    build(d, &["-o", "prog", "main.upc", "one.o", "two.o", "part.o"]);
    assert_eq!(run(&d.join("prog"), 3), "12 12 3\n");
    // compiled and linked in one call, -x upc ending -x c
    build(
        d,
        &[
            "-DFACTOR=3",
            "-o",
            "prog2",
            "-x",
            "c",
            "one.c",
            "two.c",
            "-x",
            "upc",
            "part.c",
            "main.upc",
        ],
    );
    assert_eq!(run(&d.join("prog2"), 2), "18 18 2\n");
    // a plain C program alone
    write(
        d,
        "hello.c",
        "#include <stdio.h>\nint main(void) { int shared = 1; printf(\"plain %d\\n\", shared); return 0; }\n",
    );
    build(d, &["-x", "c", "-o", "hello", "hello.c"]);
    let out = Command::new(d.join("hello")).output().unwrap();
    assert_eq!(text(&out.stdout), "plain 1\n");
    // the preprocessor: no UPC environment for -x c; a .c file without -x is UPC
    write(d, "m.c", "UPC=__UPC__ T=THREADS\n");
    let out = build(d, &["-x", "c", "-E", "-P", "m.c"]);
    assert_eq!(text(&out.stdout).trim(), "UPC=__UPC__ T=THREADS");
    let out = build(d, &["-E", "-P", "m.c"]);
    assert!(text(&out.stdout).contains("UPC=1"), "{}", text(&out.stdout));
    // -S writes the assembly of a plain C file
    build(d, &["-DFACTOR=1", "-x", "c", "-S", "one.c"]);
    assert!(std::fs::read_to_string(d.join("one.s"))
        .unwrap()
        .contains("one"));
    // the C compiler's messages about a plain C file name it
    write(d, "bad.c", "int f(void) { return undeclared_name; }\n");
    let out = upc_check()
        .current_dir(d)
        .args(["-x", "c", "-c", "bad.c"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains("bad.c:1:") && err.contains("undeclared_name"),
        "{err}"
    );
}

/// `int asm_answer(void)` returning ANSWER, for the machines the tests run on.
const ANSWER_S: &str = r#"#include "answer.h"
#if defined(__x86_64__) || defined(__i386__)
	.text
	.globl	asm_answer
	.type	asm_answer, @function
asm_answer:
	movl	$ANSWER, %eax
	ret
#elif defined(__aarch64__)
	.text
	.globl	asm_answer
	.type	asm_answer, %function
asm_answer:
	mov	w0, #ANSWER
	ret
#else
#error no assembly for this machine
#endif
	.section .note.GNU-stack,"",%progbits
"#;

/// `.S` files (preprocessed, then assembled) and `.s` files (assembled) are the C compiler's
/// to assemble, with `-c` and when linking, as in gcc.
#[test]
fn assembly_inputs_are_assembled() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "inc/answer.h", "#define ANSWER 40 + TWO\n");
    write(d, "answer.S", ANSWER_S);
    write(d, "seven.c", "int seven(void) { return 7; }\n");
    write(
        d,
        "main.upc",
        "#include <upc.h>\n#include <stdio.h>\nint asm_answer(void); int seven(void);\n\
         int main(void) { if (!MYTHREAD) printf(\"%d %d\\n\", asm_answer(), seven()); return 0; }\n",
    );
    // a .s file, written by the C compiler
    build(d, &["-x", "c", "-S", "seven.c"]);
    std::fs::create_dir(d.join("obj")).unwrap();
    build(
        d,
        &[
            "-Iinc",
            "-DTWO=2",
            "-MD",
            "-c",
            "answer.S",
            "-o",
            "obj/answer.o",
        ],
    );
    build(d, &["-c", "seven.s"]);
    assert!(d.join("obj/answer.o").is_file() && d.join("seven.o").is_file());
    let deps = std::fs::read_to_string(d.join("obj/answer.d")).unwrap();
    assert!(
        deps.starts_with("obj/answer.o:") && deps.contains("inc/answer.h"),
        "{deps}"
    );
    build(d, &["-o", "prog", "main.upc", "obj/answer.o", "seven.o"]);
    assert_eq!(run(&d.join("prog"), 2), "42 7\n");
    // assembled while linking, without -c
    build(
        d,
        &[
            "-Iinc", "-DTWO=2", "-o", "prog2", "main.upc", "answer.S", "seven.s",
        ],
    );
    assert_eq!(run(&d.join("prog2"), 1), "42 7\n");
    // -E preprocesses a .S file (and has nothing to do for a .s file)
    let out = build(d, &["-Iinc", "-DTWO=2", "-E", "answer.S", "seven.s"]);
    let pre = text(&out.stdout);
    assert!(pre.contains("40 + 2") && !pre.contains("seven"), "{pre}");
    // -S: nothing to do for assembly, said once
    let out = build(d, &["-S", "seven.s"]);
    assert!(
        text(&out.stderr).contains("seven.s: assembler input file unused"),
        "{}",
        text(&out.stderr)
    );
}

/// `--coverage` in a one-step build writes the `.gcno` files where gcc 12 does (not in the
/// driver's temporary directory), and the program its `.gcda` files beside them: gcov finds
/// both.
#[test]
fn coverage_files_of_a_one_step_build_are_named_as_gcc_names_them() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "prog.upc",
        "#include <stdio.h>\nint twice(int);\nint main(void)\n{\n    if (MYTHREAD == 0)\n        \
         printf(\"%d\\n\", twice(21));\n    return 0;\n}\n",
    );
    write(d, "util.upc", "int twice(int x) { return 2 * x; }\n");
    write(d, "one.upc", "int main(void) { return 0; }\n");
    // one source named like the output: NAME.gcno; several: OUT-STEM.gcno; no -o: a-STEM
    std::fs::create_dir(d.join("bin")).unwrap();
    build(d, &["--coverage", "-o", "bin/one", "one.upc"]);
    build(d, &["--coverage", "-o", "prog", "prog.upc", "util.upc"]);
    build(d, &["-ftest-coverage", "-fprofile-arcs", "one.upc"]);
    for f in [
        "bin/one.gcno",
        "prog-prog.gcno",
        "prog-util.gcno",
        "a-one.gcno",
    ] {
        assert!(d.join(f).is_file(), "{f} missing");
    }
    assert_eq!(run(&d.join("prog"), 2), "42\n");
    assert!(d.join("prog-prog.gcda").is_file() && d.join("prog-util.gcda").is_file());
    let gcov = Command::new("gcov")
        .current_dir(d)
        .args(["prog-prog.gcno"])
        .output();
    if let Ok(out) = gcov {
        let s = text(&out.stdout);
        assert!(s.contains("File 'prog.upc'"), "{s}{}", text(&out.stderr));
    }
}

/// A tentative definition of a shared object in a header two files include links as the same
/// C variable would: with -fcommon one object (also beside a definition with an initializer),
/// without (gcc 12's default, -fno-common) a link error that says what to do.
#[test]
fn a_tentative_shared_definition_in_a_header_links_as_in_c() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "counter.h", "shared int counter;\nvoid bump(void);\n");
    write(
        d,
        "main.upc",
        "#include <stdio.h>\n#include \"counter.h\"\nint main(void)\n{\n    if (MYTHREAD == 0) {\n        \
         bump();\n        bump();\n        printf(\"%d\\n\", counter);\n    }\n    return 0;\n}\n",
    );
    write(
        d,
        "bump.upc",
        "#include \"counter.h\"\nvoid bump(void) { counter += 1; }\n",
    );
    write(
        d,
        "init.upc",
        "shared int counter = 5;\nvoid bump(void) { counter += 1; }\n",
    );
    let out = upc_check()
        .current_dir(d)
        .args(["-o", "prog", "main.upc", "bump.upc"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("shared object 'counter' is defined in more than one file")
            && err.contains("-fcommon"),
        "{err}"
    );
    build(d, &["-fcommon", "-o", "prog", "main.upc", "bump.upc"]);
    assert_eq!(run(&d.join("prog"), 2), "2\n");
    // separately compiled, the definition with an initializer wins
    build(d, &["-fcommon", "-c", "main.upc", "init.upc"]);
    build(d, &["-o", "prog2", "main.o", "init.o"]);
    assert_eq!(run(&d.join("prog2"), 3), "7\n");
}

/// GNU attributes of a shared object: `aligned` aligns it in the shared segment, `weak` makes
/// it one object with another file's definition, the others are accepted.
#[test]
fn attributes_of_shared_objects() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "attrs.upc",
        "#include <stdio.h>\n#include <stdint.h>\n\
         shared char c1;\n\
         shared int x __attribute__((aligned(256)));\n\
         shared char c2;\n\
         __attribute__((aligned(512))) shared [4] double a[100*THREADS] __attribute__((unused));\n\
         static shared int u __attribute__((used));\n\
         shared int y __attribute__((section(\"mysec\")));\n\
         shared int w __attribute__((weak)) = 1;\n\
         int main(void)\n{\n    if (MYTHREAD == 0)\n        \
         printf(\"%d %d %d\\n\", (int)((uintptr_t)(int *)&x % 256), \
         (int)((uintptr_t)(double *)&a[0] % 512), w);\n    return 0;\n}\n",
    );
    write(d, "strong.upc", "shared int w = 2;\n");
    build(d, &["-Wall", "-o", "attrs", "attrs.upc"]);
    assert_eq!(run(&d.join("attrs"), 2), "0 0 1\n");
    build(d, &["-Wall", "-o", "attrs2", "attrs.upc", "strong.upc"]);
    assert_eq!(run(&d.join("attrs2"), 2), "0 0 2\n");
}

/// `-o -` with `-E`, `-S` or `-trans` writes to standard output, as gcc does (no file `-`);
/// `-v` without inputs prints the versions and succeeds (configure scripts log it).
#[test]
fn dash_output_is_standard_output_and_v_alone_succeeds() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "p.upc",
        "shared int a[THREADS];\nint main(void) { a[MYTHREAD] = 1; return 0; }\n",
    );
    write(d, "c.c", "int plain_c(void) { return 3; }\n");
    for (args, needle) in [
        (&["-E", "p.upc", "-o", "-"][..], "int main(void)"),
        (&["-S", "p.upc", "-o", "-"], "upcr_user_main:"),
        (&["-trans", "p.upc", "-o", "-"], "upcr_user_main"),
        (&["-S", "-x", "c", "c.c", "-o", "-"], "plain_c:"),
    ] {
        let out = build(d, args);
        assert!(text(&out.stdout).contains(needle), "{args:?}");
        assert!(!d.join("-").exists(), "{args:?} wrote a file named -");
    }
    let out = build(d, &["-v"]);
    let err = text(&out.stderr);
    assert!(
        err.contains("upc-check version") && err.contains("version"),
        "{err}"
    );
}

/// `-MMD` in a one-step build names the dependency file and its target as gcc 12 does: the
/// program (`prog.d`, `prog: ...`), so that a Makefile rebuilding the program from its source
/// sees the headers; without `-o`, `a-NAME.d` for `NAME.o`.
#[test]
fn dependency_files_of_a_one_step_build_are_named_as_gcc_names_them() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "prog.h", "#define N 3\n");
    write(
        d,
        "prog.upc",
        "#include \"prog.h\"\nint main(void) { return N - 3; }\n",
    );
    build(d, &["-MMD", "-o", "prog", "prog.upc"]);
    let deps = std::fs::read_to_string(d.join("prog.d")).unwrap();
    assert!(
        deps.starts_with("prog: prog.upc") && deps.contains("prog.h"),
        "{deps}"
    );
    build(d, &["-MMD", "prog.upc"]);
    let deps = std::fs::read_to_string(d.join("a-prog.d")).unwrap();
    assert!(deps.starts_with("prog.o: prog.upc"), "{deps}");
}

/// `deprecated` on a shared object: the C compiler warns at each use, naming the object, and
/// not at its definition or registration.
#[test]
fn a_deprecated_shared_object_warns_where_it_is_used() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "old.h",
        "extern shared int gone __attribute__((deprecated(\"use now\")));\n",
    );
    write(
        d,
        "dep.upc",
        "#include \"old.h\"\n\
         shared int old __attribute__((deprecated));\n\
         shared int gone;\n\
         int main(void)\n{\n    int a = old;\n    int b = gone;\n    return a + b;\n}\n",
    );
    let out = build(d, &["-c", "dep.upc"]);
    let err = text(&out.stderr);
    assert!(err.contains("dep.upc:6:") && err.contains("old"), "{err}");
    assert!(
        err.contains("dep.upc:7:") && err.contains("use now"),
        "{err}"
    );
    assert!(!err.contains("__upcsv"), "{err}");
    assert_eq!(err.matches("is deprecated").count(), 2, "{err}");
}
