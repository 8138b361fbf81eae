// KERNEL: split 32 packed RGB pixels into R, G and B planes (plain stride-3 loop for the loop vectorizer)
// CATEGORY: deinterleave
// ITEM: in=96 out=96
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const uint8_t *restrict in = (const uint8_t *)in_;
  uint8_t *restrict out = (uint8_t *)out_;
  for (size_t i = 0; i < n; i++) {
    const uint8_t *restrict p = in + i * 96;
    uint8_t *restrict r = out + i * 96;
    uint8_t *restrict g = r + 32;
    uint8_t *restrict b = r + 64;
    for (int k = 0; k < 32; k++) {
      r[k] = p[3 * k + 0];
      g[k] = p[3 * k + 1];
      b[k] = p[3 * k + 2];
    }
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const uint8_t *in = (const uint8_t *)in_;
  uint8_t *out = (uint8_t *)out_;
  for (size_t i = 0; i < n; i++)
    for (int c = 0; c < 3; c++)
      for (int k = 0; k < 32; k++)
        out[i * 96 + c * 32 + k] = in[i * 96 + 3 * k + c];
}
