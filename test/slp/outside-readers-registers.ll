; A scalar read outside an SLP tree is measured handed to an empty inline asm that
; takes it in a register of its kind; where the subtarget has no such register (x86
; without SSE, 32-bit, or with soft float, RISC-V without F or D: `+forced-atomics`,
; `+dlen-factor-2` and `+disable-latency-sched-heuristic` are no `+f` or `+d`), the
; extract is priced instead (one instruction) and nothing fails: before, such an asm
; made the host compiler fail (`couldn't allocate input reg for constraint`) or abort
; (soft float). With soft float nothing is measured (test/plugin/no-vector-unit.ll).
; REQUIRES: x86-registered-target, riscv-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<slp-threshold=-100>' -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=MEASURED
; RUN: %opt -mtriple=i686-linux-gnu -mcpu=pentium4 -passes='shuffle-lib<slp-threshold=-100>' -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=PRICED
; RUN: %opt -mtriple=x86_64-linux-gnu -mattr=+soft-float -passes='shuffle-lib<slp-threshold=-100>' -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=NONE --allow-empty
; RUN: %opt -mtriple=riscv64-linux-gnu -mattr=+forced-atomics -passes='shuffle-lib<slp-threshold=-100>' -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=PRICED
; RUN: %opt -mtriple=riscv64-linux-gnu -mattr=+dlen-factor-2,+disable-latency-sched-heuristic -passes='shuffle-lib<slp-threshold=-100>' -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=PRICED

; MEASURED: 2 extracts measured
; NONE-NOT: slp:
; PRICED-NOT: extracts measured
; PRICED: 2 extracts)
define float @read_after(ptr noalias %d, ptr noalias %a, ptr noalias %b) {
  %xa0 = load float, ptr %a, align 4
  %xb0 = load float, ptr %b, align 4
  %s0 = fmul float %xa0, %xb0
  store float %s0, ptr %d, align 4
  %pa1 = getelementptr inbounds i8, ptr %a, i64 4
  %xa1 = load float, ptr %pa1, align 4
  %pb1 = getelementptr inbounds i8, ptr %b, i64 4
  %xb1 = load float, ptr %pb1, align 4
  %s1 = fmul float %xa1, %xb1
  %pd1 = getelementptr inbounds i8, ptr %d, i64 4
  store float %s1, ptr %pd1, align 4
  %pa2 = getelementptr inbounds i8, ptr %a, i64 8
  %xa2 = load float, ptr %pa2, align 4
  %pb2 = getelementptr inbounds i8, ptr %b, i64 8
  %xb2 = load float, ptr %pb2, align 4
  %s2 = fmul float %xa2, %xb2
  %pd2 = getelementptr inbounds i8, ptr %d, i64 8
  store float %s2, ptr %pd2, align 4
  %pa3 = getelementptr inbounds i8, ptr %a, i64 12
  %xa3 = load float, ptr %pa3, align 4
  %pb3 = getelementptr inbounds i8, ptr %b, i64 12
  %xb3 = load float, ptr %pb3, align 4
  %s3 = fmul float %xa3, %xb3
  %pd3 = getelementptr inbounds i8, ptr %d, i64 12
  store float %s3, ptr %pd3, align 4
  %m = fadd float %xa1, %xa3
  ret float %m
}
