; KERNEL: llvm.experimental.vp.reverse on <8 x i32>: a full reverse (EVL 8) of %a plus a reverse of the first %evl lanes of %b
; CATEGORY: reverse

define <8 x i32> @kernel(<8 x i32> %a, <8 x i32> %b, i32 %evl) {
entry:
  %ra = call <8 x i32> @llvm.experimental.vp.reverse.v8i32(<8 x i32> %a, <8 x i1> splat (i1 true), i32 8)
  %rb = call <8 x i32> @llvm.experimental.vp.reverse.v8i32(<8 x i32> %b, <8 x i1> splat (i1 true), i32 %evl)
  %r = add <8 x i32> %ra, %rb
  ret <8 x i32> %r
}

declare <8 x i32> @llvm.experimental.vp.reverse.v8i32(<8 x i32>, <8 x i1>, i32)
