//! What the pure layers know of the target: its description and the vocabulary of cost
//! queries. The answers come from LLVM's TargetTransformInfo through `ffi::Target`; this
//! module has no LLVM types so that decisions can be tested without LLVM.

pub mod insn;
pub mod pack;
pub mod wide;

/// TargetTransformInfo's cost kinds (`TTI::TargetCostKind`), in the shim's numbering.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum CostKind {
    RecipThroughput = 0,
    Latency = 1,
    CodeSize = 2,
    SizeAndLatency = 3,
}

/// TargetTransformInfo's shuffle kinds (`TTI::ShuffleKind`), in LLVM's numbering.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ShuffleKind {
    Broadcast = 0,
    Reverse = 1,
    Select = 2,
    Transpose = 3,
    InsertSubvector = 4,
    ExtractSubvector = 5,
    PermuteTwoSrc = 6,
    PermuteSingleSrc = 7,
    Splice = 8,
}

/// Operations a lowering recipe prices besides shuffles (`ShufOperation` of the shim).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Operation {
    ZeroExtend = 0,
    Truncate = 1,
    ShiftRight = 2,
    ShiftLeft = 3,
    /// `llvm.fshr(x, x, c)`.
    RotateRight = 4,
    ByteSwap = 5,
}

/// The architecture family, from the target triple.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Arch {
    X86_64,
    AArch64,
    RiscV64,
    Other,
}

/// The target a function is compiled for: the module's triple and the function's
/// `target-cpu` and `target-features` attributes.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct TargetDesc {
    pub triple: String,
    pub cpu: String,
    pub features: String,
}

impl TargetDesc {
    /// `triple|cpu|features`: what the remembered decisions and measurements of one
    /// target are keyed by.
    pub fn key(&self) -> String {
        format!("{}|{}|{}", self.triple, self.cpu, self.features)
    }

    pub fn arch(&self) -> Arch {
        let arch = self.triple.split('-').next().unwrap_or("");
        match arch {
            "x86_64" => Arch::X86_64,
            "aarch64" | "arm64" => Arch::AArch64,
            "riscv64" => Arch::RiscV64,
            _ => Arch::Other,
        }
    }

    /// Whether `+feature` is in the feature string (a later `-feature` wins).
    pub fn has_feature(&self, feature: &str) -> bool {
        let mut on = false;
        for f in self.features.split(',') {
            if let Some(name) = f.strip_prefix('+') {
                if name == feature {
                    on = true;
                }
            } else if f.strip_prefix('-') == Some(feature) {
                on = false;
            }
        }
        on
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn desc(triple: &str, features: &str) -> TargetDesc {
        TargetDesc {
            triple: triple.into(),
            cpu: String::new(),
            features: features.into(),
        }
    }

    #[test]
    fn arch_follows_the_triple() {
        assert_eq!(desc("x86_64-pc-linux-gnu", "").arch(), Arch::X86_64);
        assert_eq!(desc("aarch64-linux-gnu", "").arch(), Arch::AArch64);
        assert_eq!(desc("riscv64-unknown-linux-gnu", "").arch(), Arch::RiscV64);
        assert_eq!(desc("", "").arch(), Arch::Other);
    }

    #[test]
    fn last_feature_setting_wins() {
        let d = desc("x86_64", "+avx2,+sse4.1,-avx2");
        assert!(!d.has_feature("avx2"));
        assert!(d.has_feature("sse4.1"));
        assert!(!d.has_feature("sse4"));
    }
}
