; In a loop on x86, a measurement's cycles are llvm-mca's simulation of its block run
; as a loop, never fewer than the scheduling model's bound (the busiest port): the
; simulation also sees latencies the reorder buffer cannot hide.
; * x86-64-v4, two <64 x float> shuffles of one load, one stored and one added to a
;   load and stored (random loop w519 of scripts/network_loops.py): by the bound, the
;   original is 52 instructions in 17 cycles and the network 52 in 18, and it was
;   kept; simulated, the original takes 19 and the network is taken. The loop by
;   llvm-mca: 20.23 cycles an iteration kept, 18.22 taken.
; * A register the block reads before it writes it is loop-invariant in the
;   simulation: the `vpermw` that deinterleaves a load's 16 x i16 takes its index from
;   a register (its load hoisted) and writes its result over it, which would otherwise
;   chain each iteration to the last (13 cycles an iteration where the loop takes 2).
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v4 -passes=shuffle-lib -pass-remarks=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | FileCheck %s
; CHECK: remark: {{.*}}network: 2 <64 x float> shuffles of 16 registers (llc 52 in 19.00 cycles) became 2 stages of 8-lane shuffles, 32 in all, the first loaded half by half (predicted 32; llc 52 in 18.00 cycles)
; CHECK: remark: {{.*}}network: 2 <8 x i16> shuffles (llc 4 in 4.00 cycles) became one 16-lane shuffle of their sources side by side, stored as one (llc 2 in 2.00 cycles)

define void @latency_bound(ptr %dst, ptr %src, i64 %n) {
entry:
  %c0 = icmp sgt i64 %n, 0
  br i1 %c0, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %so = mul i64 %i, 1024
  %do = mul i64 %i, 512
  %s = getelementptr i8, ptr %src, i64 %so
  %d = getelementptr i8, ptr %dst, i64 %do
  %v = load <128 x float>, ptr %s, align 1
  %x0 = shufflevector <128 x float> %v, <128 x float> poison, <64 x i32> <i32 0, i32 16, i32 1, i32 17, i32 64, i32 80, i32 65, i32 81, i32 2, i32 18, i32 3, i32 19, i32 66, i32 82, i32 67, i32 83, i32 8, i32 24, i32 9, i32 25, i32 72, i32 88, i32 73, i32 89, i32 10, i32 26, i32 11, i32 27, i32 74, i32 90, i32 75, i32 91, i32 32, i32 48, i32 33, i32 49, i32 96, i32 112, i32 97, i32 113, i32 34, i32 50, i32 35, i32 51, i32 98, i32 114, i32 99, i32 115, i32 40, i32 56, i32 41, i32 57, i32 104, i32 120, i32 105, i32 121, i32 42, i32 58, i32 43, i32 59, i32 106, i32 122, i32 107, i32 123>
  %x1 = shufflevector <128 x float> %v, <128 x float> poison, <64 x i32> <i32 4, i32 20, i32 5, i32 21, i32 68, i32 84, i32 69, i32 85, i32 6, i32 22, i32 7, i32 23, i32 70, i32 86, i32 71, i32 87, i32 12, i32 28, i32 13, i32 29, i32 76, i32 92, i32 77, i32 93, i32 14, i32 30, i32 15, i32 31, i32 78, i32 94, i32 79, i32 95, i32 36, i32 52, i32 37, i32 53, i32 100, i32 116, i32 101, i32 117, i32 38, i32 54, i32 39, i32 55, i32 102, i32 118, i32 103, i32 119, i32 44, i32 60, i32 45, i32 61, i32 108, i32 124, i32 109, i32 125, i32 46, i32 62, i32 47, i32 63, i32 110, i32 126, i32 111, i32 127>
  %q0 = getelementptr i8, ptr %d, i64 0
  store <64 x float> %x0, ptr %q0, align 1
  %e1p = getelementptr i8, ptr %s, i64 768
  %e1 = load <64 x float>, ptr %e1p, align 1
  %z1 = fadd <64 x float> %x1, %e1
  %q1 = getelementptr i8, ptr %d, i64 256
  store <64 x float> %z1, ptr %q1, align 1
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp slt i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define void @index_in_register(ptr %dst, ptr %src, i64 %n) {
entry:
  %c0 = icmp sgt i64 %n, 0
  br i1 %c0, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %so = mul i64 %i, 32
  %do = mul i64 %i, 32
  %s = getelementptr i8, ptr %src, i64 %so
  %d = getelementptr i8, ptr %dst, i64 %do
  %v = load <16 x i16>, ptr %s, align 1
  %x0 = shufflevector <16 x i16> %v, <16 x i16> poison, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
  %x1 = shufflevector <16 x i16> %v, <16 x i16> poison, <8 x i32> <i32 1, i32 3, i32 5, i32 7, i32 9, i32 11, i32 13, i32 15>
  %q0 = getelementptr i8, ptr %d, i64 0
  store <8 x i16> %x0, ptr %q0, align 1
  %q1 = getelementptr i8, ptr %d, i64 16
  store <8 x i16> %x1, ptr %q1, align 1
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp slt i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
