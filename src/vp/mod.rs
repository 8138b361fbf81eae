//! Vector-predication intrinsics (`llvm.vp.*`, seed 002): what to do with each call.
//!
//! Every VP operation takes a lane mask and an explicit vector length (EVL). A lane is
//! *active* when its mask bit is set and its index is below EVL. For most operations an
//! inactive lane's result is poison; `vp.merge` takes its false operand there,
//! reductions ignore inactive lanes, and memory operations must not touch them.
//!
//! The operand positions come from LLVM's own table (VPIntrinsics.def, through the
//! shim), so every VP intrinsic is covered by one description. This module decides:
//!
//! * mask all true and EVL full: the plain instruction or intrinsic, on every target
//!   (but a strided access on a target with EVL, whose plain form is a gather);
//! * no active lane (EVL 0 or an all-false mask): poison, the start value of a
//!   reduction, the false operand of `vp.merge`, or nothing at all for a store;
//! * otherwise, on targets without EVL (x86, AArch64): the plain form guarded by the
//!   active lanes (a select before a division, a neutral element before a reduction, a
//!   masked load or store), since LLVM 22's backends cannot select many VP intrinsics
//!   there; on targets with EVL (RISC-V V) the call is kept, a prefix mask turned into
//!   an EVL (the form those targets execute unmasked).
//!
//! [`types`] says which element types each intrinsic is defined on (anything else is
//! left alone); [`selectable`] what LLVM 22's backends cannot select, so that it is
//! never emitted.

pub mod selectable;
pub mod types;

pub use selectable::keep_with_evl;
pub use types::{types_fit, Elem, Elems};

/// The shape of a constant (or not) mask operand.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum MaskShape {
    /// The intrinsic has no mask operand (`vp.merge`, `vp.select`).
    Absent,
    AllTrue,
    AllFalse,
    /// Lanes below `k` true, the rest false (`0 < k < lanes`).
    Prefix(usize),
    /// Another constant, or a value.
    Other,
}

/// The shape of the EVL operand.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum EvlShape {
    /// A constant at or above the lane count.
    Full,
    Zero,
    /// A constant below the lane count.
    Const(usize),
    Variable,
}

/// What an operation does in inactive lanes, which decides how to lower it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum VpKind {
    /// Lane-wise; inactive lanes are poison. `traps`: an integer division, which must
    /// not see the divisor of an inactive lane.
    Lanewise { traps: bool },
    /// Combines the active lanes into the start value.
    Reduction,
    /// Reads memory: inactive lanes are not read. `strided`: at `ptr + i * stride`,
    /// whose plain form is a gather.
    Load { strided: bool },
    /// `vp.load.ff`: a load that also returns how many lanes it read, which is not 0
    /// where EVL is not, even with no active lane (LangRef).
    FirstFaultingLoad,
    /// `experimental.vp.reverse`: lane `i` reads lane `evl - 1 - i`, so EVL says where
    /// each lane comes from, not only which are active.
    Reverse,
    /// Writes memory: inactive lanes are not written. `strided`: as for a load, whose
    /// plain form is a scatter.
    Store { strided: bool },
    /// `vp.merge`: inactive lanes (at or past EVL) take the false operand.
    Merge,
    /// `vp.cttz.elts`: counts within the active lanes.
    CountTrailingZeroElements,
}

/// Which lanes the lowered code must know to be active.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Guard {
    /// Every lane is active.
    None,
    Mask,
    Evl,
    Both,
}

/// The result of a call with no active lane.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Inactive {
    Poison,
    /// A store: the call goes.
    Erase,
    /// A reduction: its start value.
    Start,
    /// `vp.merge`: its false operand.
    FalseOperand,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Plan {
    Keep,
    /// On a target with EVL: a prefix mask of `k` lanes becomes an all-true mask and
    /// EVL `min(evl, k)`. Exact: the same lanes are active.
    PrefixToEvl(usize),
    /// Replace by the plain form, guarded by the active lanes as `Guard` says.
    Lower(Guard),
    NoActiveLane(Inactive),
}

/// The shape of a mask given as constant bits (`None` for poison/undef/unknown).
pub fn mask_shape(bits: Option<&[bool]>) -> MaskShape {
    let Some(bits) = bits else {
        return MaskShape::Other;
    };
    let ones = bits.iter().take_while(|&&b| b).count();
    if bits[ones..].iter().any(|&b| b) {
        MaskShape::Other
    } else if ones == bits.len() {
        MaskShape::AllTrue
    } else if ones == 0 {
        MaskShape::AllFalse
    } else {
        MaskShape::Prefix(ones)
    }
}

/// The shape of an EVL: a constant (`Some`) compared with the lane count.
pub fn evl_shape(constant: Option<u64>, lanes: usize) -> EvlShape {
    match constant {
        None => EvlShape::Variable,
        Some(0) => EvlShape::Zero,
        Some(k) if k >= lanes as u64 => EvlShape::Full,
        Some(k) => EvlShape::Const(k as usize),
    }
}

/// What to do with a VP call. `keep_with_evl`: on a target with EVL, the predicated
/// call can stay (see [`keep_with_evl`]).
pub fn plan(kind: VpKind, mask: MaskShape, evl: EvlShape, keep_with_evl: bool) -> Plan {
    if evl == EvlShape::Zero || mask == MaskShape::AllFalse {
        let inactive = match kind {
            VpKind::Store { .. } => Inactive::Erase,
            VpKind::Reduction => Inactive::Start,
            VpKind::Merge => Inactive::FalseOperand,
            VpKind::Lanewise { .. } | VpKind::Load { .. } | VpKind::Reverse => Inactive::Poison,
            // The count is 0 (for `vp.load.ff`: 0 where EVL is, else at least 1, a
            // helper's hunt found it poison): lowered like any other (the guard makes it
            // so).
            VpKind::CountTrailingZeroElements | VpKind::FirstFaultingLoad => {
                return Plan::Lower(Guard::Both)
            }
        };
        return Plan::NoActiveLane(inactive);
    }
    let by_mask = !matches!(mask, MaskShape::Absent | MaskShape::AllTrue);
    let by_evl = evl != EvlShape::Full;
    let guard = match (by_mask, by_evl) {
        (false, false) => Guard::None,
        (true, false) => Guard::Mask,
        (false, true) => Guard::Evl,
        (true, true) => Guard::Both,
    };
    // A prefix mask becomes an EVL only where EVL does nothing but make lanes inactive:
    // not where it says where lanes come from (`vp.reverse`) or is the result
    // (`vp.cttz.elts` returns EVL where no active lane is non-zero; a helper's hunt
    // found both wrong on RISC-V V).
    let evl_only_guards = !matches!(kind, VpKind::Reverse | VpKind::CountTrailingZeroElements);
    // A strided access's plain form is a gather or scatter, which RISC-V V does lane by
    // lane (sifive-x280: 8 lanes of `i32`, 90 instructions) where `vlse`/`vsse` is one
    // (a helper's hunt): kept even with every lane active.
    let strided = matches!(
        kind,
        VpKind::Load { strided: true } | VpKind::Store { strided: true }
    );
    match mask {
        _ if guard == Guard::None && strided && keep_with_evl => Plan::Keep,
        _ if guard == Guard::None || !keep_with_evl => Plan::Lower(guard),
        MaskShape::Prefix(k) if evl_only_guards => Plan::PrefixToEvl(k),
        _ => Plan::Keep,
    }
}

/// A reduction's neutral element and how the start value joins the result.
#[derive(Copy, Clone, PartialEq, Debug)]
pub enum Neutral {
    /// An integer: 0, 1, all ones, the smallest or the largest signed value.
    Zero,
    One,
    AllOnes,
    SignedMin,
    SignedMax,
    /// A float.
    Float(f64),
}

/// How the start value of a reduction is combined with the reduced vector.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Join {
    /// The reduction intrinsic takes the start value itself (ordered fadd/fmul).
    Inside,
    /// An instruction (`add`, `mul`, `and`, `or`, `xor`).
    Opcode(&'static str),
    /// A binary intrinsic (`llvm.smax`, `llvm.maxnum`, ...).
    Intrinsic(&'static str),
}

/// The neutral element and the join of `llvm.vp.reduce.<op>`. For `fmax`/`fmin`
/// (maxnum semantics) a quiet NaN is neutral; -0.0 is neutral for `fadd`.
pub fn reduction(op: &str) -> Option<(Neutral, Join)> {
    Some(match op {
        "add" => (Neutral::Zero, Join::Opcode("add")),
        "mul" => (Neutral::One, Join::Opcode("mul")),
        "and" => (Neutral::AllOnes, Join::Opcode("and")),
        "or" => (Neutral::Zero, Join::Opcode("or")),
        "xor" => (Neutral::Zero, Join::Opcode("xor")),
        "smax" => (Neutral::SignedMin, Join::Intrinsic("llvm.smax")),
        "smin" => (Neutral::SignedMax, Join::Intrinsic("llvm.smin")),
        "umax" => (Neutral::Zero, Join::Intrinsic("llvm.umax")),
        "umin" => (Neutral::AllOnes, Join::Intrinsic("llvm.umin")),
        "fadd" => (Neutral::Float(-0.0), Join::Inside),
        "fmul" => (Neutral::Float(1.0), Join::Inside),
        "fmax" => (Neutral::Float(f64::NAN), Join::Intrinsic("llvm.maxnum")),
        "fmin" => (Neutral::Float(f64::NAN), Join::Intrinsic("llvm.minnum")),
        "fmaximum" => (
            Neutral::Float(f64::NEG_INFINITY),
            Join::Intrinsic("llvm.maximum"),
        ),
        "fminimum" => (
            Neutral::Float(f64::INFINITY),
            Join::Intrinsic("llvm.minimum"),
        ),
        _ => return None,
    })
}

/// The kind of a VP intrinsic, from its name (`llvm.vp.add`) and LLVM's table.
pub fn kind(name: &str, functional_opcode: &str, is_reduction: bool, writes: bool) -> VpKind {
    if is_reduction {
        VpKind::Reduction
    } else if name == "llvm.vp.merge" {
        VpKind::Merge
    } else if name == "llvm.vp.cttz.elts" {
        VpKind::CountTrailingZeroElements
    } else if name == "llvm.vp.load.ff" {
        VpKind::FirstFaultingLoad
    } else if name == "llvm.experimental.vp.reverse" {
        VpKind::Reverse
    } else if writes {
        VpKind::Store {
            strided: name == "llvm.experimental.vp.strided.store",
        }
    } else if matches!(
        name,
        "llvm.vp.load" | "llvm.vp.gather" | "llvm.experimental.vp.strided.load"
    ) {
        VpKind::Load {
            strided: name == "llvm.experimental.vp.strided.load",
        }
    } else {
        VpKind::Lanewise {
            traps: matches!(functional_opcode, "udiv" | "sdiv" | "urem" | "srem"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        assert_eq!(mask_shape(Some(&[true; 4])), MaskShape::AllTrue);
        assert_eq!(mask_shape(Some(&[false; 4])), MaskShape::AllFalse);
        assert_eq!(
            mask_shape(Some(&[true, true, false, false])),
            MaskShape::Prefix(2)
        );
        assert_eq!(
            mask_shape(Some(&[true, false, true, false])),
            MaskShape::Other
        );
        assert_eq!(mask_shape(None), MaskShape::Other);
        assert_eq!(evl_shape(Some(8), 8), EvlShape::Full);
        assert_eq!(evl_shape(Some(100), 8), EvlShape::Full);
        assert_eq!(evl_shape(Some(3), 8), EvlShape::Const(3));
        assert_eq!(evl_shape(Some(0), 8), EvlShape::Zero);
        assert_eq!(evl_shape(None, 8), EvlShape::Variable);
    }

    #[test]
    fn plans() {
        let add = VpKind::Lanewise { traps: false };
        // All true, full: plain everywhere.
        for evl_target in [false, true] {
            assert_eq!(
                plan(add, MaskShape::AllTrue, EvlShape::Full, evl_target),
                Plan::Lower(Guard::None)
            );
        }
        // Predicated: folded without EVL, kept with it.
        assert_eq!(
            plan(add, MaskShape::Other, EvlShape::Variable, false),
            Plan::Lower(Guard::Both)
        );
        assert_eq!(
            plan(add, MaskShape::Other, EvlShape::Variable, true),
            Plan::Keep
        );
        assert_eq!(
            plan(add, MaskShape::Prefix(3), EvlShape::Variable, true),
            Plan::PrefixToEvl(3)
        );
        assert_eq!(
            plan(add, MaskShape::Absent, EvlShape::Const(3), false),
            Plan::Lower(Guard::Evl)
        );
        // No active lane.
        assert_eq!(
            plan(
                VpKind::Store { strided: false },
                MaskShape::Other,
                EvlShape::Zero,
                true
            ),
            Plan::NoActiveLane(Inactive::Erase)
        );
        assert_eq!(
            plan(
                VpKind::Reduction,
                MaskShape::AllFalse,
                EvlShape::Variable,
                false
            ),
            Plan::NoActiveLane(Inactive::Start)
        );
        assert_eq!(
            plan(VpKind::Merge, MaskShape::Absent, EvlShape::Zero, false),
            Plan::NoActiveLane(Inactive::FalseOperand)
        );
        // vp.load.ff returns a count even with no active lane: lowered, never poison.
        for (mask, evl) in [
            (MaskShape::AllFalse, EvlShape::Variable),
            (MaskShape::Other, EvlShape::Zero),
        ] {
            for keep in [false, true] {
                assert_eq!(
                    plan(VpKind::FirstFaultingLoad, mask, evl, keep),
                    Plan::Lower(Guard::Both)
                );
            }
        }
        // A prefix mask stays a mask where EVL is more than a guard.
        for kind in [VpKind::Reverse, VpKind::CountTrailingZeroElements] {
            assert_eq!(
                plan(kind, MaskShape::Prefix(3), EvlShape::Variable, true),
                Plan::Keep
            );
        }
        assert_eq!(
            plan(
                VpKind::FirstFaultingLoad,
                MaskShape::Prefix(3),
                EvlShape::Variable,
                true
            ),
            Plan::PrefixToEvl(3)
        );
    }

    #[test]
    fn kinds() {
        assert_eq!(
            kind("llvm.vp.udiv", "udiv", false, false),
            VpKind::Lanewise { traps: true }
        );
        assert_eq!(
            kind("llvm.vp.fdiv", "fdiv", false, false),
            VpKind::Lanewise { traps: false }
        );
        assert_eq!(
            kind("llvm.vp.reduce.add", "", true, false),
            VpKind::Reduction
        );
        assert_eq!(
            kind("llvm.vp.store", "store", false, true),
            VpKind::Store { strided: false }
        );
        assert_eq!(
            kind("llvm.vp.load", "load", false, false),
            VpKind::Load { strided: false }
        );
        let strided = kind("llvm.experimental.vp.strided.load", "", false, false);
        assert_eq!(strided, VpKind::Load { strided: true });
        // All lanes active: plain (a gather) without EVL, kept with it.
        let (all, full) = (MaskShape::AllTrue, EvlShape::Full);
        assert_eq!(plan(strided, all, full, false), Plan::Lower(Guard::None));
        assert_eq!(plan(strided, all, full, true), Plan::Keep);
        let store = kind("llvm.experimental.vp.strided.store", "", false, true);
        assert_eq!(plan(store, all, full, true), Plan::Keep);
        assert_eq!(
            kind("llvm.vp.load.ff", "", false, false),
            VpKind::FirstFaultingLoad
        );
        assert_eq!(
            kind("llvm.experimental.vp.reverse", "", false, false),
            VpKind::Reverse
        );
    }

    #[test]
    fn neutral_elements() {
        assert_eq!(reduction("add"), Some((Neutral::Zero, Join::Opcode("add"))));
        assert!(matches!(reduction("fmax"), Some((Neutral::Float(x), _)) if x.is_nan()));
        assert_eq!(reduction("nonsense"), None);
    }
}
