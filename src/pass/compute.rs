//! Shuffles of lane-wise operations move below them (`crate::lower::compute`), where
//! they compose with the shuffles the operations' operands came from, where that
//! compiles to fewer instructions (the tree and its rewrite compiled alone, a
//! function's in one compilation).
//!
//! ```text
//! ; x86-64-v3, a complex multiply the loop vectorizer deinterleaved and interleaves
//! ; back: 12 shuffles -> vmovsldup, vmovshdup, vshufps (x2 registers) and vaddsubps
//! %out = shufflevector (fsub (fmul %ar, %br), (fmul %ai, %bi)),
//!                      (fadd (fmul %ar, %bi), (fmul %ai, %br)), <0,8,1,9,..>
//! ```
//!
//! Each tree has up to two candidates: the shuffle moved down, and that (or the tree
//! as it is) with a blend of `fsub` and `fadd` made one `fadd` of sign-flipped lanes
//! (`compute::alternate`: AArch64 and RISC-V V have no `vaddsubps`); both are
//! measured and the one that compiles shortest is kept.

use std::collections::{HashMap, HashSet};

use super::memo::{measure_pairs, Candidate, Memo, Pair};
use crate::ffi::{Emitted, RemarkKind, Slice, Statistic, Target};
use crate::ir::compute::Negation;
use crate::ir::{self, Function, Inst};
use crate::lower::compute::{self, New};
use crate::target::Arch;

static SUNK: Statistic = Statistic {
    name: c"NumShufflesThroughCompute",
    desc: c"Shuffles moved below lane-wise operations",
};

static MEASURED: Memo<Pair> = Memo::persistent("compute");

/// Rewrites every shuffle of operations in `func` whose rewrite compiles to strictly
/// fewer instructions; with `always` (testing), every one that checks. Where one was
/// rewritten, a second round over the trees holding what it built: a subtree commoned
/// by one mask is a shuffle by one more mask, which a permutation taken out of the
/// whole tree may now serve. It also takes the trees the first skipped for sharing an
/// instruction with one rewritten; the others would be decided as before. It reports
/// only what it rewrites (a tree kept in both rounds was reported by the first; one the
/// first's rewrite made and the second keeps goes unreported). With
/// `always`, one round: a second would force the rewrites of what the first forced,
/// undoing it as often as not.
pub fn sink_shuffles(
    func: Function,
    target: &Target,
    always: bool,
    remarks: bool,
    changed: &mut bool,
) {
    let Some(again) = sink_round(func, target, always, remarks, None) else {
        return;
    };
    *changed = true;
    if !always {
        sink_round(func, target, always, remarks, Some(&again));
    }
}

/// One round of `sink_shuffles`, over every tree or (`reading`: the second round)
/// those holding one of these instructions. Where it rewrote something: what it built
/// and the roots of the trees it skipped for sharing an instruction with one rewritten.
fn sink_round(
    func: Function,
    target: &Target,
    always: bool,
    remarks: bool,
    reading: Option<&HashSet<Inst>>,
) -> Option<HashSet<Inst>> {
    let missed_remarks = remarks && reading.is_none();
    let mut again = HashSet::new();
    let mut skipped: Vec<Inst> = Vec::new();
    let mut trees = ir::compute::compute_trees(func);
    // Then the trees of operations on shuffles by one mask, and their commoned rewrite.
    let mut commoned: Vec<Option<Vec<New>>> = vec![None; trees.len()];
    for (tree, new) in ir::compute::common_trees(func) {
        trees.push(tree);
        commoned.push(Some(new));
    }
    if let Some(reading) = reading {
        (trees, commoned) = (trees.into_iter().zip(commoned))
            .filter(|(tree, _)| tree.values().iter().any(|v| reading.contains(v)))
            .unzip();
    }
    if trees.is_empty() {
        return None;
    }
    let desc = target.desc();
    let negation = negation(&desc);
    // (At least 128: a target answering 0 has no fixed-width registers to weigh by.)
    let register_bits = target.vector_register_bits().max(128);
    // Per tree, its candidates (the moved shuffle, the alternation, the moved shuffle
    // with a sign-flipped operand as a blend); with `always`, the last only (the
    // campaigns then run the later shapes everywhere).
    let plans: Vec<_> = trees
        .iter()
        .enumerate()
        .flat_map(|(t, tree)| {
            let sunk = compute::sink(&tree.nodes);
            let base = sunk.clone().or_else(|| compute::as_is(&tree.nodes));
            let alternated = base.and_then(|b| compute::alternate(&tree.nodes, &b));
            let blended = sunk
                .as_ref()
                .and_then(|s| compute::blend_flip(&tree.nodes, s));
            let mut variants: Vec<(&'static str, Vec<New>)> = Vec::new();
            let commoned = commoned[t].clone();
            let commoned = commoned.filter(|n| always || compute::common_may_pay(&tree.nodes, n));
            variants.extend(commoned.map(|n| ("commoned", n)));
            variants.extend(sunk.map(|n| ("sunk", n)));
            variants.extend(alternated.map(|n| ("alternated", n)));
            variants.extend(blended.map(|n| ("blended", n)));
            if always && variants.len() > 1 {
                variants.remove(0);
            }
            variants.into_iter().filter_map(move |(kind, new)| {
                let shuffles = new
                    .iter()
                    .filter(|n| matches!(n, New::Shuffle { .. }))
                    .count();
                // Strictly fewer shuffles (a blend counted: it may be one instruction,
                // or two), fewer shuffles or operations run than the tree's (those it
                // keeps below an operation counted too: `runs_less`), not moving far
                // more bits (`moves_far_more`), then measured;
                // as many, or as wide, would compile each candidate for nothing. An
                // alternation not where only some lanes are read: the backend computes
                // only those of the blend's two operations, and all of the negation
                // (`psign`, a multiply) and the addition.
                let partly = kind == "alternated" && ir::lower::read_in_part(tree.root);
                // Nor on 16-bit floats the target holds lane by lane: the backend
                // computes only the lanes read, which a measurement of the whole tree
                // does not see (x86-64-v2, three `<8 x half>` operations on shuffles
                // commoned, two lanes of them read: a random program's function 50
                // instructions -> 103; found by a helper's hunt).
                let halves = || {
                    let near = tree.half_neighbours(register_bits);
                    super::select::held_apart(&near, target)
                };
                let wider = || {
                    compute::moves_far_more(&tree.nodes, &new, &tree.element_bits(), register_bits)
                };
                (always
                    || (shuffles < tree.shuffles()
                        && compute::runs_less(&tree.nodes, &new)
                        && !partly
                        && !wider()
                        && !halves()))
                .then_some((t, kind, new, shuffles))
            })
        })
        .collect();
    if plans.is_empty() {
        return None;
    }
    let keys: Vec<String> = plans
        .iter()
        .map(|&(t, kind, ..)| {
            let tree = &trees[t];
            format!(
                "{}|{}|{}|{kind}",
                desc.key(),
                ir::lower::in_cycle(tree.root),
                tree.signature()
            )
        })
        .collect();
    let measured: Vec<Pair> = if always {
        vec![Some((Emitted::plain(0), Emitted::plain(0))); plans.len()]
    } else {
        let candidates = plans
            .iter()
            .zip(&keys)
            .map(|(&(t, _, ref new, _), key)| (&trees[t], new, key))
            .map(|(tree, new, key)| Candidate {
                key: key.clone(),
                original: tree.root,
                inputs: tree.measured_inputs(),
                in_loop: ir::lower::in_cycle(tree.root),
                build: Box::new(move || {
                    ir::compute::build_rewritten(
                        tree,
                        new,
                        ir::lower::in_cycle(tree.root),
                        negation,
                    )
                }),
            })
            .collect();
        measure_pairs(target, &MEASURED, candidates)
    };
    let partnered = partnered(&trees, &plans, &measured, always);
    // Each tree's shortest candidate first; a tree's later candidates are then skipped
    // as touched (or kept out by their own measurement).
    let mut order: Vec<usize> = (0..plans.len()).collect();
    order.sort_by_key(|&i| (plans[i].0, measured[i].map_or(i64::MAX, |(_, e)| e.weight)));
    let mut done = vec![false; trees.len()];
    let mut touched: Vec<Inst> = Vec::new();
    for i in order {
        let (t, kind, ref new, shuffles) = plans[i];
        let tree = &trees[t];
        if done[t] {
            continue;
        }
        let operations = tree
            .nodes
            .iter()
            .filter(|n| matches!(n, compute::Node::Op { .. }))
            .count();
        // Trees sharing an instruction, or reading a root rewritten before (erased: not
        // to be read, not even for a remark): the first rewrite wins. A shuffle shared
        // with partner trees stays until the last of them is rewritten.
        // (Checked before anything reads the tree's values: a value erased by an
        // earlier rewrite is not to be read, not even its uses.)
        if tree.values().iter().any(|v| touched.contains(v)) {
            skipped.push(tree.root);
            continue;
        }
        let shared = tree.shared_shuffles();
        let mine: Vec<Inst> = (tree.interior().into_iter())
            .filter(|i| !shared.contains(i))
            .chain([tree.root])
            .collect();
        let Some((stock, emitted)) = measured[i] else {
            continue;
        };
        // Commoned by one mask, or with one permutation taken out of several.
        let factored = kind == "commoned" && !compute::one_mask(&tree.nodes);
        let what = match kind {
            "commoned" if !factored => format!(
                "{operations} operations on {} shuffles by one mask",
                tree.shuffles()
            ),
            "commoned" => format!(
                "{operations} operations on {} shuffles by permutations of one shape",
                tree.shuffles()
            ),
            _ => format!(
                "a shuffle of {operations} operations and {} shuffles",
                tree.shuffles()
            ),
        };
        let how = match kind {
            "commoned" if !factored => "commoned out of them",
            "commoned" => "one permutation taken out of them",
            "alternated" if integer_add(new) => "as one add of lanes negated",
            "alternated" => "as one fadd of sign-flipped lanes",
            "blended" => "moved below them, the sign-flipped operand as a blend",
            _ => "moved below them",
        };
        // Without partners, measured again with the shuffles it keeps.
        let kept = (!always && emitted.cheaper_than(stock) && !partnered[t])
            .then(|| measured_keeping(target, tree, new, &keys[i], negation));
        let (stock, emitted) = match kept {
            Some(Some((s, e))) if e.cheaper_than(s) => (s, e),
            Some(kept) => {
                if missed_remarks {
                    let message = format!(
                        "through compute: kept {what} (llc {stock}): {how}, {shuffles} \
                         shuffles compile to {emitted}, but code not rewritten also reads \
                         its shuffles (with them: llc {})",
                        kept.map_or("?".to_string(), |(s, e)| format!("{s} against {e}"))
                    );
                    target.remark(RemarkKind::Missed, remark_name(kind), tree.root, &message);
                }
                continue;
            }
            None => (stock, emitted),
        };
        if !always && !emitted.cheaper_than(stock) {
            if missed_remarks {
                let message = format!(
                    "through compute: kept {what} (llc {stock}): {how}, {shuffles} \
                     shuffles compile to {emitted}"
                );
                target.remark(RemarkKind::Missed, remark_name(kind), tree.root, &message);
            }
            continue;
        }
        let in_loop = ir::lower::in_cycle(tree.root);
        let Some(built) = ir::compute::build_rewritten(tree, new, in_loop, negation) else {
            continue;
        };
        if remarks {
            let message = format!(
                "through compute: {what} (llc {stock}) {how}: {shuffles} shuffles (llc \
                 {emitted})"
            );
            target.remark(RemarkKind::Passed, remark_name(kind), tree.root, &message);
        }
        done[t] = true;
        touched.extend(mine);
        again.extend(built.instructions());
        // Every instruction the rewrite erased (a shared shuffle too, once its last
        // reader went) is touched: later trees holding it are skipped.
        touched.extend(ir::compute::replace_tree(tree, built));
        SUNK.add(1);
    }
    if again.is_empty() {
        return None;
    }
    // A skipped root stands unless a rewrite after the skip took it.
    again.extend(skipped.into_iter().filter(|r| !touched.contains(r)));
    Some(again)
}

/// Per tree, whether what reads its shuffles from outside it is rewritten too: each
/// reader of a shared shuffle is in a tree measured cheaper whose own shared shuffles
/// are (a fixed point). A tree's measurement counts its shuffles as gone; one another
/// reader keeps is not. (Quaternion products on x86-64-v4 read eight deinterleaves in
/// two trees: one tree moved them below its operations and kept them for the other,
/// which stayed; a loop of 85 instructions became 120, found by a helper's hunt. Two
/// trees sharing a shuffle and both rewritten each measure it gone, and it is.) A
/// shuffle with more than [`MAX_SHARED_READERS`] readers is kept by all of them.
fn partnered(
    trees: &[ir::compute::ComputeTree],
    plans: &[(usize, &'static str, Vec<New>, usize)],
    measured: &[Pair],
    always: bool,
) -> Vec<bool> {
    let mut wins = vec![always; trees.len()];
    for (&(t, ..), pair) in plans.iter().zip(measured) {
        wins[t] |= pair.is_some_and(|(stock, emitted)| emitted.cheaper_than(stock));
    }
    if always {
        return wins;
    }
    let shared: Vec<Vec<Inst>> = (trees.iter())
        .zip(&wins)
        .map(|(t, &w)| if w { t.shared_shuffles() } else { Vec::new() })
        .collect();
    // Each shared shuffle's readers (`None`: too many), and the trees each value is in.
    let mut readers: HashMap<Inst, Option<Vec<Inst>>> = HashMap::new();
    for &s in shared.iter().flatten() {
        (readers.entry(s)).or_insert_with(|| ir::compute::readers(s, MAX_SHARED_READERS));
    }
    let mut trees_of: HashMap<Inst, Vec<usize>> = HashMap::new();
    for (t, tree) in trees.iter().enumerate() {
        for v in tree.values() {
            trees_of.entry(v).or_default().push(t);
        }
    }
    loop {
        let covered = |r: &Inst| {
            trees_of
                .get(r)
                .is_some_and(|ts| ts.iter().any(|&u| wins[u]))
        };
        let released = |s: &Inst| readers[s].as_ref().is_some_and(|rs| rs.iter().all(covered));
        let lost: Vec<usize> = (0..trees.len())
            .filter(|&t| wins[t] && !shared[t].iter().all(released))
            .collect();
        if lost.is_empty() {
            return wins;
        }
        for t in lost {
            wins[t] = false;
        }
    }
}

/// `tree`'s original and its rewrite `new`, each measured with the shuffles the
/// rewrite keeps for readers outside the tree handed on (as the function needs them:
/// where the tree narrows its operations, keeping a shuffle can still pay, a
/// `<8 x i32>` add read by an odd-lanes shuffle, its operand's swap also stored,
/// neoverse-n1: 10 instructions as it was, 8 rewritten); remembered under `key`.
fn measured_keeping(
    target: &Target,
    tree: &ir::compute::ComputeTree,
    new: &[New],
    key: &str,
    negation: Negation,
) -> Pair {
    let kept = tree.shared_shuffles();
    // Which of the tree's values are kept.
    let values = tree.values();
    let at: Vec<Option<usize>> = kept
        .iter()
        .map(|k| values.iter().position(|v| v == k))
        .collect();
    let key = format!("{key}|keeping {at:?}");
    if let Some(known) = MEASURED.get(&key) {
        return known;
    }
    let in_loop = ir::lower::in_cycle(tree.root);
    let pair = ir::compute::build_rewritten(tree, new, in_loop, negation).and_then(|built| {
        let inputs: Vec<_> = (tree.measured_inputs().into_iter())
            .chain(built.hoisted())
            .map(|v| v.into())
            .collect();
        let slice = |result: Inst| Slice {
            stores: Vec::new(),
            observed: [result].iter().chain(&kept).map(|i| i.raw()).collect(),
            inputs: inputs.clone(),
        };
        let slices = [slice(tree.root), slice(built.result)];
        let counts = target.emitted_for_slices(&slices, !in_loop);
        ir::lower::discard(built);
        Some((counts[0]?, counts[1]?))
    });
    MEASURED.insert(key, pair);
    pair
}

/// The most readers of a shuffle shared by trees through compute that are followed
/// (`partnered`); past it, the trees keep it.
const MAX_SHARED_READERS: usize = 16;

/// The remark's name: commoning its own (the campaigns count it apart).
fn remark_name(kind: &str) -> &'static std::ffi::CStr {
    match kind {
        "commoned" => c"Commoned",
        _ => c"ThroughCompute",
    }
}

/// How `desc` negates an integer alternation's lanes: on x86, `psign` for the widest
/// register it has one for (SSSE3: 128 bits, AVX2: 256).
fn negation(desc: &crate::target::TargetDesc) -> Negation {
    use crate::target::insn::{level, level_has};
    let psign_bits = match level(desc) {
        Some(l) if level_has(l, "avx2") => 256,
        Some(l) if level_has(l, "ssse3") => 128,
        _ => 0,
    };
    match desc.arch() {
        Arch::X86_64 => Negation::X86 { psign_bits },
        _ => Negation::Multiply,
    }
}

/// Whether `new`'s root is an integer `add` (an alternation of `sub` and `add`).
fn integer_add(new: &[New]) -> bool {
    matches!(
        new.last(),
        Some(New::Op {
            op: compute::Op::Bin(compute::BinOp::Add),
            ..
        })
    )
}
