; A shuffle whose every lane read is a constant, through shuffles, bitcasts and
; lane-wise operations, is left to the backend (ir::lower::reads_only_constants), which
; folds it and what computes those lanes away; a recipe's `freeze` hides that. Found by
; a helper's hunt: a RISC-V deinterleave of halves made from constants was 4
; instructions stock, 18 as `freeze`, `lshr`, `trunc`.
; REQUIRES: riscv-registered-target
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -S %s | %FileCheck %s
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -S %s | %llc -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -o /dev/null

; Halves 2, 6, 10 and 14 are in float lanes 1, 3, 5 and 7, which `%c` takes from the
; constant and `fcmp`/`select` keep constant.
; CHECK-LABEL: @constants(
; CHECK:         %d = shufflevector <16 x half> %b, <16 x half> poison, <4 x i32> <i32 2, i32 6, i32 10, i32 14>
; CHECK-NOT:     freeze
; CHECK:         ret void
define void @constants(ptr %p, ptr %o) {
  %a = load <8 x float>, ptr %p, align 4
  %s = fadd <8 x float> %a, %a
  %c = shufflevector <8 x float> %s, <8 x float> <float poison, float 2.5e-01, float poison, float 0.0, float poison, float 0.0, float poison, float 8.0>, <8 x i32> <i32 0, i32 9, i32 2, i32 11, i32 4, i32 13, i32 6, i32 15>
  %k = fcmp ord <8 x float> %c, zeroinitializer
  %v = select <8 x i1> %k, <8 x float> %c, <8 x float> zeroinitializer
  %b = bitcast <8 x float> %v to <16 x half>
  %d = shufflevector <16 x half> %b, <16 x half> poison, <4 x i32> <i32 2, i32 6, i32 10, i32 14>
  store <4 x half> %d, ptr %o, align 2
  ret void
}

; Control: float lane 1 is computed (`%c` takes lane 1 of `%s`), and the deinterleave
; becomes the recipe.
; CHECK-LABEL: @one_computed(
; CHECK:         freeze
; CHECK:         lshr <4 x i64>
; CHECK:         ret void
define void @one_computed(ptr %p, ptr %o) {
  %a = load <8 x float>, ptr %p, align 4
  %s = fadd <8 x float> %a, %a
  %c = shufflevector <8 x float> %s, <8 x float> <float poison, float 2.5e-01, float poison, float 0.0, float poison, float 0.0, float poison, float 8.0>, <8 x i32> <i32 0, i32 1, i32 2, i32 11, i32 4, i32 13, i32 6, i32 15>
  %k = fcmp ord <8 x float> %c, zeroinitializer
  %v = select <8 x i1> %k, <8 x float> %c, <8 x float> zeroinitializer
  %b = bitcast <8 x float> %v to <16 x half>
  %d = shufflevector <16 x half> %b, <16 x half> poison, <4 x i32> <i32 2, i32 6, i32 10, i32 14>
  store <4 x half> %d, ptr %o, align 2
  ret void
}
