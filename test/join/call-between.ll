; A call between the loads (or between the stores) that may not return or may unwind:
; joined, the second load would move above it and read what the original never did
; (past a guard page, a fault where the call would have exited), or the first store
; below it and not be made. Such a group is left alone; with a call that surely returns
; (`nounwind willreturn`, reading nothing of the blocks), it is joined. Found by a
; helper's hunt (2026-11-27): on RISC-V V the default pipeline faulted under qemu.
; REQUIRES: riscv-registered-target
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<late;lower-always>' -S %s | FileCheck %s
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<late>' -S %s | FileCheck %s

declare void @check(i64)
declare void @check_returns(i64) nounwind willreturn memory(none)

; CHECK-LABEL: @load_call_load(
; CHECK:         load <4 x i32>, ptr %p
; CHECK-NEXT:    call void @check(
; CHECK-NOT:     load <8 x i32>
; CHECK:         ret void
define void @load_call_load(ptr noalias %p, ptr noalias %q, i64 %n) {
  %l0 = load <4 x i32>, ptr %p, align 4
  call void @check(i64 %n)
  %p1 = getelementptr inbounds i8, ptr %p, i64 16
  %l1 = load <4 x i32>, ptr %p1, align 4
  %s0 = shufflevector <4 x i32> %l0, <4 x i32> %l1, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %s1 = shufflevector <4 x i32> %l0, <4 x i32> %l1, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  store <4 x i32> %s0, ptr %q, align 4
  %q1 = getelementptr inbounds i8, ptr %q, i64 16
  store <4 x i32> %s1, ptr %q1, align 4
  ret void
}

; CHECK-LABEL: @store_call_store(
; CHECK:         store <4 x i32> %s0, ptr %q
; CHECK-NEXT:    call void @check(
; CHECK-NOT:     store <8 x i32>
; CHECK:         ret void
define void @store_call_store(ptr noalias %p, ptr noalias %q, i64 %n) {
  %l0 = load <4 x i32>, ptr %p, align 4
  %p1 = getelementptr inbounds i8, ptr %p, i64 16
  %l1 = load <4 x i32>, ptr %p1, align 4
  %s0 = shufflevector <4 x i32> %l0, <4 x i32> %l1, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %s1 = shufflevector <4 x i32> %l0, <4 x i32> %l1, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  store <4 x i32> %s0, ptr %q, align 4
  call void @check(i64 %n)
  %q1 = getelementptr inbounds i8, ptr %q, i64 16
  store <4 x i32> %s1, ptr %q1, align 4
  ret void
}

; CHECK-LABEL: @returning_call(
; CHECK:         call void @check_returns(
; CHECK:         store <8 x i32>
define void @returning_call(ptr noalias %p, ptr noalias %q, i64 %n) {
  %l0 = load <4 x i32>, ptr %p, align 4
  call void @check_returns(i64 %n)
  %p1 = getelementptr inbounds i8, ptr %p, i64 16
  %l1 = load <4 x i32>, ptr %p1, align 4
  %s0 = shufflevector <4 x i32> %l0, <4 x i32> %l1, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %s1 = shufflevector <4 x i32> %l0, <4 x i32> %l1, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  store <4 x i32> %s0, ptr %q, align 4
  %q1 = getelementptr inbounds i8, ptr %q, i64 16
  store <4 x i32> %s1, ptr %q1, align 4
  ret void
}
