//! `<upc_tick.h>`: ticks are CLOCK_MONOTONIC nanoseconds, so `upc_ticks_to_ns` is the identity.

/// `upc_tick_t`.
pub type Tick = u64;

#[no_mangle]
pub extern "C" fn upc_ticks_now() -> Tick {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: valid out-pointer; CLOCK_MONOTONIC always exists on Linux.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts) };
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

#[no_mangle]
pub extern "C" fn upc_ticks_to_ns(ticks: Tick) -> u64 {
    ticks
}

#[cfg(test)]
mod tests {
    #[test]
    fn ticks_are_monotonic_nanoseconds() {
        let a = super::upc_ticks_now();
        std::thread::sleep(std::time::Duration::from_millis(2));
        let b = super::upc_ticks_now();
        assert!(super::upc_ticks_to_ns(b - a) >= 2_000_000);
    }
}
