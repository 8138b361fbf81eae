; Scalars of an SLP tree read outside it: each read from its lane of the vector code
; instead (`extractelement` right after it, measured with the code: both handed to an
; empty inline asm), so the scalar code goes; where a reader comes before the vector
; code (between the window's stores), the tree is left scalar.
; REQUIRES: aarch64-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<early>' -S %s | FileCheck %s
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<early>' -pass-remarks=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

; CHECK-LABEL: @read_after(
; CHECK:         [[D:%.*]] = sub nsw <4 x i32>
; CHECK:         store <4 x i32>
; CHECK-NEXT:    [[X:%.*]] = extractelement <4 x i32> [[D]], i32 1
; CHECK-NEXT:    %m = mul i32 [[X]], 3
; CHECK-NOT:     sub nsw i32
; CHECK:         ret i32 %m
; REMARK: slp: 4 scalar stores of 8 operations (llc {{[0-9]+}}) became <4 x i32> vector code with loads and shuffles (llc {{[0-9]+}}, 1 extracts measured)
define i32 @read_after(ptr noalias %d, ptr noalias %a, ptr noalias %b) {
  %pa0 = getelementptr inbounds i8, ptr %a, i64 12
  %xa0 = load i32, ptr %pa0, align 4
  %pb0 = getelementptr inbounds i8, ptr %b, i64 12
  %xb0 = load i32, ptr %pb0, align 4
  %s0 = sub nsw i32 %xa0, %xb0
  %r0 = call i32 @llvm.abs.i32(i32 %s0, i1 true)
  %pd0 = getelementptr inbounds i8, ptr %d, i64 0
  store i32 %r0, ptr %pd0, align 4
  %pa1 = getelementptr inbounds i8, ptr %a, i64 4
  %xa1 = load i32, ptr %pa1, align 4
  %pb1 = getelementptr inbounds i8, ptr %b, i64 4
  %xb1 = load i32, ptr %pb1, align 4
  %s1 = sub nsw i32 %xa1, %xb1
  %r1 = call i32 @llvm.abs.i32(i32 %s1, i1 true)
  %pd1 = getelementptr inbounds i8, ptr %d, i64 4
  store i32 %r1, ptr %pd1, align 4
  %pa2 = getelementptr inbounds i8, ptr %a, i64 8
  %xa2 = load i32, ptr %pa2, align 4
  %pb2 = getelementptr inbounds i8, ptr %b, i64 8
  %xb2 = load i32, ptr %pb2, align 4
  %s2 = sub nsw i32 %xa2, %xb2
  %r2 = call i32 @llvm.abs.i32(i32 %s2, i1 true)
  %pd2 = getelementptr inbounds i8, ptr %d, i64 8
  store i32 %r2, ptr %pd2, align 4
  %pa3 = getelementptr inbounds i8, ptr %a, i64 0
  %xa3 = load i32, ptr %pa3, align 4
  %pb3 = getelementptr inbounds i8, ptr %b, i64 0
  %xb3 = load i32, ptr %pb3, align 4
  %s3 = sub nsw i32 %xa3, %xb3
  %r3 = call i32 @llvm.abs.i32(i32 %s3, i1 true)
  %pd3 = getelementptr inbounds i8, ptr %d, i64 12
  store i32 %r3, ptr %pd3, align 4
  %m = mul i32 %s1, 3
  ret i32 %m
}

; CHECK-LABEL: @read_inside(
; CHECK-NOT:     <4 x i32>
; CHECK:         ret i32 %m
; REMARK: slp: kept a tree whose scalars are read before its vector code
define i32 @read_inside(ptr noalias %d, ptr noalias %a, ptr noalias %b) {
  %pa0 = getelementptr inbounds i8, ptr %a, i64 12
  %xa0 = load i32, ptr %pa0, align 4
  %pb0 = getelementptr inbounds i8, ptr %b, i64 12
  %xb0 = load i32, ptr %pb0, align 4
  %s0 = sub nsw i32 %xa0, %xb0
  %r0 = call i32 @llvm.abs.i32(i32 %s0, i1 true)
  %pd0 = getelementptr inbounds i8, ptr %d, i64 0
  store i32 %r0, ptr %pd0, align 4
  %pa1 = getelementptr inbounds i8, ptr %a, i64 4
  %xa1 = load i32, ptr %pa1, align 4
  %pb1 = getelementptr inbounds i8, ptr %b, i64 4
  %xb1 = load i32, ptr %pb1, align 4
  %s1 = sub nsw i32 %xa1, %xb1
  %r1 = call i32 @llvm.abs.i32(i32 %s1, i1 true)
  %pd1 = getelementptr inbounds i8, ptr %d, i64 4
  store i32 %r1, ptr %pd1, align 4
  %m = mul i32 %s1, 3
  %pa2 = getelementptr inbounds i8, ptr %a, i64 8
  %xa2 = load i32, ptr %pa2, align 4
  %pb2 = getelementptr inbounds i8, ptr %b, i64 8
  %xb2 = load i32, ptr %pb2, align 4
  %s2 = sub nsw i32 %xa2, %xb2
  %r2 = call i32 @llvm.abs.i32(i32 %s2, i1 true)
  %pd2 = getelementptr inbounds i8, ptr %d, i64 8
  store i32 %r2, ptr %pd2, align 4
  %pa3 = getelementptr inbounds i8, ptr %a, i64 0
  %xa3 = load i32, ptr %pa3, align 4
  %pb3 = getelementptr inbounds i8, ptr %b, i64 0
  %xb3 = load i32, ptr %pb3, align 4
  %s3 = sub nsw i32 %xa3, %xb3
  %r3 = call i32 @llvm.abs.i32(i32 %s3, i1 true)
  %pd3 = getelementptr inbounds i8, ptr %d, i64 12
  store i32 %r3, ptr %pd3, align 4
  ret i32 %m
}
