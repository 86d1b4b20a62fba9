//! The checker's call sites: a static `upcc_site_t` per instrumented operation (file,
//! line, operation id from rules/, source text of each argument, where its variables were
//! declared), and the code around each UPC library call:
//! `upcc_check_entry(&site, args); call; upcc_record_exit(&site);`.

use tree_sitter::Node;

use super::decl::c_escape;
use super::expr::Ex;
use super::{SymKind, Tr};
use crate::types::{Base, Ty};

/// What units built with call-stack tracking need before their first line: the cleanup
/// function that pops a frame when a function returns.
pub const CALLSTACK_PRELUDE: &str = "void upcc_pop_frame(void); static inline void __upcc_frame_end(int *f) { (void)f; upcc_pop_frame(); }\n";

/// Undo the expansions of the predefined macros in preprocessed text.
pub fn unexpand(text: &str) -> String {
    let t = text.split_whitespace().collect::<Vec<_>>().join(" ");
    t.replace(super::MYTHREAD_EXPANSION, "MYTHREAD")
        .replace(super::THREADS_EXPANSION, "THREADS")
        .replace("((void *)0)", "NULL")
}

fn op_id(name: &str) -> i32 {
    rules::lookup(name).map(|(id, _)| id as i32).unwrap_or(-1)
}

impl<'a> Tr<'a> {
    /// Define a site before the current function; returns its name.
    fn site(&mut self, n: Node, op: i32, args: &[Node]) -> String {
        self.site_with(n, op, args, None)
    }

    /// [`site`](Self::site), with the arguments' texts given (`texts`: no declarations).
    fn site_with(&mut self, n: Node, op: i32, args: &[Node], given: Option<Vec<String>>) -> String {
        let name = self.fresh("site");
        let (file, line, col) = self.pos(n);
        let func = self
            .func
            .as_ref()
            .map(|f| f.name.clone())
            .unwrap_or_default();
        let source = self.source_line(&file, line);
        let col = source
            .as_deref()
            .map_or(col, |l| self.original_column(n, l, col));
        let (texts, decls): (Vec<String>, Vec<String>) = match given {
            Some(t) => {
                let d = vec![String::new(); t.len()];
                (t, d)
            }
            None => (
                match self.original_args(n, col, args.len()) {
                    Some(t) => t,
                    None => args.iter().map(|a| self.arg_source_text(*a)).collect(),
                },
                args.iter().map(|a| self.declared_where(*a)).collect(),
            ),
        };
        let mut s = String::new();
        let (tt, dt) = if texts.is_empty() {
            ("0".to_string(), "0".to_string())
        } else {
            let t = format!("{name}_text");
            let d = format!("{name}_decl");
            let list = |v: &[String]| {
                v.iter()
                    .map(|x| format!("\"{}\"", c_escape(x)))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            s.push_str(&format!(
                "static const char *const {t}[] = {{ {} }}; ",
                list(&texts)
            ));
            s.push_str(&format!(
                "static const char *const {d}[] = {{ {} }}; ",
                list(&decls)
            ));
            (t, d)
        };
        let src = match &source {
            Some(l) => format!("\"{}\"", c_escape(l)),
            None => "0".into(),
        };
        // unused when the operand that needed it is not evaluated after all
        // (`upc_blocksizeof(*p)`): no -Wunused-const-variable for the user's -Wall -Werror
        s.push_str(&format!(
            "__attribute__((unused)) static const upcc_site_t {name} = {{ \"{}\", {line}, {col}, {op}, {}, {tt}, {dt}, \"{}\", {src} }}; ",
            c_escape(&file),
            texts.len(),
            c_escape(&func)
        ));
        self.before_fn.push_str(&s);
        name
    }

    /// A UPC library function whose address is taken (`put_fn f = upc_memput;`,
    /// `&upc_lock`, a table of them): the address of a wrapper that calls it checked, so
    /// that calls through the pointer are checked too, with the place where the function
    /// was first named in the unit as the call's site.  One wrapper per function in the
    /// whole program (`upcc_fp_NAME`, weak: the link keeps one), so that two pointers to the
    /// function compare equal wherever they were taken.  None if `n` names the function of
    /// a call, or no checked function.
    pub fn library_function_value(&mut self, n: Node, name: &str) -> Option<Ex> {
        if !self.opts.checks.any() || self.callee == Some(n.id()) || self.in_library(n) {
            return None;
        }
        let sym = self.lookup(name)?.clone();
        if !sym.library || !matches!(sym.kind, SymKind::Func) {
            return None;
        }
        let (id, op) = rules::lookup(name)?;
        if op.kind != rules::OpKind::Function {
            return None;
        }
        let Base::Function {
            ret,
            params,
            variadic: false,
            prototype: true,
        } = sym.ty.resolved().base
        else {
            return None;
        };
        let wrapper = format!("upcc_fp_{name}");
        if !self.fp_wrappers.insert(name.to_string()) {
            return Some(Ex::plain(wrapper, Some(sym.ty)));
        }
        let pnames: Vec<String> = (0..params.len()).map(|i| format!("__upcc_p{i}")).collect();
        let texts: Vec<String> = (0..params.len())
            .map(|i| {
                op.args
                    .get(i)
                    .map_or_else(|| format!("argument {}", i + 1), |a| a.name.to_string())
            })
            .collect();
        // the site and what the call needs go before the current function (or file-scope
        // declaration), the wrapper after them
        let mark = self.before_fn.len();
        let site = self.site_with(n, id as i32, &[], Some(texts));
        let returns_void = ret.is_void();
        let call = self.wrapped_call(name, op, &site, &pnames, returns_void);
        let decl_params: Vec<String> = params
            .iter()
            .zip(&pnames)
            .map(|(p, nm)| crate::types::declare(&p.ty, nm))
            .collect();
        let params_text = if decl_params.is_empty() {
            "void".to_string()
        } else {
            decl_params.join(", ")
        };
        let head = crate::types::declare(&ret, &format!("{wrapper}({params_text})"));
        let body = if returns_void {
            format!("{{ {call}; }}")
        } else {
            format!("{{ return {call}; }}")
        };
        let text = format!("__attribute__((weak)) {head}; {head} {body} ");
        if self.func.is_some() {
            self.before_fn.push_str(&text);
        } else {
            let made = self.before_fn.split_off(mark);
            self.before_decl.push_str(&made);
            self.before_decl.push_str(&text);
        }
        Some(Ex::plain(wrapper, Some(sym.ty)))
    }

    /// The argument as the user wrote it (predefined macros unexpanded).
    fn arg_source_text(&self, a: Node) -> String {
        unexpand(self.text(a))
    }

    /// Column of a node in the user's line (macro expansions earlier on the line shift the
    /// preprocessed column): the occurrence of its text nearest to the preprocessed column.
    fn original_column(&self, n: Node, line: &str, col: u32) -> u32 {
        let text = unexpand(self.text(n));
        let head: String = text.chars().take(24).collect();
        let head = head.trim();
        if head.is_empty() {
            return col;
        }
        line.match_indices(head)
            .map(|(i, _)| line[..i].chars().count() as u32 + 1)
            .min_by_key(|c| c.abs_diff(col))
            .unwrap_or(col)
    }

    /// The arguments of a call as written in the user's file (macros unexpanded): the
    /// source from the callee at `col` to its closing parenthesis, split at top-level commas.
    fn original_args(&mut self, n: Node, col: u32, nargs: usize) -> Option<Vec<String>> {
        if n.kind() != "call_expression" || nargs == 0 {
            return None;
        }
        let start = self.map.origin(n.start_position().row);
        let end = self.map.origin(n.end_position().row);
        if start.file != end.file || end.line < start.line || end.line - start.line > 40 {
            return None;
        }
        let file = self.map.file_name(start.file).to_string();
        let mut text = String::new();
        for l in start.line..=end.line {
            text.push_str(&self.source_line(&file, l)?);
            text.push('\n');
        }
        let from = text.char_indices().nth(col.saturating_sub(1) as usize)?.0;
        let open = from + text[from..].find('(')?;
        let mut parts = Vec::new();
        let mut cur = String::new();
        let mut depth = 0usize;
        let mut quote: Option<char> = None;
        let mut escaped = false;
        for c in text[open + 1..].chars() {
            if let Some(q) = quote {
                cur.push(c);
                if escaped {
                    escaped = false;
                } else if c == '\\' {
                    escaped = true;
                } else if c == q {
                    quote = None;
                }
                continue;
            }
            match c {
                '"' | '\'' => {
                    quote = Some(c);
                    cur.push(c);
                }
                '(' | '[' | '{' => {
                    depth += 1;
                    cur.push(c);
                }
                ')' | ']' | '}' if depth > 0 => {
                    depth -= 1;
                    cur.push(c);
                }
                ')' => {
                    parts.push(cur);
                    let parts: Vec<String> = parts
                        .iter()
                        .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
                        .collect();
                    return (parts.len() == nargs && parts.iter().all(|p| !p.is_empty()))
                        .then_some(parts);
                }
                ',' if depth == 0 => parts.push(std::mem::take(&mut cur)),
                _ => cur.push(c),
            }
        }
        None
    }

    /// "n: ex.upc:12; buf: ex.upc:9" for the variables an argument uses.
    fn declared_where(&self, a: Node) -> String {
        let mut seen = Vec::new();
        let mut out = Vec::new();
        let mut stack = vec![a];
        while let Some(n) = stack.pop() {
            if n.kind() == "identifier" {
                let name = self.text(n);
                if !seen.contains(&name) {
                    seen.push(name);
                    if let Some(sym) = self.lookup(name) {
                        if matches!(sym.kind, SymKind::Var | SymKind::SharedVar { .. })
                            && !sym.library
                        {
                            out.push(format!("{name}: {}:{}", sym.file, sym.line));
                        }
                    }
                }
            }
            let mut cursor = n.walk();
            let children: Vec<Node> = n.named_children(&mut cursor).collect();
            stack.extend(children.into_iter().rev());
        }
        out.join("; ")
    }

    pub fn statement_site(&mut self, n: Node, kind: &str, has_value: bool) -> String {
        let args: Vec<Node> = if has_value {
            n.child_by_field_name("value").into_iter().collect()
        } else {
            Vec::new()
        };
        self.site(n, op_id(kind), &args)
    }

    pub fn forall_site(&mut self, n: Node) -> String {
        let args: Vec<Node> = ["condition", "affinity"]
            .iter()
            .filter_map(|f| n.child_by_field_name(f))
            .collect();
        self.site(n, op_id("upc_forall"), &args)
    }

    pub fn escape_site(&mut self, n: Node) -> String {
        self.site(n, op_id("upc_forall"), &[])
    }

    pub fn final_site(&mut self, n: Node) -> String {
        self.site(n, -1, &[])
    }

    /// The end of main: the position of its closing brace.
    pub fn final_site_at_end(&mut self, body: Node) -> String {
        let close = body
            .child(body.child_count().saturating_sub(1))
            .unwrap_or(body);
        self.site(close, -1, &[])
    }

    pub fn frame_site(&mut self, n: Node) -> String {
        self.site(n, -1, &[])
    }

    /// The private object (declared here, not a parameter, not shared, of complete type) an
    /// argument points into, written as `arr`, `&arr[k]`, `arr + k`, `&x`, `&s`, `s.member`,
    /// `&s.member[k]`, `rows[k]` of a two-dimensional array, a string literal, or a cast of
    /// those: the address of the whole object and the expression whose `sizeof` is its size.
    fn private_array(&self, a: Node) -> Option<(String, String)> {
        match a.kind() {
            "parenthesized_expression" => self.private_array(a.named_child(0)?),
            "cast_expression" => self.private_array(a.child_by_field_name("value")?),
            "string_literal" => {
                let t = self.text(a).to_string();
                Some((t.clone(), t))
            }
            "binary_expression" => {
                let op = a.child_by_field_name("operator")?;
                (self.text(op) == "+")
                    .then(|| self.private_array(a.child_by_field_name("left")?))
                    .flatten()
            }
            "pointer_expression" => {
                let op = a.child_by_field_name("operator")?;
                if self.text(op) != "&" {
                    return None;
                }
                // &x, &s, &arr[k], &arr[j][k], &s.member[k]: the outermost object
                let (root, _) = self.private_lvalue(a.child_by_field_name("argument")?)?;
                Some((format!("&{root}"), root))
            }
            // an array-valued lvalue that decays: arr, rows[k], s.member
            _ => {
                let (root, ty) = self.private_lvalue(a)?;
                matches!(ty.resolved().base, Base::Array(..)).then(|| (format!("&{root}"), root))
            }
        }
    }

    /// An lvalue made of a declared private object (not a parameter, not shared, of complete
    /// type), subscripts of arrays and `.` members: the object's name and the lvalue's type.
    fn private_lvalue(&self, a: Node) -> Option<(String, Ty)> {
        match a.kind() {
            "identifier" => {
                let name = self.text(a);
                let sym = self.lookup(name)?;
                let ty = sym.ty.resolved();
                let complete = match &ty.base {
                    // a complete array type with its size written out (sizeof compiles)
                    Base::Array(_, dim) => dim.is_some(),
                    Base::Function { .. } | Base::Void => false,
                    _ => self.is_complete(&ty),
                };
                (matches!(sym.kind, SymKind::Var) && complete && !sym.ty.is_shared())
                    .then(|| (name.to_string(), ty))
            }
            "parenthesized_expression" => self.private_lvalue(a.named_child(0)?),
            "subscript_expression" => {
                let (root, ty) = self.private_lvalue(a.child_by_field_name("argument")?)?;
                match ty.resolved().base {
                    Base::Array(elem, _) => Some((root, (*elem).clone())),
                    _ => None,
                }
            }
            "field_expression" => {
                let op = a.child_by_field_name("operator")?;
                if self.text(op) != "." {
                    return None;
                }
                let (root, ty) = self.private_lvalue(a.child_by_field_name("argument")?)?;
                let field = self.text(a.child_by_field_name("field")?);
                let fty = self.member_type(&ty.resolved(), field)?;
                Some((root, fty))
            }
            _ => None,
        }
    }

    /// The site of a dereference of the pointer-to-shared `ptr` (its text and declarations
    /// are the site's only argument).
    pub fn deref_site(&mut self, n: Node, ptr: Node) -> String {
        self.site(n, -1, &[ptr])
    }

    /// A UPC library call wrapped in the checker's hooks; every argument is evaluated once.
    #[allow(clippy::too_many_arguments)]
    pub fn instrumented_call(
        &mut self,
        n: Node,
        name: &str,
        id: usize,
        op: &rules::Op,
        arg_nodes: &[Node],
        texts: &[String],
        returns_void: bool,
    ) -> String {
        let site = self.site(n, id as i32, arg_nodes);
        // a private buffer that is a declared array: its start and size for the checks
        let extent = if self.opts.checks.args {
            op.checks.iter().find_map(|c| match c {
                rules::Constraint::PrivateCapacity { ptr, .. } => arg_nodes
                    .get(*ptr as usize)
                    .and_then(|a| self.private_array(*a)),
                _ => None,
            })
        } else {
            None
        };
        self.checked_call_text(name, op, &site, texts, returns_void, extent)
    }

    /// The checked call of library function `name` in a wrapper (`library_function_value`)
    /// whose parameters are `params`.
    fn wrapped_call(
        &mut self,
        name: &str,
        op: &rules::Op,
        site: &str,
        params: &[String],
        returns_void: bool,
    ) -> String {
        self.checked_call_text(name, op, site, params, returns_void, None)
    }

    /// The text of a checked call of `name` at `site` with arguments `texts` (`extent`: the
    /// private array a buffer argument points into, and its size).
    fn checked_call_text(
        &mut self,
        name: &str,
        op: &rules::Op,
        site: &str,
        texts: &[String],
        returns_void: bool,
        extent: Option<(String, String)>,
    ) -> String {
        // upc_lock, upc_lock_attempt, upc_unlock: the checker's own versions of them
        // (checkrt/src/sync.rs)
        if let ("upc_lock" | "upc_unlock" | "upc_lock_attempt", [t]) = (name, texts) {
            return format!("upcc_{}(&{site}, ({t}))", &name[4..]);
        }
        let mut s = String::from("__extension__ ({ ");
        let mut vals = Vec::new();
        let mut temps = Vec::new();
        for (i, t) in texts.iter().enumerate() {
            let v = format!("__upcc_v{i}");
            s.push_str(&format!("__auto_type {v} = ({t}); "));
            let member = op
                .args
                .get(i)
                .map(|a| a.kind)
                .unwrap_or(rules::ValKind::Uint);
            let init = match member {
                rules::ValKind::Int => format!("{{ .i = (int64_t){v} }}"),
                rules::ValKind::Uint => format!("{{ .u = (uint64_t){v} }}"),
                rules::ValKind::Float => format!("{{ .d = (double){v} }}"),
                rules::ValKind::Ptr => format!("{{ .p = (const void *){v} }}"),
                rules::ValKind::Shared => format!("{{ .s = {v} }}"),
            };
            vals.push(init);
            temps.push(v);
        }
        // (declarations before statements: the program may be compiled with
        // -Wdeclaration-after-statement)
        let call = format!("{name}({})", temps.join(", "));
        if !vals.is_empty() {
            s.push_str(&format!(
                "upcc_val_t __upcc_a[{}] = {{ {} }}; ",
                vals.len(),
                vals.join(", ")
            ));
        }
        if !returns_void {
            s.push_str(&format!("__typeof__({call}) __upcc_r; "));
        }
        if let Some(arr) = &extent {
            s.push_str(&format!(
                "upcc_private_extent = (upcc_extent_t){{ (const void *)({}), sizeof({}) }}; ",
                arr.0, arr.1
            ));
        }
        if vals.is_empty() {
            s.push_str(&format!("upcc_check_entry(&{site}, 0); "));
        } else {
            s.push_str(&format!("upcc_check_entry(&{site}, __upcc_a); "));
        }
        if extent.is_some() {
            s.push_str("upcc_private_extent.len = 0; ");
        }
        // the checker records the exit of collectives and lock acquisitions only
        let exit = if op.records_exit() {
            format!("upcc_record_exit(&{site}); ")
        } else {
            String::new()
        };
        // what a lock or file allocation returned, for the related lines of later reports
        let result = match name {
            "upc_global_lock_alloc" | "upc_all_lock_alloc" => Some(".s = __upcc_r"),
            "upc_all_fopen" => Some(".p = (const void *)__upcc_r"),
            _ => None,
        }
        .map(|init| {
            let a = if vals.is_empty() { "0" } else { "__upcc_a" };
            format!("upcc_record_result(&{site}, {a}, (upcc_val_t){{ {init} }}); ")
        })
        .unwrap_or_default();
        if returns_void {
            s.push_str(&format!("{call}; {exit}}})"));
        } else {
            s.push_str(&format!("__upcc_r = {call}; {exit}{result}__upcc_r; }})"));
        }
        s
    }
}
