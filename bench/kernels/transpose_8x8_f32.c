// KERNEL: transpose one row-major 8x8 float matrix per item with an unpack/shuffle/permute network on 8-wide vectors
// CATEGORY: transpose
// ITEM: in=256 out=256
// INPUT: f32
#include "fp_exact.h"
#include <stddef.h>
#include <stdint.h>

typedef float v8f __attribute__((vector_size(32)));

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const unsigned char *in = (const unsigned char *)in_;
  unsigned char *out = (unsigned char *)out_;
  for (size_t i = 0; i < n; i++) {
    const unsigned char *p = in + i * 256;
    unsigned char *q = out + i * 256;
    v8f r0, r1, r2, r3, r4, r5, r6, r7;
    __builtin_memcpy(&r0, p + 0 * 32, 32);
    __builtin_memcpy(&r1, p + 1 * 32, 32);
    __builtin_memcpy(&r2, p + 2 * 32, 32);
    __builtin_memcpy(&r3, p + 3 * 32, 32);
    __builtin_memcpy(&r4, p + 4 * 32, 32);
    __builtin_memcpy(&r5, p + 5 * 32, 32);
    __builtin_memcpy(&r6, p + 6 * 32, 32);
    __builtin_memcpy(&r7, p + 7 * 32, 32);
    /* stage 1: interleave row pairs within 128-bit halves */
    v8f a0 = __builtin_shufflevector(r0, r1, 0, 8, 1, 9, 4, 12, 5, 13);
    v8f a1 = __builtin_shufflevector(r0, r1, 2, 10, 3, 11, 6, 14, 7, 15);
    v8f a2 = __builtin_shufflevector(r2, r3, 0, 8, 1, 9, 4, 12, 5, 13);
    v8f a3 = __builtin_shufflevector(r2, r3, 2, 10, 3, 11, 6, 14, 7, 15);
    v8f a4 = __builtin_shufflevector(r4, r5, 0, 8, 1, 9, 4, 12, 5, 13);
    v8f a5 = __builtin_shufflevector(r4, r5, 2, 10, 3, 11, 6, 14, 7, 15);
    v8f a6 = __builtin_shufflevector(r6, r7, 0, 8, 1, 9, 4, 12, 5, 13);
    v8f a7 = __builtin_shufflevector(r6, r7, 2, 10, 3, 11, 6, 14, 7, 15);
    /* stage 2: combine 64-bit pairs within 128-bit halves */
    v8f b0 = __builtin_shufflevector(a0, a2, 0, 1, 8, 9, 4, 5, 12, 13);
    v8f b1 = __builtin_shufflevector(a0, a2, 2, 3, 10, 11, 6, 7, 14, 15);
    v8f b2 = __builtin_shufflevector(a1, a3, 0, 1, 8, 9, 4, 5, 12, 13);
    v8f b3 = __builtin_shufflevector(a1, a3, 2, 3, 10, 11, 6, 7, 14, 15);
    v8f b4 = __builtin_shufflevector(a4, a6, 0, 1, 8, 9, 4, 5, 12, 13);
    v8f b5 = __builtin_shufflevector(a4, a6, 2, 3, 10, 11, 6, 7, 14, 15);
    v8f b6 = __builtin_shufflevector(a5, a7, 0, 1, 8, 9, 4, 5, 12, 13);
    v8f b7 = __builtin_shufflevector(a5, a7, 2, 3, 10, 11, 6, 7, 14, 15);
    /* stage 3: exchange 128-bit halves */
    v8f c0 = __builtin_shufflevector(b0, b4, 0, 1, 2, 3, 8, 9, 10, 11);
    v8f c1 = __builtin_shufflevector(b1, b5, 0, 1, 2, 3, 8, 9, 10, 11);
    v8f c2 = __builtin_shufflevector(b2, b6, 0, 1, 2, 3, 8, 9, 10, 11);
    v8f c3 = __builtin_shufflevector(b3, b7, 0, 1, 2, 3, 8, 9, 10, 11);
    v8f c4 = __builtin_shufflevector(b0, b4, 4, 5, 6, 7, 12, 13, 14, 15);
    v8f c5 = __builtin_shufflevector(b1, b5, 4, 5, 6, 7, 12, 13, 14, 15);
    v8f c6 = __builtin_shufflevector(b2, b6, 4, 5, 6, 7, 12, 13, 14, 15);
    v8f c7 = __builtin_shufflevector(b3, b7, 4, 5, 6, 7, 12, 13, 14, 15);
    __builtin_memcpy(q + 0 * 32, &c0, 32);
    __builtin_memcpy(q + 1 * 32, &c1, 32);
    __builtin_memcpy(q + 2 * 32, &c2, 32);
    __builtin_memcpy(q + 3 * 32, &c3, 32);
    __builtin_memcpy(q + 4 * 32, &c4, 32);
    __builtin_memcpy(q + 5 * 32, &c5, 32);
    __builtin_memcpy(q + 6 * 32, &c6, 32);
    __builtin_memcpy(q + 7 * 32, &c7, 32);
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
