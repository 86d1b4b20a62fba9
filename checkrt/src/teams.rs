//! Checks of the Collectives 2.0 library (`<upc_collective2.h>`): teams and non-blocking
//! collectives.
//!
//! * Team arguments: a team this thread does not belong to, a freed team, a value that is
//!   no team handle.
//! * Handles: waited twice, tested after completion, never completed (at
//!   `upccoll_finalize` or at the end of the program).
//! * Buffer ownership: a collective or a `upc_mem*` call that writes into (or reads from the
//!   receive buffer of) a buffer owned by an in-flight non-blocking collective.
//! * Within a team (the runtime calls [`matched`] once a collective's peers have initiated
//!   it; each member compares its call with one peer's — its predecessor in the team, or
//!   the root — so the cost is O(1) per member): different collectives, different roots,
//!   counts, data types or operations, sizes that do not match; `upccoll_team_split` with
//!   a color and key given twice or keys that do not number a new team 0..size-1.
//! * Deadlocks only teams make possible ([`blocked`], called while a completion call
//!   waits): threads waiting in collectives of different teams for each other, or for a
//!   thread that ended, finalized the library or waits in an all-threads operation.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::atomic::Ordering::*;

use pgas::collectives::coll2::{
    self, dtype, engine::Call, engine::Range, shm::desc, shm::hdr, shm::Env, shm::DESC_WORDS,
    Blocked, CheckHooks, HandleState, Kind, Team,
};
use pgas::PShared;

use crate::ffi::{Site, Val};
use crate::report::{self, ArgNote, Finding};
use crate::state::Private;

type Desc = [u64; DESC_WORDS];

thread_local! {
    /// Where each team this thread freed was freed.
    static FREED_AT: RefCell<HashMap<u64, &'static Site>> = RefCell::new(HashMap::new());
    /// The last deadlock candidate seen by `blocked`: (thread, block generation) per node.
    static CANDIDATE: RefCell<Vec<(usize, u64)>> = const { RefCell::new(Vec::new()) };
}

fn register() {
    coll2::set_check_hooks(CheckHooks {
        blocked,
        matched,
        resumed,
    });
}

/// A team for messages: `UPC_TEAM_ALL` or `team 0x100000002 (threads 0, 2, 4)`.
fn team_text(env: &Env, uid: u64) -> String {
    if uid == 0 {
        return "UPC_TEAM_ALL".into();
    }
    match env.members_of(uid) {
        Some(m) => format!(
            "team {uid:#x} (threads {})",
            m.iter()
                .map(|t| t.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
        None => format!("team {uid:#x}"),
    }
}

pub(crate) fn kind_of(name: &str) -> Option<Kind> {
    use Kind::*;
    Some(match name {
        "upccoll_barrier" => Barrier,
        "upccoll_bcast" => Bcast,
        "upccoll_scatter" => Scatter,
        "upccoll_scatterv" => Scatterv,
        "upccoll_gather" => Gather,
        "upccoll_gatherv" => Gatherv,
        "upccoll_allgather" => Allgather,
        "upccoll_allgatherv" => Allgatherv,
        "upccoll_alltoall" => Alltoall,
        "upccoll_alltoallv" => Alltoallv,
        "upccoll_reduce" => Reduce,
        "upccoll_allreduce" => Allreduce,
        "upccoll_reduce_scatter" => ReduceScatter,
        "upccoll_scan" => Scan,
        _ => return None,
    })
}

/// Argument `name` of `op` as an unsigned value.
fn arg_u(op: &rules::Op, args: &[Val], name: &str) -> Option<u64> {
    let i = op.arg_index(name)?;
    let v = args.get(i)?;
    // SAFETY: the catalog's value kind says which member is set; all are 8 bytes but .s.
    Some(unsafe {
        match op.args[i].kind {
            rules::ValKind::Ptr => v.p as u64,
            rules::ValKind::Int => v.i as u64,
            _ => v.u,
        }
    })
}

fn arg_s(op: &rules::Op, args: &[Val], name: &str) -> PShared {
    op.arg_index(name)
        .and_then(|i| args.get(i))
        // SAFETY: pointer-to-shared arguments travel in .s.
        .map(|v| unsafe { v.s })
        .unwrap_or(PShared::NULL)
}

/// A private array of `n` `size_t` (empty if null).
fn arr(p: u64, n: usize) -> Vec<u64> {
    if p == 0 {
        return Vec::new();
    }
    // SAFETY: the program passes an array of one entry per team member (the runtime reads
    // the same entries).
    (0..n)
        .map(|i| unsafe { *(p as *const usize).add(i) } as u64)
        .collect()
}

/// The runtime's view of a collective call from its arguments.
pub(crate) fn call_of(op: &rules::Op, args: &[Val], team_size: usize, rank: usize) -> Call {
    let g = |n: &str| arg_u(op, args, n).unwrap_or(0);
    let root = g("root") as i64 as i32 as i64;
    let is_root = root >= 0 && root as usize == rank;
    let mut c = Call {
        send: arg_s(op, args, "sendbuf"),
        recv: arg_s(op, args, "recvbuf"),
        scount: g("sendcnt").max(g("sendcount")).max(g("count")),
        stype: g("sendtype") as i32,
        rcount: g("recvcnt").max(g("count")),
        rtype: g("recvtype") as i32,
        root,
        op: g("op"),
        flags: g("flags") as i32,
        ..Default::default()
    };
    if op.arg_index("dt").is_some() {
        c.stype = g("dt") as i32;
        c.rtype = c.stype;
    }
    let sv = op.name == "upccoll_alltoallv" || (op.name == "upccoll_scatterv" && is_root);
    if sv {
        c.scounts = arr(g("sendcnts"), team_size);
        c.sdispls = arr(g("sdispls"), team_size);
    }
    let rv = matches!(op.name, "upccoll_alltoallv" | "upccoll_allgatherv")
        || (op.name == "upccoll_gatherv" && is_root);
    if rv {
        c.rcounts = arr(g("recvcnts"), team_size);
        c.rdispls = arr(g("rdispls"), team_size);
    }
    c
}

fn invalid_arg(
    me: usize,
    site: &'static Site,
    op: &rules::Op,
    i: usize,
    value: String,
    rule: String,
) -> Finding {
    let name = op.args.get(i).map(|a| a.name).unwrap_or("?");
    let mut f = Finding::new(
        report::Kind::InvalidArgument,
        me,
        Some(site),
        op.name,
        format!("invalid argument to {}: {name} = {value}", op.name),
    );
    f.args.push(ArgNote {
        index: i,
        name: name.to_string(),
        text: site.arg_text(i).to_string(),
        value,
        decl: site.arg_decl(i).to_string(),
        rule,
    });
    f
}

fn handle_text(h: u64) -> String {
    if h == 0 {
        "UPCCOLL_INVALID_HANDLE".into()
    } else {
        format!("{h:#x}")
    }
}

fn team_value(uid: u64) -> String {
    if uid == 0 {
        "UPC_TEAM_ALL".into()
    } else {
        format!("{uid:#x}")
    }
}

/// Whether [`entry`] has anything to do at calls of `op` (`OpInfo::teams`).
pub fn watches(op: &rules::Op) -> bool {
    op.header == rules::coll2::COLL2 || op.name.starts_with("upc_mem")
}

/// Before a call of a catalog operation it [`watches`] (from `upcc_check_entry`).
pub fn entry(st: &mut Private, site: &'static Site, op: &'static rules::Op, args: &[Val]) {
    if op.header != rules::coll2::COLL2 {
        memory_call(st, site, op, args);
        return;
    }
    if !(st.cfg.args || st.cfg.deadlock) {
        return;
    }
    register();
    let me = st.me;
    coll2::with_state(|s| s.site = (site as *const Site as u64, site.line.max(0) as u64));
    let (initialized, finalized) = coll2::with_state(|s| (s.initialized, s.finalized));
    let anytime = matches!(
        op.name,
        "upccoll_initialize" | "upccoll_type_size" | "upccoll_op_create" | "upccoll_op_free"
    );
    if !anytime && (!initialized || finalized) {
        let why = if finalized {
            "it is called after upccoll_finalize"
        } else {
            "upccoll_initialize was not called before it"
        };
        let f = Finding::new(
            report::Kind::InvalidArgument,
            me,
            Some(site),
            op.name,
            format!("invalid call of {}", op.name),
        )
        .note(format!(
            "{why}: no Collectives 2.0 function may be called outside upccoll_initialize .. upccoll_finalize"
        ));
        let mut f = f;
        for (i, (arg, val)) in op.args.iter().zip(args).enumerate() {
            f.args.push(ArgNote {
                index: i,
                name: arg.name.to_string(),
                text: site.arg_text(i).to_string(),
                value: crate::args::value::show(arg, val),
                decl: site.arg_decl(i).to_string(),
                rule: String::new(),
            });
        }
        report::emit(f);
        return;
    }
    // the team argument
    if let Some(i) = op.arg_index("team") {
        let uid = arg_u(op, args, "team").unwrap_or(0);
        if let Some(f) = check_team(me, site, op, i, uid) {
            report::emit(f);
            return;
        }
        if op.name == "upccoll_team_free" {
            if uid == 0 {
                report::emit(invalid_arg(
                    me,
                    site,
                    op,
                    i,
                    team_value(uid),
                    "UPC_TEAM_ALL cannot be freed".into(),
                ));
                return;
            }
            FREED_AT.with(|m| m.borrow_mut().insert(uid, site));
        }
    }
    match op.name {
        "upccoll_wait" | "upccoll_test" => {
            let h = arg_u(op, args, "h").unwrap_or(0);
            if let Some(f) = check_handle(me, site, op, h) {
                report::emit(f);
            }
        }
        "upccoll_finalize" => {
            let open = open_handles();
            if !open.is_empty() {
                report::emit(not_completed(me, site, op.name, &open, true));
            }
        }
        name => {
            if let Some(kind) = kind_of(name) {
                initiation(me, site, op, kind, args);
            }
        }
    }
}

fn check_team(
    me: usize,
    site: &'static Site,
    op: &rules::Op,
    i: usize,
    uid: u64,
) -> Option<Finding> {
    let (mine, freed, members) =
        coll2::with_state(|s| (s.team(uid).is_some(), s.is_freed(uid), s.members_of(uid)));
    if mine {
        return None;
    }
    let value = team_value(uid);
    let mut f = if freed {
        let mut f = invalid_arg(
            me,
            site,
            op,
            i,
            value,
            "the team was freed by upccoll_team_free; a freed team handle cannot be used".into(),
        );
        if let Some(at) = FREED_AT.with(|m| m.borrow().get(&uid).copied()) {
            f = f.related("the team was freed here", at);
        }
        f
    } else if let Some(m) = members {
        invalid_arg(
            me,
            site,
            op,
            i,
            value,
            format!(
                "thread {me} is not a member of this team (its members are threads {}); team handles are local to their members",
                m.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ")
            ),
        )
    } else {
        invalid_arg(
            me,
            site,
            op,
            i,
            value,
            "not a team handle: only UPC_TEAM_ALL and the teams upccoll_team_split returned to this thread are".into(),
        )
    };
    f.op = op.name.to_string();
    Some(f)
}

fn check_handle(me: usize, site: &'static Site, op: &rules::Op, h: u64) -> Option<Finding> {
    let (state, hist) = coll2::with_state(|s| (s.handle_state(h), s.handle_history(h)));
    let rule = match state {
        HandleState::Pending | HandleState::Tested => return None,
        HandleState::Unknown if h == 0 => {
            "UPCCOLL_INVALID_HANDLE stands for no collective (blocking calls and UPC_ASYNC_FENCE collectives return it); there is nothing to complete".to_string()
        }
        HandleState::Unknown => {
            "not a handle a Collectives 2.0 call of this thread returned".to_string()
        }
        HandleState::Waited if op.name == "upccoll_test" => {
            "the collective was already completed by upccoll_wait; a completed handle cannot be tested".to_string()
        }
        HandleState::Waited => {
            "the collective was already completed by upccoll_wait; a handle is waited for once".to_string()
        }
    };
    let mut f = invalid_arg(me, site, op, 0, handle_text(h), rule);
    if let Some((kind, started, waited)) = hist {
        if let Some(s) = report::site_of(started) {
            f = f.related(
                format!("the handle was returned by {} here", kind.name()),
                s,
            );
        }
        if let Some(s) = report::site_of(waited) {
            f = f.related("and completed by upccoll_wait here", s);
        }
    }
    Some(f)
}

/// Non-blocking collectives of this thread that still need `upccoll_wait`:
/// (handle, collective, team, start site).
fn open_handles() -> Vec<(u64, Kind, u64, u64)> {
    coll2::peek(|s| {
        s.in_flight()
            .into_iter()
            .filter(|f| f.handle != 0)
            .map(|f| (f.handle, f.kind, f.team, f.site))
            .collect()
    })
    .unwrap_or_default()
}

fn not_completed(
    me: usize,
    site: &'static Site,
    what: &str,
    open: &[(u64, Kind, u64, u64)],
    finalize: bool,
) -> Finding {
    let n = open.len();
    let message = if finalize {
        format!(
            "upccoll_finalize is called with {n} non-blocking collective{} not completed by upccoll_wait",
            if n == 1 { "" } else { "s" }
        )
    } else {
        format!(
            "thread {me} ends with {n} non-blocking collective{} never completed by upccoll_wait",
            if n == 1 { "" } else { "s" }
        )
    };
    let mut f = Finding::new(
        report::Kind::HandleNotCompleted,
        me,
        Some(site),
        what,
        message,
    );
    coll2::with_state(|s| {
        for &(h, kind, team, at) in open {
            let where_ = report::site_of(at).map(report::at).unwrap_or_default();
            f.notes.push(format!(
                "{} on {} started at {where_} (handle {})",
                kind.name(),
                team_text(&s.env, team),
                handle_text(h)
            ));
        }
    });
    for &(_, kind, _, at) in open {
        if let Some(s) = report::site_of(at) {
            f = f.related(format!("{} started here", kind.name()), s);
        }
    }
    f.notes.push(
        "every non-blocking collective with a handle must be completed by upccoll_wait".into(),
    );
    f
}

/// At the end of the program (from `upcc_check_final`).
pub fn finish(st: &mut Private, site: &'static Site) {
    let open = open_handles();
    if !open.is_empty() && (st.cfg.args || st.cfg.deadlock) {
        report::emit(not_completed(st.me, site, "end of execution", &open, false));
    }
    let _ = coll2::peek(|s| s.env.hdr(s.env.me, hdr::ENDED).store(1, SeqCst));
}

fn overlaps(a: Range, b: Range) -> bool {
    a.0 == b.0 && a.1 < b.1 + b.2 && b.1 < a.1 + a.2
}

fn range_text(r: Range) -> String {
    format!("{} bytes of thread {} at {:#x}", r.2, r.0, r.1)
}

/// A collective's initiation: buffers against the in-flight collectives.
fn initiation(me: usize, site: &'static Site, op: &'static rules::Op, kind: Kind, args: &[Val]) {
    let uid = arg_u(op, args, "team").unwrap_or(0);
    let Some((n, rank)) = coll2::with_state(|s| s.team(uid).map(|t| (t.members.len(), t.rank)))
    else {
        return;
    };
    if coll2::with_state(|s| s.in_flight_count()) == 0 {
        return;
    }
    let call = call_of(op, args, n, rank);
    let (send, recv) = coll2::with_state(|s| s.ranges(kind, uid, &call));
    let mine: Vec<(&str, Range, bool)> = [("sendbuf", send, false), ("recvbuf", recv, true)]
        .into_iter()
        .filter_map(|(name, r, w)| r.map(|r| (name, r, w)))
        .collect();
    check_owned(me, site, op, &mine);
}

/// `upc_memput`, `upc_memcpy`, `upc_memset` (and their non-blocking forms) writing into,
/// `upc_memget`/`upc_memcpy` reading from, a buffer owned by an in-flight collective.
fn memory_call(st: &mut Private, site: &'static Site, op: &'static rules::Op, args: &[Val]) {
    if !st.cfg.args || coll2::peek(|s| s.in_flight_count()).unwrap_or(0) == 0 {
        return;
    }
    let n = arg_u(op, args, "n").unwrap_or(0);
    if n == 0 {
        return;
    }
    let mut mine = Vec::new();
    let shared = |name: &str| -> Option<Range> {
        let i = op.arg_index(name)?;
        (op.args[i].kind == rules::ValKind::Shared).then(|| {
            let p = arg_s(op, args, name);
            (p.thread, p.addr, n)
        })
    };
    if let Some(r) = shared("dst") {
        mine.push(("dst", r, true));
    }
    if let Some(r) = shared("src") {
        mine.push(("src", r, false));
    }
    check_owned(st.me, site, op, &mine);
}

/// Report the first of `mine` (argument name, range, written?) that overlaps a buffer of an
/// in-flight collective: any overlap with a receive buffer, a write into a send buffer.
fn check_owned(
    me: usize,
    site: &'static Site,
    op: &'static rules::Op,
    mine: &[(&str, Range, bool)],
) {
    let flights = coll2::with_state(|s| s.in_flight());
    for &(name, r, writes) in mine {
        for f in &flights {
            let theirs = [
                ("send buffer", f.send, false),
                ("receive buffer", f.recv, true),
            ];
            for (what, t, written) in theirs {
                let Some(t) = t else { continue };
                if !overlaps(r, t) || !(writes || written) {
                    continue;
                }
                let started = report::site_of(f.site);
                let message = format!(
                    "{} at {} {} the {what} of the {} started at {}, which is still in flight",
                    op.name,
                    report::at(site),
                    if writes { "writes into" } else { "reads" },
                    f.kind.name(),
                    started.map(report::at).unwrap_or_else(|| "?".into()),
                );
                let mut finding =
                    Finding::new(report::Kind::BufferInFlight, me, Some(site), op.name, message)
                        .note(format!(
                            "`{}` ({name}) covers {}; the collective's {what} covers {}",
                            op.arg_index(name).map(|i| site.arg_text(i)).unwrap_or(name),
                            range_text(r),
                            range_text(t)
                        ))
                        .note(
                            "a buffer belongs to a non-blocking collective from its initiation until upccoll_wait (or upccoll_fence for UPC_ASYNC_FENCE) returns",
                        );
                if let Some(s) = started {
                    finding = finding.related(format!("the {} started here", f.kind.name()), s);
                }
                report::emit(finding);
                return;
            }
        }
    }
}

// ---- hooks called by the runtime ------------------------------------------------------

fn desc_site(d: &Desc) -> Option<&'static Site> {
    report::site_of(d[desc::FILE])
}

fn bytes(count: u64, dt: u64) -> u64 {
    count * dtype::lookup(dt as i32).map(|(_, s)| s as u64).unwrap_or(0)
}

/// A collective's peers have initiated it: compare this thread's call with theirs.
fn matched(env: &Env, team: &Team, mine: &Desc, peers: &[(usize, Desc)]) {
    let Some(kind) = Kind::from_u64(mine[desc::KIND]) else {
        return;
    };
    let Some(st) = crate::state::get() else {
        return;
    };
    if !st.active {
        return;
    }
    let me = env.me;
    if kind == Kind::Split {
        if team.rank == 0 {
            split_keys(env, team, peers);
        }
        return;
    }
    for (r, d) in peers {
        let other = team.members[*r];
        let Some(okind) = Kind::from_u64(d[desc::KIND]) else {
            continue;
        };
        let mut problems: Vec<(&str, String, String)> = Vec::new();
        if okind != kind {
            report::emit(mismatch(env, team, mine, other, d, kind, okind));
            return;
        }
        if kind.rooted() && d[desc::ROOT] != mine[desc::ROOT] {
            problems.push((
                "root",
                (mine[desc::ROOT] as i64).to_string(),
                (d[desc::ROOT] as i64).to_string(),
            ));
        }
        if kind.reduction() {
            for (w, name) in [
                (desc::SCOUNT, "count"),
                (desc::STYPE, "dt"),
                (desc::OP, "op"),
            ] {
                if d[w] != mine[w] {
                    let show = |v: u64| match w {
                        desc::STYPE => dtype::name(v as i32),
                        desc::OP => dtype::op::name(v),
                        _ => v.to_string(),
                    };
                    problems.push((name, show(mine[w]), show(d[w])));
                }
            }
        } else {
            // sizes: what the peer sends to this thread against what this thread expects
            let root_is = |x: &Desc| x[desc::ROOT] as usize;
            let sent = bytes(d[desc::SCOUNT], d[desc::STYPE]);
            let want = bytes(mine[desc::RCOUNT], mine[desc::RTYPE]);
            let check = match kind {
                Kind::Bcast | Kind::Scatter => root_is(d) == *r && root_is(mine) != team.rank,
                Kind::Allgather | Kind::Alltoall => true,
                Kind::Gather => root_is(mine) == team.rank,
                _ => false,
            };
            if check && sent != want {
                problems.push((
                    "recvcnt",
                    format!("{want} bytes expected"),
                    format!("{sent} bytes sent"),
                ));
            }
        }
        if let Some((name, v1, v2)) = problems.first() {
            let site = desc_site(mine);
            let mut f = Finding::new(
                report::Kind::SingleValuedMismatch,
                me,
                site,
                kind.name(),
                format!(
                    "{} on {}: {name} differs between threads: {v1} on thread {me}, {v2} on thread {other}",
                    kind.name(),
                    team_text(env, team.uid)
                ),
            );
            if let (Some(site), Some((_, op))) = (site, rules::lookup(kind.name())) {
                if let Some(i) = op.arg_index(name) {
                    f.args.push(ArgNote {
                        index: i,
                        name: name.to_string(),
                        text: site.arg_text(i).to_string(),
                        value: v1.clone(),
                        decl: site.arg_decl(i).to_string(),
                        rule: format!("thread {other} passes {v2}"),
                    });
                }
            }
            if let Some(s) = desc_site(d) {
                f = f.related(format!("thread {other} called {} here", kind.name()), s);
            }
            f.notes.push(format!(
                "the members of a team must agree on the {name} of a collective"
            ));
            report::emit(f);
            return;
        }
    }
}

fn mismatch(
    env: &Env,
    team: &Team,
    mine: &Desc,
    other: usize,
    d: &Desc,
    kind: Kind,
    okind: Kind,
) -> Finding {
    let me = env.me;
    let at = |x: &Desc| desc_site(x).map(report::at).unwrap_or_else(|| "?".into());
    let mut f = Finding::new(
        report::Kind::CollectiveMismatch,
        me,
        desc_site(mine),
        kind.name(),
        format!(
            "collective mismatch on {}: thread {me} calls {} at {} while thread {other} calls {} at {}",
            team_text(env, team.uid),
            kind.name(),
            at(mine),
            okind.name(),
            at(d)
        ),
    );
    f.notes
        .push("the members of a team must initiate the same collectives in the same order".into());
    if let Some(s) = desc_site(d) {
        f = f.related(format!("thread {other} called {} here", okind.name()), s);
    }
    f
}

/// What is wrong with the colors and keys of a split: `(color, key, thread)` of every
/// member of the parent team.  Returns the color, the problem, and (key, thread) of that
/// color's members.
fn split_problem(all: &[(i64, i64, usize)]) -> Option<(i64, String, Vec<(i64, usize)>)> {
    let mut by_color: std::collections::BTreeMap<i64, Vec<(i64, usize)>> = Default::default();
    for &(color, key, thread) in all {
        by_color.entry(color).or_default().push((key, thread));
    }
    for (color, mut keys) in by_color {
        keys.sort();
        let dup = keys.windows(2).find(|w| w[0].0 == w[1].0);
        let gap = keys
            .iter()
            .enumerate()
            .find(|(i, (k, _))| *k != *i as i64)
            .map(|(i, _)| i);
        let problem = if let Some(w) = dup {
            format!(
                "threads {} and {} both give color {color} and key {}",
                w[0].1, w[1].1, w[0].0
            )
        } else if let Some(i) = gap {
            format!(
                "the keys of color {color} are {{{}}}: a new team of {} thread{} must use the keys 0 to {}, each once (key {i} is missing)",
                keys.iter().map(|k| k.0.to_string()).collect::<Vec<_>>().join(", "),
                keys.len(),
                if keys.len() == 1 { "" } else { "s" },
                keys.len() - 1
            )
        } else {
            continue;
        };
        return Some((color, problem, keys));
    }
    None
}

/// `upccoll_team_split`: no color and key twice, keys of each new team 0..size-1.
fn split_keys(env: &Env, team: &Team, all: &[(usize, Desc)]) {
    let pairs: Vec<(i64, i64, usize)> = all
        .iter()
        .map(|(r, d)| {
            (
                d[desc::SCOUNT] as i64,
                d[desc::RCOUNT] as i64,
                team.members[*r],
            )
        })
        .collect();
    let Some((color, problem, keys)) = split_problem(&pairs) else {
        return;
    };
    let threads_of: Vec<String> = keys
        .iter()
        .map(|(k, t)| format!("thread {t}: key {k}"))
        .collect();
    let site = all
        .iter()
        .find(|(r, _)| *r == team.rank)
        .and_then(|(_, d)| desc_site(d));
    let f = Finding::new(
        report::Kind::TeamSplitKeys,
        env.me,
        site,
        "upccoll_team_split",
        format!(
            "upccoll_team_split of {}: {problem}",
            team_text(env, team.uid)
        ),
    )
    .note(format!("color {color}: {}", threads_of.join(", ")));
    report::emit(f);
}

/// This thread's completion call waits (called every 100 ms): look for a cycle of waiting
/// threads or a thread that can never initiate what this one waits for.
fn blocked(b: &Blocked) {
    let Some(st) = crate::state::get() else {
        return;
    };
    if !st.active || !st.cfg.deadlock {
        return;
    }
    let env = b.env;
    let me = env.me;
    if let Some((id, _)) = rules::lookup(b.kind.name()) {
        let info = &crate::optable::table()[id];
        let site = report::site_of(env.hdr(me, hdr::FILE).load(SeqCst));
        pgas::status::set_waiting(
            info.name_ptr(),
            site.map(|s| s.file).unwrap_or(std::ptr::null()),
            site.map(|s| s.line.max(0) as u32).unwrap_or(0),
        );
    }
    // follow "waits for" from this thread
    struct Node {
        thread: usize,
        gen: u64,
        team: u64,
        kind: Option<Kind>,
        site: Option<&'static Site>,
        peer: usize,
        /// Waits in upc_lock (not in a collective): where the holder took the lock.
        lock: Option<Option<&'static Site>>,
    }
    let mut path = vec![Node {
        thread: me,
        gen: env.hdr(me, hdr::BLOCKED).load(SeqCst),
        team: b.team.uid,
        kind: Some(b.kind),
        site: report::site_of(env.hdr(me, hdr::FILE).load(SeqCst)),
        peer: b.peer,
        lock: None,
    }];
    enum End {
        Cycle(usize),
        Ended(usize, pgas::status::StatusView),
        Finalized(usize),
        AllThreads(usize, pgas::status::StatusView),
    }
    let end = loop {
        let p = path.last().unwrap().peer;
        if let Some(i) = path.iter().position(|n| n.thread == p) {
            break End::Cycle(i);
        }
        if env.hdr(p, hdr::ENDED).load(SeqCst) == 2 {
            break End::Finalized(p);
        }
        let v = pgas::status::snapshot(p);
        use pgas::status::State;
        if matches!(
            v.state,
            State::Finished | State::Exited | State::Killed | State::Gone
        ) {
            break End::Ended(p, v);
        }
        let gen = env.hdr(p, hdr::BLOCKED).load(SeqCst);
        if gen.is_multiple_of(2) {
            // not in a completion call: in an all-threads operation it waits for us too
            let all = v.state == State::Waiting
                && v.op.as_deref().is_some_and(|o| {
                    o == "upc_barrier" || o == "upc_wait" || o.starts_with("upc_all_")
                });
            if all {
                break End::AllThreads(p, v);
            }
            // in upc_lock for a lock another thread holds: follow to the holder
            if let Some((h, wait_site, held_site)) = crate::lock::waits_for_holder(p) {
                path.push(Node {
                    thread: p,
                    gen: wait_site,
                    team: 0,
                    kind: None,
                    site: report::site_of(wait_site),
                    peer: h,
                    lock: Some(report::site_of(held_site)),
                });
                continue;
            }
            CANDIDATE.with(|c| c.borrow_mut().clear());
            return;
        }
        let w = |x: usize| env.hdr(p, x).load(SeqCst);
        let node = Node {
            thread: p,
            gen,
            team: w(hdr::TEAM),
            kind: Kind::from_u64(w(hdr::KIND)),
            site: report::site_of(w(hdr::FILE)),
            peer: (w(hdr::PEER) as usize).wrapping_sub(1),
            lock: None,
        };
        if node.peer >= env.threads || w(hdr::BLOCKED) != gen {
            return;
        }
        path.push(node);
    };
    // every thread of the path still lacks what it waits for (one whose peer has done it
    // has not noticed yet: it was not scheduled), and nothing is reported but what was seen
    // twice in a row (the threads did not move meanwhile)
    if path
        .iter()
        .any(|n| n.lock.is_none() && !env.still_waits(n.thread))
    {
        CANDIDATE.with(|c| c.borrow_mut().clear());
        return;
    }
    let sig: Vec<(usize, u64)> = path.iter().map(|n| (n.thread, n.gen)).collect();
    let confirmed = CANDIDATE.with(|c| {
        let same = *c.borrow() == sig;
        *c.borrow_mut() = sig;
        same
    });
    if !confirmed {
        return;
    }
    let describe = |n: &Node| {
        if let Some(held) = n.lock {
            return format!(
                "thread {} waits in upc_lock{} for a lock held by thread {}{}",
                n.thread,
                n.site
                    .map(|s| format!(" at {}", report::at(s)))
                    .unwrap_or_default(),
                n.peer,
                held.map(|s| format!(" (taken at {})", report::at(s)))
                    .unwrap_or_default()
            );
        }
        format!(
            "thread {} waits in {} on {}{}",
            n.thread,
            n.kind.map(|k| k.name()).unwrap_or("a collective"),
            team_text(env, n.team),
            n.site
                .map(|s| format!(" at {}", report::at(s)))
                .unwrap_or_default()
        )
    };
    let first = &path[0];
    let (kind, message, nodes): (report::Kind, String, &[Node]) = match end {
        // a cycle this thread is not part of is reported by its members
        End::Cycle(i) if i > 0 => return,
        End::Cycle(i) => {
            let cyc = &path[i..];
            let parts: Vec<String> = cyc
                .iter()
                .map(|n| match n.lock {
                    Some(_) => describe(n),
                    None => format!("{} for thread {}", describe(n), n.peer),
                })
                .collect();
            (
                report::Kind::TeamDeadlock,
                format!(
                    "deadlock: threads wait for each other in collectives{}{}: {}",
                    {
                        let mut teams: Vec<u64> = cyc
                            .iter()
                            .filter(|n| n.lock.is_none())
                            .map(|n| n.team)
                            .collect();
                        teams.sort();
                        teams.dedup();
                        if teams.len() > 1 {
                            " of different teams"
                        } else {
                            ""
                        }
                    },
                    if cyc.iter().any(|n| n.lock.is_some()) {
                        " and for locks"
                    } else {
                        ""
                    },
                    parts.join("; ")
                ),
                &path[..],
            )
        }
        End::Finalized(p) => (
            report::Kind::TeamDeadlock,
            format!(
                "deadlock: {} for thread {p}, which already called upccoll_finalize",
                describe(first)
            ),
            &path[..],
        ),
        End::Ended(p, v) => (
            report::Kind::FinishedWhileWaiting,
            format!(
                "thread {p} finished (at {}:{}) while {} for it",
                v.file.unwrap_or_default(),
                v.line,
                describe(first)
            ),
            &path[..],
        ),
        End::AllThreads(p, v) => (
            report::Kind::TeamDeadlock,
            format!(
                "deadlock: {} for thread {p}, which waits in {} at {}:{} for every thread",
                describe(first),
                v.op.unwrap_or_default(),
                v.file.unwrap_or_default(),
                v.line
            ),
            &path[..],
        ),
    };
    let mut f = Finding::new(
        kind,
        me,
        first.site,
        first.kind.map(|k| k.name()).unwrap_or(""),
        message,
    );
    for n in nodes {
        f.notes.push(match n.lock {
            Some(_) => describe(n),
            None => format!("{}, for thread {}", describe(n), n.peer),
        });
        if n.thread != me {
            if let Some(s) = n.site {
                let what = match (n.lock, n.kind) {
                    (Some(_), _) => "upc_lock",
                    (None, Some(k)) => k.name(),
                    (None, None) => "a collective",
                };
                f = f.related(format!("thread {} waits in {what} here", n.thread), s);
            }
        }
    }
    f.notes.push(
        "a thread that waits for a collective's completion needs the other members' initiations; collectives of different teams must be initiated in an order that forms no cycle".into(),
    );
    report::emit(f);
}

fn resumed() {
    pgas::status::set_running();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_keys_must_number_each_new_team_from_zero() {
        // two teams, keys 0..size-1: fine
        assert!(split_problem(&[(0, 1, 0), (1, 0, 1), (0, 0, 2), (1, 1, 3)]).is_none());
        // a color and key given twice
        let (c, p, _) = split_problem(&[(0, 0, 0), (0, 0, 1)]).unwrap();
        assert_eq!(c, 0);
        assert!(
            p.contains("threads 0 and 1 both give color 0 and key 0"),
            "{p}"
        );
        // keys that do not start at 0
        let (c, p, keys) = split_problem(&[(0, 0, 0), (5, 1, 1), (5, 2, 2)]).unwrap();
        assert_eq!(c, 5);
        assert!(p.contains("key 0 is missing"), "{p}");
        assert_eq!(keys, vec![(1, 1), (2, 2)]);
        // a gap in the middle
        let (_, p, _) = split_problem(&[(3, 0, 0), (3, 2, 1)]).unwrap();
        assert!(p.contains("key 1 is missing"), "{p}");
    }

    #[test]
    fn ranges_overlap_only_on_the_same_thread_and_bytes() {
        assert!(overlaps((1, 100, 8), (1, 104, 8)));
        assert!(!overlaps((1, 100, 8), (1, 108, 8)));
        assert!(!overlaps((1, 100, 8), (2, 100, 8)));
        assert!(overlaps((0, 0, 16), (0, 4, 1)));
    }

    #[test]
    fn collectives_are_recognized_by_name() {
        assert_eq!(kind_of("upccoll_alltoallv"), Some(Kind::Alltoallv));
        assert_eq!(kind_of("upccoll_wait"), None);
        for k in 1..=14 {
            let kind = Kind::from_u64(k).unwrap();
            assert_eq!(kind_of(kind.name()), Some(kind));
            assert!(rules::lookup(kind.name()).is_some(), "{}", kind.name());
        }
    }
}
