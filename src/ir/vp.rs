//! Reading VP intrinsic calls and building their plain forms (the decisions are
//! `crate::vp`'s).
//!
//! Each lowering keeps the exact set of lanes a memory operation touches: a guarded
//! load or store becomes `llvm.masked.*` with the active lanes as its mask; a strided
//! one a masked gather or scatter; `vp.load.ff` reads only its first lane (as LLVM's
//! own ExpandVectorPredication does) and says so in the returned EVL.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMIntPredicate, LLVMOpcode, LLVMRealPredicate, LLVMTypeKind};

use super::{take_name, Function, Inst};
use crate::ffi::{self, VpInfo};
use crate::vp::selectable::{round_to_int, Adjust};
use crate::vp::{
    self, Elem, Elems, EvlShape, Guard, Inactive, Join, MaskShape, Neutral, Plan, VpKind,
};

/// A VP call the pass can describe.
#[derive(Clone, Debug)]
pub struct VpSite {
    pub inst: Inst,
    /// The intrinsic's name without its type suffixes: `llvm.vp.add`.
    pub name: String,
    pub info: VpInfo,
    pub lanes: usize,
    pub mask: MaskShape,
    pub evl: EvlShape,
    pub kind: VpKind,
    pub elems: Elems,
}

impl Function {
    /// Every call of a VP intrinsic on fixed-width vectors.
    pub fn vp_calls(self) -> Vec<VpSite> {
        self.instructions().filter_map(read_vp).collect()
    }
}

fn read_vp(inst: Inst) -> Option<VpSite> {
    let raw = inst.raw();
    // SAFETY: a live instruction; the shim recognises VP intrinsic calls only.
    unsafe {
        if LLVMIsACallInst(raw).is_null() {
            return None;
        }
        let info = ffi::vp_info(raw)?;
        let mut len = 0;
        let name = LLVMIntrinsicGetName(info.intrinsic_id, &mut len);
        let name = String::from_utf8_lossy(std::slice::from_raw_parts(name as *const u8, len))
            .into_owned();
        let lanes = vector_lanes(raw)?;
        let mask = match info.mask_pos {
            None => MaskShape::Absent,
            Some(p) => {
                vp::mask_shape(constant_bits(LLVMGetOperand(raw, p as u32), lanes).as_deref())
            }
        };
        let evl_value = LLVMGetOperand(raw, info.evl_pos? as u32);
        let evl_const =
            (!LLVMIsAConstantInt(evl_value).is_null()).then(|| LLVMConstIntGetZExtValue(evl_value));
        let evl = vp::evl_shape(evl_const, lanes);
        let writes = info.memory_data_pos.is_some();
        let kind = vp::kind(&name, &info.functional_opcode, info.is_reduction, writes);
        let elems = call_elems(raw, info.mask_pos);
        Some(VpSite {
            inst,
            name,
            info,
            lanes,
            mask,
            evl,
            kind,
            elems,
        })
    }
}

/// The element type of `ty` (of its elements, for a vector).
unsafe fn elem(ty: LLVMTypeRef) -> Elem {
    let scalar = match LLVMGetTypeKind(ty) {
        LLVMTypeKind::LLVMVectorTypeKind => LLVMGetElementType(ty),
        _ => ty,
    };
    match LLVMGetTypeKind(scalar) {
        LLVMTypeKind::LLVMIntegerTypeKind => Elem::Int(LLVMGetIntTypeWidth(scalar)),
        LLVMTypeKind::LLVMHalfTypeKind | LLVMTypeKind::LLVMBFloatTypeKind => Elem::Float(16),
        LLVMTypeKind::LLVMFloatTypeKind => Elem::Float(32),
        LLVMTypeKind::LLVMDoubleTypeKind => Elem::Float(64),
        LLVMTypeKind::LLVMX86_FP80TypeKind => Elem::Float(80),
        LLVMTypeKind::LLVMFP128TypeKind | LLVMTypeKind::LLVMPPC_FP128TypeKind => Elem::Float(128),
        LLVMTypeKind::LLVMPointerTypeKind => Elem::Ptr,
        _ => Elem::Other,
    }
}

/// The result's element type (the data's for `vp.load.ff`) and the first vector
/// operand's other than the mask.
unsafe fn call_elems(call: LLVMValueRef, mask_pos: Option<usize>) -> Elems {
    let ret = LLVMTypeOf(call);
    let result = match LLVMGetTypeKind(ret) {
        LLVMTypeKind::LLVMStructTypeKind => elem(LLVMStructGetTypeAtIndex(ret, 0)),
        LLVMTypeKind::LLVMVoidTypeKind => Elem::Other,
        _ => elem(ret),
    };
    let operand = (0..LLVMGetNumArgOperands(call) as usize)
        .filter(|&i| Some(i) != mask_pos)
        .map(|i| LLVMTypeOf(LLVMGetOperand(call, i as u32)))
        .find(|&ty| LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMVectorTypeKind)
        .map_or(Elem::Other, |ty| elem(ty));
    Elems { result, operand }
}

/// The lane count of the call's vectors; `None` if one is scalable.
unsafe fn vector_lanes(call: LLVMValueRef) -> Option<usize> {
    let mut lanes = None;
    let args = LLVMGetNumArgOperands(call);
    let mut types: Vec<LLVMTypeRef> = (0..args)
        .map(|i| LLVMTypeOf(LLVMGetOperand(call, i)))
        .collect();
    types.push(LLVMTypeOf(call));
    if LLVMGetTypeKind(LLVMTypeOf(call)) == LLVMTypeKind::LLVMStructTypeKind {
        types.push(LLVMStructGetTypeAtIndex(LLVMTypeOf(call), 0));
    }
    for ty in types {
        match LLVMGetTypeKind(ty) {
            LLVMTypeKind::LLVMScalableVectorTypeKind => return None,
            LLVMTypeKind::LLVMVectorTypeKind => lanes = Some(LLVMGetVectorSize(ty) as usize),
            _ => {}
        }
    }
    lanes.filter(|&n| n > 0 && n <= super::MAX_LANES as usize)
}

/// The bits of a constant `<n x i1>`, `None` unless every element is a known bit.
unsafe fn constant_bits(v: LLVMValueRef, lanes: usize) -> Option<Vec<bool>> {
    if LLVMIsConstant(v) == 0 || LLVMIsUndef(v) != 0 || !LLVMIsAConstantExpr(v).is_null() {
        return None;
    }
    (0..lanes)
        .map(|i| {
            let e = LLVMGetAggregateElement(v, i as u32);
            if e.is_null() || LLVMIsAConstantInt(e).is_null() {
                None
            } else {
                Some(LLVMConstIntGetZExtValue(e) != 0)
            }
        })
        .collect()
}

/// Carries out the plan for one VP call; false if it was left alone.
pub fn apply(site: &VpSite, plan: Plan) -> bool {
    // SAFETY: `site.inst` is a live VP call; everything built goes right before it.
    unsafe {
        let call = site.inst.raw();
        let b = Builder::before(call);
        let result = match plan {
            Plan::Keep => return false,
            Plan::PrefixToEvl(k) => {
                let (mask_pos, evl_pos) = match (site.info.mask_pos, site.info.evl_pos) {
                    (Some(m), Some(e)) => (m, e),
                    _ => return false,
                };
                let evl = b.arg(call, evl_pos);
                let capped = match site.evl {
                    EvlShape::Full => b.i32(k as u64),
                    EvlShape::Const(e) => b.i32(e.min(k) as u64),
                    _ => match b.intrinsic("llvm.umin", LLVMTypeOf(evl), &[evl, b.i32(k as u64)]) {
                        Some(v) => v,
                        None => return false,
                    },
                };
                LLVMSetOperand(call, mask_pos as u32, b.all_true(site.lanes));
                LLVMSetOperand(call, evl_pos as u32, capped);
                return true;
            }
            Plan::NoActiveLane(Inactive::Poison) => Some(LLVMGetPoison(LLVMTypeOf(call))),
            Plan::NoActiveLane(Inactive::Erase) => None,
            Plan::NoActiveLane(Inactive::Start) => {
                Some(b.arg(call, site.info.reduction_start_pos.unwrap_or(0)))
            }
            Plan::NoActiveLane(Inactive::FalseOperand) => Some(b.arg(call, 2)),
            Plan::Lower(guard) => match lower(&b, site, guard) {
                Some(Lowered::Value(v)) => Some(v),
                Some(Lowered::Nothing) => None,
                None => return false,
            },
        };
        if let Some(v) = result {
            take_name(call, v);
            LLVMReplaceAllUsesWith(call, v);
        }
        LLVMInstructionEraseFromParent(call);
        true
    }
}

enum Lowered {
    Value(LLVMValueRef),
    /// A store: nothing replaces the call.
    Nothing,
}

unsafe fn lower(b: &Builder, site: &VpSite, guard: Guard) -> Option<Lowered> {
    let call = site.inst.raw();
    let info = &site.info;
    let n = site.lanes;
    let arg = |i: usize| b.arg(call, i);
    let ret_ty = LLVMTypeOf(call);
    // The active lanes, when some may not be.
    let evl = || arg(info.evl_pos.expect("VP calls have an EVL"));
    // Lane-wise operations that cannot trap compute every lane: no guard to build
    // (vp.reverse and vp.splice read EVL themselves).
    let guard = match site.kind {
        VpKind::Lanewise { traps: false } | VpKind::Reverse => Guard::None,
        _ => guard,
    };
    let active = match guard {
        Guard::None => None,
        Guard::Mask => Some(arg(info.mask_pos?)),
        Guard::Evl => Some(b.lanes_below(evl(), n)),
        Guard::Both => Some(b.and(arg(info.mask_pos?), b.lanes_below(evl(), n))),
    };
    let all_or_active = || active.unwrap_or_else(|| b.all_true(n));
    let value = match site.name.as_str() {
        // vp.merge(cond, a, b, evl): lanes at or past EVL take b.
        "llvm.vp.merge" => {
            let cond = match active {
                Some(act) => b.and(arg(0), act),
                None => arg(0),
            };
            b.select_or_blend(cond, arg(1), arg(2), n)
        }
        // vp.select(cond, a, b, evl): lanes past EVL are poison, any value refines.
        "llvm.vp.select" => b.select_or_blend(arg(0), arg(1), arg(2), n),
        "llvm.experimental.vp.reverse" => b.reverse(arg(0), evl(), site.evl, n),
        "llvm.experimental.vp.splice" => b.splice(call, n),
        "llvm.vp.load" => match active {
            None => b.load(ret_ty, arg(0), info.alignment),
            Some(act) => b.masked(
                "llvm.masked.load",
                ret_ty,
                &[arg(0), act, b.poison(ret_ty)],
                0,
                info.alignment,
            )?,
        },
        "llvm.vp.store" => {
            match active {
                None => b.store(arg(0), arg(1), info.alignment),
                Some(act) => {
                    b.masked(
                        "llvm.masked.store",
                        b.void(),
                        &[arg(0), arg(1), act],
                        1,
                        info.alignment,
                    )?;
                }
            }
            return Some(Lowered::Nothing);
        }
        "llvm.vp.gather" => b.masked(
            "llvm.masked.gather",
            ret_ty,
            &[arg(0), all_or_active(), b.poison(ret_ty)],
            0,
            info.alignment,
        )?,
        "llvm.vp.scatter" => {
            b.masked(
                "llvm.masked.scatter",
                b.void(),
                &[arg(0), arg(1), all_or_active()],
                1,
                info.alignment,
            )?;
            return Some(Lowered::Nothing);
        }
        "llvm.experimental.vp.strided.load" => {
            let ptrs = b.strided_pointers(arg(0), arg(1), n);
            b.masked(
                "llvm.masked.gather",
                ret_ty,
                &[ptrs, all_or_active(), b.poison(ret_ty)],
                0,
                info.alignment,
            )?
        }
        "llvm.experimental.vp.strided.store" => {
            let ptrs = b.strided_pointers(arg(1), arg(2), n);
            b.masked(
                "llvm.masked.scatter",
                b.void(),
                &[arg(0), ptrs, all_or_active()],
                1,
                info.alignment,
            )?;
            return Some(Lowered::Nothing);
        }
        "llvm.vp.load.ff" => {
            // Only the first lane is read: no lane past the first may fault.
            let first = b.first_lane_only(n);
            let act = b.and(all_or_active(), first);
            let data_ty = LLVMStructGetTypeAtIndex(ret_ty, 0);
            let data = b.masked(
                "llvm.masked.load",
                data_ty,
                &[arg(0), act, b.poison(data_ty)],
                0,
                info.alignment,
            )?;
            let evl_ty = LLVMStructGetTypeAtIndex(ret_ty, 1);
            let is_zero = b.icmp(
                LLVMIntPredicate::LLVMIntEQ,
                evl(),
                LLVMConstInt(evl_ty, 0, 0),
            );
            let loaded = LLVMBuildSelect(
                b.0,
                is_zero,
                LLVMConstInt(evl_ty, 0, 0),
                LLVMConstInt(evl_ty, 1, 0),
                c"".as_ptr(),
            );
            let with_data = LLVMBuildInsertValue(b.0, LLVMGetPoison(ret_ty), data, 0, c"".as_ptr());
            LLVMBuildInsertValue(b.0, with_data, loaded, 1, c"".as_ptr())
        }
        "llvm.vp.cttz.elts" => {
            // Inactive lanes count as zero; the count stops at EVL.
            let v = match active {
                Some(act) => LLVMBuildSelect(
                    b.0,
                    act,
                    arg(0),
                    LLVMConstNull(LLVMTypeOf(arg(0))),
                    c"".as_ptr(),
                ),
                None => arg(0),
            };
            let flag = LLVMConstInt(LLVMInt1TypeInContext(b.ctx()), 0, 0);
            let count = b.intrinsic("llvm.experimental.cttz.elts", ret_ty, &[v, flag])?;
            if matches!(guard, Guard::Evl | Guard::Both) {
                // EVL capped at the lane count fits the result type (as the count does).
                let capped =
                    b.intrinsic("llvm.umin", LLVMTypeOf(evl()), &[evl(), b.i32(n as u64)])?;
                let evl = match LLVMGetIntTypeWidth(ret_ty) {
                    w if w > 32 => LLVMBuildZExt(b.0, capped, ret_ty, c"".as_ptr()),
                    w if w < 32 => LLVMBuildTrunc(b.0, capped, ret_ty, c"".as_ptr()),
                    _ => capped,
                };
                b.intrinsic("llvm.umin", ret_ty, &[count, evl])?
            } else {
                count
            }
        }
        _ if info.is_reduction => b.reduction(site, active)?,
        _ => b.lanewise(site, active)?,
    };
    Some(Lowered::Value(value))
}

/// An IR builder positioned before an instruction.
struct Builder(LLVMBuilderRef, LLVMValueRef);

impl Drop for Builder {
    fn drop(&mut self) {
        // SAFETY: we created it.
        unsafe { LLVMDisposeBuilder(self.0) }
    }
}

impl Builder {
    unsafe fn before(inst: LLVMValueRef) -> Builder {
        let ctx = LLVMGetTypeContext(LLVMTypeOf(inst));
        let b = LLVMCreateBuilderInContext(ctx);
        LLVMPositionBuilderBefore(b, inst);
        Builder(b, inst)
    }

    unsafe fn ctx(&self) -> LLVMContextRef {
        LLVMGetTypeContext(LLVMTypeOf(self.1))
    }

    unsafe fn module(&self) -> LLVMModuleRef {
        LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(self.1)))
    }

    unsafe fn arg(&self, call: LLVMValueRef, i: usize) -> LLVMValueRef {
        LLVMGetOperand(call, i as u32)
    }

    unsafe fn void(&self) -> LLVMTypeRef {
        LLVMVoidTypeInContext(self.ctx())
    }

    unsafe fn poison(&self, ty: LLVMTypeRef) -> LLVMValueRef {
        LLVMGetPoison(ty)
    }

    unsafe fn i32(&self, v: u64) -> LLVMValueRef {
        LLVMConstInt(LLVMInt32TypeInContext(self.ctx()), v, 0)
    }

    unsafe fn bool_vector(&self, bits: impl Iterator<Item = bool>) -> LLVMValueRef {
        let i1 = LLVMInt1TypeInContext(self.ctx());
        let mut elems: Vec<LLVMValueRef> = bits.map(|b| LLVMConstInt(i1, b as u64, 0)).collect();
        LLVMConstVector(elems.as_mut_ptr(), elems.len() as u32)
    }

    unsafe fn all_true(&self, n: usize) -> LLVMValueRef {
        self.bool_vector((0..n).map(|_| true))
    }

    unsafe fn first_lane_only(&self, n: usize) -> LLVMValueRef {
        self.bool_vector((0..n).map(|i| i == 0))
    }

    unsafe fn and(&self, a: LLVMValueRef, b: LLVMValueRef) -> LLVMValueRef {
        LLVMBuildAnd(self.0, a, b, c"".as_ptr())
    }

    unsafe fn icmp(&self, p: LLVMIntPredicate, a: LLVMValueRef, b: LLVMValueRef) -> LLVMValueRef {
        LLVMBuildICmp(self.0, p, a, b, c"".as_ptr())
    }

    /// `<0, 1, ..., n-1>` of the type of `like`'s elements (an integer).
    unsafe fn step(&self, elem: LLVMTypeRef, n: usize) -> LLVMValueRef {
        let mut elems: Vec<LLVMValueRef> =
            (0..n).map(|i| LLVMConstInt(elem, i as u64, 0)).collect();
        LLVMConstVector(elems.as_mut_ptr(), n as u32)
    }

    unsafe fn splat(&self, v: LLVMValueRef, n: usize) -> LLVMValueRef {
        super::build_splat(self.0, LLVMVectorType(LLVMTypeOf(v), n as u32), v)
    }

    /// `lane < evl` for each lane.
    unsafe fn lanes_below(&self, evl: LLVMValueRef, n: usize) -> LLVMValueRef {
        let step = self.step(LLVMTypeOf(evl), n);
        self.icmp(LLVMIntPredicate::LLVMIntULT, step, self.splat(evl, n))
    }

    unsafe fn load(&self, ty: LLVMTypeRef, ptr: LLVMValueRef, align: u32) -> LLVMValueRef {
        let v = LLVMBuildLoad2(self.0, ty, ptr, c"".as_ptr());
        LLVMSetAlignment(v, align);
        v
    }

    unsafe fn store(&self, v: LLVMValueRef, ptr: LLVMValueRef, align: u32) {
        let s = LLVMBuildStore(self.0, v, ptr);
        LLVMSetAlignment(s, align);
    }

    /// A call of the intrinsic `name` typed by its arguments and return type.
    unsafe fn intrinsic(
        &self,
        name: &str,
        ret: LLVMTypeRef,
        args: &[LLVMValueRef],
    ) -> Option<LLVMValueRef> {
        let id = LLVMLookupIntrinsicID(name.as_ptr() as *const _, name.len());
        self.call_id(id, ret, args)
    }

    unsafe fn call_id(
        &self,
        id: u32,
        ret: LLVMTypeRef,
        args: &[LLVMValueRef],
    ) -> Option<LLVMValueRef> {
        let mut tys: Vec<LLVMTypeRef> = args.iter().map(|&a| LLVMTypeOf(a)).collect();
        let fn_ty = LLVMFunctionType(ret, tys.as_mut_ptr(), tys.len() as u32, 0);
        let decl = ffi::intrinsic_declaration(self.module(), id, fn_ty)?;
        let mut args = args.to_vec();
        Some(LLVMBuildCall2(
            self.0,
            fn_ty,
            decl,
            args.as_mut_ptr(),
            args.len() as u32,
            c"".as_ptr(),
        ))
    }

    /// A masked memory intrinsic with `align` on its pointer argument `ptr_arg`.
    unsafe fn masked(
        &self,
        name: &str,
        ret: LLVMTypeRef,
        args: &[LLVMValueRef],
        ptr_arg: u32,
        align: u32,
    ) -> Option<LLVMValueRef> {
        let call = self.intrinsic(name, ret, args)?;
        let kind = LLVMGetEnumAttributeKindForName(c"align".as_ptr(), 5);
        let attr = LLVMCreateEnumAttribute(self.ctx(), kind, align as u64);
        LLVMAddCallSiteAttribute(call, ptr_arg + 1, attr);
        Some(call)
    }

    /// `ptr + i * stride` (bytes) for each lane.
    unsafe fn strided_pointers(
        &self,
        ptr: LLVMValueRef,
        stride: LLVMValueRef,
        n: usize,
    ) -> LLVMValueRef {
        let i64t = LLVMInt64TypeInContext(self.ctx());
        // Sign-extended or truncated: the address wraps at the index width anyway (a
        // stride wider than 64 bits made an invalid `sext`: a helper's hunt).
        let stride = LLVMBuildIntCast2(self.0, stride, i64t, 1, c"".as_ptr());
        let offsets = LLVMBuildMul(
            self.0,
            self.step(i64t, n),
            self.splat(stride, n),
            c"".as_ptr(),
        );
        let mut idx = [offsets];
        LLVMBuildGEP2(
            self.0,
            LLVMInt8TypeInContext(self.ctx()),
            ptr,
            idx.as_mut_ptr(),
            1,
            c"".as_ptr(),
        )
    }

    /// `select cond, a, b`, or a blend shufflevector when the condition is constant.
    unsafe fn select_or_blend(
        &self,
        cond: LLVMValueRef,
        a: LLVMValueRef,
        b: LLVMValueRef,
        n: usize,
    ) -> LLVMValueRef {
        if let Some(bits) = constant_bits(cond, n) {
            let i32t = LLVMInt32TypeInContext(self.ctx());
            let mut mask: Vec<LLVMValueRef> = bits
                .iter()
                .enumerate()
                .map(|(i, &take_a)| LLVMConstInt(i32t, if take_a { i } else { n + i } as u64, 0))
                .collect();
            let mask = LLVMConstVector(mask.as_mut_ptr(), n as u32);
            return LLVMBuildShuffleVector(self.0, a, b, mask, c"".as_ptr());
        }
        LLVMBuildSelect(self.0, cond, a, b, c"".as_ptr())
    }

    /// `experimental.vp.reverse`: lane i reads lane evl-1-i (poison from evl on).
    unsafe fn reverse(
        &self,
        v: LLVMValueRef,
        evl: LLVMValueRef,
        shape: EvlShape,
        n: usize,
    ) -> LLVMValueRef {
        let i32t = LLVMInt32TypeInContext(self.ctx());
        let k = match shape {
            EvlShape::Full => Some(n),
            EvlShape::Const(k) => Some(k),
            _ => None,
        };
        if let Some(k) = k {
            let mut mask: Vec<LLVMValueRef> = (0..n)
                .map(|i| {
                    if i < k {
                        LLVMConstInt(i32t, (k - 1 - i) as u64, 0)
                    } else {
                        LLVMGetPoison(i32t)
                    }
                })
                .collect();
            let mask = LLVMConstVector(mask.as_mut_ptr(), n as u32);
            return LLVMBuildShuffleVector(
                self.0,
                v,
                LLVMGetPoison(LLVMTypeOf(v)),
                mask,
                c"".as_ptr(),
            );
        }
        // A variable EVL: one lane at a time (an out-of-range index gives poison).
        let last = LLVMBuildSub(self.0, evl, self.i32(1), c"".as_ptr());
        let mut out = LLVMGetPoison(LLVMTypeOf(v));
        for i in 0..n {
            let from = match i {
                0 => last,
                _ => LLVMBuildSub(self.0, last, self.i32(i as u64), c"".as_ptr()),
            };
            let e = LLVMBuildExtractElement(self.0, v, from, c"".as_ptr());
            out = LLVMBuildInsertElement(self.0, out, e, self.i32(i as u64), c"".as_ptr());
        }
        out
    }

    /// `experimental.vp.splice(a, b, imm, mask, evl1, evl2)`: lane i reads lane
    /// `start + i` of `a[0..evl1] ++ b[0..evl2]`, `start = imm` (or `evl1 + imm` when
    /// negative); poison from evl2 on.
    unsafe fn splice(&self, call: LLVMValueRef, n: usize) -> LLVMValueRef {
        let (a, b, imm, evl1) = (
            self.arg(call, 0),
            self.arg(call, 1),
            self.arg(call, 2),
            self.arg(call, 4),
        );
        let imm_value = LLVMConstIntGetSExtValue(imm);
        let full = |v: LLVMValueRef| {
            !LLVMIsAConstantInt(v).is_null() && LLVMConstIntGetZExtValue(v) == n as u64
        };
        if full(evl1) && full(self.arg(call, 5)) && imm_value.unsigned_abs() <= n as u64 {
            // Both EVLs full: the splice shuffle of concat(a, b) from the start.
            let start = if imm_value >= 0 {
                imm_value as usize
            } else {
                n - imm_value.unsigned_abs() as usize
            };
            let i32t = LLVMInt32TypeInContext(self.ctx());
            let mut mask: Vec<LLVMValueRef> = (0..n)
                .map(|i| LLVMConstInt(i32t, (start + i) as u64, 0))
                .collect();
            let mask = LLVMConstVector(mask.as_mut_ptr(), n as u32);
            return LLVMBuildShuffleVector(self.0, a, b, mask, c"".as_ptr());
        }
        let start = if imm_value >= 0 {
            self.i32(imm_value as u64)
        } else {
            LLVMBuildAdd(
                self.0,
                evl1,
                LLVMConstInt(LLVMTypeOf(evl1), imm_value as u64, 1),
                c"".as_ptr(),
            )
        };
        let mut out = LLVMGetPoison(LLVMTypeOf(a));
        for i in 0..n {
            let j = LLVMBuildAdd(self.0, start, self.i32(i as u64), c"".as_ptr());
            let in_a = self.icmp(LLVMIntPredicate::LLVMIntULT, j, evl1);
            let from_a = LLVMBuildExtractElement(self.0, a, j, c"".as_ptr());
            let j_b = LLVMBuildSub(self.0, j, evl1, c"".as_ptr());
            let from_b = LLVMBuildExtractElement(self.0, b, j_b, c"".as_ptr());
            let e = LLVMBuildSelect(self.0, in_a, from_a, from_b, c"".as_ptr());
            out = LLVMBuildInsertElement(self.0, out, e, self.i32(i as u64), c"".as_ptr());
        }
        out
    }

    /// A reduction: inactive lanes become the neutral element, then the start value joins.
    unsafe fn reduction(
        &self,
        site: &VpSite,
        active: Option<LLVMValueRef>,
    ) -> Option<LLVMValueRef> {
        let call = site.inst.raw();
        let op = site.name.strip_prefix("llvm.vp.reduce.")?;
        let (neutral, join) = vp::reduction(op)?;
        let start = self.arg(call, site.info.reduction_start_pos?);
        let vec = self.arg(call, site.info.reduction_vector_pos?);
        let vec_ty = LLVMTypeOf(vec);
        let elem = LLVMGetElementType(vec_ty);
        let vec = match active {
            None => vec,
            // An integer neutral element is built from 64 bits: wider elements are left
            // alone (the call is kept).
            Some(_) if !matches!(neutral, Neutral::Float(_)) && LLVMGetIntTypeWidth(elem) > 64 => {
                return None;
            }
            Some(act) => {
                let value = match neutral {
                    Neutral::Zero => LLVMConstInt(elem, 0, 0),
                    Neutral::One => LLVMConstInt(elem, 1, 0),
                    Neutral::AllOnes => LLVMConstAllOnes(elem),
                    Neutral::SignedMin => {
                        LLVMConstInt(elem, 1u64 << (LLVMGetIntTypeWidth(elem) - 1), 0)
                    }
                    Neutral::SignedMax => {
                        let bits = LLVMGetIntTypeWidth(elem);
                        LLVMConstInt(elem, (1u64 << (bits - 1)).wrapping_sub(1), 0)
                    }
                    Neutral::Float(x) => LLVMConstReal(elem, x),
                };
                let neutral = self.splat_const(value, site.lanes);
                LLVMBuildSelect(self.0, act, vec, neutral, c"".as_ptr())
            }
        };
        let ret = LLVMTypeOf(call);
        match join {
            Join::Inside => self.call_id(site.info.functional_intrinsic, ret, &[start, vec]),
            Join::Opcode(op) => {
                let r = self.call_id(site.info.functional_intrinsic, ret, &[vec])?;
                Some(LLVMBuildBinOp(self.0, opcode(op)?, start, r, c"".as_ptr()))
            }
            Join::Intrinsic(name) => {
                let r = self.call_id(site.info.functional_intrinsic, ret, &[vec])?;
                self.intrinsic(name, ret, &[start, r])
            }
        }
    }

    unsafe fn splat_const(&self, v: LLVMValueRef, n: usize) -> LLVMValueRef {
        let mut elems = vec![v; n];
        LLVMConstVector(elems.as_mut_ptr(), n as u32)
    }

    /// A lane-wise operation: its instruction or intrinsic on the operands but mask and
    /// EVL. Inactive lanes compute something (refining poison), except that a division
    /// sees 1 as the divisor there.
    unsafe fn lanewise(&self, site: &VpSite, active: Option<LLVMValueRef>) -> Option<LLVMValueRef> {
        let call = site.inst.raw();
        let info = &site.info;
        let ret = LLVMTypeOf(call);
        let skip = [info.mask_pos, info.evl_pos];
        let mut args: Vec<LLVMValueRef> = (0..LLVMGetNumArgOperands(call) as usize)
            .filter(|i| !skip.contains(&Some(*i)))
            .map(|i| self.arg(call, i))
            .filter(|&a| LLVMGetTypeKind(LLVMTypeOf(a)) != LLVMTypeKind::LLVMMetadataTypeKind)
            .collect();
        let op = info.functional_opcode.as_str();
        if let (VpKind::Lanewise { traps: true }, Some(act)) = (site.kind, active) {
            let one = self.splat_const(LLVMConstInt(LLVMGetElementType(ret), 1, 0), site.lanes);
            args[1] = LLVMBuildSelect(self.0, act, args[1], one, c"".as_ptr());
        }
        if let Some(p) = info.compare_predicate {
            return Some(if op == "fcmp" {
                LLVMBuildFCmp(self.0, real_predicate(p)?, args[0], args[1], c"".as_ptr())
            } else {
                LLVMBuildICmp(self.0, int_predicate(p)?, args[0], args[1], c"".as_ptr())
            });
        }
        if !op.is_empty() {
            let code = opcode(op)?;
            return Some(match (code, args.len()) {
                (LLVMOpcode::LLVMFNeg, 1) => LLVMBuildFNeg(self.0, args[0], c"".as_ptr()),
                (LLVMOpcode::LLVMSelect, 3) => {
                    self.select_or_blend(args[0], args[1], args[2], site.lanes)
                }
                (c, 1) if is_cast(c) => LLVMBuildCast(self.0, c, args[0], ret, c"".as_ptr()),
                (c, 2) => LLVMBuildBinOp(self.0, c, args[0], args[1], c"".as_ptr()),
                _ => return None,
            });
        }
        if matches!(site.name.as_str(), "llvm.vp.lrint" | "llvm.vp.llrint") {
            return self.round_to_int(site, args[0]);
        }
        if info.functional_intrinsic != 0 {
            return self.call_id(info.functional_intrinsic, ret, &args);
        }
        None
    }

    /// `lrint`/`llrint` at a width every backend selects (`vp::selectable::round_to_int`).
    unsafe fn round_to_int(&self, site: &VpSite, v: LLVMValueRef) -> Option<LLVMValueRef> {
        let ret = LLVMTypeOf(site.inst.raw());
        let how = round_to_int(site.elems)?;
        let (name, int) = match how.bits {
            32 => ("llvm.lrint", LLVMInt32TypeInContext(self.ctx())),
            _ => ("llvm.llrint", LLVMInt64TypeInContext(self.ctx())),
        };
        let rounded = self.intrinsic(name, LLVMVectorType(int, site.lanes as u32), &[v])?;
        Some(match how.adjust {
            Adjust::None => rounded,
            Adjust::Truncate => LLVMBuildTrunc(self.0, rounded, ret, c"".as_ptr()),
            Adjust::SignExtend => LLVMBuildSExt(self.0, rounded, ret, c"".as_ptr()),
        })
    }
}

/// The C API's opcode of an instruction name (`Instruction::getOpcodeName`).
fn opcode(name: &str) -> Option<LLVMOpcode> {
    use LLVMOpcode::*;
    Some(match name {
        "add" => LLVMAdd,
        "sub" => LLVMSub,
        "mul" => LLVMMul,
        "udiv" => LLVMUDiv,
        "sdiv" => LLVMSDiv,
        "urem" => LLVMURem,
        "srem" => LLVMSRem,
        "shl" => LLVMShl,
        "lshr" => LLVMLShr,
        "ashr" => LLVMAShr,
        "and" => LLVMAnd,
        "or" => LLVMOr,
        "xor" => LLVMXor,
        "fadd" => LLVMFAdd,
        "fsub" => LLVMFSub,
        "fmul" => LLVMFMul,
        "fdiv" => LLVMFDiv,
        "frem" => LLVMFRem,
        "fneg" => LLVMFNeg,
        "trunc" => LLVMTrunc,
        "zext" => LLVMZExt,
        "sext" => LLVMSExt,
        "fptrunc" => LLVMFPTrunc,
        "fpext" => LLVMFPExt,
        "fptoui" => LLVMFPToUI,
        "fptosi" => LLVMFPToSI,
        "uitofp" => LLVMUIToFP,
        "sitofp" => LLVMSIToFP,
        "ptrtoint" => LLVMPtrToInt,
        "inttoptr" => LLVMIntToPtr,
        "select" => LLVMSelect,
        _ => return None,
    })
}

fn is_cast(c: LLVMOpcode) -> bool {
    use LLVMOpcode::*;
    matches!(
        c,
        LLVMTrunc
            | LLVMZExt
            | LLVMSExt
            | LLVMFPTrunc
            | LLVMFPExt
            | LLVMFPToUI
            | LLVMFPToSI
            | LLVMUIToFP
            | LLVMSIToFP
            | LLVMPtrToInt
            | LLVMIntToPtr
    )
}

/// `CmpInst::Predicate` numbers are those of the C API's enums.
pub(crate) fn int_predicate(p: i32) -> Option<LLVMIntPredicate> {
    use LLVMIntPredicate::*;
    [
        LLVMIntEQ, LLVMIntNE, LLVMIntUGT, LLVMIntUGE, LLVMIntULT, LLVMIntULE, LLVMIntSGT,
        LLVMIntSGE, LLVMIntSLT, LLVMIntSLE,
    ]
    .into_iter()
    .find(|&q| q as i32 == p)
}

pub(crate) fn real_predicate(p: i32) -> Option<LLVMRealPredicate> {
    use LLVMRealPredicate::*;
    [
        LLVMRealPredicateFalse,
        LLVMRealOEQ,
        LLVMRealOGT,
        LLVMRealOGE,
        LLVMRealOLT,
        LLVMRealOLE,
        LLVMRealONE,
        LLVMRealORD,
        LLVMRealUNO,
        LLVMRealUEQ,
        LLVMRealUGT,
        LLVMRealUGE,
        LLVMRealULT,
        LLVMRealULE,
        LLVMRealUNE,
        LLVMRealPredicateTrue,
    ]
    .into_iter()
    .find(|&q| q as i32 == p)
}

/// A masked load or store whose mask is the active-lane mask `lane < n` (seed 002's
/// "lifting": on a target with EVL it is the VP call with EVL `n`).
#[derive(Clone, Debug)]
pub struct LiftSite {
    pub inst: Inst,
    pub store: bool,
    /// The bound `n` of `llvm.get.active.lane.mask(0, n)`.
    pub bound: LLVMValueRef,
    pub lanes: usize,
}

impl Function {
    /// Every `llvm.masked.load` (with a poison or undef pass-through) and
    /// `llvm.masked.store` masked by `llvm.get.active.lane.mask(0, n)`.
    pub fn liftable(self) -> Vec<LiftSite> {
        self.instructions().filter_map(read_liftable).collect()
    }
}

fn read_liftable(inst: Inst) -> Option<LiftSite> {
    let raw = inst.raw();
    // SAFETY: a live instruction; operands of the calls recognised by name.
    unsafe {
        let name = super::called_intrinsic(raw)?;
        let (store, mask_pos) = match name.as_str() {
            "llvm.masked.load" => (false, 1),
            "llvm.masked.store" => (true, 2),
            _ => return None,
        };
        if !store {
            let passthru = LLVMGetOperand(raw, 2);
            // An `undef` pass-through is no VP load either: the VP load's inactive lanes
            // are poison, which `undef` lanes are not.
            if !super::is_poison(passthru) {
                return None; // a defined pass-through is no VP load
            }
        }
        let mask = LLVMGetOperand(raw, mask_pos);
        if super::called_intrinsic(mask).as_deref() != Some("llvm.get.active.lane.mask") {
            return None;
        }
        let base = LLVMGetOperand(mask, 0);
        if LLVMIsAConstantInt(base).is_null() || LLVMConstIntGetZExtValue(base) != 0 {
            return None;
        }
        let ty = LLVMTypeOf(mask);
        if LLVMGetTypeKind(ty) != LLVMTypeKind::LLVMVectorTypeKind {
            return None;
        }
        Some(LiftSite {
            inst,
            store,
            bound: LLVMGetOperand(mask, 1),
            lanes: LLVMGetVectorSize(ty) as usize,
        })
    }
}

/// Replaces a liftable masked load or store by `vp.load`/`vp.store` with an all-true
/// mask and EVL `min(n, lanes)` (an EVL above the lane count is not allowed).
pub fn lift(site: &LiftSite) -> bool {
    // SAFETY: `site.inst` is a live masked load or store.
    unsafe {
        let call = site.inst.raw();
        let b = Builder::before(call);
        let i32t = LLVMInt32TypeInContext(b.ctx());
        let bound = site.bound;
        let lanes = LLVMConstInt(LLVMTypeOf(bound), site.lanes as u64, 0);
        let Some(capped) = b.intrinsic("llvm.umin", LLVMTypeOf(bound), &[bound, lanes]) else {
            return false;
        };
        let evl = if LLVMGetIntTypeWidth(LLVMTypeOf(bound)) > 32 {
            LLVMBuildTrunc(b.0, capped, i32t, c"".as_ptr())
        } else {
            LLVMBuildZExtOrBitCast(b.0, capped, i32t, c"".as_ptr())
        };
        let all = b.all_true(site.lanes);
        let align_kind = LLVMGetEnumAttributeKindForName(c"align".as_ptr(), 5);
        let ptr_index = if site.store { 2 } else { 1 }; // 1-based attribute index
        let attr = LLVMGetCallSiteEnumAttribute(call, ptr_index, align_kind);
        let align = if attr.is_null() {
            1
        } else {
            LLVMGetEnumAttributeValue(attr) as u32
        };
        let lifted = if site.store {
            let (value, ptr) = (b.arg(call, 0), b.arg(call, 1));
            b.masked("llvm.vp.store", b.void(), &[value, ptr, all, evl], 1, align)
        } else {
            let ptr = b.arg(call, 0);
            b.masked("llvm.vp.load", LLVMTypeOf(call), &[ptr, all, evl], 0, align)
        };
        let Some(lifted) = lifted else {
            return false;
        };
        if !site.store {
            take_name(call, lifted);
            LLVMReplaceAllUsesWith(call, lifted);
        }
        LLVMInstructionEraseFromParent(call);
        true
    }
}
