//! Shuffles of lane-wise operations read as trees (`crate::lower::compute`), and the
//! rewritten trees built in their place.

use std::collections::HashMap;

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use super::demanded::{LANE_CASTS, LANE_INTRINSICS};
use super::lower::{BuiltSequence, Value};
use super::{build_shuffle, fixed_lanes, is, is_poison, mask_of, single_use, Function, Inst, Type};
use crate::algebra::shuffle::OperandKind;
use crate::lower::compute::{BinOp, New, Node, Op};

/// A shuffle of operations, as a tree: its nodes (the root last) and the value of each.
#[derive(Clone, Debug)]
pub struct ComputeTree {
    pub root: Inst,
    pub nodes: Vec<Node>,
    values: Vec<LLVMValueRef>,
    /// What each `Op::Other` number stands for (opcode or intrinsic, predicate,
    /// result element type).
    kinds: Vec<String>,
}

impl ComputeTree {
    /// The values the tree reads and keeps (for measuring).
    pub fn leaves(&self) -> Vec<Value> {
        let mut out: Vec<Value> = Vec::new();
        for (node, &v) in self.nodes.iter().zip(&self.values) {
            // SAFETY: a live value.
            let constant = unsafe { LLVMIsConstant(v) != 0 };
            let kept = matches!(node, Node::Leaf { .. } | Node::Splat { .. });
            if kept && !constant && !out.contains(&Value::from_raw(v)) {
                out.push(Value::from_raw(v));
            }
        }
        out
    }

    /// The values a measurement of the tree starts from: its leaves, but a leaf that is
    /// an `fmul` its operands (the backend fuses a multiply into the `fadd`/`fsub`
    /// reading it where fast-math flags allow: `vfmsubadd` from a multiply added in
    /// even lanes and subtracted in odd ones, 1 instruction, which a tree measured
    /// from the product sees as 3 and a rewrite as `vxorps` and `vfmadd` beat, 2).
    ///
    /// Likewise a leaf that is a shuffle of the root's block read only by the tree is
    /// measured from its operands: the backend composes it with the tree's shuffles (a
    /// tree commoned from two shuffles of shuffles measured 17 against 13 from the inner
    /// shuffles, and in its function compiled to 22 against stock's 15).
    pub fn measured_inputs(&self) -> Vec<Value> {
        let mut out: Vec<Value> = Vec::new();
        for leaf in self.leaves() {
            for o in self.leaf_inputs(leaf.raw()) {
                if !out.contains(&Value::from_raw(o)) {
                    out.push(Value::from_raw(o));
                }
            }
        }
        out
    }

    /// What a measurement reads for the leaf `v` (see [`Self::measured_inputs`]): its
    /// operands, constants aside, or `v` itself; through shuffles and bitcasts of the
    /// root's block that only the tree reads, down to loads only they read (their
    /// addresses) or to values made elsewhere. (The `<3 x i8>` loads of a random
    /// program, each swizzled to `<2 x i16>` by a shuffle and a bitcast read only by a
    /// tree: the backend had merged each swizzle into the tree's widening shuffle, a
    /// broadcast of one pair of bytes, which a measurement from the bitcasts missed, and
    /// a commoned rewrite made x86-64-v3's function 34 instructions -> 45; found by a
    /// helper's hunt.)
    fn leaf_inputs(&self, v: LLVMValueRef) -> Vec<LLVMValueRef> {
        let mut out = Vec::new();
        // SAFETY: a live value, its operands and their users, read only.
        unsafe { self.slice_inputs(v, LEAF_DEPTH, &mut Vec::new(), &mut out) };
        out
    }

    /// [`Self::leaf_inputs`] of `v`, `depth` instructions down at most, into `out`;
    /// `looked` holds what is looked through (whose readers are in the slice).
    ///
    /// # Safety
    /// `v` is a live value.
    unsafe fn slice_inputs(
        &self,
        v: LLVMValueRef,
        depth: u32,
        looked: &mut Vec<LLVMValueRef>,
        out: &mut Vec<LLVMValueRef>,
    ) {
        if LLVMIsConstant(v) != 0 {
            return;
        }
        let mut push = |x: LLVMValueRef| {
            if LLVMIsConstant(x) == 0 && !out.contains(&x) {
                out.push(x);
            }
        };
        if LLVMIsAInstruction(v).is_null() {
            return push(v);
        }
        let read_here = LLVMGetInstructionParent(v) == LLVMGetInstructionParent(self.root.raw())
            && super::each_user(v).all(|u| self.values.contains(&u) || looked.contains(&u));
        match LLVMGetInstructionOpcode(v) {
            // Only as the leaf itself, read by the tree or not.
            LLVMOpcode::LLVMFMul if depth == LEAF_DEPTH => {
                (0..2).for_each(|i| push(LLVMGetOperand(v, i)));
            }
            // A load only the tree reads, with it: the backend folds the tree's
            // deinterleaves of it into the load (AArch64 `ld2`: complex products of
            // `double`s, which a rewrite measured from the loaded registers made `ldp`,
            // `dup`, `ext`, `eor` in place of it, neoverse-n1 loop 818 -> 916 cycles by
            // llvm-mca; found by a helper's hunt).
            LLVMOpcode::LLVMLoad if read_here && super::simple_access(v) => {
                push(LLVMGetOperand(v, 0));
            }
            LLVMOpcode::LLVMShuffleVector | LLVMOpcode::LLVMBitCast if read_here && depth > 0 => {
                looked.push(v);
                let operands = match LLVMIsABitCastInst(v).is_null() {
                    true => 2,
                    false => 1,
                };
                for i in 0..operands {
                    self.slice_inputs(LLVMGetOperand(v, i), depth - 1, looked, out);
                }
            }
            _ => push(v),
        }
    }

    /// The vectors of 16-bit floats the tree's operations make or read, with those
    /// operations, as [`super::lower::half_neighbours`] gives them for one shuffle.
    pub fn half_neighbours(&self, register_bits: u32) -> super::lower::HalfNeighbours {
        let mut out = super::lower::HalfNeighbours {
            types: Vec::new(),
            operations: Vec::new(),
        };
        // SAFETY: the tree's live values and their operands, read only.
        unsafe {
            let is_half = |v: LLVMValueRef| Type(LLVMTypeOf(v)).is_half();
            for (node, &v) in self.nodes.iter().zip(&self.values) {
                if !matches!(node, Node::Op { .. }) {
                    continue;
                }
                let operands = super::lower::lane_operands(v);
                if !is_half(v) && !operands.iter().any(|&o| is_half(o)) {
                    continue;
                }
                for t in std::iter::once(v).chain(operands).filter(|&t| is_half(t)) {
                    out.add_type(t, register_bits);
                }
                out.add_operation(v);
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
            .filter(|(n, _)| !matches!(n, Node::Leaf { .. } | Node::Splat { .. }))
            .map(|(_, &v)| Inst(v))
            .filter(|i| *i != self.root)
            .collect()
    }

    /// Each node's element bits (0 where no primitive).
    pub fn element_bits(&self) -> Vec<u32> {
        // SAFETY: live values.
        (self.values.iter())
            .map(|&v| unsafe { Type(LLVMTypeOf(v)) }.element_bits().unwrap_or(0))
            .collect()
    }

    /// Whether nothing outside the tree reads its shuffles below the root.
    pub fn shuffles_read_here(&self) -> bool {
        self.shared_shuffles().is_empty()
    }

    /// The tree's shuffles below the root that something outside it reads too: a
    /// rewrite keeps such a shuffle for them, which its measurement does not see.
    pub fn shared_shuffles(&self) -> Vec<Inst> {
        (self.nodes.iter().zip(&self.values))
            .filter(|&(n, &v)| matches!(n, Node::Shuffle { .. }) && v != self.root.raw())
            // SAFETY: a live value's users, read only.
            .filter(|(_, &v)| unsafe { super::each_user(v) }.any(|u| !self.values.contains(&u)))
            .map(|(_, &v)| Inst(v))
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
        // SAFETY: live values.
        let ty = unsafe { Type(LLVMTypeOf(self.root.raw())) };
        // The leaves' types and the other operations' kinds too: a `zext` and a `sext`,
        // or casts from bytes and from words, are nodes of one shape.
        // Each leaf: a constant by its value; else its type and how what a measurement
        // reads for it makes it (`leaf_inputs`, `describe_slice`).
        let inputs: Vec<LLVMValueRef> = self.measured_inputs().iter().map(|v| v.raw()).collect();
        let leaves: Vec<String> = (self.nodes.iter().zip(&self.values))
            .filter(|(n, _)| matches!(n, Node::Leaf { .. } | Node::Splat { .. }))
            // SAFETY: live values and their operands.
            .map(|(_, &v)| unsafe {
                match LLVMIsConstant(v) != 0 {
                    true => Inst(v).text(),
                    false => format!(
                        "{} {}",
                        Type(LLVMTypeOf(v)),
                        describe_slice(v, &inputs, LEAF_DEPTH + 1)
                    ),
                }
            })
            .collect();
        // The operations' fast-math flags (what the backend may fuse or reorder).
        // SAFETY: live values.
        let flags: Vec<u32> = (self.values.iter())
            .map(|&v| unsafe {
                match !LLVMIsAInstruction(v).is_null() && LLVMCanValueUseFastMathFlags(v) != 0 {
                    true => LLVMGetFastMathFlags(v),
                    false => 0,
                }
            })
            .collect();
        format!("{ty}{:?}{leaves:?}{:?}{flags:?}", self.nodes, self.kinds)
    }
}

/// How a leaf's slice reads the measured `inputs` ([`ComputeTree::signature`]): an input
/// by its number (leaves sharing one are told apart), a constant by its value, an
/// instruction looked through by its opcode, type and what the backend's code for it
/// depends on (a shuffle's mask, a product's flags and other users, a load's
/// alignment), then its operands.
///
/// # Safety
/// `v` is a live value.
unsafe fn describe_slice(v: LLVMValueRef, inputs: &[LLVMValueRef], depth: u32) -> String {
    if let Some(k) = inputs.iter().position(|&i| i == v) {
        return format!("#{k}");
    }
    if LLVMIsConstant(v) != 0 || LLVMIsAInstruction(v).is_null() || depth == 0 {
        return Inst(v).text();
    }
    let opcode = LLVMGetInstructionOpcode(v);
    let extra = match opcode {
        // Users counted to a few: what fusion asks is whether there is one; counting
        // all of them, each tree reading a product that very many trees read did as
        // many steps (quadratic).
        LLVMOpcode::LLVMFMul => format!(
            " fmf{} users{}",
            LLVMGetFastMathFlags(v),
            super::each_user(v).take(MAX_USERS_IN_KEY).count()
        ),
        LLVMOpcode::LLVMLoad => format!(" align {}", LLVMGetAlignment(v)),
        LLVMOpcode::LLVMShuffleVector => format!(" {:?}", mask_of(v)),
        _ => String::new(),
    };
    let operands: Vec<String> = (0..LLVMGetNumOperands(v).min(2) as u32)
        .map(|i| describe_slice(LLVMGetOperand(v, i), inputs, depth - 1))
        .collect();
    format!("{opcode:?} {}{extra} {operands:?}", Type(LLVMTypeOf(v)))
}

/// How many shuffles and bitcasts [`ComputeTree::leaf_inputs`] looks through.
const LEAF_DEPTH: u32 = 3;

/// How many users of a product a key tells apart (more are as many).
const MAX_USERS_IN_KEY: usize = 4;

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

/// Whether `v` is a lane-wise operation other than a binary operator: one of
/// [`LANE_CASTS`], `fneg`, a comparison, a `select` on a vector of conditions, a call
/// of one of [`LANE_INTRINSICS`]; every operand (the callee aside) a vector of as many
/// lanes as `v`. Its kind, which names the operation and its result's element type.
fn other_op(v: LLVMValueRef) -> Option<String> {
    // SAFETY: a live value, read only.
    unsafe {
        if LLVMIsAInstruction(v).is_null() {
            return None;
        }
        let lanes = fixed_lanes(v)?;
        let opcode = LLVMGetInstructionOpcode(v);
        let element = Type(LLVMGetElementType(LLVMTypeOf(v)));
        // A cast's or a comparison's operands have an element type of their own: a
        // `zext` from bytes and one from words are two kinds (taken as one, a shuffle
        // moved below both read an `<8 x i8>` and an `<8 x i16>`).
        let source = || Type(LLVMTypeOf(LLVMGetOperand(v, 0))).element();
        let kind = match opcode {
            o if LANE_CASTS.contains(&o) => format!("{o:?} {} to {element}", Type(source())),
            LLVMOpcode::LLVMFNeg => "fneg".to_string(),
            LLVMOpcode::LLVMICmp => {
                format!("icmp {:?} {}", LLVMGetICmpPredicate(v), Type(source()))
            }
            LLVMOpcode::LLVMFCmp => {
                format!("fcmp {:?} {}", LLVMGetFCmpPredicate(v), Type(source()))
            }
            LLVMOpcode::LLVMSelect => "select".to_string(),
            LLVMOpcode::LLVMCall => {
                let name = super::called_intrinsic(v)?;
                if !LANE_INTRINSICS.contains(&name.as_str()) {
                    return None;
                }
                format!("{name} {element}")
            }
            _ => return None,
        };
        let operands = match opcode {
            LLVMOpcode::LLVMCall => LLVMGetNumArgOperands(v) as u32,
            _ => LLVMGetNumOperands(v) as u32,
        };
        let lane_wise =
            operands > 0 && (0..operands).all(|i| fixed_lanes(LLVMGetOperand(v, i)) == Some(lanes));
        lane_wise.then_some(kind)
    }
}

/// The operands of a lane-wise operation (a call's arguments, without the callee).
///
/// # Safety
/// `v` is a live instruction [`bin_op`] or [`other_op`] accepts.
unsafe fn lane_operands(v: LLVMValueRef) -> Vec<LLVMValueRef> {
    let n = match LLVMGetInstructionOpcode(v) {
        LLVMOpcode::LLVMCall => LLVMGetNumArgOperands(v) as u32,
        _ => LLVMGetNumOperands(v) as u32,
    };
    (0..n).map(|i| LLVMGetOperand(v, i)).collect()
}

/// Whether `v` is a lane-wise operation the trees take.
fn is_operation(v: LLVMValueRef) -> bool {
    bin_op(v).is_some() || other_op(v).is_some()
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

/// Whether `v` is one value in every lane: a splat constant (no lane poison) or a
/// shuffle broadcasting one lane.
///
/// # Safety
/// `v` is a live value.
unsafe fn is_splat(v: LLVMValueRef) -> bool {
    let Some(lanes) = fixed_lanes(v) else {
        return false;
    };
    if LLVMIsConstant(v) != 0 {
        let kind = super::operand_kind(v, std::ptr::null_mut(), lanes as u32);
        return matches!(kind, Some((OperandKind::Splat | OperandKind::Zero, poison)) if poison.is_empty());
    }
    is(v, LLVMOpcode::LLVMShuffleVector) && {
        let mask = mask_of(v);
        mask[0] >= 0 && mask.iter().all(|&m| m == mask[0])
    }
}

struct Reader {
    /// Whether splats are read as [`Node::Splat`] (for commoning).
    splats: bool,
    nodes: Vec<Node>,
    values: Vec<LLVMValueRef>,
    seen: HashMap<LLVMValueRef, usize>,
    block: LLVMBasicBlockRef,
    /// The kinds of the other operations read, numbered in order (`Op::Other`).
    kinds: Vec<String>,
}

impl Reader {
    fn new(block: LLVMBasicBlockRef, splats: bool) -> Reader {
        Reader {
            splats,
            nodes: Vec::new(),
            values: Vec::new(),
            seen: HashMap::new(),
            block,
            kinds: Vec::new(),
        }
    }

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

    /// The node of `v`, a lane-wise operation, with its operands read below it (`None`
    /// where `v` is no such operation; `Some(None)` where an operand can't be read).
    ///
    /// # Safety
    /// `v` is a live instruction.
    unsafe fn operation(&mut self, v: LLVMValueRef, depth: usize) -> Option<Option<usize>> {
        let op = match (bin_op(v), other_op(v)) {
            (Some(op), _) => Op::Bin(op),
            (None, Some(_)) if is(v, LLVMOpcode::LLVMFNeg) => Op::FNeg,
            (None, Some(_)) if is(v, LLVMOpcode::LLVMSelect) => Op::Select,
            (None, Some(kind)) => {
                let number = match self.kinds.iter().position(|k| *k == kind) {
                    Some(i) => i,
                    None => {
                        self.kinds.push(kind);
                        self.kinds.len() - 1
                    }
                };
                Op::Other(number as u32)
            }
            _ => return None,
        };
        let args = lane_operands(v)
            .into_iter()
            .map(|a| self.operand(a, depth + 1))
            .collect::<Option<Vec<usize>>>();
        Some(args.map(|args| self.add(v, Node::Op { op, args })))
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
                if let Some(id) = self.operation(v, depth) {
                    return id;
                }
            }
            if self.splats && is_splat(v) {
                let lanes = fixed_lanes(v)?;
                return Some(self.add(v, Node::Splat { lanes }));
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

/// What reads `v`, each once; `None` where more than `most` do.
pub fn readers(v: Inst, most: usize) -> Option<Vec<Inst>> {
    let mut out: Vec<Inst> = Vec::new();
    // SAFETY: a live value's users, read only.
    for u in unsafe { super::each_user(v.raw()) } {
        if !out.contains(&Inst(u)) {
            if out.len() == most {
                return None;
            }
            out.push(Inst(u));
        }
    }
    Some(out)
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
        let operation = |v: LLVMValueRef| is_operation(v) && unsafe { single_use(v) };
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
        let mut reader = Reader::new(block, false);
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
            kinds: reader.kinds,
        });
    }
    out
}

/// Whether `v` is a lane-wise operation of `block` whose operands, down through such
/// operations read only there, end in shuffles of `block` only: the cheap test before
/// a tree is read for commoning.
///
/// # Safety
/// `v` is a live value.
unsafe fn ends_in_shuffles(v: LLVMValueRef, block: LLVMBasicBlockRef, depth: usize) -> bool {
    is_operation(v)
        && lane_operands(v).into_iter().all(|a| {
            let local = !LLVMIsAInstruction(a).is_null() && LLVMGetInstructionParent(a) == block;
            is_splat(a)
                || local
                    && (is(a, LLVMOpcode::LLVMShuffleVector)
                        || (depth < MAX_DEPTH
                            && single_use(a)
                            && ends_in_shuffles(a, block, depth + 1)))
        })
}

/// Every tree of lane-wise operations of `func` whose every operand at the bottom is a
/// shuffle, each shuffle read only by the tree, with its rewrite (`compute::common`:
/// shuffles by one mask as one, or one permutation taken out of several masks): the
/// largest such tree first (an operation is in at most one tree commoned by one mask).
pub fn common_trees(func: Function) -> Vec<(ComputeTree, Vec<New>)> {
    let mut out: Vec<(ComputeTree, Vec<New>)> = Vec::new();
    let mut taken: std::collections::HashSet<LLVMValueRef> = Default::default();
    let mut insts: Vec<Inst> = func.instructions().collect();
    // Readers before what they read: a tree before its subtrees.
    insts.reverse();
    for inst in insts {
        let v = inst.raw();
        if fixed_lanes(v).is_none() || taken.contains(&v) {
            continue;
        }
        // SAFETY: live values of the function, read only.
        unsafe {
            let block = LLVMGetInstructionParent(v);
            if !ends_in_shuffles(v, block, 0) {
                continue;
            }
            let mut reader = Reader::new(block, true);
            if reader.operation(v, 0).flatten().is_none() {
                continue;
            }
            let tree = ComputeTree {
                root: inst,
                nodes: reader.nodes,
                values: reader.values,
                kinds: reader.kinds,
            };
            if !tree.shuffles_read_here() {
                continue;
            }
            let Some(new) = crate::lower::compute::common(&tree.nodes) else {
                continue;
            };
            // A tree commoned by one mask takes its subtrees; one with a permutation
            // taken out of several masks leaves them to be tried too (measured after
            // it: where it loses, a subtree by one mask may still win).
            if crate::lower::compute::one_mask(&tree.nodes) {
                taken.extend(tree.values.iter().copied());
            }
            out.push((tree, new));
        }
    }
    out
}

/// Builds the rewritten tree `new` of `tree` right before its root; with `hoist` (the
/// root is in a loop), a constant the rewrite makes (a sign mask) at the function's
/// entry, as `freeze` of it (an instruction, which the measurement takes as an input;
/// InstSimplify folds it back, and the backend builds the constant before the loop).
pub fn build_rewritten(
    tree: &ComputeTree,
    new: &[New],
    hoist: bool,
    negation: Negation,
) -> Option<BuiltSequence> {
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
                // One lane of the splat, broadcast (a constant folds).
                New::Splat { of, lanes } => {
                    let splat = tree.values[*of];
                    let s = build_shuffle(builder, splat, None, &vec![0; *lanes]);
                    if !LLVMIsAInstruction(s).is_null() {
                        built.push(s);
                    }
                    s
                }
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
                        flip_sign(builder, entry, values[*a], lanes, negation)
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
                New::Op { op, like, args } => {
                    let args: Vec<LLVMValueRef> = args.iter().map(|&a| values[a]).collect();
                    let (x, y) = (tree.values[like.0], tree.values[like.1]);
                    let Some(v) = build_like(builder, *op, x, &args) else {
                        for &i in built.iter().rev() {
                            LLVMInstructionEraseFromParent(i);
                        }
                        LLVMDisposeBuilder(builder);
                        return None;
                    };
                    if LLVMIsAInstruction(v).is_null() {
                        // Folded (constants).
                    } else if LLVMCanValueUseFastMathFlags(v) != 0 {
                        LLVMSetFastMathFlags(v, LLVMGetFastMathFlags(x) & LLVMGetFastMathFlags(y));
                    } else if matches!(op, Op::Bin(BinOp::Add | BinOp::Sub | BinOp::Mul)) {
                        // Wrap flags only from originals of this very operation: the
                        // `add` of an alternation (of a `sub` and an `add`) adds
                        // negated lanes, which may wrap where the subtraction did not.
                        let same = |i: LLVMValueRef| {
                            LLVMGetInstructionOpcode(i) == LLVMGetInstructionOpcode(v)
                        };
                        let keep = |flag: unsafe extern "C" fn(LLVMValueRef) -> LLVMBool| {
                            (same(x) && same(y) && flag(x) != 0 && flag(y) != 0) as i32
                        };
                        LLVMSetNSW(v, keep(LLVMGetNSW));
                        LLVMSetNUW(v, keep(LLVMGetNUW));
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

/// `op` on `args` where `builder` stands, as the tree's `like` computes it on its own
/// operands: its opcode, predicate or intrinsic, its result's element type at the lanes
/// of `args` (poison-generating flags of casts left off: fewer poison lanes only);
/// `None` where this LLVM lacks the intrinsic.
///
/// # Safety
/// `like` is a live instruction of `op`'s kind; `args` fit it, available where `builder`
/// stands.
unsafe fn build_like(
    builder: LLVMBuilderRef,
    op: Op,
    like: LLVMValueRef,
    args: &[LLVMValueRef],
) -> Option<LLVMValueRef> {
    let lanes = fixed_lanes(*args.first()?)? as u32;
    let result = LLVMVectorType(LLVMGetElementType(LLVMTypeOf(like)), lanes);
    let name = c"".as_ptr();
    Some(match (op, LLVMGetInstructionOpcode(like)) {
        (Op::Bin(op), _) => LLVMBuildBinOp(builder, opcode(op), args[0], args[1], name),
        // Built for a blend of an operation on a negated and a plain operand: `like` is
        // that operation.
        (Op::FNeg, _) => LLVMBuildFNeg(builder, args[0], name),
        (_, o) if LANE_CASTS.contains(&o) => LLVMBuildCast(builder, o, args[0], result, name),
        (_, LLVMOpcode::LLVMFNeg) => LLVMBuildFNeg(builder, args[0], name),
        (_, LLVMOpcode::LLVMICmp) => {
            LLVMBuildICmp(builder, LLVMGetICmpPredicate(like), args[0], args[1], name)
        }
        (_, LLVMOpcode::LLVMFCmp) => {
            LLVMBuildFCmp(builder, LLVMGetFCmpPredicate(like), args[0], args[1], name)
        }
        (_, LLVMOpcode::LLVMSelect) => LLVMBuildSelect(builder, args[0], args[1], args[2], name),
        (_, LLVMOpcode::LLVMCall) => {
            let intrinsic = super::called_intrinsic(like)?;
            let module =
                LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(like)));
            let mut args = args.to_vec();
            super::build_intrinsic_call(builder, module, &intrinsic, &[result], &mut args)?
        }
        _ => return None,
    })
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
    negation: Negation,
) -> Option<(LLVMValueRef, Vec<LLVMValueRef>, Option<LLVMValueRef>)> {
    let ty = LLVMTypeOf(v);
    let n = fixed_lanes(v)?;
    if n != lanes.len() {
        return None;
    }
    let element = LLVMGetElementType(ty);
    if LLVMGetTypeKind(element) == llvm_sys::LLVMTypeKind::LLVMIntegerTypeKind {
        return negate_lanes(builder, entry, v, lanes, negation);
    }
    let bits = match LLVMGetTypeKind(element) {
        llvm_sys::LLVMTypeKind::LLVMFloatTypeKind => 32,
        llvm_sys::LLVMTypeKind::LLVMDoubleTypeKind => 64,
        _ => return None,
    };
    let ctx = LLVMGetTypeContext(ty);
    let int = LLVMIntTypeInContext(ctx, bits);
    let mut signs: Vec<LLVMValueRef> = lanes
        .iter()
        .map(|&flip| LLVMConstInt(int, if flip { 1u64 << (bits - 1) } else { 0 }, 0))
        .collect();
    let signs = LLVMConstVector(signs.as_mut_ptr(), n as u32);
    let hoisted = entry.map(|at| freeze_at(at, signs));
    let signs = hoisted.unwrap_or(signs);
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

/// `v` (a vector of integers) negated in the lanes `lanes` says, by factors 1 and -1,
/// as `negation` says: x86's `psign` (one instruction of one cycle), or `mul v, <1, -1,
/// ..>` (exact: `-1 * x` is `0 - x` in wrapping arithmetic, no flags), which AArch64
/// fuses with the `add` that reads it into `mla` and RISC-V V into `vmadd`; the factors
/// at `entry` as `freeze` of them where given (as [`flip_sign`]'s sign mask). `None`
/// (nothing built) where the target has neither for the type.
///
/// # Safety
/// As [`flip_sign`].
unsafe fn negate_lanes(
    builder: LLVMBuilderRef,
    entry: Option<LLVMValueRef>,
    v: LLVMValueRef,
    lanes: &[bool],
    negation: Negation,
) -> Option<(LLVMValueRef, Vec<LLVMValueRef>, Option<LLVMValueRef>)> {
    let ty = LLVMTypeOf(v);
    let element = LLVMGetElementType(ty);
    let lane_bits = LLVMGetIntTypeWidth(element);
    let bits = lane_bits * lanes.len() as u32;
    let kind = match lane_bits {
        8 => "b",
        16 => "w",
        _ => "d",
    };
    let psign = match (negation, bits, lane_bits) {
        (Negation::X86 { psign_bits }, 128, 8 | 16 | 32) if psign_bits >= 128 => {
            Some(format!("llvm.x86.ssse3.psign.{kind}.128"))
        }
        (Negation::X86 { psign_bits }, 256, 8 | 16 | 32) if psign_bits >= 256 => {
            Some(format!("llvm.x86.avx2.psign.{kind}"))
        }
        // x86 multiplies 16-bit lanes in one instruction (`pmullw`); no bytes, and
        // `pmulld` takes ten cycles.
        (Negation::X86 { .. }, ..) if lane_bits != 16 => return None,
        _ => None,
    };
    // Nothing is built (the factors' `freeze` neither) for an intrinsic LLVM lacks.
    if psign
        .as_ref()
        .is_some_and(|name| LLVMLookupIntrinsicID(name.as_ptr() as *const _, name.len()) == 0)
    {
        return None;
    }
    let mut factors: Vec<LLVMValueRef> = lanes
        .iter()
        .map(|&negate| match negate {
            true => LLVMConstAllOnes(element),
            false => LLVMConstInt(element, 1, 0),
        })
        .collect();
    let factors = LLVMConstVector(factors.as_mut_ptr(), lanes.len() as u32);
    let hoisted = entry.map(|at| freeze_at(at, factors));
    let factors = hoisted.unwrap_or(factors);
    let negated = match psign {
        Some(name) => {
            let module = LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInsertBlock(builder)));
            super::build_intrinsic_call(builder, module, &name, &[], &mut [v, factors])?
        }
        None => LLVMBuildMul(builder, v, factors, c"".as_ptr()),
    };
    let built = hoisted
        .into_iter()
        .chain([negated])
        .filter(|&i| !LLVMIsAInstruction(i).is_null())
        .collect();
    Some((negated, built, hoisted))
}

/// `freeze` of the constant `c` built before `at` (an instruction: the measurement takes
/// it as an input, and InstSimplify folds it back to the constant).
///
/// # Safety
/// `at` is a live instruction.
unsafe fn freeze_at(at: LLVMValueRef, c: LLVMValueRef) -> LLVMValueRef {
    let b = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(c)));
    LLVMPositionBuilderBefore(b, at);
    let frozen = LLVMBuildFreeze(b, c, c"".as_ptr());
    LLVMDisposeBuilder(b);
    frozen
}

/// How the target negates chosen integer lanes (an integer alternation's).
#[derive(Copy, Clone, Debug)]
pub enum Negation {
    /// A multiply by 1 and -1 (AArch64's `mla`, RISC-V V's `vmadd`, with the addition).
    Multiply,
    /// x86: `psign` for registers of up to `psign_bits` (0: none), else a multiply of
    /// 16-bit lanes only.
    X86 { psign_bits: u32 },
}

/// Replaces `tree`'s root by `built` and erases what of the tree nothing reads.
pub fn replace_tree(tree: &ComputeTree, built: BuiltSequence) -> Vec<Inst> {
    super::lower::replace_with(tree.root, built);
    let mut interior = tree.interior();
    interior.reverse();
    super::erase_unused(&interior)
}
