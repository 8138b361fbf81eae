// KERNEL: reverse the order of 8 int32 elements (full cross-lane reverse)
// CATEGORY: reverse
// ITEM: in=32 out=32
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

typedef int32_t v8i __attribute__((vector_size(32)));

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const unsigned char *in = (const unsigned char *)in_;
  unsigned char *out = (unsigned char *)out_;
  for (size_t i = 0; i < n; i++) {
    v8i x;
    __builtin_memcpy(&x, in + i * 32, 32);
    v8i r = __builtin_shufflevector(x, x, 7, 6, 5, 4, 3, 2, 1, 0);
    __builtin_memcpy(out + i * 32, &r, 32);
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const int32_t *in = (const int32_t *)in_;
  int32_t *out = (int32_t *)out_;
  for (size_t i = 0; i < n; i++)
    for (int k = 0; k < 8; k++)
      out[i * 8 + k] = in[i * 8 + 7 - k];
}
