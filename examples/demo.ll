; The example the README runs (scripts/demo.sh), for x86-64-v3.
;
; 1. VP intrinsics with a run-time mask and vector length. Stock LLVM 22 cannot compile
;    these for x86 (llc: "Cannot select"); shuffle-lib lowers them to plain IR guarded
;    by the active lanes, which compiles.
; 2. Shuffles: the pattern library names each one; a shuffle that only copies an
;    operand goes away; one that non-shuffle IR computes more cheaply becomes it (the
;    even bytes of 32 are a truncation: vpand + vpackuswb instead of vpshufb + vpermq);
;    one the backend lowers with more instructions than the cheapest sequence of the
;    target's instructions becomes that sequence (low_pair: 3 shuffle instructions -> 2).
; 3. Casts: four u32 -> u8 truncations stored side by side (the loop vectorizer's
;    narrowing) become two vpackusdw, a vpackuswb and a vpermd (16 shuffle
;    instructions -> 4).
; 4. Networks: an 8x8 float transpose written as one <64 x float> shuffle (stock: about
;    100 instructions, element by element) becomes three stages of eight register
;    shuffles (vunpcklps/vshufps/vperm2f128-shaped, priced by what llc emits for each).
target triple = "x86_64-pc-linux-gnu"

; Round the active lanes up (inactive lanes are poison).
define <8 x float> @ceil_active(<8 x float> %x, <8 x i1> %m, i32 %evl) {
  %r = call <8 x float> @llvm.vp.ceil.v8f32(<8 x float> %x, <8 x i1> %m, i32 %evl)
  ret <8 x float> %r
}

; Reverse the first %evl lanes.
define <4 x i32> @reverse_prefix(<4 x i32> %x, i32 %evl) {
  %r = call <4 x i32> @llvm.experimental.vp.reverse.v4i32(<4 x i32> %x, <4 x i1> splat (i1 true), i32 %evl)
  ret <4 x i32> %r
}

; The even bytes of 32: a truncation of 16-bit elements.
define <16 x i8> @even_bytes(<32 x i8> %x) {
  %s = shufflevector <32 x i8> %x, <32 x i8> poison, <16 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14, i32 16, i32 18, i32 20, i32 22, i32 24, i32 26, i32 28, i32 30>
  ret <16 x i8> %s
}

; u8 -> u16 zero extension written as an interleave with zero.
define <16 x i8> @zext_low_bytes(<16 x i8> %x) {
  %s = shufflevector <16 x i8> %x, <16 x i8> zeroinitializer, <16 x i32> <i32 0, i32 16, i32 1, i32 17, i32 2, i32 18, i32 3, i32 19, i32 4, i32 20, i32 5, i32 21, i32 6, i32 22, i32 7, i32 23>
  ret <16 x i8> %s
}

; A 4x4 transpose of 32-bit elements (an index-bit permutation): two stages of
; register shuffles (the network pass; llc 12 -> 7 instructions).
define <16 x i32> @transpose4x4(<16 x i32> %m) {
  %t = shufflevector <16 x i32> %m, <16 x i32> poison, <16 x i32> <i32 0, i32 4, i32 8, i32 12, i32 1, i32 5, i32 9, i32 13, i32 2, i32 6, i32 10, i32 14, i32 3, i32 7, i32 11, i32 15>
  ret <16 x i32> %t
}

; Two lanes of two computed vectors: stock llc broadcasts each and blends (3); the
; selection finds an interleave and a shuffle of its low half (2), and keeps them
; apart with llvm.arithmetic.fence.
define <4 x i32> @low_pair(<4 x i32> %a, <4 x i32> %b) {
  %x = add <4 x i32> %a, %b
  %y = sub <4 x i32> %a, %b
  %s = shufflevector <4 x i32> %x, <4 x i32> %y, <4 x i32> <i32 poison, i32 poison, i32 0, i32 4>
  ret <4 x i32> %s
}

; Takes the whole second operand: the shuffle is the operand itself.
define <4 x float> @identity_of_second(<4 x float> %a, <4 x float> %b) {
  %s = shufflevector <4 x float> %a, <4 x float> %b, <4 x i32> <i32 4, i32 5, i32 6, i32 7>
  ret <4 x float> %s
}

; 32 u32 values narrowed to bytes, as the loop vectorizer writes it (4 x 8 lanes):
; stock merges the stores with 8 vpshufb, 4 vpunpckldq, 2 vinserti128, vpunpcklqdq
; and vpermq; shuffle-lib masks, packs twice, packs, permutes once.
define void @narrow_u32_u8(ptr %d, ptr %s) {
  %s1 = getelementptr inbounds i8, ptr %s, i64 32
  %s2 = getelementptr inbounds i8, ptr %s, i64 64
  %s3 = getelementptr inbounds i8, ptr %s, i64 96
  %x0 = load <8 x i32>, ptr %s, align 4
  %x1 = load <8 x i32>, ptr %s1, align 4
  %x2 = load <8 x i32>, ptr %s2, align 4
  %x3 = load <8 x i32>, ptr %s3, align 4
  %t0 = trunc <8 x i32> %x0 to <8 x i8>
  %t1 = trunc <8 x i32> %x1 to <8 x i8>
  %t2 = trunc <8 x i32> %x2 to <8 x i8>
  %t3 = trunc <8 x i32> %x3 to <8 x i8>
  %d1 = getelementptr inbounds i8, ptr %d, i64 8
  %d2 = getelementptr inbounds i8, ptr %d, i64 16
  %d3 = getelementptr inbounds i8, ptr %d, i64 24
  store <8 x i8> %t0, ptr %d, align 1
  store <8 x i8> %t1, ptr %d1, align 1
  store <8 x i8> %t2, ptr %d2, align 1
  store <8 x i8> %t3, ptr %d3, align 1
  ret void
}

; An 8x8 float transpose as one wide shuffle: the index bits of the rows and the
; columns swap places, which three stages of 8-lane register shuffles do.
define void @transpose8x8(ptr %p, ptr %q) {
  %m = load <64 x float>, ptr %p, align 4
  %t = shufflevector <64 x float> %m, <64 x float> poison, <64 x i32> <i32 0, i32 8, i32 16, i32 24, i32 32, i32 40, i32 48, i32 56, i32 1, i32 9, i32 17, i32 25, i32 33, i32 41, i32 49, i32 57, i32 2, i32 10, i32 18, i32 26, i32 34, i32 42, i32 50, i32 58, i32 3, i32 11, i32 19, i32 27, i32 35, i32 43, i32 51, i32 59, i32 4, i32 12, i32 20, i32 28, i32 36, i32 44, i32 52, i32 60, i32 5, i32 13, i32 21, i32 29, i32 37, i32 45, i32 53, i32 61, i32 6, i32 14, i32 22, i32 30, i32 38, i32 46, i32 54, i32 62, i32 7, i32 15, i32 23, i32 31, i32 39, i32 47, i32 55, i32 63>
  store <64 x float> %t, ptr %q, align 4
  ret void
}
