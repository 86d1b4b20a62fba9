//! `<upc_io.h>`: UPC parallel I/O on top of POSIX files.
//!
//! * `table.rs` — the job-wide file table (one slot per open file, in the shared global
//!   area, so a `upc_file_t *` is the same address in every thread) and each thread's
//!   private side of a handle (its descriptor, file pointers, hints, pending async result);
//! * `file.rs` — open, close, sync, seek, size, preallocate, fcntl;
//! * `transfer.rs` — reads and writes with local and shared buffers, list I/O, async.
//!
//! Every thread opens its own descriptor and transfers its own part with `pread`/`pwrite`
//! at computed offsets, so concurrent writers never tear each other's data.  Errors return
//! `-1` (or NULL) with `errno` set; `upc_all_fopen` and `upc_all_fclose` agree on the
//! outcome across threads so that their errors are single-valued.  MYSYNC in I/O calls is
//! served by the ALLSYNC path (a valid, stronger implementation).

// The library functions take the program's pointers (C ABI, validated by the checker).
#![allow(clippy::not_unsafe_ptr_arg_deref)]

pub mod ffi;
pub mod file;
pub mod table;
pub mod transfer;

#[cfg(test)]
mod tests;

pub use table::{file_state, FileState};

use rules::consts as upc;

// The flags, commands and origins of `<upc_io.h>` are ints in the C ABI.

pub const UPC_RDONLY: i32 = upc::UPC_RDONLY as i32;
pub const UPC_WRONLY: i32 = upc::UPC_WRONLY as i32;
pub const UPC_RDWR: i32 = upc::UPC_RDWR as i32;
pub const UPC_INDIVIDUAL_FP: i32 = upc::UPC_INDIVIDUAL_FP as i32;
pub const UPC_COMMON_FP: i32 = upc::UPC_COMMON_FP as i32;
pub const UPC_APPEND: i32 = upc::UPC_APPEND as i32;
pub const UPC_CREATE: i32 = upc::UPC_CREATE as i32;
pub const UPC_EXCL: i32 = upc::UPC_EXCL as i32;
pub const UPC_STRONG_CA: i32 = upc::UPC_STRONG_CA as i32;
pub const UPC_TRUNC: i32 = upc::UPC_TRUNC as i32;
pub const UPC_DELETE_ON_CLOSE: i32 = upc::UPC_DELETE_ON_CLOSE as i32;
pub const ALL_OPEN_FLAGS: i32 = upc::IO_ALL_FLAGS as i32;

pub const UPC_GET_CA_SEMANTICS: i32 = upc::UPC_GET_CA_SEMANTICS as i32;
pub const UPC_SET_WEAK_CA_SEMANTICS: i32 = upc::UPC_SET_WEAK_CA_SEMANTICS as i32;
pub const UPC_SET_STRONG_CA_SEMANTICS: i32 = upc::UPC_SET_STRONG_CA_SEMANTICS as i32;
pub const UPC_GET_FP: i32 = upc::UPC_GET_FP as i32;
pub const UPC_SET_COMMON_FP: i32 = upc::UPC_SET_COMMON_FP as i32;
pub const UPC_SET_INDIVIDUAL_FP: i32 = upc::UPC_SET_INDIVIDUAL_FP as i32;
pub const UPC_GET_FL: i32 = upc::UPC_GET_FL as i32;
pub const UPC_GET_FN: i32 = upc::UPC_GET_FN as i32;
pub const UPC_GET_HINTS: i32 = upc::UPC_GET_HINTS as i32;
pub const UPC_SET_HINT: i32 = upc::UPC_SET_HINT as i32;
pub const UPC_ASYNC_OUTSTANDING: i32 = upc::UPC_ASYNC_OUTSTANDING as i32;

pub const UPC_SEEK_SET: i32 = upc::UPC_SEEK_SET as i32;
pub const UPC_SEEK_CUR: i32 = upc::UPC_SEEK_CUR as i32;
pub const UPC_SEEK_END: i32 = upc::UPC_SEEK_END as i32;

/// Set the calling thread's `errno`.
pub(crate) fn set_errno(e: i32) {
    // SAFETY: libc's thread-local errno location.
    unsafe { *libc::__errno_location() = e };
}

/// The calling thread's `errno`.
pub(crate) fn errno() -> i32 {
    std::io::Error::last_os_error()
        .raw_os_error()
        .unwrap_or(libc::EIO)
}
