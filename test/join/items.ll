; Items of an unrolled loop side by side: each item's addresses computed again
; (`getelementptr i8, %p, (shl (or disjoint %i, 1), 5)` for the second), read as one
; key plus a constant, so the items' loads cover one block and their stores another.
; The loads move up to the first, the stores down to the last: an item's store may
; stand among the loads only where the blocks are apart (distinct `noalias` objects, or
; one base and disjoint ranges), else each item is joined alone at most.
; REQUIRES: riscv-registered-target
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<late;lower-always>' -S %s | FileCheck %s
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<late>' -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

; CHECK-LABEL: @two_items(
; CHECK:         [[W:%.*]] = load <16 x i32>, ptr
; CHECK:         shufflevector <16 x i32> [[W]], <16 x i32> poison, <16 x i32> <i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0, i32 15, i32 14, i32 13, i32 12, i32 11, i32 10, i32 9, i32 8>
; CHECK:         store <16 x i32>
; CHECK-NOT:     store
; CHECK:         ret void
; REMARK: remark: {{.*}}join: i32 loads [8,8] align 1 stores [8,8] align 1 (2 shuffles, 16 elements) (llc {{[0-9]+( weighing [0-9]+)?}}) became one load, shuffle and store
define void @two_items(ptr noalias %in, ptr noalias %out, i64 %i) {
  %o0 = shl i64 %i, 5
  %a0 = getelementptr inbounds i8, ptr %in, i64 %o0
  %v0 = load <8 x i32>, ptr %a0, align 1
  %r0 = shufflevector <8 x i32> %v0, <8 x i32> poison, <8 x i32> <i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  %b0 = getelementptr inbounds i8, ptr %out, i64 %o0
  store <8 x i32> %r0, ptr %b0, align 1
  %i1 = or disjoint i64 %i, 1
  %o1 = shl i64 %i1, 5
  %a1 = getelementptr inbounds i8, ptr %in, i64 %o1
  %v1 = load <8 x i32>, ptr %a1, align 1
  %r1 = shufflevector <8 x i32> %v1, <8 x i32> poison, <8 x i32> <i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  %b1 = getelementptr inbounds i8, ptr %out, i64 %o1
  store <8 x i32> %r1, ptr %b1, align 1
  ret void
}

; In place: item 0's store writes where the joined load would already have read item
; 0's block, and item 1's block is read after it; the blocks overlap, so the items are
; not joined together (and one load and one store each: nothing to join alone).
; CHECK-LABEL: @in_place_items(
; CHECK-NOT:     load <16 x i32>
; CHECK:         ret void
define void @in_place_items(ptr %p, i64 %i) {
  %o0 = shl i64 %i, 5
  %a0 = getelementptr inbounds i8, ptr %p, i64 %o0
  %v0 = load <8 x i32>, ptr %a0, align 1
  %r0 = shufflevector <8 x i32> %v0, <8 x i32> poison, <8 x i32> <i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  store <8 x i32> %r0, ptr %a0, align 1
  %i1 = or disjoint i64 %i, 1
  %o1 = shl i64 %i1, 5
  %a1 = getelementptr inbounds i8, ptr %p, i64 %o1
  %v1 = load <8 x i32>, ptr %a1, align 1
  %r1 = shufflevector <8 x i32> %v1, <8 x i32> poison, <8 x i32> <i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  store <8 x i32> %r1, ptr %a1, align 1
  ret void
}

; Two pointers that may alias (no `noalias`): item 0's store may write item 1's
; block; left alone.
; CHECK-LABEL: @may_alias(
; CHECK-NOT:     load <16 x i32>
; CHECK:         ret void
define void @may_alias(ptr %in, ptr %out, i64 %i) {
  %o0 = shl i64 %i, 5
  %a0 = getelementptr inbounds i8, ptr %in, i64 %o0
  %v0 = load <8 x i32>, ptr %a0, align 1
  %r0 = shufflevector <8 x i32> %v0, <8 x i32> poison, <8 x i32> <i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  %b0 = getelementptr inbounds i8, ptr %out, i64 %o0
  store <8 x i32> %r0, ptr %b0, align 1
  %i1 = or disjoint i64 %i, 1
  %o1 = shl i64 %i1, 5
  %a1 = getelementptr inbounds i8, ptr %in, i64 %o1
  %v1 = load <8 x i32>, ptr %a1, align 1
  %r1 = shufflevector <8 x i32> %v1, <8 x i32> poison, <8 x i32> <i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  %b1 = getelementptr inbounds i8, ptr %out, i64 %o1
  store <8 x i32> %r1, ptr %b1, align 1
  ret void
}
