//! Benchmark of the deadlock checker (not a test): the cost the check adds per collective
//! operation — upc_barrier and a 4-byte upc_all_broadcast — checked against unchecked in
//! the same run, for THREADS = 2 .. 64; the user-space instructions executed inside the
//! checker hooks per collective per thread (hardware counter, when the kernel allows it);
//! and the checker's shared memory per thread.
//!
//! Usage: `checkrt-bench [ITERATIONS] [THREADS...]` (defaults: 2000; 2 4 8 16 32 64).
//! `CHECKRT_BENCH_FLAGS=2` measures the deadlock checks alone (no argument checks).
//! Without a hardware counter, count instructions with callgrind on one run:
//! `CHECKRT_BENCH_CHILD=1 CHECKRT_BENCH_ITERS=100 UPC_THREADS=8 valgrind --tool=callgrind
//! --toggle-collect=upcc_check_entry --toggle-collect=upcc_record_exit checkrt-bench`
//! (per thread: total / (6 * ITERS) collectives).

use std::ffi::{c_char, c_int};
use std::process::Command;
use std::time::Instant;

use checkrt::ffi::{PShared, Site, Val};

extern "C" {
    fn upcr_barrier(has_value: c_int, value: c_int);
    fn upc_all_alloc(nblocks: usize, nbytes: usize) -> PShared;
    fn upc_all_broadcast(dst: PShared, src: PShared, nbytes: usize, flags: c_int);
}

struct Sites {
    barrier: Site,
    bcast: Site,
}

static mut SITES: Option<&'static Sites> = None;

fn sites() -> &'static Sites {
    // SAFETY: set in the launcher before the threads are forked, read-only afterwards.
    unsafe { SITES.expect("sites") }
}

fn make_sites() -> &'static Sites {
    let texts: &'static [*const c_char; 4] = Box::leak(Box::new([
        c"dst".as_ptr(),
        c"src".as_ptr(),
        c"4".as_ptr(),
        c"UPC_IN_ALLSYNC|UPC_OUT_ALLSYNC".as_ptr(),
    ]));
    let decls: &'static [*const c_char; 4] = Box::leak(Box::new([c"".as_ptr(); 4]));
    let site = |op: &str, nargs: i32| Site {
        file: c"bench.upc".as_ptr(),
        line: 1,
        col: 1,
        op: rules::lookup(op).map(|(i, _)| i as i32).unwrap_or(-1),
        nargs,
        arg_text: if nargs > 0 {
            texts.as_ptr()
        } else {
            std::ptr::null()
        },
        arg_decl: if nargs > 0 {
            decls.as_ptr()
        } else {
            std::ptr::null()
        },
        func: c"main".as_ptr(),
        source_line: std::ptr::null(),
    };
    Box::leak(Box::new(Sites {
        barrier: site("upc_barrier", 0),
        bcast: site("upc_all_broadcast", 4),
    }))
}

/// User-space instruction counter of this process (None if perf events are not allowed).
struct Counter(i32);

impl Counter {
    fn open() -> Option<Counter> {
        let mut attr = [0u64; 16];
        // type = PERF_TYPE_HARDWARE (0), size = 128; config = PERF_COUNT_HW_INSTRUCTIONS (1);
        // flags: exclude_kernel (bit 5) | exclude_hv (bit 6)
        attr[0] = 128u64 << 32;
        attr[1] = 1;
        attr[5] = (1 << 5) | (1 << 6);
        // SAFETY: attr is a valid perf_event_attr of the declared size.
        let fd = unsafe { libc::syscall(libc::SYS_perf_event_open, attr.as_ptr(), 0, -1, -1, 0) };
        (fd >= 0).then_some(Counter(fd as i32))
    }
    fn read(&self) -> u64 {
        let mut v = 0u64;
        // SAFETY: reading 8 bytes into v from our own perf fd.
        unsafe { libc::read(self.0, &mut v as *mut u64 as *mut libc::c_void, 8) };
        v
    }
}

const FLAGS: c_int = 1 | 8; // UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC

extern "C" fn bench_main(_argc: c_int, _argv: *mut *mut c_char, _envp: *mut *mut c_char) -> c_int {
    let iters: usize = std::env::var("CHECKRT_BENCH_ITERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000);
    let me = pgas::segment::mythread();
    let threads = pgas::segment::threads();
    let s = sites();
    // SAFETY: the runtime's C entry points, called as translated code would.
    let (dst, src) = unsafe { (upc_all_alloc(threads, 4), upc_all_alloc(1, 4)) };
    let counter = Counter::open();
    let mut bargs: [Val; 4] = [
        Val { s: dst },
        Val { s: src },
        Val { u: 4 },
        Val { u: FLAGS as u64 },
    ];
    let mut instr = 0u64;
    let mut instr_calls = 0u64;
    let mut overhead = 0u64;
    if let Some(c) = &counter {
        let a = c.read();
        let b = c.read();
        overhead = b - a;
    }
    let timed = |f: &mut dyn FnMut()| {
        // SAFETY: as above.
        unsafe { upcr_barrier(0, 0) };
        let t = Instant::now();
        for _ in 0..iters {
            f();
        }
        let dt = t.elapsed().as_secs_f64() * 1e6 / iters as f64;
        unsafe { upcr_barrier(0, 0) };
        dt
    };
    let mut rows = Vec::new();
    for _round in 0..3 {
        // SAFETY (all closures): the hooks and runtime calls translated code makes.
        let b0 = timed(&mut || unsafe { upcr_barrier(0, 0) });
        let b1 = timed(&mut || unsafe {
            checkrt::hooks::upcc_check_entry(&s.barrier, std::ptr::null_mut());
            upcr_barrier(0, 0);
            checkrt::hooks::upcc_record_exit(&s.barrier);
        });
        let c0 = timed(&mut || unsafe { upc_all_broadcast(dst, src, 4, FLAGS) });
        let c1 = timed(&mut || unsafe {
            let a = counter.as_ref().map(|c| c.read());
            checkrt::hooks::upcc_check_entry(&s.bcast, bargs.as_mut_ptr());
            let b = counter.as_ref().map(|c| c.read());
            upc_all_broadcast(dst, src, 4, FLAGS);
            let c = counter.as_ref().map(|c| c.read());
            checkrt::hooks::upcc_record_exit(&s.bcast);
            let d = counter.as_ref().map(|c| c.read());
            if let (Some(a), Some(b), Some(c), Some(d)) = (a, b, c, d) {
                instr += (b - a).saturating_sub(overhead) + (d - c).saturating_sub(overhead);
                instr_calls += 1;
            }
        });
        rows.push((b0, b1, c0, c1));
    }
    if me == 0 {
        // the median round
        rows.sort_by(|x, y| (x.1 - x.0).total_cmp(&(y.1 - y.0)));
        let (b0, b1, c0, c1) = rows[1];
        let per_thread_mem = std::mem::size_of::<checkrt::state::ThreadArea>();
        let instr_text = if instr_calls > 0 {
            format!("{:.0}", instr as f64 / instr_calls as f64)
        } else {
            "n/a".into()
        };
        println!(
            "{threads:>7} {b0:>12.2} {b1:>12.2} {:>10.2} {c0:>12.2} {c1:>12.2} {:>10.2} {instr_text:>14} {per_thread_mem:>10}",
            b1 - b0,
            c1 - c0
        );
    }
    0
}

fn main() {
    if std::env::var_os("CHECKRT_BENCH_CHILD").is_some() {
        // SAFETY: single-threaded launcher.
        unsafe { SITES = Some(make_sites()) };
        let args: Vec<std::ffi::CString> = std::env::args()
            .map(|a| std::ffi::CString::new(a).unwrap_or_default())
            .collect();
        let mut argv: Vec<*mut c_char> = args.iter().map(|a| a.as_ptr() as *mut c_char).collect();
        argv.push(std::ptr::null_mut());
        let mut envp = vec![std::ptr::null_mut::<c_char>()];
        // CHECKRT_BENCH_FLAGS: upcc_main flags (default 3: argument and deadlock checks)
        let flags = std::env::var("CHECKRT_BENCH_FLAGS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(3u32);
        // SAFETY: argv/envp are valid NULL-terminated arrays for the job's lifetime.
        let rc = unsafe {
            checkrt::hooks::upcc_main(
                args.len() as c_int,
                argv.as_mut_ptr(),
                envp.as_mut_ptr(),
                bench_main,
                0,
                flags,
            )
        };
        std::process::exit(rc);
    }
    let mut a = std::env::args().skip(1);
    let iters = a.next().unwrap_or_else(|| "2000".into());
    let list: Vec<String> = a.collect();
    let list = if list.is_empty() {
        ["2", "4", "8", "16", "32", "64"]
            .iter()
            .map(|s| s.to_string())
            .collect()
    } else {
        list
    };
    println!("times in microseconds per operation per thread (median of 3 rounds of {iters}); instructions = user-space instructions inside upcc_check_entry + upcc_record_exit per broadcast");
    println!(
        "{:>7} {:>12} {:>12} {:>10} {:>12} {:>12} {:>10} {:>14} {:>10}",
        "THREADS",
        "barrier",
        "+check",
        "added",
        "bcast 4B",
        "+check",
        "added",
        "instr/op/thr",
        "mem/thr B"
    );
    let exe = std::env::current_exe().expect("own path");
    for t in list {
        let st = Command::new(&exe)
            .env("CHECKRT_BENCH_CHILD", "1")
            .env("CHECKRT_BENCH_ITERS", &iters)
            .env("UPC_THREADS", &t)
            .status();
        if !matches!(st, Ok(s) if s.success()) {
            eprintln!("checkrt-bench: the run with {t} threads failed: {st:?}");
        }
    }
    println!(
        "shared checker state: {} B per thread (ring slot, current signature, call stack) + {} B global (wait-for graph, report buffer)",
        std::mem::size_of::<checkrt::state::ThreadArea>(),
        std::mem::size_of::<checkrt::state::GlobalArea>()
    );
}
