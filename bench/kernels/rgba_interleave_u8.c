// KERNEL: pack 32 pixels from R, G, B and A planes into packed RGBA (plain stride-4 store loop)
// CATEGORY: interleave
// ITEM: in=128 out=128
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const uint8_t *restrict in = (const uint8_t *)in_;
  uint8_t *restrict out = (uint8_t *)out_;
  for (size_t i = 0; i < n; i++) {
    const uint8_t *restrict r = in + i * 128;
    const uint8_t *restrict g = r + 32;
    const uint8_t *restrict b = r + 64;
    const uint8_t *restrict a = r + 96;
    uint8_t *restrict q = out + i * 128;
    for (int k = 0; k < 32; k++) {
      q[4 * k + 0] = r[k];
      q[4 * k + 1] = g[k];
      q[4 * k + 2] = b[k];
      q[4 * k + 3] = a[k];
    }
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const uint8_t *in = (const uint8_t *)in_;
  uint8_t *out = (uint8_t *)out_;
  for (size_t i = 0; i < n; i++)
    for (int k = 0; k < 32; k++)
      for (int c = 0; c < 4; c++)
        out[i * 128 + 4 * k + c] = in[i * 128 + c * 32 + k];
}
