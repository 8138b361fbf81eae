; Deinterleaves of one load on RISC-V V (and AArch64): the backend makes the group one
; interleaved load (`vlseg2e16`), which each shuffle measured alone does not show. A
; recipe for such a shuffle must compile to strictly fewer instructions than it (here
; the even lanes as `trunc` and the odd as `lshr` + `trunc`, 2 instructions each like
; the shuffles alone, became two `vnsrl` where `vlseg2e16` does both): kept. Alone, the
; same shuffle is still measured as before. On x86 too (no interleaved load, but the
; backend shares work between the shuffles of a load): a four-way byte deinterleave of
; a load on x86-64-v4, each shuffle 5 instructions alone and as much as `trunc` or
; `lshr` + `trunc` (one `vpmovdb` each), compiles to 9 instructions in 6 cycles as a
; group and became 18 in 16 rewritten (found by review): kept.
; REQUIRES: riscv-registered-target, x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v4 -passes=shuffle-lib -S %s | FileCheck %s --check-prefix=X86
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -S %s | %llc -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 | FileCheck %s --check-prefix=ASM

; CHECK-LABEL: @max_pairs(
; CHECK:         [[V:%.*]] = load <16 x i16>, ptr %a, align 2
; CHECK-NEXT:    shufflevector <16 x i16> [[V]], <16 x i16> poison, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
; CHECK-NEXT:    shufflevector <16 x i16> [[V]], <16 x i16> poison, <8 x i32> <i32 1, i32 3, i32 5, i32 7, i32 9, i32 11, i32 13, i32 15>
; CHECK-NOT:     trunc
; ASM-LABEL: max_pairs:
; ASM:         vlseg2e16.v
; ASM-NEXT:    vmax.vv
; ASM-NOT:     vnsrl
; ASM:         ret
define void @max_pairs(ptr noalias %a, ptr noalias %out) {
  %v = load <16 x i16>, ptr %a, align 2
  %even = shufflevector <16 x i16> %v, <16 x i16> poison, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
  %odd = shufflevector <16 x i16> %v, <16 x i16> poison, <8 x i32> <i32 1, i32 3, i32 5, i32 7, i32 9, i32 11, i32 13, i32 15>
  %m = call <8 x i16> @llvm.smax.v8i16(<8 x i16> %even, <8 x i16> %odd)
  %s = shufflevector <8 x i16> %m, <8 x i16> poison, <8 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6>
  store <8 x i16> %s, ptr %out, align 2
  ret void
}

; X86-LABEL: @bytes_of_a_load(
; X86-COUNT-4:   shufflevector <128 x i8> %v, <128 x i8> poison, <32 x i32>
; X86-NOT:       trunc
define void @bytes_of_a_load(ptr %p, ptr %q) {
  %v = load <128 x i8>, ptr %p
  %x0 = shufflevector <128 x i8> %v, <128 x i8> poison, <32 x i32> <i32 0, i32 4, i32 8, i32 12, i32 16, i32 20, i32 24, i32 28, i32 32, i32 36, i32 40, i32 44, i32 48, i32 52, i32 56, i32 60, i32 64, i32 68, i32 72, i32 76, i32 80, i32 84, i32 88, i32 92, i32 96, i32 100, i32 104, i32 108, i32 112, i32 116, i32 120, i32 124>
  %x1 = shufflevector <128 x i8> %v, <128 x i8> poison, <32 x i32> <i32 1, i32 5, i32 9, i32 13, i32 17, i32 21, i32 25, i32 29, i32 33, i32 37, i32 41, i32 45, i32 49, i32 53, i32 57, i32 61, i32 65, i32 69, i32 73, i32 77, i32 81, i32 85, i32 89, i32 93, i32 97, i32 101, i32 105, i32 109, i32 113, i32 117, i32 121, i32 125>
  %x2 = shufflevector <128 x i8> %v, <128 x i8> poison, <32 x i32> <i32 2, i32 6, i32 10, i32 14, i32 18, i32 22, i32 26, i32 30, i32 34, i32 38, i32 42, i32 46, i32 50, i32 54, i32 58, i32 62, i32 66, i32 70, i32 74, i32 78, i32 82, i32 86, i32 90, i32 94, i32 98, i32 102, i32 106, i32 110, i32 114, i32 118, i32 122, i32 126>
  %x3 = shufflevector <128 x i8> %v, <128 x i8> poison, <32 x i32> <i32 3, i32 7, i32 11, i32 15, i32 19, i32 23, i32 27, i32 31, i32 35, i32 39, i32 43, i32 47, i32 51, i32 55, i32 59, i32 63, i32 67, i32 71, i32 75, i32 79, i32 83, i32 87, i32 91, i32 95, i32 99, i32 103, i32 107, i32 111, i32 115, i32 119, i32 123, i32 127>
  store <32 x i8> %x0, ptr %q
  %q1 = getelementptr i8, ptr %q, i64 32
  store <32 x i8> %x1, ptr %q1
  %q2 = getelementptr i8, ptr %q, i64 64
  store <32 x i8> %x2, ptr %q2
  %q3 = getelementptr i8, ptr %q, i64 96
  store <32 x i8> %x3, ptr %q3
  ret void
}
