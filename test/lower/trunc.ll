; Truncation shuffles (every k-th lane) become trunc of wider elements, and lane
; index > 0 an lshr first; x86-64-v3: 7 instructions before, 5 after (vpshufb+vpermq
; against vpand+vpackuswb).
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 | FileCheck %s --check-prefix=X86
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -S %s | FileCheck %s --check-prefixes=CHECK,ODD
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -S %s | %llc -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 | FileCheck %s --check-prefix=RVV
; REQUIRES: riscv-registered-target

; CHECK-LABEL: @even_bytes(
; CHECK-NEXT:    %1 = freeze <32 x i8> %x
; CHECK-NEXT:    %2 = bitcast <32 x i8> %1 to <16 x i16>
; CHECK-NEXT:    %s = trunc <16 x i16> %2 to <16 x i8>
; CHECK-NEXT:    ret <16 x i8> %s
; X86-LABEL:   even_bytes:
; X86:           vpackuswb
; X86-NOT:       vpshufb
; X86:           retq
define <16 x i8> @even_bytes(<32 x i8> %x) {
  %s = shufflevector <32 x i8> %x, <32 x i8> poison, <16 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14, i32 16, i32 18, i32 20, i32 22, i32 24, i32 26, i32 28, i32 30>
  ret <16 x i8> %s
}

; The odd bytes: shift right by 8 first, where TTI rates it cheaper than the shuffle
; (RISC-V V: one vnsrl; x86-64-v3 keeps its shuffle).
; CHECK-LABEL: @odd_bytes(
; ODD-NEXT:      %1 = freeze <32 x i8> %x
; ODD-NEXT:      %2 = bitcast <32 x i8> %1 to <16 x i16>
; ODD-NEXT:      %3 = lshr <16 x i16> %2, splat (i16 8)
; ODD-NEXT:      %s = trunc <16 x i16> %3 to <16 x i8>
; RVV-LABEL:   odd_bytes:
; RVV:           vnsrl.wi v8, v8, 8
; RVV-NEXT:      ret
define <16 x i8> @odd_bytes(<32 x i8> %x) {
  %s = shufflevector <32 x i8> %x, <32 x i8> poison, <16 x i32> <i32 1, i32 3, i32 5, i32 7, i32 9, i32 11, i32 13, i32 15, i32 17, i32 19, i32 21, i32 23, i32 25, i32 27, i32 29, i32 31>
  ret <16 x i8> %s
}
