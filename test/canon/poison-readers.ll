; What reads a shuffle replaced by poison is folded where InstSimplify folds it: a
; select of two poisons is poison, so is a smin of one, a shuffle of poison only; what
; folds no further (an add of a poison and a value is poison, but a select of a poison
; and a value picks the value) is left to it. Without this, x86-64-v3 compiled
; @select_of_poisons to a blend and four more instructions where stock llc, which folds
; the undef of the shuffle, returns at once (found by scripts/longer_than_stock.py).
; REQUIRES: x86-registered-target
; RUN: %opt -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 | FileCheck %s --check-prefix=ASM
; RUN: %opt -passes=shuffle-lib -stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS

; CHECK-LABEL: define <12 x double> @select_of_poisons(
; CHECK-NEXT:    ret <12 x double> poison
; ASM-LABEL: select_of_poisons:
; ASM-NOT:     {{^[[:space:]]+v}}
; ASM:         retq
; STATS: 3 shuffle-lib - Number of rounds whose shuffles replaced by poison let what reads them fold
define <12 x double> @select_of_poisons(<8 x double> %p0) {
  %v0 = shufflevector <8 x double> %p0, <8 x double> zeroinitializer, <12 x i32> poison
  %v1 = shufflevector <8 x double> %p0, <8 x double> poison, <12 x i32> poison
  %v2 = select <12 x i1> <i1 false, i1 false, i1 true, i1 false, i1 false, i1 true, i1 false, i1 false, i1 true, i1 false, i1 true, i1 true>, <12 x double> %v1, <12 x double> %v0
  %v3 = shufflevector <12 x double> %v2, <12 x double> %v2, <12 x i32> <i32 15, i32 7, i32 6, i32 21, i32 15, i32 7, i32 5, i32 5, i32 5, i32 15, i32 4, i32 15>
  ret <12 x double> %v3
}

; Through an intrinsic: the smin of a poison is poison.
; CHECK-LABEL: define <2 x i32> @smin_of_poison(
; CHECK-NEXT:    ret <2 x i32> poison
define <2 x i32> @smin_of_poison(<2 x i32> %a, <2 x i32> %b) {
  %p = shufflevector <2 x i32> %a, <2 x i32> %a, <2 x i32> poison
  %s = select <2 x i1> <i1 true, i1 false>, <2 x i32> %p, <2 x i32> %p
  %m = call <2 x i32> @llvm.smin.v2i32(<2 x i32> %s, <2 x i32> %b)
  ret <2 x i32> %m
}
declare <2 x i32> @llvm.smin.v2i32(<2 x i32>, <2 x i32>)

; A select of a poison and a value is the value (poison may be anything).
; CHECK-LABEL: define <4 x i32> @select_of_poison_and_value(
; CHECK-NEXT:    ret <4 x i32> %b
define <4 x i32> @select_of_poison_and_value(<4 x i1> %c, <4 x i32> %a, <4 x i32> %b) {
  %p = shufflevector <4 x i32> %a, <4 x i32> poison, <4 x i32> <i32 4, i32 5, i32 6, i32 7>
  %s = select <4 x i1> %c, <4 x i32> %p, <4 x i32> %b
  ret <4 x i32> %s
}

; A store of the poison stays (it writes memory); nothing else to fold.
; CHECK-LABEL: define void @stored(
; CHECK-NEXT:    store <4 x i32> poison, ptr %q
define void @stored(<4 x i32> %a, ptr %q) {
  %p = shufflevector <4 x i32> %a, <4 x i32> poison, <4 x i32> <i32 4, i32 5, i32 6, i32 7>
  store <4 x i32> %p, ptr %q
  ret void
}

; Not to a new constant with some lanes poison (the select of a poison and a constant
; folds to one): x86-64-v4 compiled what read such an <8 x i1> constant to 28
; instructions where it had 17 (found by scripts/longer_than_stock.py). Kept.
; CHECK-LABEL: define <8 x i1> @select_of_poison_and_constant(
; CHECK-NEXT:    %s = select <8 x i1> <i1 false, i1 false, i1 true, i1 false, i1 false, i1 false, i1 true, i1 false>, <8 x i1> poison, <8 x i1> <i1 true, i1 false, i1 false, i1 false, i1 true, i1 true, i1 true, i1 true>
define <8 x i1> @select_of_poison_and_constant(<8 x i1> %a) {
  %p = shufflevector <8 x i1> %a, <8 x i1> poison, <8 x i32> poison
  %s = select <8 x i1> <i1 false, i1 false, i1 true, i1 false, i1 false, i1 false, i1 true, i1 false>, <8 x i1> %p, <8 x i1> <i1 true, i1 false, i1 false, i1 false, i1 true, i1 true, i1 true, i1 true>
  ret <8 x i1> %s
}
