; The canonical form keeps a select a select (pass::worth_applying): pointing the
; lanes read from a splat constant at its first lane turns a blend into a two-source
; permute, which TTI prices per register as cheap and `llc` does not. Here a
; `<64 x i16>` select with a splat constant with poison elements (what InstCombine
; leaves), on neoverse-n1: the guard for splats wider than a register did not apply,
; since completing the splat was among the rules; the function went from 14
; instructions to 16, and in a random program 40 to 67 (found by a helper's hunt).
; REQUIRES: aarch64-registered-target
; RUN: %opt -passes=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; RUN: %opt -passes=shuffle-lib -S %s | %FileCheck %s --check-prefix=IR
; RUN: %opt -passes=shuffle-lib -S %s | %llc -o /dev/null

; REMARK: canonical form not applied: mask <0,65,2,67,{{.*}} (a select no more: not applied)
; IR-LABEL: @f(
; IR:         shufflevector <64 x i16> %s, <64 x i16> {{.*}}, <64 x i32> <i32 0, i32 65, i32 2, i32 67,

target triple = "aarch64-unknown-linux-gnu"

; A 64 x i16 select-shuffle with a splat constant with poison elements; only two i64 of it are read.
define void @f(ptr %p, ptr %o) #0 {
  %v = load <64 x i16>, ptr %p, align 2
  %s = shufflevector <64 x i16> %v, <64 x i16> poison, <64 x i32> <i32 31, i32 1, i32 27, i32 52, i32 35, i32 23, i32 49, i32 20, i32 9, i32 17, i32 56, i32 16, i32 16, i32 0, i32 0, i32 26, i32 27, i32 21, i32 21, i32 37, i32 40, i32 25, i32 26, i32 23, i32 25, i32 49, i32 38, i32 2, i32 46, i32 53, i32 21, i32 18, i32 33, i32 8, i32 42, i32 38, i32 0, i32 43, i32 8, i32 39, i32 45, i32 39, i32 61, i32 40, i32 23, i32 61, i32 60, i32 22, i32 7, i32 32, i32 2, i32 45, i32 51, i32 2, i32 53, i32 46, i32 48, i32 1, i32 57, i32 5, i32 23, i32 25, i32 15, i32 31>
  %t = shufflevector <64 x i16> %s, <64 x i16> <i16 poison, i16 2, i16 poison, i16 2, i16 poison, i16 poison, i16 2, i16 2, i16 poison, i16 poison, i16 2, i16 poison, i16 poison, i16 poison, i16 poison, i16 2, i16 poison, i16 poison, i16 poison, i16 poison, i16 poison, i16 poison, i16 2, i16 2, i16 2, i16 poison, i16 poison, i16 poison, i16 poison, i16 2, i16 2, i16 poison, i16 2, i16 2, i16 2, i16 poison, i16 poison, i16 poison, i16 poison, i16 poison, i16 poison, i16 2, i16 poison, i16 poison, i16 2, i16 poison, i16 poison, i16 2, i16 poison, i16 2, i16 2, i16 poison, i16 poison, i16 2, i16 poison, i16 poison, i16 2, i16 poison, i16 2, i16 poison, i16 2, i16 poison, i16 2, i16 poison>, <64 x i32> <i32 0, i32 65, i32 2, i32 67, i32 4, i32 5, i32 70, i32 71, i32 8, i32 9, i32 74, i32 11, i32 12, i32 13, i32 14, i32 79, i32 16, i32 17, i32 18, i32 19, i32 20, i32 21, i32 86, i32 87, i32 88, i32 25, i32 26, i32 27, i32 28, i32 93, i32 94, i32 31, i32 96, i32 97, i32 98, i32 35, i32 36, i32 37, i32 38, i32 39, i32 40, i32 105, i32 42, i32 43, i32 108, i32 45, i32 46, i32 111, i32 48, i32 113, i32 114, i32 51, i32 52, i32 117, i32 54, i32 55, i32 120, i32 57, i32 122, i32 59, i32 124, i32 61, i32 126, i32 63>
  %b = bitcast <64 x i16> %t to <16 x i64>
  %e = shufflevector <16 x i64> %b, <16 x i64> poison, <2 x i32> <i32 0, i32 2>
  store <2 x i64> %e, ptr %o, align 8
  ret void
}
attributes #0 = { "target-cpu"="neoverse-n1" }
