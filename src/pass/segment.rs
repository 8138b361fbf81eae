//! Segment loads on RISC-V V (`crate::ir::segment`): the loop vectorizer's gathers of
//! neighbouring fields of each record become one indexed segment load.
//!
//! ```text
//! ; sifive-x280, a 4x4 SATD vectorized by `vscale x 2` items: 32 `vlse8` of 16
//! ; cycles each (one per byte of the 32-byte item) -> 4 `vluxseg8ei64` of 8
//! %x0 = call @llvm.vp.gather(%r, splat (i1 true), %evl)  ...  %x7 = ... (%r + 7)
//! =>
//! %t = call @llvm.riscv.vluxseg8(poison, ptr %p, %idx, %evl, 3); %x0..%x7 its fields
//! ```
//!
//! Not measured by compiling: the measurement compiles instructions between values,
//! and a gather reads memory. The rule is the scheduling model's, checked on
//! sifive-x280 with llvm-mca (docs/lowering.md): one segment load of `n` fields (8
//! cycles for eight fields of 16 elements) against `n` strided loads (16 each), and a
//! strided load is what the backend makes of such a gather. RISC-V 64 only (with V:
//! gathers of scalable vectors exist only there), with `always` (testing) too: the
//! intrinsics are RISC-V's.

use crate::ffi::{RemarkKind, Statistic, Target};
use crate::ir::{self, Function};
use crate::target::Arch;

static SEGMENTS: Statistic = Statistic {
    name: c"NumSegmentLoads",
    desc: c"Runs of gathers of neighbouring fields made one segment load",
};

/// Makes every run of gathers of neighbouring fields in `func` one segment load.
pub fn segment_loads(func: Function, target: &Target, remarks: bool, changed: &mut bool) {
    // RISC-V V on 64-bit (the index is 64-bit, which RV32 cannot take); also with
    // `lower-always`: the intrinsics are RISC-V's.
    if target.desc().arch() != Arch::RiscV64 {
        return;
    }
    if !ir::segment::available() {
        return;
    }
    for run in ir::segment::runs(func) {
        if remarks {
            let message = format!(
                "segment: {} gathers of neighbouring fields became one segment load",
                run.gathers.len()
            );
            target.remark(RemarkKind::Passed, c"Segment", run.gathers[0], &message);
        }
        ir::segment::replace(&run);
        *changed = true;
        SEGMENTS.add(1);
    }
}
