//! Consistency of the catalog: names, argument kinds against C types, constraint indices,
//! the generated table in USERGUIDE.md, and the constant values against the UPC headers.

use rules::constraint::{Constraint, Size, Span};
use rules::{lookup, Fmt, OpKind, Role, ValKind, OPS};

#[test]
fn names_are_unique_and_lookup_finds_them() {
    for (i, op) in OPS.iter().enumerate() {
        let (id, found) = lookup(op.name).expect("every entry can be looked up");
        assert_eq!(id, i, "duplicate operation name {}", op.name);
        assert!(std::ptr::eq(found, op));
        assert_eq!(op.id(), i);
    }
    assert!(lookup("printf").is_none());
}

#[test]
fn roles_agree_with_the_operations() {
    // Every role but Other and Collective names exactly the operation it is for.
    for (role, name) in [
        (Role::Barrier, "upc_barrier"),
        (Role::Notify, "upc_notify"),
        (Role::Wait, "upc_wait"),
        (Role::Forall, "upc_forall"),
        (Role::Lock, "upc_lock"),
        (Role::LockAttempt, "upc_lock_attempt"),
        (Role::Unlock, "upc_unlock"),
        (Role::LockFree, "upc_lock_free"),
        (Role::AllLockFree, "upc_all_lock_free"),
    ] {
        let with: Vec<&str> = OPS
            .iter()
            .filter(|o| o.role == role)
            .map(|o| o.name)
            .collect();
        assert_eq!(with, [name], "{role:?}");
    }
    for op in OPS.iter() {
        match op.role {
            Role::Collective => {
                assert!(op.collective && op.kind == OpKind::Function, "{}", op.name)
            }
            Role::Other => assert!(
                !op.collective || op.kind == OpKind::Statement,
                "{}",
                op.name
            ),
            _ => {}
        }
        // Lock acquisitions and every collective record their exit.
        let acquires = matches!(op.role, Role::Lock | Role::LockAttempt);
        assert_eq!(
            op.records_exit(),
            op.collective || op.synchronizing || acquires
        );
    }
}

#[test]
fn statements_the_checkers_need_exist() {
    for (name, collective) in [
        ("upc_barrier", true),
        ("upc_notify", true),
        ("upc_wait", true),
        ("upc_fence", false),
        ("upc_forall", true),
    ] {
        let (_, op) = lookup(name).unwrap();
        assert_eq!(op.kind, OpKind::Statement, "{name}");
        assert_eq!(op.collective, collective, "{name}");
    }
    for name in ["upc_barrier", "upc_notify", "upc_wait"] {
        let op = lookup(name).unwrap().1;
        assert_eq!(op.args.len(), 1);
        assert_eq!(op.args[0].name, "value");
        assert_eq!(op.args[0].kind, ValKind::Int);
        assert!(op.args[0].single_valued);
    }
    for name in [
        "upc_lock",
        "upc_lock_attempt",
        "upc_unlock",
        "upc_lock_free",
    ] {
        let op = lookup(name).unwrap().1;
        assert_eq!(op.args[0].c_type, "upc_lock_t *");
        assert_eq!(op.args[0].kind, ValKind::Shared);
    }
}

/// The union member must follow the C type (the translator relies on it).
fn expected_kind(c_type: &str) -> ValKind {
    let t = c_type.trim();
    if t.contains("(*)") {
        return ValKind::Ptr;
    }
    if t.starts_with("shared")
        || t.starts_with("const shared")
        || t == "upc_lock_t *"
        || t == "upc_atomicdomain_t *"
    {
        return ValKind::Shared;
    }
    if t.contains('*') {
        return ValKind::Ptr;
    }
    match t {
        "int" | "upc_off_t" | "upc_atomichint_t" | "upccoll_dtype_t" | "upccoll_flag_t" => {
            ValKind::Int
        }
        "upccoll_team_t" | "upccoll_handle_t" => ValKind::Ptr,
        "upccoll_op_t" => ValKind::Uint,
        "size_t" | "upc_flag_t" | "upc_op_t" | "upc_type_t" | "upc_handle_t" | "upc_tick_t" => {
            ValKind::Uint
        }
        other => panic!("unexpected C type {other}"),
    }
}

#[test]
fn kinds_follow_c_types() {
    for op in OPS {
        for arg in op.args {
            assert_eq!(
                arg.kind,
                expected_kind(arg.c_type),
                "{}({}: {})",
                op.name,
                arg.name,
                arg.c_type
            );
        }
    }
}

#[test]
fn collectives_have_single_valued_arguments() {
    // Every argument of the upc_collective.h functions is single-valued (spec C2).
    for op in OPS.iter().filter(|o| o.header == "upc_collective.h") {
        assert!(op.collective, "{}", op.name);
        assert!(op.args.iter().all(|a| a.single_valued), "{}", op.name);
    }
    // UPC-IO: the file handle and the flags are single-valued everywhere.
    for op in OPS.iter().filter(|o| o.header == "upc_io.h") {
        assert!(op.collective, "{}", op.name);
        for a in op.args {
            if a.name == "fd" || a.c_type == "upc_flag_t" {
                assert!(a.single_valued, "{}.{}", op.name, a.name);
            }
        }
    }
    for name in [
        "upc_all_alloc",
        "upc_all_free",
        "upc_all_lock_free",
        "upc_all_lock_alloc",
    ] {
        let op = lookup(name).unwrap().1;
        assert!(
            op.collective && op.args.iter().all(|a| a.single_valued),
            "{name}"
        );
    }
    for name in [
        "upc_global_alloc",
        "upc_alloc",
        "upc_memcpy",
        "upc_lock",
        "upc_free",
    ] {
        assert!(!lookup(name).unwrap().1.collective, "{name}");
    }
}

fn size_ok(op: &rules::Op, s: Size) {
    let n = op.args.len() as u8;
    match s {
        Size::Arg(i) | Size::ArgThreads(i) => assert!(i < n, "{}", op.name),
        Size::Mul(a, b) => assert!(a < n && b < n, "{}", op.name),
        Size::Const(c) => assert!(c > 0, "{}", op.name),
    }
}

fn span_ok(op: &rules::Op, s: Span) {
    let kind = op.args[s.ptr() as usize].kind;
    match s {
        Span::Local { n, .. } => {
            assert_eq!(kind, ValKind::Ptr, "{}", op.name);
            size_ok(op, n);
        }
        Span::OnThread { n, .. } | Span::EveryThread { n, .. } => {
            assert_eq!(kind, ValKind::Shared, "{}", op.name);
            size_ok(op, n);
        }
        Span::Blocked {
            nelems, blk, elem, ..
        } => {
            assert_eq!(kind, ValKind::Shared, "{}", op.name);
            size_ok(op, nelems);
            size_ok(op, elem);
            assert_eq!(op.args[blk as usize].kind, ValKind::Uint, "{}", op.name);
        }
    }
}

#[test]
fn constraints_refer_to_arguments_of_the_right_kind() {
    for op in OPS {
        for c in op.checks {
            for i in c.args() {
                assert!((i as usize) < op.args.len(), "{} {:?}", op.name, c);
            }
            let kind = |i: u8| op.args[i as usize].kind;
            match *c {
                Constraint::ValidShared(i)
                | Constraint::NotFreed(i)
                | Constraint::AffinityThread0(i)
                | Constraint::AllocationStart(i)
                | Constraint::LockValid(i)
                | Constraint::LockNotFreed(i)
                | Constraint::IsPermutation(i)
                | Constraint::DomainValid(i) => {
                    assert_eq!(kind(i), ValKind::Shared, "{} {:?}", op.name, c)
                }
                Constraint::FileOpen(i) | Constraint::Readable(i) | Constraint::Writable(i) => {
                    assert_eq!(op.args[i as usize].c_type, "upc_file_t *", "{}", op.name)
                }
                Constraint::ValidSyncFlags(i) => {
                    assert_eq!(op.args[i as usize].fmt, Fmt::SyncFlags, "{}", op.name)
                }
                Constraint::ValidOp(i) => {
                    assert_eq!(op.args[i as usize].fmt, Fmt::Op, "{}", op.name)
                }
                Constraint::NonNullWhen { ptr, n } => {
                    assert!(matches!(kind(ptr), ValKind::Ptr | ValKind::Shared));
                    size_ok(op, n);
                }
                Constraint::Fits(s) => span_ok(op, s),
                Constraint::NoOverlap(a, b) => {
                    span_ok(op, a);
                    span_ok(op, b);
                }
                _ => {}
            }
            assert!(!c.rule(op).contains('?'), "{} {:?}", op.name, c);
        }
    }
}

#[test]
fn more_than_350_checks() {
    let n = rules::check_count();
    assert!(n > 350, "only {n} checks");
}

#[test]
fn userguide_table_matches_the_catalog() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../USERGUIDE.md");
    let doc = std::fs::read_to_string(path).expect("USERGUIDE.md exists");
    let new = rules::table::splice(&doc).expect("USERGUIDE.md has the generated-checks markers");
    assert!(
        new == doc,
        "USERGUIDE.md's table of checks is out of date: run \
         `cargo run -p rules --bin gen-checks-table`"
    );
}

#[test]
fn prototypes_read_like_the_headers() {
    assert_eq!(
        lookup("upc_memset").unwrap().1.prototype(),
        "void upc_memset(shared void *dst, int c, size_t n)"
    );
    assert_eq!(
        lookup("upc_all_reduceI").unwrap().1.prototype(),
        "void upc_all_reduceI(shared void * restrict dst, shared const void * restrict src, \
         upc_op_t op, size_t nelems, size_t blk_size, signed int (*func)(signed int, signed int), \
         upc_flag_t flags)"
    );
    assert_eq!(
        lookup("upc_all_lock_alloc").unwrap().1.prototype(),
        "upc_lock_t *upc_all_lock_alloc(void)"
    );
}
