//! The SLP tree, bottom-up from a store chain: each node a bundle of scalars, one per
//! lane, that one vector value computes.
//!
//! * **Loads** of one base from a consecutive range that the bundle reads whole (every
//!   element at least once, in any order, some twice): one vector load of the range
//!   and, unless the bundle is the range in order, one shuffle — the *permutation
//!   node*, whose mask the library lowers (seed 003: stock SLP prices it through TTI,
//!   which knows a dozen shapes, or gives up).
//! * **Operations** of one opcode: the operation on two child bundles. A commutative
//!   operation may take its operands in the other order in any lane, so that a lane's
//!   operand reads the same base as lane 0's (a short look-ahead).
//! * **Casts** of one opcode from one element size (`zext` of bytes to `i32`, `trunc`,
//!   `sitofp`, ...): the cast of one child bundle, whose elements are the source's (a
//!   tree may load bytes and store words).
//! * **Constants**: a constant vector.
//!
//! Anything else fails the tree (no gathers yet). [`build`] works on [`Scalar`]s that
//! `ir::slp` reads from the IR; [`run`] evaluates a tree on symbolic memory, which the
//! tests check against the scalars.

use std::cell::Cell;
use std::collections::{HashMap, HashSet};

/// A scalar the tree may take: read from the IR, each used only by what reads it here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scalar {
    /// A simple load from base `base` (an id) at byte `offset`.
    Load { base: usize, offset: i64 },
    /// A binary operation (an opcode id) on two scalars; operations of one `family`
    /// (an addition and a subtraction) may alternate lane by lane.
    Binary {
        op: u32,
        family: u32,
        commutative: bool,
        lhs: usize,
        rhs: usize,
    },
    /// A conversion (an opcode id) of a scalar of `from` bytes.
    Cast { op: u32, from: i64, operand: usize },
    /// A comparison (a predicate id) of two scalars of `from` bytes: a truth value.
    Compare {
        pred: u32,
        from: i64,
        lhs: usize,
        rhs: usize,
    },
    /// `cond ? t : f`, `cond` a comparison.
    Select { cond: usize, t: usize, f: usize },
    /// `a * b + c` as one operation (an id: `llvm.fma`, `llvm.fmuladd`); `a` and `b`
    /// commute.
    Fma {
        op: u32,
        a: usize,
        b: usize,
        c: usize,
    },
    /// A constant, by an id the reader gives it (equal ids: equal constants).
    Const(u64),
    /// Anything else.
    Other,
}

/// A node of the tree: a vector of `lanes` elements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// Elements `start / elem ..` of base `base`, `len` of them loaded; lane `j` is
    /// loaded element `mask[j]`.
    Loads {
        base: usize,
        start: i64,
        len: usize,
        mask: Vec<i32>,
        /// The scalar loads, one per lane.
        scalars: Vec<usize>,
        /// Bytes of an element.
        elem: i64,
    },
    /// The operation of each lane (one opcode, or two of a family alternating: both
    /// computed, each lane taken from its own) on two child bundles.
    Binary {
        ops: Vec<u32>,
        lhs: Box<Node>,
        rhs: Box<Node>,
        /// The scalar operations, one per lane.
        scalars: Vec<usize>,
    },
    /// One conversion (an opcode id) of every lane of a child bundle of `from`-byte
    /// elements.
    Cast {
        op: u32,
        from: i64,
        child: Box<Node>,
        /// The scalar casts, one per lane.
        scalars: Vec<usize>,
    },
    /// One comparison (a predicate id) of each lane of two child bundles of `from`-byte
    /// elements; its lanes are truth values (`i1`).
    Compare {
        pred: u32,
        from: i64,
        lhs: Box<Node>,
        rhs: Box<Node>,
        /// The scalar comparisons, one per lane.
        scalars: Vec<usize>,
    },
    /// Each lane `t`'s where the comparison bundle `cond`'s is true, else `f`'s.
    Select {
        cond: Box<Node>,
        t: Box<Node>,
        f: Box<Node>,
        /// The scalar selects, one per lane.
        scalars: Vec<usize>,
    },
    /// One multiply-add (an id) of each lane of three child bundles: `a * b + c`.
    Fma {
        op: u32,
        a: Box<Node>,
        b: Box<Node>,
        c: Box<Node>,
        /// The scalar multiply-adds, one per lane.
        scalars: Vec<usize>,
    },
    Consts(Vec<u64>),
    /// A bundle no other kind fits, built from its scalars as they are (an
    /// `insertelement` each; a splat where they are one): below the root only, and
    /// its scalars stay (they are not the tree's).
    Gather(Vec<usize>),
}

impl Scalar {
    /// An operation of a family of its own.
    pub fn binary(op: u32, commutative: bool, lhs: usize, rhs: usize) -> Scalar {
        Scalar::Binary {
            op,
            family: op,
            commutative,
            lhs,
            rhs,
        }
    }
}

impl Node {
    /// The child bundles.
    pub fn children(&self) -> Vec<&Node> {
        match self {
            Node::Loads { .. } | Node::Consts(_) | Node::Gather(_) => Vec::new(),
            Node::Binary { lhs, rhs, .. } | Node::Compare { lhs, rhs, .. } => vec![lhs, rhs],
            Node::Cast { child, .. } => vec![child],
            Node::Select { cond, t, f, .. } => vec![cond, t, f],
            Node::Fma { a, b, c, .. } => vec![a, b, c],
        }
    }

    fn children_mut(&mut self) -> Vec<&mut Node> {
        match self {
            Node::Loads { .. } | Node::Consts(_) | Node::Gather(_) => Vec::new(),
            Node::Binary { lhs, rhs, .. } | Node::Compare { lhs, rhs, .. } => vec![lhs, rhs],
            Node::Cast { child, .. } => vec![child],
            Node::Select { cond, t, f, .. } => vec![cond, t, f],
            Node::Fma { a, b, c, .. } => vec![a, b, c],
        }
    }

    /// The scalars of the node's own lanes that the tree replaces (none for constants
    /// and gathers).
    pub fn lane_scalars(&self) -> &[usize] {
        match self {
            Node::Loads { scalars, .. }
            | Node::Binary { scalars, .. }
            | Node::Cast { scalars, .. }
            | Node::Compare { scalars, .. }
            | Node::Select { scalars, .. }
            | Node::Fma { scalars, .. } => scalars,
            Node::Consts(_) | Node::Gather(_) => &[],
        }
    }

    /// Whether the tree needs a shuffle anywhere (a permutation node): what stock SLP
    /// prices worst.
    pub fn permutes(&self) -> bool {
        match self {
            Node::Loads { len, mask, .. } => {
                *len != mask.len() || mask.iter().enumerate().any(|(j, &m)| m != j as i32)
            }
            node => node.children().iter().any(|c| c.permutes()),
        }
    }

    /// Load nodes that need a shuffle.
    pub fn shuffled_loads(&self) -> usize {
        match self {
            Node::Loads { .. } => self.permutes() as usize,
            node => node.children().iter().map(|c| c.shuffled_loads()).sum(),
        }
    }

    /// Every load node: (base, byte start, elements, bytes an element); after
    /// [`build`], overlapping nodes of one base and element size share one range.
    pub fn load_ranges(&self) -> Vec<(usize, i64, usize, i64)> {
        match self {
            Node::Loads {
                base,
                start,
                len,
                elem,
                ..
            } => vec![(*base, *start, *len, *elem)],
            node => node
                .children()
                .iter()
                .flat_map(|c| c.load_ranges())
                .collect(),
        }
    }

    /// Every load node's base, element size and scalar loads.
    fn load_scalars(&self, out: &mut Vec<(usize, i64, Vec<usize>)>) {
        match self {
            Node::Loads {
                base,
                elem,
                scalars,
                ..
            } => out.push((*base, *elem, scalars.clone())),
            node => {
                for c in node.children() {
                    c.load_scalars(out);
                }
            }
        }
    }

    /// The tree's shape without its scalars: equal for two trees that compute the same
    /// from bases in the same places (for remembering measurements). Bases are numbered
    /// by first appearance, offsets taken from each base's first range.
    pub fn shape(&self) -> String {
        let mut bases: Vec<(usize, i64)> = Vec::new();
        let mut out = String::new();
        self.write_shape(&mut bases, &mut out);
        out
    }

    fn write_shape(&self, bases: &mut Vec<(usize, i64)>, out: &mut String) {
        use std::fmt::Write;
        match self {
            Node::Loads {
                base,
                start,
                len,
                mask,
                elem,
                ..
            } => {
                let k = match bases.iter().position(|b| b.0 == *base) {
                    Some(k) => k,
                    None => {
                        bases.push((*base, *start));
                        bases.len() - 1
                    }
                };
                let _ = write!(out, "L{k}@{}x{len}*{elem}{mask:?}", start - bases[k].1);
            }
            Node::Binary { ops, lhs, rhs, .. } => {
                let _ = write!(out, "B{ops:?}(");
                lhs.write_shape(bases, out);
                out.push(',');
                rhs.write_shape(bases, out);
                out.push(')');
            }
            Node::Cast {
                op, from, child, ..
            } => {
                let _ = write!(out, "K{op}/{from}(");
                child.write_shape(bases, out);
                out.push(')');
            }
            Node::Compare {
                pred,
                from,
                lhs,
                rhs,
                ..
            } => {
                let _ = write!(out, "P{pred}/{from}(");
                lhs.write_shape(bases, out);
                out.push(',');
                rhs.write_shape(bases, out);
                out.push(')');
            }
            Node::Fma { op, a, b, c, .. } => {
                let _ = write!(out, "F{op}(");
                for (k, c) in [a, b, c].into_iter().enumerate() {
                    if k > 0 {
                        out.push(',');
                    }
                    c.write_shape(bases, out);
                }
                out.push(')');
            }
            Node::Select { cond, t, f, .. } => {
                out.push_str("S(");
                for (k, c) in [cond, t, f].into_iter().enumerate() {
                    if k > 0 {
                        out.push(',');
                    }
                    c.write_shape(bases, out);
                }
                out.push(')');
            }
            Node::Consts(c) => {
                let _ = write!(out, "C{}", c.len());
            }
            // Which lanes are one scalar: a splat is built otherwise.
            Node::Gather(g) => {
                out.push('G');
                for (j, s) in g.iter().enumerate() {
                    let first = g.iter().position(|x| x == s).unwrap_or(j);
                    let _ = write!(out, "{first},");
                }
            }
        }
    }

    /// The gathered scalars of the tree, node by node.
    pub fn gathers(&self) -> Vec<&[usize]> {
        match self {
            Node::Gather(g) => vec![g.as_slice()],
            node => node.children().iter().flat_map(|c| c.gathers()).collect(),
        }
    }

    /// Every scalar the tree replaces (loads and operations).
    pub fn scalars(&self) -> Vec<usize> {
        let mut v = self.lane_scalars().to_vec();
        for c in self.children() {
            v.extend(c.scalars());
        }
        v
    }
}

/// Elements of one base loaded as one vector, at most.
const MAX_LOADED: usize = 128;

/// Operations deep, at most.
const MAX_DEPTH: usize = 8;

/// The tree computing `lanes` (scalar ids, one per lane) of `elem`-byte elements, if
/// every bundle is one of the node kinds. Bundles of one base whose ranges overlap read
/// one vector: the union, every element of which some scalar load of the tree reads
/// (never a byte the scalar code did not).
pub fn build(scalars: &[Scalar], lanes: &[usize], elem: i64) -> Option<Node> {
    let budget = Cell::new(MAX_BUNDLES);
    let mut tree = node_of(scalars, &budget, lanes, elem, 0)?;
    // Out of bundles, the rest were gathered: not the tree.
    if budget.get() == 0 {
        return None;
    }
    // Gathers where a vector load does the rest, two at most: a tree of gathers alone
    // is the scalar code again, with inserts.
    let gathers = tree.gathers();
    if !gathers.is_empty() && (gathers.len() > MAX_GATHERS || tree.load_ranges().is_empty()) {
        return None;
    }
    // A gathered scalar stays: none may be one the tree replaces.
    let replaced = tree.scalars();
    if gathers
        .iter()
        .any(|g| g.iter().any(|s| replaced.contains(s)))
    {
        return None;
    }
    unify(&mut tree, scalars)?;
    Some(tree)
}

/// Bundles a build makes, at most, or it fails. The scalars are a graph (`x * x`,
/// `fma(x, x, x)`) and each bundle is made again wherever it is read: a build is up to
/// 3^9 bundles within [`MAX_DEPTH`], made again for every window of stores tried (a
/// block of 512 stores of `fma` chains 10 deep took 57 s, 64 such stores under
/// `default<O3>` 3.3-4.2 s against stock's 0.05). The benchmark's and the realworld
/// clients' trees are far below.
const MAX_BUNDLES: usize = 1024;

/// Gather nodes in a tree, at most.
const MAX_GATHERS: usize = 2;

/// The node of `lanes` below the root: one of the kinds, else their gather.
fn bundle(
    scalars: &[Scalar],
    budget: &Cell<usize>,
    lanes: &[usize],
    elem: i64,
    depth: usize,
) -> Option<Node> {
    if lanes.is_empty() || elem <= 0 || depth > MAX_DEPTH {
        return None;
    }
    // Constants among them are not gathered: the code (and a remembered measurement,
    // keyed by shape) would depend on which lanes they are.
    let constants = lanes
        .iter()
        .any(|&s| matches!(scalars[s], Scalar::Const(_)));
    node_of(scalars, budget, lanes, elem, depth)
        .or_else(|| (!constants).then(|| Node::Gather(lanes.to_vec())))
}

/// Rewrites every load bundle to read its cluster: the union of the bundles' ranges of
/// one base that overlap (a matrix's columns: one range; a vector's broadcast elements:
/// one each). `None` if a cluster has an element no scalar load reads, or is too long.
/// Ranges whose starts differ by other than whole elements (`i32`s at `p+4k` and at
/// `p+4k+2`) are never one cluster: one load cannot give both.
fn unify(tree: &mut Node, scalars: &[Scalar]) -> Option<()> {
    let mut ranges: Vec<Cluster> = tree
        .load_ranges()
        .into_iter()
        .map(|(base, start, len, elem)| Cluster {
            base,
            elem,
            phase: start.rem_euclid(elem),
            start,
            end: start + elem * (len as i64 - 1),
        })
        .collect();
    ranges.sort_unstable_by_key(|r| (r.base, r.elem, r.phase, r.start, r.end));
    let mut clusters: Vec<Cluster> = Vec::new();
    for r in ranges {
        match clusters.last_mut() {
            Some(c) if c.holds_like(&r) && r.start <= c.end => c.end = c.end.max(r.end),
            _ => clusters.push(r),
        }
    }
    let mut loads = Vec::new();
    tree.load_scalars(&mut loads);
    for c in &clusters {
        let len = ((c.end - c.start) / c.elem) as usize + 1;
        if len > MAX_LOADED {
            return None;
        }
        let mut read = vec![false; len];
        let same = loads
            .iter()
            .filter(|(b, e, _)| (*b, *e) == (c.base, c.elem));
        for &s in same.flat_map(|(_, _, s)| s) {
            if let Scalar::Load { offset, .. } = scalars[s] {
                if (c.start..=c.end).contains(&offset) && (offset - c.start) % c.elem == 0 {
                    read[((offset - c.start) / c.elem) as usize] = true;
                }
            }
        }
        if read.iter().any(|r| !r) {
            return None;
        }
    }
    rebase(tree, &clusters);
    Some(())
}

/// The elements one load reads: from `start` to `end` (the last element's first byte),
/// each `elem` bytes, of `base`; `phase` is `start` modulo `elem`.
#[derive(Clone, Copy, Debug)]
struct Cluster {
    base: usize,
    elem: i64,
    phase: i64,
    start: i64,
    end: i64,
}

impl Cluster {
    /// Whether a range of `other`'s kind (base, element size, phase) may be in it.
    fn holds_like(&self, other: &Cluster) -> bool {
        (self.base, self.elem, self.phase) == (other.base, other.elem, other.phase)
    }
}

fn rebase(node: &mut Node, clusters: &[Cluster]) {
    match node {
        Node::Loads {
            base,
            start,
            len,
            mask,
            elem,
            ..
        } => {
            let this = Cluster {
                base: *base,
                elem: *elem,
                phase: start.rem_euclid(*elem),
                start: *start,
                end: *start,
            };
            let cluster = clusters
                .iter()
                .find(|c| c.holds_like(&this) && c.start <= *start && *start <= c.end);
            if let Some(c) = cluster {
                let shift = ((*start - c.start) / *elem) as i32;
                for m in mask.iter_mut() {
                    *m += shift;
                }
                *start = c.start;
                *len = ((c.end - c.start) / *elem) as usize + 1;
            }
        }
        node => {
            for c in node.children_mut() {
                rebase(c, clusters);
            }
        }
    }
}

/// The node of one of the kinds `lanes` form, if they do.
fn node_of(
    scalars: &[Scalar],
    budget: &Cell<usize>,
    lanes: &[usize],
    elem: i64,
    depth: usize,
) -> Option<Node> {
    // Each bundle counts, those of the alternatives that fail too.
    let left = budget.get().checked_sub(1)?;
    budget.set(left);
    let n = lanes.len();
    if n == 0 || elem <= 0 || depth > MAX_DEPTH {
        return None;
    }
    // A scalar may be in several lanes (a value broadcast): computed in each.
    let all_consts = lanes
        .iter()
        .all(|&s| matches!(scalars[s], Scalar::Const(_)));
    match &scalars[lanes[0]] {
        Scalar::Load { base, .. } => {
            let mut offsets = Vec::with_capacity(n);
            for &s in lanes {
                match scalars[s] {
                    Scalar::Load { base: b, offset } if b == *base => offsets.push(offset),
                    _ => return None,
                }
            }
            let start = *offsets.iter().min()?;
            let end = *offsets.iter().max()?;
            if (end - start) % elem != 0 {
                return None;
            }
            let len = ((end - start) / elem) as usize + 1;
            if len > MAX_LOADED {
                return None;
            }
            let mut mask = Vec::with_capacity(n);
            for &o in &offsets {
                if (o - start) % elem != 0 {
                    return None;
                }
                mask.push(((o - start) / elem) as i32);
            }
            Some(Node::Loads {
                base: *base,
                start,
                len,
                mask,
                scalars: lanes.to_vec(),
                elem,
            })
        }
        &Scalar::Cast { op, from, .. } => {
            let mut operands = Vec::with_capacity(n);
            for &s in lanes {
                match scalars[s] {
                    Scalar::Cast {
                        op: o,
                        from: f,
                        operand,
                    } if (o, f) == (op, from) => operands.push(operand),
                    _ => return None,
                }
            }
            let child = bundle(scalars, budget, &operands, from, depth + 1)?;
            Some(Node::Cast {
                op,
                from,
                child: Box::new(child),
                scalars: lanes.to_vec(),
            })
        }
        &Scalar::Compare { pred, from, .. } => {
            let mut pairs = Vec::with_capacity(n);
            for &s in lanes {
                match scalars[s] {
                    Scalar::Compare {
                        pred: p,
                        from: f,
                        lhs,
                        rhs,
                    } if (p, f) == (pred, from) => pairs.push((lhs, rhs)),
                    // `y > x` is `x < y`: its operands the other way round.
                    Scalar::Compare {
                        pred: p,
                        from: f,
                        lhs,
                        rhs,
                    } if (swapped(p), f) == (pred, from) => pairs.push((rhs, lhs)),
                    _ => return None,
                }
            }
            // `x == y` is `y == x`: a symmetric predicate's operands as an operation's
            // that commutes.
            look_ahead(scalars, &mut pairs, &vec![swapped(pred) == pred; n]);
            let (l, r): (Vec<usize>, Vec<usize>) = pairs.into_iter().unzip();
            Some(Node::Compare {
                pred,
                from,
                lhs: Box::new(bundle(scalars, budget, &l, from, depth + 1)?),
                rhs: Box::new(bundle(scalars, budget, &r, from, depth + 1)?),
                scalars: lanes.to_vec(),
            })
        }
        Scalar::Select { .. } => {
            let mut parts = (Vec::new(), Vec::new(), Vec::new());
            for &s in lanes {
                match scalars[s] {
                    Scalar::Select { cond, t, f } => {
                        parts.0.push(cond);
                        parts.1.push(t);
                        parts.2.push(f);
                    }
                    _ => return None,
                }
            }
            // The condition a comparison bundle (its own elements' size: the `1` only
            // passes the check above).
            let cond = bundle(scalars, budget, &parts.0, 1, depth + 1)?;
            if !matches!(cond, Node::Compare { .. }) {
                return None;
            }
            Some(Node::Select {
                cond: Box::new(cond),
                t: Box::new(bundle(scalars, budget, &parts.1, elem, depth + 1)?),
                f: Box::new(bundle(scalars, budget, &parts.2, elem, depth + 1)?),
                scalars: lanes.to_vec(),
            })
        }
        &Scalar::Fma { op, .. } => {
            let (mut products, mut addends) = (Vec::with_capacity(n), Vec::with_capacity(n));
            for &s in lanes {
                match scalars[s] {
                    Scalar::Fma { op: o, a, b, c } if o == op => {
                        products.push((a, b));
                        addends.push(c);
                    }
                    _ => return None,
                }
            }
            // The factors commute: ordered as a commutative operation's.
            look_ahead(scalars, &mut products, &vec![true; n]);
            let (a, b): (Vec<usize>, Vec<usize>) = products.into_iter().unzip();
            Some(Node::Fma {
                op,
                a: Box::new(bundle(scalars, budget, &a, elem, depth + 1)?),
                b: Box::new(bundle(scalars, budget, &b, elem, depth + 1)?),
                c: Box::new(bundle(scalars, budget, &addends, elem, depth + 1)?),
                scalars: lanes.to_vec(),
            })
        }
        Scalar::Binary { family, .. } => {
            // Lanes: (op, commutative, lhs, rhs), all of one family.
            let mut pairs = Vec::with_capacity(n);
            let mut ops = Vec::with_capacity(n);
            let mut commutes = Vec::with_capacity(n);
            for &s in lanes {
                match scalars[s] {
                    Scalar::Binary {
                        op,
                        family: f,
                        commutative,
                        lhs,
                        rhs,
                    } if f == *family => {
                        pairs.push((lhs, rhs));
                        ops.push(op);
                        commutes.push(commutative);
                    }
                    _ => return None,
                }
            }
            let mut distinct = ops.clone();
            distinct.sort_unstable();
            distinct.dedup();
            if distinct.len() > 2 {
                return None;
            }
            look_ahead(scalars, &mut pairs, &commutes);
            let (l, r): (Vec<usize>, Vec<usize>) = pairs.into_iter().unzip();
            let lhs = bundle(scalars, budget, &l, elem, depth + 1)?;
            let rhs = bundle(scalars, budget, &r, elem, depth + 1)?;
            Some(Node::Binary {
                ops,
                lhs: Box::new(lhs),
                rhs: Box::new(rhs),
                scalars: lanes.to_vec(),
            })
        }
        Scalar::Const(_) if all_consts => Some(Node::Consts(
            lanes
                .iter()
                .map(|&s| match scalars[s] {
                    Scalar::Const(c) => c,
                    _ => 0,
                })
                .collect(),
        )),
        _ => None,
    }
}

/// Lane by lane, a commutative operation takes the order whose operands look most like
/// lane 0's, each like the one on its side: the same kind (loads of the same base,
/// operations of the same opcode), then, for loads, the nearest addresses (both sides
/// counted: with `a[i] * b[j]` and `b` right after `a` in one base, the left operand
/// alone can be nearer either). `commutes[i]`: whether lane `i`'s operands may swap.
fn look_ahead(scalars: &[Scalar], pairs: &mut [(usize, usize)], commutes: &[bool]) {
    let key = |s: usize| match scalars[s] {
        Scalar::Load { base, .. } => (0, base as u64),
        Scalar::Binary { op, .. } | Scalar::Cast { op, .. } => (1, u64::from(op)),
        Scalar::Compare { pred, .. } => (1, 1 << 32 | u64::from(pred)),
        Scalar::Select { .. } => (1, 1 << 33),
        Scalar::Fma { op, .. } => (1, 1 << 34 | u64::from(op)),
        Scalar::Const(_) => (2, 0),
        Scalar::Other => (3, s as u64),
    };
    // A cast's address is its operand's (a widened byte load).
    let offset = |s: usize| match scalars[s] {
        Scalar::Load { offset, .. } => offset,
        Scalar::Cast { operand, .. } => match scalars[operand] {
            Scalar::Load { offset, .. } => offset,
            _ => 0,
        },
        _ => 0,
    };
    let Some(&(first, second)) = pairs.first() else {
        return;
    };
    let unlike = |l: usize, r: usize| {
        (
            (key(l) != key(first)) as u32 + (key(r) != key(second)) as u32,
            (offset(l) - offset(first)).abs() + (offset(r) - offset(second)).abs(),
        )
    };
    for (p, &c) in pairs.iter_mut().zip(commutes).skip(1) {
        if c && unlike(p.1, p.0) < unlike(p.0, p.1) {
            *p = (p.1, p.0);
        }
    }
}

/// Lane orders to try for a horizontal reduction of `leaves` (any order computes the
/// same): as written, and for each base the leaves load from (at most four), the leaves
/// sorted by the lowest and by the highest element of that base each reads (those that
/// read none last): where each leaf reads two places of one base (`a[i] * b[j]`, `b`
/// after `a`), one of the two orders puts one of them in order, which then needs no
/// shuffle.
pub fn reduction_orders(scalars: &[Scalar], leaves: &[usize]) -> Vec<Vec<usize>> {
    let mut orders = vec![leaves.to_vec()];
    let loads: HashMap<usize, Vec<(usize, i64)>> = leaves
        .iter()
        .map(|&leaf| (leaf, loads_of(scalars, leaf)))
        .collect();
    let mut bases: Vec<usize> = Vec::new();
    for leaf in leaves {
        for &(base, _) in &loads[leaf] {
            if !bases.contains(&base) && bases.len() < 4 {
                bases.push(base);
            }
        }
    }
    for base in bases {
        let offsets = |leaf: usize| -> Vec<i64> {
            loads[&leaf]
                .iter()
                .filter(|&&(b, _)| b == base)
                .map(|&(_, offset)| offset)
                .collect()
        };
        let lowest = |leaf: usize| offsets(leaf).into_iter().min().map_or((1, 0), |o| (0, o));
        let highest = |leaf: usize| offsets(leaf).into_iter().max().map_or((1, 0), |o| (0, o));
        for key in [&lowest as &dyn Fn(usize) -> (i32, i64), &highest] {
            let mut order = leaves.to_vec();
            order.sort_by_key(|&leaf| key(leaf));
            if !orders.contains(&order) {
                orders.push(order);
            }
        }
    }
    orders
}

/// The predicate (LLVM's numbering: `fcmp`'s 0-15, `icmp`'s 32-41) that compares the
/// operands the other way round: `ogt` for `olt`, `sge` for `sle`; the symmetric ones
/// (`eq`, `ne`, `ord`, ...) themselves.
pub fn swapped(pred: u32) -> u32 {
    match pred {
        2 => 4,
        4 => 2,
        3 => 5,
        5 => 3,
        10 => 12,
        12 => 10,
        11 => 13,
        13 => 11,
        34 => 36,
        36 => 34,
        35 => 37,
        37 => 35,
        38 => 40,
        40 => 38,
        39 => 41,
        41 => 39,
        p => p,
    }
}

/// A comparison as a term, one way round of the two that mean it (a symmetric
/// predicate's operands in order, as a commutative operation's).
fn compare_term(pred: u32, a: Term, b: Term) -> Term {
    let key = |t: &Term| format!("{t:?}");
    let turn = match swapped(pred) {
        p if p == pred => key(&b) < key(&a),
        p => p < pred,
    };
    if turn {
        Term::Compare(swapped(pred), Box::new(b), Box::new(a))
    } else {
        Term::Compare(pred, Box::new(a), Box::new(b))
    }
}

/// The distinct loads a scalar reads, (base, offset), in the order a walk of its
/// operands left to right first meets them. Each scalar is walked once: the scalars are a
/// graph, not a tree (`x * x` reads `x` twice), and a walk of every path took time
/// exponential in its depth (a chain of 64 `mul`s read by reductions every few links
/// did not finish).
fn loads_of(scalars: &[Scalar], s: usize) -> Vec<(usize, i64)> {
    let mut loads = Vec::new();
    let mut seen = HashSet::new();
    let mut work = vec![s];
    while let Some(s) = work.pop() {
        if !seen.insert(s) {
            continue;
        }
        // Operands pushed last to first: the first is walked first.
        match scalars[s] {
            Scalar::Load { base, offset } if !loads.contains(&(base, offset)) => {
                loads.push((base, offset));
            }
            Scalar::Load { .. } => {}
            Scalar::Binary { lhs, rhs, .. } | Scalar::Compare { lhs, rhs, .. } => {
                work.extend([rhs, lhs]);
            }
            Scalar::Cast { operand, .. } => work.push(operand),
            Scalar::Select { cond, t, f } => work.extend([f, t, cond]),
            Scalar::Fma { a, b, c, .. } => work.extend([c, b, a]),
            Scalar::Const(_) | Scalar::Other => {}
        }
    }
    loads
}

/// The tree of a horizontal reduction of `leaves`: of the orders
/// [`reduction_orders`] gives, the one whose tree shuffles the fewest load nodes (then
/// loads the fewest elements; then the first).
pub fn reduction_tree(scalars: &[Scalar], leaves: &[usize], elem: i64) -> Option<Node> {
    reduction_orders(scalars, leaves)
        .into_iter()
        .filter_map(|order| build(scalars, &order, elem))
        .min_by_key(|tree| {
            let loaded: usize = tree.load_ranges().iter().map(|r| r.2).sum();
            (tree.shuffled_loads(), loaded)
        })
}

/// A lane's value as a term: what the tests compare.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Term {
    Load(usize, i64),
    Op(u32, Box<Term>, Box<Term>),
    Cast(u32, Box<Term>),
    Compare(u32, Box<Term>, Box<Term>),
    Select(Box<Term>, Box<Term>, Box<Term>),
    Fma(u32, Box<Term>, Box<Term>, Box<Term>),
    Const(u64),
    /// A scalar of no other term, gathered as it is.
    Value(usize),
}

/// The term of a scalar (commutative operations with their operands in order).
pub fn scalar_term(scalars: &[Scalar], s: usize) -> Option<Term> {
    Some(match &scalars[s] {
        Scalar::Load { base, offset } => Term::Load(*base, *offset),
        Scalar::Binary {
            op,
            commutative,
            lhs,
            rhs,
            ..
        } => {
            let (a, b) = (scalar_term(scalars, *lhs)?, scalar_term(scalars, *rhs)?);
            order(*op, *commutative, a, b)
        }
        Scalar::Cast { op, operand, .. } => {
            Term::Cast(*op, Box::new(scalar_term(scalars, *operand)?))
        }
        Scalar::Compare { pred, lhs, rhs, .. } => compare_term(
            *pred,
            scalar_term(scalars, *lhs)?,
            scalar_term(scalars, *rhs)?,
        ),
        Scalar::Select { cond, t, f } => Term::Select(
            Box::new(scalar_term(scalars, *cond)?),
            Box::new(scalar_term(scalars, *t)?),
            Box::new(scalar_term(scalars, *f)?),
        ),
        Scalar::Fma { op, a, b, c } => fma_term(
            *op,
            scalar_term(scalars, *a)?,
            scalar_term(scalars, *b)?,
            scalar_term(scalars, *c)?,
        ),
        Scalar::Const(c) => Term::Const(*c),
        Scalar::Other => return None,
    })
}

/// A multiply-add as a term, its factors in order (they commute).
fn fma_term(op: u32, a: Term, b: Term, c: Term) -> Term {
    let key = |t: &Term| format!("{t:?}");
    let (a, b) = if key(&b) < key(&a) { (b, a) } else { (a, b) };
    Term::Fma(op, Box::new(a), Box::new(b), Box::new(c))
}

fn order(op: u32, commutative: bool, a: Term, b: Term) -> Term {
    let key = |t: &Term| format!("{t:?}");
    if commutative && key(&b) < key(&a) {
        Term::Op(op, Box::new(b), Box::new(a))
    } else {
        Term::Op(op, Box::new(a), Box::new(b))
    }
}

/// The terms a tree computes, lane by lane (`commutative` says which opcodes are).
pub fn run(node: &Node, scalars: &[Scalar], commutative: &dyn Fn(u32) -> bool) -> Vec<Term> {
    match node {
        Node::Loads {
            base,
            start,
            mask,
            elem,
            ..
        } => mask
            .iter()
            .map(|&m| Term::Load(*base, start + elem * i64::from(m)))
            .collect(),
        Node::Binary { ops, lhs, rhs, .. } => run(lhs, scalars, commutative)
            .into_iter()
            .zip(run(rhs, scalars, commutative))
            .zip(ops)
            .map(|((a, b), &op)| order(op, commutative(op), a, b))
            .collect(),
        Node::Cast { op, child, .. } => run(child, scalars, commutative)
            .into_iter()
            .map(|t| Term::Cast(*op, Box::new(t)))
            .collect(),
        Node::Compare { pred, lhs, rhs, .. } => run(lhs, scalars, commutative)
            .into_iter()
            .zip(run(rhs, scalars, commutative))
            .map(|(a, b)| compare_term(*pred, a, b))
            .collect(),
        Node::Select { cond, t, f, .. } => run(cond, scalars, commutative)
            .into_iter()
            .zip(run(t, scalars, commutative))
            .zip(run(f, scalars, commutative))
            .map(|((c, a), b)| Term::Select(Box::new(c), Box::new(a), Box::new(b)))
            .collect(),
        Node::Fma { op, a, b, c, .. } => run(a, scalars, commutative)
            .into_iter()
            .zip(run(b, scalars, commutative))
            .zip(run(c, scalars, commutative))
            .map(|((a, b), c)| fma_term(*op, a, b, c))
            .collect(),
        Node::Consts(c) => c.iter().map(|&c| Term::Const(c)).collect(),
        Node::Gather(g) => g
            .iter()
            .map(|&s| scalar_term(scalars, s).unwrap_or(Term::Value(s)))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ADD: u32 = 1;
    const SUB: u32 = 2;

    fn commutative(op: u32) -> bool {
        op == ADD
    }

    /// out[j] = a[p(j)] + b[q(j)] with some operands swapped, and a constant.
    #[test]
    fn a_permuted_sum_is_loads_shuffles_and_an_add() {
        let mut scalars = Vec::new();
        let mut lanes = Vec::new();
        let p = [3, 2, 1, 0];
        for (j, &pj) in p.iter().enumerate() {
            let a = scalars.len();
            scalars.push(Scalar::Load {
                base: 0,
                offset: 4 * pj,
            });
            let b = scalars.len();
            scalars.push(Scalar::Load {
                base: 1,
                offset: 4 * j as i64,
            });
            let (lhs, rhs) = if j % 2 == 0 { (a, b) } else { (b, a) };
            scalars.push(Scalar::binary(ADD, true, lhs, rhs));
            lanes.push(scalars.len() - 1);
        }
        let tree = build(&scalars, &lanes, 4).unwrap();
        assert!(tree.permutes());
        let want = terms(&scalars, &lanes);
        assert_eq!(run(&tree, &scalars, &commutative), want);
        let Node::Binary { lhs, .. } = &tree else {
            panic!()
        };
        assert!(
            matches!(**lhs, Node::Loads { base: 0, ref mask, .. } if *mask == vec![3, 2, 1, 0])
        );
    }

    #[test]
    fn a_subtraction_keeps_its_order_and_gaps_fail() {
        let scalars = vec![
            Scalar::Load { base: 0, offset: 0 },
            Scalar::Load { base: 1, offset: 0 },
            Scalar::binary(SUB, false, 1, 0),
            Scalar::Load { base: 0, offset: 8 },
            Scalar::Load { base: 1, offset: 4 },
            Scalar::binary(SUB, false, 3, 4),
        ];
        // Lane 1 has its operands the other way: not one bundle of base 1 on the left.
        assert!(build(&scalars, &[2, 5], 4).is_none());
        // Base 0 read at 0 and 8 only: element 1 never read, no vector load of it.
        let loads = [0, 3];
        assert!(build(&scalars, &loads, 4).is_none());
    }

    /// Complex products stored re, im, re, im: subtractions and additions alternate (one
    /// family), both computed and blended; the loads duplicate and swap pairs.
    #[test]
    fn alternating_operations_are_one_node() {
        let mut scalars = Vec::new();
        let load = |scalars: &mut Vec<Scalar>, base, k: i64| {
            scalars.push(Scalar::Load {
                base,
                offset: 8 * k,
            });
            scalars.len() - 1
        };
        let mut lanes = Vec::new();
        for k in 0..2i64 {
            let (ar, ai) = (
                load(&mut scalars, 0, 2 * k),
                load(&mut scalars, 0, 2 * k + 1),
            );
            let (br, bi) = (
                load(&mut scalars, 1, 2 * k),
                load(&mut scalars, 1, 2 * k + 1),
            );
            let mul = |scalars: &mut Vec<Scalar>, a, b| {
                scalars.push(Scalar::binary(3, true, a, b));
                scalars.len() - 1
            };
            let (rr, ii) = (mul(&mut scalars, ar, br), mul(&mut scalars, ai, bi));
            let (ri, ir) = (mul(&mut scalars, ar, bi), mul(&mut scalars, ai, br));
            scalars.push(Scalar::Binary {
                op: SUB,
                family: ADD,
                commutative: false,
                lhs: rr,
                rhs: ii,
            });
            lanes.push(scalars.len() - 1);
            scalars.push(Scalar::Binary {
                op: ADD,
                family: ADD,
                commutative: true,
                lhs: ri,
                rhs: ir,
            });
            lanes.push(scalars.len() - 1);
        }
        let tree = build(&scalars, &lanes, 8).unwrap();
        let Node::Binary { ops, .. } = &tree else {
            panic!()
        };
        assert_eq!(ops, &vec![SUB, ADD, SUB, ADD]);
        let want = terms(&scalars, &lanes);
        let commutes = |op: u32| op == ADD || op == 3;
        assert_eq!(run(&tree, &scalars, &commutes), want);
        assert!(tree.permutes());
    }

    /// A matrix-vector product: each lane a sum of products of a row and the vector;
    /// the matrix's bundles are its columns, one <16 x float> load for all four, the
    /// vector's bundles broadcasts of one element each.
    /// `out[k] = load i32 (p + 4k) + load i32 (p + 4k + 2)`: two ranges of one base and
    /// element size whose starts differ by half an element. One load of the union read
    /// the second range from `p` (found by a helper's hunt, 2026-11-27): each is its own.
    #[test]
    fn ranges_apart_by_part_of_an_element_are_two_loads() {
        let mut scalars = Vec::new();
        let mut lanes = Vec::new();
        for k in 0..4i64 {
            scalars.push(Scalar::Load {
                base: 0,
                offset: 4 * k,
            });
            scalars.push(Scalar::Load {
                base: 0,
                offset: 4 * k + 2,
            });
            let n = scalars.len();
            scalars.push(Scalar::binary(ADD, true, n - 2, n - 1));
            lanes.push(scalars.len() - 1);
        }
        let tree = build(&scalars, &lanes, 4).unwrap();
        let mut ranges = tree.load_ranges();
        ranges.sort();
        assert_eq!(ranges, [(0, 0, 4, 4), (0, 2, 4, 4)]);
        let want = terms(&scalars, &lanes);
        assert_eq!(run(&tree, &scalars, &|op| op == ADD), want);
    }

    #[test]
    fn bundles_of_one_base_share_one_load() {
        let mut scalars = Vec::new();
        let v: Vec<usize> = (0..4)
            .map(|c| {
                scalars.push(Scalar::Load {
                    base: 1,
                    offset: 4 * c,
                });
                scalars.len() - 1
            })
            .collect();
        let mut lanes = Vec::new();
        for r in [1i64, 3, 0, 2] {
            let mut acc = None;
            for c in 0..4i64 {
                scalars.push(Scalar::Load {
                    base: 0,
                    offset: 4 * (4 * r + c),
                });
                let m = scalars.len() - 1;
                scalars.push(Scalar::binary(3, true, m, v[c as usize]));
                let p = scalars.len() - 1;
                acc = Some(match acc {
                    None => p,
                    Some(a) => {
                        scalars.push(Scalar::binary(ADD, true, a, p));
                        scalars.len() - 1
                    }
                });
            }
            lanes.push(acc.unwrap());
        }
        let tree = build(&scalars, &lanes, 4).unwrap();
        let ranges = tree.load_ranges();
        assert!(
            ranges
                .iter()
                .all(|r| *r == (0, 0, 16, 4) || (r.0 == 1 && r.2 == 1)),
            "{ranges:?}"
        );
        let want = terms(&scalars, &lanes);
        let commutes = |op: u32| op == ADD || op == 3;
        assert_eq!(run(&tree, &scalars, &commutes), want);
    }

    /// Each lane's scalar term.
    fn terms(scalars: &[Scalar], lanes: &[usize]) -> Vec<Term> {
        lanes
            .iter()
            .map(|&s| scalar_term(scalars, s).unwrap())
            .collect()
    }

    /// A small deterministic generator: `next(n)` is below `n`.
    fn xorshift(mut seed: u64) -> impl FnMut(u64) -> u64 {
        move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        }
    }

    /// Random trees of loads, constants and two operations: whatever builds computes
    /// each lane's term.
    #[test]
    fn random_trees_compute_every_lane() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        let mut built = 0;
        for _ in 0..3000 {
            let n = [2usize, 4, 8][next(3) as usize];
            let mut scalars = Vec::new();
            let mut perm: Vec<i64> = (0..n as i64).collect();
            for i in (1..n).rev() {
                perm.swap(i, next(i as u64 + 1) as usize);
            }
            let shape = next(3);
            let mut lanes = Vec::new();
            for (j, &pj) in perm.iter().enumerate() {
                let leaf = |scalars: &mut Vec<Scalar>,
                            base: usize,
                            offset: i64,
                            next: &mut dyn FnMut(u64) -> u64| {
                    if next(10) == 0 {
                        scalars.push(Scalar::Const(next(5)));
                    } else {
                        scalars.push(Scalar::Load { base, offset });
                    }
                    scalars.len() - 1
                };
                let a = leaf(&mut scalars, 0, 4 * pj, &mut next);
                if shape == 0 {
                    lanes.push(a);
                    continue;
                }
                // The other operand from another base, or from the first: at whole
                // elements, or two bytes off them (ranges that are not one load).
                let (base, skew) = [(1, 0), (1, 0), (0, 0), (0, 2)][next(4) as usize];
                let k = (j as i64 + next(2) as i64) % n as i64;
                let b = leaf(&mut scalars, base, 4 * k + skew, &mut next);
                let op = if next(2) == 0 { ADD } else { SUB };
                let (lhs, rhs) = if next(2) == 0 { (a, b) } else { (b, a) };
                scalars.push(Scalar::binary(op, commutative(op), lhs, rhs));
                lanes.push(scalars.len() - 1);
            }
            if let Some(tree) = build(&scalars, &lanes, 4) {
                built += 1;
                let want = terms(&scalars, &lanes);
                assert_eq!(run(&tree, &scalars, &commutative), want);
            }
        }
        assert!(built > 300, "{built}");
    }

    /// `zext(a[p(j)]) + b[j]` with `a` bytes and `b` words: the bytes are loaded as one
    /// vector and shuffled, then widened; a lane whose cast differs fails the tree.
    /// `a[p(j)] * b[j] + c[j]`, the factors of some lanes written the other way round:
    /// one multiply-add node of three load bundles; lanes of two multiply-adds are no
    /// bundle.
    #[test]
    fn multiply_adds_are_nodes() {
        const FMULADD: u32 = 1201;
        let p = [2i64, 0, 3, 1];
        let mut scalars = Vec::new();
        let mut lanes = Vec::new();
        for (j, &pj) in p.iter().enumerate() {
            let mut load = |base: usize, at: i64| {
                scalars.push(Scalar::Load {
                    base,
                    offset: 4 * at,
                });
                scalars.len() - 1
            };
            let (x, y, z) = (load(0, pj), load(1, j as i64), load(2, j as i64));
            let (a, b) = if j % 2 == 1 { (y, x) } else { (x, y) };
            scalars.push(Scalar::Fma {
                op: FMULADD,
                a,
                b,
                c: z,
            });
            lanes.push(scalars.len() - 1);
        }
        let tree = build(&scalars, &lanes, 4).unwrap();
        assert!(tree.permutes());
        assert_eq!(run(&tree, &scalars, &commutative), terms(&scalars, &lanes));
        let Node::Fma { a, b, c, .. } = &tree else {
            panic!("not a multiply-add: {tree:?}");
        };
        assert!(matches!(**a, Node::Loads { base: 0, .. }));
        assert!(matches!(**b, Node::Loads { base: 1, .. }));
        assert!(matches!(**c, Node::Loads { base: 2, .. }));
        let mut mixed = scalars.clone();
        if let Scalar::Fma { a, b, c, .. } = scalars[lanes[2]] {
            mixed[lanes[2]] = Scalar::Fma { op: 1200, a, b, c };
        }
        assert!(build(&mixed, &lanes, 4).is_none());
    }

    /// `a[p(j)] * s_j` with `s_j` values of no kind (arguments): the loads a node, the
    /// values a gather (their own terms); one value in every lane is one gather too. A
    /// tree of gathers alone, or gathering a scalar it replaces, is none.
    #[test]
    fn values_of_no_kind_are_gathered() {
        const MUL: u32 = 3;
        let build_with = |values: &[usize]| {
            let mut scalars = vec![Scalar::Other; 4];
            let mut lanes = Vec::new();
            for (j, &pj) in [1i64, 3, 0, 2].iter().enumerate() {
                scalars.push(Scalar::Load {
                    base: 0,
                    offset: 4 * pj,
                });
                let x = scalars.len() - 1;
                scalars.push(Scalar::binary(MUL, true, x, values[j]));
                lanes.push(scalars.len() - 1);
            }
            (build(&scalars, &lanes, 4), scalars, lanes)
        };
        for values in [[0, 1, 2, 3], [2, 2, 2, 2]] {
            let (tree, scalars, lanes) = build_with(&values);
            let tree = tree.unwrap();
            assert_eq!(tree.gathers(), vec![&values[..]]);
            assert_eq!(
                run(&tree, &scalars, &commutative),
                lanes
                    .iter()
                    .zip(values)
                    .map(|(&l, v)| match &scalars[l] {
                        Scalar::Binary { lhs, .. } => Term::Op(
                            MUL,
                            Box::new(scalar_term(&scalars, *lhs).unwrap()),
                            Box::new(Term::Value(v))
                        ),
                        _ => unreachable!(),
                    })
                    .collect::<Vec<_>>()
            );
        }
        // Values times values: no load, no tree.
        let scalars = vec![Scalar::Other; 4]
            .into_iter()
            .chain((0..4).map(|j| Scalar::binary(MUL, true, j, (j + 1) % 4)))
            .collect::<Vec<_>>();
        assert!(build(&scalars, &[4, 5, 6, 7], 4).is_none());
        // Lane 3's value is lane 1's load, which the tree replaces: gathered, it would
        // be gone.
        let (_, mut scalars, lanes) = build_with(&[0, 1, 2, 3]);
        let (Scalar::Binary { lhs: x1, .. }, Scalar::Binary { lhs: x3, .. }) =
            (scalars[lanes[1]].clone(), scalars[lanes[3]].clone())
        else {
            unreachable!()
        };
        scalars[lanes[3]] = Scalar::binary(MUL, true, x3, x1);
        assert!(build(&scalars, &lanes, 4).is_none());
    }

    #[test]
    fn casts_widen_a_narrow_bundle() {
        const ZEXT: u32 = 39;
        const SEXT: u32 = 40;
        let p = [2i64, 0, 3, 1];
        let mut scalars = Vec::new();
        let mut lanes = Vec::new();
        for (j, &pj) in p.iter().enumerate() {
            scalars.push(Scalar::Load {
                base: 0,
                offset: pj,
            });
            let byte = scalars.len() - 1;
            scalars.push(Scalar::Cast {
                op: ZEXT,
                from: 1,
                operand: byte,
            });
            let wide = scalars.len() - 1;
            scalars.push(Scalar::Load {
                base: 1,
                offset: 4 * j as i64,
            });
            scalars.push(Scalar::binary(ADD, true, wide, scalars.len() - 1));
            lanes.push(scalars.len() - 1);
        }
        let tree = build(&scalars, &lanes, 4).unwrap();
        assert!(tree.permutes());
        assert_eq!(tree.load_ranges(), vec![(0, 0, 4, 1), (1, 0, 4, 4)]);
        let want = terms(&scalars, &lanes);
        assert_eq!(run(&tree, &scalars, &commutative), want);
        // One lane sign-extends: not one cast bundle; the casts gathered as they are.
        scalars[4] = Scalar::Cast {
            op: SEXT,
            from: 1,
            operand: 3,
        };
        let mixed = build(&scalars, &lanes, 4).unwrap();
        assert_eq!(mixed.gathers().len(), 1);
        assert_eq!(run(&mixed, &scalars, &commutative), terms(&scalars, &lanes));
    }

    /// A clamp written as `x < y ? x : y` (float `olt` and `select`) of permuted loads
    /// and loads in order: one compare node over both bundles, one select node over
    /// the compare and the same two bundles, also where a lane compares the other way
    /// round (`y > x`); a lane comparing otherwise, or selecting on something else than
    /// a comparison, is not one bundle.
    /// `x == y` and `y == x` in one bundle: an equality's operands commute; an order's
    /// do not.
    #[test]
    fn equalities_written_either_way_round_join() {
        const EQ: u32 = 32;
        const SLT: u32 = 40;
        let build_with = |pred: u32| {
            let mut scalars = Vec::new();
            let mut lanes = Vec::new();
            for j in 0..4i64 {
                scalars.push(Scalar::Load {
                    base: 0,
                    offset: 4 * (3 - j),
                });
                let x = scalars.len() - 1;
                scalars.push(Scalar::Load {
                    base: 1,
                    offset: 4 * j,
                });
                let y = scalars.len() - 1;
                // Lanes 1 and 2 written the other way round.
                let (lhs, rhs) = if j == 1 || j == 2 { (y, x) } else { (x, y) };
                scalars.push(Scalar::Compare {
                    pred,
                    from: 4,
                    lhs,
                    rhs,
                });
                lanes.push(scalars.len() - 1);
            }
            (build(&scalars, &lanes, 4), scalars, lanes)
        };
        let (tree, scalars, lanes) = build_with(EQ);
        let tree = tree.unwrap();
        assert_eq!(run(&tree, &scalars, &commutative), terms(&scalars, &lanes));
        let Node::Compare { lhs, rhs, .. } = &tree else {
            panic!("not a comparison: {tree:?}");
        };
        assert!(matches!(**lhs, Node::Loads { base: 0, .. }));
        assert!(matches!(**rhs, Node::Loads { base: 1, .. }));
        // `x < y` and `y < x` are different comparisons: no tree.
        assert!(build_with(SLT).0.is_none());
    }

    #[test]
    fn selects_of_comparisons_are_nodes() {
        const OLT: u32 = 4;
        const OGT: u32 = 2;
        let p = [3i64, 1, 0, 2];
        let mut scalars = Vec::new();
        let mut lanes = Vec::new();
        for (j, &pj) in p.iter().enumerate() {
            scalars.push(Scalar::Load {
                base: 0,
                offset: 4 * pj,
            });
            let x = scalars.len() - 1;
            scalars.push(Scalar::Load {
                base: 1,
                offset: 4 * j as i64,
            });
            let y = scalars.len() - 1;
            scalars.push(Scalar::Compare {
                pred: OLT,
                from: 4,
                lhs: x,
                rhs: y,
            });
            let cond = scalars.len() - 1;
            scalars.push(Scalar::Select { cond, t: x, f: y });
            lanes.push(scalars.len() - 1);
        }
        let tree = build(&scalars, &lanes, 4).unwrap();
        assert!(tree.permutes());
        assert!(
            matches!(&tree, Node::Select { cond, .. } if matches!(**cond, Node::Compare { .. }))
        );
        assert_eq!(run(&tree, &scalars, &commutative), terms(&scalars, &lanes));
        // Four load nodes (the comparison's and the select's), two ranges: built, one
        // vector load each.
        assert_eq!(tree.load_ranges().len(), 4);
        // A lane written `y > x` is the same comparison.
        let mut turned = scalars.clone();
        turned[10] = Scalar::Compare {
            pred: OGT,
            from: 4,
            lhs: 9,
            rhs: 8,
        };
        let tree = build(&turned, &lanes, 4).unwrap();
        assert_eq!(run(&tree, &turned, &commutative), terms(&turned, &lanes));
        let mut other = scalars.clone();
        other[6] = Scalar::Compare {
            pred: OGT,
            from: 4,
            lhs: 4,
            rhs: 5,
        };
        assert!(build(&other, &lanes, 4).is_none());
        let mut not_a_comparison = scalars.clone();
        for &l in &lanes {
            if let Scalar::Select { t, f, .. } = scalars[l] {
                not_a_comparison[l] = Scalar::Select { cond: t, t, f };
            }
        }
        assert!(build(&not_a_comparison, &lanes, 4).is_none());
    }

    /// Random trees whose lanes widen or narrow loads of another size (sometimes one
    /// lane another cast, or a byte load and a word load of one base side by side):
    /// whatever builds computes each lane's term, and loads each range at its size.
    #[test]
    fn random_trees_with_casts_compute_every_lane() {
        const ZEXT: u32 = 39;
        const TRUNC: u32 = 38;
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        let mut built = 0;
        for _ in 0..2000 {
            let n = [4usize, 8, 16][next(3) as usize];
            // The casts' source size: bytes widened, or double words narrowed.
            let (op, from) = if next(2) == 0 { (ZEXT, 1) } else { (TRUNC, 8) };
            let mut scalars = Vec::new();
            let mut perm: Vec<i64> = (0..n as i64).collect();
            for i in (1..n).rev() {
                perm.swap(i, next(i as u64 + 1) as usize);
            }
            let mut lanes = Vec::new();
            for (j, &pj) in perm.iter().enumerate() {
                scalars.push(Scalar::Load {
                    base: 0,
                    offset: from * pj,
                });
                let narrow = scalars.len() - 1;
                let cast_op = if next(40) == 0 { ZEXT + TRUNC - op } else { op };
                scalars.push(Scalar::Cast {
                    op: cast_op,
                    from,
                    operand: narrow,
                });
                let cast = scalars.len() - 1;
                // The other operand: words of base 1, or (rarely) of base 0 too.
                let other_base = if next(30) == 0 { 0 } else { 1 };
                scalars.push(Scalar::Load {
                    base: other_base,
                    offset: 4 * ((j as i64 + next(2) as i64) % n as i64),
                });
                let word = scalars.len() - 1;
                let (lhs, rhs) = if next(2) == 0 {
                    (cast, word)
                } else {
                    (word, cast)
                };
                scalars.push(Scalar::binary(ADD, true, lhs, rhs));
                lanes.push(scalars.len() - 1);
            }
            let Some(tree) = build(&scalars, &lanes, 4) else {
                continue;
            };
            built += 1;
            let want = terms(&scalars, &lanes);
            assert_eq!(run(&tree, &scalars, &commutative), want);
            for (_, start, len, elem) in tree.load_ranges() {
                assert!(elem == from || elem == 4, "{elem}");
                assert!(start % elem == 0 && len <= n, "{start} {len}");
            }
        }
        assert!(built > 150, "{built}");
    }

    /// The sum of eight products a[pa[k]] * b[pb[k]] (a reduction, so any lane order
    /// will do): in a's order only b needs a shuffle; as written both do.
    #[test]
    fn a_reduction_takes_the_order_of_one_base() {
        const MUL: u32 = 3;
        let pa = [3i64, 0, 6, 1, 5, 2, 7, 4];
        let pb = [5i64, 1, 2, 7, 0, 4, 6, 3];
        let mut scalars = Vec::new();
        let mut leaves = Vec::new();
        for k in 0..8 {
            scalars.push(Scalar::Load {
                base: 0,
                offset: 4 * pa[k],
            });
            scalars.push(Scalar::Load {
                base: 1,
                offset: 4 * pb[k],
            });
            let n = scalars.len();
            // Some products written b * a.
            let (lhs, rhs) = if k % 3 == 1 {
                (n - 1, n - 2)
            } else {
                (n - 2, n - 1)
            };
            scalars.push(Scalar::binary(MUL, true, lhs, rhs));
            leaves.push(scalars.len() - 1);
        }
        let as_written = build(&scalars, &leaves, 4).unwrap();
        assert_eq!(as_written.shuffled_loads(), 2);
        let tree = reduction_tree(&scalars, &leaves, 4).unwrap();
        assert_eq!(tree.shuffled_loads(), 1);
        // `b` right after `a` in one base: the same.
        let one_base: Vec<Scalar> = scalars
            .iter()
            .map(|s| match *s {
                Scalar::Load { base: 1, offset } => Scalar::Load {
                    base: 0,
                    offset: 32 + offset,
                },
                ref other => other.clone(),
            })
            .collect();
        let single = reduction_tree(&one_base, &leaves, 4).unwrap();
        assert_eq!(single.shuffled_loads(), 1);
        assert_eq!(single.load_ranges().len(), 2);
        // The same products, in another order.
        let commutative = |op: u32| op == MUL;
        let mut got = run(&tree, &scalars, &commutative);
        let mut want = terms(&scalars, &leaves);
        let key = |t: &Term| format!("{t:?}");
        got.sort_by_key(key);
        want.sort_by_key(key);
        assert_eq!(got, want);
    }

    /// Every path's loads, left to right (what `loads_of` kept before it walked each
    /// scalar once).
    fn loads_on_every_path(scalars: &[Scalar], s: usize) -> Vec<(usize, i64)> {
        match scalars[s] {
            Scalar::Load { base, offset } => vec![(base, offset)],
            Scalar::Binary { lhs, rhs, .. } | Scalar::Compare { lhs, rhs, .. } => [lhs, rhs]
                .iter()
                .flat_map(|&o| loads_on_every_path(scalars, o))
                .collect(),
            Scalar::Cast { operand, .. } => loads_on_every_path(scalars, operand),
            Scalar::Select { cond, t, f } => [cond, t, f]
                .iter()
                .flat_map(|&o| loads_on_every_path(scalars, o))
                .collect(),
            Scalar::Fma { a, b, c, .. } => [a, b, c]
                .iter()
                .flat_map(|&o| loads_on_every_path(scalars, o))
                .collect(),
            Scalar::Const(_) | Scalar::Other => Vec::new(),
        }
    }

    /// Random graphs of shared scalars: the loads walked once are those of every path,
    /// each where it first appears.
    #[test]
    fn loads_are_every_paths_first_appearances() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for _ in 0..2000 {
            let mut scalars = Vec::new();
            for _ in 0..2 + next(4) {
                scalars.push(Scalar::Load {
                    base: next(3) as usize,
                    offset: 4 * next(4) as i64,
                });
            }
            for _ in 0..next(12) {
                let mut any = || next(scalars.len() as u64) as usize;
                let (a, b, c) = (any(), any(), any());
                let scalar = match next(6) {
                    0 => Scalar::binary(1, true, a, b),
                    1 => Scalar::Cast {
                        op: 2,
                        from: 4,
                        operand: a,
                    },
                    2 => Scalar::Compare {
                        pred: 40,
                        from: 4,
                        lhs: a,
                        rhs: b,
                    },
                    3 => Scalar::Select {
                        cond: a,
                        t: b,
                        f: c,
                    },
                    4 => Scalar::Fma { op: 5, a, b, c },
                    _ => Scalar::Const(a as u64),
                };
                scalars.push(scalar);
            }
            let root = scalars.len() - 1;
            let mut want = loads_on_every_path(&scalars, root);
            let mut seen = Vec::new();
            want.retain(|l| {
                let first = !seen.contains(l);
                seen.push(*l);
                first
            });
            assert_eq!(loads_of(&scalars, root), want, "{scalars:?}");
        }
    }

    /// A chain of multiplications, each of the one before by itself, 200 deep: the
    /// reduction's orders come at once (every path's loads: 2^200 of them). Two: as
    /// written, and the other leaves first (the chain reads no load of base 1).
    #[test]
    fn a_deep_shared_chain_is_walked_once() {
        let (done, finished) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut scalars = vec![Scalar::Load { base: 0, offset: 0 }];
            for i in 0..200 {
                scalars.push(Scalar::binary(3, true, i, i));
            }
            let mut leaves = vec![scalars.len() - 1];
            for k in 1..4 {
                scalars.push(Scalar::Load {
                    base: 1,
                    offset: 4 * k,
                });
                leaves.push(scalars.len() - 1);
            }
            done.send(reduction_orders(&scalars, &leaves).len())
                .unwrap();
        });
        let orders = finished
            .recv_timeout(std::time::Duration::from_secs(20))
            .expect("reduction orders of a deep chain took over 20 s");
        assert_eq!(orders, 2);
    }

    /// `x = fma(x, x, x)` repeated over four loaded lanes: every bundle is a node (the
    /// loads one range), but the tree, each shared value made again where it is read,
    /// has 3^depth load bundles. Five deep (364 bundles) it is built; seven (3,280)
    /// takes more bundles than a build may make.
    #[test]
    fn a_tree_of_more_bundles_than_a_build_makes_is_not_built() {
        let chain = |depth: usize| {
            let mut scalars = Vec::new();
            let mut lanes = Vec::new();
            for j in 0..4 {
                scalars.push(Scalar::Load {
                    base: 0,
                    offset: 4 * j,
                });
                for _ in 0..depth {
                    let x = scalars.len() - 1;
                    scalars.push(Scalar::Fma {
                        op: 1201,
                        a: x,
                        b: x,
                        c: x,
                    });
                }
                lanes.push(scalars.len() - 1);
            }
            (scalars, lanes)
        };
        let (scalars, lanes) = chain(5);
        let tree = build(&scalars, &lanes, 4).expect("five deep");
        assert_eq!(run(&tree, &scalars, &commutative), terms(&scalars, &lanes));
        let (scalars, lanes) = chain(7);
        assert!(build(&scalars, &lanes, 4).is_none());
    }
}
