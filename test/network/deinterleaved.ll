; AArch64 (neoverse-n1): networks whose registers are loaded in a row (each leaf a load
; of the next register of one block, nothing written between) may load them
; deinterleaved, two or four registers at a time (`ld2`/`ld4`: register j of a group
; holds every 4th element from j), and plan what is left after that. A 4x4 f32
; transpose written as two stages of zip-shaped shuffles (6 instructions on
; neoverse-n1, with two ldp) is then one ld4 alone. Rows apart in memory, or a store
; between their loads, keep plain loads.
; REQUIRES: aarch64-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<late>' -S %s | FileCheck %s
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<late>' -S %s | %llc -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 | FileCheck %s --check-prefix=ASM
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<late>' -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late>' -S %s | FileCheck %s --check-prefix=X86

; CHECK-LABEL: @transpose_rows(
; CHECK-NEXT:    %p1 = getelementptr
; CHECK-NEXT:    %p2 = getelementptr
; CHECK-NEXT:    %p3 = getelementptr
; CHECK-NEXT:    %[[W:.*]] = load <16 x float>, ptr %src, align 4
; CHECK-NEXT:    %[[C0:.*]] = shufflevector <16 x float> %[[W]], <16 x float> poison, <4 x i32> <i32 0, i32 4, i32 8, i32 12>
; CHECK-NEXT:    %[[C1:.*]] = shufflevector <16 x float> %[[W]], <16 x float> poison, <4 x i32> <i32 1, i32 5, i32 9, i32 13>
; CHECK-NEXT:    %[[C2:.*]] = shufflevector <16 x float> %[[W]], <16 x float> poison, <4 x i32> <i32 2, i32 6, i32 10, i32 14>
; CHECK-NEXT:    %[[C3:.*]] = shufflevector <16 x float> %[[W]], <16 x float> poison, <4 x i32> <i32 3, i32 7, i32 11, i32 15>
; CHECK-NOT:     shufflevector
; CHECK:         store <4 x float> %[[C0]], ptr %dst
; CHECK:         store <4 x float> %[[C1]]
; CHECK:         store <4 x float> %[[C2]]
; CHECK:         store <4 x float> %[[C3]]
; ASM-LABEL: transpose_rows:
; ASM:           ld4 { v0.4s, v1.4s, v2.4s, v3.4s }, [x1]
; ASM-NOT:       zip
; ASM-NOT:       mov v
; ASM:           ret
; REMARK: remark: {{.*}}network: 4 <4 x float> shuffles of 4 registers (llc {{[0-9]+}}{{.*}}) became 0 stages of 4-lane shuffles, 0 in all, loaded 4 registers at a time deinterleaved (predicted 0; llc {{[0-9]+}}
; X86-LABEL: @transpose_rows(
; X86-NOT:       load <16 x float>
; X86:           ret void
define void @transpose_rows(ptr noalias %dst, ptr noalias %src) {
  %p1 = getelementptr i8, ptr %src, i64 16
  %p2 = getelementptr i8, ptr %src, i64 32
  %p3 = getelementptr i8, ptr %src, i64 48
  %r0 = load <4 x float>, ptr %src, align 4
  %r1 = load <4 x float>, ptr %p1, align 4
  %r2 = load <4 x float>, ptr %p2, align 4
  %r3 = load <4 x float>, ptr %p3, align 4
  %t0 = shufflevector <4 x float> %r0, <4 x float> %r1, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %t1 = shufflevector <4 x float> %r0, <4 x float> %r1, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  %t2 = shufflevector <4 x float> %r2, <4 x float> %r3, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %t3 = shufflevector <4 x float> %r2, <4 x float> %r3, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  %c0 = shufflevector <4 x float> %t0, <4 x float> %t2, <4 x i32> <i32 0, i32 1, i32 4, i32 5>
  %c1 = shufflevector <4 x float> %t0, <4 x float> %t2, <4 x i32> <i32 2, i32 3, i32 6, i32 7>
  %c2 = shufflevector <4 x float> %t1, <4 x float> %t3, <4 x i32> <i32 0, i32 1, i32 4, i32 5>
  %c3 = shufflevector <4 x float> %t1, <4 x float> %t3, <4 x i32> <i32 2, i32 3, i32 6, i32 7>
  %q1 = getelementptr i8, ptr %dst, i64 16
  %q2 = getelementptr i8, ptr %dst, i64 32
  %q3 = getelementptr i8, ptr %dst, i64 48
  store <4 x float> %c0, ptr %dst, align 4
  store <4 x float> %c1, ptr %q1, align 4
  store <4 x float> %c2, ptr %q2, align 4
  store <4 x float> %c3, ptr %q3, align 4
  ret void
}

; Rows 32 bytes apart (a matrix with a stride): no load reads them all.
; CHECK-LABEL: @rows_apart(
; CHECK-NOT:     load <16 x float>
; CHECK:         ret void
define void @rows_apart(ptr noalias %dst, ptr noalias %src) {
  %p1 = getelementptr i8, ptr %src, i64 32
  %p2 = getelementptr i8, ptr %src, i64 64
  %p3 = getelementptr i8, ptr %src, i64 96
  %r0 = load <4 x float>, ptr %src, align 4
  %r1 = load <4 x float>, ptr %p1, align 4
  %r2 = load <4 x float>, ptr %p2, align 4
  %r3 = load <4 x float>, ptr %p3, align 4
  %t0 = shufflevector <4 x float> %r0, <4 x float> %r1, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %t1 = shufflevector <4 x float> %r0, <4 x float> %r1, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  %t2 = shufflevector <4 x float> %r2, <4 x float> %r3, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %t3 = shufflevector <4 x float> %r2, <4 x float> %r3, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  %c0 = shufflevector <4 x float> %t0, <4 x float> %t2, <4 x i32> <i32 0, i32 1, i32 4, i32 5>
  %c1 = shufflevector <4 x float> %t0, <4 x float> %t2, <4 x i32> <i32 2, i32 3, i32 6, i32 7>
  %c2 = shufflevector <4 x float> %t1, <4 x float> %t3, <4 x i32> <i32 0, i32 1, i32 4, i32 5>
  %c3 = shufflevector <4 x float> %t1, <4 x float> %t3, <4 x i32> <i32 2, i32 3, i32 6, i32 7>
  %q1 = getelementptr i8, ptr %dst, i64 16
  %q2 = getelementptr i8, ptr %dst, i64 32
  %q3 = getelementptr i8, ptr %dst, i64 48
  store <4 x float> %c0, ptr %dst, align 4
  store <4 x float> %c1, ptr %q1, align 4
  store <4 x float> %c2, ptr %q2, align 4
  store <4 x float> %c3, ptr %q3, align 4
  ret void
}

; A store between the row loads may write a row (here into row 3, after row 2 is
; read): one load after the last row would read it changed.
; CHECK-LABEL: @store_between(
; CHECK-NOT:     load <16 x float>
; CHECK:         ret void
define void @store_between(ptr %dst, ptr %src, ptr %other) {
  %p1 = getelementptr i8, ptr %src, i64 16
  %p2 = getelementptr i8, ptr %src, i64 32
  %p3 = getelementptr i8, ptr %src, i64 48
  %r0 = load <4 x float>, ptr %src, align 4
  %r1 = load <4 x float>, ptr %p1, align 4
  %r2 = load <4 x float>, ptr %p2, align 4
  store float 1.0, ptr %other, align 4
  %r3 = load <4 x float>, ptr %p3, align 4
  %t0 = shufflevector <4 x float> %r0, <4 x float> %r1, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %t1 = shufflevector <4 x float> %r0, <4 x float> %r1, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  %t2 = shufflevector <4 x float> %r2, <4 x float> %r3, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %t3 = shufflevector <4 x float> %r2, <4 x float> %r3, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  %c0 = shufflevector <4 x float> %t0, <4 x float> %t2, <4 x i32> <i32 0, i32 1, i32 4, i32 5>
  %c1 = shufflevector <4 x float> %t0, <4 x float> %t2, <4 x i32> <i32 2, i32 3, i32 6, i32 7>
  %c2 = shufflevector <4 x float> %t1, <4 x float> %t3, <4 x i32> <i32 0, i32 1, i32 4, i32 5>
  %c3 = shufflevector <4 x float> %t1, <4 x float> %t3, <4 x i32> <i32 2, i32 3, i32 6, i32 7>
  %q1 = getelementptr i8, ptr %dst, i64 16
  %q2 = getelementptr i8, ptr %dst, i64 32
  %q3 = getelementptr i8, ptr %dst, i64 48
  store <4 x float> %c0, ptr %dst, align 4
  store <4 x float> %c1, ptr %q1, align 4
  store <4 x float> %c2, ptr %q2, align 4
  store <4 x float> %c3, ptr %q3, align 4
  ret void
}

; An acquire load between the rows' loads: the later rows may not be loaded above it.
; CHECK-LABEL: @acquire_between(
; CHECK-NOT:     load <16 x float>
; CHECK:         ret void
define void @acquire_between(ptr noalias %dst, ptr noalias %src, ptr %flag) {
  %p1 = getelementptr i8, ptr %src, i64 16
  %p2 = getelementptr i8, ptr %src, i64 32
  %p3 = getelementptr i8, ptr %src, i64 48
  %r0 = load <4 x float>, ptr %src, align 4
  %r1 = load <4 x float>, ptr %p1, align 4
  %seen = load atomic i32, ptr %flag acquire, align 4
  %r2 = load <4 x float>, ptr %p2, align 4
  %r3 = load <4 x float>, ptr %p3, align 4
  %t0 = shufflevector <4 x float> %r0, <4 x float> %r1, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %t1 = shufflevector <4 x float> %r0, <4 x float> %r1, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  %t2 = shufflevector <4 x float> %r2, <4 x float> %r3, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %t3 = shufflevector <4 x float> %r2, <4 x float> %r3, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  %c0 = shufflevector <4 x float> %t0, <4 x float> %t2, <4 x i32> <i32 0, i32 1, i32 4, i32 5>
  %c1 = shufflevector <4 x float> %t0, <4 x float> %t2, <4 x i32> <i32 2, i32 3, i32 6, i32 7>
  %c2 = shufflevector <4 x float> %t1, <4 x float> %t3, <4 x i32> <i32 0, i32 1, i32 4, i32 5>
  %c3 = shufflevector <4 x float> %t1, <4 x float> %t3, <4 x i32> <i32 2, i32 3, i32 6, i32 7>
  %q1 = getelementptr i8, ptr %dst, i64 16
  %q2 = getelementptr i8, ptr %dst, i64 32
  %q3 = getelementptr i8, ptr %dst, i64 48
  store <4 x float> %c0, ptr %dst, align 4
  store <4 x float> %c1, ptr %q1, align 4
  store <4 x float> %c2, ptr %q2, align 4
  store <4 x float> %c3, ptr %q3, align 4
  ret void
}
