//! Shared string functions: `upc_memcpy`, `upc_memget`, `upc_memput`, `upc_memset`.
//!
//! Every shared argument designates `n` contiguous bytes in the partition of its thread (phase
//! and block size ignored).  All partitions are mapped in every thread, so each is one `memmove`
//! / `memset`: relaxed accesses, no fence (UPC 1.3 §7.2.5).  The runtime only refuses what would
//! corrupt its own state (a null pointer-to-shared or a thread number out of range); everything
//! else is the checker's job.

use crate::{job, segment, PShared};
use std::ffi::{c_int, c_void};

pub(crate) fn target(p: PShared, n: usize, op: &str, which: &str) -> *mut u8 {
    if n > 0 && (p.is_null() || p.thread as usize >= segment::threads()) {
        job::fatal_error(&format!(
            "upc-check: error: thread {}: {op}: {which} is {} (thread {}, address {:#x}) with {n} \
             bytes to access\n",
            segment::mythread(),
            if p.is_null() {
                "a null pointer-to-shared"
            } else {
                "a pointer-to-shared with a thread number out of range"
            },
            p.thread,
            p.addr
        ));
    }
    p.local()
}

/// # Safety
/// The shared ranges must be valid shared storage (checked by the checker, not here).
#[no_mangle]
pub unsafe extern "C" fn upc_memcpy(dst: PShared, src: PShared, n: usize) {
    let d = target(dst, n, "upc_memcpy", "the destination");
    let s = target(src, n, "upc_memcpy", "the source");
    if n > 0 {
        std::ptr::copy(s, d, n);
    }
}

/// # Safety
/// `dst` must be valid for `n` bytes.
#[no_mangle]
pub unsafe extern "C" fn upc_memget(dst: *mut c_void, src: PShared, n: usize) {
    let s = target(src, n, "upc_memget", "the source");
    if n > 0 {
        std::ptr::copy(s, dst as *mut u8, n);
    }
}

/// # Safety
/// `src` must be valid for `n` bytes.
#[no_mangle]
pub unsafe extern "C" fn upc_memput(dst: PShared, src: *const c_void, n: usize) {
    let d = target(dst, n, "upc_memput", "the destination");
    if n > 0 {
        std::ptr::copy(src as *const u8, d, n);
    }
}

/// # Safety
/// The shared range must be valid shared storage.
#[no_mangle]
pub unsafe extern "C" fn upc_memset(dst: PShared, c: c_int, n: usize) {
    let d = target(dst, n, "upc_memset", "the destination");
    if n > 0 {
        std::ptr::write_bytes(d, c as u8, n);
    }
}
