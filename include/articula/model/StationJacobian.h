// ∂p/∂q of points fixed on bodies: the station Jacobian (3 x nu) times N⁻¹ (nu x nq, u per unit
// q̇_k), exact. Shared by the muscle paths' moment arms and inverse kinematics.
#pragma once
#include "articula/math/Types.h"
#include "articula/system/State.h"

namespace articula {
class MatterSubsystem;
}

namespace articula::model {

// N⁻¹ as a matrix: column k is the u that moves q_k alone at unit rate. State realized through
// Stage::Position.
Matrix calcNInv(const MatterSubsystem& matter, const State& s);

// ∂p/∂q (3 x nq) of the point p_B fixed on mobilized body `mobod` (0: ground, all zeros), with
// NInv from calcNInv at the same state.
void calcStationQJacobian(const MatterSubsystem& matter, const State& s, int mobod, const Vec3& p_B, const Matrix& NInv,
                          Matrix& dpdq);

}  // namespace articula::model
