; A shuffle of a chain of `insertelement`s is measured with the whole chain, also where
; other code reads a prefix of it (ir::lower::measured_operand): as a register input
; the prefix is whole, and a `freeze` of the chain looked free. Here 23 byte loads
; build `%v30` of which the shuffle reads the 16 even lanes, and `%t` reads lane 12 of
; the prefix `%v12` (x86-64-v3): stock inserts 15 bytes (28 instructions). Measured
; from the prefix as a register, `pshufb` + `vpermq` was 2 against 19 and was taken;
; its `freeze` made all 23 built, 56 instructions (found by a helper's hunt). Measured
; with the whole chain it is 44 against 19.
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 | %FileCheck %s --check-prefix=ASM

; REMARK: wide sequence not used: mask <30,28,26,24,22,20,18,16,14,12,10,8,6,4,2,0,30,28,26,24,22,20,18,16,14,12,10,8,6,4,2,0>

; The odd lanes 1..11 and 13 are never loaded: 16 bytes in all, 14 of them inserted.
; ASM-LABEL: f:
; ASM-COUNT-14: vpinsrb
; ASM-NOT:     vpinsrb
; ASM:         retq

define void @f(ptr %p, ptr %o, ptr %o2) {
  %g0 = getelementptr i8, ptr %p, i64 0
  %l0 = load i8, ptr %g0, align 1
  %v0 = insertelement <32 x i8> poison, i8 %l0, i64 0
  %g1 = getelementptr i8, ptr %p, i64 5
  %l1 = load i8, ptr %g1, align 1
  %v1 = insertelement <32 x i8> %v0, i8 %l1, i64 1
  %g2 = getelementptr i8, ptr %p, i64 10
  %l2 = load i8, ptr %g2, align 1
  %v2 = insertelement <32 x i8> %v1, i8 %l2, i64 2
  %g3 = getelementptr i8, ptr %p, i64 15
  %l3 = load i8, ptr %g3, align 1
  %v3 = insertelement <32 x i8> %v2, i8 %l3, i64 3
  %g4 = getelementptr i8, ptr %p, i64 20
  %l4 = load i8, ptr %g4, align 1
  %v4 = insertelement <32 x i8> %v3, i8 %l4, i64 4
  %g5 = getelementptr i8, ptr %p, i64 25
  %l5 = load i8, ptr %g5, align 1
  %v5 = insertelement <32 x i8> %v4, i8 %l5, i64 5
  %g6 = getelementptr i8, ptr %p, i64 30
  %l6 = load i8, ptr %g6, align 1
  %v6 = insertelement <32 x i8> %v5, i8 %l6, i64 6
  %g7 = getelementptr i8, ptr %p, i64 35
  %l7 = load i8, ptr %g7, align 1
  %v7 = insertelement <32 x i8> %v6, i8 %l7, i64 7
  %g8 = getelementptr i8, ptr %p, i64 40
  %l8 = load i8, ptr %g8, align 1
  %v8 = insertelement <32 x i8> %v7, i8 %l8, i64 8
  %g9 = getelementptr i8, ptr %p, i64 45
  %l9 = load i8, ptr %g9, align 1
  %v9 = insertelement <32 x i8> %v8, i8 %l9, i64 9
  %g10 = getelementptr i8, ptr %p, i64 50
  %l10 = load i8, ptr %g10, align 1
  %v10 = insertelement <32 x i8> %v9, i8 %l10, i64 10
  %g11 = getelementptr i8, ptr %p, i64 55
  %l11 = load i8, ptr %g11, align 1
  %v11 = insertelement <32 x i8> %v10, i8 %l11, i64 11
  %g12 = getelementptr i8, ptr %p, i64 60
  %l12 = load i8, ptr %g12, align 1
  %v12 = insertelement <32 x i8> %v11, i8 %l12, i64 12
  %g13 = getelementptr i8, ptr %p, i64 65
  %l13 = load i8, ptr %g13, align 1
  %v13 = insertelement <32 x i8> %v12, i8 %l13, i64 13
  %g14 = getelementptr i8, ptr %p, i64 70
  %l14 = load i8, ptr %g14, align 1
  %v14 = insertelement <32 x i8> %v13, i8 %l14, i64 14
  %g16 = getelementptr i8, ptr %p, i64 80
  %l16 = load i8, ptr %g16, align 1
  %v16 = insertelement <32 x i8> %v14, i8 %l16, i64 16
  %g18 = getelementptr i8, ptr %p, i64 90
  %l18 = load i8, ptr %g18, align 1
  %v18 = insertelement <32 x i8> %v16, i8 %l18, i64 18
  %g20 = getelementptr i8, ptr %p, i64 100
  %l20 = load i8, ptr %g20, align 1
  %v20 = insertelement <32 x i8> %v18, i8 %l20, i64 20
  %g22 = getelementptr i8, ptr %p, i64 110
  %l22 = load i8, ptr %g22, align 1
  %v22 = insertelement <32 x i8> %v20, i8 %l22, i64 22
  %g24 = getelementptr i8, ptr %p, i64 120
  %l24 = load i8, ptr %g24, align 1
  %v24 = insertelement <32 x i8> %v22, i8 %l24, i64 24
  %g26 = getelementptr i8, ptr %p, i64 130
  %l26 = load i8, ptr %g26, align 1
  %v26 = insertelement <32 x i8> %v24, i8 %l26, i64 26
  %g28 = getelementptr i8, ptr %p, i64 140
  %l28 = load i8, ptr %g28, align 1
  %v28 = insertelement <32 x i8> %v26, i8 %l28, i64 28
  %g30 = getelementptr i8, ptr %p, i64 150
  %l30 = load i8, ptr %g30, align 1
  %v30 = insertelement <32 x i8> %v28, i8 %l30, i64 30
  %s = shufflevector <32 x i8> %v30, <32 x i8> poison, <32 x i32> <i32 30, i32 28, i32 26, i32 24, i32 22, i32 20, i32 18, i32 16, i32 14, i32 12, i32 10, i32 8, i32 6, i32 4, i32 2, i32 0, i32 30, i32 28, i32 26, i32 24, i32 22, i32 20, i32 18, i32 16, i32 14, i32 12, i32 10, i32 8, i32 6, i32 4, i32 2, i32 0>
  store <32 x i8> %s, ptr %o, align 1
  %t = shufflevector <32 x i8> %v12, <32 x i8> poison, <32 x i32> <i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12>
  store <32 x i8> %t, ptr %o2, align 1
  ret void
}
