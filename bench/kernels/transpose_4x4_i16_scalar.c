// KERNEL: transpose one row-major 4x4 i16 matrix per item written as a scalar double loop (fully unrolled: 16 permuted scalar copies)
// CATEGORY: transpose
// ITEM: in=32 out=32
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const int16_t *restrict in = (const int16_t *)in_;
  int16_t *restrict out = (int16_t *)out_;
  for (size_t i = 0; i < n; i++)
    for (int r = 0; r < 4; r++)
      for (int c = 0; c < 4; c++)
        out[i * 16 + c * 4 + r] = in[i * 16 + r * 4 + c];
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const unsigned char *in = (const unsigned char *)in_;
  unsigned char *out = (unsigned char *)out_;
  for (size_t i = 0; i < n; i++)
    for (int r = 0; r < 4; r++)
      for (int c = 0; c < 4; c++)
        __builtin_memcpy(out + (i * 16 + c * 4 + r) * sizeof(int16_t), in + (i * 16 + r * 4 + c) * sizeof(int16_t), sizeof(int16_t));
}
