// clang -O3 with the plugin: shuffle-lib runs in the pipeline, remarks reach clang's
// diagnostics, and the program computes what it did without the plugin.
// REQUIRES: native-x86_64
// RUN: %clang -O3 -Rpass-analysis=shuffle-lib -c -o /dev/null %s 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %clang -O3 %s -o %t.exe && %t.exe | FileCheck %s --check-prefix=OUT
// RUN: %clang -O3 -mllvm -disable-shuffle-lib -Rpass-analysis=shuffle-lib -c -o /dev/null %s 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty

// REMARK: remark: shufflevector
// OFF-NOT: remark
// OUT: 1 0 2 0 | 9 9 9 9 9 9 9 9 | 8 7 6 5 4 3 2 1
// OUT-NEXT: ok

#include <stdio.h>

typedef int v4si __attribute__((vector_size(16)));
typedef short v8hi __attribute__((vector_size(16)));

__attribute__((noinline)) v4si interleave_zero(v4si x) {
  v4si z = {0, 0, 0, 0};
  return __builtin_shufflevector(z, x, 4, 2, 5, 1);
}

__attribute__((noinline)) v8hi broadcast(v8hi x, v8hi y) {
  return __builtin_shufflevector(x, y, 8, 8, 8, 8, 8, 8, 8, 8);
}

__attribute__((noinline)) v8hi reverse(v8hi x) {
  return __builtin_shufflevector(x, x, 15, 6, 13, 4, 11, 2, 9, 0);
}

int main(void) {
  v4si a = interleave_zero((v4si){1, 2, 3, 4});
  v8hi b = broadcast((v8hi){0}, (v8hi){9, 1, 2, 3, 4, 5, 6, 7});
  v8hi c = reverse((v8hi){1, 2, 3, 4, 5, 6, 7, 8});
  printf("%d %d %d %d |", a[0], a[1], a[2], a[3]);
  for (int i = 0; i < 8; i++) printf(" %d", b[i]);
  printf(" |");
  for (int i = 0; i < 8; i++) printf(" %d", c[i]);
  printf("\n");
  int ok = a[0] == 1 && a[1] == 0 && a[2] == 2 && a[3] == 0 && b[3] == 9 && c[0] == 8 && c[7] == 1;
  puts(ok ? "ok" : "WRONG");
  return !ok;
}
