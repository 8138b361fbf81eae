; Indices of getelementptrs as SLP seeds (seed 003's GEP seeds): the single, not
; constant indices of getelementptrs into one object, `g[a[0] - b[0]] + g[a[1] - b[1]]
; + ...`, whose lanes one tree computes with a permutation (in order, stock SLP's) become
; that tree's vector code right before the first reader of a lane, each lane extracted for its reader (the `sext`s stay scalar:
; they fold into the addressing). Measured with the extracts: every value handed to an
; empty inline asm. The loads move up to the first reader: not past a store that may
; write what they read, not past a call; indices a constant apart are no seed.
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<no-slp>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<lower-always>' -S %s | FileCheck %s --check-prefix=FORCED
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 | FileCheck %s --check-prefix=ASM

declare void @opaque() memory(none) nounwind

; Lanes in order: stock SLP's (it vectorizes such bundles itself, pricing plain vector
; operations well): taken only forced.
; CHECK-LABEL: @sums(
; CHECK-NOT:     <4 x i32>
; CHECK:         ret i32
; FORCED-LABEL: @sums(
; FORCED:        [[A:%.*]] = load <4 x i32>, ptr %a, align 4
; FORCED:        [[B:%.*]] = load <4 x i32>, ptr %b, align 4
; FORCED:        [[D:%.*]] = sub nsw <4 x i32> [[A]], [[B]]
; FORCED-NEXT:   [[X0:%.*]] = extractelement <4 x i32> [[D]], i32 0
; FORCED-NEXT:   [[X1:%.*]] = extractelement <4 x i32> [[D]], i32 1
; FORCED-NEXT:   [[X2:%.*]] = extractelement <4 x i32> [[D]], i32 2
; FORCED-NEXT:   [[X3:%.*]] = extractelement <4 x i32> [[D]], i32 3
; FORCED-NEXT:   %e0 = sext i32 [[X0]] to i64
; FORCED-NOT:    sub nsw i32
; FORCED:        %e3 = sext i32 [[X3]] to i64
; FORCED:        ret i32
; OFF-LABEL: @sums(
; OFF-NOT:       <4 x i32>
; OFF:           ret i32
define i32 @sums(ptr noalias %g, ptr noalias %a, ptr noalias %b) {
  %a0 = load i32, ptr %a, align 4
  %b0 = load i32, ptr %b, align 4
  %d0 = sub nsw i32 %a0, %b0
  %e0 = sext i32 %d0 to i64
  %p0 = getelementptr inbounds i32, ptr %g, i64 %e0
  %g0 = load i32, ptr %p0, align 4
  %pa1 = getelementptr inbounds i8, ptr %a, i64 4
  %a1 = load i32, ptr %pa1, align 4
  %pb1 = getelementptr inbounds i8, ptr %b, i64 4
  %b1 = load i32, ptr %pb1, align 4
  %d1 = sub nsw i32 %a1, %b1
  %e1 = sext i32 %d1 to i64
  %p1 = getelementptr inbounds i32, ptr %g, i64 %e1
  %g1 = load i32, ptr %p1, align 4
  %s1 = add i32 %g0, %g1
  %pa2 = getelementptr inbounds i8, ptr %a, i64 8
  %a2 = load i32, ptr %pa2, align 4
  %pb2 = getelementptr inbounds i8, ptr %b, i64 8
  %b2 = load i32, ptr %pb2, align 4
  %d2 = sub nsw i32 %a2, %b2
  %e2 = sext i32 %d2 to i64
  %p2 = getelementptr inbounds i32, ptr %g, i64 %e2
  %g2 = load i32, ptr %p2, align 4
  %s2 = add i32 %s1, %g2
  %pa3 = getelementptr inbounds i8, ptr %a, i64 12
  %a3 = load i32, ptr %pa3, align 4
  %pb3 = getelementptr inbounds i8, ptr %b, i64 12
  %b3 = load i32, ptr %pb3, align 4
  %d3 = sub nsw i32 %a3, %b3
  %e3 = sext i32 %d3 to i64
  %p3 = getelementptr inbounds i32, ptr %g, i64 %e3
  %g3 = load i32, ptr %p3, align 4
  %s3 = add i32 %s2, %g3
  ret i32 %s3
}

; The lanes of `a` swapped pairwise: a permutation node.
; CHECK-LABEL: @permuted(
; CHECK:         [[A:%.*]] = load <4 x i32>, ptr %a, align 4
; CHECK:         [[S:%.*]] = shufflevector <4 x i32> [[A]], <4 x i32> poison, <4 x i32> <i32 1, i32 0, i32 3, i32 2>
; CHECK:         sub nsw <4 x i32> [[S]]
; CHECK-NOT:     sub nsw i32
; CHECK:         ret i32
; REMARK: slp: 4 getelementptr indices of 4 operations (llc {{[0-9]+}}) became <4 x i32> vector code with loads and shuffles (llc {{[0-9]+}}, 4 extracts measured)
; ASM-LABEL: permuted:
; ASM:         vpshufd
; ASM:         vpsubd
; ASM:         vpextrd
define i32 @permuted(ptr noalias %g, ptr noalias %a, ptr noalias %b) {
  %pa1 = getelementptr inbounds i8, ptr %a, i64 4
  %a1 = load i32, ptr %pa1, align 4
  %b0 = load i32, ptr %b, align 4
  %d0 = sub nsw i32 %a1, %b0
  %e0 = sext i32 %d0 to i64
  %p0 = getelementptr inbounds i32, ptr %g, i64 %e0
  %g0 = load i32, ptr %p0, align 4
  %a0 = load i32, ptr %a, align 4
  %pb1 = getelementptr inbounds i8, ptr %b, i64 4
  %b1 = load i32, ptr %pb1, align 4
  %d1 = sub nsw i32 %a0, %b1
  %e1 = sext i32 %d1 to i64
  %p1 = getelementptr inbounds i32, ptr %g, i64 %e1
  %g1 = load i32, ptr %p1, align 4
  %s1 = add i32 %g0, %g1
  %pa3 = getelementptr inbounds i8, ptr %a, i64 12
  %a3 = load i32, ptr %pa3, align 4
  %pb2 = getelementptr inbounds i8, ptr %b, i64 8
  %b2 = load i32, ptr %pb2, align 4
  %d2 = sub nsw i32 %a3, %b2
  %e2 = sext i32 %d2 to i64
  %p2 = getelementptr inbounds i32, ptr %g, i64 %e2
  %g2 = load i32, ptr %p2, align 4
  %s2 = add i32 %s1, %g2
  %pa2 = getelementptr inbounds i8, ptr %a, i64 8
  %a2 = load i32, ptr %pa2, align 4
  %pb3 = getelementptr inbounds i8, ptr %b, i64 12
  %b3 = load i32, ptr %pb3, align 4
  %d3 = sub nsw i32 %a2, %b3
  %e3 = sext i32 %d3 to i64
  %p3 = getelementptr inbounds i32, ptr %g, i64 %e3
  %g3 = load i32, ptr %p3, align 4
  %s3 = add i32 %s2, %g3
  ret i32 %s3
}

; A store through %out, which may be %a, after the first reader and before the last
; loads of %a: those loads may not move up past it.
; CHECK-LABEL: @store_between(
; CHECK-NOT:     <4 x i32>
; CHECK:         ret i32
; FORCED-LABEL: @store_between(
; FORCED-NOT:    <4 x i32>
; FORCED:        ret i32
define i32 @store_between(ptr noalias %g, ptr %a, ptr noalias %b, ptr %out) {
  %a0 = load i32, ptr %a, align 4
  %b0 = load i32, ptr %b, align 4
  %d0 = sub nsw i32 %a0, %b0
  %e0 = sext i32 %d0 to i64
  %p0 = getelementptr inbounds i32, ptr %g, i64 %e0
  %g0 = load i32, ptr %p0, align 4
  store i32 %g0, ptr %out, align 4
  %pa1 = getelementptr inbounds i8, ptr %a, i64 4
  %a1 = load i32, ptr %pa1, align 4
  %pb1 = getelementptr inbounds i8, ptr %b, i64 4
  %b1 = load i32, ptr %pb1, align 4
  %d1 = sub nsw i32 %a1, %b1
  %e1 = sext i32 %d1 to i64
  %p1 = getelementptr inbounds i32, ptr %g, i64 %e1
  %g1 = load i32, ptr %p1, align 4
  %s1 = add i32 %g0, %g1
  %pa2 = getelementptr inbounds i8, ptr %a, i64 8
  %a2 = load i32, ptr %pa2, align 4
  %pb2 = getelementptr inbounds i8, ptr %b, i64 8
  %b2 = load i32, ptr %pb2, align 4
  %d2 = sub nsw i32 %a2, %b2
  %e2 = sext i32 %d2 to i64
  %p2 = getelementptr inbounds i32, ptr %g, i64 %e2
  %g2 = load i32, ptr %p2, align 4
  %s2 = add i32 %s1, %g2
  %pa3 = getelementptr inbounds i8, ptr %a, i64 12
  %a3 = load i32, ptr %pa3, align 4
  %pb3 = getelementptr inbounds i8, ptr %b, i64 12
  %b3 = load i32, ptr %pb3, align 4
  %d3 = sub nsw i32 %a3, %b3
  %e3 = sext i32 %d3 to i64
  %p3 = getelementptr inbounds i32, ptr %g, i64 %e3
  %g3 = load i32, ptr %p3, align 4
  %s3 = add i32 %s2, %g3
  ret i32 %s3
}

; A call between the first reader and the last loads (it might not return: the vector
; code would read memory the scalar code never did).
; CHECK-LABEL: @call_between(
; CHECK-NOT:     <4 x i32>
; CHECK:         ret i32
; FORCED-LABEL: @call_between(
; FORCED-NOT:    <4 x i32>
; FORCED:        ret i32
define i32 @call_between(ptr noalias %g, ptr noalias %a, ptr noalias %b) {
  %a0 = load i32, ptr %a, align 4
  %b0 = load i32, ptr %b, align 4
  %d0 = sub nsw i32 %a0, %b0
  %e0 = sext i32 %d0 to i64
  %p0 = getelementptr inbounds i32, ptr %g, i64 %e0
  %g0 = load i32, ptr %p0, align 4
  call void @opaque()
  %pa1 = getelementptr inbounds i8, ptr %a, i64 4
  %a1 = load i32, ptr %pa1, align 4
  %pb1 = getelementptr inbounds i8, ptr %b, i64 4
  %b1 = load i32, ptr %pb1, align 4
  %d1 = sub nsw i32 %a1, %b1
  %e1 = sext i32 %d1 to i64
  %p1 = getelementptr inbounds i32, ptr %g, i64 %e1
  %g1 = load i32, ptr %p1, align 4
  %s1 = add i32 %g0, %g1
  %pa2 = getelementptr inbounds i8, ptr %a, i64 8
  %a2 = load i32, ptr %pa2, align 4
  %pb2 = getelementptr inbounds i8, ptr %b, i64 8
  %b2 = load i32, ptr %pb2, align 4
  %d2 = sub nsw i32 %a2, %b2
  %e2 = sext i32 %d2 to i64
  %p2 = getelementptr inbounds i32, ptr %g, i64 %e2
  %g2 = load i32, ptr %p2, align 4
  %s2 = add i32 %s1, %g2
  %pa3 = getelementptr inbounds i8, ptr %a, i64 12
  %a3 = load i32, ptr %pa3, align 4
  %pb3 = getelementptr inbounds i8, ptr %b, i64 12
  %b3 = load i32, ptr %pb3, align 4
  %d3 = sub nsw i32 %a3, %b3
  %e3 = sext i32 %d3 to i64
  %p3 = getelementptr inbounds i32, ptr %g, i64 %e3
  %g3 = load i32, ptr %p3, align 4
  %s3 = add i32 %s2, %g3
  ret i32 %s3
}

; Indices a constant apart (`i + 1`, `i + 2`, ...): addresses one computes from another,
; no seed.
; CHECK-LABEL: @constant_apart(
; CHECK-NOT:     <4 x i64>
; CHECK:         ret i32
; FORCED-LABEL: @constant_apart(
; FORCED-NOT:    <4 x i64>
; FORCED:        ret i32
define i32 @constant_apart(ptr noalias %g, ptr noalias %a) {
  %i = load i64, ptr %a, align 8
  %i1 = add i64 %i, 1
  %p0 = getelementptr inbounds i32, ptr %g, i64 %i1
  %g0 = load i32, ptr %p0, align 4
  %i2 = add i64 %i, 2
  %p1 = getelementptr inbounds i32, ptr %g, i64 %i2
  %g1 = load i32, ptr %p1, align 4
  %s1 = add i32 %g0, %g1
  %i3 = add i64 %i, 3
  %p2 = getelementptr inbounds i32, ptr %g, i64 %i3
  %g2 = load i32, ptr %p2, align 4
  %s2 = add i32 %s1, %g2
  %i4 = add i64 %i, 4
  %p3 = getelementptr inbounds i32, ptr %g, i64 %i4
  %g3 = load i32, ptr %p3, align 4
  %s3 = add i32 %s2, %g3
  ret i32 %s3
}

; The last lane subtracts a value loaded after the first reader (a gathered scalar):
; the vector code cannot go before that reader.
; CHECK-LABEL: @later_gathered(
; CHECK-NOT:     <4 x i32>
; CHECK:         ret i32
; FORCED-LABEL: @later_gathered(
; FORCED-NOT:    <4 x i32>
; FORCED:        ret i32
define i32 @later_gathered(ptr noalias %g, ptr noalias %a, ptr noalias %t0, ptr noalias %t1, ptr noalias %t2, ptr noalias %t3) {
  %a0 = load i32, ptr %a, align 4
  %b0 = load i32, ptr %t0, align 4
  %d0 = sub nsw i32 %a0, %b0
  %e0 = sext i32 %d0 to i64
  %p0 = getelementptr inbounds i32, ptr %g, i64 %e0
  %g0 = load i32, ptr %p0, align 4
  %pa1 = getelementptr inbounds i8, ptr %a, i64 4
  %a1 = load i32, ptr %pa1, align 4
  %b1 = load i32, ptr %t1, align 4
  %d1 = sub nsw i32 %a1, %b1
  %e1 = sext i32 %d1 to i64
  %p1 = getelementptr inbounds i32, ptr %g, i64 %e1
  %g1 = load i32, ptr %p1, align 4
  %s1 = add i32 %g0, %g1
  %pa2 = getelementptr inbounds i8, ptr %a, i64 8
  %a2 = load i32, ptr %pa2, align 4
  %b2 = load i32, ptr %t2, align 4
  %d2 = sub nsw i32 %a2, %b2
  %e2 = sext i32 %d2 to i64
  %p2 = getelementptr inbounds i32, ptr %g, i64 %e2
  %g2 = load i32, ptr %p2, align 4
  %s2 = add i32 %s1, %g2
  %pa3 = getelementptr inbounds i8, ptr %a, i64 12
  %a3 = load i32, ptr %pa3, align 4
  %b3 = load i32, ptr %t3, align 4
  %d3 = sub nsw i32 %a3, %b3
  %e3 = sext i32 %d3 to i64
  %p3 = getelementptr inbounds i32, ptr %g, i64 %e3
  %g3 = load i32, ptr %p3, align 4
  %s3 = add i32 %s2, %g3
  ret i32 %s3
}

; A volatile store between the first reader and later loads: execution need not go on
; past it (LangRef), so nothing is loaded above it that the scalar code loads after.
; CHECK-LABEL: @volatile_between(
; CHECK-NOT:     <4 x i32>
; CHECK:         ret i32
; FORCED-LABEL: @volatile_between(
; FORCED-NOT:    <4 x i32>
; FORCED:        ret i32
define i32 @volatile_between(ptr noalias %g, ptr noalias %a, ptr noalias %b, ptr noalias %v) {
  %pa0 = getelementptr inbounds i8, ptr %a, i64 0
  %a0 = load i32, ptr %pa0, align 4
  %pb0 = getelementptr inbounds i8, ptr %b, i64 0
  %b0 = load i32, ptr %pb0, align 4
  %d0 = sub nsw i32 %a0, %b0
  %e0 = sext i32 %d0 to i64
  %p0 = getelementptr inbounds i32, ptr %g, i64 %e0
  %g0 = load i32, ptr %p0, align 4
  store volatile i32 %g0, ptr %v, align 4
  %pa1 = getelementptr inbounds i8, ptr %a, i64 4
  %a1 = load i32, ptr %pa1, align 4
  %pb1 = getelementptr inbounds i8, ptr %b, i64 4
  %b1 = load i32, ptr %pb1, align 4
  %d1 = sub nsw i32 %a1, %b1
  %e1 = sext i32 %d1 to i64
  %p1 = getelementptr inbounds i32, ptr %g, i64 %e1
  %g1 = load i32, ptr %p1, align 4
  %pa2 = getelementptr inbounds i8, ptr %a, i64 8
  %a2 = load i32, ptr %pa2, align 4
  %pb2 = getelementptr inbounds i8, ptr %b, i64 8
  %b2 = load i32, ptr %pb2, align 4
  %d2 = sub nsw i32 %a2, %b2
  %e2 = sext i32 %d2 to i64
  %p2 = getelementptr inbounds i32, ptr %g, i64 %e2
  %g2 = load i32, ptr %p2, align 4
  %pa3 = getelementptr inbounds i8, ptr %a, i64 12
  %a3 = load i32, ptr %pa3, align 4
  %pb3 = getelementptr inbounds i8, ptr %b, i64 12
  %b3 = load i32, ptr %pb3, align 4
  %d3 = sub nsw i32 %a3, %b3
  %e3 = sext i32 %d3 to i64
  %p3 = getelementptr inbounds i32, ptr %g, i64 %e3
  %g3 = load i32, ptr %p3, align 4
  %s1 = add i32 %g0, %g1
  %s2 = add i32 %s1, %g2
  %s3 = add i32 %s2, %g3

  ret i32 %s3
}

; Lanes of operations on constants (not folded): no tree (a crash before: the vector
; code, a constant, was erased when the tree was kept).
; CHECK-LABEL: @constant_lanes(
; CHECK:         ret i32
define i32 @constant_lanes(ptr noalias %g) {
  %d0 = add i64 3, 4
  %p0 = getelementptr inbounds i32, ptr %g, i64 %d0
  %g0 = load i32, ptr %p0, align 4
  %d1 = add i64 5, 6
  %p1 = getelementptr inbounds i32, ptr %g, i64 %d1
  %g1 = load i32, ptr %p1, align 4
  %s = add i32 %g0, %g1
  ret i32 %s
}

; A lane's extract of a constant vector folds to a constant (which was erased when the
; tree was kept: a crash); the trees here are kept or taken, never a crash.
; CHECK-LABEL: @folded_lanes(
; CHECK:         ret i32
define i32 @folded_lanes(ptr noalias %g, ptr noalias %a) {
  %a0 = load i64, ptr %a, align 8
  %c0 = add i64 3, 4
  %d0 = xor i64 %a0, %c0
  %p0 = getelementptr inbounds i32, ptr %g, i64 %d0
  %g0 = load i32, ptr %p0, align 4
  %pa1 = getelementptr inbounds i8, ptr %a, i64 8
  %a1 = load i64, ptr %pa1, align 8
  %c1 = add i64 5, 6
  %d1 = xor i64 %a1, %c1
  %p1 = getelementptr inbounds i32, ptr %g, i64 %d1
  %g1 = load i32, ptr %p1, align 4
  %s = add i32 %g0, %g1
  %t = trunc i64 %c1 to i32
  %r = add i32 %s, %t
  ret i32 %r
}
