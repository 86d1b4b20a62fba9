//! The signature of a collective operation: which operation a thread has reached plus the
//! values of its single-valued arguments.  Two threads at the n-th collective of their
//! sequences must have matching signatures.
//!
//! `op` encodes the operation: [`UNKNOWN`] (no collective: the all-zero state of a fresh
//! segment), [`END_OF_EXECUTION`], or a catalog id + [`OP_BASE`].  [`FORALL`] names a
//! controlling `upc_forall` in reports; loops are not compared on their own but folded into
//! the signature of the thread's next collective operation (`forall`, see `forall.rs`).

/// No collective operation (the thesis' `unknown`).
pub const UNKNOWN: u32 = 0;
/// The thread reached the end of execution (return from main, exit).
pub const END_OF_EXECUTION: u32 = 1;
/// A controlling `upc_forall` (in reports).
pub const FORALL: u32 = 2;
/// Catalog operation `id` is encoded as `id + OP_BASE`.
pub const OP_BASE: u32 = 16;

/// Words of single-valued argument values kept per signature.
pub const MAX_WORDS: usize = 14;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Signature {
    pub op: u32,
    /// Number of meaningful words in `vals`.
    pub n: u32,
    /// Address of the `upcc_site_t` (file, line) where the thread reached it; not compared.
    pub site: u64,
    /// Digest of the controlling `upc_forall` loops the thread ran since its previous
    /// collective operation (iteration counts and affinities; 0 = none).
    pub forall: u64,
    /// How many such loops, and which of the thread's two loop logs holds them
    /// (`ThreadArea::forall_log`): `loops << 1 | log`.  Not compared.
    pub forall_loops: u64,
    pub vals: [u64; MAX_WORDS],
}

impl Default for Signature {
    fn default() -> Self {
        Signature::new(UNKNOWN, 0)
    }
}

impl Signature {
    pub const fn new(op: u32, site: u64) -> Self {
        Signature {
            op,
            n: 0,
            site,
            forall: 0,
            forall_loops: 0,
            vals: [0; MAX_WORDS],
        }
    }

    /// A catalog operation.
    pub fn catalog(id: usize, site: u64) -> Self {
        Signature::new(id as u32 + OP_BASE, site)
    }

    /// Append one value word; extra words fold into the last one.
    #[inline]
    pub fn push(&mut self, v: u64) {
        let n = self.n as usize;
        if n < MAX_WORDS {
            self.vals[n] = v;
            self.n += 1;
        } else {
            let last = &mut self.vals[MAX_WORDS - 1];
            *last = (last.rotate_left(17) ^ v).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    /// Copy into `dst` what comparisons and reports read: everything but the unused value
    /// words (a barrier's signature has none).
    #[inline]
    pub fn copy_to(&self, dst: &mut Signature) {
        let n = self.values().len();
        dst.op = self.op;
        dst.n = self.n;
        dst.site = self.site;
        dst.forall = self.forall;
        dst.forall_loops = self.forall_loops;
        if n > 0 {
            // (no call of memcpy for a barrier's)
            dst.vals[..n].copy_from_slice(self.values());
        }
    }

    pub fn values(&self) -> &[u64] {
        &self.vals[..(self.n as usize).min(MAX_WORDS)]
    }

    /// The catalog id, for operations of the catalog.
    pub fn catalog_id(&self) -> Option<usize> {
        (self.op >= OP_BASE).then(|| (self.op - OP_BASE) as usize)
    }

    /// The thesis' `a ≅ b`: same operation and, except at the end of execution, identical
    /// single-valued arguments; and the same `upc_forall` loops since the previous one.
    #[inline]
    pub fn matches(&self, other: &Signature) -> bool {
        self.op == other.op
            && self.forall == other.forall
            && (self.op == END_OF_EXECUTION || self.values() == other.values())
    }

    /// Same operation and arguments, but different `upc_forall` loops before it.
    pub fn differs_in_forall(&self, other: &Signature) -> bool {
        self.forall != other.forall
            && Signature {
                forall: other.forall,
                ..*self
            }
            .matches(other)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matching_rules() {
        let mut a = Signature::catalog(3, 100);
        let mut b = Signature::catalog(3, 200);
        a.push(7);
        b.push(7);
        assert!(a.matches(&b), "site is not compared");
        b.vals[0] = 8;
        assert!(!a.matches(&b), "a differing value is a mismatch");
        let c = Signature::catalog(4, 100);
        assert!(
            !Signature::catalog(3, 0).matches(&c),
            "different operations"
        );
        let e1 = Signature::new(END_OF_EXECUTION, 1);
        let e2 = Signature::new(END_OF_EXECUTION, 2);
        assert!(e1.matches(&e2));
        assert!(!e1.matches(&a));
    }

    #[test]
    fn a_copy_matches_its_original() {
        let mut a = Signature::catalog(3, 100);
        a.push(7);
        a.push(8);
        a.forall = 5;
        a.forall_loops = 3;
        let mut b = Signature::catalog(9, 1);
        for i in 0..MAX_WORDS as u64 {
            b.push(100 + i);
        }
        a.copy_to(&mut b);
        assert!(b.matches(&a) && a.matches(&b));
        assert_eq!(
            (b.site, b.forall_loops, b.values()),
            (100, 3, &[7u64, 8][..])
        );
    }

    #[test]
    fn loops_before_an_operation_are_compared() {
        let mut a = Signature::catalog(3, 100);
        let mut b = Signature::catalog(3, 200);
        a.forall = 5;
        assert!(!a.matches(&b));
        assert!(a.differs_in_forall(&b));
        b.forall = 5;
        b.forall_loops = 7;
        assert!(a.matches(&b), "which log holds the loops is not compared");
        let mut e1 = Signature::new(END_OF_EXECUTION, 1);
        let e2 = Signature::new(END_OF_EXECUTION, 2);
        e1.forall = 9;
        assert!(!e1.matches(&e2) && e1.differs_in_forall(&e2));
        let c = Signature::catalog(4, 100);
        assert!(
            !a.differs_in_forall(&c),
            "a different operation is not a loop difference"
        );
    }

    #[test]
    fn overflow_folds_into_last_word() {
        let mut a = Signature::catalog(1, 0);
        let mut b = Signature::catalog(1, 0);
        for i in 0..20 {
            a.push(i);
            b.push(if i == 19 { 99 } else { i });
        }
        assert_eq!(a.n as usize, MAX_WORDS);
        assert!(!a.matches(&b), "a difference past MAX_WORDS is still seen");
    }
}
