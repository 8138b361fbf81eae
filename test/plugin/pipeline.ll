; The plugin puts shuffle-lib<early> before the loop vectorizer and shuffle-lib<late>
; after the SLP vectorizer (at -O1, which has none, after the loop vectorizer), at -O1 to -O3 but not -O0; the printed pipeline parses back.
; RUN: %opt -passes='default<O3>' -print-pipeline-passes -disable-output -disable-verify %s > %t.o3
; RUN: FileCheck %s --check-prefix=O3 < %t.o3
; RUN: %opt -passes="$(cat %t.o3)" -print-pipeline-passes -disable-output -disable-verify %s | diff %t.o3 -
; RUN: %opt -passes='default<O1>' -print-pipeline-passes -disable-output %s | FileCheck %s --check-prefix=O1
; RUN: %opt -passes='default<O0>' -print-pipeline-passes -disable-output %s | FileCheck %s --check-prefix=O0
; RUN: %opt -passes=shuffle-lib -print-pipeline-passes -disable-output %s | FileCheck %s --check-prefix=PLAIN
; RUN: %opt -passes='shuffle-lib<late;no-canon>' -print-pipeline-passes -disable-output %s | FileCheck %s --check-prefix=PARAMS

; O3: shuffle-lib<early>
; O3-SAME: loop-vectorize
; O3-SAME: slp-vectorizer
; O3-SAME: shuffle-lib<late>
; O1: shuffle-lib<early>
; O1-SAME: loop-vectorize
; O1-SAME: shuffle-lib<late>
; O0-NOT: shuffle-lib
; PLAIN: function(shuffle-lib)
; PARAMS: function(shuffle-lib<late;no-canon>)

; -disable-shuffle-lib switches every instance off.
; RUN: %opt -passes='default<O2>' -stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=RUNS
; RUN: %opt -passes='default<O2>' -disable-shuffle-lib -stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=DISABLED --allow-empty
; RUN: %opt -passes=shuffle-lib -disable-shuffle-lib -stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=DISABLED --allow-empty
; Both instances (early and late) examine the shuffle.
; RUNS:     2 shuffle-lib - Number of shufflevectors examined
; DISABLED-NOT: shuffle-lib

define <4 x i32> @f(<4 x i32> %x, <4 x i32> %y) {
  %s = shufflevector <4 x i32> %y, <4 x i32> %x, <4 x i32> <i32 4, i32 0, i32 5, i32 1>
  ret <4 x i32> %s
}
