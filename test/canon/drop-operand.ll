; Rule 3: an operand no selector reads is replaced by poison.
; RUN: %opt -passes='shuffle-lib<canon-always>' -S %s | FileCheck %s

; CHECK-LABEL: define <4 x i32> @unread_second(
; CHECK-NEXT:    %s = shufflevector <4 x i32> %a, <4 x i32> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
define <4 x i32> @unread_second(<4 x i32> %a, <4 x i32> %b) {
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  ret <4 x i32> %s
}

; The first operand unread: dropped, then the poison goes second (4a).
; CHECK-LABEL: define <4 x i32> @unread_first(
; CHECK-NEXT:    %s = shufflevector <4 x i32> %b, <4 x i32> poison, <4 x i32> <i32 1, i32 poison, i32 0, i32 0>
define <4 x i32> @unread_first(<4 x i32> %a, <4 x i32> %b) {
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 5, i32 poison, i32 4, i32 4>
  ret <4 x i32> %s
}

; An unread undef becomes poison too (nothing reads it, so nothing changes).
; CHECK-LABEL: define <2 x i32> @unread_undef(
; CHECK-NEXT:    %s = shufflevector <4 x i32> %a, <4 x i32> poison, <2 x i32> <i32 1, i32 2>
define <2 x i32> @unread_undef(<4 x i32> %a) {
  %s = shufflevector <4 x i32> %a, <4 x i32> undef, <2 x i32> <i32 1, i32 2>
  ret <2 x i32> %s
}
