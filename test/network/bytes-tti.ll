; Byte shuffles are never left uncompiled on TTI's price (pass::network::clear_win_factor):
; the backend's byte instructions make them cheaper than TTI says. x86-64-v4: a
; <128 x i8> shuffle of a load, TTI 38, is vpshufb per 64 bytes and two ors in stock
; (10 instructions in 4 cycles by the model), the network of 3 stages 20 in 14; on
; TTI's price the network was taken (random loops, scripts/network_loops.py: 4.14 ->
; 14.14 cycles an iteration). neoverse-n1: a <32 x i8> shuffle, TTI 128, is tbl in
; stock (4 in 3.67), the network 6 in 4.33.
; REQUIRES: x86-registered-target, aarch64-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v4 -passes=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=V4
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v4 -passes=shuffle-lib -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v4 | FileCheck %s --check-prefix=V4-ASM
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -pass-remarks-missed=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=N1

; V4: network: kept the <128 x i8> shuffle: 3 stages of 32-lane shuffles (predicted 12; llc {{[0-9]+}} in {{[0-9.]+}} cycles), no faster than the original (llc {{[0-9]+}} in {{[0-9.]+}} cycles)
; V4-ASM-LABEL: bytes128:
; V4-ASM-NOT: vpunpck
; V4-ASM: vpshufb
; V4-ASM-NOT: vpunpck
; V4-ASM: ret
; N1: network: kept the <32 x i8> shuffle: 2 stages of 16-lane shuffles (predicted 4; llc {{[0-9]+}} in {{[0-9.]+}} cycles), no faster than the original (llc {{[0-9]+}} in {{[0-9.]+}} cycles)
define void @bytes128(ptr %dst, ptr %src, i64 %n) {
entry:
  %c0 = icmp sgt i64 %n, 0
  br i1 %c0, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %o = mul i64 %i, 128
  %s = getelementptr i8, ptr %src, i64 %o
  %d = getelementptr i8, ptr %dst, i64 %o
  %v = load <128 x i8>, ptr %s, align 1
  %y = shufflevector <128 x i8> %v, <128 x i8> poison, <128 x i32> <i32 0, i32 4, i32 8, i32 12, i32 1, i32 5, i32 9, i32 13, i32 64, i32 68, i32 72, i32 76, i32 65, i32 69, i32 73, i32 77, i32 16, i32 20, i32 24, i32 28, i32 17, i32 21, i32 25, i32 29, i32 80, i32 84, i32 88, i32 92, i32 81, i32 85, i32 89, i32 93, i32 32, i32 36, i32 40, i32 44, i32 33, i32 37, i32 41, i32 45, i32 96, i32 100, i32 104, i32 108, i32 97, i32 101, i32 105, i32 109, i32 48, i32 52, i32 56, i32 60, i32 49, i32 53, i32 57, i32 61, i32 112, i32 116, i32 120, i32 124, i32 113, i32 117, i32 121, i32 125, i32 2, i32 6, i32 10, i32 14, i32 3, i32 7, i32 11, i32 15, i32 66, i32 70, i32 74, i32 78, i32 67, i32 71, i32 75, i32 79, i32 18, i32 22, i32 26, i32 30, i32 19, i32 23, i32 27, i32 31, i32 82, i32 86, i32 90, i32 94, i32 83, i32 87, i32 91, i32 95, i32 34, i32 38, i32 42, i32 46, i32 35, i32 39, i32 43, i32 47, i32 98, i32 102, i32 106, i32 110, i32 99, i32 103, i32 107, i32 111, i32 50, i32 54, i32 58, i32 62, i32 51, i32 55, i32 59, i32 63, i32 114, i32 118, i32 122, i32 126, i32 115, i32 119, i32 123, i32 127>
  store <128 x i8> %y, ptr %d, align 1
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp slt i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define void @bytes32(ptr %dst, ptr %src, i64 %n) {
entry:
  %c0 = icmp sgt i64 %n, 0
  br i1 %c0, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %o = mul i64 %i, 32
  %s = getelementptr i8, ptr %src, i64 %o
  %d = getelementptr i8, ptr %dst, i64 %o
  %v = load <32 x i8>, ptr %s, align 1
  %y = shufflevector <32 x i8> %v, <32 x i8> poison, <32 x i32> <i32 0, i32 4, i32 1, i32 5, i32 16, i32 20, i32 17, i32 21, i32 2, i32 6, i32 3, i32 7, i32 18, i32 22, i32 19, i32 23, i32 8, i32 12, i32 9, i32 13, i32 24, i32 28, i32 25, i32 29, i32 10, i32 14, i32 11, i32 15, i32 26, i32 30, i32 27, i32 31>
  store <32 x i8> %y, ptr %d, align 1
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp slt i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
