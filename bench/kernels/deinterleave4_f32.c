// KERNEL: split one stream of float 4-tuples into four planes (the loop vectorizer's interleaved load group)
// CATEGORY: stride
// ITEM: in=16 out=16
// INPUT: f32
#include "fp_exact.h"
#include <stddef.h>
#include <stdint.h>

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const float *restrict in = (const float *)in_;
  float *restrict a = (float *)out_;
  float *restrict b = a + n, *restrict c = a + 2 * n, *restrict d = a + 3 * n;
  for (size_t i = 0; i < n; i++) {
    a[i] = in[4 * i + 0];
    b[i] = in[4 * i + 1];
    c[i] = in[4 * i + 2];
    d[i] = in[4 * i + 3];
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const float *in = (const float *)in_;
  float *out = (float *)out_;
  for (size_t i = 0; i < n; i++)
    for (size_t k = 0; k < 4; k++)
      out[k * n + i] = in[4 * i + k];
}
