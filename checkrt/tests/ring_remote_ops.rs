//! How many operations a thread makes on other threads' ring slots per checked collective,
//! from 2 to 64 threads: the property a distributed transport relies on (each such word
//! operation, and each signature moved under a neighbour's slot lock, becomes a remote
//! operation when the slots live on other nodes).  The ring compares with the two
//! neighbours only, so the count must not grow with THREADS.
//!
//! Real threads run the real protocol (`ring::enter`, `ring::barrier_arrive`,
//! `ring::finish`) over words that count every access made by a thread other than the
//! slot's owner.  Waits block on a condition variable without touching the words, so
//! polling is not counted: a transport waits for a notification instead.

use std::cell::Cell;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::SeqCst};
use std::sync::{Arc, Barrier, Condvar, Mutex};

use checkrt::platform::{Platform, Word};
use checkrt::ring::{self, Mismatch, RingMemory, Slot};
use checkrt::signature::{Signature, END_OF_EXECUTION};

thread_local! {
    /// The ring thread running on this OS thread.
    static ME: Cell<usize> = const { Cell::new(usize::MAX) };
}

/// Operations on other threads' words, all threads together.
static REMOTE: AtomicU64 = AtomicU64::new(0);

/// A ring word that knows whose slot it is in.
struct CW {
    v: AtomicU32,
    owner: usize,
}

impl CW {
    fn count(&self) {
        if ME.with(Cell::get) != self.owner {
            REMOTE.fetch_add(1, SeqCst);
        }
    }
}

impl Word for CW {
    fn load(&self) -> u32 {
        self.count();
        self.v.load(SeqCst)
    }
    fn store(&self, v: u32) {
        self.count();
        self.v.store(v, SeqCst)
    }
    fn swap(&self, v: u32) -> u32 {
        self.count();
        self.v.swap(v, SeqCst)
    }
    fn compare_exchange(&self, c: u32, n: u32) -> Result<u32, u32> {
        self.count();
        self.v.compare_exchange(c, n, SeqCst, SeqCst)
    }
}

struct Mem<const MI: bool> {
    slots: Vec<Slot<CW>>,
    mu: Mutex<()>,
    cv: Condvar,
}

impl<const MI: bool> Platform for Mem<MI> {
    type W = CW;
    fn wait(&self, w: &CW, expected: u32) {
        let mut g = self.mu.lock().unwrap();
        while w.v.load(SeqCst) == expected {
            g = self.cv.wait(g).unwrap();
        }
    }
    fn wake(&self, _w: &CW) {
        let _g = self.mu.lock().unwrap();
        self.cv.notify_all();
    }
    fn spin_limit(&self) -> u32 {
        0
    }
    fn yield_limit(&self) -> u32 {
        0
    }
}

impl<const MI: bool> RingMemory for Mem<MI> {
    const MIRROR: bool = MI;
    fn threads(&self) -> usize {
        self.slots.len()
    }
    fn slot(&self, k: usize) -> &Slot<CW> {
        &self.slots[k]
    }
}

/// Remote word operations per thread per collective when `n` threads run `rounds`
/// collectives (`barriers`: upc_barrier, else a library collective going around the ring,
/// followed by a real barrier as a synchronizing collective would be).
fn per_thread_per_collective<const MI: bool>(n: usize, rounds: usize, barriers: bool) -> f64 {
    let mem = Arc::new(Mem::<MI> {
        slots: (0..n)
            .map(|t| {
                Slot::new(|| CW {
                    v: AtomicU32::new(0),
                    owner: t,
                })
            })
            .collect(),
        mu: Mutex::new(()),
        cv: Condvar::new(),
    });
    let sync = Arc::new(Barrier::new(n));
    let before = REMOTE.load(SeqCst);
    let threads: Vec<_> = (0..n)
        .map(|me| {
            let (mem, sync) = (mem.clone(), sync.clone());
            std::thread::spawn(move || {
                ME.with(|c| c.set(me));
                let mut on = |m: &Mismatch| panic!("false alarm: {m:?}");
                for r in 0..rounds {
                    let mut sig = Signature::catalog(if barriers { 9 } else { 3 }, 0);
                    sig.push(r as u64);
                    if barriers {
                        // (the upc_forall digest rides on the runtime's own arrival word,
                        // `ring::barrier_word`: no operation of the ring's)
                        ring::barrier_arrive(&*mem, me, &sig, &mut on);
                        sync.wait();
                    } else {
                        ring::enter(&*mem, me, &sig, &mut on);
                        sync.wait();
                    }
                }
                ring::finish(&*mem, me, &Signature::new(END_OF_EXECUTION, 0), &mut on);
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    (REMOTE.load(SeqCst) - before) as f64 / (n * rounds) as f64
}

#[test]
fn remote_operations_per_collective_do_not_grow_with_threads() {
    // one test at a time: REMOTE is global
    let rounds = 200;
    let mut ring_counts = Vec::new();
    let mut barrier_counts = Vec::new();
    for n in [2, 4, 8, 16, 32, 64] {
        let c = per_thread_per_collective::<false>(n, rounds, false);
        let b = per_thread_per_collective::<false>(n, rounds, true);
        println!("THREADS {n:2}: ring collective {c:5.2} remote word operations per thread, barrier {b:5.2}");
        ring_counts.push(c);
        barrier_counts.push(b);
        // the ring over one-sided communication (`remote.rs`): a barrier's arrival reads
        // only the thread's own words; the end of execution, spread over the rounds, is
        // all that remains
        let c = per_thread_per_collective::<true>(n, rounds, false);
        let b = per_thread_per_collective::<true>(n, rounds, true);
        println!("THREADS {n:2}: mirrored: ring collective {c:5.2}, barrier {b:5.2}");
        assert!(
            b < 0.1,
            "mirrored barrier: {b} remote operations per thread"
        );
        ring_counts.push(c);
    }
    // The ring step: the neighbour's slot lock taken and released and its busy flags
    // looked at, a handful of operations, whatever THREADS is.  The end of execution
    // is spread over the rounds.
    for (counts, what) in [
        (&ring_counts, "ring collective"),
        (&barrier_counts, "barrier"),
    ] {
        let (lo, hi) = counts
            .iter()
            .fold((f64::MAX, 0f64), |(lo, hi), &c| (lo.min(c), hi.max(c)));
        assert!(
            hi <= 16.0,
            "{what}: {hi} remote operations per thread per collective"
        );
        assert!(
            hi <= lo * 1.5 + 1.0,
            "{what}: the count grows with THREADS: {counts:?}"
        );
    }
}
