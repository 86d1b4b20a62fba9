//! `upc-check`: a UPC compiler that builds checked executables.  Thin: the driver owns
//! the work and the exit codes.

use std::process::ExitCode;

fn main() -> ExitCode {
    // like a C compiler: a closed output pipe ends us quietly (no panic on EPIPE)
    // SAFETY: setting a signal disposition before any other thread exists.
    unsafe { libc::signal(libc::SIGPIPE, libc::SIG_DFL) };
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    instrumenter::driver::main_with(argv)
}
