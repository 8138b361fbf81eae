; A network is not built on what another network, built before it, replaced: here the
; `<8 x double>` shuffle reads two loads through `%ab`, the root of a `<4 x double>`
; network that AArch64 loads deinterleaved (`ld2`) and that erases both loads with it.
; Built on them too, the second network read freed instructions: the verifier failed,
; then `opt` crashed (a helper's hunt, 2026-11-27, random C programs under
; `lower-always` on neoverse-n1). A network whose leaves or parts another one replaced
; is left alone now (`WideShuffle::reads_any`).
; REQUIRES: aarch64-registered-target
; RUN: %opt -passes='shuffle-lib<lower-always>,verify' -S %s | FileCheck %s

target triple = "aarch64-unknown-linux-gnu"

; CHECK-LABEL: @f(
; CHECK:         ret <8 x double>
define <8 x double> @f(ptr %p, <2 x double> %x) #0 {
  %q = getelementptr i8, ptr %p, i64 16
  %a = load <2 x double>, ptr %p, align 8
  %b = load <2 x double>, ptr %q, align 8
  %ab = shufflevector <2 x double> %a, <2 x double> %b, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %xx = shufflevector <2 x double> %x, <2 x double> %x, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %r = shufflevector <4 x double> %ab, <4 x double> %xx, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 1, i32 3, i32 5, i32 7>
  ret <8 x double> %r
}

attributes #0 = { "target-cpu"="neoverse-n1" }
