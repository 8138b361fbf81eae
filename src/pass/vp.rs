//! The pass's VP part: lowering and canonicalising `llvm.vp.*` calls (decisions in
//! `crate::vp`, IR in `crate::ir::vp`), and lifting masked memory accesses to VP.

use crate::ffi::{RemarkKind, Statistic, Target};
use crate::ir::{self, Function};
use crate::vp::{self, Plan};

static VP_LOWERED: Statistic = Statistic {
    name: c"NumVPLowered",
    desc: c"VP intrinsics replaced by plain or masked IR",
};
static VP_KEPT: Statistic = Statistic {
    name: c"NumVPKept",
    desc: c"VP intrinsics kept (the target has EVL)",
};

/// Lowers or canonicalises every VP intrinsic call: plans all, then applies them.
pub fn lower_vp(func: Function, target: &Target, remarks: bool, changed: &mut bool) {
    let has_evl = target.has_active_vector_length();
    let mut plans = Vec::new();
    for site in func.vp_calls() {
        // Element types LangRef does not define the intrinsic on: no plain form exists.
        if !vp::types_fit(&site.name, site.elems) {
            if remarks {
                let why = format!("{} on element types it is not defined on; kept", site.name);
                target.remark(RemarkKind::Missed, c"LowerVP", site.inst, &why);
            }
            VP_KEPT.add(1);
            continue;
        }
        let keep = has_evl && vp::keep_with_evl(&site.name, site.lanes, site.elems);
        let plan = vp::plan(site.kind, site.mask, site.evl, keep);
        plans.push((site, plan));
    }
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
pub fn lift_to_vp(func: Function, target: &Target, remarks: bool, changed: &mut bool) {
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
