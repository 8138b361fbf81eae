; A build vector read only by a shufflevector in its block whose other operand is a
; build vector too is measured with that shuffle (ir::slp::ShuffleReader), the other
; operand built from its own scalars. Alone, the reversed pair `p[1], p[0]` is cheaper
; as a load and a swap the shuffle takes in; with the interleave it is read by, the
; backend builds the whole result from the four scalars (sifive-x280, found by a
; helper's hunt: 17 instructions stock, 27 with the load).
; REQUIRES: riscv-registered-target, x86-registered-target
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -pass-remarks-missed=shuffle-lib -S %s 2>%t.err | FileCheck %s --check-prefix=RV
; RUN: FileCheck %s --check-prefix=RV-MISSED < %t.err
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -S %s | %llc -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -o /dev/null
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s --check-prefix=V3

; RV-LABEL: @interleaved(
; RV:         insertelement <2 x double> %v0, double %b, i64 1
; RV:         shufflevector <2 x double> %v1, <2 x double> %w1, <4 x i32> <i32 0, i32 2, i32 1, i32 3>
; RV-MISSED:  slp: kept a build vector of 2 lanes of 0 operations
define void @interleaved(ptr %p, ptr %q, ptr %r, ptr %o) {
  %p1 = getelementptr i8, ptr %p, i64 8
  %a = load double, ptr %p1, align 8
  %b = load double, ptr %p, align 8
  %v0 = insertelement <2 x double> poison, double %a, i64 0
  %v1 = insertelement <2 x double> %v0, double %b, i64 1
  %c = load double, ptr %q, align 8
  %d = load double, ptr %r, align 8
  %w0 = insertelement <2 x double> poison, double %c, i64 0
  %w1 = insertelement <2 x double> %w0, double %d, i64 1
  %s = shufflevector <2 x double> %v1, <2 x double> %w1, <4 x i32> <i32 0, i32 2, i32 1, i32 3>
  store <4 x double> %s, ptr %o, align 1
  ret void
}

; Control: products of permuted loads, read by a shuffle of a register: measured
; alone (it is built on its own either way), the vector code pays.
; V3-LABEL: @products_shuffled(
; V3:         mul <4 x i32>
; V3-NOT:     insertelement
; V3:         ret <4 x i32>
define <4 x i32> @products_shuffled(ptr %p, <4 x i32> %x) {
  %pa0 = getelementptr inbounds i8, ptr %p, i64 0
  %a0 = load i32, ptr %pa0, align 4
  %pa1 = getelementptr inbounds i8, ptr %p, i64 4
  %a1 = load i32, ptr %pa1, align 4
  %pa2 = getelementptr inbounds i8, ptr %p, i64 8
  %a2 = load i32, ptr %pa2, align 4
  %pa3 = getelementptr inbounds i8, ptr %p, i64 12
  %a3 = load i32, ptr %pa3, align 4
  %pb0 = getelementptr inbounds i8, ptr %p, i64 16
  %b0 = load i32, ptr %pb0, align 4
  %pb1 = getelementptr inbounds i8, ptr %p, i64 20
  %b1 = load i32, ptr %pb1, align 4
  %pb2 = getelementptr inbounds i8, ptr %p, i64 24
  %b2 = load i32, ptr %pb2, align 4
  %pb3 = getelementptr inbounds i8, ptr %p, i64 28
  %b3 = load i32, ptr %pb3, align 4
  %m0 = mul i32 %a2, %b1
  %m1 = mul i32 %a0, %b3
  %m2 = mul i32 %a3, %b0
  %m3 = mul i32 %a1, %b2
  %v0 = insertelement <4 x i32> poison, i32 %m0, i64 0
  %v1 = insertelement <4 x i32> %v0, i32 %m1, i64 1
  %v2 = insertelement <4 x i32> %v1, i32 %m2, i64 2
  %v3 = insertelement <4 x i32> %v2, i32 %m3, i64 3
  %s = shufflevector <4 x i32> %v3, <4 x i32> %x, <4 x i32> <i32 0, i32 5, i32 2, i32 7>
  ret <4 x i32> %s
}
