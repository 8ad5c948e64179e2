// How model files are read (docs/cli.md): what the loader may substitute and which folders it may
// read from. The defaults are strict: a model file reads exactly as written, or is refused.
#pragma once
#include <string>
#include <vector>

namespace articula::model {

struct LoadOptions {
  // OpenMBD files only (--openmbd-compat): OpenMBD's own substitutions instead of errors, each with
  // a warning: masses below 1 g raised to 1 g, fewer than 6 inertia values replaced by its default,
  // principal moments below 1e-6 kg m^2 raised to 1e-6.
  bool openMbdCompat = false;
  // Mesh files are read from the model file's folder and its subfolders, and from these folders
  // (--allow-path DIR) and theirs; nothing else.
  std::vector<std::string> allowedPaths;
  // URDF files only (docs/urdf.md). floatingBase (--floating-base): the root link moves freely
  // instead of being welded to the ground. urdfLimits (--urdf-limits): a joint's <limit lower upper>
  // becomes a range_of_motion_limit force. packagePaths: folders searched for package://NAME/...
  // mesh files (besides ARTICULA_PACKAGE_PATH, colon-separated, and allowedPaths).
  bool floatingBase = false;
  bool urdfLimits = false;
  std::vector<std::string> packagePaths;
};

}  // namespace articula::model
