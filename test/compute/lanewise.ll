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
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late>' -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 | FileCheck %s --check-prefix=ASM-X86
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<late;lower-always>' -S %s | %llc -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -o /dev/null
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late>' -pass-remarks=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; The same bits before and after, under lli on this machine: signed zeros,
; infinities, NaN and ordinary values through the fused complex multiply, NaN results
; printed as one NaN: LLVM leaves the sign and payload of an operation's NaN result
; open, and x86's `vfmadd` forms propagate the NaN of a different operand (here a NaN
; of either sign), depending on which form the backend picks for 8 or 16 lanes.
; RUN: %lli %s > %t.before
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late;lower-always>' -S %s | %lli > %t.after
; RUN: diff %t.before %t.after
; RUN: FileCheck %s --check-prefix=RUNS < %t.after
; RUNS-COUNT-8: {{[0-9a-f]+}}

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

; The complex multiply as clang writes it by default (`-ffp-contract=on`: products
; fused) once InstCombine has moved the `fneg` onto `bi`. The interleave moves below
; both `fmuladd`s and both `fmul`s, and below the `fneg` on one side only as the sign
; flipped in the real lanes; the flip taken out of the product (`fmul x, (fneg y)` is
; `fneg (fmul x, y)`), the `fmuladd` of a sign-flipped addend becomes a blend of the
; `fmuladd` on the negated and on the plain product: one `vfmaddsub` on x86.
; x86-64-v3: 16 instructions, 10 after.
; X86-LABEL: @fused_complex_multiply(
; X86:           %[[RR:.*]] = shufflevector <16 x float> %a, <16 x float> poison, <16 x i32> <i32 0, i32 0, i32 2, i32 2,
; X86:           %[[II:.*]] = shufflevector <16 x float> %a, <16 x float> poison, <16 x i32> <i32 1, i32 1, i32 3, i32 3,
; X86:           %[[SW:.*]] = shufflevector <16 x float> %b, <16 x float> poison, <16 x i32> <i32 1, i32 0, i32 3, i32 2,
; X86:           %[[P:.*]] = fmul <16 x float> %[[II]], %[[SW]]
; X86:           %[[N:.*]] = fneg <16 x float> %[[P]]
; X86:           %[[S:.*]] = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %[[RR]], <16 x float> %b, <16 x float> %[[N]])
; X86:           %[[A:.*]] = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %[[RR]], <16 x float> %b, <16 x float> %[[P]])
; X86:           %r = shufflevector <16 x float> %[[S]], <16 x float> %[[A]], <16 x i32> <i32 0, i32 17, i32 2, i32 19,
; X86-NEXT:      ret <16 x float> %r
; REMARK: remark: {{.*}}through compute: a shuffle of 5 operations and 5 shuffles (llc 16) moved below them, the sign-flipped operand as a blend: 4 shuffles (llc 10)
; ASM-X86-LABEL: fused_complex_multiply:
; ASM-X86-COUNT-2: vfmaddsub{{[0-9]+}}ps
; ASM-X86-NOT:   vxorps
; ASM-X86:       retq
define <16 x float> @fused_complex_multiply(<16 x float> %a, <16 x float> %b) {
  %ar = shufflevector <16 x float> %a, <16 x float> poison, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
  %ai = shufflevector <16 x float> %a, <16 x float> poison, <8 x i32> <i32 1, i32 3, i32 5, i32 7, i32 9, i32 11, i32 13, i32 15>
  %br = shufflevector <16 x float> %b, <16 x float> poison, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
  %bi = shufflevector <16 x float> %b, <16 x float> poison, <8 x i32> <i32 1, i32 3, i32 5, i32 7, i32 9, i32 11, i32 13, i32 15>
  %nbi = fneg <8 x float> %bi
  %p1 = fmul <8 x float> %ai, %nbi
  %re = call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %ar, <8 x float> %br, <8 x float> %p1)
  %p2 = fmul <8 x float> %ai, %br
  %im = call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %ar, <8 x float> %bi, <8 x float> %p2)
  %r = shufflevector <8 x float> %re, <8 x float> %im, <16 x i32> <i32 0, i32 8, i32 1, i32 9, i32 2, i32 10, i32 3, i32 11, i32 4, i32 12, i32 5, i32 13, i32 6, i32 14, i32 7, i32 15>
  ret <16 x float> %r
}

@fmt = private constant [6 x i8] c"%llx\0A\00"
declare i32 @printf(ptr, ...)

define i32 @main() {
  %r = call <16 x float> @fused_complex_multiply(<16 x float> <float 1.5, float -0.0, float 0.0, float 0x7FF0000000000000, float 0x7FF8000000000000, float 3.25, float -2.0, float 1.0e+10, float 0x3E70000000000000, float -7.5, float 0xFFF0000000000000, float 2.0, float 1.0, float 1.0, float -0.0, float -0.0>, <16 x float> <float -0.0, float 2.5, float 0x3810000000000000, float 1.0, float 4.0, float -0.0, float 0x7FF0000000000000, float 3.0, float -1.25, float 0x7FF8000000000000, float 1.0, float 0.0, float 0.5, float -0.5, float 0.0, float -0.0>)
  %nan = fcmp uno <16 x float> %r, %r
  %c = select <16 x i1> %nan, <16 x float> splat (float 0x7FF8000000000000), <16 x float> %r
  %q = bitcast <16 x float> %c to <8 x i64>
  %q0 = extractelement <8 x i64> %q, i32 0
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %q0)
  %q1 = extractelement <8 x i64> %q, i32 1
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %q1)
  %q2 = extractelement <8 x i64> %q, i32 2
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %q2)
  %q3 = extractelement <8 x i64> %q, i32 3
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %q3)
  %q4 = extractelement <8 x i64> %q, i32 4
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %q4)
  %q5 = extractelement <8 x i64> %q, i32 5
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %q5)
  %q6 = extractelement <8 x i64> %q, i32 6
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %q6)
  %q7 = extractelement <8 x i64> %q, i32 7
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %q7)
  ret i32 0
}

declare <8 x float> @llvm.fma.v8f32(<8 x float>, <8 x float>, <8 x float>)
declare <8 x float> @llvm.fmuladd.v8f32(<8 x float>, <8 x float>, <8 x float>)
