//! Judging a run: the findings of its report against what the header expects.

use super::*;

/// Deadlock kinds: their report must give the status of every thread.
pub(super) const NEEDS_THREAD_STATUS: &[&str] = &[
    "collective-mismatch",
    "single-valued-mismatch",
    "barrier-value-mismatch",
    "finished-while-waiting",
    "lock-cycle",
    "lock-chain-finished",
    "lock-chain-collective",
    "lock-held-in-collective",
];

/// Kinds whose report must name the offending argument.
pub(super) const NEEDS_ARGS: &[&str] = &["invalid-argument", "single-valued-mismatch"];

/// The findings of a report file (the report contract of `rules::report`).
pub(super) fn parse_report(text: &str) -> Result<Vec<Finding>> {
    let r: Report =
        serde_json::from_str(text).context("report does not follow the report contract")?;
    Ok(r.errors)
}

pub(super) fn basename(p: &str) -> &str {
    p.rsplit('/').next().unwrap_or(p)
}

pub(super) fn loc_matches(loc: &Loc, f: &Finding, test_file: &str) -> bool {
    if loc.line as u64 != f.line {
        return false;
    }
    let want = loc.file.as_deref().unwrap_or(test_file);
    basename(&f.file) == basename(want)
}

pub(super) fn summarize(fs: &[Finding]) -> String {
    let v: Vec<String> = fs
        .iter()
        .map(|f| format!("{} at {}:{}", f.kind, basename(&f.file), f.line))
        .collect();
    v.join(", ")
}

/// What a finding lacks of the header's `value:` and `report:` lines.
pub(super) fn lacks(h: &Header, f: &Finding, threads: u32) -> Vec<String> {
    let subst = |t: &str| substitute(t, threads);
    let mut missing = Vec::new();
    for (name, want) in &h.values {
        let want = subst(want);
        let arg = f
            .args
            .iter()
            .find(|a| a.name == *name && (a.value == want || a.value.contains(want.as_str())));
        // the argument that breaks a rule is named with its value in the headline too
        let offending = arg.is_some_and(|a| !a.rule.is_empty());
        let headline = f.kind != "invalid-argument"
            || !offending
            || f.message.contains(&format!("{name} = {want}"));
        // or a related argument of the broken rule, in a note
        let related = f.notes.iter().any(|n| {
            n.starts_with("related argument ")
                && n.contains(&format!("`{name}`: "))
                && n.contains(&format!(" is {want}"))
        });
        if !(arg.is_some() && headline || related) {
            missing.push(format!("value {name} = {want}"));
        }
    }
    let text = rules::sarif::message_text(f);
    for want in &h.report {
        let want = subst(want);
        if !text.contains(want.as_str()) {
            missing.push(format!("`{want}`"));
        }
    }
    missing
}
