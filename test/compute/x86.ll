; Shuffles through compute: a shuffle of lane-wise operations moves below them, where
; it composes with the shuffles their operands came from; a subtraction on one side
; and an addition on the other become both and a blend (x86: vaddsubps). Decided by
; compiling both (x86-64-v3: 22 instructions -> 16, loads included, for the complex
; multiply below, as the loop vectorizer leaves it: four deinterleaves and an
; interleave).
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 | FileCheck %s --check-prefix=ASM
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<no-compute>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<early>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=MISSED

; CHECK-LABEL: @complex_multiply(
; CHECK-DAG:     shufflevector <16 x float> %a, <16 x float> poison, <16 x i32> <i32 0, i32 0, i32 2, i32 2,
; CHECK-DAG:     shufflevector <16 x float> %a, <16 x float> poison, <16 x i32> <i32 1, i32 1, i32 3, i32 3,
; CHECK-DAG:     shufflevector <16 x float> %b, <16 x float> poison, <16 x i32> <i32 1, i32 0, i32 3, i32 2,
; CHECK-DAG:     [[L:%.*]] = fmul <16 x float> {{%.*}}, %b
; CHECK-DAG:     [[S:%.*]] = fsub <16 x float> [[L]], [[R:%.*]]
; CHECK-DAG:     [[A:%.*]] = fadd <16 x float> [[L]], [[R]]
; CHECK:         %out = shufflevector <16 x float> [[S]], <16 x float> [[A]], <16 x i32> <i32 0, i32 17, i32 2, i32 19,
; CHECK-NOT:     <8 x float>
; CHECK:         ret void
; ASM-LABEL: complex_multiply:
; ASM-COUNT-2:   vaddsubps
; ASM-NOT:       vperm2f128
; ASM:           retq
; OFF-LABEL: @complex_multiply(
; OFF:           %out = shufflevector <8 x float> %re, <8 x float> %im
; REMARK: remark: {{.*}}through compute: a shuffle of 6 operations and 5 shuffles (llc 22) moved below them: 4 shuffles (llc 16)
define void @complex_multiply(ptr %p, ptr %q, ptr %o) {
  %a = load <16 x float>, ptr %p
  %b = load <16 x float>, ptr %q
  %ar = shufflevector <16 x float> %a, <16 x float> poison, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
  %ai = shufflevector <16 x float> %a, <16 x float> poison, <8 x i32> <i32 1, i32 3, i32 5, i32 7, i32 9, i32 11, i32 13, i32 15>
  %br = shufflevector <16 x float> %b, <16 x float> poison, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
  %bi = shufflevector <16 x float> %b, <16 x float> poison, <8 x i32> <i32 1, i32 3, i32 5, i32 7, i32 9, i32 11, i32 13, i32 15>
  %rr = fmul <8 x float> %ar, %br
  %ii = fmul <8 x float> %ai, %bi
  %re = fsub <8 x float> %rr, %ii
  %ri = fmul <8 x float> %ar, %bi
  %ir = fmul <8 x float> %ai, %br
  %im = fadd <8 x float> %ri, %ir
  %out = shufflevector <8 x float> %re, <8 x float> %im, <16 x i32> <i32 0, i32 8, i32 1, i32 9, i32 2, i32 10, i32 3, i32 11, i32 4, i32 12, i32 5, i32 13, i32 6, i32 14, i32 7, i32 15>
  store <16 x float> %out, ptr %o
  ret void
}

; Division is not moved (the other side's lanes would be divided too): left alone.
; CHECK-LABEL: @divide(
; CHECK:         %d = fdiv <4 x float> %x, %y
; CHECK:         %r = shufflevector <4 x float> %d, <4 x float> poison, <4 x i32> <i32 1, i32 0, i32 3, i32 2>
define <4 x float> @divide(<8 x float> %v, <4 x float> %y) {
  %x = shufflevector <8 x float> %v, <8 x float> poison, <4 x i32> <i32 1, i32 0, i32 3, i32 2>
  %d = fdiv <4 x float> %x, %y
  %r = shufflevector <4 x float> %d, <4 x float> poison, <4 x i32> <i32 1, i32 0, i32 3, i32 2>
  ret <4 x float> %r
}

; An operation read twice stays (the shuffle would compute it again): left alone.
; CHECK-LABEL: @shared(
; CHECK:         %r = shufflevector <4 x i32> %s, <4 x i32> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
define <4 x i32> @shared(<4 x i32> %x, <4 x i32> %y, ptr %o) {
  %s = add <4 x i32> %x, %y
  store <4 x i32> %s, ptr %o
  %r = shufflevector <4 x i32> %s, <4 x i32> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  ret <4 x i32> %r
}

; Fewer shuffles is not enough: the two halves swapped on each side (one instruction
; each) composed with the pair swap below become two cross-lane permutes, which compile
; to no fewer instructions. Kept, and said so.
; CHECK-LABEL: @kept(
; CHECK:         %x = shufflevector <8 x i32> %a
; CHECK:         %r = shufflevector <8 x i32> %s
; MISSED: remark: {{.*}}through compute: kept a shuffle of 1 operations and 3 shuffles (llc {{[0-9]+}}): moved below them, 2 shuffles compile to {{[0-9]+}}
define <8 x i32> @kept(<8 x i32> %a, <8 x i32> %b) {
  %x = shufflevector <8 x i32> %a, <8 x i32> poison, <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 0, i32 1, i32 2, i32 3>
  %y = shufflevector <8 x i32> %b, <8 x i32> poison, <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 0, i32 1, i32 2, i32 3>
  %s = add <8 x i32> %x, %y
  %r = shufflevector <8 x i32> %s, <8 x i32> poison, <8 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6>
  ret <8 x i32> %r
}
