//! Lowering UPC to C, with the checker's hook sites.
//!
//! The translator walks the tree-sitter tree of one preprocessed translation unit and
//! produces C text.  Every node that needs no change is copied byte for byte; a node that
//! changes is replaced by new text with the same number of newlines, so every line of the
//! output still corresponds to the same line of the input and the preprocessor's line
//! markers can be put back (compiler messages and debuggers point at the UPC source).
//!
//! The work is split by concern: declarations and shared objects ([`decl`]), expressions
//! and shared accesses ([`expr`]), statements (`upc_forall`, synchronization, `return` in
//! `main`: [`stmt`]) and the checker's call sites ([`hooks`]).

mod decl;
mod expr;
mod hooks;
mod race;
mod stmt;

pub use race::{RACE_READ, RACE_STRICT, RACE_VALUE, RACE_WRITE};

use std::collections::HashMap;

use tree_sitter::Node;

use crate::diag::Diag;
use crate::linemap::LineMap;
use crate::types::Ty;

/// What the checker wants instrumented.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Checks {
    pub args: bool,
    pub deadlock: bool,
    pub callstack: bool,
    /// Data-race checking: every shared access is recorded (`--upccheck:-r`).
    pub race: bool,
}

impl Checks {
    pub fn any(&self) -> bool {
        self.args || self.deadlock || self.race
    }
    /// The flag bits of `upcc_main`: the `UPCC_*` macros of upcc_hooks.h (tests/abi.rs checks them).
    pub fn bits(&self) -> u32 {
        (self.args as u32)
            | ((self.deadlock as u32) << 1)
            | ((self.callstack as u32) << 2)
            | ((self.race as u32) << 3)
    }
}

/// Translation options.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// THREADS fixed at compile time (`-T N`).
    pub static_threads: Option<u32>,
    pub checks: Checks,
    /// Directory of the UPC library headers: functions defined there are not user code.
    pub library_dir: Option<String>,
    /// Shared data may be remote (`-network=mpi`): every shared access that may touch
    /// another thread's data tests whether it is mapped here and otherwise goes through the
    /// runtime's remote get/put (`upcr_rd`, `upcr_wr` of upcr.h).  Off: the direct loads and
    /// stores of the smp conduit, unchanged.
    pub remote_access: bool,
    /// Position-independent code for a shared library (`-fPIC`): the unit's references to
    /// what the program's main defines ([`LINK_CHECK_MAIN`]) are weak, since a library may
    /// be loaded by `dlopen`.
    pub pic: bool,
    /// `-fcommon`: a tentative definition of a shared object (`shared int counter;`) is one
    /// object however many files define it, as a C tentative definition is a common symbol.
    pub common: bool,
}

/// Defined by the unit with the program's `main` (compiled by upc-check) and referenced by
/// every other unit that uses UPC: a `main` compiled by another compiler, which would never
/// start the UPC runtime, fails to link with this name in the message.
/// The prefix of a file-scope shared object's descriptor (`upcr_shared_var_t`) in the
/// generated C: `__upcsv_NAME` (the driver reads it back in the C compiler's and the
/// linker's messages).
pub const SHARED_VAR_PREFIX: &str = "__upcsv_";

pub const LINK_CHECK_MAIN: &str = "upcc_program_main_compiled_by_upc_check";
/// Followed by N: defined by the unit with `main` compiled with `-T N`, referenced by every
/// unit compiled with `-T N`: units of one program compiled for different static THREADS (or
/// static ones with a dynamic main) fail to link with this name in the message.
pub const LINK_CHECK_THREADS: &str = "upcc_program_compiled_for_THREADS_";
/// Followed by the network (`smp`, `mpi`): defined by the unit with `main`, referenced by
/// every unit that uses UPC, each for the network it was compiled for: a unit compiled for
/// the smp conduit reaches shared data with plain loads and stores, which fault on another
/// node of an MPI job, so it fails to link into a program built with `-network=mpi` (and
/// the other way round) with this name in the message.
pub const LINK_CHECK_NETWORK: &str = "upcc_program_compiled_for_network_";

/// The runtime's variable that holds the number of threads (`extern int upcr_threads` in
/// upcr_predef.h).
pub const THREADS_VAR: &str = "upcr_threads";
/// What `THREADS` expands to in the dynamic THREADS environment (the driver's `-DTHREADS=`,
/// the same text as in upcr_predef.h): the run-time value as an rvalue (`+x` is no lvalue,
/// so `THREADS = 2` and `&THREADS` stay errors). Written with an operator rather than a
/// cast so that a preprocessor `#if` can read it: there the identifier is 0, and `#if
/// defined(__UPC_STATIC_THREADS__) && THREADS > 1` is no syntax error. The translator finds
/// THREADS in preprocessed text by this text.
pub const THREADS_EXPANSION: &str = "(+upcr_threads)";
/// What `MYTHREAD` expands to (the driver's `-DMYTHREAD=`, the same text as in
/// upcr_predef.h), an rvalue that `#if` can read, like [`THREADS_EXPANSION`].
pub const MYTHREAD_EXPANSION: &str = "(+upcr_mythread)";

/// The result of translating one unit.
pub struct Output {
    pub c_text: String,
    pub defines_main: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum SymKind {
    Var,
    /// An enumeration constant: an integer constant expression, not an object.
    Const,
    Typedef,
    Func,
    /// A shared object with static storage: accessed through its descriptor.
    SharedVar {
        desc: String,
    },
}

#[derive(Clone, Debug)]
pub(crate) struct Sym {
    pub kind: SymKind,
    pub ty: Ty,
    pub file: String,
    pub line: u32,
    /// Declared in a system or UPC library header (not the user's code).
    pub library: bool,
}

/// The function being translated.
pub(crate) struct FnCtx {
    pub name: String,
    pub ret: Ty,
    pub is_main: bool,
    /// Labels of the body and the innermost upc_forall (node id) around each.
    pub labels: HashMap<String, Option<usize>>,
}

/// Lexical upc_forall context used to find statements that leave a forall body.
pub(crate) struct ForallCtx {
    pub id: usize,
    /// Loops and switches entered inside this forall body (break/continue targets).
    pub inner_breakables: usize,
    /// The loop has an affinity: it counts in `upcr_forall_depth` while it runs, and a
    /// jump out of it (`return`, `goto`) takes it out.
    pub counted: bool,
    /// The label at the loop's end (before it leaves `upcr_forall_depth`) that a `break` of
    /// its body goes to, and whether one does: the body may sit in loops of its own.
    pub end_label: String,
    pub broken: bool,
}

/// A strided upc_forall being translated: accesses `A[var]` with the same block size use
/// the local index `li` when the loop controls (`ctl`).
pub(crate) struct StridedCtx {
    pub var: String,
    pub block: String,
    pub ctl: String,
    pub li: String,
    /// For a loop with affinity `&P[i]` over a pointer-to-shared P: P's name (then `li`
    /// counts elements from P, and only `P[i]` takes the direct path).
    pub pointer: Option<String>,
    /// Names the loop body changes (such pointers are not addressed directly).
    pub changed: Vec<String>,
    /// File-scope pointers may be read once before the loop (the body calls no function
    /// that could change them).
    pub globals_stable: bool,
    /// Neither a call nor a store through a private pointer in the body: a variable whose
    /// address was taken keeps its value through the loop.
    pub aliases_stable: bool,
    /// Pointers-to-shared the controlling loop addresses from a local base computed
    /// before the loop (filled while the body is translated).
    pub bases: Vec<String>,
    /// With race checking, in a controlling loop whose body does not synchronize: the
    /// owned accesses are recorded as runs of consecutive elements (see `race.rs`).
    pub runs: Option<race::Runs>,
}

pub(crate) struct Tr<'a> {
    pub src: &'a str,
    pub map: &'a LineMap,
    pub opts: &'a Options,
    pub scopes: Vec<HashMap<String, Sym>>,
    /// Struct and union members by record key.
    pub records: HashMap<String, Vec<(String, Ty)>>,
    /// Members declared with a bit-field width, as `<record key>.<member>`.
    pub bitfields: std::collections::HashSet<String>,
    /// Lowered definitions of struct, union and enum specifiers with a body, by the
    /// specifier's start byte (a generated tag included).
    pub type_defs: HashMap<usize, String>,
    pub diags: Vec<Diag>,
    /// Descriptors defined in this unit, registered by its constructor.
    pub registrations: Vec<String>,
    /// Descriptors of file-scope shared objects defined so far without an initializer (a
    /// tentative definition, which a later definition in the unit may initialize).
    pub tentative: std::collections::HashSet<String>,
    /// (descriptor, function) of tentative definitions initialized by a later definition:
    /// the unit's constructor sets the descriptor's initializer before registering it.
    pub late_inits: Vec<(String, String)>,
    /// Start-up initializers of private objects (`upcr_private_init_t`), registered by
    /// the unit's constructor.
    pub private_inits: Vec<String>,
    /// Text to put before the current function definition (descriptors of static
    /// shared objects declared inside it).
    pub before_fn: String,
    /// Text to put before the current file-scope declaration (the static objects that
    /// stand for its compound literals whose values need the shared layout).
    pub before_decl: String,
    /// The node of the function a call being lowered names (`f` of `f(x)`): a UPC library
    /// function named there is called, anywhere else its address is taken
    /// (`library_function_value`).
    pub callee: Option<usize>,
    /// The UPC library functions whose checked wrapper this unit has defined (see
    /// `library_function_value`).
    pub fp_wrappers: std::collections::HashSet<String>,
    pub func: Option<FnCtx>,
    pub foralls: Vec<ForallCtx>,
    pub strided: Vec<StridedCtx>,
    pub strict_default: bool,
    pub counter: usize,
    /// The type of the value of the GNU statement expression being lowered (that of its
    /// last expression statement), set when that statement is lowered.
    pub stmt_expr_ty: Option<Ty>,
    pub main_arity: Option<(usize, bool)>,
    /// The unit's own file mentions nothing of UPC (see `mentions_upc`): a `main` defined
    /// here runs as one thread when UPC_THREADS is not set (a C program built by the UPC
    /// compiler, such as the test programs configure scripts build and run).
    pub plain_c: bool,
    /// Source files read to quote lines in reports.
    pub sources: HashMap<String, Option<Vec<String>>>,
    /// With race checking: pointers-to-local seen assigned a pointer-to-shared cast to a
    /// local pointer; their element accesses are checked (see `race.rs`).
    pub race_locals: std::collections::HashSet<String>,
    /// Names whose address the unit takes somewhere (`&q`): a store through a private
    /// pointer or a call may change such a variable (see `StridedCtx::aliases_stable`).
    pub address_taken: std::collections::HashSet<String>,
    /// Functions the unit's own code defines (not a header of the UPC library): a library
    /// header's declaration of one of them (a program's own `bupc_ticks_now`, say, for
    /// compilers without Berkeley's extensions) gives way to the program's definition.
    pub user_functions: std::collections::HashSet<String>,
}

/// Does the unit's own file (not the headers it includes) use UPC: a UPC keyword, THREADS or
/// MYTHREAD (which the preprocessor expanded to `upcr_...`), or a name of the UPC (or
/// Berkeley) library?
fn mentions_upc(text: &str, map: &LineMap, main_file: &str) -> bool {
    const KEYWORDS: &[&str] = &["shared", "strict", "relaxed"];
    text.split_inclusive('\n').enumerate().any(|(row, line)| {
        let o = map.origin(row);
        if o.system || (o.file != 0 && map.file_name(o.file) != main_file) {
            return false;
        }
        line.split(|c: char| !(c == '_' || c.is_ascii_alphanumeric()))
            .any(|w| {
                KEYWORDS.contains(&w)
                    || w.starts_with("upc_")
                    || w.starts_with("upcr_")
                    || w.starts_with("bupc_")
                    || w.starts_with("UPC_")
            })
    })
}

/// Replace the identifier `from` by `to` (of the same length, so that every position stays)
/// wherever it is a whole token outside string and character literals.
fn replace_keyword(text: &mut String, from: &str, to: &str) {
    debug_assert_eq!(from.len(), to.len());
    if !text.contains(from) {
        return;
    }
    let bytes = text.as_bytes();
    let ident = |b: u8| b == b'_' || b.is_ascii_alphanumeric();
    let mut hits = Vec::new();
    let (mut i, mut quote) = (0, None::<u8>);
    while i < bytes.len() {
        let b = bytes[i];
        match quote {
            Some(q) => {
                if b == b'\\' {
                    i += 1;
                } else if b == q || b == b'\n' {
                    quote = None;
                }
                i += 1;
            }
            None if b == b'"' || b == b'\'' => {
                quote = Some(b);
                i += 1;
            }
            None if ident(b) => {
                let start = i;
                while i < bytes.len() && ident(bytes[i]) {
                    i += 1;
                }
                if &text[start..i] == from {
                    hits.push(start);
                }
            }
            None => i += 1,
        }
    }
    for start in hits {
        text.replace_range(start..start + from.len(), to);
    }
}

/// Translate one preprocessed unit.  `text` is the preprocessor output with line markers.
pub fn translate(text: String, main_file: &str, opts: &Options) -> Result<Output, Vec<Diag>> {
    // the grammar knows `offsetof(type, member)`, not the builtin <stddef.h> expands it to;
    // same length, so positions stay; emitted back as the builtin
    let mut text = text.replace("__builtin_offsetof", "offsetof          ");
    // nor C11's `_Thread_local` (what <threads.h>'s `thread_local` expands to): the GNU
    // spelling `__thread` means the same in C and is in the grammar; padded to the same length
    replace_keyword(&mut text, "_Thread_local", "__thread     ");
    let map = LineMap::build(&mut text, main_file);
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&tree_sitter_upc::language())
        .map_err(|e| vec![Diag::plain(format!("cannot load the UPC grammar: {e}"))])?;
    let tree = parser
        .parse(&text, None)
        .ok_or_else(|| vec![Diag::plain("the parser gave up on this file".to_string())])?;
    let root = tree.root_node();
    let mut tr = Tr {
        src: &text,
        map: &map,
        opts,
        scopes: vec![HashMap::new()],
        records: HashMap::new(),
        type_defs: HashMap::new(),
        bitfields: Default::default(),
        diags: Vec::new(),
        registrations: Vec::new(),
        tentative: Default::default(),
        late_inits: Vec::new(),
        private_inits: Vec::new(),
        before_fn: String::new(),
        before_decl: String::new(),
        callee: None,
        fp_wrappers: Default::default(),
        func: None,
        foralls: Vec::new(),
        strided: Vec::new(),
        strict_default: false,
        counter: 0,
        stmt_expr_ty: None,
        main_arity: None,
        plain_c: !mentions_upc(&text, &map, main_file),
        sources: HashMap::new(),
        race_locals: Default::default(),
        address_taken: Default::default(),
        user_functions: Default::default(),
    };
    tr.syntax_errors(root);
    tr.address_taken = tr.names_with_address_taken(root);
    tr.user_functions = tr.functions_defined_outside_the_library(root);
    if !tr.diags.is_empty() {
        return Err(tr.diags);
    }
    if opts.checks.race {
        tr.race_nb_buffers(root);
    }
    let body = format!(
        "{}{}{}",
        &text[..root.start_byte()],
        tr.emit(root),
        &text[root.end_byte()..]
    );
    if !tr.diags.is_empty() {
        return Err(tr.diags);
    }
    let mut out = String::with_capacity(body.len() + 4096);
    if opts.checks.callstack {
        out.push_str(hooks::CALLSTACK_PRELUDE);
    }
    out.push_str(&map.restore_markers(&body));
    out.push_str("\n# 1 \"<upc-check generated>\"\n");
    out.push_str(&tr.appendix());
    Ok(Output {
        c_text: out,
        defines_main: tr.main_arity.is_some(),
    })
}

impl<'a> Tr<'a> {
    // ---- source text and positions ------------------------------------------------------

    pub fn text(&self, n: Node) -> &'a str {
        &self.src[n.byte_range()]
    }

    /// (file, line, column) of a node in the user's source.
    /// File, line and column of `n` in the preprocessed text (the same in every unit that
    /// includes the file).
    pub fn pos_raw(&self, n: Node) -> (String, u32, u32) {
        let p = n.start_position();
        let (f, l) = self.map.location(p.row);
        (f, l, p.column as u32 + 1)
    }

    /// File, line and column of `n` in the user's source: the column is that of the line as
    /// the user wrote it (before macro expansion) when the file can be read.
    pub fn pos(&mut self, n: Node) -> (String, u32, u32) {
        let p = n.start_position();
        let (f, l) = self.map.location(p.row);
        let col = p.column + 1;
        let start = n.start_byte().saturating_sub(p.column);
        let end = self.src[start..]
            .find('\n')
            .map_or(self.src.len(), |e| start + e);
        let pre = &self.src[start..end];
        let col = match self.source_line(&f, l) {
            Some(user) if user != pre => {
                crate::colmap::user_column(&user, pre, col).map_or(col, |(c, _)| c)
            }
            _ => col,
        };
        (f, l, col as u32)
    }

    pub fn in_system_header(&self, n: Node) -> bool {
        self.map.origin(n.start_position().row).system
    }

    /// In a system header or one of the UPC library headers.
    pub fn in_library(&self, n: Node) -> bool {
        self.map.origin(n.start_position().row).system || self.in_upc_headers(n)
    }

    /// In one of the UPC library headers (upc-check's own).
    pub fn in_upc_headers(&self, n: Node) -> bool {
        let o = self.map.origin(n.start_position().row);
        self.opts
            .library_dir
            .as_deref()
            .is_some_and(|d| self.map.file_name(o.file).starts_with(d))
    }

    pub fn error(&mut self, n: Node, msg: impl Into<String>) {
        let (file, line, col) = self.pos(n);
        let source = self.source_line(&file, line);
        self.diags.push(Diag {
            file: Some(file),
            line,
            col,
            msg: msg.into(),
            source,
        });
    }

    /// The user's source line (for reports and diagnostics), if the file is readable.
    pub fn source_line(&mut self, file: &str, line: u32) -> Option<String> {
        let lines = self.sources.entry(file.to_string()).or_insert_with(|| {
            std::fs::read_to_string(file)
                .ok()
                .map(|t| t.lines().map(str::to_string).collect())
        });
        lines.as_ref()?.get(line.checked_sub(1)? as usize).cloned()
    }

    pub fn fresh(&mut self, what: &str) -> String {
        self.counter += 1;
        format!("__upc_{what}{}", self.counter)
    }

    fn syntax_errors(&mut self, root: Node) {
        let mut cursor = root.walk();
        let mut stack = vec![root];
        while let Some(n) = stack.pop() {
            if !n.has_error() {
                continue;
            }
            if n.is_error() || n.is_missing() {
                if self.in_system_header(n) {
                    continue;
                }
                let what = if n.is_missing() {
                    format!("syntax error: expected '{}'", n.kind())
                } else {
                    let t: String = self
                        .text(n)
                        .split_whitespace()
                        .collect::<Vec<_>>()
                        .join(" ");
                    let t: String = t.chars().take(40).collect();
                    format!("syntax error near '{t}'")
                };
                self.error(n, what);
                if self.diags.len() >= 10 {
                    return;
                }
                continue;
            }
            let children: Vec<Node> = n.children(&mut cursor).collect();
            stack.extend(children.into_iter().rev());
        }
    }

    // ---- scopes -------------------------------------------------------------------------

    pub fn push_scope(&mut self) {
        self.scopes.push(HashMap::new());
    }

    pub fn pop_scope(&mut self) {
        self.scopes.pop();
    }

    pub fn lookup(&self, name: &str) -> Option<&Sym> {
        self.scopes.iter().rev().find_map(|s| s.get(name))
    }

    pub fn define(&mut self, name: &str, kind: SymKind, ty: Ty, at: Node) {
        let (file, line, _) = self.pos(at);
        let library = self.in_library(at);
        let scope = self.scopes.last_mut().expect("a scope");
        scope.insert(
            name.to_string(),
            Sym {
                kind,
                ty,
                file,
                line,
                library,
            },
        );
    }

    pub fn at_file_scope(&self) -> bool {
        self.scopes.len() == 1
    }

    // ---- the walk -----------------------------------------------------------------------

    /// Lowered text of any node.
    pub fn emit(&mut self, n: Node) -> String {
        if n.is_error() {
            // what the grammar could not parse in a system header stays as it was
            return self.text(n).to_string();
        }
        match n.kind() {
            "declaration" => {
                let t = self.declaration(n);
                if self.at_file_scope() && !self.before_decl.is_empty() {
                    format!("{}{t}", std::mem::take(&mut self.before_decl))
                } else {
                    t
                }
            }
            "type_definition" => self.type_definition(n),
            "function_definition" => self.function_definition(n),
            "field_declaration" => self.field_declaration(n),
            "alignas_qualifier" => self.alignas(n),
            "struct_specifier" | "union_specifier" | "enum_specifier"
                if n.child_by_field_name("body").is_some() =>
            {
                self.type_specifier(n);
                match self.type_defs.get(&n.start_byte()) {
                    Some(def) => def.clone(),
                    None => self.splice(n),
                }
            }
            "macro_type_specifier" => match self.typeof_type(n) {
                // the type of an operand that involves shared data, spelled in C
                Some(ty)
                    if !self.in_system_header(n)
                        && (ty.mentions_shared() || self.names_shared(n)) =>
                {
                    self.pad_like(n, format!("__typeof__({})", ty.c_name()))
                }
                _ => self.splice(n),
            },
            "compound_statement" => {
                self.push_scope();
                let t = self.splice(n);
                self.pop_scope();
                t
            }
            "for_statement" => self.for_statement(n),
            "while_statement" | "do_statement" | "switch_statement" => self.breakable(n),
            "if_statement" => self.splice_conditions(n),
            "expression_statement" => {
                // a value computed by a lowering's statement expression is discarded here
                let t = self.splice(n);
                if t.starts_with("__extension__ ({") && !self.text(n).starts_with("__extension__") {
                    format!("(void){t}")
                } else {
                    t
                }
            }
            "return_statement" => self.return_statement(n),
            "break_statement" | "continue_statement" | "goto_statement" => self.jump(n),
            "upc_forall_statement" => self.forall(n),
            "upc_sync_statement" => self.sync_statement(n),
            "upc_fence_statement" => {
                let fence = if self.opts.remote_access {
                    "upcr_fence_remote();"
                } else {
                    "upcr_fence();"
                };
                self.pad_like(n, fence.to_string())
            }
            "preproc_call" => {
                if self.pragma(n) {
                    // consumed here: the C compiler would warn about an unknown pragma
                    self.text(n)
                        .chars()
                        .map(|c| if c == '\n' { c } else { ' ' })
                        .collect()
                } else {
                    self.text(n).to_string()
                }
            }
            "parenthesized_expression" if n.parent().is_some_and(is_condition_parent) => {
                let inner = n.named_child(0);
                match inner {
                    Some(i) if is_expression(i.kind()) => {
                        let e = self.expr(i);
                        let t = self.cond_text(&e);
                        self.pad_like(n, format!("({t})"))
                    }
                    _ => self.splice(n),
                }
            }
            "identifier" if is_declared_name(n) => self.text(n).to_string(),
            // reached through the text of a plain C initializer (`&(struct view){ ... }`):
            // one that holds shared addresses becomes a static object (`file_scope_literal`)
            "compound_literal_expression" if self.at_file_scope() && self.names_shared(n) => {
                let e = self.expr(n);
                let t = self.rvalue(&e);
                self.pad_like(n, t)
            }
            k if is_expression(k) => {
                let e = self.expr(n);
                if n.parent().is_some_and(is_statement_expression_value) {
                    self.stmt_expr_ty = e.value_ty();
                }
                let t = self.rvalue(&e);
                self.pad_like(n, t)
            }
            _ => self.splice(n),
        }
    }

    /// The node's own text with each child replaced by its lowered text.
    pub fn splice(&mut self, n: Node) -> String {
        if n.child_count() == 0 {
            return self.text(n).to_string();
        }
        let mut out = String::new();
        let mut last = n.start_byte();
        let mut cursor = n.walk();
        let children: Vec<Node> = n.children(&mut cursor).collect();
        for c in children {
            out.push_str(&self.src[last..c.start_byte()]);
            let t = self.emit(c);
            out.push_str(&t);
            last = c.end_byte();
        }
        out.push_str(&self.src[last..n.end_byte()]);
        out
    }

    /// Does the text of `n` name a shared object?
    /// The names of the functions defined at file scope outside the UPC library's headers.
    fn functions_defined_outside_the_library(
        &self,
        root: Node,
    ) -> std::collections::HashSet<String> {
        let mut names = std::collections::HashSet::new();
        let mut c = root.walk();
        for f in root.named_children(&mut c) {
            if f.kind() != "function_definition" || self.in_library(f) {
                continue;
            }
            let mut d = f.child_by_field_name("declarator");
            while let Some(x) = d {
                if x.kind() == "identifier" {
                    names.insert(self.text(x).to_string());
                    break;
                }
                d = x.child_by_field_name("declarator");
            }
        }
        names
    }

    /// The identifiers `&NAME` takes the address of anywhere under `root`.
    fn names_with_address_taken(&self, root: Node) -> std::collections::HashSet<String> {
        let mut names = std::collections::HashSet::new();
        let mut stack = vec![root];
        while let Some(x) = stack.pop() {
            if x.kind() == "pointer_expression"
                && x.child_by_field_name("operator")
                    .is_some_and(|o| self.text(o) == "&")
            {
                let mut a = x.child_by_field_name("argument");
                while let Some(p) = a.filter(|p| p.kind() == "parenthesized_expression") {
                    a = p.named_child(0);
                }
                if let Some(a) = a.filter(|a| a.kind() == "identifier") {
                    names.insert(self.text(a).to_string());
                }
            }
            let mut c = x.walk();
            stack.extend(x.named_children(&mut c));
        }
        names
    }

    fn names_shared(&self, n: Node) -> bool {
        let mut stack = vec![n];
        while let Some(x) = stack.pop() {
            if matches!(x.kind(), "identifier" | "type_identifier")
                && self
                    .lookup(self.text(x))
                    .is_some_and(|s| matches!(s.kind, SymKind::SharedVar { .. }))
            {
                return true;
            }
            let mut c = x.walk();
            stack.extend(x.named_children(&mut c));
        }
        false
    }

    /// Whether an expression may have a type that involves shared data: it names a shared
    /// object, or a name (a variable, a function, a typedef) whose type mentions `shared`,
    /// or spells `shared` in a type (a cast).
    pub fn may_involve_shared(&self, n: Node) -> bool {
        let mut stack = vec![n];
        while let Some(x) = stack.pop() {
            if x.kind() == "shared_qualifier" {
                return true;
            }
            if matches!(x.kind(), "identifier" | "type_identifier")
                && self.lookup(self.text(x)).is_some_and(|s| {
                    matches!(s.kind, SymKind::SharedVar { .. }) || s.ty.mentions_shared()
                })
            {
                return true;
            }
            let mut c = x.walk();
            stack.extend(x.named_children(&mut c));
        }
        false
    }

    /// `new` with newlines appended so it spans as many lines as the node did.
    pub fn pad_like(&self, n: Node, new: String) -> String {
        let old = self.text(n);
        if old == new {
            return new;
        }
        let want = old.matches('\n').count();
        let have = new.matches('\n').count();
        let mut new = if have > want {
            new.replace('\n', " ")
        } else {
            new
        };
        let have = new.matches('\n').count();
        for _ in have..want {
            new.push('\n');
        }
        new
    }

    /// `#pragma upc strict|relaxed` sets the default access kind; true for any `#pragma upc`,
    /// and for GASP's `#pragma pupc on|off` (profiling instrumentation, which Berkeley UPC
    /// and GUPC accept without profiling too; here it has no effect).
    fn pragma(&mut self, n: Node) -> bool {
        let t = self.text(n);
        let words: Vec<&str> = t.split_whitespace().collect();
        if words.len() >= 2 && words[0] == "#pragma" && words[1] == "pupc" {
            return true;
        }
        if words.len() >= 2 && words[0] == "#pragma" && words[1] == "upc" {
            match words.get(2) {
                Some(&"strict") => self.strict_default = true,
                Some(&"relaxed") => self.strict_default = false,
                _ => {}
            }
            return true;
        }
        false
    }

    /// The text appended after the unit: registration of shared objects, main().
    fn appendix(&self) -> String {
        let mut s = String::new();
        // what the program's main must be compiled as (see LINK_CHECK_MAIN)
        let threads_mark = self
            .opts
            .static_threads
            .map(|n| format!("{LINK_CHECK_THREADS}{n}"));
        let network = if self.opts.remote_access {
            "mpi"
        } else {
            "smp"
        };
        let network_mark = format!("{LINK_CHECK_NETWORK}{network}");
        if self.main_arity.is_some() {
            s.push_str(&format!("const char {LINK_CHECK_MAIN} = 1;\n"));
            s.push_str(&format!("const char {network_mark} = 1;\n"));
            if let Some(m) = &threads_mark {
                s.push_str(&format!("const char {m} = 1;\n"));
            }
        } else if !self.plain_c {
            let weak = if self.opts.pic {
                "__attribute__((weak)) "
            } else {
                ""
            };
            let mark = threads_mark.as_deref().unwrap_or(LINK_CHECK_MAIN);
            for (i, m) in [mark, &network_mark].into_iter().enumerate() {
                s.push_str(&format!(
                    "extern {weak}const char {m}; __attribute__((used)) static const char *const __upcc_link_check{i} = &{m};\n"
                ));
            }
        }
        if !self.registrations.is_empty() || !self.private_inits.is_empty() {
            // a shared object declared deprecated is not used by its registration
            s.push_str("#pragma GCC diagnostic push\n");
            s.push_str("#pragma GCC diagnostic ignored \"-Wdeprecated-declarations\"\n");
            s.push_str("__attribute__((constructor)) static void __upcr_register_unit(void)\n{\n");
            for (d, f) in &self.late_inits {
                s.push_str(&format!("    {d}.init = {f};\n"));
            }
            for r in &self.registrations {
                s.push_str(&format!("    upcr_register_shared(&{r});\n"));
            }
            for r in &self.private_inits {
                s.push_str(&format!("    upcr_register_private_init(&{r});\n"));
            }
            s.push_str("}\n#pragma GCC diagnostic pop\n");
        }
        if let Some((arity, returns_void)) = self.main_arity {
            let args = match arity {
                0 => "",
                1 => "argc",
                2 => "argc, argv",
                _ => "argc, argv, envp",
            };
            s.push_str(
                "static int __upcr_main_trampoline(int argc, char **argv, char **envp)\n{\n",
            );
            s.push_str("    (void)argc; (void)argv; (void)envp;\n");
            if returns_void {
                s.push_str(&format!("    upcr_user_main({args});\n    return 0;\n}}\n"));
            } else {
                s.push_str(&format!("    return upcr_user_main({args});\n}}\n"));
            }
            // 0: dynamic THREADS; -1: dynamic, one thread unless UPC_THREADS says otherwise
            let threads = match self.opts.static_threads {
                Some(n) => n as i64,
                None if self.plain_c => -1,
                None => 0,
            };
            s.push_str("int main(int argc, char **argv, char **envp)\n{\n");
            if self.opts.checks.any() {
                s.push_str(&format!(
                    "    return upcc_main(argc, argv, envp, __upcr_main_trampoline, {threads}, {}u);\n}}\n",
                    self.opts.checks.bits()
                ));
            } else {
                s.push_str(&format!(
                    "    return upcr_start(argc, argv, envp, __upcr_main_trampoline, {threads});\n}}\n"
                ));
            }
        }
        s
    }

    /// THREADS as C text: the constant in the static environment.
    pub fn threads_text(&self) -> String {
        match self.opts.static_threads {
            Some(n) => n.to_string(),
            None => THREADS_VAR.to_string(),
        }
    }
}

/// Node kinds that are C (or UPC) expressions: the subtypes of the grammar's `expression`
/// supertype, and the comma expression (which C's grammar keeps apart).
/// Whether `n` is the expression statement whose value a GNU statement expression
/// `({ ...; e; })` takes: the last statement of a block in parentheses.
pub fn is_statement_expression_value(n: Node) -> bool {
    n.kind() == "expression_statement"
        && n.parent().is_some_and(|b| {
            let mut c = b.walk();
            b.kind() == "compound_statement"
                && b.parent()
                    .is_some_and(|p| p.kind() == "parenthesized_expression")
                && b.named_children(&mut c)
                    .filter(|k| k.kind() != "comment")
                    .last()
                    == Some(n)
        })
}

pub fn is_expression(kind: &str) -> bool {
    static KINDS: std::sync::OnceLock<std::collections::HashSet<&'static str>> =
        std::sync::OnceLock::new();
    KINDS
        .get_or_init(|| {
            let lang = tree_sitter_upc::language();
            let mut kinds: std::collections::HashSet<&'static str> =
                ["comma_expression"].into_iter().collect();
            for &sup in lang.supertypes() {
                if lang.node_kind_for_id(sup) == Some("expression") {
                    kinds.extend(
                        lang.subtypes_for_supertype(sup)
                            .iter()
                            .filter_map(|&k| lang.node_kind_for_id(k)),
                    );
                }
            }
            kinds
        })
        .contains(kind)
}

/// An identifier that a declarator declares (a prototype's parameter name, a K&R
/// parameter list), not a use of a name.
fn is_declared_name(n: Node) -> bool {
    let Some(p) = n.parent() else {
        return false;
    };
    match p.kind() {
        "declaration"
        | "parameter_declaration"
        | "pointer_declarator"
        | "parenthesized_declarator"
        | "attributed_declarator"
        | "function_declarator"
        | "parameter_list"
        | "type_definition" => true,
        "init_declarator" | "array_declarator" => p.child_by_field_name("declarator") == Some(n),
        "enumerator" => p.child_by_field_name("name") == Some(n),
        _ => false,
    }
}

fn is_condition_parent(p: Node) -> bool {
    matches!(
        p.kind(),
        "if_statement" | "while_statement" | "do_statement"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_are_replaced_as_whole_tokens_outside_literals() {
        let mut t = String::from(
            "static _Thread_local int x; char *s = \"_Thread_local\"; int my_Thread_local; \
             char c = '\\''; _Thread_local long y;",
        );
        let before = t.len();
        replace_keyword(&mut t, "_Thread_local", "__thread     ");
        assert_eq!(t.len(), before);
        assert_eq!(
            t,
            "static __thread      int x; char *s = \"_Thread_local\"; int my_Thread_local; \
             char c = '\\''; __thread      long y;"
        );
    }
    /// upcr_predef.h defines THREADS and MYTHREAD as the driver does (the same text, so the
    /// header's definitions are benign redefinitions and the translator finds them).
    #[test]
    fn the_predefined_header_expands_threads_as_the_driver_does() {
        let header = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../pgas/include/upcr_predef.h"
        ))
        .unwrap();
        let defined = |name: &str| {
            header
                .lines()
                .find_map(|l| l.trim().strip_prefix(&format!("#define {name} ")))
                .map(str::trim)
        };
        assert_eq!(defined("THREADS"), Some(THREADS_EXPANSION));
        assert_eq!(defined("MYTHREAD"), Some(MYTHREAD_EXPANSION));
        assert!(THREADS_EXPANSION.contains(THREADS_VAR));
        assert!(header.contains(&format!("extern int {THREADS_VAR};")));
    }
}
