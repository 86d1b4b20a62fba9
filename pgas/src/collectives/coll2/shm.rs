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

use std::sync::atomic::{AtomicU64, Ordering, Ordering::*};

/// A 64-bit word of some thread's coll2 area or staging block: used in place, or through
/// the conduit's one-sided atomics when it is another thread's and the areas are reached
/// that way ([`Env::remote`]).  Other threads only read a thread's words, but for the
/// readers-left counter of a staging block, which they decrement.
#[derive(Clone, Copy)]
pub struct Word<'a> {
    w: &'a AtomicU64,
    /// The owning thread when the word is reached through the conduit.
    remote: Option<usize>,
}

impl Word<'_> {
    #[inline]
    pub fn load(self, o: Ordering) -> u64 {
        match self.remote {
            None => self.w.load(o),
            Some(t) => crate::collectives::rt::word_load(t, self.w),
        }
    }
    #[inline]
    pub fn store(self, v: u64, o: Ordering) {
        match self.remote {
            None => self.w.store(v, o),
            Some(t) => crate::collectives::rt::word_store(t, self.w, v),
        }
    }
    #[inline]
    pub fn fetch_add(self, v: u64, o: Ordering) -> u64 {
        match self.remote {
            None => self.w.fetch_add(v, o),
            Some(t) => crate::collectives::rt::word_add(t, self.w, v),
        }
    }
    #[inline]
    pub fn fetch_sub(self, v: u64, o: Ordering) -> u64 {
        match self.remote {
            None => self.w.fetch_sub(v, o),
            Some(t) => crate::collectives::rt::word_add(t, self.w, v.wrapping_neg()),
        }
    }
}

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
    /// What PEER has not done yet: initiated (0) or completed (1) collective SEQ on SLOT.
    pub const UNTIL: usize = 9;
    pub const UNTIL_INITIATED: u64 = 0;
    pub const UNTIL_COMPLETED: u64 = 1;
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
    /// Other threads' areas and staging blocks are not mapped here and are reached through
    /// the conduit (every thread its own node).
    pub remote: bool,
}

impl Env {
    /// Address in this process of byte `addr` of thread `t`'s partition.
    pub fn ptr(&self, t: usize, addr: u64) -> *mut u8 {
        // SAFETY: inside the mapped segment; callers access what the program designated.
        unsafe { self.seg_base.add(t * self.part_size + addr as usize) }
    }

    /// Whether thread `t`'s area and data are reached through the conduit.
    #[inline]
    pub fn reaches_remotely(&self, t: usize) -> bool {
        self.remote && t != self.me
    }

    #[inline]
    fn at(&self, t: usize, p: *mut u8) -> Word<'_> {
        Word {
            // SAFETY: an 8-aligned word of the segment (the area or a staging block) that
            // lives for the job and is only accessed atomically; not dereferenced here when
            // it is reached through the conduit.
            w: unsafe { &*(p as *const AtomicU64) },
            remote: self.reaches_remotely(t).then_some(t),
        }
    }

    fn word(&self, t: usize, off: usize) -> Word<'_> {
        debug_assert!(off + 8 <= AREA_SIZE);
        self.at(t, self.areas[t].wrapping_add(off))
    }

    /// `dst.len()` bytes at `p` (in thread `t`'s area or partition) into `dst`: one get
    /// through the conduit when `t`'s are reached that way, else a copy.
    pub fn read(&self, t: usize, p: *const u8, dst: &mut [u8]) {
        if self.reaches_remotely(t) {
            crate::collectives::rt::get_bytes(t, p, dst);
        } else {
            // SAFETY: callers pass a place of the mapped segment valid for `dst.len()`.
            unsafe { std::ptr::copy_nonoverlapping(p, dst.as_mut_ptr(), dst.len()) }
        }
    }

    pub fn hdr(&self, t: usize, w: usize) -> Word<'_> {
        self.word(t, w * 8)
    }

    fn slot_off(slot: usize) -> usize {
        HEADER + slot * SLOT_SIZE
    }

    /// Whether thread `t`, blocked in a completion call (odd `hdr::BLOCKED`), still waits
    /// for what its header says: its peer has not initiated (or completed) the collective
    /// yet.  False when the peer has done it and `t` has not noticed yet (a thread that was
    /// not scheduled for a while): not an edge of a deadlock.
    pub fn still_waits(&self, t: usize) -> bool {
        let w = |x: usize| self.hdr(t, x).load(Ordering::SeqCst);
        let (slot, seq) = (w(hdr::SLOT) as usize, w(hdr::SEQ));
        let peer = (w(hdr::PEER) as usize).wrapping_sub(1);
        if peer >= self.threads || slot >= SLOTS {
            return false;
        }
        let done = if w(hdr::UNTIL) == hdr::UNTIL_COMPLETED {
            self.completed(peer, slot)
        } else {
            self.initiated(peer, slot)
        };
        done.load(Ordering::SeqCst) < seq
    }

    /// Team id + 1 of thread `t`'s slot (0: unused).
    pub fn slot_uid(&self, t: usize, slot: usize) -> Word<'_> {
        self.word(t, Self::slot_off(slot))
    }
    /// Sequence number of the last collective `t` initiated on `slot`.
    pub fn initiated(&self, t: usize, slot: usize) -> Word<'_> {
        self.word(t, Self::slot_off(slot) + 8)
    }
    /// Sequence number of the last collective `t` completed on `slot` (its data moved).
    pub fn completed(&self, t: usize, slot: usize) -> Word<'_> {
        self.word(t, Self::slot_off(slot) + 32)
    }
    pub fn slot_size(&self, t: usize, slot: usize) -> Word<'_> {
        self.word(t, Self::slot_off(slot) + 16)
    }
    pub fn desc(&self, t: usize, slot: usize, seq: u64, w: usize) -> Word<'_> {
        self.word(t, Self::desc_off(slot, seq, w))
    }
    fn desc_off(slot: usize, seq: u64, w: usize) -> usize {
        let i = seq as usize % RING;
        Self::slot_off(slot) + RING_OFF + (i * DESC_WORDS + w) * 8
    }
    /// Copy of thread `t`'s descriptor of collective `seq` on `slot`, if still there.
    pub fn read_desc(&self, t: usize, slot: usize, seq: u64) -> Option<[u64; DESC_WORDS]> {
        let mut d = [0u64; DESC_WORDS];
        if self.reaches_remotely(t) {
            let mut b = [0u8; DESC_WORDS * 8];
            let first = self.areas[t].wrapping_add(Self::desc_off(slot, seq, 0));
            self.read(t, first, &mut b);
            for (v, c) in d.iter_mut().zip(b.chunks_exact(8)) {
                *v = u64::from_ne_bytes(c.try_into().unwrap());
            }
        } else {
            for (w, v) in d.iter_mut().enumerate() {
                *v = self.desc(t, slot, seq, w).load(Acquire);
            }
        }
        (d[desc::SEQ] == seq && self.desc(t, slot, seq, desc::SEQ).load(Acquire) == seq)
            .then_some(d)
    }
    pub fn member(&self, t: usize, slot: usize, rank: usize) -> u32 {
        let off = Self::slot_off(slot) + MEMBERS_OFF + rank * 4;
        if self.reaches_remotely(t) {
            let mut b = [0u8; 4];
            self.read(t, self.areas[t].wrapping_add(off), &mut b);
            return u32::from_ne_bytes(b);
        }
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
                let n = self.slot_size(l, s).load(Acquire).min(MAX_MEMBERS as u64) as usize;
                let first = self.areas[l].wrapping_add(Self::slot_off(s) + MEMBERS_OFF);
                let mut b = vec![0u8; 4 * n];
                self.read(l, first, &mut b);
                b.chunks_exact(4)
                    .map(|c| u32::from_ne_bytes(c.try_into().unwrap()) as usize)
                    .collect()
            })
        })
    }

    /// The readers-left counter at the start of a staging block of thread `t`.
    pub fn stage_readers(&self, t: usize, addr: u64) -> Word<'_> {
        // staging blocks are 16-aligned allocations that start with this word
        self.at(t, self.ptr(t, addr))
    }
}

/// Bytes before the data of a staging block.
pub const STAGE_HDR: usize = 16;
