; The loop vectorizer's gathers of neighbouring fields of each record (one base, one
; index vector, all lanes on, one vector length) become one indexed segment load on
; RISC-V V: `vluxseg8ei64` for fields 0..7, `vluxseg2ei64` for 8..9 (the index plus
; the first field's offset). Not where something may write memory between the gathers,
; a lane is off, the lengths differ, or a field is less aligned than its size.
; REQUIRES: riscv-registered-target
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<late>' -S %s | FileCheck %s
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<late>' -S %s | %llc -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -o - | FileCheck %s --check-prefix=ASM
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<late>' -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<late;no-segments>' -S %s | FileCheck %s --check-prefix=OFF

; CHECK-LABEL: @fields(
; CHECK:         [[T:%.*]] = call target("riscv.vector.tuple", <vscale x 2 x i8>, 8) @llvm.riscv.vluxseg8.{{.*}}(target("riscv.vector.tuple", <vscale x 2 x i8>, 8) poison, ptr %p, <vscale x 2 x i64> %idx, i64 {{%.*}}, i64 3)
; CHECK:         call <vscale x 2 x i8> @llvm.riscv.tuple.extract.{{.*}}(target("riscv.vector.tuple", <vscale x 2 x i8>, 8) [[T]], i32 0)
; CHECK:         [[I:%.*]] = add <vscale x 2 x i64> %idx,
; CHECK:         call target("riscv.vector.tuple", <vscale x 2 x i8>, 2) @llvm.riscv.vluxseg2.{{.*}}(target("riscv.vector.tuple", <vscale x 2 x i8>, 2) poison, ptr %p, <vscale x 2 x i64> [[I]], i64 {{%.*}}, i64 3)
; CHECK-NOT:     llvm.vp.gather
; CHECK:         ret
; ASM-LABEL: fields:
; ASM:         vluxseg8ei64.v
; ASM:         vluxseg2ei64.v
; ASM-NOT:     vlse8
; ASM:         ret
; OFF-LABEL: @fields(
; OFF-COUNT-10:  call <vscale x 2 x i8> @llvm.vp.gather
; REMARK: remark: {{.*}}segment: 8 gathers of neighbouring fields became one segment load
; REMARK: remark: {{.*}}segment: 2 gathers of neighbouring fields became one segment load
define <vscale x 2 x i8> @fields(ptr %p, <vscale x 2 x i64> %idx, i32 %evl) {
  %r = getelementptr i8, ptr %p, <vscale x 2 x i64> %idx
  %x0 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %r, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %f1 = getelementptr i8, <vscale x 2 x ptr> %r, i64 1
  %x1 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f1, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a1 = xor <vscale x 2 x i8> %x0, %x1
  %f2 = getelementptr i8, <vscale x 2 x ptr> %r, i64 2
  %x2 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f2, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a2 = xor <vscale x 2 x i8> %a1, %x2
  %f3 = getelementptr i8, <vscale x 2 x ptr> %r, i64 3
  %x3 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f3, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a3 = xor <vscale x 2 x i8> %a2, %x3
  %f4 = getelementptr i8, <vscale x 2 x ptr> %r, i64 4
  %x4 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f4, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a4 = xor <vscale x 2 x i8> %a3, %x4
  %f5 = getelementptr i8, <vscale x 2 x ptr> %r, i64 5
  %x5 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f5, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a5 = xor <vscale x 2 x i8> %a4, %x5
  %f6 = getelementptr i8, <vscale x 2 x ptr> %r, i64 6
  %x6 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f6, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a6 = xor <vscale x 2 x i8> %a5, %x6
  %f7 = getelementptr i8, <vscale x 2 x ptr> %r, i64 7
  %x7 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f7, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a7 = xor <vscale x 2 x i8> %a6, %x7
  %f8 = getelementptr i8, <vscale x 2 x ptr> %r, i64 8
  %x8 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f8, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a8 = xor <vscale x 2 x i8> %a7, %x8
  %f9 = getelementptr i8, <vscale x 2 x ptr> %r, i64 9
  %x9 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f9, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a9 = xor <vscale x 2 x i8> %a8, %x9
  ret <vscale x 2 x i8> %a9
}

; A store between fields 3 and 4: fields 0..3 and 4..7 may not share a load; each
; side's own run stays apart from the store.
; CHECK-LABEL: @store_between(
; CHECK:         call {{.*}} @llvm.riscv.vluxseg4.
; CHECK:         store i8 0, ptr %q
; CHECK:         call {{.*}} @llvm.riscv.vluxseg4.
; CHECK:         ret
define <vscale x 2 x i8> @store_between(ptr %p, <vscale x 2 x i64> %idx, i32 %evl, ptr %q) {
  %r = getelementptr i8, ptr %p, <vscale x 2 x i64> %idx
  %x0 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %r, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %f1 = getelementptr i8, <vscale x 2 x ptr> %r, i64 1
  %x1 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f1, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a1 = xor <vscale x 2 x i8> %x0, %x1
  %f2 = getelementptr i8, <vscale x 2 x ptr> %r, i64 2
  %x2 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f2, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a2 = xor <vscale x 2 x i8> %a1, %x2
  %f3 = getelementptr i8, <vscale x 2 x ptr> %r, i64 3
  %x3 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f3, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a3 = xor <vscale x 2 x i8> %a2, %x3
  store i8 0, ptr %q
  %f4 = getelementptr i8, <vscale x 2 x ptr> %r, i64 4
  %x4 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f4, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a4 = xor <vscale x 2 x i8> %a3, %x4
  %f5 = getelementptr i8, <vscale x 2 x ptr> %r, i64 5
  %x5 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f5, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a5 = xor <vscale x 2 x i8> %a4, %x5
  %f6 = getelementptr i8, <vscale x 2 x ptr> %r, i64 6
  %x6 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f6, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a6 = xor <vscale x 2 x i8> %a5, %x6
  %f7 = getelementptr i8, <vscale x 2 x ptr> %r, i64 7
  %x7 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f7, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a7 = xor <vscale x 2 x i8> %a6, %x7
  ret <vscale x 2 x i8> %a7
}

; An acquire load between fields 3 and 4, likewise: the later fields may not be loaded
; above it.
; CHECK-LABEL: @acquire_between(
; CHECK:         call {{.*}} @llvm.riscv.vluxseg4.
; CHECK:         load atomic i8, ptr %q acquire
; CHECK:         call {{.*}} @llvm.riscv.vluxseg4.
; CHECK:         ret
define <vscale x 2 x i8> @acquire_between(ptr %p, <vscale x 2 x i64> %idx, i32 %evl, ptr %q) {
  %r = getelementptr i8, ptr %p, <vscale x 2 x i64> %idx
  %x0 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %r, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %f1 = getelementptr i8, <vscale x 2 x ptr> %r, i64 1
  %x1 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f1, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a1 = xor <vscale x 2 x i8> %x0, %x1
  %f2 = getelementptr i8, <vscale x 2 x ptr> %r, i64 2
  %x2 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f2, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a2 = xor <vscale x 2 x i8> %a1, %x2
  %f3 = getelementptr i8, <vscale x 2 x ptr> %r, i64 3
  %x3 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f3, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a3 = xor <vscale x 2 x i8> %a2, %x3
  %seen = load atomic i8, ptr %q acquire, align 1
  %f4 = getelementptr i8, <vscale x 2 x ptr> %r, i64 4
  %x4 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f4, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a4 = xor <vscale x 2 x i8> %a3, %x4
  %f5 = getelementptr i8, <vscale x 2 x ptr> %r, i64 5
  %x5 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f5, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a5 = xor <vscale x 2 x i8> %a4, %x5
  %f6 = getelementptr i8, <vscale x 2 x ptr> %r, i64 6
  %x6 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f6, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a6 = xor <vscale x 2 x i8> %a5, %x6
  %f7 = getelementptr i8, <vscale x 2 x ptr> %r, i64 7
  %x7 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f7, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a7 = xor <vscale x 2 x i8> %a6, %x7
  ret <vscale x 2 x i8> %a7
}

; A lane off in field 2's mask: fields 0..1 and 3..7 runs, field 2 stays a gather.
; CHECK-LABEL: @lane_off(
; CHECK:         call {{.*}} @llvm.riscv.vluxseg2.
; CHECK:         call <vscale x 2 x i8> @llvm.vp.gather.{{.*}} %m,
; CHECK:         call {{.*}} @llvm.riscv.vluxseg5.
; CHECK:         ret
define <vscale x 2 x i8> @lane_off(ptr %p, <vscale x 2 x i64> %idx, i32 %evl, <vscale x 2 x i1> %m) {
  %r = getelementptr i8, ptr %p, <vscale x 2 x i64> %idx
  %x0 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %r, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %f1 = getelementptr i8, <vscale x 2 x ptr> %r, i64 1
  %x1 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f1, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a1 = xor <vscale x 2 x i8> %x0, %x1
  %f2 = getelementptr i8, <vscale x 2 x ptr> %r, i64 2
  %x2 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f2, <vscale x 2 x i1> %m, i32 %evl)
  %a2 = xor <vscale x 2 x i8> %a1, %x2
  %f3 = getelementptr i8, <vscale x 2 x ptr> %r, i64 3
  %x3 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f3, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a3 = xor <vscale x 2 x i8> %a2, %x3
  %f4 = getelementptr i8, <vscale x 2 x ptr> %r, i64 4
  %x4 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f4, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a4 = xor <vscale x 2 x i8> %a3, %x4
  %f5 = getelementptr i8, <vscale x 2 x ptr> %r, i64 5
  %x5 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f5, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a5 = xor <vscale x 2 x i8> %a4, %x5
  %f6 = getelementptr i8, <vscale x 2 x ptr> %r, i64 6
  %x6 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f6, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a6 = xor <vscale x 2 x i8> %a5, %x6
  %f7 = getelementptr i8, <vscale x 2 x ptr> %r, i64 7
  %x7 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f7, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a7 = xor <vscale x 2 x i8> %a6, %x7
  ret <vscale x 2 x i8> %a7
}

; Another vector length from field 4: two runs.
; CHECK-LABEL: @two_lengths(
; CHECK:         call {{.*}} @llvm.riscv.vluxseg4.{{.*}} i64 3)
; CHECK:         call {{.*}} @llvm.riscv.vluxseg4.{{.*}} i64 3)
; CHECK:         ret
define <vscale x 2 x i8> @two_lengths(ptr %p, <vscale x 2 x i64> %idx, i32 %evl, i32 %evl2) {
  %r = getelementptr i8, ptr %p, <vscale x 2 x i64> %idx
  %x0 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %r, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %f1 = getelementptr i8, <vscale x 2 x ptr> %r, i64 1
  %x1 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f1, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a1 = xor <vscale x 2 x i8> %x0, %x1
  %f2 = getelementptr i8, <vscale x 2 x ptr> %r, i64 2
  %x2 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f2, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a2 = xor <vscale x 2 x i8> %a1, %x2
  %f3 = getelementptr i8, <vscale x 2 x ptr> %r, i64 3
  %x3 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f3, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a3 = xor <vscale x 2 x i8> %a2, %x3
  %f4 = getelementptr i8, <vscale x 2 x ptr> %r, i64 4
  %x4 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f4, <vscale x 2 x i1> splat (i1 true), i32 %evl2)
  %a4 = xor <vscale x 2 x i8> %a3, %x4
  %f5 = getelementptr i8, <vscale x 2 x ptr> %r, i64 5
  %x5 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f5, <vscale x 2 x i1> splat (i1 true), i32 %evl2)
  %a5 = xor <vscale x 2 x i8> %a4, %x5
  %f6 = getelementptr i8, <vscale x 2 x ptr> %r, i64 6
  %x6 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f6, <vscale x 2 x i1> splat (i1 true), i32 %evl2)
  %a6 = xor <vscale x 2 x i8> %a5, %x6
  %f7 = getelementptr i8, <vscale x 2 x ptr> %r, i64 7
  %x7 = call <vscale x 2 x i8> @llvm.vp.gather.nxv2i8.nxv2p0(<vscale x 2 x ptr> align 1 %f7, <vscale x 2 x i1> splat (i1 true), i32 %evl2)
  %a7 = xor <vscale x 2 x i8> %a6, %x7
  ret <vscale x 2 x i8> %a7
}

; i16 fields aligned to 1 byte: a segment load's elements must be aligned: left alone.
; CHECK-LABEL: @unaligned_i16(
; CHECK-NOT:     vluxseg
; CHECK:         ret
define <vscale x 2 x i16> @unaligned_i16(ptr %p, <vscale x 2 x i64> %idx, i32 %evl) {
  %r = getelementptr i8, ptr %p, <vscale x 2 x i64> %idx
  %x0 = call <vscale x 2 x i16> @llvm.vp.gather.nxv2i16.nxv2p0(<vscale x 2 x ptr> align 1 %r, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %f1 = getelementptr i8, <vscale x 2 x ptr> %r, i64 2
  %x1 = call <vscale x 2 x i16> @llvm.vp.gather.nxv2i16.nxv2p0(<vscale x 2 x ptr> align 1 %f1, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a1 = xor <vscale x 2 x i16> %x0, %x1
  %f2 = getelementptr i8, <vscale x 2 x ptr> %r, i64 4
  %x2 = call <vscale x 2 x i16> @llvm.vp.gather.nxv2i16.nxv2p0(<vscale x 2 x ptr> align 1 %f2, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a2 = xor <vscale x 2 x i16> %a1, %x2
  %f3 = getelementptr i8, <vscale x 2 x ptr> %r, i64 6
  %x3 = call <vscale x 2 x i16> @llvm.vp.gather.nxv2i16.nxv2p0(<vscale x 2 x ptr> align 1 %f3, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a3 = xor <vscale x 2 x i16> %a2, %x3
  ret <vscale x 2 x i16> %a3
}

; i16 fields aligned to 2: one segment load of 16-bit fields.
; CHECK-LABEL: @aligned_i16(
; CHECK:         call target("riscv.vector.tuple", <vscale x 4 x i8>, 4) @llvm.riscv.vluxseg4.{{.*}} i64 4)
; CHECK:         ret
define <vscale x 2 x i16> @aligned_i16(ptr %p, <vscale x 2 x i64> %idx, i32 %evl) {
  %r = getelementptr i8, ptr %p, <vscale x 2 x i64> %idx
  %x0 = call <vscale x 2 x i16> @llvm.vp.gather.nxv2i16.nxv2p0(<vscale x 2 x ptr> align 2 %r, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %f1 = getelementptr i8, <vscale x 2 x ptr> %r, i64 2
  %x1 = call <vscale x 2 x i16> @llvm.vp.gather.nxv2i16.nxv2p0(<vscale x 2 x ptr> align 2 %f1, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a1 = xor <vscale x 2 x i16> %x0, %x1
  %f2 = getelementptr i8, <vscale x 2 x ptr> %r, i64 4
  %x2 = call <vscale x 2 x i16> @llvm.vp.gather.nxv2i16.nxv2p0(<vscale x 2 x ptr> align 2 %f2, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a2 = xor <vscale x 2 x i16> %a1, %x2
  %f3 = getelementptr i8, <vscale x 2 x ptr> %r, i64 6
  %x3 = call <vscale x 2 x i16> @llvm.vp.gather.nxv2i16.nxv2p0(<vscale x 2 x ptr> align 2 %f3, <vscale x 2 x i1> splat (i1 true), i32 %evl)
  %a3 = xor <vscale x 2 x i16> %a2, %x3
  ret <vscale x 2 x i16> %a3
}

