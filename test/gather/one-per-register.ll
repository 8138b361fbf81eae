; A gathered group whose registers are each one gather (16 <4 x i64> from a block of 64
; i64 on x86-64-v3, a 4x16 transpose): the networks, which run between building the
; wide load and deciding on it, rebuild the register shuffles and erase them. The
; gathers' replacements must follow (a crash on libsodium's argon2 `fill_segment_ref`
; when they were the registers themselves). The network's first stage loads halves
; of registers: the wide load is gone too.
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late>' -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late>' -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late;lower-always>' -S %s | FileCheck %s

; CHECK-LABEL: @columns(
; CHECK:         load <2 x i64>, ptr %a0_0
; CHECK-NOT:     load i64
; CHECK:         ret void
; REMARK-DAG: remark: {{.*}}network: 16 <4 x i64> shuffles of 16 registers
; REMARK-DAG: remark: {{.*}}gather: 16 <4 x i64> gathered from 64 loads (llc {{[0-9]+}}) became one load and 4-lane registers
define void @columns(ptr noalias %src, ptr noalias %dst) {
  %a0_0 = getelementptr inbounds i8, ptr %src, i64 0
  %l0_0 = load i64, ptr %a0_0, align 8
  %v0_0 = insertelement <4 x i64> poison, i64 %l0_0, i64 0
  %a0_1 = getelementptr inbounds i8, ptr %src, i64 128
  %l0_1 = load i64, ptr %a0_1, align 8
  %v0_1 = insertelement <4 x i64> %v0_0, i64 %l0_1, i64 1
  %a0_2 = getelementptr inbounds i8, ptr %src, i64 256
  %l0_2 = load i64, ptr %a0_2, align 8
  %v0_2 = insertelement <4 x i64> %v0_1, i64 %l0_2, i64 2
  %a0_3 = getelementptr inbounds i8, ptr %src, i64 384
  %l0_3 = load i64, ptr %a0_3, align 8
  %v0_3 = insertelement <4 x i64> %v0_2, i64 %l0_3, i64 3
  %a1_0 = getelementptr inbounds i8, ptr %src, i64 8
  %l1_0 = load i64, ptr %a1_0, align 8
  %v1_0 = insertelement <4 x i64> poison, i64 %l1_0, i64 0
  %a1_1 = getelementptr inbounds i8, ptr %src, i64 136
  %l1_1 = load i64, ptr %a1_1, align 8
  %v1_1 = insertelement <4 x i64> %v1_0, i64 %l1_1, i64 1
  %a1_2 = getelementptr inbounds i8, ptr %src, i64 264
  %l1_2 = load i64, ptr %a1_2, align 8
  %v1_2 = insertelement <4 x i64> %v1_1, i64 %l1_2, i64 2
  %a1_3 = getelementptr inbounds i8, ptr %src, i64 392
  %l1_3 = load i64, ptr %a1_3, align 8
  %v1_3 = insertelement <4 x i64> %v1_2, i64 %l1_3, i64 3
  %a2_0 = getelementptr inbounds i8, ptr %src, i64 16
  %l2_0 = load i64, ptr %a2_0, align 8
  %v2_0 = insertelement <4 x i64> poison, i64 %l2_0, i64 0
  %a2_1 = getelementptr inbounds i8, ptr %src, i64 144
  %l2_1 = load i64, ptr %a2_1, align 8
  %v2_1 = insertelement <4 x i64> %v2_0, i64 %l2_1, i64 1
  %a2_2 = getelementptr inbounds i8, ptr %src, i64 272
  %l2_2 = load i64, ptr %a2_2, align 8
  %v2_2 = insertelement <4 x i64> %v2_1, i64 %l2_2, i64 2
  %a2_3 = getelementptr inbounds i8, ptr %src, i64 400
  %l2_3 = load i64, ptr %a2_3, align 8
  %v2_3 = insertelement <4 x i64> %v2_2, i64 %l2_3, i64 3
  %a3_0 = getelementptr inbounds i8, ptr %src, i64 24
  %l3_0 = load i64, ptr %a3_0, align 8
  %v3_0 = insertelement <4 x i64> poison, i64 %l3_0, i64 0
  %a3_1 = getelementptr inbounds i8, ptr %src, i64 152
  %l3_1 = load i64, ptr %a3_1, align 8
  %v3_1 = insertelement <4 x i64> %v3_0, i64 %l3_1, i64 1
  %a3_2 = getelementptr inbounds i8, ptr %src, i64 280
  %l3_2 = load i64, ptr %a3_2, align 8
  %v3_2 = insertelement <4 x i64> %v3_1, i64 %l3_2, i64 2
  %a3_3 = getelementptr inbounds i8, ptr %src, i64 408
  %l3_3 = load i64, ptr %a3_3, align 8
  %v3_3 = insertelement <4 x i64> %v3_2, i64 %l3_3, i64 3
  %a4_0 = getelementptr inbounds i8, ptr %src, i64 32
  %l4_0 = load i64, ptr %a4_0, align 8
  %v4_0 = insertelement <4 x i64> poison, i64 %l4_0, i64 0
  %a4_1 = getelementptr inbounds i8, ptr %src, i64 160
  %l4_1 = load i64, ptr %a4_1, align 8
  %v4_1 = insertelement <4 x i64> %v4_0, i64 %l4_1, i64 1
  %a4_2 = getelementptr inbounds i8, ptr %src, i64 288
  %l4_2 = load i64, ptr %a4_2, align 8
  %v4_2 = insertelement <4 x i64> %v4_1, i64 %l4_2, i64 2
  %a4_3 = getelementptr inbounds i8, ptr %src, i64 416
  %l4_3 = load i64, ptr %a4_3, align 8
  %v4_3 = insertelement <4 x i64> %v4_2, i64 %l4_3, i64 3
  %a5_0 = getelementptr inbounds i8, ptr %src, i64 40
  %l5_0 = load i64, ptr %a5_0, align 8
  %v5_0 = insertelement <4 x i64> poison, i64 %l5_0, i64 0
  %a5_1 = getelementptr inbounds i8, ptr %src, i64 168
  %l5_1 = load i64, ptr %a5_1, align 8
  %v5_1 = insertelement <4 x i64> %v5_0, i64 %l5_1, i64 1
  %a5_2 = getelementptr inbounds i8, ptr %src, i64 296
  %l5_2 = load i64, ptr %a5_2, align 8
  %v5_2 = insertelement <4 x i64> %v5_1, i64 %l5_2, i64 2
  %a5_3 = getelementptr inbounds i8, ptr %src, i64 424
  %l5_3 = load i64, ptr %a5_3, align 8
  %v5_3 = insertelement <4 x i64> %v5_2, i64 %l5_3, i64 3
  %a6_0 = getelementptr inbounds i8, ptr %src, i64 48
  %l6_0 = load i64, ptr %a6_0, align 8
  %v6_0 = insertelement <4 x i64> poison, i64 %l6_0, i64 0
  %a6_1 = getelementptr inbounds i8, ptr %src, i64 176
  %l6_1 = load i64, ptr %a6_1, align 8
  %v6_1 = insertelement <4 x i64> %v6_0, i64 %l6_1, i64 1
  %a6_2 = getelementptr inbounds i8, ptr %src, i64 304
  %l6_2 = load i64, ptr %a6_2, align 8
  %v6_2 = insertelement <4 x i64> %v6_1, i64 %l6_2, i64 2
  %a6_3 = getelementptr inbounds i8, ptr %src, i64 432
  %l6_3 = load i64, ptr %a6_3, align 8
  %v6_3 = insertelement <4 x i64> %v6_2, i64 %l6_3, i64 3
  %a7_0 = getelementptr inbounds i8, ptr %src, i64 56
  %l7_0 = load i64, ptr %a7_0, align 8
  %v7_0 = insertelement <4 x i64> poison, i64 %l7_0, i64 0
  %a7_1 = getelementptr inbounds i8, ptr %src, i64 184
  %l7_1 = load i64, ptr %a7_1, align 8
  %v7_1 = insertelement <4 x i64> %v7_0, i64 %l7_1, i64 1
  %a7_2 = getelementptr inbounds i8, ptr %src, i64 312
  %l7_2 = load i64, ptr %a7_2, align 8
  %v7_2 = insertelement <4 x i64> %v7_1, i64 %l7_2, i64 2
  %a7_3 = getelementptr inbounds i8, ptr %src, i64 440
  %l7_3 = load i64, ptr %a7_3, align 8
  %v7_3 = insertelement <4 x i64> %v7_2, i64 %l7_3, i64 3
  %a8_0 = getelementptr inbounds i8, ptr %src, i64 64
  %l8_0 = load i64, ptr %a8_0, align 8
  %v8_0 = insertelement <4 x i64> poison, i64 %l8_0, i64 0
  %a8_1 = getelementptr inbounds i8, ptr %src, i64 192
  %l8_1 = load i64, ptr %a8_1, align 8
  %v8_1 = insertelement <4 x i64> %v8_0, i64 %l8_1, i64 1
  %a8_2 = getelementptr inbounds i8, ptr %src, i64 320
  %l8_2 = load i64, ptr %a8_2, align 8
  %v8_2 = insertelement <4 x i64> %v8_1, i64 %l8_2, i64 2
  %a8_3 = getelementptr inbounds i8, ptr %src, i64 448
  %l8_3 = load i64, ptr %a8_3, align 8
  %v8_3 = insertelement <4 x i64> %v8_2, i64 %l8_3, i64 3
  %a9_0 = getelementptr inbounds i8, ptr %src, i64 72
  %l9_0 = load i64, ptr %a9_0, align 8
  %v9_0 = insertelement <4 x i64> poison, i64 %l9_0, i64 0
  %a9_1 = getelementptr inbounds i8, ptr %src, i64 200
  %l9_1 = load i64, ptr %a9_1, align 8
  %v9_1 = insertelement <4 x i64> %v9_0, i64 %l9_1, i64 1
  %a9_2 = getelementptr inbounds i8, ptr %src, i64 328
  %l9_2 = load i64, ptr %a9_2, align 8
  %v9_2 = insertelement <4 x i64> %v9_1, i64 %l9_2, i64 2
  %a9_3 = getelementptr inbounds i8, ptr %src, i64 456
  %l9_3 = load i64, ptr %a9_3, align 8
  %v9_3 = insertelement <4 x i64> %v9_2, i64 %l9_3, i64 3
  %a10_0 = getelementptr inbounds i8, ptr %src, i64 80
  %l10_0 = load i64, ptr %a10_0, align 8
  %v10_0 = insertelement <4 x i64> poison, i64 %l10_0, i64 0
  %a10_1 = getelementptr inbounds i8, ptr %src, i64 208
  %l10_1 = load i64, ptr %a10_1, align 8
  %v10_1 = insertelement <4 x i64> %v10_0, i64 %l10_1, i64 1
  %a10_2 = getelementptr inbounds i8, ptr %src, i64 336
  %l10_2 = load i64, ptr %a10_2, align 8
  %v10_2 = insertelement <4 x i64> %v10_1, i64 %l10_2, i64 2
  %a10_3 = getelementptr inbounds i8, ptr %src, i64 464
  %l10_3 = load i64, ptr %a10_3, align 8
  %v10_3 = insertelement <4 x i64> %v10_2, i64 %l10_3, i64 3
  %a11_0 = getelementptr inbounds i8, ptr %src, i64 88
  %l11_0 = load i64, ptr %a11_0, align 8
  %v11_0 = insertelement <4 x i64> poison, i64 %l11_0, i64 0
  %a11_1 = getelementptr inbounds i8, ptr %src, i64 216
  %l11_1 = load i64, ptr %a11_1, align 8
  %v11_1 = insertelement <4 x i64> %v11_0, i64 %l11_1, i64 1
  %a11_2 = getelementptr inbounds i8, ptr %src, i64 344
  %l11_2 = load i64, ptr %a11_2, align 8
  %v11_2 = insertelement <4 x i64> %v11_1, i64 %l11_2, i64 2
  %a11_3 = getelementptr inbounds i8, ptr %src, i64 472
  %l11_3 = load i64, ptr %a11_3, align 8
  %v11_3 = insertelement <4 x i64> %v11_2, i64 %l11_3, i64 3
  %a12_0 = getelementptr inbounds i8, ptr %src, i64 96
  %l12_0 = load i64, ptr %a12_0, align 8
  %v12_0 = insertelement <4 x i64> poison, i64 %l12_0, i64 0
  %a12_1 = getelementptr inbounds i8, ptr %src, i64 224
  %l12_1 = load i64, ptr %a12_1, align 8
  %v12_1 = insertelement <4 x i64> %v12_0, i64 %l12_1, i64 1
  %a12_2 = getelementptr inbounds i8, ptr %src, i64 352
  %l12_2 = load i64, ptr %a12_2, align 8
  %v12_2 = insertelement <4 x i64> %v12_1, i64 %l12_2, i64 2
  %a12_3 = getelementptr inbounds i8, ptr %src, i64 480
  %l12_3 = load i64, ptr %a12_3, align 8
  %v12_3 = insertelement <4 x i64> %v12_2, i64 %l12_3, i64 3
  %a13_0 = getelementptr inbounds i8, ptr %src, i64 104
  %l13_0 = load i64, ptr %a13_0, align 8
  %v13_0 = insertelement <4 x i64> poison, i64 %l13_0, i64 0
  %a13_1 = getelementptr inbounds i8, ptr %src, i64 232
  %l13_1 = load i64, ptr %a13_1, align 8
  %v13_1 = insertelement <4 x i64> %v13_0, i64 %l13_1, i64 1
  %a13_2 = getelementptr inbounds i8, ptr %src, i64 360
  %l13_2 = load i64, ptr %a13_2, align 8
  %v13_2 = insertelement <4 x i64> %v13_1, i64 %l13_2, i64 2
  %a13_3 = getelementptr inbounds i8, ptr %src, i64 488
  %l13_3 = load i64, ptr %a13_3, align 8
  %v13_3 = insertelement <4 x i64> %v13_2, i64 %l13_3, i64 3
  %a14_0 = getelementptr inbounds i8, ptr %src, i64 112
  %l14_0 = load i64, ptr %a14_0, align 8
  %v14_0 = insertelement <4 x i64> poison, i64 %l14_0, i64 0
  %a14_1 = getelementptr inbounds i8, ptr %src, i64 240
  %l14_1 = load i64, ptr %a14_1, align 8
  %v14_1 = insertelement <4 x i64> %v14_0, i64 %l14_1, i64 1
  %a14_2 = getelementptr inbounds i8, ptr %src, i64 368
  %l14_2 = load i64, ptr %a14_2, align 8
  %v14_2 = insertelement <4 x i64> %v14_1, i64 %l14_2, i64 2
  %a14_3 = getelementptr inbounds i8, ptr %src, i64 496
  %l14_3 = load i64, ptr %a14_3, align 8
  %v14_3 = insertelement <4 x i64> %v14_2, i64 %l14_3, i64 3
  %a15_0 = getelementptr inbounds i8, ptr %src, i64 120
  %l15_0 = load i64, ptr %a15_0, align 8
  %v15_0 = insertelement <4 x i64> poison, i64 %l15_0, i64 0
  %a15_1 = getelementptr inbounds i8, ptr %src, i64 248
  %l15_1 = load i64, ptr %a15_1, align 8
  %v15_1 = insertelement <4 x i64> %v15_0, i64 %l15_1, i64 1
  %a15_2 = getelementptr inbounds i8, ptr %src, i64 376
  %l15_2 = load i64, ptr %a15_2, align 8
  %v15_2 = insertelement <4 x i64> %v15_1, i64 %l15_2, i64 2
  %a15_3 = getelementptr inbounds i8, ptr %src, i64 504
  %l15_3 = load i64, ptr %a15_3, align 8
  %v15_3 = insertelement <4 x i64> %v15_2, i64 %l15_3, i64 3
  %d0 = getelementptr inbounds i8, ptr %dst, i64 0
  store <4 x i64> %v0_3, ptr %d0, align 8
  %d1 = getelementptr inbounds i8, ptr %dst, i64 32
  store <4 x i64> %v1_3, ptr %d1, align 8
  %d2 = getelementptr inbounds i8, ptr %dst, i64 64
  store <4 x i64> %v2_3, ptr %d2, align 8
  %d3 = getelementptr inbounds i8, ptr %dst, i64 96
  store <4 x i64> %v3_3, ptr %d3, align 8
  %d4 = getelementptr inbounds i8, ptr %dst, i64 128
  store <4 x i64> %v4_3, ptr %d4, align 8
  %d5 = getelementptr inbounds i8, ptr %dst, i64 160
  store <4 x i64> %v5_3, ptr %d5, align 8
  %d6 = getelementptr inbounds i8, ptr %dst, i64 192
  store <4 x i64> %v6_3, ptr %d6, align 8
  %d7 = getelementptr inbounds i8, ptr %dst, i64 224
  store <4 x i64> %v7_3, ptr %d7, align 8
  %d8 = getelementptr inbounds i8, ptr %dst, i64 256
  store <4 x i64> %v8_3, ptr %d8, align 8
  %d9 = getelementptr inbounds i8, ptr %dst, i64 288
  store <4 x i64> %v9_3, ptr %d9, align 8
  %d10 = getelementptr inbounds i8, ptr %dst, i64 320
  store <4 x i64> %v10_3, ptr %d10, align 8
  %d11 = getelementptr inbounds i8, ptr %dst, i64 352
  store <4 x i64> %v11_3, ptr %d11, align 8
  %d12 = getelementptr inbounds i8, ptr %dst, i64 384
  store <4 x i64> %v12_3, ptr %d12, align 8
  %d13 = getelementptr inbounds i8, ptr %dst, i64 416
  store <4 x i64> %v13_3, ptr %d13, align 8
  %d14 = getelementptr inbounds i8, ptr %dst, i64 448
  store <4 x i64> %v14_3, ptr %d14, align 8
  %d15 = getelementptr inbounds i8, ptr %dst, i64 480
  store <4 x i64> %v15_3, ptr %d15, align 8
  ret void
}
