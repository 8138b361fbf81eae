; AArch64 (neoverse-n1): a network's leaves loaded in a row become one load of the
; block (`ld4`), built from leaf 0. It reads what all the leaves read, so it keeps only
; the metadata they all carry alike. Copying leaf 0's `!invariant.load` onto a block
; whose row 1 the loop writes made the load UB, and LICM hoisted it out of the loop
; (a helper's hunt, 2026-11-27: every transposed row read the first round's values).
; REQUIRES: aarch64-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<late>' -S %s | FileCheck %s

; CHECK-LABEL: @leaf0_invariant(
; CHECK:         %[[W:.*]] = load <16 x float>, ptr %src, align 4{{$}}
; CHECK:         shufflevector <16 x float> %[[W]], <16 x float> poison, <4 x i32> <i32 0, i32 4, i32 8, i32 12>
define void @leaf0_invariant(ptr noalias %dst, ptr noalias %src) {
  %p1 = getelementptr i8, ptr %src, i64 16
  %p2 = getelementptr i8, ptr %src, i64 32
  %p3 = getelementptr i8, ptr %src, i64 48
  %r0 = load <4 x float>, ptr %src, align 4, !invariant.load !0
  %r1 = load <4 x float>, ptr %p1, align 4
  %r2 = load <4 x float>, ptr %p2, align 4
  %r3 = load <4 x float>, ptr %p3, align 4
  %t0 = shufflevector <4 x float> %r0, <4 x float> %r1, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %t1 = shufflevector <4 x float> %r0, <4 x float> %r1, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  %t2 = shufflevector <4 x float> %r2, <4 x float> %r3, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %t3 = shufflevector <4 x float> %r2, <4 x float> %r3, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  %c0 = shufflevector <4 x float> %t0, <4 x float> %t2, <4 x i32> <i32 0, i32 1, i32 4, i32 5>
  %c1 = shufflevector <4 x float> %t0, <4 x float> %t2, <4 x i32> <i32 2, i32 3, i32 6, i32 7>
  %c2 = shufflevector <4 x float> %t1, <4 x float> %t3, <4 x i32> <i32 0, i32 1, i32 4, i32 5>
  %c3 = shufflevector <4 x float> %t1, <4 x float> %t3, <4 x i32> <i32 2, i32 3, i32 6, i32 7>
  %q1 = getelementptr i8, ptr %dst, i64 16
  %q2 = getelementptr i8, ptr %dst, i64 32
  %q3 = getelementptr i8, ptr %dst, i64 48
  store <4 x float> %c0, ptr %dst, align 4
  store <4 x float> %c1, ptr %q1, align 4
  store <4 x float> %c2, ptr %q2, align 4
  store <4 x float> %c3, ptr %q3, align 4
  ret void
}

; Every leaf `!nontemporal` and `!invariant.load` alike: the block's load is too.
; CHECK-LABEL: @all_alike(
; CHECK:         load <16 x float>, ptr %src, align 4, !invariant.load !0, !nontemporal !1
define void @all_alike(ptr noalias %dst, ptr noalias %src) {
  %p1 = getelementptr i8, ptr %src, i64 16
  %p2 = getelementptr i8, ptr %src, i64 32
  %p3 = getelementptr i8, ptr %src, i64 48
  %r0 = load <4 x float>, ptr %src, align 4, !invariant.load !0, !nontemporal !1
  %r1 = load <4 x float>, ptr %p1, align 4, !invariant.load !0, !nontemporal !1
  %r2 = load <4 x float>, ptr %p2, align 4, !invariant.load !0, !nontemporal !1
  %r3 = load <4 x float>, ptr %p3, align 4, !invariant.load !0, !nontemporal !1
  %t0 = shufflevector <4 x float> %r0, <4 x float> %r1, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %t1 = shufflevector <4 x float> %r0, <4 x float> %r1, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  %t2 = shufflevector <4 x float> %r2, <4 x float> %r3, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %t3 = shufflevector <4 x float> %r2, <4 x float> %r3, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  %c0 = shufflevector <4 x float> %t0, <4 x float> %t2, <4 x i32> <i32 0, i32 1, i32 4, i32 5>
  %c1 = shufflevector <4 x float> %t0, <4 x float> %t2, <4 x i32> <i32 2, i32 3, i32 6, i32 7>
  %c2 = shufflevector <4 x float> %t1, <4 x float> %t3, <4 x i32> <i32 0, i32 1, i32 4, i32 5>
  %c3 = shufflevector <4 x float> %t1, <4 x float> %t3, <4 x i32> <i32 2, i32 3, i32 6, i32 7>
  %q1 = getelementptr i8, ptr %dst, i64 16
  %q2 = getelementptr i8, ptr %dst, i64 32
  %q3 = getelementptr i8, ptr %dst, i64 48
  store <4 x float> %c0, ptr %dst, align 4
  store <4 x float> %c1, ptr %q1, align 4
  store <4 x float> %c2, ptr %q2, align 4
  store <4 x float> %c3, ptr %q3, align 4
  ret void
}

!0 = !{}
!1 = !{i32 1}
