//! What LLVM 22's backends cannot select, so that the plugin never emits it.
//!
//! Every entry here was found by `tests/vp_compile.rs`, which compiles each VP intrinsic
//! with every element type and lane count on four targets; TTI does not know these
//! gaps (it calls them legal).

use super::types::{Elem, Elems};

/// VP intrinsics that targets with EVL cannot select whatever the types (LLVM 22 on
/// RISC-V V: "Do not know how to promote" for `vp.frem`, "Cannot select" for the ordered
/// `vp.reduce.fmul`).
const UNSELECTABLE_WITH_EVL: &[&str] = &["llvm.vp.frem", "llvm.vp.reduce.fmul"];

/// VP intrinsics that targets with EVL cannot widen to a power-of-two lane count
/// (RISC-V V: "Do not know how to widen the result of this operator" at 3 lanes).
const POWER_OF_TWO_LANES_WITH_EVL: &[&str] = &[
    "llvm.experimental.vp.reverse",
    "llvm.experimental.vp.splice",
    "llvm.vp.is.fpclass",
];

/// Whether a target with EVL can select the predicated call as it is; if not, it is
/// lowered to plain IR as on targets without EVL.
pub fn keep_with_evl(name: &str, lanes: usize, elems: Elems) -> bool {
    if UNSELECTABLE_WITH_EVL.contains(&name) {
        return false;
    }
    if POWER_OF_TWO_LANES_WITH_EVL.contains(&name) && !lanes.is_power_of_two() {
        return false;
    }
    if matches!(name, "llvm.vp.lrint" | "llvm.vp.llrint") {
        return round_to_int(elems).is_some_and(|r| r.adjust == Adjust::None);
    }
    true
}

/// How `lrint`/`llrint` of a given result width is computed.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct RoundToInt {
    /// The integer width the rounding is done at: 32 (as `llvm.lrint`) or 64 (as
    /// `llvm.llrint`).
    pub bits: u32,
    /// How that result becomes the requested width.
    pub adjust: Adjust,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Adjust {
    None,
    Truncate,
    SignExtend,
}

/// The width `lrint`/`llrint` from `elems.operand` to `elems.result` is computed at.
///
/// Backends select the rounding at 32 and 64 bits only, and not every pair of those:
/// x86 cannot select `llrint` to i8, i16 or i32 ("Cannot select: i32 = llrint"), nor
/// `lrint` to i8 or i16; RISC-V V neither rounds to i8, nor double to i16, nor half to
/// i64; AArch64 cannot round `<2 x half>` with `llrint` to i32. So results narrower than
/// 32 bits round at 32 and truncate, 32-bit results use `llvm.lrint`, 64-bit ones
/// `llvm.llrint`, and half rounds at 32 bits and sign-extends to 64 (every finite half
/// is below 2^16 in magnitude).
///
/// Exact: a value that fits the result fits the wider integer, so truncating it keeps
/// it; a value that does not fit the result gives an unspecified value (LangRef: "a
/// non-deterministic value"), which any truncated or extended integer refines.
pub fn round_to_int(elems: Elems) -> Option<RoundToInt> {
    let (Elem::Int(result), Elem::Float(float)) = (elems.result, elems.operand) else {
        return None;
    };
    let (bits, adjust) = match result {
        64 if float == 16 => (32, Adjust::SignExtend),
        64 => (64, Adjust::None),
        32 => (32, Adjust::None),
        r if r < 32 => (32, Adjust::Truncate),
        _ => return None,
    };
    Some(RoundToInt { bits, adjust })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(result: u32, float: u32) -> Option<RoundToInt> {
        round_to_int(Elems {
            result: Elem::Int(result),
            operand: Elem::Float(float),
        })
    }

    #[test]
    fn rounding_widths() {
        for float in [16, 32, 64] {
            for result in [1, 8, 16] {
                assert_eq!(round(result, float).unwrap().adjust, Adjust::Truncate);
                assert_eq!(round(result, float).unwrap().bits, 32);
            }
            assert_eq!(round(32, float).unwrap().adjust, Adjust::None);
            assert_eq!(round(128, float), None);
        }
        assert_eq!(round(64, 16).unwrap().adjust, Adjust::SignExtend);
        assert_eq!(round(64, 64).unwrap().bits, 64);
        assert_eq!(round(64, 32).unwrap().adjust, Adjust::None);
    }

    #[test]
    fn widened_rounding_is_not_kept_with_evl() {
        let e = |result, float| Elems {
            result: Elem::Int(result),
            operand: Elem::Float(float),
        };
        assert!(keep_with_evl("llvm.vp.lrint", 8, e(32, 32)));
        assert!(!keep_with_evl("llvm.vp.llrint", 8, e(8, 32)));
        assert!(!keep_with_evl("llvm.vp.lrint", 8, e(64, 16)));
    }

    #[test]
    fn lane_counts_with_evl() {
        let e = Elems {
            result: Elem::Int(32),
            operand: Elem::Int(32),
        };
        assert!(keep_with_evl("llvm.experimental.vp.reverse", 8, e));
        assert!(!keep_with_evl("llvm.experimental.vp.reverse", 3, e));
        assert!(keep_with_evl("llvm.vp.add", 3, e));
        assert!(!keep_with_evl("llvm.vp.frem", 8, e));
    }
}
