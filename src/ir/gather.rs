//! Vectors gathered lane by lane from scalar loads that together read one block of
//! memory exactly once, read from the IR, and what replaces them: one wide load of the
//! block, cut into registers (shuffles of the load, which the networks,
//! `crate::pass::network`, may then rebuild as stages), each vector taken from its
//! register.
//!
//! The loop vectorizer leaves this for a stride above its largest interleave group
//! (8): a 4x4 SATD reading 32 bytes an item, vectorized by 4 items, gathers each of the
//! 32 byte positions from 4 items with 4 scalar loads and 4 `insertelement`s:
//!
//! ```text
//! %l0 = load i8, ptr %p            ; item 0, position 0
//! %l1 = load i8, ptr %p+32         ; item 1
//! ...                              ; 128 loads, 32 gathered <4 x i8>
//! =>
//! %w  = load <128 x i8>, ptr %p
//! %r0 = shufflevector %w, poison, <0,32,64,96, 1,33,65,97, ...>   ; positions 0-3
//! %g0 = shufflevector (fence %r0), poison, <0,1,2,3>               ; position 0
//! ```
//!
//! The registers go through `llvm.arithmetic.fence` before the vectors are taken from
//! them: the backend would otherwise compose each vector's shuffle with its register's
//! and select the composition as before, lane by lane.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMOpcode, LLVMTypeKind};

use super::lower::Value;
use super::{base_and_offset, build_shuffle, fixed_lanes, is, is_poison, single_use, users};
use super::{touches_memory, Function, Inst};
use crate::ffi::Target;

/// Elements of a block, at most (the networks' limit).
const MAX_ELEMENTS: usize = 256;

/// Gathered vectors of one block that together read each of its elements once.
pub struct LoadGather {
    /// The last `insertelement` of each gather, in the order of the first element read.
    pub roots: Vec<Inst>,
    /// Lanes of each gathered vector.
    pub lanes: usize,
    /// Element of the block each lane reads (root `r`, lane `j` at `r * lanes + j`).
    pub mask: Vec<i32>,
    /// Bits of an element.
    pub element_bits: u32,
    /// Every load and `insertelement` of the gathers (erased once unused).
    parts: Vec<Inst>,
    /// The pointer to the block's first element (a load's own address) and that load's
    /// alignment.
    address: LLVMValueRef,
    align: u32,
    /// The first of the loads in the block: the wide load goes right before it.
    first: LLVMValueRef,
}

impl LoadGather {
    /// Elements of the block.
    pub fn elements(&self) -> usize {
        self.mask.len()
    }

    /// The type of the gathered vectors, as text (for keys and remarks).
    pub fn vector_type(&self) -> String {
        self.roots[0].ty().to_string()
    }

    /// What the gathers and their replacement are computed from: the values their
    /// addresses start from (arguments, phis, values of other blocks), so that both are
    /// measured with their address arithmetic.
    pub fn measured_inputs(&self) -> Vec<Value> {
        // SAFETY: live loads of one block, read only.
        unsafe {
            let pointers = self
                .parts
                .iter()
                .filter(|p| !LLVMIsALoadInst(p.raw()).is_null())
                .map(|p| LLVMGetOperand(p.raw(), 0))
                .collect();
            super::address_inputs(pointers, LLVMGetInstructionParent(self.first))
        }
    }
}

/// A pointer's address as a key: its base up to value identity of the arithmetic on the
/// index (the vectorizer computes `shl i64 %i, 5` once per lane), and a constant byte
/// offset.
unsafe fn address_key(ptr: LLVMValueRef, block: LLVMBasicBlockRef) -> (String, i64) {
    let (base, offset) = base_and_offset(ptr);
    let base = base.raw();
    // `getelementptr i8, %p, (extractelement %v, k)`, lane k of %v a shared part plus
    // a constant (the loop vectorizer's vector induction on x86-64-v4).
    if !LLVMIsAGetElementPtrInst(base).is_null() && LLVMGetNumOperands(base) == 2 {
        let element = LLVMGetGEPSourceElementType(base);
        let index = LLVMGetOperand(base, 1);
        let bytes = LLVMGetTypeKind(element) == LLVMTypeKind::LLVMIntegerTypeKind
            && LLVMGetIntTypeWidth(element) == 8;
        // 64-bit lanes only: the constants are worked out modulo 2^64, as the address
        // is; narrower lanes would wrap before the index is extended.
        let wide = LLVMGetTypeKind(LLVMTypeOf(index)) == LLVMTypeKind::LLVMIntegerTypeKind
            && LLVMGetIntTypeWidth(LLVMTypeOf(index)) == 64;
        if bytes && wide && is(index, LLVMOpcode::LLVMExtractElement) {
            let lane = LLVMGetOperand(index, 1);
            if !LLVMIsAConstantInt(lane).is_null() {
                let k = LLVMConstIntGetZExtValue(lane) as usize;
                if let Some((key, constant)) = lane_affine(LLVMGetOperand(index, 0), k, 4) {
                    let pointer = value_key(LLVMGetOperand(base, 0), block, 6);
                    return (
                        format!("(gep {pointer} {key})"),
                        offset.wrapping_add(constant),
                    );
                }
            }
        }
    }
    (value_key(base, block, 6), offset)
}

/// Lane `k` of the integer vector `v` as a part every lane shares (a key) plus a
/// constant: a vector induction (`phi [<a0, a1, ..>, %entry], [add %v, splat S]`,
/// lane k `a0 + i*S` plus `ak - a0`), and `shl`, `mul` by a constant splat and `add` of a
/// constant vector on such a vector. Arithmetic is modulo 2^64, as the addresses'.
unsafe fn lane_affine(v: LLVMValueRef, k: usize, depth: u32) -> Option<(String, i64)> {
    let lane = |c: LLVMValueRef, k: usize| -> Option<i64> {
        let e = if LLVMIsAConstantInt(c).is_null() {
            LLVMGetAggregateElement(c, k as u32)
        } else {
            c // a splat
        };
        (!e.is_null() && !LLVMIsAConstantInt(e).is_null()).then(|| LLVMConstIntGetSExtValue(e))
    };
    if LLVMIsAInstruction(v).is_null() || depth == 0 {
        return None;
    }
    match LLVMGetInstructionOpcode(v) {
        LLVMOpcode::LLVMPHI => {
            if LLVMCountIncoming(v) != 2 {
                return None;
            }
            // One incoming value a constant vector (the start), the other `add %v, splat`.
            let (a, b) = (LLVMGetIncomingValue(v, 0), LLVMGetIncomingValue(v, 1));
            let (start, step) = match LLVMIsConstant(a) != 0 {
                true => (a, b),
                false => (b, a),
            };
            if LLVMIsConstant(start) == 0
                || !is(step, LLVMOpcode::LLVMAdd)
                || LLVMGetOperand(step, 0) != v
            {
                return None;
            }
            // The same step in every lane (a splat, however LLVM holds the constant).
            let by = LLVMGetOperand(step, 1);
            let splat = LLVMIsConstant(by) != 0
                && lane(by, 0).is_some()
                && (0..fixed_lanes(by)?).all(|j| lane(by, j) == lane(by, 0));
            if !splat {
                return None;
            }
            let (first, this) = (lane(start, 0)?, lane(start, k)?);
            Some((format!("(iv {v:p})"), this.wrapping_sub(first)))
        }
        op @ (LLVMOpcode::LLVMShl | LLVMOpcode::LLVMMul | LLVMOpcode::LLVMAdd) => {
            let (w, c) = (LLVMGetOperand(v, 0), LLVMGetOperand(v, 1));
            if LLVMIsConstant(c) == 0 {
                return None;
            }
            let (key, part) = lane_affine(w, k, depth - 1)?;
            match op {
                LLVMOpcode::LLVMAdd => Some((key, part.wrapping_add(lane(c, k)?))),
                _ => {
                    // The same factor in every lane: it scales the shared part too.
                    let factor = lane(c, 0)?;
                    if (0..fixed_lanes(v)?).any(|j| lane(c, j) != Some(factor)) {
                        return None;
                    }
                    let scaled = match op {
                        LLVMOpcode::LLVMShl if (0..64).contains(&factor) => {
                            part.wrapping_shl(factor as u32)
                        }
                        LLVMOpcode::LLVMMul => part.wrapping_mul(factor),
                        _ => return None,
                    };
                    Some((format!("({op:?} {key} {factor})"), scaled))
                }
            }
        }
        _ => None,
    }
}

/// The address arithmetic looked through: no memory, no side effects.
const PURE: [LLVMOpcode; 9] = [
    LLVMOpcode::LLVMGetElementPtr,
    LLVMOpcode::LLVMExtractElement,
    LLVMOpcode::LLVMAdd,
    LLVMOpcode::LLVMSub,
    LLVMOpcode::LLVMMul,
    LLVMOpcode::LLVMShl,
    LLVMOpcode::LLVMOr,
    LLVMOpcode::LLVMZExt,
    LLVMOpcode::LLVMSExt,
];

/// `v` as text that two computations of the same value share: `getelementptr i8` and
/// integer arithmetic of this block by opcode, type and operands, constants by type and
/// value, anything else by identity. (By type too: `mul (zext %b to i16), 1000` wraps
/// where the same on `i32` does not, and two such indices once made a join read the
/// wrong place: a helper's hunt.)
pub(super) unsafe fn value_key(v: LLVMValueRef, block: LLVMBasicBlockRef, depth: u32) -> String {
    if !LLVMIsAConstantInt(v).is_null() {
        return format!(
            "{}:{}",
            type_key(LLVMTypeOf(v)),
            LLVMConstIntGetSExtValue(v)
        );
    }
    let local = !LLVMIsAInstruction(v).is_null() && LLVMGetInstructionParent(v) == block;
    let pure = local && depth > 0 && PURE.contains(&LLVMGetInstructionOpcode(v));
    if !pure {
        return format!("{v:p}");
    }
    let mut key = format!(
        "({:?}:{}",
        LLVMGetInstructionOpcode(v),
        type_key(LLVMTypeOf(v))
    );
    if !LLVMIsAGetElementPtrInst(v).is_null() {
        let element = LLVMGetGEPSourceElementType(v);
        let bytes = LLVMGetTypeKind(element) == LLVMTypeKind::LLVMIntegerTypeKind
            && LLVMGetIntTypeWidth(element) == 8
            && LLVMGetNumOperands(v) == 2;
        if !bytes {
            return format!("{v:p}");
        }
    }
    for i in 0..LLVMGetNumOperands(v) {
        key.push(' ');
        key.push_str(&value_key(LLVMGetOperand(v, i as u32), block, depth - 1));
    }
    key.push(')');
    key
}

/// A type as short text for [`value_key`]: `i16`, `p1` (a pointer of address space 1),
/// `<4 x i64>`; anything else by identity (types are unique in their context).
unsafe fn type_key(ty: LLVMTypeRef) -> String {
    match LLVMGetTypeKind(ty) {
        LLVMTypeKind::LLVMIntegerTypeKind => format!("i{}", LLVMGetIntTypeWidth(ty)),
        LLVMTypeKind::LLVMPointerTypeKind => format!("p{}", LLVMGetPointerAddressSpace(ty)),
        LLVMTypeKind::LLVMVectorTypeKind => format!(
            "<{} x {}>",
            LLVMGetVectorSize(ty),
            type_key(LLVMGetElementType(ty))
        ),
        _ => format!("{ty:p}"),
    }
}

/// One gathered vector: its root, its loads by lane, their addresses' keys.
struct Gather {
    root: LLVMValueRef,
    loads: Vec<LLVMValueRef>,
    inserts: Vec<LLVMValueRef>,
    base: String,
    offsets: Vec<i64>,
}

/// `root` as a gather: the end of a chain of `insertelement`s into poison that sets
/// every lane once to a simple load of the lane's type in the root's block, each load
/// and inner `insertelement` read only by the chain.
unsafe fn gather(root: LLVMValueRef) -> Option<Gather> {
    if !is(root, LLVMOpcode::LLVMInsertElement) {
        return None;
    }
    let lanes = fixed_lanes(root)?;
    let ends_chain = users(root)
        .iter()
        .all(|&u| !is(u, LLVMOpcode::LLVMInsertElement) || LLVMGetOperand(u, 0) != root);
    if !ends_chain || !(2..=64).contains(&lanes) {
        return None;
    }
    let block = LLVMGetInstructionParent(root);
    let element = LLVMGetElementType(LLVMTypeOf(root));
    let mut loads: Vec<Option<LLVMValueRef>> = vec![None; lanes];
    let mut inserts = Vec::new();
    let mut v = root;
    while is(v, LLVMOpcode::LLVMInsertElement) {
        if v != root && !single_use(v) {
            return None;
        }
        let index = LLVMGetOperand(v, 2);
        if LLVMIsAConstantInt(index).is_null() {
            return None;
        }
        let k = LLVMConstIntGetZExtValue(index) as usize;
        let load = LLVMGetOperand(v, 1);
        let simple = !LLVMIsALoadInst(load).is_null()
            && LLVMGetInstructionParent(load) == block
            && LLVMGetVolatile(load) == 0
            && LLVMGetOrdering(load) == llvm_sys::LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic
            && LLVMTypeOf(load) == element
            && single_use(load);
        if k >= lanes || loads[k].is_some() || !simple {
            return None;
        }
        loads[k] = Some(load);
        inserts.push(v);
        v = LLVMGetOperand(v, 0);
    }
    if !is_poison(v) {
        return None;
    }
    let loads: Vec<LLVMValueRef> = loads.into_iter().collect::<Option<_>>()?;
    let keys: Vec<(String, i64)> = loads
        .iter()
        .map(|&l| address_key(LLVMGetOperand(l, 0), block))
        .collect();
    if keys.iter().any(|(b, _)| *b != keys[0].0) {
        return None;
    }
    Some(Gather {
        root,
        loads,
        inserts,
        base: keys[0].0.clone(),
        offsets: keys.iter().map(|(_, o)| *o).collect(),
    })
}

/// Bits of an integer or floating-point element of 1, 2, 4 or 8 bytes (a vector of
/// `i24` is bit-packed: its elements are not where the scalars' offsets say).
unsafe fn element_bits(ty: LLVMTypeRef) -> Option<u32> {
    let bits = match LLVMGetTypeKind(ty) {
        LLVMTypeKind::LLVMIntegerTypeKind => LLVMGetIntTypeWidth(ty),
        LLVMTypeKind::LLVMFloatTypeKind => 32,
        LLVMTypeKind::LLVMDoubleTypeKind => 64,
        _ => return None,
    };
    matches!(bits, 8 | 16 | 32 | 64).then_some(bits)
}

/// Every group of gathers of `func` (one block, one vector type, one base) whose loads
/// read each element of one block of 8 to 256 elements (a power of two) exactly once,
/// where nothing between the first load and the last may write the block (LLVM's alias
/// analysis for the function, through `target`).
pub fn load_gathers(func: Function, target: &Target) -> Vec<LoadGather> {
    let mut groups = super::Groups::default();
    for inst in func.instructions() {
        // SAFETY: live instructions of the function, read only.
        unsafe {
            let Some(g) = gather(inst.raw()) else {
                continue;
            };
            let key = (
                LLVMGetInstructionParent(g.root),
                LLVMTypeOf(g.root),
                g.base.clone(),
            );
            groups.push(key, g);
        }
    }
    groups
        .into_iter()
        // SAFETY: live instructions, read only.
        .filter_map(|(_, members)| unsafe { whole_block(members, target) })
        .collect()
}

/// `members` as one block read once, if they are.
unsafe fn whole_block(mut members: Vec<Gather>, target: &Target) -> Option<LoadGather> {
    let root_ty = LLVMTypeOf(members[0].root);
    let bits = element_bits(LLVMGetElementType(root_ty))?;
    let bytes = i64::from(bits / 8);
    let lanes = members[0].loads.len();
    let elements = lanes * members.len();
    if members.len() < 2 || !(8..=MAX_ELEMENTS).contains(&elements) || !elements.is_power_of_two() {
        return None;
    }
    members.sort_by_key(|g| g.offsets[0]);
    let lo = members.iter().flat_map(|g| &g.offsets).copied().min()?;
    let mut mask = Vec::with_capacity(elements);
    let mut seen = vec![false; elements];
    for off in members.iter().flat_map(|g| &g.offsets) {
        let rel = off - lo;
        let e = (rel / bytes) as usize;
        if rel % bytes != 0 || e >= elements || seen[e] {
            return None;
        }
        seen[e] = true;
        mask.push(e as i32);
    }
    // The load of the block's first element gives the address; the first load of all
    // in the block is where the wide one goes, and nothing from there to the last may
    // write the block, or keep execution from reaching the last (a call that may not
    // return or may unwind: the later loads, moved above it, would read what the
    // original never did, past a guard page at worst).
    let loads: Vec<LLVMValueRef> = members.iter().flat_map(|g| g.loads.clone()).collect();
    let lowest = members
        .iter()
        .flat_map(|g| g.loads.iter().zip(&g.offsets))
        .find(|(_, &o)| o == lo)
        .map(|(&l, _)| l)?;
    let block = LLVMGetInstructionParent(lowest);
    let address = LLVMGetOperand(lowest, 0);
    let (mut first, mut last) = (None, None);
    let mut left = loads.len();
    let mut i = LLVMGetFirstInstruction(block);
    while !i.is_null() && left > 0 {
        if loads.contains(&i) {
            first.get_or_insert(i);
            last = Some(i);
            left -= 1;
        } else if first.is_some()
            && touches_memory(i)
            && (!target.transfers_execution(i)
                || match LLVMIsALoadInst(i).is_null() {
                    // (A load reordered with an atomic or volatile one: not allowed.)
                    false => !super::simple_access(i),
                    true => target.may_write(i, address, elements as u64 * bytes as u64),
                })
        {
            return None;
        }
        i = LLVMGetNextInstruction(i);
    }
    let (first, _last) = (first?, last?);
    // The wide load goes before the first load: its address must be there, or be
    // arithmetic that can be computed there.
    if !computable_before(address, first, 6) {
        return None;
    }
    let align = LLVMGetAlignment(lowest);
    let parts: Vec<Inst> = members
        .iter()
        .flat_map(|g| g.inserts.iter().chain(&g.loads))
        .map(|&v| Inst(v))
        .collect();
    Some(LoadGather {
        roots: members.iter().map(|g| Inst(g.root)).collect(),
        lanes,
        mask,
        element_bits: bits,
        parts,
        address,
        align,
        first,
    })
}

/// The wide load and the registers cut from it, built before the gathers' first load:
/// one vector per gather, not yet in its place.
pub struct BuiltGather {
    /// The replacement of each gather (in the order of `LoadGather::roots`).
    pub results: Vec<Value>,
    /// Lanes of each register.
    pub register_lanes: usize,
}

/// Builds the wide load of `g`'s block and its registers of `register_lanes` lanes
/// (each the next gathers side by side; at least one gather), and each gather's vector
/// taken from its register through a fence; `None` (nothing built) where the lanes do
/// not divide.
pub fn build_gather(g: &LoadGather, register_lanes: usize) -> Option<BuiltGather> {
    let per_register = (register_lanes / g.lanes).max(1);
    let register_lanes = per_register * g.lanes;
    let register_bits = register_lanes as u32 * g.element_bits;
    if g.roots.len() % per_register != 0 || register_bits % 32 != 0 {
        return None;
    }
    // SAFETY: `g`'s values are live; everything is built right before its first load,
    // which the address dominates (checked when read).
    unsafe {
        let ctx = LLVMGetTypeContext(LLVMTypeOf(g.first));
        let module =
            LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(g.first)));
        let builder = LLVMCreateBuilderInContext(ctx);
        LLVMPositionBuilderBefore(builder, g.first);
        let element = LLVMGetElementType(LLVMTypeOf(g.roots[0].raw()));
        let wide_ty = LLVMVectorType(element, g.elements() as u32);
        let address = available_before(g.address, g.first, builder);
        let wide = LLVMBuildLoad2(builder, wide_ty, address, c"".as_ptr());
        LLVMSetAlignment(wide, g.align);
        let floats = LLVMVectorType(LLVMFloatTypeInContext(ctx), register_bits / 32);
        let id = LLVMLookupIntrinsicID(c"llvm.arithmetic.fence".as_ptr(), 21);
        let mut overload = [floats];
        let fence = LLVMGetIntrinsicDeclaration(module, id, overload.as_mut_ptr(), 1);
        let fence_ty = LLVMIntrinsicGetType(ctx, id, overload.as_mut_ptr(), 1);
        let mut results = Vec::new();
        for q in 0..g.roots.len() / per_register {
            let lanes = &g.mask[q * register_lanes..(q + 1) * register_lanes];
            let register = build_shuffle(builder, wide, None, lanes);
            // Every result is taken through the fence, also a register's only one: the
            // networks, which run before the decision, may rebuild the register and
            // erase it, and a use of it is replaced with it, a result that is the
            // register itself would be left dangling (a crash on libsodium's argon2).
            let register_ty = LLVMTypeOf(register);
            let mut f = [LLVMBuildBitCast(builder, register, floats, c"".as_ptr())];
            let fenced = LLVMBuildCall2(builder, fence_ty, fence, f.as_mut_ptr(), 1, c"".as_ptr());
            let fenced = LLVMBuildBitCast(builder, fenced, register_ty, c"".as_ptr());
            if per_register == 1 {
                results.push(Value::from_raw(fenced));
                continue;
            }
            for k in 0..per_register {
                let part: Vec<i32> = (k * g.lanes..(k + 1) * g.lanes).map(|x| x as i32).collect();
                results.push(Value::from_raw(build_shuffle(builder, fenced, None, &part)));
            }
        }
        LLVMDisposeBuilder(builder);
        Some(BuiltGather {
            results,
            register_lanes,
        })
    }
}

/// Whether `v` is defined before `first` (or outside its block), or is address
/// arithmetic ([`PURE`]) on such values.
pub(super) unsafe fn computable_before(v: LLVMValueRef, first: LLVMValueRef, depth: u32) -> bool {
    let block = LLVMGetInstructionParent(first);
    if LLVMIsAInstruction(v).is_null() || LLVMGetInstructionParent(v) != block {
        return true;
    }
    if defined_before(v, first) {
        return true;
    }
    depth > 0
        && PURE.contains(&LLVMGetInstructionOpcode(v))
        && (0..LLVMGetNumOperands(v))
            .all(|k| computable_before(LLVMGetOperand(v, k as u32), first, depth - 1))
}

/// Whether the instruction `v` comes before `first` in their block.
unsafe fn defined_before(v: LLVMValueRef, first: LLVMValueRef) -> bool {
    let mut i = LLVMGetFirstInstruction(LLVMGetInstructionParent(first));
    while !i.is_null() && i != first {
        if i == v {
            return true;
        }
        i = LLVMGetNextInstruction(i);
    }
    false
}

/// `v` where `builder` stands, right before `first`: itself if defined before it (or
/// elsewhere), else a copy of its computation (address arithmetic of the block, which
/// [`value_key`] admits) from values that are.
pub(super) unsafe fn available_before(
    v: LLVMValueRef,
    first: LLVMValueRef,
    builder: LLVMBuilderRef,
) -> LLVMValueRef {
    let block = LLVMGetInstructionParent(first);
    if LLVMIsAInstruction(v).is_null()
        || LLVMGetInstructionParent(v) != block
        || defined_before(v, first)
    {
        return v;
    }
    let copy = LLVMInstructionClone(v);
    for k in 0..LLVMGetNumOperands(v) {
        let operand = available_before(LLVMGetOperand(v, k as u32), first, builder);
        LLVMSetOperand(copy, k as u32, operand);
    }
    LLVMInsertIntoBuilder(builder, copy);
    copy
}

/// Stores built to measure values as a group, and their addresses.
pub struct MeasuringStores {
    pub stores: Vec<Inst>,
    addresses: Vec<Inst>,
}

/// Stores of each of `values` to consecutive places from `g`'s address, right after
/// the last gather, to measure them as a group (erased with [`erase_stores`]).
pub fn measuring_stores(g: &LoadGather, values: &[Value]) -> MeasuringStores {
    // SAFETY: live values; the stores go after the last root, which every value
    // dominates (the replacements are built before the first load).
    unsafe {
        let roots: Vec<LLVMValueRef> = g.roots.iter().map(|r| r.raw()).collect();
        let mut last = g.first;
        let mut i = g.first;
        while !i.is_null() {
            if roots.contains(&i) {
                last = i;
            }
            i = LLVMGetNextInstruction(i);
        }
        let ctx = LLVMGetTypeContext(LLVMTypeOf(last));
        let builder = LLVMCreateBuilderInContext(ctx);
        LLVMPositionBuilderBefore(builder, LLVMGetNextInstruction(last));
        let i8t = LLVMInt8TypeInContext(ctx);
        let i64t = LLVMInt64TypeInContext(ctx);
        let bytes = (g.lanes as u32 * g.element_bits / 8) as u64;
        let mut out = MeasuringStores {
            stores: Vec::new(),
            addresses: Vec::new(),
        };
        for (k, v) in values.iter().enumerate() {
            let mut index = [LLVMConstInt(i64t, k as u64 * bytes, 0)];
            let at = LLVMBuildGEP2(builder, i8t, g.address, index.as_mut_ptr(), 1, c"".as_ptr());
            let store = LLVMBuildStore(builder, v.raw(), at);
            LLVMSetAlignment(store, 1);
            out.stores.push(Inst(store));
            if !LLVMIsAInstruction(at).is_null() {
                out.addresses.push(Inst(at));
            }
        }
        LLVMDisposeBuilder(builder);
        out
    }
}

/// Erases what [`measuring_stores`] built.
pub fn erase_stores(built: MeasuringStores) {
    // SAFETY: the stores built there (nothing reads them), then their addresses.
    unsafe {
        for s in &built.stores {
            LLVMInstructionEraseFromParent(s.raw());
        }
    }
    super::erase_unused(&built.addresses);
}

/// Replaces each gather by its vector and erases its loads and `insertelement`s.
pub fn replace_gathers(g: &LoadGather, built: &BuiltGather) {
    // SAFETY: live roots and values of their types built before them.
    unsafe {
        for (root, v) in g.roots.iter().zip(&built.results) {
            super::take_name(root.raw(), v.raw());
            LLVMReplaceAllUsesWith(root.raw(), v.raw());
        }
    }
    super::erase_unused(&g.parts);
}

/// Erases a replacement that is not used: its vectors and, as they become unused, what
/// they were computed from (the fences, the registers, or the network the registers
/// became, and the wide load).
pub fn discard(built: BuiltGather) {
    // The gathers' own code still reads everything it did (the wide load's address
    // among it), so only what was built goes.
    let results: Vec<LLVMValueRef> = built.results.iter().map(|v| v.raw()).collect();
    super::erase_unread(&results);
}
