//! The reference meaning of a recipe, lane by lane, with poison; and the check that a
//! recipe gives what a shuffle demands.
//!
//! Values are little-endian, as on every target shuf supports: lane 0 of a vector is
//! the low bits of the wider element a `bitcast` makes of it. A wider lane is poison if
//! any of the narrow lanes it is made of is (LLVM's `bitcast` semantics), and every
//! operation here gives poison exactly in the lanes whose inputs hold poison.

use super::{IntVec, Step};
use crate::algebra::pattern::Sym;

/// A lane: its bits, or `None` for poison.
pub type Lane = Option<u64>;

fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// `lanes` of `from` bits seen as lanes of `to` bits.
fn bitcast(lanes: &[Lane], from: u32, to: u32) -> Vec<Lane> {
    if from == to {
        return lanes.to_vec();
    }
    if to % from == 0 {
        // Joining: lane 0 is the low part of each wide lane.
        return lanes
            .chunks((to / from) as usize)
            .map(|parts| {
                parts
                    .iter()
                    .rev()
                    .try_fold(0u64, |acc, part| Some(acc << from | (*part)?))
            })
            .collect();
    }
    if from % to == 0 {
        // Splitting: the low part first.
        return lanes
            .iter()
            .flat_map(|lane| (0..from / to).map(move |i| lane.map(|v| v >> (i * to) & mask(to))))
            .collect();
    }
    bitcast_by_bits(lanes, from, to)
}

/// [`bitcast`] bit by bit (any widths): one (bit, poison) pair per bit, lane 0's low
/// bit first.
fn bitcast_by_bits(lanes: &[Lane], from: u32, to: u32) -> Vec<Lane> {
    let bits: Vec<(bool, bool)> = lanes
        .iter()
        .flat_map(|l| (0..from).map(move |b| (l.is_some_and(|v| v >> b & 1 == 1), l.is_none())))
        .collect();
    bits.chunks(to as usize)
        .map(|chunk| {
            if chunk.iter().any(|&(_, poison)| poison) {
                None
            } else {
                Some(
                    chunk
                        .iter()
                        .rev()
                        .fold(0, |acc, &(bit, _)| acc << 1 | bit as u64),
                )
            }
        })
        .collect()
}

/// Runs `steps` on `lanes` of type `input`; `fill` is the value `freeze` gives a poison
/// lane. `None` if a step does not apply to its input.
pub fn run(
    steps: &[Step],
    input: IntVec,
    lanes: &[Lane],
    fill: u64,
) -> Option<(IntVec, Vec<Lane>)> {
    let mut ty = input;
    let mut v = lanes.to_vec();
    for &step in steps {
        let out = step.output(ty)?;
        let each = |f: &dyn Fn(u64) -> u64| -> Vec<Lane> {
            v.iter().map(|l| l.map(|x| f(x) & mask(out.bits))).collect()
        };
        v = match step {
            Step::Freeze => v
                .iter()
                .map(|l| Some(l.unwrap_or(fill & mask(ty.bits))))
                .collect(),
            Step::Extract { start, len } => v[start..start + len].to_vec(),
            Step::Bitcast { bits } => bitcast(&v, ty.bits, bits),
            Step::ZeroExtend { .. } | Step::Truncate { .. } => each(&|x| x),
            Step::ShiftRight { by } => each(&|x| x >> by),
            Step::ShiftLeft { by } => each(&|x| x << by),
            Step::RotateRight { by } => {
                let bits = ty.bits;
                each(&|x| x >> by | x << (bits - by))
            }
            Step::ByteSwap => {
                let bytes = ty.bits / 8;
                each(&|x| (0..bytes).fold(0, |acc, i| acc << 8 | (x >> (8 * i) & 0xff)))
            }
        };
        ty = out;
    }
    Some((ty, v))
}

/// Distinct, non-zero test values for lane `j` of `bits` bits, by `seed`.
fn value(j: usize, bits: u32, seed: u64) -> u64 {
    if seed == 0 {
        // Distinct in the low byte for up to 255 lanes, never zero.
        return ((j as u64 * 37 + 11) % 255 + 1) & mask(bits);
    }
    // splitmix64, odd so never zero.
    let mut z = (j as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ seed;
    z = (z ^ z >> 30).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ z >> 27).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ z >> 31) & mask(bits) | 1
}

/// Whether `steps` from `input` gives, seen as lanes of `input.bits` bits, what `demand`
/// asks of every output lane: anything for `Any`, exactly zero for `Zero`, lane `j` of
/// the input for `Src(j)` (anything if that lane is poison). Checked for three sets of
/// values and two `freeze` fills, with no poison lane and with sets of poison lanes:
/// every lane, and the lanes whose index has bit `b` set, or clear, for each `b`.
///
/// A step's output lane is poison if any input lane it reads is (no step computes
/// across lanes), so poisoning a set of lanes poisons the union of what each of them
/// poisons alone; and for any two lanes one of those sets holds the first and not the
/// second. So every lane a poison lane wrongly spreads to is found, as by poisoning
/// each lane in turn (`tests`: the same answers), in `2 log2(lanes) + 2` runs instead
/// of `lanes + 1`.
pub fn satisfies(steps: &[Step], input: IntVec, demand: &[Sym]) -> bool {
    let n = input.lanes;
    let sets = std::iter::once(vec![false; n])
        .chain(std::iter::once(vec![true; n]))
        .chain(
            (0..usize::BITS - (n.max(2) - 1).leading_zeros()).flat_map(|b| {
                [true, false].map(|set| (0..n).map(|p| (p >> b & 1 == 1) == set).collect())
            }),
        );
    satisfies_with(steps, input, demand, sets)
}

/// [`satisfies`] with each set of poison lanes `poisons` gives (`true`: poison).
fn satisfies_with(
    steps: &[Step],
    input: IntVec,
    demand: &[Sym],
    poisons: impl Iterator<Item = Vec<bool>> + Clone,
) -> bool {
    if demand
        .iter()
        .any(|s| matches!(s, Sym::Src(j) if *j >= input.lanes))
    {
        return false;
    }
    for seed in 0..3 {
        for poison in poisons.clone() {
            for fill in [0, u64::MAX] {
                let lanes: Vec<Lane> = (0..input.lanes)
                    .map(|j| (!poison[j]).then(|| value(j, input.bits, seed)))
                    .collect();
                let Some((ty, out)) = run(steps, input, &lanes, fill) else {
                    return false;
                };
                let out = bitcast(&out, ty.bits, input.bits);
                if out.len() != demand.len() {
                    return false;
                }
                let ok = demand.iter().zip(&out).all(|(&want, &got)| match want {
                    Sym::Any => true,
                    Sym::Zero => got == Some(0),
                    Sym::Src(j) => lanes[j].is_none() || got == lanes[j],
                });
                if !ok {
                    return false;
                }
            }
        }
    }
    true
}

/// [`satisfies`] poisoning one lane at a time (the reference its sets must agree with).
#[cfg(test)]
pub fn satisfies_lane_by_lane(steps: &[Step], input: IntVec, demand: &[Sym]) -> bool {
    let n = input.lanes;
    let one = |p: Option<usize>| (0..n).map(|j| Some(j) == p).collect();
    let sets = std::iter::once(None).chain((0..n).map(Some)).map(one);
    satisfies_with(steps, input, demand, sets)
}

/// [`satisfies`] with no poison lane (to show that the poison lanes find more).
#[cfg(test)]
pub fn satisfies_without_poison(steps: &[Step], input: IntVec, demand: &[Sym]) -> bool {
    satisfies_with(
        steps,
        input,
        demand,
        std::iter::once(vec![false; input.lanes]),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use Step::*;

    const V16X8: IntVec = IntVec { lanes: 16, bits: 8 };

    fn zext_demand() -> Vec<Sym> {
        (0..16)
            .map(|i| {
                if i % 2 == 0 {
                    Sym::Src(i / 2)
                } else {
                    Sym::Zero
                }
            })
            .collect()
    }

    #[test]
    fn bitcast_by_words_is_bitcast_by_bits() {
        for from in [8, 16, 32, 64] {
            for to in [8, 16, 32, 64] {
                let lanes: Vec<Lane> = (0..512 / from as usize)
                    .map(|j| (j % 5 != 3).then(|| value(j, from, 7)))
                    .collect();
                assert_eq!(
                    bitcast(&lanes, from, to),
                    bitcast_by_bits(&lanes, from, to),
                    "{from} -> {to}"
                );
            }
        }
    }

    #[test]
    fn bitcast_is_little_endian() {
        let lanes = [Some(0x34), Some(0x12), None, Some(0x56)];
        assert_eq!(bitcast(&lanes, 8, 16), vec![Some(0x1234), None]);
        assert_eq!(
            bitcast(&[Some(0x1234)], 16, 8),
            vec![Some(0x34), Some(0x12)]
        );
    }

    #[test]
    fn zero_extension_needs_freeze() {
        let steps = [
            Freeze,
            Extract { start: 0, len: 8 },
            ZeroExtend { bits: 16 },
            Bitcast { bits: 8 },
        ];
        assert!(satisfies(&steps, V16X8, &zext_demand()));
        // Without freeze a poison byte makes its zero neighbour poison: not a refinement.
        assert!(!satisfies(&steps[1..], V16X8, &zext_demand()));
    }

    #[test]
    fn wrong_recipes_fail() {
        // High half instead of low half.
        let high = [
            Freeze,
            Extract { start: 8, len: 8 },
            ZeroExtend { bits: 16 },
            Bitcast { bits: 8 },
        ];
        assert!(!satisfies(&high, V16X8, &zext_demand()));
        // A shift the wrong way.
        let demand: Vec<Sym> = (0..16)
            .map(|i| {
                if i % 2 == 0 {
                    Sym::Src(i + 1)
                } else {
                    Sym::Zero
                }
            })
            .collect();
        let right = [
            Freeze,
            Bitcast { bits: 16 },
            ShiftRight { by: 8 },
            Bitcast { bits: 8 },
        ];
        let left = [
            Freeze,
            Bitcast { bits: 16 },
            ShiftLeft { by: 8 },
            Bitcast { bits: 8 },
        ];
        assert!(satisfies(&right, V16X8, &demand));
        assert!(!satisfies(&left, V16X8, &demand));
    }

    #[test]
    fn byte_swap_and_rotate() {
        let swap: Vec<Sym> = (0..16).map(|i| Sym::Src(i / 4 * 4 + 3 - i % 4)).collect();
        let steps = [Freeze, Bitcast { bits: 32 }, ByteSwap, Bitcast { bits: 8 }];
        assert!(satisfies(&steps, V16X8, &swap));
        let rotate: Vec<Sym> = (0..16).map(|i| Sym::Src(i / 4 * 4 + (i + 1) % 4)).collect();
        let steps = [
            Freeze,
            Bitcast { bits: 32 },
            RotateRight { by: 8 },
            Bitcast { bits: 8 },
        ];
        assert!(satisfies(&steps, V16X8, &rotate));
        assert!(!satisfies(&steps, V16X8, &swap));
    }

    #[test]
    fn impossible_steps_are_rejected() {
        assert_eq!(ZeroExtend { bits: 128 }.output(V16X8), None);
        assert_eq!(Truncate { bits: 16 }.output(V16X8), None);
        assert_eq!(Extract { start: 9, len: 8 }.output(V16X8), None);
        assert_eq!(ByteSwap.output(V16X8), None);
    }
}
