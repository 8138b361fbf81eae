// KERNEL: three two-source permutes of 4 x i32 that LLVM 22 lowers with more instructions than a short sequence does, summed
// CATEGORY: permute
// ITEM: in=32 out=16
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

typedef uint32_t v4u __attribute__((vector_size(16)));

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const unsigned char *in = (const unsigned char *)in_;
  unsigned char *out = (unsigned char *)out_;
  for (size_t i = 0; i < n; i++) {
    v4u a, b;
    __builtin_memcpy(&a, in + i * 32, 16);
    __builtin_memcpy(&b, in + i * 32 + 16, 16);
    v4u r = __builtin_shufflevector(a, b, 0, 0, 0, 4) ^ __builtin_shufflevector(a, b, 4, 5, 0, 7) ^
            __builtin_shufflevector(a, b, 2, 0, 0, 3);
    __builtin_memcpy(out + i * 16, &r, 16);
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const uint32_t *in = (const uint32_t *)in_;
  uint32_t *out = (uint32_t *)out_;
  for (size_t i = 0; i < n; i++) {
    const uint32_t *a = in + i * 8, *b = a + 4;
    uint32_t x[4] = {a[0], a[0], a[0], b[0]};
    uint32_t y[4] = {b[0], b[1], a[0], b[3]};
    uint32_t z[4] = {a[2], a[0], a[0], a[3]};
    for (int k = 0; k < 4; k++)
      out[i * 4 + k] = x[k] ^ y[k] ^ z[k];
  }
}
