; The assembly has the last word over TTI: a recipe that compiles to more instructions
; than its shuffle (each compiled alone) is dropped, with a missed remark. neoverse-n1,
; a u8 -> u32 zero extension with zero: TTI prices the shuffle 64 and the recipe 1, llc
; emits 3 for the shuffle (a tbl and its index) and 4 for the recipe (zip1, movi,
; ushll, and). A u8 -> u16 one: 2 against 1, lowered.
; REQUIRES: aarch64-registered-target, riscv-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -pass-remarks-missed=shuffle-lib -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<lower-always>' -S %s | FileCheck %s --check-prefix=ALWAYS

; CHECK-LABEL: @u8_u32(
; CHECK-NEXT:    %s = shufflevector <16 x i8> %x, <16 x i8> zeroinitializer
; ALWAYS-LABEL: @u8_u32(
; ALWAYS:        zext <4 x i8> {{.*}} to <4 x i32>
; REMARK: remark: {{.*}}zero-extend: mask <0,16,16,16,1,16,16,16,2,16,16,16,3,16,16,16> (cost 64, llc 3) not lowered: freeze, lanes 0..4, zext to i32, bitcast to i8 (cost 1) compiles to 4
define <16 x i8> @u8_u32(<16 x i8> %x) {
  %s = shufflevector <16 x i8> %x, <16 x i8> zeroinitializer, <16 x i32> <i32 0, i32 16, i32 16, i32 16, i32 1, i32 16, i32 16, i32 16, i32 2, i32 16, i32 16, i32 16, i32 3, i32 16, i32 16, i32 16>
  ret <16 x i8> %s
}

; CHECK-LABEL: @u8_u16(
; CHECK:         zext <8 x i8> {{.*}} to <8 x i16>
; REMARK: remark: {{.*}}zero-extend: mask <0,16,1,16,2,16,3,16,4,16,5,16,6,16,7,16> (cost {{[0-9]+}}, llc 2) became freeze, lanes 0..8, zext to i16, bitcast to i8 (cost 1, described 1, llc 1)
define <16 x i8> @u8_u16(<16 x i8> %x) {
  %s = shufflevector <16 x i8> %x, <16 x i8> zeroinitializer, <16 x i32> <i32 0, i32 16, i32 1, i32 16, i32 2, i32 16, i32 3, i32 16, i32 4, i32 16, i32 5, i32 16, i32 6, i32 16, i32 7, i32 16>
  ret <16 x i8> %s
}

; With the store that is its only user: sifive-x280 stores a u8 -> u16 zero extension
; written as an interleave with zero as one segment store (vsseg2e8 of the bytes and a
; zero register), where the recipe needs vzext, vse8, two vsetvli and an li (measured
; with the load and the store, outside a loop: vsetivli, vle8, vmv.v.i of zero,
; vsseg2e8, 4 against 6; the model predicts the recipe's 6).
; Returned instead, the same shuffle is lowered (zext.ll).
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -S %s | FileCheck %s --check-prefix=STORED
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=STORED-REMARK
; STORED-LABEL: @u8_u16_stored(
; STORED-NEXT:    %x = load <16 x i8>, ptr %p, align 1
; STORED-NEXT:    %s = shufflevector <16 x i8> %x, <16 x i8> zeroinitializer
; STORED-NEXT:    store <32 x i8> %s, ptr %q, align 1
; STORED-REMARK: remark: {{.*}}zero-extend: mask <0,16,1,17,{{.*}}> (cost {{[0-9]+}}, llc 4) not lowered: {{.*}} (cost 2, described 6) compiles to 6
define void @u8_u16_stored(ptr %p, ptr %q) {
  %x = load <16 x i8>, ptr %p, align 1
  %s = shufflevector <16 x i8> %x, <16 x i8> zeroinitializer, <32 x i32> <i32 0, i32 16, i32 1, i32 17, i32 2, i32 18, i32 3, i32 19, i32 4, i32 20, i32 5, i32 21, i32 6, i32 22, i32 7, i32 23, i32 8, i32 24, i32 9, i32 25, i32 10, i32 26, i32 11, i32 27, i32 12, i32 28, i32 13, i32 29, i32 14, i32 30, i32 15, i32 31>
  store <32 x i8> %s, ptr %q, align 1
  ret void
}
