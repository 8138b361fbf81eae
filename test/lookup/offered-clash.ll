; A table load is not offered where the name of one of its lookup function's vector
; forms is taken: the call's `vector-function-abi-variant` would name another function.
; REQUIRES: aarch64-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<early>' -S %s | FileCheck %s

@digits = internal constant [16 x i8] c"0123456789abcdef"

; CHECK-LABEL: define <16 x i8> @shuf.lookup.digits.8.16.v16(
; CHECK-NEXT:    ret <16 x i8> %x
define <16 x i8> @shuf.lookup.digits.8.16.v16(<16 x i8> %x) {
  ret <16 x i8> %x
}

; CHECK-LABEL: define i8 @f(
; CHECK-NOT:     call
; CHECK:         load i8, ptr %p
; CHECK-NOT:     define {{.*}}@shuf.lookup.digits.8.16(
; CHECK-NOT:     define {{.*}}@shuf.lookup.digits.8.16.v8(
define i8 @f(i8 %b) {
  %x = and i8 %b, 15
  %z = zext i8 %x to i64
  %p = getelementptr inbounds i8, ptr @digits, i64 %z
  %v = load i8, ptr %p
  ret i8 %v
}
