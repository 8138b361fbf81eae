; In a loop, a measurement's cycles are llvm-mca's simulation of its block run as a
; loop, never fewer than the scheduling model's bound (the busiest port): the
; simulation also sees latencies the reorder buffer cannot hide. x86-64-v4, n groups
; of two <2 x float> shuffles (deinterleaves) of two loads each, stored: each group
; widened into one 4-lane shuffle, measured with the block's other groups. With 24
; groups the widened block is 140 instructions against 170 in 100 cycles and is taken
; (the loop: 105 -> 70 cycles an iteration by llvm-mca). With 32 it spills: bound 80
; cycles, simulated 131, against the original's 119, and it is kept (taken by the
; bound, the loop went 119 -> 131).
; A register the block reads before it writes it is loop-invariant in the simulation:
; the `vpermw` that deinterleaves a load's 16 x i16 takes its index from a register
; (its load hoisted) and writes its result over it, which would otherwise chain each
; iteration to the last (13 cycles an iteration where the loop takes 2).
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v4 -passes=shuffle-lib -pass-remarks=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | FileCheck %s
; CHECK: remark: {{.*}}network: 2 <8 x i16> shuffles (llc 4 in 4.00 cycles) became one 16-lane shuffle of their sources side by side (llc 2 in 2.00 cycles)
; CHECK: remark: {{.*}}network: 2 <2 x float> shuffles (measured with 23 other groups of the block) (llc 170 in 100.00 cycles) became one 4-lane shuffle of their sources side by side (llc 140 in {{[0-9.]+}} cycles)
; CHECK: remark: {{.*}}network: kept the 2 <2 x float> shuffles (measured with 31 other groups of the block): as one 4-lane shuffle llc 200 in {{1[2-9][0-9]|[2-9][0-9][0-9]}}.{{[0-9]+}} cycles, no faster than the original (llc 244 in 119.00 cycles)
; CHECK-NOT: became
define void @index_in_register(ptr %dst, ptr %src, i64 %n) {
entry:
  %c0 = icmp sgt i64 %n, 0
  br i1 %c0, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %so = mul i64 %i, 32
  %do = mul i64 %i, 32
  %s = getelementptr i8, ptr %src, i64 %so
  %d = getelementptr i8, ptr %dst, i64 %do
  %v = load <16 x i16>, ptr %s, align 1
  %x0 = shufflevector <16 x i16> %v, <16 x i16> poison, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
  %x1 = shufflevector <16 x i16> %v, <16 x i16> poison, <8 x i32> <i32 1, i32 3, i32 5, i32 7, i32 9, i32 11, i32 13, i32 15>
  %q0 = getelementptr i8, ptr %d, i64 0
  store <8 x i16> %x0, ptr %q0, align 1
  %q1 = getelementptr i8, ptr %d, i64 16
  store <8 x i16> %x1, ptr %q1, align 1
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp slt i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define void @fits_24(ptr %dst, ptr %src, i64 %n) {
entry:
  %c0 = icmp sgt i64 %n, 0
  br i1 %c0, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %so = mul i64 %i, 384
  %s = getelementptr i8, ptr %src, i64 %so
  %d = getelementptr i8, ptr %dst, i64 %so
  %p0 = getelementptr i8, ptr %s, i64 0
  %r0 = load <2 x float>, ptr %p0, align 1
  %p1 = getelementptr i8, ptr %s, i64 8
  %r1 = load <2 x float>, ptr %p1, align 1
  %p2 = getelementptr i8, ptr %s, i64 16
  %r2 = load <2 x float>, ptr %p2, align 1
  %p3 = getelementptr i8, ptr %s, i64 24
  %r3 = load <2 x float>, ptr %p3, align 1
  %p4 = getelementptr i8, ptr %s, i64 32
  %r4 = load <2 x float>, ptr %p4, align 1
  %p5 = getelementptr i8, ptr %s, i64 40
  %r5 = load <2 x float>, ptr %p5, align 1
  %p6 = getelementptr i8, ptr %s, i64 48
  %r6 = load <2 x float>, ptr %p6, align 1
  %p7 = getelementptr i8, ptr %s, i64 56
  %r7 = load <2 x float>, ptr %p7, align 1
  %p8 = getelementptr i8, ptr %s, i64 64
  %r8 = load <2 x float>, ptr %p8, align 1
  %p9 = getelementptr i8, ptr %s, i64 72
  %r9 = load <2 x float>, ptr %p9, align 1
  %p10 = getelementptr i8, ptr %s, i64 80
  %r10 = load <2 x float>, ptr %p10, align 1
  %p11 = getelementptr i8, ptr %s, i64 88
  %r11 = load <2 x float>, ptr %p11, align 1
  %p12 = getelementptr i8, ptr %s, i64 96
  %r12 = load <2 x float>, ptr %p12, align 1
  %p13 = getelementptr i8, ptr %s, i64 104
  %r13 = load <2 x float>, ptr %p13, align 1
  %p14 = getelementptr i8, ptr %s, i64 112
  %r14 = load <2 x float>, ptr %p14, align 1
  %p15 = getelementptr i8, ptr %s, i64 120
  %r15 = load <2 x float>, ptr %p15, align 1
  %p16 = getelementptr i8, ptr %s, i64 128
  %r16 = load <2 x float>, ptr %p16, align 1
  %p17 = getelementptr i8, ptr %s, i64 136
  %r17 = load <2 x float>, ptr %p17, align 1
  %p18 = getelementptr i8, ptr %s, i64 144
  %r18 = load <2 x float>, ptr %p18, align 1
  %p19 = getelementptr i8, ptr %s, i64 152
  %r19 = load <2 x float>, ptr %p19, align 1
  %p20 = getelementptr i8, ptr %s, i64 160
  %r20 = load <2 x float>, ptr %p20, align 1
  %p21 = getelementptr i8, ptr %s, i64 168
  %r21 = load <2 x float>, ptr %p21, align 1
  %p22 = getelementptr i8, ptr %s, i64 176
  %r22 = load <2 x float>, ptr %p22, align 1
  %p23 = getelementptr i8, ptr %s, i64 184
  %r23 = load <2 x float>, ptr %p23, align 1
  %p24 = getelementptr i8, ptr %s, i64 192
  %r24 = load <2 x float>, ptr %p24, align 1
  %p25 = getelementptr i8, ptr %s, i64 200
  %r25 = load <2 x float>, ptr %p25, align 1
  %p26 = getelementptr i8, ptr %s, i64 208
  %r26 = load <2 x float>, ptr %p26, align 1
  %p27 = getelementptr i8, ptr %s, i64 216
  %r27 = load <2 x float>, ptr %p27, align 1
  %p28 = getelementptr i8, ptr %s, i64 224
  %r28 = load <2 x float>, ptr %p28, align 1
  %p29 = getelementptr i8, ptr %s, i64 232
  %r29 = load <2 x float>, ptr %p29, align 1
  %p30 = getelementptr i8, ptr %s, i64 240
  %r30 = load <2 x float>, ptr %p30, align 1
  %p31 = getelementptr i8, ptr %s, i64 248
  %r31 = load <2 x float>, ptr %p31, align 1
  %p32 = getelementptr i8, ptr %s, i64 256
  %r32 = load <2 x float>, ptr %p32, align 1
  %p33 = getelementptr i8, ptr %s, i64 264
  %r33 = load <2 x float>, ptr %p33, align 1
  %p34 = getelementptr i8, ptr %s, i64 272
  %r34 = load <2 x float>, ptr %p34, align 1
  %p35 = getelementptr i8, ptr %s, i64 280
  %r35 = load <2 x float>, ptr %p35, align 1
  %p36 = getelementptr i8, ptr %s, i64 288
  %r36 = load <2 x float>, ptr %p36, align 1
  %p37 = getelementptr i8, ptr %s, i64 296
  %r37 = load <2 x float>, ptr %p37, align 1
  %p38 = getelementptr i8, ptr %s, i64 304
  %r38 = load <2 x float>, ptr %p38, align 1
  %p39 = getelementptr i8, ptr %s, i64 312
  %r39 = load <2 x float>, ptr %p39, align 1
  %p40 = getelementptr i8, ptr %s, i64 320
  %r40 = load <2 x float>, ptr %p40, align 1
  %p41 = getelementptr i8, ptr %s, i64 328
  %r41 = load <2 x float>, ptr %p41, align 1
  %p42 = getelementptr i8, ptr %s, i64 336
  %r42 = load <2 x float>, ptr %p42, align 1
  %p43 = getelementptr i8, ptr %s, i64 344
  %r43 = load <2 x float>, ptr %p43, align 1
  %p44 = getelementptr i8, ptr %s, i64 352
  %r44 = load <2 x float>, ptr %p44, align 1
  %p45 = getelementptr i8, ptr %s, i64 360
  %r45 = load <2 x float>, ptr %p45, align 1
  %p46 = getelementptr i8, ptr %s, i64 368
  %r46 = load <2 x float>, ptr %p46, align 1
  %p47 = getelementptr i8, ptr %s, i64 376
  %r47 = load <2 x float>, ptr %p47, align 1
  %e0 = shufflevector <2 x float> %r0, <2 x float> %r1, <2 x i32> <i32 0, i32 2>
  %o0 = shufflevector <2 x float> %r0, <2 x float> %r1, <2 x i32> <i32 1, i32 3>
  %e1 = shufflevector <2 x float> %r2, <2 x float> %r3, <2 x i32> <i32 0, i32 2>
  %o1 = shufflevector <2 x float> %r2, <2 x float> %r3, <2 x i32> <i32 1, i32 3>
  %e2 = shufflevector <2 x float> %r4, <2 x float> %r5, <2 x i32> <i32 0, i32 2>
  %o2 = shufflevector <2 x float> %r4, <2 x float> %r5, <2 x i32> <i32 1, i32 3>
  %e3 = shufflevector <2 x float> %r6, <2 x float> %r7, <2 x i32> <i32 0, i32 2>
  %o3 = shufflevector <2 x float> %r6, <2 x float> %r7, <2 x i32> <i32 1, i32 3>
  %e4 = shufflevector <2 x float> %r8, <2 x float> %r9, <2 x i32> <i32 0, i32 2>
  %o4 = shufflevector <2 x float> %r8, <2 x float> %r9, <2 x i32> <i32 1, i32 3>
  %e5 = shufflevector <2 x float> %r10, <2 x float> %r11, <2 x i32> <i32 0, i32 2>
  %o5 = shufflevector <2 x float> %r10, <2 x float> %r11, <2 x i32> <i32 1, i32 3>
  %e6 = shufflevector <2 x float> %r12, <2 x float> %r13, <2 x i32> <i32 0, i32 2>
  %o6 = shufflevector <2 x float> %r12, <2 x float> %r13, <2 x i32> <i32 1, i32 3>
  %e7 = shufflevector <2 x float> %r14, <2 x float> %r15, <2 x i32> <i32 0, i32 2>
  %o7 = shufflevector <2 x float> %r14, <2 x float> %r15, <2 x i32> <i32 1, i32 3>
  %e8 = shufflevector <2 x float> %r16, <2 x float> %r17, <2 x i32> <i32 0, i32 2>
  %o8 = shufflevector <2 x float> %r16, <2 x float> %r17, <2 x i32> <i32 1, i32 3>
  %e9 = shufflevector <2 x float> %r18, <2 x float> %r19, <2 x i32> <i32 0, i32 2>
  %o9 = shufflevector <2 x float> %r18, <2 x float> %r19, <2 x i32> <i32 1, i32 3>
  %e10 = shufflevector <2 x float> %r20, <2 x float> %r21, <2 x i32> <i32 0, i32 2>
  %o10 = shufflevector <2 x float> %r20, <2 x float> %r21, <2 x i32> <i32 1, i32 3>
  %e11 = shufflevector <2 x float> %r22, <2 x float> %r23, <2 x i32> <i32 0, i32 2>
  %o11 = shufflevector <2 x float> %r22, <2 x float> %r23, <2 x i32> <i32 1, i32 3>
  %e12 = shufflevector <2 x float> %r24, <2 x float> %r25, <2 x i32> <i32 0, i32 2>
  %o12 = shufflevector <2 x float> %r24, <2 x float> %r25, <2 x i32> <i32 1, i32 3>
  %e13 = shufflevector <2 x float> %r26, <2 x float> %r27, <2 x i32> <i32 0, i32 2>
  %o13 = shufflevector <2 x float> %r26, <2 x float> %r27, <2 x i32> <i32 1, i32 3>
  %e14 = shufflevector <2 x float> %r28, <2 x float> %r29, <2 x i32> <i32 0, i32 2>
  %o14 = shufflevector <2 x float> %r28, <2 x float> %r29, <2 x i32> <i32 1, i32 3>
  %e15 = shufflevector <2 x float> %r30, <2 x float> %r31, <2 x i32> <i32 0, i32 2>
  %o15 = shufflevector <2 x float> %r30, <2 x float> %r31, <2 x i32> <i32 1, i32 3>
  %e16 = shufflevector <2 x float> %r32, <2 x float> %r33, <2 x i32> <i32 0, i32 2>
  %o16 = shufflevector <2 x float> %r32, <2 x float> %r33, <2 x i32> <i32 1, i32 3>
  %e17 = shufflevector <2 x float> %r34, <2 x float> %r35, <2 x i32> <i32 0, i32 2>
  %o17 = shufflevector <2 x float> %r34, <2 x float> %r35, <2 x i32> <i32 1, i32 3>
  %e18 = shufflevector <2 x float> %r36, <2 x float> %r37, <2 x i32> <i32 0, i32 2>
  %o18 = shufflevector <2 x float> %r36, <2 x float> %r37, <2 x i32> <i32 1, i32 3>
  %e19 = shufflevector <2 x float> %r38, <2 x float> %r39, <2 x i32> <i32 0, i32 2>
  %o19 = shufflevector <2 x float> %r38, <2 x float> %r39, <2 x i32> <i32 1, i32 3>
  %e20 = shufflevector <2 x float> %r40, <2 x float> %r41, <2 x i32> <i32 0, i32 2>
  %o20 = shufflevector <2 x float> %r40, <2 x float> %r41, <2 x i32> <i32 1, i32 3>
  %e21 = shufflevector <2 x float> %r42, <2 x float> %r43, <2 x i32> <i32 0, i32 2>
  %o21 = shufflevector <2 x float> %r42, <2 x float> %r43, <2 x i32> <i32 1, i32 3>
  %e22 = shufflevector <2 x float> %r44, <2 x float> %r45, <2 x i32> <i32 0, i32 2>
  %o22 = shufflevector <2 x float> %r44, <2 x float> %r45, <2 x i32> <i32 1, i32 3>
  %e23 = shufflevector <2 x float> %r46, <2 x float> %r47, <2 x i32> <i32 0, i32 2>
  %o23 = shufflevector <2 x float> %r46, <2 x float> %r47, <2 x i32> <i32 1, i32 3>
  %q0 = getelementptr i8, ptr %d, i64 0
  store <2 x float> %e0, ptr %q0, align 1
  %q1 = getelementptr i8, ptr %d, i64 8
  store <2 x float> %o0, ptr %q1, align 1
  %q2 = getelementptr i8, ptr %d, i64 16
  store <2 x float> %e1, ptr %q2, align 1
  %q3 = getelementptr i8, ptr %d, i64 24
  store <2 x float> %o1, ptr %q3, align 1
  %q4 = getelementptr i8, ptr %d, i64 32
  store <2 x float> %e2, ptr %q4, align 1
  %q5 = getelementptr i8, ptr %d, i64 40
  store <2 x float> %o2, ptr %q5, align 1
  %q6 = getelementptr i8, ptr %d, i64 48
  store <2 x float> %e3, ptr %q6, align 1
  %q7 = getelementptr i8, ptr %d, i64 56
  store <2 x float> %o3, ptr %q7, align 1
  %q8 = getelementptr i8, ptr %d, i64 64
  store <2 x float> %e4, ptr %q8, align 1
  %q9 = getelementptr i8, ptr %d, i64 72
  store <2 x float> %o4, ptr %q9, align 1
  %q10 = getelementptr i8, ptr %d, i64 80
  store <2 x float> %e5, ptr %q10, align 1
  %q11 = getelementptr i8, ptr %d, i64 88
  store <2 x float> %o5, ptr %q11, align 1
  %q12 = getelementptr i8, ptr %d, i64 96
  store <2 x float> %e6, ptr %q12, align 1
  %q13 = getelementptr i8, ptr %d, i64 104
  store <2 x float> %o6, ptr %q13, align 1
  %q14 = getelementptr i8, ptr %d, i64 112
  store <2 x float> %e7, ptr %q14, align 1
  %q15 = getelementptr i8, ptr %d, i64 120
  store <2 x float> %o7, ptr %q15, align 1
  %q16 = getelementptr i8, ptr %d, i64 128
  store <2 x float> %e8, ptr %q16, align 1
  %q17 = getelementptr i8, ptr %d, i64 136
  store <2 x float> %o8, ptr %q17, align 1
  %q18 = getelementptr i8, ptr %d, i64 144
  store <2 x float> %e9, ptr %q18, align 1
  %q19 = getelementptr i8, ptr %d, i64 152
  store <2 x float> %o9, ptr %q19, align 1
  %q20 = getelementptr i8, ptr %d, i64 160
  store <2 x float> %e10, ptr %q20, align 1
  %q21 = getelementptr i8, ptr %d, i64 168
  store <2 x float> %o10, ptr %q21, align 1
  %q22 = getelementptr i8, ptr %d, i64 176
  store <2 x float> %e11, ptr %q22, align 1
  %q23 = getelementptr i8, ptr %d, i64 184
  store <2 x float> %o11, ptr %q23, align 1
  %q24 = getelementptr i8, ptr %d, i64 192
  store <2 x float> %e12, ptr %q24, align 1
  %q25 = getelementptr i8, ptr %d, i64 200
  store <2 x float> %o12, ptr %q25, align 1
  %q26 = getelementptr i8, ptr %d, i64 208
  store <2 x float> %e13, ptr %q26, align 1
  %q27 = getelementptr i8, ptr %d, i64 216
  store <2 x float> %o13, ptr %q27, align 1
  %q28 = getelementptr i8, ptr %d, i64 224
  store <2 x float> %e14, ptr %q28, align 1
  %q29 = getelementptr i8, ptr %d, i64 232
  store <2 x float> %o14, ptr %q29, align 1
  %q30 = getelementptr i8, ptr %d, i64 240
  store <2 x float> %e15, ptr %q30, align 1
  %q31 = getelementptr i8, ptr %d, i64 248
  store <2 x float> %o15, ptr %q31, align 1
  %q32 = getelementptr i8, ptr %d, i64 256
  store <2 x float> %e16, ptr %q32, align 1
  %q33 = getelementptr i8, ptr %d, i64 264
  store <2 x float> %o16, ptr %q33, align 1
  %q34 = getelementptr i8, ptr %d, i64 272
  store <2 x float> %e17, ptr %q34, align 1
  %q35 = getelementptr i8, ptr %d, i64 280
  store <2 x float> %o17, ptr %q35, align 1
  %q36 = getelementptr i8, ptr %d, i64 288
  store <2 x float> %e18, ptr %q36, align 1
  %q37 = getelementptr i8, ptr %d, i64 296
  store <2 x float> %o18, ptr %q37, align 1
  %q38 = getelementptr i8, ptr %d, i64 304
  store <2 x float> %e19, ptr %q38, align 1
  %q39 = getelementptr i8, ptr %d, i64 312
  store <2 x float> %o19, ptr %q39, align 1
  %q40 = getelementptr i8, ptr %d, i64 320
  store <2 x float> %e20, ptr %q40, align 1
  %q41 = getelementptr i8, ptr %d, i64 328
  store <2 x float> %o20, ptr %q41, align 1
  %q42 = getelementptr i8, ptr %d, i64 336
  store <2 x float> %e21, ptr %q42, align 1
  %q43 = getelementptr i8, ptr %d, i64 344
  store <2 x float> %o21, ptr %q43, align 1
  %q44 = getelementptr i8, ptr %d, i64 352
  store <2 x float> %e22, ptr %q44, align 1
  %q45 = getelementptr i8, ptr %d, i64 360
  store <2 x float> %o22, ptr %q45, align 1
  %q46 = getelementptr i8, ptr %d, i64 368
  store <2 x float> %e23, ptr %q46, align 1
  %q47 = getelementptr i8, ptr %d, i64 376
  store <2 x float> %o23, ptr %q47, align 1
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp slt i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define void @spills_32(ptr %dst, ptr %src, i64 %n) {
entry:
  %c0 = icmp sgt i64 %n, 0
  br i1 %c0, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %so = mul i64 %i, 512
  %s = getelementptr i8, ptr %src, i64 %so
  %d = getelementptr i8, ptr %dst, i64 %so
  %p0 = getelementptr i8, ptr %s, i64 0
  %r0 = load <2 x float>, ptr %p0, align 1
  %p1 = getelementptr i8, ptr %s, i64 8
  %r1 = load <2 x float>, ptr %p1, align 1
  %p2 = getelementptr i8, ptr %s, i64 16
  %r2 = load <2 x float>, ptr %p2, align 1
  %p3 = getelementptr i8, ptr %s, i64 24
  %r3 = load <2 x float>, ptr %p3, align 1
  %p4 = getelementptr i8, ptr %s, i64 32
  %r4 = load <2 x float>, ptr %p4, align 1
  %p5 = getelementptr i8, ptr %s, i64 40
  %r5 = load <2 x float>, ptr %p5, align 1
  %p6 = getelementptr i8, ptr %s, i64 48
  %r6 = load <2 x float>, ptr %p6, align 1
  %p7 = getelementptr i8, ptr %s, i64 56
  %r7 = load <2 x float>, ptr %p7, align 1
  %p8 = getelementptr i8, ptr %s, i64 64
  %r8 = load <2 x float>, ptr %p8, align 1
  %p9 = getelementptr i8, ptr %s, i64 72
  %r9 = load <2 x float>, ptr %p9, align 1
  %p10 = getelementptr i8, ptr %s, i64 80
  %r10 = load <2 x float>, ptr %p10, align 1
  %p11 = getelementptr i8, ptr %s, i64 88
  %r11 = load <2 x float>, ptr %p11, align 1
  %p12 = getelementptr i8, ptr %s, i64 96
  %r12 = load <2 x float>, ptr %p12, align 1
  %p13 = getelementptr i8, ptr %s, i64 104
  %r13 = load <2 x float>, ptr %p13, align 1
  %p14 = getelementptr i8, ptr %s, i64 112
  %r14 = load <2 x float>, ptr %p14, align 1
  %p15 = getelementptr i8, ptr %s, i64 120
  %r15 = load <2 x float>, ptr %p15, align 1
  %p16 = getelementptr i8, ptr %s, i64 128
  %r16 = load <2 x float>, ptr %p16, align 1
  %p17 = getelementptr i8, ptr %s, i64 136
  %r17 = load <2 x float>, ptr %p17, align 1
  %p18 = getelementptr i8, ptr %s, i64 144
  %r18 = load <2 x float>, ptr %p18, align 1
  %p19 = getelementptr i8, ptr %s, i64 152
  %r19 = load <2 x float>, ptr %p19, align 1
  %p20 = getelementptr i8, ptr %s, i64 160
  %r20 = load <2 x float>, ptr %p20, align 1
  %p21 = getelementptr i8, ptr %s, i64 168
  %r21 = load <2 x float>, ptr %p21, align 1
  %p22 = getelementptr i8, ptr %s, i64 176
  %r22 = load <2 x float>, ptr %p22, align 1
  %p23 = getelementptr i8, ptr %s, i64 184
  %r23 = load <2 x float>, ptr %p23, align 1
  %p24 = getelementptr i8, ptr %s, i64 192
  %r24 = load <2 x float>, ptr %p24, align 1
  %p25 = getelementptr i8, ptr %s, i64 200
  %r25 = load <2 x float>, ptr %p25, align 1
  %p26 = getelementptr i8, ptr %s, i64 208
  %r26 = load <2 x float>, ptr %p26, align 1
  %p27 = getelementptr i8, ptr %s, i64 216
  %r27 = load <2 x float>, ptr %p27, align 1
  %p28 = getelementptr i8, ptr %s, i64 224
  %r28 = load <2 x float>, ptr %p28, align 1
  %p29 = getelementptr i8, ptr %s, i64 232
  %r29 = load <2 x float>, ptr %p29, align 1
  %p30 = getelementptr i8, ptr %s, i64 240
  %r30 = load <2 x float>, ptr %p30, align 1
  %p31 = getelementptr i8, ptr %s, i64 248
  %r31 = load <2 x float>, ptr %p31, align 1
  %p32 = getelementptr i8, ptr %s, i64 256
  %r32 = load <2 x float>, ptr %p32, align 1
  %p33 = getelementptr i8, ptr %s, i64 264
  %r33 = load <2 x float>, ptr %p33, align 1
  %p34 = getelementptr i8, ptr %s, i64 272
  %r34 = load <2 x float>, ptr %p34, align 1
  %p35 = getelementptr i8, ptr %s, i64 280
  %r35 = load <2 x float>, ptr %p35, align 1
  %p36 = getelementptr i8, ptr %s, i64 288
  %r36 = load <2 x float>, ptr %p36, align 1
  %p37 = getelementptr i8, ptr %s, i64 296
  %r37 = load <2 x float>, ptr %p37, align 1
  %p38 = getelementptr i8, ptr %s, i64 304
  %r38 = load <2 x float>, ptr %p38, align 1
  %p39 = getelementptr i8, ptr %s, i64 312
  %r39 = load <2 x float>, ptr %p39, align 1
  %p40 = getelementptr i8, ptr %s, i64 320
  %r40 = load <2 x float>, ptr %p40, align 1
  %p41 = getelementptr i8, ptr %s, i64 328
  %r41 = load <2 x float>, ptr %p41, align 1
  %p42 = getelementptr i8, ptr %s, i64 336
  %r42 = load <2 x float>, ptr %p42, align 1
  %p43 = getelementptr i8, ptr %s, i64 344
  %r43 = load <2 x float>, ptr %p43, align 1
  %p44 = getelementptr i8, ptr %s, i64 352
  %r44 = load <2 x float>, ptr %p44, align 1
  %p45 = getelementptr i8, ptr %s, i64 360
  %r45 = load <2 x float>, ptr %p45, align 1
  %p46 = getelementptr i8, ptr %s, i64 368
  %r46 = load <2 x float>, ptr %p46, align 1
  %p47 = getelementptr i8, ptr %s, i64 376
  %r47 = load <2 x float>, ptr %p47, align 1
  %p48 = getelementptr i8, ptr %s, i64 384
  %r48 = load <2 x float>, ptr %p48, align 1
  %p49 = getelementptr i8, ptr %s, i64 392
  %r49 = load <2 x float>, ptr %p49, align 1
  %p50 = getelementptr i8, ptr %s, i64 400
  %r50 = load <2 x float>, ptr %p50, align 1
  %p51 = getelementptr i8, ptr %s, i64 408
  %r51 = load <2 x float>, ptr %p51, align 1
  %p52 = getelementptr i8, ptr %s, i64 416
  %r52 = load <2 x float>, ptr %p52, align 1
  %p53 = getelementptr i8, ptr %s, i64 424
  %r53 = load <2 x float>, ptr %p53, align 1
  %p54 = getelementptr i8, ptr %s, i64 432
  %r54 = load <2 x float>, ptr %p54, align 1
  %p55 = getelementptr i8, ptr %s, i64 440
  %r55 = load <2 x float>, ptr %p55, align 1
  %p56 = getelementptr i8, ptr %s, i64 448
  %r56 = load <2 x float>, ptr %p56, align 1
  %p57 = getelementptr i8, ptr %s, i64 456
  %r57 = load <2 x float>, ptr %p57, align 1
  %p58 = getelementptr i8, ptr %s, i64 464
  %r58 = load <2 x float>, ptr %p58, align 1
  %p59 = getelementptr i8, ptr %s, i64 472
  %r59 = load <2 x float>, ptr %p59, align 1
  %p60 = getelementptr i8, ptr %s, i64 480
  %r60 = load <2 x float>, ptr %p60, align 1
  %p61 = getelementptr i8, ptr %s, i64 488
  %r61 = load <2 x float>, ptr %p61, align 1
  %p62 = getelementptr i8, ptr %s, i64 496
  %r62 = load <2 x float>, ptr %p62, align 1
  %p63 = getelementptr i8, ptr %s, i64 504
  %r63 = load <2 x float>, ptr %p63, align 1
  %e0 = shufflevector <2 x float> %r0, <2 x float> %r1, <2 x i32> <i32 0, i32 2>
  %o0 = shufflevector <2 x float> %r0, <2 x float> %r1, <2 x i32> <i32 1, i32 3>
  %e1 = shufflevector <2 x float> %r2, <2 x float> %r3, <2 x i32> <i32 0, i32 2>
  %o1 = shufflevector <2 x float> %r2, <2 x float> %r3, <2 x i32> <i32 1, i32 3>
  %e2 = shufflevector <2 x float> %r4, <2 x float> %r5, <2 x i32> <i32 0, i32 2>
  %o2 = shufflevector <2 x float> %r4, <2 x float> %r5, <2 x i32> <i32 1, i32 3>
  %e3 = shufflevector <2 x float> %r6, <2 x float> %r7, <2 x i32> <i32 0, i32 2>
  %o3 = shufflevector <2 x float> %r6, <2 x float> %r7, <2 x i32> <i32 1, i32 3>
  %e4 = shufflevector <2 x float> %r8, <2 x float> %r9, <2 x i32> <i32 0, i32 2>
  %o4 = shufflevector <2 x float> %r8, <2 x float> %r9, <2 x i32> <i32 1, i32 3>
  %e5 = shufflevector <2 x float> %r10, <2 x float> %r11, <2 x i32> <i32 0, i32 2>
  %o5 = shufflevector <2 x float> %r10, <2 x float> %r11, <2 x i32> <i32 1, i32 3>
  %e6 = shufflevector <2 x float> %r12, <2 x float> %r13, <2 x i32> <i32 0, i32 2>
  %o6 = shufflevector <2 x float> %r12, <2 x float> %r13, <2 x i32> <i32 1, i32 3>
  %e7 = shufflevector <2 x float> %r14, <2 x float> %r15, <2 x i32> <i32 0, i32 2>
  %o7 = shufflevector <2 x float> %r14, <2 x float> %r15, <2 x i32> <i32 1, i32 3>
  %e8 = shufflevector <2 x float> %r16, <2 x float> %r17, <2 x i32> <i32 0, i32 2>
  %o8 = shufflevector <2 x float> %r16, <2 x float> %r17, <2 x i32> <i32 1, i32 3>
  %e9 = shufflevector <2 x float> %r18, <2 x float> %r19, <2 x i32> <i32 0, i32 2>
  %o9 = shufflevector <2 x float> %r18, <2 x float> %r19, <2 x i32> <i32 1, i32 3>
  %e10 = shufflevector <2 x float> %r20, <2 x float> %r21, <2 x i32> <i32 0, i32 2>
  %o10 = shufflevector <2 x float> %r20, <2 x float> %r21, <2 x i32> <i32 1, i32 3>
  %e11 = shufflevector <2 x float> %r22, <2 x float> %r23, <2 x i32> <i32 0, i32 2>
  %o11 = shufflevector <2 x float> %r22, <2 x float> %r23, <2 x i32> <i32 1, i32 3>
  %e12 = shufflevector <2 x float> %r24, <2 x float> %r25, <2 x i32> <i32 0, i32 2>
  %o12 = shufflevector <2 x float> %r24, <2 x float> %r25, <2 x i32> <i32 1, i32 3>
  %e13 = shufflevector <2 x float> %r26, <2 x float> %r27, <2 x i32> <i32 0, i32 2>
  %o13 = shufflevector <2 x float> %r26, <2 x float> %r27, <2 x i32> <i32 1, i32 3>
  %e14 = shufflevector <2 x float> %r28, <2 x float> %r29, <2 x i32> <i32 0, i32 2>
  %o14 = shufflevector <2 x float> %r28, <2 x float> %r29, <2 x i32> <i32 1, i32 3>
  %e15 = shufflevector <2 x float> %r30, <2 x float> %r31, <2 x i32> <i32 0, i32 2>
  %o15 = shufflevector <2 x float> %r30, <2 x float> %r31, <2 x i32> <i32 1, i32 3>
  %e16 = shufflevector <2 x float> %r32, <2 x float> %r33, <2 x i32> <i32 0, i32 2>
  %o16 = shufflevector <2 x float> %r32, <2 x float> %r33, <2 x i32> <i32 1, i32 3>
  %e17 = shufflevector <2 x float> %r34, <2 x float> %r35, <2 x i32> <i32 0, i32 2>
  %o17 = shufflevector <2 x float> %r34, <2 x float> %r35, <2 x i32> <i32 1, i32 3>
  %e18 = shufflevector <2 x float> %r36, <2 x float> %r37, <2 x i32> <i32 0, i32 2>
  %o18 = shufflevector <2 x float> %r36, <2 x float> %r37, <2 x i32> <i32 1, i32 3>
  %e19 = shufflevector <2 x float> %r38, <2 x float> %r39, <2 x i32> <i32 0, i32 2>
  %o19 = shufflevector <2 x float> %r38, <2 x float> %r39, <2 x i32> <i32 1, i32 3>
  %e20 = shufflevector <2 x float> %r40, <2 x float> %r41, <2 x i32> <i32 0, i32 2>
  %o20 = shufflevector <2 x float> %r40, <2 x float> %r41, <2 x i32> <i32 1, i32 3>
  %e21 = shufflevector <2 x float> %r42, <2 x float> %r43, <2 x i32> <i32 0, i32 2>
  %o21 = shufflevector <2 x float> %r42, <2 x float> %r43, <2 x i32> <i32 1, i32 3>
  %e22 = shufflevector <2 x float> %r44, <2 x float> %r45, <2 x i32> <i32 0, i32 2>
  %o22 = shufflevector <2 x float> %r44, <2 x float> %r45, <2 x i32> <i32 1, i32 3>
  %e23 = shufflevector <2 x float> %r46, <2 x float> %r47, <2 x i32> <i32 0, i32 2>
  %o23 = shufflevector <2 x float> %r46, <2 x float> %r47, <2 x i32> <i32 1, i32 3>
  %e24 = shufflevector <2 x float> %r48, <2 x float> %r49, <2 x i32> <i32 0, i32 2>
  %o24 = shufflevector <2 x float> %r48, <2 x float> %r49, <2 x i32> <i32 1, i32 3>
  %e25 = shufflevector <2 x float> %r50, <2 x float> %r51, <2 x i32> <i32 0, i32 2>
  %o25 = shufflevector <2 x float> %r50, <2 x float> %r51, <2 x i32> <i32 1, i32 3>
  %e26 = shufflevector <2 x float> %r52, <2 x float> %r53, <2 x i32> <i32 0, i32 2>
  %o26 = shufflevector <2 x float> %r52, <2 x float> %r53, <2 x i32> <i32 1, i32 3>
  %e27 = shufflevector <2 x float> %r54, <2 x float> %r55, <2 x i32> <i32 0, i32 2>
  %o27 = shufflevector <2 x float> %r54, <2 x float> %r55, <2 x i32> <i32 1, i32 3>
  %e28 = shufflevector <2 x float> %r56, <2 x float> %r57, <2 x i32> <i32 0, i32 2>
  %o28 = shufflevector <2 x float> %r56, <2 x float> %r57, <2 x i32> <i32 1, i32 3>
  %e29 = shufflevector <2 x float> %r58, <2 x float> %r59, <2 x i32> <i32 0, i32 2>
  %o29 = shufflevector <2 x float> %r58, <2 x float> %r59, <2 x i32> <i32 1, i32 3>
  %e30 = shufflevector <2 x float> %r60, <2 x float> %r61, <2 x i32> <i32 0, i32 2>
  %o30 = shufflevector <2 x float> %r60, <2 x float> %r61, <2 x i32> <i32 1, i32 3>
  %e31 = shufflevector <2 x float> %r62, <2 x float> %r63, <2 x i32> <i32 0, i32 2>
  %o31 = shufflevector <2 x float> %r62, <2 x float> %r63, <2 x i32> <i32 1, i32 3>
  %q0 = getelementptr i8, ptr %d, i64 0
  store <2 x float> %e0, ptr %q0, align 1
  %q1 = getelementptr i8, ptr %d, i64 8
  store <2 x float> %o0, ptr %q1, align 1
  %q2 = getelementptr i8, ptr %d, i64 16
  store <2 x float> %e1, ptr %q2, align 1
  %q3 = getelementptr i8, ptr %d, i64 24
  store <2 x float> %o1, ptr %q3, align 1
  %q4 = getelementptr i8, ptr %d, i64 32
  store <2 x float> %e2, ptr %q4, align 1
  %q5 = getelementptr i8, ptr %d, i64 40
  store <2 x float> %o2, ptr %q5, align 1
  %q6 = getelementptr i8, ptr %d, i64 48
  store <2 x float> %e3, ptr %q6, align 1
  %q7 = getelementptr i8, ptr %d, i64 56
  store <2 x float> %o3, ptr %q7, align 1
  %q8 = getelementptr i8, ptr %d, i64 64
  store <2 x float> %e4, ptr %q8, align 1
  %q9 = getelementptr i8, ptr %d, i64 72
  store <2 x float> %o4, ptr %q9, align 1
  %q10 = getelementptr i8, ptr %d, i64 80
  store <2 x float> %e5, ptr %q10, align 1
  %q11 = getelementptr i8, ptr %d, i64 88
  store <2 x float> %o5, ptr %q11, align 1
  %q12 = getelementptr i8, ptr %d, i64 96
  store <2 x float> %e6, ptr %q12, align 1
  %q13 = getelementptr i8, ptr %d, i64 104
  store <2 x float> %o6, ptr %q13, align 1
  %q14 = getelementptr i8, ptr %d, i64 112
  store <2 x float> %e7, ptr %q14, align 1
  %q15 = getelementptr i8, ptr %d, i64 120
  store <2 x float> %o7, ptr %q15, align 1
  %q16 = getelementptr i8, ptr %d, i64 128
  store <2 x float> %e8, ptr %q16, align 1
  %q17 = getelementptr i8, ptr %d, i64 136
  store <2 x float> %o8, ptr %q17, align 1
  %q18 = getelementptr i8, ptr %d, i64 144
  store <2 x float> %e9, ptr %q18, align 1
  %q19 = getelementptr i8, ptr %d, i64 152
  store <2 x float> %o9, ptr %q19, align 1
  %q20 = getelementptr i8, ptr %d, i64 160
  store <2 x float> %e10, ptr %q20, align 1
  %q21 = getelementptr i8, ptr %d, i64 168
  store <2 x float> %o10, ptr %q21, align 1
  %q22 = getelementptr i8, ptr %d, i64 176
  store <2 x float> %e11, ptr %q22, align 1
  %q23 = getelementptr i8, ptr %d, i64 184
  store <2 x float> %o11, ptr %q23, align 1
  %q24 = getelementptr i8, ptr %d, i64 192
  store <2 x float> %e12, ptr %q24, align 1
  %q25 = getelementptr i8, ptr %d, i64 200
  store <2 x float> %o12, ptr %q25, align 1
  %q26 = getelementptr i8, ptr %d, i64 208
  store <2 x float> %e13, ptr %q26, align 1
  %q27 = getelementptr i8, ptr %d, i64 216
  store <2 x float> %o13, ptr %q27, align 1
  %q28 = getelementptr i8, ptr %d, i64 224
  store <2 x float> %e14, ptr %q28, align 1
  %q29 = getelementptr i8, ptr %d, i64 232
  store <2 x float> %o14, ptr %q29, align 1
  %q30 = getelementptr i8, ptr %d, i64 240
  store <2 x float> %e15, ptr %q30, align 1
  %q31 = getelementptr i8, ptr %d, i64 248
  store <2 x float> %o15, ptr %q31, align 1
  %q32 = getelementptr i8, ptr %d, i64 256
  store <2 x float> %e16, ptr %q32, align 1
  %q33 = getelementptr i8, ptr %d, i64 264
  store <2 x float> %o16, ptr %q33, align 1
  %q34 = getelementptr i8, ptr %d, i64 272
  store <2 x float> %e17, ptr %q34, align 1
  %q35 = getelementptr i8, ptr %d, i64 280
  store <2 x float> %o17, ptr %q35, align 1
  %q36 = getelementptr i8, ptr %d, i64 288
  store <2 x float> %e18, ptr %q36, align 1
  %q37 = getelementptr i8, ptr %d, i64 296
  store <2 x float> %o18, ptr %q37, align 1
  %q38 = getelementptr i8, ptr %d, i64 304
  store <2 x float> %e19, ptr %q38, align 1
  %q39 = getelementptr i8, ptr %d, i64 312
  store <2 x float> %o19, ptr %q39, align 1
  %q40 = getelementptr i8, ptr %d, i64 320
  store <2 x float> %e20, ptr %q40, align 1
  %q41 = getelementptr i8, ptr %d, i64 328
  store <2 x float> %o20, ptr %q41, align 1
  %q42 = getelementptr i8, ptr %d, i64 336
  store <2 x float> %e21, ptr %q42, align 1
  %q43 = getelementptr i8, ptr %d, i64 344
  store <2 x float> %o21, ptr %q43, align 1
  %q44 = getelementptr i8, ptr %d, i64 352
  store <2 x float> %e22, ptr %q44, align 1
  %q45 = getelementptr i8, ptr %d, i64 360
  store <2 x float> %o22, ptr %q45, align 1
  %q46 = getelementptr i8, ptr %d, i64 368
  store <2 x float> %e23, ptr %q46, align 1
  %q47 = getelementptr i8, ptr %d, i64 376
  store <2 x float> %o23, ptr %q47, align 1
  %q48 = getelementptr i8, ptr %d, i64 384
  store <2 x float> %e24, ptr %q48, align 1
  %q49 = getelementptr i8, ptr %d, i64 392
  store <2 x float> %o24, ptr %q49, align 1
  %q50 = getelementptr i8, ptr %d, i64 400
  store <2 x float> %e25, ptr %q50, align 1
  %q51 = getelementptr i8, ptr %d, i64 408
  store <2 x float> %o25, ptr %q51, align 1
  %q52 = getelementptr i8, ptr %d, i64 416
  store <2 x float> %e26, ptr %q52, align 1
  %q53 = getelementptr i8, ptr %d, i64 424
  store <2 x float> %o26, ptr %q53, align 1
  %q54 = getelementptr i8, ptr %d, i64 432
  store <2 x float> %e27, ptr %q54, align 1
  %q55 = getelementptr i8, ptr %d, i64 440
  store <2 x float> %o27, ptr %q55, align 1
  %q56 = getelementptr i8, ptr %d, i64 448
  store <2 x float> %e28, ptr %q56, align 1
  %q57 = getelementptr i8, ptr %d, i64 456
  store <2 x float> %o28, ptr %q57, align 1
  %q58 = getelementptr i8, ptr %d, i64 464
  store <2 x float> %e29, ptr %q58, align 1
  %q59 = getelementptr i8, ptr %d, i64 472
  store <2 x float> %o29, ptr %q59, align 1
  %q60 = getelementptr i8, ptr %d, i64 480
  store <2 x float> %e30, ptr %q60, align 1
  %q61 = getelementptr i8, ptr %d, i64 488
  store <2 x float> %o30, ptr %q61, align 1
  %q62 = getelementptr i8, ptr %d, i64 496
  store <2 x float> %e31, ptr %q62, align 1
  %q63 = getelementptr i8, ptr %d, i64 504
  store <2 x float> %o31, ptr %q63, align 1
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp slt i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
