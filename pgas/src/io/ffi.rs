//! The C ABI of `<upc_io.h>`.  `upc_file_t *` is an ordinary pointer whose value is the
//! same in every thread (the address of the file's slot in the shared table); `shared void
//! *buffer` is a `upcr_pshared_t` by value; `upc_off_t` is `int64_t`.

use super::file::{self, Hint};
use super::transfer::{self, Dir, Filevec, LocalMemvec, MemList, SharedMemvec};
use crate::collectives::team::with_current;
use crate::collectives::PShared;
use std::ffi::{c_char, c_void};

type Fh = *mut c_void;

#[no_mangle]
pub extern "C" fn upc_all_fopen(
    fname: *const c_char,
    flags: i32,
    numhints: usize,
    hints: *const Hint,
) -> Fh {
    with_current(|t| file::fopen(t, fname, flags, numhints, hints))
}

#[no_mangle]
pub extern "C" fn upc_all_fclose(fd: Fh) -> i32 {
    with_current(|t| file::fclose(t, fd))
}

#[no_mangle]
pub extern "C" fn upc_all_fsync(fd: Fh) -> i32 {
    with_current(|t| file::fsync(t, fd))
}

#[no_mangle]
pub extern "C" fn upc_all_fseek(fd: Fh, offset: i64, origin: i32) -> i64 {
    with_current(|t| file::fseek(t, fd, offset, origin))
}

#[no_mangle]
pub extern "C" fn upc_all_fset_size(fd: Fh, size: i64) -> i32 {
    with_current(|t| file::fset_size(t, fd, size))
}

#[no_mangle]
pub extern "C" fn upc_all_fget_size(fd: Fh) -> i64 {
    with_current(|t| file::fget_size(t, fd))
}

#[no_mangle]
pub extern "C" fn upc_all_fpreallocate(fd: Fh, size: i64) -> i32 {
    with_current(|t| file::fpreallocate(t, fd, size))
}

#[no_mangle]
pub extern "C" fn upc_all_fcntl(fd: Fh, cmd: i32, arg: *mut c_void) -> i32 {
    with_current(|t| file::fcntl(t, fd, cmd, arg))
}

#[no_mangle]
pub extern "C" fn upc_all_fread_local(
    fd: Fh,
    buffer: *mut c_void,
    size: usize,
    nmemb: usize,
    flags: i32,
) -> i64 {
    with_current(|t| transfer::local(t, fd, Dir::Read, buffer, size, nmemb, flags, false))
}

#[no_mangle]
pub extern "C" fn upc_all_fwrite_local(
    fd: Fh,
    buffer: *mut c_void,
    size: usize,
    nmemb: usize,
    flags: i32,
) -> i64 {
    with_current(|t| transfer::local(t, fd, Dir::Write, buffer, size, nmemb, flags, false))
}

#[no_mangle]
pub extern "C" fn upc_all_fread_shared(
    fd: Fh,
    buffer: PShared,
    blocksize: usize,
    size: usize,
    nmemb: usize,
    flags: i32,
) -> i64 {
    with_current(|t| {
        transfer::shared(
            t,
            fd,
            Dir::Read,
            buffer,
            blocksize,
            size,
            nmemb,
            flags,
            false,
        )
    })
}

#[no_mangle]
pub extern "C" fn upc_all_fwrite_shared(
    fd: Fh,
    buffer: PShared,
    blocksize: usize,
    size: usize,
    nmemb: usize,
    flags: i32,
) -> i64 {
    with_current(|t| {
        transfer::shared(
            t,
            fd,
            Dir::Write,
            buffer,
            blocksize,
            size,
            nmemb,
            flags,
            false,
        )
    })
}

/// A C array of `n` entries (empty when `n == 0` or the pointer is null).
fn slice<'a, T>(p: *const T, n: usize) -> &'a [T] {
    if p.is_null() || n == 0 {
        &[]
    } else {
        // SAFETY: the program passes `n` valid entries.
        unsafe { std::slice::from_raw_parts(p, n) }
    }
}

macro_rules! list_fn {
    ($name:ident, $aname:ident, $dir:expr, $mv:ty, $kind:ident) => {
        #[no_mangle]
        pub extern "C" fn $name(
            fd: Fh,
            mn: usize,
            memvec: *const $mv,
            fnn: usize,
            filevec: *const Filevec,
            flags: i32,
        ) -> i64 {
            with_current(|t| {
                transfer::list(
                    t,
                    fd,
                    $dir,
                    MemList::$kind(slice(memvec, mn)),
                    slice(filevec, fnn),
                    flags,
                    false,
                )
            })
        }
        #[no_mangle]
        pub extern "C" fn $aname(
            fd: Fh,
            mn: usize,
            memvec: *const $mv,
            fnn: usize,
            filevec: *const Filevec,
            flags: i32,
        ) {
            with_current(|t| {
                transfer::list(
                    t,
                    fd,
                    $dir,
                    MemList::$kind(slice(memvec, mn)),
                    slice(filevec, fnn),
                    flags,
                    true,
                )
            });
        }
    };
}

list_fn!(
    upc_all_fread_list_local,
    upc_all_fread_list_local_async,
    Dir::Read,
    LocalMemvec,
    Local
);
list_fn!(
    upc_all_fwrite_list_local,
    upc_all_fwrite_list_local_async,
    Dir::Write,
    LocalMemvec,
    Local
);
list_fn!(
    upc_all_fread_list_shared,
    upc_all_fread_list_shared_async,
    Dir::Read,
    SharedMemvec,
    Shared
);
list_fn!(
    upc_all_fwrite_list_shared,
    upc_all_fwrite_list_shared_async,
    Dir::Write,
    SharedMemvec,
    Shared
);

#[no_mangle]
pub extern "C" fn upc_all_fread_local_async(
    fd: Fh,
    buffer: *mut c_void,
    size: usize,
    nmemb: usize,
    flags: i32,
) {
    with_current(|t| transfer::local(t, fd, Dir::Read, buffer, size, nmemb, flags, true));
}

#[no_mangle]
pub extern "C" fn upc_all_fwrite_local_async(
    fd: Fh,
    buffer: *mut c_void,
    size: usize,
    nmemb: usize,
    flags: i32,
) {
    with_current(|t| transfer::local(t, fd, Dir::Write, buffer, size, nmemb, flags, true));
}

#[no_mangle]
pub extern "C" fn upc_all_fread_shared_async(
    fd: Fh,
    buffer: PShared,
    blocksize: usize,
    size: usize,
    nmemb: usize,
    flags: i32,
) {
    with_current(|t| {
        transfer::shared(
            t,
            fd,
            Dir::Read,
            buffer,
            blocksize,
            size,
            nmemb,
            flags,
            true,
        )
    });
}

#[no_mangle]
pub extern "C" fn upc_all_fwrite_shared_async(
    fd: Fh,
    buffer: PShared,
    blocksize: usize,
    size: usize,
    nmemb: usize,
    flags: i32,
) {
    with_current(|t| {
        transfer::shared(
            t,
            fd,
            Dir::Write,
            buffer,
            blocksize,
            size,
            nmemb,
            flags,
            true,
        )
    });
}

#[no_mangle]
pub extern "C" fn upc_all_fwait_async(fd: Fh) -> i64 {
    with_current(|t| transfer::complete(t, fd, std::ptr::null_mut()))
}

#[no_mangle]
pub extern "C" fn upc_all_ftest_async(fd: Fh, flag: *mut i32) -> i64 {
    with_current(|t| transfer::complete(t, fd, flag))
}
