; Gather nodes: a bundle no node kind fits (values of no kind: arguments) is built from
; its scalars as they are, an `insertelement` each, or one and a splat where every lane
; is the same value; the rest of the tree is vector code as usual. Permuted words times
; one argument: one load, one shuffle, one splat, one `mul`, one store. Times eight
; arguments: the arguments inserted. Measured like every tree (the inserts counted).
; REQUIRES: aarch64-registered-target, x86-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<early>' -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<early>' -S %s | FileCheck %s
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<early>' -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

; CHECK-LABEL: @times_one(
; CHECK:         [[A:%.*]] = load <8 x i32>, ptr %a
; CHECK:         [[X:%.*]] = shufflevector <8 x i32> [[A]], <8 x i32> poison, <8 x i32> <i32 3, i32 1, i32 2, i32 0, i32 7, i32 5, i32 6, i32 4>
; CHECK:         [[I:%.*]] = insertelement <8 x i32> poison, i32 %s, i32 0
; CHECK-NEXT:    [[S:%.*]] = shufflevector <8 x i32> [[I]], <8 x i32> poison, <8 x i32> zeroinitializer
; CHECK-NEXT:    [[M:%.*]] = mul <8 x i32> [[X]], [[S]]
; CHECK-NEXT:    store <8 x i32> [[M]], ptr %d
; REMARK: slp: 8 scalar stores of 8 operations (llc {{[0-9]+}}) became <8 x i32> vector code with loads and shuffles
define void @times_one(ptr noalias %d, ptr noalias %a, i32 %s) {
  %pa0 = getelementptr inbounds i8, ptr %a, i64 12
  %x0 = load i32, ptr %pa0, align 4
  %m0 = mul i32 %x0, %s
  %pd0 = getelementptr inbounds i8, ptr %d, i64 0
  store i32 %m0, ptr %pd0, align 4
  %pa1 = getelementptr inbounds i8, ptr %a, i64 4
  %x1 = load i32, ptr %pa1, align 4
  %m1 = mul i32 %x1, %s
  %pd1 = getelementptr inbounds i8, ptr %d, i64 4
  store i32 %m1, ptr %pd1, align 4
  %pa2 = getelementptr inbounds i8, ptr %a, i64 8
  %x2 = load i32, ptr %pa2, align 4
  %m2 = mul i32 %x2, %s
  %pd2 = getelementptr inbounds i8, ptr %d, i64 8
  store i32 %m2, ptr %pd2, align 4
  %pa3 = getelementptr inbounds i8, ptr %a, i64 0
  %x3 = load i32, ptr %pa3, align 4
  %m3 = mul i32 %x3, %s
  %pd3 = getelementptr inbounds i8, ptr %d, i64 12
  store i32 %m3, ptr %pd3, align 4
  %pa4 = getelementptr inbounds i8, ptr %a, i64 28
  %x4 = load i32, ptr %pa4, align 4
  %m4 = mul i32 %x4, %s
  %pd4 = getelementptr inbounds i8, ptr %d, i64 16
  store i32 %m4, ptr %pd4, align 4
  %pa5 = getelementptr inbounds i8, ptr %a, i64 20
  %x5 = load i32, ptr %pa5, align 4
  %m5 = mul i32 %x5, %s
  %pd5 = getelementptr inbounds i8, ptr %d, i64 20
  store i32 %m5, ptr %pd5, align 4
  %pa6 = getelementptr inbounds i8, ptr %a, i64 24
  %x6 = load i32, ptr %pa6, align 4
  %m6 = mul i32 %x6, %s
  %pd6 = getelementptr inbounds i8, ptr %d, i64 24
  store i32 %m6, ptr %pd6, align 4
  %pa7 = getelementptr inbounds i8, ptr %a, i64 16
  %x7 = load i32, ptr %pa7, align 4
  %m7 = mul i32 %x7, %s
  %pd7 = getelementptr inbounds i8, ptr %d, i64 28
  store i32 %m7, ptr %pd7, align 4
  ret void
}

; CHECK-LABEL: @times_each(
; CHECK:         insertelement <8 x i32> poison, i32 %s0, i32 0
; CHECK:         insertelement <8 x i32> {{%.*}}, i32 %s7, i32 7
; CHECK:         mul <8 x i32>
define void @times_each(ptr noalias %d, ptr noalias %a, i32 %s0, i32 %s1, i32 %s2, i32 %s3, i32 %s4, i32 %s5, i32 %s6, i32 %s7) {
  %pa0 = getelementptr inbounds i8, ptr %a, i64 12
  %x0 = load i32, ptr %pa0, align 4
  %m0 = mul i32 %x0, %s0
  %pd0 = getelementptr inbounds i8, ptr %d, i64 0
  store i32 %m0, ptr %pd0, align 4
  %pa1 = getelementptr inbounds i8, ptr %a, i64 4
  %x1 = load i32, ptr %pa1, align 4
  %m1 = mul i32 %x1, %s1
  %pd1 = getelementptr inbounds i8, ptr %d, i64 4
  store i32 %m1, ptr %pd1, align 4
  %pa2 = getelementptr inbounds i8, ptr %a, i64 8
  %x2 = load i32, ptr %pa2, align 4
  %m2 = mul i32 %x2, %s2
  %pd2 = getelementptr inbounds i8, ptr %d, i64 8
  store i32 %m2, ptr %pd2, align 4
  %pa3 = getelementptr inbounds i8, ptr %a, i64 0
  %x3 = load i32, ptr %pa3, align 4
  %m3 = mul i32 %x3, %s3
  %pd3 = getelementptr inbounds i8, ptr %d, i64 12
  store i32 %m3, ptr %pd3, align 4
  %pa4 = getelementptr inbounds i8, ptr %a, i64 28
  %x4 = load i32, ptr %pa4, align 4
  %m4 = mul i32 %x4, %s4
  %pd4 = getelementptr inbounds i8, ptr %d, i64 16
  store i32 %m4, ptr %pd4, align 4
  %pa5 = getelementptr inbounds i8, ptr %a, i64 20
  %x5 = load i32, ptr %pa5, align 4
  %m5 = mul i32 %x5, %s5
  %pd5 = getelementptr inbounds i8, ptr %d, i64 20
  store i32 %m5, ptr %pd5, align 4
  %pa6 = getelementptr inbounds i8, ptr %a, i64 24
  %x6 = load i32, ptr %pa6, align 4
  %m6 = mul i32 %x6, %s6
  %pd6 = getelementptr inbounds i8, ptr %d, i64 24
  store i32 %m6, ptr %pd6, align 4
  %pa7 = getelementptr inbounds i8, ptr %a, i64 16
  %x7 = load i32, ptr %pa7, align 4
  %m7 = mul i32 %x7, %s7
  %pd7 = getelementptr inbounds i8, ptr %d, i64 28
  store i32 %m7, ptr %pd7, align 4
  ret void
}
