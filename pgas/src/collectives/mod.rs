//! `<upc_collective.h>`: the relocalization and computational collectives and
//! `upc_all_sort`, with all nine synchronization modes.  MYSYNC is implemented with
//! per-thread sequence counters and done flags (no barrier): a thread waits only for the
//! threads whose data it reads or writes.  See `team.rs` for the protocol state,
//! `relocalize.rs` and `reduce.rs` for who moves which bytes.

// The library functions take the program's pointers (C ABI, validated by the checker).
#![allow(clippy::not_unsafe_ptr_arg_deref)]

pub mod coll2;
pub mod ffi;
pub mod flags;
pub mod ops;
pub mod reduce;
pub mod relocalize;
pub mod rt;
pub mod sort;
pub mod team;

#[cfg(test)]
mod tests;

pub use flags::Mode;
pub use rt::PShared;
pub use team::Team;
