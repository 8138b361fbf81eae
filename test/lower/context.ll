; The lowering leaves a shuffle in its context: one that reads or feeds another shuffle
; is left for the chain to be composed (InstCombine merges chains; a lowered link would
; stop it), and shuffles of one source are lowered all or none (the backend shares work
; between them). It runs in the late instance only (default<O3>'s VectorizerEnd).
; REQUIRES: riscv-registered-target
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<early>' -S %s | FileCheck %s --check-prefix=EARLY

; CHECK-LABEL: @chain(
; CHECK-NEXT:    %a = shufflevector
; CHECK-NEXT:    %s = shufflevector
define <16 x i8> @chain(<16 x i8> %x) {
  %a = shufflevector <16 x i8> %x, <16 x i8> poison, <16 x i32> <i32 15, i32 14, i32 13, i32 12, i32 11, i32 10, i32 9, i32 8, i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  %s = shufflevector <16 x i8> %a, <16 x i8> zeroinitializer, <16 x i32> <i32 0, i32 16, i32 1, i32 17, i32 2, i32 18, i32 3, i32 19, i32 4, i32 20, i32 5, i32 21, i32 6, i32 22, i32 7, i32 23>
  ret <16 x i8> %s
}

; Both halves zero-extended: both lowered.
; CHECK-LABEL: @both_halves(
; CHECK-NOT:     shufflevector <16 x i8> %x
; CHECK:         zext <8 x i8>
; CHECK:         zext <8 x i8>
; EARLY-LABEL: @both_halves(
; EARLY-NEXT:    shufflevector <16 x i8> %x
define void @both_halves(<16 x i8> %x, ptr %p, ptr %q) {
  %lo = shufflevector <16 x i8> %x, <16 x i8> zeroinitializer, <16 x i32> <i32 0, i32 16, i32 1, i32 17, i32 2, i32 18, i32 3, i32 19, i32 4, i32 20, i32 5, i32 21, i32 6, i32 22, i32 7, i32 23>
  %hi = shufflevector <16 x i8> %x, <16 x i8> zeroinitializer, <16 x i32> <i32 8, i32 16, i32 9, i32 17, i32 10, i32 18, i32 11, i32 19, i32 12, i32 20, i32 13, i32 21, i32 14, i32 22, i32 15, i32 23>
  store <16 x i8> %lo, ptr %p
  store <16 x i8> %hi, ptr %q
  ret void
}

; A sibling no recipe fits (a reverse): neither is lowered.
; CHECK-LABEL: @one_of_two(
; CHECK-NEXT:    %lo = shufflevector
; CHECK-NEXT:    %rev = shufflevector
define void @one_of_two(<16 x i8> %x, ptr %p, ptr %q) {
  %lo = shufflevector <16 x i8> %x, <16 x i8> zeroinitializer, <16 x i32> <i32 0, i32 16, i32 1, i32 17, i32 2, i32 18, i32 3, i32 19, i32 4, i32 20, i32 5, i32 21, i32 6, i32 22, i32 7, i32 23>
  %rev = shufflevector <16 x i8> %x, <16 x i8> poison, <16 x i32> <i32 15, i32 14, i32 13, i32 12, i32 11, i32 10, i32 9, i32 8, i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  store <16 x i8> %lo, ptr %p
  store <16 x i8> %rev, ptr %q
  ret void
}
