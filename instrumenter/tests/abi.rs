//! The C ABI shared by translated programs, the runtime and the checker, checked from both
//! sides: every Rust mirror of a type of `pgas/include/` has the size, alignment and member
//! offsets the C compiler gives the header's type, and the Rust copies of the headers'
//! macros have the headers' values.  One table drives both sides: it generates a UPC
//! program that prints what the C compiler sees, and holds what Rust sees.

use std::mem::{align_of, offset_of, size_of};
use std::process::Command;

use checkrt::ffi::{Site, Val};
use checkrt::race::{Fast as RaceFast, ShadowCell as RaceCell, Span as RaceSpan};
use pgas::io::file::Hint;
use pgas::io::transfer::{Filevec, LocalMemvec, SharedMemvec};
use pgas::ptr::ThreadInfo;
use pgas::statics::{PrivateInit, SharedVar};
use pgas::PShared;

/// A C type, its Rust mirror's size and alignment, and its members' offsets in Rust.
struct Layout {
    c_type: &'static str,
    size: usize,
    align: usize,
    members: Vec<(&'static str, usize)>,
}

macro_rules! layout {
    ($c:expr, $rust:ty $(, $c_member:ident => $rust_member:ident)* $(,)?) => {
        Layout {
            c_type: $c,
            size: size_of::<$rust>(),
            align: align_of::<$rust>(),
            members: vec![$((stringify!($c_member), offset_of!($rust, $rust_member))),*],
        }
    };
}

fn layouts() -> Vec<Layout> {
    vec![
        layout!("upcr_pshared_t", PShared, addr => addr, thread => thread, phase => phase),
        layout!(
            "upcr_shared_var_t",
            SharedVar,
            name => name,
            file => file,
            line => line,
            local_bytes => local_bytes,
            align => align,
            init => init,
            offset => offset,
            next => next,
        ),
        layout!("upcr_private_init_t", PrivateInit, init => init, next => next),
        layout!("upcc_val_t", Val),
        layout!(
            "upcc_site_t",
            Site,
            file => file,
            line => line,
            col => col,
            op => op,
            nargs => nargs,
            arg_text => arg_text,
            arg_decl => arg_decl,
            func => func,
            source_line => source_line,
        ),
        layout!("upcc_race_cell_t", RaceCell, w => w, r => r, r2 => r2),
        layout!(
            "upcc_race_fast_t",
            RaceFast,
            seg => seg,
            len => len,
            cells => cells,
            epoch => epoch,
            private_flight => private_flight,
        ),
        layout!(
            "upcc_race_span_t",
            RaceSpan,
            start => start,
            end => end,
            elem => elem,
            kind => kind,
            site => site,
        ),
        layout!("struct upc_hint", Hint, key => key, value => value),
        layout!("struct upc_local_memvec", LocalMemvec, baseaddr => baseaddr, len => len),
        layout!(
            "struct upc_shared_memvec",
            SharedMemvec,
            baseaddr => baseaddr,
            blocksize => blocksize,
            len => len,
        ),
        layout!("struct upc_filevec", Filevec, offset => offset, len => len),
        layout!(
            "upc_thread_info_t",
            ThreadInfo,
            guaranteedCastable => guaranteed_castable,
            probablyCastable => probably_castable,
        ),
    ]
}

/// Macros of the headers with a Rust copy that is not generated from them: the flag bits of
/// `upcc_main` as the checker reads them and as the translator writes them (the generated C
/// is compiled after preprocessing, so it carries numbers, not the macros).
fn constants() -> Vec<(&'static str, u64)> {
    use checkrt::config;
    use instrumenter::lower::Checks;
    let none = Checks::default();
    let bits = |c: Checks| u64::from(c.bits());
    vec![
        ("UPCC_ARGS_CHECKS", config::ARGS_CHECKS.into()),
        ("UPCC_DEADLOCK_CHECKS", config::DEADLOCK_CHECKS.into()),
        ("UPCC_CALLSTACK", config::CALLSTACK.into()),
        ("UPCC_RACE_CHECKS", config::RACE_CHECKS.into()),
        ("UPCC_RACE_CHECKS", bits(Checks { race: true, ..none })),
        ("UPCC_RACE_READ", u64::from(instrumenter::lower::RACE_READ)),
        (
            "UPCC_RACE_WRITE",
            u64::from(instrumenter::lower::RACE_WRITE),
        ),
        (
            "UPCC_RACE_STRICT",
            u64::from(instrumenter::lower::RACE_STRICT),
        ),
        (
            "UPCC_RACE_VALUE",
            u64::from(instrumenter::lower::RACE_VALUE),
        ),
        ("UPCC_RACE_VALUE", checkrt::race::VALUE.into()),
        ("UPCC_RACE_READ", checkrt::race::READ.into()),
        ("UPCC_RACE_WRITE", checkrt::race::WRITE.into()),
        ("UPCC_RACE_STRICT", checkrt::race::STRICT.into()),
        ("UPCC_ARGS_CHECKS", bits(Checks { args: true, ..none })),
        (
            "UPCC_DEADLOCK_CHECKS",
            bits(Checks {
                deadlock: true,
                ..none
            }),
        ),
        (
            "UPCC_CALLSTACK",
            bits(Checks {
                callstack: true,
                ..none
            }),
        ),
        ("UPCC_RACE_GRANULE", checkrt::race::GRANULE as u64),
        ("UPCC_RACE_CLK_BITS", checkrt::race::CLK_BITS.into()),
        (
            "UPCC_RACE_MARKER(0xffffffffffffffffull)",
            checkrt::race::marker(checkrt::race::BYTE_MODE).into(),
        ),
        ("UPC_CASTABLE_ALL", pgas::ptr::CASTABLE_ALL as u64),
    ]
}

/// A UPC program printing, for every table entry, what the C compiler sees.
fn probe_program() -> String {
    let mut s = String::from(
        "#include <stddef.h>\n#include <stdio.h>\n#include <upc.h>\n#include <upc_io.h>\n\
         #include <upc_castable.h>\n#include <upcc_hooks.h>\n\
         int main(void)\n{\n    if (MYTHREAD != 0) return 0;\n",
    );
    for l in layouts() {
        let t = l.c_type;
        s.push_str(&format!(
            "    {{ struct {{ char c; {t} v; }} a; (void)a;\n      \
             printf(\"{t}|#size|%zu\\n\", sizeof({t}));\n      \
             printf(\"{t}|#align|%zu\\n\", (size_t)((char *)&a.v - (char *)&a)); }}\n"
        ));
        for (m, _) in &l.members {
            s.push_str(&format!(
                "    printf(\"{t}|{m}|%zu\\n\", offsetof({t}, {m}));\n"
            ));
        }
    }
    for (name, _) in constants() {
        s.push_str(&format!(
            "    printf(\"{name}|value|%llu\\n\", (unsigned long long)({name}));\n"
        ));
    }
    s.push_str("    return 0;\n}\n");
    s
}

#[test]
fn rust_mirrors_match_the_c_headers() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("abi_probe.upc");
    std::fs::write(&src, probe_program()).unwrap();
    let exe = dir.path().join("abi_probe");
    let out = Command::new(env!("CARGO_BIN_EXE_upc-check"))
        .args(["--upccheck:-a", "--upccheck:-d", "-o"])
        .arg(&exe)
        .arg(&src)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "probe did not build:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let run = Command::new(&exe).env("UPC_THREADS", "1").output().unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let seen: std::collections::HashMap<(String, String), u64> =
        String::from_utf8_lossy(&run.stdout)
            .lines()
            .filter_map(|l| {
                let mut f = l.split('|');
                let (t, what, v) = (f.next()?, f.next()?, f.next()?);
                Some(((t.to_string(), what.to_string()), v.parse().ok()?))
            })
            .collect();
    let c = |t: &str, what: &str| -> u64 {
        *seen
            .get(&(t.to_string(), what.to_string()))
            .unwrap_or_else(|| panic!("the probe printed nothing for {t} {what}"))
    };
    let mut mismatches = Vec::new();
    let mut check = |t: &str, what: &str, rust: u64| {
        let cv = c(t, what);
        if cv != rust {
            mismatches.push(format!("{t} {what}: C {cv}, Rust {rust}"));
        }
    };
    for l in layouts() {
        check(l.c_type, "#size", l.size as u64);
        check(l.c_type, "#align", l.align as u64);
        for (m, off) in &l.members {
            check(l.c_type, m, *off as u64);
        }
    }
    for (name, v) in constants() {
        check(name, "value", v);
    }
    assert!(
        mismatches.is_empty(),
        "ABI drift:\n{}",
        mismatches.join("\n")
    );
}
