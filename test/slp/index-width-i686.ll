; index-width.ll on i686, where every pointer's index is 32 bits wide: `%p + 2^32 + 4`
; is `%p + 4`, a word the tree loads, written before the loads would move past it.
; REQUIRES: x86-registered-target
; RUN: %opt -mcpu=pentium4 -passes=shuffle-lib -S %s | FileCheck %s
target datalayout = "e-m:e-p:32:32-p270:32:32-p271:32:32-p272:64:64-i128:128-f64:32:64-f80:32-n8:16:32-S128"
target triple = "i686-unknown-linux-gnu"

; CHECK-LABEL: @wraps_onto_a_load(
; CHECK-NOT:     x i32>
; CHECK-COUNT-9: store i32
; CHECK:         ret void
define void @wraps_onto_a_load(ptr %p, i32 %x) {
  %a0 = getelementptr inbounds i8, ptr %p, i32 0
  %l0 = load i32, ptr %a0, align 4
  %a1 = getelementptr inbounds i8, ptr %p, i32 4
  %l1 = load i32, ptr %a1, align 4
  %a2 = getelementptr inbounds i8, ptr %p, i32 8
  %l2 = load i32, ptr %a2, align 4
  %a3 = getelementptr inbounds i8, ptr %p, i32 12
  %l3 = load i32, ptr %a3, align 4
  %q = getelementptr i8, ptr %p, i64 4294967300
  store i32 %x, ptr %q, align 4
  %a4 = getelementptr inbounds i8, ptr %p, i32 16
  %l4 = load i32, ptr %a4, align 4
  %a5 = getelementptr inbounds i8, ptr %p, i32 20
  %l5 = load i32, ptr %a5, align 4
  %a6 = getelementptr inbounds i8, ptr %p, i32 24
  %l6 = load i32, ptr %a6, align 4
  %a7 = getelementptr inbounds i8, ptr %p, i32 28
  %l7 = load i32, ptr %a7, align 4
  %v0 = add i32 %l3, 1
  %s0 = getelementptr inbounds i8, ptr %p, i32 64
  store i32 %v0, ptr %s0, align 4
  %v1 = add i32 %l1, 2
  %s1 = getelementptr inbounds i8, ptr %p, i32 68
  store i32 %v1, ptr %s1, align 4
  %v2 = add i32 %l7, 3
  %s2 = getelementptr inbounds i8, ptr %p, i32 72
  store i32 %v2, ptr %s2, align 4
  %v3 = add i32 %l5, 4
  %s3 = getelementptr inbounds i8, ptr %p, i32 76
  store i32 %v3, ptr %s3, align 4
  %v4 = add i32 %l0, 5
  %s4 = getelementptr inbounds i8, ptr %p, i32 80
  store i32 %v4, ptr %s4, align 4
  %v5 = add i32 %l2, 6
  %s5 = getelementptr inbounds i8, ptr %p, i32 84
  store i32 %v5, ptr %s5, align 4
  %v6 = add i32 %l6, 7
  %s6 = getelementptr inbounds i8, ptr %p, i32 88
  store i32 %v6, ptr %s6, align 4
  %v7 = add i32 %l4, 8
  %s7 = getelementptr inbounds i8, ptr %p, i32 92
  store i32 %v7, ptr %s7, align 4
  ret void
}

; CHECK-LABEL: @wraps_apart(
; CHECK:         store i32 %x
; CHECK:         load <8 x i32>
define void @wraps_apart(ptr %p, i32 %x) {
  %a0 = getelementptr inbounds i8, ptr %p, i32 0
  %l0 = load i32, ptr %a0, align 4
  %a1 = getelementptr inbounds i8, ptr %p, i32 4
  %l1 = load i32, ptr %a1, align 4
  %a2 = getelementptr inbounds i8, ptr %p, i32 8
  %l2 = load i32, ptr %a2, align 4
  %a3 = getelementptr inbounds i8, ptr %p, i32 12
  %l3 = load i32, ptr %a3, align 4
  %q = getelementptr i8, ptr %p, i64 4294967336
  store i32 %x, ptr %q, align 4
  %a4 = getelementptr inbounds i8, ptr %p, i32 16
  %l4 = load i32, ptr %a4, align 4
  %a5 = getelementptr inbounds i8, ptr %p, i32 20
  %l5 = load i32, ptr %a5, align 4
  %a6 = getelementptr inbounds i8, ptr %p, i32 24
  %l6 = load i32, ptr %a6, align 4
  %a7 = getelementptr inbounds i8, ptr %p, i32 28
  %l7 = load i32, ptr %a7, align 4
  %v0 = add i32 %l3, 1
  %s0 = getelementptr inbounds i8, ptr %p, i32 64
  store i32 %v0, ptr %s0, align 4
  %v1 = add i32 %l1, 2
  %s1 = getelementptr inbounds i8, ptr %p, i32 68
  store i32 %v1, ptr %s1, align 4
  %v2 = add i32 %l7, 3
  %s2 = getelementptr inbounds i8, ptr %p, i32 72
  store i32 %v2, ptr %s2, align 4
  %v3 = add i32 %l5, 4
  %s3 = getelementptr inbounds i8, ptr %p, i32 76
  store i32 %v3, ptr %s3, align 4
  %v4 = add i32 %l0, 5
  %s4 = getelementptr inbounds i8, ptr %p, i32 80
  store i32 %v4, ptr %s4, align 4
  %v5 = add i32 %l2, 6
  %s5 = getelementptr inbounds i8, ptr %p, i32 84
  store i32 %v5, ptr %s5, align 4
  %v6 = add i32 %l6, 7
  %s6 = getelementptr inbounds i8, ptr %p, i32 88
  store i32 %v6, ptr %s6, align 4
  %v7 = add i32 %l4, 8
  %s7 = getelementptr inbounds i8, ptr %p, i32 92
  store i32 %v7, ptr %s7, align 4
  ret void
}
