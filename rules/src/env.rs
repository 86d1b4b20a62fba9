//! The environment variables a program built by upc-check reads when it runs, in one list:
//! the checker's help (`--upccheck:-h`) prints it, and a test keeps it, the manual's table and
//! the names the runtime and the checker read the same.

/// One variable: its name, its default (`-` when unset means off or not given) and what it
/// does, in one line.
pub struct EnvVar {
    pub name: &'static str,
    pub default: &'static str,
    pub meaning: &'static str,
}

const fn var(name: &'static str, default: &'static str, meaning: &'static str) -> EnvVar {
    EnvVar {
        name,
        default,
        meaning,
    }
}

/// What a running UPC program reads (`USERGUIDE.md`, "Running").
pub const RUN_TIME: &[EnvVar] = &[
    var("UPC_THREADS", "-", "threads of a dynamic-THREADS program"),
    var(
        "UPC_SHARED_HEAP_SIZE",
        "256MB",
        "shared heap per thread (a bare number: MB)",
    ),
    var(
        "UPC_BARRIER",
        "counter",
        "barrier algorithm: counter or tree",
    ),
    var(
        "UPC_SPIN",
        "automatic",
        "most spins of a wait before it yields",
    ),
    var(
        "UPC_YIELD",
        "automatic",
        "most yields of a wait before it sleeps",
    ),
    var(
        "UPC_COLL_YIELDS",
        "200",
        "yields of a team collective's wait before it sleeps",
    ),
    var(
        "UPC_MPI_NODES",
        "host",
        "MPI conduit: host, rank or a number of nodes",
    ),
    var(
        "UPCCHECK_STOP_ON_ERROR",
        "TRUE",
        "FALSE: report errors and go on (status 3)",
    ),
    var(
        "UPCCHECK_LIVELOCK_TIMEOUT",
        "300",
        "seconds of failing upc_lock_attempt before a livelock",
    ),
    var(
        "UPCCHECK_REPORT",
        "-",
        "also write the findings to this file",
    ),
    var("UPCCHECK_REPORT_FORMAT", "json", "json or sarif"),
    var(
        "UPCCHECK_WARNINGS",
        "TRUE",
        "FALSE: warnings only go to the report file",
    ),
    var(
        "UPCCHECK_RACE_STATS",
        "-",
        "set: print the race checker's shadow memory at the end",
    ),
    var("UPCCHECK_COLOR", "auto", "always, never or auto"),
    var("NO_COLOR", "-", "set: no colour"),
];
