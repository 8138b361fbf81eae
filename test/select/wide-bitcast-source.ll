; A shuffle of a bitcast is measured with the bitcast (ir::lower::measured_inputs).
; RISC-V V without vector `half`s (no zvfh): a `<16 x half>` argument arrives in
; memory and is built lane by lane. The chain's one shuffle of bytes takes four of
; them; the backend builds only those (16 instructions). A wide sequence measured on a
; `<32 x i8>` argument was 6 instructions against 7, but it freezes its source whole:
; in the function, all 32 bytes were built, 130 instructions with 31 `vslide1down`
; (found by a helper's hunt). Measured from the `<16 x half>`, it is not taken; nor
; is it tried now, next to a `<16 x half>` the target has no register of
; (pass::select::halves_apart).
; REQUIRES: riscv-registered-target
; RUN: %opt -passes=shuffle-lib -pass-remarks=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; RUN: %opt -passes=shuffle-lib %s -S | %FileCheck %s --check-prefix=IR
; RUN: %opt -passes=shuffle-lib %s | %llc -O3 | %FileCheck %s --check-prefix=ASM

; REMARK: chain: 2 shuffles through 2 bitcasts
; REMARK-NOT: wide sequence

; IR-LABEL: @f4(
; IR-NOT:     freeze
; IR:         ret <16 x i16>

; ASM-LABEL: f4:
; ASM-COUNT-3: vslide1down.vx
; ASM-NOT:     vslide1down.vx
; ASM:         ret

target datalayout = "e-m:e-p:64:64-i64:64-i128:128-n32:64-S128"
target triple = "riscv64-unknown-linux-gnu"

define <16 x i16> @f4(<16 x half> %x) #0 {
  %1 = bitcast <16 x half> %x to <32 x i8>
  %2 = shufflevector <32 x i8> %1, <32 x i8> zeroinitializer, <32 x i32> <i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 23, i32 22, i32 21, i32 20, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %3 = bitcast <32 x i8> %2 to <16 x i16>
  %4 = shufflevector <16 x i16> %3, <16 x i16> zeroinitializer, <16 x i32> <i32 poison, i32 poison, i32 5, i32 4, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  ret <16 x i16> %4
}

attributes #0 = { "target-features"="+v" }
