//! The Collectives 2.0 engine: teams, initiation and completion of collectives.
//!
//! Protocol (pull-based, no thread ever waits for another thread's completion call):
//! * **Initiation** copies the data this thread sends into a staging block in its own
//!   partition (so the user's send buffer is free again at once), writes a descriptor into
//!   the team slot's ring and publishes the sequence number (`initiated`).  It never waits
//!   for another thread; only when `RING` collectives of this thread on one team still have
//!   unread staged data does it wait for their readers (flow control).
//! * **Completion** (`wait`/`test`) waits until the members whose data this thread needs
//!   have initiated, copies or reduces their staged data into the receive buffer, and
//!   counts itself off the staging block.  A staging block is freed by its owner once every
//!   reader is done (checked at later calls and at finalize).
//!
//! Collectives on one team are matched by sequence number, i.e. by initiation order, so
//! several of the same kind may be in flight.  Reductions combine contributions in
//! ascending rank order on every reader, so results are identical everywhere and
//! non-commutative operations are honoured.

use super::dtype::{self, UserFn};
use super::shm::{desc, hdr, Env, DESC_WORDS, MAX_MEMBERS, RING, SLOTS, STAGE_HDR};
use crate::PShared;
use std::collections::{HashMap, HashSet, VecDeque};
use std::rc::Rc;
use std::sync::atomic::Ordering::*;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Error codes of `upccoll_return_t`.
pub mod rc {
    pub const SUCCESS: i32 = 0;
    pub const ERROR: i32 = 1;
    pub const TEAM: i32 = 2;
    pub const HANDLE: i32 = 5;
    pub const SENDBUF: i32 = 6;
    pub const RECVBUF: i32 = 7;
    pub const DATATYPE: i32 = 9;
    pub const UPC_OP: i32 = 10;
    pub const FLAGS: i32 = 11;
    pub const ROOT: i32 = 12;
    pub const SENDTYPE: i32 = 13;
    pub const RECVTYPE: i32 = 14;
    pub const SENDCNTS: i32 = 15;
    pub const RECVCNTS: i32 = 16;
    pub const SDISPLS: i32 = 17;
    pub const RDISPLS: i32 = 18;
    pub const MALLOC: i32 = 19;
}

/// Flag bits (`upc_types.h` values plus `UPC_ASYNC_FENCE`).
pub mod flag {
    pub const IN_ALLSYNC: i32 = 1 << 0;
    pub const OUT_ALLSYNC: i32 = 1 << 3;
    pub const ASYNC_FENCE: i32 = 1 << 6;
    pub const ALL: i32 = (1 << 7) - 1;
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u64)]
pub enum Kind {
    Barrier = 1,
    Bcast,
    Scatter,
    Scatterv,
    Gather,
    Gatherv,
    Allgather,
    Allgatherv,
    Alltoall,
    Alltoallv,
    Reduce,
    Allreduce,
    ReduceScatter,
    Scan,
    Split,
    Free,
    Finalize,
}

impl Kind {
    pub fn from_u64(k: u64) -> Option<Kind> {
        use Kind::*;
        [
            Barrier,
            Bcast,
            Scatter,
            Scatterv,
            Gather,
            Gatherv,
            Allgather,
            Allgatherv,
            Alltoall,
            Alltoallv,
            Reduce,
            Allreduce,
            ReduceScatter,
            Scan,
            Split,
            Free,
            Finalize,
        ]
        .get((k as usize).wrapping_sub(1))
        .copied()
    }
    /// The library function that initiates it.
    pub fn name(self) -> &'static str {
        use Kind::*;
        match self {
            Barrier => "upccoll_barrier",
            Bcast => "upccoll_bcast",
            Scatter => "upccoll_scatter",
            Scatterv => "upccoll_scatterv",
            Gather => "upccoll_gather",
            Gatherv => "upccoll_gatherv",
            Allgather => "upccoll_allgather",
            Allgatherv => "upccoll_allgatherv",
            Alltoall => "upccoll_alltoall",
            Alltoallv => "upccoll_alltoallv",
            Reduce => "upccoll_reduce",
            Allreduce => "upccoll_allreduce",
            ReduceScatter => "upccoll_reduce_scatter",
            Scan => "upccoll_scan",
            Split => "upccoll_team_split",
            Free => "upccoll_team_free",
            Finalize => "upccoll_finalize",
        }
    }
    pub fn rooted(self) -> bool {
        use Kind::*;
        matches!(self, Bcast | Scatter | Scatterv | Gather | Gatherv | Reduce)
    }
    pub fn reduction(self) -> bool {
        use Kind::*;
        matches!(self, Reduce | Allreduce | ReduceScatter | Scan)
    }
}

/// A team as one member sees it (immutable).
#[derive(Debug)]
pub struct Team {
    /// Job-wide id (0: `UPC_TEAM_ALL`); the C handle is `uid` itself.
    pub uid: u64,
    pub slot: usize,
    /// Global thread ids by rank.
    pub members: Vec<usize>,
    pub rank: usize,
}

/// The arguments of one collective call (buffers as pointers-to-shared).
#[derive(Clone, Debug, Default)]
pub struct Call {
    pub send: PShared,
    pub scount: u64,
    pub stype: i32,
    pub recv: PShared,
    pub rcount: u64,
    pub rtype: i32,
    pub root: i64,
    pub op: u64,
    pub flags: i32,
    /// v variants: the sender's counts and displacements (scatterv root, alltoallv).
    pub scounts: Vec<u64>,
    pub sdispls: Vec<u64>,
    /// v variants: the receiver's counts and displacements (gatherv root, allgatherv,
    /// alltoallv).
    pub rcounts: Vec<u64>,
    pub rdispls: Vec<u64>,
    /// `upccoll_team_split`.
    pub color: i64,
    pub key: i64,
}

struct Op {
    kind: Kind,
    team: Rc<Team>,
    seq: u64,
    call: Call,
    /// The call site the checker announced (0: none).
    site: u64,
}

/// A buffer range: (thread, first byte, length).
pub type Range = (u32, u64, u64);

/// A non-blocking collective of this thread that has not completed yet.
#[derive(Clone, Debug)]
pub struct Flight {
    /// Its handle (0: a `UPC_ASYNC_FENCE` collective).
    pub handle: u64,
    pub kind: Kind,
    pub team: u64,
    pub site: u64,
    pub send: Option<Range>,
    pub recv: Option<Range>,
}

/// The checker's comparison hook: this thread's descriptor and those of the peers it
/// compares with (rank, descriptor).
pub type MatchedHook = fn(&Env, &Team, &[u64; DESC_WORDS], &[(usize, [u64; DESC_WORDS])]);

/// Where the checker hears about the library (set once by the checker).
pub struct CheckHooks {
    /// Called now and then while a completion call waits: `(team, slot, seq, kind,
    /// missing peer)`.
    pub blocked: fn(&Blocked),
    /// Called when a collective's peers have initiated, before its data moves: this
    /// thread's descriptor and those of the peers it compares with (rank, descriptor).
    pub matched: MatchedHook,
    /// Called when a completion call that reported `blocked` goes on.
    pub resumed: fn(),
}

pub struct Blocked<'a> {
    pub env: &'a Env,
    pub team: &'a Team,
    pub seq: u64,
    pub kind: Kind,
    /// Global thread id whose initiation is missing.
    pub peer: usize,
    pub since: Duration,
}

static HOOKS: OnceLock<CheckHooks> = OnceLock::new();

/// Register the checker's hooks (first call wins).
pub fn set_check_hooks(h: CheckHooks) {
    let _ = HOOKS.set(h);
}

/// The state of one handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandleState {
    /// Never returned by a collective.
    Unknown,
    /// In flight; `test` has not seen it complete.
    Pending,
    /// `test` returned 1; it still has to be waited for.
    Tested,
    /// Completed by `wait` (or by `finalize`).
    Waited,
}

pub struct State {
    pub env: Env,
    pub initialized: bool,
    pub finalized: bool,
    teams: HashMap<u64, Rc<Team>>,
    freed: HashSet<u64>,
    /// Local sequence counter per slot (mirrors `initiated`).
    seq: [u64; SLOTS],
    split_count: u64,
    ops: HashMap<u64, Op>,
    done: HashMap<u64, bool>,
    /// Handles whose data `upccoll_test` moved while (`UPC_OUT_ALLSYNC`) other members had
    /// not completed yet.
    moved: HashSet<u64>,
    /// Every handle's collective, initiation site and completion site (0: not yet).
    history: HashMap<u64, (Kind, u64, u64)>,
    next_handle: u64,
    fence: Vec<Op>,
    /// This thread's staging blocks: (address, slot, seq).
    staging: VecDeque<(u64, usize, u64)>,
    user_ops: HashMap<u64, (UserFn, bool)>,
    next_user_op: u64,
    /// The call site the checker announced for the next call: (file, line).
    pub site: (u64, u64),
}

/// Outcome of an initiation.
pub enum Started {
    Handle(u64),
    Fenced,
    Blocking,
}

impl State {
    pub fn new(env: Env) -> State {
        State {
            env,
            initialized: false,
            finalized: false,
            teams: HashMap::new(),
            freed: HashSet::new(),
            seq: [0; SLOTS],
            split_count: 0,
            ops: HashMap::new(),
            done: HashMap::new(),
            moved: HashSet::new(),
            history: HashMap::new(),
            next_handle: 1,
            fence: Vec::new(),
            staging: VecDeque::new(),
            user_ops: HashMap::new(),
            next_user_op: 1,
            site: (0, 0),
        }
    }

    pub fn initialize(&mut self) -> i32 {
        if self.initialized {
            return rc::ERROR;
        }
        let env = &self.env;
        if env.threads > MAX_MEMBERS {
            return rc::ERROR;
        }
        let all = Team {
            uid: 0,
            slot: 0,
            members: (0..env.threads).collect(),
            rank: env.me,
        };
        env.set_members(0, &all.members);
        env.slot_size(env.me, 0).store(env.threads as u64, Release);
        env.slot_uid(env.me, 0).store(1, Release);
        self.teams.insert(0, Rc::new(all));
        self.initialized = true;
        rc::SUCCESS
    }

    /// The team of handle `uid` if this thread belongs to it and it is not freed.
    pub fn team(&self, uid: u64) -> Option<Rc<Team>> {
        self.teams.get(&uid).cloned()
    }
    pub fn is_freed(&self, uid: u64) -> bool {
        self.freed.contains(&uid)
    }
    /// Members of any live team, looked up in its leader's slots (for messages about a
    /// team this thread does not belong to).
    pub fn members_of(&self, uid: u64) -> Option<Vec<usize>> {
        self.env.members_of(uid)
    }
    pub fn handle_state(&self, h: u64) -> HandleState {
        match (self.ops.contains_key(&h), self.done.get(&h)) {
            (true, Some(true)) => HandleState::Tested,
            (true, _) => HandleState::Pending,
            (false, Some(_)) => HandleState::Waited,
            (false, None) => HandleState::Unknown,
        }
    }
    /// Handles not yet waited for, with their collective and team.
    pub fn pending_handles(&self) -> Vec<(u64, Kind, u64, u64)> {
        let mut v: Vec<_> = self
            .ops
            .iter()
            .map(|(&h, o)| (h, o.kind, o.team.uid, o.seq))
            .collect();
        v.sort();
        v
    }
    /// A handle's collective, initiation site and completion site (0: not completed).
    pub fn handle_history(&self, h: u64) -> Option<(Kind, u64, u64)> {
        self.history.get(&h).copied()
    }

    /// The buffers a collective call would own: (send, recv) ranges of this thread.
    pub fn ranges(&self, kind: Kind, uid: u64, c: &Call) -> (Option<Range>, Option<Range>) {
        let Some(team) = self.team(uid) else {
            return (None, None);
        };
        let mut c = c.clone();
        if kind.reduction() {
            c.rtype = c.stype;
        }
        let root = kind.rooted() && c.root >= 0 && c.root as usize == team.rank;
        let sends = match kind {
            Kind::Bcast | Kind::Scatter | Kind::Scatterv => root,
            Kind::Barrier | Kind::Free | Kind::Finalize | Kind::Split => false,
            _ => true,
        };
        let receives = match kind {
            Kind::Gather | Kind::Gatherv | Kind::Reduce => root,
            Kind::Barrier | Kind::Free | Kind::Finalize | Kind::Split => false,
            _ => true,
        };
        let sb = self.send_bytes(kind, &team, &c);
        let rb = self.recv_bytes(kind, &team, &c);
        (
            (sends && sb > 0 && !c.send.is_null()).then_some((c.send.thread, c.send.addr, sb)),
            (receives && rb > 0 && !c.recv.is_null()).then_some((c.recv.thread, c.recv.addr, rb)),
        )
    }

    /// This thread's non-blocking collectives that have not been waited for.
    pub fn in_flight(&self) -> Vec<Flight> {
        let f = |h: u64, o: &Op| {
            let (send, recv) = self.ranges(o.kind, o.team.uid, &o.call);
            Flight {
                handle: h,
                kind: o.kind,
                team: o.team.uid,
                site: o.site,
                send,
                recv,
            }
        };
        let mut v: Vec<Flight> = self.ops.iter().map(|(&h, o)| f(h, o)).collect();
        v.sort_by_key(|x| x.handle);
        v.extend(self.fence.iter().map(|o| f(0, o)));
        v
    }

    /// Number of non-blocking collectives not completed (cheap).
    pub fn in_flight_count(&self) -> usize {
        self.ops.len() + self.fence.len()
    }

    pub fn fenced_count(&self) -> usize {
        self.fence.len()
    }
    pub fn user_op(&self, op: u64) -> Option<(UserFn, bool)> {
        self.user_ops.get(&op).copied()
    }

    pub fn op_create(&mut self, f: UserFn, commute: bool) -> u64 {
        let id = dtype::op::USER_BASE + self.next_user_op;
        self.next_user_op += 1;
        self.user_ops.insert(id, (f, commute));
        id
    }
    pub fn op_free(&mut self, op: u64) -> i32 {
        if self.user_ops.remove(&op).is_some() {
            rc::SUCCESS
        } else {
            rc::UPC_OP
        }
    }

    // ---- initiation ------------------------------------------------------------------

    /// Check the arguments of a collective (same answer on every thread that passes the
    /// same values).
    fn validate(&self, kind: Kind, team: &Team, c: &Call) -> i32 {
        use Kind::*;
        let me = self.env.me as u32;
        if c.flags & !flag::ALL != 0 {
            return rc::FLAGS;
        }
        if kind.rooted() && (c.root < 0 || c.root as usize >= team.members.len()) {
            return rc::ROOT;
        }
        let root = kind.rooted() && c.root as usize == team.rank;
        let sends = match kind {
            Bcast | Scatter | Scatterv => root,
            Barrier | Split | Free | Finalize => false,
            _ => true,
        };
        let receives = match kind {
            Gather | Gatherv | Reduce => root,
            Barrier | Split | Free | Finalize => false,
            _ => true,
        };
        if kind.reduction() {
            let Some((e, _)) = dtype::lookup(c.stype) else {
                return rc::DATATYPE;
            };
            if c.op > dtype::op::USER_BASE {
                if !self.user_ops.contains_key(&c.op) {
                    return rc::UPC_OP;
                }
            } else if !dtype::op_applies(e, c.op) {
                return rc::UPC_OP;
            }
        } else if matches!(kind, Barrier | Split | Free | Finalize) {
        } else {
            if sends && dtype::lookup(c.stype).is_none() {
                return rc::SENDTYPE;
            }
            if receives && dtype::lookup(c.rtype).is_none() {
                return rc::RECVTYPE;
            }
        }
        let n = team.members.len();
        if matches!(kind, Scatterv | Alltoallv) && sends {
            if c.scounts.len() != n {
                return rc::SENDCNTS;
            }
            if c.sdispls.len() != n {
                return rc::SDISPLS;
            }
        }
        if matches!(kind, Gatherv | Allgatherv | Alltoallv) && receives {
            if c.rcounts.len() != n {
                return rc::RECVCNTS;
            }
            if c.rdispls.len() != n {
                return rc::RDISPLS;
            }
        }
        let sbytes = self.send_bytes(kind, team, c);
        if sends && sbytes > 0 && (c.send.is_null() || c.send.thread != me) {
            return rc::SENDBUF;
        }
        if receives
            && (c.recv.is_null() || c.recv.thread != me)
            && self.recv_bytes(kind, team, c) > 0
        {
            return rc::RECVBUF;
        }
        rc::SUCCESS
    }

    fn esize(t: i32) -> u64 {
        dtype::lookup(t).map(|(_, s)| s as u64).unwrap_or(0)
    }

    /// Bytes of the user's send buffer this thread stages.
    fn send_bytes(&self, kind: Kind, team: &Team, c: &Call) -> u64 {
        use Kind::*;
        let n = team.members.len() as u64;
        let s = Self::esize(c.stype);
        match kind {
            Bcast | Gather | Gatherv | Allgather | Allgatherv => c.scount * s,
            Scatter | Alltoall => n * c.scount * s,
            Scatterv | Alltoallv => c
                .scounts
                .iter()
                .zip(&c.sdispls)
                .map(|(k, d)| (k + d) * s)
                .max()
                .unwrap_or(0),
            Reduce | Allreduce | Scan => c.scount * s,
            ReduceScatter => n * c.scount * s,
            _ => 0,
        }
    }

    fn recv_bytes(&self, kind: Kind, team: &Team, c: &Call) -> u64 {
        use Kind::*;
        let n = team.members.len() as u64;
        let r = Self::esize(c.rtype);
        match kind {
            Bcast | Scatter | Scatterv => c.rcount * r,
            Gather | Allgather | Alltoall => n * c.rcount * r,
            Gatherv | Allgatherv | Alltoallv => c
                .rcounts
                .iter()
                .zip(&c.rdispls)
                .map(|(k, d)| (k + d) * r)
                .max()
                .unwrap_or(0),
            Reduce | Allreduce | Scan | ReduceScatter => c.scount * Self::esize(c.stype),
            _ => 0,
        }
    }

    /// Who reads this thread's staged data.
    fn readers(kind: Kind, team: &Team) -> u64 {
        use Kind::*;
        let n = team.members.len() as u64;
        match kind {
            Gather | Gatherv | Reduce => 1,
            Scan => n - team.rank as u64,
            _ => n,
        }
    }

    /// Initiate collective `kind` on team `uid`.  `handle`: whether the caller asked for a
    /// handle.  Returns the error code and how it completes.
    pub fn start(
        &mut self,
        kind: Kind,
        uid: u64,
        mut call: Call,
        handle: bool,
    ) -> (i32, Option<Started>) {
        let Some(team) = self.team(uid) else {
            return (rc::TEAM, None);
        };
        if kind.reduction() {
            call.rtype = call.stype;
        }
        let e = self.validate(kind, &team, &call);
        if e != rc::SUCCESS {
            return (e, None);
        }
        self.collect_staging(false);
        let env = &self.env;
        let me = env.me;
        let slot = team.slot;
        let seq = self.seq[slot] + 1;
        // flow control: the ring entry we overwrite must have been read by everyone
        if seq > RING as u64 {
            let old = seq - RING as u64;
            let blocks: Vec<u64> = self
                .staging
                .iter()
                .filter(|&&(_, s, q)| s == slot && q == old)
                .map(|&(a, _, _)| a)
                .collect();
            for a in blocks {
                let w = env.stage_readers(me, a);
                spin_until(|| w.load(Acquire) == 0);
            }
        }
        // stage what this thread sends
        let root = kind.rooted() && call.root as usize == team.rank;
        let sends = match kind {
            Kind::Bcast | Kind::Scatter | Kind::Scatterv => root,
            Kind::Barrier | Kind::Free | Kind::Finalize | Kind::Split => false,
            _ => true,
        };
        let mut stage = 0u64;
        let mut stage_len = 0u64;
        if sends {
            let data = self.send_bytes(kind, &team, &call) as usize;
            let vlen = if matches!(kind, Kind::Scatterv | Kind::Alltoallv) {
                16 * team.members.len()
            } else {
                0
            };
            let Some(a) = (self.env.alloc)(STAGE_HDR + vlen + data) else {
                return (rc::MALLOC, None);
            };
            let env = &self.env;
            let p = env.ptr(me, a);
            // SAFETY: a fresh block of STAGE_HDR + vlen + data bytes in our partition; the
            // send buffer has affinity to this thread (validated) and `data` bytes.
            unsafe {
                let body = p.add(STAGE_HDR);
                if matches!(kind, Kind::Scatterv | Kind::Alltoallv) {
                    let w = body as *mut u64;
                    for (i, (&k, &d)) in call.scounts.iter().zip(&call.sdispls).enumerate() {
                        w.add(i).write_unaligned(k);
                        w.add(team.members.len() + i).write_unaligned(d);
                    }
                }
                if data > 0 {
                    std::ptr::copy_nonoverlapping(
                        env.ptr(me, call.send.addr),
                        body.add(vlen),
                        data,
                    );
                }
            }
            env.stage_readers(me, a)
                .store(Self::readers(kind, &team), Release);
            stage = a;
            stage_len = (vlen + data) as u64;
            self.staging.push_back((a, slot, seq));
        }
        let env = &self.env;
        let d = |w: usize, v: u64| env.desc(me, slot, seq, w).store(v, Relaxed);
        d(desc::SEQ, 0);
        d(desc::KIND, kind as u64);
        d(desc::FLAGS, call.flags as u64);
        d(desc::ROOT, call.root as u64);
        d(desc::STYPE, call.stype as u64);
        d(desc::RTYPE, call.rtype as u64);
        d(desc::OP, call.op);
        d(
            desc::SCOUNT,
            if kind == Kind::Split {
                call.color as u64
            } else {
                call.scount
            },
        );
        d(
            desc::RCOUNT,
            if kind == Kind::Split {
                call.key as u64
            } else {
                call.rcount
            },
        );
        d(desc::STAGE, stage);
        d(desc::STAGE_LEN, stage_len);
        d(desc::FILE, self.site.0);
        d(desc::LINE, self.site.1);
        d(desc::TEAM, team.uid);
        env.desc(me, slot, seq, desc::SEQ).store(seq, Release);
        env.initiated(me, slot).store(seq, SeqCst);
        self.seq[slot] = seq;
        let op = Op {
            kind,
            team,
            seq,
            call,
            site: self.site.0,
        };
        if op.call.flags & flag::ASYNC_FENCE != 0 {
            self.fence.push(op);
            (rc::SUCCESS, Some(Started::Fenced))
        } else if handle {
            let h = self.next_handle;
            self.next_handle += 1;
            self.history.insert(h, (kind, op.site, 0));
            self.ops.insert(h, op);
            (rc::SUCCESS, Some(Started::Handle(h)))
        } else {
            self.complete(op);
            (rc::SUCCESS, Some(Started::Blocking))
        }
    }

    // ---- completion ------------------------------------------------------------------

    /// Ranks whose initiation `op` needs before its data can move.
    fn deps(&self, op: &Op) -> Vec<usize> {
        let n = op.team.members.len();
        if op.call.flags & (flag::IN_ALLSYNC | flag::OUT_ALLSYNC) != 0
            || matches!(
                op.kind,
                Kind::Barrier | Kind::Free | Kind::Finalize | Kind::Split
            )
        {
            return (0..n).collect();
        }
        let mut d = self.data_ranks(op);
        // with the checker, a completion also waits for its predecessor's initiation (to
        // compare the two calls; section 2.5.2 allows completions to wait for initiations)
        if HOOKS.get().is_some() && n > 1 {
            let prev = (op.team.rank + n - 1) % n;
            if !d.contains(&prev) {
                d.push(prev);
            }
        }
        d
    }

    /// Ranks whose staged data `op` reads.
    fn data_ranks(&self, op: &Op) -> Vec<usize> {
        use Kind::*;
        let t = &op.team;
        let n = t.members.len();
        let root = op.call.root.max(0) as usize;
        match op.kind {
            Barrier | Free | Finalize | Split => vec![],
            Bcast | Scatter | Scatterv => vec![root],
            Gather | Gatherv | Reduce if t.rank == root => (0..n).collect(),
            Gather | Gatherv | Reduce => vec![],
            Scan => (0..=t.rank).collect(),
            _ => (0..n).collect(),
        }
    }

    /// The first member (rank) in `deps` that has not initiated `op` yet.
    fn missing(&self, op: &Op, deps: &[usize]) -> Option<usize> {
        deps.iter().copied().find(|&r| {
            self.env
                .initiated(op.team.members[r], op.team.slot)
                .load(Acquire)
                < op.seq
        })
    }

    /// Move the data of `op` if its peers have initiated; true when done.
    fn try_complete(&self, op: &Op) -> Result<(), usize> {
        let deps = self.deps(op);
        if let Some(r) = self.missing(op, &deps) {
            return Err(r);
        }
        self.run(op, &deps);
        Ok(())
    }

    /// Complete `op`, waiting for its peers' initiations.
    fn complete(&self, op: Op) {
        let deps = self.deps(&op);
        self.wait_for(&op, hdr::UNTIL_INITIATED, || self.missing(&op, &deps));
        self.run(&op, &deps);
        self.finish(&op);
    }

    /// Wait until `missing` (the index in `op`'s team of a member this thread still waits
    /// for to have initiated or completed `op`, as `until` says) is None: a short spin, then
    /// yields and sleeps; once it lasts, this thread says where it is blocked and on whom, and
    /// the checker's `blocked` hook looks at the team every 100 ms (so a member that never
    /// comes is reported, not waited for).
    fn wait_for(&self, op: &Op, until: u64, mut missing: impl FnMut() -> Option<usize>) {
        if missing().is_none() {
            return;
        }
        let mut cur;
        let env = &self.env;
        let me = env.me;
        let start = Instant::now();
        let mut last_hook = start;
        let mut spins = 0u32;
        let mut published = false;
        loop {
            match missing() {
                None => break,
                Some(r) => cur = r,
            }
            spins += 1;
            if spins < 64 && !env.remote {
                std::hint::spin_loop();
                continue;
            }
            if !published {
                let h = |w: usize, v: u64| env.hdr(me, w).store(v, Relaxed);
                h(hdr::TEAM, op.team.uid);
                h(hdr::SLOT, op.team.slot as u64);
                h(hdr::SEQ, op.seq);
                h(hdr::KIND, op.kind as u64);
                h(hdr::FILE, self.site.0);
                h(hdr::LINE, self.site.1);
                h(hdr::UNTIL, until);
                env.hdr(me, hdr::BLOCKED).fetch_add(1, SeqCst);
                published = true;
            }
            env.hdr(me, hdr::PEER)
                .store(op.team.members[cur] as u64 + 1, SeqCst);
            if env.remote {
                // each test of another thread's word is a round trip: sleep between tests
                crate::collectives::rt::nap(if spins < 100 { 20_000 } else { 250_000 });
            } else if spins < 400 {
                crate::sync::yield_and_progress();
            } else {
                std::thread::sleep(Duration::from_micros(if spins < 2000 { 20 } else { 200 }));
            }
            // serve other threads' remote accesses to this thread's data (MPI conduit)
            crate::sync::progress();
            if let Some(hk) = HOOKS.get() {
                if last_hook.elapsed() >= Duration::from_millis(100) {
                    last_hook = Instant::now();
                    (hk.blocked)(&Blocked {
                        env,
                        team: &op.team,
                        seq: op.seq,
                        kind: op.kind,
                        peer: op.team.members[cur],
                        since: start.elapsed(),
                    });
                }
            }
        }
        if published {
            env.hdr(me, hdr::BLOCKED).fetch_add(1, SeqCst);
        }
        if last_hook != start {
            if let Some(hk) = HOOKS.get() {
                (hk.resumed)();
            }
        }
    }

    /// Whether `op`'s completion also waits for every member's (`UPC_OUT_ALLSYNC`: the call
    /// returns only once every member's data moved).
    fn out_allsync(op: &Op) -> bool {
        op.call.flags & flag::OUT_ALLSYNC != 0
            && !matches!(
                op.kind,
                Kind::Barrier | Kind::Free | Kind::Finalize | Kind::Split
            )
    }

    /// `op`'s data moved on this thread: say so on its slot.
    fn mark_completed(&self, op: &Op) {
        let c = self.env.completed(self.env.me, op.team.slot);
        // pairs with the Acquire of `all_completed`: the data moved before it
        if c.load(Relaxed) < op.seq {
            c.store(op.seq, Release);
        }
    }

    /// The index in `op`'s team of a member that has not completed it (nor ended), if any.
    fn not_completed(&self, op: &Op) -> Option<usize> {
        op.team.members.iter().position(|&m| {
            self.env.completed(m, op.team.slot).load(Acquire) < op.seq
                && self.env.hdr(m, hdr::ENDED).load(Acquire) == 0
        })
    }

    /// Every member of `op`'s team completed it (or ended).
    fn all_completed(&self, op: &Op) -> bool {
        self.not_completed(op).is_none()
    }

    /// After `op`'s data moved: publish it, and with `UPC_OUT_ALLSYNC` wait for every
    /// member's.
    fn finish(&self, op: &Op) {
        self.mark_completed(op);
        if Self::out_allsync(op) {
            self.wait_for(op, hdr::UNTIL_COMPLETED, || self.not_completed(op));
        }
    }

    /// Data movement of `op`; every rank of `deps` has initiated.
    fn run(&self, op: &Op, deps: &[usize]) {
        use Kind::*;
        let env = &self.env;
        let t = &op.team;
        let c = &op.call;
        let me = env.me;
        let n = t.members.len();
        let data = self.data_ranks(op);
        // descriptors of the peers: those whose data we read are protected by the owner's
        // flow control; the others may already be reused (then they are not compared)
        let descs: Vec<(usize, [u64; DESC_WORDS])> = deps
            .iter()
            .filter_map(|&r| match env.read_desc(t.members[r], t.slot, op.seq) {
                Some(d) => Some((r, d)),
                None if data.contains(&r) => {
                    super::fatal("a collective descriptor was overwritten before it was read")
                }
                None => None,
            })
            .collect();
        let deps: &[usize] = &data;
        if let Some(hk) = HOOKS.get() {
            let mine = env.read_desc(me, t.slot, op.seq).unwrap_or([0; DESC_WORDS]);
            // compare with the predecessor in the team and, for rooted collectives, the root
            let prev = (t.rank + n - 1) % n;
            let root = c.root.max(0) as usize;
            let peers: Vec<(usize, [u64; DESC_WORDS])> = if op.kind == Split {
                descs.clone()
            } else {
                descs
                    .iter()
                    .filter(|(r, _)| {
                        *r != t.rank && (*r == prev || (op.kind.rooted() && *r == root))
                    })
                    .cloned()
                    .collect()
            };
            (hk.matched)(env, t, &mine, &peers);
        }
        // the staged blocks of other threads reached through the conduit: one get each
        let fetched: Vec<(usize, Vec<u8>)> = if env.remote {
            data.iter()
                .filter_map(|&r| {
                    let m = t.members[r];
                    let d = &descs.iter().find(|(x, _)| *x == r)?.1;
                    (m != me && d[desc::STAGE] != 0).then(|| {
                        let mut b = vec![0u8; d[desc::STAGE_LEN] as usize];
                        let at = env.ptr(m, d[desc::STAGE]).wrapping_add(STAGE_HDR);
                        env.read(m, at, &mut b);
                        (r, b)
                    })
                })
                .collect()
        } else {
            Vec::new()
        };
        let stage_of = |r: usize| -> Option<(*const u8, usize)> {
            let d = &descs.iter().find(|(x, _)| *x == r)?.1;
            if let Some((_, b)) = fetched.iter().find(|(x, _)| *x == r) {
                return Some((b.as_ptr(), b.len()));
            }
            (d[desc::STAGE] != 0).then(|| {
                (
                    env.ptr(t.members[r], d[desc::STAGE])
                        .wrapping_add(STAGE_HDR) as *const u8,
                    d[desc::STAGE_LEN] as usize,
                )
            })
        };
        let done_with = |r: usize| {
            if let Some(d) = descs.iter().find(|(x, _)| *x == r).map(|x| x.1) {
                if d[desc::STAGE] != 0 {
                    env.stage_readers(t.members[r], d[desc::STAGE])
                        .fetch_sub(1, AcqRel);
                }
            }
        };
        let recv = |off: u64| env.ptr(me, c.recv.addr + off);
        // SAFETY (copies below): source ranges lie inside staging blocks (bounded by their
        // recorded lengths), destinations inside the caller's receive buffer as described
        // by its own arguments, which the caller owns for the collective's duration.
        let put = |dst: *mut u8, src: *const u8, len: usize| unsafe {
            if len > 0 {
                std::ptr::copy_nonoverlapping(src, dst, len)
            }
        };
        let rsz = Self::esize(c.rtype);
        match op.kind {
            Barrier | Free | Finalize | Split => {}
            Bcast | Scatter | Scatterv => {
                let root = c.root as usize;
                if let Some((p, len)) = stage_of(root) {
                    let want = (c.rcount * rsz) as usize;
                    let d = &descs.iter().find(|(x, _)| *x == root).unwrap().1;
                    let ssz = Self::esize(d[desc::STYPE] as i32);
                    let (off, avail) = match op.kind {
                        Bcast => (0, len),
                        Scatter => {
                            let piece = (d[desc::SCOUNT] * ssz) as usize;
                            (t.rank * piece, piece)
                        }
                        _ => {
                            // SAFETY: the root staged n counts then n displacements.
                            let (k, disp) = unsafe {
                                let w = p as *const u64;
                                (
                                    w.add(t.rank).read_unaligned(),
                                    w.add(n + t.rank).read_unaligned(),
                                )
                            };
                            (16 * n + (disp * ssz) as usize, (k * ssz) as usize)
                        }
                    };
                    let avail = avail.min(len.saturating_sub(off));
                    put(recv(0), p.wrapping_add(off), want.min(avail));
                }
                done_with(root);
            }
            Gather | Gatherv | Allgather | Allgatherv => {
                for &r in deps {
                    if let Some((p, len)) = stage_of(r) {
                        let (off, want) = if op.kind == Gather || op.kind == Allgather {
                            (r as u64 * c.rcount * rsz, c.rcount * rsz)
                        } else {
                            (c.rdispls[r] * rsz, c.rcounts[r] * rsz)
                        };
                        put(recv(off), p, (want as usize).min(len));
                    }
                    done_with(r);
                }
            }
            Alltoall | Alltoallv => {
                for &r in deps {
                    if let Some((p, len)) = stage_of(r) {
                        let d = &descs.iter().find(|(x, _)| *x == r).unwrap().1;
                        let ssz = Self::esize(d[desc::STYPE] as i32);
                        let (soff, savail) = if op.kind == Alltoall {
                            let piece = (d[desc::SCOUNT] * ssz) as usize;
                            (t.rank * piece, piece)
                        } else {
                            // SAFETY: r staged n counts then n displacements.
                            let (k, disp) = unsafe {
                                let w = p as *const u64;
                                (
                                    w.add(t.rank).read_unaligned(),
                                    w.add(n + t.rank).read_unaligned(),
                                )
                            };
                            (16 * n + (disp * ssz) as usize, (k * ssz) as usize)
                        };
                        let (roff, want) = if op.kind == Alltoall {
                            (r as u64 * c.rcount * rsz, c.rcount * rsz)
                        } else {
                            (c.rdispls[r] * rsz, c.rcounts[r] * rsz)
                        };
                        let avail = savail.min(len.saturating_sub(soff));
                        put(recv(roff), p.wrapping_add(soff), (want as usize).min(avail));
                    }
                    done_with(r);
                }
            }
            Reduce | Allreduce | ReduceScatter | Scan => {
                if deps.is_empty() {
                    return;
                }
                let (e, es) = dtype::lookup(c.stype).unwrap();
                let bytes = (c.scount as usize) * es;
                let off = if op.kind == ReduceScatter {
                    t.rank * bytes
                } else {
                    0
                };
                let user = self.user_ops.get(&c.op).map(|u| u.0);
                let mut acc: Vec<u8> = Vec::new();
                for &r in deps {
                    if let Some((p, len)) = stage_of(r) {
                        let avail = bytes.min(len.saturating_sub(off));
                        // SAFETY: within r's staging block.
                        let x = unsafe { std::slice::from_raw_parts(p.add(off), avail) };
                        if acc.is_empty() {
                            acc = x.to_vec();
                            acc.resize(bytes, 0);
                        } else {
                            dtype::combine(e, es, c.op, c.stype, user, &mut acc, x);
                        }
                    }
                    done_with(r);
                }
                put(recv(0), acc.as_ptr(), acc.len());
            }
        }
    }

    /// `upccoll_wait`: false if the handle is unknown.
    pub fn wait(&mut self, h: u64) -> bool {
        let Some(op) = self.ops.remove(&h) else {
            return false;
        };
        if self.done.get(&h) != Some(&true) {
            if self.moved.remove(&h) {
                self.finish(&op);
            } else {
                self.complete(op);
            }
        }
        self.done.insert(h, false);
        if let Some(e) = self.history.get_mut(&h) {
            e.2 = self.site.0;
        }
        self.collect_staging(false);
        true
    }

    /// `upccoll_test`: `None` if the handle is unknown.
    pub fn test(&mut self, h: u64) -> Option<bool> {
        if self.done.get(&h) == Some(&true) {
            return Some(true);
        }
        let op = self.ops.get(&h)?;
        if !self.moved.contains(&h) {
            if self.try_complete(op).is_err() {
                return Some(false);
            }
            self.mark_completed(op);
        }
        let all = !Self::out_allsync(op) || self.all_completed(op);
        if all {
            self.moved.remove(&h);
            self.done.insert(h, true);
        } else {
            self.moved.insert(h);
        }
        Some(all)
    }

    /// `upccoll_fence`: complete every `UPC_ASYNC_FENCE` collective.
    pub fn fence(&mut self) {
        for op in std::mem::take(&mut self.fence) {
            self.complete(op);
        }
        self.collect_staging(false);
    }

    /// Free staging blocks every reader is done with (`all`: also wait for the others).
    fn collect_staging(&mut self, wait: bool) {
        let env = &self.env;
        let me = env.me;
        let mut keep = VecDeque::new();
        for (a, s, q) in std::mem::take(&mut self.staging) {
            let w = env.stage_readers(me, a);
            if wait {
                let t0 = Instant::now();
                spin_until(|| w.load(Acquire) == 0 || t0.elapsed() > Duration::from_millis(200));
            }
            if w.load(Acquire) == 0 {
                (env.free)(a);
            } else {
                keep.push_back((a, s, q));
            }
        }
        self.staging = keep;
    }

    // ---- teams -----------------------------------------------------------------------

    /// `upccoll_team_split`: a collective over the parent team.
    pub fn split(&mut self, parent: u64, color: i64, key: i64) -> Result<u64, i32> {
        let Some(team) = self.team(parent) else {
            return Err(rc::TEAM);
        };
        self.split_count += 1;
        // exchange (color, key); the new team's slot and base are agreed below through
        // each member's published slot state
        let call = Call {
            color,
            key,
            op: self.split_count,
            ..Default::default()
        };
        let (e, _) = self.start(Kind::Split, parent, call, true);
        if e != rc::SUCCESS {
            return Err(e);
        }
        let h = self.next_handle - 1;
        let op = self.ops.remove(&h).unwrap();
        let seq = op.seq;
        let deps: Vec<usize> = (0..team.members.len()).collect();
        // wait for every member's initiation, then read colors and keys from the descriptors
        self.complete(op);
        let env = &self.env;
        let descs: Vec<[u64; DESC_WORDS]> = deps
            .iter()
            .map(|&r| {
                env.read_desc(team.members[r], team.slot, seq)
                    .unwrap_or([0; DESC_WORDS])
            })
            .collect();
        let ck: Vec<(i64, i64)> = descs
            .iter()
            .map(|d| (d[desc::SCOUNT] as i64, d[desc::RCOUNT] as i64))
            .collect();
        // my new team: members with my color, ordered by key then parent rank
        let mut group: Vec<(i64, usize)> = ck
            .iter()
            .enumerate()
            .filter(|(_, &(c, _))| c == color)
            .map(|(r, &(_, k))| (k, r))
            .collect();
        group.sort();
        let members: Vec<usize> = group.iter().map(|&(_, r)| team.members[r]).collect();
        let rank = group.iter().position(|&(_, r)| r == team.rank).unwrap();
        // a slot free on every member, and a sequence base above what any member used on
        // it: every member publishes its slot table before initiating the split, and the
        // split's completion saw every member's initiation, so the tables are current.
        let free_on = |t: usize, s: usize| env.slot_uid(t, s).load(Acquire) == 0;
        let Some(slot) = (1..SLOTS).find(|&s| members.iter().all(|&m| free_on(m, s))) else {
            return Err(rc::ERROR);
        };
        let base = members
            .iter()
            .map(|&m| env.initiated(m, slot).load(Acquire))
            .max()
            .unwrap_or(0);
        // the team id: its leader (rank 0) and the leader's count of splits, job-wide unique
        let leader_rank = group[0].1;
        let uid = ((members[0] as u64 + 1) << 32) | (descs[leader_rank][desc::OP] & 0xffff_ffff);
        // a second barrier over the parent so that nobody claims the slot before every
        // member read the slot tables
        let (e, _) = self.start(Kind::Barrier, parent, Call::default(), false);
        if e != rc::SUCCESS {
            return Err(e);
        }
        let env = &self.env;
        env.set_members(slot, &members);
        env.slot_size(env.me, slot)
            .store(members.len() as u64, Release);
        env.initiated(env.me, slot).store(base, SeqCst);
        env.slot_uid(env.me, slot).store(uid + 1, SeqCst);
        self.seq[slot] = base;
        self.teams.insert(
            uid,
            Rc::new(Team {
                uid,
                slot,
                members,
                rank,
            }),
        );
        Ok(uid)
    }

    /// `upccoll_team_free`: collective over the team (barrier semantics).
    pub fn team_free(&mut self, uid: u64) -> i32 {
        if uid == 0 {
            return rc::TEAM;
        }
        let Some(team) = self.team(uid) else {
            return rc::TEAM;
        };
        let (e, _) = self.start(Kind::Free, uid, Call::default(), false);
        if e != rc::SUCCESS {
            return e;
        }
        self.teams.remove(&uid);
        self.freed.insert(uid);
        // keep `initiated` (monotonic for the next team on this slot); release the slot
        self.env.slot_uid(self.env.me, team.slot).store(0, SeqCst);
        rc::SUCCESS
    }

    /// `upccoll_finalize`: complete everything of this thread, then a barrier over all.
    pub fn finalize(&mut self) -> i32 {
        if !self.initialized || self.finalized {
            return rc::ERROR;
        }
        self.fence();
        let hs: Vec<u64> = self.ops.keys().copied().collect();
        for h in hs {
            self.wait(h);
        }
        let (e, _) = self.start(Kind::Finalize, 0, Call::default(), false);
        self.collect_staging(true);
        self.env.hdr(self.env.me, hdr::ENDED).store(2, SeqCst);
        self.finalized = true;
        e
    }
}

fn spin_until(pred: impl Fn() -> bool) {
    let mut i = 0u32;
    while !pred() {
        i += 1;
        if i < 64 {
            std::hint::spin_loop();
        } else if i < 400 {
            crate::sync::yield_and_progress();
        } else {
            std::thread::sleep(Duration::from_micros(50));
        }
        if i >= 64 {
            // serve other threads' remote accesses to this thread's data (MPI conduit)
            crate::sync::progress();
        }
    }
}
