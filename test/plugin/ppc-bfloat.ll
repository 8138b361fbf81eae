; PowerPC: LLVM 22's backend cannot select a bitcast of a `bfloat` vector (`Cannot
; select: bf16_to_fp`). A rule's recipe for this pair swap reads the source as
; integers; measuring it in the host's process ended the host, and with
; `lower-always` the plugin wrote IR llc could not compile (a helper's hunt,
; 2026-11-27). Such probes are not compiled (the shim's `backendSelects`) and such
; recipes not built (`ir::Type::bitcasts_on`): the shuffle stays.
; REQUIRES: powerpc-registered-target
; RUN: %opt -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -passes='default<O3>' -S %s | FileCheck %s
; RUN: %opt -passes='shuffle-lib<lower-always>' %s | %llc -o /dev/null
target triple = "powerpc64le-unknown-linux-gnu"

; CHECK-LABEL: @swap_pairs(
; CHECK:         shufflevector <8 x bfloat>
; CHECK-NOT:     bitcast
; CHECK:         ret void
define void @swap_pairs(ptr %in, ptr %out) #0 {
  %a = load <8 x bfloat>, ptr %in, align 16
  %s = shufflevector <8 x bfloat> %a, <8 x bfloat> poison, <8 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6>
  store <8 x bfloat> %s, ptr %out, align 16
  ret void
}
attributes #0 = { "target-cpu"="pwr9" }
