//! `<upc_nb.h>`: non-blocking memory operations.
//!
//! On one machine a transfer is a memmove that is over before the call returns, and the
//! implicit-handle calls complete at once too, so the sync functions never wait.  An
//! explicit-handle call still returns a handle of its own (not `UPC_COMPLETE_HANDLE`), which
//! the program must pass to `upc_sync`/`upc_sync_attempt` as UPC 1.3 requires: the argument
//! checks tell a handle of another thread or one already completed from a valid one, and the
//! race checker knows which transfer a `upc_sync` completes (until then its buffers are in
//! flight, whatever this runtime did).
//!
//! A handle is `(thread + 1) << HANDLE_THREAD_SHIFT | n`, n counting the thread's explicit
//! transfers from 1.

use crate::memops;
use crate::PShared;
use std::cell::RefCell;
use std::ffi::{c_int, c_ulong, c_void};

/// `upc_handle_t` (C `unsigned long`); 0 is `UPC_COMPLETE_HANDLE`.
pub type Handle = c_ulong;
pub const COMPLETE_HANDLE: Handle = 0;
const HANDLE_THREAD_SHIFT: u32 = 40;

/// This thread's explicit handles: how many were issued, and those not yet synced.
struct Handles {
    issued: u64,
    pending: Vec<Handle>,
}

thread_local! {
    static HANDLES: RefCell<Handles> = const {
        RefCell::new(Handles {
            issued: 0,
            pending: Vec::new(),
        })
    };
}

/// A new handle of this thread, pending until synced.
fn issue() -> Handle {
    HANDLES.with(|h| {
        let mut h = h.borrow_mut();
        h.issued += 1;
        let v = ((crate::segment::mythread() as Handle + 1) << HANDLE_THREAD_SHIFT)
            | (h.issued as Handle);
        h.pending.push(v);
        v
    })
}

/// What a handle is, for the calling thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandleState {
    /// `UPC_COMPLETE_HANDLE`, or returned to this thread and not yet synced.
    Pending,
    /// Returned to this thread and synced.
    Consumed,
    /// Returned to another thread.
    OtherThread(u32),
    /// No `*_nb` call returned it.
    Invalid,
}

pub fn handle_state(v: Handle) -> HandleState {
    if v == COMPLETE_HANDLE {
        return HandleState::Pending;
    }
    let thread = (v >> HANDLE_THREAD_SHIFT).wrapping_sub(1);
    let n = v & ((1 << HANDLE_THREAD_SHIFT) - 1);
    if thread >= crate::segment::threads() as Handle || n == 0 {
        return HandleState::Invalid;
    }
    if thread != crate::segment::mythread() as Handle {
        return HandleState::OtherThread(thread as u32);
    }
    HANDLES.with(|h| {
        let h = h.borrow();
        if h.pending.contains(&v) {
            HandleState::Pending
        } else if n <= h.issued {
            HandleState::Consumed
        } else {
            HandleState::Invalid
        }
    })
}

/// The handle the next explicit-handle call of this thread returns (the race checker
/// names a transfer by it before the call).
pub fn next_handle() -> Handle {
    HANDLES.with(|h| {
        ((crate::segment::mythread() as Handle + 1) << HANDLE_THREAD_SHIFT)
            | (h.borrow().issued as Handle + 1)
    })
}

fn consume(v: Handle) {
    HANDLES.with(|h| h.borrow_mut().pending.retain(|&p| p != v));
}

/// # Safety
/// As `upc_memcpy`.
#[no_mangle]
pub unsafe extern "C" fn upc_memcpy_nb(dst: PShared, src: PShared, n: usize) -> Handle {
    memops::upc_memcpy(dst, src, n);
    issue()
}

/// # Safety
/// As `upc_memget`.
#[no_mangle]
pub unsafe extern "C" fn upc_memget_nb(dst: *mut c_void, src: PShared, n: usize) -> Handle {
    memops::upc_memget(dst, src, n);
    issue()
}

/// # Safety
/// As `upc_memput`.
#[no_mangle]
pub unsafe extern "C" fn upc_memput_nb(dst: PShared, src: *const c_void, n: usize) -> Handle {
    memops::upc_memput(dst, src, n);
    issue()
}

/// # Safety
/// As `upc_memset`.
#[no_mangle]
pub unsafe extern "C" fn upc_memset_nb(dst: PShared, c: c_int, n: usize) -> Handle {
    memops::upc_memset(dst, c, n);
    issue()
}

/// # Safety
/// As `upc_memcpy`.
#[no_mangle]
pub unsafe extern "C" fn upc_memcpy_nbi(dst: PShared, src: PShared, n: usize) {
    memops::upc_memcpy(dst, src, n);
}

/// # Safety
/// As `upc_memget`.
#[no_mangle]
pub unsafe extern "C" fn upc_memget_nbi(dst: *mut c_void, src: PShared, n: usize) {
    memops::upc_memget(dst, src, n);
}

/// # Safety
/// As `upc_memput`.
#[no_mangle]
pub unsafe extern "C" fn upc_memput_nbi(dst: PShared, src: *const c_void, n: usize) {
    memops::upc_memput(dst, src, n);
}

/// # Safety
/// As `upc_memset`.
#[no_mangle]
pub unsafe extern "C" fn upc_memset_nbi(dst: PShared, c: c_int, n: usize) {
    memops::upc_memset(dst, c, n);
}

#[no_mangle]
pub extern "C" fn upc_sync_attempt(h: Handle) -> c_int {
    consume(h);
    1
}

#[no_mangle]
pub extern "C" fn upc_sync(h: Handle) {
    consume(h);
    std::sync::atomic::fence(std::sync::atomic::Ordering::SeqCst);
}

#[no_mangle]
pub extern "C" fn upc_synci_attempt() -> c_int {
    1
}

#[no_mangle]
pub extern "C" fn upc_synci() {
    std::sync::atomic::fence(std::sync::atomic::Ordering::SeqCst);
}
