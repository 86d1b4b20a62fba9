//! UPC locks over a conduit's one-sided atomics, when the threads do not share memory
//! (`UPC_MPI_NODES=rank`; `rma::control`): an MCS queue lock whose words are reached only by
//! the conduit's atomic operations (`MPI_Fetch_and_op`, `MPI_Compare_and_swap`), for the
//! caller's own words too.
//!
//! The lock's words live in its record (`lock.rs`: `over_tail`, `over_owner`), in the local
//! heap of the thread the lock has affinity to.  A queue node is 16 bytes in the waiting
//! thread's own local heap (`next`: the successor's node, `go`: set by the predecessor at its
//! unlock), so a waiter tests only its own memory: the hand-off is one remote atomic from the
//! releasing thread to the waiter (which `rma::ring` wakes if it sleeps).  A node is named by
//! one word: `(thread + 1) << 44 | address`.
//!
//! `upc_lock`: swap this thread's node into `over_tail`; with a predecessor, write the node
//! into the predecessor's `next` and wait for `go` (bounded tests, then sleeps of 20-250 us,
//! always making progress: `rma::wait_word`).  The holder then writes `over_owner`, which is
//! how the checker learns who holds a lock ([`owner`]).  `upc_lock_attempt`: one
//! compare-and-swap of `over_tail` from 0.  `upc_unlock`: clear `over_owner`; without a
//! successor, compare-and-swap `over_tail` back to 0; otherwise (or when one arrives
//! meanwhile) wait for `next` and set the successor's `go`.  Every operation is complete
//! (flushed) when it returns, so a lock operation orders the thread's earlier remote
//! accesses, as UPC requires.
//!
//! Which locks this thread holds, with their nodes, is private to the process (`HELD`).

use crate::alloc::{self, ObjectKind};
use crate::lock::{self, OVER_OWNER, OVER_TAIL};
use crate::rma::{wait_word, word_cas, word_load, word_swap};
use crate::{job, segment, status, PShared};
use std::ffi::c_int;

/// Bits of the address in a node's name.
const ADDR_BITS: u32 = 44;
/// Queue nodes allocated at once (64 bytes apart, one cache line each).
const CHUNK_NODES: u64 = 64;
const NODE_BYTES: u64 = 64;
/// Offsets of the words of a node.
const NEXT: u64 = 0;
const GO: u64 = 8;

/// This thread's free queue nodes and the locks it holds (lock, its node).
struct Private {
    free: Vec<u64>,
    held: Vec<(PShared, u64)>,
}

static mut PRIVATE: Private = Private {
    free: Vec::new(),
    held: Vec::new(),
};

fn private() -> &'static mut Private {
    // SAFETY: private per process (one UPC thread = one single-threaded process).
    unsafe { &mut *std::ptr::addr_of_mut!(PRIVATE) }
}

fn name(thread: usize, addr: u64) -> u64 {
    ((thread as u64 + 1) << ADDR_BITS) | addr
}

fn word(name: u64, off: u64) -> PShared {
    let thread = (name >> ADDR_BITS) - 1;
    PShared::new(thread as u32, (name & ((1 << ADDR_BITS) - 1)) + off, 0)
}

fn at(l: PShared, off: u64) -> PShared {
    PShared::new(l.thread, l.addr + off, 0)
}

/// A free queue node of this thread (its name), both words 0.
fn take_node() -> u64 {
    let me = segment::mythread();
    let p = private();
    let n = match p.free.pop() {
        Some(n) => n,
        None => {
            let c = alloc::local_alloc(me, (CHUNK_NODES + 1) * NODE_BYTES, ObjectKind::Internal);
            if c.is_null() || c.addr.next_multiple_of(NODE_BYTES) >= 1 << ADDR_BITS {
                job::fatal_error(&format!(
                    "upc-check: error: thread {me}: no shared memory left for the queue nodes \
                     of the locks (UPC_SHARED_HEAP_SIZE)\n"
                ));
            }
            let base = c.addr.next_multiple_of(NODE_BYTES);
            p.free.extend(
                (1..CHUNK_NODES)
                    .rev()
                    .map(|i| name(me, base + i * NODE_BYTES)),
            );
            name(me, base)
        }
    };
    // (no other thread refers to a free node: its last users' operations completed before
    // it was freed)
    word_swap(word(n, NEXT), 0);
    word_swap(word(n, GO), 0);
    n
}

/// Whether this thread holds a lock.
pub(crate) fn holds_any() -> bool {
    !private().held.is_empty()
}

/// The locks this thread holds, in the order it took them.
pub(crate) fn held() -> Vec<PShared> {
    private().held.iter().map(|&(l, _)| l).collect()
}

fn held_index(l: PShared) -> Option<usize> {
    private()
        .held
        .iter()
        .position(|(h, _)| h.thread == l.thread && h.addr == l.addr)
}

fn acquired(l: PShared, n: u64) {
    crate::lock::count_taken();
    word_swap(at(l, OVER_OWNER), segment::mythread() as u64 + 1);
    private().held.push((l, n));
}

/// The thread holding lock `l` (a valid or freed lock record), if any.
pub(crate) fn owner(l: PShared) -> Option<u32> {
    match word_load(at(l, OVER_OWNER)) {
        0 => None,
        o => Some(o as u32 - 1),
    }
}

pub(crate) fn lock(l: PShared) {
    lock::check(l, "upc_lock");
    let me = segment::mythread();
    if held_index(l).is_some() {
        job::fatal_error(&format!(
            "upc-check: error: thread {me}: upc_lock: this thread already holds the lock \
             (UPC locks are not recursive: this would deadlock)\n"
        ));
    }
    let n = take_node();
    let pred = word_swap(at(l, OVER_TAIL), n);
    if pred != 0 {
        word_swap(word(pred, NEXT), n);
        let marked = status::begin_wait(c"upc_lock");
        wait_word(word(n, GO), |v| v != 0);
        status::end_wait(marked);
    }
    acquired(l, n);
}

pub(crate) fn lock_attempt(l: PShared) -> c_int {
    lock::check(l, "upc_lock_attempt");
    let me = segment::mythread();
    if held_index(l).is_some() {
        job::fatal_error(&format!(
            "upc-check: error: thread {me}: upc_lock_attempt: this thread already holds the \
             lock\n"
        ));
    }
    if word_load(at(l, OVER_TAIL)) != 0 {
        return 0;
    }
    let n = take_node();
    if word_cas(at(l, OVER_TAIL), 0, n) == 0 {
        acquired(l, n);
        1
    } else {
        private().free.push(n);
        0
    }
}

pub(crate) fn unlock(l: PShared) {
    lock::check(l, "upc_unlock");
    let me = segment::mythread();
    let Some(i) = held_index(l) else {
        job::fatal_error(&format!(
            "upc-check: error: thread {me}: upc_unlock: the lock is not held by this thread\n"
        ))
    };
    let (_, n) = private().held.swap_remove(i);
    word_swap(at(l, OVER_OWNER), 0);
    let mut succ = word_load(word(n, NEXT));
    if succ == 0 {
        if word_cas(at(l, OVER_TAIL), n, 0) == n {
            private().free.push(n);
            return;
        }
        // a successor swapped itself in and is about to link to this node
        succ = wait_word(word(n, NEXT), |v| v != 0);
    }
    word_swap(word(succ, GO), 1);
    private().free.push(n);
}
