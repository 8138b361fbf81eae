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

use super::memo::{measure_pairs, Candidate, Memo, Pair};
use crate::ffi::{RemarkKind, Statistic, Target};
use crate::ir::{self, Function, Inst};
use crate::lower::compute::{self, New};

static SUNK: Statistic = Statistic {
    name: c"NumShufflesThroughCompute",
    desc: c"Shuffles moved below lane-wise operations",
};

static MEASURED: Memo<Pair> = Memo::persistent("compute");

/// Rewrites every shuffle of operations in `func` whose rewrite compiles to strictly
/// fewer instructions; with `always` (testing), every one that checks.
pub fn sink_shuffles(
    func: Function,
    target: &Target,
    always: bool,
    remarks: bool,
    changed: &mut bool,
) {
    let trees = ir::compute::compute_trees(func);
    if trees.is_empty() {
        return;
    }
    let desc = target.desc();
    let plans: Vec<_> = trees
        .into_iter()
        .filter_map(|tree| {
            let new = compute::sink(&tree.nodes)?;
            let shuffles = new
                .iter()
                .filter(|n| matches!(n, New::Shuffle { .. }))
                .count();
            // Strictly fewer shuffles (a blend counted: it may be one instruction, or
            // two), then measured; as many would compile each candidate for nothing.
            (always || shuffles < tree.shuffles()).then_some((tree, new, shuffles))
        })
        .collect();
    if plans.is_empty() {
        return;
    }
    let keys: Vec<String> = plans
        .iter()
        .map(|(tree, ..)| {
            format!(
                "{}|{}|{}",
                desc.key(),
                ir::lower::in_cycle(tree.root),
                tree.signature()
            )
        })
        .collect();
    let measured: Vec<Pair> = if always {
        vec![Some((0, 0)); plans.len()]
    } else {
        let candidates = plans
            .iter()
            .zip(&keys)
            .map(|((tree, new, _), key)| Candidate {
                key: key.clone(),
                original: tree.root,
                inputs: tree.leaves(),
                in_loop: ir::lower::in_cycle(tree.root),
                build: Box::new(move || ir::compute::build_rewritten(tree, new)),
            })
            .collect();
        measure_pairs(target, &MEASURED, candidates)
    };
    let mut touched: Vec<Inst> = Vec::new();
    for ((tree, new, shuffles), measured) in plans.into_iter().zip(measured) {
        let operations = tree
            .nodes
            .iter()
            .filter(|n| matches!(n, compute::Node::Binary { .. }))
            .count();
        let Some((stock, emitted)) = measured else {
            continue;
        };
        if !always && emitted >= stock {
            if remarks {
                let message = format!(
                    "through compute: kept a shuffle of {operations} operations and {} \
                     shuffles (llc {stock}): moved below them, {shuffles} shuffles compile \
                     to {emitted}",
                    tree.shuffles(),
                );
                target.remark(RemarkKind::Missed, c"ThroughCompute", tree.root, &message);
            }
            continue;
        }
        // Trees sharing an instruction, or reading a root rewritten before (erased):
        // the first rewrite wins.
        let mine: Vec<Inst> = tree.interior().into_iter().chain([tree.root]).collect();
        if tree.values().iter().any(|v| touched.contains(v)) {
            continue;
        }
        let Some(built) = ir::compute::build_rewritten(&tree, &new) else {
            continue;
        };
        if remarks {
            let message = format!(
                "through compute: a shuffle of {operations} operations and {} shuffles \
                 (llc {stock}) moved below them: {shuffles} shuffles (llc {emitted})",
                tree.shuffles(),
            );
            target.remark(RemarkKind::Passed, c"ThroughCompute", tree.root, &message);
        }
        touched.extend(mine);
        ir::compute::replace_tree(&tree, built);
        *changed = true;
        SUNK.add(1);
    }
}
