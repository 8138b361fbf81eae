; Selection on AArch64 NEON (see x86.ll): stock llc copies the register and inserts
; lanes one by one; the search finds two lane insertions on the source itself.
; REQUIRES: aarch64-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | %llc -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 | FileCheck %s --check-prefix=ASM
; RUN: %llc -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 %s -o - | FileCheck %s --check-prefix=STOCK

; CHECK-LABEL: @spread_first(
; CHECK-NEXT:    [[T:%.*]] = shufflevector <4 x i32> %a, <4 x i32> %a,
; CHECK-NEXT:    [[F:%.*]] = bitcast <4 x i32> [[T]] to <4 x float>
; CHECK-NEXT:    [[G:%.*]] = call <4 x float> @llvm.arithmetic.fence.v4f32(<4 x float> [[F]])
; CHECK-NEXT:    [[I:%.*]] = bitcast <4 x float> [[G]] to <4 x i32>
; CHECK-NEXT:    %s = shufflevector <4 x i32> [[I]], <4 x i32> [[I]],
; CHECK-NEXT:    ret <4 x i32> %s
; ASM-LABEL: spread_first:
; ASM:         mov v0.s[{{[12]}}], v0.s[0]
; ASM-NEXT:    //ARITH_FENCE
; ASM-NEXT:    mov v0.s[{{[12]}}], v0.s[0]
; ASM-NEXT:    ret
; STOCK-LABEL: spread_first:
; STOCK:         mov v1.16b, v0.16b
; STOCK-NEXT:    mov v1.s[1], v0.s[0]
; STOCK-NEXT:    mov v1.s[2], v0.s[0]
; STOCK-NEXT:    mov v0.16b, v1.16b
define <4 x i32> @spread_first(<4 x i32> %a, <4 x i32> %b) {
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 poison, i32 0, i32 0, i32 3>
  ret <4 x i32> %s
}

; A zip llc finds alone is left alone.
; CHECK-LABEL: @zip(
; CHECK-NEXT:    %s = shufflevector <4 x float> %a, <4 x float> %b, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
define <4 x float> @zip(<4 x float> %a, <4 x float> %b) {
  %s = shufflevector <4 x float> %a, <4 x float> %b, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  ret <4 x float> %s
}

; A mask of two sources that takes three lane moves and a copy: one tbl2 with its index
; vector (adrp, ldr, tbl: 3). In a loop the index load is hoisted and the loop body has
; one tbl where stock has four instructions.
; CHECK-LABEL: @table(
; CHECK:         call <16 x i8> @llvm.aarch64.neon.tbl2.v16i8(<16 x i8> {{.*}}, <16 x i8> {{.*}}, <16 x i8> <i8 0, i8 1, i8 2, i8 3, i8 20, i8 21, i8 22, i8 23, i8 20, i8 21, i8 22, i8 23, i8 8, i8 9, i8 10, i8 11>)
; CHECK-NOT:     shufflevector
; ASM-LABEL: table:
; ASM:         ldr q2, [x8, :lo12:.LCPI
; ASM-NEXT:    tbl v0.16b, { v0.16b, v1.16b }, v2.16b
; ASM-NEXT:    ret
define <4 x i32> @table(<4 x i32> %a, <4 x i32> %b) {
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 5, i32 5, i32 2>
  ret <4 x i32> %s
}

; ASM-LABEL: table_loop:
; ASM:         ldr q{{[0-9]+}}, [x{{[0-9]+}}, :lo12:.LCPI
; ASM:       .LBB{{.*}}:
; ASM-NOT:     .LCPI
; ASM:         tbl v{{[0-9]+}}.16b, { v{{[0-9]+}}.16b, v{{[0-9]+}}.16b }, v{{[0-9]+}}.16b
; ASM-NOT:     mov v
; ASM:         b.ne
define void @table_loop(ptr %p, ptr %q, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr <4 x i32>, ptr %p, i64 %i
  %a = load <4 x i32>, ptr %pa
  %x = add <4 x i32> %a, %a
  %y = mul <4 x i32> %a, %a
  %s = shufflevector <4 x i32> %x, <4 x i32> %y, <4 x i32> <i32 0, i32 5, i32 5, i32 2>
  %pq = getelementptr <4 x i32>, ptr %q, i64 %i
  store <4 x i32> %s, ptr %pq
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
