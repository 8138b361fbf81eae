//! Joined groups (`crate::lower::join`, `crate::ir::join`): register-sized loads, the
//! shuffles between them and register-sized stores become one wide load, one shuffle
//! and one wide store where that compiles to strictly less (on RISC-V V, weighed by the
//! CPU's scheduling model).
//!
//! ```text
//! ; sifive-x280, a 4x4 f32 transpose of rows copied with memcpy: 4 `vle8`, slides,
//! ; widening adds and merges, 4 `vse8` (58 cycles a matrix) -> one `vle8`, one
//! ; `vrgather.vv`, one `vse8` (21)
//! %r0 = load <4 x float>, ptr %p  ...  store <4 x float> %c3, ptr %q+48
//! =>
//! %w = load <16 x float>, ptr %p
//! store <16 x float> (shufflevector %w, poison, <0,4,8,12,...>), ptr %q
//! ```
//!
//! Only where the target holds wide fixed vectors in register groups (RISC-V V): on x86
//! and AArch64 a wide shuffle is split back into registers, and the networks
//! (`super::network`) rebuild such groups better.

use super::memo::{shown, Memo, Pair};
use crate::ffi::{RemarkKind, Statistic, Target};
use crate::ir::join::Group;
use crate::ir::{self, Function};
use crate::target::Arch;

static JOINED: Statistic = Statistic {
    name: c"NumJoinedGroups",
    desc: c"Groups of loads, shuffles and stores joined into one wide load, shuffle and store",
};

/// Joins every group of `func` whose joined form compiles to strictly less; with
/// `always` (testing), every group, on any target.
pub fn join_groups(
    func: Function,
    target: &Target,
    always: bool,
    remarks: bool,
    changed: &mut bool,
) {
    if !always && target.desc().arch() != Arch::RiscV64 {
        return;
    }
    // Groups are read before any is joined; once one is, the others are read again
    // (`ir::join::read_again`): a join moves accesses they were checked against.
    let mut joined = false;
    let fresh = |group: ir::join::Group, joined: bool| match joined {
        true => ir::join::read_again(group, target),
        false => Some(group),
    };
    for candidates in ir::join::groups(func, target) {
        // The items joined side by side first; each alone where that does not pay.
        if let Some(items) = candidates.items.and_then(|g| fresh(g, joined)) {
            if try_group(items, target, always, remarks, changed) {
                joined = true;
                continue;
            }
        }
        for group in candidates.alone {
            if let Some(group) = fresh(group, joined) {
                joined |= try_group(group, target, always, remarks, changed);
            }
        }
    }
}

/// Joins `group` where that compiles to strictly less (`always`: wherever read);
/// whether it did.
fn try_group(
    group: Group,
    target: &Target,
    always: bool,
    remarks: bool,
    changed: &mut bool,
) -> bool {
    let built = ir::join::build(&group);
    let measured = (!always).then(|| measure(&group, &built, target)).flatten();
    let wins = always || measured.is_some_and(|(stock, joined)| joined.cheaper_than(stock));
    let what = format!(
        "{} ({} shuffles, {} elements)",
        group.signature(),
        group.shuffles(),
        group.mask.len()
    );
    let (stock, joined) = (measured.map(|m| m.0), measured.map(|m| m.1));
    if !wins {
        if remarks {
            let message = format!(
                "join: kept {what}: joined {}, as it is {}",
                shown(joined),
                shown(stock)
            );
            target.remark(RemarkKind::Missed, c"Join", group.anchor(), &message);
        }
        ir::join::discard(built);
        return false;
    }
    if remarks {
        let message = format!(
            "join: {what} (llc {}) became one load, shuffle and store (llc {})",
            shown(stock),
            shown(joined)
        );
        target.remark(RemarkKind::Passed, c"Join", group.anchor(), &message);
    }
    ir::join::replace(group);
    *changed = true;
    JOINED.add(1);
    true
}

/// What the group's stores and the wide store compile to, each with what it stores
/// from the two blocks' addresses; outside a loop constants count. Remembered per
/// target, shape, mask and loop.
fn measure(group: &Group, built: &ir::join::Built, target: &Target) -> Pair {
    static MEASURED: Memo<Pair> = Memo::persistent("join");
    let inputs = group.measured_inputs();
    let in_loop = ir::lower::in_cycle(group.anchor());
    let key = format!(
        "{}|{}|{:?}|{in_loop}|{}",
        target.desc().key(),
        group.signature(),
        group.mask,
        inputs.len()
    );
    MEASURED.get_or_make(key, || {
        target.emitted_for_stores_both(&group.stores, &[built.store], &inputs, !in_loop)
    })
}
