//! File operations: `upc_all_fopen`, `fclose`, `fsync`, `fseek`, `fset_size`,
//! `fget_size`, `fpreallocate`, `fcntl`.  All collective; each returns what the spec
//! says (`NULL`/`-1` with `errno` on error).

use super::table::{self, agree, lookup, slot, with_private, Private, MAX_FILES};
use super::*;
use crate::collectives::Team;
use std::ffi::{c_char, c_void, CStr, CString};
use std::sync::atomic::Ordering::*;

/// `struct upc_hint` of the C ABI.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct Hint {
    pub key: *const c_char,
    pub value: *const c_char,
}

fn access_mode(flags: i32) -> i32 {
    flags & (UPC_RDONLY | UPC_WRONLY | UPC_RDWR)
}

fn fp_kind(flags: i32) -> i32 {
    flags & (UPC_INDIVIDUAL_FP | UPC_COMMON_FP)
}

/// Validate `upc_all_fopen` flags (single-valued, so every thread decides alike).
pub fn check_open_flags(flags: i32) -> Result<(), i32> {
    let ok = access_mode(flags).count_ones() == 1
        && fp_kind(flags).count_ones() == 1
        && flags & !ALL_OPEN_FLAGS == 0
        && (flags & UPC_EXCL == 0 || flags & UPC_CREATE != 0)
        && (flags & UPC_TRUNC == 0 || flags & (UPC_WRONLY | UPC_RDWR) != 0);
    if ok {
        Ok(())
    } else {
        Err(libc::EINVAL)
    }
}

fn posix_flags(flags: i32, first: bool) -> i32 {
    let mut o = match access_mode(flags) {
        UPC_RDONLY => libc::O_RDONLY,
        UPC_WRONLY => libc::O_WRONLY,
        _ => libc::O_RDWR,
    } | libc::O_CLOEXEC;
    if first {
        if flags & UPC_CREATE != 0 {
            o |= libc::O_CREAT;
        }
        if flags & UPC_EXCL != 0 {
            o |= libc::O_EXCL;
        }
        if flags & UPC_TRUNC != 0 {
            o |= libc::O_TRUNC;
        }
    }
    o
}

fn fstat(fd: i32) -> Result<libc::stat, i32> {
    // SAFETY: fstat into a zeroed struct.
    unsafe {
        let mut st: libc::stat = std::mem::zeroed();
        if libc::fstat(fd, &mut st) == 0 {
            Ok(st)
        } else {
            Err(errno())
        }
    }
}

fn file_size(fd: i32) -> Result<i64, i32> {
    fstat(fd).map(|s| s.st_size)
}

/// `upc_all_fopen`: the slot address, or null with errno.
pub fn fopen(
    team: &Team,
    fname: *const c_char,
    flags: i32,
    numhints: usize,
    hints: *const Hint,
) -> *mut c_void {
    let table = team.global();
    if table.is_null() {
        set_errno(libc::ENOSYS);
        return std::ptr::null_mut();
    }
    if let Err(e) = check_open_flags(flags) {
        set_errno(e);
        return std::ptr::null_mut();
    }
    let name = if fname.is_null() {
        None
    } else {
        // SAFETY: a NUL-terminated string from the program.
        Some(unsafe { CStr::from_ptr(fname) }.to_owned())
    };
    // Thread 0 takes a slot and opens first (creating/truncating); others follow.
    let mut fd = -1;
    let mut first = 0i64;
    if team.me() == 0 {
        first = match open_first(table, name.as_deref(), flags) {
            Ok((i, f)) => {
                fd = f;
                i as i64
            }
            Err(e) => -(e as i64),
        };
    }
    let lead = agree(team, first)[0];
    if lead < 0 {
        set_errno((-lead) as i32);
        return std::ptr::null_mut();
    }
    let i = lead as usize;
    let mut status = 0i64;
    if team.me() != 0 {
        match open_fd(name.as_deref(), posix_flags(flags, false)) {
            Ok(f) => fd = f,
            Err(e) => status = e as i64,
        }
    }
    let all = agree(team, status);
    if let Some(&e) = all.iter().find(|&&e| e != 0) {
        if fd >= 0 {
            // SAFETY: closing our own descriptor.
            unsafe { libc::close(fd) };
        }
        team.barrier();
        if team.me() == 0 {
            slot(table, i).state.store(0, Release);
        }
        set_errno(e as i32);
        return std::ptr::null_mut();
    }
    let mut p = Private {
        fd,
        name: name.unwrap_or_default(),
        flags,
        fp: 0,
        common_fp: 0,
        hints: Vec::new(),
        hint_view: Vec::new(),
        pending: None,
    };
    for k in 0..if hints.is_null() { 0 } else { numhints } {
        // SAFETY: the program passes numhints valid entries.
        let h = unsafe { *hints.add(k) };
        if !h.key.is_null() && !h.value.is_null() {
            // SAFETY: NUL-terminated strings from the program.
            let (key, value) = unsafe { (CStr::from_ptr(h.key), CStr::from_ptr(h.value)) };
            set_hint(&mut p, key.to_owned(), value.to_owned());
        }
    }
    if flags & UPC_APPEND != 0 {
        let end = file_size(fd).unwrap_or(0);
        p.fp = end;
        p.common_fp = end;
    }
    if flags & UPC_DELETE_ON_CLOSE != 0 {
        crate::io::transfer::delete_at_exit(&p.name, true);
    }
    table::PRIVATE.with(|m| m.borrow_mut().insert(i, p));
    table::remember_opened(i);
    team.barrier();
    if team.me() == 0 {
        let s = slot(table, i);
        s.flags.store(flags, Release);
        s.async_outstanding.store(0, Release);
        s.state.store(2, Release);
    }
    team.barrier();
    slot(table, i) as *const _ as *mut c_void
}

fn open_fd(name: Option<&CStr>, oflags: i32) -> Result<i32, i32> {
    let Some(name) = name else {
        return Err(libc::EFAULT);
    };
    // SAFETY: open(2) with a valid C string.
    let fd = unsafe { libc::open(name.as_ptr(), oflags, 0o666 as libc::c_uint) };
    if fd < 0 {
        Err(errno())
    } else {
        Ok(fd)
    }
}

/// Thread 0: reserve a free slot and open the file first.
fn open_first(table: *mut u8, name: Option<&CStr>, flags: i32) -> Result<(usize, i32), i32> {
    let i = (0..MAX_FILES)
        .find(|&i| {
            slot(table, i)
                .state
                .compare_exchange(0, 1, AcqRel, Acquire)
                .is_ok()
        })
        .ok_or(libc::EMFILE)?;
    let release = |e| {
        slot(table, i).state.store(0, Release);
        e
    };
    // Refuse a file that is already open through UPC-IO (checked before truncating it).
    if let Some(n) = name {
        let mut st: libc::stat = unsafe { std::mem::zeroed() };
        // SAFETY: stat(2) with a valid C string.
        if unsafe { libc::stat(n.as_ptr(), &mut st) } == 0 {
            let busy = (0..MAX_FILES).any(|j| {
                let s = slot(table, j);
                j != i
                    && s.state.load(Acquire) == 2
                    && s.dev.load(Acquire) == st.st_dev
                    && s.ino.load(Acquire) == st.st_ino
            });
            if busy {
                return Err(release(libc::EBUSY));
            }
        }
    }
    let fd = open_fd(name, posix_flags(flags, true)).map_err(release)?;
    let st = fstat(fd).map_err(release)?;
    slot(table, i).dev.store(st.st_dev, Release);
    slot(table, i).ino.store(st.st_ino, Release);
    Ok((i, fd))
}

fn set_hint(p: &mut Private, key: CString, value: CString) {
    if let Some(h) = p.hints.iter_mut().find(|h| h.0 == key) {
        h.1 = value;
    } else {
        p.hints.push((key, value));
    }
    p.hint_view = p
        .hints
        .iter()
        .map(|(k, v)| [k.as_ptr(), v.as_ptr()])
        .collect();
}

/// Resolve `fh`, or set errno (EBADF) and return None.
pub fn handle(team: &Team, fh: *const c_void) -> Option<usize> {
    let r = lookup(team, fh);
    if r.is_none() {
        set_errno(libc::EBADF);
    }
    r
}

fn async_busy(i: usize) -> bool {
    with_private(i, |p| p.pending.is_some())
}

/// Implicit `upc_all_fsync`: every write done (barrier), storage flushed, barrier.
fn sync_all(team: &Team, i: usize) -> i64 {
    team.barrier();
    let mut r = 0;
    if team.me() == 0 {
        let fd = with_private(i, |p| p.fd);
        // SAFETY: fsync of our descriptor (flushes the file, whoever wrote it).
        if unsafe { libc::fsync(fd) } != 0 {
            r = errno() as i64;
        }
    }
    agree(team, r)[0]
}

fn result(e: i64) -> i32 {
    if e == 0 {
        0
    } else {
        set_errno(e as i32);
        -1
    }
}

pub fn fsync(team: &Team, fh: *const c_void) -> i32 {
    let Some(i) = handle(team, fh) else { return -1 };
    if async_busy(i) {
        set_errno(libc::EBUSY);
        return -1;
    }
    result(sync_all(team, i))
}

pub fn fclose(team: &Team, fh: *const c_void) -> i32 {
    let table = team.global();
    let Some(i) = handle(team, fh) else { return -1 };
    // Single-valued outcome: refuse on every thread if any has an async operation.
    let busy = agree(team, async_busy(i) as i64).iter().any(|&b| b != 0);
    if busy {
        set_errno(libc::EBUSY);
        return -1;
    }
    let e = sync_all(team, i);
    let p = table::PRIVATE
        .with(|m| m.borrow_mut().remove(&i))
        .expect("open handle");
    // SAFETY: closing our own descriptor.
    let c = unsafe { libc::close(p.fd) };
    let ce = if c != 0 { errno() as i64 } else { 0 };
    if p.flags & UPC_DELETE_ON_CLOSE != 0 {
        crate::io::transfer::delete_at_exit(&p.name, false);
    }
    let all = agree(team, if e != 0 { e } else { ce });
    if team.me() == 0 {
        if p.flags & UPC_DELETE_ON_CLOSE != 0 {
            // SAFETY: unlink(2) with the name thread 0 opened.
            unsafe { libc::unlink(p.name.as_ptr()) };
        }
        let s = slot(table, i);
        s.dev.store(0, Release);
        s.ino.store(0, Release);
        s.state.store(0, Release);
    }
    team.barrier();
    result(all.iter().copied().find(|&e| e != 0).unwrap_or(0))
}

pub fn fseek(team: &Team, fh: *const c_void, offset: i64, origin: i32) -> i64 {
    let Some(i) = handle(team, fh) else { return -1 };
    if async_busy(i) {
        set_errno(libc::EBUSY);
        return -1;
    }
    let (fd, common, cur) = with_private(i, |p| {
        let common = p.flags & UPC_COMMON_FP != 0;
        (p.fd, common, if common { p.common_fp } else { p.fp })
    });
    let base = match origin {
        UPC_SEEK_SET => Ok(0),
        UPC_SEEK_CUR => Ok(cur),
        UPC_SEEK_END if common => {
            // Every thread must see the same end: writes done, then thread 0's size.
            team.barrier();
            let s = if team.me() == 0 {
                file_size(fd).unwrap_or(-1)
            } else {
                0
            };
            let s = agree(team, s)[0];
            if s < 0 {
                Err(libc::EIO)
            } else {
                Ok(s)
            }
        }
        UPC_SEEK_END => file_size(fd),
        _ => Err(libc::EINVAL),
    };
    let pos = match base {
        Ok(b) => b
            .checked_add(offset)
            .filter(|&p| p >= 0)
            .ok_or(libc::EINVAL),
        Err(e) => Err(e),
    };
    match pos {
        Ok(p) => {
            with_private(i, |pr| if common { pr.common_fp = p } else { pr.fp = p });
            p
        }
        Err(e) => {
            set_errno(e);
            -1
        }
    }
}

fn writable(i: usize) -> bool {
    with_private(i, |p| p.flags & (UPC_WRONLY | UPC_RDWR) != 0)
}

pub fn fset_size(team: &Team, fh: *const c_void, size: i64) -> i32 {
    let Some(i) = handle(team, fh) else { return -1 };
    if async_busy(i) || !writable(i) || size < 0 {
        set_errno(if size < 0 { libc::EINVAL } else { libc::EBADF });
        return -1;
    }
    let e = sync_all(team, i);
    let mut r = e;
    if team.me() == 0 && e == 0 {
        let fd = with_private(i, |p| p.fd);
        // SAFETY: ftruncate(2) on our descriptor.
        if unsafe { libc::ftruncate(fd, size) } != 0 {
            r = errno() as i64;
        }
    }
    result(agree(team, r)[0])
}

pub fn fget_size(team: &Team, fh: *const c_void) -> i64 {
    let Some(i) = handle(team, fh) else { return -1 };
    if async_busy(i) {
        set_errno(libc::EBUSY);
        return -1;
    }
    team.barrier();
    let s = if team.me() == 0 {
        file_size(with_private(i, |p| p.fd)).unwrap_or_else(|e| -(e as i64) - 1)
    } else {
        0
    };
    let s = agree(team, s)[0];
    if s < 0 {
        set_errno((-s - 1) as i32);
        return -1;
    }
    s
}

pub fn fpreallocate(team: &Team, fh: *const c_void, size: i64) -> i32 {
    let Some(i) = handle(team, fh) else { return -1 };
    if async_busy(i) || !writable(i) || size < 0 {
        set_errno(if size < 0 { libc::EINVAL } else { libc::EBADF });
        return -1;
    }
    team.barrier();
    let mut r = 0;
    if team.me() == 0 && size > 0 {
        let fd = with_private(i, |p| p.fd);
        // SAFETY: posix_fallocate(3) on our descriptor: allocates, grows, never shrinks.
        let e = unsafe { libc::posix_fallocate(fd, 0, size) };
        if e == libc::EOPNOTSUPP || e == libc::EINVAL {
            // File systems without fallocate: grow with ftruncate if needed.
            let cur = file_size(fd).unwrap_or(0);
            if cur < size && unsafe { libc::ftruncate(fd, size) } != 0 {
                r = errno() as i64;
            }
        } else if e != 0 {
            r = e as i64;
        }
    }
    result(agree(team, r)[0])
}

pub fn fcntl(team: &Team, fh: *const c_void, cmd: i32, arg: *mut c_void) -> i32 {
    let Some(i) = handle(team, fh) else { return -1 };
    if cmd == UPC_ASYNC_OUTSTANDING {
        return async_busy(i) as i32;
    }
    if async_busy(i) {
        set_errno(libc::EBUSY);
        return -1;
    }
    let flags = with_private(i, |p| p.flags);
    let set_flags = |team: &Team, new: i32, reset_fp: bool| {
        with_private(i, |p| {
            p.flags = new;
            if reset_fp {
                p.fp = 0;
                p.common_fp = 0;
            }
        });
        if super::table::maps_table(team) {
            slot(team.global(), i).flags.store(new, Release);
        }
        result(sync_all(team, i))
    };
    match cmd {
        UPC_GET_CA_SEMANTICS => flags & UPC_STRONG_CA,
        UPC_SET_WEAK_CA_SEMANTICS => set_flags(team, flags & !UPC_STRONG_CA, false),
        UPC_SET_STRONG_CA_SEMANTICS => set_flags(team, flags | UPC_STRONG_CA, false),
        UPC_GET_FP => fp_kind(flags),
        UPC_SET_COMMON_FP => set_flags(team, (flags & !UPC_INDIVIDUAL_FP) | UPC_COMMON_FP, true),
        UPC_SET_INDIVIDUAL_FP => {
            set_flags(team, (flags & !UPC_COMMON_FP) | UPC_INDIVIDUAL_FP, true)
        }
        UPC_GET_FL => flags,
        UPC_GET_FN if !arg.is_null() => {
            let name = with_private(i, |p| p.name.as_ptr());
            // SAFETY: arg is the program's `const char **`.
            unsafe { *(arg as *mut *const c_char) = name };
            0
        }
        UPC_GET_HINTS if !arg.is_null() => {
            let (ptr, n) = with_private(i, |p| (p.hint_view.as_ptr(), p.hint_view.len()));
            // SAFETY: arg is the program's `const struct upc_hint **`; hint_view is laid
            // out as an array of `struct upc_hint`.
            unsafe { *(arg as *mut *const [*const c_char; 2]) = ptr };
            n as i32
        }
        UPC_SET_HINT if !arg.is_null() => {
            // SAFETY: arg is the program's `const struct upc_hint *`.
            let h = unsafe { *(arg as *const Hint) };
            if !h.key.is_null() && !h.value.is_null() {
                // SAFETY: NUL-terminated strings from the program.
                let (k, v) = unsafe { (CStr::from_ptr(h.key), CStr::from_ptr(h.value)) };
                let (k, v) = (k.to_owned(), v.to_owned());
                with_private(i, |p| set_hint(p, k, v));
            }
            result(sync_all(team, i))
        }
        _ => {
            set_errno(libc::EINVAL);
            -1
        }
    }
}
