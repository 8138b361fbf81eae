//! Selection: a four-lane shuffle of 32-bit lanes that the backend lowers with more
//! instructions than the target's cheapest sequence (`crate::lower::sequence`) becomes
//! that sequence.
//!
//! The assembly decides. The shim compiles the shuffle alone, and then the sequence
//! alone, with the function's target, CPU and features, and counts the instructions
//! (`Target::emitted_instructions`); the sequence replaces the shuffle only if it
//! compiles to strictly fewer. Descriptions thus only propose: a wrong description
//! costs a measurement, never a worse program. Both counts and the decision are
//! remembered per target, types, operands and mask, so each distinct shuffle is
//! compiled at most twice in a process.
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
use crate::lower::sequence::{Operand, Searcher, Sequence};
use crate::target::insn::{available, level};
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
        .or_insert_with(|| Arc::new(Searcher::new(&available(arch, level), 1)))
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
        if !always && !stands_alone(&site) {
            continue;
        }
        let Some(demand) = demand(&site) else {
            continue;
        };
        let inputs = ir::lower::variable_operands(site.inst);
        let key = format!(
            "{}|{}|{}|{}|{}|{}|{}",
            ir::lower::in_cycle(site.inst),
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
            let Some(seq) = searcher(arch, level).sequence(&demand) else {
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
        let Some(built) = ir::lower::build_sequence(site.inst, &seq) else {
            continue;
        };
        if remarks {
            let message = format!(
                "sequence: mask {} ({stock} instructions) became {} ({emitted})",
                site.shuffle.mask,
                describe(&seq)
            );
            target.remark(RemarkKind::Passed, c"Select", site.inst, &message);
        }
        ir::lower::replace_with(site.inst, built);
        *changed = true;
        SHUFFLES_SELECTED.add(1);
        INSTRUCTIONS_SAVED.add(stock.saturating_sub(emitted).max(0) as u64);
    }
}

/// Sequences measured per shuffle, cheapest by the descriptions first.
const CANDIDATES: usize = 4;

/// Instructions emitted for `value` computed from `inputs`, with the inputs in the
/// given order and reversed: where instructions overwrite an operand (SSE, `ins`), the
/// register copies depend on which input arrives in the result's register, and a
/// decision must not hang on that.
fn measure(
    target: &Target,
    value: ir::Inst,
    inputs: &[ir::lower::Value],
    in_loop: bool,
) -> Option<[i64; 2]> {
    let forward = target.emitted_instructions(value, inputs, !in_loop)?;
    let reversed: Vec<_> = inputs.iter().rev().copied().collect();
    let backward = match inputs.len() {
        2 => target.emitted_instructions(value, &reversed, !in_loop)?,
        _ => forward,
    };
    Some([forward, backward])
}

/// Whether the measurement of `site` alone says what it costs in its function. Not
/// when it reads or feeds another shuffle (InstCombine composes chains); not when
/// another shuffle reads one of its operands (the backend shares work between the
/// shuffles of a value, broadcasts for example, which a measurement of one cannot see);
/// not when an operand is a load (the backend folds loads into shuffles, `vbroadcastss
/// (mem)`, which a measurement on registers cannot see). Measured on
/// `bench/kernels/permute_pairs_i32.c`, three permutes of two loaded vectors: each
/// sequence is cheaper alone, and the kernel was 1.2x (x86-64-v3) and 1.33x (x86-64-v4)
/// the instructions of stock with them.
fn stands_alone(site: &ShuffleSite) -> bool {
    let variable = |side| site.shuffle.kind(side) == OperandKind::Variable;
    !ir::lower::in_shuffle_chain(site.inst)
        && !ir::lower::source_is_load(site.inst)
        && [Side::First, Side::Second]
            .into_iter()
            .filter(|&side| variable(side))
            .all(|side| ir::lower::sibling_shuffles(site.inst, side).is_empty())
}

/// Measures the shuffle, and the cheapest sequences if the descriptions say they are
/// cheaper; a sequence is used only if it compiles to no more instructions than the
/// shuffle in either order of the inputs, and to fewer in all.
fn decide(
    site: &ShuffleSite,
    demand: &[Sym; 4],
    inputs: &[ir::lower::Value],
    target: &Target,
    searcher: &Searcher,
) -> Decision {
    // In a loop the backend hoists constant-pool loads (an index vector): not counted.
    let in_loop = ir::lower::in_cycle(site.inst);
    let Some(stock) = measure(target, site.inst, inputs, in_loop) else {
        return Decision::Keep;
    };
    let mut best: Option<(Sequence, [i64; 2])> = None;
    for seq in searcher.sequences(demand, CANDIDATES) {
        let floor = i64::from(seq.cost);
        if floor >= stock[0].max(stock[1]) {
            break; // sorted by cost: none after is cheaper
        }
        let Some(built) = ir::lower::build_sequence(site.inst, &seq) else {
            continue;
        };
        let emitted = measure(target, built.result, inputs, in_loop);
        ir::lower::discard(built);
        let Some(emitted) = emitted else { continue };
        let total = |c: [i64; 2]| c[0] + c[1];
        let better = emitted[0] <= stock[0]
            && emitted[1] <= stock[1]
            && total(emitted) < total(stock)
            && best
                .as_ref()
                .map_or(true, |(_, b)| total(emitted) < total(*b));
        if better {
            let at_floor = emitted == [floor, floor];
            best = Some((seq, emitted));
            if at_floor {
                break;
            }
        }
    }
    match best {
        Some((seq, emitted)) => Decision::Use {
            seq,
            stock: stock[0],
            emitted: emitted[0],
        },
        None => Decision::Keep,
    }
}

/// `punpckldq(a, b), pshufd(#0)`, for remarks.
fn describe(seq: &Sequence) -> String {
    let parts: Vec<String> = seq
        .ops
        .iter()
        .map(|op| {
            let name = |o: Operand| match o {
                Operand::A => "a".to_string(),
                Operand::B => "b".to_string(),
                Operand::Zero => "zero".to_string(),
                Operand::Earlier(i) => format!("#{i}"),
            };
            match op.insn.operands {
                1 => format!("{}({})", op.insn.name, name(op.x)),
                _ => format!("{}({}, {})", op.insn.name, name(op.x), name(op.y)),
            }
        })
        .collect();
    parts.join(", ")
}
