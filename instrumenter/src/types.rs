//! UPC types as the translator sees them: C types with `shared` (and its layout
//! qualifier), `strict` and `relaxed`, and how each lowers to plain C.
//!
//! A pointer whose referenced type is shared lowers to `upcr_pshared_t`; the `shared`,
//! `strict` and `relaxed` qualifiers disappear; everything else keeps its C spelling.

use std::rc::Rc;

/// The layout qualifier of a shared type: the block size.
#[derive(Clone, Debug, PartialEq)]
pub enum Layout {
    /// `shared T` without a layout qualifier: block size 1.
    Default,
    /// `shared [] T` or `shared [0] T`: indefinite block size, everything on one thread.
    Indefinite,
    /// `shared [*] T`: resolved at the declaration of an array to an expression.
    Star,
    /// `shared [expr] T`: C text of the block size (an integer constant expression).
    Expr(String),
}

impl Layout {
    /// C expression of the block size in elements (0 for indefinite).
    pub fn block_text(&self) -> String {
        match self {
            Layout::Default => "1".into(),
            Layout::Indefinite => "0".into(),
            Layout::Star => "1".into(),
            Layout::Expr(e) => format!("((size_t)({e}))"),
        }
    }
}

/// Type qualifiers, UPC ones included.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Quals {
    pub shared: Option<Layout>,
    pub strict: bool,
    pub relaxed: bool,
    pub constant: bool,
    pub volatile: bool,
    pub restrict: bool,
}

impl Quals {
    /// The qualifiers that survive lowering, as C text with a trailing space.
    pub fn c_text(&self) -> String {
        let mut s = String::new();
        if self.constant {
            s.push_str("const ");
        }
        if self.volatile {
            s.push_str("volatile ");
        }
        s
    }
    fn merge(&mut self, o: &Quals) {
        if self.shared.is_none() {
            self.shared = o.shared.clone();
        }
        self.strict |= o.strict;
        self.relaxed |= o.relaxed;
        self.constant |= o.constant;
        self.volatile |= o.volatile;
        self.restrict |= o.restrict;
    }
}

/// The shape of a type.
#[derive(Clone, Debug, PartialEq)]
pub enum Base {
    /// `void`.
    Void,
    /// An arithmetic or otherwise uninteresting type, by its C text (`unsigned int`, `FILE`).
    Scalar(String),
    /// A typedef name and the type it stands for.
    Typedef(String, Rc<Ty>),
    /// A struct or union: C text of the specifier (lowered) and its key in the record table.
    Record {
        text: String,
        key: String,
    },
    /// An enum: C text.
    Enum(String),
    Pointer(Rc<Ty>),
    /// Array of `elem`; `dim` is the C text of the size (None for `[]`).
    Array(Rc<Ty>, Option<String>),
    Function {
        ret: Rc<Ty>,
        params: Vec<Param>,
        variadic: bool,
        /// False for `f()` in a declaration: a function without a prototype, whose
        /// parameters are not said (C before C23), not one without parameters.
        prototype: bool,
    },
}

/// A parameter of a function type.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: Option<String>,
    pub ty: Ty,
    /// The GNU attributes written with it (`__attribute__((unused))`), or empty: kept when a
    /// declaration is written anew.
    pub attrs: String,
}

/// A qualified type.
#[derive(Clone, Debug, PartialEq)]
pub struct Ty {
    pub base: Base,
    pub quals: Quals,
}

impl Ty {
    pub fn new(base: Base) -> Ty {
        Ty {
            base,
            quals: Quals::default(),
        }
    }
    pub fn scalar(text: &str) -> Ty {
        Ty::new(Base::Scalar(text.to_string()))
    }
    pub fn int() -> Ty {
        Ty::scalar("int")
    }
    pub fn with_quals(mut self, q: &Quals) -> Ty {
        self.quals.merge(q);
        self
    }
    /// Look through typedef names: the named type with this type's qualifiers added.
    pub fn resolved(&self) -> Ty {
        match &self.base {
            Base::Typedef(_, t) => t.resolved().with_quals(&self.quals),
            _ => self.clone(),
        }
    }

    pub fn pointer_to(self) -> Ty {
        Ty::new(Base::Pointer(Rc::new(self)))
    }

    /// Is this object type shared-qualified (for arrays: its element type)?
    pub fn is_shared(&self) -> bool {
        match &self.base {
            Base::Typedef(_, t) => self.quals.shared.is_some() || t.is_shared(),
            Base::Array(e, _) => self.quals.shared.is_some() || e.is_shared(),
            _ => self.quals.shared.is_some(),
        }
    }

    /// The referenced type when this is a pointer-to-shared.
    pub fn pts_target(&self) -> Option<&Ty> {
        match &self.base {
            Base::Typedef(_, t) => t.pts_target(),
            Base::Pointer(t) if t.is_shared() => Some(t),
            _ => None,
        }
    }

    pub fn is_pts(&self) -> bool {
        self.pts_target().is_some()
    }

    pub fn is_array(&self) -> bool {
        matches!(self.resolved().base, Base::Array(..))
    }

    pub fn is_function(&self) -> bool {
        matches!(self.resolved().base, Base::Function { .. })
    }

    pub fn is_void(&self) -> bool {
        matches!(self.resolved().base, Base::Void)
    }

    /// A pointer (to local or shared) or an array.
    pub fn is_pointerish(&self) -> bool {
        matches!(self.resolved().base, Base::Pointer(_) | Base::Array(..))
    }

    /// Element type of an array or referenced type of a pointer.
    /// (Qualifiers of an array type, e.g. from a typedef, apply to its elements.)
    pub fn target(&self) -> Option<Ty> {
        let r = self.resolved();
        match r.base {
            Base::Pointer(t) => Some((*t).clone()),
            Base::Array(t, _) => Some((*t).clone().with_quals(&r.quals)),
            _ => None,
        }
    }

    /// Does any part of the type mention `shared`?
    pub fn mentions_shared(&self) -> bool {
        if self.quals.shared.is_some() {
            return true;
        }
        match &self.base {
            Base::Pointer(t) | Base::Array(t, _) | Base::Typedef(_, t) => t.mentions_shared(),
            Base::Function { ret, params, .. } => {
                ret.mentions_shared() || params.iter().any(|p| p.ty.mentions_shared())
            }
            _ => false,
        }
    }

    /// The ultimate element type (arrays peeled).
    pub fn ultimate(&self) -> Ty {
        let r = self.resolved();
        match &r.base {
            Base::Array(e, _) => e.ultimate().with_quals(&r.quals),
            _ => r,
        }
    }

    /// The layout of a shared object type (taken from its ultimate element).
    pub fn layout(&self) -> Layout {
        self.ultimate().quals.shared.unwrap_or(Layout::Default)
    }

    pub fn is_strict(&self) -> bool {
        self.ultimate().quals.strict
    }

    pub fn is_relaxed(&self) -> bool {
        self.ultimate().quals.relaxed
    }

    /// Number of ultimate elements in one object of this type (C expression), "1" for
    /// non-arrays.
    pub fn count_text(&self) -> String {
        match &self.resolved().base {
            Base::Array(e, Some(d)) => {
                let inner = e.count_text();
                if inner == "1" {
                    format!("((size_t)({d}))")
                } else {
                    format!("((size_t)({d})*{inner})")
                }
            }
            Base::Array(e, None) => e.count_text(),
            _ => "1".into(),
        }
    }

    /// The C type name of this type with shared qualifiers removed.
    ///
    /// The name is used as a type specifier as well as in casts: `{c} *p`, `(volatile {c} *)a`
    /// and `{c} v` must all be valid C. A type whose abstract declarator has parentheses or
    /// brackets (`double (*)(double)`, `int [3]`) cannot be extended that way, so it is
    /// spelled `__typeof__(double (*)(double))`.
    pub fn c_name(&self) -> String {
        let name = declare(self, "").trim().to_string();
        if name.contains(['(', '[']) && !name.starts_with("__typeof__(") {
            format!("__typeof__({name})")
        } else {
            name
        }
    }

    /// sizeof the ultimate element type, as C.
    pub fn elem_size_text(&self) -> String {
        let u = self.ultimate();
        if u.is_void() {
            "1".into()
        } else {
            format!("sizeof({})", u.c_name())
        }
    }
}

/// Lowered C declaration of `name` with type `ty` (name may be empty: abstract).
pub fn declare(ty: &Ty, name: &str) -> String {
    build(ty, name.to_string())
}

fn needs_parens(inner: &str) -> bool {
    inner.starts_with('*')
}

fn build(ty: &Ty, inner: String) -> String {
    let sep = |s: &str| {
        if s.is_empty() {
            String::new()
        } else {
            format!(" {s}")
        }
    };
    match &ty.base {
        Base::Pointer(t) if t.is_shared() => {
            format!("{}upcr_pshared_t{}", ty.quals.c_text(), sep(&inner))
        }
        Base::Pointer(t) => {
            let mut q = String::new();
            if ty.quals.constant {
                q.push_str("const ");
            }
            if ty.quals.volatile {
                q.push_str("volatile ");
            }
            if ty.quals.restrict {
                q.push_str("restrict ");
            }
            let inner = if q.is_empty() {
                format!("*{inner}")
            } else {
                format!("*{} {inner}", q.trim_end())
            };
            match &t.base {
                Base::Array(..) | Base::Function { .. } => build(t, format!("({inner})")),
                _ => build(t, inner),
            }
        }
        Base::Array(e, d) => {
            let inner = if needs_parens(&inner) {
                format!("({inner})")
            } else {
                inner
            };
            build(e, format!("{inner}[{}]", d.clone().unwrap_or_default()))
        }
        Base::Function {
            ret,
            params,
            variadic,
            prototype,
        } => {
            let inner = if needs_parens(&inner) {
                format!("({inner})")
            } else {
                inner
            };
            let mut ps: Vec<String> = params
                .iter()
                .map(|p| {
                    let d = declare(&p.ty, p.name.as_deref().unwrap_or(""));
                    match p.attrs.as_str() {
                        "" => d.trim().to_string(),
                        a => format!("{} {a}", d.trim()),
                    }
                })
                .collect();
            if *variadic {
                ps.push("...".into());
            }
            if ps.is_empty() && *prototype {
                ps.push("void".into());
            }
            build(ret, format!("{inner}({})", ps.join(", ")))
        }
        Base::Void => format!("{}void{}", ty.quals.c_text(), sep(&inner)),
        Base::Typedef(_, t) if t.mentions_shared() => {
            build(&t.resolved().with_quals(&ty.quals), inner)
        }
        Base::Scalar(s) | Base::Typedef(s, _) | Base::Enum(s) => {
            format!("{}{s}{}", ty.quals.c_text(), sep(&inner))
        }
        Base::Record { text, .. } => format!("{}{text}{}", ty.quals.c_text(), sep(&inner)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shared_int(l: Layout) -> Ty {
        let mut t = Ty::int();
        t.quals.shared = Some(l);
        t
    }

    #[test]
    fn pointer_to_shared_lowers_to_pshared() {
        let p = shared_int(Layout::Default).pointer_to();
        assert_eq!(declare(&p, "p"), "upcr_pshared_t p");
        assert!(p.is_pts());
    }

    #[test]
    fn arrays_of_pointers_and_pointers_to_arrays() {
        let p = shared_int(Layout::Expr("4".into())).pointer_to();
        let arr = Ty::new(Base::Array(Rc::new(p), Some("10".into())));
        assert_eq!(declare(&arr, "a"), "upcr_pshared_t a[10]");
        let local_arr = Ty::new(Base::Array(Rc::new(Ty::int()), Some("3".into())));
        let pa = local_arr.pointer_to();
        assert_eq!(declare(&pa, "pa"), "int (*pa)[3]");
    }

    #[test]
    fn functions_returning_pshared() {
        let f = Ty::new(Base::Function {
            ret: Rc::new(Ty::new(Base::Pointer(Rc::new(Ty {
                base: Base::Void,
                quals: Quals {
                    shared: Some(Layout::Default),
                    ..Default::default()
                },
            })))),
            params: vec![Param {
                name: Some("n".into()),
                ty: Ty::scalar("size_t"),
                attrs: String::new(),
            }],
            variadic: false,
            prototype: true,
        });
        assert_eq!(
            declare(&f, "upc_alloc"),
            "upcr_pshared_t upc_alloc(size_t n)"
        );
    }

    #[test]
    fn names_that_take_a_pointer_suffix() {
        // `{c} *` and `(volatile {c} *)` must be valid C for every type
        let fp = Ty::new(Base::Function {
            ret: Rc::new(Ty::scalar("double")),
            params: vec![Param {
                name: None,
                ty: Ty::scalar("double"),
                attrs: String::new(),
            }],
            variadic: false,
            prototype: true,
        })
        .pointer_to();
        assert_eq!(fp.c_name(), "__typeof__(double (*)(double))");
        let row = Ty::new(Base::Array(Rc::new(Ty::int()), Some("3".into())));
        assert_eq!(row.c_name(), "__typeof__(int [3])");
        assert_eq!(Ty::int().pointer_to().c_name(), "int *");
        assert_eq!(Ty::scalar("unsigned long").c_name(), "unsigned long");
    }

    #[test]
    fn layout_and_counts() {
        let e = shared_int(Layout::Expr("3".into()));
        let a = Ty::new(Base::Array(
            Rc::new(Ty::new(Base::Array(Rc::new(e), Some("5".into())))),
            Some("4*THREADS".into()),
        ));
        assert!(a.is_shared());
        assert_eq!(a.layout(), Layout::Expr("3".into()));
        assert_eq!(a.count_text(), "((size_t)(4*THREADS)*((size_t)(5)))");
        assert_eq!(a.elem_size_text(), "sizeof(int)");
    }
}
