; KERNEL: out[i] = in[i] + 7 over n i32 elements with llvm.vp.load / vp.add / vp.store and variable EVL = min(remaining, 8) (tail folded by EVL)
; CATEGORY: vp

define void @kernel(ptr noalias %in, ptr noalias %out, i64 %n) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %exit, label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %rem = sub i64 %n, %i
  %evl64 = call i64 @llvm.umin.i64(i64 %rem, i64 8)
  %evl = trunc i64 %evl64 to i32
  %src = getelementptr inbounds i32, ptr %in, i64 %i
  %x = call <8 x i32> @llvm.vp.load.v8i32.p0(ptr align 4 %src, <8 x i1> splat (i1 true), i32 %evl)
  %y = call <8 x i32> @llvm.vp.add.v8i32(<8 x i32> %x, <8 x i32> splat (i32 7), <8 x i1> splat (i1 true), i32 %evl)
  %dst = getelementptr inbounds i32, ptr %out, i64 %i
  call void @llvm.vp.store.v8i32.p0(<8 x i32> %y, ptr align 4 %dst, <8 x i1> splat (i1 true), i32 %evl)
  %i.next = add nuw i64 %i, %evl64
  %done = icmp uge i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

declare i64 @llvm.umin.i64(i64, i64)
declare <8 x i32> @llvm.vp.load.v8i32.p0(ptr, <8 x i1>, i32)
declare <8 x i32> @llvm.vp.add.v8i32(<8 x i32>, <8 x i32>, <8 x i1>, i32)
declare void @llvm.vp.store.v8i32.p0(<8 x i32>, ptr, <8 x i1>, i32)
