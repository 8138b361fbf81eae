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
//! Where the target has no instruction for that blend (AArch64, RISC-V V: a subtraction,
//! an addition and a blend), [`alternate`] makes the blend one addition: `fsub x, y` is
//! `fadd x, (fneg y)` (IEEE 754 defines subtraction so; InstCombine folds the one into
//! the other), and a sign flip on chosen lanes is an integer `xor` of their sign bits.
//!
//! ```text
//! %out = shufflevector (fsub %x, %y), (fadd %x, %y), <0,5,2,7>
//! =>
//! %out = fadd %x, (bitcast (xor (bitcast %y), <0x80000000, 0, 0x80000000, 0>))
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

/// A lane-wise operation: each lane of the result is the operation on the same lane of
/// each operand, and defined on every lane (no division: moving a shuffle below it
/// would compute lanes the original did not, and a lane may trap).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// A binary operator, which may alternate with another of its family.
    Bin(BinOp),
    /// `fneg`: the sign flipped. A shuffle of `fneg x` and another operation moves
    /// below it as the sign flipped in the lanes `fneg x` gave ([`New::FlipSign`]):
    /// what makes `fmuladd(a, b, fneg(c))` and `fmuladd(a, b, c)` one `fmuladd`.
    FNeg,
    /// `select` on a vector of conditions (its operands: conditions, then the two
    /// arms). Unlike every other operation its lane is not poison where an operand's
    /// is: only where the condition's is or the arm it takes is. (Taken for one, a
    /// mask's poison lane was commoned out of a `select` whose other arm was a splat,
    /// and a lane that was 42 became poison: a helper's hunt.)
    Select,
    /// Any other such operation (a cast, a comparison with its predicate, a lane-wise
    /// intrinsic such as `llvm.fma`), named
    /// by a number the IR layer gives each kind within one tree: moved like the binary
    /// ones, never alternated.
    Other(u32),
}

impl Op {
    fn family(self) -> Op {
        match self {
            Op::Bin(op) => Op::Bin(op.family()),
            other => other,
        }
    }
}

/// A node of the tree as read: `lanes` each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// A value the tree reads and keeps.
    Leaf { lanes: usize },
    /// A value the tree reads and keeps whose lanes are all one value (a splat
    /// constant, a broadcast of one lane): the same at any lane count ([`common`]).
    Splat { lanes: usize },
    /// `shufflevector a, b, mask` (`b` `None`: poison).
    Shuffle {
        a: usize,
        b: Option<usize>,
        mask: Vec<i32>,
    },
    /// A lane-wise operation read only by the tree, on `args`.
    Op { op: Op, args: Vec<usize> },
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
    /// `op` on `args`, built like the nodes `like` of the tree read (one or two: their
    /// types' element, the flags both have).
    Op {
        op: Op,
        like: (usize, usize),
        args: Vec<usize>,
    },
    /// `a` with the sign of each lane in `lanes` flipped: exactly `fneg` there (floating
    /// point), or `0 - a` (integers), nothing elsewhere.
    FlipSign { a: usize, lanes: Vec<bool> },
    /// Node `of` of the tree as read (a [`Node::Splat`]) at `lanes` lanes.
    Splat { of: usize, lanes: usize },
}

/// How deep a shuffle moves.
const MAX_DEPTH: usize = 4;

/// The tree `nodes` with its root (the last node, a shuffle) moved below the
/// operations it reads: the rewritten nodes, the last the new root; `None` when the
/// root reads no operation it can move below, or the result does not check.
pub fn sink(nodes: &[Node]) -> Option<Vec<New>> {
    let (a, b, mask) = root_view(nodes)?;
    let moves = |x: usize| matches!(nodes[x], Node::Op { .. });
    if !moves(a) || b.is_some_and(|b| !moves(b)) {
        return None;
    }
    let mut out = Vec::new();
    let mut sinker = Sinker {
        nodes,
        out: &mut out,
    };
    sinker.shuffle(&mask, a, b, 0)?;
    equivalent(nodes, &out).then_some(out)
}

/// Lanes of node `id`.
fn lanes_of(nodes: &[Node], id: usize) -> usize {
    match &nodes[id] {
        Node::Leaf { lanes } | Node::Splat { lanes } => *lanes,
        Node::Shuffle { mask, .. } => mask.len(),
        Node::Op { args, .. } => args.first().map_or(0, |&a| lanes_of(nodes, a)),
    }
}

/// The root's operands and mask, composed through a shuffle of one operation on
/// either side (InstCombine leaves a blend of two operations as an extract of the even
/// lanes of one, of the odd lanes of the other, and an interleave of the two).
fn root_view(nodes: &[Node]) -> Option<(usize, Option<usize>, Vec<i32>)> {
    let root = nodes.len().checked_sub(1)?;
    let Node::Shuffle { a, b, mask } = &nodes[root] else {
        return None;
    };
    // A side as (the node it reads, the mask it reads it with).
    let side = |x: usize| -> (usize, Vec<i32>) {
        match &nodes[x] {
            Node::Shuffle {
                a: inner,
                b: None,
                mask: m,
            } if matches!(nodes[*inner], Node::Op { .. }) => {
                let w = lanes_of(nodes, *inner) as i32;
                (
                    *inner,
                    m.iter().map(|&t| if t < w { t } else { -1 }).collect(),
                )
            }
            _ => (x, (0..lanes_of(nodes, x) as i32).collect()),
        }
    };
    let (na, ma) = side(*a);
    let sb = b.map(side);
    let w = lanes_of(nodes, na) as i32;
    if sb
        .as_ref()
        .is_some_and(|(nb, _)| lanes_of(nodes, *nb) as i32 != w)
    {
        return None;
    }
    let n = lanes_of(nodes, *a) as i32;
    let composed = mask
        .iter()
        .map(|&s| match s {
            s if s < 0 => Some(-1),
            s if s < n => Some(ma[s as usize]),
            s => {
                let t = *sb.as_ref()?.1.get((s - n) as usize)?;
                Some(if t < 0 { -1 } else { w + t })
            }
        })
        .collect::<Option<Vec<i32>>>()?;
    Some((na, sb.map(|(nb, _)| nb), composed))
}

/// The tree as read, as a rewritten tree that keeps its operations: its root over
/// them (what [`alternate`] starts from where nothing moves).
pub fn as_is(nodes: &[Node]) -> Option<Vec<New>> {
    let (a, b, mask) = root_view(nodes)?;
    let mut out = vec![New::Old(a)];
    let b = b.map(|b| {
        out.push(New::Old(b));
        1
    });
    out.push(New::Shuffle { a: 0, b, mask });
    Some(out)
}

/// Seed 001's phase 5, bottom-up commoning: a tree of operations (its root, the last
/// node, an operation) whose every operand at the bottom is a shuffle by one mask, of
/// sources of one shape, or a splat (as wide as the sources, the same), becomes the
/// operations on the shuffles' sources, side by side, and one shuffle by that mask: `k`
/// shuffles become one, each operation twice (once a side; once where every shuffle
/// reads one source). Shuffles by different masks: [`factor`]. `None` where the tree reads
/// anything else, has fewer than two shuffles, or the result does not check.
///
/// ```text
/// %r = add (shufflevector %a, %b, M), (shufflevector %c, %d, M)
/// =>
/// %r = shufflevector (add %a, %c), (add %b, %d), M
/// ```
pub fn common(nodes: &[Node]) -> Option<Vec<New>> {
    let root = nodes.len().checked_sub(1)?;
    if !matches!(nodes[root], Node::Op { .. }) {
        return None;
    }
    // What the root reads (ids below their readers: the reader adds operands first).
    let mut read = vec![false; nodes.len()];
    read[root] = true;
    // The one mask, whether the shuffles read two sources, and their sources' lanes.
    let mut shape: Option<(&[i32], bool, usize)> = None;
    let mut one_mask = true;
    let mut shuffles = 0;
    for id in (0..=root).rev() {
        if !read[id] {
            continue;
        }
        match &nodes[id] {
            Node::Op { args, .. } => {
                for &a in args {
                    if matches!(nodes[a], Node::Leaf { .. }) {
                        return None;
                    }
                    read[a] = true;
                }
            }
            Node::Splat { .. } => {}
            Node::Shuffle { a, b, mask } => {
                let this = (mask.as_slice(), b.is_some(), lanes_of(nodes, *a));
                if b.is_some_and(|b| lanes_of(nodes, b) != this.2) {
                    return None;
                }
                if *shape.get_or_insert(this) != this {
                    one_mask = false;
                }
                shuffles += 1;
            }
            Node::Leaf { .. } => return None,
        }
    }
    let (mask, two, width) = shape?;
    if shuffles < 2 {
        return None;
    }
    if !one_mask {
        return factor(nodes, &read);
    }
    let mut out: Vec<New> = Vec::new();
    // Each node read as its value on the first sources and on the second.
    let mut sides: Vec<(usize, Option<usize>)> = vec![(0, None); nodes.len()];
    for id in (0..=root).filter(|&id| read[id]) {
        sides[id] = match &nodes[id] {
            Node::Shuffle { a, b, .. } => {
                let a = push_once(&mut out, New::Old(*a));
                (a, b.map(|b| push_once(&mut out, New::Old(b))))
            }
            // The same value on both sides, as wide as the sources.
            Node::Splat { .. } => {
                let splat = push_once(
                    &mut out,
                    New::Splat {
                        of: id,
                        lanes: width,
                    },
                );
                (splat, two.then_some(splat))
            }
            Node::Op { op, args } => {
                let mut on = |side: &dyn Fn(usize) -> Option<usize>| -> Option<usize> {
                    let args = args.iter().map(|&a| side(a)).collect::<Option<_>>()?;
                    let new = New::Op {
                        op: *op,
                        like: (id, id),
                        args,
                    };
                    Some(push_once(&mut out, new))
                };
                let first = on(&|a| Some(sides[a].0))?;
                let second = match two {
                    true => Some(on(&|a| sides[a].1)?),
                    false => None,
                };
                (first, second)
            }
            Node::Leaf { .. } => return None,
        };
    }
    let (a, b) = sides[root];
    out.push(New::Shuffle {
        a,
        b,
        mask: mask.to_vec(),
    });
    equivalent(nodes, &out).then_some(out)
}

/// The index of `n` in `out`, pushed there unless it is already.
fn push_once(out: &mut Vec<New>, n: New) -> usize {
    match out.iter().position(|x| *x == n) {
        Some(i) => i,
        None => {
            out.push(n);
            out.len() - 1
        }
    }
}

/// Whether every shuffle of `nodes` has one mask.
pub fn one_mask(nodes: &[Node]) -> bool {
    let mut masks = nodes.iter().filter_map(|n| match n {
        Node::Shuffle { mask, .. } => Some(mask),
        _ => None,
    });
    let first = masks.next();
    masks.all(|m| Some(m) == first)
}

/// Phase 5 where the shuffles' masks differ (from [`common`]; `read`: the nodes the
/// root reads): each shuffle a permutation of one source as wide as itself, poison
/// lanes aside. One of them, `P`, a whole permutation, is taken out of all: a shuffle
/// by `m` becomes `P` of a shuffle by `m` after `P`'s inverse, nothing where that is the
/// identity; the operations run on those, and `P` once after them. Of the masks, the
/// `P` that leaves the fewest shuffles; `None` where none leaves fewer than there were,
/// or the result does not check.
///
/// ```text
/// %r = fsub (fmul a.yzx, b.zxy), (fmul a.zxy, b.yzx)     ; a cross product: 4 shuffles
/// =>
/// %r = (fsub (fmul a, b.yzx), (fmul a.yzx, b)).yzx        ; 3
/// ```
fn factor(nodes: &[Node], read: &[bool]) -> Option<Vec<New>> {
    let root = nodes.len() - 1;
    let width = lanes_of(nodes, root);
    // Each shuffle's source and mask.
    let mut masks: Vec<(usize, &[i32])> = Vec::new();
    for (node, _) in nodes.iter().zip(read).filter(|&(_, &r)| r) {
        if let Node::Shuffle { a, b, mask } = node {
            if b.is_some() || mask.len() != width || lanes_of(nodes, *a) != width {
                return None;
            }
            masks.push((*a, mask));
        }
    }
    let identity = |m: &[i32]| m.iter().enumerate().all(|(i, &l)| l < 0 || l == i as i32);
    // `m` after the inverse of the whole permutation `p`: `r[p[j]] = m[j]`.
    let residual = |m: &[i32], p: &[i32]| -> Vec<i32> {
        let mut r = vec![-1; width];
        for (j, &pj) in p.iter().enumerate() {
            r[pj as usize] = m[j];
        }
        r
    };
    let whole = |p: &[i32]| {
        let mut seen = vec![false; width];
        p.iter().all(|&l| {
            let fresh = l >= 0 && (l as usize) < width && !seen[l as usize];
            if fresh {
                seen[l as usize] = true;
            }
            fresh
        })
    };
    // The shuffles `p` leaves: one per source and residual other than the identity.
    let left = |p: &[i32]| {
        let mut left: Vec<(usize, Vec<i32>)> = (masks.iter())
            .map(|&(a, m)| (a, residual(m, p)))
            .filter(|(_, r)| !identity(r))
            .collect();
        left.sort();
        left.dedup();
        left.len()
    };
    let p = (masks.iter().map(|&(_, p)| p))
        .filter(|p| whole(p) && !identity(p))
        .min_by_key(|p| left(p))?;
    if 1 + left(p) >= masks.len() {
        return None;
    }
    let mut out: Vec<New> = Vec::new();
    let mut new_id = vec![0; nodes.len()];
    for id in (0..=root).filter(|&id| read[id]) {
        new_id[id] = match &nodes[id] {
            Node::Shuffle { a, mask, .. } => {
                let source = push_once(&mut out, New::Old(*a));
                let r = residual(mask, p);
                match identity(&r) {
                    true => source,
                    false => push_once(
                        &mut out,
                        New::Shuffle {
                            a: source,
                            b: None,
                            mask: r,
                        },
                    ),
                }
            }
            Node::Splat { .. } => push_once(
                &mut out,
                New::Splat {
                    of: id,
                    lanes: width,
                },
            ),
            Node::Op { op, args } => {
                let args = args.iter().map(|&a| new_id[a]).collect();
                push_once(
                    &mut out,
                    New::Op {
                        op: *op,
                        like: (id, id),
                        args,
                    },
                )
            }
            Node::Leaf { .. } => return None,
        };
    }
    out.push(New::Shuffle {
        a: new_id[root],
        b: None,
        mask: p.to_vec(),
    });
    equivalent(nodes, &out).then_some(out)
}

/// Whether commoning `new` (from [`common`]) may pay enough to be measured: the
/// operations computed once more (on a second side, or on twice as many lanes) fewer
/// than the shuffles saved at two instructions each. Doubling two operations to save
/// one shuffle never paid where it was measured (the loop vectorizer's deinterleaves
/// under `fmuladd`: 6 instructions against 6 to 8 on x86-64-v3, 14 against 23 on
/// neoverse-n1).
pub fn common_may_pay(nodes: &[Node], new: &[New]) -> bool {
    let count = |f: &dyn Fn(&Node) -> bool| nodes.iter().filter(|n| f(n)).count();
    let before = count(&|n| matches!(n, Node::Op { .. }));
    let shuffles = count(&|n| matches!(n, Node::Shuffle { .. }));
    let Some(New::Shuffle { a, mask, .. }) = new.last() else {
        return false;
    };
    let after = new.iter().filter(|n| matches!(n, New::Op { .. })).count();
    let wider = lanes_of_new(nodes, new, *a) > mask.len();
    let more = if wider {
        after
    } else {
        after - before.min(after)
    };
    more < 2 * shuffles.saturating_sub(1)
}

/// Whether `new`, a rewrite of `nodes`, runs fewer shuffles or fewer operations than
/// the tree: counting its own and those of the tree it keeps below a node it reads as
/// read ([`New::Old`]), each once. A rewrite that only rebuilds its root over two
/// operations it cannot move below (a `trunc` on one side, an `or` on the other) keeps
/// every shuffle beneath them and saves nothing, though it builds fewer shuffles; one
/// that makes two `trunc`s one saves an operation.
pub fn runs_less(nodes: &[Node], new: &[New]) -> bool {
    let (shuffles, operations) = run(nodes, new);
    let count = |shuffle: bool| {
        (nodes.iter())
            .filter(|n| match n {
                Node::Shuffle { .. } => shuffle,
                Node::Op { .. } => !shuffle,
                Node::Leaf { .. } | Node::Splat { .. } => false,
            })
            .count()
    };
    shuffles < count(true) || operations < count(false)
}

/// The shuffles and operations `new`, a rewrite of `nodes`, runs ([`runs_less`]).
fn run(nodes: &[Node], new: &[New]) -> (usize, usize) {
    let mut kept = vec![false; nodes.len()];
    let mut stack: Vec<usize> = new
        .iter()
        .filter_map(|n| match n {
            New::Old(old) => Some(*old),
            _ => None,
        })
        .collect();
    while let Some(id) = stack.pop() {
        if std::mem::replace(&mut kept[id], true) {
            continue;
        }
        match &nodes[id] {
            Node::Shuffle { a, b, .. } => stack.extend(std::iter::once(*a).chain(*b)),
            Node::Op { args, .. } => stack.extend(args),
            Node::Leaf { .. } | Node::Splat { .. } => {}
        }
    }
    let (mut shuffles, mut operations) = (0, 0);
    for (node, _) in nodes.iter().zip(&kept).filter(|(_, &k)| k) {
        match node {
            Node::Shuffle { .. } => shuffles += 1,
            Node::Op { .. } => operations += 1,
            Node::Leaf { .. } | Node::Splat { .. } => {}
        }
    }
    for n in new {
        match n {
            New::Shuffle { .. } => shuffles += 1,
            New::Op { .. } | New::FlipSign { .. } => operations += 1,
            New::Old(_) | New::Splat { .. } => {}
        }
    }
    (shuffles, operations)
}

/// Whether the shuffles of `new`, a rewrite of `nodes`, move more than four times the
/// bits the tree's shuffles move and more than two registers of `register_bits`
/// (`bits`: each node's element bits), not worth a compilation. Such a rewrite moves a
/// shuffle to elements many times as wide: below an `fptoui` from `double` to bytes, a
/// 16-byte interleave became one of 16 doubles, four registers. Of the 1,058
/// candidates measured over the benchmark kernels (four targets), the five realworld
/// clients and 3,000 random functions (`tests/differential.rs`, seven targets), the 8
/// above the bound (libjpeg-turbo's `rdppm.c` and its kin, x86-64-v3: 46 instructions
/// against 106, 10 against 19) all compiled longer, and none of the 287 that compiled
/// shorter was above it (up to four times the bits; or up to two registers, from a few
/// bits of `i1`/`i2` lanes).
pub fn moves_far_more(nodes: &[Node], new: &[New], bits: &[u32], register_bits: u32) -> bool {
    let (before, after) = shuffled_bits(nodes, new, bits);
    after > (4 * before).max(2 * u64::from(register_bits))
}

/// Bits the shuffles of `nodes` and of its rewrite `new` move, `bits` each node's
/// element bits: a shuffle's lanes times its element's bits, none for one that only
/// takes registers as they are (a concatenation, a piece in place; a piece narrower
/// than a register, its upper half, counted so too: this bounds a measurement, no
/// more).
fn shuffled_bits(nodes: &[Node], new: &[New], bits: &[u32]) -> (u64, u64) {
    let moved = |mask: &[i32], element: u32| match in_place(mask) {
        true => 0,
        false => mask.len() as u64 * u64::from(element),
    };
    let before = nodes
        .iter()
        .zip(bits)
        .map(|(n, &b)| match n {
            Node::Shuffle { mask, .. } => moved(mask, b),
            _ => 0,
        })
        .sum();
    let mut new_bits: Vec<u32> = Vec::with_capacity(new.len());
    let mut after = 0;
    for n in new {
        let b = match n {
            New::Old(old) | New::Splat { of: old, .. } => bits[*old],
            // (A sign flip's `fneg` built like a cast is not of the cast's element
            // type; no shuffle reads it, so no count is wrong.)
            New::Op { like, .. } => bits[like.0],
            New::Shuffle { a, mask, .. } => {
                after += moved(mask, new_bits[*a]);
                new_bits[*a]
            }
            New::FlipSign { a, .. } => new_bits[*a],
        };
        new_bits.push(b);
    }
    (before, after)
}

/// Whether `mask` takes its operands' lanes in order from a multiple of its length
/// (a concatenation, the whole, a piece).
fn in_place(mask: &[i32]) -> bool {
    let n = mask.len() as i32;
    let Some(start) = mask.iter().position(|&m| m >= 0) else {
        return true;
    };
    let first = mask[start] - start as i32;
    first >= 0
        && first % n == 0
        && mask
            .iter()
            .enumerate()
            .all(|(i, &m)| m < 0 || m == first + i as i32)
}

/// Lanes of node `id` of a rewritten tree.
fn lanes_of_new(nodes: &[Node], new: &[New], id: usize) -> usize {
    match &new[id] {
        New::Old(old) => lanes_of(nodes, *old),
        New::Splat { lanes, .. } => *lanes,
        New::Shuffle { mask, .. } => mask.len(),
        New::Op { args, .. } => args.first().map_or(0, |&a| lanes_of_new(nodes, new, a)),
        New::FlipSign { a, .. } => lanes_of_new(nodes, new, *a),
    }
}

/// `new` (a rewritten tree of `nodes`) whose root blends `fsub x, y` and `fadd x, y`
/// lane by lane (each lane from its own lane of either) as one `fadd x, y'`, `y'` the
/// sign of `y` flipped in the lanes the subtraction gave; likewise `sub` and `add` as
/// one `add x, y'`, `y'` negated in those lanes (exact in wrapping arithmetic; the IR
/// layer builds it as a multiply by 1 and -1, which AArch64 fuses into one `mla` and
/// RISC-V V into one `vmacc`). `None` where the root is no such blend, or the result
/// does not check.
pub fn alternate(nodes: &[Node], new: &[New]) -> Option<Vec<New>> {
    let root = new.len().checked_sub(1)?;
    let New::Shuffle {
        a,
        b: Some(b),
        mask,
    } = &new[root]
    else {
        return None;
    };
    let mut out: Vec<New> = new[..root].to_vec();
    // Each side as (operation, the node its flags come from, lhs, rhs) in `out`.
    let side = |out: &mut Vec<New>, id: usize| -> Option<(BinOp, usize, usize, usize)> {
        match out[id].clone() {
            New::Op {
                op: Op::Bin(op),
                like,
                args,
            } if like.0 == like.1 && args.len() == 2 => Some((op, like.0, args[0], args[1])),
            New::Old(old) => match &nodes[old] {
                Node::Op {
                    op: Op::Bin(op),
                    args,
                } if args.len() == 2 => {
                    let l = push_once(out, New::Old(args[0]));
                    let r = push_once(out, New::Old(args[1]));
                    Some((*op, old, l, r))
                }
                _ => None,
            },
            _ => None,
        }
    };
    let (oa, like_a, la, ra) = side(&mut out, *a)?;
    let (ob, like_b, lb, rb) = side(&mut out, *b)?;
    // Not of one value with itself: `sub x, x` is zero, which the backend folds (the
    // blend then a mask of `add x, x`), and no negation does.
    if (la, ra) != (lb, rb) || la == ra {
        return None;
    }
    let m = mask.len() as i32;
    let from_a: Option<Vec<Option<bool>>> = mask
        .iter()
        .enumerate()
        .map(|(j, &s)| match s {
            s if s < 0 => Some(None),
            s if s == j as i32 => Some(Some(true)),
            s if s == m + j as i32 => Some(Some(false)),
            _ => None,
        })
        .collect();
    let from_a = from_a?;
    // The lanes the subtraction gives, and the addition that does it all.
    let (subtracted, add): (Vec<bool>, BinOp) = match (oa, ob) {
        (BinOp::FSub, BinOp::FAdd) | (BinOp::Sub, BinOp::Add) => {
            (from_a.iter().map(|l| *l == Some(true)).collect(), ob)
        }
        (BinOp::FAdd, BinOp::FSub) | (BinOp::Add, BinOp::Sub) => {
            (from_a.iter().map(|l| *l == Some(false)).collect(), oa)
        }
        _ => return None,
    };
    let flip = push_once(
        &mut out,
        New::FlipSign {
            a: ra,
            lanes: subtracted,
        },
    );
    out.push(New::Op {
        op: Op::Bin(add),
        like: (like_a, like_b),
        args: vec![la, flip],
    });
    let out = prune(out);
    equivalent(nodes, &out).then_some(out)
}

/// `new` (a rewritten tree of `nodes`) whose root is an operation with one operand's
/// sign flipped in some lanes, as the operation on the operand negated and on the
/// operand as it is, blended lane by lane: what x86 selects as one `vfmaddsub` for a
/// `fmuladd`/`fma` whose addend alternates in sign (the fused complex multiply: 2
/// instructions, `vxorps` and `vfmadd`, become one). `None` where the root is no such
/// operation, or the result does not check.
///
/// ```text
/// %r = fmuladd %a, %b, (flip the sign of lanes 0, 2, .. of %c)
/// =>
/// %r = shufflevector (fmuladd %a, %b, (fneg %c)), (fmuladd %a, %b, %c), <0,9,2,11,..>
/// ```
pub fn blend_flip(nodes: &[Node], new: &[New]) -> Option<Vec<New>> {
    let root = new.len().checked_sub(1)?;
    let New::Op { op, like, args } = new[root].clone() else {
        return None;
    };
    if op == Op::FNeg {
        return None;
    }
    let mut out: Vec<New> = new[..root].to_vec();
    // Each operand as (what it is with its signs flipped back, the lanes flipped): a
    // sign flip itself, or a product with one factor sign-flipped (the flip taken out
    // of the product).
    let flip_of = |out: &mut Vec<New>, id: usize| -> Option<(usize, Vec<bool>)> {
        match out[id].clone() {
            New::FlipSign { a, lanes } => Some((a, lanes)),
            New::Op {
                op: Op::Bin(BinOp::FMul),
                like,
                args,
            } if args.len() == 2 => {
                let factor = |i: usize| match &out[args[i]] {
                    New::FlipSign { a, lanes } => Some((*a, lanes.clone())),
                    _ => None,
                };
                let (i, (bare, lanes)) = match (factor(0), factor(1)) {
                    (Some(f), None) => (0, f),
                    (None, Some(f)) => (1, f),
                    _ => return None,
                };
                let mut plain = args.clone();
                plain[i] = bare;
                out.push(New::Op {
                    op: Op::Bin(BinOp::FMul),
                    like,
                    args: plain,
                });
                Some((out.len() - 1, lanes))
            }
            _ => None,
        }
    };
    let mut flipped = Vec::new();
    for (k, &arg) in args.iter().enumerate() {
        if let Some(f) = flip_of(&mut out, arg) {
            flipped.push((k, f));
        }
    }
    if flipped.len() != 1 {
        return None;
    }
    let (k, (c, lanes)) = flipped.remove(0);
    out.push(New::Op {
        op: Op::FNeg,
        like,
        args: vec![c],
    });
    let negated = out.len() - 1;
    let with = |operand: usize, out: &mut Vec<New>| {
        let mut changed = args.clone();
        changed[k] = operand;
        out.push(New::Op {
            op,
            like,
            args: changed,
        });
        out.len() - 1
    };
    let x = with(negated, &mut out);
    let y = with(c, &mut out);
    let m = lanes.len() as i32;
    let mask = lanes
        .iter()
        .enumerate()
        .map(|(j, &flip)| if flip { j as i32 } else { m + j as i32 })
        .collect();
    out.push(New::Shuffle {
        a: x,
        b: Some(y),
        mask,
    });
    let out = prune(out);
    equivalent(nodes, &out).then_some(out)
}

/// `new` without the nodes its root does not read, renumbered in order.
fn prune(new: Vec<New>) -> Vec<New> {
    let mut used = vec![false; new.len()];
    if let Some(last) = used.last_mut() {
        *last = true;
    }
    for i in (0..new.len()).rev() {
        if !used[i] {
            continue;
        }
        match &new[i] {
            New::Old(_) | New::Splat { .. } => {}
            New::Shuffle { a, b, .. } => {
                used[*a] = true;
                if let Some(b) = b {
                    used[*b] = true;
                }
            }
            New::Op { args, .. } => {
                for &a in args {
                    used[a] = true;
                }
            }
            New::FlipSign { a, .. } => used[*a] = true,
        }
    }
    let mut index = vec![0; new.len()];
    let mut out = Vec::new();
    for (i, n) in new.into_iter().enumerate() {
        if !used[i] {
            continue;
        }
        index[i] = out.len();
        out.push(match n {
            New::Old(o) => New::Old(o),
            New::Splat { of, lanes } => New::Splat { of, lanes },
            New::Shuffle { a, b, mask } => New::Shuffle {
                a: index[a],
                b: b.map(|b| index[b]),
                mask,
            },
            New::Op { op, like, args } => New::Op {
                op,
                like,
                args: args.into_iter().map(|a| index[a]).collect(),
            },
            New::FlipSign { a, lanes } => New::FlipSign { a: index[a], lanes },
        });
    }
    out
}

struct Sinker<'a> {
    nodes: &'a [Node],
    out: &'a mut Vec<New>,
}

impl Sinker<'_> {
    fn push(&mut self, n: New) -> usize {
        push_once(self.out, n)
    }

    fn lanes(&self, id: usize) -> usize {
        lanes_of(self.nodes, id)
    }

    /// `shufflevector x, y, mask` in the rewritten tree, moved below operations where
    /// both sides are operations of one family and as many operands.
    fn shuffle(&mut self, mask: &[i32], x: usize, y: Option<usize>, depth: usize) -> Option<usize> {
        let ops = |id: usize| match &self.nodes[id] {
            Node::Op { op, args } => Some((*op, args.clone())),
            _ => None,
        };
        let both = match y {
            Some(y) => ops(x).zip(ops(y)),
            None => ops(x).map(|o| (o.clone(), o)),
        };
        // `fneg` on one side only (the other any value): the shuffle of what is negated
        // and the other side, its sign flipped after in the lanes the `fneg` gave.
        let negated = |id: usize| match &self.nodes[id] {
            Node::Op { op: Op::FNeg, args } => Some(args[0]),
            _ => None,
        };
        if let Some(yy) = y.filter(|_| depth < MAX_DEPTH) {
            let sides = match (negated(x), negated(yy)) {
                (Some(u), None) => Some((u, yy, true)),
                (None, Some(u)) => Some((x, u, false)),
                _ => None,
            };
            if let Some((inner_x, inner_y, from_x)) = sides {
                let n = self.lanes(x) as i32;
                let lanes: Vec<bool> = mask
                    .iter()
                    .map(|&s| s >= 0 && ((s < n) == from_x))
                    .collect();
                let moved = self.shuffle(mask, inner_x, Some(inner_y), depth + 1)?;
                return Some(self.push(New::FlipSign { a: moved, lanes }));
            }
        }
        if let Some(((ox, ax), (oy, ay))) = both.filter(|_| depth < MAX_DEPTH) {
            if ox.family() == oy.family() && ax.len() == ay.len() {
                let mut args = Vec::new();
                for (&xa, &ya) in ax.iter().zip(&ay) {
                    args.push(self.shuffle(mask, xa, y.map(|_| ya), depth + 1)?);
                }
                let yy = y.unwrap_or(x);
                if ox == oy {
                    return Some(self.push(New::Op {
                        op: ox,
                        like: (x, yy),
                        args,
                    }));
                }
                // Both operations on every lane, then each lane from its side's.
                let bx = self.push(New::Op {
                    op: ox,
                    like: (x, x),
                    args: args.clone(),
                });
                let by = self.push(New::Op {
                    op: oy,
                    like: (yy, yy),
                    args,
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
    /// A poison lane a `select` may not take.
    Poison,
    Op(Op, Vec<Rc<Term>>),
    /// The lane with its sign flipped.
    Neg(Rc<Term>),
}

type Lanes = Vec<Option<Rc<Term>>>;

fn eval_old(nodes: &[Node], id: usize) -> Lanes {
    match &nodes[id] {
        Node::Leaf { lanes } => (0..*lanes)
            .map(|i| Some(Rc::new(Term::Lane(id, i))))
            .collect(),
        Node::Splat { lanes } => vec![Some(Rc::new(Term::Lane(id, 0))); *lanes],
        Node::Shuffle { a, b, mask } => {
            let av = eval_old(nodes, *a);
            let bv = b.map(|b| eval_old(nodes, b));
            pick(&av, bv.as_ref(), mask)
        }
        Node::Op { op, args } => {
            let args: Vec<Lanes> = args.iter().map(|&a| eval_old(nodes, a)).collect();
            combine(*op, &args)
        }
    }
}

fn eval_new(nodes: &[Node], new: &[New], id: usize) -> Lanes {
    match &new[id] {
        New::Old(old) => eval_old(nodes, *old),
        New::Splat { of, lanes } => vec![Some(Rc::new(Term::Lane(*of, 0))); *lanes],
        New::Shuffle { a, b, mask } => {
            let av = eval_new(nodes, new, *a);
            let bv = b.map(|b| eval_new(nodes, new, b));
            pick(&av, bv.as_ref(), mask)
        }
        New::Op { op, args, .. } => {
            let args: Vec<Lanes> = args.iter().map(|&a| eval_new(nodes, new, a)).collect();
            combine(*op, &args)
        }
        New::FlipSign { a, lanes } => eval_new(nodes, new, *a)
            .into_iter()
            .zip(lanes)
            .map(|(t, &flip)| match (t, flip) {
                (Some(t), true) => Some(negate(t)),
                (t, _) => t,
            })
            .collect(),
    }
}

/// `t` with its sign flipped (`fneg`, or a sign bit flipped: the same bits), a double
/// flip cancelled.
fn negate(t: Rc<Term>) -> Rc<Term> {
    match &*t {
        Term::Neg(inner) => inner.clone(),
        _ => Rc::new(Term::Neg(t)),
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

/// `op` on `args` lane by lane: each lane a term (undefined where an operand's lane is).
fn combine(op: Op, args: &[Lanes]) -> Lanes {
    let lanes = args.first().map_or(0, Vec::len);
    (0..lanes)
        .map(|i| {
            // A select's lane: poison where its condition's is; an arm's poison is
            // poison only where taken, which this does not know, so it stays a term.
            if let (Op::Select, [c, x, y]) = (op, args) {
                let arm = |a: &Lanes| a.get(i).cloned().flatten().unwrap_or(Rc::new(Term::Poison));
                let c = c.get(i).cloned().flatten()?;
                return Some(Rc::new(Term::Op(op, vec![c, arm(x), arm(y)])));
            }
            let terms = args
                .iter()
                .map(|a| a.get(i).cloned().flatten())
                .collect::<Option<Vec<Rc<Term>>>>()?;
            if let (Op::FNeg, [x]) = (op, &terms[..]) {
                return Some(negate(x.clone()));
            }
            // A product's sign is its operands' signs combined, its magnitude theirs
            // (rounding is symmetric): `fmul x, (fneg y)` is `fneg (fmul x, y)`, bit for
            // bit but for the sign of a NaN, which LLVM leaves open (InstCombine moves
            // `fneg` so too).
            if let (Op::Bin(BinOp::FMul), [x, y]) = (op, &terms[..]) {
                let bare = |t: &Rc<Term>| match &**t {
                    Term::Neg(inner) => (inner.clone(), true),
                    _ => (t.clone(), false),
                };
                let ((x, nx), (y, ny)) = (bare(x), bare(y));
                let product = Rc::new(Term::Op(op, vec![x, y]));
                return Some(if nx != ny { negate(product) } else { product });
            }
            // `fadd x, (fneg y)` is `fsub x, y`, bit for bit (IEEE 754's definition), and
            // `add x, (0 - y)` is `sub x, y` (wrapping arithmetic).
            if let (Op::Bin(add @ (BinOp::FAdd | BinOp::Add)), [x, y]) = (op, &terms[..]) {
                if let Term::Neg(negated) = &**y {
                    let sub = match add {
                        BinOp::FAdd => BinOp::FSub,
                        _ => BinOp::Sub,
                    };
                    return Some(Rc::new(Term::Op(
                        Op::Bin(sub),
                        vec![x.clone(), negated.clone()],
                    )));
                }
            }
            Some(Rc::new(Term::Op(op, terms)))
        })
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

    /// The masks of the shuffles of a rewritten tree, in order.
    fn masks_of(new: &[New]) -> Vec<&Vec<i32>> {
        (new.iter())
            .filter_map(|n| match n {
                New::Shuffle { mask, .. } => Some(mask),
                _ => None,
            })
            .collect()
    }

    /// A xorshift generator from `seed`: each call a number below its argument.
    fn xorshift(mut seed: u64) -> impl FnMut(u64) -> u64 {
        move |n| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        }
    }

    /// Two 8-lane loads of interleaved complex numbers and their real and imaginary
    /// parts: nodes 0 `a`, 1 `b`, 2 `ar`, 3 `ai`, 4 `br`, 5 `bi`.
    fn complex_parts() -> Vec<Node> {
        let sh = |a, mask: [i32; 4]| Node::Shuffle {
            a,
            b: None,
            mask: mask.to_vec(),
        };
        let (even, odd) = ([0, 2, 4, 6], [1, 3, 5, 7]);
        vec![
            Node::Leaf { lanes: 8 },
            Node::Leaf { lanes: 8 },
            sh(0, even),
            sh(0, odd),
            sh(1, even),
            sh(1, odd),
        ]
    }

    /// The complex multiply of the module docs, on 4-lane halves of 8-lane loads.
    fn complex_multiply() -> Vec<Node> {
        let bin = |op, lhs, rhs| Node::Op {
            op: Op::Bin(op),
            args: vec![lhs, rhs],
        };
        let mut nodes = complex_parts();
        nodes.extend([
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
        ]);
        nodes
    }

    #[test]
    fn a_complex_multiply_becomes_three_shuffles_and_a_blend() {
        let new = sink(&complex_multiply()).unwrap();
        let shuffles = masks_of(&new);
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
        // The four deinterleaves and the interleave become those four.
        assert_eq!(run(&complex_multiply(), &new).0, 4);
        assert!(runs_less(&complex_multiply(), &new));
    }

    /// `shufflevector (trunc %x), (or (broadcast %y), C), <0,8,1,9,..>` (libpng's
    /// `pngvalid.c`): the interleave cannot move below a `trunc` on one side and an `or`
    /// on the other, so the rewrite is the tree itself. It builds one shuffle, the
    /// root, but runs two: the broadcast stays below the `or` (not worth measuring).
    /// With a `trunc` on both sides, one `trunc` is saved (and the broadcast composes
    /// into the interleave).
    #[test]
    fn a_shuffle_kept_below_an_operation_is_run_by_the_rewrite() {
        let nodes = vec![
            Node::Leaf { lanes: 8 }, // 0: %x
            Node::Leaf { lanes: 8 }, // 1: insertelement of %y
            Node::Shuffle {
                a: 1,
                b: None,
                mask: vec![0; 8],
            }, // 2: broadcast
            Node::Leaf { lanes: 8 }, // 3: C
            Node::Op {
                op: Op::Other(0),
                args: vec![0],
            }, // 4: trunc
            Node::Op {
                op: Op::Bin(BinOp::Or),
                args: vec![2, 3],
            }, // 5: or
            Node::Shuffle {
                a: 4,
                b: Some(5),
                mask: (0..8).flat_map(|i| [i, 8 + i]).collect(),
            }, // 6: interleave
        ];
        let new = sink(&nodes).unwrap();
        assert_eq!(masks_of(&new).len(), 1);
        assert_eq!(run(&nodes, &new), (2, 2));
        assert!(!runs_less(&nodes, &new));
        assert!(!runs_less(&nodes, &as_is(&nodes).unwrap()));
        let mut truncs = nodes;
        truncs[5] = Node::Op {
            op: Op::Other(0),
            args: vec![2],
        };
        let new = sink(&truncs).unwrap();
        assert_eq!(run(&truncs, &new), (1, 1));
        assert!(runs_less(&truncs, &new));
    }

    /// Bytes converted from doubles, two 8-lane halves each concatenated from two
    /// 4-lane registers, interleaved by 4 (libjpeg-turbo's `rdppm.c`): moved below the
    /// conversions, the 16-byte interleave becomes one of 16 doubles.
    #[test]
    fn a_shuffle_moved_to_elements_eight_times_as_wide_is_not_measured() {
        let concat = |a, b| Node::Shuffle {
            a,
            b: Some(b),
            mask: (0..8).collect(),
        };
        let convert = |a| Node::Op {
            op: Op::Other(0),
            args: vec![a],
        };
        let mut nodes = vec![Node::Leaf { lanes: 4 }; 4];
        nodes.extend([concat(0, 1), concat(2, 3), convert(4), convert(5)]);
        nodes.push(Node::Shuffle {
            a: 6,
            b: Some(7),
            mask: vec![0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15],
        });
        let bits = [64, 64, 64, 64, 64, 64, 8, 8, 8];
        let new = sink(&nodes).unwrap();
        // The concatenations move nothing; 16 bytes against 16 doubles.
        assert_eq!(shuffled_bits(&nodes, &new, &bits), (128, 1024));
        assert!(moves_far_more(&nodes, &new, &bits, 256));
        // Where two registers hold them, it is measured.
        assert!(!moves_far_more(&nodes, &new, &bits, 512));
        // A complex multiply's shuffles move as many floats after as before.
        let nodes = complex_multiply();
        let new = sink(&nodes).unwrap();
        let bits = [32; 13];
        assert_eq!(shuffled_bits(&nodes, &new, &bits), (768, 1024));
        assert!(!moves_far_more(&nodes, &new, &bits, 128));
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

    /// `shufflevector (fsub x, y), (fadd x, y), <0,5,2,7>`.
    fn addsub() -> Vec<Node> {
        vec![
            Node::Leaf { lanes: 4 },
            Node::Leaf { lanes: 4 },
            Node::Op {
                op: Op::Bin(BinOp::FSub),
                args: vec![0, 1],
            },
            Node::Op {
                op: Op::Bin(BinOp::FAdd),
                args: vec![0, 1],
            },
            Node::Shuffle {
                a: 2,
                b: Some(3),
                mask: vec![0, 5, 2, 7],
            },
        ]
    }

    #[test]
    fn a_blend_of_fsub_and_fadd_becomes_one_fadd() {
        let nodes = addsub();
        let new = alternate(&nodes, &as_is(&nodes).unwrap()).unwrap();
        assert_eq!(
            new,
            [
                New::Old(0),
                New::Old(1),
                New::FlipSign {
                    a: 1,
                    lanes: vec![true, false, true, false]
                },
                New::Op {
                    op: Op::Bin(BinOp::FAdd),
                    like: (2, 3),
                    args: vec![0, 2]
                },
            ]
        );
        // The operands swapped: the flipped lanes follow the subtraction.
        let mut swapped = nodes.clone();
        swapped[4] = Node::Shuffle {
            a: 3,
            b: Some(2),
            mask: vec![4, 1, 6, 3],
        };
        let new = alternate(&swapped, &as_is(&swapped).unwrap()).unwrap();
        assert!(new.contains(&New::FlipSign {
            a: 1,
            lanes: vec![true, false, true, false]
        }));
        // Lanes flipped wrong do not check.
        let mut wrong = alternate(&nodes, &as_is(&nodes).unwrap()).unwrap();
        wrong[2] = New::FlipSign {
            a: 1,
            lanes: vec![false, true, true, false],
        };
        assert!(!equivalent(&nodes, &wrong));
    }

    /// InstCombine's form of the blend: the even lanes of the subtraction and the odd
    /// lanes of the addition, interleaved.
    #[test]
    fn an_interleave_of_extracts_alternates_too() {
        let mut nodes = addsub();
        nodes.pop();
        nodes.push(Node::Shuffle {
            a: 2,
            b: None,
            mask: vec![0, 2, -1, -1],
        });
        nodes.push(Node::Shuffle {
            a: 3,
            b: None,
            mask: vec![1, 3, -1, -1],
        });
        nodes.push(Node::Shuffle {
            a: 4,
            b: Some(5),
            mask: vec![0, 4, 1, 5],
        });
        let new = alternate(&nodes, &as_is(&nodes).unwrap()).unwrap();
        assert!(new.contains(&New::FlipSign {
            a: 1,
            lanes: vec![true, false, true, false]
        }));
        assert!(!new.iter().any(|n| matches!(n, New::Shuffle { .. })));
    }

    #[test]
    fn no_alternation_where_it_is_not_one() {
        let mut nodes = addsub();
        // A lane moved (not a blend), integer operations, different operands.
        nodes[4] = Node::Shuffle {
            a: 2,
            b: Some(3),
            mask: vec![1, 5, 2, 7],
        };
        assert!(alternate(&nodes, &as_is(&nodes).unwrap()).is_none());
        // Integers alternate as an `add` (of lanes negated); a multiply does not.
        let mut ints = addsub();
        ints[2] = Node::Op {
            op: Op::Bin(BinOp::Sub),
            args: vec![0, 1],
        };
        ints[3] = Node::Op {
            op: Op::Bin(BinOp::Add),
            args: vec![0, 1],
        };
        let new = alternate(&ints, &as_is(&ints).unwrap()).unwrap();
        assert!(matches!(
            new.last(),
            Some(New::Op {
                op: Op::Bin(BinOp::Add),
                ..
            })
        ));
        assert!(new.contains(&New::FlipSign {
            a: 1,
            lanes: vec![true, false, true, false]
        }));
        // Not of one value with itself (`sub x, x` is zero).
        let mut same = ints.clone();
        for id in [2, 3] {
            if let Node::Op { args, .. } = &mut same[id] {
                args[1] = 0;
            }
        }
        assert!(alternate(&same, &as_is(&same).unwrap()).is_none());
        // An integer and a float operation are no pair.
        let mut mixed = ints.clone();
        mixed[3] = Node::Op {
            op: Op::Bin(BinOp::FAdd),
            args: vec![0, 1],
        };
        assert!(alternate(&mixed, &as_is(&mixed).unwrap()).is_none());
        let mut muls = ints.clone();
        muls[2] = Node::Op {
            op: Op::Bin(BinOp::Mul),
            args: vec![0, 1],
        };
        assert!(alternate(&muls, &as_is(&muls).unwrap()).is_none());
        let mut other = addsub();
        other[3] = Node::Op {
            op: Op::Bin(BinOp::FAdd),
            args: vec![1, 0],
        };
        assert!(alternate(&other, &as_is(&other).unwrap()).is_none());
    }

    /// The complex multiply as clang writes it with `-ffp-contract=on`:
    /// `re = fmuladd(ar, br, fneg(ai * bi))`, `im = fmuladd(ar, bi, ai * br)`. The
    /// interleave moves below both `fmuladd`s, and below the `fneg` on one side as the
    /// sign flipped in the real lanes: one `fmuladd` of three shuffles and a sign flip.
    #[test]
    fn a_fused_complex_multiply_moves_through_fneg() {
        let op = |op, args: Vec<usize>| Node::Op { op, args };
        let fmuladd = Op::Other(0);
        let mut nodes = complex_parts();
        nodes.extend([
            op(Op::Bin(BinOp::FMul), vec![3, 5]), // 6: ai*bi
            op(Op::FNeg, vec![6]),                // 7
            op(fmuladd, vec![2, 4, 7]),           // 8: re
            op(Op::Bin(BinOp::FMul), vec![3, 4]), // 9: ai*br
            op(fmuladd, vec![2, 5, 9]),           // 10: im
            Node::Shuffle {
                a: 8,
                b: Some(10),
                mask: vec![0, 4, 1, 5, 2, 6, 3, 7],
            }, // 11
        ]);
        let new = sink(&nodes).unwrap();
        let shuffles = new
            .iter()
            .filter(|n| matches!(n, New::Shuffle { .. }))
            .count();
        assert_eq!(shuffles, 3); // a's real parts twice, its imaginary parts twice, b swapped
        assert!(new.contains(&New::FlipSign {
            a: new.len() - 3,
            lanes: vec![true, false, true, false, true, false, true, false]
        }));
        assert!(matches!(new.last(), Some(New::Op { op, .. }) if *op == fmuladd));
        // And as a blend of the `fmuladd` on the negated and the plain product (x86:
        // one `vfmaddsub`), which checks too.
        let blended = blend_flip(&nodes, &new).unwrap();
        assert!(matches!(
            blended.last(),
            Some(New::Shuffle { mask, .. }) if *mask == [0, 9, 2, 11, 4, 13, 6, 15]
        ));
        assert!(blended
            .iter()
            .any(|n| matches!(n, New::Op { op: Op::FNeg, .. })));
        assert!(!blended.iter().any(|n| matches!(n, New::FlipSign { .. })));
        // The sign flipped in the wrong lanes does not check.
        let mut wrong = new.clone();
        for n in &mut wrong {
            if let New::FlipSign { lanes, .. } = n {
                lanes.rotate_left(1);
            }
        }
        assert!(!equivalent(&nodes, &wrong));
    }

    #[test]
    fn a_sunk_complex_multiply_alternates() {
        let nodes = complex_multiply();
        let new = alternate(&nodes, &sink(&nodes).unwrap()).unwrap();
        let shuffles = new
            .iter()
            .filter(|n| matches!(n, New::Shuffle { .. }))
            .count();
        assert_eq!(shuffles, 3); // movsldup, movshdup, the pair swap; no blend
        assert!(matches!(
            new.last(),
            Some(New::Op {
                op: Op::Bin(BinOp::FAdd),
                ..
            })
        ));
    }

    /// Random trees of shuffles and operations: every rewrite checks, and the checker
    /// is the evaluator's (a rewrite with one lane moved does not).
    #[test]
    fn random_trees_rewrite_to_the_same_terms() {
        let mut next = xorshift(0x1234_5678_9abc_def1u64);
        let ops = [
            BinOp::FAdd,
            BinOp::FSub,
            BinOp::FMul,
            BinOp::Add,
            BinOp::Sub,
        ];
        let (mut rewritten, mut alternated) = (0, 0);
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
                // Binary operators, `fneg`, and others of one operand (a cast) or three
                // (`fma`, `select`).
                let (op, arity) = match next(7) {
                    0 => (Op::Other(0), 1),
                    1 => (Op::Other(1), 3),
                    2 => (Op::FNeg, 1),
                    _ => (Op::Bin(ops[next(ops.len() as u64) as usize]), 2),
                };
                let args = (0..arity).map(|_| 2 + next(k - 2) as usize).collect();
                nodes.push(Node::Op { op, args });
            }
            let k = nodes.len();
            // Half the roots read the operations through a shuffle of one each (what
            // InstCombine leaves of a blend), which the rewrites look through.
            let (ra, rb) = if next(2) == 0 {
                for op in [k - 1, k - 2] {
                    let mask = (0..lanes)
                        .map(|_| match next(6) {
                            0 => -1,
                            _ => next(lanes as u64) as i32,
                        })
                        .collect();
                    nodes.push(Node::Shuffle {
                        a: op,
                        b: None,
                        mask,
                    });
                }
                (k, k + 1)
            } else {
                (k - 1, k - 2)
            };
            let mask = (0..lanes)
                .map(|_| match next(8) {
                    0 => -1,
                    _ => next(2 * lanes as u64) as i32,
                })
                .collect();
            nodes.push(Node::Shuffle {
                a: ra,
                b: Some(rb),
                mask,
            });
            let sunk = sink(&nodes);
            if let Some(new) = &sunk {
                rewritten += 1;
                assert!(equivalent(&nodes, new));
            }
            if let Some(new) = alternate(&nodes, &sunk.or_else(|| as_is(&nodes)).unwrap()) {
                alternated += 1;
                assert!(equivalent(&nodes, &new));
            }
        }
        assert!(rewritten > 300, "{rewritten}");
        assert!(alternated > 20, "{alternated}");
    }

    /// `add (mul (shuffle a b M), (shuffle c d M)), (shuffle e f M)`: nodes 0 to 5 the
    /// sources, 6 to 8 the shuffles, 9 the product, 10 the sum.
    fn three_shuffles_by(masks: [&[i32]; 3]) -> Vec<Node> {
        let mut nodes = vec![Node::Leaf { lanes: 4 }; 6];
        for (k, mask) in masks.iter().enumerate() {
            nodes.push(Node::Shuffle {
                a: 2 * k,
                b: Some(2 * k + 1),
                mask: mask.to_vec(),
            });
        }
        nodes.push(Node::Op {
            op: Op::Bin(BinOp::Mul),
            args: vec![6, 7],
        });
        nodes.push(Node::Op {
            op: Op::Bin(BinOp::Add),
            args: vec![9, 8],
        });
        nodes
    }

    #[test]
    fn shuffles_by_one_mask_common_out_of_their_operations() {
        let even: &[i32] = &[0, 2, 4, 6];
        let new = common(&three_shuffles_by([even; 3])).unwrap();
        let shuffles: Vec<&New> = new
            .iter()
            .filter(|n| matches!(n, New::Shuffle { .. }))
            .collect();
        let operations = new.iter().filter(|n| matches!(n, New::Op { .. })).count();
        assert_eq!(shuffles.len(), 1);
        assert_eq!(operations, 4, "each operation once a side");
        assert!(matches!(new.last(), Some(New::Shuffle { b: Some(_), mask, .. }) if mask == even));
        // Two operations more for two shuffles saved: measured.
        assert!(common_may_pay(&three_shuffles_by([even; 3]), &new));
        // Two operations on twice the lanes for one shuffle saved: not.
        let mut wide = vec![Node::Leaf { lanes: 8 }, Node::Leaf { lanes: 8 }];
        for a in [0, 1] {
            wide.push(Node::Shuffle {
                a,
                b: None,
                mask: vec![0, 2, 4, 6],
            });
        }
        wide.push(Node::Splat { lanes: 4 });
        wide.push(Node::Op {
            op: Op::Bin(BinOp::FMul),
            args: vec![2, 4],
        });
        wide.push(Node::Op {
            op: Op::Bin(BinOp::FAdd),
            args: vec![5, 3],
        });
        let doubled = common(&wide).unwrap();
        assert!(doubled.contains(&New::Splat { of: 4, lanes: 8 }));
        assert!(!common_may_pay(&wide, &doubled));
        // Another mask, or an operand that is no shuffle: nothing to common.
        assert_eq!(
            common(&three_shuffles_by([even, even, &[1, 3, 5, 7]])),
            None
        );
        let mut leaf = three_shuffles_by([even; 3]);
        leaf[10] = Node::Op {
            op: Op::Bin(BinOp::Add),
            args: vec![9, 0],
        };
        assert_eq!(common(&leaf), None);
        // The checker catches the sides crossed.
        let nodes = three_shuffles_by([even; 3]);
        let mut wrong = common(&nodes).unwrap();
        let last = wrong.len() - 1;
        if let New::Shuffle { a, b: Some(b), .. } = &mut wrong[last] {
            std::mem::swap(a, b);
        }
        assert!(!equivalent(&nodes, &wrong));
    }

    /// `select splat(c), (add (shuffle a), (shuffle b)), splat(42)` by `mask`.
    fn select_over(mask: &[i32]) -> Vec<Node> {
        let mut nodes = vec![Node::Leaf { lanes: 8 }, Node::Leaf { lanes: 8 }];
        for a in [0, 1] {
            nodes.push(Node::Shuffle {
                a,
                b: None,
                mask: mask.to_vec(),
            });
        }
        nodes.push(Node::Splat { lanes: 4 });
        nodes.push(Node::Splat { lanes: 4 });
        nodes.push(Node::Op {
            op: Op::Bin(BinOp::Add),
            args: vec![2, 3],
        });
        nodes.push(Node::Op {
            op: Op::Select,
            args: vec![4, 6, 5],
        });
        nodes
    }

    #[test]
    fn a_poison_lane_is_not_commoned_out_of_a_select() {
        // Lane 2 of the select is 42 where the condition is false, though its true arm
        // is poison there: a shuffle after it with lane 2 poison is not the same.
        // (`common` checks its rewrite and gives none.)
        assert_eq!(common(&select_over(&[0, 2, -1, 6])), None);
        // Without the poison lane it is.
        let nodes = select_over(&[0, 2, 4, 6]);
        let new = common(&nodes).unwrap();
        assert!(equivalent(&nodes, &new));
    }

    /// `a.yzx * b.zxy - a.zxy * b.yzx`: nodes 0 `a`, 1 `b` (3 lanes).
    fn cross_product() -> Vec<Node> {
        let sh = |a, mask: [i32; 3]| Node::Shuffle {
            a,
            b: None,
            mask: mask.to_vec(),
        };
        let bin = |op, lhs, rhs| Node::Op {
            op: Op::Bin(op),
            args: vec![lhs, rhs],
        };
        let (yzx, zxy) = ([1, 2, 0], [2, 0, 1]);
        vec![
            Node::Leaf { lanes: 3 },
            Node::Leaf { lanes: 3 },
            sh(0, yzx),
            sh(1, zxy),
            bin(BinOp::FMul, 2, 3),
            sh(0, zxy),
            sh(1, yzx),
            bin(BinOp::FMul, 5, 6),
            bin(BinOp::FSub, 4, 7),
        ]
    }

    #[test]
    fn a_cross_product_takes_one_rotation_out_of_its_four() {
        let nodes = cross_product();
        let new = common(&nodes).unwrap();
        let masks = masks_of(&new);
        // `(a * b.yzx - a.yzx * b).yzx`.
        assert_eq!(masks, [&vec![1, 2, 0], &vec![1, 2, 0], &vec![1, 2, 0]]);
        assert!(new.contains(&New::Old(0)) && new.contains(&New::Old(1)));
        assert!(common_may_pay(&nodes, &new));
        // The rotation the other way round does not check.
        let mut wrong = new.clone();
        let last = wrong.len() - 1;
        wrong[last] = New::Shuffle {
            a: match &new[last] {
                New::Shuffle { a, .. } => *a,
                _ => unreachable!(),
            },
            b: None,
            mask: vec![2, 0, 1],
        };
        assert!(!equivalent(&nodes, &wrong));
        // A mask that agrees with the permutation taken out but for a poison lane
        // needs no shuffle of its own: `b.<1,2,u>` is `b` after `<1,2,0>`.
        let mut poison = cross_product();
        poison[6] = Node::Shuffle {
            a: 1,
            b: None,
            mask: vec![1, 2, -1],
        };
        let new = common(&poison).unwrap();
        assert!(new.contains(&New::Old(1)), "{new:?}");
        assert!(matches!(new.last(), Some(New::Shuffle { mask, .. }) if mask == &[1, 2, 0]));
        assert_eq!(
            new.iter()
                .filter(|n| matches!(n, New::Shuffle { .. }))
                .count(),
            3
        );
        // Two shuffles by masks no one permutation serves: nothing saved.
        let mut two = cross_product();
        two.truncate(5);
        assert_eq!(common(&two), None);
    }

    /// Random trees of operations on one-source shuffles by masks from a few
    /// permutations (some lanes poison): where a permutation is taken out, fewer
    /// shuffles, and it checks; the checker catches the last mask's lanes swapped.
    #[test]
    fn random_trees_take_one_permutation_out() {
        let mut next = xorshift(0x1357_9bdf_2468_ace0u64);
        let (mut factored, mut caught) = (0, 0);
        for _ in 0..3000 {
            let lanes = [3usize, 4, 8][next(3) as usize];
            let permutation = |next: &mut dyn FnMut(u64) -> u64| {
                let mut p: Vec<i32> = (0..lanes as i32).collect();
                for i in (1..lanes).rev() {
                    p.swap(i, next(i as u64 + 1) as usize);
                }
                p
            };
            let pool: Vec<Vec<i32>> = (0..2 + next(2)).map(|_| permutation(&mut next)).collect();
            let mut nodes = vec![Node::Leaf { lanes }; 3];
            let shuffles = 2 + next(4) as usize;
            for _ in 0..shuffles {
                let mut mask = pool[next(pool.len() as u64) as usize].clone();
                if next(4) == 0 {
                    mask[next(lanes as u64) as usize] = -1;
                }
                nodes.push(Node::Shuffle {
                    a: next(3) as usize,
                    b: None,
                    mask,
                });
            }
            let mut open: Vec<usize> = (3..3 + shuffles).collect();
            while open.len() > 1 {
                let x = open.remove(next(open.len() as u64) as usize);
                let y = open.remove(next(open.len() as u64) as usize);
                let op = [BinOp::FAdd, BinOp::FMul, BinOp::Sub][next(3) as usize];
                nodes.push(Node::Op {
                    op: Op::Bin(op),
                    args: vec![x, y],
                });
                open.push(nodes.len() - 1);
            }
            // The fewest shuffles a permutation `P` of the masks leaves, counted
            // apart: `P` itself, and every shuffle (of a source by a mask, once) whose
            // mask does not agree with `P` on its defined lanes.
            let sources: Vec<(usize, &Vec<i32>)> = (nodes.iter())
                .filter_map(|n| match n {
                    Node::Shuffle { a, mask, .. } => Some((*a, mask)),
                    _ => None,
                })
                .collect();
            if sources.iter().all(|(_, m)| *m == sources[0].1) {
                continue; // commoned by one mask
            }
            let agrees = |m: &[i32], p: &[i32]| m.iter().zip(p).all(|(&x, &y)| x < 0 || x == y);
            let fewest = (sources.iter().map(|(_, p)| p))
                .filter(|p| p.iter().all(|&l| l >= 0))
                .filter(|p| p.iter().enumerate().any(|(i, &l)| l != i as i32))
                .map(|p| {
                    let mut left: Vec<&(usize, &Vec<i32>)> =
                        sources.iter().filter(|(_, m)| !agrees(m, p)).collect();
                    left.sort();
                    left.dedup();
                    1 + left.len()
                })
                .min()
                .filter(|&n| n < shuffles);
            let new = common(&nodes);
            assert_eq!(fewest.is_some(), new.is_some(), "{nodes:?}");
            let Some(new) = new else {
                continue;
            };
            let count = new
                .iter()
                .filter(|n| matches!(n, New::Shuffle { .. }))
                .count();
            assert_eq!(Some(count), fewest, "{nodes:?}");
            assert!(equivalent(&nodes, &new));
            factored += 1;
            // Two lanes no operand leaves poison (there the old root defines nothing).
            let defined: Vec<usize> = (0..lanes)
                .filter(|&j| {
                    nodes.iter().all(|n| match n {
                        Node::Shuffle { mask, .. } => mask[j] >= 0,
                        _ => true,
                    })
                })
                .collect();
            let mut wrong = new.clone();
            let last = wrong.len() - 1;
            if let (New::Shuffle { mask, .. }, [i, j, ..]) = (&mut wrong[last], &defined[..]) {
                mask.swap(*i, *j);
                caught += 1;
                assert!(!equivalent(&nodes, &wrong));
            }
        }
        assert!(
            factored > 1000 && caught > factored / 2,
            "{factored} {caught}"
        );
    }

    /// Random trees of operations on shuffles by one mask (one or two sources, the
    /// result as wide as the sources, half or twice): every one commons to one shuffle
    /// and checks; the checker catches a lane moved.
    #[test]
    fn random_trees_common_their_shuffles() {
        let mut next = xorshift(0x0fed_cba9_8765_4321u64);
        let ops = [BinOp::FAdd, BinOp::FMul, BinOp::Sub, BinOp::Xor];
        let mut caught = 0;
        for _ in 0..3000 {
            let lanes = [2usize, 4, 8][next(3) as usize];
            let out = [lanes / 2, lanes, 2 * lanes][next(3) as usize].max(1);
            let two = next(3) != 0;
            let span = if two { 2 * lanes } else { lanes } as u64;
            let mask: Vec<i32> = (0..out)
                .map(|_| match next(8) {
                    0 => -1,
                    _ => next(span) as i32,
                })
                .collect();
            let mut nodes = vec![Node::Leaf { lanes }; 4];
            let shuffles = 2 + next(3) as usize;
            for _ in 0..shuffles {
                let a = next(4) as usize;
                nodes.push(Node::Shuffle {
                    a,
                    b: two.then(|| next(4) as usize),
                    mask: mask.clone(),
                });
            }
            // Operations on the shuffles and on each other; the last reads them all.
            let mut open: Vec<usize> = (4..4 + shuffles).collect();
            while open.len() > 1 || matches!(nodes[open[0]], Node::Shuffle { .. }) {
                let x = open.remove(next(open.len() as u64) as usize);
                let y = match open.is_empty() {
                    true => x,
                    false => open.remove(next(open.len() as u64) as usize),
                };
                let (op, args) = match next(5) {
                    0 => (Op::FNeg, vec![x]),
                    1 => (Op::Other(0), vec![x, y, x]),
                    _ => (Op::Bin(ops[next(ops.len() as u64) as usize]), vec![x, y]),
                };
                if args.len() == 1 && x != y {
                    open.push(y);
                }
                nodes.push(Node::Op { op, args });
                open.push(nodes.len() - 1);
            }
            let new = common(&nodes).expect("commons and checks");
            let count = new
                .iter()
                .filter(|n| matches!(n, New::Shuffle { .. }))
                .count();
            assert_eq!(count, 1);
            let mut wrong = new.clone();
            let last = wrong.len() - 1;
            if let New::Shuffle { mask, .. } = &mut wrong[last] {
                // Lanes `s` and `s + lanes` are one term where a shuffle reads one
                // source twice.
                let differ =
                    |j: usize| mask[0] < 0 || mask[j] % lanes as i32 != mask[0] % lanes as i32;
                if let Some(j) = (1..mask.len()).find(|&j| mask[j] >= 0 && differ(j)) {
                    mask.swap(0, j);
                    caught += 1;
                    assert!(!equivalent(&nodes, &wrong));
                }
            }
        }
        assert!(caught > 1500, "{caught}");
    }
}
