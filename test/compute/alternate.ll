; A blend of `fsub x, y` and `fadd x, y` lane by lane is one `fadd x, y'`, `y'` the sign
; of `y` flipped in the subtracted lanes (`fsub x, y` is `fadd x, (fneg y)`; the flip an
; integer `xor` of the sign bits). AArch64 and RISC-V V have no addsub instruction: in
; a loop, where the sign mask is built once before it, that is 2 instructions against
; 4 (neoverse-n1: fsub, fadd, rev64, trn2); x86 keeps its one `vaddsubps`. The mask is
; built at the entry as `freeze` of the constant, which the measurement takes as an
; input and InstSimplify folds back.
; REQUIRES: aarch64-registered-target, x86-registered-target, riscv-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<late>' -S %s | FileCheck %s
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<late>' -pass-remarks=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<late>,instsimplify' -S %s | %llc -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 | FileCheck %s --check-prefix=ASM
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late>' -S %s | FileCheck %s --check-prefix=X86
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<late>' -S %s | FileCheck %s

; CHECK-LABEL: define void @loop(
; CHECK:         [[SIGNS:%.*]] = freeze <4 x i32> <i32 -2147483648, i32 0, i32 -2147483648, i32 0>
; CHECK:       loop:
; CHECK:         [[Y:%.*]] = bitcast <4 x float> %y to <4 x i32>
; CHECK-NEXT:    [[F:%.*]] = xor <4 x i32> [[Y]], [[SIGNS]]
; CHECK-NEXT:    [[B:%.*]] = bitcast <4 x i32> [[F]] to <4 x float>
; CHECK-NEXT:    %r = fadd <4 x float> %x, [[B]]
; CHECK-NOT:     shufflevector
; CHECK-NOT:     fsub
; CHECK:         ret void
; The same outside a loop: the mask's two instructions count, 4 against 4, kept.
; CHECK-LABEL: define <4 x float> @alone(
; CHECK:         shufflevector
; REMARK: remark: <unknown>:0:0: through compute: a shuffle of 2 operations and 1 shuffles (llc 6) as one fadd of sign-flipped lanes: 0 shuffles (llc 4)
; REMARK: remark: <unknown>:0:0: through compute: kept a shuffle of 2 operations and 1 shuffles (llc 4): as one fadd of sign-flipped lanes, 0 shuffles compile to 4
; ASM-LABEL: loop:
; ASM:           eor
; ASM-NEXT:      fadd
; ASM-NOT:       trn2
; ASM:           ret
; X86-LABEL: define void @loop(
; X86:           shufflevector <4 x float> %s, <4 x float> %a, <4 x i32> <i32 0, i32 5, i32 2, i32 7>
; X86-NOT:       xor
define void @loop(ptr %p, ptr %q, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %px = getelementptr inbounds <4 x float>, ptr %p, i64 %i
  %x = load <4 x float>, ptr %px, align 16
  %py = getelementptr inbounds <4 x float>, ptr %q, i64 %i
  %y = load <4 x float>, ptr %py, align 16
  %s = fsub <4 x float> %x, %y
  %a = fadd <4 x float> %x, %y
  %r = shufflevector <4 x float> %s, <4 x float> %a, <4 x i32> <i32 0, i32 5, i32 2, i32 7>
  store <4 x float> %r, ptr %px, align 16
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define <4 x float> @alone(<4 x float> %x, <4 x float> %y) {
  %s = fsub <4 x float> %x, %y
  %a = fadd <4 x float> %x, %y
  %r = shufflevector <4 x float> %s, <4 x float> %a, <4 x i32> <i32 0, i32 5, i32 2, i32 7>
  ret <4 x float> %r
}
