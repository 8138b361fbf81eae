//! Reordering instructions on whole registers of every width and element size,
//! described as data: the lanes each produces as a function of the register's geometry
//! and its immediate, the way LLVM's `X86ShuffleDecode.cpp` decodes them.
//!
//! [`super::insn`] describes four 32-bit lanes (the optimum sweep's domain) with how
//! shuf emits each instruction; this table answers another question: what a plain
//! `shufflevector` of one register (or two) compiles to when one instruction does it, at
//! 8-bit to 64-bit elements on 64-bit to 512-bit registers. The networks
//! (`crate::lower::network`) price their stages' register shuffles with it instead of
//! compiling each.
//!
//! x86's instructions on 256 and 512 bits mostly act on each 128-bit *block* alike
//! (`vunpcklps`, `vpshufd`, `vpalignr`, `vpshufb`); a few cross blocks (`vperm2f128`,
//! `vpermq`, `vpermd`, `valignd`, `vpermt2*`, broadcasts). AArch64's act on the whole
//! register. An instruction on wider elements does a mask on narrower ones that moves
//! aligned groups; one on narrower elements does any mask on wider ones (`pshufb` moves
//! 32-bit lanes as four bytes each): [`cheapest`] tries every element size.
//!
//! `tests/insn_llc.rs` compiles every instruction at every width and element size it
//! has, on every immediate (sampled where there are more than 256), and checks that
//! `llc` emits it alone (and, for a table instruction, its index load).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

pub use super::insn::Src;
use super::Arch;

/// The shape of one register.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    pub register_bits: u32,
    pub element_bits: u32,
}

impl Geometry {
    /// Lanes of one register.
    pub fn lanes(&self) -> usize {
        (self.register_bits / self.element_bits) as usize
    }

    /// Lanes of one 128-bit block (the whole register where narrower).
    pub fn block(&self) -> usize {
        (self.register_bits.min(128) / self.element_bits) as usize
    }
}

/// The elements `llc` picks an instruction for: a shuffle of `i64` lanes that
/// `vshufpd` does becomes `vpermpd` and `vunpcklpd` (or `vpermi2q`); one of `float`
/// lanes that `valignd` does becomes `vpermi2ps`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Domain {
    Any,
    Float,
    Integer,
}

impl Domain {
    /// Whether `llc` picks it for a shuffle of floating-point (`float`) or integer
    /// elements.
    pub fn admits(self, float: bool) -> bool {
        match self {
            Domain::Any => true,
            Domain::Float => float,
            Domain::Integer => !float,
        }
    }
}

/// Where one output lane of a fixed form comes from; `None` where the form leaves it
/// undefined (RISC-V V's slides down and narrowing shifts work on fewer lanes than the
/// register has and leave the rest as they were).
pub type Lane = Option<Src>;

/// How an instruction's lanes are given.
#[derive(Copy, Clone)]
pub enum Produce {
    /// Fixed by an immediate in `0..imms(g)`: where output lane `i` comes from
    /// (`Src::Lane` indexes the concatenated operands, the second from `g.lanes()`;
    /// `None`, a lane the instruction leaves undefined).
    Imm {
        imms: fn(Geometry) -> u32,
        lane: fn(Geometry, u32, usize) -> Lane,
    },
    /// Any lanes of its operands (and zeros if `zero`) within `span` of the output
    /// lane, chosen by an index vector (or, for a blend, a mask constant).
    Table { zero: bool, span: Span },
}

/// Which lanes of its operands a table instruction's output lane may read.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Span {
    /// Any lane.
    Register,
    /// A lane of the same 128-bit block (`pshufb`).
    Block,
    /// The same lane (a blend by a constant mask: `pblendvb`).
    Lane,
}

impl Span {
    /// Lanes of one operand in each group an output lane reads within.
    pub fn width(self, g: Geometry) -> usize {
        match self {
            Span::Register => g.lanes(),
            Span::Block => g.block(),
            Span::Lane => 1,
        }
    }

    /// Whether output lane `i` may read lane `l` of an operand (its place there).
    pub fn admits(self, g: Geometry, l: usize, i: usize) -> bool {
        let w = self.width(g);
        l / w == i / w
    }
}

/// The elements an instruction works on, given its register's: on RISC-V V the shape
/// (element width, vector length) a `vsetvli` before it sets, and a change of shape
/// between two instructions costs one (`Shape`, [`settings`]).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum WorksOn {
    /// Its register's lanes.
    Lanes,
    /// Half as many at their width: what a widening (`vwaddu`) reads, a narrowing
    /// (`vnsrl`) writes.
    HalfLanes,
    /// Pairs of lanes as elements twice as wide (`vsll`+`vsrl`+`vor`).
    Pairs,
    /// Its lanes joined into the widest elements (to 64 bits) whose lanes move together:
    /// `llc` merges a blend of pairs as one of elements twice as wide.
    Widest,
}

/// A vector shape: element bits and vector length.
pub type Shape = (u32, usize);

impl WorksOn {
    /// The shape of a form on `g` whose output lanes are `lanes`.
    pub fn shape(self, g: Geometry, lanes: &[Lane]) -> Shape {
        match self {
            WorksOn::Lanes => (g.element_bits, g.lanes()),
            WorksOn::HalfLanes => (g.element_bits, g.lanes() / 2),
            WorksOn::Pairs => (2 * g.element_bits, g.lanes() / 2),
            WorksOn::Widest => {
                let mut k = 1;
                while g.element_bits * 2 * k as u32 <= 64 && moves_together(lanes, 2 * k) {
                    k *= 2;
                }
                (g.element_bits * k as u32, g.lanes() / k)
            }
        }
    }
}

/// Whether each aligned group of `k` lanes takes an aligned group of `k` source lanes in
/// order (an undefined lane fits any).
fn moves_together(lanes: &[Lane], k: usize) -> bool {
    lanes.len() % k == 0
        && lanes.chunks(k).all(|group| {
            let mut base = None;
            group.iter().enumerate().all(|(j, lane)| match lane {
                None => true,
                Some(Src::Lane(l)) => {
                    let l = *l as usize;
                    l % k == j && *base.get_or_insert(l - j) == l - j
                }
                Some(Src::Zero) => false,
            })
        })
}

/// The `vsetvli`s RISC-V V code of these shapes in this order needs: one for the
/// first, one for each change (`llc`'s insertion pass, which keeps a shape until an
/// instruction needs another).
pub fn settings(shapes: impl IntoIterator<Item = Shape>) -> u32 {
    let mut count = 0;
    let mut current = None;
    for shape in shapes {
        if current != Some(shape) {
            count += 1;
            current = Some(shape);
        }
    }
    count
}

/// One reordering instruction, at every register and element width it exists for.
#[derive(Copy, Clone)]
pub struct WideInsn {
    pub name: &'static str,
    pub arch: Arch,
    /// 1 or 2 register operands.
    pub operands: u8,
    /// The elements `llc` picks it for.
    pub domain: Domain,
    /// The feature (LLVM's name) the form for `g` needs; `None` where there is none.
    pub feature: fn(Geometry) -> Option<&'static str>,
    pub produce: Produce,
    /// Instructions `llc` emits: 1, plus the index vector's load for a table that does
    /// not fold it.
    pub cost: u32,
    /// The part of `cost` a loop hoists (the index load).
    pub index_load: u32,
    /// The elements it works on: on RISC-V V, what `vsetvli` sets for it.
    pub works_on: WorksOn,
    /// Mnemonics `llc` may print for it (the same lanes in another encoding or domain),
    /// without x86's `v` prefix.
    pub asm: &'static [&'static str],
}

impl WideInsn {
    /// Every register and element width it exists for, with the feature each needs.
    pub fn forms(&self) -> impl Iterator<Item = (Geometry, &'static str)> + '_ {
        [64, 128, 256, 512]
            .into_iter()
            .flat_map(move |register_bits| {
                [8, 16, 32, 64].into_iter().filter_map(move |element_bits| {
                    let g = Geometry {
                        register_bits,
                        element_bits,
                    };
                    Some((g, (self.feature)(g)?))
                })
            })
    }

    /// Its immediates for `g` (one for a table: the test builds its own masks).
    pub fn imms(&self, g: Geometry) -> u32 {
        match self.produce {
            Produce::Imm { imms, .. } => imms(g),
            Produce::Table { .. } => 1,
        }
    }

    /// The lanes for immediate `imm` (fixed instructions only).
    pub fn lanes(&self, g: Geometry, imm: u32) -> Option<Vec<Lane>> {
        match self.produce {
            Produce::Imm { imms, lane } if imm < imms(g) => {
                Some((0..g.lanes()).map(|i| lane(g, imm, i)).collect())
            }
            _ => None,
        }
    }

    /// Its cost where it stands (a loop hoists the index load).
    pub fn cost_at(&self, in_loop: bool) -> u32 {
        if in_loop {
            self.cost - self.index_load
        } else {
            self.cost
        }
    }
}

fn a(x: usize) -> Lane {
    Some(Src::Lane(x as u8))
}
fn b(g: Geometry, x: usize) -> Lane {
    Some(Src::Lane((g.lanes() + x) as u8))
}
/// Two bits of `imm` at `at`.
fn field(imm: u32, at: usize) -> usize {
    (imm >> (2 * at) & 3) as usize
}
/// The first lane of lane `i`'s block, and `i`'s place in it.
fn in_block(g: Geometry, i: usize) -> (usize, usize) {
    (i / g.block() * g.block(), i % g.block())
}

/// An x86 form by register width: the features of the 128-, 256- and 512-bit forms.
fn x86_by_width(
    g: Geometry,
    elements: &[u32],
    features: [Option<&'static str>; 3],
) -> Option<&'static str> {
    if !elements.contains(&g.element_bits) {
        return None;
    }
    match g.register_bits {
        128 => features[0],
        256 => features[1],
        512 => features[2],
        _ => None,
    }
}

/// An x86 instruction on each block, whose 256-bit form on 8- and 16-bit elements came
/// with AVX2 and on 32- and 64-bit ones (the floating-point twin) with AVX.
fn x86_blockwise(g: Geometry, elements: &[u32], first: &'static str) -> Option<&'static str> {
    let small = g.element_bits < 32;
    x86_by_width(
        g,
        elements,
        [
            Some(first),
            Some(if small { "avx2" } else { "avx" }),
            Some(if small { "avx512bw" } else { "avx512f" }),
        ],
    )
}

/// An AArch64 NEON form: 64- and 128-bit registers of `elements`.
fn neon(g: Geometry, elements: &[u32]) -> Option<&'static str> {
    let fits = matches!(g.register_bits, 64 | 128) && g.element_bits < g.register_bits;
    (fits && elements.contains(&g.element_bits)).then_some("neon")
}

/// AArch64's `tbl`: bytes of one 128-bit register.
fn neon_table(g: Geometry) -> Option<&'static str> {
    (g.register_bits == 128 && g.element_bits == 8).then_some("neon")
}

const ALL: &[u32] = &[8, 16, 32, 64];
const X86: Arch = Arch::X86_64;
const A64: Arch = Arch::AArch64;
const RV: Arch = Arch::RiscV64;

fn one(_: Geometry) -> u32 {
    1
}

/// `a0 b0 a1 b1 ..` of each block's low half.
fn unpack_low(g: Geometry, _: u32, i: usize) -> Lane {
    let (base, j) = in_block(g, i);
    if j % 2 == 0 {
        a(base + j / 2)
    } else {
        b(g, base + j / 2)
    }
}

/// The same of each block's high half.
fn unpack_high(g: Geometry, _: u32, i: usize) -> Lane {
    let (base, j) = in_block(g, i);
    let half = g.block() / 2;
    if j % 2 == 0 {
        a(base + half + j / 2)
    } else {
        b(g, base + half + j / 2)
    }
}

/// Lanes `s .. s + block` of each block of `a ++ b` (`s = imm + 1`).
fn block_window(g: Geometry, imm: u32, i: usize) -> Lane {
    let (base, j) = in_block(g, i);
    let t = j + imm as usize + 1;
    if t < g.block() {
        a(base + t)
    } else {
        b(g, base + t - g.block())
    }
}

/// Lanes `s .. s + lanes` of `a ++ b` (`s = imm + 1`), across the whole register.
fn window(_: Geometry, imm: u32, i: usize) -> Lane {
    Some(Src::Lane((i + imm as usize + 1) as u8))
}

fn window_imms(g: Geometry) -> u32 {
    g.lanes() as u32 - 1
}
fn block_window_imms(g: Geometry) -> u32 {
    g.block() as u32 - 1
}
fn lane_bits(g: Geometry) -> u32 {
    1 << g.lanes().min(8)
}

/// Output lane `i` of a bit-selected blend: `b`'s where bit `i` of `imm` is set.
fn blend(g: Geometry, imm: u32, i: usize) -> Lane {
    if imm >> i & 1 == 1 {
        b(g, i)
    } else {
        a(i)
    }
}

/// A RISC-V V form: fixed vectors of 64 to 512 bits of `elements`, two lanes or more
/// (one register on sifive-x280, whose registers are 512 bits; a register group where
/// they are narrower). Not wider: the descriptions' lanes are at most 64 a register.
fn rvv(g: Geometry, elements: &[u32]) -> Option<&'static str> {
    let width = matches!(g.register_bits, 64 | 128 | 256 | 512);
    (width && elements.contains(&g.element_bits) && g.lanes() >= 2).then_some("v")
}

/// RISC-V V's slide amounts and `vrgather.vi`'s lane: a 5-bit immediate (beyond it
/// `llc` loads the amount into a scalar register first).
fn rvv_slides(g: Geometry) -> u32 {
    (g.lanes() as u32 - 1).min(31)
}

/// A window of `a ++ b` by a slide down and one up: both amounts 5-bit immediates.
fn rvv_window_imms(g: Geometry) -> u32 {
    if g.lanes() <= 32 {
        g.lanes() as u32 - 1
    } else {
        0
    }
}

/// `a`'s lanes from `imm + 1` on, at the bottom; the lanes above undefined.
fn slide_down(g: Geometry, imm: u32, i: usize) -> Lane {
    let from = i + imm as usize + 1;
    (from < g.lanes()).then_some(Src::Lane(from as u8))
}

/// `b` slid up into `a` by `imm + 1` lanes: `a`'s lanes below kept.
fn slide_up(g: Geometry, imm: u32, i: usize) -> Lane {
    let by = imm as usize + 1;
    if i < by {
        a(i)
    } else {
        b(g, i - by)
    }
}

/// Lanes `imm, imm + 2, ..` of `a` (`imm` 0 or 1) in the low half, the high half
/// undefined: a narrowing shift of the register read as elements twice as wide.
fn narrowed(g: Geometry, imm: u32, i: usize) -> Lane {
    (i < g.lanes() / 2).then(|| Src::Lane((2 * i) as u8 + imm as u8))
}

/// Lane `i` of elements `ratio` times narrower than the source's: the low part of
/// source element `i` in the low lanes, zero above.
fn truncated(g: Geometry, ratio: usize, i: usize) -> Lane {
    match i < g.lanes() / ratio {
        true => a(ratio * i),
        false => Some(Src::Zero),
    }
}

/// Lane `i` of the low lanes zero-extended to `ratio` times their width: source lane
/// `i / ratio` where `i` is a multiple of `ratio`, zero above it.
fn widened(ratio: usize, i: usize) -> Lane {
    match i % ratio {
        0 => a(i / ratio),
        _ => Some(Src::Zero),
    }
}

fn low_lanes(g: Geometry) -> u32 {
    1 << g.lanes().min(8)
}

/// Every instruction described.
pub const WIDE: &[WideInsn] = &[
    // x86, on each 128-bit block.
    WideInsn {
        name: "punpckl",
        arch: X86,
        operands: 2,
        domain: Domain::Any,
        feature: |g| x86_blockwise(g, ALL, "sse2"),
        produce: Produce::Imm {
            imms: one,
            lane: unpack_low,
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &[
            "punpcklbw",
            "punpcklwd",
            "punpckldq",
            "punpcklqdq",
            "unpcklps",
            "unpcklpd",
            "movlhps",
            "movddup",
            "movsldup",
            "pshufd",
            "permilps",
            "permilpd",
            "insertps",
            "shufps",
            "shufpd",
            "pshuflw",
            "pshufhw",
            "pbroadcastb",
            "pbroadcastw",
            "pbroadcastd",
            "pbroadcastq",
            "broadcastss",
        ],
    },
    WideInsn {
        name: "punpckh",
        arch: X86,
        operands: 2,
        domain: Domain::Any,
        feature: |g| x86_blockwise(g, ALL, "sse2"),
        produce: Produce::Imm {
            imms: one,
            lane: unpack_high,
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &[
            "punpckhbw",
            "punpckhwd",
            "punpckhdq",
            "punpckhqdq",
            "unpckhps",
            "unpckhpd",
            "movhlps",
            "movshdup",
            "pshufd",
            "permilps",
            "permilpd",
            "shufps",
            "shufpd",
            "pshufhw",
        ],
    },
    WideInsn {
        name: "pshufd",
        arch: X86,
        operands: 1,
        domain: Domain::Any,
        feature: |g| x86_by_width(g, &[32], [Some("sse2"), Some("avx"), Some("avx512f")]),
        produce: Produce::Imm {
            imms: |_| 256,
            lane: |g, imm, i| {
                let (base, j) = in_block(g, i);
                a(base + field(imm, j))
            },
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &[
            "pshufd",
            "permilps",
            "shufps",
            "movsldup",
            "movshdup",
            "unpcklps",
            "unpckhps",
            "movddup",
            "unpcklpd",
            "unpckhpd",
            "permilpd",
            "shufpd",
            "punpckldq",
            "punpckhdq",
            "punpcklqdq",
            "punpckhqdq",
            "movlhps",
            "movhlps",
            "broadcastss",
            "pbroadcastd",
            "pbroadcastq",
        ],
    },
    WideInsn {
        name: "pshuflw",
        arch: X86,
        operands: 1,
        domain: Domain::Any,
        feature: |g| x86_blockwise(g, &[16], "sse2"),
        produce: Produce::Imm {
            imms: |_| 256,
            lane: |g, imm, i| {
                let (base, j) = in_block(g, i);
                a(base + if j < 4 { field(imm, j) } else { j })
            },
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &["pshuflw", "pbroadcastw", "punpcklwd", "pshufd", "shufps"],
    },
    WideInsn {
        name: "pshufhw",
        arch: X86,
        operands: 1,
        domain: Domain::Any,
        feature: |g| x86_blockwise(g, &[16], "sse2"),
        produce: Produce::Imm {
            imms: |_| 256,
            lane: |g, imm, i| {
                let (base, j) = in_block(g, i);
                a(base + if j >= 4 { 4 + field(imm, j - 4) } else { j })
            },
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &["pshufhw", "punpckhwd", "pshufd", "shufps"],
    },
    WideInsn {
        name: "shufps",
        arch: X86,
        operands: 2,
        domain: Domain::Any,
        feature: |g| x86_by_width(g, &[32], [Some("sse2"), Some("avx"), Some("avx512f")]),
        produce: Produce::Imm {
            imms: |_| 256,
            lane: |g, imm, i| {
                let (base, j) = in_block(g, i);
                if j < 2 {
                    a(base + field(imm, j))
                } else {
                    b(g, base + field(imm, j))
                }
            },
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &[
            "shufps",
            "unpcklpd",
            "unpckhpd",
            "movlhps",
            "movhlps",
            "punpcklqdq",
            "punpckhqdq",
            "pshufd",
            "permilps",
            "blendps",
            "pblendw",
            "pblendd",
            "movsd",
            "shufpd",
            "palignr",
            "movsldup",
            "movshdup",
            "movddup",
            "permilpd",
            "unpcklps",
            "unpckhps",
            "punpckldq",
            "punpckhdq",
            "broadcastss",
            "pbroadcastd",
            "pbroadcastq",
            "insertps",
            "blendpd",
        ],
    },
    WideInsn {
        name: "shufpd",
        arch: X86,
        operands: 2,
        domain: Domain::Float,
        feature: |g| x86_by_width(g, &[64], [Some("sse2"), Some("avx"), Some("avx512f")]),
        // Bit `i` of the immediate picks the block's low or high element for lane `i`,
        // even lanes from the first operand.
        produce: Produce::Imm {
            imms: lane_bits,
            lane: |g, imm, i| {
                let (base, j) = in_block(g, i);
                let pick = (imm >> i & 1) as usize;
                if j == 0 {
                    a(base + pick)
                } else {
                    b(g, base + pick)
                }
            },
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &[
            "shufpd",
            "unpcklpd",
            "unpckhpd",
            "movlhps",
            "movhlps",
            "punpcklqdq",
            "punpckhqdq",
            "movsd",
            "blendpd",
            "blendps",
            "pblendd",
            "pblendw",
            "shufps",
            "pshufd",
            "permilpd",
            "permilps",
            "movddup",
            "palignr",
            "pbroadcastq",
            "insertps",
        ],
    },
    WideInsn {
        name: "palignr",
        arch: X86,
        operands: 2,
        domain: Domain::Any,
        feature: |g| x86_by_width(g, &[8], [Some("ssse3"), Some("avx2"), Some("avx512bw")]),
        produce: Produce::Imm {
            imms: block_window_imms,
            lane: block_window,
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &["palignr", "shufps", "shufpd", "alignd", "alignq"],
    },
    WideInsn {
        name: "pslldq",
        arch: X86,
        operands: 1,
        domain: Domain::Any,
        feature: |g| x86_blockwise(g, &[8], "sse2"),
        produce: Produce::Imm {
            imms: block_window_imms,
            lane: |g, imm, i| {
                let (base, j) = in_block(g, i);
                let s = imm as usize + 1;
                if j >= s {
                    a(base + j - s)
                } else {
                    Some(Src::Zero)
                }
            },
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &["pslldq", "psllq", "pslld", "psllw", "movq", "insertps"],
    },
    WideInsn {
        name: "psrldq",
        arch: X86,
        operands: 1,
        domain: Domain::Any,
        feature: |g| x86_blockwise(g, &[8], "sse2"),
        produce: Produce::Imm {
            imms: block_window_imms,
            lane: |g, imm, i| {
                let (base, j) = in_block(g, i);
                let t = j + imm as usize + 1;
                if t < g.block() {
                    a(base + t)
                } else {
                    Some(Src::Zero)
                }
            },
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &["psrldq", "psrlq", "psrld", "psrlw", "movq", "insertps"],
    },
    WideInsn {
        name: "pblendw",
        arch: X86,
        operands: 2,
        domain: Domain::Any,
        feature: |g| x86_by_width(g, &[16], [Some("sse4.1"), Some("avx2"), None]),
        produce: Produce::Imm {
            imms: |_| 256,
            lane: |g, imm, i| {
                let (_, j) = in_block(g, i);
                if imm >> j & 1 == 1 {
                    b(g, i)
                } else {
                    a(i)
                }
            },
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &["pblendw", "pblendd", "blendps", "blendpd", "movss", "movsd"],
    },
    WideInsn {
        name: "blendps",
        arch: X86,
        operands: 2,
        domain: Domain::Any,
        feature: |g| x86_by_width(g, &[32, 64], [Some("sse4.1"), Some("avx"), None]),
        produce: Produce::Imm {
            imms: lane_bits,
            lane: blend,
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &[
            "blendps",
            "blendpd",
            "pblendw",
            "pblendd",
            "movss",
            "movsd",
            "perm2f128",
            "perm2i128",
            "insertf128",
            "inserti128",
        ],
    },
    WideInsn {
        name: "movss",
        arch: X86,
        operands: 2,
        domain: Domain::Any,
        feature: |g| x86_by_width(g, &[32, 64], [Some("sse2"), None, None]),
        // The first lane from the second operand, the others from the first.
        produce: Produce::Imm {
            imms: one,
            lane: |g, _, i| if i == 0 { b(g, 0) } else { a(i) },
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &["movss", "movsd", "blendps", "blendpd", "pblendw", "pblendd"],
    },
    WideInsn {
        name: "pshufb",
        arch: X86,
        operands: 1,
        domain: Domain::Any,
        feature: |g| x86_by_width(g, &[8], [Some("ssse3"), Some("avx2"), Some("avx512bw")]),
        // The index vector is a folded memory operand.
        produce: Produce::Table {
            zero: true,
            span: Span::Block,
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &["pshufb"],
    },
    // A byte blend by a constant mask: SSE4.1's reads it in `xmm0` (loaded there, the
    // operand in it moved out); other CPUs' in `OTHERWISE`.
    WideInsn {
        name: "pblendvb",
        arch: X86,
        operands: 2,
        domain: Domain::Any,
        feature: |g| x86_by_width(g, &[8], [Some("sse4.1"), Some("avx2"), None]),
        produce: Produce::Table {
            zero: false,
            span: Span::Lane,
        },
        cost: 3,
        index_load: 1,
        works_on: WorksOn::Lanes,
        asm: &["pblendvb", "movdqu8"],
    },
    // x86, across blocks.
    WideInsn {
        name: "vperm2f128",
        arch: X86,
        operands: 2,
        domain: Domain::Any,
        feature: |g| x86_by_width(g, &[64], [None, Some("avx"), None]),
        // Each half of the result: one of the four halves of the operands (two bits
        // each, the low half first). Its zeroing forms are left out: llc makes a zero
        // half `vxorps` and `vblendps`.
        produce: Produce::Imm {
            imms: |_| 16,
            lane: |g, imm, i| {
                let choice = field(imm, i / 2);
                if choice < 2 {
                    a(2 * choice + i % 2)
                } else {
                    b(g, 2 * (choice - 2) + i % 2)
                }
            },
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &[
            "perm2f128",
            "perm2i128",
            "insertf128",
            "inserti128",
            "blendps",
            "blendpd",
            "pblendd",
            "movaps",
            "movups",
            "movdqa",
            "movdqu",
            "permpd",
            "permq",
            "shuff64x2",
            "shufi64x2",
            "extractf128",
            "extracti128",
            "broadcastf128",
            "broadcasti128",
        ],
    },
    WideInsn {
        name: "vpermq",
        arch: X86,
        operands: 1,
        domain: Domain::Any,
        // On 512 bits, the same on each 256-bit half.
        feature: |g| x86_by_width(g, &[64], [None, Some("avx2"), Some("avx512f")]),
        produce: Produce::Imm {
            imms: |_| 256,
            lane: |_, imm, i| a(i / 4 * 4 + field(imm, i % 4)),
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &[
            "permq",
            "permpd",
            "shufps",
            "perm2f128",
            "perm2i128",
            "pshufd",
            "permilps",
            "permilpd",
            "shufpd",
            "unpcklpd",
            "unpckhpd",
            "movddup",
            "punpcklqdq",
            "punpckhqdq",
            "broadcastsd",
            "pbroadcastq",
            "insertf128",
            "inserti128",
            "shuff64x2",
            "shufi64x2",
            "broadcastf128",
            "broadcasti128",
        ],
    },
    WideInsn {
        name: "vpbroadcast",
        arch: X86,
        operands: 1,
        domain: Domain::Any,
        feature: |g| {
            let small = g.element_bits < 32;
            x86_by_width(
                g,
                ALL,
                [
                    Some("avx2"),
                    Some("avx2"),
                    Some(if small { "avx512bw" } else { "avx512f" }),
                ],
            )
        },
        produce: Produce::Imm {
            imms: one,
            lane: |_, _, _| a(0),
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &[
            "pbroadcastb",
            "pbroadcastw",
            "pbroadcastd",
            "pbroadcastq",
            "broadcastss",
            "broadcastsd",
            "movddup",
            "pshufd",
            "permilps",
        ],
    },
    WideInsn {
        name: "vpermd",
        arch: X86,
        operands: 1,
        domain: Domain::Any,
        feature: |g| x86_by_width(g, &[32], [None, Some("avx2"), Some("avx512f")]),
        produce: Produce::Table {
            zero: false,
            span: Span::Register,
        },
        cost: 2,
        index_load: 1,
        works_on: WorksOn::Lanes,
        asm: &["permd", "permps"],
    },
    WideInsn {
        name: "valignd",
        arch: X86,
        operands: 2,
        domain: Domain::Integer,
        feature: |g| {
            x86_by_width(
                g,
                &[32, 64],
                [Some("avx512f"), Some("avx512f"), Some("avx512f")],
            )
        },
        produce: Produce::Imm {
            imms: window_imms,
            lane: window,
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &[
            "alignd",
            "alignq",
            "palignr",
            "shufps",
            "shufpd",
            "perm2f128",
            "perm2i128",
            "shuff64x2",
            "shufi64x2",
        ],
    },
    WideInsn {
        name: "vshuff64x2",
        arch: X86,
        operands: 2,
        domain: Domain::Any,
        feature: |g| x86_by_width(g, &[64], [None, None, Some("avx512f")]),
        // Blocks 0 and 1 of the result from the first operand, 2 and 3 from the second.
        produce: Produce::Imm {
            imms: |_| 256,
            lane: |g, imm, i| {
                let block = i / 2;
                let from = 2 * field(imm, block) + i % 2;
                if block < 2 {
                    a(from)
                } else {
                    b(g, from)
                }
            },
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &[
            "shuff64x2",
            "shufi64x2",
            "shuff32x4",
            "shufi32x4",
            "insertf64x4",
            "inserti64x4",
            "permq",
            "permpd",
        ],
    },
    WideInsn {
        name: "vpermt2",
        arch: X86,
        operands: 2,
        domain: Domain::Any,
        feature: |g| {
            let feature = match g.element_bits {
                8 => "avx512vbmi",
                16 => "avx512bw",
                _ => "avx512f",
            };
            x86_by_width(g, ALL, [Some(feature); 3])
        },
        // The index vector is loaded into a register (which the instruction overwrites:
        // a loop copies it, which the measurement of a slice does not see).
        produce: Produce::Table {
            zero: false,
            span: Span::Register,
        },
        cost: 2,
        index_load: 1,
        works_on: WorksOn::Lanes,
        asm: &[
            "permt2b", "permt2w", "permt2d", "permt2q", "permt2ps", "permt2pd", "permi2b",
            "permi2w", "permi2d", "permi2q", "permi2ps", "permi2pd", "permb", "permw", "permd",
            "permps", "permq", "permpd",
        ],
    },
    WideInsn {
        name: "vpermw",
        arch: X86,
        operands: 1,
        domain: Domain::Any,
        feature: |g| {
            let feature = if g.element_bits == 8 {
                "avx512vbmi"
            } else {
                "avx512bw"
            };
            x86_by_width(g, &[8, 16], [None, Some(feature), Some(feature)])
        },
        produce: Produce::Table {
            zero: false,
            span: Span::Register,
        },
        cost: 2,
        index_load: 1,
        works_on: WorksOn::Lanes,
        asm: &["permb", "permw"],
    },
    // AVX-512's truncations (`vpmovwb`, `vpmovdw`, `vpmovqd`; by 4 `vpmovdb`, `vpmovqw`;
    // by 8 `vpmovqb`): the low part of each element twice, four or eight times as wide,
    // in the low lanes, zeros above (the narrower destination's upper bits cleared).
    // What `llc` makes of such a shuffle with zeros.
    WideInsn {
        name: "vpmov.2",
        arch: X86,
        operands: 1,
        domain: Domain::Integer,
        feature: |g| {
            let feature = if g.element_bits == 8 {
                "avx512bw"
            } else {
                "avx512f"
            };
            x86_by_width(
                g,
                &[8, 16, 32],
                [Some(feature), Some(feature), Some(feature)],
            )
        },
        produce: Produce::Imm {
            imms: one,
            lane: |g, _, i| truncated(g, 2, i),
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &["vpmovwb", "vpmovdw", "vpmovqd"],
    },
    WideInsn {
        name: "vpmov.4",
        arch: X86,
        operands: 1,
        domain: Domain::Integer,
        // A quarter of 512 bits of bytes: `llc` adds a move (`vpmovdb`, `vmovdqa`).
        feature: |g| match (g.register_bits, g.element_bits) {
            (512, 8) => None,
            _ => x86_by_width(g, &[8, 16], [Some("avx512f"); 3]),
        },
        produce: Produce::Imm {
            imms: one,
            lane: |g, _, i| truncated(g, 4, i),
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &["vpmovdb", "vpmovqw"],
    },
    WideInsn {
        name: "vpmov.8",
        arch: X86,
        operands: 1,
        domain: Domain::Integer,
        // Wider, `llc` adds a move or truncates twice (`vpmovqd`, `vpmovdb`).
        feature: |g| x86_by_width(g, &[8], [Some("avx512f"), None, None]),
        produce: Produce::Imm {
            imms: one,
            lane: |g, _, i| truncated(g, 8, i),
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &["vpmovqb"],
    },
    // Zero extensions (`pmovzxbw`, `pmovzxwd`, `pmovzxdq`; by 4 `pmovzxbd`, `pmovzxwq`;
    // by 8 `pmovzxbq`): the low lanes each followed by zeros up to twice, four or eight
    // times its width.
    WideInsn {
        name: "pmovzx.2",
        arch: X86,
        operands: 1,
        domain: Domain::Integer,
        feature: |g| {
            let wide = if g.element_bits == 8 {
                "avx512bw"
            } else {
                "avx512f"
            };
            x86_by_width(g, &[8, 16, 32], [Some("sse4.1"), Some("avx2"), Some(wide)])
        },
        produce: Produce::Imm {
            imms: one,
            lane: |_, _, i| widened(2, i),
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &["pmovzxbw", "pmovzxwd", "pmovzxdq"],
    },
    WideInsn {
        name: "pmovzx.4",
        arch: X86,
        operands: 1,
        domain: Domain::Integer,
        feature: |g| x86_by_width(g, &[8, 16], [Some("sse4.1"), Some("avx2"), Some("avx512f")]),
        produce: Produce::Imm {
            imms: one,
            lane: |_, _, i| widened(4, i),
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &["pmovzxbd", "pmovzxwq"],
    },
    WideInsn {
        name: "pmovzx.8",
        arch: X86,
        operands: 1,
        domain: Domain::Integer,
        feature: |g| x86_by_width(g, &[8], [Some("sse4.1"), Some("avx2"), Some("avx512f")]),
        produce: Produce::Imm {
            imms: one,
            lane: |_, _, i| widened(8, i),
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &["pmovzxbq"],
    },
    // AArch64 NEON, on the whole register.
    WideInsn {
        name: "zip1",
        arch: A64,
        operands: 2,
        domain: Domain::Any,
        feature: |g| neon(g, ALL),
        produce: Produce::Imm {
            imms: one,
            lane: unpack_low,
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &["zip1", "mov", "uzp1", "trn1", "dup"],
    },
    WideInsn {
        name: "zip2",
        arch: A64,
        operands: 2,
        domain: Domain::Any,
        feature: |g| neon(g, ALL),
        produce: Produce::Imm {
            imms: one,
            lane: unpack_high,
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &["zip2", "uzp2", "trn2", "dup"],
    },
    WideInsn {
        name: "uzp1",
        arch: A64,
        operands: 2,
        domain: Domain::Any,
        feature: |g| neon(g, ALL),
        produce: Produce::Imm {
            imms: one,
            lane: |_, _, i| Some(Src::Lane(2 * i as u8)),
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &["uzp1", "zip1", "trn1", "mov", "xtn"],
    },
    WideInsn {
        name: "uzp2",
        arch: A64,
        operands: 2,
        domain: Domain::Any,
        feature: |g| neon(g, ALL),
        produce: Produce::Imm {
            imms: one,
            lane: |_, _, i| Some(Src::Lane(2 * i as u8 + 1)),
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &["uzp2", "zip2", "trn2"],
    },
    WideInsn {
        name: "trn1",
        arch: A64,
        operands: 2,
        domain: Domain::Any,
        feature: |g| neon(g, ALL),
        produce: Produce::Imm {
            imms: one,
            lane: |g, _, i| if i % 2 == 0 { a(i) } else { b(g, i - 1) },
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &["trn1", "zip1", "uzp1", "mov"],
    },
    WideInsn {
        name: "trn2",
        arch: A64,
        operands: 2,
        domain: Domain::Any,
        feature: |g| neon(g, ALL),
        produce: Produce::Imm {
            imms: one,
            lane: |g, _, i| if i % 2 == 0 { a(i + 1) } else { b(g, i) },
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &["trn2", "zip2", "uzp2"],
    },
    WideInsn {
        name: "ext",
        arch: A64,
        operands: 2,
        domain: Domain::Any,
        feature: |g| neon(g, &[8]),
        produce: Produce::Imm {
            imms: window_imms,
            lane: window,
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &["ext"],
    },
    WideInsn {
        name: "rev16",
        arch: A64,
        operands: 1,
        domain: Domain::Any,
        feature: |g| neon(g, &[8]),
        produce: Produce::Imm {
            imms: one,
            lane: |_, _, i| a(i ^ 1),
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &["rev16"],
    },
    WideInsn {
        name: "rev32",
        arch: A64,
        operands: 1,
        domain: Domain::Any,
        feature: |g| neon(g, &[8, 16]),
        produce: Produce::Imm {
            imms: one,
            lane: |g, _, i| a(i ^ (32 / g.element_bits as usize - 1)),
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &["rev32"],
    },
    WideInsn {
        name: "rev64",
        arch: A64,
        operands: 1,
        domain: Domain::Any,
        feature: |g| neon(g, &[8, 16, 32]),
        produce: Produce::Imm {
            imms: one,
            lane: |g, _, i| a(i ^ (64 / g.element_bits as usize - 1)),
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &["rev64"],
    },
    WideInsn {
        name: "dup",
        arch: A64,
        operands: 1,
        domain: Domain::Any,
        feature: |g| neon(g, ALL),
        produce: Produce::Imm {
            imms: |g| g.lanes() as u32,
            lane: |_, imm, _| a(imm as usize),
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &["dup", "zip1", "zip2"],
    },
    WideInsn {
        name: "ins",
        arch: A64,
        operands: 2,
        domain: Domain::Any,
        feature: |g| neon(g, ALL),
        // Lane `imm / lanes` of the result from lane `imm % lanes` of the second
        // operand, the others the first's.
        produce: Produce::Imm {
            imms: |g| (g.lanes() * g.lanes()) as u32,
            lane: |g, imm, i| {
                let n = g.lanes();
                if i == imm as usize / n {
                    b(g, imm as usize % n)
                } else {
                    a(i)
                }
            },
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &[
            "mov", "ins", "zip1", "zip2", "trn1", "trn2", "uzp1", "uzp2", "ext",
        ],
    },
    WideInsn {
        name: "tbl1",
        arch: A64,
        operands: 1,
        domain: Domain::Any,
        feature: neon_table,
        // adrp + ldr of the index, tbl. An index out of range zeroes a lane: as the
        // intrinsic (`ir::wide`); a `shufflevector` with zero lanes, `llc` compiles to
        // `tbl` and a `mov v0.b[i], wzr` per zero lane (`tests/insn_llc.rs` checks the
        // intrinsic's zero lanes with `target::insn`'s `tbl`).
        produce: Produce::Table {
            zero: true,
            span: Span::Register,
        },
        cost: 3,
        index_load: 2,
        works_on: WorksOn::Lanes,
        asm: &["tbl"],
    },
    WideInsn {
        name: "tbl2",
        arch: A64,
        operands: 2,
        domain: Domain::Any,
        feature: neon_table,
        produce: Produce::Table {
            zero: true,
            span: Span::Register,
        },
        cost: 3,
        index_load: 2,
        works_on: WorksOn::Lanes,
        asm: &["tbl"],
    },
    // RISC-V V, fixed vectors in one register (sifive-x280). Costs count no `vsetvli`
    // (shared with the code around; the measurement counts and weighs it) and no
    // `vmv1r.v` register copy, as `target::insn`'s four-lane forms.
    WideInsn {
        name: "vslideup",
        arch: RV,
        operands: 2,
        domain: Domain::Any,
        feature: |g| rvv(g, ALL),
        produce: Produce::Imm {
            imms: rvv_slides,
            lane: slide_up,
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &["vslideup.vi", "vslidedown.vi"],
    },
    WideInsn {
        name: "vslidedown",
        arch: RV,
        operands: 1,
        domain: Domain::Any,
        feature: |g| rvv(g, ALL),
        produce: Produce::Imm {
            imms: rvv_slides,
            lane: slide_down,
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        // With one lane defined, a splat of it.
        asm: &["vslidedown.vi", "vrgather.vi"],
    },
    WideInsn {
        name: "vslidedown+vslideup",
        arch: RV,
        operands: 2,
        domain: Domain::Any,
        feature: |g| rvv(g, ALL),
        produce: Produce::Imm {
            imms: rvv_window_imms,
            lane: window,
        },
        cost: 2,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &["vslidedown.vi", "vslideup.vi"],
    },
    WideInsn {
        name: "vrgather.vi",
        arch: RV,
        operands: 1,
        domain: Domain::Any,
        feature: |g| rvv(g, ALL),
        produce: Produce::Imm {
            imms: |g| (g.lanes() as u32).min(32),
            lane: |_, imm, _| a(imm as usize),
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::Lanes,
        asm: &["vrgather.vi"],
    },
    // A constant mask into `v0` (`li`, `vmv.s.x`), the merge; up to 32 lanes (the mask of
    // 64 is a 64-bit constant: `li`, `slli`, `addi`).
    WideInsn {
        name: "vmerge",
        arch: RV,
        operands: 2,
        domain: Domain::Any,
        feature: |g| rvv(g, ALL).filter(|_| g.lanes() <= 32),
        produce: Produce::Imm {
            imms: low_lanes,
            lane: blend,
        },
        cost: 3,
        index_load: 0,
        works_on: WorksOn::Widest,
        asm: &["vmerge.vvm"],
    },
    // `a + b` widened, plus `b × (2^SEW - 1)`: the low halves interleaved (`li` of -1).
    WideInsn {
        name: "vwaddu+vwmaccu",
        arch: RV,
        operands: 2,
        domain: Domain::Any,
        feature: |g| rvv(g, &[8, 16, 32]),
        produce: Produce::Imm {
            imms: one,
            lane: |g, _, i| if i % 2 == 0 { a(i / 2) } else { b(g, i / 2) },
        },
        cost: 3,
        index_load: 0,
        works_on: WorksOn::HalfLanes,
        asm: &["vwaddu.vv", "vwmaccu.vx"],
    },
    // The even (shift 0) or odd lanes, on elements twice as wide narrowed; the odd
    // lanes of 32 bits need a shift by 32, no 5-bit immediate (`li` of 32 and
    // `vnsrl.wx`).
    WideInsn {
        name: "vnsrl",
        arch: RV,
        operands: 1,
        domain: Domain::Any,
        feature: |g| rvv(g, &[8, 16, 32]),
        produce: Produce::Imm {
            imms: |g| if g.element_bits == 32 { 1 } else { 2 },
            lane: narrowed,
        },
        cost: 1,
        index_load: 0,
        works_on: WorksOn::HalfLanes,
        asm: &["vnsrl.wi"],
    },
    WideInsn {
        name: "vnsrl.32",
        arch: RV,
        operands: 1,
        domain: Domain::Any,
        feature: |g| rvv(g, &[32]),
        produce: Produce::Imm {
            imms: one,
            lane: |g, _, i| narrowed(g, 1, i),
        },
        cost: 2,
        index_load: 0,
        works_on: WorksOn::HalfLanes,
        asm: &["vnsrl.wx"],
    },
    // Pairs swapped: elements twice as wide rotated by one (`vsrl`, `vsll`, `vor`; by
    // 32, `li` too).
    WideInsn {
        name: "vsll+vsrl+vor",
        arch: RV,
        operands: 1,
        domain: Domain::Any,
        feature: |g| rvv(g, &[8, 16]),
        produce: Produce::Imm {
            imms: one,
            lane: |_, _, i| a(i ^ 1),
        },
        cost: 3,
        index_load: 0,
        works_on: WorksOn::Pairs,
        asm: &["vsll.vi", "vsrl.vi", "vor.vv"],
    },
    WideInsn {
        name: "vsll+vsrl+vor.32",
        arch: RV,
        operands: 1,
        domain: Domain::Any,
        feature: |g| rvv(g, &[32]),
        produce: Produce::Imm {
            imms: one,
            lane: |_, _, i| a(i ^ 1),
        },
        cost: 4,
        index_load: 0,
        works_on: WorksOn::Pairs,
        asm: &["vsll.vx", "vsrl.vx", "vor.vv"],
    },
    // Any lanes of one register: the index loaded (`lui`, `addi`, `vle`), the gather.
    // What `llc` makes of a one-register shuffle it has nothing better for; by the
    // scheduling model it weighs 13 to 69 cycles on sifive-x280 against 1 to 3 for the
    // others, which the instruction count does not say (`pass::select_wide` leaves it to
    // the measurement).
    WideInsn {
        name: "vrgather.vv",
        arch: RV,
        operands: 1,
        domain: Domain::Any,
        feature: |g| rvv(g, ALL),
        produce: Produce::Table {
            zero: false,
            span: Span::Register,
        },
        cost: 4,
        index_load: 3,
        works_on: WorksOn::Lanes,
        asm: &["vrgather.vv", "vrgatherei16.vv"],
    },
];

/// What one output lane must be: any (`None`, a poison lane), a lane of the operands
/// (`Src::Lane`: the first's `0..lanes`, the second's from `lanes`), or zero.
pub type Demand = Option<Src>;

/// The demand of a `shufflevector` mask (negative: poison).
pub fn demand_of(mask: &[i32]) -> Vec<Demand> {
    mask.iter()
        .map(|&m| u8::try_from(m).ok().map(Src::Lane))
        .collect()
}

/// The demand `demand` (on `from`-bit elements) on `to`-bit elements: each lane split,
/// or aligned groups of lanes joined where they move together; `None` where they do
/// not.
pub fn resize(demand: &[Demand], from: u32, to: u32) -> Option<Vec<Demand>> {
    if to <= from {
        let f = (from / to) as usize;
        return Some(
            demand
                .iter()
                .flat_map(|&d| {
                    (0..f).map(move |k| match d {
                        Some(Src::Lane(l)) => Some(Src::Lane((l as usize * f + k) as u8)),
                        other => other,
                    })
                })
                .collect(),
        );
    }
    let f = (to / from) as usize;
    if demand.len() % f != 0 {
        return None;
    }
    demand
        .chunks(f)
        .map(|group| {
            let defined = group
                .iter()
                .enumerate()
                .filter_map(|(k, d)| d.map(|s| (k, s)));
            let mut joined: Option<Demand> = Some(None);
            for (k, s) in defined {
                let this = match s {
                    Src::Zero => Src::Zero,
                    Src::Lane(l) => {
                        let base = (l as usize).checked_sub(k)?;
                        if base % f != 0 {
                            return None;
                        }
                        Src::Lane((base / f) as u8)
                    }
                };
                match joined {
                    Some(Some(prev)) if prev != this => return None,
                    _ => joined = Some(Some(this)),
                }
            }
            joined
        })
        .collect()
}

/// What `insn` at `g` costs where it gives every lane `demand` asks for (which reads
/// one register if `one_source`: then the instruction's second operand is that register
/// too), the cheapest of its immediates that do; `None` where none does.
/// Where each output lane of an instruction's fixed forms can come from, over all its
/// immediates: a demand that wants a lane from elsewhere needs no look at each form
/// (most instructions, for most register shuffles).
struct Reach {
    /// Per output lane: the operand lanes (bit `l`: lane `l` of the two operands) and
    /// whether zero.
    lanes: Vec<(u128, bool)>,
}

impl Reach {
    fn allows(&self, demand: &[Demand], one_source: bool) -> bool {
        let n = self.lanes.len();
        demand
            .iter()
            .zip(&self.lanes)
            .all(|(d, &(from, zero))| match d {
                None => true,
                Some(Src::Zero) => zero,
                Some(Src::Lane(l)) => {
                    let l = *l as usize;
                    from >> l & 1 == 1 || (one_source && from >> ((l + n) % (2 * n)) & 1 == 1)
                }
            })
    }
}

/// The [`Reach`] of `WIDE[index]` at `g`, worked out once per process.
fn reach(index: usize, insn: &WideInsn, g: Geometry) -> Arc<Reach> {
    type Known = HashMap<(usize, u32, u32), Arc<Reach>>;
    static KNOWN: OnceLock<Mutex<Known>> = OnceLock::new();
    let key = (index, g.register_bits, g.element_bits);
    let known = KNOWN.get_or_init(Default::default);
    if let Some(reach) = known.lock().map_or(None, |k| k.get(&key).cloned()) {
        return reach;
    }
    let n = g.lanes();
    let lanes = match insn.produce {
        // A table reaches everything (its own check is cheap).
        Produce::Table { .. } => vec![(u128::MAX, true); n],
        Produce::Imm { imms, lane } => (0..n)
            .map(|i| {
                (0..imms(g)).fold((0u128, false), |(from, zero), imm| match lane(g, imm, i) {
                    Some(Src::Lane(l)) => (from | 1u128.checked_shl(l as u32).unwrap_or(0), zero),
                    Some(Src::Zero) => (from, true),
                    None => (from, zero),
                })
            })
            .collect(),
    };
    let reach = Arc::new(Reach { lanes });
    if let Ok(mut k) = known.lock() {
        k.insert(key, reach.clone());
    }
    reach
}

fn price(
    insn: &WideInsn,
    g: Geometry,
    demand: &[Demand],
    one_source: bool,
    cx: Context,
) -> Option<u32> {
    let n = g.lanes();
    let reads_b = demand
        .iter()
        .any(|d| matches!(d, Some(Src::Lane(l)) if *l as usize >= n));
    if reads_b && insn.operands == 1 {
        return None;
    }
    let same = |want: Src, got: Src| match (want, got) {
        (Src::Lane(w), Src::Lane(g)) if one_source => w as usize == g as usize % n,
        (w, g) => w == g,
    };
    match insn.produce {
        Produce::Imm { imms, lane } => (0..imms(g))
            .filter(|&imm| {
                demand.iter().enumerate().all(|(i, d)| {
                    d.map_or(true, |want| {
                        lane(g, imm, i).is_some_and(|got| same(want, got))
                    })
                })
            })
            .map(|imm| form_cost(insn, g, imm, cx.float, cx.has, cx.in_loop))
            .min(),
        Produce::Table { zero, span } => {
            let fits = demand.iter().enumerate().all(|(i, d)| match d {
                None => true,
                Some(Src::Zero) => zero,
                Some(Src::Lane(l)) => span.admits(g, *l as usize % n, i),
            });
            fits.then(|| form_cost(insn, g, 0, cx.float, cx.has, cx.in_loop))
        }
    }
}

/// A form `llc` compiles otherwise than its entry says on some CPUs (LLVM 22, measured
/// by `tests/insn_llc.rs`), and what it costs there.
pub struct Otherwise {
    pub insn: &'static str,
    /// The feature of the CPUs where `llc` does otherwise (the first entry that applies
    /// counts).
    pub feature: &'static str,
    pub geometry: Geometry,
    /// Floating-point elements or not; `None`, either.
    pub float: Option<bool>,
    /// The immediate (0 for a table).
    pub imm: u32,
    pub cost: u32,
    /// The part of `cost` a loop hoists.
    pub hoisted: u32,
}

/// Every such form.
pub const OTHERWISE: &[Otherwise] = &[
    // `<0, 2, 4, 6>` of two `<4 x i32>`: AVX-512 joins them and truncates (`vinserti128`,
    // `vpmovqd`).
    Otherwise {
        insn: "shufps",
        feature: "avx512f",
        geometry: Geometry {
            register_bits: 128,
            element_bits: 32,
        },
        float: Some(false),
        imm: 0x88,
        cost: 2,
        hoisted: 0,
    },
    // A blend of 64-bit pairs of `<16 x i32>`: a masked move (`movb`, `kmovd`,
    // `vmovdqa64`), the mask set up once outside a loop.
    Otherwise {
        insn: "shufps",
        feature: "avx512f",
        geometry: Geometry {
            register_bits: 512,
            element_bits: 32,
        },
        float: Some(false),
        imm: 0xe4,
        cost: 3,
        hoisted: 2,
    },
    // A byte blend: with AVX-512BW a masked move (`movw`/`movl`, `kmovd`, `vmovdqu8`);
    // with AVX the mask any register (`vmovdqa`, `vpblendvb`), where SSE4.1's must be
    // `xmm0` (the operand there moved out of the way, as the entry counts).
    byte_blend("avx512bw", 128, 3, 2),
    byte_blend("avx512bw", 256, 3, 2),
    byte_blend("avx", 128, 2, 1),
    byte_blend("avx2", 256, 2, 1),
];

const fn byte_blend(
    feature: &'static str,
    register_bits: u32,
    cost: u32,
    hoisted: u32,
) -> Otherwise {
    Otherwise {
        insn: "pblendvb",
        feature,
        geometry: Geometry {
            register_bits,
            element_bits: 8,
        },
        float: None,
        imm: 0,
        cost,
        hoisted,
    }
}

/// What `insn` at `g` with immediate `imm` costs on a CPU with the features `has`
/// answers: its cost, or what `llc` does otherwise ([`OTHERWISE`]).
pub fn form_cost(
    insn: &WideInsn,
    g: Geometry,
    imm: u32,
    float: bool,
    has: &dyn Fn(&str) -> bool,
    in_loop: bool,
) -> u32 {
    let otherwise = OTHERWISE.iter().find(|o| {
        o.insn == insn.name
            && o.geometry == g
            && o.float.map_or(true, |f| f == float)
            && o.imm == imm
            && has(o.feature)
    });
    match otherwise {
        Some(o) if in_loop => o.cost - o.hoisted,
        Some(o) => o.cost,
        None => insn.cost_at(in_loop),
    }
}

/// The demand with its operands swapped, and with a demand that reads only the second
/// operand moved to the first.
fn swapped(demand: &[Demand], n: usize) -> Vec<Demand> {
    demand
        .iter()
        .map(|d| match *d {
            Some(Src::Lane(l)) => Some(Src::Lane(((l as usize + n) % (2 * n)) as u8)),
            other => other,
        })
        .collect()
}

/// The register shuffle to price: its target, its register and elements.
#[derive(Copy, Clone)]
pub struct Context<'a> {
    pub arch: Arch,
    /// Whether the function has a feature (LLVM's name).
    pub has: &'a dyn Fn(&str) -> bool,
    pub register_bits: u32,
    pub element_bits: u32,
    /// Floating-point elements (see [`WideInsn::domain`]).
    pub float: bool,
    /// In a loop: index loads hoisted.
    pub in_loop: bool,
}

/// The cheapest single instruction that does `demand`, a shuffle filling one register
/// as `cx` says, and its cost there. `None` where no one instruction does it.
pub fn cheapest(cx: Context, demand: &[Demand]) -> Option<(u32, &'static WideInsn)> {
    Menu::new(cx).cheapest(demand)
}

/// The instructions (with their places in [`WIDE`]) a register shuffle of `cx` may use,
/// by element size: every size the register holds two of, widest first.
pub fn offered(cx: Context) -> Vec<(Geometry, Vec<(usize, &'static WideInsn)>)> {
    let Context {
        arch,
        has,
        register_bits,
        element_bits,
        float,
        ..
    } = cx;
    // Elements the table knows (not `i1` masks, not pointers).
    let known = matches!(element_bits, 8 | 16 | 32 | 64);
    // On RISC-V V the shuffle's own element size first (searches keep the first of
    // equal forms): another needs its own `vsetvli`, and 64-bit elements a whole
    // register where the shuffle's take a fraction of one.
    let mut sizes = [64u32, 32, 16, 8];
    if arch == Arch::RiscV64 {
        sizes.sort_by_key(|&size| size != element_bits);
    }
    sizes
        .into_iter()
        .filter(|&size| known && register_bits / size >= 2)
        .map(|size| {
            let g = Geometry {
                register_bits,
                element_bits: size,
            };
            let insns = WIDE
                .iter()
                .enumerate()
                .filter(|(_, i)| i.arch == arch && i.domain.admits(float))
                .filter(|(_, i)| (i.feature)(g).is_some_and(has))
                .collect();
            (g, insns)
        })
        .collect()
}

/// The instructions a register shuffle of one context may use, by element size, each
/// with its [`Reach`]: made once for the many masks of one context (a network's search
/// prices hundreds).
pub struct Menu<'a> {
    cx: Context<'a>,
    sizes: Vec<(Geometry, Vec<Offer>)>,
}

/// An instruction a [`Menu`] offers at one element size, and its reach there.
type Offer = (&'static WideInsn, Arc<Reach>);

impl<'a> Menu<'a> {
    pub fn new(cx: Context<'a>) -> Menu<'a> {
        let sizes = offered(cx)
            .into_iter()
            .map(|(g, insns)| {
                let insns = insns
                    .into_iter()
                    .map(|(index, insn)| (insn, reach(index, insn, g)))
                    .collect();
                (g, insns)
            })
            .collect();
        Menu { cx, sizes }
    }

    /// [`cheapest`] for a demand of this menu's context.
    pub fn cheapest(&self, demand: &[Demand]) -> Option<(u32, &'static WideInsn)> {
        let cx = self.cx;
        // Filling the register.
        if demand.len() as u32 * cx.element_bits != cx.register_bits {
            return None;
        }
        let mut best: Option<(u32, &'static WideInsn)> = None;
        for (g, insns) in &self.sizes {
            let g = *g;
            let Some(resized) = resize(demand, cx.element_bits, g.element_bits) else {
                continue;
            };
            let n = g.lanes();
            let reads = |want_b: bool| {
                resized
                    .iter()
                    .any(|d| matches!(d, Some(Src::Lane(l)) if (*l as usize >= n) == want_b))
            };
            let (reads_a, reads_b) = (reads(false), reads(true));
            let one_source = !(reads_a && reads_b);
            let forms = if reads_b && !reads_a {
                vec![swapped(&resized, n)]
            } else if one_source {
                vec![resized]
            } else {
                let other = swapped(&resized, n);
                vec![resized, other]
            };
            for (insn, reach) in insns {
                let Some(cost) = forms
                    .iter()
                    .filter(|d| reach.allows(d, one_source))
                    .filter_map(|d| price(insn, g, d, one_source, cx))
                    .min()
                else {
                    continue;
                };
                // On a tie, a fixed instruction over a table (its index is a constant).
                let table = matches!(insn.produce, Produce::Table { .. });
                if best.is_some_and(|(c, _)| c < cost || (c == cost && table)) {
                    continue;
                }
                best = Some((cost, *insn));
            }
        }
        best
    }
}

/// Whether a function of `desc` has a feature, as the descriptions name them (`None`
/// where the target has no descriptions).
pub fn feature_test(desc: &super::TargetDesc) -> Option<impl Fn(&str) -> bool + '_> {
    let level = super::insn::level(desc)?;
    Some(move |f: &str| match desc.arch() {
        Arch::AArch64 => f == "neon",
        Arch::RiscV64 => f == "v",
        _ => x86_has(level, &desc.cpu, &|f| desc.has_feature(f), f),
    })
}

/// Whether an x86 function with the base feature level `level` (see
/// [`super::insn::level`]) and the features `has_feature` answers has `feature`
/// (AVX-512BW and VBMI are not levels: `x86-64-v4` implies BW).
pub fn x86_has(level: &str, cpu: &str, has_feature: &dyn Fn(&str) -> bool, feature: &str) -> bool {
    match feature {
        "avx512bw" => {
            super::insn::level_has(level, "avx512f") && (cpu == "x86-64-v4" || has_feature(feature))
        }
        "avx512vbmi" => super::insn::level_has(level, "avx512f") && has_feature(feature),
        "neon" => false,
        f => super::insn::level_has(level, f),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find(name: &str) -> &'static WideInsn {
        WIDE.iter().find(|i| i.name == name).unwrap()
    }

    #[test]
    fn a_setting_for_the_first_shape_and_each_change() {
        assert_eq!(settings([]), 0);
        // Two byte loads, two slides of 16-bit lanes, a widening of half of them.
        assert_eq!(settings([(8, 16), (8, 16), (16, 8), (16, 8), (16, 4)]), 3);
        assert_eq!(settings([(16, 8), (8, 16), (16, 8)]), 3);
    }

    #[test]
    fn a_blend_of_pairs_works_on_elements_twice_as_wide() {
        let g = Geometry {
            register_bits: 128,
            element_bits: 16,
        };
        let blend = find("vmerge");
        let lanes = |from: &[usize]| -> Vec<Lane> { from.iter().map(|&l| a(l)).collect() };
        // Pairs of either operand: 32-bit elements; quadruples: 64-bit.
        assert_eq!(
            blend
                .works_on
                .shape(g, &lanes(&[0, 1, 10, 11, 4, 5, 14, 15])),
            (32, 4)
        );
        assert_eq!(
            blend
                .works_on
                .shape(g, &lanes(&[0, 1, 2, 3, 12, 13, 14, 15])),
            (64, 2)
        );
        // A pair out of order, or split, stays at 16 bits; an undefined lane fits any.
        assert_eq!(
            blend.works_on.shape(g, &lanes(&[1, 0, 2, 3, 4, 5, 6, 7])),
            (16, 8)
        );
        assert_eq!(
            blend.works_on.shape(g, &lanes(&[0, 9, 2, 3, 4, 5, 6, 7])),
            (16, 8)
        );
        let mut undefined = lanes(&[0, 1, 10, 11, 4, 5, 14, 15]);
        undefined[1] = None;
        assert_eq!(blend.works_on.shape(g, &undefined), (32, 4));
    }

    const YMM32: Geometry = Geometry {
        register_bits: 256,
        element_bits: 32,
    };

    /// Networks price a register shuffle no instruction describes at one at least and
    /// read only measured prices below that (`pass::network`): every description costs
    /// one at least, in a loop too.
    #[test]
    fn every_description_costs_one_at_least() {
        for insn in WIDE {
            assert!(insn.cost > insn.index_load, "{}", insn.name);
        }
        for o in OTHERWISE {
            assert!(o.cost > o.hoisted, "{}", o.insn);
        }
    }

    #[test]
    fn decoded_like_x86_shuffle_decode() {
        let lanes = |name, g, imm| -> Vec<i32> {
            find(name)
                .lanes(g, imm)
                .unwrap()
                .iter()
                .map(|s| match s {
                    Some(Src::Lane(l)) => *l as i32,
                    Some(Src::Zero) => -1,
                    None => -2,
                })
                .collect()
        };
        // vunpcklps ymm: per block.
        assert_eq!(lanes("punpckl", YMM32, 0), [0, 8, 1, 9, 4, 12, 5, 13]);
        assert_eq!(lanes("punpckh", YMM32, 0), [2, 10, 3, 11, 6, 14, 7, 15]);
        // vshufps $0x44 ymm: a0 a1 b0 b1 per block.
        assert_eq!(lanes("shufps", YMM32, 0x44), [0, 1, 8, 9, 4, 5, 12, 13]);
        // vperm2f128 $0x31 (1 | 3 << 2): the first's high half, the second's high half.
        let q = Geometry {
            register_bits: 256,
            element_bits: 64,
        };
        assert_eq!(lanes("vperm2f128", q, 1 | 3 << 2), [2, 3, 6, 7]);
        // vpermq $0x1b: reverse.
        assert_eq!(lanes("vpermq", q, 0x1b), [3, 2, 1, 0]);
        // ext #4 on bytes (imm 3).
        let b16 = Geometry {
            register_bits: 128,
            element_bits: 8,
        };
        assert_eq!(lanes("ext", b16, 3)[..3], [4, 5, 6]);
        assert_eq!(lanes("rev32", b16, 0)[..4], [3, 2, 1, 0]);
    }

    #[test]
    fn resize_joins_aligned_groups_only() {
        let d = demand_of(&[2, 3, -1, 1, 6, -1]);
        assert_eq!(resize(&d, 16, 32), Some(demand_of(&[1, 0, 3])));
        assert_eq!(resize(&demand_of(&[1, 2]), 16, 32), None);
        assert_eq!(
            resize(&demand_of(&[1, -1]), 32, 16),
            Some(demand_of(&[2, 3, -1, -1]))
        );
    }

    #[test]
    fn cheapest_finds_one_instruction() {
        let avx2 = |f: &str| x86_has("avx2", "x86-64-v3", &|_| false, f);
        let cx = |has, register_bits, element_bits, arch, in_loop| Context {
            arch,
            has,
            register_bits,
            element_bits,
            float: false,
            in_loop,
        };
        let name = |mask: &[i32], bits: u32, elem: u32| {
            cheapest(cx(&avx2, bits, elem, Arch::X86_64, false), &demand_of(mask))
                .map(|(c, i)| (c, i.name))
        };
        // vunpcklps ymm, also as i16 pairs.
        assert_eq!(
            name(&[0, 8, 1, 9, 4, 12, 5, 13], 256, 32),
            Some((1, "punpckl"))
        );
        assert_eq!(
            name(
                &[0, 1, 16, 17, 2, 3, 18, 19, 8, 9, 24, 25, 10, 11, 26, 27],
                256,
                16
            ),
            Some((1, "punpckl"))
        );
        // The second operand first: the same instruction, operands swapped.
        assert_eq!(
            name(&[8, 0, 9, 1, 12, 4, 13, 5], 256, 32),
            Some((1, "punpckl"))
        );
        // Across blocks, one source: vpermq; any 32-bit permutation: vpermd.
        assert_eq!(
            name(&[6, 7, 4, 5, 2, 3, 0, 1], 256, 32),
            Some((1, "vpermq"))
        );
        assert_eq!(
            name(&[7, 6, 5, 4, 3, 2, 1, 0], 256, 32),
            Some((2, "vpermd"))
        );
        // `i1` lanes: not described.
        assert_eq!(name(&[1, 0, 3, 2, 5, 4, 7, 6], 8, 1), None);
        // Across blocks from two sources: none on AVX2.
        assert_eq!(name(&[0, 8, 1, 9, 2, 10, 3, 11], 256, 32), None);
        let v4 = |f: &str| x86_has("avx512f", "x86-64-v4", &|_| false, f);
        let got = cheapest(
            cx(&v4, 256, 32, Arch::X86_64, false),
            &demand_of(&[0, 8, 1, 9, 2, 10, 3, 11]),
        );
        assert_eq!(got.map(|(c, i)| (c, i.name)), Some((2, "vpermt2")));
        // In a loop `vpermt2` costs one too (its index hoisted); where an immediate form
        // does as well it is the one named (the networks price a table's copy on top).
        for mask in [
            [0, 8, 1, 9, 4, 12, 5, 13],
            [0, 1, 8, 9, 4, 5, 12, 13],
            [0, 2, 8, 10, 4, 6, 12, 14],
            [2, 3, 10, 11, 6, 7, 14, 15],
        ] {
            let got = cheapest(cx(&v4, 256, 32, Arch::X86_64, true), &demand_of(&mask));
            let table = got.is_some_and(|(_, i)| matches!(i.produce, Produce::Table { .. }));
            assert!(
                got.is_some() && !table,
                "{mask:?}: {:?}",
                got.map(|(_, i)| i.name)
            );
        }
        // AArch64: zip1 on bytes; uzp1 of 16-bit lanes.
        let neon = |f: &str| f == "neon";
        let z: Vec<i32> = (0..16)
            .map(|i| if i % 2 == 0 { i / 2 } else { 16 + i / 2 })
            .collect();
        let got = cheapest(cx(&neon, 128, 8, Arch::AArch64, false), &demand_of(&z));
        assert_eq!(got.map(|(c, i)| (c, i.name)), Some((1, "zip1")));
        let u: Vec<i32> = (0..8).map(|i| 2 * i).collect();
        let got = cheapest(cx(&neon, 128, 16, Arch::AArch64, true), &demand_of(&u));
        assert_eq!(got.map(|(c, i)| (c, i.name)), Some((1, "uzp1")));
    }

    /// Whatever register a caller asks about (a network's may be 2048 bits), no
    /// instruction offers a form of more than 64 lanes: a [`Reach`] holds the lanes of
    /// two operands in 128 bits (a RISC-V V form at 1024 bits shifted past them).
    #[test]
    fn no_form_has_more_lanes_than_a_reach_holds() {
        for insn in WIDE {
            for register_bits in [64, 128, 256, 512, 1024, 2048, 4096] {
                for element_bits in [8, 16, 32, 64] {
                    let g = Geometry {
                        register_bits,
                        element_bits,
                    };
                    if (insn.feature)(g).is_some() {
                        assert!(g.lanes() <= 64, "{} at {g:?}", insn.name);
                    }
                }
            }
        }
    }

    #[test]
    fn every_form_fits_its_register() {
        for insn in WIDE {
            for (g, _) in insn.forms() {
                for imm in 0..insn.imms(g).min(300) {
                    let Some(lanes) = insn.lanes(g, imm) else {
                        continue;
                    };
                    let sources = insn.operands as usize * g.lanes();
                    assert!(
                        lanes.iter().all(|s| match s {
                            Some(Src::Lane(l)) => (*l as usize) < sources,
                            _ => true,
                        }),
                        "{} at {g:?} imm {imm}: {lanes:?}",
                        insn.name
                    );
                }
            }
        }
    }
}
