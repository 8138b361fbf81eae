; KERNEL: interleave-low, reverse and swap-pairs of two <8 x i32>: three shuffles that compose to one two-source mask (a3,b3,a2,b2,a1,b1,a0,b0)
; CATEGORY: chain

define <8 x i32> @kernel(<8 x i32> %a, <8 x i32> %b) {
entry:
  %s1 = shufflevector <8 x i32> %a, <8 x i32> %b, <8 x i32> <i32 0, i32 8, i32 1, i32 9, i32 2, i32 10, i32 3, i32 11>
  %s2 = shufflevector <8 x i32> %s1, <8 x i32> poison, <8 x i32> <i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  %s3 = shufflevector <8 x i32> %s2, <8 x i32> poison, <8 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6>
  ret <8 x i32> %s3
}
