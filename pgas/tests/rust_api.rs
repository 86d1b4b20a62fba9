//! The Rust API the checker and the collectives use, exercised inside real jobs started from
//! this test process (one test function: the jobs fork this process): object lookup for static
//! objects and allocations, allocation starts, lock states and owners, status records, the
//! collective broadcast, region pointers.

use pgas::alloc::{self, ObjectKind};
use pgas::lock::{self, LockState};
use pgas::segment::{self, Region};
use pgas::statics::SharedVar;
use pgas::{barrier, PShared};
use std::ffi::{c_char, c_int};

extern "C" fn static_bytes() -> usize {
    // shared [2] int arr[5*THREADS]: ceil(5T/2 blocks / T) * 2 * 4 bytes
    pgas::alloc::affinity_size(0, 0, 0, 1) as usize + 5usize.div_ceil(2) * 2 * 4 + 8
}

static mut ARR: SharedVar = SharedVar {
    name: c"arr".as_ptr(),
    file: c"api.upc".as_ptr(),
    line: 3,
    local_bytes: Some(static_bytes),
    align: 8,
    init: None,
    offset: 0,
    next: std::ptr::null_mut(),
};

fn check(cond: bool, what: &str) {
    if !cond {
        // Straight to fd 2: the test harness captures Rust's stderr in the launcher only.
        let msg = format!("thread {}: check failed: {what}\n", segment::mythread());
        // SAFETY: writing a valid buffer to stderr.
        unsafe { libc::write(2, msg.as_ptr().cast(), msg.len()) };
        // SAFETY: end this thread with a failure status.
        unsafe { libc::_exit(9) };
    }
}

extern "C" fn api_main(_: c_int, _: *mut *mut c_char, _: *mut *mut c_char) -> c_int {
    let me = segment::mythread();
    let t = segment::threads();
    // SAFETY: laid out before the fork, read-only now.
    let off = unsafe { (*std::ptr::addr_of!(ARR)).offset };
    // Static object lookup, including an interior address on another thread.
    let p = PShared::new(((me + 1) % t) as u32, off + 4, 0);
    let info = alloc::object_of(p).expect("static object");
    check(info.kind == ObjectKind::Static, "static kind");
    check(
        info.name == Some("arr") && info.file == Some("api.upc") && info.line == 3,
        "name",
    );
    check(info.base.addr == off && !info.freed, "static base");
    check(alloc::object_of(PShared::NULL).is_none(), "null");
    check(
        alloc::object_of(PShared::new(t as u32, off, 0)).is_none(),
        "bad thread",
    );
    check(
        alloc::object_of(PShared::new(0, 100, 0)).is_none(),
        "reserved area",
    );
    // upc_all_alloc: same pointer, interior lookup on every thread, affinity sizes.
    let a = alloc::upc_all_alloc(2 * t + 1, 24);
    check(!a.is_null() && a.thread == 0 && a.phase == 0, "all_alloc");
    check(alloc::is_allocation_start(a), "allocation start");
    for th in 0..t {
        let q = PShared::new(th as u32, a.addr + 5, 0);
        let i = alloc::object_of(q).expect("allocation");
        check(
            i.kind == ObjectKind::AllAlloc && i.base == a && !i.freed,
            "all_alloc info",
        );
        check(i.nblocks == (2 * t + 1) as u64 && i.nbytes == 24, "request");
        let expect = alloc::affinity_size(((2 * t + 1) * 24) as u64, 24, th as u64, t as u64);
        check(i.bytes_on_thread == expect, "bytes on thread");
        check(i.room == 3 * 24, "room");
        check(!alloc::is_allocation_start(q), "interior is not a start");
    }
    // upc_alloc: local, freed memory is reported freed until reused.
    let l = alloc::upc_alloc(100);
    check(
        l.thread as usize == me && alloc::is_allocation_start(l),
        "upc_alloc",
    );
    let li = alloc::object_of(PShared {
        addr: l.addr + 99,
        ..l
    })
    .unwrap();
    check(
        li.kind == ObjectKind::Alloc && li.bytes_on_thread == 100,
        "alloc info",
    );
    check(li.alloc_thread as usize == me, "alloc thread");
    let past = alloc::object_of(PShared {
        addr: l.addr + 200,
        ..l
    })
    .unwrap();
    check(
        past.kind == ObjectKind::FreeHeap,
        "past the end is free heap",
    );
    alloc::upc_free(l);
    let fi = alloc::object_of(l).unwrap();
    check(fi.freed && fi.kind == ObjectKind::FreeHeap, "freed");
    check(!alloc::is_allocation_start(l), "freed is not a start");
    // Locks: valid, owner, freed, not a lock.
    let lk = lock::upc_all_lock_alloc();
    check(lock::lock_is_valid(lk) == LockState::Valid, "valid lock");
    check(lock::lock_id(lk) != 0, "lock id");
    check(
        lock::lock_is_valid(a) == LockState::NotALock,
        "memory is not a lock",
    );
    barrier::barrier_internal();
    if me == 0 {
        lock::upc_lock(lk);
        check(lock::lock_owner(lk) == Some(0), "owner");
    }
    barrier::barrier_internal();
    check(lock::lock_owner(lk) == Some(0), "owner seen by all");
    barrier::barrier_internal();
    if me == 0 {
        lock::upc_unlock(lk);
    }
    barrier::barrier_internal();
    check(lock::lock_owner(lk).is_none(), "unlocked");
    let id = lock::lock_id(lk);
    lock::upc_all_lock_free(lk);
    barrier::barrier_internal();
    check(lock::lock_is_valid(lk) == LockState::Freed, "freed lock");
    check(lock::lock_id(lk) == id, "freed lock keeps its id");
    // Status records.
    pgas::set_waiting(c"upc_all_reduceI".as_ptr(), c"api.upc".as_ptr(), 42);
    barrier::barrier_internal();
    let v = pgas::snapshot((me + 1) % t);
    check(
        v.op.as_deref() == Some("upc_all_reduceI") && v.line == 42,
        "snapshot",
    );
    let table = pgas::format_table();
    check(
        table.contains(&format!(
            "Thread {} waiting at upc_all_reduceI : line 42 : file api.upc",
            t - 1
        )),
        "table",
    );
    barrier::barrier_internal();
    pgas::set_running();
    // Regions: per-thread slices are distinct and inside the partitions.
    let c0 = segment::thread_region(Region::Checker, me) as usize;
    let c1 = segment::thread_region(Region::Collectives, me) as usize;
    check(
        c1 - c0 == segment::thread_region_size(Region::Checker),
        "region sizes",
    );
    check(
        c0 == segment::local_ptr(me as u32, 64 << 10) as usize,
        "checker slice",
    );
    check(
        (segment::global_region(Region::Checker) as usize) < segment::seg_base() as usize,
        "global area before partition 0",
    );
    let v = alloc::collective_broadcast(|| [7, me as u64]);
    check(v == [7, 0], "broadcast");
    alloc::upc_all_free(a);
    barrier::barrier_internal();
    check(alloc::object_of(a).unwrap().freed, "all_free");
    0
}

#[test]
fn rust_api_inside_jobs() {
    // SAFETY: registration before any job starts (single test in this binary).
    unsafe { pgas::statics::upcr_register_shared(std::ptr::addr_of_mut!(ARR)) };
    for threads in [1, 3, 4] {
        // SAFETY: no arguments (argc 0) and no environment.
        let rc = unsafe {
            pgas::start(
                0,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                api_main,
                threads,
                None,
            )
        };
        assert_eq!(rc, 0, "job with {threads} threads");
    }
}
