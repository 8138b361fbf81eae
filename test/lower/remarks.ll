; Each lowering says what it did, with both costs (TTI's), the instructions the model
; of the backend (lower::emitted) predicts for the recipe and what llc emits for each
; alone (vsetivli and vzext: the assembly disagrees with TTI's 1; an upper half adds a
; vslidedown and its vsetivli: TTI 3, described and emitted 4); -stats counts them per
; rule.
; REQUIRES: riscv-registered-target
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS

; CHECK: remark: {{.*}}zero-extend: mask <0,16,1,17,2,18,3,19,4,20,5,21,6,22,7,23> (cost 11, llc 8) became freeze, lanes 0..8, zext to i16, bitcast to i8 (cost 1, described 2, llc 2)
; STATS-DAG: 2 shuffle-lib - Shufflevectors replaced by cheaper non-shuffle IR
; STATS-DAG: 2 shuffle-lib - Lowered: zero extensions to zext
define <16 x i8> @zext_u8_u16(<16 x i8> %x) {
  %s = shufflevector <16 x i8> %x, <16 x i8> zeroinitializer, <16 x i32> <i32 0, i32 16, i32 1, i32 17, i32 2, i32 18, i32 3, i32 19, i32 4, i32 20, i32 5, i32 21, i32 6, i32 22, i32 7, i32 23>
  ret <16 x i8> %s
}

; CHECK: remark: {{.*}}zero-extend: mask <8,24,9,25,10,26,11,27,12,28,13,29,14,30,15,31> (cost {{[0-9]+}}, llc {{[0-9]+}}) became freeze, lanes 8..16, zext to i32, bitcast to i16 (cost {{[0-9]+}}, described 4, llc 4)
define <16 x i16> @zext_upper_u16_u32(<16 x i16> %x) {
  %s = shufflevector <16 x i16> %x, <16 x i16> zeroinitializer, <16 x i32> <i32 8, i32 24, i32 9, i32 25, i32 10, i32 26, i32 11, i32 27, i32 12, i32 28, i32 13, i32 29, i32 14, i32 30, i32 15, i32 31>
  ret <16 x i16> %s
}
