//! UPC-IO round trips on THREADS OS threads over one heap segment: local and shared
//! buffers, individual and common file pointers, list I/O, async, sizes, fcntl, errors.

use super::file::{self, Hint};
use super::table::{state_in, FileState};
use super::transfer::{self, Dir, Filevec, LocalMemvec, MemList, SharedMemvec};
use super::*;
use crate::collectives::flags::*;
use crate::collectives::team::harness::{run, Job};
use crate::collectives::{PShared, Team};
use std::ffi::{c_void, CString};

const PART: usize = 64 * 1024;
const SYNC: i32 = UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC;

fn path(name: &str) -> CString {
    let p = std::env::temp_dir().join(format!("upcio-{}-{name}", std::process::id()));
    CString::new(p.to_str().unwrap()).unwrap()
}

fn open(team: &Team, name: &CString, flags: i32) -> *mut c_void {
    file::fopen(team, name.as_ptr(), flags, 0, std::ptr::null())
}

fn last_errno() -> i32 {
    errno()
}

#[test]
fn local_individual_round_trip_size_and_delete_on_close() {
    for nt in [1usize, 3, 4, 8] {
        let name = path(&format!("local{nt}"));
        let n2 = name.clone();
        let job = Job::new(nt, PART);
        let errs = run(&job, move |team| {
            let me = team.me();
            let mut errs = vec![];
            let fd = open(
                team,
                &n2,
                UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_CREATE | UPC_TRUNC | UPC_DELETE_ON_CLOSE,
            );
            if fd.is_null() {
                return vec![format!("fopen errno {}", last_errno())];
            }
            let data: Vec<u8> = (0..100).map(|i| (me * 100 + i) as u8).collect();
            let pos = file::fseek(team, fd, (me * 100) as i64, UPC_SEEK_SET);
            if pos != (me * 100) as i64 {
                errs.push(format!("seek {pos}"));
            }
            let w = transfer::local(
                team,
                fd,
                Dir::Write,
                data.as_ptr() as *mut c_void,
                4,
                25,
                UPC_IN_NOSYNC | UPC_OUT_NOSYNC,
                false,
            );
            if w != 100 {
                errs.push(format!("write {w}"));
            }
            if file::fseek(team, fd, 0, UPC_SEEK_CUR) != (me * 100 + 100) as i64 {
                errs.push("pointer did not advance".into());
            }
            if file::fsync(team, fd) != 0 {
                errs.push("fsync".into());
            }
            if file::fget_size(team, fd) != (nt * 100) as i64 {
                errs.push(format!("size {}", file::fget_size(team, fd)));
            }
            // Read the next thread's part.
            let other = (me + 1) % nt;
            file::fseek(team, fd, (other * 100) as i64, UPC_SEEK_SET);
            let mut back = vec![0u8; 100];
            let r = transfer::local(
                team,
                fd,
                Dir::Read,
                back.as_mut_ptr() as *mut c_void,
                1,
                100,
                SYNC,
                false,
            );
            if r != 100
                || back
                    .iter()
                    .enumerate()
                    .any(|(i, &b)| b != (other * 100 + i) as u8)
            {
                errs.push(format!("read back {r}"));
            }
            // At end of file: 0 bytes; past it: seeking is fine.
            file::fseek(team, fd, 0, UPC_SEEK_END);
            let r = transfer::local(
                team,
                fd,
                Dir::Read,
                back.as_mut_ptr() as *mut c_void,
                1,
                10,
                SYNC,
                false,
            );
            if r != 0 {
                errs.push(format!("read at EOF {r}"));
            }
            if file::fseek(team, fd, -1, UPC_SEEK_SET) != -1 || last_errno() != libc::EINVAL {
                errs.push("negative seek accepted".into());
            }
            if file::fclose(team, fd) != 0 {
                errs.push("fclose".into());
            }
            errs
        });
        let errs: Vec<String> = errs.into_iter().flatten().collect();
        assert!(errs.is_empty(), "T={nt}: {errs:?}");
        assert!(
            !std::path::Path::new(name.to_str().unwrap()).exists(),
            "DELETE_ON_CLOSE"
        );
    }
}

/// IO7: a `UPC_DELETE_ON_CLOSE` file left open is removed when the thread or the job ends
/// (`remove_temporaries_at_exit`, which `exit` and `upc_global_exit` run); one that is closed
/// is no longer on the list, so a file of the same name made later stays.
#[test]
fn delete_on_close_files_left_open_go_at_exit() {
    let name = path("left-open");
    let kept = path("closed-then-recreated");
    let (n2, k2) = (name.clone(), kept.clone());
    let job = Job::new(2, PART);
    let errs = run(&job, move |team| {
        let mut errs = vec![];
        let flags = UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_CREATE | UPC_DELETE_ON_CLOSE;
        let closed = open(team, &k2, flags);
        if closed.is_null() || file::fclose(team, closed) != 0 {
            errs.push("open/close".to_string());
        }
        let fd = open(team, &n2, flags);
        if fd.is_null() {
            errs.push(format!("fopen errno {}", last_errno()));
        }
        errs
    });
    let errs: Vec<String> = errs.into_iter().flatten().collect();
    assert!(errs.is_empty(), "{errs:?}");
    let exists = |c: &CString| std::path::Path::new(c.to_str().unwrap()).exists();
    assert!(exists(&name), "the file left open exists until the end");
    std::fs::write(kept.to_str().unwrap(), b"new").unwrap();
    transfer::remove_temporaries_at_exit();
    assert!(
        !exists(&name),
        "DELETE_ON_CLOSE file left open not removed at exit"
    );
    assert!(
        exists(&kept),
        "a closed DELETE_ON_CLOSE file stayed on the exit list"
    );
    std::fs::remove_file(kept.to_str().unwrap()).unwrap();
}

#[test]
fn shared_buffers_common_and_individual_pointers() {
    for nt in [1usize, 3, 4] {
        let name = path(&format!("shared{nt}"));
        let n2 = name.clone();
        let job = Job::new(nt, PART);
        let errs = run(&job, move |team| {
            let me = team.me();
            let mut errs = vec![];
            // shared [5] int A[20*THREADS] at offset 256, starting on thread 1 % T.
            let n = 20 * nt;
            let a = PShared {
                addr: 256,
                thread: (1 % nt) as u32,
                phase: 3,
            };
            let at = |k: usize, blk: usize, base: PShared| {
                let t0 = base.thread as usize;
                let j = k / blk;
                (
                    (t0 + j) % nt,
                    base.addr + ((((t0 + j) / nt) * blk + k % blk) * 4) as u64,
                )
            };
            for k in 0..n {
                let (t, ad) = at(k, 5, a);
                if t == me {
                    unsafe { *(team.ptr(t, ad) as *mut i32) = k as i32 * 11 };
                }
            }
            let fd = open(team, &n2, UPC_RDWR | UPC_COMMON_FP | UPC_CREATE | UPC_TRUNC);
            if fd.is_null() {
                return vec![format!("fopen errno {}", last_errno())];
            }
            let w = transfer::shared(team, fd, Dir::Write, a, 5, 4, n, SYNC, false);
            if w != (n * 4) as i64 {
                errs.push(format!("common write {w}"));
            }
            if file::fseek(team, fd, 0, UPC_SEEK_CUR) != (n * 4) as i64 {
                errs.push("common pointer".into());
            }
            // Read back with another block size into another buffer.
            file::fseek(team, fd, 0, UPC_SEEK_SET);
            let b = PShared {
                addr: 8192,
                thread: 0,
                phase: 0,
            };
            let r = transfer::shared(team, fd, Dir::Read, b, 3, 4, n + 7, SYNC, false);
            if r != (n * 4) as i64 {
                errs.push(format!("common read {r} (short at EOF expected {})", n * 4));
            }
            for k in 0..n {
                let (t, ad) = at(k, 3, b);
                let v = unsafe { *(team.ptr(t, ad) as *const i32) };
                if v != k as i32 * 11 {
                    errs.push(format!("elem {k} = {v}"));
                    break;
                }
            }
            // Individual pointers: each thread reads its own 8 elements into an indefinite
            // buffer on itself.
            if file::fcntl(team, fd, UPC_SET_INDIVIDUAL_FP, std::ptr::null_mut()) != 0 {
                errs.push("set individual".into());
            }
            if file::fcntl(team, fd, UPC_GET_FP, std::ptr::null_mut()) != UPC_INDIVIDUAL_FP {
                errs.push("get fp".into());
            }
            file::fseek(team, fd, (me * 32) as i64, UPC_SEEK_SET);
            let c = PShared {
                addr: 16384,
                thread: me as u32,
                phase: 0,
            };
            let r = transfer::shared(team, fd, Dir::Read, c, 0, 4, 8, SYNC, false);
            if r != 32 {
                errs.push(format!("individual read {r}"));
            }
            for k in 0..8 {
                let v = unsafe { *(team.ptr(me, 16384 + k * 4) as *const i32) };
                if v != (me * 8 + k as usize) as i32 * 11 {
                    errs.push(format!("individual elem {k} = {v}"));
                    break;
                }
            }
            file::fclose(team, fd);
            errs
        });
        let errs: Vec<String> = errs.into_iter().flatten().collect();
        assert!(errs.is_empty(), "T={nt}: {errs:?}");
        let bytes = std::fs::read(name.to_str().unwrap()).unwrap();
        assert_eq!(bytes.len(), 20 * nt * 4);
        for k in 0..20 * nt {
            let v = i32::from_ne_bytes(bytes[k * 4..k * 4 + 4].try_into().unwrap());
            assert_eq!(v, k as i32 * 11);
        }
        std::fs::remove_file(name.to_str().unwrap()).unwrap();
    }
}

#[test]
fn list_io_async_and_sizes() {
    for nt in [1usize, 3, 4, 8] {
        let name = path(&format!("list{nt}"));
        let n2 = name.clone();
        let job = Job::new(nt, PART);
        let errs = run(&job, move |team| {
            let me = team.me();
            let mut errs = vec![];
            let fd = open(
                team,
                &n2,
                UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_CREATE | UPC_TRUNC,
            );
            if fd.is_null() {
                return vec![format!("fopen errno {}", last_errno())];
            }
            // Each thread writes 3 strided 4-byte records: record r at (r*T + me)*4,
            // from two local pieces (5 + 7 bytes).
            let src: Vec<u8> = (0..12).map(|i| (me * 16 + i) as u8).collect();
            let mem = [
                LocalMemvec {
                    baseaddr: src.as_ptr() as *mut c_void,
                    len: 5,
                },
                LocalMemvec {
                    baseaddr: unsafe { src.as_ptr().add(5) } as *mut c_void,
                    len: 7,
                },
            ];
            let fv: Vec<Filevec> = (0..3)
                .map(|r| Filevec {
                    offset: ((r * nt + me) * 4) as i64,
                    len: 4,
                })
                .collect();
            let w = transfer::list(team, fd, Dir::Write, MemList::Local(&mem), &fv, SYNC, false);
            if w != 12 {
                errs.push(format!("list write {w}"));
            }
            // Mismatched totals are an error.
            let bad = transfer::list(
                team,
                fd,
                Dir::Write,
                MemList::Local(&mem[..1]),
                &fv,
                SYNC,
                false,
            );
            if bad != -1 || last_errno() != libc::EINVAL {
                errs.push("mismatched list accepted".into());
            }
            // Read everything back into a shared buffer blocked by 4 bytes, via list I/O.
            let sb = PShared {
                addr: 1024,
                thread: 0,
                phase: 0,
            };
            let smem = [SharedMemvec {
                baseaddr: sb,
                blocksize: 4,
                len: 12 * nt,
            }];
            let all = [Filevec {
                offset: 0,
                len: 12 * nt,
            }];
            if me == 0 {
                let r = transfer::list(
                    team,
                    fd,
                    Dir::Read,
                    MemList::Shared(&smem),
                    &all,
                    SYNC,
                    false,
                );
                if r != (12 * nt) as i64 {
                    errs.push(format!("list read {r}"));
                }
            } else {
                transfer::list(team, fd, Dir::Read, MemList::Shared(&[]), &[], SYNC, false);
            }
            team.barrier();
            // Byte k of the file is record k/4 → thread (k/4) % T, piece index.
            for k in 0..12 * nt {
                let rec = k / 4;
                let (w, r) = (rec % nt, rec / nt);
                let want = (w * 16 + r * 4 + k % 4) as u8;
                let blk = k / 4;
                let (t, ad) = (blk % nt, 1024 + ((blk / nt) * 4 + k % 4) as u64);
                let got = unsafe { *team.ptr(t, ad) };
                if got != want {
                    errs.push(format!("byte {k}: {got} vs {want}"));
                    break;
                }
            }
            // Async write + test, async read + wait.
            file::fseek(team, fd, (12 * nt + me * 8) as i64, UPC_SEEK_SET);
            let v = [me as u8 + 1; 8];
            transfer::local(
                team,
                fd,
                Dir::Write,
                v.as_ptr() as *mut c_void,
                1,
                8,
                SYNC,
                true,
            );
            if file::fcntl(team, fd, UPC_ASYNC_OUTSTANDING, std::ptr::null_mut()) != 1 {
                errs.push("async not outstanding".into());
            }
            if file::fcntl(team, fd, UPC_GET_FL, std::ptr::null_mut()) != -1 {
                errs.push("fcntl allowed while async outstanding".into());
            }
            let mut flag = 0;
            let r = transfer::complete(team, fd, &mut flag);
            if r != 8 || flag != 1 {
                errs.push(format!("ftest {r} {flag}"));
            }
            if transfer::complete(team, fd, std::ptr::null_mut()) != -1 {
                errs.push("wait with nothing outstanding".into());
            }
            file::fseek(
                team,
                fd,
                (12 * nt + ((me + 1) % nt) * 8) as i64,
                UPC_SEEK_SET,
            );
            let mut back = [0u8; 8];
            transfer::local(
                team,
                fd,
                Dir::Read,
                back.as_mut_ptr() as *mut c_void,
                8,
                1,
                SYNC,
                true,
            );
            let r = transfer::complete(team, fd, std::ptr::null_mut());
            if r != 8 || back != [((me + 1) % nt) as u8 + 1; 8] {
                errs.push(format!("fwait {r} {back:?}"));
            }
            // Sizes.
            if file::fget_size(team, fd) != (20 * nt) as i64 {
                errs.push("size".into());
            }
            if file::fpreallocate(team, fd, 4096) != 0 || file::fget_size(team, fd) != 4096 {
                errs.push("preallocate".into());
            }
            if file::fpreallocate(team, fd, 10) != 0 || file::fget_size(team, fd) != 4096 {
                errs.push("preallocate shrank".into());
            }
            if file::fset_size(team, fd, 7) != 0 || file::fget_size(team, fd) != 7 {
                errs.push("set_size".into());
            }
            if file::fclose(team, fd) != 0 {
                errs.push("close".into());
            }
            errs
        });
        let errs: Vec<String> = errs.into_iter().flatten().collect();
        assert!(errs.is_empty(), "T={nt}: {errs:?}");
        std::fs::remove_file(name.to_str().unwrap()).unwrap();
    }
}

#[test]
fn open_errors_fcntl_and_file_state() {
    let nt = 3;
    let name = path("errors");
    let n2 = name.clone();
    let job = Job::new(nt, PART);
    let errs = run(&job, move |team| {
        let mut errs = vec![];
        let check = |errs: &mut Vec<String>, what: &str, fd: *mut c_void, e: i32| {
            if !fd.is_null() || last_errno() != e {
                errs.push(format!("{what}: errno {} want {e}", last_errno()));
            }
        };
        check(
            &mut errs,
            "missing",
            open(team, &n2, UPC_RDONLY | UPC_COMMON_FP),
            libc::ENOENT,
        );
        check(
            &mut errs,
            "two modes",
            open(
                team,
                &n2,
                UPC_RDONLY | UPC_RDWR | UPC_COMMON_FP | UPC_CREATE,
            ),
            libc::EINVAL,
        );
        check(
            &mut errs,
            "no fp",
            open(team, &n2, UPC_RDWR | UPC_CREATE),
            libc::EINVAL,
        );
        check(
            &mut errs,
            "excl alone",
            open(team, &n2, UPC_RDWR | UPC_COMMON_FP | UPC_EXCL),
            libc::EINVAL,
        );
        check(
            &mut errs,
            "trunc rdonly",
            open(
                team,
                &n2,
                UPC_RDONLY | UPC_COMMON_FP | UPC_TRUNC | UPC_CREATE,
            ),
            libc::EINVAL,
        );
        check(
            &mut errs,
            "unknown bit",
            open(team, &n2, UPC_RDWR | UPC_COMMON_FP | (1 << 12)),
            libc::EINVAL,
        );
        let key = CString::new("access_style").unwrap();
        let val = CString::new("read_once").unwrap();
        let hints = [Hint {
            key: key.as_ptr(),
            value: val.as_ptr(),
        }];
        let fd = file::fopen(
            team,
            n2.as_ptr(),
            UPC_RDWR | UPC_COMMON_FP | UPC_CREATE | UPC_EXCL | UPC_STRONG_CA,
            1,
            hints.as_ptr(),
        );
        if fd.is_null() {
            return vec![format!("fopen errno {}", last_errno())];
        }
        check(
            &mut errs,
            "already open",
            open(team, &n2, UPC_RDWR | UPC_COMMON_FP),
            libc::EBUSY,
        );
        match state_in(team.global(), fd) {
            FileState::Open {
                flags,
                async_outstanding: false,
            } if flags & UPC_STRONG_CA != 0 => {}
            s => errs.push(format!("state {s:?}")),
        }
        let mut fname: *const std::ffi::c_char = std::ptr::null();
        if file::fcntl(team, fd, UPC_GET_FN, &mut fname as *mut _ as *mut c_void) != 0
            || unsafe { std::ffi::CStr::from_ptr(fname) } != n2.as_c_str()
        {
            errs.push("GET_FN".into());
        }
        let mut hp: *const Hint = std::ptr::null();
        if file::fcntl(team, fd, UPC_GET_HINTS, &mut hp as *mut _ as *mut c_void) != 1 {
            errs.push("GET_HINTS count".into());
        }
        let v2 = CString::new("random").unwrap();
        let h2 = Hint {
            key: key.as_ptr(),
            value: v2.as_ptr(),
        };
        file::fcntl(team, fd, UPC_SET_HINT, &h2 as *const Hint as *mut c_void);
        let n = file::fcntl(team, fd, UPC_GET_HINTS, &mut hp as *mut _ as *mut c_void);
        if n != 1 || unsafe { std::ffi::CStr::from_ptr((*hp).value) } != v2.as_c_str() {
            errs.push("SET_HINT did not replace".into());
        }
        if file::fcntl(team, fd, UPC_GET_CA_SEMANTICS, std::ptr::null_mut()) != UPC_STRONG_CA {
            errs.push("GET_CA".into());
        }
        file::fcntl(team, fd, UPC_SET_WEAK_CA_SEMANTICS, std::ptr::null_mut());
        if file::fcntl(team, fd, UPC_GET_CA_SEMANTICS, std::ptr::null_mut()) != 0 {
            errs.push("SET_WEAK".into());
        }
        if file::fcntl(team, fd, 1 << 13, std::ptr::null_mut()) != -1
            || last_errno() != libc::EINVAL
        {
            errs.push("bad cmd".into());
        }
        if file::fcntl(team, fd, UPC_GET_FL, std::ptr::null_mut()) & UPC_EXCL == 0 {
            errs.push("GET_FL".into());
        }
        // Reading through a write-capable handle works; a local read with a common
        // pointer does not.
        let mut b = [0u8; 4];
        if transfer::local(
            team,
            fd,
            Dir::Read,
            b.as_mut_ptr() as *mut c_void,
            1,
            4,
            SYNC,
            false,
        ) != -1
        {
            errs.push("local read with common pointer".into());
        }
        if file::fclose(team, fd) != 0 {
            errs.push("close".into());
        }
        check(
            &mut errs,
            "excl existing",
            open(team, &n2, UPC_RDWR | UPC_COMMON_FP | UPC_CREATE | UPC_EXCL),
            libc::EEXIST,
        );
        if state_in(team.global(), fd) != FileState::Closed {
            errs.push("state after close".into());
        }
        if state_in(team.global(), 8 as *const c_void) != FileState::Unknown {
            errs.push("garbage handle".into());
        }
        if file::fclose(team, fd) != -1 || last_errno() != libc::EBADF {
            errs.push("double close".into());
        }
        errs
    });
    let errs: Vec<String> = errs.into_iter().flatten().collect();
    assert!(errs.is_empty(), "{errs:?}");
    std::fs::remove_file(name.to_str().unwrap()).unwrap();
}
