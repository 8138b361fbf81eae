//! The optimum: the fewest instructions, by the target's descriptions
//! (`crate::target::insn`), that compute a four-lane shuffle of two operands.
//!
//! An exhaustive search over compositions: every value a sequence of instructions can
//! build from the operands `A`, `B` (and a zero register) is a vector of four lane
//! sources, one of 9^4 = 6561; the search gives each the fewest instructions that build
//! it, as a tree (two operands computed apart cost the sum, one value used as both
//! operands once), up to a depth (the sweep
//! uses `MAX_DEPTH`: seconds a target; depth 2 takes a fraction of a second). A shuffle costs the cheapest value that gives every lane it defines,
//! or a table instruction (`pshufb`, `tbl`, `vpermt2d`) if that is cheaper.

use crate::algebra::pattern::Sym;
use crate::target::insn::{table_imm, Insn, Lanes, Src};

/// Longest sequence the sweep searches (every four-lane mask on SSE2 takes at most 3).
pub const MAX_DEPTH: u32 = 3;
const ZERO: u8 = 8;
const VALUES: usize = 6561;

/// A value: the source of each of four lanes, `0..8` a lane of `A ++ B`, 8 zero.
type Value = [u8; 4];

fn encode(v: Value) -> usize {
    v.iter().fold(0, |acc, &l| acc * 9 + l as usize)
}

fn decode(mut code: usize) -> Value {
    let mut v = [0; 4];
    for lane in v.iter_mut().rev() {
        *lane = (code % 9) as u8;
        code /= 9;
    }
    v
}

/// One way an instruction moves lanes: output lane `i` takes lane `map[i]` of its
/// operands' concatenation (`0..4` the first, `4..8` the second) or zero.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Move {
    map: [Src; 4],
    operands: u8,
    cost: u32,
}

fn apply(m: &Move, x: Value, y: Value) -> Value {
    let mut out = [ZERO; 4];
    for (o, src) in out.iter_mut().zip(m.map) {
        *o = match src {
            Src::Zero => ZERO,
            Src::Lane(l) if l < 4 => x[l as usize],
            Src::Lane(l) => y[l as usize - 4],
        };
    }
    out
}

/// The cost of every value the instructions build within `MAX_DEPTH`.
pub struct Optimum {
    cost: Vec<u32>,
    /// The table instructions: any lanes in one step, at their cost.
    tables: Vec<Insn>,
}

impl Optimum {
    /// Searches sequences of up to `depth` of `insns`; `zero_cost` is what a zero
    /// register costs (1: an `xor` or `movi`).
    pub fn new(insns: &[&Insn], zero_cost: u32, depth: u32) -> Optimum {
        let mut moves: Vec<Move> = Vec::new();
        let mut tables = Vec::new();
        for insn in insns {
            match insn.lanes {
                Lanes::Imm { imms, .. } => {
                    for imm in 0..imms {
                        let m = Move {
                            map: insn.produce(imm).expect("in range"),
                            operands: insn.operands,
                            cost: insn.cost,
                        };
                        if !moves.contains(&m) {
                            moves.push(m);
                        }
                    }
                }
                Lanes::Table { .. } => tables.push(**insn),
            }
        }
        let mut cost = vec![u32::MAX; VALUES];
        let (a, b, z) = ([0, 1, 2, 3], [4, 5, 6, 7], [ZERO; 4]);
        cost[encode(a)] = 0;
        cost[encode(b)] = 0;
        cost[encode(z)] = cost[encode(z)].min(zero_cost);
        // Each round builds the values of cost `d` from cheaper ones, the operands of a
        // two-operand move taken from the cost classes that add up.
        for d in 1..=depth {
            let mut by_cost: Vec<Vec<Value>> = vec![Vec::new(); d as usize];
            for c in 0..VALUES {
                if cost[c] < d {
                    by_cost[cost[c] as usize].push(decode(c));
                }
            }
            // The classes are a snapshot: values reaching cost `d` now are not read again.
            let mut reach = |v: Value| {
                let c = &mut cost[encode(v)];
                *c = (*c).min(d);
            };
            for m in moves.iter().filter(|m| m.cost <= d) {
                let rest = (d - m.cost) as usize;
                // One value as every operand (`trn1 v, v`): computed once.
                for &x in by_cost.get(rest).into_iter().flatten() {
                    reach(apply(m, x, x));
                }
                if m.operands == 1 {
                    continue;
                }
                for cx in 0..=rest {
                    for &x in &by_cost[cx] {
                        for &y in &by_cost[rest - cx] {
                            reach(apply(m, x, y));
                        }
                    }
                }
            }
        }
        Optimum { cost, tables }
    }

    /// The fewest instructions for a shuffle of `A` and `B` whose output lane `i` is
    /// `demand[i]` (`Sym::Src(0..8)`, `Sym::Zero` or `Sym::Any`); `None` past
    /// `MAX_DEPTH` with no table instruction.
    pub fn of(&self, demand: &[Sym; 4]) -> Option<u32> {
        let fits = |v: Value| {
            demand.iter().zip(v).all(|(&want, got)| match want {
                Sym::Any => true,
                Sym::Zero => got == ZERO,
                Sym::Src(s) => got as usize == s,
            })
        };
        let searched = (0..VALUES)
            .filter(|&c| self.cost[c] != u32::MAX && fits(decode(c)))
            .map(|c| self.cost[c])
            .min();
        match (searched, self.table(demand)) {
            (Some(s), Some(t)) => Some(s.min(t)),
            (s, t) => s.or(t),
        }
    }

    /// The cheapest table instruction (`pshufb`, `tbl`, `vpermt2d`) that does `demand`.
    /// They need no register copies: `tbl` writes any register, and the others
    /// overwrite a register the shuffle's operand is in only when that is the result's
    /// (`pshufb` of `B` alone is never cheapest: `pshufd` does any one-source mask).
    pub fn table(&self, demand: &[Sym; 4]) -> Option<u32> {
        self.tables
            .iter()
            .filter(|insn| table_lookup(insn, demand).is_some())
            .map(|insn| insn.cost)
            .min()
    }
}

/// How the table instruction `insn` does `demand` in one lookup: its immediate (its
/// lanes, `table_imm`), and whether its operand is `B` (an instruction of one operand
/// reads the side the demand reads, `A` if neither); `None` if it cannot (both sides for
/// one operand, a zero lane it cannot make). A poison lane reads lane 0.
pub fn table_lookup(insn: &Insn, demand: &[Sym; 4]) -> Option<(u16, bool)> {
    let reads = |second: bool| {
        demand
            .iter()
            .any(|s| matches!(s, Sym::Src(l) if (*l >= 4) == second))
    };
    let reads_b = match insn.operands {
        1 if reads(true) && reads(false) => return None,
        1 => reads(true),
        _ => false,
    };
    let base = if reads_b { 4 } else { 0 };
    let lanes = demand.map(|s| match s {
        Sym::Src(l) => Src::Lane((l - base) as u8),
        Sym::Zero => Src::Zero,
        Sym::Any => Src::Lane(0),
    });
    let imm = table_imm(lanes);
    insn.produce(imm).map(|_| (imm, reads_b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::target::insn::{available, INSNS};
    use crate::target::Arch;

    fn demand(mask: [i32; 4]) -> [Sym; 4] {
        mask.map(|m| {
            if m < 0 {
                Sym::Any
            } else {
                Sym::Src(m as usize)
            }
        })
    }

    #[test]
    fn known_optima() {
        let sse2 = Optimum::new(&available(Arch::X86_64, "sse2"), 1, 2);
        assert_eq!(sse2.of(&demand([0, 1, 2, 3])), Some(0));
        assert_eq!(sse2.of(&demand([3, 2, 1, 0])), Some(1)); // pshufd
        assert_eq!(sse2.of(&demand([0, 4, 1, 5])), Some(1)); // punpckldq
        assert_eq!(sse2.of(&demand([0, 5, 2, 7])), Some(2)); // no one-instruction blend
        let sse41 = Optimum::new(&available(Arch::X86_64, "sse4.1"), 1, 2);
        assert_eq!(sse41.of(&demand([0, 5, 2, 7])), Some(1)); // blendps
        let neon = Optimum::new(&available(Arch::AArch64, ""), 1, 2);
        assert_eq!(neon.of(&demand([1, 2, 3, 4])), Some(1)); // ext
        assert_eq!(neon.of(&demand([0, 2, 4, 6])), Some(1)); // uzp1
        assert_eq!(neon.of(&demand([-1, 3, -1, 7])), Some(1)); // zip2 or trn2
                                                               // uzp1 then trn1 of that value with itself: two, not three.
        assert_eq!(neon.of(&demand([0, 0, 4, 4])), Some(2));
    }

    /// Every two-source four-lane mask is reachable within two instructions or a table.
    #[test]
    fn every_mask_has_an_optimum() {
        for (arch, level) in [(Arch::X86_64, "avx512f"), (Arch::AArch64, "")] {
            let o = Optimum::new(&available(arch, level), 1, 2);
            for code in 0..VALUES {
                let v = decode(code);
                let d = v.map(|l| {
                    if l == ZERO {
                        Sym::Any
                    } else {
                        Sym::Src(l as usize)
                    }
                });
                assert!(o.of(&d).is_some(), "{arch:?} {level}: {v:?}");
            }
        }
        assert!(!INSNS.is_empty());
    }
}
