//! Building a lowering recipe (`crate::lower`) in place of a shufflevector.

use std::cell::RefCell;

use llvm_sys::core::*;
use llvm_sys::prelude::*;

use super::{Function, Inst, Type};
use crate::lower::fast_hash::FastMap;
use crate::lower::sequence::{Operand, Sequence};
use crate::lower::{IntVec, Recipe, Step};
use crate::target::insn::{Emit, Src};

/// The bits of the elements of `ty` if a recipe can work on them: fixed vectors of
/// integers and half/float/double (seen as integers of their width); not pointers.
pub fn element_bits(ty: Type) -> Option<u32> {
    ty.fixed_lanes().and(ty.element_bits())
}

/// Whether a shufflevector reads a shufflevector or is read by one.
pub fn in_shuffle_chain(inst: Inst) -> bool {
    let is_shuffle = |v: LLVMValueRef| {
        // SAFETY: a live value.
        unsafe {
            !LLVMIsAInstruction(v).is_null()
                && LLVMGetInstructionOpcode(v) == llvm_sys::LLVMOpcode::LLVMShuffleVector
        }
    };
    let raw = inst.raw();
    // SAFETY: a live instruction: its operands and its use list.
    unsafe {
        if (0..2).any(|i| is_shuffle(LLVMGetOperand(raw, i))) {
            return true;
        }
        let mut use_ = LLVMGetFirstUse(raw);
        while !use_.is_null() {
            if is_shuffle(LLVMGetUser(use_)) {
                return true;
            }
            use_ = LLVMGetNextUse(use_);
        }
    }
    false
}

/// Whether only some lanes of `inst` may be read: something reads it (or a bitcast of
/// it) with an `extractelement` or a `shufflevector`, with an `and` that clears whole
/// lanes, or with a `trunc` of elements wider than its lanes. The backend then drops
/// the lanes no one reads, through a shuffle but not through a target intrinsic (a
/// table lookup or a fenced sequence), so a measurement of the shuffle alone overstates
/// it. (A `<16 x i16>` shuffle read as `<4 x i64>` through `and 63`: stock reads its
/// lanes 0, 4, 8 and 12, a `dup` and a `mov`; two AArch64 `tbl3`, 10 instructions
/// against 13; found by a helper's hunt.)
pub fn read_in_part(inst: Inst) -> bool {
    // SAFETY: a live instruction's type.
    let Some(lane_bits) = super::Type(unsafe { LLVMTypeOf(inst.raw()) }).element_bits() else {
        return false;
    };
    // SAFETY: live values and their use lists, read only; the walk through bitcasts is
    // bounded by the depth of bitcast chains (each a distinct instruction).
    unsafe {
        let wider = |v: LLVMValueRef| {
            super::Type(LLVMTypeOf(v))
                .element_bits()
                .is_some_and(|b| b > lane_bits)
        };
        let mut work = vec![inst.raw()];
        let mut seen = 0;
        while let Some(v) = work.pop() {
            seen += 1;
            if seen > 64 {
                return true;
            }
            let mut use_ = LLVMGetFirstUse(v);
            while !use_.is_null() {
                let user = LLVMGetUser(use_);
                if !LLVMIsAExtractElementInst(user).is_null()
                    || !LLVMIsAShuffleVectorInst(user).is_null()
                {
                    return true;
                }
                if !LLVMIsATruncInst(user).is_null() && wider(v) {
                    return true;
                }
                if LLVMGetInstructionOpcode(user) == llvm_sys::LLVMOpcode::LLVMAnd
                    && (0..2).any(|i| clears_a_lane(LLVMGetOperand(user, i), lane_bits))
                {
                    return true;
                }
                if !LLVMIsABitCastInst(user).is_null() {
                    work.push(user);
                }
                use_ = LLVMGetNextUse(use_);
            }
        }
    }
    false
}

/// Whether every lane the shufflevector `inst` takes for a lane its users read is a
/// constant, through shuffles, bitcasts and lane-wise operations. The backend then
/// folds the shuffle and what computes those lanes away, which a recipe or a sequence
/// (its `freeze`, its target instructions) hides: a deinterleave of `<16 x half>`
/// halves that `fcmp`/`select` made from constants only was 4 RISC-V instructions
/// stock, 18 as `freeze`, `lshr`, `trunc` (found by a helper's hunt).
pub fn reads_only_constants(inst: Inst) -> bool {
    let raw = inst.raw();
    // SAFETY: a live shufflevector: its operands, mask and users, read only. (The
    // shuffle itself is the first step of the walk.)
    unsafe {
        let wanted = super::demanded::demanded_lanes(raw);
        constant_lanes(raw, &wanted, CONSTANT_DEPTH + 1)
    }
}

/// How many shuffles, bitcasts and lane-wise operations [`reads_only_constants`] looks
/// through.
const CONSTANT_DEPTH: u32 = 4;

/// Whether the lanes of `v` that `read` marks are constants ([`reads_only_constants`]).
///
/// # Safety
/// `v` is a live value.
unsafe fn constant_lanes(v: LLVMValueRef, read: &[bool], depth: u32) -> bool {
    if !read.contains(&true) || LLVMIsConstant(v) != 0 {
        return true;
    }
    let Some(lanes) = super::fixed_lanes(v) else {
        return false;
    };
    if depth == 0 || read.len() != lanes || LLVMIsAInstruction(v).is_null() {
        return false;
    }
    if !LLVMIsAShuffleVectorInst(v).is_null() {
        let Some(n) = super::fixed_lanes(LLVMGetOperand(v, 0)) else {
            return false;
        };
        return [[true, false], [false, true]]
            .into_iter()
            .enumerate()
            .all(|(k, sides)| {
                let within = super::demanded::lanes_read(v, n, sides, read);
                constant_lanes(LLVMGetOperand(v, k as u32), &within, depth - 1)
            });
    }
    if !LLVMIsABitCastInst(v).is_null() {
        let source = LLVMGetOperand(v, 0);
        let Some(n) = super::fixed_lanes(source) else {
            return false;
        };
        // Lane `i` of `v` holds the bits of source lanes `i * n / lanes ..` up to the
        // start of lane `i + 1` (either side may be the wider).
        let mut within = vec![false; n];
        for i in (0..lanes).filter(|&i| read[i]) {
            let first = i * n / lanes;
            let end = ((i + 1) * n).div_ceil(lanes).max(first + 1);
            within[first..end.min(n)].fill(true);
        }
        return constant_lanes(source, &within, depth - 1);
    }
    super::demanded::is_lane_wise(v)
        && (lane_operands(v).into_iter()).all(|x| constant_lanes(x, read, depth - 1))
}

/// Whether the integer constant `c` (a vector or a scalar) has some `lane_bits`-wide
/// run of bits, at a multiple of `lane_bits`, all zero: an `and` with it reads nothing
/// of that lane of a value bitcast from `lane_bits`-wide lanes.
///
/// # Safety
/// `c` is a live value.
unsafe fn clears_a_lane(c: LLVMValueRef, lane_bits: u32) -> bool {
    if LLVMIsConstant(c) == 0 || lane_bits == 0 || lane_bits > 64 {
        return false;
    }
    let ty = LLVMTypeOf(c);
    let vector = LLVMGetTypeKind(ty) == llvm_sys::LLVMTypeKind::LLVMVectorTypeKind;
    let (elements, scalar) = match vector {
        true => (LLVMGetVectorSize(ty), LLVMGetElementType(ty)),
        false => (1, ty),
    };
    if LLVMGetTypeKind(scalar) != llvm_sys::LLVMTypeKind::LLVMIntegerTypeKind {
        return false;
    }
    let bits = LLVMGetIntTypeWidth(scalar);
    if bits > 64 || bits < lane_bits || bits % lane_bits != 0 {
        return false;
    }
    let lane_mask = u64::MAX >> (64 - lane_bits);
    (0..elements).any(|j| {
        let e = match vector {
            true => LLVMGetAggregateElement(c, j),
            false => c,
        };
        if e.is_null() || LLVMIsAConstantInt(e).is_null() {
            return false;
        }
        let value = LLVMConstIntGetZExtValue(e);
        (0..bits / lane_bits).any(|t| (value >> (t * lane_bits)) & lane_mask == 0)
    })
}

/// Whether `inst` reads at most half the lanes of an operand only it reads, computed in
/// its block by shuffles and lane-wise operations ([`pruned_shuffles`]): the backend
/// computes only the lanes a shuffle reads, and what they need up the chain, where a
/// shuffle may then fold away; not for a target intrinsic or a fenced sequence, whose
/// source is frozen whole. A measurement of the shuffle alone, its operands in
/// registers, does not see that (a helper's random programs: `lshr`, an odd-lanes
/// shuffle, `umax` and a shuffle keeping two of its lanes, 8 instructions stock, 19
/// with the last shuffle a `pshufb` sequence). Without a shuffle up the chain a
/// lane-wise operation costs as much on fewer lanes (`bench/kernels/permute_one_i32.c`).
pub fn prunes_operand(inst: Inst) -> bool {
    let raw = inst.raw();
    // SAFETY: a live shufflevector, its operands and their uses, read only.
    unsafe {
        let Some(lanes) = super::fixed_lanes(LLVMGetOperand(raw, 0)) else {
            return false;
        };
        let every = vec![true; LLVMGetNumMaskElements(raw) as usize];
        for side in 0..2usize {
            let v = LLVMGetOperand(raw, side as u32);
            if !pruned_shuffles(v, LLVMGetInstructionParent(raw), 3) {
                continue;
            }
            let read = super::demanded::lanes_read(raw, lanes, [side == 0, side == 1], &every);
            if 2 * read.iter().filter(|&&r| r).count() <= lanes {
                return true;
            }
        }
    }
    false
}

/// Whether `v`, read only once, in `block`, is a shuffle, or a lane-wise operation with
/// such an operand, `depth` operations up at most.
///
/// # Safety
/// `v` is a live value.
unsafe fn pruned_shuffles(v: LLVMValueRef, block: LLVMBasicBlockRef, depth: u32) -> bool {
    if depth == 0
        || LLVMIsAInstruction(v).is_null()
        || LLVMGetInstructionParent(v) != block
        || !super::single_use(v)
    {
        return false;
    }
    if !LLVMIsAShuffleVectorInst(v).is_null() {
        return true;
    }
    super::demanded::is_lane_wise(v)
        && (0..LLVMGetNumOperands(v) as u32)
            .any(|i| pruned_shuffles(LLVMGetOperand(v, i), block, depth - 1))
}

/// Whether another shufflevector reads operand `side` of the shufflevector `inst` (what
/// [`sibling_shuffles`] would list, without listing them: it stops at the first, where a
/// source may be read by thousands).
pub fn has_sibling_shuffle(inst: Inst, side: crate::algebra::mask::Side) -> bool {
    let raw = inst.raw();
    // SAFETY: a live shufflevector's operand and its uses, read only.
    unsafe {
        let source = LLVMGetOperand(raw, side.index() as u32);
        let mut use_ = LLVMGetFirstUse(source);
        while !use_.is_null() {
            let user = LLVMGetUser(use_);
            if user != raw && !LLVMIsAShuffleVectorInst(user).is_null() {
                return true;
            }
            use_ = LLVMGetNextUse(use_);
        }
    }
    false
}

/// The other shufflevectors that read operand `side` of the shufflevector `inst`.
pub fn sibling_shuffles(inst: Inst, side: crate::algebra::mask::Side) -> Vec<Inst> {
    let raw = inst.raw();
    let mut seen = std::collections::HashSet::new();
    // SAFETY: a live instruction, its operand and that operand's users.
    unsafe { super::users(LLVMGetOperand(raw, side.index() as u32)) }
        .into_iter()
        // SAFETY: users of a live value.
        .filter(|&user| user != raw && unsafe { !LLVMIsAShuffleVectorInst(user).is_null() })
        .filter(|&user| seen.insert(user))
        .map(Inst)
        .collect()
}

/// The operands of a shufflevector as a measurement of it alone should take them
/// ([`measured_operand`]), each value once. Constants are not inputs.
pub fn measured_inputs(inst: Inst) -> Vec<Value> {
    let mut out = Vec::new();
    for i in 0..2 {
        // SAFETY: a live shufflevector's operand.
        let (inputs, _) = unsafe { measured_operand(inst, LLVMGetOperand(inst.raw(), i)) };
        // SAFETY: live values.
        let variables = inputs
            .into_iter()
            .filter(|&v| unsafe { LLVMIsConstant(v) == 0 });
        for input in variables.map(Value) {
            if !out.contains(&input) {
                out.push(input);
            }
        }
    }
    out
}

/// What [`measured_inputs`] measures with each operand, described (for keys: the same
/// shuffle of a build vector and of a register measure apart).
pub fn measured_forms(inst: Inst) -> [String; 2] {
    // SAFETY: a live shufflevector's operands.
    [0, 1].map(|i| unsafe { measured_operand(inst, LLVMGetOperand(inst.raw(), i)).1 })
}

/// What a measurement of the shufflevector `inst` alone reads for its operand `v`, and
/// a description of what it measures with it. The backend combines a shuffle with how
/// its operand is made, so that is measured with it:
/// - a load only this shuffle reads (the backend may fold it into the instruction): its
///   pointer is the input;
/// - a bitcast only it reads: its source (a `<16 x half>` without vector `half`s is
///   built lane by lane; from a `freeze` of it whole, where the shuffle took four bytes,
///   RISC-V built all 32);
/// - a chain of `insertelement`s in its block (also where other code reads it), and a
///   splat (`insertelement` then a shuffle of lane 0): the scalars, the address of a
///   scalar loaded for one insert alone, or the vector a scalar is extracted from at a
///   constant index in the block (a shuffle of a build vector is built permuted, only the lanes
///   read; x86-64-v3 built two `<16 x i16>` whole for `punpck`s, 21 instructions
///   against 43, and AArch64 a splat for `tbl4` where stock had one `dup`; found by a
///   helper's hunt);
/// - up to two lane-wise operations only it reads with one of the above below them
///   ([`measured_value`]);
/// - anything else is an input itself; constants are not inputs.
///
/// # Safety
/// `inst` is a live shufflevector and `v` one of its operands.
unsafe fn measured_operand(inst: Inst, v: LLVMValueRef) -> (Vec<LLVMValueRef>, String) {
    let (inputs, form, _) = measured_value(inst.raw(), v, LANE_WISE_DEPTH);
    (inputs, form)
}

/// How many lane-wise operations [`measured_operand`] looks through for a build vector.
const LANE_WISE_DEPTH: u32 = 2;

/// [`measured_operand`] for a value `v` that `user` reads, looking through up to `depth`
/// lane-wise operations only it reads, where one of them has a build vector or a splat
/// below it (the backend builds only the lanes its users read: a shuffle that read lane
/// 0 of `ashr %v, (and (build vector of 16 loads), 15)` loaded one scalar, the `tbl3`
/// replacing it all 16; neoverse-n1 26 -> 37 instructions, found by a helper's hunt).
/// Also whether the value is built (a build vector or a splat is measured with it).
///
/// # Safety
/// `user` is a live instruction and `v` one of its operands.
unsafe fn measured_value(
    user: LLVMValueRef,
    v: LLVMValueRef,
    depth: u32,
) -> (Vec<LLVMValueRef>, String, bool) {
    if LLVMIsConstant(v) != 0 {
        return (Vec::new(), String::new(), false);
    }
    if depth > 0
        && LLVMIsABitCastInst(v).is_null()
        && only_read_here(user, v)
        && super::demanded::is_lane_wise(v)
    {
        let (mut inputs, mut forms, mut built) = (Vec::new(), Vec::new(), false);
        for i in 0..lane_operand_count(v) {
            let x = LLVMGetOperand(v, i);
            let (within, form, within_built) = measured_value(v, x, depth - 1);
            add_new(&mut inputs, within);
            built |= within_built;
            forms.push(match LLVMIsConstant(x) {
                0 => form,
                _ => super::value_text(x),
            });
        }
        if built {
            let form = format!("op{:?}({})", LLVMGetInstructionOpcode(v), forms.join(", "));
            return (inputs, form, true);
        }
    }
    let inst = Inst(user);
    if lone_load(inst, v) {
        return (vec![LLVMGetOperand(v, 0)], "load".into(), false);
    }
    if lone_bitcast(inst, v) {
        let source = LLVMGetOperand(v, 0);
        return (
            vec![source],
            format!("bitcast {}", super::Type(LLVMTypeOf(source))),
            false,
        );
    }
    if let Some(scalar) = splat_in(inst, v) {
        return (vec![scalar], "splat".into(), true);
    }
    let home = LLVMGetInstructionParent(inst.raw());
    if LLVMIsAInsertElementInst(v).is_null() || LLVMGetInstructionParent(v) != home {
        return (vec![v], String::new(), false);
    }
    // The chain of inserts in the block, last first. Where other code also reads it or
    // a prefix of it, it is measured built too: as a register it is whole, and a
    // `freeze` of the chain then looks free where it builds lanes nobody else reads
    // (x86-64-v3: 23 byte loads of which the shuffle reads 16 and other code 1, 28 -> 56
    // instructions for a wide sequence; two gathers of 16 bytes deinterleaved by two
    // shuffles, 47 -> 71; found by helpers' hunts).
    let (inputs, form) = insert_chain(v);
    (inputs, form, true)
}

/// What a measurement of code reading `v` takes as given where `v` is made in `block`,
/// through up to `depth` shuffles and lane-wise operations, from a build vector (the
/// scalars of its `insertelement`s, [`insert_chain`]); `None` where no build vector is
/// below. Other readers of what is looked through do not matter: the build is measured
/// on both sides (narrowing on x86-64-v3 froze the concatenation of an `add` on a build
/// vector of loads, and each load became a `movzx` where `pinsrw` had read memory, 23
/// instructions -> 36; found by a helper's hunt).
///
/// # Safety
/// `v` is live.
pub(crate) unsafe fn built_inputs(
    v: LLVMValueRef,
    block: LLVMBasicBlockRef,
    depth: u32,
) -> Option<Vec<LLVMValueRef>> {
    if LLVMIsAInstruction(v).is_null() || LLVMGetInstructionParent(v) != block {
        return None;
    }
    if !LLVMIsAInsertElementInst(v).is_null() {
        return Some(insert_chain(v).0);
    }
    let through = !LLVMIsAShuffleVectorInst(v).is_null()
        || (LLVMIsABitCastInst(v).is_null() && super::demanded::is_lane_wise(v));
    if depth == 0 || !through {
        return None;
    }
    let (mut inputs, mut built) = (Vec::new(), false);
    for k in 0..lane_operand_count(v) {
        let x = LLVMGetOperand(v, k);
        let within = match built_inputs(x, block, depth - 1) {
            Some(within) => {
                built = true;
                within
            }
            None if LLVMIsConstant(x) != 0 => Vec::new(),
            None => vec![x],
        };
        add_new(&mut inputs, within);
    }
    built.then_some(inputs)
}

/// Appends the values of `more` that `inputs` does not hold yet.
fn add_new(inputs: &mut Vec<LLVMValueRef>, more: Vec<LLVMValueRef>) {
    for v in more {
        if !inputs.contains(&v) {
            inputs.push(v);
        }
    }
}

/// What a measurement reads for the chain of `insertelement`s that ends in `v`, in `v`'s
/// block, and its description: the scalars (or the fixed vector a scalar is extracted
/// from at a constant index in the block), and what the chain starts from.
///
/// # Safety
/// `v` is a live `insertelement`.
pub(crate) unsafe fn insert_chain(v: LLVMValueRef) -> (Vec<LLVMValueRef>, String) {
    let (mut inputs, mut form) = (Vec::new(), String::from("inserts"));
    let home = LLVMGetInstructionParent(v);
    let shown = |x: LLVMValueRef, inputs: &mut Vec<LLVMValueRef>| -> String {
        if LLVMIsConstant(x) != 0 {
            return super::value_text(x);
        }
        // (From a fixed vector: a scalable one as a probe's input did not compile on a
        // target without scalable registers, a host crash; found by a helper's hunt.)
        let extracted = !LLVMIsAExtractElementInst(x).is_null()
            && LLVMGetInstructionParent(x) == home
            && !LLVMIsAConstantInt(LLVMGetOperand(x, 1)).is_null()
            && super::Type(LLVMTypeOf(LLVMGetOperand(x, 0)))
                .fixed_lanes()
                .is_some();
        // A scalar loaded in the block for this insert alone: the load is measured too
        // (x86 `pinsrw` reads memory; a `freeze` of the chain makes each load a `movzx`).
        let loaded = !LLVMIsALoadInst(x).is_null()
            && LLVMGetInstructionParent(x) == home
            && super::simple_access(x)
            && super::single_use(x);
        let (input, lane) = match (extracted, loaded) {
            (true, _) => (
                LLVMGetOperand(x, 0),
                format!("[{}]", LLVMConstIntGetZExtValue(LLVMGetOperand(x, 1))),
            ),
            (false, true) => (LLVMGetOperand(x, 0), "*".to_string()),
            (false, false) => (x, String::new()),
        };
        let k = inputs.iter().position(|&y| y == input).unwrap_or_else(|| {
            inputs.push(input);
            inputs.len() - 1
        });
        format!("%{k}{lane}")
    };
    let mut at = v;
    loop {
        let (scalar, lane) = (LLVMGetOperand(at, 1), LLVMGetOperand(at, 2));
        form += &format!(
            " {}@{}",
            shown(scalar, &mut inputs),
            shown(lane, &mut inputs)
        );
        let base = LLVMGetOperand(at, 0);
        if !LLVMIsAInsertElementInst(base).is_null() && LLVMGetInstructionParent(base) == home {
            at = base;
            continue;
        }
        match splat_in(Inst(at), base) {
            Some(scalar) => form += &format!(" into splat {}", shown(scalar, &mut inputs)),
            None => form += &format!(" into {}", shown(base, &mut inputs)),
        }
        return (inputs, form);
    }
}

/// The scalar `v` is a splat of, where `v` is `shufflevector (insertelement c, x, 0),
/// _, zeroinitializer` (poison lanes aside; `c` a constant) in `user`'s block.
///
/// # Safety
/// `user` and `v` are live.
unsafe fn splat_in(user: Inst, v: LLVMValueRef) -> Option<LLVMValueRef> {
    let home = LLVMGetInstructionParent(user.raw());
    if LLVMIsAShuffleVectorInst(v).is_null() || LLVMGetInstructionParent(v) != home {
        return None;
    }
    let insert = LLVMGetOperand(v, 0);
    let zero = |x: LLVMValueRef| LLVMIsConstant(x) != 0 && LLVMConstIntGetZExtValue(x) == 0;
    let splat = !LLVMIsAInsertElementInst(insert).is_null()
        && LLVMGetInstructionParent(insert) == home
        && LLVMIsConstant(LLVMGetOperand(insert, 0)) != 0
        && !LLVMIsAConstantInt(LLVMGetOperand(insert, 2)).is_null()
        && zero(LLVMGetOperand(insert, 2))
        && (super::mask_of(v).iter()).all(|&m| m <= 0);
    splat.then(|| LLVMGetOperand(insert, 1))
}

/// The operands of the lane-wise instruction or shufflevector `v` that are lanes
/// ([`lane_operand_count`]).
///
/// # Safety
/// `v` is a live instruction.
pub(crate) unsafe fn lane_operands(v: LLVMValueRef) -> Vec<LLVMValueRef> {
    (0..lane_operand_count(v))
        .map(|k| LLVMGetOperand(v, k))
        .collect()
}

/// How many operands of the lane-wise instruction or shufflevector `v` are lanes (a
/// call's arguments, not its callee; a shufflevector's mask is no operand).
///
/// # Safety
/// `v` is a live instruction.
unsafe fn lane_operand_count(v: LLVMValueRef) -> u32 {
    match LLVMIsACallInst(v).is_null() {
        true => LLVMGetNumOperands(v) as u32,
        false => LLVMGetNumArgOperands(v),
    }
}

/// Whether `v` is a simple load in `inst`'s block that only `inst` reads.
///
/// # Safety
/// `inst` and `v` are live; `v` is an operand of `inst`.
unsafe fn lone_load(inst: Inst, v: LLVMValueRef) -> bool {
    !LLVMIsALoadInst(v).is_null()
        && LLVMGetVolatile(v) == 0
        && LLVMGetOrdering(v) == llvm_sys::LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic
        && only_read_here(inst.raw(), v)
}

/// Whether `v` is a bitcast instruction of a variable in `inst`'s block that only `inst`
/// reads.
///
/// # Safety
/// `inst` and `v` are live; `v` is an operand of `inst`.
unsafe fn lone_bitcast(inst: Inst, v: LLVMValueRef) -> bool {
    !LLVMIsABitCastInst(v).is_null()
        && LLVMIsConstant(LLVMGetOperand(v, 0)) == 0
        && only_read_here(inst.raw(), v)
}

/// Whether `v` is an instruction in `user`'s block and only `user` reads it.
///
/// # Safety
/// `user` is a live instruction and `v` a live value.
unsafe fn only_read_here(user: LLVMValueRef, v: LLVMValueRef) -> bool {
    // (`LLVMGetInstructionParent` of an argument reads past the function's arguments:
    // found by a helper's hunt under valgrind.)
    if LLVMIsAInstruction(v).is_null()
        || LLVMGetInstructionParent(v) != LLVMGetInstructionParent(user)
    {
        return false;
    }
    let mut u = LLVMGetFirstUse(v);
    while !u.is_null() {
        if LLVMGetUser(u) != user {
            return false;
        }
        u = LLVMGetNextUse(u);
    }
    true
}

/// The lanes of the shufflevector `inst`'s result that an `extractelement` at a constant
/// index reads, directly or through one lane-wise instruction (at most 16 readers of
/// each are looked at).
pub fn extracted_lanes(inst: Inst) -> Vec<usize> {
    let mut out = Vec::new();
    // SAFETY: a live shufflevector and its users, theirs.
    unsafe {
        let mut readers: Vec<LLVMValueRef> = super::each_user(inst.raw()).take(16).collect();
        for r in readers.clone() {
            if LLVMIsAExtractElementInst(r).is_null() && super::demanded::is_lane_wise(r) {
                readers.extend(super::each_user(r).take(16));
            }
        }
        for r in readers {
            if !LLVMIsAExtractElementInst(r).is_null()
                && !LLVMIsAConstantInt(LLVMGetOperand(r, 1)).is_null()
            {
                let lane = LLVMConstIntGetZExtValue(LLVMGetOperand(r, 1)) as usize;
                if !out.contains(&lane) {
                    out.push(lane);
                }
            }
        }
    }
    out
}

/// Whether operand `side` of the shufflevector `inst` is an `insertelement` (a build
/// vector).
pub fn built_operand(inst: Inst, side: crate::algebra::mask::Side) -> bool {
    // SAFETY: a live shufflevector's operand.
    unsafe { !LLVMIsAInsertElementInst(LLVMGetOperand(inst.raw(), side.index() as u32)).is_null() }
}

/// Where a shufflevector meets vectors of 16-bit floats (`half`, `bfloat`), which
/// targets without them hold lane by lane: see [`half_neighbours`].
pub struct HalfNeighbours {
    /// The vector types of `register_bits` of each 16-bit float element among its
    /// operands, its result, a bitcast operand's source and its result's bitcasts (a
    /// vector wider than a register is split, not taken apart).
    pub types: Vec<super::Type>,
    /// The lane-wise operations on those vectors that make its operands or read its
    /// result, with their lanes.
    pub operations: Vec<(Inst, u32)>,
}

impl HalfNeighbours {
    /// Notes the register type of `v`'s 16-bit float elements, once.
    ///
    /// # Safety
    /// `v` is a live value of a vector of 16-bit floats.
    pub(crate) unsafe fn add_type(&mut self, v: LLVMValueRef, register_bits: u32) {
        let ty = super::Type(LLVMTypeOf(v));
        let register = super::Type(LLVMVectorType(ty.element(), (register_bits / 16).max(1)));
        if !self.types.contains(&register) {
            self.types.push(register);
        }
    }

    /// Notes the lane-wise operation `v` with its lanes, once.
    ///
    /// # Safety
    /// `v` is a live instruction.
    pub(crate) unsafe fn add_operation(&mut self, v: LLVMValueRef) {
        if !self.operations.iter().any(|&(op, _)| op.raw() == v) {
            let lanes = super::Type(LLVMTypeOf(v)).fixed_lanes().unwrap_or(1);
            self.operations.push((Inst(v), lanes));
        }
    }
}

/// Where the shufflevector `inst` meets vectors of 16-bit floats (at most 16 readers of
/// its result are looked at), for vector registers of `register_bits`.
pub fn half_neighbours(inst: Inst, register_bits: u32) -> HalfNeighbours {
    let mut out = HalfNeighbours {
        types: Vec::new(),
        operations: Vec::new(),
    };
    // SAFETY: a live shufflevector, its operands, their sources and its users.
    unsafe {
        let mut near: Vec<LLVMValueRef> = vec![inst.raw()];
        for i in 0..2 {
            let mut v = LLVMGetOperand(inst.raw(), i);
            near.push(v);
            if !LLVMIsABitCastInst(v).is_null() {
                v = LLVMGetOperand(v, 0);
                near.push(v);
            }
            // And what a lane-wise operation there reads (a `select` of an `fcmp`).
            if super::demanded::is_lane_wise(v) {
                near.extend((0..lane_operand_count(v)).map(|k| LLVMGetOperand(v, k)));
            }
        }
        let mut readers: Vec<LLVMValueRef> = super::each_user(inst.raw()).take(16).collect();
        for r in readers.clone() {
            if !LLVMIsABitCastInst(r).is_null() {
                near.push(r);
                readers.extend(super::each_user(r).take(16));
            }
        }
        let is_half = |v: LLVMValueRef| super::Type(LLVMTypeOf(v)).is_half();
        // A lane-wise operation that makes or reads 16-bit floats (not a bitcast: no work).
        let on_halves = |v: LLVMValueRef| {
            v != inst.raw()
                && LLVMIsABitCastInst(v).is_null()
                && super::demanded::is_lane_wise(v)
                && (is_half(v) || (0..lane_operand_count(v)).any(|k| is_half(LLVMGetOperand(v, k))))
        };
        for &v in near.iter().filter(|&&v| is_half(v)) {
            out.add_type(v, register_bits);
        }
        for v in near.into_iter().chain(readers).filter(|&v| on_halves(v)) {
            out.add_operation(v);
        }
    }
    out
}

/// The types of the values a shufflevector's operands are bitcasts of, where something
/// else reads those values too (a `freeze` of the bitcast, which the backend moves to
/// the value, then changes how they are read).
pub fn shared_bitcast_sources(inst: Inst) -> Vec<super::Type> {
    let mut out = Vec::new();
    // SAFETY: a live shufflevector's operands, theirs and their uses.
    unsafe {
        for i in 0..2 {
            let v = LLVMGetOperand(inst.raw(), i);
            if LLVMIsABitCastInst(v).is_null() {
                continue;
            }
            let source = LLVMGetOperand(v, 0);
            if LLVMIsConstant(source) == 0 && super::each_user(source).any(|u| u != v) {
                out.push(super::Type(LLVMTypeOf(source)));
            }
        }
    }
    out
}

/// Whether each operand of a shufflevector is a load only it reads (for keys).
pub fn lone_loads(inst: Inst) -> [bool; 2] {
    // SAFETY: a live shufflevector's operands.
    unsafe { [0, 1].map(|i| lone_load(inst, LLVMGetOperand(inst.raw(), i))) }
}

/// The alignment in bytes of operand `operand` of a shufflevector if it is a load (0
/// otherwise).
pub fn load_alignment(inst: Inst, operand: u32) -> u32 {
    // SAFETY: a live shufflevector's operand; LLVMGetAlignment on a load.
    unsafe {
        let v = LLVMGetOperand(inst.raw(), operand);
        match LLVMIsALoadInst(v).is_null() {
            true => 0,
            false => LLVMGetAlignment(v),
        }
    }
}

/// How many distinct loads only this shufflevector reads.
pub fn lone_load_count(inst: Inst) -> u32 {
    // SAFETY: a live shufflevector's operands.
    unsafe {
        let (a, b) = (LLVMGetOperand(inst.raw(), 0), LLVMGetOperand(inst.raw(), 1));
        let first = lone_load(inst, a) as u32;
        first + (b != a && lone_load(inst, b)) as u32
    }
}

/// Whether an operand is a load that other instructions read too.
pub fn shared_load(inst: Inst) -> bool {
    // SAFETY: a live shufflevector's operands.
    unsafe {
        (0..2).any(|i| {
            let v = LLVMGetOperand(inst.raw(), i);
            !LLVMIsALoadInst(v).is_null() && !lone_load(inst, v)
        })
    }
}

pub fn source_is_load(inst: Inst) -> bool {
    use crate::algebra::mask::Side;
    [Side::First, Side::Second]
        .into_iter()
        .any(|side| operand_is_load(inst, side))
}

/// Whether operand `side` of a shufflevector is a load.
pub fn operand_is_load(inst: Inst, side: crate::algebra::mask::Side) -> bool {
    // SAFETY: a live shufflevector's operand.
    unsafe { !LLVMIsALoadInst(LLVMGetOperand(inst.raw(), side.index() as u32)).is_null() }
}

impl Function {
    /// The type `<lanes x iN>` in this function's context.
    pub fn int_vector(self, ty: IntVec) -> Type {
        // SAFETY: a live function; types of its context.
        unsafe {
            let ctx = LLVMGetTypeContext(LLVMTypeOf(self.0));
            let elem = LLVMIntTypeInContext(ctx, ty.bits);
            Type(LLVMVectorType(elem, ty.lanes as u32))
        }
    }
}

/// Replaces the shufflevector `inst` by `recipe` on its operand and returns what
/// replaced it; `None` if it was left alone (an element type the recipe cannot see as
/// integers).
pub fn apply(inst: Inst, recipe: &Recipe) -> Option<Value> {
    let built = build_recipe(inst, recipe)?;
    let result = Value(built.result.raw());
    replace_with(inst, built);
    Some(result)
}

/// Builds `recipe` on the operand of the shufflevector `inst`, right before it, without
/// replacing it (to be measured); `None` (nothing left built) if the recipe does not fit.
pub fn build_recipe(inst: Inst, recipe: &Recipe) -> Option<BuiltSequence> {
    let raw = inst.raw();
    // SAFETY: `inst` is a live shufflevector; everything is built right before it.
    unsafe {
        let source = LLVMGetOperand(raw, recipe.source.index() as u32);
        let source_ty = LLVMTypeOf(source);
        let bits = element_bits(Type(source_ty))?;
        let ctx = LLVMGetTypeContext(source_ty);
        let b = LLVMCreateBuilderInContext(ctx);
        LLVMPositionBuilderBefore(b, raw);
        let int_vec = |t: IntVec| LLVMVectorType(LLVMIntTypeInContext(ctx, t.bits), t.lanes as u32);
        let splat = |t: IntVec, v: u64| {
            let mut elems = vec![LLVMConstInt(LLVMIntTypeInContext(ctx, t.bits), v, 0); t.lanes];
            LLVMConstVector(elems.as_mut_ptr(), t.lanes as u32)
        };
        // An intrinsic overloaded on `overload` (a vector, or the scalar of one lane).
        let call = |name: &str, overload: LLVMTypeRef, args: &mut [LLVMValueRef]| {
            let id = LLVMLookupIntrinsicID(name.as_ptr() as *const _, name.len());
            let mut ty = [overload];
            let decl = LLVMGetIntrinsicDeclaration(
                LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(raw))),
                id,
                ty.as_mut_ptr(),
                1,
            );
            let fn_ty = LLVMIntrinsicGetType(ctx, id, ty.as_mut_ptr(), 1);
            LLVMBuildCall2(
                b,
                fn_ty,
                decl,
                args.as_mut_ptr(),
                args.len() as u32,
                c"".as_ptr(),
            )
        };
        let mut ty = IntVec {
            lanes: LLVMGetVectorSize(source_ty) as usize,
            bits,
        };
        let mut built: Vec<LLVMValueRef> = Vec::new();
        let note = |v: LLVMValueRef, built: &mut Vec<LLVMValueRef>| {
            if !LLVMIsAInstruction(v).is_null() && !built.contains(&v) && v != source {
                built.push(v);
            }
            v
        };
        let mut v = note(
            LLVMBuildBitCast(b, source, int_vec(ty), c"".as_ptr()),
            &mut built,
        );
        for &step in &recipe.steps {
            let Some(out) = step.output(ty) else {
                // Checked by the pure layer; unreachable, but leave the shuffle.
                for &i in built.iter().rev() {
                    LLVMInstructionEraseFromParent(i);
                }
                LLVMDisposeBuilder(b);
                return None;
            };
            let next = match step {
                Step::Freeze => LLVMBuildFreeze(b, v, c"".as_ptr()),
                Step::Extract { start, len } => {
                    let i32t = LLVMInt32TypeInContext(ctx);
                    let mut mask: Vec<LLVMValueRef> = (start..start + len)
                        .map(|i| LLVMConstInt(i32t, i as u64, 0))
                        .collect();
                    let mask = LLVMConstVector(mask.as_mut_ptr(), len as u32);
                    let poison = LLVMGetPoison(LLVMTypeOf(v));
                    LLVMBuildShuffleVector(b, v, poison, mask, c"".as_ptr())
                }
                Step::Bitcast { .. } => LLVMBuildBitCast(b, v, int_vec(out), c"".as_ptr()),
                Step::ZeroExtend { .. } => LLVMBuildZExt(b, v, int_vec(out), c"".as_ptr()),
                Step::Truncate { .. } => LLVMBuildTrunc(b, v, int_vec(out), c"".as_ptr()),
                Step::ShiftRight { by } => LLVMBuildLShr(b, v, splat(out, by as u64), c"".as_ptr()),
                Step::ShiftLeft { by } => LLVMBuildShl(b, v, splat(out, by as u64), c"".as_ptr()),
                // One lane rotated as a scalar: LLVM 22's RISC-V backend drops the left
                // half of a `<1 x i32>` `fshr` whose lane it moves to a scalar register
                // (differential seed 350001, sifive-x280), and of the `fshl` InstCombine
                // makes of shifts written instead.
                Step::RotateRight { by } if out.lanes == 1 => {
                    let scalar = LLVMIntTypeInContext(ctx, out.bits);
                    let x = note(LLVMBuildBitCast(b, v, scalar, c"".as_ptr()), &mut built);
                    let by = LLVMConstInt(scalar, by as u64, 0);
                    let rotated = note(call("llvm.fshr", scalar, &mut [x, x, by]), &mut built);
                    LLVMBuildBitCast(b, rotated, int_vec(out), c"".as_ptr())
                }
                Step::RotateRight { by } => call(
                    "llvm.fshr",
                    int_vec(out),
                    &mut [v, v, splat(out, by as u64)],
                ),
                Step::ByteSwap => call("llvm.bswap", int_vec(out), &mut [v]),
            };
            v = note(next, &mut built);
            ty = out;
        }
        let result = note(
            LLVMBuildBitCast(b, v, LLVMTypeOf(raw), c"".as_ptr()),
            &mut built,
        );
        LLVMDisposeBuilder(b);
        if LLVMIsAInstruction(result).is_null() || result == source {
            for &i in built.iter().rev() {
                LLVMInstructionEraseFromParent(i);
            }
            return None;
        }
        Some(BuiltSequence::new(Inst(result), built))
    }
}

/// A value of the function (an argument, a constant or an instruction's result).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Value(LLVMValueRef);

impl From<Value> for LLVMValueRef {
    fn from(v: Value) -> LLVMValueRef {
        v.0
    }
}

impl From<Inst> for Value {
    fn from(i: Inst) -> Value {
        Value(i.raw())
    }
}

impl Value {
    pub(super) fn from_raw(raw: LLVMValueRef) -> Value {
        Value(raw)
    }

    pub(super) fn raw(self) -> LLVMValueRef {
        self.0
    }
}

/// The operands of a shufflevector that are not constants, each once: what its result
/// is computed from.
pub fn variable_operands(inst: Inst) -> Vec<Value> {
    let mut out = Vec::new();
    // SAFETY: a live shufflevector's operands.
    unsafe {
        for i in 0..2 {
            let v = LLVMGetOperand(inst.raw(), i);
            if LLVMIsConstant(v) == 0 && !out.contains(&Value(v)) {
                out.push(Value(v));
            }
        }
    }
    out
}

/// A sequence built before a shufflevector, not yet in its place.
pub struct BuiltSequence {
    pub result: Inst,
    /// Every instruction built, in order.
    built: Vec<LLVMValueRef>,
    /// Of those, the ones built outside the loop (at the function's entry) that a
    /// measurement takes as inputs: what the backend hoists is not the loop's work.
    hoisted: Vec<LLVMValueRef>,
}

impl BuiltSequence {
    pub(super) fn new(result: Inst, built: Vec<LLVMValueRef>) -> BuiltSequence {
        BuiltSequence {
            result,
            built,
            hoisted: Vec::new(),
        }
    }

    pub(super) fn with_hoisted(mut self, hoisted: Vec<LLVMValueRef>) -> BuiltSequence {
        self.hoisted = hoisted;
        self
    }

    /// The values built outside the loop, which a measurement takes as inputs.
    pub fn hoisted(&self) -> Vec<Value> {
        self.hoisted.iter().map(|&v| Value(v)).collect()
    }

    /// Every instruction built.
    pub fn instructions(&self) -> Vec<Inst> {
        self.built.iter().map(|&v| Inst(v)).collect()
    }
}

/// Builds `seq` on the operands of the four-lane shufflevector `inst`, right before it;
/// `None` (and nothing built) if an instruction has no emitted form here or the types
/// are not four 32-bit lanes.
///
/// Between two instructions of the sequence the value goes through
/// `llvm.arithmetic.fence`, which the backend compiles to nothing but does not look
/// through: without it the DAG combiner merges the shuffles back into the one the
/// sequence replaces and lowers it as before. The fence works on floats: integer lanes
/// are bitcast to `float` and back (no instruction; the bits are not touched).
pub fn build_sequence(inst: Inst, seq: &Sequence) -> Option<BuiltSequence> {
    let raw = inst.raw();
    // SAFETY: `inst` is a live shufflevector; everything is built right before it, and
    // on failure every instruction built is erased, last first.
    unsafe {
        let (a, b) = (LLVMGetOperand(raw, 0), LLVMGetOperand(raw, 1));
        let ty = LLVMTypeOf(a);
        let four_lanes_32 =
            |t: LLVMTypeRef| Type(t).fixed_lanes() == Some(4) && Type(t).element_bits() == Some(32);
        if !four_lanes_32(ty) || LLVMTypeOf(raw) != ty || seq.ops.is_empty() {
            return None;
        }
        let ctx = LLVMGetTypeContext(ty);
        let module = LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(raw)));
        let float4 = LLVMVectorType(LLVMFloatTypeInContext(ctx), 4);
        let i32t = LLVMInt32TypeInContext(ctx);
        let builder = LLVMCreateBuilderInContext(ctx);
        LLVMPositionBuilderBefore(builder, raw);
        let mut built: Vec<LLVMValueRef> = Vec::new();
        let note = |v: LLVMValueRef, built: &mut Vec<LLVMValueRef>| {
            if !LLVMIsAInstruction(v).is_null() {
                built.push(v);
            }
            v
        };
        let cast = |v: LLVMValueRef, to: LLVMTypeRef, built: &mut Vec<LLVMValueRef>| {
            if LLVMTypeOf(v) == to {
                v
            } else {
                note(LLVMBuildBitCast(builder, v, to, c"".as_ptr()), built)
            }
        };
        let call = |name: &str, overload: Option<LLVMTypeRef>, args: &mut [LLVMValueRef]| {
            let id = LLVMLookupIntrinsicID(name.as_ptr() as *const _, name.len());
            let mut types: Vec<LLVMTypeRef> = overload.into_iter().collect();
            let decl = LLVMGetIntrinsicDeclaration(module, id, types.as_mut_ptr(), types.len());
            let fn_ty = LLVMIntrinsicGetType(ctx, id, types.as_mut_ptr(), types.len());
            LLVMBuildCall2(
                builder,
                fn_ty,
                decl,
                args.as_mut_ptr(),
                args.len() as u32,
                c"".as_ptr(),
            )
        };
        let mut values: Vec<LLVMValueRef> = Vec::new();
        for (k, op) in seq.ops.iter().enumerate() {
            let operand = |o: Operand| match o {
                Operand::A => a,
                Operand::B => b,
                Operand::Zero => LLVMConstNull(ty),
                Operand::Earlier(i) => values[i],
            };
            let (x, y) = (operand(op.x), operand(op.y));
            let v = match op.insn.emit {
                Emit::Shuffle => {
                    let lanes = op.lanes();
                    let mut mask: Vec<LLVMValueRef> = lanes
                        .iter()
                        .map(|s| match s {
                            Src::Lane(l) => LLVMConstInt(i32t, *l as u64, 0),
                            Src::Zero => LLVMGetPoison(i32t),
                        })
                        .collect();
                    let y = if op.insn.operands == 1 {
                        LLVMGetPoison(ty)
                    } else {
                        y
                    };
                    let mask = LLVMConstVector(mask.as_mut_ptr(), 4);
                    note(
                        LLVMBuildShuffleVector(builder, x, y, mask, c"".as_ptr()),
                        &mut built,
                    )
                }
                Emit::Intrinsic("llvm.x86.sse41.insertps") => {
                    // Lane imm % 4 from lane imm / 4 of the second operand.
                    let imm8 = (op.imm / 4) << 6 | (op.imm % 4) << 4;
                    let i8t = LLVMInt8TypeInContext(ctx);
                    let (fx, fy) = (cast(x, float4, &mut built), cast(y, float4, &mut built));
                    let mut args = [fx, fy, LLVMConstInt(i8t, imm8 as u64, 0)];
                    let r = note(call("llvm.x86.sse41.insertps", None, &mut args), &mut built);
                    cast(r, ty, &mut built)
                }
                Emit::Intrinsic(
                    name @ ("llvm.x86.ssse3.pshuf.b.128"
                    | "llvm.aarch64.neon.tbl1"
                    | "llvm.aarch64.neon.tbl2"),
                ) => {
                    // Byte tables: lane `l` is bytes 4l..4l+4 of the operands' bytes;
                    // zero an index out of range (pshufb: the top bit).
                    let zero_index = if name.contains("pshuf") { 0x80 } else { 0xff };
                    let i8t = LLVMInt8TypeInContext(ctx);
                    let bytes16 = LLVMVectorType(i8t, 16);
                    let mut index: Vec<LLVMValueRef> = op
                        .lanes()
                        .iter()
                        .flat_map(|&src| {
                            (0..4).map(move |k| match src {
                                Src::Lane(l) => u64::from(4 * l + k),
                                Src::Zero => zero_index,
                            })
                        })
                        .map(|b| LLVMConstInt(i8t, b, 0))
                        .collect();
                    let index = LLVMConstVector(index.as_mut_ptr(), 16);
                    let (bx, by) = (cast(x, bytes16, &mut built), cast(y, bytes16, &mut built));
                    let (mut args, overload) = match name {
                        "llvm.aarch64.neon.tbl2" => (vec![bx, by, index], Some(bytes16)),
                        "llvm.aarch64.neon.tbl1" => (vec![bx, index], Some(bytes16)),
                        _ => (vec![bx, index], None),
                    };
                    let r = note(call(name, overload, &mut args), &mut built);
                    cast(r, ty, &mut built)
                }
                Emit::Intrinsic(name @ "llvm.x86.avx512.vpermi2var.d.128") => {
                    // Lane `l` of `x ++ y`; the index is the middle operand.
                    let i4 = LLVMVectorType(i32t, 4);
                    let mut index: Vec<LLVMValueRef> = op
                        .lanes()
                        .iter()
                        .map(|&src| match src {
                            Src::Lane(l) => LLVMConstInt(i32t, u64::from(l), 0),
                            Src::Zero => LLVMConstInt(i32t, 0, 0), // not produced
                        })
                        .collect();
                    let index = LLVMConstVector(index.as_mut_ptr(), 4);
                    let (ix, iy) = (cast(x, i4, &mut built), cast(y, i4, &mut built));
                    let r = note(call(name, None, &mut [ix, index, iy]), &mut built);
                    cast(r, ty, &mut built)
                }
                Emit::Intrinsic(_) => {
                    for &inst in built.iter().rev() {
                        LLVMInstructionEraseFromParent(inst);
                    }
                    LLVMDisposeBuilder(builder);
                    return None;
                }
            };
            let v = if k + 1 < seq.ops.len() {
                let f = cast(v, float4, &mut built);
                let fenced = note(
                    call("llvm.arithmetic.fence", Some(float4), &mut [f]),
                    &mut built,
                );
                cast(fenced, ty, &mut built)
            } else {
                v
            };
            values.push(v);
        }
        LLVMDisposeBuilder(builder);
        let result = *values.last().expect("a sequence has an instruction");
        Some(BuiltSequence::new(Inst(result), built))
    }
}

/// Erases a sequence that was not used.
pub fn discard(seq: BuiltSequence) {
    // SAFETY: the instructions built, unused but by each other.
    unsafe { erase_built(&seq.built) }
}

/// Erases instructions built and not used (users first), and the intrinsic
/// declarations their calls leave without a use (a measured candidate leaves the
/// module as it found it).
///
/// # Safety
/// `built` are live instructions used by nothing but each other, in build order (or
/// constants an IR builder folded them to: those are left).
pub unsafe fn erase_built(built: &[LLVMValueRef]) {
    let mut callees: Vec<LLVMValueRef> = Vec::new();
    for &inst in built.iter().rev() {
        if LLVMIsAInstruction(inst).is_null() {
            continue;
        }
        if !LLVMIsACallInst(inst).is_null() {
            let callee = LLVMGetCalledValue(inst);
            if !callees.contains(&callee) {
                callees.push(callee);
            }
        }
        LLVMInstructionEraseFromParent(inst);
    }
    for callee in callees {
        if !LLVMIsAFunction(callee).is_null()
            && LLVMIsDeclaration(callee) != 0
            && LLVMGetIntrinsicID(callee) != 0
            && LLVMGetFirstUse(callee).is_null()
        {
            LLVMDeleteFunction(callee);
        }
    }
}

/// Puts a built sequence in place of its shufflevector.
pub fn replace_with(inst: Inst, seq: BuiltSequence) {
    // SAFETY: a live shufflevector and a value built before it, of its type.
    unsafe {
        super::take_name(inst.raw(), seq.result.raw());
        LLVMReplaceAllUsesWith(inst.raw(), seq.result.raw());
        LLVMInstructionEraseFromParent(inst.raw());
    }
}

/// The operands of a shufflevector as a key: `%0`/`%1` for variables (the same value
/// twice has the same number), a constant's text.
pub fn operand_key(inst: Inst) -> String {
    let vars = variable_operands(inst);
    let parts: Vec<String> = (0..2)
        .map(|i| {
            // SAFETY: a live shufflevector's operand.
            let v = unsafe { LLVMGetOperand(inst.raw(), i) };
            match vars.iter().position(|&x| x == Value(v)) {
                Some(n) => format!("%{n}"),
                None => super::value_text(v),
            }
        })
        .collect();
    parts.join(",")
}

thread_local! {
    /// [`in_cycle`]'s answers per block, for the function being run (the pass never
    /// changes the CFG; asked per shuffle, each a walk of the blocks reachable).
    static CYCLES: RefCell<FastMap<LLVMBasicBlockRef, bool>> = RefCell::default();
}

/// Forgets what [`in_cycle`] remembers: at the start of each function's run, since the
/// passes in between change the CFG.
pub fn forget_cycles() {
    CYCLES.with(|c| c.borrow_mut().clear());
}

/// Whether the block of `inst` is in a cycle of the CFG (a loop body).
pub fn in_cycle(inst: Inst) -> bool {
    // SAFETY: a live instruction's block.
    let home = unsafe { LLVMGetInstructionParent(inst.raw()) };
    if let Some(known) = CYCLES.with(|c| c.borrow().get(&home).copied()) {
        return known;
    }
    // The first question of a function answers for all its blocks at once: one pass
    // over the CFG (strongly connected components), not one walk per block (quadratic
    // in a function of many blocks, each with a shuffle). A block made since is walked.
    if CYCLES.with(|c| c.borrow().is_empty()) {
        // SAFETY: a live block's function.
        let all = unsafe { blocks_in_cycles(LLVMGetBasicBlockParent(home)) };
        CYCLES.with(|c| c.borrow_mut().extend(all));
        if let Some(known) = CYCLES.with(|c| c.borrow().get(&home).copied()) {
            return known;
        }
    }
    let answer = block_in_cycle(home);
    CYCLES.with(|c| c.borrow_mut().insert(home, answer));
    answer
}

/// Every block of `func` with whether it is in a cycle of the CFG: Tarjan's strongly
/// connected components, iteratively (a block is in a cycle when its component has
/// more than one block, or it branches to itself).
unsafe fn blocks_in_cycles(func: LLVMValueRef) -> Vec<(LLVMBasicBlockRef, bool)> {
    let mut blocks = Vec::new();
    let mut index: FastMap<LLVMBasicBlockRef, usize> = FastMap::default();
    let mut bb = LLVMGetFirstBasicBlock(func);
    while !bb.is_null() {
        index.insert(bb, blocks.len());
        blocks.push(bb);
        bb = LLVMGetNextBasicBlock(bb);
    }
    let n = blocks.len();
    let succ: Vec<Vec<usize>> = blocks
        .iter()
        .map(|&bb| {
            let term = LLVMGetBasicBlockTerminator(bb);
            if term.is_null() {
                return Vec::new();
            }
            (0..LLVMGetNumSuccessors(term))
                .filter_map(|i| index.get(&LLVMGetSuccessor(term, i)).copied())
                .collect()
        })
        .collect();
    const NONE: usize = usize::MAX;
    let (mut order, mut low) = (vec![NONE; n], vec![0usize; n]);
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut cyclic = vec![false; n];
    let mut next = 0;
    for root in 0..n {
        if order[root] != NONE {
            continue;
        }
        let mut calls: Vec<(usize, usize)> = vec![(root, 0)];
        order[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut i)) = calls.last_mut() {
            if let Some(&w) = succ[v].get(*i) {
                *i += 1;
                if w == v {
                    cyclic[v] = true;
                }
                if order[w] == NONE {
                    order[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    calls.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(order[w]);
                }
                continue;
            }
            calls.pop();
            if let Some(&(parent, _)) = calls.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == order[v] {
                let mut component = Vec::new();
                loop {
                    let w = stack.pop().expect("v is on the stack");
                    on_stack[w] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    for w in component {
                        cyclic[w] = true;
                    }
                }
            }
        }
    }
    blocks.into_iter().zip(cyclic).collect()
}

fn block_in_cycle(home: LLVMBasicBlockRef) -> bool {
    // SAFETY: a live block and the blocks reachable from it.
    unsafe {
        let successors = |bb: LLVMBasicBlockRef| -> Vec<LLVMBasicBlockRef> {
            let term = LLVMGetBasicBlockTerminator(bb);
            if term.is_null() {
                return Vec::new();
            }
            (0..LLVMGetNumSuccessors(term))
                .map(|i| LLVMGetSuccessor(term, i))
                .collect()
        };
        let mut seen: FastMap<LLVMBasicBlockRef, ()> = FastMap::default();
        seen.insert(home, ());
        let mut work = successors(home);
        while let Some(bb) = work.pop() {
            if bb == home {
                return true;
            }
            if seen.insert(bb, ()).is_none() {
                work.extend(successors(bb));
            }
        }
        false
    }
}
