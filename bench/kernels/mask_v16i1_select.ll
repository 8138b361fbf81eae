; KERNEL: <16 x i1> comparison masks reversed and interleaved by shufflevector, combined, then feeding a select on <16 x i8>
; CATEGORY: boolmask

define <16 x i8> @kernel(<16 x i8> %a, <16 x i8> %b, <16 x i8> %c) {
entry:
  %lt = icmp slt <16 x i8> %a, %b
  %eq = icmp eq <16 x i8> %a, %c
  %rev = shufflevector <16 x i1> %lt, <16 x i1> poison, <16 x i32> <i32 15, i32 14, i32 13, i32 12, i32 11, i32 10, i32 9, i32 8, i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  %ilv = shufflevector <16 x i1> %lt, <16 x i1> %eq, <16 x i32> <i32 0, i32 16, i32 1, i32 17, i32 2, i32 18, i32 3, i32 19, i32 4, i32 20, i32 5, i32 21, i32 6, i32 22, i32 7, i32 23>
  %m = xor <16 x i1> %rev, %ilv
  %r = select <16 x i1> %m, <16 x i8> %a, <16 x i8> %b
  ret <16 x i8> %r
}
