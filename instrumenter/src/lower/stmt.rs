//! Statements: `upc_forall` (affinity, nesting, region tracking, statements that leave
//! its body), `upc_barrier`/`upc_notify`/`upc_wait`, and the end of execution (`return`
//! from `main`, falling off its end, `exit`).

use std::collections::HashMap;

use tree_sitter::Node;

use super::{ForallCtx, SymKind, Tr};
use crate::types::Layout;

/// A upc_forall that can step over other threads' iterations.
struct Strided {
    var: String,
    start: String,
    bound: String,
    /// Block size of the affinity (elements), C text.
    block: String,
    /// Type of the loop variable when the loop declares it.
    decl_type: Option<String>,
    /// Affinity `&P[i]` over a pointer-to-shared variable P (else over an array or `i`).
    pointer: Option<String>,
    /// The condition is `var <= bound` (else `var < bound`).
    inclusive: bool,
    /// The constant step of the update (`var += step`), "1" for `var++`.
    step: String,
    /// The condition is pure and the body cannot change it: a block of iterations whose
    /// last one satisfies it is run as a counted loop (which vectorizes).
    invariant: bool,
    /// The body calls no function (but pure math ones): file-scope pointers keep their
    /// value through the loop.
    no_calls: bool,
}

/// The start of a strided loop's variable, saved when the variable outlives the loop:
/// (declaration, assignment in the init clause).
fn saved_start(st: &Strided, s0: Option<&str>) -> (String, String) {
    match s0 {
        Some(s0) => (format!(", {s0}"), format!("{s0} = (long long){}, ", st.var)),
        None => (String::new(), String::new()),
    }
}

impl Strided {
    /// The loop variable's type, as a declaration outside the loop names it.
    fn var_type(&self) -> String {
        match &self.decl_type {
            Some(t) => t.clone(),
            None => format!("__typeof__({})", self.var),
        }
    }

    /// The checker's once-per-loop description of the loop (the variable holds the start):
    /// start, bound, the affinity's origin `o` and the number of iterations.
    fn summary(&self, o: &str) -> String {
        let (var, bound, k) = (&self.var, &self.bound, &self.step);
        let (cmp, count) = if self.inclusive {
            (
                ">=",
                format!("((long long)({bound}) - (long long)({var})) / {k} + 1"),
            )
        } else {
            (
                ">",
                format!("((long long)({bound}) - (long long)({var}) + {k} - 1) / {k}"),
            )
        };
        format!(
            "upcc_forall_summary((uint64_t)({var}), (uint64_t)({bound}), (uint64_t)({o}), (long long)({bound}) {cmp} (long long)({var}) ? (uint64_t)({count}) : 0)"
        )
    }

    /// Code that gives a loop variable declared outside the loop the value a loop over
    /// every iteration leaves in it (the strided loop stops past the bound), from its
    /// start saved in `s0` (None when the loop declares the variable: nothing to do).
    fn final_value(&self, s0: Option<&str>) -> String {
        let Some(s0) = s0 else {
            return String::new();
        };
        let (var, bound, k) = (&self.var, &self.bound, &self.step);
        if k != "1" {
            // the first start + m*k past the bound
            let n = if self.inclusive {
                format!("(((long long)({bound}) - {s0}) / {k} + 1)")
            } else {
                format!("(((long long)({bound}) - {s0} + {k} - 1) / {k})")
            };
            let cmp = if self.inclusive { "<=" } else { "<" };
            return format!(
                "{var} = (__typeof__({var}))({s0} {cmp} (long long)({bound}) ? {s0} + {n} * {k} : {s0}); "
            );
        }
        // both branches of the variable's type: a signed start against an unsigned bound
        // must not draw -Wsign-compare from code the user did not write
        if self.inclusive {
            format!("{var} = ({s0} <= (long long)({bound}) ? (__typeof__({var}))({bound}) + 1 : (__typeof__({var})){s0}); ")
        } else {
            format!("{var} = ({s0} < (long long)({bound}) ? (__typeof__({var}))({bound}) : (__typeof__({var})){s0}); ")
        }
    }
}

/// Local bases of the pointers-to-shared a controlling loop addresses directly: where
/// each one's elements of the calling thread's current course start (the loop's local
/// index `li` counts from there).  An empty volatile asm keeps each base computed where
/// the loop starts: hoisted out of enclosing loops, the bases of every forall in a loop
/// nest would compete for registers and spill inside the vectorized loops.
fn base_decls(bases: &[String], li: &str) -> String {
    bases
        .iter()
        .map(|q| {
            format!("char *{li}_{q} = (char *)upcr_addr((uint32_t)upcr_mythread, ({q}).addr); __asm__ __volatile__(\"\" : \"+r\"({li}_{q})); ")
        })
        .collect()
}

fn is_integer_type(t: &str) -> bool {
    let t = t.trim();
    !t.contains("float")
        && !t.contains("double")
        && !t.contains('*')
        && (t.contains("int")
            || t.contains("long")
            || t.contains("short")
            || t.contains("char")
            || t.contains("unsigned")
            || t.contains("signed")
            || t == "size_t"
            || t == "ptrdiff_t")
}

/// C text that is 1 when the integer expression `v` has an unsigned type (`v` is not
/// evaluated).
fn unsigned_test(v: &str) -> String {
    format!("((__typeof__({v}))-1 > (__typeof__({v}))0)")
}

/// Names that `body` assigns, increments, takes the address of or declares anew.
fn changed_names(tr: &Tr, body: Node) -> Vec<String> {
    let mut names = Vec::new();
    let mut stack = vec![body];
    while let Some(n) = stack.pop() {
        let target = match n.kind() {
            "assignment_expression" => n.child_by_field_name("left"),
            "update_expression" => n.child_by_field_name("argument"),
            "pointer_expression"
                if n.child_by_field_name("operator")
                    .is_some_and(|o| tr.text(o) == "&") =>
            {
                n.child_by_field_name("argument")
            }
            "declaration" => {
                let mut c = n.walk();
                for d in n.children_by_field_name("declarator", &mut c) {
                    let mut d = d;
                    while let Some(inner) = d.child_by_field_name("declarator") {
                        d = inner;
                    }
                    names.push(tr.text(d).to_string());
                }
                None
            }
            _ => None,
        };
        if let Some(t) = target.filter(|t| t.kind() == "identifier") {
            names.push(tr.text(t).to_string());
        }
        let mut c = n.walk();
        stack.extend(n.named_children(&mut c));
    }
    names
}

/// Does `body` assign to, increment, take the address of or redeclare `var`?
fn assigns(tr: &Tr, body: Node, var: &str) -> bool {
    changed_names(tr, body).iter().any(|n| n == var)
}

/// Functions of <math.h> and <stdlib.h> without side effects on program variables.
const PURE_FUNCTIONS: &[&str] = &[
    "sqrt", "sqrtf", "fabs", "fabsf", "sin", "cos", "tan", "exp", "log", "log10", "pow", "floor",
    "ceil", "fmin", "fmax", "fmod", "abs", "labs", "llabs", "sinf", "cosf", "expf", "logf", "powf",
    "floorf", "ceilf", "round", "trunc", "hypot", "atan", "atan2", "cbrt",
];

/// Does `body` call a function other than the pure ones?
fn calls_functions(tr: &Tr, body: Node) -> bool {
    let mut stack = vec![body];
    while let Some(n) = stack.pop() {
        if n.kind() == "call_expression" {
            let f = n.child_by_field_name("function");
            if !f.is_some_and(|f| f.kind() == "identifier" && PURE_FUNCTIONS.contains(&tr.text(f)))
            {
                return true;
            }
        }
        let mut c = n.walk();
        stack.extend(n.named_children(&mut c));
    }
    false
}

impl<'a> Tr<'a> {
    /// Is the innermost declaration of `name` at file scope?
    pub fn is_file_scope(&self, name: &str) -> bool {
        self.scopes.iter().rposition(|s| s.contains_key(name)) == Some(0)
    }

    /// Can `body` store to private memory other than through a plain variable (a pointer
    /// or a member), which could be a variable the loop condition reads?
    fn stores_through_private_pointers(&self, body: Node) -> bool {
        let mut stack = vec![body];
        while let Some(n) = stack.pop() {
            let target = match n.kind() {
                "assignment_expression" => n.child_by_field_name("left"),
                "update_expression" => n.child_by_field_name("argument"),
                _ => None,
            };
            if let Some(mut t) = target {
                while t.kind() == "parenthesized_expression" {
                    match t.named_child(0) {
                        Some(x) => t = x,
                        None => break,
                    }
                }
                let ok = match t.kind() {
                    "identifier" => true,
                    // a[..] with a shared array, a pointer-to-shared or a private array
                    "subscript_expression" => t
                        .child_by_field_name("argument")
                        .filter(|a| a.kind() == "identifier")
                        .and_then(|a| self.lookup(self.text(a)))
                        .is_some_and(|sym| {
                            matches!(sym.kind, SymKind::SharedVar { .. })
                                || sym.ty.is_pts()
                                || sym.ty.is_array()
                        }),
                    // *p with p a pointer-to-shared
                    "pointer_expression" => t
                        .child_by_field_name("argument")
                        .filter(|a| a.kind() == "identifier")
                        .and_then(|a| self.lookup(self.text(a)))
                        .is_some_and(|sym| sym.ty.is_pts()),
                    _ => false,
                };
                if !ok {
                    return true;
                }
            }
            let mut c = n.walk();
            stack.extend(n.named_children(&mut c));
        }
        false
    }

    /// Is the loop bound `bound` free of side effects and unchanged by `body`: made of
    /// constants, private variables the body does not assign, and operators?
    fn bound_invariant(&self, bound: Node, body: Node) -> bool {
        let changed = changed_names(self, body);
        let mut names = false;
        let mut stack = vec![bound];
        while let Some(n) = stack.pop() {
            match n.kind() {
                "number_literal"
                | "char_literal"
                | "parenthesized_expression"
                | "binary_expression"
                | "conditional_expression"
                | "cast_expression"
                | "type_descriptor"
                | "primitive_type"
                | "sized_type_specifier"
                | "type_identifier"
                | "sizeof_expression"
                | "abstract_pointer_declarator" => {}
                "unary_expression" => {}
                "identifier" => {
                    let name = self.text(n);
                    if changed.iter().any(|c| c == name) {
                        return false;
                    }
                    match self.lookup(name) {
                        // an enumeration constant never changes
                        Some(sym) if sym.kind == SymKind::Const => {}
                        Some(sym) => {
                            if !matches!(sym.kind, SymKind::Var) || sym.ty.is_array() {
                                return false;
                            }
                            names = true;
                        }
                        None => {
                            if !matches!(name, "THREADS" | "MYTHREAD" | "UPC_MAX_BLOCK_SIZE") {
                                return false;
                            }
                        }
                    }
                }
                _ => return false,
            }
            let mut c = n.walk();
            stack.extend(n.named_children(&mut c));
        }
        !names || (!calls_functions(self, body) && !self.stores_through_private_pointers(body))
    }

    pub fn for_statement(&mut self, n: Node) -> String {
        self.push_scope();
        let t = self.breakable(n);
        self.pop_scope();
        t
    }

    /// Loops and switch: `break` inside them does not leave an enclosing upc_forall.
    pub fn breakable(&mut self, n: Node) -> String {
        if let Some(fa) = self.foralls.last_mut() {
            fa.inner_breakables += 1;
        }
        let t = self.splice_conditions(n);
        if let Some(fa) = self.foralls.last_mut() {
            fa.inner_breakables -= 1;
        }
        t
    }

    /// Splice, treating the `condition` field as a boolean context and the `update` of a
    /// `for` as a discarded value.
    pub fn splice_conditions(&mut self, n: Node) -> String {
        let cond = n.child_by_field_name("condition");
        let update = n.child_by_field_name("update");
        let mut out = String::new();
        let mut last = n.start_byte();
        let mut cursor = n.walk();
        let children: Vec<Node> = n.children(&mut cursor).collect();
        for c in children {
            out.push_str(&self.src[last..c.start_byte()]);
            let t = if Some(c) == cond
                && super::is_expression(c.kind())
                && c.kind() != "parenthesized_expression"
            {
                let e = self.expr(c);
                let t = self.cond_text(&e);
                self.pad_like(c, t)
            } else if Some(c) == update && super::is_expression(c.kind()) {
                // `p++` on a pointer-to-shared is a statement expression whose value the
                // loop discards (clang warns about an unused value otherwise)
                let t = self.emit(c);
                if t.contains("__extension__ ({") && !self.text(c).contains("__extension__") {
                    format!("(void)({t})")
                } else {
                    t
                }
            } else {
                self.emit(c)
            };
            out.push_str(&t);
            last = c.end_byte();
        }
        out.push_str(&self.src[last..n.end_byte()]);
        out
    }

    /// Labels of a function body, each with the innermost upc_forall around it.
    pub fn collect_labels(&self, body: Node) -> HashMap<String, Option<usize>> {
        let mut labels = HashMap::new();
        let mut stack = vec![(body, None)];
        while let Some((n, forall)) = stack.pop() {
            let forall = if n.kind() == "upc_forall_statement" {
                Some(n.id())
            } else {
                forall
            };
            if n.kind() == "labeled_statement" {
                if let Some(l) = n.child_by_field_name("label") {
                    labels.insert(self.text(l).to_string(), forall);
                }
            }
            let mut cursor = n.walk();
            for c in n.named_children(&mut cursor) {
                stack.push((c, forall));
            }
        }
        labels
    }

    /// break, continue and goto: report those that leave (or enter) a upc_forall body.
    /// A `break` out of a body leaves the whole loop (the body may sit in loops of the
    /// translation); a `goto` out of bodies takes their loops out of `upcr_forall_depth`.
    pub fn jump(&mut self, n: Node) -> String {
        let mut text = self.splice(n);
        let escapes = match n.kind() {
            "break_statement" => match self.foralls.last_mut() {
                Some(f) if f.inner_breakables == 0 => {
                    f.broken = true;
                    text = format!("goto {};", f.end_label);
                    true
                }
                _ => false,
            },
            "continue_statement" => false,
            _ => {
                let label = n
                    .child_by_field_name("label")
                    .map(|l| self.text(l).to_string());
                let target =
                    label.and_then(|l| self.func.as_ref().and_then(|f| f.labels.get(&l).cloned()));
                match target {
                    Some(target_forall) => {
                        let inside: Vec<usize> = self.foralls.iter().map(|f| f.id).collect();
                        // the loops the jump leaves: those inside the target's one
                        let kept = match target_forall {
                            Some(t) => inside.iter().position(|&f| f == t).map_or(0, |i| i + 1),
                            None => 0,
                        };
                        let left = self.forall_depth_left(kept);
                        if !left.is_empty() {
                            text = format!("{{ {left}{text} }}");
                        }
                        match target_forall {
                            // jumping into a forall we are not in
                            Some(t) => !inside.contains(&t) || inside.last() != Some(&t),
                            None => !inside.is_empty(),
                        }
                    }
                    None => false,
                }
            }
        };
        if escapes && self.opts.checks.any() {
            let site = self.escape_site(n);
            return format!("{{ upcc_forall_escape(&{site}); {text} }}");
        }
        text
    }

    /// The statement that takes the upc_forall loops of the lexical stack from index `kept`
    /// on out of `upcr_forall_depth` (a jump out of their bodies), or nothing.
    fn forall_depth_left(&self, kept: usize) -> String {
        let k = self.foralls.iter().skip(kept).filter(|f| f.counted).count();
        if k == 0 {
            String::new()
        } else {
            format!("upcr_forall_depth -= {k}; ")
        }
    }

    pub fn return_statement(&mut self, n: Node) -> String {
        let value = n.named_child(0).filter(|v| super::is_expression(v.kind()));
        let ret_ty = self.func.as_ref().map(|f| f.ret.clone());
        let is_main = self.func.as_ref().is_some_and(|f| f.is_main);
        let vtext = value.map(|v| {
            let e = self.expr(v);
            match &ret_ty {
                Some(t) => {
                    self.check_conversion(v, &e, t);
                    self.convert(&e, t)
                }
                None => self.rvalue(&e),
            }
        });
        let mut escape = if !self.foralls.is_empty() && self.opts.checks.any() {
            let site = self.escape_site(n);
            format!("upcc_forall_escape(&{site}); ")
        } else {
            String::new()
        };
        escape.push_str(&self.forall_depth_left(0));
        let text = if is_main && self.opts.checks.any() {
            let site = self.final_site(n);
            match vtext {
                Some(v) => {
                    let r = self.fresh("ret");
                    format!("{{ {escape}int {r} = ({v}); upcc_check_final(&{site}); return {r}; }}")
                }
                None => format!("{{ {escape}upcc_check_final(&{site}); return; }}"),
            }
        } else {
            let body = match vtext {
                Some(v) => format!("return {v};"),
                None => "return;".to_string(),
            };
            if escape.is_empty() {
                body
            } else {
                format!("{{ {escape}{body} }}")
            }
        };
        self.pad_like(n, text)
    }

    /// Text inserted before the closing brace of main: the end of execution.
    pub fn main_end(&mut self, body: Node) -> String {
        let returns_void = self.func.as_ref().is_some_and(|f| f.ret.is_void());
        let mut s = String::new();
        if self.opts.checks.any() {
            let site = self.final_site_at_end(body);
            s.push_str(&format!(" upcc_check_final(&{site});"));
        }
        if !returns_void {
            s.push_str(" return 0; ");
        }
        s
    }

    /// `exit(status)` ends this thread through the runtime (termination barrier, flush).
    pub fn exit_call(&mut self, n: Node, args: &[String]) -> String {
        let status = args.first().cloned().unwrap_or_else(|| "0".into());
        if self.opts.checks.any() {
            let site = self.final_site(n);
            format!("(upcc_check_final(&{site}), upcr_exit({status}))")
        } else {
            format!("upcr_exit({status})")
        }
    }

    /// `setjmp(env)` / `longjmp(env, v)` (and their `_`, `sig`, `__sig` forms) in checked
    /// code: the call with `upcc_setjmp` / `upcc_longjmp` in front (a longjmp out of a
    /// `upc_forall` body leaves it like a goto), when `env` can be evaluated twice.
    pub fn jump_call(
        &mut self,
        n: Node,
        name: &str,
        args: &[Node],
        texts: &[String],
    ) -> Option<String> {
        const SETJMP: [&str; 4] = ["setjmp", "_setjmp", "sigsetjmp", "__sigsetjmp"];
        const LONGJMP: [&str; 4] = ["longjmp", "_longjmp", "siglongjmp", "__longjmp_chk"];
        let set = SETJMP.contains(&name);
        if !self.opts.checks.any() || !(set || LONGJMP.contains(&name)) {
            return None;
        }
        // (a function of the program's own with that name is not the library's)
        if self.lookup(name).is_some_and(|s| !s.library) {
            return None;
        }
        let env = texts.first()?;
        let pure = args.first().is_some_and(|a| {
            let t = self.text(*a);
            !t.contains('(') && !t.contains("++") && !t.contains("--") && !t.contains('=')
        });
        if !pure {
            return None;
        }
        let call = format!("{name}({})", texts.join(", "));
        Some(if set {
            format!("(upcc_setjmp((const void *)({env})), {call})")
        } else {
            let site = self.final_site(n);
            format!("(upcc_longjmp(&{site}, (const void *)({env})), {call})")
        })
    }

    pub fn forall(&mut self, n: Node) -> String {
        self.push_scope();
        let strided = self.strided_forall(n);
        let init = n.child_by_field_name("initializer");
        let init_text = match init {
            Some(i) if i.kind() == "declaration" => self.emit(i),
            Some(i) => format!("{};", self.emit(i)),
            None => ";".into(),
        };
        let cond_text = match n.child_by_field_name("condition") {
            Some(c) => {
                let e = self.expr(c);
                self.cond_text(&e)
            }
            None => String::new(),
        };
        let upd_text = n
            .child_by_field_name("update")
            .map(|u| self.emit(u))
            .unwrap_or_default();
        let aff = n.child_by_field_name("affinity");
        // the thread that owns each iteration (None: `continue` or no affinity), and for an
        // integer affinity the C text that is 1 when its type is unsigned
        let mut aff_unsigned = None;
        let owner = match (aff, &strided) {
            (_, Some(_)) => None,
            (Some(a), None) if a.kind() != "affinity_continue" => {
                let e = self.expr(a);
                match e.value_ty() {
                    Some(t) if t.is_pts() => {
                        Some(format!("(uint32_t)({}).thread", self.rvalue(&e)))
                    }
                    _ => {
                        // the value first, so that a negative one can be reported (an
                        // unsigned one is never negative, whatever its size)
                        let v = self.rvalue(&e);
                        let t = self.threads_text();
                        let uns = unsigned_test(&v);
                        let o = format!(
                            "(__upcc_aff = (long long)({v}), {uns} ? (uint32_t)((unsigned long long)__upcc_aff % (unsigned long long)({t})) : (uint32_t)((__upcc_aff % {t} + {t}) % {t}))"
                        );
                        aff_unsigned = Some(uns);
                        Some(o)
                    }
                }
            }
            _ => None,
        };
        let checked = self.opts.checks.any();
        let site = if checked {
            Some(self.forall_site(n))
        } else {
            None
        };
        let ctl = self.fresh("ctl");
        let own = self.fresh("own");
        let li = self.fresh("li");
        let body_node = n.child_by_field_name("body");
        let changed = body_node
            .map(|b| changed_names(self, b))
            .unwrap_or_default();
        // a strided loop whose body can be emitted twice gets a loop of its own for the
        // controlling case, with the owned elements addressed through `li` directly
        let split = strided.is_some() && body_node.is_some_and(|b| self.can_duplicate(b));
        let has_affinity = aff.is_some_and(|a| a.kind() != "affinity_continue");
        let end_label = self.fresh("forall_end");
        self.foralls.push(ForallCtx {
            id: n.id(),
            inner_breakables: 0,
            counted: has_affinity,
            end_label: end_label.clone(),
            broken: false,
        });
        // the body's text, and the pointers it addresses from bases computed before the loop
        let emit_body = |tr: &mut Self, ctx: Option<super::StridedCtx>| {
            let pushed = ctx.is_some();
            if let Some(c) = ctx {
                tr.strided.push(c);
            }
            let t = body_node.map(|b| tr.emit(b)).unwrap_or_else(|| ";".into());
            let (bases, runs) = if pushed {
                tr.strided
                    .pop()
                    .map(|c| (c.bases, c.runs))
                    .unwrap_or_default()
            } else {
                Default::default()
            };
            (t, bases, runs)
        };
        let stores = body_node.is_some_and(|b| self.stores_through_private_pointers(b));
        let ctx = |ctl: &str, runs: bool| {
            strided.as_ref().map(|st| super::StridedCtx {
                var: st.var.clone(),
                block: st.block.clone(),
                ctl: ctl.to_string(),
                li: li.clone(),
                pointer: st.pointer.clone(),
                changed: changed.clone(),
                globals_stable: st.no_calls,
                aliases_stable: st.no_calls && !stores,
                bases: Vec::new(),
                runs: runs.then(super::race::Runs::default),
            })
        };
        // with race checking, a controlling loop whose body cannot synchronize records its
        // owned accesses as runs, after the loop (unless the body turns out to make a
        // strict access)
        let ranged = split
            && self.opts.checks.race
            && strided.as_ref().is_some_and(|st| st.no_calls)
            && body_node.is_some_and(|b| !super::race::may_sync_or_leave(self, b));
        let mut runs = None;
        let (body, bases, slow_body, unaligned_body) = if split {
            let (mut fast, mut bases, r) = emit_body(self, ctx("1", ranged));
            if let Some(r) = r.filter(|r| !r.strict_seen.get()) {
                runs = Some(r);
            } else if ranged {
                (fast, bases, _) = emit_body(self, ctx("1", false));
            }
            let slow = emit_body(self, None).0;
            // pointers other than the affinity's need a path for when they are not
            // co-aligned with it: the owned iterations with general accesses
            let unaligned = bases
                .iter()
                .any(|q| Some(q) != strided.as_ref().and_then(|st| st.pointer.as_ref()))
                .then(|| emit_body(self, None).0);
            (fast, bases, Some(slow), unaligned)
        } else {
            let (t, _, _) = emit_body(self, ctx(&ctl, false));
            (t, Vec::new(), None, None)
        };
        // where a `break` of the body goes
        let end = match self.foralls.pop() {
            Some(f) if f.broken => format!("{end_label}: ; "),
            _ => String::new(),
        };
        self.pop_scope();

        // (declarations first: the block may be compiled with -Wdeclaration-after-statement)
        let mut s = String::from("{ ");
        let begin = match &site {
            Some(site) => format!("upcc_forall_begin(&{site}), "),
            None => String::new(),
        };
        // a loop with `continue` or no affinity never controls (nor counts as enclosing)
        if has_affinity {
            s.push_str(&format!("int {ctl} = ({begin}upcr_forall_depth++ == 0); "));
        } else {
            s.push_str(&format!("const int {ctl} = ({begin}0); "));
        }
        let mut final_value = String::new();
        match (&strided, slow_body) {
            (Some(st), Some(slow)) => {
                let var = &st.var;
                let t = self.threads_text();
                let left = self.fresh("left");
                let b = &st.block;
                // over a pointer P, iteration i is element o + i of P's layout (o: where P
                // starts within a round of blocks) and li counts from P's own element
                let (origin, o, l0) = match &st.pointer {
                    Some(p) => {
                        let o = self.fresh("o");
                        let l0 = self.fresh("l0");
                        let decl = format!(
                            "long long {o} = (long long)({p}).thread * {b} + ({p}).phase, {l0} = upcr_floordiv({o}, {b} * {t}) * {b} + ({o} - upcr_floordiv({o}, {b}) * {b}); "
                        );
                        (decl, o, l0)
                    }
                    None => (String::new(), "0".to_string(), "0".to_string()),
                };
                // the single-valuedness digest, once per loop: start, bound, where the
                // affinity's layout starts and the iteration count
                let digest = if checked {
                    format!("{}, ", st.summary(&o))
                } else {
                    String::new()
                };
                // `first`: this thread's first iteration, computed in long long; one outside
                // the index's type lies past the bound (the loop would have ended, or
                // overflowed, before it), so the thread has none (`left` 0)
                let first = self.fresh("first");
                let first_value = if st.step == "1" {
                    format!("upcr_forall_first({var} + {o}, {b}, &{left}) - {o}")
                } else {
                    // block size 1: `left` is the distance between this thread's iterations
                    // (0: it has none)
                    format!("upcr_forall_first_step({var}, {o}, {}, &{left})", st.step)
                };
                let li_start = if st.step == "1" {
                    format!("upcr_floordiv({var} + {o}, {b} * {t}) * {b} + ({b} - {left}) - {l0}")
                } else {
                    format!("upcr_floordiv({var} + {o}, {t}) - {l0}")
                };
                let start = format!(
                    "{first} = {first_value}, {var} = (__typeof__({var})){first}, {left} = (long long){var} == {first} ? {left} : 0, {li} = {li_start}"
                );
                let s0 = st.decl_type.is_none().then(|| self.fresh("s0"));
                let (s0_decl, s0_set) = saved_start(st, s0.as_deref());
                let init = self.strided_init(st, &format!("{s0_set}{digest}{start}"));
                s.push_str(&format!(
                    "if ({ctl}) {{ {origin}long long {left} = 0, {li} = 0, {first} = 0{s0_decl}; "
                ));
                let mut fast_loop = self.owned_loop(st, &init, &cond_text, &body, &left, &li);
                if let Some(r) = &runs {
                    fast_loop = r.around(&fast_loop);
                }
                match unaligned_body {
                    Some(unaligned) => {
                        // co-aligned with the affinity: same thread and phase at loop entry
                        let (ot, op) = match &st.pointer {
                            Some(p) => (format!("({p}).thread"), format!("({p}).phase")),
                            None => ("0".to_string(), "0".to_string()),
                        };
                        let aligned: Vec<String> = bases
                            .iter()
                            .filter(|q| Some(*q) != st.pointer.as_ref())
                            .map(|q| format!("({q}).thread == {ot} && ({q}).phase == {op}"))
                            .collect();
                        let slow_loop =
                            self.owned_loop(st, &init, &cond_text, &unaligned, &left, &li);
                        s.push_str(&format!(
                            "if ({}) {{ {}{fast_loop} }} else {{ {slow_loop} }} ",
                            aligned.join(" && "),
                            base_decls(&bases, &li)
                        ));
                    }
                    None => {
                        s.push_str(&format!("{{ {}{fast_loop} }} ", base_decls(&bases, &li)));
                    }
                }
                let plain = self.strided_init(st, "");
                let fin = st.final_value(s0.as_deref());
                let next = if st.step == "1" {
                    format!("++{var}")
                } else {
                    format!("{var} += {}", st.step)
                };
                s.push_str(&format!(
                    "{fin}}} else {{ for ({plain} {cond_text}; {next}) {{ {slow} }} }} {end}"
                ));
                if has_affinity {
                    s.push_str("upcr_forall_depth--; ");
                }
                if let Some(site) = &site {
                    s.push_str(&format!("upcc_forall_end(&{site}); "));
                }
                s.push('}');
                return self.pad_like(n, s);
            }
            (Some(st), None) => {
                // visit only this thread's iterations
                let left = self.fresh("left");
                let b = self.fresh("b");
                let s0 = st.decl_type.is_none().then(|| self.fresh("s0"));
                let (s0_decl, s0_set) = saved_start(st, s0.as_deref());
                let var = &st.var;
                let (nv, ovf, first) = (self.fresh("nv"), self.fresh("ovf"), self.fresh("first"));
                s.push_str(&format!(
                    "long long {left} = 0, {li} = 0{s0_decl}, {b} = {ctl} ? (long long)({}) : 0, {first} = 0; {} {nv}; int {ovf} = 0; ",
                    st.block,
                    st.var_type()
                ));
                let t = self.threads_text();
                // (a first iteration outside the index's type: none, as above)
                let start = format!(
                    "({b} ? ({first} = upcr_forall_first({var}, {b}, &{left}), {var} = (__typeof__({var})){first}, {ovf} = (long long){var} != {first}, {li} = upcr_floordiv({var}, {b} * {t}) * {b} + ({b} - {left})) : 0)"
                );
                let digest = if checked {
                    format!("({ctl} ? {} : (void)0), ", st.summary("0"))
                } else {
                    String::new()
                };
                let init = self.strided_init(st, &format!("{s0_set}{digest}{start}"));
                // a step past the index's range ends the loop (`ovf`)
                s.push_str(&format!(
                    "for ({init} !{ovf} && ({cond_text}); {b} ? ({ovf} = __builtin_add_overflow({var}, upcr_forall_step({b}, &{left}), &{nv}), {var} = {nv}, ++{li}) : ++{var}) {{ "
                ));
                final_value = st.final_value(s0.as_deref());
            }
            (None, _) => {
                s.push_str(&format!("for ({init_text} {cond_text}; {upd_text}) {{ "));
                match &owner {
                    Some(o) => {
                        if o.contains("__upcc_aff") {
                            s.push_str("long long __upcc_aff; ");
                        }
                        s.push_str(&format!("uint32_t {own} = {o}; "));
                        if checked {
                            if let (Some(site), Some(uns)) = (&site, &aff_unsigned) {
                                s.push_str(&format!(
                                    "if ({ctl} && __upcc_aff < 0 && !{uns}) upcc_forall_negative(&{site}, __upcc_aff); "
                                ));
                            }
                        }
                        if checked {
                            s.push_str(&format!("if ({ctl}) upcc_forall_iter({own}); "));
                        }
                        s.push_str(&format!(
                            "if ({ctl} && {own} != (uint32_t)upcr_mythread) continue; "
                        ));
                    }
                    None => {
                        if checked {
                            s.push_str(&format!("if ({ctl}) upcc_forall_iter(0); "));
                        }
                    }
                }
            }
        }
        s.push_str(&body);
        s.push_str(" } ");
        s.push_str(&final_value);
        s.push_str(&end);
        if has_affinity {
            s.push_str("upcr_forall_depth--; ");
        }
        if let Some(site) = &site {
            s.push_str(&format!("upcc_forall_end(&{site}); "));
        }
        s.push('}');
        self.pad_like(n, s)
    }

    /// The loop over the calling thread's iterations from `init` (which sets the loop
    /// variable to the first one, `left` to the iterations left in its block and `li` to
    /// its local index): block size 1 steps THREADS at a time; a larger block runs whole
    /// blocks, then jumps over the other threads' blocks.  With an invariant condition the
    /// iterations run in counted loops (a block, or a chunk of BIG_CHUNK iterations of block
    /// size 1), which vectorize: a chunk whose last iteration satisfies the condition runs
    /// whole; the last one runs in chunks of CHUNK, and only the last of those is measured
    /// iteration by iteration.
    fn owned_loop(
        &mut self,
        st: &Strided,
        init: &str,
        cond: &str,
        body: &str,
        left: &str,
        li: &str,
    ) -> String {
        const CHUNK: u32 = 256;
        const BIG_CHUNK: u32 = 8192;
        let var = &st.var;
        let t = self.threads_text();
        let b = &st.block;
        let k = self.fresh("k");
        let w = self.fresh("w");
        let sv = self.fresh("sv");
        let nv = self.fresh("nv");
        // (the index may be a register variable: its address is not taken)
        // `w` = the condition holds `delta` iterations on (false past the index's range)
        let test = |delta: &str| {
            format!(
                "{sv} = {var}; {w} = !__builtin_add_overflow({var}, {delta}, &{nv}) && ({var} = {nv}, ({cond})); {var} = {sv};"
            )
        };
        // k = the iterations of a counted run of at most `n` (the first one is known to
        // satisfy the condition), each `step` on
        let measure = |n: &str, step: &str| {
            format!(
                "long long {k} = {n}; int {w}; __typeof__({var}) {sv}, {nv}; {} if (!{w}) for ({k} = 1; {k} < {n}; ++{k}) {{ {} if (!{w}) break; }}",
                test(&format!("(long long)({k} - 1) * {step}")),
                test(&format!("(long long){k} * {step}"))
            )
        };
        // the same for runs of BIG_CHUNK iterations, measuring the last one CHUNK at a time;
        // `more`: a full run leaves the index within its type's range (else it is the
        // last one, whatever the condition says of the wrapped index)
        let more = self.fresh("more");
        let measure_big = |step: &str| {
            format!(
                "long long {k} = {BIG_CHUNK}; int {w}, {more}; __typeof__({var}) {sv}, {nv}; {} if (!{w}) {{ {k} = {CHUNK}; {} if (!{w}) for ({k} = 1; {k} < {CHUNK}; ++{k}) {{ {} if (!{w}) break; }} }} {more} = {w} && !__builtin_add_overflow({var}, (long long){k} * {step}, &{nv});",
                test(&format!("(long long)({k} - 1) * {step}")),
                test(&format!("(long long)({k} - 1) * {step}")),
                test(&format!("(long long){k} * {step}"))
            )
        };
        if b == "1" {
            // step 1: THREADS and one local element; step K: `left` (computed with the
            // first iteration) and left / THREADS; `left` 0: this thread has none
            let (stride, dli) = if st.step == "1" {
                (t.clone(), format!("++{li}"))
            } else {
                (left.to_string(), format!("{li} += {left} / {t}"))
            };
            let cond = format!("{left} && ({cond})");
            if !st.invariant {
                // a step past the index's range ends the loop (`ovf`)
                let ovf = self.fresh("ovf");
                return format!(
                    "{{ {} {nv}; int {ovf} = 0; for ({init} !{ovf} && ({cond}); {ovf} = __builtin_add_overflow({var}, {stride}, &{nv}), {var} = {nv}, {dli}) {{ {body} }} }}",
                    st.var_type()
                );
            }
            return format!(
                "for ({init} {cond}; ) {{ {} for (; {k} > 0; --{k}, {var} += (__typeof__({var})){stride}, {dli}) {{ {body} }} if (!{more}) break; }}",
                measure_big(&stride)
            );
        }
        if !st.invariant {
            return format!(
                "for ({init} {left} && ({cond}); {var} += (__typeof__({var}))(({t} - 1) * {b}), {left} = {b}) {{ for (; ({cond}) && {left} > 0; ++{var}, ++{li}, --{left}) {{ {body} }} }}"
            );
        }
        format!(
            "for ({init} {left} && ({cond}); {var} += (__typeof__({var}))(({t} - 1) * {b}), {left} = {b}) {{ {} for (; {k} > 0; --{k}, ++{var}, ++{li}) {{ {body} }} }}",
            measure(left, "1")
        )
    }

    /// The init clause of a strided loop: the loop variable set to its start, then `extra`
    /// (a comma expression) evaluated.
    fn strided_init(&mut self, st: &Strided, extra: &str) -> String {
        let var = &st.var;
        if extra.is_empty() {
            let ty = st
                .decl_type
                .as_deref()
                .map(|t| format!("{t} "))
                .unwrap_or_default();
            return format!("{ty}{var} = {};", st.start);
        }
        match &st.decl_type {
            Some(ty) => {
                let d = self.fresh("d");
                format!(
                    "{ty} {var} = {}, {d} __attribute__((unused)) = ({extra}, 0);",
                    st.start
                )
            }
            None => format!("{var} = {}, {extra};", st.start),
        }
    }

    /// Can this loop body be emitted twice (no labels, no static objects, no nested
    /// upc_forall, not huge)?
    fn can_duplicate(&self, body: Node) -> bool {
        if body.byte_range().len() > 16 * 1024 {
            return false;
        }
        let mut stack = vec![body];
        while let Some(n) = stack.pop() {
            match n.kind() {
                "labeled_statement" | "upc_forall_statement" => return false,
                "storage_class_specifier" if self.text(n) == "static" => return false,
                _ => {}
            }
            let mut c = n.walk();
            stack.extend(n.named_children(&mut c));
        }
        true
    }

    /// Recognize `upc_forall (i = a; i < b; i++; i)` and `(...; &A[i])` over a shared array
    /// A with definite block size, whose body leaves `i` alone: such a loop can visit only
    /// the calling thread's iterations instead of testing every one.
    fn strided_forall(&mut self, n: Node) -> Option<Strided> {
        let init = n.child_by_field_name("initializer")?;
        let (var, start_node, decl_type) = match init.kind() {
            "assignment_expression" => {
                let l = init
                    .child_by_field_name("left")
                    .filter(|l| l.kind() == "identifier")?;
                init.child_by_field_name("operator")
                    .filter(|o| self.text(*o) == "=")?;
                (
                    self.text(l).to_string(),
                    init.child_by_field_name("right")?,
                    None,
                )
            }
            "declaration" => {
                let mut c = init.walk();
                let decls: Vec<Node> = init.children_by_field_name("declarator", &mut c).collect();
                let [d] = decls[..] else { return None };
                let name = d
                    .child_by_field_name("declarator")
                    .filter(|x| x.kind() == "identifier")?;
                let ty = init.child_by_field_name("type")?;
                if !matches!(ty.kind(), "primitive_type" | "sized_type_specifier") {
                    return None;
                }
                let mut c2 = init.walk();
                if init
                    .children(&mut c2)
                    .any(|x| x.kind() == "type_qualifier" || x.kind() == "storage_class_specifier")
                {
                    return None;
                }
                (
                    self.text(name).to_string(),
                    d.child_by_field_name("value")?,
                    Some(self.text(ty).to_string()),
                )
            }
            _ => return None,
        };
        match &decl_type {
            Some(t) if !is_integer_type(t) => return None,
            None => {
                let sym = self.lookup(&var)?;
                match &sym.ty.resolved().base {
                    crate::types::Base::Scalar(t) if is_integer_type(t) => {}
                    _ => return None,
                }
            }
            _ => {}
        }
        // condition: var < bound or var <= bound
        let cond = n
            .child_by_field_name("condition")
            .filter(|c| c.kind() == "binary_expression")?;
        let op = self.text(cond.child_by_field_name("operator")?);
        let left = cond.child_by_field_name("left")?;
        if !matches!(op, "<" | "<=") || left.kind() != "identifier" || self.text(left) != var {
            return None;
        }
        let bound = cond.child_by_field_name("right")?;
        // update: var++ / ++var / var += K (K a positive integer constant)
        let upd = n.child_by_field_name("update")?;
        let mut step = "1".to_string();
        let upd_ok = match upd.kind() {
            "update_expression" => {
                upd.child_by_field_name("argument")
                    .is_some_and(|a| self.text(a) == var)
                    && upd
                        .child_by_field_name("operator")
                        .is_some_and(|o| self.text(o) == "++")
            }
            "assignment_expression" => {
                upd.child_by_field_name("left")
                    .is_some_and(|a| self.text(a) == var)
                    && upd
                        .child_by_field_name("operator")
                        .is_some_and(|o| self.text(o) == "+=")
                    && upd
                        .child_by_field_name("right")
                        .filter(|r| r.kind() == "number_literal")
                        .and_then(|r| self.text(r).parse::<u32>().ok())
                        .filter(|k| *k > 0)
                        .map(|k| step = k.to_string())
                        .is_some()
            }
            _ => false,
        };
        if !upd_ok {
            return None;
        }
        // affinity: var, &A[var] with A a shared array of definite block size, or &P[var]
        // with P a pointer-to-shared
        let mut aff = n.child_by_field_name("affinity")?;
        while aff.kind() == "parenthesized_expression" {
            aff = aff.named_child(0)?;
        }
        let mut pointer = None;
        // &X[var] or X + var / var + X: (X, var)
        let based = if aff.kind() == "pointer_expression"
            && aff
                .child_by_field_name("operator")
                .is_some_and(|o| self.text(o) == "&")
        {
            let sub = aff
                .child_by_field_name("argument")
                .filter(|s| s.kind() == "subscript_expression")?;
            Some((
                sub.child_by_field_name("argument")?,
                sub.child_by_field_name("index")?,
            ))
        } else if aff.kind() == "binary_expression"
            && aff
                .child_by_field_name("operator")
                .is_some_and(|o| self.text(o) == "+")
        {
            let (l, r) = (
                aff.child_by_field_name("left")?,
                aff.child_by_field_name("right")?,
            );
            if self.text(r) == var {
                Some((l, r))
            } else {
                Some((r, l))
            }
        } else {
            None
        };
        let block = if aff.kind() == "identifier" && self.text(aff) == var {
            "1".to_string()
        } else if let Some((arr, idx)) = based {
            if arr.kind() != "identifier" || idx.kind() != "identifier" || self.text(idx) != var {
                return None;
            }
            let sym = self.lookup(self.text(arr))?;
            // `A + i` over an array: A converts to a pointer-to-shared (same layout)
            if sym.kind == SymKind::Var {
                // &P[i] over a pointer-to-shared: only as a loop of its own (the body is
                // emitted twice), and P must stay put
                let target = sym.ty.pts_target()?.clone();
                if target.is_void() || target.is_array() || target.layout() == Layout::Indefinite {
                    return None;
                }
                let body = n.child_by_field_name("body")?;
                let name = self.text(arr).to_string();
                if !self.can_duplicate(body) || assigns(self, body, &name) {
                    return None;
                }
                pointer = Some(name);
                target.layout().block_text()
            } else {
                if !matches!(sym.kind, SymKind::SharedVar { .. }) {
                    return None;
                }
                let ty = sym.ty.resolved();
                let crate::types::Base::Array(elem, _) = &ty.base else {
                    return None;
                };
                if elem.is_array() {
                    return None;
                }
                match ty.layout() {
                    Layout::Indefinite => return None,
                    l => l.block_text(),
                }
            }
        } else {
            return None;
        };
        // the body must not assign the loop variable
        let body = n.child_by_field_name("body")?;
        if assigns(self, body, &var) {
            return None;
        }
        // other steps: block size 1, in a loop of its own
        if step != "1" && (block != "1" || !self.can_duplicate(body)) {
            return None;
        }
        let invariant = self.bound_invariant(bound, body);
        let no_calls = !calls_functions(self, body);
        let start = {
            let e = self.expr(start_node);
            self.rvalue(&e)
        };
        let bound = {
            let e = self.expr(bound);
            self.rvalue(&e)
        };
        Some(Strided {
            var,
            start,
            bound,
            block,
            decl_type,
            pointer,
            inclusive: op == "<=",
            step,
            invariant,
            no_calls,
        })
    }

    pub fn sync_statement(&mut self, n: Node) -> String {
        let kind = n
            .child_by_field_name("kind")
            .map(|k| self.text(k).to_string())
            .unwrap_or_default();
        let value = n.child_by_field_name("value").map(|v| {
            let e = self.expr(v);
            self.rvalue(&e)
        });
        let rt = match kind.as_str() {
            "upc_notify" => "upcr_notify",
            "upc_wait" => "upcr_wait",
            _ => "upcr_barrier",
        };
        let text = if self.opts.checks.any() {
            let site = self.statement_site(n, &kind, value.is_some());
            // the checker's own calls of the barrier statements (checkrt/src/sync.rs)
            let call = match kind.as_str() {
                "upc_notify" => "upcc_notify",
                "upc_wait" => "upcc_wait",
                _ => "upcc_barrier",
            };
            match &value {
                Some(v) => format!("{call}(&{site}, 1, (int)({v}));"),
                None => format!("{call}(&{site}, 0, 0);"),
            }
        } else {
            match &value {
                Some(v) => format!("{rt}(1, (int)({v}));"),
                None => format!("{rt}(0, 0);"),
            }
        };
        self.pad_like(n, text)
    }
}
