//! The lowering of shared accesses for a conduit with remote data (`-network=mpi`,
//! `Options::remote_access`): reads through `upcr_rd`, writes and updates through `upcr_wr` /
//! `upcr_wr_done`, strict reads through `upcr_rd_strict`, `upc_fence` through
//! `upcr_fence_remote`, the calling thread's own elements in the controlling loop of a
//! strided `upc_forall` still direct; and without it (the smp conduit) none of them.  (Run-time behaviour: tests/mpi.rs
//! and the conformance mode mpi-rank.)

use instrumenter::lower::{translate, Options};

const PRELUDE: &str = "shared int a[40];\nstrict shared int s;\nshared int *shared p;\n";

/// The C text of `body` (statements of main, with `int x, i` declared; THREADS = 4).
fn lower(body: &str, remote: bool) -> String {
    let src = format!("{PRELUDE}int main(void) {{ int x = 0, i;\n{body}\nreturn x; }}\n");
    let opts = Options {
        remote_access: remote,
        static_threads: Some(4),
        ..Options::default()
    };
    match translate(src, "t.upc", &opts) {
        Ok(out) => out.c_text,
        Err(d) => panic!("{:?}", d.iter().map(|x| x.to_string()).collect::<Vec<_>>()),
    }
}

/// Remote access and race checking on, THREADS = 4.
fn race_remote_options() -> Options {
    Options {
        remote_access: true,
        static_threads: Some(4),
        checks: instrumenter::lower::Checks {
            race: true,
            ..Default::default()
        },
        ..Options::default()
    }
}

/// The text of main's body (after the prelude's declarations).
fn body(c: &str) -> &str {
    &c[c.find("upcr_user_main")
        .or_else(|| c.find("main("))
        .expect("main")..]
}

#[test]
fn reads_go_through_upcr_rd() {
    let c = lower("x = a[x + 1];", true);
    assert!(body(&c).contains("upcr_rd(upcr_ps_elem("), "{c}");
    assert!(!body(&c).contains("upcr_wr("), "{c}");
}

#[test]
fn writes_and_updates_go_through_upcr_wr_and_are_put_back() {
    for (stmt, fetch) in [
        ("a[x] = 3;", "0)"),
        ("a[x] += 3;", "1)"),
        ("a[x]++;", "1)"),
        ("--a[x];", "1)"),
        ("*p = 4;", "0)"),
    ] {
        let c = lower(stmt, true);
        let b = body(&c);
        let wr = b.find("upcr_wr(").unwrap_or_else(|| panic!("{stmt}: {c}"));
        assert!(
            b[wr..].contains(&format!("sizeof(int), (void *)&")),
            "{stmt}: {c}"
        );
        let call_end = b[wr..].find(';').unwrap() + wr;
        assert!(
            b[wr..call_end].ends_with(fetch),
            "{stmt}: {}",
            &b[wr..call_end]
        );
        assert!(b[wr..].contains("upcr_wr_done("), "{stmt}: {c}");
    }
}

#[test]
fn strict_reads_and_fences_make_progress() {
    let c = lower("x = s; upc_fence;", true);
    assert!(body(&c).contains("upcr_rd_strict("), "{c}");
    assert!(body(&c).contains("upcr_fence_remote();"), "{c}");
    let c = lower("s = 1;", true);
    assert!(body(&c).contains("upcr_wr("), "{c}");
    assert!(body(&c).contains("upcr_fence();"), "{c}");
}

#[test]
fn own_elements_of_a_strided_forall_stay_direct() {
    let c = lower("upc_forall (i = 0; i < 40; i++; i) a[i] = i;", true);
    let b = body(&c);
    // the controlling loop stores to the calling thread's elements directly ...
    assert!(
        b.contains("(*(int *)upcr_addr((uint32_t)upcr_mythread, __upcsv_a.offset + (uint64_t)"),
        "{c}"
    );
    // ... a nested (non-controlling) execution of the same body takes the general path
    assert_eq!(b.matches("upcr_wr(").count(), 1, "{c}");
}

#[test]
fn the_smp_lowering_has_no_remote_path() {
    for stmt in [
        "x = a[x + 1];",
        "a[x] += 3;",
        "a[x]++;",
        "*p = 4;",
        "x = s; upc_fence;",
    ] {
        let c = lower(stmt, false);
        for name in ["upcr_rd", "upcr_wr", "upcr_fence_remote"] {
            assert!(!body(&c).contains(name), "{stmt}: {c}");
        }
    }
}

/// With race checking (`--upccheck:-r`): a read that may be remote is recorded on its way
/// (`upcc_race_rd` instead of `upcr_rd`; a strict one with the strict bit, acquiring after
/// the read), and a write is recorded by `upcc_race_staged` at its pointer-to-shared's
/// address, whether `upcr_wr` gives the datum's own address (mapped) or a temporary (another
/// node's data).
#[test]
fn race_checking_records_the_accesses_that_may_be_remote() {
    let lower_race = |body: &str| {
        let src = format!("{PRELUDE}int main(void) {{ int x = 0, i;\n{body}\nreturn x; }}\n");
        translate(src, "t.upc", &race_remote_options())
            .unwrap()
            .c_text
    };
    let c = lower_race("x = a[x + 1];");
    let b = body(&c);
    assert!(b.contains("upcc_race_rd(upcr_ps_elem("), "{c}");
    assert!(!b.contains("upcr_rd("), "{c}");
    let c = lower_race("x = s;");
    let b = body(&c);
    let rd = b.find("upcc_race_rd(").unwrap_or_else(|| panic!("{c}"));
    assert!(b[rd..].contains(", 5u, &"), "a strict read: {c}");
    assert!(b[rd..].contains("upcc_race_acquire("), "{c}");
    let c = lower_race("a[x] = 3;");
    let b = body(&c);
    let wr = b.find("upcr_wr(").unwrap_or_else(|| panic!("{c}"));
    let var = b[wr..]
        .split("upcr_wr(")
        .nth(1)
        .and_then(|r| r.split(',').next())
        .unwrap_or_else(|| panic!("{c}"));
    assert!(
        b[wr..].contains(&format!("upcc_race_staged({var}, ")),
        "recorded at the pointer-to-shared {var}: {c}"
    );
    assert!(!b[wr..].contains("upcc_race_access("), "{c}");
    // without race checking: neither
    let c = lower("x = a[x + 1]; a[x] = 3;", true);
    assert!(
        !c.contains("upcc_race_rd(") && !c.contains("upcc_race_access("),
        "{c}"
    );
}

/// Every statement expression of the remote lowering is marked `__extension__`, which is
/// what lets `-std=c99 -pedantic -Werror` builds (course Makefiles) accept the generated C.
#[test]
fn statement_expressions_are_marked_as_extensions() {
    for stmt in [
        "a[x] = 3;",
        "a[x] += 3;",
        "a[x]++;",
        "x = a[x]++;",
        "*p = 4;",
        "s = x;",
        "x = s;",
        "p = &a[x]; p++;",
    ] {
        let c = lower(stmt, true);
        let b = body(&c);
        for (at, _) in b.match_indices("({") {
            assert!(
                b[..at].ends_with("__extension__ "),
                "{stmt}: a statement expression without __extension__: {}",
                &b[at.saturating_sub(40)..(at + 60).min(b.len())]
            );
        }
    }
}

/// A bit-field of a shared structure has no address: read through `upcr_rd` of its storage
/// unit's bytes, written through `upcr_wr` of them (fetched first: the unit holds other
/// fields) and `upcr_wr_done`; without remote data, through the structure's local address.
#[test]
fn bit_fields_move_their_storage_unit() {
    let src = "struct s { unsigned a : 3; unsigned b : 5; int n; };\nshared struct s v[40];\n\
               int main(void) { int x = v[1].b; v[2].b = x; v[3].a += 1; return x; }\n";
    for remote in [true, false] {
        let opts = Options {
            remote_access: remote,
            static_threads: Some(4),
            ..Options::default()
        };
        let c = translate(src.to_string(), "t.upc", &opts).unwrap().c_text;
        let b = body(&c);
        if remote {
            assert!(b.contains("upcr_rd(upcr_ps_field("), "{b}");
            assert_eq!(b.matches("upcr_wr(upcr_ps_field(").count(), 2, "{b}");
            assert!(b.contains(">> 32, (void *)((char *)&"), "{b}");
            assert!(
                b.contains(", 1);"),
                "a bit-field write fetches its unit: {b}"
            );
            assert_eq!(b.matches("upcr_wr_done(upcr_ps_field(").count(), 2, "{b}");
        } else {
            assert!(!b.contains("upcr_rd(") && !b.contains("upcr_wr("), "{b}");
            assert!(b.contains("*)upcr_ps_local("), "{b}");
        }
    }
    // with race checking, each of the three is recorded at its structure's address in the
    // segment (`upcr_ps_local` of its pointer-to-shared), not at the temporary of a remote
    // write, and the remote read still moves the unit by `upcr_rd`
    let c = translate(src.to_string(), "t.upc", &race_remote_options())
        .unwrap()
        .c_text;
    let b = body(&c);
    assert_eq!(
        b.matches("upcc_race_bitfield(upcr_ps_local(").count(),
        3,
        "{b}"
    );
    assert!(b.contains("upcr_rd(upcr_ps_field("), "{b}");
}
