; Shuffles wider than a register that permute the bits of the element index become
; stages of register shuffles where that compiles to fewer instructions (the stages'
; shuffles priced by what llc emits for each). x86-64-v3: an 8x8 f32 transpose written
; as one <64 x float> shuffle (about 100 instructions) becomes 3 stages of 8 shuffles;
; the loop vectorizer's interleaved store group (a <32 x float> interleave of four
; registers) and load group (four strided extracts of one <32 x float> load) become
; two stages of four.
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 | FileCheck %s --check-prefix=ASM
; RUN: %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 < %s | FileCheck %s --check-prefix=STOCK
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<no-networks>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<early>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -shuffle-lib-only=clear_loss -stats -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=LOSS

; The source is loaded: the first stage (each register two halves of rows, as
; vperm2f128 would put them) loads the halves instead, each row's right after where
; the row was loaded (vinsertf128 from memory: no shuffle); as many instructions, 8
; shuffles fewer. The wide load is gone.
; CHECK-LABEL: @transpose(
; CHECK-NOT:     load <64 x float>
; CHECK:         [[R0:%.*]] = load <4 x float>, ptr %p, align 256
; CHECK-NEXT:    [[A4:%.*]] = getelementptr inbounds i8, ptr %p, i64 128
; CHECK-NEXT:    [[R4:%.*]] = load <4 x float>, ptr [[A4]], align 128
; CHECK:         shufflevector <4 x float> [[R0]], <4 x float> [[R4]], <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
; CHECK-COUNT-16: shufflevector <8 x float> {{%.*}}, <8 x float> {{%.*}}, <8 x i32>
; CHECK-NOT:     shufflevector <64 x float> %m, <64 x float> poison, <64 x i32>
; CHECK:         store <64 x float> %t, ptr %q
; ASM-LABEL: transpose:
; ASM-COUNT-8:   vinsertf128 $1, {{[0-9]*}}(%rdi), %ymm{{[0-9]+}}, %ymm{{[0-9]+}}
; ASM-NOT:       vinsertps
; ASM-NOT:       vextractps
; ASM-NOT:       vperm2f128
; ASM:           retq
; STOCK-LABEL: transpose:
; STOCK:         vinsertps
; OFF-LABEL: @transpose(
; OFF:           %t = shufflevector <64 x float> %m, <64 x float> poison, <64 x i32>
; REMARK: remark: {{.*}}network: <64 x float> shuffle of 8 registers ({{TTI|llc}} {{[0-9]+}}) became 3 stages of 8-lane shuffles, 24 in all, the first loaded half by half (predicted 24; llc {{[0-9]+}} in {{[0-9.]+}} cycles)
define void @transpose(ptr %p, ptr %q) {
  %m = load <64 x float>, ptr %p
  %t = shufflevector <64 x float> %m, <64 x float> poison, <64 x i32> <i32 0, i32 8, i32 16, i32 24, i32 32, i32 40, i32 48, i32 56, i32 1, i32 9, i32 17, i32 25, i32 33, i32 41, i32 49, i32 57, i32 2, i32 10, i32 18, i32 26, i32 34, i32 42, i32 50, i32 58, i32 3, i32 11, i32 19, i32 27, i32 35, i32 43, i32 51, i32 59, i32 4, i32 12, i32 20, i32 28, i32 36, i32 44, i32 52, i32 60, i32 5, i32 13, i32 21, i32 29, i32 37, i32 45, i32 53, i32 61, i32 6, i32 14, i32 22, i32 30, i32 38, i32 46, i32 54, i32 62, i32 7, i32 15, i32 23, i32 31, i32 39, i32 47, i32 55, i32 63>
  store <64 x float> %t, ptr %q
  ret void
}

; Registers that are no loads: every stage shuffles.
; CHECK-LABEL: @interleave(
; CHECK-NOT:     <32 x i32> <i32 0, i32 8, i32 16, i32 24
; CHECK-NOT:     load
; CHECK-COUNT-8: shufflevector <8 x float> {{%.*}}, <8 x float> {{%.*}}, <8 x i32>
; CHECK:         store <32 x float> %y, ptr %q
; OFF-LABEL: @interleave(
; OFF:           %y = shufflevector <32 x float> %abcd, <32 x float> poison, <32 x i32> <i32 0, i32 8, i32 16, i32 24
; REMARK: remark: {{.*}}network: <32 x float> shuffle of 4 registers
define void @interleave(<8 x float> %a, <8 x float> %b, <8 x float> %c, <8 x float> %d, ptr %q) {
  %ab = shufflevector <8 x float> %a, <8 x float> %b, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %cd = shufflevector <8 x float> %c, <8 x float> %d, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %abcd = shufflevector <16 x float> %ab, <16 x float> %cd, <32 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16, i32 17, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23, i32 24, i32 25, i32 26, i32 27, i32 28, i32 29, i32 30, i32 31>
  %y = shufflevector <32 x float> %abcd, <32 x float> poison, <32 x i32> <i32 0, i32 8, i32 16, i32 24, i32 1, i32 9, i32 17, i32 25, i32 2, i32 10, i32 18, i32 26, i32 3, i32 11, i32 19, i32 27, i32 4, i32 12, i32 20, i32 28, i32 5, i32 13, i32 21, i32 29, i32 6, i32 14, i32 22, i32 30, i32 7, i32 15, i32 23, i32 31>
  store <32 x float> %y, ptr %q
  ret void
}

; A group: four shuffles of one load that together read each element once. Loaded:
; tuples k and k+4 in one register (four loads of halves, four vinsertf128 from
; memory), then two stages within the halves (8 shuffles, not 12).
; CHECK-LABEL: @deinterleave(
; CHECK-NOT:     <8 x i32> <i32 0, i32 4, i32 8, i32 12
; CHECK-COUNT-4: shufflevector <4 x float> {{%.*}}, <4 x float> {{%.*}}, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
; CHECK-COUNT-8: shufflevector <8 x float> {{%.*}}, <8 x float> {{%.*}}, <8 x i32>
; CHECK:         store <8 x float> %x0, ptr %q
; CHECK:         store <8 x float> %x3, ptr %q3
; ASM-LABEL: deinterleave:
; ASM-COUNT-4:   vinsertf128 $1, {{[0-9]*}}(%rdi), %ymm{{[0-9]+}}, %ymm{{[0-9]+}}
; ASM-NOT:       vpermpd
; ASM-NOT:       vperm2f128
; ASM:           retq
; OFF-LABEL: @deinterleave(
; OFF:           %x0 = shufflevector <32 x float> %v, <32 x float> poison, <8 x i32> <i32 0, i32 4, i32 8
; REMARK: remark: {{.*}}network: 4 <8 x float> shuffles of 4 registers ({{TTI|llc}} {{[0-9]+}} in {{[0-9.]+}} cycles) became 3 stages of 8-lane shuffles, 12 in all, the first loaded half by half (predicted 12;
define void @deinterleave(ptr %p, ptr %q) {
  %v = load <32 x float>, ptr %p
  %x0 = shufflevector <32 x float> %v, <32 x float> poison, <8 x i32> <i32 0, i32 4, i32 8, i32 12, i32 16, i32 20, i32 24, i32 28>
  %x1 = shufflevector <32 x float> %v, <32 x float> poison, <8 x i32> <i32 1, i32 5, i32 9, i32 13, i32 17, i32 21, i32 25, i32 29>
  %x2 = shufflevector <32 x float> %v, <32 x float> poison, <8 x i32> <i32 2, i32 6, i32 10, i32 14, i32 18, i32 22, i32 26, i32 30>
  %x3 = shufflevector <32 x float> %v, <32 x float> poison, <8 x i32> <i32 3, i32 7, i32 11, i32 15, i32 19, i32 23, i32 27, i32 31>
  %q1 = getelementptr i8, ptr %q, i64 32
  %q2 = getelementptr i8, ptr %q, i64 64
  %q3 = getelementptr i8, ptr %q, i64 96
  store <8 x float> %x0, ptr %q
  store <8 x float> %x1, ptr %q1
  store <8 x float> %x2, ptr %q2
  store <8 x float> %x3, ptr %q3
  ret void
}

; Not a permutation of the index bits (a rotation by one lane): left alone.
; CHECK-LABEL: @rotate(
; CHECK:         %y = shufflevector <32 x float> %v, <32 x float> poison, <32 x i32> <i32 1, i32 2
define void @rotate(ptr %p, ptr %q) {
  %v = load <32 x float>, ptr %p
  %y = shufflevector <32 x float> %v, <32 x float> poison, <32 x i32> <i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16, i32 17, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23, i32 24, i32 25, i32 26, i32 27, i32 28, i32 29, i32 30, i32 31, i32 0>
  store <32 x float> %y, ptr %q
  ret void
}

; Where TTI prices the original at no more than the network's prediction (TTI 2: a
; `vpermq` a register; the network four 2-lane shuffles), neither is compiled and the
; shuffle stays.
; CHECK-LABEL: @clear_loss(
; CHECK:         %s = shufflevector <8 x i64> %a, <8 x i64> poison, <8 x i32> <i32 0, i32 2, i32 1, i32 3, i32 4, i32 6, i32 5, i32 7>
; LOSS: remark: {{.*}}network: kept the <8 x i64> shuffle: 1 stages of 2-lane shuffles (predicted 4), no cheaper than TTI's price of the original, 2 (not compiled)
; LOSS-NOT: Compilations to measure
; LOSS: Number of shufflevectors examined
; LOSS-NOT: Compilations to measure
define void @clear_loss(<8 x i64> %a, ptr %p) {
  %s = shufflevector <8 x i64> %a, <8 x i64> poison, <8 x i32> <i32 0, i32 2, i32 1, i32 3, i32 4, i32 6, i32 5, i32 7>
  store <8 x i64> %s, ptr %p
  ret void
}

; STATS: 3 shuffle-lib {{.*}}Wide shuffles rebuilt as networks of register shuffles
