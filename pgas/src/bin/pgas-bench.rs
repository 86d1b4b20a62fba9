//! pgas-bench: the runtime's costs side by side with the usual shared-memory baselines.
//!
//! * barrier latency: counter and tree barriers (UPC threads = processes) against
//!   `pthread_barrier_wait` and an OpenMP barrier (`gcc -fopenmp`, compiled at run time);
//! * lock cost: uncontended and contended `upc_lock`/`upc_unlock` against `pthread_mutex`;
//! * `upc_memget`/`upc_memput` bandwidth (from/to another thread's partition) against `memcpy`;
//! * STREAM triad: the loop a translated `upc_forall` with local accesses runs, and the same
//!   triad as a UPC program compiled by upc-check (if found: $UPCCHECK or next to this binary),
//!   against the triad in C with OpenMP.
//!
//! Usage: pgas-bench [--quick] [--threads 2,4,8,16]

use pgas::segment::{self, Region};
use pgas::PShared;
use std::ffi::{c_char, c_int, c_void};
use std::process::Command;
use std::time::Instant;

#[derive(Clone, Copy)]
struct Params {
    iters: u64,
    bytes: usize,
}

static mut PARAMS: Params = Params { iters: 0, bytes: 0 };

fn params() -> Params {
    // SAFETY: set before the job starts, read-only in the threads.
    unsafe { PARAMS }
}

/// Thread 0 leaves its result here (Region::Checker is unused without the checker).
fn result_slot() -> *mut f64 {
    segment::global_region(Region::Checker) as *mut f64
}

fn now_ns() -> f64 {
    pgas::tick::upc_ticks_now() as f64
}

extern "C" fn barrier_main(_: c_int, _: *mut *mut c_char, _: *mut *mut c_char) -> c_int {
    let p = params();
    for _ in 0..100 {
        pgas::barrier::upcr_barrier(0, 0);
    }
    let t0 = now_ns();
    for _ in 0..p.iters {
        pgas::barrier::upcr_barrier(0, 0);
    }
    let dt = now_ns() - t0;
    if segment::mythread() == 0 {
        // SAFETY: the slot is in the mapped segment.
        unsafe { *result_slot() = dt / p.iters as f64 };
    }
    0
}

extern "C" fn lock_main(_: c_int, _: *mut *mut c_char, _: *mut *mut c_char) -> c_int {
    let p = params();
    let l = pgas::lock::upc_all_lock_alloc();
    pgas::barrier::upcr_barrier(0, 0);
    let t0 = now_ns();
    for _ in 0..p.iters {
        pgas::lock::upc_lock(l);
        pgas::lock::upc_unlock(l);
    }
    pgas::barrier::upcr_barrier(0, 0);
    let dt = now_ns() - t0;
    if segment::mythread() == 0 {
        // Cost per lock/unlock pair over all threads' pairs.
        // SAFETY: as above.
        unsafe { *result_slot() = dt / (p.iters * segment::threads() as u64) as f64 };
    }
    0
}

extern "C" fn memget_main(_: c_int, _: *mut *mut c_char, _: *mut *mut c_char) -> c_int {
    let p = params();
    let t = segment::threads();
    let remote = pgas::alloc::upc_all_alloc(t, p.bytes);
    let mut buf = vec![1u8; p.bytes];
    let other = PShared {
        thread: ((segment::mythread() + 1) % t) as u32,
        ..remote
    };
    // Touch everything first.
    // SAFETY: buf has p.bytes bytes; the allocation has p.bytes per thread.
    unsafe { pgas::memops::upc_memput(other, buf.as_ptr() as *const c_void, p.bytes) };
    pgas::barrier::upcr_barrier(0, 0);
    let mut best_get = f64::MAX;
    let mut best_put = f64::MAX;
    for _ in 0..p.iters {
        let t0 = now_ns();
        // SAFETY: as above.
        unsafe { pgas::memops::upc_memget(buf.as_mut_ptr() as *mut c_void, other, p.bytes) };
        best_get = best_get.min(now_ns() - t0);
        let t0 = now_ns();
        // SAFETY: as above.
        unsafe { pgas::memops::upc_memput(other, buf.as_ptr() as *const c_void, p.bytes) };
        best_put = best_put.min(now_ns() - t0);
    }
    pgas::barrier::upcr_barrier(0, 0);
    if segment::mythread() == 0 {
        // SAFETY: as above.
        unsafe {
            *result_slot() = p.bytes as f64 / best_get;
            *result_slot().add(1) = p.bytes as f64 / best_put;
        }
    }
    0
}

/// STREAM triad over three `upc_all_alloc`ed blocked arrays: each thread runs the loop a
/// translated `upc_forall (i...; &a[i])` runs, on its own block through local pointers.
extern "C" fn triad_main(_: c_int, _: *mut *mut c_char, _: *mut *mut c_char) -> c_int {
    let p = params();
    let t = segment::threads();
    let n = p.bytes / 8 / t; // elements per thread
    let alloc = || pgas::alloc::upc_all_alloc(t, n * 8);
    let (a, b, c) = (alloc(), alloc(), alloc());
    let me = segment::mythread() as u32;
    let local = |x: PShared| PShared { thread: me, ..x }.local() as *mut f64;
    // SAFETY: each thread's block holds n doubles.
    let (la, lb, lc) = unsafe {
        (
            std::slice::from_raw_parts_mut(local(a), n),
            std::slice::from_raw_parts_mut(local(b), n),
            std::slice::from_raw_parts_mut(local(c), n),
        )
    };
    for i in 0..n {
        la[i] = 1.0;
        lb[i] = 2.0;
        lc[i] = 0.5;
    }
    let s = 3.0;
    let mut best = f64::MAX;
    // Every thread records when it starts and ends; the triad takes from the first start to the
    // last end (with more threads than cores, thread 0 alone may run after the others finished).
    let times = result_slot().wrapping_add(16);
    for _ in 0..p.iters {
        pgas::barrier::upcr_barrier(0, 0);
        let t0 = now_ns();
        for i in 0..n {
            la[i] = lb[i] + s * lc[i];
        }
        let t1 = now_ns();
        // SAFETY: 2 doubles per thread in the (8 MiB) checker region.
        unsafe {
            *times.add(2 * me as usize) = t0;
            *times.add(2 * me as usize + 1) = t1;
        }
        pgas::barrier::upcr_barrier(0, 0);
        if me == 0 {
            let (mut lo, mut hi) = (f64::MAX, 0f64);
            for k in 0..t {
                // SAFETY: as above.
                unsafe {
                    lo = lo.min(*times.add(2 * k));
                    hi = hi.max(*times.add(2 * k + 1));
                }
            }
            best = best.min(hi - lo);
        }
    }
    std::hint::black_box(&la);
    if me == 0 {
        // SAFETY: as above.
        unsafe { *result_slot() = (3 * 8 * n * t) as f64 / best };
    }
    0
}

type Main = extern "C" fn(c_int, *mut *mut c_char, *mut *mut c_char) -> c_int;

fn run_job(threads: usize, main: Main, p: Params, env: &[(&str, &str)]) -> [f64; 2] {
    // SAFETY: single-threaded bench process, before the fork.
    unsafe {
        PARAMS = p;
        std::env::remove_var("UPC_THREADS");
        for (k, v) in env {
            std::env::set_var(k, v);
        }
    }
    // SAFETY: no arguments (argc 0) and no environment.
    let rc = unsafe {
        pgas::start(
            0,
            std::ptr::null_mut(),
            std::ptr::null_mut(),
            main,
            threads as c_int,
            None,
        )
    };
    if rc != 0 {
        eprintln!("pgas-bench: job failed with status {rc}");
        std::process::exit(1);
    }
    // SAFETY: the last job's segment stays mapped in the launcher.
    unsafe { [*result_slot(), *result_slot().add(1)] }
}

fn pthread_barrier_ns(threads: usize, iters: u64) -> f64 {
    let mut b: libc::pthread_barrier_t = unsafe { std::mem::zeroed() };
    // SAFETY: initialized before use, destroyed after every thread joined.
    unsafe { libc::pthread_barrier_init(&mut b, std::ptr::null(), threads as u32) };
    let bp = &b as *const _ as usize;
    let t0 = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(move || {
                for _ in 0..iters {
                    // SAFETY: the barrier outlives the scope.
                    unsafe { libc::pthread_barrier_wait(bp as *mut libc::pthread_barrier_t) };
                }
            });
        }
    });
    let dt = t0.elapsed().as_nanos() as f64;
    unsafe { libc::pthread_barrier_destroy(&mut b) };
    dt / iters as f64
}

fn pthread_mutex_ns(threads: usize, iters: u64) -> f64 {
    let m = Box::new(unsafe { std::mem::zeroed::<libc::pthread_mutex_t>() });
    let mp = Box::into_raw(m);
    // SAFETY: default attributes; destroyed below.
    unsafe { libc::pthread_mutex_init(mp, std::ptr::null()) };
    let addr = mp as usize;
    let t0 = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(move || {
                for _ in 0..iters {
                    // SAFETY: valid mutex for the whole scope.
                    unsafe {
                        libc::pthread_mutex_lock(addr as *mut libc::pthread_mutex_t);
                        libc::pthread_mutex_unlock(addr as *mut libc::pthread_mutex_t);
                    }
                }
            });
        }
    });
    let dt = t0.elapsed().as_nanos() as f64;
    // SAFETY: no thread uses it any more.
    unsafe {
        libc::pthread_mutex_destroy(mp);
        drop(Box::from_raw(mp));
    }
    dt / (iters * threads as u64) as f64
}

fn memcpy_gbs(bytes: usize, iters: u64) -> f64 {
    let src = vec![1u8; bytes];
    let mut dst = vec![0u8; bytes];
    let mut best = f64::MAX;
    for _ in 0..iters {
        let (d, s) = std::hint::black_box((dst.as_mut_ptr(), src.as_ptr()));
        let t0 = now_ns();
        // SAFETY: two distinct buffers of `bytes` bytes.
        unsafe { libc::memcpy(d.cast(), s.cast(), bytes) };
        std::hint::black_box(d);
        best = best.min(now_ns() - t0);
    }
    bytes as f64 / best
}

const OMP_SRC: &str = r#"
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    int n = atoi(argv[2]);
    long iters = atol(argv[3]);
    if (argv[1][0] == 'b') {
        double t0 = 0, t1 = 0;
#pragma omp parallel num_threads(n)
        {
            for (int i = 0; i < 100; i++) {
#pragma omp barrier
            }
#pragma omp master
            t0 = omp_get_wtime();
            for (long i = 0; i < iters; i++) {
#pragma omp barrier
            }
#pragma omp master
            t1 = omp_get_wtime();
        }
        printf("%f\n", (t1 - t0) / iters * 1e9);
    } else {
        long len = atol(argv[4]) / 8;
        double *a = malloc(len * 8), *b = malloc(len * 8), *c = malloc(len * 8), s = 3.0;
        double best = 1e30;
#pragma omp parallel for num_threads(n) schedule(static)
        for (long i = 0; i < len; i++) { a[i] = 1.0; b[i] = 2.0; c[i] = 0.5; }
        for (long k = 0; k < iters; k++) {
            double t0 = omp_get_wtime();
#pragma omp parallel for num_threads(n) schedule(static)
            for (long i = 0; i < len; i++)
                a[i] = b[i] + s * c[i];
            double t = omp_get_wtime() - t0;
            if (t < best) best = t;
        }
        printf("%f\n", 3.0 * 8 * len / best / 1e9);
        if (a[len / 2] != 2.0 + 3.0 * 0.5) return 1;
    }
    return 0;
}
"#;

/// The same triad written in UPC, compiled by upc-check when it is available.
const STREAM_UPC: &str = r#"#include <upc.h>
#include <upc_tick.h>
#include <stdio.h>
#include <stdlib.h>

#define NB (2 * 1024 * 1024)   /* elements per thread */
shared [NB] double a[NB * THREADS];
shared [NB] double b[NB * THREADS];
shared [NB] double c[NB * THREADS];
shared double t0s[THREADS], t1s[THREADS];

int main(int argc, char **argv)
{
    int iters = argc > 1 ? atoi(argv[1]) : 10;
    long i;
    double s = 3.0, best = 1e30;
    upc_forall (i = 0; i < (long)NB * THREADS; i++; &a[i]) {
        a[i] = 1.0;
        b[i] = 2.0;
        c[i] = 0.5;
    }
    for (int k = 0; k < iters; k++) {
        upc_barrier;
        t0s[MYTHREAD] = (double)upc_ticks_to_ns(upc_ticks_now());
        upc_forall (i = 0; i < (long)NB * THREADS; i++; &a[i])
            a[i] = b[i] + s * c[i];
        t1s[MYTHREAD] = (double)upc_ticks_to_ns(upc_ticks_now());
        upc_barrier;
        if (MYTHREAD == 0) {
            double lo = 1e300, hi = 0;
            for (int t = 0; t < THREADS; t++) {
                if (t0s[t] < lo) lo = t0s[t];
                if (t1s[t] > hi) hi = t1s[t];
            }
            if (hi - lo < best) best = hi - lo;
        }
    }
    if (MYTHREAD == 0) {
        if (a[NB * THREADS - 1] != 2.0 + 3.0 * 0.5) return 1;
        printf("%f\n", 3.0 * 8 * NB * THREADS / best);
    }
    return 0;
}
"#;

/// Elements per thread in STREAM_UPC.
const STREAM_NB: usize = 2 * 1024 * 1024;

/// upc-check: $UPCCHECK, else next to this executable.
fn upc_check() -> Option<std::path::PathBuf> {
    if let Ok(p) = std::env::var("UPCCHECK") {
        return Some(p.into());
    }
    let p = std::env::current_exe().ok()?.parent()?.join("upc-check");
    p.exists().then_some(p)
}

/// Compile STREAM_UPC with (checked) or without the checker.
fn stream_binary(checked: bool) -> Option<std::path::PathBuf> {
    let compiler = upc_check()?;
    let dir = std::env::temp_dir().join(format!("pgas-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).ok()?;
    let src = dir.join("stream.upc");
    std::fs::write(&src, STREAM_UPC).ok()?;
    let exe = dir.join(if checked { "stream_checked" } else { "stream" });
    let mut c = Command::new(compiler);
    c.arg("-O2");
    if !checked {
        c.args(["--upccheck:-a", "--upccheck:-d"]);
    }
    let ok = c
        .arg("-o")
        .arg(&exe)
        .arg(&src)
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    ok.then_some(exe)
}

fn run_stream(exe: &Option<std::path::PathBuf>, threads: usize, iters: u64) -> Option<f64> {
    let out = Command::new(exe.as_ref()?)
        .arg(iters.to_string())
        .env("UPC_THREADS", threads.to_string())
        .env("UPC_SHARED_HEAP_SIZE", "1MB")
        .output()
        .ok()?;
    String::from_utf8_lossy(&out.stdout)
        .trim()
        .parse::<f64>()
        .ok()
}

fn omp_binary() -> Option<std::path::PathBuf> {
    let dir = std::env::temp_dir().join(format!("pgas-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).ok()?;
    let src = dir.join("omp.c");
    std::fs::write(&src, OMP_SRC).ok()?;
    let exe = dir.join("omp");
    let ok = Command::new("gcc")
        .args(["-O2", "-fopenmp", "-o"])
        .arg(&exe)
        .arg(&src)
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    ok.then_some(exe)
}

fn omp(exe: &Option<std::path::PathBuf>, args: &[String]) -> Option<f64> {
    let out = Command::new(exe.as_ref()?).args(args).output().ok()?;
    String::from_utf8_lossy(&out.stdout).trim().parse().ok()
}

fn fmt(v: Option<f64>) -> String {
    v.map_or("n/a".into(), |v| format!("{v:.0}"))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "--quick");
    let threads: Vec<usize> = args
        .iter()
        .position(|a| a == "--threads")
        .and_then(|i| args.get(i + 1))
        .map(|s| s.split(',').filter_map(|x| x.parse().ok()).collect())
        .unwrap_or_else(|| vec![2, 4, 8, 16]);
    let scale = if quick { 5 } else { 1 };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let omp_exe = omp_binary();
    let heap = [("UPC_SHARED_HEAP_SIZE", "16MB")];
    println!("pgas-bench: {cores} cores; THREADS above {cores} are oversubscribed");
    println!();
    println!("barrier latency (ns per barrier)");
    println!(
        "{:>8} {:>10} {:>10} {:>10} {:>10}",
        "threads", "counter", "tree", "pthread", "openmp"
    );
    for &t in &threads {
        let iters = (40_000 / t as u64).max(500) / scale;
        let c = run_job(
            t,
            barrier_main,
            Params { iters, bytes: 0 },
            &[("UPC_BARRIER", "counter"), heap[0]],
        )[0];
        let tr = run_job(
            t,
            barrier_main,
            Params { iters, bytes: 0 },
            &[("UPC_BARRIER", "tree"), heap[0]],
        )[0];
        let pt = pthread_barrier_ns(t, iters);
        let om = omp(&omp_exe, &["b".into(), t.to_string(), iters.to_string()]);
        println!("{t:>8} {c:>10.0} {tr:>10.0} {pt:>10.0} {:>10}", fmt(om));
    }
    println!();
    println!("lock + unlock (ns per pair; 1 thread = uncontended)");
    println!(
        "{:>8} {:>10} {:>14}",
        "threads", "upc_lock", "pthread_mutex"
    );
    for &t in std::iter::once(&1).chain(threads.iter()) {
        let iters = if t == 1 { 1_000_000 } else { 20_000 } / scale;
        let u = run_job(t, lock_main, Params { iters, bytes: 0 }, &heap)[0];
        let m = pthread_mutex_ns(t, iters);
        println!("{t:>8} {u:>10.0} {m:>14.0}");
    }
    println!();
    let bytes = 16 << 20;
    let bw = run_job(
        2,
        memget_main,
        Params {
            iters: 10 / scale.min(5),
            bytes,
        },
        &[("UPC_SHARED_HEAP_SIZE", "64MB")],
    );
    let mc = memcpy_gbs(bytes, 10);
    println!("bandwidth, 16 MiB from/to another thread (GB/s, best of runs)");
    println!(
        "  upc_memget {:.2}   upc_memput {:.2}   memcpy {:.2}",
        bw[0], bw[1], mc
    );
    println!();
    println!("STREAM triad a = b + s*c, 3 x 16 MiB per thread (GB/s, best of runs)");
    println!("  upc-loop: the loop of a translated upc_forall with local accesses, in Rust");
    println!("  upc: a UPC program compiled by upc-check without checks; checked: with checks");
    println!(
        "{:>8} {:>10} {:>10} {:>10} {:>10}",
        "threads", "upc-loop", "upc", "checked", "openmp"
    );
    let (plain, checked) = (stream_binary(false), stream_binary(true));
    let reps = 10 / scale.min(5);
    for &t in [1usize, 2].iter().chain(threads.iter().filter(|&&t| t > 2)) {
        let tbytes = STREAM_NB * 8 * t;
        let heap = [("UPC_SHARED_HEAP_SIZE", "128MB")];
        let u = run_job(
            t,
            triad_main,
            Params {
                iters: reps,
                bytes: tbytes,
            },
            &heap,
        )[0];
        let up = run_stream(&plain, t, reps);
        let uc = run_stream(&checked, t, reps);
        let o = omp(
            &omp_exe,
            &[
                "s".into(),
                t.to_string(),
                reps.to_string(),
                tbytes.to_string(),
            ],
        );
        let f = |v: Option<f64>| v.map_or("n/a".into(), |v| format!("{v:.2}"));
        println!("{t:>8} {u:>10.2} {:>10} {:>10} {:>10}", f(up), f(uc), f(o));
    }
}
