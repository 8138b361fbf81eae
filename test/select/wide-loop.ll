; In a loop, selection decides by the cycles an iteration first (pass::memo::wins).
; x86-64-v4: a one-source <16 x i8> permutation of pairs is vpshufb with its index in
; stock (with the load, 2 instructions in 1 cycle by the model; the index hoisted out
; of the loop), against one vpermw (the load folded: 1 instruction, but 2 cycles, two
; shuffle micro-ops). By instructions the loop took vpermw; by cycles it keeps vpshufb
; (random loops, scripts/network_loops.py: 1.43 against 2.14 cycles an iteration).
; (Before the sequence read its one source as both tables, `ir::wide`, vpermt2w took
; 13 cycles: given a poison second table, the register allocator gave it the previous
; iteration's result, which the instruction writes over.)
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v4 -passes=shuffle-lib -pass-remarks=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v4 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v4 | FileCheck %s --check-prefix=ASM

; REMARK: wide sequence not used: mask <0,1,8,9,4,5,12,13,2,3,10,11,6,7,14,15> (llc 2 in 1.00 cycles): vpermt2:16 described 1, llc 1 in 2.00 cycles

; ASM-LABEL: loop:
; ASM-NOT: vpermw
; ASM: vpshufb
; ASM-NOT: vpermw
; ASM: ret
define void @loop(ptr %dst, ptr %src, i64 %n) {
entry:
  %c0 = icmp sgt i64 %n, 0
  br i1 %c0, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %o = mul i64 %i, 16
  %s = getelementptr i8, ptr %src, i64 %o
  %d = getelementptr i8, ptr %dst, i64 %o
  %v = load <16 x i8>, ptr %s, align 1
  %y = shufflevector <16 x i8> %v, <16 x i8> poison, <16 x i32> <i32 0, i32 1, i32 8, i32 9, i32 4, i32 5, i32 12, i32 13, i32 2, i32 3, i32 10, i32 11, i32 6, i32 7, i32 14, i32 15>
  store <16 x i8> %y, ptr %d, align 1
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp slt i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
