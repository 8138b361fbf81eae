; Targets with EVL (RISC-V V) keep predicated VP intrinsics, but for the ones their
; backend cannot select (vp.frem, vp.reduce.fmul in LLVM 22).
; REQUIRES: riscv-registered-target
; RUN: %opt -mtriple=riscv64-linux-gnu -mattr=+v -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=riscv64-linux-gnu -mattr=+v -passes=shuffle-lib -S %s | %llc -mtriple=riscv64-linux-gnu -mattr=+v -o /dev/null

; CHECK-LABEL: @add(
; CHECK-NEXT:    call <8 x i32> @llvm.vp.add.v8i32(<8 x i32> %a, <8 x i32> %b, <8 x i1> %m, i32 %evl)
define <8 x i32> @add(<8 x i32> %a, <8 x i32> %b, <8 x i1> %m, i32 %evl) {
  %r = call <8 x i32> @llvm.vp.add.v8i32(<8 x i32> %a, <8 x i32> %b, <8 x i1> %m, i32 %evl)
  ret <8 x i32> %r
}

; CHECK-LABEL: @frem(
; CHECK-NOT:     llvm.vp.frem
; CHECK:         frem <8 x float> %a, %b
define <8 x float> @frem(<8 x float> %a, <8 x float> %b, <8 x i1> %m, i32 %evl) {
  %r = call <8 x float> @llvm.vp.frem.v8f32(<8 x float> %a, <8 x float> %b, <8 x i1> %m, i32 %evl)
  ret <8 x float> %r
}

; CHECK-LABEL: @fmul_reduce(
; CHECK:         call float @llvm.vector.reduce.fmul.v8f32(float %s,
define float @fmul_reduce(float %s, <8 x float> %v, <8 x i1> %m, i32 %evl) {
  %r = call float @llvm.vp.reduce.fmul.v8f32(float %s, <8 x float> %v, <8 x i1> %m, i32 %evl)
  ret float %r
}
