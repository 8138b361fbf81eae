; Optimization remarks: what the canonical form did (-pass-remarks), what the cost model
; turned down (-pass-remarks-missed), and each shuffle with the cost the target's own
; model (TTI) gives it (-pass-remarks-analysis).
; REQUIRES: x86-registered-target
; RUN: %opt -passes='shuffle-lib<canon-always>' -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=PASSED
; RUN: %opt -passes=shuffle-lib -pass-remarks=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=DEFAULT
; RUN: %opt -passes=shuffle-lib -pass-remarks-analysis=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=COST
; RUN: %opt -passes='shuffle-lib<canon-always>' -pass-remarks-output=%t.yaml -disable-output %s
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml

target triple = "x86_64-unknown-linux-gnu"

; PASSED: remark: <unknown>:0:0: canonical form (splat-selectors, zero-second): mask <4,2,5,1> became <0,4,1,4>
; PASSED: remark: <unknown>:0:0: canonical form (drop-operand, undef-second, identity): removed the shuffle, its result is an operand
; PASSED-NOT: remark: {{.*}}canonical form

; By default the identity still goes (a replacement), the rewrite of @zero_first only
; if TTI says it is cheaper.
; DEFAULT: remark: <unknown>:0:0: canonical form not applied: mask <4,2,5,1> costs [[#]], <0,4,1,4> would cost [[#]]
; DEFAULT: remark: <unknown>:0:0: canonical form (drop-operand, undef-second, identity): removed the shuffle
; DEFAULT-NOT: canonical form (

; The cost follows the function's target attributes: interleaving the halves of
; <8 x i32> takes several shuffles on plain x86-64, one vpermd with AVX2.
; COST: shufflevector <0,4,1,5,2,6,3,7> of <8 x i32>: {{.*}}cost 4 (reciprocal throughput)
; COST: shufflevector <0,4,1,5,2,6,3,7> of <8 x i32>: {{.*}}cost 1 (reciprocal throughput)

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

define <8 x i32> @halves_sse(<8 x i32> %a) {
  %s = shufflevector <8 x i32> %a, <8 x i32> poison, <8 x i32> <i32 0, i32 4, i32 1, i32 5, i32 2, i32 6, i32 3, i32 7>
  ret <8 x i32> %s
}

define <8 x i32> @halves_avx2(<8 x i32> %a) #0 {
  %s = shufflevector <8 x i32> %a, <8 x i32> poison, <8 x i32> <i32 0, i32 4, i32 1, i32 5, i32 2, i32 6, i32 3, i32 7>
  ret <8 x i32> %s
}

attributes #0 = { "target-cpu"="x86-64-v3" }
