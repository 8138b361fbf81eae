//! Selection: a four-lane shuffle of 32-bit lanes that the backend lowers with more
//! instructions than the target's cheapest sequence (`crate::lower::sequence`) becomes
//! that sequence.
//!
//! The assembly decides. The shim compiles the shuffle alone (as a function of its own
//! that hands the result to an empty inline asm), with the function's target, CPU and
//! features, and counts the instructions (`Target::emitted_batch`); where the
//! descriptions promise fewer, it compiles the candidate sequence the same way (and two
//! alternatives if that one loses), and a sequence replaces the shuffle only if it
//! compiles to strictly fewer. Descriptions thus only propose: a wrong description costs
//! a measurement, never a worse program. The decision is remembered per target, types,
//! operands, mask and loop, so each distinct shuffle is compiled at most three times in
//! a process; the shuffles of one function are measured together (three compilations
//! for all of them at most).
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

use super::memo::{decode_emitted, encode_emitted, timed_in_loop, wins, Memo, Persisted};

use crate::algebra::mask::Side;
use crate::algebra::pattern::Sym;
use crate::algebra::shuffle::OperandKind;
use crate::ffi::{Emitted, Probe, RemarkKind, Statistic, Target};
use crate::ir::{self, Function, ShuffleSite};
use crate::lower::sequence::{one_shuffle_instruction, Op, Operand, Searcher, Sequence};
use crate::target::insn::{available, level, Emit, INSNS};
use crate::target::Arch;
use crate::target::CostKind;

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
        stock: Emitted,
        emitted: Emitted,
    },
}

/// `keep`, or `use STOCK EMITTED COST COPIES name#imm:x:y,...` (operands `A`, `B`, `Z`,
/// `E<i>`; instructions by their unique names in the descriptions).
impl Persisted for Decision {
    fn encode(&self) -> Option<String> {
        Some(match self {
            Decision::Keep => "keep".to_string(),
            Decision::Use {
                seq,
                stock,
                emitted,
            } => {
                let operand = |o: Operand| match o {
                    Operand::A => "A".to_string(),
                    Operand::B => "B".to_string(),
                    Operand::Zero => "Z".to_string(),
                    Operand::Earlier(i) => format!("E{i}"),
                };
                let ops: Vec<String> = seq
                    .ops
                    .iter()
                    .map(|op| {
                        format!(
                            "{}#{}:{}:{}",
                            op.insn.name,
                            op.imm,
                            operand(op.x),
                            operand(op.y)
                        )
                    })
                    .collect();
                format!(
                    "use {} {} {} {} {}",
                    encode_emitted(*stock),
                    encode_emitted(*emitted),
                    seq.cost,
                    seq.copies,
                    ops.join(",")
                )
            }
        })
    }

    fn decode(text: &str) -> Option<Decision> {
        if text == "keep" {
            return Some(Decision::Keep);
        }
        let mut words = text.strip_prefix("use ")?.split(' ');
        let (stock, emitted) = (
            decode_emitted(words.next()?)?,
            decode_emitted(words.next()?)?,
        );
        let mut number = || -> Option<i64> { words.next()?.parse().ok() };
        let (cost, copies) = (number()?, number()?);
        let operand = |w: &str| -> Option<Operand> {
            Some(match w {
                "A" => Operand::A,
                "B" => Operand::B,
                "Z" => Operand::Zero,
                e => Operand::Earlier(e.strip_prefix('E')?.parse().ok()?),
            })
        };
        let ops = words
            .next()?
            .split(',')
            .map(|op| {
                let (name, rest) = op.split_once('#')?;
                let mut parts = rest.split(':');
                let imm = parts.next()?.parse().ok()?;
                let (x, y) = (operand(parts.next()?)?, operand(parts.next()?)?);
                let insn = INSNS.iter().find(|i| i.name == name)?;
                Some(Op { insn, imm, x, y })
            })
            .collect::<Option<Vec<Op>>>()?;
        Some(Decision::Use {
            seq: Sequence {
                ops,
                cost: u32::try_from(cost).ok()?,
                copies: u32::try_from(copies).ok()?,
            },
            stock,
            emitted,
        })
    }
}

static DECISIONS: Memo<Decision> = Memo::persistent("select");

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
        // (A lane of an `undef` operand is read from it: free, it might become poison.)
        if shuffle.kind(side) == OperandKind::Poison || shuffle.is_poison_element(side, lane) {
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
    let insns = available(arch, level);
    let mut wanted = Vec::new();
    for site in func.shuffles() {
        // Four 32-bit lanes: the descriptions' domain (checked first: it is cheap).
        if ir::lower::element_bits(site.source_ty) != Some(32) {
            continue;
        }
        if !always && (!stands_alone(&site) || halves_apart(site.inst, target)) {
            continue;
        }
        let Some(demand) = demand(&site) else {
            continue;
        };
        // One instruction as it is: nothing to search for or measure.
        if !always && one_shuffle_instruction(&insns, &demand) {
            continue;
        }
        let inputs = ir::lower::measured_inputs(site.inst);
        let key = format!(
            "{}|{:?}|{}|{}|{}|{}",
            ir::lower::in_cycle(site.inst),
            ir::lower::lone_loads(site.inst),
            desc.key(),
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
        wanted.push(Wanted {
            site,
            demand,
            inputs,
            key,
        });
    }
    if always {
        return;
    }
    // What is not remembered is measured, all shuffles of the function together (the
    // searcher is built only then: it takes about a millisecond).
    if wanted.iter().any(|w| remembered(&w.key).is_none()) {
        decide_all(&wanted, target, &searcher(arch, level));
    }
    for Wanted { site, key, .. } in wanted {
        let Some(decision) = remembered(&key) else {
            continue;
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
        INSTRUCTIONS_SAVED.add(
            stock
                .instructions
                .saturating_sub(emitted.instructions)
                .max(0) as u64,
        );
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
/// 1.33x (x86-64-v4) the instructions of stock with them. Not when only some of its
/// lanes may be read (`ir::lower::read_in_part`: the backend drops unread lanes from a
/// shuffle but not from an intrinsic or a fenced sequence; random functions of the
/// differential generator compiled by `llc` on four CPUs: 46 functions of 9,600 came
/// out longer than stock before this rule, 43 after, most of them poison-laden shapes).
/// Nor when it reads at most half the lanes of a computation only it reads
/// (`ir::lower::prunes_operand`: the backend computes only those for a shuffle). Nor
/// when every lane it reads is a constant (`ir::lower::reads_only_constants`).
pub(super) fn stands_alone(site: &ShuffleSite) -> bool {
    let variable = |side| site.shuffle.kind(side) == OperandKind::Variable;
    !ir::lower::in_shuffle_chain(site.inst)
        && !ir::lower::read_in_part(site.inst)
        && !ir::lower::prunes_operand(site.inst)
        && !ir::lower::shared_load(site.inst)
        && !ir::lower::reads_only_constants(site.inst)
        && [Side::First, Side::Second]
            .into_iter()
            .filter(|&side| variable(side))
            .all(|side| !ir::lower::has_sibling_shuffle(site.inst, side))
}

/// Whether a sequence's `freeze` of an operand would reach a value other code reads, of
/// a type the target does not hold as it is: the backend moves a `freeze` of a bitcast
/// to its source, and legalizes the source's other users around it (RISC-V V without
/// `zvfbfmin`: a `<16 x bfloat>` load read by a bfloat shuffle and, bitcast, by a wide
/// sequence; its `freeze` made the bfloat shuffle go through `float`s with 48 calls to
/// `__truncsfbf2`, a loop of 123 instructions 278; found by a helper's hunt). Such a
/// measurement of the shuffle alone does not see that. (Only where the shuffle's own
/// type is legal: a source merely wider than a register is split, not promoted.)
pub(super) fn freeze_spreads(site: &ShuffleSite, target: &Target) -> bool {
    target.is_type_legal(site.source_ty)
        && (ir::lower::shared_bitcast_sources(site.inst).into_iter())
            .any(|t| !target.is_type_legal(t))
}

/// Whether the shufflevector `inst` meets vectors of 16-bit floats the target holds
/// lane by lane: a type of them it has no register of, or a lane-wise operation on
/// them TTI prices at a cycle a lane or more (x86-64-v2's `fadd <8 x half>`, 37;
/// RISC-V V without `zvfh`, 16). The backend then takes the shuffle apart with them and
/// picks each lane where it is; a sequence or a recipe is a vector built to be taken
/// apart again, and a measurement of the shuffle alone, in registers, does not see that
/// (a helper's hunt: x86-64-v2 `fadd`, shuffle, `fadd` of `<8 x half>` 127 -> 229
/// instructions with a wide sequence; RISC-V V without `zvfh` 25 -> 43). Not for
/// chains (`super::chain`).
pub(super) fn halves_apart(inst: ir::Inst, target: &Target) -> bool {
    held_apart(
        &ir::lower::half_neighbours(inst, target.vector_register_bits()),
        target,
    )
}

/// Whether the target holds some of the vectors of 16-bit floats of `near` lane by
/// lane ([`halves_apart`]).
pub(super) fn held_apart(near: &ir::lower::HalfNeighbours, target: &Target) -> bool {
    near.types.iter().any(|&t| !target.is_type_legal(t))
        || near.operations.iter().any(|&(op, lanes)| {
            (target.instruction_cost(op, CostKind::RecipThroughput))
                .is_some_and(|cost| cost >= i64::from(lanes))
        })
}

/// Alternatives measured where the first candidate does not compile to fewer
/// instructions than the shuffle (rare: the sweep loses 4 of 26244 masks without them).
const ALTERNATIVES: usize = 2;

/// A shuffle to decide.
struct Wanted {
    site: ShuffleSite,
    demand: [Sym; 4],
    inputs: Vec<ir::lower::Value>,
    key: String,
}

/// The decision remembered under `key`.
fn remembered(key: &str) -> Option<Decision> {
    DECISIONS.get(key)
}

fn remember(key: &str, decision: Decision) {
    DECISIONS.insert(key.to_string(), decision);
}

/// Decides every shuffle of `wanted` whose key has no decision yet (the first of each
/// key), in at most three compilations for all of them: the shuffles alone; where the
/// descriptions promise fewer instructions than that, the cheapest sequence (and a
/// table lookup where the descriptions say it is cheaper still); and only for shuffles
/// none of those beats, the next sequences. A candidate is used if it compiles to
/// strictly fewer instructions than the shuffle; in a loop, by the cycles an iteration
/// first ([`wins`]). (Setting up code generation costs more
/// than compiling a small function: one compilation per shuffle made selection the
/// bulk of a module of standalone shuffles' compile time.)
fn decide_all(wanted: &[Wanted], target: &Target, searcher: &Searcher) {
    // One shuffle per key, not decided before; the candidates of each.
    let mut pending: Vec<(&Wanted, Vec<Sequence>, Vec<Sequence>)> = Vec::new();
    for w in wanted {
        if remembered(&w.key).is_some() || pending.iter().any(|(p, ..)| p.key == w.key) {
            continue;
        }
        let in_loop = ir::lower::in_cycle(w.site.inst);
        let (first, alternatives) = candidates(&w.demand, searcher, in_loop);
        if first.iter().all(itself) {
            remember(&w.key, Decision::Keep);
            continue;
        }
        pending.push((w, first, alternatives));
    }
    if pending.is_empty() {
        return;
    }
    // The shuffles alone: where one is no dearer than the descriptions' best, no
    // candidate is compiled (most shuffles; compile time).
    let probes: Vec<Probe> = pending
        .iter()
        .map(|(w, ..)| Probe {
            result: w.site.inst.raw(),
            inputs: w.inputs.iter().map(|&v| v.into()).collect(),
            count_constant_loads: !ir::lower::in_cycle(w.site.inst),
        })
        .collect();
    let in_loop = pending
        .iter()
        .any(|(w, ..)| ir::lower::in_cycle(w.site.inst));
    let stocks = timed_in_loop(target, in_loop, || target.emitted_batch(&probes));
    let mut open: Vec<(&Wanted, Emitted, Vec<Sequence>, Vec<Sequence>)> = Vec::new();
    for ((w, first, alternatives), stock) in pending.into_iter().zip(stocks) {
        match stock {
            Some(stock) => open.push((w, stock, first, alternatives)),
            None => remember(&w.key, Decision::Keep),
        }
    }
    let firsts: Vec<(&Wanted, Emitted, &[Sequence])> = open
        .iter()
        .map(|(w, s, f, _)| (*w, *s, f.as_slice()))
        .collect();
    let lost = measure_candidates(&firsts, target);
    let retry: Vec<(&Wanted, Emitted, &[Sequence])> = open
        .iter()
        .zip(lost)
        .filter(|(_, lost)| *lost)
        .map(|((w, s, _, a), _)| (*w, *s, a.as_slice()))
        .collect();
    for (w, ..) in &retry {
        remember(&w.key, Decision::Keep);
    }
    measure_candidates(&retry, target);
}

/// One shufflevector is the shuffle itself (its poison lanes filled): the backend would
/// lower it the same way. Not worth a compilation.
fn itself(s: &Sequence) -> bool {
    s.ops.len() == 1 && s.ops[0].insn.emit == Emit::Shuffle
}

/// The first candidates for a demand (the cheapest sequence, and the cheapest table
/// lookup where the descriptions rank it cheaper still) and the alternatives measured
/// only if none of those wins.
fn candidates(
    demand: &[Sym; 4],
    searcher: &Searcher,
    in_loop: bool,
) -> (Vec<Sequence>, Vec<Sequence>) {
    let mut first = searcher.sequences(demand, 1 + ALTERNATIVES);
    let alternatives = first.split_off(first.len().min(1));
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
    (first, alternatives)
}

/// Builds, for every shuffle of `open`, its candidates that the descriptions promise
/// cheaper than its `stock` instructions, measures them all in one compilation, and
/// remembers the fewest where that is strictly fewer than stock. For each shuffle,
/// whether it stays undecided (no candidate won; the key is left unset).
fn measure_candidates(open: &[(&Wanted, Emitted, &[Sequence])], target: &Target) -> Vec<bool> {
    let mut built: Vec<(usize, Sequence, ir::lower::BuiltSequence)> = Vec::new();
    let mut probes = Vec::new();
    for (i, (w, stock, candidates)) in open.iter().enumerate() {
        let in_loop = ir::lower::in_cycle(w.site.inst);
        for seq in candidates.iter() {
            if i64::from(seq.predicted(in_loop)) >= stock.weight || itself(seq) {
                continue;
            }
            let Some(b) = ir::lower::build_sequence(w.site.inst, seq) else {
                continue;
            };
            probes.push(Probe {
                result: b.result.raw(),
                inputs: w.inputs.iter().map(|&v| v.into()).collect(),
                count_constant_loads: !in_loop,
            });
            built.push((i, seq.clone(), b));
        }
    }
    let in_loop = open.iter().any(|(w, ..)| ir::lower::in_cycle(w.site.inst));
    let counts = timed_in_loop(target, in_loop, || target.emitted_batch(&probes));
    let mut best: Vec<Option<(Sequence, Emitted)>> = vec![None; open.len()];
    for ((i, seq, b), count) in built.into_iter().zip(counts) {
        ir::lower::discard(b);
        let Some(count) = count else { continue };
        let in_loop = ir::lower::in_cycle(open[i].0.site.inst);
        if wins((open[i].1, count), in_loop)
            && best[i]
                .as_ref()
                .map_or(true, |(_, e)| wins((*e, count), in_loop))
        {
            best[i] = Some((seq, count));
        }
    }
    open.iter()
        .zip(best)
        .map(|((w, stock, _), best)| match best {
            Some((seq, emitted)) => {
                remember(
                    &w.key,
                    Decision::Use {
                        seq,
                        stock: *stock,
                        emitted,
                    },
                );
                false
            }
            None => true,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A decision reads back as written (through the measurement cache's text).
    #[test]
    fn decisions_read_back_as_written() {
        let seq = Sequence {
            ops: vec![
                Op {
                    insn: &INSNS[0],
                    imm: 27,
                    x: Operand::A,
                    y: Operand::B,
                },
                Op {
                    insn: &INSNS[2],
                    imm: 0,
                    x: Operand::Earlier(0),
                    y: Operand::Zero,
                },
            ],
            cost: 2,
            copies: 1,
        };
        let d = Decision::Use {
            seq,
            stock: Emitted::plain(3),
            emitted: Emitted {
                weight: 5,
                instructions: 2,
                cycles: 250,
            },
        };
        let text = d.encode().unwrap();
        let back = Decision::decode(&text).unwrap();
        assert_eq!(back.encode().unwrap(), text);
        assert!(matches!(Decision::decode("keep"), Some(Decision::Keep)));
        assert!(Decision::decode("use 1 2").is_none());
    }
}
