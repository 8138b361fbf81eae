; Networks on x86 with two-register tables (AVX-512's `vpermt2ps`/`vpermi2ps`): such a
; table writes over an operand, the index (which the loop loads once and reuses) or a
; source (which the stage's other register reads too), so a stage of them needs
; copies a measurement of one shuffle does not show. Priced with a copy each, the 8x8
; f32 transpose (three stages written out) on x86-64-v4 is planned as `vunpcklpd` and
; `vshufps` stages with the first loaded half by half, then one stage of pairs as
; `vshufpd` and two blends: llvm-mca 12 cycles a matrix. Priced at one each (the
; previous build), it was 8 `vpermt2ps`/`vpermi2ps` and their copies: 20 cycles
; (stock: 28). Where the copies are not needed (a four-plane interleave), the plan
; without them is the same network and keeps its lower prediction, and where they
; differ both are compiled and the faster taken (`pass::network::rebuild`).
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v4 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v4 | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v4 -passes=shuffle-lib -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

; REMARK: network: 8 <8 x float> shuffles of 8 registers (llc {{[0-9]+}} in {{.*}} cycles) became 4 stages of 8-lane shuffles, 28 in all, the first loaded half by half, pairs as a shuffle and two blends

; CHECK-LABEL: transpose8x8:
; CHECK-NOT:     vpermt2
; CHECK-NOT:     vpermi2
; CHECK:         vinsertf128
; CHECK:         vshufpd
; CHECK:         vblendps
; CHECK:         vshufps
; CHECK-NOT:     vpermt2
; CHECK-NOT:     vpermi2
; CHECK:         retq
define void @transpose8x8(ptr noalias %in, ptr noalias %out, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %off = shl i64 %i, 8
  %p = getelementptr i8, ptr %in, i64 %off
  %q = getelementptr i8, ptr %out, i64 %off
  %pa0 = getelementptr i8, ptr %p, i64 0
  %r0 = load <8 x float>, ptr %pa0, align 1
  %pa1 = getelementptr i8, ptr %p, i64 32
  %r1 = load <8 x float>, ptr %pa1, align 1
  %pa2 = getelementptr i8, ptr %p, i64 64
  %r2 = load <8 x float>, ptr %pa2, align 1
  %pa3 = getelementptr i8, ptr %p, i64 96
  %r3 = load <8 x float>, ptr %pa3, align 1
  %pa4 = getelementptr i8, ptr %p, i64 128
  %r4 = load <8 x float>, ptr %pa4, align 1
  %pa5 = getelementptr i8, ptr %p, i64 160
  %r5 = load <8 x float>, ptr %pa5, align 1
  %pa6 = getelementptr i8, ptr %p, i64 192
  %r6 = load <8 x float>, ptr %pa6, align 1
  %pa7 = getelementptr i8, ptr %p, i64 224
  %r7 = load <8 x float>, ptr %pa7, align 1
  %a0 = shufflevector <8 x float> %r0, <8 x float> %r1, <8 x i32> <i32 0, i32 8, i32 1, i32 9, i32 4, i32 12, i32 5, i32 13>
  %a1 = shufflevector <8 x float> %r0, <8 x float> %r1, <8 x i32> <i32 2, i32 10, i32 3, i32 11, i32 6, i32 14, i32 7, i32 15>
  %a2 = shufflevector <8 x float> %r2, <8 x float> %r3, <8 x i32> <i32 0, i32 8, i32 1, i32 9, i32 4, i32 12, i32 5, i32 13>
  %a3 = shufflevector <8 x float> %r2, <8 x float> %r3, <8 x i32> <i32 2, i32 10, i32 3, i32 11, i32 6, i32 14, i32 7, i32 15>
  %a4 = shufflevector <8 x float> %r4, <8 x float> %r5, <8 x i32> <i32 0, i32 8, i32 1, i32 9, i32 4, i32 12, i32 5, i32 13>
  %a5 = shufflevector <8 x float> %r4, <8 x float> %r5, <8 x i32> <i32 2, i32 10, i32 3, i32 11, i32 6, i32 14, i32 7, i32 15>
  %a6 = shufflevector <8 x float> %r6, <8 x float> %r7, <8 x i32> <i32 0, i32 8, i32 1, i32 9, i32 4, i32 12, i32 5, i32 13>
  %a7 = shufflevector <8 x float> %r6, <8 x float> %r7, <8 x i32> <i32 2, i32 10, i32 3, i32 11, i32 6, i32 14, i32 7, i32 15>
  %b0 = shufflevector <8 x float> %a0, <8 x float> %a2, <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 4, i32 5, i32 12, i32 13>
  %b1 = shufflevector <8 x float> %a0, <8 x float> %a2, <8 x i32> <i32 2, i32 3, i32 10, i32 11, i32 6, i32 7, i32 14, i32 15>
  %b2 = shufflevector <8 x float> %a1, <8 x float> %a3, <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 4, i32 5, i32 12, i32 13>
  %b3 = shufflevector <8 x float> %a1, <8 x float> %a3, <8 x i32> <i32 2, i32 3, i32 10, i32 11, i32 6, i32 7, i32 14, i32 15>
  %b4 = shufflevector <8 x float> %a4, <8 x float> %a6, <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 4, i32 5, i32 12, i32 13>
  %b5 = shufflevector <8 x float> %a4, <8 x float> %a6, <8 x i32> <i32 2, i32 3, i32 10, i32 11, i32 6, i32 7, i32 14, i32 15>
  %b6 = shufflevector <8 x float> %a5, <8 x float> %a7, <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 4, i32 5, i32 12, i32 13>
  %b7 = shufflevector <8 x float> %a5, <8 x float> %a7, <8 x i32> <i32 2, i32 3, i32 10, i32 11, i32 6, i32 7, i32 14, i32 15>
  %c0 = shufflevector <8 x float> %b0, <8 x float> %b4, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  %c4 = shufflevector <8 x float> %b0, <8 x float> %b4, <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 12, i32 13, i32 14, i32 15>
  %c1 = shufflevector <8 x float> %b1, <8 x float> %b5, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  %c5 = shufflevector <8 x float> %b1, <8 x float> %b5, <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 12, i32 13, i32 14, i32 15>
  %c2 = shufflevector <8 x float> %b2, <8 x float> %b6, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  %c6 = shufflevector <8 x float> %b2, <8 x float> %b6, <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 12, i32 13, i32 14, i32 15>
  %c3 = shufflevector <8 x float> %b3, <8 x float> %b7, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  %c7 = shufflevector <8 x float> %b3, <8 x float> %b7, <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 12, i32 13, i32 14, i32 15>
  %qa0 = getelementptr i8, ptr %q, i64 0
  store <8 x float> %c0, ptr %qa0, align 1
  %qa1 = getelementptr i8, ptr %q, i64 32
  store <8 x float> %c1, ptr %qa1, align 1
  %qa2 = getelementptr i8, ptr %q, i64 64
  store <8 x float> %c2, ptr %qa2, align 1
  %qa3 = getelementptr i8, ptr %q, i64 96
  store <8 x float> %c3, ptr %qa3, align 1
  %qa4 = getelementptr i8, ptr %q, i64 128
  store <8 x float> %c4, ptr %qa4, align 1
  %qa5 = getelementptr i8, ptr %q, i64 160
  store <8 x float> %c5, ptr %qa5, align 1
  %qa6 = getelementptr i8, ptr %q, i64 192
  store <8 x float> %c6, ptr %qa6, align 1
  %qa7 = getelementptr i8, ptr %q, i64 224
  store <8 x float> %c7, ptr %qa7, align 1
  %i1 = add i64 %i, 1
  %done = icmp eq i64 %i1, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
