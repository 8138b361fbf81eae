//! Joined groups: register-sized loads of one block of memory, the shuffles between
//! them and register-sized stores of another block, read as one permutation of the
//! block's elements (the IR layer reads the group, the pass decides: `ir::join`, `pass::join`).
//!
//! Code written for 128-bit registers (`memcpy` rows, two rounds of unpacks) moves a
//! matrix through many small shuffles. RISC-V V holds the whole matrix in one register
//! group (sifive-x280: 512-bit registers), where one `vrgather` with a constant index
//! vector does what the backend otherwise builds from slides, widening adds and merges:
//!
//! ```text
//! %r0 = load <4 x float>, ptr %p        ; rows 0..3 at %p, %p+16, %p+32, %p+48
//! %t0 = shufflevector %r0, %r1, <0,4,1,5>   ; ... eight shuffles
//! store <4 x float> %c0, ptr %q         ; columns 0..3 at %q .. %q+48
//! =>
//! %w = load <16 x float>, ptr %p
//! %s = shufflevector %w, poison, <0,4,8,12, 1,5,9,13, 2,6,10,14, 3,7,11,15>
//! store <16 x float> %s, ptr %q
//! ```
//!
//! Here the group is a small graph: [`Part::Load`] leaves that name where in the block
//! they start, [`Part::Shuffle`] nodes over earlier parts. [`block_mask`] composes the
//! lanes of the stored parts, in the order of the stores' block, into one mask over
//! the loads' block (`-1` where the original stores a poison lane).

use super::chain::{self, Byte};

/// One value of a group, over earlier parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// A load of `lanes` elements, starting at element `first` of the loads' block.
    Load { first: usize, lanes: usize },
    /// `shufflevector a, b, mask` (`b` `None`: a poison operand).
    Shuffle {
        a: usize,
        b: Option<usize>,
        mask: Vec<i32>,
    },
}

/// The element of the loads' block each element of the stores' block reads, `-1` for a
/// poison lane: `stored` names, in the order of the stores' block, the part each store
/// writes. `None` if a part refers to a later one (not a graph in order).
pub fn block_mask(parts: &[Part], stored: &[usize]) -> Option<Vec<i32>> {
    let mut values: Vec<Vec<Byte>> = Vec::with_capacity(parts.len());
    for (k, part) in parts.iter().enumerate() {
        let value = match part {
            Part::Load { first, lanes } => (*first..first + lanes)
                .map(|byte| Byte::Of { leaf: 0, byte })
                .collect(),
            Part::Shuffle { a, b, mask } => {
                if *a >= k || b.is_some_and(|b| b >= k) {
                    return None;
                }
                let q = b.map(|b| values[b].as_slice());
                chain::shuffle(&values[*a], q, mask, 1)
            }
        };
        values.push(value);
    }
    let mut mask = Vec::new();
    for &s in stored {
        mask.extend(values.get(s)?.iter().map(|e| match e {
            Byte::Of { byte, .. } => *byte as i32,
            Byte::Any => -1,
        }));
    }
    Some(mask)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs the group on `block` lane by lane (an interpreter of its own, not through
    /// `chain`): `None` for a poison lane.
    fn run(parts: &[Part], part: usize, lane: usize, block: &[u32]) -> Option<u32> {
        match &parts[part] {
            Part::Load { first, .. } => Some(block[first + lane]),
            Part::Shuffle { a, b, mask } => {
                let m = mask[lane];
                let a_lanes = lanes(parts, *a);
                if m < 0 {
                    None
                } else if (m as usize) < a_lanes {
                    run(parts, *a, m as usize, block)
                } else {
                    run(parts, (*b)?, m as usize - a_lanes, block)
                }
            }
        }
    }

    fn lanes(parts: &[Part], part: usize) -> usize {
        match &parts[part] {
            Part::Load { lanes, .. } => *lanes,
            Part::Shuffle { mask, .. } => mask.len(),
        }
    }

    /// The stores' block as the original computes it, and through the composed mask.
    fn both_ways(parts: &[Part], stored: &[usize], elements: usize) -> bool {
        let block: Vec<u32> = (0..elements as u32).map(|x| 1000 + x).collect();
        let mask = block_mask(parts, stored).unwrap();
        let original = stored
            .iter()
            .flat_map(|&s| (0..lanes(parts, s)).map(move |l| (s, l)))
            .map(|(s, l)| run(parts, s, l, &block));
        let joined = mask.iter().map(|&m| (m >= 0).then(|| block[m as usize]));
        original.eq(joined)
    }

    #[test]
    fn a_4x4_transpose_of_rows_is_one_transposing_mask() {
        let mut parts: Vec<Part> = (0..4)
            .map(|r| Part::Load {
                first: 4 * r,
                lanes: 4,
            })
            .collect();
        let shuffle = |a, b, mask: [i32; 4]| Part::Shuffle {
            a,
            b: Some(b),
            mask: mask.to_vec(),
        };
        parts.push(shuffle(0, 1, [0, 4, 1, 5])); // 4
        parts.push(shuffle(0, 1, [2, 6, 3, 7])); // 5
        parts.push(shuffle(2, 3, [0, 4, 1, 5])); // 6
        parts.push(shuffle(2, 3, [2, 6, 3, 7])); // 7
        parts.push(shuffle(4, 6, [0, 1, 4, 5])); // 8
        parts.push(shuffle(4, 6, [2, 3, 6, 7])); // 9
        parts.push(shuffle(5, 7, [0, 1, 4, 5])); // 10
        parts.push(shuffle(5, 7, [2, 3, 6, 7])); // 11
        let mask = block_mask(&parts, &[8, 9, 10, 11]).unwrap();
        assert_eq!(
            mask,
            vec![0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15]
        );
        assert!(both_ways(&parts, &[8, 9, 10, 11], 16));
    }

    #[test]
    fn poison_lanes_and_operands_stay_poison() {
        let parts = vec![
            Part::Load { first: 0, lanes: 2 },
            Part::Load { first: 2, lanes: 2 },
            Part::Shuffle {
                a: 1,
                b: None,
                mask: vec![1, 3, -1, 0],
            },
            Part::Shuffle {
                a: 0,
                b: Some(1),
                mask: vec![3, 0, 2, 1],
            },
        ];
        let mask = block_mask(&parts, &[2, 3]).unwrap();
        assert_eq!(mask, vec![3, -1, -1, 2, 3, 0, 2, 1]);
        assert!(both_ways(&parts, &[2, 3], 4));
    }

    #[test]
    fn parts_out_of_order_are_refused() {
        let parts = vec![
            Part::Shuffle {
                a: 1,
                b: None,
                mask: vec![0],
            },
            Part::Load { first: 0, lanes: 1 },
        ];
        assert_eq!(block_mask(&parts, &[0]), None);
    }

    /// Random groups (a small deterministic generator): the composed mask computes what
    /// the parts compute, lane for lane, poison where they store poison.
    #[test]
    fn random_groups_compose_exactly() {
        // (`lanes` is a local below.)
        let width_of = lanes;
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for _ in 0..2000 {
            let lanes = [2usize, 4, 8][next(3)];
            let loads = 1 + next(4);
            let mut parts: Vec<Part> = (0..loads)
                .map(|r| Part::Load {
                    first: r * lanes,
                    lanes,
                })
                .collect();
            for _ in 0..1 + next(6) {
                let a = next(parts.len());
                let b = (next(4) > 0).then(|| next(parts.len()));
                let width = lanes * (1 + b.is_some() as usize);
                let out = [lanes, 2 * lanes][next(2)];
                let mask = (0..out)
                    .map(|_| match next(8) {
                        0 => -1,
                        _ => next(width) as i32,
                    })
                    .collect();
                // Every part has `lanes` or `2 * lanes` lanes: keep the operands' lanes
                // equal by reading only parts of `lanes` lanes.
                if width_of(&parts, a) != lanes || b.is_some_and(|b| width_of(&parts, b) != lanes) {
                    continue;
                }
                parts.push(Part::Shuffle { a, b, mask });
            }
            let stored: Vec<usize> = (0..1 + next(3)).map(|_| next(parts.len())).collect();
            assert!(
                both_ways(&parts, &stored, loads * lanes),
                "{parts:?} {stored:?}"
            );
        }
    }
}
