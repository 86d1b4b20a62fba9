//! Synchronization flags of the collectives (`upc_flag_t`) and what each mode requires.
//!
//! `UPC_IN_xSYNC | UPC_OUT_ySYNC`; a missing half means ALLSYNC.  Values outside the spec
//! (several IN bits, unknown bits) are reported by the checker; here they are interpreted
//! deterministically and conservatively (the strongest mode named wins) so that a run
//! never hangs or crashes because of them.

use rules::consts as upc;

// `upc_flag_t` is an int in the C ABI.
pub const UPC_IN_ALLSYNC: i32 = upc::UPC_IN_ALLSYNC as i32;
pub const UPC_IN_MYSYNC: i32 = upc::UPC_IN_MYSYNC as i32;
pub const UPC_IN_NOSYNC: i32 = upc::UPC_IN_NOSYNC as i32;
pub const UPC_OUT_ALLSYNC: i32 = upc::UPC_OUT_ALLSYNC as i32;
pub const UPC_OUT_MYSYNC: i32 = upc::UPC_OUT_MYSYNC as i32;
pub const UPC_OUT_NOSYNC: i32 = upc::UPC_OUT_NOSYNC as i32;

/// One half (entry or exit) of a synchronization mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sync {
    All,
    My,
    No,
}

/// The entry and exit modes of one call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mode {
    pub entry: Sync,
    pub exit: Sync,
}

impl Mode {
    pub fn parse(flags: i32) -> Mode {
        let pick = |all: i32, my: i32, no: i32| {
            if flags & all != 0 || flags & (all | my | no) == 0 {
                Sync::All
            } else if flags & my != 0 {
                Sync::My
            } else {
                Sync::No
            }
        };
        Mode {
            entry: pick(UPC_IN_ALLSYNC, UPC_IN_MYSYNC, UPC_IN_NOSYNC),
            exit: pick(UPC_OUT_ALLSYNC, UPC_OUT_MYSYNC, UPC_OUT_NOSYNC),
        }
    }

    /// The spec's validity rule: at most one IN flag, at most one OUT flag, no other bit.
    pub fn is_valid(flags: i32) -> bool {
        let ins = flags & (UPC_IN_ALLSYNC | UPC_IN_MYSYNC | UPC_IN_NOSYNC);
        let outs = flags & (UPC_OUT_ALLSYNC | UPC_OUT_MYSYNC | UPC_OUT_NOSYNC);
        ins.count_ones() <= 1 && outs.count_ones() <= 1 && (ins | outs) == flags
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_combinations() {
        assert_eq!(
            Mode::parse(0),
            Mode {
                entry: Sync::All,
                exit: Sync::All
            }
        );
        assert_eq!(
            Mode::parse(UPC_IN_NOSYNC),
            Mode {
                entry: Sync::No,
                exit: Sync::All
            }
        );
        assert_eq!(
            Mode::parse(UPC_OUT_MYSYNC),
            Mode {
                entry: Sync::All,
                exit: Sync::My
            }
        );
        assert_eq!(
            Mode::parse(UPC_IN_MYSYNC | UPC_OUT_NOSYNC),
            Mode {
                entry: Sync::My,
                exit: Sync::No
            }
        );
        // Invalid: strongest wins, never a panic.
        assert_eq!(
            Mode::parse(UPC_IN_NOSYNC | UPC_IN_MYSYNC | 64),
            Mode {
                entry: Sync::My,
                exit: Sync::All
            }
        );
    }

    #[test]
    fn validity() {
        assert!(Mode::is_valid(0));
        assert!(Mode::is_valid(UPC_IN_MYSYNC | UPC_OUT_ALLSYNC));
        assert!(!Mode::is_valid(UPC_IN_MYSYNC | UPC_IN_NOSYNC));
        assert!(!Mode::is_valid(64));
        assert!(!Mode::is_valid(UPC_OUT_ALLSYNC | UPC_OUT_NOSYNC));
    }
}
