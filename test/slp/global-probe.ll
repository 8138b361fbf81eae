; Probes of trees over global arrays: the global is a constant the probe declares as a
; stand-in (`@shuf_global_N`), never an input. Made an argument of the probe, each
; element's address became a constant expression of that argument
; (`getelementptr (i8, ptr %1, i64 8)`), which LLVM kept in its context after the probe
; was gone: a use after free that crashed clang -O3 on C copying between global arrays
; (a helper's hunt). Store trees (`shuf_emitted_stores`) and a build vector
; (`shuf_emitted_batch`) are checked through the probes' IR; the default pipeline over
; them must not crash.
; REQUIRES: x86-registered-target
; RUN: env SHUF_DUMP_PROBES=ir %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -disable-output %s 2>&1 | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='default<O3>' -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -o /dev/null

; CHECK: define {{.*}}@shuf_probe
; CHECK: ptr @shuf_global_
; CHECK-NOT: (i8, ptr %

@g = global [16 x float] zeroinitializer, align 64
@h = global [16 x float] zeroinitializer, align 64
@o = global [8 x float] zeroinitializer, align 64

define void @between_globals() {
  %v0 = load float, ptr @g, align 4
  store float %v0, ptr @o, align 4
  %v1 = load float, ptr getelementptr inbounds nuw (i8, ptr @g, i64 8), align 4
  store float %v1, ptr getelementptr inbounds nuw (i8, ptr @o, i64 4), align 4
  %v2 = load float, ptr getelementptr inbounds nuw (i8, ptr @g, i64 4), align 4
  store float %v2, ptr getelementptr inbounds nuw (i8, ptr @o, i64 8), align 4
  %v3 = load float, ptr getelementptr inbounds nuw (i8, ptr @g, i64 12), align 4
  store float %v3, ptr getelementptr inbounds nuw (i8, ptr @o, i64 12), align 4
  ret void
}

define void @gat(ptr %out) {
  %a0 = load float, ptr getelementptr inbounds nuw (i8, ptr @g, i64 12), align 4
  %a1 = load float, ptr getelementptr inbounds nuw (i8, ptr @g, i64 8), align 4
  %a2 = load float, ptr getelementptr inbounds nuw (i8, ptr @g, i64 4), align 4
  %a3 = load float, ptr @g, align 4
  %a4 = load float, ptr getelementptr inbounds nuw (i8, ptr @g, i64 28), align 4
  %a5 = load float, ptr getelementptr inbounds nuw (i8, ptr @g, i64 24), align 4
  %a6 = load float, ptr getelementptr inbounds nuw (i8, ptr @g, i64 20), align 4
  %a7 = load float, ptr getelementptr inbounds nuw (i8, ptr @g, i64 16), align 4
  %v0 = insertelement <8 x float> poison, float %a0, i32 0
  %v1 = insertelement <8 x float> %v0, float %a1, i32 1
  %v2 = insertelement <8 x float> %v1, float %a2, i32 2
  %v3 = insertelement <8 x float> %v2, float %a3, i32 3
  %v4 = insertelement <8 x float> %v3, float %a4, i32 4
  %v5 = insertelement <8 x float> %v4, float %a5, i32 5
  %v6 = insertelement <8 x float> %v5, float %a6, i32 6
  %v7 = insertelement <8 x float> %v6, float %a7, i32 7
  %w = fadd <8 x float> %v7, <float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0>
  store <8 x float> %w, ptr %out, align 4
  ret void
}
define void @mix(ptr noalias %out) {
  %a0 = load float, ptr getelementptr inbounds nuw (i8, ptr @g, i64 12), align 4
  %b0 = load float, ptr getelementptr inbounds nuw (i8, ptr @h, i64 12), align 4
  %c0 = fadd float %a0, %b0
  store float %c0, ptr %out, align 4
  %a1 = load float, ptr getelementptr inbounds nuw (i8, ptr @g, i64 8), align 4
  %b1 = load float, ptr getelementptr inbounds nuw (i8, ptr @h, i64 4), align 4
  %c1 = fadd float %a1, %b1
  %o1 = getelementptr inbounds nuw i8, ptr %out, i64 4
  store float %c1, ptr %o1, align 4
  %a2 = load float, ptr getelementptr inbounds nuw (i8, ptr @g, i64 4), align 4
  %b2 = load float, ptr getelementptr inbounds nuw (i8, ptr @h, i64 8), align 4
  %c2 = fadd float %a2, %b2
  %o2 = getelementptr inbounds nuw i8, ptr %out, i64 8
  store float %c2, ptr %o2, align 4
  %a3 = load float, ptr @g, align 4
  %b3 = load float, ptr @h, align 4
  %c3 = fadd float %a3, %b3
  %o3 = getelementptr inbounds nuw i8, ptr %out, i64 12
  store float %c3, ptr %o3, align 4
  ret void
}
