; Testing only: -shuffle-lib-break-masks rotates every mask by one lane, a deliberate
; miscompile that scripts/realworld.sh must catch (and bisect to the function).
; RUN: %opt -passes=shuffle-lib -shuffle-lib-break-masks -S %s | FileCheck %s
; RUN: %opt -passes=shuffle-lib -shuffle-lib-break-masks -shuffle-lib-only=other -S %s | FileCheck %s --check-prefix=OFF

; CHECK-LABEL: @f(
; CHECK-NEXT:    %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 5, i32 2, i32 7, i32 0>
; OFF-LABEL:   @f(
; OFF-NEXT:      %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 5, i32 2, i32 7>
define <4 x i32> @f(<4 x i32> %a, <4 x i32> %b) {
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 5, i32 2, i32 7>
  ret <4 x i32> %s
}
