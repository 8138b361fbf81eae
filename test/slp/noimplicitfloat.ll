; Under `noimplicitfloat` (clang's `-msoft-float` and `-mgeneral-regs-only` on some
; targets, kernel code: vector registers are the user's) no vector code is made out of
; scalar code, as LLVM's vectorizers make none: here a group of phis (vectorized
; without the attribute, `@allowed`), also forced.
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<lower-always>' -S %s | FileCheck %s

; CHECK-LABEL: @f_i16_8(
; CHECK-NOT:     <8 x i16>
; CHECK:         ret void
; CHECK-LABEL: @allowed(
; CHECK:         phi <8 x i16>
; CHECK:         ret void
define void @f_i16_8(ptr noalias %out, ptr noalias %a, i32 %n) #0 {
entry:
  br label %loop
loop:
  %s0 = phi i16 [ 0, %entry ], [ %u0, %loop ]
  %s1 = phi i16 [ 1, %entry ], [ %u1, %loop ]
  %s2 = phi i16 [ 2, %entry ], [ %u2, %loop ]
  %s3 = phi i16 [ 3, %entry ], [ %u3, %loop ]
  %s4 = phi i16 [ 4, %entry ], [ %u4, %loop ]
  %s5 = phi i16 [ 5, %entry ], [ %u5, %loop ]
  %s6 = phi i16 [ 6, %entry ], [ %u6, %loop ]
  %s7 = phi i16 [ 7, %entry ], [ %u7, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %row = phi ptr [ %a, %entry ], [ %next, %loop ]
  %p0 = getelementptr inbounds i8, ptr %row, i64 2
  %x0 = load i16, ptr %p0
  %m0 = mul i16 %s0, 3
  %u0 = add i16 %m0, %x0
  %p1 = getelementptr inbounds i8, ptr %row, i64 0
  %x1 = load i16, ptr %p1
  %m1 = mul i16 %s1, 3
  %u1 = add i16 %m1, %x1
  %p2 = getelementptr inbounds i8, ptr %row, i64 6
  %x2 = load i16, ptr %p2
  %m2 = mul i16 %s2, 3
  %u2 = add i16 %m2, %x2
  %p3 = getelementptr inbounds i8, ptr %row, i64 4
  %x3 = load i16, ptr %p3
  %m3 = mul i16 %s3, 3
  %u3 = add i16 %m3, %x3
  %p4 = getelementptr inbounds i8, ptr %row, i64 10
  %x4 = load i16, ptr %p4
  %m4 = mul i16 %s4, 3
  %u4 = add i16 %m4, %x4
  %p5 = getelementptr inbounds i8, ptr %row, i64 8
  %x5 = load i16, ptr %p5
  %m5 = mul i16 %s5, 3
  %u5 = add i16 %m5, %x5
  %p6 = getelementptr inbounds i8, ptr %row, i64 14
  %x6 = load i16, ptr %p6
  %m6 = mul i16 %s6, 3
  %u6 = add i16 %m6, %x6
  %p7 = getelementptr inbounds i8, ptr %row, i64 12
  %x7 = load i16, ptr %p7
  %m7 = mul i16 %s7, 3
  %u7 = add i16 %m7, %x7
  %next = getelementptr inbounds i8, ptr %row, i64 16
  %i1 = add i32 %i, 1
  %c = icmp eq i32 %i1, %n
  br i1 %c, label %exit, label %loop
exit:
  %o0 = getelementptr inbounds i8, ptr %out, i64 0
  store i16 %u0, ptr %o0
  %o1 = getelementptr inbounds i8, ptr %out, i64 2
  store i16 %u1, ptr %o1
  %o2 = getelementptr inbounds i8, ptr %out, i64 4
  store i16 %u2, ptr %o2
  %o3 = getelementptr inbounds i8, ptr %out, i64 6
  store i16 %u3, ptr %o3
  %o4 = getelementptr inbounds i8, ptr %out, i64 8
  store i16 %u4, ptr %o4
  %o5 = getelementptr inbounds i8, ptr %out, i64 10
  store i16 %u5, ptr %o5
  %o6 = getelementptr inbounds i8, ptr %out, i64 12
  store i16 %u6, ptr %o6
  %o7 = getelementptr inbounds i8, ptr %out, i64 14
  store i16 %u7, ptr %o7
  ret void
}
attributes #0 = { noimplicitfloat "target-cpu"="x86-64-v3" }
define void @allowed(ptr noalias %out, ptr noalias %a, i32 %n) {
entry:
  br label %loop
loop:
  %s0 = phi i16 [ 0, %entry ], [ %u0, %loop ]
  %s1 = phi i16 [ 1, %entry ], [ %u1, %loop ]
  %s2 = phi i16 [ 2, %entry ], [ %u2, %loop ]
  %s3 = phi i16 [ 3, %entry ], [ %u3, %loop ]
  %s4 = phi i16 [ 4, %entry ], [ %u4, %loop ]
  %s5 = phi i16 [ 5, %entry ], [ %u5, %loop ]
  %s6 = phi i16 [ 6, %entry ], [ %u6, %loop ]
  %s7 = phi i16 [ 7, %entry ], [ %u7, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %row = phi ptr [ %a, %entry ], [ %next, %loop ]
  %p0 = getelementptr inbounds i8, ptr %row, i64 2
  %x0 = load i16, ptr %p0
  %m0 = mul i16 %s0, 3
  %u0 = add i16 %m0, %x0
  %p1 = getelementptr inbounds i8, ptr %row, i64 0
  %x1 = load i16, ptr %p1
  %m1 = mul i16 %s1, 3
  %u1 = add i16 %m1, %x1
  %p2 = getelementptr inbounds i8, ptr %row, i64 6
  %x2 = load i16, ptr %p2
  %m2 = mul i16 %s2, 3
  %u2 = add i16 %m2, %x2
  %p3 = getelementptr inbounds i8, ptr %row, i64 4
  %x3 = load i16, ptr %p3
  %m3 = mul i16 %s3, 3
  %u3 = add i16 %m3, %x3
  %p4 = getelementptr inbounds i8, ptr %row, i64 10
  %x4 = load i16, ptr %p4
  %m4 = mul i16 %s4, 3
  %u4 = add i16 %m4, %x4
  %p5 = getelementptr inbounds i8, ptr %row, i64 8
  %x5 = load i16, ptr %p5
  %m5 = mul i16 %s5, 3
  %u5 = add i16 %m5, %x5
  %p6 = getelementptr inbounds i8, ptr %row, i64 14
  %x6 = load i16, ptr %p6
  %m6 = mul i16 %s6, 3
  %u6 = add i16 %m6, %x6
  %p7 = getelementptr inbounds i8, ptr %row, i64 12
  %x7 = load i16, ptr %p7
  %m7 = mul i16 %s7, 3
  %u7 = add i16 %m7, %x7
  %next = getelementptr inbounds i8, ptr %row, i64 16
  %i1 = add i32 %i, 1
  %c = icmp eq i32 %i1, %n
  br i1 %c, label %exit, label %loop
exit:
  %o0 = getelementptr inbounds i8, ptr %out, i64 0
  store i16 %u0, ptr %o0
  %o1 = getelementptr inbounds i8, ptr %out, i64 2
  store i16 %u1, ptr %o1
  %o2 = getelementptr inbounds i8, ptr %out, i64 4
  store i16 %u2, ptr %o2
  %o3 = getelementptr inbounds i8, ptr %out, i64 6
  store i16 %u3, ptr %o3
  %o4 = getelementptr inbounds i8, ptr %out, i64 8
  store i16 %u4, ptr %o4
  %o5 = getelementptr inbounds i8, ptr %out, i64 10
  store i16 %u5, ptr %o5
  %o6 = getelementptr inbounds i8, ptr %out, i64 12
  store i16 %u6, ptr %o6
  %o7 = getelementptr inbounds i8, ptr %out, i64 14
  store i16 %u7, ptr %o7
  ret void
}

