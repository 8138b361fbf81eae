; A table whose initializer another definition may replace is not baked in: in a
; module with semantic interposition (`-fPIC -fsemantic-interposition`), an `external`
; constant that is not `dso_local` may be the executable's own once a shared library
; is loaded (LLVM's GlobalVariable::hasDefinitiveInitializer; LLVM's own passes do not
; fold its loads). A helper's hunt (2026-11-27) found the library's bytes in a
; `vpshufb` where the program printed the executable's table without the plugin. A
; `dso_local` table of the same module is still looked up.
; REQUIRES: x86-registered-target, aarch64-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<early>' -S %s | FileCheck %s --check-prefix=EARLY

@tab = constant [16 x i8] c"0123456789abcdef", align 16
@local = dso_local constant [16 x i8] c"0123456789abcdef", align 16

; CHECK-LABEL: @interposable(
; CHECK-NOT:     @llvm.x86.avx2.pshuf.b
; CHECK-NOT:     @llvm.x86.ssse3.pshuf.b.128
; CHECK:         load i8, ptr %p15
; CHECK:         ret <16 x i8>
define <16 x i8> @interposable(<16 x i8> %in) {
  %x = and <16 x i8> %in, splat (i8 15)
  %e0 = extractelement <16 x i8> %x, i64 0
  %i0 = zext i8 %e0 to i64
  %p0 = getelementptr inbounds i8, ptr @tab, i64 %i0
  %l0 = load i8, ptr %p0
  %v0 = insertelement <16 x i8> poison, i8 %l0, i64 0
  %e1 = extractelement <16 x i8> %x, i64 1
  %i1 = zext i8 %e1 to i64
  %p1 = getelementptr inbounds i8, ptr @tab, i64 %i1
  %l1 = load i8, ptr %p1
  %v1 = insertelement <16 x i8> %v0, i8 %l1, i64 1
  %e2 = extractelement <16 x i8> %x, i64 2
  %i2 = zext i8 %e2 to i64
  %p2 = getelementptr inbounds i8, ptr @tab, i64 %i2
  %l2 = load i8, ptr %p2
  %v2 = insertelement <16 x i8> %v1, i8 %l2, i64 2
  %e3 = extractelement <16 x i8> %x, i64 3
  %i3 = zext i8 %e3 to i64
  %p3 = getelementptr inbounds i8, ptr @tab, i64 %i3
  %l3 = load i8, ptr %p3
  %v3 = insertelement <16 x i8> %v2, i8 %l3, i64 3
  %e4 = extractelement <16 x i8> %x, i64 4
  %i4 = zext i8 %e4 to i64
  %p4 = getelementptr inbounds i8, ptr @tab, i64 %i4
  %l4 = load i8, ptr %p4
  %v4 = insertelement <16 x i8> %v3, i8 %l4, i64 4
  %e5 = extractelement <16 x i8> %x, i64 5
  %i5 = zext i8 %e5 to i64
  %p5 = getelementptr inbounds i8, ptr @tab, i64 %i5
  %l5 = load i8, ptr %p5
  %v5 = insertelement <16 x i8> %v4, i8 %l5, i64 5
  %e6 = extractelement <16 x i8> %x, i64 6
  %i6 = zext i8 %e6 to i64
  %p6 = getelementptr inbounds i8, ptr @tab, i64 %i6
  %l6 = load i8, ptr %p6
  %v6 = insertelement <16 x i8> %v5, i8 %l6, i64 6
  %e7 = extractelement <16 x i8> %x, i64 7
  %i7 = zext i8 %e7 to i64
  %p7 = getelementptr inbounds i8, ptr @tab, i64 %i7
  %l7 = load i8, ptr %p7
  %v7 = insertelement <16 x i8> %v6, i8 %l7, i64 7
  %e8 = extractelement <16 x i8> %x, i64 8
  %i8 = zext i8 %e8 to i64
  %p8 = getelementptr inbounds i8, ptr @tab, i64 %i8
  %l8 = load i8, ptr %p8
  %v8 = insertelement <16 x i8> %v7, i8 %l8, i64 8
  %e9 = extractelement <16 x i8> %x, i64 9
  %i9 = zext i8 %e9 to i64
  %p9 = getelementptr inbounds i8, ptr @tab, i64 %i9
  %l9 = load i8, ptr %p9
  %v9 = insertelement <16 x i8> %v8, i8 %l9, i64 9
  %e10 = extractelement <16 x i8> %x, i64 10
  %i10 = zext i8 %e10 to i64
  %p10 = getelementptr inbounds i8, ptr @tab, i64 %i10
  %l10 = load i8, ptr %p10
  %v10 = insertelement <16 x i8> %v9, i8 %l10, i64 10
  %e11 = extractelement <16 x i8> %x, i64 11
  %i11 = zext i8 %e11 to i64
  %p11 = getelementptr inbounds i8, ptr @tab, i64 %i11
  %l11 = load i8, ptr %p11
  %v11 = insertelement <16 x i8> %v10, i8 %l11, i64 11
  %e12 = extractelement <16 x i8> %x, i64 12
  %i12 = zext i8 %e12 to i64
  %p12 = getelementptr inbounds i8, ptr @tab, i64 %i12
  %l12 = load i8, ptr %p12
  %v12 = insertelement <16 x i8> %v11, i8 %l12, i64 12
  %e13 = extractelement <16 x i8> %x, i64 13
  %i13 = zext i8 %e13 to i64
  %p13 = getelementptr inbounds i8, ptr @tab, i64 %i13
  %l13 = load i8, ptr %p13
  %v13 = insertelement <16 x i8> %v12, i8 %l13, i64 13
  %e14 = extractelement <16 x i8> %x, i64 14
  %i14 = zext i8 %e14 to i64
  %p14 = getelementptr inbounds i8, ptr @tab, i64 %i14
  %l14 = load i8, ptr %p14
  %v14 = insertelement <16 x i8> %v13, i8 %l14, i64 14
  %e15 = extractelement <16 x i8> %x, i64 15
  %i15 = zext i8 %e15 to i64
  %p15 = getelementptr inbounds i8, ptr @tab, i64 %i15
  %l15 = load i8, ptr %p15
  %v15 = insertelement <16 x i8> %v14, i8 %l15, i64 15
  ret <16 x i8> %v15
}

; CHECK-LABEL: @definitive(
; CHECK:         @llvm.x86.ssse3.pshuf.b.128(<16 x i8> <i8 48, i8 49,
; CHECK-NOT:     load i8
; CHECK:         ret <16 x i8>
define <16 x i8> @definitive(<16 x i8> %in) {
  %x = and <16 x i8> %in, splat (i8 15)
  %e0 = extractelement <16 x i8> %x, i64 0
  %i0 = zext i8 %e0 to i64
  %p0 = getelementptr inbounds i8, ptr @local, i64 %i0
  %l0 = load i8, ptr %p0
  %v0 = insertelement <16 x i8> poison, i8 %l0, i64 0
  %e1 = extractelement <16 x i8> %x, i64 1
  %i1 = zext i8 %e1 to i64
  %p1 = getelementptr inbounds i8, ptr @local, i64 %i1
  %l1 = load i8, ptr %p1
  %v1 = insertelement <16 x i8> %v0, i8 %l1, i64 1
  %e2 = extractelement <16 x i8> %x, i64 2
  %i2 = zext i8 %e2 to i64
  %p2 = getelementptr inbounds i8, ptr @local, i64 %i2
  %l2 = load i8, ptr %p2
  %v2 = insertelement <16 x i8> %v1, i8 %l2, i64 2
  %e3 = extractelement <16 x i8> %x, i64 3
  %i3 = zext i8 %e3 to i64
  %p3 = getelementptr inbounds i8, ptr @local, i64 %i3
  %l3 = load i8, ptr %p3
  %v3 = insertelement <16 x i8> %v2, i8 %l3, i64 3
  %e4 = extractelement <16 x i8> %x, i64 4
  %i4 = zext i8 %e4 to i64
  %p4 = getelementptr inbounds i8, ptr @local, i64 %i4
  %l4 = load i8, ptr %p4
  %v4 = insertelement <16 x i8> %v3, i8 %l4, i64 4
  %e5 = extractelement <16 x i8> %x, i64 5
  %i5 = zext i8 %e5 to i64
  %p5 = getelementptr inbounds i8, ptr @local, i64 %i5
  %l5 = load i8, ptr %p5
  %v5 = insertelement <16 x i8> %v4, i8 %l5, i64 5
  %e6 = extractelement <16 x i8> %x, i64 6
  %i6 = zext i8 %e6 to i64
  %p6 = getelementptr inbounds i8, ptr @local, i64 %i6
  %l6 = load i8, ptr %p6
  %v6 = insertelement <16 x i8> %v5, i8 %l6, i64 6
  %e7 = extractelement <16 x i8> %x, i64 7
  %i7 = zext i8 %e7 to i64
  %p7 = getelementptr inbounds i8, ptr @local, i64 %i7
  %l7 = load i8, ptr %p7
  %v7 = insertelement <16 x i8> %v6, i8 %l7, i64 7
  %e8 = extractelement <16 x i8> %x, i64 8
  %i8 = zext i8 %e8 to i64
  %p8 = getelementptr inbounds i8, ptr @local, i64 %i8
  %l8 = load i8, ptr %p8
  %v8 = insertelement <16 x i8> %v7, i8 %l8, i64 8
  %e9 = extractelement <16 x i8> %x, i64 9
  %i9 = zext i8 %e9 to i64
  %p9 = getelementptr inbounds i8, ptr @local, i64 %i9
  %l9 = load i8, ptr %p9
  %v9 = insertelement <16 x i8> %v8, i8 %l9, i64 9
  %e10 = extractelement <16 x i8> %x, i64 10
  %i10 = zext i8 %e10 to i64
  %p10 = getelementptr inbounds i8, ptr @local, i64 %i10
  %l10 = load i8, ptr %p10
  %v10 = insertelement <16 x i8> %v9, i8 %l10, i64 10
  %e11 = extractelement <16 x i8> %x, i64 11
  %i11 = zext i8 %e11 to i64
  %p11 = getelementptr inbounds i8, ptr @local, i64 %i11
  %l11 = load i8, ptr %p11
  %v11 = insertelement <16 x i8> %v10, i8 %l11, i64 11
  %e12 = extractelement <16 x i8> %x, i64 12
  %i12 = zext i8 %e12 to i64
  %p12 = getelementptr inbounds i8, ptr @local, i64 %i12
  %l12 = load i8, ptr %p12
  %v12 = insertelement <16 x i8> %v11, i8 %l12, i64 12
  %e13 = extractelement <16 x i8> %x, i64 13
  %i13 = zext i8 %e13 to i64
  %p13 = getelementptr inbounds i8, ptr @local, i64 %i13
  %l13 = load i8, ptr %p13
  %v13 = insertelement <16 x i8> %v12, i8 %l13, i64 13
  %e14 = extractelement <16 x i8> %x, i64 14
  %i14 = zext i8 %e14 to i64
  %p14 = getelementptr inbounds i8, ptr @local, i64 %i14
  %l14 = load i8, ptr %p14
  %v14 = insertelement <16 x i8> %v13, i8 %l14, i64 14
  %e15 = extractelement <16 x i8> %x, i64 15
  %i15 = zext i8 %e15 to i64
  %p15 = getelementptr inbounds i8, ptr @local, i64 %i15
  %l15 = load i8, ptr %p15
  %v15 = insertelement <16 x i8> %v14, i8 %l15, i64 15
  ret <16 x i8> %v15
}

; EARLY-LABEL: @offered_interposable(
; EARLY-NOT:     call {{.*}}@shuf.lookup
; EARLY:         ret void
define void @offered_interposable(ptr noalias %out, ptr noalias %in, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pi = getelementptr inbounds i8, ptr %in, i64 %i
  %b = load i8, ptr %pi, align 1
  %x = and i8 %b, 15
  %z = zext i8 %x to i64
  %pt = getelementptr inbounds i8, ptr @tab, i64 %z
  %v = load i8, ptr %pt, align 1
  %po = getelementptr inbounds i8, ptr %out, i64 %i
  store i8 %v, ptr %po, align 1
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; EARLY-LABEL: @offered_definitive(
; EARLY:         call {{.*}}@shuf.lookup
; EARLY:         ret void
define void @offered_definitive(ptr noalias %out, ptr noalias %in, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pi = getelementptr inbounds i8, ptr %in, i64 %i
  %b = load i8, ptr %pi, align 1
  %x = and i8 %b, 15
  %z = zext i8 %x to i64
  %pt = getelementptr inbounds i8, ptr @local, i64 %z
  %v = load i8, ptr %pt, align 1
  %po = getelementptr inbounds i8, ptr %out, i64 %i
  store i8 %v, ptr %po, align 1
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"SemanticInterposition", i32 1}
