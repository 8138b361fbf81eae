; A network whose shuffles read one value on both sides (`shufflevector %v1, %v1`,
; itself of `%v0, %v0`) lists that value among its parts twice; replacing the network
; erased it twice and crashed opt (found by the differential generator, seed 2977 of
; its integer-cast campaign). Each part is erased once now.
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64 -passes='shuffle-lib<canon-always;lower-always>' -verify-each -S %s | FileCheck %s

; CHECK-LABEL: @same_operand(
; CHECK:         %v0 = bitcast <4 x i32> zeroinitializer to <4 x float>
; CHECK-NOT:     %v1 =
; CHECK:         ret <16 x float>
define <16 x float> @same_operand() {
  %v0 = bitcast <4 x i32> zeroinitializer to <4 x float>
  %v1 = shufflevector <4 x float> %v0, <4 x float> %v0, <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 0, i32 1, i32 2, i32 3>
  %v2 = shufflevector <8 x float> %v1, <8 x float> %v1, <16 x i32> <i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 7, i32 15>
  ret <16 x float> %v2
}
