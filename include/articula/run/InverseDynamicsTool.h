// OpenSim's Inverse Dynamics tool (`articula id SETUP.xml`, docs/opensim.md "Inverse dynamics"):
// the generalized forces that reproduce a recorded motion under gravity and external loads.
//
// The coordinates are prepared as OpenSim's InverseDynamicsTool prepares them: with a cut-off
// frequency, padded by half their length (odd reflection), resampled at the smallest time step
// when the steps are not uniform (quintic natural splines), low-pass filtered forward and backward
// (3rd-order Butterworth); degrees become radians; then quintic natural splines (OpenSim's
// GCVSplineSet of degree 5 at error variance 0) give q, q̇, q̈ at each frame of the (padded,
// resampled) time column within time_range. External loads: cubic natural splines of the data
// file's columns (ExternalForce's GCVSpline of degree 3). Inverse dynamics ignores constraints
// (locked coordinates are still reported), as OpenSim's solver does.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "articula/files/StorageTable.h"
#include "articula/model/InverseDynamicsSetup.h"

namespace articula::run {

struct InverseDynamicsTimings {
  double prepareSeconds = 0;  // reading the model and files, filtering, fitting splines
  double framesSeconds = 0;   // evaluating the splines and the inverse dynamics of every frame
  int frames = 0;
};

class InverseDynamicsTool {
 public:
  // Reads the model, the coordinates and the external loads the setup names (ModelError,
  // DataFileError, InputFileError, RunError on bad input).
  explicit InverseDynamicsTool(const model::InverseDynamicsSetup& setup);
  ~InverseDynamicsTool();
  InverseDynamicsTool(const InverseDynamicsTool&) = delete;
  InverseDynamicsTool& operator=(const InverseDynamicsTool&) = delete;

  // The generalized forces per frame: "Inverse Dynamics Generalized Forces", labels time then
  // <coordinate>_moment (rotational) or _force (translational) in the model's coordinate order.
  files::StorageTable run();
  const InverseDynamicsTimings& timings() const { return timings_; }
  const std::vector<std::string>& warnings() const { return warnings_; }

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  InverseDynamicsTimings timings_;
  std::vector<std::string> warnings_;
};

}  // namespace articula::run
