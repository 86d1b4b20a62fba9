//! The SARIF logs written from the checker's findings validate against the SARIF 2.1.0
//! JSON schema (`data/sarif-schema-2.1.0.json`, the schema OASIS publishes), for every kind
//! of finding and the shapes a finding takes.

use rules::report::Finding;
use rules::sarif::{self, Invocation, Place};
use serde_json::{json, Value};

fn validator() -> jsonschema::Validator {
    let text = include_str!("data/sarif-schema-2.1.0.json");
    let mut schema: Value = serde_json::from_str(text).expect("the schema is JSON");
    // The published schema's `language` patterns have a stray `]`, a literal in an
    // ECMAScript regular expression but not a valid `regex` format for the meta-schema
    // check: escape it (same meaning).
    let mut fixed = 0;
    for def in ["run", "toolComponent"] {
        let lang = &mut schema["definitions"][def]["properties"]["language"]["pattern"];
        assert_eq!(lang, "^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$");
        *lang = json!("^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}\\]?$");
        fixed += 1;
    }
    assert_eq!(fixed, text.matches("{2}]?$").count());
    jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("the schema compiles")
}

fn assert_valid(log: &Value) {
    let v = validator();
    let errors: Vec<String> = v
        .iter_errors(log)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "invalid SARIF: {errors:#?}\n{log:#}");
}

fn finding(kind: &str, file: &str, line: u64) -> Finding {
    typed(json!({
        "kind": kind,
        "severity": if rules::kinds::kind(kind).unwrap().warning { "warning" } else { "error" },
        "op": "upc_barrier",
        "file": file,
        "line": line,
        "column": 9,
        "thread": 1,
        "message": format!("a {kind} finding"),
        "notes": [
            "thread 1 is at upc_barrier at dl.upc:7",
            "thread 0 waits for `a` at lk.upc:6, held by thread 1 (taken at lib/x.upc:7)"
        ],
        "args": [{"index": 0, "name": "value", "text": "v", "value": "3",
                  "decl": "v: dl.upc:3; w: dl.upc:4", "rule": "r"}],
        "thread_status": [{"thread": 0, "state": "waiting", "op": "upc_barrier",
                           "file": "dl.upc", "line": 7},
                          {"thread": 1, "state": "running"}],
    }))
}

/// A finding written as the report's JSON, read through the report contract.
fn typed(j: Value) -> Finding {
    serde_json::from_value(j).expect("a finding of the report contract")
}

fn invocation(notes: Vec<String>) -> Invocation<'static> {
    Invocation {
        command_line: "./prog",
        successful: notes.is_empty(),
        notifications: notes,
        base: None,
        exit_code: Some(3),
    }
}

#[test]
fn every_kind_of_finding_gives_a_valid_log() {
    let results: Vec<Value> = rules::kinds::KINDS
        .iter()
        .map(|k| sarif::result(&finding(k.name, "dl.upc", 12), &Place::AS_IS))
        .collect();
    let log = sarif::log("0.1.0", results, &invocation(Vec::new()));
    assert_valid(&log);
    let run = &log["runs"][0];
    assert_eq!(
        run["tool"]["driver"]["rules"].as_array().unwrap().len(),
        rules::kinds::KINDS.len()
    );
    for (i, r) in run["results"].as_array().unwrap().iter().enumerate() {
        assert_eq!(r["ruleIndex"], i);
        assert_eq!(r["ruleId"], rules::kinds::KINDS[i].name);
        let want = if rules::kinds::KINDS[i].warning {
            "warning"
        } else {
            "error"
        };
        assert_eq!(r["level"], want);
        assert_eq!(
            r["locations"][0]["physicalLocation"]["region"]["startLine"],
            12
        );
        assert_eq!(
            r["locations"][0]["physicalLocation"]["region"]["startColumn"],
            9
        );
        // the cited lines (notes and declarations), each once, with the sentence citing it
        let rel = r["relatedLocations"].as_array().unwrap();
        let lines: Vec<(String, u64)> = rel
            .iter()
            .map(|l| {
                (
                    l["physicalLocation"]["artifactLocation"]["uri"]
                        .as_str()
                        .unwrap()
                        .to_string(),
                    l["physicalLocation"]["region"]["startLine"]
                        .as_u64()
                        .unwrap(),
                )
            })
            .collect();
        assert_eq!(
            lines,
            vec![
                ("dl.upc".to_string(), 7),
                ("lk.upc".to_string(), 6),
                ("lib/x.upc".to_string(), 7),
                ("dl.upc".to_string(), 3),
                ("dl.upc".to_string(), 4),
            ]
        );
    }
}

#[test]
fn findings_without_a_place_repeated_warnings_and_failed_runs_are_valid() {
    let killed = typed(
        json!({"kind": "thread-killed", "severity": "error", "op": "",
                        "file": "", "line": 0, "thread": 2,
                        "message": "thread 2 was killed by signal SIGSEGV", "args": []}),
    );
    let mut warn = finding("questionable-argument", "/abs/dir with space/w.upc", 8);
    warn.calls = Some(40);
    warn.threads_hit = Some(4);
    warn.thread_list = vec![0, 1, 2, 3];
    let results = vec![
        sarif::result(&killed, &Place::AS_IS),
        sarif::result(
            &warn,
            &Place {
                base: Some("TESTROOT"),
                prefix: "args-upc/",
            },
        ),
    ];
    assert!(
        results[0].get("locations").is_none(),
        "no line: no location"
    );
    assert_eq!(results[1]["occurrenceCount"], 40);
    assert!(results[1]["message"]["text"]
        .as_str()
        .unwrap()
        .ends_with("reached 40 times by 4 threads"));
    assert_eq!(
        results[1]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        "file:///abs/dir%20with%20space/w.upc"
    );
    let mut inv = invocation(vec![
        "deadlock/x_err.upc [T=4] missed: expected lock-cycle".into()
    ]);
    inv.base = Some(("TESTROOT", "/tests/rted tests".to_string()));
    let log = sarif::log("0.1.0", results, &inv);
    assert_valid(&log);
    assert_eq!(
        log["runs"][0]["originalUriBaseIds"]["TESTROOT"]["uri"],
        "file:///tests/rted%20tests/"
    );
    assert_eq!(
        log["runs"][0]["invocations"][0]["executionSuccessful"],
        false
    );
    // an empty run is valid too
    assert_valid(&sarif::log("0.1.0", Vec::new(), &invocation(Vec::new())));
}

#[test]
fn the_validator_rejects_what_is_not_sarif() {
    let v = validator();
    let mut log = sarif::log("0.1.0", Vec::new(), &invocation(Vec::new()));
    assert!(v.is_valid(&log));
    log["version"] = json!("2.0.0");
    assert!(!v.is_valid(&log), "wrong version accepted");
    let mut log = sarif::log(
        "0.1.0",
        vec![sarif::result(
            &finding("lock-cycle", "a.upc", 3),
            &Place::AS_IS,
        )],
        &invocation(Vec::new()),
    );
    log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] =
        json!(0);
    assert!(!v.is_valid(&log), "line 0 accepted");
}
