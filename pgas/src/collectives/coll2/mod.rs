//! `<upc_collective2.h>`: the UPC Collectives 2.0 library — teams (`UPC_TEAM_ALL`,
//! split by color and key, free), blocking and non-blocking collectives with handles
//! (`upccoll_wait`, `upccoll_test`, `UPC_ASYNC_FENCE` with `upccoll_fence`), the v
//! variants, allreduce, reduce_scatter, scan and user-defined operations.
//!
//! `engine.rs` holds the protocol (initiations never wait for other threads, completions
//! wait only for other threads' initiations), `shm.rs` the shared layout, `dtype.rs` the
//! data types and operations, `ffi.rs` the C entry points.  The checker reads the state
//! through [`with_state`] and the hooks of [`engine::CheckHooks`].

pub mod dtype;
pub mod engine;
pub mod ffi;
pub mod shm;

#[cfg(test)]
mod tests;

pub use engine::{set_check_hooks, Blocked, CheckHooks, HandleState, Kind, State, Team};

use std::cell::RefCell;

thread_local! {
    static STATE: RefCell<Option<State>> = const { RefCell::new(None) };
}

/// Install the state of this thread (the C entry points build it from the runtime on
/// first use; unit tests install their own).
pub fn install(s: State) {
    STATE.with(|c| *c.borrow_mut() = Some(s));
}

/// Run `f` with this thread's library state (built from the runtime on first use).
pub fn with_state<R>(f: impl FnOnce(&mut State) -> R) -> R {
    STATE.with(|c| {
        let mut b = c.borrow_mut();
        if b.is_none() {
            *b = Some(State::new(runtime_env()));
        }
        f(b.as_mut().unwrap())
    })
}

/// This thread's state if the library was used, without creating it.
pub fn peek<R>(f: impl FnOnce(&State) -> R) -> Option<R> {
    STATE.with(|c| c.try_borrow().ok().and_then(|b| b.as_ref().map(f)))
}

fn runtime_env() -> shm::Env {
    use crate::collectives::team::layout;
    use crate::segment::{self, Region};
    if !segment::is_mapped() {
        fatal("a Collectives 2.0 function was called before the runtime started");
    }
    let threads = segment::threads();
    let areas = (0..threads)
        // SAFETY: the upper part of every collectives region is reserved for this library.
        .map(|t| unsafe { segment::thread_region(Region::Collectives, t).add(layout::COLL2) })
        .collect();
    let me = segment::mythread();
    shm::Env {
        threads,
        me,
        seg_base: segment::runtime_base(),
        part_size: segment::part_size(),
        areas,
        alloc: Box::new(move |n| {
            let p = crate::alloc::local_alloc(me, n as u64, crate::ObjectKind::Internal);
            (!p.is_null()).then_some(p.addr)
        }),
        free: Box::new(move |a| {
            crate::alloc::free(crate::PShared::new(me as u32, a, 0), "upccoll")
        }),
        remote: crate::collectives::rt::control_remote(),
    }
}

/// Report an error in a library call and end the job.
pub fn fatal(msg: &str) -> ! {
    crate::collectives::rt::fatal(msg)
}
