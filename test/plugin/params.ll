; Pass parameters: shuffle-lib<early|late;canon|canon-always|no-canon;inject-panic>.
; RUN: %opt -passes='shuffle-lib<no-canon>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -passes='shuffle-lib<late;canon-always>' -S %s | FileCheck %s --check-prefix=ON
; RUN: %opt -passes='shuffle-lib<early;canon-always>' -S %s | FileCheck %s --check-prefix=ON
; Without a target every shuffle costs the same: the default (cost-driven) keeps @f.
; RUN: %opt -passes='shuffle-lib<canon>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: not %opt -passes='shuffle-lib<fast>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
; RUN: not %opt -passes='shuffle-lib<early;late>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=CONFLICT
; In a module pipeline too, over every function (as LLVM's own function passes), and an
; invalid parameter reported once there as well.
; RUN: %opt -passes='verify,shuffle-lib<late;canon-always>' -S %s | FileCheck %s --check-prefix=ON
; RUN: not %opt -passes='verify,shuffle-lib<fast>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
; RUN: not %opt -passes='shuffle-lib<fast>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ONCE
; A pass, not a pipeline: inner passes are refused, not dropped (in a function pipeline
; and in a module pipeline).
; RUN: not %opt -passes='shuffle-lib(instcombine)' -disable-output %s 2>&1 | FileCheck %s --check-prefix=INNER
; RUN: not %opt -passes='function(shuffle-lib<early>(bogus))' -disable-output %s 2>&1 | FileCheck %s --check-prefix=INNER-EARLY

; INNER:       shuffle-lib: 'shuffle-lib' takes no inner pipeline
; INNER-EARLY: shuffle-lib: 'shuffle-lib<early>' takes no inner pipeline
; OFF:     shufflevector <4 x i32> zeroinitializer, <4 x i32> %x
; ON:      shufflevector <4 x i32> %x, <4 x i32> zeroinitializer, <4 x i32> <i32 0, i32 4, i32 1, i32 4>
; UNKNOWN: shuffle-lib: invalid shuffle-lib pass parameter 'fast' (expected one of: early, late, canon, canon-always, no-canon, vp, no-vp, vp-lift, lower, no-lower, lower-always, select, no-select, narrow, no-narrow, lookup, no-lookup, chains, no-chains, networks, no-networks, gathers, no-gathers, joins, no-joins, segments, no-segments, pieces, no-pieces, half-loads, no-half-loads, compute, no-compute, slp, no-slp, slp-threshold=N, inject-panic)
; CONFLICT: shuffle-lib: 'early' and 'late' exclude each other
; ONCE:     shuffle-lib: invalid shuffle-lib pass parameter 'fast'
; ONCE-NOT: shuffle-lib: invalid

define <4 x i32> @f(<4 x i32> %x) {
  %s = shufflevector <4 x i32> zeroinitializer, <4 x i32> %x, <4 x i32> <i32 4, i32 2, i32 5, i32 1>
  ret <4 x i32> %s
}
