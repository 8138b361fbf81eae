; Integer minima and maxima (`llvm.smin`, `smax`, `umin`, `umax`) as operations of SLP
; trees, each its vector intrinsic: eight sums of permuted loads clamped to 0..255 on
; neoverse-n1 (stock SLP leaves them scalar: 24 instructions; the tree 18). Lanes that
; take a minimum where the others take a maximum are not one bundle: left alone.
; REQUIRES: aarch64-registered-target, x86-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<early>' -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<early;lower-always>' -S %s | FileCheck %s --check-prefix=ALWAYS

; CHECK-LABEL: @clamp_permuted(
; CHECK:         [[P:%.*]] = shufflevector <8 x i32> {{%.*}}, <8 x i32> poison, <8 x i32> <i32 3, i32 1, i32 6, i32 0, i32 7, i32 2, i32 5, i32 4>
; CHECK-NEXT:    [[S:%.*]] = add nsw <8 x i32> {{%.*}}, [[P]]
; CHECK-NEXT:    [[L:%.*]] = call <8 x i32> @llvm.smax.v8i32(<8 x i32> [[S]], <8 x i32> zeroinitializer)
; CHECK-NEXT:    [[H:%.*]] = call <8 x i32> @llvm.umin.v8i32(<8 x i32> [[L]], <8 x i32> splat (i32 255))
; CHECK-NEXT:    store <8 x i32> [[H]], ptr %out, align 4
; CHECK-NOT:     call i32 @llvm
; CHECK-LABEL: @max_mixed(
; CHECK-NOT:     <4 x i32>
; CHECK:         ret void
; ALWAYS-LABEL: @clamp_permuted(
; ALWAYS:         call <8 x i32> @llvm.umin.v8i32(
; ALWAYS-LABEL: @max_mixed(
; ALWAYS-NOT:     <4 x i32>
; ALWAYS:         ret void

define void @clamp_permuted(ptr noalias %a, ptr noalias %b, ptr noalias %out) {
entry:
  %arrayidx = getelementptr inbounds nuw i8, ptr %a, i64 12
  %0 = load i32, ptr %arrayidx, align 4
  %1 = load i32, ptr %b, align 4
  %add = add nsw i32 %1, %0
  %2 = tail call i32 @llvm.smax.i32(i32 %add, i32 0)
  %3 = tail call range(i32 0, 256) i32 @llvm.umin.i32(i32 %2, i32 255)
  store i32 %3, ptr %out, align 4
  %arrayidx3 = getelementptr inbounds nuw i8, ptr %a, i64 4
  %4 = load i32, ptr %arrayidx3, align 4
  %arrayidx4 = getelementptr inbounds nuw i8, ptr %b, i64 4
  %5 = load i32, ptr %arrayidx4, align 4
  %add5 = add nsw i32 %5, %4
  %6 = tail call i32 @llvm.smax.i32(i32 %add5, i32 0)
  %7 = tail call range(i32 0, 256) i32 @llvm.umin.i32(i32 %6, i32 255)
  %arrayidx7 = getelementptr inbounds nuw i8, ptr %out, i64 4
  store i32 %7, ptr %arrayidx7, align 4
  %arrayidx8 = getelementptr inbounds nuw i8, ptr %a, i64 24
  %8 = load i32, ptr %arrayidx8, align 4
  %arrayidx9 = getelementptr inbounds nuw i8, ptr %b, i64 8
  %9 = load i32, ptr %arrayidx9, align 4
  %add10 = add nsw i32 %9, %8
  %10 = tail call i32 @llvm.smax.i32(i32 %add10, i32 0)
  %11 = tail call range(i32 0, 256) i32 @llvm.umin.i32(i32 %10, i32 255)
  %arrayidx12 = getelementptr inbounds nuw i8, ptr %out, i64 8
  store i32 %11, ptr %arrayidx12, align 4
  %12 = load i32, ptr %a, align 4
  %arrayidx14 = getelementptr inbounds nuw i8, ptr %b, i64 12
  %13 = load i32, ptr %arrayidx14, align 4
  %add15 = add nsw i32 %13, %12
  %14 = tail call i32 @llvm.smax.i32(i32 %add15, i32 0)
  %15 = tail call range(i32 0, 256) i32 @llvm.umin.i32(i32 %14, i32 255)
  %arrayidx17 = getelementptr inbounds nuw i8, ptr %out, i64 12
  store i32 %15, ptr %arrayidx17, align 4
  %arrayidx18 = getelementptr inbounds nuw i8, ptr %a, i64 28
  %16 = load i32, ptr %arrayidx18, align 4
  %arrayidx19 = getelementptr inbounds nuw i8, ptr %b, i64 16
  %17 = load i32, ptr %arrayidx19, align 4
  %add20 = add nsw i32 %17, %16
  %18 = tail call i32 @llvm.smax.i32(i32 %add20, i32 0)
  %19 = tail call range(i32 0, 256) i32 @llvm.umin.i32(i32 %18, i32 255)
  %arrayidx22 = getelementptr inbounds nuw i8, ptr %out, i64 16
  store i32 %19, ptr %arrayidx22, align 4
  %arrayidx23 = getelementptr inbounds nuw i8, ptr %a, i64 8
  %20 = load i32, ptr %arrayidx23, align 4
  %arrayidx24 = getelementptr inbounds nuw i8, ptr %b, i64 20
  %21 = load i32, ptr %arrayidx24, align 4
  %add25 = add nsw i32 %21, %20
  %22 = tail call i32 @llvm.smax.i32(i32 %add25, i32 0)
  %23 = tail call range(i32 0, 256) i32 @llvm.umin.i32(i32 %22, i32 255)
  %arrayidx27 = getelementptr inbounds nuw i8, ptr %out, i64 20
  store i32 %23, ptr %arrayidx27, align 4
  %arrayidx28 = getelementptr inbounds nuw i8, ptr %a, i64 20
  %24 = load i32, ptr %arrayidx28, align 4
  %arrayidx29 = getelementptr inbounds nuw i8, ptr %b, i64 24
  %25 = load i32, ptr %arrayidx29, align 4
  %add30 = add nsw i32 %25, %24
  %26 = tail call i32 @llvm.smax.i32(i32 %add30, i32 0)
  %27 = tail call range(i32 0, 256) i32 @llvm.umin.i32(i32 %26, i32 255)
  %arrayidx32 = getelementptr inbounds nuw i8, ptr %out, i64 24
  store i32 %27, ptr %arrayidx32, align 4
  %arrayidx33 = getelementptr inbounds nuw i8, ptr %a, i64 16
  %28 = load i32, ptr %arrayidx33, align 4
  %arrayidx34 = getelementptr inbounds nuw i8, ptr %b, i64 28
  %29 = load i32, ptr %arrayidx34, align 4
  %add35 = add nsw i32 %29, %28
  %30 = tail call i32 @llvm.smax.i32(i32 %add35, i32 0)
  %31 = tail call range(i32 0, 256) i32 @llvm.umin.i32(i32 %30, i32 255)
  %arrayidx37 = getelementptr inbounds nuw i8, ptr %out, i64 28
  store i32 %31, ptr %arrayidx37, align 4
  ret void
}

define void @max_mixed(ptr noalias %a, ptr noalias %b, ptr noalias %out) {
  %pa0 = getelementptr inbounds i8, ptr %a, i64 8
  %x0 = load i32, ptr %pa0, align 4
  %pb0 = getelementptr inbounds i8, ptr %b, i64 0
  %y0 = load i32, ptr %pb0, align 4
  %m0 = call i32 @llvm.smax.i32(i32 %x0, i32 %y0)
  %po0 = getelementptr inbounds i8, ptr %out, i64 0
  store i32 %m0, ptr %po0, align 4
  %pa1 = getelementptr inbounds i8, ptr %a, i64 0
  %x1 = load i32, ptr %pa1, align 4
  %pb1 = getelementptr inbounds i8, ptr %b, i64 4
  %y1 = load i32, ptr %pb1, align 4
  %m1 = call i32 @llvm.smax.i32(i32 %x1, i32 %y1)
  %po1 = getelementptr inbounds i8, ptr %out, i64 4
  store i32 %m1, ptr %po1, align 4
  %pa2 = getelementptr inbounds i8, ptr %a, i64 12
  %x2 = load i32, ptr %pa2, align 4
  %pb2 = getelementptr inbounds i8, ptr %b, i64 8
  %y2 = load i32, ptr %pb2, align 4
  %m2 = call i32 @llvm.smin.i32(i32 %x2, i32 %y2)
  %po2 = getelementptr inbounds i8, ptr %out, i64 8
  store i32 %m2, ptr %po2, align 4
  %pa3 = getelementptr inbounds i8, ptr %a, i64 4
  %x3 = load i32, ptr %pa3, align 4
  %pb3 = getelementptr inbounds i8, ptr %b, i64 12
  %y3 = load i32, ptr %pb3, align 4
  %m3 = call i32 @llvm.smax.i32(i32 %x3, i32 %y3)
  %po3 = getelementptr inbounds i8, ptr %out, i64 12
  store i32 %m3, ptr %po3, align 4
  ret void
}
