; Selection on RISC-V V (see x86.ll), measured by sifive-x280's scheduling model: llc
; reverses four lanes with vid + vrsub + vrgather.vv (a gather costs the x280 12
; cycles for four i32); the search finds pairs swapped as a rotation of i64 by 32, then
; halves swapped by two slides. And <0,0,0,4>, which llc builds from two gathers of one
; lane, a mask and three vsetvli, becomes a splat and one slide. A CPU without a
; scheduling model (rv64 with V alone) counts instructions: the gather stays.
; REQUIRES: riscv-registered-target
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -S %s | %llc -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 | FileCheck %s --check-prefix=ASM
; RUN: %llc -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 %s -o - | FileCheck %s --check-prefix=STOCK
; RUN: %opt -mtriple=riscv64-linux-gnu -mattr=+v -passes=shuffle-lib -S %s | FileCheck %s --check-prefix=COUNTED

; CHECK-LABEL: @reverse(
; CHECK-NEXT:    [[T:%.*]] = shufflevector <4 x i32> %a, <4 x i32> poison, <4 x i32> <i32 1, i32 0, i32 3, i32 2>
; CHECK-NEXT:    [[F:%.*]] = bitcast <4 x i32> [[T]] to <4 x float>
; CHECK-NEXT:    [[G:%.*]] = call <4 x float> @llvm.arithmetic.fence.v4f32(<4 x float> [[F]])
; CHECK-NEXT:    [[I:%.*]] = bitcast <4 x float> [[G]] to <4 x i32>
; CHECK-NEXT:    %s = shufflevector <4 x i32> [[I]], <4 x i32> [[I]], <4 x i32> <i32 2, i32 3, i32 4, i32 5>
; CHECK-NEXT:    ret <4 x i32> %s
; ASM-LABEL: reverse:
; ASM-NOT:     vrgather
; ASM:         vsrl.vx
; ASM:         vslidedown.vi
; ASM:         vslideup.vi
; ASM:         ret
; STOCK-LABEL: reverse:
; STOCK:       vrgather.vv
; COUNTED-LABEL: @reverse(
; COUNTED-NEXT:  %s = shufflevector <4 x i32> %a, <4 x i32> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
; COUNTED-NEXT:  ret <4 x i32> %s
define <4 x i32> @reverse(<4 x i32> %a, <4 x i32> %b) {
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  ret <4 x i32> %s
}

; CHECK-LABEL: @splat_then_slide(
; CHECK-NEXT:    [[T:%.*]] = shufflevector <4 x i32> %a, <4 x i32> poison, <4 x i32> zeroinitializer
; CHECK:         %s = shufflevector <4 x i32> {{.*}}, <4 x i32> %b, <4 x i32> <i32 0, i32 1, i32 2, i32 4>
; ASM-LABEL: splat_then_slide:
; ASM:         vrgather.vi
; ASM-NEXT:    #ARITH_FENCE
; ASM-NEXT:    vslideup.vi
; STOCK-LABEL: splat_then_slide:
; STOCK:       vmv.v.i v0
define <4 x i32> @splat_then_slide(<4 x i32> %a, <4 x i32> %b) {
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 0, i32 0, i32 4>
  ret <4 x i32> %s
}

; One slide llc finds alone is left alone.
; CHECK-LABEL: @slide(
; CHECK-NEXT:    %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 4, i32 5, i32 6>
; CHECK-NEXT:    ret <4 x i32> %s
define <4 x i32> @slide(<4 x i32> %a, <4 x i32> %b) {
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 4, i32 5, i32 6>
  ret <4 x i32> %s
}
