// On AArch64 the instance before the vectorizers leaves a loop that stores at most 4
// elements side by side an iteration to the loop vectorizer (pass::slp::decide): it
// vectorizes across iterations with `ld4`/`st4`. Here four sums and differences of a
// permuted `<4 x i32>`: taken as one iteration's tree (measured 10 -> 9), the loop was
// no longer vectorized, 5.7 cycles an item by llvm-mca against stock's 2.3 (found by a
// helper's hunt). Now the loop vectorizer's `ld4`, add/sub and `st4` stand (the late
// instance may still improve them).
// REQUIRES: aarch64-registered-target
// RUN: %clang --target=aarch64-linux-gnu -mcpu=neoverse-n1 -O3 -S -o - %s | FileCheck %s
// RUN: %clang --target=aarch64-linux-gnu -mcpu=neoverse-n1 -O3 -Rpass=shuffle-lib -Rpass=loop-vectorize -c -o /dev/null %s 2>&1 | FileCheck %s --check-prefix=REMARK

// CHECK-LABEL: perm4i:
// CHECK:         ld4 { v{{[0-9]+}}.4s
// CHECK:         st4 { v{{[0-9]+}}.4s
// REMARK-NOT: slp: 4 scalar stores
// REMARK:     vectorized loop
// REMARK-NOT: slp: 4 scalar stores

void perm4i(const int *restrict in, int *restrict out, long n) {
  for (long i = 0; i < n; i++) {
    const int *a = in + 4 * i;
    out[4 * i + 0] = a[3] + a[0];
    out[4 * i + 1] = a[2] + a[1];
    out[4 * i + 2] = a[1] - a[2];
    out[4 * i + 3] = a[0] - a[3];
  }
}
