//! Model checking of the collective ring (`ring.rs`) with shuttle: every interleaving the
//! scheduler explores (random, PCT and bounded exhaustive search) of 2 and 3 threads
//! running short sequences of collectives, with and without mismatches.  Checked in every
//! execution: the checker itself never deadlocks (shuttle fails on a deadlock), a sequence
//! that differs between threads is always reported, identical sequences never are, and
//! every report names two signatures that really differ.  Barriers do not go around the ring
//! (`ring::barrier_arrive`): in the model a thread at a barrier really waits there until every
//! thread arrives or a mismatch ends the job.
//!
//! Every scenario also runs on the memory of the ring over one-sided communication
//! (`RingMemory::MIRROR`, `remote.rs`): a neighbour's pending signature mirrored in the left
//! neighbour's slot, and each signature worked on as a copy (a get) written back after the
//! protocol's step under the lock (a put), as the remote ring does.

use std::sync::Arc;

use checkrt::platform::{Platform, Word};
use checkrt::ring::{self, Mismatch, RingMemory, SigAt, Slot};
use checkrt::signature::{Signature, END_OF_EXECUTION};
use shuttle::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use shuttle::sync::{Barrier, Condvar, Mutex};

/// A word whose every access is a scheduling point of the model checker.
struct MW(AtomicU32);

impl Word for MW {
    fn load(&self) -> u32 {
        self.0.load(Ordering::SeqCst)
    }
    fn store(&self, v: u32) {
        self.0.store(v, Ordering::SeqCst)
    }
    fn swap(&self, v: u32) -> u32 {
        self.0.swap(v, Ordering::SeqCst)
    }
    fn compare_exchange(&self, c: u32, n: u32) -> Result<u32, u32> {
        self.0
            .compare_exchange(c, n, Ordering::SeqCst, Ordering::SeqCst)
    }
}

/// The ring's memory under the model checker: blocking = a condition variable, so a
/// deadlock of the protocol is a deadlock shuttle sees.
struct Model<const MI: bool> {
    slots: Vec<Slot<MW>>,
    mu: Mutex<()>,
    cv: Condvar,
    /// A mismatch was reported: the job ends (blocked threads stop).
    ended: AtomicBool,
    /// The barrier: (threads arrived, generation).
    bar: Mutex<(usize, u64)>,
    bar_cv: Condvar,
}

/// Unwinds a thread of the model when the job ends while it is blocked.
struct JobEnded;

impl<const MI: bool> Model<MI> {
    /// Wait at the barrier; false when the job ended instead.
    fn barrier(&self) -> bool {
        let mut g = self.bar.lock().unwrap();
        let gen = g.1;
        g.0 += 1;
        if g.0 == self.slots.len() {
            g.0 = 0;
            g.1 += 1;
            self.bar_cv.notify_all();
            return true;
        }
        while g.1 == gen {
            if self.ended.load(Ordering::SeqCst) {
                return false;
            }
            g = self.bar_cv.wait(g).unwrap();
        }
        true
    }

    /// Held for good (a synchronizing collective some thread does not reach): until the
    /// job ends.
    fn hold(&self) {
        let mut g = self.bar.lock().unwrap();
        while !self.ended.load(Ordering::SeqCst) {
            g = self.bar_cv.wait(g).unwrap();
        }
    }

    fn end_job(&self) {
        self.ended.store(true, Ordering::SeqCst);
        drop(self.bar.lock().unwrap());
        self.bar_cv.notify_all();
        drop(self.mu.lock().unwrap());
        self.cv.notify_all();
    }
}

impl<const MI: bool> Platform for Model<MI> {
    type W = MW;
    fn wait(&self, w: &MW, expected: u32) {
        let mut g = self.mu.lock().unwrap();
        while w.load() == expected {
            if self.ended.load(Ordering::SeqCst) {
                drop(g);
                std::panic::resume_unwind(Box::new(JobEnded));
            }
            g = self.cv.wait(g).unwrap();
        }
    }
    fn wake(&self, _w: &MW) {
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

impl<const MI: bool> RingMemory for Model<MI> {
    const MIRROR: bool = MI;
    fn threads(&self) -> usize {
        self.slots.len()
    }
    fn slot(&self, k: usize) -> &Slot<MW> {
        &self.slots[k]
    }
    fn with_sig<R>(&self, k: usize, at: SigAt, f: impl FnOnce(&mut Signature) -> R) -> R {
        if !MI {
            return ring::with_own_sig(&self.slots[k], at, f);
        }
        // a get, the step on the copy, a put of what changed
        let mut copy = ring::with_own_sig(&self.slots[k], at, |s| *s);
        let before = copy;
        let r = f(&mut copy);
        if copy != before {
            ring::with_own_sig(&self.slots[k], at, |s| *s = copy);
        }
        r
    }
}

/// One collective of a scenario: operation, one single-valued value, synchronizing?
#[derive(Clone, Copy, Debug)]
struct Op(usize, u64, bool);

/// The operation number of a barrier (upc_notify / upc_barrier).
const BARRIER: usize = 9;

fn sig(o: Op) -> Signature {
    let mut s = Signature::catalog(o.0, 0);
    s.push(o.1);
    s
}

/// Run one execution of a scenario and check its outcome.
fn scenario<const MI: bool>(seqs: Vec<Vec<Op>>) {
    let n = seqs.len();
    let all_same = seqs.windows(2).all(|w| {
        w[0].len() == w[1].len()
            && w[0]
                .iter()
                .zip(&w[1])
                .all(|(a, b)| sig(*a).matches(&sig(*b)))
    });
    let model = Arc::new(Model::<MI> {
        slots: (0..n)
            .map(|_| Slot::new(|| MW(AtomicU32::new(0))))
            .collect(),
        mu: Mutex::new(()),
        cv: Condvar::new(),
        ended: AtomicBool::new(false),
        bar: Mutex::new((0, 0)),
        bar_cv: Condvar::new(),
    });
    let barrier = Arc::new(Barrier::new(n));
    let found: Arc<Mutex<Vec<(usize, Mismatch)>>> = Arc::new(Mutex::new(Vec::new()));
    let seqs = Arc::new(seqs);
    let handles: Vec<_> = (0..n)
        .map(|me| {
            let (model, barrier, found, seqs) =
                (model.clone(), barrier.clone(), found.clone(), seqs.clone());
            shuttle::thread::spawn(move || {
                let run = || {
                    let mut on = |m: &Mismatch| {
                        found.lock().unwrap().push((me, *m));
                        model.end_job();
                    };
                    for (i, o) in seqs[me].iter().enumerate() {
                        if o.0 == BARRIER {
                            ring::barrier_arrive(&*model, me, &sig(*o), &mut on);
                            if !model.barrier() {
                                return;
                            }
                            continue;
                        }
                        ring::enter(&*model, me, &sig(*o), &mut on);
                        // the operation itself, when it synchronizes: a real barrier when every
                        // thread's i-th operation is the same, else held until a report ends
                        // the job (a missed mismatch is then a deadlock shuttle reports)
                        if o.2 {
                            let same = seqs.iter().all(|q| {
                                q.get(i)
                                    .is_some_and(|p| p.0 != BARRIER && sig(*p).matches(&sig(*o)))
                            });
                            if !same {
                                model.hold();
                                return;
                            }
                            if all_same {
                                barrier.wait();
                            } else if !model.barrier() {
                                return;
                            }
                        }
                    }
                    ring::finish(&*model, me, &Signature::new(END_OF_EXECUTION, 0), &mut on);
                };
                if let Err(e) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)) {
                    if !e.is::<JobEnded>() {
                        std::panic::resume_unwind(e);
                    }
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    let found = found.lock().unwrap();
    if all_same {
        assert!(found.is_empty(), "false alarm: {:?}", *found);
    } else {
        assert!(!found.is_empty(), "missed mismatch in {:?}", seqs);
    }
    for (me, m) in found.iter() {
        assert!(!m.mine.matches(&m.theirs), "report of equal signatures");
        let known = |t: usize, s: &Signature| {
            s.op == END_OF_EXECUTION || seqs[t].iter().any(|o| sig(*o).matches(s))
        };
        assert!(
            known(*me, &m.mine),
            "thread {me} reported a signature it never had"
        );
        assert!(
            known(m.other, &m.theirs),
            "thread {} never had {:?}",
            m.other,
            m.theirs
        );
    }
}

fn scenarios() -> Vec<Vec<Vec<Op>>> {
    let a = Op(1, 0, true); // barrier-like
    let b = Op(2, 4, false); // non-synchronizing collective, value 4
    let b5 = Op(2, 5, false); // same collective, other single-valued value
    let c = Op(3, 0, true);
    vec![
        // identical sequences
        vec![vec![a, b, a], vec![a, b, a]],
        vec![vec![b, b, b], vec![b, b, b], vec![b, b, b]],
        vec![vec![a, b, c], vec![a, b, c], vec![a, b, c]],
        vec![vec![], vec![]],
        // different operation
        vec![vec![a, b], vec![a, c]],
        vec![vec![b, a], vec![b, a], vec![b, c]],
        // single-valued argument differs
        vec![vec![b, b], vec![b, b5]],
        vec![vec![b5, b], vec![b, b], vec![b, b]],
        // one thread finishes early / skips one collective
        vec![vec![b, b], vec![b]],
        vec![vec![b], vec![b, b], vec![b, b]],
        vec![vec![], vec![b], vec![]],
        vec![vec![b, c, b], vec![b, b], vec![b, c, b]],
    ]
}

/// Scenarios with barriers, which do not go around the ring.
fn barrier_scenarios() -> Vec<Vec<Vec<Op>>> {
    let x = Op(BARRIER, 0, true);
    let b = Op(2, 4, false);
    let b5 = Op(2, 5, false);
    let a = Op(1, 0, true);
    vec![
        // identical sequences
        vec![vec![x, b, x], vec![x, b, x]],
        vec![vec![b, x, b], vec![b, x, b], vec![b, x, b]],
        vec![vec![x, x], vec![x, x], vec![x, x]],
        vec![vec![a, x, b], vec![a, x, b]],
        // a barrier against another collective, before or after it
        vec![vec![x], vec![b]],
        vec![vec![x, b], vec![b, x]],
        vec![vec![x], vec![x], vec![b]],
        vec![vec![b, x], vec![b, b], vec![b, x]],
        vec![vec![a, x], vec![x, a]],
        // a synchronizing collective against a barrier, 3 threads (held there for good)
        vec![vec![x], vec![x], vec![a]],
        vec![vec![a], vec![x], vec![a]],
        vec![vec![x, b, b], vec![x, b, x]],
        // one collective more or less between two barriers
        vec![vec![x, b, x], vec![x, x]],
        vec![vec![x, x], vec![x, x], vec![x, b, x]],
        // single-valued argument between barriers
        vec![vec![x, b, x], vec![x, b5, x]],
        // a thread ends while the others wait at a barrier
        vec![vec![x], vec![]],
        vec![vec![x, x], vec![x, x], vec![x]],
    ]
}

#[test]
fn ring_random_schedules() {
    for s in scenarios() {
        shuttle::check_random(move || both(&s), 300);
    }
}

#[test]
fn ring_pct_schedules() {
    for s in scenarios() {
        shuttle::check_pct(move || both(&s), 300, 3);
    }
}

#[test]
fn barrier_random_schedules() {
    for s in barrier_scenarios() {
        shuttle::check_random(move || both(&s), 300);
    }
}

#[test]
fn barrier_pct_schedules() {
    for s in barrier_scenarios() {
        shuttle::check_pct(move || both(&s), 300, 3);
    }
}

#[test]
fn barrier_exhaustive_two_threads() {
    let x = Op(BARRIER, 0, true);
    let b = Op(2, 0, false);
    for s in [
        vec![vec![x], vec![x]],
        vec![vec![x], vec![b]],
        vec![vec![x], vec![]],
        vec![vec![x, b], vec![b, x]],
    ] {
        shuttle::check_dfs(move || both(&s), Some(20_000));
    }
}

#[test]
fn ring_exhaustive_two_threads() {
    // every interleaving (bounded) of the smallest interesting cases
    let a = Op(1, 0, false);
    let b = Op(2, 0, false);
    for s in [
        vec![vec![a], vec![a]],
        vec![vec![a], vec![b]],
        vec![vec![a], vec![]],
    ] {
        shuttle::check_dfs(move || both(&s), Some(20_000));
    }
}

/// Run a scenario on both memories.
fn both(s: &[Vec<Op>]) {
    scenario::<false>(s.to_vec());
    scenario::<true>(s.to_vec());
}
