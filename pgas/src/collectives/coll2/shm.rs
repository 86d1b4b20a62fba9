//! The shared state of the Collectives 2.0 library, in the upper half of every thread's
//! collectives region (`team::layout::COLL2`), and the environment the engine runs in.
//!
//! Per thread:
//! * a header (`HEADER` bytes): what the thread is blocked on (for the checker's deadlock
//!   detection) and whether it ended;
//! * `SLOTS` team slots of `SLOT_SIZE` bytes.  A team occupies the same slot index on every
//!   member.  Slot header: team id + 1 (0: unused), the sequence number of the last
//!   collective this thread initiated on the slot (monotonic over the slot's life, also
//!   across teams that reuse it), team size and rank, the sequence number of the last one
//!   it completed (for `UPC_OUT_ALLSYNC`); then a ring of `RING` descriptors
//!   (what each initiated collective is and where its staged data lies); then the member
//!   list (u32 global thread ids by rank).

use std::sync::atomic::{AtomicU64, Ordering::*};

pub const AREA_SIZE: usize = 256 * 1024;
pub const HEADER: usize = 4096;
pub const SLOTS: usize = 31;
pub const SLOT_SIZE: usize = 8192;
pub const RING: usize = 31;
pub const DESC_WORDS: usize = 16;
const RING_OFF: usize = 64;
const MEMBERS_OFF: usize = 4096;
/// Largest team (and THREADS) the slots can describe.
pub const MAX_MEMBERS: usize = (SLOT_SIZE - MEMBERS_OFF) / 4;

/// Header words.
pub mod hdr {
    /// Block generation: odd while the thread waits in a completion call.
    pub const BLOCKED: usize = 0;
    pub const TEAM: usize = 1;
    pub const SLOT: usize = 2;
    pub const SEQ: usize = 3;
    pub const KIND: usize = 4;
    /// Global thread (+1) whose initiation it waits for.
    pub const PEER: usize = 5;
    pub const FILE: usize = 6;
    pub const LINE: usize = 7;
    /// The thread ended (1) or finalized the library (2).
    pub const ENDED: usize = 8;
}

/// Descriptor words.
pub mod desc {
    pub const SEQ: usize = 0;
    pub const KIND: usize = 1;
    pub const FLAGS: usize = 2;
    pub const ROOT: usize = 3;
    pub const STYPE: usize = 4;
    pub const RTYPE: usize = 5;
    pub const OP: usize = 6;
    pub const SCOUNT: usize = 7;
    pub const RCOUNT: usize = 8;
    pub const STAGE: usize = 9;
    pub const STAGE_LEN: usize = 10;
    pub const FILE: usize = 11;
    pub const LINE: usize = 12;
    pub const TEAM: usize = 13;
}

/// Where the library runs: the job's segment and the coll2 area of every thread, and how
/// to allocate staging memory in this thread's partition.
pub struct Env {
    pub threads: usize,
    pub me: usize,
    pub seg_base: *mut u8,
    pub part_size: usize,
    /// The coll2 area (`AREA_SIZE` bytes, zeroed at start) of every thread.
    pub areas: Vec<*mut u8>,
    /// Allocate `n` bytes in this thread's partition (address field), `None` if full.
    pub alloc: Box<dyn Fn(usize) -> Option<u64>>,
    pub free: Box<dyn Fn(u64)>,
}

impl Env {
    /// Address in this process of byte `addr` of thread `t`'s partition.
    pub fn ptr(&self, t: usize, addr: u64) -> *mut u8 {
        // SAFETY: inside the mapped segment; callers access what the program designated.
        unsafe { self.seg_base.add(t * self.part_size + addr as usize) }
    }

    fn word(&self, t: usize, off: usize) -> &AtomicU64 {
        debug_assert!(off + 8 <= AREA_SIZE);
        // SAFETY: the area is AREA_SIZE bytes, 8-aligned, zero-initialised, lives for the
        // job and is only accessed atomically.
        unsafe { &*(self.areas[t].add(off) as *const AtomicU64) }
    }

    pub fn hdr(&self, t: usize, w: usize) -> &AtomicU64 {
        self.word(t, w * 8)
    }

    fn slot_off(slot: usize) -> usize {
        HEADER + slot * SLOT_SIZE
    }

    /// Team id + 1 of thread `t`'s slot (0: unused).
    pub fn slot_uid(&self, t: usize, slot: usize) -> &AtomicU64 {
        self.word(t, Self::slot_off(slot))
    }
    /// Sequence number of the last collective `t` initiated on `slot`.
    pub fn initiated(&self, t: usize, slot: usize) -> &AtomicU64 {
        self.word(t, Self::slot_off(slot) + 8)
    }
    /// Sequence number of the last collective `t` completed on `slot` (its data moved).
    pub fn completed(&self, t: usize, slot: usize) -> &AtomicU64 {
        self.word(t, Self::slot_off(slot) + 32)
    }
    pub fn slot_size(&self, t: usize, slot: usize) -> &AtomicU64 {
        self.word(t, Self::slot_off(slot) + 16)
    }
    pub fn desc(&self, t: usize, slot: usize, seq: u64, w: usize) -> &AtomicU64 {
        let i = seq as usize % RING;
        self.word(
            t,
            Self::slot_off(slot) + RING_OFF + (i * DESC_WORDS + w) * 8,
        )
    }
    /// Copy of thread `t`'s descriptor of collective `seq` on `slot`, if still there.
    pub fn read_desc(&self, t: usize, slot: usize, seq: u64) -> Option<[u64; DESC_WORDS]> {
        let mut d = [0u64; DESC_WORDS];
        for (w, v) in d.iter_mut().enumerate() {
            *v = self.desc(t, slot, seq, w).load(Acquire);
        }
        (d[desc::SEQ] == seq && self.desc(t, slot, seq, desc::SEQ).load(Acquire) == seq)
            .then_some(d)
    }
    pub fn member(&self, t: usize, slot: usize, rank: usize) -> u32 {
        let off = Self::slot_off(slot) + MEMBERS_OFF + rank * 4;
        // SAFETY: inside the area; u32 written before the slot id is published.
        unsafe { (self.areas[t].add(off) as *const u32).read_volatile() }
    }
    pub fn set_members(&self, slot: usize, members: &[usize]) {
        for (r, &m) in members.iter().enumerate() {
            let off = Self::slot_off(slot) + MEMBERS_OFF + r * 4;
            // SAFETY: our own area, inside the slot.
            unsafe { (self.areas[self.me].add(off) as *mut u32).write_volatile(m as u32) };
        }
    }

    /// Members of live team `uid`, looked up in its leader's slots (team ids carry the
    /// leader's thread + 1 in their upper half).
    pub fn members_of(&self, uid: u64) -> Option<Vec<usize>> {
        if uid == 0 {
            return Some((0..self.threads).collect());
        }
        let leader = (uid >> 32) as usize;
        if leader == 0 || leader > self.threads {
            return None;
        }
        let l = leader - 1;
        (0..SLOTS).find_map(|s| {
            (self.slot_uid(l, s).load(Acquire) == uid + 1).then(|| {
                let n = self.slot_size(l, s).load(Acquire) as usize;
                (0..n.min(MAX_MEMBERS))
                    .map(|r| self.member(l, s, r) as usize)
                    .collect()
            })
        })
    }

    /// The readers-left counter at the start of a staging block of thread `t`.
    pub fn stage_readers(&self, t: usize, addr: u64) -> &AtomicU64 {
        // SAFETY: staging blocks are 16-aligned allocations that start with this word.
        unsafe { &*(self.ptr(t, addr) as *const AtomicU64) }
    }
}

/// Bytes before the data of a staging block.
pub const STAGE_HDR: usize = 16;
