//! What the checker needs to know about each catalog operation, computed once from
//! `rules::OPS` at start-up: its role for the deadlock checks, the single-valued arguments
//! that go into its signature, whether it synchronizes, and its name as a C string for
//! the thread status records.

use std::ffi::{c_char, CString};

use rules::{Fmt, Op, ValKind};

use crate::ffi::Val;
use crate::signature::Signature;

pub use rules::Role;

/// One single-valued argument in a signature.
#[derive(Clone, Copy, Debug)]
pub struct SvArg {
    pub index: usize,
    pub kind: ValKind,
    /// Single-valued only when the file uses a common file pointer (UPC-IO).
    pub common_fp_only: bool,
    /// Compared by what it points to (its signature word is a digest).
    pub same: rules::Same,
}

#[derive(Debug)]
pub struct OpInfo {
    pub role: Role,
    pub op: &'static Op,
    /// Signature op code (barrier and notify share one: `upc_barrier` = notify + wait).
    pub code: u32,
    pub sv: Vec<SvArg>,
    /// The synchronization-flags argument, if any (an all-NOSYNC call does not synchronize).
    pub sync_flags: Option<usize>,
    /// `teams::entry` has something to do at its calls (a Collectives 2.0 function, or a
    /// `upc_mem*` call that team rules watch).
    pub teams: bool,
    /// The argument checks' fast path for it (`args::fast`).
    pub shape: crate::args::fast::Shape,
    /// `history::on_entry` remembers its calls.
    pub history: bool,
    name: CString,
}

impl OpInfo {
    pub fn name_ptr(&self) -> *const c_char {
        self.name.as_ptr()
    }

    /// Whether this call blocks until other threads arrive.
    pub fn synchronizes(&self, args: &[Val]) -> bool {
        match self.role {
            Role::Barrier | Role::Wait => true,
            Role::Notify => false,
            _ => {
                if !self.op.synchronizing {
                    return false;
                }
                match self.sync_flags.and_then(|i| args.get(i)) {
                    // SAFETY: upc_flag_t travels in .u (catalog kind Uint).
                    Some(v) => {
                        let f = unsafe { v.u };
                        let nosync = rules::consts::UPC_IN_NOSYNC | rules::consts::UPC_OUT_NOSYNC;
                        f & nosync != nosync
                    }
                    None => true,
                }
            }
        }
    }

    /// The signature of a call: the op code plus its single-valued argument values
    /// (pointers-to-shared compare by thread and address, not phase).
    pub fn signature(&self, site: u64, args: &[Val]) -> Signature {
        let mut s = Signature::new(self.code, site);
        for a in &self.sv {
            let Some(v) = args.get(a.index) else { continue };
            if a.common_fp_only && !crate::args::single_valued_now(self.op, a.index, args) {
                // not single-valued for this file: a fixed word keeps the layout
                s.push(0);
                if a.kind == ValKind::Shared {
                    s.push(0);
                }
                continue;
            }
            // SAFETY: the translator fills the member named by the argument's kind.
            unsafe {
                match a.kind {
                    ValKind::Shared => {
                        s.push(v.s.addr);
                        s.push(v.s.thread as u64);
                    }
                    ValKind::Int => s.push(v.i as u64),
                    ValKind::Uint => s.push(v.u),
                    ValKind::Float => s.push(v.d.to_bits()),
                    ValKind::Ptr if a.same != rules::Same::Value => {
                        let arg = &self.op.args[a.index];
                        s.push(crate::args::value::contents(a.same, v.p as usize, args, arg).0)
                    }
                    ValKind::Ptr => s.push(v.p as u64),
                }
            }
        }
        s
    }

    /// The single-valued arguments compared by contents, in order (the slot of each in a
    /// thread's `shown_text`).
    pub fn by_contents(&self) -> impl Iterator<Item = &SvArg> {
        self.sv.iter().filter(|a| a.same != rules::Same::Value)
    }

    /// Value words of each single-valued argument inside a signature: (arg index, words).
    pub fn words(&self) -> Vec<(usize, std::ops::Range<usize>)> {
        let mut at = 0;
        self.sv
            .iter()
            .map(|a| {
                let n = if a.kind == ValKind::Shared { 2 } else { 1 };
                let r = at..at + n;
                at += n;
                (a.index, r)
            })
            .collect()
    }
}

/// The table (built on first use; `upcc_main` builds it before the threads start).
pub fn table() -> &'static [OpInfo] {
    static T: std::sync::OnceLock<Vec<OpInfo>> = std::sync::OnceLock::new();
    T.get_or_init(build)
}

/// Build the table for the whole catalog.
pub fn build() -> Vec<OpInfo> {
    let notify = rules::lookup("upc_notify").map(|(id, _)| id);
    rules::OPS
        .iter()
        .enumerate()
        .map(|(id, op)| {
            let role = op.role;
            let code_id = match role {
                Role::Barrier | Role::Notify => notify.unwrap_or(id),
                _ => id,
            };
            // barrier values are checked by the consensus rule, not by equality
            let sv = match role {
                Role::Barrier | Role::Notify | Role::Wait => Vec::new(),
                _ => op
                    .args
                    .iter()
                    .enumerate()
                    .filter(|(_, a)| a.single_valued || a.single_valued_common_fp)
                    .map(|(index, a)| SvArg {
                        index,
                        kind: a.kind,
                        common_fp_only: !a.single_valued,
                        same: a.same,
                    })
                    .collect(),
            };
            let sync_flags = op.args.iter().position(|a| a.fmt == Fmt::SyncFlags);
            OpInfo {
                role,
                op,
                code: Signature::catalog(code_id, 0).op,
                sv,
                sync_flags,
                teams: crate::teams::watches(op),
                shape: crate::args::fast::shape(op),
                history: crate::history::leaves_history(op),
                name: CString::new(op.name).unwrap_or_default(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ffi::PShared;

    fn info(name: &str) -> &'static OpInfo {
        static T: std::sync::OnceLock<Vec<OpInfo>> = std::sync::OnceLock::new();
        let t = T.get_or_init(build);
        &t[rules::lookup(name).unwrap().0]
    }

    #[test]
    fn roles() {
        assert_eq!(info("upc_barrier").role, Role::Barrier);
        assert_eq!(info("upc_lock_attempt").role, Role::LockAttempt);
        assert_eq!(info("upc_all_broadcast").role, Role::Collective);
        assert_eq!(info("upc_memcpy").role, Role::Other);
        assert_eq!(
            info("upc_barrier").code,
            info("upc_notify").code,
            "barrier = notify + wait"
        );
    }

    #[test]
    fn broadcast_signature_and_sync() {
        let b = info("upc_all_broadcast");
        let n = b.op.args.len();
        let mut args = vec![Val { u: 0 }; n];
        args[0] = Val {
            s: PShared {
                addr: 64,
                thread: 1,
                phase: 3,
            },
        };
        let fl = b.sync_flags.expect("broadcast has sync flags");
        args[fl] = Val {
            u: rules::consts::UPC_IN_NOSYNC | rules::consts::UPC_OUT_NOSYNC,
        };
        assert!(!b.synchronizes(&args), "all-NOSYNC does not synchronize");
        args[fl] = Val {
            u: rules::consts::UPC_IN_ALLSYNC | rules::consts::UPC_OUT_NOSYNC,
        };
        assert!(b.synchronizes(&args));
        let s1 = b.signature(0, &args);
        args[0] = Val {
            s: PShared {
                addr: 64,
                thread: 1,
                phase: 0,
            },
        };
        assert!(s1.matches(&b.signature(0, &args)), "phase is not compared");
        args[0] = Val {
            s: PShared {
                addr: 128,
                thread: 1,
                phase: 0,
            },
        };
        assert!(!s1.matches(&b.signature(0, &args)), "address is compared");
    }
}
