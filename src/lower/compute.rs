//! Shuffles through compute (seed 001, phases 3 to 5): a shuffle of the results of
//! lane-wise operations moves below them, where it meets the shuffles their operands
//! came from and composes with them; two different operations (a subtraction on the
//! lanes from one side, an addition on the lanes from the other) become both operations
//! and a blend, which x86 selects as one `vaddsubps`.
//!
//! ```text
//! ; a complex multiply as the loop vectorizer leaves it: 4 deinterleaves, 1 interleave
//! %ar = shufflevector <16 x float> %a, poison, <0,2,4,..>   ; %ai, %br, %bi likewise
//! %re = fsub (fmul %ar, %br), (fmul %ai, %bi)
//! %im = fadd (fmul %ar, %bi), (fmul %ai, %br)
//! %out = shufflevector <8 x float> %re, %im, <0,8,1,9,..>
//! =>
//! %l = fmul (shufflevector %a, poison, <0,0,2,2,..>), %b          ; movsldup; %b itself
//! %r = fmul (shufflevector %a, poison, <1,1,3,3,..>), (shufflevector %b, poison, <1,0,3,2,..>)
//! %out = shufflevector (fsub %l, %r), (fadd %l, %r), <0,17,2,19,..> ; vaddsubps
//! ```
//!
//! The tree is read from the IR as [`Node`]s (operations read only by the tree, and
//! below them anything, as leaves); [`sink`] builds the rewritten tree as [`New`] nodes;
//! [`equivalent`] evaluates both on symbolic lanes (every output lane the same term,
//! poison lanes aside) and is checked for every candidate before it is built. Only
//! operations defined on every lane are moved (no division: the other side's lanes
//! would be computed too).

use std::rc::Rc;

/// A lane-wise binary operation that may be computed on lanes it was not before.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    FAdd,
    FSub,
    FMul,
    Add,
    Sub,
    Mul,
    And,
    Or,
    Xor,
}

impl BinOp {
    /// Operations that may alternate lane by lane (one per side of a shuffle).
    fn family(self) -> BinOp {
        match self {
            BinOp::FSub => BinOp::FAdd,
            BinOp::Sub => BinOp::Add,
            op => op,
        }
    }
}

/// A node of the tree as read: `lanes` each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// A value the tree reads and keeps.
    Leaf { lanes: usize },
    /// `shufflevector a, b, mask` (`b` `None`: poison).
    Shuffle {
        a: usize,
        b: Option<usize>,
        mask: Vec<i32>,
    },
    /// A lane-wise operation read only by the tree.
    Binary { op: BinOp, lhs: usize, rhs: usize },
}

/// A node of the rewritten tree; operands index the rewritten tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum New {
    /// Node `id` of the tree as read, kept.
    Old(usize),
    Shuffle {
        a: usize,
        b: Option<usize>,
        mask: Vec<i32>,
    },
    /// `op` with the flags both of `like` have (one or two nodes of the tree read).
    Binary {
        op: BinOp,
        like: (usize, usize),
        lhs: usize,
        rhs: usize,
    },
}

/// How deep a shuffle moves.
const MAX_DEPTH: usize = 4;

/// The tree `nodes` with its root (the last node, a shuffle) moved below the
/// operations it reads: the rewritten nodes, the last the new root; `None` when the
/// root reads no operation it can move below, or the result does not check.
pub fn sink(nodes: &[Node]) -> Option<Vec<New>> {
    let root = nodes.len().checked_sub(1)?;
    let Node::Shuffle { a, b, mask } = &nodes[root] else {
        return None;
    };
    let moves = |x: usize| matches!(nodes[x], Node::Binary { .. });
    if !moves(*a) || b.is_some_and(|b| !moves(b)) {
        return None;
    }
    let mut out = Vec::new();
    let mut sinker = Sinker {
        nodes,
        out: &mut out,
    };
    sinker.shuffle(mask, *a, *b, 0)?;
    equivalent(nodes, &out).then_some(out)
}

struct Sinker<'a> {
    nodes: &'a [Node],
    out: &'a mut Vec<New>,
}

impl Sinker<'_> {
    fn push(&mut self, n: New) -> usize {
        if let Some(i) = self.out.iter().position(|x| *x == n) {
            return i;
        }
        self.out.push(n);
        self.out.len() - 1
    }

    fn lanes(&self, id: usize) -> usize {
        match &self.nodes[id] {
            Node::Leaf { lanes } => *lanes,
            Node::Shuffle { mask, .. } => mask.len(),
            Node::Binary { lhs, .. } => self.lanes(*lhs),
        }
    }

    /// `shufflevector x, y, mask` in the rewritten tree, moved below operations where
    /// both sides are operations of one family.
    fn shuffle(&mut self, mask: &[i32], x: usize, y: Option<usize>, depth: usize) -> Option<usize> {
        let ops = |id: usize| match self.nodes[id] {
            Node::Binary { op, lhs, rhs } => Some((op, lhs, rhs)),
            _ => None,
        };
        let both = match y {
            Some(y) => ops(x).zip(ops(y)),
            None => ops(x).map(|o| (o, o)),
        };
        if let Some(((ox, lx, rx), (oy, ly, ry))) = both.filter(|_| depth < MAX_DEPTH) {
            if ox.family() == oy.family() {
                let second = |l| y.map(|_| l);
                let lhs = self.shuffle(mask, lx, second(ly), depth + 1)?;
                let rhs = self.shuffle(mask, rx, second(ry), depth + 1)?;
                let yy = y.unwrap_or(x);
                if ox == oy {
                    return Some(self.push(New::Binary {
                        op: ox,
                        like: (x, yy),
                        lhs,
                        rhs,
                    }));
                }
                // Both operations on every lane, then each lane from its side's.
                let bx = self.push(New::Binary {
                    op: ox,
                    like: (x, x),
                    lhs,
                    rhs,
                });
                let by = self.push(New::Binary {
                    op: oy,
                    like: (yy, yy),
                    lhs,
                    rhs,
                });
                let n = self.lanes(x) as i32;
                let m = mask.len() as i32;
                let blend = mask
                    .iter()
                    .enumerate()
                    .map(|(j, &s)| match s {
                        s if s < 0 => -1,
                        s if s < n => j as i32,
                        _ => m + j as i32,
                    })
                    .collect();
                return Some(self.push(New::Shuffle {
                    a: bx,
                    b: Some(by),
                    mask: blend,
                }));
            }
        }
        Some(self.compose(mask, x, y))
    }

    /// `shufflevector x, y, mask` composed with the shuffles `x` and `y` are, where the
    /// result reads at most two values of one size; else as it is.
    fn compose(&mut self, mask: &[i32], x: usize, y: Option<usize>) -> usize {
        let n = self.lanes(x) as i32;
        // Each lane: (node read, lane) or poison, one shuffle down.
        let lanes: Vec<Option<(usize, i32)>> = mask
            .iter()
            .map(|&s| {
                let (side, lane) = match s {
                    s if s < 0 => return None,
                    s if s < n => (x, s),
                    s => (y?, s - n),
                };
                match &self.nodes[side] {
                    Node::Shuffle { a, b, mask } => {
                        let k = self.lanes(*a) as i32;
                        match mask[lane as usize] {
                            t if t < 0 => None,
                            t if t < k => Some((*a, t)),
                            t => b.map(|b| (b, t - k)),
                        }
                    }
                    _ => Some((side, lane)),
                }
            })
            .collect();
        let mut sources: Vec<usize> = Vec::new();
        for &(node, _) in lanes.iter().flatten() {
            if !sources.contains(&node) {
                sources.push(node);
            }
        }
        let width = sources.first().map(|&s| self.lanes(s));
        let fits = sources.len() <= 2 && sources.iter().all(|&s| Some(self.lanes(s)) == width);
        let (sources, lanes) = if fits && !sources.is_empty() {
            (sources, lanes)
        } else {
            // As it is.
            let direct = mask
                .iter()
                .map(|&s| match s {
                    s if s < 0 => None,
                    s if s < n => Some((x, s)),
                    s => y.map(|y| (y, s - n)),
                })
                .collect();
            let mut own = vec![x];
            own.extend(y);
            (own, direct)
        };
        let w = self.lanes(sources[0]) as i32;
        let composed: Vec<i32> = lanes
            .iter()
            .map(|l| match l {
                None => -1,
                Some((node, lane)) => {
                    let side = sources.iter().position(|s| s == node).unwrap_or(0) as i32;
                    side * w + lane
                }
            })
            .collect();
        let identity =
            composed.len() as i32 == w && composed.iter().enumerate().all(|(j, &s)| s == j as i32);
        if identity {
            return self.push(New::Old(sources[0]));
        }
        let a = self.push(New::Old(sources[0]));
        let b = sources.get(1).map(|&s| New::Old(s));
        let b = b.map(|b| self.push(b));
        self.push(New::Shuffle {
            a,
            b,
            mask: composed,
        })
    }
}

/// A lane's value as a term over the leaves' lanes.
#[derive(Debug, PartialEq, Eq)]
enum Term {
    Lane(usize, usize),
    Op(BinOp, Rc<Term>, Rc<Term>),
}

type Lanes = Vec<Option<Rc<Term>>>;

fn eval_old(nodes: &[Node], id: usize) -> Lanes {
    match &nodes[id] {
        Node::Leaf { lanes } => (0..*lanes)
            .map(|i| Some(Rc::new(Term::Lane(id, i))))
            .collect(),
        Node::Shuffle { a, b, mask } => {
            let av = eval_old(nodes, *a);
            let bv = b.map(|b| eval_old(nodes, b));
            pick(&av, bv.as_ref(), mask)
        }
        Node::Binary { op, lhs, rhs } => {
            combine(*op, &eval_old(nodes, *lhs), &eval_old(nodes, *rhs))
        }
    }
}

fn eval_new(nodes: &[Node], new: &[New], id: usize) -> Lanes {
    match &new[id] {
        New::Old(old) => eval_old(nodes, *old),
        New::Shuffle { a, b, mask } => {
            let av = eval_new(nodes, new, *a);
            let bv = b.map(|b| eval_new(nodes, new, b));
            pick(&av, bv.as_ref(), mask)
        }
        New::Binary { op, lhs, rhs, .. } => combine(
            *op,
            &eval_new(nodes, new, *lhs),
            &eval_new(nodes, new, *rhs),
        ),
    }
}

fn pick(a: &Lanes, b: Option<&Lanes>, mask: &[i32]) -> Lanes {
    let n = a.len() as i32;
    mask.iter()
        .map(|&s| match s {
            s if s < 0 => None,
            s if s < n => a.get(s as usize).cloned().flatten(),
            s => b.and_then(|b| b.get((s - n) as usize).cloned().flatten()),
        })
        .collect()
}

fn combine(op: BinOp, l: &Lanes, r: &Lanes) -> Lanes {
    l.iter()
        .zip(r)
        .map(|(x, y)| Some(Rc::new(Term::Op(op, x.clone()?, y.clone()?))))
        .collect()
}

/// Whether the rewritten tree's root computes every lane the old root defines, the same
/// term.
pub fn equivalent(nodes: &[Node], new: &[New]) -> bool {
    let (Some(old_root), Some(new_root)) = (nodes.len().checked_sub(1), new.len().checked_sub(1))
    else {
        return false;
    };
    let want = eval_old(nodes, old_root);
    let got = eval_new(nodes, new, new_root);
    want.len() == got.len() && want.iter().zip(&got).all(|(w, g)| w.is_none() || w == g)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The complex multiply of the module docs, on 4-lane halves of 8-lane loads.
    fn complex_multiply() -> Vec<Node> {
        let even: Vec<i32> = vec![0, 2, 4, 6];
        let odd: Vec<i32> = vec![1, 3, 5, 7];
        let sh = |a, mask: &Vec<i32>| Node::Shuffle {
            a,
            b: None,
            mask: mask.clone(),
        };
        let bin = |op, lhs, rhs| Node::Binary { op, lhs, rhs };
        vec![
            Node::Leaf { lanes: 8 }, // 0: a
            Node::Leaf { lanes: 8 }, // 1: b
            sh(0, &even),            // 2: ar
            sh(0, &odd),             // 3: ai
            sh(1, &even),            // 4: br
            sh(1, &odd),             // 5: bi
            bin(BinOp::FMul, 2, 4),  // 6: ar*br
            bin(BinOp::FMul, 3, 5),  // 7: ai*bi
            bin(BinOp::FSub, 6, 7),  // 8: re
            bin(BinOp::FMul, 2, 5),  // 9: ar*bi
            bin(BinOp::FMul, 3, 4),  // 10: ai*br
            bin(BinOp::FAdd, 9, 10), // 11: im
            Node::Shuffle {
                a: 8,
                b: Some(11),
                mask: vec![0, 4, 1, 5, 2, 6, 3, 7],
            }, // 12: interleave
        ]
    }

    #[test]
    fn a_complex_multiply_becomes_three_shuffles_and_a_blend() {
        let new = sink(&complex_multiply()).unwrap();
        let shuffles: Vec<&Vec<i32>> = new
            .iter()
            .filter_map(|n| match n {
                New::Shuffle { mask, .. } => Some(mask),
                _ => None,
            })
            .collect();
        assert_eq!(
            shuffles,
            [
                &vec![0, 0, 2, 2, 4, 4, 6, 6],
                &vec![1, 1, 3, 3, 5, 5, 7, 7],
                &vec![1, 0, 3, 2, 5, 4, 7, 6],
                &vec![0, 9, 2, 11, 4, 13, 6, 15],
            ]
        );
        // b itself, not a shuffle of it.
        assert!(new.contains(&New::Old(1)));
    }

    #[test]
    fn a_wrong_rewrite_does_not_check() {
        let nodes = complex_multiply();
        let mut new = sink(&nodes).unwrap();
        let last = new.len() - 1;
        if let New::Shuffle { mask, .. } = &mut new[last] {
            mask.swap(0, 1);
        }
        assert!(!equivalent(&nodes, &new));
    }

    /// Random trees of shuffles and operations: every rewrite checks, and the checker
    /// is the evaluator's (a rewrite with one lane moved does not).
    #[test]
    fn random_trees_rewrite_to_the_same_terms() {
        let mut seed = 0x1234_5678_9abc_def1u64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let ops = [
            BinOp::FAdd,
            BinOp::FSub,
            BinOp::FMul,
            BinOp::Add,
            BinOp::Sub,
        ];
        let mut rewritten = 0;
        for _ in 0..3000 {
            let lanes = [2usize, 4, 8][next(3) as usize];
            let mut nodes = vec![Node::Leaf { lanes }, Node::Leaf { lanes }];
            // Shuffles of the leaves, then operations on them, then a root.
            for _ in 0..4 {
                let a = next(2) as usize;
                let two = next(2) == 0;
                let mask = (0..lanes)
                    .map(|_| match next(10) {
                        0 => -1,
                        _ => next(if two { 2 * lanes } else { lanes } as u64) as i32,
                    })
                    .collect();
                nodes.push(Node::Shuffle {
                    a,
                    b: two.then_some(1 - a),
                    mask,
                });
            }
            for _ in 0..4 {
                let k = nodes.len() as u64;
                let (lhs, rhs) = (2 + next(k - 2) as usize, 2 + next(k - 2) as usize);
                let op = ops[next(ops.len() as u64) as usize];
                nodes.push(Node::Binary { op, lhs, rhs });
            }
            let k = nodes.len();
            let mask = (0..lanes)
                .map(|_| match next(8) {
                    0 => -1,
                    _ => next(2 * lanes as u64) as i32,
                })
                .collect();
            nodes.push(Node::Shuffle {
                a: k - 1,
                b: Some(k - 2),
                mask,
            });
            if let Some(new) = sink(&nodes) {
                rewritten += 1;
                assert!(equivalent(&nodes, &new));
            }
        }
        assert!(rewritten > 300, "{rewritten}");
    }
}
