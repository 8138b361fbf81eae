; KERNEL: llvm.vp.merge / llvm.vp.select on <8 x i32> with constant masks and constant EVL/pivot: blends written as VP intrinsics
; CATEGORY: blend

define <8 x i32> @kernel(<8 x i32> %a, <8 x i32> %b) {
entry:
  ; full pivot: lanes where mask is true from %a, others from %b (a blend)
  %m = call <8 x i32> @llvm.vp.merge.v8i32(<8 x i1> <i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false>, <8 x i32> %a, <8 x i32> %b, i32 8)
  ; full EVL select with another constant mask
  %s = call <8 x i32> @llvm.vp.select.v8i32(<8 x i1> <i1 true, i1 true, i1 false, i1 false, i1 false, i1 true, i1 true, i1 false>, <8 x i32> %b, <8 x i32> %a, i32 8)
  ; all-true mask with pivot 5: lanes 0..4 from %a, lanes 5..7 from %b
  %p = call <8 x i32> @llvm.vp.merge.v8i32(<8 x i1> splat (i1 true), <8 x i32> %a, <8 x i32> %b, i32 5)
  %t = add <8 x i32> %m, %s
  %r = add <8 x i32> %t, %p
  ret <8 x i32> %r
}

declare <8 x i32> @llvm.vp.merge.v8i32(<8 x i1>, <8 x i32>, <8 x i32>, i32)
declare <8 x i32> @llvm.vp.select.v8i32(<8 x i1>, <8 x i32>, <8 x i32>, i32)
