//! SLP: straight-line code made vector, its permutations priced and lowered by the
//! library (seed 003).
//!
//! The seeds are store chains: scalar stores to consecutive addresses of one base; and
//! horizontal reductions (a chain of integer `add`/`mul`/`and`/`or`/`xor`, or of `fadd`/`fmul`
//! with `reassoc`), whose lanes
//! may be taken in any order ([`tree::reduction_tree`] takes the one that needs the
//! fewest shuffles) and end in `llvm.vector.reduce.*`. The values they store (or
//! combine) are read bottom-up as a tree ([`tree`]): bundles of loads of one
//! consecutive range (in any order: the *permutation node*, one vector load and one
//! shuffle), of one operation (commutative ones may swap operands lane by lane), or of
//! constants. A window of the chain whose tree builds becomes vector code after its last
//! store; the shuffles then go through the library (an 8x8 transpose written as two
//! loops: 64 scalar loads and stores, one `<64 x i16>` shuffle, 24 register shuffles once
//! the late instance builds its network). Stock SLP vectorizes such code with gathers of
//! small pieces (x86-64-v3: 77 shuffle instructions for the 8x8 i16 transpose) or, on
//! AArch64, leaves it scalar.
//!
//! ```text
//! %x0 = load i16, ptr %in          ; 64 loads of in[0..64], in some order
//! store i16 %x0, ptr %out          ; each stored to out[0..64], one by one
//! %p1 = getelementptr i8, ptr %in, i64 16
//! %x1 = load i16, ptr %p1
//! store i16 %x1, ptr %out+2 ...
//! =>
//! %v = load <64 x i16>, ptr %in
//! %s = shufflevector <64 x i16> %v, poison, <0,8,16,..>
//! store <64 x i16> %s, ptr %out
//! ```
//!
//! `ir::slp` reads the chains and trees, checks that moving the loads and stores to the
//! last store is safe, and builds; `pass::slp` decides by what `llc` emits.

pub mod tree;

/// Whether byte ranges `[a, a + a_len)` and `[b, b + b_len)` of one base overlap.
pub fn overlap_ranges(a: i64, a_len: i64, b: i64, b_len: i64) -> bool {
    a < b + b_len && b < a + a_len
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_overlap_when_they_share_a_byte() {
        assert!(overlap_ranges(0, 16, 8, 16));
        assert!(!overlap_ranges(0, 16, 16, 16));
        assert!(overlap_ranges(16, 4, 0, 17));
        assert!(!overlap_ranges(32, 8, 0, 16));
    }
}
