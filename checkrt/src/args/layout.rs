//! Where the memory an argument describes lies: per-thread byte ranges of the segment.
//!
//! A UPC library function treats its pointer-to-shared arguments as arrays of some layout
//! (`shared [] char[n]` on one thread, `shared [n] char[n*THREADS]` with affinity to thread
//! 0, `shared [blk_size] TYPE[nelems]` with the phase respected).  Under the symmetric
//! layout a thread's part of such an array is contiguous in its partition, so each region
//! is a list of `(thread, lo, hi)` offset ranges.

use crate::ffi::PShared;

/// Bytes `[lo, hi)` of partition `thread` (`None`: the same range on every thread).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    pub thread: Option<u32>,
    pub lo: u64,
    pub hi: u64,
}

impl Range {
    #[inline]
    pub fn overlaps(&self, o: &Range) -> bool {
        let same_thread = match (self.thread, o.thread) {
            (Some(a), Some(b)) => a == b,
            _ => true,
        };
        same_thread && self.lo < o.hi && o.lo < self.hi && self.lo < self.hi && o.lo < o.hi
    }
}

fn clamp(x: u128) -> u64 {
    x.min(u64::MAX as u128) as u64
}

/// `n` bytes on `upc_threadof(p)` from `p`.
#[inline]
pub fn on_thread(p: PShared, n: u64) -> Range {
    Range {
        thread: Some(p.thread),
        lo: p.addr,
        hi: p.addr.saturating_add(n),
    }
}

/// `n` bytes at `upc_addrfield(p)` on every thread.
#[inline]
pub fn every_thread(p: PShared, n: u64) -> Range {
    Range {
        thread: None,
        lo: p.addr,
        hi: p.addr.saturating_add(n),
    }
}

/// `nelems` elements of `elem` bytes laid out as `shared [blk] T` from `p`, phase
/// respected: one range per thread holding elements (at most `threads`), calling `f`.
pub fn blocked(
    p: PShared,
    nelems: u64,
    blk: u64,
    elem: u64,
    threads: usize,
    mut f: impl FnMut(Range),
) {
    if nelems == 0 || elem == 0 || threads == 0 {
        return;
    }
    if blk == 0 {
        f(Range {
            thread: Some(p.thread),
            lo: p.addr,
            hi: clamp(p.addr as u128 + nelems as u128 * elem as u128),
        });
        return;
    }
    let t = threads as u128;
    let (blk, elem) = (blk as u128, elem as u128);
    let ph = p.phase as u128 % blk;
    let t0 = p.thread as u128 % t;
    // Local offset of the start of p's block (course 0 of this walk, same on every thread).
    let start0 = (p.addr as u128).saturating_sub(ph * elem);
    let g = ph + nelems as u128; // one past the last element, counted from the block start
    let nb = g.div_ceil(blk); // blocks touched
    for r in 0..nb.min(t) {
        let thread = ((t0 + r) % t) as u32;
        let lo = if r == 0 {
            p.addr as u128
        } else {
            start0 + ((t0 + r) / t) * blk * elem
        };
        let j_last = r + t * ((nb - 1 - r) / t);
        let len_last = if j_last == nb - 1 {
            (g - 1) % blk + 1
        } else {
            blk
        };
        let hi = start0 + (((t0 + j_last) / t) * blk + len_last) * elem;
        f(Range {
            thread: Some(thread),
            lo: clamp(lo),
            hi: clamp(hi),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ps(thread: u32, addr: u64, phase: u32) -> PShared {
        PShared {
            addr,
            thread,
            phase,
        }
    }

    /// Reference: walk every element with the pointer arithmetic of the spec.
    fn reference(p: PShared, n: u64, blk: u64, e: u64, threads: u64) -> Vec<Range> {
        let mut per: Vec<Option<(u64, u64)>> = vec![None; threads as usize];
        let (mut th, mut ad, mut phs) = (p.thread as u64, p.addr, p.phase as u64);
        for _ in 0..n {
            let r = per[th as usize].get_or_insert((ad, ad + e));
            r.0 = r.0.min(ad);
            r.1 = r.1.max(ad + e);
            // p + 1
            if blk == 0 {
                ad += e;
                continue;
            }
            let tt = phs + 1;
            let nphase = tt % blk;
            let nt = th + tt / blk;
            let dcourse = nt / threads;
            ad = ad + (dcourse * blk + nphase) * e - phs * e;
            th = nt % threads;
            phs = nphase;
        }
        let mut out: Vec<Range> = per
            .into_iter()
            .enumerate()
            .filter_map(|(t, r)| {
                r.map(|(lo, hi)| Range {
                    thread: Some(t as u32),
                    lo,
                    hi,
                })
            })
            .collect();
        out.sort_by_key(|r| r.thread);
        out
    }

    #[test]
    fn blocked_ranges_match_element_walk() {
        for threads in [1u64, 3, 4, 5] {
            for blk in [0u64, 1, 2, 3, 7] {
                for e in [1u64, 4, 8] {
                    for start_thread in 0..threads as u32 {
                        for phase in 0..blk.max(1) as u32 {
                            for n in [1u64, 2, 5, 9, 13, 40] {
                                let p = ps(start_thread, 4096 + phase as u64 * e, phase);
                                let mut got = Vec::new();
                                blocked(p, n, blk, e, threads as usize, |r| got.push(r));
                                got.sort_by_key(|r| r.thread);
                                assert_eq!(
                                    got,
                                    reference(p, n, blk, e, threads),
                                    "T={threads} blk={blk} e={e} t0={start_thread} ph={phase} n={n}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn overlap() {
        let a = Range {
            thread: Some(1),
            lo: 0,
            hi: 10,
        };
        let b = Range {
            thread: Some(1),
            lo: 9,
            hi: 12,
        };
        let c = Range {
            thread: Some(2),
            lo: 0,
            hi: 10,
        };
        let d = Range {
            thread: None,
            lo: 10,
            hi: 20,
        };
        assert!(a.overlaps(&b));
        assert!(!a.overlaps(&c));
        assert!(!a.overlaps(&d));
        assert!(b.overlaps(&d));
        let empty = Range {
            thread: Some(1),
            lo: 5,
            hi: 5,
        };
        assert!(!a.overlaps(&empty));
    }
}
