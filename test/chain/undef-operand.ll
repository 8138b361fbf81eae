; A chain whose first shuffle reads lanes of an `undef` operand: those lanes are
; `undef`, and composed into one shuffle they were poison lanes (mask -1), which
; `undef` may not become (found by a helper's hunt, 2026-11-27: after InstCombine the
; function below returned poison where it returns 0). An `undef` operand now ends the
; chain as a constant leaf; the same chain on a `poison` operand composes.
; REQUIRES: aarch64-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib,verify' -S %s | FileCheck %s
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib,instcombine' -S %s | FileCheck %s --check-prefix=FOLDED

; CHECK-LABEL: @undef_operand(
; CHECK:         shufflevector <16 x i8> %a, <16 x i8> undef
; FOLDED-LABEL: @undef_operand(
; FOLDED:         ret i8 0
define i8 @undef_operand(<16 x i8> %a) {
  %s1 = shufflevector <16 x i8> %a, <16 x i8> undef, <16 x i32> <i32 1, i32 0, i32 3, i32 2, i32 16, i32 17, i32 7, i32 6, i32 9, i32 8, i32 11, i32 10, i32 13, i32 12, i32 15, i32 14>
  %c = bitcast <16 x i8> %s1 to <4 x i32>
  %s2 = shufflevector <4 x i32> %c, <4 x i32> poison, <4 x i32> <i32 3, i32 1, i32 2, i32 0>
  %d = bitcast <4 x i32> %s2 to <8 x i16>
  %s3 = shufflevector <8 x i16> %d, <8 x i16> poison, <8 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6>
  %e = bitcast <8 x i16> %s3 to <16 x i8>
  %x = extractelement <16 x i8> %e, i64 6
  %y = or i8 %x, 1
  %z = udiv i8 100, %y
  ret i8 %z
}

; CHECK-LABEL: @poison_operand(
; CHECK:         shufflevector <16 x i8> %a, <16 x i8> poison, <16 x i32> <i32 15, i32 14, i32 13, i32 12, i32 7, i32 6, i32 poison, i32 poison,
; CHECK-NOT:     shufflevector
; CHECK:         ret <16 x i8>
define <16 x i8> @poison_operand(<16 x i8> %a) {
  %s1 = shufflevector <16 x i8> %a, <16 x i8> poison, <16 x i32> <i32 1, i32 0, i32 3, i32 2, i32 16, i32 17, i32 7, i32 6, i32 9, i32 8, i32 11, i32 10, i32 13, i32 12, i32 15, i32 14>
  %c = bitcast <16 x i8> %s1 to <4 x i32>
  %s2 = shufflevector <4 x i32> %c, <4 x i32> poison, <4 x i32> <i32 3, i32 1, i32 2, i32 0>
  %d = bitcast <4 x i32> %s2 to <8 x i16>
  %s3 = shufflevector <8 x i16> %d, <8 x i16> poison, <8 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6>
  %e = bitcast <8 x i16> %s3 to <16 x i8>
  ret <16 x i8> %e
}
