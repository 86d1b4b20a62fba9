//! Numeric values of the UPC constants the argument rules test and print.
//!
//! They must equal the values in the UPC headers of `pgas/include/` (`upc_types.h`,
//! `upc_collective.h`, `upc_io.h`, `upc_atomic.h`, `upc_nb.h`); a test in this crate reads
//! those headers and compares.

/// `upc_flag_t` synchronization flags.
pub const UPC_IN_ALLSYNC: u64 = 1 << 0;
pub const UPC_IN_MYSYNC: u64 = 1 << 1;
pub const UPC_IN_NOSYNC: u64 = 1 << 2;
pub const UPC_OUT_ALLSYNC: u64 = 1 << 3;
pub const UPC_OUT_MYSYNC: u64 = 1 << 4;
pub const UPC_OUT_NOSYNC: u64 = 1 << 5;
pub const SYNC_IN_MASK: u64 = UPC_IN_ALLSYNC | UPC_IN_MYSYNC | UPC_IN_NOSYNC;
pub const SYNC_OUT_MASK: u64 = UPC_OUT_ALLSYNC | UPC_OUT_MYSYNC | UPC_OUT_NOSYNC;
pub const SYNC_FLAGS: &[(&str, u64)] = &[
    ("UPC_IN_ALLSYNC", UPC_IN_ALLSYNC),
    ("UPC_IN_MYSYNC", UPC_IN_MYSYNC),
    ("UPC_IN_NOSYNC", UPC_IN_NOSYNC),
    ("UPC_OUT_ALLSYNC", UPC_OUT_ALLSYNC),
    ("UPC_OUT_MYSYNC", UPC_OUT_MYSYNC),
    ("UPC_OUT_NOSYNC", UPC_OUT_NOSYNC),
];

/// `upc_op_t` operations (`upc_types.h`, `upc_collective.h`, `upc_atomic.h`).
pub const UPC_ADD: u64 = 1 << 0;
pub const UPC_MULT: u64 = 1 << 1;
pub const UPC_AND: u64 = 1 << 2;
pub const UPC_OR: u64 = 1 << 3;
pub const UPC_XOR: u64 = 1 << 4;
pub const UPC_LOGAND: u64 = 1 << 5;
pub const UPC_LOGOR: u64 = 1 << 6;
pub const UPC_MIN: u64 = 1 << 7;
pub const UPC_MAX: u64 = 1 << 8;
pub const UPC_GET: u64 = 1 << 9;
pub const UPC_SET: u64 = 1 << 10;
pub const UPC_CSWAP: u64 = 1 << 11;
pub const UPC_SUB: u64 = 1 << 12;
pub const UPC_INC: u64 = 1 << 13;
pub const UPC_DEC: u64 = 1 << 14;
pub const UPC_FUNC: u64 = 1 << 16;
pub const UPC_NONCOMM_FUNC: u64 = 1 << 17;
/// The eleven operations of the reductions.
pub const REDUCE_OPS: u64 = UPC_ADD
    | UPC_MULT
    | UPC_AND
    | UPC_OR
    | UPC_XOR
    | UPC_LOGAND
    | UPC_LOGOR
    | UPC_MIN
    | UPC_MAX
    | UPC_FUNC
    | UPC_NONCOMM_FUNC;
pub const BITWISE_OPS: u64 = UPC_AND | UPC_OR | UPC_XOR;
pub const OPS: &[(&str, u64)] = &[
    ("UPC_ADD", UPC_ADD),
    ("UPC_MULT", UPC_MULT),
    ("UPC_AND", UPC_AND),
    ("UPC_OR", UPC_OR),
    ("UPC_XOR", UPC_XOR),
    ("UPC_LOGAND", UPC_LOGAND),
    ("UPC_LOGOR", UPC_LOGOR),
    ("UPC_MIN", UPC_MIN),
    ("UPC_MAX", UPC_MAX),
    ("UPC_GET", UPC_GET),
    ("UPC_SET", UPC_SET),
    ("UPC_CSWAP", UPC_CSWAP),
    ("UPC_SUB", UPC_SUB),
    ("UPC_INC", UPC_INC),
    ("UPC_DEC", UPC_DEC),
    ("UPC_FUNC", UPC_FUNC),
    ("UPC_NONCOMM_FUNC", UPC_NONCOMM_FUNC),
];

/// Atomic operation classes (UPC-REFERENCE §12.3).
pub const ATOMIC_ACCESS_OPS: u64 = UPC_GET | UPC_SET | UPC_CSWAP;
pub const ATOMIC_BITWISE_OPS: u64 = UPC_AND | UPC_OR | UPC_XOR;
pub const ATOMIC_NUMERIC_OPS: u64 =
    UPC_ADD | UPC_SUB | UPC_MULT | UPC_INC | UPC_DEC | UPC_MIN | UPC_MAX;

/// `upc_type_t` values.
pub const TYPES: &[(&str, u64)] = &[
    ("UPC_CHAR", 1),
    ("UPC_UCHAR", 2),
    ("UPC_SHORT", 3),
    ("UPC_USHORT", 4),
    ("UPC_INT", UPC_INT),
    ("UPC_UINT", UPC_UINT),
    ("UPC_LONG", UPC_LONG),
    ("UPC_ULONG", UPC_ULONG),
    ("UPC_LLONG", 9),
    ("UPC_ULLONG", 10),
    ("UPC_INT8", 11),
    ("UPC_UINT8", 12),
    ("UPC_INT16", 13),
    ("UPC_UINT16", 14),
    ("UPC_INT32", UPC_INT32),
    ("UPC_UINT32", UPC_UINT32),
    ("UPC_INT64", UPC_INT64),
    ("UPC_UINT64", UPC_UINT64),
    ("UPC_FLOAT", UPC_FLOAT),
    ("UPC_DOUBLE", UPC_DOUBLE),
    ("UPC_LDOUBLE", 21),
    ("UPC_PTS", UPC_PTS),
];
pub const UPC_INT: u64 = 5;
pub const UPC_UINT: u64 = 6;
pub const UPC_LONG: u64 = 7;
pub const UPC_ULONG: u64 = 8;
pub const UPC_INT32: u64 = 15;
pub const UPC_UINT32: u64 = 16;
pub const UPC_INT64: u64 = 17;
pub const UPC_UINT64: u64 = 18;
pub const UPC_FLOAT: u64 = 19;
pub const UPC_DOUBLE: u64 = 20;
pub const UPC_PTS: u64 = 22;

/// Atomic domain types and the operations each supports; the size of the type in bytes.
pub fn atomic_type(ty: u64) -> Option<(u64, usize)> {
    let all = ATOMIC_ACCESS_OPS | ATOMIC_BITWISE_OPS | ATOMIC_NUMERIC_OPS;
    Some(match ty {
        UPC_INT | UPC_UINT | UPC_INT32 | UPC_UINT32 => (all, 4),
        UPC_LONG | UPC_ULONG => (all, std::mem::size_of::<std::ffi::c_long>()),
        UPC_INT64 | UPC_UINT64 => (all, 8),
        UPC_FLOAT => (ATOMIC_ACCESS_OPS | ATOMIC_NUMERIC_OPS, 4),
        UPC_DOUBLE => (ATOMIC_ACCESS_OPS | ATOMIC_NUMERIC_OPS, 8),
        UPC_PTS => (ATOMIC_ACCESS_OPS, 16),
        _ => return None,
    })
}

/// Atomic domain hints.
pub const ATOMIC_HINTS: &[(&str, u64)] = &[
    ("UPC_ATOMIC_HINT_DEFAULT", 0),
    ("UPC_ATOMIC_HINT_LATENCY", 1),
    ("UPC_ATOMIC_HINT_THROUGHPUT", 2),
];

/// `upc_all_fopen` flags.
pub const UPC_RDONLY: u64 = 1 << 0;
pub const UPC_WRONLY: u64 = 1 << 1;
pub const UPC_RDWR: u64 = 1 << 2;
pub const UPC_INDIVIDUAL_FP: u64 = 1 << 3;
pub const UPC_COMMON_FP: u64 = 1 << 4;
pub const UPC_APPEND: u64 = 1 << 5;
pub const UPC_CREATE: u64 = 1 << 6;
pub const UPC_EXCL: u64 = 1 << 7;
pub const UPC_STRONG_CA: u64 = 1 << 8;
pub const UPC_TRUNC: u64 = 1 << 9;
pub const UPC_DELETE_ON_CLOSE: u64 = 1 << 10;
pub const IO_ACCESS_MASK: u64 = UPC_RDONLY | UPC_WRONLY | UPC_RDWR;
pub const IO_FP_MASK: u64 = UPC_INDIVIDUAL_FP | UPC_COMMON_FP;
pub const IO_ALL_FLAGS: u64 = (1 << 11) - 1;
pub const IO_FLAGS: &[(&str, u64)] = &[
    ("UPC_RDONLY", UPC_RDONLY),
    ("UPC_WRONLY", UPC_WRONLY),
    ("UPC_RDWR", UPC_RDWR),
    ("UPC_INDIVIDUAL_FP", UPC_INDIVIDUAL_FP),
    ("UPC_COMMON_FP", UPC_COMMON_FP),
    ("UPC_APPEND", UPC_APPEND),
    ("UPC_CREATE", UPC_CREATE),
    ("UPC_EXCL", UPC_EXCL),
    ("UPC_STRONG_CA", UPC_STRONG_CA),
    ("UPC_TRUNC", UPC_TRUNC),
    ("UPC_DELETE_ON_CLOSE", UPC_DELETE_ON_CLOSE),
];

/// `upc_all_fcntl` commands.
pub const UPC_GET_CA_SEMANTICS: u64 = 1 << 0;
pub const UPC_SET_WEAK_CA_SEMANTICS: u64 = 1 << 1;
pub const UPC_SET_STRONG_CA_SEMANTICS: u64 = 1 << 2;
pub const UPC_GET_FP: u64 = 1 << 3;
pub const UPC_SET_COMMON_FP: u64 = 1 << 4;
pub const UPC_SET_INDIVIDUAL_FP: u64 = 1 << 5;
pub const UPC_GET_FL: u64 = 1 << 6;
pub const UPC_GET_FN: u64 = 1 << 7;
pub const UPC_GET_HINTS: u64 = 1 << 8;
pub const UPC_SET_HINT: u64 = 1 << 9;
pub const UPC_ASYNC_OUTSTANDING: u64 = 1 << 10;
pub const FCNTL_CMDS: &[(&str, u64)] = &[
    ("UPC_GET_CA_SEMANTICS", UPC_GET_CA_SEMANTICS),
    ("UPC_SET_WEAK_CA_SEMANTICS", UPC_SET_WEAK_CA_SEMANTICS),
    ("UPC_SET_STRONG_CA_SEMANTICS", UPC_SET_STRONG_CA_SEMANTICS),
    ("UPC_GET_FP", UPC_GET_FP),
    ("UPC_SET_COMMON_FP", UPC_SET_COMMON_FP),
    ("UPC_SET_INDIVIDUAL_FP", UPC_SET_INDIVIDUAL_FP),
    ("UPC_GET_FL", UPC_GET_FL),
    ("UPC_GET_FN", UPC_GET_FN),
    ("UPC_GET_HINTS", UPC_GET_HINTS),
    ("UPC_SET_HINT", UPC_SET_HINT),
    ("UPC_ASYNC_OUTSTANDING", UPC_ASYNC_OUTSTANDING),
];

/// `upc_all_fseek` origins.
pub const UPC_SEEK_SET: u64 = 1 << 0;
pub const UPC_SEEK_CUR: u64 = 1 << 1;
pub const UPC_SEEK_END: u64 = 1 << 2;
pub const WHENCES: &[(&str, u64)] = &[
    ("UPC_SEEK_SET", UPC_SEEK_SET),
    ("UPC_SEEK_CUR", UPC_SEEK_CUR),
    ("UPC_SEEK_END", UPC_SEEK_END),
];

/// `upc_handle_t` of a transfer that completed at once.
pub const UPC_COMPLETE_HANDLE: u64 = 0;

/// Print `v` as an OR of the names in `table` (bits), with leftover bits in hex; `0` as `0`.
pub fn bits_name(v: u64, table: &[(&str, u64)]) -> String {
    if v == 0 {
        return "0".to_string();
    }
    let mut parts = Vec::new();
    let mut rest = v;
    for (name, bit) in table {
        if *bit != 0 && v & bit == *bit {
            parts.push((*name).to_string());
            rest &= !bit;
        }
    }
    if rest != 0 {
        parts.push(format!("{rest:#x}"));
    }
    parts.join("|")
}

/// Print `v` as the one name in `table` it equals, else as a number.
pub fn value_name(v: u64, table: &[(&str, u64)]) -> String {
    match table.iter().find(|(_, x)| *x == v) {
        Some((name, _)) => (*name).to_string(),
        None => (v as i64).to_string(),
    }
}
