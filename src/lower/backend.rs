//! What LLVM 22's backends already make of a shuffle, measured, so that a rule whose
//! non-shuffle form brings no better code is not applied there.
//!
//! TTI prices many shuffles as general permutes although the backend selects them as
//! one instruction (x86's `pmovzx` for a zero extension: TTI 3 to 7, one instruction in
//! the end). Rewriting those gains nothing, and can lose: `freeze` on a loaded vector
//! keeps x86 from folding the load into `vpmovzxwd` (`zext_u16_u32_shuffle`: 1.2x the
//! instructions per item on x86-64-v3, 1.5x on x86-64-v4). Each entry below was
//! measured with `llc` (instructions of the shuffle against its lowered form; see
//! docs/lowering.md); the assembly wins over TTI.

use crate::target::Arch;

/// Rules (by pattern name) whose shuffle the backend of `arch` already selects as well as
/// the rule's non-shuffle form.
fn selected_already(arch: Arch) -> &'static [&'static str] {
    match arch {
        // pmovzx / punpckl with zero; pshufb, pshufd, prol for rotates and byte swaps.
        Arch::X86_64 => &["zero-extend", "rotate", "reverse"],
        // rev16/32/64 and ext for rotates and byte swaps.
        Arch::AArch64 => &["rotate", "reverse"],
        // vsll + vsrl + vor for a rotate of pairs, the same as llvm.fshr; vrgather for a
        // byte reversal, fewer instructions than bswap without Zvbb (but see `pays`).
        Arch::RiscV64 => &["rotate", "reverse"],
        Arch::Other => &[],
    }
}

/// Whether `rule` is worth applying on `arch` at all (TTI then decides). On RISC-V V
/// all are: the instructions the backend selects may cost more than their number says
/// (`vrgather.vv` on sifive-x280: 36 cycles for 32 bytes against 9 for `bswap` without
/// Zvbb), and the measurement, which weighs them by the scheduling model, decides; a
/// rule the backend matches in instructions then needs a strict win ([`strict`]).
pub fn pays(arch: Arch, rule: &str) -> bool {
    arch == Arch::RiscV64 || !selected_already(arch).contains(&rule)
}

/// Whether `rule` on `arch` must compile to strictly less than the shuffle (a tie
/// otherwise goes to the recipe TTI chose).
pub fn strict(arch: Arch, rule: &str) -> bool {
    selected_already(arch).contains(&rule)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measured_gaps() {
        assert!(!pays(Arch::X86_64, "zero-extend"));
        assert!(pays(Arch::RiscV64, "zero-extend"));
        assert!(pays(Arch::RiscV64, "reverse") && strict(Arch::RiscV64, "reverse"));
        assert!(!strict(Arch::RiscV64, "zero-extend"));
        assert!(pays(Arch::X86_64, "truncate"));
        assert!(pays(Arch::AArch64, "shift-down-zero"));
        assert!(!pays(Arch::AArch64, "rotate"));
        assert!(pays(Arch::Other, "rotate"));
    }
}
