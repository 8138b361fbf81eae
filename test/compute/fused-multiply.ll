; A multiply added in even lanes and subtracted in odd ones (fast-math `contract`) is one
; vfmsubadd on x86-64-v3; the shuffle of the fadd and fsub could become one fadd of
; sign-flipped lanes (vxorps and vfmadd: 2). Measured from the product, the tree would
; look like 3 instructions (vaddps, vsubps, a blend) and the rewrite would win; the
; measurement starts from the multiply's operands instead, where the backend fuses it:
; kept. The mirror shape (vfmaddsub) is kept the same way.
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late>' -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 | FileCheck %s --check-prefix=ASM
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late>' -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=MISSED

; ASM-LABEL: subadd:
; ASM:         # %bb.0:
; ASM-NEXT:    vfmsubadd213ps
; ASM-NEXT:    retq
; MISSED: remark: {{.*}}through compute: kept a shuffle of 2 operations and 1 shuffles (llc [[N:[0-9]+]]): as one fadd of sign-flipped lanes, 0 shuffles compile to [[N]]
define <8 x float> @subadd(<8 x float> %a, <8 x float> %b, <8 x float> %c) {
  %p = fmul contract <8 x float> %a, %b
  %s = fadd contract <8 x float> %p, %c
  %d = fsub contract <8 x float> %p, %c
  %r = shufflevector <8 x float> %s, <8 x float> %d, <8 x i32> <i32 0, i32 9, i32 2, i32 11, i32 4, i32 13, i32 6, i32 15>
  ret <8 x float> %r
}

; ASM-LABEL: addsub:
; ASM:         # %bb.0:
; ASM-NEXT:    vfmaddsub213ps
; ASM-NEXT:    retq
define <8 x float> @addsub(<8 x float> %a, <8 x float> %b, <8 x float> %c) {
  %p = fmul contract <8 x float> %a, %b
  %s = fadd contract <8 x float> %p, %c
  %d = fsub contract <8 x float> %p, %c
  %r = shufflevector <8 x float> %d, <8 x float> %s, <8 x i32> <i32 0, i32 9, i32 2, i32 11, i32 4, i32 13, i32 6, i32 15>
  ret <8 x float> %r
}
