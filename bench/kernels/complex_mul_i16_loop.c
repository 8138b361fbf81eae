// KERNEL: multiply interleaved fixed-point complex i16 a[i] * b[i] (wrapping), written as a plain loop: the loop vectorizer deinterleaves and interleaves back, the blend of a subtraction and an addition is left
// CATEGORY: complex
// ITEM: in=8 out=4
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const uint16_t *restrict a = (const uint16_t *)in_;
  const uint16_t *restrict b = a + 2 * n;
  uint16_t *restrict out = (uint16_t *)out_;
  for (size_t i = 0; i < n; i++) {
    uint16_t ar = a[2 * i], ai = a[2 * i + 1], br = b[2 * i], bi = b[2 * i + 1];
    out[2 * i] = (uint16_t)((unsigned)ar * br - (unsigned)ai * bi);
    out[2 * i + 1] = (uint16_t)((unsigned)ar * bi + (unsigned)ai * br);
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const uint16_t *in = (const uint16_t *)in_;
  uint16_t *out = (uint16_t *)out_;
  for (size_t i = 0; i < n; i++) {
    uint16_t ar = in[2 * i], ai = in[2 * i + 1];
    uint16_t br = in[2 * n + 2 * i], bi = in[2 * n + 2 * i + 1];
    out[2 * i] = (uint16_t)((unsigned)ar * br - (unsigned)ai * bi);
    out[2 * i + 1] = (uint16_t)((unsigned)ar * bi + (unsigned)ai * br);
  }
}
