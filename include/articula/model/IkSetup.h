// An OpenSim Inverse Kinematics tool setup file (<InverseKinematicsTool>, OpenSim 3 and 4), as
// plain data (docs/opensim.md, "Inverse kinematics"): the model and data files (paths resolved
// against the setup file's folder, as OpenSim does), the tasks and their weights, the time range
// and the outputs. OpenSim's defaults where an element is absent.
#pragma once
#include <limits>
#include <string>
#include <vector>

#include "articula/math/Types.h"

namespace articula::model {

struct IkMarkerTask {
  std::string name;  // the marker's name, in the model and in the .trc file
  bool apply = true;
  Real weight = 1;
};

// Where a coordinate task's target comes from (OpenSim's IKCoordinateTask value_type).
enum class IkValueType { DefaultValue, ManualValue, FromFile };

struct IkCoordinateTask {
  std::string name;  // the OpenSim coordinate's name
  bool apply = true;
  Real weight = 1;
  IkValueType valueType = IkValueType::DefaultValue;
  Real value = 0;  // manual_value: the target (radians or metres, as OpenSim's)
};

struct IkSetup {
  std::string file;  // the setup file as given
  std::string name;  // the tool's name attribute ("" when absent): OpenSim's trial name
  std::string modelFile, markerFile, coordinateFile;  // resolved; "" when absent or "Unassigned"
  Real constraintWeight = std::numeric_limits<Real>::infinity();
  Real accuracy = 1e-5;
  std::vector<IkMarkerTask> markerTasks;          // in the file's order
  std::vector<IkCoordinateTask> coordinateTasks;  // in the file's order
  Real startTime = -std::numeric_limits<Real>::infinity(), endTime = std::numeric_limits<Real>::infinity();
  std::string outputMotionFile;  // resolved against the setup's folder; "" when absent
  std::string resultsDirectory;  // resolved; the setup's folder when absent
  bool reportErrors = true, reportMarkerLocations = false;
};

// Throws ModelError naming "file:line", the element and the value: not XML, a root other than
// <OpenSimDocument> holding <InverseKinematicsTool>, a number that is not one (or a weight < 0,
// an accuracy <= 0, a constraint weight <= 0, a time range not two increasing numbers), a flag not
// true/false, an unknown value_type, a task without a name.
IkSetup parseIkSetup(const std::string& text, const std::string& file);
IkSetup readIkSetup(const std::string& file);  // InputFileError when it cannot be read

}  // namespace articula::model
