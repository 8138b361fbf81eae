; Rotates within wider elements have a recipe, llvm.fshr, and byte reversals within
; elements llvm.bswap; but the backends of all three targets already select those
; shuffles as well (x86: pshufb/pshufd; AArch64: rev, ext; RISC-V V: vsll+vsrl+vor for a
; rotate, and bswap without Zvbb is dearer than vrgather), so by default they stay
; (lower::backend). lower-always shows the recipes.
; REQUIRES: aarch64-registered-target, riscv-registered-target, x86-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | FileCheck %s --check-prefix=KEPT
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64 -passes=shuffle-lib -S %s | FileCheck %s --check-prefix=KEPT
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -S %s | FileCheck %s --check-prefix=KEPT
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<lower-always>' -S %s | FileCheck %s
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<lower-always>' -S %s | %llc -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -o /dev/null

; KEPT-LABEL: @rotate_bytes_in_i32(
; KEPT-NEXT:     shufflevector
; CHECK-LABEL: @rotate_bytes_in_i32(
; CHECK-NEXT:    %1 = freeze <16 x i8> %x
; CHECK-NEXT:    %2 = bitcast <16 x i8> %1 to <4 x i32>
; CHECK-NEXT:    %3 = call <4 x i32> @llvm.fshr.v4i32(<4 x i32> %2, <4 x i32> %2, <4 x i32> splat (i32 8))
; CHECK-NEXT:    %s = bitcast <4 x i32> %3 to <16 x i8>
define <16 x i8> @rotate_bytes_in_i32(<16 x i8> %x) {
  %s = shufflevector <16 x i8> %x, <16 x i8> poison, <16 x i32> <i32 1, i32 2, i32 3, i32 0, i32 5, i32 6, i32 7, i32 4, i32 9, i32 10, i32 11, i32 8, i32 13, i32 14, i32 15, i32 12>
  ret <16 x i8> %s
}

; KEPT-LABEL: @bswap_i32(
; KEPT-NEXT:     shufflevector
; CHECK-LABEL: @bswap_i32(
; CHECK-NEXT:    %1 = freeze <16 x i8> %x
; CHECK-NEXT:    %2 = bitcast <16 x i8> %1 to <4 x i32>
; CHECK-NEXT:    %3 = call <4 x i32> @llvm.bswap.v4i32(<4 x i32> %2)
; CHECK-NEXT:    %s = bitcast <4 x i32> %3 to <16 x i8>
define <16 x i8> @bswap_i32(<16 x i8> %x) {
  %s = shufflevector <16 x i8> %x, <16 x i8> poison, <16 x i32> <i32 3, i32 2, i32 1, i32 0, i32 7, i32 6, i32 5, i32 4, i32 11, i32 10, i32 9, i32 8, i32 15, i32 14, i32 13, i32 12>
  ret <16 x i8> %s
}

; Pairs of i32 swapped: a rotate of i64 by 32.
; CHECK-LABEL: @swap_pairs(
; CHECK:         call <4 x i64> @llvm.fshr.v4i64(<4 x i64> %2, <4 x i64> %2, <4 x i64> splat (i64 32))
define <8 x i32> @swap_pairs(<8 x i32> %x) {
  %s = shufflevector <8 x i32> %x, <8 x i32> poison, <8 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6>
  ret <8 x i32> %s
}
