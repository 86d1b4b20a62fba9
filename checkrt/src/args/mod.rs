//! Argument checks: every constraint of the rules catalog, evaluated before each call.
//!
//! [`check`] takes the call site, the operation's catalog entry and the argument values and
//! returns the broken rules.  It is on the path of every UPC library call, so the common
//! case (nothing wrong) allocates nothing and makes no system call: values are tested in
//! place, shared objects are looked up at most once per argument, private memory is
//! checked against a cached copy of the process's mappings.  Once a rule on an argument is
//! broken, later rules on the same argument are skipped, so one mistake gives one message.

pub mod eval;
pub mod fast;
pub mod layout;
pub mod memory;
pub mod null;
pub mod private;
pub mod value;
pub mod world;

#[cfg(test)]
mod tests;

use crate::ffi::Val;
use rules::Op;
use std::sync::OnceLock;
pub use world::{DomainState, FileState, HandleState, LockState, Obj, Runtime, World};

/// One broken argument rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// Index of the offending argument (None: the call itself, e.g. a removed function).
    pub arg: Option<usize>,
    /// Its value, readably (pointers-to-shared as `(thread 2, addr 0x40, phase 1)`,
    /// flags as `UPC_IN_MYSYNC|UPC_OUT_NOSYNC`).
    pub value: String,
    /// The rule broken, with the specifics of this call.
    pub rule: String,
    /// A warning (never stops the program).
    pub warning: bool,
    /// The other arguments the rule involves (e.g. `numhints` when `hints` is reported),
    /// so that a report can show their source text, value and declaration too.
    pub related: Vec<usize>,
}

/// Check the arguments of a call against the catalog's constraints for its operation.
pub fn check(info: &crate::optable::OpInfo, args: &[Val]) -> Vec<Violation> {
    // The hottest case first: a clean upc_mem* or lock call.
    if info.shape != fast::Shape::None && fast::accepts(&Runtime, info.shape, args) {
        return Vec::new();
    }
    // a warning is reported once per call site and counted there (report::emit)
    check_in(&Runtime, info.op, args)
}

/// Whether argument `index` of this call must have the same value on every thread: the
/// catalog's single-valued arguments, plus, for a UPC-IO call on a file that uses a common
/// file pointer, the arguments marked `single_valued_common_fp` (the file's mode is in
/// shared state, so every thread decides the same way).  For the collective signature.
pub fn single_valued_now(op: &'static Op, index: usize, args: &[Val]) -> bool {
    let Some(a) = op.args.get(index) else {
        return false;
    };
    if a.single_valued {
        return true;
    }
    if !a.single_valued_common_fp {
        return false;
    }
    let Some(fd) = op.arg_index("fd").and_then(|i| args.get(i)) else {
        return false;
    };
    // SAFETY: `fd` is a `upc_file_t *` carried in `.p`.
    let fd = unsafe { fd.p } as usize;
    matches!(Runtime.file(fd), FileState::Open { flags, .. }
        if flags & rules::consts::UPC_COMMON_FP != 0)
}

/// Bit masks of the arguments each constraint is about, per operation.
fn masks(op: &'static Op) -> &'static [u32] {
    static MASKS: OnceLock<Vec<Vec<u32>>> = OnceLock::new();
    let all = MASKS.get_or_init(|| {
        rules::OPS
            .iter()
            .map(|o| o.checks.iter().map(|c| c.arg_mask()).collect())
            .collect()
    });
    &all[op.id()]
}

/// Only the slow path (tests compare it with the fast path).
#[cfg(test)]
pub(crate) fn check_slow<W: World>(w: &W, op: &'static Op, args: &[Val]) -> Vec<Violation> {
    let have = if args.len() >= 32 {
        u32::MAX
    } else {
        (1u32 << args.len()) - 1
    };
    generic(eval::Ctx::new(w, op, args), op, args, masks(op), have)
}

/// Whether the fast paths accept the call.
#[cfg(test)]
pub(crate) fn quick_accepts<W: World>(w: &W, op: &'static Op, args: &[Val]) -> bool {
    let shape = fast::shape(op);
    if shape != fast::Shape::None && fast::accepts(w, shape, args) {
        return true;
    }
    let have = if args.len() >= 32 {
        u32::MAX
    } else {
        (1u32 << args.len()) - 1
    };
    let mut cx = eval::Ctx::new(w, op, args);
    op.checks
        .iter()
        .zip(masks(op))
        .all(|(c, &mask)| mask & !have != 0 || cx.quick(c))
}

/// [`check`] against any [`World`] (the unit tests use a mock).
pub fn check_in<W: World>(w: &W, op: &'static Op, args: &[Val]) -> Vec<Violation> {
    if op.checks.is_empty() {
        return Vec::new();
    }
    let shape = fast::shape(op);
    if shape != fast::Shape::None && fast::accepts(w, shape, args) {
        return Vec::new();
    }
    let masks = masks(op);
    let have = if args.len() >= 32 {
        u32::MAX
    } else {
        (1u32 << args.len()) - 1
    };
    let mut cx = eval::Ctx::new(w, op, args);
    // Fast path: every rule surely holds.
    if op
        .checks
        .iter()
        .zip(masks)
        .all(|(c, &mask)| mask & !have != 0 || cx.quick(c))
    {
        return Vec::new();
    }
    generic(cx, op, args, masks, have)
}

/// Evaluate every rule (the slow path, which also writes the messages).
fn generic<W: World>(
    mut cx: eval::Ctx<'_, W>,
    op: &'static Op,
    args: &[Val],
    masks: &[u32],
    have: u32,
) -> Vec<Violation> {
    let mut out = Vec::new();
    // Arguments already reported: later rules that involve them are skipped.
    let mut failed = 0u32;
    for (c, &mask) in op.checks.iter().zip(masks) {
        if mask & !have != 0 || mask & failed != 0 {
            continue;
        }
        if let Some(bad) = cx.eval(c) {
            let rule = c.rule(op);
            let rule = if bad.detail.is_empty() {
                rule
            } else {
                format!("{rule}; {}", bad.detail)
            };
            let arg = bad.arg.map(usize::from);
            let value = match arg {
                Some(i) => value::show(&op.args[i], &args[i]),
                None => String::new(),
            };
            if let (Some(a), false) = (bad.arg, c.is_warning()) {
                failed |= 1u32 << (a & 31);
            }
            let related = c
                .args()
                .into_iter()
                .map(usize::from)
                .filter(|&i| Some(i) != arg && i < args.len())
                .fold(Vec::new(), |mut v, i| {
                    if !v.contains(&i) {
                        v.push(i);
                    }
                    v
                });
            out.push(Violation {
                arg,
                value,
                rule,
                warning: c.is_warning(),
                related,
            });
        }
    }
    out
}
