; A mask with a poison lane is not commoned out of a `select` whose other arm is
; defined there: `select %c, poison, 42` is 42 where %c is false, and a shuffle after
; the select would make that lane poison whatever %c is. A helper's hunt (2026-11-27)
; found lane 5 of this tree folded to `ret i16 poison` by InstCombine after the plugin
; (x86-64-v3, default pipeline). The compute checker now models a `select`: poison
; where its condition is, an arm's poison only where taken. The two adds below the
; select are still commoned (poison there is poison in the original too), and
; InstCombine then folds lane 5 as it does without the plugin: `select %c, poison, 42`
; is 42. (With `lower-always` later rewrites freeze lane 5: not folded, not poison.)
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late>,instcombine' -S %s | FileCheck %s --check-prefixes=CHECK,MEASURED
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late;lower-always>,instcombine' -S %s | FileCheck %s

; CHECK-LABEL: @lane5(
; MEASURED-NEXT: ret i16 42
; CHECK-NOT:     ret i16 poison
; CHECK:         }
define i16 @lane5(<16 x i16> %a0, <16 x i16> %a1, <16 x i16> %b0, <16 x i16> %b1, <16 x i16> %d0, <16 x i16> %d1, i1 %c) {
  %ci = insertelement <16 x i1> poison, i1 %c, i64 0
  %bc = shufflevector <16 x i1> %ci, <16 x i1> poison, <16 x i32> zeroinitializer
  %p = shufflevector <16 x i16> %a0, <16 x i16> %a1, <16 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 poison, i32 12, i32 14, i32 16, i32 18, i32 20, i32 22, i32 24, i32 26, i32 28, i32 30>
  %q = shufflevector <16 x i16> %b0, <16 x i16> %b1, <16 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 poison, i32 12, i32 14, i32 16, i32 18, i32 20, i32 22, i32 24, i32 26, i32 28, i32 30>
  %t = shufflevector <16 x i16> %d0, <16 x i16> %d1, <16 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 poison, i32 12, i32 14, i32 16, i32 18, i32 20, i32 22, i32 24, i32 26, i32 28, i32 30>
  %s = add <16 x i16> %p, %q
  %u = add <16 x i16> %s, %t
  %r = select <16 x i1> %bc, <16 x i16> %u, <16 x i16> splat (i16 42)
  %e = extractelement <16 x i16> %r, i64 5
  ret i16 %e
}
