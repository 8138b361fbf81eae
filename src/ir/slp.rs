//! Store chains of scalar copies read from the IR (`crate::slp`), the safety of moving
//! their loads up and their stores down, and the vector copy built in their place.

use std::collections::HashMap;

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMTypeKind;

use super::lower::Value;
use super::{base_and_offset, single_use, touches_memory, Function, Inst};
use crate::slp::{self, Window};

/// A permuted copy found in a block: its scalar stores (in store order) and the loads
/// they store, the bases, and the window.
#[derive(Clone, Debug)]
pub struct PermutedCopy {
    pub stores: Vec<Inst>,
    pub loads: Vec<Inst>,
    pub store_base: Value,
    pub load_base: Value,
    pub window: Window,
    /// The element type.
    elem: LLVMTypeRef,
    /// The first and last instruction of the copies in the block.
    first: LLVMValueRef,
    last: LLVMValueRef,
}

impl PermutedCopy {
    /// `<N x T>` as text, for keys and remarks.
    pub fn vector_type(&self) -> String {
        // SAFETY: a live type.
        unsafe {
            let ty = LLVMVectorType(self.elem, self.window.mask.len() as u32);
            format!("{}", super::Type(ty))
        }
    }
}

fn simple(access: LLVMValueRef) -> bool {
    // SAFETY: a live load or store.
    unsafe {
        LLVMGetVolatile(access) == 0
            && LLVMGetOrdering(access) == llvm_sys::LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic
    }
}

/// Bytes of a scalar integer or floating-point type, if whole.
fn scalar_bytes(ty: LLVMTypeRef) -> Option<i64> {
    // SAFETY: a live type.
    let bits = unsafe {
        match LLVMGetTypeKind(ty) {
            LLVMTypeKind::LLVMIntegerTypeKind => LLVMGetIntTypeWidth(ty),
            LLVMTypeKind::LLVMHalfTypeKind | LLVMTypeKind::LLVMBFloatTypeKind => 16,
            LLVMTypeKind::LLVMFloatTypeKind => 32,
            LLVMTypeKind::LLVMDoubleTypeKind => 64,
            _ => return None,
        }
    };
    (bits % 8 == 0 && bits >= 8).then_some(i64::from(bits / 8))
}

/// Every permuted copy of `func` whose loads may move up to its first instruction and
/// whose stores down to its last: in between, nothing else touches memory, and the
/// bytes loaded and the bytes stored cannot overlap (one base and disjoint ranges, or
/// two distinct identified objects: `noalias` arguments, allocas, globals).
pub fn permuted_copies(func: Function) -> Vec<PermutedCopy> {
    let mut out = Vec::new();
    // SAFETY: walking a live function's blocks and instructions, reading only.
    unsafe {
        let mut bb = LLVMGetFirstBasicBlock(func.0);
        while !bb.is_null() {
            let mut position: HashMap<LLVMValueRef, usize> = HashMap::new();
            let mut groups: Vec<(GroupKey, Vec<ScalarCopy>)> = Vec::new();
            let mut inst = LLVMGetFirstInstruction(bb);
            while !inst.is_null() {
                position.insert(inst, position.len());
                if let Some((key, copy)) = scalar_copy(inst, bb) {
                    match groups.iter_mut().find(|(k, _)| *k == key) {
                        Some((_, v)) => v.push(copy),
                        None => groups.push((key, vec![copy])),
                    }
                }
                inst = LLVMGetNextInstruction(inst);
            }
            for ((store_base, load_base, elem), copies) in groups {
                let Some(bytes) = scalar_bytes(elem) else {
                    continue;
                };
                let offsets: Vec<(i64, i64)> = copies.iter().map(|c| (c.2, c.3)).collect();
                for window in slp::permuted_copies(&offsets, bytes) {
                    let stores: Vec<LLVMValueRef> =
                        window.members.iter().map(|&m| copies[m].0).collect();
                    let loads: Vec<LLVMValueRef> =
                        window.members.iter().map(|&m| copies[m].1).collect();
                    let at = |v: &LLVMValueRef| position.get(v).copied().unwrap_or(0);
                    let all: Vec<LLVMValueRef> = stores.iter().chain(&loads).copied().collect();
                    let (Some(first), Some(last)) = (
                        all.iter().min_by_key(|v| at(v)),
                        all.iter().max_by_key(|v| at(v)),
                    ) else {
                        continue;
                    };
                    let len = bytes * window.mask.len() as i64;
                    let apart = if store_base == load_base {
                        !slp::overlap(window.store_start, window.load_start, len)
                    } else {
                        distinct_objects(store_base, load_base)
                    };
                    let before = |v: LLVMValueRef| {
                        LLVMIsAInstruction(v).is_null()
                            || LLVMGetInstructionParent(v) != bb
                            || at(&v) < at(first)
                    };
                    if !apart
                        || !before(store_base)
                        || !before(load_base)
                        || !quiet_between(*first, *last, &stores, &loads)
                    {
                        continue;
                    }
                    out.push(PermutedCopy {
                        stores: stores.into_iter().map(Inst).collect(),
                        loads: loads.into_iter().map(Inst).collect(),
                        store_base: Value::from_raw(store_base),
                        load_base: Value::from_raw(load_base),
                        window,
                        elem,
                        first: *first,
                        last: *last,
                    });
                }
            }
            bb = LLVMGetNextBasicBlock(bb);
        }
    }
    out
}

/// Copies are grouped by store base, load base and type.
type GroupKey = (LLVMValueRef, LLVMValueRef, LLVMTypeRef);

/// A scalar copy: the store, the load, the store's and the load's byte offsets.
type ScalarCopy = (LLVMValueRef, LLVMValueRef, i64, i64);

/// A simple scalar store of a simple scalar load of the same block read only by it:
/// its group and the copy.
unsafe fn scalar_copy(inst: LLVMValueRef, bb: LLVMBasicBlockRef) -> Option<(GroupKey, ScalarCopy)> {
    if LLVMIsAStoreInst(inst).is_null() || !simple(inst) {
        return None;
    }
    let value = LLVMGetOperand(inst, 0);
    let ty = LLVMTypeOf(value);
    scalar_bytes(ty)?;
    let load_here = !LLVMIsALoadInst(value).is_null()
        && simple(value)
        && LLVMGetInstructionParent(value) == bb
        && single_use(value);
    if !load_here {
        return None;
    }
    let (sb, so) = base_and_offset(LLVMGetOperand(inst, 1));
    let (lb, lo) = base_and_offset(LLVMGetOperand(value, 0));
    Some(((sb.raw(), lb.raw(), ty), (inst, value, so, lo)))
}

/// Nothing between `first` and `last` (inclusive) touches memory but the copies.
unsafe fn quiet_between(
    first: LLVMValueRef,
    last: LLVMValueRef,
    stores: &[LLVMValueRef],
    loads: &[LLVMValueRef],
) -> bool {
    let mut i = first;
    loop {
        if touches_memory(i) && !stores.contains(&i) && !loads.contains(&i) {
            return false;
        }
        if i == last {
            return true;
        }
        i = LLVMGetNextInstruction(i);
        if i.is_null() {
            return false;
        }
    }
}

/// The object a pointer is into: through every `getelementptr`.
unsafe fn underlying(mut ptr: LLVMValueRef) -> LLVMValueRef {
    while !LLVMIsAGetElementPtrInst(ptr).is_null() {
        ptr = LLVMGetOperand(ptr, 0);
    }
    ptr
}

/// Whether two pointers are into two distinct identified objects, which no access
/// through one can reach through the other: `noalias` arguments, allocas, globals.
unsafe fn distinct_objects(a: LLVMValueRef, b: LLVMValueRef) -> bool {
    let (a, b) = (underlying(a), underlying(b));
    a != b && identified(a) && identified(b)
}

unsafe fn identified(v: LLVMValueRef) -> bool {
    if !LLVMIsAAllocaInst(v).is_null() || !LLVMIsAGlobalVariable(v).is_null() {
        return true;
    }
    if LLVMIsAArgument(v).is_null() {
        return false;
    }
    let func = LLVMGetParamParent(v);
    let index = (0..LLVMCountParams(func)).find(|&i| LLVMGetParam(func, i) == v);
    let kind = LLVMGetEnumAttributeKindForName(c"noalias".as_ptr(), 7);
    index.is_some_and(|i| !LLVMGetEnumAttributeAtIndex(func, i + 1, kind).is_null())
}

/// The vector copy built for a permuted copy: the load before its first instruction,
/// the shuffle, the store after its last.
pub struct BuiltCopy {
    pub store: Inst,
    built: Vec<LLVMValueRef>,
}

/// Builds `copy`'s vector load, shuffle and store.
pub fn build_copy(copy: &PermutedCopy) -> BuiltCopy {
    let n = copy.window.mask.len() as u32;
    // SAFETY: the bases dominate `first` (checked when found); `last` is a live
    // instruction with a successor (a block ends with its terminator, never a store).
    unsafe {
        let ctx = LLVMGetTypeContext(copy.elem);
        let vty = LLVMVectorType(copy.elem, n);
        let i8t = LLVMInt8TypeInContext(ctx);
        let i64t = LLVMInt64TypeInContext(ctx);
        let i32t = LLVMInt32TypeInContext(ctx);
        let builder = LLVMCreateBuilderInContext(ctx);
        let mut built = Vec::new();
        let address = |base: LLVMValueRef, offset: i64, built: &mut Vec<LLVMValueRef>| {
            if offset == 0 {
                return base;
            }
            let mut idx = [LLVMConstInt(i64t, offset as u64, 1)];
            let g = LLVMBuildGEP2(builder, i8t, base, idx.as_mut_ptr(), 1, c"".as_ptr());
            if !LLVMIsAInstruction(g).is_null() {
                built.push(g);
            }
            g
        };
        // Alignment: the scalar access at the vector's first address.
        let align_of = |accesses: &[Inst], offsets: &[i64], start: i64| {
            accesses
                .iter()
                .zip(offsets)
                .find(|(_, &o)| o == start)
                .map_or(1, |(a, _)| LLVMGetAlignment(a.raw()))
        };
        let (load_offsets, store_offsets): (Vec<i64>, Vec<i64>) = copy
            .loads
            .iter()
            .zip(&copy.stores)
            .map(|(l, s)| {
                (
                    base_and_offset(LLVMGetOperand(l.raw(), 0)).1,
                    base_and_offset(LLVMGetOperand(s.raw(), 1)).1,
                )
            })
            .unzip();
        LLVMPositionBuilderBefore(builder, copy.first);
        let from = address(copy.load_base.raw(), copy.window.load_start, &mut built);
        let load = LLVMBuildLoad2(builder, vty, from, c"".as_ptr());
        LLVMSetAlignment(
            load,
            align_of(&copy.loads, &load_offsets, copy.window.load_start),
        );
        built.push(load);
        let mut m: Vec<LLVMValueRef> = copy
            .window
            .mask
            .iter()
            .map(|&x| LLVMConstInt(i32t, x as u64, 0))
            .collect();
        let m = LLVMConstVector(m.as_mut_ptr(), n);
        let shuffle = LLVMBuildShuffleVector(builder, load, LLVMGetPoison(vty), m, c"".as_ptr());
        built.push(shuffle);
        LLVMPositionBuilderBefore(builder, LLVMGetNextInstruction(copy.last));
        let to = address(copy.store_base.raw(), copy.window.store_start, &mut built);
        let store = LLVMBuildStore(builder, shuffle, to);
        LLVMSetAlignment(
            store,
            align_of(&copy.stores, &store_offsets, copy.window.store_start),
        );
        built.push(store);
        LLVMDisposeBuilder(builder);
        BuiltCopy {
            store: Inst(store),
            built,
        }
    }
}

/// Erases a vector copy that was not used.
pub fn discard_copy(b: BuiltCopy) {
    // SAFETY: built here, used only by each other: erased users first.
    unsafe {
        for &i in b.built.iter().rev() {
            LLVMInstructionEraseFromParent(i);
        }
    }
}

/// Erases the scalar copies `b` replaces, and their addresses nothing else reads.
pub fn replace_copy(copy: &PermutedCopy, _b: BuiltCopy) {
    // SAFETY: the scalar stores, then their loads (read only by them), then the
    // address computations left unread.
    unsafe {
        let mut addresses = Vec::new();
        for s in &copy.stores {
            let p = LLVMGetOperand(s.raw(), 1);
            LLVMInstructionEraseFromParent(s.raw());
            if !LLVMIsAGetElementPtrInst(p).is_null() {
                addresses.push(Inst(p));
            }
        }
        for l in &copy.loads {
            let p = LLVMGetOperand(l.raw(), 0);
            LLVMInstructionEraseFromParent(l.raw());
            if !LLVMIsAGetElementPtrInst(p).is_null() {
                addresses.push(Inst(p));
            }
        }
        let mut once: Vec<Inst> = Vec::new();
        for a in addresses {
            if !once.contains(&a) {
                once.push(a);
            }
        }
        super::erase_unused(&once);
    }
}
