//! The catalog against the UPC headers of the bundled runtime (`pgas/include/`): every
//! function a header declares is in the catalog with the same prototype, and the constant
//! values the rules test are the headers' values.  Headers that do not exist yet are
//! skipped.

use rules::{consts, OpKind, OPS};
use std::collections::BTreeMap;

fn include_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../pgas/include")
}

fn read(header: &str) -> Option<String> {
    std::fs::read_to_string(include_dir().join(header)).ok()
}

/// Remove comments, preprocessor lines and `__attribute__((...))`.
fn clean(src: &str) -> String {
    let mut s = String::new();
    let mut rest = src;
    while let Some(i) = rest.find("/*") {
        s.push_str(&rest[..i]);
        rest = rest[i..].find("*/").map_or("", |j| &rest[i + j + 2..]);
    }
    s.push_str(rest);
    let s: String = s
        .lines()
        .map(|l| l.split("//").next().unwrap())
        .filter(|l| !l.trim_start().starts_with('#'))
        .collect::<Vec<_>>()
        .join(" ");
    let mut out = String::new();
    let mut rest = s.as_str();
    while let Some(i) = rest.find("__attribute__") {
        out.push_str(&rest[..i]);
        let after = &rest[i..];
        let mut depth = 0;
        let mut end = after.len();
        for (k, c) in after.char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        end = k + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

fn normalize(s: &str) -> String {
    let s = s.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut s = s;
    for p in ["*", "(", ")", ","] {
        s = s.replace(&format!(" {p}"), p).replace(&format!("{p} "), p);
    }
    s
}

/// name -> normalized prototype of every `upc_*` and `upccoll_*` function declared in the
/// header.
fn declarations(src: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for decl in clean(src).split(';') {
        let d = decl.trim();
        if d.starts_with("typedef") || d.contains('{') || d.contains('}') {
            continue;
        }
        let Some(open) = d.find('(') else { continue };
        let head = &d[..open];
        let name = head
            .rsplit(|c: char| !(c.is_alphanumeric() || c == '_'))
            .next()
            .unwrap_or("");
        let ours = name.starts_with("upc_") || name.starts_with("upccoll_");
        if !ours || d.starts_with("extern") {
            continue;
        }
        out.insert(name.to_string(), normalize(d));
    }
    out
}

#[test]
fn catalog_prototypes_match_the_headers() {
    let mut checked = 0;
    let headers: std::collections::BTreeSet<&str> = OPS
        .iter()
        .filter(|o| o.kind == OpKind::Function)
        .map(|o| o.header)
        .collect();
    for header in headers {
        let Some(src) = read(header) else { continue };
        let decls = declarations(&src);
        for op in OPS.iter().filter(|o| o.header == header) {
            // upc_all_sort is an extension some headers leave out.
            let Some(d) = decls.get(op.name) else {
                assert!(
                    op.name == "upc_all_sort" || op.name == "upc_local_alloc",
                    "{} is in the catalog but not declared in {header}",
                    op.name
                );
                continue;
            };
            assert_eq!(
                normalize(&op.prototype()),
                *d,
                "prototype of {} differs from {header}",
                op.name
            );
            checked += 1;
        }
        for name in decls.keys() {
            assert!(
                OPS.iter().any(|o| o.name == name),
                "{name} is declared in {header} but missing from the catalog"
            );
        }
    }
    assert!(checked > 0 || read("upc.h").is_none());
}

/// `#define NAME value` of a header, evaluated for the simple forms the UPC headers use.
fn defines(src: &str) -> BTreeMap<String, u64> {
    let mut out = BTreeMap::new();
    for line in src.lines() {
        let l = line.trim();
        let Some(rest) = l.strip_prefix("#define ") else {
            continue;
        };
        let mut it = rest.splitn(2, char::is_whitespace);
        let name = it.next().unwrap_or("");
        let val = it.next().unwrap_or("").split("/*").next().unwrap().trim();
        let v: String = val
            .chars()
            .filter(|c| !matches!(c, '(' | ')' | ' '))
            .collect();
        let v = v.replace("UL", "").replace("(upc_handle_t)", "");
        let num = |s: &str| -> Option<u64> {
            s.strip_prefix("0x")
                .map_or_else(|| s.parse().ok(), |h| u64::from_str_radix(h, 16).ok())
        };
        let value = if let Some((a, b)) = v.split_once("<<") {
            num(a).zip(num(b)).map(|(a, b)| a << b)
        } else {
            num(&v)
        };
        if let Some(value) = value {
            out.insert(name.to_string(), value);
        }
    }
    out
}

#[test]
fn constants_match_the_headers() {
    let mut all = BTreeMap::new();
    for h in [
        "upc_types.h",
        "upc_collective.h",
        "upc_io.h",
        "upc_atomic.h",
        "upc_nb.h",
    ] {
        if let Some(src) = read(h) {
            all.extend(defines(&src));
        }
    }
    let tables: &[&[(&str, u64)]] = &[
        consts::SYNC_FLAGS,
        consts::OPS,
        consts::TYPES,
        consts::IO_FLAGS,
        consts::FCNTL_CMDS,
        consts::WHENCES,
        consts::ATOMIC_HINTS,
    ];
    let mut compared = 0;
    for table in tables {
        for (name, value) in *table {
            if let Some(h) = all.get(*name) {
                assert_eq!(h, value, "{name}: header says {h}, rules say {value}");
                compared += 1;
            }
        }
    }
    if let Some(h) = all.get("UPC_COMPLETE_HANDLE") {
        assert_eq!(*h, consts::UPC_COMPLETE_HANDLE);
    }
    assert!(compared > 0 || read("upc_types.h").is_none());
}
