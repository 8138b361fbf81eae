; A group of extracts of one load on x86 (no deinterleaving load there): TTI may price
; the original above what it compiles to (a four-way byte deinterleave of a load on
; x86-64-v4: TTI 28, llc 8), so the original is left uncompiled only where TTI prices it
; at three times the network's prediction or more (elsewhere twice). The 8x8 transpose
; of a load: TTI 104, prediction 24, only the network compiled; the four-way
; deinterleave: TTI 28, prediction 12, both compiled. Bytes are always compiled: on
; x86-64-v4 TTI prices a two-way byte deinterleave of a load at 38 against a prediction
; of 12, where the original compiles to 9 instructions in 6 cycles and the network to
; 10 in 10 (found by review: the shortcut took it).
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v4 -passes=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=V4
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v4 -passes=shuffle-lib -S %s | FileCheck %s --check-prefix=V4-IR
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -o /dev/null

; CHECK: network: 8 <8 x float> shuffles of 8 registers (TTI 104) became 3 stages of 8-lane shuffles, 24 in all
; CHECK: network: 4 <8 x float> shuffles of 4 registers (llc {{[0-9]+}} in {{[0-9.]+}} cycles) became 3 stages of 8-lane shuffles, 12 in all
define void @transpose(ptr %p, ptr %q) {
  %v = load <64 x float>, ptr %p
  %x0 = shufflevector <64 x float> %v, <64 x float> poison, <8 x i32> <i32 0, i32 8, i32 16, i32 24, i32 32, i32 40, i32 48, i32 56>
  %x1 = shufflevector <64 x float> %v, <64 x float> poison, <8 x i32> <i32 1, i32 9, i32 17, i32 25, i32 33, i32 41, i32 49, i32 57>
  %x2 = shufflevector <64 x float> %v, <64 x float> poison, <8 x i32> <i32 2, i32 10, i32 18, i32 26, i32 34, i32 42, i32 50, i32 58>
  %x3 = shufflevector <64 x float> %v, <64 x float> poison, <8 x i32> <i32 3, i32 11, i32 19, i32 27, i32 35, i32 43, i32 51, i32 59>
  %x4 = shufflevector <64 x float> %v, <64 x float> poison, <8 x i32> <i32 4, i32 12, i32 20, i32 28, i32 36, i32 44, i32 52, i32 60>
  %x5 = shufflevector <64 x float> %v, <64 x float> poison, <8 x i32> <i32 5, i32 13, i32 21, i32 29, i32 37, i32 45, i32 53, i32 61>
  %x6 = shufflevector <64 x float> %v, <64 x float> poison, <8 x i32> <i32 6, i32 14, i32 22, i32 30, i32 38, i32 46, i32 54, i32 62>
  %x7 = shufflevector <64 x float> %v, <64 x float> poison, <8 x i32> <i32 7, i32 15, i32 23, i32 31, i32 39, i32 47, i32 55, i32 63>
  store <8 x float> %x0, ptr %q
  %q1 = getelementptr i8, ptr %q, i64 32
  store <8 x float> %x1, ptr %q1
  %q2 = getelementptr i8, ptr %q, i64 64
  store <8 x float> %x2, ptr %q2
  %q3 = getelementptr i8, ptr %q, i64 96
  store <8 x float> %x3, ptr %q3
  %q4 = getelementptr i8, ptr %q, i64 128
  store <8 x float> %x4, ptr %q4
  %q5 = getelementptr i8, ptr %q, i64 160
  store <8 x float> %x5, ptr %q5
  %q6 = getelementptr i8, ptr %q, i64 192
  store <8 x float> %x6, ptr %q6
  %q7 = getelementptr i8, ptr %q, i64 224
  store <8 x float> %x7, ptr %q7
  ret void
}

define void @deinterleave(ptr %p, ptr %q) {
  %v = load <32 x float>, ptr %p
  %x0 = shufflevector <32 x float> %v, <32 x float> poison, <8 x i32> <i32 0, i32 4, i32 8, i32 12, i32 16, i32 20, i32 24, i32 28>
  %x1 = shufflevector <32 x float> %v, <32 x float> poison, <8 x i32> <i32 1, i32 5, i32 9, i32 13, i32 17, i32 21, i32 25, i32 29>
  %x2 = shufflevector <32 x float> %v, <32 x float> poison, <8 x i32> <i32 2, i32 6, i32 10, i32 14, i32 18, i32 22, i32 26, i32 30>
  %x3 = shufflevector <32 x float> %v, <32 x float> poison, <8 x i32> <i32 3, i32 7, i32 11, i32 15, i32 19, i32 23, i32 27, i32 31>
  store <8 x float> %x0, ptr %q
  %q1 = getelementptr i8, ptr %q, i64 32
  store <8 x float> %x1, ptr %q1
  %q2 = getelementptr i8, ptr %q, i64 64
  store <8 x float> %x2, ptr %q2
  %q3 = getelementptr i8, ptr %q, i64 96
  store <8 x float> %x3, ptr %q3
  ret void
}

; V4: network: kept the 2 <64 x i8> shuffles: 1 stages of 32-lane shuffles (predicted 12; llc {{[0-9]+}} in {{[0-9.]+}} cycles), no faster than the original (llc {{[0-9]+}} in {{[0-9.]+}} cycles)
; V4-IR-LABEL: @bytes(
; V4-IR:         %x0 = shufflevector <128 x i8> %v, <128 x i8> poison, <64 x i32> <i32 0, i32 2,
define void @bytes(ptr %p, ptr %q) {
  %v = load <128 x i8>, ptr %p
  %x0 = shufflevector <128 x i8> %v, <128 x i8> poison, <64 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14, i32 16, i32 18, i32 20, i32 22, i32 24, i32 26, i32 28, i32 30, i32 32, i32 34, i32 36, i32 38, i32 40, i32 42, i32 44, i32 46, i32 48, i32 50, i32 52, i32 54, i32 56, i32 58, i32 60, i32 62, i32 64, i32 66, i32 68, i32 70, i32 72, i32 74, i32 76, i32 78, i32 80, i32 82, i32 84, i32 86, i32 88, i32 90, i32 92, i32 94, i32 96, i32 98, i32 100, i32 102, i32 104, i32 106, i32 108, i32 110, i32 112, i32 114, i32 116, i32 118, i32 120, i32 122, i32 124, i32 126>
  %q0 = getelementptr i8, ptr %q, i64 0
  store <64 x i8> %x0, ptr %q0
  %x1 = shufflevector <128 x i8> %v, <128 x i8> poison, <64 x i32> <i32 1, i32 3, i32 5, i32 7, i32 9, i32 11, i32 13, i32 15, i32 17, i32 19, i32 21, i32 23, i32 25, i32 27, i32 29, i32 31, i32 33, i32 35, i32 37, i32 39, i32 41, i32 43, i32 45, i32 47, i32 49, i32 51, i32 53, i32 55, i32 57, i32 59, i32 61, i32 63, i32 65, i32 67, i32 69, i32 71, i32 73, i32 75, i32 77, i32 79, i32 81, i32 83, i32 85, i32 87, i32 89, i32 91, i32 93, i32 95, i32 97, i32 99, i32 101, i32 103, i32 105, i32 107, i32 109, i32 111, i32 113, i32 115, i32 117, i32 119, i32 121, i32 123, i32 125, i32 127>
  %q1 = getelementptr i8, ptr %q, i64 64
  store <64 x i8> %x1, ptr %q1
  ret void
}
