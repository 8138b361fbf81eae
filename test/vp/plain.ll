; An all-true mask and a full EVL make a VP intrinsic its plain instruction or
; intrinsic, on every target (RISC-V V included).
; RUN: %opt -passes=shuffle-lib -S %s | FileCheck %s
; REQUIRES: riscv-registered-target
; RUN: %opt -mtriple=riscv64-linux-gnu -mattr=+v -passes=shuffle-lib -S %s | FileCheck %s

; CHECK-LABEL: @add(
; CHECK-NEXT:    %r = add <8 x i32> %a, %b
; CHECK-NEXT:    ret <8 x i32> %r
define <8 x i32> @add(<8 x i32> %a, <8 x i32> %b) {
  %r = call <8 x i32> @llvm.vp.add.v8i32(<8 x i32> %a, <8 x i32> %b, <8 x i1> splat (i1 true), i32 8)
  ret <8 x i32> %r
}

; An EVL above the lane count is full too.
; CHECK-LABEL: @fma(
; CHECK-NEXT:    %r = call <4 x double> @llvm.fma.v4f64(<4 x double> %a, <4 x double> %b, <4 x double> %c)
define <4 x double> @fma(<4 x double> %a, <4 x double> %b, <4 x double> %c) {
  %r = call <4 x double> @llvm.vp.fma.v4f64(<4 x double> %a, <4 x double> %b, <4 x double> %c, <4 x i1> splat (i1 true), i32 9)
  ret <4 x double> %r
}

; CHECK-LABEL: @ceil(
; CHECK-NEXT:    %r = call <8 x float> @llvm.ceil.v8f32(<8 x float> %a)
define <8 x float> @ceil(<8 x float> %a) {
  %r = call <8 x float> @llvm.vp.ceil.v8f32(<8 x float> %a, <8 x i1> splat (i1 true), i32 8)
  ret <8 x float> %r
}

; CHECK-LABEL: @sext(
; CHECK-NEXT:    %r = sext <8 x i16> %a to <8 x i32>
define <8 x i32> @sext(<8 x i16> %a) {
  %r = call <8 x i32> @llvm.vp.sext.v8i32.v8i16(<8 x i16> %a, <8 x i1> splat (i1 true), i32 8)
  ret <8 x i32> %r
}

; CHECK-LABEL: @icmp(
; CHECK-NEXT:    %r = icmp ult <8 x i32> %a, %b
define <8 x i1> @icmp(<8 x i32> %a, <8 x i32> %b) {
  %r = call <8 x i1> @llvm.vp.icmp.v8i32(<8 x i32> %a, <8 x i32> %b, metadata !"ult", <8 x i1> splat (i1 true), i32 8)
  ret <8 x i1> %r
}

; CHECK-LABEL: @ctlz(
; CHECK-NEXT:    %r = call <8 x i32> @llvm.ctlz.v8i32(<8 x i32> %a, i1 true)
define <8 x i32> @ctlz(<8 x i32> %a) {
  %r = call <8 x i32> @llvm.vp.ctlz.v8i32(<8 x i32> %a, i1 true, <8 x i1> splat (i1 true), i32 8)
  ret <8 x i32> %r
}

; Reductions: the vector reduction, then the start value joins.
; CHECK-LABEL: @reduce_smax(
; CHECK-NEXT:    %1 = call i32 @llvm.vector.reduce.smax.v8i32(<8 x i32> %v)
; CHECK-NEXT:    %r = call i32 @llvm.smax.i32(i32 %s, i32 %1)
define i32 @reduce_smax(i32 %s, <8 x i32> %v) {
  %r = call i32 @llvm.vp.reduce.smax.v8i32(i32 %s, <8 x i32> %v, <8 x i1> splat (i1 true), i32 8)
  ret i32 %r
}

; The ordered fadd reduction takes the start value itself.
; CHECK-LABEL: @reduce_fadd(
; CHECK-NEXT:    %r = call float @llvm.vector.reduce.fadd.v8f32(float %s, <8 x float> %v)
define float @reduce_fadd(float %s, <8 x float> %v) {
  %r = call float @llvm.vp.reduce.fadd.v8f32(float %s, <8 x float> %v, <8 x i1> splat (i1 true), i32 8)
  ret float %r
}

; Memory: plain load and store, with the call's alignment.
; CHECK-LABEL: @load_store(
; CHECK-NEXT:    %v = load <8 x i32>, ptr %p, align 16
; CHECK-NEXT:    store <8 x i32> %v, ptr %q, align 8
define void @load_store(ptr %p, ptr %q) {
  %v = call <8 x i32> @llvm.vp.load.v8i32.p0(ptr align 16 %p, <8 x i1> splat (i1 true), i32 8)
  call void @llvm.vp.store.v8i32.p0(<8 x i32> %v, ptr align 8 %q, <8 x i1> splat (i1 true), i32 8)
  ret void
}

; experimental.vp.reverse and experimental.vp.splice become shuffles.
; CHECK-LABEL: @reverse(
; CHECK-NEXT:    %r = shufflevector <4 x i32> %a, <4 x i32> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
define <4 x i32> @reverse(<4 x i32> %a) {
  %r = call <4 x i32> @llvm.experimental.vp.reverse.v4i32(<4 x i32> %a, <4 x i1> splat (i1 true), i32 4)
  ret <4 x i32> %r
}

; A negative offset counts from the end of the first operand.
; CHECK-LABEL: @splice(
; CHECK-NEXT:    %r = shufflevector <8 x i32> %a, <8 x i32> %b, <8 x i32> <i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12>
define <8 x i32> @splice(<8 x i32> %a, <8 x i32> %b) {
  %r = call <8 x i32> @llvm.experimental.vp.splice.v8i32(<8 x i32> %a, <8 x i32> %b, i32 -3, <8 x i1> splat (i1 true), i32 8, i32 8)
  ret <8 x i32> %r
}

; A constant condition makes vp.select / vp.merge a blend shufflevector.
; CHECK-LABEL: @merge_blend(
; CHECK-NEXT:    %r = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 5, i32 6, i32 3>
define <4 x i32> @merge_blend(<4 x i32> %a, <4 x i32> %b) {
  %r = call <4 x i32> @llvm.vp.merge.v4i32(<4 x i1> <i1 1, i1 0, i1 0, i1 1>, <4 x i32> %a, <4 x i32> %b, i32 4)
  ret <4 x i32> %r
}

; Scalable vectors are left alone.
; CHECK-LABEL: @scalable(
; CHECK-NEXT:    call <vscale x 4 x i32> @llvm.vp.add.nxv4i32
define <vscale x 4 x i32> @scalable(<vscale x 4 x i32> %a, i32 %n) {
  %r = call <vscale x 4 x i32> @llvm.vp.add.nxv4i32(<vscale x 4 x i32> %a, <vscale x 4 x i32> %a, <vscale x 4 x i1> splat (i1 true), i32 %n)
  ret <vscale x 4 x i32> %r
}
