; A shuffle that meets vectors of 16-bit floats the target holds lane by lane is left
; to the backend (pass::select::halves_apart): a type of them without a register, or a
; lane-wise operation on them TTI prices at a cycle a lane or more. The backend takes
; the shuffle apart with them and picks each lane where it is; a sequence is a vector
; built to be taken apart again, which a measurement of the shuffle alone, in
; registers, does not see (found by a helper's hunt).
; REQUIRES: x86-registered-target, riscv-registered-target
; x86-64-v2 has no `half` arithmetic: `fadd <8 x half>` costs 37. A wide sequence
; (`pshufb` + `pshufb` + `pblendw`, 4 against 5 alone) made it 127 -> 229 instructions.
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v2 -passes=shuffle-lib -S %s | %FileCheck %s --check-prefix=V2
; RISC-V V without `zvfh`/`zvfhmin` has no `<8 x half>` register: a wide sequence
; (`vslidedown` + `vmerge`, 10 against 16 alone) before a `fadd` made 25 -> 43.
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -mattr=-zvfh,-zvfhmin -passes=shuffle-lib -S %s | %FileCheck %s --check-prefix=RV
; x86-64-v3 adds `<8 x half>` as floats (cost 2): the sequence is used, 16 -> 15.
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %FileCheck %s --check-prefix=V3
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v2 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v2 -o /dev/null
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -mattr=-zvfh,-zvfhmin -passes=shuffle-lib -S %s | %llc -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -mattr=-zvfh,-zvfhmin -o /dev/null

; V2-LABEL: @arith(
; V2:         shufflevector <8 x half> %a1, <8 x half> %b1, <8 x i32> <i32 0, i32 8, i32 13, i32 13, i32 5, i32 0, i32 10, i32 1>
; V2-NOT:     @llvm.x86
; V2:         ret void
; V3-LABEL: @arith(
; V3:         @llvm.x86.ssse3.pshuf.b.128
; V3:         ret void
define void @arith(ptr %p, ptr %q, ptr %r, ptr %o) {
  %a = load <8 x half>, ptr %p, align 2
  %b = load <8 x half>, ptr %q, align 2
  %a1 = fadd <8 x half> %a, %a
  %b1 = fmul <8 x half> %b, %b
  %s = shufflevector <8 x half> %a1, <8 x half> %b1, <8 x i32> <i32 0, i32 8, i32 13, i32 13, i32 5, i32 0, i32 10, i32 1>
  %c = load <8 x half>, ptr %r, align 2
  %d = fadd <8 x half> %s, %c
  store <8 x half> %d, ptr %o, align 2
  ret void
}

; RV-LABEL: @slides(
; RV:         shufflevector <8 x half> %l, <8 x half> %m, <8 x i32> <i32 2, i32 3, i32 10, i32 11, i32 6, i32 7, i32 14, i32 15>
; RV-NOT:     @llvm.riscv
; RV:         ret void
define void @slides(ptr %p, ptr %q, ptr %o) {
  %l = load <8 x half>, ptr %p, align 2
  %m = load <8 x half>, ptr %q, align 2
  %s = shufflevector <8 x half> %l, <8 x half> %m, <8 x i32> <i32 2, i32 3, i32 10, i32 11, i32 6, i32 7, i32 14, i32 15>
  %c = fadd <8 x half> %s, %s
  store <8 x half> %c, ptr %o, align 2
  ret void
}
