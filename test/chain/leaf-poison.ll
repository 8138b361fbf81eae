; A chain composed into lanes wider than a leaf's elements reads that leaf frozen: the
; original moves its elements one by one, so a poison element stays in its lane, but
; read as one wide lane it would make the defined elements beside it poison (a
; helper's hunt, 2026-11-27, with a lane-by-lane checker following LangRef: on
; neoverse-n1 in the default pipeline, a poison a[0] made a[1..7] poison). A leaf whose
; elements are as wide as the lanes is read as it is.
; REQUIRES: aarch64-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib,verify' -pass-remarks=shuffle-lib -S %s 2>&1 | FileCheck %s

; CHECK: remark: {{.*}}chain: 2 shuffles through 1 bitcasts (llc 2) became one shuffle of i64 lanes <1,3>
; CHECK: remark: {{.*}}chain: 2 shuffles through 1 bitcasts (llc 2) became one shuffle of i64 lanes <0,3>

; Result lanes 4..6 are b[4..6]: b is read frozen; a (doubles) as it is.
; CHECK-LABEL: @i16_leaf(
; CHECK-NEXT:    %[[F:.*]] = freeze <8 x i16> %b
; CHECK-NEXT:    %[[B:.*]] = bitcast <8 x i16> %[[F]] to <2 x i64>
; CHECK-NEXT:    %[[A:.*]] = bitcast <2 x double> %a to <2 x i64>
; CHECK-NEXT:    shufflevector <2 x i64> %[[B]], <2 x i64> %[[A]], <2 x i32> <i32 1, i32 3>
define <8 x i16> @i16_leaf(<2 x double> %a, <8 x i16> %b) {
  %s1 = shufflevector <2 x double> %a, <2 x double> poison, <2 x i32> <i32 1, i32 0>
  %c = bitcast <2 x double> %s1 to <8 x i16>
  %s2 = shufflevector <8 x i16> %b, <8 x i16> %c, <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 poison>
  ret <8 x i16> %s2
}

; Result bytes 1..7 are a[1..7], byte 0 poison: a is read frozen; b (i64) as it is.
; CHECK-LABEL: @byte_leaf(
; CHECK-NEXT:    %[[F:.*]] = freeze <16 x i8> %a
; CHECK-NEXT:    %[[A:.*]] = bitcast <16 x i8> %[[F]] to <2 x i64>
; CHECK-NEXT:    shufflevector <2 x i64> %[[A]], <2 x i64> %b, <2 x i32> <i32 0, i32 3>
define <16 x i8> @byte_leaf(<16 x i8> %a, <2 x i64> %b) {
  %s0 = shufflevector <2 x i64> %b, <2 x i64> poison, <2 x i32> <i32 1, i32 0>
  %c = bitcast <2 x i64> %s0 to <16 x i8>
  %s1 = shufflevector <16 x i8> %a, <16 x i8> %c, <16 x i32> <i32 poison, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 16, i32 17, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23>
  ret <16 x i8> %s1
}
