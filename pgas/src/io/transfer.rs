//! Data transfers of UPC-IO: `fread/fwrite_local`, `fread/fwrite_shared` with individual
//! or common file pointers, list I/O with local or shared memory vectors, and the
//! asynchronous variants.
//!
//! Each thread moves its own bytes with `pread`/`pwrite` at offsets computed from the
//! file pointer, so no two threads' writes interleave inside the kernel's file offset.
//! With a common file pointer the one transfer is split by affinity: the thread that owns
//! a block of the shared buffer moves that block.  Strong consistency mode serializes
//! whole calls on a mutex in the file's slot (each call is atomic) and ignores `flags`
//! (treated as ALLSYNC).

use super::table::{agree, slot, with_private, Pending};
use super::*;
use crate::collectives::flags::{Mode, Sync};
use crate::collectives::{PShared, Team};
use std::ffi::c_void;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dir {
    Read,
    Write,
}

/// `struct upc_local_memvec`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct LocalMemvec {
    pub baseaddr: *mut c_void,
    pub len: usize,
}

/// `struct upc_shared_memvec` (`blocksize` in bytes, 0 = indefinite).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct SharedMemvec {
    pub baseaddr: PShared,
    pub blocksize: usize,
    pub len: usize,
}

/// `struct upc_filevec`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct Filevec {
    pub offset: i64,
    pub len: usize,
}

/// Move `len` bytes between `mem` and the file at `off`; reads stop at end of file.
/// Returns the bytes moved.
fn pio(fd: i32, dir: Dir, mem: *mut u8, len: usize, off: i64) -> Result<usize, i32> {
    let mut done = 0;
    while done < len {
        // SAFETY: mem..mem+len is the program's buffer (local or in the shared segment).
        let r = unsafe {
            let p = mem.add(done) as *mut c_void;
            let o = off + done as i64;
            match dir {
                Dir::Read => libc::pread(fd, p, len - done, o),
                Dir::Write => libc::pwrite(fd, p, len - done, o),
            }
        };
        if r < 0 {
            let e = errno();
            if e == libc::EINTR {
                continue;
            }
            return Err(e);
        }
        if r == 0 {
            if dir == Dir::Write {
                return Err(libc::EIO);
            }
            break;
        }
        done += r as usize;
    }
    Ok(done)
}

/// `pio` on `len` bytes of shared data at (`t`, `addr`): in place, or through a buffer and
/// one get (a write to the file) or put (a read from it) when that data is another node's.
fn pio_at(
    team: &Team,
    fd: i32,
    dir: Dir,
    (t, addr): (usize, u64),
    len: usize,
    off: i64,
) -> Result<usize, i32> {
    use crate::collectives::rt;
    if !rt::is_remote(t) {
        return pio(fd, dir, team.ptr(t, addr), len, off);
    }
    let mut buf = vec![0u8; len];
    match dir {
        Dir::Write => {
            rt::read(team, t, addr, &mut buf);
            pio(fd, dir, buf.as_mut_ptr(), len, off)
        }
        Dir::Read => {
            let k = pio(fd, dir, buf.as_mut_ptr(), len, off)?;
            rt::write(team, t, addr, &buf[..k]);
            Ok(k)
        }
    }
}

/// The bytes `0..total` of a shared buffer laid out in blocks of `block_bytes` (0 =
/// indefinite) from `base` (phase ignored): calls `f(byte_offset, len, thread, addr)`
/// for each contiguous piece in order.
pub fn shared_runs(
    team: &Team,
    base: PShared,
    block_bytes: usize,
    total: usize,
    mut f: impl FnMut(usize, usize, usize, u64),
) {
    let nt = team.threads();
    let t0 = base.thread as usize % nt;
    if block_bytes == 0 {
        if total > 0 {
            f(0, total, t0, base.addr);
        }
        return;
    }
    let mut off = 0;
    let mut j = 0usize;
    while off < total {
        let len = block_bytes.min(total - off);
        let tt = t0 + j;
        f(
            off,
            len,
            tt % nt,
            base.addr + ((tt / nt) * block_bytes) as u64,
        );
        off += len;
        j += 1;
    }
}

fn entry_sync(team: &Team, flags: i32, strong: bool) {
    if strong || Mode::parse(flags).entry != Sync::No {
        team.barrier();
    }
}

fn exit_needs_barrier(flags: i32, strong: bool) -> bool {
    strong || Mode::parse(flags).exit != Sync::No
}

/// What a (blocking or asynchronous) transfer needs to know about its handle.
struct Ctx {
    i: usize,
    fd: i32,
    flags: i32,
    strong: bool,
}

fn begin(team: &Team, fh: *const c_void, dir: Dir) -> Result<Ctx, i32> {
    let Some(i) = super::file::handle(team, fh) else {
        return Err(libc::EBADF);
    };
    let (fd, flags, pending) = with_private(i, |p| (p.fd, p.flags, p.pending.is_some()));
    if pending {
        crate::collectives::rt::fatal(
            "UPC-IO: an asynchronous operation is outstanding on this file handle",
        );
    }
    let ok = match dir {
        Dir::Read => flags & (UPC_RDONLY | UPC_RDWR) != 0,
        Dir::Write => flags & (UPC_WRONLY | UPC_RDWR) != 0,
    };
    if !ok {
        return Err(libc::EBADF);
    }
    Ok(Ctx {
        i,
        fd,
        flags,
        strong: flags & UPC_STRONG_CA != 0,
    })
}

fn locked<R>(team: &Team, c: &Ctx, f: impl FnOnce() -> R) -> R {
    if c.strong && team.is_remote() {
        let w = &slot(team.global(), c.i).strong_word;
        crate::collectives::rt::word_lock(crate::collectives::rt::GLOBAL, w);
        let r = f();
        crate::collectives::rt::word_unlock(crate::collectives::rt::GLOBAL, w);
        r
    } else if c.strong {
        slot(team.global(), c.i).strong.with(f)
    } else {
        f()
    }
}

/// How a call ends: `Ok(bytes)` or `Err(errno)`, then exit sync (now or at wait time).
fn finish(team: &Team, c: &Ctx, flags: i32, r: Result<i64, i32>, asynchronous: bool) -> i64 {
    let out_barrier = exit_needs_barrier(flags, c.strong);
    if asynchronous {
        let (result, errno) = match r {
            Ok(n) => (n, 0),
            Err(e) => (-1, e),
        };
        with_private(c.i, |p| {
            p.pending = Some(Pending {
                result,
                errno,
                out_barrier,
            })
        });
        if team.me() == 0 {
            slot(team.global(), c.i)
                .async_outstanding
                .store(1, std::sync::atomic::Ordering::Release);
        }
        return 0;
    }
    if out_barrier {
        team.barrier();
    }
    match r {
        Ok(n) => n,
        Err(e) => {
            set_errno(e);
            -1
        }
    }
}

fn fail(e: i32) -> i64 {
    set_errno(e);
    -1
}

/// `upc_all_f{read,write}_local[_async]`.
#[allow(clippy::too_many_arguments)]
pub fn local(
    team: &Team,
    fh: *const c_void,
    dir: Dir,
    buf: *mut c_void,
    size: usize,
    nmemb: usize,
    flags: i32,
    asynchronous: bool,
) -> i64 {
    let c = match begin(team, fh, dir) {
        Ok(c) => c,
        Err(e) => return fail(e),
    };
    if c.flags & UPC_INDIVIDUAL_FP == 0 {
        return fail(libc::EINVAL);
    }
    entry_sync(team, flags, c.strong);
    let n = size.saturating_mul(nmemb);
    let r = if n == 0 {
        Ok(0)
    } else if buf.is_null() {
        Err(libc::EFAULT)
    } else {
        let fp = with_private(c.i, |p| p.fp);
        locked(team, &c, || pio(c.fd, dir, buf as *mut u8, n, fp)).map(|k| {
            with_private(c.i, |p| p.fp += k as i64);
            k as i64
        })
    };
    finish(team, &c, flags, r, asynchronous)
}

/// `upc_all_f{read,write}_shared[_async]`.
#[allow(clippy::too_many_arguments)]
pub fn shared(
    team: &Team,
    fh: *const c_void,
    dir: Dir,
    buf: PShared,
    blocksize: usize,
    size: usize,
    nmemb: usize,
    flags: i32,
    asynchronous: bool,
) -> i64 {
    let c = match begin(team, fh, dir) {
        Ok(c) => c,
        Err(e) => return fail(e),
    };
    entry_sync(team, flags, c.strong);
    let total = size.saturating_mul(nmemb);
    let block_bytes = blocksize.saturating_mul(size);
    let me = team.me();
    let r = if c.flags & UPC_COMMON_FP != 0 {
        // One transfer; each thread moves the blocks with affinity to it.
        let base = with_private(c.i, |p| p.common_fp);
        let mut end = base;
        let mut err = 0;
        locked(team, &c, || {
            shared_runs(team, buf, block_bytes, total, |off, len, t, addr| {
                if t != me || err != 0 {
                    return;
                }
                match pio_at(team, c.fd, dir, (t, addr), len, base + off as i64) {
                    Ok(k) if k > 0 => end = end.max(base + (off + k) as i64),
                    Ok(_) => {}
                    Err(e) => err = e,
                }
            })
        });
        let all = agree(team, if err != 0 { -(err as i64) } else { end });
        if let Some(&e) = all.iter().find(|&&v| v < 0) {
            Err((-e) as i32)
        } else {
            let moved = match dir {
                Dir::Write => total as i64,
                Dir::Read => {
                    (all.iter().copied().max().unwrap_or(base) - base).clamp(0, total as i64)
                }
            };
            with_private(c.i, |p| p.common_fp += moved);
            Ok(moved)
        }
    } else {
        let base = with_private(c.i, |p| p.fp);
        let mut moved = 0usize;
        let mut err = 0;
        let mut eof = false;
        locked(team, &c, || {
            shared_runs(team, buf, block_bytes, total, |off, len, t, addr| {
                if err != 0 || eof {
                    return;
                }
                match pio_at(team, c.fd, dir, (t, addr), len, base + off as i64) {
                    Ok(k) => {
                        moved += k;
                        eof = k < len;
                    }
                    Err(e) => err = e,
                }
            })
        });
        if err != 0 {
            Err(err)
        } else {
            with_private(c.i, |p| p.fp += moved as i64);
            Ok(moved as i64)
        }
    };
    finish(team, &c, flags, r, asynchronous)
}

/// Memory side of a list I/O call, as contiguous local pieces in order.
pub enum MemList<'a> {
    Local(&'a [LocalMemvec]),
    Shared(&'a [SharedMemvec]),
}

/// `upc_all_f{read,write}_list_{local,shared}[_async]`.
pub fn list(
    team: &Team,
    fh: *const c_void,
    dir: Dir,
    mem: MemList,
    file: &[Filevec],
    flags: i32,
    asynchronous: bool,
) -> i64 {
    let c = match begin(team, fh, dir) {
        Ok(c) => c,
        Err(e) => return fail(e),
    };
    // (local address, or shared (thread, address) when another node's data; length)
    type Piece = (*mut u8, Option<(usize, u64)>, usize);
    let mut pieces: Vec<Piece> = Vec::new();
    match mem {
        MemList::Local(v) => pieces.extend(
            v.iter()
                .filter(|m| m.len > 0)
                .map(|m| (m.baseaddr as *mut u8, None, m.len)),
        ),
        MemList::Shared(v) => {
            for m in v.iter().filter(|m| m.len > 0) {
                shared_runs(team, m.baseaddr, m.blocksize, m.len, |_, len, t, addr| {
                    pieces.push(if crate::collectives::rt::is_remote(t) {
                        (std::ptr::NonNull::dangling().as_ptr(), Some((t, addr)), len)
                    } else {
                        (team.ptr(t, addr), None, len)
                    })
                });
            }
        }
    }
    let mem_total: usize = pieces.iter().map(|p| p.2).sum();
    let file_total: usize = file.iter().map(|f| f.len).sum();
    let ordered =
        file.windows(2).all(|w| w[0].offset <= w[1].offset) && file.iter().all(|f| f.offset >= 0);
    entry_sync(team, flags, c.strong);
    let r = if mem_total != file_total || !ordered || pieces.iter().any(|p| p.0.is_null()) {
        Err(libc::EINVAL)
    } else {
        locked(team, &c, || {
            let mut moved = 0usize;
            let (mut mi, mut moff) = (0, 0);
            for f in file.iter().filter(|f| f.len > 0) {
                let mut foff = 0;
                while foff < f.len {
                    let (p, remote, plen) = pieces[mi];
                    let n = (plen - moff).min(f.len - foff);
                    let at = f.offset + foff as i64;
                    let k = match remote {
                        Some((t, a)) => pio_at(team, c.fd, dir, (t, a + moff as u64), n, at)?,
                        // SAFETY: inside the piece the program described.
                        None => pio(c.fd, dir, unsafe { p.add(moff) }, n, at)?,
                    };
                    moved += k;
                    if k < n {
                        return Ok(moved as i64);
                    }
                    foff += n;
                    moff += n;
                    if moff == plen {
                        mi += 1;
                        moff = 0;
                    }
                }
            }
            Ok(moved as i64)
        })
    };
    finish(team, &c, flags, r, asynchronous)
}

/// `upc_all_fwait_async` / `upc_all_ftest_async` (this implementation completes the
/// transfer during the initiation, so a test always finds it complete).
pub fn complete(team: &Team, fh: *const c_void, flag: *mut i32) -> i64 {
    let Some(i) = super::file::handle(team, fh) else {
        return -1;
    };
    let Some(p) = with_private(i, |p| p.pending.take()) else {
        return fail(libc::EINVAL);
    };
    if !flag.is_null() {
        // SAFETY: the program's `int *flag`.
        unsafe { *flag = 1 };
    }
    if team.me() == 0 {
        slot(team.global(), i)
            .async_outstanding
            .store(0, std::sync::atomic::Ordering::Release);
    }
    if p.out_barrier {
        team.barrier();
    }
    if p.result < 0 {
        set_errno(p.errno);
    }
    p.result
}

/// The names of the `UPC_DELETE_ON_CLOSE` files this process has open.  A process-wide list,
/// not the thread-local table of handles: `exit` destroys thread-locals before it runs the
/// `atexit` handlers, and `upc_global_exit` runs no handler at all.
static DELETE_AT_EXIT: std::sync::Mutex<Vec<std::ffi::CString>> = std::sync::Mutex::new(Vec::new());

/// Files still open when a thread ends are closed (IO7): the kernel closes the descriptors
/// (every write is already in it: transfers are `pwrite`s), so what is left to do is to
/// remove the `UPC_DELETE_ON_CLOSE` files, at `exit` (return from `main`) and from
/// [`remove_temporaries_at_exit`] (`upc_global_exit`, the end of the job after an error).
/// `fopen` registers a file with `add`, `fclose` takes it out again.
pub fn delete_at_exit(name: &std::ffi::CStr, add: bool) {
    static ONCE: std::sync::Once = std::sync::Once::new();
    extern "C" fn at_exit() {
        remove_temporaries_at_exit();
    }
    ONCE.call_once(|| {
        // SAFETY: registering a plain extern "C" function.
        unsafe { libc::atexit(at_exit) };
    });
    let mut l = DELETE_AT_EXIT.lock().unwrap_or_else(|e| e.into_inner());
    if add {
        l.push(name.to_owned());
    } else if let Some(k) = l.iter().position(|n| n.as_c_str() == name) {
        l.swap_remove(k);
    }
}

/// Remove the `UPC_DELETE_ON_CLOSE` files this process still has open (the end of the
/// thread or of the job).  Never waits: on a path that ends the process from inside the
/// library, the list may be locked by the interrupted code, and then it is left alone.
pub fn remove_temporaries_at_exit() {
    let Ok(mut l) = DELETE_AT_EXIT.try_lock() else {
        return;
    };
    for n in l.drain(..) {
        // SAFETY: unlink(2) with a file name this process opened.
        unsafe { libc::unlink(n.as_ptr()) };
    }
}
