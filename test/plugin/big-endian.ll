; Big-endian targets are left alone: rewrites that read lanes through a bitcast take
; lane 0 for the low bits, true on little-endian targets only. On aarch64_be a byte
; rotation within words became `fshr` of words, rotated the other way, and an
; interleave with zero became a `zext`, the zero bytes on the wrong side (found by a
; helper's hunt, 2026-11-27). `-stats` counts the functions left alone.
; REQUIRES: aarch64-registered-target
; RUN: %opt -mtriple=aarch64_be-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=aarch64_be-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<canon-always;lower-always>' -S %s | FileCheck %s
; RUN: %opt -mtriple=aarch64_be-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<lower-always>' -S %s | FileCheck %s --check-prefix=LITTLE

; CHECK-LABEL: @rotate_bytes_in_i32(
; CHECK-NEXT:    %s = shufflevector <16 x i8> %x, <16 x i8> poison
; CHECK-LABEL: @zext_u8_u16(
; CHECK-NEXT:    %s = shufflevector <16 x i8> %x, <16 x i8> zeroinitializer
; STATS:         2 shuffle-lib - Functions left alone on a big-endian target
; LITTLE-LABEL: @rotate_bytes_in_i32(
; LITTLE:        @llvm.fshr
; LITTLE-LABEL: @zext_u8_u16(
; LITTLE:        zext

define <16 x i8> @rotate_bytes_in_i32(<16 x i8> %x) {
  %s = shufflevector <16 x i8> %x, <16 x i8> poison, <16 x i32> <i32 1, i32 2, i32 3, i32 0, i32 5, i32 6, i32 7, i32 4, i32 9, i32 10, i32 11, i32 8, i32 13, i32 14, i32 15, i32 12>
  ret <16 x i8> %s
}

define <16 x i8> @zext_u8_u16(<16 x i8> %x) {
  %s = shufflevector <16 x i8> %x, <16 x i8> zeroinitializer, <16 x i32> <i32 0, i32 16, i32 1, i32 16, i32 2, i32 16, i32 3, i32 16, i32 4, i32 16, i32 5, i32 16, i32 6, i32 16, i32 7, i32 16>
  ret <16 x i8> %s
}
