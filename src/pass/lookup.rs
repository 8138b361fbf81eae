//! Table lookups (`crate::lower::lookup`): vectors gathered byte by byte from a small
//! constant table become one `pshufb`/`vpshufb`/`tbl` (x86: up to four, and `select`s,
//! for tables up to 64 bytes) where TTI prices that cheaper than the gather (always, so
//! far: a few instructions against three per lane), and only where every index is
//! proved to stay inside the table.

use crate::ffi::{Emitted, Probe, RemarkKind, Statistic, Target};
use crate::ir::{self, Function, Inst};
use crate::lower::lookup;
use crate::target::insn::{level, level_has};
use crate::target::{Arch, CostKind};

static TABLES_LOOKED_UP: Statistic = Statistic {
    name: c"NumTableLookups",
    desc: c"Byte gathers from a constant table replaced by a table-lookup instruction",
};

/// Which features of the table instructions (`lookup::TABLE_INSNS`) the target has:
/// x86 by its level, AArch64 NEON; `None` where it has none of them.
fn table_features(target: &Target) -> Option<impl Fn(&str) -> bool + Copy> {
    let desc = target.desc();
    let arch = desc.arch();
    let level = level(&desc)?;
    Some(move |feature: &str| match arch {
        Arch::X86_64 => level_has(level, feature),
        Arch::AArch64 => feature == "neon",
        _ => false,
    })
}

/// Replaces every table gather of `func` a table instruction of the target does, where
/// TTI rates it strictly cheaper; with `always` (testing), whatever TTI says.
pub fn lookup_tables(
    func: Function,
    target: &Target,
    always: bool,
    remarks: bool,
    changed: &mut bool,
) {
    let Some(has) = table_features(target) else {
        return;
    };
    for gather in ir::lookup::table_gathers(func) {
        let Some(max_index) = gather.max_index else {
            continue;
        };
        let Some(plan) = lookup::plan(&gather.table, max_index, gather.lanes, has) else {
            continue;
        };
        let before: Option<i64> = gather
            .parts
            .iter()
            .map(|&p| target.instruction_cost(p, CostKind::RecipThroughput))
            .sum();
        let Some(built) = ir::lookup::build_lookup(&gather, &plan) else {
            continue;
        };
        // The table instructions and the selects between them.
        let after: Option<i64> = built
            .instructions()
            .into_iter()
            .map(|i| target.instruction_cost(i, CostKind::RecipThroughput))
            .sum();
        let cheaper = matches!((before, after), (Some(b), Some(a)) if a < b);
        if !always && !cheaper {
            ir::lower::discard(built);
            continue;
        }
        if remarks {
            let show = |c: Option<i64>| c.map_or("?".to_string(), |c| c.to_string());
            let parts = match plan.tables.len() {
                1 => String::new(),
                n => format!(" × {n} and selects"),
            };
            let message = format!(
                "table lookup: {} bytes gathered from a {}-byte table (cost {}) became {}{parts} \
                 (cost {})",
                gather.lanes,
                gather.table.len(),
                show(before),
                plan.insn.name,
                show(after)
            );
            target.remark(RemarkKind::Passed, c"Lookup", gather.root, &message);
        }
        ir::lookup::replace_gather(&gather, built);
        *changed = true;
        TABLES_LOOKED_UP.add(1);
    }
}

static REGISTER_GATHERS: Statistic = Statistic {
    name: c"NumRegisterTableLookups",
    desc: c"Scalable byte gathers from a constant table replaced by vrgather.vv",
};

/// RISC-V V: replaces every `vp.gather`/`masked.gather` of bytes from a constant table
/// of `func` (`ir::lookup::RegisterGather`) whose indices are proved inside the table
/// and whose table fits the vector's fewest lanes by one `vrgather.vv` from the table
/// in a register, where what the backend emits weighs strictly less (with `always`,
/// whatever it weighs). Measured, not priced: TTI rates the intrinsic 1 whatever the CPU,
/// and the CPUs differ most here (the scheduling models: sifive-x280 `vrgather.vv` one
/// element a cycle, no faster than its indexed loads; spacemit-x60 and sifive-p670
/// 1.6 and 2.2 times faster). The table's load is left out in a loop: the backend
/// hoists it.
pub fn lookup_register_gathers(
    func: Function,
    target: &Target,
    always: bool,
    remarks: bool,
    changed: &mut bool,
) {
    if level(&target.desc()) != Some(lookup::REGISTER_GATHER.feature) {
        return;
    }
    for gather in ir::lookup::register_gathers(func) {
        let Some(max_index) = gather.max_index else {
            continue;
        };
        let Some(table) = lookup::plan_in_register(&gather.table, max_index, gather.min_lanes)
        else {
            continue;
        };
        let Some(built) = ir::lookup::build_register_lookup(&gather, &table) else {
            continue;
        };
        let inputs = gather.inputs();
        let count_constants = !ir::lower::in_cycle(gather.root);
        // Both in one compilation.
        let probe = |result: Inst| Probe {
            result: result.into(),
            inputs: inputs.iter().map(|&v| v.into()).collect(),
            count_constant_loads: count_constants,
        };
        let measured = target.emitted_batch(&[probe(gather.root), probe(built.result)]);
        let (before, after) = (measured[0], measured[1]);
        let cheaper = matches!((before, after), (Some(b), Some(a)) if a.cheaper_than(b));
        if !always && !cheaper {
            ir::lower::discard(built);
            continue;
        }
        if remarks {
            let show = |e: Option<Emitted>| e.map_or("?".to_string(), |e| e.to_string());
            let message = format!(
                "table lookup: bytes gathered from a {}-byte table (llc {}) became {} from \
                 the table in a register (llc {})",
                gather.table.len(),
                show(before),
                lookup::REGISTER_GATHER.name,
                show(after)
            );
            target.remark(RemarkKind::Passed, c"Lookup", gather.root, &message);
        }
        ir::lookup::replace_register_gather(&gather, built);
        *changed = true;
        REGISTER_GATHERS.add(1);
    }
}

static TABLE_LOADS_OFFERED: Statistic = Statistic {
    name: c"NumTableLoadsOffered",
    desc: c"Byte loads from a constant table offered to the vectorizers with vector forms",
};
static LOOKUP_CALLS_INLINED: Statistic = Statistic {
    name: c"NumLookupCallsInlined",
    desc: c"Calls of lookup functions replaced by their load or table instruction",
};

/// Before the vectorizers: every byte load of `func` from a constant table whose index
/// is proved inside it becomes a call of a lookup function whose vector forms (a table
/// instruction at each lane count the target has one for) the vectorizers may use
/// (`crate::ir::lookup_call`). It changes no cost by itself: where nothing is
/// vectorized, the late instance puts the load back as it was.
pub fn offer_table_loads(func: Function, target: &Target, remarks: bool, changed: &mut bool) {
    let Some(has) = table_features(target) else {
        return;
    };
    for load in ir::lookup_call::table_loads(func) {
        let lanes = lookup::vector_forms(&load.table, load.max_index, has);
        let forms: Vec<lookup::Lookup> = lanes
            .iter()
            .filter_map(|&n| lookup::plan(&load.table, load.max_index, n, has))
            .collect();
        if forms.is_empty() {
            continue;
        }
        let Some(call) = ir::lookup_call::replace_with_call(&load, &forms) else {
            continue;
        };
        if remarks {
            let shown: Vec<String> = forms
                .iter()
                .map(|f| format!("{} × {}", f.insn.lanes, f.insn.name))
                .collect();
            let message = format!(
                "table load: a byte of the {}-byte table @{} (index at most {}) offered to the \
                 vectorizers with vector forms {}",
                load.table.len(),
                load.table_name,
                load.max_index,
                shown.join(", ")
            );
            target.remark(RemarkKind::Passed, c"LookupOffered", call, &message);
        }
        *changed = true;
        TABLE_LOADS_OFFERED.add(1);
    }
}

/// After the vectorizers: every call of a lookup function becomes the function's body:
/// the table load where the code stayed scalar, the table instruction where it was
/// vectorized.
pub fn inline_lookup_calls(func: Function, changed: &mut bool) {
    for call in ir::lookup_call::lookup_calls(func) {
        if ir::lookup_call::inline_lookup_call(call) {
            *changed = true;
            LOOKUP_CALLS_INLINED.add(1);
        }
    }
}
