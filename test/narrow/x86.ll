; Narrowing stores on x86: truncations stored side by side become a tree of saturating
; packs (masked first, so no value saturates) and one permute, where that compiles to
; fewer instructions than the backend's own narrowing. Decided by compiling both.
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 | FileCheck %s --check-prefix=ASM
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v2 -passes=shuffle-lib -S %s | FileCheck %s --check-prefix=V2
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v4 -passes=shuffle-lib -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<no-narrow>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<early>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS

; The loop vectorizer's u32 -> u8 loop (interleaved by 4). Stock x86-64-v3: 8 vpshufb,
; 4 vpunpckldq, 2 vinserti128, vpunpcklqdq, vpermq (25 instructions with the loads and
; the store); packs: 4 vpand (loads folded), 2 vpackusdw, vpackuswb, vpermd, the store (9).
; CHECK-LABEL: @u32_u8(
; CHECK:         [[F0:%.*]] = freeze <8 x i32> %x0
; CHECK:         [[M0:%.*]] = and <8 x i32> [[F0]], splat (i32 255)
; CHECK:         [[P01:%.*]] = call <16 x i16> @llvm.x86.avx2.packusdw(<8 x i32> [[M0]], <8 x i32> [[M1:%.*]])
; CHECK:         [[P23:%.*]] = call <16 x i16> @llvm.x86.avx2.packusdw(
; CHECK:         [[Q:%.*]] = call <32 x i8> @llvm.x86.avx2.packuswb(<16 x i16> [[P01]], <16 x i16> [[P23]])
; CHECK:         [[D:%.*]] = bitcast <32 x i8> [[Q]] to <8 x i32>
; CHECK:         [[R:%.*]] = call <8 x i32> @llvm.x86.avx2.permd(<8 x i32> [[D]], <8 x i32> <i32 0, i32 4, i32 1, i32 5, i32 2, i32 6, i32 3, i32 7>)
; CHECK:         [[B:%.*]] = bitcast <8 x i32> [[R]] to <32 x i8>
; CHECK-NEXT:    store <32 x i8> [[B]], ptr %d0, align 1
; CHECK-NOT:     store
; CHECK:         ret void
; ASM-LABEL: u32_u8:
; ASM-NOT:       vpshufb
; ASM-COUNT-4:   vpand
; ASM-COUNT-2:   vpackusdw
; ASM:           vpackuswb
; ASM:           vpermd
; ASM-NEXT:      vmovdqu %ymm{{[0-9]+}}, (%rdi,
; ASM-NOT:       vmovq
; ASM:           jne
; V2-LABEL: @u32_u8(
; V2-NOT:        packus
; V2:            ret void
; OFF-LABEL: @u32_u8(
; OFF-NOT:       packus
; OFF-COUNT-4:   store <8 x i8>
define void @u32_u8(ptr %d, ptr %s, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s0 = getelementptr inbounds i32, ptr %s, i64 %i
  %s1 = getelementptr inbounds i8, ptr %s0, i64 32
  %s2 = getelementptr inbounds i8, ptr %s0, i64 64
  %s3 = getelementptr inbounds i8, ptr %s0, i64 96
  %x0 = load <8 x i32>, ptr %s0, align 4
  %x1 = load <8 x i32>, ptr %s1, align 4
  %x2 = load <8 x i32>, ptr %s2, align 4
  %x3 = load <8 x i32>, ptr %s3, align 4
  %t0 = trunc <8 x i32> %x0 to <8 x i8>
  %t1 = trunc <8 x i32> %x1 to <8 x i8>
  %t2 = trunc <8 x i32> %x2 to <8 x i8>
  %t3 = trunc <8 x i32> %x3 to <8 x i8>
  %d0 = getelementptr inbounds i8, ptr %d, i64 %i
  %d1 = getelementptr inbounds i8, ptr %d0, i64 8
  %d2 = getelementptr inbounds i8, ptr %d0, i64 16
  %d3 = getelementptr inbounds i8, ptr %d0, i64 24
  store <8 x i8> %t0, ptr %d0, align 1
  store <8 x i8> %t1, ptr %d1, align 1
  store <8 x i8> %t2, ptr %d2, align 1
  store <8 x i8> %t3, ptr %d3, align 1
  %i.next = add nuw i64 %i, 32
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; u32 -> u16, two registers, straight-line code, stores in reverse address order: one
; vpackusdw and a vpermq by immediate (a shufflevector of i64).
; CHECK-LABEL: @u32_u16_reversed(
; CHECK:         call <16 x i16> @llvm.x86.avx2.packusdw(
; CHECK:         shufflevector <4 x i64> {{.*}}, <4 x i64> poison, <4 x i32> <i32 0, i32 2, i32 1, i32 3>
; CHECK:         store <16 x i16> {{.*}}, ptr %d, align 2
; CHECK-NOT:     store
; CHECK:         ret void
define void @u32_u16_reversed(ptr %d, <8 x i32> %a, <8 x i32> %b) {
  %ta = trunc <8 x i32> %a to <8 x i16>
  %tb = trunc <8 x i32> %b to <8 x i16>
  %d1 = getelementptr inbounds i8, ptr %d, i64 16
  store <8 x i16> %tb, ptr %d1, align 2
  store <8 x i16> %ta, ptr %d, align 4
  ret void
}

; Left alone: a gap between the stores; two stores to one address (the later one
; wins: neither may move past the other); a load between them (it may read a stored
; byte); a volatile store; a trunc read by something else too.
; CHECK-LABEL: @gap(
; CHECK-NOT:     packus
; CHECK:         ret void
define void @gap(ptr %d, <8 x i32> %a, <8 x i32> %b) {
  %ta = trunc <8 x i32> %a to <8 x i16>
  %tb = trunc <8 x i32> %b to <8 x i16>
  %d1 = getelementptr inbounds i8, ptr %d, i64 32
  store <8 x i16> %ta, ptr %d, align 2
  store <8 x i16> %tb, ptr %d1, align 2
  ret void
}

; CHECK-LABEL: @overlap(
; CHECK-NOT:     packus
; CHECK:         ret void
define void @overlap(ptr %d, <8 x i32> %a, <8 x i32> %b, <8 x i32> %c) {
  %ta = trunc <8 x i32> %a to <8 x i16>
  %tb = trunc <8 x i32> %b to <8 x i16>
  %tc = trunc <8 x i32> %c to <8 x i16>
  %d1 = getelementptr inbounds i8, ptr %d, i64 16
  store <8 x i16> %ta, ptr %d, align 2
  store <8 x i16> %tb, ptr %d1, align 2
  store <8 x i16> %tc, ptr %d, align 2
  ret void
}

; CHECK-LABEL: @load_between(
; CHECK-NOT:     packus
; CHECK:         ret <8 x i16>
define <8 x i16> @load_between(ptr %d, ptr %q, <8 x i32> %a, <8 x i32> %b) {
  %ta = trunc <8 x i32> %a to <8 x i16>
  %tb = trunc <8 x i32> %b to <8 x i16>
  %d1 = getelementptr inbounds i8, ptr %d, i64 16
  store <8 x i16> %ta, ptr %d, align 2
  %l = load <8 x i16>, ptr %q, align 2
  store <8 x i16> %tb, ptr %d1, align 2
  ret <8 x i16> %l
}

; CHECK-LABEL: @volatile(
; CHECK-NOT:     packus
; CHECK:         ret void
define void @volatile(ptr %d, <8 x i32> %a, <8 x i32> %b) {
  %ta = trunc <8 x i32> %a to <8 x i16>
  %tb = trunc <8 x i32> %b to <8 x i16>
  %d1 = getelementptr inbounds i8, ptr %d, i64 16
  store volatile <8 x i16> %ta, ptr %d, align 2
  store <8 x i16> %tb, ptr %d1, align 2
  ret void
}

; CHECK-LABEL: @shared_trunc(
; CHECK-NOT:     packus
; CHECK:         ret <8 x i16>
define <8 x i16> @shared_trunc(ptr %d, <8 x i32> %a, <8 x i32> %b) {
  %ta = trunc <8 x i32> %a to <8 x i16>
  %tb = trunc <8 x i32> %b to <8 x i16>
  %d1 = getelementptr inbounds i8, ptr %d, i64 16
  store <8 x i16> %ta, ptr %d, align 2
  store <8 x i16> %tb, ptr %d1, align 2
  ret <8 x i16> %ta
}

; A shuffle keeping the low half of every 32-bit lane of two loaded registers: a
; truncation of their concatenation. Stock: 2 vmovdqu, 2 vpshufb, vshufps, vpermpd and
; the pshufb control's load (7); packs: a zero, 2 vpblendw with it (the loads folded),
; vpackusdw, vpermq (5). (Of registers, not loads, both are 5: left alone.)
; CHECK-LABEL: @low_halves(
; CHECK:         [[FA:%.*]] = freeze <16 x i16> %a
; CHECK-NEXT:    [[WA:%.*]] = bitcast <16 x i16> [[FA]] to <8 x i32>
; CHECK-NEXT:    [[FB:%.*]] = freeze <16 x i16> %b
; CHECK-NEXT:    [[WB:%.*]] = bitcast <16 x i16> [[FB]] to <8 x i32>
; CHECK-NEXT:    [[MA:%.*]] = and <8 x i32> [[WA]], splat (i32 65535)
; CHECK-NEXT:    [[MB:%.*]] = and <8 x i32> [[WB]], splat (i32 65535)
; CHECK-NEXT:    [[P:%.*]] = call <16 x i16> @llvm.x86.avx2.packusdw(<8 x i32> [[MA]], <8 x i32> [[MB]])
; CHECK-NEXT:    [[Q:%.*]] = bitcast <16 x i16> [[P]] to <4 x i64>
; CHECK-NEXT:    [[R:%.*]] = shufflevector <4 x i64> [[Q]], <4 x i64> poison, <4 x i32> <i32 0, i32 2, i32 1, i32 3>
; CHECK-NEXT:    %s = bitcast <4 x i64> [[R]] to <16 x i16>
; CHECK-NEXT:    ret <16 x i16> %s
; ASM-LABEL: low_halves:
; ASM-NOT:       vpshufb
; ASM:           vpackusdw
; ASM:           vpermq
; OFF-LABEL: @low_halves(
; OFF:           %s = shufflevector
define <16 x i16> @low_halves(ptr %p, ptr %q) {
  %a = load <16 x i16>, ptr %p, align 2
  %b = load <16 x i16>, ptr %q, align 2
  %s = shufflevector <16 x i16> %a, <16 x i16> %b, <16 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14, i32 16, i32 18, i32 20, i32 22, i32 24, i32 26, i32 28, i32 30>
  ret <16 x i16> %s
}

; The high halves are not a truncation: left alone.
; CHECK-LABEL: @high_halves(
; CHECK-NEXT:    %s = shufflevector
define <16 x i16> @high_halves(<16 x i16> %a, <16 x i16> %b) {
  %s = shufflevector <16 x i16> %a, <16 x i16> %b, <16 x i32> <i32 1, i32 3, i32 5, i32 7, i32 9, i32 11, i32 13, i32 15, i32 17, i32 19, i32 21, i32 23, i32 25, i32 27, i32 29, i32 31>
  ret <16 x i16> %s
}

; REMARK: remark: {{.*}}narrowing: 4 stores of trunc <8 x i32> to <8 x i8> (llc 25) became 1 × (4 × and, 2 × vpackusdw, vpackuswb, vpermd) and 1 store(s) (described 9, llc 9)
; REMARK: remark: {{.*}}narrowing: 2 stores of trunc <8 x i32> to <8 x i16>
; REMARK: remark: {{.*}}narrowing: mask <0,2,4,6,8,10,12,14,16,18,20,22,24,26,28,30> (llc {{[0-9]+}}) became 2 × and, vpackusdw, vpermq (described 5, llc 5)
; STATS-DAG: 6 shuffle-lib - Stores of truncations replaced by packs
; STATS-DAG: 1 shuffle-lib - Truncating shufflevectors replaced by packs
