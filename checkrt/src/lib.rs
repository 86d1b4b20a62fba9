//! The run-time checker.
pub mod ffi;
