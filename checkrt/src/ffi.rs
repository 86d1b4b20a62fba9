//! Rust mirrors of the C types in `pgas/include/upcc_hooks.h`.

use std::ffi::{c_char, c_int, CStr};

/// `upcr_pshared_t`: a pointer-to-shared (defined once, in the runtime).
pub use pgas::PShared;

/// `upcc_val_t`: one argument value.
#[repr(C)]
#[derive(Clone, Copy)]
pub union Val {
    pub i: i64,
    pub u: u64,
    pub d: f64,
    pub p: *const std::ffi::c_void,
    pub s: PShared,
}

/// `upcc_site_t`: the static description of one call site.
#[repr(C)]
pub struct Site {
    pub file: *const c_char,
    pub line: c_int,
    pub col: c_int,
    pub op: c_int,
    pub nargs: c_int,
    pub arg_text: *const *const c_char,
    pub arg_decl: *const *const c_char,
    pub func: *const c_char,
    pub source_line: *const c_char,
}

fn cstr(p: *const c_char) -> &'static str {
    if p.is_null() {
        return "";
    }
    // SAFETY: sites are emitted by the translator as static NUL-terminated literals.
    unsafe { CStr::from_ptr(p) }.to_str().unwrap_or("?")
}

impl Site {
    pub fn file(&self) -> &'static str {
        cstr(self.file)
    }
    pub fn func(&self) -> &'static str {
        cstr(self.func)
    }
    pub fn source_line(&self) -> Option<&'static str> {
        (!self.source_line.is_null()).then(|| cstr(self.source_line))
    }
    fn nth(&self, table: *const *const c_char, i: usize) -> &'static str {
        if table.is_null() || i >= self.nargs as usize {
            return "";
        }
        // SAFETY: the table has nargs entries (translator contract).
        cstr(unsafe { *table.add(i) })
    }
    /// Source text of argument i.
    pub fn arg_text(&self, i: usize) -> &'static str {
        self.nth(self.arg_text, i)
    }
    /// Where the variables of argument i were declared.
    pub fn arg_decl(&self, i: usize) -> &'static str {
        self.nth(self.arg_decl, i)
    }
    /// The catalog entry of this site's operation.
    pub fn op(&self) -> Option<&'static rules::Op> {
        rules::OPS.get(usize::try_from(self.op).ok()?)
    }
}

impl std::fmt::Debug for Site {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Site({}:{} op {})", self.file(), self.line, self.op)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_head_of_a_site_is_where_the_status_records_read_it() {
        // pgas::status::SiteHead (file, line, col, op) decodes `set_waiting_at` sites
        assert_eq!(std::mem::offset_of!(Site, file), 0);
        assert_eq!(std::mem::offset_of!(Site, line), 8);
        assert_eq!(std::mem::offset_of!(Site, col), 12);
        assert_eq!(std::mem::offset_of!(Site, op), 16);
    }
}
