; Rule 4a: a poison or undef operand goes second.
; RUN: %opt -passes='shuffle-lib<canon-always>' -S %s | FileCheck %s

; CHECK-LABEL: define <4 x i32> @poison_first(
; CHECK-NEXT:    %s = shufflevector <4 x i32> %x, <4 x i32> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
define <4 x i32> @poison_first(<4 x i32> %x) {
  %s = shufflevector <4 x i32> poison, <4 x i32> %x, <4 x i32> <i32 7, i32 6, i32 5, i32 4>
  ret <4 x i32> %s
}

; Selectors into undef are kept: undef lanes may not become poison lanes.
; CHECK-LABEL: define <4 x i32> @undef_first(
; CHECK-NEXT:    %s = shufflevector <4 x i32> %x, <4 x i32> undef, <4 x i32> <i32 1, i32 6, i32 0, i32 poison>
define <4 x i32> @undef_first(<4 x i32> %x) {
  %s = shufflevector <4 x i32> undef, <4 x i32> %x, <4 x i32> <i32 5, i32 2, i32 4, i32 poison>
  ret <4 x i32> %s
}

; Undef before zeroinitializer: undef still goes second (4a decides before 4b).
; CHECK-LABEL: define <4 x i32> @undef_and_zero(
; CHECK-NEXT:    %s = shufflevector <4 x i32> zeroinitializer, <4 x i32> undef, <4 x i32> <i32 4, i32 0, i32 5, i32 0>
define <4 x i32> @undef_and_zero(<4 x i32> %x) {
  %s = shufflevector <4 x i32> undef, <4 x i32> zeroinitializer, <4 x i32> <i32 0, i32 5, i32 1, i32 7>
  ret <4 x i32> %s
}

; Already canonical: unchanged.
; CHECK-LABEL: define <8 x i16> @canonical(
; CHECK-NEXT:    %s = shufflevector <8 x i16> %x, <8 x i16> undef, <8 x i32> <i32 0, i32 8, i32 1, i32 9, i32 2, i32 10, i32 3, i32 11>
define <8 x i16> @canonical(<8 x i16> %x) {
  %s = shufflevector <8 x i16> %x, <8 x i16> undef, <8 x i32> <i32 0, i32 8, i32 1, i32 9, i32 2, i32 10, i32 3, i32 11>
  ret <8 x i16> %s
}
