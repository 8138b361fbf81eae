//! AArch64: shuffles whose result registers read three or more of the operands'
//! 16-byte registers become `tbl3`/`tbl4` (and `tbx` for more) with one constant index
//! per result register (`crate::lower::tables`), where that compiles to fewer
//! instructions and no slower a block by the scheduling model, measured as selection
//! measures.
//!
//! ```text
//! ; neoverse-n1: 42 instructions (per result two `tbl2`, a `bsl`, three constants)
//! %s = shufflevector <32 x i8> %a, <32 x i8> %b, <bytes of all four registers>
//! =>
//! %t0 = call <16 x i8> @llvm.aarch64.neon.tbl4.v16i8(%a0, %a1, %b0, %b1, <index>)
//! %t1 = call <16 x i8> @llvm.aarch64.neon.tbl4.v16i8(%a0, %a1, %b0, %b1, <index>)
//! %s = shufflevector <16 x i8> %t0, %t1, <0..31>
//! ```

use super::memo::{measure_pairs, site_key, Candidate, Memo, Pair};
use super::select::stands_alone;
use crate::algebra::shuffle::{Held, OperandKind, Shuffle};
use crate::ffi::{Emitted, RemarkKind, Statistic, Target};
use crate::ir::{self, Function};
use crate::lower::tables::{plan, Byte, Part, REGISTER_BYTES};
use crate::target::{wide, Arch};

static TABLES_SELECTED: Statistic = Statistic {
    name: c"NumTableShuffles",
    desc: c"Shuffles of more than two registers replaced by tbl3/tbl4/tbx",
};

static MEASURED: Memo<Pair> = Memo::persistent("tables");

/// What each output byte of `shuffle` (elements of `bits` bits) must be, and how many
/// 16-byte registers its operands fill; `None` where they are not whole registers.
fn byte_demand(shuffle: &Shuffle, bits: u32) -> Option<(Vec<Byte>, usize)> {
    let n = shuffle.source_lanes;
    let size = bits as usize / 8;
    if bits % 8 != 0 || (n * size) % REGISTER_BYTES != 0 {
        return None;
    }
    let mut demand = Vec::with_capacity(shuffle.mask.len() * size);
    for i in 0..shuffle.mask.len() {
        demand.extend((0..size).map(|k| match shuffle.held(i) {
            Held::Any => Byte::Any,
            Held::Zero => Byte::Zero,
            Held::Lane(m) => Byte::From(m * size + k),
        }));
    }
    Some((demand, 2 * n * size / REGISTER_BYTES))
}

/// Whether a lane the mask takes from an operand is read by no user, through lane-wise
/// operations too (`ir::demanded`): the backend computes only the lanes read of a
/// shuffle and of what it reads, not of a `tbl`'s tables. (A `mul` of the shuffle read
/// in 4 of its 16 lanes: `tbl3` and `tbl4` made the multiply and the build vector
/// below it whole, neoverse-n1 33 instructions → 50 in a random program; found by a
/// helper's hunt.)
fn unread_lane(site: &ir::ShuffleSite) -> bool {
    // SAFETY: a live shuffle.
    let read = unsafe { ir::demanded::demanded_lanes(site.inst.raw()) };
    (0..site.shuffle.mask.len()).any(|i| {
        matches!(site.shuffle.held(i), Held::Lane(_)) && !read.get(i).copied().unwrap_or(true)
    })
}

/// Whether a lane of the shuffle that an `extractelement` reads (directly or through a
/// lane-wise operation) is a constant's or a build vector's: the backend folds each such
/// extract to its scalar, where after a `tbl` each is a `umov` (neoverse-n1, a shuffle
/// also stored whole whose lanes were table indices, 95 instructions -> 124; found by a
/// helper's hunt).
fn extracts_built(site: &ir::ShuffleSite) -> bool {
    let shuffle = &site.shuffle;
    (ir::lower::extracted_lanes(site.inst).into_iter())
        .filter(|&i| i < shuffle.mask.len())
        .any(|i| match shuffle.mask.source(i, shuffle.source_lanes) {
            None => false,
            Some((side, _)) => {
                shuffle.kind(side) != OperandKind::Variable
                    || ir::lower::built_operand(site.inst, side)
            }
        })
}

/// The instructions `parts` are described as: a table instruction each, and its index
/// load outside a loop (`adrp` and `ldr`; in a loop it is hoisted); a part left a
/// shuffle of two registers one (the backend's, not described).
fn described(parts: &[Part], in_loop: bool) -> usize {
    let per_lookup = if in_loop { 1 } else { 3 };
    parts
        .iter()
        .map(|p| match p {
            Part::Shuffle => 1,
            Part::Tables(lookups) => per_lookup * lookups.len(),
        })
        .sum()
}

/// The loads measured with `site` (an operand loaded only for it): `ldp` takes two of
/// its registers at a time.
fn loads(site: &ir::ShuffleSite, registers: usize) -> usize {
    let per_operand = (registers / 2).div_ceil(2);
    ir::lower::lone_load_count(site.inst) as usize * per_operand
}

/// Whether the tables pay: fewer instructions, and no slower by the scheduling model
/// where it knows both (a `tbl4` is four times a `tbl1`'s work on some cores).
fn pays(stock: Emitted, tables: Emitted) -> bool {
    tables.cheaper_than(stock)
        && (tables.cycles <= stock.cycles || tables.cycles * stock.cycles == 0)
}

/// Replaces every shuffle of `func` whose result registers read three or more source
/// registers with table lookups, where they compile to strictly fewer instructions;
/// with `always` (testing), wherever a plan exists.
pub fn select_tables(
    func: Function,
    target: &Target,
    always: bool,
    remarks: bool,
    changed: &mut bool,
) {
    let desc = target.desc();
    let neon = wide::feature_test(&desc).is_some_and(|has| has("neon"));
    if desc.arch() != Arch::AArch64 || !neon {
        return;
    }
    let mut wanted = Vec::new();
    for site in func.shuffles() {
        // Measured alone, as selection measures (all its lanes read: the backend drops
        // unread lanes from a shuffle, not from a `tbl`); not an interleave into a store
        // (the backend makes it `st2`..`st4`, which a measurement without the store
        // misses).
        let stored_interleave = ir::network::only_store_of(site.inst).is_some()
            && super::network::is_interleave(site.shuffle.mask.as_slice(), &[2, 3, 4]);
        if !stands_alone(&site)
            || stored_interleave
            || unread_lane(&site)
            || extracts_built(&site)
            || super::select::halves_apart(site.inst, target)
        {
            continue;
        }
        let Some(bits) = ir::lower::element_bits(site.source_ty) else {
            continue;
        };
        let Some((demand, registers)) = byte_demand(&site.shuffle, bits) else {
            continue;
        };
        // The check tags every source byte with a distinct non-zero byte.
        if registers * REGISTER_BYTES > 254 {
            continue;
        }
        let Some(parts) = plan(&demand, registers) else {
            continue;
        };
        if !crate::lower::tables::computes(&parts, &demand, registers) {
            continue;
        }
        let key = site_key(target, &site);
        wanted.push((site, parts, key, registers));
    }
    if wanted.is_empty() {
        return;
    }
    let measured: Vec<Pair> = if always {
        vec![Some((Emitted::plain(0), Emitted::plain(0))); wanted.len()]
    } else {
        let candidates = wanted
            .iter()
            .map(|(site, parts, key, _)| Candidate {
                key: key.clone(),
                original: site.inst,
                inputs: ir::lower::measured_inputs(site.inst),
                in_loop: ir::lower::in_cycle(site.inst),
                build: Box::new(move || ir::tables::build_tables(site.inst, parts)),
            })
            .collect();
        target.timed(|| measure_pairs(target, &MEASURED, candidates))
    };
    for ((site, parts, _, registers), pair) in wanted.into_iter().zip(measured) {
        let Some((stock, emitted)) = pair else {
            continue;
        };
        let describe = || {
            let names: Vec<&str> = parts
                .iter()
                .flat_map(|p| match p {
                    Part::Shuffle => vec!["shuffle"],
                    Part::Tables(l) => l.iter().map(|l| l.insn.name).collect(),
                })
                .collect();
            names.join(" ")
        };
        if !always && !pays(stock, emitted) {
            if remarks {
                let message = format!(
                    "tables not used: mask {} (llc {}): {} (llc {})",
                    site.shuffle.mask,
                    stock.timed(),
                    describe(),
                    emitted.timed()
                );
                target.remark(RemarkKind::Missed, c"Tables", site.inst, &message);
            }
            continue;
        }
        // Read before the tables are built: they read the loads too.
        let predicted = described(&parts, ir::lower::in_cycle(site.inst)) + loads(&site, registers);
        let Some(built) = ir::tables::build_tables(site.inst, &parts) else {
            continue;
        };
        if remarks {
            let message = format!(
                "tables: mask {} (llc {}) became {} (described {}, llc {})",
                site.shuffle.mask,
                stock.timed(),
                describe(),
                predicted,
                emitted.timed()
            );
            target.remark(RemarkKind::Passed, c"Tables", site.inst, &message);
        }
        ir::lower::replace_with(site.inst, built);
        *changed = true;
        TABLES_SELECTED.add(1);
    }
}
