//! Register copies: what a sequence costs beyond its instructions.
//!
//! Two-address instructions (SSE's, NEON's `ins`) write their result over one operand
//! (`Insn::tied_operand`). Where that operand is still needed afterwards, or the result
//! must end in another register, the register allocator adds a copy (`movaps`,
//! `mov v.16b`), and `llc` prints it as an instruction like any other. So the fewest
//! instructions a shuffle compiles to depend on which values live where.
//!
//! The convention is that of a function computing the shuffle alone, as the optimum
//! sweep and the selection's measurements compile it: `A` arrives in register 0, `B` in
//! register 1, neither is needed afterwards, and the result is stored from whichever
//! register it ends in (as in a function that goes on using it; a returned result would
//! have to reach the return register, a copy real code rarely pays). [`copies`] finds
//! the fewest copies over every order of the instructions (any topological order of the
//! sequence) and every choice of registers; sequences are at most a few instructions, so
//! a depth-first search is exact and fast.

/// What an instruction reads.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
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

/// An instruction as register allocation sees it: what it reads (`y` only with two
/// operands) and which operand its result overwrites (0 or 1), if any.
#[derive(Copy, Clone, Debug)]
pub struct Instr {
    pub x: Operand,
    pub y: Operand,
    pub operands: u8,
    pub tied: Option<u8>,
}

/// Enough registers: two operands, a zero register, three results and copies of them.
const REGISTERS: usize = 7;

/// A value the search tracks: `A`, `B`, zero, or the result of instruction `i`
/// (`3 + i`).
type ValueId = usize;
const A: ValueId = 0;
const B: ValueId = 1;
const ZERO: ValueId = 2;

fn id(o: Operand) -> ValueId {
    match o {
        Operand::A => A,
        Operand::B => B,
        Operand::Zero => ZERO,
        Operand::Earlier(i) => 3 + i,
    }
}

/// One step: the value it writes, what it reads, and the operand it overwrites.
#[derive(Clone)]
struct Step {
    writes: ValueId,
    reads: Vec<ValueId>,
    tied: Option<ValueId>,
}

/// The fewest register copies `instrs` (a sequence, the last one's result the
/// sequence's) need when `A` is in register 0 and `B` in register 1 and the result may
/// end anywhere.
pub fn copies(instrs: &[Instr]) -> u32 {
    let mut steps: Vec<Step> = Vec::new();
    let reads_zero = instrs
        .iter()
        .any(|op| op.x == Operand::Zero || op.y == Operand::Zero);
    if reads_zero {
        // The zero register is made (`xorps`, `movi`) where the allocator likes.
        steps.push(Step {
            writes: ZERO,
            reads: Vec::new(),
            tied: None,
        });
    }
    for (i, op) in instrs.iter().enumerate() {
        let (x, y) = (id(op.x), id(op.y));
        let reads = if op.operands == 1 {
            vec![x]
        } else {
            vec![x, y]
        };
        let tied = op
            .tied
            .map(|t| if t == 0 || op.operands == 1 { x } else { y });
        steps.push(Step {
            writes: 3 + i,
            reads,
            tied,
        });
    }
    let result = match instrs.len() {
        0 => return 0,
        n => 3 + n - 1,
    };
    let mut registers = [None; REGISTERS];
    registers[0] = Some(A);
    registers[1] = Some(B);
    let mut search = Search {
        steps: &steps,
        result,
        best: u32::MAX,
    };
    search.run(&mut vec![false; steps.len()], &mut registers, 0);
    search.best
}

struct Search<'a> {
    steps: &'a [Step],
    result: ValueId,
    best: u32,
}

impl Search<'_> {
    /// Tries every next step (operands ready) in every register it may write.
    fn run(
        &mut self,
        done: &mut Vec<bool>,
        registers: &mut [Option<ValueId>; REGISTERS],
        cost: u32,
    ) {
        if cost >= self.best {
            return;
        }
        if done.iter().all(|&d| d) {
            self.best = self.best.min(cost);
            return;
        }
        for s in 0..self.steps.len() {
            if done[s] || !self.ready(s, done) {
                continue;
            }
            done[s] = true;
            let step = &self.steps[s];
            // Registers whose value nothing needs after this step (a fresh one once: they
            // are all alike).
            let free: Vec<usize> = {
                let mut seen_empty = false;
                (0..REGISTERS)
                    .filter(|&r| match registers[r] {
                        None => !std::mem::replace(&mut seen_empty, true),
                        Some(v) => !self.needed(v, done) || holders(registers, v) > 1,
                    })
                    .collect()
            };
            match step.tied {
                None => {
                    for &r in &free {
                        self.write(r, step.writes, done, registers, cost);
                    }
                }
                Some(x) => {
                    // In place, where the operand may be lost.
                    for r in 0..REGISTERS {
                        if registers[r] == Some(x) && free.contains(&r) {
                            self.write(r, step.writes, done, registers, cost);
                        }
                    }
                    // Or on a copy of it, in a register the other operand is not in.
                    for &r in &free {
                        let clobbers_operand = registers[r]
                            .is_some_and(|v| v != x && step.reads.contains(&v))
                            && registers[r].is_some_and(|v| holders(registers, v) == 1);
                        if registers[r] != Some(x) && !clobbers_operand {
                            self.write(r, step.writes, done, registers, cost + 1);
                        }
                    }
                }
            }
            done[s] = false;
        }
    }

    fn write(
        &mut self,
        r: usize,
        value: ValueId,
        done: &mut Vec<bool>,
        registers: &mut [Option<ValueId>; REGISTERS],
        cost: u32,
    ) {
        let before = registers[r].replace(value);
        self.run(done, registers, cost);
        registers[r] = before;
    }

    fn ready(&self, s: usize, done: &[bool]) -> bool {
        self.steps[s].reads.iter().all(|&v| {
            v == A
                || v == B
                || self
                    .steps
                    .iter()
                    .zip(done)
                    .any(|(step, &d)| d && step.writes == v)
        })
    }

    /// Whether a step not yet done reads `v`, or `v` is the result.
    fn needed(&self, v: ValueId, done: &[bool]) -> bool {
        v == self.result
            || self
                .steps
                .iter()
                .zip(done)
                .any(|(step, &d)| !d && step.reads.contains(&v))
    }
}

fn holders(registers: &[Option<ValueId>], v: ValueId) -> usize {
    registers.iter().filter(|&&r| r == Some(v)).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::target::insn::{Insn, INSNS};

    fn insn(name: &str) -> &'static Insn {
        INSNS.iter().find(|i| i.name == name).unwrap()
    }

    /// The copies of instructions named by description, overwriting what they do at
    /// feature `level`.
    fn copies_at(level: &str, ops: &[(&str, Operand, Operand)]) -> u32 {
        let instrs: Vec<Instr> = ops
            .iter()
            .map(|&(name, x, y)| Instr {
                x,
                y,
                operands: insn(name).operands,
                tied: insn(name).tied_operand(level),
            })
            .collect();
        copies(&instrs)
    }
    use Operand::{Earlier, Zero, A, B};

    #[test]
    fn two_address_copies() {
        // shufps a, b: in place in register 0.
        assert_eq!(copies_at("sse4.1", &[("shufps", A, B)]), 0);
        // insertps b, a: in place in register 1, where the result may stay.
        assert_eq!(copies_at("sse4.1", &[("insertps", B, A)]), 0);
        // insertps b, a, then an instruction on b: b must be kept.
        assert_eq!(
            copies_at("sse4.1", &[("insertps", B, A), ("shufps", Earlier(0), B)]),
            1
        );
        assert_eq!(
            copies_at("avx2", &[("insertps", B, A), ("shufps", Earlier(0), B)]),
            0
        );
        // palignr overwrites its second (high) operand, b, needed again after.
        assert_eq!(
            copies_at("sse4.1", &[("palignr", A, B), ("shufps", Earlier(0), B)]),
            1
        );
        // shufps(b, #0) overwrites b as well, which palignr still needs: one copy.
        assert_eq!(
            copies_at("sse4.1", &[("palignr", A, B), ("shufps", B, Earlier(0))]),
            1
        );
        // pshufd writes any register: into 0 after a is read.
        assert_eq!(copies_at("sse4.1", &[("pshufd", B, B)]), 0);
        // shufps a, b then shufps a, #0: a is needed twice, one copy.
        assert_eq!(
            copies_at("sse4.1", &[("shufps", A, B), ("shufps", A, Earlier(0))]),
            1
        );
        // pshufd of a into 0 is free once a is dead; then blend in place.
        assert_eq!(
            copies_at("sse4.1", &[("pshufd", A, A), ("blendps", Earlier(0), B)]),
            0
        );
        // A zero register made in register 0 (a unused), blended into in place.
        assert_eq!(copies_at("sse4.1", &[("blendps", Zero, B)]), 0);
        // NEON: two lane insertions into b, each from a: in place; a second use of b
        // after the first insertion needs a copy.
        assert_eq!(copies_at("", &[("ins", B, A), ("ins", Earlier(0), A)]), 0);
        assert_eq!(copies_at("", &[("ins", B, A), ("zip1", Earlier(0), B)]), 1);
        assert_eq!(copies_at("", &[("zip1", B, A)]), 0);
    }
}
