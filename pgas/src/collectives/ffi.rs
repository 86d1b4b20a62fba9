//! The C ABI of `<upc_collective.h>` as seen by translated code: every `shared T *`
//! parameter is a `upcr_pshared_t` by value, `upc_flag_t` is `int`, `upc_op_t` is
//! `unsigned long`, reduction functions are plain C function pointers.
//!
//! The functions are exported as `upcr_coll_<name>`; `weak_api.c` defines the public
//! names as weak functions that call them, so a program that ships its own implementation
//! of the collectives (a reference implementation, a course assignment) links with its
//! own.

use super::ops::LongDouble;
use super::reduce::{prefix_reduce, reduce};
use super::relocalize;
use super::rt::PShared;
use super::sort::{sort, SortFunc};
use super::team::with_current;
use std::ffi::c_void;

#[export_name = "upcr_coll_upc_all_broadcast"]
pub extern "C" fn upc_all_broadcast(dst: PShared, src: PShared, nbytes: usize, flags: i32) {
    with_current(|t| relocalize::broadcast(t, dst, src, nbytes, flags))
}

#[export_name = "upcr_coll_upc_all_scatter"]
pub extern "C" fn upc_all_scatter(dst: PShared, src: PShared, nbytes: usize, flags: i32) {
    with_current(|t| relocalize::scatter(t, dst, src, nbytes, flags))
}

#[export_name = "upcr_coll_upc_all_gather"]
pub extern "C" fn upc_all_gather(dst: PShared, src: PShared, nbytes: usize, flags: i32) {
    with_current(|t| relocalize::gather(t, dst, src, nbytes, flags))
}

#[export_name = "upcr_coll_upc_all_gather_all"]
pub extern "C" fn upc_all_gather_all(dst: PShared, src: PShared, nbytes: usize, flags: i32) {
    with_current(|t| relocalize::gather_all(t, dst, src, nbytes, flags))
}

#[export_name = "upcr_coll_upc_all_exchange"]
pub extern "C" fn upc_all_exchange(dst: PShared, src: PShared, nbytes: usize, flags: i32) {
    with_current(|t| relocalize::exchange(t, dst, src, nbytes, flags))
}

#[export_name = "upcr_coll_upc_all_permute"]
pub extern "C" fn upc_all_permute(
    dst: PShared,
    src: PShared,
    perm: PShared,
    nbytes: usize,
    flags: i32,
) {
    with_current(|t| relocalize::permute(t, dst, src, perm, nbytes, flags))
}

#[export_name = "upcr_coll_upc_all_sort"]
pub extern "C" fn upc_all_sort(
    a: PShared,
    elem_size: usize,
    nelems: usize,
    blk_size: usize,
    func: Option<SortFunc>,
    flags: i32,
) {
    with_current(|t| sort(t, a, elem_size, nelems, blk_size, func, flags))
}

macro_rules! reductions {
    ($($red:ident $pre:ident $t:ty;)*) => {$(
        #[export_name = concat!("upcr_coll_", stringify!($red))]
        #[allow(non_snake_case)]
        pub extern "C" fn $red(
            dst: PShared,
            src: PShared,
            op: u64,
            nelems: usize,
            blk_size: usize,
            func: *const c_void,
            flags: i32,
        ) {
            with_current(|t| reduce::<$t>(t, dst, src, op, nelems, blk_size, func, flags))
        }

        #[export_name = concat!("upcr_coll_", stringify!($pre))]
        #[allow(non_snake_case)]
        pub extern "C" fn $pre(
            dst: PShared,
            src: PShared,
            op: u64,
            nelems: usize,
            blk_size: usize,
            func: *const c_void,
            flags: i32,
        ) {
            with_current(|t| prefix_reduce::<$t>(t, dst, src, op, nelems, blk_size, func, flags))
        }
    )*};
}

reductions! {
    upc_all_reduceC upc_all_prefix_reduceC i8;
    upc_all_reduceUC upc_all_prefix_reduceUC u8;
    upc_all_reduceS upc_all_prefix_reduceS i16;
    upc_all_reduceUS upc_all_prefix_reduceUS u16;
    upc_all_reduceI upc_all_prefix_reduceI i32;
    upc_all_reduceUI upc_all_prefix_reduceUI u32;
    upc_all_reduceL upc_all_prefix_reduceL i64;
    upc_all_reduceUL upc_all_prefix_reduceUL u64;
    upc_all_reduceF upc_all_prefix_reduceF f32;
    upc_all_reduceD upc_all_prefix_reduceD f64;
    upc_all_reduceLD upc_all_prefix_reduceLD LongDouble;
}
