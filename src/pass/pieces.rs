//! Stored interleaves of pieces of one wide load (`crate::lower::pieces`,
//! `crate::ir::pieces`) loaded piece by piece, where that compiles to strictly less (on
//! RISC-V V, weighed by the CPU's scheduling model).
//!
//! ```text
//! ; sifive-x280, an 8x8 i16 transpose: the wide load's register group taken apart by
//! ; slides for `vsseg8e16` (54 cycles a matrix) -> 8 loads and `vsseg8e16`
//! %w = load <64 x i16>, ptr %p
//! store (shufflevector %w, poison, <0,8,16,...>), ptr %q
//! =>
//! %r0 = load <8 x i16>, ptr %p  ...  %r7 = load <8 x i16>, ptr %p+112
//! store (shufflevector (the rows side by side), poison, <0,8,16,...>), ptr %q
//! ```
//!
//! Only where the target holds wide fixed vectors in register groups (RISC-V V), as
//! `super::join`. On neoverse-n1 the 4x4 i16 transpose's wide load became four loads
//! and an `st4` there, one instruction fewer, but llvm-mca's 4.7 cycles a matrix 5.0
//! (`st4` of four registers issues slower than the `zip`s it replaces).

use super::memo::{shown, Memo, Pair};
use crate::ffi::{RemarkKind, Statistic, Target};
use crate::ir::pieces::{Built, Stored};
use crate::ir::{self, Function};
use crate::target::Arch;

static PIECES: Statistic = Statistic {
    name: c"NumPiecewiseLoads",
    desc: c"Wide loads of stored interleaves loaded piece by piece",
};

/// Loads piece by piece every stored interleave of `func` where that compiles to
/// strictly less; with `always` (testing), every one.
pub fn load_pieces(
    func: Function,
    target: &Target,
    always: bool,
    remarks: bool,
    changed: &mut bool,
) {
    if !always && target.desc().arch() != Arch::RiscV64 {
        return;
    }
    for stored in ir::pieces::stored(func) {
        let Some(built) = ir::pieces::build(&stored) else {
            continue;
        };
        let measured = (!always)
            .then(|| measure(&stored, &built, target))
            .flatten();
        let wins = always || measured.is_some_and(|(stock, pieces)| pieces.cheaper_than(stock));
        let what = format!(
            "{} pieces of {} lanes of a {}, interleaved",
            stored.pieces.factor,
            stored.pieces.len,
            stored.signature()
        );
        let (stock, pieces) = (measured.map(|m| m.0), measured.map(|m| m.1));
        if !wins {
            if remarks {
                let message = format!(
                    "pieces: kept {what} (llc {}): loaded one by one {}",
                    shown(stock),
                    shown(pieces)
                );
                target.remark(RemarkKind::Missed, c"Pieces", stored.store, &message);
            }
            ir::pieces::discard(built);
            continue;
        }
        if remarks {
            let message = format!(
                "pieces: {what} (llc {}), loaded one by one (llc {})",
                shown(stock),
                shown(pieces)
            );
            target.remark(RemarkKind::Passed, c"Pieces", stored.store, &message);
        }
        ir::pieces::replace(stored);
        *changed = true;
        PIECES.add(1);
    }
}

/// The original store and the new one, each with what it stores from the addresses'
/// inputs; outside a loop constants count. Remembered per target, type, mask and loop.
fn measure(stored: &Stored, built: &Built, target: &Target) -> Pair {
    static MEASURED: Memo<Pair> = Memo::persistent("pieces");
    let inputs = stored.measured_inputs();
    let in_loop = ir::lower::in_cycle(stored.store);
    let key = format!(
        "{}|{}|{:?}|{in_loop}|{}",
        target.desc().key(),
        stored.signature(),
        stored.mask,
        inputs.len()
    );
    MEASURED.get_or_make(key, || {
        target.emitted_for_stores_both(&[stored.store], &[built.store], &inputs, !in_loop)
    })
}
