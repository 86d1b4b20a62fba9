//! The `data-race` finding: both accesses (thread, file:line, read or write, what was
//! accessed and its declaration), the synchronization that would order them; once per pair
//! of source lines.

use std::sync::atomic::Ordering::*;

use super::shadow::{decode_site, owner, Cur};
use super::sync::REPORTED;
use super::{e_kind, e_tid, Race, K_ATOMIC, K_STRICT, MAX_THREADS};
use crate::ffi::Site;
use crate::report::{Finding, Kind};

fn base(f: &str) -> &str {
    f.rsplit('/').next().unwrap_or(f)
}

fn fnv(s: &[u8], mut h: u64) -> u64 {
    for b in s {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    h
}

fn line_key(site: Option<&Site>) -> (String, u32) {
    match site {
        Some(s) => (base(s.file()).to_string(), s.line as u32),
        None => ("?".into(), 0),
    }
}

/// First time this pair of lines races?
fn first_report(a: &(String, u32), b: &(String, u32)) -> bool {
    let (x, y) = if a <= b { (a, b) } else { (b, a) };
    let mut h = fnv(x.0.as_bytes(), 0xcbf2_9ce4_8422_2325);
    h = fnv(&x.1.to_le_bytes(), h);
    h = fnv(y.0.as_bytes(), h);
    h = fnv(&y.1.to_le_bytes(), h);
    let h = h | 1;
    let table = &super::shadow::header().reported;
    let mut i = (h >> 40) as usize % REPORTED;
    for _ in 0..REPORTED {
        match table[i].compare_exchange(0, h, AcqRel, Acquire) {
            Ok(_) => return true,
            Err(v) if v == h => return false,
            Err(_) => i = (i + 1) % REPORTED,
        }
    }
    false
}

/// What an access was, in words: `write of a[i]`, `upc_memput (write)`.
fn what(site: Option<&Site>, write: bool, lib: Option<&str>, kind: u32, update: bool) -> String {
    let rw = match (write, update) {
        (true, true) => "update (read and write)",
        (true, false) => "write",
        _ => "read",
    };
    let strictness = match kind {
        K_STRICT => "strict ",
        K_ATOMIC => "atomic ",
        _ => "",
    };
    match (site, lib) {
        (Some(s), None) if s.op < 0 => format!("{strictness}{rw} of {}", s.arg_text(0)),
        (Some(s), _) => {
            let name = lib
                .map(str::to_string)
                .or_else(|| s.op().map(|o| o.name.to_string()))
                .unwrap_or_default();
            format!("{strictness}{rw} by {name}")
        }
        (None, Some(l)) => format!("{strictness}{rw} by {l}"),
        (None, None) => format!("{strictness}{rw}"),
    }
}

/// The thread of an access (a pseudo-thread: a transfer in flight).
fn who(tid: usize) -> String {
    if tid >= MAX_THREADS {
        format!("thread {}'s transfer in flight", tid - MAX_THREADS)
    } else {
        format!("thread {tid}")
    }
}

fn at(site: Option<&Site>) -> String {
    site.map_or_else(|| "?".into(), |s| format!("{}:{}", s.file(), s.line))
}

/// Report a race between the recorded access `prev` and the current one at byte `byte`.
pub fn race(r: &Race, prev: u64, prev_write: bool, cur: &Cur, byte: usize) {
    // found for another node's access: answered to it, which reports
    if super::remote::found_elsewhere(prev, prev_write, byte) {
        return;
    }
    let pe = prev as u32;
    let psite = decode_site((prev >> 32) as u32);
    let a = line_key(psite);
    let b = line_key(cur.site);
    if !first_report(&a, &b) {
        return;
    }
    let pt = e_tid(pe);
    let ct = e_tid(cur.epoch);
    let pwhat = what(psite, prev_write, None, e_kind(pe), false);
    let cwhat = what(cur.site, cur.write, cur.what, e_kind(cur.epoch), cur.update);
    let pop = psite.and_then(|s| s.op()).map(|o| o.name);
    let cop = cur
        .what
        .or_else(|| cur.site.and_then(|s| s.op()).map(|o| o.name));
    let place = match owner(byte) {
        Some((t, _)) => format!(" (shared memory with affinity to thread {t})"),
        // an access of a non-blocking transfer's private buffer (`sync::private_access`)
        None if pt >= MAX_THREADS => " (the transfer's private buffer)".to_string(),
        None => String::new(),
    };
    // a collective's data move (made by this thread's pseudo-thread) by the collective
    let side = |tid: usize, op: Option<&str>, what: &str, write: bool| match op {
        Some(o) if tid >= MAX_THREADS && o.starts_with("upc_all_") => format!(
            "{o}'s {} of thread {}'s part",
            if write { "write" } else { "read" },
            tid - MAX_THREADS
        ),
        _ => format!("{}'s {what}", who(tid)),
    };
    let message = format!(
        "data race: {} ({} bytes) and {} at {} are not ordered{place}",
        side(ct, cop, &cwhat, cur.write),
        cur.nbytes,
        side(pt, pop, &pwhat, prev_write),
        at(psite)
    );
    let (x, y) = if a <= b { (&a, &b) } else { (&b, &a) };
    let mut f = Finding::new(
        Kind::DataRace,
        r.me,
        cur.site.map(|s| {
            // SAFETY: sites are statics of the program.
            unsafe { &*(s as *const Site) }
        }),
        "",
        message,
    )
    .note(format!(
        "the two accesses: {}:{} and {}:{}",
        x.0, x.1, y.0, y.1
    ));
    for s in [cur.site, psite].into_iter().flatten() {
        let d = if s.op < 0 { s.arg_decl(0) } else { "" };
        if !d.is_empty() {
            f = f.note(format!("declared: {d}"));
            break;
        }
    }
    let why = if e_kind(pe) == K_ATOMIC || e_kind(cur.epoch) == K_ATOMIC {
        "an atomic and a non-atomic access of the same location race; access it only through the atomic domain, or separate the accesses with a barrier".to_string()
    } else if (pt >= MAX_THREADS && pop.is_some_and(|o| o.starts_with("upc_all_")))
        || (ct >= MAX_THREADS && cop.is_some_and(|o| o.starts_with("upc_all_")))
    {
        let (op, other) = if pt >= MAX_THREADS {
            (pop.unwrap_or_default(), at(cur.site))
        } else {
            (cop.unwrap_or_default(), at(psite))
        };
        format!(
            "{op} reads and writes its data while the threads are in it: with UPC_IN_NOSYNC from the first thread's entry, with UPC_OUT_NOSYNC until the last thread's return (an asynchronous UPC-IO transfer until upc_all_fwait_async); use ALLSYNC or MYSYNC flags, or a upc_barrier between the collective and the access at {other}"
        )
    } else if pt >= MAX_THREADS || ct >= MAX_THREADS {
        format!(
            "a non-blocking transfer is in flight until its upc_sync/upc_synci: complete it (and synchronize with a barrier or lock) before {} at {}",
            if pt >= MAX_THREADS { "the access" } else { "the transfer" },
            if pt >= MAX_THREADS { at(cur.site) } else { at(psite) }
        )
    } else {
        let prw = if prev_write { "write" } else { "read" };
        let crw = if cur.write { "write" } else { "read" };
        format!(
            "no barrier, lock or strict access between thread {pt}'s {prw} at {} and thread {ct}'s {crw} at {}: a upc_barrier between them, the same lock held around both, or a strict flag written after the first and read before the second orders them",
            at(psite),
            at(cur.site)
        )
    };
    f = f.note(why);
    if let Some(ps) = psite {
        f = f.related(side(pt, pop, &pwhat, prev_write), ps);
    }
    crate::report::emit(f);
}
