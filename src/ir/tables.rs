//! Building a shuffle of many registers as byte tables (`crate::lower::tables`): each
//! result register a `tbl` (and `tbx`s) of the operands' 16-byte registers, or a
//! shuffle of the operands restricted to its lanes; the results side by side.

use llvm_sys::core::*;
use llvm_sys::prelude::*;

use super::lower::BuiltSequence;
use super::{build_intrinsic_call, build_shuffle, mask_of, side_by_side, Inst, Type};
use crate::lower::tables::{Part, REGISTER_BYTES};

/// Builds `parts` right before the shufflevector `inst`, whose operands and result are
/// whole numbers of 16-byte registers; `None` (nothing built) where the shapes do not
/// fit or an intrinsic is missing.
pub fn build_tables(inst: Inst, parts: &[Part]) -> Option<BuiltSequence> {
    let raw = inst.raw();
    // SAFETY: `inst` is a live shufflevector; everything is built right before it and
    // erased again on failure.
    unsafe {
        let (a, b) = (LLVMGetOperand(raw, 0), LLVMGetOperand(raw, 1));
        let (ty, result_ty) = (Type(LLVMTypeOf(a)), Type(LLVMTypeOf(raw)));
        let bits = ty.element_bits()?;
        let lanes = ty.fixed_lanes()? as usize;
        let result_lanes = result_ty.fixed_lanes()? as usize;
        let per_register = REGISTER_BYTES * 8 / bits as usize;
        if bits % 8 != 0
            || lanes % per_register != 0
            || result_lanes != parts.len() * per_register
            || !parts.len().is_power_of_two()
        {
            return None;
        }
        let ctx = LLVMGetTypeContext(ty.raw());
        let module = LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(raw)));
        let builder = LLVMCreateBuilderInContext(ctx);
        LLVMPositionBuilderBefore(builder, raw);
        // What was built, each instruction once (the builder folds what reads constants
        // into constants, which are not erased).
        let mut built: Vec<LLVMValueRef> = Vec::new();
        fn note(built: &mut Vec<LLVMValueRef>, v: LLVMValueRef) -> LLVMValueRef {
            // SAFETY: a live value.
            if unsafe { !LLVMIsAInstruction(v).is_null() } && !built.contains(&v) {
                built.push(v);
            }
            v
        }
        let bytes = LLVMVectorType(LLVMInt8TypeInContext(ctx), REGISTER_BYTES as u32);
        let operand_bytes = lanes * bits as usize / 8;
        let part_ty = LLVMVectorType(LLVMGetElementType(ty.raw()), per_register as u32);
        let mask = mask_of(raw);
        // The operands as bytes, and their registers, each built once.
        let mut as_bytes: [Option<LLVMValueRef>; 2] = [None, None];
        let mut registers: Vec<Option<LLVMValueRef>> =
            vec![None; 2 * operand_bytes / REGISTER_BYTES];
        let mut register = |r: usize, built: &mut Vec<LLVMValueRef>| -> LLVMValueRef {
            if let Some(v) = registers[r] {
                return v;
            }
            let side = r * REGISTER_BYTES / operand_bytes;
            let whole = *as_bytes[side].get_or_insert_with(|| {
                let wide = LLVMVectorType(LLVMInt8TypeInContext(ctx), operand_bytes as u32);
                let operand = [a, b][side];
                if LLVMTypeOf(operand) == wide {
                    return operand;
                }
                note(
                    built,
                    LLVMBuildBitCast(builder, operand, wide, c"".as_ptr()),
                )
            });
            let first = (r * REGISTER_BYTES % operand_bytes) as i32;
            let lanes: Vec<i32> = (first..first + REGISTER_BYTES as i32).collect();
            let v = note(built, build_shuffle(builder, whole, None, &lanes));
            registers[r] = Some(v);
            v
        };
        let mut results = Vec::new();
        let mut ok = true;
        for (k, part) in parts.iter().enumerate() {
            let v = match part {
                Part::Shuffle => {
                    let slice = &mask[k * per_register..(k + 1) * per_register];
                    build_shuffle(builder, a, Some(b), slice)
                }
                Part::Tables(lookups) => {
                    let mut kept: Option<LLVMValueRef> = None;
                    for l in lookups {
                        let mut args: Vec<LLVMValueRef> = kept.into_iter().collect();
                        for &r in &l.registers {
                            args.push(register(r, &mut built));
                        }
                        let i8t = LLVMInt8TypeInContext(ctx);
                        let mut index: Vec<LLVMValueRef> = l
                            .index
                            .iter()
                            .map(|&x| LLVMConstInt(i8t, u64::from(x), 0))
                            .collect();
                        args.push(LLVMConstVector(index.as_mut_ptr(), index.len() as u32));
                        let Some(call) = build_intrinsic_call(
                            builder,
                            module,
                            l.insn.intrinsic,
                            &[bytes],
                            &mut args,
                        ) else {
                            ok = false;
                            break;
                        };
                        kept = Some(note(&mut built, call));
                    }
                    match kept {
                        Some(v) if ok => LLVMBuildBitCast(builder, v, part_ty, c"".as_ptr()),
                        _ => {
                            ok = false;
                            break;
                        }
                    }
                }
            };
            results.push(note(&mut built, v));
        }
        let mut join = |x: LLVMValueRef, y: Option<LLVMValueRef>, m: &[i32]| {
            note(&mut built, build_shuffle(builder, x, y, m))
        };
        let result = if ok {
            side_by_side(&mut join, results)
        } else {
            None
        };
        LLVMDisposeBuilder(builder);
        match result {
            Some(v) if LLVMTypeOf(v) == result_ty.raw() && !LLVMIsAInstruction(v).is_null() => {
                Some(BuiltSequence::new(Inst(v), built))
            }
            _ => {
                super::lower::erase_built(&built);
                None
            }
        }
    }
}
