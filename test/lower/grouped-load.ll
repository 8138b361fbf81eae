; Deinterleaves of one load on RISC-V V (and AArch64): the backend makes the group one
; interleaved load (`vlseg2e16`), which each shuffle measured alone does not show. A
; recipe for such a shuffle must compile to strictly fewer instructions than it (here
; the even lanes as `trunc` and the odd as `lshr` + `trunc`, 2 instructions each like
; the shuffles alone, became two `vnsrl` where `vlseg2e16` does both): kept. Alone, the
; same shuffle is still measured as before.
; REQUIRES: riscv-registered-target
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -S %s | %llc -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 | FileCheck %s --check-prefix=ASM

; CHECK-LABEL: @max_pairs(
; CHECK:         [[V:%.*]] = load <16 x i16>, ptr %a, align 2
; CHECK-NEXT:    shufflevector <16 x i16> [[V]], <16 x i16> poison, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
; CHECK-NEXT:    shufflevector <16 x i16> [[V]], <16 x i16> poison, <8 x i32> <i32 1, i32 3, i32 5, i32 7, i32 9, i32 11, i32 13, i32 15>
; CHECK-NOT:     trunc
; ASM-LABEL: max_pairs:
; ASM:         vlseg2e16.v
; ASM-NEXT:    vmax.vv
; ASM-NOT:     vnsrl
; ASM:         ret
define void @max_pairs(ptr noalias %a, ptr noalias %out) {
  %v = load <16 x i16>, ptr %a, align 2
  %even = shufflevector <16 x i16> %v, <16 x i16> poison, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
  %odd = shufflevector <16 x i16> %v, <16 x i16> poison, <8 x i32> <i32 1, i32 3, i32 5, i32 7, i32 9, i32 11, i32 13, i32 15>
  %m = call <8 x i16> @llvm.smax.v8i16(<8 x i16> %even, <8 x i16> %odd)
  %s = shufflevector <8 x i16> %m, <8 x i16> poison, <8 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6>
  store <8 x i16> %s, ptr %out, align 2
  ret void
}
