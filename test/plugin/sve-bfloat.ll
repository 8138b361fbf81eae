; LLVM 22's AArch64 backend, where SVE holds fixed vectors (clang's
; -msve-vector-bits=256, `vscale_range(2,2)`; here -aarch64-sve-vector-bits-min=256,
; since the attribute would stop other targets' TTI in tests/robustness.rs), cannot
; select a bitcast of a `bfloat` vector wider than a NEON register ("Cannot select:
; v16bf16 = BUILD_VECTOR", a fatal error). The `trunc` and `shl` rules build one for
; their candidates; measured in the host's process, the candidate ended `opt` (a
; helper's hunt, 2026-11-27, in the default pipeline on neoverse-v1). Such a probe is
; not compiled now (shim: `backendSelects`), recipes leave such shuffles alone, and the
; shuffles stay.
; REQUIRES: aarch64-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-v1 -aarch64-sve-vector-bits-min=256 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-v1 -aarch64-sve-vector-bits-min=256 -passes='default<O3>' -S %s | FileCheck %s --check-prefix=O3

; CHECK-LABEL: @even(
; CHECK-NEXT:    shufflevector <16 x bfloat> %a, <16 x bfloat> poison, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
; O3-LABEL: @even(
define <8 x bfloat> @even(<16 x bfloat> %a) {
  %s = shufflevector <16 x bfloat> %a, <16 x bfloat> poison, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
  ret <8 x bfloat> %s
}

; CHECK-LABEL: @shift(
; CHECK-NEXT:    shufflevector <16 x bfloat> %a, <16 x bfloat> zeroinitializer
define <16 x bfloat> @shift(<16 x bfloat> %a) {
  %s = shufflevector <16 x bfloat> %a, <16 x bfloat> zeroinitializer, <16 x i32> <i32 16, i32 0, i32 16, i32 2, i32 16, i32 4, i32 16, i32 6, i32 16, i32 8, i32 16, i32 10, i32 16, i32 12, i32 16, i32 14>
  ret <16 x bfloat> %s
}
