//! JUnit XML output for CI.

use super::*;

pub(super) fn xml_escape(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' => {}
            c => o.push(c),
        }
    }
    o
}

/// JUnit XML: one `<testsuite>` per category, one `<testcase>` per test and thread count.
pub(super) fn junit_xml(results: &[TestResult]) -> String {
    let mut cats: BTreeMap<&str, Vec<&TestResult>> = BTreeMap::new();
    for r in results {
        cats.entry(r.case.category.as_str()).or_default().push(r);
    }
    let mut x = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"upc-check\">\n",
    );
    for (cat, rs) in cats {
        let runs: Vec<(&TestResult, &RunResult)> = rs
            .iter()
            .flat_map(|r| r.runs.iter().map(move |x| (*r, x)))
            .collect();
        let failures = runs.iter().filter(|(_, x)| x.failure.is_some()).count();
        let time: f64 = runs.iter().map(|(_, x)| x.seconds).sum();
        let skipped: usize = rs.iter().map(|r| r.case.skipped.len()).sum();
        let _ = writeln!(
            x,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\" time=\"{:.3}\">",
            xml_escape(cat),
            runs.len() + skipped,
            failures,
            skipped,
            time
        );
        for (r, run) in runs {
            let _ = write!(
                x,
                "    <testcase classname=\"{}\" name=\"{} [T={}]\" time=\"{:.3}\"",
                xml_escape(cat),
                xml_escape(&r.case.name),
                run.threads,
                run.seconds
            );
            match &run.failure {
                None => x.push_str("/>\n"),
                Some(f) => {
                    let _ = writeln!(
                        x,
                        ">\n      <failure type=\"{}\" message=\"{}\"/>\n    </testcase>",
                        f.class,
                        xml_escape(&f.detail)
                    );
                }
            }
        }
        for r in &rs {
            for t in &r.case.skipped {
                let _ = writeln!(
                    x,
                    "    <testcase classname=\"{}\" name=\"{} [T={}]\" time=\"0\">\n      <skipped message=\"{}\"/>\n    </testcase>",
                    xml_escape(cat),
                    xml_escape(&r.case.name),
                    t,
                    xml_escape(&r.case.skip_why)
                );
            }
        }
        x.push_str("  </testsuite>\n");
    }
    x.push_str("</testsuites>\n");
    x
}
