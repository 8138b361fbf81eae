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
//! * nothing between the first and the last load may write the loads' block, nothing
//!   between the first and the last store may touch the stores' block (LLVM's alias
//!   analysis), and where a store of the group stands among the loads or a load among
//!   the stores (items of an unrolled loop interleave), the two blocks are apart: the
//!   wide load takes the place of the first load, the wide store that of the last
//!   store, and each access it stands for may be moved there.
//!
//! An address is a key plus a constant (`address_key`), so that the items of an
//! unrolled loop, each computing its address again, line up; the groups of one block
//! whose loads and stores share keys are tried together first ([`Candidates`]). The
//! wide load is as aligned as the load at the start of its block, the store as the store
//! at the start of its own.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use super::lower::Value;
use super::{base_and_offset, build_shuffle, fixed_lanes, is, is_poison, mask_of, users};
use super::{touches_memory, Function, Inst};
use crate::ffi::Target;
use crate::lower::join::{block_mask, Part};

/// Elements of a block, at most.
const MAX_ELEMENTS: usize = 256;

/// Stores of shuffles in one block, at most, for the block to be looked at.
const MAX_STORES: usize = 512;

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
    /// The address of each block's first element (a load's or a store's own), the key
    /// of the address arithmetic it is an offset of, that offset, and the alignment
    /// there.
    load_start: Start,
    store_start: Start,
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
                self.load_start.align,
                lanes(&self.stores, |s| LLVMGetOperand(s, 0)),
                self.store_start.align
            )
        }
    }

    /// Shuffles of the group.
    pub fn shuffles(&self) -> usize {
        self.parts.len() - self.loads.len()
    }

    /// The values the group's addresses are computed from: arguments, values of other
    /// blocks and `phi`s (the measured code starts there).
    pub fn measured_inputs(&self) -> Vec<Value> {
        // SAFETY: live loads and stores of one block.
        unsafe {
            let pointers = self
                .loads
                .iter()
                .map(|l| LLVMGetOperand(l.raw(), 0))
                .chain(self.stores.iter().map(|s| LLVMGetOperand(s.raw(), 1)))
                .collect();
            super::address_inputs(pointers, LLVMGetInstructionParent(self.first_load))
        }
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

/// Groups to try, the widest first: all the items of one block's loop body copied from
/// one base to another (an unrolled loop: one group of several items side by side),
/// and each item alone (at least three loads and stores together), tried where the
/// joined items are not.
pub struct Candidates {
    pub items: Option<Group>,
    pub alone: Vec<Group>,
}

/// Every group of `func` worth joining, as candidates.
pub fn groups(func: Function, target: &Target) -> Vec<Candidates> {
    let mut out = Vec::new();
    // SAFETY: live instructions of `func`, read only.
    unsafe {
        let mut block = LLVMGetFirstBasicBlock(func.0);
        while !block.is_null() {
            out.extend(block_groups(block, target));
            block = LLVMGetNextBasicBlock(block);
        }
    }
    out
}

/// Whether `ty` is a fixed vector of whole bytes (integers or floats).
unsafe fn byte_elements(ty: LLVMTypeRef) -> Option<u32> {
    let t = super::Type(ty);
    t.fixed_lanes()?;
    let bits = t.element_bits()?;
    (bits % 8 == 0).then_some(bits)
}

/// The instructions of `block` in order, and where each stands.
unsafe fn block_order(
    block: LLVMBasicBlockRef,
) -> (
    Vec<LLVMValueRef>,
    std::collections::HashMap<LLVMValueRef, usize>,
) {
    let mut order: Vec<LLVMValueRef> = Vec::new();
    let mut i = LLVMGetFirstInstruction(block);
    while !i.is_null() {
        order.push(i);
        i = LLVMGetNextInstruction(i);
    }
    let at = order.iter().enumerate().map(|(k, &v)| (v, k)).collect();
    (order, at)
}

/// `g` read again from the IR as it is now, `None` where it may no longer be joined.
/// Joining a group moves its loads up and its stores down; another group of the block,
/// read before that, was checked against accesses that have since moved (a helper's
/// hunt: on RISC-V V a second group's wide load went above the first group's wide
/// store, which wrote what it read).
pub fn read_again(g: Group, target: &Target) -> Option<Group> {
    // SAFETY: the group's instructions are live (joins erase only their own).
    unsafe {
        let (_, at) = block_order(LLVMGetInstructionParent(g.first_load));
        let position = |v: LLVMValueRef| at.get(&v).copied();
        let stores = g.stores.iter().map(|s| s.raw()).collect();
        let parts = g.parts.iter().map(|p| p.raw()).collect();
        read_group(stores, parts, &position, target)
    }
}

unsafe fn block_groups(block: LLVMBasicBlockRef, target: &Target) -> Vec<Candidates> {
    let (order, at) = block_order(block);
    let position = |v: LLVMValueRef| at.get(&v).copied();
    // Each candidate store with the loads and shuffles its value is made of.
    let mut candidates: Vec<(LLVMValueRef, Vec<LLVMValueRef>)> = Vec::new();
    for &s in &order {
        if LLVMIsAStoreInst(s).is_null() || !super::simple_access(s) {
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
    // (Merging below is quadratic: a block of more candidates is left alone.)
    if candidates.len() > MAX_STORES {
        return Vec::new();
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
    // Items side by side: the sets that read from one base and write to one base.
    let bases = |(stores, parts): &(Vec<LLVMValueRef>, Vec<LLVMValueRef>)| {
        let load = parts.iter().find(|&&p| !LLVMIsALoadInst(p).is_null())?;
        let from = address_key(LLVMGetOperand(*load, 0), block).0;
        let to = address_key(LLVMGetOperand(stores[0], 1), block).0;
        Some((from, to))
    };
    let mut buckets: Vec<((String, String), Vec<usize>)> = Vec::new();
    for (k, set) in sets.iter().enumerate() {
        if let Some(key) = bases(set) {
            match buckets.iter_mut().find(|(b, _)| *b == key) {
                Some((_, members)) => members.push(k),
                None => buckets.push((key, vec![k])),
            }
        }
    }
    let mut out = Vec::new();
    for (_, members) in buckets {
        let items = match members.len() {
            1 => None,
            _ => {
                let mut stores = Vec::new();
                let mut parts = Vec::new();
                for &k in &members {
                    stores.extend(sets[k].0.iter().copied());
                    parts.extend(sets[k].1.iter().copied());
                }
                read_group(stores, parts, &position, target)
            }
        };
        let alone = members
            .iter()
            .filter_map(|&k| read_group(sets[k].0.clone(), sets[k].1.clone(), &position, target))
            .collect();
        out.push(Candidates { items, alone });
    }
    out
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
        } else if LLVMIsALoadInst(v).is_null() || !super::simple_access(v) {
            return None;
        }
        out.push(v);
        if out.len() > 4 * MAX_ELEMENTS {
            return None;
        }
    }
    Some(out)
}

/// Where a block starts: the address of its first element (an access's own), the key
/// of what it is an offset of, that offset, and the access's alignment.
#[derive(Clone, Debug)]
struct Start {
    pointer: LLVMValueRef,
    key: String,
    offset: i64,
    align: u32,
}

/// An address as a key and a constant byte offset: through `getelementptr i8, %p, C`,
/// then `getelementptr i8, %p, I` with a 64-bit index `I` read as a key plus a constant
/// ([`affine`]: each item of an unrolled loop computes its address again, `shl (or
/// disjoint %i, 1), 6` for the second), `%p` by what it computes
/// (`ir::gather::value_key`).
unsafe fn address_key(ptr: LLVMValueRef, block: LLVMBasicBlockRef) -> (String, i64) {
    let (base, offset) = base_and_offset(ptr);
    let base = base.raw();
    if !LLVMIsAGetElementPtrInst(base).is_null() && LLVMGetNumOperands(base) == 2 {
        let element = LLVMGetGEPSourceElementType(base);
        let bytes = LLVMGetTypeKind(element) == llvm_sys::LLVMTypeKind::LLVMIntegerTypeKind
            && LLVMGetIntTypeWidth(element) == 8;
        let index = LLVMGetOperand(base, 1);
        // 64 bits: the constants are worked out modulo 2^64.
        let wide = LLVMGetTypeKind(LLVMTypeOf(index))
            == llvm_sys::LLVMTypeKind::LLVMIntegerTypeKind
            && LLVMGetIntTypeWidth(LLVMTypeOf(index)) == 64;
        if let (true, true, Some(bits)) = (bytes, wide, crate::ffi::index_bits(base)) {
            let (x, c) = affine(index, block, 6);
            let pointer = super::gather::value_key(LLVMGetOperand(base, 0), block, 6);
            // The address wraps at its address space's index width (32 bits on i686:
            // `%i + 2^32 + 16` is `%i + 16` there, a helper's hunt).
            return match super::at_index_width(offset.wrapping_add(c), bits) {
                Some(offset) => (format!("(gep {pointer} {x})"), offset),
                None => (super::gather::value_key(ptr, block, 6), 0),
            };
        }
    }
    (super::gather::value_key(base, block, 6), offset)
}

/// An integer as a key plus a constant, modulo 2^64: `add X, C` and `or disjoint X, C`
/// (no common bits: an addition) add `C`; `shl X, K` and `mul X, K` scale both parts;
/// anything else is its own key (`ir::gather::value_key`) plus 0.
unsafe fn affine(v: LLVMValueRef, block: LLVMBasicBlockRef, depth: u32) -> (String, i64) {
    let own = || (super::gather::value_key(v, block, 6), 0);
    if depth == 0 || LLVMIsAInstruction(v).is_null() || LLVMGetInstructionParent(v) != block {
        return own();
    }
    if LLVMGetNumOperands(v) != 2 {
        return own();
    }
    let c = LLVMGetOperand(v, 1);
    if LLVMIsAConstantInt(c).is_null() {
        return own();
    }
    let k = LLVMConstIntGetSExtValue(c);
    let adds =
        is(v, LLVMOpcode::LLVMAdd) || (is(v, LLVMOpcode::LLVMOr) && LLVMGetIsDisjoint(v) != 0);
    if adds {
        let (x, part) = affine(LLVMGetOperand(v, 0), block, depth - 1);
        return (x, part.wrapping_add(k));
    }
    let scaled = match LLVMGetInstructionOpcode(v) {
        LLVMOpcode::LLVMShl if (0..64).contains(&k) => Some(("shl", 1i64.wrapping_shl(k as u32))),
        LLVMOpcode::LLVMMul => Some(("mul", k)),
        _ => None,
    };
    match scaled {
        Some((op, factor)) => {
            let (x, part) = affine(LLVMGetOperand(v, 0), block, depth - 1);
            (format!("({op} {x} {k})"), part.wrapping_mul(factor))
        }
        None => own(),
    }
}

/// A block of memory accessed piecewise: each access's address the same key plus an
/// offset, the pieces, in the order of their offsets, following each other exactly.
/// Returns the accesses in that order and where the block starts.
unsafe fn one_block(
    accesses: &[LLVMValueRef],
    address: impl Fn(LLVMValueRef) -> LLVMValueRef,
    bytes: impl Fn(LLVMValueRef) -> u64,
) -> Option<(Vec<LLVMValueRef>, Start)> {
    let block = LLVMGetInstructionParent(*accesses.first()?);
    let mut placed: Vec<(i64, LLVMValueRef)> = Vec::new();
    let mut key = None;
    for &a in accesses {
        let (k, offset) = address_key(address(a), block);
        if key.as_ref().is_some_and(|key| *key != k) {
            return None;
        }
        key = Some(k);
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
    let (offset, first) = placed[0];
    let start = Start {
        pointer: address(first),
        key: key?,
        offset,
        align: LLVMGetAlignment(first),
    };
    Some((placed.into_iter().map(|(_, a)| a).collect(), start))
}

unsafe fn read_group(
    stores: Vec<LLVMValueRef>,
    parts: Vec<LLVMValueRef>,
    position: &impl Fn(LLVMValueRef) -> Option<usize>,
    target: &Target,
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
    let (loads, load_start) = one_block(
        &loads,
        |l| LLVMGetOperand(l, 0),
        |l| lanes(l) * element_bytes,
    )?;
    let (stores, store_start) = one_block(
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
    // Order: the loads move up to the first, the stores down to the last. Nothing among
    // the loads may write the loads' block (a store of the group neither: items of an
    // unrolled loop interleave), nothing among the stores may touch the stores' block
    // (a load of the group neither), by offsets from one base or LLVM's alias analysis.
    let load_at: Vec<usize> = loads.iter().map(|&l| position(l)).collect::<Option<_>>()?;
    let store_at: Vec<usize> = stores.iter().map(|&s| position(s)).collect::<Option<_>>()?;
    let (first_load, last_load) = (*load_at.iter().min()?, *load_at.iter().max()?);
    let (first_store, last_store) = (*store_at.iter().min()?, *store_at.iter().max()?);
    let first_load_inst = loads[load_at.iter().position(|&p| p == first_load)?];
    let last_store_inst = stores[store_at.iter().position(|&p| p == last_store)?];
    // The wide load's address, computed again before the first load if need be.
    if !super::gather::computable_before(load_start.pointer, first_load_inst, 6) {
        return None;
    }
    let load_bytes = elements as u64 * element_bytes;
    let store_bytes = stored as u64 * element_bytes;
    let (load_ptr, store_ptr) = (load_start.pointer, store_start.pointer);
    let blocks_apart = || {
        if load_start.key == store_start.key {
            let (a, b) = (load_start.offset, store_start.offset);
            a + load_bytes as i64 <= b || b + store_bytes as i64 <= a
        } else {
            !target.may_alias(load_ptr, load_bytes, store_ptr, store_bytes)
        }
    };
    let mut i = LLVMGetNextInstruction(first_load_inst);
    let mut at = first_load + 1;
    let mut apart = None;
    while !i.is_null() && at < last_store {
        let among_loads = at < last_load;
        let among_stores = at > first_store;
        if touches_memory(i) {
            let mine_load = loads.contains(&i);
            let mine_store = stores.contains(&i);
            // A load moved above, or a store below, what may not hand execution on (a
            // call that may not return or may unwind) reads what the original never
            // did, or writes what it would not have yet.
            if (among_loads || among_stores)
                && !mine_load
                && !mine_store
                && !target.transfers_execution(i)
            {
                return None;
            }
            if among_loads && !mine_load {
                let writes = match mine_store {
                    true => !*apart.get_or_insert_with(blocks_apart),
                    false => target.may_write(i, load_ptr, load_bytes),
                };
                if writes {
                    return None;
                }
            }
            if among_stores && !mine_store {
                let touches = match mine_load {
                    true => !*apart.get_or_insert_with(blocks_apart),
                    false => target.may_access(i, store_ptr, store_bytes),
                };
                if touches {
                    return None;
                }
            }
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
        load_start,
        store_start,
        first_load: first_load_inst,
        last_store: last_store_inst,
    })
}

/// Builds the wide load (before the first load), the shuffle and the wide store (after
/// the last store); the group stays as it was.
pub fn build(g: &Group) -> Built {
    // SAFETY: the loads' block starts at a load's own address, computed again before
    // the first load where it is computed later (address arithmetic of the block, as
    // the gathered loads do); the stores' at a store's own, which comes before the last
    // store.
    unsafe {
        let ctx = LLVMGetTypeContext(LLVMTypeOf(g.first_load));
        let builder = LLVMCreateBuilderInContext(ctx);
        LLVMPositionBuilderBefore(builder, g.first_load);
        let element = LLVMGetElementType(LLVMTypeOf(g.loads[0].raw()));
        let wide_ty = LLVMVectorType(element, g.elements as u32);
        let from = super::gather::available_before(g.load_start.pointer, g.first_load, builder);
        let wide = LLVMBuildLoad2(builder, wide_ty, from, c"".as_ptr());
        LLVMSetAlignment(wide, g.load_start.align);
        match LLVMGetNextInstruction(g.last_store) {
            next if !next.is_null() => LLVMPositionBuilderBefore(builder, next),
            _ => LLVMPositionBuilderAtEnd(builder, LLVMGetInstructionParent(g.last_store)),
        }
        let permuted = build_shuffle(builder, wide, None, &g.mask);
        let store = LLVMBuildStore(builder, permuted, g.store_start.pointer);
        LLVMSetAlignment(store, g.store_start.align);
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
    super::erase_unread(&[built.store.raw()]);
}
