; A panic in the Rust core never reaches LLVM: the function is left exactly as it was,
; a warning names it, opt succeeds and the output verifies.
; RUN: %opt -passes='shuffle-lib<inject-panic>' -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARN < %t.err
; RUN: %opt -passes='shuffle-lib<inject-panic>,verify' -disable-output %s 2>/dev/null

; CHECK-LABEL: define <4 x i32> @f(
; CHECK-NEXT:    %s = shufflevector <4 x i32> zeroinitializer, <4 x i32> %x, <4 x i32> <i32 4, i32 2, i32 5, i32 1>
; WARN: warning: shuffle-lib: internal error on function 'f'; the function was left unchanged

define <4 x i32> @f(<4 x i32> %x) {
  %s = shufflevector <4 x i32> zeroinitializer, <4 x i32> %x, <4 x i32> <i32 4, i32 2, i32 5, i32 1>
  ret <4 x i32> %s
}
