; Groups of phis as SLP seeds (seed 003's PHI seeds): phis of a block that loops to
; itself, each carrying a value computed in the block round the loop, whose values are
; one tree become one vector phi (its start built at the entry's end, or a constant
; vector); a gather of the phis in the tree reads the vector phi (permuted where the
; lanes read them in another order); the vector code goes before the block's
; terminator (no other reader in the block), and what reads a lane after the loop reads
; its extract. Taken after the vectorizers only (stock SLP vectorizes such groups
; itself). A phi read elsewhere than by the tree, or a store between that may write
; what the tree loads, keeps the group scalar, also forced (`lower-always`).
; REQUIRES: x86-registered-target, riscv-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<early>' -S %s | FileCheck %s --check-prefix=EARLY
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<lower-always>' -S %s | FileCheck %s --check-prefix=FORCED
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=RV
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 | FileCheck %s --check-prefix=ASM

; CHECK-LABEL: @accumulators(
; CHECK:       loop:
; CHECK-NEXT:    [[VP:%.*]] = phi <8 x i16> [ zeroinitializer, %entry ], [ [[U:%.*]], %loop ]
; CHECK-NOT:     phi i16
; CHECK-DAG:     [[L:%.*]] = load <8 x i16>, ptr %row, align 2
; CHECK-DAG:     [[S:%.*]] = shufflevector <8 x i16> [[L]], <8 x i16> poison, <8 x i32> <i32 5, i32 2, i32 7, i32 0, i32 6, i32 1, i32 4, i32 3>
; CHECK-DAG:     [[M:%.*]] = mul <8 x i16> [[VP]], splat (i16 3)
; CHECK:         [[U]] = add <8 x i16> [[M]], [[S]]
; CHECK-NEXT:    [[X0:%.*]] = extractelement <8 x i16> [[U]], i32 0
; CHECK:         br i1 %c, label %exit, label %loop
; CHECK:       exit:
; CHECK-NEXT:    %o0 = getelementptr inbounds i8, ptr %out, i64 0
; CHECK-NEXT:    store i16 [[X0]], ptr %o0, align 2
; EARLY-LABEL: @accumulators(
; EARLY-NOT:     <8 x i16>
; EARLY:         ret void
; REMARK: slp: 8 phis carried round a loop by 16 operations (llc {{[0-9]+}}) became <8 x i16> vector code with loads and shuffles (llc {{[0-9]+}}, 8 extracts measured)
; The vector a group carries round the loop is measured in a register where an asm
; takes it (x86 128 bits), else returned (RISC-V V, and below the float group's 256
; bits on x86-64-v3).
; RV: slp: 8 phis carried round a loop by 16 operations (llc {{.*}}) became <8 x i16> vector code with loads and shuffles (llc {{.*}}, 8 extracts measured)
; The extracts sink below the loop.
; ASM-LABEL: accumulators:
; ASM:         vpshufb
; ASM:         vpaddw
; ASM:         jne
; ASM:         vmovd
; ASM-NEXT:    vpextrw $1
define void @accumulators(ptr noalias %out, ptr noalias %a, i32 %n, ptr %q) {
entry:
  br label %loop
loop:
  %s0 = phi i16 [ 0, %entry ], [ %u0, %loop ]
  %s1 = phi i16 [ 0, %entry ], [ %u1, %loop ]
  %s2 = phi i16 [ 0, %entry ], [ %u2, %loop ]
  %s3 = phi i16 [ 0, %entry ], [ %u3, %loop ]
  %s4 = phi i16 [ 0, %entry ], [ %u4, %loop ]
  %s5 = phi i16 [ 0, %entry ], [ %u5, %loop ]
  %s6 = phi i16 [ 0, %entry ], [ %u6, %loop ]
  %s7 = phi i16 [ 0, %entry ], [ %u7, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %row = phi ptr [ %a, %entry ], [ %next, %loop ]
  %p0 = getelementptr inbounds i8, ptr %row, i64 10
  %x0 = load i16, ptr %p0, align 2
  %m0 = mul i16 %s0, 3
  %u0 = add i16 %m0, %x0
  %p1 = getelementptr inbounds i8, ptr %row, i64 4
  %x1 = load i16, ptr %p1, align 2
  %m1 = mul i16 %s1, 3
  %u1 = add i16 %m1, %x1
  %p2 = getelementptr inbounds i8, ptr %row, i64 14
  %x2 = load i16, ptr %p2, align 2
  %m2 = mul i16 %s2, 3
  %u2 = add i16 %m2, %x2
  %p3 = getelementptr inbounds i8, ptr %row, i64 0
  %x3 = load i16, ptr %p3, align 2
  %m3 = mul i16 %s3, 3
  %u3 = add i16 %m3, %x3
  %p4 = getelementptr inbounds i8, ptr %row, i64 12
  %x4 = load i16, ptr %p4, align 2
  %m4 = mul i16 %s4, 3
  %u4 = add i16 %m4, %x4
  %p5 = getelementptr inbounds i8, ptr %row, i64 2
  %x5 = load i16, ptr %p5, align 2
  %m5 = mul i16 %s5, 3
  %u5 = add i16 %m5, %x5
  %p6 = getelementptr inbounds i8, ptr %row, i64 8
  %x6 = load i16, ptr %p6, align 2
  %m6 = mul i16 %s6, 3
  %u6 = add i16 %m6, %x6
  %p7 = getelementptr inbounds i8, ptr %row, i64 6
  %x7 = load i16, ptr %p7, align 2
  %m7 = mul i16 %s7, 3
  %u7 = add i16 %m7, %x7
  %next = getelementptr inbounds i8, ptr %row, i64 16
  %i1 = add i32 %i, 1
  %c = icmp eq i32 %i1, %n
  br i1 %c, label %exit, label %loop
exit:
  %o0 = getelementptr inbounds i8, ptr %out, i64 0
  store i16 %u0, ptr %o0, align 2
  %o1 = getelementptr inbounds i8, ptr %out, i64 2
  store i16 %u1, ptr %o1, align 2
  %o2 = getelementptr inbounds i8, ptr %out, i64 4
  store i16 %u2, ptr %o2, align 2
  %o3 = getelementptr inbounds i8, ptr %out, i64 6
  store i16 %u3, ptr %o3, align 2
  %o4 = getelementptr inbounds i8, ptr %out, i64 8
  store i16 %u4, ptr %o4, align 2
  %o5 = getelementptr inbounds i8, ptr %out, i64 10
  store i16 %u5, ptr %o5, align 2
  %o6 = getelementptr inbounds i8, ptr %out, i64 12
  store i16 %u6, ptr %o6, align 2
  %o7 = getelementptr inbounds i8, ptr %out, i64 14
  store i16 %u7, ptr %o7, align 2
  ret void
}


; Lane k reads the phi of lane k ^ 1: the vector phi, permuted.
; CHECK-LABEL: @permuted_phis(
; CHECK:         [[VP:%.*]] = phi <8 x i16> [ zeroinitializer, %entry ]
; CHECK:         [[S:%.*]] = shufflevector <8 x i16> [[VP]], <8 x i16> poison, <8 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6>
; CHECK:         mul <8 x i16> [[S]], splat (i16 3)
; CHECK-NOT:     phi i16
; CHECK:         ret void
define void @permuted_phis(ptr noalias %out, ptr noalias %a, i32 %n, ptr %q) {
entry:
  br label %loop
loop:
  %s0 = phi i16 [ 0, %entry ], [ %u0, %loop ]
  %s1 = phi i16 [ 0, %entry ], [ %u1, %loop ]
  %s2 = phi i16 [ 0, %entry ], [ %u2, %loop ]
  %s3 = phi i16 [ 0, %entry ], [ %u3, %loop ]
  %s4 = phi i16 [ 0, %entry ], [ %u4, %loop ]
  %s5 = phi i16 [ 0, %entry ], [ %u5, %loop ]
  %s6 = phi i16 [ 0, %entry ], [ %u6, %loop ]
  %s7 = phi i16 [ 0, %entry ], [ %u7, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %row = phi ptr [ %a, %entry ], [ %next, %loop ]
  %p0 = getelementptr inbounds i8, ptr %row, i64 0
  %x0 = load i16, ptr %p0, align 2
  %m0 = mul i16 %s1, 3
  %u0 = add i16 %m0, %x0
  %p1 = getelementptr inbounds i8, ptr %row, i64 2
  %x1 = load i16, ptr %p1, align 2
  %m1 = mul i16 %s0, 3
  %u1 = add i16 %m1, %x1
  %p2 = getelementptr inbounds i8, ptr %row, i64 4
  %x2 = load i16, ptr %p2, align 2
  %m2 = mul i16 %s3, 3
  %u2 = add i16 %m2, %x2
  %p3 = getelementptr inbounds i8, ptr %row, i64 6
  %x3 = load i16, ptr %p3, align 2
  %m3 = mul i16 %s2, 3
  %u3 = add i16 %m3, %x3
  %p4 = getelementptr inbounds i8, ptr %row, i64 8
  %x4 = load i16, ptr %p4, align 2
  %m4 = mul i16 %s5, 3
  %u4 = add i16 %m4, %x4
  %p5 = getelementptr inbounds i8, ptr %row, i64 10
  %x5 = load i16, ptr %p5, align 2
  %m5 = mul i16 %s4, 3
  %u5 = add i16 %m5, %x5
  %p6 = getelementptr inbounds i8, ptr %row, i64 12
  %x6 = load i16, ptr %p6, align 2
  %m6 = mul i16 %s7, 3
  %u6 = add i16 %m6, %x6
  %p7 = getelementptr inbounds i8, ptr %row, i64 14
  %x7 = load i16, ptr %p7, align 2
  %m7 = mul i16 %s6, 3
  %u7 = add i16 %m7, %x7
  %next = getelementptr inbounds i8, ptr %row, i64 16
  %i1 = add i32 %i, 1
  %c = icmp eq i32 %i1, %n
  br i1 %c, label %exit, label %loop
exit:
  %o0 = getelementptr inbounds i8, ptr %out, i64 0
  store i16 %u0, ptr %o0, align 2
  %o1 = getelementptr inbounds i8, ptr %out, i64 2
  store i16 %u1, ptr %o1, align 2
  %o2 = getelementptr inbounds i8, ptr %out, i64 4
  store i16 %u2, ptr %o2, align 2
  %o3 = getelementptr inbounds i8, ptr %out, i64 6
  store i16 %u3, ptr %o3, align 2
  %o4 = getelementptr inbounds i8, ptr %out, i64 8
  store i16 %u4, ptr %o4, align 2
  %o5 = getelementptr inbounds i8, ptr %out, i64 10
  store i16 %u5, ptr %o5, align 2
  %o6 = getelementptr inbounds i8, ptr %out, i64 12
  store i16 %u6, ptr %o6, align 2
  %o7 = getelementptr inbounds i8, ptr %out, i64 14
  store i16 %u7, ptr %o7, align 2
  ret void
}


; The start loaded before the loop: inserted at the entry's end.
; CHECK-LABEL: @loaded_start(
; CHECK:         %v7 = load i16, ptr %w7, align 2
; CHECK-NEXT:    [[I0:%.*]] = insertelement <8 x i16> poison, i16 %v0, i32 0
; CHECK:         [[I7:%.*]] = insertelement <8 x i16> {{%.*}}, i16 %v7, i32 7
; CHECK-NEXT:    br label %loop
; CHECK:         phi <8 x i16> [ [[I7]], %entry ]
; CHECK:         ret void
define void @loaded_start(ptr noalias %out, ptr noalias %a, i32 %n, ptr %q) {
entry:
  %w0 = getelementptr inbounds i8, ptr %q, i64 0
  %v0 = load i16, ptr %w0, align 2
  %w1 = getelementptr inbounds i8, ptr %q, i64 2
  %v1 = load i16, ptr %w1, align 2
  %w2 = getelementptr inbounds i8, ptr %q, i64 4
  %v2 = load i16, ptr %w2, align 2
  %w3 = getelementptr inbounds i8, ptr %q, i64 6
  %v3 = load i16, ptr %w3, align 2
  %w4 = getelementptr inbounds i8, ptr %q, i64 8
  %v4 = load i16, ptr %w4, align 2
  %w5 = getelementptr inbounds i8, ptr %q, i64 10
  %v5 = load i16, ptr %w5, align 2
  %w6 = getelementptr inbounds i8, ptr %q, i64 12
  %v6 = load i16, ptr %w6, align 2
  %w7 = getelementptr inbounds i8, ptr %q, i64 14
  %v7 = load i16, ptr %w7, align 2
  br label %loop
loop:
  %s0 = phi i16 [ %v0, %entry ], [ %u0, %loop ]
  %s1 = phi i16 [ %v1, %entry ], [ %u1, %loop ]
  %s2 = phi i16 [ %v2, %entry ], [ %u2, %loop ]
  %s3 = phi i16 [ %v3, %entry ], [ %u3, %loop ]
  %s4 = phi i16 [ %v4, %entry ], [ %u4, %loop ]
  %s5 = phi i16 [ %v5, %entry ], [ %u5, %loop ]
  %s6 = phi i16 [ %v6, %entry ], [ %u6, %loop ]
  %s7 = phi i16 [ %v7, %entry ], [ %u7, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %row = phi ptr [ %a, %entry ], [ %next, %loop ]
  %p0 = getelementptr inbounds i8, ptr %row, i64 10
  %x0 = load i16, ptr %p0, align 2
  %m0 = mul i16 %s0, 3
  %u0 = add i16 %m0, %x0
  %p1 = getelementptr inbounds i8, ptr %row, i64 4
  %x1 = load i16, ptr %p1, align 2
  %m1 = mul i16 %s1, 3
  %u1 = add i16 %m1, %x1
  %p2 = getelementptr inbounds i8, ptr %row, i64 14
  %x2 = load i16, ptr %p2, align 2
  %m2 = mul i16 %s2, 3
  %u2 = add i16 %m2, %x2
  %p3 = getelementptr inbounds i8, ptr %row, i64 0
  %x3 = load i16, ptr %p3, align 2
  %m3 = mul i16 %s3, 3
  %u3 = add i16 %m3, %x3
  %p4 = getelementptr inbounds i8, ptr %row, i64 12
  %x4 = load i16, ptr %p4, align 2
  %m4 = mul i16 %s4, 3
  %u4 = add i16 %m4, %x4
  %p5 = getelementptr inbounds i8, ptr %row, i64 2
  %x5 = load i16, ptr %p5, align 2
  %m5 = mul i16 %s5, 3
  %u5 = add i16 %m5, %x5
  %p6 = getelementptr inbounds i8, ptr %row, i64 8
  %x6 = load i16, ptr %p6, align 2
  %m6 = mul i16 %s6, 3
  %u6 = add i16 %m6, %x6
  %p7 = getelementptr inbounds i8, ptr %row, i64 6
  %x7 = load i16, ptr %p7, align 2
  %m7 = mul i16 %s7, 3
  %u7 = add i16 %m7, %x7
  %next = getelementptr inbounds i8, ptr %row, i64 16
  %i1 = add i32 %i, 1
  %c = icmp eq i32 %i1, %n
  br i1 %c, label %exit, label %loop
exit:
  %o0 = getelementptr inbounds i8, ptr %out, i64 0
  store i16 %u0, ptr %o0, align 2
  %o1 = getelementptr inbounds i8, ptr %out, i64 2
  store i16 %u1, ptr %o1, align 2
  %o2 = getelementptr inbounds i8, ptr %out, i64 4
  store i16 %u2, ptr %o2, align 2
  %o3 = getelementptr inbounds i8, ptr %out, i64 6
  store i16 %u3, ptr %o3, align 2
  %o4 = getelementptr inbounds i8, ptr %out, i64 8
  store i16 %u4, ptr %o4, align 2
  %o5 = getelementptr inbounds i8, ptr %out, i64 10
  store i16 %u5, ptr %o5, align 2
  %o6 = getelementptr inbounds i8, ptr %out, i64 12
  store i16 %u6, ptr %o6, align 2
  %o7 = getelementptr inbounds i8, ptr %out, i64 14
  store i16 %u7, ptr %o7, align 2
  ret void
}


; A phi also stored in the loop: read outside the tree.
; CHECK-LABEL: @phi_read_in_loop(
; CHECK-NOT:     <8 x i16>
; CHECK:         ret void
; FORCED-LABEL: @phi_read_in_loop(
; FORCED-NOT:    <8 x i16>
; FORCED:        ret void
define void @phi_read_in_loop(ptr noalias %out, ptr noalias %a, i32 %n, ptr %q) {
entry:
  br label %loop
loop:
  %s0 = phi i16 [ 0, %entry ], [ %u0, %loop ]
  %s1 = phi i16 [ 0, %entry ], [ %u1, %loop ]
  %s2 = phi i16 [ 0, %entry ], [ %u2, %loop ]
  %s3 = phi i16 [ 0, %entry ], [ %u3, %loop ]
  %s4 = phi i16 [ 0, %entry ], [ %u4, %loop ]
  %s5 = phi i16 [ 0, %entry ], [ %u5, %loop ]
  %s6 = phi i16 [ 0, %entry ], [ %u6, %loop ]
  %s7 = phi i16 [ 0, %entry ], [ %u7, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %row = phi ptr [ %a, %entry ], [ %next, %loop ]
  %p0 = getelementptr inbounds i8, ptr %row, i64 10
  %x0 = load i16, ptr %p0, align 2
  %m0 = mul i16 %s0, 3
  %u0 = add i16 %m0, %x0
  store i16 %s3, ptr %q, align 2
  %p1 = getelementptr inbounds i8, ptr %row, i64 4
  %x1 = load i16, ptr %p1, align 2
  %m1 = mul i16 %s1, 3
  %u1 = add i16 %m1, %x1
  %p2 = getelementptr inbounds i8, ptr %row, i64 14
  %x2 = load i16, ptr %p2, align 2
  %m2 = mul i16 %s2, 3
  %u2 = add i16 %m2, %x2
  %p3 = getelementptr inbounds i8, ptr %row, i64 0
  %x3 = load i16, ptr %p3, align 2
  %m3 = mul i16 %s3, 3
  %u3 = add i16 %m3, %x3
  %p4 = getelementptr inbounds i8, ptr %row, i64 12
  %x4 = load i16, ptr %p4, align 2
  %m4 = mul i16 %s4, 3
  %u4 = add i16 %m4, %x4
  %p5 = getelementptr inbounds i8, ptr %row, i64 2
  %x5 = load i16, ptr %p5, align 2
  %m5 = mul i16 %s5, 3
  %u5 = add i16 %m5, %x5
  %p6 = getelementptr inbounds i8, ptr %row, i64 8
  %x6 = load i16, ptr %p6, align 2
  %m6 = mul i16 %s6, 3
  %u6 = add i16 %m6, %x6
  %p7 = getelementptr inbounds i8, ptr %row, i64 6
  %x7 = load i16, ptr %p7, align 2
  %m7 = mul i16 %s7, 3
  %u7 = add i16 %m7, %x7
  %next = getelementptr inbounds i8, ptr %row, i64 16
  %i1 = add i32 %i, 1
  %c = icmp eq i32 %i1, %n
  br i1 %c, label %exit, label %loop
exit:
  %o0 = getelementptr inbounds i8, ptr %out, i64 0
  store i16 %u0, ptr %o0, align 2
  %o1 = getelementptr inbounds i8, ptr %out, i64 2
  store i16 %u1, ptr %o1, align 2
  %o2 = getelementptr inbounds i8, ptr %out, i64 4
  store i16 %u2, ptr %o2, align 2
  %o3 = getelementptr inbounds i8, ptr %out, i64 6
  store i16 %u3, ptr %o3, align 2
  %o4 = getelementptr inbounds i8, ptr %out, i64 8
  store i16 %u4, ptr %o4, align 2
  %o5 = getelementptr inbounds i8, ptr %out, i64 10
  store i16 %u5, ptr %o5, align 2
  %o6 = getelementptr inbounds i8, ptr %out, i64 12
  store i16 %u6, ptr %o6, align 2
  %o7 = getelementptr inbounds i8, ptr %out, i64 14
  store i16 %u7, ptr %o7, align 2
  ret void
}


; A store into what the first lane loaded, before the others' loads: the vector load
; (before the terminator) would read it.
; CHECK-LABEL: @store_between(
; CHECK-NOT:     <8 x i16>
; CHECK:         ret void
; FORCED-LABEL: @store_between(
; FORCED-NOT:    <8 x i16>
; FORCED:        ret void
define void @store_between(ptr noalias %out, ptr noalias %a, i32 %n, ptr %q) {
entry:
  br label %loop
loop:
  %s0 = phi i16 [ 0, %entry ], [ %u0, %loop ]
  %s1 = phi i16 [ 0, %entry ], [ %u1, %loop ]
  %s2 = phi i16 [ 0, %entry ], [ %u2, %loop ]
  %s3 = phi i16 [ 0, %entry ], [ %u3, %loop ]
  %s4 = phi i16 [ 0, %entry ], [ %u4, %loop ]
  %s5 = phi i16 [ 0, %entry ], [ %u5, %loop ]
  %s6 = phi i16 [ 0, %entry ], [ %u6, %loop ]
  %s7 = phi i16 [ 0, %entry ], [ %u7, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %row = phi ptr [ %a, %entry ], [ %next, %loop ]
  %p0 = getelementptr inbounds i8, ptr %row, i64 10
  %x0 = load i16, ptr %p0, align 2
  %m0 = mul i16 %s0, 3
  %u0 = add i16 %m0, %x0
  store i16 7, ptr %p0, align 2
  %p1 = getelementptr inbounds i8, ptr %row, i64 4
  %x1 = load i16, ptr %p1, align 2
  %m1 = mul i16 %s1, 3
  %u1 = add i16 %m1, %x1
  %p2 = getelementptr inbounds i8, ptr %row, i64 14
  %x2 = load i16, ptr %p2, align 2
  %m2 = mul i16 %s2, 3
  %u2 = add i16 %m2, %x2
  %p3 = getelementptr inbounds i8, ptr %row, i64 0
  %x3 = load i16, ptr %p3, align 2
  %m3 = mul i16 %s3, 3
  %u3 = add i16 %m3, %x3
  %p4 = getelementptr inbounds i8, ptr %row, i64 12
  %x4 = load i16, ptr %p4, align 2
  %m4 = mul i16 %s4, 3
  %u4 = add i16 %m4, %x4
  %p5 = getelementptr inbounds i8, ptr %row, i64 2
  %x5 = load i16, ptr %p5, align 2
  %m5 = mul i16 %s5, 3
  %u5 = add i16 %m5, %x5
  %p6 = getelementptr inbounds i8, ptr %row, i64 8
  %x6 = load i16, ptr %p6, align 2
  %m6 = mul i16 %s6, 3
  %u6 = add i16 %m6, %x6
  %p7 = getelementptr inbounds i8, ptr %row, i64 6
  %x7 = load i16, ptr %p7, align 2
  %m7 = mul i16 %s7, 3
  %u7 = add i16 %m7, %x7
  %next = getelementptr inbounds i8, ptr %row, i64 16
  %i1 = add i32 %i, 1
  %c = icmp eq i32 %i1, %n
  br i1 %c, label %exit, label %loop
exit:
  %o0 = getelementptr inbounds i8, ptr %out, i64 0
  store i16 %u0, ptr %o0, align 2
  %o1 = getelementptr inbounds i8, ptr %out, i64 2
  store i16 %u1, ptr %o1, align 2
  %o2 = getelementptr inbounds i8, ptr %out, i64 4
  store i16 %u2, ptr %o2, align 2
  %o3 = getelementptr inbounds i8, ptr %out, i64 6
  store i16 %u3, ptr %o3, align 2
  %o4 = getelementptr inbounds i8, ptr %out, i64 8
  store i16 %u4, ptr %o4, align 2
  %o5 = getelementptr inbounds i8, ptr %out, i64 10
  store i16 %u5, ptr %o5, align 2
  %o6 = getelementptr inbounds i8, ptr %out, i64 12
  store i16 %u6, ptr %o6, align 2
  %o7 = getelementptr inbounds i8, ptr %out, i64 14
  store i16 %u7, ptr %o7, align 2
  ret void
}

; The start of a phi from an `invoke` (the entry's terminator, which the start's
; insertions would have to come before): no group, also forced.
; CHECK-LABEL: @invoke_start(
; CHECK-NOT:     <4 x i32>
; CHECK:         ret void
; FORCED-LABEL: @invoke_start(
; FORCED-NOT:    <4 x i32>
; FORCED:        ret void
declare i32 @g()
declare i32 @pers(...)
define void @invoke_start(ptr noalias %out, ptr noalias %a, i32 %n) personality ptr @pers {
entry:
  %v = invoke i32 @g() to label %loop unwind label %lp
loop:
  %s0 = phi i32 [ %v, %entry ], [ %u0, %loop ]
  %s1 = phi i32 [ 1, %entry ], [ %u1, %loop ]
  %s2 = phi i32 [ 2, %entry ], [ %u2, %loop ]
  %s3 = phi i32 [ 3, %entry ], [ %u3, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %x0 = load i32, ptr %a, align 4
  %p1 = getelementptr inbounds i8, ptr %a, i64 4
  %x1 = load i32, ptr %p1, align 4
  %p2 = getelementptr inbounds i8, ptr %a, i64 8
  %x2 = load i32, ptr %p2, align 4
  %p3 = getelementptr inbounds i8, ptr %a, i64 12
  %x3 = load i32, ptr %p3, align 4
  %u0 = add i32 %s0, %x0
  %u1 = add i32 %s1, %x1
  %u2 = add i32 %s2, %x2
  %u3 = add i32 %s3, %x3
  %i1 = add i32 %i, 1
  %c = icmp eq i32 %i1, %n
  br i1 %c, label %exit, label %loop
exit:
  store i32 %u0, ptr %out
  %o1 = getelementptr inbounds i8, ptr %out, i64 4
  store i32 %u1, ptr %o1
  %o2 = getelementptr inbounds i8, ptr %out, i64 8
  store i32 %u2, ptr %o2
  %o3 = getelementptr inbounds i8, ptr %out, i64 12
  store i32 %u3, ptr %o3
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
}

; An operation of the tree stored before the vector code's place: its scalar could not
; be read from its lane, and the group's phis go with the tree, so the group stays
; scalar even forced (forced, it went, and the stored scalars read phis whose value
; round the loop was gone).
; CHECK-LABEL: @stored_before(
; CHECK-NOT:     <4 x i32>
; CHECK:         ret void
; FORCED-LABEL: @stored_before(
; FORCED-NOT:    phi <4 x i32>
; FORCED:        ret void
define void @stored_before(ptr noalias %out, ptr noalias %a, ptr noalias %q, i32 %n) {
entry:
  br label %loop
loop:
  %s0 = phi i32 [ 10, %entry ], [ %u0, %loop ]
  %s1 = phi i32 [ 11, %entry ], [ %u1, %loop ]
  %s2 = phi i32 [ 12, %entry ], [ %u2, %loop ]
  %s3 = phi i32 [ 13, %entry ], [ %u3, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %m0 = mul i32 %s0, 3
  %m1 = mul i32 %s1, 3
  %m2 = mul i32 %s2, 3
  %m3 = mul i32 %s3, 3
  store i32 %m0, ptr %q, align 4
  %x0 = load i32, ptr %a, align 4
  %p1 = getelementptr inbounds i8, ptr %a, i64 4
  %x1 = load i32, ptr %p1, align 4
  %p2 = getelementptr inbounds i8, ptr %a, i64 8
  %x2 = load i32, ptr %p2, align 4
  %p3 = getelementptr inbounds i8, ptr %a, i64 12
  %x3 = load i32, ptr %p3, align 4
  %u0 = add i32 %m0, %x0
  %u1 = add i32 %m1, %x1
  %u2 = add i32 %m2, %x2
  %u3 = add i32 %m3, %x3
  %i1 = add i32 %i, 1
  %c = icmp eq i32 %i1, %n
  br i1 %c, label %exit, label %loop
exit:
  store i32 %u0, ptr %out
  %o1 = getelementptr inbounds i8, ptr %out, i64 4
  store i32 %u1, ptr %o1
  %o2 = getelementptr inbounds i8, ptr %out, i64 8
  store i32 %u2, ptr %o2
  %o3 = getelementptr inbounds i8, ptr %out, i64 12
  store i32 %u3, ptr %o3
  ret void
}

; Two groups of one block (i16 and float accumulators): both taken, their vector code
; before the one terminator (the second was left when the terminator counted as
; touched by the first).
; CHECK-LABEL: @two_groups(
; CHECK-DAG:     phi <8 x i16>
; CHECK-DAG:     phi <8 x float>
; CHECK:         ret void
define void @two_groups(ptr noalias %out, ptr noalias %a, i32 %n, ptr %q) {
entry:
  br label %loop
loop:
  %s0 = phi i16 [ 0, %entry ], [ %u0, %loop ]
  %fs0 = phi float [ 0.0, %entry ], [ %fu0, %loop ]
  %s1 = phi i16 [ 0, %entry ], [ %u1, %loop ]
  %fs1 = phi float [ 0.0, %entry ], [ %fu1, %loop ]
  %s2 = phi i16 [ 0, %entry ], [ %u2, %loop ]
  %fs2 = phi float [ 0.0, %entry ], [ %fu2, %loop ]
  %s3 = phi i16 [ 0, %entry ], [ %u3, %loop ]
  %fs3 = phi float [ 0.0, %entry ], [ %fu3, %loop ]
  %s4 = phi i16 [ 0, %entry ], [ %u4, %loop ]
  %fs4 = phi float [ 0.0, %entry ], [ %fu4, %loop ]
  %s5 = phi i16 [ 0, %entry ], [ %u5, %loop ]
  %fs5 = phi float [ 0.0, %entry ], [ %fu5, %loop ]
  %s6 = phi i16 [ 0, %entry ], [ %u6, %loop ]
  %fs6 = phi float [ 0.0, %entry ], [ %fu6, %loop ]
  %s7 = phi i16 [ 0, %entry ], [ %u7, %loop ]
  %fs7 = phi float [ 0.0, %entry ], [ %fu7, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %row = phi ptr [ %a, %entry ], [ %next, %loop ]
  %p0 = getelementptr inbounds i8, ptr %row, i64 10
  %x0 = load i16, ptr %p0, align 2
  %m0 = mul i16 %s0, 3
  %u0 = add i16 %m0, %x0
  %fp0 = getelementptr inbounds i8, ptr %row, i64 64
  %fx0 = load float, ptr %fp0, align 4
  %fu0 = fadd float %fs0, %fx0
  %p1 = getelementptr inbounds i8, ptr %row, i64 4
  %x1 = load i16, ptr %p1, align 2
  %m1 = mul i16 %s1, 3
  %u1 = add i16 %m1, %x1
  %fp1 = getelementptr inbounds i8, ptr %row, i64 68
  %fx1 = load float, ptr %fp1, align 4
  %fu1 = fadd float %fs1, %fx1
  %p2 = getelementptr inbounds i8, ptr %row, i64 14
  %x2 = load i16, ptr %p2, align 2
  %m2 = mul i16 %s2, 3
  %u2 = add i16 %m2, %x2
  %fp2 = getelementptr inbounds i8, ptr %row, i64 72
  %fx2 = load float, ptr %fp2, align 4
  %fu2 = fadd float %fs2, %fx2
  %p3 = getelementptr inbounds i8, ptr %row, i64 0
  %x3 = load i16, ptr %p3, align 2
  %m3 = mul i16 %s3, 3
  %u3 = add i16 %m3, %x3
  %fp3 = getelementptr inbounds i8, ptr %row, i64 76
  %fx3 = load float, ptr %fp3, align 4
  %fu3 = fadd float %fs3, %fx3
  %p4 = getelementptr inbounds i8, ptr %row, i64 12
  %x4 = load i16, ptr %p4, align 2
  %m4 = mul i16 %s4, 3
  %u4 = add i16 %m4, %x4
  %fp4 = getelementptr inbounds i8, ptr %row, i64 80
  %fx4 = load float, ptr %fp4, align 4
  %fu4 = fadd float %fs4, %fx4
  %p5 = getelementptr inbounds i8, ptr %row, i64 2
  %x5 = load i16, ptr %p5, align 2
  %m5 = mul i16 %s5, 3
  %u5 = add i16 %m5, %x5
  %fp5 = getelementptr inbounds i8, ptr %row, i64 84
  %fx5 = load float, ptr %fp5, align 4
  %fu5 = fadd float %fs5, %fx5
  %p6 = getelementptr inbounds i8, ptr %row, i64 8
  %x6 = load i16, ptr %p6, align 2
  %m6 = mul i16 %s6, 3
  %u6 = add i16 %m6, %x6
  %fp6 = getelementptr inbounds i8, ptr %row, i64 88
  %fx6 = load float, ptr %fp6, align 4
  %fu6 = fadd float %fs6, %fx6
  %p7 = getelementptr inbounds i8, ptr %row, i64 6
  %x7 = load i16, ptr %p7, align 2
  %m7 = mul i16 %s7, 3
  %u7 = add i16 %m7, %x7
  %fp7 = getelementptr inbounds i8, ptr %row, i64 92
  %fx7 = load float, ptr %fp7, align 4
  %fu7 = fadd float %fs7, %fx7
  %next = getelementptr inbounds i8, ptr %row, i64 16
  %i1 = add i32 %i, 1
  %c = icmp eq i32 %i1, %n
  br i1 %c, label %exit, label %loop
exit:
  %o0 = getelementptr inbounds i8, ptr %out, i64 0
  store i16 %u0, ptr %o0, align 2
  %fo0 = getelementptr inbounds i8, ptr %out, i64 64
  store float %fu0, ptr %fo0
  %o1 = getelementptr inbounds i8, ptr %out, i64 2
  store i16 %u1, ptr %o1, align 2
  %fo1 = getelementptr inbounds i8, ptr %out, i64 68
  store float %fu1, ptr %fo1
  %o2 = getelementptr inbounds i8, ptr %out, i64 4
  store i16 %u2, ptr %o2, align 2
  %fo2 = getelementptr inbounds i8, ptr %out, i64 72
  store float %fu2, ptr %fo2
  %o3 = getelementptr inbounds i8, ptr %out, i64 6
  store i16 %u3, ptr %o3, align 2
  %fo3 = getelementptr inbounds i8, ptr %out, i64 76
  store float %fu3, ptr %fo3
  %o4 = getelementptr inbounds i8, ptr %out, i64 8
  store i16 %u4, ptr %o4, align 2
  %fo4 = getelementptr inbounds i8, ptr %out, i64 80
  store float %fu4, ptr %fo4
  %o5 = getelementptr inbounds i8, ptr %out, i64 10
  store i16 %u5, ptr %o5, align 2
  %fo5 = getelementptr inbounds i8, ptr %out, i64 84
  store float %fu5, ptr %fo5
  %o6 = getelementptr inbounds i8, ptr %out, i64 12
  store i16 %u6, ptr %o6, align 2
  %fo6 = getelementptr inbounds i8, ptr %out, i64 88
  store float %fu6, ptr %fo6
  %o7 = getelementptr inbounds i8, ptr %out, i64 14
  store i16 %u7, ptr %o7, align 2
  %fo7 = getelementptr inbounds i8, ptr %out, i64 92
  store float %fu7, ptr %fo7
  ret void
}

; A call in the loop (one that writes nothing and returns, so only this keeps the
; group): the vector phi would be spilled across it (which no measurement sees), so the
; group stays scalar, also forced.
; CHECK-LABEL: @call_in_loop(
; CHECK-NOT:     <8 x i16>
; CHECK:         ret void
; FORCED-LABEL: @call_in_loop(
; FORCED-NOT:    <8 x i16>
; FORCED:        ret void
declare void @pure() memory(none) nounwind willreturn
define void @call_in_loop(ptr noalias %out, ptr noalias %a, i32 %n, ptr %q) {
entry:
  br label %loop
loop:
  %s0 = phi i16 [ 0, %entry ], [ %u0, %loop ]
  %s1 = phi i16 [ 0, %entry ], [ %u1, %loop ]
  %s2 = phi i16 [ 0, %entry ], [ %u2, %loop ]
  %s3 = phi i16 [ 0, %entry ], [ %u3, %loop ]
  %s4 = phi i16 [ 0, %entry ], [ %u4, %loop ]
  %s5 = phi i16 [ 0, %entry ], [ %u5, %loop ]
  %s6 = phi i16 [ 0, %entry ], [ %u6, %loop ]
  %s7 = phi i16 [ 0, %entry ], [ %u7, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %row = phi ptr [ %a, %entry ], [ %next, %loop ]
  %p0 = getelementptr inbounds i8, ptr %row, i64 10
  %x0 = load i16, ptr %p0, align 2
  %m0 = mul i16 %s0, 3
  %u0 = add i16 %m0, %x0
  call void @pure()
  %p1 = getelementptr inbounds i8, ptr %row, i64 4
  %x1 = load i16, ptr %p1, align 2
  %m1 = mul i16 %s1, 3
  %u1 = add i16 %m1, %x1
  %p2 = getelementptr inbounds i8, ptr %row, i64 14
  %x2 = load i16, ptr %p2, align 2
  %m2 = mul i16 %s2, 3
  %u2 = add i16 %m2, %x2
  %p3 = getelementptr inbounds i8, ptr %row, i64 0
  %x3 = load i16, ptr %p3, align 2
  %m3 = mul i16 %s3, 3
  %u3 = add i16 %m3, %x3
  %p4 = getelementptr inbounds i8, ptr %row, i64 12
  %x4 = load i16, ptr %p4, align 2
  %m4 = mul i16 %s4, 3
  %u4 = add i16 %m4, %x4
  %p5 = getelementptr inbounds i8, ptr %row, i64 2
  %x5 = load i16, ptr %p5, align 2
  %m5 = mul i16 %s5, 3
  %u5 = add i16 %m5, %x5
  %p6 = getelementptr inbounds i8, ptr %row, i64 8
  %x6 = load i16, ptr %p6, align 2
  %m6 = mul i16 %s6, 3
  %u6 = add i16 %m6, %x6
  %p7 = getelementptr inbounds i8, ptr %row, i64 6
  %x7 = load i16, ptr %p7, align 2
  %m7 = mul i16 %s7, 3
  %u7 = add i16 %m7, %x7
  %next = getelementptr inbounds i8, ptr %row, i64 16
  %i1 = add i32 %i, 1
  %c = icmp eq i32 %i1, %n
  br i1 %c, label %exit, label %loop
exit:
  %o0 = getelementptr inbounds i8, ptr %out, i64 0
  store i16 %u0, ptr %o0, align 2
  %o1 = getelementptr inbounds i8, ptr %out, i64 2
  store i16 %u1, ptr %o1, align 2
  %o2 = getelementptr inbounds i8, ptr %out, i64 4
  store i16 %u2, ptr %o2, align 2
  %o3 = getelementptr inbounds i8, ptr %out, i64 6
  store i16 %u3, ptr %o3, align 2
  %o4 = getelementptr inbounds i8, ptr %out, i64 8
  store i16 %u4, ptr %o4, align 2
  %o5 = getelementptr inbounds i8, ptr %out, i64 10
  store i16 %u5, ptr %o5, align 2
  %o6 = getelementptr inbounds i8, ptr %out, i64 12
  store i16 %u6, ptr %o6, align 2
  %o7 = getelementptr inbounds i8, ptr %out, i64 14
  store i16 %u7, ptr %o7, align 2
  ret void
}
