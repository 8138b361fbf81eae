//! Joined groups (`crate::lower::join`) read from the IR, and what replaces them: one
//! wide load of the loads' block, one shuffle, one wide store of the stores' block.
//!
//! A group is found from its stores: in one block, simple stores of fixed vectors whose
//! values are shuffles of shuffles ... of simple loads of the same block (no other
//! operand than `poison`). Stores that share a shuffle or a load are one group. It is
//! taken only where
//!
//! * every shuffle and load of it is read only inside it (each is erased with it);
//! * the loads cover one block of memory exactly, each element once, and so do the
//!   stores: the wide load reads no memory the loads did not, the wide store writes
//!   none the stores did not;
//! * every load comes before every store, nothing between the first and the last load
//!   may write memory, and nothing between the first and the last store touches memory
//!   but the group's own stores: the wide load takes the place of the first load, the
//!   wide store that of the last store, and each access it stands for may be moved
//!   there.
//!
//! The wide load is as aligned as the load at the start of its block, the store as the
//! store at the start of its own.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMAtomicOrdering, LLVMOpcode};

use super::lower::Value;
use super::{base_and_offset, build_shuffle, fixed_lanes, is, is_poison, mask_of, users};
use super::{touches_memory, Function, Inst};
use crate::lower::join::{block_mask, Part};

/// Elements of a block, at most.
const MAX_ELEMENTS: usize = 256;

/// A group of loads, shuffles and stores that permutes one block into another.
pub struct Group {
    /// The loads, in the order of their block.
    loads: Vec<Inst>,
    /// The stores, in the order of their block.
    pub stores: Vec<Inst>,
    /// Every load and shuffle of the group.
    parts: Vec<Inst>,
    /// Element of the loads' block each element of the stores' block reads (`-1`:
    /// poison).
    pub mask: Vec<i32>,
    /// Elements of the loads' block.
    pub elements: usize,
    load_base: LLVMValueRef,
    load_offset: i64,
    load_align: u32,
    store_base: LLVMValueRef,
    store_offset: i64,
    store_align: u32,
    /// The first load and the last store in the block.
    first_load: LLVMValueRef,
    last_store: LLVMValueRef,
}

impl Group {
    /// The element type and the shapes of the loads and stores (for keys and remarks).
    pub fn signature(&self) -> String {
        let lanes = |insts: &[Inst], value: fn(LLVMValueRef) -> LLVMValueRef| {
            insts
                .iter()
                .map(|i| fixed_lanes(value(i.raw())).unwrap_or(0).to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        // SAFETY: live loads and stores.
        unsafe {
            let elem = super::Type(LLVMGetElementType(LLVMTypeOf(self.loads[0].raw())));
            format!(
                "{elem} loads [{}] align {} stores [{}] align {}",
                lanes(&self.loads, |l| l),
                self.load_align,
                lanes(&self.stores, |s| LLVMGetOperand(s, 0)),
                self.store_align
            )
        }
    }

    /// Shuffles of the group.
    pub fn shuffles(&self) -> usize {
        self.parts.len() - self.loads.len()
    }

    /// The values the group's code starts from: the two blocks' base addresses.
    pub fn measured_inputs(&self) -> Vec<Value> {
        let mut out = vec![Value::from_raw(self.load_base)];
        if self.store_base != self.load_base {
            out.push(Value::from_raw(self.store_base));
        }
        out
    }

    /// The first store: where remarks point.
    pub fn anchor(&self) -> Inst {
        self.stores[0]
    }
}

/// The replacement, built beside the group (both in place until one is erased).
pub struct Built {
    pub store: Inst,
}

/// Every group of `func` worth joining (at least three loads and stores together).
pub fn groups(func: Function) -> Vec<Group> {
    let mut out = Vec::new();
    // SAFETY: live instructions of `func`, read only.
    unsafe {
        let mut block = LLVMGetFirstBasicBlock(func.0);
        while !block.is_null() {
            out.extend(block_groups(block));
            block = LLVMGetNextBasicBlock(block);
        }
    }
    out
}

/// Whether `v` is a simple (neither volatile nor atomic) load or store.
unsafe fn simple(v: LLVMValueRef) -> bool {
    LLVMGetVolatile(v) == 0 && LLVMGetOrdering(v) == LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic
}

/// Whether `ty` is a fixed vector of whole bytes (integers or floats).
unsafe fn byte_elements(ty: LLVMTypeRef) -> Option<u32> {
    let t = super::Type(ty);
    t.fixed_lanes()?;
    let bits = t.element_bits()?;
    (bits % 8 == 0).then_some(bits)
}

unsafe fn block_groups(block: LLVMBasicBlockRef) -> Vec<Group> {
    let mut order: Vec<LLVMValueRef> = Vec::new();
    let mut i = LLVMGetFirstInstruction(block);
    while !i.is_null() {
        order.push(i);
        i = LLVMGetNextInstruction(i);
    }
    let at: std::collections::HashMap<LLVMValueRef, usize> =
        order.iter().enumerate().map(|(k, &v)| (v, k)).collect();
    let position = |v: LLVMValueRef| at.get(&v).copied();
    // Each candidate store with the loads and shuffles its value is made of.
    let mut candidates: Vec<(LLVMValueRef, Vec<LLVMValueRef>)> = Vec::new();
    for &s in &order {
        if LLVMIsAStoreInst(s).is_null() || !simple(s) {
            continue;
        }
        let value = LLVMGetOperand(s, 0);
        if !is(value, LLVMOpcode::LLVMShuffleVector) || byte_elements(LLVMTypeOf(value)).is_none() {
            continue;
        }
        if let Some(made_of) = made_of(value, block) {
            candidates.push((s, made_of));
        }
    }
    // Stores that share a load or a shuffle are one group (merged until none shares).
    let mut sets: Vec<(Vec<LLVMValueRef>, Vec<LLVMValueRef>)> = Vec::new();
    for (store, parts) in candidates {
        let mut joined = (vec![store], parts);
        let mut k = 0;
        while k < sets.len() {
            if sets[k].1.iter().any(|p| joined.1.contains(p)) {
                let (stores, parts) = sets.swap_remove(k);
                joined.0.extend(stores);
                for p in parts {
                    if !joined.1.contains(&p) {
                        joined.1.push(p);
                    }
                }
                k = 0;
            } else {
                k += 1;
            }
        }
        sets.push(joined);
    }
    sets.into_iter()
        .filter_map(|(stores, parts)| read_group(stores, parts, &position))
        .collect()
}

/// The loads and shuffles `value` is computed from in `block`, users before operands;
/// `None` if anything else (another operand than `poison`, a load that is not simple)
/// takes part.
unsafe fn made_of(value: LLVMValueRef, block: LLVMBasicBlockRef) -> Option<Vec<LLVMValueRef>> {
    let mut out = Vec::new();
    let mut work = vec![value];
    while let Some(v) = work.pop() {
        if out.contains(&v) {
            continue;
        }
        if LLVMIsAInstruction(v).is_null() || LLVMGetInstructionParent(v) != block {
            return None;
        }
        if is(v, LLVMOpcode::LLVMShuffleVector) {
            for k in 0..2 {
                let op = LLVMGetOperand(v, k);
                if !is_poison(op) {
                    work.push(op);
                }
            }
        } else if LLVMIsALoadInst(v).is_null() || !simple(v) {
            return None;
        }
        out.push(v);
        if out.len() > 4 * MAX_ELEMENTS {
            return None;
        }
    }
    Some(out)
}

/// A block of memory accessed piecewise: each access's base must be the same, and the
/// pieces, in the order of their offsets, must follow each other exactly. Returns the
/// accesses in that order, the base, the first offset and the alignment there.
unsafe fn one_block(
    accesses: &[LLVMValueRef],
    address: impl Fn(LLVMValueRef) -> LLVMValueRef,
    bytes: impl Fn(LLVMValueRef) -> u64,
) -> Option<(Vec<LLVMValueRef>, LLVMValueRef, i64, u32)> {
    let mut placed: Vec<(i64, LLVMValueRef)> = Vec::new();
    let mut base = None;
    for &a in accesses {
        let (b, offset) = base_and_offset(address(a));
        if base.is_some_and(|base| base != b.raw()) {
            return None;
        }
        base = Some(b.raw());
        placed.push((offset, a));
    }
    placed.sort_by_key(|&(offset, _)| offset);
    let mut next = placed.first()?.0;
    for &(offset, a) in &placed {
        if offset != next {
            return None;
        }
        next = offset.checked_add(bytes(a) as i64)?;
    }
    let (first, first_access) = placed[0];
    let align = LLVMGetAlignment(first_access);
    Some((
        placed.into_iter().map(|(_, a)| a).collect(),
        base?,
        first,
        align,
    ))
}

unsafe fn read_group(
    stores: Vec<LLVMValueRef>,
    parts: Vec<LLVMValueRef>,
    position: &impl Fn(LLVMValueRef) -> Option<usize>,
) -> Option<Group> {
    let loads: Vec<LLVMValueRef> = parts
        .iter()
        .copied()
        .filter(|&p| !LLVMIsALoadInst(p).is_null())
        .collect();
    if loads.len() + stores.len() < 3 {
        return None;
    }
    // Read only inside the group (a store reads it as its value, never as its address).
    for &p in &parts {
        for u in users(p) {
            let inside = parts.contains(&u) || (stores.contains(&u) && LLVMGetOperand(u, 1) != p);
            if !inside {
                return None;
            }
        }
    }
    let element_ty = LLVMGetElementType(LLVMTypeOf(loads[0]));
    let bits = byte_elements(LLVMTypeOf(loads[0]))?;
    let element_bytes = (bits / 8) as u64;
    let lanes = |v: LLVMValueRef| fixed_lanes(v).unwrap_or(0) as u64;
    for &p in parts.iter().chain(&stores) {
        let value = if LLVMIsAStoreInst(p).is_null() {
            p
        } else {
            LLVMGetOperand(p, 0)
        };
        if LLVMGetElementType(LLVMTypeOf(value)) != element_ty || fixed_lanes(value).is_none() {
            return None;
        }
    }
    let (loads, load_base, load_offset, load_align) = one_block(
        &loads,
        |l| LLVMGetOperand(l, 0),
        |l| lanes(l) * element_bytes,
    )?;
    let (stores, store_base, store_offset, store_align) = one_block(
        &stores,
        |s| LLVMGetOperand(s, 1),
        |s| lanes(LLVMGetOperand(s, 0)) * element_bytes,
    )?;
    let elements = loads.iter().map(|&l| lanes(l) as usize).sum::<usize>();
    let stored = stores
        .iter()
        .map(|&s| lanes(LLVMGetOperand(s, 0)) as usize)
        .sum::<usize>();
    if elements > MAX_ELEMENTS || stored > MAX_ELEMENTS {
        return None;
    }
    // Order: loads first; no write among the loads, no other access among the stores.
    let load_at: Vec<usize> = loads.iter().map(|&l| position(l)).collect::<Option<_>>()?;
    let store_at: Vec<usize> = stores.iter().map(|&s| position(s)).collect::<Option<_>>()?;
    let (first_load, last_load) = (*load_at.iter().min()?, *load_at.iter().max()?);
    let (first_store, last_store) = (*store_at.iter().min()?, *store_at.iter().max()?);
    if last_load >= first_store {
        return None;
    }
    let first_load_inst = loads[load_at.iter().position(|&p| p == first_load)?];
    let last_store_inst = stores[store_at.iter().position(|&p| p == last_store)?];
    let mut i = LLVMGetNextInstruction(first_load_inst);
    let mut at = first_load + 1;
    while !i.is_null() && at <= last_store {
        let among_loads = at < last_load;
        let among_stores = at > first_store && at < last_store;
        if among_loads && touches_memory(i) && LLVMIsALoadInst(i).is_null() {
            return None;
        }
        if among_stores && touches_memory(i) && !stores.contains(&i) {
            return None;
        }
        i = LLVMGetNextInstruction(i);
        at += 1;
    }
    // The graph, operands before users (the block's order), and the mask it composes.
    let mut ordered = parts.clone();
    ordered.sort_by_key(|&p| position(p).unwrap_or(usize::MAX));
    let mut first_of_load = Vec::new();
    let mut start = 0;
    for &l in &loads {
        first_of_load.push((l, start));
        start += lanes(l) as usize;
    }
    let index = |v: LLVMValueRef| ordered.iter().position(|&p| p == v);
    let mut graph = Vec::new();
    for &p in &ordered {
        let part = match first_of_load.iter().find(|(l, _)| *l == p) {
            Some(&(_, first)) => Part::Load {
                first,
                lanes: lanes(p) as usize,
            },
            None => {
                let (a, b) = (LLVMGetOperand(p, 0), LLVMGetOperand(p, 1));
                Part::Shuffle {
                    a: index(a)?,
                    b: if is_poison(b) { None } else { Some(index(b)?) },
                    mask: mask_of(p),
                }
            }
        };
        graph.push(part);
    }
    let stored_parts: Vec<usize> = stores
        .iter()
        .map(|&s| index(LLVMGetOperand(s, 0)))
        .collect::<Option<_>>()?;
    let mask = block_mask(&graph, &stored_parts)?;
    Some(Group {
        loads: loads.into_iter().map(Inst).collect(),
        stores: stores.into_iter().map(Inst).collect(),
        parts: ordered.into_iter().map(Inst).collect(),
        mask,
        elements,
        load_base,
        load_offset,
        load_align,
        store_base,
        store_offset,
        store_align,
        first_load: first_load_inst,
        last_store: last_store_inst,
    })
}

/// `getelementptr i8, base, offset` at `builder` (the base itself at offset 0).
unsafe fn address(builder: LLVMBuilderRef, base: LLVMValueRef, offset: i64) -> LLVMValueRef {
    if offset == 0 {
        return base;
    }
    let ctx = LLVMGetTypeContext(LLVMTypeOf(base));
    let mut index = [LLVMConstInt(LLVMInt64TypeInContext(ctx), offset as u64, 1)];
    LLVMBuildGEP2(
        builder,
        LLVMInt8TypeInContext(ctx),
        base,
        index.as_mut_ptr(),
        1,
        c"".as_ptr(),
    )
}

/// Builds the wide load (before the first load), the shuffle and the wide store (after
/// the last store); the group stays as it was.
pub fn build(g: &Group) -> Built {
    // SAFETY: the bases dominate every access of their blocks (each access's address
    // is computed from them), so the first load and the last store.
    unsafe {
        let ctx = LLVMGetTypeContext(LLVMTypeOf(g.first_load));
        let builder = LLVMCreateBuilderInContext(ctx);
        LLVMPositionBuilderBefore(builder, g.first_load);
        let element = LLVMGetElementType(LLVMTypeOf(g.loads[0].raw()));
        let wide_ty = LLVMVectorType(element, g.elements as u32);
        let from = address(builder, g.load_base, g.load_offset);
        let wide = LLVMBuildLoad2(builder, wide_ty, from, c"".as_ptr());
        LLVMSetAlignment(wide, g.load_align);
        match LLVMGetNextInstruction(g.last_store) {
            next if !next.is_null() => LLVMPositionBuilderBefore(builder, next),
            _ => LLVMPositionBuilderAtEnd(builder, LLVMGetInstructionParent(g.last_store)),
        }
        let permuted = build_shuffle(builder, wide, None, &g.mask);
        let to = address(builder, g.store_base, g.store_offset);
        let store = LLVMBuildStore(builder, permuted, to);
        LLVMSetAlignment(store, g.store_align);
        LLVMDisposeBuilder(builder);
        Built { store: Inst(store) }
    }
}

/// Erases the group, leaving its replacement.
pub fn replace(g: Group) {
    // SAFETY: the group's stores (nothing reads a store), then its parts as they
    // become unused (read only inside the group).
    let mut addresses = Vec::new();
    unsafe {
        for l in &g.loads {
            addresses.push(LLVMGetOperand(l.raw(), 0));
        }
        for s in &g.stores {
            addresses.push(LLVMGetOperand(s.raw(), 1));
            LLVMInstructionEraseFromParent(s.raw());
        }
    }
    super::erase_unused(&g.parts);
    // The accesses' own address arithmetic, once unused.
    addresses.sort();
    addresses.dedup();
    let addresses: Vec<Inst> = addresses
        .into_iter()
        .filter(|&a| !unsafe { LLVMIsAGetElementPtrInst(a) }.is_null())
        .map(Inst)
        .collect();
    super::erase_unused(&addresses);
}

/// Erases the replacement, leaving the group.
pub fn discard(built: Built) {
    // SAFETY: the store and what it reads, built here, each once nothing reads it (a
    // base itself is not built here: it is still read by the group).
    unsafe {
        let mut work = vec![built.store.raw()];
        while let Some(v) = work.pop() {
            if LLVMIsAInstruction(v).is_null() || !LLVMGetFirstUse(v).is_null() {
                continue;
            }
            let operands: Vec<LLVMValueRef> = (0..LLVMGetNumOperands(v))
                .map(|i| LLVMGetOperand(v, i as u32))
                .collect();
            LLVMInstructionEraseFromParent(v);
            work.extend(operands);
        }
    }
}
