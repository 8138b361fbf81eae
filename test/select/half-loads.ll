; A shuffle of two registers that reads one half of each, loads: the halves' loads side
; by side (x86 `vinsertf128` from memory) and one shuffle of them, where that compiles
; to less. The chain kernel's composed shuffle on x86-64-v3 is two `vpermps` and a
; blend (in its loop 3 instructions in 2 cycles; alone, with the index constant, 5 in
; 2); the halves are `vmovups` xmm, `vinsertf128` and one `vpermps` (3 in 1; 4 in 1.5). A half's load is built where the load was (a store between
; it and the shuffle stays after it), at the half's offset, aligned as far as the
; offset keeps the alignment. Not on AArch64 (no such instruction: registers of 128
; bits), not where an operand is read in both halves.
; REQUIRES: x86-registered-target, aarch64-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 | FileCheck %s --check-prefix=ASM
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<no-half-loads>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; The same values before and after, under lli on this machine.
; RUN: %lli %s > %t.before
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %lli > %t.after
; RUN: diff %t.before %t.after
; RUN: FileCheck %s --check-prefix=RUNS < %t.after
; RUNS-COUNT-32: {{-?[0-9]+}}

; REMARK: half loads: shuffle of two 4-lane halves (mask <3,11,2,10,1,9,0,8>) (llc 5 in 2.00 cycles) became the halves side by side and one shuffle (llc 4 in 1.50 cycles)
; REMARK: half loads: shuffle of two 4-lane halves (mask <15,7,14,6,13,5,12,4>)
; REMARK: half loads: shuffle of two 4-lane halves (mask <1,9,0,8>)

; CHECK-LABEL: @low_halves(
; CHECK-NEXT:    [[A:%.*]] = load <4 x i32>, ptr %p, align 4
; CHECK-NEXT:    [[B:%.*]] = load <4 x i32>, ptr %q, align 4
; CHECK-NEXT:    [[H:%.*]] = shufflevector <4 x i32> [[A]], <4 x i32> [[B]], <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
; CHECK:         call <8 x float> @llvm.arithmetic.fence.v8f32(
; CHECK:         shufflevector <8 x i32> {{%.*}}, <8 x i32> poison, <8 x i32> <i32 3, i32 7, i32 2, i32 6, i32 1, i32 5, i32 0, i32 4>
; CHECK-NOT:     load <8 x i32>
; CHECK:         ret <8 x i32>
; ASM-LABEL: low_halves:
; ASM:         vmovups (%rdi), %xmm
; ASM-NEXT:    vinsertf128 $1, (%rsi), %ymm
; ASM:         vpermps
; ASM-NOT:     vblendps
; ASM:         retq
; OFF-LABEL: @low_halves(
; OFF-NEXT:    load <8 x i32>, ptr %p
; OFF-NEXT:    load <8 x i32>, ptr %q
; OFF-NOT:     load <4 x i32>
; OFF:         ret <8 x i32>
define <8 x i32> @low_halves(ptr %p, ptr %q) {
  %a = load <8 x i32>, ptr %p, align 4
  %b = load <8 x i32>, ptr %q, align 4
  %s = shufflevector <8 x i32> %a, <8 x i32> %b, <8 x i32> <i32 3, i32 11, i32 2, i32 10, i32 1, i32 9, i32 0, i32 8>
  ret <8 x i32> %s
}

; The high halves, at 16 bytes (aligned 16 of 32); the second's load before the store
; that follows it. (A low and a high half are one blend already: kept, the same.)
; CHECK-LABEL: @high_half_store_between(
; CHECK-NEXT:    [[AAT:%.*]] = getelementptr inbounds i8, ptr %p, i64 16
; CHECK-NEXT:    [[A:%.*]] = load <4 x float>, ptr [[AAT]], align 16
; CHECK-NEXT:    [[AT:%.*]] = getelementptr inbounds i8, ptr %q, i64 16
; CHECK-NEXT:    [[B:%.*]] = load <4 x float>, ptr [[AT]], align 16
; CHECK-NEXT:    store <8 x float> zeroinitializer, ptr %q, align 32
; CHECK-NEXT:    shufflevector <4 x float> [[A]], <4 x float> [[B]], <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
; CHECK:         shufflevector <8 x float> {{%.*}}, <8 x float> poison, <8 x i32> <i32 7, i32 3, i32 6, i32 2, i32 5, i32 1, i32 4, i32 0>
; CHECK-NOT:     load <8 x float>
define <8 x float> @high_half_store_between(ptr %p, ptr %q) {
  %a = load <8 x float>, ptr %p, align 32
  %b = load <8 x float>, ptr %q, align 32
  store <8 x float> zeroinitializer, ptr %q, align 32
  %s = shufflevector <8 x float> %a, <8 x float> %b, <8 x i32> <i32 15, i32 7, i32 14, i32 6, i32 13, i32 5, i32 12, i32 4>
  ret <8 x float> %s
}

; A narrower result, in a loop (its constant hoisted): 2 cycles an item, 1 with halves.
; CHECK-LABEL: @narrower_loop(
; CHECK:         [[A:%.*]] = load <4 x float>, ptr %pp, align 4
; CHECK-NEXT:    [[B:%.*]] = load <4 x float>, ptr %qq, align 4
; CHECK-NEXT:    shufflevector <4 x float> [[A]], <4 x float> [[B]], <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
; CHECK:         shufflevector <8 x float> {{%.*}}, <8 x float> poison, <4 x i32> <i32 1, i32 5, i32 0, i32 4>
; CHECK-NOT:     load <8 x float>
define void @narrower_loop(ptr %p, ptr %q, ptr %o, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i1, %loop]
  %pp = getelementptr <8 x float>, ptr %p, i64 %i
  %qq = getelementptr <8 x float>, ptr %q, i64 %i
  %oo = getelementptr <4 x float>, ptr %o, i64 %i
  %a = load <8 x float>, ptr %pp, align 4
  %b = load <8 x float>, ptr %qq, align 4
  %s = shufflevector <8 x float> %a, <8 x float> %b, <4 x i32> <i32 1, i32 9, i32 0, i32 8>
  store <4 x float> %s, ptr %oo, align 4
  %i1 = add i64 %i, 1
  %c = icmp eq i64 %i1, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}

; Both halves of the first read: kept.
; CHECK-LABEL: @both_halves(
; CHECK-NEXT:    load <8 x i32>, ptr %p
; CHECK-NEXT:    load <8 x i32>, ptr %q
; CHECK-NEXT:    shufflevector <8 x i32> %a, <8 x i32> %b, <8 x i32> <i32 3, i32 11, i32 2, i32 10, i32 5, i32 9, i32 0, i32 8>
define <8 x i32> @both_halves(ptr %p, ptr %q) {
  %a = load <8 x i32>, ptr %p, align 4
  %b = load <8 x i32>, ptr %q, align 4
  %s = shufflevector <8 x i32> %a, <8 x i32> %b, <8 x i32> <i32 3, i32 11, i32 2, i32 10, i32 5, i32 9, i32 0, i32 8>
  ret <8 x i32> %s
}

; Kept: a shuffle read in part (the backend loads the one lane read: a measurement of
; the shuffle alone does not see it), a streaming load (`vmovntdqa`), elements of 128
; bits (general registers). The half of a load keeps its metadata (here TBAA).
; CHECK-LABEL: @read_in_part(
; CHECK-NOT:     load <4 x i32>
; CHECK:         extractelement
; CHECK-LABEL: @streaming(
; CHECK-NOT:     load <4 x i32>
; CHECK:         ret
; CHECK-LABEL: @wide_elements(
; CHECK-NOT:     load <1 x i128>
; CHECK:         ret
; CHECK-LABEL: @metadata(
; CHECK:         load <4 x i32>, ptr {{%.*}}, align 16, !tbaa [[TBAA:![0-9]+]]
; CHECK:         load <4 x i32>, ptr {{%.*}}, align 16, !tbaa [[TBAA]]
define i32 @read_in_part(ptr %p, ptr %q) {
  %a = load <8 x i32>, ptr %p, align 4
  %b = load <8 x i32>, ptr %q, align 4
  %s = shufflevector <8 x i32> %a, <8 x i32> %b, <8 x i32> <i32 3, i32 11, i32 2, i32 10, i32 1, i32 9, i32 0, i32 8>
  %e = extractelement <8 x i32> %s, i32 1
  ret i32 %e
}
define <8 x i32> @streaming(ptr %p, ptr %q) {
  %a = load <8 x i32>, ptr %p, align 32, !nontemporal !0
  %b = load <8 x i32>, ptr %q, align 32, !nontemporal !0
  %s = shufflevector <8 x i32> %a, <8 x i32> %b, <8 x i32> <i32 7, i32 15, i32 6, i32 14, i32 5, i32 13, i32 4, i32 12>
  ret <8 x i32> %s
}
define void @wide_elements(ptr %p, ptr %x, ptr %o) {
  %a = load <2 x i128>, ptr %p, align 16
  %xv = load <2 x i128>, ptr %x, align 16
  %b = add <2 x i128> %xv, %xv
  %s = shufflevector <2 x i128> %a, <2 x i128> %b, <2 x i32> <i32 3, i32 1>
  store <2 x i128> %s, ptr %o, align 16
  ret void
}
define <8 x i32> @metadata(ptr %p, ptr %q) {
  %a = load <8 x i32>, ptr %p, align 32, !tbaa !1
  %b = load <8 x i32>, ptr %q, align 32, !tbaa !1
  %s = shufflevector <8 x i32> %a, <8 x i32> %b, <8 x i32> <i32 7, i32 15, i32 6, i32 14, i32 5, i32 13, i32 4, i32 12>
  ret <8 x i32> %s
}
!0 = !{i32 1}
!1 = !{!2, !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C/C++ TBAA"}

@fmt = private constant [6 x i8] c"%lld\0A\00"
declare i32 @printf(ptr, ...)

define void @print8(<8 x i32> %v) {
  %e0 = extractelement <8 x i32> %v, i32 0
  %e1 = extractelement <8 x i32> %v, i32 1
  %e2 = extractelement <8 x i32> %v, i32 2
  %e3 = extractelement <8 x i32> %v, i32 3
  %e4 = extractelement <8 x i32> %v, i32 4
  %e5 = extractelement <8 x i32> %v, i32 5
  %e6 = extractelement <8 x i32> %v, i32 6
  %e7 = extractelement <8 x i32> %v, i32 7
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %e0)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %e1)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %e2)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %e3)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %e4)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %e5)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %e6)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %e7)
  ret void
}

define i32 @main() {
  %p = alloca <8 x i32>, align 32
  %q = alloca <8 x i32>, align 32
  store <8 x i32> <i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16, i32 17>, ptr %p
  store <8 x i32> <i32 20, i32 21, i32 22, i32 23, i32 24, i32 25, i32 26, i32 27>, ptr %q
  %r1 = call <8 x i32> @low_halves(ptr %p, ptr %q)
  call void @print8(<8 x i32> %r1)
  %r3 = call <8 x i32> @both_halves(ptr %p, ptr %q)
  call void @print8(<8 x i32> %r3)
  %r2 = call <8 x float> @high_half_store_between(ptr %p, ptr %q)
  %r2i = bitcast <8 x float> %r2 to <8 x i32>
  call void @print8(<8 x i32> %r2i)
  %o = alloca <8 x i32>, align 32
  store <8 x i32> zeroinitializer, ptr %o
  store <8 x i32> <i32 40, i32 41, i32 42, i32 43, i32 44, i32 45, i32 46, i32 47>, ptr %q
  call void @narrower_loop(ptr %p, ptr %q, ptr %o, i64 1)
  %r4 = load <8 x i32>, ptr %o
  call void @print8(<8 x i32> %r4)
  ret i32 0
}
