; Rule 1: a selector into a poison operand becomes a poison lane (both give poison).
; RUN: %opt -passes='shuffle-lib<canon-always>' -S %s | FileCheck %s

; CHECK-LABEL: define <4 x i32> @into_poison(
; CHECK-NEXT:    %s = shufflevector <4 x i32> %x, <4 x i32> poison, <4 x i32> <i32 0, i32 poison, i32 1, i32 poison>
define <4 x i32> @into_poison(<4 x i32> %x) {
  %s = shufflevector <4 x i32> %x, <4 x i32> poison, <4 x i32> <i32 0, i32 4, i32 1, i32 7>
  ret <4 x i32> %s
}

; Selectors into undef are not poison lanes: kept.
; CHECK-LABEL: define <4 x i32> @into_undef(
; CHECK-NEXT:    %s = shufflevector <4 x i32> %x, <4 x i32> undef, <4 x i32> <i32 0, i32 4, i32 1, i32 7>
define <4 x i32> @into_undef(<4 x i32> %x) {
  %s = shufflevector <4 x i32> %x, <4 x i32> undef, <4 x i32> <i32 0, i32 4, i32 1, i32 7>
  ret <4 x i32> %s
}
