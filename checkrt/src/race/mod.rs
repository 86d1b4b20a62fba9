//! Data-race checking (`--upccheck:-r`): a happens-before checker for UPC's memory model,
//! FastTrack-style.
//!
//! Every thread keeps a vector clock ([`Clocks`]); an access is stamped with its thread's
//! epoch (thread, own clock component, access kind).  Happens-before comes from program
//! order and from the synchronization the hooks see (`sync.rs`): barriers (a thread's
//! clock at `upc_notify` joins everyone's after their `upc_wait`), lock release→acquire,
//! strict write→strict read of the same location, collectives by their synchronization
//! flags, `upc_all_alloc`/`upc_all_free`.
//!
//! The shadow state (`shadow.rs`) is one [`Cell`] per byte of the shared segment (the last
//! write and the last read, each with the site of the access), in a shared mapping made
//! by the launcher before the fork, so every thread checks every other thread's accesses.
//! The mapping costs nothing until touched: memory grows with the shared bytes accessed.
//! Two accesses race when they touch a common byte, come from different threads, one is a
//! write, they are not both strict nor both atomic, and the earlier one's epoch is not
//! covered by the later thread's clock.  One report per pair of source lines.

mod coll2;
mod remote;
mod report;
mod shadow;
mod sync;

use std::ffi::{c_uint, c_void};
use std::sync::atomic::Ordering::Relaxed;

use crate::ffi::Site;

pub use shadow::{reserve, reserve_on, Cell as ShadowCell, BYTE_MODE, GRANULE};

/// Before a UPC operation (upcc_check_entry): its synchronization (`sync.rs`).
pub fn on_entry(site: &'static Site, info: &crate::optable::OpInfo, args: &[crate::ffi::Val]) {
    remote::flush(state());
    sync::on_entry(site, info, args);
    refresh(state());
}

/// After a UPC operation that synchronizes (upcc_record_exit).
pub fn on_exit(site: &'static Site, info: &crate::optable::OpInfo) {
    remote::flush(state());
    sync::on_exit(site, info);
    refresh(state());
}

/// What the inline part of `upcc_race_access` (upcc_hooks.h, `upcc_race_fast_t`) reads:
/// the segment covered (`len` 0: checking off), the granule cells and this thread's
/// current relaxed epoch.  Kept up to date by [`refresh`] wherever the clock, `on` or a
/// pending acquisition changes.
#[repr(C)]
pub struct Fast {
    pub seg: usize,
    pub len: usize,
    pub cells: *const ShadowCell,
    pub epoch: u32,
    /// Non-zero while a private buffer of a non-blocking transfer is in flight.
    pub private_flight: u32,
}

/// An epoch no shadow cell holds (kind 3 of thread 0): the inline part calls the checker.
const NO_EPOCH: u32 = 3 << CLK_BITS;

#[no_mangle]
#[allow(non_upper_case_globals)]
pub static mut upcc_race_fast: Fast = Fast {
    seg: 0,
    len: 0,
    cells: std::ptr::null(),
    epoch: NO_EPOCH,
    private_flight: 0,
};

/// Bring [`upcc_race_fast`] up to date with this thread's state.
#[inline]
pub(crate) fn refresh(r: &Race) {
    let (seg, len, cells) = if r.on {
        shadow::fast_layout()
    } else {
        (0, 0, std::ptr::null())
    };
    let epoch = if r.on && r.settled() {
        r.now(K_RELAXED)
    } else {
        NO_EPOCH
    };
    let private_flight = u32::from(r.on && r.inflight.iter().any(|t| t.private.is_some()));
    // SAFETY: single-threaded process; translated code reads it between calls only.
    unsafe {
        let f = &mut *std::ptr::addr_of_mut!(upcc_race_fast);
        f.seg = seg;
        f.len = len;
        f.cells = cells;
        f.epoch = epoch;
        f.private_flight = private_flight;
    }
}

/// Threads race checking supports (the thread field of an epoch; thread numbers
/// `MAX_THREADS..2*MAX_THREADS` stand for a thread's non-blocking transfers in flight).
pub const MAX_THREADS: usize = 32;

/// Access kinds in an epoch.
pub(crate) const K_RELAXED: u32 = 0;
pub(crate) const K_STRICT: u32 = 1;
pub(crate) const K_ATOMIC: u32 = 2;

/// Epoch: thread (6 bits) | kind (2 bits) | clock (24 bits).
pub const CLK_BITS: u32 = 24;
const CLK_MASK: u32 = (1 << CLK_BITS) - 1;

#[inline]
pub(crate) fn epoch(tid: usize, kind: u32, clk: u32) -> u32 {
    ((tid as u32) << 26) | (kind << CLK_BITS) | (clk & CLK_MASK)
}
#[inline]
pub(crate) fn e_tid(e: u32) -> usize {
    (e >> 26) as usize
}
#[inline]
pub(crate) fn e_kind(e: u32) -> u32 {
    (e >> CLK_BITS) & 3
}
#[inline]
pub(crate) fn e_clk(e: u32) -> u32 {
    e & CLK_MASK
}

/// What an access does (`UPCC_RACE_*` of upcc_hooks.h).
pub const READ: u32 = 1;
pub const WRITE: u32 = 2;
pub const STRICT: u32 = 4;
/// With `READ | WRITE`: an update whose result the program goes on with (`c = n++`), so the
/// value it read under a lock may be a ticket that orders the threads (`shadow::conflict`).
pub const VALUE: u32 = 16;

/// This thread's race-checking state (one UPC thread = one process).
pub(crate) struct Race {
    pub on: bool,
    pub me: usize,
    pub threads: usize,
    /// The vector clock: `vc[me]` is this thread's own clock.
    pub vc: [u32; 2 * MAX_THREADS],
    /// Notifies so far (barrier phase).
    pub phase: u64,
    /// Collectives so far.
    pub colls: u64,
    /// The collective in progress.
    pub coll: Option<sync::CollInProgress>,
    /// The lock of a pending upc_lock/upc_lock_attempt.
    pub lock: Option<crate::ffi::PShared>,
    /// Non-blocking transfers, collectives' and asynchronous UPC-IO data moves in flight.
    pub inflight: Vec<sync::Transfer>,
    /// This thread's clock at its last synchronization with every thread (`upc_notify`,
    /// a collective that synchronizes on entry): its accesses up to it are ordered before
    /// every other thread's later collective data moves.
    pub gsync: u32,
    /// Data moves of the collective in progress, recorded when it returns.
    pub moves: Vec<sync::Move>,
    /// Collectives 2.0 operations not yet complete, and each team's collectives so far.
    pub coll2: Vec<coll2::Op2>,
    pub coll2_seq: coll2::Seqs,
    /// Clock of the last non-blocking transfer started.
    pub nbclk: u32,
    /// A strict atomic operation's location, to acquire once the operation happened.
    pub acquire: Option<usize>,
    /// The clock overflowed: checking stopped.
    pub overflow: bool,
    /// Locks held (accesses meanwhile are recorded as made under a lock: `shadow::IN_CS`).
    pub held: u32,
    /// Whether `wvc` lags behind `vc`: since the last synchronization that is not a lock
    /// acquisition, this thread acquired a lock and no read under a lock has yet seen a
    /// value written under a lock by another thread.
    pub weak: bool,
    /// The clock without what lock acquisitions alone brought (while `weak`): what orders
    /// an access outside a critical section after another thread's, whatever the order in
    /// which the threads happened to take their locks.
    pub wvc: [u32; 2 * MAX_THREADS],
    /// A read under a lock of a value written under a lock by another thread, at this
    /// address (set by `shadow::conflict`, moved to `flags` after the access).
    pub justify: std::cell::Cell<usize>,
    /// The locations read so under the locks held: a flag read under the lock that tells
    /// the thread to go on makes this run's lock order the program's (at the unlock, unless
    /// the thread wrote the location back meanwhile: a counter or a ticket says nothing of
    /// the order).  Meanwhile lock acquisitions order the thread's accesses.
    pub flags: Vec<usize>,
    /// The locations updated under the locks held whose update read a value written under a
    /// lock by another thread, and that the program did not use (`n++;`): a counter, unless
    /// the thread reads the location back under the lock (`n++; last = (n == THREADS);`),
    /// which makes the value it read a ticket it goes on with (`c = ++n`: a flag).  While
    /// there are any, every access goes to the checker (`settled`).
    pub tickets: Vec<usize>,
}

struct Cell(std::cell::UnsafeCell<Race>);
// SAFETY: each UPC thread is a single-threaded process.
unsafe impl Sync for Cell {}

static STATE: Cell = Cell(std::cell::UnsafeCell::new(Race::blank()));

#[inline]
pub(crate) fn state() -> &'static mut Race {
    // SAFETY: single-threaded process; callers do not keep the reference across calls
    // that take it again.
    unsafe { &mut *STATE.0.get() }
}

impl Race {
    /// Checking off, nothing recorded yet.
    pub(crate) const fn blank() -> Race {
        Race {
            on: false,
            me: 0,
            threads: 1,
            vc: [0; 2 * MAX_THREADS],
            phase: 0,
            colls: 0,
            coll: None,
            lock: None,
            inflight: Vec::new(),
            gsync: 0,
            moves: Vec::new(),
            coll2: Vec::new(),
            coll2_seq: Vec::new(),
            nbclk: 0,
            acquire: None,
            overflow: false,
            held: 0,
            weak: false,
            wvc: [0; 2 * MAX_THREADS],
            justify: std::cell::Cell::new(0),
            flags: Vec::new(),
            tickets: Vec::new(),
        }
    }
    /// Nothing left for this thread's next access or operation to do first
    /// (`sync::pending`).  Only while settled does the inline part of `upcc_race_access`
    /// pass over accesses (a precaution: what is pending only ever adds happens-before,
    /// which changes nothing for an access already recorded in the current epoch; the
    /// checker's entry points call `sync::pending` every time).
    #[inline]
    pub fn settled(&self) -> bool {
        self.acquire.is_none() && self.tickets.is_empty()
    }
    /// Whether an access with epoch `e` happened before this thread's current point
    /// (its own earlier accesses have clocks up to `vc[me]`), not counting what lock
    /// acquisitions alone order (see `weak`).
    #[inline]
    pub fn ordered(&self, e: u32) -> bool {
        let t = e_tid(e);
        if !self.weak || t == self.me || t == self.me + MAX_THREADS {
            e_clk(e) <= self.vc[t]
        } else {
            e_clk(e) <= self.wvc[t]
        }
    }
    /// Whether an access with epoch `e` happened before this thread's current point,
    /// lock acquisitions included (in the order this run took the locks).
    #[inline]
    pub fn ordered_by_locks(&self, e: u32) -> bool {
        e_clk(e) <= self.vc[e_tid(e)]
    }
    /// Every synchronization but a lock acquisition orders alike whatever the lock order:
    /// from now on the clock counts what the locks brought so far too.
    #[inline]
    pub fn unweaken(&mut self) {
        self.weak = false;
    }
    /// Before joining a lock's clock: keep the clock without it.
    #[inline]
    pub fn weaken(&mut self) {
        if !self.weak {
            self.wvc = self.vc;
            self.weak = true;
        }
    }
    /// After an access of `nbytes` at `addr` that does `rw` (`READ`, `WRITE`, `VALUE`): a
    /// flag read under a lock noted by `shadow::conflict`; a write under a lock withdraws the
    /// flags it overwrites.  An update whose value the program drops (`n++;`) notes a
    /// possible ticket instead (`tickets`), which a later read of it under the lock makes a
    /// flag.  True when `tickets` changed (the inline path must be told: `refresh`).
    #[inline]
    pub fn settle_flags(&mut self, addr: usize, nbytes: usize, rw: u32) -> bool {
        let a = self.justify.replace(0);
        if self.held == 0 {
            return false;
        }
        let end = addr.saturating_add(nbytes.max(1));
        let within = |f: &usize| *f >= addr && *f < end;
        let write = rw & WRITE != 0;
        if write && !self.flags.is_empty() {
            self.flags.retain(|f| !within(f));
        }
        let before = self.tickets.len();
        if rw & (READ | WRITE | VALUE) == READ | WRITE {
            // a dropped update: a ticket if the thread reads it back
            if a != 0 && !self.tickets.contains(&a) {
                self.tickets.push(a);
            }
            return self.tickets.len() != before;
        }
        if write {
            // overwritten (or a used update, which is a flag by itself)
            self.tickets.retain(|f| !within(f));
        } else if let Some(t) = self.tickets.iter().copied().find(within) {
            // the value of a ticket drawn by an update, read back under the lock
            self.flags.push(t);
        }
        if a != 0 {
            self.flags.push(a);
        }
        self.tickets.len() != before
    }
    /// What an access at epoch `e` from `site` records in a cell.
    #[inline]
    pub fn rec(&self, site: Option<&Site>, e: u32) -> u64 {
        shadow::rec(site, e, self.held > 0 && e_tid(e) == self.me)
    }
    #[inline]
    pub fn now(&self, kind: u32) -> u32 {
        epoch(self.me, kind, self.vc[self.me])
    }
    /// The epoch of an access of `kind`: this thread's now, or that of `as_tid`'s thread and
    /// clock (a transfer in flight: `shadow::access`).
    #[inline]
    pub fn epoch_of(&self, kind: u32, as_tid: Option<(usize, u32, &str)>) -> u32 {
        match as_tid {
            Some((t, clk, _)) => epoch(t, kind, clk),
            None => self.now(kind),
        }
    }
    /// A release: later accesses of this thread get a new epoch.
    pub fn tick(&mut self) {
        if self.vc[self.me] >= CLK_MASK - 1 {
            if !self.overflow && self.me == 0 {
                eprintln!("upc-check: note: race checking stopped: too many synchronizations");
            }
            self.overflow = true;
            self.on = false;
            refresh(self);
            return;
        }
        self.vc[self.me] += 1;
        refresh(self);
    }
}

/// Per-thread start (after the fork): race checking is on when built with `-r`, the
/// shadow mapping exists and covers the segment.
pub fn thread_start(enabled: bool) {
    let r = state();
    r.me = pgas::segment::mythread();
    r.threads = pgas::segment::threads();
    r.on = false;
    if !enabled {
        return;
    }
    if r.threads > MAX_THREADS {
        if r.me == 0 {
            eprintln!("upc-check: note: race checking is off above {MAX_THREADS} threads");
        }
        return;
    }
    if let Err(e) = shadow::attach() {
        if r.me == 0 {
            eprintln!("upc-check: note: race checking is off: {e}");
        }
        return;
    }
    // a thread's own clock starts at 1; nothing of the others' is ordered before it yet
    r.vc = [0; 2 * MAX_THREADS];
    r.vc[r.me] = 1;
    r.weak = false;
    r.held = 0;
    r.on = true;
    remote::start();
    refresh(r);
}

/// Stop checking (the end of the program).
pub fn thread_end() {
    let r = state();
    if r.on {
        remote::flush(r);
    }
    r.on = false;
    refresh(r);
}

/// In the monitor at the end of the job: with UPCCHECK_RACE_STATS set, the shadow memory
/// the run touched.
pub fn job_end() {
    if std::env::var_os("UPCCHECK_RACE_STATS").is_none() {
        return;
    }
    if let Some(bytes) = shadow::resident_bytes() {
        let t = pgas::segment::threads().max(1);
        eprintln!(
            "upc-check: race checking: shadow memory {:.1} MiB, shadow memory per thread: {:.1} MiB",
            bytes as f64 / 1048576.0,
            bytes as f64 / 1048576.0 / t as f64
        );
    }
}

/// The checker's part of `upcc_race_access` (upcc_hooks.h), in front of every shared
/// access the inline part does not settle.
///
/// # Safety
/// `site` is null or a static upcc_site_t.
#[no_mangle]
pub unsafe extern "C" fn upcc_race_record(
    addr: *mut c_void,
    nbytes: usize,
    kind: c_uint,
    site: *const Site,
) -> *mut c_void {
    let r = state();
    if r.on {
        // whatever the last operation left for now (checked here whether or not `settled`
        // knows of it: the inline path only passes over accesses already recorded in the
        // current epoch, which an acquisition does not change)
        if sync::pending(r) {
            refresh(r);
        }
        let k = if kind & STRICT != 0 {
            // a synchronization: this thread's accesses so far reach their owners first
            remote::flush(r);
            K_STRICT
        } else {
            K_RELAXED
        };
        let site = site.as_ref();
        if k == K_STRICT && kind & READ != 0 {
            sync::strict_read(r, addr as usize);
        }
        let rw = kind & (READ | WRITE | VALUE);
        if !shadow::in_segment(addr as usize) {
            // a private buffer (`upcc_race_fast.private_flight`)
            sync::private_access(r, addr as usize, nbytes, rw & !VALUE, site);
            return addr;
        }
        if !(k == K_RELAXED && record_granule(r, addr as usize, nbytes, rw, site)) {
            shadow::access(r, addr as usize, nbytes, rw, k, site, None);
        }
        if r.settle_flags(addr as usize, nbytes, rw) {
            refresh(r);
        }
        if k == K_STRICT && kind & WRITE != 0 {
            sync::strict_write(r, addr as usize);
        }
    }
    addr
}

/// A run of accesses (upcc_hooks.h, `upcc_race_span_t`): the bytes from `start` to `end`,
/// an access of `elem` bytes each, all of kind `kind` (relaxed) at `site`, in the current
/// epoch.
#[repr(C)]
pub struct Span {
    pub start: *const u8,
    pub end: *const u8,
    pub elem: usize,
    pub kind: c_uint,
    pub site: *const Site,
}

/// One run (`upcc_race_run_end`, or an access that does not extend its site's run).
///
/// # Safety
/// `site` is null or a static upcc_site_t.
#[no_mangle]
pub unsafe extern "C" fn upcc_race_range(
    addr: *mut c_void,
    nbytes: usize,
    elem: usize,
    kind: c_uint,
    site: *const Site,
) {
    let s = Span {
        start: addr as *const u8,
        end: (addr as *const u8).wrapping_add(nbytes),
        elem,
        kind,
        site,
    };
    upcc_race_spans(&s, 1);
}

/// The runs of a loop's access sites, after the loop, in the order of the sites.  Runs
/// over the same elements (the sites of one array) are recorded element by element, each
/// element's sites in order, so the element's cells are read once from memory.  Each
/// element is recorded as [`upcc_race_record`] would, but those whose cells already hold
/// this thread's access of the epoch are passed over without a call.
///
/// # Safety
/// `spans` points to `n` spans whose sites are null or static upcc_site_t.
#[no_mangle]
pub unsafe extern "C" fn upcc_race_spans(spans: *const Span, n: usize) {
    let r = state();
    if !r.on || n == 0 {
        return;
    }
    sync::pending(r);
    refresh(r);
    let spans = std::slice::from_raw_parts(spans, n);
    let mut done = vec![false; n];
    let mut group = Vec::with_capacity(n);
    for i in 0..n {
        let s = &spans[i];
        if done[i] || s.elem == 0 || s.end <= s.start {
            continue;
        }
        group.clear();
        for (j, t) in spans.iter().enumerate().skip(i) {
            if !done[j] && t.start == s.start && t.end == s.end && t.elem == s.elem {
                done[j] = true;
                group.push((t.kind & (READ | WRITE), t.site.as_ref()));
            }
        }
        record_group(r, s.start as usize, s.end as usize, s.elem, &group);
        let rw = group.iter().fold(0, |k, g| k | g.0);
        if r.settle_flags(s.start as usize, s.end as usize - s.start as usize, rw) {
            refresh(r);
        }
    }
}

/// Record the accesses of `group` (kind, site) to every element of `elem` bytes from
/// `start` to `end`.
fn record_group(
    r: &mut Race,
    start: usize,
    end: usize,
    elem: usize,
    group: &[(u32, Option<&Site>)],
) {
    let (seg, len, cells) = shadow::fast_layout();
    let e = r.now(K_RELAXED);
    // what each site records, made once
    let curs: Vec<(u32, u64, shadow::Cur)> = group
        .iter()
        .map(|&(rw, site)| {
            let (rec, cur) = relaxed_access(r, e, rw, site, elem);
            (rw, rec, cur)
        })
        .collect();
    // the element's first write, when the group writes and reads it: an element whose
    // recorded accesses race with none of the group's is recorded as that write alone (a
    // write checks all a read would, and a later access of another thread that races with
    // the group's read races with its write: the report names the same two lines)
    let combined = (curs.len() > 1
        && curs.iter().any(|c| c.0 & WRITE != 0)
        && curs.iter().any(|c| c.0 & WRITE == 0))
    .then(|| curs.iter().position(|c| c.0 & WRITE != 0))
    .flatten();
    // a run over whole pages is recorded in their summaries when it can (`shadow::Page`):
    // its elements then begin at page boundaries
    let pages =
        elem <= shadow::PAGE && shadow::PAGE % elem == 0 && start.wrapping_sub(seg) % elem == 0;
    let mut a = start;
    while a < end {
        let n = elem.min(end - a);
        let off = a.wrapping_sub(seg);
        if off < len && remote::owner_elsewhere(off).is_some() {
            // another node's data: the rest of the run in its partition, one request a site
            let part = pgas::segment::part_size();
            let stop = end.min(a + (part - off % part));
            for (rw, _, cur) in &curs {
                shadow::access_elems(r, a, stop - a, elem, *rw, K_RELAXED, cur.site);
            }
            a = stop;
            continue;
        }
        if off < len {
            if pages
                && off % shadow::PAGE == 0
                && end - a >= shadow::PAGE
                && shadow::page_group(r, off, a, &curs)
            {
                a += shadow::PAGE;
                continue;
            }
            let tail = (off + n - 1).min(len - 1);
            loop {
                shadow::normalize(off);
                shadow::normalize(tail);
                element(r, a, n, off, cells, len, e, &curs, combined);
                if shadow::still_normal(off) && shadow::still_normal(tail) {
                    break;
                }
            }
        }
        a += n;
    }
}

/// Record the accesses `curs` of the element of `n` bytes at `a` (segment offset `off`) in
/// its granule cells (see `record_group`).
#[allow(clippy::too_many_arguments)]
fn element(
    r: &mut Race,
    a: usize,
    n: usize,
    off: usize,
    cells: *const ShadowCell,
    len: usize,
    e: u32,
    curs: &[(u32, u64, shadow::Cur)],
    combined: Option<usize>,
) {
    if let Some(wi) = combined {
        if n == GRANULE && off % GRANULE == 0 {
            // SAFETY: off < len: a granule cell of the shadow.
            let c = unsafe { &*cells.add(off / GRANULE) };
            let w = c.w.load(Relaxed);
            if w as u32 == e {
                return;
            }
            let quiet = |v: u64| !shadow::conflict(r, v, e, None);
            if !marker(w) && quiet(w) && quiet(c.r.load(Relaxed)) && quiet(c.r2.load(Relaxed)) {
                let (rw, rec, cur) = &curs[wi];
                let mut reported = false;
                if shadow::one(r, c, *rw, *rec, cur, &mut reported, a) {
                    return;
                }
            }
        }
    }
    let first = off / GRANULE;
    let last = (off + n - 1).min(len - 1) / GRANULE;
    let whole = n == GRANULE && off % GRANULE == 0;
    for (rw, rec, cur) in curs {
        let rw = *rw;
        // done when every granule of the element holds this thread's access of the
        // epoch (a read: its read, or its write)
        let done = (first..=last).all(|g| {
            // SAFETY: g <= (len - 1) / GRANULE: a granule cell of the shadow.
            let c = unsafe { &*cells.add(g) };
            let w = c.w.load(Relaxed);
            w as u32 == e
                || (rw & WRITE == 0
                    && !marker(w)
                    && (c.r.load(Relaxed) as u32 == e || c.r2.load(Relaxed) as u32 == e))
        });
        if done {
            continue;
        }
        // an element of one granule: its cell straight away (unless byte-tracked)
        let mut reported = false;
        // SAFETY: as above.
        let c = unsafe { &*cells.add(first) };
        if !(whole && shadow::one(r, c, rw, *rec, cur, &mut reported, a)) {
            shadow::access(r, a, n, rw, K_RELAXED, cur.site, None);
        }
    }
}

/// A granule's `w` that is no access but a marker (`BYTE_MODE` and the like: kind 3).
#[inline]
pub fn marker(w: u64) -> bool {
    e_kind(w as u32) == 3
}

/// What a relaxed access of `nbytes` at epoch `e` records in a cell, and its description.
#[inline]
fn relaxed_access<'a>(
    r: &Race,
    e: u32,
    rw: u32,
    site: Option<&'a Site>,
    nbytes: usize,
) -> (u64, shadow::Cur<'a>) {
    (r.rec(site, e), shadow::Cur::new(e, rw, site, None, nbytes))
}

/// A relaxed access of a whole granule (the usual `double`, `long`, pointer) recorded in
/// its cell directly; false when it is not one, or the granule is byte-tracked (then
/// `shadow::access` does it).
#[inline]
fn record_granule(r: &Race, a: usize, n: usize, rw: u32, site: Option<&Site>) -> bool {
    let (seg, len, cells) = shadow::fast_layout();
    let off = a.wrapping_sub(seg);
    if n != GRANULE || off % GRANULE != 0 || off >= len || remote::owner_elsewhere(off).is_some() {
        return false;
    }
    let (rec, cur) = relaxed_access(r, r.now(K_RELAXED), rw, site, n);
    let mut reported = false;
    // SAFETY: off < len: a granule cell of the shadow.
    let c = unsafe { &*cells.add(off / GRANULE) };
    loop {
        shadow::normalize(off);
        if !shadow::one(r, c, rw, rec, &cur, &mut reported, a) {
            return false;
        }
        if shadow::still_normal(off) {
            return true;
        }
    }
}

/// After a strict read: the value read acquires the clock its strict write released.
///
/// # Safety
/// Called by translated code.
#[no_mangle]
pub unsafe extern "C" fn upcc_race_acquire(addr: *mut c_void) {
    let r = state();
    if r.on {
        remote::flush(r);
        sync::strict_read(r, addr as usize);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Under a lock: an update that read another thread's value is a possible ticket, which
    /// a later read of the location makes a flag; a plain write of it withdraws it.
    #[test]
    fn a_counter_read_back_under_the_lock_is_a_ticket() {
        let mut r = Race::blank();
        r.held = 1;
        // `arrived++;` that read a value another thread wrote under the lock
        r.justify.set(0x1000);
        assert!(r.settle_flags(0x1000, 4, READ | WRITE), "a possible ticket");
        assert!(r.flags.is_empty() && r.tickets == vec![0x1000]);
        assert!(
            !r.settled(),
            "the inline path must call the checker meanwhile"
        );
        // an access elsewhere changes nothing
        assert!(!r.settle_flags(0x2000, 4, READ));
        assert!(r.flags.is_empty());
        // `last = (arrived == THREADS);`
        assert!(!r.settle_flags(0x1000, 4, READ));
        assert_eq!(r.flags, vec![0x1000]);

        // `arrived++; arrived = 0; x = arrived;`: the plain write ends the ticket
        let mut r = Race::blank();
        r.held = 1;
        r.justify.set(0x1000);
        r.settle_flags(0x1000, 4, READ | WRITE);
        assert!(r.settle_flags(0x1000, 4, WRITE));
        assert!(r.tickets.is_empty() && r.settled());
        r.settle_flags(0x1000, 4, READ);
        assert!(r.flags.is_empty(), "a counter, not a ticket");

        // `t = arrived++;` (VALUE): a flag at once, as before
        let mut r = Race::blank();
        r.held = 1;
        r.justify.set(0x1000);
        assert!(!r.settle_flags(0x1000, 4, READ | WRITE | VALUE));
        assert_eq!(r.flags, vec![0x1000]);
        assert!(r.tickets.is_empty());

        // outside a lock nothing is noted
        let mut r = Race::blank();
        r.justify.set(0x1000);
        assert!(!r.settle_flags(0x1000, 4, READ | WRITE));
        assert!(r.tickets.is_empty() && r.flags.is_empty());
    }
}
