// OpenSim's InverseDynamicsTool setup file (`<OpenSimDocument Version="20302|30000|40000">` with an
// `<InverseDynamicsTool>`), read as plain data. Paths are resolved against the setup file's folder
// (and input_directory when given), as OpenSim resolves them from the setup file's folder.
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace articula::model {

struct InverseDynamicsSetup {
  std::string file;                                         // the setup file as given
  std::string name;                                         // the tool's name attribute
  std::string modelFile;                                    // model_file, resolved
  std::string coordinatesFile;                              // coordinates_file, resolved
  std::string externalLoadsFile;                            // external_loads_file, resolved ("" = none)
  std::string resultsDirectory;                             // results_directory, resolved ("" = the setup's folder)
  std::string outputGenForceFile = "inverse_dynamics.sto";  // output_gen_force_file (a file name)
  double startTime = -1e300, endTime = 1e300;               // time_range (default: everything)
  std::vector<std::string> forcesToExclude;                 // forces_to_exclude, as written
  double lowpassCutoff = -1;  // lowpass_cutoff_frequency_for_coordinates, Hz; negative: no filtering
};

// Throws ModelError naming file:line, the element and the value on malformed input; InputFileError
// when the file cannot be read.
InverseDynamicsSetup readInverseDynamicsSetup(const std::string& file);

}  // namespace articula::model
