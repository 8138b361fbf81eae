// KERNEL: splat lane 2 of a 4 x float vector to 8 lanes and multiply by the vector repeated twice
// CATEGORY: broadcast
// ITEM: in=16 out=32
// INPUT: f32
#include "fp_exact.h"
#include <stddef.h>
#include <stdint.h>

typedef float v4f __attribute__((vector_size(16)));
typedef float v8f __attribute__((vector_size(32)));

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const unsigned char *in = (const unsigned char *)in_;
  unsigned char *out = (unsigned char *)out_;
  for (size_t i = 0; i < n; i++) {
    v4f x;
    __builtin_memcpy(&x, in + i * 16, 16);
    v8f s = __builtin_shufflevector(x, x, 2, 2, 2, 2, 2, 2, 2, 2);
    v8f d = __builtin_shufflevector(x, x, 0, 1, 2, 3, 0, 1, 2, 3);
    v8f r = d * s;
    __builtin_memcpy(out + i * 32, &r, 32);
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const float *in = (const float *)in_;
  float *out = (float *)out_;
  for (size_t i = 0; i < n; i++)
    for (int k = 0; k < 8; k++)
      out[i * 8 + k] = in[i * 4 + k % 4] * in[i * 4 + 2];
}
