; RISC-V V keeps a strided VP access even with every lane active: its plain form is a
; gather or scatter, which sifive-x280 compiled lane by lane (8 lanes of `i32`: about
; 90 instructions) where `vlse32.v`/`vsse32.v` is one (a helper's hunt, 2026-11-27).
; Without EVL (x86) the plain form is still the gather.
; REQUIRES: riscv-registered-target, x86-registered-target
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib -S %s | FileCheck %s --check-prefix=RVV
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes=shuffle-lib %s | %llc -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 | FileCheck %s --check-prefix=ASM
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s --check-prefix=X86

; RVV-LABEL: @all_lanes_load(
; RVV:         call <8 x i32> @llvm.experimental.vp.strided.load
; ASM-LABEL: all_lanes_load:
; ASM:         vlse32.v
; X86-LABEL: @all_lanes_load(
; X86:         call <8 x i32> @llvm.masked.gather
define <8 x i32> @all_lanes_load(ptr %p, i64 %s) {
  %r = call <8 x i32> @llvm.experimental.vp.strided.load.v8i32.i64(ptr %p, i64 %s, <8 x i1> splat (i1 true), i32 8)
  ret <8 x i32> %r
}

; RVV-LABEL: @all_lanes_store(
; RVV:         call void @llvm.experimental.vp.strided.store
; ASM-LABEL: all_lanes_store:
; ASM:         vsse32.v
; X86-LABEL: @all_lanes_store(
; X86:         call void @llvm.masked.scatter
define void @all_lanes_store(<8 x i32> %v, ptr %p, i64 %s) {
  call void @llvm.experimental.vp.strided.store.v8i32.i64(<8 x i32> %v, ptr %p, i64 %s, <8 x i1> splat (i1 true), i32 8)
  ret void
}
