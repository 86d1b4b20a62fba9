//! The narrow boundary between the collectives (and UPC-IO) and the rest of the runtime:
//! who am I, how many threads, where a `(thread, addrfield)` pair lives in this process,
//! the internal barrier, and the per-thread synchronization state that MYSYNC uses.
//!
//! Every collective works on a [`Team`]; the C entry points use the process's team (one
//! UPC thread per process), unit tests build several teams over one heap buffer, one per
//! OS thread.  Nothing else in `collectives/` or `io/` touches the segment directly.
//!
//! Per-thread synchronization state (in the collectives region with affinity to the
//! thread, see `layout` below):
//! * `entered`  — sequence number of the last collective this thread entered;
//! * `done[v]`  — last sequence number for which thread `v` finished every access it makes
//!   to this thread's data (written by `v`);
//! * `recv[k % RING]` — `upc_all_permute`: sequence number of the last block received;
//! * `partial[k % RING]` — a thread's partial reduction result for collective `k`;
//! * `bell` — an event count (`sync::WaitWord`): whoever changes a word in this region
//!   bumps it and wakes sleepers; waiters spin briefly, then sleep on it with a futex.
//!
//! With every thread its own node (`rt::control_remote`, set for the process's team), this
//! process maps only its own region: another thread's words are read and written by the
//! conduit's one-sided atomics (`rt::word_load`, `rt::word_store`), and every wait tests
//! words of its own region where it can, making progress between tests (`rt::wait_progress`;
//! no bell: the conduit wakes the target of each operation).  What the others need of a
//! thread is written into their regions (`done`, `recv`, and the reduction partials, put
//! into the root's `inbox[sender]`); what a thread needs of another is read once and
//! remembered (`known`: a lower bound of each thread's `entered`, raised by every internal
//! barrier, which every member passed only after entering the collective).

use crate::sync::WaitWord;
use std::cell::{Cell, RefCell};
use std::sync::atomic::{fence, AtomicI64, AtomicU64, Ordering::*};

/// Depth of the rings (permute receive flags, reduction partials, I/O agreement words).
pub const RING: usize = 16;

/// Byte offsets inside one thread's collectives region.
pub mod layout {
    use super::RING;
    pub const ENTERED: usize = 0;
    pub const BELL: usize = 8;
    /// `RING` u64 sequence numbers: permute receive flags.
    pub const RECV: usize = 64;
    /// `RING` partial slots of `PARTIAL_SIZE` bytes: `seq: u64, has: u64, value: [u8; 16]`.
    pub const PARTIAL: usize = RECV + RING * 8;
    pub const PARTIAL_SIZE: usize = 32;
    /// Two i64 words per parity for the I/O agreement helper (`AGREE + parity*16`).
    pub const AGREE: usize = PARTIAL + RING * PARTIAL_SIZE;
    /// `done[v]`, one u64 per thread; then, at [`inbox`], two partial slots of
    /// `PARTIAL_SIZE` bytes per sender (`seq, has, value`: the reduction partials sent to
    /// this thread when the regions are reached through the conduit, by the parity of the
    /// collective), and at [`agree_all`] two arrays of one i64 per thread (thread 0's: the
    /// I/O agreement gathered there).
    pub const DONE: usize = 4096;
    /// Bytes per thread of the arrays at `DONE`.
    const PER_THREAD: usize = 8 + 2 * PARTIAL_SIZE + 16;
    /// Offset of the partial slot `parity` of `sender` in a region of a job of `threads`
    /// threads.
    pub const fn inbox(threads: usize, sender: usize, parity: usize) -> usize {
        DONE + threads * 8 + (sender * 2 + parity) * PARTIAL_SIZE
    }
    /// Offset of thread `t`'s word of the agreement array `parity`.
    pub const fn agree_all(threads: usize, parity: usize, t: usize) -> usize {
        DONE + threads * (8 + 2 * PARTIAL_SIZE) + (parity * threads + t) * 8
    }
    /// Size of the region the runtime reserves per thread.
    pub const REGION_SIZE: usize = 512 * 1024;
    /// Size of the job-wide area.
    pub const GLOBAL_SIZE: usize = 1024 * 1024;
    /// The upper half of the region belongs to the Collectives 2.0 library (`coll2/`).
    pub const COLL2: usize = REGION_SIZE / 2;
    /// Largest THREADS the region can describe.
    pub const MAX_THREADS: usize = (COLL2 - DONE) / PER_THREAD;
}

/// One UPC thread's view of the job, as far as the collectives are concerned.
pub struct Team {
    threads: usize,
    me: usize,
    seg_base: *mut u8,
    part_size: usize,
    regions: Vec<*mut u8>,
    barrier: Box<dyn Fn()>,
    /// Sequence number of the collective this thread is in (or last left).
    seq: Cell<u64>,
    /// Per partial slot: (sequence, thread that reads it) — flow control for reuse.
    partial_reader: RefCell<[(u64, Option<u32>); RING]>,
    /// Parity of the next I/O agreement.
    agree_parity: Cell<usize>,
    /// The job-wide (not per-thread) area of the collectives/UPC-IO (null if none).
    global: Cell<*mut u8>,
    /// Other threads' regions are reached through the conduit (see the module doc).
    remote: Cell<bool>,
    /// Per thread, a lower bound of its `entered` (remote mode).
    known: RefCell<Vec<u64>>,
    /// Every thread entered at least this collective (it passed an internal barrier in it).
    all_entered: Cell<u64>,
    /// Per root and parity, the last collective whose partial this thread put into its inbox.
    sent: RefCell<Vec<[u64; 2]>>,
}

impl Team {
    /// A team over an explicit segment: partition `t` starts at `seg_base + t*part_size`,
    /// `regions[t]` is thread `t`'s (zero-initialised) collectives region.
    ///
    /// # Safety
    /// The pointers must stay valid for the life of the team and be shared by every member.
    pub unsafe fn new(
        threads: usize,
        me: usize,
        seg_base: *mut u8,
        part_size: usize,
        regions: Vec<*mut u8>,
        barrier: Box<dyn Fn()>,
    ) -> Team {
        assert!(threads >= 1 && me < threads && regions.len() == threads);
        assert!(
            threads <= layout::MAX_THREADS,
            "THREADS too large for the collectives"
        );
        Team {
            threads,
            me,
            seg_base,
            part_size,
            regions,
            barrier,
            seq: Cell::new(0),
            partial_reader: RefCell::new([(0, None); RING]),
            agree_parity: Cell::new(0),
            global: Cell::new(std::ptr::null_mut()),
            remote: Cell::new(false),
            known: RefCell::new(vec![0; threads]),
            all_entered: Cell::new(0),
            sent: RefCell::new(vec![[0; 2]; threads]),
        }
    }

    /// Reach the other threads' regions (and, outside thread 0, the global area) through
    /// the conduit (`rt.rs`) instead of the team's view.
    pub fn set_remote(&self, remote: bool) {
        self.remote.set(remote);
    }

    /// Whether other threads' regions are reached through the conduit.
    #[inline]
    pub fn is_remote(&self) -> bool {
        self.remote.get()
    }

    /// Give the team the job-wide area (`GLOBAL_SIZE` bytes, zeroed, same address in
    /// every thread) where UPC-IO keeps its file table.
    pub fn set_global(&self, p: *mut u8) {
        self.global.set(p);
    }

    pub fn global(&self) -> *mut u8 {
        self.global.get()
    }

    #[inline]
    pub fn threads(&self) -> usize {
        self.threads
    }
    #[inline]
    pub fn me(&self) -> usize {
        self.me
    }

    /// Address in this process of byte `addr` of thread `thread`'s partition.
    #[inline]
    pub fn ptr(&self, thread: usize, addr: u64) -> *mut u8 {
        debug_assert!(thread < self.threads);
        // SAFETY: arithmetic inside the mapped segment; callers access what the program
        // designated.
        unsafe { self.seg_base.add(thread * self.part_size + addr as usize) }
    }

    pub fn barrier(&self) {
        fence(SeqCst);
        (self.barrier)();
        fence(SeqCst);
        // every member passed it inside the collective it entered last
        self.all_entered.set(self.seq.get());
    }

    fn word<T>(&self, thread: usize, off: usize) -> &T {
        // SAFETY: the region is at least REGION_SIZE bytes, zero-initialised, aligned to
        // at least 64, lives as long as the team, and is only accessed atomically.
        unsafe { &*(self.regions[thread].add(off) as *const T) }
    }

    fn entered_word(&self, t: usize) -> &AtomicU64 {
        self.word(t, layout::ENTERED)
    }
    fn bell(&self, t: usize) -> &WaitWord {
        self.word(t, layout::BELL)
    }
    fn inbox(&self, owner: usize, sender: usize, k: u64) -> *mut u8 {
        let at = layout::inbox(self.threads, sender, k as usize % 2);
        // (inside the region: `MAX_THREADS` bounds the arrays; another thread's region is
        // not dereferenced here)
        self.regions[owner].wrapping_add(at)
    }
    /// Thread `t`'s word of agreement array `parity` in thread 0's region.
    pub(crate) fn agree_all_word(&self, parity: usize, t: usize) -> &AtomicI64 {
        self.word(0, layout::agree_all(self.threads, parity, t))
    }
    fn done_word(&self, owner: usize, by: usize) -> &AtomicU64 {
        self.word(owner, layout::DONE + by * 8)
    }
    fn recv_word(&self, t: usize, seq: u64) -> &AtomicU64 {
        self.word(t, layout::RECV + (seq as usize % RING) * 8)
    }
    pub(crate) fn agree_word(&self, t: usize, parity: usize, i: usize) -> &AtomicI64 {
        self.word(t, layout::AGREE + parity * 16 + i * 8)
    }

    /// Wake whoever waits on thread `t`'s state after it changed.
    pub fn ring(&self, t: usize) {
        if self.is_remote() {
            // the conduit wakes the target of each operation; nobody sleeps on a bell
            return;
        }
        self.bell(t).fetch_add_wake(1);
    }

    /// Wait until `pred()` holds; `pred` depends on words of thread `t`'s region (whoever
    /// changes them rings `t`'s bell afterwards).  Spins briefly, then sleeps on the bell.
    pub fn wait_on(&self, t: usize, pred: impl Fn() -> bool) {
        if pred() {
            return;
        }
        if self.is_remote() {
            return self.wait_remote(t, pred);
        }
        // Collectives hand off between threads back to back: a short spin, then yielding
        // the core for a bounded number of rounds (cheap when the other thread is about
        // to run, and it keeps this one runnable), and only then a futex sleep.
        for _ in 0..64 {
            std::hint::spin_loop();
            if pred() {
                return;
            }
        }
        for _ in 0..yield_rounds() {
            // (with the MPI conduit: serve other threads' remote accesses to this thread)
            crate::sync::yield_and_progress();
            if pred() {
                return;
            }
        }
        self.bell(t).wait_until(|_| pred());
    }

    /// `wait_on` when the regions are reached through the conduit: `t`'s words are read in
    /// place when they are this thread's own, else by a round trip each.
    #[inline(never)]
    fn wait_remote(&self, t: usize, pred: impl Fn() -> bool) {
        if t == self.me {
            super::rt::wait_progress(pred)
        } else {
            super::rt::poll_remote(pred)
        }
    }

    // ---- the MYSYNC protocol ------------------------------------------------------

    /// Enter a collective: returns its sequence number and publishes it.
    pub fn enter(&self) -> u64 {
        let k = self.seq.get() + 1;
        self.seq.set(k);
        self.entered_word(self.me).store(k, SeqCst);
        self.ring(self.me);
        k
    }

    /// Has thread `t` entered collective `k`?
    #[inline]
    pub fn has_entered(&self, t: usize, k: u64) -> bool {
        if self.is_remote() && t != self.me {
            return self.has_entered_remote(t, k);
        }
        self.entered_word(t).load(Acquire) >= k
    }

    /// `has_entered` for another thread whose region is reached through the conduit: what is
    /// known of it, else one atomic read.
    #[inline(never)]
    fn has_entered_remote(&self, t: usize, k: u64) -> bool {
        if self.all_entered.get() >= k || self.known.borrow()[t] >= k {
            return true;
        }
        let v = super::rt::word_load(t, self.entered_word(t));
        self.known.borrow_mut()[t] = v;
        v >= k
    }

    /// Block until thread `t` entered collective `k`.
    #[inline]
    pub fn wait_entered(&self, t: usize, k: u64) {
        if t != self.me {
            self.wait_on(t, || self.has_entered(t, k));
        }
    }

    /// Block until every thread of `set` entered collective `k`.
    pub fn wait_entered_all(&self, set: impl Iterator<Item = usize>, k: u64) {
        for t in set {
            self.wait_entered(t, k);
        }
    }

    /// This thread finished all accesses to `owner`'s data in collective `k`.
    pub fn signal_done(&self, owner: usize, k: u64) {
        if owner != self.me {
            if self.is_remote() {
                return super::rt::word_store(owner, self.done_word(owner, self.me), k);
            }
            self.done_word(owner, self.me).store(k, Release);
            self.ring(owner);
        }
    }

    /// Block until thread `by` signalled it is done with this thread's data in `k`.
    pub fn wait_done_by(&self, by: usize, k: u64) {
        if by != self.me {
            let w = self.done_word(self.me, by);
            self.wait_on(self.me, || w.load(Acquire) >= k);
        }
    }

    /// Has `by` finished with this thread's data in `k`?
    pub fn is_done_by(&self, by: usize, k: u64) -> bool {
        by == self.me || self.done_word(self.me, by).load(Acquire) >= k
    }

    /// Permute: tell `t` its block for collective `k` has arrived.  Waits first until
    /// `t` left collective `k - RING` (the ring slot is then free).
    pub fn signal_recv(&self, t: usize, k: u64) {
        if k > RING as u64 {
            let min = k - RING as u64 + 1;
            self.wait_on(t, || self.has_entered(t, min));
        }
        if self.is_remote() && t != self.me {
            return super::rt::word_store(t, self.recv_word(t, k), k);
        }
        self.recv_word(t, k).store(k, Release);
        self.ring(t);
    }

    /// Permute: wait until this thread's block for collective `k` arrived.
    pub fn wait_recv(&self, k: u64) {
        let w = self.recv_word(self.me, k);
        self.wait_on(self.me, || w.load(Acquire) >= k);
    }

    /// Publish this thread's partial reduction value for collective `k`, to be read by
    /// `reader` (`None`: by any thread).  `value` is at most 16 bytes; `None` = this
    /// thread holds no element.
    pub fn put_partial(&self, k: u64, reader: Option<usize>, value: Option<&[u8]>) {
        if let Some(d) = reader.filter(|&d| self.is_remote() && d != self.me) {
            return self.send_partial(k, d, value);
        }
        let slot = k as usize % RING;
        let (prev_k, prev_reader) = self.partial_reader.borrow()[slot];
        if prev_k != 0 {
            // The slot is free once its previous readers left that collective.
            let readers: Vec<usize> = match prev_reader {
                Some(r) => vec![r as usize],
                None => (0..self.threads).collect(),
            };
            for r in readers {
                if r != self.me {
                    self.wait_on(r, || self.has_entered(r, prev_k + 1));
                }
            }
        }
        self.partial_reader.borrow_mut()[slot] = (k, reader.map(|r| r as u32));
        let base = layout::PARTIAL + slot * layout::PARTIAL_SIZE;
        // SAFETY: the slot belongs to this thread and nobody reads it until `seq` says k.
        unsafe {
            let p = self.regions[self.me].add(base);
            let has = p.add(8) as *mut u64;
            match value {
                Some(v) => {
                    std::ptr::copy_nonoverlapping(v.as_ptr(), p.add(16), v.len().min(16));
                    has.write_volatile(1);
                }
                None => has.write_volatile(0),
            }
        }
        self.word::<AtomicU64>(self.me, base).store(k, Release);
        self.ring(self.me);
    }

    /// Wait for thread `t`'s partial of collective `k` and copy it into `out` (which has
    /// the element's size).  Returns false if `t` holds no element.
    pub fn get_partial(&self, t: usize, k: u64, out: &mut [u8]) -> bool {
        let slot = k as usize % RING;
        let base = layout::PARTIAL + slot * layout::PARTIAL_SIZE;
        let seqw = self.word::<AtomicU64>(t, base);
        if self.is_remote() && t != self.me {
            // published by `t` in its own slot (read by any thread: prefix reductions)
            self.wait_on(t, || super::rt::word_load(t, seqw) >= k);
            let mut b = [0u8; layout::PARTIAL_SIZE - 8];
            super::rt::get_bytes(t, seqw.as_ptr().wrapping_add(1) as *const u8, &mut b);
            if u64::from_ne_bytes(b[..8].try_into().unwrap()) == 0 {
                return false;
            }
            let n = out.len().min(16);
            out[..n].copy_from_slice(&b[8..8 + n]);
            return true;
        }
        self.wait_on(t, || seqw.load(Acquire) >= k);
        // SAFETY: published with Release above; the writer waits for us before reuse.
        unsafe {
            let p = self.regions[t].add(base);
            if (p.add(8) as *const u64).read_volatile() == 0 {
                return false;
            }
            std::ptr::copy_nonoverlapping(p.add(16), out.as_mut_ptr(), out.len().min(16));
        }
        true
    }

    /// Remote mode: put this thread's partial of collective `k` into root `d`'s inbox (the
    /// value, then its sequence number: two operations), once `d` took the one before in
    /// the same slot (two slots, by parity: a sender may be one reduction ahead of the root
    /// without waiting).
    fn send_partial(&self, k: u64, d: usize, value: Option<&[u8]>) {
        let parity = k as usize % 2;
        let prev = self.sent.borrow()[d][parity];
        if prev != 0 {
            // `d` read it before it left collective `prev`
            self.wait_on(d, || self.has_entered(d, prev + 1));
        }
        self.sent.borrow_mut()[d][parity] = k;
        let at = self.inbox(d, self.me, k);
        let mut b = [0u8; layout::PARTIAL_SIZE - 8];
        if let Some(v) = value {
            b[..8].copy_from_slice(&1u64.to_ne_bytes());
            let n = v.len().min(16);
            b[8..8 + n].copy_from_slice(&v[..n]);
        }
        super::rt::put_bytes(d, at.wrapping_add(8), &b);
        // SAFETY: the slot's first word, aligned, in `d`'s region (not dereferenced here).
        let seqw = unsafe { &*(at as *const AtomicU64) };
        super::rt::word_store(d, seqw, k);
    }

    /// The partial of collective `k` that thread `t` sent to this thread (the reduction's
    /// root: `put_partial(k, Some(me), ..)` on `t`) into `out`; false if `t` holds no
    /// element.
    pub fn take_partial(&self, t: usize, k: u64, out: &mut [u8]) -> bool {
        if !self.is_remote() || t == self.me {
            return self.get_partial(t, k, out);
        }
        let at = self.inbox(self.me, t, k);
        // SAFETY: this thread's own region, aligned words; the sender writes the value
        // before the sequence number and waits for the next collective before rewriting.
        unsafe {
            let seqw = &*(at as *const AtomicU64);
            super::rt::wait_progress(|| seqw.load(Acquire) >= k);
            if (at.add(8) as *const u64).read_volatile() == 0 {
                return false;
            }
            std::ptr::copy_nonoverlapping(at.add(16), out.as_mut_ptr(), out.len().min(16));
        }
        true
    }

    /// Next parity for the I/O agreement helper.
    pub(crate) fn next_agree_parity(&self) -> usize {
        let p = self.agree_parity.get();
        self.agree_parity.set(p ^ 1);
        p
    }
}

/// Rounds of `sched_yield` before a wait sleeps (`UPC_COLL_YIELDS`, default 200).
fn yield_rounds() -> u32 {
    static N: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
    *N.get_or_init(|| {
        std::env::var("UPC_COLL_YIELDS")
            .ok()
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or(200)
    })
}

// ---- the process's team (C entry points) ----------------------------------------------

thread_local! {
    static CURRENT: std::cell::OnceCell<Team> = const { std::cell::OnceCell::new() };
}

/// Run `f` with this process's team (built on first use from the runtime).
pub fn with_current<R>(f: impl FnOnce(&Team) -> R) -> R {
    CURRENT.with(|c| f(c.get_or_init(runtime_team)))
}

fn runtime_team() -> Team {
    crate::collectives::rt::team()
}

// ---- a test harness: THREADS OS threads over one heap segment ----------------------------

#[cfg(test)]
pub mod harness {
    use super::*;
    use std::sync::{Arc, Barrier};

    /// One heap-allocated "job": segment partitions and collectives regions.
    pub struct Job {
        pub threads: usize,
        pub part_size: usize,
        seg: Vec<u64>,
        regions: Vec<u64>,
        global: Vec<u64>,
    }

    impl Job {
        pub fn new(threads: usize, part_size: usize) -> Arc<Job> {
            Arc::new(Job {
                threads,
                part_size,
                seg: vec![0u64; threads * part_size / 8],
                regions: vec![0u64; threads * layout::REGION_SIZE / 8],
                global: vec![0u64; layout::GLOBAL_SIZE / 8],
            })
        }
        pub fn seg_base(&self) -> *mut u8 {
            self.seg.as_ptr() as *mut u8
        }
        pub fn at(&self, thread: usize, addr: u64) -> *mut u8 {
            unsafe { self.seg_base().add(thread * self.part_size + addr as usize) }
        }
    }

    struct SendPtr(*mut u8);
    unsafe impl Send for SendPtr {}
    unsafe impl Sync for SendPtr {}

    /// Run `body(team)` on `threads` OS threads; returns each thread's result.
    pub fn run<R: Send + 'static>(
        job: &Arc<Job>,
        body: impl Fn(&Team) -> R + Send + Sync + 'static,
    ) -> Vec<R> {
        let barrier = Arc::new(Barrier::new(job.threads));
        let body = Arc::new(body);
        let handles: Vec<_> = (0..job.threads)
            .map(|me| {
                let job = Arc::clone(job);
                let barrier = Arc::clone(&barrier);
                let body = Arc::clone(&body);
                std::thread::spawn(move || {
                    let seg = SendPtr(job.seg_base());
                    let regions: Vec<*mut u8> = (0..job.threads)
                        .map(|t| unsafe {
                            (job.regions.as_ptr() as *mut u8).add(t * layout::REGION_SIZE)
                        })
                        .collect();
                    let b = Arc::clone(&barrier);
                    let team = unsafe {
                        Team::new(
                            job.threads,
                            me,
                            seg.0,
                            job.part_size,
                            regions,
                            Box::new(move || {
                                b.wait();
                            }),
                        )
                    };
                    team.set_global(job.global.as_ptr() as *mut u8);
                    body(&team)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    }
}
