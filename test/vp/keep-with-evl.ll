; Targets with EVL (RISC-V V) keep predicated VP intrinsics, but for the ones their
; backend cannot select (LLVM 22: vp.frem, vp.reduce.fmul; reverse, splice and
; is.fpclass on a lane count that is not a power of two).
; REQUIRES: riscv-registered-target
; RUN: %opt -mtriple=riscv64-linux-gnu -mattr=+v -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=riscv64-linux-gnu -mattr=+v -passes=shuffle-lib -S %s | %llc -mtriple=riscv64-linux-gnu -mattr=+v -o /dev/null

; CHECK-LABEL: @add(
; CHECK-NEXT:    call <8 x i32> @llvm.vp.add.v8i32(<8 x i32> %a, <8 x i32> %b, <8 x i1> %m, i32 %evl)
define <8 x i32> @add(<8 x i32> %a, <8 x i32> %b, <8 x i1> %m, i32 %evl) {
  %r = call <8 x i32> @llvm.vp.add.v8i32(<8 x i32> %a, <8 x i32> %b, <8 x i1> %m, i32 %evl)
  ret <8 x i32> %r
}

; A prefix mask becomes the EVL (the same lanes are active).
; CHECK-LABEL: @prefix(
; CHECK-NEXT:    %1 = call i32 @llvm.umin.i32(i32 %evl, i32 3)
; CHECK-NEXT:    call <8 x i32> @llvm.vp.add.v8i32(<8 x i32> %a, <8 x i32> %b, <8 x i1> splat (i1 true), i32 %1)
define <8 x i32> @prefix(<8 x i32> %a, <8 x i32> %b, i32 %evl) {
  %r = call <8 x i32> @llvm.vp.add.v8i32(<8 x i32> %a, <8 x i32> %b, <8 x i1> <i1 1, i1 1, i1 1, i1 0, i1 0, i1 0, i1 0, i1 0>, i32 %evl)
  ret <8 x i32> %r
}

; Not where EVL is more than which lanes are active: vp.reverse's EVL says where each
; lane comes from (lane i reads evl-1-i), vp.cttz.elts returns EVL where no active lane
; is non-zero. There the prefix mask stays a mask (a helper's hunt, 2026-11-27: under
; qemu the reverse read the wrong lanes and cttz.elts returned 3 for EVL 4..8).
; CHECK-LABEL: @prefix_reverse(
; CHECK-NOT:     @llvm.umin
; CHECK:         call <8 x i32> @llvm.experimental.vp.reverse.v8i32(<8 x i32> %v, <8 x i1> <i1 true, i1 true, i1 true, i1 false, i1 false, i1 false, i1 false, i1 false>, i32 %evl)
define <8 x i32> @prefix_reverse(<8 x i32> %v, i32 %evl) {
  %r = call <8 x i32> @llvm.experimental.vp.reverse.v8i32(<8 x i32> %v, <8 x i1> <i1 1, i1 1, i1 1, i1 0, i1 0, i1 0, i1 0, i1 0>, i32 %evl)
  ret <8 x i32> %r
}

; CHECK-LABEL: @prefix_cttz_elts(
; CHECK-NOT:     @llvm.umin
; CHECK:         call i32 @llvm.vp.cttz.elts.i32.v8i32(<8 x i32> %v, i1 false, <8 x i1> <i1 true, i1 true, i1 true, i1 false, i1 false, i1 false, i1 false, i1 false>, i32 %evl)
define i32 @prefix_cttz_elts(<8 x i32> %v, i32 %evl) {
  %r = call i32 @llvm.vp.cttz.elts.i32.v8i32(<8 x i32> %v, i1 false, <8 x i1> <i1 1, i1 1, i1 1, i1 0, i1 0, i1 0, i1 0, i1 0>, i32 %evl)
  ret i32 %r
}

; CHECK-LABEL: @prefix_const(
; CHECK-NEXT:    call void @llvm.vp.store.v8i32.p0(<8 x i32> %v, ptr align 4 %p, <8 x i1> splat (i1 true), i32 2)
define void @prefix_const(<8 x i32> %v, ptr %p) {
  call void @llvm.vp.store.v8i32.p0(<8 x i32> %v, ptr align 4 %p, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 0, i1 0, i1 0, i1 0>, i32 2)
  ret void
}

; Lifting (opt-in, shuffle-lib<vp-lift>): a masked load/store under an active-lane mask
; becomes the VP call with EVL min(n, lanes). Without the parameter nothing changes.
; RUN: %opt -mtriple=riscv64-linux-gnu -mattr=+v -passes='shuffle-lib<vp-lift>' -S %s | FileCheck %s --check-prefix=LIFT
; LIFT-LABEL: @lift(
; LIFT:         %[[N:.*]] = call i32 @llvm.umin.i32(i32 %n, i32 8)
; LIFT-NEXT:    call <8 x i32> @llvm.vp.load.v8i32.p0(ptr align 4 %p, <8 x i1> splat (i1 true), i32 %[[N]])
; LIFT:         call void @llvm.vp.store.v8i32.p0(<8 x i32> %v, ptr align 4 %q, <8 x i1> splat (i1 true), i32 %{{.*}})
; CHECK-LABEL: @lift(
; CHECK:         call <8 x i32> @llvm.masked.load.v8i32.p0(
define void @lift(ptr %p, ptr %q, i32 %n) {
  %m = call <8 x i1> @llvm.get.active.lane.mask.v8i1.i32(i32 0, i32 %n)
  %v = call <8 x i32> @llvm.masked.load.v8i32.p0(ptr align 4 %p, <8 x i1> %m, <8 x i32> poison)
  call void @llvm.masked.store.v8i32.p0(<8 x i32> %v, ptr align 4 %q, <8 x i1> %m)
  ret void
}

; An `undef` pass-through is not lifted: the VP load's inactive lanes would be poison.
; LIFT-LABEL: @lift_undef(
; LIFT-NOT:     @llvm.vp.load
; LIFT:         call <8 x i32> @llvm.masked.load.v8i32.p0(ptr align 4 %p, <8 x i1> %m, <8 x i32> undef)
define <8 x i32> @lift_undef(ptr %p, i32 %n) {
  %m = call <8 x i1> @llvm.get.active.lane.mask.v8i1.i32(i32 0, i32 %n)
  %v = call <8 x i32> @llvm.masked.load.v8i32.p0(ptr align 4 %p, <8 x i1> %m, <8 x i32> undef)
  ret <8 x i32> %v
}

; CHECK-LABEL: @frem(
; CHECK-NOT:     llvm.vp.frem
; CHECK:         frem <8 x float> %a, %b
define <8 x float> @frem(<8 x float> %a, <8 x float> %b, <8 x i1> %m, i32 %evl) {
  %r = call <8 x float> @llvm.vp.frem.v8f32(<8 x float> %a, <8 x float> %b, <8 x i1> %m, i32 %evl)
  ret <8 x float> %r
}

; CHECK-LABEL: @fmul_reduce(
; CHECK:         call float @llvm.vector.reduce.fmul.v8f32(float %s,
define float @fmul_reduce(float %s, <8 x float> %v, <8 x i1> %m, i32 %evl) {
  %r = call float @llvm.vp.reduce.fmul.v8f32(float %s, <8 x float> %v, <8 x i1> %m, i32 %evl)
  ret float %r
}

; Three lanes: "Do not know how to widen the result of this operator" if kept.
; CHECK-LABEL: @reverse3(
; CHECK-NOT:     @llvm.experimental.vp.reverse
; CHECK:         ret <3 x i32>
define <3 x i32> @reverse3(<3 x i32> %a, <3 x i1> %m, i32 %evl) {
  %r = call <3 x i32> @llvm.experimental.vp.reverse.v3i32(<3 x i32> %a, <3 x i1> %m, i32 %evl)
  ret <3 x i32> %r
}

; CHECK-LABEL: @reverse4(
; CHECK-NEXT:    call <4 x i32> @llvm.experimental.vp.reverse.v4i32(
define <4 x i32> @reverse4(<4 x i32> %a, <4 x i1> %m, i32 %evl) {
  %r = call <4 x i32> @llvm.experimental.vp.reverse.v4i32(<4 x i32> %a, <4 x i1> %m, i32 %evl)
  ret <4 x i32> %r
}
