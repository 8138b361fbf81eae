; shuf explain: a mask on the command line, or every shuffle of a module, with the
; canonical form, the lanes, the pattern, the primitive term and (with a target) the
; cost LLVM's model gives. The seed 000 examples answer with the pattern the seed names.
; RUN: %shuf-bin explain 1,2,3,4,5,6,7,0 | FileCheck %s --check-prefix=ROTATE
; RUN: %shuf-bin explain 1,2,3,0,5,6,7,4 | FileCheck %s --check-prefix=ROTATE-LANES
; RUN: %shuf-bin explain 8,8,0,1,2,3,4,5 --second zero | FileCheck %s --check-prefix=SHL
; RUN: %shuf-bin explain 2,3,4,5,6,7,8,8 --second zero | FileCheck %s --check-prefix=SHR
; RUN: %shuf-bin explain 0,8,1,9,2,10,3,11 | FileCheck %s --check-prefix=MERGE
; RUN: %shuf-bin explain 1,3,5,7,9,11,13,15 | FileCheck %s --check-prefix=PACK
; RUN: %shuf-bin explain 0,5,6,3 --first const --second const | FileCheck %s --check-prefix=BLEND
; RUN: %shuf-bin explain 0,8,1,8,2,8,3,8 --second zero | FileCheck %s --check-prefix=ZEXT
; RUN: %shuf-bin explain 1,2,5,7,8,8,8,8 --second zero | FileCheck %s --check-prefix=EXTRACT
; RUN: %shuf-bin explain 0,8,1,2,8,8,3,8 --second zero | FileCheck %s --check-prefix=DEPOSIT
; RUN: %shuf-bin explain "<4, 2, 5, 1>" --first zero | FileCheck %s --check-prefix=SEED
; ROTATE:       signature  (1, [1, 1, 1, 1, 1, 1, -7])   (seed 000)
; ROTATE:       pattern    rotate down by 1   [rotate]
; ROTATE-LANES: pattern    rotate down by 1 within lanes of 4 {{.*}}[rotate-in-lanes-of-4]
; SHL:          pattern    shift up by 2, zero fill (= byte shift left by 8)   [shift-up-zero]
; SHR:          pattern    shift down by 2, zero fill (= byte shift right by 8)   [shift-down-zero]
; MERGE:        pattern    interleave of 2 streams of 8, part 0   [interleave]
; MERGE-NEXT:   term       SPLT2,0(ILV(A, B))
; PACK:         pattern    deinterleave by 2, part 1   [deinterleave]
; PACK-NEXT:    term       EXTR2,1(CONCAT(A, B))
; BLEND:        pattern    blend (second at 0110)   [blend]
; ZEXT:         pattern    zero-extend by 2 from lane 0   [zero-extend]
; ZEXT-NEXT:    term       ILV(SPLT2,0(A), ZERO4)
; EXTRACT:      pattern    compress lanes [1, 2, 5, 7], zero fill   [compress]
; DEPOSIT:      pattern    expand to lanes [0, 2, 3, 6], zero fill   [expand]
; SEED:         canonical  <0,4,1,4> over (second, first)   rules: splat-selectors, zero-second
; SEED:         lanes      A0 Z A1 Z

; With a target, the cost.
; REQUIRES: x86-registered-target
; RUN: %shuf-bin explain 0,4,1,5,2,6,3,7 --target x86_64-linux-gnu --cpu x86-64 | FileCheck %s --check-prefix=SSE
; RUN: %shuf-bin explain 0,4,1,5,2,6,3,7 --target x86_64-linux-gnu --cpu x86-64-v3 | FileCheck %s --check-prefix=AVX2
; SSE:  cost       4 on x86_64-linux-gnu x86-64
; AVX2: cost       1 on x86_64-linux-gnu x86-64-v3

; A module: every shuffle, with its pattern and the cost for the module's triple.
; RUN: %shuf-bin explain %s --target x86_64-linux-gnu --cpu x86-64-v3 | FileCheck %s --check-prefix=FILE
; FILE:      @byte_swap:
; FILE-NEXT:   %s = shufflevector <8 x i8> %a, <8 x i8> poison, <8 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6>
; FILE:        pattern    reverse within lanes of 2 (= byte-swap of i16)   [reverse-in-lanes-of-2]
; FILE:        cost       {{[0-9]+}} on x86_64-linux-gnu x86-64-v3

; A transpose of 4x4 is an interleave of its rows; its index bits rotate by 2 (seed 004).
; RUN: %shuf-bin explain 0,4,8,12,1,5,9,13,2,6,10,14,3,7,11,15 | FileCheck %s --check-prefix=TRANSPOSE
; TRANSPOSE:      pattern    interleave of 4 streams of 4, part 0   [interleave]
; TRANSPOSE-NEXT: index bits [2, 3, 0, 1]
; Shifts at byte granularity.
; RUN: %shuf-bin explain 8,8,8,0,1,2,3,4 --second zero --type i16 | FileCheck %s --check-prefix=BYTES
; BYTES: pattern    shift up by 3, zero fill (= byte shift left by 6)   [shift-up-zero]

; Errors.
; RUN: not %shuf-bin explain 0,9 --lanes 4 2>&1 | FileCheck %s --check-prefix=RANGE
; RUN: not %shuf-bin explain 2>&1 | FileCheck %s --check-prefix=USAGE
; RANGE: shuf: selector 9 is out of range for two operands of 4 lanes
; USAGE: usage: shuf explain MASK

define <8 x i8> @byte_swap(<8 x i8> %a) {
  %s = shufflevector <8 x i8> %a, <8 x i8> poison, <8 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6>
  ret <8 x i8> %s
}
