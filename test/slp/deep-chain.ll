; Reductions whose lanes read a chain of multiplications, each of the one before by
; itself: the SLP reader walks each scalar once. Walking every path (2^k of them, k
; deepening by 16 with each reduction read) did not finish in minutes; `timeout` makes
; that a failure here, not a hang.
; RUN: timeout 60 %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: timeout 60 %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='default<O3>' -S %s | FileCheck %s --check-prefix=O3

; CHECK-LABEL: @chain(
; CHECK:         %x64 = mul i32 %x63, %x63
; CHECK:         store i32 %c64
; O3-LABEL:    @chain(
; O3:            ret void

define void @chain(ptr %p, ptr %o) {
  %q0 = getelementptr i32, ptr %p, i64 0
  %l0 = load i32, ptr %q0
  %q1 = getelementptr i32, ptr %p, i64 1
  %l1 = load i32, ptr %q1
  %q2 = getelementptr i32, ptr %p, i64 2
  %l2 = load i32, ptr %q2
  %q3 = getelementptr i32, ptr %p, i64 3
  %l3 = load i32, ptr %q3
  %x1 = mul i32 %l0, %l0
  %x2 = mul i32 %x1, %x1
  %x3 = mul i32 %x2, %x2
  %x4 = mul i32 %x3, %x3
  %a4 = add i32 %x4, %l1
  %b4 = add i32 %a4, %l2
  %c4 = add i32 %b4, %l3
  %o4 = getelementptr i32, ptr %o, i64 4
  store i32 %c4, ptr %o4
  %x5 = mul i32 %x4, %x4
  %x6 = mul i32 %x5, %x5
  %x7 = mul i32 %x6, %x6
  %x8 = mul i32 %x7, %x7
  %a8 = add i32 %x8, %l1
  %b8 = add i32 %a8, %l2
  %c8 = add i32 %b8, %l3
  %o8 = getelementptr i32, ptr %o, i64 8
  store i32 %c8, ptr %o8
  %x9 = mul i32 %x8, %x8
  %x10 = mul i32 %x9, %x9
  %x11 = mul i32 %x10, %x10
  %x12 = mul i32 %x11, %x11
  %a12 = add i32 %x12, %l1
  %b12 = add i32 %a12, %l2
  %c12 = add i32 %b12, %l3
  %o12 = getelementptr i32, ptr %o, i64 12
  store i32 %c12, ptr %o12
  %x13 = mul i32 %x12, %x12
  %x14 = mul i32 %x13, %x13
  %x15 = mul i32 %x14, %x14
  %x16 = mul i32 %x15, %x15
  %a16 = add i32 %x16, %l1
  %b16 = add i32 %a16, %l2
  %c16 = add i32 %b16, %l3
  %o16 = getelementptr i32, ptr %o, i64 16
  store i32 %c16, ptr %o16
  %x17 = mul i32 %x16, %x16
  %x18 = mul i32 %x17, %x17
  %x19 = mul i32 %x18, %x18
  %x20 = mul i32 %x19, %x19
  %a20 = add i32 %x20, %l1
  %b20 = add i32 %a20, %l2
  %c20 = add i32 %b20, %l3
  %o20 = getelementptr i32, ptr %o, i64 20
  store i32 %c20, ptr %o20
  %x21 = mul i32 %x20, %x20
  %x22 = mul i32 %x21, %x21
  %x23 = mul i32 %x22, %x22
  %x24 = mul i32 %x23, %x23
  %a24 = add i32 %x24, %l1
  %b24 = add i32 %a24, %l2
  %c24 = add i32 %b24, %l3
  %o24 = getelementptr i32, ptr %o, i64 24
  store i32 %c24, ptr %o24
  %x25 = mul i32 %x24, %x24
  %x26 = mul i32 %x25, %x25
  %x27 = mul i32 %x26, %x26
  %x28 = mul i32 %x27, %x27
  %a28 = add i32 %x28, %l1
  %b28 = add i32 %a28, %l2
  %c28 = add i32 %b28, %l3
  %o28 = getelementptr i32, ptr %o, i64 28
  store i32 %c28, ptr %o28
  %x29 = mul i32 %x28, %x28
  %x30 = mul i32 %x29, %x29
  %x31 = mul i32 %x30, %x30
  %x32 = mul i32 %x31, %x31
  %a32 = add i32 %x32, %l1
  %b32 = add i32 %a32, %l2
  %c32 = add i32 %b32, %l3
  %o32 = getelementptr i32, ptr %o, i64 32
  store i32 %c32, ptr %o32
  %x33 = mul i32 %x32, %x32
  %x34 = mul i32 %x33, %x33
  %x35 = mul i32 %x34, %x34
  %x36 = mul i32 %x35, %x35
  %a36 = add i32 %x36, %l1
  %b36 = add i32 %a36, %l2
  %c36 = add i32 %b36, %l3
  %o36 = getelementptr i32, ptr %o, i64 36
  store i32 %c36, ptr %o36
  %x37 = mul i32 %x36, %x36
  %x38 = mul i32 %x37, %x37
  %x39 = mul i32 %x38, %x38
  %x40 = mul i32 %x39, %x39
  %a40 = add i32 %x40, %l1
  %b40 = add i32 %a40, %l2
  %c40 = add i32 %b40, %l3
  %o40 = getelementptr i32, ptr %o, i64 40
  store i32 %c40, ptr %o40
  %x41 = mul i32 %x40, %x40
  %x42 = mul i32 %x41, %x41
  %x43 = mul i32 %x42, %x42
  %x44 = mul i32 %x43, %x43
  %a44 = add i32 %x44, %l1
  %b44 = add i32 %a44, %l2
  %c44 = add i32 %b44, %l3
  %o44 = getelementptr i32, ptr %o, i64 44
  store i32 %c44, ptr %o44
  %x45 = mul i32 %x44, %x44
  %x46 = mul i32 %x45, %x45
  %x47 = mul i32 %x46, %x46
  %x48 = mul i32 %x47, %x47
  %a48 = add i32 %x48, %l1
  %b48 = add i32 %a48, %l2
  %c48 = add i32 %b48, %l3
  %o48 = getelementptr i32, ptr %o, i64 48
  store i32 %c48, ptr %o48
  %x49 = mul i32 %x48, %x48
  %x50 = mul i32 %x49, %x49
  %x51 = mul i32 %x50, %x50
  %x52 = mul i32 %x51, %x51
  %a52 = add i32 %x52, %l1
  %b52 = add i32 %a52, %l2
  %c52 = add i32 %b52, %l3
  %o52 = getelementptr i32, ptr %o, i64 52
  store i32 %c52, ptr %o52
  %x53 = mul i32 %x52, %x52
  %x54 = mul i32 %x53, %x53
  %x55 = mul i32 %x54, %x54
  %x56 = mul i32 %x55, %x55
  %a56 = add i32 %x56, %l1
  %b56 = add i32 %a56, %l2
  %c56 = add i32 %b56, %l3
  %o56 = getelementptr i32, ptr %o, i64 56
  store i32 %c56, ptr %o56
  %x57 = mul i32 %x56, %x56
  %x58 = mul i32 %x57, %x57
  %x59 = mul i32 %x58, %x58
  %x60 = mul i32 %x59, %x59
  %a60 = add i32 %x60, %l1
  %b60 = add i32 %a60, %l2
  %c60 = add i32 %b60, %l3
  %o60 = getelementptr i32, ptr %o, i64 60
  store i32 %c60, ptr %o60
  %x61 = mul i32 %x60, %x60
  %x62 = mul i32 %x61, %x61
  %x63 = mul i32 %x62, %x62
  %x64 = mul i32 %x63, %x63
  %a64 = add i32 %x64, %l1
  %b64 = add i32 %a64, %l2
  %c64 = add i32 %b64, %l3
  %o64 = getelementptr i32, ptr %o, i64 64
  store i32 %c64, ptr %o64
  ret void
}
