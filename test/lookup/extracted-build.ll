; No table lookup for a shuffle whose lanes an `extractelement` reads (here through an
; `and`) where those lanes are a constant's or a build vector's (pass::tables::
; extracts_built): the backend folds each such extract to its scalar, and after a
; `tbl` each is a `umov` of its own. Here a shuffle of a build vector and a constant
; is stored whole, and six of its lanes are table indices (neoverse-n1): two `tbl3`
; measured with the store alone were 10 against 11, and in the function 26 -> 36
; instructions, llvm-mca 14.3 -> 17.3 cycles (95 -> 124 in the random program it came
; from; found by a helper's hunt).
; REQUIRES: aarch64-registered-target
; RUN: %opt -passes=shuffle-lib -S %s | %FileCheck %s --check-prefix=IR
; RUN: %opt -passes=shuffle-lib %s | %llc | %FileCheck %s --check-prefix=ASM

; IR-LABEL: @f(
; IR-NOT:     @llvm.aarch64.neon.tbl
; IR:         ret void

; ASM-LABEL: f:
; ASM-NOT:     tbl
; ASM:         ret

target triple = "aarch64-unknown-linux-gnu"
define void @f(ptr %p, ptr %tbl, ptr %o) #0 {
  %x = load i16, ptr %p, align 2
  %v = insertelement <16 x i16> zeroinitializer, i16 %x, i64 9
  %s = shufflevector <16 x i16> %v, <16 x i16> splat (i16 1), <16 x i32> <i32 14, i32 14, i32 22, i32 18, i32 9, i32 5, i32 4, i32 4, i32 5, i32 24, i32 31, i32 7, i32 0, i32 30, i32 0, i32 14>
  %o1 = getelementptr i8, ptr %o, i64 16
  store <16 x i16> %s, ptr %o1, align 1
  %a = and <16 x i16> %s, splat (i16 63)
  %e0 = extractelement <16 x i16> %a, i64 0
  %e1 = extractelement <16 x i16> %a, i64 1
  %e4 = extractelement <16 x i16> %a, i64 4
  %e6 = extractelement <16 x i16> %a, i64 6
  %e9 = extractelement <16 x i16> %a, i64 9
  %e10 = extractelement <16 x i16> %a, i64 10
  %z0 = zext i16 %e0 to i64
  %z1 = zext i16 %e1 to i64
  %z4 = zext i16 %e4 to i64
  %z6 = zext i16 %e6 to i64
  %z9 = zext i16 %e9 to i64
  %z10 = zext i16 %e10 to i64
  %g0 = getelementptr i8, ptr %tbl, i64 %z0
  %g1 = getelementptr i8, ptr %tbl, i64 %z1
  %g4 = getelementptr i8, ptr %tbl, i64 %z4
  %g6 = getelementptr i8, ptr %tbl, i64 %z6
  %g9 = getelementptr i8, ptr %tbl, i64 %z9
  %g10 = getelementptr i8, ptr %tbl, i64 %z10
  %l0 = load i8, ptr %g0, align 1
  %l1 = load i8, ptr %g1, align 1
  %l4 = load i8, ptr %g4, align 1
  %l6 = load i8, ptr %g6, align 1
  %l9 = load i8, ptr %g9, align 1
  %l10 = load i8, ptr %g10, align 1
  %r0 = insertelement <8 x i8> zeroinitializer, i8 %l0, i64 0
  %r1 = insertelement <8 x i8> %r0, i8 %l1, i64 1
  %r2 = insertelement <8 x i8> %r1, i8 %l4, i64 2
  %r3 = insertelement <8 x i8> %r2, i8 %l6, i64 3
  %r4 = insertelement <8 x i8> %r3, i8 %l9, i64 4
  %r5 = insertelement <8 x i8> %r4, i8 %l10, i64 5
  store <8 x i8> %r5, ptr %o, align 1
  ret void
}
attributes #0 = { "target-cpu"="neoverse-n1" }
