; A shift with zero fill within wider elements becomes lshr/shl of those elements.
; AArch64: tbl with a constant-pool index (4 instructions) becomes ushr (2).
; REQUIRES: aarch64-registered-target, riscv-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | %llc -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 | FileCheck %s --check-prefix=A64
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -S %s | FileCheck %s

; CHECK-LABEL: @down_within_i64(
; CHECK-NEXT:    %1 = freeze <8 x i16> %x
; CHECK-NEXT:    %2 = bitcast <8 x i16> %1 to <2 x i64>
; CHECK-NEXT:    %3 = lshr <2 x i64> %2, splat (i64 16)
; CHECK-NEXT:    %s = bitcast <2 x i64> %3 to <8 x i16>
; A64-LABEL:   down_within_i64:
; A64-NOT:       tbl
; A64:           ushr v0.2d, v0.2d, #16
; A64-NEXT:      ret
define <8 x i16> @down_within_i64(<8 x i16> %x) {
  %s = shufflevector <8 x i16> %x, <8 x i16> zeroinitializer, <8 x i32> <i32 1, i32 2, i32 3, i32 8, i32 5, i32 6, i32 7, i32 8>
  ret <8 x i16> %s
}

; CHECK-LABEL: @up_within_i32(
; CHECK-NEXT:    %1 = freeze <16 x i8> %x
; CHECK-NEXT:    %2 = bitcast <16 x i8> %1 to <4 x i32>
; CHECK-NEXT:    %3 = shl <4 x i32> %2, splat (i32 8)
; CHECK-NEXT:    %s = bitcast <4 x i32> %3 to <16 x i8>
; A64-LABEL:   up_within_i32:
; A64:           shl v0.4s, v0.4s, #8
define <16 x i8> @up_within_i32(<16 x i8> %x) {
  %s = shufflevector <16 x i8> zeroinitializer, <16 x i8> %x, <16 x i32> <i32 0, i32 16, i32 17, i32 18, i32 0, i32 20, i32 21, i32 22, i32 0, i32 24, i32 25, i32 26, i32 0, i32 28, i32 29, i32 30>
  ret <16 x i8> %s
}

; A whole 128-bit shift is no element any target has: the shuffle stays.
; CHECK-LABEL: @whole_vector(
; CHECK-NEXT:    shufflevector
define <16 x i8> @whole_vector(<16 x i8> %x) {
  %s = shufflevector <16 x i8> %x, <16 x i8> zeroinitializer, <16 x i32> <i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16, i32 17, i32 18>
  ret <16 x i8> %s
}
