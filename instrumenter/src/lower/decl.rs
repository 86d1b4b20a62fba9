//! Declarations: building UPC types from declaration specifiers and declarators, lowering
//! declarations that mention `shared`, and turning shared objects with static storage into
//! runtime descriptors (`upcr_shared_var_t`) laid out symmetrically at start-up.

use std::rc::Rc;

use tree_sitter::Node;

use super::{is_expression, FnCtx, SymKind, Tr};
use crate::types::{declare, Base, Layout, Param, Quals, Ty};

/// One declarator of a declaration, resolved.
pub(crate) struct Declared<'t> {
    pub name: Option<String>,
    pub name_node: Option<Node<'t>>,
    pub ty: Ty,
    pub value: Option<Node<'t>>,
    /// The GNU attributes written in or after its declarator
    /// (`shared int *__attribute__((aligned(16))) p`, `shared int *q __attribute__((unused))`).
    pub attrs: String,
}

/// What the GNU attributes of a shared object ask of it (see the compatibility section of
/// USERGUIDE.md): `aligned` aligns it in the shared segment, `weak` and `common` make its
/// descriptor weak (one object for every file that defines it), `nocommon` keeps a tentative
/// definition one file's own, `deprecated` goes to the descriptor; the others have nothing to
/// act on here (`unused`, `used`: a shared object is always kept and never reported unused)
/// or are ignored (`section`, `visibility`, ...: the object lives in the shared segment).
#[derive(Debug, Default, PartialEq)]
pub(crate) struct ObjectAttrs {
    /// `aligned(N)`: N (`aligned` alone: the largest alignment).
    pub aligned: Option<String>,
    pub weak: bool,
    /// `common` (Some(true)) or `nocommon` (Some(false)).
    pub common: Option<bool>,
    /// `deprecated`, as written: given to the descriptor, through which
    /// every use of the object goes, so the C compiler warns at each use.
    pub deprecated: Vec<String>,
}

impl ObjectAttrs {
    /// Of the attribute specifiers `text` (`__attribute__((aligned(64), unused)) ...`).
    pub fn of(text: &str) -> ObjectAttrs {
        let mut a = ObjectAttrs::default();
        let mut rest = text;
        while let Some(at) = rest.find("__attribute") {
            rest = &rest[at..];
            let Some(open) = rest.find("((") else { break };
            // the list inside the double parentheses, split at its top-level commas
            let body = &rest[open + 2..];
            let (mut depth, mut start, mut end) = (0i32, 0, body.len());
            let mut items = Vec::new();
            for (i, c) in body.char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' if depth == 0 => {
                        end = i;
                        break;
                    }
                    ')' => depth -= 1,
                    ',' if depth == 0 => {
                        items.push(&body[start..i]);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            items.push(&body[start..end]);
            for item in items {
                let item = item.trim();
                let (name, args) = match item.find('(') {
                    Some(p) => (&item[..p], item[p + 1..].strip_suffix(')')),
                    None => (item, None),
                };
                let name = name.trim().trim_start_matches("__").trim_end_matches("__");
                match name {
                    "aligned" => {
                        a.aligned = Some(match args {
                            Some(n) if !n.trim().is_empty() => format!("({})", n.trim()),
                            _ => "__BIGGEST_ALIGNMENT__".into(),
                        })
                    }
                    "weak" => a.weak = true,
                    "common" => a.common = Some(true),
                    "nocommon" => a.common = Some(false),
                    "deprecated" => a.deprecated.push(item.to_string()),
                    _ => {}
                }
            }
            rest = &body[end..];
        }
        a
    }
}

impl<'a> Tr<'a> {
    // ---- types ----------------------------------------------------------------------------

    /// Qualifiers among the children of a declaration-like node.
    pub fn quals_of(&mut self, n: Node) -> Quals {
        let mut q = Quals::default();
        let mut cursor = n.walk();
        for c in n.children(&mut cursor) {
            if c.kind() == "type_qualifier" {
                self.add_qualifier(c, &mut q);
            }
        }
        // `unsigned shared long`, `long long unsigned shared`: the grammar keeps a
        // qualifier written among (or after) the words of a sized type inside that type
        if let Some(t) = n
            .child_by_field_name("type")
            .filter(|t| t.kind() == "sized_type_specifier")
        {
            let mut cursor = t.walk();
            for c in t.children(&mut cursor) {
                if c.kind() == "type_qualifier" {
                    self.add_qualifier(c, &mut q);
                }
            }
        }
        q
    }

    fn add_qualifier(&mut self, c: Node, q: &mut Quals) {
        if let Some(sq) = c.named_child(0).filter(|s| s.kind() == "shared_qualifier") {
            q.shared = Some(self.layout_of(sq));
            return;
        }
        match self.text(c).trim() {
            "const" | "__const" | "__const__" => q.constant = true,
            "volatile" | "__volatile" | "__volatile__" => q.volatile = true,
            "restrict" | "__restrict" | "__restrict__" => q.restrict = true,
            "strict" => q.strict = true,
            "relaxed" => q.relaxed = true,
            _ => {}
        }
    }

    fn layout_of(&mut self, sq: Node) -> Layout {
        let Some(lq) = sq.named_child(0).filter(|l| l.kind() == "layout_qualifier") else {
            return Layout::Default;
        };
        if let Some(size) = lq.child_by_field_name("size") {
            let t = self.text(size).trim().to_string();
            if t == "0" {
                return Layout::Indefinite;
            }
            if let Some(v) = crate::consteval::eval(&t) {
                if v < 0 {
                    self.error(
                        size,
                        "the block size of a layout qualifier must not be negative",
                    );
                } else if v == 0 {
                    return Layout::Indefinite;
                } else if v > 0x7fff_ffff {
                    self.error(size, "block size exceeds UPC_MAX_BLOCK_SIZE");
                }
            } else if self.uses_variables(size) {
                self.error(
                    size,
                    "the block size of a layout qualifier must be an integer constant expression",
                );
            }
            return Layout::Expr(t);
        }
        let mut cursor = lq.walk();
        let star = lq.children(&mut cursor).any(|c| c.kind() == "*");
        if star {
            Layout::Star
        } else {
            Layout::Indefinite
        }
    }

    /// Does an expression read a variable (so it is not a constant expression)?
    fn uses_variables(&self, n: Node) -> bool {
        let mut stack = vec![n];
        while let Some(x) = stack.pop() {
            if x.kind() == "identifier" {
                let name = self.text(x);
                if name.starts_with("upcr_")
                    || self
                        .lookup(name)
                        .is_some_and(|s| matches!(s.kind, SymKind::Var | SymKind::SharedVar { .. }))
                {
                    return true;
                }
            }
            if x.kind() == "sizeof_expression" {
                continue;
            }
            let mut cursor = x.walk();
            stack.extend(x.named_children(&mut cursor));
        }
        false
    }

    /// The type named by the `type` field of a declaration-like node plus its qualifiers.
    pub fn base_type(&mut self, n: Node) -> Ty {
        let quals = self.quals_of(n);
        let Some(t) = n.child_by_field_name("type") else {
            return Ty::int().with_quals(&quals);
        };
        let ty = self.type_specifier(t);
        // `double _Complex`, `float complex`: the grammar reads `_Complex` as a qualifier
        let mut cursor = n.walk();
        let complex = n.children(&mut cursor).find(|c| {
            c.kind() == "type_qualifier"
                && matches!(self.text(*c), "_Complex" | "__complex__" | "_Imaginary")
        });
        let ty = match (complex, &ty.base) {
            (Some(c), Base::Scalar(s)) => Ty::scalar(&format!("{s} {}", self.text(c))),
            _ => ty,
        };
        ty.with_quals(&quals)
    }

    pub fn type_specifier(&mut self, t: Node) -> Ty {
        match t.kind() {
            "primitive_type" | "sized_type_specifier" => {
                // the words of the type, without the qualifiers among them (quals_of)
                let mut cursor = t.walk();
                let words: Vec<&str> = t
                    .children(&mut cursor)
                    .filter(|c| c.kind() != "type_qualifier" && c.kind() != "comment")
                    .map(|c| self.text(c))
                    .collect();
                let text = if words.is_empty() {
                    self.text(t).to_string()
                } else {
                    words.join(" ")
                };
                let s = text.split_whitespace().collect::<Vec<_>>().join(" ");
                if s == "void" {
                    Ty::new(Base::Void)
                } else {
                    Ty::scalar(&s)
                }
            }
            "type_identifier" => {
                let name = self.text(t).to_string();
                match self.lookup(&name) {
                    Some(s) if s.kind == SymKind::Typedef => {
                        Ty::new(Base::Typedef(name, Rc::new(s.ty.clone())))
                    }
                    _ => Ty::scalar(&name),
                }
            }
            "macro_type_specifier" => self
                .typeof_type(t)
                .unwrap_or_else(|| Ty::scalar(self.text(t))),
            "struct_specifier" | "union_specifier" => self.record(t),
            "enum_specifier" => self.enumeration(t),
            _ => Ty::scalar(self.text(t)),
        }
    }

    fn record(&mut self, t: Node) -> Ty {
        let kw = if t.kind() == "union_specifier" {
            "union"
        } else {
            "struct"
        };
        let name = t
            .child_by_field_name("name")
            .map(|n| self.text(n).to_string());
        let key = match &name {
            Some(n) => format!("{kw} {n}"),
            None => format!("{kw} @{}", t.start_byte()),
        };
        match (&name, t.child_by_field_name("body")) {
            (_, Some(body)) => {
                let mut fields = Vec::new();
                let mut cursor = body.walk();
                for f in body.named_children(&mut cursor) {
                    if f.kind() != "field_declaration" {
                        continue;
                    }
                    let base = self.base_type(f);
                    let mut c2 = f.walk();
                    let decls: Vec<Node> =
                        f.children_by_field_name("declarator", &mut c2).collect();
                    if decls.is_empty() {
                        // anonymous struct/union member: its members are ours
                        if let Base::Record { key: k, .. } = &base.base {
                            if let Some(inner) = self.records.get(k).cloned() {
                                fields.extend(inner);
                            }
                        }
                    }
                    for d in decls {
                        // `int n, flag : 1;`: only the declarators a width follows are
                        // bit-fields (an unnamed one, `unsigned : 0`, has no declarator)
                        let bitfield = d
                            .next_sibling()
                            .is_some_and(|c| c.kind() == "bitfield_clause");
                        let (fname, fty, _) = self.apply_declarator(d, base.clone());
                        if let Some(fname) = fname {
                            if bitfield {
                                self.bitfields.insert(format!("{key}.{fname}"));
                            }
                            fields.push((fname, fty));
                        }
                    }
                }
                self.records.insert(key.clone(), fields);
                let def = self.splice(t);
                let text = match &name {
                    Some(n) => format!("{kw} {n}"),
                    None => match self.anonymous_type_name(t, kw) {
                        AnonName::Tag(tag) => {
                            // the tag goes before the body (after `struct` and any
                            // attributes)
                            let head = &self.src[t.start_byte()..body.start_byte()];
                            let at = if def.starts_with(head) {
                                head.trim_end().len()
                            } else {
                                kw.len()
                            };
                            let text = format!("{kw} {tag}");
                            self.type_defs.insert(
                                t.start_byte(),
                                format!("{} {tag}{}", &def[..at], &def[at..]),
                            );
                            return Ty::new(Base::Record { text, key });
                        }
                        AnonName::Typedef(tn) => tn,
                        AnonName::None => def.clone(),
                    },
                };
                self.type_defs.insert(t.start_byte(), def);
                Ty::new(Base::Record { text, key })
            }
            (Some(n), None) => Ty::new(Base::Record {
                text: format!("{kw} {n}"),
                key,
            }),
            (None, None) => Ty::new(Base::Record {
                text: self.text(t).to_string(),
                key,
            }),
        }
    }

    /// `__typeof__(x)`: the type of the operand (`shared` kept: `__typeof__(*p) *q` is a
    /// pointer-to-shared when p is one).  C's
    /// grammar reads `__typeof__(v)` and `__typeof__(a[i])` as type names, so a
    /// "type" that names a variable is the variable's type (an element type for each
    /// `[...]`).  None for other macro-like type specifiers.
    pub fn typeof_type(&mut self, t: Node) -> Option<Ty> {
        let name = t.child_by_field_name("name")?;
        if !matches!(self.text(name), "typeof" | "__typeof__" | "__typeof") {
            return None;
        }
        let ty = if let Some(v) = t.child_by_field_name("value") {
            self.expr(v).value_ty()?
        } else {
            let td = t.child_by_field_name("type")?;
            match self.object_operand(td) {
                Some(ty) => ty,
                None => self.type_descriptor(td),
            }
        };
        Some(ty)
    }

    /// An enum type: named by its tag, or by the typedef that names an anonymous one;
    /// otherwise it is `int` (the definition is emitted where it was written).
    fn enumeration(&mut self, t: Node) -> Ty {
        let name = t
            .child_by_field_name("name")
            .map(|n| self.text(n).to_string());
        if t.child_by_field_name("body").is_none() {
            return Ty::new(Base::Enum(self.text(t).to_string()));
        }
        let def = self.splice(t);
        self.type_defs.insert(t.start_byte(), def);
        // the enumeration constants are ordinary identifiers of this scope
        if let Some(body) = t.child_by_field_name("body") {
            let mut c = body.walk();
            let names: Vec<Node> = body
                .named_children(&mut c)
                .filter_map(|e| e.child_by_field_name("name"))
                .collect();
            for e in names {
                let en = self.text(e).to_string();
                self.define(&en, SymKind::Const, Ty::int(), e);
            }
        }
        let text = match name {
            Some(n) => format!("enum {n}"),
            None => match self.anonymous_type_name(t, "enum") {
                AnonName::Typedef(tn) => tn,
                _ => "int".to_string(),
            },
        };
        Ty::new(Base::Enum(text))
    }

    /// How the translator names an anonymous struct, union or enum defined at `t`.
    ///
    /// Generated declarations (descriptors, casts, sizes) must name the type without
    /// repeating its definition.  A typedef in a system header names it by the typedef
    /// (its text is left alone); the user's anonymous structs and unions get a tag
    /// derived from where they are written (the same in every unit that includes the
    /// header), except anonymous members, whose members belong to the enclosing record.
    fn anonymous_type_name(&self, t: Node, kw: &str) -> AnonName {
        let parent = t.parent();
        let typedef_name = parent
            .filter(|p| p.kind() == "type_definition")
            .and_then(|p| {
                let mut c = p.walk();
                let first = p
                    .children_by_field_name("declarator", &mut c)
                    .find(|d| d.kind() == "type_identifier");
                first.map(|d| self.text(d).to_string())
            });
        if kw == "enum" || self.in_system_header(t) {
            return typedef_name.map_or(AnonName::None, AnonName::Typedef);
        }
        let anonymous_member = parent.is_some_and(|p| {
            p.kind() == "field_declaration" && p.child_by_field_name("declarator").is_none()
        });
        if anonymous_member {
            return AnonName::None;
        }
        let (file, line, col) = self.pos_raw(t);
        // FNV-1a of the file name keeps tags from different headers apart
        let hash = file.bytes().fold(0x811c_9dc5u32, |h, b| {
            (h ^ b as u32).wrapping_mul(0x0100_0193)
        });
        AnonName::Tag(format!("__upcc_anon_{hash:08x}_{line}_{col}"))
    }

    /// `def;` for a declaration whose type specifier defines a struct, union or enum: the
    /// definition must stay when the declaration itself is rewritten.
    fn type_definition_text(&self, n: Node) -> Option<String> {
        let t = n.child_by_field_name("type")?;
        if !matches!(
            t.kind(),
            "struct_specifier" | "union_specifier" | "enum_specifier"
        ) {
            return None;
        }
        self.type_defs.get(&t.start_byte()).map(|d| format!("{d};"))
    }

    /// Apply a (possibly abstract) declarator to a base type: (name, type, name node).
    pub fn apply_declarator<'t>(
        &mut self,
        d: Node<'t>,
        ty: Ty,
    ) -> (Option<String>, Ty, Option<Node<'t>>) {
        match d.kind() {
            "identifier" | "field_identifier" | "type_identifier" | "primitive_type" => {
                (Some(self.text(d).to_string()), ty, Some(d))
            }
            "pointer_declarator" | "abstract_pointer_declarator" => {
                if ty.is_shared() && ty.layout() == Layout::Star {
                    self.error(d, "[*] may not qualify the type a pointer points to: it gives a block size only to the declaration of a shared array");
                }
                let q = self.quals_of(d);
                let p = ty.pointer_to().with_quals(&q);
                match d.child_by_field_name("declarator") {
                    Some(inner) => self.apply_declarator(inner, p),
                    None => (None, p, None),
                }
            }
            "array_declarator" | "abstract_array_declarator" => {
                let size = d.child_by_field_name("size").map(|s| {
                    if s.kind() == "*" {
                        String::new()
                    } else {
                        let e = self.expr(s);
                        self.rvalue(&e)
                    }
                });
                let size = size.filter(|s| !s.is_empty());
                let a = Ty::new(Base::Array(Rc::new(ty), size));
                match d.child_by_field_name("declarator") {
                    Some(inner) => self.apply_declarator(inner, a),
                    None => (None, a, None),
                }
            }
            "function_declarator" | "abstract_function_declarator" => {
                let list = d.child_by_field_name("parameters");
                let (params, variadic) = match list {
                    Some(p) => self.parameters(p),
                    None => (Vec::new(), false),
                };
                // `()`: no prototype; `(void)` is one
                let prototype = list.is_some_and(|p| {
                    p.named_children(&mut p.walk())
                        .any(|x| x.kind() != "comment")
                });
                let f = Ty::new(Base::Function {
                    ret: Rc::new(ty),
                    params,
                    variadic,
                    prototype,
                });
                match d.child_by_field_name("declarator") {
                    Some(inner) => self.apply_declarator(inner, f),
                    None => (None, f, None),
                }
            }
            "parenthesized_declarator" | "abstract_parenthesized_declarator" => {
                match d.named_child(0) {
                    Some(inner) => self.apply_declarator(inner, ty),
                    None => (None, ty, None),
                }
            }
            "init_declarator" => match d.child_by_field_name("declarator") {
                Some(inner) => self.apply_declarator(inner, ty),
                None => (None, ty, None),
            },
            "attributed_declarator" => match d.named_child(0) {
                Some(inner) => self.apply_declarator(inner, ty),
                None => (None, ty, None),
            },
            _ => (None, ty, None),
        }
    }

    fn parameters(&mut self, list: Node) -> (Vec<Param>, bool) {
        let mut params = Vec::new();
        let mut variadic = false;
        let mut cursor = list.walk();
        for p in list.named_children(&mut cursor) {
            match p.kind() {
                "variadic_parameter" => variadic = true,
                "parameter_declaration" => {
                    let base = self.base_type(p);
                    let (name, ty) = match p.child_by_field_name("declarator") {
                        Some(d) => {
                            let (n, t, _) = self.apply_declarator(d, base);
                            (n, t)
                        }
                        None => (None, base),
                    };
                    if ty.is_void() && name.is_none() {
                        continue;
                    }
                    // parameters of array type are pointers
                    let ty = match ty.resolved().base {
                        Base::Array(e, _) => (*e).clone().pointer_to(),
                        _ => ty,
                    };
                    let attrs = self.attributes(p);
                    params.push(Param { name, ty, attrs });
                }
                _ => {}
            }
        }
        if list.child_count() > 0 && self.text(list).contains("...") {
            variadic = true;
        }
        (params, variadic)
    }

    /// The type of a `type_descriptor` (casts, sizeof, compound literals).
    pub fn type_descriptor(&mut self, n: Node) -> Ty {
        let base = self.base_type(n);
        match n.child_by_field_name("declarator") {
            Some(d) => self.apply_declarator(d, base).1,
            None => base,
        }
    }

    /// Resolve `[*]` for a declared shared array: block = ceil(elements / THREADS).  In the
    /// dynamic environment a dimension `c*THREADS` makes that exactly `c`, the element count
    /// with THREADS as 1: an integer constant, as upc_blocksizeof and upc_localsizeof of
    /// the array must be.
    fn resolve_star(&self, ty: Ty) -> Ty {
        if ty.layout() != Layout::Star {
            return ty;
        }
        let count = ty.count_text();
        let block = if self.opts.static_threads.is_none() && threads_multiplies(&ty) {
            format!("({})", count.replace(super::THREADS_EXPANSION, "1"))
        } else {
            let threads = self.threads_text();
            format!("(({count} + (size_t){threads} - 1) / (size_t){threads})")
        };
        fn set(t: &Ty, l: &Layout) -> Ty {
            let r = t.clone();
            match &r.base {
                Base::Array(e, d) => Ty {
                    base: Base::Array(Rc::new(set(e, l)), d.clone()),
                    quals: r.quals.clone(),
                },
                _ => {
                    let mut r = r.resolved();
                    r.quals.shared = Some(l.clone());
                    r
                }
            }
        }
        set(&ty, &Layout::Expr(block))
    }

    // ---- declarations -------------------------------------------------------------------

    /// The GNU and C23 attributes written among the specifiers of `n` (a declaration, a
    /// parameter, a function definition) and after its declarator, as one text.
    fn attributes(&self, n: Node) -> String {
        let is_attr =
            |c: &Node| matches!(c.kind(), "attribute_specifier" | "attribute_declaration");
        let mut cursor = n.walk();
        let mut found: Vec<&str> = n
            .children(&mut cursor)
            .filter(is_attr)
            .map(|c| self.text(c))
            .collect();
        let mut d = n.child_by_field_name("declarator");
        while let Some(x) = d.filter(|x| x.kind() == "attributed_declarator") {
            let mut cursor = x.walk();
            found.extend(
                x.children(&mut cursor)
                    .filter(is_attr)
                    .map(|c| self.text(c)),
            );
            d = x.named_child(0);
        }
        found.join(" ")
    }

    /// For each declarator of a declaration, the asm label and attributes written beside
    /// it (`shared int *p __asm__("q") __attribute__((unused)), __attribute__((unused)) r;`):
    /// the asm label first, as C wants it.
    fn declaration_segment_attributes(&self, n: Node) -> Vec<String> {
        let mut out = Vec::new();
        let (mut asm, mut attrs) = (Vec::new(), Vec::new());
        let mut started = false;
        let mut cursor = n.walk();
        for (i, c) in n.children(&mut cursor).enumerate() {
            if n.field_name_for_child(i as u32) == Some("declarator") {
                started = true;
                continue;
            }
            match c.kind() {
                "," | ";" => {
                    started = true;
                    let mut all: Vec<&str> = std::mem::take(&mut asm);
                    all.append(&mut attrs);
                    out.push(all.join(" "));
                }
                "gnu_asm_expression" if started => asm.push(self.text(c)),
                "attribute_specifier" | "attribute_declaration" if started => {
                    attrs.push(self.text(c))
                }
                _ => {}
            }
        }
        out
    }

    /// The attributes of a declarator and of the declarators inside it (not of its
    /// initializer), in order.
    fn declarator_attributes(&self, d: Node) -> String {
        let value = d.child_by_field_name("value").map(|v| v.id());
        let mut found = Vec::new();
        let mut stack = vec![d];
        while let Some(x) = stack.pop() {
            if Some(x.id()) == value {
                continue;
            }
            if matches!(x.kind(), "attribute_specifier" | "attribute_declaration") {
                found.push((x.start_byte(), self.text(x)));
                continue;
            }
            let mut c = x.walk();
            stack.extend(x.named_children(&mut c));
        }
        found.sort_by_key(|f| f.0);
        found.into_iter().map(|f| f.1).collect::<Vec<_>>().join(" ")
    }

    /// The text of the GNU attributes among a declaration's specifiers, as written.
    fn leading_attribute_text(&self, n: Node) -> String {
        let mut cursor = n.walk();
        let kids: Vec<Node> = n
            .children(&mut cursor)
            .take_while(|c| n.child_by_field_name("declarator") != Some(*c))
            .filter(|c| matches!(c.kind(), "attribute_specifier" | "attribute_declaration"))
            .collect();
        kids.into_iter()
            .map(|c| self.text(c))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The attributes and alignment specifiers among a declaration's specifiers
    /// (`__attribute__((unused)) static shared int *p;`, `_Alignas(16) shared int *q;`),
    /// lowered, for a declaration written anew.
    fn specifier_attributes(&mut self, n: Node) -> String {
        let mut cursor = n.walk();
        let kids: Vec<Node> = n
            .children(&mut cursor)
            .take_while(|c| n.child_by_field_name("declarator") != Some(*c))
            .filter(|c| {
                matches!(c.kind(), "attribute_specifier" | "attribute_declaration")
                    || (c.kind() == "type_qualifier"
                        && c.named_child(0)
                            .is_some_and(|q| q.kind() == "alignas_qualifier"))
            })
            .collect();
        kids.into_iter()
            .map(|c| self.emit(c))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// `_Alignas(T)` where `T` involves shared data: the alignment of the lowered type
    /// (of an array, its element's).
    pub fn alignas(&mut self, n: Node) -> String {
        let Some(tn) = n.named_child(0).filter(|t| t.kind() == "type_descriptor") else {
            return self.splice(n);
        };
        let mut ty = self.type_descriptor(tn);
        if !ty.mentions_shared() {
            return self.splice(n);
        }
        while let Some(e) = ty.is_array().then(|| ty.target()).flatten() {
            ty = e;
        }
        let kw = n.child(0).map_or("_Alignas", |k| self.text(k)).to_string();
        self.pad_like(n, format!("{kw}({})", ty.c_name()))
    }

    fn storage(&self, n: Node) -> Vec<String> {
        let mut cursor = n.walk();
        n.children(&mut cursor)
            .filter(|c| c.kind() == "storage_class_specifier")
            .map(|c| self.text(c).to_string())
            .collect()
    }

    pub fn declaration(&mut self, n: Node) -> String {
        let base = self.base_type(n);
        let storage = self.storage(n);
        let mut cursor = n.walk();
        let decls: Vec<Node> = n
            .children_by_field_name("declarator", &mut cursor)
            .collect();
        let automatic =
            !self.at_file_scope() && !storage.iter().any(|s| s == "static" || s == "extern");
        let type_node = n.child_by_field_name("type");
        let from_typeof = type_node.is_some_and(|t| t.kind() == "macro_type_specifier");
        let auto_type = type_node.is_some_and(|t| self.text(t) == "__auto_type");
        let mut items = Vec::new();
        let mut after = self.declaration_segment_attributes(n).into_iter();
        for d in decls {
            let (name, mut ty, name_node) = self.apply_declarator(d, base.clone());
            let value = if d.kind() == "init_declarator" {
                d.child_by_field_name("value")
            } else {
                None
            };
            // `__auto_type x = <shared data>`: the value's type (a private copy); of a
            // pointer-to-shared (`__auto_type p = (shared T *)upc_alloc(n);`) a pointer-to-shared
            if let Some(v) = value.filter(|v| auto_type && self.may_involve_shared(*v)) {
                if let Some(vt) = self.expr(v).value_ty() {
                    ty = strip_shared(&vt);
                }
            }
            // `__typeof__(shared lvalue) tmp;` in a block (a GNU macro's temporary): private
            if from_typeof && automatic && ty.is_shared() {
                ty = strip_shared(&ty);
            }
            let mut attrs = after.next().unwrap_or_default();
            let inner = self.declarator_attributes(d);
            if !inner.is_empty() {
                if !attrs.is_empty() {
                    attrs.push(' ');
                }
                attrs.push_str(&inner);
            }
            items.push(Declared {
                name,
                name_node,
                ty,
                value,
                attrs,
            });
        }
        // the UPC library's declarations of functions the program defines itself give way
        if !items.is_empty()
            && self.at_file_scope()
            && self.in_upc_headers(n)
            && items.iter().all(|i| {
                i.ty.is_function()
                    && i.name
                        .as_ref()
                        .is_some_and(|x| self.user_functions.contains(x))
            })
        {
            return self.pad_like(n, String::new());
        }
        // a pointer-to-shared initialized anywhere inside an object (a member, an element)
        // needs its initializer converted, so the declaration is rewritten
        let any_shared = base.mentions_shared()
            || items
                .iter()
                .any(|i| i.ty.mentions_shared() || (i.value.is_some() && self.holds_pts(&i.ty)));
        let is_extern = storage.iter().any(|s| s == "extern");
        let is_static = storage.iter().any(|s| s == "static");
        let in_system = self.in_system_header(n);

        // register the names first (an initializer may not use them, but later code does)
        let mut out_parts = Vec::new();
        for item in &items {
            let Some(name) = item.name.clone() else {
                continue;
            };
            let at = item.name_node.unwrap_or(n);
            if item.ty.is_function() {
                self.define(&name, SymKind::Func, item.ty.clone(), at);
                continue;
            }
            if item.ty.is_shared() && !in_system {
                if !self.at_file_scope() && !is_static && !is_extern {
                    self.error(at, format!("'{name}' is a shared object with automatic storage duration; shared objects must be declared at file scope or static"));
                    continue;
                }
                let mut ty = self.resolve_star(item.ty.clone());
                if let Some(v) = item.value {
                    ty = self.completed_by(v, ty);
                }
                self.check_threads_dims(at, &ty);
                // objects with linkage keep their name; a block-scope static is unique
                let desc = if self.at_file_scope() || is_extern {
                    format!("{}{name}", super::SHARED_VAR_PREFIX)
                } else {
                    self.fresh(&format!("sv_{name}_"))
                };
                self.define(
                    &name,
                    SymKind::SharedVar { desc: desc.clone() },
                    ty.clone(),
                    at,
                );
                let defined_before = self.registrations.contains(&desc);
                let mut attrs = ObjectAttrs::of(&format!(
                    "{} {}",
                    self.leading_attribute_text(n),
                    item.attrs
                ));
                if is_extern || (defined_before && item.value.is_none()) {
                    // a declaration, or a tentative definition repeated
                    let deprecated = match attrs.deprecated.is_empty() {
                        true => String::new(),
                        false => format!(" __attribute__(({}))", attrs.deprecated.join(", ")),
                    };
                    out_parts.push(format!("extern upcr_shared_var_t {desc}{deprecated};"));
                } else if defined_before && self.tentative.remove(&desc) {
                    // `shared int x;` then `shared int x = 5;`: as in C, the first is
                    // tentative and the second gives the object its initial value
                    let v = item.value.expect("a definition with an initializer");
                    let (f, text) = self.initial_values(&desc, &ty, v);
                    out_parts.push(format!("extern upcr_shared_var_t {desc}; {text}"));
                    self.late_inits.push((desc, f));
                } else if defined_before {
                    self.error(at, format!("'{name}' is defined again with an initializer; a shared object has one definition with an initial value"));
                } else {
                    // a tentative definition (`shared int counter;`, often in a header) with
                    // -fcommon or `__attribute__((common))` is a common symbol in C: every
                    // file's is the same object
                    let tentative = self.at_file_scope() && !is_static && item.value.is_none();
                    attrs.weak |= tentative && attrs.common.unwrap_or(self.opts.common);
                    if self.at_file_scope() && item.value.is_none() {
                        self.tentative.insert(desc.clone());
                    }
                    let text = self
                        .shared_descriptor(&name, &desc, &ty, item.value, is_static, &attrs, at);
                    if self.at_file_scope() {
                        out_parts.push(text);
                    } else {
                        self.before_fn.push_str(&text);
                    }
                    self.registrations.push(desc);
                }
                continue;
            }
            self.define(&name, SymKind::Var, item.ty.clone(), at);
        }
        let only_shared_objects = items
            .iter()
            .all(|i| i.ty.is_shared() && !i.ty.is_function());
        // a _Bool initialized from a pointer-to-shared is converted (a null test)
        let bool_from_shared = items.iter().any(|i| {
            super::expr::is_bool(&i.ty)
                && i.value
                    .is_some_and(|v| is_expression(v.kind()) && self.may_involve_shared(v))
        });
        if (!any_shared && !bool_from_shared) || in_system {
            // plain C: keep the text, lowering initializers and sizes only; a local pointer
            // initialized from shared data is checked first (`int *p = A;`)
            if !in_system {
                for item in &items {
                    let Some(v) = item.value.filter(|v| is_expression(v.kind())) else {
                        continue;
                    };
                    if item.ty.is_pointerish() && self.may_involve_shared(v) {
                        let e = self.expr(v);
                        self.check_conversion(v, &e, &item.ty);
                    }
                    if let Some(nn) = item.name_node {
                        self.race_taint(nn, Some(&item.ty), v);
                    }
                }
            }
            return self.splice(n);
        }
        if let Some(def) = self.type_definition_text(n) {
            out_parts.insert(0, def);
        }
        if only_shared_objects {
            return self.pad_like(n, out_parts.join(" "));
        }
        // rebuild: one declaration per declarator, with the declaration's attributes and
        // alignment specifiers, and each declarator's attributes after its name
        let mut storage_text = self.specifier_attributes(n);
        if !storage_text.is_empty() {
            storage_text.push(' ');
        }
        storage_text.extend(storage.iter().map(|s| format!("{s} ")));
        for item in &items {
            if item.ty.is_shared() && !item.ty.is_function() {
                continue;
            }
            let Some(name) = &item.name else { continue };
            let mut s = format!("{storage_text}{}", declare(&item.ty, name));
            if !item.attrs.is_empty() {
                s.push(' ');
                s.push_str(&item.attrs);
            }
            if let Some(v) = item.value {
                let init = self.initializer(v, &item.ty);
                if (self.at_file_scope() || is_static) && !is_extern && needs_layout(&init) {
                    let count = initializer_count(v);
                    if let Some((ty, deferred)) =
                        self.deferred_initializer(name, &item.ty, &init, count)
                    {
                        out_parts.push(format!("{storage_text}{};", declare(&ty, name)));
                        out_parts.push(deferred);
                        continue;
                    }
                }
                s.push_str(" = ");
                s.push_str(&init);
            }
            s.push(';');
            out_parts.push(s);
        }
        self.pad_like(n, out_parts.join(" "))
    }

    /// A private object with static storage whose initial value needs the shared layout
    /// (the address of a shared object): at file scope it is initialized at start-up by a
    /// function the runtime runs before the threads start (`upcr_register_private_init`),
    /// in a block when control first reaches it.  Gives the object's type (an array's
    /// size taken from `count`, the elements of its initializer) and the initializing
    /// code; None for an array whose size a designated initializer gives.  A `const`
    /// object (`shared int *const p = &A[0];`) is declared without `const`, or the start-up
    /// code could not store its value.
    fn deferred_initializer(
        &mut self,
        name: &str,
        ty: &Ty,
        init: &str,
        count: Option<usize>,
    ) -> Option<(Ty, String)> {
        let r = assignable(ty);
        let ty = match (&r.base, count) {
            (Base::Array(e, None), Some(k)) => Ty::new(Base::Array(e.clone(), Some(k.to_string()))),
            (Base::Array(_, None), None) => return None,
            _ => r,
        };
        let copy = format!(
            "{{ {} = {init}; __builtin_memcpy((void *)&{name}, (const void *)&__v, sizeof {name}); }}",
            declare(&ty, "__v")
        );
        if !self.at_file_scope() {
            // a static in a block: initialized when control first reaches it (nothing
            // before the declaration can name it)
            let done = self.fresh(&format!("done_{name}_"));
            return Some((
                ty,
                format!("static int {done}; if (!{done}) {{ {done} = 1; {copy} }}"),
            ));
        }
        let f = self.fresh(&format!("init_{name}_"));
        let rec = format!("{f}_rec");
        self.private_inits.push(rec.clone());
        Some((
            ty,
            format!(
                "static void {f}(void) {copy} static upcr_private_init_t {rec} = {{ {f}, 0 }};"
            ),
        ))
    }

    /// A compound literal at file scope (static storage) whose value needs the shared
    /// layout (`&(struct view){ .row = &A[1] }`): C wants a constant there, so the literal
    /// becomes a static object of its own, declared before the declaration that holds it
    /// and initialized at start-up like any other such private object; its name.
    pub fn file_scope_literal(&mut self, ty: &Ty, init: &str, v: Node) -> Option<String> {
        if !needs_layout(init) {
            return None;
        }
        let name = self.fresh("literal_");
        let (ty, deferred) = self.deferred_initializer(&name, ty, init, initializer_count(v))?;
        self.before_decl
            .push_str(&format!("static {}; {deferred} ", declare(&ty, &name)));
        Some(name)
    }

    /// Initializer text converted to the declared type: every pointer-to-shared in it,
    /// also as a member of a struct or an element of an array, gets its value converted
    /// (a null pointer constant becomes the null pointer-to-shared).
    pub fn initializer(&mut self, v: Node, ty: &Ty) -> String {
        if v.kind() == "initializer_list" {
            return self.initializer_list(v, ty);
        }
        if is_expression(v.kind()) {
            let e = self.expr(v);
            if e.null_const && ty.is_pts() {
                return "{ 0, 0, 0 }".into();
            }
            self.check_conversion(v, &e, ty);
            return self.convert(&e, ty);
        }
        self.emit(v)
    }

    /// The types of the elements a brace list initializes, in order (None: unknown, an
    /// element is then lowered as an expression of its own type).
    fn element_type(&self, ty: &Ty, index: usize) -> Option<Ty> {
        let r = ty.resolved();
        match &r.base {
            Base::Array(..) => ty.target(),
            Base::Record { key, .. } => {
                let fields = self.records.get(key)?;
                let union = key.starts_with("union ");
                if union && index > 0 {
                    return None;
                }
                fields.get(index).map(|(_, t)| t.clone())
            }
            _ => (index == 0).then(|| ty.clone()),
        }
    }

    fn designated_member(&self, d: Node) -> String {
        match d.kind() {
            "field_identifier" => self.text(d).to_string(),
            _ => d
                .named_child(0)
                .map(|f| self.text(f).to_string())
                .unwrap_or_default(),
        }
    }

    fn member_index(&self, ty: &Ty, name: &str) -> Option<usize> {
        let Base::Record { key, .. } = &ty.resolved().base else {
            return None;
        };
        self.records.get(key)?.iter().position(|(n, _)| n == name)
    }

    fn initializer_list(&mut self, v: Node, ty: &Ty) -> String {
        let mut out = String::from("{");
        let mut cursor = v.walk();
        let mut first = true;
        let mut index = 0usize;
        let children: Vec<Node> = v.named_children(&mut cursor).collect();
        for c in children {
            if c.kind() == "comment" {
                continue;
            }
            if !first {
                out.push_str(", ");
            }
            first = false;
            if c.kind() == "initializer_pair" {
                // `.m = v`, `[i] = v`, `.a.b[2] = v`: the designators pick the type
                let mut dc = c.walk();
                let designators: Vec<Node> =
                    c.children_by_field_name("designator", &mut dc).collect();
                let mut t = Some(ty.clone());
                for (k, d) in designators.iter().enumerate() {
                    let cur = t.take();
                    t = match (d.kind(), cur) {
                        ("field_designator" | "field_identifier", Some(cur)) => {
                            let name = self.designated_member(*d);
                            let i = self.member_index(&cur, &name);
                            if k == 0 {
                                index = i.map_or(index, |i| i + 1);
                            }
                            i.and_then(|i| self.element_type(&cur, i))
                        }
                        (_, Some(cur)) if cur.is_array() => {
                            if k == 0 {
                                index = 0;
                            }
                            cur.target()
                        }
                        _ => None,
                    };
                }
                // GNU's `m: v` is written as `.m = v`
                let text: String = designators
                    .iter()
                    .map(|d| match d.kind() {
                        "field_identifier" => format!(".{}", self.text(*d)),
                        _ => self.emit(*d),
                    })
                    .collect();
                let value = c.child_by_field_name("value");
                let init = match (value, &t) {
                    (Some(val), Some(t)) => self.initializer(val, t),
                    (Some(val), None) => self.emit(val),
                    (None, _) => String::new(),
                };
                out.push_str(&format!("{text} = {init}"));
                continue;
            }
            let et = self.element_type(ty, index);
            index += 1;
            match et {
                Some(e) if is_expression(c.kind()) || c.kind() == "initializer_list" => {
                    out.push_str(&self.initializer(c, &e))
                }
                _ => out.push_str(&self.emit(c)),
            }
        }
        out.push('}');
        out
    }

    /// Does an object of this type hold a pointer-to-shared (itself, an element, or a
    /// member of a struct or union)?
    pub fn holds_pts(&self, ty: &Ty) -> bool {
        self.holds_pts_depth(ty, 0)
    }

    fn holds_pts_depth(&self, ty: &Ty, depth: usize) -> bool {
        if ty.is_pts() {
            return true;
        }
        if depth > 16 {
            return false;
        }
        let r = ty.resolved();
        match &r.base {
            Base::Array(e, _) => self.holds_pts_depth(e, depth + 1),
            Base::Record { key, .. } => self.records.get(key).is_some_and(|fields| {
                fields
                    .iter()
                    .any(|(_, t)| self.holds_pts_depth(t, depth + 1))
            }),
            _ => false,
        }
    }

    /// In the dynamic THREADS environment a shared array with definite block size must
    /// name THREADS exactly once, in one dimension (as a factor: see [`threads_multiplies`]).
    fn check_threads_dims(&mut self, at: Node, ty: &Ty) {
        if self.opts.static_threads.is_some() || !ty.is_array() {
            return;
        }
        let mut dims = Vec::new();
        let mut t = ty.resolved();
        while let Base::Array(e, d) = t.base.clone() {
            dims.push(d.unwrap_or_default());
            t = e.resolved();
        }
        let count: usize = dims
            .iter()
            .map(|d| d.matches(super::THREADS_VAR).count())
            .sum();
        let indefinite = ty.layout() == Layout::Indefinite;
        if indefinite {
            if count > 0 {
                self.error(at, "THREADS may not appear in the dimensions of a shared array with indefinite block size");
            }
        } else if count != 1 {
            self.error(
                at,
                format!(
                    "in the dynamic THREADS environment a shared array declaration must contain THREADS exactly once (found {count}); compile with -T N for a fixed thread count"
                ),
            );
        }
    }

    /// A shared array declared with an open outermost dimension (`shared [] char s[] =
    /// "text";`) gets it from its initializer `v`, as in C: the number of elements of a
    /// compound literal of that initializer, a constant the C compiler counts (designators
    /// included).  An initializer that involves shared data leaves the type as it is.
    fn completed_by(&mut self, v: Node, ty: Ty) -> Ty {
        let Base::Array(elem, None) = &ty.base else {
            return ty;
        };
        if self.may_involve_shared(v) {
            return ty;
        }
        let private = strip_shared(elem);
        let open = Ty::new(Base::Array(Rc::new(private.clone()), None));
        let text = self.text(v).trim();
        let init = if text.starts_with('{') {
            text.to_string()
        } else {
            format!("{{ {text} }}")
        };
        let dim = format!(
            "(sizeof(({}){init}) / sizeof({}))",
            declare(&open, "").trim(),
            declare(&private, "").trim()
        );
        Ty {
            base: Base::Array(elem.clone(), Some(dim)),
            quals: ty.quals.clone(),
        }
    }

    /// The descriptor (and size and initializer functions) of a shared object.
    #[allow(clippy::too_many_arguments)]
    fn shared_descriptor(
        &mut self,
        name: &str,
        desc: &str,
        ty: &Ty,
        value: Option<Node>,
        is_static: bool,
        attrs: &ObjectAttrs,
        at: Node,
    ) -> String {
        let elem = ty.ultimate();
        let elem_c = elem.c_name();
        let align = match &attrs.aligned {
            Some(a) => format!("({a} > __alignof__({elem_c}) ? {a} : __alignof__({elem_c}))"),
            None => format!("__alignof__({elem_c})"),
        };
        let weak = if attrs.weak {
            "__attribute__((weak)) "
        } else {
            ""
        };
        let count = ty.count_text();
        let block = ty.layout().block_text();
        let (file, line, _) = self.pos(at);
        let sz = format!("{desc}_size");
        let mut s = format!(
            "static size_t {sz}(void) {{ return upcr_local_bytes({count}, {block}, sizeof({elem_c})); }} "
        );
        let linkage = if is_static || !self.at_file_scope() {
            "static "
        } else {
            ""
        };
        let init_fn = match value {
            Some(v) => {
                // the initializer refers to the descriptor defined after it
                let decl = if linkage.is_empty() {
                    "extern "
                } else {
                    linkage
                };
                s.push_str(&format!("{decl}upcr_shared_var_t {desc}; "));
                let (f, text) = self.initial_values(desc, ty, v);
                s.push_str(&text);
                f
            }
            None => "0".into(),
        };
        s.push_str(&format!(
            "{weak}{linkage}upcr_shared_var_t {desc} = {{ \"{}\", \"{}\", {line}, {sz}, {align}, {init_fn}, 0, 0 }};",
            c_escape(name),
            c_escape(&file)
        ));
        if !attrs.deprecated.is_empty() {
            // uses after this declaration get the C compiler's warning; the registration
            // at the end of the unit is not a use (see `Tr::appendix`)
            s.push_str(&format!(
                " {linkage}{}upcr_shared_var_t {desc} __attribute__(({}));",
                if linkage.is_empty() { "extern " } else { "" },
                attrs.deprecated.join(", ")
            ));
        }
        s
    }

    /// The function that stores the initial values `v` of shared object `desc` of type `ty`
    /// into its elements on this thread: (its name, its text).
    fn initial_values(&mut self, desc: &str, ty: &Ty, v: Node) -> (String, String) {
        let elem = ty.ultimate();
        let elem_c = elem.c_name();
        // the initializer stores into the object, const or not
        let elem_w = {
            let mut w = elem.clone();
            w.quals.constant = false;
            w.c_name()
        };
        let count = ty.count_text();
        let block = ty.layout().block_text();
        let f = format!("{desc}_init");
        let private = strip_shared(ty);
        let init = self.initializer(v, &private);
        // a copy of constants is static (large tables stay off the stack)
        let storage = if needs_layout(&init) { "" } else { "static " };
        // the private copy: outermost dimension left open
        let mut copy_ty = match private.base.clone() {
            Base::Array(e, _) => Ty {
                base: Base::Array(e, None),
                quals: private.quals.clone(),
            },
            _ => private.clone(),
        };
        copy_ty.quals.constant = false;
        let text = format!(
            "static void {f}(void) {{ {storage}{} = {init}; size_t __n = sizeof(__v) / sizeof({elem_c}); if (__n > {count}) __n = {count}; for (size_t __i = 0; __i < __n; __i++) *({elem_w} *)upcr_elem_local({desc}.offset, __i, sizeof({elem_c}), {block}) = (({elem_w} const *)&__v)[__i]; }} ",
            declare(&copy_ty, "__v")
        );
        (f, text)
    }

    pub fn type_definition(&mut self, n: Node) -> String {
        let base = self.base_type(n);
        let mut cursor = n.walk();
        let decls: Vec<Node> = n
            .children_by_field_name("declarator", &mut cursor)
            .collect();
        let mut parts = Vec::new();
        let mut any_shared = base.mentions_shared();
        for d in decls {
            let (name, ty, at) = self.apply_declarator(d, base.clone());
            any_shared |= ty.mentions_shared();
            if ty.is_shared() && ty.layout() == Layout::Star {
                self.error(d, "[*] may not appear in a typedef");
            }
            if let Some(name) = name {
                self.define(&name, SymKind::Typedef, ty.clone(), at.unwrap_or(n));
                // a shared object type has no C form of its own (every use of it is
                // rewritten; its dimensions may name THREADS)
                if !ty.is_shared() {
                    parts.push(format!("typedef {};", declare(&ty, &name)));
                }
            }
        }
        if !any_shared {
            return self.splice(n);
        }
        if let Some(def) = self.type_definition_text(n) {
            parts.insert(0, def);
        }
        self.pad_like(n, parts.join(" "))
    }

    pub fn field_declaration(&mut self, n: Node) -> String {
        let base = self.base_type(n);
        let mut cursor = n.walk();
        let decls: Vec<Node> = n
            .children_by_field_name("declarator", &mut cursor)
            .collect();
        let mut parts = Vec::new();
        let mut any_shared = false;
        for d in &decls {
            let (name, ty, _) = self.apply_declarator(*d, base.clone());
            if ty.mentions_shared() {
                any_shared = true;
                if ty.is_shared() {
                    self.error(
                        *d,
                        "a structure member may not be shared-qualified (only the whole structure)",
                    );
                }
            }
            if let Some(name) = name {
                parts.push(format!("{};", declare(&ty, &name)));
            }
        }
        if !any_shared || decls.iter().any(|d| self.text(*d).contains(':')) {
            return self.splice(n);
        }
        self.pad_like(n, parts.join(" "))
    }

    pub fn function_definition(&mut self, n: Node) -> String {
        let base = self.base_type(n);
        let Some(d) = n.child_by_field_name("declarator") else {
            return self.splice(n);
        };
        let Some(body) = n.child_by_field_name("body") else {
            return self.splice(n);
        };
        let (name, fty, name_node) = self.apply_declarator(d, base);
        let fty = self.old_style_parameters(n, d, fty);
        let name = name.unwrap_or_default();
        self.define(&name, SymKind::Func, fty.clone(), name_node.unwrap_or(n));
        let Base::Function { ret, params, .. } = fty.resolved().base else {
            return self.splice(n);
        };
        let is_main = name == "main" && self.at_file_scope();
        self.push_scope();
        for p in &params {
            if let Some(pn) = &p.name {
                if p.ty.is_shared() {
                    self.error(
                        d,
                        format!("parameter '{pn}' may not have a shared-qualified type"),
                    );
                }
                self.define(pn, SymKind::Var, p.ty.clone(), d);
            }
        }
        let labels = self.collect_labels(body);
        let saved = self.func.replace(FnCtx {
            name: name.clone(),
            ret: (*ret).clone(),
            is_main,
            labels,
        });
        let frame = (self.opts.checks.callstack && !self.in_library(n)).then(|| self.frame_site(n));
        let mut body_text = self.emit(body);
        let end = is_main.then(|| self.main_end(body));
        self.func = saved;
        self.pop_scope();

        if let (Some(site), Some(i)) = (frame, body_text.find('{')) {
            body_text.insert_str(
                i + 1,
                &format!(" __attribute__((cleanup(__upcc_frame_end))) int __upcc_frame = (upcc_push_frame(&{site}), 0);"),
            );
        }
        if let Some(end) = end {
            self.main_arity = Some((params.len(), ret.is_void()));
            if let Some(i) = body_text.rfind('}') {
                body_text.insert_str(i, &end);
            }
            // renamed, main is an ordinary function: keep -Wunused-parameter quiet as for main
            // (in a declaration: the body's own declarations may follow)
            let uses: String = params
                .iter()
                .filter_map(|p| p.name.as_ref())
                .map(|p| format!("(void){p}, "))
                .collect();
            if let (false, Some(i)) = (uses.is_empty(), body_text.find('{')) {
                let u = self.fresh("params");
                body_text.insert_str(
                    i + 1,
                    &format!(" __attribute__((unused)) int {u} = ({uses}0);"),
                );
            }
        }
        let head = if fty.mentions_shared() || is_main {
            // rebuild the declarator; keep specifiers before the type
            let storage = self.storage(n);
            let nm = if is_main {
                "upcr_user_main".to_string()
            } else {
                name.clone()
            };
            let mut st = storage.iter().map(|s| format!("{s} ")).collect::<String>();
            let attrs = self.attributes(n);
            if !attrs.is_empty() {
                st.push_str(&attrs);
                st.push(' ');
            }
            let head = if is_old_style(d) {
                // stays a K&R definition: a prototype would change how the arguments are
                // passed (`short k` is promoted to int) and conflict with `void f();`
                let names: Vec<&str> = params.iter().filter_map(|p| p.name.as_deref()).collect();
                let decls: String = params
                    .iter()
                    .filter_map(|p| Some(format!(" {};", declare(&p.ty, p.name.as_deref()?))))
                    .collect();
                format!(
                    "{st}{}{decls}",
                    declare(&ret, &format!("{nm}({})", names.join(", ")))
                )
            } else if is_main {
                // a prototype first: main is exempt from -Wmissing-prototypes, its new name
                // is not
                format!("{}; {st}{}", declare(&fty, &nm), declare(&fty, &nm))
            } else {
                format!("{st}{}", declare(&fty, &nm))
            };
            let head_node_end = body.start_byte();
            let orig = &self.src[n.start_byte()..head_node_end];
            let nl = orig.matches('\n').count();
            format!("{head}{}", "\n".repeat(nl))
        } else {
            self.src[n.start_byte()..body.start_byte()].to_string()
        };
        let before = std::mem::take(&mut self.before_fn);
        format!("{before}{head}{body_text}")
    }
}

impl Tr<'_> {
    /// A K&R definition (`f(a, b) int a; char *b; { ... }`): the parameters' types come
    /// from the declarations between the declarator and the body (`int` if none).
    fn old_style_parameters(&mut self, def: Node, d: Node, fty: Ty) -> Ty {
        let Some(list) = function_parameter_list(d) else {
            return fty;
        };
        let mut c = list.walk();
        let names: Vec<String> = list
            .named_children(&mut c)
            .filter(|p| p.kind() == "identifier")
            .map(|p| self.text(p).to_string())
            .collect();
        let Base::Function { ret, variadic, .. } = fty.resolved().base else {
            return fty;
        };
        if names.is_empty() {
            return fty;
        }
        let mut declared: Vec<(String, Ty)> = Vec::new();
        let mut c = def.walk();
        let decls: Vec<Node> = def
            .children(&mut c)
            .filter(|k| k.kind() == "declaration")
            .collect();
        for decl in decls {
            let base = self.base_type(decl);
            let mut c2 = decl.walk();
            let ds: Vec<Node> = decl.children_by_field_name("declarator", &mut c2).collect();
            for pd in ds {
                if let (Some(pn), pt, _) = self.apply_declarator(pd, base.clone()) {
                    declared.push((pn, pt));
                }
            }
        }
        let params = names
            .into_iter()
            .map(|pn| {
                let ty = declared
                    .iter()
                    .find(|(dn, _)| *dn == pn)
                    .map_or_else(Ty::int, |(_, t)| t.clone());
                let ty = match ty.resolved().base {
                    Base::Array(e, _) => (*e).clone().pointer_to(),
                    _ => ty,
                };
                Param {
                    name: Some(pn),
                    ty,
                    attrs: String::new(),
                }
            })
            .collect();
        Ty::new(Base::Function {
            ret,
            params,
            variadic,
            prototype: true,
        })
    }
}

/// Is `d` (a definition's declarator) a K&R identifier list, `f(a, b)`?
fn is_old_style(d: Node) -> bool {
    function_parameter_list(d).is_some_and(|list| {
        let mut c = list.walk();
        let first = list.named_children(&mut c).find(|p| p.kind() != "comment");
        first.is_some_and(|p| p.kind() == "identifier")
    })
}

/// The parameter list of the function declarator inside a definition's declarator.
fn function_parameter_list(d: Node) -> Option<Node> {
    match d.kind() {
        "function_declarator" => d.child_by_field_name("parameters"),
        _ => function_parameter_list(d.child_by_field_name("declarator").or(d.named_child(0))?),
    }
}

/// The number of elements a brace list gives an array of unknown size (None with
/// designators, which may place them anywhere).
fn initializer_count(v: Node) -> Option<usize> {
    if v.kind() != "initializer_list" {
        return None;
    }
    let mut c = v.walk();
    let items: Vec<Node> = v
        .named_children(&mut c)
        .filter(|x| x.kind() != "comment")
        .collect();
    if items.iter().any(|x| x.kind() == "initializer_pair") {
        return None;
    }
    Some(items.len())
}

/// Does a lowered initializer use the shared layout (so it is not a constant)?
fn needs_layout(init: &str) -> bool {
    init.contains("upcr_") || init.contains(super::SHARED_VAR_PREFIX)
}

/// The name given to an anonymous struct, union or enum.
enum AnonName {
    /// A generated tag.
    Tag(String),
    /// The typedef that names it.
    Typedef(String),
    /// Kept as written.
    None,
}

/// `t` without `const`, on the object and on its elements (through typedef names, which
/// stay where nothing is const).
fn assignable(t: &Ty) -> Ty {
    fn has_const(t: &Ty) -> bool {
        let r = t.resolved();
        r.quals.constant || matches!(&r.base, Base::Array(e, _) if has_const(e))
    }
    if !has_const(t) {
        return t.clone();
    }
    let mut r = t.resolved();
    r.quals.constant = false;
    if let Base::Array(e, dim) = &r.base {
        r.base = Base::Array(Rc::new(assignable(e)), dim.clone());
    }
    r
}

/// The same type without shared qualifiers at the object level (arrays included).
fn strip_shared(t: &Ty) -> Ty {
    let r = t.resolved();
    let mut q = r.quals.clone();
    q.shared = None;
    q.strict = false;
    q.relaxed = false;
    match &r.base {
        Base::Array(e, d) => Ty {
            base: Base::Array(Rc::new(strip_shared(e)), d.clone()),
            quals: q,
        },
        _ => Ty {
            base: r.base.clone(),
            quals: q,
        },
    }
}

/// Escape text for a C string literal.
pub fn c_escape(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '\\' => o.push_str("\\\\"),
            '"' => o.push_str("\\\""),
            '\n' | '\r' | '\t' => o.push(' '),
            c if (c as u32) < 0x20 => o.push(' '),
            '?' => o.push_str("\\?"),
            c => o.push(c),
        }
    }
    o
}

/// Whether the dimensions of array type `ty` name THREADS exactly once, in a dimension that
/// is a product of it and other operands (`4*THREADS`, `(N)*(THREADS)`, `THREADS`), so that
/// the element count is THREADS times the count with THREADS as 1.
fn threads_multiplies(ty: &Ty) -> bool {
    let mut dims = Vec::new();
    let mut t = ty.resolved();
    while let Base::Array(e, d) = t.base.clone() {
        dims.push(d.unwrap_or_default());
        t = e.resolved();
    }
    let with: Vec<&String> = dims
        .iter()
        .filter(|d| d.contains(super::THREADS_VAR))
        .collect();
    match with.as_slice() {
        [d] => {
            d.matches(super::THREADS_VAR).count() == 1
                && d.replace(super::THREADS_EXPANSION, "")
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "_*() \t".contains(c))
        }
        _ => false,
    }
}
