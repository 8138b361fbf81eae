//! Narrowing stores: truncations stored side by side that the backend narrows with
//! more instructions than a tree of packs (`crate::lower::narrow`) become that tree.
//!
//! As in selection (`super::select`), the assembly decides: the stores and what they
//! store are compiled alone, as they are and as packs (`Target::emitted_for_stores`),
//! and the packs are kept only if they compile to strictly fewer instructions. The
//! decision is remembered per target, shape and loop.
//!
//! ```text
//! ; x86-64-v3, 32 bytes: 28 instructions (16 shuffles) -> 12 (4 shuffles)
//! %t0 = trunc <8 x i32> %x0 to <8 x i8> ... store %t0..%t3 at p, p+8, p+16, p+24
//! =>
//! and, and, and, and; vpackusdw, vpackusdw; vpackuswb; vpermd; store <32 x i8> at p
//! ```

use super::memo::{Memo, Pair};
use crate::ffi::{Emitted, RemarkKind, Statistic, Target};
use crate::ir::narrow::{NarrowingRun, NarrowingStore};
use crate::ir::{self, Function};
use crate::lower::narrow::{self, Plan};
use crate::target::insn::{level, level_has};
use crate::target::Arch;

static STORES_NARROWED: Statistic = Statistic {
    name: c"NumNarrowedStores",
    desc: c"Stores of truncations replaced by packs",
};
static SHUFFLES_NARROWED: Statistic = Statistic {
    name: c"NumNarrowedShuffles",
    desc: c"Truncating shufflevectors replaced by packs",
};
static NARROW_SAVED: Statistic = Statistic {
    name: c"NumNarrowedSaved",
    desc: c"Instructions saved by narrowing with packs, as measured",
};

/// Register widths tried, widest first.
const REGISTER_BITS: [u32; 2] = [256, 128];

/// What was decided for one shape of stores and one plan: if it is used, the
/// instructions of the stores as they are and of the plan.
type Decision = Pair;

static DECISIONS: Memo<Decision> = Memo::persistent("narrow");

/// The x86 feature level of the function's target; `None` elsewhere (packs are x86's).
fn x86_level(target: &Target) -> Option<&'static str> {
    let desc = target.desc();
    (desc.arch() == Arch::X86_64)
        .then(|| level(&desc))
        .flatten()
}

/// The plan at `register_bits` for `run`, and how many of its stores one use of the plan
/// covers (a store of several registers is split).
fn plan_for(run: &NarrowingRun, register_bits: u32, level: &str) -> Option<(Plan, usize)> {
    let plan = narrow::plan(run.from_bits, run.to_bits, register_bits, |f| {
        level_has(level, f)
    })?;
    let per_register = plan.input_elements() as u32;
    if run.lanes % per_register != 0 {
        return None;
    }
    let registers = (run.lanes / per_register) as usize;
    let unit = if registers >= plan.pieces {
        (registers % plan.pieces == 0).then_some(1)?
    } else {
        (plan.pieces % registers == 0).then_some(plan.pieces / registers)?
    };
    Some((plan, unit))
}

/// Replaces the narrowing stores of `func` that packs narrow with fewer instructions;
/// with `always` (testing), every one a plan fits, unmeasured. The widest registers are
/// tried first; stores they leave are tried with the next width.
pub fn narrow_stores(
    func: Function,
    target: &Target,
    always: bool,
    remarks: bool,
    changed: &mut bool,
) {
    let Some(level) = x86_level(target) else {
        return;
    };
    for run in ir::narrow::narrowing_runs(func) {
        let mut left = run.stores.clone();
        for (plan, unit) in REGISTER_BITS
            .iter()
            .filter_map(|&bits| plan_for(&run, bits, level))
        {
            let mut rest = Vec::new();
            for part in ir::narrow::consecutive_parts(&run, left) {
                for chunk in part.chunks(unit) {
                    let done = chunk.len() == unit
                        && narrow_chunk(&run, chunk, &plan, target, always, remarks);
                    if done {
                        *changed = true;
                    } else {
                        rest.extend_from_slice(chunk);
                    }
                }
            }
            left = rest;
        }
    }
}

/// Narrows `chunk` with `plan` if that is decided (measured, or remembered); whether it
/// was.
fn narrow_chunk(
    run: &NarrowingRun,
    chunk: &[NarrowingStore],
    plan: &Plan,
    target: &Target,
    always: bool,
    remarks: bool,
) -> bool {
    let desc = target.desc();
    let in_loop = ir::lower::in_cycle(chunk[0].store);
    let inputs = ir::narrow::measured_inputs(chunk);
    let key = format!(
        "{}|{}|{}x{}->{}|{}|{:?}|{}",
        desc.key(),
        in_loop,
        run.lanes,
        run.from_bits,
        run.to_bits,
        chunk.len(),
        ir::narrow::source_shapes(chunk),
        plan.register_bits
    );
    let decision = if always {
        Some((Emitted::plain(0), Emitted::plain(0)))
    } else {
        DECISIONS.get_or_make(key, || decide(run, chunk, plan, &inputs, target, in_loop))
    };
    let Some((stock, emitted)) = decision else {
        return false;
    };
    let Some(built) = ir::narrow::build_narrowing(run, chunk, plan) else {
        return false;
    };
    if remarks {
        let outputs = built.stores.len();
        let message = format!(
            "narrowing: {} stores of trunc <{} x i{}> to <{} x i{}> (llc {stock}) became \
             {outputs} × ({}) and {outputs} store(s) (described {}, llc {emitted})",
            chunk.len(),
            run.lanes,
            run.from_bits,
            run.lanes,
            run.to_bits,
            plan.describe(),
            predicted(plan, outputs, in_loop)
        );
        target.remark(RemarkKind::Passed, c"Narrow", chunk[0].store, &message);
    }
    ir::narrow::replace_stores(chunk, built);
    STORES_NARROWED.add(chunk.len() as u64);
    NARROW_SAVED.add(
        stock
            .instructions
            .saturating_sub(emitted.instructions)
            .max(0) as u64,
    );
    true
}

/// Replaces each shufflevector that truncates the concatenation of its operands
/// (`<0,2,4,..>` of two registers) by packs where they compile to fewer instructions.
///
/// ```text
/// %s = shufflevector <16 x i16> %a, <16 x i16> %b, <0,2,4,..,30>  ; x86-64-v3: 2 vpshufb,
/// =>                                                               ; vshufps, vpermpd
/// vpackusdw(and(%a as <8 x i32>, 0xffff), and(%b ..)), vpermq      ; 2 vpblendw, 2 more
/// ```
pub fn narrow_shuffles(
    func: Function,
    target: &Target,
    always: bool,
    remarks: bool,
    changed: &mut bool,
) {
    let Some(level) = x86_level(target) else {
        return;
    };
    let desc = target.desc();
    for site in func.shuffles() {
        let lanes = site.shuffle.source_lanes;
        let Some(ratio) = narrow::truncating_shuffle(site.shuffle.mask.as_slice(), lanes) else {
            continue;
        };
        let Some(bits) = ir::lower::element_bits(site.source_ty) else {
            continue;
        };
        let register_bits = lanes as u32 * bits;
        let Some(plan) = narrow::plan(bits * ratio, bits, register_bits, |f| level_has(level, f))
        else {
            continue;
        };
        if plan.pieces != 2 {
            continue;
        }
        // Measured alone: not where InstCombine composes it with another shuffle, nor
        // where the backend folds a load that others read too.
        if !always && (ir::lower::in_shuffle_chain(site.inst) || ir::lower::shared_load(site.inst))
        {
            continue;
        }
        let in_loop = ir::lower::in_cycle(site.inst);
        let inputs = ir::lower::measured_inputs(site.inst);
        let key = format!(
            "shuffle|{}|{}|{:?}|{}|{}|{}",
            desc.key(),
            in_loop,
            ir::lower::lone_loads(site.inst),
            site.source_ty,
            site.shuffle.mask,
            ir::lower::operand_key(site.inst)
        );
        let decide = || -> Decision {
            let stock = target
                .emitted_instructions(&[site.inst], &inputs, !in_loop)?
                .first()
                .copied()?;
            if i64::from(predicted_alone(&plan, in_loop)) >= stock.weight {
                return None;
            }
            let built = ir::narrow::build_pack_shuffle(site.inst, &plan)?;
            let emitted = target.emitted_instructions(&[built.result], &inputs, !in_loop);
            ir::lower::discard(built);
            let emitted = emitted?.first().copied()?;
            emitted.cheaper_than(stock).then_some((stock, emitted))
        };
        let decision = if always {
            Some((Emitted::plain(0), Emitted::plain(0)))
        } else {
            DECISIONS.get_or_make(key, decide)
        };
        let Some((stock, emitted)) = decision else {
            continue;
        };
        let Some(built) = ir::narrow::build_pack_shuffle(site.inst, &plan) else {
            continue;
        };
        if remarks {
            let message = format!(
                "narrowing: mask {} (llc {stock}) became {} (described {}, llc {emitted})",
                site.shuffle.mask,
                plan.describe(),
                predicted_alone(&plan, in_loop)
            );
            target.remark(RemarkKind::Passed, c"Narrow", site.inst, &message);
        }
        ir::lower::replace_with(site.inst, built);
        *changed = true;
        SHUFFLES_NARROWED.add(1);
        NARROW_SAVED.add(
            stock
                .instructions
                .saturating_sub(emitted.instructions)
                .max(0) as u64,
        );
    }
}

/// The instructions the descriptions promise for `outputs` registers: the plan's and a
/// store each (loads fold into the masks), and outside a loop the constant-pool loads
/// of the mask and the permute's index. (A shuffle's plan has no store: one less.)
fn predicted(plan: &Plan, outputs: usize, in_loop: bool) -> u32 {
    let index = plan
        .permute
        .as_ref()
        .is_some_and(|(p, _)| p.intrinsic.is_some());
    let constants = if in_loop { 0 } else { 1 + u32::from(index) };
    outputs as u32 * (plan.instructions() + 1) + constants
}

/// The output registers of `plan` for `stores` stores of `run`.
fn outputs(run: &NarrowingRun, stores: usize, plan: &Plan) -> usize {
    stores * run.lanes as usize / plan.input_elements() / plan.pieces
}

/// The instructions the descriptions promise for a shuffle's plan (no store).
fn predicted_alone(plan: &Plan, in_loop: bool) -> u32 {
    predicted(plan, 1, in_loop) - 1
}

/// Measures the stores as they are and `plan` in their place, in one compilation (its
/// setup costs as much as the small functions measured): both counts if the
/// descriptions promise fewer instructions than the stores compile to and the plan
/// compiles to strictly fewer.
fn decide(
    run: &NarrowingRun,
    chunk: &[NarrowingStore],
    plan: &Plan,
    inputs: &[ir::lower::Value],
    target: &Target,
    in_loop: bool,
) -> Decision {
    let stores: Vec<ir::Inst> = chunk.iter().map(|s| s.store).collect();
    let built = ir::narrow::build_narrowing(run, chunk, plan)?;
    let both = target.emitted_for_stores_both(&stores, &built.stores, inputs, !in_loop);
    ir::narrow::discard(built);
    let (stock, emitted) = both?;
    let promised = i64::from(predicted(plan, outputs(run, chunk.len(), plan), in_loop));
    (promised < stock.weight && emitted.cheaper_than(stock)).then_some((stock, emitted))
}
