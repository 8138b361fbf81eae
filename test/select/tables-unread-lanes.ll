; No AArch64 table lookup (`tbl3`/`tbl4`) for a shuffle some of whose lanes no user
; reads, through lane-wise operations too (pass::tables::unread_lane, ir::demanded):
; the backend computes only the lanes read of a shuffle and of what it reads, not of a
; `tbl`'s tables. Here a `mul` of the shuffle is read in lanes 0, 1, 2 and 12; two
; shuffles and `tbl3` + `tbl4` (measured 14 → 12 alone) made the `xor` below whole,
; 18 instructions → 23 (a random program: 33 → 50; found by a helper's hunt).
; REQUIRES: aarch64-registered-target
; RUN: %opt -passes=shuffle-lib -S %s | %FileCheck %s --check-prefix=IR
; RUN: %opt -passes=shuffle-lib -S %s | %llc | %FileCheck %s --check-prefix=ASM

; IR-LABEL: @f(
; IR-NOT:     @llvm.aarch64.neon.tbl
; IR:         ret void
; ASM-LABEL: f:
; ASM-NOT:     tbl
; ASM:         ret

target triple = "aarch64-unknown-linux-gnu"

; A 4-register shuffle read in part through a lane-wise mul with two users: only lanes
; 0, 1, 2 and 12 of the product are stored.
define void @f(ptr %p, ptr %q, ptr %r, ptr %o) #0 {
  %a = load <16 x i32>, ptr %p, align 4
  %b = load <16 x i32>, ptr %q, align 4
  %x = xor <16 x i32> %a, %b
  %s = shufflevector <16 x i32> %x, <16 x i32> poison, <16 x i32> <i32 15, i32 3, i32 1, i32 12, i32 13, i32 6, i32 7, i32 14, i32 9, i32 8, i32 0, i32 5, i32 2, i32 5, i32 14, i32 11>
  %c = load <16 x i32>, ptr %r, align 4
  %m = mul <16 x i32> %s, %c
  %e1 = shufflevector <16 x i32> %m, <16 x i32> poison, <2 x i32> <i32 2, i32 12>
  %e2 = shufflevector <16 x i32> %m, <16 x i32> poison, <2 x i32> <i32 0, i32 1>
  %e = shufflevector <2 x i32> %e1, <2 x i32> %e2, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  store <4 x i32> %e, ptr %o, align 4
  ret void
}
attributes #0 = { "target-cpu"="neoverse-n1" }
