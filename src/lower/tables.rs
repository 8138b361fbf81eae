//! Shuffles of more registers than one instruction reads, as byte tables (AArch64
//! `tbl`/`tbx` of one to four registers).
//!
//! A shuffle of two 256-bit vectors on NEON is split into 128-bit registers: four
//! sources, two results. Where a result reads three or four of the sources, `llc` builds
//! it from two `tbl2` and a `bsl` with three constants (a random byte mask: 42
//! instructions for 32 bytes on neoverse-n1); one `tbl3` or `tbl4` with one index does
//! it. A result that reads more than four sources (512-bit operands) is a `tbl4` of the
//! first four and a `tbx` of each next group: `tbx` keeps a lane whose index is past its
//! table, where `tbl` writes zero.
//!
//! ```text
//! %s = shufflevector <32 x i8> %a, <32 x i8> %b, <random bytes of all four registers>
//! =>
//! %lo = call <16 x i8> @llvm.aarch64.neon.tbl4(%a0, %a1, %b0, %b1, <index>)   ; one each
//! %hi = call <16 x i8> @llvm.aarch64.neon.tbl4(%a0, %a1, %b0, %b1, <index>)
//! %s = shufflevector %lo, %hi, <0..31>                                        ; free
//! ```
//!
//! A result of one or two sources stays a shuffle of them (`llc`'s own lowering of a
//! register's shuffle); [`plan`] proposes tables only where some result needs three or
//! more, a zero vector counted as one (`llc` blends zeros in with a `bsl` and two
//! constants; a `tbl` zeroes a lane whose index is past its table). The instructions are described as data ([`LOOKUPS`]: the registers each reads
//! and what it does with an index past them); [`run`] is their meaning, which
//! [`computes`] checks for every plan before it is built. Whether the plan pays is
//! measured by the pass (`crate::pass::tables`).

/// Bytes of one NEON register.
pub const REGISTER_BYTES: usize = 16;

/// Registers one `tbl`/`tbx` reads at most.
pub const MOST_REGISTERS: usize = 4;

/// What one output byte must be.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Byte {
    /// Anything (a poison lane).
    Any,
    /// Zero.
    Zero,
    /// Byte `p` of the operands side by side.
    From(usize),
}

/// A table instruction: how many registers it reads, and whether an index past them
/// keeps the lane (`tbx`) or zeroes it (`tbl`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TableInsn {
    pub name: &'static str,
    pub registers: usize,
    pub keeps: bool,
    /// The intrinsic, overloaded on `<16 x i8>`: `tbl`'s arguments are the registers and
    /// the index, `tbx`'s the lanes kept first.
    pub intrinsic: &'static str,
}

/// AArch64's table instructions, `tbl1`..`tbl4` and `tbx1`..`tbx4`.
pub const LOOKUPS: [TableInsn; 8] = [
    insn("tbl1", 1, false, "llvm.aarch64.neon.tbl1"),
    insn("tbl2", 2, false, "llvm.aarch64.neon.tbl2"),
    insn("tbl3", 3, false, "llvm.aarch64.neon.tbl3"),
    insn("tbl4", 4, false, "llvm.aarch64.neon.tbl4"),
    insn("tbx1", 1, true, "llvm.aarch64.neon.tbx1"),
    insn("tbx2", 2, true, "llvm.aarch64.neon.tbx2"),
    insn("tbx3", 3, true, "llvm.aarch64.neon.tbx3"),
    insn("tbx4", 4, true, "llvm.aarch64.neon.tbx4"),
];

const fn insn(
    name: &'static str,
    registers: usize,
    keeps: bool,
    intrinsic: &'static str,
) -> TableInsn {
    TableInsn {
        name,
        registers,
        keeps,
        intrinsic,
    }
}

/// The instruction that reads `registers` registers, keeping or zeroing.
pub fn lookup_insn(registers: usize, keeps: bool) -> Option<&'static TableInsn> {
    LOOKUPS
        .iter()
        .find(|t| t.registers == registers && t.keeps == keeps)
}

/// One table instruction of a result: the source registers it reads (of the operands'
/// registers side by side) and its index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lookup {
    pub insn: &'static TableInsn,
    pub registers: Vec<usize>,
    pub index: [u8; REGISTER_BYTES],
}

/// One result register.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// A shuffle of at most two source registers, left as one (`llc` lowers it).
    Shuffle,
    /// `tbl` of the first registers it reads, then `tbx` of each next group.
    Tables(Vec<Lookup>),
}

/// The source registers a result register reads.
fn sources(out: &[Byte]) -> Vec<usize> {
    let mut regs = Vec::new();
    for b in out {
        if let Byte::From(p) = b {
            let r = p / REGISTER_BYTES;
            if !regs.contains(&r) {
                regs.push(r);
            }
        }
    }
    regs
}

/// The sources a result register reads as the backend splits them: a zero vector is
/// one more (two registers and zeros are two `tbl2` and a `bsl`; one `tbl2` zeroes).
fn sources_with_zero(out: &[Byte]) -> usize {
    sources(out).len() + usize::from(out.contains(&Byte::Zero))
}

/// The table instructions that make `out` (one register's bytes), a `tbl` and then a
/// `tbx` per next group of four. The registers go in their order among the operands:
/// results that read the same ones then read one register tuple (`tbl` reads
/// consecutive registers; another order is a copy each).
fn lookups(out: &[Byte]) -> Vec<Lookup> {
    let mut regs = sources(out);
    regs.sort_unstable();
    regs.chunks(MOST_REGISTERS)
        .enumerate()
        .filter_map(|(k, group)| {
            let insn = lookup_insn(group.len(), k > 0)?;
            let mut index = [0xff; REGISTER_BYTES];
            for (slot, b) in index.iter_mut().zip(out) {
                if let Byte::From(p) = *b {
                    if let Some(at) = group.iter().position(|&r| r == p / REGISTER_BYTES) {
                        *slot = (at * REGISTER_BYTES + p % REGISTER_BYTES) as u8;
                    }
                }
            }
            Some(Lookup {
                insn,
                registers: group.to_vec(),
                index,
            })
        })
        .collect()
}

/// The parts of a shuffle whose result is `demand` (bytes, a whole number of
/// registers) from `source_registers` registers: `None` where no result register reads
/// three sources or more, zeros counted as one (a shuffle of two is the backend's), or
/// where the shapes do not fit registers (results of a power of two of them).
pub fn plan(demand: &[Byte], source_registers: usize) -> Option<Vec<Part>> {
    // Results of a power of two of registers: they are joined in pairs.
    let results = demand.len() / REGISTER_BYTES;
    if demand.len() % REGISTER_BYTES != 0 || !results.is_power_of_two() {
        return None;
    }
    if demand
        .iter()
        .any(|b| matches!(b, Byte::From(p) if *p >= source_registers * REGISTER_BYTES))
    {
        return None;
    }
    let parts: Vec<Part> = demand
        .chunks(REGISTER_BYTES)
        .map(|out| match sources_with_zero(out) {
            0..=2 => Part::Shuffle,
            _ => Part::Tables(lookups(out)),
        })
        .collect();
    parts
        .iter()
        .any(|p| matches!(p, Part::Tables(_)))
        .then_some(parts)
}

/// The meaning of one result's lookups on `sources` (the operands' bytes side by side):
/// `tbl` zeroes a lane whose index is past its registers, `tbx` keeps it.
pub fn run(lookups: &[Lookup], sources: &[u8]) -> [u8; REGISTER_BYTES] {
    let mut out = [0u8; REGISTER_BYTES];
    for l in lookups {
        for (i, slot) in out.iter_mut().enumerate() {
            let at = l.index[i] as usize;
            let (reg, byte) = (at / REGISTER_BYTES, at % REGISTER_BYTES);
            match l.registers.get(reg) {
                Some(&r) => *slot = sources[r * REGISTER_BYTES + byte],
                None if l.insn.keeps => {}
                None => *slot = 0,
            }
        }
    }
    out
}

/// Whether `parts` make `demand` from any sources: each table part is run on sources
/// whose bytes are all different and not zero (the number of the byte, plus one), and
/// must give every byte that is not `Any`; a part that stays a shuffle is the demand's
/// own slice.
pub fn computes(parts: &[Part], demand: &[Byte], source_registers: usize) -> bool {
    let n = source_registers * REGISTER_BYTES;
    if n >= 255 || parts.len() * REGISTER_BYTES != demand.len() {
        return false;
    }
    let bytes: Vec<u8> = (0..n).map(|p| p as u8 + 1).collect();
    parts
        .iter()
        .zip(demand.chunks(REGISTER_BYTES))
        .all(|(part, out)| match part {
            Part::Shuffle => sources_with_zero(out) <= 2,
            Part::Tables(lookups) => {
                let got = run(lookups, &bytes);
                got.iter().zip(out).all(|(&g, &want)| match want {
                    Byte::Any => true,
                    Byte::Zero => g == 0,
                    Byte::From(p) => p < n && g == bytes[p],
                })
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn random_demand(seed: u64, registers: usize, out_registers: usize) -> Vec<Byte> {
        let mut state = seed;
        let mut next = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as usize
        };
        (0..out_registers * REGISTER_BYTES)
            .map(|_| match next() % 16 {
                0 => Byte::Any,
                1 => Byte::Zero,
                _ => Byte::From(next() % (registers * REGISTER_BYTES)),
            })
            .collect()
    }

    #[test]
    fn every_plan_computes_its_shuffle() {
        let mut planned = 0;
        for seed in 0..3000u64 {
            let registers = [2, 3, 4, 6, 8, 12][seed as usize % 6];
            let outs = 1 + seed as usize % 4;
            let demand = random_demand(seed, registers, outs);
            if let Some(parts) = plan(&demand, registers) {
                planned += 1;
                assert!(computes(&parts, &demand, registers), "seed {seed}");
                for part in &parts {
                    if let Part::Tables(l) = part {
                        // One instruction per four registers read, the first a `tbl`.
                        let read: usize = l.iter().map(|l| l.registers.len()).sum();
                        assert_eq!(l.len(), read.div_ceil(MOST_REGISTERS));
                        assert!(!l[0].insn.keeps && l[1..].iter().all(|l| l.insn.keeps));
                    }
                }
            }
        }
        assert!(planned > 2000, "{planned}");
    }

    #[test]
    fn shuffles_of_two_registers_are_left_to_the_backend() {
        // Bytes of registers 1 and 2 only, in every result register.
        let demand: Vec<Byte> = (0..32).map(|i| Byte::From(16 + (i * 7) % 32)).collect();
        assert_eq!(plan(&demand, 4), None);
        // One result reads three: it alone is a table.
        let mut three = demand.clone();
        three[3] = Byte::From(0);
        let parts = plan(&three, 4).unwrap();
        assert_eq!(parts[1], Part::Shuffle);
        let Part::Tables(l) = &parts[0] else {
            panic!("{parts:?}")
        };
        assert_eq!((l.len(), l[0].insn.name), (1, "tbl3"));
    }

    #[test]
    fn a_wrong_index_is_caught() {
        let demand = random_demand(5, 8, 1);
        let parts = plan(&demand, 8).unwrap();
        // The first byte read is of the first group's registers.
        let i = demand
            .iter()
            .position(|b| matches!(b, Byte::From(_)))
            .unwrap();
        let broken = |f: &dyn Fn(&mut Vec<Lookup>)| {
            let mut wrong = parts.clone();
            if let Part::Tables(l) = &mut wrong[0] {
                f(l);
            }
            computes(&wrong, &demand, 8)
        };
        assert!(computes(&parts, &demand, 8));
        // A lane read from the wrong byte.
        assert!(!broken(&|l| l[0].index[i] ^= 1));
        // A `tbl` where a `tbx` should keep the lanes before it.
        assert!(!broken(&|l| {
            let last = l.last_mut().unwrap();
            last.insn = lookup_insn(last.registers.len(), false).unwrap();
        }));
    }

    #[test]
    fn zero_and_any_bytes() {
        let mut demand = vec![Byte::Zero; 16];
        demand[0] = Byte::From(0);
        demand[1] = Byte::From(20);
        demand[2] = Byte::From(40);
        demand[3] = Byte::Any;
        let parts = plan(&demand, 4).unwrap();
        assert!(computes(&parts, &demand, 4));
        let Part::Tables(l) = &parts[0] else { panic!() };
        assert_eq!(&l[0].index[..4], &[0, 20, 40, 0xff]);
    }
}
