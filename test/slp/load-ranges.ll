; Loads one SLP tree reads, of one base and element size, whose ranges start apart by
; part of an element (`i32`s at p+4k and at p+4k+2: `memcpy`s of unaligned words) are
; two vector loads. One load of their union read the second range from p (wrong
; values; found by a helper's hunt, 2026-11-27). And an `i32` and a `float` load of one
; range are two vector loads, one of each type: one built load served both, and the
; module failed the verifier (`add <4 x i32>` of a `<4 x float>`).
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %lli %s > %t.before
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %lli > %t.after
; RUN: diff %t.before %t.after
; RUN: FileCheck %s --check-prefix=RUNS < %t.after
; RUNS: 12ce8a46 21de9b56 30eca864 20eeb974

; CHECK-LABEL: @apart_by_half_an_element(
; CHECK:         [[A:%.*]] = load <4 x i32>, ptr %p, align 1
; CHECK:         [[P2:%.*]] = getelementptr i8, ptr %p, i64 2
; CHECK:         [[B:%.*]] = load <4 x i32>, ptr [[P2]], align 1
; CHECK:         add <4 x i32> [[A]], [[B]]
define void @apart_by_half_an_element(ptr noalias %p, ptr noalias %out) {
  %a0 = load i32, ptr %p, align 1
  %pb0 = getelementptr inbounds i8, ptr %p, i64 2
  %b0 = load i32, ptr %pb0, align 1
  %s0 = add i32 %a0, %b0
  store i32 %s0, ptr %out, align 4
  %pa1 = getelementptr inbounds i8, ptr %p, i64 4
  %a1 = load i32, ptr %pa1, align 1
  %pb1 = getelementptr inbounds i8, ptr %p, i64 6
  %b1 = load i32, ptr %pb1, align 1
  %s1 = add i32 %a1, %b1
  %o1 = getelementptr inbounds i8, ptr %out, i64 4
  store i32 %s1, ptr %o1, align 4
  %pa2 = getelementptr inbounds i8, ptr %p, i64 8
  %a2 = load i32, ptr %pa2, align 1
  %pb2 = getelementptr inbounds i8, ptr %p, i64 10
  %b2 = load i32, ptr %pb2, align 1
  %s2 = add i32 %a2, %b2
  %o2 = getelementptr inbounds i8, ptr %out, i64 8
  store i32 %s2, ptr %o2, align 4
  %pa3 = getelementptr inbounds i8, ptr %p, i64 12
  %a3 = load i32, ptr %pa3, align 1
  %pb3 = getelementptr inbounds i8, ptr %p, i64 14
  %b3 = load i32, ptr %pb3, align 1
  %s3 = add i32 %a3, %b3
  %o3 = getelementptr inbounds i8, ptr %out, i64 12
  store i32 %s3, ptr %o3, align 4
  ret void
}

; CHECK-LABEL: @an_int_and_a_float_of_one_range(
; CHECK:         [[F:%.*]] = load <4 x float>, ptr %p
; CHECK:         [[C:%.*]] = fptosi <4 x float> [[F]] to <4 x i32>
; CHECK:         [[I:%.*]] = load <4 x i32>, ptr %p
; CHECK:         add <4 x i32> [[C]], [[I]]
define void @an_int_and_a_float_of_one_range(ptr noalias %p, ptr noalias %out) {
  %pa0 = getelementptr inbounds i8, ptr %p, i64 0
  %fa0 = load float, ptr %pa0, align 4
  %ia0 = load i32, ptr %pa0, align 4
  %c0 = fptosi float %fa0 to i32
  %s0 = add i32 %c0, %ia0
  %o0 = getelementptr inbounds i8, ptr %out, i64 0
  store i32 %s0, ptr %o0, align 4
  %pa1 = getelementptr inbounds i8, ptr %p, i64 4
  %fa1 = load float, ptr %pa1, align 4
  %ia1 = load i32, ptr %pa1, align 4
  %c1 = fptosi float %fa1 to i32
  %s1 = add i32 %c1, %ia1
  %o1 = getelementptr inbounds i8, ptr %out, i64 4
  store i32 %s1, ptr %o1, align 4
  %pa2 = getelementptr inbounds i8, ptr %p, i64 8
  %fa2 = load float, ptr %pa2, align 4
  %ia2 = load i32, ptr %pa2, align 4
  %c2 = fptosi float %fa2 to i32
  %s2 = add i32 %c2, %ia2
  %o2 = getelementptr inbounds i8, ptr %out, i64 8
  store i32 %s2, ptr %o2, align 4
  %pa3 = getelementptr inbounds i8, ptr %p, i64 12
  %fa3 = load float, ptr %pa3, align 4
  %ia3 = load i32, ptr %pa3, align 4
  %c3 = fptosi float %fa3 to i32
  %s3 = add i32 %c3, %ia3
  %o3 = getelementptr inbounds i8, ptr %out, i64 12
  store i32 %s3, ptr %o3, align 4
  ret void
}

@bytes = private constant [18 x i8] c"\01\23\45\67\89\AB\CD\EF\10\32\54\76\98\BA\DC\FE\11\22"
@fmt = private constant [21 x i8] c"%08x %08x %08x %08x\0A\00"
declare i32 @printf(ptr, ...)

; The sums of the words at 4k and 4k+2 of @bytes (as the scalar code computes them).
define i32 @main() {
  %out = alloca [4 x i32], align 16
  call void @apart_by_half_an_element(ptr @bytes, ptr %out)
  %o1 = getelementptr inbounds i8, ptr %out, i64 4
  %o2 = getelementptr inbounds i8, ptr %out, i64 8
  %o3 = getelementptr inbounds i8, ptr %out, i64 12
  %v0 = load i32, ptr %out
  %v1 = load i32, ptr %o1
  %v2 = load i32, ptr %o2
  %v3 = load i32, ptr %o3
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %v0, i32 %v1, i32 %v2, i32 %v3)
  ret i32 0
}
