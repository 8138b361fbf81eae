; Rules 1 and 3: a shuffle with no defined lane left is poison.
; RUN: %opt -passes='shuffle-lib<canon-always>' -S %s | FileCheck %s

; CHECK-LABEL: define <4 x i32> @all_poison_mask(
; CHECK-NEXT:    ret <4 x i32> poison
define <4 x i32> @all_poison_mask(<4 x i32> %a, <4 x i32> %b) {
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> poison
  ret <4 x i32> %s
}

; Every lane reads the poison operand.
; CHECK-LABEL: define <2 x i64> @reads_only_poison(
; CHECK-NEXT:    ret <2 x i64> poison
define <2 x i64> @reads_only_poison(<2 x i64> %a) {
  %s = shufflevector <2 x i64> %a, <2 x i64> poison, <2 x i32> <i32 2, i32 3>
  ret <2 x i64> %s
}

; A length-changing shuffle is replaced by poison of its result type.
; CHECK-LABEL: define <4 x i8> @widening_poison(
; CHECK-NEXT:    ret <4 x i8> poison
define <4 x i8> @widening_poison() {
  %s = shufflevector <2 x i8> zeroinitializer, <2 x i8> zeroinitializer, <4 x i32> <i32 poison, i32 poison, i32 poison, i32 poison>
  ret <4 x i8> %s
}

; CHECK-LABEL: define <3 x i64> @narrowing_poison(
; CHECK-NEXT:    ret <3 x i64> poison
define <3 x i64> @narrowing_poison(<4 x i64> %a) {
  %s = shufflevector <4 x i64> %a, <4 x i64> poison, <3 x i32> <i32 4, i32 5, i32 poison>
  ret <3 x i64> %s
}

; Reading only undef lanes is not poison: kept, undef second.
; CHECK-LABEL: define <2 x i64> @reads_only_undef(
; CHECK-NEXT:    %s = shufflevector <2 x i64> poison, <2 x i64> undef, <2 x i32> <i32 2, i32 3>
define <2 x i64> @reads_only_undef(<2 x i64> %a) {
  %s = shufflevector <2 x i64> %a, <2 x i64> undef, <2 x i32> <i32 2, i32 3>
  ret <2 x i64> %s
}
