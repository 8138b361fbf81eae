//! Table lookups (`crate::lower::lookup`): vectors gathered byte by byte from a small
//! constant table become one `pshufb`/`vpshufb`/`tbl` (x86: up to four, and `select`s,
//! for tables up to 64 bytes) where TTI prices that cheaper than the gather (always, so
//! far: a few instructions against three per lane), and only where every index is
//! proved to stay inside the table.

use crate::ffi::{RemarkKind, Statistic, Target};
use crate::ir::{self, Function};
use crate::lower::lookup;
use crate::target::insn::{level, level_has};
use crate::target::{Arch, CostKind};

static TABLES_LOOKED_UP: Statistic = Statistic {
    name: c"NumTableLookups",
    desc: c"Byte gathers from a constant table replaced by a table-lookup instruction",
};

/// Replaces every table gather of `func` a table instruction of the target does, where
/// TTI rates it strictly cheaper; with `always` (testing), whatever TTI says.
pub fn lookup_tables(
    func: Function,
    target: &Target,
    always: bool,
    remarks: bool,
    changed: &mut bool,
) {
    let desc = target.desc();
    let arch = desc.arch();
    let Some(level) = level(&desc) else { return };
    let has = |feature: &str| match arch {
        Arch::X86_64 => level_has(level, feature),
        Arch::AArch64 => feature == "neon",
        _ => false,
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
