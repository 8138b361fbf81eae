//! The cheapest sequence of target instructions for one four-lane shuffle: what the pass
//! emits in place of a shuffle the backend lowers badly.
//!
//! [`crate::lower::search`] prices every mask at once (the sweep); this module answers
//! for one mask and keeps the instructions, so that they can be built. It searches
//! backwards from the demand: the last instruction is any description with any
//! immediate, and each of its operands must be a value the target builds in at most one
//! instruction from the operands `A`, `B` and a zero register (the *first level*, built
//! once per instruction set). That covers every sequence of up to two instructions and
//! the three-instruction trees whose two inner instructions read only `A`, `B` and
//! zero; every four-lane mask is within two instructions on the targets described
//! (`search::tests::every_mask_has_an_optimum` and the sweep).
//!
//! Table instructions (`pshufb`, `tbl`, `vpermt2d`) are not searched: a shuffle the
//! backend cannot do better than one table lookup is left to it.

use std::collections::HashMap;

use crate::algebra::pattern::Sym;
use crate::target::insn::{Insn, Lanes, Src};

/// A value of the search: the source of each lane, `0..8` a lane of `A ++ B`, 8 zero.
type Value = [u8; 4];
/// A partial value: the lanes a value must hold (`None`: any).
type Want = [Option<u8>; 4];
const ZERO: u8 = 8;

/// What an instruction reads.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Operand {
    /// The shuffle's first operand.
    A,
    /// The shuffle's second operand.
    B,
    /// A zero vector.
    Zero,
    /// The result of instruction `i` of the sequence.
    Earlier(usize),
}

/// One instruction of a sequence: `insn` with immediate `imm`, on `x` and `y` (`y` is
/// `x` again for a one-operand instruction).
#[derive(Copy, Clone)]
pub struct Op {
    pub insn: &'static Insn,
    pub imm: u16,
    pub x: Operand,
    pub y: Operand,
}

impl std::fmt::Debug for Op {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}#{}({:?}, {:?})",
            self.insn.name, self.imm, self.x, self.y
        )
    }
}

impl Op {
    /// Output lane `i`: lane `l` of `x ++ y`.
    pub fn lanes(&self) -> [Src; 4] {
        self.insn.produce(self.imm).expect("a searched immediate")
    }
}

/// Instructions computing a shuffle; the last one's result is the shuffle's.
#[derive(Clone, Debug)]
pub struct Sequence {
    pub ops: Vec<Op>,
    /// The descriptions' cost: the instructions, and the zero register if one is read.
    pub cost: u32,
}

/// An instruction with one immediate, as the search uses it.
#[derive(Copy, Clone)]
struct Move {
    insn: &'static Insn,
    imm: u16,
    map: [Src; 4],
}

/// A first-level value: one instruction on leaves.
#[derive(Copy, Clone)]
struct Built {
    value: Value,
    cost: u32,
    op: Op,
}

/// The instructions of one target, ready for [`Searcher::sequence`].
pub struct Searcher {
    moves: Vec<Move>,
    zero_cost: u32,
    /// The cheapest first-level way to each value (no duplicates).
    first: Vec<Built>,
    /// For every partial value (some lanes left open), the cheapest leaf or first-level
    /// value that fits it.
    index: HashMap<[Option<u8>; 4], (u32, Source)>,
}

const LEAVES: [(Operand, Value); 3] = [
    (Operand::A, [0, 1, 2, 3]),
    (Operand::B, [4, 5, 6, 7]),
    (Operand::Zero, [ZERO; 4]),
];

fn apply(map: [Src; 4], x: Value, y: Value) -> Value {
    map.map(|src| match src {
        Src::Zero => ZERO,
        Src::Lane(l) if l < 4 => x[l as usize],
        Src::Lane(l) => y[l as usize - 4],
    })
}

impl Searcher {
    /// `insns`: the target's instructions (table instructions are skipped); `zero_cost`:
    /// what a zero register costs (1: an `xor` or `movi`).
    pub fn new(insns: &[&'static Insn], zero_cost: u32) -> Searcher {
        let mut moves = Vec::new();
        for &insn in insns {
            if let Lanes::Imm { imms, .. } = insn.lanes {
                for imm in 0..imms {
                    let map = insn.produce(imm).expect("in range");
                    if !moves.iter().any(|m: &Move| m.map == map) {
                        moves.push(Move { insn, imm, map });
                    }
                }
            }
        }
        let mut searcher = Searcher {
            moves,
            zero_cost,
            first: Vec::new(),
            index: HashMap::new(),
        };
        let mut first: Vec<Built> = Vec::new();
        for m in &searcher.moves {
            for &(x, xv) in &LEAVES {
                for &(y, yv) in &LEAVES {
                    if m.insn.operands == 1 && x != y {
                        continue;
                    }
                    let value = apply(m.map, xv, yv);
                    let reads_zero = x == Operand::Zero || y == Operand::Zero;
                    let cost = m.insn.cost + if reads_zero { zero_cost } else { 0 };
                    let op = Op {
                        insn: m.insn,
                        imm: m.imm,
                        x,
                        y,
                    };
                    match first.iter_mut().find(|b| b.value == value) {
                        Some(b) if b.cost <= cost => {}
                        Some(b) => *b = Built { value, cost, op },
                        None => first.push(Built { value, cost, op }),
                    }
                }
            }
        }
        let mut index: HashMap<[Option<u8>; 4], (u32, Source)> = HashMap::new();
        let leaves = LEAVES.iter().map(|&(o, v)| {
            let cost = if o == Operand::Zero { zero_cost } else { 0 };
            (v, cost, Source::Leaf(o))
        });
        let built = first
            .iter()
            .enumerate()
            .map(|(i, b)| (b.value, b.cost, Source::Built(i)));
        for (value, cost, source) in leaves.chain(built) {
            // Each of the 16 ways to leave lanes open.
            for open in 0..16u8 {
                let key: [Option<u8>; 4] =
                    std::array::from_fn(|i| (open >> i & 1 == 0).then_some(value[i]));
                let entry = index.entry(key).or_insert((cost, source));
                if cost < entry.0 {
                    *entry = (cost, source);
                }
            }
        }
        searcher.first = first;
        searcher.index = index;
        searcher
    }

    /// The cheapest sequence computing `demand` (`Sym::Src(0..8)` a lane of `A ++ B`,
    /// `Sym::Zero`, `Sym::Any`), of at least one instruction; `None` if the search finds
    /// none.
    pub fn sequence(&self, demand: &[Sym; 4]) -> Option<Sequence> {
        self.sequences(demand, 1).pop()
    }

    /// Up to `limit` of the cheapest sequences computing `demand`, cheapest first, each
    /// a different shape (instructions and operands; immediates aside): the
    /// descriptions do not count register copies, so sequences of one cost can compile
    /// to different counts, and the caller measures them.
    pub fn sequences(&self, demand: &[Sym; 4], limit: usize) -> Vec<Sequence> {
        let want: [Option<u8>; 4] = demand.map(|s| match s {
            Sym::Any => None,
            Sym::Zero => Some(ZERO),
            Sym::Src(l) => Some(l as u8),
        });
        let mut found: Vec<Sequence> = Vec::new();
        for b in self.first.iter().filter(|b| fits(b.value, want)) {
            found.push(Sequence {
                ops: vec![b.op],
                cost: b.cost,
            });
        }
        for m in &self.moves {
            // What the operands must hold for `m` to give `want`.
            let Some((wx, wy)) = operand_demands(m.map, want) else {
                continue;
            };
            let one = m.insn.operands == 1;
            let x = self.cheapest(wx);
            let y = if one { x } else { self.cheapest(wy) };
            if let (Some(x), Some(y)) = (x, y) {
                found.push(self.assemble(m, x, y));
            }
            if let Some(v) = merge(wx, wy).and_then(|w| self.cheapest(w)) {
                found.push(self.assemble(m, v, v));
            }
        }
        // Stable: among equal costs, the order of the descriptions.
        found.sort_by_key(|s| s.cost);
        let shape = |s: &Sequence| -> Vec<(&str, Operand, Operand)> {
            s.ops.iter().map(|o| (o.insn.name, o.x, o.y)).collect()
        };
        let mut out: Vec<Sequence> = Vec::new();
        for s in found {
            if out.len() == limit {
                break;
            }
            if !out.iter().any(|o| shape(o) == shape(&s)) {
                out.push(s);
            }
        }
        out
    }

    /// The cheapest leaf or first-level value that fits `want`.
    fn cheapest(&self, want: [Option<u8>; 4]) -> Option<Source> {
        self.index.get(&want).map(|&(_, s)| s)
    }

    /// The sequence: the first-level values `x` and `y` (once if the same), then `m`.
    fn assemble(&self, m: &Move, x: Source, y: Source) -> Sequence {
        let mut ops = Vec::new();
        let mut cost = m.insn.cost;
        let mut zero_read = false;
        let mut operand = |s: Source, ops: &mut Vec<Op>, earlier: Option<(Source, Operand)>| match s
        {
            Source::Leaf(o) => {
                zero_read |= o == Operand::Zero;
                o
            }
            _ if earlier.is_some_and(|(e, _)| e == s) => earlier.expect("checked").1,
            Source::Built(i) => {
                let b = &self.first[i];
                ops.push(b.op);
                cost += b.cost;
                Operand::Earlier(ops.len() - 1)
            }
        };
        let xo = operand(x, &mut ops, None);
        let yo = operand(y, &mut ops, Some((x, xo)));
        // A first-level value that reads zero already paid for it.
        let inner_zero = ops
            .iter()
            .any(|op| op.x == Operand::Zero || op.y == Operand::Zero);
        if zero_read && !inner_zero {
            cost += self.zero_cost;
        }
        ops.push(Op {
            insn: m.insn,
            imm: m.imm,
            x: xo,
            y: yo,
        });
        Sequence { ops, cost }
    }
}

/// A searched operand: a leaf, or first-level value `i`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Source {
    Leaf(Operand),
    Built(usize),
}

fn fits(v: Value, want: [Option<u8>; 4]) -> bool {
    v.iter()
        .zip(want)
        .all(|(&got, w)| w.map_or(true, |w| w == got))
}

/// The lanes `map`'s operands must hold so that its output fits `want`; `None` if no
/// operands can (a lane the instruction zeroes that must hold a source, or one operand
/// lane wanted twice with different contents).
fn operand_demands(map: [Src; 4], want: [Option<u8>; 4]) -> Option<(Want, Want)> {
    let mut wanted = [None; 8];
    for (src, w) in map.iter().zip(want) {
        let Some(w) = w else { continue };
        match *src {
            Src::Zero if w == ZERO => {}
            Src::Zero => return None,
            Src::Lane(l) => match wanted[l as usize] {
                Some(prev) if prev != w => return None,
                _ => wanted[l as usize] = Some(w),
            },
        }
    }
    Some((
        [wanted[0], wanted[1], wanted[2], wanted[3]],
        [wanted[4], wanted[5], wanted[6], wanted[7]],
    ))
}

/// One value wanted as both operands: both demands at once.
fn merge(x: [Option<u8>; 4], y: [Option<u8>; 4]) -> Option<[Option<u8>; 4]> {
    let mut out = x;
    for (o, w) in out.iter_mut().zip(y) {
        match (*o, w) {
            (Some(a), Some(b)) if a != b => return None,
            (None, w) => *o = w,
            _ => {}
        }
    }
    Some(out)
}

/// The value a sequence computes from `A = 0..4`, `B = 4..8` (testing and checks).
pub fn evaluate(seq: &Sequence) -> [Src; 4] {
    let mut values: Vec<Value> = Vec::new();
    let value = |o: Operand, values: &[Value]| match o {
        Operand::A => [0, 1, 2, 3],
        Operand::B => [4, 5, 6, 7],
        Operand::Zero => [ZERO; 4],
        Operand::Earlier(i) => values[i],
    };
    for op in &seq.ops {
        let v = apply(op.lanes(), value(op.x, &values), value(op.y, &values));
        values.push(v);
    }
    values
        .last()
        .expect("a sequence has an instruction")
        .map(|l| if l == ZERO { Src::Zero } else { Src::Lane(l) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lower::search::Optimum;
    use crate::target::insn::{available, x86_level};
    use crate::target::Arch;

    fn all_demands() -> impl Iterator<Item = [Sym; 4]> {
        (0..9usize.pow(4)).map(|code| {
            std::array::from_fn(|i| match code / 9usize.pow(3 - i as u32) % 9 {
                0 => Sym::Any,
                l => Sym::Src(l - 1),
            })
        })
    }

    /// Every sequence computes its mask, and costs what the exhaustive search says is
    /// the least (where no table instruction is cheaper), on every target described.
    #[test]
    fn sequences_are_right_and_at_the_optimum() {
        let targets = [
            (Arch::X86_64, x86_level("x86-64")),
            (Arch::X86_64, x86_level("x86-64-v2")),
            (Arch::X86_64, x86_level("x86-64-v3")),
            (Arch::AArch64, ""),
        ];
        for (arch, level) in targets {
            let insns = available(arch, level);
            let searcher = Searcher::new(&insns, 1);
            let no_tables: Vec<&Insn> = insns
                .iter()
                .copied()
                .filter(|i| matches!(i.lanes, Lanes::Imm { .. }))
                .collect();
            let optimum = Optimum::new(&no_tables, 1, 2);
            let mut found = 0;
            for demand in all_demands() {
                let seq = searcher.sequence(&demand);
                if let Some(seq) = &seq {
                    found += 1;
                    let got = evaluate(seq);
                    for (w, g) in demand.iter().zip(got) {
                        match w {
                            Sym::Src(l) => assert_eq!(g, Src::Lane(*l as u8), "{demand:?} {seq:?}"),
                            Sym::Zero => assert_eq!(g, Src::Zero),
                            Sym::Any => {}
                        }
                    }
                    let cost: u32 = seq.ops.iter().map(|o| o.insn.cost).sum();
                    assert!(seq.cost >= cost);
                }
                // At the optimum of sequences of up to two instructions.
                if let Some(best) = optimum.of(&demand).filter(|&c| c > 0) {
                    let seq = seq.unwrap_or_else(|| panic!("{arch:?} {level} {demand:?}"));
                    assert_eq!(seq.cost, best, "{arch:?} {level} {demand:?} {seq:?}");
                }
            }
            assert!(found > 6000, "{arch:?} {level}: {found}");
        }
    }
}
