//! Data types and reduction operations of `<upc_collective2.h>`: sizes, which operation
//! applies to which type, and `acc = acc (op) x` element by element.

use crate::collectives::ops::LongDouble;
use std::ffi::c_void;

/// Operation codes (the `UPC_ADD` ... `UPC_MAX` values of `upc_types.h`, then the two new
/// ones).
pub mod op {
    pub const ADD: u64 = 1 << 0;
    pub const MULT: u64 = 1 << 1;
    pub const AND: u64 = 1 << 2;
    pub const OR: u64 = 1 << 3;
    pub const XOR: u64 = 1 << 4;
    pub const LOGAND: u64 = 1 << 5;
    pub const LOGOR: u64 = 1 << 6;
    pub const MIN: u64 = 1 << 7;
    pub const MAX: u64 = 1 << 8;
    pub const MINLOC: u64 = 1 << 9;
    pub const MAXLOC: u64 = 1 << 10;
    /// User-defined operations are `USER_BASE + n`.
    pub const USER_BASE: u64 = 1 << 20;

    pub fn name(op: u64) -> String {
        let n = match op {
            ADD => "UPC_ADD",
            MULT => "UPC_MULT",
            AND => "UPC_AND",
            OR => "UPC_OR",
            XOR => "UPC_XOR",
            LOGAND => "UPC_LOGAND",
            LOGOR => "UPC_LOGOR",
            MIN => "UPC_MIN",
            MAX => "UPC_MAX",
            MINLOC => "UPC_MINLOC",
            MAXLOC => "UPC_MAXLOC",
            o if o > USER_BASE => return format!("user operation {}", o - USER_BASE),
            o => return format!("{o}"),
        };
        n.to_string()
    }
}

/// How the elements of a type combine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elem {
    I8,
    U8,
    I16,
    U16,
    I32,
    U32,
    I64,
    U64,
    F32,
    F64,
    /// x86 `long double` (16 bytes), combined by the C shim.
    LD,
    CF32,
    CF64,
    CLD,
    /// `struct { value; int index; }`: value kind, struct size, offset of the index.
    Pair(PairVal, usize, usize),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PairVal {
    F32,
    F64,
    I64,
    I32,
    I16,
    LD,
}

/// The element kind and byte size of data type code `dt`, `None` if unknown.
pub fn lookup(dt: i32) -> Option<(Elem, usize)> {
    use Elem::*;
    Some(match dt {
        1 | 11 => (I8, 1),            // UPC_CHAR, UPC_INT8
        2 | 12 | 64 => (U8, 1),       // UPC_UCHAR, UPC_UINT8, UPC_BYTE
        3 | 13 => (I16, 2),           // UPC_SHORT, UPC_INT16
        4 | 14 => (U16, 2),           // UPC_USHORT, UPC_UINT16
        5 | 15 => (I32, 4),           // UPC_INT, UPC_INT32
        6 | 16 => (U32, 4),           // UPC_UINT, UPC_UINT32
        7 | 9 | 17 | 65 => (I64, 8),  // UPC_LONG, UPC_LLONG, UPC_INT64, UPC_LONGLONG
        8 | 10 | 18 | 66 => (U64, 8), // UPC_ULONG, UPC_ULLONG, UPC_UINT64, UPC_ULONGLONG
        19 => (F32, 4),
        20 => (F64, 8),
        21 | 67 => (LD, 16),
        68 => (CF32, 8),
        69 => (CF64, 16),
        70 => (CLD, 32),
        71 => (Pair(PairVal::F32, 8, 4), 8),
        72 => (Pair(PairVal::F64, 16, 8), 16),
        73 => (Pair(PairVal::I64, 16, 8), 16),
        74 => (Pair(PairVal::I32, 8, 4), 8),
        75 => (Pair(PairVal::I16, 8, 4), 8),
        76 => (Pair(PairVal::LD, 32, 16), 32),
        _ => return None,
    })
}

/// The name of data type code `dt` as the header spells it.
pub fn name(dt: i32) -> String {
    let n = match dt {
        1 => "UPC_CHAR",
        2 => "UPC_UCHAR",
        3 => "UPC_SHORT",
        4 => "UPC_USHORT",
        5 => "UPC_INT",
        6 => "UPC_UINT",
        7 => "UPC_LONG",
        8 => "UPC_ULONG",
        9 => "UPC_LLONG",
        10 => "UPC_ULLONG",
        19 => "UPC_FLOAT",
        20 => "UPC_DOUBLE",
        21 => "UPC_LDOUBLE",
        64 => "UPC_BYTE",
        65 => "UPC_LONGLONG",
        66 => "UPC_ULONGLONG",
        67 => "UPC_LONGDOUBLE",
        68 => "UPC_CPLX",
        69 => "UPC_DBLCPLX",
        70 => "UPC_LONGDBLCPLX",
        71 => "UPC_FLOAT_INT",
        72 => "UPC_DOUBLE_INT",
        73 => "UPC_LONG_INT",
        74 => "UPC_2INT",
        75 => "UPC_SHORT_INT",
        76 => "UPC_LONG_DOUBLE_INT",
        11..=18 => {
            return format!(
                "UPC_{}INT{}",
                if dt % 2 == 0 { "U" } else { "" },
                8 << ((dt - 11) / 2)
            )
        }
        d => return format!("{d}"),
    };
    n.to_string()
}

/// Whether built-in operation `op` is defined for elements `e`.
pub fn op_applies(e: Elem, op: u64) -> bool {
    use Elem::*;
    let integer = matches!(e, I8 | U8 | I16 | U16 | I32 | U32 | I64 | U64);
    let real = matches!(e, F32 | F64 | LD);
    match op {
        op::ADD | op::MULT => integer || real || matches!(e, CF32 | CF64 | CLD),
        op::AND | op::OR | op::XOR => integer,
        op::LOGAND | op::LOGOR | op::MIN | op::MAX => integer || real,
        op::MINLOC | op::MAXLOC => matches!(e, Pair(..)),
        _ => false,
    }
}

/// A user-defined operation: `inout[i] = in[i] (op) inout[i]`.
pub type UserFn = unsafe extern "C" fn(*mut c_void, *mut c_void, usize, i32);

extern "C" {
    fn upcr_coll_ld_combine(op: u64, func: *const c_void, a: *mut LongDouble, b: *const LongDouble);
    fn upcr_coll2_cld_combine(op: u64, a: *mut u8, b: *const u8);
    fn upcr_coll2_ldint_combine(maxloc: i32, a: *mut u8, b: *const u8);
}

macro_rules! int_ops {
    ($t:ty, $a:expr, $b:expr, $op:expr) => {{
        let x: $t = $a;
        let y: $t = $b;
        match $op {
            op::ADD => x.wrapping_add(y),
            op::MULT => x.wrapping_mul(y),
            op::AND => x & y,
            op::OR => x | y,
            op::XOR => x ^ y,
            op::LOGAND => (x != 0 && y != 0) as $t,
            op::LOGOR => (x != 0 || y != 0) as $t,
            op::MIN => x.min(y),
            op::MAX => x.max(y),
            _ => x,
        }
    }};
}

macro_rules! real_ops {
    ($t:ty, $a:expr, $b:expr, $op:expr) => {{
        let x: $t = $a;
        let y: $t = $b;
        match $op {
            op::ADD => x + y,
            op::MULT => x * y,
            op::LOGAND => (x != 0.0 && y != 0.0) as i32 as $t,
            op::LOGOR => (x != 0.0 || y != 0.0) as i32 as $t,
            op::MIN => {
                if y < x {
                    y
                } else {
                    x
                }
            }
            op::MAX => {
                if y > x {
                    y
                } else {
                    x
                }
            }
            _ => x,
        }
    }};
}

fn rd<T: Copy>(p: &[u8], off: usize) -> T {
    assert!(off + std::mem::size_of::<T>() <= p.len());
    // SAFETY: bounds checked above; unaligned read of plain data.
    unsafe { (p.as_ptr().add(off) as *const T).read_unaligned() }
}

fn wr<T: Copy>(p: &mut [u8], off: usize, v: T) {
    assert!(off + std::mem::size_of::<T>() <= p.len());
    // SAFETY: as above.
    unsafe { (p.as_mut_ptr().add(off) as *mut T).write_unaligned(v) }
}

/// `acc = acc (op) x` for every element; `acc` and `x` hold the same number of elements
/// of kind `e` and size `size`.  `user`: the function of a user-defined operation.
pub fn combine(
    e: Elem,
    size: usize,
    op: u64,
    dt: i32,
    user: Option<UserFn>,
    acc: &mut [u8],
    x: &[u8],
) {
    let n = acc.len().min(x.len()) / size.max(1);
    if let Some(f) = user {
        // f(in = acc, inout = tmp := x) leaves acc (op) x in tmp
        let mut tmp = x[..n * size].to_vec();
        // SAFETY: both buffers hold n elements of the type the function was written for.
        unsafe {
            f(
                acc.as_mut_ptr() as *mut c_void,
                tmp.as_mut_ptr() as *mut c_void,
                n,
                dt,
            )
        };
        acc[..n * size].copy_from_slice(&tmp);
        return;
    }
    for i in 0..n {
        let o = i * size;
        match e {
            Elem::I8 => wr(acc, o, int_ops!(i8, rd(acc, o), rd(x, o), op)),
            Elem::U8 => wr(acc, o, int_ops!(u8, rd(acc, o), rd(x, o), op)),
            Elem::I16 => wr(acc, o, int_ops!(i16, rd(acc, o), rd(x, o), op)),
            Elem::U16 => wr(acc, o, int_ops!(u16, rd(acc, o), rd(x, o), op)),
            Elem::I32 => wr(acc, o, int_ops!(i32, rd(acc, o), rd(x, o), op)),
            Elem::U32 => wr(acc, o, int_ops!(u32, rd(acc, o), rd(x, o), op)),
            Elem::I64 => wr(acc, o, int_ops!(i64, rd(acc, o), rd(x, o), op)),
            Elem::U64 => wr(acc, o, int_ops!(u64, rd(acc, o), rd(x, o), op)),
            Elem::F32 => wr(acc, o, real_ops!(f32, rd(acc, o), rd(x, o), op)),
            Elem::F64 => wr(acc, o, real_ops!(f64, rd(acc, o), rd(x, o), op)),
            // SAFETY: 16-byte long doubles at o in both buffers.
            Elem::LD => unsafe {
                upcr_coll_ld_combine(
                    op,
                    std::ptr::null(),
                    acc.as_mut_ptr().add(o) as *mut LongDouble,
                    x.as_ptr().add(o) as *const LongDouble,
                )
            },
            Elem::CF32 => cplx::<f32>(acc, x, o, 4, op),
            Elem::CF64 => cplx::<f64>(acc, x, o, 8, op),
            // SAFETY: 32-byte long double complex values at o.
            Elem::CLD => unsafe {
                upcr_coll2_cld_combine(op, acc.as_mut_ptr().add(o), x.as_ptr().add(o))
            },
            Elem::Pair(v, _, io) => pair(v, io, acc, x, o, op == op::MAXLOC),
        }
    }
}

fn cplx<T>(acc: &mut [u8], x: &[u8], o: usize, w: usize, op: u64)
where
    T: Copy + std::ops::Add<Output = T> + std::ops::Sub<Output = T> + std::ops::Mul<Output = T>,
{
    let (ar, ai): (T, T) = (rd(acc, o), rd(acc, o + w));
    let (br, bi): (T, T) = (rd(x, o), rd(x, o + w));
    let (r, i) = match op {
        op::ADD => (ar + br, ai + bi),
        op::MULT => (ar * br - ai * bi, ar * bi + ai * br),
        _ => (ar, ai),
    };
    wr(acc, o, r);
    wr(acc, o + w, i);
}

/// MINLOC/MAXLOC: the smaller (larger) value; on a tie the smaller index.
fn pair(v: PairVal, io: usize, acc: &mut [u8], x: &[u8], o: usize, max: bool) {
    let ord = match v {
        PairVal::F32 => rd::<f32>(acc, o).partial_cmp(&rd::<f32>(x, o)),
        PairVal::F64 => rd::<f64>(acc, o).partial_cmp(&rd::<f64>(x, o)),
        PairVal::I64 => Some(rd::<i64>(acc, o).cmp(&rd::<i64>(x, o))),
        PairVal::I32 => Some(rd::<i32>(acc, o).cmp(&rd::<i32>(x, o))),
        PairVal::I16 => Some(rd::<i16>(acc, o).cmp(&rd::<i16>(x, o))),
        PairVal::LD => {
            // SAFETY: 32-byte {long double, int} values at o.
            unsafe {
                upcr_coll2_ldint_combine(max as i32, acc.as_mut_ptr().add(o), x.as_ptr().add(o))
            };
            return;
        }
    };
    use std::cmp::Ordering::*;
    let take_x = match ord {
        Some(Equal) => rd::<i32>(x, o + io) < rd::<i32>(acc, o + io),
        Some(Less) => max,
        Some(Greater) => !max,
        None => false,
    };
    if take_x {
        let n = if matches!(v, PairVal::F64 | PairVal::I64) {
            16
        } else {
            8
        };
        acc[o..o + n].copy_from_slice(&x[o..o + n]);
    }
}
