//! Line markers of preprocessed text: maps every line of the preprocessor's output back
//! to the user's file and line, and blanks the markers so the parser never sees them.
//!
//! `cc -E` writes markers of the form `# 12 "file.upc" 1 3`.  We keep the text's byte
//! offsets unchanged (markers become spaces) so that tree-sitter positions index both the
//! parsed text and this map.

/// Where a line of preprocessed text came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Origin {
    /// Index into [`LineMap::files`].
    pub file: usize,
    pub line: u32,
    /// The line comes from a system header (marker flag 3).
    pub system: bool,
}

pub struct LineMap {
    pub files: Vec<String>,
    /// One entry per line of the preprocessed text (0-based line index).
    pub lines: Vec<Origin>,
    /// The original marker text of each line that was a marker.
    pub markers: Vec<Option<String>>,
}

/// Parse `# 12 "name" flags` (or `#line 12 "name"`): (line, name, flags).
/// `text` (preprocessed, with line markers) with every marker of a file under `dir` flagged as
/// a system header's (flag 3), for the C compiler that compiles it.
pub fn mark_system_headers(text: &str, dir: &std::path::Path) -> String {
    let mut out = String::with_capacity(text.len() + 1024);
    for line in text.split_inclusive('\n') {
        let marked = line.starts_with('#')
            && parse_marker(line).is_some_and(|(_, name, flags)| {
                !flags.contains(&3) && std::path::Path::new(&name).starts_with(dir)
            });
        if marked {
            out.push_str(line.trim_end());
            out.push_str(" 3\n");
        } else {
            out.push_str(line);
        }
    }
    out
}

fn parse_marker(line: &str) -> Option<(u32, String, Vec<u32>)> {
    let rest = line.strip_prefix('#')?.trim_start();
    let rest = rest
        .strip_prefix("line")
        .map(str::trim_start)
        .unwrap_or(rest);
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    if digits.is_empty() {
        return None;
    }
    let n: u32 = digits.parse().ok()?;
    let rest = rest[digits.len()..].trim_start();
    let rest = rest.strip_prefix('"')?;
    let mut name = String::new();
    let mut chars = rest.chars();
    let mut closed = false;
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                if let Some(n) = chars.next() {
                    name.push(n);
                }
            }
            '"' => {
                closed = true;
                break;
            }
            _ => name.push(c),
        }
    }
    if !closed {
        return None;
    }
    let flags = chars
        .as_str()
        .split_whitespace()
        .filter_map(|f| f.parse().ok())
        .collect();
    Some((n, name, flags))
}

impl LineMap {
    /// Build the map from preprocessed text and blank the markers in place.
    pub fn build(text: &mut String, default_file: &str) -> LineMap {
        let mut files = vec![default_file.to_string()];
        let mut lines = Vec::new();
        let mut markers = Vec::new();
        let mut cur = Origin {
            file: 0,
            line: 1,
            system: false,
        };
        let mut out = String::with_capacity(text.len());
        for raw in text.split_inclusive('\n') {
            let body = raw.trim_end_matches('\n');
            if body.starts_with('#') {
                if let Some((n, name, flags)) = parse_marker(body) {
                    let idx = match files.iter().position(|f| *f == name) {
                        Some(i) => i,
                        None => {
                            files.push(name);
                            files.len() - 1
                        }
                    };
                    lines.push(cur.clone());
                    markers.push(Some(body.to_string()));
                    cur = Origin {
                        file: idx,
                        line: n,
                        system: flags.contains(&3),
                    };
                    out.extend(std::iter::repeat_n(' ', body.len()));
                    out.push_str(&raw[body.len()..]);
                    continue;
                }
            }
            lines.push(cur.clone());
            markers.push(None);
            cur.line += 1;
            out.push_str(raw);
        }
        *text = out;
        LineMap {
            files,
            lines,
            markers,
        }
    }

    /// Origin of a 0-based line of the preprocessed text.
    pub fn origin(&self, row: usize) -> Origin {
        self.lines
            .get(row)
            .cloned()
            .or_else(|| self.lines.last().cloned())
            .unwrap_or(Origin {
                file: 0,
                line: 1,
                system: false,
            })
    }

    pub fn file_name(&self, idx: usize) -> &str {
        &self.files[idx]
    }

    /// "file:line" of a 0-based row.
    pub fn location(&self, row: usize) -> (String, u32) {
        let o = self.origin(row);
        (self.files[o.file].clone(), o.line)
    }

    /// Put the markers back into lowered text whose lines align with the original.
    pub fn restore_markers(&self, lowered: &str) -> String {
        let mut out = String::with_capacity(lowered.len() + 1024);
        for (i, raw) in lowered.split_inclusive('\n').enumerate() {
            let body = raw.trim_end_matches('\n');
            match self.markers.get(i) {
                Some(Some(m)) if body.trim().is_empty() => {
                    out.push_str(m);
                    out.push_str(&raw[body.len()..]);
                }
                _ => out.push_str(raw),
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_are_blanked_and_mapped() {
        let mut t = String::from("# 1 \"a.upc\"\nint x;\n# 7 \"b.h\" 1 3\nint y;\nint z;\n");
        let len = t.len();
        let m = LineMap::build(&mut t, "a.upc");
        assert_eq!(t.len(), len);
        assert!(!t.contains('#'));
        assert_eq!(m.location(1), ("a.upc".into(), 1));
        assert_eq!(m.location(3), ("b.h".into(), 7));
        assert!(m.origin(4).system);
        assert_eq!(m.location(4), ("b.h".into(), 8));
        let back = m.restore_markers(&t);
        assert!(back.starts_with("# 1 \"a.upc\"\n"));
    }

    #[test]
    fn library_headers_are_marked_system() {
        let t = "# 1 \"a.upc\"\nint x;\n# 1 \"/inc/upc.h\" 1\nint y;\n# 9 \"/inc/upcr.h\"\n# 2 \"a.upc\" 2\n# 4 \"/usr/include/x.h\" 1 3 4\n";
        let m = mark_system_headers(t, std::path::Path::new("/inc"));
        assert_eq!(
            m,
            "# 1 \"a.upc\"\nint x;\n# 1 \"/inc/upc.h\" 1 3\nint y;\n# 9 \"/inc/upcr.h\" 3\n# 2 \"a.upc\" 2\n# 4 \"/usr/include/x.h\" 1 3 4\n"
        );
    }

    #[test]
    fn escaped_names() {
        assert_eq!(
            parse_marker("# 3 \"a\\\"b\" 2"),
            Some((3, "a\"b".into(), vec![2]))
        );
        assert_eq!(parse_marker("#pragma upc strict"), None);
    }
}
