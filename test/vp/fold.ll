; Targets without EVL (x86, AArch64): a predicated VP intrinsic becomes its plain form
; guarded by the active lanes (mask and lane < EVL). Inactive lanes may compute
; anything (they were poison) but a division must not see their divisor, memory
; operations must not touch them, and reductions must ignore them.
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -o /dev/null

; CHECK-LABEL: @udiv(
; CHECK:         %[[SPLAT:.*]] = shufflevector <4 x i32> %{{.*}}, <4 x i32> poison, <4 x i32> zeroinitializer
; CHECK-NEXT:    %[[BELOW:.*]] = icmp ult <4 x i32> <i32 0, i32 1, i32 2, i32 3>, %[[SPLAT]]
; CHECK-NEXT:    %[[ACTIVE:.*]] = and <4 x i1> %m, %[[BELOW]]
; CHECK-NEXT:    %[[DIVISOR:.*]] = select <4 x i1> %[[ACTIVE]], <4 x i32> %b, <4 x i32> splat (i32 1)
; CHECK-NEXT:    %r = udiv <4 x i32> %a, %[[DIVISOR]]
define <4 x i32> @udiv(<4 x i32> %a, <4 x i32> %b, <4 x i1> %m, i32 %evl) {
  %r = call <4 x i32> @llvm.vp.udiv.v4i32(<4 x i32> %a, <4 x i32> %b, <4 x i1> %m, i32 %evl)
  ret <4 x i32> %r
}

; No division: the plain operation on every lane.
; CHECK-LABEL: @fadd(
; CHECK-NEXT:    %r = fadd <4 x float> %a, %b
define <4 x float> @fadd(<4 x float> %a, <4 x float> %b, <4 x i1> %m, i32 %evl) {
  %r = call <4 x float> @llvm.vp.fadd.v4f32(<4 x float> %a, <4 x float> %b, <4 x i1> %m, i32 %evl)
  ret <4 x float> %r
}

; Inactive lanes take the neutral element: a quiet NaN for fmax (maxnum).
; CHECK-LABEL: @reduce_fmax(
; CHECK:         select <4 x i1> %m, <4 x float> %v, <4 x float> splat (float 0x7FF8000000000000)
; CHECK-NEXT:    %[[R:.*]] = call float @llvm.vector.reduce.fmax.v4f32(
; CHECK-NEXT:    call float @llvm.maxnum.f32(float %s, float %[[R]])
define float @reduce_fmax(float %s, <4 x float> %v, <4 x i1> %m) {
  %r = call float @llvm.vp.reduce.fmax.v4f32(float %s, <4 x float> %v, <4 x i1> %m, i32 4)
  ret float %r
}

; A masked load and store read and write the active lanes only.
; CHECK-LABEL: @copy(
; CHECK:         %[[A:.*]] = icmp ult <4 x i32> <i32 0, i32 1, i32 2, i32 3>,
; CHECK-NEXT:    %[[V:.*]] = call <4 x i32> @llvm.masked.load.v4i32.p0(ptr align 4 %p, <4 x i1> %[[A]], <4 x i32> poison)
; CHECK:         %[[B:.*]] = icmp ult <4 x i32> <i32 0, i32 1, i32 2, i32 3>,
; CHECK-NEXT:    call void @llvm.masked.store.v4i32.p0(<4 x i32> %[[V]], ptr align 4 %q, <4 x i1> %[[B]])
define void @copy(ptr %p, ptr %q, i32 %evl) {
  %v = call <4 x i32> @llvm.vp.load.v4i32.p0(ptr align 4 %p, <4 x i1> splat (i1 true), i32 %evl)
  call void @llvm.vp.store.v4i32.p0(<4 x i32> %v, ptr align 4 %q, <4 x i1> splat (i1 true), i32 %evl)
  ret void
}

; A constant EVL below the lane count folds into a constant mask.
; CHECK-LABEL: @const_evl(
; CHECK-NEXT:    call <4 x i32> @llvm.masked.load.v4i32.p0(ptr align 4 %p, <4 x i1> <i1 true, i1 true, i1 true, i1 false>, <4 x i32> poison)
define <4 x i32> @const_evl(ptr %p) {
  %v = call <4 x i32> @llvm.vp.load.v4i32.p0(ptr align 4 %p, <4 x i1> splat (i1 true), i32 3)
  ret <4 x i32> %v
}

; A strided load is a masked gather of ptr + i * stride.
; CHECK-LABEL: @strided(
; CHECK:         %[[OFF:.*]] = mul <4 x i64> <i64 0, i64 1, i64 2, i64 3>,
; CHECK-NEXT:    %[[PTRS:.*]] = getelementptr i8, ptr %p, <4 x i64> %[[OFF]]
; CHECK-NEXT:    call <4 x i32> @llvm.masked.gather.v4i32.v4p0(<4 x ptr> align 4 %[[PTRS]], <4 x i1> %m, <4 x i32> poison)
define <4 x i32> @strided(ptr %p, i64 %stride, <4 x i1> %m) {
  %v = call <4 x i32> @llvm.experimental.vp.strided.load.v4i32.p0.i64(ptr align 4 %p, i64 %stride, <4 x i1> %m, i32 4)
  ret <4 x i32> %v
}

; vp.load.ff reads its first lane only (no later lane may fault) and says so.
; CHECK-LABEL: @first_fault(
; CHECK:         and <4 x i1> %{{.*}}, <i1 true, i1 false, i1 false, i1 false>
; CHECK:         call <4 x i32> @llvm.masked.load.v4i32.p0(
; CHECK:         select i1 %{{.*}}, i32 0, i32 1
define { <4 x i32>, i32 } @first_fault(ptr %p, i32 %evl) {
  %r = call { <4 x i32>, i32 } @llvm.vp.load.ff.v4i32.p0(ptr align 4 %p, <4 x i1> splat (i1 true), i32 %evl)
  ret { <4 x i32>, i32 } %r
}

; vp.merge: lanes at or past EVL take the false operand.
; CHECK-LABEL: @merge(
; CHECK:         %[[C:.*]] = and <4 x i1> %c, %{{.*}}
; CHECK-NEXT:    select <4 x i1> %[[C]], <4 x i32> %a, <4 x i32> %b
define <4 x i32> @merge(<4 x i1> %c, <4 x i32> %a, <4 x i32> %b, i32 %evl) {
  %r = call <4 x i32> @llvm.vp.merge.v4i32(<4 x i1> %c, <4 x i32> %a, <4 x i32> %b, i32 %evl)
  ret <4 x i32> %r
}

; Reverse of the first EVL lanes; lanes past EVL are poison.
; CHECK-LABEL: @reverse3(
; CHECK-NEXT:    shufflevector <4 x i32> %a, <4 x i32> poison, <4 x i32> <i32 2, i32 1, i32 0, i32 poison>
define <4 x i32> @reverse3(<4 x i32> %a) {
  %r = call <4 x i32> @llvm.experimental.vp.reverse.v4i32(<4 x i32> %a, <4 x i1> splat (i1 true), i32 3)
  ret <4 x i32> %r
}
