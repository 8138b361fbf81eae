//! Canonical form of a shuffle (seed 000, "Shuffle Vector Canonical Form").
//!
//! Equivalent shuffles are brought to one form so that the pattern library sees one mask
//! per meaning. The rules, applied in this order:
//!
//! 1. Selectors into a `poison` operand become poison lanes (exact: both are poison).
//! 2. Selectors into a constant splat (`zeroinitializer` included) point at its first lane.
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

use crate::mask::{Mask, Side};
use crate::shuffle::{OperandKind, Shuffle};

/// Where an operand of the canonical shuffle comes from.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Source {
    /// The original operand on this side.
    Operand(Side),
    Poison,
}

/// What to do with a shuffle.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    Unchanged,
    /// Replace the shuffle by its original operand on this side.
    Forward(Side),
    /// Replace the shuffle by `poison`.
    Poison,
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
    DropOperand,
    PoisonMask,
    UndefSecond,
    ZeroSecond,
    ConstantSecond,
    FirstSelectsFirst,
    Identity,
}

impl Rule {
    pub const ALL: [Rule; 9] = [
        Rule::PoisonSelectors,
        Rule::SplatSelectors,
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

    // Rule 3: an operand nothing reads becomes poison.
    for side in Side::BOTH {
        if kinds[side.index()] != OperandKind::Poison && !mask.reads(side, n) {
            kinds[side.index()] = OperandKind::Poison;
            sources[side.index()] = Source::Poison;
            rules.push(Rule::DropOperand);
        }
    }
    if mask.is_all_poison() {
        rules.push(Rule::PoisonMask);
        return Canonical {
            outcome: Outcome::Poison,
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

    // Rule 5: identity. The first operand is read (the mask has a defined lane and, after
    // rule 4, reads the first operand first), so it is an original operand.
    if mask.is_identity(n) {
        if let Source::Operand(side) = sources[0] {
            rules.push(Rule::Identity);
            return Canonical {
                outcome: Outcome::Forward(side),
                rules,
            };
        }
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

/// Rules 1 and 2: poison selectors for poison operands, first-lane selectors for splats.
fn normalize_selectors(shuffle: &Shuffle, rules: &mut Vec<Rule>) -> Mask {
    let n = shuffle.source_lanes;
    let mut poisoned = false;
    let mut splatted = false;
    let selectors = (0..shuffle.mask.len()).map(|i| match shuffle.mask.source(i, n) {
        None => Mask::POISON,
        Some((side, lane)) => {
            let base = side.index() * n;
            match shuffle.kind(side) {
                OperandKind::Poison => {
                    poisoned = true;
                    Mask::POISON
                }
                kind if kind.is_splat() && lane != 0 => {
                    splatted = true;
                    base as i32
                }
                _ => (base + lane) as i32,
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
    use crate::shuffle::Lane;
    use OperandKind::*;

    const KINDS: [OperandKind; 6] = [Variable, Poison, Undef, Zero, Splat, Constant];

    /// The value of lane `lane` of the original operand on `side`, symbolically. Splats
    /// and zero have one value for all lanes; everything else is distinct per lane.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    enum Value {
        Poison,
        Zero,
        Splat(Side),
        Lane(Side, usize),
    }

    fn value(kinds: [OperandKind; 2], side: Side, lane: usize) -> Value {
        match kinds[side.index()] {
            Poison => Value::Poison,
            Zero => Value::Zero,
            Splat => Value::Splat(side),
            Variable | Undef | Constant => Value::Lane(side, lane),
        }
    }

    fn original_lanes(s: &Shuffle) -> Vec<Value> {
        (0..s.mask.len())
            .map(|i| match s.lane(i) {
                Lane::Poison => Value::Poison,
                Lane::Read { side, lane } => value(s.operands, side, lane),
            })
            .collect()
    }

    fn rewritten_lanes(s: &Shuffle, operands: [Source; 2], mask: &Mask) -> Vec<Value> {
        (0..mask.len())
            .map(|i| match mask.source(i, s.source_lanes) {
                None => Value::Poison,
                Some((new_side, lane)) => match operands[new_side.index()] {
                    Source::Poison => Value::Poison,
                    Source::Operand(side) => value(s.operands, side, lane),
                },
            })
            .collect()
    }

    fn kind_of(s: &Shuffle, source: Source) -> OperandKind {
        match source {
            Source::Poison => Poison,
            Source::Operand(side) => s.kind(side),
        }
    }

    /// Checks meaning (exact, or refined only by the identity rule) and the fixed point.
    fn check(s: &Shuffle) {
        let before = original_lanes(s);
        let canonical = canonicalize(s);
        match &canonical.outcome {
            Outcome::Unchanged => assert!(canonical.rules.is_empty()),
            Outcome::Poison => assert!(before.iter().all(|&v| v == Value::Poison), "{s:?}"),
            Outcome::Forward(side) => {
                assert_eq!(s.mask.len(), s.source_lanes);
                for (i, &v) in before.iter().enumerate() {
                    let after = value(s.operands, *side, i);
                    assert!(v == Value::Poison || v == after, "{s:?} lane {i}");
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
                );
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

    #[test]
    fn exhaustive_four_lanes_all_operand_kinds() {
        let masks = all_masks(4, 4);
        assert_eq!(masks.len(), 6561);
        for a in KINDS {
            for b in KINDS {
                for m in &masks {
                    check(&Shuffle::new([a, b], 4, m.clone()));
                }
            }
        }
    }

    #[test]
    fn exhaustive_length_changing_masks() {
        for (len, n) in [(2, 4), (8, 2), (3, 2), (6, 3)] {
            for a in KINDS {
                for b in KINDS {
                    for m in all_masks(len, n) {
                        check(&Shuffle::new([a, b], n, m));
                    }
                }
            }
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
        assert_eq!(c.outcome, Outcome::Forward(Side::Second));
        assert!(c.rules.contains(&Rule::Identity));
    }

    #[test]
    fn selectors_into_undef_stay() {
        // Undef lanes may not become poison lanes.
        let s = Shuffle::new([Variable, Undef], 4, Mask::new([0, 5, 1, 6]));
        assert_eq!(canonicalize(&s).outcome, Outcome::Unchanged);
    }
}
