; Global arrays: an unrolled loop over a global's elements addresses each with a
; constant expression, `getelementptr (i8, ptr @g, i64 12)`. `ir::base_and_offset` walks
; those as it walks instructions, and the probe that measures a tree declares the
; globals it reads and writes, so a 4x4 transpose between two globals becomes one load,
; one shuffle and one store, as it does between two pointers. The outputs
; compute the same as the inputs under lli.
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %lli %s > %t.before
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %lli > %t.after
; RUN: diff %t.before %t.after
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -o /dev/null

@g = global [16 x float] zeroinitializer, align 64
@o = global [16 x float] zeroinitializer, align 64
@gi = internal global [16 x float] zeroinitializer, align 16
@tg = thread_local global [16 x float] zeroinitializer, align 64
@to = thread_local global [16 x float] zeroinitializer, align 64

; CHECK-LABEL: @between_globals(
; CHECK: load <16 x float>, ptr @g
; CHECK: shufflevector <16 x float>
; CHECK: store <16 x float> %{{.*}}, ptr @o
; CHECK-NOT: load float
define void @between_globals() #0 {
  %v0 = load float, ptr @g, align 4
  store float %v0, ptr @o, align 4
  %v1 = load float, ptr getelementptr inbounds nuw (i8, ptr @g, i64 16), align 4
  store float %v1, ptr getelementptr inbounds nuw (i8, ptr @o, i64 4), align 4
  %v2 = load float, ptr getelementptr inbounds nuw (i8, ptr @g, i64 32), align 4
  store float %v2, ptr getelementptr inbounds nuw (i8, ptr @o, i64 8), align 4
  %v3 = load float, ptr getelementptr inbounds nuw (i8, ptr @g, i64 48), align 4
  store float %v3, ptr getelementptr inbounds nuw (i8, ptr @o, i64 12), align 4
  %v4 = load float, ptr getelementptr inbounds nuw (i8, ptr @g, i64 4), align 4
  store float %v4, ptr getelementptr inbounds nuw (i8, ptr @o, i64 16), align 4
  %v5 = load float, ptr getelementptr inbounds nuw (i8, ptr @g, i64 20), align 4
  store float %v5, ptr getelementptr inbounds nuw (i8, ptr @o, i64 20), align 4
  %v6 = load float, ptr getelementptr inbounds nuw (i8, ptr @g, i64 36), align 4
  store float %v6, ptr getelementptr inbounds nuw (i8, ptr @o, i64 24), align 4
  %v7 = load float, ptr getelementptr inbounds nuw (i8, ptr @g, i64 52), align 4
  store float %v7, ptr getelementptr inbounds nuw (i8, ptr @o, i64 28), align 4
  %v8 = load float, ptr getelementptr inbounds nuw (i8, ptr @g, i64 8), align 4
  store float %v8, ptr getelementptr inbounds nuw (i8, ptr @o, i64 32), align 4
  %v9 = load float, ptr getelementptr inbounds nuw (i8, ptr @g, i64 24), align 4
  store float %v9, ptr getelementptr inbounds nuw (i8, ptr @o, i64 36), align 4
  %v10 = load float, ptr getelementptr inbounds nuw (i8, ptr @g, i64 40), align 4
  store float %v10, ptr getelementptr inbounds nuw (i8, ptr @o, i64 40), align 4
  %v11 = load float, ptr getelementptr inbounds nuw (i8, ptr @g, i64 56), align 4
  store float %v11, ptr getelementptr inbounds nuw (i8, ptr @o, i64 44), align 4
  %v12 = load float, ptr getelementptr inbounds nuw (i8, ptr @g, i64 12), align 4
  store float %v12, ptr getelementptr inbounds nuw (i8, ptr @o, i64 48), align 4
  %v13 = load float, ptr getelementptr inbounds nuw (i8, ptr @g, i64 28), align 4
  store float %v13, ptr getelementptr inbounds nuw (i8, ptr @o, i64 52), align 4
  %v14 = load float, ptr getelementptr inbounds nuw (i8, ptr @g, i64 44), align 4
  store float %v14, ptr getelementptr inbounds nuw (i8, ptr @o, i64 56), align 4
  %v15 = load float, ptr getelementptr inbounds nuw (i8, ptr @g, i64 60), align 4
  store float %v15, ptr getelementptr inbounds nuw (i8, ptr @o, i64 60), align 4
  ret void
}
; CHECK-LABEL: @global_to_pointer(
; CHECK: load <16 x float>, ptr @gi
; CHECK: store <16 x float>
; CHECK-NOT: load float
define void @global_to_pointer(ptr noalias %out) #0 {
  %v0 = load float, ptr @gi, align 4
  store float %v0, ptr %out, align 4
  %d1 = getelementptr inbounds nuw i8, ptr %out, i64 4
  %v1 = load float, ptr getelementptr inbounds nuw (i8, ptr @gi, i64 16), align 4
  store float %v1, ptr %d1, align 4
  %d2 = getelementptr inbounds nuw i8, ptr %out, i64 8
  %v2 = load float, ptr getelementptr inbounds nuw (i8, ptr @gi, i64 32), align 4
  store float %v2, ptr %d2, align 4
  %d3 = getelementptr inbounds nuw i8, ptr %out, i64 12
  %v3 = load float, ptr getelementptr inbounds nuw (i8, ptr @gi, i64 48), align 4
  store float %v3, ptr %d3, align 4
  %d4 = getelementptr inbounds nuw i8, ptr %out, i64 16
  %v4 = load float, ptr getelementptr inbounds nuw (i8, ptr @gi, i64 4), align 4
  store float %v4, ptr %d4, align 4
  %d5 = getelementptr inbounds nuw i8, ptr %out, i64 20
  %v5 = load float, ptr getelementptr inbounds nuw (i8, ptr @gi, i64 20), align 4
  store float %v5, ptr %d5, align 4
  %d6 = getelementptr inbounds nuw i8, ptr %out, i64 24
  %v6 = load float, ptr getelementptr inbounds nuw (i8, ptr @gi, i64 36), align 4
  store float %v6, ptr %d6, align 4
  %d7 = getelementptr inbounds nuw i8, ptr %out, i64 28
  %v7 = load float, ptr getelementptr inbounds nuw (i8, ptr @gi, i64 52), align 4
  store float %v7, ptr %d7, align 4
  %d8 = getelementptr inbounds nuw i8, ptr %out, i64 32
  %v8 = load float, ptr getelementptr inbounds nuw (i8, ptr @gi, i64 8), align 4
  store float %v8, ptr %d8, align 4
  %d9 = getelementptr inbounds nuw i8, ptr %out, i64 36
  %v9 = load float, ptr getelementptr inbounds nuw (i8, ptr @gi, i64 24), align 4
  store float %v9, ptr %d9, align 4
  %d10 = getelementptr inbounds nuw i8, ptr %out, i64 40
  %v10 = load float, ptr getelementptr inbounds nuw (i8, ptr @gi, i64 40), align 4
  store float %v10, ptr %d10, align 4
  %d11 = getelementptr inbounds nuw i8, ptr %out, i64 44
  %v11 = load float, ptr getelementptr inbounds nuw (i8, ptr @gi, i64 56), align 4
  store float %v11, ptr %d11, align 4
  %d12 = getelementptr inbounds nuw i8, ptr %out, i64 48
  %v12 = load float, ptr getelementptr inbounds nuw (i8, ptr @gi, i64 12), align 4
  store float %v12, ptr %d12, align 4
  %d13 = getelementptr inbounds nuw i8, ptr %out, i64 52
  %v13 = load float, ptr getelementptr inbounds nuw (i8, ptr @gi, i64 28), align 4
  store float %v13, ptr %d13, align 4
  %d14 = getelementptr inbounds nuw i8, ptr %out, i64 56
  %v14 = load float, ptr getelementptr inbounds nuw (i8, ptr @gi, i64 44), align 4
  store float %v14, ptr %d14, align 4
  %d15 = getelementptr inbounds nuw i8, ptr %out, i64 60
  %v15 = load float, ptr getelementptr inbounds nuw (i8, ptr @gi, i64 60), align 4
  store float %v15, ptr %d15, align 4
  ret void
}

; Thread-local variables are not declared in probes (`probeConstant`): a tree of them
; cannot be measured, and is kept as it is, unless a tree of its shape was measured
; (as here, `between_globals`) and remembered.
; CHECK-LABEL: @thread_local(
; CHECK: load <16 x float>, ptr @tg
; CHECK: store <16 x float> %{{.*}}, ptr @to
define void @thread_local() #0 {
  %v0 = load float, ptr @tg, align 4
  store float %v0, ptr @to, align 4
  %v1 = load float, ptr getelementptr inbounds nuw (i8, ptr @tg, i64 16), align 4
  store float %v1, ptr getelementptr inbounds nuw (i8, ptr @to, i64 4), align 4
  %v2 = load float, ptr getelementptr inbounds nuw (i8, ptr @tg, i64 32), align 4
  store float %v2, ptr getelementptr inbounds nuw (i8, ptr @to, i64 8), align 4
  %v3 = load float, ptr getelementptr inbounds nuw (i8, ptr @tg, i64 48), align 4
  store float %v3, ptr getelementptr inbounds nuw (i8, ptr @to, i64 12), align 4
  %v4 = load float, ptr getelementptr inbounds nuw (i8, ptr @tg, i64 4), align 4
  store float %v4, ptr getelementptr inbounds nuw (i8, ptr @to, i64 16), align 4
  %v5 = load float, ptr getelementptr inbounds nuw (i8, ptr @tg, i64 20), align 4
  store float %v5, ptr getelementptr inbounds nuw (i8, ptr @to, i64 20), align 4
  %v6 = load float, ptr getelementptr inbounds nuw (i8, ptr @tg, i64 36), align 4
  store float %v6, ptr getelementptr inbounds nuw (i8, ptr @to, i64 24), align 4
  %v7 = load float, ptr getelementptr inbounds nuw (i8, ptr @tg, i64 52), align 4
  store float %v7, ptr getelementptr inbounds nuw (i8, ptr @to, i64 28), align 4
  %v8 = load float, ptr getelementptr inbounds nuw (i8, ptr @tg, i64 8), align 4
  store float %v8, ptr getelementptr inbounds nuw (i8, ptr @to, i64 32), align 4
  %v9 = load float, ptr getelementptr inbounds nuw (i8, ptr @tg, i64 24), align 4
  store float %v9, ptr getelementptr inbounds nuw (i8, ptr @to, i64 36), align 4
  %v10 = load float, ptr getelementptr inbounds nuw (i8, ptr @tg, i64 40), align 4
  store float %v10, ptr getelementptr inbounds nuw (i8, ptr @to, i64 40), align 4
  %v11 = load float, ptr getelementptr inbounds nuw (i8, ptr @tg, i64 56), align 4
  store float %v11, ptr getelementptr inbounds nuw (i8, ptr @to, i64 44), align 4
  %v12 = load float, ptr getelementptr inbounds nuw (i8, ptr @tg, i64 12), align 4
  store float %v12, ptr getelementptr inbounds nuw (i8, ptr @to, i64 48), align 4
  %v13 = load float, ptr getelementptr inbounds nuw (i8, ptr @tg, i64 28), align 4
  store float %v13, ptr getelementptr inbounds nuw (i8, ptr @to, i64 52), align 4
  %v14 = load float, ptr getelementptr inbounds nuw (i8, ptr @tg, i64 44), align 4
  store float %v14, ptr getelementptr inbounds nuw (i8, ptr @to, i64 56), align 4
  %v15 = load float, ptr getelementptr inbounds nuw (i8, ptr @tg, i64 60), align 4
  store float %v15, ptr getelementptr inbounds nuw (i8, ptr @to, i64 60), align 4
  ret void
}

declare i32 @printf(ptr, ...)
@fmt = private constant [4 x i8] c"%x\0A\00"

define i32 @main() {
entry:
  br label %fill
fill:
  %i = phi i64 [ 0, %entry ], [ %i1, %fill ]
  %f = uitofp i64 %i to float
  %a = getelementptr float, ptr @g, i64 %i
  store float %f, ptr %a
  %f2 = fadd float %f, 100.0
  %b = getelementptr float, ptr @gi, i64 %i
  store float %f2, ptr %b
  %f3 = fadd float %f, 200.0
  %c = getelementptr float, ptr @tg, i64 %i
  store float %f3, ptr %c
  %i1 = add i64 %i, 1
  %done = icmp eq i64 %i1, 16
  br i1 %done, label %run, label %fill
run:
  %buf = alloca [16 x float], align 16
  call void @between_globals()
  call void @global_to_pointer(ptr %buf)
  call void @thread_local()
  br label %sum
sum:
  %j = phi i64 [ 0, %run ], [ %j1, %sum ]
  %h = phi i32 [ 0, %run ], [ %h3, %sum ]
  %x = getelementptr float, ptr @o, i64 %j
  %y = getelementptr float, ptr %buf, i64 %j
  %z = getelementptr float, ptr @to, i64 %j
  %xv = load i32, ptr %x
  %yv = load i32, ptr %y
  %zv = load i32, ptr %z
  %h0 = mul i32 %h, 31
  %h1 = add i32 %h0, %xv
  %h2 = xor i32 %h1, %yv
  %h3 = add i32 %h2, %zv
  %j1 = add i64 %j, 1
  %end = icmp eq i64 %j1, 16
  br i1 %end, label %out, label %sum
out:
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %h3)
  ret i32 0
}

attributes #0 = { nounwind }
