//! Half loads: a shuffle of two registers that reads only one half of each, as the two
//! halves side by side and one shuffle of them.
//!
//! Where an operand is a load, its half is a load of half the width (it reads part of
//! what the load read, no memory it did not); two halves side by side are one
//! instruction that takes one of them from memory (x86 `vinsertf128`/`vinserti64x4`
//! from memory, which does not use the shuffle port), and what is left is a shuffle of
//! one register (`vpermps` with a constant) where the backend otherwise takes lanes
//! from both registers across their 128-bit halves (two `vpermps` and a blend):
//!
//! ```text
//! %a = load <8 x i32>, ptr %p          ; lanes 0..3 read
//! %b = load <8 x i32>, ptr %q          ; lanes 0..3 read
//! %s = shufflevector %a, %b, <3,11,2,10,1,9,0,8>
//! =>
//! %h = shufflevector (load <4 x i32>, ptr %p), (load <4 x i32>, ptr %q), <0,1,..,7>
//! %s = shufflevector (fence %h), poison, <3,7,2,6,1,5,0,4>
//! ```
//!
//! [`halves`] finds the halves and the shuffle left; whether it pays is measured
//! (`pass::halves`).

/// The halves a two-operand shuffle reads and the shuffle of them side by side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Halves {
    /// Per operand, the half it reads: 0 the low lanes, 1 the high.
    pub half: [usize; 2],
    /// The one-operand shuffle of operand 0's half followed by operand 1's (the
    /// original's poison lanes kept).
    pub mask: Vec<i32>,
}

impl Halves {
    /// The first lane of operand `operand`'s half among its `lanes` lanes.
    pub fn start(&self, operand: usize, lanes: usize) -> usize {
        self.half[operand] * lanes / 2
    }
}

/// The halves `mask` reads, a shuffle of two operands of `lanes` lanes each (into any
/// number of lanes): `None` unless each operand is read and only within one half.
pub fn halves(mask: &[i32], lanes: usize) -> Option<Halves> {
    if lanes < 2 || lanes % 2 != 0 {
        return None;
    }
    let half_lanes = lanes / 2;
    let mut half = [None, None];
    for &m in mask.iter().filter(|&&m| m >= 0) {
        let m = m as usize;
        let (operand, lane) = (m / lanes, m % lanes);
        if operand > 1 {
            return None;
        }
        let h = lane / half_lanes;
        match half[operand] {
            None => half[operand] = Some(h),
            Some(seen) if seen != h => return None,
            Some(_) => {}
        }
    }
    let half = [half[0]?, half[1]?];
    let mask = mask
        .iter()
        .map(|&m| match m {
            m if m < 0 => -1,
            m => {
                let (operand, lane) = (m as usize / lanes, m as usize % lanes);
                (operand * half_lanes + lane - half[operand] * half_lanes) as i32
            }
        })
        .collect();
    Some(Halves { half, mask })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every mask of one to five lanes over two operands of four lanes, and of one to
    /// four over operands of two (poison, and each lane of either operand): where
    /// [`halves`] answers, the halves side by side shuffled give every lane the
    /// original gives; where it does not, an operand is unread or read in both halves.
    #[test]
    fn exhaustive_small() {
        let mut found = 0;
        for (lanes, len) in (1..=5)
            .map(|len| (4, len))
            .chain((1..=4).map(|len| (2, len)))
        {
            found += exhaustive(lanes, len);
        }
        assert!(found > 1000, "{found}");
    }

    /// [`exhaustive_small`] for one shape: how many masks [`halves`] answers.
    fn exhaustive(lanes: usize, len: usize) -> usize {
        let values: Vec<i32> = (-1..2 * lanes as i32).collect();
        let mut found = 0;
        for code in 0..values.len().pow(len as u32) {
            let mask: Vec<i32> = (0..len)
                .map(|i| values[code / values.len().pow(i as u32) % values.len()])
                .collect();
            // The source lanes, tagged: operand 0 then operand 1.
            let read_halves = |operand: usize| -> Vec<usize> {
                let mut h: Vec<usize> = mask
                    .iter()
                    .filter(|&&m| m >= 0 && m as usize / lanes == operand)
                    .map(|&m| (m as usize % lanes) / (lanes / 2))
                    .collect();
                h.sort();
                h.dedup();
                h
            };
            match halves(&mask, lanes) {
                Some(h) => {
                    found += 1;
                    let side_by_side: Vec<i32> = (0..2)
                        .flat_map(|op| {
                            let start = h.start(op, lanes);
                            (start..start + lanes / 2).map(move |l| (op * lanes + l) as i32)
                        })
                        .collect();
                    let got: Vec<i32> = h
                        .mask
                        .iter()
                        .map(|&m| match m {
                            m if m < 0 => -1,
                            m => side_by_side[m as usize],
                        })
                        .collect();
                    assert_eq!(got, mask, "{h:?}");
                }
                None => assert!(
                    (0..2).any(|op| read_halves(op).len() != 1),
                    "{mask:?} reads one half of each"
                ),
            }
        }
        found
    }

    #[test]
    fn the_chain_kernel() {
        let h = halves(&[3, 11, 2, 10, 1, 9, 0, 8], 8).unwrap();
        assert_eq!(h.half, [0, 0]);
        assert_eq!(h.mask, vec![3, 7, 2, 6, 1, 5, 0, 4]);
        let h = halves(&[6, -1, 0, 1], 4).unwrap();
        assert_eq!((h.half, h.mask), ([0, 1], vec![2, -1, 0, 1]));
        assert!(halves(&[0, 1, 2, 3], 4).is_none());
        assert!(halves(&[0, 4, 3, 5], 4).is_none());
        // Narrower and wider results.
        assert_eq!(halves(&[5, 13, 4, 12], 8).unwrap().mask, vec![1, 5, 0, 4]);
        assert_eq!(
            halves(&[1, 4, 1, 4, 0, 5, -1, 4], 4).unwrap().mask,
            vec![1, 2, 1, 2, 0, 3, -1, 2]
        );
    }
}
