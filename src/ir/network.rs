//! Shuffles wider than a register read as a permutation of their leaves' elements
//! (`crate::lower::network`), and the network of register shuffles built in their place.
//!
//! Two shapes are read: one shuffle that permutes all the elements of its sources (the
//! loop vectorizer's interleaved store group: an interleave of a concatenation), and a
//! group of shuffles of the same sources that together read each element once (its
//! interleaved load group: strided extracts of one wide load), taken in the order of the
//! first element each reads. The sources are often concatenations (`shufflevector %a,
//! %b, <0..2k-1>`): their leaves are the registers to start from, so that the network
//! reads them and not the concatenation.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use super::lower::{BuiltSequence, Value};
use super::{build_shuffle, fixed_lanes, is, is_poison, mask_of, Function, Inst, Type};
use crate::lower::network::Network;

/// Shuffles that together permute the elements of their leaves: the shuffles (one, or
/// a group in one block, each giving the next lanes of the whole), the leaves (one size
/// each, in the order of the index space) and the mask of the whole over their
/// concatenation.
#[derive(Clone, Debug)]
pub struct WideShuffle {
    pub roots: Vec<Inst>,
    pub leaves: Vec<Value>,
    pub leaf_lanes: usize,
    pub mask: Vec<i32>,
    /// The concatenations between the leaves and the root, or the inner stages of a
    /// network written out.
    pub parts: Vec<Inst>,
    /// A network written out ([`explicit_networks`]): TTI's price of the roots alone is
    /// no price of the whole.
    pub written_out: bool,
}

impl WideShuffle {
    /// Whether a leaf or a part of it is one of `values`.
    pub fn reads_any(&self, values: &[Value]) -> bool {
        self.leaves.iter().any(|l| values.contains(l))
            || (self.parts.iter()).any(|&p| values.contains(&Value::from(p)))
    }

    /// The masks of the roots and of the parts between them and the leaves, as the IR
    /// has them now (for keys: a group already rebuilt, met again by a second run of the
    /// pass in one process, has another form than the one measured first, and is
    /// measured as it is now).
    pub fn form(&self) -> String {
        let shown = |i: &Inst| -> String {
            // SAFETY: live instructions.
            match unsafe { LLVMIsAShuffleVectorInst(i.raw()).is_null() } {
                true => format!("{:?}", unsafe { LLVMGetInstructionOpcode(i.raw()) }),
                false => format!("{:?}", super::mask_of(i.raw())),
            }
        };
        let form: Vec<String> = self.roots.iter().chain(&self.parts).map(shown).collect();
        format!("{}{}", self.written_out as u8, form.join(";"))
    }

    /// The element type as text and the shape of the leaves and roots (for keys).
    pub fn signature(&self) -> String {
        // SAFETY: a live shufflevector.
        let elem = unsafe { Type(LLVMGetElementType(LLVMTypeOf(self.anchor().raw()))) };
        format!(
            "{elem}x{}x{}/{}",
            self.leaves.len(),
            self.leaf_lanes,
            self.roots.len()
        )
    }

    /// The first shuffle of the whole (for remarks, loops and types).
    pub fn anchor(&self) -> Inst {
        self.roots[0]
    }

    /// Lanes of each shuffle.
    pub fn root_lanes(&self) -> usize {
        self.mask.len() / self.roots.len()
    }

    /// The shuffle that comes first in the block: the network is built before it.
    fn first(&self) -> LLVMValueRef {
        self.edge(true)
    }

    /// The shuffle that comes last in the block.
    fn last(&self) -> LLVMValueRef {
        self.edge(false)
    }

    /// The first (or last) of the shuffles in their block's order.
    fn edge(&self, first: bool) -> LLVMValueRef {
        let raws: Vec<LLVMValueRef> = self.roots.iter().map(|r| r.raw()).collect();
        // SAFETY: live instructions of one block, read only.
        unsafe {
            let block = LLVMGetInstructionParent(raws[0]);
            let mut i = match first {
                true => LLVMGetFirstInstruction(block),
                false => LLVMGetLastInstruction(block),
            };
            while !i.is_null() && !raws.contains(&i) {
                i = match first {
                    true => LLVMGetNextInstruction(i),
                    false => LLVMGetPreviousInstruction(i),
                };
            }
            if i.is_null() {
                raws[0]
            } else {
                i
            }
        }
    }

    /// A vector type of `lanes` of the shuffle's elements.
    pub fn register_type(&self, lanes: usize) -> Type {
        // SAFETY: a live shufflevector.
        unsafe {
            let elem = LLVMGetElementType(LLVMTypeOf(self.anchor().raw()));
            Type(LLVMVectorType(elem, lanes as u32))
        }
    }

    /// Bits of an element.
    pub fn element_bits(&self) -> Option<u32> {
        self.anchor().ty().element_bits()
    }
}

/// `v` as a concatenation of leaves: through `shufflevector %a, %b, <0..2k-1>`.
fn leaves(v: LLVMValueRef, out: &mut Vec<LLVMValueRef>, parts: &mut Vec<Inst>) {
    // SAFETY: live values, read only.
    unsafe {
        if is(v, LLVMOpcode::LLVMShuffleVector) {
            let (a, b) = (LLVMGetOperand(v, 0), LLVMGetOperand(v, 1));
            let k = fixed_lanes(a).unwrap_or(0);
            let mask = mask_of(v);
            let concat = k > 0
                && !is_poison(b)
                && mask.len() == 2 * k
                && mask.iter().enumerate().all(|(i, &m)| m == i as i32);
            if concat {
                parts.push(Inst(v));
                leaves(a, out, parts);
                leaves(b, out, parts);
                return;
            }
        }
        out.push(v);
    }
}

/// Elements of a whole, at most.
const MAX_ELEMENTS: usize = 256;

/// Whether `inst` is a shuffle of whole-byte integer or floating-point elements. (Not
/// of `i4`s and the like: x86-64-v4's backend could not legalize a stage of `<64 x i4>`,
/// and measuring it ended the host; a helper's hunt.)
fn of_whole_bytes(inst: Inst) -> bool {
    inst.is_shuffle()
        && inst
            .ty()
            .element_bits()
            .is_some_and(|b| b > 0 && b % 8 == 0)
}

/// Every shuffle of `func` of integer or floating-point elements of whole bytes that
/// permutes all the elements of its sources (4 to 256, poison lanes aside), and every
/// group of shuffles that does so together, with their leaves.
pub fn wide_shuffles(func: Function) -> Vec<WideShuffle> {
    let mut out = Vec::new();
    // Shuffles reading part of their sources, by operands and lanes: group candidates.
    let mut groups = super::Groups::default();
    for inst in func.instructions() {
        if !of_whole_bytes(inst) {
            continue;
        }
        let raw = inst.raw();
        let Some(n) = fixed_lanes(raw) else { continue };
        // SAFETY: a live shufflevector's operands, read only.
        let (a, b) = unsafe { (LLVMGetOperand(raw, 0), LLVMGetOperand(raw, 1)) };
        let Some(m) = fixed_lanes(a) else { continue };
        let total = if is_poison(b) { m } else { 2 * m };
        if n < total {
            let key = (
                a,
                if is_poison(b) {
                    std::ptr::null_mut()
                } else {
                    b
                },
                n,
            );
            groups.push(key, inst);
        } else if n == total {
            if let Some(wide) = whole(vec![inst], a, b, mask_of(raw)) {
                out.push(wide);
            }
        }
    }
    for ((a, b, n), mut members) in groups {
        let total = fixed_lanes(a).unwrap_or(0) * if b.is_null() { 1 } else { 2 };
        if members.len() * n != total || !one_block(&members) {
            continue;
        }
        let first_read = |i: &Inst| mask_of(i.raw()).into_iter().filter(|&m| m >= 0).min();
        if members.iter().any(|i| first_read(i).is_none()) {
            continue;
        }
        members.sort_by_key(first_read);
        let mask: Vec<i32> = members.iter().flat_map(|i| mask_of(i.raw())).collect();
        let b = if b.is_null() {
            // SAFETY: a live shufflevector's operand.
            unsafe { LLVMGetOperand(members[0].raw(), 1) }
        } else {
            b
        };
        if let Some(wide) = whole(members, a, b, mask) {
            out.push(wide);
        }
    }
    // Networks written out, where they are more than one of the shapes above (a
    // shuffle of concatenations is one: the loop vectorizer's interleave groups, which
    // TTI may price): their shuffles belong to them, not to wholes of their own.
    let one_of_them = |members: &[Inst]| {
        out.iter().any(|w| {
            members
                .iter()
                .all(|m| w.roots.contains(m) || w.parts.contains(m))
        })
    };
    let explicit: Vec<(WideShuffle, Vec<Inst>)> = explicit_networks(func)
        .into_iter()
        .filter(|(_, members)| !one_of_them(members))
        .collect();
    let taken = |i: &Inst| explicit.iter().any(|(_, members)| members.contains(i));
    out.retain(|w| !w.roots.iter().chain(&w.parts).any(taken));
    out.extend(explicit.into_iter().map(|(wide, _)| wide));
    out
}

/// Shuffles at most, in a network written out.
const MAX_EXPLICIT: usize = 64;

/// Networks written out as stages (hand-vectorized transposes: `unpcklps`, `shufps`,
/// `vperm2f128` one after the other), each with its shuffles: shuffles of one block
/// joined with the shuffles they read where only shuffles of the block read those, read
/// as one whole when together they permute their leaves' elements (each read once,
/// poison lanes aside). The roots are the shuffles something else reads; the others
/// become the whole's parts, erased once it is rebuilt.
fn explicit_networks(func: Function) -> Vec<(WideShuffle, Vec<Inst>)> {
    use std::collections::HashMap;
    let shuffles: Vec<Inst> = func
        .instructions()
        .filter(|&i| of_whole_bytes(i))
        .filter(|i| fixed_lanes(i.raw()).is_some())
        .collect();
    let index: HashMap<LLVMValueRef, usize> = shuffles
        .iter()
        .enumerate()
        .map(|(k, i)| (i.raw(), k))
        .collect();
    let mut parent: Vec<usize> = (0..shuffles.len()).collect();
    fn find(parent: &mut [usize], mut k: usize) -> usize {
        while parent[k] != k {
            parent[k] = parent[parent[k]];
            k = parent[k];
        }
        k
    }
    // SAFETY: live instructions of `func`, read only.
    let block = |v: LLVMValueRef| unsafe { LLVMGetInstructionParent(v) };
    // Read only by shuffles of its block.
    let inner = |v: LLVMValueRef| {
        // SAFETY: a live value.
        let users = unsafe { super::users(v) };
        !users.is_empty()
            && users
                .iter()
                .all(|u| index.contains_key(u) && block(*u) == block(v))
    };
    // Joined: a shuffle and what it reads, a shuffle or a leaf, where only shuffles of
    // the block read that (two stages, or two shuffles of one loaded row).
    let mut first_reader: HashMap<LLVMValueRef, usize> = HashMap::new();
    for (k, s) in shuffles.iter().enumerate() {
        for o in 0..2 {
            // SAFETY: a live shufflevector's operand.
            let op = unsafe { LLVMGetOperand(s.raw(), o) };
            // SAFETY: a live value.
            let local = unsafe { !LLVMIsAInstruction(op).is_null() } && block(op) == block(s.raw());
            if is_poison(op) || !local || !inner(op) {
                continue;
            }
            let j = match index.get(&op) {
                Some(&j) => j,
                None => *first_reader.entry(op).or_insert(k),
            };
            let (a, b) = (find(&mut parent, k), find(&mut parent, j));
            parent[a] = b;
        }
    }
    let mut components: HashMap<usize, Vec<Inst>> = HashMap::new();
    for (k, &s) in shuffles.iter().enumerate() {
        let root = find(&mut parent, k);
        components.entry(root).or_default().push(s);
    }
    let mut out: Vec<(WideShuffle, Vec<Inst>)> = components
        .into_values()
        .filter(|members| (3..=MAX_EXPLICIT).contains(&members.len()))
        .filter_map(|members| explicit_whole(&members).map(|w| (w, members)))
        .collect();
    // In the block's order, for a deterministic output.
    out.sort_by_key(|(_, members)| {
        shuffles
            .iter()
            .position(|s| s == &members[0])
            .unwrap_or(usize::MAX)
    });
    out
}

/// The whole `members` (in block order) permute, if they do: see [`explicit_networks`].
fn explicit_whole(members: &[Inst]) -> Option<WideShuffle> {
    use std::collections::HashMap;
    let is_member = |v: LLVMValueRef| members.iter().any(|m| m.raw() == v);
    // SAFETY: live instructions, read only.
    let users = |m: &Inst| unsafe { super::users(m.raw()) };
    let (roots, parts): (Vec<Inst>, Vec<Inst>) = members
        .iter()
        .partition(|m| users(m).iter().any(|&u| !is_member(u)));
    // A root another member reads would be rebuilt under it.
    if roots.is_empty() || roots.iter().any(|r| users(r).iter().any(|&u| is_member(u))) {
        return None;
    }
    // The leaves: what members read that is no member (poison aside).
    let mut leaves: Vec<LLVMValueRef> = Vec::new();
    for m in members {
        for o in 0..2 {
            // SAFETY: a live shufflevector's operand.
            let op = unsafe { LLVMGetOperand(m.raw(), o) };
            if !is_member(op) && !is_poison(op) && !leaves.contains(&op) {
                leaves.push(op);
            }
        }
    }
    // SAFETY: live values.
    if leaves.is_empty() || leaves.iter().any(|&l| unsafe { LLVMIsConstant(l) != 0 }) {
        return None;
    }
    let leaf_lanes = fixed_lanes(leaves[0])?;
    if leaves.iter().any(|&l| fixed_lanes(l) != Some(leaf_lanes)) {
        return None;
    }
    // Each member's lanes as elements of the leaves (`-1` poison), members in block
    // order read only earlier members.
    let mut lanes: HashMap<LLVMValueRef, Vec<i32>> = HashMap::new();
    for m in members {
        let raw = m.raw();
        // SAFETY: a live shufflevector's operands.
        let (a, b) = unsafe { (LLVMGetOperand(raw, 0), LLVMGetOperand(raw, 1)) };
        let source = |v: LLVMValueRef| -> Option<Vec<i32>> {
            if is_poison(v) {
                return Some(vec![-1; fixed_lanes(v)?]);
            }
            match leaves.iter().position(|&l| l == v) {
                Some(k) => Some(
                    (0..leaf_lanes)
                        .map(|t| (k * leaf_lanes + t) as i32)
                        .collect(),
                ),
                None => lanes.get(&v).cloned(),
            }
        };
        let (first, second) = (source(a)?, source(b)?);
        let read: Vec<i32> = mask_of(raw)
            .into_iter()
            .map(|x| match x {
                x if x < 0 => -1,
                x if (x as usize) < first.len() => first[x as usize],
                x => second.get(x as usize - first.len()).copied().unwrap_or(-1),
            })
            .collect();
        lanes.insert(raw, read);
    }
    let root_lanes = fixed_lanes(roots[0].raw())?;
    let total = leaves.len() * leaf_lanes;
    if roots
        .iter()
        .any(|r| fixed_lanes(r.raw()) != Some(root_lanes))
        || roots.len() * root_lanes != total
    {
        return None;
    }
    // Every element read once at most.
    let mut seen = vec![false; total];
    for r in &roots {
        for &x in &lanes[&r.raw()] {
            if x >= 0 {
                if seen[x as usize] {
                    return None;
                }
                seen[x as usize] = true;
            }
        }
    }
    // Built before the first root: every leaf of the block must come before it.
    // SAFETY: live instructions of one block, read only.
    unsafe {
        let first = roots[0].raw();
        let mut i = LLVMGetFirstInstruction(LLVMGetInstructionParent(first));
        let mut defined: Vec<LLVMValueRef> = Vec::new();
        while !i.is_null() && i != first {
            defined.push(i);
            i = LLVMGetNextInstruction(i);
        }
        let local = |l: LLVMValueRef| {
            !LLVMIsAInstruction(l).is_null()
                && LLVMGetInstructionParent(l) == LLVMGetInstructionParent(first)
        };
        if leaves.iter().any(|&l| local(l) && !defined.contains(&l)) {
            return None;
        }
    }
    let mut roots = roots;
    let first_read = |r: &Inst| lanes[&r.raw()].iter().copied().filter(|&x| x >= 0).min();
    roots.sort_by_key(first_read);
    let mask: Vec<i32> = roots.iter().flat_map(|r| lanes[&r.raw()].clone()).collect();
    if !(4..=MAX_ELEMENTS).contains(&mask.len()) || !mask.len().is_power_of_two() {
        return None;
    }
    Some(WideShuffle {
        roots,
        leaves: leaves.into_iter().map(Value::from_raw).collect(),
        leaf_lanes,
        mask,
        parts,
        written_out: true,
    })
}

fn one_block(insts: &[Inst]) -> bool {
    // SAFETY: live instructions.
    unsafe {
        let block = LLVMGetInstructionParent(insts[0].raw());
        insts
            .iter()
            .all(|i| LLVMGetInstructionParent(i.raw()) == block)
    }
}

/// `roots` reading `a` and `b` with `mask` (the whole's), if a whole of 4 to 256
/// elements (a power of two) of leaves of one size, none a constant.
fn whole(
    roots: Vec<Inst>,
    a: LLVMValueRef,
    b: LLVMValueRef,
    mut mask: Vec<i32>,
) -> Option<WideShuffle> {
    let m = fixed_lanes(a)?;
    if !(4..=MAX_ELEMENTS).contains(&mask.len()) || !mask.len().is_power_of_two() {
        return None;
    }
    let (mut found, mut parts) = (Vec::new(), Vec::new());
    leaves(a, &mut found, &mut parts);
    if is_poison(b) {
        // Lanes of a poison operand are poison.
        for x in mask.iter_mut().filter(|x| **x >= m as i32) {
            *x = -1;
        }
    } else {
        leaves(b, &mut found, &mut parts);
    }
    // SAFETY: live values.
    let constant = found.iter().any(|&v| unsafe { LLVMIsConstant(v) != 0 });
    let leaf_lanes = fixed_lanes(found[0])?;
    if constant || found.iter().any(|&v| fixed_lanes(v) != Some(leaf_lanes)) {
        return None;
    }
    Some(WideShuffle {
        roots,
        leaves: found.into_iter().map(Value::from_raw).collect(),
        leaf_lanes,
        mask,
        parts,
        written_out: false,
    })
}

/// A network built before its shuffles: the value replacing each shuffle, and every
/// instruction built (its result the whole, for measuring).
pub struct BuiltNetwork {
    pub results: Vec<Value>,
    pub sequence: BuiltSequence,
}

/// Builds `network` on `wide`'s leaves right before its first shuffle: the leaves cut
/// into registers, the stages, and each shuffle's registers concatenated to its type;
/// with `join`, also the whole (the results concatenated) as the sequence's result.
pub fn build_network(wide: &WideShuffle, network: &Network, join: bool) -> Option<BuiltNetwork> {
    let w = network.lanes;
    let (half, root_lanes) = (w / 2, wide.root_lanes());
    // Registers are parts of leaves or two leaves side by side; results the same.
    let leaves_fit = w > 0 && (wide.leaf_lanes % w == 0 || wide.leaf_lanes * 2 == w);
    let roots_fit = w > 0 && (root_lanes % w == 0 || root_lanes * 2 == w);
    if !leaves_fit || !roots_fit {
        return None;
    }
    // SAFETY: the leaves and roots are live; everything is built right before the first
    // root, which every leaf dominates.
    unsafe {
        let mut at = Shuffles::before(wide.first());
        // Each input register's halves: a leaf and the first lane there.
        let leaves: Vec<LLVMValueRef> = wide.leaves.iter().map(|l| l.raw()).collect();
        let inputs: Vec<[(LLVMValueRef, usize); 2]> = match wide.leaf_lanes * 2 == w {
            true => leaves
                .chunks(2)
                .filter(|p| p.len() == 2)
                .map(|p| [(p[0], 0), (p[1], 0)])
                .collect(),
            false => leaves
                .iter()
                .flat_map(|&leaf| {
                    (0..wide.leaf_lanes / w).map(move |k| [(leaf, k * w), (leaf, k * w + half)])
                })
                .collect(),
        };
        let mut fits = inputs.len() == network.inputs && network.outputs.len() == inputs.len();
        // Loaded `deinterleave` registers at a time, deinterleaved (AArch64 `ld4`): the
        // network's inputs are those registers, or it cannot be built.
        let deinterleaved = match fits && network.deinterleave > 1 {
            true => load_deinterleaved(wide, network.deinterleave, w, &mut at),
            false => None,
        };
        fits &= network.deinterleave == 1 || deinterleaved.is_some();
        let loaded = match fits && network.loads_first && leaves_loaded(wide) {
            true => (network.stages.first())
                .and_then(|first| load_halves(&inputs, first, w, &mut at.built)),
            false => None,
        };
        let mut shuffle = |a, b, mask: &[i32]| at.shuffle(a, b, mask);
        let whole: Vec<i32> = (0..w as i32).collect();
        let mut stages = &network.stages[..];
        let mut first_stage = 0;
        let mut registers: Vec<LLVMValueRef> = match (deinterleaved, loaded) {
            (Some(registers), _) => registers,
            // The halves side by side (`vinsertf128` from memory).
            (None, Some(pairs)) => {
                stages = &stages[1..];
                first_stage = 1;
                pairs
                    .into_iter()
                    .map(|[lo, hi]| shuffle(lo, Some(hi), &whole))
                    .collect()
            }
            (None, None) => inputs
                .iter()
                .map(|&[(leaf, first), (other, _)]| {
                    if wide.leaf_lanes == w {
                        leaf
                    } else if wide.leaf_lanes * 2 == w {
                        shuffle(leaf, Some(other), &whole)
                    } else {
                        let part: Vec<i32> = (first..first + w).map(|x| x as i32).collect();
                        shuffle(leaf, None, &part)
                    }
                })
                .collect(),
        };
        for (k, stage) in stages.iter().enumerate() {
            if !fits {
                break;
            }
            registers = stage
                .iter()
                .map(|s| at.shuffle(registers[s.first], s.second.map(|r| registers[r]), &s.mask))
                .collect();
            // Stages the backend must not merge with the next (blends with a shuffle).
            if network.fenced.contains(&(first_stage + k)) {
                for r in registers.iter_mut() {
                    match at.fence(*r) {
                        Some(f) => *r = f,
                        None => fits = false,
                    }
                }
            }
        }
        let mut shuffle = |a, b, mask: &[i32]| at.shuffle(a, b, mask);
        let mut results = Vec::new();
        for (k, root) in wide.roots.iter().enumerate() {
            let value = match (fits, root_lanes * 2 == w) {
                (false, _) => None,
                // Half a register (stored, the backend stores it from the register).
                (true, true) => {
                    let register = registers[network.outputs[k / 2]];
                    let lanes: Vec<i32> = ((k % 2) * half..(k % 2 + 1) * half)
                        .map(|x| x as i32)
                        .collect();
                    Some(shuffle(register, None, &lanes))
                }
                (true, false) => {
                    let per_root = root_lanes / w;
                    let mine = network.outputs[k * per_root..(k + 1) * per_root]
                        .iter()
                        .map(|&r| registers[r])
                        .collect();
                    super::side_by_side(&mut shuffle, mine)
                }
            };
            match value {
                Some(v) if LLVMTypeOf(v) == LLVMTypeOf(root.raw()) => results.push(v),
                _ => break,
            }
        }
        let whole = match (results.len() == wide.roots.len(), join) {
            (false, _) => None,
            (true, false) => results.last().copied(),
            (true, true) => super::side_by_side(&mut shuffle, results.clone()),
        };
        let built = at.done();
        match whole {
            Some(whole) => Some(BuiltNetwork {
                results: results.into_iter().map(Value::from_raw).collect(),
                sequence: BuiltSequence::new(Inst(whole), built),
            }),
            None => {
                discard_all(&built);
                None
            }
        }
    }
}

/// `wide`'s leaves side by side as one vector and its mask as one shuffle of it, each
/// root then its lanes of the result: for a group of shuffles of registers that
/// together fit one wider register (two 128-bit rows of a 4x4 i16 transpose in one
/// 256-bit register: one `vpshufb` and one `vpermd`, against three instructions for
/// each root). Built right before the first root; `None` (nothing built) for leaves
/// of more than 256 elements, or not a power of two of them.
pub fn build_widened(wide: &WideShuffle) -> Option<BuiltNetwork> {
    let total = wide.leaves.len() * wide.leaf_lanes;
    if total > MAX_ELEMENTS || total != wide.mask.len() {
        return None;
    }
    // SAFETY: the leaves and roots are live; built right before the first root, which
    // every leaf dominates.
    unsafe {
        let mut at = Shuffles::before(wide.first());
        let mut shuffle = |a, b, mask: &[i32]| at.shuffle(a, b, mask);
        let leaves: Vec<LLVMValueRef> = wide.leaves.iter().map(|l| l.raw()).collect();
        // (Nothing is built where the leaves are not a power of two.)
        let joined = super::side_by_side(&mut shuffle, leaves)?;
        let whole = shuffle(joined, None, &wide.mask);
        let r = wide.root_lanes();
        let results: Vec<Value> = (0..wide.roots.len())
            .map(|k| {
                let lanes: Vec<i32> = (k * r..(k + 1) * r).map(|x| x as i32).collect();
                Value::from_raw(shuffle(whole, None, &lanes))
            })
            .collect();
        Some(BuiltNetwork {
            results,
            sequence: BuiltSequence::new(Inst(whole), at.done()),
        })
    }
}

/// Shuffles built at one place, each recorded in the order built (erased in reverse
/// where not kept: `discard_all`, `BuiltSequence`).
struct Shuffles {
    builder: LLVMBuilderRef,
    built: Vec<LLVMValueRef>,
}

impl Shuffles {
    /// # Safety
    /// `at` is a live instruction; what is built before it must be valid there.
    unsafe fn before(at: LLVMValueRef) -> Shuffles {
        let builder = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(at)));
        LLVMPositionBuilderBefore(builder, at);
        Shuffles {
            builder,
            built: Vec::new(),
        }
    }

    /// `shufflevector a, b, mask` (`b` poison if none), recorded.
    ///
    /// # Safety
    /// `a` and `b` are live values available where the builder stands.
    unsafe fn shuffle(
        &mut self,
        a: LLVMValueRef,
        b: Option<LLVMValueRef>,
        mask: &[i32],
    ) -> LLVMValueRef {
        let s = build_shuffle(self.builder, a, b, mask);
        self.built.push(s);
        s
    }

    /// `v` through `llvm.arithmetic.fence`, recorded.
    ///
    /// # Safety
    /// `v` is a live vector available where the builder stands.
    unsafe fn fence(&mut self, v: LLVMValueRef) -> Option<LLVMValueRef> {
        let (fenced, built) = super::build_fence(self.builder, v)?;
        self.built.extend(built);
        Some(fenced)
    }

    /// What was built, in the order built.
    fn done(mut self) -> Vec<LLVMValueRef> {
        std::mem::take(&mut self.built)
    }
}

impl Drop for Shuffles {
    fn drop(&mut self) {
        // SAFETY: the builder was made by `before` and is disposed once.
        unsafe { LLVMDisposeBuilder(self.builder) };
    }
}

/// A first stage that puts halves of loaded registers side by side, as loads of the
/// halves, each right after the load it reads from (so that it reads the same memory):
/// the two halves of each register, or `None` (nothing built) where a shuffle of the
/// stage is no such pair. `inputs`: each input register's load and first lane; what is
/// built is added to `built`.
///
/// # Safety
/// The loads are live simple loads of the block where the network is built, before it.
unsafe fn load_halves(
    inputs: &[[(LLVMValueRef, usize); 2]],
    stage: &[crate::lower::network::RegisterShuffle],
    lanes: usize,
    built: &mut Vec<LLVMValueRef>,
) -> Option<Vec<[LLVMValueRef; 2]>> {
    use crate::lower::network::halves;
    let half = lanes / 2;
    let mut reads = Vec::new();
    for s in stage {
        let [(a, ha), (b, hb)] = halves(&s.mask, lanes)?;
        let register = |side: usize| if side == 0 { Some(s.first) } else { s.second };
        reads.push([(register(a)?, ha), (register(b)?, hb)]);
    }
    // Whole bytes an element, or nothing to load.
    let load = inputs.first()?[0].0;
    if !super::Type(LLVMTypeOf(load))
        .element_bits()
        .is_some_and(|b| b > 0 && b % 8 == 0)
    {
        return None;
    }
    let ctx = LLVMGetTypeContext(LLVMTypeOf(load));
    let at_load = LLVMCreateBuilderInContext(ctx);
    // What followed each load before anything was built: the halves go before it, in
    // the order built.
    let mut after: Vec<(LLVMValueRef, LLVMValueRef)> = Vec::new();
    for &(load, _) in inputs.iter().flatten() {
        if !after.iter().any(|&(l, _)| l == load) {
            after.push((load, LLVMGetNextInstruction(load)));
        }
    }
    let mut load_half = |(register, h): (usize, usize)| {
        let (load, first) = inputs[register][h];
        // A half that is a whole leaf: the leaf.
        if first == 0 && fixed_lanes(load) == Some(half) {
            return load;
        }
        let next = after
            .iter()
            .find(|&&(l, _)| l == load)
            .map_or(load, |&(_, n)| n);
        LLVMPositionBuilderBefore(at_load, next);
        // Its address, if one was built (not a constant expression: a global's address
        // gives one, which a helper's hunt saw erased as an instruction, a crash), then
        // the part: in the order built, erased in reverse.
        super::load_lanes_noting(at_load, load, first, half, built).expect("whole bytes an element")
    };
    let out = reads
        .into_iter()
        .map(|[lo, hi]| [load_half(lo), load_half(hi)])
        .collect();
    LLVMDisposeBuilder(at_load);
    Some(out)
}

/// `wide`'s leaves loaded `factor` registers of `lanes` lanes at a time and
/// deinterleaved: per group, one load of the group's memory, right after the last leaf
/// load, and `factor` shuffles taking every `factor`-th element (what LLVM's
/// InterleavedAccess pass makes AArch64's `ld2`/`ld4` of), built where `at` stands.
/// `None` (nothing built) unless the leaves are loads of one block in order
/// ([`leaves_in_a_row`]) that the groups divide.
///
/// # Safety
/// `at` stands after every leaf, in their block.
unsafe fn load_deinterleaved(
    wide: &WideShuffle,
    factor: usize,
    lanes: usize,
    at: &mut Shuffles,
) -> Option<Vec<LLVMValueRef>> {
    let total = wide.leaves.len() * wide.leaf_lanes;
    if !leaves_in_a_row(wide) || lanes == 0 || total % (factor * lanes) != 0 {
        return None;
    }
    let leaves: Vec<LLVMValueRef> = wide.leaves.iter().map(|l| l.raw()).collect();
    let last = *leaves
        .iter()
        .max_by_key(|&&l| super::position_in_block(l))?;
    let builder = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(leaves[0])));
    LLVMPositionBuilderBefore(builder, LLVMGetNextInstruction(last));
    let mut registers = Vec::new();
    for g in 0..total / (factor * lanes) {
        // Whole bytes an element: checked by leaves_in_a_row.
        // Its address, if one was built (an instruction), then the load: erased in
        // reverse.
        let (first, all) = (g * factor * lanes, factor * lanes);
        let Some(whole) = super::load_lanes_noting(builder, leaves[0], first, all, &mut at.built)
        else {
            break;
        };
        // It reads what several leaves did: it keeps what they all say of it.
        super::keep_common_metadata(whole, &leaves);
        for j in 0..factor {
            let every: Vec<i32> = (0..lanes).map(|q| (q * factor + j) as i32).collect();
            registers.push(at.shuffle(whole, None, &every));
        }
    }
    LLVMDisposeBuilder(builder);
    (registers.len() * lanes == total).then_some(registers)
}

/// Whether `wide`'s leaves are loaded from one block of memory in order (leaf `i` at
/// leaf 0's address plus `i` leaves), that only `wide` reads ([`leaves_loaded`]), with
/// nothing that may write memory between the first load and the last: one load of
/// part of the block, after the last, reads what they read.
pub fn leaves_in_a_row(wide: &WideShuffle) -> bool {
    if !leaves_loaded(wide) {
        return false;
    }
    // SAFETY: live loads of one block (leaves_loaded), read only.
    unsafe {
        let leaves: Vec<LLVMValueRef> = wide.leaves.iter().map(|l| l.raw()).collect();
        let Some(bits) = super::Type(LLVMTypeOf(leaves[0])).element_bits() else {
            return false;
        };
        if bits == 0 || bits % 8 != 0 {
            return false;
        }
        let step = (wide.leaf_lanes * bits as usize / 8) as i64;
        let (base, first) = super::base_and_offset(LLVMGetOperand(leaves[0], 0));
        let in_order = leaves.iter().enumerate().all(|(i, &l)| {
            let offset = first.wrapping_add((i as i64).wrapping_mul(step));
            super::base_and_offset(LLVMGetOperand(l, 0)) == (base, offset)
        });
        if !in_order {
            return false;
        }
        let places: Vec<usize> = leaves
            .iter()
            .map(|&l| super::position_in_block(l))
            .collect();
        let (Some(&from), Some(&to)) = (places.iter().min(), places.iter().max()) else {
            return false;
        };
        let mut inst = leaves[places.iter().position(|&p| p == from).unwrap_or(0)];
        for _ in from..to {
            inst = LLVMGetNextInstruction(inst);
            if inst.is_null() {
                return false;
            }
            // (Simple loads only: a load may not move above an atomic or volatile one.)
            let simple_load = !LLVMIsALoadInst(inst).is_null() && super::simple_access(inst);
            if super::touches_memory(inst) && !simple_load {
                return false;
            }
        }
        true
    }
}

/// The whole of a group, for measuring: its shuffles concatenated right after the last
/// (a single shuffle is its own whole, nothing built).
pub fn join_roots(wide: &WideShuffle) -> BuiltSequence {
    if wide.roots.len() == 1 {
        return BuiltSequence::new(wide.anchor(), Vec::new());
    }
    // SAFETY: live roots of one block; built right after the last.
    unsafe {
        let mut at = Shuffles::before(LLVMGetNextInstruction(wide.last()));
        let parts: Vec<LLVMValueRef> = wide.roots.iter().map(|r| r.raw()).collect();
        let mut shuffle = |a, b, mask: &[i32]| at.shuffle(a, b, mask);
        let whole = super::side_by_side(&mut shuffle, parts).unwrap_or(wide.anchor().raw());
        BuiltSequence::new(Inst(whole), at.done())
    }
}

/// Whether `leaf` is a simple load in the block of `wide`'s shuffles.
fn local_load(wide: &WideShuffle, leaf: LLVMValueRef) -> bool {
    // SAFETY: live values, read only.
    unsafe {
        !LLVMIsALoadInst(leaf).is_null()
            && LLVMGetInstructionParent(leaf) == LLVMGetInstructionParent(wide.anchor().raw())
            && super::simple_access(leaf)
    }
}

/// Whether each of `wide`'s shuffles is read by one simple store alone (which takes a
/// part of a wider register as it is: `vextracti128` to memory).
pub fn roots_stored(wide: &WideShuffle) -> bool {
    wide.roots.iter().all(|r| only_store_of(*r).is_some())
}

/// Whether every leaf of `wide` is a simple load of its shuffles' block that only
/// `wide` reads (a network may then load its first stage instead:
/// `crate::lower::network::plan`).
pub fn leaves_loaded(wide: &WideShuffle) -> bool {
    let ours = |u: LLVMValueRef| wide.roots.iter().chain(&wide.parts).any(|i| i.raw() == u);
    wide.leaves.iter().all(|l| {
        // SAFETY: a live value, read only.
        local_load(wide, l.raw()) && unsafe { super::users(l.raw()) }.into_iter().all(ours)
    })
}

/// What the whole is measured from: each leaf, or the address of a leaf that is a simple
/// load in the shuffles' block (the backend may fold the load into the shuffles:
/// AArch64 `ld2`..`ld4`).
pub fn measured_inputs(wide: &WideShuffle) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::new();
    // SAFETY: live values, read only.
    unsafe {
        for leaf in &wide.leaves {
            let v = leaf.raw();
            let input = if local_load(wide, v) {
                LLVMGetOperand(v, 0)
            } else {
                v
            };
            if LLVMIsConstant(input) == 0 && !out.contains(&Value::from_raw(input)) {
                out.push(Value::from_raw(input));
            }
        }
    }
    out
}

/// The block of `wide`'s shuffles.
pub fn block_of(wide: &WideShuffle) -> LLVMBasicBlockRef {
    // SAFETY: a live instruction.
    unsafe { LLVMGetInstructionParent(wide.anchor().raw()) }
}

/// What a group is measured from in use ([`RootUses`]): [`measured_inputs`] and the
/// stores' `addresses`, each address behind its constant offsets in the group's block
/// (`getelementptr i8, ptr %q, i64 16`: `%q`), so that the measurement has the offsets
/// the backend sees: stores side by side merge into one wider store (four roots stored
/// 8 bytes apart became one `vpermw` and one 32-byte store on x86-64-v4, which separate
/// addresses hid). With `load_bases`, the loads' addresses likewise (loads side by side
/// merge too); the networks do without on AArch64, where code generation makes loads
/// from one argument into `ld4` (`InterleavedLoadCombine`), which it did not for the
/// loop's own addresses: the original of a 4x4 transpose measured as one `ld4` there
/// and was kept, at 11 cycles an iteration against the network's 9.
/// The values the roots' computations read besides ([`RootUses::operands`]) are
/// inputs too, a load of the block by its address's base (it is measured, as it runs
/// beside the group).
pub fn in_use_inputs(wide: &WideShuffle, uses: &RootUses, load_bases: bool) -> Vec<Value> {
    // SAFETY: a live instruction.
    let block = unsafe { LLVMGetInstructionParent(wide.anchor().raw()) };
    let loaded = measured_inputs(wide);
    let operands = uses
        .operands
        .iter()
        .map(|&v| match local_load(wide, v.raw()) {
            // SAFETY: a live load's address.
            true => (Value::from_raw(unsafe { LLVMGetOperand(v.raw(), 0) }), true),
            false => (v, false),
        });
    let mut out: Vec<Value> = Vec::new();
    for (v, base) in (loaded.into_iter().map(|v| (v, load_bases)))
        .chain(uses.addresses.iter().map(|&a| (a, true)))
        .chain(operands)
    {
        let v = match base {
            true => Value::from_raw(behind_constant_offsets(v.raw(), block)),
            false => v,
        };
        if !out.contains(&v) {
            out.push(v);
        }
    }
    out
}

/// The pointer `ptr` is a constant offset from, through `getelementptr`s with constant
/// indices in `block` (`ptr` itself where it is none).
fn behind_constant_offsets(mut ptr: LLVMValueRef, block: LLVMBasicBlockRef) -> LLVMValueRef {
    // SAFETY: live values, read only.
    unsafe {
        for _ in 0..super::MAX_POINTER_STEPS {
            let constant_offset = !LLVMIsAGetElementPtrInst(ptr).is_null()
                && LLVMGetInstructionParent(ptr) == block
                && (1..LLVMGetNumOperands(ptr))
                    .all(|k| !LLVMIsAConstantInt(LLVMGetOperand(ptr, k as u32)).is_null());
            if !constant_offset {
                break;
            }
            ptr = LLVMGetOperand(ptr, 0);
        }
    }
    ptr
}

/// How `wide`'s roots and leaves are used and reached, for the keys of measurements
/// that depend on it ([`in_use_inputs`]): each root stored (the base of its address, by
/// first appearance, the constant offsets to it, the alignment) or not (`r`); each leaf
/// a load of the block (likewise) or a value (`v`). Two groups of one mask whose roots
/// are stored side by side or far apart measure differently.
pub fn uses_key(wide: &WideShuffle) -> String {
    uses_key_of(&[wide])
}

/// [`uses_key`] of groups measured together, their bases numbered across all of them
/// (two groups storing to one base and to two are measured apart).
pub fn uses_key_of(wides: &[&WideShuffle]) -> String {
    let mut bases: Vec<LLVMValueRef> = Vec::new();
    // Values computations read besides, numbered.
    let mut others: Vec<LLVMValueRef> = Vec::new();
    let mut out = String::new();
    for wide in wides {
        // SAFETY: a live instruction.
        let block = unsafe { LLVMGetInstructionParent(wide.anchor().raw()) };
        let mut path = |ptr: LLVMValueRef| {
            let base = behind_constant_offsets(ptr, block);
            let k = bases.iter().position(|&b| b == base).unwrap_or_else(|| {
                bases.push(base);
                bases.len() - 1
            });
            format!("{k}{}", offsets(ptr, base))
        };
        for &root in &wide.roots {
            if let Some((store, address)) = only_store_of(root) {
                out += &format!("s{}a{},", path(address.raw()), store_alignment(store));
                continue;
            }
            let Some(consumers) = consumers(root, &wide.roots) else {
                out += "r,";
                continue;
            };
            // Each computation as printed without names (its opcode, predicate, flags,
            // types, constants), then its operands (a root by its number, a load of the
            // block by its text and address, a constant, another value by its number
            // in the key), then where it is stored.
            out += "c[";
            for c in consumers {
                if let Some(computation) = c.computation {
                    out += &unnamed(&computation.text());
                    out += "(";
                    // SAFETY: a live instruction's operands, read only.
                    unsafe {
                        let v = computation.raw();
                        for k in 0..LLVMGetNumOperands(v) as u32 {
                            let op = LLVMGetOperand(v, k);
                            out += &match wide.roots.iter().position(|r| r.raw() == op) {
                                Some(i) => format!("r{i}"),
                                None if local_load(wide, op) => format!(
                                    "l{}{}",
                                    unnamed(&Inst(op).text()),
                                    path(LLVMGetOperand(op, 0))
                                ),
                                None if LLVMIsConstant(op) != 0 => "k".to_string(),
                                None => {
                                    let k = others.iter().position(|&o| o == op);
                                    let k = k.unwrap_or_else(|| {
                                        others.push(op);
                                        others.len() - 1
                                    });
                                    format!("x{k}")
                                }
                            };
                            out += " ";
                        }
                    }
                    out += ")";
                }
                out += &format!("s{}a{};", path(c.address.raw()), store_alignment(c.store));
            }
            out += "],";
        }
        for leaf in &wide.leaves {
            if local_load(wide, leaf.raw()) {
                // SAFETY: a live load's address and alignment.
                let (address, align) =
                    unsafe { (LLVMGetOperand(leaf.raw(), 0), LLVMGetAlignment(leaf.raw())) };
                out += &format!("l{}a{align},", path(address));
            } else {
                out += "v,";
            }
        }
        out += "/";
    }
    out
}

/// `text` (an instruction as printed) without its metadata and with every name `%`:
/// what the instruction computes, whatever its values are called.
fn unnamed(text: &str) -> String {
    let text = text.split(", !").next().unwrap_or(text);
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c != '%' {
            continue;
        }
        if chars.peek() == Some(&'"') {
            chars.next();
            for q in chars.by_ref() {
                if q == '"' {
                    break;
                }
            }
            continue;
        }
        while chars
            .peek()
            .is_some_and(|&n| n.is_ascii_alphanumeric() || "-$._".contains(n))
        {
            chars.next();
        }
    }
    out
}

/// The constant offsets from `base` to `ptr` ([`behind_constant_offsets`]), as the
/// `getelementptr`s' element types and indices.
fn offsets(mut ptr: LLVMValueRef, base: LLVMValueRef) -> String {
    let mut out = String::new();
    // SAFETY: live values, read only; the printed type is disposed of.
    unsafe {
        for _ in 0..super::MAX_POINTER_STEPS {
            if ptr == base || LLVMIsAGetElementPtrInst(ptr).is_null() {
                break;
            }
            let ty = LLVMPrintTypeToString(LLVMGetGEPSourceElementType(ptr));
            out += &format!("[{}", std::ffi::CStr::from_ptr(ty).to_string_lossy());
            LLVMDisposeMessage(ty);
            for k in 1..LLVMGetNumOperands(ptr) {
                out += &format!(
                    ":{}",
                    LLVMConstIntGetSExtValue(LLVMGetOperand(ptr, k as u32))
                );
            }
            out += "]";
            ptr = LLVMGetOperand(ptr, 0);
        }
    }
    out
}

/// [`replace_wide`] for a group widened ([`build_widened`]) whose roots' stores
/// [`mergeable_stores`] found (`merge`): those become one store of the whole, and the
/// roots' parts of it go.
pub fn replace_widened(wide: &WideShuffle, built: BuiltNetwork, merge: Option<(Vec<Inst>, usize)>) {
    let whole = built.sequence.result;
    let parts: Vec<Inst> = built.results.iter().map(|v| Inst(v.raw())).collect();
    replace_wide(wide, built);
    if let Some((stores, at)) = merge {
        merge_stores(whole, &stores, stores[at]);
        super::erase_unused(&parts);
    }
}

/// Replaces each of `wide`'s shuffles by its network result and erases the
/// concatenations nothing else reads.
pub fn replace_wide(wide: &WideShuffle, built: BuiltNetwork) {
    // Read before the shuffles go.
    let loads: Vec<Inst> = wide
        .leaves
        .iter()
        .filter(|l| local_load(wide, l.raw()))
        .map(|l| Inst(l.raw()))
        .collect();
    // SAFETY: live shuffles and values built before them, of their types.
    unsafe {
        for (root, value) in wide.roots.iter().zip(&built.results) {
            super::take_name(root.raw(), value.raw());
            LLVMReplaceAllUsesWith(root.raw(), value.raw());
            LLVMInstructionEraseFromParent(root.raw());
        }
    }
    // The whole, if built, is read by nothing.
    let whole = built.sequence.result;
    if !built.results.iter().any(|v| v.raw() == whole.raw()) {
        super::erase_unused(&[whole]);
    }
    super::erase_unused(&wide.parts);
    // Loads a first stage loaded instead.
    super::erase_unused(&loads);
}

/// Register shuffles built right before a wide shuffle, to be measured and then
/// discarded: the two registers they read and one result per mask.
pub struct MaskProbes {
    pub inputs: Vec<Value>,
    pub results: Vec<Inst>,
    built: Vec<LLVMValueRef>,
}

/// Builds `shufflevector r0, r1, mask` (or `r0, poison` for one source) for each of
/// `masks` on the first two registers of `lanes` lanes of `wide`'s source; `None` when
/// there are no two distinct registers.
pub fn mask_probes(
    wide: &WideShuffle,
    lanes: usize,
    masks: &[(Vec<i32>, bool)],
) -> Option<MaskProbes> {
    let paired = wide.leaf_lanes * 2 == lanes;
    if lanes == 0 || (wide.leaf_lanes % lanes != 0 && !paired) {
        return None;
    }
    // SAFETY: live leaves and roots; everything is built right before the first root.
    unsafe {
        let first = wide.first();
        let builder = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(first)));
        LLVMPositionBuilderBefore(builder, first);
        let mut built = Vec::new();
        let registers: Vec<LLVMValueRef> = if wide.leaf_lanes == lanes {
            wide.leaves.iter().take(2).map(|l| l.raw()).collect()
        } else if paired {
            // Two leaves side by side a register.
            let both: Vec<i32> = (0..lanes as i32).collect();
            wide.leaves
                .chunks(2)
                .filter(|p| p.len() == 2)
                .take(2)
                .map(|p| {
                    let s = build_shuffle(builder, p[0].raw(), Some(p[1].raw()), &both);
                    built.push(s);
                    s
                })
                .collect()
        } else {
            (0..2)
                .map(|k| {
                    let part: Vec<i32> = (k * lanes..(k + 1) * lanes).map(|x| x as i32).collect();
                    let s = build_shuffle(builder, wide.leaves[0].raw(), None, &part);
                    built.push(s);
                    s
                })
                .collect()
        };
        if registers.len() < 2 || registers[0] == registers[1] {
            LLVMDisposeBuilder(builder);
            discard_all(&built);
            return None;
        }
        let mut results = Vec::new();
        for (mask, two) in masks {
            let second = two.then_some(registers[1]);
            let s = build_shuffle(builder, registers[0], second, mask);
            built.push(s);
            results.push(Inst(s));
        }
        LLVMDisposeBuilder(builder);
        Some(MaskProbes {
            inputs: registers.into_iter().map(Value::from_raw).collect(),
            results,
            built,
        })
    }
}

/// Erases what [`mask_probes`] built.
pub fn discard_probes(probes: MaskProbes) {
    discard_all(&probes.built);
}

/// The simple store that is the only user of `wide` (a single shuffle), and its address.
pub fn only_store(wide: &WideShuffle) -> Option<(Inst, Value)> {
    if wide.roots.len() != 1 {
        return None;
    }
    only_store_of(wide.anchor())
}

/// The simple store that is `inst`'s only user, and its address.
pub fn only_store_of(inst: Inst) -> Option<(Inst, Value)> {
    // SAFETY: a live instruction's uses and users, read only.
    unsafe {
        let root = inst.raw();
        let first = LLVMGetFirstUse(root);
        if first.is_null() || !LLVMGetNextUse(first).is_null() {
            return None;
        }
        simple_store_of(LLVMGetUser(first), root)
    }
}

/// `user` and its address where it is a simple store of `value` (not to `value`).
fn simple_store_of(user: LLVMValueRef, value: LLVMValueRef) -> Option<(Inst, Value)> {
    // SAFETY: a live instruction's operands, read only.
    unsafe {
        let simple = !LLVMIsAStoreInst(user).is_null()
            && LLVMGetOperand(user, 0) == value
            && LLVMGetOperand(user, 1) != value
            && super::simple_access(user);
        simple.then(|| (Inst(user), Value::from_raw(LLVMGetOperand(user, 1))))
    }
}

/// The address a store writes to.
pub fn store_address(store: Inst) -> Value {
    // SAFETY: a live store's pointer operand.
    unsafe { Value::from_raw(LLVMGetOperand(store.raw(), 1)) }
}

/// The alignment of a store in bytes.
pub fn store_alignment(store: Inst) -> u32 {
    // SAFETY: a live store.
    unsafe { LLVMGetAlignment(store.raw()) }
}

/// A copy of `store` that stores `value` (the network built for its shuffle) instead,
/// right before `store` (where its address is defined: a measurement may compute it
/// from a base, [`in_use_inputs`]): to measure the two stores against each other, then
/// [`erase`].
pub fn store_copy(store: Inst, value: Inst) -> Inst {
    // SAFETY: a live simple store and a live value of the type it stores, built before
    // the shuffle the store reads, which dominates the store.
    unsafe {
        let builder = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(value.raw())));
        LLVMPositionBuilderBefore(builder, store.raw());
        let copy = LLVMBuildStore(builder, value.raw(), LLVMGetOperand(store.raw(), 1));
        LLVMSetAlignment(copy, LLVMGetAlignment(store.raw()));
        LLVMDisposeBuilder(builder);
        Inst(copy)
    }
}

/// `network` built on `wide` with each result stored where its root is (every root's
/// only user a simple store): the network and its results' uses (the stores built and
/// the addresses they write), for a measurement with the stores ([`discard_in_use`]
/// erases them). `None` (nothing built) where a root is not stored so.
pub fn build_stored(wide: &WideShuffle, network: &Network) -> Option<(BuiltNetwork, RootUses)> {
    if !roots_stored(wide) {
        return None;
    }
    let plan = use_plan(wide);
    results_in_use(wide, build_network(wide, network, false)?, &plan)
}

/// How a group's roots are used, for a measurement of the group as code uses it rather
/// than joined into one value (which the backend may keep in one wide register where the
/// code stores the roots apart): the stores of the roots each read by one simple store
/// alone, and of the computations of roots stored so ([`consumers`]), with the values
/// those computations read besides the roots (`operands`) and, in a replacement, the
/// computations' copies (`computed`); the other roots (handed on in registers); and the
/// stores' addresses.
#[derive(Default)]
pub struct RootUses {
    pub stores: Vec<Inst>,
    pub computed: Vec<Inst>,
    pub operands: Vec<Value>,
    pub observed: Vec<Value>,
    pub addresses: Vec<Value>,
}

impl RootUses {
    /// With `other`'s uses too.
    pub fn extend(&mut self, other: RootUses) {
        self.stores.extend(other.stores);
        self.computed.extend(other.computed);
        self.observed.extend(other.observed);
        for (to, from) in [
            (&mut self.addresses, other.addresses),
            (&mut self.operands, other.operands),
        ] {
            for a in from {
                if !to.contains(&a) {
                    to.push(a);
                }
            }
        }
    }
}

/// One use of a root that ends in a simple store of its block: the store reads the root
/// itself, or a computation of it (`computation`) that only the store reads.
#[derive(Clone, Copy)]
struct Consumer {
    computation: Option<Inst>,
    store: Inst,
    address: Value,
}

/// Every use of `root` (not one simple store alone: [`only_store_of`]) as a
/// [`Consumer`]; `None` where one is no such. A group whose results code computes on
/// and stores (`%z = add <2 x i64> %x0, %x20; store %z`) is measured with those
/// computations and stores, as the loop runs them: measured without them, on
/// neoverse-n1 a group of `ld4`s measured faster than stock's pairs of loads and zips
/// and spilled in the loop (249 -> 283 cycles an iteration), and on x86-64-v4 groups
/// measured faster ran slower.
fn consumers(root: Inst, roots: &[Inst]) -> Option<Vec<Consumer>> {
    // SAFETY: live instructions' uses, users and operands, read only.
    unsafe {
        let block = LLVMGetInstructionParent(root.raw());
        // A simple store of the block.
        let stored = |user: LLVMValueRef, value: LLVMValueRef| {
            simple_store_of(user, value).filter(|_| LLVMGetInstructionParent(user) == block)
        };
        let mut out = Vec::new();
        let mut uses = 0;
        let mut u = LLVMGetFirstUse(root.raw());
        while !u.is_null() {
            uses += 1;
            if uses > MAX_CONSUMERS {
                return None;
            }
            let user = LLVMGetUser(u);
            u = LLVMGetNextUse(u);
            if let Some((store, address)) = stored(user, root.raw()) {
                out.push(Consumer {
                    computation: None,
                    store,
                    address,
                });
                continue;
            }
            let lane_wise = !LLVMIsABinaryOperator(user).is_null()
                || !LLVMIsACastInst(user).is_null()
                || !LLVMIsACmpInst(user).is_null()
                || !LLVMIsASelectInst(user).is_null();
            // A shuffle read besides the group's roots (another group's root, a part
            // of this one, what a measurement built for another group): handed in, it
            // would leave out of the original what computes it.
            let other_shuffle = (0..LLVMGetNumOperands(user) as u32).any(|k| {
                let op = LLVMGetOperand(user, k);
                !roots.iter().any(|r| r.raw() == op) && !LLVMIsAShuffleVectorInst(op).is_null()
            });
            let first = LLVMGetFirstUse(user);
            if !lane_wise
                || other_shuffle
                || LLVMGetInstructionParent(user) != block
                || first.is_null()
                || !LLVMGetNextUse(first).is_null()
            {
                return None;
            }
            let (store, address) = stored(LLVMGetUser(first), user)?;
            let computation = Some(Inst(user));
            // A computation reading the root twice is one consumer.
            if !out.iter().any(|c: &Consumer| c.computation == computation) {
                out.push(Consumer {
                    computation,
                    store,
                    address,
                });
            }
        }
        Some(out)
    }
}

/// The most uses of a root followed into computations ([`consumers`]).
const MAX_CONSUMERS: usize = 8;

/// The uses of `wide`'s roots as they are, by `plan` ([`RootUses`]).
pub fn root_uses(wide: &WideShuffle, plan: &UsePlan) -> RootUses {
    let results: Vec<Value> = wide.roots.iter().map(|&r| Value::from(r)).collect();
    uses_of(wide, &results, false, plan)
}

/// `built` (a replacement of `wide`, a result for each root) with its results used as
/// the roots are: each result a root's store reads stored by a copy of that store
/// ([`store_copy`]), each computation of roots copied onto the results and stored so,
/// the others handed on. [`discard_in_use`] erases what was built; `None` (`built`
/// erased) where the results do not match the roots.
pub fn results_in_use(
    wide: &WideShuffle,
    built: BuiltNetwork,
    plan: &UsePlan,
) -> Option<(BuiltNetwork, RootUses)> {
    // A result that is no instruction is a leaf as it is: such a plan is measured joined.
    // SAFETY: live values, read only.
    let placed = built
        .results
        .iter()
        .all(|v| unsafe { !LLVMIsAInstruction(v.raw()).is_null() });
    if built.results.len() != wide.roots.len() || !placed {
        super::lower::discard(built.sequence);
        return None;
    }
    let uses = uses_of(wide, &built.results, true, plan);
    Some((built, uses))
}

/// How each root of a group is used: its [`Consumer`]s (one store alone:
/// [`only_store_of`]; else [`consumers`]), or none where it is handed on. Read before a
/// measurement builds anything: the copies built for one group read roots of another
/// (a computation of both) and must not be taken for that group's uses (they were, and
/// were erased after the network they read: a use after free, found by review).
pub struct UsePlan(Vec<Option<Vec<Consumer>>>);

/// [`UsePlan`] of `wide` as the code is now.
pub fn use_plan(wide: &WideShuffle) -> UsePlan {
    let plan = wide.roots.iter().map(|&root| {
        let stored = only_store_of(root).map(|(store, address)| {
            vec![Consumer {
                computation: None,
                store,
                address,
            }]
        });
        stored.or_else(|| consumers(root, &wide.roots))
    });
    UsePlan(plan.collect())
}

/// [`RootUses`] of `results` (one per root of `wide`) by `plan`: the roots' own stores
/// and computations, or (`copies`) copies of them reading `results`.
fn uses_of(wide: &WideShuffle, results: &[Value], copies: bool, plan: &UsePlan) -> RootUses {
    let mut uses = RootUses::default();
    let mut done: Vec<Inst> = Vec::new();
    for (consumers, &result) in plan.0.iter().zip(results) {
        let Some(consumers) = consumers else {
            uses.observed.push(result);
            continue;
        };
        for &c in consumers {
            let store = match c.computation {
                None if copies => store_copy(c.store, Inst(result.raw())),
                None => c.store,
                Some(computation) if done.contains(&computation) => continue,
                Some(computation) => {
                    done.push(computation);
                    for v in operands_besides(computation, wide) {
                        if !uses.operands.contains(&v) {
                            uses.operands.push(v);
                        }
                    }
                    match copies {
                        true => {
                            let copy = computation_copy(computation, c.store, wide, results);
                            uses.computed.push(copy);
                            store_copy(c.store, copy)
                        }
                        false => c.store,
                    }
                }
            };
            uses.stores.push(store);
            if !uses.addresses.contains(&c.address) {
                uses.addresses.push(c.address);
            }
        }
    }
    uses
}

/// The operands of `computation` that are neither roots of `wide` nor constants: what
/// a measurement hands in.
fn operands_besides(computation: Inst, wide: &WideShuffle) -> Vec<Value> {
    // SAFETY: a live instruction's operands, read only.
    unsafe {
        (0..LLVMGetNumOperands(computation.raw()) as u32)
            .map(|k| LLVMGetOperand(computation.raw(), k))
            .filter(|&v| LLVMIsConstant(v) == 0 && !wide.roots.iter().any(|r| r.raw() == v))
            .map(Value::from_raw)
            .collect()
    }
}

/// A copy of `computation` reading `results` where it reads `wide`'s roots, right
/// before `store` (which the results dominate, as they do the roots' stores).
fn computation_copy(computation: Inst, store: Inst, wide: &WideShuffle, results: &[Value]) -> Inst {
    // SAFETY: a live lane-wise instruction, its clone given operands of the same types
    // (each result has its root's type) and placed before a store of its block.
    unsafe {
        let copy = LLVMInstructionClone(computation.raw());
        for k in 0..LLVMGetNumOperands(copy) as u32 {
            let operand = LLVMGetOperand(copy, k);
            if let Some(i) = wide.roots.iter().position(|r| r.raw() == operand) {
                LLVMSetOperand(copy, k, results[i].raw());
            }
        }
        let builder = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(copy)));
        LLVMPositionBuilderBefore(builder, store.raw());
        LLVMInsertIntoBuilder(builder, copy);
        LLVMDisposeBuilder(builder);
        Inst(copy)
    }
}

/// Erases what [`results_in_use`] built: the stores and computations copied, then the
/// network.
pub fn discard_in_use(built: BuiltNetwork, uses: RootUses) {
    for copy in uses.stores {
        erase(copy);
    }
    for copy in uses.computed.into_iter().rev() {
        erase(copy);
    }
    super::lower::discard(built.sequence);
}

/// Whether `stores` (one a root of `wide`, in the order of the roots) write the roots
/// one after another: in one block, root k at the first root's address plus k roots'
/// bytes (through `getelementptr i8` by constants). One store of the roots side by side
/// then writes the same bytes ([`merge_stores`]).
fn stored_side_by_side(wide: &WideShuffle, stores: &[Inst]) -> bool {
    let Some(bits) = wide.element_bits() else {
        return false;
    };
    let root_bytes = (wide.root_lanes() as u64 * u64::from(bits)).div_ceil(8) as i64;
    if bits % 8 != 0 || stores.len() != wide.roots.len() || stores.len() < 2 {
        return false;
    }
    // SAFETY: live stores, read only.
    unsafe {
        let block = LLVMGetInstructionParent(stores[0].raw());
        let (base, first) = super::base_and_offset(store_address(stores[0]).raw());
        stores.iter().enumerate().all(|(k, &store)| {
            let (b, offset) = super::base_and_offset(store_address(store).raw());
            LLVMGetInstructionParent(store.raw()) == block
                && b == base
                && offset == first.wrapping_add(k as i64 * root_bytes)
        })
    }
}

/// The stores of `wide`'s roots (in the order of the roots), each root's only user, and
/// which of them is last in the block, where [`merge_stores`] may merge them: side by
/// side ([`stored_side_by_side`]), with nothing but them between the first and the last
/// that touches memory (the merged store moves the earlier ones past nothing that
/// could see them).
pub fn mergeable_stores(wide: &WideShuffle) -> Option<(Vec<Inst>, usize)> {
    let stores: Vec<Inst> = wide
        .roots
        .iter()
        .map(|&root| only_store_of(root).map(|(store, _)| store))
        .collect::<Option<_>>()?;
    if !stored_side_by_side(wide, &stores) {
        return None;
    }
    let last = last_with_nothing_between(&stores)?;
    let at = stores.iter().position(|&s| s == last)?;
    Some((stores, at))
}

/// The last of `stores` (of one block) in the block, where nothing between the first and
/// the last but they touches memory; `None` otherwise.
fn last_with_nothing_between(stores: &[Inst]) -> Option<Inst> {
    // SAFETY: live instructions of one block, read only.
    unsafe {
        let block = LLVMGetInstructionParent(stores.first()?.raw());
        let mut inst = LLVMGetFirstInstruction(block);
        let mut seen = 0;
        while !inst.is_null() {
            if stores.iter().any(|s| s.raw() == inst) {
                seen += 1;
                if seen == stores.len() {
                    return Some(Inst(inst));
                }
            } else if seen > 0 && super::touches_memory(inst) {
                return None;
            }
            inst = LLVMGetNextInstruction(inst);
        }
        None
    }
}

/// One store of `whole` (the stored values side by side, as [`mergeable_stores`]
/// checks) at the first store's address with its alignment, right before `last`, in
/// place of `stores`, which are erased.
///
/// ```text
/// store <4 x i8> %x0, ptr %d          ; %x0 = lanes 0..3 of %w
/// store <4 x i8> %x1, ptr %d.4        ; %x1 = lanes 4..7 of %w
/// =>  store <8 x i8> %w, ptr %d       ; x86: vmovq, not vmovd and vpextrd
/// ```
pub fn merge_stores(whole: Inst, stores: &[Inst], last: Inst) -> Inst {
    // SAFETY: live simple stores of one block and a value that dominates the last
    // (it is built before the first root); the first store's address dominates its
    // store, which is no later than the last.
    unsafe {
        let builder = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(whole.raw())));
        LLVMPositionBuilderBefore(builder, last.raw());
        let merged = LLVMBuildStore(builder, whole.raw(), store_address(stores[0]).raw());
        LLVMSetAlignment(merged, store_alignment(stores[0]));
        LLVMDisposeBuilder(builder);
        for &store in stores {
            erase(store);
        }
        Inst(merged)
    }
}

/// Erases an instruction nothing reads.
pub fn erase(inst: Inst) {
    // SAFETY: a live instruction without users.
    unsafe { LLVMInstructionEraseFromParent(inst.raw()) }
}

/// Erases instructions built and not used, last first (not a constant an IR builder
/// folded a shuffle of constants to: found suspect by a helper's audit).
fn discard_all(built: &[LLVMValueRef]) {
    // SAFETY: instructions built here, used only by those after them.
    unsafe {
        for &inst in built.iter().rev() {
            if !LLVMIsAInstruction(inst).is_null() {
                LLVMInstructionEraseFromParent(inst);
            }
        }
    }
}

/// TTI's reciprocal-throughput price of `wide`'s shuffles as they are (each root of a
/// group), `None` where TTI has none.
pub fn tti_cost(wide: &WideShuffle, target: &crate::ffi::Target) -> Option<i64> {
    use crate::algebra::mask::Mask;
    use crate::target::{CostKind, ShuffleKind};
    let mut total = 0;
    for root in &wide.roots {
        // SAFETY: a live shufflevector's operands and mask.
        let (source, two, mask) = unsafe {
            let raw = root.raw();
            let b = LLVMGetOperand(raw, 1);
            (
                Type(LLVMTypeOf(LLVMGetOperand(raw, 0))),
                !is_poison(b),
                mask_of(raw),
            )
        };
        let kind = match two {
            true => ShuffleKind::PermuteTwoSrc,
            false => ShuffleKind::PermuteSingleSrc,
        };
        total += target.shuffle_cost(
            kind,
            root.ty(),
            source,
            &Mask::new(mask),
            CostKind::RecipThroughput,
        )?;
    }
    Some(total)
}

/// Whether a leaf of `wide` is a simple load of its block (the backend may fold a group
/// of extracts of it into the load).
pub fn reads_a_load(wide: &WideShuffle) -> bool {
    let inputs = measured_inputs(wide);
    wide.leaves.iter().any(|l| !inputs.contains(l))
}

#[cfg(test)]
mod tests {
    use super::unnamed;

    /// Names go, what is computed stays: opcode, flags, predicate, types, constants.
    #[test]
    fn unnamed_keeps_what_is_computed() {
        assert_eq!(
            unnamed("%z = add nsw <8 x i32> %x0, %e.1, !dbg !12"),
            "% = add nsw <8 x i32> %, %"
        );
        assert_eq!(
            unnamed("%3 = icmp ult <4 x i32> %\"a b\", splat (i32 7)"),
            "% = icmp ult <4 x i32> %, splat (i32 7)"
        );
        assert_ne!(
            unnamed("%z = udiv <8 x i32> %x, splat (i32 7)"),
            unnamed("%z = udiv <8 x i32> %x, splat (i32 8)")
        );
    }
}
