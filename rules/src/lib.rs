//! The catalog of UPC operations.
//!
//! One declarative entry per UPC operation (statements, library functions, collectives,
//! UPC-IO, ...).  The translator reads it to know which calls to instrument and how to pass
//! each argument to the checker; the checker reads it to build signatures (operation +
//! single-valued arguments) and to validate arguments.  An operation's id is its index in
//! [`OPS`]; generated C passes that id in `upcc_site_t.op`.
//!
//! The entries themselves live in [`catalog`], the reusable argument rules in
//! [`constraint`], and the numeric values of the UPC constants the rules test in
//! [`consts`].

pub mod catalog;
pub mod coll2;
pub mod constraint;
pub mod consts;
pub mod env;
pub mod kinds;
pub mod launch;
pub mod report;
pub mod sarif;
pub mod table;

pub use constraint::{Constraint, Size};

/// How an argument value travels in `upcc_val_t` (which union member carries it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValKind {
    /// `.i`: signed integers.
    Int,
    /// `.u`: unsigned integers, `size_t`, `upc_flag_t`, `upc_op_t`, `upc_type_t`.
    Uint,
    /// `.d`: floating values.
    Float,
    /// `.p`: pointers-to-local, function pointers, `upc_file_t *`.
    Ptr,
    /// `.s`: pointers-to-shared, `upc_lock_t *`.
    Shared,
}

impl ValKind {
    /// The `upcc_val_t` member name.
    pub fn member(self) -> &'static str {
        match self {
            ValKind::Int => "i",
            ValKind::Uint => "u",
            ValKind::Float => "d",
            ValKind::Ptr => "p",
            ValKind::Shared => "s",
        }
    }
}

/// How a value is shown to the user in messages (symbolic names for UPC constants).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fmt {
    /// Decimal integer, pointer in hex, pointer-to-shared as `(thread t, addr a, phase p)`.
    Plain,
    /// `upc_flag_t` synchronization flags: `UPC_IN_MYSYNC|UPC_OUT_NOSYNC`.
    SyncFlags,
    /// `upc_op_t` operation: `UPC_ADD`.
    Op,
    /// `upc_type_t`: `UPC_INT`.
    Type,
    /// `upc_all_fopen` flags: `UPC_RDONLY|UPC_INDIVIDUAL_FP`.
    IoFlags,
    /// `upc_all_fseek` origin: `UPC_SEEK_SET`.
    Whence,
    /// `upc_all_fcntl` command: `UPC_GET_FP`.
    FcntlCmd,
    /// Atomic domain hints: `UPC_ATOMIC_HINT_LATENCY`.
    AtomicHint,
}

/// One argument of an operation.
#[derive(Debug)]
pub struct Arg {
    pub name: &'static str,
    /// The C type as the UPC header declares it.
    pub c_type: &'static str,
    pub kind: ValKind,
    /// Must have the same value on every thread (part of the collective signature).
    pub single_valued: bool,
    /// UPC-IO: must have the same value on every thread when the call's file handle (its
    /// `fd` argument) uses a common file pointer (`UPC_COMMON_FP`); may differ with
    /// individual file pointers.  The checker decides per call (`args::single_valued_now`).
    pub single_valued_common_fp: bool,
    /// How its value is printed in messages.
    pub fmt: Fmt,
    /// What of a single-valued pointer must be the same on every thread: the pointer, or
    /// what it points to (a file name, an array of hints).
    pub same: Same,
}

/// What of a single-valued argument every thread must agree on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Same {
    /// The value itself.
    Value,
    /// The contents of the C string it points to (`upc_all_fopen`'s `fname`).
    CString,
    /// The keys and values of the `struct upc_hint` array it points to, whose length is
    /// argument `count` (`upc_all_fopen`'s `hints`, `numhints`).
    Hints { count: u8 },
    /// The key and value of the one `struct upc_hint` it points to when argument `cmd` is
    /// `UPC_SET_HINT` (`upc_all_fcntl`'s `arg`); nothing for the other commands, whose `arg`
    /// is each thread's own location.
    SetHint { cmd: u8 },
}

/// What sort of operation this is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpKind {
    /// A UPC statement (`upc_barrier`, `upc_notify`, `upc_wait`, `upc_forall`, end of program).
    Statement,
    /// A library function.
    Function,
}

/// What an operation does for the deadlock checks, read by the translator (which calls get
/// an exit hook) and by the checker (how a call moves the thread's state).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Neither a collective nor a lock operation.
    Other,
    /// A collective library function (takes part in the signature ring).
    Collective,
    /// `upc_barrier` (= notify + wait).
    Barrier,
    Notify,
    Wait,
    /// `upc_forall` (checked through the forall hooks).
    Forall,
    Lock,
    LockAttempt,
    Unlock,
    /// `upc_lock_free`.
    LockFree,
    /// `upc_all_lock_free`: collective, and removes a lock.
    AllLockFree,
}

/// One UPC operation.
#[derive(Debug)]
pub struct Op {
    pub name: &'static str,
    pub kind: OpKind,
    /// The header that declares it (`upc.h`, `upc_collective.h`, ...), "" for statements.
    pub header: &'static str,
    pub args: &'static [Arg],
    /// Every thread must call it (it takes part in the collective signature ring).
    pub collective: bool,
    /// It synchronizes threads (may block until others arrive).
    pub synchronizing: bool,
    /// Its part in the deadlock checks.
    pub role: Role,
    /// The C return type as the header declares it ("" for statements).
    pub ret: &'static str,
    /// The argument rules checked before every call (see [`Constraint`]).
    pub checks: &'static [Constraint],
}

impl Op {
    /// The same entry with role `role` (catalog construction).
    pub const fn with_role(mut self, role: Role) -> Op {
        self.role = role;
        self
    }

    /// Whether the checker records the end of a call (where a thread stops waiting:
    /// collectives and lock acquisitions).
    pub fn records_exit(&self) -> bool {
        self.collective || self.synchronizing || matches!(self.role, Role::Lock | Role::LockAttempt)
    }

    /// Index of the argument called `name`.
    pub fn arg_index(&self, name: &str) -> Option<usize> {
        self.args.iter().position(|a| a.name == name)
    }

    /// The id of this entry in [`OPS`] (O(1): its position in the table).
    pub fn id(&'static self) -> usize {
        let base = OPS.as_ptr() as usize;
        let at = self as *const Op as usize;
        let id = at.wrapping_sub(base) / std::mem::size_of::<Op>();
        debug_assert!(
            id < OPS.len() && std::ptr::eq(&OPS[id], self),
            "an Op reference always points into OPS"
        );
        id.min(OPS.len() - 1)
    }

    /// The C prototype as the header declares it, e.g.
    /// `void upc_memset(shared void *dst, int c, size_t n)`.
    pub fn prototype(&self) -> String {
        if self.kind == OpKind::Statement {
            return match self.args.first() {
                Some(a) => format!("{} {};", self.name, a.name),
                None => format!("{};", self.name),
            };
        }
        let args: Vec<String> = self
            .args
            .iter()
            .map(|a| declarator(a.c_type, a.name))
            .collect();
        let args = if args.is_empty() {
            "void".to_string()
        } else {
            args.join(", ")
        };
        format!("{}({})", declarator(self.ret, self.name), args)
    }
}

/// Put `name` into the C type `ty` (handles function-pointer types like `int (*)(int, int)`).
pub fn declarator(ty: &str, name: &str) -> String {
    if let Some(pos) = ty.find("(*)") {
        format!("{}(*{}){}", &ty[..pos], name, &ty[pos + 3..])
    } else if ty.ends_with('*') {
        format!("{ty}{name}")
    } else {
        format!("{ty} {name}")
    }
}

/// The catalog.  Index = operation id.
pub static OPS: &[Op] = catalog::OPS;

/// Look an operation up by name: (id, entry).
pub fn lookup(name: &str) -> Option<(usize, &'static Op)> {
    OPS.iter().enumerate().find(|(_, op)| op.name == name)
}

/// Number of checks: (operation, constraint) pairs in the catalog.
pub fn check_count() -> usize {
    OPS.iter().map(|op| op.checks.len()).sum()
}
