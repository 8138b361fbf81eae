; Rule 4d: with two variable operands, the first defined selector reads the first one.
; RUN: %opt -passes='shuffle-lib<canon-always>' -S %s | FileCheck %s

; CHECK-LABEL: define <4 x i32> @swap(
; CHECK-NEXT:    %s = shufflevector <4 x i32> %b, <4 x i32> %a, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
define <4 x i32> @swap(<4 x i32> %a, <4 x i32> %b) {
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 4, i32 0, i32 5, i32 1>
  ret <4 x i32> %s
}

; Leading poison lanes do not count.
; CHECK-LABEL: define <4 x i32> @leading_poison(
; CHECK-NEXT:    %s = shufflevector <4 x i32> %b, <4 x i32> %a, <4 x i32> <i32 poison, i32 poison, i32 3, i32 7>
define <4 x i32> @leading_poison(<4 x i32> %a, <4 x i32> %b) {
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 poison, i32 poison, i32 7, i32 3>
  ret <4 x i32> %s
}

; Canonical already: unchanged.
; CHECK-LABEL: define <4 x i32> @keep(
; CHECK-NEXT:    %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
define <4 x i32> @keep(<4 x i32> %a, <4 x i32> %b) {
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  ret <4 x i32> %s
}

; The same value on both sides is still two operands.
; CHECK-LABEL: define <4 x i32> @same_value(
; CHECK-NEXT:    %s = shufflevector <4 x i32> %a, <4 x i32> %a, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
define <4 x i32> @same_value(<4 x i32> %a) {
  %s = shufflevector <4 x i32> %a, <4 x i32> %a, <4 x i32> <i32 4, i32 0, i32 5, i32 1>
  ret <4 x i32> %s
}
