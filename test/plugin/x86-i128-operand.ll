; A measurement hands a `<1 x i128>` result on as its value, not to an inline asm that
; takes an xmm register (plugin/shim.cpp consumerConstraint: lanes of 64 bits at most).
; A chain ending in this shuffle made `opt` fail with "couldn't allocate input reg for
; constraint 'x'" on every x86 CPU (found by a helper's hunt).
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v2 -passes=shuffle-lib -S %s | %FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v4 -passes='default<O3>' -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v4 -o /dev/null

; CHECK-LABEL: @f(
; CHECK:         store <1 x i128>
define void @f(<16 x i16> %x, ptr %out) {
  %a = shufflevector <16 x i16> %x, <16 x i16> poison, <16 x i32> <i32 1, i32 0, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 9, i32 8, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %b = bitcast <16 x i16> %a to <2 x i128>
  %s = shufflevector <2 x i128> %b, <2 x i128> poison, <1 x i32> <i32 1>
  store <1 x i128> %s, ptr %out, align 1
  ret void
}
