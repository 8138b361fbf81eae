; `half` and `bfloat` are both two bytes: the SLP tree, which knows elements by their
; bytes, bundled lanes of both and built them as `half` from the first lane (a helper's
; hunt, 2026-11-27: wrong values from C at -O3, `_Float16` and `__bf16` fields of one
; struct; an `insertelement` of a `bfloat` into a `<4 x half>`, which the verifier
; rejects). A tree whose nodes mix types is left alone; one of halves only is not.
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib,verify' -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<slp-threshold=-1000>,verify' -S %s | FileCheck %s

; CHECK-LABEL: @mixed_loads(
; CHECK-NOT:     <4 x half>
; CHECK:         ret void
define void @mixed_loads(ptr noalias %a, ptr noalias %out) {
  %p1 = getelementptr i8, ptr %a, i64 2
  %p2 = getelementptr i8, ptr %a, i64 4
  %p3 = getelementptr i8, ptr %a, i64 6
  %l0 = load half, ptr %a, align 2
  %l1 = load bfloat, ptr %p1, align 2
  %l2 = load half, ptr %p2, align 2
  %l3 = load bfloat, ptr %p3, align 2
  %e0 = fpext half %l2 to float
  %e1 = fpext bfloat %l1 to float
  %e2 = fpext half %l0 to float
  %e3 = fpext bfloat %l3 to float
  %o1 = getelementptr i8, ptr %out, i64 4
  %o2 = getelementptr i8, ptr %out, i64 8
  %o3 = getelementptr i8, ptr %out, i64 12
  store float %e0, ptr %out, align 4
  store float %e1, ptr %o1, align 4
  store float %e2, ptr %o2, align 4
  store float %e3, ptr %o3, align 4
  ret void
}

; CHECK-LABEL: @mixed_arguments(
; CHECK-NOT:     <4 x half>
; CHECK:         ret void
define void @mixed_arguments(ptr noalias %a, ptr noalias %out, half %x0, bfloat %x1, half %x2, bfloat %x3) {
  %p0 = getelementptr i8, ptr %a, i64 0
  %l0 = load half, ptr %p0, align 2
  %s0 = fmul half %l0, %x0
  %e0 = fpext half %s0 to float
  %o0 = getelementptr i8, ptr %out, i64 0
  %p1 = getelementptr i8, ptr %a, i64 2
  %l1 = load bfloat, ptr %p1, align 2
  %s1 = fmul bfloat %l1, %x1
  %e1 = fpext bfloat %s1 to float
  %o1 = getelementptr i8, ptr %out, i64 4
  %p2 = getelementptr i8, ptr %a, i64 4
  %l2 = load half, ptr %p2, align 2
  %s2 = fmul half %l2, %x2
  %e2 = fpext half %s2 to float
  %o2 = getelementptr i8, ptr %out, i64 8
  %p3 = getelementptr i8, ptr %a, i64 6
  %l3 = load bfloat, ptr %p3, align 2
  %s3 = fmul bfloat %l3, %x3
  %e3 = fpext bfloat %s3 to float
  %o3 = getelementptr i8, ptr %out, i64 12
  store float %e0, ptr %o0, align 4
  store float %e1, ptr %o1, align 4
  store float %e2, ptr %o2, align 4
  store float %e3, ptr %o3, align 4
  ret void
}

; CHECK-LABEL: @halves_only(
; CHECK:         load <4 x half>
; CHECK:         fpext <4 x half>
define void @halves_only(ptr noalias %a, ptr noalias %out) {
  %p1 = getelementptr i8, ptr %a, i64 2
  %p2 = getelementptr i8, ptr %a, i64 4
  %p3 = getelementptr i8, ptr %a, i64 6
  %l0 = load half, ptr %a, align 2
  %l1 = load half, ptr %p1, align 2
  %l2 = load half, ptr %p2, align 2
  %l3 = load half, ptr %p3, align 2
  %e0 = fpext half %l2 to float
  %e1 = fpext half %l1 to float
  %e2 = fpext half %l0 to float
  %e3 = fpext half %l3 to float
  %o1 = getelementptr i8, ptr %out, i64 4
  %o2 = getelementptr i8, ptr %out, i64 8
  %o3 = getelementptr i8, ptr %out, i64 12
  store float %e0, ptr %out, align 4
  store float %e1, ptr %o1, align 4
  store float %e2, ptr %o2, align 4
  store float %e3, ptr %o3, align 4
  ret void
}
