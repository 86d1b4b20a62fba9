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
}
