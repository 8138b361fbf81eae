//! Half loads (`crate::lower::halves`): finds shuffles of two registers that read one
//! half of each, at least one a load only the shuffle reads, and builds the halves side
//! by side (a load of half the width for such a load) and the one-operand shuffle left.
//!
//! A half's load is built right before the load it replaces, so it reads memory as
//! that load did (a store between the load and the shuffle stays after it); it reads
//! part of what that load read, aligned as far as its offset keeps the alignment.

use llvm_sys::core::*;
use llvm_sys::prelude::*;

use super::lower::BuiltSequence;
use super::{build_fence, build_shuffle, Function, Inst, ShuffleSite};
use crate::lower::halves::{halves, Halves};

/// A shuffle whose operands are each read in one half, one of them at least a load
/// only it reads.
pub struct HalfShuffle {
    pub site: ShuffleSite,
    pub halves: Halves,
    /// Per operand, whether it is a load only the shuffle reads (loaded by halves).
    pub loaded: [bool; 2],
}

/// Every such shuffle of `func` whose operands are as wide in all as one of `widths`
/// (bits), in one walk over the function.
pub fn half_shuffles(func: Function, widths: &[u32]) -> Vec<HalfShuffle> {
    // A shuffle with no load operand is passed over before it is read (most are: the
    // scan runs over every function).
    let loaded_operand = |inst: Inst| {
        // SAFETY: a live shufflevector's operands.
        inst.is_shuffle()
            && (0..2).any(|i| unsafe { !LLVMIsALoadInst(LLVMGetOperand(inst.raw(), i)).is_null() })
    };
    func.instructions()
        .filter(|&inst| loaded_operand(inst))
        .filter_map(ShuffleSite::read)
        .filter_map(|site| {
            let lanes = site.shuffle.source_lanes;
            let element_bits = super::lower::element_bits(site.source_ty)?;
            // Elements of more than 64 bits live in general registers (pairs of them
            // for `i128`), where the fence would move them into vector registers: a
            // measurement of the shuffle alone does not see that.
            if element_bits > 64 || !widths.contains(&(element_bits * lanes as u32)) {
                return None;
            }
            // SAFETY: a live shufflevector's operands.
            let (a, b) = unsafe {
                (
                    LLVMGetOperand(site.inst.raw(), 0),
                    LLVMGetOperand(site.inst.raw(), 1),
                )
            };
            // SAFETY: live values.
            let constant = |v| unsafe { LLVMIsConstant(v) != 0 };
            if a == b || constant(a) || constant(b) {
                return None;
            }
            let loaded = super::lower::lone_loads(site.inst);
            // A streaming load stays whole (`vmovntdqa`; its halves would not fold into
            // `vinsertf128`).
            if !loaded.iter().any(|&l| l) || [a, b].into_iter().any(nontemporal) {
                return None;
            }
            let halves = halves(site.shuffle.mask.as_slice(), lanes)?;
            Some(HalfShuffle {
                site,
                halves,
                loaded,
            })
        })
        .collect()
}

/// Whether `v` is an instruction marked `!nontemporal`.
fn nontemporal(v: LLVMValueRef) -> bool {
    // SAFETY: a live value; the kind is looked up in its context.
    unsafe {
        if LLVMIsAInstruction(v).is_null() {
            return false;
        }
        let name = "nontemporal";
        let ctx = LLVMGetTypeContext(LLVMTypeOf(v));
        let kind = LLVMGetMDKindIDInContext(ctx, name.as_ptr() as *const _, name.len() as u32);
        !LLVMGetMetadata(v, kind).is_null()
    }
}

/// Builds the halves side by side and the shuffle of them (the halves' loads before
/// the loads they take from, the rest before the shuffle); `None`, nothing built, where
/// a part cannot be built.
pub fn build(s: &HalfShuffle) -> Option<BuiltSequence> {
    let inst = s.site.inst.raw();
    let lanes = s.site.shuffle.source_lanes;
    // SAFETY: a live shufflevector and its operands; the builder is disposed; on
    // failure what was built is erased, last first.
    unsafe {
        let ctx = LLVMGetTypeContext(LLVMTypeOf(inst));
        let builder = LLVMCreateBuilderInContext(ctx);
        let mut built: Vec<LLVMValueRef> = Vec::new();
        let mut parts = Vec::new();
        for operand in 0..2 {
            let v = LLVMGetOperand(inst, operand as u32);
            let start = s.halves.start(operand, lanes);
            let part = match s.loaded[operand] {
                true => {
                    LLVMPositionBuilderBefore(builder, v);
                    super::load_lanes_noting(builder, v, start, lanes / 2, &mut built)
                }
                false => {
                    LLVMPositionBuilderBefore(builder, inst);
                    let half: Vec<i32> = (start as i32..(start + lanes / 2) as i32).collect();
                    let part = build_shuffle(builder, v, None, &half);
                    built.push(part);
                    Some(part)
                }
            };
            match part {
                Some(p) => parts.push(p),
                None => {
                    LLVMDisposeBuilder(builder);
                    super::lower::erase_built(&built);
                    return None;
                }
            }
        }
        LLVMPositionBuilderBefore(builder, inst);
        let both: Vec<i32> = (0..lanes as i32).collect();
        let side_by_side = build_shuffle(builder, parts[0], Some(parts[1]), &both);
        built.push(side_by_side);
        let identity = s
            .halves
            .mask
            .iter()
            .enumerate()
            .all(|(i, &m)| m < 0 || m as usize == i);
        let result = match identity {
            true => side_by_side,
            false => {
                // The fence keeps the backend from merging the two shuffles back into
                // the one they replace (and lowering it as before).
                let fenced = match build_fence(builder, side_by_side) {
                    Some((fenced, fence)) => {
                        built.extend(fence);
                        fenced
                    }
                    None => side_by_side,
                };
                let r = build_shuffle(builder, fenced, None, &s.halves.mask);
                built.push(r);
                r
            }
        };
        LLVMDisposeBuilder(builder);
        Some(BuiltSequence::new(Inst(result), built))
    }
}

/// Puts `built` in place of the shuffle and erases the loads it replaced.
pub fn replace(s: HalfShuffle, built: BuiltSequence) {
    // SAFETY: a live shufflevector's operands, read before it is erased.
    let loads: Vec<Inst> = (0..2)
        .filter(|&i| s.loaded[i])
        .map(|i| unsafe { Inst(LLVMGetOperand(s.site.inst.raw(), i as u32)) })
        .collect();
    super::lower::replace_with(s.site.inst, built);
    super::erase_unused(&loads);
}
