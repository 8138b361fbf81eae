// KERNEL: eight bytes of a record widened in a permuted order and added to eight words (a tree SLP must cast and permute)
// CATEGORY: slp
// ITEM: in=40 out=32
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const uint8_t *restrict in = (const uint8_t *)in_;
  int32_t *restrict out = (int32_t *)out_;
  for (size_t i = 0; i < n; i++) {
    const uint8_t *a = in + i * 40;
    int32_t b[8];
    __builtin_memcpy(b, a + 8, 32);
    int32_t *o = out + i * 8;
    o[0] = a[3] + b[0];
    o[1] = a[1] + b[1];
    o[2] = a[6] + b[2];
    o[3] = a[0] + b[3];
    o[4] = a[7] + b[4];
    o[5] = a[2] + b[5];
    o[6] = a[5] + b[6];
    o[7] = a[4] + b[7];
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  static const int p[8] = {3, 1, 6, 0, 7, 2, 5, 4};
  const uint8_t *in = (const uint8_t *)in_;
  int32_t *out = (int32_t *)out_;
  for (size_t i = 0; i < n; i++)
    for (int k = 0; k < 8; k++) {
      int32_t b;
      __builtin_memcpy(&b, in + i * 40 + 8 + 4 * k, 4);
      out[i * 8 + k] = in[i * 40 + p[k]] + b;
    }
}
