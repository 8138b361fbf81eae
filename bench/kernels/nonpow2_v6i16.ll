; KERNEL: <6 x i16> non-power-of-two shuffles: two-source select (a5,a0,b1,a2,b3,a4) plus pair-swapped a
; CATEGORY: nonpow2

define <6 x i16> @kernel(<6 x i16> %a, <6 x i16> %b) {
entry:
  %p = shufflevector <6 x i16> %a, <6 x i16> %b, <6 x i32> <i32 5, i32 0, i32 7, i32 2, i32 9, i32 4>
  %q = shufflevector <6 x i16> %a, <6 x i16> poison, <6 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4>
  %r = add <6 x i16> %p, %q
  ret <6 x i16> %r
}
