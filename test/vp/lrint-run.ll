; The widened rounding computes the right values: the lowered vp.lrint/vp.llrint run
; under lli (round to nearest, ties to even) and print every lane.
; RUN: %opt -passes=shuffle-lib -S %s | %lli | FileCheck %s
; REQUIRES: native-x86_64

@fmt = private constant [25 x i8] c"%d %d %d %d %d %d %d %d\0A\00"

declare i32 @printf(ptr, ...)

define void @print8(<8 x i32> %v) {
  %e0 = extractelement <8 x i32> %v, i32 0
  %e1 = extractelement <8 x i32> %v, i32 1
  %e2 = extractelement <8 x i32> %v, i32 2
  %e3 = extractelement <8 x i32> %v, i32 3
  %e4 = extractelement <8 x i32> %v, i32 4
  %e5 = extractelement <8 x i32> %v, i32 5
  %e6 = extractelement <8 x i32> %v, i32 6
  %e7 = extractelement <8 x i32> %v, i32 7
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %e0, i32 %e1, i32 %e2, i32 %e3, i32 %e4, i32 %e5, i32 %e6, i32 %e7)
  ret void
}

define i32 @main() {
  ; i16 from double: rounds at 32 bits, truncates.
  ; CHECK: 2 2 -2 3 -7 101 32767 -32768
  %a = call <8 x i16> @llvm.vp.lrint.v8i16.v8f64(<8 x double> <double 1.5, double 2.5, double -1.5, double 3.49, double -7.0, double 100.6, double 32767.4, double -32768.4>, <8 x i1> splat (i1 true), i32 8)
  %a32 = sext <8 x i16> %a to <8 x i32>
  call void @print8(<8 x i32> %a32)
  ; i32 from float with llrint (x86 cannot select it as it is).
  ; CHECK-NEXT: 0 4 -4 1000000 -8 16777216 -1 6
  %b = call <8 x i32> @llvm.vp.llrint.v8i32.v8f32(<8 x float> <float 0.5, float 3.5, float -4.25, float 1000000.5, float -7.5, float 16777216.0, float -0.75, float 6.5>, <8 x i1> splat (i1 true), i32 8)
  call void @print8(<8 x i32> %b)
  ; i64 from half: rounds at 32 bits, sign-extends (65504 is the largest half).
  ; CHECK-NEXT: 2 -4 65504 -65504 0 1 -2 3
  %c = call <8 x i64> @llvm.vp.llrint.v8i64.v8f16(<8 x half> <half 2.5, half -3.5, half 65504.0, half -65504.0, half -0.25, half 0.75, half -2.25, half 3.0>, <8 x i1> splat (i1 true), i32 8)
  %c32 = trunc <8 x i64> %c to <8 x i32>
  call void @print8(<8 x i32> %c32)
  ; i8 from float.
  ; CHECK-NEXT: 127 -128 0 2 -2 4 10 -10
  %d = call <8 x i8> @llvm.vp.lrint.v8i8.v8f32(<8 x float> <float 127.25, float -128.25, float 0.25, float 1.5, float -2.5, float 4.5, float 9.75, float -9.75>, <8 x i1> splat (i1 true), i32 8)
  %d32 = sext <8 x i8> %d to <8 x i32>
  call void @print8(<8 x i32> %d32)
  ret i32 0
}
