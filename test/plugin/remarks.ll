; Optimization remarks: what the canonical form did (-pass-remarks), and each shuffle
; with the cost the target's own model (TTI) gives it (-pass-remarks-analysis).
; REQUIRES: x86-registered-target
; RUN: %opt -passes=shuffle-lib -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=PASSED
; RUN: %opt -passes=shuffle-lib -pass-remarks-analysis=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=COST
; RUN: %opt -passes=shuffle-lib -pass-remarks-output=%t.yaml -disable-output %s
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml

target triple = "x86_64-unknown-linux-gnu"

; PASSED: remark: <unknown>:0:0: canonical form (splat-selectors, zero-second): mask <4,2,5,1> became <0,4,1,4>
; PASSED: remark: <unknown>:0:0: canonical form (drop-operand, undef-second, identity): removed the shuffle, its result is an operand
; PASSED-NOT: remark

; The cost follows the function's target attributes: a lane-crossing 8 x i32 permute
; costs more on plain x86-64 (two 128-bit halves) than with AVX2 (one vpermd).
; COST: shufflevector <4,2,5,1> of <4 x i32>: cost [[#]] (reciprocal throughput)
; COST: shufflevector <7,6,5,4,3,2,1,0> of <8 x i32>: cost [[#SSE:]] (reciprocal throughput)
; COST: shufflevector <7,6,5,4,3,2,1,0> of <8 x i32>: cost [[#AVX2:]] (reciprocal throughput)

; YAML:      --- !Passed
; YAML-NEXT: Pass:            shuffle-lib
; YAML-NEXT: Name:            Canonicalize
; YAML-NEXT: Function:        zero_first

define <4 x i32> @zero_first(<4 x i32> %x) {
  %s = shufflevector <4 x i32> zeroinitializer, <4 x i32> %x, <4 x i32> <i32 4, i32 2, i32 5, i32 1>
  ret <4 x i32> %s
}

define <4 x float> @identity_of_second(<4 x float> %a, <4 x float> %b) {
  %s = shufflevector <4 x float> %a, <4 x float> %b, <4 x i32> <i32 4, i32 5, i32 6, i32 7>
  ret <4 x float> %s
}

define <8 x i32> @reverse_sse(<8 x i32> %a) {
  %s = shufflevector <8 x i32> %a, <8 x i32> poison, <8 x i32> <i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  ret <8 x i32> %s
}

define <8 x i32> @reverse_avx2(<8 x i32> %a) #0 {
  %s = shufflevector <8 x i32> %a, <8 x i32> poison, <8 x i32> <i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  ret <8 x i32> %s
}

attributes #0 = { "target-cpu"="x86-64-v3" }
