//! The pass over one function: read, decide, then change.
//!
//! Each round reads every shuffle into its pure description, plans all decisions, and
//! only then applies them, so a failure while planning (a caught panic) leaves the IR as
//! the previous round left it: valid, never half-rewritten. Rounds repeat until nothing
//! changes, because a rewrite can expose another (an identity shuffle removed may make
//! its user's operand a constant); a canonical form is a fixed point, so this ends.
//!
//! Before the rounds, `vp` lowers VP intrinsics; in the first round, `patterns`
//! classifies every shuffle when remarks or statistics are asked for.

mod chain;
mod compute;
mod gather;
mod halves;
mod join;
mod lookup;
mod lower;
mod memo;
mod narrow;
mod network;
pub mod options;
mod patterns;
mod pieces;
mod segment;
mod select;
mod select_wide;
mod slp;
mod tables;
mod vp;

use std::ffi::CStr;

use crate::algebra::canon::{self, Canonical, Outcome, Rule, Source};
use crate::algebra::mask::{Mask, Side};
use crate::ffi::{self, RemarkKind, Statistic, Target};
use crate::ir::{self, Function, ShuffleSite};
use crate::pass::options::{Canon, Options, Stage};
use crate::target::{CostKind, ShuffleKind};

/// Rounds per function; a canonical form is reached in two, more is a safeguard.
const MAX_ROUNDS: usize = 4;

static SHUFFLES_SEEN: Statistic = Statistic {
    name: c"NumShuffles",
    desc: c"Number of shufflevectors examined",
};
static POISON_FOLDS: Statistic = Statistic {
    name: c"NumPoisonFolds",
    desc: c"Number of rounds whose shuffles replaced by poison let what reads them fold",
};
static SHUFFLES_CANONICALIZED: Statistic = Statistic {
    name: c"NumCanonicalized",
    desc: c"Number of shufflevectors changed by the canonical form",
};

/// The statistic counting the uses of a canonical-form rule.
fn rule_statistic(rule: Rule) -> Statistic {
    let (name, desc): (&'static CStr, &'static CStr) = match rule {
        Rule::PoisonSelectors => (
            c"NumCanonPoisonSelectors",
            c"Canonical form: selectors into poison made poison lanes",
        ),
        Rule::SplatSelectors => (
            c"NumCanonSplatSelectors",
            c"Canonical form: selectors into a splat pointed at its first lane",
        ),
        Rule::CompleteSplat => (
            c"NumCanonCompleteSplat",
            c"Canonical form: splats with poison elements completed",
        ),
        Rule::DropOperand => (
            c"NumCanonDropOperand",
            c"Canonical form: unread operands replaced by poison",
        ),
        Rule::PoisonMask => (
            c"NumCanonPoisonMask",
            c"Canonical form: shuffles with no defined lane replaced by poison",
        ),
        Rule::UndefSecond => (
            c"NumCanonUndefSecond",
            c"Canonical form: operands swapped to put poison/undef second",
        ),
        Rule::ZeroSecond => (
            c"NumCanonZeroSecond",
            c"Canonical form: operands swapped to put zeroinitializer second",
        ),
        Rule::ConstantSecond => (
            c"NumCanonConstantSecond",
            c"Canonical form: operands swapped to put a constant second",
        ),
        Rule::FirstSelectsFirst => (
            c"NumCanonFirstSelectsFirst",
            c"Canonical form: operands swapped so the first lane reads the first operand",
        ),
        Rule::Identity => (
            c"NumCanonIdentity",
            c"Canonical form: identity shuffles removed",
        ),
    };
    Statistic { name, desc }
}

static BIG_ENDIAN: Statistic = Statistic {
    name: c"NumBigEndianSkipped",
    desc: c"Functions left alone on a big-endian target",
};

/// Runs the pass on `func`. `changed` is set as soon as the IR is modified, so that it is
/// right even if a later round fails.
pub fn run(func: Function, target: &Target, options: &Options, changed: &mut bool) {
    // The lookup functions this pass defines are made to be replaced, not changed.
    if ir::lookup_call::is_lookup_function(func) {
        return;
    }
    // Big-endian targets are left alone: rewrites that read lanes through a bitcast
    // (a byte rotation as `fshr` of words, an interleave with zero as `zext`, chains)
    // take lane 0 for the low bits, which holds on little-endian targets only (on
    // aarch64_be a rotation came out rotated the other way: found by a helper's hunt).
    if func.big_endian() {
        BIG_ENDIAN.add(1);
        return;
    }
    ir::lower::forget_cycles();
    // Vector code made out of scalar code (SLP trees, stores narrowed with packs, table
    // loads offered to the vectorizers) only where the function may use vector
    // registers it was not written with: not under `noimplicitfloat` (kernel code, whose
    // vector registers are the user's), as LLVM's vectorizers.
    let scalar_to_vector = !func.no_implicit_float();
    if options.lookup && (scalar_to_vector || options.stage != Stage::Early) {
        match options.stage {
            // Table loads offered to the vectorizers with vector forms (table instructions).
            Stage::Early => timed(&TIME_LOOKUP, || {
                lookup::offer_table_loads(func, target, target.remarks_enabled(), changed)
            }),
            // What the vectorizers made of them: the load or the table instruction.
            Stage::Late | Stage::All => {
                timed(&TIME_LOOKUP, || lookup::inline_lookup_calls(func, changed))
            }
        }
    }
    // Permuted scalar copies: one vector copy and a shuffle, which the rest then sees.
    if options.slp && scalar_to_vector {
        let remarks = target.remarks_enabled();
        timed(&TIME_SLP, || {
            slp::vectorize_trees(
                func,
                target,
                options.stage,
                options.slp_threshold,
                options.lower_always,
                remarks,
                changed,
            )
        });
    }
    timed(&TIME_ROUNDS, || run_rounds(func, target, options, changed));
    // The rewrites run after the vectorizers only: before them a rewritten shuffle could
    // no longer be composed with its neighbours (InstCombine, the vectorizers' own).
    if options.stage != Stage::Early {
        let (always, remarks) = (options.lower_always, target.remarks_enabled());
        // Chains of shuffles through bitcasts: one shuffle where that compiles shorter
        // (first: the composed shuffle then goes through the lowering and selection).
        if options.chains {
            timed(&TIME_CHAINS, || {
                chain::compose_chains(func, target, always, remarks, changed)
            });
        }
        // Shuffles of lane-wise operations: moved below them, where they compose with
        // the shuffles below (before the networks, which would split the root).
        if options.compute {
            timed(&TIME_COMPUTE, || {
                compute::sink_shuffles(func, target, always, remarks, changed)
            });
        }
        // The loop vectorizer's gathers of neighbouring fields of each record: one
        // segment load (RISC-V V).
        if options.segments {
            timed(&TIME_SEGMENTS, || {
                segment::segment_loads(func, target, remarks, changed)
            });
        }
        // Loads, shuffles and stores of register-sized pieces of two blocks: one wide
        // load, shuffle and store where the target keeps wide vectors in register groups.
        if options.joins {
            timed(&TIME_JOINS, || {
                join::join_groups(func, target, always, remarks, changed)
            });
        }
        // Vectors gathered from scalar loads of one block: its wide load cut into
        // registers is built beside them, for the networks to see, and kept after them
        // where it compiles shorter.
        let mut gathers = Vec::new();
        if options.gathers {
            timed(&TIME_GATHERS, || {
                gathers = gather::prepare(func, target, always)
            });
        }
        // Shuffles wider than a register that permute the index bits: stages of
        // register shuffles (before the lowering and selection, which then see them).
        if options.networks {
            timed(&TIME_NETWORKS, || {
                network::rebuild_networks(func, target, always, remarks, changed)
            });
        }
        if !gathers.is_empty() {
            timed(&TIME_GATHERS, || {
                gather::decide(gathers, target, always, remarks, changed)
            });
        }
        // A wide load only a stored interleave of pieces of it reads: the pieces' loads,
        // which segment stores take whole (after the networks, which take such shuffles
        // on x86 and NEON).
        if options.pieces {
            timed(&TIME_PIECES, || {
                pieces::load_pieces(func, target, always, remarks, changed)
            });
        }
        if options.lower {
            timed(&TIME_LOWER, || {
                lower::lower_shuffles(func, target, always, remarks, changed)
            });
        }
        // Bytes gathered one by one from a small constant table: one table instruction.
        if options.lookup {
            timed(&TIME_LOOKUP, || {
                lookup::lookup_tables(func, target, always, remarks, changed);
                lookup::lookup_register_gathers(func, target, always, remarks, changed);
            });
        }
        // Truncations (stored side by side, or shuffles that keep the low halves):
        // packs where the backend narrows worse.
        if options.narrow {
            timed(&TIME_NARROW, || {
                if !func.no_implicit_float() {
                    narrow::narrow_stores(func, target, always, remarks, changed);
                }
                narrow::narrow_shuffles(func, target, always, remarks, changed);
            });
        }
        // Shuffles of one half of each of two registers, loads: the halves side by side
        // and one shuffle (before the selection, which would take them lane by lane).
        if options.half_loads {
            timed(&TIME_HALVES, || {
                halves::half_loads(func, target, always, remarks, changed)
            });
        }
        // Last: what is left a shuffle gets the cheapest instruction sequence.
        if options.select {
            timed(&TIME_SELECT, || {
                select::select_sequences(func, target, always, remarks, changed);
                if !always {
                    select_wide::select_wide(func, target, remarks, changed);
                }
                // Wider shuffles whose result registers read more than two sources.
                tables::select_tables(func, target, always, remarks, changed);
            });
        }
    }
    if options.break_masks {
        break_masks(func, changed);
    }
}

macro_rules! stage_times {
    ($($name:ident: $stat:literal, $desc:literal;)*) => {
        $(static $name: Statistic = Statistic { name: $stat, desc: $desc };)*
    };
}

stage_times! {
    TIME_SLP: c"MicrosecondsSlp", c"Microseconds in SLP trees (with their measurements)";
    TIME_ROUNDS: c"MicrosecondsCanon", c"Microseconds in VP lowering and canonical form";
    TIME_CHAINS: c"MicrosecondsChains", c"Microseconds in chains (with their measurements)";
    TIME_COMPUTE: c"MicrosecondsCompute", c"Microseconds in shuffles through compute (with their measurements)";
    TIME_SEGMENTS: c"MicrosecondsSegments", c"Microseconds in segment loads";
    TIME_JOINS: c"MicrosecondsJoins", c"Microseconds in joined groups (with their measurements)";
    TIME_GATHERS: c"MicrosecondsGathers", c"Microseconds in gathered loads (with their measurements)";
    TIME_NETWORKS: c"MicrosecondsNetworks", c"Microseconds in networks (with their measurements)";
    TIME_PIECES: c"MicrosecondsPieces", c"Microseconds in piecewise loads (with their measurements)";
    TIME_HALVES: c"MicrosecondsHalfLoads", c"Microseconds in half loads (with their measurements)";
    TIME_LOWER: c"MicrosecondsLower", c"Microseconds in lowering (with its measurements)";
    TIME_LOOKUP: c"MicrosecondsLookup", c"Microseconds in table lookups";
    TIME_NARROW: c"MicrosecondsNarrow", c"Microseconds in narrowing (with its measurements)";
    TIME_SELECT: c"MicrosecondsSelect", c"Microseconds in selection (with its measurements)";
}

/// Runs one stage, adding its wall time to `stat` under `-stats` (where shuffle-lib
/// spends its compile time, by stage).
fn timed(stat: &Statistic, stage: impl FnOnce()) {
    if !ffi::stats_enabled() {
        return stage();
    }
    let start = std::time::Instant::now();
    stage();
    stat.add(start.elapsed().as_micros() as u64);
}

/// Testing only (`-shuffle-lib-break-masks`): a deliberate miscompile, every mask rotated
/// by one lane (`<a,b,c,d>` becomes `<b,c,d,a>`), so that a harness can show it catches
/// one and that its bisection finds the function.
fn break_masks(func: Function, changed: &mut bool) {
    for site in func.shuffles() {
        let mask = site.shuffle.mask.as_slice();
        if mask.len() < 2 {
            continue;
        }
        let rotated = Mask::new(mask.iter().cycle().skip(1).take(mask.len()).copied());
        ir::set_mask(site.inst, &rotated);
        *changed = true;
    }
}

fn run_rounds(func: Function, target: &Target, options: &Options, changed: &mut bool) {
    let remarks = target.remarks_enabled();
    let classify = remarks || ffi::stats_enabled();
    if options.vp {
        vp::lower_vp(func, target, remarks, changed);
        if options.vp_lift && target.has_active_vector_length() {
            vp::lift_to_vp(func, target, remarks, changed);
        }
    }
    for round in 0..MAX_ROUNDS {
        let sites = func.shuffles();
        if round == 0 {
            SHUFFLES_SEEN.add(sites.len() as u64);
            if classify {
                patterns::report_patterns(target, &sites, remarks);
            }
        }
        if options.canon == Canon::Off {
            return;
        }
        let (plans, skipped) = plan(&sites, options, target);
        if round == 0 && remarks {
            for (site, rejected) in &skipped {
                report_rejected(target, site, rejected);
            }
        }
        if plans.is_empty() {
            return;
        }
        let mut poisoned = false;
        for (site, canonical) in &plans {
            // Before applying: the instruction may be erased.
            if remarks {
                report_canonical(target, site, canonical);
            }
            if !ir::apply_canonical(site.inst, &canonical.outcome) {
                continue;
            }
            *changed = true;
            poisoned |= canonical.outcome == Outcome::Replace(Source::Poison);
            SHUFFLES_CANONICALIZED.add(1);
            for &rule in &canonical.rules {
                rule_statistic(rule).add(1);
            }
        }
        // What reads the poison may fold too (the next round sees the shuffles left).
        if poisoned && ir::fold_poison_readers(func) {
            POISON_FOLDS.add(1);
        }
    }
}

/// A canonical rewrite the cost model turned down: the mask it would have written and
/// the costs of both masks.
struct Rejected {
    mask: Mask,
    old: Option<i64>,
    new: Option<i64>,
    /// Why it was not applied whatever the costs, if so.
    fence: Option<&'static str>,
}

/// Whether `mask` takes each lane from the same lane of either operand of `lanes`
/// lanes (a select: a blend on every target), poison lanes aside.
fn is_select(mask: &[i32], lanes: usize) -> bool {
    mask.len() == lanes && (mask.iter().enumerate()).all(|(i, &m)| m < 0 || m as usize % lanes == i)
}

type Plans<'a> = (
    Vec<(&'a ShuffleSite, Canonical)>,
    Vec<(&'a ShuffleSite, Rejected)>,
);

/// Decides the canonical form of every shuffle: the rewrites to apply, and the ones the
/// cost model turned down (for a missed remark).
fn plan<'a>(sites: &'a [ShuffleSite], options: &Options, target: &Target) -> Plans<'a> {
    if options.inject_panic {
        panic!("shuffle-lib: panic injected by the inject-panic parameter");
    }
    let mut apply = Vec::new();
    let mut skipped = Vec::new();
    for site in sites {
        let canonical = canon::canonicalize(&site.shuffle);
        match worth_applying(site, &canonical, options, target) {
            Ok(()) => apply.push((site, canonical)),
            Err(Some(why)) => skipped.push((site, why)),
            Err(None) => {}
        }
    }
    (apply, skipped)
}

/// Whether to write the canonical form into the IR. Replacements remove an instruction;
/// other rewrites must not make the shuffle dearer: backends match masks, and a form
/// that is canonical for recognition can hide one they know (AArch64 turns the
/// interleave with zero `<0,16,1,17,..>` into `st2`, but not `<0,16,1,16,..>`).
fn worth_applying(
    site: &ShuffleSite,
    canonical: &Canonical,
    options: &Options,
    target: &Target,
) -> Result<(), Option<Rejected>> {
    let Outcome::Rewrite { mask, .. } = &canonical.outcome else {
        return match canonical.outcome {
            Outcome::Unchanged => Err(None),
            _ => Ok(()),
        };
    };
    if options.canon == Canon::Always {
        return Ok(());
    }
    // Poison lanes and unread operands only remove dependences.
    let harmless = canonical
        .rules
        .iter()
        .all(|r| matches!(r, Rule::PoisonSelectors | Rule::DropOperand));
    // Lanes of a splat read from its first lane, in a shuffle wider than a register:
    // TTI prices it split into registers, where a piece reading one lane of a zero
    // vector is a splat to it (cheap) and one reading several a permute, while `llc`
    // lowers the pieces alike or worse (`scripts/sample_sweep.py`, neoverse-n1 `<8 x
    // i32>` with zero: `<10,15,10,12,15,14,1,2>` 3 instructions, `<8,8,8,8,8,8,1,2>` 5).
    let splats_only = canonical.rules.contains(&Rule::SplatSelectors)
        && canonical
            .rules
            .iter()
            .all(|r| matches!(r, Rule::SplatSelectors | Rule::PoisonSelectors));
    let register_bits = u64::from(target.vector_register_bits());
    let lanes = site.shuffle.mask.len().max(site.shuffle.source_lanes) as u64;
    let bits = site.source_ty.element_bits().map_or(0, u64::from) * lanes;
    let wide_splats = splats_only && register_bits > 0 && bits > register_bits;
    // A select stays one: lanes of a splat pointed at its first lane made one a
    // two-source permute, which TTI priced per register as cheap and `llc` did not
    // (neoverse-n1, a `<64 x i16>` select with a splat constant with poison elements,
    // where `CompleteSplat` kept the guard above from applying: 40 instructions → 67;
    // found by a helper's hunt).
    let lanes = site.shuffle.source_lanes;
    let breaks_select =
        is_select(site.shuffle.mask.as_slice(), lanes) && !is_select(mask.as_slice(), lanes);
    // Lanes that fill no register of their own (`<7 x i32>`): the backend pads them,
    // and what it emits follows from the lanes read after it, which TTI's price of the
    // shuffle alone does not see (neoverse-n1, splat selectors on a 7-lane shuffle whose
    // lanes are extracted: 42 instructions → 63; found by a helper's hunt).
    let fills_registers = site.shuffle.mask.len().is_power_of_two() && lanes.is_power_of_two();
    let odd = !harmless && !fills_registers;
    let old = shuffle_cost(target, site, &site.shuffle.mask);
    let new = shuffle_cost(target, site, mask);
    let fence = if wide_splats {
        Some("splats read from their first lane, wider than a register")
    } else if breaks_select {
        Some("a select no more")
    } else if odd {
        Some("lanes that fill no register")
    } else {
        None
    };
    if fence.is_some() {
        return Err(Some(Rejected {
            mask: mask.clone(),
            old,
            new,
            fence,
        }));
    }
    match (old, new) {
        (Some(old), Some(new)) if new < old || (new == old && harmless) => Ok(()),
        (None, Some(_)) => Ok(()),
        (_, None) if harmless => Ok(()),
        // The message is built only if a remark is asked for (formatting masks is dear).
        (old, new) => Err(Some(Rejected {
            mask: mask.clone(),
            old,
            new,
            fence: None,
        })),
    }
}

fn report_rejected(target: &Target, site: &ShuffleSite, rejected: &Rejected) {
    let show = |c: Option<i64>| c.map_or("invalid".to_string(), |c| c.to_string());
    let fence = rejected
        .fence
        .map_or(String::new(), |why| format!(" ({why}: not applied)"));
    let message = format!(
        "canonical form not applied: mask {} costs {}, {} would cost {}{fence}",
        site.shuffle.mask,
        show(rejected.old),
        rejected.mask,
        show(rejected.new)
    );
    target.remark(RemarkKind::Missed, c"Canonicalize", site.inst, &message);
}

/// TTI's cost of a shuffle of `site`'s types with `mask`.
fn shuffle_cost(target: &Target, site: &ShuffleSite, mask: &Mask) -> Option<i64> {
    let n = site.shuffle.source_lanes;
    let kind = if mask.reads(Side::Second, n) {
        ShuffleKind::PermuteTwoSrc
    } else {
        ShuffleKind::PermuteSingleSrc
    };
    target.shuffle_cost(
        kind,
        site.inst.ty(),
        site.source_ty,
        mask,
        CostKind::RecipThroughput,
    )
}

fn report_canonical(target: &Target, site: &ShuffleSite, canonical: &Canonical) {
    let rules: Vec<&str> = canonical.rules.iter().map(|r| r.name()).collect();
    let what = match &canonical.outcome {
        Outcome::Unchanged => return,
        Outcome::Replace(Source::Poison) => "replaced the shuffle by poison".to_string(),
        Outcome::Replace(_) => "removed the shuffle, its result is an operand".to_string(),
        Outcome::Rewrite { mask, .. } => format!("mask {} became {mask}", site.shuffle.mask),
    };
    let message = format!("canonical form ({}): {what}", rules.join(", "));
    target.remark(RemarkKind::Passed, c"Canonicalize", site.inst, &message);
}
