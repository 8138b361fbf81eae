; Two groups of one block, each of which may be joined alone but not both: group 1
; copies s[0..32) to m[32..64), group 2 copies m[8..40) to d, and its second load reads
; m[32..40), which group 1's first store writes. Joined, group 1's stores move down to
; its last (m+48) and group 2's loads up to its first (m+8), above them: d[4..7] would
; read m[32..40) before it is written. Groups are read before any is joined, so after
; a join the others are read again (`ir::join::read_again`) and group 2 is kept. Found
; by a helper's hunt (2026-11-27): on sifive-x280 in the default pipeline, d[4..7]
; printed the old m[8..9] values under qemu.
; REQUIRES: riscv-registered-target
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<late>' -S %s | FileCheck %s --check-prefixes=CHECK,MEASURED
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<late;lower-always>' -S %s | FileCheck %s

; CHECK-LABEL: @f(
; CHECK:         store <8 x i32> {{.*}}, ptr %m32
; CHECK:         %l2b = load <4 x i32>, ptr %m24
; CHECK-NOT:     load <8 x i32>, ptr %m8
; CHECK:         store <4 x i32> %y0, ptr %d
; CHECK:         store <4 x i32> %y1, ptr %d16
; CHECK:         ret void
define void @f(ptr noalias %s, ptr %m, ptr noalias %d) {
  %s16 = getelementptr i8, ptr %s, i64 16
  %m8 = getelementptr i8, ptr %m, i64 8
  %m32 = getelementptr i8, ptr %m, i64 32
  %m48 = getelementptr i8, ptr %m, i64 48
  %m24 = getelementptr i8, ptr %m, i64 24
  %d16 = getelementptr i8, ptr %d, i64 16
  %l1a = load <4 x i32>, ptr %s, align 4
  %l1b = load <4 x i32>, ptr %s16, align 4
  %x0 = shufflevector <4 x i32> %l1a, <4 x i32> %l1b, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %x1 = shufflevector <4 x i32> %l1a, <4 x i32> %l1b, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  store <4 x i32> %x0, ptr %m32, align 4
  %l2a = load <4 x i32>, ptr %m8, align 4
  store <4 x i32> %x1, ptr %m48, align 4
  %l2b = load <4 x i32>, ptr %m24, align 4
  %y0 = shufflevector <4 x i32> %l2a, <4 x i32> %l2b, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %y1 = shufflevector <4 x i32> %l2a, <4 x i32> %l2b, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  store <4 x i32> %y0, ptr %d, align 4
  store <4 x i32> %y1, ptr %d16, align 4
  ret void
}

; Two groups of one block far apart (nothing of one among the other's accesses): both
; are still joined after reading the second again (measured: with `lower-always`
; the networks take them first).
; MEASURED-LABEL: @apart(
; MEASURED:         load <8 x i32>, ptr %s
; MEASURED:         store <8 x i32>
; MEASURED:         load <8 x i32>, ptr %t
; MEASURED:         store <8 x i32>
; MEASURED:         ret void
define void @apart(ptr noalias %s, ptr noalias %t, ptr noalias %d, ptr noalias %e) {
  %s16 = getelementptr i8, ptr %s, i64 16
  %t16 = getelementptr i8, ptr %t, i64 16
  %d16 = getelementptr i8, ptr %d, i64 16
  %e16 = getelementptr i8, ptr %e, i64 16
  %a0 = load <4 x i32>, ptr %s, align 4
  %a1 = load <4 x i32>, ptr %s16, align 4
  %x0 = shufflevector <4 x i32> %a0, <4 x i32> %a1, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %x1 = shufflevector <4 x i32> %a0, <4 x i32> %a1, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  store <4 x i32> %x0, ptr %d, align 4
  store <4 x i32> %x1, ptr %d16, align 4
  %b0 = load <4 x i32>, ptr %t, align 4
  %b1 = load <4 x i32>, ptr %t16, align 4
  %y0 = shufflevector <4 x i32> %b0, <4 x i32> %b1, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %y1 = shufflevector <4 x i32> %b0, <4 x i32> %b1, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  store <4 x i32> %y0, ptr %e, align 4
  store <4 x i32> %y1, ptr %e16, align 4
  ret void
}
