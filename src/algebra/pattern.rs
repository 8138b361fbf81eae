//! The pattern catalogue: what a shuffle does, as a named pattern with parameters.
//!
//! Recognition does not work on raw masks but on a [`View`]: the canonical form of the
//! shuffle (see [`crate::algebra::canon`]), its operands padded to a power of two (seed 000,
//! "Canonical Vector Size"), and each output lane reduced to a [`Sym`]: don't-care
//! (poison, undef), zero, or lane `g` of the concatenated sources.
//!
//! Each pattern is described by the lanes it produces ([`Pattern::lanes`]), the way
//! LLVM's X86ShuffleDecode describes instructions by the masks they produce: that one
//! function is the pattern's meaning, and recognition is checked against it (a pattern
//! recognised for a view must produce every lane the view defines).
//! [`crate::algebra::signature`] finds the pattern of a view in one pass.

use std::fmt;

use crate::algebra::canon;
use crate::algebra::shuffle::{OperandKind, Shuffle};

/// One output lane, as recognition sees it.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Sym {
    /// Poison or undef: any value will do.
    Any,
    /// Zero, from a zero operand.
    Zero,
    /// Lane `g` of the concatenation of the sources (`g < n`: first, else second).
    Src(usize),
}

/// How many variable sources a view reads.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Sources {
    /// No source lane: only zeros and don't-cares.
    None,
    /// The first operand only (perhaps with zero lanes).
    One,
    /// Both operands.
    Two,
}

/// The shape recognition works on.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct View {
    pub lanes: Vec<Sym>,
    /// Lanes of each source, a power of two.
    pub n: usize,
    pub sources: Sources,
    /// Some output lane is zero.
    pub has_zero: bool,
}

impl View {
    /// The view of a shuffle: canonical form, power-of-two operands, symbolic lanes.
    pub fn of(shuffle: &Shuffle) -> View {
        let canonical = canon::canonical_shuffle(shuffle);
        let n = canonical.source_lanes;
        let padded = n.next_power_of_two();
        let lanes: Vec<Sym> = (0..canonical.mask.len())
            .map(|i| match canonical.mask.source(i, n) {
                None => Sym::Any,
                Some((side, lane)) => match canonical.kind(side) {
                    _ if canonical.is_poison_element(side, lane) => Sym::Any,
                    OperandKind::Poison | OperandKind::Undef => Sym::Any,
                    OperandKind::Zero => Sym::Zero,
                    _ => Sym::Src(side.index() * padded + lane),
                },
            })
            .collect();
        View::new(lanes, padded)
    }

    /// A view of given lanes over sources of `n` lanes.
    pub fn new(lanes: Vec<Sym>, n: usize) -> View {
        let mut sources = Sources::None;
        let mut has_zero = false;
        for &s in &lanes {
            match s {
                Sym::Src(g) if g >= n => sources = Sources::Two,
                Sym::Src(_) if sources == Sources::None => sources = Sources::One,
                Sym::Zero => has_zero = true,
                _ => {}
            }
        }
        View {
            lanes,
            n,
            sources,
            has_zero,
        }
    }

    pub fn len(&self) -> usize {
        self.lanes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.lanes.is_empty()
    }

    /// Lanes of the concatenated sources the view can read.
    pub fn total(&self) -> usize {
        match self.sources {
            Sources::Two => 2 * self.n,
            _ => self.n,
        }
    }

    /// Whether `produced` gives every lane this view defines (don't-cares may differ).
    /// `produced` where this view defines lanes, don't-care elsewhere: what a pattern
    /// recognised for the view has to give.
    pub fn restrict(&self, produced: &[Sym]) -> Vec<Sym> {
        self.lanes
            .iter()
            .zip(produced)
            .map(|(&want, &got)| if want == Sym::Any { Sym::Any } else { got })
            .collect()
    }

    pub fn refined_by(&self, produced: &[Sym]) -> bool {
        produced.len() == self.lanes.len()
            && self
                .lanes
                .iter()
                .zip(produced)
                .all(|(&want, &got)| want == Sym::Any || want == got)
    }
}

/// A shuffle pattern with its parameters. Lanes are numbered in the concatenation of
/// the sources (`n` lanes each), output lanes `i` in `0..m`; "A" is the first source.
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub enum Pattern {
    /// Every lane don't-care (reads only undef or poison).
    Undefined,
    /// Every lane zero.
    Zero,
    /// `A`. (LLVM: identity.)
    Identity,
    /// `A[lane]` in every lane.
    Broadcast { lane: usize },
    /// `A[n-1-i]`.
    Reverse,
    /// `A[(i + by) mod n]`, `0 < by < n`: lanes move down by `by` (up by `n - by`).
    Rotate { by: usize },
    /// `A[i + by]`, zero in the top `by` lanes: towards lane 0 (x86: psrldq).
    ShiftDown { by: usize },
    /// Zero in the bottom `by` lanes, then `A[i - by]`: away from lane 0 (x86: pslldq).
    ShiftUp { by: usize },
    /// `A[from + i/factor]` in lanes `i ≡ 0 (mod factor)`, zero in the others.
    ZeroExtend { factor: usize, from: usize },
    /// `A[i * factor]`, `m * factor = n`: the low parts of wider elements.
    Truncate { factor: usize },
    /// Output part `part` (of `m` lanes) of the interleave of `factor` streams of
    /// `stream` lanes each, stream `s` starting at lane `s * stream`:
    /// lane `j = part*m + i` reads `(j mod factor) * stream + j / factor`.
    Interleave {
        factor: usize,
        stream: usize,
        part: usize,
    },
    /// `G[i * factor + index]`: every `factor`-th lane from `index`.
    Deinterleave { factor: usize, index: usize },
    /// `A[i]` or `B[i]` (or zero) in each lane; `second` marks the lanes not from `A`.
    Blend { second: Vec<bool> },
    /// `A` at the kept lanes, in order, then zeros (parallel extract).
    Compress { kept: Vec<usize> },
    /// `A[0], A[1], ...` at the given lanes, zeros between (parallel deposit).
    Expand { at: Vec<usize> },
    /// `A` then `B` (`m = 2n`).
    Concat,
    /// `A[index + i]`, `m < n`.
    Extract { index: usize },
    /// `A`, with `B[0..len]` in lanes `index..index+len`.
    Insert { index: usize, len: usize },
    /// `G[i + offset]`: a window of the concatenation (x86: palignr, AArch64: ext).
    Splice { offset: usize },
    /// `A[from + i / factor]`: each lane repeated `factor` times.
    Replicate { factor: usize, from: usize },
    /// Output lane `i` reads the lane whose index bits are those of `i` moved: bit `j`
    /// of `i` becomes bit `bits[j]` of the source index (seed 004: transposes).
    BitPermutation { bits: Vec<u8> },
    /// Anything else: a general permutation of one or two sources (maybe with zeros).
    Permute { sources: Sources, zero: bool },
}

impl Pattern {
    /// The lanes the pattern produces for sources of `n` lanes and `m` output lanes.
    /// This is the definition of each pattern.
    pub fn lanes(&self, n: usize, m: usize) -> Vec<Sym> {
        use Sym::{Src, Zero};
        let each = |f: &dyn Fn(usize) -> Sym| (0..m).map(f).collect::<Vec<_>>();
        match self {
            Pattern::Undefined => vec![Sym::Any; m],
            Pattern::Zero => vec![Zero; m],
            Pattern::Identity => each(&Src),
            Pattern::Broadcast { lane } => vec![Src(*lane); m],
            // Lanes past the source (a longer output) are don't-care, never a panic.
            Pattern::Reverse => each(&|i| n.checked_sub(i + 1).map_or(Sym::Any, Src)),
            Pattern::Rotate { by } => each(&|i| Src((i + by) % n)),
            Pattern::ShiftDown { by } => each(&|i| if i + by < n { Src(i + by) } else { Zero }),
            Pattern::ShiftUp { by } => each(&|i| if i >= *by { Src(i - by) } else { Zero }),
            Pattern::ZeroExtend { factor, from } => each(&|i| {
                if i % factor == 0 {
                    Src(from + i / factor)
                } else {
                    Zero
                }
            }),
            Pattern::Truncate { factor } => each(&|i| Src(i * factor)),
            Pattern::Interleave {
                factor,
                stream,
                part,
            } => each(&|i| {
                let j = part * m + i;
                Src((j % factor) * stream + j / factor)
            }),
            Pattern::Deinterleave { factor, index } => each(&|i| Src(i * factor + index)),
            Pattern::Blend { second } => each(&|i| if second[i] { Src(n + i) } else { Src(i) }),
            Pattern::Compress { kept } => each(&|i| kept.get(i).map_or(Zero, |&l| Src(l))),
            Pattern::Expand { at } => {
                let mut lanes = vec![Zero; m];
                for (k, &pos) in at.iter().enumerate() {
                    lanes[pos] = Src(k);
                }
                lanes
            }
            Pattern::Concat => each(&Src),
            Pattern::Extract { index } => each(&|i| Src(index + i)),
            Pattern::Insert { index, len } => each(&|i| {
                if i >= *index && i < index + len {
                    Src(n + i - index)
                } else {
                    Src(i)
                }
            }),
            Pattern::Splice { offset } => each(&|i| Src(i + offset)),
            Pattern::Replicate { factor, from } => each(&|i| Src(from + i / factor)),
            Pattern::BitPermutation { bits } => each(&|i| Src(permute_bits(i, bits))),
            // A general permutation has no lanes of its own: recognition keeps the view's.
            Pattern::Permute { .. } => vec![Sym::Any; m],
        }
    }

    /// A short name, for remarks, statistics and `shuf explain`.
    pub fn name(&self) -> &'static str {
        match self {
            Pattern::Undefined => "undefined",
            Pattern::Zero => "zero",
            Pattern::Identity => "identity",
            Pattern::Broadcast { .. } => "broadcast",
            Pattern::Reverse => "reverse",
            Pattern::Rotate { .. } => "rotate",
            Pattern::ShiftDown { .. } => "shift-down-zero",
            Pattern::ShiftUp { .. } => "shift-up-zero",
            Pattern::ZeroExtend { .. } => "zero-extend",
            Pattern::Truncate { .. } => "truncate",
            Pattern::Interleave { .. } => "interleave",
            Pattern::Deinterleave { .. } => "deinterleave",
            Pattern::Blend { .. } => "blend",
            Pattern::Compress { .. } => "compress",
            Pattern::Expand { .. } => "expand",
            Pattern::Concat => "concat",
            Pattern::Extract { .. } => "extract-subvector",
            Pattern::Insert { .. } => "insert-subvector",
            Pattern::Splice { .. } => "splice",
            Pattern::Replicate { .. } => "replicate",
            Pattern::BitPermutation { .. } => "bit-permutation",
            Pattern::Permute {
                sources: Sources::Two,
                ..
            } => "permute-two",
            Pattern::Permute { .. } => "permute-one",
        }
    }

    pub fn is_general(&self) -> bool {
        matches!(self, Pattern::Permute { .. })
    }
}

/// The same lane with the two sources swapped.
pub fn commute(s: Sym, n: usize) -> Sym {
    match s {
        Sym::Src(g) => Sym::Src((g + n) % (2 * n)),
        other => other,
    }
}

/// The source index whose bits are those of `i`, bit `j` moved to `bits[j]`.
pub fn permute_bits(i: usize, bits: &[u8]) -> usize {
    bits.iter()
        .enumerate()
        .filter(|&(j, _)| i >> j & 1 == 1)
        .fold(0, |acc, (_, &b)| acc | 1 << b)
}

/// A recognised shuffle: a pattern, applied to the whole vector or within each lane of
/// `lane_width` elements (the same pattern in every lane, each reading its own lane of
/// the sources), perhaps with the two sources swapped.
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub struct Recognized {
    pub pattern: Pattern,
    pub lane_width: Option<usize>,
    /// The pattern's first source is the view's second (the canonical operand order
    /// is chosen by the first defined lane, which a don't-care lane can flip).
    pub swapped: bool,
}

impl Recognized {
    /// The lanes this recognition produces for a view with sources of `n` lanes and `m`
    /// output lanes (`m = n` when within lanes).
    pub fn lanes(&self, n: usize, m: usize) -> Vec<Sym> {
        let lanes = match self.lane_width {
            None => self.pattern.lanes(n, m),
            Some(w) => {
                let one = self.pattern.lanes(w, w);
                (0..m)
                    .map(|i| match one[i % w] {
                        Sym::Src(g) => {
                            let (side, lane) = (g / w, g % w);
                            Sym::Src(side * n + (i / w) * w + lane)
                        }
                        other => other,
                    })
                    .collect()
            }
        };
        if self.swapped {
            lanes.into_iter().map(|s| commute(s, n)).collect()
        } else {
            lanes
        }
    }

    /// The name, with `-in-lanes` when the pattern holds within lanes.
    pub fn name(&self) -> String {
        match self.lane_width {
            None => self.pattern.name().to_string(),
            Some(w) => format!("{}-in-lanes-of-{w}", self.pattern.name()),
        }
    }

    /// The view with its sources swapped, when `swapped`.
    pub fn oriented(&self, view: &View) -> View {
        if !self.swapped {
            return view.clone();
        }
        View::new(
            view.lanes.iter().map(|&s| commute(s, view.n)).collect(),
            view.n,
        )
    }

    /// A target-flavoured name when the element width tells more: a byte reverse within
    /// lanes is a byte swap, a rotate within lanes a bit rotate of wider elements.
    pub fn alias(&self, element_bits: Option<u32>) -> Option<String> {
        match (&self.pattern, self.lane_width, element_bits) {
            (Pattern::Reverse, Some(w), Some(8)) => Some(format!("byte-swap of i{}", 8 * w)),
            (Pattern::Rotate { by }, Some(w), Some(bits)) => Some(format!(
                "rotate of i{} right by {} bits",
                bits as usize * w,
                bits as usize * by
            )),
            // Byte granularity: lanes up is a left shift in little-endian byte order.
            (Pattern::ShiftUp { by }, _, Some(bits)) if bits % 8 == 0 => {
                Some(format!("byte shift left by {}", by * bits as usize / 8))
            }
            (Pattern::ShiftDown { by }, _, Some(bits)) if bits % 8 == 0 => {
                Some(format!("byte shift right by {}", by * bits as usize / 8))
            }
            _ => None,
        }
    }

    /// The display form, with the alias when there is one.
    pub fn describe(&self, element_bits: Option<u32>) -> String {
        match self.alias(element_bits) {
            Some(alias) => format!("{self} (= {alias})"),
            None => self.to_string(),
        }
    }
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bools = |v: &[bool]| {
            v.iter()
                .map(|&b| if b { '1' } else { '0' })
                .collect::<String>()
        };
        match self {
            Pattern::Broadcast { lane } => write!(f, "broadcast lane {lane}"),
            Pattern::Rotate { by } => write!(f, "rotate down by {by}"),
            Pattern::ShiftDown { by } => write!(f, "shift down by {by}, zero fill"),
            Pattern::ShiftUp { by } => write!(f, "shift up by {by}, zero fill"),
            Pattern::ZeroExtend { factor, from } => {
                write!(f, "zero-extend by {factor} from lane {from}")
            }
            Pattern::Truncate { factor } => write!(f, "truncate by {factor} (low parts)"),
            Pattern::Interleave {
                factor,
                stream,
                part,
            } => write!(f, "interleave of {factor} streams of {stream}, part {part}"),
            Pattern::Deinterleave { factor, index } => {
                write!(f, "deinterleave by {factor}, part {index}")
            }
            Pattern::Blend { second } => write!(f, "blend (second at {})", bools(second)),
            Pattern::Compress { kept } => write!(f, "compress lanes {kept:?}, zero fill"),
            Pattern::Expand { at } => write!(f, "expand to lanes {at:?}, zero fill"),
            Pattern::Extract { index } => write!(f, "extract subvector at {index}"),
            Pattern::Insert { index, len } => {
                write!(f, "insert {len} lanes of the second at {index}")
            }
            Pattern::Splice { offset } => write!(f, "splice at {offset}"),
            Pattern::Replicate { factor, from } => {
                write!(f, "replicate each lane {factor} times from lane {from}")
            }
            Pattern::BitPermutation { bits } => write!(f, "index bits {bits:?}"),
            Pattern::Permute { sources, zero } => write!(
                f,
                "general permutation of {} source{}{}",
                if *sources == Sources::Two { 2 } else { 1 },
                if *sources == Sources::Two { "s" } else { "" },
                if *zero { " with zeros" } else { "" }
            ),
            other => f.write_str(other.name()),
        }
    }
}

impl fmt::Display for Recognized {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.pattern)?;
        if let Some(w) = self.lane_width {
            write!(f, " within lanes of {w}")?;
        }
        if self.swapped {
            f.write_str(", sources swapped")?;
        }
        Ok(())
    }
}
