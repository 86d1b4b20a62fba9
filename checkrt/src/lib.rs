//! The run-time checker.
pub mod args;
pub mod ffi;
