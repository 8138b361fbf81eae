; Selection of wider shuffles on RISC-V V (pass::select_wide over target::wide's RISC-V
; forms), weighed by sifive-x280's scheduling model. The high halves of two registers
; interleaved: stock widens each half (`vzext`), shifts one and merges them under a
; mask, with four `vsetvli`s (13 instructions); selected: both halves slid down and the
; widening interleave (`vwaddu` + `vwmaccu`, 7). Five kept lanes of eight: stock's
; `vcompress` (4 instructions with its mask, weighing 18 by the model) becomes 6
; weighing 7 (5 and 6 before the free lanes of a step were frozen, wide-poison.ll): the even pairs narrowed (`vnsrl`, lanes of a form left undefined above its
; half), a slide down and one up. A
; window of two registers is one slide each way already, and a reversal needs the gather
; (nothing the search reaches without one): both left alone. Without a scheduling
; model (`-mattr=+v`) the instruction count decides, the same way here.
; REQUIRES: riscv-registered-target
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -S %s | %llc -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 | FileCheck %s --check-prefix=ASM
; RUN: %llc -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 %s -o - | FileCheck %s --check-prefix=STOCK
; RUN: %opt -mtriple=riscv64-linux-gnu -mattr=+v -passes=shuffle-lib -S %s | FileCheck %s --check-prefix=NOMODEL
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<no-select>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

; CHECK-LABEL: @zip_high(
; CHECK:         shufflevector <8 x i16> {{%[0-9]+}}, <8 x i16> poison, <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 poison, i32 poison, i32 poison, i32 poison>
; CHECK:         shufflevector <8 x i16> {{%[0-9]+}}, <8 x i16> poison, <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 poison, i32 poison, i32 poison, i32 poison>
; CHECK:         %s = shufflevector <8 x i16> {{.*}}, <8 x i16> {{.*}}, <8 x i32> <i32 0, i32 8, i32 1, i32 9, i32 2, i32 10, i32 3, i32 11>
; ASM-LABEL: zip_high:
; ASM:         vslidedown.vi
; ASM:         vslidedown.vi
; ASM:         vwaddu.vv
; ASM-NEXT:    vwmaccu.vx
; ASM-NEXT:    ret
; STOCK-LABEL: zip_high:
; STOCK:       vzext.vf2
; STOCK:       vmerge.vvm
; NOMODEL-LABEL: @zip_high(
; NOMODEL:       shufflevector <8 x i16> {{%[0-9]+}}, <8 x i16> poison, <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 poison
; OFF-LABEL: @zip_high(
; OFF-NEXT:    %s = shufflevector <8 x i16> %a, <8 x i16> %b
; REMARK: wide sequence: mask <4,12,5,13,6,14,7,15> (llc 13) became vslidedown:16 + vslidedown:16 + vwaddu+vwmaccu:16 (described 7, llc 7)
define <8 x i16> @zip_high(<8 x i16> %a, <8 x i16> %b) {
  %s = shufflevector <8 x i16> %a, <8 x i16> %b, <8 x i32> <i32 4, i32 12, i32 5, i32 13, i32 6, i32 14, i32 7, i32 15>
  ret <8 x i16> %s
}

; CHECK-LABEL: @kept_lanes(
; CHECK:         shufflevector <4 x i32> {{.*}}, <4 x i32> poison, <4 x i32> <i32 0, i32 2, i32 poison, i32 poison>
; CHECK:         shufflevector <8 x i16> {{%[0-9]+}}, <8 x i16> poison, <8 x i32> <i32 6, i32 7, i32 poison
; CHECK:         %s = shufflevector <8 x i16>
; ASM-LABEL: kept_lanes:
; ASM:         vnsrl.wi
; ASM:         vslidedown.vi
; ASM:         vslideup.vi
; ASM-NOT:     vcompress
; ASM:         ret
; STOCK-LABEL: kept_lanes:
; STOCK:       vcompress.vm
; REMARK: wide sequence: mask <0,1,4,6,7,poison,poison,poison> (llc 4 weighing 18) became vnsrl:32 + vslidedown:16 + vslideup:16 (described 5, llc 6 weighing 7)
define <8 x i16> @kept_lanes(<8 x i16> %a) {
  %s = shufflevector <8 x i16> %a, <8 x i16> poison, <8 x i32> <i32 0, i32 1, i32 4, i32 6, i32 7, i32 poison, i32 poison, i32 poison>
  ret <8 x i16> %s
}

; CHECK-LABEL: @window(
; CHECK-NEXT:    %s = shufflevector <8 x i16> %a, <8 x i16> %b, <8 x i32> <i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10>
; CHECK-NEXT:    ret <8 x i16> %s
define <8 x i16> @window(<8 x i16> %a, <8 x i16> %b) {
  %s = shufflevector <8 x i16> %a, <8 x i16> %b, <8 x i32> <i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10>
  ret <8 x i16> %s
}

; CHECK-LABEL: @reverse(
; CHECK-NEXT:    %s = shufflevector <8 x i16> %a, <8 x i16> poison, <8 x i32> <i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
; CHECK-NEXT:    ret <8 x i16> %s
define <8 x i16> @reverse(<8 x i16> %a) {
  %s = shufflevector <8 x i16> %a, <8 x i16> poison, <8 x i32> <i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  ret <8 x i16> %s
}
