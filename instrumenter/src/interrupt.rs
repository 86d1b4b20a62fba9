//! Ctrl-C, SIGTERM or SIGHUP while upc-check works.  The driver removes its temporary folder
//! (as a C compiler removes its temporary files).  `upc-check test` runs every compilation and
//! run of a test in a process group of its own (so that a timeout can kill a whole job), which
//! a terminal's Ctrl-C does not reach: without this, a hanging test would outlive the runner.
//! On such a signal the process kills the process groups it started that still run, removes
//! its temporary folders and exits with 128 + the signal's number.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, OnceLock};

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};

/// What a signal must clean up: process groups (by leader pid) and folders.
struct Live {
    groups: Vec<i32>,
    dirs: Vec<PathBuf>,
}

static LIVE: Mutex<Live> = Mutex::new(Live {
    groups: Vec::new(),
    dirs: Vec::new(),
});

fn live() -> MutexGuard<'static, Live> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Start watching for the signals (the first call; later calls do nothing).
pub(crate) fn install() -> std::io::Result<()> {
    static INSTALLED: OnceLock<()> = OnceLock::new();
    if INSTALLED.get().is_some() {
        return Ok(());
    }
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])?;
    let _ = INSTALLED.set(());
    std::thread::spawn(move || {
        if let Some(sig) = signals.forever().next() {
            // holding the lock: no runner thread starts a group or forgets one meanwhile
            let live = live();
            for &g in &live.groups {
                // SAFETY: kill(2) on a process group this process started.
                unsafe { libc::kill(-g, libc::SIGKILL) };
            }
            for d in &live.dirs {
                let _ = std::fs::remove_dir_all(d);
            }
            if !live.groups.is_empty() {
                eprintln!(
                    "upc-check: interrupted by signal {sig}: stopped {} running test process group(s)",
                    live.groups.len()
                );
            }
            std::process::exit(128 + sig);
        }
    });
    Ok(())
}

/// Spawn `start()`'s process group and remember it until [`group_done`]; under the lock, so a
/// signal cannot come between the two.
pub(crate) fn spawn_group<T>(
    start: impl FnOnce() -> std::io::Result<T>,
    pid: impl Fn(&T) -> i32,
) -> std::io::Result<T> {
    let mut live = live();
    let child = start()?;
    live.groups.push(pid(&child));
    Ok(child)
}

/// The group led by `pid` is gone (killed or reaped).
pub(crate) fn group_done(pid: i32) {
    live().groups.retain(|&g| g != pid);
}

/// A temporary folder to remove if a signal ends the run.
pub(crate) fn folder_made(dir: &Path) {
    live().dirs.push(dir.to_path_buf());
}

/// The folder was removed in the ordinary way.
pub(crate) fn folder_gone(dir: &Path) {
    live().dirs.retain(|d| d != dir);
}
