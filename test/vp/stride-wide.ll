; A strided VP access whose stride is wider than 64 bits: lowered to a gather or
; scatter, the stride is truncated to the offsets' 64 bits (the address wraps at the
; index width anyway). It was sign-extended, an invalid `sext i128 to i64` that ended
; opt (a helper's hunt, 2026-11-27).
; REQUIRES: x86-registered-target
; RUN: %opt -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: @load_i128_stride(
; CHECK:         trunc i128 %s to i64
; CHECK:         call <4 x i32> @llvm.masked.gather
define <4 x i32> @load_i128_stride(ptr %p, i128 %s) {
  %r = call <4 x i32> @llvm.experimental.vp.strided.load.v4i32.i128(ptr %p, i128 %s, <4 x i1> splat (i1 true), i32 4)
  ret <4 x i32> %r
}

; CHECK-LABEL: @store_i128_stride(
; CHECK:         trunc i128 %s to i64
; CHECK:         call void @llvm.masked.scatter
define void @store_i128_stride(<4 x i32> %v, ptr %p, i128 %s) {
  call void @llvm.experimental.vp.strided.store.v4i32.i128(<4 x i32> %v, ptr %p, i128 %s, <4 x i1> splat (i1 true), i32 4)
  ret void
}
