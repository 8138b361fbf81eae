//! The pass's lowering: shuffles that cheaper non-shuffle IR computes (decisions in
//! `crate::lower`, IR in `crate::ir::lower`), priced by the target's TTI and checked
//! against the assembly (each recipe compiled alone against its shuffle).

use std::ffi::CStr;

use super::memo::{measure_pairs_by_cycles, shown, timed_in_loop, wins, Candidate, Memo, Pair};
use crate::algebra::mask::{Mask, Side};
use crate::ffi::{RemarkKind, Statistic, Target};
use crate::ir::{self, Function};
use crate::lower::emitted::{self, Place, Unit};
use crate::lower::{self, Choice, IntVec, Step};
use crate::target::{Arch, CostKind, Operation, ShuffleKind};

static SHUFFLES_LOWERED: Statistic = Statistic {
    name: c"NumLowered",
    desc: c"Shufflevectors replaced by cheaper non-shuffle IR",
};

/// The statistic counting the uses of a lowering rule (named by its pattern).
fn rule_statistic(rule: &str) -> Statistic {
    let (name, desc): (&'static CStr, &'static CStr) = match rule {
        "zero-extend" => (c"NumLoweredZext", c"Lowered: zero extensions to zext"),
        "truncate" | "deinterleave" => (c"NumLoweredTrunc", c"Lowered: truncations to trunc"),
        "shift-down-zero" => (c"NumLoweredLShr", c"Lowered: shifts with zero fill to lshr"),
        "shift-up-zero" => (c"NumLoweredShl", c"Lowered: shifts with zero fill to shl"),
        "rotate" => (
            c"NumLoweredRotate",
            c"Lowered: rotates within elements to fshr",
        ),
        "reverse" => (
            c"NumLoweredByteSwap",
            c"Lowered: reversals within elements to bswap/fshr",
        ),
        _ => (c"NumLoweredOther", c"Lowered: other rules"),
    };
    Statistic { name, desc }
}

/// TTI's costs of a recipe's steps, on the types of `func`'s context.
struct TtiCosts<'a> {
    target: &'a Target<'a>,
    func: Function,
    /// `freeze` is free but for a loaded source: the backend can then no longer fold or
    /// narrow the load into its user (x86: `vpmovzxwd (mem)`, `vpmovdb` of a half), an
    /// instruction more (measured: rgba_deinterleave_u8 on x86-64-v4, 1.667x without it).
    freeze: i64,
}

impl lower::Costs for TtiCosts<'_> {
    fn step(&self, step: Step, input: IntVec) -> Option<i64> {
        let out = step.output(input)?;
        let (src, dst) = (self.func.int_vector(input), self.func.int_vector(out));
        let kind = CostKind::RecipThroughput;
        let operation = |op: Operation, amount: u32| {
            self.target
                .operation_cost(op, dst, src, amount as u64, kind)
        };
        match step {
            Step::Freeze => Some(self.freeze),
            Step::Bitcast { .. } => Some(0),
            Step::Extract { start, len } => {
                let mask = Mask::new((start..start + len).map(|i| i as i32));
                self.target
                    .shuffle_cost(ShuffleKind::PermuteSingleSrc, dst, src, &mask, kind)
            }
            Step::ZeroExtend { .. } => operation(Operation::ZeroExtend, 0),
            Step::Truncate { .. } => operation(Operation::Truncate, 0),
            Step::ShiftRight { by } => operation(Operation::ShiftRight, by),
            Step::ShiftLeft { by } => operation(Operation::ShiftLeft, by),
            Step::RotateRight { by } => operation(Operation::RotateRight, by),
            Step::ByteSwap => operation(Operation::ByteSwap, 0),
        }
    }
}

/// Plans a recipe for every shuffle where one is strictly cheaper, then applies them.
///
/// A shuffle that reads a shuffle or feeds one is left to be composed with it (InstCombine
/// merges chains of shuffles into one, which a lowered link would prevent).
pub fn lower_shuffles(
    func: Function,
    target: &Target,
    always: bool,
    remarks: bool,
    changed: &mut bool,
) {
    // `always` (testing): any correct recipe, on no target in particular.
    let arch = if always {
        Arch::Other
    } else {
        target.desc().arch()
    };
    // RISC-V V: TTI prices a `vrgather.vv` as a few simple operations where the CPU's
    // scheduling model (which the measurement weighs by) may say dozens (sifive-x280:
    // 36 for 32 bytes); every recipe is measured there, and one TTI would not have
    // chosen is kept only where the assembly is strictly cheaper.
    let measure_all = !always && arch == Arch::RiscV64;
    let plans: Vec<(ir::ShuffleSite, Choice, i64)> = func
        .shuffles()
        .into_iter()
        .filter(|site| always || !ir::lower::in_shuffle_chain(site.inst))
        // A recipe freezes its source (`super::select::freeze_spreads`).
        .filter(|site| always || !super::select::freeze_spreads(site, target))
        // Nor where the backend takes 16-bit floats apart (`super::select::halves_apart`).
        .filter(|site| always || !super::select::halves_apart(site.inst, target))
        // Nor where the backend folds the lanes read to constants.
        .filter(|site| always || !ir::lower::reads_only_constants(site.inst))
        .filter_map(|site| {
            // A recipe reads its source as integers: not where the backend cannot select
            // the bitcast (a probe of it is not compiled, so TTI would decide alone; with
            // `always`, on the target at hand too).
            if !target.bitcast_selects(site.source_ty) {
                return None;
            }
            let bits = ir::lower::element_bits(site.source_ty)?;
            let original = match always {
                true => i64::MAX,
                false => target.instruction_cost(site.inst, CostKind::RecipThroughput)?,
            };
            let freeze = ir::lower::source_is_load(site.inst) as i64;
            let costs = TtiCosts {
                target,
                func,
                freeze,
            };
            let bound = if measure_all { i64::MAX } else { original };
            let choice = lower::choose(&site.shuffle, bits, arch, bound, &costs)?;
            Some((site, choice, original))
        })
        .collect();
    // Shuffles of one source are lowered all or none: one left as a shuffle keeps the
    // source alive in its own form, and the backend, which shares work between the
    // shuffles of a value, loses it (measured: one of four deinterleaves of a load
    // lowered, rgba_deinterleave_u8 on x86-64-v4, 1.167x the instructions per item).
    let planned: std::collections::HashSet<ir::Inst> =
        plans.iter().map(|(site, _, _)| site.inst).collect();
    let plans = plans.into_iter().filter(|(site, choice, _)| {
        always
            || ir::lower::sibling_shuffles(site.inst, choice.recipe.source)
                .iter()
                .all(|s| planned.contains(s))
    });
    let plans: Vec<(ir::ShuffleSite, Choice, i64)> = plans.collect();
    // The assembly has the last word: each recipe is compiled alone against its
    // shuffle (all of the function's in one compilation) and dropped where it is
    // longer. TTI prices many shuffles as general permutes the backend does in fewer
    // instructions than the recipe (neoverse-n1, a u8 -> u32 zero extension with zero:
    // TTI 64 against 1, `tbl` 3 instructions against 4). A tie keeps TTI's decision:
    // alone, RISC-V V's u8 -> u16 zero extension is 2 instructions either way, in a
    // loop 9 against 4 (the shuffle's `vsetvli`s).
    let measured = if always {
        vec![None; plans.len()]
    } else {
        measure(&plans, target)
    };
    // Still all or none: a shuffle whose recipe loses keeps its siblings shuffles too.
    // A recipe loses where it compiles to more; one TTI did not choose (`measure_all`)
    // or whose shuffle the backend selects as well in instructions also where it
    // compiles to as much, and one TTI did not choose where it cannot be measured.
    // Shuffles of a load with siblings: the backend may make the group one interleaved
    // load (`ld2`..`ld4`, `vlseg2`..) or share work between them (x86), which the
    // shuffle measured alone does not show; a recipe must compile to strictly fewer
    // there (on sifive-x280 an even and an odd lane deinterleave of a load, rewritten as
    // `trunc` and `lshr` + `trunc` at 2 instructions each like the shuffles, became two
    // `vnsrl` where `vlseg2e16` had done both; on x86-64-v4 a four-way byte deinterleave
    // of a load, 9 instructions in 6 cycles as a group, became 18 in 16).
    let grouped_load = |site: &ir::ShuffleSite, choice: &Choice| {
        ir::lower::operand_is_load(site.inst, choice.recipe.source)
            && ir::lower::has_sibling_shuffle(site.inst, choice.recipe.source)
    };
    // In a loop, by the cycles an iteration first (`wins`).
    let loses = |site: &ir::ShuffleSite, choice: &Choice, original: i64, measured: &Pair| {
        let in_loop = ir::lower::in_cycle(site.inst);
        match *measured {
            Some((stock, emitted))
                if choice.cost >= original
                    || lower::backend::strict(arch, choice.recipe.rule)
                    || grouped_load(site, choice) =>
            {
                !wins((stock, emitted), in_loop)
            }
            Some((stock, emitted)) => wins((emitted, stock), in_loop),
            None => choice.cost >= original,
        }
    };
    let losing: std::collections::HashSet<ir::Inst> = plans
        .iter()
        .zip(&measured)
        .filter(|((site, choice, original), m)| loses(site, choice, *original, m))
        .map(|((site, ..), _)| site.inst)
        .collect();
    for ((site, choice, original), measured) in plans.into_iter().zip(measured) {
        let sibling_loses = ir::lower::sibling_shuffles(site.inst, choice.recipe.source)
            .iter()
            .any(|s| losing.contains(s));
        if sibling_loses && !always {
            continue;
        }
        // For remarks: the instructions the recipe should compile to, by the model of
        // the backend (`lower::emitted`).
        let unit = remarks
            .then(|| Unit::of(&target.desc(), target.vector_register_bits()))
            .flatten();
        let described = unit.and_then(|unit| {
            let input = IntVec {
                lanes: site.shuffle.source_lanes,
                bits: ir::lower::element_bits(site.source_ty)?,
            };
            let operand = match choice.recipe.source {
                Side::First => 0,
                Side::Second => 1,
            };
            let place = Place {
                in_loop: ir::lower::in_cycle(site.inst),
                loaded: ir::lower::lone_loads(site.inst)[operand],
                align: ir::lower::load_alignment(site.inst, operand as u32),
                stored: measured_with_store(site.inst, arch).map(ir::network::store_alignment),
            };
            emitted::instructions(&choice.recipe.steps, input, unit, place)
        });
        let described = described.map_or(String::new(), |n| format!(", described {n}"));
        if let Some((stock, emitted)) = measured {
            if loses(&site, &choice, original, &measured) {
                if remarks {
                    let message = format!(
                        "{}: mask {} (cost {original}, llc {stock}) not lowered: {} \
                         (cost {}{described}) compiles to {emitted}",
                        choice.recipe.rule,
                        site.shuffle.mask,
                        describe(&choice.recipe.steps),
                        choice.cost
                    );
                    target.remark(RemarkKind::Missed, c"Lower", site.inst, &message);
                }
                continue;
            }
        }
        if measured.is_none() && loses(&site, &choice, original, &measured) {
            continue;
        }
        let message = format!(
            "{}: mask {} (cost {original}",
            choice.recipe.rule, site.shuffle.mask
        );
        let Some(result) = ir::lower::apply(site.inst, &choice.recipe) else {
            continue;
        };
        *changed = true;
        SHUFFLES_LOWERED.add(1);
        rule_statistic(choice.recipe.rule).add(1);
        if remarks {
            let (before, after) = match measured {
                Some((stock, emitted)) => (Some(stock), Some(emitted)),
                None => (None, None),
            };
            let message = format!(
                "{message}, llc {}) became {} (cost {}{described}, llc {})",
                shown(before),
                describe(&choice.recipe.steps),
                choice.cost,
                shown(after)
            );
            target.remark(RemarkKind::Passed, c"Lower", result, &message);
        }
    }
}

/// What each plan's shuffle and recipe compile to alone, or with the store that is the
/// shuffle's only user (remembered per target, types, mask, operands and loop): `None`
/// where they cannot be measured (TTI decides alone). The store counts because the
/// backend may fold the shuffle into it: RISC-V V stores a zero extension written as
/// an interleave with zero as one segment store (`vsseg2e8` of the source and a zero
/// register, 2 instructions for 16 bytes in `zext_u8_u16_shuffle`'s loop, against
/// `vzext.vf2`, `vse8` and their two `vsetvli`s for the recipe).
fn measure(plans: &[(ir::ShuffleSite, Choice, i64)], target: &Target) -> Vec<Pair> {
    static MEASURED: Memo<Pair> = Memo::persistent("lower");
    let desc = target.desc();
    let key = |site: &ir::ShuffleSite, choice: &Choice| {
        format!(
            "{}|{:?}",
            super::memo::site_key(target, site),
            choice.recipe.steps
        )
    };
    let arch = desc.arch();
    let mut out: Vec<Option<Pair>> = plans
        .iter()
        .map(|(site, choice, _)| {
            let store = measured_with_store(site.inst, arch)?;
            let address = ir::network::store_address(store);
            let in_loop = ir::lower::in_cycle(site.inst);
            let align = ir::network::store_alignment(store);
            let pair = MEASURED.get_or_make(format!("{}|store{align}", key(site, choice)), || {
                // The inputs first: a load only the shuffle reads is measured with it,
                // before the recipe reads it too.
                let mut inputs = ir::lower::measured_inputs(site.inst);
                inputs.push(address);
                let built = ir::lower::build_recipe(site.inst, &choice.recipe)?;
                let copy = ir::network::store_copy(store, built.result);
                let both = timed_in_loop(target, in_loop, || {
                    target.emitted_for_stores_both(&[store], &[copy], &inputs, !in_loop)
                });
                ir::network::erase(copy);
                ir::lower::discard(built);
                both
            });
            // Not measurable with the store: alone, as the others.
            pair.is_some().then_some(pair)
        })
        .collect();
    let alone: Vec<usize> = (0..plans.len()).filter(|&i| out[i].is_none()).collect();
    let candidates = alone
        .iter()
        .map(|&i| {
            let (site, choice, _) = &plans[i];
            Candidate {
                key: key(site, choice),
                original: site.inst,
                inputs: ir::lower::measured_inputs(site.inst),
                in_loop: ir::lower::in_cycle(site.inst),
                build: Box::new(|| ir::lower::build_recipe(site.inst, &choice.recipe)),
            }
        })
        .collect();
    for (i, pair) in alone
        .into_iter()
        .zip(measure_pairs_by_cycles(target, &MEASURED, candidates))
    {
        out[i] = Some(pair);
    }
    out.into_iter().map(|p| p.flatten()).collect()
}

/// The store a shuffle is measured with: its only user, on RISC-V V, where the backend
/// folds shuffles into segment stores. (x86 and AArch64 fold a truncation into a store
/// too, `vpmovdb` to memory, but the decisions on the benchmark are the same measured
/// alone, and the model of the backend predicts recipes alone.)
fn measured_with_store(shuffle: ir::Inst, arch: Arch) -> Option<ir::Inst> {
    match arch {
        Arch::RiscV64 => ir::network::only_store_of(shuffle).map(|(store, _)| store),
        _ => None,
    }
}

/// `freeze, zext to i16, bitcast to i8`, for remarks.
fn describe(steps: &[Step]) -> String {
    let one = |s: &Step| match *s {
        Step::Freeze => "freeze".to_string(),
        Step::Extract { start, len } => format!("lanes {start}..{}", start + len),
        Step::Bitcast { bits } => format!("bitcast to i{bits}"),
        Step::ZeroExtend { bits } => format!("zext to i{bits}"),
        Step::Truncate { bits } => format!("trunc to i{bits}"),
        Step::ShiftRight { by } => format!("lshr {by}"),
        Step::ShiftLeft { by } => format!("shl {by}"),
        Step::RotateRight { by } => format!("fshr {by}"),
        Step::ByteSwap => "bswap".to_string(),
    };
    steps.iter().map(one).collect::<Vec<_>>().join(", ")
}
