//! Narrowing by packs: a vector `trunc` of whole registers as a tree of saturating
//! packs (`crate::target::pack`), where the backend's own lowering is worse (x86-64-v3
//! truncates each `<8 x i32>` to bytes with two `vpshufb` and an unpack, and merges the
//! stores with more shuffles: 16 shuffle instructions per 32 bytes).
//!
//! ```text
//! ; four registers of i32 stored as 32 consecutive bytes (AVX2)
//! %t0 = trunc <8 x i32> %x0 to <8 x i8>  ...  store %t0 .. %t3 at p, p+8, p+16, p+24
//! =>
//! %m0 = and <8 x i32> %x0, splat(255)     ...  ; values fit: packs do not saturate
//! %p01 = vpackusdw(%m0, %m1)   %p23 = vpackusdw(%m2, %m3)
//! %q = vpackuswb(%p01, %p23)                   ; 128-bit lanes interleaved
//! %r = vpermd(%q, <0,4,1,5,2,6,3,7>)           ; in order
//! store <32 x i8> %r at p                      ; 4 shuffle instructions, not 16
//! ```
//!
//! A [`Plan`] is found from the descriptions alone: the packs are chained while the
//! elements are wider than the result's; what order their lanes end in is computed by
//! running them on tagged elements, and a permute of 32-bit elements puts them in order
//! (none on 128-bit registers). Masking each input to the narrow width first makes every
//! pack exact: an unsigned saturating pack of a value that fits is that value. [`run`]
//! is the reference meaning, checked against truncation in the tests.

use crate::target::pack::{Pack, Permute, PACKS, PERMUTES};

/// How a list of input registers becomes one output register.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    pub from_bits: u32,
    pub to_bits: u32,
    pub register_bits: u32,
    /// Input registers per output register (`from_bits / to_bits`).
    pub pieces: usize,
    /// The packs in order: values `0..pieces` are the masked inputs, `pieces + k` the
    /// result of the `k`-th pack; the last is the output before the permute.
    pub packs: Vec<(&'static Pack, usize, usize)>,
    /// The permute that puts the output in order, with its index (output element `i`,
    /// of the permute's width, is element `index[i]` of the last pack), if one is needed.
    pub permute: Option<(&'static Permute, Vec<u32>)>,
}

impl Plan {
    /// The instructions the plan takes per output register: a mask per input, the
    /// packs and the permute (an index vector is a constant-pool load, hoisted in loops).
    pub fn instructions(&self) -> u32 {
        (self.pieces + self.packs.len() + usize::from(self.permute.is_some())) as u32
    }

    /// `4 × and, 2 × vpackusdw, vpackuswb, vpermd`.
    pub fn describe(&self) -> String {
        let mut parts = vec![format!("{} × and", self.pieces)];
        let mut i = 0;
        while i < self.packs.len() {
            let name = self.packs[i].0.name;
            let same = self.packs[i..]
                .iter()
                .take_while(|p| p.0.name == name)
                .count();
            parts.push(match same {
                1 => name.to_string(),
                n => format!("{n} × {name}"),
            });
            i += same;
        }
        if let Some((permute, _)) = &self.permute {
            parts.push(permute.name.to_string());
        }
        parts.join(", ")
    }

    /// Elements of one input register.
    pub fn input_elements(&self) -> usize {
        (self.register_bits / self.from_bits) as usize
    }
}

/// The plan that narrows `from_bits` integers to `to_bits` in registers of
/// `register_bits`, with the instructions whose feature `has` allows; `None` where the
/// descriptions have no such packs or no permute to order their result.
pub fn plan(
    from_bits: u32,
    to_bits: u32,
    register_bits: u32,
    has: impl Fn(&str) -> bool,
) -> Option<Plan> {
    if to_bits == 0 || from_bits <= to_bits || from_bits % to_bits != 0 {
        return None;
    }
    let pieces = (from_bits / to_bits) as usize;
    if !pieces.is_power_of_two() {
        return None;
    }
    let mut packs = Vec::new();
    let mut values: Vec<usize> = (0..pieces).collect();
    let mut bits = from_bits;
    while bits > to_bits {
        let pack = PACKS
            .iter()
            .find(|p| p.from_bits == bits && p.register_bits == register_bits && has(p.feature))?;
        let mut next = Vec::new();
        for pair in values.chunks(2) {
            packs.push((pack, pair[0], pair[1]));
            next.push(pieces + packs.len() - 1);
        }
        values = next;
        bits /= 2;
    }
    let mut plan = Plan {
        from_bits,
        to_bits,
        register_bits,
        pieces,
        packs,
        permute: None,
    };
    // Where each element ends up: run the packs on tags (input `p`, element `e` is
    // `p * n + e`, which is also where truncation puts it).
    let n = plan.input_elements();
    let tagged: Vec<Vec<u64>> = (0..pieces)
        .map(|p| (0..n).map(|e| (p * n + e) as u64).collect())
        .collect();
    let order = run_packs(&plan, tagged, false);
    if order.iter().enumerate().all(|(i, &t)| i as u64 == t) {
        return Some(plan);
    }
    plan.permute = Some(
        PERMUTES
            .iter()
            .filter(|p| p.register_bits == register_bits && has(p.feature))
            .find_map(|p| Some((p, permute_index(&order, p.element_bits / to_bits)?)))?,
    );
    Some(plan)
}

/// The permute of groups of `group` elements that puts `order` (the tag each element
/// holds) in order, if whole groups move: the index of the group each output group is.
fn permute_index(order: &[u64], group: u32) -> Option<Vec<u32>> {
    let group = group as usize;
    if group == 0 || order.len() % group != 0 {
        return None;
    }
    let mut index = Vec::new();
    for g in 0..order.len() / group {
        let want = (g * group) as u64;
        let at = order.iter().position(|&t| t == want)?;
        let whole = (0..group).all(|k| order.get(at + k) == Some(&(want + k as u64)));
        if at % group != 0 || !whole {
            return None;
        }
        index.push((at / group) as u32);
    }
    Some(index)
}

/// If `mask` (on two operands of `source_lanes` lanes) keeps the low lane of every
/// group of `r` lanes of the operands' concatenation, in order (`<0,2,4,..,2n-2>`): `r`,
/// the ratio of a truncation of the operands seen as `r` times wider lanes (little
/// endian). Poison lanes may be anything.
pub fn truncating_shuffle(mask: &[i32], source_lanes: usize) -> Option<u32> {
    if mask.is_empty() || (2 * source_lanes) % mask.len() != 0 {
        return None;
    }
    let r = 2 * source_lanes / mask.len();
    let keeps = mask
        .iter()
        .enumerate()
        .all(|(i, &m)| m < 0 || m as usize == i * r);
    (r >= 2 && r.is_power_of_two() && keeps && mask.iter().any(|&m| m >= 0)).then_some(r as u32)
}

/// The packs of `plan` on `inputs` (each `input_elements()` values of `from_bits`
/// bits), masked first if `mask`: the elements of the last pack.
fn run_packs(plan: &Plan, inputs: Vec<Vec<u64>>, mask: bool) -> Vec<u64> {
    let low = |bits: u32| (1u64 << bits) - 1;
    let mut values: Vec<Vec<u64>> = inputs
        .into_iter()
        .map(|v| {
            v.into_iter()
                .map(|x| if mask { x & low(plan.to_bits) } else { x })
                .collect()
        })
        .collect();
    for &(pack, a, b) in &plan.packs {
        let both: Vec<u64> = values[a].iter().chain(&values[b]).copied().collect();
        let narrow = pack.from_bits / 2;
        let out = pack
            .lanes()
            .into_iter()
            .map(|j| saturate_unsigned(both[j], pack.from_bits, narrow))
            .collect();
        values.push(out);
    }
    values.pop().unwrap_or_default()
}

/// An unsigned saturating narrowing of the signed `from`-bit value `x` to `to` bits
/// (what `packus*` does to each element).
fn saturate_unsigned(x: u64, from: u32, to: u32) -> u64 {
    let signed = ((x << (64 - from)) as i64) >> (64 - from);
    signed.clamp(0, ((1u64 << to) - 1) as i64) as u64
}

/// What `plan` computes from `inputs` (`pieces` registers of `from_bits` elements): the
/// output register's `to_bits` elements.
pub fn run(plan: &Plan, inputs: &[Vec<u64>]) -> Vec<u64> {
    let packed = run_packs(plan, inputs.to_vec(), true);
    match &plan.permute {
        None => packed,
        Some((permute, index)) => {
            let group = (permute.element_bits / plan.to_bits) as usize;
            index
                .iter()
                .flat_map(|&j| packed[j as usize * group..(j as usize + 1) * group].to_vec())
                .collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHAPES: [(u32, u32); 3] = [(32, 16), (32, 8), (16, 8)];

    fn all(_: &str) -> bool {
        true
    }

    /// Pseudo-random values of `bits` bits, with the edges (0, the narrow maximum and
    /// one past it, the sign bit, all ones) first.
    fn values(bits: u32, count: usize, seed: u64) -> Vec<u64> {
        let top = (1u64 << bits) - 1;
        let edges = [0, 0xff, 0x100, 0xffff, 0x1_0000, 1 << (bits - 1), top];
        let mut state = seed;
        (0..count)
            .map(|i| match edges.get(i) {
                Some(&e) => e & top,
                None => {
                    state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
                    (state >> 11) & top
                }
            })
            .collect()
    }

    #[test]
    fn plans_truncate() {
        for (from, to) in SHAPES {
            for register in [128, 256] {
                let plan = plan(from, to, register, all).unwrap();
                let n = plan.input_elements();
                for seed in 0..200 {
                    let inputs: Vec<Vec<u64>> = (0..plan.pieces)
                        .map(|p| values(from, n, seed * 31 + p as u64))
                        .collect();
                    let want: Vec<u64> = inputs
                        .iter()
                        .flatten()
                        .map(|&x| x & ((1 << to) - 1))
                        .collect();
                    assert_eq!(run(&plan, &inputs), want, "{from}->{to} on {register}");
                }
            }
        }
    }

    #[test]
    fn truncating_shuffles_are_packs() {
        // Every shape the pass builds: two operands of one register of `to`-bit lanes,
        // seen as `from`-bit lanes; the plan's output is the shuffle's.
        for (from, to) in [(32, 16), (16, 8)] {
            for register in [128, 256] {
                let n = (register / to) as usize;
                let mask: Vec<i32> = (0..n as i32).map(|i| 2 * i).collect();
                assert_eq!(truncating_shuffle(&mask, n), Some(from / to));
                let plan = plan(from, to, register, all).unwrap();
                for seed in 0..50 {
                    let a = values(to, n, seed);
                    let b = values(to, n, seed + 1000);
                    let both: Vec<u64> = a.iter().chain(&b).copied().collect();
                    let want: Vec<u64> = mask.iter().map(|&m| both[m as usize]).collect();
                    let wide = |v: &[u64]| -> Vec<u64> {
                        v.chunks(2).map(|p| p[0] | p[1] << to).collect()
                    };
                    assert_eq!(run(&plan, &[wide(&a), wide(&b)]), want);
                }
            }
        }
        assert_eq!(truncating_shuffle(&[0, 2, -1, 6], 4), Some(2));
        assert_eq!(truncating_shuffle(&[0, 4], 4), Some(4));
        assert_eq!(truncating_shuffle(&[1, 3, 5, 7], 4), None); // the high halves
        assert_eq!(truncating_shuffle(&[0, 1, 2, 3], 4), None);
        assert_eq!(truncating_shuffle(&[-1, -1, -1, -1], 4), None);
    }

    #[test]
    fn the_mask_is_needed() {
        // Without it a value above the narrow range saturates: the test above can fail.
        let plan = plan(32, 8, 256, all).unwrap();
        let inputs: Vec<Vec<u64>> = (0..4).map(|_| vec![0x1_0001; 8]).collect();
        assert!(run_packs(&plan, inputs.clone(), false)
            .iter()
            .all(|&x| x == 0));
        assert!(run(&plan, &inputs).iter().all(|&x| x == 1));
    }

    #[test]
    fn avx2_u32_to_u8_is_four_instructions_and_a_permute() {
        let plan = plan(32, 8, 256, all).unwrap();
        assert_eq!(plan.pieces, 4);
        assert_eq!(plan.packs.len(), 3);
        let (permute, index) = plan.permute.clone().unwrap();
        assert_eq!(permute.name, "vpermd");
        assert_eq!(index, [0, 4, 1, 5, 2, 6, 3, 7]);
        assert_eq!(plan.instructions(), 8);
        assert_eq!(plan.describe(), "4 × and, 2 × vpackusdw, vpackuswb, vpermd");
        // Two inputs: whole 64-bit halves move, an immediate does it.
        let (permute, index) = super::plan(32, 16, 256, all).unwrap().permute.unwrap();
        assert_eq!((permute.name, index), ("vpermq", vec![0, 2, 1, 3]));
        // On 128-bit registers the packs leave the elements in order.
        assert!(super::plan(32, 8, 128, all).unwrap().permute.is_none());
    }

    #[test]
    fn features_limit_the_plans() {
        let sse2 = |f: &str| f == "sse2";
        assert!(plan(16, 8, 128, sse2).is_some());
        assert!(plan(32, 16, 128, sse2).is_none()); // packusdw is SSE4.1
        assert!(plan(32, 8, 256, |f| f != "avx2").is_none());
        assert!(plan(32, 8, 512, all).is_none()); // not described
        assert!(plan(8, 16, 128, all).is_none());
        assert!(plan(64, 8, 128, all).is_none()); // no 64-bit pack
    }
}
