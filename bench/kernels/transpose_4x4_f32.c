// KERNEL: transpose one row-major 4x4 float matrix per item with two rounds of 4-wide shuffles
// CATEGORY: transpose
// ITEM: in=64 out=64
// INPUT: f32
#include "fp_exact.h"
#include <stddef.h>
#include <stdint.h>

typedef float v4f __attribute__((vector_size(16)));

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const unsigned char *in = (const unsigned char *)in_;
  unsigned char *out = (unsigned char *)out_;
  for (size_t i = 0; i < n; i++) {
    v4f r0, r1, r2, r3;
    __builtin_memcpy(&r0, in + i * 64 + 0, 16);
    __builtin_memcpy(&r1, in + i * 64 + 16, 16);
    __builtin_memcpy(&r2, in + i * 64 + 32, 16);
    __builtin_memcpy(&r3, in + i * 64 + 48, 16);
    /* unpacklo/unpackhi of row pairs */
    v4f t0 = __builtin_shufflevector(r0, r1, 0, 4, 1, 5);
    v4f t1 = __builtin_shufflevector(r0, r1, 2, 6, 3, 7);
    v4f t2 = __builtin_shufflevector(r2, r3, 0, 4, 1, 5);
    v4f t3 = __builtin_shufflevector(r2, r3, 2, 6, 3, 7);
    /* movelh/movehl */
    v4f c0 = __builtin_shufflevector(t0, t2, 0, 1, 4, 5);
    v4f c1 = __builtin_shufflevector(t0, t2, 2, 3, 6, 7);
    v4f c2 = __builtin_shufflevector(t1, t3, 0, 1, 4, 5);
    v4f c3 = __builtin_shufflevector(t1, t3, 2, 3, 6, 7);
    __builtin_memcpy(out + i * 64 + 0, &c0, 16);
    __builtin_memcpy(out + i * 64 + 16, &c1, 16);
    __builtin_memcpy(out + i * 64 + 32, &c2, 16);
    __builtin_memcpy(out + i * 64 + 48, &c3, 16);
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const float *in = (const float *)in_;
  float *out = (float *)out_;
  for (size_t i = 0; i < n; i++)
    for (int r = 0; r < 4; r++)
      for (int c = 0; c < 4; c++)
        out[i * 16 + c * 4 + r] = in[i * 16 + r * 4 + c];
}
