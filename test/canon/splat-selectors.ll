; Rule 2: selectors into a constant splat all point at its first lane.
; RUN: %opt -passes='shuffle-lib<canon-always>' -S %s | FileCheck %s

; CHECK-LABEL: define <4 x i32> @splat_second(
; CHECK-NEXT:    %s = shufflevector <4 x i32> %x, <4 x i32> splat (i32 9), <4 x i32> <i32 0, i32 4, i32 4, i32 4>
define <4 x i32> @splat_second(<4 x i32> %x) {
  %s = shufflevector <4 x i32> %x, <4 x i32> <i32 9, i32 9, i32 9, i32 9>, <4 x i32> <i32 0, i32 5, i32 6, i32 7>
  ret <4 x i32> %s
}

; Floating-point splat, read from the first operand: it moves second (4c).
; CHECK-LABEL: define <4 x float> @splat_first(
; CHECK-NEXT:    %s = shufflevector <4 x float> %x, <4 x float> splat (float 1.500000e+00), <4 x i32> <i32 4, i32 1, i32 4, i32 3>
define <4 x float> @splat_first(<4 x float> %x) {
  %s = shufflevector <4 x float> <float 1.5, float 1.5, float 1.5, float 1.5>, <4 x float> %x, <4 x i32> <i32 2, i32 5, i32 3, i32 7>
  ret <4 x float> %s
}

; Both operands splats of different values: each keeps its own first lane.
; CHECK-LABEL: define <4 x i8> @two_splats(
; CHECK-NEXT:    %s = shufflevector <4 x i8> splat (i8 1), <4 x i8> splat (i8 2), <4 x i32> <i32 0, i32 4, i32 0, i32 4>
define <4 x i8> @two_splats() {
  %s = shufflevector <4 x i8> <i8 1, i8 1, i8 1, i8 1>, <4 x i8> <i8 2, i8 2, i8 2, i8 2>, <4 x i32> <i32 3, i32 6, i32 1, i32 4>
  ret <4 x i8> %s
}

; <N x i1> masks: the all-true splat.
; CHECK-LABEL: define <8 x i1> @bool_splat(
; CHECK-NEXT:    %s = shufflevector <8 x i1> %m, <8 x i1> splat (i1 true), <8 x i32> <i32 0, i32 8, i32 1, i32 8, i32 2, i32 8, i32 3, i32 8>
define <8 x i1> @bool_splat(<8 x i1> %m) {
  %s = shufflevector <8 x i1> %m, <8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <8 x i32> <i32 0, i32 9, i32 1, i32 11, i32 2, i32 13, i32 3, i32 15>
  ret <8 x i1> %s
}

; Not a splat: an undef element could differ from the others.
; CHECK-LABEL: define <4 x i32> @undef_element(
; CHECK-NEXT:    %s = shufflevector <4 x i32> %x, <4 x i32> <i32 9, i32 undef, i32 9, i32 9>, <4 x i32> <i32 0, i32 5, i32 6, i32 7>
define <4 x i32> @undef_element(<4 x i32> %x) {
  %s = shufflevector <4 x i32> %x, <4 x i32> <i32 9, i32 undef, i32 9, i32 9>, <4 x i32> <i32 0, i32 5, i32 6, i32 7>
  ret <4 x i32> %s
}
