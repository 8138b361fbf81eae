// KERNEL: transpose one row-major 8x8 int16 matrix per item with the classic 3-stage unpack network
// CATEGORY: transpose
// ITEM: in=128 out=128
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

typedef int16_t v8s __attribute__((vector_size(16)));

#define LO16(a, b) __builtin_shufflevector(a, b, 0, 8, 1, 9, 2, 10, 3, 11)
#define HI16(a, b) __builtin_shufflevector(a, b, 4, 12, 5, 13, 6, 14, 7, 15)
#define LO32(a, b) __builtin_shufflevector(a, b, 0, 1, 8, 9, 2, 3, 10, 11)
#define HI32(a, b) __builtin_shufflevector(a, b, 4, 5, 12, 13, 6, 7, 14, 15)
#define LO64(a, b) __builtin_shufflevector(a, b, 0, 1, 2, 3, 8, 9, 10, 11)
#define HI64(a, b) __builtin_shufflevector(a, b, 4, 5, 6, 7, 12, 13, 14, 15)

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const unsigned char *in = (const unsigned char *)in_;
  unsigned char *out = (unsigned char *)out_;
  for (size_t i = 0; i < n; i++) {
    const unsigned char *p = in + i * 128;
    unsigned char *q = out + i * 128;
    v8s r0, r1, r2, r3, r4, r5, r6, r7;
    __builtin_memcpy(&r0, p + 0 * 16, 16);
    __builtin_memcpy(&r1, p + 1 * 16, 16);
    __builtin_memcpy(&r2, p + 2 * 16, 16);
    __builtin_memcpy(&r3, p + 3 * 16, 16);
    __builtin_memcpy(&r4, p + 4 * 16, 16);
    __builtin_memcpy(&r5, p + 5 * 16, 16);
    __builtin_memcpy(&r6, p + 6 * 16, 16);
    __builtin_memcpy(&r7, p + 7 * 16, 16);
    v8s a0 = LO16(r0, r1), a1 = HI16(r0, r1), a2 = LO16(r2, r3), a3 = HI16(r2, r3);
    v8s a4 = LO16(r4, r5), a5 = HI16(r4, r5), a6 = LO16(r6, r7), a7 = HI16(r6, r7);
    v8s b0 = LO32(a0, a2), b1 = HI32(a0, a2), b2 = LO32(a1, a3), b3 = HI32(a1, a3);
    v8s b4 = LO32(a4, a6), b5 = HI32(a4, a6), b6 = LO32(a5, a7), b7 = HI32(a5, a7);
    v8s c0 = LO64(b0, b4), c1 = HI64(b0, b4), c2 = LO64(b1, b5), c3 = HI64(b1, b5);
    v8s c4 = LO64(b2, b6), c5 = HI64(b2, b6), c6 = LO64(b3, b7), c7 = HI64(b3, b7);
    __builtin_memcpy(q + 0 * 16, &c0, 16);
    __builtin_memcpy(q + 1 * 16, &c1, 16);
    __builtin_memcpy(q + 2 * 16, &c2, 16);
    __builtin_memcpy(q + 3 * 16, &c3, 16);
    __builtin_memcpy(q + 4 * 16, &c4, 16);
    __builtin_memcpy(q + 5 * 16, &c5, 16);
    __builtin_memcpy(q + 6 * 16, &c6, 16);
    __builtin_memcpy(q + 7 * 16, &c7, 16);
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const int16_t *in = (const int16_t *)in_;
  int16_t *out = (int16_t *)out_;
  for (size_t i = 0; i < n; i++)
    for (int r = 0; r < 8; r++)
      for (int c = 0; c < 8; c++)
        out[i * 64 + c * 8 + r] = in[i * 64 + r * 8 + c];
}
