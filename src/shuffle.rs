//! The abstract `shufflevector`: what the pure layers know of one.
//!
//! A [`Shuffle`] is a mask plus what kind of value each operand is. That is all the
//! canonical form (seed 000) needs: poison and zero operands, constant splats, other
//! constants and unknown values behave differently under the operand-order and selector
//! rules. [`Shuffle::lane`] is the reference meaning of a shuffle: where each output lane
//! comes from.

use crate::mask::{Mask, Side};

/// What an operand of a shuffle is, as far as the canonical form cares.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum OperandKind {
    /// Not a constant: an instruction or an argument.
    Variable,
    /// `poison`: every lane is poison.
    Poison,
    /// `undef`: every lane is undef (not poison: it may not be replaced by poison).
    Undef,
    /// `zeroinitializer` (all lanes +0 / null).
    Zero,
    /// A constant with the same, fully defined value in every lane (not zero).
    Splat,
    /// Any other constant vector (may contain poison or undef elements).
    Constant,
}

impl OperandKind {
    /// Poison or undef: a value that carries no information.
    pub fn is_undef_like(self) -> bool {
        matches!(self, OperandKind::Poison | OperandKind::Undef)
    }

    /// A defined constant: zero, a splat or another constant vector.
    pub fn is_constant(self) -> bool {
        matches!(
            self,
            OperandKind::Zero | OperandKind::Splat | OperandKind::Constant
        )
    }

    /// Every lane holds the same defined value.
    pub fn is_splat(self) -> bool {
        matches!(self, OperandKind::Zero | OperandKind::Splat)
    }
}

/// A fixed-width two-operand shuffle: `shufflevector <n x T> a, <n x T> b, mask`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Shuffle {
    pub operands: [OperandKind; 2],
    /// Lanes of each operand (`n`).
    pub source_lanes: usize,
    pub mask: Mask,
}

/// Where one output lane of a shuffle comes from.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Lane {
    Poison,
    /// Lane `lane` of the operand on `side`, whatever its kind.
    Read {
        side: Side,
        lane: usize,
    },
}

impl Shuffle {
    pub fn new(operands: [OperandKind; 2], source_lanes: usize, mask: Mask) -> Shuffle {
        Shuffle {
            operands,
            source_lanes,
            mask,
        }
    }

    pub fn kind(&self, side: Side) -> OperandKind {
        self.operands[side.index()]
    }

    /// Where output lane `i` comes from.
    pub fn lane(&self, i: usize) -> Lane {
        match self.mask.source(i, self.source_lanes) {
            None => Lane::Poison,
            Some((side, lane)) => Lane::Read { side, lane },
        }
    }
}
