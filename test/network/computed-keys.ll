; Memo keys of groups whose roots feed computations name what the computations compute
; (ir::network::uses_key_of: the instruction as printed without names, its operands),
; not only the opcode: review found an `icmp eq` group's measurement taken for an
; `icmp ult` one, and a `udiv` by 7's for one by 8, in one module (and across processes
; with SHUF_CACHE_DIR). Each measures its own here.
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | FileCheck %s

; CHECK: network: kept the 4 <8 x i32> shuffles: {{.*}} no faster than the original (llc 14 in 4.50 cycles)
; CHECK: network: kept the 4 <8 x i32> shuffles: {{.*}} no faster than the original (llc 16 in 5.00 cycles)
define void @icmpeq(ptr %dst, ptr %src, i64 %n, <8 x i32> %arg) {
entry:
  %c0 = icmp sgt i64 %n, 0
  br i1 %c0, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %so = mul i64 %i, 256
  %do = mul i64 %i, 128
  %s = getelementptr i8, ptr %src, i64 %so
  %d = getelementptr i8, ptr %dst, i64 %do
  %v = load <32 x i32>, ptr %s, align 1
  %x3 = shufflevector <32 x i32> %v, <32 x i32> poison, <8 x i32> <i32 9, i32 11, i32 25, i32 27, i32 13, i32 15, i32 29, i32 31>
  %x1 = shufflevector <32 x i32> %v, <32 x i32> poison, <8 x i32> <i32 8, i32 10, i32 24, i32 26, i32 12, i32 14, i32 28, i32 30>
  %x0 = shufflevector <32 x i32> %v, <32 x i32> poison, <8 x i32> <i32 0, i32 2, i32 16, i32 18, i32 4, i32 6, i32 20, i32 22>
  %x2 = shufflevector <32 x i32> %v, <32 x i32> poison, <8 x i32> <i32 1, i32 3, i32 17, i32 19, i32 5, i32 7, i32 21, i32 23>
  %e0p = getelementptr i8, ptr %s, i64 128
  %e0 = load <8 x i32>, ptr %e0p, align 1
  %q0 = getelementptr i8, ptr %d, i64 0
  %q1 = getelementptr i8, ptr %d, i64 32
  %q2 = getelementptr i8, ptr %d, i64 64
  %q3 = getelementptr i8, ptr %d, i64 96
  %q4 = getelementptr i8, ptr %d, i64 128
  %z = icmp eq <8 x i32> %x0, %e0
  store <8 x i1> %z, ptr %q0, align 1
  store <8 x i32> %x1, ptr %q1, align 1
  store <8 x i32> %x2, ptr %q2, align 1
  store <8 x i32> %x3, ptr %q3, align 1
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp slt i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
define void @icmpult(ptr %dst, ptr %src, i64 %n, <8 x i32> %arg) {
entry:
  %c0 = icmp sgt i64 %n, 0
  br i1 %c0, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %so = mul i64 %i, 256
  %do = mul i64 %i, 128
  %s = getelementptr i8, ptr %src, i64 %so
  %d = getelementptr i8, ptr %dst, i64 %do
  %v = load <32 x i32>, ptr %s, align 1
  %x3 = shufflevector <32 x i32> %v, <32 x i32> poison, <8 x i32> <i32 9, i32 11, i32 25, i32 27, i32 13, i32 15, i32 29, i32 31>
  %x1 = shufflevector <32 x i32> %v, <32 x i32> poison, <8 x i32> <i32 8, i32 10, i32 24, i32 26, i32 12, i32 14, i32 28, i32 30>
  %x0 = shufflevector <32 x i32> %v, <32 x i32> poison, <8 x i32> <i32 0, i32 2, i32 16, i32 18, i32 4, i32 6, i32 20, i32 22>
  %x2 = shufflevector <32 x i32> %v, <32 x i32> poison, <8 x i32> <i32 1, i32 3, i32 17, i32 19, i32 5, i32 7, i32 21, i32 23>
  %e0p = getelementptr i8, ptr %s, i64 128
  %e0 = load <8 x i32>, ptr %e0p, align 1
  %q0 = getelementptr i8, ptr %d, i64 0
  %q1 = getelementptr i8, ptr %d, i64 32
  %q2 = getelementptr i8, ptr %d, i64 64
  %q3 = getelementptr i8, ptr %d, i64 96
  %q4 = getelementptr i8, ptr %d, i64 128
  %z = icmp ult <8 x i32> %x0, %e0
  store <8 x i1> %z, ptr %q0, align 1
  store <8 x i32> %x1, ptr %q1, align 1
  store <8 x i32> %x2, ptr %q2, align 1
  store <8 x i32> %x3, ptr %q3, align 1
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp slt i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
