; A second round through compute: where the first rewrote something, what it left is
; tried again. Here the first round takes the permutation [0,2,1] out of the four
; shuffles of the fma's tree (4 shuffles → 3: the two by [2,0,1] below the compare and
; select keep a residual each); the second commons those two residuals by their one
; mask (3 → 2). x86-64-v3 and neoverse-n1 measure both shorter; on sifive-x280 the
; first round keeps the whole tree and commons the two (the second round measures the
; rest, keeps it and, reporting only what it rewrites, says nothing). The second round
; also takes a tree the first skipped for sharing an instruction with one it rewrote
; (@shared, found by review: before, %r2 was left).
; REQUIRES: aarch64-registered-target, x86-registered-target, riscv-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | FileCheck %s --check-prefixes=CHECK,A64
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -pass-remarks=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=X280
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -o /dev/null
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | %llc -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -o /dev/null
; The same values before and after both rounds (measured, not forced: forcing runs one
; round), under lli on this machine.
; RUN: %lli %s > %t.before
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %lli > %t.after
; RUN: diff %t.before %t.after
; RUN: FileCheck %s --check-prefix=RUNS < %t.after
; RUNS-COUNT-3: {{-?[0-9]+}}

; CHECK-LABEL: @two_rounds(
; CHECK:         %[[C:.*]] = fcmp olt <3 x float> %p1, %p2
; CHECK:         %[[S:.*]] = select <3 x i1> %[[C]], <3 x float> %p1, <3 x float> %p2
; CHECK:         %[[R:.*]] = shufflevector <3 x float> %[[S]], <3 x float> poison, <3 x i32> <i32 2, i32 1, i32 0>
; CHECK:         %[[F:.*]] = call <3 x float> @llvm.fma.v3f32(<3 x float> %p0, <3 x float> %[[R]], <3 x float> %p3)
; CHECK:         %v6 = shufflevector <3 x float> %[[F]], <3 x float> poison, <3 x i32> <i32 0, i32 2, i32 1>
; CHECK-NEXT:    ret <3 x float> %v6
; REMARK: through compute: 3 operations on 4 shuffles by permutations of one shape (llc {{[0-9]+}}) one permutation taken out of them: 3 shuffles
; REMARK: through compute: 2 operations on 2 shuffles by one mask (llc {{[0-9]+}}) commoned out of them: 1 shuffles
; X280: through compute: kept 3 operations on 4 shuffles by permutations of one shape
; X280: through compute: 2 operations on 2 shuffles by one mask (llc {{[0-9]+}}) commoned out of them: 1 shuffles
; X280-NOT: through compute: kept 1 operations on 3 shuffles
define <3 x float> @two_rounds(<3 x float> %p0, <3 x float> %p1, <3 x float> %p2, <3 x float> %p3) {
  %v1 = shufflevector <3 x float> %p0, <3 x float> poison, <3 x i32> <i32 0, i32 2, i32 1>
  %v2 = shufflevector <3 x float> %p1, <3 x float> poison, <3 x i32> <i32 2, i32 0, i32 1>
  %v3 = shufflevector <3 x float> %p2, <3 x float> poison, <3 x i32> <i32 2, i32 0, i32 1>
  %v5 = fcmp olt <3 x float> %v2, %v3
  %v4 = select <3 x i1> %v5, <3 x float> %v2, <3 x float> %v3
  %v7 = shufflevector <3 x float> %p3, <3 x float> poison, <3 x i32> <i32 0, i32 2, i32 1>
  %v6 = call <3 x float> @llvm.fma.v3f32(<3 x float> %v1, <3 x float> %v4, <3 x float> %v7)
  ret <3 x float> %v6
}
declare <3 x float> @llvm.fma.v3f32(<3 x float>, <3 x float>, <3 x float>)

; A64-LABEL: @shared(
; A64-DAG:     %[[A1:.*]] = shufflevector <8 x i32> %a, <8 x i32> poison, <4 x i32> <i32 1, i32 3, i32 5, i32 7>
; A64-DAG:     %[[B1:.*]] = shufflevector <8 x i32> %b, <8 x i32> poison, <4 x i32> <i32 1, i32 3, i32 5, i32 7>
; A64:         %r1 = add <4 x i32> %[[A1]], %[[B1]]
; A64-DAG:     %[[A2:.*]] = shufflevector <8 x i32> %a, <8 x i32> poison, <4 x i32> <i32 1, i32 3, i32 5, i32 7>
; A64-DAG:     %[[C1:.*]] = shufflevector <8 x i32> %c, <8 x i32> poison, <4 x i32> <i32 1, i32 3, i32 5, i32 7>
; A64:         %r2 = mul <4 x i32> %[[A2]], %[[C1]]
define void @shared(<8 x i32> %a, <8 x i32> %b, <8 x i32> %c, ptr %o1, ptr %o2) {
  %s = shufflevector <8 x i32> %a, <8 x i32> poison, <8 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6>
  %b1 = shufflevector <8 x i32> %b, <8 x i32> poison, <8 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6>
  %c1 = shufflevector <8 x i32> %c, <8 x i32> poison, <8 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6>
  %x = add <8 x i32> %s, %b1
  %y = mul <8 x i32> %s, %c1
  %r1 = shufflevector <8 x i32> %x, <8 x i32> poison, <4 x i32> <i32 0, i32 2, i32 4, i32 6>
  %r2 = shufflevector <8 x i32> %y, <8 x i32> poison, <4 x i32> <i32 0, i32 2, i32 4, i32 6>
  store <4 x i32> %r1, ptr %o1
  store <4 x i32> %r2, ptr %o2
  ret void
}

@fmt = private constant [6 x i8] c"%lld\0A\00"
declare i32 @printf(ptr, ...)

define i32 @main() {
  %r = call <3 x float> @two_rounds(<3 x float> <float 1.5, float -2.25, float 3.0>, <3 x float> <float 0.5, float 4.0, float -7.75>, <3 x float> <float 2.0, float -1.0, float 6.5>, <3 x float> <float 10.0, float 20.0, float -30.0>)
  %ri = bitcast <3 x float> %r to <3 x i32>
  %c0 = extractelement <3 x i32> %ri, i32 0
  %c1 = extractelement <3 x i32> %ri, i32 1
  %c2 = extractelement <3 x i32> %ri, i32 2
  %x0 = sext i32 %c0 to i64
  %x1 = sext i32 %c1 to i64
  %x2 = sext i32 %c2 to i64
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %x0)
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %x1)
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %x2)
  ret i32 0
}
