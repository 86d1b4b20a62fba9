//! Reduction operators (`upc_op_t`) over the eleven element types of the computational
//! collectives.  `combine(a, b)` is `a ⊕ b` with `a` the left operand (lower indices),
//! which is what `UPC_NONCOMM_FUNC` relies on.  Integer arithmetic wraps like C's
//! unsigned arithmetic (signed overflow is undefined in C; wrapping is the natural
//! choice).  `long double` is combined by a small C function (`ld_shim.c`) because Rust
//! has no 80-bit float.

use std::ffi::c_void;

pub use rules::consts::{
    UPC_ADD, UPC_AND, UPC_FUNC, UPC_LOGAND, UPC_LOGOR, UPC_MAX, UPC_MIN, UPC_MULT,
    UPC_NONCOMM_FUNC, UPC_OR, UPC_XOR,
};

/// Why an operator cannot be applied (reported with a clear message, never a panic).
pub fn check_op(op: u64, func: *const c_void, floating: bool) -> Result<(), String> {
    match op {
        UPC_ADD | UPC_MULT | UPC_LOGAND | UPC_LOGOR | UPC_MIN | UPC_MAX => Ok(()),
        UPC_AND | UPC_OR | UPC_XOR if !floating => Ok(()),
        UPC_AND | UPC_OR | UPC_XOR => Err(format!(
            "bitwise operator {op:#x} is not defined for a floating type"
        )),
        UPC_FUNC | UPC_NONCOMM_FUNC if func.is_null() => {
            Err("UPC_FUNC/UPC_NONCOMM_FUNC needs a non-null func".to_string())
        }
        UPC_FUNC | UPC_NONCOMM_FUNC => Ok(()),
        _ => Err(format!("op {op:#x} is not exactly one upc_op_t value")),
    }
}

/// An element type of the computational collectives.
pub trait Elem: Copy + 'static {
    const FLOATING: bool;
    /// `a ⊕ b`; `op` was accepted by [`check_op`].
    fn combine(op: u64, func: *const c_void, a: Self, b: Self) -> Self;
}

macro_rules! int_elem {
    ($($t:ty),*) => {$(
        impl Elem for $t {
            const FLOATING: bool = false;
            #[inline]
            fn combine(op: u64, func: *const c_void, a: $t, b: $t) -> $t {
                match op {
                    UPC_ADD => a.wrapping_add(b),
                    UPC_MULT => a.wrapping_mul(b),
                    UPC_AND => a & b,
                    UPC_OR => a | b,
                    UPC_XOR => a ^ b,
                    UPC_LOGAND => (a != 0 && b != 0) as $t,
                    UPC_LOGOR => (a != 0 || b != 0) as $t,
                    UPC_MIN => if a < b { a } else { b },
                    UPC_MAX => if a > b { a } else { b },
                    _ => {
                        // SAFETY: func is the program's `TYPE (*)(TYPE, TYPE)`, non-null.
                        let f: extern "C" fn($t, $t) -> $t = unsafe { std::mem::transmute(func) };
                        f(a, b)
                    }
                }
            }
        }
    )*};
}
int_elem!(i8, u8, i16, u16, i32, u32, i64, u64);

macro_rules! float_elem {
    ($($t:ty),*) => {$(
        impl Elem for $t {
            const FLOATING: bool = true;
            #[inline]
            fn combine(op: u64, func: *const c_void, a: $t, b: $t) -> $t {
                match op {
                    UPC_ADD => a + b,
                    UPC_MULT => a * b,
                    UPC_LOGAND => (a != 0.0 && b != 0.0) as i32 as $t,
                    UPC_LOGOR => (a != 0.0 || b != 0.0) as i32 as $t,
                    UPC_MIN => if a < b { a } else { b },
                    UPC_MAX => if a > b { a } else { b },
                    UPC_FUNC | UPC_NONCOMM_FUNC => {
                        // SAFETY: func is the program's `TYPE (*)(TYPE, TYPE)`, non-null.
                        let f: extern "C" fn($t, $t) -> $t = unsafe { std::mem::transmute(func) };
                        f(a, b)
                    }
                    _ => a, // bitwise on floating types: rejected before (check_op)
                }
            }
        }
    )*};
}
float_elem!(f32, f64);

/// C `long double` as stored in memory (x86-64: 80-bit extended in 16 bytes).
#[repr(C, align(16))]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LongDouble(pub [u8; 16]);

extern "C" {
    fn upcr_coll_ld_combine(op: u64, func: *const c_void, a: *mut LongDouble, b: *const LongDouble);
    /// Test support: long double from double and back.
    pub fn upcr_coll_ld_from_double(d: f64, out: *mut LongDouble);
    pub fn upcr_coll_ld_to_double(a: *const LongDouble) -> f64;
}

impl Elem for LongDouble {
    const FLOATING: bool = true;
    #[inline]
    fn combine(op: u64, func: *const c_void, mut a: Self, b: Self) -> Self {
        // SAFETY: both point to valid long doubles; the shim only does arithmetic or
        // calls the program's function.
        unsafe { upcr_coll_ld_combine(op, func, &mut a, &b) };
        a
    }
}

impl LongDouble {
    pub fn from_f64(d: f64) -> LongDouble {
        let mut v = LongDouble([0; 16]);
        // SAFETY: writes one long double into v.
        unsafe { upcr_coll_ld_from_double(d, &mut v) };
        v
    }
    pub fn to_f64(self) -> f64 {
        // SAFETY: reads one long double.
        unsafe { upcr_coll_ld_to_double(&self) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    extern "C" fn sub_i32(a: i32, b: i32) -> i32 {
        a - b
    }

    #[test]
    fn integer_operators() {
        let n = std::ptr::null();
        assert_eq!(i32::combine(UPC_ADD, n, 3, 4), 7);
        assert_eq!(u8::combine(UPC_ADD, n, 250, 10), 4);
        assert_eq!(i16::combine(UPC_MULT, n, -3, 4), -12);
        assert_eq!(u32::combine(UPC_AND, n, 0b1100, 0b1010), 0b1000);
        assert_eq!(u32::combine(UPC_OR, n, 0b1100, 0b1010), 0b1110);
        assert_eq!(u32::combine(UPC_XOR, n, 0b1100, 0b1010), 0b0110);
        assert_eq!(i64::combine(UPC_LOGAND, n, 5, 0), 0);
        assert_eq!(i64::combine(UPC_LOGOR, n, 5, 0), 1);
        assert_eq!(i8::combine(UPC_MIN, n, -5, 3), -5);
        assert_eq!(u16::combine(UPC_MAX, n, 5, 300), 300);
        assert_eq!(
            i32::combine(UPC_NONCOMM_FUNC, sub_i32 as *const c_void, 10, 3),
            7
        );
    }

    #[test]
    fn floating_and_long_double() {
        let n = std::ptr::null();
        assert_eq!(f64::combine(UPC_LOGAND, n, 2.5, 1.0), 1.0);
        assert_eq!(f32::combine(UPC_MIN, n, 2.5, -1.0), -1.0);
        let a = LongDouble::from_f64(1.5);
        let b = LongDouble::from_f64(2.25);
        assert_eq!(LongDouble::combine(UPC_ADD, n, a, b).to_f64(), 3.75);
        assert_eq!(LongDouble::combine(UPC_MAX, n, a, b).to_f64(), 2.25);
        assert_eq!(LongDouble::combine(UPC_MULT, n, a, b).to_f64(), 3.375);
        assert!(check_op(UPC_XOR, n, true).is_err());
        assert!(check_op(UPC_ADD | UPC_MULT, n, false).is_err());
        assert!(check_op(UPC_FUNC, n, false).is_err());
    }
}
