; Rule 5: an identity shuffle is replaced by its operand.
; RUN: %opt -passes='shuffle-lib<canon-always>' -S %s | FileCheck %s

; CHECK-LABEL: define <4 x i32> @identity(
; CHECK-NEXT:    ret <4 x i32> %a
define <4 x i32> @identity(<4 x i32> %a, <4 x i32> %b) {
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  ret <4 x i32> %s
}

; The identity of the second operand (rules 3, 4a, 5).
; CHECK-LABEL: define <4 x i32> @identity_second(
; CHECK-NEXT:    ret <4 x i32> %b
define <4 x i32> @identity_second(<4 x i32> %a, <4 x i32> %b) {
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 4, i32 5, i32 6, i32 7>
  ret <4 x i32> %s
}

; Poison lanes in an identity mask: the operand refines them (as InstSimplify does).
; CHECK-LABEL: define <4 x i32> @identity_poison_lanes(
; CHECK-NEXT:    ret <4 x i32> %a
define <4 x i32> @identity_poison_lanes(<4 x i32> %a) {
  %s = shufflevector <4 x i32> %a, <4 x i32> poison, <4 x i32> <i32 0, i32 poison, i32 2, i32 poison>
  ret <4 x i32> %s
}

; A chain of identities disappears in one run.
; CHECK-LABEL: define <4 x float> @chain(
; CHECK-NEXT:    %r = fadd <4 x float> %a, %a
; CHECK-NEXT:    ret <4 x float> %r
define <4 x float> @chain(<4 x float> %a) {
  %s1 = shufflevector <4 x float> %a, <4 x float> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %s2 = shufflevector <4 x float> poison, <4 x float> %s1, <4 x i32> <i32 4, i32 5, i32 6, i32 7>
  %r = fadd <4 x float> %s2, %s1
  ret <4 x float> %r
}

; Not identities: a different length, or a lane out of place.
; CHECK-LABEL: define <2 x i32> @extract_low(
; CHECK-NEXT:    %s = shufflevector <4 x i32> %a, <4 x i32> poison, <2 x i32> <i32 0, i32 1>
define <2 x i32> @extract_low(<4 x i32> %a) {
  %s = shufflevector <4 x i32> %a, <4 x i32> poison, <2 x i32> <i32 0, i32 1>
  ret <2 x i32> %s
}

; CHECK-LABEL: define <4 x i32> @not_identity(
; CHECK-NEXT:    %s = shufflevector <4 x i32> %a, <4 x i32> poison, <4 x i32> <i32 0, i32 1, i32 3, i32 2>
define <4 x i32> @not_identity(<4 x i32> %a) {
  %s = shufflevector <4 x i32> %a, <4 x i32> poison, <4 x i32> <i32 0, i32 1, i32 3, i32 2>
  ret <4 x i32> %s
}

; The identity of a constant operand is the constant.
; CHECK-LABEL: define <2 x i32> @identity_constant(
; CHECK-NEXT:    ret <2 x i32> <i32 5, i32 6>
define <2 x i32> @identity_constant(<2 x i32> %a) {
  %s = shufflevector <2 x i32> %a, <2 x i32> <i32 5, i32 6>, <2 x i32> <i32 2, i32 3>
  ret <2 x i32> %s
}
