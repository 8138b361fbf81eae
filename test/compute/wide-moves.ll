; A shuffle moved below operations onto elements many times as wide is not measured:
; below an `fptoui` from `double` to bytes, a 16-byte interleave would become one of
; 16 doubles, four registers on x86-64-v3 (libjpeg-turbo's `rdppm.c`: 46 instructions
; against 106). Forced (`lower-always`), the rewrite is still made: the tree is a
; candidate, and the rule is what keeps it from the measurement.
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late>' -pass-remarks=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK --allow-empty
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late;lower-always>' -S %s | FileCheck %s --check-prefix=ALWAYS
; REMARK-NOT: through compute

; ALWAYS-LABEL: @fptoui_interleave(
; ALWAYS:         fptoui <16 x double> %{{.*}} to <16 x i8>
define void @fptoui_interleave(ptr %p, <4 x double> %a, <4 x double> %b, <4 x double> %c, <4 x double> %d) {
  %ab = shufflevector <4 x double> %a, <4 x double> %b, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %cd = shufflevector <4 x double> %c, <4 x double> %d, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %x = fptoui <8 x double> %ab to <8 x i8>
  %y = fptoui <8 x double> %cd to <8 x i8>
  %s = shufflevector <8 x i8> %x, <8 x i8> %y, <16 x i32> <i32 0, i32 4, i32 8, i32 12, i32 1, i32 5, i32 9, i32 13, i32 2, i32 6, i32 10, i32 14, i32 3, i32 7, i32 11, i32 15>
  store <16 x i8> %s, ptr %p
  ret void
}
