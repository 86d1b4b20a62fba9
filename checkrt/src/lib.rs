//! The run-time checker, linked into every checked program as `libcheckrt.a`: the hooks
//! the translator inserts around UPC operations (`hooks.rs`), deadlock detection for
//! collectives (the ring of `ring.rs`, thesis Algorithm A1/A2), split-phase barriers,
//! locks (wait-for graph) and upc_forall, argument validation (`args`), and the reports.
pub mod args;
pub mod barrier;
pub mod collective;
pub mod config;
pub mod ffi;
pub mod forall;
pub mod history;
pub mod hooks;
pub mod lock;
pub mod optable;
pub mod platform;
pub mod race;
pub mod remote;
pub mod report;
pub mod ring;
pub mod runtime_lock;
pub mod signature;
pub mod state;
pub mod sync;
pub mod teams;
