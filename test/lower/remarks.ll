; Each lowering says what it did, with both costs (TTI's) and what llc emits for each
; alone (vsetivli and vzext: the assembly disagrees with TTI's 1); -stats counts them
; per rule.
; REQUIRES: riscv-registered-target
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS

; CHECK: remark: {{.*}}zero-extend: mask <0,16,1,17,2,18,3,19,4,20,5,21,6,22,7,23> (cost 11, llc 8) became freeze, lanes 0..8, zext to i16, bitcast to i8 (cost 1, llc 2)
; STATS-DAG: 1 shuffle-lib - Shufflevectors replaced by cheaper non-shuffle IR
; STATS-DAG: 1 shuffle-lib - Lowered: zero extensions to zext
define <16 x i8> @zext_u8_u16(<16 x i8> %x) {
  %s = shufflevector <16 x i8> %x, <16 x i8> zeroinitializer, <16 x i32> <i32 0, i32 16, i32 1, i32 17, i32 2, i32 18, i32 3, i32 19, i32 4, i32 20, i32 5, i32 21, i32 6, i32 22, i32 7, i32 23>
  ret <16 x i8> %s
}
