//! Requests to another thread's process: what a checker does where the state it needs lives
//! in another node's memory and must be changed there, atomically with that node's own
//! updates of it (CPU atomics of the node's threads and a conduit's one-sided operations on
//! the same words are not atomic together).
//!
//! One handler per process ([`set_handler`]), registered by the checker at start-up; a
//! request is a byte string the handler decodes, and its answer another.  The conduit carries
//! them ([`crate::conduit::Conduit::call`]) and runs the handler in the target's process
//! whenever that process makes progress: in its waits, in its progress thread, and while it
//! waits for an answer of its own.  The handler therefore runs on any thread of the process,
//! must not call the conduit, and must not touch the state of the UPC thread it interrupts.

use std::sync::OnceLock;

/// What answers the requests of this process.
pub type Handler = fn(&[u8]) -> Vec<u8>;

static HANDLER: OnceLock<Handler> = OnceLock::new();

/// Register the handler (once; a second registration is ignored).
pub fn set_handler(h: Handler) {
    let _ = HANDLER.set(h);
}

/// The handler, if one is registered.
pub fn handler() -> Option<Handler> {
    HANDLER.get().copied()
}

/// Answer a request that came to this process (the conduit's side); an empty answer when no
/// handler is registered.
pub fn serve(req: &[u8]) -> Vec<u8> {
    handler().map_or_else(Vec::new, |h| h(req))
}

/// Send `req` to `thread`'s process and return its answer; `None` when the conduit carries
/// no requests (one node: the caller applies the request itself).  A failure of the
/// transport ends the job: the caller's state would be wrong.
pub fn call(thread: usize, req: &[u8]) -> Option<Vec<u8>> {
    let c = crate::conduit::get()?;
    match c.call(thread, req)? {
        Ok(a) => Some(a),
        Err(e) => crate::job::fatal_error(&format!(
            "upc-check: error: a request of the checker to thread {thread} failed: {e}\n"
        )),
    }
}
