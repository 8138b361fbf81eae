; A compute tree's leaf is measured through shuffles and bitcasts only the tree reads,
; down to loads only they read (ir::compute::ComputeTree::leaf_inputs). Here five
; `<3 x i8>` loads are each swizzled to `<2 x i16>` (a shuffle and a bitcast) and
; widened to `<7 x i16>` by one mask; the backend merges each swizzle into the
; widening, a broadcast of one pair of bytes. Measured from the bitcasts, commoning
; the widening out of the `add`/`xor` tree looked cheaper (15 -> 10), and made
; x86-64-v3's function 34 instructions -> 45 (found by a helper's hunt on random
; programs). Measured with the swizzles and loads, the tree is kept.
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late>' -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late>' -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -o /dev/null

; CHECK-LABEL: @swizzled(
; CHECK-COUNT-5: shufflevector <2 x i16> %{{[0-9]+}}, <2 x i16> poison, <7 x i32> <i32 0, i32 0, i32 1, i32 1, i32 0, i32 1, i32 1>
; CHECK:         store <7 x i16> %32, ptr %1, align 1
define void @swizzled(ptr noalias %0, ptr noalias %1, i32 %2) {
  %4 = sext i32 %2 to i64
  %invariant.gep = getelementptr i8, ptr %0, i64 %4
  %5 = load <3 x i8>, ptr %invariant.gep, align 1
  %6 = shufflevector <3 x i8> %5, <3 x i8> poison, <4 x i32> <i32 2, i32 1, i32 2, i32 1>
  %7 = bitcast <4 x i8> %6 to <2 x i16>
  %8 = shufflevector <2 x i16> %7, <2 x i16> poison, <7 x i32> <i32 0, i32 0, i32 1, i32 1, i32 0, i32 1, i32 1>
  %gep.1 = getelementptr i8, ptr %invariant.gep, i64 14
  %9 = load <3 x i8>, ptr %gep.1, align 1
  %10 = shufflevector <3 x i8> %9, <3 x i8> poison, <4 x i32> <i32 2, i32 1, i32 2, i32 1>
  %11 = bitcast <4 x i8> %10 to <2 x i16>
  %12 = shufflevector <2 x i16> %11, <2 x i16> poison, <7 x i32> <i32 0, i32 0, i32 1, i32 1, i32 0, i32 1, i32 1>
  %13 = add <7 x i16> %12, splat (i16 1)
  %14 = xor <7 x i16> %13, %8
  %gep.2 = getelementptr i8, ptr %invariant.gep, i64 28
  %15 = load <3 x i8>, ptr %gep.2, align 1
  %16 = shufflevector <3 x i8> %15, <3 x i8> poison, <4 x i32> <i32 2, i32 1, i32 2, i32 1>
  %17 = bitcast <4 x i8> %16 to <2 x i16>
  %18 = shufflevector <2 x i16> %17, <2 x i16> poison, <7 x i32> <i32 0, i32 0, i32 1, i32 1, i32 0, i32 1, i32 1>
  %19 = add <7 x i16> %18, splat (i16 2)
  %20 = xor <7 x i16> %19, %14
  %gep.3 = getelementptr i8, ptr %invariant.gep, i64 42
  %21 = load <3 x i8>, ptr %gep.3, align 1
  %22 = shufflevector <3 x i8> %21, <3 x i8> poison, <4 x i32> <i32 2, i32 1, i32 2, i32 1>
  %23 = bitcast <4 x i8> %22 to <2 x i16>
  %24 = shufflevector <2 x i16> %23, <2 x i16> poison, <7 x i32> <i32 0, i32 0, i32 1, i32 1, i32 0, i32 1, i32 1>
  %25 = add <7 x i16> %24, splat (i16 3)
  %26 = xor <7 x i16> %25, %20
  %gep.4 = getelementptr i8, ptr %invariant.gep, i64 56
  %27 = load <3 x i8>, ptr %gep.4, align 1
  %28 = shufflevector <3 x i8> %27, <3 x i8> poison, <4 x i32> <i32 2, i32 1, i32 2, i32 1>
  %29 = bitcast <4 x i8> %28 to <2 x i16>
  %30 = shufflevector <2 x i16> %29, <2 x i16> poison, <7 x i32> <i32 0, i32 0, i32 1, i32 1, i32 0, i32 1, i32 1>
  %31 = add <7 x i16> %30, splat (i16 4)
  %32 = xor <7 x i16> %31, %26
  store <7 x i16> %32, ptr %1, align 1
  ret void
}
