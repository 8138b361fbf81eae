//! Reordering instructions described as data, the way LLVM's `X86ShuffleDecode.cpp`
//! describes them: each instruction is the lanes it produces, as a function of its
//! immediate. Nothing here matches masks; the search (`crate::lower::search`) and the
//! tests use the descriptions.
//!
//! This first table covers the instructions on four 32-bit lanes (one 128-bit register)
//! of x86 (SSE2 to AVX-512) and AArch64 NEON: the domain of the optimum sweep
//! (`scripts/optimum.py`). `tests/insn_llc.rs` checks every description against `llc`:
//! the `shufflevector` of its mask compiles to that one instruction.

use super::Arch;

/// Where an output lane comes from: lane `i` of the concatenated operands (`0..4` the
/// first, `4..8` the second), or zero.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Src {
    Lane(u8),
    Zero,
}

/// How the lanes of an instruction are given.
#[derive(Copy, Clone)]
pub enum Lanes {
    /// Fixed by the immediate: output lane `i` for immediate `imm` (`0..imms`).
    Imm {
        imms: u16,
        lane: fn(imm: u16, i: usize) -> Src,
    },
    /// Any permutation of its operands (with zero lanes if `zero`), chosen by a control
    /// vector loaded from the constant pool.
    Table { zero: bool },
}

/// How shuf would emit an instruction so that `llc` selects exactly it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Emit {
    /// A `shufflevector` of its lanes.
    Shuffle,
    /// The target intrinsic of that name (`llc` picks another sequence for the
    /// `shufflevector`: `insertps` on integers, `pshufb` with zero lanes).
    Intrinsic(&'static str),
}

/// One reordering instruction on four 32-bit lanes.
#[derive(Copy, Clone)]
pub struct Insn {
    pub name: &'static str,
    pub arch: Arch,
    /// The feature that introduced it (LLVM's name: `sse2`, `ssse3`, `sse4.1`, `avx`,
    /// `avx512f`, `neon`).
    pub feature: &'static str,
    /// 1 or 2 register operands.
    pub operands: u8,
    /// The operand whose register the result overwrites (two-address forms: SSE's,
    /// NEON's `ins`), if any; where that operand is still needed, or the result must be
    /// elsewhere, the register allocator adds a copy. x86's VEX forms (AVX) write a
    /// third register: see [`Insn::tied_operand`].
    pub tied: Option<u8>,
    pub lanes: Lanes,
    /// Instructions `llc` emits for it: 1, plus the constant-pool load of a table's
    /// control vector where the target does not fold it into the instruction.
    pub cost: u32,
    /// Mnemonics `llc` may print for it (the same lanes, another encoding).
    pub asm: &'static [&'static str],
    pub emit: Emit,
}

impl Insn {
    /// The lanes for immediate `imm` (fixed instructions only).
    /// The lanes for immediate `imm`. A table instruction's immediate is its lanes
    /// ([`table_imm`]); `None` for lanes it cannot give (a second operand it does not
    /// have, a zero lane it cannot make).
    pub fn produce(&self, imm: u16) -> Option<[Src; 4]> {
        match self.lanes {
            Lanes::Imm { imms, lane } if imm < imms => {
                Some([lane(imm, 0), lane(imm, 1), lane(imm, 2), lane(imm, 3)])
            }
            Lanes::Imm { .. } => None,
            Lanes::Table { zero } => {
                let lanes: [Src; 4] =
                    std::array::from_fn(|i| match imm / 9u16.pow(3 - i as u32) % 9 {
                        8 => Src::Zero,
                        l => Src::Lane(l as u8),
                    });
                let fits = lanes.iter().all(|&s| match s {
                    Src::Zero => zero,
                    Src::Lane(l) => l < 4 * self.operands,
                });
                (imm < 9u16.pow(4) && fits).then_some(lanes)
            }
        }
    }

    /// The operand the result overwrites at the target's feature `level` (as for
    /// [`available`]): with AVX, the SSE instructions have VEX forms that do not.
    pub fn tied_operand(&self, level: &str) -> Option<u8> {
        let vex = self.arch == Arch::X86_64
            && x86_rank(self.feature) < x86_rank("avx")
            && x86_rank(level) >= x86_rank("avx");
        if vex {
            None
        } else {
            self.tied
        }
    }

    /// The part of its cost that loads a table's index vector from the constant pool:
    /// a loop hoists it (`pshufb` folds it into the instruction).
    pub fn index_load(&self) -> u32 {
        match self.lanes {
            Lanes::Table { .. } => self.cost.saturating_sub(1),
            Lanes::Imm { .. } => 0,
        }
    }

    /// Every immediate (one for an instruction without).
    pub fn imms(&self) -> u16 {
        match self.lanes {
            Lanes::Imm { imms, .. } => imms,
            Lanes::Table { .. } => 0,
        }
    }
}

fn a(i: u16) -> Src {
    Src::Lane(i as u8)
}
fn b(i: u16) -> Src {
    Src::Lane(4 + i as u8)
}
/// Two bits of `imm` at `at`.
fn field(imm: u16, at: usize) -> u16 {
    imm >> (2 * at) & 3
}

/// Lanes several instructions produce (each named for what it does, as in LLVM's
/// `X86ShuffleDecode.cpp`): x86 and AArch64 share them.
/// `a0 b0 a1 b1`: punpckldq / unpcklps, zip1.
const INTERLEAVE_LOW: Lanes = Lanes::Imm {
    imms: 1,
    lane: |_, i| {
        if i % 2 == 0 {
            a(i as u16 / 2)
        } else {
            b(i as u16 / 2)
        }
    },
};
/// `a2 b2 a3 b3`: punpckhdq / unpckhps, zip2.
const INTERLEAVE_HIGH: Lanes = Lanes::Imm {
    imms: 1,
    lane: |_, i| {
        if i % 2 == 0 {
            a(2 + i as u16 / 2)
        } else {
            b(2 + i as u16 / 2)
        }
    },
};
/// `a0 a1 b0 b1`: punpcklqdq / movlhps, zip1 on 64-bit elements.
const LOW_HALVES: Lanes = Lanes::Imm {
    imms: 1,
    lane: |_, i| if i < 2 { a(i as u16) } else { b(i as u16 - 2) },
};
/// `a2 a3 b2 b3`: punpckhqdq / movhlps-like, zip2 on 64-bit elements.
const HIGH_HALVES: Lanes = Lanes::Imm {
    imms: 1,
    lane: |_, i| if i < 2 { a(2 + i as u16) } else { b(i as u16) },
};
/// Lane i from the second operand where bit i of the immediate is set, else from the
/// first: blendps, RISC-V's vmerge (its mask a `vmv.v.i` into v0).
const BLEND: Lanes = Lanes::Imm {
    imms: 16,
    lane: |imm, i| {
        if imm >> i & 1 == 1 {
            b(i as u16)
        } else {
            a(i as u16)
        }
    },
};
/// Lane `imm` of the first operand in every lane: dup, RISC-V's vrgather.vi.
const SPLAT: Lanes = Lanes::Imm {
    imms: 4,
    lane: |imm, _| a(imm),
};
/// `a1 a0 a3 a2`: rev64, RISC-V's rotation of 64-bit elements by 32.
const PAIRS_SWAPPED: Lanes = Lanes::Imm {
    imms: 1,
    lane: |_, i| a(i as u16 ^ 1),
};
/// Lanes `imm+1 .. imm+4` of the concatenation, the first operand low, whole 32-bit
/// lanes: palignr, ext.
const WINDOW: Lanes = Lanes::Imm {
    imms: 3,
    lane: |imm, i| Src::Lane((imm as usize + 1 + i) as u8),
};

const X86: Arch = Arch::X86_64;
const A64: Arch = Arch::AArch64;
const RV: Arch = Arch::RiscV64;

/// The immediate of a table instruction that gives `lanes`: base 9, the first lane
/// most significant, 8 for zero.
pub fn table_imm(lanes: [Src; 4]) -> u16 {
    lanes.iter().fold(0, |acc, s| {
        acc * 9
            + match *s {
                Src::Lane(l) => l as u16,
                Src::Zero => 8,
            }
    })
}

/// Every instruction described.
pub const INSNS: &[Insn] = &[
    // x86 SSE2
    Insn {
        name: "pshufd",
        arch: X86,
        feature: "sse2",
        operands: 1,
        tied: None,
        lanes: Lanes::Imm {
            imms: 256,
            lane: |imm, i| a(field(imm, i)),
        },
        cost: 1,
        emit: Emit::Shuffle,
        asm: &[
            "pshufd",
            "vpshufd",
            "vpermilps",
            "shufps",
            "vshufps",
            "movshdup",
            "vmovshdup",
            "movsldup",
            "vmovsldup",
            "unpcklps",
            "vunpcklps",
            "unpckhps",
            "vunpckhps",
            "movlhps",
            "vmovlhps",
            "movhlps",
            "vmovhlps",
            "unpcklpd",
            "vunpcklpd",
            "unpckhpd",
            "vunpckhpd",
            "punpckldq",
            "vpunpckldq",
            "punpckhdq",
            "vpunpckhdq",
            "punpcklqdq",
            "vpunpcklqdq",
            "punpckhqdq",
            "vpunpckhqdq",
            "vbroadcastss",
            "vpbroadcastd",
            "movddup",
            "vmovddup",
        ],
    },
    Insn {
        name: "shufps",
        arch: X86,
        feature: "sse2",
        operands: 2,
        tied: Some(0),
        // Lanes 0-1 from the first operand, 2-3 from the second.
        lanes: Lanes::Imm {
            imms: 256,
            lane: |imm, i| {
                if i < 2 {
                    a(field(imm, i))
                } else {
                    b(field(imm, i))
                }
            },
        },
        cost: 1,
        emit: Emit::Shuffle,
        asm: &[
            "shufps",
            "vshufps",
            "unpcklpd",
            "vunpcklpd",
            "unpckhpd",
            "vunpckhpd",
            "movlhps",
            "vmovlhps",
            "movhlps",
            "vmovhlps",
            "punpcklqdq",
            "vpunpcklqdq",
            "punpckhqdq",
            "vpunpckhqdq",
            "pshufd",
            "vpshufd",
            "vpermilps",
            "blendps",
            "vblendps",
            "pblendw",
            "vpblendw",
            "vpblendd",
            "movsd",
            "vmovsd",
            "shufpd",
            "vshufpd",
            "palignr",
            "vpalignr",
        ],
    },
    Insn {
        name: "punpckldq",
        arch: X86,
        feature: "sse2",
        operands: 2,
        tied: Some(0),
        lanes: INTERLEAVE_LOW,
        cost: 1,
        emit: Emit::Shuffle,
        asm: &["punpckldq", "vpunpckldq", "unpcklps", "vunpcklps"],
    },
    Insn {
        name: "punpckhdq",
        arch: X86,
        feature: "sse2",
        operands: 2,
        tied: Some(0),
        lanes: INTERLEAVE_HIGH,
        cost: 1,
        emit: Emit::Shuffle,
        asm: &["punpckhdq", "vpunpckhdq", "unpckhps", "vunpckhps"],
    },
    Insn {
        name: "punpcklqdq",
        arch: X86,
        feature: "sse2",
        operands: 2,
        tied: Some(0),
        lanes: LOW_HALVES,
        cost: 1,
        emit: Emit::Shuffle,
        asm: &[
            "punpcklqdq",
            "vpunpcklqdq",
            "movlhps",
            "vmovlhps",
            "unpcklpd",
            "vunpcklpd",
            "vinsertps",
            "insertps",
        ],
    },
    Insn {
        name: "punpckhqdq",
        arch: X86,
        feature: "sse2",
        operands: 2,
        tied: Some(0),
        lanes: HIGH_HALVES,
        cost: 1,
        emit: Emit::Shuffle,
        asm: &[
            "punpckhqdq",
            "vpunpckhqdq",
            "unpckhpd",
            "vunpckhpd",
            "movhlps",
            "vmovhlps",
        ],
    },
    Insn {
        name: "movss",
        arch: X86,
        feature: "sse2",
        operands: 2,
        tied: Some(0),
        // Lane 0 from the second operand, the rest from the first.
        lanes: Lanes::Imm {
            imms: 1,
            lane: |_, i| if i == 0 { b(0) } else { a(i as u16) },
        },
        cost: 1,
        emit: Emit::Shuffle,
        asm: &[
            "movss", "vmovss", "blendps", "vblendps", "pblendw", "vpblendw", "vpblendd",
        ],
    },
    Insn {
        name: "movsd",
        arch: X86,
        feature: "sse2",
        operands: 2,
        tied: Some(0),
        lanes: Lanes::Imm {
            imms: 1,
            lane: |_, i| if i < 2 { b(i as u16) } else { a(i as u16) },
        },
        cost: 1,
        emit: Emit::Shuffle,
        asm: &[
            "movsd", "vmovsd", "blendps", "vblendps", "pblendw", "vpblendw", "vpblendd", "shufps",
            "vshufps", "blendpd", "vblendpd",
        ],
    },
    // x86 SSSE3
    Insn {
        name: "palignr",
        arch: X86,
        feature: "ssse3",
        operands: 2,
        tied: Some(1),
        lanes: WINDOW,
        cost: 1,
        emit: Emit::Shuffle,
        asm: &["palignr", "vpalignr", "shufps", "vshufps", "valignd"],
    },
    Insn {
        name: "pshufb",
        arch: X86,
        feature: "ssse3",
        operands: 1,
        tied: Some(0),
        lanes: Lanes::Table { zero: true },
        // The control vector is a folded memory operand. Emitted as its intrinsic: for
        // a shufflevector with zero lanes llc picks xorps + two shufps.
        cost: 1,
        emit: Emit::Intrinsic("llvm.x86.ssse3.pshuf.b.128"),
        asm: &["pshufb", "vpshufb"],
    },
    // x86 SSE4.1
    Insn {
        name: "blendps",
        arch: X86,
        feature: "sse4.1",
        operands: 2,
        tied: Some(0),
        lanes: BLEND,
        cost: 1,
        emit: Emit::Shuffle,
        asm: &[
            "blendps", "vblendps", "pblendw", "vpblendw", "vpblendd", "movss", "vmovss", "movsd",
            "vmovsd", "blendpd", "vblendpd",
        ],
    },
    Insn {
        name: "insertps",
        arch: X86,
        feature: "sse4.1",
        operands: 2,
        tied: Some(0),
        // Lane imm%4 of the result from lane imm/4 of the second operand (the immediate
        // imm/4 << 6 | imm%4 << 4). Emitted as its intrinsic: from a shufflevector of
        // integers llc picks pshufd + pblendw (the integer domain). Its zeroing forms are
        // left out: llc turns even the intrinsic into xorps + blendps, which the search
        // finds as a zero register and a blend.
        lanes: Lanes::Imm {
            imms: 16,
            lane: |imm, i| {
                if i as u16 == imm % 4 {
                    b(imm / 4)
                } else {
                    a(i as u16)
                }
            },
        },
        cost: 1,
        emit: Emit::Intrinsic("llvm.x86.sse41.insertps"),
        asm: &[
            "insertps",
            "vinsertps",
            "blendps",
            "vblendps",
            "movss",
            "vmovss",
        ],
    },
    // x86 AVX-512 (with VL): any two-source permutation.
    Insn {
        name: "vpermt2d",
        arch: X86,
        feature: "avx512f",
        operands: 2,
        tied: Some(0),
        lanes: Lanes::Table { zero: false },
        // The index vector is loaded into a register (vpermt2d overwrites it). Emitted
        // as its intrinsic: llc picks other instructions for most shufflevectors.
        cost: 2,
        emit: Emit::Intrinsic("llvm.x86.avx512.vpermi2var.d.128"),
        asm: &["vpermt2d", "vpermi2d", "vpermt2ps", "vpermi2ps"],
    },
    // AArch64 NEON
    Insn {
        name: "zip1",
        arch: A64,
        feature: "neon",
        operands: 2,
        tied: None,
        lanes: INTERLEAVE_LOW,
        cost: 1,
        emit: Emit::Shuffle,
        asm: &["zip1"],
    },
    Insn {
        name: "zip2",
        arch: A64,
        feature: "neon",
        operands: 2,
        tied: None,
        lanes: INTERLEAVE_HIGH,
        cost: 1,
        emit: Emit::Shuffle,
        asm: &["zip2"],
    },
    Insn {
        name: "uzp1",
        arch: A64,
        feature: "neon",
        operands: 2,
        tied: None,
        lanes: Lanes::Imm {
            imms: 1,
            lane: |_, i| Src::Lane(2 * i as u8),
        },
        cost: 1,
        emit: Emit::Shuffle,
        asm: &["uzp1"],
    },
    Insn {
        name: "uzp2",
        arch: A64,
        feature: "neon",
        operands: 2,
        tied: None,
        lanes: Lanes::Imm {
            imms: 1,
            lane: |_, i| Src::Lane(2 * i as u8 + 1),
        },
        cost: 1,
        emit: Emit::Shuffle,
        asm: &["uzp2"],
    },
    Insn {
        name: "trn1",
        arch: A64,
        feature: "neon",
        operands: 2,
        tied: None,
        lanes: Lanes::Imm {
            imms: 1,
            lane: |_, i| {
                if i % 2 == 0 {
                    a(i as u16)
                } else {
                    b(i as u16 - 1)
                }
            },
        },
        cost: 1,
        emit: Emit::Shuffle,
        asm: &["trn1"],
    },
    Insn {
        name: "trn2",
        arch: A64,
        feature: "neon",
        operands: 2,
        tied: None,
        lanes: Lanes::Imm {
            imms: 1,
            lane: |_, i| {
                if i % 2 == 0 {
                    a(i as u16 + 1)
                } else {
                    b(i as u16)
                }
            },
        },
        cost: 1,
        emit: Emit::Shuffle,
        asm: &["trn2"],
    },
    Insn {
        name: "ext",
        arch: A64,
        feature: "neon",
        operands: 2,
        tied: None,
        lanes: WINDOW,
        cost: 1,
        emit: Emit::Shuffle,
        asm: &["ext"],
    },
    Insn {
        name: "rev64",
        arch: A64,
        feature: "neon",
        operands: 1,
        tied: None,
        lanes: PAIRS_SWAPPED,
        cost: 1,
        emit: Emit::Shuffle,
        asm: &["rev64"],
    },
    Insn {
        name: "dup",
        arch: A64,
        feature: "neon",
        operands: 1,
        tied: None,
        lanes: SPLAT,
        cost: 1,
        emit: Emit::Shuffle,
        asm: &["dup"],
    },
    Insn {
        name: "ins",
        arch: A64,
        feature: "neon",
        operands: 2,
        tied: Some(0),
        // Lane imm/4 of the result from lane imm%4 of the second operand, the rest the
        // first's.
        lanes: Lanes::Imm {
            imms: 16,
            lane: |imm, i| {
                if i as u16 == imm / 4 {
                    b(imm % 4)
                } else {
                    a(i as u16)
                }
            },
        },
        cost: 1,
        emit: Emit::Shuffle,
        asm: &["mov", "ins"],
    },
    // AArch64 on 64-bit elements (two 32-bit lanes each).
    Insn {
        name: "zip1.2d",
        arch: A64,
        feature: "neon",
        operands: 2,
        tied: None,
        lanes: LOW_HALVES,
        cost: 1,
        emit: Emit::Shuffle,
        asm: &["zip1", "uzp1", "trn1", "mov"],
    },
    Insn {
        name: "zip2.2d",
        arch: A64,
        feature: "neon",
        operands: 2,
        tied: None,
        lanes: HIGH_HALVES,
        cost: 1,
        emit: Emit::Shuffle,
        asm: &["zip2", "uzp2", "trn2"],
    },
    Insn {
        name: "dup.2d",
        arch: A64,
        feature: "neon",
        operands: 1,
        tied: None,
        lanes: Lanes::Imm {
            imms: 2,
            lane: |imm, i| a(2 * imm + i as u16 % 2),
        },
        cost: 1,
        emit: Emit::Shuffle,
        asm: &["dup", "zip1", "zip2"],
    },
    Insn {
        name: "ins.d",
        arch: A64,
        feature: "neon",
        operands: 2,
        tied: Some(0),
        // 64-bit half imm/2 of the result from half imm%2 of the second operand.
        lanes: Lanes::Imm {
            imms: 4,
            lane: |imm, i| {
                if i as u16 / 2 == imm / 2 {
                    b(2 * (imm % 2) + i as u16 % 2)
                } else {
                    a(i as u16)
                }
            },
        },
        cost: 1,
        emit: Emit::Shuffle,
        asm: &["mov", "ins", "zip1", "zip2"],
    },
    Insn {
        name: "tbl1",
        arch: A64,
        feature: "neon",
        operands: 1,
        tied: None,
        lanes: Lanes::Table { zero: true },
        // adrp + ldr of the index, tbl.
        cost: 3,
        emit: Emit::Intrinsic("llvm.aarch64.neon.tbl1"),
        asm: &["tbl"],
    },
    Insn {
        name: "tbl2",
        arch: A64,
        feature: "neon",
        operands: 2,
        tied: None,
        lanes: Lanes::Table { zero: true },
        cost: 3,
        emit: Emit::Intrinsic("llvm.aarch64.neon.tbl2"),
        asm: &["tbl"],
    },
    // RISC-V V, four 32-bit lanes of one register (group). Costs count no `vsetvli`:
    // the setting is shared with the code around (the measurement counts it).
    Insn {
        name: "vslideup",
        arch: RV,
        feature: "v",
        operands: 2,
        // The result is the first operand's register, its lanes below the offset kept
        // (tail undisturbed).
        tied: Some(0),
        lanes: Lanes::Imm {
            imms: 3,
            lane: |imm, i| {
                let offset = imm as usize + 1;
                if i < offset {
                    a(i as u16)
                } else {
                    b((i - offset) as u16)
                }
            },
        },
        cost: 1,
        emit: Emit::Shuffle,
        asm: &["vslideup.vi"],
    },
    Insn {
        name: "vslidedown+vslideup",
        arch: RV,
        feature: "v",
        operands: 2,
        tied: None,
        lanes: WINDOW,
        cost: 2,
        emit: Emit::Shuffle,
        asm: &["vslidedown.vi", "vslideup.vi"],
    },
    Insn {
        name: "vrgather.vi",
        arch: RV,
        feature: "v",
        operands: 1,
        tied: None,
        lanes: SPLAT,
        cost: 1,
        emit: Emit::Shuffle,
        asm: &["vrgather.vi", "vmv.v.v"],
    },
    Insn {
        name: "vmerge",
        arch: RV,
        feature: "v",
        operands: 2,
        tied: None,
        lanes: BLEND,
        cost: 2,
        emit: Emit::Shuffle,
        asm: &["vmerge.vvm", "vmv.v.i"],
    },
    Insn {
        name: "vwaddu+vwmaccu",
        arch: RV,
        feature: "v",
        operands: 2,
        tied: None,
        // a + b widened, plus b × (2^32 - 1): the two interleaved (`li` of -1 too).
        lanes: INTERLEAVE_LOW,
        cost: 3,
        emit: Emit::Shuffle,
        asm: &["vwaddu.vv", "vwmaccu.vx"],
    },
    Insn {
        name: "vsll+vsrl+vor",
        arch: RV,
        feature: "v",
        operands: 1,
        tied: None,
        // Pairs swapped: a rotation of 64-bit elements by 32 (`li` of 32 too).
        lanes: PAIRS_SWAPPED,
        cost: 4,
        emit: Emit::Shuffle,
        asm: &["vsll.vx", "vsrl.vx", "vor.vv"],
    },
];

/// The instructions of `arch` available with `features` (LLVM's names, each implying the
/// ones before it: `sse2` < `ssse3` < `sse4.1` < `avx` < `avx2` < `avx512f`).
pub fn available(arch: Arch, level: &str) -> Vec<&'static Insn> {
    let rank = |f: &str| X86_LEVELS.iter().position(|&l| l == f);
    INSNS
        .iter()
        .filter(|insn| insn.arch == arch)
        .filter(|insn| match (rank(insn.feature), rank(level)) {
            (Some(needs), Some(has)) => needs <= has,
            _ => true,
        })
        .collect()
}

/// Whether the x86 feature level `level` (from [`level`]) includes `feature`.
pub fn level_has(level: &str, feature: &str) -> bool {
    let rank = |f: &str| X86_LEVELS.iter().position(|&l| l == f);
    matches!((rank(feature), rank(level)), (Some(needs), Some(has)) if needs <= has)
}

/// RISC-V CPUs with the vector extension (for functions that name no features): LLVM
/// 22's, each checked with `llc -mcpu=` to select `vadd.vv`.
const RVV_CPUS: [&str; 9] = [
    "sifive-x280",
    "sifive-x390",
    "sifive-p470",
    "sifive-p670",
    "sifive-p870",
    "spacemit-x60",
    "tt-ascalon-d8",
    "andes-ax45mpv",
    "xiangshan-kunminghu",
];

const X86_LEVELS: [&str; 6] = ["sse2", "ssse3", "sse4.1", "avx", "avx2", "avx512f"];

/// The place of an x86 feature among [`X86_LEVELS`] (0 for others).
fn x86_rank(feature: &str) -> usize {
    X86_LEVELS.iter().position(|&l| l == feature).unwrap_or(0)
}

/// The x86 feature level of an LLVM CPU name (`x86-64-v3` has AVX2).
pub fn x86_level(cpu: &str) -> &'static str {
    match cpu {
        "x86-64" => "sse2",
        "x86-64-v2" => "sse4.1",
        "x86-64-v3" => "avx2",
        "x86-64-v4" => "avx512f",
        _ => "sse2",
    }
}

/// The feature level of a function's target for [`available`]: from its features where
/// it has them (clang sets them), else from its CPU (opt's `-mcpu`); `None` for targets
/// without descriptions.
pub fn level(desc: &super::TargetDesc) -> Option<&'static str> {
    match desc.arch() {
        Arch::X86_64 if desc.features.is_empty() => Some(x86_level(&desc.cpu)),
        // Without SSE2 (`-mno-sse2`, kernels' soft-float builds) none of it exists.
        Arch::X86_64
            if desc
                .features
                .split(',')
                .any(|f| f == "-sse2" || f == "-sse") =>
        {
            None
        }
        Arch::X86_64 => Some(
            ["avx512f", "avx2", "avx", "sse4.1", "ssse3"]
                .into_iter()
                .find(|f| desc.has_feature(f))
                .unwrap_or("sse2"),
        ),
        Arch::AArch64 if desc.features.split(',').any(|f| f == "-neon") => None,
        Arch::AArch64 => Some(""),
        // The vector extension: from the features (clang's), or a CPU that has it
        // (opt's `-mcpu`).
        Arch::RiscV64 if desc.has_feature("v") => Some("v"),
        Arch::RiscV64 if desc.features.is_empty() && RVV_CPUS.contains(&desc.cpu.as_str()) => {
            Some("v")
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoded_like_x86_shuffle_decode() {
        let find = |name| INSNS.iter().find(|i| i.name == name).unwrap();
        // pshufd $0x1b: reverse.
        assert_eq!(
            find("pshufd").produce(0x1b).unwrap(),
            [a(3), a(2), a(1), a(0)]
        );
        // shufps $0x44: a0 a1 b0 b1.
        assert_eq!(
            find("shufps").produce(0x44).unwrap(),
            [a(0), a(1), b(0), b(1)]
        );
        // insertps of b2 into lane 1 (immediate 0x90).
        assert_eq!(
            find("insertps").produce(9).unwrap(),
            [a(0), b(2), a(2), a(3)]
        );
        assert_eq!(find("ext").produce(0).unwrap(), [a(1), a(2), a(3), b(0)]);
        assert_eq!(find("trn2").produce(0).unwrap(), [a(1), b(1), a(3), b(3)]);
        assert_eq!(find("ins").produce(6).unwrap(), [a(0), b(2), a(2), a(3)]);
        // A table's immediate is its lanes: <2, zero, 3, 0>.
        let imm = table_imm([a(2), Src::Zero, a(3), a(0)]);
        assert_eq!(
            find("pshufb").produce(imm),
            Some([a(2), Src::Zero, a(3), a(0)])
        );
        // pshufb has one operand; vpermt2d makes no zero lanes.
        assert_eq!(find("pshufb").produce(table_imm([b(0); 4])), None);
        assert_eq!(find("vpermt2d").produce(imm), None);
        assert_eq!(
            find("tbl2").produce(table_imm([b(3), a(1), Src::Zero, b(0)])),
            Some([b(3), a(1), Src::Zero, b(0)])
        );
    }

    #[test]
    fn no_vector_unit_no_level() {
        let desc = |features: &str| super::super::TargetDesc {
            triple: "x86_64-unknown-linux-gnu".into(),
            cpu: "x86-64".into(),
            features: features.into(),
        };
        assert_eq!(level(&desc("+sse2,+avx2")), Some("avx2"));
        assert_eq!(level(&desc("-sse,-sse2,-mmx")), None);
    }

    #[test]
    fn levels() {
        let names = |level| -> Vec<&str> {
            available(Arch::X86_64, level)
                .iter()
                .map(|i| i.name)
                .collect()
        };
        assert!(!names("sse2").contains(&"pshufb"));
        assert!(names("avx2").contains(&"insertps"));
        assert!(!names("avx2").contains(&"vpermt2d"));
        assert!(names("avx512f").contains(&"vpermt2d"));
        assert!(available(Arch::AArch64, "")
            .iter()
            .any(|i| i.name == "tbl2"));
    }
}
