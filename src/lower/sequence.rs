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
pub use crate::lower::registers::Operand;
use crate::lower::registers::{copies, Instr};
use crate::lower::search::table_lookup;
use crate::target::insn::{Emit, Insn, Lanes, Src};
use crate::target::Arch;

/// A value of the search: the source of each lane, `0..8` a lane of `A ++ B`, 8 zero.
type Value = [u8; 4];
/// A partial value: the lanes a value must hold (`None`: any).
type Want = [Option<u8>; 4];
/// Partial values, as numbers: four bits a lane.
const WANTS: usize = 1 << 16;

fn code(w: Want) -> usize {
    w.iter()
        .fold(0, |acc, l| acc << 4 | l.map_or(15, |l| l as usize))
}
const ZERO: u8 = 8;

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
    /// The register copies it needs on its own ([`crate::lower::registers`]).
    pub copies: u32,
}

impl Sequence {
    /// What it compiles to alone: instructions and register copies.
    pub fn total(&self) -> u32 {
        self.cost + self.copies
    }

    /// What it should compile to alone: [`Sequence::total`], less the index loads of
    /// table instructions in a loop (hoisted out of it), and on RISC-V V with the
    /// `vsetvli` that sets the shape the sequence works on (the descriptions' costs count
    /// none: shared with the code around; alone, the sequence needs its own).
    pub fn predicted(&self, in_loop: bool) -> u32 {
        let hoisted: u32 = match in_loop {
            true => self.ops.iter().map(|op| op.insn.index_load()).sum(),
            false => 0,
        };
        let setting = self.ops.iter().any(|op| op.insn.arch == Arch::RiscV64) as u32;
        self.total() - hoisted + setting
    }

    /// `punpckldq(b, a), pshufd(#0)`: for remarks and reports.
    pub fn describe(&self) -> String {
        let name = |o: Operand| match o {
            Operand::A => "a".to_string(),
            Operand::B => "b".to_string(),
            Operand::Zero => "zero".to_string(),
            Operand::Earlier(i) => format!("#{i}"),
        };
        let parts: Vec<String> = self
            .ops
            .iter()
            .map(|op| match op.insn.operands {
                1 => format!("{}({})", op.insn.name, name(op.x)),
                _ => format!("{}({}, {})", op.insn.name, name(op.x), name(op.y)),
            })
            .collect();
        parts.join(", ")
    }
}

/// A sequence's instructions and operands, immediates aside: sequences of one shape
/// need the same copies.
type Shape = Vec<(&'static str, Operand, Operand)>;

fn shape(s: &Sequence) -> Shape {
    s.ops.iter().map(|o| (o.insn.name, o.x, o.y)).collect()
}

/// The most sequences [`Searcher::sequences`] prices for one mask.
const VISITS: usize = 20_000;

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
    /// The table instructions (`pshufb`, `tbl`, `vpermt2d`): any lanes, one step.
    tables: Vec<&'static Insn>,
    zero_cost: u32,
    /// The feature level, for which operand an instruction overwrites.
    level: &'static str,
    /// The cheapest first-level way to each value (no duplicates).
    first: Vec<Built>,
    /// For every partial value (some lanes left open), the leaves and first-level
    /// values that fit it, cheapest first: `entries[start[w]..start[w + 1]]`.
    start: Vec<u32>,
    entries: Vec<(u32, Source)>,
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
    /// what a zero register costs (1: an `xor` or `movi`); `level`: the feature level
    /// they were chosen for (`available`), which says what they overwrite.
    pub fn new(insns: &[&'static Insn], zero_cost: u32, level: &'static str) -> Searcher {
        let mut moves = Vec::new();
        // Which lane maps are taken, by number (a lane's source, 0..8 or 8 for zero).
        let mut seen = vec![false; 9usize.pow(4)];
        for &insn in insns {
            if let Lanes::Imm { imms, .. } = insn.lanes {
                for imm in 0..imms {
                    let map = insn.produce(imm).expect("in range");
                    let n = map.iter().fold(0, |acc, s| {
                        acc * 9
                            + match *s {
                                Src::Lane(l) => l as usize,
                                Src::Zero => ZERO as usize,
                            }
                    });
                    if !std::mem::replace(&mut seen[n], true) {
                        moves.push(Move { insn, imm, map });
                    }
                }
            }
        }
        let tables = insns
            .iter()
            .copied()
            .filter(|i| matches!(i.lanes, Lanes::Table { .. }))
            .collect();
        let mut searcher = Searcher {
            moves,
            tables,
            zero_cost,
            level,
            first: Vec::new(),
            start: Vec::new(),
            entries: Vec::new(),
        };
        let mut first: Vec<Built> = Vec::new();
        // Where each value is in `first`, by number.
        let number = |v: Value| v.iter().fold(0, |acc, &l| acc * 9 + l as usize);
        let mut at: Vec<Option<usize>> = vec![None; 9usize.pow(4)];
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
                    match at[number(value)] {
                        Some(i) if first[i].cost <= cost => {}
                        Some(i) => first[i] = Built { value, cost, op },
                        None => {
                            at[number(value)] = Some(first.len());
                            first.push(Built { value, cost, op });
                        }
                    }
                }
            }
        }
        let leaves = LEAVES.iter().map(|&(o, v)| {
            let cost = if o == Operand::Zero { zero_cost } else { 0 };
            (v, cost, Source::Leaf(o))
        });
        let built = first
            .iter()
            .enumerate()
            .map(|(i, b)| (b.value, b.cost, Source::Built(i)));
        let mut sources: Vec<(Value, u32, Source)> = leaves.chain(built).collect();
        sources.sort_by_key(|&(_, cost, _)| cost); // stable: leaves first
                                                   // Each source under each of the 16 ways to leave its lanes open, grouped by
                                                   // partial value (a counting sort: one flat table, cheapest first in each).
        let keys = |value: Value| {
            (0..16u8).map(move |open| {
                code(std::array::from_fn(|i| {
                    (open >> i & 1 == 0).then_some(value[i])
                }))
            })
        };
        let mut start = vec![0u32; WANTS + 1];
        for &(value, _, _) in &sources {
            for k in keys(value) {
                start[k + 1] += 1;
            }
        }
        for k in 0..WANTS {
            start[k + 1] += start[k];
        }
        let mut next = start.clone();
        let mut entries = vec![(0, Source::Leaf(Operand::A)); sources.len() * 16];
        for &(value, cost, source) in &sources {
            for k in keys(value) {
                entries[next[k] as usize] = (cost, source);
                next[k] += 1;
            }
        }
        searcher.start = start;
        searcher.entries = entries;
        searcher.first = first;
        searcher
    }

    /// The cheapest sequence computing `demand` (`Sym::Src(0..8)` a lane of `A ++ B`,
    /// `Sym::Zero`, `Sym::Any`), of at least one instruction, register copies counted;
    /// `None` if the search finds none.
    pub fn sequence(&self, demand: &[Sym; 4]) -> Option<Sequence> {
        self.sequences(demand, 1).pop()
    }

    /// Up to `limit` of the cheapest sequences computing `demand`, each a different
    /// shape (instructions and operands; immediates aside), cheapest first by
    /// instructions plus register copies ([`Sequence::total`]).
    ///
    /// Every sequence of the searched shapes with the fewest instructions is priced, and
    /// those of one more instruction where the fewest need two copies or more (one more
    /// instruction without copies is then cheaper); at most `VISITS` sequences a mask.
    pub fn sequences(&self, demand: &[Sym; 4], limit: usize) -> Vec<Sequence> {
        let want: Want = demand.map(|s| match s {
            Sym::Any => None,
            Sym::Zero => Some(ZERO),
            Sym::Src(l) => Some(l as u8),
        });
        let Some(fewest) = self.fewest(want) else {
            return Vec::new();
        };
        // Each shape found, with the order it was found in.
        let mut shapes: HashMap<Shape, (usize, Sequence)> = HashMap::new();
        let mut visits = 0;
        // Sequences of the fewest instructions without copies: none is cheaper.
        let mut at_fewest = 0;
        let limit = limit.max(1);
        for budget in fewest..=fewest + 1 {
            // A sequence of `budget` instructions costs at least that.
            if shapes.values().any(|(_, s)| s.total() <= budget) {
                break;
            }
            self.each(want, budget, &mut |mut seq| {
                if seq.cost != budget {
                    return true;
                }
                visits += 1;
                let shape = shape(&seq);
                if !shapes.contains_key(&shape) {
                    seq.copies = self.copies(&seq);
                    if seq.total() == fewest {
                        at_fewest += 1;
                    }
                    shapes.insert(shape, (shapes.len(), seq));
                }
                // Enough: one at the floor, and the alternatives asked for.
                visits < VISITS && !(at_fewest > 0 && shapes.len() >= limit)
            });
        }
        let mut out: Vec<(usize, Sequence)> = shapes.into_values().collect();
        // By total, then instructions, then the order found (the descriptions' order).
        out.sort_by_key(|(found, s)| (s.total(), s.cost, *found));
        out.into_iter().take(limit).map(|(_, s)| s).collect()
    }

    /// The table instructions that compute `demand` in one step, each with the lanes
    /// that do (a poison lane reads lane 0 of the first operand). Not ranked with
    /// [`Searcher::sequences`]: their index vector is a constant-pool load that a loop
    /// hoists, so only a measurement can say whether they pay.
    pub fn tables(&self, demand: &[Sym; 4]) -> Vec<Sequence> {
        let mut out = Vec::new();
        for &insn in &self.tables {
            let Some((imm, reads_b)) = table_lookup(insn, demand) else {
                continue;
            };
            let (x, y) = match (insn.operands, reads_b) {
                (1, true) => (Operand::B, Operand::B),
                (1, false) => (Operand::A, Operand::A),
                _ => (Operand::A, Operand::B),
            };
            let mut seq = Sequence {
                ops: vec![Op { insn, imm, x, y }],
                cost: insn.cost,
                copies: 0,
            };
            seq.copies = self.copies(&seq);
            out.push(seq);
        }
        out
    }

    /// The fewest instructions of the searched shapes that compute `want`.
    fn fewest(&self, want: Want) -> Option<u32> {
        let one = self
            .first
            .iter()
            .filter(|b| fits(b.value, want))
            .map(|b| b.cost);
        let two = self.moves.iter().filter_map(|m| {
            let (wx, wy) = operand_demands(m.map, want)?;
            let apart = match (
                self.cheapest(wx),
                self.cheapest(if m.insn.operands == 1 { wx } else { wy }),
            ) {
                (Some(x), Some(y)) => Some(self.assemble(m, x, y).cost),
                _ => None,
            };
            let once = merge(wx, wy)
                .and_then(|w| self.cheapest(w))
                .map(|v| self.assemble(m, v, v).cost);
            apart.into_iter().chain(once).min()
        });
        one.chain(two).min()
    }

    /// Calls `visit` with every sequence of the searched shapes that computes `want` in
    /// at most `budget` instructions (a sequence may come more than once), until it
    /// returns `false`.
    fn each(&self, want: Want, budget: u32, visit: &mut dyn FnMut(Sequence) -> bool) {
        for b in self
            .first
            .iter()
            .filter(|b| fits(b.value, want) && b.cost <= budget)
        {
            let seq = Sequence {
                ops: vec![b.op],
                cost: b.cost,
                copies: 0,
            };
            if !visit(seq) {
                return;
            }
        }
        for m in self.moves.iter().filter(|m| m.insn.cost <= budget) {
            let Some((wx, wy)) = operand_demands(m.map, want) else {
                continue;
            };
            let rest = budget - m.insn.cost;
            let one = m.insn.operands == 1;
            // An operand none of whose lanes is read may as well be a leaf.
            let sources = |w: Want| -> Vec<Source> {
                let all = self.fitting(w);
                all.iter()
                    .take_while(|&&(c, _)| c <= rest)
                    .filter(|(_, s)| w != [None; 4] || matches!(s, Source::Leaf(_)))
                    .map(|&(_, s)| s)
                    .collect()
            };
            let xs = sources(wx);
            let ys = if one { Vec::new() } else { sources(wy) };
            let mut pairs: Vec<(Source, Source)> = Vec::new();
            for &x in &xs {
                if one {
                    pairs.push((x, x));
                }
                for &y in &ys {
                    pairs.push((x, y));
                }
            }
            if !one {
                if let Some(w) = merge(wx, wy) {
                    pairs.extend(sources(w).into_iter().map(|v| (v, v)));
                }
            }
            for (x, y) in pairs {
                let seq = self.assemble(m, x, y);
                if seq.cost <= budget && !visit(seq) {
                    return;
                }
            }
        }
    }

    /// The cheapest leaf or first-level value that fits `want`.
    fn cheapest(&self, want: Want) -> Option<Source> {
        self.fitting(want).first().map(|&(_, s)| s)
    }

    /// The leaves and first-level values that fit `want`, cheapest first.
    fn fitting(&self, want: Want) -> &[(u32, Source)] {
        let k = code(want);
        &self.entries[self.start[k] as usize..self.start[k + 1] as usize]
    }

    /// The register copies `seq` needs on this target ([`crate::lower::registers`]).
    fn copies(&self, seq: &Sequence) -> u32 {
        let instrs: Vec<Instr> = seq
            .ops
            .iter()
            .map(|op| Instr {
                x: op.x,
                y: op.y,
                operands: op.insn.operands,
                tied: op.insn.tied_operand(self.level),
            })
            .collect();
        copies(&instrs)
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
        Sequence {
            ops,
            cost,
            copies: 0,
        }
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

/// Whether one instruction of `insns` emitted as a `shufflevector` computes `demand`
/// (as [`Searcher::sequences`] takes it) from `A`, `B` and a zero register: the
/// shuffle is then one instruction as it is, which the backend finds, and there is
/// nothing to search for (building a [`Searcher`] takes about a millisecond).
pub fn one_shuffle_instruction(insns: &[&Insn], demand: &[Sym; 4]) -> bool {
    const OPERANDS: [Operand; 3] = [Operand::A, Operand::B, Operand::Zero];
    // What lane `l` of the instruction's operands `x ++ y` holds.
    let holds = |l: u8, x: Operand, y: Operand| -> Sym {
        let (op, lane) = if l < 4 { (x, l) } else { (y, l - 4) };
        match op {
            Operand::A => Sym::Src(lane as usize),
            Operand::B => Sym::Src(lane as usize + 4),
            _ => Sym::Zero,
        }
    };
    insns
        .iter()
        .filter(|insn| insn.emit == Emit::Shuffle)
        .any(|insn| {
            let Lanes::Imm { imms, .. } = insn.lanes else {
                return false;
            };
            (0..imms).filter_map(|imm| insn.produce(imm)).any(|lanes| {
                OPERANDS.iter().any(|&x| {
                    OPERANDS.iter().any(|&y| {
                        lanes
                            .iter()
                            .zip(demand)
                            .all(|(&src, &want)| match (want, src) {
                                (Sym::Any, _) => true,
                                (Sym::Zero, Src::Zero) => true,
                                (_, Src::Zero) => false,
                                (want, Src::Lane(l)) => holds(l, x, y) == want,
                            })
                    })
                })
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lower::search::Optimum;
    use crate::target::insn::{available, x86_level};
    use crate::target::Arch;

    #[test]
    fn one_shuffle_instruction_is_what_the_search_finds_in_one() {
        let levels = [
            (Arch::X86_64, "sse2"),
            (Arch::X86_64, "avx2"),
            (Arch::X86_64, "avx512f"),
            (Arch::AArch64, ""),
        ];
        for (arch, level) in levels {
            let insns = available(arch, level);
            let searcher = Searcher::new(&insns, 1, level);
            let mut ones = 0;
            for demand in all_demands() {
                let one = one_shuffle_instruction(&insns, &demand);
                let best = searcher.sequence(&demand);
                let best_is_one_shuffle = best
                    .as_ref()
                    .is_some_and(|s| s.ops.len() == 1 && s.ops[0].insn.emit == Emit::Shuffle);
                // Where the search's best is one shufflevector, it is found; where it is
                // found, the search needs one instruction too.
                assert!(!best_is_one_shuffle || one, "{demand:?} on {level}");
                if one {
                    ones += 1;
                    assert_eq!(best.map(|s| s.cost), Some(1), "{demand:?} on {level}");
                }
            }
            assert!(ones > 500, "{ones} on {level}");
        }
    }

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
            let searcher = Searcher::new(&insns, 1, level);
            let no_tables: Vec<&Insn> = insns
                .iter()
                .copied()
                .filter(|i| matches!(i.lanes, Lanes::Imm { .. }))
                .collect();
            let optimum = Optimum::new(&no_tables, 1, 2);
            let mut found = 0;
            let mut extra = 0;
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
                // At the optimum of sequences of up to two instructions, or one more
                // instruction where that saves copies.
                if let Some(best) = optimum.of(&demand).filter(|&c| c > 0) {
                    let seq = seq.unwrap_or_else(|| panic!("{arch:?} {level} {demand:?}"));
                    assert!(
                        seq.cost == best || seq.cost == best + 1 && seq.copies == 0,
                        "{arch:?} {level} {demand:?} {seq:?}"
                    );
                    assert!(
                        seq.total() <= best + 2,
                        "{arch:?} {level} {demand:?} {seq:?}"
                    );
                    if seq.cost == best + 1 {
                        extra += 1;
                    }
                }
            }
            assert!(found > 6000, "{arch:?} {level}: {found}");
            eprintln!("{arch:?} {level}: {extra} masks take one more instruction to save copies");
        }
    }

    /// Every table lookup computes its mask, on every target with table instructions.
    #[test]
    fn table_lookups_are_right() {
        let targets = [
            (Arch::X86_64, x86_level("x86-64-v2")),
            (Arch::X86_64, x86_level("x86-64-v4")),
            (Arch::AArch64, ""),
        ];
        for (arch, level) in targets {
            let searcher = Searcher::new(&available(arch, level), 1, level);
            let mut found = 0;
            for demand in all_demands() {
                for seq in searcher.tables(&demand) {
                    found += 1;
                    let got = evaluate(&seq);
                    for (w, g) in demand.iter().zip(got) {
                        if let Sym::Src(l) = w {
                            assert_eq!(g, Src::Lane(*l as u8), "{demand:?} {seq:?}");
                        }
                    }
                }
            }
            // pshufb (x86-64-v2) does the one-source masks, 1249 of them.
            assert!(found > 1200, "{arch:?} {level}: {found}");
        }
    }
}
