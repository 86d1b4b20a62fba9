//! `upcrun -n N [-N NODES] ./prog args...`: run a UPC program with N threads.
//!
//! A program built for the default network (smp) forks its threads itself: upcrun sets
//! UPC_THREADS and replaces itself with the program.  A program built with `-network=mpi`
//! (it carries the `.upcc_network` section, see `instrumenter::network`) is started with
//! `mpirun -n N` (one process per thread), `--map-by ppr:K:node` to spread it over NODES nodes,
//! `--oversubscribe` (UPC threads may outnumber cores, as in the smp conduit), and the launcher
//! options of `--launcher-args "..."` / `UPCRUN_LAUNCHER_ARGS`; `MPIRUN` names another launcher.
//! With `UPC_MPI_NODES=rank` (every thread its own node, the test mode of the remote data
//! plane) or `UPC_MPI_NODES=K` (K pseudo-nodes) Open MPI is also forced onto TCP (`--mca pml
//! ob1 --mca btl tcp,self --mca osc sm,pt2pt`, and `--mca btl_tcp_if_include lo`, loopback,
//! without `-N`), so that no user data moves through shared memory by accident; an
//! `OMPI_MCA_pml`/`_btl`/`_osc`/`_btl_tcp_if_include` of the environment wins.
//! `UPCRUN_STDIO=PID@HOST` tells the ranks on this host where upcrun's (and mpirun's) standard
//! output and error are, so that they write whole lines there themselves instead of through
//! Open MPI's forwarding, which cuts lines (`pgas/mpi/src/stdio.rs`); a regular file among
//! them is put in append mode, so that every writer appends. Not when a launcher option or
//! an `OMPI_MCA_` variable names output, stdout, stderr or xml (`--tag-output`,
//! `--output-filename`, ...): the output then goes through mpirun, as Open MPI does it.

use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, ExitCode};

use instrumenter::network::{self, Network};

const USAGE: &str =
    "usage: upcrun -n N [-N NODES] [-shared-heap SIZE] [-q] [-v] [--launcher-args \"OPTIONS\"] [--] ./prog [args...]
  -n N, -np N             number of UPC threads (THREADS)
  -N NODES                number of nodes to spread the threads over (MPI builds; 1 for smp)
  -shared-heap SIZE       shared heap per thread (e.g. 256MB): sets UPC_SHARED_HEAP_SIZE
  -q, -quiet              accepted for Berkeley UPC's upcrun (upcrun prints nothing anyway)
  -v                      print the command that starts the program
  --launcher-args OPTS    options for mpirun (MPI builds), e.g. \"--hostfile hosts\";
                          UPCRUN_LAUNCHER_ARGS in the environment adds more";

fn positive(what: &str, v: Option<String>) -> Result<u32, String> {
    let v = v.ok_or_else(|| format!("{what} needs a value"))?;
    match v.parse::<u32>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(format!("invalid {what} '{v}'")),
    }
}

struct Options {
    threads: Option<u32>,
    nodes: Option<u32>,
    launcher_args: Vec<String>,
    shared_heap: Option<String>,
    verbose: bool,
}

/// Berkeley upcrun options about placement and debugging that mean nothing on one machine:
/// accepted with a warning, so job scripts keep working (with a value: `-c N`).
const IGNORED: &[&str] = &[
    "-bind-threads",
    "-backtrace",
    "-freeze",
    "-localhost",
    "-polite-sync",
];
const IGNORED_WITH_VALUE: &[&str] = &["-c"];

fn main() -> ExitCode {
    // a closed output pipe ends us quietly, as it does the other command-line tools
    // SAFETY: setting a signal disposition before any other thread exists.
    unsafe { libc::signal(libc::SIGPIPE, libc::SIG_DFL) };
    let mut args = std::env::args().skip(1).peekable();
    let mut o = Options {
        threads: None,
        nodes: None,
        launcher_args: Vec::new(),
        shared_heap: None,
        verbose: false,
    };
    while let Some(a) = args.peek().cloned() {
        let r = if a == "-n" || a == "-np" {
            args.next();
            positive("thread count", args.next()).map(|n| o.threads = Some(n))
        } else if let Some(v) = a.strip_prefix("-n=").or_else(|| a.strip_prefix("-np=")) {
            args.next();
            positive("thread count", Some(v.to_string())).map(|n| o.threads = Some(n))
        } else if IGNORED.contains(&a.split('=').next().unwrap_or_default()) {
            args.next();
            eprintln!("upcrun: warning: {a} has no effect here (ignored)");
            Ok(())
        } else if IGNORED_WITH_VALUE.contains(&a.as_str()) {
            args.next();
            let v = args.next().unwrap_or_default();
            eprintln!("upcrun: warning: {a} {v} has no effect here (ignored)");
            Ok(())
        } else if let Some(v) = a
            .strip_prefix("-n")
            .filter(|v| !v.is_empty() && v.chars().all(|c| c.is_ascii_digit()))
        {
            args.next();
            positive("thread count", Some(v.to_string())).map(|n| o.threads = Some(n))
        } else if a == "-N" {
            args.next();
            positive("node count", args.next()).map(|n| o.nodes = Some(n))
        } else if a == "--launcher-args" || a == "-launcher-args" {
            args.next();
            match args.next() {
                Some(v) => {
                    o.launcher_args
                        .extend(v.split_whitespace().map(str::to_string));
                    Ok(())
                }
                None => Err("--launcher-args needs a value".to_string()),
            }
        } else if let Some(v) = a.strip_prefix("--launcher-args=") {
            o.launcher_args
                .extend(v.split_whitespace().map(str::to_string));
            args.next();
            Ok(())
        } else if a == "-shared-heap" || a == "--shared-heap" {
            args.next();
            match args.next() {
                Some(v) => {
                    o.shared_heap = Some(v);
                    Ok(())
                }
                None => Err("-shared-heap needs a size".to_string()),
            }
        } else if let Some(v) = a
            .strip_prefix("-shared-heap=")
            .or_else(|| a.strip_prefix("--shared-heap="))
        {
            o.shared_heap = Some(v.to_string());
            args.next();
            Ok(())
        } else if a == "-q" || a == "-quiet" {
            args.next();
            Ok(())
        } else if a == "-v" {
            args.next();
            o.verbose = true;
            Ok(())
        } else if a == "-h" || a == "--help" {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        } else if a == "--" {
            args.next();
            break;
        } else if a.starts_with('-') {
            Err(format!("unknown option {a}"))
        } else {
            break;
        };
        if let Err(e) = r {
            eprintln!("upcrun: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    }
    let Some(prog) = args.next() else {
        eprintln!("upcrun: no program given\n{USAGE}");
        return ExitCode::from(2);
    };
    let rest: Vec<String> = args.collect();
    let net = network::of_executable(Path::new(&prog)).unwrap_or(Network::Smp);
    let mut cmd = match net {
        Network::Smp => {
            if o.nodes.is_some_and(|n| n > 1) || !o.launcher_args.is_empty() {
                eprintln!(
                    "upcrun: {prog} was built for one machine (-network=smp): \
                     -N and --launcher-args need a build with -network=mpi"
                );
                return ExitCode::from(2);
            }
            let mut cmd = Command::new(&prog);
            if let Some(n) = o.threads {
                cmd.env("UPC_THREADS", n.to_string());
            }
            cmd.args(&rest);
            cmd
        }
        Network::Mpi => mpi_command(&prog, &rest, &o),
    };
    if let Some(h) = &o.shared_heap {
        cmd.env("UPC_SHARED_HEAP_SIZE", h);
    }
    if o.verbose {
        let words: Vec<String> = std::iter::once(cmd.get_program())
            .chain(cmd.get_args())
            .map(|w| w.to_string_lossy().into_owned())
            .collect();
        match o.threads.filter(|_| net == Network::Smp) {
            Some(n) => eprintln!("upcrun: UPC_THREADS={n} {}", words.join(" ")),
            None => eprintln!("upcrun: {}", words.join(" ")),
        }
    }
    if net == Network::Mpi {
        return run_launcher(cmd);
    }
    let err = cmd.exec();
    eprintln!(
        "upcrun: cannot run {}: {err}",
        cmd.get_program().to_string_lossy()
    );
    ExitCode::from(127)
}

/// Run the MPI launcher as a child and stay beside it, for the signals a terminal sends:
/// mpirun ends the job on SIGQUIT, so it ignores SIGQUIT and upcrun turns Ctrl-\\ (SIGQUIT)
/// into SIGUSR2 for it, which it forwards to every process of the job (thread 0 then prints
/// where every thread is, and the job goes on).  mpirun ends the job (SIGTERM to every
/// process, the threads' report, SIGKILL about a second later) on its first SIGINT or
/// SIGTERM and kills it at once on a second one, without the report: so it runs with SIGINT
/// and SIGHUP blocked, and upcrun passes the first of SIGINT (Ctrl-C at the terminal, which
/// reaches the whole process group, or `kill -INT` of the group or of upcrun), SIGHUP and
/// SIGTERM on as one SIGTERM; a repeated one within [`REPEAT_WITHIN`] is not passed on.  The
/// exit status is the launcher's (128 + the signal that ended it).
fn run_launcher(mut cmd: Command) -> ExitCode {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
    use signal_hook::iterator::{exfiltrator::WithOrigin, SignalsInfo};
    let program = cmd.get_program().to_string_lossy().into_owned();
    let mut signals = match SignalsInfo::<WithOrigin>::new([SIGQUIT, SIGINT, SIGTERM, SIGHUP]) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("upcrun: cannot watch for signals: {e}");
            return ExitCode::from(127);
        }
    };
    // SAFETY: only signal(2), async-signal-safe, between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            libc::signal(libc::SIGQUIT, libc::SIG_IGN);
            // (inherited through exec; mpirun unblocks every signal in the processes it starts)
            let mut set: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut set);
            libc::sigaddset(&mut set, libc::SIGINT);
            libc::sigaddset(&mut set, libc::SIGHUP);
            libc::sigprocmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
            Ok(())
        });
    }
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("upcrun: cannot run {program}: {e}");
            return ExitCode::from(127);
        }
    };
    let pid = child.id() as i32;
    let handle = signals.handle();
    // the last signal that ends the job (the status then says so, as for an smp build)
    let ended_by = std::sync::Arc::new(std::sync::atomic::AtomicI32::new(0));
    let ended = ended_by.clone();
    let forward = std::thread::spawn(move || {
        let mut ending_since: Option<std::time::Instant> = None;
        for o in signals.forever() {
            if o.signal != SIGQUIT {
                ended.store(o.signal, std::sync::atomic::Ordering::Relaxed);
            }
            let sig = match o.signal {
                SIGQUIT => libc::SIGUSR2,
                _ => {
                    if ending_since.is_some_and(|t| t.elapsed() < REPEAT_WITHIN) {
                        continue;
                    }
                    ending_since = Some(std::time::Instant::now());
                    libc::SIGTERM
                }
            };
            // SAFETY: kill(2) on our own child, not yet reaped (this thread ends before).
            unsafe { libc::kill(pid, sig) };
        }
    });
    let status = child.wait();
    handle.close();
    let _ = forward.join();
    match status {
        Ok(st) => {
            use std::os::unix::process::ExitStatusExt;
            let sig = ended_by.load(std::sync::atomic::Ordering::Relaxed);
            let code = match st.code() {
                Some(c) if c != 0 && sig != 0 => 128 + sig,
                Some(c) => c,
                None => 128 + st.signal().unwrap_or(0),
            };
            ExitCode::from(code.clamp(0, 255) as u8)
        }
        Err(e) => {
            eprintln!("upcrun: lost {program}: {e}");
            ExitCode::from(1)
        }
    }
}

/// How long after passing on a signal that ends the job upcrun ignores another one (mpirun
/// would take it as the order to kill the job at once, without the threads' report).
const REPEAT_WITHIN: std::time::Duration = std::time::Duration::from_secs(3);

/// `mpirun -n N ... prog args` for an MPI build.
fn mpi_command(prog: &str, rest: &[String], o: &Options) -> Command {
    let launcher = std::env::var("MPIRUN").unwrap_or_else(|_| "mpirun".into());
    let mut cmd = Command::new(launcher);
    // THREADS is the number of processes (the runtime checks it against a compiled -T N);
    // without -n, UPC_THREADS as for smp builds, else the launcher's default.
    let threads = o.threads.or_else(|| {
        std::env::var("UPC_THREADS")
            .ok()
            .and_then(|v| v.trim().parse().ok())
    });
    if let Some(n) = threads {
        cmd.args(["-n", &n.to_string()]);
    }
    if let (Some(nodes), Some(n)) = (o.nodes, threads) {
        cmd.arg("--map-by")
            .arg(format!("ppr:{}:node", n.div_ceil(nodes)));
    }
    cmd.arg("--oversubscribe");
    if o.shared_heap.is_some() {
        // to the ranks on other hosts too
        cmd.args(["-x", "UPC_SHARED_HEAP_SIZE"]);
    }
    if std::env::var(rules::launch::MPI_NODES)
        .is_ok_and(|v| v.trim() == "rank" || v.trim().parse::<usize>().is_ok())
    {
        // one-sided communication over TCP (osc pt2pt), on the loopback interface when the
        // job stays on this host; a node's window is MPI_Win_allocate_shared (osc sm)
        let one_host = o.nodes.is_none_or(|n| n == 1);
        for (param, value) in [
            ("pml", "ob1"),
            ("btl", "tcp,self"),
            ("osc", "sm,pt2pt"),
            ("btl_tcp_if_include", if one_host { "lo" } else { "" }),
        ] {
            if !value.is_empty() && std::env::var_os(format!("OMPI_MCA_{param}")).is_none() {
                cmd.args(["--mca", param, value]);
            }
        }
    }
    cmd.args(&o.launcher_args);
    let more: Vec<String> = std::env::var("UPCRUN_LAUNCHER_ARGS")
        .map(|m| m.split_whitespace().map(String::from).collect())
        .unwrap_or_default();
    cmd.args(&more);
    // options about the launcher's handling of output (--tag-output, --output-filename,
    // --xml, --merge-stderr-to-stdout, ...) need the output to go through it
    let shapes_output = |a: &str| {
        ["output", "xml", "stdout", "stderr"]
            .iter()
            .any(|w| a.contains(w))
    };
    let launcher_shapes_output = o
        .launcher_args
        .iter()
        .chain(&more)
        .any(|a| shapes_output(a))
        || std::env::vars().any(|(k, _)| k.starts_with("OMPI_MCA_") && shapes_output(&k));
    // a program name without a slash is looked up in PATH by mpirun: say the one here
    let p = Path::new(prog);
    if !prog.contains('/') && p.is_file() {
        cmd.arg(format!("./{prog}"));
    } else {
        cmd.arg(prog);
    }
    cmd.args(rest);
    // the runtime takes THREADS from the launcher; a stale UPC_THREADS must not disagree
    cmd.env_remove("UPC_THREADS");
    if launcher_shapes_output {
        cmd.env_remove(rules::launch::STDIO);
    } else {
        direct_output(&mut cmd);
    }
    cmd
}

/// `UPCRUN_STDIO=PID@HOST` for the ranks on this host (`pgas/mpi/src/stdio.rs`): they open
/// `/proc/PID/fd/1` and `/2` again (upcrun stays beside the launcher until the job ends) and write
/// their output there whole lines at a time. A regular file is put in append mode, so that the
/// ranks' appends and the launcher's own messages do not overwrite each other.
fn direct_output(cmd: &mut Command) {
    let mut buf = [0u8; 256];
    // SAFETY: the buffer outlives the call, its length is passed.
    if unsafe { libc::gethostname(buf.as_mut_ptr().cast(), buf.len() - 1) } != 0 {
        cmd.env_remove(rules::launch::STDIO);
        return;
    }
    let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
    let host = String::from_utf8_lossy(&buf[..end]).into_owned();
    for fd in [1, 2] {
        // SAFETY: fstat/fcntl on this process's own descriptors, out-pointer a local.
        unsafe {
            let mut st: libc::stat = std::mem::zeroed();
            if libc::fstat(fd, &mut st) == 0 && st.st_mode & libc::S_IFMT == libc::S_IFREG {
                let fl = libc::fcntl(fd, libc::F_GETFL);
                if fl >= 0 {
                    libc::fcntl(fd, libc::F_SETFL, fl | libc::O_APPEND);
                }
            }
        }
    }
    cmd.env(
        rules::launch::STDIO,
        format!("{}@{host}", std::process::id()),
    );
}
