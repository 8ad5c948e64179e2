// MJCF (MuJoCo XML) for a neutral model: one body per spec body (pos/quat = X_PF, the body frame
// is M), explicit inertials, no geoms, contacts disabled. Joints are named jointName(body, k).
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "model_spec.h"

namespace articula::bench {

// "j<body>a", or "j<body>b" for the second hinge (k = 1) of a Universal.
std::string jointName(int body, int k);

// (file name, contents); the first file is the model, the others are <include>d by it. MuJoCo's
// XML parser refuses elements nested ~100 deep, so deep chains continue in included files (the
// parser inserts them into the tree after parsing each file on its own).
std::vector<std::pair<std::string, std::string>> toMjcfFiles(const ModelSpec& spec);

}  // namespace articula::bench
