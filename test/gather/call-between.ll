; Vectors gathered from scalar loads of one block, with a call among the loads that
; may not return or may unwind (`nounwind memory(none)`, not `willreturn`: it may
; exit): one load of the block would move the later loads above the call and read
; what the original never did (past a guard page, a fault where the call would have
; exited). Left alone, as where an acquire load stands among them; the same with a
; call that surely returns is gathered. Found by
; a helper's hunt (2026-11-27): from C, x86-64-v3 and AArch64 faulted.
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s

declare void @check(i64) nounwind memory(none)
declare void @check_returns(i64) nounwind willreturn memory(none)

; CHECK-LABEL: @may_not_return(
; CHECK-NOT:     load <16 x i8>
; CHECK:         call void @check(
; CHECK-NOT:     load <16 x i8>
; CHECK:         ret void
define void @may_not_return(ptr %p, ptr %out, i64 %n) {
  %a0_0 = getelementptr inbounds i8, ptr %p, i64 0
  %l0_0 = load i8, ptr %a0_0, align 1
  %g0_0 = insertelement <4 x i8> poison, i8 %l0_0, i64 0
  %a0_1 = getelementptr inbounds i8, ptr %p, i64 1
  %l0_1 = load i8, ptr %a0_1, align 1
  %g0_1 = insertelement <4 x i8> %g0_0, i8 %l0_1, i64 1
  %a0_2 = getelementptr inbounds i8, ptr %p, i64 2
  %l0_2 = load i8, ptr %a0_2, align 1
  %g0_2 = insertelement <4 x i8> %g0_1, i8 %l0_2, i64 2
  %a0_3 = getelementptr inbounds i8, ptr %p, i64 3
  %l0_3 = load i8, ptr %a0_3, align 1
  %g0_3 = insertelement <4 x i8> %g0_2, i8 %l0_3, i64 3
  %z0 = zext <4 x i8> %g0_3 to <4 x i32>
  %a1_0 = getelementptr inbounds i8, ptr %p, i64 4
  %l1_0 = load i8, ptr %a1_0, align 1
  %g1_0 = insertelement <4 x i8> poison, i8 %l1_0, i64 0
  %a1_1 = getelementptr inbounds i8, ptr %p, i64 5
  %l1_1 = load i8, ptr %a1_1, align 1
  %g1_1 = insertelement <4 x i8> %g1_0, i8 %l1_1, i64 1
  %a1_2 = getelementptr inbounds i8, ptr %p, i64 6
  %l1_2 = load i8, ptr %a1_2, align 1
  %g1_2 = insertelement <4 x i8> %g1_1, i8 %l1_2, i64 2
  %a1_3 = getelementptr inbounds i8, ptr %p, i64 7
  %l1_3 = load i8, ptr %a1_3, align 1
  %g1_3 = insertelement <4 x i8> %g1_2, i8 %l1_3, i64 3
  %z1 = zext <4 x i8> %g1_3 to <4 x i32>
  call void @check(i64 %n)
  %a2_0 = getelementptr inbounds i8, ptr %p, i64 8
  %l2_0 = load i8, ptr %a2_0, align 1
  %g2_0 = insertelement <4 x i8> poison, i8 %l2_0, i64 0
  %a2_1 = getelementptr inbounds i8, ptr %p, i64 9
  %l2_1 = load i8, ptr %a2_1, align 1
  %g2_1 = insertelement <4 x i8> %g2_0, i8 %l2_1, i64 1
  %a2_2 = getelementptr inbounds i8, ptr %p, i64 10
  %l2_2 = load i8, ptr %a2_2, align 1
  %g2_2 = insertelement <4 x i8> %g2_1, i8 %l2_2, i64 2
  %a2_3 = getelementptr inbounds i8, ptr %p, i64 11
  %l2_3 = load i8, ptr %a2_3, align 1
  %g2_3 = insertelement <4 x i8> %g2_2, i8 %l2_3, i64 3
  %z2 = zext <4 x i8> %g2_3 to <4 x i32>
  %a3_0 = getelementptr inbounds i8, ptr %p, i64 12
  %l3_0 = load i8, ptr %a3_0, align 1
  %g3_0 = insertelement <4 x i8> poison, i8 %l3_0, i64 0
  %a3_1 = getelementptr inbounds i8, ptr %p, i64 13
  %l3_1 = load i8, ptr %a3_1, align 1
  %g3_1 = insertelement <4 x i8> %g3_0, i8 %l3_1, i64 1
  %a3_2 = getelementptr inbounds i8, ptr %p, i64 14
  %l3_2 = load i8, ptr %a3_2, align 1
  %g3_2 = insertelement <4 x i8> %g3_1, i8 %l3_2, i64 2
  %a3_3 = getelementptr inbounds i8, ptr %p, i64 15
  %l3_3 = load i8, ptr %a3_3, align 1
  %g3_3 = insertelement <4 x i8> %g3_2, i8 %l3_3, i64 3
  %z3 = zext <4 x i8> %g3_3 to <4 x i32>
  %s1 = add <4 x i32> %z0, %z1
  %s2 = add <4 x i32> %s1, %z2
  %s3 = add <4 x i32> %s2, %z3
  store <4 x i32> %s3, ptr %out, align 4
  ret void
}

; An acquire load between: the later loads may not move above it.
; CHECK-LABEL: @acquire_between(
; CHECK-NOT:     load <16 x i8>
; CHECK:         load atomic
; CHECK-NOT:     load <16 x i8>
; CHECK:         ret void

; CHECK-LABEL: @returns(
; CHECK:         load <16 x i8>
; CHECK:         call void @check_returns(
define void @acquire_between(ptr %p, ptr %out, i64 %n, ptr %flag) {
  %a0_0 = getelementptr inbounds i8, ptr %p, i64 0
  %l0_0 = load i8, ptr %a0_0, align 1
  %g0_0 = insertelement <4 x i8> poison, i8 %l0_0, i64 0
  %a0_1 = getelementptr inbounds i8, ptr %p, i64 1
  %l0_1 = load i8, ptr %a0_1, align 1
  %g0_1 = insertelement <4 x i8> %g0_0, i8 %l0_1, i64 1
  %a0_2 = getelementptr inbounds i8, ptr %p, i64 2
  %l0_2 = load i8, ptr %a0_2, align 1
  %g0_2 = insertelement <4 x i8> %g0_1, i8 %l0_2, i64 2
  %a0_3 = getelementptr inbounds i8, ptr %p, i64 3
  %l0_3 = load i8, ptr %a0_3, align 1
  %g0_3 = insertelement <4 x i8> %g0_2, i8 %l0_3, i64 3
  %z0 = zext <4 x i8> %g0_3 to <4 x i32>
  %a1_0 = getelementptr inbounds i8, ptr %p, i64 4
  %l1_0 = load i8, ptr %a1_0, align 1
  %g1_0 = insertelement <4 x i8> poison, i8 %l1_0, i64 0
  %a1_1 = getelementptr inbounds i8, ptr %p, i64 5
  %l1_1 = load i8, ptr %a1_1, align 1
  %g1_1 = insertelement <4 x i8> %g1_0, i8 %l1_1, i64 1
  %a1_2 = getelementptr inbounds i8, ptr %p, i64 6
  %l1_2 = load i8, ptr %a1_2, align 1
  %g1_2 = insertelement <4 x i8> %g1_1, i8 %l1_2, i64 2
  %a1_3 = getelementptr inbounds i8, ptr %p, i64 7
  %l1_3 = load i8, ptr %a1_3, align 1
  %g1_3 = insertelement <4 x i8> %g1_2, i8 %l1_3, i64 3
  %z1 = zext <4 x i8> %g1_3 to <4 x i32>
  %seen = load atomic i32, ptr %flag acquire, align 4
  %a2_0 = getelementptr inbounds i8, ptr %p, i64 8
  %l2_0 = load i8, ptr %a2_0, align 1
  %g2_0 = insertelement <4 x i8> poison, i8 %l2_0, i64 0
  %a2_1 = getelementptr inbounds i8, ptr %p, i64 9
  %l2_1 = load i8, ptr %a2_1, align 1
  %g2_1 = insertelement <4 x i8> %g2_0, i8 %l2_1, i64 1
  %a2_2 = getelementptr inbounds i8, ptr %p, i64 10
  %l2_2 = load i8, ptr %a2_2, align 1
  %g2_2 = insertelement <4 x i8> %g2_1, i8 %l2_2, i64 2
  %a2_3 = getelementptr inbounds i8, ptr %p, i64 11
  %l2_3 = load i8, ptr %a2_3, align 1
  %g2_3 = insertelement <4 x i8> %g2_2, i8 %l2_3, i64 3
  %z2 = zext <4 x i8> %g2_3 to <4 x i32>
  %a3_0 = getelementptr inbounds i8, ptr %p, i64 12
  %l3_0 = load i8, ptr %a3_0, align 1
  %g3_0 = insertelement <4 x i8> poison, i8 %l3_0, i64 0
  %a3_1 = getelementptr inbounds i8, ptr %p, i64 13
  %l3_1 = load i8, ptr %a3_1, align 1
  %g3_1 = insertelement <4 x i8> %g3_0, i8 %l3_1, i64 1
  %a3_2 = getelementptr inbounds i8, ptr %p, i64 14
  %l3_2 = load i8, ptr %a3_2, align 1
  %g3_2 = insertelement <4 x i8> %g3_1, i8 %l3_2, i64 2
  %a3_3 = getelementptr inbounds i8, ptr %p, i64 15
  %l3_3 = load i8, ptr %a3_3, align 1
  %g3_3 = insertelement <4 x i8> %g3_2, i8 %l3_3, i64 3
  %z3 = zext <4 x i8> %g3_3 to <4 x i32>
  %s1 = add <4 x i32> %z0, %z1
  %s2 = add <4 x i32> %s1, %z2
  %s3 = add <4 x i32> %s2, %z3
  store <4 x i32> %s3, ptr %out, align 4
  ret void
}

define void @returns(ptr %p, ptr %out, i64 %n) {
  %a0_0 = getelementptr inbounds i8, ptr %p, i64 0
  %l0_0 = load i8, ptr %a0_0, align 1
  %g0_0 = insertelement <4 x i8> poison, i8 %l0_0, i64 0
  %a0_1 = getelementptr inbounds i8, ptr %p, i64 1
  %l0_1 = load i8, ptr %a0_1, align 1
  %g0_1 = insertelement <4 x i8> %g0_0, i8 %l0_1, i64 1
  %a0_2 = getelementptr inbounds i8, ptr %p, i64 2
  %l0_2 = load i8, ptr %a0_2, align 1
  %g0_2 = insertelement <4 x i8> %g0_1, i8 %l0_2, i64 2
  %a0_3 = getelementptr inbounds i8, ptr %p, i64 3
  %l0_3 = load i8, ptr %a0_3, align 1
  %g0_3 = insertelement <4 x i8> %g0_2, i8 %l0_3, i64 3
  %z0 = zext <4 x i8> %g0_3 to <4 x i32>
  %a1_0 = getelementptr inbounds i8, ptr %p, i64 4
  %l1_0 = load i8, ptr %a1_0, align 1
  %g1_0 = insertelement <4 x i8> poison, i8 %l1_0, i64 0
  %a1_1 = getelementptr inbounds i8, ptr %p, i64 5
  %l1_1 = load i8, ptr %a1_1, align 1
  %g1_1 = insertelement <4 x i8> %g1_0, i8 %l1_1, i64 1
  %a1_2 = getelementptr inbounds i8, ptr %p, i64 6
  %l1_2 = load i8, ptr %a1_2, align 1
  %g1_2 = insertelement <4 x i8> %g1_1, i8 %l1_2, i64 2
  %a1_3 = getelementptr inbounds i8, ptr %p, i64 7
  %l1_3 = load i8, ptr %a1_3, align 1
  %g1_3 = insertelement <4 x i8> %g1_2, i8 %l1_3, i64 3
  %z1 = zext <4 x i8> %g1_3 to <4 x i32>
  call void @check_returns(i64 %n)
  %a2_0 = getelementptr inbounds i8, ptr %p, i64 8
  %l2_0 = load i8, ptr %a2_0, align 1
  %g2_0 = insertelement <4 x i8> poison, i8 %l2_0, i64 0
  %a2_1 = getelementptr inbounds i8, ptr %p, i64 9
  %l2_1 = load i8, ptr %a2_1, align 1
  %g2_1 = insertelement <4 x i8> %g2_0, i8 %l2_1, i64 1
  %a2_2 = getelementptr inbounds i8, ptr %p, i64 10
  %l2_2 = load i8, ptr %a2_2, align 1
  %g2_2 = insertelement <4 x i8> %g2_1, i8 %l2_2, i64 2
  %a2_3 = getelementptr inbounds i8, ptr %p, i64 11
  %l2_3 = load i8, ptr %a2_3, align 1
  %g2_3 = insertelement <4 x i8> %g2_2, i8 %l2_3, i64 3
  %z2 = zext <4 x i8> %g2_3 to <4 x i32>
  %a3_0 = getelementptr inbounds i8, ptr %p, i64 12
  %l3_0 = load i8, ptr %a3_0, align 1
  %g3_0 = insertelement <4 x i8> poison, i8 %l3_0, i64 0
  %a3_1 = getelementptr inbounds i8, ptr %p, i64 13
  %l3_1 = load i8, ptr %a3_1, align 1
  %g3_1 = insertelement <4 x i8> %g3_0, i8 %l3_1, i64 1
  %a3_2 = getelementptr inbounds i8, ptr %p, i64 14
  %l3_2 = load i8, ptr %a3_2, align 1
  %g3_2 = insertelement <4 x i8> %g3_1, i8 %l3_2, i64 2
  %a3_3 = getelementptr inbounds i8, ptr %p, i64 15
  %l3_3 = load i8, ptr %a3_3, align 1
  %g3_3 = insertelement <4 x i8> %g3_2, i8 %l3_3, i64 3
  %z3 = zext <4 x i8> %g3_3 to <4 x i32>
  %s1 = add <4 x i32> %z0, %z1
  %s2 = add <4 x i32> %s1, %z2
  %s3 = add <4 x i32> %s2, %z3
  store <4 x i32> %s3, ptr %out, align 4
  ret void
}
