; No sequence that freezes its operand where the operand is a bitcast of a value other
; code reads too, of a type the target does not hold as it is (pass::select::
; freeze_spreads): the backend moves the `freeze` to the value and legalizes its other
; users around it. RISC-V V without `zvfbfmin`: a `<16 x bfloat>` load read by a bfloat
; shuffle and, bitcast to `<8 x i32>`, by a shuffle a wide sequence (vslidedown +
; vwaddu + vwmaccu) replaced; its `freeze` sent the bfloat shuffle through `float`s,
; 48 calls to `__truncsfbf2`, the loop 123 instructions → 278 (found by a helper's hunt).
; REQUIRES: riscv-registered-target
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -S %s | %FileCheck %s --check-prefix=IR
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -S %s | %llc -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 | %FileCheck %s --check-prefix=ASM

; IR-LABEL: @f(
; IR-NOT:     freeze
; IR:         ret void

; ASM-LABEL: f:
; ASM-NOT:     __truncsfbf2
; ASM:         ret

define void @f(ptr noalias %p, ptr noalias %o, i64 %k) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %base = mul i64 %i, 64
  %pp = getelementptr bfloat, ptr %p, i64 %base
  %op = getelementptr bfloat, ptr %o, i64 %base
  %v = load <16 x bfloat>, ptr %pp, align 2
  %b = bitcast <16 x bfloat> %v to <8 x i32>
  %s = shufflevector <8 x i32> %b, <8 x i32> poison, <8 x i32> <i32 4, i32 4, i32 5, i32 5, i32 6, i32 6, i32 7, i32 7>
  store <8 x i32> %s, ptr %op, align 1
  %o2 = getelementptr i8, ptr %op, i64 32
  %w = shufflevector <16 x bfloat> %v, <16 x bfloat> poison, <8 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6>
  store <8 x bfloat> %w, ptr %o2, align 1
  %i.next = add i64 %i, 1
  %c = icmp ult i64 %i.next, %k
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
