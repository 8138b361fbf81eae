// KERNEL: interleave four float planes into one stream of 4-tuples (the loop vectorizer's interleaved store group)
// CATEGORY: stride
// ITEM: in=16 out=16
// INPUT: f32
#include "fp_exact.h"
#include <stddef.h>
#include <stdint.h>

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const float *restrict a = (const float *)in_;
  const float *restrict b = a + n, *restrict c = a + 2 * n, *restrict d = a + 3 * n;
  float *restrict out = (float *)out_;
  for (size_t i = 0; i < n; i++) {
    out[4 * i + 0] = a[i];
    out[4 * i + 1] = b[i];
    out[4 * i + 2] = c[i];
    out[4 * i + 3] = d[i];
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const float *in = (const float *)in_;
  float *out = (float *)out_;
  for (size_t i = 0; i < n; i++)
    for (size_t k = 0; k < 4; k++)
      out[4 * i + k] = in[k * n + i];
}
