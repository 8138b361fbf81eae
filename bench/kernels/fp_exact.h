/* Floating-point kernels must match their scalar reference bit for bit: no contraction
 * of a*b+c into fma (clang honours the STDC pragma, gcc only its own). */
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#else
#pragma GCC optimize("fp-contract=off")
#endif
