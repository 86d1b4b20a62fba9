//! The kinds of finding a checked program reports: the `kind` of every report (stderr,
//! JSON, SARIF), whether it is a warning, and what it means.  The checker's report kinds,
//! the test runner's `expect:` values and the SARIF rules are all this table.

/// One kind of finding.
#[derive(Debug)]
pub struct KindInfo {
    /// The name in reports, e.g. `collective-mismatch`.
    pub name: &'static str,
    /// A warning: reported, never stops the program, does not change its exit status.
    pub warning: bool,
    /// One sentence: what happened.
    pub summary: &'static str,
}

const fn k(name: &'static str, summary: &'static str) -> KindInfo {
    KindInfo {
        name,
        warning: false,
        summary,
    }
}

const fn w(name: &'static str, summary: &'static str) -> KindInfo {
    KindInfo {
        name,
        warning: true,
        summary,
    }
}

/// Every kind of finding.
pub static KINDS: &[KindInfo] = &[
    k(
        "collective-mismatch",
        "Threads reached different collective operations (a deadlock).",
    ),
    k(
        "single-valued-mismatch",
        "A single-valued argument of a collective operation differs between threads.",
    ),
    k(
        "barrier-value-mismatch",
        "upc_barrier, upc_notify or upc_wait values differ between threads.",
    ),
    k(
        "finished-while-waiting",
        "A thread reached the end of the program while others wait at a collective operation (a deadlock).",
    ),
    k(
        "split-barrier",
        "upc_notify and upc_wait do not alternate, or a collective operation or the end of the program comes between them.",
    ),
    k("lock-relock", "upc_lock of a lock the thread already holds."),
    k("lock-not-held", "upc_unlock of a lock the thread does not hold."),
    k(
        "lock-cycle",
        "Threads hold locks and wait for each other's (a deadlock).",
    ),
    k(
        "lock-chain-finished",
        "A thread waits for a lock held, directly or through other threads, by a thread that has finished.",
    ),
    k(
        "lock-chain-collective",
        "A thread waits for a lock held by a thread blocked at a collective operation that cannot complete.",
    ),
    k(
        "lock-held-in-collective",
        "A thread entered a collective operation holding a lock another thread waits for.",
    ),
    w(
        "livelock",
        "upc_lock_attempt kept failing on the same lock for UPCCHECK_LIVELOCK_TIMEOUT seconds.",
    ),
    w(
        "lock-held-at-end",
        "Locks are still held at the end of the program.",
    ),
    k(
        "invalid-argument",
        "An argument of a UPC library function breaks a rule of the UPC specification.",
    ),
    w(
        "questionable-argument",
        "A call that is allowed but almost certainly not meant (for example a function removed from UPC 1.3).",
    ),
    k(
        "forall-collective",
        "A collective operation inside a controlling upc_forall.",
    ),
    k(
        "forall-escape",
        "return, break or goto leaves a upc_forall body, or goto enters one.",
    ),
    k(
        "forall-not-single-valued",
        "The iterations or affinities of a upc_forall differ between threads.",
    ),
    k("thread-killed", "A thread died from a signal."),
    k(
        "null-pointer-to-shared",
        "A null pointer-to-shared was dereferenced.",
    ),
    k(
        "team-deadlock",
        "Threads wait in Collectives 2.0 operations of different teams for each other, or for a thread that ended (a deadlock).",
    ),
    k(
        "team-split-keys",
        "upccoll_team_split got the same color and key from two threads, or keys that do not number a new team 0 to size-1.",
    ),
    k(
        "handle-not-completed",
        "A non-blocking Collectives 2.0 operation was never completed by upccoll_wait or upccoll_fence before upccoll_finalize or the end of the program.",
    ),
    k(
        "buffer-in-flight",
        "A buffer owned by an in-flight non-blocking collective was written or passed to another collective before the collective completed.",
    ),
    k(
        "data-race",
        "Two threads accessed the same shared memory, at least one writing, with no barrier, lock, strict access or synchronizing collective ordering them.",
    ),
];

/// The kind called `name`.
pub fn kind(name: &str) -> Option<&'static KindInfo> {
    KINDS.iter().find(|k| k.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_lowercase() {
        for (i, a) in KINDS.iter().enumerate() {
            assert!(
                a.name.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
                "{}",
                a.name
            );
            assert!(a.summary.ends_with('.'), "{}", a.name);
            assert!(
                KINDS[i + 1..].iter().all(|b| b.name != a.name),
                "{} twice",
                a.name
            );
        }
        assert!(kind("livelock").unwrap().warning);
        assert!(!kind("lock-cycle").unwrap().warning);
        assert!(kind("deadlock").is_none());
    }
}
