//! The UPC-IO file table.
//!
//! Shared part: `MAX_FILES` slots at the start of the job-wide collectives area.  A
//! `upc_file_t *` is the address of its slot: identical in every thread (the area is
//! mapped at the same address everywhere), so it is a single-valued pointer the checker can
//! compare, and [`file_state`] can tell an open handle from a closed or foreign one.
//!
//! Private part (per thread): the thread's descriptor, its individual file pointer, its
//! replica of the common file pointer (every thread applies the same single-valued
//! updates), the name it passed, the hints in effect and a pending asynchronous result.

use crate::collectives::Team;
use std::cell::RefCell;
use std::collections::HashMap;
use std::ffi::{c_char, c_void, CString};
use std::sync::atomic::{AtomicI32, AtomicI64, AtomicU32, AtomicU64, Ordering::*};

pub const MAX_FILES: usize = 256;

/// One slot of the shared table (`#[repr(C)]`, lives in the shared area).
#[repr(C)]
pub struct Slot {
    /// 0 free, 1 being opened, 2 open.
    pub state: AtomicU32,
    /// 1 while an asynchronous operation is outstanding.
    pub async_outstanding: AtomicU32,
    /// Open flags as modified by later `upc_all_fcntl` commands.
    pub flags: AtomicI32,
    pub _pad: u32,
    /// Identity of the file (for "already open through UPC-IO").
    pub dev: AtomicU64,
    pub ino: AtomicU64,
    /// Serializes transfers in strong consistency mode.
    pub strong: crate::sync::Mutex,
    pub _pad1: u32,
    /// The same lock when the global area is reached through the conduit (0 free, else the
    /// holder + 1; taken by one-sided atomics by every thread, thread 0 too).
    pub strong_word: AtomicU64,
    pub _pad2: [u32; 4],
}

pub const SLOT_SIZE: usize = std::mem::size_of::<Slot>();

/// The shared round-robin cursor of slot allocation (right after the slots).
pub fn next_slot(table: *mut u8) -> &'static AtomicU32 {
    // SAFETY: inside the zeroed shared area, after the MAX_FILES slots.
    unsafe { &*(table.add(MAX_FILES * SLOT_SIZE) as *const AtomicU32) }
}

/// What the checker sees of a `upc_file_t *`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileState {
    /// An open handle: its current flags and whether an async operation is outstanding.
    Open { flags: i32, async_outstanding: bool },
    /// A handle that was returned by `upc_all_fopen` and has been closed since.
    Closed,
    /// Not a handle (null, garbage, or a slot never used).
    Unknown,
}

/// Which slot a handle designates, if it points at the start of a slot of `table`.
pub fn slot_index(table: *mut u8, fh: *const c_void) -> Option<usize> {
    if table.is_null() || fh.is_null() {
        return None;
    }
    let off = (fh as usize).checked_sub(table as usize)?;
    (off % SLOT_SIZE == 0 && off / SLOT_SIZE < MAX_FILES).then_some(off / SLOT_SIZE)
}

pub fn slot(table: *mut u8, i: usize) -> &'static Slot {
    // SAFETY: the table lies in the zero-initialised shared area, MAX_FILES slots long,
    // and lives for the whole job.
    unsafe { &*(table.add(i * SLOT_SIZE) as *const Slot) }
}

/// The state of handle `fh` (for the checker's argument checks).
pub fn file_state(fh: *const c_void) -> FileState {
    let (table, mapped) = crate::collectives::team::with_current(|t| (t.global(), maps_table(t)));
    state_view(table, fh, mapped)
}

/// Whether this thread reads and writes the shared file table in place (everywhere but
/// outside thread 0 when the global area is reached through the conduit).  Where it does
/// not, its own side of the handles tells what it needs: a handle is open for it from the
/// end of its `upc_all_fopen` to the start of its `upc_all_fclose`, which are collective.
pub fn maps_table(team: &Team) -> bool {
    !team.is_remote() || team.me() == 0
}

pub fn state_in(table: *mut u8, fh: *const c_void) -> FileState {
    state_view(table, fh, true)
}

fn state_view(table: *mut u8, fh: *const c_void, mapped: bool) -> FileState {
    let Some(i) = slot_index(table, fh) else {
        return FileState::Unknown;
    };
    let state = if mapped {
        slot(table, i).state.load(Acquire)
    } else if PRIVATE
        .try_with(|p| p.try_borrow().map(|m| m.contains_key(&i)).unwrap_or(true))
        .unwrap_or(false)
    {
        2
    } else {
        0
    };
    match state {
        // This thread's own view (its flags and pending operation change only in its own
        // calls), falling back to the shared slot.
        2 => PRIVATE
            .try_with(|p| {
                p.try_borrow().ok().and_then(|m| {
                    m.get(&i).map(|p| FileState::Open {
                        flags: p.flags,
                        async_outstanding: p.pending.is_some(),
                    })
                })
            })
            .ok()
            .flatten()
            .unwrap_or_else(|| {
                if !mapped {
                    // (this thread's side is being changed: nothing better to say)
                    return FileState::Open {
                        flags: 0,
                        async_outstanding: false,
                    };
                }
                let s = slot(table, i);
                FileState::Open {
                    flags: s.flags.load(Acquire),
                    async_outstanding: s.async_outstanding.load(Acquire) != 0,
                }
            }),
        _ if EVER_OPENED.with(|e| e.borrow().contains(&i)) => FileState::Closed,
        _ => FileState::Unknown,
    }
}

/// A pending asynchronous operation: its result and the exit synchronization it owes.
#[derive(Clone, Copy, Debug)]
pub struct Pending {
    pub result: i64,
    pub errno: i32,
    pub out_barrier: bool,
}

/// This thread's side of an open handle.
pub struct Private {
    pub fd: i32,
    pub name: CString,
    pub flags: i32,
    pub fp: i64,
    pub common_fp: i64,
    pub hints: Vec<(CString, CString)>,
    /// `struct upc_hint` array handed out by UPC_GET_HINTS (points into `hints`).
    pub hint_view: Vec<[*const c_char; 2]>,
    pub pending: Option<Pending>,
}

thread_local! {
    pub static PRIVATE: RefCell<HashMap<usize, Private>> = RefCell::new(HashMap::new());
    static EVER_OPENED: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
}

pub fn remember_opened(i: usize) {
    EVER_OPENED.with(|e| {
        let mut e = e.borrow_mut();
        if !e.contains(&i) {
            e.push(i);
        }
    });
}

/// Every thread publishes `v`; returns all threads' values (one barrier).
pub fn agree(team: &Team, v: i64) -> Vec<i64> {
    let p = team.next_agree_parity();
    if team.is_remote() {
        return agree_through_zero(team, p, v);
    }
    team.agree_word(team.me(), p, 0).store(v, SeqCst);
    team.barrier();
    (0..team.threads())
        .map(|t| team.agree_word(t, p, 0).load(SeqCst))
        .collect()
}

/// `agree` when the other threads' regions are reached through the conduit: every thread
/// puts its value into thread 0's array (one atomic), and after the barrier reads the whole
/// array (one get): two operations per thread whatever THREADS.
fn agree_through_zero(team: &Team, p: usize, v: i64) -> Vec<i64> {
    use crate::collectives::rt;
    let n = team.threads();
    let w = team.agree_all_word(p, team.me());
    if team.me() == 0 {
        w.store(v, SeqCst);
    } else {
        // SAFETY: an i64 word viewed as the u64 the conduit's atomics take.
        let w = unsafe { &*(w as *const AtomicI64 as *const AtomicU64) };
        rt::word_store(0, w, v as u64);
    }
    team.barrier();
    if team.me() == 0 {
        return (0..n)
            .map(|t| team.agree_all_word(p, t).load(SeqCst))
            .collect();
    }
    let mut b = vec![0u8; 8 * n];
    rt::get_bytes(0, team.agree_all_word(p, 0).as_ptr() as *const u8, &mut b);
    b.chunks_exact(8)
        .map(|c| i64::from_ne_bytes(c.try_into().unwrap()))
        .collect()
}

/// Resolve a handle to its slot index for this thread, or set EBADF.
pub fn lookup(team: &Team, fh: *const c_void) -> Option<usize> {
    let i = slot_index(team.global(), fh)?;
    if maps_table(team) && slot(team.global(), i).state.load(Acquire) != 2 {
        return None;
    }
    PRIVATE.with(|p| p.borrow().contains_key(&i)).then_some(i)
}

/// Run `f` on this thread's side of slot `i` (which `lookup` found).
pub fn with_private<R>(i: usize, f: impl FnOnce(&mut Private) -> R) -> R {
    PRIVATE.with(|p| f(p.borrow_mut().get_mut(&i).expect("open handle")))
}
