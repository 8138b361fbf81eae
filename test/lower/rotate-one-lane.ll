; A rotate of one wide lane is a scalar `llvm.fshr`, not a vector one: LLVM 22's RISC-V
; backend compiles this function's `<1 x i32>` fshr (its lane moved to a scalar register
; and splat) to `vmv.x.s; srli 24` alone, losing the left half of the rotate
; (differential seed 350001 on sifive-x280), and the same for the `<1 x i32>` fshl that
; InstCombine makes of shifts. As a scalar it is `roriw`, also after InstCombine.
; REQUIRES: riscv-registered-target, x86-registered-target
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<canon-always;lower-always>' -S %s | FileCheck %s
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<canon-always;lower-always>' -S %s | %llc -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 | FileCheck %s --check-prefix=ASM
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<canon-always;lower-always>,instcombine' -S %s | %llc -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 | FileCheck %s --check-prefix=ASM
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<canon-always;lower-always>' -S %s | FileCheck %s --check-prefix=WIDE

; CHECK-LABEL: @rotate_one_lane(
; CHECK:         %1 = freeze <4 x i8> %p0
; CHECK-NEXT:    %2 = bitcast <4 x i8> %1 to <1 x i32>
; CHECK-NEXT:    %3 = bitcast <1 x i32> %2 to i32
; CHECK-NEXT:    %4 = call i32 @llvm.fshr.i32(i32 %3, i32 %3, i32 24)
; CHECK-NEXT:    %5 = bitcast i32 %4 to <1 x i32>
; CHECK-NOT:     fshr.v1
; ASM-LABEL:   rotate_one_lane:
; ASM:           roriw
; ASM-NOT:       srli
define <12 x i32> @rotate_one_lane(<4 x i8> %p0) {
  %v0 = shufflevector <4 x i8> %p0, <4 x i8> zeroinitializer, <4 x i32> <i32 3, i32 0, i32 1, i32 2>
  %v1 = shufflevector <16 x i32> zeroinitializer, <16 x i32> zeroinitializer, <12 x i32> <i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 4>
  %v2 = bitcast <4 x i8> %v0 to <1 x i32>
  %v3 = shufflevector <1 x i32> %v2, <1 x i32> zeroinitializer, <12 x i32> <i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 0>
  %v4 = shufflevector <12 x i32> %v1, <12 x i32> %v3, <12 x i32> <i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 11, i32 23>
  ret <12 x i32> %v4
}

; Two lanes or more stay `llvm.fshr`.
; CHECK-LABEL: @rotate_two_lanes(
; WIDE-LABEL: @rotate_two_lanes(
; WIDE:         call <2 x i32> @llvm.fshr.v2i32(
define <8 x i8> @rotate_two_lanes(<8 x i8> %x) {
  %s = shufflevector <8 x i8> %x, <8 x i8> poison, <8 x i32> <i32 3, i32 0, i32 1, i32 2, i32 7, i32 4, i32 5, i32 6>
  ret <8 x i8> %s
}
