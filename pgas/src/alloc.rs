//! Shared memory allocation: `upc_alloc`, `upc_local_alloc`, `upc_global_alloc`,
//! `upc_all_alloc`, `upc_free`, `upc_all_free`, and the lookup of the object containing an address
//! (for the checker).
//!
//! Two kinds of heaps, both made of the same allocator:
//! * the symmetric heap: one allocation reserves the same offset range in every partition
//!   (`ceil(nblocks/THREADS) * nbytes` bytes), so block j of `upc_global_alloc(nblocks, nbytes)`
//!   is at that offset on thread `j % THREADS`.  Its block headers live in partition 0.
//! * one local heap per thread (`upc_alloc`), in that thread's partition.
//!
//! The allocator: boundary-tagged blocks (48-byte header: size with an in-use bit, size of the
//! previous block, kind, owner, request) above a bump pointer, segregated free lists (doubly
//! linked, one per size class, with a bitmap of the classes that have blocks: good fit, split),
//! immediate coalescing with both neighbours and with the top.  Freed memory is reused.  Every
//! heap has a futex mutex in the segment (any thread may free any allocation).  Exhaustion
//! returns the null pointer-to-shared.
//!
//! Size classes (block sizes are multiples of 16, at least `MIN_BLOCK`): below 1 KiB one class
//! per size (16 * i), so every block of a class fits a request of that class; from 1 KiB up,
//! eight classes per power of two.  An allocation looks at a few blocks of its own class
//! (`CLASS_SCAN`; below 1 KiB the first one fits) and then takes the first block of the
//! smallest non-empty larger class (the bitmap finds it in a few word tests), else bumps the
//! top: O(1) per allocation, where a first fit over one list walked every free block.

use crate::meta::Via;
use crate::segment::{self, RESERVED};
use crate::statics;
use crate::sync::Mutex;
use crate::{barrier, job, meta, rma, rt, PShared};
use std::sync::atomic::{AtomicU64, Ordering};

const HEADER: u64 = 48;
const MIN_BLOCK: u64 = 64;
const INUSE: u64 = 1;
const MAGIC: u32 = 0xA11C_0000;

/// Exact size classes below 1 KiB: class i holds blocks of 16 * i bytes.
const EXACT_CLASSES: usize = 64;
/// From 1 KiB (2^10) up: `SUB_CLASSES` classes per power of two, up to 2^`TOP_LOG`; larger
/// blocks share the last class.
const SUB_LOG: u32 = 3;
const SUB_CLASSES: usize = 1 << SUB_LOG;
const TOP_LOG: u32 = 47;
const CLASSES: usize = EXACT_CLASSES + (TOP_LOG as usize - 10 + 1) * SUB_CLASSES + 1;
const MAP_WORDS: usize = CLASSES.div_ceil(64);
/// Blocks of the request's own class looked at before a larger class is used (from 1 KiB up,
/// where a class mixes sizes).
const CLASS_SCAN: usize = 8;

/// The size class of a block of `size` bytes (a multiple of 16).
fn class_of(size: u64) -> usize {
    if size < (EXACT_CLASSES as u64) * 16 {
        return (size / 16) as usize;
    }
    let log = 63 - size.leading_zeros();
    if log > TOP_LOG {
        return CLASSES - 1;
    }
    let sub = ((size >> (log - SUB_LOG)) as usize) & (SUB_CLASSES - 1);
    EXACT_CLASSES + (log as usize - 10) * SUB_CLASSES + sub
}

/// What an allocation is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObjectKind {
    /// A statically declared shared object.
    Static = 0,
    /// `upc_alloc`.
    Alloc = 1,
    /// `upc_global_alloc`.
    GlobalAlloc = 2,
    /// `upc_all_alloc`.
    AllAlloc = 3,
    /// `upc_local_alloc` (UPC 1.2).
    LocalAlloc = 4,
    /// A lock (`upc_global_lock_alloc` / `upc_all_lock_alloc`).
    Lock = 5,
    /// An atomic domain.
    AtomicDomain = 6,
    /// Runtime-internal memory.
    Internal = 7,
    /// Heap memory that is not part of a live allocation (freed or never allocated).
    FreeHeap = 8,
}

impl ObjectKind {
    fn from_u32(k: u32) -> ObjectKind {
        match k {
            1 => ObjectKind::Alloc,
            2 => ObjectKind::GlobalAlloc,
            3 => ObjectKind::AllAlloc,
            4 => ObjectKind::LocalAlloc,
            5 => ObjectKind::Lock,
            6 => ObjectKind::AtomicDomain,
            7 => ObjectKind::Internal,
            _ => ObjectKind::FreeHeap,
        }
    }

    /// The UPC function that made such objects, or "static shared object".
    pub fn describe(self) -> &'static str {
        match self {
            ObjectKind::Static => "static shared object",
            ObjectKind::Alloc => "upc_alloc",
            ObjectKind::GlobalAlloc => "upc_global_alloc",
            ObjectKind::AllAlloc => "upc_all_alloc",
            ObjectKind::LocalAlloc => "upc_local_alloc",
            ObjectKind::Lock => "lock",
            ObjectKind::AtomicDomain => "atomic domain",
            ObjectKind::Internal => "runtime memory",
            ObjectKind::FreeHeap => "free heap memory",
        }
    }
}

/// The shared object (static or allocated) that contains a pointer-to-shared.
#[derive(Clone, Debug)]
pub struct ObjectInfo {
    pub kind: ObjectKind,
    /// Static objects: the declared name, file and line.
    pub name: Option<&'static str>,
    pub file: Option<&'static str>,
    pub line: i32,
    /// Pointer to the start of the object (thread 0 for symmetric objects, the owner for
    /// `upc_alloc`), phase 0.
    pub base: PShared,
    /// Bytes of the object with affinity to the queried pointer's thread.
    pub bytes_on_thread: u64,
    /// Bytes reserved at `base.addr` in the queried pointer's partition (>= bytes_on_thread).
    pub room: u64,
    /// The object was freed (or `kind == FreeHeap`: the address is in no live allocation).
    pub freed: bool,
    /// Allocation request: nblocks and nbytes (`upc_alloc(n)`: 1 and n).
    pub nblocks: u64,
    pub nbytes: u64,
    /// Thread that allocated it (0 for static objects).
    pub alloc_thread: u32,
}

/// Metadata of one heap (in the segment).
#[repr(C, align(64))]
pub(crate) struct HeapMeta {
    mutex: Mutex,
    /// Partition whose bytes hold the headers (0 for the symmetric heap, the owner otherwise).
    view: AtomicU64,
    base: AtomicU64,
    limit: AtomicU64,
    top: AtomicU64,
    last: AtomicU64,
    /// Freed lock records, kept for locks only so that a freed lock stays recognizable.
    pub(crate) lock_free_head: AtomicU64,
    /// Number of frees so far: blocks only disappear (merge) on a free, so a lookup cached under
    /// the same count is still right.
    frees: AtomicU64,
    /// When every thread is its own node: the lock word that replaces `mutex` for a local
    /// heap (0: free, else the holder + 1; `rma::word_lock`), since another thread may free a
    /// block of this heap.
    over_lock: AtomicU64,
    /// Bit c: `free_heads[c]` is not empty.
    free_map: [AtomicU64; MAP_WORDS],
    /// First free block of each size class (0: none).
    free_heads: [AtomicU64; CLASSES],
}

/// Per-process cache of the last block found in each heap by `object_of` (heap, frees, block,
/// size): repeated checks of the same object skip the walk over the heap's blocks.
static mut LOOKUP_CACHE: [(usize, u64, u64, u64); 8] = [(0, 0, 0, 0); 8];

#[repr(C)]
struct Header {
    size: AtomicU64,
    prev_size: AtomicU64,
    kind: std::sync::atomic::AtomicU32,
    owner: std::sync::atomic::AtomicU32,
    nblocks: AtomicU64,
    nbytes: AtomicU64,
    _reserved: AtomicU64,
}

const _: () = assert!(std::mem::size_of::<Header>() as u64 == HEADER);

pub(crate) fn init() {
    let l = segment::layout();
    let sym = &rt::global().sym_heap;
    sym.setup(0, l.sym_base as u64, (l.sym_base + l.heap_size) as u64);
    for t in 0..l.threads {
        rt::thread(t).heap.setup(
            t as u64,
            l.local_base as u64,
            (l.local_base + l.heap_size) as u64,
        );
    }
}

impl HeapMeta {
    fn setup(&self, view: u64, base: u64, limit: u64) {
        self.view.store(view, Ordering::Relaxed);
        self.base.store(base, Ordering::Relaxed);
        self.limit.store(limit, Ordering::Relaxed);
        self.top.store(base, Ordering::Relaxed);
        self.last.store(0, Ordering::Relaxed);
        for w in self.free_map.iter().chain(self.free_heads.iter()) {
            w.store(0, Ordering::Relaxed);
        }
        self.lock_free_head.store(0, Ordering::Relaxed);
        self.frees.store(0, Ordering::Relaxed);
        self.over_lock.store(0, Ordering::Relaxed);
    }
}

/// One heap as this process reaches it: its descriptor, the partition that holds its block
/// headers, how that partition's metadata is reached (`meta::Via`: directly, or through the
/// conduit for another thread's local heap when every thread is its own node) and, in that
/// mode, the lock word that replaces the futex mutex (taken through the conduit by the owner
/// and by the others alike).
#[derive(Clone, Copy)]
pub(crate) struct Heap {
    m: &'static HeapMeta,
    view: u32,
    via: Via,
    word: Option<PShared>,
    /// The heap's first block (`HeapMeta::base`, which never changes).
    base: u64,
    /// Whose partition holds `HeapMeta::over_lock` (the owner for a local heap, the global
    /// area for the symmetric heap): when it is this thread's own, the lock word is taken
    /// with CPU atomics kept apart from the conduit's remote operations (`meta::word_cas`),
    /// not by one-sided atomics on itself.
    home: u32,
}

impl Heap {
    #[inline]
    fn ld(&self, w: &AtomicU64) -> u64 {
        self.via.ld(w)
    }

    #[inline]
    fn st(&self, w: &AtomicU64, v: u64) {
        self.via.st(w, v)
    }

    fn at(&self, off: u64) -> *mut u8 {
        segment::local_ptr(self.view, off)
    }

    fn hdr(&self, off: u64) -> &'static Header {
        // SAFETY: `off` is a block offset inside this heap; headers are 16-byte aligned plain
        // words in the segment, mapped in the runtime's view (read only through `self.via`).
        unsafe { &*(self.at(off) as *const Header) }
    }

    fn link(&self, off: u64) -> (&'static AtomicU64, &'static AtomicU64) {
        // SAFETY: free blocks have >= 16 payload bytes holding the free-list links.
        unsafe {
            let p = self.at(off + HEADER) as *const AtomicU64;
            (&*p, &*p.add(1))
        }
    }

    /// Take the heap's lock.  Every thread its own node: the lock word, through the
    /// conduit on another thread's heap, with CPU atomics on this thread's own (where a
    /// one-sided atomic on itself cost a flush, i.e. a round trip through the progress
    /// engine, on every allocation, free and checked access of its own objects).
    pub(crate) fn lock(&self) {
        match self.word {
            None => self.m.mutex.lock(),
            Some(_) if meta::mapped(self.home) => {
                let me = segment::mythread() as u64 + 1;
                let mut tries = 0u32;
                while meta::word_cas(&self.m.over_lock, self.home, 0, me).is_err() {
                    tries += 1;
                    if tries < 100 {
                        crate::sync::progress();
                    } else {
                        rma::nap(50_000);
                    }
                }
            }
            Some(w) => rma::word_lock(w),
        }
    }

    pub(crate) fn unlock(&self) {
        match self.word {
            None => self.m.mutex.unlock(),
            Some(_) if meta::mapped(self.home) => meta::word_store(&self.m.over_lock, self.home, 0),
            Some(w) => rma::word_unlock(w),
        }
    }

    fn size(&self, off: u64) -> u64 {
        self.ld(&self.hdr(off).size) & !INUSE
    }

    fn in_use(&self, off: u64) -> bool {
        self.ld(&self.hdr(off).size) & INUSE != 0
    }

    /// Take free block `off` off its class's list (its size is still the one it was pushed with).
    fn unlink(&self, off: u64) {
        let (next, prev) = self.link(off);
        let (n, p) = (self.ld(next), self.ld(prev));
        if p == 0 {
            let c = class_of(self.size(off));
            self.st(&self.m.free_heads[c], n);
            if n == 0 {
                let w = &self.m.free_map[c / 64];
                self.st(w, self.ld(w) & !(1u64 << (c % 64)));
            }
        } else {
            self.st(self.link(p).0, n);
        }
        if n != 0 {
            self.st(self.link(n).1, p);
        }
    }

    /// Put free block `off` at the head of its class's list.
    fn push_free(&self, off: u64) {
        let c = class_of(self.size(off));
        let head = self.ld(&self.m.free_heads[c]);
        let (next, prev) = self.link(off);
        self.st(next, head);
        self.st(prev, 0);
        if head != 0 {
            self.st(self.link(head).1, off);
        } else {
            let w = &self.m.free_map[c / 64];
            self.st(w, self.ld(w) | 1u64 << (c % 64));
        }
        self.st(&self.m.free_heads[c], off);
    }

    /// The smallest class >= `c` that has free blocks.
    fn nonempty_class_from(&self, c: usize) -> Option<usize> {
        if c >= CLASSES {
            return None;
        }
        let mut i = c / 64;
        let mut bits = self.ld(&self.m.free_map[i]) & (!0u64 << (c % 64));
        loop {
            if bits != 0 {
                return Some(i * 64 + bits.trailing_zeros() as usize);
            }
            i += 1;
            if i == MAP_WORDS {
                return None;
            }
            bits = self.ld(&self.m.free_map[i]);
        }
    }

    /// A free block of at least `need` bytes (not unlinked), or None.
    fn find_free(&self, need: u64) -> Option<u64> {
        let c = class_of(need);
        let mut cur = self.ld(&self.m.free_heads[c]);
        // Below 1 KiB every block of the class has exactly `need` bytes; the last class is
        // walked whole (blocks of more than 2^TOP_LOG bytes: a handful at most).
        let scan = if c < EXACT_CLASSES {
            1
        } else if c == CLASSES - 1 {
            usize::MAX
        } else {
            CLASS_SCAN
        };
        let mut n = 0;
        while cur != 0 && n < scan {
            if self.size(cur) >= need {
                return Some(cur);
            }
            cur = self.ld(self.link(cur).0);
            n += 1;
        }
        // Every block of a larger class is larger than every size of class c.
        let d = self.nonempty_class_from(c + 1)?;
        Some(self.ld(&self.m.free_heads[d]))
    }

    fn set_prev_of_next(&self, off: u64, size: u64) {
        let n = off + size;
        if n < self.ld(&self.m.top) {
            self.st(&self.hdr(n).prev_size, size);
        }
    }

    /// Allocate `room` payload bytes; returns the payload offset.
    fn alloc(&self, room: u64, kind: ObjectKind, nblocks: u64, nbytes: u64) -> Option<u64> {
        let need = room.checked_add(HEADER + 15)? / 16 * 16;
        let need = need.max(MIN_BLOCK);
        self.lock();
        let r = self.alloc_locked(need);
        if let Some(h) = r {
            let hd = self.hdr(h);
            self.via.st32(&hd.kind, MAGIC | kind as u32);
            self.via.st32(&hd.owner, segment::mythread() as u32);
            self.st(&hd.nblocks, nblocks);
            self.st(&hd.nbytes, nbytes);
        }
        self.unlock();
        r.map(|h| h + HEADER)
    }

    /// Allocate `need` bytes from free block `cur` (split when the rest makes a block).
    fn take(&self, cur: u64, need: u64) -> u64 {
        let sz = self.size(cur);
        self.unlink(cur);
        if sz - need >= MIN_BLOCK {
            let rest = cur + need;
            if self.ld(&self.m.last) == cur {
                // The rest of the last block goes back to the top (no header written:
                // nothing above the top has the magic).  Not reached while a free gives a
                // block ending at the top back to the top; kept so that no split ever leaves
                // a free block there.
                self.st(&self.m.top, rest);
            } else {
                let rh = self.hdr(rest);
                self.st(&rh.size, sz - need);
                self.st(&rh.prev_size, need);
                self.via.st32(&rh.kind, MAGIC);
                self.set_prev_of_next(rest, sz - need);
                self.push_free(rest);
            }
            self.st(&self.hdr(cur).size, need | INUSE);
        } else {
            self.st(&self.hdr(cur).size, sz | INUSE);
        }
        cur
    }

    fn alloc_locked(&self, need: u64) -> Option<u64> {
        if let Some(cur) = self.find_free(need) {
            return Some(self.take(cur, need));
        }
        let top = self.ld(&self.m.top);
        if top
            .checked_add(need)
            .is_none_or(|e| e > self.ld(&self.m.limit))
        {
            // Before giving up: a block of the request's class further down its list than
            // `find_free` looks (any free block that fits is used, as with a first fit).
            let mut cur = self.ld(&self.m.free_heads[class_of(need)]);
            while cur != 0 && self.size(cur) < need {
                cur = self.ld(self.link(cur).0);
            }
            return (cur != 0).then(|| self.take(cur, need));
        }
        let last = self.ld(&self.m.last);
        let h = self.hdr(top);
        self.st(&h.size, need | INUSE);
        self.st(&h.prev_size, if last == 0 { 0 } else { self.size(last) });
        self.st(&self.m.top, top + need);
        self.st(&self.m.last, top);
        Some(top)
    }

    /// Whether `payload` is the start of a live allocation of this heap (lock held).
    fn is_live_start(&self, payload: u64) -> bool {
        if !payload.is_multiple_of(16)
            || payload < self.base + HEADER
            || payload >= self.ld(&self.m.top)
        {
            return false;
        }
        let h = payload - HEADER;
        self.via.ld32(&self.hdr(h).kind) & 0xffff_0000 == MAGIC
            && self.ld(&self.hdr(h).size) & INUSE != 0
            && self.is_block_start(h)
    }

    fn magic(&self, h: u64) -> bool {
        self.via.ld32(&self.hdr(h).kind) & 0xffff_0000 == MAGIC
    }

    /// Whether the header at `h` (16-aligned, in the heap, below the top) is that of a block:
    /// it has the magic and the boundary tags on both sides agree.  O(1), where a walk over
    /// every block of the heap made each upc_free cost as much as the heap has blocks.  A
    /// header is only ever written at a block start, and one whose block a free merges into
    /// its neighbour, or leaves above the top, loses its magic: what is left of old headers
    /// inside a block does not pass for one.
    fn is_block_start(&self, h: u64) -> bool {
        let top = self.ld(&self.m.top);
        if h < self.base || h >= top || !self.magic(h) {
            return false;
        }
        let magic = |b: u64| self.magic(b);
        let hd = self.hdr(h);
        let size = self.size(h);
        if size < MIN_BLOCK
            || !size.is_multiple_of(16)
            || h.checked_add(size).is_none_or(|e| e > top)
        {
            return false;
        }
        let next = h + size;
        if next < top && (!magic(next) || self.ld(&self.hdr(next).prev_size) != size) {
            return false;
        }
        if next == top && self.ld(&self.m.last) != h {
            return false;
        }
        let ps = self.ld(&hd.prev_size);
        if ps == 0 {
            h == self.base
        } else {
            ps <= h - self.base && magic(h - ps) && self.size(h - ps) == ps
        }
    }

    /// The block containing `off` when its header is less than 1 KiB before `off` (a pointer
    /// into a small allocation, the usual case): the nearest header below `off`, found without
    /// the walk over every block before it, since no header with the magic lies inside a
    /// block (see `is_block_start`).  None: not found that way (the caller walks).  Only where
    /// the heap is mapped: through the conduit each probe would be a remote read.
    fn block_near(&self, off: u64) -> Option<(u64, u64)> {
        const PROBE: u64 = 1024;
        if !matches!(self.via, Via::Mapped) || off < self.base || off >= self.ld(&self.m.top) {
            return None;
        }
        let lowest = off.saturating_sub(PROBE).max(self.base);
        let mut h = off & !15;
        while h >= lowest {
            if self.magic(h) {
                let size = self.size(h);
                return (self.is_block_start(h) && off < h + size).then_some((h, size));
            }
            if h < 16 {
                break;
            }
            h -= 16;
        }
        None
    }

    /// Walk the blocks: the block whose extent contains `off`.
    fn block_containing(&self, off: u64) -> Option<(u64, u64)> {
        let top = self.ld(&self.m.top);
        let base = self.base;
        if off < base || off >= top {
            return None;
        }
        let mut h = base;
        while h < top {
            let sz = self.size(h);
            if sz == 0 {
                return None; // corrupted by a stray write: give up
            }
            if off < h + sz {
                return Some((h, sz));
            }
            h += sz;
        }
        None
    }

    fn free(&self, payload: u64) -> Result<(), &'static str> {
        self.lock();
        if !self.is_live_start(payload) {
            self.unlock();
            return Err(
                "it is not the start of a live allocation (already freed, or not \
                        returned by an allocation function)",
            );
        }
        self.st(&self.m.frees, self.ld(&self.m.frees) + 1);
        let mut h = payload - HEADER;
        let mut sz = self.size(h);
        self.st(&self.hdr(h).size, sz);
        let top = self.ld(&self.m.top);
        let n = h + sz;
        if n < top && !self.in_use(n) {
            self.unlink(n);
            sz += self.size(n);
            if self.ld(&self.m.last) == n {
                self.st(&self.m.last, h);
            }
            self.via.st32(&self.hdr(n).kind, 0); // no longer a block start
        }
        let ps = self.ld(&self.hdr(h).prev_size);
        if ps != 0 && !self.in_use(h - ps) {
            let p = h - ps;
            self.unlink(p);
            sz += self.size(p);
            if self.ld(&self.m.last) == h {
                self.st(&self.m.last, p);
            }
            self.via.st32(&self.hdr(h).kind, 0); // no longer a block start
            h = p;
        }
        self.st(&self.hdr(h).size, sz);
        if h + sz == top {
            self.via.st32(&self.hdr(h).kind, 0); // above the top: no longer a block start
            self.st(&self.m.top, h);
            let ps = self.ld(&self.hdr(h).prev_size);
            self.st(&self.m.last, if ps == 0 { 0 } else { h - ps });
        } else {
            self.set_prev_of_next(h, sz);
            self.push_free(h);
        }
        self.unlock();
        Ok(())
    }

    /// (kind, owner, nblocks, nbytes, payload offset, live) of the block containing `off`.
    fn describe(&self, off: u64) -> Option<(ObjectKind, u32, u64, u64, u64, bool)> {
        self.lock();
        let me = self.m as *const HeapMeta as usize;
        let frees = self.ld(&self.m.frees);
        // SAFETY: private per process; only used with the heap lock held.
        let cache = unsafe { &mut *std::ptr::addr_of_mut!(LOOKUP_CACHE) };
        let slot = (me >> 6) % cache.len();
        let (ch, cf, cb, cs) = cache[slot];
        let found = if ch == me && cf == frees && off >= cb && off < cb + cs {
            Some((cb, cs))
        } else {
            let f = self.block_near(off).or_else(|| self.block_containing(off));
            // Only blocks in use: a free block can also be split by an allocation.
            if let Some((b, sz)) = f.filter(|&(b, _)| self.in_use(b)) {
                cache[slot] = (me, frees, b, sz);
            }
            f
        };
        let res = found.map(|(h, _)| {
            let hd = self.hdr(h);
            let mut b = [0u8; HEADER as usize];
            self.via.read(hd as *const Header as *const u8, &mut b);
            let w = |i: usize| u64::from_ne_bytes(b[8 * i..8 * i + 8].try_into().unwrap());
            let (size, kind_owner) = (w(0), w(2));
            let live = size & INUSE != 0;
            let kind = ObjectKind::from_u32(kind_owner as u32 & 0xffff);
            (
                kind,
                (kind_owner >> 32) as u32,
                w(3),
                w(4),
                h + HEADER,
                live,
            )
        });
        self.unlock();
        res
    }

    /// Statistics for tests: (bytes between base and top, number of free blocks in the lists).
    fn stats(&self) -> (u64, usize) {
        self.lock();
        let used = self.ld(&self.m.top) - self.base;
        let mut n = 0;
        for head in &self.m.free_heads {
            let mut cur = self.ld(head);
            while cur != 0 {
                n += 1;
                cur = self.ld(self.link(cur).0);
            }
        }
        self.unlock();
        (used, n)
    }

    /// The head of the heap's list of freed lock records (lock held).
    pub(crate) fn lock_free_head(&self) -> u64 {
        self.ld(&self.m.lock_free_head)
    }

    pub(crate) fn set_lock_free_head(&self, v: u64) {
        self.st(&self.m.lock_free_head, v)
    }

    /// How this heap's metadata is reached.
    pub(crate) fn via(&self) -> Via {
        self.via
    }
}

/// The symmetric heap as this process reaches it: its descriptor in the global area and its
/// block headers in partition 0, both homed at thread 0 (`Via::of(0)`: directly in thread 0
/// and on one node; through the conduit elsewhere when the control words go through it, the
/// heap's lock then a lock word in the global area, as for the local heaps).
fn sym_heap() -> Heap {
    let m = &rt::global().sym_heap;
    let (via, word) = match rma::control() {
        None => (Via::Mapped, None),
        Some(_) => (
            Via::of(0),
            Some(rma::global_addr(
                &m.over_lock as *const AtomicU64 as *const u8,
            )),
        ),
    };
    Heap {
        m,
        view: 0,
        via,
        word,
        base: segment::layout().sym_base as u64,
        home: segment::GLOBAL_AREA,
    }
}

/// Thread `t`'s local heap as this process reaches it (`Via::of`).
fn local_heap(t: usize) -> Heap {
    let m = &rt::thread(t).heap;
    Heap {
        m,
        view: t as u32,
        via: Via::of(t as u32),
        word: rma::control().map(|_| rma::runtime_word(t, &m.over_lock)),
        base: segment::layout().local_base as u64,
        home: t as u32,
    }
}

/// `upc_affinitysize(totalsize, nbytes, threadid)` (UPC 1.3 §7.2.x).
pub fn affinity_size(totalsize: u64, nbytes: u64, thread: u64, threads: u64) -> u64 {
    if nbytes == 0 || totalsize == 0 || nbytes >= totalsize {
        return if thread == 0 { totalsize } else { 0 };
    }
    let nblocks = totalsize / nbytes;
    let cutoff = nblocks % threads;
    if thread < cutoff {
        nblocks.div_ceil(threads) * nbytes
    } else if thread > cutoff {
        (nblocks / threads) * nbytes
    } else {
        (nblocks / threads) * nbytes + (totalsize - nblocks * nbytes)
    }
}

#[no_mangle]
pub extern "C" fn upc_affinitysize(totalsize: usize, nbytes: usize, threadid: usize) -> usize {
    affinity_size(
        totalsize as u64,
        nbytes as u64,
        threadid as u64,
        segment::threads() as u64,
    ) as usize
}

enum HeapOf {
    Symmetric,
    Local(usize),
}

fn heap_of(p: PShared) -> Option<HeapOf> {
    let l = segment::layout();
    let a = p.addr as usize;
    if (p.thread as usize) >= l.threads {
        None
    } else if a >= l.sym_base && a < l.sym_base + l.heap_size {
        Some(HeapOf::Symmetric)
    } else if a >= l.local_base && a < l.local_base + l.heap_size {
        Some(HeapOf::Local(p.thread as usize))
    } else {
        None
    }
}

/// Symmetric allocation: `nblocks` blocks of `nbytes`, block j on thread j % THREADS.
pub fn symmetric_alloc(nblocks: u64, nbytes: u64, kind: ObjectKind) -> PShared {
    let t = segment::threads() as u64;
    let Some(room) = nblocks.div_ceil(t).checked_mul(nbytes) else {
        return PShared::NULL;
    };
    if nblocks == 0 || nbytes == 0 {
        return PShared::NULL;
    }
    match sym_heap().alloc(room, kind, nblocks, nbytes) {
        Some(off) => PShared::new(0, off, 0),
        None => PShared::NULL,
    }
}

/// Allocation of `nbytes` in thread `t`'s local heap.
pub fn local_alloc(t: usize, nbytes: u64, kind: ObjectKind) -> PShared {
    if nbytes == 0 {
        return PShared::NULL;
    }
    match local_heap(t).alloc(nbytes, kind, 1, nbytes) {
        Some(off) => PShared::new(t as u32, off, 0),
        None => PShared::NULL,
    }
}

/// Free any allocation; `what` names the calling UPC function for the error message.
pub fn free(p: PShared, what: &str) {
    if p.is_null() {
        return;
    }
    let res = match heap_of(p) {
        Some(HeapOf::Symmetric) if p.thread == 0 => sym_heap().free(p.addr),
        Some(HeapOf::Symmetric) => Err("it points into a symmetric allocation but not to its \
                                        start (thread component not 0)"),
        Some(HeapOf::Local(t)) => local_heap(t).free(p.addr),
        None => Err(
            "it does not point into a shared heap (static shared object or invalid \
                     pointer)",
        ),
    };
    if res.is_ok() {
        meta::word_fetch_add(&rt::global().frees, segment::GLOBAL_AREA, 1);
    }
    if let Err(why) = res {
        job::fatal_error(&format!(
            "upc-check: error: thread {}: {what}: invalid pointer (thread {}, address {:#x}): {why}\n",
            segment::mythread(),
            p.thread,
            p.addr
        ));
    }
}

/// Heap blocks freed so far in the whole job: what was learnt about a live heap object stays
/// true while this does not change.
/// (In the global area: one remote atomic outside thread 0 when the control words go through
/// the conduit.)
pub fn frees() -> u64 {
    meta::word_load(&rt::global().frees, segment::GLOBAL_AREA)
}

/// Whether `p` is exactly a pointer returned by an allocation function and not yet freed.
pub fn is_allocation_start(p: PShared) -> bool {
    match heap_of(p) {
        Some(HeapOf::Symmetric) if p.thread == 0 => {
            let h = sym_heap();
            h.lock();
            let r = h.is_live_start(p.addr);
            h.unlock();
            r
        }
        Some(HeapOf::Local(t)) => {
            let h = local_heap(t);
            h.lock();
            let r = h.is_live_start(p.addr);
            h.unlock();
            r
        }
        _ => false,
    }
}

/// The static shared object or allocation that contains `p` (None: null, bad thread, reserved
/// area, or outside every object).
pub fn object_of(p: PShared) -> Option<ObjectInfo> {
    if p.is_null() || !segment::is_mapped() || p.thread as usize >= segment::threads() {
        return None;
    }
    let threads = segment::threads() as u64;
    if (p.addr as usize) < RESERVED {
        return None;
    }
    if let Some(o) = statics::find(p.addr) {
        return Some(ObjectInfo {
            kind: ObjectKind::Static,
            name: Some(o.name()),
            file: Some(o.file()),
            line: o.line(),
            base: PShared::new(0, o.offset, 0),
            bytes_on_thread: o.bytes,
            room: o.bytes,
            freed: false,
            nblocks: 0,
            nbytes: 0,
            alloc_thread: 0,
        });
    }
    let (heap, base_thread, symmetric) = match heap_of(p)? {
        HeapOf::Symmetric => (sym_heap(), 0u32, true),
        HeapOf::Local(t) => (local_heap(t), t as u32, false),
    };
    let free_info = || ObjectInfo {
        kind: ObjectKind::FreeHeap,
        name: None,
        file: None,
        line: 0,
        base: PShared::new(base_thread, p.addr, 0),
        bytes_on_thread: 0,
        room: 0,
        freed: true,
        nblocks: 0,
        nbytes: 0,
        alloc_thread: 0,
    };
    let Some((kind, owner, nblocks, nbytes, payload, live)) = heap.describe(p.addr) else {
        return Some(free_info());
    };
    let room = if symmetric {
        nblocks.div_ceil(threads) * nbytes
    } else {
        nbytes
    };
    if p.addr < payload || p.addr >= payload + room.max(1) {
        // Header or padding of a block: in no object.
        return Some(free_info());
    }
    let bytes_on_thread = if symmetric {
        affinity_size(
            nblocks.saturating_mul(nbytes),
            nbytes,
            p.thread as u64,
            threads,
        )
    } else {
        nbytes
    };
    Some(ObjectInfo {
        kind: if live { kind } else { ObjectKind::FreeHeap },
        name: None,
        file: None,
        line: 0,
        base: PShared::new(base_thread, payload, 0),
        bytes_on_thread,
        room,
        freed: !live,
        nblocks,
        nbytes,
        alloc_thread: owner,
    })
}

/// (bytes between heap base and top, free blocks) of the symmetric heap and of thread t's heap.
pub fn heap_stats(t: usize) -> ((u64, usize), (u64, usize)) {
    (sym_heap().stats(), local_heap(t).stats())
}

/// Collective hand-out of a value computed by thread 0 (with a barrier; all threads must call).
pub fn collective_broadcast(f: impl FnOnce() -> [u64; 2]) -> [u64; 2] {
    static mut CALLS: u64 = 0;
    // SAFETY: per-process counter, single-threaded.
    let n = unsafe {
        CALLS += 1;
        CALLS
    };
    let slot = (n & 1) as usize;
    let b = &rt::global().bcast;
    let cell = b.slot[slot].as_ptr() as *mut u64;
    if segment::mythread() == 0 {
        let v = f();
        // SAFETY: the slot is only written by thread 0 here; readers read it after the barrier,
        // and it is rewritten two calls later, after every thread passed the next barrier.
        unsafe {
            std::ptr::write_volatile(cell, v[0]);
            std::ptr::write_volatile(cell.add(1), v[1]);
        }
    }
    barrier::barrier_internal();
    match Via::of(segment::GLOBAL_AREA) {
        // SAFETY: as above.
        Via::Mapped => unsafe {
            [
                std::ptr::read_volatile(cell),
                std::ptr::read_volatile(cell.add(1)),
            ]
        },
        // thread 0's global area through the conduit: one get after the barrier
        via => {
            let mut b = [0u8; 16];
            via.read(cell as *const u8, &mut b);
            [
                u64::from_ne_bytes(b[..8].try_into().unwrap()),
                u64::from_ne_bytes(b[8..].try_into().unwrap()),
            ]
        }
    }
}

fn pack(p: PShared) -> [u64; 2] {
    [p.addr, ((p.thread as u64) << 32) | p.phase as u64]
}

fn unpack(v: [u64; 2]) -> PShared {
    PShared::new((v[1] >> 32) as u32, v[0], v[1] as u32)
}

/// Collective: thread 0 computes a pointer, every thread gets it.
pub fn collective_pointer(f: impl FnOnce() -> PShared) -> PShared {
    unpack(collective_broadcast(|| pack(f())))
}

#[no_mangle]
pub extern "C" fn upc_global_alloc(nblocks: usize, nbytes: usize) -> PShared {
    symmetric_alloc(nblocks as u64, nbytes as u64, ObjectKind::GlobalAlloc)
}

#[no_mangle]
pub extern "C" fn upc_all_alloc(nblocks: usize, nbytes: usize) -> PShared {
    collective_pointer(|| symmetric_alloc(nblocks as u64, nbytes as u64, ObjectKind::AllAlloc))
}

#[no_mangle]
pub extern "C" fn upc_alloc(nbytes: usize) -> PShared {
    local_alloc(segment::mythread(), nbytes as u64, ObjectKind::Alloc)
}

#[no_mangle]
pub extern "C" fn upc_local_alloc(nblocks: usize, nbytes: usize) -> PShared {
    match nblocks.checked_mul(nbytes) {
        Some(n) => local_alloc(segment::mythread(), n as u64, ObjectKind::LocalAlloc),
        None => PShared::NULL,
    }
}

#[no_mangle]
pub extern "C" fn upc_free(ptr: PShared) {
    if ptr.is_null() {
        return;
    }
    // A lock or an atomic domain is the start of its block: its header says what it is (no
    // lookup of the containing object, which walks the heap's blocks).
    if let Some((kind @ (ObjectKind::Lock | ObjectKind::AtomicDomain), true)) = header_at(ptr) {
        if is_allocation_start(ptr) {
            job::fatal_error(&format!(
                "upc-check: error: thread {}: upc_free: the pointer is a {} (use {})\n",
                segment::mythread(),
                kind.describe(),
                if kind == ObjectKind::Lock {
                    "upc_lock_free"
                } else {
                    "upc_all_atomicdomain_free"
                }
            ));
        }
    }
    free(ptr, "upc_free");
}

#[no_mangle]
pub extern "C" fn upc_all_free(ptr: PShared) {
    if ptr.is_null() {
        return;
    }
    // The storage stays valid until every thread has entered.
    barrier::barrier_internal();
    if segment::mythread() == 0 {
        free(ptr, "upc_all_free");
    }
}

/// Kind and liveness from the header in front of `p`, without walking the heap: only meaningful
/// when `p` is a block start, used as a fast pre-check (the header magic guards the guess).
/// Another thread's header is read through the conduit when every thread is its own node.
pub(crate) fn header_at(p: PShared) -> Option<(ObjectKind, bool)> {
    let heap = match heap_of(p)? {
        HeapOf::Symmetric if p.thread == 0 => sym_heap(),
        HeapOf::Symmetric => return None,
        HeapOf::Local(t) => local_heap(t),
    };
    if !p.addr.is_multiple_of(16) || p.addr < heap.base + HEADER || p.addr >= heap.ld(&heap.m.top) {
        return None;
    }
    let h = heap.hdr(p.addr - HEADER);
    let k = heap.via.ld32(&h.kind);
    (k & 0xffff_0000 == MAGIC).then(|| {
        (
            ObjectKind::from_u32(k & 0xffff),
            heap.ld(&h.size) & INUSE != 0,
        )
    })
}

/// Thread `t`'s local heap (lock records live there).
pub(crate) fn local_heap_of(t: usize) -> Heap {
    local_heap(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn affinity_size_reference_examples() {
        let v = |tot, nb, th| {
            (0..th)
                .map(|t| affinity_size(tot, nb, t, th))
                .collect::<Vec<_>>()
        };
        assert_eq!(v(40, 12, 3), [16, 12, 12]);
        assert_eq!(v(40, 12, 4), [12, 12, 12, 4]);
        assert_eq!(v(40, 8, 4), [16, 8, 8, 8]);
        assert_eq!(v(48, 8, 4), [16, 16, 8, 8]);
        assert_eq!(v(100, 0, 3), [100, 0, 0]);
        assert_eq!(v(10, 16, 2), [10, 0]);
        // The pieces always add up to the total.
        for th in 1..7u64 {
            for tot in 0..80u64 {
                for nb in 0..20u64 {
                    assert_eq!(v(tot, nb, th).iter().sum::<u64>(), tot, "{tot} {nb} {th}");
                }
            }
        }
    }

    /// A heap over zeroed process memory (offsets in view 0, as `segment::local_ptr` makes them
    /// with or without a mapped segment), its payload bytes `bytes`.
    fn test_heap(bytes: u64) -> Heap {
        use std::alloc::{alloc_zeroed, Layout};
        // SAFETY: non-zero sizes; the memory is leaked (lives as long as the test).
        let (mem, m) = unsafe {
            (
                alloc_zeroed(Layout::from_size_align(bytes as usize, 64).unwrap()),
                alloc_zeroed(Layout::new::<HeapMeta>()) as *const HeapMeta,
            )
        };
        assert!(!mem.is_null() && !m.is_null());
        // SAFETY: zeroed HeapMeta (atomics and a futex word) is valid.
        let m: &'static HeapMeta = unsafe { &*m };
        let base = (mem as u64).wrapping_sub(segment::local_ptr(0, 0) as u64);
        m.setup(0, base, base + bytes);
        Heap {
            m,
            view: 0,
            via: Via::Mapped,
            word: None,
            base,
            home: 0,
        }
    }

    fn top(h: &Heap) -> u64 {
        h.ld(&h.m.top)
    }

    fn alloc(h: &Heap, n: u64) -> Option<u64> {
        h.alloc(n, ObjectKind::Alloc, 1, n)
    }

    fn block_of(n: u64) -> u64 {
        ((n + HEADER).div_ceil(16) * 16).max(MIN_BLOCK)
    }

    /// Walk the heap and check every invariant of the blocks and of the free lists; returns
    /// the number of free blocks.
    fn check_heap(h: &Heap) -> usize {
        let top = top(h);
        let (mut b, mut prev, mut prev_free) = (h.base, 0u64, false);
        let mut free = std::collections::HashSet::new();
        while b < top {
            let sz = h.size(b);
            assert!(h.is_block_start(b), "block {b:#x}");
            assert_eq!(h.ld(&h.hdr(b).prev_size), prev);
            let f = !h.in_use(b);
            assert!(!(f && prev_free), "two free neighbours at {b:#x}");
            if f {
                free.insert(b);
            }
            for k in (16..sz).step_by(16) {
                assert!(!h.magic(b + k), "magic inside block {b:#x} at +{k}");
            }
            prev = sz;
            prev_free = f;
            b += sz;
        }
        assert_eq!(b, top);
        let last = h.ld(&h.m.last);
        if top == h.base {
            assert_eq!(last, 0);
        } else {
            assert_eq!(last + prev, top);
            assert!(h.in_use(last), "the last block is free");
        }
        let mut listed = 0;
        for c in 0..CLASSES {
            let head = h.ld(&h.m.free_heads[c]);
            let bit = h.ld(&h.m.free_map[c / 64]) >> (c % 64) & 1;
            assert_eq!(bit == 1, head != 0, "bitmap of class {c}");
            let (mut cur, mut back) = (head, 0);
            while cur != 0 {
                assert!(free.contains(&cur), "listed block {cur:#x} is not free");
                assert_eq!(class_of(h.size(cur)), c);
                assert_eq!(h.ld(h.link(cur).1), back);
                listed += 1;
                back = cur;
                cur = h.ld(h.link(cur).0);
            }
        }
        assert_eq!(listed, free.len(), "free blocks not in the lists");
        assert_eq!(h.stats().1, listed);
        listed
    }

    #[test]
    fn size_classes_are_ordered() {
        let mut prev = 0;
        let mut s = MIN_BLOCK;
        while s < 1 << 22 {
            let c = class_of(s);
            assert!(c == prev || c == prev + 1 || prev == 0, "{s}");
            prev = c;
            if s < 1024 {
                assert_eq!(c, (s / 16) as usize);
            }
            s += 16;
        }
        for k in 10..64 {
            let s = 1u64 << k;
            assert!(class_of(s - 16) < class_of(s) || k > TOP_LOG as usize + 1);
            assert!(class_of(s) <= class_of(s + 16));
            assert!(class_of(s) < CLASSES);
        }
        assert_eq!(class_of(1 << (TOP_LOG + 1)), CLASSES - 1);
        assert_eq!(class_of(!15), CLASSES - 1);
        assert!(class_of((1 << (TOP_LOG + 1)) - 16) < CLASSES - 1);
    }

    #[test]
    fn allocation_after_holes_does_not_use_small_holes() {
        let h = test_heap(8 << 20);
        let n = 2000u64;
        let a: Vec<u64> = (0..n).map(|_| alloc(&h, 32).unwrap()).collect();
        for (i, &p) in a.iter().enumerate() {
            assert_eq!(p, h.base + HEADER + i as u64 * block_of(32));
        }
        for &p in a.iter().step_by(2) {
            h.free(p).unwrap();
        }
        assert_eq!(check_heap(&h), n as usize / 2);
        let t0 = top(&h);
        let b: Vec<u64> = (0..n).map(|_| alloc(&h, 64).unwrap()).collect();
        assert_eq!(top(&h), t0 + n * block_of(64));
        assert!(b.iter().all(|&p| p > t0));
        // The holes are reused by requests that fit them.
        let c: Vec<u64> = (0..n / 2).map(|_| alloc(&h, 20).unwrap()).collect();
        assert_eq!(top(&h), t0 + n * block_of(64));
        assert!(c.iter().all(|&p| p < t0));
        assert_eq!(check_heap(&h), 0);
        for p in a.iter().skip(1).step_by(2).chain(&b).chain(&c) {
            h.free(*p).unwrap();
        }
        assert_eq!(check_heap(&h), 0);
        assert_eq!(top(&h), h.base);
    }

    #[test]
    fn frees_coalesce_with_both_neighbours_and_the_top() {
        let h = test_heap(1 << 20);
        let p: Vec<u64> = [100, 200, 300, 400, 500]
            .iter()
            .map(|&n| alloc(&h, n).unwrap())
            .collect();
        h.free(p[1]).unwrap();
        h.free(p[3]).unwrap();
        assert_eq!(check_heap(&h), 2);
        h.free(p[2]).unwrap(); // merges 1, 2 and 3
        assert_eq!(check_heap(&h), 1);
        let merged = p[1] - HEADER;
        assert_eq!(
            h.size(merged),
            block_of(200) + block_of(300) + block_of(400)
        );
        // A request of exactly the merged size takes it whole.
        let q = alloc(&h, block_of(200) + block_of(300) + block_of(400) - HEADER).unwrap();
        assert_eq!(q, p[1]);
        assert_eq!(check_heap(&h), 0);
        h.free(q).unwrap();
        h.free(p[0]).unwrap();
        assert_eq!(check_heap(&h), 1);
        h.free(p[4]).unwrap(); // everything goes back to the top
        assert_eq!(check_heap(&h), 0);
        assert_eq!(top(&h), h.base);
        assert!(!h.is_live_start(p[0]));
        assert!(h.free(p[0]).is_err());
    }

    #[test]
    fn reuse_at_class_boundaries() {
        for block in [
            64u64, 80, 1008, 1024, 1040, 1152, 1168, 2048, 4096, 65536, 65552,
        ] {
            let h = test_heap(1 << 20);
            let guard = || alloc(&h, 16).unwrap();
            let _g0 = guard();
            let p = alloc(&h, block - HEADER).unwrap();
            let _g1 = guard();
            assert_eq!(h.size(p - HEADER), block);
            h.free(p).unwrap();
            // The same size: the same block.
            assert_eq!(alloc(&h, block - HEADER), Some(p), "{block}");
            h.free(p).unwrap();
            // 16 bytes more: does not fit, from the top.
            let t0 = top(&h);
            let q = alloc(&h, block - HEADER + 16).unwrap();
            assert_eq!(q, t0 + HEADER, "{block}");
            // Smaller: the block is split when the rest makes a block.
            let r = alloc(&h, block - HEADER - 16).unwrap();
            assert_eq!(r, p, "{block}");
            h.free(r).unwrap();
            if block >= MIN_BLOCK + 64 {
                let s = alloc(&h, 16).unwrap();
                assert_eq!(s, p);
                let rest = p - HEADER + MIN_BLOCK;
                assert!(!h.in_use(rest) && h.size(rest) == block - MIN_BLOCK);
                h.free(s).unwrap();
            }
            let _g2 = guard();
            check_heap(&h);
        }
    }

    #[test]
    fn larger_class_is_used_and_split() {
        let h = test_heap(1 << 20);
        let big = alloc(&h, 8000).unwrap();
        let _g = alloc(&h, 16).unwrap();
        h.free(big).unwrap();
        let t0 = top(&h);
        let a = alloc(&h, 100).unwrap();
        let b = alloc(&h, 3000).unwrap();
        let c = alloc(&h, 1500).unwrap();
        assert_eq!((a, top(&h)), (big, t0));
        assert_eq!(b, a + block_of(100));
        assert_eq!(c, b + block_of(3000));
        assert_eq!(check_heap(&h), 1);
        h.free(b).unwrap();
        h.free(a).unwrap();
        h.free(c).unwrap();
        assert_eq!(check_heap(&h), 1);
        assert_eq!(h.size(big - HEADER), block_of(8000));
    }

    #[test]
    fn exhaustion_returns_none_and_a_deep_fitting_block_is_still_found() {
        let h = test_heap(64 << 10);
        // Blocks of one class (1024..1152 bytes), the one that fits a 1100-byte block pushed
        // first (the deepest in its list), with live blocks between them.
        let mut live = vec![];
        let mut holes = vec![];
        for i in 0..(CLASS_SCAN + 4) {
            let n = if i == 0 { 1100 - HEADER } else { 1040 - HEADER };
            holes.push(alloc(&h, n).unwrap());
            live.push(alloc(&h, 16).unwrap());
        }
        // Fill the rest, then free the holes.
        while let Some(p) = alloc(&h, 4000) {
            live.push(p);
        }
        while let Some(p) = alloc(&h, 16) {
            live.push(p);
        }
        for &p in &holes {
            h.free(p).unwrap();
        }
        check_heap(&h);
        assert!(alloc(&h, 4000).is_none());
        assert!(alloc(&h, 1 << 30).is_none());
        assert!(alloc(&h, u64::MAX - 8).is_none());
        assert_eq!(alloc(&h, 1100 - HEADER), Some(holes[0]));
        assert!(alloc(&h, 1100 - HEADER).is_none());
        check_heap(&h);
        assert_eq!(alloc(&h, 1040 - HEADER), Some(holes[CLASS_SCAN + 3]));
        check_heap(&h);
    }

    #[test]
    fn random_churn_keeps_the_invariants_and_reuses_memory() {
        let h = test_heap(32 << 20);
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let mut live: Vec<Option<(u64, u64, u8)>> = vec![None; 3000];
        let mut high = 0;
        for step in 0..60000u64 {
            let i = (next() % live.len() as u64) as usize;
            match live[i] {
                Some((p, n, v)) => {
                    // SAFETY: a live payload of this test heap.
                    let bytes = unsafe { std::slice::from_raw_parts(h.at(p), n as usize) };
                    assert!(bytes.iter().all(|&b| b == v), "payload overwritten");
                    h.free(p).unwrap();
                    live[i] = None;
                }
                None => {
                    let n = if next() % 32 == 0 {
                        1 + next() % 20000
                    } else {
                        1 + next() % 1000
                    };
                    let p = alloc(&h, n).unwrap();
                    assert!(h.is_live_start(p));
                    let v = step as u8;
                    // SAFETY: the payload just allocated.
                    unsafe { std::ptr::write_bytes(h.at(p), v, n as usize) };
                    live[i] = Some((p, n, v));
                }
            }
            high = high.max(top(&h) - h.base);
            if step % 5000 == 0 {
                check_heap(&h);
            }
        }
        check_heap(&h);
        // Live data is about 3000 / 2 * ~1.1 KiB: the heap stays within a small factor of it.
        let live_bytes: u64 = live.iter().flatten().map(|&(_, n, _)| block_of(n)).sum();
        assert!(
            high < 4 * live_bytes.max(1 << 20),
            "{high} for {live_bytes}"
        );
        for (p, _, _) in live.iter().flatten() {
            h.free(*p).unwrap();
        }
        assert_eq!(check_heap(&h), 0);
        assert_eq!(top(&h), h.base);
    }
}
