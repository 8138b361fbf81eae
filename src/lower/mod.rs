//! Lowering: what a recognised shuffle becomes when something else is cheaper.
//!
//! This first part of the lowering rewrites shuffles of one variable source (plus zero
//! lanes) into non-shuffle IR on wider integers: a zero extension becomes `zext`, a
//! truncation `trunc`, a shift with zero fill within wider elements `lshr`/`shl`, a
//! rotation within wider elements `llvm.fshr`, a byte reversal `llvm.bswap`. Each rule
//! ([`rules`]) turns the pattern the library recognised into a [`Recipe`]: a chain of
//! [`Step`]s applied to the source.
//!
//! Three things decide whether a recipe replaces the shuffle:
//!
//! * **Meaning.** [`eval`] runs the recipe on every lane of the source, with poison
//!   lanes, and checks it against what the shuffle demands of each output lane (any
//!   value for a poison lane, exactly zero for a zero lane, the source lane otherwise).
//!   This runs for every candidate, in the pass too. A wider element is poison when one
//!   of its narrow lanes is, so every recipe starts by freezing the source: without it,
//!   `zext` of a poison byte would make the zero byte next to it poison as well.
//! * **Cost.** [`Costs`] prices each step on the target (TTI through the shim in the
//!   plugin, tables in tests); a recipe is used only if it is strictly cheaper than the
//!   shuffle.
//! * **Shape.** Integer widths up to 64 bits only (wider integers are not vector
//!   elements any target has).
//!
//! The pure layer knows no LLVM: `ir::lower` builds the chosen recipe.

pub mod backend;
pub mod chain;
pub mod compute;
pub mod emitted;
pub mod eval;
pub mod fast_hash;
pub mod halves;
pub mod join;
pub mod lookup;
pub mod narrow;
pub mod network;
pub mod pieces;
pub mod registers;
pub mod rules;
pub mod search;
pub mod sequence;
pub mod tables;
pub mod wide_search;

use crate::algebra::mask::Side;
use crate::algebra::pattern::Sym;
use crate::algebra::shuffle::{OperandKind, Shuffle};
use crate::target::Arch;

/// A vector of integers: `lanes` × `bits`.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct IntVec {
    pub lanes: usize,
    pub bits: u32,
}

impl IntVec {
    pub fn total_bits(self) -> usize {
        self.lanes * self.bits as usize
    }
}

/// One step of a recipe, applied to the value so far.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Step {
    /// `freeze`: poison lanes become some fixed value.
    Freeze,
    /// Lanes `start..start + len` (a `shufflevector` extracting a subvector).
    Extract { start: usize, len: usize },
    /// The same bits as lanes of `bits` bits (`bitcast`).
    Bitcast { bits: u32 },
    /// `zext` of each lane to `bits` bits.
    ZeroExtend { bits: u32 },
    /// `trunc` of each lane to `bits` bits.
    Truncate { bits: u32 },
    /// `lshr` of each lane by `by` bits (towards lane 0 of a narrower view).
    ShiftRight { by: u32 },
    /// `shl` of each lane by `by` bits.
    ShiftLeft { by: u32 },
    /// `llvm.fshr(x, x, by)`: each lane rotated right by `by` bits.
    RotateRight { by: u32 },
    /// `llvm.bswap` of each lane.
    ByteSwap,
}

impl Step {
    /// The type after this step, given the type before; `None` if the step does not
    /// apply to it.
    pub fn output(self, input: IntVec) -> Option<IntVec> {
        let legal = |bits: u32| (8..=64).contains(&bits) && bits.is_power_of_two();
        match self {
            Step::Freeze => Some(input),
            Step::Extract { start, len } => {
                (len > 0 && start + len <= input.lanes).then_some(IntVec {
                    lanes: len,
                    ..input
                })
            }
            Step::Bitcast { bits } => {
                let total = input.total_bits();
                (legal(bits) && total % bits as usize == 0).then_some(IntVec {
                    lanes: total / bits as usize,
                    bits,
                })
            }
            Step::ZeroExtend { bits } => {
                (legal(bits) && bits > input.bits).then_some(IntVec { bits, ..input })
            }
            Step::Truncate { bits } => {
                (legal(bits) && bits < input.bits).then_some(IntVec { bits, ..input })
            }
            Step::ShiftRight { by } | Step::ShiftLeft { by } | Step::RotateRight { by } => {
                (by > 0 && by < input.bits).then_some(input)
            }
            Step::ByteSwap => (input.bits >= 16).then_some(input),
        }
    }
}

/// A rewrite of a shuffle: `steps` applied to the operand on `source` (seen as
/// integers of the shuffle's element width), then the result seen as the shuffle's type.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Recipe {
    pub rule: &'static str,
    pub source: Side,
    pub steps: Vec<Step>,
}

/// The target's cost of each step (reciprocal throughput), `None` if it cannot do it.
pub trait Costs {
    fn step(&self, step: Step, input: IntVec) -> Option<i64>;
}

/// The chosen rewrite and its cost.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Choice {
    pub recipe: Recipe,
    pub cost: i64,
}

/// What a shuffle of one variable source demands of each output lane, as lanes of that
/// source (`Sym::Src(j)` is lane `j` of the source), and which operand the source is.
/// `None` if some lane reads a constant other than zero, or both operands are variables.
pub fn demand(shuffle: &Shuffle) -> Option<(Side, Vec<Sym>)> {
    let n = shuffle.source_lanes;
    let mut source = None;
    let mut lanes = Vec::with_capacity(shuffle.mask.len());
    for i in 0..shuffle.mask.len() {
        let sym = match shuffle.mask.source(i, n) {
            None => Sym::Any,
            Some((side, lane)) => match shuffle.kind(side) {
                _ if shuffle.is_poison_element(side, lane) => Sym::Any,
                OperandKind::Poison | OperandKind::Undef => Sym::Any,
                OperandKind::Zero => Sym::Zero,
                OperandKind::Variable => {
                    if *source.get_or_insert(side) != side {
                        return None;
                    }
                    Sym::Src(lane)
                }
                OperandKind::Splat | OperandKind::Constant => return None,
            },
        };
        lanes.push(sym);
    }
    Some((source?, lanes))
}

/// The cheapest recipe for `shuffle` (elements of `bits` bits) on `arch` that is correct,
/// brings better code there ([`backend`]) and costs strictly less than `original`.
pub fn choose(
    shuffle: &Shuffle,
    bits: u32,
    arch: Arch,
    original: i64,
    costs: &impl Costs,
) -> Option<Choice> {
    // Masks (`<n x i1>`) are no data to widen, and the proof's test values need bytes.
    if !(8..=64).contains(&bits) {
        return None;
    }
    let (source, demand) = demand(shuffle)?;
    let input = IntVec {
        lanes: shuffle.source_lanes,
        bits,
    };
    let mut priced: Vec<Choice> = rules::candidates(&demand, input)
        .into_iter()
        .filter(|&(_, rule)| backend::pays(arch, rule))
        .filter_map(|(steps, rule)| {
            let cost = cost(&steps, input, costs)?;
            (cost < original).then_some(Choice {
                recipe: Recipe {
                    rule,
                    source,
                    steps,
                },
                cost,
            })
        })
        .collect();
    // The cheapest correct one: the proof (hundreds of evaluations on wide shuffles)
    // only for candidates in the order of their cost, until one holds.
    priced.sort_by_key(|c| c.cost);
    priced
        .into_iter()
        .find(|c| eval::satisfies(&c.recipe.steps, input, &demand))
}

/// The total cost of `steps` from `input`; `None` if a step is not possible.
pub fn cost(steps: &[Step], input: IntVec, costs: &impl Costs) -> Option<i64> {
    let mut ty = input;
    let mut total = 0;
    for &step in steps {
        total += costs.step(step, ty)?;
        ty = step.output(ty)?;
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::mask::Mask;

    /// A cost table: every step costs `each`, extracts cost `extract`, freeze and
    /// bitcasts nothing.
    struct Table {
        each: i64,
        extract: i64,
    }

    impl Costs for Table {
        fn step(&self, step: Step, _: IntVec) -> Option<i64> {
            Some(match step {
                Step::Freeze | Step::Bitcast { .. } => 0,
                Step::Extract { .. } => self.extract,
                _ => self.each,
            })
        }
    }

    fn zext_shuffle(first: OperandKind, second: OperandKind) -> Shuffle {
        // <0,16,1,17,..,7,23> of <16 x i8>: x interleaved with the second operand.
        let mask = Mask::new((0..16).map(|i| if i % 2 == 0 { i / 2 } else { 16 + i / 2 }));
        Shuffle::new([first, second], 16, mask)
    }

    #[test]
    fn cheaper_recipes_replace_the_shuffle_and_equal_ones_do_not() {
        let s = zext_shuffle(OperandKind::Variable, OperandKind::Zero);
        let cheap = Table {
            each: 1,
            extract: 0,
        };
        let choice = choose(&s, 8, Arch::Other, 3, &cheap).expect("zext costs 1 < 3");
        assert_eq!(choice.recipe.rule, "zero-extend");
        assert_eq!(choice.recipe.source, Side::First);
        assert_eq!(choice.cost, 1);
        assert_eq!(
            choose(&s, 8, Arch::Other, 1, &cheap),
            None,
            "1 is not strictly below 1"
        );
        let dear_extract = Table {
            each: 1,
            extract: 5,
        };
        assert_eq!(choose(&s, 8, Arch::Other, 3, &dear_extract), None);
        // The target cannot do a step: no recipe.
        struct Nothing;
        impl Costs for Nothing {
            fn step(&self, _: Step, _: IntVec) -> Option<i64> {
                None
            }
        }
        assert_eq!(choose(&s, 8, Arch::Other, 100, &Nothing), None);
        // Where the backend already selects the shuffle as well: no recipe.
        assert_eq!(choose(&s, 8, Arch::X86_64, 3, &cheap), None);
        assert!(choose(&s, 8, Arch::RiscV64, 3, &cheap).is_some());
    }

    #[test]
    fn demand_reads_the_real_operands() {
        // Operands swapped: the source is the second operand.
        let mask = Mask::new((0..16).map(|i| if i % 2 == 0 { 16 + i / 2 } else { i / 2 }));
        let s = Shuffle::new([OperandKind::Zero, OperandKind::Variable], 16, mask);
        let (side, lanes) = demand(&s).unwrap();
        assert_eq!(side, Side::Second);
        assert_eq!(lanes[0], Sym::Src(0));
        assert_eq!(lanes[1], Sym::Zero);
        let cheap = Table {
            each: 1,
            extract: 0,
        };
        assert_eq!(
            choose(&s, 8, Arch::Other, 3, &cheap).unwrap().recipe.source,
            Side::Second
        );
        // A non-zero constant, or two variables: nothing for this lowering.
        assert_eq!(
            demand(&zext_shuffle(OperandKind::Variable, OperandKind::Splat)),
            None
        );
        assert_eq!(
            demand(&zext_shuffle(OperandKind::Variable, OperandKind::Variable)),
            None
        );
        // Reads of poison and undef are don't-cares.
        let s = zext_shuffle(OperandKind::Variable, OperandKind::Undef);
        assert_eq!(demand(&s).unwrap().1[1], Sym::Any);
    }
}
