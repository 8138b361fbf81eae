// KERNEL: truncate 32 uint32 to uint8 in a plain loop (the loop vectorizer's narrowing: trunc and stores side by side)
// CATEGORY: narrow
// ITEM: in=128 out=32
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const uint32_t *in = (const uint32_t *)in_;
  uint8_t *out = (uint8_t *)out_;
  for (size_t i = 0; i < n * 32; i++)
    out[i] = (uint8_t)in[i];
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const unsigned char *in = (const unsigned char *)in_;
  unsigned char *out = (unsigned char *)out_;
  for (size_t i = 0; i < n * 32; i++)
    out[i] = in[4 * i]; // little-endian: the low byte comes first
}
