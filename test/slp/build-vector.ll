; Build vectors as SLP seeds: a chain of `insertelement`s at constant indices, each read
; only by the next, that sets every lane of a vector once, each lane's scalar read only
; there, whose lanes one tree computes, becomes that tree's vector code (here two loads,
; each permuted, and one `mul`); the chain's uses read it. The loads move down to the
; last insertion: nothing in between may write what they read.
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<no-slp>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 | FileCheck %s --check-prefix=ASM

declare void @use(i32)

; CHECK-LABEL: @products(
; CHECK-DAG:     [[A:%.*]] = load <4 x i32>, ptr %p, align 4
; CHECK-DAG:     [[B:%.*]] = load <4 x i32>, ptr {{%.*}}, align 4
; CHECK-DAG:     shufflevector <4 x i32> [[A]], <4 x i32> poison, <4 x i32> <i32 2, i32 0, i32 3, i32 1>
; CHECK-DAG:     shufflevector <4 x i32> [[B]], <4 x i32> poison, <4 x i32> <i32 1, i32 3, i32 0, i32 2>
; CHECK:         [[M:%.*]] = mul <4 x i32>
; CHECK-NOT:     insertelement
; CHECK:         ret <4 x i32> [[M]]
; OFF-LABEL: @products(
; OFF-COUNT-4:   insertelement
; REMARK: remark: {{.*}}slp: a build vector of 4 lanes of 4 operations (llc {{[0-9]+}}) became <4 x i32> vector code with loads and shuffles ({{TTI|llc}} {{[0-9]+}})
; ASM-LABEL: products:
; ASM:         vpshufd
; ASM:         vpmulld
; ASM-NOT:     vpinsrd
; ASM:         retq
define <4 x i32> @products(ptr %p) {
  %pa0 = getelementptr inbounds i8, ptr %p, i64 0
  %a0 = load i32, ptr %pa0, align 4
  %pa1 = getelementptr inbounds i8, ptr %p, i64 4
  %a1 = load i32, ptr %pa1, align 4
  %pa2 = getelementptr inbounds i8, ptr %p, i64 8
  %a2 = load i32, ptr %pa2, align 4
  %pa3 = getelementptr inbounds i8, ptr %p, i64 12
  %a3 = load i32, ptr %pa3, align 4
  %pb0 = getelementptr inbounds i8, ptr %p, i64 16
  %b0 = load i32, ptr %pb0, align 4
  %pb1 = getelementptr inbounds i8, ptr %p, i64 20
  %b1 = load i32, ptr %pb1, align 4
  %pb2 = getelementptr inbounds i8, ptr %p, i64 24
  %b2 = load i32, ptr %pb2, align 4
  %pb3 = getelementptr inbounds i8, ptr %p, i64 28
  %b3 = load i32, ptr %pb3, align 4
  %m0 = mul i32 %a2, %b1
  %m1 = mul i32 %a0, %b3
  %m2 = mul i32 %a3, %b0
  %m3 = mul i32 %a1, %b2
  %v0 = insertelement <4 x i32> poison, i32 %m0, i64 0
  %v1 = insertelement <4 x i32> %v0, i32 %m1, i64 1
  %v2 = insertelement <4 x i32> %v1, i32 %m2, i64 2
  %v3 = insertelement <4 x i32> %v2, i32 %m3, i64 3
  ret <4 x i32> %v3
}

; A store between the loads and the last insertion that may write what they read:
; left as it is.
; CHECK-LABEL: @clobbered(
; CHECK-COUNT-4: insertelement
define <4 x i32> @clobbered(ptr %p, ptr %q) {
  %pa0 = getelementptr inbounds i8, ptr %p, i64 0
  %a0 = load i32, ptr %pa0, align 4
  %pa1 = getelementptr inbounds i8, ptr %p, i64 4
  %a1 = load i32, ptr %pa1, align 4
  %pa2 = getelementptr inbounds i8, ptr %p, i64 8
  %a2 = load i32, ptr %pa2, align 4
  %pa3 = getelementptr inbounds i8, ptr %p, i64 12
  %a3 = load i32, ptr %pa3, align 4
  %pb0 = getelementptr inbounds i8, ptr %p, i64 16
  %b0 = load i32, ptr %pb0, align 4
  %pb1 = getelementptr inbounds i8, ptr %p, i64 20
  %b1 = load i32, ptr %pb1, align 4
  %pb2 = getelementptr inbounds i8, ptr %p, i64 24
  %b2 = load i32, ptr %pb2, align 4
  %pb3 = getelementptr inbounds i8, ptr %p, i64 28
  %b3 = load i32, ptr %pb3, align 4
  %m0 = mul i32 %a2, %b1
  %m1 = mul i32 %a0, %b3
  %m2 = mul i32 %a3, %b0
  %m3 = mul i32 %a1, %b2
  %v0 = insertelement <4 x i32> poison, i32 %m0, i64 0
  %v1 = insertelement <4 x i32> %v0, i32 %m1, i64 1
  %v2 = insertelement <4 x i32> %v1, i32 %m2, i64 2
  store i32 0, ptr %q, align 4
  %v3 = insertelement <4 x i32> %v2, i32 %m3, i64 3
  ret <4 x i32> %v3
}

; A lane's scalar read elsewhere too, a lane set twice, a lane never set: left.
; CHECK-LABEL: @used_elsewhere(
; CHECK-COUNT-4: insertelement
define <4 x i32> @used_elsewhere(ptr %p) {
  %pa0 = getelementptr inbounds i8, ptr %p, i64 0
  %a0 = load i32, ptr %pa0, align 4
  %pa1 = getelementptr inbounds i8, ptr %p, i64 4
  %a1 = load i32, ptr %pa1, align 4
  %pa2 = getelementptr inbounds i8, ptr %p, i64 8
  %a2 = load i32, ptr %pa2, align 4
  %pa3 = getelementptr inbounds i8, ptr %p, i64 12
  %a3 = load i32, ptr %pa3, align 4
  %pb0 = getelementptr inbounds i8, ptr %p, i64 16
  %b0 = load i32, ptr %pb0, align 4
  %pb1 = getelementptr inbounds i8, ptr %p, i64 20
  %b1 = load i32, ptr %pb1, align 4
  %pb2 = getelementptr inbounds i8, ptr %p, i64 24
  %b2 = load i32, ptr %pb2, align 4
  %pb3 = getelementptr inbounds i8, ptr %p, i64 28
  %b3 = load i32, ptr %pb3, align 4
  %m0 = mul i32 %a2, %b1
  %m1 = mul i32 %a0, %b3
  %m2 = mul i32 %a3, %b0
  %m3 = mul i32 %a1, %b2
  %v0 = insertelement <4 x i32> poison, i32 %m0, i64 0
  %v1 = insertelement <4 x i32> %v0, i32 %m1, i64 1
  %v2 = insertelement <4 x i32> %v1, i32 %m2, i64 2
  %v3 = insertelement <4 x i32> %v2, i32 %m3, i64 3
  call void @use(i32 %m2)
  ret <4 x i32> %v3
}
; CHECK-LABEL: @set_twice(
; CHECK-COUNT-4: insertelement
define <4 x i32> @set_twice(ptr %p) {
  %pa0 = getelementptr inbounds i8, ptr %p, i64 0
  %a0 = load i32, ptr %pa0, align 4
  %pa1 = getelementptr inbounds i8, ptr %p, i64 4
  %a1 = load i32, ptr %pa1, align 4
  %pa2 = getelementptr inbounds i8, ptr %p, i64 8
  %a2 = load i32, ptr %pa2, align 4
  %pa3 = getelementptr inbounds i8, ptr %p, i64 12
  %a3 = load i32, ptr %pa3, align 4
  %pb0 = getelementptr inbounds i8, ptr %p, i64 16
  %b0 = load i32, ptr %pb0, align 4
  %pb1 = getelementptr inbounds i8, ptr %p, i64 20
  %b1 = load i32, ptr %pb1, align 4
  %pb2 = getelementptr inbounds i8, ptr %p, i64 24
  %b2 = load i32, ptr %pb2, align 4
  %pb3 = getelementptr inbounds i8, ptr %p, i64 28
  %b3 = load i32, ptr %pb3, align 4
  %m0 = mul i32 %a2, %b1
  %m1 = mul i32 %a0, %b3
  %m2 = mul i32 %a3, %b0
  %m3 = mul i32 %a1, %b2
  %v0 = insertelement <4 x i32> poison, i32 %m0, i64 0
  %v1 = insertelement <4 x i32> %v0, i32 %m1, i64 1
  %v2 = insertelement <4 x i32> %v1, i32 %m2, i64 2
  %v3 = insertelement <4 x i32> %v2, i32 %m3, i64 2
  ret <4 x i32> %v3
}
; CHECK-LABEL: @lane_unset(
; CHECK-COUNT-3: insertelement
; CHECK:         ret <4 x i32> %v2
define <4 x i32> @lane_unset(ptr %p) {
  %pa0 = getelementptr inbounds i8, ptr %p, i64 0
  %a0 = load i32, ptr %pa0, align 4
  %pa1 = getelementptr inbounds i8, ptr %p, i64 4
  %a1 = load i32, ptr %pa1, align 4
  %pa2 = getelementptr inbounds i8, ptr %p, i64 8
  %a2 = load i32, ptr %pa2, align 4
  %pa3 = getelementptr inbounds i8, ptr %p, i64 12
  %a3 = load i32, ptr %pa3, align 4
  %pb0 = getelementptr inbounds i8, ptr %p, i64 16
  %b0 = load i32, ptr %pb0, align 4
  %pb1 = getelementptr inbounds i8, ptr %p, i64 20
  %b1 = load i32, ptr %pb1, align 4
  %pb2 = getelementptr inbounds i8, ptr %p, i64 24
  %b2 = load i32, ptr %pb2, align 4
  %pb3 = getelementptr inbounds i8, ptr %p, i64 28
  %b3 = load i32, ptr %pb3, align 4
  %m0 = mul i32 %a2, %b1
  %m1 = mul i32 %a0, %b3
  %m2 = mul i32 %a3, %b0
  %m3 = mul i32 %a1, %b2
  %v0 = insertelement <4 x i32> poison, i32 %m0, i64 0
  %v1 = insertelement <4 x i32> %v0, i32 %m1, i64 1
  %v2 = insertelement <4 x i32> %v1, i32 %m2, i64 2
  ret <4 x i32> %v2
}
