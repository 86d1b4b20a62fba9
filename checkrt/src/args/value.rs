//! How argument values are shown in messages: pointers-to-shared as
//! `(thread 2, addr 0x40, phase 1)`, flags and operations by their UPC names.

use crate::ffi::{PShared, Val};
use rules::consts;
use rules::{Arg, Fmt, ValKind};

/// A pointer-to-shared, readably.
pub fn pshared(p: PShared) -> String {
    if p.addr == 0 && p.thread == 0 {
        return "NULL".to_string();
    }
    format!(
        "(thread {}, addr {:#x}, phase {})",
        p.thread, p.addr, p.phase
    )
}

/// A pointer-to-local.
pub fn ptr(p: usize) -> String {
    if p == 0 {
        "NULL".to_string()
    } else {
        format!("{p:#x}")
    }
}

/// The value of `arg` carried in `v`, readably.
pub fn show(arg: &Arg, v: &Val) -> String {
    // SAFETY: the translator fills the member named by the argument's kind.
    unsafe {
        match arg.kind {
            ValKind::Shared => pshared(v.s),
            ValKind::Ptr if is_string(arg) => string(v.p as usize),
            ValKind::Ptr => ptr(v.p as usize),
            ValKind::Float => format!("{}", v.d),
            ValKind::Int => show_int(arg.fmt, v.i),
            ValKind::Uint => show_uint(arg, v.u),
        }
    }
}

/// Whether the argument is a C string (`const char *`), shown by its contents.
pub fn is_string(arg: &Arg) -> bool {
    matches!(arg.c_type, "const char *" | "char *")
}

/// Longest string contents quoted in a message.
const STRING_SHOWN: usize = 200;

/// A C string argument: its contents, quoted, when the pointer designates a readable
/// string; otherwise the pointer.
pub fn string(p: usize) -> String {
    let Some(len) = super::memory::c_string_len(p, 1 << 16) else {
        return ptr(p);
    };
    // SAFETY: `len` bytes at `p` were just found readable.
    let bytes = unsafe { std::slice::from_raw_parts(p as *const u8, len.min(STRING_SHOWN)) };
    let mut s = String::from("\"");
    for c in String::from_utf8_lossy(bytes).chars() {
        match c {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            c if c.is_control() => s.push_str(&c.escape_default().to_string()),
            c => s.push(c),
        }
    }
    if len > STRING_SHOWN {
        s.push_str("...");
    }
    s.push('"');
    s
}

/// FNV-1a, 64 bits.
fn fnv(h: u64, bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(h, |h, &b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3))
}

const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// The C string at `p` if it is readable (at most 64 KiB).
fn c_string(p: usize) -> Option<&'static [u8]> {
    let len = super::memory::c_string_len(p, 1 << 16)?;
    // SAFETY: `len` bytes at `p` were just found readable.
    Some(unsafe { std::slice::from_raw_parts(p as *const u8, len) })
}

/// What a pointer argument that is single-valued by contents points to: a digest (for the
/// collective signature) and the text shown when threads differ.  `args` are the call's
/// arguments (the hints' count is one of them).
pub fn contents(same: rules::Same, p: usize, args: &[Val], arg: &Arg) -> (u64, String) {
    match same {
        rules::Same::Value => (p as u64, show(arg, &Val { p: p as *const _ })),
        rules::Same::CString => match c_string(p) {
            Some(b) => (fnv(FNV_START, b), string(p)),
            // not a string (reported by the argument checks): the pointer stands for it
            None => (fnv(FNV_START ^ 1, &p.to_le_bytes()), ptr(p)),
        },
        rules::Same::SetHint { cmd } => {
            // SAFETY: the command is an int (catalog kind Int).
            let set = args
                .get(cmd as usize)
                .is_some_and(|v| unsafe { v.i } as u64 == rules::consts::UPC_SET_HINT);
            if !set {
                return (FNV_START, "(not compared for this command)".into());
            }
            hints(p, 1)
        }
        rules::Same::Hints { count } => {
            // SAFETY: the count is a size_t (catalog kind Uint).
            let n = args
                .get(count as usize)
                .map_or(0, |v| unsafe { v.u })
                .min(1 << 16) as usize;
            hints(p, n)
        }
    }
}

/// The digest and text of the `n` hints at `p` (`struct upc_hint { key, value }`).
fn hints(p: usize, n: usize) -> (u64, String) {
    if n == 0 {
        return (FNV_START, "no hints".into());
    }
    if p == 0 || !super::memory::readable(p, n * 16) {
        return (fnv(FNV_START ^ 2, &p.to_le_bytes()), ptr(p));
    }
    let mut h = FNV_START;
    let mut text = Vec::new();
    for k in 0..n {
        // SAFETY: the array of n `struct upc_hint { const char *key, *value; }` was
        // just found readable.
        let (key, val) = unsafe {
            let e = (p + k * 16) as *const usize;
            (e.read_unaligned(), e.add(1).read_unaligned())
        };
        for s in [key, val] {
            match c_string(s) {
                Some(b) => h = fnv(fnv(h, b), &[0]),
                None => h = fnv(fnv(h, &[1]), &s.to_le_bytes()),
            }
        }
        text.push(format!("{}={}", string(key), string(val)));
    }
    (h, format!("{{{}}}", text.join(", ")))
}

fn show_int(fmt: Fmt, i: i64) -> String {
    match fmt {
        Fmt::Plain => i.to_string(),
        _ if i < 0 => i.to_string(),
        _ => symbolic(fmt, i as u64),
    }
}

fn show_uint(arg: &Arg, u: u64) -> String {
    match arg.fmt {
        Fmt::Plain => {
            if u > i64::MAX as u64 && arg.c_type == "size_t" {
                format!("{u} (= {} converted to size_t)", u as i64)
            } else {
                u.to_string()
            }
        }
        // upc_flag_t is an int in the headers: show a negative one as such.
        Fmt::SyncFlags if u > u32::MAX as u64 => (u as i64).to_string(),
        fmt => symbolic(fmt, u),
    }
}

fn symbolic(fmt: Fmt, v: u64) -> String {
    match fmt {
        Fmt::Plain => v.to_string(),
        Fmt::SyncFlags => consts::bits_name(v, consts::SYNC_FLAGS),
        Fmt::Op => consts::bits_name(v, consts::OPS),
        Fmt::IoFlags => consts::bits_name(v, consts::IO_FLAGS),
        Fmt::Type => consts::value_name(v, consts::TYPES),
        Fmt::Whence => consts::value_name(v, consts::WHENCES),
        Fmt::FcntlCmd => consts::value_name(v, consts::FCNTL_CMDS),
        Fmt::AtomicHint => consts::value_name(v, consts::ATOMIC_HINTS),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arg(c_type: &'static str, kind: ValKind, fmt: Fmt) -> Arg {
        Arg {
            name: "x",
            c_type,
            kind,
            single_valued: false,
            single_valued_common_fp: false,
            fmt,
            same: rules::Same::Value,
        }
    }

    #[test]
    fn pointers_to_shared() {
        let p = PShared {
            addr: 0x40,
            thread: 2,
            phase: 1,
        };
        assert_eq!(pshared(p), "(thread 2, addr 0x40, phase 1)");
        assert_eq!(pshared(PShared::default()), "NULL");
        let a = arg("shared void *", ValKind::Shared, Fmt::Plain);
        assert_eq!(show(&a, &Val { s: p }), "(thread 2, addr 0x40, phase 1)");
    }

    #[test]
    fn flags_and_ops_by_name() {
        let f = arg("upc_flag_t", ValKind::Uint, Fmt::SyncFlags);
        assert_eq!(
            show(
                &f,
                &Val {
                    u: consts::UPC_IN_MYSYNC | consts::UPC_OUT_NOSYNC
                }
            ),
            "UPC_IN_MYSYNC|UPC_OUT_NOSYNC"
        );
        assert_eq!(show(&f, &Val { u: 0 }), "0");
        assert_eq!(show(&f, &Val { u: 0x41 }), "UPC_IN_ALLSYNC|0x40");
        let o = arg("upc_op_t", ValKind::Uint, Fmt::Op);
        assert_eq!(show(&o, &Val { u: consts::UPC_ADD }), "UPC_ADD");
        assert_eq!(
            show(
                &o,
                &Val {
                    u: consts::UPC_ADD | consts::UPC_MAX
                }
            ),
            "UPC_ADD|UPC_MAX"
        );
        let w = arg("int", ValKind::Int, Fmt::Whence);
        assert_eq!(show(&w, &Val { i: 4 }), "UPC_SEEK_END");
        assert_eq!(show(&w, &Val { i: 3 }), "3");
        assert_eq!(show(&w, &Val { i: -1 }), "-1");
    }

    #[test]
    fn negative_sizes() {
        let n = arg("size_t", ValKind::Uint, Fmt::Plain);
        assert_eq!(show(&n, &Val { u: 12 }), "12");
        assert_eq!(
            show(&n, &Val { u: (-4i64) as u64 }),
            "18446744073709551612 (= -4 converted to size_t)"
        );
        assert_eq!(
            show(&arg("int", ValKind::Int, Fmt::Plain), &Val { i: -3 }),
            "-3"
        );
    }

    #[test]
    fn strings_and_hints_compare_by_contents() {
        let fname = arg("const char *", ValKind::Ptr, Fmt::Plain);
        let (a, b) = (c"part_0.dat", String::from("part_0.dat\0"));
        let (da, ta) = contents(rules::Same::CString, a.as_ptr() as usize, &[], &fname);
        let (db, _) = contents(rules::Same::CString, b.as_ptr() as usize, &[], &fname);
        assert_eq!(da, db, "the same name in two buffers");
        assert_eq!(ta, "\"part_0.dat\"");
        let (dc, _) = contents(
            rules::Same::CString,
            c"part_1.dat".as_ptr() as usize,
            &[],
            &fname,
        );
        assert_ne!(da, dc);
        assert_eq!(
            show(
                &fname,
                &Val {
                    p: a.as_ptr().cast()
                }
            ),
            "\"part_0.dat\""
        );
        assert_eq!(
            show(
                &fname,
                &Val {
                    p: std::ptr::null()
                }
            ),
            "NULL"
        );

        let hints = arg("struct upc_hint const *", ValKind::Ptr, Fmt::Plain);
        let same = rules::Same::Hints { count: 0 };
        let h1: [*const std::ffi::c_char; 2] = [c"access_style".as_ptr(), c"read_once".as_ptr()];
        let v2 = String::from("read_once\0");
        let h2: [*const std::ffi::c_char; 2] = [c"access_style".as_ptr(), v2.as_ptr().cast()];
        let h3: [*const std::ffi::c_char; 2] = [c"access_style".as_ptr(), c"write_mostly".as_ptr()];
        let one = [Val { u: 1 }];
        let (d1, t1) = contents(same, h1.as_ptr() as usize, &one, &hints);
        let (d2, _) = contents(same, h2.as_ptr() as usize, &one, &hints);
        let (d3, t3) = contents(same, h3.as_ptr() as usize, &one, &hints);
        assert_eq!(d1, d2);
        assert_ne!(d1, d3);
        assert_eq!(t1, "{\"access_style\"=\"read_once\"}");
        assert_eq!(t3, "{\"access_style\"=\"write_mostly\"}");
        let none = [Val { u: 0 }];
        assert_eq!(
            contents(same, 0, &none, &hints).0,
            contents(same, h1.as_ptr() as usize, &none, &hints).0,
            "no hints: the pointer does not matter"
        );

        // upc_all_fcntl's arg: the hint with UPC_SET_HINT, nothing with another command
        let set = rules::Same::SetHint { cmd: 0 };
        let with = [Val {
            i: rules::consts::UPC_SET_HINT as i64,
        }];
        let (s1, st1) = contents(set, h1.as_ptr() as usize, &with, &hints);
        let (s2, _) = contents(set, h2.as_ptr() as usize, &with, &hints);
        let (s3, _) = contents(set, h3.as_ptr() as usize, &with, &hints);
        assert_eq!(s1, s2);
        assert_ne!(s1, s3);
        assert_eq!(st1, "{\"access_style\"=\"read_once\"}");
        let get = [Val {
            i: rules::consts::UPC_GET_FN as i64,
        }];
        assert_eq!(
            contents(set, h1.as_ptr() as usize, &get, &hints).0,
            contents(set, h3.as_ptr() as usize, &get, &hints).0,
            "UPC_GET_FN: each thread's own location, not compared"
        );
    }
}
