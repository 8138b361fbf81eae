//! A stored shuffle of one wide load that interleaves pieces of it, as the loads of
//! the pieces.
//!
//! ```text
//! %w = load <64 x i16>, ptr %p                      ; an 8x8 matrix, rows of 8
//! %t = shufflevector %w, poison, <0,8,16,...,56, 1,9,...>   ; its transpose
//! store %t, ptr %q
//! =>
//! %r0 = load <8 x i16>, ptr %p  ...  %r7 = load <8 x i16>, ptr %p+112
//! %c  = the rows side by side (shuffles that concatenate)
//! store (shufflevector %c, poison, <0,8,16,...>), ptr %q   ; one `vsseg8e16`
//! ```
//!
//! A store of a shuffle that interleaves `factor` pieces of `len` lanes (lane `i` of
//! piece `f` at `i * factor + f`: LLVM's re-interleave masks) is what the backends'
//! interleaved stores take (`vsseg2`..`vsseg8` on RISC-V V, `st2`..`st4` on AArch64);
//! but from one wide load they first take each piece out of the register group it was
//! loaded into (sifive-x280: 105 slides for eight such transposes, 54 cycles a matrix),
//! where loading each piece by itself gives them whole (8 loads and one `vsseg8e16`,
//! 16 cycles). Each piece reads a part of what the wide load read: no memory it did not.
//! Whether it pays is measured (`pass::pieces`).

/// The pieces a shuffle interleaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pieces {
    pub factor: usize,
    /// Lanes of each piece.
    pub len: usize,
    /// The first source lane of each piece.
    pub starts: Vec<usize>,
}

impl Pieces {
    /// The shuffle of the pieces side by side (piece `f` at lanes `f * len..`) that
    /// interleaves them as `mask` did (its poison lanes kept).
    pub fn interleave(&self, mask: &[i32]) -> Vec<i32> {
        mask.iter()
            .enumerate()
            .map(|(j, &m)| match m {
                m if m < 0 => -1,
                _ => ((j % self.factor) * self.len + j / self.factor) as i32,
            })
            .collect()
    }
}

/// Factors the backends' interleaved stores take, at most (RISC-V V's segments).
pub const MAX_FACTOR: usize = 8;

/// The pieces `mask` (of one source of `source_lanes`; `-1` poison) interleaves, by the
/// smallest factor, a power of two (the pieces are put side by side by halves); `None`
/// if it interleaves none, or a piece has no defined lane (nothing says where to load
/// it from).
pub fn interleaved_pieces(mask: &[i32], source_lanes: usize) -> Option<Pieces> {
    let n = mask.len();
    if mask.iter().any(|&m| m >= source_lanes as i32) {
        return None;
    }
    (1..=MAX_FACTOR.trailing_zeros())
        .map(|k| 1usize << k)
        .filter(|&factor| n % factor == 0 && n / factor >= 2)
        .find_map(|factor| {
            let len = n / factor;
            let starts = (0..factor)
                .map(|f| {
                    let lanes = (0..len).map(|i| (i, mask[i * factor + f]));
                    let mut defined = lanes.clone().filter(|&(_, m)| m >= 0);
                    let (i, m) = defined.next()?;
                    let start = (m as usize).checked_sub(i)?;
                    let fits = start + len <= source_lanes
                        && lanes
                            .filter(|&(_, m)| m >= 0)
                            .all(|(i, m)| m as usize == start + i);
                    fits.then_some(start)
                })
                .collect::<Option<Vec<usize>>>()?;
            Some(Pieces {
                factor,
                len,
                starts,
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the loads of the pieces, side by side and shuffled, put in lane `j`.
    fn computed(p: &Pieces, mask: &[i32]) -> Vec<i32> {
        let side_by_side: Vec<usize> = p.starts.iter().flat_map(|&s| s..s + p.len).collect();
        p.interleave(mask)
            .iter()
            .map(|&m| {
                if m < 0 {
                    -1
                } else {
                    side_by_side[m as usize] as i32
                }
            })
            .collect()
    }

    #[test]
    fn a_transpose_is_its_rows_interleaved() {
        let mask: Vec<i32> = (0..64).map(|j| (j % 8) * 8 + j / 8).collect();
        let p = interleaved_pieces(&mask, 64).unwrap();
        assert_eq!(p.factor, 8);
        assert_eq!(p.starts, vec![0, 8, 16, 24, 32, 40, 48, 56]);
        assert_eq!(computed(&p, &mask), mask);
    }

    /// Every mask of 8 lanes of 16 source lanes whose lanes are pieces interleaved, by
    /// each factor, starts and poison lanes: found, and the loads of the pieces compute
    /// it; masks that interleave nothing (a lane moved) are not taken.
    #[test]
    fn every_interleave_of_pieces_computes_its_mask() {
        let source = 16;
        let mut found = 0;
        for factor in [2usize, 4] {
            let len = 8 / factor;
            let starts_choices = (0..=source - len).collect::<Vec<_>>();
            // Each piece's start among a few, each lane poison or not.
            for code in 0..starts_choices.len().pow(factor as u32).min(4096) {
                let mut c = code;
                let starts: Vec<usize> = (0..factor)
                    .map(|_| {
                        let s = starts_choices[c % starts_choices.len()];
                        c /= starts_choices.len();
                        s
                    })
                    .collect();
                for poison in [0u32, 0b1, 0b1000_0001, 0b0101_0101] {
                    let mask: Vec<i32> = (0..8)
                        .map(|j| match poison >> j & 1 {
                            1 => -1,
                            _ => (starts[j % factor] + j / factor) as i32,
                        })
                        .collect();
                    let Some(p) = interleaved_pieces(&mask, source) else {
                        // A piece all poison says nothing of where it is.
                        assert!((0..factor).any(|f| (0..len).all(|i| mask[i * factor + f] < 0)));
                        continue;
                    };
                    found += 1;
                    let got = computed(&p, &mask);
                    for (j, (&g, &m)) in got.iter().zip(&mask).enumerate() {
                        assert!(m < 0 || g == m, "{mask:?} lane {j}: {g}");
                    }
                    // One lane moved: no longer the same pieces.
                    let mut moved = mask.clone();
                    if moved[0] >= 0 && moved[0] + 1 < source as i32 && moved[2] != moved[0] + 1 {
                        moved[0] += 1;
                        if let Some(q) = interleaved_pieces(&moved, source) {
                            assert_eq!(computed(&q, &moved), moved);
                        }
                    }
                }
            }
        }
        assert!(found > 1000, "{found}");
        // Lanes past the source, or a piece running past it: none.
        assert_eq!(interleaved_pieces(&[0, 16, 1, 17], 16), None);
        assert_eq!(interleaved_pieces(&[15, 0, -1, 1], 16), None);
    }
}
