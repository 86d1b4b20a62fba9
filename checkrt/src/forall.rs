//! `upc_forall`: which loop controls (the outermost one with a real affinity), collective
//! operations inside a controlling loop, leaving the body with return/break/goto, and the
//! single-valuedness of the loop's condition and affinity.
//!
//! Single-valuedness without serializing the loop: each thread folds the iteration count
//! and every iteration's affinity (the thread that runs it) into a digest, O(1) per
//! iteration — or, for a loop that visits only the thread's own iterations, the loop's
//! start, bound, affinity origin and iteration count once ([`summary`]); at the end of a
//! controlling loop the digest goes around the collective ring as the signature of a
//! virtual collective operation, O(1) per loop.

use crate::ffi::Site;
use crate::report::{at, Finding, Kind, Related};
use crate::signature::{Signature, FORALL};
use crate::state::Private;

#[derive(Clone, Copy)]
pub struct Frame {
    pub site: &'static Site,
    pub controlling: bool,
    pub count: u64,
    pub digest: u64,
}

/// Whether the loop at `site` has a real affinity expression (not `continue`, not
/// omitted): the translator passes the condition and affinity texts as the site's args.
fn has_affinity(site: &Site) -> bool {
    site.nargs >= 2 && site.arg_text(site.nargs as usize - 1).trim() != "continue"
}

pub fn begin(st: &mut Private, site: &'static Site) {
    let controlled = st.forall.iter().any(|f| f.controlling);
    st.forall.push(Frame {
        site,
        controlling: !controlled && has_affinity(site),
        count: 0,
        digest: 0x243F_6A88_85A3_08D3,
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

/// End of a loop: the signature to compare around the ring if it was controlling.
pub fn end(st: &mut Private, site: &'static Site) -> Option<Signature> {
    let f = st.forall.pop()?;
    if !f.controlling {
        return None;
    }
    let mut s = Signature::new(FORALL, site as *const Site as u64);
    s.push(f.count);
    s.push(f.digest);
    Some(s)
}

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
