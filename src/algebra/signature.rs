//! Recognition in one pass: the signature of a view, and the dispatch on it.
//!
//! Seed 000 asks for "quick, parallel methods of pattern recognition" rather than trying
//! patterns one after another. [`Signature::of`] reads the view's lanes once and keeps a
//! handful of features: counts, the first source lanes, whether the source lanes are
//! affine in the position (`g = g₁ + step·(i - p₁)`, the seed's constant
//! `pattern_diff`), whether they are a rotation, a reverse, in place (blend), increasing,
//! dense from zero, the distinct adjacent differences (interleaves alternate two), and
//! the images of the index bits (seed 004). [`Signature::candidates`] then dispatches on
//! those features to the one or two patterns they allow, with their parameters read off
//! the features; each is confirmed by producing its lanes once. The cost per mask is
//! linear in its length.

use crate::algebra::lanes;
use crate::algebra::pattern::{commute, Pattern, Recognized, Sources, Sym, View};

/// The features of a view, computed in one pass.
#[derive(Clone, Debug)]
pub struct Signature {
    m: usize,
    n: usize,
    sources: Sources,
    has_zero: bool,
    /// Positions and source lanes of the source lanes, in order.
    src: Vec<(usize, usize)>,
    zero_before_src: bool,
    zero_after_src: bool,
    /// Zero lanes right after the first source lane (a zero-extend's factor - 1).
    zeros_after_first: usize,
    affine: Affine,
    /// `(g - i) mod n` is the same for every source lane (single source).
    rotation: Option<usize>,
    rotation_holds: bool,
    reverse: bool,
    in_place: bool,
    one_index: bool,
    increasing: bool,
    dense_from_zero: bool,
    /// First-source lanes read their own position; second-source lanes form one run.
    first_in_place: bool,
    second_run: Option<(usize, usize)>,
    second_run_holds: bool,
    /// Distinct differences between adjacent source lanes: (difference, first position).
    diffs: Vec<(i64, usize)>,
    bits: BitImages,
}

/// Whether the source lanes are `g = g₁ + step·(i - p₁)`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Affine {
    /// Fewer than two source lanes seen.
    Open,
    Holds {
        step: i64,
    },
    Broken,
}

/// Images of the output index bits, when the view is a bit permutation so far.
#[derive(Clone, Debug)]
struct BitImages {
    holds: bool,
    images: Vec<Option<usize>>,
    /// The source lane each output lane must read, when known.
    predicted: Vec<Option<usize>>,
}

impl Signature {
    pub fn of(view: &View) -> Signature {
        let m = view.len();
        let n = view.n;
        let total = view.total();
        let power_of_two_whole = m == total && m.is_power_of_two() && m >= 2;
        let mut s = Signature {
            m,
            n,
            sources: view.sources,
            has_zero: view.has_zero,
            src: Vec::with_capacity(m),
            zero_before_src: true,
            zero_after_src: true,
            zeros_after_first: 0,
            affine: Affine::Open,
            rotation: None,
            rotation_holds: view.sources == Sources::One && m == n,
            reverse: view.sources == Sources::One && m == n,
            in_place: m == n,
            one_index: true,
            increasing: true,
            dense_from_zero: true,
            first_in_place: m == n,
            second_run: None,
            second_run_holds: m == n,
            diffs: Vec::new(),
            bits: BitImages {
                holds: power_of_two_whole,
                images: vec![
                    None;
                    if power_of_two_whole {
                        m.trailing_zeros() as usize
                    } else {
                        0
                    }
                ],
                predicted: vec![None; if power_of_two_whole { m } else { 0 }],
            },
        };
        let mut previous: Option<(usize, Sym)> = None;
        let mut seen_zero = false;
        for (i, &sym) in view.lanes.iter().enumerate() {
            match sym {
                Sym::Any => {}
                Sym::Zero => {
                    if !s.src.is_empty() {
                        s.zero_before_src = false;
                    }
                    if s.src.len() == 1
                        && previous.is_some_and(|(p, x)| p + 1 == i && x != Sym::Any)
                    {
                        s.zeros_after_first += 1;
                    }
                    seen_zero = true;
                    s.bits.holds = false;
                }
                Sym::Src(g) => {
                    if seen_zero {
                        s.zero_after_src = false;
                    }
                    s.source_lane(i, g);
                    if let Some((p, Sym::Src(pg))) = previous {
                        if p + 1 == i {
                            s.note_diff(g as i64 - pg as i64, p);
                        }
                    }
                }
            }
            s.bit_lane(i, sym);
            previous = Some((i, sym));
        }
        s
    }

    fn source_lane(&mut self, i: usize, g: usize) {
        let n = self.n;
        if let Some(&(p1, g1)) = self.src.first() {
            self.one_index &= g == g1;
            self.affine = match self.affine {
                Affine::Open => {
                    let (dg, dp) = (g as i64 - g1 as i64, (i - p1) as i64);
                    if dg % dp == 0 {
                        Affine::Holds { step: dg / dp }
                    } else {
                        Affine::Broken
                    }
                }
                Affine::Holds { step } if g as i64 == g1 as i64 + step * (i - p1) as i64 => {
                    Affine::Holds { step }
                }
                _ => Affine::Broken,
            };
        }
        if let Some(&(_, last)) = self.src.last() {
            self.increasing &= g > last;
        }
        self.dense_from_zero &= g == self.src.len();
        self.reverse &= g + i == n - 1;
        self.in_place &= g % n == i;
        let offset = (g + n - i % n) % n;
        match self.rotation {
            None => self.rotation = Some(offset),
            Some(r) => self.rotation_holds &= r == offset,
        }
        if g < n {
            self.first_in_place &= g == i;
        } else {
            let run = self.second_run.get_or_insert((i, i));
            self.second_run_holds &= g - n == i - run.0 && i <= run.1 + 1;
            run.1 = i;
        }
        self.src.push((i, g));
    }

    fn note_diff(&mut self, d: i64, at: usize) {
        if !self.diffs.iter().any(|&(x, _)| x == d) && self.diffs.len() < 3 {
            self.diffs.push((d, at));
        }
    }

    fn bit_lane(&mut self, i: usize, sym: Sym) {
        if !self.bits.holds {
            return;
        }
        let known = match sym {
            Sym::Src(g) => Some(g),
            _ => None,
        };
        let predicted = if i == 0 {
            Some(0)
        } else if i.is_power_of_two() {
            let j = i.trailing_zeros() as usize;
            if let Some(g) = known {
                if !g.is_power_of_two() || self.bits.images.contains(&Some(g)) {
                    self.bits.holds = false;
                    return;
                }
                self.bits.images[j] = Some(g);
            }
            known
        } else {
            let low = i & i.wrapping_neg();
            match (
                self.bits.predicted[i & (i - 1)],
                self.bits.images[low.trailing_zeros() as usize],
            ) {
                (Some(rest), Some(bit)) => Some(rest | bit),
                _ => None,
            }
        };
        match (predicted, known) {
            (Some(p), Some(g)) if p != g => self.bits.holds = false,
            // A lane we cannot predict (an unknown bit image) cannot be checked here.
            (None, Some(_)) => self.bits.holds = false,
            _ => {}
        }
        self.bits.predicted[i] = predicted;
    }

    /// The patterns the features allow, most specific first (usually one).
    pub fn candidates(&self) -> Vec<Pattern> {
        let mut out = Vec::new();
        let Some(&(p1, g1)) = self.src.first() else {
            out.push(if self.has_zero {
                Pattern::Zero
            } else {
                Pattern::Undefined
            });
            return out;
        };
        let (m, n) = (self.m, self.n);
        let step = match self.affine {
            Affine::Holds { step } => Some(step),
            _ => None,
        };
        // The constant term of an affine view: g = base + step * i.
        let base = |step: i64| g1 as i64 - step * p1 as i64;
        match self.sources {
            Sources::None => {}
            Sources::One if self.has_zero => {
                // One source lane fits a step of 1 too.
                let unit = step == Some(1) || self.affine == Affine::Open;
                if unit && base(1) > 0 && self.zero_after_src {
                    out.push(Pattern::ShiftDown {
                        by: base(1) as usize,
                    });
                }
                if unit && base(1) < 0 && self.zero_before_src {
                    out.push(Pattern::ShiftUp {
                        by: (-base(1)) as usize,
                    });
                }
                // Lanes p1 and p2 read g1 and g2: factor lanes per source lane; with one
                // source lane, the zeros after it.
                let factor = match self.src.get(1) {
                    Some(&(p2, g2)) => {
                        let (dp, dg) = (p2 - p1, g2.saturating_sub(g1));
                        if dg > 0 && dp % dg == 0 {
                            dp / dg
                        } else {
                            0
                        }
                    }
                    None => self.zeros_after_first + 1,
                };
                if factor >= 2 && p1 % factor == 0 && g1 >= p1 / factor {
                    out.push(Pattern::ZeroExtend {
                        factor,
                        from: g1 - p1 / factor,
                    });
                }
                if self.in_place {
                    out.push(self.blend());
                }
                if self.dense_from_zero {
                    out.push(Pattern::Expand {
                        at: self.src.iter().map(|&(p, _)| p).collect(),
                    });
                }
                if self.increasing && self.zero_after_src {
                    out.push(Pattern::Compress {
                        kept: self.src.iter().map(|&(_, g)| g).collect(),
                    });
                }
            }
            Sources::One => {
                if self.one_index {
                    out.push(if m == 1 && n > 1 {
                        Pattern::Extract { index: g1 }
                    } else {
                        Pattern::Broadcast { lane: g1 }
                    });
                }
                match step {
                    Some(1) if base(1) == 0 && m == n => out.push(Pattern::Identity),
                    Some(1) if base(1) >= 0 && m < n => out.push(Pattern::Extract {
                        index: base(1) as usize,
                    }),
                    Some(-1) if m == n => out.push(Pattern::Reverse),
                    Some(k) if k >= 2 && base(k) == 0 && m * k as usize == n => {
                        out.push(Pattern::Truncate { factor: k as usize })
                    }
                    Some(k) if k >= 2 && base(k) >= 0 && base(k) < k => {
                        out.push(Pattern::Deinterleave {
                            factor: k as usize,
                            index: base(k) as usize,
                        })
                    }
                    _ => {}
                }
                if self.rotation_holds {
                    if let Some(by) = self.rotation.filter(|&r| r != 0) {
                        out.push(Pattern::Rotate { by });
                    }
                }
                out.extend(self.replicate());
                out.extend(self.interleave());
                out.extend(self.bit_permutation());
            }
            Sources::Two => {
                match step {
                    Some(1) if base(1) == 0 && m == 2 * n => out.push(Pattern::Concat),
                    Some(1) if base(1) >= 0 => out.push(Pattern::Splice {
                        offset: base(1) as usize,
                    }),
                    Some(k) if k >= 2 && base(k) >= 0 && base(k) < k => {
                        out.push(Pattern::Deinterleave {
                            factor: k as usize,
                            index: base(k) as usize,
                        })
                    }
                    _ => {}
                }
                if self.in_place {
                    out.push(self.blend());
                }
                if self.first_in_place && self.second_run_holds {
                    if let Some((start, end)) = self.second_run {
                        out.push(Pattern::Insert {
                            index: start,
                            len: end - start + 1,
                        });
                    }
                }
                out.extend(self.interleave());
                out.extend(self.bit_permutation());
            }
        }
        out
    }

    fn blend(&self) -> Pattern {
        let mut second = vec![self.has_zero; self.m];
        for &(p, g) in &self.src {
            second[p] = g >= self.n;
        }
        Pattern::Blend { second }
    }

    /// Each lane repeated `factor` times: adjacent differences are 0 and 1 only, and
    /// the `m` lanes cover `m / factor` source lanes.
    fn replicate(&self) -> Option<Pattern> {
        if self.diffs.iter().any(|&(d, _)| d != 0 && d != 1)
            || !self.diffs.iter().any(|&(d, _)| d == 0)
        {
            return None;
        }
        let &(p1, g1) = self.src.first()?;
        let &(_, last) = self.src.last()?;
        let span = last.checked_sub(g1)? + 1;
        let factor = if self.m % span == 0 {
            self.m / span
        } else {
            // The first block ends where the first step of 1 is.
            self.diffs.iter().find(|&&(d, _)| d == 1)?.1 + 1
        };
        (factor >= 2 && g1 >= p1 / factor).then(|| Pattern::Replicate {
            factor,
            from: g1 - p1 / factor,
        })
    }

    /// An interleave alternates two adjacent differences: the stream length `L`
    /// (positive) and `1 - (factor-1)·L` at each wrap. When don't-care lanes hide the
    /// differences, a two-stream interleave is read off the first even and odd lanes.
    fn interleave(&self) -> Option<Pattern> {
        let [(a, _), (b, _)] = self.diffs[..] else {
            return self.interleave_of_two();
        };
        let (up, wrap) = if a > 0 { (a, b) } else { (b, a) };
        if up <= 0 || wrap > 0 || (1 - wrap) % up != 0 {
            return None;
        }
        let stream = up as usize;
        let factor = ((1 - wrap) / up) as usize + 1;
        let &(p1, g1) = self.src.first()?;
        let parts = (factor * stream).div_ceil(self.m).max(1);
        (0..parts)
            .find(|&part| {
                let j = part * self.m + p1;
                (j % factor) * stream + j / factor == g1
            })
            .map(|part| Pattern::Interleave {
                factor,
                stream,
                part,
            })
    }

    /// Lane `j = part·m + i` reads `(j mod 2)·L + j/2`: the first even lane gives the
    /// part, the first odd lane the stream length.
    fn interleave_of_two(&self) -> Option<Pattern> {
        let &(pe, ge) = self.src.iter().find(|&&(p, _)| p % 2 == 0)?;
        let &(po, go) = self.src.iter().find(|&&(p, _)| p % 2 == 1)?;
        let offset = (2 * ge).checked_sub(pe)?; // part·m
        if self.m % 2 != 0 || offset % self.m != 0 {
            return None;
        }
        let stream = go.checked_sub((offset + po) / 2)?;
        (stream > 0).then_some(Pattern::Interleave {
            factor: 2,
            stream,
            part: offset / self.m,
        })
    }

    /// The index-bit permutation the view is, if it is one (seed 004), whatever pattern
    /// recognition names it by: a transpose is named an interleave, and this is its bits.
    pub fn bit_permutation(&self) -> Option<Pattern> {
        if !self.bits.holds {
            return None;
        }
        let bits = self
            .bits
            .images
            .iter()
            .map(|g| g.map(|g| g.trailing_zeros() as u8))
            .collect::<Option<Vec<_>>>()?;
        Some(Pattern::BitPermutation { bits })
    }

    /// The pattern of the whole view: the first candidate whose lanes the view accepts.
    pub fn pattern(&self, view: &View) -> Pattern {
        self.candidates()
            .into_iter()
            .find(|p| view.refined_by(&p.lanes(self.n, self.m)))
            .unwrap_or(Pattern::Permute {
                sources: self.sources,
                zero: self.has_zero,
            })
    }
}

/// Recognises a view: the pattern of the whole vector, or else, when the shuffle works
/// within lanes (seed 000's lane detection), the pattern within each lane; for two
/// sources, also with the sources swapped. At most four signatures, each linear.
pub fn recognize(view: &View) -> Recognized {
    let mut general = None;
    let commuted;
    let orders: &[(bool, &View)] = if view.sources == Sources::Two {
        commuted = View::new(
            view.lanes.iter().map(|&s| commute(s, view.n)).collect(),
            view.n,
        );
        &[(false, view), (true, &commuted)]
    } else {
        &[(false, view)]
    };
    for &(swapped, v) in orders {
        let whole = Signature::of(v).pattern(v);
        if !whole.is_general() {
            return Recognized {
                pattern: whole,
                lane_width: None,
                swapped,
            };
        }
        if let Some(lane) = lanes::detect(v) {
            let inner = Signature::of(&lane.view).pattern(&lane.view);
            if !inner.is_general() {
                return Recognized {
                    pattern: inner,
                    lane_width: Some(lane.width),
                    swapped,
                };
            }
        }
        general.get_or_insert(whole);
    }
    Recognized {
        pattern: general.expect("at least one order"),
        lane_width: None,
        swapped: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::mask::Mask;
    use crate::algebra::pattern::Sym::{Any, Src, Zero};
    use crate::algebra::prim;
    use crate::algebra::shuffle::{OperandKind, Shuffle};
    use proptest::prelude::*;
    use OperandKind::{Poison, Variable};

    /// The recognised pattern, and the primitive term, produce every lane the view
    /// defines; returns the recognition.
    fn round_trip(s: &Shuffle) -> Recognized {
        let view = View::of(s);
        let r = recognize(&view);
        if !r.pattern.is_general() {
            let lanes = r.lanes(view.n, view.len());
            assert!(
                view.refined_by(&lanes),
                "{s:?}: {r:?} gives {lanes:?}, view {view:?}"
            );
        }
        let term = prim::decompose(&r, &view);
        assert!(
            view.refined_by(&term.eval(view.n)),
            "{s:?}: {r:?} term {term}"
        );
        let simple = term.clone().simplify();
        assert_eq!(simple.eval(view.n), term.eval(view.n), "{term} vs {simple}");
        r
    }

    fn shuffle(kinds: [OperandKind; 2], n: usize, mask: &[i32]) -> Shuffle {
        Shuffle::new(kinds, n, Mask::new(mask.iter().copied()))
    }

    fn named(kinds: [OperandKind; 2], n: usize, mask: &[i32]) -> String {
        round_trip(&shuffle(kinds, n, mask)).name()
    }

    #[test]
    fn exhaustive_two_source_four_lanes() {
        let mut general = 0;
        for kinds in [
            [Variable, Variable],
            [Variable, OperandKind::Zero],
            [Variable, Poison],
        ] {
            for code in 0..9usize.pow(4) {
                let mask: Vec<i32> = (0..4)
                    .map(|k| (code / 9usize.pow(k) % 9) as i32 - 1)
                    .collect();
                general += round_trip(&shuffle(kinds, 4, &mask)).pattern.is_general() as usize;
            }
        }
        eprintln!(
            "4-lane two-source masks: {} of {} general",
            general,
            3 * 6561
        );
    }

    #[test]
    fn every_eight_lane_permutation() {
        let mut perm: Vec<i32> = (0..8).collect();
        let mut count = 0;
        let mut general = 0;
        // Heap's algorithm, iterative.
        let mut c = [0usize; 8];
        let mut visit = |p: &[i32]| {
            count += 1;
            general += round_trip(&shuffle([Variable, Poison], 8, p))
                .pattern
                .is_general() as usize;
        };
        visit(&perm);
        let mut i = 1;
        while i < 8 {
            if c[i] < i {
                perm.swap(if i % 2 == 0 { 0 } else { c[i] }, i);
                visit(&perm);
                c[i] += 1;
                i = 1;
            } else {
                c[i] = 0;
                i += 1;
            }
        }
        assert_eq!(count, 40320);
        eprintln!("8-lane permutations: {general} of {count} general");
    }

    fn any_shuffle() -> impl Strategy<Value = Shuffle> {
        let kind = prop_oneof![
            4 => Just(Variable),
            1 => Just(OperandKind::Zero),
            1 => Just(Poison),
            1 => Just(OperandKind::Undef),
            1 => Just(OperandKind::Splat),
            1 => Just(OperandKind::Constant),
        ];
        (1usize..=64, 1usize..=64, kind.clone(), kind)
            .prop_flat_map(|(n, m, a, b)| {
                let sel = prop_oneof![1 => Just(-1i32), 8 => 0..(2 * n as i32)];
                (Just([a, b]), Just(n), proptest::collection::vec(sel, m))
            })
            .prop_map(|(kinds, n, mask)| Shuffle::new(kinds, n, Mask::new(mask)))
    }

    /// Structured masks: a pattern's own lanes over random sizes, some lanes poisoned.
    fn structured_shuffle() -> impl Strategy<Value = Shuffle> {
        (0usize..12, 1u32..=6, 0usize..64).prop_map(|(which, log_n, k)| {
            let n = 1usize << log_n;
            let m = n;
            let p = match which {
                0 => Pattern::Reverse,
                1 => Pattern::Rotate {
                    by: 1 + k % (n.max(2) - 1),
                },
                2 => Pattern::Interleave {
                    factor: 2,
                    stream: n,
                    part: k % 2,
                },
                3 => Pattern::Deinterleave {
                    factor: 2,
                    index: k % 2,
                },
                4 => Pattern::Broadcast { lane: k % n },
                5 => Pattern::Splice { offset: k % n },
                6 => Pattern::ShiftDown { by: k % n },
                7 => Pattern::ShiftUp { by: k % n },
                8 => Pattern::ZeroExtend {
                    factor: 2,
                    from: (k % 2) * n / 2,
                },
                9 => Pattern::Replicate {
                    factor: 2,
                    from: (k % 2) * n / 2,
                },
                10 => Pattern::Insert {
                    index: k % n,
                    len: 1,
                },
                _ => Pattern::Identity,
            };
            let zero = matches!(which, 6..=8);
            // One lane poisoned in a third of the cases.
            let dropped = if k % 3 == 0 { Some(k % m) } else { None };
            let mask = p.lanes(n, m).into_iter().enumerate().map(|(i, s)| match s {
                _ if dropped == Some(i) && m > 2 => -1,
                Src(g) => g as i32,
                Zero => n as i32,
                Any => -1,
            });
            let kinds = [Variable, if zero { OperandKind::Zero } else { Variable }];
            Shuffle::new(kinds, n, Mask::new(mask.collect::<Vec<_>>()))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]
        #[test]
        fn random_masks_round_trip(s in any_shuffle()) {
            round_trip(&s);
        }

        #[test]
        fn structured_masks_round_trip_and_are_named(s in structured_shuffle()) {
            let r = round_trip(&s);
            // A pattern's own lanes, even with some poisoned, are never general.
            prop_assert!(!r.pattern.is_general() || s.mask.is_all_poison(), "{:?} -> {:?}", s, r);
        }
    }

    #[test]
    fn seed_000_examples() {
        let v = [Variable, Poison];
        let z = [Variable, OperandKind::Zero];
        let vv = [Variable, Variable];
        assert_eq!(named(v, 8, &[1, 2, 3, 4, 5, 6, 7, 0]), "rotate");
        assert_eq!(named(v, 8, &[2, 3, 4, 5, 6, 7, 0, 1]), "rotate");
        assert_eq!(named(v, 8, &[3, 4, 5, 6, 7, 0, 1, 2]), "rotate");
        assert_eq!(
            named(v, 8, &[1, 2, 3, 0, 5, 6, 7, 4]),
            "rotate-in-lanes-of-4"
        );
        // Shift left (up) with zero. The seed prints [8,8,1,2,3,4,5,6], which reads A1
        // where a shift by 2 reads A0: the exact shifts are these.
        assert_eq!(named(z, 8, &[8, 8, 0, 1, 2, 3, 4, 5]), "shift-up-zero");
        assert_eq!(named(z, 8, &[8, 8, 8, 0, 1, 2, 3, 4]), "shift-up-zero");
        // Shift right (down) with zero.
        assert_eq!(named(z, 8, &[2, 3, 4, 5, 6, 7, 8, 8]), "shift-down-zero");
        assert_eq!(named(z, 8, &[1, 2, 3, 4, 5, 6, 7, 8]), "shift-down-zero");
        assert_eq!(named(z, 8, &[5, 6, 7, 8, 8, 8, 8, 8]), "shift-down-zero");
        assert_eq!(named(z, 8, &[0, 1, 2, 3, 4, 5, 6, 7]), "identity");
        // Merge, pack, blend.
        assert_eq!(named(vv, 8, &[0, 8, 1, 9, 2, 10, 3, 11]), "interleave");
        assert_eq!(named(vv, 8, &[0, 2, 4, 6, 8, 10, 12, 14]), "deinterleave");
        assert_eq!(named(vv, 8, &[1, 3, 5, 7, 9, 11, 13, 15]), "deinterleave");
        assert_eq!(
            named(
                [OperandKind::Constant, OperandKind::Constant],
                4,
                &[0, 5, 6, 3]
            ),
            "blend"
        );
        // Zero-extend, parallel extract and deposit (the seed gives no masks).
        assert_eq!(named(z, 8, &[0, 8, 1, 8, 2, 8, 3, 8]), "zero-extend");
        assert_eq!(named(z, 8, &[1, 2, 5, 7, 8, 8, 8, 8]), "compress");
        assert_eq!(named(z, 8, &[0, 8, 1, 2, 8, 8, 3, 8]), "expand");
    }

    #[test]
    fn parameters() {
        let r = |kinds, n, mask: &[i32]| round_trip(&shuffle(kinds, n, mask)).pattern;
        let (v, vv, z) = (
            [Variable, Poison],
            [Variable, Variable],
            [Variable, OperandKind::Zero],
        );
        assert_eq!(r(v, 4, &[3, 2, 1, 0]), Pattern::Reverse);
        assert_eq!(r(v, 4, &[2, 2, 2, 2]), Pattern::Broadcast { lane: 2 });
        assert_eq!(r(v, 8, &[0, 2, 4, 6]), Pattern::Truncate { factor: 2 });
        assert_eq!(r(v, 8, &[4, 5, 6, 7]), Pattern::Extract { index: 4 });
        assert_eq!(r(vv, 4, &[0, 1, 2, 3, 4, 5, 6, 7]), Pattern::Concat);
        assert_eq!(r(vv, 4, &[1, 2, 3, 4]), Pattern::Splice { offset: 1 });
        assert_eq!(
            r(vv, 4, &[0, 1, 4, 5]),
            Pattern::Insert { index: 2, len: 2 }
        );
        assert_eq!(
            r(v, 8, &[0, 0, 1, 1, 2, 2, 3, 3]),
            Pattern::Replicate { factor: 2, from: 0 }
        );
        assert_eq!(
            r(
                z,
                16,
                &[4, 16, 16, 16, 5, 16, 16, 16, 6, 16, 16, 16, 7, 16, 16, 16]
            ),
            Pattern::ZeroExtend { factor: 4, from: 4 }
        );
        // RGB: three streams of 4 interleaved (shufflevector of <8> %rg and <8> %b_).
        assert_eq!(
            r(vv, 8, &[0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]),
            Pattern::Interleave {
                factor: 3,
                stream: 4,
                part: 0
            }
        );
        // Stride 3: the first of three.
        assert_eq!(
            r(vv, 8, &[0, 3, 6, 9, 12]),
            Pattern::Deinterleave {
                factor: 3,
                index: 0
            }
        );
        // A 4x4 transpose of a 16-lane vector interleaves its 4 rows.
        let transpose: Vec<i32> = (0..16).map(|i| (i % 4) * 4 + i / 4).collect();
        assert_eq!(
            r(v, 16, &transpose),
            Pattern::Interleave {
                factor: 4,
                stream: 4,
                part: 0
            }
        );
        // Bit reversal of the 3 index bits (an FFT reorder) is no interleave.
        assert_eq!(
            r(v, 8, &[0, 4, 2, 6, 1, 5, 3, 7]),
            Pattern::BitPermutation {
                bits: vec![2, 1, 0]
            }
        );
        // Byte swap of i32 in bytes.
        let bswap: Vec<i32> = (0..16).map(|i| i - i % 4 + 3 - i % 4).collect();
        let rec = round_trip(&shuffle(v, 16, &bswap));
        assert_eq!(rec.alias(Some(8)).unwrap(), "byte-swap of i32");
    }

    #[test]
    fn a_reverse_longer_than_its_source_is_no_reverse() {
        // Found by random_masks_round_trip: the lanes step by -1 but the output is longer.
        let r = round_trip(&shuffle([Variable, Variable], 2, &[1, 0, -1]));
        assert_ne!(r.pattern, Pattern::Reverse);
    }

    #[test]
    fn non_power_of_two_sources_are_padded() {
        // <3 x float>: reverse reads lanes 2,1,0 of a source padded to 4.
        let r = round_trip(&shuffle([Variable, Poison], 3, &[2, 1, 0]));
        assert!(r.pattern.is_general() || r.pattern == Pattern::Reverse);
        // <6 x i16> interleave of the low halves of two sources padded to 8.
        let r = round_trip(&shuffle([Variable, Variable], 6, &[0, 6, 1, 7, 2, 8]));
        assert_eq!(
            r.pattern,
            Pattern::Interleave {
                factor: 2,
                stream: 8,
                part: 0
            }
        );
    }
}
