; Measurements are remembered by shape; a phi group's shape includes which of its
; extracts are read in the loop (they stay there) and which only after it (sunk below
; it, not counted): @in_loop, read in the loop, is kept (4 scalar instructions against
; 5) even after @after, of the same shape but read after the loop, was taken (1).
; Before, @in_loop took @after's measurement.
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -pass-remarks=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | FileCheck %s

; CHECK: slp: 4 phis carried round a loop by 4 operations (llc {{[0-9]+}}) became <4 x i32>
; CHECK-NEXT: slp: kept 4 phis carried round a loop by 4 operations
define void @after(ptr noalias %out, ptr noalias %a, i32 %n, ptr noalias %q) {
entry:
  br label %loop
loop:
  %s0 = phi i32 [ 0, %entry ], [ %u0, %loop ]
  %s1 = phi i32 [ 1, %entry ], [ %u1, %loop ]
  %s2 = phi i32 [ 2, %entry ], [ %u2, %loop ]
  %s3 = phi i32 [ 3, %entry ], [ %u3, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %row = phi ptr [ %a, %entry ], [ %next, %loop ]
  %p0 = getelementptr inbounds i8, ptr %row, i64 0
  %x0 = load i32, ptr %p0
  %u0 = add i32 %s0, %x0
  %p1 = getelementptr inbounds i8, ptr %row, i64 4
  %x1 = load i32, ptr %p1
  %u1 = add i32 %s1, %x1
  %p2 = getelementptr inbounds i8, ptr %row, i64 8
  %x2 = load i32, ptr %p2
  %u2 = add i32 %s2, %x2
  %p3 = getelementptr inbounds i8, ptr %row, i64 12
  %x3 = load i32, ptr %p3
  %u3 = add i32 %s3, %x3
  %next = getelementptr inbounds i8, ptr %row, i64 16
  %i1 = add i32 %i, 1
  %c = icmp eq i32 %i1, %n
  br i1 %c, label %exit, label %loop
exit:
  %e0 = getelementptr inbounds i8, ptr %out, i64 0
  store i32 %u0, ptr %e0
  %e1 = getelementptr inbounds i8, ptr %out, i64 4
  store i32 %u1, ptr %e1
  %e2 = getelementptr inbounds i8, ptr %out, i64 8
  store i32 %u2, ptr %e2
  %e3 = getelementptr inbounds i8, ptr %out, i64 12
  store i32 %u3, ptr %e3
  ret void
}
define void @in_loop(ptr noalias %out, ptr noalias %a, i32 %n, ptr noalias %q) {
entry:
  br label %loop
loop:
  %s0 = phi i32 [ 0, %entry ], [ %u0, %loop ]
  %s1 = phi i32 [ 1, %entry ], [ %u1, %loop ]
  %s2 = phi i32 [ 2, %entry ], [ %u2, %loop ]
  %s3 = phi i32 [ 3, %entry ], [ %u3, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %row = phi ptr [ %a, %entry ], [ %next, %loop ]
  %p0 = getelementptr inbounds i8, ptr %row, i64 0
  %x0 = load i32, ptr %p0
  %u0 = add i32 %s0, %x0
  %p1 = getelementptr inbounds i8, ptr %row, i64 4
  %x1 = load i32, ptr %p1
  %u1 = add i32 %s1, %x1
  %p2 = getelementptr inbounds i8, ptr %row, i64 8
  %x2 = load i32, ptr %p2
  %u2 = add i32 %s2, %x2
  %p3 = getelementptr inbounds i8, ptr %row, i64 12
  %x3 = load i32, ptr %p3
  %u3 = add i32 %s3, %x3
  %next = getelementptr inbounds i8, ptr %row, i64 16
  %i1 = add i32 %i, 1
  %c = icmp eq i32 %i1, %n
  %b0 = icmp ugt i32 %u0, 1000
  %b1 = icmp ugt i32 %u1, 1001
  %b2 = icmp ugt i32 %u2, 1002
  %b3 = icmp ugt i32 %u3, 1003
  %o1 = or i1 %b0, %b1
  %o2 = or i1 %o1, %b2
  %o3 = or i1 %o2, %b3
  %cc = or i1 %c, %o3
  br i1 %cc, label %exit, label %loop
exit:
  %e0 = getelementptr inbounds i8, ptr %out, i64 0
  store i32 %u0, ptr %e0
  %e1 = getelementptr inbounds i8, ptr %out, i64 4
  store i32 %u1, ptr %e1
  %e2 = getelementptr inbounds i8, ptr %out, i64 8
  store i32 %u2, ptr %e2
  %e3 = getelementptr inbounds i8, ptr %out, i64 12
  store i32 %u3, ptr %e3
  ret void
}
