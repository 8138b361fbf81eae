// KERNEL: out[2i] = 3*x, out[2i+1] = x ^ 0x55 for each int32 x (interleaving stride-2 store)
// CATEGORY: stride
// ITEM: in=4 out=8
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const uint32_t *restrict a = (const uint32_t *)in_;
  uint32_t *restrict out = (uint32_t *)out_;
  for (size_t i = 0; i < n; i++) {
    uint32_t x = a[i];
    out[2 * i] = x * 3u;
    out[2 * i + 1] = x ^ 0x55u;
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const uint32_t *a = (const uint32_t *)in_;
  uint32_t *out = (uint32_t *)out_;
  for (size_t i = 0; i < n; i++) {
    out[2 * i] = a[i] + a[i] + a[i];
    out[2 * i + 1] = a[i] ^ 0x55u;
  }
}
