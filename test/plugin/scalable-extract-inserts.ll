; A shuffle of inserts of scalars extracted from a scalable vector is measured from the
; scalars, not from that vector (ir::lower::measured_operand): a scalable probe input
; does not compile on a target without scalable registers ("Don't know how to legalize
; this scalable vector type", a host crash; found by a helper's hunt).
; REQUIRES: aarch64-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | %FileCheck %s

; CHECK-LABEL: @f(
; CHECK:         ret <4 x i32>
define <4 x i32> @f(<vscale x 4 x i32> %v, i32 %y, <4 x i32> %z) {
  %a = extractelement <vscale x 4 x i32> %v, i64 0
  %b = extractelement <vscale x 4 x i32> %v, i64 1
  %i0 = insertelement <4 x i32> poison, i32 %a, i64 0
  %i1 = insertelement <4 x i32> %i0, i32 %b, i64 1
  %i2 = insertelement <4 x i32> %i1, i32 %y, i64 2
  %s = shufflevector <4 x i32> %i2, <4 x i32> %z, <4 x i32> <i32 2, i32 0, i32 5, i32 1>
  ret <4 x i32> %s
}
