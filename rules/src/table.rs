//! The user guide's table of checks, generated from the catalog.

use crate::OPS;

/// The marker lines that delimit the generated table in USERGUIDE.md.
pub const BEGIN: &str = "<!-- BEGIN GENERATED CHECKS -->";
pub const END: &str = "<!-- END GENERATED CHECKS -->";

/// The Markdown text between the markers (without them).
pub fn markdown() -> String {
    let mut s = String::new();
    s.push_str(&format!(
        "\n{} argument checks on {} operations (generated from the rules catalog; \
         do not edit by hand).\n\n",
        crate::check_count(),
        OPS.len()
    ));
    s.push_str("| operation | header | collective | single-valued arguments | rule |\n");
    s.push_str("|---|---|---|---|---|\n");
    for op in OPS {
        let mut svs: Vec<String> = op
            .args
            .iter()
            .filter(|a| a.single_valued)
            .map(|a| match a.same {
                crate::Same::Value => a.name.to_string(),
                crate::Same::SetHint { .. } => {
                    format!("{} (contents, with UPC_SET_HINT)", a.name)
                }
                _ => format!("{} (contents)", a.name),
            })
            .collect();
        let common: Vec<&str> = op
            .args
            .iter()
            .filter(|a| a.single_valued_common_fp)
            .map(|a| a.name)
            .collect();
        if !common.is_empty() {
            svs.push(format!("with a common file pointer: {}", common.join(", ")));
        }
        let svs = if svs.is_empty() {
            "-".to_string()
        } else {
            svs.join(", ")
        };
        let header = if op.header.is_empty() {
            "statement"
        } else {
            op.header
        };
        let coll = if op.collective { "yes" } else { "no" };
        if op.checks.is_empty() {
            s.push_str(&format!(
                "| `{}` | {} | {} | {} | - |\n",
                op.name, header, coll, svs
            ));
        }
        for (k, c) in op.checks.iter().enumerate() {
            let rule = c.rule(op).replace('|', "\\|");
            let sev = if c.is_warning() { " (warning)" } else { "" };
            if k == 0 {
                s.push_str(&format!(
                    "| `{}` | {} | {} | {} | {}{} |\n",
                    op.name, header, coll, svs, rule, sev
                ));
            } else {
                s.push_str(&format!("| | | | | {}{} |\n", rule, sev));
            }
        }
    }
    s.push('\n');
    s
}

/// Replace the text between the markers of `doc` with the generated table.
/// Returns None when the markers are missing.
pub fn splice(doc: &str) -> Option<String> {
    let b = doc.find(BEGIN)? + BEGIN.len();
    let e = doc[b..].find(END)? + b;
    Some(format!("{}{}{}", &doc[..b], markdown(), &doc[e..]))
}
