// Selection through clang's default pipeline (the late instance, after the vectorizers).
// REQUIRES: x86-registered-target
// RUN: %clang --target=x86_64-linux-gnu -O3 -march=x86-64-v3 -S -o - %s | FileCheck %s
// RUN: %clang --target=x86_64-linux-gnu -O3 -march=x86-64-v3 -Rpass=shuffle-lib -c -o /dev/null %s 2>&1 | FileCheck %s --check-prefix=REMARK

typedef int v4si __attribute__((vector_size(16)));

// Stock: vbroadcastss, vbroadcastss, vblendps.
// CHECK-LABEL: spread:
// CHECK:         vunpcklps
// CHECK-NEXT:    #ARITH_FENCE
// CHECK-NEXT:    vshufps
// CHECK-NEXT:    retq
// REMARK: remark: sequence: mask <0,0,0,4> (llc 3) became punpckldq(b, a), pshufd(#0) (described 2, llc 2)
v4si spread(v4si a, v4si b) { return __builtin_shufflevector(a, b, 0, 0, 0, 4); }
