// OpenSim's preprocessing of sampled coordinates before inverse dynamics (Storage::pad,
// Storage::lowpassIIR; OpenSim/Common/Signal.cpp, F. C. Anderson): odd reflection padding and a
// third-order Butterworth low-pass run forward and backward (zero phase; |H(fc)| = 1/2 after both
// passes, the square of one pass's 1/sqrt(2)).
#pragma once
#include <span>
#include <vector>

#include "articula/math/Types.h"

namespace articula {

// `pad` points before and after, reflected about the end points and negated
// (s[-k] = 2 s[0] - s[k], s[n-1+k] = 2 s[n-1] - s[n-1-k]): value and slope continue.
// Requires pad <= size - 1. Times padded this way stay increasing.
std::vector<Real> padOddReflection(std::span<const Real> signal, int pad);

// Third-order Butterworth low-pass, bilinear transform with prewarping (wa = tan(pi fc T)),
// applied forward then backward over the whole signal, in place. The first three samples of
// each pass start the recursion unfiltered, as OpenSim does. fc >= 1/(2T) is lowered to
// 0.49/T (OpenSim's clamp). At least 4 samples; T > 0.
void lowpassButterworth3ZeroPhase(std::span<Real> signal, Real T, Real fc);

}  // namespace articula
