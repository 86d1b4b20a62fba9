//! Output straight to `upcrun`'s standard output and error when every rank runs on the host
//! of the launcher.
//!
//! Open MPI forwards each rank's output through mpirun (a pseudo-terminal per rank for
//! stdout, a pipe for stderr) and reads it in pieces of up to 4 KiB: when a rank writes faster
//! than mpirun prints, a piece ends inside a line and another rank's piece follows it, so
//! lines of different threads are cut into each other (`conformance/output.upc`: in 4 of 6
//! runs at 4 and 8 threads). `upcrun` therefore says in `UPCRUN_STDIO=PID@HOST` where its
//! own standard output and error are (mpirun's too: upcrun runs it as a child and waits for
//! it); a rank on that host opens them again through `/proc/PID/fd/1` and `/2` and puts them
//! in place of its own fds 1 and 2 before user code runs. Each `write` of a line then reaches the terminal, pipe
//! or file whole (stdout is line buffered, stderr unbuffered; pipes keep writes of up to
//! 4 KiB whole, a file is written in append mode, which `upcrun` sets on its own
//! descriptors too). A rank of another host, a descriptor that cannot be opened again (a
//! socket) or no `UPCRUN_STDIO` keep Open MPI's forwarding.
//!
//! The ranks are not in the terminal's foreground process group (mpirun puts them in groups
//! of their own): with `stty tostop` their first write to the terminal would stop them
//! (SIGTTOU) and the job would hang. A rank that writes to a terminal so ignores SIGTTOU,
//! which lets the write through.

use std::ffi::CString;

/// This host's name.
pub(crate) fn hostname() -> Option<String> {
    let mut buf = [0u8; 256];
    // SAFETY: the buffer outlives the call, its length is passed.
    let rc = unsafe { libc::gethostname(buf.as_mut_ptr().cast(), buf.len() - 1) };
    if rc != 0 {
        return None;
    }
    let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
    Some(String::from_utf8_lossy(&buf[..end]).into_owned())
}

/// Put the launcher's standard output and error in place of this rank's when `UPCRUN_STDIO`
/// names this host; before any user output (stdio's buffers are flushed first).
pub fn direct() {
    let Ok(v) = std::env::var(rules::launch::STDIO) else {
        return;
    };
    let Some((pid, host)) = v.split_once('@') else {
        return;
    };
    let Ok(pid) = pid.parse::<u32>() else { return };
    if hostname().as_deref() != Some(host) {
        return;
    }
    for fd in [1, 2] {
        let Ok(path) = CString::new(format!("/proc/{pid}/fd/{fd}")) else {
            return;
        };
        // SAFETY: plain system calls on a path of ours and on this process's descriptors;
        // stdio's buffered output goes out before the descriptor changes.
        unsafe {
            let new = libc::open(
                path.as_ptr(),
                libc::O_WRONLY | libc::O_APPEND | libc::O_CLOEXEC | libc::O_NOCTTY,
            );
            if new < 0 {
                continue;
            }
            if libc::isatty(new) == 1 {
                libc::signal(libc::SIGTTOU, libc::SIG_IGN);
            }
            libc::fflush(std::ptr::null_mut());
            libc::dup2(new, fd);
            libc::close(new);
        }
    }
}
