//! Where a thread is: the signal handlers of a UPC thread that record an interrupted program
//! counter (a fault, or a sample asked for by whoever prints the status table), and the
//! mapping of program counters to the UPC file, line and function through the line tables of
//! the executable (`/proc/self/exe`: every thread, the monitor and the reporter run the same
//! image, forked without exec, so an address means the same everywhere; for a PIE the load
//! base is subtracted).
//!
//! Sampling: the reporter bumps the thread's request counter in its status record and sends
//! the thread [`sample_signal`]; the handler stores the interrupted program counter and, by
//! unwinding through the signal frame, its callers, then acknowledges.  The handler touches
//! only the status record and the unwinder (lock-free frame lookup in this glibc), and the
//! thread goes on where it was (SA_RESTART).

use std::cell::RefCell;
use std::ffi::{c_int, c_void};

use crate::{segment, status};

/// The real-time signal used to sample a running thread's program counter.
pub fn sample_signal() -> c_int {
    libc::SIGRTMIN() + 6
}

/// Program counter of an interrupted context.
unsafe fn context_pc(ctx: *mut c_void) -> u64 {
    if ctx.is_null() {
        return 0;
    }
    let uc = ctx as *const libc::ucontext_t;
    #[cfg(target_arch = "x86_64")]
    {
        (*uc).uc_mcontext.gregs[libc::REG_RIP as usize] as u64
    }
    #[cfg(target_arch = "aarch64")]
    {
        (*uc).uc_mcontext.pc
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        let _ = uc;
        0
    }
}

#[repr(C)]
struct UnwindContext {
    _private: [u8; 0],
}

extern "C" {
    fn _Unwind_Backtrace(
        trace: extern "C" fn(*mut UnwindContext, *mut c_void) -> c_int,
        arg: *mut c_void,
    ) -> c_int;
    fn _Unwind_GetIPInfo(ctx: *mut UnwindContext, ip_before_insn: *mut c_int) -> usize;
}

/// Frames collected by the unwinder: (pc, is the exact pc of a signal-interrupted frame).
struct Collect {
    pcs: [(u64, bool); status::SAMPLE_FRAMES + 8],
    n: usize,
}

extern "C" fn collect_frame(ctx: *mut UnwindContext, arg: *mut c_void) -> c_int {
    // SAFETY: `arg` is the Collect of `unwind`, alive for the whole backtrace.
    let c = unsafe { &mut *(arg as *mut Collect) };
    if c.n >= c.pcs.len() {
        return 5; // _URC_END_OF_STACK
    }
    let mut before: c_int = 0;
    // SAFETY: a context given by the unwinder.
    let ip = unsafe { _Unwind_GetIPInfo(ctx, &mut before) } as u64;
    c.pcs[c.n] = (ip, before != 0);
    c.n += 1;
    0 // _URC_NO_REASON
}

/// The call stack of the interrupted code, starting at `pc` (callers as return addresses).
fn unwind(pc: u64, out: &mut [u64; status::SAMPLE_FRAMES]) -> usize {
    let mut c = Collect {
        pcs: [(0, false); status::SAMPLE_FRAMES + 8],
        n: 0,
    };
    // SAFETY: the unwinder walks this thread's own stack; collect_frame only writes into `c`.
    unsafe { _Unwind_Backtrace(collect_frame, &mut c as *mut Collect as *mut c_void) };
    // the interrupted frame: the one the unwinder reached through the signal frame
    let start = c.pcs[..c.n]
        .iter()
        .position(|&(ip, exact)| exact && ip == pc);
    out[0] = pc;
    let mut n = 1;
    if let Some(s) = start {
        for &(ip, _) in &c.pcs[s + 1..c.n] {
            if n == out.len() || ip == 0 {
                break;
            }
            out[n] = ip;
            n += 1;
        }
    }
    n
}

extern "C" fn on_sample(_sig: c_int, _info: *mut libc::siginfo_t, ctx: *mut c_void) {
    let errno = std::io::Error::last_os_error().raw_os_error().unwrap_or(0);
    // SAFETY: the context the kernel passed to this SA_SIGINFO handler.
    let pc = unsafe { context_pc(ctx) };
    let mut pcs = [0u64; status::SAMPLE_FRAMES];
    let n = if pc != 0 { unwind(pc, &mut pcs) } else { 0 };
    status::store_sample(&pcs[..n]);
    // SAFETY: restore errno for the interrupted code.
    unsafe { *libc::__errno_location() = errno };
}

extern "C" fn on_fault(sig: c_int, info: *mut libc::siginfo_t, ctx: *mut c_void) {
    // SAFETY: the siginfo and context the kernel passed to this SA_SIGINFO handler.
    let (code, addr, pc) = unsafe { ((*info).si_code, (*info).si_addr() as u64, context_pc(ctx)) };
    // a fault of an instruction (si_code > 0); a signal sent by kill/raise has no address
    if code > 0 {
        status::store_fault(sig, addr, pc);
    }
    // with no monitor (a conduit job), the thread reports its own death
    crate::job::report_own_death(sig);
    // Die of the same signal: back to the default action; a faulting instruction runs again
    // when the handler returns, a sent signal is raised again (SA_NODEFER: not blocked here).
    // SAFETY: plain signal disposition change and raise.
    unsafe {
        libc::signal(sig, libc::SIG_DFL);
        if code <= 0 {
            libc::raise(sig);
        }
    }
}

/// Install the handlers of a UPC thread (in the child, before user code).
pub(crate) fn install_handlers() {
    // SAFETY: sigaction with handlers that only touch the status record.
    unsafe {
        let mut sa: libc::sigaction = std::mem::zeroed();
        sa.sa_sigaction = on_fault as *const () as usize;
        sa.sa_flags = libc::SA_SIGINFO | libc::SA_NODEFER;
        libc::sigemptyset(&mut sa.sa_mask);
        libc::sigaction(libc::SIGSEGV, &sa, std::ptr::null_mut());
        libc::sigaction(libc::SIGBUS, &sa, std::ptr::null_mut());
        if crate::job::on_conduit() {
            // no monitor sees these deaths: the thread reports them itself
            for sig in [libc::SIGFPE, libc::SIGILL, libc::SIGABRT] {
                libc::sigaction(sig, &sa, std::ptr::null_mut());
            }
        }
        let mut sa: libc::sigaction = std::mem::zeroed();
        sa.sa_sigaction = on_sample as *const () as usize;
        sa.sa_flags = libc::SA_SIGINFO | libc::SA_RESTART;
        libc::sigemptyset(&mut sa.sa_mask);
        libc::sigaction(sample_signal(), &sa, std::ptr::null_mut());
    }
}

/// A place in the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub file: String,
    pub line: u32,
    pub function: String,
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.file, self.line)?;
        if !self.function.is_empty() {
            write!(f, " in {}", self.function)?;
        }
        Ok(())
    }
}

thread_local! {
    static LOADER: RefCell<Option<Option<addr2line::Loader>>> = const { RefCell::new(None) };
}

/// Load base of the main executable and whether `pc` is in one of its segments.
fn exe_base(pc: u64) -> Option<u64> {
    struct Find {
        pc: u64,
        base: Option<u64>,
        first: bool,
    }
    unsafe extern "C" fn cb(
        info: *mut libc::dl_phdr_info,
        _size: usize,
        data: *mut c_void,
    ) -> c_int {
        let f = &mut *(data as *mut Find);
        let info = &*info;
        let first = std::mem::replace(&mut f.first, false);
        // the main program is the first object, with an empty name
        let name_empty = info.dlpi_name.is_null() || *info.dlpi_name == 0;
        if !(first && name_empty) {
            return 0;
        }
        for i in 0..info.dlpi_phnum as usize {
            let ph = &*info.dlpi_phdr.add(i);
            if ph.p_type != libc::PT_LOAD {
                continue;
            }
            let lo = info.dlpi_addr + ph.p_vaddr;
            if f.pc >= lo && f.pc < lo + ph.p_memsz {
                f.base = Some(info.dlpi_addr);
                return 1;
            }
        }
        1
    }
    let mut f = Find {
        pc,
        base: None,
        first: true,
    };
    // SAFETY: dl_iterate_phdr with a callback that only reads the program headers.
    unsafe { libc::dl_iterate_phdr(Some(cb), &mut f as *mut Find as *mut c_void) };
    f.base
}

/// Files of the runtime and its headers: not where the user's code is.
fn is_runtime_file(file: &str) -> bool {
    let name = file.rsplit('/').next().unwrap_or(file);
    file.ends_with(".rs")
        || file.contains("/rustc/")
        || matches!(
            name,
            "upcr.h"
                | "upc.h"
                | "upcc_hooks.h"
                | "upc_strict.h"
                | "upc_relaxed.h"
                | "upc_collective.h"
                | "upc_io.h"
                | "upc_nb.h"
                | "upc_atomic.h"
                | "upc_castable.h"
                | "upc_tick.h"
                | "bupc_tick.h"
                | "bupc_nb.h"
                | "bupc_extensions.h"
                | "bupc_atomic.h"
                | "bupc_sem.h"
                | "upc_types.h"
        )
}

/// A source path as the user gave it: relative to the current directory when under it.
fn shown_path(file: &str) -> String {
    if let Ok(cwd) = std::env::current_dir() {
        if let Some(rest) = std::path::Path::new(file)
            .strip_prefix(&cwd)
            .ok()
            .and_then(|r| r.to_str())
        {
            return rest.to_string();
        }
    }
    file.to_string()
}

/// The user's name of a generated function.
fn user_function(name: &str) -> String {
    match name {
        "upcr_user_main" => "main".to_string(),
        n => n.to_string(),
    }
}

/// The places of the program's own code along a call stack (innermost first; `pcs[0]` is
/// the interrupted instruction, the others return addresses): inlined runtime helpers and
/// runtime frames are skipped, the program's entry glue ends the walk.
pub fn places(pcs: &[u64]) -> Vec<Place> {
    LOADER.with(|l| {
        let mut l = l.borrow_mut();
        let loader = l.get_or_insert_with(|| addr2line::Loader::new("/proc/self/exe").ok());
        let Some(loader) = loader.as_ref() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (i, &pc) in pcs.iter().enumerate() {
            let Some(base) = exe_base(pc) else { continue };
            let probe = pc - base - u64::from(i > 0);
            let Ok(mut frames) = loader.find_frames(probe) else {
                continue;
            };
            let mut stop = false;
            while let Ok(Some(f)) = frames.next() {
                let func = f
                    .function
                    .as_ref()
                    .and_then(|n| n.demangle().ok().map(|s| s.into_owned()))
                    .unwrap_or_default();
                if func == "__upcr_main_trampoline" || func == "upcc_main" {
                    stop = true;
                    break;
                }
                let Some(loc) = f.location else { continue };
                let (Some(file), Some(line)) = (loc.file, loc.line) else {
                    continue;
                };
                if line == 0 || is_runtime_file(file) {
                    continue;
                }
                out.push(Place {
                    file: shown_path(file),
                    line,
                    function: user_function(&func),
                });
            }
            if stop {
                break;
            }
        }
        out
    })
}

/// The place of one program counter (the interrupted instruction).
pub fn place_of(pc: u64) -> Option<Place> {
    places(&[pc]).into_iter().next()
}

/// How long a reporter waits for the threads it sampled.
const SAMPLE_WAIT: std::time::Duration = std::time::Duration::from_millis(250);

/// Sample every thread that is executing user code (not this one), all at once: for each
/// thread, the program's places along its call stack (innermost first), or None (not
/// executing user code, or no answer in time).
pub fn sample_running() -> Vec<Option<Vec<Place>>> {
    if !segment::is_mapped() {
        return Vec::new();
    }
    let n = segment::threads();
    let tickets: Vec<Option<u32>> = (0..n).map(status::begin_sample).collect();
    let deadline = std::time::Instant::now() + SAMPLE_WAIT;
    tickets
        .iter()
        .enumerate()
        .map(|(t, ticket)| {
            let pcs = status::finish_sample(t, (*ticket)?, deadline)?;
            let p = places(&pcs);
            (!p.is_empty()).then_some(p)
        })
        .collect()
}

/// The places of `thread` if it executes user code, from a sample of every thread taken at
/// most a second ago (a report that shows the status table twice samples once).
pub fn executing_at(thread: usize) -> Option<Vec<Place>> {
    type Cache = Option<(std::time::Instant, Vec<Option<Vec<Place>>>)>;
    static CACHE: std::sync::Mutex<Cache> = std::sync::Mutex::new(None);
    let mut c = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    let fresh = c
        .as_ref()
        .is_some_and(|(at, _)| at.elapsed() < std::time::Duration::from_secs(1));
    if !fresh {
        *c = Some((std::time::Instant::now(), sample_running()));
    }
    c.as_ref()?.1.get(thread)?.clone()
}

/// A thread that died of a fault in a guard page: a null pointer-to-shared dereferenced.
#[derive(Clone, Debug)]
pub struct NullFault {
    /// Whose guard page (the thread component of the null pointer plus the index).
    pub owner: usize,
    /// Offset in that thread's part of the segment.
    pub offset: u64,
    /// Where the faulting access is in the program.
    pub place: Option<Place>,
}

/// Why `thread` died, from what its fault handler recorded: a null pointer-to-shared
/// dereferenced, or (Err) the place of the faulting instruction, if known.
pub fn fault_cause(thread: usize) -> Result<NullFault, Option<Place>> {
    let Some(f) = status::fault(thread) else {
        return Err(None);
    };
    let place = place_of(f.pc);
    match segment::guard_thread(f.addr as usize) {
        Some(owner) => Ok(NullFault {
            owner,
            offset: (f.addr as usize - segment::seg_base() as usize - owner * segment::part_size())
                as u64,
            place,
        }),
        None => Err(place),
    }
}

impl NullFault {
    /// The headline: `null pointer-to-shared dereferenced at a.upc:6 in main`.
    pub fn message(&self) -> String {
        match &self.place {
            Some(p) => format!("null pointer-to-shared dereferenced at {p}"),
            None => "null pointer-to-shared dereferenced".to_string(),
        }
    }

    /// What the faulting address was.
    pub fn note(&self) -> String {
        format!(
            "the access touched byte {} of thread {}'s part of the shared segment, which is \
             never handed out: a null pointer-to-shared (or an index from one) points there",
            self.offset, self.owner
        )
    }
}
