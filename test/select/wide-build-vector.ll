; A shuffle of `insertelement`s only it reads is measured with them, from the scalars
; (ir::lower::measured_inputs): the backend builds a shuffle of a build vector as one
; build, permuted, of only the lanes read. Here the high halves of two `<16 x i16>`
; built from loads, interleaved (x86-64-v3): stock inserts the 16 lanes read straight
; into place (21 instructions). Measured on two registers, `punpckhwd` + `punpcklwd` +
; `vperm2f128` was 3 against 5 and was taken; its fence made both vectors built whole,
; 43 instructions, twice as slow natively (found by a helper's hunt). Measured with the
; inserts it is 63 against 17, and not taken.
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 | %FileCheck %s --check-prefix=ASM

; REMARK: wide sequence not used: mask <8,24,9,25,10,26,11,27,12,28,13,29,14,30,15,31>

; ASM-LABEL: f:
; ASM-NOT:     vperm2f128
; ASM-COUNT-14: vpinsrw
; ASM-NOT:     vpinsrw
; ASM:         retq

define void @f(ptr %p, ptr %o) {
  %ap0 = getelementptr inbounds i16, ptr %p, i64 0
  %al0 = load i16, ptr %ap0
  %a0 = insertelement <16 x i16> poison, i16 %al0, i64 0
  %ap1 = getelementptr inbounds i16, ptr %p, i64 3
  %al1 = load i16, ptr %ap1
  %a1 = insertelement <16 x i16> %a0, i16 %al1, i64 1
  %ap2 = getelementptr inbounds i16, ptr %p, i64 6
  %al2 = load i16, ptr %ap2
  %a2 = insertelement <16 x i16> %a1, i16 %al2, i64 2
  %ap3 = getelementptr inbounds i16, ptr %p, i64 9
  %al3 = load i16, ptr %ap3
  %a3 = insertelement <16 x i16> %a2, i16 %al3, i64 3
  %ap4 = getelementptr inbounds i16, ptr %p, i64 12
  %al4 = load i16, ptr %ap4
  %a4 = insertelement <16 x i16> %a3, i16 %al4, i64 4
  %ap5 = getelementptr inbounds i16, ptr %p, i64 15
  %al5 = load i16, ptr %ap5
  %a5 = insertelement <16 x i16> %a4, i16 %al5, i64 5
  %ap6 = getelementptr inbounds i16, ptr %p, i64 18
  %al6 = load i16, ptr %ap6
  %a6 = insertelement <16 x i16> %a5, i16 %al6, i64 6
  %ap7 = getelementptr inbounds i16, ptr %p, i64 21
  %al7 = load i16, ptr %ap7
  %a7 = insertelement <16 x i16> %a6, i16 %al7, i64 7
  %ap8 = getelementptr inbounds i16, ptr %p, i64 24
  %al8 = load i16, ptr %ap8
  %a8 = insertelement <16 x i16> %a7, i16 %al8, i64 8
  %ap9 = getelementptr inbounds i16, ptr %p, i64 27
  %al9 = load i16, ptr %ap9
  %a9 = insertelement <16 x i16> %a8, i16 %al9, i64 9
  %ap10 = getelementptr inbounds i16, ptr %p, i64 30
  %al10 = load i16, ptr %ap10
  %a10 = insertelement <16 x i16> %a9, i16 %al10, i64 10
  %ap11 = getelementptr inbounds i16, ptr %p, i64 33
  %al11 = load i16, ptr %ap11
  %a11 = insertelement <16 x i16> %a10, i16 %al11, i64 11
  %ap12 = getelementptr inbounds i16, ptr %p, i64 36
  %al12 = load i16, ptr %ap12
  %a12 = insertelement <16 x i16> %a11, i16 %al12, i64 12
  %ap13 = getelementptr inbounds i16, ptr %p, i64 39
  %al13 = load i16, ptr %ap13
  %a13 = insertelement <16 x i16> %a12, i16 %al13, i64 13
  %ap14 = getelementptr inbounds i16, ptr %p, i64 42
  %al14 = load i16, ptr %ap14
  %a14 = insertelement <16 x i16> %a13, i16 %al14, i64 14
  %ap15 = getelementptr inbounds i16, ptr %p, i64 45
  %al15 = load i16, ptr %ap15
  %a15 = insertelement <16 x i16> %a14, i16 %al15, i64 15
  %bp0 = getelementptr inbounds i16, ptr %p, i64 100
  %bl0 = load i16, ptr %bp0
  %b0 = insertelement <16 x i16> poison, i16 %bl0, i64 0
  %bp1 = getelementptr inbounds i16, ptr %p, i64 105
  %bl1 = load i16, ptr %bp1
  %b1 = insertelement <16 x i16> %b0, i16 %bl1, i64 1
  %bp2 = getelementptr inbounds i16, ptr %p, i64 110
  %bl2 = load i16, ptr %bp2
  %b2 = insertelement <16 x i16> %b1, i16 %bl2, i64 2
  %bp3 = getelementptr inbounds i16, ptr %p, i64 115
  %bl3 = load i16, ptr %bp3
  %b3 = insertelement <16 x i16> %b2, i16 %bl3, i64 3
  %bp4 = getelementptr inbounds i16, ptr %p, i64 120
  %bl4 = load i16, ptr %bp4
  %b4 = insertelement <16 x i16> %b3, i16 %bl4, i64 4
  %bp5 = getelementptr inbounds i16, ptr %p, i64 125
  %bl5 = load i16, ptr %bp5
  %b5 = insertelement <16 x i16> %b4, i16 %bl5, i64 5
  %bp6 = getelementptr inbounds i16, ptr %p, i64 130
  %bl6 = load i16, ptr %bp6
  %b6 = insertelement <16 x i16> %b5, i16 %bl6, i64 6
  %bp7 = getelementptr inbounds i16, ptr %p, i64 135
  %bl7 = load i16, ptr %bp7
  %b7 = insertelement <16 x i16> %b6, i16 %bl7, i64 7
  %bp8 = getelementptr inbounds i16, ptr %p, i64 140
  %bl8 = load i16, ptr %bp8
  %b8 = insertelement <16 x i16> %b7, i16 %bl8, i64 8
  %bp9 = getelementptr inbounds i16, ptr %p, i64 145
  %bl9 = load i16, ptr %bp9
  %b9 = insertelement <16 x i16> %b8, i16 %bl9, i64 9
  %bp10 = getelementptr inbounds i16, ptr %p, i64 150
  %bl10 = load i16, ptr %bp10
  %b10 = insertelement <16 x i16> %b9, i16 %bl10, i64 10
  %bp11 = getelementptr inbounds i16, ptr %p, i64 155
  %bl11 = load i16, ptr %bp11
  %b11 = insertelement <16 x i16> %b10, i16 %bl11, i64 11
  %bp12 = getelementptr inbounds i16, ptr %p, i64 160
  %bl12 = load i16, ptr %bp12
  %b12 = insertelement <16 x i16> %b11, i16 %bl12, i64 12
  %bp13 = getelementptr inbounds i16, ptr %p, i64 165
  %bl13 = load i16, ptr %bp13
  %b13 = insertelement <16 x i16> %b12, i16 %bl13, i64 13
  %bp14 = getelementptr inbounds i16, ptr %p, i64 170
  %bl14 = load i16, ptr %bp14
  %b14 = insertelement <16 x i16> %b13, i16 %bl14, i64 14
  %bp15 = getelementptr inbounds i16, ptr %p, i64 175
  %bl15 = load i16, ptr %bp15
  %b15 = insertelement <16 x i16> %b14, i16 %bl15, i64 15
  %s = shufflevector <16 x i16> %a15, <16 x i16> %b15, <16 x i32> <i32 8,i32 24,i32 9,i32 25,i32 10,i32 26,i32 11,i32 27,i32 12,i32 28,i32 13,i32 29,i32 14,i32 30,i32 15,i32 31>
  store <16 x i16> %s, ptr %o
  ret void
}
