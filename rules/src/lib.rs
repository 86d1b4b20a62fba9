//! The catalog of UPC operations.
//!
//! One declarative entry per UPC operation (statements, library functions, collectives,
//! UPC-IO, ...).  The translator reads it to know which calls to instrument and how to pass
//! each argument to the checker; the checker reads it to build signatures (operation +
//! single-valued arguments) and to validate arguments.  An operation's id is its index in
//! [`OPS`]; generated C passes that id in `upcc_site_t.op`.

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

/// One argument of an operation.
#[derive(Debug)]
pub struct Arg {
    pub name: &'static str,
    /// The C type as the UPC header declares it.
    pub c_type: &'static str,
    pub kind: ValKind,
    /// Must have the same value on every thread (part of the collective signature).
    pub single_valued: bool,
}

/// What sort of operation this is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpKind {
    /// A UPC statement (`upc_barrier`, `upc_notify`, `upc_wait`, `upc_forall`, end of program).
    Statement,
    /// A library function.
    Function,
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
}

/// The catalog.  Index = operation id.
pub static OPS: &[Op] = &[];

/// Look an operation up by name: (id, entry).
pub fn lookup(name: &str) -> Option<(usize, &'static Op)> {
    OPS.iter().enumerate().find(|(_, op)| op.name == name)
}
