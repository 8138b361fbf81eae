//! Gathered loads (`crate::ir::gather`): vectors built lane by lane from scalar loads
//! that together read one block of memory once become one wide load of the block, cut
//! into registers, where that compiles to strictly fewer instructions.
//!
//! Two steps around the networks: [`prepare`] builds the wide load and its registers
//! beside the gathers (nothing replaced yet); the networks (`super::network`) see the
//! registers as a group of shuffles of one wide load and may rebuild them as stages;
//! [`decide`] then compiles the gathers and what replaces them, each group as stores of
//! its vectors side by side, and keeps the shorter.
//!
//! ```text
//! ; neoverse-n1, a 4x4 SATD vectorized by 4 items: 128 `ld1` lane loads and their
//! ; addresses -> 8 loads, 16 zip1/zip2, a dup per vector
//! %g0 = insertelement (... (insertelement poison, (load %p), 0) ...), (load %p+96), 3
//! =>
//! %w = load <128 x i8>, ptr %p ; registers of 16 bytes (four vectors each), fenced
//! ```

use super::memo::{shown, Memo, Pair};
use crate::ffi::{RemarkKind, Statistic, Target};
use crate::ir::gather::{BuiltGather, LoadGather};
use crate::ir::{self, Function};
use crate::target::Arch;

static GATHERS: Statistic = Statistic {
    name: c"NumGatheredLoads",
    desc: c"Groups of gathered scalar loads replaced by one wide load",
};

/// A group of gathers and its replacement, built but not in place.
pub struct Pending {
    gather: LoadGather,
    built: BuiltGather,
}

/// Builds, for every group of gathers of `func` that reads one block once, the wide
/// load and its registers of the target's width (x86 and AArch64; every target with
/// `always`).
pub fn prepare(func: Function, target: &Target, always: bool) -> Vec<Pending> {
    let arch = target.desc().arch();
    // RISC-V V loads a stride with one `vlse`: nothing to gain.
    if !always && !matches!(arch, Arch::X86_64 | Arch::AArch64) {
        return Vec::new();
    }
    let register_bits = target.vector_register_bits().max(128) as usize;
    ir::gather::load_gathers(func, target)
        .into_iter()
        .filter_map(|gather| {
            let lanes = (register_bits / gather.element_bits as usize).min(gather.elements());
            let built = ir::gather::build_gather(&gather, lanes)?;
            Some(Pending { gather, built })
        })
        .collect()
}

/// Puts each prepared replacement in place where it compiles to strictly fewer
/// instructions than the gathers (with `always`, everywhere), and erases the others.
pub fn decide(
    pending: Vec<Pending>,
    target: &Target,
    always: bool,
    remarks: bool,
    changed: &mut bool,
) {
    for Pending { gather, built } in pending {
        let measured = (!always)
            .then(|| measure(&gather, &built, target))
            .flatten();
        let wins = always || measured.is_some_and(|(stock, emitted)| emitted.cheaper_than(stock));
        let (stock, emitted) = (measured.map(|m| m.0), measured.map(|m| m.1));
        let what = format!(
            "{} {} gathered from {} loads",
            gather.roots.len(),
            gather.vector_type(),
            gather.elements()
        );
        if !wins {
            if remarks {
                let message = format!(
                    "gather: kept {what}: one load and {}-lane registers compile to {}, \
                     the gathers to {}",
                    built.register_lanes,
                    shown(emitted),
                    shown(stock)
                );
                target.remark(RemarkKind::Missed, c"Gather", gather.roots[0], &message);
            }
            ir::gather::discard(built);
            continue;
        }
        if remarks {
            let message = format!(
                "gather: {what} (llc {}) became one load and {}-lane registers (llc {})",
                shown(stock),
                built.register_lanes,
                shown(emitted)
            );
            target.remark(RemarkKind::Passed, c"Gather", gather.roots[0], &message);
        }
        ir::gather::replace_gathers(&gather, &built);
        *changed = true;
        GATHERS.add(1);
    }
}

/// The instructions the gathers and their replacement compile to, each group stored
/// side by side (the same stores both ways), with their address arithmetic; outside a
/// loop constants count. Remembered per target, shape, loop and number of inputs (a
/// group of 128 loads takes about 50 ms to measure).
fn measure(gather: &LoadGather, built: &BuiltGather, target: &Target) -> Pair {
    static MEASURED: Memo<Pair> = Memo::persistent("gather");
    let inputs = gather.measured_inputs();
    let in_loop = ir::lower::in_cycle(gather.roots[0]);
    let desc = target.desc();
    let key = format!(
        "{}|{}|{:?}|{}|{in_loop}|{}",
        desc.key(),
        gather.vector_type(),
        gather.mask,
        built.register_lanes,
        inputs.len()
    );
    MEASURED.get_or_make(key, || measure_now(gather, built, target, &inputs, in_loop))
}

fn measure_now(
    gather: &LoadGather,
    built: &BuiltGather,
    target: &Target,
    inputs: &[ir::lower::Value],
    in_loop: bool,
) -> Pair {
    let roots: Vec<ir::lower::Value> = gather.roots.iter().map(|&r| r.into()).collect();
    let count = |values: &[ir::lower::Value]| {
        let built = ir::gather::measuring_stores(gather, values);
        let n = target.emitted_for_stores(&built.stores, inputs, !in_loop);
        ir::gather::erase_stores(built);
        n
    };
    let stock = count(&roots)?;
    // Stores side by side of a register's vectors merge into one store of the
    // register; in place each vector but the first of its register is one instruction
    // to take out (x86 `vpshufd`/`vextracti128`, AArch64 `dup`/`ext`), counted here.
    let per_register = built.register_lanes / gather.lanes;
    let extracts = (gather.roots.len() - gather.roots.len() / per_register) as i64;
    let emitted = count(&built.results)?.plus(extracts);
    Some((stock, emitted))
}
