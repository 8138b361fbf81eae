; Commoning (seed 001, phase 5): operations whose every operand at the bottom is a
; shuffle by one mask become the operations on the shuffles' sources, side by side,
; and one shuffle by that mask. Where a shuffle costs more than an operation (x86-64-v3:
; the even lanes of two registers are `vshufps` and `vpermpd`) this pays; where it is
; one instruction (AArch64's `uzp1`) it does not, and llc's count decides.
; REQUIRES: aarch64-registered-target, x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late>' -S %s | FileCheck %s --check-prefixes=CHECK,X86
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<late>' -S %s | FileCheck %s --check-prefixes=CHECK,A64
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late;lower-always>' -S %s | FileCheck %s --check-prefixes=CHECK,ALWAYS
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late>' -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 | FileCheck %s --check-prefix=ASM-X86
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<late;lower-always>' -S %s | %llc -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -o /dev/null
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late>' -pass-remarks=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<late>' -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=MISSED-A64
; A tree commoning would take inside a shuffle's tree moved before it: skipped, no
; remark on its erased root (opt crashed so: the differential generator, seed 141193).
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64 -passes='shuffle-lib<late>' -pass-remarks=shuffle-lib -pass-remarks-missed=shuffle-lib -S %s 2>&1 | FileCheck %s --check-prefix=INSIDE
; Measurements are remembered by a tree's shape with its constants' values: a product
; by 12345 pays commoned on generic x86-64 (a multiply of 32-bit lanes is many
; instructions there), one by 2 (an add) does not; one remembered for both decided both
; (found by review).
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64 -passes='shuffle-lib<late>' -S %s | FileCheck %s --check-prefix=GENERIC
; The same values before and after, every commoning forced, under lli on this machine.
; RUN: %lli %s > %t.before
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late;lower-always>' -S %s | %lli > %t.after
; RUN: diff %t.before %t.after
; RUN: FileCheck %s --check-prefix=RUNS < %t.after
; RUNS-COUNT-8: {{-?[0-9]+}}

; X86-LABEL: @add_even(
; X86-DAG:       %[[L:.*]] = add <8 x i32> %a, %c
; X86-DAG:       %[[H:.*]] = add <8 x i32> %b, %d
; X86:           %m = shufflevector <8 x i32> %[[L]], <8 x i32> %[[H]], <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
; X86-NOT:       shufflevector
; X86:           store <8 x i32> %m
; A64-LABEL: @add_even(
; A64:           %p = shufflevector
; A64:           %q = shufflevector
; A64:           %m = add <8 x i32> %p, %q
; REMARK: remark: {{.*}}through compute: 1 operations on 2 shuffles by one mask (llc 7) commoned out of them: 1 shuffles (llc 6)
; MISSED-A64: remark: {{.*}}through compute: kept 1 operations on 2 shuffles by one mask (llc [[N:[0-9]+]]): commoned out of them, 1 shuffles compile to [[N]]
; ASM-X86-LABEL: add_even:
; ASM-X86-COUNT-2: vpaddd
; ASM-X86-NEXT:  vshufps
; ASM-X86-NEXT:  vpermpd
; ASM-X86-NEXT:  vmovaps
define void @add_even(ptr %x, ptr %y, ptr %o) {
  %x1 = getelementptr i8, ptr %x, i64 32
  %y1 = getelementptr i8, ptr %y, i64 32
  %a = load <8 x i32>, ptr %x
  %b = load <8 x i32>, ptr %x1
  %c = load <8 x i32>, ptr %y
  %d = load <8 x i32>, ptr %y1
  %p = shufflevector <8 x i32> %a, <8 x i32> %b, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
  %q = shufflevector <8 x i32> %c, <8 x i32> %d, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
  %m = add <8 x i32> %p, %q
  store <8 x i32> %m, ptr %o
  ret void
}

; Three shuffles under two operations: one shuffle, each operation on both sides.
; X86-LABEL: @three_shuffles(
; X86-COUNT-1:   shufflevector
; X86-NOT:       shufflevector
; X86:           ret <8 x i32>
; ALWAYS-LABEL: @three_shuffles(
; ALWAYS-DAG:    mul <8 x i32> %a, %c
; ALWAYS-DAG:    mul <8 x i32> %b, %d
; ALWAYS:        %r = shufflevector
; ALWAYS-NEXT:   ret <8 x i32> %r
; REMARK: remark: {{.*}}through compute: 2 operations on 3 shuffles by one mask (llc {{[0-9]+}}) commoned out of them: 1 shuffles (llc {{[0-9]+}})
define <8 x i32> @three_shuffles(<8 x i32> %a, <8 x i32> %b, <8 x i32> %c, <8 x i32> %d, <8 x i32> %e, <8 x i32> %f) {
  %p = shufflevector <8 x i32> %a, <8 x i32> %b, <8 x i32> <i32 1, i32 3, i32 5, i32 7, i32 9, i32 11, i32 13, i32 15>
  %q = shufflevector <8 x i32> %c, <8 x i32> %d, <8 x i32> <i32 1, i32 3, i32 5, i32 7, i32 9, i32 11, i32 13, i32 15>
  %s = shufflevector <8 x i32> %e, <8 x i32> %f, <8 x i32> <i32 1, i32 3, i32 5, i32 7, i32 9, i32 11, i32 13, i32 15>
  %m = mul <8 x i32> %p, %q
  %r = add <8 x i32> %m, %s
  ret <8 x i32> %r
}

; Splats (a constant, a broadcast of a lane) are the same on both sides, as wide as
; the sources.
; ALWAYS-LABEL: @with_splats(
; ALWAYS-DAG:    mul <8 x i32> %a, splat (i32 3)
; ALWAYS-DAG:    mul <8 x i32> %b, splat (i32 3)
; ALWAYS-DAG:    %[[G:.*]] = shufflevector <8 x i32> %g, <8 x i32> poison, <8 x i32> <i32 2, i32 2,
; ALWAYS:        %r = shufflevector
; ALWAYS-NEXT:   ret <8 x i32> %r
define <8 x i32> @with_splats(<8 x i32> %a, <8 x i32> %b, <8 x i32> %c, <8 x i32> %d, <8 x i32> %e, <8 x i32> %f, <8 x i32> %g) {
  %p = shufflevector <8 x i32> %a, <8 x i32> %b, <8 x i32> <i32 1, i32 3, i32 5, i32 7, i32 9, i32 11, i32 13, i32 15>
  %q = shufflevector <8 x i32> %c, <8 x i32> %d, <8 x i32> <i32 1, i32 3, i32 5, i32 7, i32 9, i32 11, i32 13, i32 15>
  %s = shufflevector <8 x i32> %e, <8 x i32> %f, <8 x i32> <i32 1, i32 3, i32 5, i32 7, i32 9, i32 11, i32 13, i32 15>
  %gs = shufflevector <8 x i32> %g, <8 x i32> poison, <8 x i32> <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  %m = mul <8 x i32> %p, splat (i32 3)
  %n = mul <8 x i32> %q, %gs
  %t = add <8 x i32> %m, %n
  %r = sub <8 x i32> %t, %s
  ret <8 x i32> %r
}

; INSIDE: remark: {{.*}}through compute: a shuffle of 1 operations and 3 shuffles (llc {{[0-9]+}}) moved below them
; INSIDE-LABEL: @inside_a_sunk_tree(
; INSIDE-NEXT:   %[[S:.*]] = shufflevector <5 x i64> %p0, <5 x i64> poison, <2 x i32> <i32 4, i32 poison>
; INSIDE-NEXT:   %[[A:.*]] = add <2 x i64> %[[S]], %[[S]]
; INSIDE-NEXT:   ret <2 x i64> %[[A]]
define <2 x i64> @inside_a_sunk_tree(<5 x i64> %p0) {
  %v0 = shufflevector <5 x i64> %p0, <5 x i64> zeroinitializer, <2 x i32> <i32 2, i32 4>
  %v1 = shufflevector <5 x i64> %p0, <5 x i64> zeroinitializer, <2 x i32> <i32 2, i32 4>
  %v2 = add <2 x i64> %v0, %v1
  %v3 = shufflevector <2 x i64> %v2, <2 x i64> zeroinitializer, <2 x i32> <i32 1, i32 poison>
  ret <2 x i64> %v3
}

; GENERIC-LABEL: @by_12345(
; GENERIC-COUNT-1: shufflevector
; GENERIC-NOT:   shufflevector
; GENERIC:       ret <8 x i32>
define <8 x i32> @by_12345(<8 x i32> %a, <8 x i32> %b, <8 x i32> %c, <8 x i32> %d, <8 x i32> %e, <8 x i32> %f) {
  %p = shufflevector <8 x i32> %a, <8 x i32> %b, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
  %q = shufflevector <8 x i32> %c, <8 x i32> %d, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
  %s = shufflevector <8 x i32> %e, <8 x i32> %f, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
  %m = mul <8 x i32> %q, splat (i32 12345)
  %r = add <8 x i32> %p, %m
  %t = add <8 x i32> %r, %s
  ret <8 x i32> %t
}

; GENERIC-LABEL: @by_2(
; GENERIC-COUNT-3: shufflevector
; GENERIC:       ret <8 x i32>
define <8 x i32> @by_2(<8 x i32> %a, <8 x i32> %b, <8 x i32> %c, <8 x i32> %d, <8 x i32> %e, <8 x i32> %f) {
  %p = shufflevector <8 x i32> %a, <8 x i32> %b, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
  %q = shufflevector <8 x i32> %c, <8 x i32> %d, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
  %s = shufflevector <8 x i32> %e, <8 x i32> %f, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
  %m = mul <8 x i32> %q, splat (i32 2)
  %r = add <8 x i32> %p, %m
  %t = add <8 x i32> %r, %s
  ret <8 x i32> %t
}

; A shuffle's `undef` operand stays `undef` (its lanes are no poison): commoned, the
; second side is the operation on `undef`, not a lane made poison (found by review).
; ALWAYS-LABEL: @undef_lanes(
; ALWAYS:        %[[S:.*]] = add <8 x i32> %a, %c
; ALWAYS-NEXT:   %m = shufflevector <8 x i32> %[[S]], <8 x i32> undef, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 9, i32 11, i32 13, i32 15>
define <8 x i32> @undef_lanes(<8 x i32> %a, <8 x i32> %c) {
  %p = shufflevector <8 x i32> %a, <8 x i32> undef, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 9, i32 11, i32 13, i32 15>
  %q = shufflevector <8 x i32> %c, <8 x i32> undef, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 9, i32 11, i32 13, i32 15>
  %m = add <8 x i32> %p, %q
  ret <8 x i32> %m
}

; Left alone: a shuffle also read elsewhere (it would stay), two masks, an operand
; that is no shuffle.
; CHECK-LABEL: @read_elsewhere(
; CHECK:         %p = shufflevector
; CHECK:         %q = shufflevector
; CHECK:         %m = add <8 x i32> %p, %q
define <8 x i32> @read_elsewhere(<8 x i32> %a, <8 x i32> %b, <8 x i32> %c, <8 x i32> %d, ptr %o) {
  %p = shufflevector <8 x i32> %a, <8 x i32> %b, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
  %q = shufflevector <8 x i32> %c, <8 x i32> %d, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
  store <8 x i32> %p, ptr %o
  %m = add <8 x i32> %p, %q
  ret <8 x i32> %m
}

; CHECK-LABEL: @two_masks(
; CHECK:         %p = shufflevector
; CHECK:         %q = shufflevector
; CHECK:         %m = add <8 x i32> %p, %q
define <8 x i32> @two_masks(<8 x i32> %a, <8 x i32> %b, <8 x i32> %c, <8 x i32> %d) {
  %p = shufflevector <8 x i32> %a, <8 x i32> %b, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
  %q = shufflevector <8 x i32> %c, <8 x i32> %d, <8 x i32> <i32 1, i32 3, i32 5, i32 7, i32 9, i32 11, i32 13, i32 15>
  %m = add <8 x i32> %p, %q
  ret <8 x i32> %m
}

; CHECK-LABEL: @reads_a_value(
; CHECK:         %p = shufflevector
; CHECK:         %q = shufflevector
; CHECK:         %s = add <8 x i32> %p, %x
define <8 x i32> @reads_a_value(<8 x i32> %a, <8 x i32> %b, <8 x i32> %c, <8 x i32> %d, <8 x i32> %x) {
  %p = shufflevector <8 x i32> %a, <8 x i32> %b, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
  %q = shufflevector <8 x i32> %c, <8 x i32> %d, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
  %s = add <8 x i32> %p, %x
  %m = mul <8 x i32> %s, %q
  ret <8 x i32> %m
}

@fmt = private constant [5 x i8] c"%ld\0A\00"
declare i32 @printf(ptr, ...)

define i32 @main() {
  %r = call <8 x i32> @three_shuffles(<8 x i32> <i32 1, i32 -2, i32 3, i32 -4, i32 5, i32 -6, i32 7, i32 -8>, <8 x i32> <i32 9, i32 10, i32 -11, i32 12, i32 13, i32 14, i32 -15, i32 16>, <8 x i32> <i32 100, i32 200, i32 300, i32 400, i32 500, i32 600, i32 700, i32 800>, <8 x i32> <i32 -1, i32 -3, i32 -5, i32 -7, i32 -9, i32 -11, i32 -13, i32 -17>, <8 x i32> <i32 1000, i32 2000, i32 3000, i32 4000, i32 5000, i32 6000, i32 7000, i32 8000>, <8 x i32> <i32 7, i32 77, i32 777, i32 7777, i32 77777, i32 777777, i32 7777777, i32 77777777>)
  %p = call <8 x i32> @reads_a_value(<8 x i32> <i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8>, <8 x i32> <i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16>, <8 x i32> <i32 3, i32 3, i32 3, i32 3, i32 5, i32 5, i32 5, i32 5>, <8 x i32> <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>, <8 x i32> <i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1>)
  %w = call <8 x i32> @with_splats(<8 x i32> <i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8>, <8 x i32> <i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16>, <8 x i32> <i32 -3, i32 3, i32 -5, i32 5, i32 -7, i32 7, i32 -9, i32 9>, <8 x i32> <i32 20, i32 21, i32 22, i32 23, i32 24, i32 25, i32 26, i32 27>, <8 x i32> <i32 100, i32 101, i32 102, i32 103, i32 104, i32 105, i32 106, i32 107>, <8 x i32> <i32 -100, i32 -101, i32 -102, i32 -103, i32 -104, i32 -105, i32 -106, i32 -107>, <8 x i32> <i32 0, i32 0, i32 17, i32 0, i32 0, i32 0, i32 0, i32 0>)
  %rp = add <8 x i32> %r, %p
  %s = mul <8 x i32> %rp, %w
  br label %loop
loop:
  %i = phi i32 [ 0, %0 ], [ %n, %loop ]
  %e = extractelement <8 x i32> %s, i32 %i
  %x = sext i32 %e to i64
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %x)
  %n = add i32 %i, 1
  %done = icmp eq i32 %n, 8
  br i1 %done, label %exit, label %loop
exit:
  ret i32 0
}
