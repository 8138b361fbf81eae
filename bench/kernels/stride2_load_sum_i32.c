// KERNEL: pairwise sum out[i] = a[2i] + a[2i+1] (stride-2 loads, wrapping int32 add)
// CATEGORY: stride
// ITEM: in=8 out=4
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const uint32_t *restrict a = (const uint32_t *)in_;
  uint32_t *restrict out = (uint32_t *)out_;
  for (size_t i = 0; i < n; i++)
    out[i] = a[2 * i] + a[2 * i + 1];
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const uint32_t *a = (const uint32_t *)in_;
  uint32_t *out = (uint32_t *)out_;
  for (size_t i = 0; i < n; i++) {
    uint32_t s = a[2 * i];
    s += a[2 * i + 1];
    out[i] = s;
  }
}
