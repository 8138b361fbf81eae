// KERNEL: compare a<b on 8 x i32, permute the comparison mask across lanes, select a or b with it
// CATEGORY: boolmask
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
    v8i m = a < b; /* lanes are -1 or 0 */
    v8i pm = __builtin_shufflevector(m, m, 7, 0, 6, 1, 5, 2, 4, 3);
    v8i r = (a & pm) | (b & ~pm);
    __builtin_memcpy(out + i * 32, &r, 32);
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  static const int perm[8] = {7, 0, 6, 1, 5, 2, 4, 3};
  const int32_t *in = (const int32_t *)in_;
  int32_t *out = (int32_t *)out_;
  for (size_t i = 0; i < n; i++) {
    const int32_t *a = in + i * 16, *b = a + 8;
    for (int k = 0; k < 8; k++) {
      int take_a = a[perm[k]] < b[perm[k]];
      out[i * 8 + k] = take_a ? a[k] : b[k];
    }
  }
}
