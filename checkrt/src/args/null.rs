//! `upcc_null_deref`: a dereference of a null pointer-to-shared, seen by the translated code
//! before the access (`upcc_nonnull` of upcc_hooks.h).  The finding names the pointer as
//! written and, when this thread's last allocation of zero bytes returned the null pointer,
//! that call with its line and its size arguments.

use crate::ffi::Site;
use crate::report::{ArgNote, Finding, Kind};

/// The finding of a null pointer-to-shared dereferenced at `site` by thread `me`.
pub(crate) fn null_finding(
    me: usize,
    site: &'static Site,
    zero_alloc: Option<&(&'static Site, String)>,
) -> Finding {
    let text = site.arg_text(0);
    let message = if text.is_empty() {
        "null pointer-to-shared dereferenced".to_string()
    } else {
        format!("null pointer-to-shared `{text}` dereferenced")
    };
    let mut f = Finding::new(Kind::NullPointerToShared, me, Some(site), "", message);
    f.args.push(ArgNote {
        index: 0,
        name: "pointer".to_string(),
        text: text.to_string(),
        value: "NULL".to_string(),
        decl: site.arg_decl(0).to_string(),
        rule: "a pointer-to-shared that is dereferenced must not be null".to_string(),
    });
    if let Some((at, sizes)) = zero_alloc {
        let call = at.op().map(|o| o.name).unwrap_or("an allocation");
        f.related.push(crate::report::Related::new(
            format!(
                "{call} at {} was called on this thread with a size of 0 bytes ({sizes}): it returns a null pointer-to-shared",
                crate::report::at(at)
            ),
            at,
        ));
    }
    f
}

/// Called by translated code when a pointer-to-shared about to be dereferenced is null.
///
/// # Safety
/// `site` points to a static upcc_site_t (or is null).
#[no_mangle]
#[cold]
pub unsafe extern "C" fn upcc_null_deref(site: *const Site) {
    let Some(site) = site.as_ref() else { return };
    let Some(st) = crate::state::get().filter(|s| s.active) else {
        return;
    };
    let f = null_finding(st.me, site, st.zero_alloc.as_ref());
    crate::report::emit(f);
}
