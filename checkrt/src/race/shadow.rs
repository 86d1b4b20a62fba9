//! The shadow state: a shared mapping, made by the launcher before the fork (so it sits at
//! the same address in every thread), holding the synchronization clocks ([`Header`],
//! `sync.rs`) and one [`Cell`] per byte of the shared segment.  `MAP_NORESERVE`: pages cost
//! memory only once touched, so the shadow grows with the shared bytes the program uses
//! (24 bytes per byte accessed).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use super::{e_kind, e_tid, epoch, Race, K_RELAXED, READ, WRITE};
use crate::ffi::Site;

/// Address space reserved for the shadow (the segment it covers: 1/16 of it).
const RESERVE: usize = 1 << 40;

/// The last write, the last read and an earlier read by another thread not ordered before
/// it, of one byte: (site << 32) | epoch, 0 when none.
#[repr(C)]
pub struct Cell {
    pub w: AtomicU64,
    pub r: AtomicU64,
    pub r2: AtomicU64,
}

struct Map {
    base: usize,
    cells: usize,
    seg: usize,
    seg_len: usize,
}

static mut MAP: Map = Map {
    base: 0,
    cells: 0,
    seg: 0,
    seg_len: 0,
};

#[inline]
fn map() -> &'static Map {
    // SAFETY: written by the launcher before the fork and once per thread at its start.
    unsafe { &*std::ptr::addr_of!(MAP) }
}

/// Reserve the shadow mapping (the launcher, before the fork).
pub fn reserve() -> Result<(), String> {
    // SAFETY: anonymous mapping; failure checked.
    let p = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            RESERVE,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_SHARED | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
            -1,
            0,
        )
    };
    if p == libc::MAP_FAILED {
        return Err(format!(
            "cannot reserve the shadow memory: {}",
            std::io::Error::last_os_error()
        ));
    }
    // SAFETY: single-threaded launcher.
    unsafe { MAP.base = p as usize };
    Ok(())
}

pub fn header_size() -> usize {
    std::mem::size_of::<super::sync::Header>().div_ceil(4096) * 4096
}

/// In each thread after the fork: the shadow covers the segment.
pub fn attach() -> Result<(), String> {
    let base = map().base;
    if base == 0 {
        return Err("no shadow memory".into());
    }
    let seg = pgas::segment::seg_base() as usize;
    let seg_len = pgas::segment::threads() * pgas::segment::part_size();
    let need = header_size() + seg_len * std::mem::size_of::<Cell>();
    if need > RESERVE {
        return Err(format!(
            "the shared segment ({} MiB) is larger than race checking covers ({} MiB); \
             set a smaller UPC_SHARED_HEAP_SIZE",
            seg_len >> 20,
            (RESERVE - header_size()) / std::mem::size_of::<Cell>() >> 20
        ));
    }
    // SAFETY: this process only, before user code.
    unsafe {
        MAP.cells = base + header_size();
        MAP.seg = seg;
        MAP.seg_len = seg_len;
    }
    Ok(())
}

pub fn header() -> &'static super::sync::Header {
    // SAFETY: the mapping is zero-initialized shared memory (atomics only) of at least
    // `header_size()` bytes.
    unsafe { &*(map().base as *const super::sync::Header) }
}

/// Bytes of shadow memory touched so far (resident pages of the mapping), for statistics.
pub fn resident_bytes() -> Option<usize> {
    let m = map();
    if m.base == 0 {
        return None;
    }
    let len = header_size() + m.seg_len * std::mem::size_of::<Cell>();
    let pages = len.div_ceil(4096);
    let mut v = vec![0u8; pages];
    // SAFETY: mincore over our own mapping.
    let rc = unsafe { libc::mincore(m.base as *mut libc::c_void, len, v.as_mut_ptr()) };
    (rc == 0).then(|| v.iter().filter(|b| **b & 1 != 0).count() * 4096)
}

static ANCHOR: u8 = 0;

/// A site as 32 bits: its distance from a static of this library (sites are statics of
/// the same executable); 0 for none.
#[inline]
pub fn encode_site(site: Option<&Site>) -> u32 {
    let Some(s) = site else { return 0 };
    let d = s as *const Site as isize - &ANCHOR as *const u8 as isize;
    i32::try_from(d).map_or(0, |d| d as u32)
}

pub fn decode_site(v: u32) -> Option<&'static Site> {
    if v == 0 {
        return None;
    }
    let p = (&ANCHOR as *const u8 as isize + v as i32 as isize) as *const Site;
    // SAFETY: encoded from a static site of this executable (identical in every thread).
    Some(unsafe { &*p })
}

/// What the engine knows about an access being recorded, for a report.
#[derive(Clone, Copy)]
pub struct Cur<'a> {
    pub epoch: u32,
    pub write: bool,
    pub site: Option<&'a Site>,
    /// For library operations: what the access is (`upc_memput destination`).
    pub what: Option<&'a str>,
    /// Read and written (compound assignment, `++`).
    pub update: bool,
    pub nbytes: usize,
}

#[inline]
fn conflict(r: &Race, prev: u32, cur: u32) -> bool {
    prev != 0
        && e_tid(prev) != e_tid(cur)
        && !r.ordered(prev)
        && !(e_kind(prev) == e_kind(cur) && e_kind(cur) != K_RELAXED)
}

/// Record an access of `nbytes` at local address `addr` (outside the segment: ignored).
/// `as_tid`: the epoch's thread when not the caller (a transfer in flight).
pub fn access(
    r: &mut Race,
    addr: usize,
    nbytes: usize,
    rw: u32,
    kind: u32,
    site: Option<&Site>,
    as_tid: Option<(usize, u32, &str)>,
) {
    let m = map();
    let off = addr.wrapping_sub(m.seg);
    if off >= m.seg_len || nbytes == 0 || m.cells == 0 {
        return;
    }
    let n = nbytes.min(m.seg_len - off);
    let e = match as_tid {
        Some((t, clk, _)) => epoch(t, kind, clk),
        None => r.now(kind),
    };
    let rec = (u64::from(encode_site(site)) << 32) | u64::from(e);
    let cells = m.cells as *const Cell;
    let mut reported = false;
    for i in off..off + n {
        // SAFETY: i < seg_len; the mapping covers seg_len cells after the header.
        let c = unsafe { &*cells.add(i) };
        if rw & WRITE != 0 {
            let w = c.w.load(Relaxed);
            if w == rec {
                continue;
            }
            if !reported {
                let rd = c.r.load(Relaxed);
                let rd2 = c.r2.load(Relaxed);
                let prev = if conflict(r, w as u32, e) {
                    Some((w, true))
                } else if conflict(r, rd as u32, e) {
                    Some((rd, false))
                } else if conflict(r, rd2 as u32, e) {
                    Some((rd2, false))
                } else {
                    None
                };
                if let Some((p, pw)) = prev {
                    reported = true;
                    let cur = Cur {
                        epoch: e,
                        write: true,
                        site,
                        what: as_tid.map(|a| a.2),
                        update: rw & READ != 0,
                        nbytes,
                    };
                    super::report::race(r, p, pw, &cur, m.seg + i);
                }
            }
            c.w.store(rec, Relaxed);
        } else if rw & READ != 0 {
            let rd = c.r.load(Relaxed);
            if rd == rec {
                continue;
            }
            if !reported {
                let w = c.w.load(Relaxed);
                if conflict(r, w as u32, e) {
                    reported = true;
                    let cur = Cur {
                        epoch: e,
                        write: false,
                        site,
                        what: as_tid.map(|a| a.2),
                        update: false,
                        nbytes,
                    };
                    super::report::race(r, w, true, &cur, m.seg + i);
                }
            }
            // concurrent readers: the previous one is kept too (a later write checks both)
            let prev = rd as u32;
            if prev != 0 && e_tid(prev) != e_tid(e) && !r.ordered(prev) {
                c.r2.store(rd, Relaxed);
            }
            c.r.store(rec, Relaxed);
        }
    }
}

/// Which thread (and segment offset) a local address of the segment belongs to.
pub fn owner(addr: usize) -> Option<(usize, usize)> {
    let m = map();
    let off = addr.wrapping_sub(m.seg);
    (off < m.seg_len).then(|| {
        (
            off / pgas::segment::part_size(),
            off % pgas::segment::part_size(),
        )
    })
}
