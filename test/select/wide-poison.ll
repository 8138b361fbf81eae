; Wide sequences keep poison in its lanes (found by a helper's hunt, 2026-11-27):
; * a step's free lanes were poison and the fence after it reads the register as
;   `float`s, so a free `i16` lane poisoned the lane beside it, one a later step reads
;   (RISC-V V, a defined lane of the result became poison): a step's free lanes are
;   now frozen before the fence;
; * a step on elements wider than the shuffle's (x86's `vpermq` after a byte `pshufb`)
;   made a poison byte of the operand poison seven bytes beside it: a sequence of more
;   than one step, or one on wider elements, now reads its operands frozen;
; * a lane read from an `undef` operand was a free lane, which a sequence may leave
;   poison: it is now read from the operand (here no sequence beats the backend then).
; REQUIRES: riscv-registered-target, x86-registered-target
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib,verify' -S %s | FileCheck %s --check-prefix=RV
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib,verify' -S %s | FileCheck %s --check-prefix=V3

; RV-LABEL: @free_lane_beside_a_read_one(
; RV:         [[A:%.*]] = freeze <8 x i16> %a
; RV:         [[S:%.*]] = shufflevector <8 x i16> [[A]], <8 x i16> poison, <8 x i32> <i32 7, i32 poison,
; RV-NEXT:    [[F:%.*]] = freeze <8 x i16> [[S]]
; RV-NEXT:    bitcast <8 x i16> [[F]] to <4 x float>
define <8 x i16> @free_lane_beside_a_read_one(<8 x i16> %a) {
  %s = shufflevector <8 x i16> %a, <8 x i16> poison, <8 x i32> <i32 2, i32 7, i32 3, i32 poison, i32 2, i32 poison, i32 3, i32 poison>
  ret <8 x i16> %s
}

; A step reading a `poison` operand (the second, dropped as the first's twin) to fill
; free lanes beside read ones: the operand is frozen too.
; RV-LABEL: @poison_operand_read_as_filler(
; RV:         freeze <8 x i16> poison
define <8 x i16> @poison_operand_read_as_filler(<8 x i16> %a) {
  %s = shufflevector <8 x i16> %a, <8 x i16> %a, <8 x i32> <i32 poison, i32 0, i32 6, i32 1, i32 4, i32 poison, i32 poison, i32 poison>
  ret <8 x i16> %s
}

; RV-LABEL: @undef_operand(
; RV-NEXT:    %s = shufflevector <8 x i16> %a, <8 x i16> undef
define <8 x i16> @undef_operand(<8 x i16> %a) {
  %s = shufflevector <8 x i16> %a, <8 x i16> undef, <8 x i32> <i32 2, i32 0, i32 3, i32 poison, i32 poison, i32 9, i32 poison, i32 8>
  ret <8 x i16> %s
}

; V3-LABEL: @bytes_then_quads(
; V3-NEXT:    [[A:%.*]] = freeze <32 x i8> %a
; V3:         call <32 x i8> @llvm.x86.avx2.pshuf.b(<32 x i8> [[A]],
; V3:         shufflevector <4 x i64>
define <32 x i8> @bytes_then_quads(<32 x i8> %a) {
  %s = shufflevector <32 x i8> %a, <32 x i8> poison, <32 x i32> <i32 58, i32 26, i32 48, i32 35, i32 poison, i32 40, i32 54, i32 39, i32 61, i32 poison, i32 poison, i32 48, i32 poison, i32 33, i32 poison, i32 40, i32 61, i32 28, i32 poison, i32 49, i32 46, i32 poison, i32 33, i32 25, i32 50, i32 4, i32 52, i32 52, i32 58, i32 poison, i32 43, i32 63>
  ret <32 x i8> %s
}
