; EVL 0, or an all-false mask: nothing is active. Poison, no memory access, the start
; value of a reduction, the false operand of vp.merge.
; RUN: %opt -passes=shuffle-lib -S %s | FileCheck %s

; CHECK-LABEL: @add(
; CHECK-NEXT:    ret <8 x i32> poison
define <8 x i32> @add(<8 x i32> %a, <8 x i32> %b, <8 x i1> %m) {
  %r = call <8 x i32> @llvm.vp.add.v8i32(<8 x i32> %a, <8 x i32> %b, <8 x i1> %m, i32 0)
  ret <8 x i32> %r
}

; CHECK-LABEL: @store(
; CHECK-NEXT:    ret void
define void @store(<8 x i32> %v, ptr %p, i32 %evl) {
  call void @llvm.vp.store.v8i32.p0(<8 x i32> %v, ptr %p, <8 x i1> zeroinitializer, i32 %evl)
  ret void
}

; CHECK-LABEL: @load(
; CHECK-NEXT:    ret <8 x i32> poison
define <8 x i32> @load(ptr %p, <8 x i1> %m) {
  %r = call <8 x i32> @llvm.vp.load.v8i32.p0(ptr %p, <8 x i1> %m, i32 0)
  ret <8 x i32> %r
}

; CHECK-LABEL: @reduce(
; CHECK-NEXT:    ret i32 %s
define i32 @reduce(i32 %s, <8 x i32> %v, i32 %evl) {
  %r = call i32 @llvm.vp.reduce.mul.v8i32(i32 %s, <8 x i32> %v, <8 x i1> zeroinitializer, i32 %evl)
  ret i32 %r
}

; CHECK-LABEL: @merge(
; CHECK-NEXT:    ret <8 x i32> %b
define <8 x i32> @merge(<8 x i1> %c, <8 x i32> %a, <8 x i32> %b) {
  %r = call <8 x i32> @llvm.vp.merge.v8i32(<8 x i1> %c, <8 x i32> %a, <8 x i32> %b, i32 0)
  ret <8 x i32> %r
}

; vp.load.ff returns how many lanes it read: 0 where EVL is 0, at least 1 otherwise,
; even with no active lane (LangRef). Not poison (a helper's hunt, 2026-11-27: a
; strlen-style loop advanced by poison); the data is, and no memory is read.
; CHECK-LABEL: @load_ff_no_lane(
; CHECK-NOT:     poison, 1
; CHECK:         [[ZERO:%.*]] = icmp eq i32 %evl, 0
; CHECK-NEXT:    [[COUNT:%.*]] = select i1 [[ZERO]], i32 0, i32 1
; CHECK:         ret i32
define i32 @load_ff_no_lane(ptr %p, i32 %evl) {
  %r = call {<4 x i32>, i32} @llvm.vp.load.ff.v4i32.p0(ptr %p, <4 x i1> zeroinitializer, i32 %evl)
  %n = extractvalue {<4 x i32>, i32} %r, 1
  ret i32 %n
}

; CHECK-LABEL: @load_ff_evl_zero(
; CHECK-NOT:     extractvalue { <4 x i32>, i32 } poison
; CHECK:         insertvalue { <4 x i32>, i32 } %{{.*}}, i32 0, 1
define i32 @load_ff_evl_zero(ptr %p, <4 x i1> %m) {
  %r = call {<4 x i32>, i32} @llvm.vp.load.ff.v4i32.p0(ptr %p, <4 x i1> %m, i32 0)
  %n = extractvalue {<4 x i32>, i32} %r, 1
  ret i32 %n
}
