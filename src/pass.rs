//! The pass over one function: read, decide, then change.
//!
//! Each round reads every shuffle into its pure description, plans all decisions, and
//! only then applies them, so a failure while planning (a caught panic) leaves the IR as
//! the previous round left it: valid, never half-rewritten. Rounds repeat until nothing
//! changes, because a rewrite can expose another (an identity shuffle removed may make
//! its user's operand a constant); a canonical form is a fixed point, so this ends.

use std::ffi::CStr;

use crate::canon::{self, Canonical, Outcome, Rule, Source};
use crate::ffi::{self, RemarkKind, Statistic, Target};
use crate::ir::{self, Function, ShuffleSite};
use crate::mask::{Mask, Side};
use crate::options::{Canon, Options};
use crate::pattern::{Pattern, Recognized, View};
use crate::signature;
use crate::target::{CostKind, ShuffleKind};
use crate::vp::{self, Plan};

/// Rounds per function; a canonical form is reached in two, more is a safeguard.
const MAX_ROUNDS: usize = 4;

static SHUFFLES_SEEN: Statistic = Statistic {
    name: c"NumShuffles",
    desc: c"Number of shufflevectors examined",
};
static SHUFFLES_CANONICALIZED: Statistic = Statistic {
    name: c"NumCanonicalized",
    desc: c"Number of shufflevectors changed by the canonical form",
};

static VP_LOWERED: Statistic = Statistic {
    name: c"NumVPLowered",
    desc: c"VP intrinsics replaced by plain or masked IR",
};
static VP_KEPT: Statistic = Statistic {
    name: c"NumVPKept",
    desc: c"VP intrinsics kept (the target has EVL)",
};

static SHUFFLES_IN_LANES: Statistic = Statistic {
    name: c"NumPatternInLanes",
    desc: c"Shuffles whose pattern holds within lanes",
};

/// The statistic counting the shuffles recognised as `pattern`.
fn pattern_statistic(pattern: &Pattern) -> Statistic {
    let (name, desc): (&'static CStr, &'static CStr) = match pattern {
        Pattern::Undefined => (c"NumPatternUndefined", c"Shuffles: undefined"),
        Pattern::Zero => (c"NumPatternZero", c"Shuffles: zero"),
        Pattern::Identity => (c"NumPatternIdentity", c"Shuffles: identity"),
        Pattern::Broadcast { .. } => (c"NumPatternBroadcast", c"Shuffles: broadcast"),
        Pattern::Reverse => (c"NumPatternReverse", c"Shuffles: reverse"),
        Pattern::Rotate { .. } => (c"NumPatternRotate", c"Shuffles: rotate"),
        Pattern::ShiftDown { .. } => (c"NumPatternShiftDown", c"Shuffles: shift down, zero fill"),
        Pattern::ShiftUp { .. } => (c"NumPatternShiftUp", c"Shuffles: shift up, zero fill"),
        Pattern::ZeroExtend { .. } => (c"NumPatternZeroExtend", c"Shuffles: zero-extend"),
        Pattern::Truncate { .. } => (c"NumPatternTruncate", c"Shuffles: truncate"),
        Pattern::Interleave { .. } => (c"NumPatternInterleave", c"Shuffles: interleave"),
        Pattern::Deinterleave { .. } => (c"NumPatternDeinterleave", c"Shuffles: deinterleave"),
        Pattern::Blend { .. } => (c"NumPatternBlend", c"Shuffles: blend"),
        Pattern::Compress { .. } => (c"NumPatternCompress", c"Shuffles: compress"),
        Pattern::Expand { .. } => (c"NumPatternExpand", c"Shuffles: expand"),
        Pattern::Concat => (c"NumPatternConcat", c"Shuffles: concat"),
        Pattern::Extract { .. } => (c"NumPatternExtract", c"Shuffles: extract subvector"),
        Pattern::Insert { .. } => (c"NumPatternInsert", c"Shuffles: insert subvector"),
        Pattern::Splice { .. } => (c"NumPatternSplice", c"Shuffles: splice"),
        Pattern::Replicate { .. } => (c"NumPatternReplicate", c"Shuffles: replicate"),
        Pattern::BitPermutation { .. } => (
            c"NumPatternBitPermutation",
            c"Shuffles: index-bit permutation",
        ),
        Pattern::Permute { .. } => (c"NumPatternPermute", c"Shuffles: general permutation"),
    };
    Statistic { name, desc }
}

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

/// Runs the pass on `func`. `changed` is set as soon as the IR is modified, so that it is
/// right even if a later round fails.
pub fn run(func: Function, target: &Target, options: &Options, changed: &mut bool) {
    let remarks = target.remarks_enabled();
    let classify = remarks || ffi::stats_enabled();
    if options.vp {
        lower_vp(func, target, remarks, changed);
        if options.vp_lift && target.has_active_vector_length() {
            lift_to_vp(func, target, remarks, changed);
        }
    }
    for round in 0..MAX_ROUNDS {
        let sites = func.shuffles();
        if round == 0 {
            SHUFFLES_SEEN.add(sites.len() as u64);
            if classify {
                report_patterns(target, &sites, remarks);
            }
        }
        if options.canon == Canon::Off {
            return;
        }
        let (plans, skipped) = plan(&sites, options, target);
        if round == 0 && remarks {
            for (site, why) in &skipped {
                target.remark(RemarkKind::Missed, c"Canonicalize", site.inst, why);
            }
        }
        if plans.is_empty() {
            return;
        }
        for (site, canonical) in &plans {
            // Before applying: the instruction may be erased.
            if remarks {
                report_canonical(target, site, canonical);
            }
            if !ir::apply_canonical(site.inst, &canonical.outcome) {
                continue;
            }
            *changed = true;
            SHUFFLES_CANONICALIZED.add(1);
            for &rule in &canonical.rules {
                rule_statistic(rule).add(1);
            }
        }
    }
}

/// Lowers or canonicalises every VP intrinsic call: plans all, then applies them.
fn lower_vp(func: Function, target: &Target, remarks: bool, changed: &mut bool) {
    let has_evl = target.has_active_vector_length();
    let plans: Vec<_> = func
        .vp_calls()
        .into_iter()
        .map(|site| {
            let keep = has_evl && !vp::UNSELECTABLE_WITH_EVL.contains(&site.name.as_str());
            let plan = vp::plan(site.kind, site.mask, site.evl, keep);
            (site, plan)
        })
        .collect();
    for (site, plan) in plans {
        if remarks {
            let message = match plan {
                Plan::Keep => format!("{} kept: the target has EVL", site.name),
                Plan::PrefixToEvl(k) => {
                    format!(
                        "{}: the mask of the first {k} lanes became the EVL",
                        site.name
                    )
                }
                Plan::Lower(guard) => format!(
                    "{} lowered ({:?} mask, {:?} EVL, guard {guard:?})",
                    site.name, site.mask, site.evl
                ),
                Plan::NoActiveLane(what) => format!("{} has no active lane: {what:?}", site.name),
            };
            target.remark(RemarkKind::Passed, c"LowerVP", site.inst, &message);
        }
        if ir::vp::apply(&site, plan) {
            *changed = true;
            VP_LOWERED.add(1);
        } else {
            if remarks && plan != Plan::Keep {
                let why = format!("{} could not be lowered; kept", site.name);
                target.remark(RemarkKind::Missed, c"LowerVP", site.inst, &why);
            }
            VP_KEPT.add(1);
        }
    }
}

static VP_LIFTED: Statistic = Statistic {
    name: c"NumVPLifted",
    desc: c"Masked loads and stores under an active-lane mask lifted to VP",
};

/// On a target with EVL: masked loads and stores under `get.active.lane.mask(0, n)`
/// become VP calls with EVL `n` (seed 002's lifting), which such targets execute with
/// the vector length set instead of a computed mask.
fn lift_to_vp(func: Function, target: &Target, remarks: bool, changed: &mut bool) {
    for site in func.liftable() {
        if remarks {
            let message = "masked memory access under an active-lane mask lifted to VP";
            target.remark(RemarkKind::Passed, c"LiftToVP", site.inst, message);
        }
        if ir::vp::lift(&site) {
            *changed = true;
            VP_LIFTED.add(1);
        }
    }
}

type Plans<'a> = (
    Vec<(&'a ShuffleSite, Canonical)>,
    Vec<(&'a ShuffleSite, String)>,
);

/// Decides the canonical form of every shuffle: the rewrites to apply, and the ones the
/// cost model turned down (with the reason, for a missed remark).
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
) -> Result<(), Option<String>> {
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
    let old = shuffle_cost(target, site, &site.shuffle.mask);
    let new = shuffle_cost(target, site, mask);
    match (old, new) {
        (Some(old), Some(new)) if new < old || (new == old && harmless) => Ok(()),
        (None, Some(_)) => Ok(()),
        (_, None) if harmless => Ok(()),
        (old, new) => {
            let show = |c: Option<i64>| c.map_or("invalid".to_string(), |c| c.to_string());
            Err(Some(format!(
                "canonical form not applied: mask {} costs {}, {mask} would cost {}",
                site.shuffle.mask,
                show(old),
                show(new)
            )))
        }
    }
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

/// Each shuffle's pattern: a statistic, and an analysis remark with the pattern and
/// the cost the target's model gives the shuffle.
fn report_patterns(target: &Target, sites: &[ShuffleSite], remarks: bool) {
    for site in sites {
        let recognized: Recognized = signature::recognize(&View::of(&site.shuffle));
        pattern_statistic(&recognized.pattern).add(1);
        if recognized.lane_width.is_some() {
            SHUFFLES_IN_LANES.add(1);
        }
        if !remarks {
            continue;
        }
        let ty = site.inst.ty();
        let cost = target
            .instruction_cost(site.inst, CostKind::RecipThroughput)
            .map_or("invalid".to_string(), |c| c.to_string());
        let message = format!(
            "shufflevector {} of {ty}: {} [{}]; cost {cost} (reciprocal throughput)",
            site.shuffle.mask,
            recognized.describe(ty.element_bits()),
            recognized.name(),
        );
        target.remark(RemarkKind::Analysis, c"ShufflePattern", site.inst, &message);
    }
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
