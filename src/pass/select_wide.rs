//! Selection of wider shuffles: a shuffle of 8 lanes or more in one 128- or 256-bit
//! register (x86, AArch64) that the backend lowers with more instructions than the
//! sequence `crate::lower::wide_search` finds becomes that sequence.
//!
//! As for four lanes (`super::select`), the assembly decides: the shuffle and the
//! sequence are compiled alone, in one compilation for all of a function's, and the
//! sequence is used only where it compiles to strictly fewer instructions (in a loop,
//! by the cycles an iteration first: `super::memo::wins`). Decisions
//! are remembered per target, types, operands, mask and loop; the sequence itself is
//! searched again when used (a millisecond), not stored.
//!
//! ```text
//! %s = shufflevector <8 x i16> %a, poison, <1,0,u,2,5,4,7,6>   ; x86-64-v2: pshuflw, pshufhw
//! =>
//! %s = call <16 x i8> @llvm.x86.ssse3.pshuf.b.128(%a, <2,3,0,1,...>)   ; pshufb (mem)
//! ```
//!
//! Measured where it pays (`scripts/sample_sweep.py`): LLVM's x86 lowering keeps two
//! `pshuflw`/`pshufhw`/`pshufd` where one `pshufb` with a constant does, and NEON's
//! three instructions where `dup` + `zip1` do.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::memo::{measure_pairs_by_cycles, site_key, wins, Candidate, Memo, Pair};
use super::select::{freeze_spreads, halves_apart, stands_alone};

use crate::algebra::shuffle::Held;
use crate::ffi::{RemarkKind, Statistic, Target};
use crate::ir::{self, Function, ShuffleSite};
use crate::lower::wide_search::{computes, WideSearcher, WideSequence};
use crate::target::insn::Src;
use crate::target::wide::{self, Context, Demand, Produce, Shape};
use crate::target::{Arch, TargetDesc};

static WIDE_SELECTED: Statistic = Statistic {
    name: c"NumSelectedWide",
    desc: c"Wide shufflevectors replaced by a cheaper instruction sequence",
};

/// Original and sequence, measured, per key.
static MEASURED: Memo<Pair> = Memo::persistent("select-wide");

/// The searcher of one context (target, register, elements, loop), built the first time
/// a shuffle needs it (2-6 ms, once per process).
fn searcher(desc: &TargetDesc, cx: Context) -> Arc<WideSearcher> {
    type Searchers = Mutex<HashMap<String, Arc<WideSearcher>>>;
    static SEARCHERS: OnceLock<Searchers> = OnceLock::new();
    let key = format!(
        "{}|{}|{}|{}|{}",
        desc.key(),
        cx.register_bits,
        cx.element_bits,
        cx.float,
        cx.in_loop
    );
    let mut map = SEARCHERS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    map.entry(key)
        .or_insert_with(|| Arc::new(WideSearcher::new(cx, cx.arch != Arch::RiscV64)))
        .clone()
}

/// What each output lane of `site` must hold: poison lanes (of the mask or of an
/// operand) and lanes no user reads (`ir::demanded`: the backend would not compute them
/// for the shuffle, and a fenced sequence cannot tell it) any, lanes of a zero operand
/// zero.
fn demand(site: &ShuffleSite) -> Vec<Demand> {
    let shuffle = &site.shuffle;
    // SAFETY: a live shuffle.
    let read = unsafe { ir::demanded::demanded_lanes(site.inst.raw()) };
    (0..shuffle.mask.len())
        .map(|i| match shuffle.held(i) {
            _ if !read.get(i).copied().unwrap_or(true) => None,
            Held::Any => None,
            Held::Zero => Some(Src::Zero),
            Held::Lane(m) => Some(Src::Lane(m as u8)),
        })
        .collect()
}

/// Replaces every wide shuffle the backend lowers worse than the searched sequence.
pub fn select_wide(func: Function, target: &Target, remarks: bool, changed: &mut bool) {
    let desc = target.desc();
    let arch = desc.arch();
    if !matches!(arch, Arch::X86_64 | Arch::AArch64 | Arch::RiscV64) {
        return;
    }
    let Some(has) = wide::feature_test(&desc) else {
        return;
    };
    let mut wanted: Vec<(ShuffleSite, WideSequence, String, bool)> = Vec::new();
    let mut menus: HashMap<(u32, u32, bool, bool), wide::Menu> = HashMap::new();
    for site in func.shuffles() {
        let Some(element_bits) = ir::lower::element_bits(site.source_ty) else {
            continue;
        };
        let lanes = site.shuffle.source_lanes;
        let bits = element_bits * lanes as u32;
        // Eight lanes or more in one register (four 32-bit lanes: `super::select`).
        if lanes < 8 || site.shuffle.mask.len() != lanes || !matches!(bits, 128 | 256) {
            continue;
        }
        if !stands_alone(&site) || freeze_spreads(&site, target) || halves_apart(site.inst, target)
        {
            continue;
        }
        let in_loop = ir::lower::in_cycle(site.inst);
        let float = site.source_ty.is_float();
        let cx = Context {
            arch,
            has: &has,
            register_bits: bits,
            element_bits,
            float,
            in_loop,
        };
        let demand = demand(&site);
        // One fixed instruction as it is: nothing to search for.
        let menu = menus
            .entry((bits, element_bits, float, in_loop))
            .or_insert_with(|| wide::Menu::new(cx));
        let one = menu.cheapest(&demand);
        if one.is_some_and(|(_, insn)| matches!(insn.produce, Produce::Imm { .. })) {
            continue;
        }
        // (The lanes read are part of what is searched for.)
        let key = format!("{}|{demand:?}", site_key(target, &site));
        // Measured before and not cheaper: no search.
        if MEASURED
            .get(&key)
            .is_some_and(|pair| pair.map_or(true, |pair| !wins(pair, in_loop)))
        {
            continue;
        }
        let Some(seq) = searcher(&desc, cx).search(&demand, element_bits) else {
            continue;
        };
        // The reference run of the sequence: what it is built from must be what it
        // replaces (the search is tested to find only such; this keeps a slip out of IR).
        let bytes = (bits / 8) as usize;
        if seq.steps.is_empty() || !computes(&seq, &demand, element_bits, bytes) {
            continue;
        }
        wanted.push((site, seq, key, float));
    }
    if wanted.is_empty() {
        return;
    }
    let candidates: Vec<Candidate> = wanted
        .iter()
        .map(|(site, seq, key, float)| Candidate {
            key: key.clone(),
            original: site.inst,
            inputs: ir::lower::measured_inputs(site.inst),
            in_loop: ir::lower::in_cycle(site.inst),
            build: Box::new(move || ir::wide::build_wide_sequence(site.inst, seq, *float)),
        })
        .collect();
    let pairs = measure_pairs_by_cycles(target, &MEASURED, candidates);
    for ((site, seq, _, float), pair) in wanted.into_iter().zip(pairs) {
        let Some((stock, emitted)) = pair else {
            continue;
        };
        if !wins((stock, emitted), ir::lower::in_cycle(site.inst)) {
            if remarks {
                let message = format!(
                    "wide sequence not used: mask {} (llc {}): {} described {}, llc {}",
                    site.shuffle.mask,
                    stock.timed(),
                    seq.describe(),
                    seq.predicted(arch, &load_shapes(&site)),
                    emitted.timed()
                );
                target.remark(RemarkKind::Missed, c"Select", site.inst, &message);
            }
            continue;
        }
        // Read before the sequence is built: it reads the loads too.
        let loads = load_shapes(&site);
        let Some(built) = ir::wide::build_wide_sequence(site.inst, &seq, float) else {
            continue;
        };
        if remarks {
            let message = format!(
                "wide sequence: mask {} (llc {}) became {} (described {}, llc {})",
                site.shuffle.mask,
                stock.timed(),
                seq.describe(),
                seq.predicted(arch, &loads),
                emitted.timed()
            );
            target.remark(RemarkKind::Passed, c"Select", site.inst, &message);
        }
        ir::lower::replace_with(site.inst, built);
        *changed = true;
        WIDE_SELECTED.add(1);
    }
}

/// The shapes of the loads measured with `site` (each distinct load only it reads): its
/// lanes, or bytes where they are less aligned than their size (RISC-V V's `vle8`).
fn load_shapes(site: &ShuffleSite) -> Vec<Shape> {
    let Some(element_bits) = ir::lower::element_bits(site.source_ty) else {
        return Vec::new();
    };
    let lanes = site.shuffle.source_lanes;
    let lone = ir::lower::lone_loads(site.inst);
    let mut shapes: Vec<Shape> = (0..2)
        .filter(|&i| lone[i])
        .map(
            |i| match ir::lower::load_alignment(site.inst, i as u32) * 8 >= element_bits {
                true => (element_bits, lanes),
                false => (8, lanes * element_bits as usize / 8),
            },
        )
        .collect();
    shapes.truncate(ir::lower::lone_load_count(site.inst) as usize);
    shapes
}
