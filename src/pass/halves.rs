//! Half loads (`crate::lower::halves`, `crate::ir::halves`): a shuffle of two registers
//! that reads one half of each, one a load at least, as the halves side by side (a load
//! of half the width for each such load) and one shuffle of them, where that compiles
//! to strictly less: fewer instructions, or as many in fewer cycles.
//!
//! ```text
//! ; x86-64-v3, a chain of three shuffles composed: two vpermps and a blend (stock)
//! ; -> vmovups xmm, vinsertf128 from memory, one vpermps
//! %s = shufflevector (load <8 x i32> %p), (load <8 x i32> %q), <3,11,2,10,1,9,0,8>
//! =>
//! %h = shufflevector (load <4 x i32> %p), (load <4 x i32> %q), <0,1,2,3,4,5,6,7>
//! %s = shufflevector (fence %h), poison, <3,7,2,6,1,5,0,4>
//! ```
//!
//! On x86 with registers of 256 bits or more only (512 where the target uses them:
//! x86-64-v4 prefers 256): two halves side by side are one `vinsertf128`
//! (`vinserti64x4`) that takes one of them from memory, and leaves the shuffle port
//! alone. NEON's and RISC-V V's registers of this width are register
//! groups or pairs the networks and joins already take apart.

use super::memo::{measure_pairs, shown, site_key, Candidate, Memo, Pair};
use super::select::stands_alone;
use crate::ffi::{RemarkKind, Statistic, Target};
use crate::ir::{self, Function};
use crate::target::Arch;

static HALF_LOADS: Statistic = Statistic {
    name: c"NumHalfLoads",
    desc: c"Shuffles of one half of each of two registers rebuilt as the halves side by side",
};

/// Original and rewrite, measured, per key.
static MEASURED: Memo<Pair> = Memo::persistent("halves");

/// Rebuilds every shuffle of `func` that reads one half of each operand where that
/// compiles to strictly less; with `always` (testing), every one.
pub fn half_loads(
    func: Function,
    target: &Target,
    always: bool,
    remarks: bool,
    changed: &mut bool,
) {
    let register_bits = target.vector_register_bits();
    if !always && (target.desc().arch() != Arch::X86_64 || register_bits < 256) {
        return;
    }
    // Registers of 256 bits, and of 512 where the target uses them. Only shuffles that
    // stand alone (`select::stands_alone`): one whose lanes are read in part, or that
    // feeds a shuffle, the backend narrows or composes, which a measurement of it alone
    // does not see and the fence then prevents (an `extractelement` of one was a scalar
    // load, and became five instructions).
    let widths: Vec<u32> = [256, 512]
        .into_iter()
        .filter(|&b| always || b <= register_bits)
        .collect();
    let found: Vec<_> = ir::halves::half_shuffles(func, &widths)
        .into_iter()
        .filter(|s| stands_alone(&s.site))
        .collect();
    if found.is_empty() {
        return;
    }
    let pairs: Vec<Pair> = match always {
        true => vec![None; found.len()],
        false => {
            let candidates: Vec<Candidate> = found
                .iter()
                .map(|s| Candidate {
                    key: format!(
                        "{}|halves|{:?}",
                        site_key(target, &s.site),
                        [0, 1].map(|i| ir::lower::load_alignment(s.site.inst, i))
                    ),
                    original: s.site.inst,
                    inputs: ir::lower::measured_inputs(s.site.inst),
                    in_loop: ir::lower::in_cycle(s.site.inst),
                    build: Box::new(move || ir::halves::build(s)),
                })
                .collect();
            target.timed(|| measure_pairs(target, &MEASURED, candidates))
        }
    };
    for (s, pair) in found.into_iter().zip(pairs) {
        let wins = always || pair.is_some_and(|(stock, halves)| halves.faster_than(stock));
        let what = format!(
            "shuffle of two {}-lane halves (mask {})",
            s.site.shuffle.source_lanes / 2,
            s.site.shuffle.mask
        );
        let timed = |e: Option<crate::ffi::Emitted>| e.map_or(shown(e), |e| e.timed());
        if !wins {
            if remarks {
                let message = format!(
                    "half loads: kept {what} (llc {}): halves side by side {}",
                    timed(pair.map(|p| p.0)),
                    timed(pair.map(|p| p.1))
                );
                target.remark(RemarkKind::Missed, c"HalfLoads", s.site.inst, &message);
            }
            continue;
        }
        let Some(built) = ir::halves::build(&s) else {
            continue;
        };
        if remarks {
            let message = format!(
                "half loads: {what} (llc {}) became the halves side by side and one \
                 shuffle (llc {})",
                timed(pair.map(|p| p.0)),
                timed(pair.map(|p| p.1))
            );
            target.remark(RemarkKind::Passed, c"HalfLoads", s.site.inst, &message);
        }
        ir::halves::replace(s, built);
        *changed = true;
        HALF_LOADS.add(1);
    }
}
