// Prescribed motion of a mobilizer (Theory Manual §8.3-8.4): its q, u or udot follow functions of
// time, one per mobility. A prescribed mobility is known in the dynamics: the articulated-body
// sweep passes its inertia across rigidly, constraints move only the free mobilities, and
// MatterSubsystem::getLockForces reports the generalized forces that produce the motion (the
// same mechanism as locks, which are prescribed udot = 0). Prescribed q and u are written into
// the State whenever Position is realized (so at every integrator evaluation); lower levels
// follow analytically (Position gives u = N^-1 f', udot = N^-1 (f'' - NDot u)), higher ones are
// integrated.
#pragma once
#include <vector>

#include "articula/math/Function.h"
#include "articula/matter/MatterSubsystem.h"
#include "articula/matter/MotionLevel.h"

namespace articula {

// Prescribes body's mobilizer in State s (invalidates Instance; replaces a lock). functions has
// one function of time per mobility; Position level needs a mobilizer with nq == nu (no
// quaternion). Throws Error naming the body for bad input.
void prescribeMotion(const MatterSubsystem& matter, State& s, int body, MotionLevel level,
                     std::vector<FunctionPtr> functions);
// Makes the mobilizer free again (q and u keep their current values).
void removeMotion(const MatterSubsystem& matter, State& s, int body);
bool hasMotion(const MatterSubsystem& matter, const State& s, int body);
// Locked or moving: its mobilities are known in the dynamics and untouched by projection.
bool isPrescribed(const MatterSubsystem& matter, const State& s, int body);

}  // namespace articula
