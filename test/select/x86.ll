; Selection on x86: a four-lane shuffle that llc lowers with more instructions than the
; cheapest sequence of the target descriptions becomes that sequence, the steps kept
; apart by llvm.arithmetic.fence (the DAG combiner would merge them back). Decided by
; compiling both in-process: only where the sequence compiles to fewer instructions.
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 | FileCheck %s --check-prefix=ASM
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<no-select>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<early>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS

; Stock: vbroadcastss, vbroadcastss, vblendps (3). Selected: an interleave, then a
; broadcast of its low half (2).
; CHECK-LABEL: @low_pair(
; CHECK-NEXT:    [[T:%.*]] = shufflevector <4 x i32> %b, <4 x i32> %a, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
; CHECK-NEXT:    [[F:%.*]] = bitcast <4 x i32> [[T]] to <4 x float>
; CHECK-NEXT:    [[G:%.*]] = call <4 x float> @llvm.arithmetic.fence.v4f32(<4 x float> [[F]])
; CHECK-NEXT:    [[I:%.*]] = bitcast <4 x float> [[G]] to <4 x i32>
; CHECK-NEXT:    %s = shufflevector <4 x i32> [[I]], <4 x i32> poison
; CHECK-NEXT:    ret <4 x i32> %s
; OFF-LABEL: @low_pair(
; OFF-NEXT:      %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 poison, i32 poison, i32 0, i32 4>
; ASM-LABEL: low_pair:
; ASM:         # %bb.0:
; ASM-NEXT:    vunpcklps
; ASM-NEXT:    #ARITH_FENCE
; ASM-NEXT:    vshufps
; ASM-NEXT:    retq
; REMARK: remark: {{.*}}sequence: mask <poison,poison,0,4> (llc 3) became {{.*}} (described 2, llc 2)
define <4 x i32> @low_pair(<4 x i32> %a, <4 x i32> %b) {
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 poison, i32 poison, i32 0, i32 4>
  ret <4 x i32> %s
}

; Stock: vpermilps + vblendps (2); one insertps does it (emitted as its intrinsic: llc
; picks the integer-domain pair for a shufflevector of integers).
; CHECK-LABEL: @insert_lane(
; CHECK:         call <4 x float> @llvm.x86.sse41.insertps(
; CHECK-NOT:     shufflevector
; ASM-LABEL: insert_lane:
; ASM:         # %bb.0:
; ASM-NEXT:    vinsertps
; ASM-NEXT:    retq
define <4 x i32> @insert_lane(<4 x i32> %a, <4 x i32> %b) {
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 4, i32 5, i32 0, i32 7>
  ret <4 x i32> %s
}

; What llc already does in one instruction is left alone.
; CHECK-LABEL: @interleave(
; CHECK-NEXT:    %s = shufflevector <4 x float> %a, <4 x float> %b, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
; CHECK-NEXT:    ret
define <4 x float> @interleave(<4 x float> %a, <4 x float> %b) {
  %s = shufflevector <4 x float> %a, <4 x float> %b, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  ret <4 x float> %s
}

; Other shapes are not selected yet (eight lanes).
; CHECK-LABEL: @eight_lanes(
; CHECK-NEXT:    %s = shufflevector <8 x i32>
; CHECK-NEXT:    ret
define <8 x i32> @eight_lanes(<8 x i32> %a, <8 x i32> %b) {
  %s = shufflevector <8 x i32> %a, <8 x i32> %b, <8 x i32> <i32 poison, i32 poison, i32 0, i32 8, i32 poison, i32 poison, i32 4, i32 12>
  ret <8 x i32> %s
}

; STATS: 3 shuffle-lib - Shufflevectors replaced by a cheaper instruction sequence
; STATS: 3 shuffle-lib - Instructions saved by selected sequences, as measured

; A load only the shuffle reads is measured with it (the backend may fold it into the
; instruction): stock vbroadcastss (mem), vbroadcastss, vblendps (3), selected
; vunpcklps with the load folded, then vshufps (2).
; CHECK-LABEL: @loaded(
; CHECK:         %a = load <4 x i32>, ptr %p
; CHECK-NEXT:    [[T:%.*]] = shufflevector <4 x i32> %b, <4 x i32> %a, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
; ASM-LABEL: loaded:
; ASM:         vunpcklps (%rdi), %xmm0, %xmm0
; ASM-NEXT:    #ARITH_FENCE
; ASM-NEXT:    vshufps
; ASM-NEXT:    #APP
define void @loaded(ptr %p, <4 x i32> %b) {
  %a = load <4 x i32>, ptr %p
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 poison, i32 poison, i32 0, i32 4>
  call void asm sideeffect "", "x"(<4 x i32> %s)
  ret void
}

; A load something else reads too is not: the measurement could not see the sharing.
; CHECK-LABEL: @loaded_twice(
; CHECK:         %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 poison, i32 poison, i32 0, i32 4>
define <4 x i32> @loaded_twice(ptr %p, <4 x i32> %b) {
  %a = load <4 x i32>, ptr %p
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 poison, i32 poison, i32 0, i32 4>
  %t = add <4 x i32> %s, %a
  ret <4 x i32> %t
}

; Without SSE (a soft-float build) there is nothing to select and nothing to measure.
; CHECK-LABEL: @no_sse(
; CHECK-NEXT:    %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 poison, i32 poison, i32 0, i32 4>
; CHECK-NEXT:    ret <4 x i32> %s
define <4 x i32> @no_sse(<4 x i32> %a, <4 x i32> %b) #0 {
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 poison, i32 poison, i32 0, i32 4>
  ret <4 x i32> %s
}
attributes #0 = { "target-features"="-sse,-sse2,-mmx,+soft-float" }
