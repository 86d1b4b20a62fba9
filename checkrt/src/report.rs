//! Reports: what the checker tells the user, on stderr in the style of rustc's diagnostics
//! and in the JSON report (`UPCCHECK_REPORT=path`) for CI.
//!
//! Every finding gives the kind of error, the operation, file, line (with the source line
//! and a caret), the thread, the offending arguments (source text, value, rule, where the
//! variables were declared) and, for deadlocks, the status of every thread ("waiting at
//! upc_barrier : line 12 : file a.upc", "reached end of execution through : line 40 :
//! file a.upc", "executing").  One reporter at a time (a lock in the segment), so messages
//! never interleave.  After an error, the job ends (status 3) unless
//! UPCCHECK_STOP_ON_ERROR=FALSE; errors after which the program would block forever
//! (deadlocks, split-barrier misuse, barrier-value mismatches) end the job in every case.
//! Warnings never stop the program.
//!
//! Where a finding involves two threads, the location reported is deterministic: for a
//! thread that finished while another waits, the collective the other waits at; otherwise
//! the operation of the lower-numbered thread.

use std::fmt::Write as _;
use std::sync::atomic::Ordering;

use colored::Colorize;
use rules::report;

use crate::config::ReportFormat;
use crate::ffi::Site;
use crate::state::{self, GLOBAL, MAX_FRAMES};

/// The error kinds of the report contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    CollectiveMismatch,
    SingleValuedMismatch,
    BarrierValueMismatch,
    FinishedWhileWaiting,
    SplitBarrier,
    LockRelock,
    LockNotHeld,
    LockCycle,
    LockChainFinished,
    LockChainCollective,
    LockHeldInCollective,
    Livelock,
    LockHeldAtEnd,
    InvalidArgument,
    QuestionableArgument,
    ForallCollective,
    ForallEscape,
    ForallNotSingleValued,
    ThreadKilled,
    NullPointerToShared,
    TeamDeadlock,
    TeamSplitKeys,
    HandleNotCompleted,
    BufferInFlight,
    DataRace,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::ThreadKilled => "thread-killed",
            Kind::NullPointerToShared => "null-pointer-to-shared",
            Kind::TeamDeadlock => "team-deadlock",
            Kind::TeamSplitKeys => "team-split-keys",
            Kind::HandleNotCompleted => "handle-not-completed",
            Kind::BufferInFlight => "buffer-in-flight",
            Kind::DataRace => "data-race",
            Kind::CollectiveMismatch => "collective-mismatch",
            Kind::SingleValuedMismatch => "single-valued-mismatch",
            Kind::BarrierValueMismatch => "barrier-value-mismatch",
            Kind::FinishedWhileWaiting => "finished-while-waiting",
            Kind::SplitBarrier => "split-barrier",
            Kind::LockRelock => "lock-relock",
            Kind::LockNotHeld => "lock-not-held",
            Kind::LockCycle => "lock-cycle",
            Kind::LockChainFinished => "lock-chain-finished",
            Kind::LockChainCollective => "lock-chain-collective",
            Kind::LockHeldInCollective => "lock-held-in-collective",
            Kind::Livelock => "livelock",
            Kind::LockHeldAtEnd => "lock-held-at-end",
            Kind::InvalidArgument => "invalid-argument",
            Kind::QuestionableArgument => "questionable-argument",
            Kind::ForallCollective => "forall-collective",
            Kind::ForallEscape => "forall-escape",
            Kind::ForallNotSingleValued => "forall-not-single-valued",
        }
    }

    pub fn is_warning(self) -> bool {
        matches!(
            self,
            Kind::Livelock | Kind::LockHeldAtEnd | Kind::QuestionableArgument
        )
    }

    /// Every kind, in declaration order (`Kind::ALL[k as usize] == k`).
    pub const ALL: [Kind; 25] = [
        Kind::CollectiveMismatch,
        Kind::SingleValuedMismatch,
        Kind::BarrierValueMismatch,
        Kind::FinishedWhileWaiting,
        Kind::SplitBarrier,
        Kind::LockRelock,
        Kind::LockNotHeld,
        Kind::LockCycle,
        Kind::LockChainFinished,
        Kind::LockChainCollective,
        Kind::LockHeldInCollective,
        Kind::Livelock,
        Kind::LockHeldAtEnd,
        Kind::InvalidArgument,
        Kind::QuestionableArgument,
        Kind::ForallCollective,
        Kind::ForallEscape,
        Kind::ForallNotSingleValued,
        Kind::ThreadKilled,
        Kind::NullPointerToShared,
        Kind::TeamDeadlock,
        Kind::TeamSplitKeys,
        Kind::HandleNotCompleted,
        Kind::BufferInFlight,
        Kind::DataRace,
    ];

    /// After this error the program would block forever: the job ends even with
    /// UPCCHECK_STOP_ON_ERROR=FALSE.
    pub fn blocks(self) -> bool {
        matches!(
            self,
            Kind::CollectiveMismatch
                | Kind::FinishedWhileWaiting
                | Kind::BarrierValueMismatch
                | Kind::SplitBarrier
                | Kind::LockCycle
                | Kind::LockChainFinished
                | Kind::LockChainCollective
                | Kind::LockHeldInCollective
                | Kind::TeamDeadlock
                | Kind::TeamSplitKeys
        )
    }

    /// The report shows where every thread is.
    pub fn shows_status(self) -> bool {
        self.blocks()
            || matches!(
                self,
                Kind::SingleValuedMismatch
                    | Kind::ForallNotSingleValued
                    | Kind::Livelock
                    | Kind::ThreadKilled
                    | Kind::NullPointerToShared
            )
    }
}

/// One argument in a finding.
#[derive(Clone, Debug, Default)]
pub struct ArgNote {
    pub index: usize,
    pub name: String,
    pub text: String,
    pub value: String,
    pub decl: String,
    pub rule: String,
}

/// Another line of the program that explains a finding (where the object was freed, the
/// lock allocated, the file opened, the unmatched upc_notify, ...), with the sentence that
/// cites it.  Shown after the notes; in the JSON report under `related`.
#[derive(Clone, Debug)]
pub struct Related {
    pub text: String,
    pub file: String,
    pub line: u32,
}

impl Related {
    pub fn new(text: impl Into<String>, site: &Site) -> Self {
        Related {
            text: text.into(),
            file: site.file().to_string(),
            line: site.line.max(0) as u32,
        }
    }
}

/// One finding.
#[derive(Clone, Debug)]
pub struct Finding {
    pub kind: Kind,
    /// The thread the finding is about.
    pub thread: usize,
    /// Where (the operation's call site).
    pub site: Option<&'static Site>,
    /// The operation's name.
    pub op: String,
    /// One-line summary.
    pub message: String,
    /// Further facts, one per line.
    pub notes: Vec<String>,
    /// Other lines that explain it.
    pub related: Vec<Related>,
    pub args: Vec<ArgNote>,
    /// A warning after which no thread can go on (a livelock whose lock chain ends where
    /// nothing can move): it ends the job like a blocking error.
    pub ends_job: bool,
    /// Where, for a finding without a call site (a thread killed by a signal): the file and
    /// line of the faulting instruction.
    pub place: Option<(String, u32)>,
}

impl Finding {
    pub fn new(
        kind: Kind,
        thread: usize,
        site: Option<&'static Site>,
        op: &str,
        message: String,
    ) -> Self {
        Finding {
            kind,
            thread,
            site,
            op: op.to_string(),
            message,
            notes: Vec::new(),
            related: Vec::new(),
            args: Vec::new(),
            ends_job: false,
            place: None,
        }
    }
    pub fn note(mut self, n: impl Into<String>) -> Self {
        self.notes.push(n.into());
        self
    }
    /// Cite another line.
    pub fn related(mut self, text: impl Into<String>, site: &Site) -> Self {
        self.related.push(Related::new(text, site));
        self
    }
}

/// `file:line` of a site.
pub fn at(site: &Site) -> String {
    format!("{}:{}", site.file(), site.line)
}

/// A site from the address stored in a signature or a record.
pub fn site_of(addr: u64) -> Option<&'static Site> {
    // SAFETY: addresses of static upcc_site_t objects of this executable image (identical in
    // every forked thread) or 0.
    (addr != 0).then(|| unsafe { &*(addr as *const Site) })
}

/// Status of one thread, as text and for the report file.
fn thread_status(k: usize) -> (String, report::ThreadStatus) {
    let v = pgas::status::snapshot(k);
    use pgas::status::State;
    // where a thread executing user code is (a sample of its program counter)
    let running_at = (v.state == State::Running)
        .then(|| pgas::sample::executing_at(k))
        .flatten()
        .and_then(|p| p.into_iter().next());
    let file = v.file.clone().unwrap_or_else(|| "unknown".into());
    let (text, state) = match v.state {
        State::Waiting => (
            format!(
                "waiting at {} : line {} : file {}",
                v.op.as_deref().unwrap_or("unknown"),
                v.line,
                file
            ),
            "waiting",
        ),
        State::Finished | State::Exited => {
            if v.line == 0 {
                ("reached end of execution".to_string(), "finished")
            } else {
                (
                    format!(
                        "reached end of execution through : line {} : file {}",
                        v.line, file
                    ),
                    "finished",
                )
            }
        }
        State::Killed => (
            format!("killed by {}", pgas::job::signal_name(v.code)),
            "killed",
        ),
        // (another node's thread, in a report made from a signal handler)
        State::Unavailable => ("state not available here".to_string(), "unknown"),
        // (a conduit job: the process of a thread on this host is gone)
        State::Gone => (
            "ended without reaching the end of the program (its process is gone)".to_string(),
            "killed",
        ),
        State::Running | State::Starting => match &running_at {
            Some(p) => (format!("executing at {p}"), "running"),
            None => ("executing".to_string(), "running"),
        },
    };
    let mut j = report::ThreadStatus {
        thread: k as u64,
        state: state.to_string(),
        ..Default::default()
    };
    if let Some(p) = running_at {
        j.file = Some(p.file);
        j.line = Some(u64::from(p.line));
        j.function = Some(p.function);
    }
    if state == "waiting" || (state == "finished" && v.line != 0) {
        j.op = v.op.clone();
        j.file = Some(file);
        j.line = Some(u64::from(v.line));
    }
    (text, j)
}

/// Thread k's call stack (innermost first), when call-stack tracking is on: the functions it
/// is in and where each is defined (a frame records its function, not the line of its call).
fn call_stack(k: usize) -> Vec<String> {
    let frames: Vec<u64> = state::seen(state::home(k), &state::area(k).stack, |a| {
        let depth = a.depth.load(Ordering::Acquire) as usize;
        (0..depth.min(MAX_FRAMES))
            .rev()
            .map(|i| a.frames[i].load(Ordering::Acquire))
            .collect()
    });
    frames
        .into_iter()
        .filter_map(site_of)
        .map(|s| {
            format!(
                "in {} (defined at {})",
                if s.func().is_empty() { "?" } else { s.func() },
                at(s)
            )
        })
        .collect()
}

/// Render a finding as text (no colour codes when colour is off).
pub fn render(f: &Finding, threads: usize, with_stacks: bool) -> String {
    let sev = if f.kind.is_warning() {
        "warning"
    } else {
        "error"
    };
    let head = format!("{sev}[{}]", f.kind.name());
    let head = if f.kind.is_warning() {
        head.yellow().bold()
    } else {
        head.red().bold()
    };
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{head}{} {}",
        ":".bold(),
        format!("thread {}: {}", f.thread, f.message).bold()
    );
    let bar = "|".blue().bold();
    if let Some(site) = f.site {
        let line = site.line.to_string();
        let pad = " ".repeat(line.len());
        let col = if site.col > 0 {
            format!(":{}", site.col)
        } else {
            String::new()
        };
        let _ = writeln!(
            s,
            "{pad}{} {}:{}{col}",
            "-->".blue().bold(),
            site.file(),
            site.line
        );
        if let Some(src) = site.source_line() {
            let src = src.trim_end();
            let _ = writeln!(s, "{pad} {bar}");
            let _ = writeln!(s, "{} {bar} {src}", line.blue().bold());
            let start = (site.col.max(1) as usize - 1).min(src.len());
            let rest = &src[start..];
            let len = if !f.op.is_empty() && rest.starts_with(f.op.as_str()) {
                f.op.len()
            } else {
                1
            };
            let lead: String = src[..start]
                .chars()
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            let caret = "^".repeat(len);
            let caret = if f.kind.is_warning() {
                caret.yellow().bold()
            } else {
                caret.red().bold()
            };
            let _ = writeln!(s, "{pad} {bar} {lead}{caret}");
        }
        for n in f.notes.iter().chain(f.related.iter().map(|r| &r.text)) {
            let _ = writeln!(s, "{pad} {} {n}", "=".blue().bold());
        }
        for a in &f.args {
            let _ = writeln!(s, "{pad} {} {}", "=".blue().bold(), arg_text(a));
        }
    } else {
        for n in f.notes.iter().chain(f.related.iter().map(|r| &r.text)) {
            let _ = writeln!(s, "   {} {n}", "=".blue().bold());
        }
        for a in &f.args {
            let _ = writeln!(s, "   {} {}", "=".blue().bold(), arg_text(a));
        }
    }
    if f.kind.shows_status() {
        let _ = writeln!(
            s,
            "   {} {}",
            "=".blue().bold(),
            "status of threads:".bold()
        );
        for k in 0..threads {
            let (t, _) = thread_status(k);
            let _ = writeln!(s, "       thread {k}: {t}");
            if with_stacks {
                for c in call_stack(k) {
                    let _ = writeln!(s, "           {c}");
                }
            }
        }
    } else if with_stacks {
        let stack = call_stack(f.thread);
        if !stack.is_empty() {
            let _ = writeln!(
                s,
                "   {} call stack of thread {}:",
                "=".blue().bold(),
                f.thread
            );
            for c in stack {
                let _ = writeln!(s, "       {c}");
            }
        }
    }
    s
}

fn arg_text(a: &ArgNote) -> String {
    let mut t = format!("argument {} `{}`", a.index + 1, a.name);
    if !a.text.is_empty() {
        let _ = write!(t, ": `{}`", a.text);
    }
    if !a.value.is_empty() {
        let _ = write!(t, " is {}", a.value);
    }
    if !a.rule.is_empty() {
        let _ = write!(t, "\n     rule: {}", a.rule);
    }
    for d in a.decl.split(';').map(str::trim).filter(|d| !d.is_empty()) {
        match d.split_once(": ") {
            Some((var, loc)) => {
                let _ = write!(t, "\n     variable {var} was declared at {loc}");
            }
            None => {
                let _ = write!(t, "\n     declared: {d}");
            }
        }
    }
    t
}

/// A finding as the report file has it.
pub fn to_report(f: &Finding, threads: usize, with_stacks: bool) -> report::Finding {
    let (file, line) = match (f.site, &f.place) {
        (Some(s), _) => (s.file().to_string(), s.line.max(0) as u64),
        (None, Some((file, line))) => (file.clone(), u64::from(*line)),
        (None, None) => (String::new(), 0),
    };
    report::Finding {
        kind: f.kind.name().to_string(),
        severity: if f.kind.is_warning() {
            "warning"
        } else {
            "error"
        }
        .to_string(),
        op: f.op.clone(),
        file,
        line,
        column: f.site.map_or(0, |s| s.col.max(0) as u64),
        thread: f.thread as u64,
        message: f.message.clone(),
        args: f
            .args
            .iter()
            .map(|a| report::Arg {
                index: a.index as u64,
                name: a.name.clone(),
                text: a.text.clone(),
                value: a.value.clone(),
                decl: a.decl.clone(),
                rule: a.rule.clone(),
            })
            .collect(),
        related: f
            .related
            .iter()
            .map(|r| report::Related {
                message: r.text.clone(),
                file: r.file.clone(),
                line: u64::from(r.line),
            })
            .collect(),
        notes: f.notes.clone(),
        thread_status: if f.kind.shows_status() {
            (0..threads).map(|k| thread_status(k).1).collect()
        } else {
            Vec::new()
        },
        call_stack: if with_stacks {
            call_stack(f.thread)
        } else {
            Vec::new()
        },
        ..Default::default()
    }
}

/// One finding as a JSON object of the report file.
fn to_json_text(f: &Finding, threads: usize, with_stacks: bool) -> String {
    serde_json::to_string(&to_report(f, threads, with_stacks)).unwrap_or_default()
}

/// Add a finding to the JSON report only (the monitor, which printed its own message).
pub fn record_only(f: Finding, program: &str, threads: usize) {
    let Some(st) = state::get() else { return };
    let Some(path) = st.cfg.report.clone() else {
        return;
    };
    let _reporting = pgas::job::lock_reports();
    append_finding(&to_json_text(&f, threads, false));
    write_report(&path, program, threads);
}

/// Report a finding: print it, add it to the report file, end the job if it is an error
/// that stops the program.  Returns only if the program goes on.  A warning is printed
/// and recorded once per source site (and kind); later hits are only counted, and the end
/// of the run tells how many threads and calls raised it.
pub fn emit(f: Finding) {
    let Some(st) = state::get() else {
        eprint!("{}", render(&f, 1, false));
        return;
    };
    let cfg = &st.cfg;
    let threads = st.threads;
    let mut slot = None;
    if f.kind.is_warning() {
        if let Some(site) = f.site {
            let (s, first) = count_warning(warn_key(f.kind, site), st.me);
            if !first {
                return;
            }
            slot = s;
        }
    }
    let stop = f.ends_job || !f.kind.is_warning() && (cfg.stop_on_error || f.kind.blocks());
    let g = state::global();
    let reporting = pgas::job::lock_reports();
    if pgas::meta::word_load(&g.fatal, GLOBAL) != 0 || pgas::job::ending() {
        // another thread already reported the error that ends the job
        drop(reporting);
        if stop {
            pgas::job::abort_job(3);
        }
        return;
    }
    colored::control::set_override(cfg.color);
    if !f.kind.is_warning() || cfg.warnings {
        let mut text = render(&f, threads, cfg.callstack);
        if slot.is_some() {
            let _ = writeln!(
                text,
                "   {} shown once for this line; the end of the run tells how many threads and calls raised it",
                "=".blue().bold()
            );
        }
        if stop && cfg.stop_on_error {
            text.push_str("   = the job ends here (exit status 3)\n");
        } else if stop {
            text.push_str("   = the program cannot go on after this error: the job ends here (exit status 3)\n");
        }
        eprint!("{text}");
    }
    if let Some(path) = &cfg.report {
        let j = to_json_text(&f, threads, cfg.callstack);
        if let (Some(count), Some(s)) = (append_finding(&j), slot) {
            pgas::meta::word_store(&s.finding, GLOBAL, u64::from(count));
        }
        write_report(path, &st.program, threads);
    }
    if stop {
        pgas::meta::word_store(&g.fatal, GLOBAL, 1);
    }
    if !f.kind.is_warning() {
        pgas::meta::word_store(&g.errors, GLOBAL, 1);
    }
    drop(reporting);
    if stop {
        pgas::job::abort_job(3);
    }
}

/// The key of a warning site in the shared table: the kind and the site's address (the
/// same in every thread: they run one executable image).
fn warn_key(kind: Kind, site: &Site) -> u64 {
    (site as *const Site as u64) ^ ((kind as u64 + 1) << 56)
}

fn warn_key_parts(key: u64) -> (Option<Kind>, Option<&'static Site>) {
    let kind = ((key >> 56) as usize)
        .checked_sub(1)
        .and_then(|k| Kind::ALL.get(k).copied());
    (kind, site_of(key & ((1 << 56) - 1)))
}

thread_local! {
    /// Warning sites this thread has raised (to count distinct threads), with their entry
    /// in the shared table.
    static RAISED: std::cell::RefCell<std::collections::HashMap<u64, usize>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

/// Count one raise of the warning `key` by thread `me`: its entry in the shared table and
/// whether it is the first raise of the job (the one that is printed).  A full table
/// reports every raise of further sites.  The table is in the global area (thread 0's):
/// its words are changed by `pgas::meta`'s word operations, so through the conduit where
/// this thread does not map it; a site this thread raised before costs one operation.
fn count_warning(key: u64, me: usize) -> (Option<&'static state::WarnSite>, bool) {
    let g = state::global();
    if let Some(i) = RAISED.with(|r| r.borrow().get(&key).copied()) {
        let e = &g.warn_sites[i];
        pgas::meta::word_fetch_add(&e.calls, GLOBAL, 1);
        return (Some(e), false);
    }
    let start = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize % state::WARN_SITES;
    for k in 0..state::WARN_SITES {
        let i = (start + k) % state::WARN_SITES;
        let e = &g.warn_sites[i];
        let first = match pgas::meta::word_load(&e.key, GLOBAL) {
            cur if cur == key => false,
            0 => match pgas::meta::word_cas(&e.key, GLOBAL, 0, key) {
                Ok(_) => true,
                Err(cur) if cur == key => false,
                Err(_) => continue,
            },
            _ => continue,
        };
        pgas::meta::word_fetch_add(&e.calls, GLOBAL, 1);
        pgas::meta::word_fetch_add(&e.threads, GLOBAL, 1);
        if me < 64 {
            pgas::meta::word_fetch_or(&e.mask, GLOBAL, 1 << me);
        }
        RAISED.with(|r| r.borrow_mut().insert(key, i));
        return (Some(e), first);
    }
    (None, true)
}

/// How often a warning site was raised: calls, threads, the threads below 64 by number.
fn raised(e: &state::WarnSite) -> (u64, u32, Vec<usize>) {
    let mask = e.mask.load(Ordering::SeqCst);
    (
        e.calls.load(Ordering::SeqCst),
        e.threads.load(Ordering::SeqCst) as u32,
        (0..64).filter(|t| mask & (1 << t) != 0).collect(),
    )
}

/// The end-of-run line of a warning raised more than once.
fn repeat_line(kind: Kind, site: &Site, calls: u64, threads: u32, list: &[usize]) -> String {
    let op = site
        .op()
        .map(|o| format!("{} at ", o.name))
        .unwrap_or_default();
    let which = if list.is_empty() {
        String::new()
    } else {
        let shown: Vec<String> = list.iter().map(|t| t.to_string()).collect();
        let more = if (threads as usize) > list.len() {
            ", ..."
        } else {
            ""
        };
        format!(" ({}{more})", shown.join(", "))
    };
    format!(
        "{}: {op}{}: raised {calls} times by {threads} thread{}{which}; shown once above",
        format!("warning[{}]", kind.name()).yellow().bold(),
        at(site),
        if threads == 1 { "" } else { "s" }
    )
}

/// In the monitor, once every thread is gone: the count of every warning raised more than
/// once, and the final report file (counts included; SARIF with the exit status).  The job's
/// exit status: `status`, or 3 where it is 0 and an error was reported (a job that ran on
/// after its errors, `UPCCHECK_STOP_ON_ERROR=FALSE`).
pub fn job_end(status: i32) -> i32 {
    let Some(st) = state::get() else {
        return status;
    };
    if !pgas::segment::is_mapped() {
        return status;
    }
    let g = state::global();
    let status = if status == 0 && pgas::meta::word_load(&g.errors, GLOBAL) != 0 {
        3
    } else {
        status
    };
    colored::control::set_override(st.cfg.color);
    if st.cfg.warnings {
        let text = state::seen(GLOBAL, &g.warn_sites, |sites| {
            let mut text = String::new();
            for e in sites {
                let key = e.key.load(Ordering::SeqCst);
                if key == 0 {
                    continue;
                }
                let (calls, threads, list) = raised(e);
                if let ((Some(kind), Some(site)), true) = (warn_key_parts(key), calls > 1) {
                    text.push_str(&repeat_line(kind, site, calls, threads, &list));
                    text.push('\n');
                }
            }
            text
        });
        if !text.is_empty() {
            eprint!("{text}");
        }
    }
    if let Some(path) = &st.cfg.report {
        // every thread is gone: nobody else holds or takes the report lock now
        write_report_file(path, &st.program, pgas::segment::threads(), Some(status));
    }
    status
}

/// Add a finding's JSON to the shared buffer in the global area (under the report lock;
/// through the conduit where this thread does not map the global area); the number of
/// findings then, None when full.
fn append_finding(j: &str) -> Option<u32> {
    let g = state::global();
    let (len, count) = state::seen(GLOBAL, &g.head, |h| {
        (
            h.len.load(Ordering::SeqCst) as usize,
            h.count.load(Ordering::SeqCst),
        )
    });
    let sep = if len == 0 { 0 } else { 1 };
    if len + sep + j.len() > state::FINDINGS_CAP {
        return None;
    }
    let mut bytes = Vec::with_capacity(sep + j.len());
    if sep == 1 {
        bytes.push(b',');
    }
    bytes.extend_from_slice(j.as_bytes());
    // the findings buffer is only written under the report lock, which we hold
    // SAFETY: the findings buffer of the global area has room for the finding (checked above).
    unsafe {
        pgas::meta::write(
            GLOBAL,
            (g.findings.get() as *mut u8).wrapping_add(len),
            &bytes,
        )
    };
    let head = state::FindingsHead {
        len: ((len + bytes.len()) as u32).into(),
        count: (count + 1).into(),
    };
    state::put(GLOBAL, &g.head, &head);
    Some(count + 1)
}

/// The findings' JSON objects so far, comma-separated, appended to `out` (under the report
/// lock, or once every thread is gone).
fn findings_into(out: &mut Vec<u8>) {
    let g = state::global();
    let len = state::seen(GLOBAL, &g.head, |h| h.len.load(Ordering::SeqCst)) as usize;
    let at = out.len();
    out.resize(at + len.min(state::FINDINGS_CAP), 0);
    pgas::meta::read(GLOBAL, g.findings.get() as *const u8, &mut out[at..]);
}

/// (Re)write the report file with every finding so far (call under the report lock, or
/// before any thread can report).
pub fn write_report(path: &str, program: &str, threads: usize) {
    write_report_file(path, program, threads, None);
}

/// The findings so far, each with the counts of its warning site.
fn findings_with_counts() -> Vec<report::Finding> {
    let g = state::global();
    let mut text = vec![b'['];
    findings_into(&mut text);
    text.push(b']');
    let mut findings: Vec<report::Finding> = serde_json::from_slice(&text).unwrap_or_default();
    state::seen(GLOBAL, &g.warn_sites, |sites| {
        for e in sites {
            let idx = e.finding.load(Ordering::SeqCst) as usize;
            if e.key.load(Ordering::SeqCst) == 0 || idx == 0 {
                continue;
            }
            if let Some(f) = findings.get_mut(idx - 1) {
                let (calls, threads, list) = raised(e);
                f.calls = Some(calls);
                f.threads_hit = Some(u64::from(threads));
                f.thread_list = list.into_iter().map(|t| t as u64).collect();
            }
        }
    });
    findings
}

/// Write the report file in the configured format.  `status`: the job's exit status, at
/// the end of the run.
fn write_report_file(path: &str, program: &str, threads: usize, status: Option<i32>) {
    let format = state::get()
        .map(|s| s.cfg.format)
        .unwrap_or(ReportFormat::Json);
    let out: Vec<u8> = match (format, status) {
        (ReportFormat::Json, None) => {
            // while the job runs: the findings as they were appended (no parsing)
            let mut out = Vec::with_capacity(4096);
            out.extend_from_slice(
                format!(
                    "{{\"program\": {}, \"threads\": {}, \"errors\": [",
                    serde_json::to_string(program).unwrap_or_else(|_| "\"\"".into()),
                    threads
                )
                .as_bytes(),
            );
            findings_into(&mut out);
            out.extend_from_slice(b"]}\n");
            out
        }
        (ReportFormat::Json, Some(code)) => {
            let r = report::Report {
                program: program.to_string(),
                threads: threads as u64,
                exit_status: Some(code),
                errors: findings_with_counts(),
            };
            let mut text = serde_json::to_string(&r).unwrap_or_default();
            text.push('\n');
            text.into_bytes()
        }
        (ReportFormat::Sarif, _) => {
            let results = findings_with_counts()
                .iter()
                .map(|f| rules::sarif::result(f, &rules::sarif::Place::AS_IS))
                .collect();
            let log = rules::sarif::log(
                env!("CARGO_PKG_VERSION"),
                results,
                &rules::sarif::Invocation {
                    command_line: program,
                    successful: true,
                    notifications: Vec::new(),
                    base: None,
                    exit_code: status,
                },
            );
            let mut text = serde_json::to_string_pretty(&log).unwrap_or_default();
            text.push('\n');
            text.into_bytes()
        }
    };
    let tmp = format!("{path}.tmp{}", std::process::id());
    if std::fs::write(&tmp, &out)
        .and_then(|_| std::fs::rename(&tmp, path))
        .is_err()
    {
        let _ = std::fs::remove_file(&tmp);
        if std::fs::write(path, &out).is_err() {
            eprintln!("upc-check: cannot write the report file {path}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site() -> &'static Site {
        let s = Box::new(Site {
            file: c"ex1.upc".as_ptr(),
            line: 26,
            col: 5,
            op: 0,
            nargs: 0,
            arg_text: std::ptr::null(),
            arg_decl: std::ptr::null(),
            func: c"main".as_ptr(),
            source_line: c"    upc_all_broadcast(arrA, arrB, sizeof(int)*sh_val, 0);".as_ptr(),
        });
        Box::leak(s)
    }

    #[test]
    fn text_has_every_fact() {
        colored::control::set_override(false);
        let mut f = Finding::new(
            Kind::InvalidArgument,
            0,
            Some(site()),
            "upc_all_broadcast",
            "invalid argument to upc_all_broadcast".into(),
        );
        f.args.push(ArgNote {
            index: 2,
            name: "nbytes".into(),
            text: "sizeof(int)*sh_val".into(),
            value: "0".into(),
            decl: "sh_val: ex1.upc:10".into(),
            rule: "nbytes must be > 0".into(),
        });
        let t = render(&f, 4, false);
        assert!(
            t.starts_with("error[invalid-argument]: thread 0: invalid argument"),
            "{t}"
        );
        assert!(t.contains("--> ex1.upc:26:5"), "{t}");
        assert!(t.contains("26 |     upc_all_broadcast("), "{t}");
        assert!(
            t.contains("   |     ^^^^^^^^^^^^^^^^^\n"),
            "caret under the operation: {t}"
        );
        assert!(
            t.contains("argument 3 `nbytes`: `sizeof(int)*sh_val` is 0"),
            "{t}"
        );
        assert!(t.contains("rule: nbytes must be > 0"), "{t}");
        assert!(
            t.contains("variable sh_val was declared at ex1.upc:10"),
            "{t}"
        );
        assert!(!t.contains('\u{1b}'), "no colour codes when colour is off");
    }

    #[test]
    fn json_fields() {
        let f = Finding::new(
            Kind::Livelock,
            1,
            Some(site()),
            "upc_lock_attempt",
            "m".into(),
        );
        let not_held = Finding {
            kind: Kind::LockNotHeld,
            ..f.clone()
        };
        let j = to_report(&not_held, 2, false);
        assert_eq!(j.kind, "lock-not-held");
        assert_eq!(j.severity, "error");
        assert_eq!(j.line, 26);
        assert_eq!(j.file, "ex1.upc");
        assert_eq!(j.thread, 1);
        assert!(j.thread_status.is_empty());
        let text = to_json_text(&not_held, 2, false);
        assert!(!text.contains("thread_status"), "{text}");
        assert!(Kind::Livelock.is_warning() && !Kind::Livelock.blocks());
    }

    #[test]
    fn related_lines_are_in_the_text_the_json_and_sarif() {
        colored::control::set_override(false);
        let freed = Box::leak(Box::new(Site {
            line: 12,
            source_line: std::ptr::null(),
            ..*site()
        }));
        let f = Finding::new(
            Kind::InvalidArgument,
            0,
            Some(site()),
            "upc_all_broadcast",
            "invalid argument".into(),
        )
        .related(
            "the memory was freed at ex1.upc:12 by upc_free on thread 1",
            freed,
        );
        let t = render(&f, 2, false);
        assert!(
            t.contains("= the memory was freed at ex1.upc:12 by upc_free on thread 1\n"),
            "{t}"
        );
        let j = to_report(&f, 2, false);
        assert_eq!(j.related[0].file, "ex1.upc");
        assert_eq!(j.related[0].line, 12);
        assert!(j.related[0].message.contains("by upc_free on thread 1"));
        let r = rules::sarif::result(&j, &rules::sarif::Place::AS_IS);
        let rel = r["relatedLocations"].as_array().expect("related locations");
        assert_eq!(rel[0]["physicalLocation"]["region"]["startLine"], 12, "{r}");
        assert!(rules::sarif::message_text(&j).contains("freed at ex1.upc:12"));
    }

    #[test]
    fn kinds_are_the_catalog_kinds() {
        assert_eq!(Kind::ALL.len(), rules::kinds::KINDS.len());
        for (i, k) in Kind::ALL.iter().enumerate() {
            assert_eq!(*k as usize, i, "Kind::ALL is in declaration order");
            let info = rules::kinds::kind(k.name())
                .unwrap_or_else(|| panic!("{} is not in rules::kinds", k.name()));
            assert_eq!(info.warning, k.is_warning(), "{}", k.name());
        }
    }

    #[test]
    fn a_warning_site_key_gives_back_its_kind_and_site() {
        let s = site();
        for k in Kind::ALL {
            let (kind, back) = warn_key_parts(warn_key(k, s));
            assert_eq!(kind, Some(k));
            assert!(std::ptr::eq(back.unwrap(), s));
        }
        assert_ne!(
            warn_key(Kind::Livelock, s),
            warn_key(Kind::LockHeldAtEnd, s)
        );
    }

    #[test]
    fn the_end_of_run_line_counts_threads_and_calls() {
        colored::control::set_override(false);
        let l = repeat_line(Kind::QuestionableArgument, site(), 40, 4, &[0, 1, 2, 3]);
        assert_eq!(
            l,
            "warning[questionable-argument]: upc_barrier at ex1.upc:26: raised 40 times by 4 threads (0, 1, 2, 3); shown once above"
        );
        let l = repeat_line(Kind::Livelock, site(), 70, 70, &(0..64).collect::<Vec<_>>());
        assert!(l.contains("raised 70 times by 70 threads (0, 1,"), "{l}");
        assert!(l.ends_with(", 63, ...); shown once above"), "{l}");
    }
}
