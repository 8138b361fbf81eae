; A network whose loads read a global: the address of a half or of a deinterleaved
; group is then a constant expression, not an instruction. It was noted among what
; the network built, and erasing a measured network that was not kept then erased it
; as an instruction: the host crashed (a helper's hunt, 2026-11-27: `-flto=thin`, whose
; internalized globals make such addresses, and plain `-O2` on x86-64-v3 for
; `out[i] = g[4*i] + g[4*i+1] + g[4*i+2] + g[4*i+3]`).
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=aarch64-linux-gnu -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v4 -passes='default<O3>' -S %s | FileCheck %s
; REQUIRES: aarch64-registered-target, x86-registered-target

@g = global [32 x float] zeroinitializer, align 4

; CHECK-LABEL: @deinterleave_a_global(
; CHECK:         ret <8 x float>
define <8 x float> @deinterleave_a_global() {
  %v = load <32 x float>, ptr @g, align 4
  %a = shufflevector <32 x float> %v, <32 x float> poison, <8 x i32> <i32 0, i32 4, i32 8, i32 12, i32 16, i32 20, i32 24, i32 28>
  %b = shufflevector <32 x float> %v, <32 x float> poison, <8 x i32> <i32 1, i32 5, i32 9, i32 13, i32 17, i32 21, i32 25, i32 29>
  %c = shufflevector <32 x float> %v, <32 x float> poison, <8 x i32> <i32 2, i32 6, i32 10, i32 14, i32 18, i32 22, i32 26, i32 30>
  %d = shufflevector <32 x float> %v, <32 x float> poison, <8 x i32> <i32 3, i32 7, i32 11, i32 15, i32 19, i32 23, i32 27, i32 31>
  %x = fadd <8 x float> %a, %b
  %y = fadd <8 x float> %c, %d
  %z = fadd <8 x float> %x, %y
  ret <8 x float> %z
}
