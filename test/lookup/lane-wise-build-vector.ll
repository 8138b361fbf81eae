; A shuffle of a lane-wise operation on a build vector, which only it reads, is measured
; with the operation and the build (ir::lower::measured_inputs looks through up to two
; lane-wise operations): the backend builds only the lanes its users read. Here the
; shuffle reads lane 0 of `ashr %la, (and (build vector of 16 loads), 15)`; stock loads
; one of the 16 scalars. Measured on registers, a `tbl3` was 7 instructions against 10
; and was taken, and then all 16 scalars were loaded: neoverse-n1 26 -> 37 instructions
; (found by a helper's hunt). Measured with the build, the `tbl3` is 27 against 16.
; REQUIRES: aarch64-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | %llc -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 | %FileCheck %s --check-prefix=ASM

; REMARK: tables not used: mask <0,poison,17,31,20,poison,27,27,poison,poison,20,poison,poison,26,24,20>

; The build vector's lanes other than lane 0 are never loaded: no `ld1 { v.h }[lane]`.
; ASM-LABEL: f:
; ASM-NOT:     ld1
; ASM:         ret

define void @f(ptr %a, ptr %q, ptr %b, ptr %c, ptr %o) {
  %la = load <16 x i16>, ptr %a, align 2
  %g0 = getelementptr i16, ptr %q, i64 0
  %l0 = load i16, ptr %g0, align 2
  %v0 = insertelement <16 x i16> poison, i16 %l0, i64 0
  %g1 = getelementptr i16, ptr %q, i64 -2
  %l1 = load i16, ptr %g1, align 2
  %v1 = insertelement <16 x i16> %v0, i16 %l1, i64 1
  %g2 = getelementptr i16, ptr %q, i64 -4
  %l2 = load i16, ptr %g2, align 2
  %v2 = insertelement <16 x i16> %v1, i16 %l2, i64 2
  %g3 = getelementptr i16, ptr %q, i64 -6
  %l3 = load i16, ptr %g3, align 2
  %v3 = insertelement <16 x i16> %v2, i16 %l3, i64 3
  %g4 = getelementptr i16, ptr %q, i64 -8
  %l4 = load i16, ptr %g4, align 2
  %v4 = insertelement <16 x i16> %v3, i16 %l4, i64 4
  %g5 = getelementptr i16, ptr %q, i64 -10
  %l5 = load i16, ptr %g5, align 2
  %v5 = insertelement <16 x i16> %v4, i16 %l5, i64 5
  %g6 = getelementptr i16, ptr %q, i64 -12
  %l6 = load i16, ptr %g6, align 2
  %v6 = insertelement <16 x i16> %v5, i16 %l6, i64 6
  %g7 = getelementptr i16, ptr %q, i64 -14
  %l7 = load i16, ptr %g7, align 2
  %v7 = insertelement <16 x i16> %v6, i16 %l7, i64 7
  %g8 = getelementptr i16, ptr %q, i64 -16
  %l8 = load i16, ptr %g8, align 2
  %v8 = insertelement <16 x i16> %v7, i16 %l8, i64 8
  %g9 = getelementptr i16, ptr %q, i64 -18
  %l9 = load i16, ptr %g9, align 2
  %v9 = insertelement <16 x i16> %v8, i16 %l9, i64 9
  %g10 = getelementptr i16, ptr %q, i64 -20
  %l10 = load i16, ptr %g10, align 2
  %v10 = insertelement <16 x i16> %v9, i16 %l10, i64 10
  %g11 = getelementptr i16, ptr %q, i64 -22
  %l11 = load i16, ptr %g11, align 2
  %v11 = insertelement <16 x i16> %v10, i16 %l11, i64 11
  %g12 = getelementptr i16, ptr %q, i64 -24
  %l12 = load i16, ptr %g12, align 2
  %v12 = insertelement <16 x i16> %v11, i16 %l12, i64 12
  %g13 = getelementptr i16, ptr %q, i64 -26
  %l13 = load i16, ptr %g13, align 2
  %v13 = insertelement <16 x i16> %v12, i16 %l13, i64 13
  %g14 = getelementptr i16, ptr %q, i64 -28
  %l14 = load i16, ptr %g14, align 2
  %v14 = insertelement <16 x i16> %v13, i16 %l14, i64 14
  %g15 = getelementptr i16, ptr %q, i64 -30
  %l15 = load i16, ptr %g15, align 2
  %v15 = insertelement <16 x i16> %v14, i16 %l15, i64 15
  %amt = and <16 x i16> %v15, splat (i16 15)
  %x = ashr <16 x i16> %la, %amt
  %lb = load <16 x i16>, ptr %b, align 2
  %lc = load <16 x i16>, ptr %c, align 2
  %amt2 = and <16 x i16> %lc, splat (i16 15)
  %y = ashr <16 x i16> %lb, %amt2
  %s = shufflevector <16 x i16> %x, <16 x i16> %y, <16 x i32> <i32 0, i32 poison, i32 17, i32 31, i32 20, i32 poison, i32 27, i32 27, i32 poison, i32 poison, i32 20, i32 poison, i32 poison, i32 26, i32 24, i32 20>
  store <16 x i16> %s, ptr %o, align 2
  ret void
}
