// Import of OpenMBD model files (reference/openmbd.md §1) into a ModelSpec:
//   spherical -> ball, revolute -> pin about T1's z column, fixed -> weld, a GROUND parent -> a
//   free root (T1/T2 of roots ignored, as OpenMBD does); X_PF = T1, X_BM = T2.
//   Inertia [Ixx,Iyy,Izz,Ixy,Iyz,Ixz] -> [[Ixx,-Ixy,-Ixz],[-Ixy,Iyy,-Iyz],[-Ixz,-Iyz,Izz]] about the
//   mass centre. A mass that is not positive and an inertia of fewer than 6 values are errors;
//   OpenMBD's substitutions for them (and for principal moments below 1e-6) only with
//   LoadOptions::openMbdCompat, each with a warning.
//   Ellipsoids become ellipsoid geometry carrying their force (and unload) curves.
//   OpenMBD's range-of-motion table becomes range_of_motion_limit forces (swing-twist about the
//   joint frame's z), with the knee and ankle flexion signs corrected; its passive damping of
//   40 N m s/rad on every non-root mobility becomes passive_joint_damping.
//   The root is placed so that the lowest ellipsoid touches the ground plane z = 0.
// Quirks are reported in ModelSpec::warnings (e.g. a T2_inv that is not T2's inverse).
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "articula/model/LoadOptions.h"
#include "articula/model/ModelSpec.h"

namespace articula::model {

bool looksLikeOpenMbd(const nlohmann::json& document);
ModelSpec importOpenMbd(const nlohmann::json& document, const std::string& file, const LoadOptions& options = {});

// The --openmbd-compat preset, for comparing results with OpenMBD: its fixed step of 1e-4 s (taken
// with the linearly implicit RosenbrockW3: OpenMBD's explicit Euler is unstable under its own joint
// damping at that step) and frames every 1e-3 s and its range-of-motion table as shipped (knee and
// ankle flexion signs not corrected). Everything else the import does already follows OpenMBD's
// defaults (mu 0.4, c 150, eta 0.25, 40 N m s/rad damping, self-contact off, siblings excluded);
// the physics it fixes stays fixed (docs/model-format.md, "OpenMBD files"). Throws Error for a
// model that was not imported from an OpenMBD file.
void applyOpenMbdCompat(ModelSpec& m);

}  // namespace articula::model
