// KERNEL: split 32 packed RGBA pixels into R, G, B and A planes (plain stride-4 loop)
// CATEGORY: deinterleave
// ITEM: in=128 out=128
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const uint8_t *restrict in = (const uint8_t *)in_;
  uint8_t *restrict out = (uint8_t *)out_;
  for (size_t i = 0; i < n; i++) {
    const uint8_t *restrict p = in + i * 128;
    uint8_t *restrict r = out + i * 128;
    uint8_t *restrict g = r + 32;
    uint8_t *restrict b = r + 64;
    uint8_t *restrict a = r + 96;
    for (int k = 0; k < 32; k++) {
      r[k] = p[4 * k + 0];
      g[k] = p[4 * k + 1];
      b[k] = p[4 * k + 2];
      a[k] = p[4 * k + 3];
    }
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const uint8_t *in = (const uint8_t *)in_;
  uint8_t *out = (uint8_t *)out_;
  for (size_t i = 0; i < n; i++)
    for (int c = 0; c < 4; c++)
      for (int k = 0; k < 32; k++)
        out[i * 128 + c * 32 + k] = in[i * 128 + 4 * k + c];
}
