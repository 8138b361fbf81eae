; By default the canonical form is written into the IR only where the target's cost
; model (TTI::getShuffleCost) does not rate it dearer: backends match masks, and a mask
; that is canonical for recognition can hide one they know.
; REQUIRES: aarch64-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -pass-remarks-missed=shuffle-lib -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=MISSED < %t.err
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<canon-always;no-lower>' -S %s | FileCheck %s --check-prefix=ALWAYS

; AArch64 stores this interleave with zero as st2 (zip1/zip2 in registers): cost 2.
; Pointing every zero selector at lane 16 would make it a tbl: cost 128. Kept.
; CHECK-LABEL: define <32 x i8> @zip_with_zero(
; CHECK-NEXT:    shufflevector <16 x i8> %x, <16 x i8> zeroinitializer, <32 x i32> <i32 0, i32 16, i32 1, i32 17,
; MISSED: canonical form not applied: mask <0,16,1,17,{{.*}}> costs 2, <0,16,1,16,{{.*}}> would cost 128
; ALWAYS-LABEL: define <32 x i8> @zip_with_zero(
; ALWAYS-NEXT:    shufflevector <16 x i8> %x, <16 x i8> zeroinitializer, <32 x i32> <i32 0, i32 16, i32 1, i32 16,
define <32 x i8> @zip_with_zero(<16 x i8> %x) {
  %r = shufflevector <16 x i8> %x, <16 x i8> zeroinitializer, <32 x i32> <i32 0, i32 16, i32 1, i32 17, i32 2, i32 18, i32 3, i32 19, i32 4, i32 20, i32 5, i32 21, i32 6, i32 22, i32 7, i32 23, i32 8, i32 24, i32 9, i32 25, i32 10, i32 26, i32 11, i32 27, i32 12, i32 28, i32 13, i32 29, i32 14, i32 30, i32 15, i32 31>
  ret <32 x i8> %r
}

; Replacements always apply: an identity is removed whatever the costs.
; CHECK-LABEL: define <4 x i32> @identity(
; CHECK-NEXT:    ret <4 x i32> %b
define <4 x i32> @identity(<4 x i32> %a, <4 x i32> %b) {
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 4, i32 5, i32 6, i32 7>
  ret <4 x i32> %s
}

; Poison lanes and unread operands apply at equal cost: they only remove dependences.
; CHECK-LABEL: define <4 x i32> @unread(
; CHECK-NEXT:    shufflevector <4 x i32> %a, <4 x i32> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
define <4 x i32> @unread(<4 x i32> %a, <4 x i32> %b) {
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  ret <4 x i32> %s
}

; An operand swap alone changes no cost: not applied.
; CHECK-LABEL: define <4 x i32> @swap(
; CHECK-NEXT:    shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 4, i32 0, i32 5, i32 1>
define <4 x i32> @swap(<4 x i32> %a, <4 x i32> %b) {
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 4, i32 0, i32 5, i32 1>
  ret <4 x i32> %s
}

; Splats read from their first lane in a shuffle wider than a register: not applied,
; whatever TTI says (it prices the pieces of <8,8,8,8,8,8,1,2> lower; llc lowers it
; with 5 instructions, the mask as written with 3).
; CHECK-LABEL: define <8 x i32> @wide_zero_lanes(
; CHECK-NEXT:    shufflevector <8 x i32> %a, <8 x i32> zeroinitializer, <8 x i32> <i32 10, i32 15, i32 10, i32 12, i32 15, i32 14, i32 1, i32 2>
; MISSED: canonical form not applied: mask <10,15,10,12,15,14,1,2> costs {{[0-9]+}}, <8,8,8,8,8,8,1,2> would cost {{[0-9]+}} (splats read from their first lane, wider than a register: not applied)
; ALWAYS-LABEL: define <8 x i32> @wide_zero_lanes(
; ALWAYS-NEXT:    shufflevector <8 x i32> %a, <8 x i32> zeroinitializer, <8 x i32> <i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 1, i32 2>
define <8 x i32> @wide_zero_lanes(<8 x i32> %a) {
  %s = shufflevector <8 x i32> %a, <8 x i32> zeroinitializer, <8 x i32> <i32 10, i32 15, i32 10, i32 12, i32 15, i32 14, i32 1, i32 2>
  ret <8 x i32> %s
}
