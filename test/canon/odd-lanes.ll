; A canonical form that is not merely harmless (poison lanes, unread operands) is not
; written where the shuffle's lanes fill no register of their own: the backend pads
; them, and what it emits then follows from the lanes read after it, which TTI's price
; of the shuffle alone does not see. Found by a helper's hunt: splat selectors on this
; 7-lane shuffle, whose lanes are extracted through `and`, made a neoverse-n1 function
; 42 instructions -> 63 (this reduction: 14 -> 21).
; REQUIRES: aarch64-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -pass-remarks-missed=shuffle-lib -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=MISSED < %t.err

; CHECK-LABEL: @seven(
; CHECK:         %z = shufflevector <8 x i32> %b, <8 x i32> <i32 0, i32 poison, i32 poison, i32 poison, i32 0, i32 poison, i32 poison, i32 0>, <7 x i32> <i32 8, i32 3, i32 15, i32 8, i32 1, i32 6, i32 12>
; MISSED: canonical form not applied: mask <8,3,15,8,1,6,12> costs 8, <8,3,8,8,1,6,8> would cost 6 (lanes that fill no register: not applied)
define <16 x i8> @seven(ptr %p, ptr %tbl) {
  %l = load <4 x i64>, ptr %p, align 8
  %s = shufflevector <4 x i64> %l, <4 x i64> poison, <4 x i32> <i32 3, i32 1, i32 3, i32 1>
  %b = bitcast <4 x i64> %s to <8 x i32>
  %z = shufflevector <8 x i32> %b, <8 x i32> <i32 0, i32 poison, i32 poison, i32 poison, i32 0, i32 poison, i32 poison, i32 0>, <7 x i32> <i32 8, i32 3, i32 15, i32 8, i32 1, i32 6, i32 12>
  %c = shufflevector <7 x i32> zeroinitializer, <7 x i32> %z, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 0, i32 1>
  %a = and <16 x i32> %c, splat (i32 15)
  %e8 = extractelement <16 x i32> %a, i64 8
  %e10 = extractelement <16 x i32> %a, i64 10
  %e12 = extractelement <16 x i32> %a, i64 12
  %x8 = zext i32 %e8 to i64
  %x10 = zext i32 %e10 to i64
  %x12 = zext i32 %e12 to i64
  %g8 = getelementptr i8, ptr %tbl, i64 %x8
  %g10 = getelementptr i8, ptr %tbl, i64 %x10
  %g12 = getelementptr i8, ptr %tbl, i64 %x12
  %v8 = load i8, ptr %g8, align 1
  %v10 = load i8, ptr %g10, align 1
  %v12 = load i8, ptr %g12, align 1
  %r0 = insertelement <16 x i8> zeroinitializer, i8 %v8, i64 8
  %r1 = insertelement <16 x i8> %r0, i8 %v10, i64 10
  %r2 = insertelement <16 x i8> %r1, i8 %v12, i64 12
  ret <16 x i8> %r2
}

; Control: eight lanes, a register's worth, and the canonical form is written.
; CHECK-LABEL: @eight(
; CHECK:         shufflevector <8 x i32> %b, <8 x i32> zeroinitializer, <8 x i32> <i32 8, i32 3, i32 8, i32 8, i32 1, i32 6, i32 8, i32 2>
define <8 x i32> @eight(<8 x i32> %b) {
  %z = shufflevector <8 x i32> %b, <8 x i32> <i32 0, i32 poison, i32 poison, i32 poison, i32 0, i32 poison, i32 poison, i32 0>, <8 x i32> <i32 8, i32 3, i32 15, i32 8, i32 1, i32 6, i32 12, i32 2>
  ret <8 x i32> %z
}
