; Casts in SLP trees (issue 12): a bundle of `zext`, `trunc` or `sitofp` of one source
; size is one cast node over a bundle of the source's elements, loaded and permuted at
; their own size. A widening cast permutes before (the narrow elements), a narrowing
; one after (`trunc` of the loads as they are, then one byte shuffle: stock SLP's order;
; shuffling the words first took two `vpermd` on x86-64-v3). Lanes that cast otherwise
; (one `sext` among `zext`s) are not one cast bundle: forced, the casts are gathered as
; they are (an `insertelement` each) beside the vector load of the rest; measured, that
; does not pay on neoverse-n1 and the code is left alone.
; REQUIRES: aarch64-registered-target, x86-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<early>' -S %s | FileCheck %s
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<early>' -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<early>' -S %s | %llc -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 | FileCheck %s --check-prefix=ASM
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<early;lower-always>' -S %s | FileCheck %s --check-prefix=ALWAYS

; CHECK-LABEL: @widen_permuted(
; CHECK:         [[A:%.*]] = load <8 x i8>, ptr %a, align 1
; CHECK-NEXT:    [[P:%.*]] = shufflevector <8 x i8> [[A]], <8 x i8> poison, <8 x i32> <i32 3, i32 1, i32 6, i32 0, i32 7, i32 2, i32 5, i32 4>
; CHECK-NEXT:    [[W:%.*]] = zext <8 x i8> [[P]] to <8 x i32>
; CHECK-NEXT:    [[S:%.*]] = add <8 x i32> {{%.*}}, [[W]]
; CHECK-NEXT:    store <8 x i32> [[S]], ptr %out, align 4
; CHECK-NOT:     load i8
; CHECK:         ret void
; CHECK-LABEL: @narrow_reversed(
; CHECK:         [[A:%.*]] = load <16 x i32>, ptr %a, align 4
; CHECK-NEXT:    [[T:%.*]] = trunc <16 x i32> [[A]] to <16 x i8>
; CHECK-NEXT:    [[R:%.*]] = shufflevector <16 x i8> [[T]], <16 x i8> poison, <16 x i32> <i32 15, i32 14, i32 13, i32 12, i32 11, i32 10, i32 9, i32 8, i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
; CHECK-NEXT:    store <16 x i8> [[R]], ptr %out, align 1
; CHECK-LABEL: @to_float_pairs(
; CHECK:         [[A:%.*]] = load <4 x i16>, ptr %a, align 2
; CHECK-NEXT:    [[P:%.*]] = shufflevector <4 x i16> [[A]], <4 x i16> poison, <4 x i32> <i32 1, i32 0, i32 3, i32 2>
; CHECK-NEXT:    [[F:%.*]] = sitofp <4 x i16> [[P]] to <4 x float>
; CHECK-NEXT:    store <4 x float> [[F]], ptr %out, align 4
; CHECK-LABEL: @mixed_casts(
; CHECK-NOT:     <8 x
; CHECK:         ret void

; REMARK: slp: 8 scalar stores of 16 operations (llc 32) became <8 x i32> vector code with loads and shuffles (llc 10)
; REMARK: slp: 16 scalar stores of 16 operations (llc 32) became <16 x i8> vector code
; REMARK: slp: 4 scalar stores of 4 operations (llc 12) became <4 x float> vector code
; REMARK-NOT: slp:

; neoverse-n1: 25 scalar instructions each -> 10, 8 and 5.
; ASM-LABEL: widen_permuted:
; ASM:         tbl v{{[0-9]+}}.8b
; ASM-NEXT:    ushll
; ASM-NEXT:    uaddw
; ASM-NEXT:    uaddw2
; ASM-NEXT:    stp
; ASM-LABEL: narrow_reversed:
; ASM:         uzp1
; ASM-NEXT:    uzp1
; ASM-NEXT:    uzp1
; ASM-NEXT:    rev64
; ASM-NEXT:    ext
; ASM-NEXT:    str q
; ASM-LABEL: to_float_pairs:
; ASM:         rev32
; ASM-NEXT:    sshll
; ASM-NEXT:    scvtf
; ASM-LABEL: mixed_casts:
; ASM:         ldrsb

; ALWAYS-LABEL: @widen_permuted(
; ALWAYS:         zext <8 x i8> {{%.*}} to <8 x i32>
; ALWAYS-LABEL: @narrow_reversed(
; ALWAYS:         trunc <16 x i32> {{%.*}} to <16 x i8>
; ALWAYS-LABEL: @to_float_pairs(
; ALWAYS:         sitofp <4 x i16> {{%.*}} to <4 x float>
; ALWAYS-LABEL: @mixed_casts(
; ALWAYS-NOT:     zext <8 x
; ALWAYS:         insertelement <8 x i32> poison, i32 %c0, i32 0
; ALWAYS:         ret void

define void @widen_permuted(ptr noalias %a, ptr noalias %b, ptr noalias %out) {
  %pa0 = getelementptr inbounds i8, ptr %a, i64 3
  %x0 = load i8, ptr %pa0, align 1
  %c0 = zext i8 %x0 to i32
  %pb0 = getelementptr inbounds i8, ptr %b, i64 0
  %y0 = load i32, ptr %pb0, align 4
  %s0 = add i32 %y0, %c0
  %po0 = getelementptr inbounds i8, ptr %out, i64 0
  store i32 %s0, ptr %po0, align 4
  %pa1 = getelementptr inbounds i8, ptr %a, i64 1
  %x1 = load i8, ptr %pa1, align 1
  %c1 = zext i8 %x1 to i32
  %pb1 = getelementptr inbounds i8, ptr %b, i64 4
  %y1 = load i32, ptr %pb1, align 4
  %s1 = add i32 %y1, %c1
  %po1 = getelementptr inbounds i8, ptr %out, i64 4
  store i32 %s1, ptr %po1, align 4
  %pa2 = getelementptr inbounds i8, ptr %a, i64 6
  %x2 = load i8, ptr %pa2, align 1
  %c2 = zext i8 %x2 to i32
  %pb2 = getelementptr inbounds i8, ptr %b, i64 8
  %y2 = load i32, ptr %pb2, align 4
  %s2 = add i32 %y2, %c2
  %po2 = getelementptr inbounds i8, ptr %out, i64 8
  store i32 %s2, ptr %po2, align 4
  %pa3 = getelementptr inbounds i8, ptr %a, i64 0
  %x3 = load i8, ptr %pa3, align 1
  %c3 = zext i8 %x3 to i32
  %pb3 = getelementptr inbounds i8, ptr %b, i64 12
  %y3 = load i32, ptr %pb3, align 4
  %s3 = add i32 %y3, %c3
  %po3 = getelementptr inbounds i8, ptr %out, i64 12
  store i32 %s3, ptr %po3, align 4
  %pa4 = getelementptr inbounds i8, ptr %a, i64 7
  %x4 = load i8, ptr %pa4, align 1
  %c4 = zext i8 %x4 to i32
  %pb4 = getelementptr inbounds i8, ptr %b, i64 16
  %y4 = load i32, ptr %pb4, align 4
  %s4 = add i32 %y4, %c4
  %po4 = getelementptr inbounds i8, ptr %out, i64 16
  store i32 %s4, ptr %po4, align 4
  %pa5 = getelementptr inbounds i8, ptr %a, i64 2
  %x5 = load i8, ptr %pa5, align 1
  %c5 = zext i8 %x5 to i32
  %pb5 = getelementptr inbounds i8, ptr %b, i64 20
  %y5 = load i32, ptr %pb5, align 4
  %s5 = add i32 %y5, %c5
  %po5 = getelementptr inbounds i8, ptr %out, i64 20
  store i32 %s5, ptr %po5, align 4
  %pa6 = getelementptr inbounds i8, ptr %a, i64 5
  %x6 = load i8, ptr %pa6, align 1
  %c6 = zext i8 %x6 to i32
  %pb6 = getelementptr inbounds i8, ptr %b, i64 24
  %y6 = load i32, ptr %pb6, align 4
  %s6 = add i32 %y6, %c6
  %po6 = getelementptr inbounds i8, ptr %out, i64 24
  store i32 %s6, ptr %po6, align 4
  %pa7 = getelementptr inbounds i8, ptr %a, i64 4
  %x7 = load i8, ptr %pa7, align 1
  %c7 = zext i8 %x7 to i32
  %pb7 = getelementptr inbounds i8, ptr %b, i64 28
  %y7 = load i32, ptr %pb7, align 4
  %s7 = add i32 %y7, %c7
  %po7 = getelementptr inbounds i8, ptr %out, i64 28
  store i32 %s7, ptr %po7, align 4
  ret void
}

define void @narrow_reversed(ptr noalias %a, ptr noalias %out) {
  %pa0 = getelementptr inbounds i8, ptr %a, i64 60
  %x0 = load i32, ptr %pa0, align 4
  %t0 = trunc i32 %x0 to i8
  %po0 = getelementptr inbounds i8, ptr %out, i64 0
  store i8 %t0, ptr %po0, align 1
  %pa1 = getelementptr inbounds i8, ptr %a, i64 56
  %x1 = load i32, ptr %pa1, align 4
  %t1 = trunc i32 %x1 to i8
  %po1 = getelementptr inbounds i8, ptr %out, i64 1
  store i8 %t1, ptr %po1, align 1
  %pa2 = getelementptr inbounds i8, ptr %a, i64 52
  %x2 = load i32, ptr %pa2, align 4
  %t2 = trunc i32 %x2 to i8
  %po2 = getelementptr inbounds i8, ptr %out, i64 2
  store i8 %t2, ptr %po2, align 1
  %pa3 = getelementptr inbounds i8, ptr %a, i64 48
  %x3 = load i32, ptr %pa3, align 4
  %t3 = trunc i32 %x3 to i8
  %po3 = getelementptr inbounds i8, ptr %out, i64 3
  store i8 %t3, ptr %po3, align 1
  %pa4 = getelementptr inbounds i8, ptr %a, i64 44
  %x4 = load i32, ptr %pa4, align 4
  %t4 = trunc i32 %x4 to i8
  %po4 = getelementptr inbounds i8, ptr %out, i64 4
  store i8 %t4, ptr %po4, align 1
  %pa5 = getelementptr inbounds i8, ptr %a, i64 40
  %x5 = load i32, ptr %pa5, align 4
  %t5 = trunc i32 %x5 to i8
  %po5 = getelementptr inbounds i8, ptr %out, i64 5
  store i8 %t5, ptr %po5, align 1
  %pa6 = getelementptr inbounds i8, ptr %a, i64 36
  %x6 = load i32, ptr %pa6, align 4
  %t6 = trunc i32 %x6 to i8
  %po6 = getelementptr inbounds i8, ptr %out, i64 6
  store i8 %t6, ptr %po6, align 1
  %pa7 = getelementptr inbounds i8, ptr %a, i64 32
  %x7 = load i32, ptr %pa7, align 4
  %t7 = trunc i32 %x7 to i8
  %po7 = getelementptr inbounds i8, ptr %out, i64 7
  store i8 %t7, ptr %po7, align 1
  %pa8 = getelementptr inbounds i8, ptr %a, i64 28
  %x8 = load i32, ptr %pa8, align 4
  %t8 = trunc i32 %x8 to i8
  %po8 = getelementptr inbounds i8, ptr %out, i64 8
  store i8 %t8, ptr %po8, align 1
  %pa9 = getelementptr inbounds i8, ptr %a, i64 24
  %x9 = load i32, ptr %pa9, align 4
  %t9 = trunc i32 %x9 to i8
  %po9 = getelementptr inbounds i8, ptr %out, i64 9
  store i8 %t9, ptr %po9, align 1
  %pa10 = getelementptr inbounds i8, ptr %a, i64 20
  %x10 = load i32, ptr %pa10, align 4
  %t10 = trunc i32 %x10 to i8
  %po10 = getelementptr inbounds i8, ptr %out, i64 10
  store i8 %t10, ptr %po10, align 1
  %pa11 = getelementptr inbounds i8, ptr %a, i64 16
  %x11 = load i32, ptr %pa11, align 4
  %t11 = trunc i32 %x11 to i8
  %po11 = getelementptr inbounds i8, ptr %out, i64 11
  store i8 %t11, ptr %po11, align 1
  %pa12 = getelementptr inbounds i8, ptr %a, i64 12
  %x12 = load i32, ptr %pa12, align 4
  %t12 = trunc i32 %x12 to i8
  %po12 = getelementptr inbounds i8, ptr %out, i64 12
  store i8 %t12, ptr %po12, align 1
  %pa13 = getelementptr inbounds i8, ptr %a, i64 8
  %x13 = load i32, ptr %pa13, align 4
  %t13 = trunc i32 %x13 to i8
  %po13 = getelementptr inbounds i8, ptr %out, i64 13
  store i8 %t13, ptr %po13, align 1
  %pa14 = getelementptr inbounds i8, ptr %a, i64 4
  %x14 = load i32, ptr %pa14, align 4
  %t14 = trunc i32 %x14 to i8
  %po14 = getelementptr inbounds i8, ptr %out, i64 14
  store i8 %t14, ptr %po14, align 1
  %pa15 = getelementptr inbounds i8, ptr %a, i64 0
  %x15 = load i32, ptr %pa15, align 4
  %t15 = trunc i32 %x15 to i8
  %po15 = getelementptr inbounds i8, ptr %out, i64 15
  store i8 %t15, ptr %po15, align 1
  ret void
}

define void @to_float_pairs(ptr noalias %a, ptr noalias %out) {
  %pa0 = getelementptr inbounds i8, ptr %a, i64 2
  %x0 = load i16, ptr %pa0, align 2
  %f0 = sitofp i16 %x0 to float
  %po0 = getelementptr inbounds i8, ptr %out, i64 0
  store float %f0, ptr %po0, align 4
  %pa1 = getelementptr inbounds i8, ptr %a, i64 0
  %x1 = load i16, ptr %pa1, align 2
  %f1 = sitofp i16 %x1 to float
  %po1 = getelementptr inbounds i8, ptr %out, i64 4
  store float %f1, ptr %po1, align 4
  %pa2 = getelementptr inbounds i8, ptr %a, i64 6
  %x2 = load i16, ptr %pa2, align 2
  %f2 = sitofp i16 %x2 to float
  %po2 = getelementptr inbounds i8, ptr %out, i64 8
  store float %f2, ptr %po2, align 4
  %pa3 = getelementptr inbounds i8, ptr %a, i64 4
  %x3 = load i16, ptr %pa3, align 2
  %f3 = sitofp i16 %x3 to float
  %po3 = getelementptr inbounds i8, ptr %out, i64 12
  store float %f3, ptr %po3, align 4
  ret void
}

define void @mixed_casts(ptr noalias %a, ptr noalias %b, ptr noalias %out) {
  %pa0 = getelementptr inbounds i8, ptr %a, i64 3
  %x0 = load i8, ptr %pa0, align 1
  %c0 = zext i8 %x0 to i32
  %pb0 = getelementptr inbounds i8, ptr %b, i64 0
  %y0 = load i32, ptr %pb0, align 4
  %s0 = add i32 %y0, %c0
  %po0 = getelementptr inbounds i8, ptr %out, i64 0
  store i32 %s0, ptr %po0, align 4
  %pa1 = getelementptr inbounds i8, ptr %a, i64 1
  %x1 = load i8, ptr %pa1, align 1
  %c1 = zext i8 %x1 to i32
  %pb1 = getelementptr inbounds i8, ptr %b, i64 4
  %y1 = load i32, ptr %pb1, align 4
  %s1 = add i32 %y1, %c1
  %po1 = getelementptr inbounds i8, ptr %out, i64 4
  store i32 %s1, ptr %po1, align 4
  %pa2 = getelementptr inbounds i8, ptr %a, i64 6
  %x2 = load i8, ptr %pa2, align 1
  %c2 = zext i8 %x2 to i32
  %pb2 = getelementptr inbounds i8, ptr %b, i64 8
  %y2 = load i32, ptr %pb2, align 4
  %s2 = add i32 %y2, %c2
  %po2 = getelementptr inbounds i8, ptr %out, i64 8
  store i32 %s2, ptr %po2, align 4
  %pa3 = getelementptr inbounds i8, ptr %a, i64 0
  %x3 = load i8, ptr %pa3, align 1
  %c3 = zext i8 %x3 to i32
  %pb3 = getelementptr inbounds i8, ptr %b, i64 12
  %y3 = load i32, ptr %pb3, align 4
  %s3 = add i32 %y3, %c3
  %po3 = getelementptr inbounds i8, ptr %out, i64 12
  store i32 %s3, ptr %po3, align 4
  %pa4 = getelementptr inbounds i8, ptr %a, i64 7
  %x4 = load i8, ptr %pa4, align 1
  %c4 = zext i8 %x4 to i32
  %pb4 = getelementptr inbounds i8, ptr %b, i64 16
  %y4 = load i32, ptr %pb4, align 4
  %s4 = add i32 %y4, %c4
  %po4 = getelementptr inbounds i8, ptr %out, i64 16
  store i32 %s4, ptr %po4, align 4
  %pa5 = getelementptr inbounds i8, ptr %a, i64 2
  %x5 = load i8, ptr %pa5, align 1
  %c5 = sext i8 %x5 to i32
  %pb5 = getelementptr inbounds i8, ptr %b, i64 20
  %y5 = load i32, ptr %pb5, align 4
  %s5 = add i32 %y5, %c5
  %po5 = getelementptr inbounds i8, ptr %out, i64 20
  store i32 %s5, ptr %po5, align 4
  %pa6 = getelementptr inbounds i8, ptr %a, i64 5
  %x6 = load i8, ptr %pa6, align 1
  %c6 = zext i8 %x6 to i32
  %pb6 = getelementptr inbounds i8, ptr %b, i64 24
  %y6 = load i32, ptr %pb6, align 4
  %s6 = add i32 %y6, %c6
  %po6 = getelementptr inbounds i8, ptr %out, i64 24
  store i32 %s6, ptr %po6, align 4
  %pa7 = getelementptr inbounds i8, ptr %a, i64 4
  %x7 = load i8, ptr %pa7, align 1
  %c7 = zext i8 %x7 to i32
  %pb7 = getelementptr inbounds i8, ptr %b, i64 28
  %y7 = load i32, ptr %pb7, align 4
  %s7 = add i32 %y7, %c7
  %po7 = getelementptr inbounds i8, ptr %out, i64 28
  store i32 %s7, ptr %po7, align 4
  ret void
}

