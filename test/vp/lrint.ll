; vp.lrint and vp.llrint round at a width every backend selects: 32 bits with
; llvm.lrint, 64 bits with llvm.llrint; narrower results truncate, and half widens to
; 64 bits by sign extension. (Before: `llvm.llrint.v8i32.v8f32`, and x86's llc aborted
; with "Cannot select: i32 = llrint".)
; RUN: %opt -passes=shuffle-lib -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -S %s | FileCheck %s
; RUN: %opt -passes=shuffle-lib -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 %s -o %t.bc
; RUN: %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 %t.bc -o - | FileCheck %s --check-prefix=ASM
; RUN: %opt -passes=shuffle-lib -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -S %s | FileCheck %s --check-prefix=RVV
; REQUIRES: x86-registered-target, riscv-registered-target

; CHECK-LABEL: @llrint_i32_float(
; CHECK-NEXT:    %r = call <8 x i32> @llvm.lrint.v8i32.v8f32(<8 x float> %a)
; CHECK-NEXT:    ret <8 x i32> %r
; ASM-LABEL: llrint_i32_float:
; ASM:         vcvtps2dq
; RVV-LABEL: @llrint_i32_float(
; RVV-NEXT:    %r = call <8 x i32> @llvm.vp.llrint.v8i32.v8f32(
define <8 x i32> @llrint_i32_float(<8 x float> %a, <8 x i1> %m, i32 %evl) {
  %r = call <8 x i32> @llvm.vp.llrint.v8i32.v8f32(<8 x float> %a, <8 x i1> %m, i32 %evl)
  ret <8 x i32> %r
}

; CHECK-LABEL: @lrint_i16_double(
; CHECK-NEXT:    %1 = call <4 x i32> @llvm.lrint.v4i32.v4f64(<4 x double> %a)
; CHECK-NEXT:    %r = trunc <4 x i32> %1 to <4 x i16>
; CHECK-NEXT:    ret <4 x i16> %r
; RVV-LABEL: @lrint_i16_double(
; RVV-NEXT:    %1 = call <4 x i32> @llvm.lrint.v4i32.v4f64(<4 x double> %a)
; RVV-NEXT:    %r = trunc <4 x i32> %1 to <4 x i16>
define <4 x i16> @lrint_i16_double(<4 x double> %a, <4 x i1> %m, i32 %evl) {
  %r = call <4 x i16> @llvm.vp.lrint.v4i16.v4f64(<4 x double> %a, <4 x i1> %m, i32 %evl)
  ret <4 x i16> %r
}

; CHECK-LABEL: @llrint_i64_half(
; CHECK-NEXT:    %1 = call <4 x i32> @llvm.lrint.v4i32.v4f16(<4 x half> %a)
; CHECK-NEXT:    %r = sext <4 x i32> %1 to <4 x i64>
define <4 x i64> @llrint_i64_half(<4 x half> %a, <4 x i1> %m, i32 %evl) {
  %r = call <4 x i64> @llvm.vp.llrint.v4i64.v4f16(<4 x half> %a, <4 x i1> %m, i32 %evl)
  ret <4 x i64> %r
}

; CHECK-LABEL: @lrint_i64_double(
; CHECK-NEXT:    %r = call <4 x i64> @llvm.llrint.v4i64.v4f64(<4 x double> %a)
define <4 x i64> @lrint_i64_double(<4 x double> %a, <4 x i1> %m, i32 %evl) {
  %r = call <4 x i64> @llvm.vp.lrint.v4i64.v4f64(<4 x double> %a, <4 x i1> %m, i32 %evl)
  ret <4 x i64> %r
}
