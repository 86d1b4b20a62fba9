//! What the checker asks the runtime about a UPC lock: who holds it (to learn whether a
//! `upc_lock_attempt` succeeded, since the hook after the call does not see its result).

use crate::ffi::PShared;

/// The thread holding lock `l`, if any.
pub fn owner(l: PShared) -> Option<u32> {
    pgas::lock::lock_owner(l)
}
