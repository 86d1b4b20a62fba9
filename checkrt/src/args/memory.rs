//! Whether private memory is accessible: the process's mappings, cached.
//!
//! The argument rules ask whether `n` bytes at a pointer-to-local can be read (a `hints`
//! array, a `upc_memget` destination, a list-I/O vector).  The answer comes from a cached
//! copy of `/proc/self/maps` (binary search, no system call); on a miss the cache is
//! reloaded once, so memory mapped since (heap growth, a deeper stack) is found.  The few
//! readable ranges found last are kept apart ([`known_readable`], no lookup at all): a loop
//! that alternates between buffers in different mappings (a static array, a `malloc`ed
//! one, the stack) finds each of them there.  A run unmapped since (a large `malloc` block
//! freed) stays known until it is replaced: a dangling pointer into it then faults in the
//! copy instead of being reported here.

use std::cell::{Cell, RefCell};

/// (start, end, readable) of every mapping, sorted by start.
type Maps = Vec<(usize, usize, bool)>;

thread_local! {
    static MAPS: RefCell<Maps> = const { RefCell::new(Vec::new()) };
    /// The runs of readable mappings of the last successful queries, and where the next
    /// one goes (most calls hit one of them again).
    static RECENT: Cell<([(usize, usize); RECENT_RUNS], usize)> =
        const { Cell::new(([(0, 0); RECENT_RUNS], 0)) };
}

/// How many runs of readable mappings [`known_readable`] keeps.
const RECENT_RUNS: usize = 4;

fn load() -> Maps {
    let Ok(text) = std::fs::read_to_string("/proc/self/maps") else {
        return Vec::new();
    };
    // SAFETY: plain getrlimit into a local.
    let stack_limit = unsafe {
        let mut r: libc::rlimit = std::mem::zeroed();
        if libc::getrlimit(libc::RLIMIT_STACK, &mut r) == 0 && r.rlim_cur != libc::RLIM_INFINITY {
            r.rlim_cur as usize
        } else {
            256 << 20
        }
    };
    parse(&text, stack_limit)
}

/// The mappings of a `/proc/self/maps` text.  The main thread's stack grows on demand, so
/// the part of its rlimit below the `[stack]` mapping counts as readable too (an untouched
/// large local array lies there).
fn parse(text: &str, stack_limit: usize) -> Maps {
    let mut stack = None;
    let mut v: Maps = text
        .lines()
        .filter_map(|line| {
            let mut it = line.split_whitespace();
            let range = it.next()?;
            let perms = it.next()?;
            let (a, b) = range.split_once('-')?;
            let a = usize::from_str_radix(a, 16).ok()?;
            let b = usize::from_str_radix(b, 16).ok()?;
            if line.ends_with("[stack]") {
                stack = Some((a, b));
            }
            Some((a, b, perms.starts_with('r')))
        })
        .collect();
    v.sort_unstable();
    if let Some((lo, hi)) = stack {
        let below = v
            .iter()
            .filter(|m| m.1 <= lo)
            .map(|m| m.1)
            .max()
            .unwrap_or(0);
        let grow_to = hi.saturating_sub(stack_limit).max(below);
        if grow_to < lo {
            v.push((grow_to, lo, true));
            v.sort_unstable();
        }
    }
    v
}

/// Whether [addr, addr+n) is covered by readable mappings in `maps`.
fn covered(maps: &Maps, addr: usize, n: usize) -> bool {
    let Some(end) = addr.checked_add(n) else {
        return false;
    };
    let mut at = addr;
    // The last mapping starting at or before `at`.
    let mut i = match maps.binary_search_by(|m| m.0.cmp(&at)) {
        Ok(i) => i,
        Err(0) => return false,
        Err(i) => i - 1,
    };
    while at < end {
        let Some(&(s, e, r)) = maps.get(i) else {
            return false;
        };
        if !r || s > at || e <= at {
            return false;
        }
        at = e;
        i += 1;
    }
    true
}

/// Remember the run of adjacent readable mappings containing `addr` for the next query.
fn remember(maps: &Maps, addr: usize) {
    let Some(i) = maps.partition_point(|m| m.0 <= addr).checked_sub(1) else {
        return;
    };
    if !maps[i].2 {
        return;
    }
    let (mut lo, mut hi) = (i, i);
    while lo > 0 && maps[lo - 1].2 && maps[lo - 1].1 == maps[lo].0 {
        lo -= 1;
    }
    while hi + 1 < maps.len() && maps[hi + 1].2 && maps[hi + 1].0 == maps[hi].1 {
        hi += 1;
    }
    let (mut runs, next) = RECENT.get();
    runs[next % RECENT_RUNS] = (maps[lo].0, maps[hi].1);
    RECENT.set((runs, next + 1));
}

/// Whether `n` bytes at `addr` lie in the readable memory of one of the last successful
/// queries (no lookup at all).
#[inline]
pub fn known_readable(addr: usize, n: usize) -> bool {
    let Some(end) = addr.checked_add(n) else {
        return false;
    };
    RECENT
        .get()
        .0
        .iter()
        .any(|&(lo, hi)| addr >= lo && end <= hi)
}

/// Whether `n` bytes at `addr` are readable private memory (n == 0 is always fine).
pub fn readable(addr: usize, n: usize) -> bool {
    if n == 0 {
        return true;
    }
    if addr == 0 {
        return false;
    }
    if known_readable(addr, n) {
        return true;
    }
    MAPS.with(|m| {
        let ok = covered(&m.borrow(), addr, n) || {
            let fresh = load();
            let ok = covered(&fresh, addr, n);
            *m.borrow_mut() = fresh;
            ok
        };
        if ok {
            remember(&m.borrow(), addr);
        }
        ok
    })
}

/// The length of the NUL-terminated string at `addr` if it is readable (up to `max` bytes).
pub fn c_string_len(addr: usize, max: usize) -> Option<usize> {
    if addr == 0 {
        return None;
    }
    let mut len = 0;
    let page = 4096;
    while len < max {
        let at = addr + len;
        let chunk = page - at % page;
        if !readable(at, chunk) {
            return None;
        }
        // SAFETY: the chunk was just found readable.
        let bytes = unsafe { std::slice::from_raw_parts(at as *const u8, chunk) };
        if let Some(z) = bytes.iter().position(|&b| b == 0) {
            return Some(len + z);
        }
        len += chunk;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stack_heap_and_static_memory_are_readable() {
        let local = [1u8; 64];
        assert!(readable(local.as_ptr() as usize, 64));
        let heap = vec![0u8; 1 << 20];
        assert!(readable(heap.as_ptr() as usize, heap.len()));
        static S: [u8; 16] = [0; 16];
        assert!(readable(S.as_ptr() as usize, 16));
        assert!(readable(0, 0));
    }

    #[test]
    fn null_low_and_wrapping_addresses_are_not() {
        assert!(!readable(0, 1));
        assert!(!readable(8, 8));
        assert!(!readable(usize::MAX - 4, 16));
    }

    #[test]
    fn inaccessible_memory_is_not_readable() {
        // A PROT_NONE mapping, kept while we look (an unmapped address could be reused at
        // once by another test thread).
        // SAFETY: plain anonymous mapping, unmapped below.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                4096,
                libc::PROT_NONE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        assert_ne!(p, libc::MAP_FAILED);
        // this test thread may have cached the map before: start from a fresh one
        RECENT.set(([(0, 0); RECENT_RUNS], 0));
        MAPS.with(|m| m.borrow_mut().clear());
        let (whole, inside) = (readable(p as usize, 4096), readable(p as usize + 100, 1));
        // SAFETY: the mapping made above.
        unsafe { libc::munmap(p, 4096) };
        assert!(!whole && !inside);
    }

    #[test]
    fn the_main_stack_may_grow_into_its_rlimit() {
        let maps = "00400000-00500000 r-xp 0 0:0 0 /bin/x\n\
                    7ff000000000-7ff000001000 rw-p 0 0:0 0 \n\
                    7ffff0000000-7ffff0100000 rw-p 0 0:0 0 [stack]\n";
        let m = parse(maps, 8 << 20);
        let top = 0x7fff_f010_0000usize;
        // 2 MB below the mapped stack: inside the 8 MB limit.
        assert!(covered(&m, top - (3 << 20), 4096));
        // Beyond the limit: not stack.
        assert!(!covered(&m, top - (9 << 20), 4096));
        // The growth zone never swallows the mapping below it.
        let m = parse(maps, 1 << 40);
        assert!(covered(&m, 0x7ff0_0000_1000, 16));
        assert!(!covered(&m, 0x7ff0_0000_0000 - 16, 16));
    }

    #[test]
    fn buffers_in_different_mappings_stay_known_together() {
        // a static array, a heap block and a stack array, used in turn (a loop of
        // upc_memget into ghost rows of each kind): after one query each, all are known
        static S: [u8; 64] = [0; 64];
        let heap = vec![0u8; 64];
        let local = [0u8; 64];
        let bufs = [
            S.as_ptr() as usize,
            heap.as_ptr() as usize,
            local.as_ptr() as usize,
        ];
        for &b in &bufs {
            assert!(readable(b, 64));
        }
        for &b in &bufs {
            assert!(known_readable(b, 64), "{b:#x}");
        }
    }

    #[test]
    fn strings() {
        let s = b"key\0";
        assert_eq!(c_string_len(s.as_ptr() as usize, 100), Some(3));
        assert_eq!(c_string_len(0, 100), None);
    }
}
