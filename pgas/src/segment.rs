//! The shared segment: one anonymous `MAP_SHARED | MAP_NORESERVE` mapping created by the
//! launcher before it forks the UPC threads, so it sits at the same address in every thread and
//! nothing is ever left behind in /dev/shm.
//!
//! Layout (all offsets page aligned):
//!
//! ```text
//! map_base ─► global area:  [runtime region | checker region (8 MiB) | collectives region (1 MiB)]
//! seg_base ─► partition 0:  [reserved 1 MiB | static shared objects | symmetric heap | local heap]
//!             partition 1:  same layout ...            (each partition is `part_size` bytes)
//! ```
//!
//! The reserved first MiB of every partition holds per-thread state with affinity to that thread:
//! [0, 4 KiB) guard page, [4 KiB, 64 KiB) runtime, [64 KiB, 512 KiB) checker, [512 KiB, 1 MiB)
//! collectives.  The guard page is mapped PROT_NONE in every thread: offset 0 of a partition is
//! the null pointer-to-shared (and null plus a small index), so dereferencing it faults instead
//! of writing silently into the segment; the fault handler reports `null-pointer-to-shared`.
//! The symmetric heap (`upc_all_alloc`, `upc_global_alloc`) occupies the same offsets in every
//! partition; the local heap (`upc_alloc`) is private to each partition's thread.  Both are
//! `heap_size` bytes (UPC_SHARED_HEAP_SIZE) of address space that costs nothing until touched.

use std::ffi::{c_char, c_int};

/// First bytes of every partition reserved for runtime/checker/collectives state (= UPCR_RESERVED).
pub const RESERVED: usize = 1 << 20;
/// The inaccessible first page of every partition (offset 0 = the null pointer-to-shared).
pub const GUARD_SIZE: usize = 4096;
const THREAD_RUNTIME: (usize, usize) = (GUARD_SIZE, 64 << 10);
const THREAD_CHECKER: (usize, usize) = (64 << 10, 512 << 10);
const THREAD_COLLECTIVES: (usize, usize) = (512 << 10, 1 << 20);
const GLOBAL_CHECKER_SIZE: usize = 8 << 20;
const GLOBAL_COLLECTIVES_SIZE: usize = 1 << 20;
/// Alignment of the heaps and of the partition size.
const HEAP_ALIGN: usize = 64 << 10;
/// Default per-thread size of each heap when neither UPC_SHARED_HEAP_SIZE nor the compile-time
/// default (`-shared-heap=`) says otherwise.
pub const DEFAULT_HEAP_SIZE: usize = 256 << 20;

// The segment globals of upcr.h: private per process (per UPC thread).
#[no_mangle]
pub static mut upcr_seg_base: *mut c_char = std::ptr::null_mut();
#[no_mangle]
pub static mut upcr_part_size: usize = 0;
#[no_mangle]
pub static mut upcr_mythread: c_int = 0;
#[no_mangle]
pub static mut upcr_threads: c_int = 0;
#[no_mangle]
pub static mut upcr_forall_depth: c_int = 0;
/// Per thread, 1 when that thread's user data (statics and heaps, past the reserved first MiB
/// of its partition) is not mapped in this process and is reached through the conduit's remote
/// access (`rma.rs`); null when every partition is mapped (the smp conduit, one MPI node).
#[no_mangle]
pub static mut upcr_unmapped: *const u8 = std::ptr::null();

/// The runtime's own view of partition 0: where the runtime, the allocator, the checker and the
/// collectives reach every partition.  The same as `upcr_seg_base` unless a conduit gives the
/// program a view in which other threads' user data is not mapped (`set_program_view`).
static mut RUNTIME_BASE: usize = 0;

/// Which slice of the reserved per-thread area or of the global area.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Region {
    /// The runtime's own state (status records, barrier, heaps, lock queue nodes).
    Runtime,
    /// The checker's state (8 MiB global, 448 KiB per thread).
    Checker,
    /// The collectives/UPC-IO state (1 MiB global, 512 KiB per thread).
    Collectives,
}

/// The pseudo-thread that names the global area in the (thread, address) pairs of the
/// conduit's control operations (`rma::control_get`, `rma::word_load`, ...): the area is homed
/// at thread 0, and the address is an offset from the start of the global area.
pub const GLOBAL_AREA: u32 = u32::MAX;

/// Whether the threads' control state is not shared memory (`isolate`): each process then
/// maps only its own part of the reserved areas, and only thread 0 the global area, which is
/// what a job spread over several hosts looks like to one process.
static mut ISOLATED: bool = false;

/// Whether nothing of the control state is shared with the other threads (`isolate`).
#[inline]
pub fn isolated() -> bool {
    // SAFETY: plain read of a per-process global set before user code.
    unsafe { ISOLATED }
}

/// Whether this process maps `home`'s reserved area (the global area for [`GLOBAL_AREA`])
/// in the runtime's view.  Always true on one node; when isolated (`isolate`), only its own,
/// and in thread 0 the global area.
#[inline]
pub fn maps(home: u32) -> bool {
    !isolated()
        || if home == GLOBAL_AREA {
            mythread() == 0
        } else {
            home as usize == mythread()
        }
}

/// Make the other threads' reserved areas (and the global area, outside thread 0), and the
/// user data of every thread `t` with `unmapped[t] != 0`, inaccessible in this process's
/// runtime view, so that any access to them that does not go through the conduit faults
/// (on several hosts that memory is another host's).  Called once per process at start-up,
/// before user code, by a conduit whose threads are not all on one node.
pub(crate) fn isolate(unmapped: &[u8]) -> Result<(), String> {
    let me = mythread();
    let protect = |at: *mut u8, len: usize| -> Result<(), String> {
        // SAFETY: a page-aligned range of the runtime's view of the segment.
        if unsafe { libc::mprotect(at as *mut libc::c_void, len, libc::PROT_NONE) } != 0 {
            return Err(format!(
                "cannot isolate the runtime's view of the segment: {}",
                std::io::Error::last_os_error()
            ));
        }
        Ok(())
    };
    for r in [Region::Runtime, Region::Checker, Region::Collectives] {
        if me != 0 {
            protect(global_region(r), global_region_size(r))?;
        }
        for t in (0..threads()).filter(|&t| t != me) {
            protect(thread_region(r, t), thread_region_size(r))?;
        }
    }
    for (t, _) in unmapped.iter().enumerate().filter(|&(_, &u)| u != 0) {
        protect(local_ptr(t as u32, RESERVED as u64), part_size() - RESERVED)?;
    }
    // SAFETY: single-threaded start-up, before user code.
    unsafe { ISOLATED = true };
    Ok(())
}

/// Where everything is; computed once by the launcher before the fork and inherited.
#[derive(Clone, Copy, Debug, Default)]
pub struct Layout {
    pub threads: usize,
    pub map_base: usize,
    pub map_len: usize,
    pub global_size: usize,
    pub runtime_size: usize,
    pub part_size: usize,
    /// End of the static shared objects (offset in every partition).
    pub static_end: usize,
    pub sym_base: usize,
    pub local_base: usize,
    pub heap_size: usize,
}

static mut LAYOUT: Layout = Layout {
    threads: 0,
    map_base: 0,
    map_len: 0,
    global_size: 0,
    runtime_size: 0,
    part_size: 0,
    static_end: 0,
    sym_base: 0,
    local_base: 0,
    heap_size: 0,
};

fn round_up(x: usize, a: usize) -> usize {
    x.div_ceil(a) * a
}

impl Layout {
    /// The layout formula: pure, unit-tested.
    pub fn compute(
        threads: usize,
        static_bytes: usize,
        heap_size: usize,
        runtime_size: usize,
    ) -> Layout {
        let runtime_size = round_up(runtime_size, HEAP_ALIGN);
        let global_size = runtime_size + GLOBAL_CHECKER_SIZE + GLOBAL_COLLECTIVES_SIZE;
        let static_end = RESERVED.saturating_add(static_bytes).min(usize::MAX / 4);
        let sym_base = round_up(static_end, HEAP_ALIGN);
        let heap_size = round_up(heap_size.max(HEAP_ALIGN), HEAP_ALIGN);
        let local_base = sym_base.saturating_add(heap_size);
        let part_size = local_base.saturating_add(heap_size);
        Layout {
            threads,
            map_base: 0,
            // Saturates for absurd sizes: mmap then fails with a clear message.
            map_len: threads
                .saturating_mul(part_size)
                .saturating_add(global_size),
            global_size,
            runtime_size,
            part_size,
            static_end,
            sym_base,
            local_base,
            heap_size,
        }
    }
}

/// The layout of this job (valid after the launcher mapped the segment).
#[inline]
pub fn layout() -> &'static Layout {
    // SAFETY: written once before the fork, read-only afterwards.
    unsafe { &*std::ptr::addr_of!(LAYOUT) }
}

/// `len` bytes of zero-filled memory shared with the processes forked after the call, that
/// cost nothing until touched (an anonymous `MAP_SHARED | MAP_NORESERVE` mapping).
pub fn map_shared(len: usize) -> std::io::Result<*mut u8> {
    // SAFETY: anonymous mapping, no file; failure is checked.
    let p = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            len,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_SHARED | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
            -1,
            0,
        )
    };
    if p == libc::MAP_FAILED {
        return Err(std::io::Error::last_os_error());
    }
    Ok(p as *mut u8)
}

/// Map the segment for `layout` and publish the segment globals.  Called once by the launcher.
pub(crate) fn map(l: Layout) -> Result<(), String> {
    let p = map_shared(l.map_len).map_err(|e| {
        format!(
            "cannot map the shared segment ({} MiB for {} threads, {} MiB heap per thread): {e}; \
             try a smaller UPC_SHARED_HEAP_SIZE",
            l.map_len >> 20,
            l.threads,
            l.heap_size >> 20,
        )
    })?;
    publish(l, p as usize);
    Ok(())
}

/// Use `len = l.map_len` bytes of shared memory that a conduit mapped at `base` (page aligned,
/// zero-filled, mapped in every thread, possibly at another address) and publish the segment
/// globals.  Called once per process.
pub(crate) fn attach(l: Layout, base: *mut u8) {
    publish(l, base as usize);
}

/// Protect the guard pages (protection is per process: inherited by the fork, or done in every
/// process of a conduit) and publish the layout and the segment globals of upcr.h.
fn publish(mut l: Layout, base: usize) {
    l.map_base = base;
    for t in 0..l.threads {
        let page = l.map_base + l.global_size + t * l.part_size;
        // SAFETY: a page of the mapping just made; failure leaves it accessible (no guard).
        unsafe { libc::mprotect(page as *mut libc::c_void, GUARD_SIZE, libc::PROT_NONE) };
    }
    // SAFETY: single-threaded start-up, before the fork (or before user code in a conduit).
    unsafe {
        LAYOUT = l;
        RUNTIME_BASE = l.map_base + l.global_size;
        upcr_seg_base = (l.map_base + l.global_size) as *mut c_char;
        upcr_part_size = l.part_size;
        upcr_threads = l.threads as c_int;
        upcr_mythread = 0;
    }
}

/// Give the translated program its own view of the segment: `base` maps `map_len` bytes laid
/// out as the runtime's view (guard pages already protected), except that the user data of
/// every thread `t` with `unmapped[t] != 0` is not mapped there.  The runtime keeps its view.
/// Called once per process at start-up, before user code.
pub(crate) fn set_program_view(base: *mut u8, unmapped: Vec<u8>) {
    let unmapped: &'static [u8] = Vec::leak(unmapped);
    // SAFETY: single-threaded start-up, before user code.
    unsafe {
        upcr_seg_base = base.wrapping_add(layout().global_size) as *mut c_char;
        upcr_unmapped = unmapped.as_ptr();
    }
}

/// Whether `thread`'s user data is mapped in the program's view (false also for a thread
/// number out of range).
#[inline]
pub fn user_data_mapped(thread: u32) -> bool {
    // SAFETY: plain reads of per-process globals set before user code; the array has THREADS
    // entries.
    unsafe {
        let u = upcr_unmapped;
        if u.is_null() {
            return true;
        }
        (thread as usize) < threads() && *u.add(thread as usize) == 0
    }
}

/// Start of partition 0 in the runtime's view (see `RUNTIME_BASE`).
#[inline]
pub fn runtime_base() -> *mut u8 {
    // SAFETY: plain read of a per-process global set before user code.
    unsafe { RUNTIME_BASE as *mut u8 }
}

/// Number of UPC threads (THREADS).
#[inline]
pub fn threads() -> usize {
    // SAFETY: plain read of a per-process global set before user code runs.
    unsafe { upcr_threads as usize }
}

/// This thread's index (MYTHREAD).
#[inline]
pub fn mythread() -> usize {
    // SAFETY: as above.
    unsafe { upcr_mythread as usize }
}

pub(crate) fn set_mythread(t: usize) {
    // SAFETY: called in the child right after the fork, before user code.
    unsafe { upcr_mythread = t as c_int };
}

/// Bytes per partition.
#[inline]
pub fn part_size() -> usize {
    // SAFETY: as above.
    unsafe { upcr_part_size }
}

/// Start of partition 0 in the translated program's view (= upcr_seg_base).
#[inline]
pub fn seg_base() -> *mut u8 {
    // SAFETY: as above.
    unsafe { upcr_seg_base as *mut u8 }
}

/// Local address of byte `addr` of `thread`'s partition in the runtime's view (every partition
/// is mapped there).
#[inline]
pub fn local_ptr(thread: u32, addr: u64) -> *mut u8 {
    runtime_base().wrapping_add(thread as usize * part_size() + addr as usize)
}

/// The thread whose guard page (the first page of its partition, where the null
/// pointer-to-shared points) contains the local address `addr`, if any.
pub fn guard_thread(addr: usize) -> Option<usize> {
    if !is_mapped() {
        return None;
    }
    let base = seg_base() as usize;
    let part = part_size();
    if addr < base || part == 0 {
        return None;
    }
    let t = (addr - base) / part;
    (t < threads() && (addr - base) % part < GUARD_SIZE).then_some(t)
}

/// Whether the segment is mapped (false in plain unit tests).
pub fn is_mapped() -> bool {
    !seg_base().is_null()
}

/// Per-thread reserved slice of `region` in `thread`'s partition.
pub fn thread_region(region: Region, thread: usize) -> *mut u8 {
    let (lo, _) = thread_region_bounds(region);
    local_ptr(thread as u32, lo as u64)
}

/// Size in bytes of the per-thread slice of `region`.
pub fn thread_region_size(region: Region) -> usize {
    let (lo, hi) = thread_region_bounds(region);
    hi - lo
}

/// Offsets in every partition of the per-thread slice of `region` (start, end).
pub fn thread_region_bounds(region: Region) -> (usize, usize) {
    match region {
        Region::Runtime => THREAD_RUNTIME,
        Region::Checker => THREAD_CHECKER,
        Region::Collectives => THREAD_COLLECTIVES,
    }
}

/// The global-area slice of `region` (not in any partition).
pub fn global_region(region: Region) -> *mut u8 {
    let l = layout();
    let off = match region {
        Region::Runtime => 0,
        Region::Checker => l.runtime_size,
        Region::Collectives => l.runtime_size + GLOBAL_CHECKER_SIZE,
    };
    (l.map_base + off) as *mut u8
}

/// Size in bytes of the global-area slice of `region`.
pub fn global_region_size(region: Region) -> usize {
    match region {
        Region::Runtime => layout().runtime_size,
        Region::Checker => GLOBAL_CHECKER_SIZE,
        Region::Collectives => GLOBAL_COLLECTIVES_SIZE,
    }
}

/// Parse a heap size: a number with an optional suffix B, K, M, G, T (the latter optionally
/// followed by B or iB, any case; powers of 1024), e.g. `64MB`, `1GB`, `512k`, `1048576B`; a
/// bare number is megabytes.
pub fn parse_size(s: &str) -> Option<usize> {
    let s = s.trim();
    let digits = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    if digits == 0 {
        return None;
    }
    let n: usize = s[..digits].parse().ok()?;
    let suffix = s[digits..].trim().to_ascii_uppercase();
    let shift = match suffix.as_str() {
        // (a bare number is megabytes, as Berkeley UPC's UPC_SHARED_HEAP_SIZE takes it)
        "" | "M" | "MB" | "MIB" => 20,
        "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "G" | "GB" | "GIB" => 30,
        "T" | "TB" | "TIB" => 40,
        _ => return None,
    };
    n.checked_mul(1usize << shift)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_with_suffixes() {
        assert_eq!(parse_size("64MB"), Some(64 << 20));
        assert_eq!(parse_size("1GB"), Some(1 << 30));
        assert_eq!(parse_size("1g"), Some(1 << 30));
        assert_eq!(parse_size("512KiB"), Some(512 << 10));
        assert_eq!(parse_size("512"), Some(512 << 20));
        assert_eq!(parse_size("4096B"), Some(4096));
        assert_eq!(parse_size(" 2 M "), Some(2 << 20));
        assert_eq!(parse_size("MB"), None);
        assert_eq!(parse_size("12XB"), None);
        assert_eq!(parse_size("-5MB"), None);
        assert_eq!(parse_size("99999999999999999999G"), None);
    }

    #[test]
    fn layout_formula() {
        let l = Layout::compute(4, 100, 64 << 20, 5000);
        assert_eq!(l.runtime_size, 64 << 10);
        assert_eq!(l.global_size, (64 << 10) + (9 << 20));
        assert_eq!(l.static_end, RESERVED + 100);
        assert_eq!(l.sym_base, RESERVED + (64 << 10));
        assert_eq!(l.local_base, l.sym_base + (64 << 20));
        assert_eq!(l.part_size, l.local_base + (64 << 20));
        assert_eq!(l.map_len, l.global_size + 4 * l.part_size);
        assert_eq!(l.part_size % 4096, 0);
        // No static objects: the symmetric heap starts right after the reserved area.
        let l0 = Layout::compute(3, 0, 1, 1);
        assert_eq!(l0.sym_base, RESERVED);
        assert_eq!(l0.heap_size, HEAP_ALIGN);
    }
}
