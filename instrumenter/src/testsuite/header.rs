//! The `upc-check-test` header: what a test program says about its expected outcome.

use super::*;

/// Whether `kind` is a kind of finding of the report contract.
pub(super) fn known_kind(kind: &str) -> bool {
    rules::kinds::kind(kind).is_some()
}

/// Whether `kind` is a warning, not an error.
pub(super) fn is_warning_kind(kind: &str) -> bool {
    rules::kinds::kind(kind).is_some_and(|k| k.warning)
}

pub(super) const DEFAULT_TIMEOUT: u64 = 60;

/// The expected outcome of a test program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    Clean,
    Error(String),
}

/// One place where the finding may be reported: a line, optionally in a given file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loc {
    pub file: Option<String>,
    pub line: u32,
}

impl std::fmt::Display for Loc {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.file {
            Some(file) => write!(f, "{}:{}", file, self.line),
            None => write!(f, "{}", self.line),
        }
    }
}

/// The parsed `upc-check-test` header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub expect: Expect,
    /// Accepted locations of the finding (error tests); any one of them matches.
    pub lines: Vec<Loc>,
    pub threads: Vec<u32>,
    /// Whether the header names its thread counts (`threads:`); without it the program runs
    /// at 4 threads, or at any count `--threads` asks for.
    pub threads_given: bool,
    pub files: Vec<String>,
    pub env: Vec<(String, String)>,
    pub static_threads: bool,
    pub stdout: Option<String>,
    pub timeout: u64,
    /// Arguments the finding must name with these values: (name, value).
    pub values: Vec<(String, String)>,
    /// Texts the finding's message (headline, notes, arguments) must contain.
    pub report: Vec<String>,
    /// Extra compiler flags.
    pub flags: Vec<String>,
    /// `nodes: one`: the program needs every thread's data mapped (it casts another
    /// thread's shared data to a pointer-to-local, which UPC leaves undefined and which works
    /// only where the whole segment is mapped); not run over several nodes.
    pub one_node: bool,
}

/// Parses the header of a test program. `Ok(None)`: the file has no `upc-check-test`
/// header (a helper file). `Err`: a header that is present but malformed.
pub fn parse_header(src: &str) -> Result<Option<Header>> {
    let trimmed = src.trim_start();
    if !trimmed.starts_with("/*") {
        return Ok(None);
    }
    let end = match trimmed.find("*/") {
        Some(e) => e,
        None => return Ok(None),
    };
    let body = &trimmed[2..end];
    let mut lines = body.lines();
    let first = lines.next().unwrap_or("").trim();
    if first != "upc-check-test" {
        return Ok(None);
    }
    let mut expect = None;
    let mut locs = Vec::new();
    let mut threads = None;
    let mut files = Vec::new();
    let mut env = Vec::new();
    let mut static_threads = false;
    let mut stdout = None;
    let mut timeout = DEFAULT_TIMEOUT;
    let mut values = Vec::new();
    let mut report = Vec::new();
    let mut flags = Vec::new();
    let mut one_node = false;
    for raw in lines {
        let l = raw.trim();
        let l = l.strip_prefix('*').unwrap_or(l).trim();
        if l.is_empty() {
            continue;
        }
        let (key, value) = l
            .split_once(':')
            .ok_or_else(|| anyhow!("header line without `key: value`: `{}`", l))?;
        let value = value.trim();
        match key.trim() {
            "expect" => {
                if value == "clean" {
                    expect = Some(Expect::Clean);
                } else if known_kind(value) {
                    expect = Some(Expect::Error(value.to_string()));
                } else {
                    bail!("unknown error kind `{}` in `expect:`", value);
                }
            }
            "line" => {
                for item in value.split_whitespace() {
                    locs.push(parse_loc(item)?);
                }
            }
            "threads" => {
                let mut v = Vec::new();
                for item in value.split_whitespace() {
                    let n: u32 = item
                        .parse()
                        .map_err(|_| anyhow!("bad thread count `{}` in `threads:`", item))?;
                    if n == 0 {
                        bail!("thread count 0 in `threads:`");
                    }
                    v.push(n);
                }
                if v.is_empty() {
                    bail!("empty `threads:`");
                }
                threads = Some(v);
            }
            "files" => files.extend(value.split_whitespace().map(str::to_string)),
            "env" => {
                for item in value.split_whitespace() {
                    let (k, v) = item
                        .split_once('=')
                        .ok_or_else(|| anyhow!("`env:` entry `{}` is not NAME=VALUE", item))?;
                    env.push((k.to_string(), v.to_string()));
                }
            }
            "static" => {
                static_threads = match value {
                    "yes" | "true" => true,
                    "no" | "false" => false,
                    _ => bail!("`static:` must be yes or no, not `{}`", value),
                }
            }
            "stdout" => {
                if value.is_empty() {
                    bail!("empty `stdout:`");
                }
                stdout = Some(value.to_string());
            }
            "timeout" => {
                timeout = value
                    .parse()
                    .map_err(|_| anyhow!("bad `timeout:` value `{}`", value))?;
            }
            "value" => {
                let (name, v) = value
                    .split_once('=')
                    .map(|(n, v)| (n.trim(), v.trim()))
                    .filter(|(n, v)| !n.is_empty() && !v.is_empty())
                    .ok_or_else(|| anyhow!("`value:` must be `NAME = VALUE`, not `{}`", value))?;
                values.push((name.to_string(), v.to_string()));
            }
            "report" => {
                if value.is_empty() {
                    bail!("empty `report:`");
                }
                report.push(value.to_string());
            }
            "flags" => flags.extend(value.split_whitespace().map(str::to_string)),
            "nodes" => {
                one_node = match value {
                    "one" => true,
                    "any" => false,
                    _ => bail!("`nodes:` must be one or any, not `{}`", value),
                }
            }
            other => bail!("unknown header field `{}`", other),
        }
    }
    let expect = expect.ok_or_else(|| anyhow!("header has no `expect:` line"))?;
    match &expect {
        Expect::Error(_) if locs.is_empty() => bail!("error test without `line:`"),
        Expect::Clean if !locs.is_empty() => bail!("clean test with a `line:`"),
        Expect::Clean if !values.is_empty() || !report.is_empty() => {
            bail!("clean test with a `value:` or `report:`")
        }
        _ => {}
    }
    Ok(Some(Header {
        expect,
        lines: locs,
        threads_given: threads.is_some(),
        threads: threads.unwrap_or_else(|| vec![4]),
        files,
        env,
        static_threads,
        stdout,
        timeout,
        values,
        report,
        flags,
        one_node,
    }))
}

pub(super) fn parse_loc(item: &str) -> Result<Loc> {
    let (file, line) = match item.rsplit_once(':') {
        Some((f, l)) => (Some(f.to_string()), l),
        None => (None, item),
    };
    let line: u32 = line
        .parse()
        .map_err(|_| anyhow!("bad line `{}` in `line:`", item))?;
    if line == 0 {
        bail!("line 0 in `line:`");
    }
    Ok(Loc { file, line })
}

/// `{THREADS}` and `{THREADS*K}` in a header text, for a run with `threads` threads.
pub(super) fn substitute(text: &str, threads: u32) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("{THREADS") {
        out.push_str(&rest[..at]);
        let tail = &rest[at + "{THREADS".len()..];
        let factor = tail
            .strip_prefix('*')
            .and_then(|t| t.split_once('}'))
            .and_then(|(k, after)| Some((k.trim().parse::<u64>().ok()?, after)));
        match (tail.strip_prefix('}'), factor) {
            (Some(after), _) => {
                out.push_str(&threads.to_string());
                rest = after;
            }
            (None, Some((k, after))) => {
                out.push_str(&(k * threads as u64).to_string());
                rest = after;
            }
            _ => {
                out.push_str("{THREADS");
                rest = tail;
            }
        }
    }
    out.push_str(rest);
    out
}
