/*
 * Native benchmark driver for one kernel of bench/kernels/.
 *
 * Linked with kern.o (the kernel under test, defines `kernel`) and ref.o (the
 * unoptimized reference, defines `reference`). Build flags:
 *   -DKERNEL_NAME='"name"' -DITEM_IN=<bytes> -DITEM_OUT=<bytes> -DINPUT_KIND=0|1|2
 * (0 = pseudo-random bytes, 1 = f32 k/8, 2 = f64 k/8 with k in [-1000, 1000]).
 *
 * Checks kernel against reference bit for bit, then times kernel and prints
 *   RESULT kernel=NAME items=N ns_per_item=X.XXXX checksum=HEX16
 */
#define _POSIX_C_SOURCE 199309L
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef KERNEL_NAME
#error "define KERNEL_NAME"
#endif
#ifndef ITEM_IN
#error "define ITEM_IN"
#endif
#ifndef ITEM_OUT
#error "define ITEM_OUT"
#endif
#ifndef INPUT_KIND
#define INPUT_KIND 0
#endif

/* Bytes of input and output a timed call works on (bench.py --budget). */
#ifndef BUDGET_BYTES
#define BUDGET_BYTES (256u * 1024u)
#endif
#define SAMPLES 9
#define MIN_SAMPLE_NS 2000000.0

void kernel(const void *restrict in_, void *restrict out_, size_t n);
void reference(const void *restrict in_, void *restrict out_, size_t n);

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

/* xorshift64* */
static uint64_t rng_next(void) {
  uint64_t x = rng_state;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  rng_state = x;
  return x * 0x2545F4914F6CDD1Dull;
}

#if INPUT_KIND != 0
/* Random integer in [-1000, 1000]. */
static int rng_k(void) { return (int)((rng_next() >> 32) % 2001u) - 1000; }
#endif

static void fill_input(unsigned char *buf, size_t bytes) {
#if INPUT_KIND == 0
  for (size_t i = 0; i < bytes; i++)
    buf[i] = (unsigned char)(rng_next() >> 56);
#elif INPUT_KIND == 1
  for (size_t i = 0; i + sizeof(float) <= bytes; i += sizeof(float)) {
    float v = (float)rng_k() / 8.0f;
    memcpy(buf + i, &v, sizeof v);
  }
#elif INPUT_KIND == 2
  for (size_t i = 0; i + sizeof(double) <= bytes; i += sizeof(double)) {
    double v = (double)rng_k() / 8.0;
    memcpy(buf + i, &v, sizeof v);
  }
#else
#error "INPUT_KIND must be 0, 1 or 2"
#endif
}

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static uint64_t fnv1a64(const unsigned char *p, size_t len) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < len; i++) {
    h ^= p[i];
    h *= 0x100000001b3ull;
  }
  return h;
}

/*
 * All buffers live in one page-aligned arena at fixed offsets, so every build of a
 * kernel sees the same layout. Each buffer starts 1 KiB further into its page than
 * the previous one, so loads from `in` and stores to the outputs never alias modulo
 * 4 KiB (which stalls loads on x86 and made timings of identical code differ).
 */
static unsigned char *arena_carve(unsigned char **cursor, size_t bytes, size_t skew) {
  unsigned char *p = *cursor + skew;
  *cursor += ((skew + bytes + 4095) / 4096 + 1) * 4096;
  return p;
}

/* One timed run of `reps` calls; the barrier keeps every call alive. */
static double run_reps(const void *in, void *out, size_t n, long reps) {
  double t0 = now_ns();
  for (long r = 0; r < reps; r++) {
    __asm__ volatile("" : : "r"(in), "r"(out) : "memory");
    kernel(in, out, n);
    __asm__ volatile("" : : "r"(in), "r"(out) : "memory");
  }
  return now_ns() - t0;
}

int main(void) {
  const size_t per_item = (size_t)ITEM_IN + (size_t)ITEM_OUT;
  size_t n = (BUDGET_BYTES / per_item) / 64 * 64;
  if (n < 64)
    n = 64;
  const size_t in_bytes = n * (size_t)ITEM_IN;
  const size_t out_bytes = n * (size_t)ITEM_OUT;

  const size_t arena_bytes = ((in_bytes + 2 * out_bytes) / 4096 + 8) * 4096;
  unsigned char *arena = aligned_alloc(4096, arena_bytes);
  if (!arena) {
    fprintf(stderr, "out of memory\n");
    return 2;
  }
  unsigned char *cursor = arena;
  unsigned char *in = arena_carve(&cursor, in_bytes, 0);
  unsigned char *want = arena_carve(&cursor, out_bytes, 1024);
  unsigned char *got = arena_carve(&cursor, out_bytes, 2048);
  fill_input(in, in_bytes);
  memset(want, 0xA5, out_bytes);
  memset(got, 0xA5, out_bytes);

  reference(in, want, n);
  kernel(in, got, n);
  if (memcmp(got, want, out_bytes) != 0) {
    size_t k = 0;
    while (k < out_bytes && got[k] == want[k])
      k++;
    fprintf(stderr, "MISMATCH %s at byte %zu (item %zu): got %02x want %02x\n",
            KERNEL_NAME, k, k / (size_t)ITEM_OUT, got[k], want[k]);
    return 1;
  }
  const uint64_t checksum = fnv1a64(got, out_bytes);

  /* Calibrate: double the repetitions until one sample takes >= 2 ms. */
  long reps = 1;
  for (;;) {
    double t = run_reps(in, got, n, reps);
    if (t >= MIN_SAMPLE_NS || reps >= (1L << 40))
      break;
    reps *= 2;
  }
  double best = 0.0;
  for (int s = 0; s < SAMPLES; s++) {
    double t = run_reps(in, got, n, reps);
    if (s == 0 || t < best)
      best = t;
  }

  printf("RESULT kernel=%s items=%zu ns_per_item=%.4f checksum=%016llx\n",
         KERNEL_NAME, n, best / ((double)reps * (double)n),
         (unsigned long long)checksum);
  free(arena);
  return 0;
}
