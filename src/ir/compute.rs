//! Shuffles of lane-wise operations read as trees (`crate::lower::compute`), and the
//! rewritten trees built in their place.

use std::collections::HashMap;

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use super::lower::{BuiltSequence, Value};
use super::{build_shuffle, fixed_lanes, is, is_poison, mask_of, single_use, Function, Inst, Type};
use crate::lower::compute::{BinOp, New, Node};

/// A shuffle of operations, as a tree: its nodes (the root last) and the value of each.
#[derive(Clone, Debug)]
pub struct ComputeTree {
    pub root: Inst,
    pub nodes: Vec<Node>,
    values: Vec<LLVMValueRef>,
}

impl ComputeTree {
    /// The values the tree reads and keeps (for measuring).
    pub fn leaves(&self) -> Vec<Value> {
        let mut out: Vec<Value> = Vec::new();
        for (node, &v) in self.nodes.iter().zip(&self.values) {
            // SAFETY: a live value.
            let constant = unsafe { LLVMIsConstant(v) != 0 };
            if matches!(node, Node::Leaf { .. }) && !constant && !out.contains(&Value::from_raw(v))
            {
                out.push(Value::from_raw(v));
            }
        }
        out
    }

    /// Every value of the tree, leaves included, as instructions (for overlap checks;
    /// a leaf that is no instruction never matches one).
    pub fn values(&self) -> Vec<Inst> {
        self.values.iter().map(|&v| Inst(v)).collect()
    }

    /// The instructions of the tree below the root.
    pub fn interior(&self) -> Vec<Inst> {
        self.nodes
            .iter()
            .zip(&self.values)
            .filter(|(n, _)| !matches!(n, Node::Leaf { .. }))
            .map(|(_, &v)| Inst(v))
            .filter(|i| *i != self.root)
            .collect()
    }

    /// Shuffles in the tree.
    pub fn shuffles(&self) -> usize {
        self.nodes
            .iter()
            .filter(|n| matches!(n, Node::Shuffle { .. }))
            .count()
    }

    /// The shapes and masks, for keys.
    pub fn signature(&self) -> String {
        // SAFETY: a live instruction.
        let ty = unsafe { Type(LLVMTypeOf(self.root.raw())) };
        format!("{ty}{:?}", self.nodes)
    }
}

fn bin_op(v: LLVMValueRef) -> Option<BinOp> {
    // SAFETY: a live value.
    let opcode = unsafe {
        if LLVMIsAInstruction(v).is_null() {
            return None;
        }
        LLVMGetInstructionOpcode(v)
    };
    Some(match opcode {
        LLVMOpcode::LLVMFAdd => BinOp::FAdd,
        LLVMOpcode::LLVMFSub => BinOp::FSub,
        LLVMOpcode::LLVMFMul => BinOp::FMul,
        LLVMOpcode::LLVMAdd => BinOp::Add,
        LLVMOpcode::LLVMSub => BinOp::Sub,
        LLVMOpcode::LLVMMul => BinOp::Mul,
        LLVMOpcode::LLVMAnd => BinOp::And,
        LLVMOpcode::LLVMOr => BinOp::Or,
        LLVMOpcode::LLVMXor => BinOp::Xor,
        _ => return None,
    })
}

fn opcode(op: BinOp) -> LLVMOpcode {
    match op {
        BinOp::FAdd => LLVMOpcode::LLVMFAdd,
        BinOp::FSub => LLVMOpcode::LLVMFSub,
        BinOp::FMul => LLVMOpcode::LLVMFMul,
        BinOp::Add => LLVMOpcode::LLVMAdd,
        BinOp::Sub => LLVMOpcode::LLVMSub,
        BinOp::Mul => LLVMOpcode::LLVMMul,
        BinOp::And => LLVMOpcode::LLVMAnd,
        BinOp::Or => LLVMOpcode::LLVMOr,
        BinOp::Xor => LLVMOpcode::LLVMXor,
    }
}

/// Operations below a root, at most.
const MAX_DEPTH: usize = 5;

struct Reader {
    nodes: Vec<Node>,
    values: Vec<LLVMValueRef>,
    seen: HashMap<LLVMValueRef, usize>,
    block: LLVMBasicBlockRef,
}

impl Reader {
    fn add(&mut self, v: LLVMValueRef, node: Node) -> usize {
        self.nodes.push(node);
        self.values.push(v);
        self.seen.insert(v, self.nodes.len() - 1);
        self.nodes.len() - 1
    }

    fn leaf(&mut self, v: LLVMValueRef) -> Option<usize> {
        if let Some(&id) = self.seen.get(&v) {
            return Some(id);
        }
        let lanes = fixed_lanes(v)?;
        Some(self.add(v, Node::Leaf { lanes }))
    }

    /// The node of `v`, read by an operation: an operation of the block read only
    /// there, a shuffle (of leaves), or a leaf.
    fn operand(&mut self, v: LLVMValueRef, depth: usize) -> Option<usize> {
        if let Some(&id) = self.seen.get(&v) {
            return Some(id);
        }
        fixed_lanes(v)?;
        // SAFETY: live values of the function, read only.
        unsafe {
            let local =
                !LLVMIsAInstruction(v).is_null() && LLVMGetInstructionParent(v) == self.block;
            if local && depth < MAX_DEPTH && single_use(v) {
                if let Some(op) = bin_op(v) {
                    let lhs = self.operand(LLVMGetOperand(v, 0), depth + 1)?;
                    let rhs = self.operand(LLVMGetOperand(v, 1), depth + 1)?;
                    return Some(self.add(v, Node::Binary { op, lhs, rhs }));
                }
            }
            if local && is(v, LLVMOpcode::LLVMShuffleVector) {
                let (a, b) = (LLVMGetOperand(v, 0), LLVMGetOperand(v, 1));
                let a = self.leaf(a)?;
                let b = if is_poison(b) {
                    None
                } else {
                    Some(self.leaf(b)?)
                };
                let mask = mask_of(v);
                return Some(self.add(v, Node::Shuffle { a, b, mask }));
            }
        }
        self.leaf(v)
    }
}

/// Every shuffle of `func` whose operands are lane-wise operations read only by it,
/// with the tree of operations (and the shuffles at their bottom) below it.
pub fn compute_trees(func: Function) -> Vec<ComputeTree> {
    let mut out = Vec::new();
    for inst in func.instructions() {
        if !inst.is_shuffle() || inst.ty().fixed_lanes().is_none() {
            continue;
        }
        let raw = inst.raw();
        // SAFETY: a live shufflevector's operands, read only.
        let (a, b) = unsafe { (LLVMGetOperand(raw, 0), LLVMGetOperand(raw, 1)) };
        // SAFETY: a live instruction.
        let block = unsafe { LLVMGetInstructionParent(raw) };
        // SAFETY: live values, read only.
        let operation = |v: LLVMValueRef| bin_op(v).is_some() && unsafe { single_use(v) };
        // A shuffle of one operation read only by the root, itself read only by it (the
        // even/odd extracts InstCombine makes of a blend).
        let extract = |v: LLVMValueRef| {
            // SAFETY: live values, read only.
            unsafe {
                is(v, LLVMOpcode::LLVMShuffleVector)
                    && LLVMGetInstructionParent(v) == block
                    && single_use(v)
                    && is_poison(LLVMGetOperand(v, 1))
                    && operation(LLVMGetOperand(v, 0))
            }
        };
        let side = |v: LLVMValueRef| operation(v) || extract(v);
        if !side(a) || !(is_poison(b) || side(b)) {
            continue;
        }
        let mut reader = Reader {
            nodes: Vec::new(),
            values: Vec::new(),
            seen: HashMap::new(),
            block,
        };
        let read = |reader: &mut Reader, v: LLVMValueRef| -> Option<usize> {
            if !extract(v) {
                return reader.operand(v, 0);
            }
            // SAFETY: a live shufflevector.
            let inner = reader.operand(unsafe { LLVMGetOperand(v, 0) }, 0)?;
            let mask = mask_of(v);
            Some(reader.add(
                v,
                Node::Shuffle {
                    a: inner,
                    b: None,
                    mask,
                },
            ))
        };
        let Some(an) = read(&mut reader, a) else {
            continue;
        };
        let bn = match is_poison(b) {
            true => None,
            false => match read(&mut reader, b) {
                Some(n) => Some(n),
                None => continue,
            },
        };
        let mask = mask_of(raw);
        reader.add(raw, Node::Shuffle { a: an, b: bn, mask });
        out.push(ComputeTree {
            root: inst,
            nodes: reader.nodes,
            values: reader.values,
        });
    }
    out
}

/// Builds the rewritten tree `new` of `tree` right before its root; with `hoist` (the
/// root is in a loop), a constant the rewrite makes (a sign mask) at the function's
/// entry, as `freeze` of it (an instruction, which the measurement takes as an input;
/// InstSimplify folds it back, and the backend builds the constant before the loop).
pub fn build_rewritten(tree: &ComputeTree, new: &[New], hoist: bool) -> Option<BuiltSequence> {
    // SAFETY: the tree's values are live and dominate its root; everything is built
    // right before the root.
    unsafe {
        let root = tree.root.raw();
        let ctx = LLVMGetTypeContext(LLVMTypeOf(root));
        let builder = LLVMCreateBuilderInContext(ctx);
        LLVMPositionBuilderBefore(builder, root);
        let mut built: Vec<LLVMValueRef> = Vec::new();
        let mut hoisted: Vec<LLVMValueRef> = Vec::new();
        let mut values: Vec<LLVMValueRef> = Vec::new();
        for n in new {
            let v = match n {
                New::Old(id) => tree.values[*id],
                New::Shuffle { a, b, mask } => {
                    let s = build_shuffle(builder, values[*a], b.map(|b| values[b]), mask);
                    if !LLVMIsAInstruction(s).is_null() {
                        built.push(s);
                    }
                    s
                }
                New::FlipSign { a, lanes } => {
                    let entry = hoist.then(|| entry_of(root));
                    let Some((flipped, steps, signs)) =
                        flip_sign(builder, entry, values[*a], lanes)
                    else {
                        for &i in built.iter().rev() {
                            LLVMInstructionEraseFromParent(i);
                        }
                        LLVMDisposeBuilder(builder);
                        return None;
                    };
                    built.extend(steps);
                    hoisted.extend(signs);
                    flipped
                }
                New::Binary { op, like, lhs, rhs } => {
                    let v = LLVMBuildBinOp(
                        builder,
                        opcode(*op),
                        values[*lhs],
                        values[*rhs],
                        c"".as_ptr(),
                    );
                    let (x, y) = (tree.values[like.0], tree.values[like.1]);
                    if LLVMIsAInstruction(v).is_null() {
                        // Folded (constants).
                    } else if LLVMCanValueUseFastMathFlags(v) != 0 {
                        LLVMSetFastMathFlags(v, LLVMGetFastMathFlags(x) & LLVMGetFastMathFlags(y));
                    } else if matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul) {
                        LLVMSetNSW(v, (LLVMGetNSW(x) != 0 && LLVMGetNSW(y) != 0) as i32);
                        LLVMSetNUW(v, (LLVMGetNUW(x) != 0 && LLVMGetNUW(y) != 0) as i32);
                    }
                    if !LLVMIsAInstruction(v).is_null() {
                        built.push(v);
                    }
                    v
                }
            };
            values.push(v);
        }
        LLVMDisposeBuilder(builder);
        match values.last() {
            // A result folded to a constant is left to InstCombine.
            Some(&result)
                if LLVMTypeOf(result) == LLVMTypeOf(root)
                    && !LLVMIsAInstruction(result).is_null()
                    && built.contains(&result) =>
            {
                Some(BuiltSequence::new(Inst(result), built).with_hoisted(hoisted))
            }
            _ => {
                for &i in built.iter().rev() {
                    LLVMInstructionEraseFromParent(i);
                }
                None
            }
        }
    }
}

/// The first place of `inst`'s function after its entry block's `alloca`s.
///
/// # Safety
/// `inst` is a live instruction.
unsafe fn entry_of(inst: LLVMValueRef) -> LLVMValueRef {
    let func = LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst));
    let mut at = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(func));
    while !LLVMIsAAllocaInst(at).is_null() {
        at = LLVMGetNextInstruction(at);
    }
    at
}

/// `v` (a vector of `float` or `double`) with the sign bit of each lane in `lanes`
/// flipped: bitcast to integers, `xor` with the sign bits, bitcast back (exactly `fneg`
/// on those lanes); the result, the instructions built, and the sign mask's `freeze`
/// where `entry` says to build the mask there; `None` (nothing built) for other
/// element types.
///
/// # Safety
/// `builder` is positioned where `v` is available; `entry` dominates it.
unsafe fn flip_sign(
    builder: LLVMBuilderRef,
    entry: Option<LLVMValueRef>,
    v: LLVMValueRef,
    lanes: &[bool],
) -> Option<(LLVMValueRef, Vec<LLVMValueRef>, Option<LLVMValueRef>)> {
    let ty = LLVMTypeOf(v);
    let n = fixed_lanes(v)?;
    let bits = match LLVMGetTypeKind(LLVMGetElementType(ty)) {
        llvm_sys::LLVMTypeKind::LLVMFloatTypeKind => 32,
        llvm_sys::LLVMTypeKind::LLVMDoubleTypeKind => 64,
        _ => return None,
    };
    if n != lanes.len() {
        return None;
    }
    let ctx = LLVMGetTypeContext(ty);
    let int = LLVMIntTypeInContext(ctx, bits);
    let mut signs: Vec<LLVMValueRef> = lanes
        .iter()
        .map(|&flip| LLVMConstInt(int, if flip { 1u64 << (bits - 1) } else { 0 }, 0))
        .collect();
    let mut signs = LLVMConstVector(signs.as_mut_ptr(), n as u32);
    let mut hoisted = None;
    if let Some(at) = entry {
        let b = LLVMCreateBuilderInContext(ctx);
        LLVMPositionBuilderBefore(b, at);
        signs = LLVMBuildFreeze(b, signs, c"".as_ptr());
        LLVMDisposeBuilder(b);
        hoisted = Some(signs);
    }
    let ints = LLVMBuildBitCast(builder, v, LLVMVectorType(int, n as u32), c"".as_ptr());
    let flipped = LLVMBuildXor(builder, ints, signs, c"".as_ptr());
    let back = LLVMBuildBitCast(builder, flipped, ty, c"".as_ptr());
    // Built in this order: the mask first (erased last).
    let built = hoisted
        .into_iter()
        .chain([ints, flipped, back])
        .filter(|&i| !LLVMIsAInstruction(i).is_null())
        .collect();
    Some((back, built, hoisted))
}

/// Replaces `tree`'s root by `built` and erases what of the tree nothing reads.
pub fn replace_tree(tree: &ComputeTree, built: BuiltSequence) {
    super::lower::replace_with(tree.root, built);
    let mut interior = tree.interior();
    interior.reverse();
    super::erase_unused(&interior);
}
