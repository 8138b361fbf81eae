; A shuffle of a chain of `insertelement`s is measured with the chain also where other
; code reads the chain or a prefix of it (ir::lower::measured_operand), and a scalar
; loaded for one insert alone with its load. Here two gathers of 16 strided bytes are
; deinterleaved by two shuffles (x86-64-v3; the even one reads a prefix of each
; gather): stock inserts the bytes it reads straight from memory (47 instructions).
; Measured on registers, `pshufb` + `pshufb` + `blendps` was 3 against 4 and was taken;
; its `freeze` made both gathers built whole, each byte a `movzbl` of its own, 71
; instructions (found by a helper's hunt). Measured with the inserts and loads, it is
; 41 and more against 22.
; REQUIRES: x86-registered-target
; RUN: %opt -passes=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; RUN: %opt -passes=shuffle-lib %s | %llc | %FileCheck %s --check-prefix=ASM

; REMARK: wide sequence not used: mask <0,2,4,6,8,10,12,14,16,18,20,22,24,26,28,30>
; REMARK: wide sequence not used: mask <1,3,5,7,9,11,13,15,17,19,21,23,25,27,29,31>

; ASM-LABEL: f:
; ASM-COUNT-30: vpinsrb $
; ASM-NOT:      vpinsrb
; ASM:          retq

target triple = "x86_64-unknown-linux-gnu"
define void @f(ptr readonly captures(none) %p, ptr writeonly captures(none) initializes((0, 32)) %o) #0 {
  %g0_0 = getelementptr i8, ptr %p, i64 97
  %l0_0 = load i8, ptr %g0_0, align 1
  %v0_0 = insertelement <16 x i8> poison, i8 %l0_0, i64 0
  %g0_1 = getelementptr i8, ptr %p, i64 101
  %l0_1 = load i8, ptr %g0_1, align 1
  %v0_1 = insertelement <16 x i8> %v0_0, i8 %l0_1, i64 1
  %g0_2 = getelementptr i8, ptr %p, i64 105
  %l0_2 = load i8, ptr %g0_2, align 1
  %v0_2 = insertelement <16 x i8> %v0_1, i8 %l0_2, i64 2
  %g0_3 = getelementptr i8, ptr %p, i64 109
  %l0_3 = load i8, ptr %g0_3, align 1
  %v0_3 = insertelement <16 x i8> %v0_2, i8 %l0_3, i64 3
  %g0_4 = getelementptr i8, ptr %p, i64 113
  %l0_4 = load i8, ptr %g0_4, align 1
  %v0_4 = insertelement <16 x i8> %v0_3, i8 %l0_4, i64 4
  %g0_5 = getelementptr i8, ptr %p, i64 117
  %l0_5 = load i8, ptr %g0_5, align 1
  %v0_5 = insertelement <16 x i8> %v0_4, i8 %l0_5, i64 5
  %g0_6 = getelementptr i8, ptr %p, i64 121
  %l0_6 = load i8, ptr %g0_6, align 1
  %v0_6 = insertelement <16 x i8> %v0_5, i8 %l0_6, i64 6
  %g0_7 = getelementptr i8, ptr %p, i64 125
  %l0_7 = load i8, ptr %g0_7, align 1
  %v0_7 = insertelement <16 x i8> %v0_6, i8 %l0_7, i64 7
  %g0_8 = getelementptr i8, ptr %p, i64 129
  %l0_8 = load i8, ptr %g0_8, align 1
  %v0_8 = insertelement <16 x i8> %v0_7, i8 %l0_8, i64 8
  %g0_9 = getelementptr i8, ptr %p, i64 133
  %l0_9 = load i8, ptr %g0_9, align 1
  %v0_9 = insertelement <16 x i8> %v0_8, i8 %l0_9, i64 9
  %g0_10 = getelementptr i8, ptr %p, i64 137
  %l0_10 = load i8, ptr %g0_10, align 1
  %v0_10 = insertelement <16 x i8> %v0_9, i8 %l0_10, i64 10
  %g0_11 = getelementptr i8, ptr %p, i64 141
  %l0_11 = load i8, ptr %g0_11, align 1
  %v0_11 = insertelement <16 x i8> %v0_10, i8 %l0_11, i64 11
  %g0_12 = getelementptr i8, ptr %p, i64 145
  %l0_12 = load i8, ptr %g0_12, align 1
  %v0_12 = insertelement <16 x i8> %v0_11, i8 %l0_12, i64 12
  %g0_13 = getelementptr i8, ptr %p, i64 149
  %l0_13 = load i8, ptr %g0_13, align 1
  %v0_13 = insertelement <16 x i8> %v0_12, i8 %l0_13, i64 13
  %g0_14 = getelementptr i8, ptr %p, i64 153
  %l0_14 = load i8, ptr %g0_14, align 1
  %v0_14 = insertelement <16 x i8> %v0_13, i8 %l0_14, i64 14
  %g0_15 = getelementptr i8, ptr %p, i64 157
  %l0_15 = load i8, ptr %g0_15, align 1
  %v0_15 = insertelement <16 x i8> %v0_14, i8 %l0_15, i64 15
  %g1_0 = getelementptr i8, ptr %p, i64 68
  %l1_0 = load i8, ptr %g1_0, align 1
  %v1_0 = insertelement <16 x i8> poison, i8 %l1_0, i64 0
  %g1_1 = getelementptr i8, ptr %p, i64 71
  %l1_1 = load i8, ptr %g1_1, align 1
  %v1_1 = insertelement <16 x i8> %v1_0, i8 %l1_1, i64 1
  %g1_2 = getelementptr i8, ptr %p, i64 74
  %l1_2 = load i8, ptr %g1_2, align 1
  %v1_2 = insertelement <16 x i8> %v1_1, i8 %l1_2, i64 2
  %g1_3 = getelementptr i8, ptr %p, i64 77
  %l1_3 = load i8, ptr %g1_3, align 1
  %v1_3 = insertelement <16 x i8> %v1_2, i8 %l1_3, i64 3
  %g1_4 = getelementptr i8, ptr %p, i64 80
  %l1_4 = load i8, ptr %g1_4, align 1
  %v1_4 = insertelement <16 x i8> %v1_3, i8 %l1_4, i64 4
  %g1_5 = getelementptr i8, ptr %p, i64 83
  %l1_5 = load i8, ptr %g1_5, align 1
  %v1_5 = insertelement <16 x i8> %v1_4, i8 %l1_5, i64 5
  %g1_6 = getelementptr i8, ptr %p, i64 86
  %l1_6 = load i8, ptr %g1_6, align 1
  %v1_6 = insertelement <16 x i8> %v1_5, i8 %l1_6, i64 6
  %g1_7 = getelementptr i8, ptr %p, i64 89
  %l1_7 = load i8, ptr %g1_7, align 1
  %v1_7 = insertelement <16 x i8> %v1_6, i8 %l1_7, i64 7
  %g1_8 = getelementptr i8, ptr %p, i64 92
  %l1_8 = load i8, ptr %g1_8, align 1
  %v1_8 = insertelement <16 x i8> %v1_7, i8 %l1_8, i64 8
  %g1_9 = getelementptr i8, ptr %p, i64 95
  %l1_9 = load i8, ptr %g1_9, align 1
  %v1_9 = insertelement <16 x i8> %v1_8, i8 %l1_9, i64 9
  %g1_10 = getelementptr i8, ptr %p, i64 98
  %l1_10 = load i8, ptr %g1_10, align 1
  %v1_10 = insertelement <16 x i8> %v1_9, i8 %l1_10, i64 10
  %v1_11 = insertelement <16 x i8> %v1_10, i8 %l0_1, i64 11
  %g1_12 = getelementptr i8, ptr %p, i64 104
  %l1_12 = load i8, ptr %g1_12, align 1
  %v1_12 = insertelement <16 x i8> %v1_11, i8 %l1_12, i64 12
  %g1_13 = getelementptr i8, ptr %p, i64 107
  %l1_13 = load i8, ptr %g1_13, align 1
  %v1_13 = insertelement <16 x i8> %v1_12, i8 %l1_13, i64 13
  %g1_14 = getelementptr i8, ptr %p, i64 110
  %l1_14 = load i8, ptr %g1_14, align 1
  %v1_14 = insertelement <16 x i8> %v1_13, i8 %l1_14, i64 14
  %v1_15 = insertelement <16 x i8> %v1_14, i8 %l0_4, i64 15
  %e = shufflevector <16 x i8> %v0_14, <16 x i8> %v1_14, <16 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14, i32 16, i32 18, i32 20, i32 22, i32 24, i32 26, i32 28, i32 30>
  %d = shufflevector <16 x i8> %v0_15, <16 x i8> %v1_15, <16 x i32> <i32 1, i32 3, i32 5, i32 7, i32 9, i32 11, i32 13, i32 15, i32 17, i32 19, i32 21, i32 23, i32 25, i32 27, i32 29, i32 31>
  store <16 x i8> %e, ptr %o, align 1
  %o1 = getelementptr i8, ptr %o, i64 16
  store <16 x i8> %d, ptr %o1, align 1
  ret void
}

attributes #0 = { "target-cpu"="x86-64-v3" }
