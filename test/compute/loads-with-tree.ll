; A compute tree's leaf that is a load only the tree reads is measured with the load
; (ir::compute::ComputeTree::measured_inputs): the backend folds the tree's
; deinterleaves of it into the load (AArch64 `ld2`), which a measurement from the
; loaded registers does not see. Found by a helper's hunt: products of interleaved
; complex doubles by a conjugate, neoverse-n1, where moving the shuffles below the
; operations made `ldp`, `dup`, `ext`, `eor` out of `ld2` (loop 818 -> 916 cycles by
; llvm-mca). The load measured, the tree is kept: `ld2`, the operations, `st2`.
; REQUIRES: aarch64-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<late>' -pass-remarks-missed=shuffle-lib -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=MISSED < %t.err
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<late>' -S %s | %llc -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 | FileCheck %s --check-prefix=ASM

; CHECK-LABEL: @conj_products(
; CHECK:         %ar = shufflevector <4 x double> %wa, <4 x double> poison, <2 x i32> <i32 0, i32 2>
; CHECK:         %iv = shufflevector <2 x double> %re, <2 x double> %im, <4 x i32> <i32 0, i32 2, i32 1, i32 3>
; MISSED:        through compute: kept a shuffle of 5 operations and 5 shuffles
; ASM-LABEL: conj_products:
; ASM:           ld2 { v{{[0-9]+}}.2d, v{{[0-9]+}}.2d }
; ASM:           st2 { v{{[0-9]+}}.2d, v{{[0-9]+}}.2d }
define void @conj_products(ptr noalias %a, ptr noalias %b, ptr noalias %c, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds double, ptr %a, i64 %i
  %pb = getelementptr inbounds double, ptr %b, i64 %i
  %pc = getelementptr inbounds double, ptr %c, i64 %i
  %wa = load <4 x double>, ptr %pa, align 8
  %ar = shufflevector <4 x double> %wa, <4 x double> poison, <2 x i32> <i32 0, i32 2>
  %ai = shufflevector <4 x double> %wa, <4 x double> poison, <2 x i32> <i32 1, i32 3>
  %wb = load <4 x double>, ptr %pb, align 8
  %br = shufflevector <4 x double> %wb, <4 x double> poison, <2 x i32> <i32 0, i32 2>
  %bi = shufflevector <4 x double> %wb, <4 x double> poison, <2 x i32> <i32 1, i32 3>
  %m1 = fmul <2 x double> %ai, %bi
  %re = call <2 x double> @llvm.fmuladd.v2f64(<2 x double> %ar, <2 x double> %br, <2 x double> %m1)
  %nbi = fneg <2 x double> %bi
  %m2 = fmul <2 x double> %ar, %nbi
  %im = call <2 x double> @llvm.fmuladd.v2f64(<2 x double> %ai, <2 x double> %br, <2 x double> %m2)
  %iv = shufflevector <2 x double> %re, <2 x double> %im, <4 x i32> <i32 0, i32 2, i32 1, i32 3>
  store <4 x double> %iv, ptr %pc, align 8
  %i.next = add nuw i64 %i, 4
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
declare <2 x double> @llvm.fmuladd.v2f64(<2 x double>, <2 x double>, <2 x double>)
