//! Race checking (`--upccheck:-r`): the static site of each instrumented shared access (file,
//! line, the access as written, where its variable was declared), referred to by the
//! `upcc_race_access` call that [`Tr::access_addr`](super::Tr) puts in front of the access.

use tree_sitter::Node;

use super::decl::c_escape;
use super::expr::{Ex, Lv, Place};
use super::hooks::unexpand;
use super::{SymKind, Tr};
use crate::types::{Base, Ty};

/// What a shared access does (the bits of `upcc_race_access`, upcc_hooks.h).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Access {
    Read,
    Write,
    /// Read and write of the same object: compound assignment, `++`, `--`.
    Update,
    /// An update whose result the program goes on with (`c = n++`, `if (--left == 0)`):
    /// under a lock, the value it read may be a ticket that orders the threads.
    UpdateUsed,
}

/// The `UPCC_RACE_*` bits of upcc_hooks.h (tests/abi.rs checks them).
pub const RACE_READ: u32 = 1;
pub const RACE_WRITE: u32 = 2;
pub const RACE_STRICT: u32 = 4;
pub const RACE_VALUE: u32 = 16;

impl Access {
    pub fn bits(self) -> u32 {
        match self {
            Access::Read => RACE_READ,
            Access::Write => RACE_WRITE,
            Access::Update => RACE_READ | RACE_WRITE,
            Access::UpdateUsed => RACE_READ | RACE_WRITE | RACE_VALUE,
        }
    }
}

pub(crate) const STRICT_BIT: u32 = RACE_STRICT;

impl<'a> Tr<'a> {
    /// The name of a static `upcc_site_t` describing the shared access `n` (defined before
    /// the current function), or None outside a function body.
    pub(crate) fn race_site(&mut self, n: Node) -> Option<String> {
        let func = self.func.as_ref()?.name.clone();
        let name = self.fresh("rsite");
        let (file, line, col) = self.pos(n);
        let source = self.source_line(&file, line);
        let text = unexpand(self.text(n));
        // macro expansions earlier on the line shift the preprocessed column: the
        // occurrence of the access's text nearest to it
        let col = source.as_deref().map_or(col, |l| {
            let head: String = text.chars().take(24).collect();
            l.match_indices(head.trim())
                .map(|(i, _)| l[..i].chars().count() as u32 + 1)
                .min_by_key(|c| c.abs_diff(col))
                .unwrap_or(col)
        });
        let decl = self.access_declared(n);
        let src = match &source {
            Some(l) => format!("\"{}\"", c_escape(l)),
            None => "0".into(),
        };
        self.before_fn.push_str(&format!(
            "static const char *const {name}_t[] = {{ \"{}\" }}; static const char *const {name}_d[] = {{ \"{}\" }}; __attribute__((unused)) static const upcc_site_t {name} = {{ \"{}\", {line}, {col}, -1, 1, {name}_t, {name}_d, \"{}\", {src} }}; ",
            c_escape(&text),
            c_escape(&decl),
            c_escape(&file),
            c_escape(&func)
        ));
        Some(name)
    }

    /// Where the variable an access goes through was declared: `a: x.upc:3`.
    fn access_declared(&self, n: Node) -> String {
        let mut x = n;
        loop {
            let next = match x.kind() {
                "subscript_expression" | "field_expression" | "pointer_expression" => {
                    x.child_by_field_name("argument")
                }
                "parenthesized_expression" => x.named_child(0),
                _ => None,
            };
            match next {
                Some(c) => x = c,
                None => break,
            }
        }
        if x.kind() != "identifier" {
            return String::new();
        }
        let name = self.text(x);
        match self.lookup(name) {
            Some(sym)
                if matches!(sym.kind, SymKind::Var | SymKind::SharedVar { .. }) && !sym.library =>
            {
                format!("{name}: {}:{}", sym.file, sym.line)
            }
            _ => String::new(),
        }
    }
}

impl<'a> Tr<'a> {
    /// `q = (T *) <pointer-to-shared>` or `T *q = (T *) ...`: with race checking, the
    /// element accesses of `q` that follow (`q[i]`, `*q`) are checked like shared accesses
    /// (at run time only those that land in the shared segment are recorded).
    pub(crate) fn race_taint(&mut self, name: Node, ty: Option<&Ty>, value: Node) {
        if !self.opts.checks.race
            || !ty.is_some_and(|t| t.is_pointerish() && !t.is_pts() && !t.is_function())
        {
            return;
        }
        let mut v = value;
        while v.kind() == "parenthesized_expression" {
            match v.named_child(0) {
                Some(c) => v = c,
                None => return,
            }
        }
        if self.race_based(v) {
            // `double *r = q + 4;`, `r = q;` from such a pointer
            self.race_locals.insert(self.text(name).to_string());
            return;
        }
        if v.kind() != "cast_expression" {
            return;
        }
        let Some(inner) = v.child_by_field_name("value") else {
            return;
        };
        if self.names_shared(inner) || self.names_pts(inner) || self.race_based(inner) {
            self.race_locals.insert(self.text(name).to_string());
        }
    }

    /// The private buffers of the unit's non-blocking transfers (`upc_memget_nb(buf, ...)`,
    /// `upc_memput_nbi(dst, &buf[k], ...)`): the element accesses through these names are
    /// checked too, so that touching the buffer while its transfer is in flight (until the
    /// `upc_sync`/`upc_synci` that completes it) is found.  By name, for the whole unit: an
    /// access outside every buffer in flight costs a compare at run time and records nothing.
    pub(crate) fn race_nb_buffers(&mut self, root: Node) {
        let mut buffers = std::collections::HashSet::new();
        let mut aliases: Vec<(String, String)> = Vec::new();
        let mut stack = vec![root];
        while let Some(n) = stack.pop() {
            if n.kind() == "call_expression" {
                let f = n.child_by_field_name("function").map(|f| self.text(f));
                let private = match f {
                    Some("upc_memget_nb" | "upc_memget_nbi" | "bupc_memget_async") => Some(0),
                    Some("upc_memput_nb" | "upc_memput_nbi" | "bupc_memput_async") => Some(1),
                    _ => None,
                };
                let arg = private.and_then(|i| {
                    let args = n.child_by_field_name("arguments")?;
                    let mut c = args.walk();
                    let a = args.named_children(&mut c).nth(i);
                    a
                });
                if let Some(name) = arg.and_then(|a| buffer_name(self, a)) {
                    buffers.insert(name);
                }
            }
            // `p = buf`, `T *p = &buf[k]`, `p = (char *) buf + 4`: the buffer may be
            // reached, or handed to the transfer, through either name
            let pair = match n.kind() {
                "init_declarator" => n
                    .child_by_field_name("declarator")
                    .and_then(|d| declared_name(self, d))
                    .zip(n.child_by_field_name("value")),
                "assignment_expression"
                    if n.child_by_field_name("operator").map(|o| o.kind()) == Some("=") =>
                {
                    n.child_by_field_name("left")
                        .filter(|l| l.kind() == "identifier")
                        .map(|l| self.text(l).to_string())
                        .zip(n.child_by_field_name("right"))
                }
                _ => None,
            };
            if let Some((l, v)) = pair {
                if let Some(r) = alias_name(self, v) {
                    if l != r {
                        aliases.push((l, r));
                    }
                }
            }
            let mut c = n.walk();
            stack.extend(n.named_children(&mut c));
        }
        if buffers.is_empty() {
            return;
        }
        loop {
            let before = buffers.len();
            for (a, b) in &aliases {
                if buffers.contains(a) || buffers.contains(b) {
                    buffers.insert(a.clone());
                    buffers.insert(b.clone());
                }
            }
            if buffers.len() == before {
                break;
            }
        }
        self.race_locals.extend(buffers);
    }

    /// Is `n` a pointer-to-local cast from a pointer-to-shared (see [`Tr::race_taint`]), or
    /// pointer arithmetic on one: `q`, `(q)`, `q + i`, `i + q`, `q - i`, `q++`, `++q`,
    /// `q--`, `--q`, `q += i`?
    pub(crate) fn race_based(&self, n: Node) -> bool {
        match n.kind() {
            "identifier" => self.race_locals.contains(self.text(n)),
            "parenthesized_expression" => n.named_child(0).is_some_and(|c| self.race_based(c)),
            // a member array of a structure that is a non-blocking transfer's buffer
            // (`upc_memput_nb(dst, m.payload, ...)`: `m.payload[k]`)
            "field_expression" => {
                n.child(1).is_some_and(|o| o.kind() == ".")
                    && n.child_by_field_name("argument")
                        .is_some_and(|a| a.kind() == "identifier" && self.race_based(a))
            }
            "binary_expression" => {
                let op = n.child_by_field_name("operator").map(|o| o.kind());
                let (Some(l), Some(r)) = (
                    n.child_by_field_name("left"),
                    n.child_by_field_name("right"),
                ) else {
                    return false;
                };
                match op {
                    Some("+") => self.race_based(l) || self.race_based(r),
                    Some("-") => self.race_based(l) && !self.race_based(r),
                    _ => false,
                }
            }
            "update_expression" => n
                .child_by_field_name("argument")
                .is_some_and(|a| self.race_based(a)),
            "assignment_expression" => {
                let op = n.child_by_field_name("operator").map(|o| o.kind());
                matches!(op, Some("+=") | Some("-=") | Some("="))
                    && n.child_by_field_name("left")
                        .is_some_and(|a| self.race_based(a))
            }
            _ => false,
        }
    }

    /// Does `n` use a variable of a pointer-to-shared type?
    fn names_pts(&self, n: Node) -> bool {
        let mut stack = vec![n];
        while let Some(x) = stack.pop() {
            if x.kind() == "identifier"
                && self
                    .lookup(self.text(x))
                    .is_some_and(|s| s.ty.is_pts() || (s.ty.is_array() && s.ty.is_shared()))
            {
                return true;
            }
            let mut c = x.walk();
            stack.extend(x.named_children(&mut c));
        }
        false
    }

    /// `q[i]` or `*q` of a pointer-to-local `q` that was cast from a pointer-to-shared
    /// (see [`Tr::race_taint`]), `*(q + i)`, `*q++`, `(q + 1)[i]`, for an arithmetic element
    /// type: a checked access (the pointer expression is evaluated once).
    pub(crate) fn race_private(&mut self, base: Node, q: &Ex, idx: Option<&str>) -> Option<Ex> {
        if !self.opts.checks.race || q.lv.is_some() || !self.race_based(base) {
            return None;
        }
        let elem = q.value_ty()?.target()?;
        let r = elem.resolved();
        if !matches!(r.base, Base::Scalar(_) | Base::Enum(..)) || elem.is_shared() {
            return None;
        }
        let qt = self.rvalue(q);
        let addr = match idx {
            Some(i) => format!("&({qt})[{i}]"),
            None => format!("({qt})"),
        };
        Some(Ex {
            text: String::new(),
            ty: Some(elem.clone()),
            lv: Some(Lv {
                place: Place::Private { addr },
                ty: elem,
                at: None,
            }),
            null_const: false,
        })
    }
}

/// The variable a private buffer argument names: `buf`, `&buf[k]`, `buf + k`, `(char *) buf`,
/// `&buf`.
fn buffer_name(tr: &Tr, a: Node) -> Option<String> {
    let mut x = a;
    loop {
        x = match x.kind() {
            "identifier" => return Some(tr.text(x).to_string()),
            "parenthesized_expression" => x.named_child(0)?,
            "cast_expression" => x.child_by_field_name("value")?,
            "pointer_expression" if tr.text(x).starts_with('&') => {
                x.child_by_field_name("argument")?
            }
            "subscript_expression" => x.child_by_field_name("argument")?,
            "binary_expression" => x.child_by_field_name("left")?,
            // `m.payload`: the structure `m`
            "field_expression" if x.child(1).is_some_and(|o| o.kind() == ".") => {
                x.child_by_field_name("argument")?
            }
            _ => return None,
        };
    }
}

/// The variable a pointer value names, for aliases of non-blocking buffers: `buf`,
/// `&buf[k]`, `buf + k`, `(char *) buf`, `&buf`, `m.payload` (not an element `buf[k]`).
fn alias_name(tr: &Tr, v: Node) -> Option<String> {
    let mut x = v;
    loop {
        x = match x.kind() {
            "identifier" => return Some(tr.text(x).to_string()),
            "parenthesized_expression" => x.named_child(0)?,
            "cast_expression" => x.child_by_field_name("value")?,
            "pointer_expression" if tr.text(x).starts_with('&') => {
                let a = x.child_by_field_name("argument")?;
                return buffer_name(tr, a);
            }
            "binary_expression"
                if matches!(
                    x.child_by_field_name("operator").map(|o| o.kind()),
                    Some("+" | "-")
                ) =>
            {
                x.child_by_field_name("left")?
            }
            "field_expression" if x.child(1).is_some_and(|o| o.kind() == ".") => {
                x.child_by_field_name("argument")?
            }
            _ => return None,
        };
    }
}

/// The name an init declarator declares (`*p`, `p`, `p[4]`).
fn declared_name(tr: &Tr, d: Node) -> Option<String> {
    let mut x = d;
    loop {
        x = match x.kind() {
            "identifier" => return Some(tr.text(x).to_string()),
            "pointer_declarator" | "array_declarator" | "parenthesized_declarator" => x
                .child_by_field_name("declarator")
                .or_else(|| x.named_child(0))?,
            _ => return None,
        };
    }
}

/// The owned accesses of a strided `upc_forall`'s controlling loop, recorded as runs: each
/// access site keeps the run of consecutive elements it accessed (`upcc_race_run_t`,
/// upcc_hooks.h) and hands it to the checker when the next access does not extend it and
/// after the loop.  Valid because the body cannot synchronize (no call, no barrier, no
/// strict access: [`may_sync_or_leave`], `strict_seen`), so every access of the loop has
/// the epoch the loop started with, and cannot leave the loop but through its end; a run
/// stands for exactly the accesses made (same bytes, kind and site).
#[derive(Default)]
pub(crate) struct Runs {
    /// (run variable, element size, kind bits, site), in the order of the sites.
    list: std::cell::RefCell<Vec<(String, String, u32, String)>>,
    /// The body makes a strict access: no runs (it ends the epoch).
    pub strict_seen: std::cell::Cell<bool>,
}

impl Runs {
    /// The access of `size` bytes at `addr` (kind `bits`, site `site`) in a run of its own.
    pub fn access(&self, li: &str, addr: &str, size: &str, bits: u32, site: &str) -> String {
        let mut l = self.list.borrow_mut();
        let var = format!("{li}_run{}", l.len());
        let text = format!("upcc_race_run({addr}, {size}, {bits}u, &{site}, &{var})");
        l.push((var, size.to_string(), bits, site.to_string()));
        text
    }

    /// The controlling loop `lp` with its runs declared before it and recorded after it.
    pub fn around(&self, lp: &str) -> String {
        let l = self.list.borrow();
        if l.is_empty() {
            return lp.to_string();
        }
        let mut s = String::new();
        for (var, ..) in l.iter() {
            s.push_str(&format!("upcc_race_run_t {var} = {{ 0, 0 }}; "));
        }
        s.push_str(lp);
        let spans: Vec<String> = l
            .iter()
            .map(|(var, size, bits, site)| {
                format!("{{ {var}.start, {var}.end, {size}, {bits}u, &{site} }}")
            })
            .collect();
        s.push_str(&format!(
            " {{ const upcc_race_span_t {}_spans[] = {{ {} }}; upcc_race_spans({0}_spans, {}); }} ",
            l[0].0,
            spans.join(", "),
            l.len()
        ));
        s
    }
}

/// Can the body of a upc_forall synchronize (a barrier, a nested upc_forall, inline
/// assembly) or leave the loop other than through its end (return, goto, a break out of
/// it)?  Calls are checked apart (`Strided::no_calls`).
pub(crate) fn may_sync_or_leave(tr: &Tr, body: Node) -> bool {
    let mut stack = vec![(body, false)];
    while let Some((n, nested)) = stack.pop() {
        match n.kind() {
            "return_statement"
            | "goto_statement"
            | "upc_sync_statement"
            | "upc_forall_statement"
            | "gnu_asm_expression"
            | "asm_statement" => return true,
            "break_statement" if !nested => return true,
            "preproc_call" if tr.text(n).contains("pragma") => return true,
            _ => {}
        }
        let inner = nested
            || matches!(
                n.kind(),
                "for_statement" | "while_statement" | "do_statement" | "switch_statement"
            );
        let mut c = n.walk();
        stack.extend(n.named_children(&mut c).map(|x| (x, inner)));
    }
    false
}
