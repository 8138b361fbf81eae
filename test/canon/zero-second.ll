; Rule 4b: zeroinitializer goes second; its selectors all read its first lane (rule 2).
; RUN: %opt -passes='shuffle-lib<canon-always>' -S %s | FileCheck %s

; The seed's example: all three forms become the third.
; CHECK-LABEL: define <4 x i32> @seed_form1(
; CHECK-NEXT:    %s = shufflevector <4 x i32> %x, <4 x i32> zeroinitializer, <4 x i32> <i32 0, i32 4, i32 1, i32 4>
define <4 x i32> @seed_form1(<4 x i32> %x) {
  %s = shufflevector <4 x i32> zeroinitializer, <4 x i32> %x, <4 x i32> <i32 4, i32 2, i32 5, i32 1>
  ret <4 x i32> %s
}

; CHECK-LABEL: define <4 x i32> @seed_form2(
; CHECK-NEXT:    %s = shufflevector <4 x i32> %x, <4 x i32> zeroinitializer, <4 x i32> <i32 0, i32 4, i32 1, i32 4>
define <4 x i32> @seed_form2(<4 x i32> %x) {
  %s = shufflevector <4 x i32> %x, <4 x i32> zeroinitializer, <4 x i32> <i32 0, i32 6, i32 1, i32 5>
  ret <4 x i32> %s
}

; CHECK-LABEL: define <4 x i32> @seed_form3(
; CHECK-NEXT:    %s = shufflevector <4 x i32> %x, <4 x i32> zeroinitializer, <4 x i32> <i32 0, i32 4, i32 1, i32 4>
define <4 x i32> @seed_form3(<4 x i32> %x) {
  %s = shufflevector <4 x i32> %x, <4 x i32> zeroinitializer, <4 x i32> <i32 0, i32 4, i32 1, i32 4>
  ret <4 x i32> %s
}

; Zero beats another constant for the second place; poison lanes stay poison.
; CHECK-LABEL: define <4 x float> @zero_and_constant(
; CHECK-NEXT:    %s = shufflevector <4 x float> <float 1.000000e+00, float 2.000000e+00, float 3.000000e+00, float 4.000000e+00>, <4 x float> zeroinitializer, <4 x i32> <i32 4, i32 poison, i32 1, i32 4>
define <4 x float> @zero_and_constant() {
  %s = shufflevector <4 x float> zeroinitializer, <4 x float> <float 1.0, float 2.0, float 3.0, float 4.0>, <4 x i32> <i32 0, i32 poison, i32 5, i32 3>
  ret <4 x float> %s
}

; -0.0 is not zero: it is a splat constant, not zeroinitializer, so zero wins.
; CHECK-LABEL: define <2 x double> @negative_zero(
; CHECK-NEXT:    %s = shufflevector <2 x double> splat (double -0.000000e+00), <2 x double> zeroinitializer, <2 x i32> <i32 0, i32 2>
define <2 x double> @negative_zero() {
  %s = shufflevector <2 x double> zeroinitializer, <2 x double> <double -0.0, double -0.0>, <2 x i32> <i32 3, i32 1>
  ret <2 x double> %s
}

; Length-changing: a zero-extending interleave of the low half.
; CHECK-LABEL: define <8 x i8> @widen(
; CHECK-NEXT:    %s = shufflevector <4 x i8> %x, <4 x i8> zeroinitializer, <8 x i32> <i32 0, i32 4, i32 1, i32 4, i32 2, i32 4, i32 3, i32 4>
define <8 x i8> @widen(<4 x i8> %x) {
  %s = shufflevector <4 x i8> zeroinitializer, <4 x i8> %x, <8 x i32> <i32 4, i32 0, i32 5, i32 1, i32 6, i32 2, i32 7, i32 3>
  ret <8 x i8> %s
}
