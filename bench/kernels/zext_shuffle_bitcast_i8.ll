; KERNEL: zero-extend 16 x u8 to 16 x u16 written as shufflevector with zeroinitializer plus bitcast (little-endian), then x*3, in a loop over 16-byte items
; CATEGORY: extend

define void @kernel(ptr noalias %in, ptr noalias %out, i64 %n) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %exit, label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %in.off = shl i64 %i, 4
  %src = getelementptr inbounds i8, ptr %in, i64 %in.off
  %x = load <16 x i8>, ptr %src, align 1
  %wide = shufflevector <16 x i8> %x, <16 x i8> zeroinitializer, <32 x i32> <i32 0, i32 16, i32 1, i32 17, i32 2, i32 18, i32 3, i32 19, i32 4, i32 20, i32 5, i32 21, i32 6, i32 22, i32 7, i32 23, i32 8, i32 24, i32 9, i32 25, i32 10, i32 26, i32 11, i32 27, i32 12, i32 28, i32 13, i32 29, i32 14, i32 30, i32 15, i32 31>
  %h = bitcast <32 x i8> %wide to <16 x i16>
  %y = mul <16 x i16> %h, splat (i16 3)
  %out.off = shl i64 %i, 5
  %dst = getelementptr inbounds i8, ptr %out, i64 %out.off
  store <16 x i16> %y, ptr %dst, align 2
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
