//! `upc_all_sort` (UPC collectives 1.0 library, kept for programs written against it).
//!
//! The `nelems` elements of `elem_size` bytes laid out as `shared [blk_size]` from `A`
//! (phase respected) are sorted in place; `func(x, y) > 0` means x goes after y.  The
//! comparison function takes pointers-to-shared, so the elements are compared where they
//! are: the thread with affinity to `A` merge-sorts a permutation of indices (stable, and
//! it cannot misbehave on an inconsistent comparison function), then rewrites the
//! elements in order.  Sync modes as everywhere: MYSYNC waits only for the owners of the
//! elements.

use super::flags::{Mode, Sync};
use super::reduce::Span;
use super::rt::{fatal, PShared};
use super::team::Team;
use std::sync::atomic::{fence, Ordering::SeqCst};

/// The C ABI of the comparison function: `int (*)(shared void *, shared void *)`.
pub type SortFunc = extern "C" fn(PShared, PShared) -> i32;

pub fn sort(
    team: &Team,
    a: PShared,
    elem_size: usize,
    nelems: usize,
    blk_size: usize,
    func: Option<SortFunc>,
    flags: i32,
) {
    let Some(func) = func else {
        fatal("upc_all_sort: func is a null pointer");
    };
    if elem_size == 0 && nelems > 0 {
        fatal("upc_all_sort: elem_size is 0");
    }
    let mode = Mode::parse(flags);
    let nt = team.threads();
    let me = team.me();
    let k = team.enter();
    if mode.entry == Sync::All {
        team.barrier();
    }
    fence(SeqCst);
    let span = Span::new(nt, a, nelems, blk_size, elem_size);
    let owners = span.owners(0, nelems);
    let sorter = a.thread as usize % nt;
    if me == sorter {
        if mode.entry == Sync::My {
            team.wait_entered_all(owners.iter(nt), k);
        }
        let pts = |i: usize| {
            let (t, addr) = span.at(i);
            let phase = if blk_size == 0 {
                0
            } else {
                ((a.phase as usize % blk_size) + i) % blk_size
            };
            PShared {
                addr,
                thread: t as u32,
                phase: phase as u32,
            }
        };
        let mut idx: Vec<usize> = (0..nelems).collect();
        merge_sort(&mut idx, &mut |x, y| func(pts(x), pts(y)) > 0);
        let mut tmp = vec![0u8; nelems * elem_size];
        for (slot, &i) in idx.iter().enumerate() {
            let (t, addr) = span.at(i);
            if super::rt::is_remote(t) {
                let at = slot * elem_size;
                super::rt::read(team, t, addr, &mut tmp[at..at + elem_size]);
                continue;
            }
            // SAFETY: element i is valid shared storage designated by the program.
            unsafe {
                std::ptr::copy_nonoverlapping(
                    team.ptr(t, addr),
                    tmp.as_mut_ptr().add(slot * elem_size),
                    elem_size,
                )
            };
        }
        for i in 0..nelems {
            let (t, addr) = span.at(i);
            if super::rt::is_remote(t) {
                let at = i * elem_size;
                super::rt::write(team, t, addr, &tmp[at..at + elem_size]);
                continue;
            }
            // SAFETY: as above.
            unsafe {
                std::ptr::copy_nonoverlapping(
                    tmp.as_ptr().add(i * elem_size),
                    team.ptr(t, addr),
                    elem_size,
                )
            };
        }
        if mode.exit == Sync::My {
            for u in owners.iter(nt) {
                team.signal_done(u, k);
            }
        }
    } else if mode.exit == Sync::My && owners.contains(me, nt) {
        team.wait_done_by(sorter, k);
    }
    fence(SeqCst);
    if mode.exit == Sync::All {
        team.barrier();
    }
}

/// Stable merge sort; `after(x, y)` is true when x must come after y.
fn merge_sort(v: &mut [usize], after: &mut impl FnMut(usize, usize) -> bool) {
    let n = v.len();
    let mut buf = v.to_vec();
    let mut width = 1;
    while width < n {
        let mut lo = 0;
        while lo < n {
            let mid = (lo + width).min(n);
            let hi = (lo + 2 * width).min(n);
            let (mut i, mut j, mut o) = (lo, mid, lo);
            while i < mid && j < hi {
                if after(v[i], v[j]) {
                    buf[o] = v[j];
                    j += 1;
                } else {
                    buf[o] = v[i];
                    i += 1;
                }
                o += 1;
            }
            buf[o..o + (mid - i)].copy_from_slice(&v[i..mid]);
            o += mid - i;
            buf[o..o + (hi - j)].copy_from_slice(&v[j..hi]);
            lo = hi;
        }
        v.copy_from_slice(&buf);
        width *= 2;
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn merge_sort_is_stable_and_total() {
        let keys = [5, 3, 5, 1, 9, 0, 3, 3, 7, 2, 8];
        let mut idx: Vec<usize> = (0..keys.len()).collect();
        super::merge_sort(&mut idx, &mut |x, y| keys[x] > keys[y]);
        let sorted: Vec<i32> = idx.iter().map(|&i| keys[i]).collect();
        assert_eq!(sorted, vec![0, 1, 2, 3, 3, 3, 5, 5, 7, 8, 9]);
        assert_eq!(&idx[3..6], &[1, 6, 7]); // stable among equal keys
                                            // An inconsistent comparison still yields a permutation.
        let mut idx: Vec<usize> = (0..50).collect();
        let mut flip = false;
        super::merge_sort(&mut idx, &mut |_, _| {
            flip = !flip;
            flip
        });
        idx.sort();
        assert_eq!(idx, (0..50).collect::<Vec<_>>());
    }
}
