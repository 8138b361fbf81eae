//! SLP: straight-line code made vector, its permutations priced and lowered by the
//! library (seed 003).
//!
//! The first node kind is the *permutation node* of a store chain: scalar stores to
//! consecutive addresses, each storing a scalar loaded from a consecutive range of the
//! same size, in another order. That is one vector load, one shuffle, one vector store;
//! the shuffle then goes through the library (an 8x8 transpose written as two loops:
//! 64 scalar loads and stores, one `<64 x i16>` shuffle, 24 register shuffles once the
//! late instance builds its network). Stock SLP vectorizes such code with gathers of
//! small pieces (x86-64-v3: 74 shuffle instructions for the 8x8 i16 transpose) or, on
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
//! [`permuted_copies`] finds the windows in a chain (pure); `ir::slp` reads the chains,
//! checks that moving the loads up and the stores down is safe, and builds; `pass::slp`
//! decides by what `llc` emits.

/// A window of a store chain that is a permuted copy: the copies it takes (indices of
/// the input, in store order), its first store and load offsets, and the mask (element
/// `j` of the stored vector is element `mask[j]` of the loaded one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Window {
    pub members: Vec<usize>,
    pub store_start: i64,
    pub load_start: i64,
    pub mask: Vec<i32>,
}

/// Elements of a window: at least, at most.
pub const MIN_ELEMENTS: usize = 4;
pub const MAX_ELEMENTS: usize = 128;

/// The permuted-copy windows of scalar copies of `elem` bytes (each a store byte offset
/// and the byte offset its value was loaded from; one store base, one load base):
/// stores to consecutive addresses whose loads read a consecutive range of as many
/// elements, each once; a power of two of elements, the largest that fits at each
/// point, taken left to right. Identity copies are left out (stock SLP does those).
/// Copies storing to one address twice give no window.
pub fn permuted_copies(copies: &[(i64, i64)], elem: i64) -> Vec<Window> {
    if elem <= 0 {
        return Vec::new();
    }
    let mut order: Vec<usize> = (0..copies.len()).collect();
    order.sort_by_key(|&i| copies[i].0);
    if order.windows(2).any(|w| copies[w[0]].0 == copies[w[1]].0) {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < order.len() {
        let mut taken = 0;
        let mut n = MAX_ELEMENTS;
        while n >= MIN_ELEMENTS {
            if let Some(w) = window(copies, &order[i..], n, elem) {
                taken = n;
                if !w.mask.iter().enumerate().all(|(j, &m)| m == j as i32) {
                    out.push(w);
                }
                break;
            }
            n /= 2;
        }
        i += taken.max(1);
    }
    out
}

/// The window of the first `n` of `order` (sorted by store offset), if one.
fn window(copies: &[(i64, i64)], order: &[usize], n: usize, elem: i64) -> Option<Window> {
    let members = order.get(..n)?;
    let store_start = copies[members[0]].0;
    let consecutive = members
        .iter()
        .enumerate()
        .all(|(j, &m)| copies[m].0 == store_start + j as i64 * elem);
    if !consecutive {
        return None;
    }
    let load_start = members.iter().map(|&m| copies[m].1).min()?;
    let mut seen = vec![false; n];
    let mut mask = Vec::with_capacity(n);
    for &m in members {
        let d = copies[m].1 - load_start;
        if d % elem != 0 || d / elem >= n as i64 {
            return None;
        }
        let k = (d / elem) as usize;
        if seen[k] {
            return None;
        }
        seen[k] = true;
        mask.push(k as i32);
    }
    Some(Window {
        members: members.to_vec(),
        store_start,
        load_start,
        mask,
    })
}

/// Whether byte ranges `[a, a + len)` and `[b, b + len)` of one base overlap.
pub fn overlap(a: i64, b: i64, len: i64) -> bool {
    a < b + len && b < a + len
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An 8x8 transpose of 2-byte elements: store (c, r) <- load (r, c).
    fn transpose() -> Vec<(i64, i64)> {
        let mut v = Vec::new();
        for r in 0..8i64 {
            for c in 0..8i64 {
                v.push(((c * 8 + r) * 2, (r * 8 + c) * 2));
            }
        }
        v
    }

    #[test]
    fn a_transpose_is_one_window_of_64() {
        let w = permuted_copies(&transpose(), 2);
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].mask.len(), 64);
        assert_eq!(&w[0].mask[..4], &[0, 8, 16, 24]);
        assert_eq!((w[0].store_start, w[0].load_start), (0, 0));
    }

    #[test]
    fn identity_duplicates_and_gaps_give_nothing() {
        let copy: Vec<(i64, i64)> = (0..8).map(|i| (4 * i, 4 * i + 100)).collect();
        assert!(permuted_copies(&copy, 4).is_empty());
        let mut twice = transpose();
        twice.push((0, 2));
        assert!(permuted_copies(&twice, 2).is_empty());
        // Loads with a gap: no permutation of a range.
        let gap: Vec<(i64, i64)> = (0..4).map(|i| (4 * i, 8 * (3 - i))).collect();
        assert!(permuted_copies(&gap, 4).is_empty());
    }

    #[test]
    fn windows_are_taken_left_to_right_largest_first() {
        // 12 copies: a reversed 8, then a reversed 4.
        let mut v: Vec<(i64, i64)> = (0..8).map(|i| (4 * i, 4 * (7 - i))).collect();
        v.extend((0..4).map(|i| (32 + 4 * i, 64 + 4 * (3 - i))));
        let w = permuted_copies(&v, 4);
        assert_eq!(w.len(), 2);
        assert_eq!(w[0].mask, vec![7, 6, 5, 4, 3, 2, 1, 0]);
        assert_eq!(w[1].mask, vec![3, 2, 1, 0]);
        assert_eq!((w[1].store_start, w[1].load_start), (32, 64));
    }

    /// Random shuffled copies: every window's mask reads each element once and says
    /// where each store's value came from.
    #[test]
    fn random_windows_say_where_each_value_came_from() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for _ in 0..2000 {
            let n = 1 + next(40) as i64;
            let elem = [1i64, 2, 4, 8][next(4) as usize];
            let mut loads: Vec<i64> = (0..n).collect();
            for i in (1..loads.len()).rev() {
                if next(3) > 0 {
                    loads.swap(i, next(i as u64 + 1) as usize);
                }
            }
            let copies: Vec<(i64, i64)> = (0..n)
                .map(|i| (elem * i, elem * loads[i as usize] + 1000))
                .collect();
            for w in permuted_copies(&copies, elem) {
                let mut sorted = w.mask.clone();
                sorted.sort_unstable();
                assert!(sorted.iter().enumerate().all(|(j, &m)| m == j as i32));
                for (j, &m) in w.members.iter().enumerate() {
                    assert_eq!(copies[m].0, w.store_start + elem * j as i64);
                    assert_eq!(copies[m].1, w.load_start + elem * i64::from(w.mask[j]));
                }
            }
        }
    }
}
