; Table lookups on RISC-V V: what the loop vectorizer leaves for
; `out[i] = digits[in[i] & 15]` (a vp.gather of bytes from the table, `vluxei8`, an
; indexed load done lane by lane) becomes one `vrgather.vv` from the table inserted at
; lane 0 of a register, where the indices are proved inside the table and the table
; fits the fewest lanes of the type (N x the least vscale: vscale_range(8, 1024) here,
; as clang sets it for sifive-x280's VLEN of 512), and where what llc emits
; weighs less: on spacemit-x60 (model: 39 against 24), not on sifive-x280, whose
; scheduling model has `vrgather.vv` one element a cycle (135 against 138).
; REQUIRES: riscv-registered-target
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=spacemit-x60 -passes='shuffle-lib<late>' -S %s | FileCheck %s
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=spacemit-x60 -passes='shuffle-lib<late>' -S %s | %llc -mtriple=riscv64-linux-gnu -mcpu=spacemit-x60 | FileCheck %s --check-prefix=ASM
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=spacemit-x60 -passes='shuffle-lib<late;lower-always>' -S %s | FileCheck %s --check-prefix=ALWAYS
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=spacemit-x60 -passes='shuffle-lib<late;lower-always>' -S %s | %llc -mtriple=riscv64-linux-gnu -mcpu=spacemit-x60 -o /dev/null
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<late>' -S %s | FileCheck %s --check-prefix=X280
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=spacemit-x60 -passes='shuffle-lib<late;no-lookup>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=spacemit-x60 -passes='shuffle-lib<late>' -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=spacemit-x60 -passes='shuffle-lib<late>' -stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS

@digits = internal constant [16 x i8] c"0123456789abcdef"
@base64 = internal constant [64 x i8] c"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
@mutable = internal global [16 x i8] c"0123456789abcdef"

; The loop as the vectorizer leaves it (EVL tail folding): the table's load is hoisted
; by the backend, so only the lookup counts.
; CHECK-LABEL: @hex_loop(
; CHECK:         %[[X:.*]] = and <vscale x 16 x i8> %{{.*}}, splat (i8 15)
; CHECK-NEXT:    %[[T:.*]] = call <vscale x 16 x i8> @llvm.vector.insert.nxv16i8.v16i8(<vscale x 16 x i8> poison, <16 x i8> <i8 48, i8 49, i8 50, i8 51, i8 52, i8 53, i8 54, i8 55, i8 56, i8 57, i8 97, i8 98, i8 99, i8 100, i8 101, i8 102>, i64 0)
; CHECK-NEXT:    %[[VL:.*]] = zext i32 %evl to i64
; CHECK-NEXT:    %v = call <vscale x 16 x i8> @llvm.riscv.vrgather.vv.nxv16i8.i64(<vscale x 16 x i8> poison, <vscale x 16 x i8> %[[T]], <vscale x 16 x i8> %[[X]], i64 %[[VL]])
; CHECK-NOT:     gather
; CHECK:         ret void
; ASM-LABEL: hex_loop:
; ASM:           vle8.v
; ASM:         .LBB0_1:
; ASM-NOT:       vluxei
; ASM:           vrgather.vv
; ASM:           bnez
; X280-LABEL: @hex_loop(
; X280:          @llvm.vp.gather
; OFF-LABEL: @hex_loop(
; OFF:           @llvm.vp.gather
; REMARK: remark: {{.*}}table lookup: bytes gathered from a 16-byte table (llc {{.*}}) became vrgather.vv from the table in a register (llc {{.*}})
; STATS: 1 shuffle-lib - Scalable byte gathers from a constant table replaced by vrgather.vv
define void @hex_loop(ptr noalias %in, ptr noalias %out, i64 %n) #0 {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %left = phi i64 [ %n, %entry ], [ %left.next, %loop ]
  %evl = call i32 @llvm.experimental.get.vector.length.i64(i64 %left, i32 16, i1 true)
  %src = getelementptr inbounds i8, ptr %in, i64 %i
  %bytes = call <vscale x 16 x i8> @llvm.vp.load.nxv16i8.p0(ptr align 1 %src, <vscale x 16 x i1> splat (i1 true), i32 %evl)
  %x = and <vscale x 16 x i8> %bytes, splat (i8 15)
  %z = zext nneg <vscale x 16 x i8> %x to <vscale x 16 x i64>
  %p = getelementptr inbounds nuw i8, ptr @digits, <vscale x 16 x i64> %z
  %v = call <vscale x 16 x i8> @llvm.vp.gather.nxv16i8.nxv16p0(<vscale x 16 x ptr> align 1 %p, <vscale x 16 x i1> splat (i1 true), i32 %evl)
  %dst = getelementptr inbounds i8, ptr %out, i64 %i
  call void @llvm.vp.store.nxv16i8.p0(<vscale x 16 x i8> %v, ptr align 1 %dst, <vscale x 16 x i1> splat (i1 true), i32 %evl)
  %step = zext i32 %evl to i64
  %i.next = add i64 %i, %step
  %left.next = sub i64 %left, %step
  %done = icmp eq i64 %left.next, 0
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; Not proved inside the table (an index of up to 255 from a 16-byte table), a table
; longer than the fewest lanes (64 bytes; without a vscale_range, 16 lanes at least),
; a table that may change: left alone.
; CHECK-LABEL: @unproved(
; CHECK:         @llvm.masked.gather
; CHECK-LABEL: @too_long(
; CHECK:         @llvm.masked.gather
; CHECK-LABEL: @from_mutable(
; CHECK:         @llvm.masked.gather
; ALWAYS-LABEL: @unproved(
; ALWAYS:         @llvm.masked.gather
; ALWAYS-LABEL: @too_long(
; ALWAYS:         @llvm.masked.gather
; ALWAYS-LABEL: @from_mutable(
; ALWAYS:         @llvm.masked.gather
define <vscale x 16 x i8> @unproved(<vscale x 16 x i8> %in) #0 {
  %x = add <vscale x 16 x i8> %in, splat (i8 1)
  %z = zext <vscale x 16 x i8> %x to <vscale x 16 x i64>
  %p = getelementptr inbounds i8, ptr @digits, <vscale x 16 x i64> %z
  %v = call <vscale x 16 x i8> @llvm.masked.gather.nxv16i8.nxv16p0(<vscale x 16 x ptr> align 1 %p, <vscale x 16 x i1> splat (i1 true), <vscale x 16 x i8> poison)
  ret <vscale x 16 x i8> %v
}

define <vscale x 16 x i8> @too_long(<vscale x 16 x i8> %in) {
  %x = and <vscale x 16 x i8> %in, splat (i8 63)
  %z = zext <vscale x 16 x i8> %x to <vscale x 16 x i64>
  %p = getelementptr inbounds i8, ptr @base64, <vscale x 16 x i64> %z
  %v = call <vscale x 16 x i8> @llvm.masked.gather.nxv16i8.nxv16p0(<vscale x 16 x ptr> align 1 %p, <vscale x 16 x i1> splat (i1 true), <vscale x 16 x i8> poison)
  ret <vscale x 16 x i8> %v
}

define <vscale x 16 x i8> @from_mutable(<vscale x 16 x i8> %in) #0 {
  %x = and <vscale x 16 x i8> %in, splat (i8 15)
  %z = zext <vscale x 16 x i8> %x to <vscale x 16 x i64>
  %p = getelementptr inbounds i8, ptr @mutable, <vscale x 16 x i64> %z
  %v = call <vscale x 16 x i8> @llvm.masked.gather.nxv16i8.nxv16p0(<vscale x 16 x ptr> align 1 %p, <vscale x 16 x i1> splat (i1 true), <vscale x 16 x i8> poison)
  ret <vscale x 16 x i8> %v
}

; The 64-byte table fits 32 x 8 lanes; a masked.gather keeps its pass-through where the
; mask is false (a select), and looks up every lane (VLMAX: the all-ones length). Outside
; a loop the table's load counts, and the gather (two instructions) stays.
; CHECK-LABEL: @base64_masked(
; CHECK:         @llvm.masked.gather
; ALWAYS-LABEL: @base64_masked(
; ALWAYS:         %[[T:.*]] = call <vscale x 32 x i8> @llvm.vector.insert.nxv32i8.v64i8(<vscale x 32 x i8> poison, <64 x i8> <i8 65,
; ALWAYS-NEXT:    %[[L:.*]] = call <vscale x 32 x i8> @llvm.riscv.vrgather.vv.nxv32i8.i64(<vscale x 32 x i8> poison, <vscale x 32 x i8> %[[T]], <vscale x 32 x i8> %x, i64 -1)
; ALWAYS-NEXT:    %v = select <vscale x 32 x i1> %m, <vscale x 32 x i8> %[[L]], <vscale x 32 x i8> %in
; ALWAYS-NEXT:    ret <vscale x 32 x i8> %v
define <vscale x 32 x i8> @base64_masked(<vscale x 32 x i8> %in, <vscale x 32 x i1> %m) #0 {
  %x = lshr <vscale x 32 x i8> %in, splat (i8 2)
  %z = zext <vscale x 32 x i8> %x to <vscale x 32 x i32>
  %p = getelementptr inbounds [64 x i8], ptr @base64, i64 0, <vscale x 32 x i32> %z
  %v = call <vscale x 32 x i8> @llvm.masked.gather.nxv32i8.nxv32p0(<vscale x 32 x ptr> align 1 %p, <vscale x 32 x i1> %m, <vscale x 32 x i8> %in)
  ret <vscale x 32 x i8> %v
}

attributes #0 = { vscale_range(8,1024) }
