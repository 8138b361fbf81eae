// KERNEL: transpose one row-major 8x8 i16 matrix per item written as a scalar double loop (fully unrolled: 64 permuted scalar copies)
// CATEGORY: transpose
// ITEM: in=128 out=128
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const int16_t *restrict in = (const int16_t *)in_;
  int16_t *restrict out = (int16_t *)out_;
  for (size_t i = 0; i < n; i++)
    for (int r = 0; r < 8; r++)
      for (int c = 0; c < 8; c++)
        out[i * 64 + c * 8 + r] = in[i * 64 + r * 8 + c];
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const unsigned char *in = (const unsigned char *)in_;
  unsigned char *out = (unsigned char *)out_;
  for (size_t i = 0; i < n; i++)
    for (int r = 0; r < 8; r++)
      for (int c = 0; c < 8; c++)
        __builtin_memcpy(out + (i * 64 + c * 8 + r) * sizeof(int16_t), in + (i * 64 + r * 8 + c) * sizeof(int16_t), sizeof(int16_t));
}
