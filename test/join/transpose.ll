; Register-sized loads of one block, the shuffles between them and register-sized
; stores of another block: on RISC-V V one wide load, one shuffle (`vrgather.vv` on
; sifive-x280, whose 512-bit registers hold the whole 4x4 matrix) and one wide store,
; where that compiles to less (measured; `lower-always`: wherever allowed). The accesses must cover each block exactly,
; loads before stores, with nothing between them that may write (among the loads) or
; touch (among the stores) memory; every load and shuffle read only inside the group.
; REQUIRES: riscv-registered-target, x86-registered-target
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<late>' -S %s | FileCheck %s
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<late>' -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<late>' -S %s | %llc -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -o - | FileCheck %s --check-prefix=ASM
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<late;no-joins>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=sifive-x280 -passes='shuffle-lib<late;lower-always;no-pieces>' -S %s | FileCheck %s --check-prefix=ALWAYS
; x86 keeps its registers (the networks rebuild such groups there):
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='shuffle-lib<late;no-networks>' -S %s | FileCheck %s --check-prefix=OFF

; CHECK-LABEL: @transpose(
; CHECK-NEXT:    [[W:%.*]] = load <16 x float>, ptr %p, align 1
; CHECK-NEXT:    [[S:%.*]] = shufflevector <16 x float> [[W]], <16 x float> poison, <16 x i32> <i32 0, i32 4, i32 8, i32 12, i32 1, i32 5, i32 9, i32 13, i32 2, i32 6, i32 10, i32 14, i32 3, i32 7, i32 11, i32 15>
; CHECK-NEXT:    store <16 x float> [[S]], ptr %q, align 1
; CHECK-NEXT:    ret void
; ASM-LABEL: transpose:
; (one load of the matrix, one of the index vector)
; ASM:         vle8.v
; ASM-NOT:     vle8
; ASM:         vrgather.vv
; ASM-NOT:     vrgather
; ASM:         vse8.v
; ASM-NOT:     vse
; ASM:         ret
; OFF-LABEL: @transpose(
; OFF-COUNT-4: load <4 x float>
; REMARK: remark: {{.*}}join: float loads [4,4,4,4] align 1 stores [4,4,4,4] align 1 (8 shuffles, 16 elements) (llc {{[0-9]+( weighing [0-9]+)?}}) became one load, shuffle and store (llc {{[0-9]+( weighing [0-9]+)?}})
define void @transpose(ptr %p, ptr %q) {
  %p1 = getelementptr inbounds i8, ptr %p, i64 16
  %p2 = getelementptr inbounds i8, ptr %p, i64 32
  %p3 = getelementptr inbounds i8, ptr %p, i64 48
  %r0 = load <4 x float>, ptr %p, align 1
  %r1 = load <4 x float>, ptr %p1, align 1
  %r2 = load <4 x float>, ptr %p2, align 1
  %r3 = load <4 x float>, ptr %p3, align 1
  %t0 = shufflevector <4 x float> %r0, <4 x float> %r1, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %t1 = shufflevector <4 x float> %r0, <4 x float> %r1, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  %t2 = shufflevector <4 x float> %r2, <4 x float> %r3, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %t3 = shufflevector <4 x float> %r2, <4 x float> %r3, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  %c0 = shufflevector <4 x float> %t0, <4 x float> %t2, <4 x i32> <i32 0, i32 1, i32 4, i32 5>
  %c1 = shufflevector <4 x float> %t0, <4 x float> %t2, <4 x i32> <i32 2, i32 3, i32 6, i32 7>
  %c2 = shufflevector <4 x float> %t1, <4 x float> %t3, <4 x i32> <i32 0, i32 1, i32 4, i32 5>
  %c3 = shufflevector <4 x float> %t1, <4 x float> %t3, <4 x i32> <i32 2, i32 3, i32 6, i32 7>
  %q1 = getelementptr inbounds i8, ptr %q, i64 16
  %q2 = getelementptr inbounds i8, ptr %q, i64 32
  %q3 = getelementptr inbounds i8, ptr %q, i64 48
  store <4 x float> %c0, ptr %q, align 1
  store <4 x float> %c1, ptr %q1, align 1
  store <4 x float> %c2, ptr %q2, align 1
  store <4 x float> %c3, ptr %q3, align 1
  ret void
}

; Rows stored out of order and a poison lane: the stores' block in address order, the
; poison lane kept poison; the wide store as aligned as the store at the block's start.
; ALWAYS-LABEL: @out_of_order(
; ALWAYS:         load <8 x i32>, ptr %p, align 16
; ALWAYS:         shufflevector <8 x i32> {{%.*}}, <8 x i32> poison, <8 x i32> <i32 4, i32 5, i32 poison, i32 3, i32 0, i32 1, i32 6, i32 7>
; ALWAYS:         store <8 x i32> {{%.*}}, ptr %q, align 8
; ALWAYS-NOT:     store
; ALWAYS:         ret void
define void @out_of_order(ptr %p, ptr %q) {
  %p1 = getelementptr inbounds i8, ptr %p, i64 16
  %a = load <4 x i32>, ptr %p, align 16
  %b = load <4 x i32>, ptr %p1, align 16
  %x = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 1, i32 6, i32 7>
  %y = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 4, i32 5, i32 poison, i32 3>
  %q1 = getelementptr inbounds i8, ptr %q, i64 16
  store <4 x i32> %x, ptr %q1, align 8
  store <4 x i32> %y, ptr %q, align 8
  ret void
}

; A store between the loads may write what the next load reads: left alone.
; ALWAYS-LABEL: @store_among_loads(
; ALWAYS-COUNT-2: load <4 x i32>
; ALWAYS-NOT:     load <8 x i32>
define void @store_among_loads(ptr %p, ptr %q, ptr %r) {
  %p1 = getelementptr inbounds i8, ptr %p, i64 16
  %a = load <4 x i32>, ptr %p, align 16
  store i32 0, ptr %r
  %b = load <4 x i32>, ptr %p1, align 16
  %x = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %y = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  %q1 = getelementptr inbounds i8, ptr %q, i64 16
  store <4 x i32> %x, ptr %q, align 16
  store <4 x i32> %y, ptr %q1, align 16
  ret void
}

; A load between the stores may read what the first store wrote: left alone.
; ALWAYS-LABEL: @load_among_stores(
; ALWAYS-COUNT-2: store <4 x i32>
; ALWAYS-NOT:     store <8 x i32>
define i32 @load_among_stores(ptr %p, ptr %q, ptr %r) {
  %p1 = getelementptr inbounds i8, ptr %p, i64 16
  %a = load <4 x i32>, ptr %p, align 16
  %b = load <4 x i32>, ptr %p1, align 16
  %x = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %y = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  %q1 = getelementptr inbounds i8, ptr %q, i64 16
  store <4 x i32> %x, ptr %q, align 16
  %v = load i32, ptr %r
  store <4 x i32> %y, ptr %q1, align 16
  ret i32 %v
}

; In place (the stores overwrite the loads' block): every load comes first, so one
; load and one store do the same (also measured cheaper on sifive-x280).
; CHECK-LABEL: @in_place(
; CHECK:         load <8 x i32>, ptr %p
; CHECK:         store <8 x i32> {{%.*}}, ptr %p
; CHECK-NOT:     store
; CHECK:         ret void
; ALWAYS-LABEL: @in_place(
; ALWAYS:         load <8 x i32>, ptr %p
define void @in_place(ptr %p) {
  %p1 = getelementptr inbounds i8, ptr %p, i64 16
  %a = load <4 x i32>, ptr %p, align 16
  %b = load <4 x i32>, ptr %p1, align 16
  %x = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %y = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  store <4 x i32> %x, ptr %p, align 16
  store <4 x i32> %y, ptr %p1, align 16
  ret void
}

; A gap between the loads (the wide load would read memory the loads do not), a
; shuffle read outside the group, a volatile store, a constant operand: left alone.
; ALWAYS-LABEL: @gap(
; ALWAYS-NOT:     load <12 x i32>
; ALWAYS-NOT:     load <8 x i32>
; ALWAYS:         ret void
define void @gap(ptr %p, ptr %q) {
  %p1 = getelementptr inbounds i8, ptr %p, i64 32
  %a = load <4 x i32>, ptr %p, align 16
  %b = load <4 x i32>, ptr %p1, align 16
  %x = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %y = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  %q1 = getelementptr inbounds i8, ptr %q, i64 16
  store <4 x i32> %x, ptr %q, align 16
  store <4 x i32> %y, ptr %q1, align 16
  ret void
}

; ALWAYS-LABEL: @read_outside(
; ALWAYS-NOT:     load <8 x i32>
; ALWAYS:         ret <4 x i32>
define <4 x i32> @read_outside(ptr %p, ptr %q) {
  %p1 = getelementptr inbounds i8, ptr %p, i64 16
  %a = load <4 x i32>, ptr %p, align 16
  %b = load <4 x i32>, ptr %p1, align 16
  %x = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %y = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  %q1 = getelementptr inbounds i8, ptr %q, i64 16
  store <4 x i32> %x, ptr %q, align 16
  store <4 x i32> %y, ptr %q1, align 16
  ret <4 x i32> %x
}

; ALWAYS-LABEL: @volatile_store(
; ALWAYS-NOT:     load <8 x i32>
; ALWAYS:         ret void
define void @volatile_store(ptr %p, ptr %q) {
  %p1 = getelementptr inbounds i8, ptr %p, i64 16
  %a = load <4 x i32>, ptr %p, align 16
  %b = load <4 x i32>, ptr %p1, align 16
  %x = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %y = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  %q1 = getelementptr inbounds i8, ptr %q, i64 16
  store volatile <4 x i32> %x, ptr %q, align 16
  store <4 x i32> %y, ptr %q1, align 16
  ret void
}

; ALWAYS-LABEL: @constant_operand(
; ALWAYS-NOT:     load <8 x i32>
; ALWAYS:         ret void
define void @constant_operand(ptr %p, ptr %q) {
  %p1 = getelementptr inbounds i8, ptr %p, i64 16
  %a = load <4 x i32>, ptr %p, align 16
  %b = load <4 x i32>, ptr %p1, align 16
  %x = shufflevector <4 x i32> %a, <4 x i32> zeroinitializer, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %y = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  %q1 = getelementptr inbounds i8, ptr %q, i64 16
  store <4 x i32> %x, ptr %q, align 16
  store <4 x i32> %y, ptr %q1, align 16
  ret void
}
