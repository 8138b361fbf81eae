; Casts from different element types, and comparisons of them, are different kinds of
; operation: a shuffle is not moved below a `zext` from bytes and one from words as if
; they were one (it would read an `<8 x i8>` and an `<8 x i16>`: opt crashed while
; measuring, and the verifier rejected the forced rewrite; found by review).
; REQUIRES: aarch64-registered-target, x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late;lower-always>' -S %s | FileCheck %s
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<late;lower-always>' -S %s | %llc -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -o /dev/null
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -o /dev/null

; CHECK-LABEL: @zext_bytes_and_words(
; CHECK-DAG:     zext <4 x i8> %{{.*}} to <4 x i32>
; CHECK-DAG:     zext <4 x i16> %{{.*}} to <4 x i32>
; CHECK:         ret <8 x i32>
define <8 x i32> @zext_bytes_and_words(<8 x i8> %x, <8 x i16> %y) {
  %xe = shufflevector <8 x i8> %x, <8 x i8> poison, <4 x i32> <i32 0, i32 2, i32 4, i32 6>
  %ye = shufflevector <8 x i16> %y, <8 x i16> poison, <4 x i32> <i32 1, i32 3, i32 5, i32 7>
  %a = zext <4 x i8> %xe to <4 x i32>
  %b = zext <4 x i16> %ye to <4 x i32>
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <8 x i32> <i32 0, i32 4, i32 1, i32 5, i32 2, i32 6, i32 3, i32 7>
  ret <8 x i32> %s
}

; CHECK-LABEL: @compare_bytes_and_words(
; CHECK-DAG:     icmp eq <4 x i8>
; CHECK-DAG:     icmp eq <4 x i16>
; CHECK:         ret <8 x i1>
define <8 x i1> @compare_bytes_and_words(<8 x i8> %x, <8 x i16> %y, <4 x i8> %z, <4 x i16> %w) {
  %xe = shufflevector <8 x i8> %x, <8 x i8> poison, <4 x i32> <i32 0, i32 2, i32 4, i32 6>
  %ye = shufflevector <8 x i16> %y, <8 x i16> poison, <4 x i32> <i32 1, i32 3, i32 5, i32 7>
  %a = icmp eq <4 x i8> %xe, %z
  %b = icmp eq <4 x i16> %ye, %w
  %s = shufflevector <4 x i1> %a, <4 x i1> %b, <8 x i32> <i32 0, i32 4, i32 1, i32 5, i32 2, i32 6, i32 3, i32 7>
  ret <8 x i1> %s
}
