//! The findings of every run as one SARIF 2.1.0 log.

use super::*;

/// The findings of every run as one SARIF 2.1.0 log: a result per distinct finding of a
/// test (the thread counts it was seen with in its properties), file names relative to
/// the test folder (`uriBaseId` TESTROOT), and a notification per failed run.
pub(super) fn sarif_log(results: &[TestResult], dir: &Path, all_passed: bool) -> serde_json::Value {
    use serde_json::{json, Value};
    let mut out: Vec<Value> = Vec::new();
    let mut notes = Vec::new();
    for r in results {
        let folder = r
            .case
            .path
            .parent()
            .and_then(|p| p.strip_prefix(dir).ok())
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        let prefix = if folder.is_empty() {
            String::new()
        } else {
            format!("{folder}/")
        };
        let place = rules::sarif::Place {
            base: Some("TESTROOT"),
            prefix: &prefix,
        };
        let expected = match &r.case.header.expect {
            Expect::Clean => "clean".to_string(),
            Expect::Error(k) => k.clone(),
        };
        let first = out.len();
        for run in &r.runs {
            if let Some(f) = &run.failure {
                notes.push(format!(
                    "{} [T={}] {}: {}",
                    r.case.name, run.threads, f.class, f.detail
                ));
            }
            for f in &run.findings {
                let mut res = rules::sarif::result(f, &place);
                // one result per distinct finding of the test, whatever the thread count
                let same = |o: &Value| {
                    o["ruleId"] == res["ruleId"]
                        && o["locations"] == res["locations"]
                        && o["properties"]["headline"] == f.message.as_str()
                };
                if let Some(o) = out[first..].iter_mut().find(|o| same(o)) {
                    if let Some(v) = o["properties"]["threadCounts"].as_array_mut() {
                        if !v.contains(&json!(run.threads)) {
                            v.push(json!(run.threads));
                        }
                    }
                    continue;
                }
                res["properties"]["headline"] = json!(f.message);
                res["properties"]["test"] = json!(r.case.name);
                res["properties"]["expected"] = json!(expected);
                res["properties"]["threadCounts"] = json!([run.threads]);
                out.push(res);
            }
        }
    }
    rules::sarif::log(
        env!("CARGO_PKG_VERSION"),
        out,
        &rules::sarif::Invocation {
            command_line: &format!("upc-check test {}", dir.display()),
            successful: all_passed,
            notifications: notes,
            base: Some(("TESTROOT", dir.display().to_string())),
            exit_code: Some(if all_passed { 0 } else { 1 }),
        },
    )
}
