//! `upc_forall`: which loop controls (the outermost one with a real affinity), collective
//! operations inside a controlling loop, leaving the body with return/break/goto, and the
//! single-valuedness of the loop's condition and affinity.
//!
//! Single-valuedness without serializing the loop: each thread folds the iteration count
//! and every iteration's affinity (the thread that runs it) into a digest, O(1) per
//! iteration — or, for a loop that visits only the thread's own iterations, the loop's
//! start, bound, affinity origin and iteration count once ([`summary`]).  A controlling
//! loop adds no synchronization: at its end the loop's count and digest are logged and
//! folded into [`Since`], which travels in the signature of the thread's next collective
//! operation (or its end of execution), where the ring compares it with the neighbours'
//! ([`Signature::matches`]).  The log names the first loop that differs in a report.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::ffi::Site;
use crate::report::{at, site_of, Finding, Kind, Related};
use crate::signature::Signature;
use crate::state::{self, Private, FORALL_LOG};

#[derive(Clone, Copy)]
pub struct Frame {
    pub site: &'static Site,
    pub controlling: bool,
    pub count: u64,
    pub digest: u64,
    /// A negative integer affinity was reported for this loop already.
    pub negative_seen: bool,
}

/// Whether the loop at `site` has a real affinity expression (not `continue`, not
/// omitted): the translator passes the condition and affinity texts as the site's args.
fn has_affinity(site: &Site) -> bool {
    site.nargs >= 2 && site.arg_text(site.nargs as usize - 1).trim() != "continue"
}

pub fn begin(st: &mut Private, site: &'static Site) {
    let controlled = st.forall.iter().any(|f| f.controlling);
    let controlling = !controlled && has_affinity(site);
    if controlling && st.cfg.deadlock {
        // a controlling loop is a collective operation: not inside a split phase
        crate::barrier::before_collective(st, site, "upc_forall", false);
    }
    st.forall.push(Frame {
        site,
        controlling,
        count: 0,
        digest: 0x243F_6A88_85A3_08D3,
        negative_seen: false,
    });
}

#[inline]
pub fn iter(st: &mut Private, affinity: u64) {
    if let Some(f) = st.forall.last_mut() {
        if f.controlling {
            f.count += 1;
            f.digest = (f.digest.rotate_left(23) ^ affinity).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
}

/// A controlling loop that visits only the calling thread's iterations, described once
/// before it runs (the same on every thread when its condition and affinity are
/// single-valued): the iteration count of the whole loop and a digest of its start, its
/// bound and where the affinity's layout starts.
pub fn summary(st: &mut Private, start: u64, bound: u64, origin: u64, iterations: u64) {
    if let Some(f) = st.forall.last_mut() {
        if f.controlling {
            f.count = iterations;
            for v in [start, bound, origin] {
                f.digest = (f.digest.rotate_left(23) ^ v).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            }
        }
    }
}

/// A controlling loop in a thread's log: its site, iteration count and affinity digest.
#[repr(C)]
pub struct LoggedLoop {
    site: AtomicU64,
    count: AtomicU64,
    digest: AtomicU64,
}

/// The loops of a thread since its previous collective operation.
#[derive(Clone, Copy, Default)]
pub struct Since {
    pub digest: u64,
    pub loops: u64,
    /// Which of the thread's two logs is being filled.
    pub log: u64,
}

fn mix(h: u64, v: u64) -> u64 {
    (h.rotate_left(23) ^ v).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// End of a loop: a controlling one is logged and folded into the thread's [`Since`].
/// Returns whether it was controlling.
pub fn end(st: &mut Private, site: &'static Site) -> bool {
    let Some(f) = st.forall.pop() else {
        return false;
    };
    if !f.controlling {
        return false;
    }
    let s = &mut st.forall_since;
    if let Some(e) = state::area(st.me).forall_log[s.log as usize].get(s.loops as usize) {
        e.site.store(site as *const Site as u64, Ordering::Relaxed);
        e.count.store(f.count, Ordering::Relaxed);
        e.digest.store(f.digest, Ordering::Relaxed);
    }
    s.loops += 1;
    // never 0 once a loop ran, whatever its values
    s.digest = mix(mix(s.digest, f.count), f.digest) | 1;
    true
}

/// Put the loops run since the previous collective operation into `sig` (the signature of
/// this thread's next one) and start a new log.  The ring reads the log after the
/// signature (release/acquire through the ring's slots).
#[inline]
pub fn fold_into(st: &mut Private, sig: &mut Signature) {
    (sig.forall, sig.forall_loops) = take_since(st);
}

/// [`fold_into`] for a signature made in place: the digest and the `forall_loops` word.
/// After no loop the log stays (the signature names none of its entries).
#[inline(always)]
pub fn take_since(st: &mut Private) -> (u64, u64) {
    let s = &mut st.forall_since;
    let taken = (s.digest, s.loops << 1 | s.log);
    if s.loops != 0 {
        *s = Since {
            log: s.log ^ 1,
            ..Since::default()
        };
    }
    taken
}

/// Thread t's loops before the operation of `sig`: (site, count, digest), as far as kept.
fn logged(t: usize, sig: &Signature) -> Vec<(u64, u64, u64)> {
    let n = (sig.forall_loops >> 1) as usize;
    let log = &state::area(t).forall_log[(sig.forall_loops & 1) as usize];
    state::seen(state::home(t), log, |log| {
        log[..n.min(FORALL_LOG)]
            .iter()
            .map(|e| {
                (
                    e.site.load(Ordering::Relaxed),
                    e.count.load(Ordering::Relaxed),
                    e.digest.load(Ordering::Relaxed),
                )
            })
            .collect()
    })
}

/// What differs between two threads' loops before the same operation.
pub enum Difference {
    /// A loop both ran, with different iterations: the finding.
    Loop(Finding),
    /// One thread ran more loops: notes and the first loop only one thread ran, for a
    /// collective-mismatch finding at the operation.
    Count(Vec<String>, Option<Related>),
}

/// Two threads reached the same operation with the same arguments after different
/// controlling loops (`op_at`: where each was, in words).  `a` is the thread the report is
/// about.
pub fn difference(
    a: (usize, &Signature),
    b: (usize, &Signature),
    op_at: &dyn Fn(&Signature) -> String,
) -> Difference {
    let (la, lb) = (logged(a.0, a.1), logged(b.0, b.1));
    let (na, nb) = (a.1.forall_loops >> 1, b.1.forall_loops >> 1);
    let i = la
        .iter()
        .zip(&lb)
        .position(|(x, y)| x.1 != y.1 || x.2 != y.2)
        .unwrap_or(la.len().min(lb.len()));
    let compared = format!(
        "the loops were compared where the threads reached their next collective operation: thread {} at {}, thread {} at {}",
        a.0,
        op_at(a.1),
        b.0,
        op_at(b.1)
    );
    let loop_at = |e: Option<&(u64, u64, u64)>| e.and_then(|e| site_of(e.0));
    let (ea, eb) = (la.get(i), lb.get(i));
    if let (Some(x), Some(y)) = (ea, eb) {
        let site = loop_at(Some(x));
        let mut f = Finding::new(
            Kind::ForallNotSingleValued,
            a.0,
            site,
            "upc_forall",
            "the condition or affinity of a upc_forall is not single-valued: the threads ran different iterations".into(),
        );
        f.notes.push(if x.1 != y.1 {
            format!(
                "thread {} ran {} iterations, thread {} ran {}: the loop condition differs",
                a.0, x.1, b.0, y.1
            )
        } else {
            format!(
                "both ran {} iterations but assigned them to different threads: the affinity expression differs",
                x.1
            )
        });
        if let Some(s) = loop_at(Some(y)).filter(|s| !std::ptr::eq(*s, site.unwrap_or(s))) {
            f.notes
                .push(format!("thread {} ran its loop at {}", b.0, at(s)));
        }
        f.notes.push(compared);
        if let Some(s) = site {
            f.related.push(the_loop(s, "the upc_forall"));
        }
        return Difference::Loop(f);
    }
    if na == nb {
        // the difference is in a loop past the logs
        let mut f = Finding::new(
            Kind::ForallNotSingleValued,
            a.0,
            site_of(a.1.site),
            "upc_forall",
            format!("the condition or affinity of a upc_forall is not single-valued: the threads ran different iterations in one of the {na} loops before {}", op_at(a.1)),
        );
        f.notes.push(format!(
            "only the first {FORALL_LOG} loops after a collective operation are kept for a report"
        ));
        return Difference::Loop(f);
    }
    // one thread ran more loops than the other before the same operation
    let ((more, sm, n_more, extra), (fewer, sf, n_fewer)) = if na > nb {
        ((a.0, a.1, na, ea), (b.0, b.1, nb))
    } else {
        ((b.0, b.1, nb, eb), (a.0, a.1, na))
    };
    let extra = loop_at(extra);
    let loops = |n: u64| {
        format!(
            "{n} controlling upc_forall loop{}",
            if n == 1 { "" } else { "s" }
        )
    };
    let mut note = format!(
        "thread {more} ran {} before {}, thread {fewer} ran {} before {}",
        loops(n_more),
        op_at(sm),
        loops(n_fewer),
        op_at(sf)
    );
    if let Some(s) = extra {
        note += &format!(
            ": the first one thread {fewer} did not run is the upc_forall at {}",
            at(s)
        );
    }
    let notes = vec![note];
    Difference::Count(notes, extra.map(|s| the_loop(s, "the upc_forall")))
}

/// Why a loop one thread ran and another did not is a collective mismatch, in user words.
pub const LOOP_COUNTS: &str = "a controlling upc_forall is a collective operation: every thread must run it, and the checker compares the loops each thread ran at its next collective operation";

/// Inside a controlling loop?
pub fn controlling(st: &Private) -> Option<&'static Site> {
    st.forall.iter().find(|f| f.controlling).map(|f| f.site)
}

/// return/break/goto leaving the body (or goto into it).
pub fn escape(st: &mut Private, site: &'static Site) {
    let looped = st.forall.last().map(|f| f.site);
    let mut f = Finding::new(
        Kind::ForallEscape,
        st.me,
        Some(site),
        "upc_forall",
        "control leaves (or enters) the body of a upc_forall with return, break or goto".into(),
    );
    f = f.note("a upc_forall must be left through its condition only");
    if let Some(l) = looped {
        f.related.push(the_loop(l, "the upc_forall"));
    }
    // the loop is abandoned: forget it so later checks stay meaningful
    st.forall.pop();
    crate::report::emit(f);
}

/// A `setjmp` of the thread: its `jmp_buf`, and the thread's upc_forall loops, call frames
/// and the runtime's loop depth (`upcr_forall_depth`) at the call.
#[derive(Clone, Copy)]
pub struct Jump {
    env: usize,
    loops: usize,
    frames: u32,
    depth: std::ffi::c_int,
}

/// `jmp_buf`s remembered per thread (the oldest is forgotten first).
const JUMPS: usize = 64;

/// Before `setjmp(env)`.
pub fn setjmp(st: &mut Private, env: usize, frames: u32) {
    // SAFETY: private per process (one UPC thread = one single-threaded process).
    let depth = unsafe { *std::ptr::addr_of!(pgas::segment::upcr_forall_depth) };
    st.jumps.retain(|j| j.env != env);
    if st.jumps.len() >= JUMPS {
        st.jumps.remove(0);
    }
    st.jumps.push(Jump {
        env,
        loops: st.forall.len(),
        frames,
        depth,
    });
}

/// Before `longjmp(env, v)` at `site`: the upc_forall bodies it leaves are reported (as a
/// goto out of them would be) and forgotten, the runtime's loop depth is set back to the
/// setjmp's; returns the call frames at the setjmp (None: `env` was not seen by setjmp).
pub fn longjmp(st: &mut Private, site: &'static Site, env: usize) -> Option<u32> {
    let j = *st.jumps.iter().rev().find(|j| j.env == env)?;
    if st.forall.len() > j.loops {
        let left = st.forall[j.loops].site;
        let n = st.forall.len() - j.loops;
        st.forall.truncate(j.loops);
        // SAFETY: private per process.
        unsafe { *std::ptr::addr_of_mut!(pgas::segment::upcr_forall_depth) = j.depth };
        if st.cfg.deadlock {
            let mut f = Finding::new(
                Kind::ForallEscape,
                st.me,
                Some(site),
                "upc_forall",
                format!(
                    "control leaves the body of {} with longjmp",
                    if n == 1 {
                        "a upc_forall".to_string()
                    } else {
                        format!("{n} nested upc_forall loops")
                    }
                ),
            );
            f = f.note("a upc_forall must be left through its condition only (UPC 1.3: leaving it with longjmp is undefined)");
            f.related.push(the_loop(left, "the upc_forall"));
            crate::report::emit(f);
        }
    }
    Some(j.frames)
}

/// An integer affinity that is negative (UPC 1.3 leaves which thread runs the iteration
/// undefined): reported once per loop, at the loop, as an invalid argument of upc_forall.
pub fn negative_affinity(st: &mut Private, site: &'static Site, value: i64) {
    if let Some(f) = st.forall.last_mut() {
        if !f.controlling || f.negative_seen {
            return;
        }
        f.negative_seen = true;
    }
    let idx = (site.nargs.max(1) - 1) as usize;
    let mut f = Finding::new(
        Kind::InvalidArgument,
        st.me,
        Some(site),
        "upc_forall",
        format!("invalid argument to upc_forall: affinity = {value}"),
    );
    f.args.push(crate::report::ArgNote {
        index: idx,
        name: "affinity".into(),
        text: site.arg_text(idx).to_string(),
        value: value.to_string(),
        decl: site.arg_decl(idx).to_string(),
        rule: "an integer affinity expression must not be negative (UPC 1.3: the thread that runs the iteration is undefined)".into(),
    });
    crate::report::emit(f);
}

/// A collective inside a controlling loop.
pub fn collective_inside(st: &mut Private, site: &'static Site, op: &str, looped: &'static Site) {
    let mut f = Finding::new(
        Kind::ForallCollective,
        st.me,
        Some(site),
        op,
        format!("collective operation {op} inside the body of a controlling upc_forall"),
    )
    .note("each iteration runs on one thread only, so the other threads never reach this call");
    f.related
        .push(the_loop(looped, "the controlling upc_forall"));
    crate::report::emit(f);
}

/// A loop as a related line: where it is, its condition and affinity with the
/// declarations of their variables.
pub fn the_loop(site: &'static Site, what: &str) -> Related {
    let mut parts = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    let n = site.nargs.max(0) as usize;
    for (i, name) in ["condition", "affinity"].iter().enumerate().take(n) {
        let text = site.arg_text(i);
        if !text.is_empty() {
            // each variable's declaration once
            let decl: Vec<&str> = site
                .arg_decl(i)
                .split(';')
                .map(str::trim)
                .filter(|d| !d.is_empty() && !seen.contains(d))
                .collect();
            seen.extend(&decl);
            parts.push(format!(
                "{name} `{text}`{}",
                crate::history::declared(&decl.join("; "))
            ));
        }
    }
    let with = if parts.is_empty() {
        String::new()
    } else {
        format!(", with {}", parts.join(" and "))
    };
    Related::new(format!("{what} is at {}{with}", at(site)), site)
}
