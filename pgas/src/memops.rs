//! Shared string functions: `upc_memcpy`, `upc_memget`, `upc_memput`, `upc_memset`.
//!
//! Every shared argument designates `n` contiguous bytes in the partition of its thread (phase
//! and block size ignored).  Where the partition is mapped (always in the smp conduit) each is
//! one `memmove` / `memset`: relaxed accesses, no fence (UPC 1.3 §7.2.5).  Where it is not (a
//! conduit's remote data plane, `rma.rs`), each is one remote get or put of the whole range;
//! `upc_memcpy` between two remote ranges and `upc_memset` of a remote range go through a
//! bounce buffer, one get and one put per [`BOUNCE`] bytes.  The runtime only refuses what would
//! corrupt its own state (a null pointer-to-shared or a thread number out of range); everything
//! else is the checker's job.

use crate::{job, rma, segment, PShared};
use std::ffi::{c_int, c_void};

/// Piece size of a remote-to-remote copy or a remote memset.
pub const BOUNCE: usize = 1 << 20;

fn bounce(n: usize) -> Vec<u8> {
    vec![0u8; n.min(BOUNCE)]
}

fn advance(p: PShared, k: usize) -> PShared {
    PShared::new(p.thread, p.addr + k as u64, 0)
}

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
    if n == 0 {
        return;
    }
    match (rma::is_remote(dst), rma::is_remote(src)) {
        (false, false) => std::ptr::copy(s, d, n),
        // SAFETY: the local range is valid shared storage (the caller's contract).
        (false, true) => rma::get(unsafe { std::slice::from_raw_parts_mut(d, n) }, src),
        // SAFETY: as above.
        (true, false) => rma::put(dst, unsafe { std::slice::from_raw_parts(s, n) }),
        (true, true) => {
            let mut buf = bounce(n);
            let mut k = 0;
            while k < n {
                let m = (n - k).min(buf.len());
                rma::get(&mut buf[..m], advance(src, k));
                rma::put(advance(dst, k), &buf[..m]);
                k += m;
            }
        }
    }
}

/// # Safety
/// `dst` must be valid for `n` bytes.
#[no_mangle]
pub unsafe extern "C" fn upc_memget(dst: *mut c_void, src: PShared, n: usize) {
    let s = target(src, n, "upc_memget", "the source");
    if n > 0 {
        if rma::is_remote(src) {
            // SAFETY: the caller's contract.
            rma::get(
                unsafe { std::slice::from_raw_parts_mut(dst as *mut u8, n) },
                src,
            );
        } else {
            std::ptr::copy(s, dst as *mut u8, n);
        }
    }
}

/// # Safety
/// `src` must be valid for `n` bytes.
#[no_mangle]
pub unsafe extern "C" fn upc_memput(dst: PShared, src: *const c_void, n: usize) {
    let d = target(dst, n, "upc_memput", "the destination");
    if n > 0 {
        if rma::is_remote(dst) {
            // SAFETY: the caller's contract.
            rma::put(dst, unsafe {
                std::slice::from_raw_parts(src as *const u8, n)
            });
        } else {
            std::ptr::copy(src as *const u8, d, n);
        }
    }
}

/// # Safety
/// The shared range must be valid shared storage.
#[no_mangle]
pub unsafe extern "C" fn upc_memset(dst: PShared, c: c_int, n: usize) {
    let d = target(dst, n, "upc_memset", "the destination");
    if n > 0 {
        if rma::is_remote(dst) {
            let mut buf = bounce(n);
            buf.fill(c as u8);
            let mut k = 0;
            while k < n {
                let m = (n - k).min(buf.len());
                rma::put(advance(dst, k), &buf[..m]);
                k += m;
            }
        } else {
            std::ptr::write_bytes(d, c as u8, n);
        }
    }
}
