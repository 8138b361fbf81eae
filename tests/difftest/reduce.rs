//! Delta debugging on the program representation: greedily take the first simpler
//! variant that still fails, until none does (or the budget is spent).

use super::program::{Const, Inst, Operand, Program, Scalar};

/// Checks of a candidate at most (each runs `opt` and `lli` twice).
const BUDGET: usize = 600;

pub fn minimize(p: &Program, mut fails: impl FnMut(&Program) -> bool) -> Program {
    let mut best = p.clone();
    let mut budget = BUDGET;
    'outer: loop {
        for cand in candidates(&best) {
            if budget == 0 {
                break 'outer;
            }
            budget -= 1;
            if fails(&cand) {
                best = cand;
                continue 'outer;
            }
        }
        break;
    }
    best
}

/// Simpler variants of `p`, the biggest simplifications first.
pub fn candidates(p: &Program) -> Vec<Program> {
    let mut out = Vec::new();

    // Return an earlier instruction instead, dropping everything after it.
    for i in 0..p.insts.len() {
        if p.ret != Operand::Inst(i) {
            let mut q = p.clone();
            q.insts.truncate(i + 1);
            q.ret = Operand::Inst(i);
            q.ret_ty = q.insts[i].result_ty();
            out.push(q);
        }
    }

    // Drop an instruction, its uses replaced by an earlier value of the same type
    // (nearest first) or by zeroinitializer.
    for i in (0..p.insts.len()).rev() {
        let ty = p.insts[i].result_ty();
        let mut replacements: Vec<Operand> = (0..i)
            .rev()
            .map(Operand::Inst)
            .chain((0..p.params.len()).map(Operand::Param))
            .filter(|op| p.value_ty(op) == Some(ty))
            .take(3)
            .collect();
        if !p.uses(&Operand::Inst(i)) {
            replacements.truncate(1);
        }
        replacements.push(Operand::Const(Const::Zero));
        for with in replacements {
            let mut q = p.clone();
            q.remove_inst(i, &with);
            out.push(q);
            if !p.uses(&Operand::Inst(i)) {
                break;
            }
        }
    }

    // Drop unused parameters.
    for i in (0..p.params.len()).rev() {
        if !p.uses(&Operand::Param(i)) {
            let mut q = p.clone();
            q.remove_param(i);
            out.push(q);
        }
    }

    // Mask lanes become poison: all, halves, then one by one.
    for (i, inst) in p.insts.iter().enumerate() {
        let Inst::Shuffle { mask, .. } = inst else {
            continue;
        };
        let defined: Vec<usize> = (0..mask.len()).filter(|&k| mask[k].is_some()).collect();
        let mut groups: Vec<Vec<usize>> = vec![defined.clone()];
        if defined.len() > 2 {
            let (lo, hi) = defined.split_at(defined.len() / 2);
            groups.push(lo.to_vec());
            groups.push(hi.to_vec());
        }
        if defined.len() > 1 {
            groups.extend(defined.iter().map(|&k| vec![k]));
        }
        for group in groups.into_iter().filter(|g| !g.is_empty()) {
            let mut q = p.clone();
            if let Inst::Shuffle { mask, .. } = &mut q.insts[i] {
                for k in group {
                    mask[k] = None;
                }
            }
            out.push(q);
        }
    }

    // Operands become zeroinitializer.
    for i in 0..p.insts.len() {
        for k in 0..p.insts[i].operands().len() {
            if *p.insts[i].operands()[k].0 == Operand::Const(Const::Zero) {
                continue;
            }
            let mut q = p.clone();
            *q.insts[i].operands_mut()[k].0 = Operand::Const(Const::Zero);
            out.push(q);
        }
        if let Inst::Insert {
            scalar: Scalar::Extract { .. },
            ..
        } = &p.insts[i]
        {
            let mut q = p.clone();
            if let Inst::Insert { scalar, .. } = &mut q.insts[i] {
                *scalar = Scalar::Const(super::program::Lane::Val(0));
            }
            out.push(q);
        }
    }

    // Arguments become 1, 2, 3, ... (easier to read).
    for i in 0..p.args.len() {
        let mask = p.params[i].elem.int_twin().mask();
        let simple: Vec<u64> = (0..p.args[i].len() as u64)
            .map(|k| (k + 1) & mask)
            .collect();
        if p.args[i] != simple {
            let mut q = p.clone();
            q.args[i] = simple;
            out.push(q);
        }
    }
    out
}
