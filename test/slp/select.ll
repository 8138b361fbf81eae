; Comparisons and selects as SLP nodes: `fcmp`/`icmp` of one predicate over two
; bundles (its lanes `i1`), and `select` on such a comparison bundle. The smaller of
; permuted floats and floats in order (`x < y ? x : y`, no fast-math: no `minnum`)
; becomes one load of each, one shuffle, `fcmp olt` and `select`; the same of words
; with `icmp ult`; also where some lanes compare the other way round (`y > x`). Lanes
; of two predicates are no bundle: left alone.
; REQUIRES: aarch64-registered-target, x86-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<early>' -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<early;lower-always>' -S %s | FileCheck %s
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<early>' -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

; CHECK-LABEL: @min_permuted(
; CHECK:         [[A:%.*]] = load <8 x float>, ptr %a
; CHECK:         [[X:%.*]] = shufflevector <8 x float> [[A]], <8 x float> poison, <8 x i32> <i32 3, i32 1, i32 2, i32 0, i32 7, i32 5, i32 6, i32 4>
; CHECK:         [[Y:%.*]] = load <8 x float>, ptr %b
; CHECK:         [[C:%.*]] = fcmp olt <8 x float> [[X]], [[Y]]
; CHECK:         [[S:%.*]] = select <8 x i1> [[C]], <8 x float> {{%.*}}, <8 x float> [[Y]]
; CHECK-NEXT:    store <8 x float> [[S]], ptr %d
; REMARK: slp: 8 scalar stores of 16 operations (llc 40) became <8 x float> vector code with loads and shuffles
define void @min_permuted(ptr noalias %d, ptr noalias %a, ptr noalias %b) {
  %pa0 = getelementptr inbounds i8, ptr %a, i64 12
  %x0 = load float, ptr %pa0, align 4
  %pb0 = getelementptr inbounds i8, ptr %b, i64 0
  %y0 = load float, ptr %pb0, align 4
  %c0 = fcmp olt float %x0, %y0
  %s0 = select i1 %c0, float %x0, float %y0
  %pd0 = getelementptr inbounds i8, ptr %d, i64 0
  store float %s0, ptr %pd0, align 4
  %pa1 = getelementptr inbounds i8, ptr %a, i64 4
  %x1 = load float, ptr %pa1, align 4
  %pb1 = getelementptr inbounds i8, ptr %b, i64 4
  %y1 = load float, ptr %pb1, align 4
  %c1 = fcmp olt float %x1, %y1
  %s1 = select i1 %c1, float %x1, float %y1
  %pd1 = getelementptr inbounds i8, ptr %d, i64 4
  store float %s1, ptr %pd1, align 4
  %pa2 = getelementptr inbounds i8, ptr %a, i64 8
  %x2 = load float, ptr %pa2, align 4
  %pb2 = getelementptr inbounds i8, ptr %b, i64 8
  %y2 = load float, ptr %pb2, align 4
  %c2 = fcmp olt float %x2, %y2
  %s2 = select i1 %c2, float %x2, float %y2
  %pd2 = getelementptr inbounds i8, ptr %d, i64 8
  store float %s2, ptr %pd2, align 4
  %pa3 = getelementptr inbounds i8, ptr %a, i64 0
  %x3 = load float, ptr %pa3, align 4
  %pb3 = getelementptr inbounds i8, ptr %b, i64 12
  %y3 = load float, ptr %pb3, align 4
  %c3 = fcmp olt float %x3, %y3
  %s3 = select i1 %c3, float %x3, float %y3
  %pd3 = getelementptr inbounds i8, ptr %d, i64 12
  store float %s3, ptr %pd3, align 4
  %pa4 = getelementptr inbounds i8, ptr %a, i64 28
  %x4 = load float, ptr %pa4, align 4
  %pb4 = getelementptr inbounds i8, ptr %b, i64 16
  %y4 = load float, ptr %pb4, align 4
  %c4 = fcmp olt float %x4, %y4
  %s4 = select i1 %c4, float %x4, float %y4
  %pd4 = getelementptr inbounds i8, ptr %d, i64 16
  store float %s4, ptr %pd4, align 4
  %pa5 = getelementptr inbounds i8, ptr %a, i64 20
  %x5 = load float, ptr %pa5, align 4
  %pb5 = getelementptr inbounds i8, ptr %b, i64 20
  %y5 = load float, ptr %pb5, align 4
  %c5 = fcmp olt float %x5, %y5
  %s5 = select i1 %c5, float %x5, float %y5
  %pd5 = getelementptr inbounds i8, ptr %d, i64 20
  store float %s5, ptr %pd5, align 4
  %pa6 = getelementptr inbounds i8, ptr %a, i64 24
  %x6 = load float, ptr %pa6, align 4
  %pb6 = getelementptr inbounds i8, ptr %b, i64 24
  %y6 = load float, ptr %pb6, align 4
  %c6 = fcmp olt float %x6, %y6
  %s6 = select i1 %c6, float %x6, float %y6
  %pd6 = getelementptr inbounds i8, ptr %d, i64 24
  store float %s6, ptr %pd6, align 4
  %pa7 = getelementptr inbounds i8, ptr %a, i64 16
  %x7 = load float, ptr %pa7, align 4
  %pb7 = getelementptr inbounds i8, ptr %b, i64 28
  %y7 = load float, ptr %pb7, align 4
  %c7 = fcmp olt float %x7, %y7
  %s7 = select i1 %c7, float %x7, float %y7
  %pd7 = getelementptr inbounds i8, ptr %d, i64 28
  store float %s7, ptr %pd7, align 4
  ret void
}

; CHECK-LABEL: @mixed_predicates(
; CHECK-NOT:     <8 x float>
; CHECK:         ret void
define void @mixed_predicates(ptr noalias %d, ptr noalias %a, ptr noalias %b) {
  %pa0 = getelementptr inbounds i8, ptr %a, i64 12
  %x0 = load float, ptr %pa0, align 4
  %pb0 = getelementptr inbounds i8, ptr %b, i64 0
  %y0 = load float, ptr %pb0, align 4
  %c0 = fcmp olt float %x0, %y0
  %s0 = select i1 %c0, float %x0, float %y0
  %pd0 = getelementptr inbounds i8, ptr %d, i64 0
  store float %s0, ptr %pd0, align 4
  %pa1 = getelementptr inbounds i8, ptr %a, i64 4
  %x1 = load float, ptr %pa1, align 4
  %pb1 = getelementptr inbounds i8, ptr %b, i64 4
  %y1 = load float, ptr %pb1, align 4
  %c1 = fcmp ogt float %x1, %y1
  %s1 = select i1 %c1, float %x1, float %y1
  %pd1 = getelementptr inbounds i8, ptr %d, i64 4
  store float %s1, ptr %pd1, align 4
  %pa2 = getelementptr inbounds i8, ptr %a, i64 8
  %x2 = load float, ptr %pa2, align 4
  %pb2 = getelementptr inbounds i8, ptr %b, i64 8
  %y2 = load float, ptr %pb2, align 4
  %c2 = fcmp olt float %x2, %y2
  %s2 = select i1 %c2, float %x2, float %y2
  %pd2 = getelementptr inbounds i8, ptr %d, i64 8
  store float %s2, ptr %pd2, align 4
  %pa3 = getelementptr inbounds i8, ptr %a, i64 0
  %x3 = load float, ptr %pa3, align 4
  %pb3 = getelementptr inbounds i8, ptr %b, i64 12
  %y3 = load float, ptr %pb3, align 4
  %c3 = fcmp ogt float %x3, %y3
  %s3 = select i1 %c3, float %x3, float %y3
  %pd3 = getelementptr inbounds i8, ptr %d, i64 12
  store float %s3, ptr %pd3, align 4
  %pa4 = getelementptr inbounds i8, ptr %a, i64 28
  %x4 = load float, ptr %pa4, align 4
  %pb4 = getelementptr inbounds i8, ptr %b, i64 16
  %y4 = load float, ptr %pb4, align 4
  %c4 = fcmp olt float %x4, %y4
  %s4 = select i1 %c4, float %x4, float %y4
  %pd4 = getelementptr inbounds i8, ptr %d, i64 16
  store float %s4, ptr %pd4, align 4
  %pa5 = getelementptr inbounds i8, ptr %a, i64 20
  %x5 = load float, ptr %pa5, align 4
  %pb5 = getelementptr inbounds i8, ptr %b, i64 20
  %y5 = load float, ptr %pb5, align 4
  %c5 = fcmp ogt float %x5, %y5
  %s5 = select i1 %c5, float %x5, float %y5
  %pd5 = getelementptr inbounds i8, ptr %d, i64 20
  store float %s5, ptr %pd5, align 4
  %pa6 = getelementptr inbounds i8, ptr %a, i64 24
  %x6 = load float, ptr %pa6, align 4
  %pb6 = getelementptr inbounds i8, ptr %b, i64 24
  %y6 = load float, ptr %pb6, align 4
  %c6 = fcmp olt float %x6, %y6
  %s6 = select i1 %c6, float %x6, float %y6
  %pd6 = getelementptr inbounds i8, ptr %d, i64 24
  store float %s6, ptr %pd6, align 4
  %pa7 = getelementptr inbounds i8, ptr %a, i64 16
  %x7 = load float, ptr %pa7, align 4
  %pb7 = getelementptr inbounds i8, ptr %b, i64 28
  %y7 = load float, ptr %pb7, align 4
  %c7 = fcmp ogt float %x7, %y7
  %s7 = select i1 %c7, float %x7, float %y7
  %pd7 = getelementptr inbounds i8, ptr %d, i64 28
  store float %s7, ptr %pd7, align 4
  ret void
}

; CHECK-LABEL: @select_i32(
; CHECK:         [[C:%.*]] = icmp ult <8 x i32>
; CHECK:         [[S:%.*]] = select <8 x i1> [[C]], <8 x i32>
; CHECK-NEXT:    store <8 x i32> [[S]], ptr %d
define void @select_i32(ptr noalias %d, ptr noalias %a, ptr noalias %b) {
  %pa0 = getelementptr inbounds i8, ptr %a, i64 12
  %x0 = load i32, ptr %pa0, align 4
  %pb0 = getelementptr inbounds i8, ptr %b, i64 0
  %y0 = load i32, ptr %pb0, align 4
  %c0 = icmp ult i32 %x0, %y0
  %s0 = select i1 %c0, i32 %x0, i32 %y0
  %pd0 = getelementptr inbounds i8, ptr %d, i64 0
  store i32 %s0, ptr %pd0, align 4
  %pa1 = getelementptr inbounds i8, ptr %a, i64 4
  %x1 = load i32, ptr %pa1, align 4
  %pb1 = getelementptr inbounds i8, ptr %b, i64 4
  %y1 = load i32, ptr %pb1, align 4
  %c1 = icmp ult i32 %x1, %y1
  %s1 = select i1 %c1, i32 %x1, i32 %y1
  %pd1 = getelementptr inbounds i8, ptr %d, i64 4
  store i32 %s1, ptr %pd1, align 4
  %pa2 = getelementptr inbounds i8, ptr %a, i64 8
  %x2 = load i32, ptr %pa2, align 4
  %pb2 = getelementptr inbounds i8, ptr %b, i64 8
  %y2 = load i32, ptr %pb2, align 4
  %c2 = icmp ult i32 %x2, %y2
  %s2 = select i1 %c2, i32 %x2, i32 %y2
  %pd2 = getelementptr inbounds i8, ptr %d, i64 8
  store i32 %s2, ptr %pd2, align 4
  %pa3 = getelementptr inbounds i8, ptr %a, i64 0
  %x3 = load i32, ptr %pa3, align 4
  %pb3 = getelementptr inbounds i8, ptr %b, i64 12
  %y3 = load i32, ptr %pb3, align 4
  %c3 = icmp ult i32 %x3, %y3
  %s3 = select i1 %c3, i32 %x3, i32 %y3
  %pd3 = getelementptr inbounds i8, ptr %d, i64 12
  store i32 %s3, ptr %pd3, align 4
  %pa4 = getelementptr inbounds i8, ptr %a, i64 28
  %x4 = load i32, ptr %pa4, align 4
  %pb4 = getelementptr inbounds i8, ptr %b, i64 16
  %y4 = load i32, ptr %pb4, align 4
  %c4 = icmp ult i32 %x4, %y4
  %s4 = select i1 %c4, i32 %x4, i32 %y4
  %pd4 = getelementptr inbounds i8, ptr %d, i64 16
  store i32 %s4, ptr %pd4, align 4
  %pa5 = getelementptr inbounds i8, ptr %a, i64 20
  %x5 = load i32, ptr %pa5, align 4
  %pb5 = getelementptr inbounds i8, ptr %b, i64 20
  %y5 = load i32, ptr %pb5, align 4
  %c5 = icmp ult i32 %x5, %y5
  %s5 = select i1 %c5, i32 %x5, i32 %y5
  %pd5 = getelementptr inbounds i8, ptr %d, i64 20
  store i32 %s5, ptr %pd5, align 4
  %pa6 = getelementptr inbounds i8, ptr %a, i64 24
  %x6 = load i32, ptr %pa6, align 4
  %pb6 = getelementptr inbounds i8, ptr %b, i64 24
  %y6 = load i32, ptr %pb6, align 4
  %c6 = icmp ult i32 %x6, %y6
  %s6 = select i1 %c6, i32 %x6, i32 %y6
  %pd6 = getelementptr inbounds i8, ptr %d, i64 24
  store i32 %s6, ptr %pd6, align 4
  %pa7 = getelementptr inbounds i8, ptr %a, i64 16
  %x7 = load i32, ptr %pa7, align 4
  %pb7 = getelementptr inbounds i8, ptr %b, i64 28
  %y7 = load i32, ptr %pb7, align 4
  %c7 = icmp ult i32 %x7, %y7
  %s7 = select i1 %c7, i32 %x7, i32 %y7
  %pd7 = getelementptr inbounds i8, ptr %d, i64 28
  store i32 %s7, ptr %pd7, align 4
  ret void
}

; CHECK-LABEL: @min_turned(
; CHECK:         fcmp olt <8 x float>
; CHECK:         select <8 x i1>
define void @min_turned(ptr noalias %d, ptr noalias %a, ptr noalias %b) {
  %pa0 = getelementptr inbounds i8, ptr %a, i64 12
  %x0 = load float, ptr %pa0, align 4
  %pb0 = getelementptr inbounds i8, ptr %b, i64 0
  %y0 = load float, ptr %pb0, align 4
  %c0 = fcmp olt float %x0, %y0
  %s0 = select i1 %c0, float %x0, float %y0
  %pd0 = getelementptr inbounds i8, ptr %d, i64 0
  store float %s0, ptr %pd0, align 4
  %pa1 = getelementptr inbounds i8, ptr %a, i64 4
  %x1 = load float, ptr %pa1, align 4
  %pb1 = getelementptr inbounds i8, ptr %b, i64 4
  %y1 = load float, ptr %pb1, align 4
  %c1 = fcmp ogt float %y1, %x1
  %s1 = select i1 %c1, float %x1, float %y1
  %pd1 = getelementptr inbounds i8, ptr %d, i64 4
  store float %s1, ptr %pd1, align 4
  %pa2 = getelementptr inbounds i8, ptr %a, i64 8
  %x2 = load float, ptr %pa2, align 4
  %pb2 = getelementptr inbounds i8, ptr %b, i64 8
  %y2 = load float, ptr %pb2, align 4
  %c2 = fcmp olt float %x2, %y2
  %s2 = select i1 %c2, float %x2, float %y2
  %pd2 = getelementptr inbounds i8, ptr %d, i64 8
  store float %s2, ptr %pd2, align 4
  %pa3 = getelementptr inbounds i8, ptr %a, i64 0
  %x3 = load float, ptr %pa3, align 4
  %pb3 = getelementptr inbounds i8, ptr %b, i64 12
  %y3 = load float, ptr %pb3, align 4
  %c3 = fcmp ogt float %y3, %x3
  %s3 = select i1 %c3, float %x3, float %y3
  %pd3 = getelementptr inbounds i8, ptr %d, i64 12
  store float %s3, ptr %pd3, align 4
  %pa4 = getelementptr inbounds i8, ptr %a, i64 28
  %x4 = load float, ptr %pa4, align 4
  %pb4 = getelementptr inbounds i8, ptr %b, i64 16
  %y4 = load float, ptr %pb4, align 4
  %c4 = fcmp olt float %x4, %y4
  %s4 = select i1 %c4, float %x4, float %y4
  %pd4 = getelementptr inbounds i8, ptr %d, i64 16
  store float %s4, ptr %pd4, align 4
  %pa5 = getelementptr inbounds i8, ptr %a, i64 20
  %x5 = load float, ptr %pa5, align 4
  %pb5 = getelementptr inbounds i8, ptr %b, i64 20
  %y5 = load float, ptr %pb5, align 4
  %c5 = fcmp ogt float %y5, %x5
  %s5 = select i1 %c5, float %x5, float %y5
  %pd5 = getelementptr inbounds i8, ptr %d, i64 20
  store float %s5, ptr %pd5, align 4
  %pa6 = getelementptr inbounds i8, ptr %a, i64 24
  %x6 = load float, ptr %pa6, align 4
  %pb6 = getelementptr inbounds i8, ptr %b, i64 24
  %y6 = load float, ptr %pb6, align 4
  %c6 = fcmp olt float %x6, %y6
  %s6 = select i1 %c6, float %x6, float %y6
  %pd6 = getelementptr inbounds i8, ptr %d, i64 24
  store float %s6, ptr %pd6, align 4
  %pa7 = getelementptr inbounds i8, ptr %a, i64 16
  %x7 = load float, ptr %pa7, align 4
  %pb7 = getelementptr inbounds i8, ptr %b, i64 28
  %y7 = load float, ptr %pb7, align 4
  %c7 = fcmp ogt float %y7, %x7
  %s7 = select i1 %c7, float %x7, float %y7
  %pd7 = getelementptr inbounds i8, ptr %d, i64 28
  store float %s7, ptr %pd7, align 4
  ret void
}

; Equalities written either way round (`x == y`, `y == x`): one bundle, the operands of
; each lane ordered as a commutative operation's (look-ahead), so that one side is the
; permuted loads of %a and the other the loads of %b in order.
; CHECK-LABEL: @equal_either_way(
; CHECK:         [[A:%.*]] = load <8 x i32>, ptr %a
; CHECK:         [[X:%.*]] = shufflevector <8 x i32> [[A]], <8 x i32> poison, <8 x i32> <i32 3, i32 1, i32 2, i32 0, i32 7, i32 5, i32 6, i32 4>
; CHECK:         [[Y:%.*]] = load <8 x i32>, ptr %b
; CHECK:         [[C:%.*]] = icmp eq <8 x i32> [[X]], [[Y]]
; CHECK:         [[S:%.*]] = select <8 x i1> [[C]], <8 x i32> {{%.*}}, <8 x i32> [[Y]]
; CHECK-NEXT:    store <8 x i32> [[S]], ptr %d
; REMARK: slp: 8 scalar stores of 16 operations (llc {{[0-9]+}}) became <8 x i32> vector code with loads and shuffles
define void @equal_either_way(ptr noalias %d, ptr noalias %a, ptr noalias %b) {
  %pa0 = getelementptr inbounds i8, ptr %a, i64 12
  %x0 = load i32, ptr %pa0, align 4
  %pb0 = getelementptr inbounds i8, ptr %b, i64 0
  %y0 = load i32, ptr %pb0, align 4
  %c0 = icmp eq i32 %x0, %y0
  %s0 = select i1 %c0, i32 %x0, i32 %y0
  %pd0 = getelementptr inbounds i8, ptr %d, i64 0
  store i32 %s0, ptr %pd0, align 4
  %pa1 = getelementptr inbounds i8, ptr %a, i64 4
  %x1 = load i32, ptr %pa1, align 4
  %pb1 = getelementptr inbounds i8, ptr %b, i64 4
  %y1 = load i32, ptr %pb1, align 4
  %c1 = icmp eq i32 %y1, %x1
  %s1 = select i1 %c1, i32 %x1, i32 %y1
  %pd1 = getelementptr inbounds i8, ptr %d, i64 4
  store i32 %s1, ptr %pd1, align 4
  %pa2 = getelementptr inbounds i8, ptr %a, i64 8
  %x2 = load i32, ptr %pa2, align 4
  %pb2 = getelementptr inbounds i8, ptr %b, i64 8
  %y2 = load i32, ptr %pb2, align 4
  %c2 = icmp eq i32 %y2, %x2
  %s2 = select i1 %c2, i32 %x2, i32 %y2
  %pd2 = getelementptr inbounds i8, ptr %d, i64 8
  store i32 %s2, ptr %pd2, align 4
  %pa3 = getelementptr inbounds i8, ptr %a, i64 0
  %x3 = load i32, ptr %pa3, align 4
  %pb3 = getelementptr inbounds i8, ptr %b, i64 12
  %y3 = load i32, ptr %pb3, align 4
  %c3 = icmp eq i32 %x3, %y3
  %s3 = select i1 %c3, i32 %x3, i32 %y3
  %pd3 = getelementptr inbounds i8, ptr %d, i64 12
  store i32 %s3, ptr %pd3, align 4
  %pa4 = getelementptr inbounds i8, ptr %a, i64 28
  %x4 = load i32, ptr %pa4, align 4
  %pb4 = getelementptr inbounds i8, ptr %b, i64 16
  %y4 = load i32, ptr %pb4, align 4
  %c4 = icmp eq i32 %x4, %y4
  %s4 = select i1 %c4, i32 %x4, i32 %y4
  %pd4 = getelementptr inbounds i8, ptr %d, i64 16
  store i32 %s4, ptr %pd4, align 4
  %pa5 = getelementptr inbounds i8, ptr %a, i64 20
  %x5 = load i32, ptr %pa5, align 4
  %pb5 = getelementptr inbounds i8, ptr %b, i64 20
  %y5 = load i32, ptr %pb5, align 4
  %c5 = icmp eq i32 %y5, %x5
  %s5 = select i1 %c5, i32 %x5, i32 %y5
  %pd5 = getelementptr inbounds i8, ptr %d, i64 20
  store i32 %s5, ptr %pd5, align 4
  %pa6 = getelementptr inbounds i8, ptr %a, i64 24
  %x6 = load i32, ptr %pa6, align 4
  %pb6 = getelementptr inbounds i8, ptr %b, i64 24
  %y6 = load i32, ptr %pb6, align 4
  %c6 = icmp eq i32 %y6, %x6
  %s6 = select i1 %c6, i32 %x6, i32 %y6
  %pd6 = getelementptr inbounds i8, ptr %d, i64 24
  store i32 %s6, ptr %pd6, align 4
  %pa7 = getelementptr inbounds i8, ptr %a, i64 16
  %x7 = load i32, ptr %pa7, align 4
  %pb7 = getelementptr inbounds i8, ptr %b, i64 28
  %y7 = load i32, ptr %pb7, align 4
  %c7 = icmp eq i32 %x7, %y7
  %s7 = select i1 %c7, i32 %x7, i32 %y7
  %pd7 = getelementptr inbounds i8, ptr %d, i64 28
  store i32 %s7, ptr %pd7, align 4
  ret void
}
