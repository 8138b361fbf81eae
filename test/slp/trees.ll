; SLP trees from store chains: the values stored side by side, read bottom-up as
; bundles of loads of one range (in any order: a shuffle), of one operation, or of
; constants, become vector code where llc emits fewer instructions for it (x86-64-v3).
; The loads and stores move to the last store: only when nothing else touches memory
; in between and the bytes loaded and stored cannot overlap (one base and disjoint
; ranges, or distinct noalias arguments, allocas or globals).
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<no-slp>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<early>' -S %s | FileCheck %s --check-prefix=EARLY
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 | FileCheck %s --check-prefix=ASM
; A threshold above what the transpose saves (128 scalar instructions) keeps it, and
; says so; in the default pipeline the same through -shuffle-lib-slp-threshold.
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<slp-threshold=200>' -pass-remarks-missed=shuffle-lib -S %s 2>&1 | FileCheck %s --check-prefix=THRESHOLD
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='default<O3>' -shuffle-lib-slp-threshold=200 -pass-remarks-missed=shuffle-lib -S %s 2>&1 | FileCheck %s --check-prefix=THRESHOLD
; RUN: not %opt -passes='shuffle-lib<slp-threshold=x>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=BAD

declare void @g() nounwind willreturn
declare void @h(ptr)

; An 8x8 i16 transpose, fully unrolled: one <64 x i16> copy (then a network of
; register shuffles, whose first stage loads halves of rows: 128-bit loads).
; CHECK-LABEL: @transpose(
; CHECK:         load <8 x i16>, ptr %in, align 2
; CHECK-NOT:     load i16
; CHECK-NOT:     store i16
; CHECK:         store <64 x i16> {{%.*}}, ptr %out, align 2
; OFF-LABEL: @transpose(
; OFF:           load i16
; EARLY-LABEL: @transpose(
; EARLY:         shufflevector <64 x i16> {{%.*}}, <64 x i16> poison, <64 x i32> <i32 0, i32 8, i32 16,
; REMARK: remark: {{.*}}slp: 64 scalar copies (llc 128) became <64 x i16> vector code with loads and shuffles (llc {{[0-9]+}})
; ASM-LABEL: transpose:
; ASM-NOT:       movzwl
; ASM:           retq
; THRESHOLD: remark: {{.*}}slp: kept 64 scalar copies (llc 128): as <64 x i16> vector code {{TTI|llc}} {{[0-9]+}} (threshold 200)
; BAD: shuffle-lib: invalid slp-threshold 'x' (expected an integer)
define void @transpose(ptr noalias %in, ptr noalias %out) {
  %x0 = load i16, ptr %in, align 2
  store i16 %x0, ptr %out, align 2
  %l1 = getelementptr inbounds i8, ptr %in, i64 16
  %x1 = load i16, ptr %l1, align 2
  %s1 = getelementptr inbounds i8, ptr %out, i64 2
  store i16 %x1, ptr %s1, align 2
  %l2 = getelementptr inbounds i8, ptr %in, i64 32
  %x2 = load i16, ptr %l2, align 2
  %s2 = getelementptr inbounds i8, ptr %out, i64 4
  store i16 %x2, ptr %s2, align 2
  %l3 = getelementptr inbounds i8, ptr %in, i64 48
  %x3 = load i16, ptr %l3, align 2
  %s3 = getelementptr inbounds i8, ptr %out, i64 6
  store i16 %x3, ptr %s3, align 2
  %l4 = getelementptr inbounds i8, ptr %in, i64 64
  %x4 = load i16, ptr %l4, align 2
  %s4 = getelementptr inbounds i8, ptr %out, i64 8
  store i16 %x4, ptr %s4, align 2
  %l5 = getelementptr inbounds i8, ptr %in, i64 80
  %x5 = load i16, ptr %l5, align 2
  %s5 = getelementptr inbounds i8, ptr %out, i64 10
  store i16 %x5, ptr %s5, align 2
  %l6 = getelementptr inbounds i8, ptr %in, i64 96
  %x6 = load i16, ptr %l6, align 2
  %s6 = getelementptr inbounds i8, ptr %out, i64 12
  store i16 %x6, ptr %s6, align 2
  %l7 = getelementptr inbounds i8, ptr %in, i64 112
  %x7 = load i16, ptr %l7, align 2
  %s7 = getelementptr inbounds i8, ptr %out, i64 14
  store i16 %x7, ptr %s7, align 2
  %l8 = getelementptr inbounds i8, ptr %in, i64 2
  %x8 = load i16, ptr %l8, align 2
  %s8 = getelementptr inbounds i8, ptr %out, i64 16
  store i16 %x8, ptr %s8, align 2
  %l9 = getelementptr inbounds i8, ptr %in, i64 18
  %x9 = load i16, ptr %l9, align 2
  %s9 = getelementptr inbounds i8, ptr %out, i64 18
  store i16 %x9, ptr %s9, align 2
  %l10 = getelementptr inbounds i8, ptr %in, i64 34
  %x10 = load i16, ptr %l10, align 2
  %s10 = getelementptr inbounds i8, ptr %out, i64 20
  store i16 %x10, ptr %s10, align 2
  %l11 = getelementptr inbounds i8, ptr %in, i64 50
  %x11 = load i16, ptr %l11, align 2
  %s11 = getelementptr inbounds i8, ptr %out, i64 22
  store i16 %x11, ptr %s11, align 2
  %l12 = getelementptr inbounds i8, ptr %in, i64 66
  %x12 = load i16, ptr %l12, align 2
  %s12 = getelementptr inbounds i8, ptr %out, i64 24
  store i16 %x12, ptr %s12, align 2
  %l13 = getelementptr inbounds i8, ptr %in, i64 82
  %x13 = load i16, ptr %l13, align 2
  %s13 = getelementptr inbounds i8, ptr %out, i64 26
  store i16 %x13, ptr %s13, align 2
  %l14 = getelementptr inbounds i8, ptr %in, i64 98
  %x14 = load i16, ptr %l14, align 2
  %s14 = getelementptr inbounds i8, ptr %out, i64 28
  store i16 %x14, ptr %s14, align 2
  %l15 = getelementptr inbounds i8, ptr %in, i64 114
  %x15 = load i16, ptr %l15, align 2
  %s15 = getelementptr inbounds i8, ptr %out, i64 30
  store i16 %x15, ptr %s15, align 2
  %l16 = getelementptr inbounds i8, ptr %in, i64 4
  %x16 = load i16, ptr %l16, align 2
  %s16 = getelementptr inbounds i8, ptr %out, i64 32
  store i16 %x16, ptr %s16, align 2
  %l17 = getelementptr inbounds i8, ptr %in, i64 20
  %x17 = load i16, ptr %l17, align 2
  %s17 = getelementptr inbounds i8, ptr %out, i64 34
  store i16 %x17, ptr %s17, align 2
  %l18 = getelementptr inbounds i8, ptr %in, i64 36
  %x18 = load i16, ptr %l18, align 2
  %s18 = getelementptr inbounds i8, ptr %out, i64 36
  store i16 %x18, ptr %s18, align 2
  %l19 = getelementptr inbounds i8, ptr %in, i64 52
  %x19 = load i16, ptr %l19, align 2
  %s19 = getelementptr inbounds i8, ptr %out, i64 38
  store i16 %x19, ptr %s19, align 2
  %l20 = getelementptr inbounds i8, ptr %in, i64 68
  %x20 = load i16, ptr %l20, align 2
  %s20 = getelementptr inbounds i8, ptr %out, i64 40
  store i16 %x20, ptr %s20, align 2
  %l21 = getelementptr inbounds i8, ptr %in, i64 84
  %x21 = load i16, ptr %l21, align 2
  %s21 = getelementptr inbounds i8, ptr %out, i64 42
  store i16 %x21, ptr %s21, align 2
  %l22 = getelementptr inbounds i8, ptr %in, i64 100
  %x22 = load i16, ptr %l22, align 2
  %s22 = getelementptr inbounds i8, ptr %out, i64 44
  store i16 %x22, ptr %s22, align 2
  %l23 = getelementptr inbounds i8, ptr %in, i64 116
  %x23 = load i16, ptr %l23, align 2
  %s23 = getelementptr inbounds i8, ptr %out, i64 46
  store i16 %x23, ptr %s23, align 2
  %l24 = getelementptr inbounds i8, ptr %in, i64 6
  %x24 = load i16, ptr %l24, align 2
  %s24 = getelementptr inbounds i8, ptr %out, i64 48
  store i16 %x24, ptr %s24, align 2
  %l25 = getelementptr inbounds i8, ptr %in, i64 22
  %x25 = load i16, ptr %l25, align 2
  %s25 = getelementptr inbounds i8, ptr %out, i64 50
  store i16 %x25, ptr %s25, align 2
  %l26 = getelementptr inbounds i8, ptr %in, i64 38
  %x26 = load i16, ptr %l26, align 2
  %s26 = getelementptr inbounds i8, ptr %out, i64 52
  store i16 %x26, ptr %s26, align 2
  %l27 = getelementptr inbounds i8, ptr %in, i64 54
  %x27 = load i16, ptr %l27, align 2
  %s27 = getelementptr inbounds i8, ptr %out, i64 54
  store i16 %x27, ptr %s27, align 2
  %l28 = getelementptr inbounds i8, ptr %in, i64 70
  %x28 = load i16, ptr %l28, align 2
  %s28 = getelementptr inbounds i8, ptr %out, i64 56
  store i16 %x28, ptr %s28, align 2
  %l29 = getelementptr inbounds i8, ptr %in, i64 86
  %x29 = load i16, ptr %l29, align 2
  %s29 = getelementptr inbounds i8, ptr %out, i64 58
  store i16 %x29, ptr %s29, align 2
  %l30 = getelementptr inbounds i8, ptr %in, i64 102
  %x30 = load i16, ptr %l30, align 2
  %s30 = getelementptr inbounds i8, ptr %out, i64 60
  store i16 %x30, ptr %s30, align 2
  %l31 = getelementptr inbounds i8, ptr %in, i64 118
  %x31 = load i16, ptr %l31, align 2
  %s31 = getelementptr inbounds i8, ptr %out, i64 62
  store i16 %x31, ptr %s31, align 2
  %l32 = getelementptr inbounds i8, ptr %in, i64 8
  %x32 = load i16, ptr %l32, align 2
  %s32 = getelementptr inbounds i8, ptr %out, i64 64
  store i16 %x32, ptr %s32, align 2
  %l33 = getelementptr inbounds i8, ptr %in, i64 24
  %x33 = load i16, ptr %l33, align 2
  %s33 = getelementptr inbounds i8, ptr %out, i64 66
  store i16 %x33, ptr %s33, align 2
  %l34 = getelementptr inbounds i8, ptr %in, i64 40
  %x34 = load i16, ptr %l34, align 2
  %s34 = getelementptr inbounds i8, ptr %out, i64 68
  store i16 %x34, ptr %s34, align 2
  %l35 = getelementptr inbounds i8, ptr %in, i64 56
  %x35 = load i16, ptr %l35, align 2
  %s35 = getelementptr inbounds i8, ptr %out, i64 70
  store i16 %x35, ptr %s35, align 2
  %l36 = getelementptr inbounds i8, ptr %in, i64 72
  %x36 = load i16, ptr %l36, align 2
  %s36 = getelementptr inbounds i8, ptr %out, i64 72
  store i16 %x36, ptr %s36, align 2
  %l37 = getelementptr inbounds i8, ptr %in, i64 88
  %x37 = load i16, ptr %l37, align 2
  %s37 = getelementptr inbounds i8, ptr %out, i64 74
  store i16 %x37, ptr %s37, align 2
  %l38 = getelementptr inbounds i8, ptr %in, i64 104
  %x38 = load i16, ptr %l38, align 2
  %s38 = getelementptr inbounds i8, ptr %out, i64 76
  store i16 %x38, ptr %s38, align 2
  %l39 = getelementptr inbounds i8, ptr %in, i64 120
  %x39 = load i16, ptr %l39, align 2
  %s39 = getelementptr inbounds i8, ptr %out, i64 78
  store i16 %x39, ptr %s39, align 2
  %l40 = getelementptr inbounds i8, ptr %in, i64 10
  %x40 = load i16, ptr %l40, align 2
  %s40 = getelementptr inbounds i8, ptr %out, i64 80
  store i16 %x40, ptr %s40, align 2
  %l41 = getelementptr inbounds i8, ptr %in, i64 26
  %x41 = load i16, ptr %l41, align 2
  %s41 = getelementptr inbounds i8, ptr %out, i64 82
  store i16 %x41, ptr %s41, align 2
  %l42 = getelementptr inbounds i8, ptr %in, i64 42
  %x42 = load i16, ptr %l42, align 2
  %s42 = getelementptr inbounds i8, ptr %out, i64 84
  store i16 %x42, ptr %s42, align 2
  %l43 = getelementptr inbounds i8, ptr %in, i64 58
  %x43 = load i16, ptr %l43, align 2
  %s43 = getelementptr inbounds i8, ptr %out, i64 86
  store i16 %x43, ptr %s43, align 2
  %l44 = getelementptr inbounds i8, ptr %in, i64 74
  %x44 = load i16, ptr %l44, align 2
  %s44 = getelementptr inbounds i8, ptr %out, i64 88
  store i16 %x44, ptr %s44, align 2
  %l45 = getelementptr inbounds i8, ptr %in, i64 90
  %x45 = load i16, ptr %l45, align 2
  %s45 = getelementptr inbounds i8, ptr %out, i64 90
  store i16 %x45, ptr %s45, align 2
  %l46 = getelementptr inbounds i8, ptr %in, i64 106
  %x46 = load i16, ptr %l46, align 2
  %s46 = getelementptr inbounds i8, ptr %out, i64 92
  store i16 %x46, ptr %s46, align 2
  %l47 = getelementptr inbounds i8, ptr %in, i64 122
  %x47 = load i16, ptr %l47, align 2
  %s47 = getelementptr inbounds i8, ptr %out, i64 94
  store i16 %x47, ptr %s47, align 2
  %l48 = getelementptr inbounds i8, ptr %in, i64 12
  %x48 = load i16, ptr %l48, align 2
  %s48 = getelementptr inbounds i8, ptr %out, i64 96
  store i16 %x48, ptr %s48, align 2
  %l49 = getelementptr inbounds i8, ptr %in, i64 28
  %x49 = load i16, ptr %l49, align 2
  %s49 = getelementptr inbounds i8, ptr %out, i64 98
  store i16 %x49, ptr %s49, align 2
  %l50 = getelementptr inbounds i8, ptr %in, i64 44
  %x50 = load i16, ptr %l50, align 2
  %s50 = getelementptr inbounds i8, ptr %out, i64 100
  store i16 %x50, ptr %s50, align 2
  %l51 = getelementptr inbounds i8, ptr %in, i64 60
  %x51 = load i16, ptr %l51, align 2
  %s51 = getelementptr inbounds i8, ptr %out, i64 102
  store i16 %x51, ptr %s51, align 2
  %l52 = getelementptr inbounds i8, ptr %in, i64 76
  %x52 = load i16, ptr %l52, align 2
  %s52 = getelementptr inbounds i8, ptr %out, i64 104
  store i16 %x52, ptr %s52, align 2
  %l53 = getelementptr inbounds i8, ptr %in, i64 92
  %x53 = load i16, ptr %l53, align 2
  %s53 = getelementptr inbounds i8, ptr %out, i64 106
  store i16 %x53, ptr %s53, align 2
  %l54 = getelementptr inbounds i8, ptr %in, i64 108
  %x54 = load i16, ptr %l54, align 2
  %s54 = getelementptr inbounds i8, ptr %out, i64 108
  store i16 %x54, ptr %s54, align 2
  %l55 = getelementptr inbounds i8, ptr %in, i64 124
  %x55 = load i16, ptr %l55, align 2
  %s55 = getelementptr inbounds i8, ptr %out, i64 110
  store i16 %x55, ptr %s55, align 2
  %l56 = getelementptr inbounds i8, ptr %in, i64 14
  %x56 = load i16, ptr %l56, align 2
  %s56 = getelementptr inbounds i8, ptr %out, i64 112
  store i16 %x56, ptr %s56, align 2
  %l57 = getelementptr inbounds i8, ptr %in, i64 30
  %x57 = load i16, ptr %l57, align 2
  %s57 = getelementptr inbounds i8, ptr %out, i64 114
  store i16 %x57, ptr %s57, align 2
  %l58 = getelementptr inbounds i8, ptr %in, i64 46
  %x58 = load i16, ptr %l58, align 2
  %s58 = getelementptr inbounds i8, ptr %out, i64 116
  store i16 %x58, ptr %s58, align 2
  %l59 = getelementptr inbounds i8, ptr %in, i64 62
  %x59 = load i16, ptr %l59, align 2
  %s59 = getelementptr inbounds i8, ptr %out, i64 118
  store i16 %x59, ptr %s59, align 2
  %l60 = getelementptr inbounds i8, ptr %in, i64 78
  %x60 = load i16, ptr %l60, align 2
  %s60 = getelementptr inbounds i8, ptr %out, i64 120
  store i16 %x60, ptr %s60, align 2
  %l61 = getelementptr inbounds i8, ptr %in, i64 94
  %x61 = load i16, ptr %l61, align 2
  %s61 = getelementptr inbounds i8, ptr %out, i64 122
  store i16 %x61, ptr %s61, align 2
  %l62 = getelementptr inbounds i8, ptr %in, i64 110
  %x62 = load i16, ptr %l62, align 2
  %s62 = getelementptr inbounds i8, ptr %out, i64 124
  store i16 %x62, ptr %s62, align 2
  %l63 = getelementptr inbounds i8, ptr %in, i64 126
  %x63 = load i16, ptr %l63, align 2
  %s63 = getelementptr inbounds i8, ptr %out, i64 126
  store i16 %x63, ptr %s63, align 2
  ret void
}

; Without noalias the stores may write what later loads read: left alone.
; CHECK-LABEL: @may_alias(
; CHECK-NOT:     load <8 x i16>
; CHECK:         load i16
define void @may_alias(ptr %in, ptr %out) {
  %l0 = getelementptr inbounds i8, ptr %in, i64 14
  %x0 = load i16, ptr %l0, align 2
  store i16 %x0, ptr %out, align 2
  %l1 = getelementptr inbounds i8, ptr %in, i64 12
  %x1 = load i16, ptr %l1, align 2
  %s1 = getelementptr inbounds i8, ptr %out, i64 2
  store i16 %x1, ptr %s1, align 2
  %l2 = getelementptr inbounds i8, ptr %in, i64 10
  %x2 = load i16, ptr %l2, align 2
  %s2 = getelementptr inbounds i8, ptr %out, i64 4
  store i16 %x2, ptr %s2, align 2
  %l3 = getelementptr inbounds i8, ptr %in, i64 8
  %x3 = load i16, ptr %l3, align 2
  %s3 = getelementptr inbounds i8, ptr %out, i64 6
  store i16 %x3, ptr %s3, align 2
  %l4 = getelementptr inbounds i8, ptr %in, i64 6
  %x4 = load i16, ptr %l4, align 2
  %s4 = getelementptr inbounds i8, ptr %out, i64 8
  store i16 %x4, ptr %s4, align 2
  %l5 = getelementptr inbounds i8, ptr %in, i64 4
  %x5 = load i16, ptr %l5, align 2
  %s5 = getelementptr inbounds i8, ptr %out, i64 10
  store i16 %x5, ptr %s5, align 2
  %l6 = getelementptr inbounds i8, ptr %in, i64 2
  %x6 = load i16, ptr %l6, align 2
  %s6 = getelementptr inbounds i8, ptr %out, i64 12
  store i16 %x6, ptr %s6, align 2
  %x7 = load i16, ptr %in, align 2
  %s7 = getelementptr inbounds i8, ptr %out, i64 14
  store i16 %x7, ptr %s7, align 2
  ret void
}

; One buffer, disjoint ranges: reversed into bytes 32..47.
; CHECK-LABEL: @same_buffer(
; CHECK:         [[V:%.*]] = load <8 x i16>, ptr %p, align 2
; CHECK:         [[S:%.*]] = shufflevector <8 x i16> [[V]], <8 x i16> poison, <8 x i32> <i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
; CHECK:         store <8 x i16> [[S]], ptr {{%.*}}, align 2
define void @same_buffer(ptr %p) {
  %q = getelementptr inbounds i8, ptr %p, i64 32
  %l0 = getelementptr inbounds i8, ptr %p, i64 14
  %x0 = load i16, ptr %l0, align 2
  store i16 %x0, ptr %q, align 2
  %l1 = getelementptr inbounds i8, ptr %p, i64 12
  %x1 = load i16, ptr %l1, align 2
  %s1 = getelementptr inbounds i8, ptr %q, i64 2
  store i16 %x1, ptr %s1, align 2
  %l2 = getelementptr inbounds i8, ptr %p, i64 10
  %x2 = load i16, ptr %l2, align 2
  %s2 = getelementptr inbounds i8, ptr %q, i64 4
  store i16 %x2, ptr %s2, align 2
  %l3 = getelementptr inbounds i8, ptr %p, i64 8
  %x3 = load i16, ptr %l3, align 2
  %s3 = getelementptr inbounds i8, ptr %q, i64 6
  store i16 %x3, ptr %s3, align 2
  %l4 = getelementptr inbounds i8, ptr %p, i64 6
  %x4 = load i16, ptr %l4, align 2
  %s4 = getelementptr inbounds i8, ptr %q, i64 8
  store i16 %x4, ptr %s4, align 2
  %l5 = getelementptr inbounds i8, ptr %p, i64 4
  %x5 = load i16, ptr %l5, align 2
  %s5 = getelementptr inbounds i8, ptr %q, i64 10
  store i16 %x5, ptr %s5, align 2
  %l6 = getelementptr inbounds i8, ptr %p, i64 2
  %x6 = load i16, ptr %l6, align 2
  %s6 = getelementptr inbounds i8, ptr %q, i64 12
  store i16 %x6, ptr %s6, align 2
  %x7 = load i16, ptr %p, align 2
  %s7 = getelementptr inbounds i8, ptr %q, i64 14
  store i16 %x7, ptr %s7, align 2
  ret void
}

; One buffer, overlapping ranges (reversed in place, shifted by one element): the
; order of the scalar copies matters; left alone.
; CHECK-LABEL: @overlapping(
; CHECK-NOT:     <8 x i16>
define void @overlapping(ptr %p) {
  %q = getelementptr inbounds i8, ptr %p, i64 2
  %l0 = getelementptr inbounds i8, ptr %p, i64 14
  %x0 = load i16, ptr %l0, align 2
  store i16 %x0, ptr %q, align 2
  %l1 = getelementptr inbounds i8, ptr %p, i64 12
  %x1 = load i16, ptr %l1, align 2
  %s1 = getelementptr inbounds i8, ptr %q, i64 2
  store i16 %x1, ptr %s1, align 2
  %l2 = getelementptr inbounds i8, ptr %p, i64 10
  %x2 = load i16, ptr %l2, align 2
  %s2 = getelementptr inbounds i8, ptr %q, i64 4
  store i16 %x2, ptr %s2, align 2
  %l3 = getelementptr inbounds i8, ptr %p, i64 8
  %x3 = load i16, ptr %l3, align 2
  %s3 = getelementptr inbounds i8, ptr %q, i64 6
  store i16 %x3, ptr %s3, align 2
  %l4 = getelementptr inbounds i8, ptr %p, i64 6
  %x4 = load i16, ptr %l4, align 2
  %s4 = getelementptr inbounds i8, ptr %q, i64 8
  store i16 %x4, ptr %s4, align 2
  %l5 = getelementptr inbounds i8, ptr %p, i64 4
  %x5 = load i16, ptr %l5, align 2
  %s5 = getelementptr inbounds i8, ptr %q, i64 10
  store i16 %x5, ptr %s5, align 2
  %l6 = getelementptr inbounds i8, ptr %p, i64 2
  %x6 = load i16, ptr %l6, align 2
  %s6 = getelementptr inbounds i8, ptr %q, i64 12
  store i16 %x6, ptr %s6, align 2
  %x7 = load i16, ptr %p, align 2
  %s7 = getelementptr inbounds i8, ptr %q, i64 14
  store i16 %x7, ptr %s7, align 2
  ret void
}

; A call in between that is handed the destination may write it: left alone (LLVM's
; alias analysis, through the shim, says the call may touch the stored range).
; CHECK-LABEL: @call_between(
; CHECK-NOT:     <8 x i16>
define void @call_between(ptr noalias %in, ptr noalias %out) {
  %l0 = getelementptr inbounds i8, ptr %in, i64 14
  %x0 = load i16, ptr %l0, align 2
  store i16 %x0, ptr %out, align 2
  %l1 = getelementptr inbounds i8, ptr %in, i64 12
  %x1 = load i16, ptr %l1, align 2
  %s1 = getelementptr inbounds i8, ptr %out, i64 2
  store i16 %x1, ptr %s1, align 2
  %l2 = getelementptr inbounds i8, ptr %in, i64 10
  %x2 = load i16, ptr %l2, align 2
  %s2 = getelementptr inbounds i8, ptr %out, i64 4
  store i16 %x2, ptr %s2, align 2
  %l3 = getelementptr inbounds i8, ptr %in, i64 8
  %x3 = load i16, ptr %l3, align 2
  %s3 = getelementptr inbounds i8, ptr %out, i64 6
  store i16 %x3, ptr %s3, align 2
  call void @h(ptr %out)
  %l4 = getelementptr inbounds i8, ptr %in, i64 6
  %x4 = load i16, ptr %l4, align 2
  %s4 = getelementptr inbounds i8, ptr %out, i64 8
  store i16 %x4, ptr %s4, align 2
  %l5 = getelementptr inbounds i8, ptr %in, i64 4
  %x5 = load i16, ptr %l5, align 2
  %s5 = getelementptr inbounds i8, ptr %out, i64 10
  store i16 %x5, ptr %s5, align 2
  %l6 = getelementptr inbounds i8, ptr %in, i64 2
  %x6 = load i16, ptr %l6, align 2
  %s6 = getelementptr inbounds i8, ptr %out, i64 12
  store i16 %x6, ptr %s6, align 2
  %x7 = load i16, ptr %in, align 2
  %s7 = getelementptr inbounds i8, ptr %out, i64 14
  store i16 %x7, ptr %s7, align 2
  ret void
}

; A call in between that is handed nothing cannot reach `noalias` arguments that did
; not escape (LLVM's alias analysis): the copy is vectorized across it. (It surely
; returns: stores do not move below a call that may not, `call-between.ll`.)
; CHECK-LABEL: @call_between_unreached(
; CHECK:         call void @g()
; CHECK:         load <8 x i16>
; CHECK:         store <8 x i16>
define void @call_between_unreached(ptr noalias %in, ptr noalias %out) {
  %l0 = getelementptr inbounds i8, ptr %in, i64 14
  %x0 = load i16, ptr %l0, align 2
  store i16 %x0, ptr %out, align 2
  %l1 = getelementptr inbounds i8, ptr %in, i64 12
  %x1 = load i16, ptr %l1, align 2
  %s1 = getelementptr inbounds i8, ptr %out, i64 2
  store i16 %x1, ptr %s1, align 2
  %l2 = getelementptr inbounds i8, ptr %in, i64 10
  %x2 = load i16, ptr %l2, align 2
  %s2 = getelementptr inbounds i8, ptr %out, i64 4
  store i16 %x2, ptr %s2, align 2
  %l3 = getelementptr inbounds i8, ptr %in, i64 8
  %x3 = load i16, ptr %l3, align 2
  %s3 = getelementptr inbounds i8, ptr %out, i64 6
  store i16 %x3, ptr %s3, align 2
  call void @g()
  %l4 = getelementptr inbounds i8, ptr %in, i64 6
  %x4 = load i16, ptr %l4, align 2
  %s4 = getelementptr inbounds i8, ptr %out, i64 8
  store i16 %x4, ptr %s4, align 2
  %l5 = getelementptr inbounds i8, ptr %in, i64 4
  %x5 = load i16, ptr %l5, align 2
  %s5 = getelementptr inbounds i8, ptr %out, i64 10
  store i16 %x5, ptr %s5, align 2
  %l6 = getelementptr inbounds i8, ptr %in, i64 2
  %x6 = load i16, ptr %l6, align 2
  %s6 = getelementptr inbounds i8, ptr %out, i64 12
  store i16 %x6, ptr %s6, align 2
  %x7 = load i16, ptr %in, align 2
  %s7 = getelementptr inbounds i8, ptr %out, i64 14
  store i16 %x7, ptr %s7, align 2
  ret void
}

; Volatile loads are never merged.
; CHECK-LABEL: @volatile_loads(
; CHECK-NOT:     <8 x i16>
define void @volatile_loads(ptr noalias %in, ptr noalias %out) {
  %l0 = getelementptr inbounds i8, ptr %in, i64 14
  %x0 = load volatile i16, ptr %l0, align 2
  store i16 %x0, ptr %out, align 2
  %l1 = getelementptr inbounds i8, ptr %in, i64 12
  %x1 = load volatile i16, ptr %l1, align 2
  %s1 = getelementptr inbounds i8, ptr %out, i64 2
  store i16 %x1, ptr %s1, align 2
  %l2 = getelementptr inbounds i8, ptr %in, i64 10
  %x2 = load volatile i16, ptr %l2, align 2
  %s2 = getelementptr inbounds i8, ptr %out, i64 4
  store i16 %x2, ptr %s2, align 2
  %l3 = getelementptr inbounds i8, ptr %in, i64 8
  %x3 = load volatile i16, ptr %l3, align 2
  %s3 = getelementptr inbounds i8, ptr %out, i64 6
  store i16 %x3, ptr %s3, align 2
  %l4 = getelementptr inbounds i8, ptr %in, i64 6
  %x4 = load volatile i16, ptr %l4, align 2
  %s4 = getelementptr inbounds i8, ptr %out, i64 8
  store i16 %x4, ptr %s4, align 2
  %l5 = getelementptr inbounds i8, ptr %in, i64 4
  %x5 = load volatile i16, ptr %l5, align 2
  %s5 = getelementptr inbounds i8, ptr %out, i64 10
  store i16 %x5, ptr %s5, align 2
  %l6 = getelementptr inbounds i8, ptr %in, i64 2
  %x6 = load volatile i16, ptr %l6, align 2
  %s6 = getelementptr inbounds i8, ptr %out, i64 12
  store i16 %x6, ptr %s6, align 2
  %x7 = load volatile i16, ptr %in, align 2
  %s7 = getelementptr inbounds i8, ptr %out, i64 14
  store i16 %x7, ptr %s7, align 2
  ret void
}

; A plain copy needs no shuffle: before the vectorizers it is left to them; the
; instance after them (or an explicit run) takes it.
; CHECK-LABEL: @plain_copy(
; CHECK:         load <4 x float>
; CHECK-NOT:     shufflevector
; CHECK:         store <4 x float>
; EARLY-LABEL: @plain_copy(
; EARLY-NOT:     load <4 x float>
define void @plain_copy(ptr noalias %in, ptr noalias %out) {
  %x0 = load float, ptr %in, align 4
  store float %x0, ptr %out, align 4
  %l1 = getelementptr inbounds i8, ptr %in, i64 4
  %x1 = load float, ptr %l1, align 4
  %s1 = getelementptr inbounds i8, ptr %out, i64 4
  store float %x1, ptr %s1, align 4
  %l2 = getelementptr inbounds i8, ptr %in, i64 8
  %x2 = load float, ptr %l2, align 4
  %s2 = getelementptr inbounds i8, ptr %out, i64 8
  store float %x2, ptr %s2, align 4
  %l3 = getelementptr inbounds i8, ptr %in, i64 12
  %x3 = load float, ptr %l3, align 4
  %s3 = getelementptr inbounds i8, ptr %out, i64 12
  store float %x3, ptr %s3, align 4
  ret void
}

; Operations: out[j] = a[3 - j] + b[j], one lane with its operands the other way: one
; load and shuffle per base, one vector add.
; CHECK-LABEL: @permuted_sum(
; CHECK-DAG:     [[A:%.*]] = load <4 x i32>, ptr %a, align 4
; CHECK-DAG:     [[B:%.*]] = load <4 x i32>, ptr %b, align 4
; CHECK-DAG:     [[P:%.*]] = shufflevector <4 x i32> [[A]], <4 x i32> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
; CHECK:         [[S:%.*]] = add <4 x i32> {{%.*}}, {{%.*}}
; CHECK:         store <4 x i32> [[S]], ptr %out, align 4
; CHECK-NOT:     store i32
; REMARK: remark: {{.*}}slp: 4 scalar stores of 4 operations (llc {{[0-9]+}}) became <4 x i32> vector code with loads and shuffles
define void @permuted_sum(ptr noalias %a, ptr noalias %b, ptr noalias %out) {
  %pa0 = getelementptr inbounds i8, ptr %a, i64 12
  %x0 = load i32, ptr %pa0, align 4
  %pb0 = getelementptr inbounds i8, ptr %b, i64 0
  %y0 = load i32, ptr %pb0, align 4
  %z0 = add i32 %x0, %y0
  %po0 = getelementptr inbounds i8, ptr %out, i64 0
  store i32 %z0, ptr %po0, align 4
  %pa1 = getelementptr inbounds i8, ptr %a, i64 8
  %x1 = load i32, ptr %pa1, align 4
  %pb1 = getelementptr inbounds i8, ptr %b, i64 4
  %y1 = load i32, ptr %pb1, align 4
  %z1 = add i32 %x1, %y1
  %po1 = getelementptr inbounds i8, ptr %out, i64 4
  store i32 %z1, ptr %po1, align 4
  %pa2 = getelementptr inbounds i8, ptr %a, i64 4
  %x2 = load i32, ptr %pa2, align 4
  %pb2 = getelementptr inbounds i8, ptr %b, i64 8
  %y2 = load i32, ptr %pb2, align 4
  %z2 = add i32 %y2, %x2
  %po2 = getelementptr inbounds i8, ptr %out, i64 8
  store i32 %z2, ptr %po2, align 4
  %pa3 = getelementptr inbounds i8, ptr %a, i64 0
  %x3 = load i32, ptr %pa3, align 4
  %pb3 = getelementptr inbounds i8, ptr %b, i64 12
  %y3 = load i32, ptr %pb3, align 4
  %z3 = add i32 %x3, %y3
  %po3 = getelementptr inbounds i8, ptr %out, i64 12
  store i32 %z3, ptr %po3, align 4
  ret void
}

; Two complex products stored re, im, re, im: the subtractions and additions alternate
; (both computed, blended: vaddsubpd), the loads duplicated and swapped in pairs.
; CHECK-LABEL: @complex_products(
; CHECK-DAG:     load <4 x double>, ptr %a, align 8
; CHECK-DAG:     load <4 x double>, ptr %b, align 8
; CHECK-DAG:     [[S:%.*]] = fsub <4 x double>
; CHECK-DAG:     [[A:%.*]] = fadd <4 x double>
; CHECK:         [[R:%.*]] = shufflevector <4 x double> [[A]], <4 x double> [[S]], <4 x i32> <i32 4, i32 1, i32 6, i32 3>
; CHECK:         store <4 x double> [[R]], ptr %c, align 8
; ASM-LABEL: complex_products:
; ASM:           vaddsubpd
; ASM:           retq
define void @complex_products(ptr noalias %a, ptr noalias %b, ptr noalias %c) {
  %ar0 = load double, ptr %a, align 8
  %pai0 = getelementptr inbounds i8, ptr %a, i64 8
  %ai0 = load double, ptr %pai0, align 8
  %br0 = load double, ptr %b, align 8
  %pbi0 = getelementptr inbounds i8, ptr %b, i64 8
  %bi0 = load double, ptr %pbi0, align 8
  %rr0 = fmul double %ar0, %br0
  %ii0 = fmul double %ai0, %bi0
  %re0 = fsub double %rr0, %ii0
  %ri0 = fmul double %ar0, %bi0
  %ir0 = fmul double %ai0, %br0
  %im0 = fadd double %ri0, %ir0
  store double %re0, ptr %c, align 8
  %pc1 = getelementptr inbounds i8, ptr %c, i64 8
  store double %im0, ptr %pc1, align 8
  %par1 = getelementptr inbounds i8, ptr %a, i64 16
  %ar1 = load double, ptr %par1, align 8
  %pai1 = getelementptr inbounds i8, ptr %a, i64 24
  %ai1 = load double, ptr %pai1, align 8
  %pbr1 = getelementptr inbounds i8, ptr %b, i64 16
  %br1 = load double, ptr %pbr1, align 8
  %pbi1 = getelementptr inbounds i8, ptr %b, i64 24
  %bi1 = load double, ptr %pbi1, align 8
  %rr1 = fmul double %ar1, %br1
  %ii1 = fmul double %ai1, %bi1
  %re1 = fsub double %rr1, %ii1
  %ri1 = fmul double %ar1, %bi1
  %ir1 = fmul double %ai1, %br1
  %im1 = fadd double %ri1, %ir1
  %pc2 = getelementptr inbounds i8, ptr %c, i64 16
  store double %re1, ptr %pc2, align 8
  %pc3 = getelementptr inbounds i8, ptr %c, i64 24
  store double %im1, ptr %pc3, align 8
  ret void
}
