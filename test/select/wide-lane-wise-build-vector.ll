; A shuffle of a lane-wise operation on build vectors, which only it reads, is measured
; with the operation and the builds (ir::lower::measured_inputs): the backend builds
; only the lanes its users read. Here the shuffle reads lanes 2 and 3 of `lshr` of one
; build vector of 8 loads by another (x86-64-v3): stock loads 4 scalars (16
; instructions). Measured on registers, `pshuflw` + `palignr` + `punpckl` was 3
; against 5 and was taken; its `freeze` made both vectors built whole, 30 instructions
; (found by a helper's hunt). Measured with the builds it is 26 against 14.
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 | %FileCheck %s --check-prefix=ASM

; REMARK: wide sequence not used: mask <poison,9,2,10,3,poison,poison,12>

; Only lanes 2 and 3 of each build vector are loaded.
; ASM-LABEL: f:
; ASM-COUNT-4: vpinsrw
; ASM-NOT:     vpinsrw
; ASM:         retq

define void @f(ptr %p, ptr %q, ptr %r, ptr %o) {
  %ag0 = getelementptr i16, ptr %p, i64 0
  %al0 = load i16, ptr %ag0, align 2
  %a0 = insertelement <8 x i16> poison, i16 %al0, i64 0
  %ag1 = getelementptr i16, ptr %p, i64 3
  %al1 = load i16, ptr %ag1, align 2
  %a1 = insertelement <8 x i16> %a0, i16 %al1, i64 1
  %ag2 = getelementptr i16, ptr %p, i64 6
  %al2 = load i16, ptr %ag2, align 2
  %a2 = insertelement <8 x i16> %a1, i16 %al2, i64 2
  %ag3 = getelementptr i16, ptr %p, i64 9
  %al3 = load i16, ptr %ag3, align 2
  %a3 = insertelement <8 x i16> %a2, i16 %al3, i64 3
  %ag4 = getelementptr i16, ptr %p, i64 12
  %al4 = load i16, ptr %ag4, align 2
  %a4 = insertelement <8 x i16> %a3, i16 %al4, i64 4
  %ag5 = getelementptr i16, ptr %p, i64 15
  %al5 = load i16, ptr %ag5, align 2
  %a5 = insertelement <8 x i16> %a4, i16 %al5, i64 5
  %ag6 = getelementptr i16, ptr %p, i64 18
  %al6 = load i16, ptr %ag6, align 2
  %a6 = insertelement <8 x i16> %a5, i16 %al6, i64 6
  %ag7 = getelementptr i16, ptr %p, i64 21
  %al7 = load i16, ptr %ag7, align 2
  %a7 = insertelement <8 x i16> %a6, i16 %al7, i64 7
  %bg0 = getelementptr i16, ptr %q, i64 0
  %bl0 = load i16, ptr %bg0, align 2
  %b0 = insertelement <8 x i16> poison, i16 %bl0, i64 0
  %bg1 = getelementptr i16, ptr %q, i64 3
  %bl1 = load i16, ptr %bg1, align 2
  %b1 = insertelement <8 x i16> %b0, i16 %bl1, i64 1
  %bg2 = getelementptr i16, ptr %q, i64 6
  %bl2 = load i16, ptr %bg2, align 2
  %b2 = insertelement <8 x i16> %b1, i16 %bl2, i64 2
  %bg3 = getelementptr i16, ptr %q, i64 9
  %bl3 = load i16, ptr %bg3, align 2
  %b3 = insertelement <8 x i16> %b2, i16 %bl3, i64 3
  %bg4 = getelementptr i16, ptr %q, i64 12
  %bl4 = load i16, ptr %bg4, align 2
  %b4 = insertelement <8 x i16> %b3, i16 %bl4, i64 4
  %bg5 = getelementptr i16, ptr %q, i64 15
  %bl5 = load i16, ptr %bg5, align 2
  %b5 = insertelement <8 x i16> %b4, i16 %bl5, i64 5
  %bg6 = getelementptr i16, ptr %q, i64 18
  %bl6 = load i16, ptr %bg6, align 2
  %b6 = insertelement <8 x i16> %b5, i16 %bl6, i64 6
  %bg7 = getelementptr i16, ptr %q, i64 21
  %bl7 = load i16, ptr %bg7, align 2
  %b7 = insertelement <8 x i16> %b6, i16 %bl7, i64 7
  %amt = and <8 x i16> %b7, splat (i16 15)
  %x = lshr <8 x i16> %a7, %amt
  %y = load <8 x i16>, ptr %r, align 2
  %s = shufflevector <8 x i16> %x, <8 x i16> %y, <8 x i32> <i32 poison, i32 9, i32 2, i32 10, i32 3, i32 poison, i32 poison, i32 12>
  store <8 x i16> %s, ptr %o, align 2
  ret void
}
