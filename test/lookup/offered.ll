; Table loads offered to the vectorizers: before them (shuffle-lib<early>) a byte load
; from a constant table whose index is proved inside it becomes a call of a lookup
; function with vector forms (tbl on AArch64, pshufb/vpshufb on x86); the loop
; vectorizer then vectorizes the loop with them (stock LLVM leaves it scalar on
; AArch64), and after it (shuffle-lib<late>) every call is replaced by the function's
; body: the table instruction in the vector loop, the load in the scalar remainder.
; REQUIRES: aarch64-registered-target, x86-registered-target, riscv-registered-target
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<early>' -S %s | FileCheck %s --check-prefix=EARLY
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<early>,loop-vectorize,shuffle-lib<late>' -S %s | FileCheck %s --check-prefix=LATE
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='default<O3>' -S %s | %llc -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 | FileCheck %s --check-prefix=A64
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='default<O3>' -disable-shuffle-lib -S %s | %llc -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 | FileCheck %s --check-prefix=STOCK
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 -passes='default<O3>' -S %s | %llc -mtriple=x86_64-linux-gnu -mcpu=x86-64-v3 | FileCheck %s --check-prefix=V3
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<early>' -pass-remarks=shuffle-lib -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<early;no-lookup>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=x86_64-linux-gnu -mcpu=x86-64 -passes='shuffle-lib<early>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=riscv64-linux-gnu -mattr=+v -passes='shuffle-lib<early>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes=shuffle-lib -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -mtriple=aarch64-linux-gnu -mcpu=neoverse-n1 -passes='shuffle-lib<early>' -stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS

@digits = internal constant [16 x i8] c"0123456789abcdef"
@base64 = internal constant [64 x i8] c"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
@mutable = internal global [16 x i8] c"0123456789abcdef"

; out[i] = digits[in[i] & 15]
define void @hex(ptr noalias %out, ptr noalias %in, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr inbounds i8, ptr %in, i64 %i
  %b = load i8, ptr %src, align 1
  %x = and i8 %b, 15
  %z = zext i8 %x to i64
  %p = getelementptr inbounds i8, ptr @digits, i64 %z
  %v = load i8, ptr %p, align 1
  %dst = getelementptr inbounds i8, ptr %out, i64 %i
  store i8 %v, ptr %dst, align 1
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; EARLY-LABEL: @hex(
; EARLY:         %x = and i8 %b, 15
; EARLY-NEXT:    %v = call i8 @shuf.lookup.digits.8.16(i8 %x) #[[VARIANTS:[0-9]+]]
; EARLY-NEXT:    %dst =
; EARLY-LABEL: @b64(
; EARLY:         %w = zext i8 %b to i32
; EARLY-NEXT:    %x = and i32 %w, 63
; EARLY-NEXT:    [[T:%.*]] = trunc i32 %x to i8
; EARLY-NEXT:    %v = call i8 @shuf.lookup.base64.8.16(i8 [[T]]) #[[VARIANTS64:[0-9]+]]
; EARLY-LABEL: @unproved(
; EARLY-NOT:     call
; EARLY:         load i8, ptr %p
; EARLY-LABEL: @nibble(
; EARLY:         [[N:%.*]] = zext i4 %x to i8
; EARLY-NEXT:    %v = call i8 @shuf.lookup.digits.8.16(i8 [[N]])
; EARLY-LABEL: @not_constant(
; EARLY-NOT:     call
; EARLY:         load i8, ptr %p
; EARLY-LABEL: @volatile(
; EARLY-NOT:     call
; EARLY:         load volatile i8, ptr %p
; The scalar form is the load; each vector form one tbl.
; EARLY-LABEL: define internal <8 x i8> @shuf.lookup.digits.8.16.v8(<8 x i8> %0)
; EARLY-NEXT:    call <8 x i8> @llvm.aarch64.neon.tbl1.v8i8(<16 x i8> <i8 48, i8 49, i8 50, i8 51, i8 52, i8 53, i8 54, i8 55, i8 56, i8 57, i8 97, i8 98, i8 99, i8 100, i8 101, i8 102>, <8 x i8> %0)
; EARLY-LABEL: define internal <16 x i8> @shuf.lookup.digits.8.16.v16(<16 x i8> %0)
; EARLY-NEXT:    call <16 x i8> @llvm.aarch64.neon.tbl1.v16i8(
; EARLY-LABEL: define internal i8 @shuf.lookup.digits.8.16(i8 %0)
; EARLY-NEXT:    [[Z:%.*]] = zext i8 %0 to i64
; EARLY-NEXT:    [[P:%.*]] = getelementptr inbounds i8, ptr @digits, i64 [[Z]]
; EARLY-NEXT:    [[L:%.*]] = load i8, ptr [[P]], align 1
; EARLY-NEXT:    ret i8 [[L]]
; EARLY-LABEL: define internal <16 x i8> @shuf.lookup.base64.8.16.v16(<16 x i8> %0)
; EARLY-NEXT:    call <16 x i8> @llvm.aarch64.neon.tbl4.v16i8(<16 x i8> {{.*}}, <16 x i8> {{.*}}, <16 x i8> {{.*}}, <16 x i8> {{.*}}, <16 x i8> %0)
; EARLY-DAG:     attributes #[[VARIANTS]] = { "vector-function-abi-variant"="_ZGV_LLVM_N8v_shuf.lookup.digits.8.16(shuf.lookup.digits.8.16.v8),_ZGV_LLVM_N16v_shuf.lookup.digits.8.16(shuf.lookup.digits.8.16.v16)" }
; EARLY-DAG:     attributes #[[VARIANTS64]] = { "vector-function-abi-variant"="_ZGV_LLVM_N8v_shuf.lookup.base64.8.16(shuf.lookup.base64.8.16.v8),_ZGV_LLVM_N16v_shuf.lookup.base64.8.16(shuf.lookup.base64.8.16.v16)" }

; After the vectorizer: the vector loop's tbl, the remainder's load, no call left.
; LATE-LABEL: @hex(
; LATE:          vector.body:
; LATE:          call <16 x i8> @llvm.aarch64.neon.tbl1.v16i8(
; LATE:          getelementptr inbounds i8, ptr @digits
; LATE-NEXT:     load i8
; LATE-LABEL: @b64(
; LATE:          vector.body:
; LATE:          call <16 x i8> @llvm.aarch64.neon.tbl4.v16i8(
; LATE-LABEL: @unproved(
; LATE-NOT:      call {{.*}}@shuf.lookup
; LATE-LABEL: define internal

; A64-LABEL: hex:
; A64:           tbl v{{[0-9]+}}.16b, { v{{[0-9]+}}.16b }, v{{[0-9]+}}.16b
; A64-NOT:       bl shuf.lookup
; A64-LABEL: b64:
; A64:           tbl v{{[0-9]+}}.16b, { v{{[0-9]+}}.16b, v{{[0-9]+}}.16b, v{{[0-9]+}}.16b, v{{[0-9]+}}.16b }, v{{[0-9]+}}.16b
; A64-NOT:       shuf.lookup
; STOCK-LABEL: hex:
; STOCK-NOT:     tbl
; STOCK:         ret
; V3-LABEL: hex:
; V3:            vpshufb
; V3-NOT:        shuf.lookup

; REMARK: remark: <unknown>:0:0: table load: a byte of the 16-byte table @digits (index at most 15) offered to the vectorizers with vector forms 8 × tbl, 16 × tbl
; REMARK: remark: <unknown>:0:0: table load: a byte of the 64-byte table @base64 (index at most 63) offered to the vectorizers with vector forms 8 × tbl, 16 × tbl
; REMARK: remark: <unknown>:0:0: table load: a byte of the 16-byte table @digits (index at most 15) offered to the vectorizers with vector forms 8 × tbl, 16 × tbl
; REMARK-NOT: remark

; OFF-NOT: @shuf.lookup
; STATS: 3 shuffle-lib - Byte loads from a constant table offered to the vectorizers with vector forms

; out[i] = base64[in[i] & 63], the index computed in i32: one tbl4 (four 16-byte parts).
define void @b64(ptr noalias %out, ptr noalias %in, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr inbounds i8, ptr %in, i64 %i
  %b = load i8, ptr %src, align 1
  %w = zext i8 %b to i32
  %x = and i32 %w, 63
  %z = zext nneg i32 %x to i64
  %p = getelementptr inbounds [64 x i8], ptr @base64, i64 0, i64 %z
  %v = load i8, ptr %p, align 1
  %dst = getelementptr inbounds i8, ptr %out, i64 %i
  store i8 %v, ptr %dst, align 1
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; The index may reach past the 16-byte table (a mask of 31): left alone.
define void @unproved(ptr noalias %out, ptr noalias %in, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr inbounds i8, ptr %in, i64 %i
  %b = load i8, ptr %src, align 1
  %x = and i8 %b, 31
  %z = zext i8 %x to i64
  %p = getelementptr inbounds i8, ptr @digits, i64 %z
  %v = load i8, ptr %p, align 1
  %dst = getelementptr inbounds i8, ptr %out, i64 %i
  store i8 %v, ptr %dst, align 1
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; An index narrower than a byte (i4, widened): zero-extended to the byte the call takes.
define i8 @nibble(i4 %x) {
  %z = zext i4 %x to i64
  %p = getelementptr inbounds i8, ptr @digits, i64 %z
  %v = load i8, ptr %p, align 1
  ret i8 %v
}

; A table that may change: left alone.
define i8 @not_constant(i8 %b) {
  %x = and i8 %b, 15
  %z = zext i8 %x to i64
  %p = getelementptr inbounds i8, ptr @mutable, i64 %z
  %v = load i8, ptr %p, align 1
  ret i8 %v
}

; A volatile load: left alone.
define i8 @volatile(i8 %b) {
  %x = and i8 %b, 15
  %z = zext i8 %x to i64
  %p = getelementptr inbounds i8, ptr @digits, i64 %z
  %v = load volatile i8, ptr %p, align 1
  ret i8 %v
}
