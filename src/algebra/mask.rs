//! Shuffle masks.
//!
//! A [`Mask`] is the selector list of a `shufflevector`: output lane `i` takes lane
//! `mask[i]` of the concatenation of the two operands, each `n` lanes wide, or is poison
//! when the selector is [`Mask::POISON`]. This is LLVM's own representation (`-1` for a
//! poison lane), so masks cross the FFI boundary unchanged.

use std::fmt;

/// Which operand of a two-operand shuffle.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Side {
    First,
    Second,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    pub fn index(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
    }

    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}

/// A shuffle mask over two operands of `n` lanes each.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Mask(Vec<i32>);

impl Mask {
    /// The selector of a poison output lane.
    pub const POISON: i32 = -1;

    /// Builds a mask; every negative selector is a poison lane.
    pub fn new(selectors: impl IntoIterator<Item = i32>) -> Mask {
        Mask(
            selectors
                .into_iter()
                .map(|s| if s < 0 { Mask::POISON } else { s })
                .collect(),
        )
    }

    /// The identity mask of `n` lanes.
    pub fn identity(n: usize) -> Mask {
        Mask((0..n as i32).collect())
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn as_slice(&self) -> &[i32] {
        &self.0
    }

    /// The operand and lane that output lane `i` reads, for operands of `n` lanes;
    /// `None` for a poison lane.
    pub fn source(&self, i: usize, n: usize) -> Option<(Side, usize)> {
        let sel = self.0[i];
        if sel < 0 {
            None
        } else if (sel as usize) < n {
            Some((Side::First, sel as usize))
        } else {
            Some((Side::Second, sel as usize - n))
        }
    }

    /// Whether some lane reads operand `side`.
    pub fn reads(&self, side: Side, n: usize) -> bool {
        (0..self.len()).any(|i| matches!(self.source(i, n), Some((s, _)) if s == side))
    }

    /// The mask that selects the same lanes once the two operands are swapped:
    /// `mask'[i] = (mask[i] + n) mod 2n`, poison lanes unchanged.
    pub fn commuted(&self, n: usize) -> Mask {
        let n = n as i32;
        Mask(
            self.0
                .iter()
                .map(|&s| if s < 0 { s } else { (s + n) % (2 * n) })
                .collect(),
        )
    }

    /// The first selector that is not poison.
    pub fn first_defined(&self) -> Option<i32> {
        self.0.iter().copied().find(|&s| s >= 0)
    }

    pub fn is_all_poison(&self) -> bool {
        self.0.iter().all(|&s| s < 0)
    }

    /// Output equals the first operand (of `n` lanes) in every lane that is not poison.
    pub fn is_identity(&self, n: usize) -> bool {
        self.len() == n
            && self
                .0
                .iter()
                .enumerate()
                .all(|(i, &s)| s < 0 || s as usize == i)
    }
}

/// Seed 000's `pattern_diff(P, m, k)`: `P[i + k] - P[i]` for `i` in `0..m-k`.
pub fn pattern_diff(p: &[i32], m: usize, k: usize) -> Vec<i32> {
    (0..m.saturating_sub(k)).map(|i| p[i + k] - p[i]).collect()
}

/// Seed 000's `pattern_signature(P)`: the first selector and the differences of
/// neighbours. (Recognition computes richer features in one pass: `crate::algebra::signature`.)
pub fn pattern_signature(p: &[i32]) -> (i32, Vec<i32>) {
    (
        p.first().copied().unwrap_or(Mask::POISON),
        pattern_diff(p, p.len(), 1),
    )
}

impl fmt::Debug for Mask {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Prints `<0,4,poison,1>`.
impl fmt::Display for Mask {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<")?;
        for (i, &s) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            if s < 0 {
                f.write_str("poison")?;
            } else {
                write!(f, "{s}")?;
            }
        }
        f.write_str(">")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commuting_twice_is_the_identity() {
        for n in 1..6usize {
            let all: Vec<i32> = (-1..2 * n as i32).collect();
            let m = Mask::new(all.iter().copied());
            assert_eq!(m.commuted(n).commuted(n), m);
        }
    }

    #[test]
    fn commuted_mask_reads_the_same_lanes_from_the_other_side() {
        let n = 4;
        let m = Mask::new([0, 5, -1, 7, 3]);
        let c = m.commuted(n);
        for i in 0..m.len() {
            let before = m.source(i, n).map(|(s, l)| (s.other(), l));
            assert_eq!(c.source(i, n), before);
        }
    }

    #[test]
    fn identity_allows_poison_lanes_but_not_other_lengths() {
        assert!(Mask::new([0, -1, 2, 3]).is_identity(4));
        assert!(!Mask::new([0, 1, 2]).is_identity(4));
        assert!(!Mask::new([0, 1, 2, 7]).is_identity(4));
        assert!(Mask::identity(3).is_identity(3));
    }

    #[test]
    fn seed_000_pattern_diff_and_signature() {
        // The seed's own printed examples.
        assert_eq!(
            pattern_diff(&[1, 2, 3, 4, 5, 6, 7, 0], 8, 1),
            [1, 1, 1, 1, 1, 1, -7]
        );
        assert_eq!(
            pattern_diff(&[2, 3, 4, 5, 6, 7, 0, 1], 8, 1),
            [1, 1, 1, 1, 1, -7, 1]
        );
        assert_eq!(pattern_diff(&[1, 2, 3, 0, 5, 6, 7, 4], 8, 4), [4, 4, 4, 4]);
        assert_eq!(pattern_diff(&[1, 2, 3, 0, 5, 6, 7, 4], 4, 1), [1, 1, -3]);
        assert_eq!(
            pattern_signature(&[8, 8, 1, 2, 3, 4, 5, 6]),
            (8, vec![0, -7, 1, 1, 1, 1, 1])
        );
        assert_eq!(
            pattern_signature(&[5, 6, 7, 8, 8, 8, 8, 8]),
            (5, vec![1, 1, 1, 0, 0, 0, 0])
        );
        assert_eq!(
            pattern_signature(&[0, 8, 1, 9, 2, 10, 3, 11]),
            (0, vec![8, -7, 8, -7, 8, -7, 8])
        );
        assert_eq!(
            pattern_signature(&[1, 3, 5, 7, 9, 11, 13, 15]),
            (1, vec![2, 2, 2, 2, 2, 2, 2])
        );
    }

    #[test]
    fn display_names_poison_lanes() {
        assert_eq!(Mask::new([0, -5, 3]).to_string(), "<0,poison,3>");
    }
}
