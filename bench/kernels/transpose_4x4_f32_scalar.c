// KERNEL: transpose one row-major 4x4 f32 matrix per item written as a scalar double loop (fully unrolled: 16 permuted scalar copies)
// CATEGORY: transpose
// ITEM: in=64 out=64
// INPUT: f32
#include "fp_exact.h"
#include <stddef.h>
#include <stdint.h>

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const float *restrict in = (const float *)in_;
  float *restrict out = (float *)out_;
  for (size_t i = 0; i < n; i++)
    for (int r = 0; r < 4; r++)
      for (int c = 0; c < 4; c++)
        out[i * 16 + c * 4 + r] = in[i * 16 + r * 4 + c];
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const unsigned char *in = (const unsigned char *)in_;
  unsigned char *out = (unsigned char *)out_;
  for (size_t i = 0; i < n; i++)
    for (int r = 0; r < 4; r++)
      for (int c = 0; c < 4; c++)
        __builtin_memcpy(out + (i * 16 + c * 4 + r) * sizeof(float), in + (i * 16 + r * 4 + c) * sizeof(float), sizeof(float));
}
