//! Shuffles wider than a register that permute the bits of the element index
//! (`crate::lower::network`: transposes, interleaves and deinterleaves of registers)
//! become stages of register shuffles where that compiles to fewer instructions.
//!
//! Each register shuffle a stage may use is priced by the instructions `llc` emits for
//! it alone (TTI prices `vunpcklps` on `ymm` at 2 and `vperm2f128` taking high halves at
//! 3, which makes the three-stage networks look dearer than they are); the network
//! replaces the shuffle only where it compiles to strictly fewer instructions than the
//! shuffle (both alone, or with the store where a store is the shuffle's only user).
//!
//! ```text
//! ; x86-64-v3: 8x8 f32 transpose, about 100 instructions -> 24 shuffles, 16 moves
//! %t = shufflevector <64 x float> %m, poison, <0,8,16,24,32,40,48,56,1,9,...>
//! =>
//! %r0 = shufflevector <64 x float> %m, poison, <0..7>          ; one per row (loads)
//! %a0 = shufflevector <8 x float> %r0, %r1, <0,8,1,9,4,12,5,13>  ; stage 1 (unpcklps)
//! ...                                                           ; stages 2 and 3
//! %t = concatenation of the eight results
//! ```

use std::cell::RefCell;
use std::collections::HashMap;

use super::memo::{measure_pairs, Candidate, Memo, Pair, Persisted};
use crate::ffi::{Emitted, Probe, RemarkKind, Slice, Statistic, Target};
use crate::ir::network::WideShuffle;
use crate::ir::{self, Function};
use crate::lower::network::{self, Network};
use crate::target::{wide, Arch, TargetDesc};

static NETWORKS: Statistic = Statistic {
    name: c"NumNetworks",
    desc: c"Wide shuffles rebuilt as networks of register shuffles",
};

static PLANNED: Memo<Planned> = Memo::new();

/// A plan (pure computation: not kept across processes).
#[derive(Clone)]
struct Planned(Option<(Network, u32)>);

impl Persisted for Planned {}

/// Plans not final yet (some of their register shuffles only estimated), by the plan's
/// key, with how many register shuffles' prices the process knew then: while that
/// count stands, planning again gives the same plan. Many functions of one shape whose
/// plan lost to TTI's price (not final: not in [`PLANNED`]) planned it again each.
static TENTATIVE: Memo<Tentative> = Memo::new();

#[derive(Clone)]
struct Tentative {
    prices_known: usize,
    planned: Option<(Network, u32)>,
}

impl Persisted for Tentative {}

static MEASURED: Memo<Pair> = Memo::persistent("network");
/// Instructions `llc` emits for one register shuffle alone.
static SHUFFLE_COSTS: Memo<Option<i64>> = Memo::persistent("network-shuffle");

/// Registers narrower than this are not tried (unless the target's are).
const MIN_REGISTER_BITS: usize = 128;

/// Rebuilds every wide bit-permuting shuffle of `func` whose network compiles to
/// strictly fewer instructions; with `always` (testing), every one a network is found
/// for.
pub fn rebuild_networks(
    func: Function,
    target: &Target,
    always: bool,
    remarks: bool,
    changed: &mut bool,
) {
    let desc = target.desc();
    // RISC-V V holds a wide fixed vector in one register group, where one vrgather
    // does it: nothing to gain from splitting. (Measured with 128-bit parts and the
    // scheduling model's weights, sifive-x280: a 4x4 i16 transpose 16 against 15, an
    // 8x8 f32 one 169 against 21: the parts' slides cost more than the gathers.)
    if !always && !matches!(desc.arch(), Arch::X86_64 | Arch::AArch64) {
        return;
    }
    let wides = ir::network::wide_shuffles(func);
    if wides.is_empty() {
        return;
    }
    let register_bits = target.vector_register_bits() as usize;
    let context = desc.key();
    // The register widths to try for each shuffle: the target's, then halves.
    let widths: Vec<Vec<usize>> = wides
        .iter()
        .map(|wide| {
            let bits = wide.element_bits().unwrap_or(0) as usize;
            // Registers of two leaves (or two results) side by side at most for a network
            // written out (its rows in half registers); else of one (the searches of
            // wider registers cost libjpeg-turbo's interleave groups 25 ms a file, and
            // found nothing faster).
            let side_by_side = if wide.written_out { 2 } else { 1 };
            let most = (register_bits / bits.max(1))
                .min(side_by_side * wide.leaf_lanes)
                .min(side_by_side * wide.root_lanes());
            let least = (MIN_REGISTER_BITS.min(register_bits) / bits.max(1)).max(2);
            let mut out = Vec::new();
            let mut lanes = most;
            while lanes >= least && lanes.is_power_of_two() && lanes < wide.mask.len() {
                out.push(lanes);
                lanes /= 2;
            }
            out
        })
        .collect();
    // Shuffles of two registers, each at most one: already a network of one stage
    // (selection takes each); nothing to search or measure, but where they fit one
    // register together, that register (`widen`).
    let (wides, one_stage): (Vec<_>, Vec<_>) =
        wides.into_iter().zip(widths).partition(|(wide, widths)| {
            let register = widths.first().copied().unwrap_or(0);
            let searched = always
                || wide.written_out
                || wide.mask.len() > 2 * register
                || wide.root_lanes() > register;
            searched && !widths.is_empty()
        });
    let (wides, widths): (Vec<WideShuffle>, Vec<Vec<usize>>) = wides.into_iter().unzip();
    let lanes = |w: &WideShuffle| register_bits / w.element_bits().unwrap_or(1).max(1) as usize;
    let fitting: Vec<WideShuffle> = one_stage
        .into_iter()
        .map(|(wide, _)| wide)
        .filter(|w| !always && w.roots.len() > 1 && w.mask.len() <= lanes(w))
        .filter(ir::network::roots_stored)
        .collect();
    let mut replaced = Vec::new();
    rebuild(
        target,
        &context,
        wides,
        widths,
        always,
        remarks,
        changed,
        &mut replaced,
    );
    // After the networks, which may have replaced what these read.
    let fitting = fitting
        .into_iter()
        .filter(|w| !w.reads_any(&replaced))
        .collect();
    widen(target, &context, fitting, remarks, changed);
}

/// Rebuilds each of `wides` (with the register widths to try for each) whose network
/// is faster; the shuffles replaced are added to `replaced`.
#[allow(clippy::too_many_arguments)]
fn rebuild(
    target: &Target,
    context: &str,
    wides: Vec<WideShuffle>,
    widths: Vec<Vec<usize>>,
    always: bool,
    remarks: bool,
    changed: &mut bool,
    replaced: &mut Vec<ir::lower::Value>,
) {
    if wides.is_empty() {
        return;
    }
    let planned = plan_all(target, context, &wides, &widths, always, true);
    let desc = target.desc();
    let has = wide::feature_test(&desc);
    let has = has.as_ref().map(|f| f as &dyn Fn(&str) -> bool);
    // Where x86 has two-register tables (`vpermt2*`), also planned with their copies
    // unpriced (`stage_copies`): whether a stage needs them depends on which operand
    // the register allocator may write over, which only the assembly shows.
    let tables = !always && has.is_some_and(|has| has("avx512f"));
    let unpriced = match tables {
        true => plan_all(target, context, &wides, &widths, always, false),
        false => vec![Vec::new(); wides.len()],
    };
    // With how the roots and leaves are used: the measurements depend on it.
    let key = |wide: &WideShuffle, in_loop: bool, net: &Network| {
        format!(
            "{context}|{}|{in_loop}|{:?}|{:?}|{}|{}",
            wide.signature(),
            wide.mask,
            net,
            ir::network::uses_key(wide),
            wide.form()
        )
    };
    let mut plans = Vec::new();
    // The plans with copies unpriced that differ: (index into `plans`, plan).
    let mut alternatives = Vec::new();
    for ((wide, planned), unpriced) in wides.into_iter().zip(planned).zip(unpriced) {
        let in_loop = ir::lower::in_cycle(wide.anchor());
        let best = cheapest_plan(planned);
        let other = cheapest_plan(unpriced);
        match (best, other) {
            (Some((net, mut cost)), other) => {
                match other {
                    Some((o, c)) if o != net => {
                        let k = key(&wide, in_loop, &o);
                        alternatives.push((plans.len(), (wide.clone(), o, c, k, in_loop)));
                    }
                    // The same network: the lower prediction, which the shortcuts by
                    // TTI's price compare (a copy may not be needed; the assembly says).
                    Some((_, c)) => cost = cost.min(c),
                    None => {}
                }
                let k = key(&wide, in_loop, &net);
                plans.push((wide, net, cost, k, in_loop));
            }
            (None, Some((net, cost))) => {
                let k = key(&wide, in_loop, &net);
                plans.push((wide, net, cost, k, in_loop));
            }
            (None, None) => {}
        }
    }
    if plans.is_empty() {
        return;
    }
    // Timed: a network of as many instructions may win on its throughput.
    let mut measured = target.timed(|| measure(target, &plans, always));
    if !alternatives.is_empty() {
        let (at, others): (Vec<usize>, Vec<_>) = alternatives.into_iter().unzip();
        let others_measured = target.timed(|| measure(target, &others, always));
        for ((i, other), pair) in at.into_iter().zip(others).zip(others_measured) {
            // Compared where both networks were compiled and measured alike (both
            // against TTI's price of the original, `clear_wins`, or both against the
            // original compiled the same way); a plan kept on TTI's price alone
            // (`clear_losses`) or not measured gives way to one that was. (The
            // decision below is the alternative's own, against the original.)
            let (plan_how, other_how) = (measured_by(&plans[i].3), measured_by(&other.3));
            let in_loop = other.4;
            let replaces = other_how != Measured::Priced
                && match (measured[i], pair) {
                    (Some((_, plan)), Some((_, alternative))) if plan_how == other_how => {
                        alternative.beats(plan, in_loop)
                    }
                    (_, Some(_)) => measured[i].is_none() || plan_how == Measured::Priced,
                    _ => false,
                };
            if replaces {
                plans[i] = other;
                measured[i] = pair;
            }
        }
    }
    // Variants with blends of the networks taken, in loops, where the shuffle port
    // bounds them rather than dispatch; each measured without and with blends (with the
    // roots' stores where they are stored so) and taken where it saves cycles.
    let variants: Vec<(usize, Network)> = plans
        .iter()
        .enumerate()
        .filter(|&(i, (.., in_loop))| {
            always
                || (*in_loop
                    && measured[i].is_some_and(|(stock, without)| {
                        (without.faster_than(stock) || without.beats(stock, true))
                            && port_bound(without)
                    }))
        })
        .filter_map(|(i, (wide, net, _, _, in_loop))| {
            Some((i, blended(&desc, has, wide, net, *in_loop)?))
        })
        .collect();
    let pairs = measure_blends(target, &plans, &variants, always);
    // Per plan: the plain network's measurement where the variant with blends is taken.
    // (Both measurements, and whether with the roots' stores.)
    let mut blends: Vec<Option<(Emitted, Emitted, bool)>> = vec![None; plans.len()];
    for ((i, net), pair) in variants.into_iter().zip(pairs) {
        let Some((without, with)) = pair else {
            continue;
        };
        if always || with.fewer_cycles_than(without) {
            // The decision below and the remark's prediction stay the plain network's
            // (taken already); the remark adds the variant's measurement.
            let stored = !always && ir::network::roots_stored(&plans[i].0);
            blends[i] = Some((without, with, stored));
            plans[i].1 = net;
        }
    }
    // Which originals TTI priced (not compiled): see `clear_wins`.
    let by_tti: Vec<bool> = plans
        .iter()
        .map(|p| MEASURED.get(&format!("{}|tti", p.3)).is_some())
        .collect();
    // Which were kept on TTI's price alone: see `clear_losses`.
    let by_loss: Vec<bool> = plans
        .iter()
        .map(|p| MEASURED.get(&format!("{}|loss", p.3)).is_some())
        .collect();
    let with_blends: Vec<bool> = blends.iter().map(Option::is_some).collect();
    let together = measure_together(target, &plans, &measured, &with_blends, always);
    for ((((((wide, net, cost, key, in_loop), measured), by_tti), by_loss), blends), together) in
        plans
            .into_iter()
            .zip(measured)
            .zip(by_tti)
            .zip(by_loss)
            .zip(blends)
            .zip(together)
    {
        let priced = if by_tti { "TTI" } else { "llc" };
        let Some((stock, emitted)) = together.map(|(pair, _)| pair).or(measured) else {
            continue;
        };
        let what = match wide.roots.len() {
            1 => format!("{} shuffle", wide.anchor().ty()),
            k => format!("{k} {} shuffles", wide.anchor().ty()),
        };
        let with_others = match together {
            Some((_, others)) => format!(", measured with {others} other groups of the block"),
            None => String::new(),
        };
        // With blends taken, measured with the roots' stores as the original was
        // (in use), the variant may win where the plain network did not.
        let blends_win = blends.is_some_and(|(_, with, stored)| {
            let with_stores = measured_by(&key) == Measured::InUse;
            stored && with_stores && with.beats(stock, in_loop)
        });
        if !always && !emitted.beats(stock, in_loop) && !blends_win {
            if remarks && by_loss {
                let message = format!(
                    "network: kept the {what}: {} stages of {}-lane shuffles (predicted \
                     {cost}), no cheaper than TTI's price of the original, {stock} (not \
                     compiled)",
                    net.stages.len(),
                    net.lanes,
                );
                target.remark(RemarkKind::Missed, c"Network", wide.anchor(), &message);
            } else if remarks {
                let message = format!(
                    "network: kept the {what}: {} stages of {}-lane shuffles (predicted \
                     {cost}; llc {}), no faster than the original ({priced} {}{with_others})",
                    net.stages.len(),
                    net.lanes,
                    emitted.timed(),
                    stock.timed(),
                );
                target.remark(RemarkKind::Missed, c"Network", wide.anchor(), &message);
            }
            continue;
        }
        // A leaf or a part that was another wide shuffle's root, rebuilt above, is gone,
        // and so may be what it alone read (a helper's hunt: on neoverse-n1 with
        // `lower-always`, an `<8 x double>` network read two loads through the
        // concatenation another network had replaced, and erased them with it).
        if wide.reads_any(replaced) {
            continue;
        }
        let Some(built) = ir::network::build_network(&wide, &net, false) else {
            continue;
        };
        if remarks {
            let mut loaded = match (net.loads_first, net.deinterleave) {
                (true, _) => ", the first loaded half by half".to_string(),
                (false, 1) => String::new(),
                (false, n) => format!(", loaded {n} registers at a time deinterleaved"),
            };
            if let Some((without, with, stored)) = blends {
                let with_stores = if stored {
                    " with the roots' stores at their offsets"
                } else {
                    ""
                };
                loaded += &format!(
                    ", pairs as a shuffle and two blends (measured{with_stores}: llc {} \
                     against {} without them)",
                    with.timed(),
                    without.timed()
                );
            }
            let message = format!(
                "network: {what} of {} registers ({priced} {}{with_others}) became {} \
                 stages of {}-lane shuffles, {} in all{loaded} (predicted {cost}; llc {})",
                net.inputs,
                stock.timed(),
                net.stages.len(),
                net.lanes,
                net.shuffles(),
                emitted.timed(),
            );
            target.remark(RemarkKind::Passed, c"Network", wide.anchor(), &message);
        }
        replaced.extend(wide.roots.iter().map(|&r| ir::lower::Value::from(r)));
        ir::network::replace_wide(&wide, built);
        *changed = true;
        NETWORKS.add(1);
    }
}

/// Groups measured together, at most (see [`measure_together`]).
const MAX_TOGETHER: usize = 16;

/// The groups of a loop block measured alone in use, measured together where the block
/// has two or more and all lost alone or all won: per plan, the pair of the block (all
/// originals, all networks), which then decides for all of them, and how many other
/// groups it holds. Alone, a group does not show what the backend makes of the block:
/// * stores side by side merged across groups (x86-64-v3, a written-out transpose of
///   eight `<2 x i32>` rows as two groups of four shuffles, each stored 8 bytes from the
///   other's: each group alone is 4.5 cycles kept and 5 taken; kept, the backend joins
///   the two groups' results with `vinsertf128`s into 32-byte stores, and the loop is
///   16 cycles an iteration kept and 8 taken);
/// * registers that run out (x86-64-v3, two groups of two `<64 x i32>` shuffles: each
///   alone 33 cycles kept and 24.75 taken; together 64 kept and 70 taken, spilling).
fn measure_together(
    target: &Target,
    plans: &[(WideShuffle, Network, u32, String, bool)],
    measured: &[Pair],
    with_blends: &[bool],
    always: bool,
) -> Vec<Option<((Emitted, Emitted), usize)>> {
    let mut out = vec![None; plans.len()];
    if always {
        return out;
    }
    // Whether the group won alone, for a loop's group measured alone in use without
    // blends; `None` for any other.
    let won_alone = |i: usize| {
        let (_, _, _, key, in_loop) = &plans[i];
        let eligible = *in_loop && !with_blends[i] && measured_by(key) == Measured::InUse;
        let (stock, network) = measured[i].filter(|_| eligible)?;
        Some(network.beats(stock, true))
    };
    // A group reading another's roots is built after it (its leaves change): left alone.
    // (Every plan's roots at once: pairwise, quadratic in a block's groups.)
    let all_roots: std::collections::HashSet<ir::lower::Value> = plans
        .iter()
        .flat_map(|(other, ..)| other.roots.iter().map(|&r| r.into()))
        .collect();
    let reads_another = |i: usize| {
        plans[i]
            .0
            .leaves
            .iter()
            .any(|leaf| all_roots.contains(leaf))
    };
    let mut by_block = ir::Groups::default();
    for (i, (wide, ..)) in plans.iter().enumerate() {
        by_block.push(ir::network::block_of(wide), i);
    }
    let blocks: Vec<Vec<usize>> = by_block
        .into_iter()
        .map(|(_, b)| b)
        .filter(|b| {
            let first = won_alone(b[0]);
            b.len() > 1
                && first.is_some()
                && b.iter()
                    .all(|&i| won_alone(i) == first && !reads_another(i))
        })
        // At most MAX_TOGETHER groups a measurement, in block order: one probe of all
        // of a block's groups took the backend's scheduler time superlinear in them
        // (1,000 groups in a loop on neoverse-n1: 21 s).
        .flat_map(|b| {
            b.chunks(MAX_TOGETHER)
                .filter(|c| c.len() > 1)
                .map(<[usize]>::to_vec)
                .collect::<Vec<_>>()
        })
        .collect();
    let items = blocks
        .iter()
        .map(|b| {
            let wides: Vec<&WideShuffle> = b.iter().map(|&i| &plans[i].0).collect();
            let keys: Vec<&str> = b.iter().map(|&i| plans[i].3.as_str()).collect();
            let nets: Vec<(&WideShuffle, &Network)> =
                b.iter().map(|&i| (&plans[i].0, &plans[i].1)).collect();
            // Which leaves the groups share (the measurement hands each in once).
            let mut distinct = Vec::new();
            let leaves: Vec<String> = wides
                .iter()
                .flat_map(|w| &w.leaves)
                .map(|leaf| {
                    let k = distinct.iter().position(|l| l == leaf).unwrap_or_else(|| {
                        distinct.push(*leaf);
                        distinct.len() - 1
                    });
                    k.to_string()
                })
                .collect();
            InUse {
                key: format!(
                    "{} & {}|{}|together",
                    keys.join(" & "),
                    leaves.join(","),
                    ir::network::uses_key_of(&wides)
                ),
                wides,
                in_loop: true,
                load_bases: load_bases(target),
                merged_stores: Vec::new(),
                build: Box::new(move |wide: &WideShuffle| {
                    let (_, net) = nets.iter().find(|(w, _)| std::ptr::eq(*w, wide))?;
                    ir::network::build_network(wide, net, false)
                }),
            }
        })
        .collect();
    let pairs = target.timed(|| measure_in_use(target, items));
    for (b, pair) in blocks.iter().zip(pairs) {
        let Some(Some((stock, networks))) = pair else {
            continue;
        };
        for &i in b {
            out[i] = Some(((stock, networks), b.len() - 1));
        }
    }
    out
}

/// `net` with pairs of its shuffles as one shuffle and two blends
/// (`network::with_blends`), on x86 where blends by an immediate exist (SSE4.1's
/// `blendps`, AVX2's `vpblendd` for integers in 256 bits) and the pairs' shuffles are
/// one instruction each.
fn blended(
    desc: &TargetDesc,
    has: Option<&dyn Fn(&str) -> bool>,
    wide: &WideShuffle,
    net: &Network,
    in_loop: bool,
) -> Option<Network> {
    let bits = wide.element_bits()? as usize * net.lanes;
    let blends = has.is_some_and(|has| has("sse4.1") && (bits <= 128 || has("avx2")));
    if desc.arch() != Arch::X86_64 || !blends {
        return None;
    }
    let described = describer(desc, has, wide, net.lanes, in_loop, false);
    network::with_blends(net, &mut |mask| described(mask) == Some(1))
}

/// The plan of the fewest predicted instructions over the register widths tried.
fn cheapest_plan(planned: Vec<Plan>) -> Plan {
    let mut best: Plan = None;
    for (net, cost) in planned.into_iter().flatten() {
        if best.as_ref().map_or(true, |(_, c)| cost < *c) {
            best = Some((net, cost));
        }
    }
    best
}

/// How a plan was measured, by the memo keys the measurements leave.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Measured {
    /// Neither compiled: TTI's price of the original against the prediction
    /// (`clear_losses`).
    Priced,
    /// The network compiled, against TTI's price of the original (`clear_wins`).
    AgainstTti,
    /// Both compiled as the code uses the roots (`measure_in_use`).
    InUse,
    /// Both compiled, the roots joined into one value.
    Joined,
}

fn measured_by(key: &str) -> Measured {
    let by = |how: &str| MEASURED.get(&format!("{key}|{how}")).is_some();
    if by("loss") {
        Measured::Priced
    } else if by("tti") {
        Measured::AgainstTti
    } else if by("in-use") {
        Measured::InUse
    } else {
        Measured::Joined
    }
}

/// Whether a measured network's cycles are the shuffle port's rather than dispatch's
/// (more than its instructions at four a cycle, the x86 models' width, and a cycle for
/// the loop's own work): only then may blends, which add instructions, save cycles.
fn port_bound(network: Emitted) -> bool {
    network.cycles > network.instructions * 25 + Emitted::CYCLE
}

/// Each variant (plan, network with blends) measured against its plan's network:
/// where every root's only user is a store, both with the stores (a loop of loads and
/// stores has dispatch slots to spare only so far: a four-plane deinterleave on
/// x86-64-v3 is 8 cycles without blends and 6 with alone, 8 and 7.5 with its stores,
/// 20 instructions against 22, and its loop 0.500 of stock without, 0.531 with), all
/// in one compilation; else both alone. With `always`, nothing is compiled.
fn measure_blends(
    target: &Target,
    plans: &[(WideShuffle, Network, u32, String, bool)],
    variants: &[(usize, Network)],
    always: bool,
) -> Vec<Pair> {
    if always || variants.is_empty() {
        return vec![Some((Emitted::plain(0), Emitted::plain(0))); variants.len()];
    }
    // Measured with the stores or alone: which, named in the key.
    let key = |i: usize, net: &Network| {
        let stored = ir::network::roots_stored(&plans[i].0);
        format!("{}|blends|{stored}|{net:?}", plans[i].3)
    };
    let mut out: Vec<Pair> = variants
        .iter()
        .map(|(i, net)| MEASURED.get(&key(*i, net)).flatten())
        .collect();
    let mut stored = Vec::new();
    let mut alone = Vec::new();
    let mut probes = Vec::new();
    for (k, (i, net)) in variants.iter().enumerate() {
        // Measured before (a pair, or none to be had).
        if MEASURED.get(&key(*i, net)).is_some() {
            continue;
        }
        let (wide, plain, .., in_loop) = &plans[*i];
        if ir::network::roots_stored(wide) {
            let both: Vec<_> = [plain, net]
                .iter()
                .map_while(|n| ir::network::build_stored(wide, n))
                .collect();
            // As the original was measured in use (`measure_in_use`).
            let inputs = match both.first() {
                Some((_, uses)) => ir::network::in_use_inputs(wide, uses, load_bases(target)),
                None => Vec::new(),
            };
            stored.push((k, both, inputs));
        } else {
            // The plan's network measured alone too, as the variant is (the plan's own
            // measurement may be in use: `measure_in_use`).
            let Some(p) = ir::network::build_network(wide, plain, true) else {
                continue;
            };
            let Some(b) = ir::network::build_network(wide, net, true) else {
                ir::lower::discard(p.sequence);
                continue;
            };
            for built in [&p, &b] {
                probes.push(Probe {
                    result: built.sequence.result.raw(),
                    inputs: (ir::network::measured_inputs(wide).into_iter())
                        .map(|v| v.into())
                        .collect(),
                    count_constant_loads: !in_loop,
                });
            }
            alone.push((k, p, b));
        }
    }
    let groups: Vec<(&[ir::Inst], &[ir::lower::Value])> = stored
        .iter()
        .filter(|(_, both, _)| both.len() == 2)
        .flat_map(|(_, both, inputs)| {
            both.iter()
                .map(move |(_, uses)| (&uses.stores[..], &inputs[..]))
        })
        .collect();
    let counts = match groups.is_empty() {
        true => Vec::new(),
        // Variants are of loops only: constants are loaded before them.
        false => target.timed(|| target.emitted_for_store_groups(&groups, false)),
    };
    let mut next = 0;
    for (k, both, _) in stored {
        if both.len() == 2 {
            let pair = counts
                .get(next)
                .copied()
                .flatten()
                .zip(counts.get(next + 1).copied().flatten());
            next += 2;
            out[k] = pair;
            let (i, net) = &variants[k];
            MEASURED.insert(key(*i, net), pair);
        }
        for (network, uses) in both.into_iter().rev() {
            ir::network::discard_in_use(network, uses);
        }
    }
    let counts = match probes.is_empty() {
        true => Vec::new(),
        false => target.timed(|| target.emitted_batch(&probes)),
    };
    for (j, (k, p, b)) in alone.into_iter().enumerate() {
        ir::lower::discard(b.sequence);
        ir::lower::discard(p.sequence);
        let count = |n: usize| counts.get(n).copied().flatten();
        let pair = count(2 * j).zip(count(2 * j + 1));
        out[k] = pair;
        let (i, net) = &variants[k];
        MEASURED.insert(key(*i, net), pair);
    }
    out
}

/// Groups of shuffles of registers that together fit one register, each stored: one
/// shuffle of their sources side by side, each result a part of it (`vextracti128` to
/// memory), where that compiles to fewer instructions or as many in fewer cycles.
///
/// ```text
/// ; x86-64-v3, a 4x4 i16 transpose of two 128-bit registers of rows
/// %c0 = shufflevector <8 x i16> %r01, %r23, <0,4,8,12,1,5,9,13>    ; 3 instructions each
/// %c1 = shufflevector <8 x i16> %r01, %r23, <2,6,10,14,3,7,11,15>
/// =>
/// %w = shufflevector <16 x i16> (%r01, %r23 side by side), poison, <0,4,8,12,...>
/// %c0 = lanes 0..7 of %w; %c1 = lanes 8..15                         ; vpshufb, vpermd
/// ```
fn widen(
    target: &Target,
    context: &str,
    wides: Vec<WideShuffle>,
    remarks: bool,
    changed: &mut bool,
) {
    if wides.is_empty() {
        return;
    }
    let keys: Vec<String> = wides
        .iter()
        .map(|w| {
            let in_loop = ir::lower::in_cycle(w.anchor());
            format!(
                "{context}|{}|{in_loop}|{:?}|{}|{}|widened",
                w.signature(),
                w.mask,
                ir::network::uses_key(w),
                w.form()
            )
        })
        .collect();
    // Measured as the code uses the roots (each is stored), all the groups of a block
    // together: the backend merges stores side by side across groups (groups of two
    // `<2 x i32>` stored 8 bytes apart, measured one by one, were each 4 instructions
    // in 1 cycle against 2 widened, and their loop 3 cycles against 5 widened; measured
    // together, as the loop is, widening loses). Decided per block; what that cannot
    // measure, group by group as the roots joined.
    let mut by_block = ir::Groups::default();
    for (i, wide) in wides.iter().enumerate() {
        by_block.push(ir::network::block_of(wide), i);
    }
    let blocks: Vec<Vec<usize>> = by_block.into_iter().map(|(_, b)| b).collect();
    // Read before anything is built: each group's stores where they may be one.
    let merges: Vec<Option<(Vec<ir::Inst>, usize)>> =
        wides.iter().map(ir::network::mergeable_stores).collect();
    // Each block with its roots' stores as they are, and, where some are side by side,
    // merged: which is faster depends on the target (x86-64-v3: two `<4 x i8>` stored as
    // one `vmovq` rather than `vmovd` and `vpextrd`; neoverse-n1: eight groups of two
    // `<2 x i8>`, 31 instructions stored apart, 111 as `<4 x i8>` stores).
    let item = |b: &Vec<usize>, merged: bool| InUse {
        key: {
            // The groups' keys, and how they are used together (one base or two).
            let together: Vec<&WideShuffle> = b.iter().map(|&i| &wides[i]).collect();
            let keys: Vec<&str> = b.iter().map(|&i| keys[i].as_str()).collect();
            // Merged: which groups' stores are (what lies between them is in no key).
            let merged: String = match merged {
                true => b
                    .iter()
                    .map(|&i| if merges[i].is_some() { 'm' } else { '-' })
                    .collect(),
                false => String::new(),
            };
            format!(
                "{}|{}|{merged}|in-use",
                keys.join(" & "),
                ir::network::uses_key_of(&together)
            )
        },
        wides: b.iter().map(|&i| &wides[i]).collect(),
        in_loop: ir::lower::in_cycle(wides[b[0]].anchor()),
        // Two registers a root (no network of them for `ld4` to stand for): loads
        // side by side merge on every target (AArch64: four `<2 x i16>` groups
        // 13 cycles an iteration as they were, 4 widened).
        load_bases: true,
        merged_stores: match merged {
            true => b.iter().map(|&i| merges[i].as_ref().map(|m| m.1)).collect(),
            false => Vec::new(),
        },
        build: Box::new(ir::network::build_widened),
    };
    let mergeable = |b: &Vec<usize>| b.iter().any(|&i| merges[i].is_some());
    let mut in_use: Vec<InUse> = blocks.iter().map(|b| item(b, false)).collect();
    let merged_blocks: Vec<usize> = (0..blocks.len())
        .filter(|&k| mergeable(&blocks[k]))
        .collect();
    in_use.extend(merged_blocks.iter().map(|&k| item(&blocks[k], true)));
    let mut pairs: Vec<Option<Pair>> = vec![None; wides.len()];
    // With the other groups of its block measured together: how many.
    let mut together = vec![0; wides.len()];
    // Whether the group's stores are merged.
    let mut merged = vec![false; wides.len()];
    let mut measured = target.timed(|| measure_in_use(target, in_use));
    let with_merged = measured.split_off(blocks.len());
    for (&k, merged_pair) in merged_blocks.iter().zip(with_merged) {
        let in_loop = ir::lower::in_cycle(wides[blocks[k][0]].anchor());
        let faster = match (measured[k], merged_pair) {
            // Merged unless apart is faster: as fast, one store is less code.
            (Some(Some((_, apart))), Some(Some((_, one)))) => !apart.beats(one, in_loop),
            (_, Some(Some(_))) => true,
            _ => false,
        };
        if faster {
            measured[k] = merged_pair;
            for &i in &blocks[k] {
                merged[i] = merges[i].is_some();
            }
        }
    }
    for (b, pair) in blocks.iter().zip(measured) {
        for &i in b.iter().filter(|_| pair.is_some()) {
            pairs[i] = pair;
            together[i] = b.len() - 1;
        }
    }
    let rest: Vec<usize> = (0..wides.len()).filter(|&i| pairs[i].is_none()).collect();
    let wholes: Vec<_> = rest
        .iter()
        .map(|&i| ir::network::join_roots(&wides[i]))
        .collect();
    let candidates = rest
        .iter()
        .zip(&wholes)
        .map(|(&i, whole)| {
            let wide = &wides[i];
            Candidate {
                key: keys[i].clone(),
                original: whole.result,
                inputs: ir::network::measured_inputs(wide),
                in_loop: ir::lower::in_cycle(wide.anchor()),
                build: Box::new(move || ir::network::build_widened(wide).map(|b| b.sequence)),
            }
        })
        .collect();
    let joined = target.timed(|| measure_pairs(target, &MEASURED, candidates));
    for whole in wholes {
        ir::lower::discard(whole);
    }
    for (i, pair) in rest.into_iter().zip(joined) {
        pairs[i] = Some(pair);
    }
    for ((((wide, pair), others), merged), merge) in wides
        .iter()
        .zip(pairs)
        .zip(together)
        .zip(merged)
        .zip(merges)
    {
        let Some((stock, emitted)) = pair.flatten() else {
            continue;
        };
        let mut what = format!("{} {} shuffles", wide.roots.len(), wide.anchor().ty());
        if others > 0 {
            what += &format!(" (measured with {others} other groups of the block)");
        }
        if !emitted.beats(stock, ir::lower::in_cycle(wide.anchor())) {
            if remarks {
                let message = format!(
                    "network: kept the {what}: as one {}-lane shuffle llc {}, no faster \
                     than the original (llc {})",
                    wide.mask.len(),
                    emitted.timed(),
                    stock.timed()
                );
                target.remark(RemarkKind::Missed, c"Network", wide.anchor(), &message);
            }
            continue;
        }
        // As measured (read before anything was built).
        let merge = merge.filter(|_| merged);
        let Some(built) = ir::network::build_widened(wide) else {
            continue;
        };
        if remarks {
            let stored = match merge {
                Some(_) => ", stored as one",
                None => "",
            };
            let message = format!(
                "network: {what} (llc {}) became one {}-lane shuffle of their sources side \
                 by side{stored} (llc {})",
                stock.timed(),
                wide.mask.len(),
                emitted.timed()
            );
            target.remark(RemarkKind::Passed, c"Network", wide.anchor(), &message);
        }
        ir::network::replace_widened(wide, built, merge);
        *changed = true;
        NETWORKS.add(1);
    }
}

/// The key of a register shuffle's cost, up to its mask.
fn shuffle_key(context: &str, wide: &WideShuffle, lanes: usize, in_loop: bool) -> String {
    format!("{context}|{}|{lanes}|{in_loop}", wide.register_type(lanes))
}

/// The cheapest network of each of `wides` at each of its `widths`. A register shuffle
/// one described instruction does costs what the description says ([`describer`]);
/// each other is estimated at two instructions (one where the target has no
/// descriptions; none is free: none is the identity) until measured. Where no network
/// exists even so (a shuffle that is no transpose of registers, as most wide shuffles
/// are), nothing is compiled; where the network found uses described or measured
/// shuffles only, it is the cheapest (every other costs at least its estimate).
/// Otherwise the estimated shuffles of the networks found are measured (those of all
/// the shuffles in one compilation: its setup costs about as much as several small
/// shuffles) and the search runs again, for [`LAZY_ROUNDS`] rounds; then every register
/// shuffle the search may use is measured. (Measuring all of them at once, as before,
/// compiled 20-60 register shuffles for each wide shuffle of real code, 70% of the
/// networks' time: `docs/lowering.md`, Compile time.)
fn plan_all(
    target: &Target,
    context: &str,
    wides: &[WideShuffle],
    widths: &[Vec<usize>],
    always: bool,
    copies: bool,
) -> Vec<Vec<Plan>> {
    let desc = target.desc();
    let has = wide::feature_test(&desc);
    let has = has.as_ref().map(|f| f as &dyn Fn(&str) -> bool);
    let described_target = has.is_some();
    // Per shuffle and width: `None` while open, then its plan (or none).
    let mut out: Vec<Vec<Option<Plan>>> = widths.iter().map(|w| vec![None; w.len()]).collect();
    // Per shuffle and width, for every round: the described instructions (made when
    // first searched: a shuffle planned before needs none), and the prices known for
    // good (described or measured: only the estimated change).
    let mut describers: Vec<Vec<Option<_>>> = widths
        .iter()
        .map(|w| w.iter().map(|_| None).collect())
        .collect();
    // (Those not known yet too, until the next measurements.)
    let mut known: Vec<Vec<Prices>> = widths
        .iter()
        .map(|w| vec![HashMap::new(); w.len()])
        .collect();
    // Per shuffle: TTI's price of the original, where it decides alone.
    let mut tti: HashMap<usize, Option<i64>> = HashMap::new();
    for round in 0..=LAZY_ROUNDS + 1 {
        // After the lazy rounds every register shuffle a search may use is priced.
        let priced = round == LAZY_ROUNDS + 1;
        // Per (shuffle, width) still open: the register shuffles to measure.
        let mut wanted: Vec<Wanted> = Vec::new();
        for (i, wide) in wides.iter().enumerate() {
            let in_loop = ir::lower::in_cycle(wide.anchor());
            let in_a_row = desc.arch() == Arch::AArch64 && ir::network::leaves_in_a_row(wide);
            for (j, &lanes) in widths[i].iter().enumerate() {
                if out[i][j].is_some() {
                    continue;
                }
                let loads_first = loads_halves(&desc, wide, lanes);
                let factors = deinterleave_factors(&desc, wide, lanes, in_a_row);
                let key = format!(
                    "{context}|{}|{lanes}|{in_loop}|{always}|{loads_first}|{factors:?}|{copies}|{:?}",
                    wide.signature(),
                    wide.mask
                );
                if let Some(Planned(known)) = PLANNED.get(&key) {
                    out[i][j] = Some(known);
                    continue;
                }
                // Whether TTI's price of the original, where it decides alone
                // (`clear_losses`), is no more than the plan's with the shuffles not
                // priced yet at two (see below).
                let mut loses_to_tti = |estimate: u32| {
                    let tti = *tti.entry(i).or_insert_with(|| {
                        let decides = !tti_may_underprice(wide, desc.arch());
                        decides
                            .then(|| ir::network::tti_cost(wide, target))
                            .flatten()
                    });
                    tti.is_some_and(|tti| tti <= i64::from(estimate))
                };
                let tentative = TENTATIVE
                    .get(&key)
                    .filter(|t| t.prices_known == SHUFFLE_COSTS.len());
                if let Some(t) = tentative.filter(|_| described_target && !priced) {
                    if t.planned.as_ref().is_some_and(|(_, c)| loses_to_tti(*c)) {
                        out[i][j] = Some(t.planned);
                        continue;
                    }
                }
                let prefix = shuffle_key(context, wide, lanes, in_loop);
                let n = wide.mask.len().trailing_zeros() as usize;
                let usable = network::register_masks(n, lanes);
                let described = describers[i][j]
                    .get_or_insert_with(|| describer(&desc, has, wide, lanes, in_loop, copies));
                let prices = RefCell::new(std::mem::take(&mut known[i][j]));
                // One described instruction's cost, else what was measured.
                let price = |m: &(Vec<i32>, bool)| {
                    if let Some(&cost) = prices.borrow().get(m) {
                        return cost;
                    }
                    let (mask, two) = m;
                    let cost = match described(mask) {
                        Some(cost) => Some(Some(cost)),
                        None => SHUFFLE_COSTS.get(&format!("{prefix}|{two}|{mask:?}")),
                    };
                    prices.borrow_mut().insert(m.clone(), cost);
                    cost
                };
                // The estimate's floor: one, unless a shuffle measured less (a described
                // one costs one at least: `wide`'s tests), so only the measured are read.
                let floor = usable
                    .iter()
                    .filter_map(|(mask, two)| {
                        SHUFFLE_COSTS.get(&format!("{prefix}|{two}|{mask:?}"))
                    })
                    .flatten()
                    .min()
                    .map_or(1, |c| c.clamp(0, 1) as u32);
                let mut cost = |mask: &[i32], two: bool| match price(&(mask.to_vec(), two)) {
                    Some(cost) => u32::try_from(cost?).ok(),
                    // Testing without a backend: every shuffle one instruction.
                    None if always => Some(1),
                    // What no one described instruction does takes two at least.
                    None => Some(if described_target { 2 } else { 1 }),
                };
                let mut planned = network::plan(&wide.mask, lanes, floor, loads_first, &mut cost);
                // Loaded deinterleaved where that leaves fewer shuffles.
                for &factor in &factors {
                    let loaded =
                        network::plan_deinterleaved(&wide.mask, lanes, factor, floor, &mut cost);
                    if let Some((net, c)) = loaded {
                        if planned.as_ref().map_or(true, |(_, best)| c < *best) {
                            planned = Some((net, c));
                        }
                    }
                }
                // The register shuffles of the plan that are only estimated.
                let estimated: Vec<(Vec<i32>, bool)> = match &planned {
                    Some((net, _)) if !always => net
                        .stages
                        .iter()
                        .flatten()
                        .map(|s| (s.mask.clone(), s.second.is_some()))
                        .filter(|m| price(m).is_none())
                        .fold(Vec::new(), |mut seen, m| {
                            if !seen.contains(&m) {
                                seen.push(m);
                            }
                            seen
                        }),
                    _ => Vec::new(),
                };
                if estimated.is_empty() || priced {
                    let planned = if estimated.is_empty() { planned } else { None };
                    PLANNED.insert(key, Planned(planned.clone()));
                    out[i][j] = Some(planned);
                } else if described_target
                    && planned.as_ref().is_some_and(|(_, c)| loses_to_tti(*c))
                {
                    // No network is cheaper than TTI's price of the original, whatever
                    // the shuffles not priced yet measure: kept on that price, they are
                    // not measured. What no described instruction does took two
                    // instructions or more in every measurement (x86-64-v3 and -v4, the
                    // benchmark's kernels, the realworld clients, 300 random loops each:
                    // 520 register shuffles, none below two), and a network of dearer
                    // shuffles costs no less. Not final: another shuffle of this key
                    // may be priced otherwise by TTI.
                    let prices_known = SHUFFLE_COSTS.len();
                    let tentative = Tentative {
                        prices_known,
                        planned: planned.clone(),
                    };
                    TENTATIVE.insert(key, tentative);
                    out[i][j] = Some(planned);
                } else if round < LAZY_ROUNDS {
                    wanted.push((i, lanes, estimated));
                } else {
                    let masks = usable.into_iter().filter(|m| price(m).is_none()).collect();
                    wanted.push((i, lanes, masks));
                }
                known[i][j] = prices.into_inner();
            }
        }
        if wanted.is_empty() {
            break;
        }
        price_register_shuffles(target, context, wides, &wanted);
        for prices in known.iter_mut().flatten() {
            prices.retain(|_, cost| cost.is_some());
        }
    }
    out.into_iter()
        .map(|w| w.into_iter().map(Option::flatten).collect())
        .collect()
}

/// Whether a first stage of `wide`'s network on `lanes`-lane registers that puts halves
/// side by side may load them (`network::plan`): on x86 with registers of 256 bits or
/// more, where `vinsertf128`/`vinserti128` (`vinsert*64x4` on 512 bits) takes its half
/// from memory with no shuffle (llvm-mca, x86-64-v3 and -v4: ports 0, 1 or 5 and a
/// load port, against port 5 for `vperm2f128`), and where every leaf is a simple load
/// of the block.
fn loads_halves(desc: &TargetDesc, wide: &WideShuffle, lanes: usize) -> bool {
    let bits = wide.element_bits().unwrap_or(0) as usize * lanes;
    desc.arch() == Arch::X86_64 && bits >= 256 && ir::network::leaves_loaded(wide)
}

/// The factors by which `wide`'s leaves may be loaded deinterleaved (`network::
/// plan_deinterleaved`) into registers of `lanes` lanes: on AArch64, `ld2` and `ld4` of
/// 128-bit registers, where the leaves are loaded from one block in order (`in_a_row`:
/// `ir::network::leaves_in_a_row`). `ld4` of four rows is a 4x4 transpose by itself
/// (llvm-mca, neoverse-n1: 8 micro-ops, 2 cycles, as much as the two `ldp` it replaces).
fn deinterleave_factors(
    desc: &TargetDesc,
    wide: &WideShuffle,
    lanes: usize,
    in_a_row: bool,
) -> Vec<usize> {
    let bits = wide.element_bits().unwrap_or(0) as usize * lanes;
    if desc.arch() != Arch::AArch64 || bits != 128 || !in_a_row {
        return Vec::new();
    }
    let total = wide.leaves.len() * wide.leaf_lanes;
    [2, 4]
        .into_iter()
        .filter(|f| total % (f * lanes) == 0)
        .collect()
}

/// The cost of a register shuffle of `wide`'s elements in registers of `lanes` lanes
/// where one instruction the target description has (`crate::target::wide`) does it
/// (as `llc` compiles it: `tests/insn_llc.rs`); those are not compiled to price them.
/// `has` answers whether the function has a feature; `None` where the target has no
/// descriptions.
fn describer<'a>(
    desc: &TargetDesc,
    has: Option<&'a dyn Fn(&str) -> bool>,
    wide: &WideShuffle,
    lanes: usize,
    in_loop: bool,
    copies: bool,
) -> impl Fn(&[i32]) -> Option<i64> + 'a {
    let element_bits = wide.element_bits().unwrap_or(0);
    let menu = has.map(|has| {
        wide::Menu::new(wide::Context {
            arch: desc.arch(),
            has,
            register_bits: element_bits * lanes as u32,
            element_bits,
            float: wide.anchor().ty().is_float(),
            in_loop,
        })
    });
    // The search asks for the same masks many times.
    let known: RefCell<HashMap<Vec<i32>, Option<i64>>> = RefCell::default();
    move |mask: &[i32]| {
        if let Some(&cost) = known.borrow().get(mask) {
            return cost;
        }
        let cost = menu.as_ref()?.cheapest(&wide::demand_of(mask));
        let cost = cost.map(|(cost, insn)| match copies {
            true => i64::from(cost) + stage_copies(insn),
            false => i64::from(cost),
        });
        known.borrow_mut().insert(mask.to_vec(), cost);
        cost
    }
}

/// The register copy a stage's shuffle by `insn` needs beyond what the description of
/// one shuffle counts: x86's two-register tables (`vpermt2*`, `vpermi2*`) write over
/// an operand, the index (which a loop loads once and reuses) or a source (which the
/// stage's other register of the pair reads too), so each needs a copy, which a
/// measurement of the shuffle alone does not show. Without it x86-64-v4 planned an 8x8
/// f32 transpose as 16 `vpermt2ps` priced one each, 51 instructions in 20 cycles
/// against the 44 in 16 of `vunpcklpd` and `vshufps` stages (and stock's 44 in 24).
fn stage_copies(insn: &wide::WideInsn) -> i64 {
    let table = matches!(insn.produce, wide::Produce::Table { .. });
    i64::from(insn.arch == Arch::X86_64 && table && insn.operands == 2)
}

/// Rounds of [`plan_all`] that measure only the estimated register shuffles of the
/// networks found; after them, every one a search may use.
const LAZY_ROUNDS: usize = 8;

/// Register shuffles' prices, by mask and whether they read two registers: `None` where
/// not known yet (neither described nor measured).
type Prices = HashMap<(Vec<i32>, bool), Option<Option<i64>>>;

/// A network and its predicted instructions, if one is found.
type Plan = Option<(Network, u32)>;

/// Register shuffles to measure for one wide shuffle (by index) at one width (lanes):
/// their masks, and whether each reads two registers.
type Wanted = (usize, usize, Vec<(Vec<i32>, bool)>);

/// Measures the register shuffles `wanted` (shuffle, width, masks), each compiled alone,
/// all in one compilation; a mask that cannot be measured is recorded as unavailable.
fn price_register_shuffles(
    target: &Target,
    context: &str,
    wides: &[WideShuffle],
    wanted: &[Wanted],
) {
    let mut probes = Vec::new();
    let mut pending: Vec<ir::network::MaskProbes> = Vec::new();
    let mut keys: Vec<String> = Vec::new();
    for (i, lanes, masks) in wanted {
        let wide = &wides[*i];
        let in_loop = ir::lower::in_cycle(wide.anchor());
        let prefix = shuffle_key(context, wide, *lanes, in_loop);
        let masks: Vec<(Vec<i32>, bool)> = masks
            .iter()
            .filter(|(mask, two)| !keys.contains(&format!("{prefix}|{two}|{mask:?}")))
            .cloned()
            .collect();
        let Some(built) = ir::network::mask_probes(wide, *lanes, &masks) else {
            for (mask, two) in &masks {
                SHUFFLE_COSTS.insert(format!("{prefix}|{two}|{mask:?}"), None);
            }
            continue;
        };
        for ((mask, two), result) in masks.iter().zip(&built.results) {
            keys.push(format!("{prefix}|{two}|{mask:?}"));
            probes.push(Probe {
                result: result.raw(),
                inputs: built.inputs.iter().map(|&v| v.into()).collect(),
                count_constant_loads: !in_loop,
            });
        }
        pending.push(built);
    }
    let counts = target.emitted_batch(&probes);
    for (key, count) in keys.into_iter().zip(counts) {
        SHUFFLE_COSTS.insert(key, count.map(|c| c.weight));
    }
    for built in pending {
        ir::network::discard_probes(built);
    }
}

/// Where TTI prices the original at no more than the network's prediction, neither is
/// compiled and the shuffle is kept: `(TTI, prediction)` under the key's `|loss`. Over
/// the realworld clients' 96 measured networks (x86-64-v3), 39 were such, each kept
/// after measuring (the original compiled to as many instructions as the network or
/// fewer); measuring them was a third of the networks' compile time. Not where the
/// backend may fold the shuffle into memory instructions ([`tti_may_underprice`]).
fn clear_losses(
    target: &Target,
    plans: &[(WideShuffle, Network, u32, String, bool)],
    out: &mut [Option<Pair>],
) {
    let arch = target.desc().arch();
    for (i, (wide, _, predicted, key, _)) in plans.iter().enumerate() {
        if out[i].is_some() || tti_may_underprice(wide, arch) {
            continue;
        }
        let key = format!("{key}|loss");
        if let Some(pair) = MEASURED.get(&key) {
            out[i] = Some(pair);
            continue;
        }
        let Some(tti) = ir::network::tti_cost(wide, target) else {
            continue;
        };
        if tti <= i64::from(*predicted) {
            let pair = Some((Emitted::plain(tti), Emitted::plain(i64::from(*predicted))));
            MEASURED.insert(key, pair);
            out[i] = Some(pair);
        }
    }
}

/// The factor by which TTI's price of the original must exceed the network's prediction
/// for [`clear_wins`] to leave the original uncompiled: 2; `None` (always compiled)
/// where TTI may overprice it ([`tti_may_overprice`]), but for a group of extracts of a
/// load on x86 (no deinterleaving load there) of elements of 32 bits or more: 3. Logged
/// on x86-64-v3 and v4 (2026-11-26: the benchmark kernels and the five realworld
/// clients, 24 distinct groups), TTI priced groups whose original compiled shorter at
/// up to twice the prediction (a four-way byte deinterleave of a load on x86-64-v4:
/// TTI 28, prediction 14, llc 8), and the 7 priced at three times or more (up to 10.3)
/// all compiled longer than the network. Bytes are out: review found two- and four-way
/// byte deinterleaves of a load that TTI prices at 3.2 to 3.9 times the prediction on
/// x86-64-v4, where the original compiles to 9 instructions in 6 cycles and the network
/// to 22 in 22 (the backend's byte packs, which TTI does not see). Nor any shuffle of
/// bytes: random loops (`scripts/network_loops.py`) found one `<128 x i8>` shuffle of a
/// load TTI priced 38 on x86-64-v4 that compiles to 10 instructions in 4 cycles
/// (`vpshufb` per 64 bytes and an or, which TTI does not see), the network to 20 in 14;
/// on neoverse-n1 a `<32 x i8>` one priced 128 that compiles to 4 in 3.67 (`tbl`), the
/// network to 6 in 4.33 (`test/network/bytes-tti.ll`).
fn clear_win_factor(wide: &WideShuffle, arch: Arch) -> Option<i64> {
    let x86_load = arch == Arch::X86_64 && !stored_interleave(wide) && !wide.written_out;
    let wide_elements = wide.element_bits().is_some_and(|bits| bits >= 32);
    let bytes = wide.element_bits().map_or(true, |bits| bits <= 8);
    match tti_may_overprice(wide) {
        _ if bytes => None,
        false => Some(2),
        true if x86_load && wide_elements && loaded_group(wide) => Some(3),
        true => None,
    }
}

/// Whether TTI's shuffle price of `wide` may be above what it costs: the backend may
/// fold an interleave into a store (`st2`..`st4`; on x86-64-v3 a `<128 x i8>`
/// interleave into a store compiled to 20 instructions, TTI's price 60), a group of
/// extracts into a load (`ld2`..`ld4`); a network written out has stages besides its
/// roots.
fn tti_may_overprice(wide: &WideShuffle) -> bool {
    stored_interleave(wide) || loaded_group(wide) || wide.written_out
}

/// Whether TTI's shuffle price of `wide` may be below what it costs to beat: as
/// [`tti_may_overprice`], but for an interleave into a store only where stores
/// interleave (AArch64 `st2`..`st4`; networks run on RISC-V V only when forced), where
/// the network's last stage may fold too. x86 has no such store: of the interleaves
/// into a store the benchmark kernels (x86-64-v3 and v4) and the realworld clients
/// measured there, the network beat none of the 54 TTI priced at no more than its
/// prediction, and all 10 it beat were priced above it.
fn tti_may_underprice(wide: &WideShuffle, arch: Arch) -> bool {
    let interleaving_stores = arch != Arch::X86_64;
    (interleaving_stores && stored_interleave(wide)) || loaded_group(wide) || wide.written_out
}

/// Whether `wide` is an interleave by 2 or 4 whose only user is a store.
fn stored_interleave(wide: &WideShuffle) -> bool {
    ir::network::only_store(wide).is_some() && is_interleave(&wide.mask, &[2, 4])
}

/// Whether `wide` is a group of shuffles of one load.
fn loaded_group(wide: &WideShuffle) -> bool {
    wide.roots.len() > 1 && ir::network::reads_a_load(wide)
}

/// Each plan's network against its shuffles, in instructions and cycles: where TTI's
/// price decides ([`clear_wins`], [`clear_losses`]), the network alone; else both as
/// the code uses the roots ([`measure_in_use`]: with their stores, where the backend
/// may fold an interleave into the store, AArch64 `st2`..`st4`, or the computations
/// and stores they feed); else both alone, the roots joined; a function's in one
/// compilation.
fn measure(
    target: &Target,
    plans: &[(WideShuffle, Network, u32, String, bool)],
    always: bool,
) -> Vec<Pair> {
    if always {
        return vec![Some((Emitted::plain(0), Emitted::plain(0))); plans.len()];
    }
    let mut out: Vec<Option<Pair>> = vec![None; plans.len()];
    clear_wins(target, plans, &mut out);
    clear_losses(target, plans, &mut out);
    // As the code uses them.
    let groups: Vec<usize> = (0..plans.len()).filter(|&i| out[i].is_none()).collect();
    let in_use = groups
        .iter()
        .map(|&i| {
            let (wide, net, _, key, in_loop) = &plans[i];
            InUse {
                key: format!("{key}|in-use"),
                wides: vec![wide],
                in_loop: *in_loop,
                load_bases: load_bases(target),
                merged_stores: Vec::new(),
                build: Box::new(move |wide| ir::network::build_network(wide, net, false)),
            }
        })
        .collect();
    for (i, pair) in groups.into_iter().zip(measure_in_use(target, in_use)) {
        out[i] = pair;
    }
    let alone: Vec<usize> = (0..plans.len()).filter(|&i| out[i].is_none()).collect();
    // A group the above could not measure is measured as its whole: its shuffles
    // concatenated.
    let wholes: Vec<_> = alone
        .iter()
        .map(|&i| ir::network::join_roots(&plans[i].0))
        .collect();
    let candidates = alone
        .iter()
        .zip(&wholes)
        .map(|(&i, whole)| {
            let (wide, net, _, key, in_loop) = &plans[i];
            Candidate {
                key: key.clone(),
                original: whole.result,
                inputs: ir::network::measured_inputs(wide),
                in_loop: *in_loop,
                build: Box::new(move || {
                    ir::network::build_network(wide, net, true).map(|b| b.sequence)
                }),
            }
        })
        .collect();
    let pairs = measure_pairs(target, &MEASURED, candidates);
    for whole in wholes {
        ir::lower::discard(whole);
    }
    for (i, pair) in alone.into_iter().zip(pairs) {
        out[i] = Some(pair);
    }
    out.into_iter().map(Option::flatten).collect()
}

/// Whether a network's loads are measured from their bases ([`InUse::load_bases`]): not
/// on AArch64 (see [`ir::network::in_use_inputs`]).
fn load_bases(target: &Target) -> bool {
    target.desc().arch() != Arch::AArch64
}

/// Groups of shuffles to measure in use together ([`measure_in_use`]): the memo key,
/// whether they are in a loop, and what builds a group's replacement.
struct InUse<'w> {
    key: String,
    wides: Vec<&'w WideShuffle>,
    in_loop: bool,
    /// Whether the loads are measured from their bases too
    /// ([`ir::network::in_use_inputs`]).
    load_bases: bool,
    /// Per group, where its roots' stores are measured as one store of the whole: the
    /// last of them ([`ir::network::mergeable_stores`], read before anything is built:
    /// the widened groups, built so); empty for none.
    merged_stores: Vec<Option<usize>>,
    build: Box<BuildReplacement<'w>>,
}

/// What builds a group's replacement (`None`: nothing built).
type BuildReplacement<'w> = dyn Fn(&WideShuffle) -> Option<ir::network::BuiltNetwork> + 'w;

/// Each item's originals against their replacements, all of an item's groups in one
/// measurement, both with the roots used as the code uses them: each root read by a
/// simple store alone stored, the others handed on in registers; the addresses and
/// loads as offsets from their bases ([`ir::network::in_use_inputs`]); the items in
/// loops in one compilation, the others in another (constants are loaded before a
/// loop, so counted only outside one). (Joined into one value instead, the roots of a
/// group on x86-64-v4 were kept in one 512-bit register by the backend, which the code,
/// storing them apart, never does: networks measured faster there came out slower in
/// place.) `None` for an item a measurement fails for (more than one result wider than
/// a register), which the caller measures joined.
fn measure_in_use(target: &Target, items: Vec<InUse>) -> Vec<Option<Pair>> {
    let mut out = vec![None; items.len()];
    let mut built = Vec::new();
    let mut slices: [Vec<Slice>; 2] = [Vec::new(), Vec::new()];
    // How the roots are used, read before anything is built (`UsePlan`).
    let plans: Vec<Vec<ir::network::UsePlan>> = items
        .iter()
        .map(|item| {
            item.wides
                .iter()
                .map(|w| ir::network::use_plan(w))
                .collect()
        })
        .collect();
    for ((i, item), plans) in items.iter().enumerate().zip(&plans) {
        if let Some(pair) = MEASURED.get(&item.key) {
            out[i] = Some(pair);
            continue;
        }
        let mut replacements = Vec::new();
        for (&wide, plan) in item.wides.iter().zip(plans) {
            match (item.build)(wide).and_then(|b| ir::network::results_in_use(wide, b, plan)) {
                Some(replacement) => replacements.push(replacement),
                None => break,
            }
        }
        if replacements.len() != item.wides.len() {
            for (replacement, uses) in replacements.into_iter().rev() {
                ir::network::discard_in_use(replacement, uses);
            }
            continue;
        }
        for (((built, uses), at), wide) in replacements
            .iter_mut()
            .zip(&item.merged_stores)
            .zip(&item.wides)
        {
            // The copies, one a root in the order of the roots, each right before the
            // root's store: merged where the roots' stores will be.
            let plain = uses.stores.len() == wide.roots.len()
                && uses.computed.is_empty()
                && uses.observed.is_empty();
            if let Some(&at) = at.as_ref().filter(|_| plain) {
                let merged =
                    ir::network::merge_stores(built.sequence.result, &uses.stores, uses.stores[at]);
                uses.stores = vec![merged];
            }
        }
        let (mut original, mut replaced) = (ir::network::RootUses::default(), Vec::new());
        let mut inputs = Vec::new();
        for ((&wide, (_, uses)), plan) in item.wides.iter().zip(&replacements).zip(plans) {
            let uses_now = ir::network::root_uses(wide, plan);
            for v in ir::network::in_use_inputs(wide, &uses_now, item.load_bases) {
                if !inputs.contains(&v) {
                    inputs.push(v);
                }
            }
            original.extend(uses_now);
            replaced.push(uses);
        }
        let these = &mut slices[usize::from(item.in_loop)];
        let slice = |stores: Vec<_>, observed: Vec<_>| Slice {
            stores,
            observed,
            inputs: inputs.iter().map(|&v| v.into()).collect(),
        };
        these.push(slice(
            original.stores.iter().map(|s| s.raw()).collect(),
            original.observed.iter().map(|&v| v.into()).collect(),
        ));
        these.push(slice(
            replaced
                .iter()
                .flat_map(|u| &u.stores)
                .map(|s| s.raw())
                .collect(),
            replaced
                .iter()
                .flat_map(|u| &u.observed)
                .map(|&v| v.into())
                .collect(),
        ));
        built.push((i, these.len() - 2, replacements));
    }
    let counts: Vec<Vec<Option<Emitted>>> = (slices.iter().enumerate())
        .map(|(in_loop, these)| match these.is_empty() {
            true => Vec::new(),
            false => target.emitted_for_slices(these, in_loop == 0),
        })
        .collect();
    // Last built first: a copy may read what an earlier item built.
    for (i, at, replacements) in built.into_iter().rev() {
        for (replacement, uses) in replacements.into_iter().rev() {
            ir::network::discard_in_use(replacement, uses);
        }
        let counts = &counts[usize::from(items[i].in_loop)];
        let count = |k: usize| counts.get(k).copied().flatten();
        if let (Some(original), Some(replacement)) = (count(at), count(at + 1)) {
            let pair = Some((original, replacement));
            MEASURED.insert(items[i].key.clone(), pair);
            out[i] = Some(pair);
        }
    }
    out
}

/// Where TTI prices the original at twice the network's prediction or more, the
/// original is not compiled (a `<64 x float>` shuffle takes llc about 15 ms; TTI's
/// price of a wide shuffle follows llc's count: 104 against 100 for the 8x8 f32
/// transpose on x86-64-v3, 60 against 53 for i16, 28 against 24 for a four-way
/// interleave): only the network is, and it must come out below TTI's price. Not for
/// an interleave into a store or a group of extracts of a load (AArch64 makes them one
/// `st2`..`st4` or `ld2`..`ld4`, which TTI's shuffle price does not see: a four-plane
/// deinterleave on neoverse-n1 came out 1.106 against stock before this rule).
fn clear_wins(
    target: &Target,
    plans: &[(WideShuffle, Network, u32, String, bool)],
    out: &mut [Option<Pair>],
) {
    let arch = target.desc().arch();
    let mut probes = Vec::new();
    let mut built = Vec::new();
    for (i, (wide, net, predicted, key, in_loop)) in plans.iter().enumerate() {
        let key = format!("{key}|tti");
        if let Some(pair) = MEASURED.get(&key) {
            out[i] = Some(pair);
            continue;
        }
        let Some(factor) = clear_win_factor(wide, arch) else {
            continue;
        };
        let Some(tti) = ir::network::tti_cost(wide, target) else {
            continue;
        };
        if tti < factor * i64::from(*predicted) {
            continue;
        }
        let Some(b) = ir::network::build_network(wide, net, true) else {
            continue;
        };
        probes.push(Probe {
            result: b.sequence.result.raw(),
            inputs: ir::network::measured_inputs(wide)
                .into_iter()
                .map(|v| v.into())
                .collect(),
            count_constant_loads: !in_loop,
        });
        built.push((i, key, tti, b));
    }
    if probes.is_empty() {
        return;
    }
    let counts = target.emitted_batch(&probes);
    for ((i, key, tti, b), count) in built.into_iter().zip(counts) {
        ir::lower::discard(b.sequence);
        if let Some(emitted) = count {
            let pair = Some((Emitted::plain(tti), emitted));
            MEASURED.insert(key, pair);
            out[i] = Some(pair);
        }
    }
}

/// Whether `mask` interleaves `factors` equal parts (`<0, n, 2n, .., 1, n+1, ..>`).
pub(super) fn is_interleave(mask: &[i32], factors: &[usize]) -> bool {
    let len = mask.len();
    factors.iter().any(|&f| {
        len % f == 0
            && mask
                .iter()
                .enumerate()
                .all(|(j, &m)| m < 0 || m as usize == (j % f) * (len / f) + j / f)
    })
}
