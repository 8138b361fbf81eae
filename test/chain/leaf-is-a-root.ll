; A chain's leaf that is another chain's root: %b (two shuffles through a bitcast) is
; read by two bitcasts, so it is a root of its own and a leaf of the chain %a1r above
; it. Rewritten first, %b is erased; the chain above, built on it afterwards, crashed
; opt (a use of a freed value) before 2026-11-27. Now the chain above is left as it is.
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<lower-always>' -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s

; CHECK:     chain: 2 shuffles through 1 bitcasts {{.*}} became one shuffle of i16 lanes <3,2,1,0,7,6,5,4>
; CHECK-NOT: chain:

define void @f(<4 x i32> %x, ptr %o1, ptr %o2) {
  %b1 = shufflevector <4 x i32> %x, <4 x i32> poison, <4 x i32> <i32 1, i32 0, i32 3, i32 2>
  %bc = bitcast <4 x i32> %b1 to <8 x i16>
  %b = shufflevector <8 x i16> %bc, <8 x i16> poison, <8 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6>
  %c1 = bitcast <8 x i16> %b to <4 x i32>
  %c2 = bitcast <8 x i16> %b to <2 x i64>
  %a1 = shufflevector <4 x i32> %c1, <4 x i32> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  %d1 = bitcast <4 x i32> %a1 to <16 x i8>
  %a1r = shufflevector <16 x i8> %d1, <16 x i8> poison, <16 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6, i32 9, i32 8, i32 11, i32 10, i32 13, i32 12, i32 15, i32 14>
  store <16 x i8> %a1r, ptr %o1
  store <2 x i64> %c2, ptr %o2
  ret void
}
