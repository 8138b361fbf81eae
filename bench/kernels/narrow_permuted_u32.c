// KERNEL: sixteen words of a record narrowed to bytes in reverse order (a tree SLP must cast and permute; the permutation cheaper after the cast)
// CATEGORY: slp
// ITEM: in=64 out=16
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const uint8_t *restrict in = (const uint8_t *)in_;
  uint8_t *restrict out = (uint8_t *)out_;
  for (size_t i = 0; i < n; i++) {
    uint32_t a[16];
    __builtin_memcpy(a, in + i * 64, 64);
    uint8_t *o = out + i * 16;
    o[0] = a[15]; o[1] = a[14]; o[2] = a[13]; o[3] = a[12];
    o[4] = a[11]; o[5] = a[10]; o[6] = a[9]; o[7] = a[8];
    o[8] = a[7]; o[9] = a[6]; o[10] = a[5]; o[11] = a[4];
    o[12] = a[3]; o[13] = a[2]; o[14] = a[1]; o[15] = a[0];
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const uint8_t *in = (const uint8_t *)in_;
  uint8_t *out = (uint8_t *)out_;
  for (size_t i = 0; i < n; i++)
    for (int k = 0; k < 16; k++) {
      uint32_t a;
      __builtin_memcpy(&a, in + i * 64 + 4 * (15 - k), 4);
      out[i * 16 + k] = (uint8_t)a;
    }
}
