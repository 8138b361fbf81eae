//! Which lanes of a vector its users read.
//!
//! A shuffle whose result is read only in part leaves its other lanes free: the
//! backend's demanded-elements analysis sees that through plain shuffles and lane-wise
//! operations and drops the work that computes unread lanes. A sequence of target
//! instructions fenced from each other (`ir::wide`) hides it, so a sequence that
//! computes every lane the mask defines may cost more than the shuffle it replaces
//! whose unread lanes the backend never computed (a helper's random programs: a
//! `lshr`, an odd-lanes shuffle, `umax`, then a shuffle keeping two lanes; 8
//! instructions stock, 18 with every lane of the first shuffle built). The lanes no
//! user reads are therefore left free for the search, which is what they are.
//!
//! The walk follows users that read lane `i` only to make their own lane `i` (binary
//! operators but divisions and remainders, whose unread lanes may still divide by zero;
//! `fneg`, lane-wise casts and intrinsics, comparisons, `select`, `freeze`, bitcasts
//! that keep the lane count), shuffles (the lanes their masks take) and
//! `extractelement` at a constant lane; any other user reads every lane.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use super::{fixed_lanes, is};

/// Casts that keep the lane count, each lane on its own.
pub(crate) const LANE_CASTS: [LLVMOpcode; 9] = [
    LLVMOpcode::LLVMZExt,
    LLVMOpcode::LLVMSExt,
    LLVMOpcode::LLVMTrunc,
    LLVMOpcode::LLVMFPExt,
    LLVMOpcode::LLVMFPTrunc,
    LLVMOpcode::LLVMSIToFP,
    LLVMOpcode::LLVMUIToFP,
    LLVMOpcode::LLVMFPToSI,
    LLVMOpcode::LLVMFPToUI,
];

/// Intrinsics that are lane-wise, defined on every lane (no trap, no immediate operand),
/// and overloaded on their one vector type.
pub(crate) const LANE_INTRINSICS: [&str; 18] = [
    "llvm.fma",
    "llvm.fmuladd",
    "llvm.fabs",
    "llvm.sqrt",
    "llvm.copysign",
    "llvm.minnum",
    "llvm.maxnum",
    "llvm.minimum",
    "llvm.maximum",
    "llvm.floor",
    "llvm.ceil",
    "llvm.trunc",
    "llvm.rint",
    "llvm.nearbyint",
    "llvm.smin",
    "llvm.smax",
    "llvm.umin",
    "llvm.umax",
];

/// How many users deep the walk goes; past that a user reads every lane.
const MAX_DEPTH: u32 = 4;

/// How many users of one value are followed; past that every lane is read.
const MAX_USERS: usize = 16;

/// Which lanes of the fixed vector `v` its users read (every lane of anything else).
///
/// # Safety
/// `v` is a live value.
pub unsafe fn demanded_lanes(v: LLVMValueRef) -> Vec<bool> {
    let lanes = fixed_lanes(v).unwrap_or(0);
    demanded(v, lanes, MAX_DEPTH)
}

unsafe fn demanded(v: LLVMValueRef, lanes: usize, depth: u32) -> Vec<bool> {
    let all = vec![true; lanes];
    if depth == 0 {
        return all;
    }
    let mut out = vec![false; lanes];
    let mut seen = 0;
    let mut u = LLVMGetFirstUse(v);
    while !u.is_null() {
        seen += 1;
        if seen > MAX_USERS {
            return all;
        }
        let user = LLVMGetUser(u);
        u = LLVMGetNextUse(u);
        let read = if lane_wise(user, lanes) {
            demanded(user, lanes, depth - 1)
        } else if is(user, LLVMOpcode::LLVMShuffleVector) {
            match shuffle_reads(user, v, lanes, depth) {
                Some(read) => read,
                None => return all,
            }
        } else if is(user, LLVMOpcode::LLVMExtractElement) && LLVMGetOperand(user, 0) == v {
            let index = LLVMGetOperand(user, 1);
            if LLVMIsAConstantInt(index).is_null() {
                return all;
            }
            let k = LLVMConstIntGetZExtValue(index) as usize;
            (0..lanes).map(|i| i == k).collect()
        } else {
            return all;
        };
        for (o, r) in out.iter_mut().zip(read) {
            *o |= r;
        }
    }
    out
}

/// The lanes of `v` that `shuffle` reads for the lanes of its own that are read;
/// `None` where its mask cannot be read.
unsafe fn shuffle_reads(
    shuffle: LLVMValueRef,
    v: LLVMValueRef,
    lanes: usize,
    depth: u32,
) -> Option<Vec<bool>> {
    let out_lanes = fixed_lanes(shuffle)?;
    let n = LLVMGetNumMaskElements(shuffle) as usize;
    if n != out_lanes {
        return None;
    }
    let own = demanded(shuffle, out_lanes, depth - 1);
    let first = LLVMGetOperand(shuffle, 0) == v;
    let second = LLVMGetOperand(shuffle, 1) == v;
    Some(lanes_read(shuffle, lanes, [first, second], &own))
}

/// The lanes of `shuffle`'s operands (those `sides` marks, each of `lanes` lanes) its
/// mask takes for the lanes `wanted` marks.
pub(crate) fn lanes_read(
    shuffle: LLVMValueRef,
    lanes: usize,
    sides: [bool; 2],
    wanted: &[bool],
) -> Vec<bool> {
    let mut read = vec![false; lanes];
    for (&m, &w) in super::mask_of(shuffle).iter().zip(wanted) {
        let Ok(m) = usize::try_from(m) else {
            continue;
        };
        let (side, lane) = (m / lanes.max(1), m % lanes.max(1));
        if w && side < 2 && sides[side] {
            read[lane] = true;
        }
    }
    read
}

/// Whether `v` is an instruction that makes its lane `i` from lane `i` of each vector
/// operand alone ([`lane_wise`] of its own lane count).
///
/// # Safety
/// `v` is a live value.
pub(crate) unsafe fn is_lane_wise(v: LLVMValueRef) -> bool {
    fixed_lanes(v).is_some_and(|lanes| lane_wise(v, lanes))
}

/// Whether `user` makes its lane `i` from lane `i` of each vector operand alone, with
/// as many lanes as `v`, and defines every lane (no division: an unread lane may still
/// divide by zero).
unsafe fn lane_wise(user: LLVMValueRef, lanes: usize) -> bool {
    if LLVMIsAInstruction(user).is_null() || fixed_lanes(user) != Some(lanes) {
        return false;
    }
    match LLVMGetInstructionOpcode(user) {
        LLVMOpcode::LLVMUDiv
        | LLVMOpcode::LLVMSDiv
        | LLVMOpcode::LLVMURem
        | LLVMOpcode::LLVMSRem => false,
        _ if !LLVMIsABinaryOperator(user).is_null() => true,
        LLVMOpcode::LLVMFNeg
        | LLVMOpcode::LLVMICmp
        | LLVMOpcode::LLVMFCmp
        | LLVMOpcode::LLVMSelect
        | LLVMOpcode::LLVMFreeze => true,
        // (Lane counts equal: each lane is its own bits.)
        LLVMOpcode::LLVMBitCast => fixed_lanes(LLVMGetOperand(user, 0)) == Some(lanes),
        o if LANE_CASTS.contains(&o) => true,
        LLVMOpcode::LLVMCall => super::called_intrinsic(user).is_some_and(|name| {
            LANE_INTRINSICS.contains(&name.as_str())
                && (0..LLVMGetNumArgOperands(user))
                    .all(|i| fixed_lanes(LLVMGetOperand(user, i)) == Some(lanes))
                && !noundef(user)
        }),
        _ => false,
    }
}

/// Whether the call `user` has `noundef` on its result or an argument: a poison lane
/// there is undefined behaviour, so every lane counts as read (found by a helper's
/// hunt: `umax(<16 x i8> noundef %s, ...)` with two lanes read, a RISC-V sequence left
/// the rest of `%s` poison).
///
/// # Safety
/// `user` is a live call.
unsafe fn noundef(user: LLVMValueRef) -> bool {
    let kind = LLVMGetEnumAttributeKindForName(c"noundef".as_ptr(), 7);
    let callee = LLVMGetCalledValue(user);
    let declared = !LLVMIsAFunction(callee).is_null();
    // Index 0 is the result, 1.. the arguments.
    (0..=LLVMGetNumArgOperands(user)).any(|i| {
        !LLVMGetCallSiteEnumAttribute(user, i, kind).is_null()
            || (declared && !LLVMGetEnumAttributeAtIndex(callee, i, kind).is_null())
    })
}
