//! The per-category scorecard printed at the end.

use super::*;

#[derive(Default)]
pub(super) struct Score {
    err_total: usize,
    err_detected: usize,
    clean_total: usize,
    clean_passed: usize,
    false_alarms: usize,
    hangs: usize,
    other: usize,
}

/// Prints the per-category scorecard; true when everything passed.
pub(super) fn print_scorecard(results: &[TestResult]) -> bool {
    let mut cats: BTreeMap<&str, Score> = BTreeMap::new();
    let mut all_ok = true;
    let (mut passed, mut failed, mut skipped, mut skipped_runs) = (0usize, 0usize, 0usize, 0usize);
    for r in results {
        skipped_runs += r.case.skipped.len();
        if r.runs.is_empty() {
            // no thread count of `--threads` is one the header allows
            skipped += 1;
            continue;
        }
        let s = cats.entry(r.case.category.as_str()).or_default();
        let ok = r.runs.iter().all(|x| x.failure.is_none());
        if ok {
            passed += 1;
        } else {
            failed += 1;
            all_ok = false;
        }
        let classes: Vec<&str> = r
            .runs
            .iter()
            .filter_map(|x| x.failure.as_ref().map(|f| f.class))
            .collect();
        if classes.contains(&"hang") {
            s.hangs += 1;
        }
        match r.case.header.expect {
            Expect::Error(_) => {
                s.err_total += 1;
                if ok {
                    s.err_detected += 1;
                } else if !classes.contains(&"hang") {
                    s.other += 1;
                }
            }
            Expect::Clean => {
                s.clean_total += 1;
                if ok {
                    s.clean_passed += 1;
                } else if classes.contains(&"false-alarm") {
                    s.false_alarms += 1;
                } else if !classes.contains(&"hang") {
                    s.other += 1;
                }
            }
        }
    }
    println!();
    println!(
        "{:<20} {:>16} {:>14} {:>13} {:>6} {:>7}",
        "category", "errors detected", "clean passed", "false alarms", "hangs", "other"
    );
    for (name, s) in &cats {
        println!(
            "{:<20} {:>16} {:>14} {:>13} {:>6} {:>7}",
            name,
            format!("{}/{}", s.err_detected, s.err_total),
            format!("{}/{}", s.clean_passed, s.clean_total),
            s.false_alarms,
            s.hangs,
            s.other
        );
    }
    println!();
    if skipped_runs == 0 {
        println!("{} passed, {} failed", passed, failed);
    } else {
        println!(
            "{} passed, {} failed, {} skipped ({} runs skipped: thread counts the header does not allow, or `nodes: one` over several nodes)",
            passed, failed, skipped, skipped_runs
        );
    }
    all_ok
}
