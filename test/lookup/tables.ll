; Table lookups: a vector gathered byte by byte from a constant table of 16 bytes or
; fewer, indexed by the lanes of one vector whose range is proved (a mask, a shift, a
; remainder), becomes one pshufb/vpshufb (x86, the table in each 128-bit lane) or tbl
; (AArch64); on x86 a table of up to 64 bytes in 16-byte parts chosen by bits 4 and 5.
; What the loop vectorizer leaves for `out[i] = digits[in[i] & 15]`.
; REQUIRES: x86-registered-target, aarch64-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s --check-prefixes=CHECK,V3
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 | FileCheck %s --check-prefix=ASM
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v2 -passes=shuffle-lib -S %s | FileCheck %s --check-prefixes=CHECK,V2
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64 -passes=shuffle-lib -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<no-lookup>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<early>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | FileCheck %s --check-prefix=A64
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS

@digits = internal constant [16 x i8] c"0123456789abcdef"
@ten = internal constant [10 x i8] c"0123456789"
@mutable = internal global [16 x i8] c"0123456789abcdef"
@base64 = internal constant [64 x i8] c"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

; CHECK-LABEL: @hex16(
; CHECK-NEXT:    %x = and <16 x i8> %in, splat (i8 15)
; CHECK-NEXT:    %v15 = call <16 x i8> @llvm.x86.ssse3.pshuf.b.128(<16 x i8> <i8 48, i8 49, i8 50, i8 51, i8 52, i8 53, i8 54, i8 55, i8 56, i8 57, i8 97, i8 98, i8 99, i8 100, i8 101, i8 102>, <16 x i8> %x)
; CHECK-NEXT:    ret <16 x i8> %v15
; ASM-LABEL: hex16:
; ASM:           vpshufb
; ASM-NOT:       vpinsrb
; ASM:           ret
; A64-LABEL: @hex16(
; A64-NEXT:      %x = and <16 x i8> %in, splat (i8 15)
; A64-NEXT:      %v15 = call <16 x i8> @llvm.aarch64.neon.tbl1.v16i8(<16 x i8> <i8 48,
; OFF-LABEL: @hex16(
; OFF:           load i8
; REMARK: remark: {{.*}}table lookup: 16 bytes gathered from a 16-byte table (cost {{[0-9]+}}) became pshufb (cost 1)
define <16 x i8> @hex16(<16 x i8> %in) {
  %x = and <16 x i8> %in, splat (i8 15)
  %e0 = extractelement <16 x i8> %x, i64 0
  %i0 = zext i8 %e0 to i64
  %p0 = getelementptr inbounds i8, ptr @digits, i64 %i0
  %l0 = load i8, ptr %p0, align 1
  %v0 = insertelement <16 x i8> poison, i8 %l0, i64 0
  %e1 = extractelement <16 x i8> %x, i64 1
  %i1 = zext i8 %e1 to i64
  %p1 = getelementptr inbounds i8, ptr @digits, i64 %i1
  %l1 = load i8, ptr %p1, align 1
  %v1 = insertelement <16 x i8> %v0, i8 %l1, i64 1
  %e2 = extractelement <16 x i8> %x, i64 2
  %i2 = zext i8 %e2 to i64
  %p2 = getelementptr inbounds i8, ptr @digits, i64 %i2
  %l2 = load i8, ptr %p2, align 1
  %v2 = insertelement <16 x i8> %v1, i8 %l2, i64 2
  %e3 = extractelement <16 x i8> %x, i64 3
  %i3 = zext i8 %e3 to i64
  %p3 = getelementptr inbounds i8, ptr @digits, i64 %i3
  %l3 = load i8, ptr %p3, align 1
  %v3 = insertelement <16 x i8> %v2, i8 %l3, i64 3
  %e4 = extractelement <16 x i8> %x, i64 4
  %i4 = zext i8 %e4 to i64
  %p4 = getelementptr inbounds i8, ptr @digits, i64 %i4
  %l4 = load i8, ptr %p4, align 1
  %v4 = insertelement <16 x i8> %v3, i8 %l4, i64 4
  %e5 = extractelement <16 x i8> %x, i64 5
  %i5 = zext i8 %e5 to i64
  %p5 = getelementptr inbounds i8, ptr @digits, i64 %i5
  %l5 = load i8, ptr %p5, align 1
  %v5 = insertelement <16 x i8> %v4, i8 %l5, i64 5
  %e6 = extractelement <16 x i8> %x, i64 6
  %i6 = zext i8 %e6 to i64
  %p6 = getelementptr inbounds i8, ptr @digits, i64 %i6
  %l6 = load i8, ptr %p6, align 1
  %v6 = insertelement <16 x i8> %v5, i8 %l6, i64 6
  %e7 = extractelement <16 x i8> %x, i64 7
  %i7 = zext i8 %e7 to i64
  %p7 = getelementptr inbounds i8, ptr @digits, i64 %i7
  %l7 = load i8, ptr %p7, align 1
  %v7 = insertelement <16 x i8> %v6, i8 %l7, i64 7
  %e8 = extractelement <16 x i8> %x, i64 8
  %i8 = zext i8 %e8 to i64
  %p8 = getelementptr inbounds i8, ptr @digits, i64 %i8
  %l8 = load i8, ptr %p8, align 1
  %v8 = insertelement <16 x i8> %v7, i8 %l8, i64 8
  %e9 = extractelement <16 x i8> %x, i64 9
  %i9 = zext i8 %e9 to i64
  %p9 = getelementptr inbounds i8, ptr @digits, i64 %i9
  %l9 = load i8, ptr %p9, align 1
  %v9 = insertelement <16 x i8> %v8, i8 %l9, i64 9
  %e10 = extractelement <16 x i8> %x, i64 10
  %i10 = zext i8 %e10 to i64
  %p10 = getelementptr inbounds i8, ptr @digits, i64 %i10
  %l10 = load i8, ptr %p10, align 1
  %v10 = insertelement <16 x i8> %v9, i8 %l10, i64 10
  %e11 = extractelement <16 x i8> %x, i64 11
  %i11 = zext i8 %e11 to i64
  %p11 = getelementptr inbounds i8, ptr @digits, i64 %i11
  %l11 = load i8, ptr %p11, align 1
  %v11 = insertelement <16 x i8> %v10, i8 %l11, i64 11
  %e12 = extractelement <16 x i8> %x, i64 12
  %i12 = zext i8 %e12 to i64
  %p12 = getelementptr inbounds i8, ptr @digits, i64 %i12
  %l12 = load i8, ptr %p12, align 1
  %v12 = insertelement <16 x i8> %v11, i8 %l12, i64 12
  %e13 = extractelement <16 x i8> %x, i64 13
  %i13 = zext i8 %e13 to i64
  %p13 = getelementptr inbounds i8, ptr @digits, i64 %i13
  %l13 = load i8, ptr %p13, align 1
  %v13 = insertelement <16 x i8> %v12, i8 %l13, i64 13
  %e14 = extractelement <16 x i8> %x, i64 14
  %i14 = zext i8 %e14 to i64
  %p14 = getelementptr inbounds i8, ptr @digits, i64 %i14
  %l14 = load i8, ptr %p14, align 1
  %v14 = insertelement <16 x i8> %v13, i8 %l14, i64 14
  %e15 = extractelement <16 x i8> %x, i64 15
  %i15 = zext i8 %e15 to i64
  %p15 = getelementptr inbounds i8, ptr @digits, i64 %i15
  %l15 = load i8, ptr %p15, align 1
  %v15 = insertelement <16 x i8> %v14, i8 %l15, i64 15
  ret <16 x i8> %v15
}

; 32 lanes, the indices widened as a vector first (the vectorizer's form on
; x86-64-v4): vpshufb with the table in both 128-bit lanes; SSE4 has no 32-byte form.
; V3-LABEL: @hex32(
; V3-NEXT:       %x = and <32 x i8> %in, splat (i8 15)
; V3-NEXT:       %v31 = call <32 x i8> @llvm.x86.avx2.pshuf.b(<32 x i8> <i8 48, {{.*}}, i8 102, i8 48, {{.*}}, i8 102>, <32 x i8> %x)
; V3-NEXT:       ret <32 x i8> %v31
; V2-LABEL: @hex32(
; V2:            load i8
; ASM-LABEL: hex32:
; ASM:           vpshufb {{.*}}%ymm
define <32 x i8> @hex32(<32 x i8> %in) {
  %x = and <32 x i8> %in, splat (i8 15)
  %w = zext <32 x i8> %x to <32 x i64>
  %i0 = extractelement <32 x i64> %w, i64 0
  %p0 = getelementptr inbounds i8, ptr @digits, i64 %i0
  %l0 = load i8, ptr %p0, align 1
  %v0 = insertelement <32 x i8> poison, i8 %l0, i64 0
  %i1 = extractelement <32 x i64> %w, i64 1
  %p1 = getelementptr inbounds i8, ptr @digits, i64 %i1
  %l1 = load i8, ptr %p1, align 1
  %v1 = insertelement <32 x i8> %v0, i8 %l1, i64 1
  %i2 = extractelement <32 x i64> %w, i64 2
  %p2 = getelementptr inbounds i8, ptr @digits, i64 %i2
  %l2 = load i8, ptr %p2, align 1
  %v2 = insertelement <32 x i8> %v1, i8 %l2, i64 2
  %i3 = extractelement <32 x i64> %w, i64 3
  %p3 = getelementptr inbounds i8, ptr @digits, i64 %i3
  %l3 = load i8, ptr %p3, align 1
  %v3 = insertelement <32 x i8> %v2, i8 %l3, i64 3
  %i4 = extractelement <32 x i64> %w, i64 4
  %p4 = getelementptr inbounds i8, ptr @digits, i64 %i4
  %l4 = load i8, ptr %p4, align 1
  %v4 = insertelement <32 x i8> %v3, i8 %l4, i64 4
  %i5 = extractelement <32 x i64> %w, i64 5
  %p5 = getelementptr inbounds i8, ptr @digits, i64 %i5
  %l5 = load i8, ptr %p5, align 1
  %v5 = insertelement <32 x i8> %v4, i8 %l5, i64 5
  %i6 = extractelement <32 x i64> %w, i64 6
  %p6 = getelementptr inbounds i8, ptr @digits, i64 %i6
  %l6 = load i8, ptr %p6, align 1
  %v6 = insertelement <32 x i8> %v5, i8 %l6, i64 6
  %i7 = extractelement <32 x i64> %w, i64 7
  %p7 = getelementptr inbounds i8, ptr @digits, i64 %i7
  %l7 = load i8, ptr %p7, align 1
  %v7 = insertelement <32 x i8> %v6, i8 %l7, i64 7
  %i8 = extractelement <32 x i64> %w, i64 8
  %p8 = getelementptr inbounds i8, ptr @digits, i64 %i8
  %l8 = load i8, ptr %p8, align 1
  %v8 = insertelement <32 x i8> %v7, i8 %l8, i64 8
  %i9 = extractelement <32 x i64> %w, i64 9
  %p9 = getelementptr inbounds i8, ptr @digits, i64 %i9
  %l9 = load i8, ptr %p9, align 1
  %v9 = insertelement <32 x i8> %v8, i8 %l9, i64 9
  %i10 = extractelement <32 x i64> %w, i64 10
  %p10 = getelementptr inbounds i8, ptr @digits, i64 %i10
  %l10 = load i8, ptr %p10, align 1
  %v10 = insertelement <32 x i8> %v9, i8 %l10, i64 10
  %i11 = extractelement <32 x i64> %w, i64 11
  %p11 = getelementptr inbounds i8, ptr @digits, i64 %i11
  %l11 = load i8, ptr %p11, align 1
  %v11 = insertelement <32 x i8> %v10, i8 %l11, i64 11
  %i12 = extractelement <32 x i64> %w, i64 12
  %p12 = getelementptr inbounds i8, ptr @digits, i64 %i12
  %l12 = load i8, ptr %p12, align 1
  %v12 = insertelement <32 x i8> %v11, i8 %l12, i64 12
  %i13 = extractelement <32 x i64> %w, i64 13
  %p13 = getelementptr inbounds i8, ptr @digits, i64 %i13
  %l13 = load i8, ptr %p13, align 1
  %v13 = insertelement <32 x i8> %v12, i8 %l13, i64 13
  %i14 = extractelement <32 x i64> %w, i64 14
  %p14 = getelementptr inbounds i8, ptr @digits, i64 %i14
  %l14 = load i8, ptr %p14, align 1
  %v14 = insertelement <32 x i8> %v13, i8 %l14, i64 14
  %i15 = extractelement <32 x i64> %w, i64 15
  %p15 = getelementptr inbounds i8, ptr @digits, i64 %i15
  %l15 = load i8, ptr %p15, align 1
  %v15 = insertelement <32 x i8> %v14, i8 %l15, i64 15
  %i16 = extractelement <32 x i64> %w, i64 16
  %p16 = getelementptr inbounds i8, ptr @digits, i64 %i16
  %l16 = load i8, ptr %p16, align 1
  %v16 = insertelement <32 x i8> %v15, i8 %l16, i64 16
  %i17 = extractelement <32 x i64> %w, i64 17
  %p17 = getelementptr inbounds i8, ptr @digits, i64 %i17
  %l17 = load i8, ptr %p17, align 1
  %v17 = insertelement <32 x i8> %v16, i8 %l17, i64 17
  %i18 = extractelement <32 x i64> %w, i64 18
  %p18 = getelementptr inbounds i8, ptr @digits, i64 %i18
  %l18 = load i8, ptr %p18, align 1
  %v18 = insertelement <32 x i8> %v17, i8 %l18, i64 18
  %i19 = extractelement <32 x i64> %w, i64 19
  %p19 = getelementptr inbounds i8, ptr @digits, i64 %i19
  %l19 = load i8, ptr %p19, align 1
  %v19 = insertelement <32 x i8> %v18, i8 %l19, i64 19
  %i20 = extractelement <32 x i64> %w, i64 20
  %p20 = getelementptr inbounds i8, ptr @digits, i64 %i20
  %l20 = load i8, ptr %p20, align 1
  %v20 = insertelement <32 x i8> %v19, i8 %l20, i64 20
  %i21 = extractelement <32 x i64> %w, i64 21
  %p21 = getelementptr inbounds i8, ptr @digits, i64 %i21
  %l21 = load i8, ptr %p21, align 1
  %v21 = insertelement <32 x i8> %v20, i8 %l21, i64 21
  %i22 = extractelement <32 x i64> %w, i64 22
  %p22 = getelementptr inbounds i8, ptr @digits, i64 %i22
  %l22 = load i8, ptr %p22, align 1
  %v22 = insertelement <32 x i8> %v21, i8 %l22, i64 22
  %i23 = extractelement <32 x i64> %w, i64 23
  %p23 = getelementptr inbounds i8, ptr @digits, i64 %i23
  %l23 = load i8, ptr %p23, align 1
  %v23 = insertelement <32 x i8> %v22, i8 %l23, i64 23
  %i24 = extractelement <32 x i64> %w, i64 24
  %p24 = getelementptr inbounds i8, ptr @digits, i64 %i24
  %l24 = load i8, ptr %p24, align 1
  %v24 = insertelement <32 x i8> %v23, i8 %l24, i64 24
  %i25 = extractelement <32 x i64> %w, i64 25
  %p25 = getelementptr inbounds i8, ptr @digits, i64 %i25
  %l25 = load i8, ptr %p25, align 1
  %v25 = insertelement <32 x i8> %v24, i8 %l25, i64 25
  %i26 = extractelement <32 x i64> %w, i64 26
  %p26 = getelementptr inbounds i8, ptr @digits, i64 %i26
  %l26 = load i8, ptr %p26, align 1
  %v26 = insertelement <32 x i8> %v25, i8 %l26, i64 26
  %i27 = extractelement <32 x i64> %w, i64 27
  %p27 = getelementptr inbounds i8, ptr @digits, i64 %i27
  %l27 = load i8, ptr %p27, align 1
  %v27 = insertelement <32 x i8> %v26, i8 %l27, i64 27
  %i28 = extractelement <32 x i64> %w, i64 28
  %p28 = getelementptr inbounds i8, ptr @digits, i64 %i28
  %l28 = load i8, ptr %p28, align 1
  %v28 = insertelement <32 x i8> %v27, i8 %l28, i64 28
  %i29 = extractelement <32 x i64> %w, i64 29
  %p29 = getelementptr inbounds i8, ptr @digits, i64 %i29
  %l29 = load i8, ptr %p29, align 1
  %v29 = insertelement <32 x i8> %v28, i8 %l29, i64 29
  %i30 = extractelement <32 x i64> %w, i64 30
  %p30 = getelementptr inbounds i8, ptr @digits, i64 %i30
  %l30 = load i8, ptr %p30, align 1
  %v30 = insertelement <32 x i8> %v29, i8 %l30, i64 30
  %i31 = extractelement <32 x i64> %w, i64 31
  %p31 = getelementptr inbounds i8, ptr @digits, i64 %i31
  %l31 = load i8, ptr %p31, align 1
  %v31 = insertelement <32 x i8> %v30, i8 %l31, i64 31
  ret <32 x i8> %v31
}

; The high nibble (a shift proves the range) of a 10-byte table, past which a remainder
; keeps the index: both fit. A mask by 15 over 10 bytes does not: left alone.
; CHECK-LABEL: @high_nibble(
; CHECK:         call <16 x i8> @llvm.x86.ssse3.pshuf.b.128(
define <16 x i8> @high_nibble(<16 x i8> %in) {
  %x = lshr <16 x i8> %in, splat (i8 4)
  %e0 = extractelement <16 x i8> %x, i64 0
  %i0 = zext i8 %e0 to i64
  %p0 = getelementptr inbounds i8, ptr @digits, i64 %i0
  %l0 = load i8, ptr %p0, align 1
  %v0 = insertelement <16 x i8> poison, i8 %l0, i64 0
  %e1 = extractelement <16 x i8> %x, i64 1
  %i1 = zext i8 %e1 to i64
  %p1 = getelementptr inbounds i8, ptr @digits, i64 %i1
  %l1 = load i8, ptr %p1, align 1
  %v1 = insertelement <16 x i8> %v0, i8 %l1, i64 1
  %e2 = extractelement <16 x i8> %x, i64 2
  %i2 = zext i8 %e2 to i64
  %p2 = getelementptr inbounds i8, ptr @digits, i64 %i2
  %l2 = load i8, ptr %p2, align 1
  %v2 = insertelement <16 x i8> %v1, i8 %l2, i64 2
  %e3 = extractelement <16 x i8> %x, i64 3
  %i3 = zext i8 %e3 to i64
  %p3 = getelementptr inbounds i8, ptr @digits, i64 %i3
  %l3 = load i8, ptr %p3, align 1
  %v3 = insertelement <16 x i8> %v2, i8 %l3, i64 3
  %e4 = extractelement <16 x i8> %x, i64 4
  %i4 = zext i8 %e4 to i64
  %p4 = getelementptr inbounds i8, ptr @digits, i64 %i4
  %l4 = load i8, ptr %p4, align 1
  %v4 = insertelement <16 x i8> %v3, i8 %l4, i64 4
  %e5 = extractelement <16 x i8> %x, i64 5
  %i5 = zext i8 %e5 to i64
  %p5 = getelementptr inbounds i8, ptr @digits, i64 %i5
  %l5 = load i8, ptr %p5, align 1
  %v5 = insertelement <16 x i8> %v4, i8 %l5, i64 5
  %e6 = extractelement <16 x i8> %x, i64 6
  %i6 = zext i8 %e6 to i64
  %p6 = getelementptr inbounds i8, ptr @digits, i64 %i6
  %l6 = load i8, ptr %p6, align 1
  %v6 = insertelement <16 x i8> %v5, i8 %l6, i64 6
  %e7 = extractelement <16 x i8> %x, i64 7
  %i7 = zext i8 %e7 to i64
  %p7 = getelementptr inbounds i8, ptr @digits, i64 %i7
  %l7 = load i8, ptr %p7, align 1
  %v7 = insertelement <16 x i8> %v6, i8 %l7, i64 7
  %e8 = extractelement <16 x i8> %x, i64 8
  %i8 = zext i8 %e8 to i64
  %p8 = getelementptr inbounds i8, ptr @digits, i64 %i8
  %l8 = load i8, ptr %p8, align 1
  %v8 = insertelement <16 x i8> %v7, i8 %l8, i64 8
  %e9 = extractelement <16 x i8> %x, i64 9
  %i9 = zext i8 %e9 to i64
  %p9 = getelementptr inbounds i8, ptr @digits, i64 %i9
  %l9 = load i8, ptr %p9, align 1
  %v9 = insertelement <16 x i8> %v8, i8 %l9, i64 9
  %e10 = extractelement <16 x i8> %x, i64 10
  %i10 = zext i8 %e10 to i64
  %p10 = getelementptr inbounds i8, ptr @digits, i64 %i10
  %l10 = load i8, ptr %p10, align 1
  %v10 = insertelement <16 x i8> %v9, i8 %l10, i64 10
  %e11 = extractelement <16 x i8> %x, i64 11
  %i11 = zext i8 %e11 to i64
  %p11 = getelementptr inbounds i8, ptr @digits, i64 %i11
  %l11 = load i8, ptr %p11, align 1
  %v11 = insertelement <16 x i8> %v10, i8 %l11, i64 11
  %e12 = extractelement <16 x i8> %x, i64 12
  %i12 = zext i8 %e12 to i64
  %p12 = getelementptr inbounds i8, ptr @digits, i64 %i12
  %l12 = load i8, ptr %p12, align 1
  %v12 = insertelement <16 x i8> %v11, i8 %l12, i64 12
  %e13 = extractelement <16 x i8> %x, i64 13
  %i13 = zext i8 %e13 to i64
  %p13 = getelementptr inbounds i8, ptr @digits, i64 %i13
  %l13 = load i8, ptr %p13, align 1
  %v13 = insertelement <16 x i8> %v12, i8 %l13, i64 13
  %e14 = extractelement <16 x i8> %x, i64 14
  %i14 = zext i8 %e14 to i64
  %p14 = getelementptr inbounds i8, ptr @digits, i64 %i14
  %l14 = load i8, ptr %p14, align 1
  %v14 = insertelement <16 x i8> %v13, i8 %l14, i64 14
  %e15 = extractelement <16 x i8> %x, i64 15
  %i15 = zext i8 %e15 to i64
  %p15 = getelementptr inbounds i8, ptr @digits, i64 %i15
  %l15 = load i8, ptr %p15, align 1
  %v15 = insertelement <16 x i8> %v14, i8 %l15, i64 15
  ret <16 x i8> %v15
}

; CHECK-LABEL: @remainder(
; CHECK:         call <16 x i8> @llvm.x86.ssse3.pshuf.b.128(<16 x i8> <i8 48, i8 49, i8 50, i8 51, i8 52, i8 53, i8 54, i8 55, i8 56, i8 57, i8 0, i8 0, i8 0, i8 0, i8 0, i8 0>, <16 x i8> %x)
define <16 x i8> @remainder(<16 x i8> %in) {
  %x = urem <16 x i8> %in, splat (i8 10)
  %e0 = extractelement <16 x i8> %x, i64 0
  %i0 = zext i8 %e0 to i64
  %p0 = getelementptr inbounds i8, ptr @ten, i64 %i0
  %l0 = load i8, ptr %p0, align 1
  %v0 = insertelement <16 x i8> poison, i8 %l0, i64 0
  %e1 = extractelement <16 x i8> %x, i64 1
  %i1 = zext i8 %e1 to i64
  %p1 = getelementptr inbounds i8, ptr @ten, i64 %i1
  %l1 = load i8, ptr %p1, align 1
  %v1 = insertelement <16 x i8> %v0, i8 %l1, i64 1
  %e2 = extractelement <16 x i8> %x, i64 2
  %i2 = zext i8 %e2 to i64
  %p2 = getelementptr inbounds i8, ptr @ten, i64 %i2
  %l2 = load i8, ptr %p2, align 1
  %v2 = insertelement <16 x i8> %v1, i8 %l2, i64 2
  %e3 = extractelement <16 x i8> %x, i64 3
  %i3 = zext i8 %e3 to i64
  %p3 = getelementptr inbounds i8, ptr @ten, i64 %i3
  %l3 = load i8, ptr %p3, align 1
  %v3 = insertelement <16 x i8> %v2, i8 %l3, i64 3
  %e4 = extractelement <16 x i8> %x, i64 4
  %i4 = zext i8 %e4 to i64
  %p4 = getelementptr inbounds i8, ptr @ten, i64 %i4
  %l4 = load i8, ptr %p4, align 1
  %v4 = insertelement <16 x i8> %v3, i8 %l4, i64 4
  %e5 = extractelement <16 x i8> %x, i64 5
  %i5 = zext i8 %e5 to i64
  %p5 = getelementptr inbounds i8, ptr @ten, i64 %i5
  %l5 = load i8, ptr %p5, align 1
  %v5 = insertelement <16 x i8> %v4, i8 %l5, i64 5
  %e6 = extractelement <16 x i8> %x, i64 6
  %i6 = zext i8 %e6 to i64
  %p6 = getelementptr inbounds i8, ptr @ten, i64 %i6
  %l6 = load i8, ptr %p6, align 1
  %v6 = insertelement <16 x i8> %v5, i8 %l6, i64 6
  %e7 = extractelement <16 x i8> %x, i64 7
  %i7 = zext i8 %e7 to i64
  %p7 = getelementptr inbounds i8, ptr @ten, i64 %i7
  %l7 = load i8, ptr %p7, align 1
  %v7 = insertelement <16 x i8> %v6, i8 %l7, i64 7
  %e8 = extractelement <16 x i8> %x, i64 8
  %i8 = zext i8 %e8 to i64
  %p8 = getelementptr inbounds i8, ptr @ten, i64 %i8
  %l8 = load i8, ptr %p8, align 1
  %v8 = insertelement <16 x i8> %v7, i8 %l8, i64 8
  %e9 = extractelement <16 x i8> %x, i64 9
  %i9 = zext i8 %e9 to i64
  %p9 = getelementptr inbounds i8, ptr @ten, i64 %i9
  %l9 = load i8, ptr %p9, align 1
  %v9 = insertelement <16 x i8> %v8, i8 %l9, i64 9
  %e10 = extractelement <16 x i8> %x, i64 10
  %i10 = zext i8 %e10 to i64
  %p10 = getelementptr inbounds i8, ptr @ten, i64 %i10
  %l10 = load i8, ptr %p10, align 1
  %v10 = insertelement <16 x i8> %v9, i8 %l10, i64 10
  %e11 = extractelement <16 x i8> %x, i64 11
  %i11 = zext i8 %e11 to i64
  %p11 = getelementptr inbounds i8, ptr @ten, i64 %i11
  %l11 = load i8, ptr %p11, align 1
  %v11 = insertelement <16 x i8> %v10, i8 %l11, i64 11
  %e12 = extractelement <16 x i8> %x, i64 12
  %i12 = zext i8 %e12 to i64
  %p12 = getelementptr inbounds i8, ptr @ten, i64 %i12
  %l12 = load i8, ptr %p12, align 1
  %v12 = insertelement <16 x i8> %v11, i8 %l12, i64 12
  %e13 = extractelement <16 x i8> %x, i64 13
  %i13 = zext i8 %e13 to i64
  %p13 = getelementptr inbounds i8, ptr @ten, i64 %i13
  %l13 = load i8, ptr %p13, align 1
  %v13 = insertelement <16 x i8> %v12, i8 %l13, i64 13
  %e14 = extractelement <16 x i8> %x, i64 14
  %i14 = zext i8 %e14 to i64
  %p14 = getelementptr inbounds i8, ptr @ten, i64 %i14
  %l14 = load i8, ptr %p14, align 1
  %v14 = insertelement <16 x i8> %v13, i8 %l14, i64 14
  %e15 = extractelement <16 x i8> %x, i64 15
  %i15 = zext i8 %e15 to i64
  %p15 = getelementptr inbounds i8, ptr @ten, i64 %i15
  %l15 = load i8, ptr %p15, align 1
  %v15 = insertelement <16 x i8> %v14, i8 %l15, i64 15
  ret <16 x i8> %v15
}

; CHECK-LABEL: @past_the_table(
; CHECK-NOT:     pshuf
; CHECK:         ret
define <16 x i8> @past_the_table(<16 x i8> %in) {
  %x = and <16 x i8> %in, splat (i8 15)
  %e0 = extractelement <16 x i8> %x, i64 0
  %i0 = zext i8 %e0 to i64
  %p0 = getelementptr inbounds i8, ptr @ten, i64 %i0
  %l0 = load i8, ptr %p0, align 1
  %v0 = insertelement <16 x i8> poison, i8 %l0, i64 0
  %e1 = extractelement <16 x i8> %x, i64 1
  %i1 = zext i8 %e1 to i64
  %p1 = getelementptr inbounds i8, ptr @ten, i64 %i1
  %l1 = load i8, ptr %p1, align 1
  %v1 = insertelement <16 x i8> %v0, i8 %l1, i64 1
  %e2 = extractelement <16 x i8> %x, i64 2
  %i2 = zext i8 %e2 to i64
  %p2 = getelementptr inbounds i8, ptr @ten, i64 %i2
  %l2 = load i8, ptr %p2, align 1
  %v2 = insertelement <16 x i8> %v1, i8 %l2, i64 2
  %e3 = extractelement <16 x i8> %x, i64 3
  %i3 = zext i8 %e3 to i64
  %p3 = getelementptr inbounds i8, ptr @ten, i64 %i3
  %l3 = load i8, ptr %p3, align 1
  %v3 = insertelement <16 x i8> %v2, i8 %l3, i64 3
  %e4 = extractelement <16 x i8> %x, i64 4
  %i4 = zext i8 %e4 to i64
  %p4 = getelementptr inbounds i8, ptr @ten, i64 %i4
  %l4 = load i8, ptr %p4, align 1
  %v4 = insertelement <16 x i8> %v3, i8 %l4, i64 4
  %e5 = extractelement <16 x i8> %x, i64 5
  %i5 = zext i8 %e5 to i64
  %p5 = getelementptr inbounds i8, ptr @ten, i64 %i5
  %l5 = load i8, ptr %p5, align 1
  %v5 = insertelement <16 x i8> %v4, i8 %l5, i64 5
  %e6 = extractelement <16 x i8> %x, i64 6
  %i6 = zext i8 %e6 to i64
  %p6 = getelementptr inbounds i8, ptr @ten, i64 %i6
  %l6 = load i8, ptr %p6, align 1
  %v6 = insertelement <16 x i8> %v5, i8 %l6, i64 6
  %e7 = extractelement <16 x i8> %x, i64 7
  %i7 = zext i8 %e7 to i64
  %p7 = getelementptr inbounds i8, ptr @ten, i64 %i7
  %l7 = load i8, ptr %p7, align 1
  %v7 = insertelement <16 x i8> %v6, i8 %l7, i64 7
  %e8 = extractelement <16 x i8> %x, i64 8
  %i8 = zext i8 %e8 to i64
  %p8 = getelementptr inbounds i8, ptr @ten, i64 %i8
  %l8 = load i8, ptr %p8, align 1
  %v8 = insertelement <16 x i8> %v7, i8 %l8, i64 8
  %e9 = extractelement <16 x i8> %x, i64 9
  %i9 = zext i8 %e9 to i64
  %p9 = getelementptr inbounds i8, ptr @ten, i64 %i9
  %l9 = load i8, ptr %p9, align 1
  %v9 = insertelement <16 x i8> %v8, i8 %l9, i64 9
  %e10 = extractelement <16 x i8> %x, i64 10
  %i10 = zext i8 %e10 to i64
  %p10 = getelementptr inbounds i8, ptr @ten, i64 %i10
  %l10 = load i8, ptr %p10, align 1
  %v10 = insertelement <16 x i8> %v9, i8 %l10, i64 10
  %e11 = extractelement <16 x i8> %x, i64 11
  %i11 = zext i8 %e11 to i64
  %p11 = getelementptr inbounds i8, ptr @ten, i64 %i11
  %l11 = load i8, ptr %p11, align 1
  %v11 = insertelement <16 x i8> %v10, i8 %l11, i64 11
  %e12 = extractelement <16 x i8> %x, i64 12
  %i12 = zext i8 %e12 to i64
  %p12 = getelementptr inbounds i8, ptr @ten, i64 %i12
  %l12 = load i8, ptr %p12, align 1
  %v12 = insertelement <16 x i8> %v11, i8 %l12, i64 12
  %e13 = extractelement <16 x i8> %x, i64 13
  %i13 = zext i8 %e13 to i64
  %p13 = getelementptr inbounds i8, ptr @ten, i64 %i13
  %l13 = load i8, ptr %p13, align 1
  %v13 = insertelement <16 x i8> %v12, i8 %l13, i64 13
  %e14 = extractelement <16 x i8> %x, i64 14
  %i14 = zext i8 %e14 to i64
  %p14 = getelementptr inbounds i8, ptr @ten, i64 %i14
  %l14 = load i8, ptr %p14, align 1
  %v14 = insertelement <16 x i8> %v13, i8 %l14, i64 14
  %e15 = extractelement <16 x i8> %x, i64 15
  %i15 = zext i8 %e15 to i64
  %p15 = getelementptr inbounds i8, ptr @ten, i64 %i15
  %l15 = load i8, ptr %p15, align 1
  %v15 = insertelement <16 x i8> %v14, i8 %l15, i64 15
  ret <16 x i8> %v15
}

; Left alone: an index not proved in range; a table that may change; lanes that do not
; read their own index.
; CHECK-LABEL: @unproved(
; CHECK-NOT:     pshuf
; CHECK:         ret
define <16 x i8> @unproved(<16 x i8> %in) {
  %x = add <16 x i8> %in, splat (i8 1)
  %e0 = extractelement <16 x i8> %x, i64 0
  %i0 = zext i8 %e0 to i64
  %p0 = getelementptr inbounds i8, ptr @digits, i64 %i0
  %l0 = load i8, ptr %p0, align 1
  %v0 = insertelement <16 x i8> poison, i8 %l0, i64 0
  %e1 = extractelement <16 x i8> %x, i64 1
  %i1 = zext i8 %e1 to i64
  %p1 = getelementptr inbounds i8, ptr @digits, i64 %i1
  %l1 = load i8, ptr %p1, align 1
  %v1 = insertelement <16 x i8> %v0, i8 %l1, i64 1
  %e2 = extractelement <16 x i8> %x, i64 2
  %i2 = zext i8 %e2 to i64
  %p2 = getelementptr inbounds i8, ptr @digits, i64 %i2
  %l2 = load i8, ptr %p2, align 1
  %v2 = insertelement <16 x i8> %v1, i8 %l2, i64 2
  %e3 = extractelement <16 x i8> %x, i64 3
  %i3 = zext i8 %e3 to i64
  %p3 = getelementptr inbounds i8, ptr @digits, i64 %i3
  %l3 = load i8, ptr %p3, align 1
  %v3 = insertelement <16 x i8> %v2, i8 %l3, i64 3
  %e4 = extractelement <16 x i8> %x, i64 4
  %i4 = zext i8 %e4 to i64
  %p4 = getelementptr inbounds i8, ptr @digits, i64 %i4
  %l4 = load i8, ptr %p4, align 1
  %v4 = insertelement <16 x i8> %v3, i8 %l4, i64 4
  %e5 = extractelement <16 x i8> %x, i64 5
  %i5 = zext i8 %e5 to i64
  %p5 = getelementptr inbounds i8, ptr @digits, i64 %i5
  %l5 = load i8, ptr %p5, align 1
  %v5 = insertelement <16 x i8> %v4, i8 %l5, i64 5
  %e6 = extractelement <16 x i8> %x, i64 6
  %i6 = zext i8 %e6 to i64
  %p6 = getelementptr inbounds i8, ptr @digits, i64 %i6
  %l6 = load i8, ptr %p6, align 1
  %v6 = insertelement <16 x i8> %v5, i8 %l6, i64 6
  %e7 = extractelement <16 x i8> %x, i64 7
  %i7 = zext i8 %e7 to i64
  %p7 = getelementptr inbounds i8, ptr @digits, i64 %i7
  %l7 = load i8, ptr %p7, align 1
  %v7 = insertelement <16 x i8> %v6, i8 %l7, i64 7
  %e8 = extractelement <16 x i8> %x, i64 8
  %i8 = zext i8 %e8 to i64
  %p8 = getelementptr inbounds i8, ptr @digits, i64 %i8
  %l8 = load i8, ptr %p8, align 1
  %v8 = insertelement <16 x i8> %v7, i8 %l8, i64 8
  %e9 = extractelement <16 x i8> %x, i64 9
  %i9 = zext i8 %e9 to i64
  %p9 = getelementptr inbounds i8, ptr @digits, i64 %i9
  %l9 = load i8, ptr %p9, align 1
  %v9 = insertelement <16 x i8> %v8, i8 %l9, i64 9
  %e10 = extractelement <16 x i8> %x, i64 10
  %i10 = zext i8 %e10 to i64
  %p10 = getelementptr inbounds i8, ptr @digits, i64 %i10
  %l10 = load i8, ptr %p10, align 1
  %v10 = insertelement <16 x i8> %v9, i8 %l10, i64 10
  %e11 = extractelement <16 x i8> %x, i64 11
  %i11 = zext i8 %e11 to i64
  %p11 = getelementptr inbounds i8, ptr @digits, i64 %i11
  %l11 = load i8, ptr %p11, align 1
  %v11 = insertelement <16 x i8> %v10, i8 %l11, i64 11
  %e12 = extractelement <16 x i8> %x, i64 12
  %i12 = zext i8 %e12 to i64
  %p12 = getelementptr inbounds i8, ptr @digits, i64 %i12
  %l12 = load i8, ptr %p12, align 1
  %v12 = insertelement <16 x i8> %v11, i8 %l12, i64 12
  %e13 = extractelement <16 x i8> %x, i64 13
  %i13 = zext i8 %e13 to i64
  %p13 = getelementptr inbounds i8, ptr @digits, i64 %i13
  %l13 = load i8, ptr %p13, align 1
  %v13 = insertelement <16 x i8> %v12, i8 %l13, i64 13
  %e14 = extractelement <16 x i8> %x, i64 14
  %i14 = zext i8 %e14 to i64
  %p14 = getelementptr inbounds i8, ptr @digits, i64 %i14
  %l14 = load i8, ptr %p14, align 1
  %v14 = insertelement <16 x i8> %v13, i8 %l14, i64 14
  %e15 = extractelement <16 x i8> %x, i64 15
  %i15 = zext i8 %e15 to i64
  %p15 = getelementptr inbounds i8, ptr @digits, i64 %i15
  %l15 = load i8, ptr %p15, align 1
  %v15 = insertelement <16 x i8> %v14, i8 %l15, i64 15
  ret <16 x i8> %v15
}

; CHECK-LABEL: @mutable_table(
; CHECK-NOT:     pshuf
; CHECK:         ret
define <16 x i8> @mutable_table(<16 x i8> %in) {
  %x = and <16 x i8> %in, splat (i8 15)
  %e0 = extractelement <16 x i8> %x, i64 0
  %i0 = zext i8 %e0 to i64
  %p0 = getelementptr inbounds i8, ptr @mutable, i64 %i0
  %l0 = load i8, ptr %p0, align 1
  %v0 = insertelement <16 x i8> poison, i8 %l0, i64 0
  %e1 = extractelement <16 x i8> %x, i64 1
  %i1 = zext i8 %e1 to i64
  %p1 = getelementptr inbounds i8, ptr @mutable, i64 %i1
  %l1 = load i8, ptr %p1, align 1
  %v1 = insertelement <16 x i8> %v0, i8 %l1, i64 1
  %e2 = extractelement <16 x i8> %x, i64 2
  %i2 = zext i8 %e2 to i64
  %p2 = getelementptr inbounds i8, ptr @mutable, i64 %i2
  %l2 = load i8, ptr %p2, align 1
  %v2 = insertelement <16 x i8> %v1, i8 %l2, i64 2
  %e3 = extractelement <16 x i8> %x, i64 3
  %i3 = zext i8 %e3 to i64
  %p3 = getelementptr inbounds i8, ptr @mutable, i64 %i3
  %l3 = load i8, ptr %p3, align 1
  %v3 = insertelement <16 x i8> %v2, i8 %l3, i64 3
  %e4 = extractelement <16 x i8> %x, i64 4
  %i4 = zext i8 %e4 to i64
  %p4 = getelementptr inbounds i8, ptr @mutable, i64 %i4
  %l4 = load i8, ptr %p4, align 1
  %v4 = insertelement <16 x i8> %v3, i8 %l4, i64 4
  %e5 = extractelement <16 x i8> %x, i64 5
  %i5 = zext i8 %e5 to i64
  %p5 = getelementptr inbounds i8, ptr @mutable, i64 %i5
  %l5 = load i8, ptr %p5, align 1
  %v5 = insertelement <16 x i8> %v4, i8 %l5, i64 5
  %e6 = extractelement <16 x i8> %x, i64 6
  %i6 = zext i8 %e6 to i64
  %p6 = getelementptr inbounds i8, ptr @mutable, i64 %i6
  %l6 = load i8, ptr %p6, align 1
  %v6 = insertelement <16 x i8> %v5, i8 %l6, i64 6
  %e7 = extractelement <16 x i8> %x, i64 7
  %i7 = zext i8 %e7 to i64
  %p7 = getelementptr inbounds i8, ptr @mutable, i64 %i7
  %l7 = load i8, ptr %p7, align 1
  %v7 = insertelement <16 x i8> %v6, i8 %l7, i64 7
  %e8 = extractelement <16 x i8> %x, i64 8
  %i8 = zext i8 %e8 to i64
  %p8 = getelementptr inbounds i8, ptr @mutable, i64 %i8
  %l8 = load i8, ptr %p8, align 1
  %v8 = insertelement <16 x i8> %v7, i8 %l8, i64 8
  %e9 = extractelement <16 x i8> %x, i64 9
  %i9 = zext i8 %e9 to i64
  %p9 = getelementptr inbounds i8, ptr @mutable, i64 %i9
  %l9 = load i8, ptr %p9, align 1
  %v9 = insertelement <16 x i8> %v8, i8 %l9, i64 9
  %e10 = extractelement <16 x i8> %x, i64 10
  %i10 = zext i8 %e10 to i64
  %p10 = getelementptr inbounds i8, ptr @mutable, i64 %i10
  %l10 = load i8, ptr %p10, align 1
  %v10 = insertelement <16 x i8> %v9, i8 %l10, i64 10
  %e11 = extractelement <16 x i8> %x, i64 11
  %i11 = zext i8 %e11 to i64
  %p11 = getelementptr inbounds i8, ptr @mutable, i64 %i11
  %l11 = load i8, ptr %p11, align 1
  %v11 = insertelement <16 x i8> %v10, i8 %l11, i64 11
  %e12 = extractelement <16 x i8> %x, i64 12
  %i12 = zext i8 %e12 to i64
  %p12 = getelementptr inbounds i8, ptr @mutable, i64 %i12
  %l12 = load i8, ptr %p12, align 1
  %v12 = insertelement <16 x i8> %v11, i8 %l12, i64 12
  %e13 = extractelement <16 x i8> %x, i64 13
  %i13 = zext i8 %e13 to i64
  %p13 = getelementptr inbounds i8, ptr @mutable, i64 %i13
  %l13 = load i8, ptr %p13, align 1
  %v13 = insertelement <16 x i8> %v12, i8 %l13, i64 13
  %e14 = extractelement <16 x i8> %x, i64 14
  %i14 = zext i8 %e14 to i64
  %p14 = getelementptr inbounds i8, ptr @mutable, i64 %i14
  %l14 = load i8, ptr %p14, align 1
  %v14 = insertelement <16 x i8> %v13, i8 %l14, i64 14
  %e15 = extractelement <16 x i8> %x, i64 15
  %i15 = zext i8 %e15 to i64
  %p15 = getelementptr inbounds i8, ptr @mutable, i64 %i15
  %l15 = load i8, ptr %p15, align 1
  %v15 = insertelement <16 x i8> %v14, i8 %l15, i64 15
  ret <16 x i8> %v15
}

; CHECK-LABEL: @crossed_lanes(
; CHECK-NOT:     pshuf
; CHECK:         ret
define <16 x i8> @crossed_lanes(<16 x i8> %in) {
  %x = and <16 x i8> %in, splat (i8 15)
  %e0 = extractelement <16 x i8> %x, i64 1
  %i0 = zext i8 %e0 to i64
  %p0 = getelementptr inbounds i8, ptr @digits, i64 %i0
  %l0 = load i8, ptr %p0, align 1
  %v0 = insertelement <16 x i8> poison, i8 %l0, i64 0
  %e1 = extractelement <16 x i8> %x, i64 0
  %i1 = zext i8 %e1 to i64
  %p1 = getelementptr inbounds i8, ptr @digits, i64 %i1
  %l1 = load i8, ptr %p1, align 1
  %v1 = insertelement <16 x i8> %v0, i8 %l1, i64 1
  %e2 = extractelement <16 x i8> %x, i64 2
  %i2 = zext i8 %e2 to i64
  %p2 = getelementptr inbounds i8, ptr @digits, i64 %i2
  %l2 = load i8, ptr %p2, align 1
  %v2 = insertelement <16 x i8> %v1, i8 %l2, i64 2
  %e3 = extractelement <16 x i8> %x, i64 3
  %i3 = zext i8 %e3 to i64
  %p3 = getelementptr inbounds i8, ptr @digits, i64 %i3
  %l3 = load i8, ptr %p3, align 1
  %v3 = insertelement <16 x i8> %v2, i8 %l3, i64 3
  %e4 = extractelement <16 x i8> %x, i64 4
  %i4 = zext i8 %e4 to i64
  %p4 = getelementptr inbounds i8, ptr @digits, i64 %i4
  %l4 = load i8, ptr %p4, align 1
  %v4 = insertelement <16 x i8> %v3, i8 %l4, i64 4
  %e5 = extractelement <16 x i8> %x, i64 5
  %i5 = zext i8 %e5 to i64
  %p5 = getelementptr inbounds i8, ptr @digits, i64 %i5
  %l5 = load i8, ptr %p5, align 1
  %v5 = insertelement <16 x i8> %v4, i8 %l5, i64 5
  %e6 = extractelement <16 x i8> %x, i64 6
  %i6 = zext i8 %e6 to i64
  %p6 = getelementptr inbounds i8, ptr @digits, i64 %i6
  %l6 = load i8, ptr %p6, align 1
  %v6 = insertelement <16 x i8> %v5, i8 %l6, i64 6
  %e7 = extractelement <16 x i8> %x, i64 7
  %i7 = zext i8 %e7 to i64
  %p7 = getelementptr inbounds i8, ptr @digits, i64 %i7
  %l7 = load i8, ptr %p7, align 1
  %v7 = insertelement <16 x i8> %v6, i8 %l7, i64 7
  %e8 = extractelement <16 x i8> %x, i64 8
  %i8 = zext i8 %e8 to i64
  %p8 = getelementptr inbounds i8, ptr @digits, i64 %i8
  %l8 = load i8, ptr %p8, align 1
  %v8 = insertelement <16 x i8> %v7, i8 %l8, i64 8
  %e9 = extractelement <16 x i8> %x, i64 9
  %i9 = zext i8 %e9 to i64
  %p9 = getelementptr inbounds i8, ptr @digits, i64 %i9
  %l9 = load i8, ptr %p9, align 1
  %v9 = insertelement <16 x i8> %v8, i8 %l9, i64 9
  %e10 = extractelement <16 x i8> %x, i64 10
  %i10 = zext i8 %e10 to i64
  %p10 = getelementptr inbounds i8, ptr @digits, i64 %i10
  %l10 = load i8, ptr %p10, align 1
  %v10 = insertelement <16 x i8> %v9, i8 %l10, i64 10
  %e11 = extractelement <16 x i8> %x, i64 11
  %i11 = zext i8 %e11 to i64
  %p11 = getelementptr inbounds i8, ptr @digits, i64 %i11
  %l11 = load i8, ptr %p11, align 1
  %v11 = insertelement <16 x i8> %v10, i8 %l11, i64 11
  %e12 = extractelement <16 x i8> %x, i64 12
  %i12 = zext i8 %e12 to i64
  %p12 = getelementptr inbounds i8, ptr @digits, i64 %i12
  %l12 = load i8, ptr %p12, align 1
  %v12 = insertelement <16 x i8> %v11, i8 %l12, i64 12
  %e13 = extractelement <16 x i8> %x, i64 13
  %i13 = zext i8 %e13 to i64
  %p13 = getelementptr inbounds i8, ptr @digits, i64 %i13
  %l13 = load i8, ptr %p13, align 1
  %v13 = insertelement <16 x i8> %v12, i8 %l13, i64 13
  %e14 = extractelement <16 x i8> %x, i64 14
  %i14 = zext i8 %e14 to i64
  %p14 = getelementptr inbounds i8, ptr @digits, i64 %i14
  %l14 = load i8, ptr %p14, align 1
  %v14 = insertelement <16 x i8> %v13, i8 %l14, i64 14
  %e15 = extractelement <16 x i8> %x, i64 15
  %i15 = zext i8 %e15 to i64
  %p15 = getelementptr inbounds i8, ptr @digits, i64 %i15
  %l15 = load i8, ptr %p15, align 1
  %v15 = insertelement <16 x i8> %v14, i8 %l15, i64 15
  ret <16 x i8> %v15
}

; A 64-byte table on x86: four lookups of 16-byte parts, chosen by bits 4 and 5 of the
; index (vpsllw + vpblendvb); AArch64's tbl1 takes 16 bytes: left alone there.
; V3-LABEL: @base64_digits(
; V3:            [[P0:%.*]] = call <32 x i8> @llvm.x86.avx2.pshuf.b(<32 x i8> <i8 65,
; V3:            [[P1:%.*]] = call <32 x i8> @llvm.x86.avx2.pshuf.b(<32 x i8> <i8 81,
; V3:            [[P2:%.*]] = call <32 x i8> @llvm.x86.avx2.pshuf.b(<32 x i8> <i8 103,
; V3:            [[P3:%.*]] = call <32 x i8> @llvm.x86.avx2.pshuf.b(<32 x i8> <i8 119,
; V3:            [[B4:%.*]] = and <32 x i8> %x, splat (i8 16)
; V3-NEXT:       [[T4:%.*]] = icmp ne <32 x i8> [[B4]], zeroinitializer
; V3-NEXT:       [[S01:%.*]] = select <32 x i1> [[T4]], <32 x i8> [[P1]], <32 x i8> [[P0]]
; V3-NEXT:       [[S23:%.*]] = select <32 x i1> [[T4]], <32 x i8> [[P3]], <32 x i8> [[P2]]
; V3-NEXT:       [[B5:%.*]] = and <32 x i8> %x, splat (i8 32)
; V3-NEXT:       [[T5:%.*]] = icmp ne <32 x i8> [[B5]], zeroinitializer
; V3-NEXT:       %v31 = select <32 x i1> [[T5]], <32 x i8> [[S23]], <32 x i8> [[S01]]
; ASM-LABEL: base64_digits:
; ASM-COUNT-4:   vpshufb
; ASM-COUNT-2:   vpblendvb
; ASM:           vpblendvb
; ASM-NOT:       vpinsrb
; ASM:           ret
; A64-LABEL: @base64_digits(
; A64:           load i8
define <32 x i8> @base64_digits(<32 x i8> %in) {
  %x = and <32 x i8> %in, splat (i8 63)
  %e0 = extractelement <32 x i8> %x, i64 0
  %i0 = zext i8 %e0 to i64
  %p0 = getelementptr inbounds i8, ptr @base64, i64 %i0
  %l0 = load i8, ptr %p0, align 1
  %v0 = insertelement <32 x i8> poison, i8 %l0, i64 0
  %e1 = extractelement <32 x i8> %x, i64 1
  %i1 = zext i8 %e1 to i64
  %p1 = getelementptr inbounds i8, ptr @base64, i64 %i1
  %l1 = load i8, ptr %p1, align 1
  %v1 = insertelement <32 x i8> %v0, i8 %l1, i64 1
  %e2 = extractelement <32 x i8> %x, i64 2
  %i2 = zext i8 %e2 to i64
  %p2 = getelementptr inbounds i8, ptr @base64, i64 %i2
  %l2 = load i8, ptr %p2, align 1
  %v2 = insertelement <32 x i8> %v1, i8 %l2, i64 2
  %e3 = extractelement <32 x i8> %x, i64 3
  %i3 = zext i8 %e3 to i64
  %p3 = getelementptr inbounds i8, ptr @base64, i64 %i3
  %l3 = load i8, ptr %p3, align 1
  %v3 = insertelement <32 x i8> %v2, i8 %l3, i64 3
  %e4 = extractelement <32 x i8> %x, i64 4
  %i4 = zext i8 %e4 to i64
  %p4 = getelementptr inbounds i8, ptr @base64, i64 %i4
  %l4 = load i8, ptr %p4, align 1
  %v4 = insertelement <32 x i8> %v3, i8 %l4, i64 4
  %e5 = extractelement <32 x i8> %x, i64 5
  %i5 = zext i8 %e5 to i64
  %p5 = getelementptr inbounds i8, ptr @base64, i64 %i5
  %l5 = load i8, ptr %p5, align 1
  %v5 = insertelement <32 x i8> %v4, i8 %l5, i64 5
  %e6 = extractelement <32 x i8> %x, i64 6
  %i6 = zext i8 %e6 to i64
  %p6 = getelementptr inbounds i8, ptr @base64, i64 %i6
  %l6 = load i8, ptr %p6, align 1
  %v6 = insertelement <32 x i8> %v5, i8 %l6, i64 6
  %e7 = extractelement <32 x i8> %x, i64 7
  %i7 = zext i8 %e7 to i64
  %p7 = getelementptr inbounds i8, ptr @base64, i64 %i7
  %l7 = load i8, ptr %p7, align 1
  %v7 = insertelement <32 x i8> %v6, i8 %l7, i64 7
  %e8 = extractelement <32 x i8> %x, i64 8
  %i8 = zext i8 %e8 to i64
  %p8 = getelementptr inbounds i8, ptr @base64, i64 %i8
  %l8 = load i8, ptr %p8, align 1
  %v8 = insertelement <32 x i8> %v7, i8 %l8, i64 8
  %e9 = extractelement <32 x i8> %x, i64 9
  %i9 = zext i8 %e9 to i64
  %p9 = getelementptr inbounds i8, ptr @base64, i64 %i9
  %l9 = load i8, ptr %p9, align 1
  %v9 = insertelement <32 x i8> %v8, i8 %l9, i64 9
  %e10 = extractelement <32 x i8> %x, i64 10
  %i10 = zext i8 %e10 to i64
  %p10 = getelementptr inbounds i8, ptr @base64, i64 %i10
  %l10 = load i8, ptr %p10, align 1
  %v10 = insertelement <32 x i8> %v9, i8 %l10, i64 10
  %e11 = extractelement <32 x i8> %x, i64 11
  %i11 = zext i8 %e11 to i64
  %p11 = getelementptr inbounds i8, ptr @base64, i64 %i11
  %l11 = load i8, ptr %p11, align 1
  %v11 = insertelement <32 x i8> %v10, i8 %l11, i64 11
  %e12 = extractelement <32 x i8> %x, i64 12
  %i12 = zext i8 %e12 to i64
  %p12 = getelementptr inbounds i8, ptr @base64, i64 %i12
  %l12 = load i8, ptr %p12, align 1
  %v12 = insertelement <32 x i8> %v11, i8 %l12, i64 12
  %e13 = extractelement <32 x i8> %x, i64 13
  %i13 = zext i8 %e13 to i64
  %p13 = getelementptr inbounds i8, ptr @base64, i64 %i13
  %l13 = load i8, ptr %p13, align 1
  %v13 = insertelement <32 x i8> %v12, i8 %l13, i64 13
  %e14 = extractelement <32 x i8> %x, i64 14
  %i14 = zext i8 %e14 to i64
  %p14 = getelementptr inbounds i8, ptr @base64, i64 %i14
  %l14 = load i8, ptr %p14, align 1
  %v14 = insertelement <32 x i8> %v13, i8 %l14, i64 14
  %e15 = extractelement <32 x i8> %x, i64 15
  %i15 = zext i8 %e15 to i64
  %p15 = getelementptr inbounds i8, ptr @base64, i64 %i15
  %l15 = load i8, ptr %p15, align 1
  %v15 = insertelement <32 x i8> %v14, i8 %l15, i64 15
  %e16 = extractelement <32 x i8> %x, i64 16
  %i16 = zext i8 %e16 to i64
  %p16 = getelementptr inbounds i8, ptr @base64, i64 %i16
  %l16 = load i8, ptr %p16, align 1
  %v16 = insertelement <32 x i8> %v15, i8 %l16, i64 16
  %e17 = extractelement <32 x i8> %x, i64 17
  %i17 = zext i8 %e17 to i64
  %p17 = getelementptr inbounds i8, ptr @base64, i64 %i17
  %l17 = load i8, ptr %p17, align 1
  %v17 = insertelement <32 x i8> %v16, i8 %l17, i64 17
  %e18 = extractelement <32 x i8> %x, i64 18
  %i18 = zext i8 %e18 to i64
  %p18 = getelementptr inbounds i8, ptr @base64, i64 %i18
  %l18 = load i8, ptr %p18, align 1
  %v18 = insertelement <32 x i8> %v17, i8 %l18, i64 18
  %e19 = extractelement <32 x i8> %x, i64 19
  %i19 = zext i8 %e19 to i64
  %p19 = getelementptr inbounds i8, ptr @base64, i64 %i19
  %l19 = load i8, ptr %p19, align 1
  %v19 = insertelement <32 x i8> %v18, i8 %l19, i64 19
  %e20 = extractelement <32 x i8> %x, i64 20
  %i20 = zext i8 %e20 to i64
  %p20 = getelementptr inbounds i8, ptr @base64, i64 %i20
  %l20 = load i8, ptr %p20, align 1
  %v20 = insertelement <32 x i8> %v19, i8 %l20, i64 20
  %e21 = extractelement <32 x i8> %x, i64 21
  %i21 = zext i8 %e21 to i64
  %p21 = getelementptr inbounds i8, ptr @base64, i64 %i21
  %l21 = load i8, ptr %p21, align 1
  %v21 = insertelement <32 x i8> %v20, i8 %l21, i64 21
  %e22 = extractelement <32 x i8> %x, i64 22
  %i22 = zext i8 %e22 to i64
  %p22 = getelementptr inbounds i8, ptr @base64, i64 %i22
  %l22 = load i8, ptr %p22, align 1
  %v22 = insertelement <32 x i8> %v21, i8 %l22, i64 22
  %e23 = extractelement <32 x i8> %x, i64 23
  %i23 = zext i8 %e23 to i64
  %p23 = getelementptr inbounds i8, ptr @base64, i64 %i23
  %l23 = load i8, ptr %p23, align 1
  %v23 = insertelement <32 x i8> %v22, i8 %l23, i64 23
  %e24 = extractelement <32 x i8> %x, i64 24
  %i24 = zext i8 %e24 to i64
  %p24 = getelementptr inbounds i8, ptr @base64, i64 %i24
  %l24 = load i8, ptr %p24, align 1
  %v24 = insertelement <32 x i8> %v23, i8 %l24, i64 24
  %e25 = extractelement <32 x i8> %x, i64 25
  %i25 = zext i8 %e25 to i64
  %p25 = getelementptr inbounds i8, ptr @base64, i64 %i25
  %l25 = load i8, ptr %p25, align 1
  %v25 = insertelement <32 x i8> %v24, i8 %l25, i64 25
  %e26 = extractelement <32 x i8> %x, i64 26
  %i26 = zext i8 %e26 to i64
  %p26 = getelementptr inbounds i8, ptr @base64, i64 %i26
  %l26 = load i8, ptr %p26, align 1
  %v26 = insertelement <32 x i8> %v25, i8 %l26, i64 26
  %e27 = extractelement <32 x i8> %x, i64 27
  %i27 = zext i8 %e27 to i64
  %p27 = getelementptr inbounds i8, ptr @base64, i64 %i27
  %l27 = load i8, ptr %p27, align 1
  %v27 = insertelement <32 x i8> %v26, i8 %l27, i64 27
  %e28 = extractelement <32 x i8> %x, i64 28
  %i28 = zext i8 %e28 to i64
  %p28 = getelementptr inbounds i8, ptr @base64, i64 %i28
  %l28 = load i8, ptr %p28, align 1
  %v28 = insertelement <32 x i8> %v27, i8 %l28, i64 28
  %e29 = extractelement <32 x i8> %x, i64 29
  %i29 = zext i8 %e29 to i64
  %p29 = getelementptr inbounds i8, ptr @base64, i64 %i29
  %l29 = load i8, ptr %p29, align 1
  %v29 = insertelement <32 x i8> %v28, i8 %l29, i64 29
  %e30 = extractelement <32 x i8> %x, i64 30
  %i30 = zext i8 %e30 to i64
  %p30 = getelementptr inbounds i8, ptr @base64, i64 %i30
  %l30 = load i8, ptr %p30, align 1
  %v30 = insertelement <32 x i8> %v29, i8 %l30, i64 30
  %e31 = extractelement <32 x i8> %x, i64 31
  %i31 = zext i8 %e31 to i64
  %p31 = getelementptr inbounds i8, ptr @base64, i64 %i31
  %l31 = load i8, ptr %p31, align 1
  %v31 = insertelement <32 x i8> %v30, i8 %l31, i64 31
  ret <32 x i8> %v31
}

; STATS: 5 shuffle-lib - Byte gathers from a constant table replaced by a table-lookup instruction
