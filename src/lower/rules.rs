//! One rule per pattern: the recipe that computes it on wider integers.
//!
//! Each rule reads the pattern the library recognised in what the shuffle demands of
//! its one source (`super::demand`), and proposes steps; `super::eval` checks every
//! proposal against the demand before it is priced, so a rule can only be unprofitable,
//! never wrong. Every recipe starts with `freeze` (see the module docs of `lower`).

use super::{IntVec, Step};
use crate::algebra::pattern::{Pattern, Sym, View};
use crate::algebra::signature;

use Step::*;

/// Every recipe the rules propose for `demand` on a source of type `input`, with the
/// rule's name.
pub fn candidates(demand: &[Sym], input: IntVec) -> Vec<(Vec<Step>, &'static str)> {
    let n = input.lanes;
    if !n.is_power_of_two() || demand.is_empty() {
        return Vec::new();
    }
    let recognized = signature::recognize(&View::new(demand.to_vec(), n));
    if recognized.swapped {
        return Vec::new();
    }
    let m = demand.len();
    let e = input.bits;
    // Lanes of `w` elements as one integer of `w * e` bits.
    let within = |w: usize, op: Step| -> Option<Vec<Step>> {
        let wide = e * w as u32;
        (m == n && wide <= 64)
            .then(|| vec![Freeze, Bitcast { bits: wide }, op, Bitcast { bits: e }])
    };
    let w = recognized.lane_width.unwrap_or(n);
    let proposal = match recognized.pattern {
        // x:    <a b c d e f g h>, zero
        // mask: <0 z 1 z 2 z 3 z>
        //  =>   bitcast (zext (freeze <a b c d>) to <4 x i16>) to <8 x i8>
        Pattern::ZeroExtend { factor, from } if recognized.lane_width.is_none() => {
            zero_extend(input, m, factor, from)
        }
        // x:    <a b c d e f g h>
        // mask: <0 2 4 6>           (or <1 3 5 7>: index 1)
        //  =>   trunc (lshr (bitcast (freeze x) to <4 x i16>), 8 * index) to <4 x i8>
        Pattern::Truncate { factor } if recognized.lane_width.is_none() => {
            truncate(input, m, factor, 0)
        }
        Pattern::Deinterleave { factor, index } if recognized.lane_width.is_none() => {
            truncate(input, m, factor, index)
        }
        // mask: <1 2 3 z 5 6 7 z>   (within lanes of 4 x i16)
        //  =>   bitcast (lshr (bitcast (freeze x) to <2 x i64>), 16) to <8 x i16>
        Pattern::ShiftDown { by } => within(w, ShiftRight { by: e * by as u32 }),
        Pattern::ShiftUp { by } => within(w, ShiftLeft { by: e * by as u32 }),
        // mask: <1 2 3 0 5 6 7 4>   (within lanes of 4 x i8)
        //  =>   bitcast (fshr (y, y, 8)) to <8 x i8>, y = bitcast (freeze x) to <2 x i32>
        Pattern::Rotate { by } => within(w, RotateRight { by: e * by as u32 }),
        // mask: <3 2 1 0 7 6 5 4>   (bytes)
        //  =>   bitcast (bswap (bitcast (freeze x) to <2 x i32>)) to <8 x i8>
        Pattern::Reverse if e == 8 => within(w, ByteSwap),
        Pattern::Reverse if w == 2 => within(w, RotateRight { by: e }),
        _ => None,
    };
    // mask: <3 2 1 0 7 6 5 4>   (any elements; a target without a byte swap)
    //  =>   fshr by 8 within i16 of (fshr by 16 within i32 of (freeze x))
    let rotations = match recognized.pattern {
        Pattern::Reverse if w > 2 => reverse_by_rotations(input, m, w),
        _ => None,
    };
    proposal
        .into_iter()
        .chain(rotations)
        .map(|steps| (steps, recognized.pattern.name()))
        .collect()
}

/// A reversal within lanes of `w` elements as rotations: the halves of each lane
/// swapped (a rotation by half its width), then the halves of each half, down to
/// single elements.
fn reverse_by_rotations(input: IntVec, m: usize, w: usize) -> Option<Vec<Step>> {
    let lane = input.bits * w as u32;
    if m != input.lanes || lane > 64 || !w.is_power_of_two() {
        return None;
    }
    let mut steps = vec![Freeze];
    let mut bits = lane;
    while bits > input.bits {
        steps.extend([Bitcast { bits }, RotateRight { by: bits / 2 }]);
        bits /= 2;
    }
    steps.push(Bitcast { bits: input.bits });
    Some(steps)
}

/// Lanes `from..from + m/factor` of the source, each zero-extended `factor` times.
fn zero_extend(input: IntVec, m: usize, factor: usize, from: usize) -> Option<Vec<Step>> {
    let len = m / factor;
    let wide = input.bits * factor as u32;
    if m % factor != 0 || wide > 64 || from + len > input.lanes {
        return None;
    }
    let mut steps = vec![Freeze];
    if from != 0 || len != input.lanes {
        steps.push(Extract { start: from, len });
    }
    steps.extend([ZeroExtend { bits: wide }, Bitcast { bits: input.bits }]);
    Some(steps)
}

/// Every `factor`-th lane from `index`: the part `index` of each wider element.
fn truncate(input: IntVec, m: usize, factor: usize, index: usize) -> Option<Vec<Step>> {
    let wide = input.bits * factor as u32;
    if m * factor != input.lanes || wide > 64 || index >= factor {
        return None;
    }
    let mut steps = vec![Freeze, Bitcast { bits: wide }];
    if index > 0 {
        steps.push(ShiftRight {
            by: input.bits * index as u32,
        });
    }
    steps.push(Truncate { bits: input.bits });
    Some(steps)
}

#[cfg(test)]
mod tests {
    use super::super::eval::satisfies;
    use super::*;
    use crate::algebra::pattern::Recognized;

    fn lanes_of(pattern: Pattern, lane_width: Option<usize>, n: usize, m: usize) -> Vec<Sym> {
        Recognized {
            pattern,
            lane_width,
            swapped: false,
        }
        .lanes(n, m)
    }

    /// Every rule, at every parameter and size it takes, proposes a recipe that gives
    /// the pattern's lanes exactly (with poison), and names the pattern.
    #[test]
    fn every_proposal_is_the_pattern() {
        let mut proposals = 0;
        for bits in [8, 16, 32] {
            for n in [2, 4, 8, 16, 32] {
                let input = IntVec { lanes: n, bits };
                let mut patterns: Vec<(Pattern, Option<usize>, usize)> = Vec::new();
                for factor in [2, 4, 8] {
                    for from in (0..n).step_by((n / factor).max(1)) {
                        patterns.push((Pattern::ZeroExtend { factor, from }, None, n));
                    }
                    if n % factor == 0 {
                        patterns.push((Pattern::Truncate { factor }, None, n / factor));
                        for index in 0..factor {
                            patterns.push((
                                Pattern::Deinterleave { factor, index },
                                None,
                                n / factor,
                            ));
                        }
                    }
                }
                for w in [2, 4, 8].into_iter().filter(|&w| w <= n) {
                    let lw = (w < n).then_some(w);
                    for by in 1..w {
                        patterns.push((Pattern::ShiftDown { by }, lw, n));
                        patterns.push((Pattern::ShiftUp { by }, lw, n));
                        patterns.push((Pattern::Rotate { by }, lw, n));
                    }
                    patterns.push((Pattern::Reverse, lw, n));
                }
                for (pattern, lw, m) in patterns {
                    let demand = lanes_of(pattern.clone(), lw, n, m);
                    for (steps, _) in candidates(&demand, input) {
                        proposals += 1;
                        assert!(
                            satisfies(&steps, input, &demand),
                            "{pattern:?} in lanes of {lw:?}, {n} x i{bits}: {steps:?}"
                        );
                    }
                }
            }
        }
        // The rules do propose: zext, trunc, shifts, rotates and byte swaps at many sizes.
        assert!(proposals > 300, "only {proposals} proposals");
    }

    /// The poison sets of `satisfies` answer as poisoning one lane at a time does: for
    /// every rule's recipe against every pattern's lanes (mostly wrong), and against
    /// its own with a lane changed (poison from where it should not, a zero that is
    /// not, a lane moved).
    #[test]
    fn poison_sets_find_what_single_poison_lanes_find() {
        use super::super::eval::{satisfies_lane_by_lane, satisfies_without_poison};
        let (mut checked, mut held, mut poison_found) = (0, 0, 0);
        for bits in [8, 16] {
            for n in [2, 4, 8, 16] {
                let input = IntVec { lanes: n, bits };
                let mut demands: Vec<Vec<Sym>> = Vec::new();
                for factor in [2, 4] {
                    demands.push(lanes_of(
                        Pattern::ZeroExtend { factor, from: 0 },
                        None,
                        n,
                        n,
                    ));
                    if n % factor == 0 {
                        demands.push(lanes_of(Pattern::Truncate { factor }, None, n, n / factor));
                    }
                }
                for w in [2, 4].into_iter().filter(|&w| w <= n) {
                    let lw = (w < n).then_some(w);
                    demands.push(lanes_of(Pattern::ShiftDown { by: 1 }, lw, n, n));
                    demands.push(lanes_of(Pattern::ShiftUp { by: 1 }, lw, n, n));
                    demands.push(lanes_of(Pattern::Rotate { by: 1 }, lw, n, n));
                    demands.push(lanes_of(Pattern::Reverse, lw, n, n));
                }
                // Each recipe, and without its `freeze` (poison then spreads).
                let recipes: Vec<Vec<Step>> = demands
                    .iter()
                    .flat_map(|d| candidates(d, input))
                    .flat_map(|(steps, _)| {
                        let unfrozen = steps.iter().filter(|s| **s != Freeze).copied().collect();
                        [steps, unfrozen]
                    })
                    .collect();
                let mut all = demands.clone();
                for d in &demands {
                    for i in 0..d.len() {
                        for changed in [Sym::Zero, Sym::Src((i + 1) % n), Sym::Any] {
                            let mut d = d.clone();
                            d[i] = changed;
                            all.push(d);
                        }
                    }
                }
                for d in &all {
                    for steps in &recipes {
                        let ok = satisfies(steps, input, d);
                        assert_eq!(
                            ok,
                            satisfies_lane_by_lane(steps, input, d),
                            "{steps:?} {d:?}"
                        );
                        checked += 1;
                        held += ok as usize;
                        poison_found += (!ok && satisfies_without_poison(steps, input, d)) as usize;
                    }
                }
            }
        }
        // Both answers occur, many times, and many wrong recipes only poison shows.
        assert!(
            held > 1000 && checked - held > 30000 && poison_found > 1000,
            "{held} of {checked} hold, {poison_found} fail by poison only"
        );
    }

    #[test]
    fn the_example_recipes() {
        let v16x8 = IntVec { lanes: 16, bits: 8 };
        let zext = lanes_of(Pattern::ZeroExtend { factor: 2, from: 0 }, None, 16, 16);
        assert_eq!(
            candidates(&zext, v16x8),
            vec![(
                vec![
                    Freeze,
                    Extract { start: 0, len: 8 },
                    ZeroExtend { bits: 16 },
                    Bitcast { bits: 8 }
                ],
                "zero-extend"
            )]
        );
        let swap = lanes_of(Pattern::Reverse, Some(4), 16, 16);
        assert_eq!(
            candidates(&swap, v16x8)[0].0,
            vec![Freeze, Bitcast { bits: 32 }, ByteSwap, Bitcast { bits: 8 }]
        );
        // Without a byte swap: halves swapped, then the bytes of each half.
        assert_eq!(
            candidates(&swap, v16x8)[1].0,
            vec![
                Freeze,
                Bitcast { bits: 32 },
                RotateRight { by: 16 },
                Bitcast { bits: 16 },
                RotateRight { by: 8 },
                Bitcast { bits: 8 }
            ]
        );
        // A rotation of 128-bit lanes is not an integer any target has.
        let v8x32 = IntVec { lanes: 8, bits: 32 };
        let rot = lanes_of(Pattern::Rotate { by: 1 }, Some(4), 8, 8);
        assert!(candidates(&rot, v8x32).is_empty());
    }
}
