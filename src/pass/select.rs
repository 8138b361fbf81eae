//! Selection: a four-lane shuffle of 32-bit lanes that the backend lowers with more
//! instructions than the target's cheapest sequence (`crate::lower::sequence`) becomes
//! that sequence.
//!
//! The assembly decides. The shim compiles the shuffle alone (as a function of its own
//! that hands the result to an empty inline asm), with the function's target, CPU and
//! features, and counts the instructions (`Target::emitted_instructions`); where the
//! descriptions promise fewer, it compiles the candidate sequence the same way (and two
//! alternatives if that one loses), and a sequence replaces the shuffle only if it
//! compiles to strictly fewer. Descriptions thus only propose: a wrong description costs
//! a measurement, never a worse program. The decision is remembered per target, types,
//! operands, mask and loop, so each distinct shuffle is compiled at most three times in
//! a process.
//!
//! ```text
//! %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <u,u,0,4>   ; x86-64-v3: 3
//! =>
//! %t = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <0,4,1,5>   ; vunpcklps
//! %f = call <4 x float> @llvm.arithmetic.fence(bitcast %t)             ; (nothing)
//! %s = shufflevector <4 x i32> (bitcast %f), poison, <0,1,0,1>         ; vmovddup: 2
//! ```

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use crate::algebra::mask::Side;
use crate::algebra::pattern::Sym;
use crate::algebra::shuffle::OperandKind;
use crate::ffi::{RemarkKind, Statistic, Target};
use crate::ir::{self, Function, ShuffleSite};
use crate::lower::sequence::{Searcher, Sequence};
use crate::target::insn::{available, level, Emit};
use crate::target::Arch;

static SHUFFLES_SELECTED: Statistic = Statistic {
    name: c"NumSelected",
    desc: c"Shufflevectors replaced by a cheaper instruction sequence",
};
static INSTRUCTIONS_SAVED: Statistic = Statistic {
    name: c"NumSelectedSaved",
    desc: c"Instructions saved by selected sequences, as measured",
};

/// What was decided for one kind of shuffle.
#[derive(Clone)]
enum Decision {
    /// The backend does as well: `stock` instructions.
    Keep,
    /// The sequence, which compiles to `emitted` instructions against `stock`.
    Use {
        seq: Sequence,
        stock: i64,
        emitted: i64,
    },
}

fn decisions() -> &'static Mutex<HashMap<String, Decision>> {
    static DECISIONS: OnceLock<Mutex<HashMap<String, Decision>>> = OnceLock::new();
    DECISIONS.get_or_init(Default::default)
}

/// The searcher of a target level, built once per process.
fn searcher(arch: Arch, level: &'static str) -> Arc<Searcher> {
    type Searchers = Mutex<HashMap<(u8, &'static str), Arc<Searcher>>>;
    static SEARCHERS: OnceLock<Searchers> = OnceLock::new();
    let mut map = SEARCHERS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    map.entry((arch as u8, level))
        .or_insert_with(|| Arc::new(Searcher::new(&available(arch, level), 1, level)))
        .clone()
}

/// What each output lane of `site` must hold, for the search.
fn demand(site: &ShuffleSite) -> Option<[Sym; 4]> {
    let shuffle = &site.shuffle;
    let mask = shuffle.mask.as_slice();
    if mask.len() != 4 || shuffle.source_lanes != 4 {
        return None;
    }
    Some(std::array::from_fn(|i| {
        let m = mask[i];
        if m < 0 {
            return Sym::Any;
        }
        let (side, lane) = match m {
            0..4 => (Side::First, m as usize),
            _ => (Side::Second, m as usize - 4),
        };
        if shuffle.kind(side).is_undef_like() || shuffle.is_poison_element(side, lane) {
            Sym::Any
        } else {
            Sym::Src(m as usize)
        }
    }))
}

/// Replaces every shuffle the backend lowers worse than the cheapest sequence; with
/// `always` (testing), every shuffle the search has a sequence for, unmeasured.
pub fn select_sequences(
    func: Function,
    target: &Target,
    always: bool,
    remarks: bool,
    changed: &mut bool,
) {
    let desc = target.desc();
    let arch = desc.arch();
    let Some(level) = level(&desc) else { return };
    for site in func.shuffles() {
        // Four 32-bit lanes: the descriptions' domain (checked first: it is cheap).
        if ir::lower::element_bits(site.source_ty) != Some(32) {
            continue;
        }
        if !always && !stands_alone(&site) {
            continue;
        }
        let Some(demand) = demand(&site) else {
            continue;
        };
        let inputs = ir::lower::measured_inputs(site.inst);
        let key = format!(
            "{}|{:?}|{}|{}|{}|{}|{}|{}",
            ir::lower::in_cycle(site.inst),
            ir::lower::lone_loads(site.inst),
            desc.triple,
            desc.cpu,
            desc.features,
            site.source_ty,
            site.shuffle.mask,
            ir::lower::operand_key(site.inst)
        );
        if always {
            if ir::lower::in_shuffle_chain(site.inst) {
                continue; // the chain is composed by InstCombine
            }
            // Every kind of sequence gets built: a table lookup where the search needs
            // two instructions or more.
            let searcher = searcher(arch, level);
            let searched = searcher.sequence(&demand);
            let table = searcher.tables(&demand).into_iter().next();
            let Some(seq) = (match (searched, table) {
                (Some(s), Some(t)) if s.ops.len() >= 2 => Some(t),
                (s, t) => s.or(t),
            }) else {
                continue;
            };
            if let Some(built) = ir::lower::build_sequence(site.inst, &seq) {
                ir::lower::replace_with(site.inst, built);
                *changed = true;
            }
            continue;
        }
        let known = decisions()
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&key)
            .cloned();
        let decision = match known {
            Some(d) => d,
            None => {
                let d = decide(&site, &demand, &inputs, target, &searcher(arch, level));
                decisions()
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .insert(key, d.clone());
                d
            }
        };
        let Decision::Use {
            seq,
            stock,
            emitted,
        } = decision
        else {
            continue;
        };
        // Measured already (here or for an equal shuffle): build and use.
        // The loads measured with the shuffle (counted before the sequence reads them
        // too): x86 folds one into the instruction that reads it; elsewhere each is an
        // instruction of its own.
        let loads = match arch {
            Arch::X86_64 => 0,
            _ => ir::lower::lone_load_count(site.inst),
        };
        let Some(built) = ir::lower::build_sequence(site.inst, &seq) else {
            continue;
        };
        if remarks {
            let message = format!(
                "sequence: mask {} (llc {stock}) became {} (described {}, llc {emitted})",
                site.shuffle.mask,
                seq.describe(),
                seq.predicted(ir::lower::in_cycle(site.inst)) + loads
            );
            target.remark(RemarkKind::Passed, c"Select", site.inst, &message);
        }
        ir::lower::replace_with(site.inst, built);
        *changed = true;
        SHUFFLES_SELECTED.add(1);
        INSTRUCTIONS_SAVED.add(stock.saturating_sub(emitted).max(0) as u64);
    }
}

/// Whether the measurement of `site` alone says what it costs in its function. Not
/// when it reads or feeds another shuffle (InstCombine composes chains); not when
/// another shuffle reads one of its operands (the backend shares work between the
/// shuffles of a value, broadcasts for example, which a measurement of one cannot see);
/// not when an operand is a load something else reads too (the backend folds loads into
/// shuffles, `vbroadcastss (mem)`; a load only this shuffle reads is measured with it).
/// Measured on `bench/kernels/permute_pairs_i32.c`, three permutes of two loaded
/// vectors: each sequence is cheaper alone, and the kernel was 1.2x (x86-64-v3) and
/// 1.33x (x86-64-v4) the instructions of stock with them.
fn stands_alone(site: &ShuffleSite) -> bool {
    let variable = |side| site.shuffle.kind(side) == OperandKind::Variable;
    !ir::lower::in_shuffle_chain(site.inst)
        && !ir::lower::shared_load(site.inst)
        && [Side::First, Side::Second]
            .into_iter()
            .filter(|&side| variable(side))
            .all(|side| ir::lower::sibling_shuffles(site.inst, side).is_empty())
}

/// Alternatives measured where the first candidate does not compile to fewer
/// instructions than the shuffle (rare: the sweep loses 4 of 26244 masks without them).
const ALTERNATIVES: usize = 2;

/// Measures the shuffle, then, if the descriptions promise fewer instructions, the
/// cheapest sequence (and a table lookup where the descriptions say it is cheaper
/// still); the candidate that compiles to the fewest instructions is used if that is
/// strictly fewer than the shuffle's. Only where none is, the next sequences are
/// measured: each candidate costs a compiled function (compile time).
fn decide(
    site: &ShuffleSite,
    demand: &[Sym; 4],
    inputs: &[ir::lower::Value],
    target: &Target,
    searcher: &Searcher,
) -> Decision {
    // In a loop the backend hoists constant-pool loads (an index vector): not counted.
    let in_loop = ir::lower::in_cycle(site.inst);
    let mut sequences = searcher.sequences(demand, 1 + ALTERNATIVES);
    let alternatives = sequences.split_off(sequences.len().min(1));
    let mut first = sequences;
    let floor = first.first().map(|s| s.predicted(in_loop));
    let table = searcher
        .tables(demand)
        .into_iter()
        .min_by_key(|t| t.predicted(in_loop));
    if let Some(table) = table {
        if floor.map_or(true, |f| table.predicted(in_loop) < f) {
            first.push(table);
        }
    }
    // One shufflevector is the shuffle itself (its poison lanes filled): the backend
    // would lower it the same way. Not worth a compilation.
    let itself = |s: &Sequence| s.ops.len() == 1 && s.ops[0].insn.emit == Emit::Shuffle;
    if first.iter().all(itself) {
        return Decision::Keep;
    }
    // The shuffle first, alone: where it is no dearer than the descriptions' best, no
    // candidate is compiled (most shuffles; compile time).
    let Some(stock) = target
        .emitted_instructions(&[site.inst], inputs, !in_loop)
        .map(|c| c[0])
    else {
        return Decision::Keep;
    };
    let promising = |s: &Sequence| i64::from(s.predicted(in_loop)) < stock && !itself(s);
    for batch in [first, alternatives] {
        let batch: Vec<Sequence> = batch.into_iter().filter(promising).collect();
        if let Some((seq, emitted)) = fewest_emitted(site, batch, inputs, target, in_loop)
            .filter(|&(_, emitted)| emitted < stock)
        {
            return Decision::Use {
                seq,
                stock,
                emitted,
            };
        }
    }
    Decision::Keep
}

/// The candidate that compiles to the fewest instructions, and how many; all measured
/// in one compilation.
fn fewest_emitted(
    site: &ShuffleSite,
    candidates: Vec<Sequence>,
    inputs: &[ir::lower::Value],
    target: &Target,
    in_loop: bool,
) -> Option<(Sequence, i64)> {
    let built: Vec<(Sequence, ir::lower::BuiltSequence)> = candidates
        .into_iter()
        .filter_map(|seq| {
            let built = ir::lower::build_sequence(site.inst, &seq)?;
            Some((seq, built))
        })
        .collect();
    if built.is_empty() {
        return None;
    }
    let results: Vec<ir::Inst> = built.iter().map(|(_, b)| b.result).collect();
    let counts = target.emitted_instructions(&results, inputs, !in_loop);
    let mut best: Option<(Sequence, i64)> = None;
    for (i, (seq, b)) in built.into_iter().enumerate() {
        ir::lower::discard(b);
        let Some(counts) = &counts else { continue };
        if best.as_ref().map_or(true, |&(_, e)| counts[i] < e) {
            best = Some((seq, counts[i]));
        }
    }
    best
}
