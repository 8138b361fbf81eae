//! Store chains whose stored values are one SLP tree (`crate::slp`), and horizontal
//! reductions and build vectors (`insertelement` chains) whose lanes are, become vector code where `llc` emits fewer instructions
//! for it than for the scalar code (both measured with their loads, from the bases
//! alone); the shuffles then go through the library (the late instance's networks,
//! selection, ...). A reduction takes the lane order whose tree shuffles the fewest
//! loads (`slp::tree::reduction_tree`), and ends in `llvm.vector.reduce.*`.
//!
//! Placement (docs/slp.md): the instance before the vectorizers takes the trees with a
//! permutation (what stock SLP prices worst: a 4x4 matrix-vector product stored in
//! another order becomes 160 shuffle instructions on x86-64-v3), and leaves the others to
//! the vectorizers; the instance after them takes what stayed scalar.

use std::collections::HashSet;

use super::memo::{Memo, Pair};
use crate::ffi::{Emitted, RemarkKind, Slice, Statistic, Target};
use crate::ir::slp::{BuiltTree, Seed, ShuffleReader, Tree};
use crate::ir::{self, Function, Inst};
use crate::pass::options::Stage;
use crate::target::{Arch, CostKind};

static TREES: Statistic = Statistic {
    name: c"NumSlpTrees",
    desc: c"Store chains made vector code by shuffle-lib's SLP",
};

static MEASURED: Memo<Pair> = Memo::persistent("slp");
/// Keys whose scalars read outside the tree were measured with the code.
static MEASURED_OUTSIDE: Memo<bool> = Memo::persistent("slp-outside");
/// Keys whose vector side TTI priced (not compiled).
static BY_TTI: Memo<bool> = Memo::persistent("slp-tti");

/// Vectorizes the store trees of `func` that compile shorter, then its reductions; with
/// `always` (testing), every one found.
///
/// A tree is vectorized where its scalar code compiles to more than `threshold`
/// instructions more than its vector code.
pub fn vectorize_trees(
    func: Function,
    target: &Target,
    stage: Stage,
    threshold: i64,
    always: bool,
    remarks: bool,
    changed: &mut bool,
) {
    // A tree that shares an instruction with one replaced before it is left: it may
    // read what that one erased (a reduction whose lanes are reductions of their own).
    // Each kind is read after the one before is in place, so what is gone is kept per
    // kind (an erased instruction's address may be a new one's by then).
    for trees in [
        Box::new(|| ir::slp::store_trees(func, target)) as Box<dyn Fn() -> Vec<Tree>>,
        Box::new(|| ir::slp::reduction_trees(func, target)),
        Box::new(|| ir::slp::build_vector_trees(func, target)),
        Box::new(|| ir::slp::index_trees(func, target)),
        Box::new(|| ir::slp::phi_trees(func, target)),
    ] {
        let mut gone: HashSet<Inst> = HashSet::new();
        for t in trees() {
            let touched = t.touched();
            if touched.iter().any(|i| gone.contains(i)) {
                continue;
            }
            if decide(&t, target, stage, threshold, always, remarks, changed) {
                gone.extend(touched);
            }
        }
    }
}

/// Vectorizes `t` where it compiles shorter; whether it did.
fn decide(
    t: &Tree,
    target: &Target,
    stage: Stage,
    threshold: i64,
    always: bool,
    remarks: bool,
    changed: &mut bool,
) -> bool {
    let in_loop = ir::lower::in_cycle(t.anchor());
    let n = t.lanes();
    if stage == Stage::Early && !always && !t.tree.permutes() {
        return false;
    }
    // Stock SLP vectorizes index bundles itself (`vectorizeGEPIndices`), pricing plain
    // vector operations well; where it left one scalar, only a permutation, which it
    // prices poorly, is worth measuring again (measuring every bundle cost
    // libjpeg-turbo's build 27 ms more in SLP for no tree taken).
    if !always && matches!(t.seed, Seed::Indices { .. }) && !t.tree.permutes() {
        return false;
    }
    // Stock SLP vectorizes groups of phis itself, permuted ones included (eight `i16`
    // accumulators updated from a permuted row: a vector phi, `tbl`, `mla` on
    // neoverse-n1): those are taken only where it left them scalar.
    if stage == Stage::Early && !always && matches!(t.seed, Seed::Phis { .. }) {
        return false;
    }
    // Where the loop vectorizer has an active vector length (RISC-V V) it vectorizes
    // a loop whose iteration stores at most 8 elements side by side across
    // iterations: one segment store (`vsseg8`, the largest interleave factor it
    // takes) and a strided load per scalar load, cheaper than one iteration's tree
    // (complex_mul_f64 on sifive-x280: 18 cycles an item against 33). Longer chains
    // it gathers by index (the 8x8 transpose's 64 copies: 717 against 82), so those
    // are still taken here; after the vectorizers, whatever stayed scalar is.
    // Likewise on AArch64 a loop storing at most 4 elements side by side an iteration:
    // `ld2`..`ld4` and `st2`..`st4` (4 is the largest factor they take) across
    // iterations beat one iteration's tree (four stores of sums and differences of a
    // permuted `<4 x i32>`: `ld4`, four add/sub, `st4`, 2.3 cycles an item by llvm-mca
    // on neoverse-n1, against 5.7 for the tree; found by a helper's hunt).
    let loop_vectorizer_interleaves = match target.desc().arch() {
        _ if target.has_active_vector_length() => n <= 8,
        Arch::AArch64 => n <= 4,
        _ => false,
    };
    if stage == Stage::Early && !always && in_loop && loop_vectorizer_interleaves {
        return false;
    }
    let mut built = ir::slp::build_tree(t);
    // Scalars read outside the tree: one `extractelement` each, measured with the
    // code (`outside_code`); a tree whose scalars are read before its vector code
    // could be extracted is left (with `always`, vectorized with those scalars kept).
    let extracts = ir::slp::extract_outside(t, &mut built);
    // A phi group's phis go with the tree: its scalars cannot stay, even forced.
    let keeps_scalars = !matches!(t.seed, Seed::Phis { .. });
    if extracts.is_none() && !(always && keeps_scalars) {
        if remarks {
            let message = "slp: kept a tree whose scalars are read before its vector code";
            target.remark(RemarkKind::Missed, c"SlpTree", t.anchor(), message);
        }
        ir::slp::discard_tree(built);
        return false;
    }
    let extracts = extracts.unwrap_or(0) as i64;
    let mut inputs = t.bases();
    // A build vector read only by a shuffle is measured with it (`ShuffleReader`).
    let reader = match extracts {
        0 => ir::slp::shuffle_reader(t),
        _ => None,
    };
    if let Some(r) = &reader {
        for &v in &r.inputs {
            if !inputs.contains(&v) {
                inputs.push(v);
            }
        }
    }
    let read_by = reader.as_ref().map_or(String::new(), |r| r.form.clone());
    let desc = target.desc();
    let seed = match &t.seed {
        Seed::Stores { .. } => "stores".to_string(),
        Seed::Reduction { combine, .. } => format!("{combine}"),
        Seed::BuildVector { .. } => "build-vector".to_string(),
        Seed::Indices { .. } => "indices".to_string(),
        Seed::Phis { .. } => "phis".to_string(),
    };
    // The lanes read outside, by where they are in the bundle.
    let outside = built.outside_lanes();
    let key = format!(
        "{}|{in_loop}|{}|{seed}|{}|{outside:?}|{read_by}",
        desc.key(),
        t.vector_type(),
        t.tree.shape()
    );
    // Remembered by shape: a function of many alike windows compiles one.
    let measured = if always {
        Some((Emitted::plain(1), Emitted::plain(0)))
    } else {
        MEASURED.get_or_make(key.clone(), || {
            // An index bundle or a phi group whose vector operations and extracts
            // alone cost TTI as much as the scalar code is not compiled: its
            // permutations (which TTI prices poorly) can only add to it. Most bundles
            // a block has are such (two indices, each read once); measuring them was
            // most of the SLP time of libjpeg-turbo's build.
            if matches!(t.seed, Seed::Indices { .. } | Seed::Phis { .. })
                && !may_pay(t, &built, target)
            {
                return None;
            }
            if extracts > 0 {
                // Extracts measured with the code where each value fits a register
                // as it is; else priced at one instruction each, as LLVM's SLP
                // prices them (TTI: 0 or 1 on these targets).
                if let Some(both) = outside_code(t, &built, target, &inputs, in_loop) {
                    MEASURED_OUTSIDE.insert(key.clone(), true);
                    return Some(both);
                }
            }
            let reader = reader.as_ref();
            let stock = scalar_code(t, reader, target, &inputs, in_loop)?;
            // Where TTI prices the vector code at half the scalar code's count or
            // less, it is not compiled (a wide shuffle takes llc about 15 ms, and
            // TTI's price of one follows llc's count: see pass::network). Not on
            // RISC-V V, whose measurement weighs each instruction by the scheduling
            // model and where TTI's price of a shuffle does not follow llc's (eight
            // `i16` maxima of pairs stored pairwise swapped: TTI 11, llc 23
            // instructions, two of them `vrgather.vv`).
            let priced: Option<i64> = built
                .code()
                .iter()
                .map(|&i| target.instruction_cost(i, CostKind::RecipThroughput))
                .sum();
            let tti_follows = !target.has_active_vector_length() && reader.is_none();
            if let Some(tti) = priced.filter(|&p| tti_follows && 2 * p <= stock.weight) {
                BY_TTI.insert(key.clone(), true);
                return Some((stock, Emitted::plain(tti)));
            }
            let emitted = vector_code(t, reader, &built, target, &inputs, in_loop)?;
            Some((stock, emitted))
        })
    };
    let vector = match BY_TTI.get(&key) {
        Some(true) => "TTI",
        _ => "llc",
    };
    let what = match (&t.seed, t.operations()) {
        (Seed::Reduction { combine, .. }, k) => {
            format!("a reduction ({combine}) of {n} lanes of {k} operations")
        }
        (Seed::BuildVector { .. }, k) => {
            format!("a build vector of {n} lanes of {k} operations")
        }
        (Seed::Indices { .. }, k) => {
            format!("{n} getelementptr indices of {k} operations")
        }
        (Seed::Phis { .. }, k) => {
            format!("{n} phis carried round a loop by {k} operations")
        }
        (_, 0) => format!("{n} scalar copies"),
        (_, k) => format!("{n} scalar stores of {k} operations"),
    };
    let shape = if t.tree.permutes() {
        " and shuffles"
    } else {
        ""
    };
    let outside_measured = MEASURED_OUTSIDE.get(&key) == Some(true);
    let measured = match outside_measured {
        true => measured,
        false => measured.map(|(stock, emitted)| (stock, emitted.plus(extracts))),
    };
    let extracted = match (extracts, outside_measured) {
        (0, _) => String::new(),
        (k, true) => format!(", {k} extracts measured"),
        (k, false) => format!(", {k} extracts"),
    };
    match measured {
        Some((stock, emitted)) if always || stock.weight - emitted.weight > threshold => {
            if remarks {
                let message = format!(
                    "slp: {what} (llc {stock}) became {} vector code with loads{shape} \
                         ({vector} {emitted}{extracted})",
                    t.vector_type()
                );
                target.remark(RemarkKind::Passed, c"SlpTree", t.anchor(), &message);
            }
            ir::slp::replace_tree(t, built);
            *changed = true;
            TREES.add(1);
            true
        }
        other => {
            if let (true, Some((stock, emitted))) = (remarks, other) {
                let below = match threshold {
                    0 => String::new(),
                    t => format!(" (threshold {t})"),
                };
                let message = format!(
                    "slp: kept {what} (llc {stock}): as {} vector code {vector} \
                         {emitted}{extracted}{below}",
                    t.vector_type()
                );
                target.remark(RemarkKind::Missed, c"SlpTree", t.anchor(), &message);
            }
            ir::slp::discard_tree(built);
            false
        }
    }
}

/// What `llc` emits for the scalar code: the stores with what they store, or the
/// reduction's root with what it combines (or a build vector's shuffle reader).
fn scalar_code(
    t: &Tree,
    reader: Option<&ShuffleReader>,
    target: &Target,
    inputs: &[ir::lower::Value],
    in_loop: bool,
) -> Option<Emitted> {
    if let Some(r) = reader {
        let emitted = target.emitted_instructions(&[r.shuffle], inputs, !in_loop)?;
        return emitted.first().copied();
    }
    match &t.seed {
        Seed::Stores { stores, .. } => target.emitted_for_stores(stores, inputs, !in_loop),
        Seed::Reduction { root, .. } | Seed::BuildVector { root, .. } => target
            .emitted_instructions(&[*root], inputs, !in_loop)?
            .first()
            .copied(),
        // Measured only with their readers' extracts (`outside_code`).
        Seed::Indices { .. } | Seed::Phis { .. } => None,
    }
}

/// What `llc` emits for the scalar code and for the vector code, each handing on what
/// is read outside the tree (the scalars; the lanes extracted for them) to an empty
/// inline asm that takes it in a register: the code as it is, with its results, the
/// seed's, beside (its stores, or its root; one vector no register takes is returned).
/// `None` where another value fits no register as it is (`i1`, `half`).
fn outside_code(
    t: &Tree,
    built: &BuiltTree,
    target: &Target,
    inputs: &[ir::lower::Value],
    in_loop: bool,
) -> Option<(Emitted, Emitted)> {
    // A phi group's extracts read only after the loop are sunk below it.
    let (scalars, extracts) = match t.seed {
        Seed::Phis { .. } => built.outside_in_block(),
        _ => built.outside(),
    };
    let raw = |v: &[Inst]| v.iter().map(|i| i.raw()).collect::<Vec<_>>();
    let inputs: Vec<_> = inputs.iter().map(|&v| v.into()).collect();
    let (mut stock, mut vector) = (
        Slice {
            stores: Vec::new(),
            observed: raw(&scalars),
            inputs: inputs.clone(),
        },
        Slice {
            stores: Vec::new(),
            observed: raw(&extracts),
            inputs,
        },
    );
    match &t.seed {
        Seed::Stores { stores, .. } => {
            stock.stores = raw(stores);
            vector.stores = vec![built.result.raw()];
        }
        Seed::Reduction { root, .. } | Seed::BuildVector { root, .. } => {
            stock.observed.push(root.raw());
            vector.observed.push(built.result.raw());
        }
        // Every lane is read outside.
        Seed::Indices { .. } => {}
        // What comes round the loop, in registers. The vector code reads the vector
        // phi, not the scalar phis: its first input (behind the phis it would be
        // passed on the stack once they take the registers, which real code does not
        // pay).
        Seed::Phis { phis, .. } => {
            stock.observed.extend(raw(&t.carried()));
            vector.observed.push(built.result.raw());
            let phis = raw(phis);
            vector.inputs.retain(|v| !phis.contains(v));
            vector.inputs.insert(0, t.vector_phi().raw());
        }
    }
    let counts = target.emitted_for_slices(&[stock, vector], !in_loop);
    Some((counts[0]?, counts[1]?))
}

/// Whether `t`'s vector code, shuffles aside, and its extracts cost TTI less than the
/// scalar code it replaces (reciprocal throughput; a cost TTI does not know counts one).
fn may_pay(t: &Tree, built: &BuiltTree, target: &Target) -> bool {
    let cost = |i: Inst| {
        target
            .instruction_cost(i, CostKind::RecipThroughput)
            .unwrap_or(1)
    };
    let scalar: i64 = t.replaced().into_iter().map(cost).sum();
    let (_, extracts) = match t.seed {
        Seed::Phis { .. } => built.outside_in_block(),
        _ => built.outside(),
    };
    let vector: i64 = built
        .code()
        .into_iter()
        .filter(|i| !i.is_shuffle())
        .chain(extracts)
        .map(cost)
        .sum();
    vector < scalar
}

/// What `llc` emits for the vector code (its store, or its reduction).
fn vector_code(
    t: &Tree,
    reader: Option<&ShuffleReader>,
    built: &BuiltTree,
    target: &Target,
    inputs: &[ir::lower::Value],
    in_loop: bool,
) -> Option<Emitted> {
    if let Some(r) = reader {
        let copy = ir::slp::reader_of_built(t, r, built);
        let emitted = target.emitted_instructions(&[copy], inputs, !in_loop);
        ir::slp::erase_copy(copy);
        return emitted?.first().copied();
    }
    match &t.seed {
        Seed::Stores { .. } => target.emitted_for_stores(&[built.result], inputs, !in_loop),
        Seed::Reduction { .. } | Seed::BuildVector { .. } => target
            .emitted_instructions(&[built.result], inputs, !in_loop)?
            .first()
            .copied(),
        Seed::Indices { .. } | Seed::Phis { .. } => None,
    }
}
