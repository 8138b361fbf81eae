// KERNEL: transpose one row-major 8x8 f32 matrix per item written as one 64-lane __builtin_shufflevector
// CATEGORY: transpose
// ITEM: in=256 out=256
// INPUT: f32
#include "fp_exact.h"
#include <stddef.h>
#include <stdint.h>

typedef float v64f __attribute__((vector_size(256)));

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const unsigned char *in = (const unsigned char *)in_;
  unsigned char *out = (unsigned char *)out_;
  for (size_t i = 0; i < n; i++) {
    v64f m;
    __builtin_memcpy(&m, in + i * 256, 256);
    v64f t = __builtin_shufflevector(
      m, m,
      0, 8, 16, 24, 32, 40, 48, 56, 1, 9, 17, 25, 33, 41, 49, 57, 2, 10, 18, 26, 34,
      42, 50, 58, 3, 11, 19, 27, 35, 43, 51, 59, 4, 12, 20, 28, 36, 44, 52, 60, 5, 13,
      21, 29, 37, 45, 53, 61, 6, 14, 22, 30, 38, 46, 54, 62, 7, 15, 23, 31, 39, 47, 55,
      63);
    __builtin_memcpy(out + i * 256, &t, 256);
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const float *in = (const float *)in_;
  float *out = (float *)out_;
  for (size_t i = 0; i < n; i++)
    for (int r = 0; r < 8; r++)
      for (int c = 0; c < 8; c++)
        out[i * 64 + c * 8 + r] = in[i * 64 + r * 8 + c];
}
