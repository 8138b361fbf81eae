; A second run of the pass in one process (`shuffle-lib,shuffle-lib`) leaves widened
; groups as they are. The group it meets again through the widened shuffle has the
; first run's leaves and mask; its measurement was remembered under a key without the
; group's form, so the second run rebuilt it again (a helper's hunt: the IR came out
; the same, the statistic counted each group twice). The key now holds the masks of
; the roots and parts as they are (ir::network::WideShuffle::form).
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v4 -passes=shuffle-lib -stats -S %s -o %t.once.ll 2>&1 | %FileCheck %s --check-prefix=STATS
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v4 -passes='shuffle-lib,shuffle-lib' -stats -S %s -o %t.twice.ll 2>&1 | %FileCheck %s --check-prefix=STATS
; RUN: diff %t.once.ll %t.twice.ll

; STATS: {{^ *}}2 shuffle-lib - Wide shuffles rebuilt as networks of register shuffles

define void @two_groups_far(ptr %o0, ptr %o1, ptr %o2, ptr %o3, ptr %src, i64 %n) {
entry:
  %c0 = icmp sgt i64 %n, 0
  br i1 %c0, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %so = mul i64 %i, 32
  %s = getelementptr i8, ptr %src, i64 %so
  %d0 = getelementptr i8, ptr %o0, i64 %so
  %d1 = getelementptr i8, ptr %o1, i64 %so
  %d2 = getelementptr i8, ptr %o2, i64 %so
  %d3 = getelementptr i8, ptr %o3, i64 %so
  %p1 = getelementptr i8, ptr %s, i64 8
  %p2 = getelementptr i8, ptr %s, i64 16
  %p3 = getelementptr i8, ptr %s, i64 24
  %r0 = load <2 x i32>, ptr %s, align 1
  %r1 = load <2 x i32>, ptr %p1, align 1
  %r2 = load <2 x i32>, ptr %p2, align 1
  %r3 = load <2 x i32>, ptr %p3, align 1
  %a = shufflevector <2 x i32> %r0, <2 x i32> %r1, <2 x i32> <i32 0, i32 2>
  %b = shufflevector <2 x i32> %r0, <2 x i32> %r1, <2 x i32> <i32 1, i32 3>
  %c = shufflevector <2 x i32> %r2, <2 x i32> %r3, <2 x i32> <i32 0, i32 2>
  %e = shufflevector <2 x i32> %r2, <2 x i32> %r3, <2 x i32> <i32 1, i32 3>
  store <2 x i32> %a, ptr %d0, align 1
  store <2 x i32> %b, ptr %d1, align 1
  store <2 x i32> %c, ptr %d2, align 1
  store <2 x i32> %e, ptr %d3, align 1
  %i.next = add nuw nsw i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

