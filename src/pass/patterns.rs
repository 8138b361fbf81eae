//! The pass's classification: every shuffle's pattern, for remarks and statistics.

use std::ffi::CStr;

use crate::algebra::pattern::{Pattern, Recognized, View};
use crate::algebra::signature;
use crate::ffi::{RemarkKind, Statistic, Target};
use crate::ir::ShuffleSite;
use crate::target::CostKind;

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

/// Each shuffle's pattern: a statistic, and an analysis remark with the pattern and
/// the cost the target's model gives the shuffle.
pub fn report_patterns(target: &Target, sites: &[ShuffleSite], remarks: bool) {
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
