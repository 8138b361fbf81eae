// KERNEL: expand each float x to the triple (x, x*0.5, -x) (interleaving stride-3 store)
// CATEGORY: stride
// ITEM: in=4 out=12
// INPUT: f32
#include "fp_exact.h"
#include <stddef.h>
#include <stdint.h>

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const float *restrict a = (const float *)in_;
  float *restrict out = (float *)out_;
  for (size_t i = 0; i < n; i++) {
    float x = a[i];
    out[3 * i + 0] = x;
    out[3 * i + 1] = x * 0.5f;
    out[3 * i + 2] = -x;
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const float *a = (const float *)in_;
  float *out = (float *)out_;
  for (size_t i = 0; i < n; i++)
    for (int c = 0; c < 3; c++)
      out[3 * i + c] = c == 0 ? a[i] : c == 1 ? a[i] * 0.5f : -a[i];
}
