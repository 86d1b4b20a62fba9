//! The shadow state: a shared mapping, made by the launcher before the fork (a conduit's
//! job: node-shared memory the conduit maps in every process at its start, [`reserve_on`];
//! it is addressed by offsets from the segment, so its address may differ), holding the synchronization clocks ([`Header`],
//! `sync.rs`), one [`Cell`] per 8-byte granule of the shared segment, one per byte for the
//! granules accessed in parts, and one [`Page`] summary per 4 KiB of the segment.
//! `MAP_NORESERVE`: pages cost memory only once touched, so the shadow grows with the shared
//! bytes the program uses (3 bytes per byte accessed, 24 for byte-tracked granules).

use std::sync::atomic::{
    AtomicU64,
    Ordering::{Acquire, Relaxed, Release, SeqCst},
};

use super::{e_kind, e_tid, Race, K_ATOMIC, K_RELAXED, READ, WRITE};
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
    /// Bytes mapped at `base`.
    len: usize,
    cells: usize,
    seg: usize,
    seg_len: usize,
}

static mut MAP: Map = Map {
    base: 0,
    len: 0,
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
    let p = pgas::segment::map_shared(RESERVE)
        .map_err(|e| format!("cannot reserve the shadow memory: {e}"))?;
    // SAFETY: single-threaded launcher.
    unsafe {
        MAP.base = p as usize;
        MAP.len = RESERVE;
    }
    Ok(())
}

/// In a job started by a conduit, every process together once the segment is mapped: the
/// shadow of the whole segment in node-shared memory of the conduit
/// (`Conduit::map_node_shared`), sized for the segment.  Over several nodes each node's
/// shadow holds the cells of its own threads' data (`remote.rs`).
pub fn reserve_on(c: &'static dyn pgas::conduit::Conduit) -> Result<(), String> {
    let seg_len = pgas::segment::threads() * pgas::segment::part_size();
    let len = (header_size() + cells_len(seg_len)).div_ceil(4096) * 4096;
    let p = c
        .map_node_shared(len)
        .map_err(|e| format!("cannot map the race checker's shadow memory: {e}"))?;
    // SAFETY: single-threaded start-up, before user code.
    unsafe {
        MAP.base = p as usize;
        MAP.len = len;
    }
    Ok(())
}

/// Bytes of cells for a segment of `seg_len` bytes: the granule cells, the byte cells, then
/// the page summaries.
fn cells_len(seg_len: usize) -> usize {
    pages_off(seg_len) + (seg_len / PAGE + 1) * std::mem::size_of::<Page>()
}

/// Where the page summaries start, from the first granule cell.
fn pages_off(seg_len: usize) -> usize {
    (seg_len / GRANULE + 1 + seg_len + GRANULE) * std::mem::size_of::<Cell>()
}

/// Shared bytes per page summary.
pub const PAGE: usize = 4096;
const PAGE_GRANULES: usize = PAGE / GRANULE;
/// Page states: its granule cells hold its accesses; one thread is summarizing it or
/// giving its cells the summary back; its summary holds them (every granule of the page
/// was accessed alike: its granule cells are stale).
const NORMAL: u64 = 0;
const BUSY: u64 = 1;
const SUMMARY: u64 = 2;

/// What a page of the segment knows: while `state` is `SUMMARY`, `cell` stands for every
/// granule cell of the page (a loop's run over whole pages then costs one record per page
/// instead of one per element).
///
/// Every record into granule cells first makes the page `NORMAL` ([`normalize`]: the
/// summary is copied back to the cells) and looks at the state again after it
/// ([`still_normal`]); a run summarizes a page only when all its granule cells are equal,
/// under `BUSY`.  A record made while the page was being summarized is seen by the
/// summarizer or sees the state change (both sides write, then read the other's word, all
/// sequentially consistent) and is made again; a summary record made while the summary was
/// being copied back likewise ([`page_group`]).  The inline part of `upcc_race_access`
/// reads granule cells without looking at the page: a stale cell it trusts holds this
/// thread's own access of the current epoch, which every later summary record was checked
/// against.
#[repr(C)]
pub struct Page {
    pub state: AtomicU64,
    pub cell: Cell,
}

fn page(off: usize) -> &'static Page {
    let m = map();
    // SAFETY: off < seg_len; the page summaries follow the byte cells (`cells_len`).
    unsafe { &*((m.cells + pages_off(m.seg_len)) as *const Page).add(off / PAGE) }
}

/// Before a record into the granule cells of the page of segment offset `off`: give them
/// the page's summary back (waiting while another thread summarizes it or does so).
#[inline]
pub fn normalize(off: usize) {
    let p = page(off);
    loop {
        match p.state.load(SeqCst) {
            NORMAL => return,
            SUMMARY => {
                if p.state
                    .compare_exchange(SUMMARY, BUSY, SeqCst, SeqCst)
                    .is_err()
                {
                    continue;
                }
                let m = map();
                let (w, r, r2) = (
                    p.cell.w.load(SeqCst),
                    p.cell.r.load(SeqCst),
                    p.cell.r2.load(SeqCst),
                );
                let first = off / PAGE * PAGE_GRANULES;
                let last = (first + PAGE_GRANULES).min(m.seg_len / GRANULE + 1);
                for g in first..last {
                    // SAFETY: g <= seg_len / GRANULE: a granule cell.
                    let c = unsafe { &*(m.cells as *const Cell).add(g) };
                    c.w.store(w, Relaxed);
                    c.r.store(r, Relaxed);
                    c.r2.store(r2, Relaxed);
                }
                p.state.store(NORMAL, SeqCst);
                return;
            }
            _ => std::thread::yield_now(),
        }
    }
}

/// After a record into the granule cells of the page of `off`: false when the page may
/// have been summarized without it (record it again, after [`normalize`]).
#[inline]
pub fn still_normal(off: usize) -> bool {
    page(off).state.load(SeqCst) == NORMAL
}

/// Record the accesses `curs` (kind, record, description) of every byte of the whole page
/// starting at segment offset `off` (local address `a`) in its summary; false when the page
/// is not summarized (its granule cells differ, or one is byte-tracked): the caller records
/// the page's elements one by one.
pub(super) fn page_group(r: &Race, off: usize, a: usize, curs: &[(u32, u64, Cur)]) -> bool {
    let m = map();
    if off % PAGE != 0 || off + PAGE > m.seg_len {
        return false;
    }
    let p = page(off);
    loop {
        match p.state.load(SeqCst) {
            SUMMARY => {
                let mut reported = false;
                for (rw, rec, cur) in curs {
                    one(r, &p.cell, *rw, *rec, cur, &mut reported, a);
                }
                // copied back to the cells meanwhile: maybe before these records
                return p.state.load(SeqCst) == SUMMARY;
            }
            NORMAL => {
                if p.state
                    .compare_exchange(NORMAL, BUSY, SeqCst, SeqCst)
                    .is_err()
                {
                    continue;
                }
                let first = off / GRANULE;
                // SAFETY: the page's granule cells (off + PAGE <= seg_len).
                let cell = |g: usize| unsafe { &*(m.cells as *const Cell).add(g) };
                let c0 = cell(first);
                let (w, rd, rd2) = (c0.w.load(SeqCst), c0.r.load(SeqCst), c0.r2.load(SeqCst));
                let uniform = !super::marker(w)
                    && (first + 1..first + PAGE_GRANULES).all(|g| {
                        let c = cell(g);
                        c.w.load(SeqCst) == w && c.r.load(SeqCst) == rd && c.r2.load(SeqCst) == rd2
                    });
                if uniform {
                    p.cell.w.store(w, SeqCst);
                    p.cell.r.store(rd, SeqCst);
                    p.cell.r2.store(rd2, SeqCst);
                    p.state.store(SUMMARY, SeqCst);
                } else {
                    p.state.store(NORMAL, SeqCst);
                    return false;
                }
            }
            _ => return false,
        }
    }
}

pub fn header_size() -> usize {
    std::mem::size_of::<super::sync::Header>().div_ceil(4096) * 4096
}

/// In each thread after the fork (or the conduit's start): the shadow covers the segment.
pub fn attach() -> Result<(), String> {
    let base = map().base;
    if base == 0 {
        return Err("no shadow memory".into());
    }
    let seg = pgas::segment::seg_base() as usize;
    let seg_len = pgas::segment::threads() * pgas::segment::part_size();
    let need = header_size() + cells_len(seg_len);
    let have = map().len;
    if need > have {
        return Err(format!(
            "the shared segment ({} MiB) is larger than race checking covers ({} MiB); \
             set a smaller UPC_SHARED_HEAP_SIZE",
            seg_len >> 20,
            (have - header_size()) / std::mem::size_of::<Cell>() / 9 * 8 >> 20
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

/// For the inline part of `upcc_race_access` (`super::Fast`): the segment covered and the
/// granule cells.
pub(super) fn fast_layout() -> (usize, usize, *const Cell) {
    let m = map();
    (m.seg, m.seg_len, m.cells as *const Cell)
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
    let seg_len = pgas::segment::threads() * pgas::segment::part_size();
    let len = header_size() + cells_len(seg_len);
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

/// What a cell records of an access: its site (shifted left by two), whether it was made
/// under a lock (`IN_CS`), its epoch.
pub fn rec(site: Option<&Site>, e: u32, in_cs: bool) -> u64 {
    let s = (encode_site(site) << 2) as u64 | if in_cs { IN_CS } else { 0 };
    (s << 32) | u64::from(e)
}

/// The bit of a cell's record (upper half) that says the access was made under a lock.
pub const IN_CS: u64 = 1;
/// The bit of a cell's record (upper half) that says it is an atomic write another
/// thread's atomic write displaced from `w` (kept in `r2`, where plain reads look at it).
pub const DISPLACED_WRITE: u64 = 2;

/// The site of a cell's record (its upper half).
pub fn decode_site(v: u32) -> Option<&'static Site> {
    let v = (v as i32) >> 2;
    if v == 0 {
        return None;
    }
    let p = (&ANCHOR as *const u8 as isize + v as isize) as *const Site;
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

impl<'a> Cur<'a> {
    /// An access of `nbytes` at epoch `epoch` that does `rw` (`READ`, `WRITE`, `VALUE`).
    pub fn new(
        epoch: u32,
        rw: u32,
        site: Option<&'a Site>,
        what: Option<&'a str>,
        nbytes: usize,
    ) -> Self {
        Cur {
            epoch,
            write: rw & WRITE != 0,
            site,
            what,
            update: rw & (READ | WRITE) == READ | WRITE,
            nbytes,
        }
    }
}

/// Whether the recorded access `prev` races with this thread's access at epoch `cur`.
/// `reads_write`: `prev` is a write and the current access a read or an update of the byte
/// at this address.
///
/// Two accesses that lock acquisitions alone order (`Race::ordered_by_locks` but not
/// `Race::ordered`) race unless both were made under a lock, or the current one follows a
/// flag read under the lock (`Race::flags`): otherwise the other lock order would have left
/// them unordered.  A read under a lock of a value another thread wrote under a lock is
/// such a flag read, and so is a ticket taken under it (`c = n++`, `race::VALUE`, or `n++;`
/// then a read of `n` under the lock: `Race::settle_flags`).
#[inline]
pub(super) fn conflict(r: &Race, prev: u64, cur: u32, reads_write: Option<usize>) -> bool {
    let p = prev as u32;
    if p == 0
        || e_tid(p) == e_tid(cur)
        || r.ordered(p)
        || (e_kind(p) == e_kind(cur) && e_kind(cur) != K_RELAXED)
    {
        return false;
    }
    if r.held > 0 && r.ordered_by_locks(p) {
        if (prev >> 32) & IN_CS != 0 {
            if let Some(a) = reads_write {
                r.justify.set(a);
            }
            return false;
        }
        if !r.flags.is_empty() {
            return false;
        }
    }
    true
}

/// A granule's `w` when its bytes are tracked one by one.
pub const BYTE_MODE: u64 = u64::MAX;
/// A granule's `w` while one thread copies its cell to the byte cells (no access record
/// has this value: its epoch would have kind 3).
const SPLITTING: u64 = u64::MAX - 1;

/// Shared bytes per granule cell.
pub const GRANULE: usize = 8;

/// Record an access of `nbytes` at local address `addr` (outside the segment: ignored).
/// `as_tid`: the epoch's thread when not the caller (a transfer in flight).
///
/// Shadow cells are per 8-byte granule while every access of the granule covered all of it
/// (the usual case: `double`, `long`, pointers, whole structures, `upc_mem*` ranges); the first
/// access to part of a granule copies its cell to the granule's 8 byte cells and marks it
/// byte-tracked for good (`char`, `int` elements of different threads side by side).
pub fn access(
    r: &mut Race,
    addr: usize,
    nbytes: usize,
    rw: u32,
    kind: u32,
    site: Option<&Site>,
    as_tid: Option<(usize, u32, &str)>,
) {
    if super::remote::several_nodes() {
        return access_split(r, addr, nbytes, nbytes, rw, kind, site, as_tid);
    }
    access_here(r, addr, nbytes, rw, kind, site, as_tid)
}

/// Accesses of `elem` bytes each to the `nbytes` bytes at `addr` (a run of a loop).
pub(super) fn access_elems(
    r: &mut Race,
    addr: usize,
    nbytes: usize,
    elem: usize,
    rw: u32,
    kind: u32,
    site: Option<&Site>,
) {
    if super::remote::several_nodes() {
        return access_split(r, addr, nbytes, elem, rw, kind, site, None);
    }
    here_elems(r, addr, nbytes, elem, rw, kind, site, None)
}

/// Accesses of `elem` bytes each to the `nbytes` bytes at `addr`, in this node's shadow.
#[allow(clippy::too_many_arguments)]
pub(super) fn here_elems(
    r: &mut Race,
    addr: usize,
    nbytes: usize,
    elem: usize,
    rw: u32,
    kind: u32,
    site: Option<&Site>,
    as_tid: Option<(usize, u32, &str)>,
) {
    let elem = elem.max(1);
    let mut a = addr;
    while a < addr + nbytes {
        let n = elem.min(addr + nbytes - a);
        access_here(r, a, n, rw, kind, site, as_tid);
        a += n;
    }
}

/// Over several nodes: the part of each partition on this node here, each other one by its
/// owner's process (`remote::access`), `elem` bytes an access.
#[allow(clippy::too_many_arguments)]
fn access_split(
    r: &mut Race,
    addr: usize,
    nbytes: usize,
    elem: usize,
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
    let end = off + nbytes.min(m.seg_len - off);
    let part = pgas::segment::part_size();
    let mut o = off;
    while o < end {
        let stop = end.min((o / part + 1) * part);
        match super::remote::owner_elsewhere(o) {
            Some(t) if as_tid.is_none() && kind == K_RELAXED && super::remote::deferrable(r) => {
                super::remote::defer(r, t, o, stop - o, elem, rw, site)
            }
            Some(t) => super::remote::access(r, t, o, stop - o, elem, rw, kind, site, as_tid),
            None => here_elems(r, m.seg + o, stop - o, elem, rw, kind, site, as_tid),
        }
        o = stop;
    }
}

/// [`access`] in this node's shadow.
pub(super) fn access_here(
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
    let e = r.epoch_of(kind, as_tid);
    let rec = r.rec(site, e);
    let granules = m.cells as *const Cell;
    // SAFETY: the byte cells follow the granule cells (see `attach`).
    let bytes = unsafe { granules.add(m.seg_len / GRANULE + 1) };
    let mut reported = false;
    let cur = Cur::new(e, rw, site, as_tid.map(|a| a.2), nbytes);
    let end = off + n;
    let mut o = off;
    while o < end {
        normalize(o);
        let g = o / GRANULE;
        let gstart = g * GRANULE;
        // SAFETY: g <= seg_len / GRANULE.
        let gc = unsafe { &*granules.add(g) };
        let w = gc.w.load(Acquire);
        if w == SPLITTING {
            // another thread is making the granule byte-tracked: a copy of 24 bytes
            std::thread::yield_now();
            continue;
        }
        if w == BYTE_MODE {
            let stop = end.min(gstart + GRANULE);
            for i in o..stop {
                // SAFETY: i < seg_len.
                let c = unsafe { &*bytes.add(i) };
                one(r, c, rw, rec, &cur, &mut reported, m.seg + i);
            }
            if still_normal(o) {
                o = stop;
            }
            continue;
        }
        if o == gstart && end >= gstart + GRANULE {
            if one(r, gc, rw, rec, &cur, &mut reported, m.seg + o) && still_normal(o) {
                o += GRANULE;
            }
            continue;
        }
        // part of a granule: track its bytes one by one from now on.  Writers change `w`
        // only by compare-and-swap, so none slips in while it is SPLITTING; a reader that
        // recorded itself in `r` after the copy below sees SPLITTING or BYTE_MODE when it
        // looks at `w` again, and records itself in the byte cells too.
        if gc
            .w
            .compare_exchange(w, SPLITTING, SeqCst, Relaxed)
            .is_err()
        {
            continue;
        }
        let (rd, rd2) = (gc.r.load(SeqCst), gc.r2.load(SeqCst));
        for i in gstart..gstart + GRANULE {
            // SAFETY: i < seg_len + GRANULE; the byte cells cover whole granules.
            let c = unsafe { &*bytes.add(i) };
            c.w.store(w, Relaxed);
            c.r.store(rd, Relaxed);
            c.r2.store(rd2, Relaxed);
        }
        gc.w.store(BYTE_MODE, SeqCst);
    }
}

#[inline]
fn check(r: &Race, prev: u64, prev_write: bool, cur: &Cur, reported: &mut bool, byte: usize) {
    if !*reported
        && conflict(
            r,
            prev,
            cur.epoch,
            // (an update whose value the program drops notes it too: a possible ticket,
            // `Race::settle_flags`)
            (prev_write && (!cur.write || cur.update)).then_some(byte),
        )
    {
        *reported = true;
        super::report::race(r, prev, prev_write, cur, byte);
    }
}

/// Check and record the access `rec` against one cell.  False when the granule cell became
/// byte-tracked meanwhile (the caller looks again).
///
/// Whatever the interleaving, of a write and a read of the same cell by two threads at the
/// same moment at least one sees the other: the writer swaps itself into `w` and then
/// looks at `r`; the reader swaps itself into `r` and then looks at `w`; all four are
/// sequentially consistent, so one of the swaps comes first in their single order and the
/// other thread's look comes after it.  (Two writes are serialized by `w`'s
/// compare-and-swap: the second checks the first.)  A reader swaps `r` by compare-and-swap
/// too, so no read is lost between two readers: the one it displaces goes to `r2` when the
/// two are not ordered.
#[inline]
pub(super) fn one(
    r: &Race,
    c: &Cell,
    rw: u32,
    rec: u64,
    cur: &Cur,
    reported: &mut bool,
    byte: usize,
) -> bool {
    let e = rec as u32;
    if rw & WRITE != 0 {
        let mut w = c.w.load(Acquire);
        if w as u32 == e {
            // this thread wrote it in the same epoch: nothing new to check
            return true;
        }
        loop {
            if w >= SPLITTING {
                return false;
            }
            let rd = c.r.load(SeqCst);
            let rd2 = c.r2.load(SeqCst);
            check(r, w, true, cur, reported, byte);
            check(r, rd, false, cur, reported, byte);
            check(r, rd2, false, cur, reported, byte);
            match c.w.compare_exchange(w, rec, SeqCst, Acquire) {
                Ok(_) => {
                    // atomic writes of one domain do not race with each other, but each
                    // does with a later plain read: a displaced one not ordered before
                    // this one is kept where reads look (`DISPLACED_WRITE`)
                    if e_kind(e) == K_ATOMIC
                        && e_kind(w as u32) == K_ATOMIC
                        && e_tid(w as u32) != e_tid(e)
                        && !r.ordered(w as u32)
                    {
                        c.r2.store(w | (DISPLACED_WRITE << 32), SeqCst);
                    }
                    // reads recorded since they were looked at
                    let rd_now = c.r.load(SeqCst);
                    if rd_now != rd {
                        check(r, rd_now, false, cur, reported, byte);
                    }
                    let rd2_now = c.r2.load(SeqCst);
                    if rd2_now != rd2 && rd2_now != rd {
                        check(r, rd2_now, false, cur, reported, byte);
                    }
                    return true;
                }
                // another thread's write came in between: check it too
                Err(v) => w = v,
            }
        }
    } else {
        let read = Cur {
            write: false,
            update: false,
            ..*cur
        };
        let mut rd = c.r.load(Acquire);
        loop {
            if rd as u32 == e {
                return true;
            }
            let w = c.w.load(SeqCst);
            if w >= SPLITTING {
                return false;
            }
            if w as u32 == e {
                // read after this thread's own write in the same epoch
                return true;
            }
            check(r, w, true, &read, reported, byte);
            let rd2 = c.r2.load(SeqCst);
            if (rd2 >> 32) & DISPLACED_WRITE != 0 {
                check(r, rd2, true, &read, reported, byte);
            }
            match c.r.compare_exchange(rd, rec, SeqCst, Acquire) {
                Ok(_) => {
                    // concurrent readers: the displaced one is kept too (a later write
                    // checks both)
                    let prev = rd as u32;
                    if prev != 0 && e_tid(prev) != e_tid(e) && !r.ordered(prev) {
                        c.r2.store(rd, Release);
                    }
                    // a write that came in since `w` was looked at
                    let w_now = c.w.load(SeqCst);
                    if w_now >= SPLITTING {
                        return false;
                    }
                    if w_now != w {
                        check(r, w_now, true, &read, reported, byte);
                    }
                    return true;
                }
                Err(v) => rd = v,
            }
        }
    }
}

/// Whether a local address is one of the shared segment.
#[inline]
pub fn in_segment(addr: usize) -> bool {
    let m = map();
    addr.wrapping_sub(m.seg) < m.seg_len
}

/// Where the segment starts in this process (the translated program's view).
pub fn seg_base() -> usize {
    map().seg
}

/// The segment offset of a local address of the segment.
pub fn seg_offset(addr: usize) -> Option<usize> {
    let m = map();
    let off = addr.wrapping_sub(m.seg);
    (off < m.seg_len).then_some(off)
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
