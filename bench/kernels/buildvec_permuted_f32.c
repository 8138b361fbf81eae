// KERNEL: a vector built lane by lane from products of one record's floats taken in a permuted order (a build vector SLP must permute)
// CATEGORY: slp
// ITEM: in=32 out=16
// INPUT: f32
#include "fp_exact.h"
#include <stddef.h>

typedef float v4f __attribute__((vector_size(16)));

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const float *restrict in = (const float *)in_;
  unsigned char *restrict out = (unsigned char *)out_;
  for (size_t i = 0; i < n; i++) {
    const float *a = in + i * 8;
    v4f x = {a[1] * a[6], a[3] * a[4], a[0] * a[7], a[2] * a[5]};
    __builtin_memcpy(out + i * 16, &x, 16);
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  static const int pa[4] = {1, 3, 0, 2};
  static const int pb[4] = {6, 4, 7, 5};
  const float *in = (const float *)in_;
  float *out = (float *)out_;
  for (size_t i = 0; i < n; i++)
    for (int k = 0; k < 4; k++)
      out[i * 4 + k] = in[i * 8 + pa[k]] * in[i * 8 + pb[k]];
}
