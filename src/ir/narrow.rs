//! Narrowing stores: runs of `store (trunc %x)` to consecutive addresses, read from the
//! IR, and the pack plans (`crate::lower::narrow`) built in their place.
//!
//! The loop vectorizer writes a narrowing loop as several truncations stored side by
//! side (interleaved by 4: four `<8 x i32>` truncated to `<8 x i8>`, stored at `p`,
//! `p+8`, `p+16`, `p+24`); the backend merges the stores and shuffles the pieces
//! together. A run is what may become one wider store: simple stores in one block, with
//! nothing between them that touches memory, so the stores can all happen at the last
//! one, and addresses that are a common base plus constant offsets.

use llvm_sys::core::*;
use llvm_sys::prelude::*;

use super::lower::Value;
use super::{base_and_offset, single_use, touches_memory, Function, Inst, Type};
use crate::lower::narrow::Plan;

/// One `store (trunc %source)` of a run.
#[derive(Clone, Debug)]
pub struct NarrowingStore {
    pub store: Inst,
    pub trunc: Inst,
    /// What is truncated.
    pub source: Value,
    /// The address, as the base's plus this many bytes.
    pub offset: i64,
    /// Its place in the block.
    pub order: usize,
}

/// Stores of truncations of one type to consecutive addresses of one base, in address
/// order, with nothing that touches memory between the first and the last.
#[derive(Clone, Debug)]
pub struct NarrowingRun {
    pub stores: Vec<NarrowingStore>,
    pub base: Value,
    pub lanes: u32,
    pub from_bits: u32,
    pub to_bits: u32,
}

impl NarrowingRun {
    /// The store of `stores` that comes last in the block: new code goes right before
    /// it (after every trunc, each before its store, and every address).
    pub fn last(stores: &[NarrowingStore]) -> Option<Inst> {
        stores.iter().max_by_key(|s| s.order).map(|s| s.store)
    }
}

/// `store (trunc <n x iF> %x to <n x iT>), (base + offset)` with the trunc read only by
/// the store: its parts, else `None`.
///
/// # Safety
/// `inst` is a live instruction.
unsafe fn narrowing_store(
    inst: LLVMValueRef,
    order: usize,
) -> Option<(NarrowingStore, Value, u32, u32, u32)> {
    if LLVMIsAStoreInst(inst).is_null()
        || LLVMGetVolatile(inst) != 0
        || LLVMGetOrdering(inst) != llvm_sys::LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic
    {
        return None;
    }
    let trunc = LLVMGetOperand(inst, 0);
    if LLVMIsATruncInst(trunc).is_null() || !single_use(trunc) {
        return None;
    }
    let source = LLVMGetOperand(trunc, 0);
    let (from, to) = (Type(LLVMTypeOf(source)), Type(LLVMTypeOf(trunc)));
    let lanes = from.fixed_lanes()?;
    let integer = |t: LLVMTypeRef| {
        LLVMGetTypeKind(LLVMGetElementType(t)) == llvm_sys::LLVMTypeKind::LLVMIntegerTypeKind
    };
    if !integer(from.raw()) {
        return None;
    }
    let (from_bits, to_bits) = (from.element_bits()?, to.element_bits()?);
    let (base, offset) = base_and_offset(LLVMGetOperand(inst, 1));
    let store = NarrowingStore {
        store: Inst(inst),
        trunc: Inst(trunc),
        source: Value::from_raw(source),
        offset,
        order,
    };
    Some((store, base, lanes, from_bits, to_bits))
}

/// The runs of narrowing stores in `func` (a run may be one store).
pub fn narrowing_runs(func: Function) -> Vec<NarrowingRun> {
    let mut runs = Vec::new();
    // SAFETY: walking the blocks and instructions of a live function, reading only.
    unsafe {
        let mut bb = LLVMGetFirstBasicBlock(func.0);
        while !bb.is_null() {
            let mut open: Option<NarrowingRun> = None;
            let mut inst = LLVMGetFirstInstruction(bb);
            let mut order = 0;
            while !inst.is_null() {
                order += 1;
                if let Some((store, base, lanes, from_bits, to_bits)) = narrowing_store(inst, order)
                {
                    let extends = open.as_ref().is_some_and(|r| {
                        r.base == base
                            && r.lanes == lanes
                            && r.from_bits == from_bits
                            && r.to_bits == to_bits
                    });
                    if !extends {
                        runs.extend(open.take());
                        open = Some(NarrowingRun {
                            stores: Vec::new(),
                            base,
                            lanes,
                            from_bits,
                            to_bits,
                        });
                    }
                    open.as_mut().expect("opened above").stores.push(store);
                } else if touches_memory(inst) {
                    runs.extend(open.take());
                }
                inst = LLVMGetNextInstruction(inst);
            }
            runs.extend(open.take());
            bb = LLVMGetNextBasicBlock(bb);
        }
    }
    runs.into_iter().flat_map(consecutive).collect()
}

/// The parts of `run` whose addresses follow each other without gap; nothing if two
/// stores overlap (one may not then move past the other).
fn consecutive(mut run: NarrowingRun) -> Vec<NarrowingRun> {
    let bytes = i64::from(run.lanes) * i64::from(run.to_bits) / 8;
    if i64::from(run.lanes) * i64::from(run.to_bits) % 8 != 0 {
        return Vec::new();
    }
    run.stores.sort_by_key(|s| s.offset);
    if run
        .stores
        .windows(2)
        .any(|w| w[0].offset + bytes > w[1].offset)
    {
        return Vec::new();
    }
    let mut out: Vec<NarrowingRun> = Vec::new();
    let mut part: Vec<NarrowingStore> = Vec::new();
    let flush = |part: &mut Vec<NarrowingStore>, out: &mut Vec<NarrowingRun>| {
        if !part.is_empty() {
            out.push(NarrowingRun {
                stores: std::mem::take(part),
                ..run.clone()
            });
        }
        part.clear();
    };
    for store in run.stores.clone() {
        if part
            .last()
            .is_some_and(|p| p.offset + bytes != store.offset)
        {
            flush(&mut part, &mut out);
        }
        part.push(store);
    }
    flush(&mut part, &mut out);
    out
}

/// `stores` (of `run`, in address order) cut where an address does not follow the one
/// before.
pub fn consecutive_parts(
    run: &NarrowingRun,
    stores: Vec<NarrowingStore>,
) -> Vec<Vec<NarrowingStore>> {
    let bytes = i64::from(run.lanes) * i64::from(run.to_bits) / 8;
    let mut parts: Vec<Vec<NarrowingStore>> = Vec::new();
    for store in stores {
        match parts.last_mut() {
            Some(part)
                if part
                    .last()
                    .is_some_and(|p| p.offset + bytes == store.offset) =>
            {
                part.push(store)
            }
            _ => parts.push(vec![store]),
        }
    }
    parts
}

/// For each store of `stores`, whether its source is a load measured with it and which
/// of the stores' sources it repeats, if any (for remembering measurements: stores of
/// loaded, computed or shared sources compile differently).
pub fn source_shapes(stores: &[NarrowingStore]) -> Vec<(bool, Option<usize>)> {
    stores
        .iter()
        .enumerate()
        .map(|(i, s)| {
            // SAFETY: a live value.
            let load = unsafe { !LLVMIsALoadInst(s.source.raw()).is_null() };
            let repeats = stores[..i].iter().position(|t| t.source == s.source);
            (load, repeats)
        })
        .collect()
}

/// What a measurement of stores takes as given: each source, or where it is a simple
/// load in the stores' block that only its trunc reads, the load's address (measured
/// with them: x86 folds it into the first instruction that reads it), or where it is
/// made from a build vector in the block, what that is built from
/// (`ir::lower::built_inputs`); and the
/// addresses, each as its base where it is a constant offset from one computed in the
/// block (so that the backend sees which stores are adjacent, as it does in place).
pub fn measured_inputs(stores: &[NarrowingStore]) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::new();
    // SAFETY: live instructions of one block and their operands.
    unsafe {
        let block = LLVMGetInstructionParent(stores[0].store.raw());
        let address = |ptr: LLVMValueRef| {
            let local =
                !LLVMIsAInstruction(ptr).is_null() && LLVMGetInstructionParent(ptr) == block;
            match local {
                true => base_and_offset(ptr).0.raw(),
                false => ptr,
            }
        };
        for s in stores {
            let source = s.source.raw();
            let lone_load = !LLVMIsALoadInst(source).is_null()
                && LLVMGetVolatile(source) == 0
                && LLVMGetOrdering(source)
                    == llvm_sys::LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic
                && LLVMGetInstructionParent(source) == block
                && single_use(source);
            let inputs = if lone_load {
                vec![address(LLVMGetOperand(source, 0))]
            } else {
                super::lower::built_inputs(source, block, 3).unwrap_or_else(|| vec![source])
            };
            let stored_at = address(LLVMGetOperand(s.store.raw(), 1));
            for v in inputs.into_iter().chain([stored_at]) {
                if LLVMIsConstant(v) == 0 && !out.contains(&Value::from_raw(v)) {
                    out.push(Value::from_raw(v));
                }
            }
        }
    }
    out
}

/// The instructions built for a plan, and its stores.
pub struct BuiltNarrowing {
    pub stores: Vec<Inst>,
    built: Vec<LLVMValueRef>,
}

/// Builds instructions before one instruction, remembering each (to erase them all if
/// the plan is not used).
struct Builder {
    ctx: LLVMContextRef,
    module: LLVMModuleRef,
    raw: LLVMBuilderRef,
    built: Vec<LLVMValueRef>,
}

impl Builder {
    /// # Safety
    /// `before` is a live instruction.
    unsafe fn before(before: LLVMValueRef) -> Builder {
        let ctx = LLVMGetTypeContext(LLVMTypeOf(before));
        let module = LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(before)));
        let raw = LLVMCreateBuilderInContext(ctx);
        LLVMPositionBuilderBefore(raw, before);
        Builder {
            ctx,
            module,
            raw,
            built: Vec::new(),
        }
    }

    unsafe fn note(&mut self, v: LLVMValueRef) -> LLVMValueRef {
        if !LLVMIsAInstruction(v).is_null() {
            self.built.push(v);
        }
        v
    }

    unsafe fn int_vector(&self, bits: u32, lanes: u32) -> LLVMTypeRef {
        LLVMVectorType(LLVMIntTypeInContext(self.ctx, bits), lanes)
    }

    unsafe fn i32_vector(&self, values: impl Iterator<Item = u64>) -> LLVMValueRef {
        let i32t = LLVMInt32TypeInContext(self.ctx);
        let mut values: Vec<LLVMValueRef> = values.map(|v| LLVMConstInt(i32t, v, 0)).collect();
        LLVMConstVector(values.as_mut_ptr(), values.len() as u32)
    }

    unsafe fn bitcast(&mut self, v: LLVMValueRef, ty: LLVMTypeRef) -> LLVMValueRef {
        if LLVMTypeOf(v) == ty {
            return v;
        }
        let cast = LLVMBuildBitCast(self.raw, v, ty, c"".as_ptr());
        self.note(cast)
    }

    unsafe fn freeze(&mut self, v: LLVMValueRef) -> LLVMValueRef {
        let frozen = LLVMBuildFreeze(self.raw, v, c"".as_ptr());
        self.note(frozen)
    }

    /// `shufflevector v, poison, index`.
    unsafe fn permute(
        &mut self,
        v: LLVMValueRef,
        index: impl Iterator<Item = u64>,
    ) -> LLVMValueRef {
        let index = self.i32_vector(index);
        let poison = LLVMGetPoison(LLVMTypeOf(v));
        let shuffle = LLVMBuildShuffleVector(self.raw, v, poison, index, c"".as_ptr());
        self.note(shuffle)
    }

    /// A call of the non-overloaded intrinsic `name`, if this LLVM has it.
    unsafe fn call(&mut self, name: &str, args: &mut [LLVMValueRef]) -> Option<LLVMValueRef> {
        let call = super::build_intrinsic_call(self.raw, self.module, name, &[], args)?;
        Some(self.note(call))
    }

    /// `plan` on `pieces` (frozen registers of its input type): the output register as
    /// `<n x iTo>`.
    unsafe fn packs(&mut self, plan: &Plan, pieces: &[LLVMValueRef]) -> Option<LLVMValueRef> {
        let per_register = plan.input_elements();
        let low = LLVMConstInt(
            LLVMIntTypeInContext(self.ctx, plan.from_bits),
            (1u64 << plan.to_bits) - 1,
            0,
        );
        let mut splat = vec![low; per_register];
        let low = LLVMConstVector(splat.as_mut_ptr(), per_register as u32);
        let mut values = Vec::new();
        for &p in pieces {
            let masked = LLVMBuildAnd(self.raw, p, low, c"".as_ptr());
            values.push(self.note(masked));
        }
        for &(pack, a, b) in &plan.packs {
            let v = self.call(pack.intrinsic, &mut [values[a], values[b]])?;
            values.push(v);
        }
        let mut out = *values.last()?;
        if let Some((permute, index)) = &plan.permute {
            let elements = self.int_vector(permute.element_bits, index.len() as u32);
            let x = self.bitcast(out, elements);
            let index_values = index.iter().map(|&i| u64::from(i));
            out = match permute.intrinsic {
                None => self.permute(x, index_values),
                Some(name) => {
                    let mut args = [x, self.i32_vector(index_values)];
                    self.call(name, &mut args)?
                }
            };
        }
        let output_ty = self.int_vector(plan.to_bits, plan.register_bits / plan.to_bits);
        Some(self.bitcast(out, output_ty))
    }

    /// Erases everything built.
    unsafe fn undo(self) {
        for &inst in self.built.iter().rev() {
            LLVMInstructionEraseFromParent(inst);
        }
        LLVMDisposeBuilder(self.raw);
    }

    unsafe fn finish(self) -> Vec<LLVMValueRef> {
        LLVMDisposeBuilder(self.raw);
        self.built
    }
}

/// Builds `plan` for `stores` (consecutive, in address order, of `run`), right before
/// the last of them: each source frozen (a poison element stays in its own lane,
/// whatever the intrinsics do) and split into registers, packed, and each output
/// register stored at its place. `None` (nothing left built) where the stores' shape
/// does not fit the plan.
pub fn build_narrowing(
    run: &NarrowingRun,
    stores: &[NarrowingStore],
    plan: &Plan,
) -> Option<BuiltNarrowing> {
    let per_register = plan.input_elements() as u32;
    let last = NarrowingRun::last(stores)?;
    let registers = run.lanes / per_register;
    if run.lanes % per_register != 0 || (stores.len() * registers as usize) % plan.pieces != 0 {
        return None;
    }
    // SAFETY: the run's instructions are live; everything is built right before its
    // last store, after every trunc (each comes before its store) and every address.
    unsafe {
        let mut b = Builder::before(last.raw());
        let mut pieces: Vec<LLVMValueRef> = Vec::new();
        for s in stores {
            let frozen = b.freeze(s.source.raw());
            for start in (0..run.lanes).step_by(per_register as usize) {
                pieces.push(match registers {
                    1 => frozen,
                    _ => b.permute(frozen, (start..start + per_register).map(u64::from)),
                });
            }
        }
        let output_bytes = i64::from(plan.register_bits / 8);
        let align = min_alignment(stores);
        let mut new_stores = Vec::new();
        for (k, group) in pieces.chunks(plan.pieces).enumerate() {
            let Some(out) = b.packs(plan, group) else {
                b.undo();
                return None;
            };
            let offset = k as i64 * output_bytes;
            let mut ptr = LLVMGetOperand(stores[0].store.raw(), 1);
            if offset != 0 {
                let i64t = LLVMInt64TypeInContext(b.ctx);
                let mut index = [LLVMConstInt(i64t, offset as u64, 1)];
                let i8t = LLVMInt8TypeInContext(b.ctx);
                let gep =
                    LLVMBuildInBoundsGEP2(b.raw, i8t, ptr, index.as_mut_ptr(), 1, c"".as_ptr());
                ptr = b.note(gep);
            }
            let store = LLVMBuildStore(b.raw, out, ptr);
            let store = b.note(store);
            // Past the first register, at most the register's own alignment is known.
            let known = if offset == 0 {
                align
            } else {
                align.min(output_bytes as u32)
            };
            LLVMSetAlignment(store, known);
            new_stores.push(Inst(store));
        }
        Some(BuiltNarrowing {
            stores: new_stores,
            built: b.finish(),
        })
    }
}

/// Builds `plan` in place of a shufflevector that truncates the concatenation of its
/// operands (`shuf::lower::narrow::truncating_shuffle`), right before it: each operand
/// frozen and seen as one register of `plan.from_bits` elements. `None` (nothing left
/// built) where the types do not fit the plan.
pub fn build_pack_shuffle(inst: Inst, plan: &Plan) -> Option<super::lower::BuiltSequence> {
    // SAFETY: a live shufflevector; everything is built right before it.
    unsafe {
        let raw = inst.raw();
        let operand_ty = Type(LLVMTypeOf(LLVMGetOperand(raw, 0)));
        let bits = operand_ty.fixed_lanes()? * operand_ty.element_bits()?;
        let result = inst.ty();
        let integer = LLVMGetTypeKind(LLVMGetElementType(result.raw()))
            == llvm_sys::LLVMTypeKind::LLVMIntegerTypeKind;
        if plan.pieces != 2
            || bits != plan.register_bits
            || !integer
            || result.element_bits() != Some(plan.to_bits)
            || result.fixed_lanes() != Some(plan.register_bits / plan.to_bits)
        {
            return None;
        }
        let mut b = Builder::before(raw);
        let wide = b.int_vector(plan.from_bits, plan.input_elements() as u32);
        let mut pieces = Vec::new();
        for i in 0..2 {
            let frozen = b.freeze(LLVMGetOperand(raw, i));
            pieces.push(b.bitcast(frozen, wide));
        }
        let Some(out) = b.packs(plan, &pieces) else {
            b.undo();
            return None;
        };
        Some(super::lower::BuiltSequence::new(Inst(out), b.finish()))
    }
}

/// The alignment every store of `stores` is known to have (the smallest: the new
/// stores start where the first does, at multiples of a register past it).
unsafe fn min_alignment(stores: &[NarrowingStore]) -> u32 {
    stores
        .iter()
        .map(|s| LLVMGetAlignment(s.store.raw()))
        .min()
        .unwrap_or(1)
        .max(1)
}

/// Erases a narrowing that was not used.
pub fn discard(built: BuiltNarrowing) {
    // SAFETY: instructions built and used only by each other: users first.
    unsafe {
        for &inst in built.built.iter().rev() {
            LLVMInstructionEraseFromParent(inst);
        }
    }
}

/// Keeps a narrowing: the stores it replaces and their truncs are erased.
pub fn replace_stores(stores: &[NarrowingStore], built: BuiltNarrowing) {
    // SAFETY: each store is live, unused (a store has no users), its trunc read only by
    // it; the new stores write the same bytes.
    unsafe {
        for s in stores {
            LLVMInstructionEraseFromParent(s.store.raw());
            LLVMInstructionEraseFromParent(s.trunc.raw());
        }
    }
    drop(built);
}
