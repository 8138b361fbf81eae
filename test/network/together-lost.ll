; Groups of one loop block that each win measured alone are measured together, and
; kept where together they do not win (pass::network::measure_together). x86-64-v3, two
; groups of two <64 x i32> shuffles of 16 registers each: alone, each group is 67
; instructions in 33 cycles kept and 66 in 24.75 as 2 stages of 8-lane shuffles;
; together the networks spill: 166 instructions in 64 cycles kept, 164 in 70 taken.
; Both were taken alone and the loop went 64.24 -> 70.18 cycles an iteration by
; llvm-mca; now both stay (scripts/network_loops.py, x86-64-v3 w109).
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; REMARK: network: kept the 2 <64 x i32> shuffles: 2 stages of 8-lane shuffles (predicted 32; llc 164 in 70.00 cycles), no faster than the original (llc 166 in 64.00 cycles, measured with 1 other groups of the block)
; REMARK: network: kept the 2 <64 x i32> shuffles: 2 stages of 8-lane shuffles (predicted 32; llc 164 in 70.00 cycles), no faster than the original (llc 166 in 64.00 cycles, measured with 1 other groups of the block)

; CHECK-LABEL: @two_winners_that_lose_together(
; CHECK:         %s0_0 = shufflevector <64 x i32> %r0, <64 x i32> %r1, <64 x i32>
; CHECK-NEXT:    %s0_1 = shufflevector <64 x i32> %r0, <64 x i32> %r1, <64 x i32>
; CHECK-NEXT:    %s0_2 = shufflevector <64 x i32> %r2, <64 x i32> %r3, <64 x i32>
; CHECK-NEXT:    %s0_3 = shufflevector <64 x i32> %r2, <64 x i32> %r3, <64 x i32>
; CHECK-NEXT:    %s1_0 = shufflevector <64 x i32> %s0_0, <64 x i32> poison, <64 x i32>
define void @two_winners_that_lose_together(ptr %dst, ptr %src, i64 %n) {
entry:
  %c0 = icmp sgt i64 %n, 0
  br i1 %c0, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %so = mul i64 %i, 1024
  %do = mul i64 %i, 1024
  %s = getelementptr i8, ptr %src, i64 %so
  %d = getelementptr i8, ptr %dst, i64 %do
  %p0 = getelementptr i8, ptr %s, i64 0
  %r0 = load <64 x i32>, ptr %p0, align 1
  %p1 = getelementptr i8, ptr %s, i64 256
  %r1 = load <64 x i32>, ptr %p1, align 1
  %p2 = getelementptr i8, ptr %s, i64 512
  %r2 = load <64 x i32>, ptr %p2, align 1
  %p3 = getelementptr i8, ptr %s, i64 768
  %r3 = load <64 x i32>, ptr %p3, align 1
  %s0_0 = shufflevector <64 x i32> %r0, <64 x i32> %r1, <64 x i32> <i32 0, i32 1, i32 2, i32 3, i32 64, i32 65, i32 66, i32 67, i32 4, i32 5, i32 6, i32 7, i32 68, i32 69, i32 70, i32 71, i32 8, i32 9, i32 10, i32 11, i32 72, i32 73, i32 74, i32 75, i32 12, i32 13, i32 14, i32 15, i32 76, i32 77, i32 78, i32 79, i32 16, i32 17, i32 18, i32 19, i32 80, i32 81, i32 82, i32 83, i32 20, i32 21, i32 22, i32 23, i32 84, i32 85, i32 86, i32 87, i32 24, i32 25, i32 26, i32 27, i32 88, i32 89, i32 90, i32 91, i32 28, i32 29, i32 30, i32 31, i32 92, i32 93, i32 94, i32 95>
  %s0_1 = shufflevector <64 x i32> %r0, <64 x i32> %r1, <64 x i32> <i32 32, i32 33, i32 34, i32 35, i32 96, i32 97, i32 98, i32 99, i32 36, i32 37, i32 38, i32 39, i32 100, i32 101, i32 102, i32 103, i32 40, i32 41, i32 42, i32 43, i32 104, i32 105, i32 106, i32 107, i32 44, i32 45, i32 46, i32 47, i32 108, i32 109, i32 110, i32 111, i32 48, i32 49, i32 50, i32 51, i32 112, i32 113, i32 114, i32 115, i32 52, i32 53, i32 54, i32 55, i32 116, i32 117, i32 118, i32 119, i32 56, i32 57, i32 58, i32 59, i32 120, i32 121, i32 122, i32 123, i32 60, i32 61, i32 62, i32 63, i32 124, i32 125, i32 126, i32 127>
  %s0_2 = shufflevector <64 x i32> %r2, <64 x i32> %r3, <64 x i32> <i32 0, i32 1, i32 2, i32 3, i32 64, i32 65, i32 66, i32 67, i32 4, i32 5, i32 6, i32 7, i32 68, i32 69, i32 70, i32 71, i32 8, i32 9, i32 10, i32 11, i32 72, i32 73, i32 74, i32 75, i32 12, i32 13, i32 14, i32 15, i32 76, i32 77, i32 78, i32 79, i32 16, i32 17, i32 18, i32 19, i32 80, i32 81, i32 82, i32 83, i32 20, i32 21, i32 22, i32 23, i32 84, i32 85, i32 86, i32 87, i32 24, i32 25, i32 26, i32 27, i32 88, i32 89, i32 90, i32 91, i32 28, i32 29, i32 30, i32 31, i32 92, i32 93, i32 94, i32 95>
  %s0_3 = shufflevector <64 x i32> %r2, <64 x i32> %r3, <64 x i32> <i32 32, i32 33, i32 34, i32 35, i32 96, i32 97, i32 98, i32 99, i32 36, i32 37, i32 38, i32 39, i32 100, i32 101, i32 102, i32 103, i32 40, i32 41, i32 42, i32 43, i32 104, i32 105, i32 106, i32 107, i32 44, i32 45, i32 46, i32 47, i32 108, i32 109, i32 110, i32 111, i32 48, i32 49, i32 50, i32 51, i32 112, i32 113, i32 114, i32 115, i32 52, i32 53, i32 54, i32 55, i32 116, i32 117, i32 118, i32 119, i32 56, i32 57, i32 58, i32 59, i32 120, i32 121, i32 122, i32 123, i32 60, i32 61, i32 62, i32 63, i32 124, i32 125, i32 126, i32 127>
  %s1_0 = shufflevector <64 x i32> %s0_0, <64 x i32> poison, <64 x i32> <i32 0, i32 4, i32 1, i32 5, i32 32, i32 36, i32 33, i32 37, i32 8, i32 12, i32 9, i32 13, i32 40, i32 44, i32 41, i32 45, i32 16, i32 20, i32 17, i32 21, i32 48, i32 52, i32 49, i32 53, i32 24, i32 28, i32 25, i32 29, i32 56, i32 60, i32 57, i32 61, i32 2, i32 6, i32 3, i32 7, i32 34, i32 38, i32 35, i32 39, i32 10, i32 14, i32 11, i32 15, i32 42, i32 46, i32 43, i32 47, i32 18, i32 22, i32 19, i32 23, i32 50, i32 54, i32 51, i32 55, i32 26, i32 30, i32 27, i32 31, i32 58, i32 62, i32 59, i32 63>
  %s1_1 = shufflevector <64 x i32> %s0_1, <64 x i32> poison, <64 x i32> <i32 0, i32 4, i32 1, i32 5, i32 32, i32 36, i32 33, i32 37, i32 8, i32 12, i32 9, i32 13, i32 40, i32 44, i32 41, i32 45, i32 16, i32 20, i32 17, i32 21, i32 48, i32 52, i32 49, i32 53, i32 24, i32 28, i32 25, i32 29, i32 56, i32 60, i32 57, i32 61, i32 2, i32 6, i32 3, i32 7, i32 34, i32 38, i32 35, i32 39, i32 10, i32 14, i32 11, i32 15, i32 42, i32 46, i32 43, i32 47, i32 18, i32 22, i32 19, i32 23, i32 50, i32 54, i32 51, i32 55, i32 26, i32 30, i32 27, i32 31, i32 58, i32 62, i32 59, i32 63>
  %s1_2 = shufflevector <64 x i32> %s0_2, <64 x i32> poison, <64 x i32> <i32 0, i32 4, i32 1, i32 5, i32 32, i32 36, i32 33, i32 37, i32 8, i32 12, i32 9, i32 13, i32 40, i32 44, i32 41, i32 45, i32 16, i32 20, i32 17, i32 21, i32 48, i32 52, i32 49, i32 53, i32 24, i32 28, i32 25, i32 29, i32 56, i32 60, i32 57, i32 61, i32 2, i32 6, i32 3, i32 7, i32 34, i32 38, i32 35, i32 39, i32 10, i32 14, i32 11, i32 15, i32 42, i32 46, i32 43, i32 47, i32 18, i32 22, i32 19, i32 23, i32 50, i32 54, i32 51, i32 55, i32 26, i32 30, i32 27, i32 31, i32 58, i32 62, i32 59, i32 63>
  %s1_3 = shufflevector <64 x i32> %s0_3, <64 x i32> poison, <64 x i32> <i32 0, i32 4, i32 1, i32 5, i32 32, i32 36, i32 33, i32 37, i32 8, i32 12, i32 9, i32 13, i32 40, i32 44, i32 41, i32 45, i32 16, i32 20, i32 17, i32 21, i32 48, i32 52, i32 49, i32 53, i32 24, i32 28, i32 25, i32 29, i32 56, i32 60, i32 57, i32 61, i32 2, i32 6, i32 3, i32 7, i32 34, i32 38, i32 35, i32 39, i32 10, i32 14, i32 11, i32 15, i32 42, i32 46, i32 43, i32 47, i32 18, i32 22, i32 19, i32 23, i32 50, i32 54, i32 51, i32 55, i32 26, i32 30, i32 27, i32 31, i32 58, i32 62, i32 59, i32 63>
  %q0 = getelementptr i8, ptr %d, i64 0
  store <64 x i32> %s1_0, ptr %q0, align 1
  %q1 = getelementptr i8, ptr %d, i64 256
  store <64 x i32> %s1_1, ptr %q1, align 1
  %q2 = getelementptr i8, ptr %d, i64 512
  store <64 x i32> %s1_2, ptr %q2, align 1
  %q3 = getelementptr i8, ptr %d, i64 768
  store <64 x i32> %s1_3, ptr %q3, align 1
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp slt i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
