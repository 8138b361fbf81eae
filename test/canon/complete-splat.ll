; Rule 2 for splats with poison elements, the form InstCombine leaves: selectors into the
; poison elements become poison lanes (rule 1), nothing reads those elements any more,
; so the constant is completed to the full splat and its selectors read lane 0.
; RUN: %opt -passes='shuffle-lib<canon-always>' -S %s | FileCheck %s

; From clang -O3 of __builtin_shufflevector((v4si){0}, x, 4, 2, 5, 1).
; CHECK-LABEL: define <4 x i32> @partial_zero(
; CHECK-NEXT:    %s = shufflevector <4 x i32> %x, <4 x i32> zeroinitializer, <4 x i32> <i32 0, i32 4, i32 1, i32 4>
define <4 x i32> @partial_zero(<4 x i32> %x) {
  %s = shufflevector <4 x i32> %x, <4 x i32> <i32 poison, i32 0, i32 0, i32 poison>, <4 x i32> <i32 0, i32 6, i32 1, i32 5>
  ret <4 x i32> %s
}

; A selector into a poison element stays poison; the others read the completed splat.
; CHECK-LABEL: define <4 x i32> @partial_splat(
; CHECK-NEXT:    %s = shufflevector <4 x i32> %x, <4 x i32> splat (i32 7), <4 x i32> <i32 poison, i32 4, i32 1, i32 4>
define <4 x i32> @partial_splat(<4 x i32> %x) {
  %s = shufflevector <4 x i32> <i32 7, i32 poison, i32 7, i32 7>, <4 x i32> %x, <4 x i32> <i32 1, i32 2, i32 5, i32 3>
  ret <4 x i32> %s
}

; Only poison elements read: the constant is dropped, the lane is poison.
; CHECK-LABEL: define <4 x float> @reads_only_poison_elements(
; CHECK-NEXT:    %s = shufflevector <4 x float> %x, <4 x float> poison, <4 x i32> <i32 3, i32 poison, i32 2, i32 0>
define <4 x float> @reads_only_poison_elements(<4 x float> %x) {
  %s = shufflevector <4 x float> %x, <4 x float> <float poison, float 1.0, float 1.0, float 1.0>, <4 x i32> <i32 3, i32 4, i32 2, i32 0>
  ret <4 x float> %s
}

; An undef element is not poison: the constant is not a splat and nothing changes.
; CHECK-LABEL: define <4 x i32> @undef_element(
; CHECK-NEXT:    %s = shufflevector <4 x i32> %x, <4 x i32> <i32 undef, i32 0, i32 0, i32 poison>, <4 x i32> <i32 0, i32 6, i32 1, i32 4>
define <4 x i32> @undef_element(<4 x i32> %x) {
  %s = shufflevector <4 x i32> %x, <4 x i32> <i32 undef, i32 0, i32 0, i32 poison>, <4 x i32> <i32 0, i32 6, i32 1, i32 4>
  ret <4 x i32> %s
}
