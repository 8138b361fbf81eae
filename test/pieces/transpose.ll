; A stored interleave of pieces of one wide load (pass::pieces): an 8x8 i16 transpose
; of one <64 x i16> load. Stock takes the load's register group apart with slides for
; the segment store (`vsseg8e16`); with the rows loaded one by one the segment store
; takes them whole: 8 `vle16` and one `vsseg8e16`. A volatile load, a shuffle read
; twice, and a mask that interleaves no pieces are left alone; on x86 the pass does not
; run (the networks take such shuffles there) but with `lower-always`, which builds
; every candidate.
; REQUIRES: riscv-registered-target, x86-registered-target
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -S %s | %llc -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 | FileCheck %s --check-prefix=ASM
; RUN: %llc -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 %s -o - | FileCheck %s --check-prefix=STOCK
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<no-pieces>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late;no-networks>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late;no-networks;lower-always>' -S %s | FileCheck %s --check-prefix=ALWAYS
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

; CHECK-LABEL: @transpose_8x8(
; CHECK-NEXT:    [[R0:%.*]] = load <8 x i16>, ptr %p, align 2
; CHECK-NEXT:    [[P1:%.*]] = getelementptr inbounds i8, ptr %p, i64 16
; CHECK-NEXT:    [[R1:%.*]] = load <8 x i16>, ptr [[P1]], align 2
; CHECK:         [[P7:%.*]] = getelementptr inbounds i8, ptr %p, i64 112
; CHECK-NEXT:    [[R7:%.*]] = load <8 x i16>, ptr [[P7]], align 2
; CHECK:         [[S:%.*]] = shufflevector <64 x i16> {{%.*}}, <64 x i16> poison, <64 x i32> <i32 0, i32 8, i32 16, i32 24, i32 32, i32 40, i32 48, i32 56, i32 1, i32 9,
; CHECK-NEXT:    store <64 x i16> [[S]], ptr %q, align 2
; CHECK-NOT:     load <64 x i16>
; ASM-LABEL: transpose_8x8:
; ASM-COUNT-8:   vle16.v
; ASM-NOT:       vslidedown
; ASM:           vsseg8e16.v
; ASM-NEXT:      ret
; STOCK-LABEL: transpose_8x8:
; STOCK:         vslidedown
; STOCK:         vsseg8e16.v
; OFF-LABEL: @transpose_8x8(
; OFF-NEXT:      load <64 x i16>, ptr %p
; ALWAYS-LABEL: @transpose_8x8(
; ALWAYS-COUNT-8: load <8 x i16>
; REMARK: pieces: 8 pieces of 8 lanes of a <64 x i16> load (align 2, stored align 2), interleaved (llc {{[0-9]+}} weighing {{[0-9]+}}), loaded one by one (llc {{[0-9]+}}
define void @transpose_8x8(ptr noalias %p, ptr noalias %q) {
  %w = load <64 x i16>, ptr %p, align 2
  %t = shufflevector <64 x i16> %w, <64 x i16> poison, <64 x i32> <i32 0, i32 8, i32 16, i32 24, i32 32, i32 40, i32 48, i32 56, i32 1, i32 9, i32 17, i32 25, i32 33, i32 41, i32 49, i32 57, i32 2, i32 10, i32 18, i32 26, i32 34, i32 42, i32 50, i32 58, i32 3, i32 11, i32 19, i32 27, i32 35, i32 43, i32 51, i32 59, i32 4, i32 12, i32 20, i32 28, i32 36, i32 44, i32 52, i32 60, i32 5, i32 13, i32 21, i32 29, i32 37, i32 45, i32 53, i32 61, i32 6, i32 14, i32 22, i32 30, i32 38, i32 46, i32 54, i32 62, i32 7, i32 15, i32 23, i32 31, i32 39, i32 47, i32 55, i32 63>
  store <64 x i16> %t, ptr %q, align 2
  ret void
}

; CHECK-LABEL: @volatile_load(
; CHECK-NEXT:    load volatile <64 x i16>
; ALWAYS-LABEL: @volatile_load(
; ALWAYS-NEXT:   load volatile <64 x i16>
define void @volatile_load(ptr noalias %p, ptr noalias %q) {
  %w = load volatile <64 x i16>, ptr %p, align 2
  %t = shufflevector <64 x i16> %w, <64 x i16> poison, <64 x i32> <i32 0, i32 8, i32 16, i32 24, i32 32, i32 40, i32 48, i32 56, i32 1, i32 9, i32 17, i32 25, i32 33, i32 41, i32 49, i32 57, i32 2, i32 10, i32 18, i32 26, i32 34, i32 42, i32 50, i32 58, i32 3, i32 11, i32 19, i32 27, i32 35, i32 43, i32 51, i32 59, i32 4, i32 12, i32 20, i32 28, i32 36, i32 44, i32 52, i32 60, i32 5, i32 13, i32 21, i32 29, i32 37, i32 45, i32 53, i32 61, i32 6, i32 14, i32 22, i32 30, i32 38, i32 46, i32 54, i32 62, i32 7, i32 15, i32 23, i32 31, i32 39, i32 47, i32 55, i32 63>
  store <64 x i16> %t, ptr %q, align 2
  ret void
}

; CHECK-LABEL: @read_twice(
; CHECK-NEXT:    load <16 x i32>
; ALWAYS-LABEL: @read_twice(
; ALWAYS-NEXT:   load <16 x i32>
define <16 x i32> @read_twice(ptr noalias %p, ptr noalias %q) {
  %w = load <16 x i32>, ptr %p, align 4
  %t = shufflevector <16 x i32> %w, <16 x i32> poison, <16 x i32> <i32 0, i32 4, i32 8, i32 12, i32 1, i32 5, i32 9, i32 13, i32 2, i32 6, i32 10, i32 14, i32 3, i32 7, i32 11, i32 15>
  store <16 x i32> %t, ptr %q, align 4
  ret <16 x i32> %t
}

; Lanes 0 and 1 swapped: no pieces interleaved.
; CHECK-LABEL: @no_pieces(
; CHECK-NEXT:    load <16 x i32>
; ALWAYS-LABEL: @no_pieces(
; ALWAYS-NEXT:   load <16 x i32>
define void @no_pieces(ptr noalias %p, ptr noalias %q) {
  %w = load <16 x i32>, ptr %p, align 4
  %t = shufflevector <16 x i32> %w, <16 x i32> poison, <16 x i32> <i32 4, i32 0, i32 8, i32 12, i32 1, i32 5, i32 9, i32 13, i32 2, i32 6, i32 10, i32 14, i32 3, i32 7, i32 11, i32 15>
  store <16 x i32> %t, ptr %q, align 4
  ret void
}
