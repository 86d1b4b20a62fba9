//! The C compiler's messages about the generated C, told in the columns of the user's lines.
//!
//! The translator keeps every line where it was (`linemap.rs`), so the compiler's line numbers
//! are the user's; but on a line where it replaced or inserted code the columns are those of the
//! generated line. `remap` aligns the tokens of the generated line with those of the
//! preprocessed line it came from (a longest common subsequence) and moves each
//! `file:line:col:` to the column of the matching user token, and the caret line under the
//! quoted source with it. A token of inserted code takes the column of the nearest user token
//! after it (the one the inserted code wraps), or before it at the end of the line.

use crate::linemap::LineMap;

/// Tokens of one line: (byte offset, text). Identifiers and numbers, string and character
/// literals, and every other non-blank character on its own.
fn tokens(s: &str) -> Vec<(usize, &str)> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let start = i;
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80 {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] >= 0x80) {
                i += 1;
            }
        } else if c == b'"' || c == b'\'' {
            i += 1;
            while i < b.len() && b[i] != c {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(b.len());
        } else {
            i += 1;
        }
        out.push((start, &s[start..i]));
    }
    out
}

/// For every token of `gen`, the index of the token of `user` it is aligned with.
fn align(user: &[(usize, &str)], gen: &[(usize, &str)]) -> Option<Vec<Option<usize>>> {
    let (n, m) = (user.len(), gen.len());
    if n.saturating_mul(m) > 4_000_000 {
        return None;
    }
    // lcs[i][j]: LCS length of user[i..] and gen[j..]
    let w = m + 1;
    let mut lcs = vec![0u32; (n + 1) * w];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i * w + j] = if user[i].1 == gen[j].1 {
                lcs[(i + 1) * w + j + 1] + 1
            } else {
                lcs[(i + 1) * w + j].max(lcs[i * w + j + 1])
            };
        }
    }
    let mut map = vec![None; m];
    let (mut i, mut j) = (0, 0);
    while i < n && j < m {
        if user[i].1 == gen[j].1 && lcs[i * w + j] == lcs[(i + 1) * w + j + 1] + 1 {
            map[j] = Some(i);
            i += 1;
            j += 1;
        } else if lcs[(i + 1) * w + j] >= lcs[i * w + j + 1] {
            i += 1;
        } else {
            j += 1;
        }
    }
    Some(map)
}

/// The 1-based column of `user` that generated column `col` (1-based, bytes) stands for, and
/// the length of the token there.
pub fn user_column(user: &str, gen: &str, col: usize) -> Option<(usize, usize)> {
    let ut = tokens(user);
    let gt = tokens(gen);
    let map = align(&ut, &gt)?;
    let c = col.checked_sub(1)?;
    // the token at the column, or the first one after it
    let k = gt.iter().position(|&(s, t)| c < s + t.len())?;
    let at = |j: usize, off: usize| {
        map[j].map(|i| {
            let (s, t) = ut[i];
            (s + off.min(t.len().saturating_sub(1)) + 1, t.len())
        })
    };
    let off = c.saturating_sub(gt[k].0);
    if let Some(r) = at(k, off) {
        return Some(r);
    }
    // inserted code stands for the user's text between the aligned tokens around it: its
    // first non-blank character
    let next = (k + 1..gt.len()).find_map(|j| map[j]);
    if let Some(i) = (0..k).rev().find_map(|j| map[j]) {
        let end = ut[i].0 + ut[i].1.len();
        let limit = next.map_or(user.len(), |n| ut[n].0);
        if let Some(p) = user[end..limit].find(|ch: char| !ch.is_whitespace()) {
            let tok = ut.iter().find(|t| t.0 == end + p).map_or(1, |t| t.1.len());
            return Some((end + p + 1, tok));
        }
    }
    (k + 1..gt.len())
        .find_map(|j| at(j, 0))
        .or_else(|| (0..k).rev().find_map(|j| at(j, 0)))
}

/// `stderr` of the C compiler with the columns of the user's lines. `pre` is the preprocessed
/// text (with its line markers) and `gen` the generated C, line for line.
pub fn remap(stderr: &str, pre: &str, gen: &str) -> String {
    if !stderr.contains(": ") {
        return stderr.to_string();
    }
    let mut blank = pre.to_string();
    let map = LineMap::build(&mut blank, "");
    let pre_lines: Vec<&str> = pre.lines().collect();
    let gen_lines: Vec<&str> = gen.lines().collect();
    // (file, line) -> the first row of the preprocessed text that comes from it
    let mut rows = std::collections::HashMap::new();
    for (r, l) in pre_lines.iter().enumerate() {
        if !l.starts_with('#') {
            rows.entry(map.location(r)).or_insert(r);
        }
    }
    let row_of = |file: &str, line: u32| rows.get(&(file.to_string(), line)).copied();
    let mut files: std::collections::HashMap<String, Option<String>> = Default::default();
    let mut source = |file: &str, line: u32| {
        let text = files
            .entry(file.to_string())
            .or_insert_with(|| std::fs::read_to_string(file).ok());
        text.as_deref()?
            .lines()
            .nth((line as usize).checked_sub(1)?)
            .map(str::to_string)
    };
    let mut out = String::with_capacity(stderr.len());
    // after a moved message: the user's line and the generated one, for its caret lines
    let mut ctx: Option<(String, String, bool)> = None;
    for line in stderr.split_inclusive('\n') {
        let body = line.trim_end_matches('\n');
        if let Some((user, gen, quoted)) = &mut ctx {
            match gutter(body) {
                // gcc: the quoted line (the user's, read from the file), then marks
                Some((prefix, rest, false)) => {
                    out.push_str(prefix);
                    out.push_str(&move_marks(rest, |c| user_column(user, gen, c)));
                    out.push_str(&line[body.len()..]);
                    continue;
                }
                Some((_, _, true)) => {
                    out.push_str(line);
                    continue;
                }
                // clang: the quoted generated line, then marks and fix-its without a gutter
                None if !*quoted && body == gen.as_str() => {
                    *quoted = true;
                    out.push_str(user);
                    out.push_str(&line[body.len()..]);
                    continue;
                }
                None if *quoted && !is_location(body) && !body.ends_with(" generated.") => {
                    out.push_str(&move_marks(body, |c| user_column(user, gen, c)));
                    out.push_str(&line[body.len()..]);
                    continue;
                }
                None => ctx = None,
            }
        }
        match remap_location(body, &row_of, &mut source, &pre_lines, &gen_lines) {
            Some((text, user, gen)) => {
                out.push_str(&text);
                out.push_str(&line[body.len()..]);
                ctx = Some((user, gen, false));
            }
            None => out.push_str(line),
        }
    }
    out.replace("\u{2018}upcr_user_main\u{2019}", "\u{2018}main\u{2019}")
        .replace("'upcr_user_main'", "'main'")
}

/// `file:line:col: ...` or `file:line: ...`, the start of a message.
fn is_location(body: &str) -> bool {
    let mut parts = body.splitn(3, ':');
    let file = parts.next().unwrap_or("");
    !file.is_empty()
        && !file.starts_with(' ')
        && parts
            .next()
            .is_some_and(|l| !l.is_empty() && l.chars().all(|c| c.is_ascii_digit()))
}

/// A line of the compiler's source quotation: (gutter with its `| `, the rest, whether the
/// gutter holds a line number, i.e. the line is quoted source).
fn gutter(body: &str) -> Option<(&str, &str, bool)> {
    if body.contains('\x1b') {
        return None;
    }
    let bar = body.find(" |")?;
    let num = body[..bar].trim();
    if !num.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let cut = (bar + 3).min(body.len());
    Some((&body[..cut], &body[cut..], !num.is_empty()))
}

/// A caret or label line under a quoted generated line, its marks moved to the user's
/// columns: every run of non-blank characters goes to where its first and last columns map.
fn move_marks(rest: &str, map: impl Fn(usize) -> Option<(usize, usize)>) -> String {
    let b = rest.as_bytes();
    let mut runs = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b' ' {
            i += 1;
            continue;
        }
        let s = i;
        while i < b.len() && b[i] != b' ' {
            i += 1;
        }
        runs.push((s, &rest[s..i]));
    }
    let mut out = String::new();
    for (s, text) in runs {
        let Some((col, _)) = map(s + 1) else {
            return rest.to_string();
        };
        let mut text = text.to_string();
        if text.starts_with('^') || text.starts_with('~') {
            // a range: from where its start maps to where its end maps
            let end = map(s + text.len()).map(|(c, _)| c).unwrap_or(col);
            let len = if end >= col { end - col + 1 } else { 1 };
            let mut marks = vec![b'~'; len];
            if let Some(q) = text.find('^') {
                let caret = map(s + q + 1).map_or(col, |(c, _)| c);
                if caret >= col && caret - col < len {
                    marks[caret - col] = b'^';
                }
            }
            text = String::from_utf8(marks).unwrap_or_default();
        }
        let at = col - 1;
        if out.len() < at {
            out.push_str(&" ".repeat(at - out.len()));
        } else if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&text);
    }
    out
}

/// A `file:line:col: ...` message line with the user's column.
fn remap_location(
    body: &str,
    row_of: &dyn Fn(&str, u32) -> Option<usize>,
    source: &mut dyn FnMut(&str, u32) -> Option<String>,
    pre_lines: &[&str],
    gen_lines: &[&str],
) -> Option<(String, String, String)> {
    // file:line:col: kind
    let mut parts = body.splitn(4, ':');
    let file = parts.next()?;
    let line: u32 = parts.next()?.parse().ok()?;
    let col_text = parts.next()?;
    let col: usize = col_text.parse().ok()?;
    let rest = parts.next()?;
    if !rest.starts_with(' ') || file.is_empty() {
        return None;
    }
    let row = row_of(file, line)?;
    let (pre, gen) = (*pre_lines.get(row)?, *gen_lines.get(row)?);
    if pre == gen {
        return None;
    }
    // the line as the user wrote it (macros not expanded), else as preprocessed
    let text = source(file, line);
    let user = text.as_deref().unwrap_or(pre);
    let (new, _) = user_column(user, gen, col)?;
    Some((
        format!("{file}:{line}:{new}:{rest}"),
        user.to_string(),
        gen.to_string(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_follow_the_user_tokens() {
        let user = "    a[MYTHREAD] = 1; x = undefined_var + 1;";
        let gen = "    *(volatile int *)upcr_elem_local(a_off, (+upcr_mythread), 4, 1) = 1; x = undefined_var + 1;";
        let col = gen.find("undefined_var").unwrap() + 1;
        assert_eq!(
            user_column(user, gen, col),
            Some((user.find("undefined_var").unwrap() + 1, 13))
        );
        // inside inserted code: the next user token
        let inserted = gen.find("upcr_elem_local").unwrap() + 1;
        let (c, _) = user_column(user, gen, inserted).unwrap();
        assert!(c <= user.find('=').unwrap() + 1, "{c}");
    }

    #[test]
    fn messages_and_carets_move() {
        let pre =
            "# 1 \"t.upc\"\nint main(void) {\n    a[MYTHREAD] = 1; x = undefined_var + 1;\n}\n";
        let gen = "# 1 \"t.upc\"\nint main(void) {\n    *(volatile int *)upcr_elem_local(a_off, (+upcr_mythread), 4, 1) = 1; x = undefined_var + 1;\n}\n";
        let g = gen.lines().nth(2).unwrap().find("undefined_var").unwrap() + 1;
        let stderr = format!(
            "t.upc: In function \u{2018}upcr_user_main\u{2019}:\nt.upc:2:{g}: error: \u{2018}undefined_var\u{2019} undeclared\n    2 |     a[MYTHREAD] = 1; x = undefined_var + 1;\n      | {}^~~~~~~~~~~~\n",
            " ".repeat(g - 1)
        );
        let out = remap(&stderr, pre, gen);
        assert_eq!(
            out,
            "t.upc: In function \u{2018}main\u{2019}:\nt.upc:2:26: error: \u{2018}undefined_var\u{2019} undeclared\n    2 |     a[MYTHREAD] = 1; x = undefined_var + 1;\n      |                          ^~~~~~~~~~~~\n"
        );
    }

    #[test]
    fn clang_quotes_get_the_user_line() {
        let pre = "# 1 \"t.upc\"\n    a[MYTHREAD] = 1; x = undefined_var + 1;\n";
        let gen = "# 1 \"t.upc\"\n    *(volatile int *)upcr_elem_local(a_off, 0, 4, 1) = 1; x = undefined_var + 1;\n";
        let g = gen.lines().nth(1).unwrap();
        let c = g.find("undefined_var").unwrap() + 1;
        let stderr = format!(
            "t.upc:1:{c}: error: use of undeclared identifier 'undefined_var'\n{g}\n{}^\n1 error generated.\n",
            " ".repeat(c - 1)
        );
        assert_eq!(
            remap(&stderr, pre, gen),
            "t.upc:1:26: error: use of undeclared identifier 'undefined_var'\n    a[MYTHREAD] = 1; x = undefined_var + 1;\n                         ^\n1 error generated.\n"
        );
    }
}
