//! The front end on good and bad input: UPC constructs translate to C that the C compiler
//! accepts; constraint violations and syntax errors give `file:line:col: error:` and exit 1;
//! arbitrary input never makes the translator panic.

use std::process::Command;

use instrumenter::lower::{translate, Checks, Options};
use proptest::prelude::*;

fn upc_check() -> Command {
    Command::new(env!("CARGO_BIN_EXE_upc-check"))
}

/// Compile `src` with `upc-check -c` (plus `extra` flags); (success, stderr).
fn compile(name: &str, src: &str, extra: &[&str]) -> (bool, String) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(name);
    std::fs::write(&file, src).unwrap();
    let out = upc_check()
        .current_dir(dir.path())
        .args(extra)
        .arg("-c")
        .arg(&file)
        .arg("-o")
        .arg(dir.path().join("x.o"))
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const CONSTRUCTS: &str = r#"
#include <upc.h>
#include <stdio.h>
#define N 16
typedef shared [3] int blocked_t;
struct point { double x, y; shared int *owner; };
shared int scalar;
strict shared int flag;
relaxed shared [2] long pairs[2*THREADS];
shared [4] double blocks[N*THREADS];
shared [*] int star[N*THREADS];
shared [] char on_zero[N];
blocked_t three[9*THREADS];
shared struct point pts[THREADS];
shared int *shared shared_ptr;
shared int *ptrs[4];
shared [N] int rows[THREADS][N];
extern void use(double);

static shared int hidden[THREADS];

int sum_through(shared int *p, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += p[i] + *(p + i);
    return s;
}

shared void *generic(shared [3] int *p) { return p; }

int main(void)
{
    static shared double acc;
    int i;
    shared [4] double *bp = &blocks[1];
    shared int *sp = 0;
    shared [] char *zp = on_zero;
    double *local = (double *)&blocks[MYTHREAD * 4];
    upc_lock_t *lock = upc_all_lock_alloc();

    upc_forall (i = 0; i < N * THREADS; i++; &blocks[i])
        blocks[i] = i;
    upc_forall (int j = 0; j < THREADS; j++; j)
        hidden[j] = j;
    upc_forall (i = 0; i < 4; i++; continue)
        upc_forall (int k = 0; k < 2; k++; k) ;
    upc_barrier;
    upc_notify 1;
    local[0] += 1.0;
    upc_wait 1;
    upc_fence;
    bp++;
    --bp;
    bp += 3;
    bp = bp - 2;
    if (bp > (shared [4] double *)&blocks[0] && bp != NULL && sp == NULL && !sp)
        use(*bp + bp[1] + (bp - &blocks[0]));
    pts[MYTHREAD].x = 1.0;
    pts[MYTHREAD].owner = &hidden[MYTHREAD];
    (&pts[0])->y = *pts[0].owner;
    shared_ptr = &hidden[0];
    ptrs[0] = shared_ptr;
    rows[MYTHREAD][3] = upc_threadof(&rows[1][2]) + upc_phaseof(&three[4]) + upc_addrfield(zp);
    flag = 1;
    flag++;
    acc = upc_localsizeof(blocks) + upc_blocksizeof(three) + upc_elemsizeof(pts) + sizeof(blocks);
    pairs[1] += 2;
    sp = (shared int *)generic(&three[2]);
    upc_lock(lock);
    scalar += 1;
    upc_unlock(lock);
    upc_memset(&on_zero[0], 0, N);
    printf("%d %d\n", MYTHREAD, THREADS > 0 ? star[0] : 0);
    if (MYTHREAD == 1)
        exit(2);
    return sum_through(&hidden[0], 1);
}
"#;

#[test]
fn the_language_translates_to_c_the_compiler_accepts() {
    for flags in [
        &[][..],
        &["-T", "4"][..],
        &["--upccheck:-a", "--upccheck:-d"][..],
        &["--upccheck:-s", "-O2", "-Wall"][..],
    ] {
        let (ok, err) = compile("constructs.upc", CONSTRUCTS, flags);
        assert!(ok, "flags {flags:?}:\n{err}");
    }
}

fn expect_error(src: &str, extra: &[&str], needle: &str, line: u32) {
    let (ok, err) = compile("bad.upc", src, extra);
    assert!(!ok, "should fail: {src}");
    let want = format!("bad.upc:{line}:");
    assert!(
        err.contains(&want) && err.contains("error:"),
        "no `{want} ... error:` in:\n{err}"
    );
    assert!(err.contains(needle), "no '{needle}' in:\n{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn upc_constraints_are_diagnosed() {
    expect_error(
        "int main(void) {\n  shared int x;\n  return 0;\n}\n",
        &[],
        "automatic storage",
        2,
    );
    expect_error(
        "void f(shared int x) {}\nint main(void) { return 0; }\n",
        &[],
        "parameter 'x'",
        1,
    );
    expect_error(
        "shared int a[THREADS][THREADS];\nint main(void) { return 0; }\n",
        &[],
        "exactly once",
        1,
    );
    expect_error(
        "shared int a[10];\nint main(void) { return 0; }\n",
        &[],
        "exactly once",
        1,
    );
    expect_error(
        "int n = 3;\nshared [n] int a[4*THREADS];\nint main(void) { return 0; }\n",
        &[],
        "integer constant",
        2,
    );
    expect_error(
        "int main(void) {\n  int x;\n  shared int *p = (shared int *)&x;\n  return 0;\n}\n",
        &[],
        "pointer-to-local",
        3,
    );
    expect_error(
        "int main(void) {\n  int x = ;\n  return 0;\n}\n",
        &[],
        "syntax error",
        2,
    );
    // implicit conversions between pointers-to-shared and pointers-to-local, reported at
    // the UPC source (not by the C compiler in terms of the generated types)
    expect_error(
        "shared int A[THREADS];\nint main(void) {\n  int *p = A;\n  return *p;\n}\n",
        &[],
        "not converted to a pointer-to-local implicitly",
        3,
    );
    expect_error(
        "shared int A[THREADS];\nint main(void) {\n  shared int *p = &A[0];\n  int *q = p;\n  return *q;\n}\n",
        &[],
        "not converted to a pointer-to-local implicitly",
        4,
    );
    expect_error(
        "int f(shared int *p) { return *p; }\nint main(void) {\n  int x = 0;\n  return f(&x);\n}\n",
        &[],
        "pointer-to-local cannot be converted",
        4,
    );
    expect_error(
        "shared int A[THREADS];\nint *g(void) {\n  return &A[0];\n}\nint main(void) { return 0; }\n",
        &[],
        "not converted to a pointer-to-local implicitly",
        3,
    );
    expect_error(
        "shared [4] int a[4*THREADS];\nint main(void) {\n  a[0]->y = 1;\n}\n",
        &["-T", "2"],
        "error",
        3,
    );
    // [*] only in the declaration of a shared array: not on a pointer's referenced type
    // (a parameter, a cast), not in a typedef
    expect_error(
        "void f(shared [*] double *u);\nint main(void) { return 0; }\n",
        &[],
        "[*] may not qualify the type a pointer points to",
        1,
    );
    expect_error(
        "shared [*] int a[4*THREADS];\nint main(void) {\n  return ((shared [*] int *)a)[1];\n}\n",
        &[],
        "[*] may not qualify the type a pointer points to",
        3,
    );
    expect_error(
        "typedef shared [*] int star_t;\nint main(void) { return 0; }\n",
        &[],
        "[*] may not appear in a typedef",
        1,
    );
}

#[test]
fn bad_command_lines_and_missing_files() {
    let out = upc_check().arg("no-such-file.upc").output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no-such-file.upc: no such file"));
    let out = upc_check()
        .args(["--frobnicate", "x.upc"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = upc_check().output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no input files"));
    let out = upc_check().arg("--upccheck:-h").output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("--upccheck:-d"));
}

#[test]
fn preprocess_only_keeps_upc_and_predefines() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("p.upc");
    std::fs::write(
        &f,
        "#if __UPC__ && defined(__UPC_STATIC_THREADS__)\nint t = THREADS;\n#endif\n",
    )
    .unwrap();
    let out = upc_check()
        .args(["-E", "-T", "3"])
        .arg(&f)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("int t = 3;"));
}

fn seed_program() -> &'static str {
    r#"shared [4] int a[4*THREADS]; shared int *p; struct s { int x; };
shared struct s ss[THREADS];
int main(int argc, char **argv) { int i; upc_forall(i=0;i<10;i++;&a[i]) { a[i] = p[i] + ss[i].x; }
upc_barrier 3; upc_notify; upc_wait; p = &a[2]; p++; if (p == 0) return 1; return *p; }
"#
}

fn opts() -> Options {
    Options {
        static_threads: Some(4),
        checks: Checks {
            args: true,
            deadlock: true,
            callstack: true,
            race: false,
        },
        ..Options::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,200}") {
        let _ = translate(s, "fuzz.upc", &opts());
    }

    #[test]
    fn mutated_programs_never_panic(cut in 0usize..400, len in 0usize..30, insert in "[-+*&;(){}\\[\\]a-z0-9 ,.<>=!]{0,12}") {
        let src = seed_program();
        let cut = cut.min(src.len());
        let cut = (0..=cut).rev().find(|c| src.is_char_boundary(*c)).unwrap_or(0);
        let end = (cut + len).min(src.len());
        let end = (end..=src.len()).find(|c| src.is_char_boundary(*c)).unwrap_or(src.len());
        let mutated = format!("{}{}{}", &src[..cut], insert, &src[end..]);
        let _ = translate(mutated, "fuzz.upc", &opts());
    }
}

#[test]
fn seed_program_translates() {
    let out = translate(seed_program().to_string(), "seed.upc", &opts());
    assert!(
        out.is_ok(),
        "{:?}",
        out.err()
            .map(|d| d.iter().map(|x| x.to_string()).collect::<Vec<_>>())
    );
    assert!(out.unwrap().defines_main);
}

#[test]
fn generated_c_compiles_without_warnings() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/classic");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("upc") {
            continue;
        }
        let src = std::fs::read_to_string(&path).unwrap();
        for flags in [
            &["-T", "4", "-Wall", "-Wextra", "-Werror"][..],
            &["-Wall", "-Wextra", "-Werror", "--upccheck:-s"][..],
        ] {
            let (ok, err) = compile("classic.upc", &src, flags);
            assert!(ok, "{} {flags:?}:\n{err}", path.display());
        }
        n += 1;
    }
    assert!(n >= 5, "examples/classic has {n} programs");
}

fn translated(src: &str) -> String {
    match translate(src.to_string(), "t.upc", &opts()) {
        Ok(out) => out.c_text,
        Err(d) => panic!("{:?}", d.iter().map(|x| x.to_string()).collect::<Vec<_>>()),
    }
}

#[test]
fn attributes_of_pointers_to_shared_are_kept() {
    let c = translated(
        "shared int A[THREADS];\n\
         shared int *gp __attribute__((aligned(32)));\n\
         shared int *__attribute__((unused)) gq, *gz __attribute__((unused));\n\
         __attribute__((unused)) static shared double *gs;\n\
         int main(void) { _Alignas(16) shared int *lp = &A[0]; return upc_threadof(lp); }\n",
    );
    assert!(
        c.contains("upcr_pshared_t gp __attribute__((aligned(32)));"),
        "{c}"
    );
    assert!(
        c.contains("upcr_pshared_t gq __attribute__((unused));"),
        "{c}"
    );
    assert!(
        c.contains("upcr_pshared_t gz __attribute__((unused));"),
        "{c}"
    );
    assert!(
        c.contains("__attribute__((unused)) static upcr_pshared_t gs;"),
        "{c}"
    );
    assert!(c.contains("_Alignas(16) upcr_pshared_t lp ="), "{c}");
}

#[test]
fn gnu_type_operators_on_shared_types() {
    let c = translated(
        "typedef struct { char c; double d; } pair_t;\n\
         shared [4] pair_t P[4*THREADS];\n\
         shared int *p;\n\
         int main(void) {\n\
         int a = __builtin_types_compatible_p(__typeof__(p), shared int *);\n\
         int b = __builtin_types_compatible_p(__typeof__(&P[0]), shared [2] pair_t *);\n\
         int c = __builtin_types_compatible_p(shared unsigned, shared unsigned int);\n\
         int d = _Alignof(shared pair_t) + __alignof__(P[1]) + __alignof__(P[1].d);\n\
         _Alignas(shared double) char buf[8];\n\
         return a + b + c + d + buf[0]; }\n",
    );
    assert!(c.contains("int a = 1;"), "{c}");
    assert!(c.contains("int b = 0;"), "{c}");
    assert!(c.contains("int c = 1;"), "{c}");
    assert!(
        c.contains("_Alignof(pair_t) + __alignof__(pair_t) + __alignof__(double)"),
        "{c}"
    );
    assert!(c.contains("_Alignas(double) char buf[8];"), "{c}");
}

#[test]
fn star_block_of_a_threads_multiple_is_a_constant() {
    // [*] of c*THREADS elements in the dynamic environment: the block is c, a constant, so
    // upc_blocksizeof and upc_localsizeof of the array are integer constant expressions.
    let (ok, err) = compile(
        "star.upc",
        "#include <upc.h>\n\
         #define N 5\n\
         shared [*] int s1[N * THREADS];\n\
         shared [*] double s2[THREADS][3];\n\
         shared [*] char s3[(THREADS) * (2)];\n\
         typedef char a1[upc_blocksizeof(s1) == 5 ? 1 : -1];\n\
         typedef char a2[upc_localsizeof(s1) == 5 * sizeof(int) ? 1 : -1];\n\
         typedef char a3[upc_blocksizeof(s2) == 3 ? 1 : -1];\n\
         typedef char a4[upc_localsizeof(s3) == 2 ? 1 : -1];\n\
         static char buf[upc_localsizeof(s2)];\n\
         int main(void) { return buf[0]; }\n",
        &["-Wall", "-Werror"],
    );
    assert!(ok, "{err}");
    // not a multiple of THREADS: computed at run time (the translator reads preprocessed
    // text, where THREADS is already `(+upcr_threads)`)
    let dynamic = Options {
        static_threads: None,
        ..opts()
    };
    let c = translate(
        "shared [*] int x[(+upcr_threads) + 1];\nint main(void) { return (int)upc_blocksizeof(x); }\n"
            .to_string(),
        "t.upc",
        &dynamic,
    )
    .map(|o| o.c_text)
    .unwrap_or_else(|d| panic!("{:?}", d.iter().map(|x| x.to_string()).collect::<Vec<_>>()));
    assert!(
        c.contains("(size_t)upcr_threads - 1) / (size_t)upcr_threads"),
        "{c}"
    );
}

#[test]
fn compound_literals_of_structs_holding_pointers_to_shared() {
    // a null pointer constant for a pointer-to-shared member of a compound literal (of a
    // type that does not itself mention shared) is the null pointer-to-shared
    let c = translated(
        "struct box { shared int *p; int w; struct { shared int *q; int v; } in; };\n\
         int main(void) {\n\
         struct box b;\n\
         b = (struct box){ 0, 1, { ((void *)0), 2 } };\n\
         return b.w + b.in.v; }\n",
    );
    assert!(
        c.contains("b = (struct box){{ 0, 0, 0 }, 1, {{ 0, 0, 0 }, 2}};"),
        "{c}"
    );
}

#[test]
fn qualifiers_among_the_words_of_a_sized_type() {
    // `unsigned shared long`, `long long unsigned shared`: the grammar keeps a qualifier
    // written among or after the words of a sized type inside the sized type specifier
    let (ok, err) = compile(
        "sized.upc",
        "#include <upc.h>\n\
         unsigned shared long ids[THREADS];\n\
         long long unsigned shared big[THREADS];\n\
         long unsigned shared [2] pairs[2*THREADS];\n\
         unsigned strict shared long flag;\n\
         short shared *sp;\n\
         unsigned const long c1 = 3;\n\
         int main(void) {\n\
           ids[MYTHREAD] = c1; big[MYTHREAD] = 1; flag = 2;\n\
           return (int)(upc_blocksizeof(pairs) + ids[0] + big[0] + (sp == NULL)\n\
                        + sizeof(long unsigned shared));\n\
         }\n",
        &["-Wall", "-Werror"],
    );
    assert!(ok, "{err}");
    let c = translated("unsigned shared long x[4];\nint main(void) { return (int)x[1]; }\n");
    assert!(c.contains("sizeof(unsigned long)"), "{c}");
}

#[test]
fn gasp_profiling_pragmas_are_accepted() {
    // `#pragma pupc on|off` (GASP) are consumed, so -Wall -Werror builds keep working
    let (ok, err) = compile(
        "pupc.upc",
        "#include <upc.h>\n\
         #pragma pupc off\n\
         shared int x[THREADS];\n\
         int main(void) {\n\
         #pragma pupc on\n\
           x[MYTHREAD] = 1;\n\
           return 0;\n\
         }\n",
        &["-Wall", "-Werror"],
    );
    assert!(ok, "{err}");
}

#[test]
fn initialized_shared_const_pointers_compile_cleanly() {
    // the private copy of the initializer is read through `T const *` (for T = `int *`,
    // `int *const *`), not `const T *` (`const int **`, a -Wdiscarded-qualifiers warning)
    let (ok, err) = compile(
        "constptr.upc",
        "#include <upc.h>\n\
         int *shared const sp = 0;\n\
         double *const shared dp[THREADS] = { 0 };\n\
         shared const int answer = 42;\n\
         int main(void) { return sp == 0 && dp[0] == 0 && answer == 42 ? 0 : 1; }\n",
        &["-Wall", "-Werror"],
    );
    assert!(ok, "{err}");
}

/// `__builtin_types_compatible_p` on shared types: the block size is part of the type, so
/// `shared int` (block size 1) is `shared [1] int` and not `shared [2] int`, however the block
/// size is written; indefinite (`[]`, `[0]`) is one block size; a shared object's type is not
/// the unshared one's.
#[test]
fn types_compatible_compares_block_sizes() {
    let c = translated(
        "int main(void) {\n\
         int a = __builtin_types_compatible_p(shared int, shared [1] int);\n\
         int b = __builtin_types_compatible_p(shared int, shared [2] int);\n\
         int c = __builtin_types_compatible_p(shared int *, shared [(2-1)] int *);\n\
         int d = __builtin_types_compatible_p(shared [] int *, shared [0] int *);\n\
         int e = __builtin_types_compatible_p(shared [] int *, shared int *);\n\
         int f = __builtin_types_compatible_p(shared [4] int *, shared [2*2] int *);\n\
         int g = __builtin_types_compatible_p(shared int, int);\n\
         int h = __builtin_types_compatible_p(shared [3] int (*)[3], shared [3] int (*)[3]);\n\
         int i = __builtin_types_compatible_p(const shared int, shared [1] int);\n\
         return a + b + c + d + e + f + g + h + i; }\n",
    );
    for (v, want) in [
        ("a", 1),
        ("b", 0),
        ("c", 1),
        ("d", 1),
        ("e", 0),
        ("f", 1),
        ("g", 0),
        ("h", 1),
        ("i", 1),
    ] {
        assert!(c.contains(&format!("int {v} = {want};")), "{v}: {c}");
    }
}
