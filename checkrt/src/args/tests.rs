//! Unit tests of the constraint evaluation against a mock program state.

use super::world::*;
use super::{check_in, Violation};
use crate::ffi::{PShared, Val};
use rules::consts::*;
use std::cell::RefCell;

/// A program state the tests describe by hand.
struct Mock {
    threads: usize,
    me: usize,
    objs: Vec<Obj>,
    complete: bool,
    locks: Vec<(PShared, LockState)>,
    files: Vec<(usize, FileState)>,
    domains: Vec<(PShared, DomainState)>,
    handles: Vec<(u64, HandleState)>,
    /// perm values per thread at one address.
    ints: RefCell<Vec<(u32, u64, i32)>>,
}

impl Mock {
    fn new(threads: usize) -> Mock {
        Mock {
            threads,
            me: 0,
            objs: Vec::new(),
            complete: true,
            locks: Vec::new(),
            files: Vec::new(),
            domains: Vec::new(),
            handles: Vec::new(),
            ints: RefCell::new(Vec::new()),
        }
    }
    /// `shared [block/elem] char name[total]` at `base`, like a declared array.
    fn array(mut self, name: &'static str, base: u64, total: u64, block: u64) -> Mock {
        self.objs.push(Obj {
            var: None,
            name,
            base,
            total,
            block,
            first_thread: 0,
            only_thread: None,
            dynamic: false,
            freed: false,
            uniform: None,
            what: "a declared shared object",
        });
        self
    }
    fn alloc(mut self, name: &'static str, base: u64, total: u64, block: u64, freed: bool) -> Mock {
        self.objs.push(Obj {
            var: None,
            name,
            base,
            total,
            block,
            first_thread: 0,
            only_thread: None,
            dynamic: true,
            freed,
            uniform: None,
            what: "",
        });
        self
    }
    fn local_alloc(mut self, thread: u32, base: u64, total: u64) -> Mock {
        self.objs.push(Obj {
            var: None,
            name: "upc_alloc memory",
            base,
            total,
            block: 0,
            first_thread: thread,
            only_thread: Some(thread),
            dynamic: true,
            freed: false,
            uniform: None,
            what: "",
        });
        self
    }
}

impl World for Mock {
    fn threads(&self) -> usize {
        self.threads
    }
    fn mythread(&self) -> usize {
        self.me
    }
    fn part_size(&self) -> u64 {
        1 << 30
    }
    fn reserved(&self) -> u64 {
        1 << 20
    }
    fn object(&self, p: PShared) -> Option<Obj> {
        self.objs
            .iter()
            .find(|o| {
                let have = o.bytes_on(p.thread, self.threads).max(1);
                p.addr >= o.base && p.addr < o.base + have
            })
            .cloned()
    }
    fn objects_complete(&self) -> bool {
        self.complete
    }
    fn lock(&self, p: PShared) -> LockState {
        self.locks
            .iter()
            .find(|(q, _)| *q == p)
            .map_or(LockState::NotALock, |x| x.1)
    }
    fn file(&self, fd: usize) -> FileState {
        self.files
            .iter()
            .find(|(f, _)| *f == fd)
            .map_or(FileState::NotAFile, |x| x.1)
    }
    fn domain(&self, p: PShared) -> DomainState {
        self.domains
            .iter()
            .find(|(q, _)| *q == p)
            .map_or(DomainState::NotADomain, |x| x.1)
    }
    fn handle(&self, h: u64) -> HandleState {
        self.handles
            .iter()
            .find(|(q, _)| *q == h)
            .map_or(HandleState::Invalid, |x| x.1)
    }
    fn readable(&self, addr: usize, n: usize) -> bool {
        super::memory::readable(addr, n)
    }
    fn segment_pos(&self, _addr: usize) -> Option<(u32, u64)> {
        None
    }
    fn read_shared_i32(&self, thread: u32, addr: u64) -> Option<i32> {
        self.ints
            .borrow()
            .iter()
            .find(|(t, a, _)| *t == thread && *a == addr)
            .map(|x| x.2)
    }
    fn settle_time(&self) -> std::time::Duration {
        std::time::Duration::ZERO
    }
    fn fast_static(&self, p: PShared) -> Option<(u64, u64)> {
        if p.thread as usize >= self.threads {
            return None;
        }
        self.objs
            .iter()
            .find(|o| {
                !o.dynamic && !o.freed && o.uniform.is_some() && p.addr >= o.base && {
                    p.addr < o.base + o.uniform.unwrap().max(1)
                }
            })
            .map(|o| (o.base, o.uniform.unwrap()))
    }
    fn maybe_in_segment(&self, _addr: usize) -> bool {
        false
    }
    fn known_readable(&self, addr: usize, n: usize) -> bool {
        super::memory::known_readable(addr, n)
    }
}

const MB: u64 = 1 << 20;

fn sp(thread: u32, addr: u64) -> Val {
    Val {
        s: PShared {
            addr,
            thread,
            phase: 0,
        },
    }
}
fn spp(thread: u32, addr: u64, phase: u32) -> Val {
    Val {
        s: PShared {
            addr,
            thread,
            phase,
        },
    }
}
fn u(x: u64) -> Val {
    Val { u: x }
}
fn i(x: i64) -> Val {
    Val { i: x }
}
fn p<T>(x: *const T) -> Val {
    Val {
        p: x as *const std::ffi::c_void,
    }
}
fn null() -> Val {
    Val {
        p: std::ptr::null(),
    }
}

fn run(w: &Mock, op: &str, args: &[Val]) -> Vec<Violation> {
    let op = rules::lookup(op)
        .unwrap_or_else(|| panic!("{op} in catalog"))
        .1;
    check_in(w, op, args)
}

/// The single violation of a call (panics if there is not exactly one).
fn one(w: &Mock, op: &str, args: &[Val]) -> Violation {
    let v = run(w, op, args);
    assert_eq!(v.len(), 1, "{op}: expected one violation, got {v:#?}");
    v.into_iter().next().unwrap()
}

fn clean(w: &Mock, op: &str, args: &[Val]) {
    let v = run(w, op, args);
    assert!(v.is_empty(), "{op}: expected no violation, got {v:#?}");
}

const SYNC: u64 = UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC;

// ---- collectives ----------------------------------------------------------------------

#[test]
fn broadcast_zero_nbytes() {
    // shared [4] int B[4*THREADS] (16 bytes per thread), A likewise.
    let w = Mock::new(4)
        .array("B", MB, 64, 16)
        .array("A", MB + 64, 64, 16);
    clean(
        &w,
        "upc_all_broadcast",
        &[sp(0, MB), sp(1, MB + 64), u(16), u(SYNC)],
    );
    let v = one(
        &w,
        "upc_all_broadcast",
        &[sp(0, MB), sp(1, MB + 64), u(0), u(SYNC)],
    );
    assert_eq!(v.arg, Some(2));
    assert_eq!(v.value, "0");
    assert_eq!(v.rule, "nbytes must be > 0");
    assert!(!v.warning);
}

#[test]
fn broadcast_destination_affinity_and_size() {
    let w = Mock::new(4)
        .array("B", MB, 64, 16)
        .array("A", MB + 64, 64, 16);
    let v = one(
        &w,
        "upc_all_broadcast",
        &[sp(2, MB), sp(1, MB + 64), u(8), u(SYNC)],
    );
    assert_eq!(v.arg, Some(0));
    assert_eq!(v.value, "(thread 2, addr 0x100000, phase 0)");
    assert!(
        v.rule.starts_with("dst must have affinity to thread 0"),
        "{}",
        v.rule
    );
    // 20 bytes do not fit in B's 16 bytes per thread (and not in A's either).
    let v = run(
        &w,
        "upc_all_broadcast",
        &[sp(0, MB), sp(1, MB + 64), u(20), u(SYNC)],
    );
    assert_eq!(v.len(), 2, "{v:#?}");
    assert_eq!(v[0].arg, Some(0));
    assert!(
        v[0].rule.contains("B has 16 bytes on thread 0"),
        "{}",
        v[0].rule
    );
    assert!(v[0].rule.contains("4 bytes past its end"), "{}", v[0].rule);
    assert_eq!(v[1].arg, Some(1));
}

#[test]
fn broadcast_null_freed_and_unknown_pointers() {
    let w = Mock::new(2)
        .array("B", MB, 32, 16)
        .alloc("upc_all_alloc(2, 16)", 2 * MB, 32, 16, true);
    let v = one(
        &w,
        "upc_all_broadcast",
        &[
            sp(0, MB),
            Val {
                s: PShared::default(),
            },
            u(4),
            u(SYNC),
        ],
    );
    assert_eq!((v.arg, v.value.as_str()), (Some(1), "NULL"));
    assert_eq!(v.rule, "src must not be NULL");
    let v = one(
        &w,
        "upc_all_broadcast",
        &[sp(0, MB), sp(1, 2 * MB), u(4), u(SYNC)],
    );
    assert_eq!(v.arg, Some(1));
    assert!(
        v.rule
            .contains("already freed; it points into upc_all_alloc(2, 16)"),
        "{}",
        v.rule
    );
    let v = one(
        &w,
        "upc_all_broadcast",
        &[sp(0, MB), sp(1, 7 * MB), u(4), u(SYNC)],
    );
    assert!(
        v.rule.contains("does not point into any shared object"),
        "{}",
        v.rule
    );
    let v = one(
        &w,
        "upc_all_broadcast",
        &[sp(0, MB), sp(5, MB), u(4), u(SYNC)],
    );
    assert!(
        v.rule.contains("its thread is 5 but THREADS is 2"),
        "{}",
        v.rule
    );
    // An incomplete object registry never reports an unknown pointer.
    let mut w2 = Mock::new(2).array("B", MB, 32, 16);
    w2.complete = false;
    clean(
        &w2,
        "upc_all_broadcast",
        &[sp(0, MB), sp(1, 7 * MB), u(4), u(SYNC)],
    );
    // ... except one into the runtime's reserved area.
    let v = one(
        &w2,
        "upc_all_broadcast",
        &[sp(0, MB), sp(1, 64), u(4), u(SYNC)],
    );
    assert!(v.rule.contains("does not point into any shared object"));
}

#[test]
fn broadcast_overlap() {
    // src inside dst's block on thread 1.
    let w = Mock::new(2).array("B", MB, 64, 32);
    let v = one(
        &w,
        "upc_all_broadcast",
        &[sp(0, MB), sp(1, MB + 4), u(8), u(SYNC)],
    );
    assert_eq!(v.arg, Some(1));
    assert!(
        v.rule.contains("share bytes 0x100004..0x100008"),
        "{}",
        v.rule
    );
    assert!(v.rule.contains("must not overlap"), "{}", v.rule);
    assert!(v.rule.contains("on thread 1"), "{}", v.rule);
    clean(
        &w,
        "upc_all_broadcast",
        &[sp(0, MB), sp(1, MB + 8), u(8), u(SYNC)],
    );
}

#[test]
fn sync_flags() {
    let w = Mock::new(2)
        .array("B", MB, 32, 16)
        .array("A", MB + 32, 32, 16);
    let args = |f: u64| [sp(0, MB), sp(0, MB + 32), u(4), u(f)];
    for f in [
        0,
        UPC_IN_NOSYNC,
        UPC_OUT_MYSYNC,
        UPC_IN_MYSYNC | UPC_OUT_NOSYNC,
        UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC,
    ] {
        clean(&w, "upc_all_broadcast", &args(f));
    }
    for (f, text) in [
        (UPC_IN_MYSYNC | UPC_IN_NOSYNC, "UPC_IN_MYSYNC|UPC_IN_NOSYNC"),
        (
            UPC_OUT_ALLSYNC | UPC_OUT_NOSYNC | UPC_IN_NOSYNC,
            "UPC_IN_NOSYNC|UPC_OUT_ALLSYNC|UPC_OUT_NOSYNC",
        ),
        (64, "0x40"),
        (u64::MAX, "-1"),
    ] {
        let v = one(&w, "upc_all_broadcast", &args(f));
        assert_eq!(v.arg, Some(3));
        assert_eq!(v.value, text);
        assert!(v.rule.starts_with("flags must combine at most one"));
    }
}

#[test]
fn scatter_gather_exchange_sizes() {
    // 3 threads, a 12-byte block per thread at MB, a 36-byte source on thread 1.
    let w = Mock::new(3)
        .array("dst", MB, 36, 12)
        .array("blk", 2 * MB, 108, 36)
        .local_alloc(1, 3 * MB, 36);
    clean(
        &w,
        "upc_all_scatter",
        &[sp(0, MB), sp(1, 3 * MB), u(12), u(SYNC)],
    );
    // src needs nbytes*THREADS = 39 bytes on thread 1.
    // 13 bytes fit neither dst's 12-byte blocks nor src (39 > 36 bytes on thread 1).
    let v = run(
        &w,
        "upc_all_scatter",
        &[sp(0, MB), sp(1, 3 * MB), u(13), u(SYNC)],
    );
    assert_eq!(
        v.iter().map(|x| x.arg).collect::<Vec<_>>(),
        vec![Some(0), Some(1)]
    );
    assert!(
        v[1].rule
            .contains("upc_alloc memory has 36 bytes on thread 1"),
        "{}",
        v[1].rule
    );
    clean(
        &w,
        "upc_all_gather",
        &[sp(1, 3 * MB), sp(0, MB), u(12), u(SYNC)],
    );
    let v = one(
        &w,
        "upc_all_gather",
        &[sp(1, 3 * MB), sp(1, MB), u(12), u(SYNC)],
    );
    assert_eq!(v.arg, Some(1));
    assert!(v.rule.starts_with("src must have affinity to thread 0"));
    // exchange: nbytes*THREADS on every thread: blk has 36 per thread.
    clean(
        &w,
        "upc_all_exchange",
        &[sp(0, 2 * MB), sp(0, MB), u(4), u(SYNC)],
    );
    // src ("dst", 12 bytes per thread) cannot hold nbytes*THREADS = 36 bytes per thread.
    let v = one(
        &w,
        "upc_all_exchange",
        &[sp(0, 2 * MB), sp(0, MB), u(12), u(SYNC)],
    );
    assert_eq!(v.arg, Some(1));
    assert!(
        v.rule.contains("dst has 12 bytes on thread 0"),
        "{}",
        v.rule
    );
    // upc_alloc memory exists on one thread only: not a valid gather source.
    let v = one(
        &w,
        "upc_all_gather_all",
        &[sp(0, 2 * MB), sp(1, 3 * MB), u(4), u(SYNC)],
    );
    assert_eq!(v.arg, Some(1));
}

#[test]
fn permute() {
    let w = Mock::new(3)
        .array("dst", MB, 24, 8)
        .array("src", MB + 24, 24, 8)
        .array("perm", MB + 48, 12, 4);
    let set = |vals: [i32; 3]| {
        *w.ints.borrow_mut() = (0..3).map(|t| (t as u32, MB + 48, vals[t])).collect();
    };
    let args = [sp(0, MB), sp(0, MB + 24), sp(0, MB + 48), u(8), u(SYNC)];
    set([2, 0, 1]);
    clean(&w, "upc_all_permute", &args);
    set([2, 0, 2]);
    let v = one(&w, "upc_all_permute", &args);
    assert_eq!(v.arg, Some(2));
    assert!(
        v.rule.contains("perm[0] and perm[2] are both 2"),
        "{}",
        v.rule
    );
    set([0, 3, 1]);
    let v = one(&w, "upc_all_permute", &args);
    assert!(
        v.rule
            .contains("perm[1] is 3, not a thread index (THREADS is 3)"),
        "{}",
        v.rule
    );
    set([0, -1, 1]);
    assert!(one(&w, "upc_all_permute", &args)
        .rule
        .contains("perm[1] is -1"));
}

#[test]
fn reductions() {
    // shared [3] int A[12] with 4 threads: 3 ints per thread; B one int on thread 2.
    let w = Mock::new(4)
        .array("A", MB, 48, 12)
        .array("B", 2 * MB, 16, 4);
    let args = |op: u64, nelems: u64, blk: u64, func: Val| {
        [
            sp(2, 2 * MB),
            sp(0, MB),
            u(op),
            u(nelems),
            u(blk),
            func,
            u(SYNC),
        ]
    };
    clean(&w, "upc_all_reduceI", &args(UPC_ADD, 12, 3, null()));
    // 13 elements of block 3 reach past A on thread 0.
    let v = one(&w, "upc_all_reduceI", &args(UPC_ADD, 13, 3, null()));
    assert_eq!(v.arg, Some(1));
    assert!(v.rule.contains("4 bytes past its end"), "{}", v.rule);
    let v = one(
        &w,
        "upc_all_reduceI",
        &args(UPC_ADD | UPC_MULT, 12, 3, null()),
    );
    assert_eq!((v.arg, v.value.as_str()), (Some(2), "UPC_ADD|UPC_MULT"));
    let v = one(&w, "upc_all_reduceI", &args(1 << 12, 12, 3, null()));
    assert_eq!(v.value, "UPC_SUB");
    let v = one(&w, "upc_all_reduceI", &args(UPC_FUNC, 12, 3, null()));
    assert_eq!(v.arg, Some(5));
    assert_eq!(
        v.rule,
        "func must not be NULL when op is UPC_FUNC or UPC_NONCOMM_FUNC"
    );
    let f = run as *const ();
    clean(&w, "upc_all_reduceI", &args(UPC_NONCOMM_FUNC, 12, 3, p(f)));
    clean(&w, "upc_all_reduceI", &args(UPC_XOR, 12, 3, null()));
    let v = run(&w, "upc_all_reduceD", &args(UPC_XOR, 1, 0, null()));
    assert_eq!(v[0].arg, Some(2));
    assert!(v[0].rule.contains("for a floating type"), "{}", v[0].rule);
    let v = one(&w, "upc_all_reduceI", &args(UPC_ADD, 0, 3, null()));
    assert_eq!(v.rule, "nelems must be > 0");
    // phase of src must be below blk_size
    let bad_phase = [
        sp(2, 2 * MB),
        spp(0, MB, 3),
        u(UPC_ADD),
        u(3),
        u(3),
        null(),
        u(SYNC),
    ];
    let v = one(&w, "upc_all_reduceI", &bad_phase);
    assert!(
        v.rule.contains("its phase is 3 and blk_size is 3"),
        "{}",
        v.rule
    );
}

#[test]
fn prefix_reduce_needs_same_thread_and_phase() {
    let w = Mock::new(2)
        .array("A", MB, 32, 16)
        .array("B", 2 * MB, 32, 16);
    let args = |dst: Val| [dst, sp(0, MB), u(UPC_ADD), u(8), u(4), null(), u(SYNC)];
    clean(&w, "upc_all_prefix_reduceI", &args(sp(0, 2 * MB)));
    let v = one(&w, "upc_all_prefix_reduceI", &args(sp(1, 2 * MB)));
    assert_eq!(v.arg, Some(0));
    assert!(v.rule.contains("same thread and the same phase"));
    // dst == src overlaps.
    let v = one(&w, "upc_all_prefix_reduceI", &args(sp(0, MB)));
    assert!(v.rule.contains("must not overlap"), "{}", v.rule);
}

// ---- upc.h ------------------------------------------------------------------------------

#[test]
fn memget_and_memcpy() {
    let w = Mock::new(2)
        .array("A", MB, 64, 32)
        .alloc("upc_alloc", 2 * MB, 64, 32, true);
    let buf = [0u8; 64];
    clean(&w, "upc_memget", &[p(buf.as_ptr()), sp(1, MB), u(32)]);
    let v = one(&w, "upc_memget", &[p(buf.as_ptr()), sp(1, MB + 8), u(32)]);
    assert_eq!(v.arg, Some(1));
    assert!(v.rule.contains("A has 32 bytes on thread 1"), "{}", v.rule);
    let v = one(&w, "upc_memget", &[null(), sp(1, MB), u(4)]);
    assert_eq!(
        (v.arg, v.rule.as_str()),
        (Some(0), "dst must not be NULL when n > 0; n is 4")
    );
    clean(&w, "upc_memget", &[null(), sp(1, MB), u(0)]);
    let v = one(
        &w,
        "upc_memget",
        &[p(buf.as_ptr()), sp(1, MB), u(-8i64 as u64)],
    );
    assert_eq!(v.arg, Some(2));
    assert_eq!(v.value, "18446744073709551608 (= -8 converted to size_t)");
    let v = one(&w, "upc_memget", &[p(8 as *const u8), sp(1, MB), u(4)]);
    assert!(v.rule.contains("not accessible memory"), "{}", v.rule);
    let v = one(&w, "upc_memcpy", &[sp(0, MB), sp(0, 2 * MB), u(4)]);
    assert!(v.rule.contains("freed"));
    let v = one(&w, "upc_memcpy", &[sp(0, MB), sp(0, MB + 2), u(4)]);
    assert!(v.rule.contains("must not overlap"), "{}", v.rule);
    clean(&w, "upc_memcpy", &[sp(0, MB), sp(1, MB), u(32)]);
    clean(&w, "upc_memset", &[sp(1, MB + 16), i(0), u(16)]);
    assert_eq!(
        one(&w, "upc_memset", &[sp(1, MB + 16), i(0), u(17)]).arg,
        Some(0)
    );
}

#[test]
fn free_rules() {
    let w = Mock::new(2)
        .array("A", MB, 64, 32)
        .alloc("upc_all_alloc(2, 32)", 2 * MB, 64, 32, false)
        .alloc("upc_global_alloc(2, 32)", 3 * MB, 64, 32, true);
    clean(&w, "upc_free", &[sp(0, 2 * MB)]);
    clean(
        &w,
        "upc_free",
        &[Val {
            s: PShared::default(),
        }],
    );
    let v = one(&w, "upc_free", &[sp(0, 3 * MB)]);
    assert!(v.rule.contains("already freed"), "{}", v.rule);
    let v = one(&w, "upc_free", &[sp(0, MB)]);
    assert!(
        v.rule.contains("A is a declared shared object"),
        "{}",
        v.rule
    );
    let v = one(&w, "upc_free", &[sp(0, 2 * MB + 8)]);
    assert!(
        v.rule.contains("points inside upc_all_alloc(2, 32)"),
        "{}",
        v.rule
    );
    let v = one(&w, "upc_all_free", &[sp(1, 2 * MB)]);
    assert!(
        v.rule
            .contains("which starts at (thread 0, addr 0x200000, phase 0)"),
        "{}",
        v.rule
    );
}

#[test]
fn allocation_sizes() {
    let w = Mock::new(2);
    clean(&w, "upc_all_alloc", &[u(4), u(1 << 20)]);
    let v = one(&w, "upc_all_alloc", &[u(1 << 40), u(1 << 40)]);
    assert!(v.rule.contains("must not overflow"), "{}", v.rule);
    let v = one(&w, "upc_alloc", &[u(-1i64 as u64)]);
    assert_eq!(v.rule, "nbytes must not be a negative value converted to size_t; the value is -1 converted to size_t");
    let v = one(&w, "upc_local_alloc", &[u(1), u(8)]);
    assert!(v.warning);
    assert_eq!(v.arg, None);
}

#[test]
fn locks() {
    let mut w = Mock::new(2);
    let l = PShared {
        addr: 5 * MB,
        thread: 0,
        phase: 0,
    };
    let f = PShared { addr: 6 * MB, ..l };
    w.locks = vec![(l, LockState::Valid), (f, LockState::Freed)];
    clean(&w, "upc_lock", &[Val { s: l }]);
    let v = one(&w, "upc_lock", &[Val { s: f }]);
    assert!(v.rule.contains("already freed"), "{}", v.rule);
    let v = one(&w, "upc_unlock", &[sp(1, 7 * MB)]);
    assert!(v.rule.contains("must be a lock returned by"), "{}", v.rule);
    let v = one(
        &w,
        "upc_lock_attempt",
        &[Val {
            s: PShared::default(),
        }],
    );
    assert_eq!(v.rule, "ptr must not be NULL");
    clean(
        &w,
        "upc_lock_free",
        &[Val {
            s: PShared::default(),
        }],
    );
    assert_eq!(one(&w, "upc_all_lock_free", &[Val { s: f }]).arg, Some(0));
}

#[test]
fn the_lock_fast_path_accepts_only_live_locks() {
    let mut w = Mock::new(2);
    let l = PShared {
        addr: 5 * MB,
        thread: 1,
        phase: 0,
    };
    let f = PShared { addr: 6 * MB, ..l };
    w.locks = vec![(l, LockState::Valid), (f, LockState::Freed)];
    for name in ["upc_lock", "upc_lock_attempt", "upc_unlock"] {
        let op = rules::lookup(name).unwrap().1;
        assert_eq!(super::fast::shape(op), super::fast::Shape::Lock, "{name}");
        for (p, live) in [
            (l, true),
            (f, false),
            (PShared::default(), false),
            (PShared { addr: 7 * MB, ..l }, false),
        ] {
            let args = [Val { s: p }];
            assert_eq!(
                super::fast::accepts(&w, super::fast::Shape::Lock, &args),
                live,
                "{name} {p:?}"
            );
            assert_eq!(
                super::check_slow(&w, op, &args).is_empty(),
                live,
                "{name} {p:?}"
            );
        }
    }
}

#[test]
fn thread_indices() {
    let w = Mock::new(4);
    clean(&w, "upc_affinitysize", &[u(100), u(8), u(3)]);
    let v = one(&w, "upc_affinitysize", &[u(100), u(8), u(4)]);
    assert_eq!(
        v.rule,
        "threadid must be a thread index in 0 .. THREADS-1; THREADS is 4"
    );
    assert_eq!(one(&w, "upc_thread_info", &[u(-1i64 as u64)]).arg, Some(0));
    assert_eq!(one(&w, "upc_threadof", &[sp(9, MB)]).arg, Some(0));
}

// ---- UPC-IO -----------------------------------------------------------------------------

fn open(flags: u64) -> FileState {
    FileState::Open {
        flags,
        async_outstanding: false,
        position: Some(10),
        size: Some(100),
    }
}

#[test]
fn fopen_flags_and_hints() {
    let w = Mock::new(2);
    let name = b"f.dat\0";
    let fname = p(name.as_ptr());
    let ok = (UPC_RDONLY | UPC_INDIVIDUAL_FP) as i64;
    clean(&w, "upc_all_fopen", &[fname, i(ok), u(0), null()]);
    let v = one(
        &w,
        "upc_all_fopen",
        &[
            fname,
            i((UPC_RDONLY | UPC_WRONLY | UPC_COMMON_FP) as i64),
            u(0),
            null(),
        ],
    );
    assert_eq!(v.value, "UPC_RDONLY|UPC_WRONLY|UPC_COMMON_FP");
    assert!(v.rule.contains("exactly one of UPC_RDONLY"), "{}", v.rule);
    let v = one(
        &w,
        "upc_all_fopen",
        &[fname, i(UPC_RDWR as i64), u(0), null()],
    );
    assert!(
        v.rule
            .contains("UPC_COMMON_FP, UPC_INDIVIDUAL_FP; none given"),
        "{}",
        v.rule
    );
    let v = one(
        &w,
        "upc_all_fopen",
        &[
            fname,
            i((UPC_WRONLY | UPC_COMMON_FP | UPC_EXCL) as i64),
            u(0),
            null(),
        ],
    );
    assert!(v.rule.contains("UPC_EXCL requires UPC_CREATE"));
    let v = one(
        &w,
        "upc_all_fopen",
        &[
            fname,
            i((UPC_RDONLY | UPC_COMMON_FP | UPC_TRUNC) as i64),
            u(0),
            null(),
        ],
    );
    assert!(v.rule.contains("UPC_TRUNC requires"));
    let v = one(&w, "upc_all_fopen", &[fname, i(ok | 1 << 20), u(0), null()]);
    assert!(v.rule.contains("unknown bits 0x100000"));
    // numhints > 0 with unallocated hints (the seed's example 2).
    let v = one(&w, "upc_all_fopen", &[fname, i(ok), u(1), null()]);
    assert_eq!(v.arg, Some(3));
    assert_eq!(v.related, vec![2], "numhints is shown with hints");
    assert!(
        v.rule.contains("numhints is 1 and hints is NULL"),
        "{}",
        v.rule
    );
    let v = one(
        &w,
        "upc_all_fopen",
        &[fname, i(ok), u(1), p(16 as *const u8)],
    );
    assert!(
        v.rule.contains("does not point to 1 allocated hints"),
        "{}",
        v.rule
    );
    let key = b"access_style\0";
    let val = b"read_once\0";
    let good: [*const u8; 2] = [key.as_ptr(), val.as_ptr()];
    clean(&w, "upc_all_fopen", &[fname, i(ok), u(1), p(good.as_ptr())]);
    let badh: [*const u8; 2] = [key.as_ptr(), std::ptr::null()];
    let v = one(&w, "upc_all_fopen", &[fname, i(ok), u(1), p(badh.as_ptr())]);
    assert!(v.rule.contains("hints[0].value is NULL"), "{}", v.rule);
    assert_eq!(
        one(&w, "upc_all_fopen", &[null(), i(ok), u(0), null()]).arg,
        Some(0)
    );
}

#[test]
fn file_handles() {
    let mut w = Mock::new(2);
    let ro = 0x1000usize;
    let closed = 0x2000usize;
    let busy = 0x3000usize;
    let common = 0x4000usize;
    w.files = vec![
        (ro, open(UPC_RDONLY | UPC_INDIVIDUAL_FP)),
        (closed, FileState::Closed),
        (
            busy,
            FileState::Open {
                flags: UPC_RDWR | UPC_INDIVIDUAL_FP,
                async_outstanding: true,
                position: None,
                size: None,
            },
        ),
        (common, open(UPC_RDWR | UPC_COMMON_FP)),
    ];
    let fd = |x: usize| p(x as *const u8);
    let buf = [0u8; 64];
    let rw = |f: usize| {
        [
            fd(f),
            p(buf.as_ptr()),
            u(8),
            u(8),
            u(UPC_IN_NOSYNC | UPC_OUT_NOSYNC),
        ]
    };
    clean(&w, "upc_all_fread_local", &rw(ro));
    let v = one(&w, "upc_all_fwrite_local", &rw(ro));
    assert!(v.rule.contains("must be open for writing"), "{}", v.rule);
    assert!(
        v.rule.contains("opened with UPC_RDONLY|UPC_INDIVIDUAL_FP"),
        "{}",
        v.rule
    );
    let v = one(&w, "upc_all_fread_local", &rw(closed));
    assert!(v.rule.contains("closed"));
    let v = one(&w, "upc_all_fread_local", &rw(busy));
    assert!(v.rule.contains("asynchronous operation outstanding"));
    let v = one(&w, "upc_all_fread_local", &rw(common));
    assert!(v.rule.contains("individual file pointers"));
    let v = one(&w, "upc_all_fread_local", &rw(0x9999));
    assert!(v.rule.contains("not a handle returned by upc_all_fopen"));
    // reading 64*2 bytes into a 64-byte stack buffer may still be mapped memory: only an
    // unmapped buffer is caught.
    let v = one(
        &w,
        "upc_all_fread_local",
        &[fd(ro), p(24 as *const u8), u(8), u(8), u(SYNC)],
    );
    assert_eq!(v.arg, Some(1));
    // seek
    clean(
        &w,
        "upc_all_fseek",
        &[fd(ro), i(-10), i(UPC_SEEK_CUR as i64)],
    );
    let v = one(
        &w,
        "upc_all_fseek",
        &[fd(ro), i(-11), i(UPC_SEEK_CUR as i64)],
    );
    assert!(v.rule.contains("the position would be -1"), "{}", v.rule);
    let v = one(
        &w,
        "upc_all_fseek",
        &[fd(ro), i(-101), i(UPC_SEEK_END as i64)],
    );
    assert!(v.rule.contains("-1"));
    let v = one(&w, "upc_all_fseek", &[fd(ro), i(0), i(3)]);
    assert_eq!((v.arg, v.value.as_str()), (Some(2), "3"));
    // sizes
    let v = one(&w, "upc_all_fset_size", &[fd(ro), i(10)]);
    assert!(v.rule.contains("open for writing"));
    let v = one(&w, "upc_all_fpreallocate", &[fd(common), i(-1)]);
    assert_eq!(v.rule, "size must not be negative");
    // async completion
    clean(&w, "upc_all_fwait_async", &[fd(busy)]);
    let v = one(&w, "upc_all_fwait_async", &[fd(ro)]);
    assert!(v.rule.contains("no asynchronous read or write was started"));
    let flag = 0i32;
    clean(&w, "upc_all_ftest_async", &[fd(busy), p(&flag)]);
    assert_eq!(
        one(&w, "upc_all_ftest_async", &[fd(busy), null()]).arg,
        Some(1)
    );
    // fcntl
    clean(&w, "upc_all_fcntl", &[fd(ro), i(UPC_GET_FP as i64), null()]);
    let v = one(&w, "upc_all_fcntl", &[fd(ro), i(UPC_GET_FN as i64), null()]);
    assert_eq!(v.arg, Some(2));
    assert!(v.rule.contains("cmd is UPC_GET_FN"));
    let v = one(&w, "upc_all_fcntl", &[fd(ro), i(12345), null()]);
    assert_eq!(v.value, "12345");
    let v = one(
        &w,
        "upc_all_fcntl",
        &[fd(busy), i(UPC_GET_FP as i64), null()],
    );
    assert_eq!((v.arg, v.value.as_str()), (Some(1), "UPC_GET_FP"));
    clean(
        &w,
        "upc_all_fcntl",
        &[fd(busy), i(UPC_ASYNC_OUTSTANDING as i64), null()],
    );
}

#[test]
fn list_io() {
    let mut w = Mock::new(2);
    let fdv = 0x1000usize;
    w.files = vec![(fdv, open(UPC_RDWR | UPC_INDIVIDUAL_FP))];
    let fd = p(fdv as *const u8);
    let buf = [0u8; 64];
    let b = buf.as_ptr() as u64;
    let mem: [[u64; 2]; 2] = [[b, 16], [b + 16, 16]];
    let files: [[u64; 2]; 2] = [[0, 8], [8, 24]];
    let args = |m: &[[u64; 2]], f: &[[u64; 2]]| {
        [
            fd,
            u(m.len() as u64),
            p(m.as_ptr()),
            u(f.len() as u64),
            p(f.as_ptr()),
            u(SYNC),
        ]
    };
    clean(&w, "upc_all_fread_list_local", &args(&mem, &files));
    clean(&w, "upc_all_fwrite_list_local", &args(&mem, &files));
    let short: [[u64; 2]; 1] = [[0, 8]];
    let v = one(&w, "upc_all_fread_list_local", &args(&mem, &short));
    assert!(
        v.rule
            .contains("memvec totals 32 bytes, filevec totals 8 bytes"),
        "{}",
        v.rule
    );
    let overlapping: [[u64; 2]; 2] = [[b, 16], [b + 8, 16]];
    let v = one(&w, "upc_all_fread_list_local", &args(&overlapping, &files));
    assert!(
        v.rule.contains("memvec[0] and memvec[1] overlap"),
        "{}",
        v.rule
    );
    // writes may read overlapping memory, but not write overlapping file regions
    clean(&w, "upc_all_fwrite_list_local", &args(&overlapping, &files));
    let fover: [[u64; 2]; 2] = [[0, 16], [8, 16]];
    let v = one(&w, "upc_all_fwrite_list_local", &args(&mem, &fover));
    assert!(
        v.rule
            .contains("filevec[0] and filevec[1] both cover file offset 8"),
        "{}",
        v.rule
    );
    let unsorted: [[u64; 2]; 2] = [[8, 24], [0, 8]];
    let v = one(&w, "upc_all_fread_list_local", &args(&mem, &unsorted));
    assert!(
        v.rule
            .contains("filevec[1].offset 0 is below filevec[0].offset 8"),
        "{}",
        v.rule
    );
    let v = one(
        &w,
        "upc_all_fread_list_local",
        &[fd, u(2), null(), u(2), p(files.as_ptr()), u(SYNC)],
    );
    assert_eq!(v.arg, Some(2));
    let badmem: [[u64; 2]; 2] = [[b, 16], [24, 16]];
    let v = one(&w, "upc_all_fread_list_local", &args(&badmem, &files));
    assert!(
        v.rule
            .contains("memvec[1]: 16 bytes at 0x18 are not accessible"),
        "{}",
        v.rule
    );
}

#[test]
fn shared_list_io() {
    let mut w = Mock::new(2).array("S", MB, 64, 16);
    let fdv = 0x1000usize;
    w.files = vec![(fdv, open(UPC_RDWR | UPC_INDIVIDUAL_FP))];
    let fd = p(fdv as *const u8);
    // {baseaddr (addr, thread|phase<<32), blocksize, len}
    let mem: [[u64; 4]; 1] = [[MB, 0, 16, 64]];
    let files: [[u64; 2]; 1] = [[0, 64]];
    let args = |m: &[[u64; 4]]| {
        [
            fd,
            u(m.len() as u64),
            p(m.as_ptr()),
            u(1),
            p(files.as_ptr()),
            u(SYNC),
        ]
    };
    clean(&w, "upc_all_fread_list_shared", &args(&mem));
    let too_long: [[u64; 4]; 1] = [[MB, 0, 16, 72]];
    let v = run(&w, "upc_all_fread_list_shared", &args(&too_long));
    assert!(
        v.iter().any(|x| x.rule.contains("reach past the end of S")),
        "{v:#?}"
    );
}

// ---- atomics and non-blocking transfers -------------------------------------------------

#[test]
fn atomics() {
    let mut w = Mock::new(2).array("X", MB, 64, 32);
    let d = PShared {
        addr: 9 * MB,
        thread: 0,
        phase: 0,
    };
    let freed = PShared { addr: 10 * MB, ..d };
    w.domains = vec![
        (
            d,
            DomainState::Valid {
                ty: 5,
                ops: UPC_ADD | UPC_GET | UPC_CSWAP,
            },
        ),
        (freed, DomainState::Freed),
    ];
    clean(
        &w,
        "upc_all_atomicdomain_alloc",
        &[u(5), u(UPC_ADD | UPC_XOR), i(0)],
    );
    let v = one(
        &w,
        "upc_all_atomicdomain_alloc",
        &[u(19), u(UPC_ADD | UPC_XOR), i(0)],
    );
    assert!(
        v.rule.contains("UPC_XOR is not supported for UPC_FLOAT"),
        "{}",
        v.rule
    );
    assert_eq!(
        one(&w, "upc_all_atomicdomain_alloc", &[u(1), u(UPC_ADD), i(0)]).value,
        "UPC_CHAR"
    );
    assert_eq!(
        one(&w, "upc_all_atomicdomain_alloc", &[u(5), u(UPC_ADD), i(7)]).arg,
        Some(2)
    );
    let x = 1i32;
    let y = 2i32;
    let fetch = 0i32;
    let call = |dom: PShared, op: u64, target: Val, a: Val, b: Val, f: Val| {
        [Val { s: dom }, f, u(op), target, a, b]
    };
    clean(
        &w,
        "upc_atomic_relaxed",
        &call(d, UPC_ADD, sp(1, MB), p(&x), null(), null()),
    );
    clean(
        &w,
        "upc_atomic_strict",
        &call(d, UPC_CSWAP, sp(1, MB), p(&x), p(&y), p(&fetch)),
    );
    clean(
        &w,
        "upc_atomic_strict",
        &call(d, UPC_GET, sp(1, MB), null(), null(), p(&fetch)),
    );
    let v = one(
        &w,
        "upc_atomic_strict",
        &call(d, UPC_GET, sp(1, MB), null(), null(), null()),
    );
    assert_eq!(v.arg, Some(1));
    let v = one(
        &w,
        "upc_atomic_strict",
        &call(d, UPC_MULT, sp(1, MB), p(&x), null(), null()),
    );
    assert!(
        v.rule
            .contains("the domain allows UPC_ADD|UPC_GET|UPC_CSWAP"),
        "{}",
        v.rule
    );
    let v = one(
        &w,
        "upc_atomic_strict",
        &call(d, UPC_ADD, sp(1, MB), null(), null(), null()),
    );
    assert_eq!(v.arg, Some(4));
    let v = one(
        &w,
        "upc_atomic_strict",
        &call(d, UPC_ADD, sp(1, MB), p(&x), p(&y), null()),
    );
    assert_eq!(v.arg, Some(5));
    let v = one(
        &w,
        "upc_atomic_strict",
        &call(d, UPC_ADD, sp(1, MB + 2), p(&x), null(), null()),
    );
    assert!(v.rule.contains("needs 4-byte alignment"), "{}", v.rule);
    let v = one(
        &w,
        "upc_atomic_strict",
        &call(freed, UPC_ADD, sp(1, MB), p(&x), null(), null()),
    );
    assert!(v.rule.contains("the domain was freed"));
}

#[test]
fn nb_handles() {
    let mut w = Mock::new(2);
    w.handles = vec![
        (7, HandleState::Pending),
        (8, HandleState::Consumed),
        (9, HandleState::OtherThread(1)),
    ];
    clean(&w, "upc_sync", &[u(7)]);
    clean(&w, "upc_sync", &[u(UPC_COMPLETE_HANDLE)]);
    assert!(one(&w, "upc_sync", &[u(8)])
        .rule
        .contains("already completed"));
    assert!(one(&w, "upc_sync_attempt", &[u(9)])
        .rule
        .contains("belongs to thread 1"));
    assert!(one(&w, "upc_sync", &[u(10)])
        .rule
        .contains("no *_nb call returned it"));
}

#[test]
fn one_message_per_argument() {
    // A null dst breaks NonNull; its other rules (affinity, size, overlap) are skipped.
    let w = Mock::new(2).array("A", MB, 32, 16);
    let v = run(
        &w,
        "upc_all_broadcast",
        &[
            Val {
                s: PShared::default(),
            },
            sp(0, MB),
            u(0),
            u(1 << 7),
        ],
    );
    let args: Vec<_> = v.iter().map(|x| x.arg).collect();
    assert_eq!(args, vec![Some(2), Some(0), Some(3)], "{v:#?}");
}

#[test]
fn missing_arguments_are_not_read() {
    // A statement without its optional value, and a short argument list, check nothing.
    let w = Mock::new(2);
    assert!(run(&w, "upc_barrier", &[]).is_empty());
    assert!(run(&w, "upc_memget", &[u(4)]).is_empty());
}

// ---- the fast path never accepts what the full evaluation rejects ------------------------

/// The random choices behind one generated argument: `below(n)` takes the next word mod n,
/// so proptest's shrinking moves every choice toward its first alternative.
struct Choices<'a>(std::slice::Iter<'a, u64>);
impl Choices<'_> {
    fn below(&mut self, n: u64) -> u64 {
        self.0.next().copied().unwrap_or(0) % n
    }
}

#[test]
fn fast_path_agrees_with_full_evaluation() {
    let mut w = Mock::new(3)
        .array("A", MB, 96, 32)
        .alloc("upc_all_alloc(3, 32)", 2 * MB, 96, 32, false)
        .alloc("freed", 3 * MB, 96, 32, true)
        .local_alloc(1, 4 * MB, 64);
    // A declared object the fast path knows: 40 bytes on every thread.
    w.objs.push(Obj {
        var: None,
        name: "S",
        base: 5 * MB,
        total: 120,
        block: 40,
        first_thread: 0,
        only_thread: None,
        dynamic: false,
        freed: false,
        uniform: Some(40),
        what: "a declared shared object",
    });
    let buf = vec![0u8; 256];
    let bases = [MB, 2 * MB, 3 * MB, 4 * MB, 5 * MB, 9 * MB, 64];
    let ops = [
        "upc_memget",
        "upc_memput",
        "upc_memcpy",
        "upc_memset",
        "upc_memget_nbi",
        "upc_all_broadcast",
        "upc_all_scatter",
        "upc_all_gather",
        "upc_all_gather_all",
        "upc_all_exchange",
        "upc_all_alloc",
        "upc_alloc",
        "upc_free",
        "upc_threadof",
        "upc_affinitysize",
        "upc_all_reduceI",
        "upc_lock",
        "upc_unlock",
        "upc_lock_attempt",
    ];
    let accepted = std::cell::Cell::new(0);
    let strategy = (
        0..ops.len(),
        proptest::collection::vec(proptest::array::uniform4(proptest::num::u64::ANY), 12),
    );
    let mut runner = proptest::test_runner::TestRunner::new(proptest::test_runner::Config {
        cases: 40000,
        failure_persistence: None,
        ..Default::default()
    });
    let result = runner.run(&strategy, |(k, choices)| {
        let name = ops[k];
        let op = rules::lookup(name).unwrap().1;
        let args: Vec<Val> = op
            .args
            .iter()
            .zip(&choices)
            .map(|(a, words)| (a, Choices(words.iter())))
            .map(|(a, mut rng)| match a.kind {
                rules::ValKind::Shared => {
                    if rng.below(8) == 0 {
                        Val {
                            s: PShared::default(),
                        }
                    } else {
                        // Mostly the declared object the fast path knows, near its bounds.
                        let base = if rng.below(2) == 0 {
                            5 * MB
                        } else {
                            bases[rng.below(bases.len() as u64) as usize]
                        };
                        spp(
                            rng.below(4) as u32,
                            base + rng.below(48),
                            rng.below(2) as u32,
                        )
                    }
                }
                rules::ValKind::Ptr => match rng.below(4) {
                    0 => null(),
                    1 => p(8 as *const u8),
                    _ => p(buf[rng.below(64) as usize..].as_ptr()),
                },
                rules::ValKind::Uint => u(match rng.below(8) {
                    0 => 0,
                    1 => u64::MAX - rng.below(8),
                    2 => SYNC,
                    3 => UPC_ADD,
                    _ => 1 + rng.below(24),
                }),
                rules::ValKind::Int => i(rng.below(40) as i64 - 4),
                rules::ValKind::Float => Val { d: 1.0 },
            })
            .collect();
        if super::quick_accepts(&w, op, &args) {
            accepted.set(accepted.get() + 1);
            let slow = super::check_slow(&w, op, &args);
            proptest::prop_assert!(
                slow.is_empty(),
                "fast path accepted {name} but the full evaluation reports {slow:#?}"
            );
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    // The generator must exercise the fast paths, not only the slow one.
    let accepted = accepted.get();
    assert!(accepted > 500, "only {accepted} calls took the fast path");
    for name in [
        "upc_memget",
        "upc_memput",
        "upc_memcpy",
        "upc_memset",
        "upc_memget_nbi",
        "upc_lock",
        "upc_unlock",
    ] {
        let op = rules::lookup(name).unwrap().1;
        assert_ne!(super::fast::shape(op), super::fast::Shape::None, "{name}");
    }
}

#[test]
fn fast_paths_at_the_bounds() {
    // S: 40 bytes at 5 MB on every thread, known to the fast path.
    let mut w = Mock::new(2);
    w.objs.push(Obj {
        var: None,
        name: "S",
        base: 5 * MB,
        total: 80,
        block: 40,
        first_thread: 0,
        only_thread: None,
        dynamic: false,
        freed: false,
        uniform: Some(40),
        what: "a declared shared object",
    });
    let buf = [0u8; 64];
    // Make the buffer's memory known to the private-memory cache.
    assert!(super::memory::readable(buf.as_ptr() as usize, 64));
    let s0 = 5 * MB;
    let cases: Vec<(&str, Vec<Val>, bool)> = vec![
        ("upc_memget", vec![p(buf.as_ptr()), sp(1, s0), u(40)], true),
        (
            "upc_memget",
            vec![p(buf.as_ptr()), sp(1, s0 + 1), u(40)],
            false,
        ),
        ("upc_memget", vec![p(buf.as_ptr()), sp(2, s0), u(4)], false),
        (
            "upc_memput",
            vec![sp(0, s0 + 36), p(buf.as_ptr()), u(4)],
            true,
        ),
        (
            "upc_memput",
            vec![sp(0, s0 + 37), p(buf.as_ptr()), u(4)],
            false,
        ),
        ("upc_memset", vec![sp(1, s0), i(0), u(40)], true),
        ("upc_memset", vec![sp(1, s0), i(0), u(41)], false),
        ("upc_memcpy", vec![sp(0, s0), sp(0, s0 + 8), u(8)], true),
        ("upc_memcpy", vec![sp(0, s0), sp(0, s0 + 7), u(8)], false),
        ("upc_memcpy", vec![sp(0, s0 + 7), sp(0, s0), u(8)], false),
        ("upc_memcpy", vec![sp(0, s0), sp(1, s0), u(8)], true),
    ];
    for (name, args, clean_expected) in cases {
        let op = rules::lookup(name).unwrap().1;
        let slow = super::check_slow(&w, op, &args);
        assert_eq!(slow.is_empty(), clean_expected, "{name}: {slow:#?}");
        if super::quick_accepts(&w, op, &args) {
            assert!(clean_expected, "{name}: fast path accepted a bad call");
        }
        if clean_expected {
            assert!(
                super::quick_accepts(&w, op, &args),
                "{name}: fast path missed"
            );
        }
    }
}
