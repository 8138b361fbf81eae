; A widened group's roots stored one after another in the order of their lanes, with
; nothing touching memory between the first and the last store, are stored as one
; (ir::network::mergeable_stores, merge_stores). x86-64-v3, the two <4 x i8> halves of
; an interleave of a load's 8 bytes: stored apart after the one vpshufb they were vmovd
; and vpextrd (the loop 3.09 cycles an iteration by llvm-mca, against stock's 2.59 with
; two vpshufb); stored as one, vmovq (2.07).
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 | FileCheck %s --check-prefix=ASM

; CHECK-LABEL: @side_by_side(
; CHECK:         [[W:%.*]] = shufflevector <8 x i8> %v, <8 x i8> poison, <8 x i32> <i32 0, i32 4, i32 1, i32 5, i32 2, i32 6, i32 3, i32 7>
; CHECK-NOT:     store
; CHECK:         store <8 x i8> [[W]], ptr %q0, align 2
; CHECK-NOT:     store
; CHECK:         br i1
; ASM-LABEL: side_by_side:
; ASM:           vpshufb
; ASM-NEXT:      vmovq
define void @side_by_side(ptr %dst, ptr %src, i64 %n) {
entry:
  %c0 = icmp sgt i64 %n, 0
  br i1 %c0, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %so = mul i64 %i, 8
  %s = getelementptr i8, ptr %src, i64 %so
  %d = getelementptr i8, ptr %dst, i64 %so
  %v = load <8 x i8>, ptr %s, align 1
  %x0 = shufflevector <8 x i8> %v, <8 x i8> poison, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %x1 = shufflevector <8 x i8> %v, <8 x i8> poison, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  %q0 = getelementptr i8, ptr %d, i64 0
  store <4 x i8> %x0, ptr %q0, align 2
  %q1 = getelementptr i8, ptr %d, i64 4
  store <4 x i8> %x1, ptr %q1, align 1
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp slt i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; A load between the two stores may read what the first writes: not merged.
; CHECK-LABEL: @load_between(
; CHECK:         store <4 x i8> %x0, ptr %q0
; CHECK:         load i8, ptr %other
; CHECK:         store <4 x i8> %x1, ptr %q1
define void @load_between(ptr %dst, ptr %src, ptr %other, ptr %out, i64 %n) {
entry:
  %c0 = icmp sgt i64 %n, 0
  br i1 %c0, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %so = mul i64 %i, 8
  %s = getelementptr i8, ptr %src, i64 %so
  %d = getelementptr i8, ptr %dst, i64 %so
  %v = load <8 x i8>, ptr %s, align 1
  %x0 = shufflevector <8 x i8> %v, <8 x i8> poison, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %x1 = shufflevector <8 x i8> %v, <8 x i8> poison, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  %q0 = getelementptr i8, ptr %d, i64 0
  store <4 x i8> %x0, ptr %q0, align 1
  %b = load i8, ptr %other, align 1
  %o = getelementptr i8, ptr %out, i64 %i
  store i8 %b, ptr %o, align 1
  %q1 = getelementptr i8, ptr %d, i64 4
  store <4 x i8> %x1, ptr %q1, align 1
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp slt i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; The second root stored first in memory: not one store of the whole in lane order.
; CHECK-LABEL: @swapped(
; CHECK:         store <4 x i8> %x0, ptr %q0
; CHECK:         store <4 x i8> %x1, ptr %q1
define void @swapped(ptr %dst, ptr %src, i64 %n) {
entry:
  %c0 = icmp sgt i64 %n, 0
  br i1 %c0, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %so = mul i64 %i, 8
  %s = getelementptr i8, ptr %src, i64 %so
  %d = getelementptr i8, ptr %dst, i64 %so
  %v = load <8 x i8>, ptr %s, align 1
  %x0 = shufflevector <8 x i8> %v, <8 x i8> poison, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %x1 = shufflevector <8 x i8> %v, <8 x i8> poison, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  %q0 = getelementptr i8, ptr %d, i64 4
  store <4 x i8> %x0, ptr %q0, align 1
  %q1 = getelementptr i8, ptr %d, i64 0
  store <4 x i8> %x1, ptr %q1, align 1
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp slt i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
