; A store address that is its own `getelementptr` (valid in a block nothing reaches):
; the walk behind constant offsets (the measurements' keys and inputs) stops after a
; few steps. Before, `opt` hung in it, for a network (one wide shuffle stored) and for
; two widened groups, and on RISC-V V in the joined groups' addresses (found by
; `tests/robustness.rs`, which runs every input here on each target).
; REQUIRES: x86-registered-target, riscv-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v4 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -o /dev/null
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -disable-output %s

; CHECK-LABEL: @network(
; CHECK:         store <64 x i32> {{%.*}}, ptr %p
; CHECK-LABEL: @groups(
; CHECK:         ret void
define void @network(ptr %src) {
entry:
  ret void
dead:
  %p = getelementptr i8, ptr %p, i64 256
  %v = load <64 x i32>, ptr %src, align 4
  %t = shufflevector <64 x i32> %v, <64 x i32> poison, <64 x i32> <i32 0, i32 8, i32 16, i32 24, i32 32, i32 40, i32 48, i32 56, i32 1, i32 9, i32 17, i32 25, i32 33, i32 41, i32 49, i32 57, i32 2, i32 10, i32 18, i32 26, i32 34, i32 42, i32 50, i32 58, i32 3, i32 11, i32 19, i32 27, i32 35, i32 43, i32 51, i32 59, i32 4, i32 12, i32 20, i32 28, i32 36, i32 44, i32 52, i32 60, i32 5, i32 13, i32 21, i32 29, i32 37, i32 45, i32 53, i32 61, i32 6, i32 14, i32 22, i32 30, i32 38, i32 46, i32 54, i32 62, i32 7, i32 15, i32 23, i32 31, i32 39, i32 47, i32 55, i32 63>
  store <64 x i32> %t, ptr %p, align 4
  br label %dead
}

define void @groups(ptr %src, ptr %dst) {
entry:
  ret void
dead:
  %p = getelementptr i8, ptr %p, i64 8
  %r0 = load <2 x i32>, ptr %src, align 1
  %p1 = getelementptr i8, ptr %src, i64 8
  %r1 = load <2 x i32>, ptr %p1, align 1
  %a = shufflevector <2 x i32> %r0, <2 x i32> %r1, <2 x i32> <i32 0, i32 2>
  %b = shufflevector <2 x i32> %r0, <2 x i32> %r1, <2 x i32> <i32 1, i32 3>
  %q1 = getelementptr i8, ptr %p, i64 8
  store <2 x i32> %a, ptr %p, align 1
  store <2 x i32> %b, ptr %q1, align 1
  br label %dead
}
