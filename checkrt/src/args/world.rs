//! What the argument rules need to know about the running program, behind one trait.
//!
//! [`World`] answers the state queries of the constraints: the thread count, which shared
//! object a pointer-to-shared points into, whether a lock, a file handle, an atomic domain
//! or a non-blocking handle is valid, whether private memory is accessible.  [`Runtime`]
//! answers them from the bundled PGAS runtime; the unit tests answer them from a mock.
//! A query that the runtime cannot answer returns the "unknown" variant, and the rule that
//! needs it passes (no false alarm).

use crate::ffi::PShared;

/// A shared object (static shared variable or dynamic allocation) as the rules see it.
#[derive(Clone, Copy, Debug)]
pub struct Obj {
    /// For messages: the variable's name or the allocating function (see [`Obj::name`]).
    pub name: &'static str,
    /// A static shared object of the runtime: its name is read only for messages.
    pub var: Option<&'static pgas::statics::StaticObject>,
    /// Offset of the object's first byte in the partition(s) holding it.
    pub base: u64,
    /// Total size in bytes.
    pub total: u64,
    /// Bytes per block (0 = indefinite: everything on `first_thread`).
    pub block: u64,
    /// Thread of the object's first byte.
    pub first_thread: u32,
    /// `upc_alloc` memory: only this thread holds storage.
    pub only_thread: Option<u32>,
    /// Allocated by `upc_alloc`, `upc_global_alloc` or `upc_all_alloc`.
    pub dynamic: bool,
    /// Already freed.
    pub freed: bool,
    /// The same number of bytes on every thread (a declared object known only by the room
    /// it has in each partition); overrides the block layout.
    pub uniform: Option<u64>,
    /// What it is, for messages about something that is not an allocation
    /// (`a declared shared object`, `a lock`, ...).
    pub what: &'static str,
}

impl Obj {
    /// The object's name for messages.
    pub fn name(&self) -> &'static str {
        match self.var {
            Some(v) => v.name(),
            None => self.name,
        }
    }

    /// Bytes of the object with affinity to `thread` (its local slice there, starting at
    /// `base`), as `upc_affinitysize` defines it.
    pub fn bytes_on(&self, thread: u32, threads: usize) -> u64 {
        if let Some(b) = self.uniform {
            return b;
        }
        if let Some(t) = self.only_thread {
            return if t == thread { self.total } else { 0 };
        }
        let t = threads as u64;
        // Number the threads from the one holding block 0.
        let rel = (thread as u64 + t - self.first_thread as u64 % t) % t;
        let (total, nbytes) = (self.total, self.block);
        if nbytes == 0 || total == 0 || nbytes >= total {
            return if rel == 0 { total } else { 0 };
        }
        let nblocks = total / nbytes;
        let cutoff = nblocks % t;
        if rel < cutoff {
            nblocks.div_ceil(t) * nbytes
        } else if rel > cutoff {
            (nblocks / t) * nbytes
        } else {
            (nblocks / t) * nbytes + (total - nblocks * nbytes)
        }
    }
}

/// A `upc_lock_t *` as the runtime knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LockState {
    Valid,
    Freed,
    NotALock,
    Unknown,
}

/// A `upc_file_t *` as the UPC-IO layer knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileState {
    /// Open with these `upc_all_fopen` flags (as changed by `upc_all_fcntl`).
    Open {
        flags: u64,
        async_outstanding: bool,
        /// This thread's (or the common) file pointer, when known.
        position: Option<i64>,
        /// The file size, when known.
        size: Option<i64>,
    },
    Closed,
    NotAFile,
    Unknown,
}

/// An atomic domain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DomainState {
    Valid { ty: u64, ops: u64 },
    Freed,
    NotADomain,
    Unknown,
}

/// A `upc_handle_t`: the runtime's own record (`pgas::nb`).
pub use pgas::nb::HandleState;

/// The state queries of the argument rules.
pub trait World {
    fn threads(&self) -> usize;
    fn mythread(&self) -> usize;
    /// Bytes per partition (an address at or beyond it is not shared memory).
    fn part_size(&self) -> u64;
    /// The first bytes of every partition that belong to the runtime, not to user objects.
    fn reserved(&self) -> u64;
    /// The shared object containing `p` (including freed ones the runtime remembers).
    fn object(&self, p: PShared) -> Option<Obj>;
    /// True when [`World::object`] knows every live shared object, so that a pointer into
    /// no object is an error.
    fn objects_complete(&self) -> bool;
    fn lock(&self, p: PShared) -> LockState;
    fn file(&self, fd: usize) -> FileState;
    fn domain(&self, p: PShared) -> DomainState;
    fn handle(&self, h: u64) -> HandleState;
    /// Whether `n` bytes of private memory at `addr` can be read.
    fn readable(&self, addr: usize, n: usize) -> bool;
    /// Where a private address lies in the shared segment: (thread, offset).
    fn segment_pos(&self, addr: usize) -> Option<(u32, u64)>;
    /// Read the `int` at (thread, addr) of the shared segment.
    fn read_shared_i32(&self, thread: u32, addr: u64) -> Option<i32>;
    /// How long a rule on shared data that other threads may still be writing (the
    /// permutation of `upc_all_permute`) re-reads it before reporting.
    fn settle_time(&self) -> std::time::Duration {
        std::time::Duration::from_millis(200)
    }
    /// Fast path: a live shared object containing `p` that has the same `room` bytes at
    /// `base` on every thread and is never freed (a declared object): `(base, room)`.
    /// None when there is none or finding out is not cheap.
    fn fast_static(&self, _p: PShared) -> Option<(u64, u64)> {
        None
    }
    /// Fast path: (base, bytes) of the live heap object that `p` points into, on `p`'s
    /// thread, when known without a lookup (else None).
    fn fast_heap(&self, _p: PShared) -> Option<(u64, u64)> {
        None
    }
    /// Fast path: whether private memory at `addr` may lie in the shared segment (true
    /// when unsure).
    fn maybe_in_segment(&self, _addr: usize) -> bool {
        true
    }
    /// Fast path: `n` bytes at `addr` are known readable without any lookup.
    fn known_readable(&self, _addr: usize, _n: usize) -> bool {
        false
    }
    /// The bytes a private buffer can hold from `addr` on, when known for sure (a declared
    /// array, a heap block); `want`: the bytes the call needs (an answer below it is always
    /// fresh, one at or above it may come from a cache).
    fn private_capacity(&self, _addr: usize, _want: u64) -> Option<(u64, super::private::Source)> {
        None
    }
}

/// The bundled PGAS runtime.
pub struct Runtime;

impl World for Runtime {
    fn private_capacity(&self, addr: usize, want: u64) -> Option<(u64, super::private::Source)> {
        super::private::capacity(addr, want)
    }
    #[inline]
    fn threads(&self) -> usize {
        pgas::segment::threads()
    }
    #[inline]
    fn mythread(&self) -> usize {
        pgas::segment::mythread()
    }
    #[inline]
    fn part_size(&self) -> u64 {
        pgas::segment::part_size() as u64
    }
    fn reserved(&self) -> u64 {
        pgas::segment::RESERVED as u64
    }
    fn object(&self, p: PShared) -> Option<Obj> {
        use pgas::alloc::ObjectKind as K;
        if p.thread as usize >= self.threads() || p.addr < self.reserved() {
            return None;
        }
        // Static objects first, without formatting their names (this is the hot path).
        if let Some(v) = pgas::statics::find(p.addr) {
            return Some(Obj {
                name: "",
                var: Some(v),
                base: v.offset,
                total: v.bytes,
                block: 0,
                first_thread: 0,
                only_thread: None,
                dynamic: false,
                freed: false,
                uniform: Some(v.bytes),
                what: "a declared shared object",
            });
        }
        let info = pgas::alloc::object_of(p)?;
        let mut o = Obj {
            name: info.kind.describe(),
            var: None,
            base: info.base.addr,
            total: info.nblocks.saturating_mul(info.nbytes),
            block: info.nbytes,
            first_thread: info.base.thread,
            only_thread: None,
            dynamic: false,
            freed: info.freed,
            uniform: None,
            what: "a declared shared object",
        };
        match info.kind {
            K::Static => {
                o.name = info.name.unwrap_or("a shared variable");
                o.uniform = Some(info.room);
            }
            K::AllAlloc | K::GlobalAlloc => {
                o.name = match info.kind {
                    K::AllAlloc => "the memory from upc_all_alloc",
                    _ => "the memory from upc_global_alloc",
                };
                o.dynamic = true;
            }
            K::Alloc | K::LocalAlloc => {
                o.name = match info.kind {
                    K::Alloc => "the memory from upc_alloc",
                    _ => "the memory from upc_local_alloc",
                };
                o.dynamic = true;
                o.only_thread = Some(info.base.thread);
            }
            K::FreeHeap => {
                o.name = "heap memory that was freed or never allocated";
                o.uniform = Some(0);
            }
            K::Lock => {
                o.name = "a lock";
                o.what = "a lock (free it with upc_lock_free)";
                o.uniform = Some(0);
            }
            K::AtomicDomain => {
                o.name = "an atomic domain";
                o.what = "an atomic domain (free it with upc_all_atomicdomain_free)";
                o.uniform = Some(0);
            }
            K::Internal => {
                o.name = "runtime memory";
                o.what = "runtime memory";
                o.uniform = Some(0);
            }
        }
        Some(o)
    }
    fn objects_complete(&self) -> bool {
        // Every static shared object is registered and every allocation has a header.
        pgas::segment::is_mapped()
    }
    fn lock(&self, p: PShared) -> LockState {
        if !pgas::segment::is_mapped() {
            return LockState::Unknown;
        }
        match pgas::lock_is_valid(p) {
            pgas::LockState::Valid => LockState::Valid,
            pgas::LockState::Freed => LockState::Freed,
            pgas::LockState::NotALock => LockState::NotALock,
        }
    }
    fn file(&self, fd: usize) -> FileState {
        use pgas::io::table as io;
        if !pgas::segment::is_mapped() || fd == 0 {
            return FileState::Unknown;
        }
        let fh = fd as *const std::ffi::c_void;
        match io::file_state(fh) {
            io::FileState::Closed => FileState::Closed,
            io::FileState::Unknown => FileState::NotAFile,
            io::FileState::Open {
                flags,
                async_outstanding,
            } => {
                // This thread's file pointer (individual or its replica of the common one)
                // and the file's size, for the seek rule.
                let table = pgas::collectives::team::with_current(|t| t.global());
                let (position, size) = io::slot_index(table, fh)
                    .and_then(|i| {
                        io::PRIVATE.with(|m| {
                            m.borrow().get(&i).map(|p| {
                                let common = p.flags as u64 & rules::consts::UPC_COMMON_FP != 0;
                                let pos = if common { p.common_fp } else { p.fp };
                                // SAFETY: fstat on the thread's own descriptor.
                                let size = unsafe {
                                    let mut st: libc::stat = std::mem::zeroed();
                                    (libc::fstat(p.fd, &mut st) == 0).then_some(st.st_size)
                                };
                                (Some(pos), size)
                            })
                        })
                    })
                    .unwrap_or((None, None));
                FileState::Open {
                    flags: flags as u32 as u64,
                    async_outstanding,
                    position,
                    size,
                }
            }
        }
    }
    fn domain(&self, p: PShared) -> DomainState {
        if !pgas::segment::is_mapped() {
            return DomainState::Unknown;
        }
        match pgas::atomic::domain_info(p) {
            None => DomainState::NotADomain,
            Some(d) if d.freed => DomainState::Freed,
            Some(d) => DomainState::Valid {
                ty: d.ty as u64,
                ops: d.ops,
            },
        }
    }
    fn handle(&self, h: u64) -> HandleState {
        pgas::nb::handle_state(h as pgas::nb::Handle)
    }
    fn readable(&self, addr: usize, n: usize) -> bool {
        super::memory::readable(addr, n)
    }
    #[inline(always)]
    fn fast_static(&self, p: PShared) -> Option<(u64, u64)> {
        thread_local! {
            /// The declared object found last (declared objects never move or go away).
            static LAST: std::cell::Cell<(u64, u64)> = const { std::cell::Cell::new((0, 0)) };
        }
        if p.thread as usize >= self.threads() {
            return None;
        }
        let (base, room) = LAST.get();
        if p.addr >= base && p.addr < base + room {
            return Some((base, room));
        }
        let found = pgas::statics::find(p.addr).map(|v| (v.offset, v.bytes));
        if let Some(f) = found {
            LAST.set(f);
        }
        found
    }
    fn fast_heap(&self, p: PShared) -> Option<(u64, u64)> {
        use pgas::alloc::ObjectKind as K;
        use std::cell::Cell;
        /// How many heap objects' parts [`KNOWN`] keeps: a stencil's halo exchange on two
        /// grids reads the parts of two neighbours and its own on each.
        const KEPT: usize = 8;
        thread_local! {
            /// (thread, base, bytes, frees when learnt) of the heap objects' parts found
            /// last (valid while no heap block was freed anywhere, `pgas::alloc::frees`),
            /// and where the next one goes.
            static KNOWN: ([Cell<(u32, u64, u64, u64)>; KEPT], Cell<usize>) =
                const { ([const { Cell::new((u32::MAX, 0, 0, 0)) }; KEPT], Cell::new(0)) };
        }
        let frees = pgas::alloc::frees();
        let hit = KNOWN.with(|(known, _)| {
            known.iter().find_map(|k| {
                let (thread, base, bytes, at) = k.get();
                (thread == p.thread && at == frees && p.addr >= base && p.addr < base + bytes)
                    .then_some((base, bytes))
            })
        });
        if hit.is_some() {
            return hit;
        }
        let info = pgas::alloc::object_of(p)?;
        let live_data = matches!(
            info.kind,
            K::AllAlloc | K::GlobalAlloc | K::Alloc | K::LocalAlloc
        );
        if !live_data
            || info.freed
            || (info.kind == K::Alloc || info.kind == K::LocalAlloc) && info.base.thread != p.thread
        {
            return None;
        }
        let (base, bytes) = (info.base.addr, info.bytes_on_thread);
        if !(p.addr >= base && p.addr < base + bytes) {
            return None;
        }
        KNOWN.with(|(known, next)| {
            known[next.get() % KEPT].set((p.thread, base, bytes, frees));
            next.set(next.get() + 1);
        });
        Some((base, bytes))
    }
    #[inline(always)]
    fn maybe_in_segment(&self, addr: usize) -> bool {
        let base = pgas::segment::seg_base() as usize;
        let len = pgas::segment::part_size().saturating_mul(self.threads());
        addr >= base && addr - base < len
    }
    #[inline(always)]
    fn known_readable(&self, addr: usize, n: usize) -> bool {
        super::memory::known_readable(addr, n)
    }
    fn segment_pos(&self, addr: usize) -> Option<(u32, u64)> {
        if !pgas::segment::is_mapped() {
            return None;
        }
        let base = pgas::segment::seg_base() as usize;
        let part = pgas::segment::part_size();
        let off = addr.checked_sub(base)?;
        let t = off / part.max(1);
        (t < self.threads()).then(|| (t as u32, (off % part) as u64))
    }
    fn read_shared_i32(&self, thread: u32, addr: u64) -> Option<i32> {
        if !pgas::segment::is_mapped()
            || thread as usize >= self.threads()
            || addr + 4 > self.part_size()
            || !addr.is_multiple_of(4)
        {
            return None;
        }
        let at = pgas::PShared::new(thread, addr, 0);
        if pgas::rma::is_remote(at) {
            // another node's data: one get through the conduit (not counted as the
            // program's)
            let mut b = [0u8; 4];
            pgas::rma::control_get(&mut b, at);
            return Some(i32::from_ne_bytes(b));
        }
        let p = pgas::segment::local_ptr(thread, addr) as *const i32;
        // SAFETY: inside a mapped partition, aligned; the value may be concurrently
        // written, so read it volatile.
        Some(unsafe { std::ptr::read_volatile(p) })
    }
}
