; A function the measurement has compiled before in the process, or earlier in the same
; compilation, is not compiled again (the shim's `probeKey`): here the two groups'
; originals and networks are the same functions under other names, and of the four
; functions measured in use two are taken from the first two. The decisions are those of
; compiling all four: both groups stay.
; REQUIRES: x86-registered-target
; RUN: env SHUF_TIME_PROBES=1 %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PROBES
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s

; PROBES:      shuf-probe: 4 functions (2 measured before)
; CHECK-LABEL: @two_interleaves(
; CHECK-NEXT:    %i = shufflevector <16 x i16> %a, <16 x i16> %b, <32 x i32>
; CHECK-NEXT:    store <32 x i16> %i, ptr %p
; CHECK-NEXT:    %j = shufflevector <16 x i16> %c, <16 x i16> %d, <32 x i32>
; CHECK-NEXT:    store <32 x i16> %j, ptr %q
define void @two_interleaves(<16 x i16> %a, <16 x i16> %b, <16 x i16> %c, <16 x i16> %d, ptr %p, ptr %q) {
  %i = shufflevector <16 x i16> %a, <16 x i16> %b, <32 x i32> <i32 0, i32 16, i32 1, i32 17, i32 2, i32 18, i32 3, i32 19, i32 4, i32 20, i32 5, i32 21, i32 6, i32 22, i32 7, i32 23, i32 8, i32 24, i32 9, i32 25, i32 10, i32 26, i32 11, i32 27, i32 12, i32 28, i32 13, i32 29, i32 14, i32 30, i32 15, i32 31>
  store <32 x i16> %i, ptr %p, align 2
  %j = shufflevector <16 x i16> %c, <16 x i16> %d, <32 x i32> <i32 0, i32 16, i32 1, i32 17, i32 2, i32 18, i32 3, i32 19, i32 4, i32 20, i32 5, i32 21, i32 6, i32 22, i32 7, i32 23, i32 8, i32 24, i32 9, i32 25, i32 10, i32 26, i32 11, i32 27, i32 12, i32 28, i32 13, i32 29, i32 14, i32 30, i32 15, i32 31>
  store <32 x i16> %j, ptr %q, align 2
  ret void
}
