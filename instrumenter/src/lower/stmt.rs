//! Statements: `upc_forall` (affinity, nesting, region tracking, statements that leave
//! its body), `upc_barrier`/`upc_notify`/`upc_wait`, and the end of execution (`return`
//! from `main`, falling off its end, `exit`).

use std::collections::HashMap;

use tree_sitter::Node;

use super::{ForallCtx, Tr};

impl<'a> Tr<'a> {
    pub fn for_statement(&mut self, n: Node) -> String {
        self.push_scope();
        let t = self.with_breakable(n, true, |tr| tr.splice_conditions(n));
        self.pop_scope();
        t
    }

    pub fn breakable(&mut self, n: Node) -> String {
        let is_loop = n.kind() != "switch_statement";
        self.with_breakable(n, is_loop, |tr| tr.splice_conditions(n))
    }

    fn with_breakable(
        &mut self,
        _n: Node,
        is_loop: bool,
        f: impl FnOnce(&mut Self) -> String,
    ) -> String {
        if let Some(fa) = self.foralls.last_mut() {
            fa.inner_breakables += 1;
            if is_loop {
                fa.inner_loops += 1;
            }
        }
        let t = f(self);
        if let Some(fa) = self.foralls.last_mut() {
            fa.inner_breakables -= 1;
            if is_loop {
                fa.inner_loops -= 1;
            }
        }
        t
    }

    /// Splice, treating the `condition` field as a boolean context.
    pub fn splice_conditions(&mut self, n: Node) -> String {
        let cond = n.child_by_field_name("condition");
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
    pub fn jump(&mut self, n: Node) -> String {
        let escapes = match n.kind() {
            "break_statement" => self.foralls.last().is_some_and(|f| f.inner_breakables == 0),
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
        let text = self.splice(n);
        if escapes && self.opts.checks.any() {
            let site = self.escape_site(n);
            return format!("{{ upcc_forall_escape(&{site}); {text} }}");
        }
        text
    }

    pub fn return_statement(&mut self, n: Node) -> String {
        let value = n.named_child(0).filter(|v| super::is_expression(v.kind()));
        let ret_ty = self.func.as_ref().map(|f| f.ret.clone());
        let is_main = self.func.as_ref().is_some_and(|f| f.is_main);
        let vtext = value.map(|v| {
            let e = self.expr(v);
            match &ret_ty {
                Some(t) => self.convert(&e, t),
                None => self.rvalue(&e),
            }
        });
        let escape = if !self.foralls.is_empty() && self.opts.checks.any() {
            let site = self.escape_site(n);
            format!("upcc_forall_escape(&{site}); ")
        } else {
            String::new()
        };
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

    pub fn forall(&mut self, n: Node) -> String {
        self.push_scope();
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
        // the thread that owns each iteration (None: `continue` or no affinity)
        let owner = match aff {
            Some(a) if a.kind() != "affinity_continue" => {
                let e = self.expr(a);
                match e.value_ty() {
                    Some(t) if t.is_pts() => {
                        Some(format!("(uint32_t)({}).thread", self.rvalue(&e)))
                    }
                    _ => {
                        let v = self.rvalue(&e);
                        let t = self.threads_text();
                        Some(format!(
                            "(uint32_t)((((long long)({v})) % {t} + {t}) % {t})"
                        ))
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
        self.foralls.push(ForallCtx {
            id: n.id(),
            inner_breakables: 0,
            inner_loops: 0,
        });
        let body = n
            .child_by_field_name("body")
            .map(|b| self.emit(b))
            .unwrap_or_else(|| ";".into());
        self.foralls.pop();
        self.pop_scope();

        let mut s = String::from("{ ");
        if let Some(site) = &site {
            s.push_str(&format!("upcc_forall_begin(&{site}); "));
        }
        s.push_str(&format!("int {ctl} = (upcr_forall_depth++ == 0); "));
        s.push_str(&format!("for ({init_text} {cond_text}; {upd_text}) {{ "));
        match &owner {
            Some(o) => {
                s.push_str(&format!("uint32_t {own} = {o}; "));
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
        s.push_str(&body);
        s.push_str(" } upcr_forall_depth--; ");
        if let Some(site) = &site {
            s.push_str(&format!("upcc_forall_end(&{site}); "));
        }
        s.push('}');
        self.pad_like(n, s)
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
            match &value {
                Some(v) => format!(
                    "{{ upcc_val_t __upcc_a[1]; __upcc_a[0].i = (int64_t)(int)({v}); upcc_check_entry(&{site}, __upcc_a); {rt}(1, (int)__upcc_a[0].i); upcc_record_exit(&{site}); }}"
                ),
                None => format!("{{ upcc_check_entry(&{site}, 0); {rt}(0, 0); upcc_record_exit(&{site}); }}"),
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
