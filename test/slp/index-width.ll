; Offsets of a pointer whose index is 32 bits wide wrap at 32 bits: `%p + 2^32 + 4`
; is `%p + 4`. The SLP builder reads a pointer as a base and a constant offset and
; answers accesses at offsets of the tree's own base exactly; the offset is taken at
; the index width of the pointer's address space (here x86-64's 32-bit
; `addrspace(270)`; i686 in index-width-i686.ll). Taken at 64 bits, the store to byte
; 4 below was apart from the bytes the tree loads (0-31), which then moved below it.
; REQUIRES: x86-registered-target
; RUN: %opt -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; A store to byte 4 (2^32 + 4): the tree stays scalar.
; CHECK-LABEL: @wraps_onto_a_load(
; CHECK-NOT:     <8 x i32>
; CHECK-COUNT-9: store i32
; CHECK:         ret void
define void @wraps_onto_a_load(ptr addrspace(270) %p, i32 %x) {
  %a0 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 0
  %l0 = load i32, ptr addrspace(270) %a0, align 4
  %a1 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 4
  %l1 = load i32, ptr addrspace(270) %a1, align 4
  %a2 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 8
  %l2 = load i32, ptr addrspace(270) %a2, align 4
  %a3 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 12
  %l3 = load i32, ptr addrspace(270) %a3, align 4
  %q = getelementptr i8, ptr addrspace(270) %p, i64 4294967300
  store i32 %x, ptr addrspace(270) %q, align 4
  %a4 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 16
  %l4 = load i32, ptr addrspace(270) %a4, align 4
  %a5 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 20
  %l5 = load i32, ptr addrspace(270) %a5, align 4
  %a6 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 24
  %l6 = load i32, ptr addrspace(270) %a6, align 4
  %a7 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 28
  %l7 = load i32, ptr addrspace(270) %a7, align 4
  %v0 = add i32 %l3, 1
  %s0 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 64
  store i32 %v0, ptr addrspace(270) %s0, align 4
  %v1 = add i32 %l1, 2
  %s1 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 68
  store i32 %v1, ptr addrspace(270) %s1, align 4
  %v2 = add i32 %l7, 3
  %s2 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 72
  store i32 %v2, ptr addrspace(270) %s2, align 4
  %v3 = add i32 %l5, 4
  %s3 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 76
  store i32 %v3, ptr addrspace(270) %s3, align 4
  %v4 = add i32 %l0, 5
  %s4 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 80
  store i32 %v4, ptr addrspace(270) %s4, align 4
  %v5 = add i32 %l2, 6
  %s5 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 84
  store i32 %v5, ptr addrspace(270) %s5, align 4
  %v6 = add i32 %l6, 7
  %s6 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 88
  store i32 %v6, ptr addrspace(270) %s6, align 4
  %v7 = add i32 %l4, 8
  %s7 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 92
  store i32 %v7, ptr addrspace(270) %s7, align 4
  ret void
}

; A store to byte 40 (2^32 + 40), between the loads and the window: apart.
; CHECK-LABEL: @wraps_apart(
; CHECK:         store i32 %x
; CHECK:         load <8 x i32>
; CHECK:         store <8 x i32>
define void @wraps_apart(ptr addrspace(270) %p, i32 %x) {
  %a0 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 0
  %l0 = load i32, ptr addrspace(270) %a0, align 4
  %a1 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 4
  %l1 = load i32, ptr addrspace(270) %a1, align 4
  %a2 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 8
  %l2 = load i32, ptr addrspace(270) %a2, align 4
  %a3 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 12
  %l3 = load i32, ptr addrspace(270) %a3, align 4
  %q = getelementptr i8, ptr addrspace(270) %p, i64 4294967336
  store i32 %x, ptr addrspace(270) %q, align 4
  %a4 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 16
  %l4 = load i32, ptr addrspace(270) %a4, align 4
  %a5 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 20
  %l5 = load i32, ptr addrspace(270) %a5, align 4
  %a6 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 24
  %l6 = load i32, ptr addrspace(270) %a6, align 4
  %a7 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 28
  %l7 = load i32, ptr addrspace(270) %a7, align 4
  %v0 = add i32 %l3, 1
  %s0 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 64
  store i32 %v0, ptr addrspace(270) %s0, align 4
  %v1 = add i32 %l1, 2
  %s1 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 68
  store i32 %v1, ptr addrspace(270) %s1, align 4
  %v2 = add i32 %l7, 3
  %s2 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 72
  store i32 %v2, ptr addrspace(270) %s2, align 4
  %v3 = add i32 %l5, 4
  %s3 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 76
  store i32 %v3, ptr addrspace(270) %s3, align 4
  %v4 = add i32 %l0, 5
  %s4 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 80
  store i32 %v4, ptr addrspace(270) %s4, align 4
  %v5 = add i32 %l2, 6
  %s5 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 84
  store i32 %v5, ptr addrspace(270) %s5, align 4
  %v6 = add i32 %l6, 7
  %s6 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 88
  store i32 %v6, ptr addrspace(270) %s6, align 4
  %v7 = add i32 %l4, 8
  %s7 = getelementptr inbounds i8, ptr addrspace(270) %p, i32 92
  store i32 %v7, ptr addrspace(270) %s7, align 4
  ret void
}

; The same on the default address space of 64 bits: 2^32 + 4 is far from the tree.
; CHECK-LABEL: @far_on_64_bits(
; CHECK:         store i32 %x
; CHECK:         load <8 x i32>
; CHECK:         store <8 x i32>
define void @far_on_64_bits(ptr %p, i32 %x) {
  %a0 = getelementptr inbounds i8, ptr %p, i64 0
  %l0 = load i32, ptr %a0, align 4
  %a1 = getelementptr inbounds i8, ptr %p, i64 4
  %l1 = load i32, ptr %a1, align 4
  %a2 = getelementptr inbounds i8, ptr %p, i64 8
  %l2 = load i32, ptr %a2, align 4
  %a3 = getelementptr inbounds i8, ptr %p, i64 12
  %l3 = load i32, ptr %a3, align 4
  %q = getelementptr i8, ptr %p, i64 4294967300
  store i32 %x, ptr %q, align 4
  %a4 = getelementptr inbounds i8, ptr %p, i64 16
  %l4 = load i32, ptr %a4, align 4
  %a5 = getelementptr inbounds i8, ptr %p, i64 20
  %l5 = load i32, ptr %a5, align 4
  %a6 = getelementptr inbounds i8, ptr %p, i64 24
  %l6 = load i32, ptr %a6, align 4
  %a7 = getelementptr inbounds i8, ptr %p, i64 28
  %l7 = load i32, ptr %a7, align 4
  %v0 = add i32 %l3, 1
  %s0 = getelementptr inbounds i8, ptr %p, i64 64
  store i32 %v0, ptr %s0, align 4
  %v1 = add i32 %l1, 2
  %s1 = getelementptr inbounds i8, ptr %p, i64 68
  store i32 %v1, ptr %s1, align 4
  %v2 = add i32 %l7, 3
  %s2 = getelementptr inbounds i8, ptr %p, i64 72
  store i32 %v2, ptr %s2, align 4
  %v3 = add i32 %l5, 4
  %s3 = getelementptr inbounds i8, ptr %p, i64 76
  store i32 %v3, ptr %s3, align 4
  %v4 = add i32 %l0, 5
  %s4 = getelementptr inbounds i8, ptr %p, i64 80
  store i32 %v4, ptr %s4, align 4
  %v5 = add i32 %l2, 6
  %s5 = getelementptr inbounds i8, ptr %p, i64 84
  store i32 %v5, ptr %s5, align 4
  %v6 = add i32 %l6, 7
  %s6 = getelementptr inbounds i8, ptr %p, i64 88
  store i32 %v6, ptr %s6, align 4
  %v7 = add i32 %l4, 8
  %s7 = getelementptr inbounds i8, ptr %p, i64 92
  store i32 %v7, ptr %s7, align 4
  ret void
}
