; x86-64-v3: a network stage whose registers pair up, each pair reading the same two
; registers and keeping lanes of one or the other in place, may be one shuffle and two
; blends instead of two shuffles (vblendps runs on three ports, vshufps on one). Taken
; in loops where the network is bound by the shuffle port and the scheduling model gives
; fewer cycles with blends, measured with the roots' stores at their offsets from
; their base, as the original is (neighbouring stores merge; and, for more
; instructions, a cycle fewer at least: the loop's own work). The shuffle goes
; through llvm.arithmetic.fence: without it the backend merges each blend with it
; back into the two shuffles. A 4x4 f32 transpose of loaded rows in a loop, stored.
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late>' -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late>' -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 | FileCheck %s --check-prefix=ASM
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late>' -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v2 -passes='shuffle-lib<late>' -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --allow-empty --check-prefix=V2
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late;lower-always>' -S %s | %lli > %t.after
; RUN: %lli %s > %t.before
; RUN: diff %t.before %t.after

; CHECK-LABEL: @transpose(
; CHECK:         call <8 x float> @llvm.arithmetic.fence.v8f32(
; CHECK:         store <4 x float>
; ASM-LABEL: transpose:
; ASM:           vblendps
; ASM:           vblendps
; ASM:           ret
; REMARK: remark: {{.*}}network: 4 <4 x float> shuffles of 2 registers {{.*}}, 5 in all, pairs as a shuffle and two blends (measured with the roots' stores at their offsets: llc 9 in 3.00 cycles against 10 in 4.00 cycles without them)
; V2-NOT: two blends
define void @transpose(ptr %in, ptr %out, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %at = shl i64 %i, 6
  %q0 = getelementptr inbounds i8, ptr %in, i64 %at
  %p1 = getelementptr inbounds i8, ptr %q0, i64 16
  %p2 = getelementptr inbounds i8, ptr %q0, i64 32
  %p3 = getelementptr inbounds i8, ptr %q0, i64 48
  %r0 = load <4 x float>, ptr %q0, align 1
  %r1 = load <4 x float>, ptr %p1, align 1
  %r2 = load <4 x float>, ptr %p2, align 1
  %r3 = load <4 x float>, ptr %p3, align 1
  %t0 = shufflevector <4 x float> %r0, <4 x float> %r1, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %t1 = shufflevector <4 x float> %r0, <4 x float> %r1, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  %t2 = shufflevector <4 x float> %r2, <4 x float> %r3, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %t3 = shufflevector <4 x float> %r2, <4 x float> %r3, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  %c0 = shufflevector <4 x float> %t0, <4 x float> %t2, <4 x i32> <i32 0, i32 1, i32 4, i32 5>
  %c1 = shufflevector <4 x float> %t0, <4 x float> %t2, <4 x i32> <i32 2, i32 3, i32 6, i32 7>
  %c2 = shufflevector <4 x float> %t1, <4 x float> %t3, <4 x i32> <i32 0, i32 1, i32 4, i32 5>
  %c3 = shufflevector <4 x float> %t1, <4 x float> %t3, <4 x i32> <i32 2, i32 3, i32 6, i32 7>
  %o0 = getelementptr inbounds i8, ptr %out, i64 %at
  %o1 = getelementptr inbounds i8, ptr %o0, i64 16
  %o2 = getelementptr inbounds i8, ptr %o0, i64 32
  %o3 = getelementptr inbounds i8, ptr %o0, i64 48
  store <4 x float> %c0, ptr %o0, align 1
  store <4 x float> %c1, ptr %o1, align 1
  store <4 x float> %c2, ptr %o2, align 1
  store <4 x float> %c3, ptr %o3, align 1
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

@src = global [32 x float] [float 1.0, float 2.0, float 3.0, float 4.0, float 5.0, float 6.0, float 7.0, float 8.0, float 9.0, float 10.0, float 11.0, float 12.0, float 13.0, float 14.0, float 15.0, float 16.0, float 17.0, float 18.0, float 19.0, float 20.0, float 21.0, float 22.0, float 23.0, float 24.0, float 25.0, float 26.0, float 27.0, float 28.0, float 29.0, float 30.0, float 31.0, float 32.0]
@dst = global [32 x float] zeroinitializer
@fmt = private constant [4 x i8] c"%d \00"
declare i32 @printf(ptr, ...)

define i32 @main() {
entry:
  call void @transpose(ptr @src, ptr @dst, i64 2)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %p = getelementptr float, ptr @dst, i64 %i
  %v = load float, ptr %p
  %x = fptosi float %v to i32
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %x)
  %i1 = add i64 %i, 1
  %done = icmp eq i64 %i1, 32
  br i1 %done, label %exit, label %loop
exit:
  ret i32 0
}
