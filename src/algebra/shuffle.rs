//! The abstract `shufflevector`: what the pure layers know of one.
//!
//! A [`Shuffle`] is a mask plus what kind of value each operand is. That is all the
//! canonical form (seed 000) needs: poison and zero operands, constant splats, other
//! constants and unknown values behave differently under the operand-order and selector
//! rules. [`Shuffle::lane`] is the reference meaning of a shuffle: where each output lane
//! comes from.

use crate::algebra::mask::{Mask, Side};

/// What an operand of a shuffle is, as far as the canonical form cares.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum OperandKind {
    /// Not a constant: an instruction or an argument.
    Variable,
    /// `poison`: every lane is poison.
    Poison,
    /// `undef`: every lane is undef (not poison: it may not be replaced by poison).
    Undef,
    /// A constant whose elements are all +0 / null, except poison ones
    /// (`zeroinitializer`, or `<i32 poison, i32 0, i32 0, i32 poison>`).
    Zero,
    /// A constant whose elements all hold one defined non-zero value, except poison ones.
    Splat,
    /// Any other constant vector (undef elements included: undef is not poison).
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
    /// For constant operands: the lanes whose element is `poison`, in increasing order.
    pub poison_elements: [Vec<usize>; 2],
}

/// What one output lane of a shuffle must hold ([`Shuffle::held`]).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Held {
    /// Anything: a poison lane of the mask, or of the operand it reads.
    Any,
    /// Zero: a lane of a zero operand.
    Zero,
    /// Lane `m` of the operands side by side.
    Lane(usize),
}

/// Where one output lane of a shuffle comes from.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Lane {
    Poison,
    /// Lane `lane` of the operand on `side`, whatever its kind (it may be a poison
    /// element: see [`Shuffle::is_poison_element`]).
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
            poison_elements: [Vec::new(), Vec::new()],
        }
    }

    /// The same shuffle, where the constant operand on `side` has poison `elements`.
    pub fn with_poison_elements(mut self, side: Side, elements: Vec<usize>) -> Shuffle {
        self.poison_elements[side.index()] = elements;
        self
    }

    /// Whether lane `lane` of the operand on `side` is poison (a poison operand, or a
    /// poison element of a constant).
    pub fn is_poison_element(&self, side: Side, lane: usize) -> bool {
        self.kind(side) == OperandKind::Poison
            || self.poison_elements[side.index()]
                .binary_search(&lane)
                .is_ok()
    }

    pub fn kind(&self, side: Side) -> OperandKind {
        self.operands[side.index()]
    }

    /// What output lane `i` must hold: anything where it or what it reads is poison,
    /// zero where it reads a zero operand, else its lane of the operands side by side
    /// (of an `undef` operand too: `undef` may become any value but not poison, which
    /// a lane free to hold anything may be).
    pub fn held(&self, i: usize) -> Held {
        match self.mask.source(i, self.source_lanes) {
            None => Held::Any,
            Some((side, lane)) => {
                let kind = self.kind(side);
                if kind == OperandKind::Poison || self.is_poison_element(side, lane) {
                    Held::Any
                } else if kind == OperandKind::Zero {
                    Held::Zero
                } else {
                    Held::Lane(side.index() * self.source_lanes + lane)
                }
            }
        }
    }

    /// Where output lane `i` comes from.
    pub fn lane(&self, i: usize) -> Lane {
        match self.mask.source(i, self.source_lanes) {
            None => Lane::Poison,
            Some((side, lane)) => Lane::Read { side, lane },
        }
    }
}
