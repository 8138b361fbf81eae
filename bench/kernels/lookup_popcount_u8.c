// KERNEL: population count of each byte by nibbles, two lookups in a 16-byte constant table
// CATEGORY: lookup
// ITEM: in=32 out=32
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

static const uint8_t bits[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const uint8_t *in = (const uint8_t *)in_;
  uint8_t *out = (uint8_t *)out_;
  for (size_t i = 0; i < n * 32; i++)
    out[i] = (uint8_t)(bits[in[i] & 15] + bits[in[i] >> 4]);
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const uint8_t *in = (const uint8_t *)in_;
  uint8_t *out = (uint8_t *)out_;
  for (size_t i = 0; i < n * 32; i++) {
    unsigned x = in[i], c = 0;
    while (x) {
      c += x & 1;
      x >>= 1;
    }
    out[i] = (uint8_t)c;
  }
}
