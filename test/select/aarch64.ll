; Selection on AArch64 NEON (see x86.ll): stock llc copies the register and inserts
; lanes one by one; the search finds two lane insertions on the source itself.
; REQUIRES: aarch64-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | %llc -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 | FileCheck %s --check-prefix=ASM
; RUN: %llc -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 %s -o - | FileCheck %s --check-prefix=STOCK

; CHECK-LABEL: @spread_first(
; CHECK-NEXT:    [[T:%.*]] = shufflevector <4 x i32> %a, <4 x i32> %a,
; CHECK-NEXT:    [[F:%.*]] = bitcast <4 x i32> [[T]] to <4 x float>
; CHECK-NEXT:    [[G:%.*]] = call <4 x float> @llvm.arithmetic.fence.v4f32(<4 x float> [[F]])
; CHECK-NEXT:    [[I:%.*]] = bitcast <4 x float> [[G]] to <4 x i32>
; CHECK-NEXT:    %s = shufflevector <4 x i32> [[I]], <4 x i32> [[I]],
; CHECK-NEXT:    ret <4 x i32> %s
; ASM-LABEL: spread_first:
; ASM:         mov v0.s[{{[12]}}], v0.s[0]
; ASM-NEXT:    //ARITH_FENCE
; ASM-NEXT:    mov v0.s[{{[12]}}], v0.s[0]
; ASM-NEXT:    ret
; STOCK-LABEL: spread_first:
; STOCK:         mov v1.16b, v0.16b
; STOCK-NEXT:    mov v1.s[1], v0.s[0]
; STOCK-NEXT:    mov v1.s[2], v0.s[0]
; STOCK-NEXT:    mov v0.16b, v1.16b
define <4 x i32> @spread_first(<4 x i32> %a, <4 x i32> %b) {
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 poison, i32 0, i32 0, i32 3>
  ret <4 x i32> %s
}

; A zip llc finds alone is left alone.
; CHECK-LABEL: @zip(
; CHECK-NEXT:    %s = shufflevector <4 x float> %a, <4 x float> %b, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
define <4 x float> @zip(<4 x float> %a, <4 x float> %b) {
  %s = shufflevector <4 x float> %a, <4 x float> %b, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  ret <4 x float> %s
}
