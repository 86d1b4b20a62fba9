//! The report contract: the JSON file a checked program writes (`UPCCHECK_REPORT`), as
//! typed structures.  The checker builds these and serializes them; the test runner and the
//! SARIF writer read them back.  Unknown fields are refused, so a field renamed on one side
//! fails the readers' tests instead of reading as empty.

use serde::{Deserialize, Serialize};

/// The whole report file.
#[derive(Serialize, Deserialize, Debug, Clone, Default, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Report {
    /// The program as it was started.
    pub program: String,
    pub threads: u64,
    /// The job's exit status (written at the end of the run).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exit_status: Option<i32>,
    /// Every finding, in the order they were made.
    pub errors: Vec<Finding>,
}

/// One finding.
#[derive(Serialize, Deserialize, Debug, Clone, Default, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct Finding {
    /// One of [`crate::kinds::KINDS`].
    pub kind: String,
    /// `error` or `warning`.
    pub severity: String,
    /// The operation (`upc_barrier`, `upc_memget`, ...), "" when none.
    pub op: String,
    /// Where: the operation's call site ("" and 0 when the finding has no place).
    pub file: String,
    pub line: u64,
    pub column: u64,
    /// The thread the finding is about.
    pub thread: u64,
    /// One-line summary.
    pub message: String,
    /// The arguments of the call, with the rule each broke.
    pub args: Vec<Arg>,
    /// Other lines that explain the finding.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub related: Vec<Related>,
    /// Further facts, one per line.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The state of every thread (deadlocks and the kinds that show it).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub thread_status: Vec<ThreadStatus>,
    /// The thread's call stack, innermost first (`--upccheck:-s`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub call_stack: Vec<String>,
    /// A warning raised more than once at one site: how often, by how many threads, which.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub calls: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub threads_hit: Option<u64>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub thread_list: Vec<u64>,
}

/// One argument of the call a finding is about.
#[derive(Serialize, Deserialize, Debug, Clone, Default, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct Arg {
    /// Position (0-based).
    pub index: u64,
    /// Name in the prototype.
    pub name: String,
    /// Source text at the call.
    pub text: String,
    /// Value, as the report prints it.
    pub value: String,
    /// Where its variables were declared: `v: a.upc:3; w: a.upc:4`.
    pub decl: String,
    /// The rule it broke, "" when none.
    pub rule: String,
}

/// A line a finding cites, with the sentence that cites it.
#[derive(Serialize, Deserialize, Debug, Clone, Default, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct Related {
    pub message: String,
    pub file: String,
    pub line: u64,
}

/// The state of one thread when the finding was made.
#[derive(Serialize, Deserialize, Debug, Clone, Default, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct ThreadStatus {
    pub thread: u64,
    /// `waiting`, `running`, `finished` or `killed`.
    pub state: String,
    /// The operation a waiting (or finished) thread is at.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub op: Option<String>,
    /// Where it waits, finished, or (sampled) executes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u64>,
    /// The function a running thread was sampled in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub function: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finding_round_trips_and_unknown_fields_are_refused() {
        let f = Finding {
            kind: "lock-cycle".into(),
            severity: "error".into(),
            file: "a.upc".into(),
            line: 3,
            related: vec![Related {
                message: "lock allocated at a.upc:1".into(),
                file: "a.upc".into(),
                line: 1,
            }],
            thread_status: vec![ThreadStatus {
                thread: 0,
                state: "waiting".into(),
                op: Some("upc_lock".into()),
                ..Default::default()
            }],
            ..Default::default()
        };
        let text = serde_json::to_string(&f).unwrap();
        assert_eq!(serde_json::from_str::<Finding>(&text).unwrap(), f);
        let renamed = text.replace("\"related\"", "\"relatedLines\"");
        assert!(serde_json::from_str::<Finding>(&renamed).is_err());
    }
}
