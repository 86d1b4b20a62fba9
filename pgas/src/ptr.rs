//! Pointer-to-shared arithmetic and the `<upc.h>` pointer functions (`upc_threadof`,
//! `upc_phaseof`, `upc_resetphase`, `upc_addrfield`; `upc_affinitysize` is in alloc.rs).
//!
//! The Rust functions here are the reference the inline C versions in upcr.h are tested against
//! (UPC-REFERENCE §4.2): floor division, non-negative remainders, any block size.

use crate::PShared;

fn floordiv(a: i64, b: i64) -> i64 {
    let q = a / b;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

/// `p + n` for elements of `elem` bytes, block size `block` (0 = indefinite), `threads` threads.
pub fn add(p: PShared, n: i64, elem: u64, block: u64, threads: u32) -> PShared {
    if block == 0 {
        return PShared {
            addr: (p.addr as i64 + n * elem as i64) as u64,
            ..p
        };
    }
    let b = block as i64;
    let t = p.phase as i64 + n;
    let dblk = floordiv(t, b);
    let nphase = t - dblk * b;
    let tt = p.thread as i64 + dblk;
    let dcourse = floordiv(tt, threads as i64);
    let nthread = tt - dcourse * threads as i64;
    PShared {
        addr: (p.addr as i64 + (dcourse * b + nphase - p.phase as i64) * elem as i64) as u64,
        thread: nthread as u32,
        phase: nphase as u32,
    }
}

/// `q - p` in elements.
pub fn diff(q: PShared, p: PShared, elem: u64, block: u64, threads: u32) -> i64 {
    let e = elem as i64;
    if block == 0 {
        return (q.addr as i64 - p.addr as i64) / e;
    }
    let b = block as i64;
    let dc =
        ((q.addr as i64 - q.phase as i64 * e) - (p.addr as i64 - p.phase as i64 * e)) / (b * e);
    (dc * threads as i64 + (q.thread as i64 - p.thread as i64)) * b
        + (q.phase as i64 - p.phase as i64)
}

/// Element `i` of a shared array at partition offset `off` (the layout formula of §3.1).
pub fn elem(off: u64, i: u64, elem: u64, block: u64, threads: u32) -> PShared {
    if block == 0 {
        return PShared::new(0, off + i * elem, 0);
    }
    let t = threads as u64;
    let blk = i / block;
    PShared::new(
        (blk % t) as u32,
        off + ((blk / t) * block + i % block) * elem,
        (i % block) as u32,
    )
}

#[no_mangle]
pub extern "C" fn upc_threadof(p: PShared) -> usize {
    p.thread as usize
}

#[no_mangle]
pub extern "C" fn upc_phaseof(p: PShared) -> usize {
    if p.is_null() {
        0
    } else {
        p.phase as usize
    }
}

#[no_mangle]
pub extern "C" fn upc_resetphase(p: PShared) -> PShared {
    PShared { phase: 0, ..p }
}

#[no_mangle]
pub extern "C" fn upc_addrfield(p: PShared) -> usize {
    p.addr as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reference formulas, written directly from the spec's definition by walking one element at
    /// a time (no floor division tricks).
    fn walk(threads: u32, block: u64, elem_size: u64, n: u64) {
        let base = 4096u64;
        for i in 0..n {
            let p = elem(base, i, elem_size, block, threads);
            // thread/phase/local index per §3.1
            if let Some(blk) = i.checked_div(block) {
                assert_eq!(p.thread as u64, blk % threads as u64);
                assert_eq!(p.phase as u64, i % block);
                let local = (i / (block * threads as u64)) * block + i % block;
                assert_eq!(p.addr, base + local * elem_size);
            }
            for j in 0..n {
                let q = elem(base, j, elem_size, block, threads);
                let d = j as i64 - i as i64;
                let r = add(p, d, elem_size, block, threads);
                if block == 0 {
                    assert_eq!(r.addr, q.addr);
                } else {
                    assert_eq!(r, q, "T={threads} B={block} {i}+{d}");
                    assert_eq!(diff(q, p, elem_size, block, threads), d);
                }
            }
        }
    }

    #[test]
    fn pointer_walks_match_the_layout() {
        for threads in [1, 2, 3, 4, 5] {
            for block in [0, 1, 2, 3, 4, 7, 16] {
                walk(threads, block, 4, 40);
                walk(threads, block, 12, 25);
            }
        }
    }

    #[test]
    fn reference_examples_t4_b3() {
        // shared [3] int A[...] with THREADS = 4 (UPC-REFERENCE §4.2 table).
        let p = PShared::new(0, 0, 0);
        let at = |n| {
            let r = add(p, n, 4, 3, 4);
            (r.thread, r.phase, r.addr)
        };
        assert_eq!(at(5), (1, 2, 8));
        assert_eq!(at(9), (3, 0, 0));
        assert_eq!(at(11), (3, 2, 8));
        assert_eq!(at(12), (0, 0, 12));
        assert_eq!(at(13), (0, 1, 16));
        let a13 = add(p, 13, 4, 3, 4);
        let a6 = add(a13, -7, 4, 3, 4);
        assert_eq!((a6.thread, a6.phase, a6.addr), (2, 0, 0));
        let a5 = add(p, 5, 4, 3, 4);
        let a9 = add(p, 9, 4, 3, 4);
        assert_eq!(diff(a9, a5, 4, 3, 4), 4);
    }

    #[test]
    fn huge_block_sizes() {
        // Block sizes far beyond any bit-field: still exact.
        let b = 1u64 << 30;
        let p = elem(0, b + 5, 1, b, 3);
        assert_eq!((p.thread, p.phase, p.addr), (1, 5, 5));
        assert_eq!(diff(p, PShared::NULL, 1, b, 3), (b + 5) as i64);
    }
}

/// `upc_thread_info_t` of `<upc_castable.h>`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThreadInfo {
    pub guaranteed_castable: std::ffi::c_int,
    pub probably_castable: std::ffi::c_int,
}

/// UPC_CASTABLE_ALL: every kind of shared memory of every thread is castable here.
pub const CASTABLE_ALL: std::ffi::c_int = 0xf;

/// `upc_cast`: every partition is mapped in every thread, so any valid pointer-to-shared has a
/// local address; null in, null out.
#[no_mangle]
pub extern "C" fn upc_cast(p: PShared) -> *mut std::ffi::c_void {
    if p.is_null() || !crate::segment::user_data_mapped(p.thread) {
        // (not castable: out of range, or another node's data, which is not mapped here)
        return std::ptr::null_mut();
    }
    // the program's view (the translated program's own addresses, `segment::set_program_view`)
    crate::segment::seg_base()
        .wrapping_add(p.thread as usize * crate::segment::part_size() + p.addr as usize)
        as *mut std::ffi::c_void
}

#[no_mangle]
pub extern "C" fn upc_thread_info(thread: usize) -> ThreadInfo {
    let c = if thread < crate::segment::threads() && crate::segment::user_data_mapped(thread as u32)
    {
        CASTABLE_ALL
    } else {
        0
    };
    ThreadInfo {
        guaranteed_castable: c,
        probably_castable: c,
    }
}
