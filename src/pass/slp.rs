//! Store chains of scalar copies in another order become one vector load, shuffle and
//! store (`crate::slp`) where `llc` emits fewer instructions for that than for the
//! scalar copies (both measured with their loads, from the two bases); the shuffle then
//! goes through the library (the late instance's networks, selection, ...).
//!
//! Placement (docs/slp.md): the instance before the vectorizers takes windows of 16
//! elements or more, or outside loops (the loop vectorizer forms interleave groups of
//! at most 8 and does better on small strided copies in loops), so that stock SLP does
//! not gather them piece by piece; the instance after them takes what stayed scalar.

use crate::ffi::{RemarkKind, Statistic, Target};
use crate::ir::{self, Function};
use crate::pass::options::Stage;

static COPIES: Statistic = Statistic {
    name: c"NumPermutedCopies",
    desc: c"Store chains of permuted scalar copies made one vector copy and shuffle",
};

/// Windows this large go before the vectorizers even in loops: beyond the loop
/// vectorizer's interleave groups (at most 8 members).
const EARLY_IN_LOOP: usize = 16;

/// Vectorizes the permuted copies of `func` that compile shorter; with `always`
/// (testing), every one found.
pub fn vectorize_copies(
    func: Function,
    target: &Target,
    stage: Stage,
    always: bool,
    remarks: bool,
    changed: &mut bool,
) {
    for copy in ir::slp::permuted_copies(func) {
        let in_loop = ir::lower::in_cycle(copy.stores[0]);
        let n = copy.window.mask.len();
        if stage == Stage::Early && in_loop && n < EARLY_IN_LOOP && !always {
            continue;
        }
        // Earlier rewrites erased instructions a later window may name: found again.
        let built = ir::slp::build_copy(&copy);
        let inputs = [copy.load_base, copy.store_base];
        let measured = if always {
            Some((1, 0))
        } else {
            let stock = target.emitted_for_stores(&copy.stores, &inputs, !in_loop);
            let emitted = target.emitted_for_stores(&[built.store], &inputs, !in_loop);
            stock.zip(emitted)
        };
        match measured {
            Some((stock, emitted)) if emitted < stock => {
                if remarks {
                    let message = format!(
                        "slp: {n} scalar copies in another order (llc {stock}) became a \
                         {} load, shuffle and store (llc {emitted})",
                        copy.vector_type()
                    );
                    target.remark(
                        RemarkKind::Passed,
                        c"PermutedCopy",
                        copy.stores[0],
                        &message,
                    );
                }
                ir::slp::replace_copy(&copy, built);
                *changed = true;
                COPIES.add(1);
            }
            other => {
                if remarks {
                    if let Some((stock, emitted)) = other {
                        let message = format!(
                            "slp: kept {n} scalar copies in another order (llc {stock}): as a \
                             {} load, shuffle and store llc {emitted}",
                            copy.vector_type()
                        );
                        target.remark(
                            RemarkKind::Missed,
                            c"PermutedCopy",
                            copy.stores[0],
                            &message,
                        );
                    }
                }
                ir::slp::discard_copy(built);
            }
        }
    }
}
