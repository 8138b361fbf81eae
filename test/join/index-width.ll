; Join keys wrap at the index width of the address's space: with a 32-bit index
; (address space 1 here, or i686), `%p + (%i + 2^32 + 32)` is `%p + %i + 32`, the
; second load's block. Each item's store stands among the loads; `ir::join::address_key`
; took the constant modulo 2^64 only, called the blocks apart, and the joined wide load
; moved above the first store and read stale memory (a helper's hunt, 2026-11-27: i686
; and riscv32 under `lower-always`; measured on sifive-x280 as here). Now the offset is
; narrowed to the index width, as in `ir::base_and_offset`; the same code with a 64-bit
; index is still joined.
; REQUIRES: riscv-registered-target
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<late>' -S %s | FileCheck %s
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<late;lower-always>' -S %s | FileCheck %s
target datalayout = "e-m:e-p:64:64-p1:64:64:64:32-i64:64-i128:128-n32:64-S128"

; CHECK-LABEL: @index_32_bits(
; CHECK-NOT:     load <16 x i32>
; CHECK-COUNT-2: load <8 x i32>
; CHECK-NOT:     load <16 x i32>
; CHECK:         ret void
define void @index_32_bits(ptr addrspace(1) %p, i64 %i) {
  %a0 = getelementptr i8, ptr addrspace(1) %p, i64 %i
  %v0 = load <8 x i32>, ptr addrspace(1) %a0, align 4
  %r0 = shufflevector <8 x i32> %v0, <8 x i32> poison, <8 x i32> <i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  %j0 = add i64 %i, 4294967328
  %b0 = getelementptr i8, ptr addrspace(1) %p, i64 %j0
  store <8 x i32> %r0, ptr addrspace(1) %b0, align 4
  %i1 = add i64 %i, 32
  %a1 = getelementptr i8, ptr addrspace(1) %p, i64 %i1
  %v1 = load <8 x i32>, ptr addrspace(1) %a1, align 4
  %r1 = shufflevector <8 x i32> %v1, <8 x i32> poison, <8 x i32> <i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  %j1 = add i64 %i, 4294967360
  %b1 = getelementptr i8, ptr addrspace(1) %p, i64 %j1
  store <8 x i32> %r1, ptr addrspace(1) %b1, align 4
  ret void
}

; CHECK-LABEL: @index_64_bits(
; CHECK:         load <16 x i32>
; CHECK:         ret void
define void @index_64_bits(ptr %p, i64 %i) {
  %a0 = getelementptr i8, ptr %p, i64 %i
  %v0 = load <8 x i32>, ptr %a0, align 4
  %r0 = shufflevector <8 x i32> %v0, <8 x i32> poison, <8 x i32> <i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  %j0 = add i64 %i, 4294967328
  %b0 = getelementptr i8, ptr %p, i64 %j0
  store <8 x i32> %r0, ptr %b0, align 4
  %i1 = add i64 %i, 32
  %a1 = getelementptr i8, ptr %p, i64 %i1
  %v1 = load <8 x i32>, ptr %a1, align 4
  %r1 = shufflevector <8 x i32> %v1, <8 x i32> poison, <8 x i32> <i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  %j1 = add i64 %i, 4294967360
  %b1 = getelementptr i8, ptr %p, i64 %j1
  store <8 x i32> %r1, ptr %b1, align 4
  ret void
}
