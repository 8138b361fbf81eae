; MIPS, which the plugin is not made for, compiles too: a shuffle in a loop was measured
; by its cycles, and the shim read the listing back with a bare streamer, which the
; MIPS assembly parser's `.ent`/`.frame` directives crashed (opt and clang segfaulted
; on every MIPS target; found by a helper's hunt, 2026-11-27). Listings are now read
; back for x86, AArch64 and RISC-V only; elsewhere the count alone decides.
; REQUIRES: mips-registered-target
; RUN: %opt -mtriple=mips64el-linux-gnuabi64 -mattr=+msa -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=mips64el-linux-gnuabi64 -passes='default<O3>' -S %s | %llc -mtriple=mips64el-linux-gnuabi64 -o /dev/null

; CHECK-LABEL: @shuffle_in_a_loop(
; CHECK:         ret void
define void @shuffle_in_a_loop(<4 x i16> %x, ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = shufflevector <4 x i16> %x, <4 x i16> zeroinitializer, <4 x i32> <i32 poison, i32 3, i32 5, i32 7>
  %q = getelementptr <4 x i16>, ptr %p, i64 %i
  store <4 x i16> %s, ptr %q
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
