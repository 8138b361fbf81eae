; Narrowing measures a stored value made from a build vector in the block with the
; build, and a build vector's scalars loaded for it alone with their loads
; (ir::lower::built_inputs, ir::lower::insert_chain). Here two truncated concatenations
; of `add %b, (build vector of 8 loads)` and `%b` are stored (x86-64-v3): stock inserts
; the loads straight from memory (`vpinsrw $k, mem`). Measured from the `add` as a
; register, `and` + `vpackuswb` + `vpermq` was 6 against 9 and was taken; its `freeze`
; made each load a `movzwl` of its own, 23 instructions -> 26 (36 in the random program
; it came from; found by a helper's hunt). Measured with the loads, it is not taken.
; REQUIRES: x86-registered-target
target triple = "x86_64-unknown-linux-gnu"
; RUN: %opt -passes=shuffle-lib -pass-remarks=shuffle-lib -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK --allow-empty
; RUN: %opt -passes=shuffle-lib %s | %llc | %FileCheck %s --check-prefix=ASM

; REMARK-NOT: narrowing:

; ASM-LABEL: f:
; ASM:         movzwl
; ASM-COUNT-7: vpinsrw $
; ASM-NOT:     movzwl
; ASM:         retq

define void @f(ptr %p, ptr %q, ptr %o) #0 {
  %p1 = getelementptr i8, ptr %p, i64 8
  %p2 = getelementptr i8, ptr %p, i64 16
  %p3 = getelementptr i8, ptr %p, i64 24
  %p4 = getelementptr i8, ptr %p, i64 32
  %p5 = getelementptr i8, ptr %p, i64 40
  %p6 = getelementptr i8, ptr %p, i64 48
  %p7 = getelementptr i8, ptr %p, i64 56
  %l0 = load i16, ptr %p, align 2
  %l1 = load i16, ptr %p1, align 2
  %l2 = load i16, ptr %p2, align 2
  %l3 = load i16, ptr %p3, align 2
  %l4 = load i16, ptr %p4, align 2
  %l5 = load i16, ptr %p5, align 2
  %l6 = load i16, ptr %p6, align 2
  %l7 = load i16, ptr %p7, align 2
  %v0 = insertelement <8 x i16> poison, i16 %l0, i64 0
  %v1 = insertelement <8 x i16> %v0, i16 %l1, i64 1
  %v2 = insertelement <8 x i16> %v1, i16 %l2, i64 2
  %v3 = insertelement <8 x i16> %v2, i16 %l3, i64 3
  %v4 = insertelement <8 x i16> %v3, i16 %l4, i64 4
  %v5 = insertelement <8 x i16> %v4, i16 %l5, i64 5
  %v6 = insertelement <8 x i16> %v5, i16 %l6, i64 6
  %v7 = insertelement <8 x i16> %v6, i16 %l7, i64 7
  %b = load <8 x i16>, ptr %q, align 2
  %a = add <8 x i16> %b, %v7
  %c1 = shufflevector <8 x i16> %a, <8 x i16> %b, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %t1 = trunc <16 x i16> %c1 to <16 x i8>
  %c2 = shufflevector <8 x i16> %a, <8 x i16> %b, <16 x i32> <i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0, i32 15, i32 14, i32 13, i32 12, i32 11, i32 10, i32 9, i32 8>
  %t2 = trunc <16 x i16> %c2 to <16 x i8>
  store <16 x i8> %t1, ptr %o, align 1
  %o1 = getelementptr i8, ptr %o, i64 16
  store <16 x i8> %t2, ptr %o1, align 1
  ret void
}
attributes #0 = { "target-cpu"="x86-64-v3" }
