// Generic finite-difference checks that any Mobilizer must pass (Theory Manual oracles 12-16):
// pdot_FM = H_v u, vee(Rdot R^T) = H_w u, HDot = d/dt H along qdot = N u, N^-1 N = 1, NDot by
// differences, quaternion normalization. Used for every built-in type, reversed and not.
#pragma once
#include <random>

#include "articula/matter/Mobilizer.h"

namespace articula::testing {

// Random valid q (quaternions normalized) and random u for `m`, reproducible from `rng`.
void randomQU(const Mobilizer& m, std::mt19937& rng, SmallVector& q, SmallVector& u);

// Runs every check at `trials` random (q, u); reports failures through GoogleTest EXPECTs that
// name the mobilizer type and the quantity.
void checkMobilizerKinematics(const Mobilizer& m, int trials = 20, unsigned seed = 1);

}  // namespace articula::testing
