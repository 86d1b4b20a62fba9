//! The ring over one-sided communication: a conduit whose threads do not map each other's
//! checker state (the MPI conduit with every rank its own node) reaches the other threads'
//! ring slots only through the conduit's one-sided operations (`pgas::rma::control`).
//!
//! Each thread's slot stays in its own checker area (`state::ThreadArea::slot`), in the
//! reserved part of its partition, which the conduit reaches like user data (the MPI
//! conduit's data window covers the whole partition).  [`RemoteRing`] is the ring's memory
//! there: the
//! words of the thread's own slot are its own atomics, those of another thread's slot are
//! [`RWord`]s, whose every operation is one remote atomic (`MPI_Fetch_and_op`,
//! `MPI_Compare_and_swap`, completed by a flush); a signature of another thread's slot is
//! read by one get and, when the protocol changed it, written back by one put.  A wait on
//! another thread's word cannot sleep on it: it serves this thread's own remote accesses
//! (the runtime's progress) and sleeps a bounded, backing-off time (20-250 us) before the
//! ring looks at the word again.
//!
//! Every remote operation is counted ([`counts`], `upcc_check_ring_counts`): operations of
//! the protocol apart from the polling of a word waited for, which is counted separately
//! (a transport with notifications would not poll).

use std::cell::Cell;
use std::mem::offset_of;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::Relaxed, Ordering::SeqCst};

use pgas::conduit::{AtomicOp, AtomicType, Conduit};

use crate::platform::{futex_wait, futex_wake_all, Platform, Word};
use crate::ring::{sig_offset, RingMemory, SigAt, Slot};
use crate::signature::Signature;
use crate::state::ThreadArea;

/// Remote operations of this process: word operations, signature gets, signature puts,
/// and word operations that polled a word waited for.
static WORD_OPS: AtomicU64 = AtomicU64::new(0);
static SIG_GETS: AtomicU64 = AtomicU64::new(0);
static SIG_PUTS: AtomicU64 = AtomicU64::new(0);
static POLLS: AtomicU64 = AtomicU64::new(0);

/// This process's counts: remote word operations, signature gets, signature puts, polls.
pub fn counts() -> [u64; 4] {
    [
        WORD_OPS.load(Relaxed),
        SIG_GETS.load(Relaxed),
        SIG_PUTS.load(Relaxed),
        POLLS.load(Relaxed),
    ]
}

thread_local! {
    /// The remote word last waited for (thread, address), until an operation on another
    /// word: operations on it are polls.
    static WAITED: Cell<(u32, u32)> = const { Cell::new((u32::MAX, 0)) };
}

/// Where the ring slot is in a thread's partition (its checker region's offset, then the
/// slot's in the region): the same for every thread.
fn slot_addr() -> usize {
    pgas::segment::thread_region_bounds(pgas::segment::Region::Checker).0
        + offset_of!(ThreadArea, slot)
}

/// A word of a thread's ring slot: the thread's own (an atomic of its memory) or another's
/// (reached by its address in the thread's partition through the conduit).
pub struct RWord {
    thread: u32,
    addr: u32,
    local: Option<&'static AtomicU32>,
}

impl RWord {
    #[inline]
    fn remote(&self, f: impl FnOnce(&'static dyn Conduit) -> Result<u32, String>) -> u32 {
        let polled = WAITED.with(|w| {
            let hit = w.get() == (self.thread, self.addr);
            if !hit {
                w.set((u32::MAX, 0));
            }
            hit
        });
        if polled { &POLLS } else { &WORD_OPS }.fetch_add(1, Relaxed);
        let c = pgas::rma::control().expect("a conduit that runs the control words");
        f(c).unwrap_or_else(|e| fatal(&e))
    }
    #[inline]
    fn fop(&self, op: AtomicOp, v: u32) -> u32 {
        self.remote(|c| {
            let mut old = [0u8; 4];
            let (t, a) = (self.thread as usize, self.addr.into());
            c.fetch_and_op(t, a, AtomicType::U32, op, &v.to_ne_bytes(), &mut old)
                .map(|()| u32::from_ne_bytes(old))
        })
    }
}

/// An operation on a word of this thread's own slot, which other threads change by the
/// conduit's one-sided atomics: kept apart from the conduit's serving of them by a progress
/// thread (`Conduit::quiet`), whose target side of an atomic may be plain loads and stores.
#[inline]
fn own_op<R>(f: impl FnOnce() -> R) -> R {
    let c = pgas::rma::control().expect("a conduit that runs the control words");
    pgas::meta::quiet(c, f)
}

#[cold]
fn fatal(e: &str) -> ! {
    eprintln!("upc-check: internal error: the checker's remote operation failed: {e}");
    pgas::job::abort_job(2)
}

impl Word for RWord {
    #[inline]
    fn load(&self) -> u32 {
        match self.local {
            Some(w) => own_op(|| w.load(SeqCst)),
            None => self.fop(AtomicOp::Get, 0),
        }
    }
    #[inline]
    fn store(&self, v: u32) {
        match self.local {
            Some(w) => own_op(|| w.store(v, SeqCst)),
            None => {
                self.fop(AtomicOp::Replace, v);
            }
        }
    }
    #[inline]
    fn swap(&self, v: u32) -> u32 {
        match self.local {
            Some(w) => own_op(|| w.swap(v, SeqCst)),
            None => self.fop(AtomicOp::Replace, v),
        }
    }
    #[inline]
    fn compare_exchange(&self, current: u32, new: u32) -> Result<u32, u32> {
        let old = match self.local {
            Some(w) => return own_op(|| w.compare_exchange(current, new, SeqCst, SeqCst)),
            None => self.remote(|c| {
                let mut old = [0u8; 4];
                let (t, a) = (self.thread as usize, self.addr.into());
                let (cur, new) = (current.to_ne_bytes(), new.to_ne_bytes());
                c.compare_and_swap(t, a, AtomicType::U32, &cur, &new, &mut old)
                    .map(|()| u32::from_ne_bytes(old))
            }),
        };
        if old == current {
            Ok(old)
        } else {
            Err(old)
        }
    }
}

/// The ring of a job whose threads reach each other's checker state through the conduit.
pub struct RemoteRing {
    me: usize,
    /// Where the ring slot is in every thread's partition (`slot_addr`).
    slot: usize,
    slots: Vec<Slot<RWord>>,
    conduit: &'static dyn Conduit,
}

impl RemoteRing {
    /// The ring of thread `me` of `threads`, if the threads reach each other's control
    /// state only through the conduit.
    pub fn new(me: usize, threads: usize) -> Option<Self> {
        let conduit = pgas::rma::control()?;
        if threads < 2 {
            return None;
        }
        let slot = slot_addr();
        let slots = (0..threads)
            .map(|k| {
                let own = &crate::state::area(me).slot;
                Slot::at(|off| RWord {
                    thread: k as u32,
                    addr: (slot + off) as u32,
                    local: (k == me).then(|| {
                        // SAFETY: `off` is the offset of an AtomicU32 field of a slot
                        // (`Slot::at`), here of this thread's own slot, mapped for the job.
                        unsafe {
                            &*((own as *const Slot<AtomicU32> as *const u8).add(off)
                                as *const AtomicU32)
                        }
                    }),
                })
            })
            .collect();
        Some(RemoteRing {
            me,
            slot,
            slots,
            conduit,
        })
    }
}

impl Platform for RemoteRing {
    type W = RWord;
    fn wait(&self, w: &RWord, expected: u32) {
        match w.local {
            // the thread's own word: sleep on it (bounded, serving remote accesses; a
            // remote writer wakes it with `pgas::rma::ring`)
            Some(l) => futex_wait(l, expected),
            None => {
                WAITED.with(|c| c.set((w.thread, w.addr)));
                // serve, then sleep a bounded, backing-off time on a word nobody changes
                static NAP: AtomicU32 = AtomicU32::new(0);
                futex_wait(&NAP, 0);
            }
        }
    }
    fn wake(&self, w: &RWord) {
        match w.local {
            Some(l) => futex_wake_all(l),
            // the owner may sleep on it: wake it (its wait re-checks the word)
            None => pgas::rma::ring(w.thread as usize),
        }
    }
    fn spin_limit(&self) -> u32 {
        0
    }
    fn yield_limit(&self) -> u32 {
        0
    }
}

impl RingMemory for RemoteRing {
    const MIRROR: bool = true;

    #[inline]
    fn threads(&self) -> usize {
        self.slots.len()
    }
    #[inline]
    fn slot(&self, k: usize) -> &Slot<RWord> {
        &self.slots[k]
    }
    fn with_sig<R>(&self, k: usize, at: SigAt, f: impl FnOnce(&mut Signature) -> R) -> R {
        if k == self.me {
            // SAFETY: the caller follows the ring's protocol for `at`.
            let own = &crate::state::area(self.me).slot;
            return own_op(|| crate::ring::with_own_sig(own, at, f));
        }
        let addr = (self.slot + sig_offset(at)) as u64;
        let mut s = Signature::default();
        // SAFETY: a Signature is plain data (integers), any bytes are a value.
        let bytes = unsafe {
            std::slice::from_raw_parts_mut(
                &mut s as *mut Signature as *mut u8,
                std::mem::size_of::<Signature>(),
            )
        };
        SIG_GETS.fetch_add(1, Relaxed);
        WAITED.with(|w| w.set((u32::MAX, 0)));
        self.conduit
            .get(bytes, k, addr)
            .unwrap_or_else(|e| fatal(&e));
        let before = s;
        let r = f(&mut s);
        if s != before {
            self.write_sig(k, at, &s);
        }
        r
    }
    fn write_sig(&self, k: usize, at: SigAt, sig: &Signature) {
        if k == self.me {
            let own = &crate::state::area(self.me).slot;
            return own_op(|| crate::ring::with_own_sig(own, at, |s| sig.copy_to(s)));
        }
        let addr = (self.slot + sig_offset(at)) as u64;
        // what comparisons and reports read: up to the last value word used
        let len = offset_of!(Signature, vals) + sig.values().len() * 8;
        // SAFETY: as above; `len` is within the signature.
        let bytes =
            unsafe { std::slice::from_raw_parts(sig as *const Signature as *const u8, len) };
        SIG_PUTS.fetch_add(1, Relaxed);
        WAITED.with(|w| w.set((u32::MAX, 0)));
        self.conduit
            .put(k, addr, bytes)
            .unwrap_or_else(|e| fatal(&e));
    }
}

/// This process's counts of the ring's remote operations ([`counts`]) into `out[0..4]`:
/// word operations, signature gets, signature puts, polls of words waited for.
///
/// # Safety
/// `out` points to 4 writable `unsigned long long`.
#[no_mangle]
pub unsafe extern "C" fn upcc_check_ring_counts(out: *mut u64) {
    if out.is_null() {
        return;
    }
    for (i, v) in counts().into_iter().enumerate() {
        // SAFETY: the caller gives 4 words.
        unsafe { *out.add(i) = v };
    }
}
