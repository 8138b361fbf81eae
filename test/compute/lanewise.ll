; Shuffles move through every lane-wise operation, not only binary operators: casts
; (here `zext`), `fneg`, comparisons, `select` on a vector of conditions, and
; lane-wise intrinsics (`llvm.fma`, `llvm.fmuladd`, `llvm.smin`, `llvm.fabs`, ...), each
; rebuilt at the new lane count with its opcode, predicate or intrinsic and its
; result's element type. Where the inverse permutations then cancel, what is left is
; the operation alone; decided by what llc emits: on x86-64-v3 llc already folds the
; reversals around a `zext` and the swap around a compare and select (`vpminsd`), so
; those stay; the `fma` of three swapped operands is 5 instructions against 2.
; REQUIRES: aarch64-registered-target, x86-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<late>' -S %s | FileCheck %s --check-prefixes=CHECK,A64
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late>' -S %s | FileCheck %s --check-prefixes=CHECK,X86
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late;lower-always>' -S %s | FileCheck %s --check-prefix=ALWAYS
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<late;lower-always>' -S %s | %llc -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -o /dev/null
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late>' -pass-remarks=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

; A64-LABEL: @through_zext(
; A64-NEXT:      %r = zext <8 x i16> %a to <8 x i32>
; A64-NEXT:      ret <8 x i32> %r
; X86-LABEL: @through_zext(
; X86:           shufflevector
; ALWAYS-LABEL: @through_zext(
; ALWAYS-NEXT:   %r = zext <8 x i16> %a to <8 x i32>
; REMARK: remark: {{.*}}through compute: kept a shuffle of 1 operations and 2 shuffles (llc 1): moved below them, 0 shuffles compile to 1
define <8 x i32> @through_zext(<8 x i16> %a) {
  %p = shufflevector <8 x i16> %a, <8 x i16> poison, <8 x i32> <i32 3, i32 2, i32 1, i32 0, i32 7, i32 6, i32 5, i32 4>
  %w = zext <8 x i16> %p to <8 x i32>
  %r = shufflevector <8 x i32> %w, <8 x i32> poison, <8 x i32> <i32 3, i32 2, i32 1, i32 0, i32 7, i32 6, i32 5, i32 4>
  ret <8 x i32> %r
}

; CHECK-LABEL: @through_fma(
; CHECK-NEXT:    %r = call fast <8 x float> @llvm.fma.v8f32(<8 x float> %a, <8 x float> %b, <8 x float> %c)
; CHECK-NEXT:    ret <8 x float> %r
; REMARK: remark: {{.*}}through compute: a shuffle of 1 operations and 4 shuffles (llc 5) moved below them: 0 shuffles (llc 2)
define <8 x float> @through_fma(<8 x float> %a, <8 x float> %b, <8 x float> %c) {
  %pa = shufflevector <8 x float> %a, <8 x float> poison, <8 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6>
  %pb = shufflevector <8 x float> %b, <8 x float> poison, <8 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6>
  %pc = shufflevector <8 x float> %c, <8 x float> poison, <8 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6>
  %f = call fast <8 x float> @llvm.fma.v8f32(<8 x float> %pa, <8 x float> %pb, <8 x float> %pc)
  %r = shufflevector <8 x float> %f, <8 x float> poison, <8 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6>
  ret <8 x float> %r
}

; The root narrows (8 lanes of two 8-lane operations to 4): the operations are rebuilt
; at 4 lanes, each operand a shuffle of the leaves.
; ALWAYS-LABEL: @narrowed_select(
; ALWAYS:        %[[M:.*]] = fcmp olt <4 x float>
; ALWAYS:        %[[N:.*]] = fneg <4 x float>
; ALWAYS:        %r = select <4 x i1> %[[M]], <4 x float> %[[N]], <4 x float>
; ALWAYS-NEXT:   ret <4 x float> %r
define <4 x float> @narrowed_select(<8 x float> %a, <8 x float> %b) {
  %m = fcmp olt <8 x float> %a, %b
  %n = fneg <8 x float> %a
  %s = select <8 x i1> %m, <8 x float> %n, <8 x float> %b
  %r = shufflevector <8 x float> %s, <8 x float> poison, <4 x i32> <i32 6, i32 4, i32 2, i32 0>
  ret <4 x float> %r
}

; A select on one condition for the whole vector is no lane-wise operation: left alone.
; ALWAYS-LABEL: @scalar_condition(
; ALWAYS:        %s = select i1 %c
; ALWAYS:        shufflevector
define <4 x i32> @scalar_condition(i1 %c, <4 x i32> %a, <4 x i32> %b) {
  %pa = shufflevector <4 x i32> %a, <4 x i32> poison, <4 x i32> <i32 2, i32 3, i32 0, i32 1>
  %s = select i1 %c, <4 x i32> %pa, <4 x i32> %b
  %r = shufflevector <4 x i32> %s, <4 x i32> poison, <4 x i32> <i32 2, i32 3, i32 0, i32 1>
  ret <4 x i32> %r
}

declare <8 x float> @llvm.fma.v8f32(<8 x float>, <8 x float>, <8 x float>)
