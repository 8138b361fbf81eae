; Integer alternations: a blend of `sub x, y` and `add x, y` (each lane from its own
; lane of either) is one `add x, y'`, `y'` negated in the subtracted lanes, by factors 1
; and -1: x86's `psign` where the target has it (x86-64-v3: `vpsignd`, `vpaddd` for
; `vpaddd`, `vpsubd`, `vpblendd`), else a multiply, which AArch64 fuses into one `mla`
; (4 instructions: `add`, `sub`, `rev64`, `trn2`) and RISC-V V into `vmadd` (taken in a
; loop, where the factors are built once). Exact in wrapping arithmetic; the `add` keeps
; no wrap flags (negated lanes may wrap where the subtraction did not).
; REQUIRES: aarch64-registered-target, x86-registered-target, riscv-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late>' -S %s | FileCheck %s --check-prefix=X86
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late>' -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 | FileCheck %s --check-prefix=ASM-X86
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<late>' -S %s | %llc -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 | FileCheck %s --check-prefix=ASM-A64
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<late>' -S %s | FileCheck %s --check-prefix=RV
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late>' -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; The same values before and after, every alternation forced (on generic x86-64 a
; multiply of the 16-bit lanes, none for 32: `pmulld` takes ten cycles; `psign` on
; x86-64-v3), on the extremes of each type.
; RUN: %lli %s > %t.before
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64 -passes='shuffle-lib<late;lower-always>' -S %s | %lli > %t.after
; RUN: diff %t.before %t.after
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late;lower-always>' -S %s | %lli > %t.after-v3
; RUN: diff %t.before %t.after-v3
; RUN: FileCheck %s --check-prefix=RUNS < %t.after
; RUNS-COUNT-12: {{-?[0-9]+}}

; X86-LABEL: @alternate_i32(
; X86-NEXT:      %[[N:.*]] = call <4 x i32> @llvm.x86.ssse3.psign.d.128(<4 x i32> %y, <4 x i32> <i32 1, i32 -1, i32 1, i32 -1>)
; X86-NEXT:      %[[R:.*]] = add <4 x i32> %x, %[[N]]
; X86-NEXT:      ret <4 x i32> %[[R]]
; ASM-X86-LABEL: alternate_i32:
; ASM-X86:       vpsignd
; ASM-X86-NEXT:  vpaddd
; ASM-X86-NEXT:  retq
; ASM-A64-LABEL: alternate_i32:
; ASM-A64:       mla
; ASM-A64-NEXT:  ret
; REMARK: remark: {{.*}}through compute: a shuffle of 2 operations and 1 shuffles (llc 3) as one add of lanes negated: 0 shuffles (llc 2)
define <4 x i32> @alternate_i32(<4 x i32> %x, <4 x i32> %y) {
  %a = add nsw <4 x i32> %x, %y
  %s = sub nsw <4 x i32> %x, %y
  %r = shufflevector <4 x i32> %a, <4 x i32> %s, <4 x i32> <i32 0, i32 5, i32 2, i32 7>
  ret <4 x i32> %r
}

; The subtraction on the even lanes, 256 bits (`vpsignw` of AVX2).
; X86-LABEL: @alternate_i16_wide(
; X86-NEXT:      %[[N:.*]] = call <16 x i16> @llvm.x86.avx2.psign.w(<16 x i16> %y, <16 x i16> <i16 -1, i16 1,
; X86-NEXT:      %[[R:.*]] = add <16 x i16> %x, %[[N]]
define <16 x i16> @alternate_i16_wide(<16 x i16> %x, <16 x i16> %y) {
  %a = add <16 x i16> %x, %y
  %s = sub <16 x i16> %x, %y
  %r = shufflevector <16 x i16> %s, <16 x i16> %a, <16 x i32> <i32 0, i32 17, i32 2, i32 19, i32 4, i32 21, i32 6, i32 23, i32 8, i32 25, i32 10, i32 27, i32 12, i32 29, i32 14, i32 31>
  ret <16 x i16> %r
}

; In a loop on RISC-V V: the factors built once, one `vmadd` (kept outside loops, where
; building them costs more than the masked `vrsub` llc makes).
; RV-LABEL: @in_a_loop(
; RV:            %[[F:.*]] = freeze <8 x i16> <i16 1, i16 -1,
; RV:          loop:
; RV:            %[[N:.*]] = mul <8 x i16> %y, %[[F]]
; RV-NEXT:       %[[R:.*]] = add <8 x i16> %x, %[[N]]
; RV-NEXT:       store <8 x i16> %[[R]]
define void @in_a_loop(ptr %p, ptr %q, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i1, %loop]
  %pa = getelementptr <8 x i16>, ptr %p, i64 %i
  %qa = getelementptr <8 x i16>, ptr %q, i64 %i
  %x = load <8 x i16>, ptr %pa
  %y = load <8 x i16>, ptr %qa
  %a = add <8 x i16> %x, %y
  %s = sub <8 x i16> %x, %y
  %r = shufflevector <8 x i16> %a, <8 x i16> %s, <8 x i32> <i32 0, i32 9, i32 2, i32 11, i32 4, i32 13, i32 6, i32 15>
  store <8 x i16> %r, ptr %pa
  %i1 = add i64 %i, 1
  %c = icmp eq i64 %i1, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}

@fmt = private constant [5 x i8] c"%ld\0A\00"
declare i32 @printf(ptr, ...)

define i32 @main() {
  %r = call <4 x i32> @alternate_i32(<4 x i32> <i32 2147483647, i32 -2147483648, i32 5, i32 -7>, <4 x i32> <i32 1, i32 -2147483648, i32 -2147483648, i32 2147483647>)
  %w = call <16 x i16> @alternate_i16_wide(<16 x i16> <i16 32767, i16 -32768, i16 0, i16 1, i16 -1, i16 100, i16 200, i16 300, i16 400, i16 500, i16 600, i16 700, i16 800, i16 900, i16 1000, i16 1100>, <16 x i16> <i16 1, i16 -32768, i16 -32768, i16 32767, i16 3, i16 4, i16 5, i16 6, i16 7, i16 8, i16 9, i16 10, i16 11, i16 12, i16 13, i16 14>)
  br label %loop
loop:
  %i = phi i32 [ 0, %0 ], [ %n, %loop ]
  %e = extractelement <4 x i32> %r, i32 %i
  %x = sext i32 %e to i64
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %x)
  %j = mul i32 %i, 2
  %f = extractelement <16 x i16> %w, i32 %j
  %y = sext i16 %f to i64
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %y)
  %j1 = add i32 %j, 1
  %g = extractelement <16 x i16> %w, i32 %j1
  %z = sext i16 %g to i64
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %z)
  %n = add i32 %i, 1
  %done = icmp eq i32 %n, 4
  br i1 %done, label %exit, label %loop
exit:
  ret i32 0
}
