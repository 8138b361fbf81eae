; What the pass does not understand, it leaves alone; the output still verifies.
; RUN: %opt -passes='shuffle-lib<canon-always>' -S %s | FileCheck %s
; RUN: %opt -passes=shuffle-lib -verify-each -disable-output %s

@g = global i32 0

; Scalable vectors: untouched, although poison comes first.
; CHECK-LABEL: define <vscale x 4 x i32> @scalable(
; CHECK-NEXT:    %s = shufflevector <vscale x 4 x i32> poison, <vscale x 4 x i32> %a, <vscale x 4 x i32> zeroinitializer
define <vscale x 4 x i32> @scalable(<vscale x 4 x i32> %a) {
  %s = shufflevector <vscale x 4 x i32> poison, <vscale x 4 x i32> %a, <vscale x 4 x i32> zeroinitializer
  ret <vscale x 4 x i32> %s
}

; A constant expression among the elements: untouched.
; CHECK-LABEL: define <2 x i64> @constant_expression(
; CHECK-NEXT:    %s = shufflevector <2 x i64> <i64 ptrtoint (ptr @g to i64), i64 0>, <2 x i64> %a, <2 x i32> <i32 2, i32 0>
define <2 x i64> @constant_expression(<2 x i64> %a) {
  %s = shufflevector <2 x i64> <i64 ptrtoint (ptr @g to i64), i64 0>, <2 x i64> %a, <2 x i32> <i32 2, i32 0>
  ret <2 x i64> %s
}

; Self-reference, valid only in unreachable code: untouched.
; CHECK-LABEL: define <4 x i32> @self_reference(
; CHECK:       dead:
; CHECK-NEXT:    %s = shufflevector <4 x i32> %s, <4 x i32> %a, <4 x i32> <i32 4, i32 5, i32 6, i32 7>
define <4 x i32> @self_reference(<4 x i32> %a) {
entry:
  ret <4 x i32> %a
dead:
  %s = shufflevector <4 x i32> %s, <4 x i32> %a, <4 x i32> <i32 4, i32 5, i32 6, i32 7>
  br label %dead
}

; Two identities that use each other (unreachable code): one is removed, the other
; would become its own replacement and stays.
; CHECK-LABEL: define <4 x i32> @identity_cycle(
; CHECK:       dead:
; CHECK-NEXT:    %y = shufflevector <4 x i32> %y, <4 x i32> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
; CHECK-NEXT:    br label %dead
define <4 x i32> @identity_cycle(<4 x i32> %a) {
entry:
  ret <4 x i32> %a
dead:
  %x = shufflevector <4 x i32> %y, <4 x i32> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %y = shufflevector <4 x i32> %x, <4 x i32> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  br label %dead
}

; Declarations are skipped.
declare <4 x i32> @external(<4 x i32>)
