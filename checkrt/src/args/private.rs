//! How many bytes a private buffer passed to `upc_memget`, `upc_memput`,
//! `upc_all_fread_local`, ... can hold, when that is known for sure:
//!
//! * a declared array: the translated code stores the array's start and `sizeof` in
//!   [`upcc_private_extent`] just before the call's checks (for an argument written as the
//!   array's name or `&arr[k]`) and clears it right after;
//! * a block of the C heap (glibc's main arena, `malloc`): the block that contains the
//!   address is found by walking the arena's chunks from the start of the heap, each step
//!   checked (sizes aligned and inside the heap, the walk bounded); the usable size of the
//!   block bounds the buffer from above, as `malloc_usable_size` does.  When anything does
//!   not look like a well-formed heap, or the address is not in an allocated block, the
//!   capacity is unknown: the rule never reports on a guess.

use std::sync::atomic::{AtomicUsize, Ordering};

/// `upcc_extent_t` of upcc_hooks.h: a private array's start and size in bytes (len 0: none).
#[repr(C)]
pub struct Extent {
    pub base: *const u8,
    pub len: u64,
}

/// The array passed as the private buffer of the call being checked (set by translated
/// code; each UPC thread is a process, so this is per thread).
#[no_mangle]
pub static mut upcc_private_extent: Extent = Extent {
    base: std::ptr::null(),
    len: 0,
};

/// Where the capacity of a private buffer comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A declared array (its sizeof).
    Array,
    /// A block of the C heap (its usable size).
    Heap,
}

/// The bytes available from `addr` to the end of the private buffer it lies in, if known.
/// `want`: the bytes the call needs.  A heap block found before is looked up in a small
/// cache first, re-reading its header; a cached answer is used only when it says the buffer
/// is large enough (a stale entry can then only hide an error, never invent one): an answer
/// below `want` always comes from a fresh walk of the heap.
pub fn capacity(addr: usize, want: u64) -> Option<(u64, Source)> {
    // SAFETY: plain reads of a per-process global written by this thread's translated code.
    let (base, len) = unsafe {
        let e = &*std::ptr::addr_of!(upcc_private_extent);
        (e.base as usize, e.len)
    };
    if len != 0 && addr >= base && ((addr - base) as u64) < len {
        return Some((len - (addr - base) as u64, Source::Array));
    }
    if let Some(room) = cached(addr) {
        if room >= want {
            return Some((room, Source::Heap));
        }
    }
    heap_block(addr).map(|n| (n, Source::Heap))
}

/// Heap blocks found by recent walks: (chunk, chunk size).
const CACHED: usize = 8;
thread_local! {
    static CACHE: std::cell::Cell<([(usize, usize); CACHED], usize)> =
        const { std::cell::Cell::new(([(0, 0); CACHED], 0)) };
}

fn remember(chunk: usize, size: usize) {
    CACHE.with(|c| {
        let (mut e, next) = c.get();
        e[next % CACHED] = (chunk, size);
        c.set((e, next + 1));
    });
}

/// The room from `addr` in a cached block whose header still reads the same.
fn cached(addr: usize) -> Option<u64> {
    let (e, _) = CACHE.with(|c| c.get());
    let &(chunk, size) = e
        .iter()
        .find(|&&(c, sz)| sz != 0 && addr >= c + 2 * SIZE_SZ && addr < c + sz + SIZE_SZ)?;
    // SAFETY: sbrk(0) only reports the current break.
    let end = unsafe { libc::sbrk(0) } as usize;
    if chunk + size + 2 * SIZE_SZ > end {
        return None; // the heap shrank below it
    }
    // SAFETY: both words lie below the current break, in the heap mapping.
    let (word, next) = unsafe {
        (
            std::ptr::read_volatile((chunk + SIZE_SZ) as *const usize),
            std::ptr::read_volatile((chunk + size + SIZE_SZ) as *const usize),
        )
    };
    (word & !(PREV_INUSE) == size && next & PREV_INUSE != 0)
        .then(|| (chunk + size + SIZE_SZ - addr) as u64)
}

/// Start of the main arena's heap (the `[heap]` mapping), read once.
static HEAP_START: AtomicUsize = AtomicUsize::new(0);

fn heap_start() -> Option<usize> {
    let s = HEAP_START.load(Ordering::Relaxed);
    if s != 0 {
        return Some(s);
    }
    let maps = std::fs::read_to_string("/proc/self/maps").ok()?;
    let line = maps.lines().find(|l| l.ends_with("[heap]"))?;
    let lo = usize::from_str_radix(line.split('-').next()?, 16).ok()?;
    HEAP_START.store(lo, Ordering::Relaxed);
    Some(lo)
}

/// Most chunks walked before giving up (the answer is then "unknown").
const MAX_CHUNKS: usize = 1 << 16;
const SIZE_SZ: usize = 8;
const MIN_CHUNK: usize = 32;
const ALIGN: usize = 16;
const PREV_INUSE: usize = 1;
const IS_MMAPPED: usize = 2;
const NON_MAIN_ARENA: usize = 4;

/// Whether `malloc` is glibc's, laying out its main arena as the walk expects: checked once
/// on a block of our own (another allocator, e.g. preloaded, turns the heap checks off).
fn glibc_heap() -> bool {
    // 0: not probed yet, 1: yes, 2: no
    static STATE: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(0);
    match STATE.load(Ordering::Relaxed) {
        1 => return true,
        2 => return false,
        _ => {}
    }
    STATE.store(2, Ordering::Relaxed); // no recursion into the probe
                                       // SAFETY: a block of our own, freed right after.
    let ok = unsafe {
        let p = libc::malloc(40);
        let ok = !p.is_null()
            && walk(p as usize) == Some(libc::malloc_usable_size(p) as u64)
            && walk(p as usize + 24) == Some(libc::malloc_usable_size(p) as u64 - 24);
        libc::free(p);
        ok
    };
    STATE.store(if ok { 1 } else { 2 }, Ordering::Relaxed);
    ok
}

/// The usable bytes from `addr` to the end of the allocated heap block containing it.
fn heap_block(addr: usize) -> Option<u64> {
    if !glibc_heap() {
        return None;
    }
    walk(addr)
}

/// The walk of the main arena's chunks up to the one containing `addr`.
fn walk(addr: usize) -> Option<u64> {
    if cfg!(not(all(
        target_os = "linux",
        target_env = "gnu",
        target_pointer_width = "64"
    ))) {
        return None;
    }
    // SAFETY: sbrk(0) only reports the current break.
    let end = unsafe { libc::sbrk(0) } as usize;
    if end == usize::MAX || addr >= end {
        return None;
    }
    let start = heap_start()?;
    if addr < start + 2 * SIZE_SZ {
        return None;
    }
    // the first chunk: its user memory is 16-aligned
    let mut c = start;
    let mis = (c + 2 * SIZE_SZ) % ALIGN;
    if mis != 0 {
        c += ALIGN - mis;
    }
    for _ in 0..MAX_CHUNKS {
        if c + 2 * SIZE_SZ > end {
            return None;
        }
        // SAFETY: c + 16 <= end: inside the heap mapping, which is readable.
        let word = unsafe { std::ptr::read_volatile((c + SIZE_SZ) as *const usize) };
        if word & (IS_MMAPPED | NON_MAIN_ARENA) != 0 {
            return None;
        }
        let size = word & !7;
        if size < MIN_CHUNK || size % ALIGN != 0 || c.checked_add(size)? > end {
            return None;
        }
        let next = c + size;
        if addr < next + SIZE_SZ && addr >= c + 2 * SIZE_SZ {
            // the last chunk is the arena's top (never handed out)
            if next + 2 * SIZE_SZ > end {
                return None;
            }
            // SAFETY: next + 16 <= end, as above.
            let nword = unsafe { std::ptr::read_volatile((next + SIZE_SZ) as *const usize) };
            if nword & PREV_INUSE == 0 {
                return None; // a free chunk
            }
            // usable memory ends at the next chunk's size field
            remember(c, size);
            return Some((next + SIZE_SZ - addr) as u64);
        }
        if addr < c + 2 * SIZE_SZ {
            return None; // in a chunk header: not a block's memory
        }
        c = next;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heap_blocks_are_bounded_by_their_usable_size() {
        for n in [1usize, 24, 100, 1000, 5000] {
            // SAFETY: plain malloc/free of a block used only here.
            unsafe {
                let p = libc::malloc(n) as usize;
                if *((p - 8) as *const usize) & NON_MAIN_ARENA != 0 {
                    // a test thread's own arena: not what UPC threads use
                    libc::free(p as *mut libc::c_void);
                    continue;
                }
                let usable = libc::malloc_usable_size(p as *mut libc::c_void) as u64;
                let got = walk(p);
                assert_eq!(got, Some(usable), "block of {n}");
                assert!(usable >= n as u64);
                // an interior pointer has the rest of the block
                assert_eq!(walk(p + 8), Some(usable - 8));
                libc::free(p as *mut libc::c_void);
            }
        }
        // not heap memory: unknown
        let x = 5u64;
        assert_eq!(walk(&x as *const u64 as usize), None);
    }

    #[test]
    fn the_declared_array_wins() {
        let buf = [0u8; 40];
        // SAFETY: this test thread's view of the global; reset below.
        unsafe {
            upcc_private_extent = Extent {
                base: buf.as_ptr(),
                len: 40,
            };
        }
        assert_eq!(
            capacity(buf.as_ptr() as usize + 8, 64),
            Some((32, Source::Array))
        );
        unsafe {
            upcc_private_extent = Extent {
                base: std::ptr::null(),
                len: 0,
            };
        }
    }
}
