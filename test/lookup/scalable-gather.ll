; A table lookup is built for fixed vectors only. An `insertelement` chain over lanes
; 0..7 of a `<vscale x 8 x i8>` was taken for a whole gather (a scalable vector's lane
; count is its least) and became a NEON `tbl1` on the scalable index, which llc cannot
; select; on x86, TTI ended opt pricing it (a helper's hunt, 2026-11-27). Now the
; chain stays, and compiles.
; REQUIRES: aarch64-registered-target
; RUN: %opt -passes=shuffle-lib -S %s | FileCheck %s
; RUN: %opt -passes=shuffle-lib %s | %llc -o /dev/null
target triple = "aarch64-unknown-linux-gnu"

@digits = internal constant [16 x i8] c"0123456789abcdef"

; CHECK-LABEL: @scalable_chain(
; CHECK-NOT:     tbl
; CHECK:         insertelement <vscale x 8 x i8> %v6
; CHECK:         ret <vscale x 8 x i8>
define <vscale x 8 x i8> @scalable_chain(<vscale x 8 x i8> %in) #0 {
  %idx = and <vscale x 8 x i8> %in, splat (i8 15)
  %e0 = extractelement <vscale x 8 x i8> %idx, i64 0
  %z0 = zext i8 %e0 to i64
  %p0 = getelementptr inbounds i8, ptr @digits, i64 %z0
  %l0 = load i8, ptr %p0
  %v0 = insertelement <vscale x 8 x i8> poison, i8 %l0, i64 0
  %e1 = extractelement <vscale x 8 x i8> %idx, i64 1
  %z1 = zext i8 %e1 to i64
  %p1 = getelementptr inbounds i8, ptr @digits, i64 %z1
  %l1 = load i8, ptr %p1
  %v1 = insertelement <vscale x 8 x i8> %v0, i8 %l1, i64 1
  %e2 = extractelement <vscale x 8 x i8> %idx, i64 2
  %z2 = zext i8 %e2 to i64
  %p2 = getelementptr inbounds i8, ptr @digits, i64 %z2
  %l2 = load i8, ptr %p2
  %v2 = insertelement <vscale x 8 x i8> %v1, i8 %l2, i64 2
  %e3 = extractelement <vscale x 8 x i8> %idx, i64 3
  %z3 = zext i8 %e3 to i64
  %p3 = getelementptr inbounds i8, ptr @digits, i64 %z3
  %l3 = load i8, ptr %p3
  %v3 = insertelement <vscale x 8 x i8> %v2, i8 %l3, i64 3
  %e4 = extractelement <vscale x 8 x i8> %idx, i64 4
  %z4 = zext i8 %e4 to i64
  %p4 = getelementptr inbounds i8, ptr @digits, i64 %z4
  %l4 = load i8, ptr %p4
  %v4 = insertelement <vscale x 8 x i8> %v3, i8 %l4, i64 4
  %e5 = extractelement <vscale x 8 x i8> %idx, i64 5
  %z5 = zext i8 %e5 to i64
  %p5 = getelementptr inbounds i8, ptr @digits, i64 %z5
  %l5 = load i8, ptr %p5
  %v5 = insertelement <vscale x 8 x i8> %v4, i8 %l5, i64 5
  %e6 = extractelement <vscale x 8 x i8> %idx, i64 6
  %z6 = zext i8 %e6 to i64
  %p6 = getelementptr inbounds i8, ptr @digits, i64 %z6
  %l6 = load i8, ptr %p6
  %v6 = insertelement <vscale x 8 x i8> %v5, i8 %l6, i64 6
  %e7 = extractelement <vscale x 8 x i8> %idx, i64 7
  %z7 = zext i8 %e7 to i64
  %p7 = getelementptr inbounds i8, ptr @digits, i64 %z7
  %l7 = load i8, ptr %p7
  %v7 = insertelement <vscale x 8 x i8> %v6, i8 %l7, i64 7
  ret <vscale x 8 x i8> %v7
}
attributes #0 = { "target-features"="+sve" }
