//! Statically declared shared objects: registration by the translated program's constructors
//! (`upcr_register_shared`), symmetric layout at start-up once THREADS is known, the one-time
//! `init` of their initial values, and lookup of the object containing an address.

use crate::segment::{self, RESERVED};
use std::ffi::{c_char, c_int, CStr};
use std::sync::atomic::{AtomicPtr, Ordering};

/// `upcr_shared_var_t` of upcr.h.
#[repr(C)]
pub struct SharedVar {
    pub name: *const c_char,
    pub file: *const c_char,
    pub line: c_int,
    pub local_bytes: Option<extern "C" fn() -> usize>,
    pub align: usize,
    pub init: Option<extern "C" fn()>,
    pub offset: u64,
    pub next: *mut SharedVar,
}

static HEAD: AtomicPtr<SharedVar> = AtomicPtr::new(std::ptr::null_mut());

/// `upcr_private_init_t` of upcr.h.
#[repr(C)]
pub struct PrivateInit {
    pub init: Option<extern "C" fn()>,
    pub next: *mut PrivateInit,
}

static PRIVATE_HEAD: AtomicPtr<PrivateInit> = AtomicPtr::new(std::ptr::null_mut());

/// One laid-out static shared object (private copy, inherited by every thread at the fork).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StaticObject {
    pub var: *const SharedVar,
    pub offset: u64,
    /// Bytes reserved at `offset` in every partition (upc_localsizeof-like room).
    pub bytes: u64,
}

impl StaticObject {
    pub fn name(&self) -> &'static str {
        // SAFETY: descriptors are static objects emitted by the translator.
        unsafe { cstr((*self.var).name) }
    }
    pub fn file(&self) -> &'static str {
        // SAFETY: as above.
        unsafe { cstr((*self.var).file) }
    }
    pub fn line(&self) -> i32 {
        // SAFETY: as above.
        unsafe { (*self.var).line }
    }
}

fn cstr(p: *const c_char) -> &'static str {
    if p.is_null() {
        return "";
    }
    // SAFETY: static NUL-terminated strings.
    unsafe { CStr::from_ptr(p) }.to_str().unwrap_or("?")
}

static mut OBJECTS: Vec<StaticObject> = Vec::new();

/// Register a static shared object (called by constructors before main).
///
/// # Safety
/// `var` must point to a descriptor that lives for the whole program.
#[no_mangle]
pub unsafe extern "C" fn upcr_register_shared(var: *mut SharedVar) {
    if var.is_null() {
        return;
    }
    let mut head = HEAD.load(Ordering::Acquire);
    // A weak descriptor (a tentative definition with -fcommon, `__attribute__((weak))`) is
    // one object for every file that defines it, and each file's constructor registers it.
    let mut p = head;
    while !p.is_null() {
        if p == var {
            return;
        }
        p = (*p).next;
    }
    loop {
        (*var).next = head;
        match HEAD.compare_exchange(head, var, Ordering::AcqRel, Ordering::Acquire) {
            Ok(_) => break,
            Err(h) => head = h,
        }
    }
}

/// Register the initializer of a private object whose initial value needs the shared
/// layout (called by constructors before main).
///
/// # Safety
/// `init` must point to a record that lives for the whole program.
#[no_mangle]
pub unsafe extern "C" fn upcr_register_private_init(init: *mut PrivateInit) {
    if init.is_null() {
        return;
    }
    let mut head = PRIVATE_HEAD.load(Ordering::Acquire);
    loop {
        (*init).next = head;
        match PRIVATE_HEAD.compare_exchange(head, init, Ordering::AcqRel, Ordering::Acquire) {
            Ok(_) => break,
            Err(h) => head = h,
        }
    }
}

/// Assign offsets to every registered object (THREADS must already be set in upcr_threads).
/// Returns the number of bytes they need in every partition (from RESERVED on).
pub(crate) fn layout() -> usize {
    let mut vars = Vec::new();
    let mut p = HEAD.load(Ordering::Acquire);
    while !p.is_null() {
        vars.push(p);
        // SAFETY: registered descriptors are valid for the whole program.
        p = unsafe { (*p).next };
    }
    vars.reverse(); // registration order
    let mut off = RESERVED as u64;
    let mut objs = Vec::with_capacity(vars.len());
    for v in vars {
        // SAFETY: as above.
        let var = unsafe { &mut *v };
        let bytes = var.local_bytes.map(|f| f()).unwrap_or(0) as u64;
        let align = var.align.clamp(16, 1 << 20).next_power_of_two() as u64;
        off = off.div_ceil(align) * align;
        var.offset = off;
        objs.push(StaticObject {
            var: v,
            offset: off,
            bytes,
        });
        // Distinct objects never share an address, even when empty.
        off += bytes.max(1);
    }
    // SAFETY: single-threaded launcher before the fork.
    unsafe { OBJECTS = objs };
    (off - RESERVED as u64) as usize
}

/// Run every shared object's initializer once, then the private objects' initializers in
/// registration order (launcher, before the fork, as thread 0).
pub(crate) fn run_initializers() {
    run_shared_initializers();
    run_private_initializers();
}

/// Every shared object's initializer, once per job (they write the shared segment).
pub(crate) fn run_shared_initializers() {
    for o in objects() {
        // SAFETY: as above.
        if let Some(init) = unsafe { (*o.var).init } {
            init();
        }
    }
}

/// The private objects' initializers in registration order, once per process (the launcher
/// before the fork; every process of a conduit that starts the threads itself).
pub(crate) fn run_private_initializers() {
    let mut inits = Vec::new();
    let mut p = PRIVATE_HEAD.load(Ordering::Acquire);
    while !p.is_null() {
        inits.push(p);
        // SAFETY: registered records are valid for the whole program.
        p = unsafe { (*p).next };
    }
    for p in inits.into_iter().rev() {
        // SAFETY: as above.
        if let Some(init) = unsafe { (*p).init } {
            init();
        }
    }
}

/// Every static shared object, sorted by offset.
pub fn objects() -> &'static [StaticObject] {
    // SAFETY: written once before the fork.
    unsafe { &*std::ptr::addr_of!(OBJECTS) }
}

/// The static shared object whose room contains partition offset `addr`.
pub fn find(addr: u64) -> Option<&'static StaticObject> {
    if addr < RESERVED as u64 || addr >= segment::layout().static_end as u64 {
        return None;
    }
    let objs = objects();
    let i = objs.partition_point(|o| o.offset <= addr);
    let o = objs.get(i.checked_sub(1)?)?;
    (addr < o.offset + o.bytes.max(1)).then_some(o)
}
