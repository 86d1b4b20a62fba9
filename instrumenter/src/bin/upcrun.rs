//! `upcrun -n N ./prog args...`: run a UPC program with N threads (sets UPC_THREADS and
//! replaces itself with the program).

use std::os::unix::process::CommandExt;
use std::process::{Command, ExitCode};

const USAGE: &str = "usage: upcrun -n N [--] ./prog [args...]";

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1).peekable();
    let mut threads: Option<String> = None;
    while let Some(a) = args.peek().cloned() {
        if a == "-n" || a == "-np" || a == "-N" {
            args.next();
            threads = args.next();
        } else if let Some(v) = a
            .strip_prefix("-n")
            .filter(|v| !v.is_empty() && v.chars().all(|c| c.is_ascii_digit()))
        {
            threads = Some(v.to_string());
            args.next();
        } else if a == "-h" || a == "--help" {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        } else if a == "--" {
            args.next();
            break;
        } else if a.starts_with('-') {
            eprintln!("upcrun: unknown option {a}\n{USAGE}");
            return ExitCode::from(2);
        } else {
            break;
        }
    }
    let Some(prog) = args.next() else {
        eprintln!("upcrun: no program given\n{USAGE}");
        return ExitCode::from(2);
    };
    let mut cmd = Command::new(&prog);
    cmd.args(args);
    if let Some(n) = threads {
        match n.parse::<u32>() {
            Ok(v) if v > 0 => {
                cmd.env("UPC_THREADS", v.to_string());
            }
            _ => {
                eprintln!("upcrun: invalid thread count '{n}'");
                return ExitCode::from(2);
            }
        }
    }
    let err = cmd.exec();
    eprintln!("upcrun: cannot run {prog}: {err}");
    ExitCode::from(127)
}
