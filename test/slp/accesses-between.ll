; An SLP tree's accesses move down to its vector code past the accesses between them:
; nothing in between may write what the tree loads or touch what it stores. Simple
; loads and stores at a constant offset from the tree's own base are answered exactly
; here; alias analysis was asked about a range from the base on, which covered bytes
; the tree never touches (a store between the loads, at bytes 0-31, and the window, at
; bytes 64-95, stopped the tree). Those that overlap, by a byte or more, still stop it:
; each edge is tried, a byte in and a byte out (an overlap test one byte short fails
; here). The outputs compute the same as the inputs under lli.
; REQUIRES: x86-registered-target
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %lli %s > %t.before
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes=shuffle-lib -S %s | %lli > %t.after
; RUN: diff %t.before %t.after
; RUN: FileCheck %s --check-prefix=RUNS < %t.after
; RUNS-COUNT-12: {{-?[0-9]+}}

; apart: a store to the same base between the loads and the window (bytes 40-47): apart from both, so it does not stop the tree (alias analysis, asked from the base on, said it might).
; CHECK-LABEL: @apart(
; CHECK:         store i64 %x
; CHECK:         load <8 x i32>
; CHECK:         store <8 x i32>
; CHECK:         ret void
define void @apart(ptr %p, i64 %x) {
  %a0 = getelementptr inbounds i8, ptr %p, i64 0
  %l0 = load i32, ptr %a0, align 4
  %a1 = getelementptr inbounds i8, ptr %p, i64 4
  %l1 = load i32, ptr %a1, align 4
  %a2 = getelementptr inbounds i8, ptr %p, i64 8
  %l2 = load i32, ptr %a2, align 4
  %a3 = getelementptr inbounds i8, ptr %p, i64 12
  %l3 = load i32, ptr %a3, align 4
  %a4 = getelementptr inbounds i8, ptr %p, i64 16
  %l4 = load i32, ptr %a4, align 4
  %a5 = getelementptr inbounds i8, ptr %p, i64 20
  %l5 = load i32, ptr %a5, align 4
  %a6 = getelementptr inbounds i8, ptr %p, i64 24
  %l6 = load i32, ptr %a6, align 4
  %a7 = getelementptr inbounds i8, ptr %p, i64 28
  %l7 = load i32, ptr %a7, align 4
  %q = getelementptr inbounds i8, ptr %p, i64 40
  store i64 %x, ptr %q, align 8
  %v0 = add i32 %l3, 1
  %s0 = getelementptr inbounds i8, ptr %p, i64 64
  store i32 %v0, ptr %s0, align 4
  %v1 = add i32 %l1, 2
  %s1 = getelementptr inbounds i8, ptr %p, i64 68
  store i32 %v1, ptr %s1, align 4
  %v2 = add i32 %l7, 3
  %s2 = getelementptr inbounds i8, ptr %p, i64 72
  store i32 %v2, ptr %s2, align 4
  %v3 = add i32 %l5, 4
  %s3 = getelementptr inbounds i8, ptr %p, i64 76
  store i32 %v3, ptr %s3, align 4
  %v4 = add i32 %l0, 5
  %s4 = getelementptr inbounds i8, ptr %p, i64 80
  store i32 %v4, ptr %s4, align 4
  %v5 = add i32 %l2, 6
  %s5 = getelementptr inbounds i8, ptr %p, i64 84
  store i32 %v5, ptr %s5, align 4
  %v6 = add i32 %l6, 7
  %s6 = getelementptr inbounds i8, ptr %p, i64 88
  store i32 %v6, ptr %s6, align 4
  %v7 = add i32 %l4, 8
  %s7 = getelementptr inbounds i8, ptr %p, i64 92
  store i32 %v7, ptr %s7, align 4
  ret void
}

; into_loads: writes what the tree loads (bytes 16-23).
; CHECK-LABEL: @into_loads(
; CHECK-NOT:     <8 x i32>
; CHECK-COUNT-8: store i32
; CHECK:         ret void
define void @into_loads(ptr %p, i64 %x) {
  %a0 = getelementptr inbounds i8, ptr %p, i64 0
  %l0 = load i32, ptr %a0, align 4
  %a1 = getelementptr inbounds i8, ptr %p, i64 4
  %l1 = load i32, ptr %a1, align 4
  %a2 = getelementptr inbounds i8, ptr %p, i64 8
  %l2 = load i32, ptr %a2, align 4
  %a3 = getelementptr inbounds i8, ptr %p, i64 12
  %l3 = load i32, ptr %a3, align 4
  %a4 = getelementptr inbounds i8, ptr %p, i64 16
  %l4 = load i32, ptr %a4, align 4
  %a5 = getelementptr inbounds i8, ptr %p, i64 20
  %l5 = load i32, ptr %a5, align 4
  %a6 = getelementptr inbounds i8, ptr %p, i64 24
  %l6 = load i32, ptr %a6, align 4
  %a7 = getelementptr inbounds i8, ptr %p, i64 28
  %l7 = load i32, ptr %a7, align 4
  %q = getelementptr inbounds i8, ptr %p, i64 16
  store i64 %x, ptr %q, align 8
  %v0 = add i32 %l3, 1
  %s0 = getelementptr inbounds i8, ptr %p, i64 64
  store i32 %v0, ptr %s0, align 4
  %v1 = add i32 %l1, 2
  %s1 = getelementptr inbounds i8, ptr %p, i64 68
  store i32 %v1, ptr %s1, align 4
  %v2 = add i32 %l7, 3
  %s2 = getelementptr inbounds i8, ptr %p, i64 72
  store i32 %v2, ptr %s2, align 4
  %v3 = add i32 %l5, 4
  %s3 = getelementptr inbounds i8, ptr %p, i64 76
  store i32 %v3, ptr %s3, align 4
  %v4 = add i32 %l0, 5
  %s4 = getelementptr inbounds i8, ptr %p, i64 80
  store i32 %v4, ptr %s4, align 4
  %v5 = add i32 %l2, 6
  %s5 = getelementptr inbounds i8, ptr %p, i64 84
  store i32 %v5, ptr %s5, align 4
  %v6 = add i32 %l6, 7
  %s6 = getelementptr inbounds i8, ptr %p, i64 88
  store i32 %v6, ptr %s6, align 4
  %v7 = add i32 %l4, 8
  %s7 = getelementptr inbounds i8, ptr %p, i64 92
  store i32 %v7, ptr %s7, align 4
  ret void
}

; onto_last_load: writes the last loaded element's bytes 28-31 (and 32-35).
; CHECK-LABEL: @onto_last_load(
; CHECK-NOT:     <8 x i32>
; CHECK-COUNT-8: store i32
; CHECK:         ret void
define void @onto_last_load(ptr %p, i64 %x) {
  %a0 = getelementptr inbounds i8, ptr %p, i64 0
  %l0 = load i32, ptr %a0, align 4
  %a1 = getelementptr inbounds i8, ptr %p, i64 4
  %l1 = load i32, ptr %a1, align 4
  %a2 = getelementptr inbounds i8, ptr %p, i64 8
  %l2 = load i32, ptr %a2, align 4
  %a3 = getelementptr inbounds i8, ptr %p, i64 12
  %l3 = load i32, ptr %a3, align 4
  %a4 = getelementptr inbounds i8, ptr %p, i64 16
  %l4 = load i32, ptr %a4, align 4
  %a5 = getelementptr inbounds i8, ptr %p, i64 20
  %l5 = load i32, ptr %a5, align 4
  %a6 = getelementptr inbounds i8, ptr %p, i64 24
  %l6 = load i32, ptr %a6, align 4
  %a7 = getelementptr inbounds i8, ptr %p, i64 28
  %l7 = load i32, ptr %a7, align 4
  %q = getelementptr inbounds i8, ptr %p, i64 28
  store i64 %x, ptr %q, align 4
  %v0 = add i32 %l3, 1
  %s0 = getelementptr inbounds i8, ptr %p, i64 64
  store i32 %v0, ptr %s0, align 4
  %v1 = add i32 %l1, 2
  %s1 = getelementptr inbounds i8, ptr %p, i64 68
  store i32 %v1, ptr %s1, align 4
  %v2 = add i32 %l7, 3
  %s2 = getelementptr inbounds i8, ptr %p, i64 72
  store i32 %v2, ptr %s2, align 4
  %v3 = add i32 %l5, 4
  %s3 = getelementptr inbounds i8, ptr %p, i64 76
  store i32 %v3, ptr %s3, align 4
  %v4 = add i32 %l0, 5
  %s4 = getelementptr inbounds i8, ptr %p, i64 80
  store i32 %v4, ptr %s4, align 4
  %v5 = add i32 %l2, 6
  %s5 = getelementptr inbounds i8, ptr %p, i64 84
  store i32 %v5, ptr %s5, align 4
  %v6 = add i32 %l6, 7
  %s6 = getelementptr inbounds i8, ptr %p, i64 88
  store i32 %v6, ptr %s6, align 4
  %v7 = add i32 %l4, 8
  %s7 = getelementptr inbounds i8, ptr %p, i64 92
  store i32 %v7, ptr %s7, align 4
  ret void
}

; into_stores: writes bytes 92-99, the window stores 92-95.
; CHECK-LABEL: @into_stores(
; CHECK-NOT:     <8 x i32>
; CHECK-COUNT-8: store i32
; CHECK:         ret void
define void @into_stores(ptr %p, i64 %x) {
  %a0 = getelementptr inbounds i8, ptr %p, i64 0
  %l0 = load i32, ptr %a0, align 4
  %a1 = getelementptr inbounds i8, ptr %p, i64 4
  %l1 = load i32, ptr %a1, align 4
  %a2 = getelementptr inbounds i8, ptr %p, i64 8
  %l2 = load i32, ptr %a2, align 4
  %a3 = getelementptr inbounds i8, ptr %p, i64 12
  %l3 = load i32, ptr %a3, align 4
  %a4 = getelementptr inbounds i8, ptr %p, i64 16
  %l4 = load i32, ptr %a4, align 4
  %a5 = getelementptr inbounds i8, ptr %p, i64 20
  %l5 = load i32, ptr %a5, align 4
  %a6 = getelementptr inbounds i8, ptr %p, i64 24
  %l6 = load i32, ptr %a6, align 4
  %a7 = getelementptr inbounds i8, ptr %p, i64 28
  %l7 = load i32, ptr %a7, align 4
  %q = getelementptr inbounds i8, ptr %p, i64 92
  store i64 %x, ptr %q, align 4
  %v0 = add i32 %l3, 1
  %s0 = getelementptr inbounds i8, ptr %p, i64 64
  store i32 %v0, ptr %s0, align 4
  %v1 = add i32 %l1, 2
  %s1 = getelementptr inbounds i8, ptr %p, i64 68
  store i32 %v1, ptr %s1, align 4
  %v2 = add i32 %l7, 3
  %s2 = getelementptr inbounds i8, ptr %p, i64 72
  store i32 %v2, ptr %s2, align 4
  %v3 = add i32 %l5, 4
  %s3 = getelementptr inbounds i8, ptr %p, i64 76
  store i32 %v3, ptr %s3, align 4
  %v4 = add i32 %l0, 5
  %s4 = getelementptr inbounds i8, ptr %p, i64 80
  store i32 %v4, ptr %s4, align 4
  %v5 = add i32 %l2, 6
  %s5 = getelementptr inbounds i8, ptr %p, i64 84
  store i32 %v5, ptr %s5, align 4
  %v6 = add i32 %l6, 7
  %s6 = getelementptr inbounds i8, ptr %p, i64 88
  store i32 %v6, ptr %s6, align 4
  %v7 = add i32 %l4, 8
  %s7 = getelementptr inbounds i8, ptr %p, i64 92
  store i32 %v7, ptr %s7, align 4
  ret void
}

; onto_first_store: writes bytes 60-67, the window stores 64-67.
; CHECK-LABEL: @onto_first_store(
; CHECK-NOT:     <8 x i32>
; CHECK-COUNT-8: store i32
; CHECK:         ret void
define void @onto_first_store(ptr %p, i64 %x) {
  %a0 = getelementptr inbounds i8, ptr %p, i64 0
  %l0 = load i32, ptr %a0, align 4
  %a1 = getelementptr inbounds i8, ptr %p, i64 4
  %l1 = load i32, ptr %a1, align 4
  %a2 = getelementptr inbounds i8, ptr %p, i64 8
  %l2 = load i32, ptr %a2, align 4
  %a3 = getelementptr inbounds i8, ptr %p, i64 12
  %l3 = load i32, ptr %a3, align 4
  %a4 = getelementptr inbounds i8, ptr %p, i64 16
  %l4 = load i32, ptr %a4, align 4
  %a5 = getelementptr inbounds i8, ptr %p, i64 20
  %l5 = load i32, ptr %a5, align 4
  %a6 = getelementptr inbounds i8, ptr %p, i64 24
  %l6 = load i32, ptr %a6, align 4
  %a7 = getelementptr inbounds i8, ptr %p, i64 28
  %l7 = load i32, ptr %a7, align 4
  %q = getelementptr inbounds i8, ptr %p, i64 60
  store i64 %x, ptr %q, align 4
  %v0 = add i32 %l3, 1
  %s0 = getelementptr inbounds i8, ptr %p, i64 64
  store i32 %v0, ptr %s0, align 4
  %v1 = add i32 %l1, 2
  %s1 = getelementptr inbounds i8, ptr %p, i64 68
  store i32 %v1, ptr %s1, align 4
  %v2 = add i32 %l7, 3
  %s2 = getelementptr inbounds i8, ptr %p, i64 72
  store i32 %v2, ptr %s2, align 4
  %v3 = add i32 %l5, 4
  %s3 = getelementptr inbounds i8, ptr %p, i64 76
  store i32 %v3, ptr %s3, align 4
  %v4 = add i32 %l0, 5
  %s4 = getelementptr inbounds i8, ptr %p, i64 80
  store i32 %v4, ptr %s4, align 4
  %v5 = add i32 %l2, 6
  %s5 = getelementptr inbounds i8, ptr %p, i64 84
  store i32 %v5, ptr %s5, align 4
  %v6 = add i32 %l6, 7
  %s6 = getelementptr inbounds i8, ptr %p, i64 88
  store i32 %v6, ptr %s6, align 4
  %v7 = add i32 %l4, 8
  %s7 = getelementptr inbounds i8, ptr %p, i64 92
  store i32 %v7, ptr %s7, align 4
  ret void
}

; before_base: before the base (bytes -8 to -1): apart.
; CHECK-LABEL: @before_base(
; CHECK:         store i64 %x
; CHECK:         load <8 x i32>
; CHECK:         store <8 x i32>
; CHECK:         ret void
define void @before_base(ptr %p, i64 %x) {
  %a0 = getelementptr inbounds i8, ptr %p, i64 0
  %l0 = load i32, ptr %a0, align 4
  %a1 = getelementptr inbounds i8, ptr %p, i64 4
  %l1 = load i32, ptr %a1, align 4
  %a2 = getelementptr inbounds i8, ptr %p, i64 8
  %l2 = load i32, ptr %a2, align 4
  %a3 = getelementptr inbounds i8, ptr %p, i64 12
  %l3 = load i32, ptr %a3, align 4
  %a4 = getelementptr inbounds i8, ptr %p, i64 16
  %l4 = load i32, ptr %a4, align 4
  %a5 = getelementptr inbounds i8, ptr %p, i64 20
  %l5 = load i32, ptr %a5, align 4
  %a6 = getelementptr inbounds i8, ptr %p, i64 24
  %l6 = load i32, ptr %a6, align 4
  %a7 = getelementptr inbounds i8, ptr %p, i64 28
  %l7 = load i32, ptr %a7, align 4
  %q = getelementptr inbounds i8, ptr %p, i64 -8
  store i64 %x, ptr %q, align 8
  %v0 = add i32 %l3, 1
  %s0 = getelementptr inbounds i8, ptr %p, i64 64
  store i32 %v0, ptr %s0, align 4
  %v1 = add i32 %l1, 2
  %s1 = getelementptr inbounds i8, ptr %p, i64 68
  store i32 %v1, ptr %s1, align 4
  %v2 = add i32 %l7, 3
  %s2 = getelementptr inbounds i8, ptr %p, i64 72
  store i32 %v2, ptr %s2, align 4
  %v3 = add i32 %l5, 4
  %s3 = getelementptr inbounds i8, ptr %p, i64 76
  store i32 %v3, ptr %s3, align 4
  %v4 = add i32 %l0, 5
  %s4 = getelementptr inbounds i8, ptr %p, i64 80
  store i32 %v4, ptr %s4, align 4
  %v5 = add i32 %l2, 6
  %s5 = getelementptr inbounds i8, ptr %p, i64 84
  store i32 %v5, ptr %s5, align 4
  %v6 = add i32 %l6, 7
  %s6 = getelementptr inbounds i8, ptr %p, i64 88
  store i32 %v6, ptr %s6, align 4
  %v7 = add i32 %l4, 8
  %s7 = getelementptr inbounds i8, ptr %p, i64 92
  store i32 %v7, ptr %s7, align 4
  ret void
}

; last_byte_on_loads: bytes -7 to 0: its last byte is the first loaded.
; CHECK-LABEL: @last_byte_on_loads(
; CHECK-NOT:     <8 x i32>
; CHECK-COUNT-8: store i32
; CHECK:         ret void
define void @last_byte_on_loads(ptr %p, i64 %x) {
  %a0 = getelementptr inbounds i8, ptr %p, i64 0
  %l0 = load i32, ptr %a0, align 4
  %a1 = getelementptr inbounds i8, ptr %p, i64 4
  %l1 = load i32, ptr %a1, align 4
  %a2 = getelementptr inbounds i8, ptr %p, i64 8
  %l2 = load i32, ptr %a2, align 4
  %a3 = getelementptr inbounds i8, ptr %p, i64 12
  %l3 = load i32, ptr %a3, align 4
  %a4 = getelementptr inbounds i8, ptr %p, i64 16
  %l4 = load i32, ptr %a4, align 4
  %a5 = getelementptr inbounds i8, ptr %p, i64 20
  %l5 = load i32, ptr %a5, align 4
  %a6 = getelementptr inbounds i8, ptr %p, i64 24
  %l6 = load i32, ptr %a6, align 4
  %a7 = getelementptr inbounds i8, ptr %p, i64 28
  %l7 = load i32, ptr %a7, align 4
  %q = getelementptr inbounds i8, ptr %p, i64 -7
  store i64 %x, ptr %q, align 1
  %v0 = add i32 %l3, 1
  %s0 = getelementptr inbounds i8, ptr %p, i64 64
  store i32 %v0, ptr %s0, align 4
  %v1 = add i32 %l1, 2
  %s1 = getelementptr inbounds i8, ptr %p, i64 68
  store i32 %v1, ptr %s1, align 4
  %v2 = add i32 %l7, 3
  %s2 = getelementptr inbounds i8, ptr %p, i64 72
  store i32 %v2, ptr %s2, align 4
  %v3 = add i32 %l5, 4
  %s3 = getelementptr inbounds i8, ptr %p, i64 76
  store i32 %v3, ptr %s3, align 4
  %v4 = add i32 %l0, 5
  %s4 = getelementptr inbounds i8, ptr %p, i64 80
  store i32 %v4, ptr %s4, align 4
  %v5 = add i32 %l2, 6
  %s5 = getelementptr inbounds i8, ptr %p, i64 84
  store i32 %v5, ptr %s5, align 4
  %v6 = add i32 %l6, 7
  %s6 = getelementptr inbounds i8, ptr %p, i64 88
  store i32 %v6, ptr %s6, align 4
  %v7 = add i32 %l4, 8
  %s7 = getelementptr inbounds i8, ptr %p, i64 92
  store i32 %v7, ptr %s7, align 4
  ret void
}

; right_after_loads: bytes 32-39, right after the loads: apart.
; CHECK-LABEL: @right_after_loads(
; CHECK:         store i64 %x
; CHECK:         load <8 x i32>
; CHECK:         store <8 x i32>
; CHECK:         ret void
define void @right_after_loads(ptr %p, i64 %x) {
  %a0 = getelementptr inbounds i8, ptr %p, i64 0
  %l0 = load i32, ptr %a0, align 4
  %a1 = getelementptr inbounds i8, ptr %p, i64 4
  %l1 = load i32, ptr %a1, align 4
  %a2 = getelementptr inbounds i8, ptr %p, i64 8
  %l2 = load i32, ptr %a2, align 4
  %a3 = getelementptr inbounds i8, ptr %p, i64 12
  %l3 = load i32, ptr %a3, align 4
  %a4 = getelementptr inbounds i8, ptr %p, i64 16
  %l4 = load i32, ptr %a4, align 4
  %a5 = getelementptr inbounds i8, ptr %p, i64 20
  %l5 = load i32, ptr %a5, align 4
  %a6 = getelementptr inbounds i8, ptr %p, i64 24
  %l6 = load i32, ptr %a6, align 4
  %a7 = getelementptr inbounds i8, ptr %p, i64 28
  %l7 = load i32, ptr %a7, align 4
  %q = getelementptr inbounds i8, ptr %p, i64 32
  store i64 %x, ptr %q, align 8
  %v0 = add i32 %l3, 1
  %s0 = getelementptr inbounds i8, ptr %p, i64 64
  store i32 %v0, ptr %s0, align 4
  %v1 = add i32 %l1, 2
  %s1 = getelementptr inbounds i8, ptr %p, i64 68
  store i32 %v1, ptr %s1, align 4
  %v2 = add i32 %l7, 3
  %s2 = getelementptr inbounds i8, ptr %p, i64 72
  store i32 %v2, ptr %s2, align 4
  %v3 = add i32 %l5, 4
  %s3 = getelementptr inbounds i8, ptr %p, i64 76
  store i32 %v3, ptr %s3, align 4
  %v4 = add i32 %l0, 5
  %s4 = getelementptr inbounds i8, ptr %p, i64 80
  store i32 %v4, ptr %s4, align 4
  %v5 = add i32 %l2, 6
  %s5 = getelementptr inbounds i8, ptr %p, i64 84
  store i32 %v5, ptr %s5, align 4
  %v6 = add i32 %l6, 7
  %s6 = getelementptr inbounds i8, ptr %p, i64 88
  store i32 %v6, ptr %s6, align 4
  %v7 = add i32 %l4, 8
  %s7 = getelementptr inbounds i8, ptr %p, i64 92
  store i32 %v7, ptr %s7, align 4
  ret void
}

; right_before_stores: bytes 56-63, right before the window: apart.
; CHECK-LABEL: @right_before_stores(
; CHECK:         store i64 %x
; CHECK:         load <8 x i32>
; CHECK:         store <8 x i32>
; CHECK:         ret void
define void @right_before_stores(ptr %p, i64 %x) {
  %a0 = getelementptr inbounds i8, ptr %p, i64 0
  %l0 = load i32, ptr %a0, align 4
  %a1 = getelementptr inbounds i8, ptr %p, i64 4
  %l1 = load i32, ptr %a1, align 4
  %a2 = getelementptr inbounds i8, ptr %p, i64 8
  %l2 = load i32, ptr %a2, align 4
  %a3 = getelementptr inbounds i8, ptr %p, i64 12
  %l3 = load i32, ptr %a3, align 4
  %a4 = getelementptr inbounds i8, ptr %p, i64 16
  %l4 = load i32, ptr %a4, align 4
  %a5 = getelementptr inbounds i8, ptr %p, i64 20
  %l5 = load i32, ptr %a5, align 4
  %a6 = getelementptr inbounds i8, ptr %p, i64 24
  %l6 = load i32, ptr %a6, align 4
  %a7 = getelementptr inbounds i8, ptr %p, i64 28
  %l7 = load i32, ptr %a7, align 4
  %q = getelementptr inbounds i8, ptr %p, i64 56
  store i64 %x, ptr %q, align 8
  %v0 = add i32 %l3, 1
  %s0 = getelementptr inbounds i8, ptr %p, i64 64
  store i32 %v0, ptr %s0, align 4
  %v1 = add i32 %l1, 2
  %s1 = getelementptr inbounds i8, ptr %p, i64 68
  store i32 %v1, ptr %s1, align 4
  %v2 = add i32 %l7, 3
  %s2 = getelementptr inbounds i8, ptr %p, i64 72
  store i32 %v2, ptr %s2, align 4
  %v3 = add i32 %l5, 4
  %s3 = getelementptr inbounds i8, ptr %p, i64 76
  store i32 %v3, ptr %s3, align 4
  %v4 = add i32 %l0, 5
  %s4 = getelementptr inbounds i8, ptr %p, i64 80
  store i32 %v4, ptr %s4, align 4
  %v5 = add i32 %l2, 6
  %s5 = getelementptr inbounds i8, ptr %p, i64 84
  store i32 %v5, ptr %s5, align 4
  %v6 = add i32 %l6, 7
  %s6 = getelementptr inbounds i8, ptr %p, i64 88
  store i32 %v6, ptr %s6, align 4
  %v7 = add i32 %l4, 8
  %s7 = getelementptr inbounds i8, ptr %p, i64 92
  store i32 %v7, ptr %s7, align 4
  ret void
}

; last_byte_on_stores: bytes 57-64: its last byte is the first stored.
; CHECK-LABEL: @last_byte_on_stores(
; CHECK-NOT:     <8 x i32>
; CHECK-COUNT-8: store i32
; CHECK:         ret void
define void @last_byte_on_stores(ptr %p, i64 %x) {
  %a0 = getelementptr inbounds i8, ptr %p, i64 0
  %l0 = load i32, ptr %a0, align 4
  %a1 = getelementptr inbounds i8, ptr %p, i64 4
  %l1 = load i32, ptr %a1, align 4
  %a2 = getelementptr inbounds i8, ptr %p, i64 8
  %l2 = load i32, ptr %a2, align 4
  %a3 = getelementptr inbounds i8, ptr %p, i64 12
  %l3 = load i32, ptr %a3, align 4
  %a4 = getelementptr inbounds i8, ptr %p, i64 16
  %l4 = load i32, ptr %a4, align 4
  %a5 = getelementptr inbounds i8, ptr %p, i64 20
  %l5 = load i32, ptr %a5, align 4
  %a6 = getelementptr inbounds i8, ptr %p, i64 24
  %l6 = load i32, ptr %a6, align 4
  %a7 = getelementptr inbounds i8, ptr %p, i64 28
  %l7 = load i32, ptr %a7, align 4
  %q = getelementptr inbounds i8, ptr %p, i64 57
  store i64 %x, ptr %q, align 1
  %v0 = add i32 %l3, 1
  %s0 = getelementptr inbounds i8, ptr %p, i64 64
  store i32 %v0, ptr %s0, align 4
  %v1 = add i32 %l1, 2
  %s1 = getelementptr inbounds i8, ptr %p, i64 68
  store i32 %v1, ptr %s1, align 4
  %v2 = add i32 %l7, 3
  %s2 = getelementptr inbounds i8, ptr %p, i64 72
  store i32 %v2, ptr %s2, align 4
  %v3 = add i32 %l5, 4
  %s3 = getelementptr inbounds i8, ptr %p, i64 76
  store i32 %v3, ptr %s3, align 4
  %v4 = add i32 %l0, 5
  %s4 = getelementptr inbounds i8, ptr %p, i64 80
  store i32 %v4, ptr %s4, align 4
  %v5 = add i32 %l2, 6
  %s5 = getelementptr inbounds i8, ptr %p, i64 84
  store i32 %v5, ptr %s5, align 4
  %v6 = add i32 %l6, 7
  %s6 = getelementptr inbounds i8, ptr %p, i64 88
  store i32 %v6, ptr %s6, align 4
  %v7 = add i32 %l4, 8
  %s7 = getelementptr inbounds i8, ptr %p, i64 92
  store i32 %v7, ptr %s7, align 4
  ret void
}

; right_after_stores: bytes 96-103, right after the window: apart.
; CHECK-LABEL: @right_after_stores(
; CHECK:         store i64 %x
; CHECK:         load <8 x i32>
; CHECK:         store <8 x i32>
; CHECK:         ret void
define void @right_after_stores(ptr %p, i64 %x) {
  %a0 = getelementptr inbounds i8, ptr %p, i64 0
  %l0 = load i32, ptr %a0, align 4
  %a1 = getelementptr inbounds i8, ptr %p, i64 4
  %l1 = load i32, ptr %a1, align 4
  %a2 = getelementptr inbounds i8, ptr %p, i64 8
  %l2 = load i32, ptr %a2, align 4
  %a3 = getelementptr inbounds i8, ptr %p, i64 12
  %l3 = load i32, ptr %a3, align 4
  %a4 = getelementptr inbounds i8, ptr %p, i64 16
  %l4 = load i32, ptr %a4, align 4
  %a5 = getelementptr inbounds i8, ptr %p, i64 20
  %l5 = load i32, ptr %a5, align 4
  %a6 = getelementptr inbounds i8, ptr %p, i64 24
  %l6 = load i32, ptr %a6, align 4
  %a7 = getelementptr inbounds i8, ptr %p, i64 28
  %l7 = load i32, ptr %a7, align 4
  %q = getelementptr inbounds i8, ptr %p, i64 96
  store i64 %x, ptr %q, align 8
  %v0 = add i32 %l3, 1
  %s0 = getelementptr inbounds i8, ptr %p, i64 64
  store i32 %v0, ptr %s0, align 4
  %v1 = add i32 %l1, 2
  %s1 = getelementptr inbounds i8, ptr %p, i64 68
  store i32 %v1, ptr %s1, align 4
  %v2 = add i32 %l7, 3
  %s2 = getelementptr inbounds i8, ptr %p, i64 72
  store i32 %v2, ptr %s2, align 4
  %v3 = add i32 %l5, 4
  %s3 = getelementptr inbounds i8, ptr %p, i64 76
  store i32 %v3, ptr %s3, align 4
  %v4 = add i32 %l0, 5
  %s4 = getelementptr inbounds i8, ptr %p, i64 80
  store i32 %v4, ptr %s4, align 4
  %v5 = add i32 %l2, 6
  %s5 = getelementptr inbounds i8, ptr %p, i64 84
  store i32 %v5, ptr %s5, align 4
  %v6 = add i32 %l6, 7
  %s6 = getelementptr inbounds i8, ptr %p, i64 88
  store i32 %v6, ptr %s6, align 4
  %v7 = add i32 %l4, 8
  %s7 = getelementptr inbounds i8, ptr %p, i64 92
  store i32 %v7, ptr %s7, align 4
  ret void
}

; last_stored_byte: byte 95, the window's last.
; CHECK-LABEL: @last_stored_byte(
; CHECK-NOT:     <8 x i32>
; CHECK-COUNT-8: store i32
; CHECK:         ret void
define void @last_stored_byte(ptr %p, i64 %x) {
  %a0 = getelementptr inbounds i8, ptr %p, i64 0
  %l0 = load i32, ptr %a0, align 4
  %a1 = getelementptr inbounds i8, ptr %p, i64 4
  %l1 = load i32, ptr %a1, align 4
  %a2 = getelementptr inbounds i8, ptr %p, i64 8
  %l2 = load i32, ptr %a2, align 4
  %a3 = getelementptr inbounds i8, ptr %p, i64 12
  %l3 = load i32, ptr %a3, align 4
  %a4 = getelementptr inbounds i8, ptr %p, i64 16
  %l4 = load i32, ptr %a4, align 4
  %a5 = getelementptr inbounds i8, ptr %p, i64 20
  %l5 = load i32, ptr %a5, align 4
  %a6 = getelementptr inbounds i8, ptr %p, i64 24
  %l6 = load i32, ptr %a6, align 4
  %a7 = getelementptr inbounds i8, ptr %p, i64 28
  %l7 = load i32, ptr %a7, align 4
  %q = getelementptr inbounds i8, ptr %p, i64 95
  %t = trunc i64 %x to i8
  store i8 %t, ptr %q, align 1
  %v0 = add i32 %l3, 1
  %s0 = getelementptr inbounds i8, ptr %p, i64 64
  store i32 %v0, ptr %s0, align 4
  %v1 = add i32 %l1, 2
  %s1 = getelementptr inbounds i8, ptr %p, i64 68
  store i32 %v1, ptr %s1, align 4
  %v2 = add i32 %l7, 3
  %s2 = getelementptr inbounds i8, ptr %p, i64 72
  store i32 %v2, ptr %s2, align 4
  %v3 = add i32 %l5, 4
  %s3 = getelementptr inbounds i8, ptr %p, i64 76
  store i32 %v3, ptr %s3, align 4
  %v4 = add i32 %l0, 5
  %s4 = getelementptr inbounds i8, ptr %p, i64 80
  store i32 %v4, ptr %s4, align 4
  %v5 = add i32 %l2, 6
  %s5 = getelementptr inbounds i8, ptr %p, i64 84
  store i32 %v5, ptr %s5, align 4
  %v6 = add i32 %l6, 7
  %s6 = getelementptr inbounds i8, ptr %p, i64 88
  store i32 %v6, ptr %s6, align 4
  %v7 = add i32 %l4, 8
  %s7 = getelementptr inbounds i8, ptr %p, i64 92
  store i32 %v7, ptr %s7, align 4
  ret void
}

@fmt = private constant [6 x i8] c"%lld\0A\00"
declare i32 @printf(ptr, ...)

; Each function on a buffer of 0, 1, 2, ... (past 8 bytes of room before it), then a
; checksum of the buffer.
define i64 @run(ptr %f) {
  %buf = alloca [136 x i8], align 8
  br label %fill
fill:
  %i = phi i64 [ 0, %0 ], [ %n, %fill ]
  %b = getelementptr i8, ptr %buf, i64 %i
  %t = trunc i64 %i to i8
  %v = mul i8 %t, 7
  store i8 %v, ptr %b
  %n = add i64 %i, 1
  %done = icmp eq i64 %n, 136
  br i1 %done, label %call, label %fill
call:
  %p = getelementptr i8, ptr %buf, i64 8
  call void %f(ptr %p, i64 -6148914691236517206)
  br label %sum
sum:
  %j = phi i64 [ 0, %call ], [ %m, %sum ]
  %h = phi i64 [ 0, %call ], [ %h2, %sum ]
  %c = getelementptr i8, ptr %buf, i64 %j
  %w = load i8, ptr %c
  %wx = zext i8 %w to i64
  %h1 = mul i64 %h, 31
  %h2 = add i64 %h1, %wx
  %m = add i64 %j, 1
  %end = icmp eq i64 %m, 136
  br i1 %end, label %exit, label %sum
exit:
  ret i64 %h2
}

define i32 @main() {
  %r_apart = call i64 @run(ptr @apart)
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %r_apart)
  %r_into_loads = call i64 @run(ptr @into_loads)
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %r_into_loads)
  %r_onto_last_load = call i64 @run(ptr @onto_last_load)
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %r_onto_last_load)
  %r_into_stores = call i64 @run(ptr @into_stores)
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %r_into_stores)
  %r_onto_first_store = call i64 @run(ptr @onto_first_store)
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %r_onto_first_store)
  %r_before_base = call i64 @run(ptr @before_base)
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %r_before_base)
  %r_last_byte_on_loads = call i64 @run(ptr @last_byte_on_loads)
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %r_last_byte_on_loads)
  %r_right_after_loads = call i64 @run(ptr @right_after_loads)
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %r_right_after_loads)
  %r_right_before_stores = call i64 @run(ptr @right_before_stores)
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %r_right_before_stores)
  %r_last_byte_on_stores = call i64 @run(ptr @last_byte_on_stores)
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %r_last_byte_on_stores)
  %r_right_after_stores = call i64 @run(ptr @right_after_stores)
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %r_right_after_stores)
  %r_last_stored_byte = call i64 @run(ptr @last_stored_byte)
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %r_last_stored_byte)
  ret i32 0
}
