// Clears the upper halves of the AVX registers on entry to the hot operations (System::realize,
// the matter operators). The library is built for baseline x86-64: SSE2 in the legacy encoding.
// When code that ran before it in the same process leaves those halves in use (an AVX kernel
// that omits vzeroupper), every legacy SSE instruction then pays a state transition or a false
// dependency: measured, stewart's forward dynamics took 21 us instead of 9.5 us, and in
// articula_compare (Simbody and MuJoCo in the same process) 12.2 us. vzeroupper costs a cycle.
#pragma once

namespace articula {

inline void clearUpperVectorState() {
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__AVX__)
  // Without AVX in the build the compiler keeps nothing in the upper halves.
  static const bool avx = __builtin_cpu_supports("avx");
  if (avx) asm volatile("vzeroupper");
#endif
}

}  // namespace articula
