//! Stored shuffles of one wide load that interleave pieces of it
//! (`crate::lower::pieces`) read from the IR, and what replaces them: the loads of the
//! pieces, put side by side, the interleaving shuffle and the store.
//!
//! Taken where the store and the load are simple (neither volatile nor atomic) and in
//! one block, the shuffle reads the load alone (its other operand `poison`, or the load
//! again) and only the store reads the shuffle, and only the shuffle the load. The
//! pieces' loads take the wide load's place and read parts of what it read; the new
//! store takes the old one's place: no access moves.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use super::lower::Value;
use super::{build_shuffle, fixed_lanes, is, is_poison, mask_of, Function, Inst};
use crate::lower::pieces::{interleaved_pieces, Pieces};

/// A store of an interleave of pieces of one wide load.
pub struct Stored {
    pub store: Inst,
    shuffle: Inst,
    load: Inst,
    pub mask: Vec<i32>,
    pub pieces: Pieces,
}

/// The replacement, built beside the original (both in place until one is erased).
pub struct Built {
    pub store: Inst,
}

impl Stored {
    /// The loaded type and both alignments, for keys and remarks (`<64 x i16> load
    /// (align 2, stored align 2)`).
    pub fn signature(&self) -> String {
        // SAFETY: a live load and store.
        unsafe {
            format!(
                "{} load (align {}, stored align {})",
                super::Type(LLVMTypeOf(self.load.raw())),
                LLVMGetAlignment(self.load.raw()),
                LLVMGetAlignment(self.store.raw())
            )
        }
    }

    /// The values the two addresses are computed from (where the measured code starts).
    pub fn measured_inputs(&self) -> Vec<Value> {
        // SAFETY: a live load and store of one block.
        unsafe {
            let pointers = vec![
                LLVMGetOperand(self.load.raw(), 0),
                LLVMGetOperand(self.store.raw(), 1),
            ];
            super::address_inputs(pointers, LLVMGetInstructionParent(self.store.raw()))
        }
    }
}

/// Every store of `func` that stores an interleave of pieces of one wide load.
pub fn stored(func: Function) -> Vec<Stored> {
    let mut out = Vec::new();
    // SAFETY: live instructions of `func`, read only.
    unsafe {
        let mut block = LLVMGetFirstBasicBlock(func.0);
        while !block.is_null() {
            let mut inst = LLVMGetFirstInstruction(block);
            while !inst.is_null() {
                if let Some(s) = read(inst) {
                    out.push(s);
                }
                inst = LLVMGetNextInstruction(inst);
            }
            block = LLVMGetNextBasicBlock(block);
        }
    }
    out
}

/// `store (shufflevector (load), poison, mask)` with `mask` an interleave of pieces.
///
/// # Safety
/// `inst` is a live instruction.
unsafe fn read(inst: LLVMValueRef) -> Option<Stored> {
    if !is(inst, LLVMOpcode::LLVMStore) || !super::simple_access(inst) {
        return None;
    }
    let shuffle = LLVMGetOperand(inst, 0);
    let only_reader = |v: LLVMValueRef, reader: LLVMValueRef| {
        super::users(v).iter().all(|&u| u == reader) && !LLVMGetFirstUse(v).is_null()
    };
    if !is(shuffle, LLVMOpcode::LLVMShuffleVector) || !only_reader(shuffle, inst) {
        return None;
    }
    let (load, other) = (LLVMGetOperand(shuffle, 0), LLVMGetOperand(shuffle, 1));
    let block = LLVMGetInstructionParent(inst);
    let readable = is(load, LLVMOpcode::LLVMLoad)
        && super::simple_access(load)
        && LLVMGetInstructionParent(load) == block
        && LLVMGetInstructionParent(shuffle) == block
        && only_reader(load, shuffle)
        && (is_poison(other) || other == load);
    if !readable {
        return None;
    }
    let source_lanes = fixed_lanes(load)?;
    // A second operand that is the load again: its lanes are the first's.
    let mask: Vec<i32> = mask_of(shuffle)
        .into_iter()
        .map(|m| match m {
            m if m >= source_lanes as i32 && other == load => m - source_lanes as i32,
            m if m >= source_lanes as i32 => -1,
            m => m,
        })
        .collect();
    super::Type(LLVMTypeOf(load)).element_bits()?;
    let pieces = interleaved_pieces(&mask, source_lanes)?;
    Some(Stored {
        store: Inst(inst),
        shuffle: Inst(shuffle),
        load: Inst(load),
        mask,
        pieces,
    })
}

/// Builds the pieces' loads where the wide load is, and the new shuffle and store where
/// the old store is.
pub fn build(s: &Stored) -> Option<Built> {
    // SAFETY: a live load, shuffle and store of one block; the builder is disposed.
    unsafe {
        let load = s.load.raw();
        let ctx = LLVMGetTypeContext(LLVMTypeOf(load));
        let builder = LLVMCreateBuilderInContext(ctx);
        LLVMPositionBuilderBefore(builder, load);
        let parts: Option<Vec<LLVMValueRef>> = s
            .pieces
            .starts
            .iter()
            .map(|&start| super::load_lanes(builder, load, start, s.pieces.len))
            .collect();
        let Some(parts) = parts else {
            LLVMDisposeBuilder(builder);
            return None;
        };
        let mut join = |a, b, mask: &[i32]| build_shuffle(builder, a, b, mask);
        let Some(whole) = super::side_by_side(&mut join, parts) else {
            LLVMDisposeBuilder(builder);
            return None;
        };
        LLVMPositionBuilderBefore(builder, s.store.raw());
        let interleaved = build_shuffle(builder, whole, None, &s.pieces.interleave(&s.mask));
        let store = LLVMBuildStore(builder, interleaved, LLVMGetOperand(s.store.raw(), 1));
        LLVMSetAlignment(store, LLVMGetAlignment(s.store.raw()));
        LLVMDisposeBuilder(builder);
        Some(Built { store: Inst(store) })
    }
}

/// Erases the original store, shuffle and load, leaving the replacement.
pub fn replace(s: Stored) {
    // SAFETY: the store (nothing reads a store), then the shuffle and the load, read
    // only by it.
    unsafe { LLVMInstructionEraseFromParent(s.store.raw()) };
    super::erase_unused(&[s.shuffle, s.load]);
}

/// Erases the replacement, leaving the original.
pub fn discard(built: Built) {
    super::erase_unread(&[built.store.raw()]);
}
