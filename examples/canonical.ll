; The example the README runs (scripts/demo.sh): shuffles that are not in canonical form.
; The identity goes; the other is rewritten only if the target (x86-64) rates the
; canonical mask cheaper, and a missed remark says what the costs were.
target triple = "x86_64-pc-linux-gnu"

define <4 x i32> @zero_first(<4 x i32> %x) {
  %s = shufflevector <4 x i32> zeroinitializer, <4 x i32> %x, <4 x i32> <i32 4, i32 2, i32 5, i32 1>
  ret <4 x i32> %s
}

define <4 x float> @identity_of_second(<4 x float> %a, <4 x float> %b) {
  %s = shufflevector <4 x float> %a, <4 x float> %b, <4 x i32> <i32 4, i32 5, i32 6, i32 7>
  ret <4 x float> %s
}
