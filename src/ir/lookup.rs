//! Table gathers: vectors built lane by lane from loads of a small constant byte table,
//! indexed by the lanes of one vector (what the loop vectorizer leaves for
//! `out[i] = table[in[i] & 15]`), read from the IR, and the table-lookup instruction
//! (`crate::lower::lookup`) built in their place.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMLinkage, LLVMOpcode};

use super::lower::{BuiltSequence, Value};
use super::{is, users, Function, Inst};
use crate::lower::lookup::Lookup;

/// `insertelement` chain whose lane `k` is `load i8 (gep @table, zext (extractelement
/// %index, k))` for every lane (or `extractelement (zext %index), k`).
#[derive(Clone, Debug)]
pub struct TableGather {
    /// The last `insertelement`: the gathered vector.
    pub root: Inst,
    /// The vector of indices (`<N x i8>`).
    pub index: Value,
    pub lanes: usize,
    /// The bytes of the constant table.
    pub table: Vec<u8>,
    /// The largest value any lane of `index` can hold, if proved.
    pub max_index: Option<u8>,
    /// Every instruction of the gather (inserts, loads, addresses, extracts), to price
    /// it and to erase what is left unused.
    pub parts: Vec<Inst>,
}

/// Every table gather of `func`.
pub fn table_gathers(func: Function) -> Vec<TableGather> {
    let mut out = Vec::new();
    for inst in func.instructions() {
        // SAFETY: live instructions of the function, read only.
        unsafe {
            if let Some(g) = table_gather(inst.raw()) {
                out.push(g);
            }
        }
    }
    out
}

/// The constant integer `v`, if it is one.
pub(super) unsafe fn const_int(v: LLVMValueRef) -> Option<u64> {
    (!LLVMIsAConstantInt(v).is_null()).then(|| LLVMConstIntGetZExtValue(v))
}

unsafe fn table_gather(root: LLVMValueRef) -> Option<TableGather> {
    if !is(root, LLVMOpcode::LLVMInsertElement) {
        return None;
    }
    // The end of a chain: no insertelement builds on it.
    if users(root)
        .iter()
        .any(|&u| is(u, LLVMOpcode::LLVMInsertElement) && LLVMGetOperand(u, 0) == root)
    {
        return None;
    }
    let ty = LLVMTypeOf(root);
    let lanes = LLVMGetVectorSize(ty) as usize;
    let i8_lanes = LLVMGetTypeKind(LLVMGetElementType(ty))
        == llvm_sys::LLVMTypeKind::LLVMIntegerTypeKind
        && LLVMGetIntTypeWidth(LLVMGetElementType(ty)) == 8;
    if !i8_lanes || !(8..=64).contains(&lanes) {
        return None;
    }
    let mut parts = Vec::new();
    let mut lane_of: Vec<Option<LLVMValueRef>> = vec![None; lanes];
    let mut v = root;
    while is(v, LLVMOpcode::LLVMInsertElement) {
        if v != root && users(v).len() != 1 {
            return None;
        }
        let k = const_int(LLVMGetOperand(v, 2))? as usize;
        if k >= lanes || lane_of[k].is_some() {
            return None;
        }
        lane_of[k] = Some(LLVMGetOperand(v, 1));
        parts.push(Inst(v));
        v = LLVMGetOperand(v, 0);
    }
    if LLVMIsAPoisonValue(v).is_null() && LLVMIsAUndefValue(v).is_null() {
        return None;
    }
    let mut table: Option<LLVMValueRef> = None;
    let mut index: Option<LLVMValueRef> = None;
    for (k, load) in lane_of.into_iter().enumerate() {
        let load = load?;
        if !is(load, LLVMOpcode::LLVMLoad)
            || LLVMGetVolatile(load) != 0
            || LLVMGetOrdering(load) != llvm_sys::LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic
            || users(load).len() != 1
        {
            return None;
        }
        let (global, idx, address) = table_address(LLVMGetOperand(load, 0))?;
        if *table.get_or_insert(global) != global {
            return None;
        }
        // zext (extractelement %index, k), or extractelement (zext %index), k
        let (extract, widened) = if is(idx, LLVMOpcode::LLVMZExt) {
            (LLVMGetOperand(idx, 0), idx)
        } else {
            (idx, LLVMGetOperand(idx, 0))
        };
        if !is(extract, LLVMOpcode::LLVMExtractElement)
            || const_int(LLVMGetOperand(extract, 1)) != Some(k as u64)
            || !is(widened, LLVMOpcode::LLVMZExt)
        {
            return None;
        }
        let vector = match widened == idx {
            true => LLVMGetOperand(extract, 0),
            false => LLVMGetOperand(widened, 0),
        };
        if *index.get_or_insert(vector) != vector || LLVMTypeOf(vector) != ty {
            return None;
        }
        parts.extend([load, address, extract, widened].map(Inst));
    }
    let bytes = table_bytes(table?)?;
    let index = index?;
    Some(TableGather {
        root: Inst(root),
        index: Value::from_raw(index),
        lanes,
        table: bytes,
        max_index: max_value(index),
        parts,
    })
}

/// `getelementptr i8, @g, %i` or `getelementptr [n x i8], @g, 0, %i`: the global, the
/// index and the address.
pub(super) unsafe fn table_address(
    ptr: LLVMValueRef,
) -> Option<(LLVMValueRef, LLVMValueRef, LLVMValueRef)> {
    if LLVMIsAGetElementPtrInst(ptr).is_null() {
        return None;
    }
    let global = LLVMGetOperand(ptr, 0);
    if LLVMIsAGlobalVariable(global).is_null() {
        return None;
    }
    let source = LLVMGetGEPSourceElementType(ptr);
    let byte = |t: LLVMTypeRef| {
        LLVMGetTypeKind(t) == llvm_sys::LLVMTypeKind::LLVMIntegerTypeKind
            && LLVMGetIntTypeWidth(t) == 8
    };
    match LLVMGetNumOperands(ptr) {
        2 if byte(source) => Some((global, LLVMGetOperand(ptr, 1), ptr)),
        3 if LLVMGetTypeKind(source) == llvm_sys::LLVMTypeKind::LLVMArrayTypeKind
            && byte(LLVMGetElementType(source))
            && const_int(LLVMGetOperand(ptr, 1)) == Some(0) =>
        {
            Some((global, LLVMGetOperand(ptr, 2), ptr))
        }
        _ => None,
    }
}

/// The bytes of a constant global whose contents are known here for good (a constant
/// with a definitive initializer of bytes), else `None`.
pub(super) unsafe fn table_bytes(global: LLVMValueRef) -> Option<Vec<u8>> {
    let definitive = matches!(
        LLVMGetLinkage(global),
        LLVMLinkage::LLVMInternalLinkage
            | LLVMLinkage::LLVMPrivateLinkage
            | LLVMLinkage::LLVMExternalLinkage
            | LLVMLinkage::LLVMLinkOnceODRLinkage
            | LLVMLinkage::LLVMWeakODRLinkage
    );
    if LLVMIsGlobalConstant(global) == 0 || !definitive || LLVMIsExternallyInitialized(global) != 0
    {
        return None;
    }
    let init = LLVMGetInitializer(global);
    if init.is_null() {
        return None;
    }
    let ty = LLVMTypeOf(init);
    if LLVMGetTypeKind(ty) != llvm_sys::LLVMTypeKind::LLVMArrayTypeKind
        || LLVMGetTypeKind(LLVMGetElementType(ty)) != llvm_sys::LLVMTypeKind::LLVMIntegerTypeKind
        || LLVMGetIntTypeWidth(LLVMGetElementType(ty)) != 8
    {
        return None;
    }
    let len = LLVMGetArrayLength2(ty) as usize;
    if len > 4096 {
        return None;
    }
    if !LLVMIsAConstantAggregateZero(init).is_null() {
        return Some(vec![0; len]);
    }
    (0..len)
        .map(|i| const_int(LLVMGetAggregateElement(init, i as u32)).map(|b| b as u8))
        .collect()
}

/// The largest value any lane of the `<N x i8>` vector `v` can hold, where a mask, a
/// shift or a remainder by constants proves one.
unsafe fn max_value(v: LLVMValueRef) -> Option<u8> {
    // The constant lanes of a constant vector (a splat or not), as bytes.
    let lanes = |c: LLVMValueRef| -> Option<Vec<u8>> {
        if LLVMIsConstant(c) == 0 {
            return None;
        }
        let n = LLVMGetVectorSize(LLVMTypeOf(c));
        (0..n)
            .map(|i| const_int(LLVMGetAggregateElement(c, i)).map(|x| x as u8))
            .collect()
    };
    if LLVMIsAInstruction(v).is_null() {
        return None;
    }
    let (a, b) = (LLVMGetOperand(v, 0), LLVMGetOperand(v, 1));
    match LLVMGetInstructionOpcode(v) {
        LLVMOpcode::LLVMAnd => {
            let bound = |c| lanes(c).and_then(|l| l.into_iter().max());
            match (bound(b), bound(a)) {
                (Some(x), Some(y)) => Some(x.min(y)),
                (x, y) => x.or(y),
            }
        }
        LLVMOpcode::LLVMLShr => {
            let by = lanes(b)?.into_iter().min()?;
            (by < 8).then(|| 0xffu8 >> by)
        }
        LLVMOpcode::LLVMURem => {
            let by = lanes(b)?.into_iter().min()?;
            (by > 0).then(|| by - 1)
        }
        _ => None,
    }
}

/// Builds `lookup` on the gather's index vector, right before its root: one table
/// instruction per part, then `select`s on bits 4 and 5 of the index; `None` (nothing
/// left built) if this LLVM lacks the intrinsic.
pub fn build_lookup(gather: &TableGather, lookup: &Lookup) -> Option<BuiltSequence> {
    // SAFETY: the gather's instructions are live; everything is built right before its
    // root, after the index vector (which every lane's extract reads).
    unsafe {
        let root = gather.root.raw();
        let module = LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(root)));
        let builder = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(root)));
        LLVMPositionBuilderBefore(builder, root);
        let built = build_table_lookup(builder, module, gather.index.raw(), lookup);
        LLVMDisposeBuilder(builder);
        let (result, built) = built?;
        Some(BuiltSequence::new(Inst(result), built))
    }
}

/// Builds `lookup` of the `<N x i8>` vector `index` where `builder` stands: the table
/// instruction (AArch64: one `tbl1`..`tbl4` for every part; x86: one per part, then
/// `select`s on bits 4 and 5 of the index). The result and every instruction built, or
/// `None` (nothing built) if this LLVM lacks the intrinsic.
///
/// # Safety
/// `builder` is positioned in a function of `module` where `index` is available.
pub(super) unsafe fn build_table_lookup(
    builder: LLVMBuilderRef,
    module: LLVMModuleRef,
    index: LLVMValueRef,
    lookup: &Lookup,
) -> Option<(LLVMValueRef, Vec<LLVMValueRef>)> {
    let ty = LLVMTypeOf(index);
    let i8t = LLVMInt8TypeInContext(LLVMGetTypeContext(ty));
    let table_vector = |table: &[u8]| {
        let mut bytes: Vec<LLVMValueRef> = table
            .iter()
            .map(|&b| LLVMConstInt(i8t, u64::from(b), 0))
            .collect();
        LLVMConstVector(bytes.as_mut_ptr(), bytes.len() as u32)
    };
    let mut built = Vec::new();
    let mut parts: Vec<LLVMValueRef> = if lookup.insn.parts_in_one {
        // tbl1..tbl4: every part, then the index; overloaded on the result.
        let (name, _) = lookup.insn.intrinsic_for(lookup.tables.len());
        let mut args: Vec<LLVMValueRef> = lookup.tables.iter().map(|t| table_vector(t)).collect();
        args.push(index);
        let call = super::build_intrinsic_call(builder, module, &name, &[ty], &mut args)?;
        built.push(call);
        vec![call]
    } else {
        let (name, _) = lookup.insn.intrinsic_for(1);
        let mut parts = Vec::new();
        for table in &lookup.tables {
            let mut args = [table_vector(table), index];
            let Some(call) = super::build_intrinsic_call(builder, module, &name, &[], &mut args)
            else {
                super::lower::erase_built(&built);
                return None;
            };
            built.push(call);
            parts.push(call);
        }
        parts
    };
    // x86: pairs of parts chosen by bit 4, then by bit 5.
    let lanes = LLVMGetVectorSize(ty);
    let mut bit = 16u64;
    while parts.len() > 1 {
        let mut splat = vec![LLVMConstInt(i8t, bit, 0); lanes as usize];
        let mask = LLVMConstVector(splat.as_mut_ptr(), lanes);
        let set = LLVMBuildAnd(builder, index, mask, c"".as_ptr());
        let zero = LLVMConstNull(ty);
        let test = LLVMBuildICmp(
            builder,
            llvm_sys::LLVMIntPredicate::LLVMIntNE,
            set,
            zero,
            c"".as_ptr(),
        );
        built.extend([set, test]);
        parts = parts
            .chunks(2)
            .map(|pair| {
                let s = LLVMBuildSelect(builder, test, pair[1], pair[0], c"".as_ptr());
                built.push(s);
                s
            })
            .collect();
        bit *= 2;
    }
    built.retain(|&v| !LLVMIsAInstruction(v).is_null());
    Some((parts[0], built))
}

/// Replaces the gather by `built` and erases its parts that nothing else reads.
pub fn replace_gather(gather: &TableGather, built: BuiltSequence) {
    super::lower::replace_with(gather.root, built);
    // SAFETY: the parts are live until erased here; each is erased only once unused.
    unsafe {
        let mut left: Vec<LLVMValueRef> = gather
            .parts
            .iter()
            .map(|p| p.raw())
            .filter(|&p| p != gather.root.raw())
            .collect();
        left.sort();
        left.dedup();
        loop {
            let before = left.len();
            left.retain(|&p| {
                if LLVMGetFirstUse(p).is_null() {
                    LLVMInstructionEraseFromParent(p);
                    false
                } else {
                    true
                }
            });
            if left.len() == before {
                break;
            }
        }
    }
}
