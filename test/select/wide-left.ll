; A wider shuffle whose searched sequence does not compile shorter is left as it was,
; and the module too: the candidate measured, then erased, and the intrinsic
; declarations its calls made removed again (no `declare` in the output).
; x86-64-v3: <7,9,8,15,3,15,8,12> of <8 x i32>, described vperm2f128 + vpermd + palignr
; (4), compiles to 5, as the shuffle does. neoverse-n1: an insertion and zip1 (2) need
; a register copy (3), as the shuffle's lowering.
; REQUIRES: x86-registered-target, aarch64-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -pass-remarks-missed=shuffle-lib -S %s 2>%t.v3 | FileCheck %s --check-prefix=V3
; RUN: FileCheck %s --check-prefix=V3MISSED < %t.v3
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | FileCheck %s --check-prefix=N1
; V3-LABEL: @dwords(
; V3-NEXT:    %s = shufflevector <8 x i32> %a, <8 x i32> %b, <8 x i32> <i32 7, i32 9, i32 8, i32 15, i32 3, i32 15, i32 8, i32 12>
; V3-NEXT:    ret <8 x i32> %s
; V3-NOT:     declare
; V3MISSED:   wide sequence not used: mask <7,9,8,15,3,15,8,12>
; N1-LABEL: @halves(
; N1-NEXT:    %s = shufflevector
; N1-NEXT:    ret <8 x i16> %s
; N1-NOT:     declare
define <8 x i32> @dwords(<8 x i32> %a, <8 x i32> %b) {
  %s = shufflevector <8 x i32> %a, <8 x i32> %b, <8 x i32> <i32 7, i32 9, i32 8, i32 15, i32 3, i32 15, i32 8, i32 12>
  ret <8 x i32> %s
}
define <8 x i16> @halves(<8 x i16> %a, <8 x i16> %b) {
  %s = shufflevector <8 x i16> %a, <8 x i16> %b, <8 x i32> <i32 8, i32 7, i32 poison, i32 9, i32 10, i32 poison, i32 poison, i32 poison>
  ret <8 x i16> %s
}
