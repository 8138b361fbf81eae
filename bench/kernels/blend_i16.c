// KERNEL: blend two 16 x i16 vectors with a constant per-element mask (vpblendw-shaped)
// CATEGORY: blend
// ITEM: in=64 out=32
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

typedef int16_t v16s __attribute__((vector_size(32)));

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const unsigned char *in = (const unsigned char *)in_;
  unsigned char *out = (unsigned char *)out_;
  for (size_t i = 0; i < n; i++) {
    v16s a, b;
    __builtin_memcpy(&a, in + i * 64, 32);
    __builtin_memcpy(&b, in + i * 64 + 32, 32);
    v16s r = __builtin_shufflevector(a, b, 0, 17, 2, 19, 20, 5, 22, 7, 8, 25, 10, 27, 28, 13, 30, 15);
    __builtin_memcpy(out + i * 32, &r, 32);
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  static const int from_b[8] = {0, 1, 0, 1, 1, 0, 1, 0};
  const int16_t *in = (const int16_t *)in_;
  int16_t *out = (int16_t *)out_;
  for (size_t i = 0; i < n; i++)
    for (int k = 0; k < 16; k++)
      out[i * 16 + k] = from_b[k % 8] ? in[i * 32 + 16 + k] : in[i * 32 + k];
}
