//! Store chains, horizontal reductions and build vectors read from the IR as SLP trees
//! (`crate::slp::tree`), the safety of moving their loads (and stores) to the last store
//! (the reduction's or build vector's root), and the vector code built there.

use std::collections::{HashMap, HashSet};

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMOpcode, LLVMTypeKind};

use super::lower::Value;
use super::{base_and_offset, single_use, touches_memory, Function, Inst};
use crate::ffi::Target;
use crate::lower::fast_hash::FastMap;
use crate::slp::tree::{self, Node, Scalar};
use crate::slp::{self as pure};

/// What a tree's lanes go to.
#[derive(Clone, Debug)]
pub enum Seed {
    /// A window of a store chain: the scalar stores, in address order, to `start` bytes
    /// from `base`.
    Stores {
        stores: Vec<Inst>,
        start: i64,
        base: LLVMValueRef,
    },
    /// A horizontal reduction: `root` combines the lanes with one associative and
    /// commutative operation, `combine`, through `inner` (operations of that kind, each
    /// read only by the next, in the block).
    Reduction {
        root: Inst,
        combine: Combine,
        inner: Vec<Inst>,
    },
    /// A build vector: `root`, the last of a chain of `insertelement`s that sets every
    /// lane once, through `inner` (the earlier ones, each read only by the next).
    BuildVector { root: Inst, inner: Vec<Inst> },
    /// The indices of `getelementptr`s into one object (seed 003's GEP seeds): each
    /// lane's scalar read outside, from its lane; the vector code goes right before
    /// `at`, the first instruction that reads one.
    Indices { at: Inst },
    /// A group of phis of a block that loops to itself (seed 003's PHI seeds): the
    /// lanes are what each carries round the loop, computed in the block; `phis` (lane
    /// order) become one vector phi, starting from their values coming from `entry`;
    /// the vector code goes right before `at`, as for indices.
    Phis {
        at: Inst,
        phis: Vec<Inst>,
        entry: LLVMBasicBlockRef,
        /// Whether `at` is the block's terminator (noted when read: an earlier tree
        /// may have erased any other `at`).
        at_end: bool,
    },
}

/// A seed and the tree computing its lanes.
#[derive(Clone, Debug)]
pub struct Tree {
    pub seed: Seed,
    lanes: usize,
    pub tree: Node,
    /// Scalar ids to values, and base ids to values (a constant's id is its value).
    scalars: Values,
    bases: Values,
    elem: LLVMTypeRef,
    last: LLVMValueRef,
    /// A phi seed's vector phi, once built (gathers of its phis read its lanes).
    vector_phi: std::cell::Cell<LLVMValueRef>,
}

/// The values of the ids a tree refers to, of all a block's reader has given. A copy
/// of all of them for each tree was quadratic in a long block.
#[derive(Clone, Debug)]
struct Values(FastMap<usize, LLVMValueRef>);

impl Values {
    /// The tree's scalars: its nodes' lanes and its gathers.
    fn scalars_of(tree: &Node, all: &[LLVMValueRef]) -> Values {
        let ids = tree.scalars().into_iter();
        let gathered = tree.gathers().into_iter().flatten().copied();
        Values(ids.chain(gathered).map(|s| (s, all[s])).collect())
    }

    /// The bases of the tree's loads.
    fn bases_of(tree: &Node, all: &[LLVMValueRef]) -> Values {
        Values(
            tree.load_ranges()
                .into_iter()
                .map(|(b, ..)| (b, all[b]))
                .collect(),
        )
    }
}

impl std::ops::Index<usize> for Values {
    type Output = LLVMValueRef;

    fn index(&self, id: usize) -> &LLVMValueRef {
        &self.0[&id]
    }
}

impl Tree {
    /// `<N x T>` as text, for keys and remarks.
    pub fn vector_type(&self) -> String {
        // SAFETY: a live type.
        unsafe {
            let ty = LLVMVectorType(self.elem, self.lanes as u32);
            format!("{}", super::Type(ty))
        }
    }

    /// Lanes of the tree.
    pub fn lanes(&self) -> usize {
        self.lanes
    }

    /// The module the tree's code is in (where its intrinsics are declared).
    fn module(&self) -> LLVMModuleRef {
        // SAFETY: the tree's last store (or last scalar) is a live instruction in a
        // function.
        unsafe { LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(self.last))) }
    }

    /// The first store, or the reduction's root: where remarks point.
    pub fn anchor(&self) -> Inst {
        match &self.seed {
            Seed::Stores { stores, .. } => stores[0],
            Seed::Reduction { root, .. } | Seed::BuildVector { root, .. } => *root,
            Seed::Indices { at } | Seed::Phis { at, .. } => *at,
        }
    }

    /// The pointers the tree's memory accesses are offsets of (for measuring).
    pub fn bases(&self) -> Vec<Value> {
        let mut out = match self.seed {
            Seed::Stores { base, .. } => vec![Value::from_raw(base)],
            Seed::Reduction { .. }
            | Seed::BuildVector { .. }
            | Seed::Indices { .. }
            | Seed::Phis { .. } => Vec::new(),
        };
        for (base, ..) in self.tree.load_ranges() {
            out.push(Value::from_raw(self.bases[base]));
        }
        // The gathered values, as they are.
        out.extend(self.gathered().into_iter().map(Value::from_raw));
        // Constants aside: a global base (`@g`, whose elements are `getelementptr (i8,
        // ptr @g, i64 12)`) is a constant the probe declares itself; made an input, the
        // probe's copy of each address would be a constant expression of an argument
        // (a helper's hunt: a use after free in the host).
        let mut inputs: Vec<Value> = Vec::new();
        for v in out {
            // SAFETY: a live value.
            let constant = unsafe { LLVMIsConstant(v.raw()) != 0 };
            if !constant && !inputs.contains(&v) {
                inputs.push(v);
            }
        }
        inputs
    }

    /// The values the tree's gather nodes read.
    fn gathered(&self) -> Vec<LLVMValueRef> {
        let g = self.tree.gathers();
        g.iter()
            .flat_map(|g| g.iter())
            .map(|&s| self.scalars[s])
            .collect()
    }

    /// Every instruction the tree reads or replaces (its seed, its scalars): a tree
    /// that shares one with a tree replaced before it may read an erased instruction.
    pub fn touched(&self) -> Vec<Inst> {
        let mut out: Vec<Inst> = match &self.seed {
            Seed::Stores { stores, .. } => stores.clone(),
            Seed::Reduction { root, inner, .. } | Seed::BuildVector { root, inner } => {
                let mut v = vec![*root];
                v.extend(inner.iter().copied());
                v
            }
            // Where the vector code goes (it must still be there; a terminator, where
            // several phi groups of a block go, always is).
            Seed::Indices { at } => vec![*at],
            Seed::Phis {
                at, phis, at_end, ..
            } => {
                let mut v = if *at_end { Vec::new() } else { vec![*at] };
                v.extend(phis.iter().copied());
                v
            }
        };
        out.extend(
            self.tree
                .scalars()
                .into_iter()
                .map(|s| Inst(self.scalars[s])),
        );
        // SAFETY: live values.
        let instructions = self
            .gathered()
            .into_iter()
            .filter(|&v| unsafe { !LLVMIsAInstruction(v).is_null() });
        out.extend(instructions.map(Inst));
        out
    }

    /// The scalar instructions the tree replaces, each once.
    pub fn replaced(&self) -> Vec<Inst> {
        let mut out: Vec<Inst> = Vec::new();
        for s in self.tree.scalars() {
            if !out.contains(&Inst(self.scalars[s])) {
                out.push(Inst(self.scalars[s]));
            }
        }
        out
    }

    /// What a phi seed's phis carry round the loop, in lane order (none for the other
    /// seeds).
    pub fn carried(&self) -> Vec<Inst> {
        let Seed::Phis { phis, .. } = &self.seed else {
            return Vec::new();
        };
        // SAFETY: the seed's phis are live `looping_phi`s.
        unsafe {
            phis.iter()
                .map(|p| {
                    let block = LLVMGetInstructionParent(p.raw());
                    Inst(LLVMGetIncomingValue(p.raw(), own_incoming(p.raw(), block)))
                })
                .collect()
        }
    }

    /// A phi seed's vector phi, once built.
    pub fn vector_phi(&self) -> Inst {
        Inst(self.vector_phi.get())
    }

    /// Scalar operations (not loads) the tree replaces, each once.
    pub fn operations(&self) -> usize {
        let mut ops: Vec<usize> = self
            .tree
            .scalars()
            .into_iter()
            // SAFETY: live instructions of the tree.
            .filter(|&s| unsafe { LLVMIsALoadInst(self.scalars[s]).is_null() })
            .collect();
        ops.sort_unstable();
        ops.dedup();
        ops.len()
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

/// Operations a vector lane may compute for a scalar (no division: defined on every
/// lane), and whether they commute.
fn operation(opcode: LLVMOpcode) -> Option<bool> {
    use LLVMOpcode::*;
    Some(match opcode {
        LLVMAdd | LLVMMul | LLVMAnd | LLVMOr | LLVMXor | LLVMFAdd | LLVMFMul => true,
        LLVMSub | LLVMFSub => false,
        _ => return None,
    })
}

/// Conversions a tree may take: lane-wise, each its own vector instruction.
const CASTS: [LLVMOpcode; 9] = {
    use LLVMOpcode::*;
    [
        LLVMZExt,
        LLVMSExt,
        LLVMTrunc,
        LLVMFPExt,
        LLVMFPTrunc,
        LLVMUIToFP,
        LLVMSIToFP,
        LLVMFPToUI,
        LLVMFPToSI,
    ]
};

/// The opcode an operation's or a cast's id stands for (the ids are `LLVMOpcode as
/// u32`).
fn opcode_of(op: u32) -> Option<LLVMOpcode> {
    use LLVMOpcode::*;
    [
        LLVMAdd, LLVMMul, LLVMAnd, LLVMOr, LLVMXor, LLVMFAdd, LLVMFMul, LLVMSub, LLVMFSub,
    ]
    .into_iter()
    .chain(CASTS)
    .find(|&o| o as u32 == op)
}

/// Lane-wise operations of one operand a tree takes as it takes a cast (of elements
/// as wide as the result): `llvm.abs` (built with `is_int_min_poison` false, which is
/// no more poison than any lane's), `llvm.fabs` and `llvm.sqrt` (their vector
/// intrinsics, without the lanes' fast-math flags: exact, which every flag allows),
/// and `fneg`.
const UNARY: [&str; 3] = ["abs", "fabs", "sqrt"];

/// The operation id of `UNARY[0]` in a tree (the next ones follow); `fneg` is its
/// opcode.
const UNARY_IDS: u32 = 1100;

/// Multiply-adds a tree takes (`llvm.fma`: fused; `llvm.fmuladd`: fused or not, as the
/// backend chooses, lane by lane as for the scalars), as vector intrinsics of the same
/// name without the scalars' fast-math flags (exact, which every flag allows).
const FMA: [&str; 2] = ["fma", "fmuladd"];

/// The operation id of `FMA[0]` in a tree (the next ones follow).
const FMA_IDS: u32 = 1200;

/// The id of `v` as a multiply-add ([`FMA`]) of floating-point scalars, if it is one.
///
/// # Safety
/// `v` is a live instruction.
unsafe fn fma(v: LLVMValueRef) -> Option<u32> {
    let kind = LLVMGetTypeKind(LLVMTypeOf(v));
    if !matches!(
        kind,
        LLVMTypeKind::LLVMFloatTypeKind | LLVMTypeKind::LLVMDoubleTypeKind
    ) {
        return None;
    }
    intrinsic_id(v, &FMA, FMA_IDS)
}

/// The id of `v` as a call of `llvm.<names[k]>`: `first + k`.
///
/// # Safety
/// `v` is a live instruction.
unsafe fn intrinsic_id(v: LLVMValueRef, names: &[&str], first: u32) -> Option<u32> {
    let name = super::called_intrinsic(v)?;
    let k = names
        .iter()
        .position(|&n| name.strip_prefix("llvm.") == Some(n))?;
    Some(first + k as u32)
}

/// The intrinsic `id` stands for ([`intrinsic_id`]).
fn intrinsic_name(id: u32, names: &[&'static str], first: u32) -> Option<&'static str> {
    names.get(id.checked_sub(first)? as usize).copied()
}

/// The id of `v` as a lane-wise operation of one operand ([`UNARY`], `fneg`) on a
/// scalar, if it is one.
///
/// # Safety
/// `v` is a live instruction.
unsafe fn unary(v: LLVMValueRef) -> Option<u32> {
    let kind = LLVMGetTypeKind(LLVMTypeOf(v));
    let scalar = matches!(
        kind,
        LLVMTypeKind::LLVMIntegerTypeKind
            | LLVMTypeKind::LLVMFloatTypeKind
            | LLVMTypeKind::LLVMDoubleTypeKind
    );
    if !scalar {
        return None;
    }
    if LLVMGetInstructionOpcode(v) == LLVMOpcode::LLVMFNeg {
        return Some(LLVMOpcode::LLVMFNeg as u32);
    }
    intrinsic_id(v, &UNARY, UNARY_IDS)
}

/// The predicate id of a comparison of scalars: `fcmp`'s as LLVM numbers them (0-15),
/// `icmp`'s likewise (32-41).
///
/// # Safety
/// `v` is a live instruction.
unsafe fn predicate(v: LLVMValueRef) -> Option<u32> {
    match LLVMGetInstructionOpcode(v) {
        LLVMOpcode::LLVMICmp => Some(LLVMGetICmpPredicate(v) as u32),
        LLVMOpcode::LLVMFCmp => Some(LLVMGetFCmpPredicate(v) as u32),
        _ => None,
    }
}

/// Builds the comparison `pred` ([`predicate`]) of `l` and `r`, lane by lane.
///
/// # Safety
/// `builder` is positioned where `l` and `r` are available.
unsafe fn build_compare(
    builder: LLVMBuilderRef,
    pred: u32,
    l: LLVMValueRef,
    r: LLVMValueRef,
) -> Option<LLVMValueRef> {
    if let Some(p) = super::vp::int_predicate(pred as i32) {
        return Some(LLVMBuildICmp(builder, p, l, r, c"".as_ptr()));
    }
    let p = super::vp::real_predicate(pred as i32)?;
    // No fast-math flags: the exact comparison, which every flag allows.
    Some(LLVMBuildFCmp(builder, p, l, r, c"".as_ptr()))
}

/// Builds the lane-wise operation `op` ([`unary`]) of `v`; `None` where it is none.
///
/// # Safety
/// `builder` is positioned where `v` is available.
unsafe fn build_unary(
    builder: LLVMBuilderRef,
    module: LLVMModuleRef,
    op: u32,
    v: LLVMValueRef,
) -> Option<LLVMValueRef> {
    if op == LLVMOpcode::LLVMFNeg as u32 {
        return Some(LLVMBuildFNeg(builder, v, c"".as_ptr()));
    }
    let kind = intrinsic_name(op, &UNARY, UNARY_IDS)?;
    let ty = LLVMTypeOf(v);
    let mut args = vec![v];
    if kind == "abs" {
        args.push(LLVMConstInt(
            LLVMInt1TypeInContext(LLVMGetTypeContext(ty)),
            0,
            0,
        ));
    }
    super::build_intrinsic_call(builder, module, &format!("llvm.{kind}"), &[ty], &mut args)
}

/// Elements a window stores, widest first: powers of two up to 64, and three times a
/// power of two up to 96 (three planes interleaved, or one deinterleaved: RGB pixels,
/// which AArch64 then stores with `st3`); at least 16 bytes.
const WINDOWS: [usize; 11] = [96, 64, 48, 32, 24, 16, 12, 8, 6, 4, 2];
const MIN_BYTES: i64 = 16;

/// Operations read below a lane, at most: more than a tree takes (`slp::tree`'s depth).
const MAX_READ_DEPTH: usize = 16;

/// Store chains are grouped by base pointer and stored type.
type ChainKey = (LLVMValueRef, LLVMTypeRef);

/// Reads scalars of one block into the pure form.
struct Reader {
    block: LLVMBasicBlockRef,
    scalars: Vec<Scalar>,
    values: Vec<LLVMValueRef>,
    ids: FastMap<LLVMValueRef, usize>,
    bases: Vec<LLVMValueRef>,
    /// Each base's position in `bases`.
    base_ids: FastMap<LLVMValueRef, usize>,
}

/// Where each instruction of a block stands, numbered the first time a tree that
/// builds asks (most blocks have seeds whose trees fail before).
struct Positions {
    block: LLVMBasicBlockRef,
    numbers: std::cell::OnceCell<Numbering>,
}

/// Each instruction's position in its block, and the positions of those that touch
/// memory, in order.
#[derive(Default)]
struct Numbering {
    of: FastMap<LLVMValueRef, usize>,
    memory: Vec<(usize, LLVMValueRef)>,
}

impl Positions {
    fn new(block: LLVMBasicBlockRef) -> Positions {
        Positions {
            block,
            numbers: std::cell::OnceCell::new(),
        }
    }

    fn numbering(&self) -> &Numbering {
        self.numbers.get_or_init(|| {
            let mut n = Numbering::default();
            // SAFETY: `block` is a live block.
            unsafe {
                let mut inst = LLVMGetFirstInstruction(self.block);
                while !inst.is_null() {
                    let at = n.of.len();
                    n.of.insert(inst, at);
                    if touches_memory(inst) {
                        n.memory.push((at, inst));
                    }
                    inst = LLVMGetNextInstruction(inst);
                }
            }
            n
        })
    }

    /// Where `v` stands in the block; `None` where it is not there.
    fn of(&self, v: LLVMValueRef) -> Option<usize> {
        self.numbering().of.get(&v).copied()
    }

    /// The instructions from `first` to `last` (inclusive) that touch memory; `None`
    /// where either is not in the block or `last` comes before `first`.
    fn memory_between(
        &self,
        first: LLVMValueRef,
        last: LLVMValueRef,
    ) -> Option<&[(usize, LLVMValueRef)]> {
        let (from, to) = (self.of(first)?, self.of(last)?);
        if to < from {
            return None;
        }
        let memory = &self.numbering().memory;
        let start = memory.partition_point(|&(p, _)| p < from);
        let end = memory.partition_point(|&(p, _)| p <= to);
        Some(&memory[start..end])
    }
}

impl Reader {
    fn new(block: LLVMBasicBlockRef) -> Reader {
        Reader {
            block,
            scalars: Vec::new(),
            values: Vec::new(),
            ids: FastMap::default(),
            bases: Vec::new(),
            base_ids: FastMap::default(),
        }
    }

    unsafe fn scalar(&mut self, v: LLVMValueRef) -> usize {
        self.scalar_at(v, 0)
    }

    /// The tree `lanes` form ([`tree::build`]), where each of its nodes has lanes of one
    /// type: the tree knows elements by their bytes, and `half` and `bfloat` are two
    /// bytes each (a bundle of both was built as `half` from its first lane: wrong
    /// values, or an `insertelement` of a `bfloat` into halves, found by a helper's
    /// hunt).
    unsafe fn tree(&self, lanes: &[usize], bytes: i64) -> Option<Node> {
        let tree = tree::build(&self.scalars, lanes, bytes)?;
        self.one_type_a_node(&tree).then_some(tree)
    }

    unsafe fn one_type_a_node(&self, node: &Node) -> bool {
        let same = |ids: &[usize], ty: &dyn Fn(LLVMValueRef) -> LLVMTypeRef| {
            ids.windows(2)
                .all(|w| ty(self.values[w[0]]) == ty(self.values[w[1]]))
        };
        let own = |v| LLVMTypeOf(v);
        let operand = |v| LLVMTypeOf(LLVMGetOperand(v, 0));
        let lanes_agree = match node {
            Node::Cast { scalars, .. } => same(scalars, &own) && same(scalars, &operand),
            Node::Compare { scalars, .. } => same(scalars, &operand),
            Node::Gather(ids) => same(ids, &own),
            Node::Consts(_) => true,
            node => same(node.lane_scalars(), &own),
        };
        lanes_agree && node.children().iter().all(|c| self.one_type_a_node(c))
    }

    /// [`Reader::scalar`] `depth` operations down: deeper than a tree may reach, an
    /// operation is read as `Other` (no recursion as deep as a long chain in the IR).
    unsafe fn scalar_at(&mut self, v: LLVMValueRef, depth: usize) -> usize {
        if let Some(&id) = self.ids.get(&v) {
            return id;
        }
        // Of this block; read elsewhere too, it stays for those (and is computed again).
        let local = !LLVMIsAInstruction(v).is_null()
            && LLVMGetInstructionParent(v) == self.block
            && depth <= MAX_READ_DEPTH;
        let s = if LLVMIsConstant(v) != 0
            && (!LLVMIsAConstantInt(v).is_null() || !LLVMIsAConstantFP(v).is_null())
        {
            // Constants are uniqued: one value, one id.
            Scalar::Const(v as usize as u64)
        } else if local && !LLVMIsALoadInst(v).is_null() && super::simple_access(v) {
            let (base, offset) = base_and_offset(LLVMGetOperand(v, 0));
            let bases = &mut self.bases;
            let base = *self.base_ids.entry(base.raw()).or_insert_with(|| {
                bases.push(base.raw());
                bases.len() - 1
            });
            Scalar::Load { base, offset }
        } else if let Some(commutative) = operation(LLVMGetInstructionOpcode(v))
            .filter(|_| local && !LLVMIsABinaryOperator(v).is_null())
        {
            let lhs = self.scalar_at(LLVMGetOperand(v, 0), depth + 1);
            let rhs = self.scalar_at(LLVMGetOperand(v, 1), depth + 1);
            let op = LLVMGetInstructionOpcode(v);
            // An addition and a subtraction may alternate lane by lane.
            let family = match op {
                LLVMOpcode::LLVMSub => LLVMOpcode::LLVMAdd,
                LLVMOpcode::LLVMFSub => LLVMOpcode::LLVMFAdd,
                op => op,
            };
            Scalar::Binary {
                op: op as u32,
                family: family as u32,
                commutative,
                lhs,
                rhs,
            }
        } else if let Some(k) = (local && !LLVMIsACallInst(v).is_null())
            .then(|| min_max(v))
            .flatten()
            .and_then(|kind| MIN_MAX.iter().position(|&m| m == kind))
        {
            // An integer minimum or maximum: an operation of its own id.
            let op = MIN_MAX_IDS + k as u32;
            Scalar::Binary {
                op,
                family: op,
                commutative: true,
                lhs: self.scalar_at(LLVMGetOperand(v, 0), depth + 1),
                rhs: self.scalar_at(LLVMGetOperand(v, 1), depth + 1),
            }
        } else if let Some(from) = (local && CASTS.contains(&LLVMGetInstructionOpcode(v)))
            .then(|| scalar_bytes(LLVMTypeOf(LLVMGetOperand(v, 0))))
            .flatten()
        {
            Scalar::Cast {
                op: LLVMGetInstructionOpcode(v) as u32,
                from,
                operand: self.scalar_at(LLVMGetOperand(v, 0), depth + 1),
            }
        } else if let Some((op, from)) = local
            .then(|| Some((unary(v)?, scalar_bytes(LLVMTypeOf(v))?)))
            .flatten()
        {
            // A lane-wise operation of one operand: a "cast" to the same size.
            Scalar::Cast {
                op,
                from,
                operand: self.scalar_at(LLVMGetOperand(v, 0), depth + 1),
            }
        } else if let Some((pred, from)) = local
            .then(|| {
                Some((
                    predicate(v)?,
                    scalar_bytes(LLVMTypeOf(LLVMGetOperand(v, 0)))?,
                ))
            })
            .flatten()
        {
            Scalar::Compare {
                pred,
                from,
                lhs: self.scalar_at(LLVMGetOperand(v, 0), depth + 1),
                rhs: self.scalar_at(LLVMGetOperand(v, 1), depth + 1),
            }
        } else if let Some(op) = local.then(|| fma(v)).flatten() {
            Scalar::Fma {
                op,
                a: self.scalar_at(LLVMGetOperand(v, 0), depth + 1),
                b: self.scalar_at(LLVMGetOperand(v, 1), depth + 1),
                c: self.scalar_at(LLVMGetOperand(v, 2), depth + 1),
            }
        } else if local
            && LLVMGetInstructionOpcode(v) == LLVMOpcode::LLVMSelect
            && scalar_bytes(LLVMTypeOf(v)).is_some()
            && LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(v, 0)))
                == LLVMTypeKind::LLVMIntegerTypeKind
        {
            Scalar::Select {
                cond: self.scalar_at(LLVMGetOperand(v, 0), depth + 1),
                t: self.scalar_at(LLVMGetOperand(v, 1), depth + 1),
                f: self.scalar_at(LLVMGetOperand(v, 2), depth + 1),
            }
        } else {
            Scalar::Other
        };
        self.scalars.push(s);
        self.values.push(v);
        self.ids.insert(v, self.scalars.len() - 1);
        self.scalars.len() - 1
    }
}

/// Every window of a store chain in `func` whose stored values are one SLP tree, and
/// whose loads and stores may all move to its last store: in between, nothing touches
/// memory but the tree's loads and the window's stores, and no loaded range can
/// overlap the stored one (one base and disjoint ranges, or two distinct identified
/// objects: `noalias` arguments, allocas, globals).
pub fn store_trees(func: Function, target: &Target) -> Vec<Tree> {
    let mut out = Vec::new();
    // SAFETY: walking a live function's blocks and instructions, reading only.
    unsafe {
        let mut bb = LLVMGetFirstBasicBlock(func.0);
        while !bb.is_null() {
            let mut groups: super::Groups<ChainKey, _> = super::Groups::default();
            let mut inst = LLVMGetFirstInstruction(bb);
            while !inst.is_null() {
                if !LLVMIsAStoreInst(inst).is_null() && super::simple_access(inst) {
                    let value = LLVMGetOperand(inst, 0);
                    let ty = LLVMTypeOf(value);
                    if scalar_bytes(ty).is_some() {
                        let (base, offset) = base_and_offset(LLVMGetOperand(inst, 1));
                        let key = (base.raw(), ty);
                        groups.push(key, (inst, offset));
                    }
                }
                inst = LLVMGetNextInstruction(inst);
            }
            let position = Positions::new(bb);
            let mut reader = Reader::new(bb);
            for ((store_base, elem), mut stores) in groups {
                let Some(bytes) = scalar_bytes(elem) else {
                    continue;
                };
                stores.sort_by_key(|s| s.1);
                if stores.windows(2).any(|w| w[0].1 == w[1].1) {
                    continue;
                }
                // Each store's value as a scalar where it is stored only there, read
                // the first time a window asks (windows overlap).
                let mut stored = vec![None; stores.len()];
                let mut i = 0;
                while i < stores.len() {
                    let mut taken = 1;
                    for n in WINDOWS {
                        if (n as i64) * bytes < MIN_BYTES {
                            break;
                        }
                        if let Some(t) = window(
                            target,
                            &mut reader,
                            &stores,
                            &mut stored,
                            i,
                            n,
                            bytes,
                            store_base,
                            elem,
                            &position,
                        ) {
                            out.push(t);
                            taken = n;
                            break;
                        }
                    }
                    i += taken;
                }
            }
            bb = LLVMGetNextBasicBlock(bb);
        }
    }
    out
}

/// The tree of stores `i..i + n` (sorted by offset), if they are consecutive, their
/// values one tree, and its accesses may move. `stored` remembers each store's value
/// as a scalar (`Some(None)` where it is read elsewhere too).
#[allow(clippy::too_many_arguments)]
unsafe fn window(
    target: &Target,
    reader: &mut Reader,
    stores: &[(LLVMValueRef, i64)],
    stored: &mut [Option<Option<usize>>],
    i: usize,
    n: usize,
    bytes: i64,
    store_base: LLVMValueRef,
    elem: LLVMTypeRef,
    position: &Positions,
) -> Option<Tree> {
    let w = stores.get(i..i + n)?;
    let start = w[0].1;
    if w.iter()
        .enumerate()
        .any(|(j, s)| s.1 != start + j as i64 * bytes)
    {
        return None;
    }
    // The stored values, each stored only here.
    let lanes: Vec<usize> = (i..i + n)
        .map(|j| {
            *stored[j].get_or_insert_with(|| {
                let value = LLVMGetOperand(stores[j].0, 0);
                single_use(value).then(|| reader.scalar(value))
            })
        })
        .collect::<Option<_>>()?;
    let tree = reader.tree(&lanes, bytes)?;
    let at = |v: LLVMValueRef| position.of(v);
    let stored: Vec<LLVMValueRef> = w.iter().map(|s| s.0).collect();
    let replaced: Vec<LLVMValueRef> = tree.scalars().iter().map(|&s| reader.values[s]).collect();
    let mut all: Vec<LLVMValueRef> = stored.clone();
    all.extend(&replaced);
    let first = *all.iter().min_by_key(|&&v| at(v).unwrap_or(usize::MAX))?;
    let last = *all.iter().max_by_key(|&&v| at(v).unwrap_or(0))?;
    if all.iter().any(|&v| at(v).is_none()) {
        return None;
    }
    let loads: Vec<LLVMValueRef> = replaced
        .iter()
        .copied()
        .filter(|&v| !LLVMIsALoadInst(v).is_null())
        .collect();
    let stored_len = n as i64 * bytes;
    // Each range as LLVM's alias analysis is asked about it (`extent`).
    let store_extent = extent(start, stored_len);
    let load_ranges = load_extents(&tree, reader);
    // Another access in between must neither write what the tree loads (the loads
    // move down to the last store) nor touch what the window stores (the stores move
    // down too), nor keep execution from reaching the last store (a call that may not
    // return or may unwind: the stores before it would not have been made).
    let undisturbed = |a: Access| {
        target.transfers_execution(a.inst)
            && !may_touch(target, a, store_base, start, stored_len, false)
            && load_ranges
                .iter()
                .all(|&(base, from, len)| !may_touch(target, a, base, from, len, true))
    };
    let own: Vec<LLVMValueRef> = stored.iter().chain(&loads).copied().collect();
    if !quiet_between(position, first, last, &own, undisturbed) {
        return None;
    }
    for (base, from, len, size) in tree.load_ranges() {
        let base = reader.bases[base];
        let apart = if base == store_base {
            !pure::overlap_ranges(from, len as i64 * size, start, stored_len)
        } else {
            distinct_objects(base, store_base)
                || !target.may_alias(
                    base,
                    extent(from, len as i64 * size),
                    store_base,
                    store_extent,
                )
        };
        if !apart {
            return None;
        }
    }
    Some(Tree {
        seed: Seed::Stores {
            stores: stored.into_iter().map(Inst).collect(),
            start,
            base: store_base,
        },
        lanes: n,
        scalars: Values::scalars_of(&tree, &reader.values),
        bases: Values::bases_of(&tree, &reader.bases),
        tree,
        elem,
        last,
        vector_phi: std::cell::Cell::new(std::ptr::null_mut()),
    })
}

/// What a horizontal reduction combines its lanes with.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Combine {
    /// A binary operator.
    Op(LLVMOpcode),
    /// An integer minimum or maximum (`llvm.smin` ...), by its name's last part.
    MinMax(&'static str),
}

impl std::fmt::Display for Combine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Combine::Op(op) => write!(f, "{op:?}"),
            Combine::MinMax(name) => write!(f, "{name}"),
        }
    }
}

impl Combine {
    /// The `llvm.vector.reduce.*` that combines a vector's lanes so.
    fn reduce_intrinsic(self) -> &'static str {
        use LLVMOpcode::*;
        match self {
            Combine::Op(LLVMAdd) => "llvm.vector.reduce.add",
            Combine::Op(LLVMMul) => "llvm.vector.reduce.mul",
            Combine::Op(LLVMAnd) => "llvm.vector.reduce.and",
            Combine::Op(LLVMOr) => "llvm.vector.reduce.or",
            Combine::Op(LLVMXor) => "llvm.vector.reduce.xor",
            Combine::Op(LLVMFAdd) => "llvm.vector.reduce.fadd",
            Combine::Op(_) => "llvm.vector.reduce.fmul",
            Combine::MinMax("smin") => "llvm.vector.reduce.smin",
            Combine::MinMax("smax") => "llvm.vector.reduce.smax",
            Combine::MinMax("umin") => "llvm.vector.reduce.umin",
            Combine::MinMax(_) => "llvm.vector.reduce.umax",
        }
    }

    fn is_float(self) -> bool {
        matches!(
            self,
            Combine::Op(LLVMOpcode::LLVMFAdd) | Combine::Op(LLVMOpcode::LLVMFMul)
        )
    }
}

/// The integer minimum and maximum intrinsics: associative and commutative, exact in
/// any order.
const MIN_MAX: [&str; 4] = ["smin", "smax", "umin", "umax"];

/// The operation id of `MIN_MAX[0]` in a tree (the next ones follow): above every
/// `LLVMOpcode`, which the other operations' ids are.
const MIN_MAX_IDS: u32 = 1000;

/// How a horizontal reduction may combine its lanes at `v`: operations associative and
/// commutative on integers, each with its `llvm.vector.reduce.*` (which wraps: a
/// scalar `nsw`/`nuw` chain's poison on overflow becomes a defined value, a
/// refinement); `fadd` and `fmul` where they carry `reassoc`; integer `llvm.smin`,
/// `smax`, `umin`, `umax`.
fn reduction_combine(v: LLVMValueRef) -> Option<Combine> {
    use LLVMOpcode::*;
    // SAFETY: a live instruction.
    unsafe {
        let opcode = LLVMGetInstructionOpcode(v);
        match opcode {
            LLVMAdd | LLVMMul | LLVMAnd | LLVMOr | LLVMXor => Some(Combine::Op(opcode)),
            // Floating point only where the operation may be reassociated.
            LLVMFAdd | LLVMFMul => reassociable(v).then_some(Combine::Op(opcode)),
            LLVMCall => min_max(v).map(Combine::MinMax),
            _ => None,
        }
    }
}

/// Which of [`MIN_MAX`] a call is (of a scalar integer).
///
/// # Safety
/// `v` is a live call.
unsafe fn min_max(v: LLVMValueRef) -> Option<&'static str> {
    let name = super::called_intrinsic(v)?;
    let kind = MIN_MAX
        .into_iter()
        .find(|&k| name.strip_prefix("llvm.") == Some(k))?;
    // A scalar integer, not a vector's lanes.
    (LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMTypeKind::LLVMIntegerTypeKind).then_some(kind)
}

/// Whether a floating-point operation carries `reassoc`.
///
/// # Safety
/// `v` is a live instruction.
unsafe fn reassociable(v: LLVMValueRef) -> bool {
    LLVMCanValueUseFastMathFlags(v) != 0
        && LLVMGetFastMathFlags(v) & llvm_sys::LLVMFastMathAllowReassoc != 0
}

/// Lanes of a reduction: powers of two, at most this.
const MAX_REDUCED: usize = 64;

/// Every horizontal reduction in `func` whose lanes are one SLP tree and whose loads may
/// all move down to its root: integer operations of one opcode, each read only by the
/// next in the same block, over 4 to 64 lanes (a power of two, at least 16 bytes) that
/// are not such operations. In between nothing may write what the tree loads.
pub fn reduction_trees(func: Function, target: &Target) -> Vec<Tree> {
    let mut out = Vec::new();
    // SAFETY: walking a live function's blocks and instructions, reading only.
    unsafe {
        let mut bb = LLVMGetFirstBasicBlock(func.0);
        while !bb.is_null() {
            let mut roots = Vec::new();
            let mut inst = LLVMGetFirstInstruction(bb);
            while !inst.is_null() {
                if let Some(combine) = reduction_combine(inst) {
                    let scalar = scalar_bytes(LLVMTypeOf(inst)).is_some();
                    if scalar && !inner_of_reduction(inst, combine, bb) {
                        roots.push((inst, combine));
                    }
                }
                inst = LLVMGetNextInstruction(inst);
            }
            if roots.is_empty() {
                bb = LLVMGetNextBasicBlock(bb);
                continue;
            }
            let position = Positions::new(bb);
            let mut reader = Reader::new(bb);
            for (root, combine) in roots {
                if let Some(t) = reduction(target, &mut reader, root, combine, &position) {
                    out.push(t);
                }
            }
            bb = LLVMGetNextBasicBlock(bb);
        }
    }
    out
}

/// Whether `v` is an inner operation of a larger reduction: read once, by an operation
/// of the same opcode in the same block.
unsafe fn inner_of_reduction(v: LLVMValueRef, combine: Combine, bb: LLVMBasicBlockRef) -> bool {
    if !single_use(v) {
        return false;
    }
    let user = LLVMGetUser(LLVMGetFirstUse(v));
    !LLVMIsAInstruction(user).is_null()
        && LLVMGetInstructionParent(user) == bb
        && reduction_combine(user) == Some(combine)
}

/// The tree of the reduction at `root`, if its lanes are one and its loads may move.
unsafe fn reduction(
    target: &Target,
    reader: &mut Reader,
    root: LLVMValueRef,
    combine: Combine,
    position: &Positions,
) -> Option<Tree> {
    let block = LLVMGetInstructionParent(root);
    // The operations of the reduction (root first) and its lanes, left to right.
    let mut inner = Vec::new();
    let mut leaves = Vec::new();
    let mut work = vec![LLVMGetOperand(root, 1), LLVMGetOperand(root, 0)];
    while let Some(v) = work.pop() {
        let combines = !LLVMIsAInstruction(v).is_null()
            && LLVMGetInstructionParent(v) == block
            && reduction_combine(v) == Some(combine)
            && single_use(v);
        if combines {
            inner.push(v);
            work.push(LLVMGetOperand(v, 1));
            work.push(LLVMGetOperand(v, 0));
        } else {
            leaves.push(v);
        }
        if leaves.len() > MAX_REDUCED {
            return None;
        }
    }
    let elem = LLVMTypeOf(root);
    let bytes = scalar_bytes(elem)?;
    let n = leaves.len();
    if n < 4 || !n.is_power_of_two() || (n as i64) * bytes < MIN_BYTES {
        return None;
    }
    let lanes: Vec<usize> = leaves.iter().map(|&v| reader.scalar(v)).collect();
    let tree = tree::reduction_tree(&reader.scalars, &lanes, bytes)?;
    let seed = Seed::Reduction {
        root: Inst(root),
        combine,
        inner: inner.iter().map(|&i| Inst(i)).collect(),
    };
    rooted(target, reader, tree, seed, &inner, position, n, elem)
}

/// The tree of a seed whose vector code goes right before its root (a reduction's, a
/// build vector's), if its scalars and `inner` are in the block and its loads may move
/// down to the root: nothing in between may write what they read.
#[allow(clippy::too_many_arguments)]
unsafe fn rooted(
    target: &Target,
    reader: &Reader,
    tree: Node,
    seed: Seed,
    inner: &[LLVMValueRef],
    position: &Positions,
    lanes: usize,
    elem: LLVMTypeRef,
) -> Option<Tree> {
    let root = match &seed {
        Seed::Reduction { root, .. } | Seed::BuildVector { root, .. } => root.raw(),
        Seed::Stores { .. } | Seed::Indices { .. } | Seed::Phis { .. } => return None,
    };
    let at = |v: LLVMValueRef| position.of(v);
    let replaced: Vec<LLVMValueRef> = tree.scalars().iter().map(|&s| reader.values[s]).collect();
    if replaced.iter().chain(inner).any(|&v| at(v).is_none()) {
        return None;
    }
    let first = *replaced
        .iter()
        .min_by_key(|&&v| at(v).unwrap_or(usize::MAX))?;
    let loads: Vec<LLVMValueRef> = replaced
        .iter()
        .copied()
        .filter(|&v| !LLVMIsALoadInst(v).is_null())
        .collect();
    let load_ranges = load_extents(&tree, reader);
    let undisturbed = |a: Access| {
        load_ranges
            .iter()
            .all(|&(base, from, len)| !may_touch(target, a, base, from, len, true))
    };
    if !quiet_between(position, first, root, &loads, undisturbed) {
        return None;
    }
    Some(Tree {
        seed,
        lanes,
        scalars: Values::scalars_of(&tree, &reader.values),
        bases: Values::bases_of(&tree, &reader.bases),
        tree,
        elem,
        last: root,
        vector_phi: std::cell::Cell::new(std::ptr::null_mut()),
    })
}

/// Every build vector in `func` whose lanes are one SLP tree with a load or an
/// operation in it and whose loads may all move down to its root: a chain of
/// `insertelement`s at constant indices in one block, each but the last read only by
/// the next, that sets each lane of a vector of 2 to 64 lanes (a power of two, at
/// least 16 bytes) once, each lane's scalar read only there. In between nothing may
/// write what the tree loads.
pub fn build_vector_trees(func: Function, target: &Target) -> Vec<Tree> {
    let mut out = Vec::new();
    // SAFETY: walking a live function's blocks and instructions, reading only.
    unsafe {
        let mut bb = LLVMGetFirstBasicBlock(func.0);
        while !bb.is_null() {
            let mut roots = Vec::new();
            let mut inst = LLVMGetFirstInstruction(bb);
            while !inst.is_null() {
                if !LLVMIsAInsertElementInst(inst).is_null() && !inner_insert(inst, bb) {
                    roots.push(inst);
                }
                inst = LLVMGetNextInstruction(inst);
            }
            if !roots.is_empty() {
                let position = Positions::new(bb);
                let mut reader = Reader::new(bb);
                for root in roots {
                    if let Some(t) = build_vector(target, &mut reader, root, &position) {
                        out.push(t);
                    }
                }
            }
            bb = LLVMGetNextBasicBlock(bb);
        }
    }
    out
}

/// Whether `v` (an `insertelement`) is read only by another in the same block, into
/// which it inserts.
unsafe fn inner_insert(v: LLVMValueRef, bb: LLVMBasicBlockRef) -> bool {
    if !single_use(v) {
        return false;
    }
    let user = LLVMGetUser(LLVMGetFirstUse(v));
    !LLVMIsAInsertElementInst(user).is_null()
        && LLVMGetInstructionParent(user) == bb
        && LLVMGetOperand(user, 0) == v
}

/// Lanes of a build vector: powers of two, at most this.
const MAX_BUILT: usize = 64;

/// The tree of the build vector ending at `root`, if it sets every lane once, its
/// lanes are one tree and its loads may move.
unsafe fn build_vector(
    target: &Target,
    reader: &mut Reader,
    root: LLVMValueRef,
    position: &Positions,
) -> Option<Tree> {
    let block = LLVMGetInstructionParent(root);
    let ty = LLVMTypeOf(root);
    if LLVMGetTypeKind(ty) != LLVMTypeKind::LLVMVectorTypeKind {
        return None;
    }
    let n = LLVMGetVectorSize(ty) as usize;
    let elem = LLVMGetElementType(ty);
    let bytes = scalar_bytes(elem)?;
    if !(2..=MAX_BUILT).contains(&n) || !n.is_power_of_two() || (n as i64) * bytes < MIN_BYTES {
        return None;
    }
    // The chain, root first: each lane's scalar, set once.
    let mut at: Vec<Option<LLVMValueRef>> = vec![None; n];
    let mut inner = Vec::new();
    let mut insert = root;
    loop {
        let index = LLVMGetOperand(insert, 2);
        if LLVMIsAConstantInt(index).is_null() {
            return None;
        }
        let lane = usize::try_from(LLVMConstIntGetZExtValue(index)).ok()?;
        let scalar = LLVMGetOperand(insert, 1);
        if lane >= n || at[lane].is_some() || !single_use(scalar) {
            return None;
        }
        at[lane] = Some(scalar);
        let into = LLVMGetOperand(insert, 0);
        let chained = !LLVMIsAInsertElementInst(into).is_null()
            && LLVMGetInstructionParent(into) == block
            && single_use(into);
        if !chained {
            break;
        }
        inner.push(into);
        insert = into;
    }
    // Every lane set: what the chain starts from is overwritten.
    let scalars: Vec<LLVMValueRef> = at.into_iter().collect::<Option<_>>()?;
    let lanes: Vec<usize> = scalars.iter().map(|&v| reader.scalar(v)).collect();
    let tree = reader.tree(&lanes, bytes)?;
    if matches!(tree, Node::Consts(_)) {
        return None;
    }
    let seed = Seed::BuildVector {
        root: Inst(root),
        inner: inner.iter().map(|&i| Inst(i)).collect(),
    };
    rooted(target, reader, tree, seed, &inner, position, n, elem)
}

/// Lanes of an index bundle or a phi group: powers of two, at most this.
const MAX_WINDOW: usize = 16;

/// The trees `tree` makes of windows of `items`, from the first on: at each point the
/// widest window of 16, 8, 4 or 2 that is one, else one item on.
fn widest_windows<T>(items: &[T], mut tree: impl FnMut(&[T]) -> Option<Tree>) -> Vec<Tree> {
    let mut out = Vec::new();
    let mut i = 0;
    while i + 2 <= items.len() {
        let taken = [MAX_WINDOW, 8, 4, 2]
            .into_iter()
            .find_map(|n| tree(items.get(i..i + n)?).map(|t| (n, t)));
        match taken {
            Some((n, t)) => {
                out.push(t);
                i += n;
            }
            None => i += 1,
        }
    }
    out
}

/// Every bundle of `getelementptr` indices in `func` whose lanes are one SLP tree with a
/// load or an operation in it (seed 003's GEP seeds: the sum of `g[a[k] - b[k]]`, the
/// loads and subtractions side by side): per block, the `getelementptr`s
/// with one index that is not a constant, grouped by the object they point into, less
/// those whose index another's differs from by a constant (one is computed from the
/// other) and repeats; their indices in block order, or what they extend where every
/// one is the same extension (which stays scalar: it folds into the addressing), in
/// windows of 16, 8, 4 or 2 lanes of at least 16 bytes. The vector code goes right
/// before the first reader of a lane (`placed_tree`).
pub fn index_trees(func: Function, target: &Target) -> Vec<Tree> {
    let mut out = Vec::new();
    // SAFETY: walking a live function's blocks and instructions, reading only.
    unsafe {
        let mut bb = LLVMGetFirstBasicBlock(func.0);
        while !bb.is_null() {
            let mut groups = super::Groups::default();
            let mut inst = LLVMGetFirstInstruction(bb);
            while !inst.is_null() {
                let gep = !LLVMIsAGetElementPtrInst(inst).is_null()
                    && LLVMGetNumIndices(inst) == 1
                    && LLVMIsConstant(LLVMGetOperand(inst, 1)) == 0
                    && LLVMGetTypeKind(LLVMTypeOf(inst)) == LLVMTypeKind::LLVMPointerTypeKind;
                if gep {
                    let object = underlying(LLVMGetOperand(inst, 0));
                    groups.push(object, inst);
                }
                inst = LLVMGetNextInstruction(inst);
            }
            let position = Positions::new(bb);
            let mut reader = Reader::new(bb);
            for (_, geps) in groups {
                let lanes = index_lanes(&distinct_indices(&geps), bb);
                out.extend(widest_windows(&lanes, |window| {
                    index_tree(target, &mut reader, window, &position)
                }));
            }
            bb = LLVMGetNextBasicBlock(bb);
        }
    }
    out
}

/// The indices of `geps`, without those another's differs from by a constant through
/// the same pointer (`x + 1` and `x + 2`: both dropped) and without repeats.
unsafe fn distinct_indices(geps: &[LLVMValueRef]) -> Vec<LLVMValueRef> {
    // An index as a value plus a constant, through extensions.
    let split = |mut v: LLVMValueRef| {
        while !LLVMIsASExtInst(v).is_null() || !LLVMIsAZExtInst(v).is_null() {
            v = LLVMGetOperand(v, 0);
        }
        let add = !LLVMIsABinaryOperator(v).is_null()
            && LLVMGetInstructionOpcode(v) == LLVMOpcode::LLVMAdd
            && !LLVMIsAConstantInt(LLVMGetOperand(v, 1)).is_null();
        match add {
            true => LLVMGetOperand(v, 0),
            false => v,
        }
    };
    // As LLVM's SLP: a pair a constant apart (SCEV's difference; here the same
    // pointer and one value plus constants, or the same index) both go; the same index
    // through another pointer, the second.
    // Pairwise, a gep still kept drops every later one with its pointer and split
    // index (and itself), or with its index. Linearly: a gep is still kept when it
    // comes if no earlier one still kept shares either key with it; it stays kept if
    // no later one shares its pointer and split index (pairwise, quadratic in the geps
    // of one object in a block).
    type Same = (LLVMValueRef, LLVMTypeRef, LLVMValueRef);
    let same = |g: LLVMValueRef| -> Same {
        (
            LLVMGetOperand(g, 0),
            LLVMGetGEPSourceElementType(g),
            split(LLVMGetOperand(g, 1)),
        )
    };
    let keys: Vec<Same> = geps.iter().map(|&g| same(g)).collect();
    let mut last: FastMap<Same, usize> = FastMap::default();
    for (i, &k) in keys.iter().enumerate() {
        last.insert(k, i);
    }
    let mut taken_same: FastMap<Same, ()> = FastMap::default();
    let mut taken_index: FastMap<LLVMValueRef, ()> = FastMap::default();
    let mut kept = vec![false; geps.len()];
    for (i, &g) in geps.iter().enumerate() {
        let index = LLVMGetOperand(g, 1);
        if taken_same.contains_key(&keys[i]) || taken_index.contains_key(&index) {
            continue;
        }
        taken_same.insert(keys[i], ());
        taken_index.insert(index, ());
        kept[i] = last[&keys[i]] == i;
    }
    geps.iter()
        .zip(kept)
        .filter(|&(_, k)| k)
        .map(|(&g, _)| LLVMGetOperand(g, 1))
        .collect()
}

/// The lanes of an index bundle: the indices, or what they extend where every one is
/// the same extension of the same type; only instructions of `bb`, each once.
unsafe fn index_lanes(indices: &[LLVMValueRef], bb: LLVMBasicBlockRef) -> Vec<LLVMValueRef> {
    let extension = |v: LLVMValueRef| {
        let cast = !LLVMIsASExtInst(v).is_null() || !LLVMIsAZExtInst(v).is_null();
        cast.then(|| {
            (
                LLVMGetInstructionOpcode(v),
                LLVMTypeOf(LLVMGetOperand(v, 0)),
            )
        })
    };
    let same = indices
        .first()
        .and_then(|&v| extension(v))
        .filter(|&e| indices.iter().all(|&v| extension(v) == Some(e)));
    let mut lanes: Vec<LLVMValueRef> = Vec::new();
    let mut seen: FastMap<LLVMValueRef, ()> = FastMap::default();
    for &v in indices {
        let lane = match same {
            Some(_) => LLVMGetOperand(v, 0),
            None => v,
        };
        let local = !LLVMIsAInstruction(lane).is_null() && LLVMGetInstructionParent(lane) == bb;
        if local && seen.insert(lane, ()).is_none() {
            lanes.push(lane);
        }
    }
    lanes
}

/// The tree of an index bundle, if its lanes are one, have one type, and its vector
/// code may go right before the first reader of a lane.
unsafe fn index_tree(
    target: &Target,
    reader: &mut Reader,
    lanes: &[LLVMValueRef],
    position: &Positions,
) -> Option<Tree> {
    placed_tree(target, reader, lanes, position, |at| Seed::Indices { at })
}

/// The first instruction of `lanes`' block that reads one of them, but a phi (which
/// reads along an edge, at the end of the block the edge leaves), else the block's
/// terminator; with where it stands.
unsafe fn first_reader(
    lanes: &[LLVMValueRef],
    position: &Positions,
) -> Option<(usize, LLVMValueRef)> {
    let block = LLVMGetInstructionParent(lanes[0]);
    let end = LLVMGetBasicBlockTerminator(block);
    let mut at = (position.of(end)?, end);
    for &lane in lanes {
        let mut u = LLVMGetFirstUse(lane);
        while !u.is_null() {
            let user = LLVMGetUser(u);
            if let Some(p) = position.of(user) {
                if p < at.0 && LLVMIsAPHINode(user).is_null() {
                    at = (p, user);
                }
            }
            u = LLVMGetNextUse(u);
        }
    }
    Some(at)
}

/// The tree of `lanes` (instructions of one block, each read outside the tree) for the
/// seed `seed` makes of where its vector code goes: right before the first reader of a
/// lane (`first_reader`), if they are one tree of one type, and its loads and
/// operations may move there: what the vector code reads is there before it, the loads
/// move up only past what surely goes on to the next instruction (not a call that may
/// not return, not a volatile access: the vector code would read what the scalar code
/// never did) and, up or down, past nothing that may write what they read.
unsafe fn placed_tree(
    target: &Target,
    reader: &mut Reader,
    lanes: &[LLVMValueRef],
    position: &Positions,
    seed: impl FnOnce(Inst) -> Seed,
) -> Option<Tree> {
    let elem = LLVMTypeOf(lanes[0]);
    let bytes = scalar_bytes(elem)?;
    let n = lanes.len();
    if lanes.iter().any(|&v| LLVMTypeOf(v) != elem) || (n as i64) * bytes < MIN_BYTES {
        return None;
    }
    let ids: Vec<usize> = lanes.iter().map(|&v| reader.scalar(v)).collect();
    let tree = reader.tree(&ids, bytes)?;
    // With a load (operations of constants alone are InstCombine's).
    if tree.load_ranges().is_empty() {
        return None;
    }
    let (at_position, at) = first_reader(lanes, position)?;
    let t = Tree {
        seed: seed(Inst(at)),
        lanes: n,
        scalars: Values::scalars_of(&tree, &reader.values),
        bases: Values::bases_of(&tree, &reader.bases),
        tree,
        elem,
        last: at,
        vector_phi: std::cell::Cell::new(std::ptr::null_mut()),
    };
    // What the vector code reads is there before it (a phi seed's own phis are: they
    // become the vector phi, at the block's top).
    let before = |v: LLVMValueRef| position.of(v).map_or(true, |p| p < at_position);
    if !t.bases().iter().all(|b| before(b.raw())) {
        return None;
    }
    let replaced: Vec<LLVMValueRef> = t.tree.scalars().iter().map(|&s| reader.values[s]).collect();
    let placed: Vec<usize> = replaced
        .iter()
        .map(|&v| position.of(v))
        .collect::<Option<_>>()?;
    let first = placed.iter().copied().chain([at_position]).min()?;
    let last = placed.iter().copied().chain([at_position]).max()?;
    let (mut from, mut to) = (at, at);
    for (&v, &p) in replaced.iter().zip(&placed) {
        if p == first {
            from = v;
        }
        if p == last {
            to = v;
        }
    }
    let mut i = at;
    while i != to {
        if !target.transfers_execution(i) {
            return None;
        }
        i = LLVMGetNextInstruction(i);
    }
    let loads: Vec<LLVMValueRef> = replaced
        .iter()
        .copied()
        .filter(|&v| !LLVMIsALoadInst(v).is_null())
        .collect();
    let load_ranges = load_extents(&t.tree, reader);
    let undisturbed = |a: Access| {
        load_ranges
            .iter()
            .all(|&(base, from, len)| !may_touch(target, a, base, from, len, true))
    };
    quiet_between(position, from, to, &loads, undisturbed).then_some(t)
}

/// Every group of phis in `func` whose values round the loop are one SLP tree (seed
/// 003's PHI seeds: accumulators updated side by side): per block that loops to itself,
/// its phis of a scalar integer or floating-point type with two incoming values, one
/// from the block computed in it, one from another block (one for the group), grouped
/// by type in block order, in windows of 16, 8, 4 or 2 lanes of at least 16 bytes. A
/// phi may be read only by the tree; a gather of the tree holding one of the group's
/// phis holds only them (it becomes the vector phi, permuted); the block calls nothing
/// (the vector phi would be spilled across it). The vector code goes as for indices
/// (`placed_tree`).
pub fn phi_trees(func: Function, target: &Target) -> Vec<Tree> {
    let mut out = Vec::new();
    // SAFETY: walking a live function's blocks and instructions, reading only.
    unsafe {
        let mut bb = LLVMGetFirstBasicBlock(func.0);
        while !bb.is_null() {
            // By the block the values come from and the type.
            type Key = (LLVMBasicBlockRef, LLVMTypeRef);
            let mut groups: super::Groups<Key, _> = super::Groups::default();
            let mut inst = LLVMGetFirstInstruction(bb);
            while !inst.is_null() && !LLVMIsAPHINode(inst).is_null() {
                if let Some(entry) = looping_phi(inst, bb) {
                    groups.push((entry, LLVMTypeOf(inst)), inst);
                }
                inst = LLVMGetNextInstruction(inst);
            }
            // The vector phi lives through the whole loop: across a call it would be
            // spilled (vector registers are the caller's to save), which no
            // measurement sees (seed 003's spill cost); intrinsics are no calls. Asked
            // once a block (per window, it was quadratic in a block of many phis).
            if !groups.is_empty() && !calls_in(bb) {
                let position = Positions::new(bb);
                let mut reader = Reader::new(bb);
                for ((entry, _), phis) in groups {
                    out.extend(widest_windows(&phis, |window| {
                        phi_tree(target, &mut reader, window, entry, &position)
                    }));
                }
            }
            bb = LLVMGetNextBasicBlock(bb);
        }
    }
    out
}

/// Where `phi`'s value comes from outside `bb` if it has two incoming values, one from
/// `bb` computed there (not a phi) and one from another block.
unsafe fn looping_phi(phi: LLVMValueRef, bb: LLVMBasicBlockRef) -> Option<LLVMBasicBlockRef> {
    if LLVMCountIncoming(phi) != 2 || scalar_bytes(LLVMTypeOf(phi)).is_none() {
        return None;
    }
    let (b0, b1) = (LLVMGetIncomingBlock(phi, 0), LLVMGetIncomingBlock(phi, 1));
    let (own, entry) = match (b0 == bb, b1 == bb) {
        (true, false) => (0, b1),
        (false, true) => (1, b0),
        _ => return None,
    };
    let value = LLVMGetIncomingValue(phi, own);
    let computed = !LLVMIsAInstruction(value).is_null()
        && LLVMGetInstructionParent(value) == bb
        && LLVMIsAPHINode(value).is_null();
    computed.then_some(entry)
}

/// Whether `bb` calls anything but an intrinsic.
unsafe fn calls_in(bb: LLVMBasicBlockRef) -> bool {
    let mut i = LLVMGetFirstInstruction(bb);
    while !i.is_null() {
        let call = !LLVMIsACallInst(i).is_null()
            || !LLVMIsAInvokeInst(i).is_null()
            || !LLVMIsACallBrInst(i).is_null();
        if call && LLVMIsAIntrinsicInst(i).is_null() {
            return true;
        }
        i = LLVMGetNextInstruction(i);
    }
    false
}

/// Which incoming value of `phi` (a `looping_phi` of `bb`) comes round the loop.
unsafe fn own_incoming(phi: LLVMValueRef, bb: LLVMBasicBlockRef) -> u32 {
    u32::from(LLVMGetIncomingBlock(phi, 0) != bb)
}

/// The tree of a phi group, if the values it carries are one and may be placed, and
/// the phis are read only by it and gathered only together.
unsafe fn phi_tree(
    target: &Target,
    reader: &mut Reader,
    phis: &[LLVMValueRef],
    entry: LLVMBasicBlockRef,
    position: &Positions,
) -> Option<Tree> {
    let bb = LLVMGetInstructionParent(phis[0]);
    // The start goes before the entry's terminator: one that defines a value (an
    // `invoke`, a `callbr`) may be a phi's start, which would not come before it.
    let entry_end = LLVMGetBasicBlockTerminator(entry);
    if entry_end.is_null()
        || !LLVMIsAInvokeInst(entry_end).is_null()
        || !LLVMIsACallBrInst(entry_end).is_null()
    {
        return None;
    }
    let lanes: Vec<LLVMValueRef> = phis
        .iter()
        .map(|&p| LLVMGetIncomingValue(p, own_incoming(p, bb)))
        .collect();
    if (1..lanes.len()).any(|i| lanes[..i].contains(&lanes[i])) {
        return None;
    }
    let group: Vec<Inst> = phis.iter().map(|&p| Inst(p)).collect();
    let end = LLVMGetBasicBlockTerminator(bb);
    let t = placed_tree(target, reader, &lanes, position, |at| Seed::Phis {
        at,
        phis: group,
        entry,
        at_end: at.raw() == end,
    })?;
    let replaced: HashSet<LLVMValueRef> = t.tree.scalars().iter().map(|&s| t.scalars[s]).collect();
    for &p in phis {
        let mut u = LLVMGetFirstUse(p);
        while !u.is_null() {
            if !replaced.contains(&LLVMGetUser(u)) {
                return None;
            }
            u = LLVMGetNextUse(u);
        }
    }
    for g in t.tree.gathers() {
        let ours = g.iter().filter(|&&s| phis.contains(&t.scalars[s])).count();
        if ours != 0 && ours != g.len() {
            return None;
        }
    }
    Some(t)
}

/// Bytes from `from` as LLVM's alias analysis is asked about them: from the base, as far
/// as the range's end (0, unknown, where the range starts before the base).
fn extent(from: i64, len: i64) -> u64 {
    u64::try_from(from).map_or(0, |f| f + len as u64)
}

/// Each load range of `tree` as (its base, its first byte, its bytes).
fn load_extents(tree: &Node, reader: &Reader) -> Vec<(LLVMValueRef, i64, i64)> {
    tree.load_ranges()
        .into_iter()
        .map(|(base, from, len, size)| (reader.bases[base], from, len as i64 * size))
        .collect()
}

/// The most other accesses a tree's accesses move past. In the five realworld
/// clients, at most 128 accesses (a tree's own among them) lie from a tree's first
/// access to its last.
const MAX_ACCESSES_BETWEEN: usize = 512;

/// The most of them that are not simple accesses at a constant offset from a base
/// (which are mostly answered here, without LLVM's alias analysis); in the clients,
/// five at most.
const MAX_ALIAS_QUESTIONS: usize = 32;

/// Nothing between `first` and `last` (inclusive) touches memory but the tree's loads,
/// the window's stores (both in `own`), and what `undisturbed` allows (nothing the
/// tree reads or writes).
unsafe fn quiet_between(
    position: &Positions,
    first: LLVMValueRef,
    last: LLVMValueRef,
    own: &[LLVMValueRef],
    undisturbed: impl Fn(Access) -> bool,
) -> bool {
    let Some(between) = position.memory_between(first, last) else {
        return false;
    };
    let own: HashSet<LLVMValueRef> = own.iter().copied().collect();
    // `own` are all between `first` and `last`: what else is there, counted at once.
    if between.len().saturating_sub(own.len()) > MAX_ACCESSES_BETWEEN {
        return false;
    }
    let (mut others, mut asked) = (0, 0);
    for &(_, i) in between {
        if own.contains(&i) {
            continue;
        }
        others += 1;
        let access = Access {
            inst: i,
            range: access_range(i),
        };
        asked += usize::from(access.range.is_none());
        // As far as LLVM's SLP looks (`-slp-max-mem-dep-distance`, its alias checks'
        // limit): beyond, the accesses are taken as in the way. Without a limit every
        // window walked what was between, quadratic in a long block.
        if others > MAX_ACCESSES_BETWEEN || asked > MAX_ALIAS_QUESTIONS || !undisturbed(access) {
            return false;
        }
    }
    true
}

/// An access between a tree's own, with what [`access_range`] reads of it (once, for
/// every range it is asked about).
#[derive(Clone, Copy)]
struct Access {
    inst: LLVMValueRef,
    range: Option<(LLVMValueRef, i64, i64)>,
}

/// What a simple scalar (or vector) load or store reads or writes, where its address
/// is a constant offset from a base: the base, the offset and the bytes.
unsafe fn access_range(i: LLVMValueRef) -> Option<(LLVMValueRef, i64, i64)> {
    let load = !LLVMIsALoadInst(i).is_null();
    if !load && LLVMIsAStoreInst(i).is_null() || !super::simple_access(i) {
        return None;
    }
    let (ty, ptr) = if load {
        (LLVMTypeOf(i), LLVMGetOperand(i, 0))
    } else {
        (LLVMTypeOf(LLVMGetOperand(i, 0)), LLVMGetOperand(i, 1))
    };
    let bytes = if LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMVectorTypeKind {
        scalar_bytes(LLVMGetElementType(ty))? * i64::from(LLVMGetVectorSize(ty))
    } else {
        scalar_bytes(ty)?
    };
    let (base, offset) = base_and_offset(ptr);
    // Far offsets are left to alias analysis (no overflow in the comparison).
    (offset.unsigned_abs() < 1 << 40).then_some((base.raw(), offset, bytes))
}

/// Whether access `a` may write (or, unless `writes_only`, also read) any of the `len` bytes
/// `from` past `base`. A simple access is answered here where its address is a
/// constant offset from the same base (exactly, where LLVM's alias analysis is asked
/// from the base on, see [`extent`]) or into another identified object; the rest asks
/// alias analysis.
unsafe fn may_touch(
    target: &Target,
    a: Access,
    base: LLVMValueRef,
    from: i64,
    len: i64,
    writes_only: bool,
) -> bool {
    let i = a.inst;
    if writes_only && !LLVMIsALoadInst(i).is_null() && super::simple_access(i) {
        return false;
    }
    if let Some((b, offset, bytes)) = a.range {
        if b == base && from.unsigned_abs() < 1 << 40 && len < 1 << 40 {
            return pure::overlap_ranges(offset, bytes, from, len);
        }
        if distinct_objects(b, base) {
            return false;
        }
    }
    if writes_only {
        target.may_write(i, base, extent(from, len))
    } else {
        target.may_access(i, base, extent(from, len))
    }
}

/// The object a pointer is into: through every `getelementptr`.
unsafe fn underlying(mut ptr: LLVMValueRef) -> LLVMValueRef {
    for _ in 0..super::MAX_POINTER_STEPS {
        if LLVMIsAGetElementPtrInst(ptr).is_null() {
            break;
        }
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
    static NOALIAS: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
    // SAFETY: a name and its length.
    let kind =
        *NOALIAS.get_or_init(|| unsafe { LLVMGetEnumAttributeKindForName(c"noalias".as_ptr(), 7) });
    index.is_some_and(|i| !LLVMGetEnumAttributeAtIndex(func, i + 1, kind).is_null())
}

/// The vector code built for a tree, after its last store (before a reduction's
/// root): the vector store (the reduction's result) and everything built.
pub struct BuiltTree {
    pub result: Inst,
    built: Vec<LLVMValueRef>,
    lane_of: LaneOf,
    /// The scalars read outside the tree and the lanes extracted for them
    /// ([`extract_outside`]).
    outside: Vec<(Outside, LLVMValueRef)>,
}

impl BuiltTree {
    /// Every instruction built.
    pub fn instructions(&self) -> Vec<Inst> {
        self.built.iter().map(|&v| Inst(v)).collect()
    }

    /// The lanes extracted for readers outside the tree, each as which built vector
    /// (in the order built, the same for trees of one shape), its lane, and whether
    /// something in its block reads it (`outside_in_block`).
    pub fn outside_lanes(&self) -> Vec<(Option<usize>, u32, bool)> {
        self.outside
            .iter()
            .map(|(o, x)| {
                let vector = self.built.iter().position(|&v| v == o.vector);
                (vector, o.lane, read_in_block(o, *x))
            })
            .collect()
    }

    /// The instructions built but the extracts for readers outside the tree.
    pub fn code(&self) -> Vec<Inst> {
        let extracts: HashSet<LLVMValueRef> = self.outside.iter().map(|&(_, x)| x).collect();
        self.built
            .iter()
            .filter(|v| !extracts.contains(v))
            .map(|&v| Inst(v))
            .collect()
    }

    /// [`BuiltTree::outside`], but only the extracts something in their own block reads
    /// (the others the backend sinks below a loop the block is).
    pub fn outside_in_block(&self) -> (Vec<Inst>, Vec<Inst>) {
        self.outside
            .iter()
            .filter(|(o, x)| read_in_block(o, *x))
            .map(|(o, x)| (Inst(o.scalar), Inst(*x)))
            .unzip()
    }

    /// The scalars read outside the tree, and the lanes extracted for them.
    pub fn outside(&self) -> (Vec<Inst>, Vec<Inst>) {
        self.outside
            .iter()
            .map(|(o, x)| (Inst(o.scalar), Inst(*x)))
            .unzip()
    }
}

/// Whether something in the block of `x` (the extract for `o`) reads it.
fn read_in_block(o: &Outside, x: LLVMValueRef) -> bool {
    // SAFETY: the extract (or the constant it folded to) and its readers are live.
    unsafe {
        if LLVMIsAInstruction(x).is_null() {
            return false;
        }
        let block = LLVMGetInstructionParent(x);
        o.readers
            .iter()
            .any(|&r| LLVMGetInstructionParent(r) == block)
    }
}

/// Builds `t`'s vector code right after its last store, or right before its
/// reduction's root.
pub fn build_tree(t: &Tree) -> BuiltTree {
    // SAFETY: the bases dominate the last store (the loads and stores use them before
    // it); a store is never a block's last instruction (its terminator is). A
    // reduction's root comes after every scalar of its tree.
    unsafe {
        let ctx = LLVMGetTypeContext(t.elem);
        let builder = LLVMCreateBuilderInContext(ctx);
        match &t.seed {
            Seed::Stores { .. } => {
                LLVMPositionBuilderBefore(builder, LLVMGetNextInstruction(t.last))
            }
            Seed::Reduction { root, .. } | Seed::BuildVector { root, .. } => {
                LLVMPositionBuilderBefore(builder, root.raw())
            }
            Seed::Indices { at } | Seed::Phis { at, .. } => {
                LLVMPositionBuilderBefore(builder, at.raw())
            }
        }
        let mut built = Vec::new();
        // A phi seed's vector phi first (its gathers read it), from the phis' values
        // from the entry, built at the entry's end; what comes round is the tree's.
        let vector_phi = match &t.seed {
            Seed::Phis { phis, entry, .. } => Some(vector_phi(ctx, t, phis, *entry, &mut built)),
            _ => None,
        };
        let mut loaded = HashMap::new();
        let mut lane_of = LaneOf::default();
        let value = build_node(builder, t, &t.tree, &mut loaded, &mut built, &mut lane_of);
        if let (Some(vp), Seed::Phis { phis, .. }) = (vector_phi, &t.seed) {
            let mut values = [value];
            let mut blocks = [LLVMGetInstructionParent(phis[0].raw())];
            LLVMAddIncoming(vp, values.as_mut_ptr(), blocks.as_mut_ptr(), 1);
        }
        let result = match &t.seed {
            Seed::Stores {
                stores,
                start,
                base,
            } => {
                let to = address(builder, *base, *start, &mut built);
                let store = LLVMBuildStore(builder, value, to);
                LLVMSetAlignment(store, LLVMGetAlignment(stores[0].raw()));
                store
            }
            Seed::Reduction {
                root,
                combine,
                inner,
            } => {
                let name = combine.reduce_intrinsic();
                let module = t.module();
                let float = combine.is_float();
                // A floating-point reduction starts from its identity (-0.0 for fadd:
                // -0.0 + x is x for every x) and may reassociate only with the flags
                // every operation of the chain has (`reassoc` among them).
                let mut args = match float {
                    true => {
                        let start = match combine {
                            Combine::Op(LLVMOpcode::LLVMFAdd) => -0.0,
                            _ => 1.0,
                        };
                        vec![LLVMConstReal(t.elem, start), value]
                    }
                    false => vec![value],
                };
                let call = super::build_intrinsic_call(
                    builder,
                    module,
                    name,
                    &[LLVMTypeOf(value)],
                    &mut args,
                )
                .unwrap_or_else(|| LLVMGetPoison(t.elem));
                if float && !LLVMIsACallInst(call).is_null() {
                    let flags = std::iter::once(root)
                        .chain(inner)
                        .fold(!0, |acc, i| acc & LLVMGetFastMathFlags(i.raw()));
                    LLVMSetFastMathFlags(call, flags);
                }
                call
            }
            // The tree's vector is the result, built already (a build vector of
            // constants only is not taken: `build_vector`); so are the indices'
            // (read through `extract_outside`) and what comes round a loop.
            Seed::BuildVector { .. } | Seed::Indices { .. } | Seed::Phis { .. } => value,
        };
        if !built.contains(&result) && !LLVMIsAInstruction(result).is_null() {
            built.push(result);
        }
        LLVMDisposeBuilder(builder);
        BuiltTree {
            result: Inst(result),
            built,
            lane_of,
            outside: Vec::new(),
        }
    }
}

/// The vector phi of a phi seed at the top of its block, its value from `entry` (the
/// phis' values from there, inserted at its end, or their constant vector); noted in
/// `t` for the gathers of the phis. The value round the loop is added once built.
unsafe fn vector_phi(
    ctx: LLVMContextRef,
    t: &Tree,
    phis: &[Inst],
    entry: LLVMBasicBlockRef,
    built: &mut Vec<LLVMValueRef>,
) -> LLVMValueRef {
    let n = phis.len() as u32;
    let ty = LLVMVectorType(t.elem, n);
    let builder = LLVMCreateBuilderInContext(ctx);
    LLVMPositionBuilderBefore(builder, LLVMGetBasicBlockTerminator(entry));
    let from_entry: Vec<LLVMValueRef> = phis
        .iter()
        .map(|p| {
            let own = own_incoming(p.raw(), LLVMGetInstructionParent(p.raw()));
            LLVMGetIncomingValue(p.raw(), 1 - own)
        })
        .collect();
    let mut start = LLVMGetPoison(ty);
    let i32t = LLVMInt32TypeInContext(ctx);
    for (j, &v) in from_entry.iter().enumerate() {
        let lane = LLVMConstInt(i32t, j as u64, 0);
        start = LLVMBuildInsertElement(builder, start, v, lane, c"".as_ptr());
        if !LLVMIsAInstruction(start).is_null() {
            built.push(start);
        }
    }
    let block = LLVMGetInstructionParent(phis[0].raw());
    LLVMPositionBuilderBefore(builder, LLVMGetFirstInstruction(block));
    let vp = LLVMBuildPhi(builder, ty, c"".as_ptr());
    built.push(vp);
    let mut values = [start];
    let mut blocks = [entry];
    LLVMAddIncoming(vp, values.as_mut_ptr(), blocks.as_mut_ptr(), 1);
    LLVMDisposeBuilder(builder);
    t.vector_phi.set(vp);
    vp
}

unsafe fn address(
    builder: LLVMBuilderRef,
    base: LLVMValueRef,
    offset: i64,
    built: &mut Vec<LLVMValueRef>,
) -> LLVMValueRef {
    if offset == 0 {
        return base;
    }
    let ctx = LLVMGetTypeContext(LLVMTypeOf(base));
    let mut idx = [LLVMConstInt(LLVMInt64TypeInContext(ctx), offset as u64, 1)];
    let g = LLVMBuildGEP2(
        builder,
        LLVMInt8TypeInContext(ctx),
        base,
        idx.as_mut_ptr(),
        1,
        c"".as_ptr(),
    );
    if !LLVMIsAInstruction(g).is_null() {
        built.push(g);
    }
    g
}

/// `v` with its lanes taken in `mask`'s order: `v` itself where that is all of them in
/// order.
unsafe fn shuffle(
    builder: LLVMBuilderRef,
    v: LLVMValueRef,
    mask: &[i32],
    built: &mut Vec<LLVMValueRef>,
) -> LLVMValueRef {
    let ty = LLVMTypeOf(v);
    let identity = LLVMGetVectorSize(ty) as usize == mask.len()
        && mask.iter().enumerate().all(|(j, &m)| m == j as i32);
    if identity {
        return v;
    }
    let i32t = LLVMInt32TypeInContext(LLVMGetTypeContext(ty));
    let mut m: Vec<LLVMValueRef> = mask
        .iter()
        .map(|&x| LLVMConstInt(i32t, x as u64, 0))
        .collect();
    let m = LLVMConstVector(m.as_mut_ptr(), mask.len() as u32);
    let s = LLVMBuildShuffleVector(builder, v, LLVMGetPoison(ty), m, c"".as_ptr());
    if !LLVMIsAInstruction(s).is_null() {
        built.push(s);
    }
    s
}

/// Where each scalar of the tree is in the vector code: its value, vector and lane.
/// Each scalar's vector and lane: the first node built that holds it.
type LaneOf = FastMap<LLVMValueRef, (LLVMValueRef, u32)>;

/// Builds `node` ([`build_value`]) and notes where its lanes' scalars are.
unsafe fn build_node(
    builder: LLVMBuilderRef,
    t: &Tree,
    node: &Node,
    loaded: &mut HashMap<LoadKey, LLVMValueRef>,
    built: &mut Vec<LLVMValueRef>,
    lane_of: &mut LaneOf,
) -> LLVMValueRef {
    let v = build_value(builder, t, node, loaded, built, lane_of);
    for (j, &s) in node.lane_scalars().iter().enumerate() {
        lane_of.entry(t.scalars[s]).or_insert((v, j as u32));
    }
    v
}

/// Where each scalar of the gather `g` is in a phi seed's vector phi, if all are its
/// phis and it is built.
fn phi_lanes(t: &Tree, g: &[usize]) -> Option<Vec<u32>> {
    let Seed::Phis { phis, .. } = &t.seed else {
        return None;
    };
    if t.vector_phi.get().is_null() {
        return None;
    }
    g.iter()
        .map(|&s| {
            let lane = phis.iter().position(|p| p.raw() == t.scalars[s])?;
            u32::try_from(lane).ok()
        })
        .collect()
}

/// A vector load built for a tree, by its base, first byte, element bytes and type: an
/// `i32` and a `float` load of one range are two loads (one would feed the other's
/// users a value of the wrong type).
type LoadKey = (usize, i64, i64, LLVMTypeRef);

/// The vector value of `node`; one vector load per range and type (`loaded`).
unsafe fn build_value(
    builder: LLVMBuilderRef,
    t: &Tree,
    node: &Node,
    loaded: &mut HashMap<LoadKey, LLVMValueRef>,
    built: &mut Vec<LLVMValueRef>,
    lane_of: &mut LaneOf,
) -> LLVMValueRef {
    let ctx = LLVMGetTypeContext(t.elem);
    let n = t.lanes as u32;
    match node {
        Node::Loads {
            base,
            start,
            len,
            mask,
            scalars,
            elem,
        } => {
            // The scalar loads' type (a cast's source may be narrower than the tree's).
            let vty = LLVMVectorType(LLVMTypeOf(t.scalars[scalars[0]]), *len as u32);
            let load = match loaded.get(&(*base, *start, *elem, vty)) {
                Some(&l) => l,
                None => {
                    let from = address(builder, t.bases[*base], *start, built);
                    let load = LLVMBuildLoad2(builder, vty, from, c"".as_ptr());
                    // The alignment of a scalar load of the range's first element.
                    let align = t
                        .tree
                        .scalars()
                        .iter()
                        .map(|&s| t.scalars[s])
                        .filter(|&l| !LLVMIsALoadInst(l).is_null())
                        .find(|&l| {
                            let (b, o) = base_and_offset(LLVMGetOperand(l, 0));
                            b.raw() == t.bases[*base] && o == *start
                        })
                        .map_or(1, |l| LLVMGetAlignment(l));
                    LLVMSetAlignment(load, align);
                    built.push(load);
                    loaded.insert((*base, *start, *elem, vty), load);
                    load
                }
            };
            shuffle(builder, load, mask, built)
        }
        Node::Binary {
            ops,
            lhs,
            rhs,
            scalars,
        } => {
            let l = build_node(builder, t, lhs, loaded, built, lane_of);
            let r = build_node(builder, t, rhs, loaded, built, lane_of);
            // Each opcode on every lane, with the flags all its lanes have; then, for
            // two, each lane from its own.
            let mut distinct: Vec<u32> = ops.clone();
            distinct.dedup();
            distinct.sort_unstable();
            distinct.dedup();
            let mut values = Vec::new();
            for &op in &distinct {
                // An integer minimum or maximum: its vector intrinsic.
                if let Some(&kind) = op
                    .checked_sub(MIN_MAX_IDS)
                    .and_then(|k| MIN_MAX.get(k as usize))
                {
                    let module = t.module();
                    let name = format!("llvm.{kind}");
                    let mut args = vec![l, r];
                    let Some(v) = super::build_intrinsic_call(
                        builder,
                        module,
                        &name,
                        &[LLVMTypeOf(l)],
                        &mut args,
                    ) else {
                        return LLVMGetPoison(LLVMTypeOf(l));
                    };
                    if !LLVMIsAInstruction(v).is_null() {
                        built.push(v);
                    }
                    values.push(v);
                    continue;
                }
                let Some(opcode) = opcode_of(op) else {
                    return LLVMGetPoison(LLVMTypeOf(l));
                };
                let v = LLVMBuildBinOp(builder, opcode, l, r, c"".as_ptr());
                if !LLVMIsAInstruction(v).is_null() {
                    let lanes: Vec<LLVMValueRef> = scalars
                        .iter()
                        .zip(ops)
                        .filter(|(_, &o)| o == op)
                        .map(|(&s, _)| t.scalars[s])
                        .collect();
                    if LLVMCanValueUseFastMathFlags(v) != 0 {
                        let fmf = lanes
                            .iter()
                            .fold(!0, |acc, &x| acc & LLVMGetFastMathFlags(x));
                        LLVMSetFastMathFlags(v, fmf);
                    } else if matches!(
                        opcode,
                        LLVMOpcode::LLVMAdd | LLVMOpcode::LLVMSub | LLVMOpcode::LLVMMul
                    ) {
                        LLVMSetNSW(v, lanes.iter().all(|&x| LLVMGetNSW(x) != 0) as i32);
                        LLVMSetNUW(v, lanes.iter().all(|&x| LLVMGetNUW(x) != 0) as i32);
                    }
                    built.push(v);
                }
                values.push(v);
            }
            if values.len() == 1 {
                return values[0];
            }
            let i32t = LLVMInt32TypeInContext(ctx);
            let mut m: Vec<LLVMValueRef> = ops
                .iter()
                .enumerate()
                .map(|(j, &o)| {
                    let side = if o == distinct[0] { 0 } else { n as u64 };
                    LLVMConstInt(i32t, side + j as u64, 0)
                })
                .collect();
            let m = LLVMConstVector(m.as_mut_ptr(), n);
            let blend = LLVMBuildShuffleVector(builder, values[0], values[1], m, c"".as_ptr());
            if !LLVMIsAInstruction(blend).is_null() {
                built.push(blend);
            }
            blend
        }
        Node::Cast {
            op,
            from,
            child,
            scalars,
        } => {
            let to = LLVMTypeOf(t.scalars[scalars[0]]);
            if opcode_of(*op).is_none() {
                // A lane-wise operation of one operand ([`unary`]).
                let v = build_node(builder, t, child, loaded, built, lane_of);
                let module = t.module();
                let Some(u) = build_unary(builder, module, *op, v) else {
                    return LLVMGetPoison(LLVMVectorType(to, n));
                };
                if !LLVMIsAInstruction(u).is_null() {
                    built.push(u);
                }
                return u;
            }
            let Some(opcode) = opcode_of(*op) else {
                return LLVMGetPoison(LLVMVectorType(to, n));
            };
            // A narrowing cast of permuted loads: the loads cast as they are, then
            // permuted, where the elements are smaller (`trunc` then one byte shuffle,
            // not two word shuffles then `trunc`). The cast is lane-wise and defined on
            // every lane (a value out of range is poison, not undefined behaviour).
            let narrower = scalar_bytes(to).is_some_and(|b| b < *from);
            // What is cast (the child, or its whole loaded range) and the permutation
            // after the cast.
            let whole;
            let (source, after) = match (narrower, &**child) {
                (true, Node::Loads { len, mask, .. }) => {
                    let mut loads = (**child).clone();
                    if let Node::Loads { mask, .. } = &mut loads {
                        *mask = (0..*len as i32).collect();
                    }
                    whole = loads;
                    (&whole, Some(mask))
                }
                _ => (&**child, None),
            };
            // The whole range's lanes are not the bundle's: not noted.
            let v = match after {
                Some(_) => build_value(builder, t, source, loaded, built, lane_of),
                None => build_node(builder, t, source, loaded, built, lane_of),
            };
            let lanes = LLVMGetVectorSize(LLVMTypeOf(v));
            // No flags (`nneg`, `nuw`): a vector without them is no more poison.
            let c = LLVMBuildCast(builder, opcode, v, LLVMVectorType(to, lanes), c"".as_ptr());
            if !LLVMIsAInstruction(c).is_null() {
                built.push(c);
            }
            match after {
                Some(mask) => shuffle(builder, c, mask, built),
                None => c,
            }
        }
        Node::Compare { pred, lhs, rhs, .. } => {
            let l = build_node(builder, t, lhs, loaded, built, lane_of);
            let r = build_node(builder, t, rhs, loaded, built, lane_of);
            let Some(c) = build_compare(builder, *pred, l, r) else {
                return LLVMGetPoison(LLVMVectorType(LLVMInt1TypeInContext(ctx), n));
            };
            if !LLVMIsAInstruction(c).is_null() {
                built.push(c);
            }
            c
        }
        Node::Select {
            cond,
            t: on,
            f: off,
            ..
        } => {
            let c = build_node(builder, t, cond, loaded, built, lane_of);
            let a = build_node(builder, t, on, loaded, built, lane_of);
            let b = build_node(builder, t, off, loaded, built, lane_of);
            // No fast-math flags (a floating-point select's): none is no more poison.
            let v = LLVMBuildSelect(builder, c, a, b, c"".as_ptr());
            if !LLVMIsAInstruction(v).is_null() {
                built.push(v);
            }
            v
        }
        Node::Fma { op, a, b, c, .. } => {
            let x = build_node(builder, t, a, loaded, built, lane_of);
            let y = build_node(builder, t, b, loaded, built, lane_of);
            let z = build_node(builder, t, c, loaded, built, lane_of);
            let ty = LLVMTypeOf(x);
            let name = intrinsic_name(*op, &FMA, FMA_IDS);
            let call = name.and_then(|name| {
                super::build_intrinsic_call(
                    builder,
                    t.module(),
                    &format!("llvm.{name}"),
                    &[ty],
                    &mut [x, y, z],
                )
            });
            let Some(v) = call else {
                return LLVMGetPoison(ty);
            };
            if !LLVMIsAInstruction(v).is_null() {
                built.push(v);
            }
            v
        }
        Node::Gather(g) if phi_lanes(t, g).is_some() => {
            // The phis' vector, its lanes in the gather's order.
            let vp = t.vector_phi.get();
            let mask: Vec<u32> = phi_lanes(t, g).unwrap_or_default();
            if mask.iter().enumerate().all(|(j, &m)| m == j as u32) && mask.len() == n as usize {
                return vp;
            }
            let i32t = LLVMInt32TypeInContext(ctx);
            let mut lanes: Vec<LLVMValueRef> = mask
                .iter()
                .map(|&m| LLVMConstInt(i32t, u64::from(m), 0))
                .collect();
            let mask = LLVMConstVector(lanes.as_mut_ptr(), n);
            let v = LLVMBuildShuffleVector(
                builder,
                vp,
                LLVMGetPoison(LLVMTypeOf(vp)),
                mask,
                c"".as_ptr(),
            );
            built.push(v);
            v
        }
        Node::Gather(g) => {
            let ty = LLVMVectorType(LLVMTypeOf(t.scalars[g[0]]), n);
            let i32t = LLVMInt32TypeInContext(ctx);
            let mut v = LLVMGetPoison(ty);
            // One value in every lane: inserted once and splat.
            let splat = g.iter().all(|&s| s == g[0]);
            let inserted = if splat { &g[..1] } else { &g[..] };
            for (j, &s) in inserted.iter().enumerate() {
                let lane = LLVMConstInt(i32t, j as u64, 0);
                v = LLVMBuildInsertElement(builder, v, t.scalars[s], lane, c"".as_ptr());
                if !LLVMIsAInstruction(v).is_null() {
                    built.push(v);
                }
            }
            if splat {
                let zeros = LLVMConstNull(LLVMVectorType(i32t, n));
                v = LLVMBuildShuffleVector(builder, v, LLVMGetPoison(ty), zeros, c"".as_ptr());
                if !LLVMIsAInstruction(v).is_null() {
                    built.push(v);
                }
            }
            v
        }
        Node::Consts(c) => {
            let mut values: Vec<LLVMValueRef> =
                c.iter().map(|&p| p as usize as LLVMValueRef).collect();
            LLVMConstVector(values.as_mut_ptr(), n)
        }
    }
}

/// The only reader of a build vector's root, a shufflevector in its block whose other
/// operand is a build vector too (an insert chain in the block): a build vector is
/// measured with such a reader. Alone, a build vector of a reversed pair of neighbours
/// is cheaper as a load and a swap that the shuffle takes in; but the backend builds
/// such a shuffle's result from all the scalars at once (sifive-x280: a build vector
/// of `p[1], p[0]` interleaved with one of two other scalars, 17 instructions stock,
/// 27 with the load; found by a helper's hunt). Not where the other operand is a
/// register: the build vector is then built on its own either way, and the shuffle,
/// measured as it is, is what the library lowers afterwards (measured with it, two
/// RISC-V build vectors under wide shuffles of loads were left, 45 instructions -> 68
/// and 50 -> 68).
pub struct ShuffleReader {
    pub shuffle: Inst,
    /// The measurement's inputs for the other operand: the scalars of its insert chain.
    pub inputs: Vec<Value>,
    /// The mask and how the other operand is read, for memo keys.
    pub form: String,
}

/// The [`ShuffleReader`] of a build vector tree, if it has one.
pub fn shuffle_reader(t: &Tree) -> Option<ShuffleReader> {
    let Seed::BuildVector { root, .. } = &t.seed else {
        return None;
    };
    let root = root.raw();
    // SAFETY: a live instruction, its use list and its reader's operands, read only.
    unsafe {
        if !single_use(root) {
            return None;
        }
        let user = LLVMGetUser(LLVMGetFirstUse(root));
        let block = LLVMGetInstructionParent(root);
        if LLVMIsAShuffleVectorInst(user).is_null()
            || LLVMGetInstructionParent(user) != block
            || super::fixed_lanes(user).is_none()
        {
            return None;
        }
        let side = (LLVMGetOperand(user, 1) == root) as u32;
        let other = LLVMGetOperand(user, 1 - side);
        if LLVMIsAInsertElementInst(other).is_null() || LLVMGetInstructionParent(other) != block {
            return None;
        }
        let (within, form) = super::lower::insert_chain(other);
        Some(ShuffleReader {
            shuffle: Inst(user),
            inputs: within.into_iter().map(Value::from_raw).collect(),
            form: format!("{:?} {side} {form}", super::mask_of(user)),
        })
    }
}

/// A copy of `reader`'s shuffle that reads `built`'s result where it read the build
/// vector, right before it, for measuring; [`erase_copy`] takes it away.
pub fn reader_of_built(t: &Tree, reader: &ShuffleReader, built: &BuiltTree) -> Inst {
    let root = t.anchor().raw();
    // SAFETY: the reader is live and reads the root; the built code (before the root)
    // is of its type and comes before the reader.
    unsafe {
        let copy = LLVMInstructionClone(reader.shuffle.raw());
        for k in 0..2 {
            if LLVMGetOperand(copy, k) == root {
                LLVMSetOperand(copy, k, built.result.raw());
            }
        }
        let builder = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(root)));
        LLVMPositionBuilderBefore(builder, reader.shuffle.raw());
        LLVMInsertIntoBuilder(builder, copy);
        LLVMDisposeBuilder(builder);
        Inst(copy)
    }
}

/// Erases a copy [`reader_of_built`] made.
pub fn erase_copy(copy: Inst) {
    // SAFETY: made by `reader_of_built`, read by nothing.
    unsafe { LLVMInstructionEraseFromParent(copy.raw()) }
}

/// Erases vector code that was not used.
pub fn discard_tree(b: BuiltTree) {
    // SAFETY: built here, used only by each other: erased users first (a vector phi
    // reads what comes round the loop, built after it: each is unread first).
    unsafe {
        for &i in b.built.iter().rev() {
            if !LLVMIsAInstruction(i).is_null() {
                LLVMReplaceAllUsesWith(i, LLVMGetPoison(LLVMTypeOf(i)));
                LLVMInstructionEraseFromParent(i);
            }
        }
    }
}

/// A scalar of the tree read outside it (and outside its seed), where the vector code
/// has it: its vector and lane, and the readers.
struct Outside {
    scalar: LLVMValueRef,
    vector: LLVMValueRef,
    lane: u32,
    readers: Vec<LLVMValueRef>,
}

/// The scalars of `t` that something outside the tree and its seed reads, each to be
/// read from its lane of the vector code instead (an `extractelement` after it, as
/// LLVM's SLP does); `None` where one cannot be: a reader before the vector code's end
/// in its block, or a scalar no one vector holds in the bundle's order.
fn outside_readers(t: &Tree, b: &BuiltTree) -> Option<Vec<Outside>> {
    // SAFETY: the tree's values, its seed and the built code are live.
    unsafe {
        let mut inside: HashSet<LLVMValueRef> = b.built.iter().copied().collect();
        let scalars: Vec<LLVMValueRef> = t.tree.scalars().iter().map(|&s| t.scalars[s]).collect();
        inside.extend(&scalars);
        match &t.seed {
            Seed::Stores { stores, .. } => inside.extend(stores.iter().map(|s| s.raw())),
            Seed::Reduction { root, inner, .. } | Seed::BuildVector { root, inner } => {
                inside.insert(root.raw());
                inside.extend(inner.iter().map(|i| i.raw()));
            }
            Seed::Indices { .. } => {}
            // A phi seed's phis become the vector phi.
            Seed::Phis { phis, .. } => inside.extend(phis.iter().map(|p| p.raw())),
        }
        let end = b.result.raw();
        if LLVMIsAInstruction(end).is_null() {
            return None;
        }
        let block = LLVMGetInstructionParent(end);
        let mut out: Vec<Outside> = Vec::new();
        let mut seen = HashSet::new();
        // The readers in the vector code's block, which must come after it (a phi reads
        // along an edge, at the end of the block it leaves, which the extract, in the
        // scalar's block, comes before or dominates).
        let mut in_block = HashSet::new();
        for &scalar in &scalars {
            if !seen.insert(scalar) {
                continue;
            }
            let mut readers = Vec::new();
            let mut u = LLVMGetFirstUse(scalar);
            while !u.is_null() {
                let user = LLVMGetUser(u);
                if !inside.contains(&user) && !readers.contains(&user) {
                    readers.push(user);
                }
                u = LLVMGetNextUse(u);
            }
            if readers.is_empty() {
                continue;
            }
            let &(vector, lane) = b.lane_of.get(&scalar)?;
            in_block.extend(
                readers.iter().copied().filter(|&r| {
                    LLVMGetInstructionParent(r) == block && LLVMIsAPHINode(r).is_null()
                }),
            );
            out.push(Outside {
                scalar,
                vector,
                lane,
                readers,
            });
        }
        // Walked only as far as the last of them: one walk of the block per tree made
        // many trees in one block quadratic.
        let mut i = LLVMGetNextInstruction(end);
        while !in_block.is_empty() && !i.is_null() {
            in_block.remove(&i);
            i = LLVMGetNextInstruction(i);
        }
        if !in_block.is_empty() {
            return None;
        }
        Some(out)
    }
}

/// Extracts, right after the vector code, the lanes whose scalars something outside
/// `t` reads (see `outside_readers`), for `replace_tree` to read instead; how many, or
/// `None` (and nothing built) where some cannot be.
pub fn extract_outside(t: &Tree, b: &mut BuiltTree) -> Option<usize> {
    let outside = outside_readers(t, b)?;
    // SAFETY: the vector code is live and its last instruction is not its block's
    // terminator (a store, a reduction or build vector before its root, or a vector
    // before the first reader of its lanes); each vector dominates its extract.
    unsafe {
        let ctx = LLVMGetTypeContext(t.elem);
        let builder = LLVMCreateBuilderInContext(ctx);
        LLVMPositionBuilderBefore(builder, LLVMGetNextInstruction(b.result.raw()));
        let i32t = LLVMInt32TypeInContext(ctx);
        for o in outside {
            let lane = LLVMConstInt(i32t, u64::from(o.lane), 0);
            let x = LLVMBuildExtractElement(builder, o.vector, lane, c"".as_ptr());
            // A lane of a constant vector folds to a constant.
            if !LLVMIsAInstruction(x).is_null() {
                b.built.push(x);
            }
            b.outside.push((o, x));
        }
        LLVMDisposeBuilder(builder);
    }
    Some(b.outside.len())
}

/// Erases the scalar stores (or the reduction, its root replaced by the vector
/// reduction) and the scalar code `b` replaces, and addresses left unread. Scalars read
/// outside the tree are read from their lanes instead where they were extracted
/// ([`extract_outside`]; else they stay for those readers).
pub fn replace_tree(t: &Tree, b: BuiltTree) {
    // SAFETY: each extract is right after the vector code, which its readers follow
    // (`outside_readers`); only their operands that were the scalar change.
    unsafe {
        for (o, x) in &b.outside {
            for &r in &o.readers {
                for k in 0..LLVMGetNumOperands(r) {
                    if LLVMGetOperand(r, k as u32) == o.scalar {
                        LLVMSetOperand(r, k as u32, *x);
                    }
                }
            }
        }
    }
    // SAFETY: the stores (or the root, once unread) first, then the tree's scalars
    // (each read only within the tree, erased as they become unread), then their
    // addresses.
    unsafe {
        let mut addresses = Vec::new();
        let note = |p: LLVMValueRef, addresses: &mut Vec<Inst>| {
            if !LLVMIsAGetElementPtrInst(p).is_null() && !addresses.contains(&Inst(p)) {
                addresses.push(Inst(p));
            }
        };
        let mut scalars: Vec<Inst> = Vec::new();
        match &t.seed {
            Seed::Stores { stores, .. } => {
                for s in stores {
                    note(LLVMGetOperand(s.raw(), 1), &mut addresses);
                    LLVMInstructionEraseFromParent(s.raw());
                }
            }
            Seed::Reduction { root, inner, .. } | Seed::BuildVector { root, inner } => {
                super::take_name(root.raw(), b.result.raw());
                LLVMReplaceAllUsesWith(root.raw(), b.result.raw());
                LLVMInstructionEraseFromParent(root.raw());
                scalars.extend(inner.iter().rev());
            }
            // The lanes' readers read the extracts now.
            Seed::Indices { .. } => {}
            // The phis go with the tree (read only by it): what they carried round the
            // loop is unread once they no longer read it.
            Seed::Phis { phis, .. } => {
                for p in phis {
                    let own = own_incoming(p.raw(), LLVMGetInstructionParent(p.raw()));
                    let ty = LLVMTypeOf(p.raw());
                    LLVMSetOperand(p.raw(), own, LLVMGetPoison(ty));
                }
                scalars.extend(phis.iter().copied());
            }
        }
        for &s in &t.tree.scalars() {
            if !scalars.contains(&Inst(t.scalars[s])) {
                scalars.push(Inst(t.scalars[s]));
            }
        }
        for s in &scalars {
            if !LLVMIsALoadInst(s.raw()).is_null() {
                note(LLVMGetOperand(s.raw(), 0), &mut addresses);
            }
        }
        super::erase_unused(&scalars);
        super::erase_unused(&addresses);
    }
}
