// Isolating a witness crossing: given a bracket [a, b] where the witness is not yet on its new
// side at a and is on it at b, shrink the bracket to width <= window.
//
// Method: regula falsi with the Anderson-Bjorck modification (an end that stays while the other
// moves twice has its value scaled down, so neither end stagnates), guarded so that it always
// terminates:
//   - the trial point is kept at least window/2 inside the bracket, so once the crossing is
//     within window/2 of either end the next trial finishes the search instead of creeping;
//   - if three trials did not halve the bracket, the next trial is the midpoint (so the bracket
//     halves at least every four evaluations, and for jumps about as often as bisection);
//   - the window is raised to a few ulps of the times, and at most maxIterations evaluations.
// Only the side of f (not its value) decides which end moves, so zeros and flat stretches are
// handled: the result's high end is a point on the new side, the low end one that is not.
// Smooth witnesses on one integrator step are nearly linear: typically 2-5 evaluations.
#pragma once
#include <functional>

#include "articula/math/Types.h"

namespace articula {

struct IsolationResult {
  Real low = 0, high = 0;            // the final bracket: not crossed at low, crossed at high
  Real valueLow = 0, valueHigh = 0;  // f there
  int iterations = 0;                // evaluations of f
};

// f(t) for t in (a, b); fa = f(a) is not on newSide (it is 0 or on the other side), fb = f(b) is
// (witnessSide(fb) == newSide, newSide is +1 or -1). Exceptions from f propagate.
IsolationResult isolateCrossing(const std::function<Real(Real)>& f, Real a, Real fa, Real b, Real fb, int newSide,
                                Real window, int maxIterations = 200);

}  // namespace articula
