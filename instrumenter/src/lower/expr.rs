//! Expressions: the type of every expression as far as sharedness goes, shared accesses
//! lowered to direct loads and stores on computed addresses, and pointer-to-shared
//! arithmetic, comparison, conversion and casts (UPC-REFERENCE §3, §4).

use tree_sitter::Node;

use super::race::{Access, STRICT_BIT};
use super::{is_expression, SymKind, Tr};
use crate::types::{Base, Layout, Ty};

/// Where a shared lvalue lives.
#[derive(Clone, Debug)]
pub(crate) enum Place {
    /// Element `idx` (in ultimate elements) of a shared object at partition offset `off`;
    /// `local`: inside a strided upc_forall, (controlling flag, local element index) of an
    /// element known to be the calling thread's when the loop controls.
    Elem {
        off: String,
        idx: String,
        local: Option<(String, String)>,
    },
    /// What a pointer-to-shared (C expression) points to.
    Ptr { ps: String },
    /// An element known to be the calling thread's: its local address, and its
    /// pointer-to-shared for `&`.
    Local { addr: String, ps: String },
    /// With remote data: the element a write that may be remote goes through
    /// (`Tr::remote_write`): its local address, or the temporary that `upcr_wr` staged it
    /// in when remote, and its pointer-to-shared (where race checking records the access).
    Staged { addr: String, ps: String },
    /// With race checking: an element reached through a pointer-to-local that was cast from
    /// a pointer-to-shared (its local address; `&` gives it back).
    Private { addr: String },
    /// With race checking or remote data: a bit-field `field` of the shared structure of C
    /// type `rec` at the pointer-to-shared `ps` (no address of its own: the access records
    /// the bytes of its storage unit, `upcc_race_bitfield` of upcc_hooks.h, or moves them,
    /// [`bitfield_unit`]).  `local`: the structure's local address (a remote write's
    /// temporary, or the structure itself when it is mapped).
    BitField {
        ps: String,
        rec: String,
        field: String,
        local: Option<String>,
    },
}

/// A shared lvalue: its place and its (shared-qualified) type.
#[derive(Clone, Debug)]
pub(crate) struct Lv {
    pub place: Place,
    pub ty: Ty,
    /// With race checking: the static site of the access (see `race.rs`).
    pub at: Option<String>,
}

/// A lowered expression.
#[derive(Clone, Debug)]
pub(crate) struct Ex {
    /// C text (for shared lvalues: unused, see [`Tr::rvalue`]).
    pub text: String,
    pub ty: Option<Ty>,
    pub lv: Option<Lv>,
    /// A null pointer constant (`0`, `NULL`).
    pub null_const: bool,
}

impl Ex {
    /// A shared lvalue at `place` of type `ty`.
    fn shared(place: Place, ty: Ty) -> Ex {
        Ex {
            text: String::new(),
            ty: Some(ty.clone()),
            lv: Some(Lv {
                place,
                ty,
                at: None,
            }),
            null_const: false,
        }
    }

    pub fn plain(text: String, ty: Option<Ty>) -> Ex {
        Ex {
            text,
            ty,
            lv: None,
            null_const: false,
        }
    }
    /// Type of the value (arrays of shared decay to pointers-to-shared).
    pub fn value_ty(&self) -> Option<Ty> {
        match &self.lv {
            // the element keeps the array's qualifiers (`shared` of a member array)
            Some(lv) if lv.ty.is_array() => lv.ty.target().map(Ty::pointer_to),
            Some(lv) => Some(lv.ty.clone()),
            None => self.ty.clone(),
        }
    }
}

/// The statement expression around a write that may be remote (see `Tr::remote_write`).
pub(crate) struct RemoteWrite {
    /// Declares the pointer-to-shared, the temporary and the address written through.
    head: String,
    /// Puts the temporary back when it was written instead of the target.
    tail: String,
    /// C type of the target.
    c: String,
    /// Name of the result.
    result: String,
}

impl RemoteWrite {
    fn wrap(self, e: Ex) -> Ex {
        let RemoteWrite {
            head,
            tail,
            c,
            result,
        } = self;
        Ex::plain(
            format!(
                "__extension__ ({{ {head} {c} {result} = ({}); {tail} {result}; }})",
                e.text
            ),
            e.ty,
        )
    }
}

/// The bytes of bit-field `field`'s storage unit in a structure of C type `rec`, as the C
/// expression `offset | length << 32`: the field set in a zeroed structure (constant-folded).
fn bitfield_unit(rec: &str, field: &str) -> String {
    format!(
        "__extension__ ({{ {rec} __upcc_bt; const unsigned char *__upcc_bp = (const unsigned char *)&__upcc_bt; unsigned long __upcc_i = 0, __upcc_j = sizeof({rec}); __builtin_memset(&__upcc_bt, 0, sizeof({rec})); __upcc_bt.{field} = -1; while (__upcc_i < sizeof({rec}) && !__upcc_bp[__upcc_i]) __upcc_i++; while (__upcc_j > __upcc_i && !__upcc_bp[__upcc_j - 1]) __upcc_j--; __upcc_i | ((__upcc_j - __upcc_i) << 32); }})"
    )
}

thread_local! {
    /// Inside the operand of `&`: `&p[i]`, `&*p`, `&p->f` compute an address without
    /// accessing anything (`&*p` is `p`, also for a null `p`), so no null check there.
    static ADDR_OF: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// Two fields of a node, when both are there.
fn fields<'t>(n: Node<'t>, a: &str, b: &str) -> Option<(Node<'t>, Node<'t>)> {
    Some((n.child_by_field_name(a)?, n.child_by_field_name(b)?))
}

/// Whether the value of the expression `n` is thrown away: a statement of its own, a `for`
/// loop's update or the left operand of a comma.
fn value_discarded(n: Node) -> bool {
    n.parent().is_some_and(|p| match p.kind() {
        "expression_statement" => true,
        "for_statement" | "upc_forall_statement" => p.child_by_field_name("update") == Some(n),
        "comma_expression" => p.child_by_field_name("left") == Some(n),
        "parenthesized_expression" => value_discarded(p),
        _ => false,
    })
}

fn pts_params(target: &Ty) -> (String, String, String) {
    // (element size, block size, elements per step)
    (
        target.elem_size_text(),
        target.layout().block_text(),
        target.count_text(),
    )
}

impl<'a> Tr<'a> {
    // ---- shared lvalues -------------------------------------------------------------------

    fn place_params(&self, ty: &Ty) -> (String, String) {
        (ty.elem_size_text(), ty.layout().block_text())
    }

    /// Local address (void *) of a shared lvalue.
    pub fn local_addr(&self, lv: &Lv) -> String {
        let (e, b) = self.place_params(&lv.ty);
        match &lv.place {
            Place::Elem { off, idx, local: None } => format!("upcr_elem_local({off}, {idx}, {e}, {b})"),
            Place::Elem { off, local: Some((ctl, li)), .. } if ctl == "1" => {
                format!("upcr_addr((uint32_t)upcr_mythread, {off} + (uint64_t){li} * {e})")
            }
            Place::Elem { off, idx, local: Some((ctl, li)) } => format!(
                "({ctl} ? upcr_addr((uint32_t)upcr_mythread, {off} + (uint64_t){li} * {e}) : upcr_elem_local({off}, {idx}, {e}, {b}))"
            ),
            Place::Ptr { ps } | Place::BitField { ps, .. } => format!("upcr_ps_local({ps})"),
            Place::Local { addr, .. } | Place::Staged { addr, .. } | Place::Private { addr } => {
                addr.clone()
            }
        }
    }

    /// Pointer-to-shared of a shared lvalue (for `&`).
    pub fn ps_of(&self, lv: &Lv) -> String {
        let (e, b) = self.place_params(&lv.ty);
        match &lv.place {
            Place::Elem { off, idx, .. } => format!("upcr_ps_elem({off}, {idx}, {e}, {b})"),
            Place::Ptr { ps }
            | Place::Local { ps, .. }
            | Place::Staged { ps, .. }
            | Place::BitField { ps, .. } => ps.clone(),
            Place::Private { addr } => addr.clone(),
        }
    }

    /// Whether an lvalue is known to be the calling thread's (accessed directly).
    fn lv_owned(&self, lv: &Lv) -> bool {
        match &lv.place {
            Place::Local { .. } | Place::Staged { .. } | Place::Private { .. } => true,
            Place::Elem {
                local: Some((ctl, _)),
                ..
            } => ctl == "1",
            _ => false,
        }
    }

    /// With remote access (`-network=mpi`), an lvalue that may be another thread's.
    fn lv_maybe_remote(&self, lv: &Lv) -> bool {
        self.opts.remote_access && !lv.ty.is_array() && !self.lv_owned(lv)
    }

    /// A write or update of a shared lvalue that may be remote (`-network=mpi`): the lvalue
    /// re-placed at a local address (its own or, when remote, a temporary filled first by a
    /// get when `fetch`), and the statement expression that wraps the lowered write and puts
    /// the temporary back.  `None` when the lvalue is accessed directly.
    fn remote_write(&mut self, e: &Ex, fetch: bool) -> Option<(Ex, RemoteWrite)> {
        let lv = e.lv.as_ref().filter(|lv| self.lv_maybe_remote(lv))?;
        let c = lv.ty.c_name();
        let c = c.strip_prefix("volatile ").unwrap_or(&c).to_string();
        let (p, t, a) = (self.fresh("rp"), self.fresh("rt"), self.fresh("ra"));
        let ps = self.ps_of(lv);
        if let Place::BitField {
            rec,
            field,
            local: None,
            ..
        } = &lv.place
        {
            // the field's storage unit (offset | length << 32) where it is, or moved through
            // a temporary structure: fetched first whatever the write (the unit holds other
            // fields), put back after
            let u = self.fresh("ru");
            let unit = format!("upcr_ps_field({p}, {u} & 0xffffffffUL)");
            let at = format!("(char *)&{t} + ({u} & 0xffffffffUL)");
            let mut local = e.clone();
            if let Some(l) = local.lv.as_mut() {
                l.place = Place::BitField {
                    ps: p.clone(),
                    rec: rec.clone(),
                    field: field.clone(),
                    local: Some(format!("({a} - ({u} & 0xffffffffUL))")),
                };
            }
            let wrap = RemoteWrite {
                head: format!(
                    "upcr_pshared_t {p} = {ps}; unsigned long {u} = {}; {rec} {t}; char *{a} = (char *)upcr_wr({unit}, {u} >> 32, (void *)({at}), 1);",
                    bitfield_unit(rec, field),
                ),
                tail: format!("upcr_wr_done({unit}, {a}, (const void *)({at}), {u} >> 32);"),
                c,
                result: self.fresh("rv"),
            };
            return Some((local, wrap));
        }
        let mut local = e.clone();
        if let Some(l) = local.lv.as_mut() {
            l.place = Place::Staged {
                // (through an integer: the C compiler's -Wcast-qual is for the program)
                addr: format!("(void *)(uintptr_t){a}"),
                ps: p.clone(),
            };
        }
        let wrap = RemoteWrite {
            head: format!(
                "upcr_pshared_t {p} = {ps}; {c} {t}; volatile {c} *{a} = (volatile {c} *)upcr_wr({p}, sizeof({c}), (void *)&{t}, {});",
                fetch as u8
            ),
            tail: format!("upcr_wr_done({p}, {a}, (const void *)&{t}, sizeof({c}));"),
            c,
            result: self.fresh("rv"),
        };
        Some((local, wrap))
    }

    /// Strict access (never for a private element).
    fn lv_strict(&self, lv: &Lv) -> bool {
        !matches!(lv.place, Place::Private { .. }) && self.is_strict(&lv.ty)
    }

    /// `A[i]` inside a strided upc_forall over `i` whose owned elements of A are the
    /// calling thread's (same block size): (controlling flag, local index variable).
    fn strided_local(&self, array: Node, index: Node, ty: &Ty) -> Option<(String, String)> {
        let ctx = self.strided.last()?;
        if ctx.pointer.is_some()
            || array.kind() != "identifier"
            || index.kind() != "identifier"
            || self.text(index) != ctx.var
        {
            return None;
        }
        let elem = ty.target()?;
        if elem.is_array() || ty.layout().block_text() != ctx.block {
            return None;
        }
        Some((ctx.ctl.clone(), ctx.li.clone()))
    }

    pub fn is_strict(&self, ty: &Ty) -> bool {
        ty.is_strict() || (self.strict_default && !ty.is_relaxed())
    }

    /// The local address through which a shared lvalue is accessed: with race checking,
    /// the address goes through `upcc_race_access`, which records the access (its kind,
    /// size and strictness, at the lvalue's site) before it happens and returns the address.
    /// This is the only place where a shared access gets its address; [`Tr::access`] makes
    /// the C lvalue of it.  A transport that moves remote data (instead of the shared
    /// segment mapped everywhere) would turn the access into a get or put here, from the
    /// same information: `kind`, `lv.ty` (size, strictness) and `self.ps_of(lv)`.
    pub fn access_addr(&self, lv: &Lv, kind: Access) -> String {
        let addr = self.local_addr(lv);
        let Some(site) = lv.at.as_ref().filter(|_| self.opts.checks.race) else {
            return addr;
        };
        let c = lv.ty.c_name();
        let c = c.strip_prefix("volatile ").unwrap_or(&c);
        let strict = if self.lv_strict(lv) { STRICT_BIT } else { 0 };
        // an owned access in a controlling loop recorded as runs (`race.rs`, `Runs`)
        if let Some(ctx) = self.strided.last() {
            if let Some(runs) = &ctx.runs {
                let owned = match &lv.place {
                    Place::Elem {
                        local: Some((ctl, _)),
                        ..
                    } => ctl == "1",
                    Place::Local { .. } => true,
                    _ => false,
                };
                if strict != 0 {
                    runs.strict_seen.set(true);
                } else if owned {
                    return runs.access(&ctx.li, &addr, &format!("sizeof({c})"), kind.bits(), site);
                }
            }
        }
        if let Place::Private { .. } = lv.place {
            return format!(
                "upcc_race_access((void *)({addr}), sizeof({c}), {}u, &{site})",
                kind.bits()
            );
        }
        if let Place::Staged { ps, .. } = &lv.place {
            return format!(
                "upcc_race_staged({ps}, {addr}, sizeof({c}), {}u, &{site})",
                kind.bits() | strict
            );
        }
        format!(
            "upcc_race_access({addr}, sizeof({c}), {}u, &{site})",
            kind.bits() | strict
        )
    }

    /// The C lvalue designating a shared object, for an access of the given kind.
    ///
    /// Every source access to shared memory stays one access after optimization (UPC's
    /// memory model is defined on them: a relaxed flag polled in a loop must be read
    /// again each time), so the lvalue is volatile — except for the calling thread's own
    /// elements in the controlling loop of a strided `upc_forall`, whose accesses no
    /// other thread is synchronized with inside the loop and which must vectorize.
    pub fn access(&self, lv: &Lv, kind: Access) -> String {
        if let Place::BitField {
            ps,
            rec,
            field,
            local,
        } = &lv.place
        {
            let base = match local {
                Some(addr) => addr.clone(),
                None => format!("upcr_ps_local({ps})"),
            };
            let remote_read = local.is_none() && self.lv_maybe_remote(lv);
            let race = lv.at.as_ref().filter(|_| self.opts.checks.race);
            // with remote data, recorded at the structure's address in the segment, mapped
            // or not (the access itself goes through `base` or a remote read)
            let record = |site: &String| {
                let strict = if self.lv_strict(lv) { STRICT_BIT } else { 0 };
                format!(
                    "upcc_race_bitfield(upcr_ps_local({ps}), {}, {}u, &{site})",
                    bitfield_unit(rec, field),
                    kind.bits() | strict
                )
            };
            return match race {
                Some(site) if !self.opts.remote_access => {
                    let strict = if self.lv_strict(lv) { STRICT_BIT } else { 0 };
                    format!(
                        "(*(volatile {rec} *)upcc_race_bitfield({base}, {}, {}u, &{site})).{field}",
                        bitfield_unit(rec, field),
                        kind.bits() | strict
                    )
                }
                Some(site) if !remote_read => {
                    format!(
                        "(*(volatile {rec} *)((void){}, {base})).{field}",
                        record(site)
                    )
                }
                _ if remote_read => {
                    let recorded =
                        race.map_or(String::new(), |site| format!("(void){}; ", record(site)));
                    // a read (writes and updates were re-placed by `remote_write`): the
                    // storage unit's bytes where they are, or got into a temporary structure
                    let rd = if self.lv_strict(lv) {
                        "upcr_rd_strict"
                    } else {
                        "upcr_rd"
                    };
                    format!(
                        "__extension__ ({{ unsigned long __upc_bu = {}; {rec} __upc_bt; {}volatile {rec} *__upc_ba = (volatile {rec} *)((char *){rd}(upcr_ps_field({ps}, __upc_bu & 0xffffffffUL), __upc_bu >> 32, (char *)&__upc_bt + (__upc_bu & 0xffffffffUL)) - (__upc_bu & 0xffffffffUL)); __upc_ba->{field}; }})",
                        bitfield_unit(rec, field),
                        recorded
                    )
                }
                _ => format!("((volatile {rec} *){base})->{field}"),
            };
        }
        let c = lv.ty.c_name();
        if self.lv_maybe_remote(lv) {
            // a read (writes and updates were re-placed by `remote_write`): the value at the
            // local address, or in a temporary after a remote get
            let c = c.strip_prefix("volatile ").unwrap_or(&c);
            if let Some(site) = lv.at.as_ref().filter(|_| self.opts.checks.race) {
                // recorded by the race checker on the way (`upcc_race_rd`)
                let strict = self.lv_strict(lv);
                let rd = format!(
                    "upcc_race_rd({}, sizeof({c}), (void *)&({c}){{0}}, {}u, &{site})",
                    self.ps_of(lv),
                    kind.bits() | if strict { STRICT_BIT } else { 0 }
                );
                if strict {
                    // the value read acquires what its strict write released
                    return format!("__extension__ ({{ volatile {c} *__upc_sp = (volatile {c} *){rd}; {c} __upc_sv = *__upc_sp; upcc_race_acquire((void *)(uintptr_t)__upc_sp); __upc_sv; }})");
                }
                return format!("(*(volatile {c} *){rd})");
            }
            let rd = if self.lv_strict(lv) {
                "upcr_rd_strict"
            } else {
                "upcr_rd"
            };
            return format!(
                "(*(volatile {c} *){rd}({}, sizeof({c}), (void *)&({c}){{0}}))",
                self.ps_of(lv)
            );
        }
        let addr = self.access_addr(lv, kind);
        if self.lv_strict(lv) {
            let c = c.strip_prefix("volatile ").unwrap_or(&c);
            if kind == Access::Read && self.opts.checks.race && lv.at.is_some() {
                // the value read acquires what its strict write released
                return format!("__extension__ ({{ volatile {c} *__upc_sp = (volatile {c} *)upcr_strict({addr}); {c} __upc_sv = *__upc_sp; upcc_race_acquire((void *)(uintptr_t)__upc_sp); __upc_sv; }})");
            }
            return format!("(*(volatile {c} *)upcr_strict({addr}))");
        }
        // `volatile shared int` is volatile already
        let c = c.strip_prefix("volatile ").unwrap_or(&c).to_string();
        let owned = match &lv.place {
            Place::Local { .. } | Place::Private { .. } => true,
            Place::Elem {
                local: Some((ctl, _)),
                ..
            } => ctl == "1",
            _ => false,
        };
        if owned {
            format!("(*({c} *){addr})")
        } else {
            format!("(*(volatile {c} *){addr})")
        }
    }

    /// Value of an expression in a context that reads it.
    pub fn rvalue(&self, e: &Ex) -> String {
        match &e.lv {
            None => e.text.clone(),
            Some(lv) => {
                if lv.ty.is_array() {
                    let elem = lv.ty.target().expect("array element");
                    let (es, b) = self.place_params(&elem);
                    return match &lv.place {
                        Place::Elem { off, idx, .. } => {
                            format!("upcr_ps_elem({off}, {idx}, {es}, {b})")
                        }
                        Place::Ptr { ps }
                        | Place::Local { ps, .. }
                        | Place::Staged { ps, .. }
                        | Place::BitField { ps, .. } => ps.clone(),
                        Place::Private { addr } => addr.clone(),
                    };
                }
                self.access(lv, Access::Read)
            }
        }
    }

    /// Text of an expression that is written (`Write`) or updated: for a shared lvalue,
    /// its access of that kind.
    fn target_text(&self, e: &Ex, kind: Access) -> String {
        match &e.lv {
            Some(lv) if !lv.ty.is_array() => self.access(lv, kind),
            _ => self.rvalue(e),
        }
    }

    /// Value in a boolean context.
    pub fn cond_text(&self, e: &Ex) -> String {
        if e.value_ty().is_some_and(|t| t.is_pts()) {
            format!("(!upcr_ps_is_null({}))", self.rvalue(e))
        } else {
            self.rvalue(e)
        }
    }

    /// A complete object type (a struct or union whose members were seen)?
    pub(super) fn is_complete(&self, t: &Ty) -> bool {
        match t.ultimate().base {
            Base::Record { key, .. } => self.records.contains_key(&key),
            Base::Void => false,
            _ => true,
        }
    }

    /// A value that C would convert implicitly between a pointer-to-shared and a
    /// pointer-to-local (UPC forbids it: the representations differ) is reported here, at
    /// the UPC source, rather than by the C compiler in terms of the generated types.
    pub fn check_conversion(&mut self, at: Node, e: &Ex, to: &Ty) {
        let Some(from) = e.value_ty() else { return };
        let local_pointer = |t: &Ty| t.is_pointerish() && !t.is_pts() && !t.is_function();
        if to.is_pts() && !e.null_const && local_pointer(&from) {
            self.error(
                at,
                "a pointer-to-local cannot be converted to a pointer-to-shared (only a null pointer constant can)",
            );
        } else if from.is_pts() && local_pointer(to) && !to.is_array() {
            self.error(
                at,
                "a pointer-to-shared is not converted to a pointer-to-local implicitly; cast it, e.g. `(int *) p`, where the data has affinity to the calling thread",
            );
        }
    }

    /// Value converted for assignment to an object of type `to`.
    pub fn convert(&self, e: &Ex, to: &Ty) -> String {
        let Some(to_t) = to.pts_target() else {
            // a pointer-to-shared converted to _Bool: whether it is not null (C99 6.3.1.2)
            if is_bool(to) && e.value_ty().is_some_and(|t| t.is_pts()) {
                return format!("(!upcr_ps_is_null({}))", self.rvalue(e));
            }
            return self.rvalue(e);
        };
        if e.null_const {
            return "((upcr_pshared_t){ 0, 0, 0 })".into();
        }
        let v = self.rvalue(e);
        let Some(from) = e.value_ty() else { return v };
        let Some(from_t) = from.pts_target() else {
            return v;
        };
        if to_t.is_void() {
            return v;
        }
        let (tl, fl) = (to_t.layout(), from_t.layout());
        if from_t.is_void() {
            return match tl {
                Layout::Default | Layout::Indefinite => format!("upcr_ps_reset({v})"),
                _ => v,
            };
        }
        if !self.is_complete(to_t) || !self.is_complete(from_t) {
            return format!("upcr_ps_reset({v})");
        }
        let (tb, fb) = (tl.block_text(), fl.block_text());
        let (te, fe) = (to_t.elem_size_text(), from_t.elem_size_text());
        if tb == fb && te == fe {
            return v;
        }
        // same block size and element size keep the phase (decided by the C compiler)
        format!("__extension__ ({{ upcr_pshared_t __upc_cv = {v}; ({tb}) == ({fb}) && ({te}) == ({fe}) ? __upc_cv : upcr_ps_reset(__upc_cv); }})")
    }

    // ---- expressions ----------------------------------------------------------------------

    pub fn expr(&mut self, n: Node) -> Ex {
        let mut e = self.expr_node(n);
        if self.opts.checks.race
            && e.lv
                .as_ref()
                .is_some_and(|lv| lv.at.is_none() && !lv.ty.is_array())
        {
            let site = self.race_site(n);
            if let Some(lv) = e.lv.as_mut() {
                lv.at = site;
            }
        }
        e
    }

    fn expr_node(&mut self, n: Node) -> Ex {
        if n.has_error() {
            // only in system headers (errors in the user's code were reported): keep the
            // text between the parts
            return Ex::plain(self.splice(n), None);
        }
        match n.kind() {
            "identifier" => self.identifier(n),
            "number_literal" => {
                let t = self.text(n);
                let null = matches!(t, "0" | "0L" | "0UL" | "0U");
                Ex {
                    text: t.to_string(),
                    ty: Some(Ty::int()),
                    lv: None,
                    null_const: null,
                }
            }
            "string_literal" | "concatenated_string" => Ex::plain(
                self.text(n).to_string(),
                Some(Ty::scalar("char").pointer_to()),
            ),
            "parenthesized_expression" => {
                let Some(inner) = n.named_child(0).filter(|i| is_expression(i.kind())) else {
                    // a GNU statement expression `({ ...; e; })`: the type of `e`, which
                    // is known when `e` is lowered (in the block's scope)
                    let saved = self.stmt_expr_ty.take();
                    let text = self.splice(n);
                    let ty = std::mem::replace(&mut self.stmt_expr_ty, saved);
                    return Ex::plain(text, ty);
                };
                let e = self.expr(inner);
                if e.lv.is_some() {
                    return e;
                }
                Ex {
                    text: format!("({})", e.text),
                    ..e
                }
            }
            "generic_expression" => self.generic(n),
            "cast_expression" => self.cast(n),
            "call_expression" => self.call(n),
            "field_expression" => self.field(n),
            "subscript_expression" => self.subscript(n),
            "pointer_expression" => self.pointer_expr(n),
            "unary_expression" => self.unary(n),
            "binary_expression" => self.binary(n),
            "update_expression" => self.update(n),
            "assignment_expression" => self.assignment(n),
            "conditional_expression" => self.conditional(n),
            "comma_expression" => {
                let l = n.child_by_field_name("left").map(|l| self.expr(l));
                let r = n.child_by_field_name("right").map(|r| self.expr(r));
                match (l, r) {
                    (Some(l), Some(r)) => {
                        // the left value is discarded: say so, or clang warns that a
                        // lowering's statement expression (`p++` on a pointer-to-shared)
                        // has no effect
                        let lt = self.rvalue(&l);
                        let lt = match lt.starts_with("__extension__ ({") {
                            true => format!("(void){lt}"),
                            false => lt,
                        };
                        let text = format!("{lt}, {}", self.rvalue(&r));
                        Ex::plain(text, r.value_ty())
                    }
                    _ => Ex::plain(self.splice(n), None),
                }
            }
            "sizeof_expression" => self.sizeof(n),
            "offsetof_expression" => Ex::plain(
                self.splice(n)
                    .replacen("offsetof          ", "__builtin_offsetof", 1),
                Some(Ty::scalar("size_t")),
            ),
            "upc_sizeof_expression" => self.upc_sizeof(n),
            "alignof_expression" => self.alignof(n),
            "types_compatible_expression" => self.types_compatible(n),
            "extension_expression" => match n.named_child(0) {
                Some(inner) => {
                    let e = self.expr(inner);
                    if e.lv.is_some() {
                        return e;
                    }
                    Ex {
                        text: format!("__extension__ {}", e.text),
                        ..e
                    }
                }
                None => Ex::plain(self.splice(n), None),
            },
            "va_arg_expression" => {
                let Some((vn, tn)) = fields(n, "value", "type") else {
                    return Ex::plain(self.splice(n), None);
                };
                let ty = self.type_descriptor(tn);
                let v = self.expr(vn);
                let c = if ty.mentions_shared() {
                    ty.c_name()
                } else {
                    self.emit(tn)
                };
                Ex::plain(
                    format!("__builtin_va_arg({}, {c})", self.rvalue(&v)),
                    Some(ty),
                )
            }
            // GNU's `&&label`
            "label_address_expression" => {
                Ex::plain(self.splice(n), Some(Ty::scalar("void").pointer_to()))
            }
            "compound_literal_expression" => {
                let ty = n
                    .child_by_field_name("type")
                    .map(|t| self.type_descriptor(t));
                match (ty, n.child_by_field_name("value")) {
                    // a struct or array holding a pointer-to-shared too: a null pointer
                    // constant for a member must become the null pointer-to-shared
                    (Some(ty), Some(v))
                        if ty.mentions_shared()
                            || self.holds_pts(&ty)
                            || (self.at_file_scope() && self.names_shared(v)) =>
                    {
                        let init = self.initializer(v, &ty);
                        if self.at_file_scope() {
                            if let Some(name) = self.file_scope_literal(&ty, &init, v) {
                                return Ex::plain(name, Some(ty));
                            }
                        }
                        Ex::plain(format!("({}){init}", ty.c_name()), Some(ty))
                    }
                    (ty, _) => Ex::plain(self.splice(n), ty),
                }
            }
            _ => Ex::plain(self.splice(n), None),
        }
    }

    /// `_Generic(e, T1: a, T2: b, default: c)` where an association names a type involving
    /// shared data: every pointer-to-shared is one C type after lowering, so the C compiler
    /// could not tell `shared int *` from `shared [4] double *`; the translator, which knows
    /// the controlling expression's UPC type, selects the association itself.  Other
    /// selections are left to the C compiler.
    fn generic(&mut self, n: Node) -> Ex {
        let mut c = n.walk();
        let kids: Vec<Node> = n
            .named_children(&mut c)
            .filter(|k| k.kind() != "comment")
            .collect();
        let Some((&ctrl, assocs)) = kids.split_first() else {
            return Ex::plain(self.splice(n), None);
        };
        let pairs: Vec<(Node, Node)> = assocs
            .chunks(2)
            .filter_map(|p| match p {
                [t, e] => Some((*t, *e)),
                _ => None,
            })
            .collect();
        let types: Vec<Option<Ty>> = pairs
            .iter()
            .map(|(t, _)| {
                (t.kind() == "type_descriptor" && self.text(*t) != "default")
                    .then(|| self.type_descriptor(*t))
            })
            .collect();
        if !types.iter().flatten().any(Ty::mentions_shared) {
            return Ex::plain(self.splice(n), None);
        }
        let want = self.expr(ctrl).value_ty().map(|t| generic_key(&t));
        let chosen = types
            .iter()
            .position(|t| {
                t.as_ref()
                    .map(generic_key)
                    .is_some_and(|k| Some(&k) == want.as_ref())
            })
            .or_else(|| pairs.iter().position(|(t, _)| self.text(*t) == "default"));
        let Some(i) = chosen else {
            self.error(
                ctrl,
                "no association of this _Generic matches the type of its controlling expression, \
                 and there is no default"
                    .to_string(),
            );
            return Ex::plain(self.splice(n), None);
        };
        let e = self.expr(pairs[i].1);
        if e.lv.is_some() {
            return e;
        }
        let text = format!("({})", self.rvalue(&e));
        Ex::plain(self.pad_like(n, text), e.ty)
    }

    fn identifier(&mut self, n: Node) -> Ex {
        let name = self.text(n);
        if matches!(name, "__func__" | "__FUNCTION__" | "__PRETTY_FUNCTION__")
            && self.func.as_ref().is_some_and(|f| f.is_main)
        {
            // the program's main is renamed; its name stays "main"
            return Ex::plain("\"main\"".into(), Some(Ty::scalar("char").pointer_to()));
        }
        if let Some(w) = self.library_function_value(n, name) {
            return w;
        }
        match self.lookup(name).cloned() {
            Some(sym) => match sym.kind {
                SymKind::SharedVar { desc } => Ex {
                    text: name.to_string(),
                    ty: Some(sym.ty.clone()),
                    lv: Some(Lv {
                        place: Place::Elem {
                            off: format!("{desc}.offset"),
                            idx: "0".into(),
                            local: None,
                        },
                        ty: sym.ty,
                        at: None,
                    }),
                    null_const: false,
                },
                _ => Ex::plain(name.to_string(), Some(sym.ty)),
            },
            None => Ex::plain(name.to_string(), None),
        }
    }

    fn cast(&mut self, n: Node) -> Ex {
        let Some((tn, vn)) = fields(n, "type", "value") else {
            return Ex::plain(self.splice(n), None);
        };
        let to = self.type_descriptor(tn);
        let v = self.expr(vn);
        let type_text = if to.mentions_shared() {
            to.c_name()
        } else {
            self.emit(tn)
        };
        self.cast_to(n, to, type_text, v)
    }

    /// `(T)(v)` parsed as a call of `(T)` when T is a typedef name: the cast.
    fn typedef_cast(&mut self, n: Node, fnode: Node, args: Node) -> Option<Ex> {
        if args.named_child_count() != 1 {
            return None;
        }
        let chain = self.typedef_cast_chain(fnode)?;
        let arg = args.named_child(0).filter(|a| is_expression(a.kind()))?;
        let mut v = self.expr(arg);
        if v.lv.is_none() {
            v.text = format!("({})", v.text);
        }
        Some(self.cast_chain(n, &chain, v))
    }

    /// The casts of `chain` (outermost first) applied to `v`.
    fn cast_chain(&mut self, n: Node, chain: &[(String, Ty)], mut v: Ex) -> Ex {
        for (name, ty) in chain.iter().rev() {
            let type_text = if ty.mentions_shared() {
                ty.c_name()
            } else {
                name.clone()
            };
            v = self.cast_to(n, ty.clone(), type_text, v);
        }
        v
    }

    fn cast_to(&mut self, n: Node, to: Ty, type_text: String, v: Ex) -> Ex {
        let from = v.value_ty();
        let from_pts = from.as_ref().is_some_and(|t| t.is_pts());
        if to.is_pts() {
            if v.null_const {
                return Ex {
                    text: "((upcr_pshared_t){ 0, 0, 0 })".into(),
                    ty: Some(to),
                    lv: None,
                    null_const: true,
                };
            }
            if !from_pts {
                if from.as_ref().is_some_and(|t| t.is_pointerish()) {
                    self.error(n, "a pointer-to-local cannot be cast to a pointer-to-shared (only a null pointer constant can)");
                }
                return Ex::plain(self.rvalue(&v), Some(to));
            }
            let text = self.convert(&v, &to);
            return Ex::plain(text, Some(to));
        }
        if from_pts {
            let c = to.c_name();
            if to.is_pointerish() {
                return Ex::plain(
                    format!("(({c})upcr_ps_to_local({}))", self.rvalue(&v)),
                    Some(to),
                );
            }
            if to.is_void() {
                return Ex::plain(format!("((void)({}))", self.rvalue(&v)), Some(to));
            }
            if is_bool(&to) {
                return Ex::plain(self.convert(&v, &to), Some(to));
            }
            self.error(n, "a pointer-to-shared cannot be cast to an integer type; use upc_addrfield, upc_threadof or upc_phaseof");
            return Ex::plain(String::new(), Some(to));
        }
        let null = v.null_const && (to.is_pointerish() || !to.is_void());
        Ex {
            text: format!("({type_text}){}", self.rvalue(&v)),
            ty: Some(to),
            lv: None,
            null_const: null,
        }
    }

    fn field(&mut self, n: Node) -> Ex {
        let Some((an, fnode)) = fields(n, "argument", "field") else {
            return Ex::plain(self.splice(n), None);
        };
        let arrow = n
            .child_by_field_name("operator")
            .is_some_and(|o| self.text(o) == "->");
        let fname = self.text(fnode).to_string();
        let a = self.expr(an);
        // the shared struct reached, if any: (pointer-to-shared text, struct type)
        let shared_struct = if arrow {
            match a.value_ty() {
                Some(t) if t.is_pts() => Some((
                    self.deref_value(n, Some(an), &a),
                    t.pts_target().cloned().expect("pts"),
                )),
                _ => None,
            }
        } else {
            a.lv.as_ref().map(|lv| (self.ps_of(lv), lv.ty.clone()))
        };
        if let Some((ps, sty)) = shared_struct {
            let rec = sty.resolved();
            let fty = self.member_type(&rec, &fname);
            let Some(fty) = fty else {
                self.error(
                    fnode,
                    format!("no member named '{fname}' in this shared structure"),
                );
                return Ex::plain(String::new(), None);
            };
            let rec_c = rec.c_name();
            if let Base::Record { key, .. } = &rec.base {
                if self.bitfields.contains(&format!("{key}.{fname}")) {
                    // a bit-field has no address of its own: reached through the
                    // structure's local address (the whole segment is mapped); with race
                    // checking, its accesses record its storage unit's bytes, and with remote
                    // data they move them
                    if self.opts.checks.race || self.opts.remote_access {
                        let mut bty = fty.clone();
                        bty.quals.shared = Some(Layout::Indefinite);
                        bty.quals.strict |= sty.quals.strict;
                        bty.quals.relaxed |= sty.quals.relaxed;
                        return Ex {
                            text: String::new(),
                            ty: Some(fty),
                            lv: Some(Lv {
                                place: Place::BitField {
                                    ps,
                                    rec: rec_c,
                                    field: fname,
                                    local: None,
                                },
                                ty: bty,
                                at: None,
                            }),
                            null_const: false,
                        };
                    }
                    return Ex::plain(
                        format!("((volatile {rec_c} *)upcr_ps_local({ps}))->{fname}"),
                        Some(fty),
                    );
                }
            }
            let mut mty = fty.clone();
            mty.quals.shared = Some(Layout::Indefinite);
            mty.quals.strict |= sty.quals.strict;
            mty.quals.relaxed |= sty.quals.relaxed;
            let ps = format!("upcr_ps_field({ps}, __builtin_offsetof({rec_c}, {fname}))");
            return Ex::shared(Place::Ptr { ps }, mty);
        }
        // plain C member access
        let base_ty = a.value_ty();
        let rec = base_ty.and_then(|t| if arrow { t.target() } else { Some(t) });
        let fty = rec.and_then(|r| self.member_type(&r.resolved(), &fname));
        let op = if arrow { "->" } else { "." };
        let text = format!("{}{op}{fname}", self.rvalue(&a));
        Ex::plain(text, fty)
    }

    pub(super) fn member_type(&self, rec: &Ty, field: &str) -> Option<Ty> {
        let Base::Record { key, .. } = &rec.base else {
            return None;
        };
        let fields = self.records.get(key)?;
        fields
            .iter()
            .find(|(n, _)| n == field)
            .map(|(_, t)| t.clone())
    }

    fn subscript(&mut self, n: Node) -> Ex {
        let Some((mut an, mut inode)) = fields(n, "argument", "index") else {
            return Ex::plain(self.splice(n), None);
        };
        // `i[p]`, `3[a]`: E1[E2] is E2[E1] in C, and an index that names a shared array or a
        // pointer-to-shared can only be that (the other operand is the integer)
        if self.names_shared_pointer(inode) {
            std::mem::swap(&mut an, &mut inode);
        }
        let a = self.expr(an);
        let i = self.expr(inode);
        let idx = self.rvalue(&i);
        if let Some(lv) = &a.lv {
            if lv.ty.is_array() {
                let elem = lv.ty.target().expect("array element");
                let step = elem.count_text();
                let scaled = if step == "1" {
                    format!("(size_t)({idx})")
                } else {
                    format!("(size_t)({idx})*{step}")
                };
                let local = self.strided_local(an, inode, &lv.ty);
                let place = match &lv.place {
                    Place::Elem { off, idx: base, .. } => {
                        let nidx = if base == "0" {
                            scaled
                        } else {
                            format!("{base} + {scaled}")
                        };
                        Place::Elem {
                            off: off.clone(),
                            idx: nidx,
                            local,
                        }
                    }
                    // (a bit-field is never an array)
                    Place::Ptr { ps }
                    | Place::Local { ps, .. }
                    | Place::Staged { ps, .. }
                    | Place::BitField { ps, .. } => {
                        let (e, b) = self.place_params(&elem);
                        Place::Ptr {
                            ps: format!("upcr_ps_add({ps}, (int64_t)({idx})*{step}, {e}, {b})"),
                        }
                    }
                    // only scalar elements are private places
                    Place::Private { addr } => Place::Private {
                        addr: format!("&({addr})[{idx}]"),
                    },
                };
                return Ex::shared(place, elem);
            }
        }
        if let Some(e) = self.strided_pointer_element(an, inode, &a) {
            return e;
        }
        if let Some(e) = self.pts_element(n, &a, Some(&idx)) {
            return e;
        }
        let ty = a.value_ty().and_then(|t| t.target());
        if let Some(e) = self.race_private(an, &a, Some(&idx)) {
            return e;
        }
        Ex::plain(format!("{}[{idx}]", self.rvalue(&a)), ty)
    }

    /// `Q[i]` in the controlling loop of a strided `upc_forall` over `i` (affinity `&P[i]`,
    /// `P + i`, `&A[i]` or `i`): the calling thread's element, addressed from the local
    /// index — for Q = P, and for another pointer Q with the loop's block size that the
    /// body leaves alone, when Q starts at the same thread and phase as P (as element 0 of
    /// an array, for `&A[i]` and `i`).  A pointer the loop may read once gets a local base
    /// computed before the loop (recorded in `bases`; the loop checks Q's thread and phase
    /// there, once); otherwise each access tests them.
    fn strided_pointer_element(&mut self, array: Node, index: Node, q: &Ex) -> Option<Ex> {
        let ctx = self.strided.last()?;
        if ctx.ctl != "1"
            || array.kind() != "identifier"
            || index.kind() != "identifier"
            || self.text(index) != ctx.var
        {
            return None;
        }
        let name = self.text(array).to_string();
        let target = q.value_ty()?.pts_target()?.clone();
        if target.is_array()
            || target.is_void()
            || target.layout() == Layout::Indefinite
            || target.layout().block_text() != ctx.block
            || ctx.changed.iter().any(|c| *c == name)
        {
            return None;
        }
        let (e, b, k) = pts_params(&target);
        let li = ctx.li.clone();
        // a private pointer variable (a pointer stored in shared memory is read each time)
        // private pointer variable that nothing in the body can change (a variable whose
        // address was taken changes through a store or a call)
        let stable = self.lookup(&name).is_some_and(|s| s.kind == SymKind::Var)
            && (ctx.globals_stable || !self.is_file_scope(&name))
            && (ctx.aliases_stable || !self.address_taken.contains(&name));
        let ps = format!(
            "upcr_ps_add({}, (int64_t)({})*{k}, {e}, {b})",
            self.rvalue(q),
            ctx.var
        );
        if stable {
            let base = format!("{li}_{name}");
            let ctx = self.strided.last_mut()?;
            if !ctx.bases.contains(&name) {
                ctx.bases.push(name);
            }
            let addr = format!("({base} + {li} * (long long)({e}))");
            return Some(Ex::shared(Place::Local { addr, ps }, target));
        }
        let qv = self.rvalue(q);
        let fast =
            format!("upcr_addr((uint32_t)upcr_mythread, ({qv}).addr + (uint64_t){li} * {e})");
        let (ot, op) = match &ctx.pointer {
            Some(p) if *p == name => {
                return Some(Ex::shared(Place::Local { addr: fast, ps }, target));
            }
            Some(p) => (format!("({p}).thread"), format!("({p}).phase")),
            None => ("0".to_string(), "0".to_string()),
        };
        if self.opts.remote_access {
            // not known to be the calling thread's: may be remote
            return Some(Ex::shared(Place::Ptr { ps }, target));
        }
        let addr = format!(
            "(({qv}).thread == {ot} && ({qv}).phase == {op} ? {fast} : upcr_ps_local({ps}))"
        );
        Some(Ex::shared(Place::Local { addr, ps }, target))
    }

    /// The value of the pointer-to-shared `p` (the expression `pn`) about to be dereferenced
    /// at `n`: with argument checks, checked against null first (one compare, a cold call to
    /// the checker) unless it is the address of a shared object.
    fn deref_value(&mut self, n: Node, pn: Option<Node>, p: &Ex) -> String {
        let v = self.rvalue(p);
        let never_null = v.starts_with("upcr_ps_elem(")
            || v.starts_with("upcr_ps_field(")
            || ADDR_OF.with(|d| d.get() > 0);
        match pn {
            Some(pn) if self.opts.checks.args && !never_null && !p.null_const => {
                let site = self.deref_site(n, pn);
                format!("upcc_nonnull({v}, &{site})")
            }
            _ => v,
        }
    }

    /// `p[idx]` (or `*p` without an index) for a pointer-to-shared `p`: the shared lvalue.
    fn pts_element(&mut self, n: Node, p: &Ex, idx: Option<&str>) -> Option<Ex> {
        let target = p.value_ty()?.pts_target()?.clone();
        if target.is_void() {
            self.error(
                n,
                "cannot index or dereference a generic pointer-to-shared (shared void *)",
            );
        }
        let pv = self.deref_value(n, n.child_by_field_name("argument"), p);
        let ps = match idx {
            None => pv,
            Some(i) => {
                let (e, b, k) = pts_params(&target);
                format!("upcr_ps_add({pv}, (int64_t)({i})*{k}, {e}, {b})")
            }
        };
        Some(Ex::shared(Place::Ptr { ps }, target))
    }

    fn pointer_expr(&mut self, n: Node) -> Ex {
        let Some(an) = n.child_by_field_name("argument") else {
            return Ex::plain(self.splice(n), None);
        };
        let op = n
            .child_by_field_name("operator")
            .map(|o| self.text(o))
            .unwrap_or("*");
        let a = if op == "&" {
            ADDR_OF.with(|d| d.set(d.get() + 1));
            let a = self.expr(an);
            ADDR_OF.with(|d| d.set(d.get() - 1));
            a
        } else {
            self.expr(an)
        };
        self.pointer_op(n, op, a)
    }

    /// `&a` or `*a` of a lowered operand.
    fn pointer_op(&mut self, n: Node, op: &str, a: Ex) -> Ex {
        if op == "&" {
            if let Some(lv) = &a.lv {
                if let Place::Private { addr } = &lv.place {
                    return Ex::plain(addr.clone(), Some(lv.ty.clone().pointer_to()));
                }
                return Ex::plain(self.ps_of(lv), Some(lv.ty.clone().pointer_to()));
            }
            let ty = a.ty.clone().map(|t| t.pointer_to());
            return Ex::plain(format!("&{}", self.rvalue(&a)), ty);
        }
        // dereference
        if let Some(lv) = &a.lv {
            if lv.ty.is_array() {
                let elem = lv.ty.target().expect("array element");
                let place = match &lv.place {
                    Place::Elem { off, idx, .. } => Place::Elem {
                        off: off.clone(),
                        idx: idx.clone(),
                        local: None,
                    },
                    Place::Ptr { ps }
                    | Place::Local { ps, .. }
                    | Place::Staged { ps, .. }
                    | Place::BitField { ps, .. } => Place::Ptr { ps: ps.clone() },
                    Place::Private { addr } => Place::Private { addr: addr.clone() },
                };
                return Ex::shared(place, elem);
            }
        }
        if let Some(e) = self.pts_element(n, &a, None) {
            return e;
        }
        let ty = a.value_ty().and_then(|t| t.target());
        if let Some(an) = n.child_by_field_name("argument") {
            if let Some(e) = self.race_private(an, &a, None) {
                return e;
            }
        }
        Ex::plain(format!("*{}", self.rvalue(&a)), ty)
    }

    fn unary(&mut self, n: Node) -> Ex {
        let Some(an) = n.child_by_field_name("argument") else {
            return Ex::plain(self.splice(n), None);
        };
        let op = self.op_text(n);
        let a = self.expr(an);
        if op == "!" && a.value_ty().is_some_and(|t| t.is_pts()) {
            return Ex::plain(
                format!("upcr_ps_is_null({})", self.rvalue(&a)),
                Some(Ty::int()),
            );
        }
        let ty = match op.as_str() {
            "!" => Some(Ty::int()),
            // GNU's `__real__ z`, `__imag__ z`: a part of a complex number
            o if o.starts_with("__") => None,
            _ => a.value_ty(),
        };
        let sep = if op.starts_with("__") { " " } else { "" };
        Ex::plain(format!("{op}{sep}{}", self.rvalue(&a)), ty)
    }

    /// The text of a node's `operator` field ("" if none).
    fn op_text(&self, n: Node) -> String {
        n.child_by_field_name("operator")
            .map(|o| self.text(o).to_string())
            .unwrap_or_default()
    }

    /// The typedef names of `(T)` or `(T1)(T2)`: a cast (or casts) that C's grammar,
    /// which does not know typedef names, read as a parenthesized name or a call.
    fn typedef_cast_chain(&self, n: Node) -> Option<Vec<(String, Ty)>> {
        let typedef = |id: Node| {
            let name = self.text(id).to_string();
            let sym = self.lookup(&name).filter(|s| s.kind == SymKind::Typedef)?;
            let ty = Ty::new(Base::Typedef(
                name.clone(),
                std::rc::Rc::new(sym.ty.clone()),
            ));
            Some((name, ty))
        };
        match n.kind() {
            "parenthesized_expression" => {
                let inner = n.named_child(0).filter(|i| i.kind() == "identifier")?;
                Some(vec![typedef(inner)?])
            }
            "call_expression" => {
                let (f, args) = fields(n, "function", "arguments")?;
                let arg = args
                    .named_child(0)
                    .filter(|a| a.kind() == "identifier" && args.named_child_count() == 1)?;
                let mut chain = self.typedef_cast_chain(f)?;
                chain.push(typedef(arg)?);
                Some(chain)
            }
            _ => None,
        }
    }

    /// `(T) &x`, `(T) *p`, `(T) -x` with a typedef name T, which C's grammar reads as a
    /// binary operation: the casts of the unary operation.
    fn typedef_cast_of_unary(&mut self, n: Node, ln: Node, rn: Node, op: &str) -> Option<Ex> {
        if !matches!(op, "&" | "*" | "-" | "+") {
            return None;
        }
        let chain = self.typedef_cast_chain(ln)?;
        Some(self.cast_unary_leftmost(n, &chain, op, rn))
    }

    /// The cast of the unary operation applied to the leftmost operand of `r`: every
    /// binary operator inside `r` binds tighter than the one C's grammar saw, so
    /// `(T) &a[i] + 1` is `((T) &a[i]) + 1`.
    fn cast_unary_leftmost(&mut self, n: Node, chain: &[(String, Ty)], op: &str, r: Node) -> Ex {
        if r.kind() == "binary_expression" {
            if let Some((rl, rr)) = fields(r, "left", "right") {
                let rop = self.op_text(r);
                let left = self.cast_unary_leftmost(n, chain, op, rl);
                let right = self.expr(rr);
                return self.binary_of(r, &rop, left, right);
            }
        }
        let operand = self.expr(r);
        let v = match op {
            "&" | "*" => self.pointer_op(n, op, operand),
            _ => {
                let ty = operand.value_ty();
                Ex::plain(format!("{op}{}", self.rvalue(&operand)), ty)
            }
        };
        let v = self.cast_chain(n, chain, v);
        Ex {
            text: format!("({})", v.text),
            ..v
        }
    }

    fn binary(&mut self, n: Node) -> Ex {
        let Some((ln, rn)) = fields(n, "left", "right") else {
            return Ex::plain(self.splice(n), None);
        };
        let op = self.op_text(n);
        if let Some(cast) = self.typedef_cast_of_unary(n, ln, rn, &op) {
            return cast;
        }
        let l = self.expr(ln);
        let r = self.expr(rn);
        self.binary_of(n, &op, l, r)
    }

    /// `l op r` of lowered operands.
    fn binary_of(&mut self, n: Node, op: &str, l: Ex, r: Ex) -> Ex {
        let op = op.to_string();
        let lt = l.value_ty();
        let rt = r.value_ty();
        let lp = lt.as_ref().is_some_and(|t| t.is_pts());
        let rp = rt.as_ref().is_some_and(|t| t.is_pts());
        let int = Some(Ty::int());
        if op == "&&" || op == "||" {
            return Ex::plain(
                format!("{} {op} {}", self.cond_text(&l), self.cond_text(&r)),
                int,
            );
        }
        if lp || rp {
            match op.as_str() {
                "==" | "!=" => {
                    let neg = if op == "!=" { "!" } else { "" };
                    let text = if r.null_const {
                        format!("{neg}upcr_ps_is_null({})", self.rvalue(&l))
                    } else if l.null_const {
                        format!("{neg}upcr_ps_is_null({})", self.rvalue(&r))
                    } else {
                        format!("{neg}upcr_ps_eq({}, {})", self.rvalue(&l), self.rvalue(&r))
                    };
                    return Ex::plain(format!("({text})"), int);
                }
                "<" | ">" | "<=" | ">=" if lp && rp => {
                    let target = lt
                        .as_ref()
                        .and_then(|t| t.pts_target().cloned())
                        .expect("pts");
                    let (e, b, _) = pts_params(&target);
                    let text = format!(
                        "(upcr_ps_cmp({}, {}, {e}, {b}) {op} 0)",
                        self.rvalue(&l),
                        self.rvalue(&r)
                    );
                    return Ex::plain(text, int);
                }
                "-" if lp && rp => {
                    let target = lt
                        .as_ref()
                        .and_then(|t| t.pts_target().cloned())
                        .expect("pts");
                    if target.is_void() {
                        self.error(
                            n,
                            "arithmetic on a generic pointer-to-shared (shared void *)",
                        );
                    }
                    let (e, b, k) = pts_params(&target);
                    let text = format!(
                        "(upcr_ps_diff({}, {}, {e}, {b}) / (int64_t){k})",
                        self.rvalue(&l),
                        self.rvalue(&r)
                    );
                    return Ex::plain(text, Some(Ty::scalar("long")));
                }
                "+" | "-" => {
                    let (p, pt, i) = if lp {
                        (&l, lt.clone(), &r)
                    } else {
                        (&r, rt.clone(), &l)
                    };
                    let pt = pt.expect("pts");
                    let target = pt.pts_target().cloned().expect("pts");
                    if target.is_void() {
                        self.error(
                            n,
                            "arithmetic on a generic pointer-to-shared (shared void *)",
                        );
                    }
                    let (e, b, k) = pts_params(&target);
                    let sign = if op == "-" { "-" } else { "" };
                    let text = format!(
                        "upcr_ps_add({}, {sign}(int64_t)({})*{k}, {e}, {b})",
                        self.rvalue(p),
                        self.rvalue(i)
                    );
                    return Ex::plain(text, Some(pt));
                }
                _ => {
                    if lt
                        .as_ref()
                        .is_some_and(|t| t.is_pointerish() && !t.is_pts())
                        || rt
                            .as_ref()
                            .is_some_and(|t| t.is_pointerish() && !t.is_pts())
                    {
                        self.error(n, "a binary operator cannot combine a pointer-to-shared with a pointer-to-local");
                    }
                }
            }
        }
        let ty = match op.as_str() {
            "==" | "!=" | "<" | ">" | "<=" | ">=" => int,
            "+" | "-" if lt.as_ref().is_some_and(|t| t.is_pointerish()) => {
                lt.map(|t| match t.resolved().base {
                    Base::Array(e, _) => (*e).clone().pointer_to(),
                    _ => t,
                })
            }
            "+" if rt.as_ref().is_some_and(|t| t.is_pointerish()) => rt,
            _ => lt.or(rt),
        };
        Ex::plain(format!("{} {op} {}", self.rvalue(&l), self.rvalue(&r)), ty)
    }

    fn update(&mut self, n: Node) -> Ex {
        let Some(an) = n.child_by_field_name("argument") else {
            return Ex::plain(self.splice(n), None);
        };
        let op = self.op_text(n);
        // where the value is discarded, i++ may be lowered as ++i
        let discarded = value_discarded(n);
        let prefix = discarded || n.child(0).is_some_and(|c| c.kind() == op);
        let kind = if discarded {
            Access::Update
        } else {
            Access::UpdateUsed
        };
        let a = self.expr(an);
        if let Some((a, w)) = self.remote_write(&a, true) {
            let e = self.update_of(&op, prefix, kind, a);
            return w.wrap(e);
        }
        self.update_of(&op, prefix, kind, a)
    }

    /// `++`/`--` of the lowered operand `a` (`kind`: an update, its value used or not).
    fn update_of(&mut self, op: &str, prefix: bool, kind: Access, a: Ex) -> Ex {
        let target = a.value_ty().and_then(|t| t.pts_target().cloned());
        let lvt = self.target_text(&a, kind);
        if let Some(target) = target {
            let (e, b, k) = pts_params(&target);
            let d = if op == "++" { "1" } else { "-1" };
            let step = format!("upcr_ps_add({lvt}, {d}*(int64_t){k}, {e}, {b})");
            let text = if prefix {
                format!("({lvt} = {step})")
            } else {
                let t = self.fresh("old");
                format!("__extension__ ({{ upcr_pshared_t {t} = {lvt}; {lvt} = upcr_ps_add({t}, {d}*(int64_t){k}, {e}, {b}); {t}; }})")
            };
            return Ex::plain(text, a.value_ty());
        }
        if let Some(lv) = &a.lv {
            if self.lv_strict(lv) {
                let v = self.fresh("v");
                let c = lv.ty.c_name();
                let addr = self.access_addr(lv, kind);
                let p = self.fresh("p");
                let res = if prefix {
                    format!("{v} {} 1", &op[..1])
                } else {
                    v.clone()
                };
                let text = format!(
                    "__extension__ ({{ volatile {c} *{p} = (volatile {c} *)upcr_strict({addr}); {c} {v} = *{p}; *{p} = {v} {} 1; upcr_fence(); {res}; }})",
                    &op[..1]
                );
                return Ex::plain(text, Some(lv.ty.clone()));
            }
        }
        let text = if prefix {
            format!("{op}{lvt}")
        } else {
            format!("{lvt}{op}")
        };
        Ex::plain(text, a.value_ty())
    }

    fn assignment(&mut self, n: Node) -> Ex {
        let Some((ln, rn)) = fields(n, "left", "right") else {
            return Ex::plain(self.splice(n), None);
        };
        let op = self.op_text(n);
        let l = self.expr(ln);
        let r = self.expr(rn);
        if let Some((l, w)) = self.remote_write(&l, op != "=") {
            let e = self.assignment_of(n, ln, rn, &op, l, r);
            return w.wrap(e);
        }
        self.assignment_of(n, ln, rn, &op, l, r)
    }

    /// An assignment `l op r` of lowered operands.
    fn assignment_of(&mut self, n: Node, ln: Node, rn: Node, op: &str, l: Ex, r: Ex) -> Ex {
        let op = op.to_string();
        let lt = l.value_ty();
        if op == "=" && ln.kind() == "identifier" {
            self.race_taint(ln, lt.as_ref(), rn);
        }
        let kind = if op == "=" {
            Access::Write
        } else if value_discarded(n) {
            Access::Update
        } else {
            Access::UpdateUsed
        };
        if let Some(target) = lt.as_ref().and_then(|t| t.pts_target().cloned()) {
            let lvt = self.target_text(&l, kind);
            let text = match op.as_str() {
                "=" => {
                    self.check_conversion(rn, &r, lt.as_ref().expect("pts"));
                    format!("{lvt} = {}", self.convert(&r, lt.as_ref().expect("pts")))
                }
                "+=" | "-=" => {
                    let (e, b, k) = pts_params(&target);
                    let sign = if op == "-=" { "-" } else { "" };
                    format!(
                        "{lvt} = upcr_ps_add({lvt}, {sign}(int64_t)({})*{k}, {e}, {b})",
                        self.rvalue(&r)
                    )
                }
                _ => {
                    self.error(
                        n,
                        format!("operator '{op}' cannot be applied to a pointer-to-shared"),
                    );
                    String::new()
                }
            };
            return Ex::plain(text, lt);
        }
        if let Some(lv) = &l.lv {
            if self.lv_strict(lv) {
                let c = lv.ty.c_name();
                let addr = self.access_addr(lv, kind);
                let p = self.fresh("p");
                let v = self.fresh("v");
                let rhs = self.rvalue(&r);
                let val = if op == "=" {
                    rhs
                } else {
                    format!("*{p} {} ({rhs})", &op[..op.len() - 1])
                };
                let text = format!(
                    "__extension__ ({{ volatile {c} *{p} = (volatile {c} *)upcr_strict({addr}); {c} {v} = {val}; *{p} = {v}; upcr_fence(); {v}; }})"
                );
                return Ex::plain(text, Some(lv.ty.clone()));
            }
        }
        let lvt = self.target_text(&l, kind);
        let rhs = match &lt {
            Some(t) if op == "=" => {
                self.check_conversion(rn, &r, t);
                self.convert(&r, t)
            }
            _ => self.rvalue(&r),
        };
        Ex::plain(format!("{lvt} {op} {rhs}"), lt)
    }

    fn conditional(&mut self, n: Node) -> Ex {
        let Some((cn, an)) = fields(n, "condition", "alternative") else {
            return Ex::plain(self.splice(n), None);
        };
        let c = self.expr(cn);
        let a = self.expr(an);
        let b = n.child_by_field_name("consequence").map(|x| self.expr(x));
        let ct = self.cond_text(&c);
        let Some(b) = b else {
            // GNU's `p ?: q`: the value of `p` when it is not null.  For a
            // pointer-to-shared the test is not the value, so `p` is evaluated once
            // into a temporary.
            if let Some(p) = c.value_ty().filter(|t| t.is_pts()) {
                let t = self.fresh("elvis");
                let text = format!(
                    "__extension__ ({{ upcr_pshared_t {t} = {}; !upcr_ps_is_null({t}) ? {t} : {}; }})",
                    self.rvalue(&c),
                    self.convert(&a, &p)
                );
                return Ex::plain(text, Some(p));
            }
            return Ex::plain(format!("{ct} ?: {}", self.rvalue(&a)), a.value_ty());
        };
        let bt = b.value_ty();
        let at = a.value_ty();
        let pts = bt
            .clone()
            .filter(|t| t.is_pts())
            .or_else(|| at.clone().filter(|t| t.is_pts()));
        if let Some(p) = pts {
            let text = format!("{ct} ? {} : {}", self.convert(&b, &p), self.convert(&a, &p));
            return Ex::plain(text, Some(p));
        }
        Ex::plain(
            format!("{ct} ? {} : {}", self.rvalue(&b), self.rvalue(&a)),
            bt.or(at),
        )
    }

    /// The type named by `(T)` where `T` is a typedef in scope: C's grammar does not know
    /// typedef names, so `sizeof(T)` and `upc_localsizeof(T)` parse as an operand in
    /// parentheses.
    fn typedef_operand(&self, vn: Node) -> Option<Ty> {
        let inner = Some(vn)
            .filter(|v| v.kind() == "parenthesized_expression" && v.named_child_count() == 1)?
            .named_child(0)
            .filter(|i| i.kind() == "identifier")?;
        let name = self.text(inner).to_string();
        let sym = self.lookup(&name).filter(|s| s.kind == SymKind::Typedef)?;
        Some(Ty::new(Base::Typedef(
            name,
            std::rc::Rc::new(sym.ty.clone()),
        )))
    }

    fn sizeof(&mut self, n: Node) -> Ex {
        let size_t = Some(Ty::scalar("size_t"));
        let named = n
            .child_by_field_name("value")
            .and_then(|vn| self.typedef_operand(vn))
            .filter(|t| t.mentions_shared());
        let ty = match n.child_by_field_name("type") {
            Some(tn) => Some(self.type_descriptor(tn)),
            None => named,
        };
        if let Some(ty) = ty {
            if ty.is_shared() && ty.is_array() {
                return Ex::plain(array_sizeof(&ty), size_t);
            }
            if ty.mentions_shared() {
                return Ex::plain(format!("sizeof({})", ty.c_name()), size_t);
            }
            return Ex::plain(self.splice(n), size_t);
        }
        let Some(vn) = n.child_by_field_name("value") else {
            return Ex::plain(self.splice(n), size_t);
        };
        let v = self.expr(vn);
        if let Some(lv) = &v.lv {
            if lv.ty.is_array() {
                return Ex::plain(array_sizeof(&lv.ty), size_t);
            }
            return Ex::plain(format!("sizeof({})", lv.ty.c_name()), size_t);
        }
        Ex::plain(format!("sizeof {}", self.rvalue(&v)), size_t)
    }

    /// `_Alignof(T)`, `__alignof__(T)` of a type that involves shared data: that of the
    /// lowered type (a shared object is aligned as its type without `shared`, a
    /// pointer-to-shared as the runtime's representation); of an array, its element's.
    /// GNU's `__alignof__(A[0])` of a shared object is the alignment of its type.
    fn alignof(&mut self, n: Node) -> Ex {
        let size_t = Some(Ty::scalar("size_t"));
        let ty = if let Some(tn) = n.child_by_field_name("type") {
            match self.object_operand(tn) {
                Some(t) => t,
                None => self.type_descriptor(tn),
            }
        } else if let Some(vn) = n
            .child_by_field_name("value")
            .filter(|v| self.may_involve_shared(*v))
        {
            // GNU's `__alignof__(expression)`: the alignment of the expression's type
            let v = self.expr(vn);
            match v
                .lv
                .as_ref()
                .map(|lv| lv.ty.clone())
                .or_else(|| v.value_ty())
            {
                Some(t) => t,
                None => return Ex::plain(self.splice(n), size_t),
            }
        } else {
            return Ex::plain(self.splice(n), size_t);
        };
        if !ty.mentions_shared() {
            return Ex::plain(self.splice(n), size_t);
        }
        let mut elem = ty;
        while let Some(e) = elem.is_array().then(|| elem.target()).flatten() {
            elem = e;
        }
        let kw = n
            .child(0)
            .map_or("__alignof__", |k| self.text(k))
            .to_string();
        let text = format!("{kw}({})", elem.c_name());
        Ex::plain(self.pad_like(n, text), size_t)
    }

    /// The operand of GNU's `__alignof__(A)` or `__alignof__(A[i][j])`, or of
    /// `typeof(A)`, where `A` is a variable in scope: C's grammar reads it as a type name
    /// (`A` a typedef name, `[i]` array declarators). The type of that object (an element
    /// per subscript).
    pub(super) fn object_operand(&self, tn: Node) -> Option<Ty> {
        let base = tn
            .child_by_field_name("type")
            .filter(|b| b.kind() == "type_identifier")?;
        let mut c = tn.walk();
        if tn
            .named_children(&mut c)
            .any(|k| k.kind() == "type_qualifier")
        {
            return None;
        }
        let sym = self
            .lookup(self.text(base))
            .filter(|s| s.kind != SymKind::Typedef)?;
        let mut ty = sym.ty.clone();
        let mut d = tn.child_by_field_name("declarator");
        while let Some(x) = d {
            if x.kind() != "abstract_array_declarator" {
                return None;
            }
            ty = ty.target()?;
            d = x.child_by_field_name("declarator");
        }
        Some(ty)
    }

    /// GNU's `__builtin_types_compatible_p(T1, T2)` where a type involves shared data:
    /// every pointer-to-shared is one C type after lowering (and `shared` is gone), so the
    /// translator, which knows the UPC types, answers: 1 when they are the same type
    /// apart from top-level qualifiers, else 0 (an integer constant expression).
    fn types_compatible(&mut self, n: Node) -> Ex {
        let int = Some(Ty::int());
        let Some((ln, rn)) = fields(n, "left", "right") else {
            return Ex::plain(self.splice(n), int);
        };
        let (l, r) = (self.type_descriptor(ln), self.type_descriptor(rn));
        if !l.mentions_shared() && !r.mentions_shared() {
            return Ex::plain(self.splice(n), int);
        }
        let same = compat_key(&l) == compat_key(&r);
        Ex::plain(self.pad_like(n, format!("{}", same as i32)), int)
    }

    /// Whether `n` is (in parentheses or not) the name of a shared array or of a
    /// pointer-to-shared.
    fn names_shared_pointer(&self, mut n: Node) -> bool {
        while n.kind() == "parenthesized_expression" && n.named_child_count() == 1 {
            n = n.named_child(0).expect("one child");
        }
        n.kind() == "identifier"
            && self
                .lookup(self.text(n))
                .is_some_and(|s| s.ty.is_pts() || (s.ty.is_array() && s.ty.is_shared()))
    }

    /// upc_localsizeof of a shared array as an integer constant expression: the most
    /// elements any thread holds, times the element size.  In the dynamic environment the
    /// THREADS factor of the dimension cancels (c*THREADS elements: ceil(c/B) blocks).
    fn local_size_text(&self, ty: &Ty) -> String {
        let e = ty.elem_size_text();
        let count = ty.count_text();
        let b = ty.layout().block_text();
        if ty.layout() == Layout::Indefinite {
            return format!("((size_t)({count}) * {e})");
        }
        match self.opts.static_threads {
            Some(t) => {
                format!("((((size_t)({count}) + {b} - 1) / {b} + {t} - 1) / {t} * {b} * {e})")
            }
            None => {
                let c = count.replace(super::THREADS_EXPANSION, "1");
                format!("((((size_t)({c}) + {b} - 1) / {b}) * {b} * {e})")
            }
        }
    }

    fn upc_sizeof(&mut self, n: Node) -> Ex {
        let size_t = Some(Ty::scalar("size_t"));
        let op = self.op_text(n);
        let ty = if let Some(tn) = n.child_by_field_name("type") {
            Some(self.type_descriptor(tn))
        } else if let Some(t) = n
            .child_by_field_name("value")
            .and_then(|vn| self.typedef_operand(vn))
        {
            Some(t)
        } else if let Some(vn) = n.child_by_field_name("value") {
            let v = self.expr(vn);
            v.lv.map(|l| l.ty).or(v.ty)
        } else {
            None
        };
        let Some(ty) = ty else {
            self.error(
                n,
                format!("cannot determine the type of the operand of {op}"),
            );
            return Ex::plain("0".into(), size_t);
        };
        if !ty.is_shared() {
            self.error(
                n,
                format!("the operand of {op} must have a shared-qualified type"),
            );
            return Ex::plain("0".into(), size_t);
        }
        let text = match op.as_str() {
            "upc_blocksizeof" => format!("((size_t){})", ty.layout().block_text()),
            "upc_elemsizeof" => format!("((size_t){})", ty.elem_size_text()),
            _ if !ty.is_array() => format!("sizeof({})", ty.c_name()),
            _ => self.local_size_text(&ty),
        };
        Ex::plain(text, size_t)
    }

    // ---- calls --------------------------------------------------------------------------

    fn call(&mut self, n: Node) -> Ex {
        let Some((fnode, args)) = fields(n, "function", "arguments") else {
            return Ex::plain(self.splice(n), None);
        };
        if let Some(cast) = self.typedef_cast(n, fnode, args) {
            return cast;
        }
        let fname = (fnode.kind() == "identifier").then(|| self.text(fnode).to_string());
        self.callee = Some(fnode.id());
        let f = self.expr(fnode);
        let fty = f.value_ty().map(|t| t.resolved());
        let fty = match fty.as_ref().map(|t| &t.base) {
            Some(Base::Pointer(t)) if t.is_function() => Some(t.resolved()),
            _ => fty,
        };
        let (ret, params) = match fty.map(|t| t.base) {
            Some(Base::Function { ret, params, .. }) => (Some((*ret).clone()), params),
            _ => (None, Vec::new()),
        };
        let mut cursor = args.walk();
        let arg_nodes: Vec<Node> = args
            .named_children(&mut cursor)
            .filter(|a| is_expression(a.kind()) || a.kind() == "compound_statement")
            .collect();
        let mut texts = Vec::new();
        for (i, a) in arg_nodes.iter().enumerate() {
            if !is_expression(a.kind()) {
                texts.push(self.emit(*a));
                continue;
            }
            let e = self.expr(*a);
            let t = match params.get(i) {
                Some(p) => {
                    self.check_conversion(*a, &e, &p.ty);
                    self.convert(&e, &p.ty)
                }
                None => self.rvalue(&e),
            };
            texts.push(t);
        }
        let ret_ty = ret.clone();
        if let Some(name) = &fname {
            if let Some(text) = self.jump_call(n, name, &arg_nodes, &texts) {
                return Ex::plain(text, ret_ty);
            }
            if name == "exit" {
                let text = self.exit_call(n, &texts);
                return Ex::plain(text, Some(Ty::new(Base::Void)));
            }
            // a UPC library function the program declares itself (its own implementation
            // of the collectives) is the program's function, not ours to check
            let ours = self.lookup(name).is_none_or(|s| s.library);
            if let Some((id, op)) = rules::lookup(name).filter(|_| ours) {
                if self.opts.checks.any() && op.kind == rules::OpKind::Function {
                    let text = self.instrumented_call(
                        n,
                        name,
                        id,
                        op,
                        &arg_nodes,
                        &texts,
                        ret.as_ref().is_some_and(|r| r.is_void()),
                    );
                    return Ex::plain(text, ret_ty);
                }
            }
        }
        let callee = self.rvalue(&f);
        Ex::plain(format!("{callee}({})", texts.join(", ")), ret_ty)
    }
}

/// A type as `_Generic` compares it: unqualified at the top, typedefs resolved, pointer
/// targets with their qualifiers and layout.
fn generic_key(t: &Ty) -> String {
    type_key(t, true, true)
}

/// One spelling of each arithmetic type: `unsigned`, `unsigned int` and `int unsigned`
/// are one type, as are `long`, `signed long int` and `long int`.
fn scalar_key(s: &str) -> String {
    let mut words: Vec<&str> = s
        .split_whitespace()
        .map(|w| match w {
            "__signed__" | "__signed" => "signed",
            w => w,
        })
        .collect();
    let char_type = words.contains(&"char");
    if !char_type && words.len() > 1 {
        if words
            .iter()
            .any(|w| matches!(*w, "short" | "long" | "unsigned" | "signed"))
        {
            words.retain(|w| *w != "int");
        }
        if words.len() > 1 || words == ["signed"] {
            words.retain(|w| *w != "signed");
        }
    }
    if words.is_empty() {
        words.push("int");
    }
    words.sort_unstable();
    words.join(" ")
}

/// The identity of a type for `__builtin_types_compatible_p`: top-level qualifiers
/// ignored, but for `shared` and its block size (part of the type in UPC: `shared int` is
/// neither `int` nor `shared [2] int`), arrays kept.
fn compat_key(t: &Ty) -> String {
    let shared = t.resolved().quals.shared;
    format!("{}{}", block_key(&shared, false), type_key(t, true, false))
}

/// The block size of a layout qualifier as a type's identity has it: `shared` is
/// `shared [1]`, `[]` is `[0]`, a constant is its value however it is written; `[*]` of an
/// array is its own (it depends on the array's size), of a scalar 1.
fn block_key(shared: &Option<Layout>, in_array: bool) -> String {
    match shared {
        None => String::new(),
        Some(Layout::Default) => "S1".into(),
        Some(Layout::Indefinite) => "S0".into(),
        Some(Layout::Star) if in_array => "S*".into(),
        Some(Layout::Star) => "S1".into(),
        Some(Layout::Expr(e)) => match crate::consteval::eval(e) {
            Some(v) => format!("S{v}"),
            None => format!("S({})", e.split_whitespace().collect::<String>()),
        },
    }
}

/// A string that two types share when they are the same type; `top`: the top-level
/// qualifiers are left out, `decay`: a top-level array is a pointer to its element.
fn type_key(t: &Ty, top: bool, decay: bool) -> String {
    fn key(t: &Ty, top: bool, decay: bool, in_array: bool) -> String {
        let r = t.resolved();
        let q = &r.quals;
        let quals = if top {
            String::new()
        } else {
            format!(
                "{}{}{}{}{}",
                block_key(&q.shared, in_array),
                q.constant as u8,
                q.volatile as u8,
                q.strict as u8,
                q.relaxed as u8
            )
        };
        let base = match &r.base {
            Base::Void => "void".to_string(),
            Base::Scalar(s) => scalar_key(s),
            Base::Typedef(_, inner) => key(inner, top, decay, in_array),
            Base::Record { key: k, .. } => k.clone(),
            Base::Enum(s) => s.clone(),
            Base::Pointer(p) => format!("*{}", key(p, false, decay, false)),
            Base::Array(e, d) if top && decay => {
                format!(
                    "*{}{}",
                    key(e, false, decay, true),
                    d.as_deref().map_or("", |_| "")
                )
            }
            Base::Array(e, d) => format!(
                "[{}]{}",
                d.clone().unwrap_or_default(),
                key(e, false, decay, true)
            ),
            Base::Function { .. } => format!("fn{t:?}"),
        };
        format!("{quals}{base}")
    }
    key(t, top, decay, false)
}

/// `sizeof` of an array that may be shared: its element count times its element size, in
/// the dynamic THREADS environment through `upcr_dynamic_sizeof` (see upcr.h).
fn array_sizeof(ty: &Ty) -> String {
    let size = format!("({} * {})", ty.count_text(), ty.elem_size_text());
    if size.contains(super::THREADS_VAR) {
        format!("upcr_dynamic_sizeof{size}")
    } else {
        size
    }
}

/// `_Bool` (what `bool` of stdbool.h names), through typedefs.
pub(super) fn is_bool(t: &Ty) -> bool {
    matches!(&t.resolved().base, Base::Scalar(s) if s.trim() == "_Bool")
}
