//! SARIF 2.1.0 output: the findings of a checked program (or of a folder of test programs)
//! as a static-analysis results log, so that they show up in code-scanning views.
//!
//! Input is a finding of the report contract ([`crate::report::Finding`], what the checker
//! writes to `UPCCHECK_REPORT`).  Each finding becomes one `result`: its kind
//! is the rule, its file and line the location, the whole message (headline, notes,
//! arguments) the text, every other `file:line` the finding cites a related location,
//! and the rest (thread, operation, arguments, thread status) the result's properties.

use serde_json::{json, Map, Value};

use crate::kinds::KINDS;
use crate::report::Finding;

/// `$schema` of the logs written here.
pub const SCHEMA_URI: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// The tool's rules: one per kind of finding (a result's `ruleIndex` is its index here).
pub fn rules() -> Value {
    Value::Array(
        KINDS
            .iter()
            .map(|k| {
                json!({
                    "id": k.name,
                    "name": camel(k.name),
                    "shortDescription": {"text": k.summary},
                    "defaultConfiguration": {"level": if k.warning { "warning" } else { "error" }},
                })
            })
            .collect(),
    )
}

/// `lock-cycle` -> `LockCycle` (a rule's friendly name).
fn camel(name: &str) -> String {
    name.split('-')
        .map(|w| {
            let mut c = w.chars();
            match c.next() {
                Some(f) => f.to_ascii_uppercase().to_string() + c.as_str(),
                None => String::new(),
            }
        })
        .collect()
}

/// A file name as a URI reference: absolute paths as `file://` URIs, relative ones as
/// they are; characters outside the unreserved set and `/` are percent-encoded.
pub fn uri(path: &str) -> String {
    let mut out = String::new();
    if path.starts_with('/') {
        out.push_str("file://");
    }
    for b in path.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// The `file:line` references in a text (`x.upc:12`, `dir/lib.h:7`), in order.
pub fn cited_lines(text: &str) -> Vec<(String, u64)> {
    let mut out = Vec::new();
    let is_sep = |c: char| c.is_whitespace() || matches!(c, '(' | ')' | ',' | ';' | '`' | '"');
    for token in text.split(is_sep) {
        let token = token.trim_end_matches(['.', ':']);
        let Some((file, line)) = token.rsplit_once(':') else {
            continue;
        };
        let Ok(line) = line.parse::<u64>() else {
            continue;
        };
        let source = [".upc", ".c", ".h", ".uph"]
            .iter()
            .any(|e| file.ends_with(e) && file.len() > e.len());
        if source && line > 0 {
            out.push((file.to_string(), line));
        }
    }
    out
}

/// Where a file named in a finding is: relative names are relative to the folder the
/// program was compiled in, `prefix` (empty or ending in `/`) relative to the base.
pub struct Place<'a> {
    /// The `uriBaseId` of relative file names, if any.
    pub base: Option<&'a str>,
    pub prefix: &'a str,
}

impl Place<'_> {
    /// File names as they are, no base.
    pub const AS_IS: Place<'static> = Place {
        base: None,
        prefix: "",
    };
}

fn location(file: &str, line: u64, column: u64, place: &Place) -> Value {
    let base = place.base;
    let file = if file.starts_with('/') {
        file.to_string()
    } else {
        format!("{}{}", place.prefix, file.trim_start_matches("./"))
    };
    let file = file.as_str();
    let mut art = json!({"uri": uri(file)});
    if let (Some(b), false) = (base, file.starts_with('/')) {
        art["uriBaseId"] = json!(b);
    }
    let mut region = json!({"startLine": line});
    if column > 0 {
        region["startColumn"] = json!(column);
    }
    json!({"physicalLocation": {"artifactLocation": art, "region": region}})
}

/// The full text of a finding: the headline, then each note and argument on its own line.
pub fn message_text(f: &Finding) -> String {
    let mut t = format!("thread {}: {}", f.thread, f.message);
    for n in &f.notes {
        t.push('\n');
        t.push_str(n);
    }
    for r in &f.related {
        t.push('\n');
        t.push_str(&r.message);
    }
    for a in &f.args {
        let mut line = format!("argument {} `{}`", a.index + 1, a.name);
        if !a.text.is_empty() {
            line.push_str(&format!(": `{}`", a.text));
        }
        if !a.value.is_empty() {
            line.push_str(&format!(" is {}", a.value));
        }
        if !a.rule.is_empty() {
            line.push_str(&format!("; rule: {}", a.rule));
        }
        t.push('\n');
        t.push_str(&line);
    }
    if let Some(calls) = f.calls.filter(|&c| c > 1) {
        let threads = f.threads_hit.unwrap_or(1);
        t.push_str(&format!(
            "\nreached {calls} times by {threads} thread{}",
            if threads == 1 { "" } else { "s" }
        ));
    }
    t
}

/// One SARIF result from one finding.
pub fn result(f: &Finding, place: &Place) -> Value {
    let kind = f.kind.as_str();
    let index = KINDS.iter().position(|k| k.name == kind);
    let warning =
        f.severity == "warning" || index.is_some_and(|i| KINDS[i].warning) && f.severity.is_empty();
    let mut r = json!({
        "ruleId": if kind.is_empty() { "unknown" } else { kind },
        "level": if warning { "warning" } else { "error" },
        "message": {"text": message_text(f)},
    });
    if let Some(i) = index {
        r["ruleIndex"] = json!(i);
    }
    if !f.file.is_empty() && f.line > 0 {
        r["locations"] = json!([location(&f.file, f.line, f.column, place)]);
    }
    // every other line the finding cites, with the sentence that cites it
    let mut related = Vec::new();
    let mut seen: Vec<(String, u64)> = vec![(f.file.clone(), f.line)];
    let mut cite = |file: &str, line: u64, text: &str, related: &mut Vec<Value>| {
        if file.is_empty() || seen.contains(&(file.to_string(), line)) {
            return;
        }
        seen.push((file.to_string(), line));
        let mut l = location(file, line, 0, place);
        l["id"] = json!(related.len());
        l["message"] = json!({ "text": text });
        related.push(l);
    };
    // the lines the finding cites by file and line, then those named in its notes
    for r in &f.related {
        cite(&r.file, r.line, &r.message, &mut related);
    }
    for n in &f.notes {
        for (file, line) in cited_lines(n) {
            cite(&file, line, n, &mut related);
        }
    }
    for a in &f.args {
        for d in a.decl.split(';').map(str::trim) {
            if let Some((var, at)) = d.split_once(": ") {
                let text = format!("variable {var} was declared at {at}");
                for (file, line) in cited_lines(&text) {
                    cite(&file, line, &text, &mut related);
                }
            }
        }
    }
    if !related.is_empty() {
        r["relatedLocations"] = Value::Array(related);
    }
    if let Some(calls) = f.calls.filter(|&c| c > 0) {
        r["occurrenceCount"] = json!(calls);
    }
    let mut props = Map::new();
    props.insert("thread".into(), json!(f.thread));
    props.insert("op".into(), json!(f.op));
    props.insert("args".into(), json!(f.args));
    if !f.thread_status.is_empty() {
        props.insert("thread_status".into(), json!(f.thread_status));
    }
    if !f.call_stack.is_empty() {
        props.insert("call_stack".into(), json!(f.call_stack));
    }
    if let Some(h) = f.threads_hit {
        props.insert("threads_hit".into(), json!(h));
    }
    if !f.thread_list.is_empty() {
        props.insert("thread_list".into(), json!(f.thread_list));
    }
    r["properties"] = Value::Object(props);
    r
}

/// What one run of the tool was.
pub struct Invocation<'a> {
    /// The command, e.g. `./prog` or `upc-check test rted-tests`.
    pub command_line: &'a str,
    /// Whether the tool did what it was asked (a checked program: always; the test runner:
    /// every test passed).
    pub successful: bool,
    /// Problems of the run itself (a test that failed), as notification texts.
    pub notifications: Vec<String>,
    /// `uriBaseId` -> absolute folder for relative file names.
    pub base: Option<(&'a str, String)>,
    /// Exit status of the run, if known.
    pub exit_code: Option<i32>,
}

/// A whole SARIF log with one run.
pub fn log(tool_version: &str, results: Vec<Value>, inv: &Invocation) -> Value {
    let mut invocation = json!({
        "executionSuccessful": inv.successful,
    });
    if !inv.command_line.is_empty() {
        invocation["commandLine"] = json!(inv.command_line);
    }
    if let Some(code) = inv.exit_code {
        invocation["exitCode"] = json!(code);
    }
    if !inv.notifications.is_empty() {
        invocation["toolExecutionNotifications"] = Value::Array(
            inv.notifications
                .iter()
                .map(|n| json!({"message": {"text": n}, "level": "error"}))
                .collect(),
        );
    }
    let mut run = json!({
        "tool": {"driver": {
            "name": "upc-check",
            "version": tool_version,
            "semanticVersion": tool_version,
            "rules": rules(),
        }},
        "invocations": [invocation],
        "results": results,
        "columnKind": "unicodeCodePoints",
    });
    if let Some((id, dir)) = &inv.base {
        let mut d = uri(dir);
        if !d.ends_with('/') {
            d.push('/');
        }
        run["originalUriBaseIds"] = json!({ *id: {"uri": d} });
    }
    json!({
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [run],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris() {
        assert_eq!(uri("a_err.upc"), "a_err.upc");
        assert_eq!(uri("/t/x y.upc"), "file:///t/x%20y.upc");
        assert_eq!(uri("dir/ä.upc"), "dir/%C3%A4.upc");
    }

    #[test]
    fn cited() {
        assert_eq!(
            cited_lines(
                "thread 1 waits for `a` at lk.upc:7, held by thread 0 (taken at lib/x.h:6)."
            ),
            vec![("lk.upc".to_string(), 7), ("lib/x.h".to_string(), 6)]
        );
        assert!(cited_lines("is 0x10:12 or upc:3 or a.upc:x").is_empty());
    }

    #[test]
    fn one_result() {
        let f: Finding = serde_json::from_value(json!({
            "kind": "invalid-argument", "severity": "error", "op": "upc_all_broadcast",
            "file": "ex1.upc", "line": 26, "column": 5, "thread": 0,
            "message": "invalid argument to upc_all_broadcast: nbytes = 0",
            "notes": ["related argument 1 `dst`: `a` is NULL (a declared at ex1.upc:4)"],
            "args": [{"index": 2, "name": "nbytes", "text": "n", "value": "0",
                      "decl": "n: ex1.upc:10", "rule": "nbytes must be > 0"}],
        }))
        .unwrap();
        let r = result(
            &f,
            &Place {
                base: Some("SRCROOT"),
                prefix: "args/",
            },
        );
        assert_eq!(r["ruleId"], "invalid-argument");
        assert_eq!(r["level"], "error");
        assert_eq!(
            r["locations"][0]["physicalLocation"]["region"]["startLine"],
            26
        );
        assert_eq!(
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uriBaseId"],
            "SRCROOT"
        );
        assert_eq!(
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            "args/ex1.upc"
        );
        let text = r["message"]["text"].as_str().unwrap();
        assert!(text.starts_with("thread 0: invalid argument to upc_all_broadcast: nbytes = 0"));
        assert!(text.contains("argument 3 `nbytes`: `n` is 0; rule: nbytes must be > 0"));
        let rel = r["relatedLocations"].as_array().unwrap();
        assert_eq!(rel.len(), 2, "{rel:?}");
        assert_eq!(rel[1]["physicalLocation"]["region"]["startLine"], 10);
        assert_eq!(
            rel[1]["message"]["text"],
            "variable n was declared at ex1.upc:10"
        );
    }
}
