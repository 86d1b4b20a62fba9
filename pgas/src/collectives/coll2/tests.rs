//! The engine on THREADS OS threads over one heap "segment" (each thread installs its
//! own state; staging memory comes from a bump allocator in its partition).

use super::dtype::op;
use super::engine::{Call, HandleState, Kind, Started, State};
use super::shm::{Env, AREA_SIZE};
use super::{install, with_state};
use crate::PShared;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::*};
use std::sync::Arc;

const PART: usize = 1 << 20;
/// User buffers live below this offset, staging above.
const HEAP: u64 = 1 << 18;

struct Job {
    threads: usize,
    seg: Vec<u64>,
    areas: Vec<u64>,
}

struct P(*mut u8);
unsafe impl Send for P {}
unsafe impl Sync for P {}

fn run<R: Send + 'static>(
    threads: usize,
    body: impl Fn(usize) -> R + Send + Sync + 'static,
) -> Vec<R> {
    let job = Arc::new(Job {
        threads,
        seg: vec![0; threads * PART / 8],
        areas: vec![0; threads * AREA_SIZE / 8],
    });
    let body = Arc::new(body);
    let hs: Vec<_> = (0..threads)
        .map(|me| {
            let job = Arc::clone(&job);
            let body = Arc::clone(&body);
            std::thread::spawn(move || {
                let seg = P(job.seg.as_ptr() as *mut u8);
                let areas = (0..job.threads)
                    .map(|t| unsafe { (job.areas.as_ptr() as *mut u8).add(t * AREA_SIZE) })
                    .collect();
                let next = AtomicU64::new(HEAP);
                install(State::new(Env {
                    threads: job.threads,
                    me,
                    seg_base: seg.0,
                    part_size: PART,
                    areas,
                    alloc: Box::new(move |n| {
                        let a = next.fetch_add((n as u64 + 15) & !15, Relaxed);
                        (a + n as u64 <= PART as u64).then_some(a)
                    }),
                    free: Box::new(|_| {}),
                    remote: false,
                }));
                assert_eq!(with_state(|s| s.initialize()), 0);
                let r = body(me);
                let _ = seg;
                r
            })
        })
        .collect();
    hs.into_iter().map(|h| h.join().unwrap()).collect()
}

/// Pointer to byte `addr` of thread `t`'s partition of the running job.
fn at(t: usize, addr: u64) -> *mut u8 {
    with_state(|s| s.env.ptr(t, addr + 4096))
}
fn sh(me: usize, addr: u64) -> PShared {
    PShared::new(me as u32, addr + 4096, 0)
}
fn put_i32(me: usize, addr: u64, v: &[i32]) {
    for (i, x) in v.iter().enumerate() {
        unsafe { (at(me, addr + 4 * i as u64) as *mut i32).write_unaligned(*x) }
    }
}
fn get_i32(me: usize, addr: u64, n: usize) -> Vec<i32> {
    (0..n)
        .map(|i| unsafe { (at(me, addr + 4 * i as u64) as *const i32).read_unaligned() })
        .collect()
}
fn start(kind: Kind, team: u64, c: Call, handle: bool) -> Option<u64> {
    let (e, how) = with_state(|s| s.start(kind, team, c, handle));
    assert_eq!(e, 0, "{kind:?} failed");
    match how {
        Some(Started::Handle(h)) => Some(h),
        _ => None,
    }
}
const INT: i32 = 5;

#[test]
fn allreduce_and_scan_over_all_threads() {
    for threads in [1, 2, 3, 5] {
        let out = run(threads, move |me| {
            put_i32(me, 0, &[me as i32 + 1, 10 * me as i32]);
            let c = Call {
                send: sh(me, 0),
                recv: sh(me, 64),
                scount: 2,
                stype: INT,
                op: op::ADD,
                ..Default::default()
            };
            start(Kind::Allreduce, 0, c.clone(), false);
            let sum = get_i32(me, 64, 2);
            start(
                Kind::Scan,
                0,
                Call {
                    recv: sh(me, 128),
                    ..c
                },
                false,
            );
            (sum, get_i32(me, 128, 2))
        });
        let n = threads as i32;
        for (me, (sum, scan)) in out.into_iter().enumerate() {
            let m = me as i32;
            assert_eq!(sum, vec![n * (n + 1) / 2, 10 * n * (n - 1) / 2]);
            assert_eq!(scan, vec![(m + 1) * (m + 2) / 2, 10 * m * (m + 1) / 2]);
        }
    }
}

#[test]
fn split_orders_by_key_then_rank_and_collectives_stay_in_the_team() {
    let out = run(6, |me| {
        // two teams: even and odd threads; key reverses the order
        let t = with_state(|s| s.split(0, (me % 2) as i64, -(me as i64))).unwrap();
        let team = with_state(|s| s.team(t)).unwrap();
        put_i32(me, 0, &[me as i32]);
        let c = Call {
            send: sh(me, 0),
            recv: sh(me, 64),
            scount: 1,
            stype: INT,
            op: op::MAX,
            ..Default::default()
        };
        start(Kind::Allreduce, t, c, false);
        // bcast from rank 0 of the team
        put_i32(me, 8, &[100 + me as i32]);
        let b = Call {
            send: sh(me, 8),
            scount: 1,
            stype: INT,
            recv: sh(me, 16),
            rcount: 1,
            rtype: INT,
            root: 0,
            ..Default::default()
        };
        start(Kind::Bcast, t, b, false);
        let r = (
            team.members.clone(),
            team.rank,
            get_i32(me, 64, 1)[0],
            get_i32(me, 16, 1)[0],
        );
        assert_eq!(with_state(|s| s.team_free(t)), 0);
        assert!(with_state(|s| s.team(t)).is_none());
        r
    });
    for (me, (members, rank, max, b)) in out.into_iter().enumerate() {
        let want: Vec<usize> = if me % 2 == 0 {
            vec![4, 2, 0]
        } else {
            vec![5, 3, 1]
        };
        assert_eq!(members, want);
        assert_eq!(members[rank], me);
        assert_eq!(max, want[0] as i32);
        assert_eq!(b, 100 + want[0] as i32);
    }
}

#[test]
fn several_nonblocking_bcasts_in_flight_complete_in_initiation_order() {
    let out = run(4, |me| {
        let mut hs = Vec::new();
        for k in 0..5u64 {
            put_i32(me, 8 * k, &[(me as i32) * 1000 + k as i32]);
            let c = Call {
                send: sh(me, 8 * k),
                scount: 1,
                stype: INT,
                recv: sh(me, 256 + 8 * k),
                rcount: 1,
                rtype: INT,
                root: (k % 4) as i64,
                ..Default::default()
            };
            hs.push(start(Kind::Bcast, 0, c, true).unwrap());
        }
        // wait in reverse order
        for &h in hs.iter().rev() {
            assert!(with_state(|s| s.wait(h)));
            assert_eq!(with_state(|s| s.handle_state(h)), HandleState::Waited);
        }
        (0..5)
            .map(|k| get_i32(me, 256 + 8 * k, 1)[0])
            .collect::<Vec<_>>()
    });
    for v in out {
        assert_eq!(v, (0..5).map(|k| (k % 4) * 1000 + k).collect::<Vec<i32>>());
    }
}

#[test]
fn initiation_does_not_wait_and_completion_does_not_wait_for_other_completions() {
    // thread 0 initiates and completes an allreduce while thread 1 initiated it but only
    // calls wait after thread 0 finished (a completion that waited for the other thread's
    // completion call would hang here)
    let flag = Arc::new(AtomicBool::new(false));
    let f2 = Arc::clone(&flag);
    let out = run(2, move |me| {
        put_i32(me, 0, &[me as i32 + 1]);
        let c = Call {
            send: sh(me, 0),
            recv: sh(me, 64),
            scount: 1,
            stype: INT,
            op: op::ADD,
            ..Default::default()
        };
        let h = start(Kind::Allreduce, 0, c, true).unwrap();
        if me == 0 {
            assert!(with_state(|s| s.wait(h)));
            f2.store(true, SeqCst);
        } else {
            while !f2.load(SeqCst) {
                std::thread::yield_now();
            }
            assert_eq!(with_state(|s| s.test(h)), Some(true));
            assert_eq!(with_state(|s| s.handle_state(h)), HandleState::Tested);
            assert!(with_state(|s| s.wait(h)));
        }
        get_i32(me, 64, 1)[0]
    });
    assert!(flag.load(SeqCst));
    assert_eq!(out, vec![3, 3]);
}

#[test]
fn v_variants_and_reduce_scatter_on_a_split_team() {
    let out = run(5, |me| {
        // team of threads 1..4 (color 1), thread 0 alone (color 0)
        let t = with_state(|s| s.split(0, (me > 0) as i64, me as i64)).unwrap();
        let team = with_state(|s| s.team(t)).unwrap();
        let n = team.members.len();
        let r = team.rank as i32;
        // alltoallv: rank r sends (j+1) values r*100+j.. to rank j
        let mut send = Vec::new();
        let (mut sc, mut sd) = (vec![], vec![]);
        for j in 0..n {
            sd.push(send.len() as u64);
            sc.push(j as u64 + 1);
            for x in 0..=j {
                send.push(r * 100 + x as i32);
            }
        }
        put_i32(me, 0, &send);
        let rc: Vec<u64> = (0..n).map(|_| team.rank as u64 + 1).collect();
        let rd: Vec<u64> = (0..n).map(|j| (j * (team.rank + 1)) as u64).collect();
        let c = Call {
            send: sh(me, 0),
            scounts: sc,
            sdispls: sd,
            stype: INT,
            recv: sh(me, 1024),
            rcounts: rc,
            rdispls: rd,
            rtype: INT,
            ..Default::default()
        };
        let h = start(Kind::Alltoallv, t, c, true).unwrap();
        // reduce_scatter with 2 elements per rank
        let mine: Vec<i32> = (0..2 * n as i32).map(|i| i * (r + 1)).collect();
        put_i32(me, 2048, &mine);
        let c = Call {
            send: sh(me, 2048),
            recv: sh(me, 4096),
            scount: 2,
            stype: INT,
            op: op::ADD,
            flags: 1 << 6,
            ..Default::default()
        };
        start(Kind::ReduceScatter, t, c, false);
        with_state(|s| s.fence());
        assert!(with_state(|s| s.wait(h)));
        (
            n,
            team.rank,
            get_i32(me, 1024, n * (team.rank + 1)),
            get_i32(me, 4096, 2),
        )
    });
    for (n, rank, a2a, rs) in out {
        for j in 0..n {
            for x in 0..=rank {
                assert_eq!(a2a[j * (rank + 1) + x], j as i32 * 100 + x as i32);
            }
        }
        let s: i32 = (1..=n as i32).sum();
        assert_eq!(rs, vec![(2 * rank as i32) * s, (2 * rank as i32 + 1) * s]);
    }
}

#[test]
fn bad_arguments_return_error_codes() {
    run(2, |me| {
        let c = Call {
            send: sh(me, 0),
            recv: sh(me, 64),
            scount: 1,
            stype: 19,
            op: op::XOR,
            ..Default::default()
        };
        assert_eq!(
            with_state(|s| s.start(Kind::Allreduce, 0, c, false)).0,
            super::engine::rc::UPC_OP
        );
        let c = Call {
            root: 7,
            ..Default::default()
        };
        assert_eq!(
            with_state(|s| s.start(Kind::Bcast, 0, c, false)).0,
            super::engine::rc::ROOT
        );
        assert_eq!(
            with_state(|s| s.start(Kind::Barrier, 12345, Call::default(), false)).0,
            super::engine::rc::TEAM
        );
        let other = 1 - me;
        let c = Call {
            send: sh(other, 0),
            recv: sh(me, 64),
            scount: 1,
            stype: INT,
            op: op::ADD,
            ..Default::default()
        };
        assert_eq!(
            with_state(|s| s.start(Kind::Allreduce, 0, c, false)).0,
            super::engine::rc::SENDBUF
        );
    });
}

/// A blocked thread's published wait is an edge of a deadlock only while its peer has not
/// done what it waits for: once the peer initiated (or, for a completion wait, completed)
/// the collective, a thread that has not noticed yet does not wait for it.
#[test]
fn a_wait_is_an_edge_only_until_the_peer_has_done_it() {
    use super::shm::hdr;
    let areas: Vec<u64> = vec![0; 2 * AREA_SIZE / 8];
    let env = Env {
        threads: 2,
        me: 0,
        seg_base: std::ptr::null_mut(),
        part_size: PART,
        areas: (0..2)
            .map(|t| unsafe { (areas.as_ptr() as *mut u8).add(t * AREA_SIZE) })
            .collect(),
        alloc: Box::new(|_| None),
        free: Box::new(|_| {}),
        remote: false,
    };
    let h = |w: usize, v: u64| env.hdr(0, w).store(v, SeqCst);
    // thread 0 waits for thread 1 to initiate collective 5 on slot 3
    h(hdr::SLOT, 3);
    h(hdr::SEQ, 5);
    h(hdr::PEER, 2);
    h(hdr::UNTIL, hdr::UNTIL_INITIATED);
    env.initiated(1, 3).store(4, SeqCst);
    assert!(env.still_waits(0));
    env.initiated(1, 3).store(5, SeqCst);
    assert!(!env.still_waits(0));
    // ... or to complete it: its initiation is not enough
    h(hdr::UNTIL, hdr::UNTIL_COMPLETED);
    env.completed(1, 3).store(4, SeqCst);
    assert!(env.still_waits(0));
    env.completed(1, 3).store(6, SeqCst);
    assert!(!env.still_waits(0));
    // no published peer: no edge
    h(hdr::PEER, 0);
    assert!(!env.still_waits(0));
}
