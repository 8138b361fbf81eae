; Zero extension written as an interleave with zero becomes zext of the frozen low half
; where TTI rates it cheaper: on RISC-V V one vzext instead of vzext + vmerge of zeros
; into lanes that are already zero (stock: 9 instructions, 4 after). x86 already selects
; the shuffle as vpmovzxbw, and freeze would keep it from folding a load into it: kept
; there (lower::backend); lower-always shows the recipe.
; REQUIRES: riscv-registered-target, x86-registered-target, aarch64-registered-target
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -S %s | %llc -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 | FileCheck %s --check-prefix=RVV
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s --check-prefix=KEPT
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<lower-always>' -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<lower-always>' -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 | FileCheck %s --check-prefix=X86
; AArch64: zip1 with a zero register is as cheap as ushll by TTI (2 = 2): kept.
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | FileCheck %s --check-prefix=KEPT
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<no-lower>' -S %s | FileCheck %s --check-prefix=KEPT

; CHECK-LABEL: @zext_u8_u16(
; CHECK-NEXT:    %1 = freeze <16 x i8> %x
; CHECK-NEXT:    %2 = shufflevector <16 x i8> %1, <16 x i8> poison, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
; CHECK-NEXT:    %3 = zext <8 x i8> %2 to <8 x i16>
; CHECK-NEXT:    %s = bitcast <8 x i16> %3 to <16 x i8>
; CHECK-NEXT:    ret <16 x i8> %s
; KEPT-LABEL: @zext_u8_u16(
; KEPT-NEXT:     shufflevector <16 x i8> %x, <16 x i8> zeroinitializer
; RVV-LABEL:   zext_u8_u16:
; RVV-NOT:       vmerge
; RVV:           vzext.vf2
; RVV-NOT:       vmerge
; RVV:           ret
; X86-LABEL:   zext_u8_u16:
; X86:           vpmovzxbw
; X86-NEXT:      retq
define <16 x i8> @zext_u8_u16(<16 x i8> %x) {
  %s = shufflevector <16 x i8> %x, <16 x i8> zeroinitializer, <16 x i32> <i32 0, i32 16, i32 1, i32 17, i32 2, i32 18, i32 3, i32 19, i32 4, i32 20, i32 5, i32 21, i32 6, i32 22, i32 7, i32 23>
  ret <16 x i8> %s
}

; The high half, with the operands in the other order, of floats (seen as integers).
; CHECK-LABEL: @zext_high_f16(
; CHECK-NEXT:    %1 = bitcast <8 x half> %x to <8 x i16>
; CHECK-NEXT:    %2 = freeze <8 x i16> %1
; CHECK-NEXT:    %3 = shufflevector <8 x i16> %2, <8 x i16> poison, <4 x i32> <i32 4, i32 5, i32 6, i32 7>
; CHECK-NEXT:    %4 = zext <4 x i16> %3 to <4 x i32>
; CHECK-NEXT:    %5 = bitcast <4 x i32> %4 to <8 x i16>
; CHECK-NEXT:    %s = bitcast <8 x i16> %5 to <8 x half>
define <8 x half> @zext_high_f16(<8 x half> %x) {
  %s = shufflevector <8 x half> zeroinitializer, <8 x half> %x, <8 x i32> <i32 12, i32 0, i32 13, i32 0, i32 14, i32 0, i32 15, i32 0>
  ret <8 x half> %s
}

; A lane reading a non-zero constant is no zero extension: kept.
; CHECK-LABEL: @not_zero(
; CHECK-NEXT:    shufflevector
; KEPT-LABEL: @not_zero(
; KEPT-NEXT:     shufflevector
define <16 x i8> @not_zero(<16 x i8> %x) {
  %s = shufflevector <16 x i8> %x, <16 x i8> splat (i8 1), <16 x i32> <i32 0, i32 16, i32 1, i32 17, i32 2, i32 18, i32 3, i32 19, i32 4, i32 20, i32 5, i32 21, i32 6, i32 22, i32 7, i32 23>
  ret <16 x i8> %s
}
