// KERNEL: pack 32 pixels from R, G and B planes into packed RGB (plain stride-3 store loop)
// CATEGORY: interleave
// ITEM: in=96 out=96
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const uint8_t *restrict in = (const uint8_t *)in_;
  uint8_t *restrict out = (uint8_t *)out_;
  for (size_t i = 0; i < n; i++) {
    const uint8_t *restrict r = in + i * 96;
    const uint8_t *restrict g = r + 32;
    const uint8_t *restrict b = r + 64;
    uint8_t *restrict q = out + i * 96;
    for (int k = 0; k < 32; k++) {
      q[3 * k + 0] = r[k];
      q[3 * k + 1] = g[k];
      q[3 * k + 2] = b[k];
    }
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const uint8_t *in = (const uint8_t *)in_;
  uint8_t *out = (uint8_t *)out_;
  for (size_t i = 0; i < n; i++)
    for (int k = 0; k < 32; k++)
      for (int c = 0; c < 3; c++)
        out[i * 96 + 3 * k + c] = in[i * 96 + c * 32 + k];
}
