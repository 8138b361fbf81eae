//! Reordering primitives (seed 001): CONCAT, SPLIT, ILV (interleave), EXTR
//! (deinterleave) and PERM, as terms over the sources; their meaning as lanes; the
//! identities that remove redundant pairs; and the term of a recognised pattern.
//!
//! Target instructions can be described the same way (x86 `unpcklps` is
//! `SPLT2,0(ILV(A, B))` within lanes of 4), which is what later instruction selection
//! tiles with.

use std::fmt;

use crate::algebra::pattern::{Pattern, Recognized, Sources, Sym, View};

/// A reordering term. Lanes are numbered over the sources as in [`Sym`].
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub enum Term {
    /// The first (`false`) or second (`true`) source.
    Input { second: bool },
    /// `len` zero lanes.
    Zero { len: usize },
    /// CONCAT_k: the terms one after another.
    Concat(Vec<Term>),
    /// SPLT_k,i: part `index` of `parts` equal parts.
    Split {
        parts: usize,
        index: usize,
        of: Box<Term>,
    },
    /// ILV_k: lane `j` is lane `j / k` of term `j mod k`.
    Ilv(Vec<Term>),
    /// EXTR_k,i: every `parts`-th lane from `index`.
    Extr {
        parts: usize,
        index: usize,
        of: Box<Term>,
    },
    /// PERM: any selection of the lanes of `of` (`Sym::Src` indexes `of`).
    Perm { lanes: Vec<Sym>, of: Box<Term> },
}

impl Term {
    pub const A: Term = Term::Input { second: false };
    pub const B: Term = Term::Input { second: true };

    fn split(parts: usize, index: usize, of: Term) -> Term {
        Term::Split {
            parts,
            index,
            of: Box::new(of),
        }
    }

    fn extr(parts: usize, index: usize, of: Term) -> Term {
        Term::Extr {
            parts,
            index,
            of: Box::new(of),
        }
    }

    /// The lanes the term produces, sources of `n` lanes each.
    pub fn eval(&self, n: usize) -> Vec<Sym> {
        match self {
            Term::Input { second } => (0..n).map(|l| Sym::Src(l + n * *second as usize)).collect(),
            Term::Zero { len } => vec![Sym::Zero; *len],
            Term::Concat(terms) => terms.iter().flat_map(|t| t.eval(n)).collect(),
            Term::Split { parts, index, of } => {
                let lanes = of.eval(n);
                let len = lanes.len() / parts;
                lanes[index * len..(index + 1) * len].to_vec()
            }
            Term::Ilv(terms) => {
                let parts: Vec<Vec<Sym>> = terms.iter().map(|t| t.eval(n)).collect();
                let k = parts.len();
                (0..k * parts[0].len())
                    .map(|j| parts[j % k][j / k])
                    .collect()
            }
            Term::Extr { parts, index, of } => {
                let lanes = of.eval(n);
                (0..lanes.len() / parts)
                    .map(|j| lanes[j * parts + index])
                    .collect()
            }
            Term::Perm { lanes, of } => {
                let inner = of.eval(n);
                lanes
                    .iter()
                    .map(|&s| match s {
                        Sym::Src(g) => inner[g],
                        other => other,
                    })
                    .collect()
            }
        }
    }

    /// Removes redundant pairs bottom-up, with seed 001's identities:
    /// `ILV(EXTR_k,0(S), ..., EXTR_k,k-1(S)) = S`, `EXTR_k,x(ILV(S_0..S_k-1)) = S_x`,
    /// `CONCAT(SPLT_k,0(S), ..., SPLT_k,k-1(S)) = S`, `SPLT_k,x(CONCAT(S_0..S_k-1)) = S_x`;
    /// and single-part nodes are dropped.
    pub fn simplify(self) -> Term {
        match self {
            Term::Concat(terms) => {
                let terms: Vec<Term> = terms.into_iter().map(Term::simplify).collect();
                if terms.len() == 1 {
                    return terms.into_iter().next().unwrap();
                }
                match whole_of(&terms, |t| match t {
                    Term::Split { parts, index, of } => Some((*parts, *index, &**of)),
                    _ => None,
                }) {
                    Some(s) => s.clone(),
                    None => Term::Concat(terms),
                }
            }
            Term::Ilv(terms) => {
                let terms: Vec<Term> = terms.into_iter().map(Term::simplify).collect();
                if terms.len() == 1 {
                    return terms.into_iter().next().unwrap();
                }
                match whole_of(&terms, |t| match t {
                    Term::Extr { parts, index, of } => Some((*parts, *index, &**of)),
                    _ => None,
                }) {
                    Some(s) => s.clone(),
                    None => Term::Ilv(terms),
                }
            }
            Term::Split { parts, index, of } => match of.simplify() {
                of if parts == 1 => of,
                Term::Concat(terms) if terms.len() == parts => terms[index].clone(),
                of => Term::split(parts, index, of),
            },
            Term::Extr { parts, index, of } => match of.simplify() {
                of if parts == 1 => of,
                Term::Ilv(terms) if terms.len() == parts => terms[index].clone(),
                of => Term::extr(parts, index, of),
            },
            Term::Perm { lanes, of } => Term::Perm {
                lanes,
                of: Box::new(of.simplify()),
            },
            leaf => leaf,
        }
    }
}

/// If `terms` are parts `0..k` of one term `S`, in order, that term.
fn whole_of<'a>(
    terms: &'a [Term],
    part: impl Fn(&'a Term) -> Option<(usize, usize, &'a Term)>,
) -> Option<&'a Term> {
    let (k, _, first) = part(terms.first()?)?;
    (k == terms.len()
        && terms.iter().enumerate().all(|(i, t)| {
            part(t).is_some_and(|(parts, index, of)| parts == k && index == i && of == first)
        }))
    .then_some(first)
}

/// The primitive term of a recognised shuffle of `view`.
pub fn decompose(recognized: &Recognized, view: &View) -> Term {
    let term = decompose_oriented(recognized, &recognized.oriented(view));
    if recognized.swapped {
        substitute(&term, &Term::B, &Term::A)
    } else {
        term
    }
}

fn decompose_oriented(recognized: &Recognized, view: &View) -> Term {
    let (n, m) = (view.n, view.len());
    let recognized = &Recognized {
        swapped: false,
        ..recognized.clone()
    };
    match recognized.lane_width {
        None => pattern_term(&recognized.pattern, view.sources, n, m, &view.lanes),
        Some(w) => {
            // The same term in every lane, applied to that lane of each source.
            let lanes = n / w;
            let one = View::new(
                recognized.lanes(n, m)[..w]
                    .iter()
                    .map(|&s| rebase(s, n, w))
                    .collect(),
                w,
            );
            let inner = pattern_term(&recognized.pattern, one.sources, w, w, &one.lanes);
            Term::Concat(
                (0..lanes)
                    .map(|j| {
                        substitute(
                            &inner,
                            &Term::split(lanes, j, Term::A),
                            &Term::split(lanes, j, Term::B),
                        )
                    })
                    .collect(),
            )
        }
    }
}

/// A lane of lane 0 in the numbering of sources of `w` lanes.
fn rebase(s: Sym, n: usize, w: usize) -> Sym {
    match s {
        Sym::Src(g) => Sym::Src((g / n) * w + g % n),
        other => other,
    }
}

/// `term` with its inputs replaced.
fn substitute(term: &Term, a: &Term, b: &Term) -> Term {
    let sub = |t: &Term| Box::new(substitute(t, a, b));
    match term {
        Term::Input { second: false } => a.clone(),
        Term::Input { second: true } => b.clone(),
        Term::Zero { len } => Term::Zero { len: *len },
        Term::Concat(ts) => Term::Concat(ts.iter().map(|t| substitute(t, a, b)).collect()),
        Term::Ilv(ts) => Term::Ilv(ts.iter().map(|t| substitute(t, a, b)).collect()),
        Term::Split { parts, index, of } => Term::Split {
            parts: *parts,
            index: *index,
            of: sub(of),
        },
        Term::Extr { parts, index, of } => Term::Extr {
            parts: *parts,
            index: *index,
            of: sub(of),
        },
        Term::Perm { lanes, of } => Term::Perm {
            lanes: lanes.clone(),
            of: sub(of),
        },
    }
}

fn pattern_term(pattern: &Pattern, sources: Sources, n: usize, m: usize, view: &[Sym]) -> Term {
    let both = sources == Sources::Two;
    let total = if both { 2 * n } else { n };
    let g = || {
        if both {
            Term::Concat(vec![Term::A, Term::B])
        } else {
            Term::A
        }
    };
    // The fallback: PERM over what it reads: A, B if read, and a zero lane if read.
    let perm = |lanes: Vec<Sym>| {
        let reads_b = lanes.iter().any(|s| matches!(s, Sym::Src(g) if *g >= n));
        let mut parts = vec![Term::A];
        if reads_b {
            parts.push(Term::B);
        }
        let zero_at = parts.len() * n;
        if lanes.contains(&Sym::Zero) {
            parts.push(Term::Zero { len: 1 });
        }
        let lanes = lanes
            .into_iter()
            .map(|s| if s == Sym::Zero { Sym::Src(zero_at) } else { s })
            .collect();
        let of = if parts.len() == 1 {
            Term::A
        } else {
            Term::Concat(parts)
        };
        Term::Perm {
            lanes,
            of: Box::new(of),
        }
    };
    match pattern {
        Pattern::Undefined | Pattern::Zero => Term::Zero { len: m },
        Pattern::Identity => Term::A,
        Pattern::Concat => Term::Concat(vec![Term::A, Term::B]),
        Pattern::Extract { index } if n % m == 0 && index % m == 0 => {
            Term::split(n / m, index / m, Term::A)
        }
        Pattern::Truncate { factor } => Term::extr(*factor, 0, Term::A),
        Pattern::Deinterleave { factor, index } if m * factor == total => {
            Term::extr(*factor, *index, g())
        }
        Pattern::Interleave {
            factor,
            stream,
            part,
        } if factor * stream == total && total % m == 0 => {
            let full = Term::Ilv((0..*factor).map(|s| Term::split(*factor, s, g())).collect());
            Term::split(total / m, *part, full)
        }
        Pattern::ZeroExtend { factor, from }
            if m == n && n % factor == 0 && from % (n / factor) == 0 =>
        {
            let part = n / factor;
            let mut streams = vec![Term::split(*factor, from / part, Term::A)];
            streams.extend((1..*factor).map(|_| Term::Zero { len: part }));
            Term::Ilv(streams)
        }
        Pattern::BitPermutation { bits } if is_rotation(bits).is_some() => {
            // Seed 004: interleaving the two halves rotates the index bits by one.
            let r = is_rotation(bits).unwrap();
            (0..r).fold(g(), |t, _| {
                Term::Ilv(vec![Term::split(2, 0, t.clone()), Term::split(2, 1, t)])
            })
        }
        Pattern::Permute { .. } => perm(view.to_vec()),
        // Don't-care lanes stay don't-care: a pattern may read past the sources there.
        other => perm(
            other
                .lanes(n, m)
                .into_iter()
                .zip(view)
                .map(|(got, &want)| if want == Sym::Any { Sym::Any } else { got })
                .collect(),
        ),
    }
}

/// `Some(r)` if `bits` rotates the index bits so that interleaving halves `r` times
/// produces it (`bits[j] = (j + b - r) mod b`).
pub fn is_rotation(bits: &[u8]) -> Option<usize> {
    let b = bits.len();
    (1..b).find(|&r| {
        bits.iter()
            .enumerate()
            .all(|(j, &x)| x as usize == (j + b - r) % b)
    })
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |f: &mut fmt::Formatter<'_>, name: &str, ts: &[Term]| {
            write!(f, "{name}(")?;
            for (i, t) in ts.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{t}")?;
            }
            f.write_str(")")
        };
        match self {
            Term::Input { second: false } => f.write_str("A"),
            Term::Input { second: true } => f.write_str("B"),
            Term::Zero { len } => write!(f, "ZERO{len}"),
            Term::Concat(ts) => list(f, "CONCAT", ts),
            Term::Ilv(ts) => list(f, "ILV", ts),
            Term::Split { parts, index, of } => write!(f, "SPLT{parts},{index}({of})"),
            Term::Extr { parts, index, of } => write!(f, "EXTR{parts},{index}({of})"),
            Term::Perm { lanes, of } => {
                f.write_str("PERM<")?;
                for (i, s) in lanes.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    match s {
                        Sym::Src(g) => write!(f, "{g}")?,
                        Sym::Zero => f.write_str("z")?,
                        Sym::Any => f.write_str("_")?,
                    }
                }
                write!(f, ">({of})")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Sym::Src;

    #[test]
    fn identities_of_seed_001() {
        let s = Term::Concat(vec![Term::A, Term::B]);
        let ilv_of_extrs = Term::Ilv((0..2).map(|i| Term::extr(2, i, s.clone())).collect());
        assert_eq!(ilv_of_extrs.clone().simplify(), s);
        assert_eq!(ilv_of_extrs.eval(4), s.eval(4));
        let extr_of_ilv = Term::extr(2, 1, Term::Ilv(vec![Term::A, Term::B]));
        assert_eq!(extr_of_ilv.clone().simplify(), Term::B);
        assert_eq!(extr_of_ilv.eval(4), Term::B.eval(4));
        let concat_of_splits = Term::Concat((0..4).map(|i| Term::split(4, i, Term::A)).collect());
        assert_eq!(concat_of_splits.clone().simplify(), Term::A);
        assert_eq!(concat_of_splits.eval(8), Term::A.eval(8));
        let split_of_concat = Term::split(2, 0, Term::Concat(vec![Term::B, Term::A]));
        assert_eq!(split_of_concat.simplify(), Term::B);
    }

    #[test]
    fn interleave_of_halves_rotates_index_bits() {
        // Seed 004: one even/odd interleave of the halves of 8 lanes.
        let t = Term::Ilv(vec![Term::split(2, 0, Term::A), Term::split(2, 1, Term::A)]);
        assert_eq!(t.eval(8), [0, 4, 1, 5, 2, 6, 3, 7].map(Src));
        assert_eq!(is_rotation(&[2, 0, 1]), Some(1));
    }

    #[test]
    fn display() {
        let t = Term::split(2, 0, Term::Ilv(vec![Term::A, Term::B]));
        assert_eq!(t.to_string(), "SPLT2,0(ILV(A, B))");
    }
}
