; A shuffle read in part through a bitcast and an `and` that clears whole lanes is left
; to the backend (ir::lower::read_in_part). Here a `<16 x i16>` shuffle is read as
; `<4 x i64>` and masked with 63: only its lanes 0, 4, 8 and 12 are read, and the
; backend builds only those (stock: 10 instructions on neoverse-n1). Two `tbl3`
; measured alone were cheaper than the whole shuffle, but a table lookup is opaque to
; that: 13 instructions, llvm-mca twice the cycles (found by a helper's hunt).
; REQUIRES: aarch64-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | %FileCheck %s --check-prefix=IR
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | %llc -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 | %FileCheck %s --check-prefix=ASM

; IR-LABEL: @masked(
; IR-NOT:     @llvm.aarch64.neon.tbl
; IR:         ret void

; ASM-LABEL: masked:
; ASM-NOT:     tbl
; ASM:         ret

define void @masked(<16 x i16> %x, ptr %o) {
  %s = shufflevector <16 x i16> %x, <16 x i16> <i16 poison, i16 poison, i16 1, i16 poison, i16 1, i16 poison, i16 poison, i16 poison, i16 poison, i16 poison, i16 1, i16 1, i16 1, i16 poison, i16 poison, i16 poison>, <16 x i32> <i32 9, i32 9, i32 18, i32 14, i32 20, i32 0, i32 0, i32 7, i32 7, i32 15, i32 26, i32 27, i32 28, i32 11, i32 14, i32 2>
  %b = bitcast <16 x i16> %s to <4 x i64>
  %a = and <4 x i64> %b, splat (i64 63)
  store <4 x i64> %a, ptr %o
  ret void
}
