; KERNEL: llvm.vp.load / llvm.vp.add / llvm.vp.store on <8 x i32> with all-true mask and constant full EVL (8), loop over items of two 8 x i32 inputs
; CATEGORY: vp

define void @kernel(ptr noalias %in, ptr noalias %out, i64 %n) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %exit, label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %in.off = shl i64 %i, 6
  %pa = getelementptr inbounds i8, ptr %in, i64 %in.off
  %pb = getelementptr inbounds i8, ptr %pa, i64 32
  %a = call <8 x i32> @llvm.vp.load.v8i32.p0(ptr align 4 %pa, <8 x i1> splat (i1 true), i32 8)
  %b = call <8 x i32> @llvm.vp.load.v8i32.p0(ptr align 4 %pb, <8 x i1> splat (i1 true), i32 8)
  %s = call <8 x i32> @llvm.vp.add.v8i32(<8 x i32> %a, <8 x i32> %b, <8 x i1> splat (i1 true), i32 8)
  %out.off = shl i64 %i, 5
  %po = getelementptr inbounds i8, ptr %out, i64 %out.off
  call void @llvm.vp.store.v8i32.p0(<8 x i32> %s, ptr align 4 %po, <8 x i1> splat (i1 true), i32 8)
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

declare <8 x i32> @llvm.vp.load.v8i32.p0(ptr, <8 x i1>, i32)
declare <8 x i32> @llvm.vp.add.v8i32(<8 x i32>, <8 x i32>, <8 x i1>, i32)
declare void @llvm.vp.store.v8i32.p0(<8 x i32>, ptr, <8 x i1>, i32)
