//! Segment loads on RISC-V V: gathers of neighbouring fields of each element's record
//! read as one indexed segment load.
//!
//! The loop vectorizer on RISC-V V reads a record of more than 8 fields per iteration
//! (its interleave groups stop at 8) with one `vp.gather` per field, each from the same
//! vector of record addresses plus the field's offset; the backend makes each a strided
//! load (`vlse8`, 16 cycles for 16 elements on sifive-x280). Fields next to each other
//! are one indexed segment load (`vluxseg8ei64`: up to 8 fields an element, 8 cycles
//! there by the scheduling model):
//!
//! ```text
//! %r  = getelementptr i8, ptr %p, <vscale x 2 x i64> %idx     ; each record
//! %f1 = getelementptr i8, <vscale x 2 x ptr> %r, i64 1         ; field 1 ...
//! %x0 = call @llvm.vp.gather(<vscale x 2 x ptr> %r, splat (i1 true), i32 %evl)
//! %x1 = call @llvm.vp.gather(<vscale x 2 x ptr> %f1, ...)       ; ... fields 0..7
//! =>
//! %t  = call @llvm.riscv.vluxseg8(poison, ptr %p, <vscale x 2 x i64> %idx, i64 %evl, 3)
//! %x0 = call @llvm.riscv.tuple.extract(%t, 0) ...
//! ```
//!
//! A run is taken only where the gathers read the same records (one base, one index
//! vector), with all lanes on (a splat of true), the same vector length, elements of 8
//! to 64 bits aligned to their size, fields next to each other, nothing that may write
//! memory between the first and the last of them (the segment load takes the first
//! one's place), and the register groups within the instruction's limits (fields ×
//! group ≤ 8, the index group ≤ 8). Lanes past the vector length are poison in the
//! gathers and undefined in the segment load.

use std::collections::HashMap;

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMTypeKind;

use super::{build_intrinsic_call, touches_memory, Function, Inst};

/// Fields of one segment, at most (the instruction's limit).
const MAX_FIELDS: usize = 8;

/// A run of gathers of neighbouring fields, and where they read from.
pub struct Run {
    /// The gathers, field by field.
    pub gathers: Vec<Inst>,
    base: LLVMValueRef,
    index: LLVMValueRef,
    /// Byte offset of the first field.
    first: i64,
    evl: LLVMValueRef,
    /// Bits of a field.
    bits: u32,
}

/// One gather as read: (base, index vector, mask, vector length, element type) and its
/// field's byte offset.
struct Gather {
    call: LLVMValueRef,
    key: (
        LLVMValueRef,
        LLVMValueRef,
        LLVMValueRef,
        LLVMValueRef,
        LLVMTypeRef,
    ),
    offset: i64,
    bits: u32,
}

/// Whether `mask` is all `true` (constants are uniqued: the all-ones value itself).
unsafe fn all_on(mask: LLVMValueRef) -> bool {
    LLVMIsConstant(mask) != 0 && mask == LLVMConstAllOnes(LLVMTypeOf(mask))
}

/// The `align` attribute of call argument `k`, if it has one.
unsafe fn param_alignment(call: LLVMValueRef, k: u32) -> Option<u32> {
    let kind = LLVMGetEnumAttributeKindForName(c"align".as_ptr(), 5);
    let attr = LLVMGetCallSiteEnumAttribute(call, k + 1, kind);
    (!attr.is_null()).then(|| LLVMGetEnumAttributeValue(attr) as u32)
}

/// `getelementptr i8, ptr %base, <vscale x N x i64> %index` as (base, index).
unsafe fn records(v: LLVMValueRef) -> Option<(LLVMValueRef, LLVMValueRef)> {
    if LLVMIsAGetElementPtrInst(v).is_null() || LLVMGetNumOperands(v) != 2 {
        return None;
    }
    let bytes = LLVMGetTypeKind(LLVMGetGEPSourceElementType(v))
        == LLVMTypeKind::LLVMIntegerTypeKind
        && LLVMGetIntTypeWidth(LLVMGetGEPSourceElementType(v)) == 8;
    let (base, index) = (LLVMGetOperand(v, 0), LLVMGetOperand(v, 1));
    let scalar_base = LLVMGetTypeKind(LLVMTypeOf(base)) == LLVMTypeKind::LLVMPointerTypeKind;
    let index_ty = LLVMTypeOf(index);
    let wide_index = LLVMGetTypeKind(index_ty) == LLVMTypeKind::LLVMScalableVectorTypeKind
        && LLVMGetTypeKind(LLVMGetElementType(index_ty)) == LLVMTypeKind::LLVMIntegerTypeKind
        && LLVMGetIntTypeWidth(LLVMGetElementType(index_ty)) == 64;
    (bytes && scalar_base && wide_index).then_some((base, index))
}

/// A pointer vector as records plus a constant field offset:
/// `getelementptr i8, <records>, i64 C`, or the records themselves.
unsafe fn field(v: LLVMValueRef) -> Option<(LLVMValueRef, LLVMValueRef, i64)> {
    if let Some((base, index)) = records(v) {
        return Some((base, index, 0));
    }
    if LLVMIsAGetElementPtrInst(v).is_null() || LLVMGetNumOperands(v) != 2 {
        return None;
    }
    let element = LLVMGetGEPSourceElementType(v);
    let bytes = LLVMGetTypeKind(element) == LLVMTypeKind::LLVMIntegerTypeKind
        && LLVMGetIntTypeWidth(element) == 8;
    let c = LLVMGetOperand(v, 1);
    if !bytes || LLVMIsAConstantInt(c).is_null() {
        return None;
    }
    let (base, index) = records(LLVMGetOperand(v, 0))?;
    Some((base, index, LLVMConstIntGetSExtValue(c)))
}

/// `call` as a gather of one field of each record.
unsafe fn gather(call: LLVMValueRef) -> Option<Gather> {
    if super::called_intrinsic(call)? != "llvm.vp.gather" {
        return None;
    }
    let ty = LLVMTypeOf(call);
    if LLVMGetTypeKind(ty) != LLVMTypeKind::LLVMScalableVectorTypeKind {
        return None;
    }
    let element = LLVMGetElementType(ty);
    let bits = match LLVMGetTypeKind(element) {
        LLVMTypeKind::LLVMIntegerTypeKind => LLVMGetIntTypeWidth(element),
        LLVMTypeKind::LLVMFloatTypeKind => 32,
        LLVMTypeKind::LLVMDoubleTypeKind => 64,
        _ => return None,
    };
    if !matches!(bits, 8 | 16 | 32 | 64) {
        return None;
    }
    let (pointers, mask, evl) = (
        LLVMGetOperand(call, 0),
        LLVMGetOperand(call, 1),
        LLVMGetOperand(call, 2),
    );
    if !all_on(mask) {
        return None;
    }
    // Each field aligned to its size (a segment load's elements must be).
    let align = param_alignment(call, 0).unwrap_or(1);
    if align < bits / 8 {
        return None;
    }
    let (base, index, offset) = field(pointers)?;
    Some(Gather {
        call,
        key: (base, index, mask, evl, element),
        offset,
        bits,
    })
}

/// Every run of `func` worth a segment load (two fields or more).
pub fn runs(func: Function) -> Vec<Run> {
    let mut out = Vec::new();
    // SAFETY: walking a live function, reading only.
    unsafe {
        let mut block = LLVMGetFirstBasicBlock(func.0);
        while !block.is_null() {
            out.extend(block_runs(block));
            block = LLVMGetNextBasicBlock(block);
        }
    }
    out
}

unsafe fn block_runs(block: LLVMBasicBlockRef) -> Vec<Run> {
    let mut order: Vec<LLVMValueRef> = Vec::new();
    let mut i = LLVMGetFirstInstruction(block);
    while !i.is_null() {
        order.push(i);
        i = LLVMGetNextInstruction(i);
    }
    let gathers: Vec<Gather> = order.iter().filter_map(|&i| gather(i)).collect();
    if gathers.len() < 2 {
        return Vec::new();
    }
    let position: HashMap<LLVMValueRef, usize> =
        order.iter().enumerate().map(|(k, &v)| (v, k)).collect();
    let mut groups: Vec<Vec<&Gather>> = Vec::new();
    for g in &gathers {
        match groups.iter_mut().find(|group| group[0].key == g.key) {
            Some(group) => group.push(g),
            None => groups.push(vec![g]),
        }
    }
    let mut out = Vec::new();
    for mut group in groups {
        group.sort_by_key(|g| g.offset);
        group.dedup_by_key(|g| g.offset);
        let bytes = i64::from(group[0].bits / 8);
        // Register groups: a field of N elements of `bits` is N * bits / 64 registers
        // (`vscale` counts 64 bits); the index, N * 64 / 64.
        let lanes = LLVMGetVectorSize(LLVMTypeOf(group[0].call)) as usize;
        let registers = (lanes * group[0].bits as usize).div_ceil(64).max(1);
        if lanes > 8 {
            continue;
        }
        let most = MAX_FIELDS.min(8 / registers);
        let mut k = 0;
        while k < group.len() {
            // The longest run of neighbouring fields from here.
            let mut n = 1;
            while k + n < group.len()
                && n < most
                && group[k + n].offset == group[k].offset + n as i64 * bytes
            {
                n += 1;
            }
            // Shorter where something may write memory among them.
            while n >= 2 && !quiet(&group[k..k + n], &order, &position) {
                n -= 1;
            }
            let run = &group[k..k + n];
            if n >= 2 {
                out.push(Run {
                    gathers: run.iter().map(|g| Inst(g.call)).collect(),
                    base: run[0].key.0,
                    index: run[0].key.1,
                    first: run[0].offset,
                    evl: run[0].key.3,
                    bits: run[0].bits,
                });
            }
            k += n;
        }
    }
    out
}

/// Nothing that may write memory between the first and the last gather of `run`.
unsafe fn quiet(
    run: &[&Gather],
    order: &[LLVMValueRef],
    position: &HashMap<LLVMValueRef, usize>,
) -> bool {
    let at: Vec<usize> = run
        .iter()
        .filter_map(|g| position.get(&g.call).copied())
        .collect();
    let (Some(&from), Some(&to)) = (at.iter().min(), at.iter().max()) else {
        return false;
    };
    // (Simple loads only: a load may not move above an atomic or volatile one.)
    order[from..=to].iter().all(|&i| {
        !touches_memory(i)
            || (!LLVMIsALoadInst(i).is_null() && super::simple_access(i))
            || run.iter().any(|g| g.call == i)
            || gather(i).is_some()
    })
}

/// Whether this LLVM has the intrinsics a segment load is built from.
pub fn available() -> bool {
    let id = |name: &str| {
        // SAFETY: a name and its length.
        unsafe { LLVMLookupIntrinsicID(name.as_ptr() as *const _, name.len()) }
    };
    (2..=MAX_FIELDS).all(|n| id(&format!("llvm.riscv.vluxseg{n}")) != 0)
        && id("llvm.riscv.tuple.extract") != 0
}

/// Replaces the run's gathers by one segment load before the first of them, each by
/// its field (the intrinsics [`available`]).
pub fn replace(run: &Run) {
    // SAFETY: live gathers of one block; the base, index and vector length are their
    // operands, defined before the first of them.
    unsafe {
        let first = run
            .gathers
            .iter()
            .map(|g| g.raw())
            .min_by_key(|&g| super::position_in_block(g))
            .expect("a run has gathers");
        let ctx = LLVMGetTypeContext(LLVMTypeOf(first));
        let module = LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(first)));
        let builder = LLVMCreateBuilderInContext(ctx);
        LLVMPositionBuilderBefore(builder, first);
        let field_ty = LLVMTypeOf(first);
        let lanes = LLVMGetVectorSize(field_ty);
        let i8t = LLVMInt8TypeInContext(ctx);
        let i64t = LLVMInt64TypeInContext(ctx);
        let part = LLVMScalableVectorType(i8t, lanes * run.bits / 8);
        let mut parts = [part];
        let mut fields = [run.gathers.len() as u32];
        let tuple = LLVMTargetExtTypeInContext(
            ctx,
            c"riscv.vector.tuple".as_ptr(),
            parts.as_mut_ptr(),
            1,
            fields.as_mut_ptr(),
            1,
        );
        let index = match run.first {
            0 => run.index,
            c => {
                let splat = LLVMConstInt(i64t, c as u64, 1);
                let v = LLVMBuildInsertElement(
                    builder,
                    LLVMGetPoison(LLVMTypeOf(run.index)),
                    splat,
                    LLVMConstInt(i64t, 0, 0),
                    c"".as_ptr(),
                );
                let zeros =
                    LLVMConstNull(LLVMScalableVectorType(LLVMInt32TypeInContext(ctx), lanes));
                let v = LLVMBuildShuffleVector(
                    builder,
                    v,
                    LLVMGetPoison(LLVMTypeOf(v)),
                    zeros,
                    c"".as_ptr(),
                );
                LLVMBuildAdd(builder, run.index, v, c"".as_ptr())
            }
        };
        let evl = LLVMBuildZExt(builder, run.evl, i64t, c"".as_ptr());
        let name = format!("llvm.riscv.vluxseg{}", run.gathers.len());
        let mut args = [
            LLVMGetPoison(tuple),
            run.base,
            index,
            evl,
            LLVMConstInt(i64t, u64::from(run.bits.trailing_zeros()), 0),
        ];
        let overload = [tuple, LLVMTypeOf(run.base), LLVMTypeOf(index), i64t];
        let segment =
            build_intrinsic_call(builder, module, &name, &overload, &mut args).expect("available");
        let mut extracted = Vec::new();
        for k in 0..run.gathers.len() {
            let mut args = [
                segment,
                LLVMConstInt(LLVMInt32TypeInContext(ctx), k as u64, 0),
            ];
            let v = build_intrinsic_call(
                builder,
                module,
                "llvm.riscv.tuple.extract",
                &[field_ty, tuple],
                &mut args,
            )
            .expect("available");
            extracted.push(v);
        }
        LLVMDisposeBuilder(builder);
        for (g, v) in run.gathers.iter().zip(extracted) {
            super::take_name(g.raw(), v);
            LLVMReplaceAllUsesWith(g.raw(), v);
            LLVMInstructionEraseFromParent(g.raw());
        }
    }
}
