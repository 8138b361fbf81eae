; Multiply-adds as SLP nodes (`llvm.fmuladd`, what clang makes of `a * b + c` with
; contraction on, its default; `llvm.fma`): three child bundles, the factors ordered as
; a commutative operation's (some lanes write them the other way round). Permuted
; floats times floats in order plus floats in order: one load of each, one shuffle, one
; vector multiply-add of the same intrinsic (its lanes fused or not as the backend
; chooses, as the scalars' were). Lanes of the two intrinsics mixed are no bundle.
; REQUIRES: aarch64-registered-target, x86-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<early>' -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<early;lower-always>' -S %s | FileCheck %s
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<early;no-slp>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<early>' -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

; CHECK-LABEL: @muladd_permuted(
; CHECK:         [[A:%.*]] = load <8 x float>, ptr %a
; CHECK:         [[X:%.*]] = shufflevector <8 x float> [[A]], <8 x float> poison, <8 x i32> <i32 3, i32 1, i32 2, i32 0, i32 7, i32 5, i32 6, i32 4>
; CHECK:         [[Y:%.*]] = load <8 x float>, ptr %b
; CHECK:         [[Z:%.*]] = load <8 x float>, ptr %c
; CHECK:         [[S:%.*]] = call <8 x float> @llvm.fmuladd.v8f32(<8 x float> [[X]], <8 x float> [[Y]], <8 x float> [[Z]])
; CHECK-NEXT:    store <8 x float> [[S]], ptr %d
; OFF-LABEL: @muladd_permuted(
; OFF-NOT:       <8 x float>
; REMARK: slp: 8 scalar stores of 8 operations (llc {{[0-9]+}}) became <8 x float> vector code with loads and shuffles
define void @muladd_permuted(ptr noalias %d, ptr noalias %a, ptr noalias %b, ptr noalias %c) {
  %pa0 = getelementptr inbounds i8, ptr %a, i64 12
  %x0 = load float, ptr %pa0, align 4
  %pb0 = getelementptr inbounds i8, ptr %b, i64 0
  %y0 = load float, ptr %pb0, align 4
  %pc0 = getelementptr inbounds i8, ptr %c, i64 0
  %z0 = load float, ptr %pc0, align 4
  %s0 = call float @llvm.fmuladd.f32(float %x0, float %y0, float %z0)
  %pd0 = getelementptr inbounds i8, ptr %d, i64 0
  store float %s0, ptr %pd0, align 4
  %pa1 = getelementptr inbounds i8, ptr %a, i64 4
  %x1 = load float, ptr %pa1, align 4
  %pb1 = getelementptr inbounds i8, ptr %b, i64 4
  %y1 = load float, ptr %pb1, align 4
  %pc1 = getelementptr inbounds i8, ptr %c, i64 4
  %z1 = load float, ptr %pc1, align 4
  %s1 = call float @llvm.fmuladd.f32(float %y1, float %x1, float %z1)
  %pd1 = getelementptr inbounds i8, ptr %d, i64 4
  store float %s1, ptr %pd1, align 4
  %pa2 = getelementptr inbounds i8, ptr %a, i64 8
  %x2 = load float, ptr %pa2, align 4
  %pb2 = getelementptr inbounds i8, ptr %b, i64 8
  %y2 = load float, ptr %pb2, align 4
  %pc2 = getelementptr inbounds i8, ptr %c, i64 8
  %z2 = load float, ptr %pc2, align 4
  %s2 = call float @llvm.fmuladd.f32(float %y2, float %x2, float %z2)
  %pd2 = getelementptr inbounds i8, ptr %d, i64 8
  store float %s2, ptr %pd2, align 4
  %pa3 = getelementptr inbounds i8, ptr %a, i64 0
  %x3 = load float, ptr %pa3, align 4
  %pb3 = getelementptr inbounds i8, ptr %b, i64 12
  %y3 = load float, ptr %pb3, align 4
  %pc3 = getelementptr inbounds i8, ptr %c, i64 12
  %z3 = load float, ptr %pc3, align 4
  %s3 = call float @llvm.fmuladd.f32(float %x3, float %y3, float %z3)
  %pd3 = getelementptr inbounds i8, ptr %d, i64 12
  store float %s3, ptr %pd3, align 4
  %pa4 = getelementptr inbounds i8, ptr %a, i64 28
  %x4 = load float, ptr %pa4, align 4
  %pb4 = getelementptr inbounds i8, ptr %b, i64 16
  %y4 = load float, ptr %pb4, align 4
  %pc4 = getelementptr inbounds i8, ptr %c, i64 16
  %z4 = load float, ptr %pc4, align 4
  %s4 = call float @llvm.fmuladd.f32(float %x4, float %y4, float %z4)
  %pd4 = getelementptr inbounds i8, ptr %d, i64 16
  store float %s4, ptr %pd4, align 4
  %pa5 = getelementptr inbounds i8, ptr %a, i64 20
  %x5 = load float, ptr %pa5, align 4
  %pb5 = getelementptr inbounds i8, ptr %b, i64 20
  %y5 = load float, ptr %pb5, align 4
  %pc5 = getelementptr inbounds i8, ptr %c, i64 20
  %z5 = load float, ptr %pc5, align 4
  %s5 = call float @llvm.fmuladd.f32(float %y5, float %x5, float %z5)
  %pd5 = getelementptr inbounds i8, ptr %d, i64 20
  store float %s5, ptr %pd5, align 4
  %pa6 = getelementptr inbounds i8, ptr %a, i64 24
  %x6 = load float, ptr %pa6, align 4
  %pb6 = getelementptr inbounds i8, ptr %b, i64 24
  %y6 = load float, ptr %pb6, align 4
  %pc6 = getelementptr inbounds i8, ptr %c, i64 24
  %z6 = load float, ptr %pc6, align 4
  %s6 = call float @llvm.fmuladd.f32(float %y6, float %x6, float %z6)
  %pd6 = getelementptr inbounds i8, ptr %d, i64 24
  store float %s6, ptr %pd6, align 4
  %pa7 = getelementptr inbounds i8, ptr %a, i64 16
  %x7 = load float, ptr %pa7, align 4
  %pb7 = getelementptr inbounds i8, ptr %b, i64 28
  %y7 = load float, ptr %pb7, align 4
  %pc7 = getelementptr inbounds i8, ptr %c, i64 28
  %z7 = load float, ptr %pc7, align 4
  %s7 = call float @llvm.fmuladd.f32(float %x7, float %y7, float %z7)
  %pd7 = getelementptr inbounds i8, ptr %d, i64 28
  store float %s7, ptr %pd7, align 4
  ret void
}

; CHECK-LABEL: @fma_permuted(
; CHECK:         call <8 x float> @llvm.fma.v8f32(
define void @fma_permuted(ptr noalias %d, ptr noalias %a, ptr noalias %b, ptr noalias %c) {
  %pa0 = getelementptr inbounds i8, ptr %a, i64 12
  %x0 = load float, ptr %pa0, align 4
  %pb0 = getelementptr inbounds i8, ptr %b, i64 0
  %y0 = load float, ptr %pb0, align 4
  %pc0 = getelementptr inbounds i8, ptr %c, i64 0
  %z0 = load float, ptr %pc0, align 4
  %s0 = call float @llvm.fma.f32(float %y0, float %x0, float %z0)
  %pd0 = getelementptr inbounds i8, ptr %d, i64 0
  store float %s0, ptr %pd0, align 4
  %pa1 = getelementptr inbounds i8, ptr %a, i64 4
  %x1 = load float, ptr %pa1, align 4
  %pb1 = getelementptr inbounds i8, ptr %b, i64 4
  %y1 = load float, ptr %pb1, align 4
  %pc1 = getelementptr inbounds i8, ptr %c, i64 4
  %z1 = load float, ptr %pc1, align 4
  %s1 = call float @llvm.fma.f32(float %x1, float %y1, float %z1)
  %pd1 = getelementptr inbounds i8, ptr %d, i64 4
  store float %s1, ptr %pd1, align 4
  %pa2 = getelementptr inbounds i8, ptr %a, i64 8
  %x2 = load float, ptr %pa2, align 4
  %pb2 = getelementptr inbounds i8, ptr %b, i64 8
  %y2 = load float, ptr %pb2, align 4
  %pc2 = getelementptr inbounds i8, ptr %c, i64 8
  %z2 = load float, ptr %pc2, align 4
  %s2 = call float @llvm.fma.f32(float %x2, float %y2, float %z2)
  %pd2 = getelementptr inbounds i8, ptr %d, i64 8
  store float %s2, ptr %pd2, align 4
  %pa3 = getelementptr inbounds i8, ptr %a, i64 0
  %x3 = load float, ptr %pa3, align 4
  %pb3 = getelementptr inbounds i8, ptr %b, i64 12
  %y3 = load float, ptr %pb3, align 4
  %pc3 = getelementptr inbounds i8, ptr %c, i64 12
  %z3 = load float, ptr %pc3, align 4
  %s3 = call float @llvm.fma.f32(float %x3, float %y3, float %z3)
  %pd3 = getelementptr inbounds i8, ptr %d, i64 12
  store float %s3, ptr %pd3, align 4
  %pa4 = getelementptr inbounds i8, ptr %a, i64 28
  %x4 = load float, ptr %pa4, align 4
  %pb4 = getelementptr inbounds i8, ptr %b, i64 16
  %y4 = load float, ptr %pb4, align 4
  %pc4 = getelementptr inbounds i8, ptr %c, i64 16
  %z4 = load float, ptr %pc4, align 4
  %s4 = call float @llvm.fma.f32(float %x4, float %y4, float %z4)
  %pd4 = getelementptr inbounds i8, ptr %d, i64 16
  store float %s4, ptr %pd4, align 4
  %pa5 = getelementptr inbounds i8, ptr %a, i64 20
  %x5 = load float, ptr %pa5, align 4
  %pb5 = getelementptr inbounds i8, ptr %b, i64 20
  %y5 = load float, ptr %pb5, align 4
  %pc5 = getelementptr inbounds i8, ptr %c, i64 20
  %z5 = load float, ptr %pc5, align 4
  %s5 = call float @llvm.fma.f32(float %x5, float %y5, float %z5)
  %pd5 = getelementptr inbounds i8, ptr %d, i64 20
  store float %s5, ptr %pd5, align 4
  %pa6 = getelementptr inbounds i8, ptr %a, i64 24
  %x6 = load float, ptr %pa6, align 4
  %pb6 = getelementptr inbounds i8, ptr %b, i64 24
  %y6 = load float, ptr %pb6, align 4
  %pc6 = getelementptr inbounds i8, ptr %c, i64 24
  %z6 = load float, ptr %pc6, align 4
  %s6 = call float @llvm.fma.f32(float %x6, float %y6, float %z6)
  %pd6 = getelementptr inbounds i8, ptr %d, i64 24
  store float %s6, ptr %pd6, align 4
  %pa7 = getelementptr inbounds i8, ptr %a, i64 16
  %x7 = load float, ptr %pa7, align 4
  %pb7 = getelementptr inbounds i8, ptr %b, i64 28
  %y7 = load float, ptr %pb7, align 4
  %pc7 = getelementptr inbounds i8, ptr %c, i64 28
  %z7 = load float, ptr %pc7, align 4
  %s7 = call float @llvm.fma.f32(float %y7, float %x7, float %z7)
  %pd7 = getelementptr inbounds i8, ptr %d, i64 28
  store float %s7, ptr %pd7, align 4
  ret void
}

; CHECK-LABEL: @mixed(
; CHECK-NOT:     <8 x float>
; CHECK:         ret void
define void @mixed(ptr noalias %d, ptr noalias %a, ptr noalias %b, ptr noalias %c) {
  %pa0 = getelementptr inbounds i8, ptr %a, i64 12
  %x0 = load float, ptr %pa0, align 4
  %pb0 = getelementptr inbounds i8, ptr %b, i64 0
  %y0 = load float, ptr %pb0, align 4
  %pc0 = getelementptr inbounds i8, ptr %c, i64 0
  %z0 = load float, ptr %pc0, align 4
  %s0 = call float @llvm.fmuladd.f32(float %x0, float %y0, float %z0)
  %pd0 = getelementptr inbounds i8, ptr %d, i64 0
  store float %s0, ptr %pd0, align 4
  %pa1 = getelementptr inbounds i8, ptr %a, i64 4
  %x1 = load float, ptr %pa1, align 4
  %pb1 = getelementptr inbounds i8, ptr %b, i64 4
  %y1 = load float, ptr %pb1, align 4
  %pc1 = getelementptr inbounds i8, ptr %c, i64 4
  %z1 = load float, ptr %pc1, align 4
  %s1 = call float @llvm.fmuladd.f32(float %x1, float %y1, float %z1)
  %pd1 = getelementptr inbounds i8, ptr %d, i64 4
  store float %s1, ptr %pd1, align 4
  %pa2 = getelementptr inbounds i8, ptr %a, i64 8
  %x2 = load float, ptr %pa2, align 4
  %pb2 = getelementptr inbounds i8, ptr %b, i64 8
  %y2 = load float, ptr %pb2, align 4
  %pc2 = getelementptr inbounds i8, ptr %c, i64 8
  %z2 = load float, ptr %pc2, align 4
  %s2 = call float @llvm.fmuladd.f32(float %x2, float %y2, float %z2)
  %pd2 = getelementptr inbounds i8, ptr %d, i64 8
  store float %s2, ptr %pd2, align 4
  %pa3 = getelementptr inbounds i8, ptr %a, i64 0
  %x3 = load float, ptr %pa3, align 4
  %pb3 = getelementptr inbounds i8, ptr %b, i64 12
  %y3 = load float, ptr %pb3, align 4
  %pc3 = getelementptr inbounds i8, ptr %c, i64 12
  %z3 = load float, ptr %pc3, align 4
  %s3 = call float @llvm.fma.f32(float %x3, float %y3, float %z3)
  %pd3 = getelementptr inbounds i8, ptr %d, i64 12
  store float %s3, ptr %pd3, align 4
  %pa4 = getelementptr inbounds i8, ptr %a, i64 28
  %x4 = load float, ptr %pa4, align 4
  %pb4 = getelementptr inbounds i8, ptr %b, i64 16
  %y4 = load float, ptr %pb4, align 4
  %pc4 = getelementptr inbounds i8, ptr %c, i64 16
  %z4 = load float, ptr %pc4, align 4
  %s4 = call float @llvm.fmuladd.f32(float %x4, float %y4, float %z4)
  %pd4 = getelementptr inbounds i8, ptr %d, i64 16
  store float %s4, ptr %pd4, align 4
  %pa5 = getelementptr inbounds i8, ptr %a, i64 20
  %x5 = load float, ptr %pa5, align 4
  %pb5 = getelementptr inbounds i8, ptr %b, i64 20
  %y5 = load float, ptr %pb5, align 4
  %pc5 = getelementptr inbounds i8, ptr %c, i64 20
  %z5 = load float, ptr %pc5, align 4
  %s5 = call float @llvm.fmuladd.f32(float %x5, float %y5, float %z5)
  %pd5 = getelementptr inbounds i8, ptr %d, i64 20
  store float %s5, ptr %pd5, align 4
  %pa6 = getelementptr inbounds i8, ptr %a, i64 24
  %x6 = load float, ptr %pa6, align 4
  %pb6 = getelementptr inbounds i8, ptr %b, i64 24
  %y6 = load float, ptr %pb6, align 4
  %pc6 = getelementptr inbounds i8, ptr %c, i64 24
  %z6 = load float, ptr %pc6, align 4
  %s6 = call float @llvm.fmuladd.f32(float %x6, float %y6, float %z6)
  %pd6 = getelementptr inbounds i8, ptr %d, i64 24
  store float %s6, ptr %pd6, align 4
  %pa7 = getelementptr inbounds i8, ptr %a, i64 16
  %x7 = load float, ptr %pa7, align 4
  %pb7 = getelementptr inbounds i8, ptr %b, i64 28
  %y7 = load float, ptr %pb7, align 4
  %pc7 = getelementptr inbounds i8, ptr %c, i64 28
  %z7 = load float, ptr %pc7, align 4
  %s7 = call float @llvm.fmuladd.f32(float %x7, float %y7, float %z7)
  %pd7 = getelementptr inbounds i8, ptr %d, i64 28
  store float %s7, ptr %pd7, align 4
  ret void
}
