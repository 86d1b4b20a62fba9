//! `<upc_nb.h>`: non-blocking memory operations.
//!
//! On one machine a transfer is a memmove that is over before the call returns, so every
//! explicit-handle call completes synchronously and returns `UPC_COMPLETE_HANDLE` (allowed by
//! UPC 1.3 §7.4.x), and the implicit-handle calls complete at once too.  The sync functions
//! therefore never wait.

use crate::memops;
use crate::PShared;
use std::ffi::{c_int, c_ulong, c_void};

/// `upc_handle_t` (C `unsigned long`); 0 is `UPC_COMPLETE_HANDLE`.
pub type Handle = c_ulong;
pub const COMPLETE_HANDLE: Handle = 0;

/// # Safety
/// As `upc_memcpy`.
#[no_mangle]
pub unsafe extern "C" fn upc_memcpy_nb(dst: PShared, src: PShared, n: usize) -> Handle {
    memops::upc_memcpy(dst, src, n);
    COMPLETE_HANDLE
}

/// # Safety
/// As `upc_memget`.
#[no_mangle]
pub unsafe extern "C" fn upc_memget_nb(dst: *mut c_void, src: PShared, n: usize) -> Handle {
    memops::upc_memget(dst, src, n);
    COMPLETE_HANDLE
}

/// # Safety
/// As `upc_memput`.
#[no_mangle]
pub unsafe extern "C" fn upc_memput_nb(dst: PShared, src: *const c_void, n: usize) -> Handle {
    memops::upc_memput(dst, src, n);
    COMPLETE_HANDLE
}

/// # Safety
/// As `upc_memset`.
#[no_mangle]
pub unsafe extern "C" fn upc_memset_nb(dst: PShared, c: c_int, n: usize) -> Handle {
    memops::upc_memset(dst, c, n);
    COMPLETE_HANDLE
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
pub extern "C" fn upc_sync_attempt(_h: Handle) -> c_int {
    1
}

#[no_mangle]
pub extern "C" fn upc_sync(_h: Handle) {
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
