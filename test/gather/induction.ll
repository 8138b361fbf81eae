; x86-64-v4's loop vectorizer keeps the item index as a vector induction and takes each
; gathered load's offset from a lane of `shl` of it: lane k is one part every lane
; shares plus a constant, so the 32 loads of 4 items of 8 bytes read one block of 32
; bytes once and become one load of it. A non-splat step, or a lane of another vector,
; gives each lane its own base: left alone.
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v4 -passes='shuffle-lib<late;lower-always>' -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v4 -passes='shuffle-lib<late;lower-always>' -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

; CHECK-LABEL: @items(
; CHECK:         load <32 x i8>, ptr %a0_0, align 1
; CHECK-NOT:     load i8
; CHECK:         ret void
; CHECK-LABEL: @uneven_step(
; CHECK-NOT:     load <32 x i8>
; CHECK:         ret void
; CHECK-LABEL: @from_argument(
; CHECK-NOT:     load <4 x i8>
; CHECK:         ret void
; REMARK: remark: {{.*}}gather: 8 <4 x i8> gathered from 32 loads (llc ?) became one load
; REMARK-NOT: remark

define void @items(ptr %src, ptr %dst, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %iv = phi <4 x i64> [ <i64 0, i64 1, i64 2, i64 3>, %entry ], [ %iv.next, %loop ]
  %sh = shl <4 x i64> %iv, splat (i64 3)
  %x0 = extractelement <4 x i64> %sh, i64 0
  %b0 = getelementptr inbounds i8, ptr %src, i64 %x0
  %x1 = extractelement <4 x i64> %sh, i64 1
  %b1 = getelementptr inbounds i8, ptr %src, i64 %x1
  %x2 = extractelement <4 x i64> %sh, i64 2
  %b2 = getelementptr inbounds i8, ptr %src, i64 %x2
  %x3 = extractelement <4 x i64> %sh, i64 3
  %b3 = getelementptr inbounds i8, ptr %src, i64 %x3
  %a0_0 = getelementptr inbounds i8, ptr %b0, i64 0
  %l0_0 = load i8, ptr %a0_0, align 1
  %v0_0 = insertelement <4 x i8> poison, i8 %l0_0, i64 0
  %a0_1 = getelementptr inbounds i8, ptr %b1, i64 0
  %l0_1 = load i8, ptr %a0_1, align 1
  %v0_1 = insertelement <4 x i8> %v0_0, i8 %l0_1, i64 1
  %a0_2 = getelementptr inbounds i8, ptr %b2, i64 0
  %l0_2 = load i8, ptr %a0_2, align 1
  %v0_2 = insertelement <4 x i8> %v0_1, i8 %l0_2, i64 2
  %a0_3 = getelementptr inbounds i8, ptr %b3, i64 0
  %l0_3 = load i8, ptr %a0_3, align 1
  %v0_3 = insertelement <4 x i8> %v0_2, i8 %l0_3, i64 3
  %a1_0 = getelementptr inbounds i8, ptr %b0, i64 1
  %l1_0 = load i8, ptr %a1_0, align 1
  %v1_0 = insertelement <4 x i8> poison, i8 %l1_0, i64 0
  %a1_1 = getelementptr inbounds i8, ptr %b1, i64 1
  %l1_1 = load i8, ptr %a1_1, align 1
  %v1_1 = insertelement <4 x i8> %v1_0, i8 %l1_1, i64 1
  %a1_2 = getelementptr inbounds i8, ptr %b2, i64 1
  %l1_2 = load i8, ptr %a1_2, align 1
  %v1_2 = insertelement <4 x i8> %v1_1, i8 %l1_2, i64 2
  %a1_3 = getelementptr inbounds i8, ptr %b3, i64 1
  %l1_3 = load i8, ptr %a1_3, align 1
  %v1_3 = insertelement <4 x i8> %v1_2, i8 %l1_3, i64 3
  %a2_0 = getelementptr inbounds i8, ptr %b0, i64 2
  %l2_0 = load i8, ptr %a2_0, align 1
  %v2_0 = insertelement <4 x i8> poison, i8 %l2_0, i64 0
  %a2_1 = getelementptr inbounds i8, ptr %b1, i64 2
  %l2_1 = load i8, ptr %a2_1, align 1
  %v2_1 = insertelement <4 x i8> %v2_0, i8 %l2_1, i64 1
  %a2_2 = getelementptr inbounds i8, ptr %b2, i64 2
  %l2_2 = load i8, ptr %a2_2, align 1
  %v2_2 = insertelement <4 x i8> %v2_1, i8 %l2_2, i64 2
  %a2_3 = getelementptr inbounds i8, ptr %b3, i64 2
  %l2_3 = load i8, ptr %a2_3, align 1
  %v2_3 = insertelement <4 x i8> %v2_2, i8 %l2_3, i64 3
  %a3_0 = getelementptr inbounds i8, ptr %b0, i64 3
  %l3_0 = load i8, ptr %a3_0, align 1
  %v3_0 = insertelement <4 x i8> poison, i8 %l3_0, i64 0
  %a3_1 = getelementptr inbounds i8, ptr %b1, i64 3
  %l3_1 = load i8, ptr %a3_1, align 1
  %v3_1 = insertelement <4 x i8> %v3_0, i8 %l3_1, i64 1
  %a3_2 = getelementptr inbounds i8, ptr %b2, i64 3
  %l3_2 = load i8, ptr %a3_2, align 1
  %v3_2 = insertelement <4 x i8> %v3_1, i8 %l3_2, i64 2
  %a3_3 = getelementptr inbounds i8, ptr %b3, i64 3
  %l3_3 = load i8, ptr %a3_3, align 1
  %v3_3 = insertelement <4 x i8> %v3_2, i8 %l3_3, i64 3
  %a4_0 = getelementptr inbounds i8, ptr %b0, i64 4
  %l4_0 = load i8, ptr %a4_0, align 1
  %v4_0 = insertelement <4 x i8> poison, i8 %l4_0, i64 0
  %a4_1 = getelementptr inbounds i8, ptr %b1, i64 4
  %l4_1 = load i8, ptr %a4_1, align 1
  %v4_1 = insertelement <4 x i8> %v4_0, i8 %l4_1, i64 1
  %a4_2 = getelementptr inbounds i8, ptr %b2, i64 4
  %l4_2 = load i8, ptr %a4_2, align 1
  %v4_2 = insertelement <4 x i8> %v4_1, i8 %l4_2, i64 2
  %a4_3 = getelementptr inbounds i8, ptr %b3, i64 4
  %l4_3 = load i8, ptr %a4_3, align 1
  %v4_3 = insertelement <4 x i8> %v4_2, i8 %l4_3, i64 3
  %a5_0 = getelementptr inbounds i8, ptr %b0, i64 5
  %l5_0 = load i8, ptr %a5_0, align 1
  %v5_0 = insertelement <4 x i8> poison, i8 %l5_0, i64 0
  %a5_1 = getelementptr inbounds i8, ptr %b1, i64 5
  %l5_1 = load i8, ptr %a5_1, align 1
  %v5_1 = insertelement <4 x i8> %v5_0, i8 %l5_1, i64 1
  %a5_2 = getelementptr inbounds i8, ptr %b2, i64 5
  %l5_2 = load i8, ptr %a5_2, align 1
  %v5_2 = insertelement <4 x i8> %v5_1, i8 %l5_2, i64 2
  %a5_3 = getelementptr inbounds i8, ptr %b3, i64 5
  %l5_3 = load i8, ptr %a5_3, align 1
  %v5_3 = insertelement <4 x i8> %v5_2, i8 %l5_3, i64 3
  %a6_0 = getelementptr inbounds i8, ptr %b0, i64 6
  %l6_0 = load i8, ptr %a6_0, align 1
  %v6_0 = insertelement <4 x i8> poison, i8 %l6_0, i64 0
  %a6_1 = getelementptr inbounds i8, ptr %b1, i64 6
  %l6_1 = load i8, ptr %a6_1, align 1
  %v6_1 = insertelement <4 x i8> %v6_0, i8 %l6_1, i64 1
  %a6_2 = getelementptr inbounds i8, ptr %b2, i64 6
  %l6_2 = load i8, ptr %a6_2, align 1
  %v6_2 = insertelement <4 x i8> %v6_1, i8 %l6_2, i64 2
  %a6_3 = getelementptr inbounds i8, ptr %b3, i64 6
  %l6_3 = load i8, ptr %a6_3, align 1
  %v6_3 = insertelement <4 x i8> %v6_2, i8 %l6_3, i64 3
  %a7_0 = getelementptr inbounds i8, ptr %b0, i64 7
  %l7_0 = load i8, ptr %a7_0, align 1
  %v7_0 = insertelement <4 x i8> poison, i8 %l7_0, i64 0
  %a7_1 = getelementptr inbounds i8, ptr %b1, i64 7
  %l7_1 = load i8, ptr %a7_1, align 1
  %v7_1 = insertelement <4 x i8> %v7_0, i8 %l7_1, i64 1
  %a7_2 = getelementptr inbounds i8, ptr %b2, i64 7
  %l7_2 = load i8, ptr %a7_2, align 1
  %v7_2 = insertelement <4 x i8> %v7_1, i8 %l7_2, i64 2
  %a7_3 = getelementptr inbounds i8, ptr %b3, i64 7
  %l7_3 = load i8, ptr %a7_3, align 1
  %v7_3 = insertelement <4 x i8> %v7_2, i8 %l7_3, i64 3
  %d0 = getelementptr inbounds i8, ptr %dst, i64 0
  store <4 x i8> %v0_3, ptr %d0, align 1
  %d1 = getelementptr inbounds i8, ptr %dst, i64 4
  store <4 x i8> %v1_3, ptr %d1, align 1
  %d2 = getelementptr inbounds i8, ptr %dst, i64 8
  store <4 x i8> %v2_3, ptr %d2, align 1
  %d3 = getelementptr inbounds i8, ptr %dst, i64 12
  store <4 x i8> %v3_3, ptr %d3, align 1
  %d4 = getelementptr inbounds i8, ptr %dst, i64 16
  store <4 x i8> %v4_3, ptr %d4, align 1
  %d5 = getelementptr inbounds i8, ptr %dst, i64 20
  store <4 x i8> %v5_3, ptr %d5, align 1
  %d6 = getelementptr inbounds i8, ptr %dst, i64 24
  store <4 x i8> %v6_3, ptr %d6, align 1
  %d7 = getelementptr inbounds i8, ptr %dst, i64 28
  store <4 x i8> %v7_3, ptr %d7, align 1
  %iv.next = add <4 x i64> %iv, splat (i64 4)
  %i.next = add i64 %i, 4
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; The lanes step apart: no shared base.
define void @uneven_step(ptr %src, ptr %dst, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %iv = phi <4 x i64> [ <i64 0, i64 1, i64 2, i64 3>, %entry ], [ %iv.next, %loop ]
  %sh = shl <4 x i64> %iv, splat (i64 3)
  %x0 = extractelement <4 x i64> %sh, i64 0
  %b0 = getelementptr inbounds i8, ptr %src, i64 %x0
  %x1 = extractelement <4 x i64> %sh, i64 1
  %b1 = getelementptr inbounds i8, ptr %src, i64 %x1
  %x2 = extractelement <4 x i64> %sh, i64 2
  %b2 = getelementptr inbounds i8, ptr %src, i64 %x2
  %x3 = extractelement <4 x i64> %sh, i64 3
  %b3 = getelementptr inbounds i8, ptr %src, i64 %x3
  %a0_0 = getelementptr inbounds i8, ptr %b0, i64 0
  %l0_0 = load i8, ptr %a0_0, align 1
  %v0_0 = insertelement <4 x i8> poison, i8 %l0_0, i64 0
  %a0_1 = getelementptr inbounds i8, ptr %b1, i64 0
  %l0_1 = load i8, ptr %a0_1, align 1
  %v0_1 = insertelement <4 x i8> %v0_0, i8 %l0_1, i64 1
  %a0_2 = getelementptr inbounds i8, ptr %b2, i64 0
  %l0_2 = load i8, ptr %a0_2, align 1
  %v0_2 = insertelement <4 x i8> %v0_1, i8 %l0_2, i64 2
  %a0_3 = getelementptr inbounds i8, ptr %b3, i64 0
  %l0_3 = load i8, ptr %a0_3, align 1
  %v0_3 = insertelement <4 x i8> %v0_2, i8 %l0_3, i64 3
  %a1_0 = getelementptr inbounds i8, ptr %b0, i64 1
  %l1_0 = load i8, ptr %a1_0, align 1
  %v1_0 = insertelement <4 x i8> poison, i8 %l1_0, i64 0
  %a1_1 = getelementptr inbounds i8, ptr %b1, i64 1
  %l1_1 = load i8, ptr %a1_1, align 1
  %v1_1 = insertelement <4 x i8> %v1_0, i8 %l1_1, i64 1
  %a1_2 = getelementptr inbounds i8, ptr %b2, i64 1
  %l1_2 = load i8, ptr %a1_2, align 1
  %v1_2 = insertelement <4 x i8> %v1_1, i8 %l1_2, i64 2
  %a1_3 = getelementptr inbounds i8, ptr %b3, i64 1
  %l1_3 = load i8, ptr %a1_3, align 1
  %v1_3 = insertelement <4 x i8> %v1_2, i8 %l1_3, i64 3
  %a2_0 = getelementptr inbounds i8, ptr %b0, i64 2
  %l2_0 = load i8, ptr %a2_0, align 1
  %v2_0 = insertelement <4 x i8> poison, i8 %l2_0, i64 0
  %a2_1 = getelementptr inbounds i8, ptr %b1, i64 2
  %l2_1 = load i8, ptr %a2_1, align 1
  %v2_1 = insertelement <4 x i8> %v2_0, i8 %l2_1, i64 1
  %a2_2 = getelementptr inbounds i8, ptr %b2, i64 2
  %l2_2 = load i8, ptr %a2_2, align 1
  %v2_2 = insertelement <4 x i8> %v2_1, i8 %l2_2, i64 2
  %a2_3 = getelementptr inbounds i8, ptr %b3, i64 2
  %l2_3 = load i8, ptr %a2_3, align 1
  %v2_3 = insertelement <4 x i8> %v2_2, i8 %l2_3, i64 3
  %a3_0 = getelementptr inbounds i8, ptr %b0, i64 3
  %l3_0 = load i8, ptr %a3_0, align 1
  %v3_0 = insertelement <4 x i8> poison, i8 %l3_0, i64 0
  %a3_1 = getelementptr inbounds i8, ptr %b1, i64 3
  %l3_1 = load i8, ptr %a3_1, align 1
  %v3_1 = insertelement <4 x i8> %v3_0, i8 %l3_1, i64 1
  %a3_2 = getelementptr inbounds i8, ptr %b2, i64 3
  %l3_2 = load i8, ptr %a3_2, align 1
  %v3_2 = insertelement <4 x i8> %v3_1, i8 %l3_2, i64 2
  %a3_3 = getelementptr inbounds i8, ptr %b3, i64 3
  %l3_3 = load i8, ptr %a3_3, align 1
  %v3_3 = insertelement <4 x i8> %v3_2, i8 %l3_3, i64 3
  %a4_0 = getelementptr inbounds i8, ptr %b0, i64 4
  %l4_0 = load i8, ptr %a4_0, align 1
  %v4_0 = insertelement <4 x i8> poison, i8 %l4_0, i64 0
  %a4_1 = getelementptr inbounds i8, ptr %b1, i64 4
  %l4_1 = load i8, ptr %a4_1, align 1
  %v4_1 = insertelement <4 x i8> %v4_0, i8 %l4_1, i64 1
  %a4_2 = getelementptr inbounds i8, ptr %b2, i64 4
  %l4_2 = load i8, ptr %a4_2, align 1
  %v4_2 = insertelement <4 x i8> %v4_1, i8 %l4_2, i64 2
  %a4_3 = getelementptr inbounds i8, ptr %b3, i64 4
  %l4_3 = load i8, ptr %a4_3, align 1
  %v4_3 = insertelement <4 x i8> %v4_2, i8 %l4_3, i64 3
  %a5_0 = getelementptr inbounds i8, ptr %b0, i64 5
  %l5_0 = load i8, ptr %a5_0, align 1
  %v5_0 = insertelement <4 x i8> poison, i8 %l5_0, i64 0
  %a5_1 = getelementptr inbounds i8, ptr %b1, i64 5
  %l5_1 = load i8, ptr %a5_1, align 1
  %v5_1 = insertelement <4 x i8> %v5_0, i8 %l5_1, i64 1
  %a5_2 = getelementptr inbounds i8, ptr %b2, i64 5
  %l5_2 = load i8, ptr %a5_2, align 1
  %v5_2 = insertelement <4 x i8> %v5_1, i8 %l5_2, i64 2
  %a5_3 = getelementptr inbounds i8, ptr %b3, i64 5
  %l5_3 = load i8, ptr %a5_3, align 1
  %v5_3 = insertelement <4 x i8> %v5_2, i8 %l5_3, i64 3
  %a6_0 = getelementptr inbounds i8, ptr %b0, i64 6
  %l6_0 = load i8, ptr %a6_0, align 1
  %v6_0 = insertelement <4 x i8> poison, i8 %l6_0, i64 0
  %a6_1 = getelementptr inbounds i8, ptr %b1, i64 6
  %l6_1 = load i8, ptr %a6_1, align 1
  %v6_1 = insertelement <4 x i8> %v6_0, i8 %l6_1, i64 1
  %a6_2 = getelementptr inbounds i8, ptr %b2, i64 6
  %l6_2 = load i8, ptr %a6_2, align 1
  %v6_2 = insertelement <4 x i8> %v6_1, i8 %l6_2, i64 2
  %a6_3 = getelementptr inbounds i8, ptr %b3, i64 6
  %l6_3 = load i8, ptr %a6_3, align 1
  %v6_3 = insertelement <4 x i8> %v6_2, i8 %l6_3, i64 3
  %a7_0 = getelementptr inbounds i8, ptr %b0, i64 7
  %l7_0 = load i8, ptr %a7_0, align 1
  %v7_0 = insertelement <4 x i8> poison, i8 %l7_0, i64 0
  %a7_1 = getelementptr inbounds i8, ptr %b1, i64 7
  %l7_1 = load i8, ptr %a7_1, align 1
  %v7_1 = insertelement <4 x i8> %v7_0, i8 %l7_1, i64 1
  %a7_2 = getelementptr inbounds i8, ptr %b2, i64 7
  %l7_2 = load i8, ptr %a7_2, align 1
  %v7_2 = insertelement <4 x i8> %v7_1, i8 %l7_2, i64 2
  %a7_3 = getelementptr inbounds i8, ptr %b3, i64 7
  %l7_3 = load i8, ptr %a7_3, align 1
  %v7_3 = insertelement <4 x i8> %v7_2, i8 %l7_3, i64 3
  %d0 = getelementptr inbounds i8, ptr %dst, i64 0
  store <4 x i8> %v0_3, ptr %d0, align 1
  %d1 = getelementptr inbounds i8, ptr %dst, i64 4
  store <4 x i8> %v1_3, ptr %d1, align 1
  %d2 = getelementptr inbounds i8, ptr %dst, i64 8
  store <4 x i8> %v2_3, ptr %d2, align 1
  %d3 = getelementptr inbounds i8, ptr %dst, i64 12
  store <4 x i8> %v3_3, ptr %d3, align 1
  %d4 = getelementptr inbounds i8, ptr %dst, i64 16
  store <4 x i8> %v4_3, ptr %d4, align 1
  %d5 = getelementptr inbounds i8, ptr %dst, i64 20
  store <4 x i8> %v5_3, ptr %d5, align 1
  %d6 = getelementptr inbounds i8, ptr %dst, i64 24
  store <4 x i8> %v6_3, ptr %d6, align 1
  %d7 = getelementptr inbounds i8, ptr %dst, i64 28
  store <4 x i8> %v7_3, ptr %d7, align 1
  %iv.next = add <4 x i64> %iv, <i64 4, i64 4, i64 4, i64 5>
  %i.next = add i64 %i, 4
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; A vector phi whose other incoming value is an argument: no induction, left alone (and
; nothing read past the argument).
define void @from_argument(ptr %src, ptr %dst, <4 x i64> %w, i64 %n) {
entry:
  br label %loop
loop:
  %c = phi i64 [ 0, %entry ], [ %c1, %loop ]
  %iv = phi <4 x i64> [ <i64 0, i64 1, i64 2, i64 3>, %entry ], [ %w, %loop ]
  %x0 = extractelement <4 x i64> %iv, i64 0
  %x1 = extractelement <4 x i64> %iv, i64 1
  %b0 = getelementptr i8, ptr %src, i64 %x0
  %b1 = getelementptr i8, ptr %src, i64 %x1
  %l0 = load i8, ptr %b0
  %l1 = load i8, ptr %b1
  %a0 = getelementptr i8, ptr %b0, i64 1
  %a1 = getelementptr i8, ptr %b1, i64 1
  %l2 = load i8, ptr %a0
  %l3 = load i8, ptr %a1
  %v0 = insertelement <2 x i8> poison, i8 %l0, i64 0
  %v1 = insertelement <2 x i8> %v0, i8 %l1, i64 1
  %u0 = insertelement <2 x i8> poison, i8 %l2, i64 0
  %u1 = insertelement <2 x i8> %u0, i8 %l3, i64 1
  store <2 x i8> %v1, ptr %dst
  %d2 = getelementptr i8, ptr %dst, i64 2
  store <2 x i8> %u1, ptr %d2
  %c1 = add i64 %c, 1
  %done = icmp eq i64 %c1, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
