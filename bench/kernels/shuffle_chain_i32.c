// KERNEL: interleave-low, reverse, swap-pairs: three 8 x i32 shuffles that compose to one two-source permutation
// CATEGORY: chain
// ITEM: in=64 out=32
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

typedef int32_t v8i __attribute__((vector_size(32)));

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const unsigned char *in = (const unsigned char *)in_;
  unsigned char *out = (unsigned char *)out_;
  for (size_t i = 0; i < n; i++) {
    v8i a, b;
    __builtin_memcpy(&a, in + i * 64, 32);
    __builtin_memcpy(&b, in + i * 64 + 32, 32);
    v8i s1 = __builtin_shufflevector(a, b, 0, 8, 1, 9, 2, 10, 3, 11);
    v8i s2 = __builtin_shufflevector(s1, s1, 7, 6, 5, 4, 3, 2, 1, 0);
    v8i s3 = __builtin_shufflevector(s2, s2, 1, 0, 3, 2, 5, 4, 7, 6);
    __builtin_memcpy(out + i * 32, &s3, 32);
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const int32_t *in = (const int32_t *)in_;
  int32_t *out = (int32_t *)out_;
  for (size_t i = 0; i < n; i++)
    for (int k = 0; k < 4; k++) {
      out[i * 8 + 2 * k] = in[i * 16 + 3 - k];         /* a[3-k] */
      out[i * 8 + 2 * k + 1] = in[i * 16 + 8 + 3 - k]; /* b[3-k] */
    }
}
