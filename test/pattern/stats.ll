; -stats counts shuffles per pattern (classification runs only when asked for).
; RUN: %opt -passes='shuffle-lib<no-canon>' -stats -disable-output %s 2>&1 | FileCheck %s
; CHECK-DAG: 2 shuffle-lib - Shuffles: reverse
; CHECK-DAG: 1 shuffle-lib - Shuffles: interleave
; CHECK-DAG: 1 shuffle-lib - Shuffles: general permutation
; CHECK-DAG: 1 shuffle-lib - Shuffles whose pattern holds within lanes

define <8 x i32> @f(<8 x i32> %a, <8 x i32> %b) {
  %r1 = shufflevector <8 x i32> %a, <8 x i32> poison, <8 x i32> <i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  %r2 = shufflevector <8 x i32> %a, <8 x i32> poison, <8 x i32> <i32 3, i32 2, i32 1, i32 0, i32 7, i32 6, i32 5, i32 4>
  %i = shufflevector <8 x i32> %r1, <8 x i32> %r2, <8 x i32> <i32 0, i32 8, i32 1, i32 9, i32 2, i32 10, i32 3, i32 11>
  %g = shufflevector <8 x i32> %i, <8 x i32> %b, <8 x i32> <i32 5, i32 9, i32 0, i32 14, i32 2, i32 2, i32 7, i32 3>
  ret <8 x i32> %g
}
