// OpenSim's ExternalLoads file (`<ExternalLoads>` of `<ExternalForce>`s and a `datafile`), read as
// plain data: which body each force acts on, the frames its force and point are expressed in and
// the data file's column prefixes (identifier + x, y, z).
#pragma once
#include <string>
#include <vector>

namespace articula::model {

struct ExternalForceSpec {
  std::string name;
  std::string appliedToBody;
  std::string forceExpressedIn = "ground";  // a body name or "ground"
  std::string pointExpressedIn = "ground";
  std::string forceIdentifier, pointIdentifier, torqueIdentifier;  // column prefixes; "" = none
  bool appliesForce = true;                                        // false: torque only
  int line = 0;                                                    // of the element, for messages
};

struct ExternalLoadsSpec {
  std::string file;                       // the loads file as given
  std::string dataFile;                   // datafile, resolved against the loads file's folder
  std::vector<ExternalForceSpec> forces;  // enabled forces only (isDisabled / enabled false are left out)
};

// Throws ModelError naming file:line, the element and the value on malformed input.
ExternalLoadsSpec readExternalLoads(const std::string& file);

}  // namespace articula::model
