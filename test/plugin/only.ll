; -shuffle-lib-only runs the pass on the named functions only (to bisect a miscompile by
; function): a list separated by commas, or @file with one name a line.
; RUN: %opt -passes=shuffle-lib -shuffle-lib-only=f,h -S %s | FileCheck %s --check-prefixes=CHECK,FH
; RUN: echo g > %t.names
; RUN: %opt -passes=shuffle-lib -shuffle-lib-only=@%t.names -S %s | FileCheck %s --check-prefixes=CHECK,G
; RUN: %opt -passes=shuffle-lib -shuffle-lib-only=@%t.missing -S %s 2>&1 | FileCheck %s --check-prefixes=CHECK,NONE
; NONE: warning: shuffle-lib: -shuffle-lib-only: cannot read {{.*}}; the pass runs on no function

; CHECK-LABEL: @f(
; FH-NEXT:       ret <4 x i32> %a
; G-NEXT:        shufflevector
; NONE-NEXT:     shufflevector
define <4 x i32> @f(<4 x i32> %a) {
  %s = shufflevector <4 x i32> %a, <4 x i32> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  ret <4 x i32> %s
}

; CHECK-LABEL: @g(
; FH-NEXT:       shufflevector
; G-NEXT:        ret <4 x i32> %a
; NONE-NEXT:     shufflevector
define <4 x i32> @g(<4 x i32> %a) {
  %s = shufflevector <4 x i32> %a, <4 x i32> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  ret <4 x i32> %s
}
