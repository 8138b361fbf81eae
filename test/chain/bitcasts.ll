; Chains of shuffles through bitcasts: composed on the byte view into one shuffle of
; the leaves, where that compiles to fewer instructions (each compiled alone; in a loop
; a constant index is hoisted). neoverse-n1: zip1, rev32, ext (3) -> one tbl (1).
; x86-64-v3: the DAG combiner composes it already (2 either way): left alone.
; REQUIRES: x86-registered-target, aarch64-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | %llc -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 | FileCheck %s --check-prefix=ASM
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<no-chains>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<early>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<lower-always>' -S %s | FileCheck %s --check-prefix=ALWAYS

; CHECK-LABEL: @in_loop(
; CHECK:         [[A:%.*]] = bitcast <4 x i32> %x to <8 x i16>
; CHECK-NEXT:    [[B:%.*]] = bitcast <4 x i32> %y to <8 x i16>
; CHECK-NEXT:    [[S:%.*]] = shufflevector <8 x i16> [[A]], <8 x i16> [[B]], <8 x i32> <i32 3, i32 2, i32 11, i32 10, i32 1, i32 0, i32 9, i32 8>
; CHECK-NEXT:    %s3 = bitcast <8 x i16> [[S]] to <2 x i64>
; CHECK-NOT:     shufflevector
; CHECK:         ret void
; ASM-LABEL: in_loop:
; ASM:         .LBB0_1:
; ASM-NOT:       zip1
; ASM-NOT:       rev32
; ASM:           tbl
; ASM:           b.ne
; OFF-LABEL: @in_loop(
; OFF:           %s2 = shufflevector
; REMARK: remark: {{.*}}chain: 3 shuffles through 2 bitcasts (llc 3) became one shuffle of i16 lanes <3,2,11,10,1,0,9,8> (llc 1)
define void @in_loop(ptr %p, ptr %o, i64 %n) {
entry:
  br label %l
l:
  %i = phi i64 [ 0, %entry ], [ %i1, %l ]
  %pa = getelementptr <4 x i32>, ptr %p, i64 %i
  %a = load <4 x i32>, ptr %pa
  %pb = getelementptr i8, ptr %pa, i64 16
  %b = load <4 x i32>, ptr %pb
  %x = add <4 x i32> %a, %b
  %y = sub <4 x i32> %a, %b
  %s1 = shufflevector <4 x i32> %x, <4 x i32> %y, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %c = bitcast <4 x i32> %s1 to <8 x i16>
  %s2 = shufflevector <8 x i16> %c, <8 x i16> poison, <8 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6>
  %d = bitcast <8 x i16> %s2 to <2 x i64>
  %s3 = shufflevector <2 x i64> %d, <2 x i64> poison, <2 x i32> <i32 1, i32 0>
  %po = getelementptr <2 x i64>, ptr %o, i64 %i
  store <2 x i64> %s3, ptr %po
  %i1 = add i64 %i, 1
  %done = icmp eq i64 %i1, %n
  br i1 %done, label %e, label %l
e:
  ret void
}

; Not a chain to compose: the middle shuffle is read by something else too (composing
; would keep it and add one); the leaves differ in size.
; CHECK-LABEL: @shared_link(
; CHECK:         %s2 = shufflevector <8 x i16>
; CHECK:         %s3 = shufflevector <2 x i64>
; ALWAYS-LABEL: @shared_link(
; ALWAYS:        %s2 = shufflevector <8 x i16>
define <2 x i64> @shared_link(<4 x i32> %x, <4 x i32> %y, ptr %q) {
  %s1 = shufflevector <4 x i32> %x, <4 x i32> %y, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %c = bitcast <4 x i32> %s1 to <8 x i16>
  %s2 = shufflevector <8 x i16> %c, <8 x i16> poison, <8 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6>
  store <8 x i16> %s2, ptr %q
  %d = bitcast <8 x i16> %s2 to <2 x i64>
  %s3 = shufflevector <2 x i64> %d, <2 x i64> poison, <2 x i32> <i32 1, i32 0>
  ret <2 x i64> %s3
}

; ALWAYS-LABEL: @mixed_leaves(
; ALWAYS:        %s1 = shufflevector <4 x i32>
; ALWAYS:        %s2 = shufflevector <8 x i16>
define <8 x i16> @mixed_leaves(<4 x i32> %x, <4 x i32> %y, <8 x i16> %z) {
  %s1 = shufflevector <4 x i32> %x, <4 x i32> %y, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %c = bitcast <4 x i32> %s1 to <8 x i16>
  %s2 = shufflevector <8 x i16> %c, <8 x i16> %z, <8 x i32> <i32 1, i32 0, i32 3, i32 2, i32 9, i32 8, i32 11, i32 10>
  ret <8 x i16> %s2
}
