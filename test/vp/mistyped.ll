; The IR verifier accepts VP intrinsics on element types LangRef does not define them
; on (they are declared on any vector); their plain forms would not verify (`add` on
; floats, `llvm.bswap` on bytes), so such calls are left as they are, with a missed
; remark. (Before: opt aborted with "Broken module found".)
; RUN: %opt -passes=shuffle-lib -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -pass-remarks-missed=shuffle-lib -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; REQUIRES: x86-registered-target

; CHECK-LABEL: @add_float(
; CHECK-NEXT:    %r = call <8 x float> @llvm.vp.add.v8f32(
; REMARK: llvm.vp.add on element types it is not defined on; kept
define <8 x float> @add_float(<8 x float> %a, <8 x float> %b, <8 x i1> %m, i32 %evl) {
  %r = call <8 x float> @llvm.vp.add.v8f32(<8 x float> %a, <8 x float> %b, <8 x i1> %m, i32 %evl)
  ret <8 x float> %r
}

; CHECK-LABEL: @fadd_int(
; CHECK-NEXT:    %r = call <8 x i32> @llvm.vp.fadd.v8i32(
define <8 x i32> @fadd_int(<8 x i32> %a, <8 x i32> %b) {
  %r = call <8 x i32> @llvm.vp.fadd.v8i32(<8 x i32> %a, <8 x i32> %b, <8 x i1> splat (i1 true), i32 8)
  ret <8 x i32> %r
}

; CHECK-LABEL: @bswap_i8(
; CHECK-NEXT:    %r = call <8 x i8> @llvm.vp.bswap.v8i8(
define <8 x i8> @bswap_i8(<8 x i8> %a) {
  %r = call <8 x i8> @llvm.vp.bswap.v8i8(<8 x i8> %a, <8 x i1> splat (i1 true), i32 8)
  ret <8 x i8> %r
}

; CHECK-LABEL: @reduce_add_float(
; CHECK-NEXT:    %r = call float @llvm.vp.reduce.add.v4f32(
define float @reduce_add_float(float %s, <4 x float> %v, <4 x i1> %m) {
  %r = call float @llvm.vp.reduce.add.v4f32(float %s, <4 x float> %v, <4 x i1> %m, i32 4)
  ret float %r
}

; CHECK-LABEL: @fcmp_int(
; CHECK-NEXT:    %r = call <4 x i1> @llvm.vp.fcmp.v4i32(
define <4 x i1> @fcmp_int(<4 x i32> %a, <4 x i32> %b) {
  %r = call <4 x i1> @llvm.vp.fcmp.v4i32(<4 x i32> %a, <4 x i32> %b, metadata !"olt", <4 x i1> splat (i1 true), i32 4)
  ret <4 x i1> %r
}

; CHECK-LABEL: @lrint_int(
; CHECK-NEXT:    %r = call <4 x i32> @llvm.vp.lrint.v4i32.v4i32(
define <4 x i32> @lrint_int(<4 x i32> %a) {
  %r = call <4 x i32> @llvm.vp.lrint.v4i32.v4i32(<4 x i32> %a, <4 x i1> splat (i1 true), i32 4)
  ret <4 x i32> %r
}

; A defined one in the same function is still lowered.
; CHECK-LABEL: @add_int(
; CHECK-NEXT:    %r = add <4 x i32> %a, %b
define <4 x i32> @add_int(<4 x i32> %a, <4 x i32> %b) {
  %r = call <4 x i32> @llvm.vp.add.v4i32(<4 x i32> %a, <4 x i32> %b, <4 x i1> splat (i1 true), i32 4)
  ret <4 x i32> %r
}
