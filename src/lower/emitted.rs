//! What the backend emits for a lowering recipe, counted in instructions: the
//! prediction the lowering's remarks give next to TTI's price and `llc`'s count.
//!
//! TTI prices a recipe's casts by throughput, which is no instruction count (x86-64-v4's
//! `trunc <32 x i16> to <32 x i8>`: TTI 6, two `vpmovwb` and an insert; RISC-V V's
//! `vzext` of an upper half: TTI 3, four instructions with its `vsetvli`s). This model describes how each
//! target's backend selects the recipes the rules propose, per register:
//!
//! * **x86** (AVX2 and up, registers as wide as TTI says): a shift is one instruction
//!   per register; a truncation is one `vpmov*` per register with AVX-512 (two joined
//!   by one more), else a mask or a shift per input and pairwise packs, each followed
//!   by a `vpermq` (LLVM's own lowering, not the single permute of [`super::narrow`]);
//!   the mask counts only outside loops, where the backend cannot hoist it; a load
//!   folds into the mask, not into `vpmov` nor into a shift without AVX-512.
//! * **AArch64**: a shift is one instruction per 128-bit register, a zero extension by
//!   two one `ushll`/`ushll2` per output register, a truncation by two one `xtn`/`uzp1`
//!   (`shrn`/`uzp2` with the shift) per output register.
//! * **RISC-V V**: one instruction per operation (`vzext.vf*`, `vnsrl.wi` per halving,
//!   which also takes a preceding shift, `vslidedown` for a subvector not at lane 0,
//!   `vsrl`/`vsll`), one `vsetvli` wherever the element width or length changes, and one
//!   `li` for each distinct length, slide or shift amount too large for an immediate
//!   (> 31).
//!
//! Shapes outside these (other casts, more registers than the calling convention
//! passes in registers, odd shifts before a truncation) have no prediction (`None`): the
//! remark then gives TTI's price. `tests/insn_llc.rs` compiles every recipe shape the
//! rules propose, of a register and of a load, on x86-64-v3, x86-64-v4 (256- and
//! 512-bit registers), neoverse-n1 and sifive-x280, and checks each prediction against
//! `llc`, in and outside loops.

use super::{IntVec, Step};
use crate::target::insn::level;
use crate::target::{Arch, TargetDesc};

/// The vector unit whose backend the model describes.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Unit {
    /// x86 at a feature level of `crate::target::insn::level`, whether it has AVX-512BW
    /// (byte and word `vpmov`), and the width of the registers the backend uses (TTI's:
    /// 256 on AVX-512 CPUs that prefer it, as clang's functions do).
    X86 {
        level: &'static str,
        bw: bool,
        register_bits: u32,
    },
    Neon,
    RiscVV,
}

impl Unit {
    /// The unit of a function's target, given TTI's vector register width (which also
    /// tells RISC-V with V from without where the features are not spelled out, as
    /// under `opt -mcpu`); `None` for targets the model does not describe.
    pub fn of(desc: &TargetDesc, register_bits: u32) -> Option<Unit> {
        match desc.arch() {
            Arch::X86_64 => Some(Unit::X86 {
                level: level(desc)?,
                bw: desc.has_feature("avx512bw")
                    || (desc.features.is_empty() && desc.cpu == "x86-64-v4"),
                register_bits,
            }),
            Arch::AArch64 => level(desc).map(|_| Unit::Neon),
            Arch::RiscV64 if register_bits > 0 => Some(Unit::RiscVV),
            _ => None,
        }
    }
}

/// Where the recipe runs: in a loop (constants are hoisted out of it and not counted),
/// and whether its source is a load measured with it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Place {
    pub in_loop: bool,
    pub loaded: bool,
    /// The load's alignment in bytes (0: its type's own). RISC-V V loads elements no
    /// wider than that (a `<32 x i8>` load aligned to 1 stays `vle8` under a bitcast).
    pub align: u32,
    /// The result is measured with the store that is its only user, of that alignment
    /// in bytes (0: its type's own); RISC-V V only (the lowering measures stores there).
    pub stored: Option<u32>,
}

/// The operation a recipe comes to once `freeze` and `bitcast`s (no instructions) are
/// set aside.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Core {
    /// Lanes `start..start + len` (`None`: all), each zero-extended to `to` bits.
    ZeroExtend {
        extract: Option<(usize, usize)>,
        to: u32,
    },
    /// A shift of each lane right by `shift` bits (if any), then a truncation to `to`.
    Truncate { shift: Option<u32>, to: u32 },
    /// A shift of each lane by `by` bits.
    Shift { by: u32 },
    /// Rotations of each lane right, one after the other: `(element bits, by)` for the
    /// first `count` (a byte reversal without a byte swap: halves, then quarters).
    Rotations {
        rotations: [(u32, u32); 3],
        count: usize,
    },
}

/// The core of `steps` and the type it applies to; `None` if the recipe is not one of
/// the shapes the model knows.
fn core(steps: &[Step], input: IntVec) -> Option<(Core, IntVec)> {
    let mut ty = input;
    let mut ops = Vec::new();
    for &step in steps {
        match step {
            Step::Freeze | Step::Bitcast { .. } => {}
            _ => ops.push((step, ty)),
        }
        ty = step.output(ty)?;
    }
    let (first, at) = *ops.first()?;
    if ops.len() <= 3
        && ops
            .iter()
            .all(|(s, _)| matches!(s, Step::RotateRight { .. }))
    {
        let mut rotations = [(0, 0); 3];
        for (slot, &(step, ty)) in rotations.iter_mut().zip(&ops) {
            let Step::RotateRight { by } = step else {
                unreachable!("rotations only")
            };
            *slot = (ty.bits, by);
        }
        let count = ops.len();
        return Some((Core::Rotations { rotations, count }, at));
    }
    let core = match (first, ops.get(1).map(|o| o.0), ops.len()) {
        (Step::Extract { start, len }, Some(Step::ZeroExtend { bits }), 2) => Core::ZeroExtend {
            extract: Some((start, len)),
            to: bits,
        },
        (Step::ZeroExtend { bits }, None, 1) => Core::ZeroExtend {
            extract: None,
            to: bits,
        },
        (Step::ShiftRight { by }, Some(Step::Truncate { bits }), 2) => Core::Truncate {
            shift: Some(by),
            to: bits,
        },
        (Step::Truncate { bits }, None, 1) => Core::Truncate {
            shift: None,
            to: bits,
        },
        (Step::ShiftRight { by } | Step::ShiftLeft { by }, None, 1) => Core::Shift { by },
        _ => return None,
    };
    Some((core, at))
}

/// The instructions `unit`'s backend emits for `steps` applied to `input` at `place`;
/// `None` where the model does not know.
pub fn instructions(steps: &[Step], input: IntVec, unit: Unit, place: Place) -> Option<u32> {
    let (core, ty) = core(steps, input)?;
    if place.stored.is_some() && unit != Unit::RiscVV {
        return None;
    }
    match unit {
        Unit::X86 {
            level,
            bw,
            register_bits,
        } => x86(core, ty, level, bw, register_bits, place),
        Unit::Neon if !place.loaded => neon(core, ty),
        Unit::Neon => None,
        Unit::RiscVV => {
            let output = steps.iter().try_fold(input, |t, s| s.output(t))?;
            let stored = place.stored.map(|align| (output, align));
            riscv_v(core, ty, input, place.loaded.then_some(place.align), stored)
        }
    }
}

/// Registers of `bits` bits that `ty` takes.
fn registers(ty: IntVec, bits: usize) -> usize {
    ty.total_bits().div_ceil(bits)
}

fn x86(core: Core, ty: IntVec, level: &str, bw: bool, width: u32, place: Place) -> Option<u32> {
    use crate::target::insn::level_has;
    let avx512 = level_has(level, "avx512f");
    if !level_has(level, "avx2") || !(256..=512).contains(&width) {
        return None;
    }
    let bits = ty.total_bits();
    let regs = registers(ty, width as usize) as u32;
    // A load the first instruction cannot take from memory.
    let loads = |folds: bool| if place.loaded && !folds { regs } else { 0 };
    match core {
        // vpsrlw/vpsrld/vpsrlq (vpsll*) on each register; only AVX-512's take memory
        // (whole registers of it).
        Core::Shift { .. } if ty.bits >= 16 => Some(regs + loads(avx512 && bits % 128 == 0)),
        // vpmovwb/vpmovdb/vpmovqb/vpmovdw/vpmovqw/vpmovqd on each register (the load
        // apart), two joined by one more instruction (an insert or an unpack); a shift
        // of one register before it, one more (which takes the load), except a byte
        // shift of 128 bits, which a vpshufb does with it.
        Core::Truncate { shift, to } if avx512 && (bw || to >= 16 || ty.bits >= 32) => {
            if bits < 128 || regs > 2 {
                return None;
            }
            // Two registers shifted: packs or a two-source permute instead. The shift
            // takes the load; a vpshufb does not.
            let (shifts, folds) = match shift {
                Some(_) if bits == 128 && ty.bits == 2 * to => (0, false),
                Some(_) if regs == 1 => (1, true),
                Some(_) => return None,
                None => (0, false),
            };
            Some(2 * regs - 1 + shifts + loads(folds))
        }
        // AVX2: the inputs masked (the loads folded into that) or shifted down (which
        // leaves values that fit; loaded first), packed pairwise with unsigned saturation (packusdw,
        // packuswb), each pack's 128-bit lanes put back in order by a vpermq; the mask
        // is a constant, hoisted out of loops.
        Core::Truncate { shift, to } if !avx512 && width == 256 => {
            let pieces = ty.bits / to;
            let packs_exist = to >= 8 && ty.bits <= 32;
            if !packs_exist || bits % 256 != 0 || regs % pieces != 0 {
                return None;
            }
            if shift.is_some_and(|by| by != ty.bits - to) {
                return None;
            }
            let outputs = regs / pieces;
            let mask = u32::from(shift.is_none() && !place.in_loop);
            Some(outputs * (pieces + 2 * (pieces - 1)) + mask + loads(shift.is_none()))
        }
        _ => None,
    }
}

fn neon(core: Core, ty: IntVec) -> Option<u32> {
    // Beyond four registers the measured function's inputs arrive in memory.
    if registers(ty, 128) > 4 {
        return None;
    }
    match core {
        // ushr/shl per register.
        Core::Shift { .. } if ty.bits >= 16 => Some(registers(ty, 128) as u32),
        // ushll/ushll2 per output register, from 64-bit halves.
        Core::ZeroExtend { extract, to } if to == 2 * ty.bits => {
            let (start, len) = extract.unwrap_or((0, ty.lanes));
            let out = len * to as usize;
            let aligned =
                (start * ty.bits as usize) % 64 == 0 && (len * ty.bits as usize) % 64 == 0;
            (aligned && (128..=512).contains(&out)).then_some((out / 128) as u32)
        }
        // xtn/uzp1 (shrn/uzp2 for the upper half) per output register.
        Core::Truncate { shift, to } if ty.bits == 2 * to => {
            let out = ty.lanes * to as usize;
            let upper = shift.map_or(true, |by| by == to);
            (upper && out >= 64).then_some((out / 128).max(1) as u32)
        }
        _ => None,
    }
}

/// `loaded`: the source is a load, of that alignment (as [`Place::align`]); `stored`:
/// the result (of that type) is stored, with that alignment.
fn riscv_v(
    core: Core,
    ty: IntVec,
    input: IntVec,
    loaded: Option<u32>,
    stored: Option<(IntVec, u32)>,
) -> Option<u32> {
    // Register groups up to LMUL 8 of the least VLEN (128), in and out.
    let out = match core {
        Core::ZeroExtend { extract, to } => extract.map_or(ty.lanes, |e| e.1) * to as usize,
        _ => ty.total_bits(),
    };
    if ty.total_bits() > 1024 || out > 1024 {
        return None;
    }
    // (element width, length) of each instruction, and its slide or shift amounts.
    let mut ops: Vec<(u32, usize)> = Vec::new();
    let mut amounts = Vec::new();
    match core {
        Core::Shift { by } => {
            ops.push((ty.bits, ty.lanes));
            amounts.push(by as usize);
        }
        Core::ZeroExtend { extract, to } => {
            let (start, len) = extract.unwrap_or((0, ty.lanes));
            if start != 0 {
                ops.push((ty.bits, len));
                amounts.push(start);
            }
            ops.push((to, len));
        }
        Core::Truncate { to, shift } => {
            amounts.extend(shift.map(|by| by as usize));
            let mut bits = ty.bits;
            while bits > to {
                bits /= 2;
                ops.push((bits, ty.lanes));
            }
        }
        // Without Zvbb: `vsll`, `vsrl`, `vor` each, at the rotation's element width.
        Core::Rotations { rotations, count } => {
            for &(bits, by) in &rotations[..count] {
                let lanes = ty.total_bits() / bits as usize;
                ops.extend([(bits, lanes); 3]);
                amounts.extend([by as usize, (bits - by) as usize]);
            }
        }
    }
    // A load (`vle*`, its element width in the instruction) takes the bitcasts (it
    // loads the lanes the first operation reads, `vle16` for a truncation from i16)
    // and shares the first instruction's setting where the lengths agree. (Whether
    // the backend narrows the load of a part varies with the source's length: not
    // modelled.)
    if let Some(align) = loaded {
        if matches!(
            core,
            Core::ZeroExtend {
                extract: Some(_),
                ..
            }
        ) || ty.lanes < 2
        {
            return None;
        }
        let first = ops.first().copied()?;
        let bits = if first.1 == ty.lanes {
            first.0
        } else {
            ty.bits
        };
        // Under a bitcast to wider elements, a load aligned to less than one of them
        // loads narrower ones (`vle8` of 32 lanes for 8 × i32 aligned to a byte).
        let narrow = 8 * align;
        let load = if ty.bits > input.bits && align > 0 && narrow < ty.bits {
            let bits = input.bits.max(narrow);
            (bits, input.total_bits() / bits as usize)
        } else {
            (bits, ty.lanes)
        };
        ops.insert(0, load);
    }
    // A store (`vse*`) of elements no wider than its alignment, under its own setting
    // unless the last instruction's agrees.
    if let Some((output, align)) = stored {
        let narrow = 8 * align;
        let bits = if align > 0 && narrow < output.bits {
            narrow
        } else {
            output.bits
        };
        ops.push((bits, output.total_bits() / bits as usize));
    }
    let mut settings = 0;
    let mut large: Vec<usize> = amounts.into_iter().filter(|&a| a > 31).collect();
    for (i, &op) in ops.iter().enumerate() {
        if i == 0 || ops[i - 1] != op {
            settings += 1;
            if op.1 > 31 && (i == 0 || ops[i - 1].1 != op.1) {
                large.push(op.1);
            }
        }
    }
    large.sort_unstable();
    large.dedup();
    Some((ops.len() + settings + large.len()) as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOOP: Place = Place {
        in_loop: true,
        loaded: false,
        align: 0,
        stored: None,
    };

    fn v(lanes: usize, bits: u32) -> IntVec {
        IntVec { lanes, bits }
    }

    /// A byte reversal of i32 as two rotations, from a load aligned to one byte (the
    /// benchmark's `byte_reverse_u32`, measured): `li` (32 lanes), `vsetvli`, `vle8`,
    /// `vsetivli` + `vsll`, `vsrl`, `vor` at 32 bits, then again at 16 bits; aligned, the
    /// load is a `vle32` under the first setting.
    #[test]
    fn riscv_v_rotations_load_no_wider_than_aligned() {
        let steps = [
            Step::Freeze,
            Step::Bitcast { bits: 32 },
            Step::RotateRight { by: 16 },
            Step::Bitcast { bits: 16 },
            Step::RotateRight { by: 8 },
            Step::Bitcast { bits: 8 },
        ];
        let loaded = |align| Place {
            in_loop: true,
            loaded: true,
            align,
            stored: None,
        };
        let rv = Unit::RiscVV;
        assert_eq!(instructions(&steps, v(32, 8), rv, loaded(1)), Some(11));
        assert_eq!(instructions(&steps, v(32, 8), rv, loaded(4)), Some(9));
        assert_eq!(instructions(&steps, v(32, 8), rv, loaded(0)), Some(9));
        assert_eq!(instructions(&steps, v(32, 8), rv, LOOP), Some(8));
    }

    #[test]
    fn freeze_and_bitcasts_are_free() {
        let steps = [
            Step::Freeze,
            Step::Bitcast { bits: 16 },
            Step::Truncate { bits: 8 },
        ];
        let v4 = Unit::X86 {
            level: "avx512f",
            bw: true,
            register_bits: 512,
        };
        assert_eq!(instructions(&steps, v(64, 8), v4, LOOP), Some(1));
        let v3 = Unit::X86 {
            level: "avx2",
            bw: false,
            register_bits: 256,
        };
        // 2 × and, vpackuswb, vpermq; and the mask outside loops.
        assert_eq!(instructions(&steps, v(64, 8), v3, LOOP), Some(4));
        let outside = Place {
            in_loop: false,
            loaded: false,
            align: 0,
            stored: None,
        };
        assert_eq!(instructions(&steps, v(64, 8), v3, outside), Some(5));
    }

    #[test]
    fn riscv_v_counts_its_vsetvlis() {
        let upper = [
            Step::Freeze,
            Step::Extract { start: 8, len: 8 },
            Step::ZeroExtend { bits: 32 },
            Step::Bitcast { bits: 16 },
        ];
        // vsetivli, vslidedown, vsetivli, vzext.vf2.
        assert_eq!(instructions(&upper, v(16, 16), Unit::RiscVV, LOOP), Some(4));
        let lower = [Step::Freeze, Step::ZeroExtend { bits: 16 }];
        // li 32, vsetvli, vzext.vf2.
        assert_eq!(instructions(&lower, v(32, 8), Unit::RiscVV, LOOP), Some(3));
        let upper_far = [
            Step::Extract { start: 32, len: 32 },
            Step::ZeroExtend { bits: 16 },
        ];
        // li 32 (length and amount), vsetvli, vslidedown.vx, vsetvli, vzext.vf2.
        assert_eq!(
            instructions(&upper_far, v(64, 8), Unit::RiscVV, LOOP),
            Some(5)
        );
    }

    #[test]
    fn units_of_targets() {
        let desc = |triple: &str, cpu: &str, features: &str| TargetDesc {
            triple: triple.into(),
            cpu: cpu.into(),
            features: features.into(),
        };
        let v4 = Unit::X86 {
            level: "avx512f",
            bw: true,
            register_bits: 256,
        };
        assert_eq!(
            Unit::of(&desc("x86_64-linux-gnu", "x86-64-v4", ""), 256),
            Some(v4)
        );
        let rv = desc("riscv64-linux-gnu", "sifive-x280", "+v,+zvl512b");
        assert_eq!(Unit::of(&rv, 512), Some(Unit::RiscVV));
        assert_eq!(Unit::of(&desc("riscv64-linux-gnu", "", "+m"), 0), None);
    }

    #[test]
    fn unknown_shapes_have_no_prediction() {
        let rotate = [Step::Freeze, Step::RotateRight { by: 8 }];
        assert_eq!(instructions(&rotate, v(8, 16), Unit::Neon, LOOP), None);
        assert_eq!(
            instructions(&[Step::Freeze], v(8, 16), Unit::Neon, LOOP),
            None
        );
    }
}
