; A tree of nine `<3 x float>` inputs on AArch64: its measurement would take them as
; parameters, the ninth on the stack, where LLVM 22's AArch64 backend crashes (llc:
; SIGSEGV); such a probe is not compiled and the tree is left as it is (opt crashed
; here; found by review).
; REQUIRES: aarch64-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | %llc -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -o /dev/null

; CHECK-LABEL: @nine_inputs(
; CHECK:         ret <3 x float>
define <3 x float> @nine_inputs(ptr %base) {
  %a0 = getelementptr inbounds <3 x float>, ptr %base, i64 0
  %p0 = load <3 x float>, ptr %a0, align 16
  %a1 = getelementptr inbounds <3 x float>, ptr %base, i64 1
  %p1 = load <3 x float>, ptr %a1, align 16
  %a2 = getelementptr inbounds <3 x float>, ptr %base, i64 2
  %p2 = load <3 x float>, ptr %a2, align 16
  %a3 = getelementptr inbounds <3 x float>, ptr %base, i64 3
  %p3 = load <3 x float>, ptr %a3, align 16
  %a4 = getelementptr inbounds <3 x float>, ptr %base, i64 4
  %p4 = load <3 x float>, ptr %a4, align 16
  %a5 = getelementptr inbounds <3 x float>, ptr %base, i64 5
  %p5 = load <3 x float>, ptr %a5, align 16
  %a6 = getelementptr inbounds <3 x float>, ptr %base, i64 6
  %p6 = load <3 x float>, ptr %a6, align 16
  %a7 = getelementptr inbounds <3 x float>, ptr %base, i64 7
  %p7 = load <3 x float>, ptr %a7, align 16
  %a8 = getelementptr inbounds <3 x float>, ptr %base, i64 8
  %p8 = load <3 x float>, ptr %a8, align 16
  %v1 = shufflevector <3 x float> %p0, <3 x float> poison, <3 x i32> <i32 1, i32 2, i32 0>
  %v2 = shufflevector <3 x float> %p1, <3 x float> poison, <3 x i32> <i32 0, i32 2, i32 1>
  %v4 = shufflevector <3 x float> %p2, <3 x float> poison, <3 x i32> <i32 1, i32 2, i32 0>
  %v3 = call <3 x float> @llvm.fma.v3f32(<3 x float> %v1, <3 x float> %v2, <3 x float> %v4)
  %v5 = shufflevector <3 x float> %p3, <3 x float> poison, <3 x i32> <i32 1, i32 2, i32 0>
  %v6 = shufflevector <3 x float> %p4, <3 x float> poison, <3 x i32> <i32 1, i32 2, i32 0>
  %v7 = fadd <3 x float> %v5, %v6
  %v8 = fsub <3 x float> %v3, %v7
  %v9 = shufflevector <3 x float> %p5, <3 x float> poison, <3 x i32> <i32 1, i32 2, i32 0>
  %v10 = shufflevector <3 x float> %p6, <3 x float> poison, <3 x i32> <i32 1, i32 2, i32 0>
  %v11 = fadd <3 x float> %v9, %v10
  %v12 = shufflevector <3 x float> %p7, <3 x float> poison, <3 x i32> <i32 1, i32 2, i32 0>
  %v13 = shufflevector <3 x float> %p8, <3 x float> poison, <3 x i32> <i32 1, i32 2, i32 0>
  %v14 = fadd <3 x float> %v12, %v13
  %v15 = fsub <3 x float> %v11, %v14
  %v16 = fmul <3 x float> %v8, %v15
  ret <3 x float> %v16
}

declare <3 x float> @llvm.fma.v3f32(<3 x float>, <3 x float>, <3 x float>) #0

attributes #0 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
