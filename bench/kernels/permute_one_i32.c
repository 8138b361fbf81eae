// KERNEL: one two-source permute <0,0,0,4> of two computed 4 x i32 vectors, which LLVM 22 lowers in three instructions where two do
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
    a = a * 3;
    b = b + 1;
    v4u r = __builtin_shufflevector(a, b, 0, 0, 0, 4);
    __builtin_memcpy(out + i * 16, &r, 16);
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const uint32_t *in = (const uint32_t *)in_;
  uint32_t *out = (uint32_t *)out_;
  for (size_t i = 0; i < n; i++) {
    const uint32_t *a = in + i * 8, *b = a + 4;
    uint32_t r[4] = {a[0] * 3, a[0] * 3, a[0] * 3, b[0] + 1};
    for (int k = 0; k < 4; k++)
      out[i * 4 + k] = r[k];
  }
}
