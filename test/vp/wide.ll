; Integer reductions of elements wider than 64 bits keep their VP call when lanes must
; be masked (the neutral element is built from 64 bits); all-true and full they lower.
; RUN: %opt -passes=shuffle-lib -S %s | FileCheck %s

; CHECK-LABEL: @smax_i128_masked(
; CHECK-NEXT:    call i128 @llvm.vp.reduce.smax.v2i128(
define i128 @smax_i128_masked(i128 %s, <2 x i128> %v, <2 x i1> %m) {
  %r = call i128 @llvm.vp.reduce.smax.v2i128(i128 %s, <2 x i128> %v, <2 x i1> %m, i32 2)
  ret i128 %r
}

; CHECK-LABEL: @smax_i128_full(
; CHECK-NEXT:    %1 = call i128 @llvm.vector.reduce.smax.v2i128(<2 x i128> %v)
define i128 @smax_i128_full(i128 %s, <2 x i128> %v) {
  %r = call i128 @llvm.vp.reduce.smax.v2i128(i128 %s, <2 x i128> %v, <2 x i1> splat (i1 true), i32 2)
  ret i128 %r
}
