; Rule 4c: a constant goes second when the other operand is not a constant.
; RUN: %opt -passes='shuffle-lib<canon-always>' -S %s | FileCheck %s

; CHECK-LABEL: define <4 x i32> @constant_first(
; CHECK-NEXT:    %s = shufflevector <4 x i32> %x, <4 x i32> <i32 10, i32 11, i32 12, i32 13>, <4 x i32> <i32 0, i32 7, i32 poison, i32 4>
define <4 x i32> @constant_first(<4 x i32> %x) {
  %s = shufflevector <4 x i32> <i32 10, i32 11, i32 12, i32 13>, <4 x i32> %x, <4 x i32> <i32 4, i32 3, i32 poison, i32 0>
  ret <4 x i32> %s
}

; A selector into a poison element of a constant is a poison lane (rule 1).
; CHECK-LABEL: define <4 x i32> @poison_element(
; CHECK-NEXT:    %s = shufflevector <4 x i32> %x, <4 x i32> <i32 1, i32 poison, i32 2, i32 3>, <4 x i32> <i32 poison, i32 6, i32 1, i32 7>
define <4 x i32> @poison_element(<4 x i32> %x) {
  %s = shufflevector <4 x i32> <i32 1, i32 poison, i32 2, i32 3>, <4 x i32> %x, <4 x i32> <i32 1, i32 2, i32 5, i32 3>
  ret <4 x i32> %s
}

; Two non-zero constants: neither is preferred, rule 4d decides.
; CHECK-LABEL: define <2 x i64> @two_constants(
; CHECK-NEXT:    %s = shufflevector <2 x i64> <i64 3, i64 4>, <2 x i64> <i64 1, i64 2>, <2 x i32> <i32 1, i32 2>
define <2 x i64> @two_constants() {
  %s = shufflevector <2 x i64> <i64 1, i64 2>, <2 x i64> <i64 3, i64 4>, <2 x i32> <i32 3, i32 0>
  ret <2 x i64> %s
}
