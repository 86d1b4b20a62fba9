//! upc-check's compiler: the driver, the UPC front end (preprocessing, parsing with the
//! tree-sitter UPC grammar, scopes and types) and the lowering of UPC to C with the
//! checker's hooks.

pub mod colmap;
pub mod consteval;
pub mod diag;
pub mod driver;
mod interrupt;
pub mod linemap;
pub mod lower;
pub mod network;
pub mod testsuite;
pub mod types;
