; Every shuffle is classified: -pass-remarks-analysis names its pattern (with the
; parameters, and within which lanes) and the cost TTI gives it.
; REQUIRES: x86-registered-target
; RUN: %opt -passes=shuffle-lib -pass-remarks-analysis=shuffle-lib -disable-output %s 2>&1 | FileCheck %s

target triple = "x86_64-unknown-linux-gnu"

; CHECK: shufflevector <1,2,3,0,5,6,7,4> of <8 x i32>: rotate down by 1 within lanes of 4 (= rotate of i128 right by 32 bits) [rotate-in-lanes-of-4]; cost [[#]] (reciprocal throughput)
define <8 x i32> @rotate_in_lanes(<8 x i32> %a) {
  %s = shufflevector <8 x i32> %a, <8 x i32> poison, <8 x i32> <i32 1, i32 2, i32 3, i32 0, i32 5, i32 6, i32 7, i32 4>
  ret <8 x i32> %s
}

; CHECK: shufflevector <3,2,1,0,7,6,5,4,11,10,9,8,15,14,13,12> of <16 x i8>: reverse within lanes of 4 (= byte-swap of i32) [reverse-in-lanes-of-4]
define <16 x i8> @bswap32(<16 x i8> %a) {
  %s = shufflevector <16 x i8> %a, <16 x i8> poison, <16 x i32> <i32 3, i32 2, i32 1, i32 0, i32 7, i32 6, i32 5, i32 4, i32 11, i32 10, i32 9, i32 8, i32 15, i32 14, i32 13, i32 12>
  ret <16 x i8> %s
}

; Recognition works on the canonical form, whether or not the IR gets it.
; CHECK: shufflevector <8,0,9,0,10,0,11,0> of <8 x i16>: zero-extend by 2 from lane 0 [zero-extend]
define <8 x i16> @zext_written_backwards(<8 x i16> %a) {
  %s = shufflevector <8 x i16> zeroinitializer, <8 x i16> %a, <8 x i32> <i32 8, i32 0, i32 9, i32 0, i32 10, i32 0, i32 11, i32 0>
  ret <8 x i16> %s
}

; CHECK: shufflevector <0,3,6,9> of <4 x float>: deinterleave by 3, part 0 [deinterleave]
define <4 x float> @stride3(<8 x float> %a, <8 x float> %b) {
  %s = shufflevector <8 x float> %a, <8 x float> %b, <4 x i32> <i32 0, i32 3, i32 6, i32 9>
  ret <4 x float> %s
}

; CHECK: shufflevector <0,4,8,1,5,9,2,6,10,3,7,11> of <12 x i8>: interleave of 3 streams of 4, part 0 [interleave]
define <12 x i8> @rgb(<8 x i8> %rg, <8 x i8> %b) {
  %s = shufflevector <8 x i8> %rg, <8 x i8> %b, <12 x i32> <i32 0, i32 4, i32 8, i32 1, i32 5, i32 9, i32 2, i32 6, i32 10, i32 3, i32 7, i32 11>
  ret <12 x i8> %s
}

; CHECK: shufflevector <7,1,4,2> of <4 x i32>: general permutation of 2 sources [permute-two]
define <4 x i32> @general(<4 x i32> %a, <4 x i32> %b) {
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 7, i32 1, i32 4, i32 2>
  ret <4 x i32> %s
}
