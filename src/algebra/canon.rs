//! Canonical form of a shuffle (seed 000, "Shuffle Vector Canonical Form").
//!
//! Equivalent shuffles are brought to one form so that the pattern library sees one mask
//! per meaning. The rules, applied in this order:
//!
//! 1. Selectors into a `poison` operand, or into a poison element of a constant, become
//!    poison lanes (exact: both are poison).
//! 2. Selectors into a constant splat (`zeroinitializer` included) point at its first lane.
//!    A splat with poison elements (`<i32 poison, i32 0, i32 0, i32 poison>`, as
//!    InstCombine leaves them) is completed to the full splat: after rule 1 nothing reads
//!    its poison elements, so this too is exact.
//! 3. An operand no selector reads is dropped: it becomes `poison`.
//!    A mask with no defined lane left makes the whole shuffle `poison`.
//! 4. Operand order, the first rule that decides wins:
//!    a. poison/undef goes second;
//!    b. `zeroinitializer` goes second (unless the other is poison/undef);
//!    c. a constant goes second when the other is not a constant;
//!    d. otherwise the first defined selector reads the first operand.
//! 5. An identity mask (same length, lane `i` reads lane `i` of the first operand) makes
//!    the shuffle its first operand.
//!
//! Rules 1 to 4 keep every lane exactly, poison lanes included. Rule 5 is a refinement,
//! as in LLVM's InstSimplify: an output lane that was poison because its selector was
//! poison becomes the operand's lane. Selectors into `undef` are left alone, since undef
//! may not be replaced by poison.
//!
//! The result is a fixed point: canonicalizing a canonical shuffle changes nothing.

use crate::algebra::mask::{Mask, Side};
use crate::algebra::shuffle::{OperandKind, Shuffle};

/// A value the canonical form uses: an operand of the rewritten shuffle, or its result.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Source {
    /// The original operand on this side.
    Operand(Side),
    /// The splat constant on this side, its poison elements given the splat's value.
    FullSplat(Side),
    Poison,
}

/// What to do with a shuffle.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    Unchanged,
    /// Replace the shuffle by this value (an identity, or a mask with no defined lane).
    Replace(Source),
    /// Keep the instruction with these operands and this mask (same length).
    Rewrite {
        operands: [Source; 2],
        mask: Mask,
    },
}

/// One canonical-form rule, for remarks and statistics.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Rule {
    PoisonSelectors,
    SplatSelectors,
    CompleteSplat,
    DropOperand,
    PoisonMask,
    UndefSecond,
    ZeroSecond,
    ConstantSecond,
    FirstSelectsFirst,
    Identity,
}

impl Rule {
    pub const ALL: [Rule; 10] = [
        Rule::PoisonSelectors,
        Rule::SplatSelectors,
        Rule::CompleteSplat,
        Rule::DropOperand,
        Rule::PoisonMask,
        Rule::UndefSecond,
        Rule::ZeroSecond,
        Rule::ConstantSecond,
        Rule::FirstSelectsFirst,
        Rule::Identity,
    ];

    /// Short name, used in remarks.
    pub fn name(self) -> &'static str {
        match self {
            Rule::PoisonSelectors => "poison-selectors",
            Rule::SplatSelectors => "splat-selectors",
            Rule::CompleteSplat => "complete-splat",
            Rule::DropOperand => "drop-operand",
            Rule::PoisonMask => "poison-mask",
            Rule::UndefSecond => "undef-second",
            Rule::ZeroSecond => "zero-second",
            Rule::ConstantSecond => "constant-second",
            Rule::FirstSelectsFirst => "first-selects-first",
            Rule::Identity => "identity",
        }
    }
}

/// The canonical form of a shuffle and the rules that produced it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Canonical {
    pub outcome: Outcome,
    pub rules: Vec<Rule>,
}

/// Computes the canonical form of `shuffle`.
pub fn canonicalize(shuffle: &Shuffle) -> Canonical {
    let n = shuffle.source_lanes;
    let mut rules = Vec::new();
    let mut kinds = shuffle.operands;
    let mut sources = [Source::Operand(Side::First), Source::Operand(Side::Second)];

    let mask = normalize_selectors(shuffle, &mut rules);

    // Rule 3: an operand nothing reads becomes poison. Rule 2: a splat still read, whose
    // poison elements nothing reads any more, is completed.
    for side in Side::BOTH {
        let i = side.index();
        if kinds[i] != OperandKind::Poison && !mask.reads(side, n) {
            kinds[i] = OperandKind::Poison;
            sources[i] = Source::Poison;
            rules.push(Rule::DropOperand);
        } else if kinds[i].is_splat() && !shuffle.poison_elements[i].is_empty() {
            sources[i] = Source::FullSplat(side);
            rules.push(Rule::CompleteSplat);
        }
    }
    if mask.is_all_poison() {
        rules.push(Rule::PoisonMask);
        return Canonical {
            outcome: Outcome::Replace(Source::Poison),
            rules,
        };
    }

    // Rule 4: operand order.
    let mut mask = mask;
    if let Some(rule) = swap_rule(kinds, &mask, n) {
        kinds.swap(0, 1);
        sources.swap(0, 1);
        mask = mask.commuted(n);
        rules.push(rule);
    }

    // Rule 5: identity.
    if mask.is_identity(n) {
        rules.push(Rule::Identity);
        return Canonical {
            outcome: Outcome::Replace(sources[0]),
            rules,
        };
    }

    let outcome = if rules.is_empty() {
        Outcome::Unchanged
    } else {
        Outcome::Rewrite {
            operands: sources,
            mask,
        }
    };
    Canonical { outcome, rules }
}

/// The canonical form as a shuffle of its own (a replaced shuffle becomes the identity of
/// its replacement, or an all-poison mask), for the layers that recognise patterns.
pub fn canonical_shuffle(shuffle: &Shuffle) -> Shuffle {
    let n = shuffle.source_lanes;
    let operand = |source: Source| match source {
        Source::Operand(side) => (
            shuffle.kind(side),
            shuffle.poison_elements[side.index()].clone(),
        ),
        Source::FullSplat(side) => (shuffle.kind(side), Vec::new()),
        Source::Poison => (OperandKind::Poison, Vec::new()),
    };
    let build = |sources: [Source; 2], mask: Mask| {
        let (first, first_poison) = operand(sources[0]);
        let (second, second_poison) = operand(sources[1]);
        Shuffle::new([first, second], n, mask)
            .with_poison_elements(Side::First, first_poison)
            .with_poison_elements(Side::Second, second_poison)
    };
    match canonicalize(shuffle).outcome {
        Outcome::Unchanged => shuffle.clone(),
        Outcome::Rewrite { operands, mask } => build(operands, mask),
        Outcome::Replace(Source::Poison) => build(
            [Source::Poison, Source::Poison],
            Mask::new(vec![Mask::POISON; shuffle.mask.len()]),
        ),
        Outcome::Replace(source) => build([source, Source::Poison], Mask::identity(n)),
    }
}

/// Rules 1 and 2: poison selectors for poison lanes, first-lane selectors for splats.
fn normalize_selectors(shuffle: &Shuffle, rules: &mut Vec<Rule>) -> Mask {
    let n = shuffle.source_lanes;
    let mut poisoned = false;
    let mut splatted = false;
    let selectors = (0..shuffle.mask.len()).map(|i| match shuffle.mask.source(i, n) {
        None => Mask::POISON,
        Some((side, lane)) => {
            let base = side.index() * n;
            if shuffle.is_poison_element(side, lane) {
                poisoned = true;
                Mask::POISON
            } else if shuffle.kind(side).is_splat() && lane != 0 {
                splatted = true;
                base as i32
            } else {
                (base + lane) as i32
            }
        }
    });
    let mask = Mask::new(selectors.collect::<Vec<_>>());
    if poisoned {
        rules.push(Rule::PoisonSelectors);
    }
    if splatted {
        rules.push(Rule::SplatSelectors);
    }
    mask
}

/// Rule 4: which ordering rule asks to swap the operands, if any.
fn swap_rule(kinds: [OperandKind; 2], mask: &Mask, n: usize) -> Option<Rule> {
    let [first, second] = kinds;
    let decide = |first_wants: bool, second_wants: bool| match (first_wants, second_wants) {
        (_, true) => Some(false),
        (true, false) => Some(true),
        (false, false) => None,
    };
    let by_undef = decide(first.is_undef_like(), second.is_undef_like());
    let by_zero = decide(first == OperandKind::Zero, second == OperandKind::Zero);
    let by_constant = match (first.is_constant(), second.is_constant()) {
        (true, false) => Some(true),
        (false, true) => Some(false),
        _ => None,
    };
    let (swap, rule) = if let Some(swap) = by_undef {
        (swap, Rule::UndefSecond)
    } else if let Some(swap) = by_zero {
        (swap, Rule::ZeroSecond)
    } else if let Some(swap) = by_constant {
        (swap, Rule::ConstantSecond)
    } else {
        let first_selector = mask.first_defined().unwrap_or(0);
        (first_selector as usize >= n, Rule::FirstSelectsFirst)
    };
    swap.then_some(rule)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::shuffle::Lane;
    use OperandKind::*;

    const KINDS: [OperandKind; 6] = [Variable, Poison, Undef, Zero, Splat, Constant];

    /// The value of lane `lane` of the original operand on `side`, symbolically. Splats
    /// and zero have one value for all their lanes but poison elements; everything else is
    /// distinct per lane.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    enum Value {
        Poison,
        Zero,
        Splat(Side),
        Lane(Side, usize),
    }

    fn value(s: &Shuffle, side: Side, lane: usize) -> Value {
        if s.is_poison_element(side, lane) {
            return Value::Poison;
        }
        full_value(s, side, lane)
    }

    /// The value ignoring poison elements, as `Source::FullSplat` gives it.
    fn full_value(s: &Shuffle, side: Side, lane: usize) -> Value {
        match s.kind(side) {
            Poison => Value::Poison,
            Zero => Value::Zero,
            Splat => Value::Splat(side),
            Variable | Undef | Constant => Value::Lane(side, lane),
        }
    }

    fn source_value(s: &Shuffle, source: Source, lane: usize) -> Value {
        match source {
            Source::Poison => Value::Poison,
            Source::Operand(side) => value(s, side, lane),
            Source::FullSplat(side) => full_value(s, side, lane),
        }
    }

    fn original_lanes(s: &Shuffle) -> Vec<Value> {
        (0..s.mask.len())
            .map(|i| match s.lane(i) {
                Lane::Poison => Value::Poison,
                Lane::Read { side, lane } => value(s, side, lane),
            })
            .collect()
    }

    fn rewritten_lanes(s: &Shuffle, operands: [Source; 2], mask: &Mask) -> Vec<Value> {
        (0..mask.len())
            .map(|i| match mask.source(i, s.source_lanes) {
                None => Value::Poison,
                Some((new_side, lane)) => source_value(s, operands[new_side.index()], lane),
            })
            .collect()
    }

    fn kind_of(s: &Shuffle, source: Source) -> OperandKind {
        match source {
            Source::Poison => Poison,
            Source::Operand(side) | Source::FullSplat(side) => s.kind(side),
        }
    }

    fn poison_elements_of(s: &Shuffle, source: Source) -> Vec<usize> {
        match source {
            Source::Operand(side) => s.poison_elements[side.index()].clone(),
            Source::FullSplat(_) | Source::Poison => Vec::new(),
        }
    }

    /// Checks meaning (exact, or refined only by the identity rule) and the fixed point.
    fn check(s: &Shuffle) {
        let before = original_lanes(s);
        let canonical = canonicalize(s);
        match &canonical.outcome {
            Outcome::Unchanged => assert!(canonical.rules.is_empty()),
            Outcome::Replace(source) => {
                if *source != Source::Poison {
                    assert_eq!(s.mask.len(), s.source_lanes, "{s:?}");
                }
                for (i, &v) in before.iter().enumerate() {
                    let after = source_value(s, *source, i);
                    assert!(v == Value::Poison || v == after, "{s:?} lane {i}");
                }
                if *source == Source::Poison {
                    assert!(before.iter().all(|&v| v == Value::Poison), "{s:?}");
                }
            }
            Outcome::Rewrite { operands, mask } => {
                assert_eq!(mask.len(), s.mask.len());
                assert_eq!(
                    rewritten_lanes(s, *operands, mask),
                    before,
                    "{s:?} -> {canonical:?}"
                );
                let again = Shuffle::new(
                    [kind_of(s, operands[0]), kind_of(s, operands[1])],
                    s.source_lanes,
                    mask.clone(),
                )
                .with_poison_elements(Side::First, poison_elements_of(s, operands[0]))
                .with_poison_elements(Side::Second, poison_elements_of(s, operands[1]));
                assert_eq!(
                    canonicalize(&again).outcome,
                    Outcome::Unchanged,
                    "{again:?}"
                );
                check_order(&again);
            }
        }
    }

    /// The operand-order rules hold on a canonical shuffle.
    fn check_order(s: &Shuffle) {
        let [a, b] = s.operands;
        if a.is_undef_like() {
            assert!(b.is_undef_like(), "{s:?}");
        } else if a == Zero {
            assert!(b.is_undef_like() || b == Zero, "{s:?}");
        } else if a.is_constant() && !b.is_undef_like() {
            assert!(b.is_constant(), "{s:?}");
        }
        if let Some(first) = s.mask.first_defined() {
            let decided_earlier = a.is_undef_like() || b.is_undef_like() || a == Zero || b == Zero;
            if !decided_earlier && a.is_constant() == b.is_constant() {
                assert!((first as usize) < s.source_lanes, "{s:?}");
            }
        }
    }

    fn all_masks(len: usize, n: usize) -> Vec<Mask> {
        let choices = 2 * n + 1; // poison and 2n selectors
        (0..choices.pow(len as u32))
            .map(|mut code| {
                Mask::new((0..len).map(|_| {
                    let c = code % choices;
                    code /= choices;
                    c as i32 - 1
                }))
            })
            .collect()
    }

    /// Every operand kind; constants also with some poison elements (at least one element
    /// stays defined: a constant of poison elements only is `poison` itself).
    fn operands(n: usize) -> Vec<(OperandKind, Vec<usize>)> {
        let mut out = Vec::new();
        for kind in KINDS {
            out.push((kind, vec![]));
            if kind.is_constant() {
                out.push((kind, vec![1]));
                if n > 2 {
                    out.push((kind, vec![0, n - 1]));
                }
            }
        }
        out
    }

    fn check_all(len: usize, n: usize) {
        let masks = all_masks(len, n);
        for (a, a_poison) in operands(n) {
            for (b, b_poison) in operands(n) {
                for m in &masks {
                    let s = Shuffle::new([a, b], n, m.clone())
                        .with_poison_elements(Side::First, a_poison.clone())
                        .with_poison_elements(Side::Second, b_poison.clone());
                    check(&s);
                }
            }
        }
    }

    #[test]
    fn exhaustive_four_lanes_all_operand_kinds() {
        assert_eq!(all_masks(4, 4).len(), 6561);
        check_all(4, 4);
    }

    #[test]
    fn exhaustive_length_changing_masks() {
        for (len, n) in [(2, 4), (8, 2), (3, 2), (6, 3)] {
            check_all(len, n);
        }
    }

    #[test]
    fn partial_zero_is_completed() {
        // What InstCombine leaves: shufflevector %x, <poison, 0, 0, poison>, <0, 6, 1, 5>
        let s = Shuffle::new([Variable, Zero], 4, Mask::new([0, 6, 1, 5]))
            .with_poison_elements(Side::Second, vec![0, 3]);
        let c = canonicalize(&s);
        assert_eq!(
            c.outcome,
            Outcome::Rewrite {
                operands: [
                    Source::Operand(Side::First),
                    Source::FullSplat(Side::Second)
                ],
                mask: Mask::new([0, 4, 1, 4]),
            }
        );
        // A selector into a poison element of the constant is a poison lane.
        let s = Shuffle::new([Variable, Zero], 4, Mask::new([0, 7, 1, 5]))
            .with_poison_elements(Side::Second, vec![0, 3]);
        match canonicalize(&s).outcome {
            Outcome::Rewrite { mask, .. } => assert_eq!(mask, Mask::new([0, -1, 1, 4])),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn seed_example_all_three_forms_agree() {
        // shufflevector zeroinitializer, %x, <4, 2, 5, 1>
        // shufflevector %x, zeroinitializer, <0, 6, 1, 5>
        // shufflevector %x, zeroinitializer, <0, 4, 1, 4>   (the canonical one)
        let canonical = Mask::new([0, 4, 1, 4]);
        let forms = [
            Shuffle::new([Zero, Variable], 4, Mask::new([4, 2, 5, 1])),
            Shuffle::new([Variable, Zero], 4, Mask::new([0, 6, 1, 5])),
        ];
        for s in forms {
            match canonicalize(&s).outcome {
                Outcome::Rewrite { operands, mask } => {
                    assert_eq!(mask, canonical);
                    assert_eq!(kind_of(&s, operands[0]), Variable);
                    assert_eq!(kind_of(&s, operands[1]), Zero);
                }
                other => panic!("{s:?} gave {other:?}"),
            }
        }
        let done = Shuffle::new([Variable, Zero], 4, canonical);
        assert_eq!(canonicalize(&done).outcome, Outcome::Unchanged);
    }

    #[test]
    fn rules_are_named_once() {
        let mut names: Vec<_> = Rule::ALL.iter().map(|r| r.name()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), Rule::ALL.len());
    }

    #[test]
    fn identity_of_the_second_operand_forwards_it() {
        let s = Shuffle::new([Variable, Variable], 4, Mask::new([4, -1, 6, 7]));
        let c = canonicalize(&s);
        assert_eq!(c.outcome, Outcome::Replace(Source::Operand(Side::Second)));
        assert!(c.rules.contains(&Rule::Identity));
    }

    #[test]
    fn selectors_into_undef_stay() {
        // Undef lanes may not become poison lanes.
        let s = Shuffle::new([Variable, Undef], 4, Mask::new([0, 5, 1, 6]));
        assert_eq!(canonicalize(&s).outcome, Outcome::Unchanged);
    }
}
