; In a loop, a listing's constants are left out of its count and cycles (the backend
; hoists them): loads of constant-pool entries, and registers made from an immediate
; (`movi`, `mvni`, `fmov #`, `vmv.v.i`, zero and all-ones idioms). Counted, stock's
; `movi` (the mask of its `bit`s) made this 64-byte bit permutation on neoverse-n1 look
; an instruction dearer than a network of 12 register shuffles (llc 17 against 16, in
; 10.33 against 10.00 cycles); in the loop both are 22 instructions, and the network's
; loop ran a cycle slower (llvm-mca 12.11 -> 13.10: random loop `w5` of
; scripts/network_loops.py). Now both are 16 in 10.00 cycles, and the network is kept
; out.
; REQUIRES: aarch64-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | FileCheck %s

; CHECK: network: kept the <64 x i8> shuffle: 3 stages of 16-lane shuffles (predicted 12; llc 16 in 10.00 cycles), no faster than the original (llc 16 in 10.00 cycles)


define void @w5(ptr %dst, ptr %src, i64 %n) {
entry:
  %c0 = icmp sgt i64 %n, 0
  br i1 %c0, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %so = mul i64 %i, 64
  %do = mul i64 %i, 64
  %s = getelementptr i8, ptr %src, i64 %so
  %d = getelementptr i8, ptr %dst, i64 %do
  %v = load <64 x i8>, ptr %s, align 1
  %y = shufflevector <64 x i8> %v, <64 x i8> poison, <64 x i32> <i32 0, i32 32, i32 16, i32 48, i32 8, i32 40, i32 24, i32 56, i32 2, i32 34, i32 18, i32 50, i32 10, i32 42, i32 26, i32 58, i32 1, i32 33, i32 17, i32 49, i32 9, i32 41, i32 25, i32 57, i32 3, i32 35, i32 19, i32 51, i32 11, i32 43, i32 27, i32 59, i32 4, i32 36, i32 20, i32 52, i32 12, i32 44, i32 28, i32 60, i32 6, i32 38, i32 22, i32 54, i32 14, i32 46, i32 30, i32 62, i32 5, i32 37, i32 21, i32 53, i32 13, i32 45, i32 29, i32 61, i32 7, i32 39, i32 23, i32 55, i32 15, i32 47, i32 31, i32 63>
  store <64 x i8> %y, ptr %d, align 1
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp slt i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
