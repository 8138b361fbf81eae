; Selection on SSE4.1 (x86-64-v2), where shufps, insertps and the unpacks overwrite their
; first operand: the search counts the register copies that costs (lower::registers)
; and picks the order of operands that needs none. Stock: three instructions for
; <u,0,2,4>; selected: shufps with b as the overwritten operand, then a one-register
; shuffle (described as pshufd; llc prints shufps of one register). The result goes to
; an empty inline asm that takes it in any register, as the measurement does:
; returned, it would pay a copy into xmm0 either way.
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v2 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v2 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v2 | FileCheck %s --check-prefix=ASM
; RUN: %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v2 %s -o - | FileCheck %s --check-prefix=STOCK
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v2 -passes=shuffle-lib -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

; CHECK-LABEL: @odd_pair(
; CHECK-NEXT:    [[T:%.*]] = shufflevector <4 x i32> %b, <4 x i32> %a,
; CHECK:         call <4 x float> @llvm.arithmetic.fence.v4f32(
; CHECK:         %s = shufflevector <4 x i32> {{.*}}, <4 x i32> poison,
; ASM-LABEL: odd_pair:
; ASM:         shufps $32, %xmm0, %xmm1
; ASM-NEXT:    #ARITH_FENCE
; ASM-NEXT:    {{pshufd|shufps}} {{.*}}%xmm1, %xmm1
; ASM-NEXT:    #APP
; STOCK-LABEL: odd_pair:
; STOCK:         pshufd
; STOCK-NEXT:    pshufd
; STOCK-NEXT:    pblendw
; STOCK-NEXT:    #APP
; REMARK: sequence: mask <poison,0,2,4> (llc 3) became shufps(b, a), pshufd(#0) (described 2, llc 2)
define void @odd_pair(<4 x i32> %a, <4 x i32> %b) {
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 poison, i32 0, i32 2, i32 4>
  call void asm sideeffect "", "x"(<4 x i32> %s)
  ret void
}
