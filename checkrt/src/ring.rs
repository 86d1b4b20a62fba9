//! The collective-operation ring (thesis Algorithm A1/A2): O(1) per collective per thread.
//!
//! Threads form a ring; thread `i` compares the signature of its n-th collective with the
//! n-th of its right neighbour `j = i + 1 mod THREADS`: directly (`s_j`) if `j` is already
//! there, otherwise it leaves its own signature in `ds_j` ("desired signature") for `j` to
//! compare on arrival.  `s_k`, `ds_k`, the busy flags (`r_s_k`, `r_ds_k` of the thesis,
//! stored inverted so that an all-zero slot is the initial state) and the lock `L[k]` live
//! in slot `k`, which has affinity to thread `k`.
//!
//! Two deliberate refinements of the published algorithm:
//! * A signature is *consumed* by the comparison that uses it: the left neighbour resets
//!   `s_j` to unknown after comparing it, and thread `j` never leaves `s_j` behind when it
//!   compared against `ds_j`.  As published, `s_j` stays set until `j`'s `check_exit`, so a
//!   left neighbour that is already at its next (non-synchronizing) collective compares
//!   against the stale previous signature and reports a false mismatch.  With consumption,
//!   the pair (`s_j`, `ds_j`) is a one-slot mailbox between `i` and `j` that holds at most
//!   one pending signature, and the n-th actions of both sides always meet.  `check_exit`
//!   has nothing left to do, so no thread ever waits for a neighbour after an operation;
//!   the only waits are at the next entry, before overwriting a pending signature
//!   (Lemmas 3.4.1 and 3.4.2).
//! * `finish` (end of execution) takes part in the ring as its own kind of collective and
//!   its signature stays (it is never consumed), so every later collective of the left
//!   neighbour is compared with it; it tells its right neighbour that nobody will compare
//!   that neighbour's signatures any more (`left_done`), so survivors never wait for a
//!   finished thread.
//!
//! The code is generic over [`RingMemory`]: the shared segment in a real job, a model
//! checker's memory in the tests.

use std::cell::UnsafeCell;

use crate::platform::{clear, lock, set_busy, unlock, wait_clear, Platform, Word, CLEAR};
use crate::signature::{Signature, END_OF_EXECUTION, UNKNOWN};

/// The ring state of one thread.  All-zero is the initial state.
///
/// Two groups of cache lines: the first holds what the owner writes at every synchronizing
/// collective (its phase, its current operation, its barrier count and signature); the
/// mailbox lines hold what the neighbours write, and only at the collectives that go around
/// the ring (not at barriers), so a thread that reaches a barrier only reads lines that nobody
/// wrote since.
#[repr(C, align(64))]
pub struct Slot<W> {
    /// `sync_phase_k` (toggled by the caller at every synchronizing collective).
    pub sync_phase: W,
    /// For the lock checks: 0 when not inside a collective, else the signature op,
    /// with [`SYNC_BIT`] when that collective synchronizes.
    pub coll_op: W,
    /// Barriers (`upc_notify` / `upc_barrier`) this thread has arrived at (wrapping).
    pub barriers: W,
    /// The signatures of this thread's latest two barriers, the latest at index `barriers % 2`
    /// (written before `barriers` is bumped).
    barrier_sig: UnsafeCell<[Signature; 2]>,
    mb: Mailbox<W>,
}

/// The part of a slot the neighbours write.
#[repr(C, align(64))]
struct Mailbox<W> {
    /// `L[k]`: guards `s` and `ds`.
    lock: W,
    /// Not `r_s_k`: `s_k` waits for the left neighbour's comparison.
    s_busy: W,
    /// Not `r_ds_k`: `ds_k` waits for thread k's comparison.
    ds_busy: W,
    /// The left neighbour reached the end of execution: nobody compares `s_k` any more.
    left_done: W,
    /// Thread k reached the end of execution (its `s_k` holds that signature for good).
    ended: W,
    /// With [`RingMemory::MIRROR`]: the right neighbour left a signature for thread k to
    /// compare (`s_busy` of its slot) or ended, mirrored here so that a barrier's arrival
    /// reads only thread k's own words.
    right_news: W,
    /// The `barriers` count of the writer of `s` (thread k) and of `ds` (the left neighbour)
    /// when it wrote it: a barrier that reads what was left after it reads it after its own
    /// arrival (`barrier_news`), and what was left after the writer arrived at that barrier
    /// is no news of it.
    s_at: W,
    ds_at: W,
    s: UnsafeCell<Signature>,
    ds: UnsafeCell<Signature>,
}

/// `coll_op` flag: the collective the thread is in synchronizes.
pub const SYNC_BIT: u32 = 1 << 31;

// SAFETY: `s` and `ds` are only accessed while holding `lock` (see the functions below);
// `barrier_sig[b % 2]` is written by its owner before it publishes `barriers` = b and read by
// others only after they saw that store, while the owner is held at that barrier, or once they
// passed barrier b themselves (the owner cannot arrive at b + 2 before they arrive at b + 1);
// everything else is atomic words.
unsafe impl<W: Sync> Sync for Slot<W> {}

impl<W> Slot<W> {
    pub fn new(mut zero: impl FnMut() -> W) -> Self {
        Slot {
            sync_phase: zero(),
            coll_op: zero(),
            barriers: zero(),
            barrier_sig: UnsafeCell::new([Signature::default(); 2]),
            mb: Mailbox {
                lock: zero(),
                s_busy: zero(),
                ds_busy: zero(),
                left_done: zero(),
                ended: zero(),
                right_news: zero(),
                s_at: zero(),
                ds_at: zero(),
                s: UnsafeCell::new(Signature::default()),
                ds: UnsafeCell::new(Signature::default()),
            },
        }
    }
}

/// A signature of a slot: `s`, `ds`, or one of the two latest barriers'.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SigAt {
    S,
    Ds,
    Barrier(usize),
}

impl<W> Slot<W> {
    /// Where signature `at` is kept in this slot.
    #[inline]
    fn sig_cell(&self, at: SigAt) -> *mut Signature {
        match at {
            SigAt::S => self.mb.s.get(),
            SigAt::Ds => self.mb.ds.get(),
            // SAFETY: an index into the array behind the cell (0 or 1).
            SigAt::Barrier(i) => unsafe { (*self.barrier_sig.get()).as_mut_ptr().add(i & 1) },
        }
    }

    /// A slot whose words are `word(offset)`, the offset of each word in a slot of 32-bit
    /// atomic words (a view of a slot kept in another thread's memory, whose words are
    /// reached by offset).
    pub fn at(mut word: impl FnMut(usize) -> W) -> Self {
        use std::mem::offset_of;
        use std::sync::atomic::AtomicU32 as A;
        let mb = offset_of!(Slot<A>, mb);
        Slot {
            sync_phase: word(offset_of!(Slot<A>, sync_phase)),
            coll_op: word(offset_of!(Slot<A>, coll_op)),
            barriers: word(offset_of!(Slot<A>, barriers)),
            barrier_sig: UnsafeCell::new([Signature::default(); 2]),
            mb: Mailbox {
                lock: word(mb + offset_of!(Mailbox<A>, lock)),
                s_busy: word(mb + offset_of!(Mailbox<A>, s_busy)),
                ds_busy: word(mb + offset_of!(Mailbox<A>, ds_busy)),
                left_done: word(mb + offset_of!(Mailbox<A>, left_done)),
                ended: word(mb + offset_of!(Mailbox<A>, ended)),
                right_news: word(mb + offset_of!(Mailbox<A>, right_news)),
                s_at: word(mb + offset_of!(Mailbox<A>, s_at)),
                ds_at: word(mb + offset_of!(Mailbox<A>, ds_at)),
                s: UnsafeCell::new(Signature::default()),
                ds: UnsafeCell::new(Signature::default()),
            },
        }
    }
}

/// Run `f` on signature `at` of `slot`, in place (the default of [`RingMemory::with_sig`],
/// for a memory that keeps some slots in place); the caller follows the protocol for `at`.
#[inline]
pub fn with_own_sig<W, R>(slot: &Slot<W>, at: SigAt, f: impl FnOnce(&mut Signature) -> R) -> R {
    // SAFETY: the caller follows the protocol for `at` (see `RingMemory`).
    f(unsafe { &mut *slot.sig_cell(at) })
}

/// The offset of signature `at` in a slot of 32-bit atomic words.
pub fn sig_offset(at: SigAt) -> usize {
    use std::mem::offset_of;
    use std::sync::atomic::AtomicU32 as A;
    let mb = offset_of!(Slot<A>, mb);
    match at {
        SigAt::S => mb + offset_of!(Mailbox<A>, s),
        SigAt::Ds => mb + offset_of!(Mailbox<A>, ds),
        SigAt::Barrier(i) => {
            offset_of!(Slot<A>, barrier_sig) + (i & 1) * std::mem::size_of::<Signature>()
        }
    }
}

/// Where the ring lives.
///
/// The words of slot `k` are reached through [`RingMemory::slot`]; its signatures through
/// [`RingMemory::with_sig`] and [`RingMemory::write_sig`], which by default work on the
/// slot's own cells (memory every thread maps) and which a transport that reaches other
/// threads' slots by one-sided operations implements as a get and, when the signature
/// changed, a put.  Callers hold the slot's lock `L[k]` for `s` and `ds`, and follow the
/// protocol of `Slot`'s `Sync` impl for the barrier signatures.
pub trait RingMemory: Platform {
    /// Whether a thread's pending signature and its end are mirrored in its left
    /// neighbour's slot (`right_news`), so that `barrier_arrive` reads no other thread's
    /// word: for a memory where such a read is a remote operation.
    const MIRROR: bool = false;

    fn threads(&self) -> usize;
    fn slot(&self, k: usize) -> &Slot<Self::W>;

    /// Run `f` on signature `at` of slot `k` (its changes are kept).
    #[inline]
    fn with_sig<R>(&self, k: usize, at: SigAt, f: impl FnOnce(&mut Signature) -> R) -> R {
        // SAFETY: the caller follows the protocol for `at` (see above).
        f(unsafe { &mut *self.slot(k).sig_cell(at) })
    }

    /// Store `sig` as signature `at` of slot `k` (what comparisons and reports read).
    #[inline]
    fn write_sig(&self, k: usize, at: SigAt, sig: &Signature) {
        // SAFETY: as for `with_sig`.
        unsafe { sig.copy_to(&mut *self.slot(k).sig_cell(at)) }
    }
}

/// A failed comparison: `mine` (this thread's signature) against `theirs`, the signature
/// of thread `other` (the left neighbour's desired signature or the right neighbour's).
#[derive(Clone, Copy, Debug)]
pub struct Mismatch {
    pub mine: Signature,
    pub theirs: Signature,
    pub other: usize,
}

/// `check_entry` for a collective: compare `sig` around the ring.
/// `on_mismatch` runs (outside every ring lock) for each failed comparison; if it returns,
/// the protocol goes on in a consistent state.
pub fn enter<M: RingMemory>(
    m: &M,
    me: usize,
    sig: &Signature,
    on_mismatch: &mut dyn FnMut(&Mismatch),
) {
    step(m, me, sig, false, on_mismatch)
}

/// `check_final`: the end of execution as a collective of its own kind.
pub fn finish<M: RingMemory>(
    m: &M,
    me: usize,
    sig: &Signature,
    on_mismatch: &mut dyn FnMut(&Mismatch),
) {
    debug_assert_eq!(sig.op, END_OF_EXECUTION);
    step(m, me, sig, true, on_mismatch)
}

fn step<M: RingMemory>(
    m: &M,
    me: usize,
    sig: &Signature,
    last: bool,
    on_mismatch: &mut dyn FnMut(&Mismatch),
) {
    let n = m.threads();
    if n == 1 {
        return;
    }
    if last {
        m.slot(me).mb.ended.store(1);
        if M::MIRROR {
            m.slot((me + n - 1) % n).mb.right_news.store(1);
        }
    }
    // Lemma 3.4.2: do not overwrite s_i before the left neighbour compared it.
    wait_clear(m, &m.slot(me).mb.s_busy);
    let (x, left_pending) = left(m, me, n, sig, last);
    if let Some(x) = x {
        on_mismatch(&x);
    }
    let (x, right_pending) = right(m, me, n, sig, last);
    if let Some(x) = x {
        on_mismatch(&x);
    }
    // Barriers do not go around the ring: a neighbour that is held at a barrier this thread
    // has not reached will never compare what this thread left for it (it waits for this
    // thread, which is at another operation).
    let mine = m.slot(me).barriers.load();
    let l = (me + n - 1) % n;
    let r = (me + 1) % n;
    let waiting = [
        (l, last || left_pending, &m.slot(me).mb.s_busy),
        (r, last || right_pending, &m.slot(r).mb.ds_busy),
    ];
    for (c, pending, flag) in waiting {
        if !pending {
            continue;
        }
        if let Some(x) = held_at_barrier(m, c, mine, sig, (!last).then_some(flag)) {
            on_mismatch(&x);
            return;
        }
    }
}

/// Whether `a` is after `b` in wrapping order.
#[inline]
fn after(a: u32, b: u32) -> bool {
    (a.wrapping_sub(b) as i32) > 0
}

/// Thread `c` arrived at a barrier this thread (at `mine` barriers, now at `sig`) has not
/// reached, and (with `flag`) has not taken what this thread left for it: a mismatch.
fn held_at_barrier<M: RingMemory>(
    m: &M,
    c: usize,
    mine: u32,
    sig: &Signature,
    flag: Option<&M::W>,
) -> Option<Mismatch> {
    let sc = m.slot(c);
    // `barriers` first: if c arrived after taking our signature, its arrival orders that.
    if !after(sc.barriers.load(), mine) || flag.is_some_and(|f| f.load() == CLEAR) {
        return None;
    }
    // (c published `barriers` after writing barrier_sig and cannot pass that barrier
    // before this thread arrives there too)
    let theirs = m.with_sig(c, SigAt::Barrier((sc.barriers.load() % 2) as usize), |s| *s);
    Some(Mismatch {
        mine: *sig,
        theirs,
        other: c,
    })
}

/// A thread arrives at a barrier (`upc_notify`, `upc_barrier`): the barrier synchronizes by
/// itself, so its signature does not go around the ring.  It is published with the barrier
/// count ([`barrier_publish`]); a neighbour that went ahead in the ring (left a signature
/// this thread has not compared) or reached the end of execution is a mismatch
/// ([`barrier_news`]).  A neighbour that goes ahead later finds this thread's count in its
/// own ring step (`step`).  No wait, no wake: two stores to this thread's own line and reads
/// of mailbox lines nobody writes between ring collectives.
#[inline(always)]
pub fn barrier_arrive<M: RingMemory>(
    m: &M,
    me: usize,
    sig: &Signature,
    on_mismatch: &mut dyn FnMut(&Mismatch),
) {
    if m.threads() == 1 {
        return;
    }
    barrier_publish(m, me, sig);
    std::sync::atomic::fence(std::sync::atomic::Ordering::SeqCst);
    if let Some((theirs, other)) = barrier_news(m, me) {
        on_mismatch(&Mismatch {
            mine: *sig,
            theirs,
            other,
        })
    }
}

/// The first half of [`barrier_arrive`]: this thread's barrier signature and count.  The
/// count is not ordered before later loads: the caller fences before [`barrier_news`].
#[inline(always)]
pub fn barrier_publish<M: RingMemory>(m: &M, me: usize, sig: &Signature) {
    let si = m.slot(me);
    let b = si.barriers.load().wrapping_add(1);
    // (written by this thread only; readers wait for the store of `barriers` below)
    m.write_sig(me, SigAt::Barrier((b % 2) as usize), sig);
    si.barriers.store_release(b);
}

/// [`barrier_publish`] on a memory that keeps this thread's slot `si` in place (the node's),
/// the signature written there by `fill` (over the one of the barrier before the previous).
#[inline(always)]
pub fn barrier_publish_in<W: Word>(si: &Slot<W>, fill: impl FnOnce(&mut Signature)) {
    let b = si.barriers.load().wrapping_add(1);
    // (as in `barrier_publish`)
    with_own_sig(si, SigAt::Barrier((b % 2) as usize), fill);
    si.barriers.store_release(b);
}

/// [`barrier_publish_in`] of `count` barriers at once, the `i`-th (from 0) filled by
/// `fill(i, ..)`: the count moves by `count`, and only the latest two signatures are written
/// (the only ones a slot keeps), each before the count that shows it.
#[inline]
pub fn barriers_publish_in<W: Word>(si: &Slot<W>, count: u64, fill: impl Fn(u64, &mut Signature)) {
    let skipped = count.saturating_sub(2);
    si.barriers
        .store_release(si.barriers.load().wrapping_add(skipped as u32));
    for i in skipped..count {
        barrier_publish_in(si, |s| fill(i, s));
    }
}

/// The second half of [`barrier_arrive`], after a full fence: what the neighbours left for
/// this thread, the signature a thread left that this thread's barrier does not match, and
/// that thread.
#[inline(always)]
pub fn barrier_news<M: RingMemory>(m: &M, me: usize) -> Option<(Signature, usize)> {
    let n = m.threads();
    if n == 1 {
        return None;
    }
    // (no division on this path)
    let j = if me + 1 == n { 0 } else { me + 1 };
    if news_waiting::<M>(m.slot(me), m.slot(j)) {
        news_from(m, me)
    } else {
        None
    }
}

/// Whether a neighbour left something for a thread whose slot is `si` and whose right
/// neighbour's is `sj` ([`barrier_news`] reads it, after the same fence).
#[inline(always)]
pub fn news_waiting<M: RingMemory>(si: &Slot<M::W>, sj: &Slot<M::W>) -> bool {
    let (from_left, from_right) = news_flags::<M>(si, sj);
    from_left || from_right
}

/// What the left and the right neighbour left (see [`news_waiting`]).
#[inline(always)]
fn news_flags<M: RingMemory>(si: &Slot<M::W>, sj: &Slot<M::W>) -> (bool, bool) {
    let from_left = si.mb.ds_busy.load() != CLEAR;
    let from_right = if M::MIRROR {
        si.mb.right_news.load() != 0
    } else {
        sj.mb.s_busy.load() != CLEAR || sj.mb.ended.load() != 0
    };
    (from_left, from_right)
}

#[cold]
#[inline(never)]
fn news_from<M: RingMemory>(m: &M, me: usize) -> Option<(Signature, usize)> {
    let n = m.threads();
    let j = (me + 1) % n;
    let (from_left, from_right) = news_flags::<M>(m.slot(me), m.slot(j));
    let si = m.slot(me);
    let sj = m.slot(j);
    // left before this thread's barrier (the writer's count then was below this thread's):
    // left after the writer arrived there, it belongs to a later operation
    let mine = si.barriers.load();
    let before = |at: &M::W| after(mine, at.load());
    if from_left {
        lock(m, &si.mb.lock);
        // (guarded by L[me]; only this thread consumes ds_me)
        let ds = m.with_sig(me, SigAt::Ds, |s| *s);
        let news = before(&si.mb.ds_at);
        unlock(m, &si.mb.lock);
        if ds.op != UNKNOWN && news {
            return Some((ds, (me + n - 1) % n));
        }
    }
    if from_right {
        lock(m, &sj.mb.lock);
        // (guarded by L[j]; only this thread consumes s_j)
        let s = m.with_sig(j, SigAt::S, |s| *s);
        let news = before(&sj.mb.s_at);
        unlock(m, &sj.mb.lock);
        if s.op != UNKNOWN && news {
            return Some((s, j));
        }
    }
    None
}

/// The word a thread brings to the runtime's barrier arrival (`pgas::barrier::agree`): the
/// digest of the `upc_forall` loops it ran before the barrier (barriers compare nothing else:
/// any two barriers match, and barrier values have their own check).
pub fn barrier_word(sig: &Signature) -> u32 {
    forall_word(sig.forall)
}

/// [`barrier_word`] of a signature whose `upc_forall` digest is `digest` (the barrier
/// statements' dedicated path takes it from the digest before the signature is made).
#[inline]
pub fn forall_word(digest: u64) -> u32 {
    (digest ^ (digest >> 32)) as u32
}

/// This thread's barrier word differs from another thread's at the same barrier (found at
/// the barrier's end, `pgas::barrier::agree`): the signature of the nearest thread on the
/// left whose word differs, if it published it already (see `collective::after_arrival`).
/// A thread may already have arrived at the next barrier (it cannot pass it): its signature
/// of this one is still there.
pub fn barrier_disagreement<M: RingMemory>(m: &M, me: usize, sig: &Signature) -> Option<Mismatch> {
    let n = m.threads();
    let b = m.slot(me).barriers.load();
    (1..n).map(|d| (me + n - d) % n).find_map(|t| {
        let s = m.slot(t);
        let sb = s.barriers.load();
        if sb != b && sb != b.wrapping_add(1) {
            return None;
        }
        // (thread t wrote it before publishing `barriers` = b, and cannot write it
        // again before this thread arrives at barrier b: see the Sync impl of Slot)
        let other = m.with_sig(t, SigAt::Barrier((b % 2) as usize), |s| *s);
        (barrier_word(&other) != barrier_word(sig)).then_some(Mismatch {
            mine: *sig,
            theirs: other,
            other: t,
        })
    })
}

/// This thread's signature at its latest barrier (as `barrier_arrive` stored it).
pub fn own_barrier_sig<M: RingMemory>(m: &M, me: usize) -> Signature {
    let b = m.slot(me).barriers.load();
    // (written by this thread only)
    m.with_sig(me, SigAt::Barrier((b % 2) as usize), |s| *s)
}

/// A1 lines 11-23, the mailbox with the left neighbour: compare with `ds_i` if the left
/// neighbour came first, else leave `s_i` for it.
fn left<M: RingMemory>(
    m: &M,
    me: usize,
    n: usize,
    sig: &Signature,
    last: bool,
) -> (Option<Mismatch>, bool) {
    let si = &m.slot(me).mb;
    lock(m, &si.lock);
    let mut pending = false;
    // (s_me and ds_me are guarded by L[me], which we hold)
    let found = m.with_sig(me, SigAt::Ds, |ds| {
        let mut found = None;
        if ds.op != UNKNOWN {
            if !ds.matches(sig) {
                found = Some(Mismatch {
                    mine: *sig,
                    theirs: *ds,
                    other: (me + n - 1) % n,
                });
            }
            ds.op = UNKNOWN;
            clear(m, &si.ds_busy);
            if last {
                leave_s(m, me, sig);
            }
        } else if last {
            // the end of execution stays for every later comparison
            leave_s(m, me, sig);
        } else if si.left_done.load() == 0 {
            leave_s(m, me, sig);
            set_busy(&si.s_busy);
            pending = true;
        }
        if M::MIRROR && (pending || last) {
            // under L[me]: the left neighbour clears it under L[me] when it consumes s
            m.slot((me + n - 1) % n).mb.right_news.store(1);
        }
        found
    });
    unlock(m, &si.lock);
    (found, pending)
}

/// Leave `sig` in `s_me` (holding `L[me]`), with this thread's barrier count.
fn leave_s<M: RingMemory>(m: &M, me: usize, sig: &Signature) {
    m.write_sig(me, SigAt::S, sig);
    let si = m.slot(me);
    si.mb.s_at.store(si.barriers.load());
}

/// A1 lines 24-38, the mailbox with the right neighbour: compare with `s_j` if it came
/// first, else leave `ds_j` for it.
fn right<M: RingMemory>(
    m: &M,
    me: usize,
    n: usize,
    sig: &Signature,
    last: bool,
) -> (Option<Mismatch>, bool) {
    let j = (me + 1) % n;
    let sj = &m.slot(j).mb;
    wait_clear(m, &sj.ds_busy);
    lock(m, &sj.lock);
    let mut pending = false;
    // (s_j and ds_j are guarded by L[j], which we hold)
    let found = m.with_sig(j, SigAt::S, |s| {
        if s.op == UNKNOWN {
            m.write_sig(j, SigAt::Ds, sig);
            sj.ds_at.store(m.slot(me).barriers.load());
            set_busy(&sj.ds_busy);
            pending = true;
            None
        } else {
            let f = (!s.matches(sig)).then_some(Mismatch {
                mine: *sig,
                theirs: *s,
                other: j,
            });
            if s.op != END_OF_EXECUTION {
                s.op = UNKNOWN;
                if M::MIRROR {
                    // (under L[j], before j can leave another signature)
                    m.slot(me).mb.right_news.store(0);
                }
            }
            clear(m, &sj.s_busy);
            f
        }
    });
    if last {
        sj.left_done.store(1);
    }
    unlock(m, &sj.lock);
    (found, pending)
}

/// Read thread k's current signature (for reports).
pub fn current<M: RingMemory>(m: &M, k: usize) -> Signature {
    let sk = &m.slot(k).mb;
    lock(m, &sk.lock);
    // (guarded by L[k])
    let s = m.with_sig(k, SigAt::S, |s| *s);
    unlock(m, &sk.lock);
    s
}

/// The ring on ordinary process memory with OS-thread blocking (unit tests, benchmarks of
/// the protocol alone).
pub struct LocalRing {
    pub slots: Vec<Slot<std::sync::atomic::AtomicU32>>,
    futex: crate::platform::Futex,
}

impl LocalRing {
    pub fn new(threads: usize) -> Self {
        LocalRing {
            slots: (0..threads)
                .map(|_| Slot::new(|| std::sync::atomic::AtomicU32::new(0)))
                .collect(),
            futex: crate::platform::Futex { spin: 100 },
        }
    }
}

impl Platform for LocalRing {
    type W = std::sync::atomic::AtomicU32;
    fn wait(&self, w: &Self::W, expected: u32) {
        // process-private memory: the shared futex works on it too
        crate::platform::futex_wait(w, expected);
    }
    fn wake(&self, w: &Self::W) {
        crate::platform::futex_wake_all(w);
    }
    fn spin_limit(&self) -> u32 {
        self.futex.spin
    }
}

impl RingMemory for LocalRing {
    fn threads(&self) -> usize {
        self.slots.len()
    }
    fn slot(&self, k: usize) -> &Slot<Self::W> {
        &self.slots[k]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::signature::Signature;
    use std::sync::{Arc, Mutex};

    fn sig(op: usize, v: u64) -> Signature {
        let mut s = Signature::catalog(op, 0);
        s.push(v);
        s
    }

    /// Run every thread's sequence of collectives (non-blocking ones) then finish; return
    /// the mismatches found.
    fn run(seqs: Vec<Vec<Signature>>) -> Vec<(usize, Mismatch)> {
        let n = seqs.len();
        let ring = Arc::new(LocalRing::new(n));
        let found = Arc::new(Mutex::new(Vec::new()));
        let hs: Vec<_> = seqs
            .into_iter()
            .enumerate()
            .map(|(me, seq)| {
                let ring = ring.clone();
                let found = found.clone();
                std::thread::spawn(move || {
                    let mut on = |m: &Mismatch| found.lock().unwrap().push((me, *m));
                    for s in &seq {
                        enter(&*ring, me, s, &mut on);
                    }
                    finish(&*ring, me, &Signature::new(END_OF_EXECUTION, 0), &mut on);
                })
            })
            .collect();
        for h in hs {
            h.join().unwrap();
        }
        let v = found.lock().unwrap().clone();
        v
    }

    #[test]
    fn same_sequences_are_clean() {
        for n in [2, 3, 5, 8] {
            let seq: Vec<Signature> = (0..200).map(|k| sig(k % 7, k as u64)).collect();
            let f = run(vec![seq; n]);
            assert!(f.is_empty(), "false alarm with {n} threads: {f:?}");
        }
    }

    #[test]
    fn one_differing_value_is_found() {
        let n = 4;
        let seq: Vec<Signature> = (0..50).map(|k| sig(1, k as u64)).collect();
        let mut seqs = vec![seq; n];
        seqs[2][30] = sig(1, 999);
        let f = run(seqs);
        assert!(!f.is_empty(), "missed mismatch");
        assert!(f.iter().all(|(me, m)| *me == 2 || m.other == 2), "{f:?}");
    }

    #[test]
    fn shorter_sequence_is_found_as_end_of_execution() {
        let n = 3;
        let seq: Vec<Signature> = (0..10).map(|k| sig(1, k as u64)).collect();
        let mut seqs = vec![seq; n];
        seqs[1].truncate(9);
        let f = run(seqs);
        assert!(f
            .iter()
            .any(|(_, m)| m.mine.op == END_OF_EXECUTION || m.theirs.op == END_OF_EXECUTION));
    }

    /// Thread 0 reads what its neighbour left after its own arrival at a barrier: what the
    /// neighbour left before it arrived there is a mismatch, what it left after is not.
    #[test]
    fn barrier_news_are_what_was_left_before_the_barrier() {
        let barrier = sig(3, 0);
        let end = Signature::new(END_OF_EXECUTION, 0);
        // thread 1 ended without reaching the barrier
        let ring = LocalRing::new(2);
        finish(&ring, 1, &end, &mut |m| panic!("{m:?}"));
        barrier_publish(&ring, 0, &barrier);
        assert_eq!(
            barrier_news(&ring, 0).map(|(s, t)| (s.op, t)),
            Some((END_OF_EXECUTION, 1))
        );
        // thread 1 passed the barrier, then ended
        let ring = LocalRing::new(2);
        barrier_publish(&ring, 1, &barrier);
        finish(&ring, 1, &end, &mut |m| panic!("{m:?}"));
        barrier_publish(&ring, 0, &barrier);
        assert!(barrier_news(&ring, 0).is_none());
        // thread 1 went to another collective first (its ring step does not wait)
        let ring = LocalRing::new(2);
        enter(&ring, 1, &sig(5, 1), &mut |m| panic!("{m:?}"));
        barrier_publish(&ring, 1, &barrier);
        barrier_publish(&ring, 0, &barrier);
        assert_eq!(
            barrier_news(&ring, 0).map(|(s, t)| (s.op, t)),
            Some((sig(5, 1).op, 1))
        );
        // the same collective after the barrier
        let ring = LocalRing::new(2);
        barrier_publish(&ring, 1, &barrier);
        enter(&ring, 1, &sig(5, 1), &mut |m| panic!("{m:?}"));
        barrier_publish(&ring, 0, &barrier);
        assert!(barrier_news(&ring, 0).is_none());
    }

    /// Several barriers published at once (the lean path's deferred ones) leave the slot as
    /// publishing them one by one does: the count moved by all of them, the latest two
    /// signatures in place, and a neighbour that went ahead before them still news.
    #[test]
    fn barriers_published_at_once_are_as_if_one_by_one() {
        let at = |i: u64| sig(3, i);
        for count in [1u64, 2, 3, 7] {
            let (one, all) = (LocalRing::new(2), LocalRing::new(2));
            for r in [&one, &all] {
                enter(r, 1, &sig(5, 1), &mut |m| panic!("{m:?}"));
            }
            for i in 0..count {
                barrier_publish(&one, 0, &at(i));
            }
            barriers_publish_in(all.slot(0), count, |i, s| *s = at(i));
            for r in [&one, &all] {
                assert_eq!(Word::load(&r.slot(0).barriers), count as u32);
                assert_eq!(own_barrier_sig(r, 0), at(count - 1));
                assert_eq!(
                    barrier_news(r, 0).map(|(s, t)| (s.op, t)),
                    Some((sig(5, 1).op, 1))
                );
            }
            if count >= 2 {
                let b = Word::load(&all.slot(0).barriers) - 1;
                let before = all.with_sig(0, SigAt::Barrier((b % 2) as usize), |s| *s);
                assert_eq!(before, at(count - 2));
            }
        }
    }
}
