; Compile-time rules that keep an original without compiling it. Where TTI prices a
; shuffle at no more than the network's prediction, neither is compiled; on x86 that
; holds for an interleave into a store too (x86 has no interleaving store), while on
; AArch64 such an interleave is compiled with its store (`st2` may take it).
; REQUIRES: aarch64-registered-target, x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=X86
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=A64

; X86: network: kept the <16 x i32> shuffle: {{[12]}} stages of 8-lane shuffles (predicted 4), no cheaper than TTI's price of the original, 3 (not compiled)
; A64: network: kept the <16 x i32> shuffle: 1 stages of 4-lane shuffles (predicted 4; llc {{[0-9]+}} in {{.*}} cycles), no faster than the original (llc {{[0-9]+}} in {{.*}} cycles)
define void @interleave_into_store(ptr %p, <8 x i32> %a0, <8 x i32> %a1) {
  %s = shufflevector <8 x i32> %a0, <8 x i32> %a1, <16 x i32> <i32 0, i32 8, i32 1, i32 9, i32 2, i32 10, i32 3, i32 11, i32 4, i32 12, i32 5, i32 13, i32 6, i32 14, i32 7, i32 15>
  store <16 x i32> %s, ptr %p
  ret void
}
