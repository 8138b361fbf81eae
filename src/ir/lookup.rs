//! Table gathers: vectors built lane by lane from loads of a small constant byte table,
//! indexed by the lanes of one vector (what the loop vectorizer leaves for
//! `out[i] = table[in[i] & 15]`), read from the IR, and the table-lookup instruction
//! (`crate::lower::lookup`) built in their place. On RISC-V V the vectorizer gathers
//! instead ([`RegisterGather`]: a `vp.gather` or `masked.gather` of a scalable vector
//! from the table), which becomes one `vrgather.vv` from the table in a register.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use super::lower::{BuiltSequence, Value};
use super::{fixed_lanes, is, users, Function, Inst};
use crate::lower::lookup::{Lookup, REGISTER_GATHER};

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

/// `vp.gather` or `masked.gather` of `<vscale x N x i8>` at `getelementptr i8, @table,
/// zext %index` (or `[n x i8], @table, 0, zext %index`) from a constant table:
///
/// ```text
/// %x = and <vscale x 16 x i8> %in, splat (i8 15)
/// %i = zext nneg <vscale x 16 x i8> %x to <vscale x 16 x i64>
/// %p = getelementptr i8, ptr @digits, <vscale x 16 x i64> %i
/// %v = call @llvm.vp.gather.nxv16i8.nxv16p0(<vscale x 16 x ptr> %p, %mask, i32 %evl)
/// ```
#[derive(Clone, Debug)]
pub struct RegisterGather {
    /// The gather call.
    pub root: Inst,
    /// The index computed on bytes: a vector of bytes the index is made from by masks,
    /// shifts and remainders by constants, and those operations on bytes (what the loop
    /// vectorizer widens first, `bits[x >> 4]` on an `int`); else the index itself,
    /// truncated where wider.
    bytes: ByteIndex,
    /// The fewest lanes the vector can have: N × the function's least vscale.
    pub min_lanes: usize,
    /// The bytes of the constant table.
    pub table: Vec<u8>,
    /// The table's global.
    global: LLVMValueRef,
    /// The largest value any lane of `index` can hold, if proved.
    pub max_index: Option<u8>,
    /// `vp.gather`'s explicit vector length (lanes past it are poison, as are lanes its
    /// mask turns off); `None` for `masked.gather`.
    evl: Option<LLVMValueRef>,
    /// The mask.
    mask: LLVMValueRef,
    /// `masked.gather`: the mask and the pass-through its false lanes keep, unless the
    /// pass-through is poison.
    keep: Option<(LLVMValueRef, LLVMValueRef)>,
    /// The address, the zero extension if any and the wide operations the index was
    /// made with (`bytes`), each erased once unused.
    pub parts: Vec<Inst>,
}

/// An index as bytes: `source` with `ops` applied in order.
#[derive(Clone, Debug)]
struct ByteIndex {
    source: LLVMValueRef,
    ops: Vec<(LLVMOpcode, u64)>,
    /// The wider instructions it replaces, erased once unused.
    wide: Vec<Inst>,
}

/// `index` (proved below 256) as the same operations on a vector of bytes where it is
/// made from one (`zext <N x i8>` first, or `sext` of a value whose top bit is clear) by
/// `and`, `lshr` and `urem` by splat constants: exact, as the widened bits are zero (`and` by C is `and` by C's low byte;
/// a shift by less than 8 shifts the byte; a remainder by C above 255 leaves the byte
/// alone). Else the index itself.
unsafe fn byte_index(index: LLVMValueRef) -> ByteIndex {
    let mut ops = Vec::new();
    let mut wide = Vec::new();
    let mut v = index;
    let itself = ByteIndex {
        source: index,
        ops: Vec::new(),
        wide: Vec::new(),
    };
    for _ in 0..8 {
        if int_width(LLVMTypeOf(v)) == Some(8) {
            ops.reverse();
            return ByteIndex {
                source: v,
                ops,
                wide,
            };
        }
        if LLVMIsAInstruction(v).is_null() {
            return itself;
        }
        let opcode = LLVMGetInstructionOpcode(v);
        // A sign extension of a value whose top bit is proved clear is a zero extension.
        let clear_top = |x: LLVMValueRef| {
            let bits = int_width(LLVMTypeOf(x)).unwrap_or(0);
            (1..=64).contains(&bits) && max_value(x, 0).is_some_and(|m| m >> (bits - 1) == 0)
        };
        let extension = opcode == LLVMOpcode::LLVMZExt
            || (opcode == LLVMOpcode::LLVMSExt && clear_top(LLVMGetOperand(v, 0)));
        if !extension
            && !matches!(
                opcode,
                LLVMOpcode::LLVMAnd | LLVMOpcode::LLVMLShr | LLVMOpcode::LLVMURem
            )
        {
            return itself;
        }
        wide.push(Inst(v));
        if extension {
            v = LLVMGetOperand(v, 0);
            continue;
        }
        // The constant operand (`and` either side), as one splat value.
        let (a, b) = (LLVMGetOperand(v, 0), LLVMGetOperand(v, 1));
        let splat = |c| constant_lanes(c).filter(|l| l.len() == 1).map(|l| l[0]);
        let (operand, c) = match (opcode, splat(b), splat(a)) {
            (_, Some(c), _) => (a, c),
            (LLVMOpcode::LLVMAnd, None, Some(c)) => (b, c),
            _ => return itself,
        };
        match opcode {
            LLVMOpcode::LLVMAnd => ops.push((opcode, c & 0xff)),
            LLVMOpcode::LLVMLShr if c < 8 => ops.push((opcode, c)),
            LLVMOpcode::LLVMURem if (1..256).contains(&c) => ops.push((opcode, c)),
            LLVMOpcode::LLVMURem if c >= 256 => {}
            _ => return itself,
        }
        v = operand;
    }
    itself
}

impl RegisterGather {
    /// The values the gather and its lookup are measured from: the table's address
    /// (a register, as in the loop), the indices, and the vector length, the mask
    /// unless constant and the pass-through where there are.
    pub fn inputs(&self) -> Vec<Value> {
        let mut inputs = vec![
            Value::from_raw(self.global),
            Value::from_raw(self.bytes.source),
        ];
        inputs.extend(self.evl.map(Value::from_raw));
        // SAFETY: the mask is a live value.
        if unsafe { LLVMIsConstant(self.mask) } == 0 {
            inputs.push(Value::from_raw(self.mask));
        }
        inputs.extend(self.keep.map(|(_, passthru)| Value::from_raw(passthru)));
        inputs
    }
}

/// Every register gather of `func`.
pub fn register_gathers(func: Function) -> Vec<RegisterGather> {
    let min_vscale = crate::ffi::vscale_min(func.0) as usize;
    let mut out = Vec::new();
    for inst in func.instructions() {
        // SAFETY: live instructions of the function, read only.
        unsafe {
            if let Some(g) = register_gather(inst.raw(), min_vscale) {
                out.push(g);
            }
        }
    }
    out
}

unsafe fn register_gather(call: LLVMValueRef, min_vscale: usize) -> Option<RegisterGather> {
    let name = super::called_intrinsic(call)?;
    let vp = match name.as_str() {
        "llvm.vp.gather" => true,
        "llvm.masked.gather" => false,
        _ => return None,
    };
    let ty = LLVMTypeOf(call);
    if LLVMGetTypeKind(ty) != llvm_sys::LLVMTypeKind::LLVMScalableVectorTypeKind
        || !is_byte(LLVMGetElementType(ty))
    {
        return None;
    }
    let args = LLVMGetNumArgOperands(call);
    let (evl, keep, mask) = if vp {
        (Some(LLVMGetOperand(call, 2)), None, LLVMGetOperand(call, 1))
    } else {
        // (pointers, [alignment,] mask, pass-through)
        let (mask, passthru) = (
            LLVMGetOperand(call, args - 2),
            LLVMGetOperand(call, args - 1),
        );
        let all_true = LLVMIsConstant(mask) != 0 && mask == LLVMConstAllOnes(LLVMTypeOf(mask));
        let kept = !super::is_poison(passthru) && !all_true;
        (None, kept.then_some((mask, passthru)), mask)
    };
    let (global, idx, address) = table_address(LLVMGetOperand(call, 0))?;
    // The index before its zero extension (of any width: `vrgather.vv` takes it
    // truncated to bytes, exact where it is proved below 256), or as the address takes
    // it, sign-extended: then only where its top bit is proved clear.
    let (index, widened) = match is(idx, LLVMOpcode::LLVMZExt) {
        true => (LLVMGetOperand(idx, 0), Some(idx)),
        false => (idx, None),
    };
    let index_ty = LLVMTypeOf(index);
    if LLVMGetTypeKind(index_ty) != llvm_sys::LLVMTypeKind::LLVMScalableVectorTypeKind
        || LLVMGetVectorSize(index_ty) != LLVMGetVectorSize(ty)
    {
        return None;
    }
    // Below a byte the truncation to bytes would be no truncation; a lane count that is
    // no power of two up to 64 no register group holds.
    let width = int_width(index_ty).filter(|&w| w >= 8)?;
    let lanes = LLVMGetVectorSize(ty);
    if !lanes.is_power_of_two() || lanes > 64 {
        return None;
    }
    let max = max_value(index, 0)?;
    let max_index = match widened {
        Some(_) => u8::try_from(max).ok(),
        None => u8::try_from(max).ok().filter(|&m| width > 8 || m < 128),
    };
    max_index?;
    let mut parts = vec![Inst(address)];
    parts.extend(widened.map(Inst));
    let bytes = byte_index(index);
    parts.extend(&bytes.wide);
    Some(RegisterGather {
        root: Inst(call),
        bytes,
        min_lanes: LLVMGetVectorSize(ty) as usize * min_vscale,
        table: table_bytes(global)?,
        global,
        max_index,
        evl,
        mask,
        keep,
        parts,
    })
}

unsafe fn is_byte(t: LLVMTypeRef) -> bool {
    LLVMGetTypeKind(t) == llvm_sys::LLVMTypeKind::LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 8
}

/// Builds `vrgather.vv` of the gather's index from `table` (from
/// `lookup::plan_in_register`) inserted at lane 0 of a register, right before the
/// gather; at `vp.gather`'s vector length, else all lanes (`masked.gather`: then a
/// `select` keeps the pass-through where the mask is false). `None` (nothing left
/// built) if this LLVM lacks an intrinsic.
pub fn build_register_lookup(gather: &RegisterGather, table: &[u8]) -> Option<BuiltSequence> {
    // SAFETY: the gather's operands are live and available before it, where everything
    // is built; the types fit the intrinsics' signatures (checked when read).
    unsafe {
        let root = gather.root.raw();
        let ty = LLVMTypeOf(root);
        let ctx = LLVMGetTypeContext(ty);
        let module = LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(root)));
        let builder = LLVMCreateBuilderInContext(ctx);
        LLVMPositionBuilderBefore(builder, root);
        let (i8t, i64t) = (LLVMInt8TypeInContext(ctx), LLVMInt64TypeInContext(ctx));
        let mut bytes: Vec<LLVMValueRef> = table
            .iter()
            .map(|&b| LLVMConstInt(i8t, u64::from(b), 0))
            .collect();
        let fixed = LLVMConstVector(bytes.as_mut_ptr(), bytes.len() as u32);
        let mut built = Vec::new();
        let result = (|| {
            // The backend loads the table once, before the loop (MachineLICM).
            let mut args = [LLVMGetPoison(ty), fixed, LLVMConstInt(i64t, 0, 0)];
            let in_register = super::build_intrinsic_call(
                builder,
                module,
                "llvm.vector.insert",
                &[ty, LLVMTypeOf(fixed)],
                &mut args,
            )?;
            built.push(in_register);
            let vl = match gather.evl {
                Some(evl) => {
                    let vl = LLVMBuildZExt(builder, evl, i64t, c"".as_ptr());
                    built.push(vl);
                    vl
                }
                // All ones: VLMAX.
                None => LLVMConstAllOnes(i64t),
            };
            // The index as bytes: exact, it is proved below 256.
            let mut index = gather.bytes.source;
            for &(opcode, c) in &gather.bytes.ops {
                let by = super::build_splat(builder, ty, LLVMConstInt(i8t, c, 0));
                index = LLVMBuildBinOp(builder, opcode, index, by, c"".as_ptr());
                built.push(index);
            }
            if int_width(LLVMTypeOf(index)) != Some(8) {
                index = LLVMBuildTrunc(builder, index, LLVMTypeOf(root), c"".as_ptr());
                built.push(index);
            }
            let mut args = [LLVMGetPoison(ty), in_register, index, vl];
            let looked_up = super::build_intrinsic_call(
                builder,
                module,
                REGISTER_GATHER.intrinsic,
                &[ty, i64t],
                &mut args,
            )?;
            built.push(looked_up);
            Some(match gather.keep {
                Some((mask, passthru)) => {
                    let kept = LLVMBuildSelect(builder, mask, looked_up, passthru, c"".as_ptr());
                    built.push(kept);
                    kept
                }
                None => looked_up,
            })
        })();
        LLVMDisposeBuilder(builder);
        let Some(result) = result else {
            super::lower::erase_built(&built);
            return None;
        };
        built.retain(|&v| !LLVMIsAInstruction(v).is_null());
        Some(BuiltSequence::new(Inst(result), built))
    }
}

/// Replaces the register gather by `built` and erases its address and index extension
/// where nothing else reads them.
pub fn replace_register_gather(gather: &RegisterGather, built: BuiltSequence) {
    replace_and_erase(gather.root, &gather.parts, built)
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
    // Fixed vectors only: a scalable one's lanes 0..N-1 are not all of it, and `tbl` or
    // `pshufb` cannot take it (a helper's hunt: llc failed on SVE, TTI ended opt on x86).
    let lanes = fixed_lanes(root)?;
    if !is_byte(LLVMGetElementType(ty)) || !(8..=64).contains(&lanes) {
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
        max_index: max_value(index, 0).and_then(|m| u8::try_from(m).ok()),
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
    match LLVMGetNumOperands(ptr) {
        2 if is_byte(source) => Some((global, LLVMGetOperand(ptr, 1), ptr)),
        3 if LLVMGetTypeKind(source) == llvm_sys::LLVMTypeKind::LLVMArrayTypeKind
            && is_byte(LLVMGetElementType(source))
            && const_int(LLVMGetOperand(ptr, 1)) == Some(0) =>
        {
            Some((global, LLVMGetOperand(ptr, 2), ptr))
        }
        _ => None,
    }
}

/// The bytes of a constant global whose contents are known here for good (a constant
/// with a definitive initializer of bytes), else `None`. Definitive as LLVM says it:
/// an `external` constant of a module with semantic interposition may be replaced by
/// the executable's own when a shared library is loaded (a helper's hunt: the
/// library's bytes were baked into a `pshufb` under `-fPIC -fsemantic-interposition`).
pub(super) unsafe fn table_bytes(global: LLVMValueRef) -> Option<Vec<u8>> {
    if LLVMIsGlobalConstant(global) == 0 || !crate::ffi::definitive_initializer(global) {
        return None;
    }
    let init = LLVMGetInitializer(global);
    if init.is_null() {
        return None;
    }
    let ty = LLVMTypeOf(init);
    if LLVMGetTypeKind(ty) != llvm_sys::LLVMTypeKind::LLVMArrayTypeKind
        || !is_byte(LLVMGetElementType(ty))
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

/// The width of the integer type `ty`, or of its elements if it is a vector of them.
unsafe fn int_width(mut ty: LLVMTypeRef) -> Option<u32> {
    if matches!(
        LLVMGetTypeKind(ty),
        llvm_sys::LLVMTypeKind::LLVMVectorTypeKind
            | llvm_sys::LLVMTypeKind::LLVMScalableVectorTypeKind
    ) {
        ty = LLVMGetElementType(ty);
    }
    (LLVMGetTypeKind(ty) == llvm_sys::LLVMTypeKind::LLVMIntegerTypeKind)
        .then(|| LLVMGetIntTypeWidth(ty))
}

/// The lanes of the integer constant `c` (a scalar, a splat of a fixed or scalable
/// vector, or a fixed vector of constant integers), zero-extended; `None` where one is
/// not a constant integer (poison).
unsafe fn constant_lanes(c: LLVMValueRef) -> Option<Vec<u64>> {
    if LLVMIsConstant(c) == 0 {
        return None;
    }
    if let Some(x) = const_int(c) {
        return Some(vec![x]);
    }
    // A splat, of a scalable vector too.
    if let Some(lane) = crate::ffi::splat_value(c) {
        return const_int(lane).map(|x| vec![x]);
    }
    if LLVMGetTypeKind(LLVMTypeOf(c)) != llvm_sys::LLVMTypeKind::LLVMVectorTypeKind {
        return None;
    }
    (0..LLVMGetVectorSize(LLVMTypeOf(c)))
        .map(|i| const_int(LLVMGetAggregateElement(c, i)))
        .collect()
}

/// The largest value the integer (or any lane of the integer vector) `v` can hold,
/// where constants, masks, shifts, remainders and extensions of narrower values prove
/// one (its element width's largest value otherwise); `None` for what is not an integer
/// or a vector of integers of at most 64 bits.
pub(super) unsafe fn max_value(v: LLVMValueRef, depth: u32) -> Option<u64> {
    let width = int_width(LLVMTypeOf(v)).filter(|&w| w <= 64)?;
    let full = u64::MAX >> (64 - width);
    if let Some(lanes) = constant_lanes(v) {
        return lanes.into_iter().max();
    }
    if LLVMIsAInstruction(v).is_null() || depth > 8 {
        return Some(full);
    }
    let operand = |i| LLVMGetOperand(v, i);
    let bound = |i| max_value(operand(i), depth + 1);
    // The least lane of a constant operand (a shift amount) and the greatest (a
    // divisor: a lane's remainder is below its own divisor).
    let least = |i| constant_lanes(operand(i)).and_then(|l| l.into_iter().min());
    let greatest = |i| constant_lanes(operand(i)).and_then(|l| l.into_iter().max());
    Some(match LLVMGetInstructionOpcode(v) {
        LLVMOpcode::LLVMAnd => bound(0)?.min(bound(1)?),
        LLVMOpcode::LLVMLShr => match least(1) {
            Some(by) if by < u64::from(width) => bound(0)? >> by,
            _ => full,
        },
        LLVMOpcode::LLVMURem => match greatest(1) {
            Some(by) if by > 0 => bound(0)?.min(by - 1),
            _ => full,
        },
        LLVMOpcode::LLVMZExt => bound(0)?,
        // A sign extension of a value whose top bit is proved clear is a zero extension.
        LLVMOpcode::LLVMSExt => {
            let from = int_width(LLVMTypeOf(operand(0)))?;
            match bound(0)? {
                b if b < 1u64 << (from - 1) => b,
                _ => full,
            }
        }
        _ => full,
    })
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
    replace_and_erase(gather.root, &gather.parts, built)
}

/// Replaces `root` by `built`, then erases those of `parts` left unused.
fn replace_and_erase(root: Inst, parts: &[Inst], built: BuiltSequence) {
    super::lower::replace_with(root, built);
    // SAFETY: the parts are live until erased here; each is erased only once unused.
    unsafe {
        let mut left: Vec<LLVMValueRef> = parts
            .iter()
            .map(|p| p.raw())
            .filter(|&p| p != root.raw())
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
