// The columns of the per-frame tables (trajectory.csv, trajectory.h5, the .sto files;
// docs/output-format.md): names that carry their unit ("knee_r.angle.q[deg]", "pelvis.pos_x[m]"),
// grouped as model::ColumnGroup, chosen by the scenario's output selection, and each frame's
// values in the same order.
//
// Values are as the headers say: angles in degrees where the selection (or the model file) asks
// for degrees, turns unwrapped (q of a pin is not reduced to (−180°, 180°]), and quaternions
// continuous in sign from frame to frame (the first frame's as sampled), so that every column is
// a smooth function of time that plots and differentiates as it is.
#pragma once
#include <string>
#include <vector>

#include "articula/model/ModelBuilder.h"
#include "articula/run/JointLoads.h"
#include "articula/run/SimulationRun.h"

namespace articula::run {

struct ColumnSpan {
  model::ColumnGroup group;
  size_t begin = 0, end = 0;  // [begin, end) in OutputColumns::names(); Time (column 0) is in none
};

class OutputColumns {
 public:
  // Throws Error when the selection names a body the model lacks.
  OutputColumns(const model::ModelSpec& model, const model::BuiltModel& built);  // the scenario's selection
  OutputColumns(const model::ModelSpec& model, const model::BuiltModel& built, const model::OutputSelection& selection);

  const std::vector<std::string>& names() const { return names_; }  // "time[s]" first
  const std::vector<ColumnSpan>& spans() const { return spans_; }   // the groups present, in file order
  // Whether the frames must carry JointLoads (a group that needs them is selected).
  bool needsLoads() const { return needsLoads_; }
  int digits() const { return digits_; }
  bool degrees() const { return degrees_; }  // angular coordinates and speeds are in degrees

  // The frame's values, one per name. Call once per frame, in time order (the quaternion signs
  // and the energy balance's reference carry over).
  void values(const Frame& frame, std::vector<Real>& row);

 private:
  void addBodyColumns(const model::ModelSpec& m, const std::vector<int>& bodies, bool contact);
  void addJointColumns(const model::ModelSpec& m, const model::BuiltModel& b, const std::vector<int>& bodies);
  void addConstraintColumns(const model::ModelSpec& m, const JointLoadSampler& loads);
  void add(const std::string& name) { names_.push_back(name); }
  void openGroup(model::ColumnGroup g);
  void closeGroup();

  std::vector<std::string> names_;
  std::vector<ColumnSpan> spans_;
  model::OutputSelection selection_;
  bool needsLoads_ = false, contact_ = false, degrees_ = false;
  int digits_ = model::kDefaultDigits;
  std::vector<int> bodies_;            // spec indices of the body columns
  std::vector<Real> qScale_, uScale_;  // per system q / u: to the written unit
  std::vector<int> quaternionAt_;      // q index of each quaternion joint's qw
  std::vector<int> forceClasses_;      // ForceClass values with columns
  bool constraintTau_ = false, motionTau_ = false;
  std::vector<Vec4> lastQuaternion_;  // the last written: per body column set, then per quaternion joint
  bool first_ = true;
  Real e0_ = 0;
};

}  // namespace articula::run
