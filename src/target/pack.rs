//! Narrowing instructions described as data: x86's saturating packs and the
//! cross-lane permutes that put their lanes in order.
//!
//! A pack takes two registers of `from`-bit integers and gives one register of
//! `from / 2`-bit integers, each 128-bit lane holding the first operand's elements of
//! that lane, then the second's (`packusdw`, `packuswb`); values outside the narrow
//! unsigned range saturate. [`Pack::lanes`] is that data movement as a mask, the way
//! [`super::insn`] describes reordering instructions; `crate::lower::narrow` composes
//! packs from it and never matches an instruction by name.

/// One unsigned saturating pack at one register width.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Pack {
    pub name: &'static str,
    /// Element width of the operands; the result's elements are half as wide.
    pub from_bits: u32,
    pub register_bits: u32,
    /// The x86 feature that introduced this form (LLVM's name).
    pub feature: &'static str,
    /// The target intrinsic that `llc` selects as exactly this instruction.
    pub intrinsic: &'static str,
}

impl Pack {
    /// Elements of one operand.
    pub fn elements(&self) -> usize {
        (self.register_bits / self.from_bits) as usize
    }

    /// Where each result element comes from: element `j` of the concatenated operands
    /// (`0..elements()` the first, then the second), narrowed with saturation.
    pub fn lanes(&self) -> Vec<usize> {
        let per_lane = (128 / self.from_bits) as usize;
        let n = self.elements();
        let mut lanes = Vec::with_capacity(2 * n);
        for lane in 0..(self.register_bits / 128) as usize {
            for operand in 0..2 {
                lanes.extend((0..per_lane).map(|e| operand * n + lane * per_lane + e));
            }
        }
        lanes
    }
}

/// A permute of whole elements across the register: by an immediate (emitted as a
/// `shufflevector`, which `llc` selects as it) or by an index vector (an intrinsic).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Permute {
    pub name: &'static str,
    pub element_bits: u32,
    pub register_bits: u32,
    pub feature: &'static str,
    /// `None`: a `shufflevector` of `element_bits` elements.
    pub intrinsic: Option<&'static str>,
    /// Its mnemonics (`llc` may pick the floating-point domain's twin).
    pub asm: &'static [&'static str],
}

pub const PACKS: &[Pack] = &[
    Pack {
        name: "packuswb",
        from_bits: 16,
        register_bits: 128,
        feature: "sse2",
        intrinsic: "llvm.x86.sse2.packuswb.128",
    },
    Pack {
        name: "packusdw",
        from_bits: 32,
        register_bits: 128,
        feature: "sse4.1",
        intrinsic: "llvm.x86.sse41.packusdw",
    },
    Pack {
        name: "vpackuswb",
        from_bits: 16,
        register_bits: 256,
        feature: "avx2",
        intrinsic: "llvm.x86.avx2.packuswb",
    },
    Pack {
        name: "vpackusdw",
        from_bits: 32,
        register_bits: 256,
        feature: "avx2",
        intrinsic: "llvm.x86.avx2.packusdw",
    },
];

/// Cheapest first: an immediate needs no index vector.
pub const PERMUTES: &[Permute] = &[
    Permute {
        name: "vpermq",
        element_bits: 64,
        register_bits: 256,
        feature: "avx2",
        intrinsic: None,
        asm: &["vpermq", "vpermpd"],
    },
    Permute {
        name: "vpermd",
        element_bits: 32,
        register_bits: 256,
        feature: "avx2",
        intrinsic: Some("llvm.x86.avx2.permd"),
        asm: &["vpermd", "vpermps"],
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_keep_128_bit_lanes() {
        let find = |name| PACKS.iter().find(|p| p.name == name).unwrap();
        // packusdw xmm: a0..a3, b0..b3.
        assert_eq!(find("packusdw").lanes(), [0, 1, 2, 3, 4, 5, 6, 7]);
        // vpackusdw ymm: a0..a3, b0..b3 | a4..a7, b4..b7.
        assert_eq!(
            find("vpackusdw").lanes(),
            [0, 1, 2, 3, 8, 9, 10, 11, 4, 5, 6, 7, 12, 13, 14, 15]
        );
        for pack in PACKS {
            let mut seen = pack.lanes();
            seen.sort();
            assert_eq!(seen, (0..2 * pack.elements()).collect::<Vec<_>>());
        }
    }
}
