; A store chain with a call among its stores that may not return or may unwind
; (`nounwind memory(none)`, not `willreturn`): vectorized, the stores before the call
; move below it, and are not made where it exits (or unwinds to a caller that reads
; them). Left scalar; with a call that surely returns it is vectorized (found while
; fixing a helper's find of the same in the gathered loads, 2026-11-27).
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s

declare void @check(i64) nounwind memory(none)
declare void @check_returns(i64) nounwind willreturn memory(none)

; CHECK-LABEL: @may_not_return(
; CHECK:         store i32 %s0, ptr %o0
; CHECK-NEXT:    call void @check(
; CHECK-NOT:     store <4 x i32>
; CHECK:         ret void

; CHECK-LABEL: @returns(
; CHECK:         call void @check_returns(
; CHECK:         store <4 x i32>
define void @may_not_return(ptr noalias %a, ptr noalias %b, ptr noalias %out, i64 %n) {
  %pa0 = getelementptr inbounds i8, ptr %a, i64 0
  %pb0 = getelementptr inbounds i8, ptr %b, i64 12
  %a0 = load i32, ptr %pa0, align 4
  %b0 = load i32, ptr %pb0, align 4
  %s0 = add i32 %a0, %b0
  %o0 = getelementptr inbounds i8, ptr %out, i64 0
  store i32 %s0, ptr %o0, align 4
  call void @check(i64 %n)
  %pa1 = getelementptr inbounds i8, ptr %a, i64 4
  %pb1 = getelementptr inbounds i8, ptr %b, i64 8
  %a1 = load i32, ptr %pa1, align 4
  %b1 = load i32, ptr %pb1, align 4
  %s1 = add i32 %a1, %b1
  %o1 = getelementptr inbounds i8, ptr %out, i64 4
  store i32 %s1, ptr %o1, align 4
  %pa2 = getelementptr inbounds i8, ptr %a, i64 8
  %pb2 = getelementptr inbounds i8, ptr %b, i64 4
  %a2 = load i32, ptr %pa2, align 4
  %b2 = load i32, ptr %pb2, align 4
  %s2 = add i32 %a2, %b2
  %o2 = getelementptr inbounds i8, ptr %out, i64 8
  store i32 %s2, ptr %o2, align 4
  %pa3 = getelementptr inbounds i8, ptr %a, i64 12
  %pb3 = getelementptr inbounds i8, ptr %b, i64 0
  %a3 = load i32, ptr %pa3, align 4
  %b3 = load i32, ptr %pb3, align 4
  %s3 = add i32 %a3, %b3
  %o3 = getelementptr inbounds i8, ptr %out, i64 12
  store i32 %s3, ptr %o3, align 4
  ret void
}
define void @returns(ptr noalias %a, ptr noalias %b, ptr noalias %out, i64 %n) {
  %pa0 = getelementptr inbounds i8, ptr %a, i64 0
  %pb0 = getelementptr inbounds i8, ptr %b, i64 12
  %a0 = load i32, ptr %pa0, align 4
  %b0 = load i32, ptr %pb0, align 4
  %s0 = add i32 %a0, %b0
  %o0 = getelementptr inbounds i8, ptr %out, i64 0
  store i32 %s0, ptr %o0, align 4
  call void @check_returns(i64 %n)
  %pa1 = getelementptr inbounds i8, ptr %a, i64 4
  %pb1 = getelementptr inbounds i8, ptr %b, i64 8
  %a1 = load i32, ptr %pa1, align 4
  %b1 = load i32, ptr %pb1, align 4
  %s1 = add i32 %a1, %b1
  %o1 = getelementptr inbounds i8, ptr %out, i64 4
  store i32 %s1, ptr %o1, align 4
  %pa2 = getelementptr inbounds i8, ptr %a, i64 8
  %pb2 = getelementptr inbounds i8, ptr %b, i64 4
  %a2 = load i32, ptr %pa2, align 4
  %b2 = load i32, ptr %pb2, align 4
  %s2 = add i32 %a2, %b2
  %o2 = getelementptr inbounds i8, ptr %out, i64 8
  store i32 %s2, ptr %o2, align 4
  %pa3 = getelementptr inbounds i8, ptr %a, i64 12
  %pb3 = getelementptr inbounds i8, ptr %b, i64 0
  %a3 = load i32, ptr %pa3, align 4
  %b3 = load i32, ptr %pb3, align 4
  %s3 = add i32 %a3, %b3
  %o3 = getelementptr inbounds i8, ptr %out, i64 12
  store i32 %s3, ptr %o3, align 4
  ret void
}
