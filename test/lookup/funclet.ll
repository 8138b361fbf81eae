; Table loads are not offered in a function with funclets (Windows EH): the call that
; replaces one in a `catchpad` would need a "funclet" bundle, and code generation
; (WinEHPrepare) drops a call in a funclet without one as unreachable, were a pipeline
; to stop before shuffle-lib<late> inlines it again. The same loop outside any such
; function is offered (the OTHER function below). (A helper's hunt.)
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-pc-windows-msvc -mcpu=x86-64-v3 -passes='shuffle-lib<early>' -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-pc-windows-msvc -mcpu=x86-64-v3 -passes='default<O3>' -S %s | %llc -mtriple=x86_64-pc-windows-msvc -mcpu=x86-64-v3 -o /dev/null

target triple = "x86_64-pc-windows-msvc"

@digits = internal constant [16 x i8] c"0123456789abcdef"
declare void @may_throw()
declare i32 @__CxxFrameHandler3(...)

; CHECK-LABEL: define void @in_funclet(
; CHECK: catchpad
; CHECK-NOT: call {{.*}}@shuf.lookup
; CHECK: load i8, ptr %p
; CHECK: catchret
define void @in_funclet(ptr noalias %out, ptr noalias %in, i64 %n) personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @may_throw() to label %done unwind label %cs
cs:
  %sw = catchswitch within none [label %catch] unwind to caller
catch:
  %cp = catchpad within %sw [ptr null, i32 64, ptr null]
  br label %loop
loop:
  %i = phi i64 [ 0, %catch ], [ %i.next, %loop ]
  %src = getelementptr inbounds i8, ptr %in, i64 %i
  %b = load i8, ptr %src, align 1
  %x = and i8 %b, 15
  %z = zext i8 %x to i64
  %p = getelementptr inbounds i8, ptr @digits, i64 %z
  %val = load i8, ptr %p, align 1
  %dst = getelementptr inbounds i8, ptr %out, i64 %i
  store i8 %val, ptr %dst, align 1
  %i.next = add nuw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  catchret from %cp to label %done
done:
  ret void
}

; CHECK-LABEL: define void @other(
; CHECK: call i8 @shuf.lookup.digits
define void @other(ptr noalias %out, ptr noalias %in, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr inbounds i8, ptr %in, i64 %i
  %b = load i8, ptr %src, align 1
  %x = and i8 %b, 15
  %z = zext i8 %x to i64
  %p = getelementptr inbounds i8, ptr @digits, i64 %z
  %val = load i8, ptr %p, align 1
  %dst = getelementptr inbounds i8, ptr %out, i64 %i
  store i8 %val, ptr %dst, align 1
  %i.next = add nuw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %done, label %loop
done:
  ret void
}
