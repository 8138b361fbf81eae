; A build vector in a loop on neoverse-n1: the instance before the vectorizers takes it
; (its tree permutes), and the instance after them selects each permutation as one
; `tbl` with its index loaded before the loop (stock SLP: `rev64` + `uzp2` and `ext` +
; `zip2`, two instructions each). bench/kernels/buildvec_permuted_f32.c.
; REQUIRES: aarch64-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<early>,shuffle-lib' -S %s | FileCheck %s
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<early>,shuffle-lib' -S %s | %llc -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 | FileCheck %s --check-prefix=ASM

; CHECK-LABEL: @products_loop(
; CHECK:         fmul <4 x float>
; CHECK-NOT:     insertelement
; CHECK:         store <4 x float>
; ASM-LABEL: products_loop:
; ASM:         ldr q{{[0-9]+}}, [x{{[0-9]+}}, :lo12:.LCPI0_0]
; ASM:       .LBB0_1:
; ASM:         tbl
; ASM-NEXT:    tbl
; ASM-NEXT:    fmul v{{[0-9]+}}.4s
; ASM-NOT:     rev64
; ASM-NOT:     zip2
; ASM:         ret
define void @products_loop(ptr noalias %in, ptr noalias %out, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %ao = shl i64 %i, 5
  %a = getelementptr inbounds i8, ptr %in, i64 %ao
  %p0 = getelementptr inbounds i8, ptr %a, i64 0
  %a0 = load float, ptr %p0, align 4
  %p1 = getelementptr inbounds i8, ptr %a, i64 4
  %a1 = load float, ptr %p1, align 4
  %p2 = getelementptr inbounds i8, ptr %a, i64 8
  %a2 = load float, ptr %p2, align 4
  %p3 = getelementptr inbounds i8, ptr %a, i64 12
  %a3 = load float, ptr %p3, align 4
  %p4 = getelementptr inbounds i8, ptr %a, i64 16
  %a4 = load float, ptr %p4, align 4
  %p5 = getelementptr inbounds i8, ptr %a, i64 20
  %a5 = load float, ptr %p5, align 4
  %p6 = getelementptr inbounds i8, ptr %a, i64 24
  %a6 = load float, ptr %p6, align 4
  %p7 = getelementptr inbounds i8, ptr %a, i64 28
  %a7 = load float, ptr %p7, align 4
  %m0 = fmul float %a1, %a6
  %m1 = fmul float %a3, %a4
  %m2 = fmul float %a0, %a7
  %m3 = fmul float %a2, %a5
  %v0 = insertelement <4 x float> poison, float %m0, i64 0
  %v1 = insertelement <4 x float> %v0, float %m1, i64 1
  %v2 = insertelement <4 x float> %v1, float %m2, i64 2
  %v3 = insertelement <4 x float> %v2, float %m3, i64 3
  %oo = shl i64 %i, 4
  %o = getelementptr inbounds i8, ptr %out, i64 %oo
  store <4 x float> %v3, ptr %o, align 4
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
