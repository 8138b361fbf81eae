; Rotates within wider elements have a recipe, llvm.fshr, and byte reversals within
; elements llvm.bswap or rotations; but the backends already select those shuffles as
; well in instructions (x86: pshufb/pshufd; AArch64: rev, ext; RISC-V V: vsll+vsrl+vor
; for a rotate, vrgather for a byte reversal), so by default they stay (lower::backend).
; On RISC-V V the measurement weighs instructions by the CPU's scheduling model: on
; sifive-x280 a vrgather.vv of 16 bytes costs 20 vadd.vv, and the byte reversal becomes
; two rotations (6 vector instructions); a CPU without a scheduling model (rv64 with V)
; counts the vrgather as one and keeps it. lower-always shows the recipes.
; REQUIRES: aarch64-registered-target, riscv-registered-target, x86-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | FileCheck %s --check-prefix=N1
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64 -passes=shuffle-lib -S %s | FileCheck %s --check-prefix=KEPT
; RUN: %opt -mtriple=riscv64-linux-gnu -mattr=+v -passes=shuffle-lib -S %s | FileCheck %s --check-prefix=KEPT
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -S %s | FileCheck %s --check-prefix=X280
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -S %s | %llc -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 | FileCheck %s --check-prefix=X280-ASM
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<lower-always>' -S %s | FileCheck %s
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<lower-always>' -S %s | %llc -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -o /dev/null

; X280-LABEL: @rotate_bytes_in_i32(
; X280-NEXT:     shufflevector
; X280-LABEL: @bswap_i32(
; X280-NEXT:     %1 = freeze <16 x i8> %x
; X280-NEXT:     %2 = bitcast <16 x i8> %1 to <4 x i32>
; X280-NEXT:     %3 = call <4 x i32> @llvm.fshr.v4i32(<4 x i32> %2, <4 x i32> %2, <4 x i32> splat (i32 16))
; X280-NEXT:     %4 = bitcast <4 x i32> %3 to <8 x i16>
; X280-NEXT:     %5 = call <8 x i16> @llvm.fshr.v8i16(<8 x i16> %4, <8 x i16> %4, <8 x i16> splat (i16 8))
; X280-NEXT:     %s = bitcast <8 x i16> %5 to <16 x i8>
; X280-LABEL: @swap_pairs(
; X280-NEXT:     shufflevector
; X280-ASM-LABEL: bswap_i32:
; X280-ASM-NOT:    vrgather
; X280-ASM:        ret

; KEPT-LABEL: @rotate_bytes_in_i32(
; KEPT-NEXT:     shufflevector
; On neoverse-n1 (outside a loop) the wide selection's `rev32` + `trn2` (2) beats the
; backend's `tbl` with its index load (3); its operand frozen, which the fence between
; the two steps needs (a poison byte would poison its `float`), also keeps the DAG
; from folding the two back into the `tbl`.
; N1-LABEL: @rotate_bytes_in_i32(
; N1-NEXT:       freeze <16 x i8> %x
; N1:            @llvm.arithmetic.fence
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
; N1-LABEL: @bswap_i32(
; N1-NEXT:       shufflevector
; CHECK-LABEL: @bswap_i32(
; CHECK-NEXT:    %1 = freeze <16 x i8> %x
; CHECK-NEXT:    %2 = bitcast <16 x i8> %1 to <4 x i32>
; CHECK-NEXT:    %3 = call <4 x i32> @llvm.fshr.v4i32(<4 x i32> %2, <4 x i32> %2, <4 x i32> splat (i32 16))
; CHECK-NEXT:    %4 = bitcast <4 x i32> %3 to <8 x i16>
; CHECK-NEXT:    %5 = call <8 x i16> @llvm.fshr.v8i16(<8 x i16> %4, <8 x i16> %4, <8 x i16> splat (i16 8))
; CHECK-NEXT:    %s = bitcast <8 x i16> %5 to <16 x i8>
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
