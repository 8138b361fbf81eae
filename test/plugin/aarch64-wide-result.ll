; Measuring a shuffle whose result is a vector wider than a register, its lanes not a
; power of two or wider than 512 bits in all, on AArch64: LLVM 22's backend overflows its
; stack on a function with an unused parameter of that type (what a probe takes to keep
; inputs out of the return registers), which in the host's process crashed opt (found
; by the differential generator, seed 131101). Such probes go without the parameter.
; REQUIRES: aarch64-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | %llc -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -o /dev/null

; CHECK-LABEL: @chain_to_14_floats(
; CHECK:         ret <14 x float>
define <14 x float> @chain_to_14_floats(<3 x float> %p0) {
  %v0 = bitcast <3 x float> %p0 to <12 x i8>
  %v1 = bitcast <12 x i8> %v0 to <3 x float>
  %v2 = shufflevector <3 x float> %v1, <3 x float> zeroinitializer, <14 x i32> <i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 1>
  %v3 = shufflevector <14 x float> %v2, <14 x float> zeroinitializer, <14 x i32> <i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 13, i32 poison>
  ret <14 x float> %v3
}

; CHECK-LABEL: @chain_to_32_floats(
; CHECK:         ret <32 x float>
define <32 x float> @chain_to_32_floats(<4 x float> %p0) {
  %v0 = bitcast <4 x float> %p0 to <16 x i8>
  %v1 = bitcast <16 x i8> %v0 to <4 x float>
  %v2 = shufflevector <4 x float> %v1, <4 x float> zeroinitializer, <32 x i32> <i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 1>
  %v3 = shufflevector <32 x float> %v2, <32 x float> zeroinitializer, <32 x i32> <i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 31, i32 poison>
  ret <32 x float> %v3
}
