; AArch64 (neoverse-n1): an 8x8 i16 transpose written as one <64 x i16> shuffle (about
; 100 instructions) becomes two ld4 (the load deinterleaved four registers at a time:
; columns 4 apart side by side) and one stage of 8 uzp1/uzp2, where three stages of 8
; zip/uzp-shaped shuffles would be needed from plain loads; an interleave feeding a
; store is measured with the store, where llc makes it one st4: left alone.
; REQUIRES: aarch64-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | %llc -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 | FileCheck %s --check-prefix=ASM
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

; CHECK-LABEL: @transpose_i16(
; CHECK:         load <32 x i16>, ptr %p
; CHECK-COUNT-4: shufflevector <32 x i16> {{%.*}}, <32 x i16> poison, <8 x i32>
; CHECK:         load <32 x i16>
; CHECK-COUNT-4: shufflevector <32 x i16> {{%.*}}, <32 x i16> poison, <8 x i32>
; CHECK-COUNT-8: shufflevector <8 x i16> {{%.*}}, <8 x i16> {{%.*}}, <8 x i32>
; CHECK-NOT:     load <64 x i16>
; CHECK:         store <64 x i16> %t, ptr %q
; ASM-LABEL: transpose_i16:
; ASM:           ld4 { v{{[0-9]+}}.8h, v{{[0-9]+}}.8h, v{{[0-9]+}}.8h, v{{[0-9]+}}.8h }, [x0]
; ASM:           ld4 { v{{[0-9]+}}.8h, v{{[0-9]+}}.8h, v{{[0-9]+}}.8h, v{{[0-9]+}}.8h }, [x0]
; ASM-COUNT-8:   uzp{{[12]}}
; ASM-NOT:       mov {{.*}}.h[
; ASM-NOT:       ld1 {{.*}}.h }[
; ASM:           ret
; REMARK: remark: {{.*}}network: <64 x i16> shuffle of 8 registers ({{TTI|llc}} {{[0-9]+}}) became 1 stages of 8-lane shuffles, 8 in all, loaded 4 registers at a time deinterleaved
define void @transpose_i16(ptr %p, ptr %q) {
  %m = load <64 x i16>, ptr %p
  %t = shufflevector <64 x i16> %m, <64 x i16> poison, <64 x i32> <i32 0, i32 8, i32 16, i32 24, i32 32, i32 40, i32 48, i32 56, i32 1, i32 9, i32 17, i32 25, i32 33, i32 41, i32 49, i32 57, i32 2, i32 10, i32 18, i32 26, i32 34, i32 42, i32 50, i32 58, i32 3, i32 11, i32 19, i32 27, i32 35, i32 43, i32 51, i32 59, i32 4, i32 12, i32 20, i32 28, i32 36, i32 44, i32 52, i32 60, i32 5, i32 13, i32 21, i32 29, i32 37, i32 45, i32 53, i32 61, i32 6, i32 14, i32 22, i32 30, i32 38, i32 46, i32 54, i32 62, i32 7, i32 15, i32 23, i32 31, i32 39, i32 47, i32 55, i32 63>
  store <64 x i16> %t, ptr %q
  ret void
}

; CHECK-LABEL: @interleave(
; CHECK:         %y = shufflevector <16 x float> %abcd, <16 x float> poison, <16 x i32> <i32 0, i32 4, i32 8, i32 12
; ASM-LABEL: interleave:
; ASM:           st4
; REMARK-NOT: network: <16 x float>
define void @interleave(<4 x float> %a, <4 x float> %b, <4 x float> %c, <4 x float> %d, ptr %q) {
  %ab = shufflevector <4 x float> %a, <4 x float> %b, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %cd = shufflevector <4 x float> %c, <4 x float> %d, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %abcd = shufflevector <8 x float> %ab, <8 x float> %cd, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %y = shufflevector <16 x float> %abcd, <16 x float> poison, <16 x i32> <i32 0, i32 4, i32 8, i32 12, i32 1, i32 5, i32 9, i32 13, i32 2, i32 6, i32 10, i32 14, i32 3, i32 7, i32 11, i32 15>
  store <16 x float> %y, ptr %q
  ret void
}
