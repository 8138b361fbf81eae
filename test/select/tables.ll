; AArch64 (neoverse-n1): a shuffle wider than a register whose result registers read
; three or more of the operands' 16-byte registers (a zero vector counted as one) is
; one `tbl3`/`tbl4` per result register with one constant index, and a `tbx` per next
; four registers; `llc` builds each result from two `tbl2` and a `bsl` with three
; constants. Decided by measuring both with llc. A result of two registers stays a
; shuffle; x86 is left alone.
; REQUIRES: aarch64-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<late>' -S %s | FileCheck %s
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<late>' -S %s | %llc -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 | FileCheck %s --check-prefix=ASM
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<late>' -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late>' -S %s | FileCheck %s --check-prefix=X86
; Forced (every plan built, the other rewrites off): what the pass leaves, it leaves by its own rules.
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<late;lower-always;no-networks;no-compute;no-lower;no-pieces;no-joins;no-chains>' -S %s | FileCheck %s --check-prefix=ALWAYS

; Four registers in each result: two tbl4 on one register tuple.
; CHECK-LABEL: @four(
; CHECK:         %[[A0:.*]] = shufflevector <32 x i8> %a, <32 x i8> poison, <16 x i32> <i32 0, i32 1,
; CHECK:         %[[T0:.*]] = call <16 x i8> @llvm.aarch64.neon.tbl4.v16i8(<16 x i8> %[[A0]], <16 x i8> %{{.*}}, <16 x i8> %{{.*}}, <16 x i8> %{{.*}}, <16 x i8> <i8 30, i8 16, i8 47, i8 60, i8 8, i8 1, i8 60, i8 33, i8 29, i8 24, i8 60, i8 60, i8 50, i8 19, i8 29, i8 19>)
; CHECK:         %[[T1:.*]] = call <16 x i8> @llvm.aarch64.neon.tbl4.v16i8(
; CHECK:         %s = shufflevector <16 x i8> %[[T0]], <16 x i8> %[[T1]], <32 x i32> <i32 0, i32 1, i32 2,
; CHECK-NOT:     shufflevector <32 x i8> %a, <32 x i8> %b
; CHECK:         ret void
; ASM-LABEL: four:
; ASM:           tbl v{{[0-9]+}}.16b, { v[[R:[0-9]+]].16b, v{{[0-9]+}}.16b, v{{[0-9]+}}.16b, v{{[0-9]+}}.16b }
; ASM:           tbl v{{[0-9]+}}.16b, { v[[R]].16b, v{{[0-9]+}}.16b, v{{[0-9]+}}.16b, v{{[0-9]+}}.16b }
; ASM-NOT:       {{bsl|bif|bit}}
; ASM:           ret
; REMARK: remark: {{.*}}tables: mask <30,16,47,60,{{.*}}> (llc {{[0-9]+}} in {{.*}} cycles) became tbl4 tbl4 (described 8, llc {{[0-9]+}} in {{.*}} cycles)
; X86-LABEL: @four(
; X86-NOT:       aarch64
; X86:           ret void
define void @four(ptr %p, ptr %q, ptr %o) {
  %a = load <32 x i8>, ptr %p
  %b = load <32 x i8>, ptr %q
  %s = shufflevector <32 x i8> %a, <32 x i8> %b, <32 x i32> <i32 30, i32 16, i32 47, i32 60, i32 8, i32 1, i32 60, i32 33, i32 29, i32 24, i32 60, i32 60, i32 50, i32 19, i32 29, i32 19, i32 49, i32 1, i32 8, i32 20, i32 5, i32 38, i32 3, i32 34, i32 60, i32 49, i32 54, i32 50, i32 56, i32 17, i32 46, i32 12>
  store <32 x i8> %s, ptr %o
  ret void
}

; Seven registers: tbl4 of the first four, tbx3 of the rest (kept where past them).
; CHECK-LABEL: @seven(
; CHECK:         %[[L:.*]] = call <16 x i8> @llvm.aarch64.neon.tbl4.v16i8(
; CHECK:         call <16 x i8> @llvm.aarch64.neon.tbx3.v16i8(<16 x i8> %[[L]],
; CHECK-NOT:     shufflevector <64 x i8> %a, <64 x i8> %b
; ASM-LABEL: seven:
; ASM:           tbl v[[V:[0-9]+]].16b, { v{{[0-9]+}}.16b, v{{[0-9]+}}.16b, v{{[0-9]+}}.16b, v{{[0-9]+}}.16b }
; ASM:           tbx v[[V]].16b, { v{{[0-9]+}}.16b, v{{[0-9]+}}.16b, v{{[0-9]+}}.16b }
; ASM-NOT:       {{bsl|bif|bit}}
; ASM:           ret
define void @seven(ptr %p, ptr %q, ptr %o) {
  %a = load <64 x i8>, ptr %p
  %b = load <64 x i8>, ptr %q
  %s = shufflevector <64 x i8> %a, <64 x i8> %b, <16 x i32> <i32 115, i32 119, i32 115, i32 48, i32 47, i32 121, i32 47, i32 24, i32 114, i32 77, i32 36, i32 23, i32 10, i32 101, i32 115, i32 40>
  store <16 x i8> %s, ptr %o
  ret void
}

; Two registers and zeros: one tbl2, whose index past the table zeroes (255).
; CHECK-LABEL: @zeros(
; CHECK:         call <16 x i8> @llvm.aarch64.neon.tbl2.v16i8(<16 x i8> %{{.*}}, <16 x i8> %{{.*}}, <16 x i8> <i8 0, i8 3, i8 12, i8 -1, i8 -1, i8 12, i8 -1, i8 0, i8 -1, i8 26,
; ASM-LABEL: zeros:
; ASM:           tbl
; ASM-NOT:       {{bsl|bif|bit|movi}}
; ASM:           ret
define void @zeros(ptr %p, ptr %o) {
  %a = load <32 x i8>, ptr %p
  %s = shufflevector <32 x i8> %a, <32 x i8> zeroinitializer, <16 x i32> <i32 0, i32 3, i32 12, i32 40, i32 40, i32 12, i32 40, i32 0, i32 40, i32 26, i32 40, i32 40, i32 1, i32 40, i32 40, i32 24>
  store <16 x i8> %s, ptr %o
  ret void
}

; Each result reads two registers: the backend's shuffle, unchanged.
; CHECK-LABEL: @two(
; CHECK-NEXT:    %a = load
; CHECK-NEXT:    %b = load
; CHECK-NEXT:    %s = shufflevector <32 x i8> %a, <32 x i8> %b
; CHECK-NOT:     aarch64
; CHECK:         ret void
define void @two(ptr %p, ptr %q, ptr %o) {
  %a = load <32 x i8>, ptr %p
  %b = load <32 x i8>, ptr %q
  %s = shufflevector <32 x i8> %a, <32 x i8> %b, <32 x i32> <i32 16, i32 23, i32 30, i32 37, i32 44, i32 19, i32 26, i32 33, i32 40, i32 47, i32 22, i32 29, i32 36, i32 43, i32 18, i32 25, i32 32, i32 39, i32 46, i32 21, i32 28, i32 35, i32 42, i32 17, i32 24, i32 31, i32 38, i32 45, i32 20, i32 27, i32 34, i32 41>
  store <32 x i8> %s, ptr %o
  ret void
}

; Wider elements: llc's own lanes moves are fewer cycles by the scheduling model than
; two tbl4 (10 instructions in 4.67 cycles against 8 in 6.00): kept.
; CHECK-LABEL: @words(
; CHECK-NEXT:    %a = load
; CHECK-NEXT:    %b = load
; CHECK-NEXT:    %s = shufflevector <8 x i32> %a, <8 x i32> %b
; CHECK-NOT:     aarch64
; CHECK:         ret void
; REMARK-NOT: tables: mask <7,0,13,9
; ALWAYS-LABEL: @words(
; ALWAYS:         call <16 x i8> @llvm.aarch64.neon.tbl4.v16i8(
define void @words(ptr %p, ptr %q, ptr %o) {
  %a = load <8 x i32>, ptr %p
  %b = load <8 x i32>, ptr %q
  %s = shufflevector <8 x i32> %a, <8 x i32> %b, <8 x i32> <i32 7, i32 0, i32 13, i32 9, i32 2, i32 15, i32 4, i32 10>
  store <8 x i32> %s, ptr %o
  ret void
}

; An interleave into a store is the backend's st4 (measured alone it would not be).
; CHECK-LABEL: @stored_interleave(
; CHECK-NEXT:    %s = shufflevector <16 x float> %a, <16 x float> %b
; CHECK-NOT:     aarch64
; CHECK:         ret void
; ASM-LABEL: stored_interleave:
; ASM:           st4
; ALWAYS-LABEL: @stored_interleave(
; ALWAYS-NEXT:    %s = shufflevector <16 x float> %a, <16 x float> %b
; ALWAYS-NOT:     aarch64
; ALWAYS:         ret void
define void @stored_interleave(<16 x float> %a, <16 x float> %b, ptr %o) {
  %s = shufflevector <16 x float> %a, <16 x float> %b, <32 x i32> <i32 0, i32 8, i32 16, i32 24, i32 1, i32 9, i32 17, i32 25, i32 2, i32 10, i32 18, i32 26, i32 3, i32 11, i32 19, i32 27, i32 4, i32 12, i32 20, i32 28, i32 5, i32 13, i32 21, i32 29, i32 6, i32 14, i32 22, i32 30, i32 7, i32 15, i32 23, i32 31>
  store <32 x float> %s, ptr %o
  ret void
}

; Constant operands (the builder folds their registers into constants, which are not
; instructions to erase) and results of three registers (not joined in pairs): left
; alone, no crash (found by the differential generator).
; CHECK-LABEL: @constants(
; CHECK-NEXT:    shufflevector <12 x float> zeroinitializer
; CHECK-LABEL: @bytes_of_constants(
; CHECK-NOT:     aarch64
; CHECK:         ret
define <12 x float> @constants() {
  %v = shufflevector <12 x float> zeroinitializer, <12 x float> <float undef, float poison, float -0.0, float 3.0, float poison, float 1.5, float -0.0, float 2.0, float 1.0, float poison, float poison, float 6.0>, <12 x i32> <i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 23, i32 17, i32 15>
  ret <12 x float> %v
}
define <16 x i8> @bytes_of_constants() {
  %v = shufflevector <32 x i8> <i8 1, i8 2, i8 3, i8 4, i8 5, i8 6, i8 7, i8 8, i8 9, i8 10, i8 11, i8 12, i8 13, i8 14, i8 15, i8 16, i8 17, i8 18, i8 19, i8 20, i8 21, i8 22, i8 23, i8 24, i8 25, i8 26, i8 27, i8 28, i8 29, i8 30, i8 31, i8 32>, <32 x i8> <i8 41, i8 42, i8 43, i8 44, i8 45, i8 46, i8 47, i8 48, i8 49, i8 50, i8 51, i8 52, i8 53, i8 54, i8 55, i8 56, i8 57, i8 58, i8 59, i8 60, i8 61, i8 62, i8 63, i8 64, i8 65, i8 66, i8 67, i8 68, i8 69, i8 70, i8 71, i8 72>, <16 x i32> <i32 0, i32 17, i32 34, i32 51, i32 1, i32 18, i32 35, i32 52, i32 2, i32 19, i32 36, i32 53, i32 3, i32 20, i32 37, i32 54>
  ret <16 x i8> %v
}

; Only a lane of the result read (through a bitcast): the backend drops the lanes no one
; reads from a shuffle, not from a tbl: left alone (measured alone, the tables win).
; CHECK-LABEL: @read_in_part(
; CHECK-NEXT:    %a = load
; CHECK-NEXT:    %b = load
; CHECK-NEXT:    %s = shufflevector <32 x i8> %a, <32 x i8> %b
; CHECK-NOT:     aarch64
; CHECK:         ret i64
define i64 @read_in_part(ptr %p, ptr %q) {
  %a = load <32 x i8>, ptr %p
  %b = load <32 x i8>, ptr %q
  %s = shufflevector <32 x i8> %a, <32 x i8> %b, <32 x i32> <i32 30, i32 16, i32 47, i32 60, i32 8, i32 1, i32 60, i32 33, i32 29, i32 24, i32 60, i32 60, i32 50, i32 19, i32 29, i32 19, i32 49, i32 1, i32 8, i32 20, i32 5, i32 38, i32 3, i32 34, i32 60, i32 49, i32 54, i32 50, i32 56, i32 17, i32 46, i32 12>
  %w = bitcast <32 x i8> %s to <4 x i64>
  %e = extractelement <4 x i64> %w, i32 0
  ret i64 %e
}
