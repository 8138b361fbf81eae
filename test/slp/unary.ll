; Lane-wise operations of one operand as SLP nodes (`ir::slp` reads them as casts to
; the same size): `llvm.abs` (built with `is_int_min_poison` false: no lane's poison is
; added), `llvm.fabs`, `llvm.sqrt` (without the lanes' fast-math flags) and `fneg`, each
; its vector form. Absolute differences of permuted loads and the negated square roots
; of pairs swapped become one vector load, a shuffle and the vector operations; lanes
; that negate where another takes the absolute value are not one bundle: left alone.
; REQUIRES: aarch64-registered-target, x86-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<early>' -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<early;lower-always>' -S %s | FileCheck %s
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<early>' -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

; CHECK-LABEL: @sad_permuted(
; CHECK:         [[A:%.*]] = load <8 x i32>, ptr %a
; CHECK:         shufflevector <8 x i32> [[A]], <8 x i32> poison, <8 x i32> <i32 3, i32 1, i32 2, i32 0, i32 7, i32 5, i32 6, i32 4>
; CHECK:         [[D:%.*]] = sub nsw <8 x i32>
; CHECK-NEXT:    [[R:%.*]] = call <8 x i32> @llvm.abs.v8i32(<8 x i32> [[D]], i1 false)
; CHECK-NEXT:    store <8 x i32> [[R]], ptr %d
; REMARK: slp: 8 scalar stores of 16 operations (llc 40) became <8 x i32> vector code with loads and shuffles
define void @sad_permuted(ptr noalias %d, ptr noalias %a, ptr noalias %b) {
  %pa0 = getelementptr inbounds i8, ptr %a, i64 12
  %xa0 = load i32, ptr %pa0, align 4
  %pb0 = getelementptr inbounds i8, ptr %b, i64 12
  %xb0 = load i32, ptr %pb0, align 4
  %s0 = sub nsw i32 %xa0, %xb0
  %r0 = call i32 @llvm.abs.i32(i32 %s0, i1 true)
  %pd0 = getelementptr inbounds i8, ptr %d, i64 0
  store i32 %r0, ptr %pd0, align 4
  %pa1 = getelementptr inbounds i8, ptr %a, i64 4
  %xa1 = load i32, ptr %pa1, align 4
  %pb1 = getelementptr inbounds i8, ptr %b, i64 4
  %xb1 = load i32, ptr %pb1, align 4
  %s1 = sub nsw i32 %xa1, %xb1
  %r1 = call i32 @llvm.abs.i32(i32 %s1, i1 true)
  %pd1 = getelementptr inbounds i8, ptr %d, i64 4
  store i32 %r1, ptr %pd1, align 4
  %pa2 = getelementptr inbounds i8, ptr %a, i64 8
  %xa2 = load i32, ptr %pa2, align 4
  %pb2 = getelementptr inbounds i8, ptr %b, i64 8
  %xb2 = load i32, ptr %pb2, align 4
  %s2 = sub nsw i32 %xa2, %xb2
  %r2 = call i32 @llvm.abs.i32(i32 %s2, i1 true)
  %pd2 = getelementptr inbounds i8, ptr %d, i64 8
  store i32 %r2, ptr %pd2, align 4
  %pa3 = getelementptr inbounds i8, ptr %a, i64 0
  %xa3 = load i32, ptr %pa3, align 4
  %pb3 = getelementptr inbounds i8, ptr %b, i64 0
  %xb3 = load i32, ptr %pb3, align 4
  %s3 = sub nsw i32 %xa3, %xb3
  %r3 = call i32 @llvm.abs.i32(i32 %s3, i1 true)
  %pd3 = getelementptr inbounds i8, ptr %d, i64 12
  store i32 %r3, ptr %pd3, align 4
  %pa4 = getelementptr inbounds i8, ptr %a, i64 28
  %xa4 = load i32, ptr %pa4, align 4
  %pb4 = getelementptr inbounds i8, ptr %b, i64 28
  %xb4 = load i32, ptr %pb4, align 4
  %s4 = sub nsw i32 %xa4, %xb4
  %r4 = call i32 @llvm.abs.i32(i32 %s4, i1 true)
  %pd4 = getelementptr inbounds i8, ptr %d, i64 16
  store i32 %r4, ptr %pd4, align 4
  %pa5 = getelementptr inbounds i8, ptr %a, i64 20
  %xa5 = load i32, ptr %pa5, align 4
  %pb5 = getelementptr inbounds i8, ptr %b, i64 20
  %xb5 = load i32, ptr %pb5, align 4
  %s5 = sub nsw i32 %xa5, %xb5
  %r5 = call i32 @llvm.abs.i32(i32 %s5, i1 true)
  %pd5 = getelementptr inbounds i8, ptr %d, i64 20
  store i32 %r5, ptr %pd5, align 4
  %pa6 = getelementptr inbounds i8, ptr %a, i64 24
  %xa6 = load i32, ptr %pa6, align 4
  %pb6 = getelementptr inbounds i8, ptr %b, i64 24
  %xb6 = load i32, ptr %pb6, align 4
  %s6 = sub nsw i32 %xa6, %xb6
  %r6 = call i32 @llvm.abs.i32(i32 %s6, i1 true)
  %pd6 = getelementptr inbounds i8, ptr %d, i64 24
  store i32 %r6, ptr %pd6, align 4
  %pa7 = getelementptr inbounds i8, ptr %a, i64 16
  %xa7 = load i32, ptr %pa7, align 4
  %pb7 = getelementptr inbounds i8, ptr %b, i64 16
  %xb7 = load i32, ptr %pb7, align 4
  %s7 = sub nsw i32 %xa7, %xb7
  %r7 = call i32 @llvm.abs.i32(i32 %s7, i1 true)
  %pd7 = getelementptr inbounds i8, ptr %d, i64 28
  store i32 %r7, ptr %pd7, align 4
  ret void
}

; CHECK-LABEL: @neg_sqrt(
; CHECK:         [[S:%.*]] = call <4 x float> @llvm.sqrt.v4f32(
; CHECK-NEXT:    [[N:%.*]] = fneg <4 x float> [[S]]
; CHECK-NEXT:    store <4 x float> [[N]], ptr %d
; REMARK: slp: 4 scalar stores of 8 operations (llc 16) became <4 x float> vector code with loads and shuffles
define void @neg_sqrt(ptr noalias %d, ptr noalias %a) {
  %pa0 = getelementptr inbounds i8, ptr %a, i64 4
  %xa0 = load float, ptr %pa0, align 4
  %q0 = call nnan float @llvm.sqrt.f32(float %xa0)
  %n0 = fneg nnan float %q0
  %pd0 = getelementptr inbounds i8, ptr %d, i64 0
  store float %n0, ptr %pd0, align 4
  %pa1 = getelementptr inbounds i8, ptr %a, i64 0
  %xa1 = load float, ptr %pa1, align 4
  %q1 = call nnan float @llvm.sqrt.f32(float %xa1)
  %n1 = fneg nnan float %q1
  %pd1 = getelementptr inbounds i8, ptr %d, i64 4
  store float %n1, ptr %pd1, align 4
  %pa2 = getelementptr inbounds i8, ptr %a, i64 12
  %xa2 = load float, ptr %pa2, align 4
  %q2 = call nnan float @llvm.sqrt.f32(float %xa2)
  %n2 = fneg nnan float %q2
  %pd2 = getelementptr inbounds i8, ptr %d, i64 8
  store float %n2, ptr %pd2, align 4
  %pa3 = getelementptr inbounds i8, ptr %a, i64 8
  %xa3 = load float, ptr %pa3, align 4
  %q3 = call nnan float @llvm.sqrt.f32(float %xa3)
  %n3 = fneg nnan float %q3
  %pd3 = getelementptr inbounds i8, ptr %d, i64 12
  store float %n3, ptr %pd3, align 4
  ret void
}

; CHECK-LABEL: @neg_or_abs(
; CHECK-NOT:     <4 x float>
; CHECK:         ret void
define void @neg_or_abs(ptr noalias %d, ptr noalias %a) {
  %pa0 = getelementptr inbounds i8, ptr %a, i64 4
  %xa0 = load float, ptr %pa0, align 4
  %q0 = call nnan float @llvm.sqrt.f32(float %xa0)
  %n0 = fneg nnan float %q0
  %pd0 = getelementptr inbounds i8, ptr %d, i64 0
  store float %n0, ptr %pd0, align 4
  %pa1 = getelementptr inbounds i8, ptr %a, i64 0
  %xa1 = load float, ptr %pa1, align 4
  %q1 = call nnan float @llvm.sqrt.f32(float %xa1)
  %n1 = call float @llvm.fabs.f32(float %q1)
  %pd1 = getelementptr inbounds i8, ptr %d, i64 4
  store float %n1, ptr %pd1, align 4
  %pa2 = getelementptr inbounds i8, ptr %a, i64 12
  %xa2 = load float, ptr %pa2, align 4
  %q2 = call nnan float @llvm.sqrt.f32(float %xa2)
  %n2 = fneg nnan float %q2
  %pd2 = getelementptr inbounds i8, ptr %d, i64 8
  store float %n2, ptr %pd2, align 4
  %pa3 = getelementptr inbounds i8, ptr %a, i64 8
  %xa3 = load float, ptr %pa3, align 4
  %q3 = call nnan float @llvm.sqrt.f32(float %xa3)
  %n3 = fneg nnan float %q3
  %pd3 = getelementptr inbounds i8, ptr %d, i64 12
  store float %n3, ptr %pd3, align 4
  ret void
}
