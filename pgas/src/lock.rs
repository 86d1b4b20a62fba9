//! UPC locks (`upc_lock_t`): allocation, free, `upc_lock`, `upc_lock_attempt`, `upc_unlock`.
//!
//! A lock is a 64-byte record allocated in a thread's local heap (`upc_global_lock_alloc`: the
//! caller's; `upc_all_lock_alloc`: thread 0's).  The lock itself is an MCS queue lock: FIFO-fair,
//! every waiter sleeps on its own queue node (a futex word in its own partition), and `upc_unlock`
//! wakes exactly the next thread.  Queue nodes come from a per-thread pool (a thread may hold
//! several locks at once): the first [`MCS_NODES`] in the thread's runtime area, more in chunks
//! of doubling size allocated from the thread's local heap when it holds or waits for that many
//! locks at once, so the number of locks a thread may hold is bounded only by the shared heap.  Freed lock records are kept for locks (never handed to other
//! allocations), so a freed lock stays recognizable to the checker until it is reallocated as a
//! new lock, with a new id.

use crate::alloc::{self, ObjectKind};
use crate::meta::{self, Via};
use crate::segment;
use crate::sync::WaitWord;
use crate::{barrier, job, rt, status, PShared};
use std::ffi::c_int;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

/// Queue nodes in each thread's runtime area (locks held or awaited at once without a chunk).
pub const MCS_NODES: usize = 128;
/// Chunks of further queue nodes per thread: chunk k holds `MCS_NODES << k` nodes.
pub const MCS_CHUNKS: usize = 25;

const LOCK_MAGIC: u32 = 0x10C4_10C4;
const VALID: u32 = 1;
const FREED: u32 = 2;
const RECORD_BYTES: u64 = 64;

/// A lock record's first word in `state` (the magic in the low half).
const fn head(state: u32) -> u64 {
    LOCK_MAGIC as u64 | (state as u64) << 32
}

#[repr(C, align(64))]
pub(crate) struct McsNode {
    next: WaitWord,
    go: WaitWord,
    /// The runtime-view address of the record of the lock this node queues for or holds
    /// (which locks a thread holds: [`held`]).
    lock: AtomicU64,
}

#[repr(C)]
pub(crate) struct LockGlobal {
    next_id: AtomicU64,
}

#[repr(C)]
pub(crate) struct LockRecord {
    /// [`LOCK_MAGIC`] and the state ([`VALID`], [`FREED`]) in one word ([`head`]), so that
    /// another thread reads both, and frees the lock, with one atomic operation.
    head: AtomicU64,
    id: AtomicU64,
    /// Last queue node + 1 (0: free).
    tail: AtomicU32,
    /// Holder + 1 (0: unlocked).
    owner: AtomicU32,
    /// Holder's queue node + 1.
    owner_node: AtomicU32,
    _pad: u32,
    next_free: AtomicU64,
    /// When the locks run over the conduit (`lock_over.rs`): the last queue node (its
    /// thread + 1 and address, [`crate::lock_over`]'s encoding; 0: free) and the holder + 1
    /// (0: unlocked); only ever accessed through the conduit's atomics then.
    pub(crate) over_tail: AtomicU64,
    pub(crate) over_owner: AtomicU64,
    /// Where the holder took the lock, as the checker names a call site (0: unknown),
    /// written before `owner` (or `over_owner`) names the holder.
    taken_at: AtomicU64,
}

const _: () = assert!(std::mem::size_of::<LockRecord>() <= RECORD_BYTES as usize);

/// Offsets in a lock record of the words the locks run over the conduit use.
pub(crate) const OVER_TAIL: u64 = std::mem::offset_of!(LockRecord, over_tail) as u64;
pub(crate) const OVER_OWNER: u64 = std::mem::offset_of!(LockRecord, over_owner) as u64;

/// Why a lock operation did nothing: the unchecked ones report it and end the job; the
/// checked ones ([`upcr_lock_checked`] & co.) leave it to the checker's general path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The pointer designates no live lock.
    Invalid,
    /// upc_lock of a lock this thread holds.
    Relock,
    /// upc_unlock of a lock this thread does not hold.
    NotHeld,
}

/// What a `upc_lock_t *` designates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LockState {
    Valid,
    Freed,
    NotALock,
}

/// This thread's queue nodes: free local indices, and how many were ever handed out.
struct Pool {
    free: Vec<u32>,
    fresh: usize,
}

static mut POOL: Pool = Pool {
    free: Vec::new(),
    fresh: 0,
};

/// Queue nodes one thread may use at once: node ids (`thread * per_thread + i`, stored + 1
/// in 32-bit words) must fit in a u32.
#[inline]
fn per_thread() -> usize {
    ((u32::MAX as usize - 1) / segment::threads().max(1)).min(MCS_NODES << MCS_CHUNKS)
}

/// The chunk of local node index `i >= MCS_NODES` and the index inside it.
fn chunk_of(i: usize) -> (usize, usize) {
    let j = i - MCS_NODES;
    let k = (usize::BITS - 1 - (j / MCS_NODES + 1).leading_zeros()) as usize;
    (k, j - MCS_NODES * ((1 << k) - 1))
}

fn take_node() -> usize {
    let me = segment::mythread();
    let per = per_thread();
    // SAFETY: private per process (one UPC thread = one single-threaded process).
    let pool = unsafe { &mut *std::ptr::addr_of_mut!(POOL) };
    let i = match pool.free.pop() {
        Some(i) => i as usize,
        None => {
            let i = pool.fresh;
            if i >= per {
                job::fatal_error(&format!(
                    "upc-check: error: thread {me} holds or waits for more than {per} locks at once\n"
                ));
            }
            if i >= MCS_NODES {
                let (k, at) = chunk_of(i);
                if at == 0 {
                    grow(me, k);
                }
            }
            pool.fresh += 1;
            i
        }
    };
    me * per + i
}

/// Allocate chunk `k` of this thread's queue nodes in its local heap.
fn grow(me: usize, k: usize) {
    let slot = &rt::thread(me).mcs_chunks[k];
    if slot.load(Ordering::Acquire) != 0 {
        return;
    }
    let size = std::mem::size_of::<McsNode>() as u64;
    let nodes = (MCS_NODES as u64) << k;
    let p = alloc::local_alloc(
        me,
        (nodes * size).saturating_add(size),
        ObjectKind::Internal,
    );
    if p.is_null() {
        job::fatal_error(&format!(
            "upc-check: error: thread {me}: no shared memory left for the queue nodes of {} \
             locks held at once (UPC_SHARED_HEAP_SIZE)\n",
            MCS_NODES + (MCS_NODES << k)
        ));
    }
    // nodes are cache-line aligned
    slot.store(p.addr.next_multiple_of(size), Ordering::Release);
}

fn give_node(idx: usize) {
    // SAFETY: private per process.
    let pool = unsafe { &mut *std::ptr::addr_of_mut!(POOL) };
    pool.free.push((idx % per_thread()) as u32);
}

#[inline]
fn node(idx: usize) -> &'static McsNode {
    let per = per_thread();
    let (t, i) = (idx / per, idx % per);
    if i < MCS_NODES {
        return &rt::thread(t).mcs[i];
    }
    let (k, at) = chunk_of(i);
    // The chunk was published (Release) before the node's id was handed to any other thread.
    let base = rt::thread(t).mcs_chunks[k].load(Ordering::Acquire);
    // SAFETY: chunk k of thread t holds MCS_NODES << k cache-line aligned nodes (all-zero is a
    // valid McsNode), allocated in thread t's partition and never freed.
    unsafe { &*(segment::local_ptr(t as u32, base) as *const McsNode).add(at) }
}

fn record(l: PShared) -> &'static LockRecord {
    // SAFETY: callers checked that `l` designates a lock record (16-byte aligned, in the segment).
    unsafe { &*(segment::local_ptr(l.thread, l.addr) as *const LockRecord) }
}

/// Lock records this process has recognized (the heap block header said "lock" and the record
/// had the magic): a lock record is never handed back to the heap (`free_lock` keeps it for
/// locks), so an address once recognized designates a lock record for the rest of the job and
/// only its `state` needs reading.  Direct-mapped by address; a key is
/// `(thread + 1) << KNOWN_ADDR_BITS | addr >> 4` (0: empty).
static KNOWN: [AtomicU64; KNOWN_SLOTS] = [const { AtomicU64::new(0) }; KNOWN_SLOTS];
const KNOWN_SLOTS: usize = 16;
const KNOWN_ADDR_BITS: u32 = 44;

fn known_key(l: PShared) -> Option<(usize, u64)> {
    let a = l.addr >> 4;
    (a < 1 << KNOWN_ADDR_BITS && l.thread < (1 << (63 - KNOWN_ADDR_BITS))).then(|| {
        let key = ((l.thread as u64 + 1) << KNOWN_ADDR_BITS) | a;
        ((a as usize ^ l.thread as usize) % KNOWN_SLOTS, key)
    })
}

/// Valid, freed, or not a lock at all.  Another thread's record is read through the conduit
/// when every thread is its own node (`meta`): its block header and first word once, then
/// only the first word (state) while the memo holds it.
pub fn lock_is_valid(l: PShared) -> LockState {
    if l.is_null() || !segment::is_mapped() {
        return LockState::NotALock;
    }
    let known = known_key(l);
    // Relaxed: the slot is this process's own memo, not shared memory.
    if known.is_none_or(|(i, key)| KNOWN[i].load(Ordering::Relaxed) != key) {
        return recognize(l, known);
    }
    state_of(meta::word_load(&record(l).head, l.thread))
}

/// `lock_is_valid` of a record not in the memo: its block header, then its first word.
#[cold]
#[inline(never)]
fn recognize(l: PShared, known: Option<(usize, u64)>) -> LockState {
    if alloc::header_at(l) != Some((ObjectKind::Lock, true)) {
        return LockState::NotALock;
    }
    let h = meta::word_load(&record(l).head, l.thread);
    if h as u32 != LOCK_MAGIC {
        return LockState::NotALock;
    }
    if let Some((i, key)) = known {
        KNOWN[i].store(key, Ordering::Relaxed);
    }
    state_of(h)
}

#[inline]
fn state_of(h: u64) -> LockState {
    if h == head(VALID) {
        LockState::Valid
    } else if h == head(FREED) {
        LockState::Freed
    } else {
        LockState::NotALock
    }
}

/// A job-unique id of the lock (0 if `l` is not a lock).
pub fn lock_id(l: PShared) -> u64 {
    match lock_is_valid(l) {
        LockState::NotALock => 0,
        // (set before the record's state says valid, unchanged until it is reallocated)
        _ => Via::of(l.thread).ld(&record(l).id),
    }
}

/// The thread holding the lock, if any.
pub fn lock_owner(l: PShared) -> Option<u32> {
    if lock_is_valid(l) == LockState::NotALock {
        return None;
    }
    if crate::rma::control().is_some() {
        return crate::lock_over::owner(l);
    }
    match record(l).owner.load(Ordering::Acquire) {
        0 => None,
        o => Some(o - 1),
    }
}

/// `lock_owner` of a pointer the caller has just found `Valid` with `lock_is_valid`
/// (a lock record is never handed back to the heap, so it can still be read).
pub fn valid_lock_owner(l: PShared) -> Option<u32> {
    if crate::rma::control().is_some() {
        return crate::lock_over::owner(l);
    }
    match record(l).owner.load(Ordering::Acquire) {
        0 => None,
        o => Some(o - 1),
    }
}

/// Where the holder of `l` took it, as recorded by the checker (0: unknown); `l` was found
/// a lock (never handed back to the heap, so its record can still be read).
pub fn lock_taken_at(l: PShared) -> u64 {
    crate::meta::word_load(&record(l).taken_at, l.thread)
}

/// Record where this thread, which has just taken `l` through `upc_lock` or
/// `upc_lock_attempt`, took it.
pub fn set_lock_taken_at(l: PShared, site: u64) {
    crate::meta::word_store(&record(l).taken_at, l.thread, site);
}

/// Whether this thread holds (or waits for) a lock: no allocation, a few loads.
#[inline]
pub fn holds_any() -> bool {
    if crate::rma::control().is_some() {
        return crate::lock_over::holds_any();
    }
    holds_any_in_node()
}

/// [`holds_any`] where the locks are in the node's memory (`rma::control()` is none).
#[inline]
pub fn holds_any_in_node() -> bool {
    // SAFETY: private per process (one UPC thread = one single-threaded process).
    let pool = unsafe { &*std::ptr::addr_of!(POOL) };
    pool.fresh != pool.free.len()
}

/// The live locks this thread holds, with where it took each ([`lock_taken_at`]): the
/// queue nodes it has in use whose lock names it as the holder.
pub fn held() -> Vec<(PShared, u64)> {
    if crate::rma::control().is_some() {
        return crate::lock_over::held()
            .into_iter()
            .filter(|&l| lock_is_valid(l) == LockState::Valid)
            .map(|l| (l, lock_taken_at(l)))
            .collect();
    }
    let me = segment::mythread();
    let per = per_thread();
    // SAFETY: private per process.
    let pool = unsafe { &*std::ptr::addr_of!(POOL) };
    let mut free = pool.free.clone();
    free.sort_unstable();
    let (base, part) = (segment::runtime_base() as u64, segment::part_size() as u64);
    (0..pool.fresh)
        .filter(|&i| free.binary_search(&(i as u32)).is_err())
        .filter_map(|i| {
            let idx = me * per + i;
            let at = node(idx).lock.load(Ordering::Relaxed);
            if at == 0 {
                return None;
            }
            // SAFETY: the address of a lock record (never handed back to the heap).
            let r = unsafe { &*(at as *const LockRecord) };
            let mine = r.owner.load(Ordering::Acquire) == me as u32 + 1
                && r.owner_node.load(Ordering::Relaxed) as usize == idx + 1
                && state_of(r.head.load(Ordering::Acquire)) == LockState::Valid;
            let l = PShared::new(((at - base) / part) as u32, (at - base) % part, 0);
            mine.then(|| (l, r.taken_at.load(Ordering::Relaxed)))
        })
        .collect()
}

pub(crate) fn check(l: PShared, op: &str) -> &'static LockRecord {
    match lock_is_valid(l) {
        LockState::Valid => record(l),
        s => job::fatal_error(&format!(
            "upc-check: error: thread {}: {op}: the pointer (thread {}, address {:#x}) {}\n",
            segment::mythread(),
            l.thread,
            l.addr,
            if s == LockState::Freed {
                "designates a lock that was freed"
            } else {
                "does not designate a lock"
            }
        )),
    }
}

/// Allocate a lock record in thread `t`'s local heap (`t` is the calling thread).
fn alloc_lock(t: usize) -> PShared {
    let heap = alloc::local_heap_of(t);
    heap.lock();
    let head_free = heap.lock_free_head();
    let p = if head_free != 0 {
        let r = record(PShared::new(t as u32, head_free, 0));
        heap.set_lock_free_head(heap.via().ld(&r.next_free));
        heap.unlock();
        PShared::new(t as u32, head_free, 0)
    } else {
        heap.unlock();
        let p = alloc::local_alloc(t, RECORD_BYTES, ObjectKind::Lock);
        if p.is_null() {
            job::fatal_error(&format!(
                "upc-check: error: thread {}: no shared memory left for a lock \
                 (UPC_SHARED_HEAP_SIZE)\n",
                segment::mythread()
            ));
        }
        p
    };
    let r = record(p);
    r.tail.store(0, Ordering::Relaxed);
    r.owner.store(0, Ordering::Relaxed);
    r.owner_node.store(0, Ordering::Relaxed);
    r.next_free.store(0, Ordering::Relaxed);
    // (the allocating thread is the record's: with the locks over the conduit, these plain
    // stores precede every one-sided access, which comes after the pointer is handed out)
    r.over_tail.store(0, Ordering::Relaxed);
    r.over_owner.store(0, Ordering::Relaxed);
    r.taken_at.store(0, Ordering::Relaxed);
    // (the job's counter is in the global area: one remote atomic outside thread 0 when the
    // control words go through the conduit)
    r.id.store(
        meta::word_fetch_add(&rt::global().locks.next_id, segment::GLOBAL_AREA, 1) + 1,
        Ordering::Relaxed,
    );
    meta::word_store(&r.head, t as u32, head(VALID));
    p
}

/// The lock whose valid -> freed step this thread took ahead of its `upc_lock_free`
/// ([`claim_free`]), if any.
static mut CLAIMED: Option<(u32, u64)> = None;

/// For a checked `upc_lock_free(l)` about to be called by this thread: take the lock's
/// valid -> freed step now (the call completes the free), so that of two threads freeing it
/// at once the one that loses is told so by the checker, which knows where the other freed
/// it, instead of by the runtime's error.  False if `l` is no live lock (any more).
pub fn claim_free(l: PShared) -> bool {
    if lock_is_valid(l) != LockState::Valid {
        return false;
    }
    if meta::word_cas(&record(l).head, l.thread, head(VALID), head(FREED)).is_err() {
        return false;
    }
    // SAFETY: private per process (one UPC thread = one single-threaded process).
    unsafe { *std::ptr::addr_of_mut!(CLAIMED) = Some((l.thread, l.addr)) };
    true
}

/// Whether this thread took the valid -> freed step of `l` for its coming `upc_lock_free`.
pub fn free_claimed(l: PShared) -> bool {
    // SAFETY: private per process.
    unsafe { *std::ptr::addr_of!(CLAIMED) == Some((l.thread, l.addr)) }
}

fn free_lock(l: PShared, op: &str) {
    if l.is_null() {
        return;
    }
    // SAFETY: private per process.
    let claimed = unsafe { (*std::ptr::addr_of_mut!(CLAIMED)).take() } == Some((l.thread, l.addr));
    let r = if claimed {
        record(l)
    } else {
        let r = check(l, op);
        // valid -> freed in one compare-and-swap: of two threads freeing the lock at once, one
        // frees it and the other is told that it was freed
        if meta::word_cas(&r.head, l.thread, head(VALID), head(FREED)).is_err() {
            check(l, op);
            return;
        }
        r
    };
    let heap = alloc::local_heap_of(l.thread as usize);
    heap.lock();
    heap.via().st(&r.next_free, heap.lock_free_head());
    heap.set_lock_free_head(l.addr);
    heap.unlock();
}

fn acquired(r: &LockRecord, idx: usize, taken_at: u64) {
    count_taken();
    r.owner_node.store(idx as u32 + 1, Ordering::Relaxed);
    r.taken_at.store(taken_at, Ordering::Relaxed);
    // upc_lock returns with a strict read: the SeqCst swap/CAS on `tail` that acquired the lock
    // (or the SeqCst handoff store we waited for) is already a full fence.
    r.owner
        .store(segment::mythread() as u32 + 1, Ordering::Release);
}

/// Locks this process has taken (`upc_lock`, a successful `upc_lock_attempt`): the checker's
/// livelock watch of a `upc_lock_attempt` loop starts again whenever it changes.
static TAKEN: AtomicU64 = AtomicU64::new(0);

#[inline(always)]
pub(crate) fn count_taken() {
    TAKEN.store(TAKEN.load(Ordering::Relaxed) + 1, Ordering::Relaxed);
}

/// How many locks this process has taken so far.
pub fn taken_count() -> u64 {
    TAKEN.load(Ordering::Relaxed)
}

/// The checker's part in a checked lock operation that finds the lock held by another thread
/// (`upcr_lock_checked`): `contended(site, lock)` after this thread queued, once its wait
/// outlasts the spins and yields, before it sleeps; `granted()` once the lock is handed to
/// it after that.  A lock handed over quickly costs the checker nothing.
pub struct ContentionHooks {
    pub contended: fn(site: u64, l: PShared),
    pub granted: fn(),
}

static CONTENTION: std::sync::OnceLock<&'static ContentionHooks> = std::sync::OnceLock::new();

/// Register the checker's [`ContentionHooks`] (once, at start-up).
pub fn set_contention_hooks(h: &'static ContentionHooks) {
    let _ = CONTENTION.set(h);
}

/// `upc_lock(l)` of a checked build at `site` (a `upcc_site_t`, recorded as where the lock was
/// taken, [`lock_taken_at`]), called by the inline `upcc_lock` of `upcc_hooks.h`, in the
/// node's shared memory (not with the locks over the conduit): 0 once taken, 1 refused before
/// anything changed (`l` is no live lock, or this thread holds it; the checker then reports
/// it).  The checker hears of the lock only if another thread holds it long enough for this
/// one to go to sleep ([`ContentionHooks`]): a lock free or handed over quickly never pays
/// for the wait-for edge and the deadlock test.
#[no_mangle]
pub extern "C" fn upcr_lock_checked(l: PShared, site: *const std::ffi::c_void) -> c_int {
    let Ok(r) = checked_record(l, false) else {
        return 1;
    };
    let at = site as u64;
    let mut waited = false;
    take(r, at, || {
        waited = true;
        if let Some(h) = CONTENTION.get() {
            (h.contended)(at, l);
        }
    });
    if waited {
        if let Some(h) = CONTENTION.get() {
            (h.granted)();
        }
    }
    0
}

/// `upc_lock_attempt(l)` of a checked build (see [`upcr_lock_checked`]): 1 taken, 0 not
/// (another thread holds or waits for it), -1 refused.
#[no_mangle]
pub extern "C" fn upcr_lock_attempt_checked(l: PShared, site: *const std::ffi::c_void) -> c_int {
    match checked_record(l, false) {
        Ok(r) => try_take(r, site as u64) as c_int,
        Err(_) => -1,
    }
}

/// `upc_unlock(l)` of a checked build (see [`upcr_lock_checked`]): 0 released, 1 refused (`l`
/// is no live lock, or this thread does not hold it).
#[no_mangle]
pub extern "C" fn upcr_unlock_checked(l: PShared) -> c_int {
    match checked_record(l, true) {
        Ok(r) => {
            release(r);
            0
        }
        Err(_) => 1,
    }
}

#[no_mangle]
pub extern "C" fn upc_global_lock_alloc() -> PShared {
    alloc_lock(segment::mythread())
}

#[no_mangle]
pub extern "C" fn upc_all_lock_alloc() -> PShared {
    alloc::collective_pointer(|| alloc_lock(0))
}

#[no_mangle]
pub extern "C" fn upc_lock_free(l: PShared) {
    free_lock(l, "upc_lock_free");
}

#[no_mangle]
pub extern "C" fn upc_all_lock_free(l: PShared) {
    if l.is_null() {
        return;
    }
    barrier::barrier_internal();
    if segment::mythread() == 0 {
        free_lock(l, "upc_all_lock_free");
    }
}

#[no_mangle]
pub extern "C" fn upc_lock(l: PShared) {
    if crate::rma::control().is_some() {
        crate::sync::progress();
        return crate::lock_over::lock(l);
    }
    match checked_record(l, false) {
        Ok(r) => take(r, 0, || {}),
        Err(why) => refused(l, "upc_lock", why),
    }
}

/// The fatal error of the unchecked `op` on `l`, which [`checked_record`] refused.
#[cold]
#[inline(never)]
fn refused(l: PShared, op: &str, why: Refused) -> ! {
    let me = segment::mythread();
    let what = match why {
        Refused::Invalid => {
            // the precise message (freed, or not a lock)
            check(l, op);
            "the pointer designates no live lock"
        }
        Refused::Relock if op == "upc_lock" => {
            "this thread already holds the lock (UPC locks are not recursive: this would deadlock)"
        }
        Refused::Relock => "this thread already holds the lock",
        Refused::NotHeld => "the lock is not held by this thread",
    };
    job::fatal_error(&format!("upc-check: error: thread {me}: {op}: {what}\n"))
}

/// Queue for lock `r` and wait for it (`contended` first if another thread is ahead and the
/// wait outlasts its spins and yields).
#[inline(always)]
fn take(r: &LockRecord, taken_at: u64, contended: impl FnOnce()) {
    let idx = take_node();
    let n = node(idx);
    n.next.value.store(0, Ordering::Relaxed);
    n.go.value.store(0, Ordering::Relaxed);
    n.lock
        .store(r as *const LockRecord as u64, Ordering::Relaxed);
    let pred = r.tail.swap(idx as u32 + 1, Ordering::SeqCst);
    if pred != 0 {
        node(pred as usize - 1).next.store_wake(idx as u32 + 1);
        // (with the checker's site, if any: the status record shows its file and line)
        let marked = status::begin_wait_at(c"upc_lock", taken_at as *const std::ffi::c_void);
        // a lock handed over within the spins never needs the deadlock test
        n.go.wait_until_or(|v| v != 0, contended);
        status::end_wait(marked);
    }
    acquired(r, idx, taken_at);
}

#[no_mangle]
pub extern "C" fn upc_lock_attempt(l: PShared) -> c_int {
    if crate::rma::control().is_some() {
        crate::sync::progress();
        return crate::lock_over::lock_attempt(l);
    }
    match checked_record(l, false) {
        Ok(r) => try_take(r, 0) as c_int,
        Err(why) => refused(l, "upc_lock_attempt", why),
    }
}

/// Take lock `r` if nobody holds or waits for it.
#[inline(always)]
fn try_take(r: &LockRecord, taken_at: u64) -> bool {
    if r.tail.load(Ordering::Relaxed) != 0 {
        return false;
    }
    let idx = take_node();
    let n = node(idx);
    n.next.value.store(0, Ordering::Relaxed);
    n.go.value.store(0, Ordering::Relaxed);
    n.lock
        .store(r as *const LockRecord as u64, Ordering::Relaxed);
    if r.tail
        .compare_exchange(0, idx as u32 + 1, Ordering::SeqCst, Ordering::Relaxed)
        .is_ok()
    {
        acquired(r, idx, taken_at);
        true
    } else {
        give_node(idx);
        false
    }
}

#[no_mangle]
pub extern "C" fn upc_unlock(l: PShared) {
    if crate::rma::control().is_some() {
        crate::sync::progress();
        return crate::lock_over::unlock(l);
    }
    match checked_record(l, true) {
        Ok(r) => release(r),
        Err(why) => refused(l, "upc_unlock", why),
    }
}

/// The record of `l` for a checked lock operation, which this thread must hold (`holds`) or
/// not: refused if `l` is no live lock or that is not so.
#[inline(always)]
fn checked_record(l: PShared, holds: bool) -> Result<&'static LockRecord, Refused> {
    crate::sync::progress();
    if lock_is_valid(l) != LockState::Valid {
        return Err(Refused::Invalid);
    }
    let r = record(l);
    let mine = r.owner.load(Ordering::Acquire) == segment::mythread() as u32 + 1;
    match (mine, holds) {
        (true, false) => Err(Refused::Relock),
        (false, true) => Err(Refused::NotHeld),
        _ => Ok(r),
    }
}

/// Release lock `r`, held by this thread: hand it to the next in the queue, if any.
#[inline(always)]
fn release(r: &LockRecord) {
    let idx = r.owner_node.load(Ordering::Relaxed) as usize - 1;
    // upc_unlock starts with a strict write: a SeqCst store (a full fence on x86).
    r.owner.store(0, Ordering::SeqCst);
    let n = node(idx);
    if n.next.value.load(Ordering::Acquire) == 0 {
        if r.tail
            .compare_exchange(idx as u32 + 1, 0, Ordering::SeqCst, Ordering::Relaxed)
            .is_ok()
        {
            give_node(idx);
            return;
        }
        // A successor swapped itself in and is about to link to us.
        n.next.wait_until(|v| v != 0);
    }
    let succ = n.next.value.load(Ordering::Acquire) as usize - 1;
    node(succ).go.store_wake(1);
    give_node(idx);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_double_and_tile_the_node_indices() {
        assert_eq!(chunk_of(MCS_NODES), (0, 0));
        assert_eq!(chunk_of(2 * MCS_NODES - 1), (0, MCS_NODES - 1));
        assert_eq!(chunk_of(2 * MCS_NODES), (1, 0));
        assert_eq!(chunk_of(4 * MCS_NODES - 1), (1, 2 * MCS_NODES - 1));
        assert_eq!(chunk_of(4 * MCS_NODES), (2, 0));
        // every index has one place, chunk k holds MCS_NODES << k nodes
        let mut next = (0, 0);
        for i in MCS_NODES..64 * MCS_NODES {
            let (k, at) = chunk_of(i);
            assert_eq!((k, at), next, "index {i}");
            next = if at + 1 == MCS_NODES << k {
                (k + 1, 0)
            } else {
                (k, at + 1)
            };
        }
        let last = (MCS_NODES << MCS_CHUNKS) - 1;
        assert_eq!(chunk_of(last).0, MCS_CHUNKS - 1);
    }
}
