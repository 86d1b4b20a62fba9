//! Conformance tests of the collectives on THREADS OS threads over one heap segment
//! (`team::harness`): every function, the nine synchronization modes, odd sizes, block
//! sizes and phases, repeated calls with random delays (so MYSYNC's guarantees are what
//! keeps the data right, not luck).

use super::flags::*;
use super::ops::*;
use super::reduce::{prefix_reduce, reduce, Span};
use super::relocalize::*;
use super::rt::PShared;
use super::sort::sort;
use super::team::harness::{run, Job};
use super::team::Team;
use std::ffi::c_void;

const SRC: u64 = 64;
const DST: u64 = 16 * 1024;
const PERM: u64 = 48 * 1024;
const PART: usize = 64 * 1024;

const MODES: [i32; 9] = [
    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC,
    UPC_IN_ALLSYNC | UPC_OUT_MYSYNC,
    UPC_IN_ALLSYNC | UPC_OUT_NOSYNC,
    UPC_IN_MYSYNC | UPC_OUT_ALLSYNC,
    UPC_IN_MYSYNC | UPC_OUT_MYSYNC,
    UPC_IN_MYSYNC | UPC_OUT_NOSYNC,
    UPC_IN_NOSYNC | UPC_OUT_ALLSYNC,
    UPC_IN_NOSYNC | UPC_OUT_MYSYNC,
    UPC_IN_NOSYNC | UPC_OUT_NOSYNC,
];

fn ps(thread: usize, addr: u64) -> PShared {
    PShared {
        addr,
        thread: thread as u32,
        phase: 0,
    }
}

fn rd(team: &Team, t: usize, a: u64) -> u8 {
    unsafe { *team.ptr(t, a) }
}
fn wr(team: &Team, t: usize, a: u64, v: u8) {
    unsafe { *team.ptr(t, a) = v }
}

/// A small per-thread random generator (deterministic per seed).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn delay(&mut self) {
        if self.next().is_multiple_of(4) {
            std::thread::sleep(std::time::Duration::from_micros(self.next() % 200));
        }
    }
}

/// The data-readiness the program must provide itself when a mode does not.
fn pre(team: &Team, flags: i32) {
    if flags & UPC_IN_NOSYNC != 0 {
        team.barrier();
    }
}
fn post(team: &Team, flags: i32) {
    if flags & UPC_OUT_NOSYNC != 0 {
        team.barrier();
    }
}

fn val(r: usize, t: usize, o: usize) -> u8 {
    (r * 31 + t * 7 + o * 3 + 1) as u8
}

const ROUNDS: usize = 6;
const THREADS: [usize; 4] = [1, 3, 4, 8];

#[test]
fn broadcast_and_scatter_all_modes() {
    for &nt in &THREADS {
        for &flags in &MODES {
            let job = Job::new(nt, PART);
            let res = run(&job, move |team| {
                let me = team.me();
                let mut errs: Vec<String> = Vec::new();
                let mut rng = Rng(me as u64 * 77 + 5);
                let nb = 13;
                for r in 0..ROUNDS {
                    let root = r % nt;
                    // broadcast from root's SRC
                    if me == root {
                        for o in 0..nb {
                            wr(team, me, SRC + o as u64, val(r, root, o));
                        }
                    }
                    rng.delay();
                    pre(team, flags);
                    broadcast(team, ps(0, DST), ps(root, SRC), nb, flags);
                    post(team, flags);
                    for o in 0..nb {
                        if rd(team, me, DST + o as u64) != val(r, root, o) {
                            errs.push(format!("bcast T={nt} flags={flags} r={r} o={o}"));
                        }
                    }
                    // scatter
                    if me == root {
                        for o in 0..nb * nt {
                            wr(team, me, SRC + o as u64, val(r, 9, o));
                        }
                    }
                    rng.delay();
                    pre(team, flags);
                    scatter(team, ps(0, DST + 256), ps(root, SRC), nb, flags);
                    post(team, flags);
                    for o in 0..nb {
                        if rd(team, me, DST + 256 + o as u64) != val(r, 9, me * nb + o) {
                            errs.push(format!("scatter T={nt} flags={flags} r={r} o={o}"));
                        }
                    }
                }
                errs
            });
            let errs: Vec<String> = res.into_iter().flatten().collect();
            assert!(errs.is_empty(), "{errs:?}");
        }
    }
}

#[test]
fn gather_gather_all_exchange_all_modes() {
    for &nt in &THREADS {
        for &flags in &MODES {
            let job = Job::new(nt, PART);
            let res = run(&job, move |team| {
                let me = team.me();
                let mut errs: Vec<String> = Vec::new();
                let mut rng = Rng(me as u64 * 13 + 1);
                let nb = 5;
                for r in 0..ROUNDS {
                    let root = (r + 1) % nt;
                    for o in 0..nb {
                        wr(team, me, SRC + o as u64, val(r, me, o));
                    }
                    rng.delay();
                    pre(team, flags);
                    gather(team, ps(root, DST), ps(0, SRC), nb, flags);
                    post(team, flags);
                    if me == root {
                        for t in 0..nt {
                            for o in 0..nb {
                                if rd(team, root, DST + (t * nb + o) as u64) != val(r, t, o) {
                                    errs.push(format!("gather T={nt} f={flags} r={r} t={t}"));
                                }
                            }
                        }
                    }
                    rng.delay();
                    // gather_all into DST+1024 (block nb*T per thread)
                    pre(team, flags);
                    gather_all(team, ps(0, DST + 1024), ps(0, SRC), nb, flags);
                    post(team, flags);
                    for t in 0..nt {
                        for o in 0..nb {
                            if rd(team, me, DST + 1024 + (t * nb + o) as u64) != val(r, t, o) {
                                errs.push(format!("gather_all T={nt} f={flags} r={r} t={t}"));
                            }
                        }
                    }
                    // exchange: src block (nb*T) at SRC+512 on every thread
                    for i in 0..nt {
                        for o in 0..nb {
                            wr(
                                team,
                                me,
                                SRC + 512 + (i * nb + o) as u64,
                                val(r, me * 16 + i, o),
                            );
                        }
                    }
                    rng.delay();
                    pre(team, flags);
                    exchange(team, ps(0, DST + 4096), ps(0, SRC + 512), nb, flags);
                    post(team, flags);
                    for j in 0..nt {
                        for o in 0..nb {
                            let got = rd(team, me, DST + 4096 + (j * nb + o) as u64);
                            if got != val(r, j * 16 + me, o) {
                                errs.push(format!("exchange T={nt} f={flags} r={r} j={j}"));
                            }
                        }
                    }
                }
                errs
            });
            let errs: Vec<String> = res.into_iter().flatten().collect();
            assert!(errs.is_empty(), "{errs:?}");
        }
    }
}

#[test]
fn permute_random_permutations_all_modes() {
    for &nt in &THREADS {
        for (mi, &flags) in MODES.iter().enumerate() {
            let job = Job::new(nt, PART);
            let res = run(&job, move |team| {
                let me = team.me();
                let mut errs: Vec<String> = Vec::new();
                let mut rng = Rng(me as u64 * 3 + 11);
                let nb = 7;
                for r in 0..ROUNDS {
                    // Every thread derives the same random permutation for round r.
                    let mut g = Rng((r * 1000 + mi * 17 + nt) as u64 + 99);
                    let mut perm: Vec<usize> = (0..nt).collect();
                    for i in (1..nt).rev() {
                        let j = (g.next() % (i as u64 + 1)) as usize;
                        perm.swap(i, j);
                    }
                    unsafe { *(team.ptr(me, PERM) as *mut i32) = perm[me] as i32 };
                    for o in 0..nb {
                        wr(team, me, SRC + o as u64, val(r, me, o));
                    }
                    rng.delay();
                    // perm[me] is read by this thread only: no extra sync needed for it.
                    pre(team, flags);
                    permute(team, ps(0, DST), ps(0, SRC), ps(0, PERM), nb, flags);
                    post(team, flags);
                    let from = perm.iter().position(|&p| p == me).unwrap();
                    for o in 0..nb {
                        if rd(team, me, DST + o as u64) != val(r, from, o) {
                            errs.push(format!("permute T={nt} f={flags} r={r} perm={perm:?}"));
                        }
                    }
                }
                errs
            });
            let errs: Vec<String> = res.into_iter().flatten().collect();
            assert!(errs.is_empty(), "{errs:?}");
        }
    }
}

/// Reference fold in index order.
fn fold_ref<E: Elem>(op: u64, func: *const c_void, v: &[E]) -> Vec<E> {
    let mut out = Vec::new();
    let mut acc: Option<E> = None;
    for &x in v {
        acc = Some(match acc {
            None => x,
            Some(a) => E::combine(op, func, a, x),
        });
        out.push(acc.unwrap());
    }
    out
}

struct SendFn(*const c_void);
unsafe impl Send for SendFn {}
unsafe impl std::marker::Sync for SendFn {}
impl SendFn {
    fn get(&self) -> *const c_void {
        self.0
    }
}

/// Reduce + prefix-reduce of `n` elements with block size `blk` starting at phase
/// `phase` on thread `t0`, checked against an index-order fold.
#[allow(clippy::too_many_arguments)]
fn check_reduce<E: Elem + PartialEq + std::fmt::Debug + Send>(
    nt: usize,
    flags: i32,
    op: u64,
    func: *const c_void,
    n: usize,
    blk: usize,
    t0: usize,
    phase: usize,
    gen: fn(usize) -> E,
    close: fn(E, E) -> bool,
) {
    let esz = std::mem::size_of::<E>();
    let job = Job::new(nt, PART);
    let phase = if blk == 0 { 0 } else { phase % blk };
    let src = PShared {
        addr: SRC + (phase * esz) as u64,
        thread: t0 as u32,
        phase: phase as u32,
    };
    let dstp = PShared {
        addr: DST + (phase * esz) as u64,
        thread: t0 as u32,
        phase: phase as u32,
    };
    let res_at = PShared {
        addr: PERM,
        thread: ((t0 + 1) % nt) as u32,
        phase: 0,
    };
    let span = Span::new(nt, src, n, blk, esz);
    let dspan = Span::new(nt, dstp, n, blk, esz);
    for i in 0..n {
        let (t, a) = span.at(i);
        unsafe { (job.at(t, a) as *mut E).write_unaligned(gen(i)) };
    }
    let f = SendFn(func);
    let res = run(&job, move |team| {
        let func = f.get();
        pre(team, flags);
        reduce::<E>(team, res_at, src, op, n, blk, func, flags);
        post(team, flags);
        pre(team, flags);
        prefix_reduce::<E>(team, dstp, src, op, n, blk, func, flags);
        post(team, flags);
    });
    drop(res);
    let input: Vec<E> = (0..n).map(gen).collect();
    let expect = fold_ref(op, func, &input);
    let got = unsafe { (job.at(res_at.thread as usize, res_at.addr) as *const E).read_unaligned() };
    assert!(
        close(got, *expect.last().unwrap()),
        "reduce T={nt} flags={flags} op={op:#x} n={n} blk={blk} t0={t0} phase={phase}: {got:?} vs {:?}",
        expect.last().unwrap()
    );
    for (i, e) in expect.iter().enumerate() {
        let (t, a) = dspan.at(i);
        let got = unsafe { (job.at(t, a) as *const E).read_unaligned() };
        assert!(
            close(got, *e),
            "prefix T={nt} flags={flags} op={op:#x} n={n} blk={blk} i={i}: {got:?} vs {e:?}"
        );
    }
}

/// Non-commutative, associative: composition of affine maps x -> a*x + b (mod 2^32),
/// `a` in the high half, `b` in the low half; the left operand is applied first.
extern "C" fn compose_affine(l: i64, r: i64) -> i64 {
    let (a1, b1) = ((l as u64 >> 32) as u32, l as u32);
    let (a2, b2) = ((r as u64 >> 32) as u32, r as u32);
    let a = a1.wrapping_mul(a2);
    let b = a2.wrapping_mul(b1).wrapping_add(b2);
    (((a as u64) << 32) | b as u64) as i64
}
extern "C" fn add_i32(a: i32, b: i32) -> i32 {
    a.wrapping_add(b)
}
extern "C" fn max_f64(a: f64, b: f64) -> f64 {
    a.max(b)
}

fn exact<E: PartialEq>(a: E, b: E) -> bool {
    a == b
}

const INT_OPS: [u64; 9] = [
    UPC_ADD, UPC_MULT, UPC_AND, UPC_OR, UPC_XOR, UPC_LOGAND, UPC_LOGOR, UPC_MIN, UPC_MAX,
];

macro_rules! int_reduce_test {
    ($name:ident, $t:ty) => {
        #[test]
        fn $name() {
            for &nt in &THREADS {
                for &op in &INT_OPS {
                    for (n, blk, t0, ph) in [
                        (1, 1, 0, 0),
                        (37, 3, 1, 2),
                        (20, 0, 0, 0),
                        (50, 1, 2, 0),
                        (9, 4, 0, 3),
                    ] {
                        let t0 = t0 % nt;
                        check_reduce::<$t>(
                            nt,
                            MODES[(n + nt + op as usize) % 9],
                            op,
                            std::ptr::null(),
                            n,
                            blk,
                            t0,
                            ph,
                            |i| ((i * 37 + 11) % 23 + if i % 5 == 0 { 0 } else { 1 }) as $t,
                            exact,
                        );
                    }
                }
            }
        }
    };
}
int_reduce_test!(reduce_c, i8);
int_reduce_test!(reduce_uc, u8);
int_reduce_test!(reduce_s, i16);
int_reduce_test!(reduce_us, u16);
int_reduce_test!(reduce_i, i32);
int_reduce_test!(reduce_ui, u32);
int_reduce_test!(reduce_l, i64);
int_reduce_test!(reduce_ul, u64);

const FLOAT_OPS: [u64; 6] = [UPC_ADD, UPC_MULT, UPC_LOGAND, UPC_LOGOR, UPC_MIN, UPC_MAX];

#[test]
fn reduce_floating_types_with_tolerance() {
    for &nt in &THREADS {
        for &op in &FLOAT_OPS {
            for (n, blk, t0, ph) in [(1, 1, 0, 0), (37, 3, 1, 2), (20, 0, 0, 0), (16, 5, 0, 4)] {
                let flags = MODES[(n + nt + op as usize) % 9];
                let t0 = t0 % nt;
                check_reduce::<f32>(
                    nt,
                    flags,
                    op,
                    std::ptr::null(),
                    n,
                    blk,
                    t0,
                    ph,
                    |i| 0.5 + ((i * 7) % 5) as f32 * 0.25,
                    |a, b| (a - b).abs() <= 1e-4 * b.abs().max(1.0),
                );
                check_reduce::<f64>(
                    nt,
                    flags,
                    op,
                    std::ptr::null(),
                    n,
                    blk,
                    t0,
                    ph,
                    |i| 0.5 + ((i * 7) % 5) as f64 * 0.125,
                    |a, b| (a - b).abs() <= 1e-12 * b.abs().max(1.0),
                );
                check_reduce::<LongDouble>(
                    nt,
                    flags,
                    op,
                    std::ptr::null(),
                    n,
                    blk,
                    t0,
                    ph,
                    |i| LongDouble::from_f64(0.5 + ((i * 7) % 5) as f64 * 0.125),
                    |a, b| (a.to_f64() - b.to_f64()).abs() <= 1e-12 * b.to_f64().abs().max(1.0),
                );
            }
        }
    }
}

#[test]
fn user_functions_commutative_and_not() {
    for &nt in &THREADS {
        for &flags in &MODES {
            for (n, blk, t0, ph) in [(1, 1, 0, 0), (13, 2, 1, 1), (12, 0, 0, 0), (17, 1, 0, 0)] {
                let t0 = t0 % nt;
                check_reduce::<i64>(
                    nt,
                    flags,
                    UPC_NONCOMM_FUNC,
                    compose_affine as *const c_void,
                    n,
                    blk,
                    t0,
                    ph,
                    |i| (((i % 3 + 2) << 32) | (i % 9 + 1)) as i64,
                    exact,
                );
                check_reduce::<i32>(
                    nt,
                    flags,
                    UPC_FUNC,
                    add_i32 as *const c_void,
                    n,
                    blk,
                    t0,
                    ph,
                    |i| i as i32 * 3 - 7,
                    exact,
                );
                check_reduce::<f64>(
                    nt,
                    flags,
                    UPC_FUNC,
                    max_f64 as *const c_void,
                    n,
                    blk,
                    t0,
                    ph,
                    |i| ((i * 13) % 7) as f64,
                    exact,
                );
            }
        }
    }
}

extern "C" fn cmp_u32(_a: PShared, _b: PShared) -> i32 {
    unreachable!()
}

#[test]
fn sort_sorts_blocked_array() {
    // The comparison function receives pointers-to-shared: it needs the segment base,
    // which a test can only pass through a global.
    use std::sync::atomic::{AtomicUsize, Ordering};
    static BASE: AtomicUsize = AtomicUsize::new(0);
    extern "C" fn cmp(a: PShared, b: PShared) -> i32 {
        let base = BASE.load(Ordering::SeqCst) as *const u8;
        let rd = |p: PShared| unsafe {
            *(base.add(p.thread as usize * PART + p.addr as usize) as *const u32)
        };
        (rd(a) > rd(b)) as i32 - (rd(a) < rd(b)) as i32
    }
    let _ = cmp_u32;
    for &nt in &[1usize, 3, 4] {
        for &flags in &MODES {
            let job = Job::new(nt, PART);
            BASE.store(job.seg_base() as usize, Ordering::SeqCst);
            let n = 29;
            let a = PShared {
                addr: SRC + 4,
                thread: 0,
                phase: 1,
            };
            let span = Span::new(nt, a, n, 3, 4);
            for i in 0..n {
                let (t, ad) = span.at(i);
                unsafe { *(job.at(t, ad) as *mut u32) = ((i * 17) % 11) as u32 };
            }
            run(&job, move |team| {
                pre(team, flags);
                sort(team, a, 4, n, 3, Some(cmp), flags);
                post(team, flags);
            });
            let got: Vec<u32> = (0..n)
                .map(|i| {
                    let (t, ad) = span.at(i);
                    unsafe { *(job.at(t, ad) as *const u32) }
                })
                .collect();
            let mut want: Vec<u32> = (0..n).map(|i| ((i * 17) % 11) as u32).collect();
            want.sort();
            assert_eq!(got, want, "T={nt} flags={flags}");
        }
    }
}

#[test]
fn span_follows_the_layout_formulas() {
    // shared [3] int A[...] with T=4 (UPC-REFERENCE 4.2 table): &A[0] + i.
    let s = Span::new(
        4,
        PShared {
            addr: 0,
            thread: 0,
            phase: 0,
        },
        14,
        3,
        4,
    );
    let want = [
        (0, 0),
        (0, 4),
        (0, 8),
        (1, 0),
        (1, 4),
        (1, 8),
        (2, 0),
        (2, 4),
        (2, 8),
        (3, 0),
        (3, 4),
        (3, 8),
        (0, 12),
        (0, 16),
    ];
    for (i, w) in want.iter().enumerate() {
        assert_eq!(s.at(i), (w.0, w.1 as u64), "i={i}");
    }
    // Starting at &A[5] (thread 1, phase 2, addr 8): element 4 is &A[9].
    let s = Span::new(
        4,
        PShared {
            addr: 8,
            thread: 1,
            phase: 2,
        },
        10,
        3,
        4,
    );
    assert_eq!(s.at(4), (3, 0));
    // Runs of thread 0 for &A[0], 14 elements: A0..A2 at 0, A12..A13 at 12.
    let s = Span::new(
        4,
        PShared {
            addr: 0,
            thread: 0,
            phase: 0,
        },
        14,
        3,
        4,
    );
    let mut runs = vec![];
    s.runs_on(0, |k, n, a| runs.push((k, n, a)));
    assert_eq!(runs, vec![(0, 3, 0), (12, 2, 12)]);
}
