; A shuffle of two different operations it cannot move below (a `trunc` on one side, an
; `or` of a broadcast on the other: libpng's pngvalid.c) would be rebuilt as it is: one
; shuffle built, but the broadcast kept below the `or`, so as many shuffles and
; operations run (`compute::runs_less`). Such a tree is not measured: nothing is
; compiled for it and no remark says it was kept. With a `trunc` on both sides one
; `trunc` is saved; that tree is measured (its remark, rewritten or kept, shows it).
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -pass-remarks=shuffle-lib -pass-remarks-missed=shuffle-lib -stats -disable-output %s 2>&1 | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -o /dev/null

; (Remarks come in the order of the functions: one for @rebuilt would be first.)
; CHECK-NOT:     through compute
; CHECK:         through compute: {{.*}}a shuffle of 2 operations and 2 shuffles (llc {{[0-9]+}}){{.*}}1 shuffles
; CHECK-NOT:     through compute
; CHECK:         2 shuffle-lib - Slices measured by compiling them

define <16 x i8> @rebuilt(<8 x i32> %x, i8 %y) {
  %i = insertelement <8 x i8> poison, i8 %y, i64 0
  %b = shufflevector <8 x i8> %i, <8 x i8> poison, <8 x i32> zeroinitializer
  %o = or disjoint <8 x i8> %b, <i8 0, i8 1, i8 2, i8 3, i8 4, i8 5, i8 6, i8 7>
  %t = trunc <8 x i32> %x to <8 x i8>
  %s = shufflevector <8 x i8> %t, <8 x i8> %o, <16 x i32> <i32 0, i32 8, i32 1, i32 9, i32 2, i32 10, i32 3, i32 11, i32 4, i32 12, i32 5, i32 13, i32 6, i32 14, i32 7, i32 15>
  ret <16 x i8> %s
}

; pixman's store_scanline_r8g8b8: two `trunc`s become one, the pad kept below it.
define <24 x i8> @one_trunc_saved(<16 x i32> %a, <8 x i32> %b) {
  %p = shufflevector <8 x i32> %b, <8 x i32> poison, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %t = trunc <16 x i32> %a to <16 x i8>
  %u = trunc <16 x i32> %p to <16 x i8>
  %s = shufflevector <16 x i8> %t, <16 x i8> %u, <24 x i32> <i32 0, i32 8, i32 16, i32 1, i32 9, i32 17, i32 2, i32 10, i32 18, i32 3, i32 11, i32 19, i32 4, i32 12, i32 20, i32 5, i32 13, i32 21, i32 6, i32 14, i32 22, i32 7, i32 15, i32 23>
  ret <24 x i8> %s
}
