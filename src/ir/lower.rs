//! Building a lowering recipe (`crate::lower`) in place of a shufflevector.

use llvm_sys::core::*;
use llvm_sys::prelude::*;

use super::{Function, Inst, Type};
use crate::lower::{IntVec, Recipe, Step};

/// The bits of the elements of `ty` if a recipe can work on them: fixed vectors of
/// integers and half/float/double (seen as integers of their width); not pointers.
pub fn element_bits(ty: Type) -> Option<u32> {
    ty.fixed_lanes().and(ty.element_bits())
}

/// Whether a shufflevector reads a shufflevector or is read by one.
pub fn in_shuffle_chain(inst: Inst) -> bool {
    let is_shuffle = |v: LLVMValueRef| {
        // SAFETY: a live value.
        unsafe {
            !LLVMIsAInstruction(v).is_null()
                && LLVMGetInstructionOpcode(v) == llvm_sys::LLVMOpcode::LLVMShuffleVector
        }
    };
    let raw = inst.raw();
    // SAFETY: a live instruction: its operands and its use list.
    unsafe {
        if (0..2).any(|i| is_shuffle(LLVMGetOperand(raw, i))) {
            return true;
        }
        let mut use_ = LLVMGetFirstUse(raw);
        while !use_.is_null() {
            if is_shuffle(LLVMGetUser(use_)) {
                return true;
            }
            use_ = LLVMGetNextUse(use_);
        }
    }
    false
}

/// The other shufflevectors that read operand `side` of the shufflevector `inst`.
pub fn sibling_shuffles(inst: Inst, side: crate::algebra::mask::Side) -> Vec<Inst> {
    let raw = inst.raw();
    let mut out = Vec::new();
    // SAFETY: a live instruction, its operand and that operand's use list.
    unsafe {
        let source = LLVMGetOperand(raw, side.index() as u32);
        let mut use_ = LLVMGetFirstUse(source);
        while !use_.is_null() {
            let user = LLVMGetUser(use_);
            if user != raw
                && !LLVMIsAShuffleVectorInst(user).is_null()
                && !out.iter().any(|i: &Inst| i.raw() == user)
            {
                out.push(Inst(user));
            }
            use_ = LLVMGetNextUse(use_);
        }
    }
    out
}

/// Whether the variable operand of a shufflevector is a load.
pub fn source_is_load(inst: Inst) -> bool {
    // SAFETY: a live instruction's operands.
    unsafe { (0..2).any(|i| !LLVMIsALoadInst(LLVMGetOperand(inst.raw(), i)).is_null()) }
}

impl Function {
    /// The type `<lanes x iN>` in this function's context.
    pub fn int_vector(self, ty: IntVec) -> Type {
        // SAFETY: a live function; types of its context.
        unsafe {
            let ctx = LLVMGetTypeContext(LLVMTypeOf(self.0));
            let elem = LLVMIntTypeInContext(ctx, ty.bits);
            Type(LLVMVectorType(elem, ty.lanes as u32))
        }
    }
}

/// Replaces the shufflevector `inst` by `recipe` on its operand; false if it was left
/// alone (an element type the recipe cannot see as integers).
pub fn apply(inst: Inst, recipe: &Recipe) -> bool {
    let raw = inst.raw();
    // SAFETY: `inst` is a live shufflevector; everything is built right before it.
    unsafe {
        let source = LLVMGetOperand(raw, recipe.source.index() as u32);
        let source_ty = LLVMTypeOf(source);
        let Some(bits) = element_bits(Type(source_ty)) else {
            return false;
        };
        let ctx = LLVMGetTypeContext(source_ty);
        let b = LLVMCreateBuilderInContext(ctx);
        LLVMPositionBuilderBefore(b, raw);
        let int_vec = |t: IntVec| LLVMVectorType(LLVMIntTypeInContext(ctx, t.bits), t.lanes as u32);
        let splat = |t: IntVec, v: u64| {
            let mut elems = vec![LLVMConstInt(LLVMIntTypeInContext(ctx, t.bits), v, 0); t.lanes];
            LLVMConstVector(elems.as_mut_ptr(), t.lanes as u32)
        };
        let call = |name: &str, t: IntVec, args: &mut [LLVMValueRef]| {
            let id = LLVMLookupIntrinsicID(name.as_ptr() as *const _, name.len());
            let mut ty = [int_vec(t)];
            let decl = LLVMGetIntrinsicDeclaration(
                LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(raw))),
                id,
                ty.as_mut_ptr(),
                1,
            );
            let fn_ty = LLVMIntrinsicGetType(ctx, id, ty.as_mut_ptr(), 1);
            LLVMBuildCall2(
                b,
                fn_ty,
                decl,
                args.as_mut_ptr(),
                args.len() as u32,
                c"".as_ptr(),
            )
        };
        let mut ty = IntVec {
            lanes: LLVMGetVectorSize(source_ty) as usize,
            bits,
        };
        let mut v = LLVMBuildBitCast(b, source, int_vec(ty), c"".as_ptr());
        for &step in &recipe.steps {
            let Some(out) = step.output(ty) else {
                // Checked by the pure layer; unreachable, but leave the shuffle (the
                // instructions built so far are dead).
                LLVMDisposeBuilder(b);
                return false;
            };
            v = match step {
                Step::Freeze => LLVMBuildFreeze(b, v, c"".as_ptr()),
                Step::Extract { start, len } => {
                    let i32t = LLVMInt32TypeInContext(ctx);
                    let mut mask: Vec<LLVMValueRef> = (start..start + len)
                        .map(|i| LLVMConstInt(i32t, i as u64, 0))
                        .collect();
                    let mask = LLVMConstVector(mask.as_mut_ptr(), len as u32);
                    let poison = LLVMGetPoison(LLVMTypeOf(v));
                    LLVMBuildShuffleVector(b, v, poison, mask, c"".as_ptr())
                }
                Step::Bitcast { .. } => LLVMBuildBitCast(b, v, int_vec(out), c"".as_ptr()),
                Step::ZeroExtend { .. } => LLVMBuildZExt(b, v, int_vec(out), c"".as_ptr()),
                Step::Truncate { .. } => LLVMBuildTrunc(b, v, int_vec(out), c"".as_ptr()),
                Step::ShiftRight { by } => LLVMBuildLShr(b, v, splat(out, by as u64), c"".as_ptr()),
                Step::ShiftLeft { by } => LLVMBuildShl(b, v, splat(out, by as u64), c"".as_ptr()),
                Step::RotateRight { by } => {
                    call("llvm.fshr", out, &mut [v, v, splat(out, by as u64)])
                }
                Step::ByteSwap => call("llvm.bswap", out, &mut [v]),
            };
            ty = out;
        }
        let result = LLVMBuildBitCast(b, v, LLVMTypeOf(raw), c"".as_ptr());
        LLVMDisposeBuilder(b);
        super::take_name(raw, result);
        LLVMReplaceAllUsesWith(raw, result);
        LLVMInstructionEraseFromParent(raw);
        true
    }
}
