//! `upc-check`: a UPC compiler that builds checked executables.  Thin: the driver owns
//! the work and the exit codes.

use std::process::ExitCode;

fn main() -> ExitCode {
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    instrumenter::driver::main_with(argv)
}
