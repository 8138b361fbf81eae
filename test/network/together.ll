; Groups of one loop block that each lose measured alone are measured together, where
; none wins alone: the backend merges stores side by side across groups, which a
; group alone does not show (pass::network::measure_together). x86-64-v3, a written-out
; transpose of eight <2 x i32> rows as two groups of four shuffles, each stored 8
; bytes from the other group's: alone, each group is 14 instructions in 4.5 cycles
; kept and 10 in 5 as one stage of 4-lane shuffles; together, kept, the backend
; joins the two groups' results with vinsertf128 into 32-byte stores: 28 in 16
; cycles against 18 in 8, and the loop goes 16.12 -> 8.13 cycles an iteration by
; llvm-mca (scripts/network_loops.py, x86-64-v3 w292).
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; REMARK: network: 4 <2 x i32> shuffles of 2 registers (llc 28 in 16.00 cycles, measured with 1 other groups of the block) became 1 stages of 4-lane shuffles, 2 in all
; REMARK: network: 4 <2 x i32> shuffles of 2 registers (llc 28 in 16.00 cycles, measured with 1 other groups of the block) became 1 stages of 4-lane shuffles, 2 in all

; CHECK-LABEL: @written_out_transpose(
; CHECK:         [[A:%.*]] = shufflevector <2 x i32> %r0, <2 x i32> %r2, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
; CHECK-NEXT:    [[B:%.*]] = shufflevector <2 x i32> %r4, <2 x i32> %r6, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
; CHECK-NEXT:    [[LO:%.*]] = shufflevector <4 x i32> [[A]], <4 x i32> [[B]], <4 x i32> <i32 0, i32 4, i32 1, i32 5>
; CHECK-NEXT:    [[HI:%.*]] = shufflevector <4 x i32> [[A]], <4 x i32> [[B]], <4 x i32> <i32 2, i32 6, i32 3, i32 7>
; CHECK-NEXT:    %s1_0 = shufflevector <4 x i32> [[LO]], <4 x i32> poison, <2 x i32> <i32 0, i32 1>
; CHECK:         store <2 x i32> %s1_0, ptr %q0
define void @written_out_transpose(ptr %dst, ptr %src, i64 %n) {
entry:
  %c0 = icmp sgt i64 %n, 0
  br i1 %c0, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %so = mul i64 %i, 64
  %do = mul i64 %i, 64
  %s = getelementptr i8, ptr %src, i64 %so
  %d = getelementptr i8, ptr %dst, i64 %do
  %p0 = getelementptr i8, ptr %s, i64 0
  %r0 = load <2 x i32>, ptr %p0, align 1
  %p1 = getelementptr i8, ptr %s, i64 8
  %r1 = load <2 x i32>, ptr %p1, align 1
  %p2 = getelementptr i8, ptr %s, i64 16
  %r2 = load <2 x i32>, ptr %p2, align 1
  %p3 = getelementptr i8, ptr %s, i64 24
  %r3 = load <2 x i32>, ptr %p3, align 1
  %p4 = getelementptr i8, ptr %s, i64 32
  %r4 = load <2 x i32>, ptr %p4, align 1
  %p5 = getelementptr i8, ptr %s, i64 40
  %r5 = load <2 x i32>, ptr %p5, align 1
  %p6 = getelementptr i8, ptr %s, i64 48
  %r6 = load <2 x i32>, ptr %p6, align 1
  %p7 = getelementptr i8, ptr %s, i64 56
  %r7 = load <2 x i32>, ptr %p7, align 1
  %s0_0 = shufflevector <2 x i32> %r0, <2 x i32> %r2, <2 x i32> <i32 0, i32 2>
  %s0_2 = shufflevector <2 x i32> %r0, <2 x i32> %r2, <2 x i32> <i32 1, i32 3>
  %s0_1 = shufflevector <2 x i32> %r1, <2 x i32> %r3, <2 x i32> <i32 0, i32 2>
  %s0_3 = shufflevector <2 x i32> %r1, <2 x i32> %r3, <2 x i32> <i32 1, i32 3>
  %s0_4 = shufflevector <2 x i32> %r4, <2 x i32> %r6, <2 x i32> <i32 0, i32 2>
  %s0_6 = shufflevector <2 x i32> %r4, <2 x i32> %r6, <2 x i32> <i32 1, i32 3>
  %s0_5 = shufflevector <2 x i32> %r5, <2 x i32> %r7, <2 x i32> <i32 0, i32 2>
  %s0_7 = shufflevector <2 x i32> %r5, <2 x i32> %r7, <2 x i32> <i32 1, i32 3>
  %s1_0 = shufflevector <2 x i32> %s0_0, <2 x i32> %s0_4, <2 x i32> <i32 0, i32 2>
  %s1_4 = shufflevector <2 x i32> %s0_0, <2 x i32> %s0_4, <2 x i32> <i32 1, i32 3>
  %s1_1 = shufflevector <2 x i32> %s0_1, <2 x i32> %s0_5, <2 x i32> <i32 0, i32 2>
  %s1_5 = shufflevector <2 x i32> %s0_1, <2 x i32> %s0_5, <2 x i32> <i32 1, i32 3>
  %s1_2 = shufflevector <2 x i32> %s0_2, <2 x i32> %s0_6, <2 x i32> <i32 0, i32 2>
  %s1_6 = shufflevector <2 x i32> %s0_2, <2 x i32> %s0_6, <2 x i32> <i32 1, i32 3>
  %s1_3 = shufflevector <2 x i32> %s0_3, <2 x i32> %s0_7, <2 x i32> <i32 0, i32 2>
  %s1_7 = shufflevector <2 x i32> %s0_3, <2 x i32> %s0_7, <2 x i32> <i32 1, i32 3>
  %q0 = getelementptr i8, ptr %d, i64 0
  store <2 x i32> %s1_0, ptr %q0, align 1
  %q1 = getelementptr i8, ptr %d, i64 8
  store <2 x i32> %s1_1, ptr %q1, align 1
  %q2 = getelementptr i8, ptr %d, i64 16
  store <2 x i32> %s1_2, ptr %q2, align 1
  %q3 = getelementptr i8, ptr %d, i64 24
  store <2 x i32> %s1_3, ptr %q3, align 1
  %q4 = getelementptr i8, ptr %d, i64 32
  store <2 x i32> %s1_4, ptr %q4, align 1
  %q5 = getelementptr i8, ptr %d, i64 40
  store <2 x i32> %s1_5, ptr %q5, align 1
  %q6 = getelementptr i8, ptr %d, i64 48
  store <2 x i32> %s1_6, ptr %q6, align 1
  %q7 = getelementptr i8, ptr %d, i64 56
  store <2 x i32> %s1_7, ptr %q7, align 1
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp slt i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
