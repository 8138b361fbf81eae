; -stats counts shuffles and each canonical-form rule.
; RUN: %opt -passes='shuffle-lib<canon-always>' -stats -disable-output %s 2>&1 | FileCheck %s
; RUN: %opt -passes=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty

; CHECK: shuffle-lib Statistics Collected
; CHECK-DAG: 1 shuffle-lib - Canonical form: identity shuffles removed
; CHECK-DAG: 2 shuffle-lib - Canonical form: operands swapped so the first lane reads the first operand
; CHECK-DAG: 3 shuffle-lib - Number of shufflevectors changed by the canonical form
; CHECK-DAG: 4 shuffle-lib - Number of shufflevectors examined
; QUIET-NOT: Statistics

define <4 x i32> @f(<4 x i32> %a, <4 x i32> %b) {
  %s1 = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 4, i32 0, i32 5, i32 1>
  %s2 = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 6, i32 2, i32 7, i32 3>
  %s3 = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %s4 = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %r1 = add <4 x i32> %s1, %s2
  %r2 = add <4 x i32> %s3, %s4
  %r = add <4 x i32> %r1, %r2
  ret <4 x i32> %r
}
