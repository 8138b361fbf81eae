; Horizontal reductions as SLP seeds: integer add/mul/and/or/xor and smin/smax/umin/umax
; chains (and fadd/fmul with `reassoc`), each operation read only by the next, over 4 to
; 64 lanes (a power of two) that one tree computes. Any lane order computes the same:
; the tree takes the one that shuffles the fewest loads (here `a` in order, `b`
; permuted: one `vpermd`), and ends in `llvm.vector.reduce.*`. The loads move down to
; the root: nothing in between may write what they read.
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<no-slp>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 | FileCheck %s --check-prefix=ASM
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<lower-always>' -S %s | FileCheck %s --check-prefix=ALWAYS

declare void @use(i32)

; CHECK-LABEL: @dot_permuted(
; CHECK-DAG:     [[A:%.*]] = load <8 x i32>, ptr %p, align 4
; CHECK-DAG:     [[BP:%.*]] = getelementptr i8, ptr %p, i64 32
; CHECK-DAG:     [[B:%.*]] = load <8 x i32>, ptr [[BP]], align 4
; CHECK-DAG:     [[S:%.*]] = shufflevector <8 x i32> [[B]], <8 x i32> poison, <8 x i32> <i32 1, i32 7, i32 4, i32 5, i32 3, i32 0, i32 2, i32 6>
; CHECK:         [[M:%.*]] = mul <8 x i32>
; CHECK:         [[R:%.*]] = call i32 @llvm.vector.reduce.add.v8i32(<8 x i32> [[M]])
; CHECK-NEXT:    ret i32 [[R]]
; OFF-LABEL: @dot_permuted(
; OFF-COUNT-8:   mul i32
; REMARK: remark: {{.*}}slp: a reduction (LLVMAdd) of 8 lanes of 8 operations (llc {{[0-9]+}}) became <8 x i32> vector code with loads and shuffles (llc {{[0-9]+}})
; ASM-LABEL: dot_permuted:
; ASM:         vpermd
; ASM-NOT:     vpermd
; ASM:         vpmulld
; ASM:         retq
define i32 @dot_permuted(ptr %p) {
  %pa0 = getelementptr inbounds i8, ptr %p, i64 12
  %a0 = load i32, ptr %pa0, align 4
  %pb0 = getelementptr inbounds i8, ptr %p, i64 52
  %b0 = load i32, ptr %pb0, align 4
  %m0 = mul i32 %a0, %b0
  %pa1 = getelementptr inbounds i8, ptr %p, i64 0
  %a1 = load i32, ptr %pa1, align 4
  %pb1 = getelementptr inbounds i8, ptr %p, i64 36
  %b1 = load i32, ptr %pb1, align 4
  %m1 = mul i32 %b1, %a1
  %pa2 = getelementptr inbounds i8, ptr %p, i64 24
  %a2 = load i32, ptr %pa2, align 4
  %pb2 = getelementptr inbounds i8, ptr %p, i64 40
  %b2 = load i32, ptr %pb2, align 4
  %m2 = mul i32 %a2, %b2
  %pa3 = getelementptr inbounds i8, ptr %p, i64 4
  %a3 = load i32, ptr %pa3, align 4
  %pb3 = getelementptr inbounds i8, ptr %p, i64 60
  %b3 = load i32, ptr %pb3, align 4
  %m3 = mul i32 %a3, %b3
  %pa4 = getelementptr inbounds i8, ptr %p, i64 20
  %a4 = load i32, ptr %pa4, align 4
  %pb4 = getelementptr inbounds i8, ptr %p, i64 32
  %b4 = load i32, ptr %pb4, align 4
  %m4 = mul i32 %b4, %a4
  %pa5 = getelementptr inbounds i8, ptr %p, i64 8
  %a5 = load i32, ptr %pa5, align 4
  %pb5 = getelementptr inbounds i8, ptr %p, i64 48
  %b5 = load i32, ptr %pb5, align 4
  %m5 = mul i32 %a5, %b5
  %pa6 = getelementptr inbounds i8, ptr %p, i64 28
  %a6 = load i32, ptr %pa6, align 4
  %pb6 = getelementptr inbounds i8, ptr %p, i64 56
  %b6 = load i32, ptr %pb6, align 4
  %m6 = mul i32 %a6, %b6
  %pa7 = getelementptr inbounds i8, ptr %p, i64 16
  %a7 = load i32, ptr %pa7, align 4
  %pb7 = getelementptr inbounds i8, ptr %p, i64 44
  %b7 = load i32, ptr %pb7, align 4
  %m7 = mul i32 %b7, %a7
  %s1 = add i32 %m0, %m1
  %s2 = add i32 %s1, %m2
  %s3 = add i32 %s2, %m3
  %s4 = add i32 %s3, %m4
  %s5 = add i32 %s4, %m5
  %s6 = add i32 %s5, %m6
  %s7 = add i32 %s6, %m7
  ret i32 %s7
}

; xor: the same with `llvm.vector.reduce.xor`.
; CHECK-LABEL: @xor_permuted(
; CHECK:         call i32 @llvm.vector.reduce.xor.v8i32
define i32 @xor_permuted(ptr %p) {
  %pa0 = getelementptr inbounds i8, ptr %p, i64 12
  %a0 = load i32, ptr %pa0, align 4
  %pb0 = getelementptr inbounds i8, ptr %p, i64 52
  %b0 = load i32, ptr %pb0, align 4
  %m0 = mul i32 %a0, %b0
  %pa1 = getelementptr inbounds i8, ptr %p, i64 0
  %a1 = load i32, ptr %pa1, align 4
  %pb1 = getelementptr inbounds i8, ptr %p, i64 36
  %b1 = load i32, ptr %pb1, align 4
  %m1 = mul i32 %b1, %a1
  %pa2 = getelementptr inbounds i8, ptr %p, i64 24
  %a2 = load i32, ptr %pa2, align 4
  %pb2 = getelementptr inbounds i8, ptr %p, i64 40
  %b2 = load i32, ptr %pb2, align 4
  %m2 = mul i32 %a2, %b2
  %pa3 = getelementptr inbounds i8, ptr %p, i64 4
  %a3 = load i32, ptr %pa3, align 4
  %pb3 = getelementptr inbounds i8, ptr %p, i64 60
  %b3 = load i32, ptr %pb3, align 4
  %m3 = mul i32 %a3, %b3
  %pa4 = getelementptr inbounds i8, ptr %p, i64 20
  %a4 = load i32, ptr %pa4, align 4
  %pb4 = getelementptr inbounds i8, ptr %p, i64 32
  %b4 = load i32, ptr %pb4, align 4
  %m4 = mul i32 %b4, %a4
  %pa5 = getelementptr inbounds i8, ptr %p, i64 8
  %a5 = load i32, ptr %pa5, align 4
  %pb5 = getelementptr inbounds i8, ptr %p, i64 48
  %b5 = load i32, ptr %pb5, align 4
  %m5 = mul i32 %a5, %b5
  %pa6 = getelementptr inbounds i8, ptr %p, i64 28
  %a6 = load i32, ptr %pa6, align 4
  %pb6 = getelementptr inbounds i8, ptr %p, i64 56
  %b6 = load i32, ptr %pb6, align 4
  %m6 = mul i32 %a6, %b6
  %pa7 = getelementptr inbounds i8, ptr %p, i64 16
  %a7 = load i32, ptr %pa7, align 4
  %pb7 = getelementptr inbounds i8, ptr %p, i64 44
  %b7 = load i32, ptr %pb7, align 4
  %m7 = mul i32 %b7, %a7
  %s1 = xor i32 %m0, %m1
  %s2 = xor i32 %s1, %m2
  %s3 = xor i32 %s2, %m3
  %s4 = xor i32 %s3, %m4
  %s5 = xor i32 %s4, %m5
  %s6 = xor i32 %s5, %m6
  %s7 = xor i32 %s6, %m7
  ret i32 %s7
}

; A store between the loads may write what a later load reads: left scalar.
; CHECK-LABEL: @store_between(
; CHECK-NOT:     llvm.vector.reduce
; CHECK:         ret i32
define i32 @store_between(ptr %p, ptr %q) {
  %pa0 = getelementptr inbounds i8, ptr %p, i64 12
  %a0 = load i32, ptr %pa0, align 4
  %pb0 = getelementptr inbounds i8, ptr %p, i64 52
  %b0 = load i32, ptr %pb0, align 4
  %m0 = mul i32 %a0, %b0
  %pa1 = getelementptr inbounds i8, ptr %p, i64 0
  %a1 = load i32, ptr %pa1, align 4
  %pb1 = getelementptr inbounds i8, ptr %p, i64 36
  %b1 = load i32, ptr %pb1, align 4
  %m1 = mul i32 %b1, %a1
  %pa2 = getelementptr inbounds i8, ptr %p, i64 24
  %a2 = load i32, ptr %pa2, align 4
  %pb2 = getelementptr inbounds i8, ptr %p, i64 40
  %b2 = load i32, ptr %pb2, align 4
  %m2 = mul i32 %a2, %b2
  %pa3 = getelementptr inbounds i8, ptr %p, i64 4
  %a3 = load i32, ptr %pa3, align 4
  store i32 0, ptr %q, align 4
  %pb3 = getelementptr inbounds i8, ptr %p, i64 60
  %b3 = load i32, ptr %pb3, align 4
  %m3 = mul i32 %a3, %b3
  %pa4 = getelementptr inbounds i8, ptr %p, i64 20
  %a4 = load i32, ptr %pa4, align 4
  %pb4 = getelementptr inbounds i8, ptr %p, i64 32
  %b4 = load i32, ptr %pb4, align 4
  %m4 = mul i32 %b4, %a4
  %pa5 = getelementptr inbounds i8, ptr %p, i64 8
  %a5 = load i32, ptr %pa5, align 4
  %pb5 = getelementptr inbounds i8, ptr %p, i64 48
  %b5 = load i32, ptr %pb5, align 4
  %m5 = mul i32 %a5, %b5
  %pa6 = getelementptr inbounds i8, ptr %p, i64 28
  %a6 = load i32, ptr %pa6, align 4
  %pb6 = getelementptr inbounds i8, ptr %p, i64 56
  %b6 = load i32, ptr %pb6, align 4
  %m6 = mul i32 %a6, %b6
  %pa7 = getelementptr inbounds i8, ptr %p, i64 16
  %a7 = load i32, ptr %pa7, align 4
  %pb7 = getelementptr inbounds i8, ptr %p, i64 44
  %b7 = load i32, ptr %pb7, align 4
  %m7 = mul i32 %b7, %a7
  %s1 = add i32 %m0, %m1
  %s2 = add i32 %s1, %m2
  %s3 = add i32 %s2, %m3
  %s4 = add i32 %s3, %m4
  %s5 = add i32 %s4, %m5
  %s6 = add i32 %s5, %m6
  %s7 = add i32 %s6, %m7
  ret i32 %s7
}

; An inner sum read elsewhere splits the chain in two reductions: the top one has five
; lanes (the inner sum and four products: not a power of two), the inner one four
; products whose loads leave gaps in `a` and `b` (a vector load would read elements the
; scalar code does not); left scalar.
; CHECK-LABEL: @inner_read_elsewhere(
; CHECK-NOT:     llvm.vector.reduce
; CHECK:         ret i32
define i32 @inner_read_elsewhere(ptr %p) {
  %pa0 = getelementptr inbounds i8, ptr %p, i64 12
  %a0 = load i32, ptr %pa0, align 4
  %pb0 = getelementptr inbounds i8, ptr %p, i64 52
  %b0 = load i32, ptr %pb0, align 4
  %m0 = mul i32 %a0, %b0
  %pa1 = getelementptr inbounds i8, ptr %p, i64 0
  %a1 = load i32, ptr %pa1, align 4
  %pb1 = getelementptr inbounds i8, ptr %p, i64 36
  %b1 = load i32, ptr %pb1, align 4
  %m1 = mul i32 %b1, %a1
  %pa2 = getelementptr inbounds i8, ptr %p, i64 24
  %a2 = load i32, ptr %pa2, align 4
  %pb2 = getelementptr inbounds i8, ptr %p, i64 40
  %b2 = load i32, ptr %pb2, align 4
  %m2 = mul i32 %a2, %b2
  %pa3 = getelementptr inbounds i8, ptr %p, i64 4
  %a3 = load i32, ptr %pa3, align 4
  %pb3 = getelementptr inbounds i8, ptr %p, i64 60
  %b3 = load i32, ptr %pb3, align 4
  %m3 = mul i32 %a3, %b3
  %pa4 = getelementptr inbounds i8, ptr %p, i64 20
  %a4 = load i32, ptr %pa4, align 4
  %pb4 = getelementptr inbounds i8, ptr %p, i64 32
  %b4 = load i32, ptr %pb4, align 4
  %m4 = mul i32 %b4, %a4
  %pa5 = getelementptr inbounds i8, ptr %p, i64 8
  %a5 = load i32, ptr %pa5, align 4
  %pb5 = getelementptr inbounds i8, ptr %p, i64 48
  %b5 = load i32, ptr %pb5, align 4
  %m5 = mul i32 %a5, %b5
  %pa6 = getelementptr inbounds i8, ptr %p, i64 28
  %a6 = load i32, ptr %pa6, align 4
  %pb6 = getelementptr inbounds i8, ptr %p, i64 56
  %b6 = load i32, ptr %pb6, align 4
  %m6 = mul i32 %a6, %b6
  %pa7 = getelementptr inbounds i8, ptr %p, i64 16
  %a7 = load i32, ptr %pa7, align 4
  %pb7 = getelementptr inbounds i8, ptr %p, i64 44
  %b7 = load i32, ptr %pb7, align 4
  %m7 = mul i32 %b7, %a7
  %s1 = add i32 %m0, %m1
  %s2 = add i32 %s1, %m2
  %s3 = add i32 %s2, %m3
  %s4 = add i32 %s3, %m4
  %s5 = add i32 %s4, %m5
  %s6 = add i32 %s5, %m6
  %s7 = add i32 %s6, %m7
  call void @use(i32 %s3)
  ret i32 %s7
}

; Six lanes: not a power of two, left scalar.
; CHECK-LABEL: @six_lanes(
; CHECK-NOT:     llvm.vector.reduce
; CHECK:         ret i32
define i32 @six_lanes(ptr %p) {
  %pa0 = getelementptr inbounds i8, ptr %p, i64 12
  %a0 = load i32, ptr %pa0, align 4
  %pb0 = getelementptr inbounds i8, ptr %p, i64 52
  %b0 = load i32, ptr %pb0, align 4
  %m0 = mul i32 %a0, %b0
  %pa1 = getelementptr inbounds i8, ptr %p, i64 0
  %a1 = load i32, ptr %pa1, align 4
  %pb1 = getelementptr inbounds i8, ptr %p, i64 36
  %b1 = load i32, ptr %pb1, align 4
  %m1 = mul i32 %b1, %a1
  %pa2 = getelementptr inbounds i8, ptr %p, i64 24
  %a2 = load i32, ptr %pa2, align 4
  %pb2 = getelementptr inbounds i8, ptr %p, i64 40
  %b2 = load i32, ptr %pb2, align 4
  %m2 = mul i32 %a2, %b2
  %pa3 = getelementptr inbounds i8, ptr %p, i64 4
  %a3 = load i32, ptr %pa3, align 4
  %pb3 = getelementptr inbounds i8, ptr %p, i64 60
  %b3 = load i32, ptr %pb3, align 4
  %m3 = mul i32 %a3, %b3
  %pa4 = getelementptr inbounds i8, ptr %p, i64 20
  %a4 = load i32, ptr %pa4, align 4
  %pb4 = getelementptr inbounds i8, ptr %p, i64 32
  %b4 = load i32, ptr %pb4, align 4
  %m4 = mul i32 %b4, %a4
  %pa5 = getelementptr inbounds i8, ptr %p, i64 8
  %a5 = load i32, ptr %pa5, align 4
  %pb5 = getelementptr inbounds i8, ptr %p, i64 48
  %b5 = load i32, ptr %pb5, align 4
  %m5 = mul i32 %a5, %b5
  %s1 = add i32 %m0, %m1
  %s2 = add i32 %s1, %m2
  %s3 = add i32 %s2, %m3
  %s4 = add i32 %s3, %m4
  %s5 = add i32 %s4, %m5
  ret i32 %s5
}

; A sum of four products of four consecutive elements: each product is a reduction of
; its own (mul of x[4k..4k+3]) and a lane of the sum's tree. Once a product is
; vectorized, the sum's tree (which reads it) is left: it would read an erased
; instruction.
; ALWAYS-LABEL: @nested(
; ALWAYS-COUNT-4: call i32 @llvm.vector.reduce.mul.v4i32
; ALWAYS-NOT:     llvm.vector.reduce
; ALWAYS:         ret i32
define i32 @nested(ptr %p) {
  %g0 = getelementptr inbounds i8, ptr %p, i64 0
  %x0 = load i32, ptr %g0, align 4
  %g1 = getelementptr inbounds i8, ptr %p, i64 4
  %x1 = load i32, ptr %g1, align 4
  %g2 = getelementptr inbounds i8, ptr %p, i64 8
  %x2 = load i32, ptr %g2, align 4
  %g3 = getelementptr inbounds i8, ptr %p, i64 12
  %x3 = load i32, ptr %g3, align 4
  %m0a = mul i32 %x0, %x1
  %m0b = mul i32 %m0a, %x2
  %m0 = mul i32 %m0b, %x3
  %g4 = getelementptr inbounds i8, ptr %p, i64 16
  %x4 = load i32, ptr %g4, align 4
  %g5 = getelementptr inbounds i8, ptr %p, i64 20
  %x5 = load i32, ptr %g5, align 4
  %g6 = getelementptr inbounds i8, ptr %p, i64 24
  %x6 = load i32, ptr %g6, align 4
  %g7 = getelementptr inbounds i8, ptr %p, i64 28
  %x7 = load i32, ptr %g7, align 4
  %m1a = mul i32 %x4, %x5
  %m1b = mul i32 %m1a, %x6
  %m1 = mul i32 %m1b, %x7
  %g8 = getelementptr inbounds i8, ptr %p, i64 32
  %x8 = load i32, ptr %g8, align 4
  %g9 = getelementptr inbounds i8, ptr %p, i64 36
  %x9 = load i32, ptr %g9, align 4
  %g10 = getelementptr inbounds i8, ptr %p, i64 40
  %x10 = load i32, ptr %g10, align 4
  %g11 = getelementptr inbounds i8, ptr %p, i64 44
  %x11 = load i32, ptr %g11, align 4
  %m2a = mul i32 %x8, %x9
  %m2b = mul i32 %m2a, %x10
  %m2 = mul i32 %m2b, %x11
  %g12 = getelementptr inbounds i8, ptr %p, i64 48
  %x12 = load i32, ptr %g12, align 4
  %g13 = getelementptr inbounds i8, ptr %p, i64 52
  %x13 = load i32, ptr %g13, align 4
  %g14 = getelementptr inbounds i8, ptr %p, i64 56
  %x14 = load i32, ptr %g14, align 4
  %g15 = getelementptr inbounds i8, ptr %p, i64 60
  %x15 = load i32, ptr %g15, align 4
  %m3a = mul i32 %x12, %x13
  %m3b = mul i32 %m3a, %x14
  %m3 = mul i32 %m3b, %x15
  %s1 = add i32 %m0, %m1
  %s2 = add i32 %s1, %m2
  %s3 = add i32 %s2, %m3
  ret i32 %s3
}

; Floating point where every operation may be reassociated: `llvm.vector.reduce.fadd`
; from -0.0 (the identity: -0.0 + x is x), with the flags the chain has.
; CHECK-LABEL: @fdot_reassoc(
; CHECK:         shufflevector <8 x float> {{%.*}}, <8 x float> poison, <8 x i32> <i32 1, i32 7, i32 4, i32 5, i32 3, i32 0, i32 2, i32 6>
; CHECK:         [[M:%.*]] = fmul reassoc nsz <8 x float>
; CHECK:         call reassoc nsz float @llvm.vector.reduce.fadd.v8f32(float -0.000000e+00, <8 x float> [[M]])
define float @fdot_reassoc(ptr %p) {
  %pa0 = getelementptr inbounds i8, ptr %p, i64 12
  %a0 = load float, ptr %pa0, align 4
  %pb0 = getelementptr inbounds i8, ptr %p, i64 52
  %b0 = load float, ptr %pb0, align 4
  %m0 = fmul reassoc nsz float %a0, %b0
  %pa1 = getelementptr inbounds i8, ptr %p, i64 0
  %a1 = load float, ptr %pa1, align 4
  %pb1 = getelementptr inbounds i8, ptr %p, i64 36
  %b1 = load float, ptr %pb1, align 4
  %m1 = fmul reassoc nsz float %a1, %b1
  %pa2 = getelementptr inbounds i8, ptr %p, i64 24
  %a2 = load float, ptr %pa2, align 4
  %pb2 = getelementptr inbounds i8, ptr %p, i64 40
  %b2 = load float, ptr %pb2, align 4
  %m2 = fmul reassoc nsz float %a2, %b2
  %pa3 = getelementptr inbounds i8, ptr %p, i64 4
  %a3 = load float, ptr %pa3, align 4
  %pb3 = getelementptr inbounds i8, ptr %p, i64 60
  %b3 = load float, ptr %pb3, align 4
  %m3 = fmul reassoc nsz float %a3, %b3
  %pa4 = getelementptr inbounds i8, ptr %p, i64 20
  %a4 = load float, ptr %pa4, align 4
  %pb4 = getelementptr inbounds i8, ptr %p, i64 32
  %b4 = load float, ptr %pb4, align 4
  %m4 = fmul reassoc nsz float %a4, %b4
  %pa5 = getelementptr inbounds i8, ptr %p, i64 8
  %a5 = load float, ptr %pa5, align 4
  %pb5 = getelementptr inbounds i8, ptr %p, i64 48
  %b5 = load float, ptr %pb5, align 4
  %m5 = fmul reassoc nsz float %a5, %b5
  %pa6 = getelementptr inbounds i8, ptr %p, i64 28
  %a6 = load float, ptr %pa6, align 4
  %pb6 = getelementptr inbounds i8, ptr %p, i64 56
  %b6 = load float, ptr %pb6, align 4
  %m6 = fmul reassoc nsz float %a6, %b6
  %pa7 = getelementptr inbounds i8, ptr %p, i64 16
  %a7 = load float, ptr %pa7, align 4
  %pb7 = getelementptr inbounds i8, ptr %p, i64 44
  %b7 = load float, ptr %pb7, align 4
  %m7 = fmul reassoc nsz float %a7, %b7
  %s1 = fadd reassoc nsz float %m0, %m1
  %s2 = fadd reassoc nsz float %s1, %m2
  %s3 = fadd reassoc nsz float %s2, %m3
  %s4 = fadd reassoc nsz float %s3, %m4
  %s5 = fadd reassoc nsz float %s4, %m5
  %s6 = fadd reassoc nsz float %s5, %m6
  %s7 = fadd reassoc nsz float %s6, %m7
  ret float %s7
}

; Without `reassoc` the sum is ordered: left scalar.
; CHECK-LABEL: @fdot_ordered(
; CHECK-NOT:     llvm.vector.reduce
; CHECK:         ret float
define float @fdot_ordered(ptr %p) {
  %pa0 = getelementptr inbounds i8, ptr %p, i64 12
  %a0 = load float, ptr %pa0, align 4
  %pb0 = getelementptr inbounds i8, ptr %p, i64 52
  %b0 = load float, ptr %pb0, align 4
  %m0 = fmul float %a0, %b0
  %pa1 = getelementptr inbounds i8, ptr %p, i64 0
  %a1 = load float, ptr %pa1, align 4
  %pb1 = getelementptr inbounds i8, ptr %p, i64 36
  %b1 = load float, ptr %pb1, align 4
  %m1 = fmul float %a1, %b1
  %pa2 = getelementptr inbounds i8, ptr %p, i64 24
  %a2 = load float, ptr %pa2, align 4
  %pb2 = getelementptr inbounds i8, ptr %p, i64 40
  %b2 = load float, ptr %pb2, align 4
  %m2 = fmul float %a2, %b2
  %pa3 = getelementptr inbounds i8, ptr %p, i64 4
  %a3 = load float, ptr %pa3, align 4
  %pb3 = getelementptr inbounds i8, ptr %p, i64 60
  %b3 = load float, ptr %pb3, align 4
  %m3 = fmul float %a3, %b3
  %pa4 = getelementptr inbounds i8, ptr %p, i64 20
  %a4 = load float, ptr %pa4, align 4
  %pb4 = getelementptr inbounds i8, ptr %p, i64 32
  %b4 = load float, ptr %pb4, align 4
  %m4 = fmul float %a4, %b4
  %pa5 = getelementptr inbounds i8, ptr %p, i64 8
  %a5 = load float, ptr %pa5, align 4
  %pb5 = getelementptr inbounds i8, ptr %p, i64 48
  %b5 = load float, ptr %pb5, align 4
  %m5 = fmul float %a5, %b5
  %pa6 = getelementptr inbounds i8, ptr %p, i64 28
  %a6 = load float, ptr %pa6, align 4
  %pb6 = getelementptr inbounds i8, ptr %p, i64 56
  %b6 = load float, ptr %pb6, align 4
  %m6 = fmul float %a6, %b6
  %pa7 = getelementptr inbounds i8, ptr %p, i64 16
  %a7 = load float, ptr %pa7, align 4
  %pb7 = getelementptr inbounds i8, ptr %p, i64 44
  %b7 = load float, ptr %pb7, align 4
  %m7 = fmul float %a7, %b7
  %s1 = fadd float %m0, %m1
  %s2 = fadd float %s1, %m2
  %s3 = fadd float %s2, %m3
  %s4 = fadd float %s3, %m4
  %s5 = fadd float %s4, %m5
  %s6 = fadd float %s5, %m6
  %s7 = fadd float %s6, %m7
  ret float %s7
}

; An integer maximum: a chain of `llvm.smax` calls is a reduction like any other.
; CHECK-LABEL: @max_permuted(
; CHECK:         [[M:%.*]] = mul <8 x i32>
; CHECK:         [[R:%.*]] = call i32 @llvm.vector.reduce.smax.v8i32(<8 x i32> [[M]])
; CHECK-NEXT:    ret i32 [[R]]
; REMARK: remark: {{.*}}slp: a reduction (smax) of 8 lanes of 8 operations (llc {{[0-9]+}}) became <8 x i32> vector code
; ALWAYS-LABEL: @max_permuted(
; ALWAYS:         call i32 @llvm.vector.reduce.smax.v8i32(
; An unsigned minimum whose chain mixes in a signed one: two chains, neither of 4 lanes
; or more of one kind (6 and 2), left alone.
; CHECK-LABEL: @min_mixed(
; CHECK-NOT:     vector.reduce
; CHECK:         ret i32
define i32 @max_permuted(ptr %p) {
  %pa0 = getelementptr inbounds i8, ptr %p, i64 12
  %a0 = load i32, ptr %pa0, align 4
  %pb0 = getelementptr inbounds i8, ptr %p, i64 32
  %b0 = load i32, ptr %pb0, align 4
  %m0 = mul i32 %a0, %b0
  %pa1 = getelementptr inbounds i8, ptr %p, i64 0
  %a1 = load i32, ptr %pa1, align 4
  %pb1 = getelementptr inbounds i8, ptr %p, i64 36
  %b1 = load i32, ptr %pb1, align 4
  %m1 = mul i32 %a1, %b1
  %pa2 = getelementptr inbounds i8, ptr %p, i64 24
  %a2 = load i32, ptr %pa2, align 4
  %pb2 = getelementptr inbounds i8, ptr %p, i64 40
  %b2 = load i32, ptr %pb2, align 4
  %m2 = mul i32 %a2, %b2
  %pa3 = getelementptr inbounds i8, ptr %p, i64 4
  %a3 = load i32, ptr %pa3, align 4
  %pb3 = getelementptr inbounds i8, ptr %p, i64 44
  %b3 = load i32, ptr %pb3, align 4
  %m3 = mul i32 %a3, %b3
  %pa4 = getelementptr inbounds i8, ptr %p, i64 20
  %a4 = load i32, ptr %pa4, align 4
  %pb4 = getelementptr inbounds i8, ptr %p, i64 48
  %b4 = load i32, ptr %pb4, align 4
  %m4 = mul i32 %a4, %b4
  %pa5 = getelementptr inbounds i8, ptr %p, i64 8
  %a5 = load i32, ptr %pa5, align 4
  %pb5 = getelementptr inbounds i8, ptr %p, i64 52
  %b5 = load i32, ptr %pb5, align 4
  %m5 = mul i32 %a5, %b5
  %pa6 = getelementptr inbounds i8, ptr %p, i64 28
  %a6 = load i32, ptr %pa6, align 4
  %pb6 = getelementptr inbounds i8, ptr %p, i64 56
  %b6 = load i32, ptr %pb6, align 4
  %m6 = mul i32 %a6, %b6
  %pa7 = getelementptr inbounds i8, ptr %p, i64 16
  %a7 = load i32, ptr %pa7, align 4
  %pb7 = getelementptr inbounds i8, ptr %p, i64 60
  %b7 = load i32, ptr %pb7, align 4
  %m7 = mul i32 %a7, %b7
  %s1 = call i32 @llvm.smax.i32(i32 %m0, i32 %m1)
  %s2 = call i32 @llvm.smax.i32(i32 %s1, i32 %m2)
  %s3 = call i32 @llvm.smax.i32(i32 %s2, i32 %m3)
  %s4 = call i32 @llvm.smax.i32(i32 %s3, i32 %m4)
  %s5 = call i32 @llvm.smax.i32(i32 %s4, i32 %m5)
  %s6 = call i32 @llvm.smax.i32(i32 %s5, i32 %m6)
  %s7 = call i32 @llvm.smax.i32(i32 %s6, i32 %m7)
  ret i32 %s7
}

define i32 @min_mixed(ptr %p) {
  %pa0 = getelementptr inbounds i8, ptr %p, i64 12
  %a0 = load i32, ptr %pa0, align 4
  %pa1 = getelementptr inbounds i8, ptr %p, i64 0
  %a1 = load i32, ptr %pa1, align 4
  %pa2 = getelementptr inbounds i8, ptr %p, i64 24
  %a2 = load i32, ptr %pa2, align 4
  %pa3 = getelementptr inbounds i8, ptr %p, i64 4
  %a3 = load i32, ptr %pa3, align 4
  %pa4 = getelementptr inbounds i8, ptr %p, i64 20
  %a4 = load i32, ptr %pa4, align 4
  %pa5 = getelementptr inbounds i8, ptr %p, i64 8
  %a5 = load i32, ptr %pa5, align 4
  %pa6 = getelementptr inbounds i8, ptr %p, i64 28
  %a6 = load i32, ptr %pa6, align 4
  %pa7 = getelementptr inbounds i8, ptr %p, i64 16
  %a7 = load i32, ptr %pa7, align 4
  %s1 = call i32 @llvm.umin.i32(i32 %a0, i32 %a1)
  %s2 = call i32 @llvm.umin.i32(i32 %s1, i32 %a2)
  %s3 = call i32 @llvm.umin.i32(i32 %s2, i32 %a3)
  %s4 = call i32 @llvm.umin.i32(i32 %s3, i32 %a4)
  %s5 = call i32 @llvm.umin.i32(i32 %s4, i32 %a5)
  %s6 = call i32 @llvm.smin.i32(i32 %s5, i32 %a6)
  %s7 = call i32 @llvm.umin.i32(i32 %s6, i32 %a7)
  ret i32 %s7
}
