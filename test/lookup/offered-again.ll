; A lookup function made by an earlier run of shuffle-lib<early> is reused only while
; it is as that run made it. Passes between the runs change it: IPSCCP gives its
; parameter `range(i8 0, 8)` from its one call (@low), GlobalOpt makes it `fastcc`.
; A new call from @high (index below 16) of the C convention was then UB, and the
; next passes made @high `unreachable` (a helper's hunt, 2026-11-27: lli crashed).
; Now @high is not offered there; its load stays a load (or a lookup).
; REQUIRES: x86-registered-target
; RUN: %opt -passes='shuffle-lib<early>' -S %s | %opt -passes='default<O3>' -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@t = internal constant [16 x i8] c"0123456789abcdef"

; CHECK-LABEL: @high(
; CHECK-NOT:     unreachable
; CHECK:         ret i8
; CHECK-LABEL: @main(

; Index proved below 8 already in the first run.
define i8 @low(i8 %b) #0 {
  %x = and i8 %b, 7
  %z = zext i8 %x to i64
  %p = getelementptr inbounds i8, ptr @t, i64 %z
  %v = load i8, ptr %p
  ret i8 %v
}

; Index proved below 16 only once InstCombine has made the ashr an lshr.
define i8 @high(i8 %b) #0 {
  %w = zext i8 %b to i32
  %s = ashr i32 %w, 4
  %z = sext i32 %s to i64
  %p = getelementptr inbounds i8, ptr @t, i64 %z
  %v = load i8, ptr %p
  ret i8 %v
}

define i32 @main(i8 %b) #0 {
  %l = call i8 @low(i8 %b)
  %h = call i8 @high(i8 %b)
  %lz = zext i8 %l to i32
  %hz = zext i8 %h to i32
  %r = add i32 %lz, %hz
  ret i32 %r
}

attributes #0 = { noinline "target-cpu"="x86-64-v3" }
