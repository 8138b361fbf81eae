//! Chains of shuffles through bitcasts, composed on the byte view into one shuffle.
//!
//! InstCombine composes a shuffle of a shuffle of the same element type; a bitcast in
//! between (a permute of i32 lanes, then of i16 lanes, then of i64 lanes) stops it, and
//! each link stays an instruction: AArch64 `zip1`, `rev32`, `ext` where one `tbl` does.
//! On the byte view every link is a byte permutation, a bitcast is none (little-endian:
//! lanes are laid out in byte order), so the chain is one byte mask over its leaves.
//!
//! ```text
//! %s1 = shufflevector <4 x i32> %a, %b, <0,4,1,5>
//! %s2 = shufflevector <8 x i16> (bitcast %s1), poison, <1,0,3,2,5,4,7,6>
//! %s3 = shufflevector <2 x i64> (bitcast %s2), poison, <1,0>
//! =>
//! %s3 = bitcast (shufflevector <8 x i16> (bitcast %a), (bitcast %b), <3,2,11,10,1,0,9,8>)
//! ```
//!
//! A byte of a value is [`Byte`]: byte `i` of leaf `l`, or anything (from a poison lane).
//! [`Chain::shuffle`] gives the composed byte mask for a link; [`widest`] the widest
//! lanes the composed mask moves whole (the backend selects wider lanes better).

/// Where one byte of a value comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Byte {
    /// Byte `byte` of leaf `leaf`.
    Of { leaf: usize, byte: usize },
    /// A byte of a poison lane: any value will do.
    Any,
}

/// The bytes of a leaf itself.
pub fn leaf(leaf: usize, bytes: usize) -> Vec<Byte> {
    (0..bytes).map(|byte| Byte::Of { leaf, byte }).collect()
}

/// The bytes of `shufflevector p, q, mask` with lanes of `lane_bytes` bytes, from the
/// bytes of its operands (`q` is `None` for a poison operand).
pub fn shuffle(p: &[Byte], q: Option<&[Byte]>, mask: &[i32], lane_bytes: usize) -> Vec<Byte> {
    let n = p.len() / lane_bytes.max(1);
    let mut out = Vec::with_capacity(mask.len() * lane_bytes);
    for &m in mask {
        for k in 0..lane_bytes {
            let byte = match m {
                m if m < 0 => Byte::Any,
                m if (m as usize) < n => p[m as usize * lane_bytes + k],
                m => match q {
                    Some(q) => q
                        .get((m as usize - n) * lane_bytes + k)
                        .copied()
                        .unwrap_or(Byte::Any),
                    None => Byte::Any,
                },
            };
            out.push(byte);
        }
    }
    out
}

/// The composed shuffle of the leaves (two at most, each of `leaf_bytes` bytes) with
/// the widest lanes (up to `max_lane_bytes`, dividing `leaf_bytes`) that it moves whole:
/// the lane width in bytes and the mask over the leaves' concatenation (`-1` poison).
/// An `Any` byte may be anything, so it fits any lane.
pub fn widest(bytes: &[Byte], leaf_bytes: usize, max_lane_bytes: usize) -> (usize, Vec<i32>) {
    let mut w = max_lane_bytes.max(1);
    while w > 1 {
        if leaf_bytes % w == 0 && bytes.len() % w == 0 {
            if let Some(mask) = lanes_of(bytes, leaf_bytes, w) {
                return (w, mask);
            }
        }
        w /= 2;
    }
    (1, lanes_of(bytes, leaf_bytes, 1).unwrap_or_default())
}

/// The mask with lanes of `w` bytes, if every lane moves a whole lane of a leaf.
fn lanes_of(bytes: &[Byte], leaf_bytes: usize, w: usize) -> Option<Vec<i32>> {
    bytes
        .chunks(w)
        .map(|lane| {
            // The source lane this lane's defined bytes agree on.
            let mut source: Option<usize> = None;
            for (k, b) in lane.iter().enumerate() {
                if let Byte::Of { leaf, byte } = *b {
                    let at = leaf * leaf_bytes + byte;
                    if at % w != k {
                        return None;
                    }
                    let s = at / w;
                    if *source.get_or_insert(s) != s {
                        return None;
                    }
                }
            }
            Some(source.map_or(-1, |s| s as i32))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_composes_to_one_i16_shuffle() {
        let (a, b) = (leaf(0, 16), leaf(1, 16));
        let s1 = shuffle(&a, Some(&b), &[0, 4, 1, 5], 4);
        let s2 = shuffle(&s1, None, &[1, 0, 3, 2, 5, 4, 7, 6], 2);
        let s3 = shuffle(&s2, None, &[1, 0], 8);
        assert_eq!(widest(&s3, 16, 8), (2, vec![3, 2, 11, 10, 1, 0, 9, 8]));
    }

    /// Runs a byte mask on concrete leaves.
    fn apply(bytes: &[Byte], leaves: &[Vec<u8>]) -> Vec<Option<u8>> {
        bytes
            .iter()
            .map(|b| match *b {
                Byte::Of { leaf, byte } => Some(leaves[leaf][byte]),
                Byte::Any => None,
            })
            .collect()
    }

    #[test]
    fn random_chains_compose() {
        // Chains of three links over two 16-byte leaves, lanes of 1, 2, 4 or 8 bytes,
        // with poison lanes: the widest mask, run on the leaves, gives every defined
        // byte of the chain run link by link.
        let mut state = 11u64;
        let mut next = |n: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % n
        };
        let leaves = vec![(0..16).collect::<Vec<u8>>(), (100..116).collect()];
        for _ in 0..2000 {
            let mut value = leaf(0, 16);
            let other = leaf(1, 16);
            for link in 0..3 {
                let w = 1usize << next(4);
                let n = 16 / w;
                let two = link == 0;
                let mask: Vec<i32> = (0..n)
                    .map(|_| match next(10) {
                        0 => -1,
                        _ => next(if two { 2 * n as u64 } else { n as u64 }) as i32,
                    })
                    .collect();
                value = shuffle(&value, two.then_some(&other[..]), &mask, w);
            }
            let want = apply(&value, &leaves);
            let (w, mask) = widest(&value, 16, 8);
            let concat: Vec<u8> = leaves.concat();
            for (j, want) in want.iter().enumerate() {
                let lane = mask[j / w];
                if let Some(want) = want {
                    assert!(lane >= 0, "a defined byte in a poison lane");
                    assert_eq!(concat[lane as usize * w + j % w], *want);
                }
            }
        }
    }
}
