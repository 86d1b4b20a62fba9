//! The doorbell: how a thread wakes a thread of another node that sleeps between calls into
//! MPI, so that it serves the remote operation just issued to it at once rather than at the
//! end of its nap.
//!
//! On one node `pgas::rma::ring` wakes the target with a futex on its control state; across
//! nodes that state is not mapped, and Open MPI offers no blocking wait that wakes on an
//! incoming one-sided operation (its waits poll). So every process of a job over several
//! nodes has a UDP socket: a ring is one datagram to the target's process, and the UPC
//! thread's naps in the runtime's waits (`pgas::rma::nap`) sleep in `ppoll` on the socket
//! instead of a futex. The addresses are exchanged at start-up: the loopback address for a
//! process of the same host, the host's address (its name resolved) for the others. A ring
//! that is lost (a full socket buffer, a host whose name does not resolve) costs only
//! latency: every nap is bounded. The socket stays open until the process exits.
//!
//! A ring costs the origin a system call, and it is needed only by a target that naps: so
//! the origin rings a target only after an operation to it was slow ([`observed`]), then for
//! the next [`RING_CREDIT`] operations to it. The progress thread, which serves a target's
//! data while its UPC thread is in user code, is not rung: woken by every ring, it competed
//! with a target already in MPI and with the origin for the cores (1 MiB transfers 20 %
//! slower, an 8-byte get 13 against 23 us when every operation rang).

use std::ffi::{c_int, c_void};
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};
use std::sync::OnceLock;

struct Doorbell {
    fd: c_int,
    /// Per thread: where its process listens (`None`: no doorbell for it).
    peers: Vec<Option<libc::sockaddr_in>>,
    /// Per thread: how many of the next operations to it ring it.
    credits: Vec<AtomicU32>,
}

/// Operations that ring their target after one to it was slow.
const RING_CREDIT: u32 = 16;

/// An operation is slow when it took longer than this plus [`SLOW_PS_PER_BYTE`] per byte
/// moved. Over TCP loopback on an idle machine an awake target serves a small one in 10-25
/// us, now and then in 40-90; one that naps in about 135 (50 us naps, with the kernel's
/// 50 us of timer slack). A lower bound made the rings feed themselves: with every
/// operation ringing, one in 16 took over 40 us.
const SLOW_NS: u64 = 100_000;
const SLOW_PS_PER_BYTE: u64 = 200;

static DOORBELL: OnceLock<Doorbell> = OnceLock::new();

/// Open this process's doorbell and learn every other process's (collective over the job:
/// every process calls it once at start-up, with `gather` an allgather of one integer per
/// process and `hosts[t]` the host of thread `t`).
pub(crate) fn open(
    me: usize,
    hosts: &[usize],
    gather: impl Fn(i64) -> Result<Vec<i64>, String>,
) -> Result<(), String> {
    let (fd, port) = match socket() {
        Ok(s) => s,
        // every process takes part in the exchange; one without a socket sends 0
        Err(_) => (-1, 0),
    };
    // (the name is resolved only when another host needs it: a lookup can wait for DNS)
    let ip = if hosts.iter().any(|&h| h != hosts[me]) {
        host_ipv4()
    } else {
        u32::from(std::net::Ipv4Addr::LOCALHOST)
    };
    let mine = (u64::from(ip) << 16 | u64::from(port)) as i64;
    let all = gather(mine)?;
    let peers = all
        .iter()
        .enumerate()
        .map(|(t, &w)| {
            let port = (w & 0xffff) as u16;
            let ip = if hosts[t] == hosts[me] {
                u32::from(std::net::Ipv4Addr::LOCALHOST)
            } else {
                (w as u64 >> 16) as u32
            };
            (port != 0 && ip != 0).then(|| sockaddr(ip, port))
        })
        .collect();
    if fd >= 0 {
        let credits = (0..all.len()).map(|_| AtomicU32::new(0)).collect();
        let _ = DOORBELL.set(Doorbell { fd, peers, credits });
    }
    Ok(())
}

/// A non-blocking UDP socket on every interface and a port of the system's choice, with the
/// smallest receive buffer (a few datagrams: one pending ring is as good as many).
fn socket() -> Result<(c_int, u16), String> {
    // SAFETY: plain system calls on a descriptor this function owns; the address structures
    // are locals of the sizes passed.
    unsafe {
        let fd = libc::socket(
            libc::AF_INET,
            libc::SOCK_DGRAM | libc::SOCK_NONBLOCK | libc::SOCK_CLOEXEC,
            0,
        );
        if fd < 0 {
            return Err(std::io::Error::last_os_error().to_string());
        }
        let small: c_int = 1;
        libc::setsockopt(
            fd,
            libc::SOL_SOCKET,
            libc::SO_RCVBUF,
            &small as *const c_int as *const c_void,
            std::mem::size_of::<c_int>() as libc::socklen_t,
        );
        let any = sockaddr(u32::from(std::net::Ipv4Addr::UNSPECIFIED), 0);
        let mut at = any;
        let mut len = std::mem::size_of::<libc::sockaddr_in>() as libc::socklen_t;
        if libc::bind(
            fd,
            &any as *const libc::sockaddr_in as *const libc::sockaddr,
            len,
        ) != 0
            || libc::getsockname(
                fd,
                &mut at as *mut libc::sockaddr_in as *mut libc::sockaddr,
                &mut len,
            ) != 0
        {
            let e = std::io::Error::last_os_error().to_string();
            libc::close(fd);
            return Err(e);
        }
        Ok((fd, u16::from_be(at.sin_port)))
    }
}

fn sockaddr(ip: u32, port: u16) -> libc::sockaddr_in {
    libc::sockaddr_in {
        sin_family: libc::AF_INET as libc::sa_family_t,
        sin_port: port.to_be(),
        sin_addr: libc::in_addr { s_addr: ip.to_be() },
        sin_zero: [0; 8],
    }
}

/// This host's IPv4 address as other hosts reach it: its name resolved to an address that
/// is not a loopback one (a name that resolves to 127.0.1.1, as Debian's /etc/hosts makes
/// it, would send the other hosts' rings to themselves); 0 when there is none (the other
/// hosts' processes then get no doorbell for this one).
fn host_ipv4() -> u32 {
    let Some(host) = crate::stdio::hostname() else {
        return 0;
    };
    let Ok(addrs) = std::net::ToSocketAddrs::to_socket_addrs(&(host.as_str(), 0)) else {
        return 0;
    };
    addrs
        .filter_map(|a| match a.ip() {
            std::net::IpAddr::V4(ip) if !ip.is_loopback() => Some(u32::from(ip)),
            _ => None,
        })
        .next()
        .unwrap_or(0)
}

/// Ring `thread`'s process; whether this process has a doorbell for it.
pub(crate) fn ring(thread: usize) -> bool {
    let Some(d) = DOORBELL.get() else {
        return false;
    };
    let Some(Some(to)) = d.peers.get(thread) else {
        return false;
    };
    // SAFETY: a datagram of one byte from a local to an address of the right size; a full
    // buffer (EAGAIN) means a ring is pending there already.
    unsafe {
        libc::sendto(
            d.fd,
            b"r".as_ptr() as *const c_void,
            1,
            libc::MSG_DONTWAIT,
            to as *const libc::sockaddr_in as *const libc::sockaddr,
            std::mem::size_of::<libc::sockaddr_in>() as libc::socklen_t,
        );
    }
    true
}

/// Ring `thread`'s process if an operation to it was slow lately (see the module doc).
pub(crate) fn ring_if_slow(thread: usize) -> bool {
    let Some(c) = DOORBELL.get().and_then(|d| d.credits.get(thread)) else {
        return false;
    };
    let n = c.load(Relaxed);
    n > 0 && {
        c.store(n - 1, Relaxed);
        ring(thread)
    }
}

/// Time `op`, an operation of `bytes` bytes to `thread` completed when it returns, and give
/// its target ring credits when it was slow.
pub(crate) fn observed<R>(thread: usize, bytes: usize, op: impl FnOnce() -> R) -> R {
    let Some(c) = DOORBELL.get().and_then(|d| d.credits.get(thread)) else {
        return op();
    };
    let t = std::time::Instant::now();
    let r = op();
    let slow = SLOW_NS + bytes as u64 * SLOW_PS_PER_BYTE / 1000;
    if t.elapsed().as_nanos() as u64 > slow {
        c.store(RING_CREDIT, Relaxed);
    }
    r
}

/// Sleep at most `ns` nanoseconds or until a ring reaches this process; `None` without a
/// doorbell, else whether a ring came (the pending rings are consumed).
pub(crate) fn sleep(ns: u64) -> Option<bool> {
    let d = DOORBELL.get()?;
    let mut p = libc::pollfd {
        fd: d.fd,
        events: libc::POLLIN,
        revents: 0,
    };
    let t = libc::timespec {
        tv_sec: (ns / 1_000_000_000) as libc::time_t,
        tv_nsec: (ns % 1_000_000_000) as libc::c_long,
    };
    // SAFETY: one pollfd and a timeout, locals that outlive the call.
    let n = unsafe { libc::ppoll(&mut p, 1, &t, std::ptr::null()) };
    if n <= 0 {
        return Some(false);
    }
    let mut buf = [0u8; 8];
    let mut rung = false;
    // SAFETY: receives into a local buffer of the length given, without blocking.
    while unsafe {
        libc::recv(
            d.fd,
            buf.as_mut_ptr() as *mut c_void,
            buf.len(),
            libc::MSG_DONTWAIT,
        )
    } >= 0
    {
        rung = true;
    }
    Some(rung)
}
