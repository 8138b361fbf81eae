//! Chains of shufflevectors through bitcasts, read from the IR as one byte mask over
//! their leaves (`crate::lower::chain`), and the composed shuffle built in their place.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use super::lower::{BuiltSequence, Value};
use super::{build_shuffle, is, mask_of, single_use, Function, Inst, Type};
use crate::lower::chain::{self, Byte};

/// A chain: its last shuffle, its leaves (one or two values of one size), and where each
/// byte of the result comes from.
#[derive(Clone, Debug)]
pub struct ShuffleChain {
    pub root: Inst,
    pub leaves: Vec<Value>,
    pub leaf_bytes: usize,
    pub bytes: Vec<Byte>,
    /// The shuffles and bitcasts below the root, read only by the chain.
    pub parts: Vec<Inst>,
    pub shuffles: usize,
    pub bitcasts: usize,
    /// Each link (its type and mask) and each leaf, in the order read: equal for two
    /// chains only if they are the same computation (for remembering measurements).
    pub signature: String,
}

/// Bytes of the elements of a fixed vector type, if whole.
fn lane_bytes(ty: Type) -> Option<usize> {
    let bits = ty.fixed_lanes().and(ty.element_bits())?;
    (bits % 8 == 0).then_some(bits as usize / 8)
}

/// Every chain of `func` of two shuffles or more with a bitcast between (InstCombine
/// composes those without one), on a little-endian target.
pub fn shuffle_chains(func: Function) -> Vec<ShuffleChain> {
    let mut out = Vec::new();
    for inst in func.instructions() {
        if !inst.is_shuffle() {
            continue;
        }
        // SAFETY: live instructions, read only.
        unsafe {
            // A root: nothing in a chain reads it.
            let mut u = LLVMGetFirstUse(inst.raw());
            let mut feeds_chain = false;
            while !u.is_null() {
                let user = LLVMGetUser(u);
                feeds_chain |= is(user, LLVMOpcode::LLVMShuffleVector);
                u = LLVMGetNextUse(u);
            }
            if feeds_chain {
                continue;
            }
            let mut chain = ShuffleChain {
                root: inst,
                leaves: Vec::new(),
                leaf_bytes: 0,
                bytes: Vec::new(),
                parts: Vec::new(),
                shuffles: 0,
                bitcasts: 0,
                signature: String::new(),
            };
            if let Some(bytes) = bytes_of(inst.raw(), true, &mut chain) {
                chain.bytes = bytes;
                if chain.shuffles >= 2 && chain.bitcasts >= 1 {
                    out.push(chain);
                }
            }
        }
    }
    // A shuffle read through bitcasts by another chain is a link of that chain, not a
    // root of its own: chains do not overlap (each is rewritten and erased alone).
    let links: std::collections::HashSet<Inst> = out.iter().flat_map(|c| c.parts.clone()).collect();
    out.retain(|c| !links.contains(&c.root));
    out
}

/// The bytes of `v` as the chain sees them; `None` where the chain cannot be read (a
/// constant operand, more than two leaves, leaves of different sizes, lanes of less than
/// a byte).
unsafe fn bytes_of(v: LLVMValueRef, root: bool, chain: &mut ShuffleChain) -> Option<Vec<Byte>> {
    bytes_at(v, root, chain, 0)
}

/// Links a chain follows down from its root, at most; below, a value is a leaf. Chains
/// as long as the function recursed once a link (100,000 single-use shuffles overflowed
/// the host compiler's stack) and were walked again from every link read through a
/// bitcast, each a root of its own (2,000 such links: 15 s).
const MAX_LINKS: usize = 32;

/// [`bytes_of`] `depth` links below the root.
unsafe fn bytes_at(
    v: LLVMValueRef,
    root: bool,
    chain: &mut ShuffleChain,
    depth: usize,
) -> Option<Vec<Byte>> {
    let own = (root || single_use(v)) && depth < MAX_LINKS;
    if is(v, LLVMOpcode::LLVMShuffleVector) && own {
        let p = LLVMGetOperand(v, 0);
        let q = LLVMGetOperand(v, 1);
        let w = lane_bytes(Type(LLVMTypeOf(p)))?;
        let mask = mask_of(v);
        let pb = bytes_at(p, false, chain, depth + 1)?;
        // (An `undef` operand is a constant leaf, which ends the chain: its lanes are
        // `undef`, not the poison lanes of a composed mask.)
        let qb = if super::is_poison(q) {
            None
        } else if p == q {
            Some(pb.clone())
        } else {
            Some(bytes_at(q, false, chain, depth + 1)?)
        };
        chain.shuffles += 1;
        chain.signature += &format!("s{}{mask:?}{};", Type(LLVMTypeOf(p)), qb.is_some());
        if !root {
            chain.parts.push(Inst(v));
        }
        return Some(chain::shuffle(&pb, qb.as_deref(), &mask, w));
    }
    if is(v, LLVMOpcode::LLVMBitCast) && own && !root {
        let from = LLVMGetOperand(v, 0);
        let (a, b) = (Type(LLVMTypeOf(from)), Type(LLVMTypeOf(v)));
        if lane_bytes(a).is_some() && lane_bytes(b).is_some() {
            chain.bitcasts += 1;
            chain.signature += &format!("b{b};");
            chain.parts.push(Inst(v));
            return bytes_at(from, false, chain, depth + 1);
        }
    }
    // A leaf: a variable vector of whole bytes.
    if LLVMIsConstant(v) != 0 {
        return None;
    }
    let ty = Type(LLVMTypeOf(v));
    let bytes = ty.fixed_lanes()? as usize * lane_bytes(ty)?;
    let id = match chain.leaves.iter().position(|l| l.raw() == v) {
        Some(id) => id,
        None => {
            if chain.leaves.len() == 2 || (!chain.leaves.is_empty() && bytes != chain.leaf_bytes) {
                return None;
            }
            chain.leaf_bytes = bytes;
            chain.leaves.push(Value::from_raw(v));
            chain.leaves.len() - 1
        }
    };
    chain.signature += &format!("l{id}{ty};");
    Some(chain::leaf(id, bytes))
}

/// Builds the composed shuffle (lanes of `lane_bytes`, `mask` over the leaves'
/// concatenation) right before the chain's root.
pub fn build_composed(c: &ShuffleChain, lane_bytes: usize, mask: &[i32]) -> Option<BuiltSequence> {
    // SAFETY: the chain's leaves and root are live; built right before the root, which
    // every leaf dominates.
    unsafe {
        let root = c.root.raw();
        let ctx = LLVMGetTypeContext(LLVMTypeOf(root));
        let lane = LLVMIntTypeInContext(ctx, 8 * lane_bytes as u32);
        let ty = LLVMVectorType(lane, (c.leaf_bytes / lane_bytes) as u32);
        let builder = LLVMCreateBuilderInContext(ctx);
        LLVMPositionBuilderBefore(builder, root);
        let mut built = Vec::new();
        let cast = |v: LLVMValueRef, to: LLVMTypeRef, built: &mut Vec<LLVMValueRef>| {
            if LLVMTypeOf(v) == to {
                return v;
            }
            let c = LLVMBuildBitCast(builder, v, to, c"".as_ptr());
            if !LLVMIsAInstruction(c).is_null() {
                built.push(c);
            }
            c
        };
        // A leaf read in lanes wider than its elements is frozen first: a poison element
        // would make its whole wide lane poison, and so the defined elements beside it
        // that the chain moved one by one (a helper's hunt: a byte shuffle of a leaf
        // composed into `i64` lanes poisoned seven defined bytes beside a poison one).
        let leaf = |l: &super::lower::Value, built: &mut Vec<LLVMValueRef>| {
            let v = l.raw();
            let narrower = super::Type(LLVMTypeOf(v))
                .element_bits()
                .map_or(true, |bits| bits < 8 * lane_bytes as u32);
            let v = match narrower && !super::is_poison(v) {
                true => {
                    let frozen = LLVMBuildFreeze(builder, v, c"".as_ptr());
                    built.push(frozen);
                    frozen
                }
                false => v,
            };
            cast(v, ty, built)
        };
        let a = leaf(&c.leaves[0], &mut built);
        let b = match c.leaves.get(1) {
            Some(l) => leaf(l, &mut built),
            None => LLVMGetPoison(ty),
        };
        let s = build_shuffle(builder, a, Some(b), mask);
        built.push(s);
        let result = cast(s, LLVMTypeOf(root), &mut built);
        LLVMDisposeBuilder(builder);
        Some(BuiltSequence::new(Inst(result), built))
    }
}

/// Replaces the chain by `built` and erases its parts nothing else reads.
pub fn replace_chain(c: &ShuffleChain, built: BuiltSequence) {
    super::lower::replace_with(c.root, built);
    super::erase_unused(&c.parts);
}
