; Lanes no user reads are free for a wide sequence (ir::demanded), but not where the
; value, or the lane-wise call's result, is `noundef`: a poison lane there is undefined
; behaviour. Here lanes 1 and 2 of `umax` are read; `%s` (or the call's result) is
; `noundef`, so every lane of `%s` counts as read. Before (a helper's hunt), RISC-V
; took `vrgather.vi` + `vnsrl` with lanes 8..15 of `%s` poison.
; REQUIRES: riscv-registered-target
; RUN: %opt -passes=shuffle-lib -S %s | %FileCheck %s

; CHECK-LABEL: @argument(
; CHECK-NOT:     i32 poison
; CHECK:         call <16 x i8> @llvm.umax.v16i8(<16 x i8> noundef
; CHECK-LABEL: @result(
; CHECK-NOT:     i32 poison
; CHECK:         call noundef <16 x i8> @llvm.umax.v16i8(

target triple = "riscv64-unknown-linux-gnu"

define void @argument(<16 x i8> %a, <16 x i8> %b, <16 x i8> %x, ptr %out) "target-cpu"="sifive-x280" {
  %s = shufflevector <16 x i8> %a, <16 x i8> %b, <16 x i32> <i32 24, i32 26, i32 24, i32 22, i32 7, i32 14, i32 5, i32 0, i32 14, i32 8, i32 4, i32 11, i32 1, i32 3, i32 21, i32 16>
  %m = call <16 x i8> @llvm.umax.v16i8(<16 x i8> noundef %s, <16 x i8> %x)
  %e0 = extractelement <16 x i8> %m, i32 1
  store i8 %e0, ptr %out
  %p1 = getelementptr i8, ptr %out, i32 1
  %e1 = extractelement <16 x i8> %m, i32 2
  store i8 %e1, ptr %p1
  ret void
}

define void @result(<16 x i8> %a, <16 x i8> %b, <16 x i8> %x, ptr %out) "target-cpu"="sifive-x280" {
  %s = shufflevector <16 x i8> %a, <16 x i8> %b, <16 x i32> <i32 24, i32 26, i32 24, i32 22, i32 7, i32 14, i32 5, i32 0, i32 14, i32 8, i32 4, i32 11, i32 1, i32 3, i32 21, i32 16>
  %m = call noundef <16 x i8> @llvm.umax.v16i8(<16 x i8> %s, <16 x i8> %x)
  %e0 = extractelement <16 x i8> %m, i32 1
  store i8 %e0, ptr %out
  %p1 = getelementptr i8, ptr %out, i32 1
  %e1 = extractelement <16 x i8> %m, i32 2
  store i8 %e1, ptr %p1
  ret void
}

declare <16 x i8> @llvm.umax.v16i8(<16 x i8>, <16 x i8>)
