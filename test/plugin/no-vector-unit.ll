; Without the vector unit the rewrites need, or with soft float (the Linux kernel's
; `-msoft-float`, `-mgeneral-regs-only`), nothing is measured and the shuffles stay:
; the backends cannot compile some vector code then, and a measurement compiling it
; in the host's process aborted it (`Do not know how to split the result of this
; operator`) or took minutes.
; REQUIRES: x86-registered-target, aarch64-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mattr=+soft-float -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mattr=-sse2 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=aarch64-linux-gnu -mattr=-fp-armv8 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=aarch64-linux-gnu -mattr=-neon -passes=shuffle-lib -S %s | FileCheck %s

; CHECK-LABEL: @even_bytes(
; CHECK-NEXT:    %s = shufflevector <16 x i8> %a, <16 x i8> %b, <16 x i32> <i32 0, i32 2,
; CHECK-NEXT:    ret <16 x i8> %s
define <16 x i8> @even_bytes(<16 x i8> %a, <16 x i8> %b) {
  %s = shufflevector <16 x i8> %a, <16 x i8> %b, <16 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14, i32 16, i32 18, i32 20, i32 22, i32 24, i32 26, i32 28, i32 30>
  ret <16 x i8> %s
}

; CHECK-LABEL: @zip(
; CHECK-NEXT:    %s = shufflevector <4 x float> %a, <4 x float> %b, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
; CHECK-NEXT:    ret <4 x float> %s
define <4 x float> @zip(<4 x float> %a, <4 x float> %b) {
  %s = shufflevector <4 x float> %a, <4 x float> %b, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  ret <4 x float> %s
}
