// OpenSim's Inverse Kinematics tool from its setup file (model/IkSetup.h): the model, the marker
// trial (.trc, converted to metres), the tasks as goals of InverseKinematics, each frame in the
// time range solved from the previous one (the first from the model's default pose); outputs in
// OpenSim's layouts: the motion (.mot, degrees) and <name>_ik_marker_errors.sto.
#pragma once
#include <string>
#include <vector>

#include "articula/files/StorageTable.h"
#include "articula/model/IkSetup.h"
#include "articula/run/InverseKinematics.h"

namespace articula::run {

struct IkTrial {
  std::string modelName;
  std::vector<std::string> coordinates;  // OpenSim's names, in the model's order
  std::vector<bool> angular;
  std::vector<std::string> markers;  // the marker goals: applied tasks in both model and trial, trial order
  std::vector<Real> time;
  std::vector<std::vector<Real>> q;  // per frame, per coordinate: radians, metres
  std::vector<IkFrameResult> frames;
  double solveSeconds = 0;  // wall time of the frames' solves
};

// Throws ModelError (setup, model), DataFileError (trial, coordinate file), RunError(BadInput)
// (a task naming a coordinate the model lacks, no frame in the time range, a model IK cannot pose).
IkTrial runInverseKinematics(const model::IkSetup& setup);

// OpenSim's motion: "Coordinates", inDegrees=yes, time and the coordinates (angles in degrees).
files::StorageTable ikMotionTable(const IkTrial& trial);
// OpenSim's marker errors: time, total_squared_error, marker_error_RMS, marker_error_max (m², m).
files::StorageTable ikMarkerErrorTable(const IkTrial& trial);

}  // namespace articula::run
