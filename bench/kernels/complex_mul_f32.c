// KERNEL: multiply 4 interleaved complex floats a[k] by b[k] (duplicate re/im, swap pairs, add/sub, even/odd blend)
// CATEGORY: complex
// ITEM: in=64 out=32
// INPUT: f32
#include "fp_exact.h"
#include <stddef.h>
#include <stdint.h>

typedef float v8f __attribute__((vector_size(32)));

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const unsigned char *in = (const unsigned char *)in_;
  unsigned char *out = (unsigned char *)out_;
  for (size_t i = 0; i < n; i++) {
    v8f a, b;
    __builtin_memcpy(&a, in + i * 64, 32);      /* a0.re a0.im a1.re ... */
    __builtin_memcpy(&b, in + i * 64 + 32, 32); /* b0.re b0.im b1.re ... */
    v8f ar = __builtin_shufflevector(a, a, 0, 0, 2, 2, 4, 4, 6, 6);
    v8f ai = __builtin_shufflevector(a, a, 1, 1, 3, 3, 5, 5, 7, 7);
    v8f bs = __builtin_shufflevector(b, b, 1, 0, 3, 2, 5, 4, 7, 6);
    v8f t1 = ar * b;  /* ar*br, ar*bi */
    v8f t2 = ai * bs; /* ai*bi, ai*br */
    v8f d = t1 - t2;
    v8f s = t1 + t2;
    v8f r = __builtin_shufflevector(d, s, 0, 9, 2, 11, 4, 13, 6, 15);
    __builtin_memcpy(out + i * 32, &r, 32);
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const float *in = (const float *)in_;
  float *out = (float *)out_;
  for (size_t i = 0; i < n; i++)
    for (int k = 0; k < 4; k++) {
      float ar = in[i * 16 + 2 * k], ai = in[i * 16 + 2 * k + 1];
      float br = in[i * 16 + 8 + 2 * k], bi = in[i * 16 + 8 + 2 * k + 1];
      out[i * 8 + 2 * k] = ar * br - ai * bi;
      out[i * 8 + 2 * k + 1] = ar * bi + ai * br;
    }
}
