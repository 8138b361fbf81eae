; Wide sequences and the lanes around them (a helper's random programs, x86-64-v3):
; * `@pruned`: the last shuffle keeps two lanes of `umax (odd lanes of (zero, lshr),
;   %x)`. For the shuffle the backend computes only those two lanes, which come from
;   the zero operand: the `lshr`, the first shuffle and most of `umax` fold away (8
;   instructions). A `pshufb` sequence freezes its source whole and needed all of it
;   (19). A shuffle reading at most half the lanes of a computation only it reads, with
;   a shuffle up the chain, is left to the backend (`ir::lower::prunes_operand`).
;   The odd-lanes shuffle itself is read only in lanes 0 and 1 (through `umax`):
;   lanes no user reads are free for the search (`ir::demanded`), and with them its
;   lanes are zeros the backend makes alone; before, a `pshufb` sequence built all 16.
; * `@lane_wise_only`: a computation with no shuffle up the chain costs as much on
;   fewer lanes, and the sequence is still taken (as `bench/kernels/permute_one_i32.c`).
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib,verify' -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='default<O3>' -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 | FileCheck %s --check-prefix=ASM

; CHECK-LABEL: @pruned(
; CHECK-NOT: pshuf.b
; CHECK: ret <16 x i32>
; ASM-LABEL: pruned:
; ASM-NOT: vpsrlvd
; ASM-NOT: vpmaxuw
; ASM: retq
define <16 x i32> @pruned(<16 x i16> %x) {
  %s = lshr <16 x i16> splat (i16 1), %x
  %odd = shufflevector <16 x i16> zeroinitializer, <16 x i16> %s, <16 x i32> <i32 1, i32 3, i32 5, i32 7, i32 9, i32 11, i32 13, i32 15, i32 17, i32 19, i32 21, i32 23, i32 25, i32 27, i32 29, i32 31>
  %m = call <16 x i16> @llvm.umax.v16i16(<16 x i16> %odd, <16 x i16> %x)
  %two = shufflevector <16 x i16> %m, <16 x i16> zeroinitializer, <16 x i32> <i32 0, i32 17, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23, i32 1, i32 25, i32 26, i32 27, i32 28, i32 29, i32 30, i32 31>
  %z = zext <16 x i16> %two to <16 x i32>
  ret <16 x i32> %z
}

; CHECK-LABEL: @lane_wise_only(
; CHECK: pshuf.b
; CHECK: ret <16 x i16>
define <16 x i16> @lane_wise_only(<16 x i16> %x) {
  %m = mul <16 x i16> %x, splat (i16 3)
  %two = shufflevector <16 x i16> %m, <16 x i16> zeroinitializer, <16 x i32> <i32 0, i32 17, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23, i32 1, i32 25, i32 26, i32 27, i32 28, i32 29, i32 30, i32 31>
  ret <16 x i16> %two
}

declare <16 x i16> @llvm.umax.v16i16(<16 x i16>, <16 x i16>)
