// `articula id SETUP.xml [--out DIR]`: OpenSim's Inverse Dynamics tool (run::InverseDynamicsTool).
#include <cstdio>
#include <filesystem>

#include "Commands.h"
#include "articula/files/StorageTable.h"
#include "articula/model/InverseDynamicsSetup.h"
#include "articula/run/InverseDynamicsTool.h"

namespace articula::app {

int inverseDynamicsCommand(const std::string& setupFile, const std::string& outDir, bool quiet) {
  try {
    const model::InverseDynamicsSetup setup = model::readInverseDynamicsSetup(setupFile);
    run::InverseDynamicsTool tool(setup);
    const files::StorageTable forces = tool.run();
    const std::filesystem::path dir = std::filesystem::path(outDir.empty() ? setup.resultsDirectory : outDir);
    std::filesystem::create_directories(dir);
    const std::string out = (dir / std::filesystem::path(setup.outputGenForceFile).filename()).string();
    files::writeStorageFile(out, forces, 8 + 1);
    if (quiet) return kSuccess;
    for (const std::string& w : tool.warnings()) std::fprintf(stderr, "warning: %s\n", w.c_str());
    std::printf("wrote %s (%zu frames, %zu generalized forces)\n", out.c_str(), forces.rows(),
                forces.labels.size() - 1);
  } catch (...) {
    return reportFailure();
  }
  return kSuccess;
}

}  // namespace articula::app
