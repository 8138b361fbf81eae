; Selection of wider shuffles (pass::select_wide): eight lanes and more in one 128- or
; 256-bit register, searched over the wide descriptions (lower::wide_search) and used
; where the sequence compiles to fewer instructions than the shuffle.
; x86-64-v2: <3,2,1,0,7,6,5,4> of i16 is pshuflw + pshufhw in stock, one pshufb with a
; constant selected (x86-64-v3 lowers it so itself: left alone). Four i16 lanes each
; taken twice: stock's zero blends and two packs (6) become shufps + pshufb (2); NEON's
; tbl with its index load (3) two uzp1. x86-64-v3: <4,12,5,13,6,14,7,5> of i32 is two
; vpermps and a blend (5), selected: vperm2f128 and one vpermps (3). One instruction
; (an unpack) is left alone everywhere. x86-64-v4: the odd i16 lanes of two registers,
; stock two shifts and a truncating pack of a joined register (3), become one vpermt2w
; (vpermi2w) with its index (2). Even bytes of two registers on x86-64-v2: stock masks
; both and packs (4); not two pshufb with one index and an unpack (llc loads the index
; into a register for both, 4), but two whose indices differ, each folded, and a blend (3).
; REQUIRES: x86-registered-target, aarch64-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v2 -passes=shuffle-lib -S %s | FileCheck %s --check-prefix=V2
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v2 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v2 | FileCheck %s --check-prefix=V2ASM
; RUN: %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v2 %s -o - | FileCheck %s --check-prefix=V2STOCK
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s --check-prefix=V3
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 | FileCheck %s --check-prefix=V3ASM
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | FileCheck %s --check-prefix=N1
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | %llc -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 | FileCheck %s --check-prefix=N1ASM
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v4 -passes=shuffle-lib -S %s | FileCheck %s --check-prefix=V4
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v4 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v4 | FileCheck %s --check-prefix=V4ASM
; RUN: %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v4 %s -o - | FileCheck %s --check-prefix=V4STOCK
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=MISSED
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v2 -passes='shuffle-lib<no-select>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v2 -passes=shuffle-lib -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

; V2-LABEL: @swap_quads(
; V2-NEXT:    [[X:%.*]] = bitcast <8 x i16> %a to <16 x i8>
; V2-NEXT:    [[T:%.*]] = call <16 x i8> @llvm.x86.ssse3.pshuf.b.128(<16 x i8> [[X]], <16 x i8> <i8 6, i8 7, i8 4, i8 5, i8 2, i8 3, i8 0, i8 1, i8 14, i8 15, i8 12, i8 13, i8 10, i8 11, i8 8, i8 9>)
; V2-NEXT:    %s = bitcast <16 x i8> [[T]] to <8 x i16>
; V2-NEXT:    ret <8 x i16> %s
; V2ASM-LABEL: swap_quads:
; V2ASM:  pshufb
; V2ASM-NEXT:  retq
; V2STOCK-LABEL: swap_quads:
; V2STOCK:  pshuflw
; V2STOCK-NEXT:  pshufhw
; V2STOCK-NEXT:  retq
; V3-LABEL: @swap_quads(
; V3-NEXT:    %s = shufflevector <8 x i16> %a, <8 x i16> poison
; OFF-LABEL: @swap_quads(
; OFF-NEXT:   %s = shufflevector <8 x i16> %a, <8 x i16> poison
; REMARK: wide sequence: mask <3,2,1,0,7,6,5,4> (llc 2) became pshufb:8 (described 1, llc 1)
define <8 x i16> @swap_quads(<8 x i16> %a) {
  %s = shufflevector <8 x i16> %a, <8 x i16> poison, <8 x i32> <i32 3, i32 2, i32 1, i32 0, i32 7, i32 6, i32 5, i32 4>
  ret <8 x i16> %s
}

; V2-LABEL: @lanes_twice(
; V2:         shufflevector <4 x i32> {{.*}}, <4 x i32> {{.*}}, <4 x i32> <i32 2, i32 0, i32 6, i32 4>
; V2:         @llvm.arithmetic.fence.v4f32
; V2:         @llvm.x86.ssse3.pshuf.b.128
; V2ASM-LABEL: lanes_twice:
; V2ASM:  shufps
; V2ASM-NEXT:  #ARITH_FENCE
; V2ASM-NEXT:  pshufb
; V2ASM-NEXT:  retq
; V2STOCK-LABEL: lanes_twice:
; V2STOCK:       packusdw
; V2STOCK:       packusdw
; N1-LABEL: @lanes_twice(
; N1:         shufflevector <4 x i32> {{.*}}, <4 x i32> {{.*}}, <4 x i32> <i32 0, i32 2, i32 4, i32 6>
; N1:         shufflevector <8 x i16> {{.*}}, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
; N1ASM-LABEL: lanes_twice:
; N1ASM:  uzp1 v0.4s
; N1ASM-NEXT:  //ARITH_FENCE
; N1ASM-NEXT:  uzp1 v0.8h
; N1ASM-NEXT:  ret
define <8 x i16> @lanes_twice(<8 x i16> %a, <8 x i16> %b) {
  %s = shufflevector <8 x i16> %a, <8 x i16> %b, <8 x i32> <i32 0, i32 4, i32 8, i32 12, i32 0, i32 4, i32 8, i32 12>
  ret <8 x i16> %s
}

; V3-LABEL: @two_sources(
; V3:         shufflevector <4 x i64> {{.*}}, <4 x i64> {{.*}}, <4 x i32> <i32 6, i32 7, i32 2, i32 3>
; V3:         @llvm.arithmetic.fence.v8f32
; V3:         %s = call <8 x i32> @llvm.x86.avx2.permd(
; V3ASM-LABEL: two_sources:
; V3ASM:  vperm2f128
; V3ASM-NEXT:  #ARITH_FENCE
; V3ASM-NEXT:  vmovaps
; V3ASM-NEXT:  vpermps
; V3ASM-NEXT:  retq
define <8 x i32> @two_sources(<8 x i32> %a, <8 x i32> %b) {
  %s = shufflevector <8 x i32> %a, <8 x i32> %b, <8 x i32> <i32 4, i32 12, i32 5, i32 13, i32 6, i32 14, i32 7, i32 5>
  ret <8 x i32> %s
}

; V2-LABEL: @one_instruction(
; V2-NEXT:    %s = shufflevector
; V3-LABEL: @one_instruction(
; V3-NEXT:    %s = shufflevector
; N1-LABEL: @one_instruction(
; N1-NEXT:    %s = shufflevector
define <8 x i16> @one_instruction(<8 x i16> %a, <8 x i16> %b) {
  %s = shufflevector <8 x i16> %a, <8 x i16> %b, <8 x i32> <i32 0, i32 8, i32 1, i32 9, i32 2, i32 10, i32 3, i32 11>
  ret <8 x i16> %s
}
; V4-LABEL: @odd_lanes(
; V4:         %s = call <8 x i16> @llvm.x86.avx512.vpermi2var.hi.128(<8 x i16> %a, <8 x i16> <i16 1, i16 3, i16 5, i16 7, i16 9, i16 11, i16 13, i16 15>, <8 x i16> %b)
; V4ASM-LABEL: odd_lanes:
; V4ASM:       vmovdqa
; V4ASM-NEXT:  vperm{{[it]}}2w
; V4ASM-NEXT:  retq
; V4STOCK-LABEL: odd_lanes:
; V4STOCK:     vpsrld
; V4STOCK:     vpsrld
; V4STOCK:     vpackusdw
define <8 x i16> @odd_lanes(<8 x i16> %a, <8 x i16> %b) {
  %s = shufflevector <8 x i16> %a, <8 x i16> %b, <8 x i32> <i32 1, i32 3, i32 5, i32 7, i32 9, i32 11, i32 13, i32 15>
  ret <8 x i16> %s
}
; V2-LABEL: @even_bytes(
; V2:         [[A:%.*]] = freeze <16 x i8> %a
; V2:         [[B:%.*]] = freeze <16 x i8> %b
; V2:         @llvm.x86.ssse3.pshuf.b.128(<16 x i8> [[B]], <16 x i8> <i8 -128, i8 -128, i8 -128, i8 -128, i8 -128, i8 -128, i8 -128, i8 -128, i8 0, i8 2,
; V2:         @llvm.x86.ssse3.pshuf.b.128(<16 x i8> [[A]], <16 x i8> <i8 0, i8 2,
; V2ASM-LABEL: even_bytes:
; V2ASM-NOT:   movdqa
; V2ASM:       pshufb .LCPI{{.*}}(%rip), %xmm1
; V2ASM-NOT:   movdqa
; V2ASM:       pshufb .LCPI{{.*}}(%rip), %xmm0
; V2ASM-NOT:   movdqa
; V2ASM:       blendps
; V2ASM-NEXT:  retq
; V2STOCK-LABEL: even_bytes:
; V2STOCK:     pand
; V2STOCK:     pand
; V2STOCK:     packuswb
; REMARK: wide sequence: mask <0,2,4,6,8,10,12,14,16,18,20,22,24,26,28,30> (llc 4) became pshufb:8 + pshufb:8 + {{.*}} (described 3, llc 3)
define <16 x i8> @even_bytes(<16 x i8> %a, <16 x i8> %b) {
  %s = shufflevector <16 x i8> %a, <16 x i8> %b, <16 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14, i32 16, i32 18, i32 20, i32 22, i32 24, i32 26, i32 28, i32 30>
  ret <16 x i8> %s
}
; A sequence the descriptions rank cheaper that does not compile shorter is left, with
; a missed remark: NEON's lane insertion overwrites its operand, which zip1 still
; reads, so llc copies it first (the search counts no register copies).
; N1-LABEL: @insertion_then_zip(
; N1-NEXT:    %s = shufflevector
; MISSED: wide sequence not used: mask <8,7,poison,9,10,poison,poison,poison> (llc 3): ins:16 + zip1:32 described 2, llc 3
define <8 x i16> @insertion_then_zip(<8 x i16> %a, <8 x i16> %b) {
  %s = shufflevector <8 x i16> %a, <8 x i16> %b, <8 x i32> <i32 8, i32 7, i32 poison, i32 9, i32 10, i32 poison, i32 poison, i32 poison>
  ret <8 x i16> %s
}
