; Networks written out (hand-vectorized transposes: stages of unpcklps, shufps,
; vperm2f128 one after the other) are read as one permutation of their leaves and
; rebuilt as the cheapest network, on x86-64-v3 also measured by their throughput by
; the scheduling model (llvm-mca's block throughput): an 8x8 f32 transpose of eight
; loaded rows keeps its 24 shuffles' count but its first stage becomes loads of halves
; (vinsertf128 from memory, no shuffle port): 24 -> 16 cycles (measured with the
; rows' stores, as the code is); an 8x8 i16 transpose of
; eight 128-bit rows becomes a network of 256-bit registers, two rows a register
; (with the rows' stores, 40 instructions in 24 cycles -> 24 in 12).
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 | FileCheck %s --check-prefix=ASM
; RUN: %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 < %s | FileCheck %s --check-prefix=STOCK
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -pass-remarks=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late;lower-always>' -S %s | FileCheck %s --check-prefix=FROZEN

; CHECK-LABEL: @transpose_f32(
; CHECK-NOT:     load <8 x float>
; CHECK-COUNT-8: load <4 x float>
; CHECK-COUNT-16: shufflevector <8 x float> {{%.*}}, <8 x float> {{%.*}}, <8 x i32>
; CHECK-NOT:     %a0 =
; CHECK:         ret void
; ASM-LABEL: transpose_f32:
; ASM-COUNT-8:   vinsertf128 $1, {{[0-9]*}}(%rdi), %ymm{{[0-9]+}}, %ymm{{[0-9]+}}
; ASM-NOT:       vperm2f128
; ASM-NOT:       vinsertf128 $1, %xmm
; ASM:           retq
; STOCK-LABEL: transpose_f32:
; STOCK-COUNT-8: {{vinsertf128.*%xmm|vperm2f128}}
; REMARK: remark: {{.*}}network: 8 <8 x float> shuffles of 8 registers (llc [[N:[0-9]+]] in 24.00 cycles) became 3 stages of 8-lane shuffles, 24 in all, the first loaded half by half (predicted 24; llc [[N]] in 16.00 cycles)
define void @transpose_f32(ptr %p, ptr %q) {
  %r0 = load <8 x float>, ptr %p, align 4
  %p1 = getelementptr i8, ptr %p, i64 32
  %r1 = load <8 x float>, ptr %p1, align 4
  %p2 = getelementptr i8, ptr %p, i64 64
  %r2 = load <8 x float>, ptr %p2, align 4
  %p3 = getelementptr i8, ptr %p, i64 96
  %r3 = load <8 x float>, ptr %p3, align 4
  %p4 = getelementptr i8, ptr %p, i64 128
  %r4 = load <8 x float>, ptr %p4, align 4
  %p5 = getelementptr i8, ptr %p, i64 160
  %r5 = load <8 x float>, ptr %p5, align 4
  %p6 = getelementptr i8, ptr %p, i64 192
  %r6 = load <8 x float>, ptr %p6, align 4
  %p7 = getelementptr i8, ptr %p, i64 224
  %r7 = load <8 x float>, ptr %p7, align 4
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
  store <8 x float> %c0, ptr %q, align 4
  %q1 = getelementptr i8, ptr %q, i64 32
  store <8 x float> %c1, ptr %q1, align 4
  %q2 = getelementptr i8, ptr %q, i64 64
  store <8 x float> %c2, ptr %q2, align 4
  %q3 = getelementptr i8, ptr %q, i64 96
  store <8 x float> %c3, ptr %q3, align 4
  %q4 = getelementptr i8, ptr %q, i64 128
  store <8 x float> %c4, ptr %q4, align 4
  %q5 = getelementptr i8, ptr %q, i64 160
  store <8 x float> %c5, ptr %q5, align 4
  %q6 = getelementptr i8, ptr %q, i64 192
  store <8 x float> %c6, ptr %q6, align 4
  %q7 = getelementptr i8, ptr %q, i64 224
  store <8 x float> %c7, ptr %q7, align 4
  ret void
}

; CHECK-LABEL: @transpose_i16(
; CHECK:         shufflevector <8 x i16> %r0, <8 x i16> %r4, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8,
; CHECK-COUNT-12: shufflevector <16 x i16> {{%.*}}, <16 x i16> {{%.*}}, <16 x i32>
; CHECK-NOT:     %a0 =
; CHECK:         ret void
; ASM-LABEL: transpose_i16:
; ASM:           vinserti128 $1, {{[0-9]*}}(%rdi), %ymm{{[0-9]+}}, %ymm{{[0-9]+}}
; ASM:           retq
; REMARK: remark: {{.*}}network: 8 <8 x i16> shuffles of 4 registers (llc {{[0-9]+}} in 24.00 cycles) became 4 stages of 16-lane shuffles, 16 in all, the first loaded half by half (predicted 20; llc {{[0-9]+}} in 12.00 cycles)
; A stage's registers of `i16`s are frozen before the fence reads them as `float`s: a
; poison element would poison the one beside it in its `float` (a helper's hunt found
; that in the wide sequences, which share the fence).
; FROZEN-LABEL: @transpose_i16(
; FROZEN:         [[F:%.*]] = freeze <8 x i16>
; FROZEN-NEXT:    bitcast <8 x i16> [[F]] to <4 x float>
; FROZEN-NEXT:    call <4 x float> @llvm.arithmetic.fence
define void @transpose_i16(ptr %p, ptr %q) {
  %r0 = load <8 x i16>, ptr %p, align 2
  %p1 = getelementptr i8, ptr %p, i64 16
  %r1 = load <8 x i16>, ptr %p1, align 2
  %p2 = getelementptr i8, ptr %p, i64 32
  %r2 = load <8 x i16>, ptr %p2, align 2
  %p3 = getelementptr i8, ptr %p, i64 48
  %r3 = load <8 x i16>, ptr %p3, align 2
  %p4 = getelementptr i8, ptr %p, i64 64
  %r4 = load <8 x i16>, ptr %p4, align 2
  %p5 = getelementptr i8, ptr %p, i64 80
  %r5 = load <8 x i16>, ptr %p5, align 2
  %p6 = getelementptr i8, ptr %p, i64 96
  %r6 = load <8 x i16>, ptr %p6, align 2
  %p7 = getelementptr i8, ptr %p, i64 112
  %r7 = load <8 x i16>, ptr %p7, align 2
  %a0 = shufflevector <8 x i16> %r0, <8 x i16> %r1, <8 x i32> <i32 0, i32 8, i32 1, i32 9, i32 2, i32 10, i32 3, i32 11>
  %a1 = shufflevector <8 x i16> %r0, <8 x i16> %r1, <8 x i32> <i32 4, i32 12, i32 5, i32 13, i32 6, i32 14, i32 7, i32 15>
  %a2 = shufflevector <8 x i16> %r2, <8 x i16> %r3, <8 x i32> <i32 0, i32 8, i32 1, i32 9, i32 2, i32 10, i32 3, i32 11>
  %a3 = shufflevector <8 x i16> %r2, <8 x i16> %r3, <8 x i32> <i32 4, i32 12, i32 5, i32 13, i32 6, i32 14, i32 7, i32 15>
  %a4 = shufflevector <8 x i16> %r4, <8 x i16> %r5, <8 x i32> <i32 0, i32 8, i32 1, i32 9, i32 2, i32 10, i32 3, i32 11>
  %a5 = shufflevector <8 x i16> %r4, <8 x i16> %r5, <8 x i32> <i32 4, i32 12, i32 5, i32 13, i32 6, i32 14, i32 7, i32 15>
  %a6 = shufflevector <8 x i16> %r6, <8 x i16> %r7, <8 x i32> <i32 0, i32 8, i32 1, i32 9, i32 2, i32 10, i32 3, i32 11>
  %a7 = shufflevector <8 x i16> %r6, <8 x i16> %r7, <8 x i32> <i32 4, i32 12, i32 5, i32 13, i32 6, i32 14, i32 7, i32 15>
  %b0 = shufflevector <8 x i16> %a0, <8 x i16> %a2, <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 2, i32 3, i32 10, i32 11>
  %b1 = shufflevector <8 x i16> %a0, <8 x i16> %a2, <8 x i32> <i32 4, i32 5, i32 12, i32 13, i32 6, i32 7, i32 14, i32 15>
  %b2 = shufflevector <8 x i16> %a1, <8 x i16> %a3, <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 2, i32 3, i32 10, i32 11>
  %b3 = shufflevector <8 x i16> %a1, <8 x i16> %a3, <8 x i32> <i32 4, i32 5, i32 12, i32 13, i32 6, i32 7, i32 14, i32 15>
  %b4 = shufflevector <8 x i16> %a4, <8 x i16> %a6, <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 2, i32 3, i32 10, i32 11>
  %b5 = shufflevector <8 x i16> %a4, <8 x i16> %a6, <8 x i32> <i32 4, i32 5, i32 12, i32 13, i32 6, i32 7, i32 14, i32 15>
  %b6 = shufflevector <8 x i16> %a5, <8 x i16> %a7, <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 2, i32 3, i32 10, i32 11>
  %b7 = shufflevector <8 x i16> %a5, <8 x i16> %a7, <8 x i32> <i32 4, i32 5, i32 12, i32 13, i32 6, i32 7, i32 14, i32 15>
  %c0 = shufflevector <8 x i16> %b0, <8 x i16> %b4, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  %c1 = shufflevector <8 x i16> %b0, <8 x i16> %b4, <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 12, i32 13, i32 14, i32 15>
  %c2 = shufflevector <8 x i16> %b1, <8 x i16> %b5, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  %c3 = shufflevector <8 x i16> %b1, <8 x i16> %b5, <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 12, i32 13, i32 14, i32 15>
  %c4 = shufflevector <8 x i16> %b2, <8 x i16> %b6, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  %c5 = shufflevector <8 x i16> %b2, <8 x i16> %b6, <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 12, i32 13, i32 14, i32 15>
  %c6 = shufflevector <8 x i16> %b3, <8 x i16> %b7, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  %c7 = shufflevector <8 x i16> %b3, <8 x i16> %b7, <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 12, i32 13, i32 14, i32 15>
  store <8 x i16> %c0, ptr %q, align 2
  %q1 = getelementptr i8, ptr %q, i64 16
  store <8 x i16> %c1, ptr %q1, align 2
  %q2 = getelementptr i8, ptr %q, i64 32
  store <8 x i16> %c2, ptr %q2, align 2
  %q3 = getelementptr i8, ptr %q, i64 48
  store <8 x i16> %c3, ptr %q3, align 2
  %q4 = getelementptr i8, ptr %q, i64 64
  store <8 x i16> %c4, ptr %q4, align 2
  %q5 = getelementptr i8, ptr %q, i64 80
  store <8 x i16> %c5, ptr %q5, align 2
  %q6 = getelementptr i8, ptr %q, i64 96
  store <8 x i16> %c6, ptr %q6, align 2
  %q7 = getelementptr i8, ptr %q, i64 112
  store <8 x i16> %c7, ptr %q7, align 2
  ret void
}

; A stage read outside the network (%b3 stored too): no network written out; the
; stages stay (the last one's pairs of stored results may each become one 256-bit
; shuffle: test/network/widened.ll).
; CHECK-LABEL: @transpose_i16_read_between(
; CHECK:         %a0 = shufflevector <8 x i16> %r0, <8 x i16> %r1
; CHECK:         %b3 = shufflevector <8 x i16> %a1, <8 x i16> %a3
; CHECK:         store <8 x i16> %b3, ptr %x
define void @transpose_i16_read_between(ptr %p, ptr %q, ptr %x) {
  %r0 = load <8 x i16>, ptr %p, align 2
  %p1 = getelementptr i8, ptr %p, i64 16
  %r1 = load <8 x i16>, ptr %p1, align 2
  %p2 = getelementptr i8, ptr %p, i64 32
  %r2 = load <8 x i16>, ptr %p2, align 2
  %p3 = getelementptr i8, ptr %p, i64 48
  %r3 = load <8 x i16>, ptr %p3, align 2
  %p4 = getelementptr i8, ptr %p, i64 64
  %r4 = load <8 x i16>, ptr %p4, align 2
  %p5 = getelementptr i8, ptr %p, i64 80
  %r5 = load <8 x i16>, ptr %p5, align 2
  %p6 = getelementptr i8, ptr %p, i64 96
  %r6 = load <8 x i16>, ptr %p6, align 2
  %p7 = getelementptr i8, ptr %p, i64 112
  %r7 = load <8 x i16>, ptr %p7, align 2
  %a0 = shufflevector <8 x i16> %r0, <8 x i16> %r1, <8 x i32> <i32 0, i32 8, i32 1, i32 9, i32 2, i32 10, i32 3, i32 11>
  %a1 = shufflevector <8 x i16> %r0, <8 x i16> %r1, <8 x i32> <i32 4, i32 12, i32 5, i32 13, i32 6, i32 14, i32 7, i32 15>
  %a2 = shufflevector <8 x i16> %r2, <8 x i16> %r3, <8 x i32> <i32 0, i32 8, i32 1, i32 9, i32 2, i32 10, i32 3, i32 11>
  %a3 = shufflevector <8 x i16> %r2, <8 x i16> %r3, <8 x i32> <i32 4, i32 12, i32 5, i32 13, i32 6, i32 14, i32 7, i32 15>
  %a4 = shufflevector <8 x i16> %r4, <8 x i16> %r5, <8 x i32> <i32 0, i32 8, i32 1, i32 9, i32 2, i32 10, i32 3, i32 11>
  %a5 = shufflevector <8 x i16> %r4, <8 x i16> %r5, <8 x i32> <i32 4, i32 12, i32 5, i32 13, i32 6, i32 14, i32 7, i32 15>
  %a6 = shufflevector <8 x i16> %r6, <8 x i16> %r7, <8 x i32> <i32 0, i32 8, i32 1, i32 9, i32 2, i32 10, i32 3, i32 11>
  %a7 = shufflevector <8 x i16> %r6, <8 x i16> %r7, <8 x i32> <i32 4, i32 12, i32 5, i32 13, i32 6, i32 14, i32 7, i32 15>
  %b0 = shufflevector <8 x i16> %a0, <8 x i16> %a2, <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 2, i32 3, i32 10, i32 11>
  %b1 = shufflevector <8 x i16> %a0, <8 x i16> %a2, <8 x i32> <i32 4, i32 5, i32 12, i32 13, i32 6, i32 7, i32 14, i32 15>
  %b2 = shufflevector <8 x i16> %a1, <8 x i16> %a3, <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 2, i32 3, i32 10, i32 11>
  %b3 = shufflevector <8 x i16> %a1, <8 x i16> %a3, <8 x i32> <i32 4, i32 5, i32 12, i32 13, i32 6, i32 7, i32 14, i32 15>
  %b4 = shufflevector <8 x i16> %a4, <8 x i16> %a6, <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 2, i32 3, i32 10, i32 11>
  %b5 = shufflevector <8 x i16> %a4, <8 x i16> %a6, <8 x i32> <i32 4, i32 5, i32 12, i32 13, i32 6, i32 7, i32 14, i32 15>
  %b6 = shufflevector <8 x i16> %a5, <8 x i16> %a7, <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 2, i32 3, i32 10, i32 11>
  %b7 = shufflevector <8 x i16> %a5, <8 x i16> %a7, <8 x i32> <i32 4, i32 5, i32 12, i32 13, i32 6, i32 7, i32 14, i32 15>
  %c0 = shufflevector <8 x i16> %b0, <8 x i16> %b4, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  %c1 = shufflevector <8 x i16> %b0, <8 x i16> %b4, <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 12, i32 13, i32 14, i32 15>
  %c2 = shufflevector <8 x i16> %b1, <8 x i16> %b5, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  %c3 = shufflevector <8 x i16> %b1, <8 x i16> %b5, <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 12, i32 13, i32 14, i32 15>
  %c4 = shufflevector <8 x i16> %b2, <8 x i16> %b6, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  %c5 = shufflevector <8 x i16> %b2, <8 x i16> %b6, <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 12, i32 13, i32 14, i32 15>
  %c6 = shufflevector <8 x i16> %b3, <8 x i16> %b7, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  %c7 = shufflevector <8 x i16> %b3, <8 x i16> %b7, <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 12, i32 13, i32 14, i32 15>
  store <8 x i16> %b3, ptr %x, align 2
  store <8 x i16> %c0, ptr %q, align 2
  %q1 = getelementptr i8, ptr %q, i64 16
  store <8 x i16> %c1, ptr %q1, align 2
  %q2 = getelementptr i8, ptr %q, i64 32
  store <8 x i16> %c2, ptr %q2, align 2
  %q3 = getelementptr i8, ptr %q, i64 48
  store <8 x i16> %c3, ptr %q3, align 2
  %q4 = getelementptr i8, ptr %q, i64 64
  store <8 x i16> %c4, ptr %q4, align 2
  %q5 = getelementptr i8, ptr %q, i64 80
  store <8 x i16> %c5, ptr %q5, align 2
  %q6 = getelementptr i8, ptr %q, i64 96
  store <8 x i16> %c6, ptr %q6, align 2
  %q7 = getelementptr i8, ptr %q, i64 112
  store <8 x i16> %c7, ptr %q7, align 2
  ret void
}
