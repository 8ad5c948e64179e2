// The subcommands of `articula` (docs/cli.md). Each calls one library function and returns the
// process exit code (ExitCode.h): 0 success, 1 cannot write the outputs, 2 bad input (model file
// or options), 3 simulation failure.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "ExitCode.h"
#include "articula/model/LoadOptions.h"
#include "articula/model/ModelConversion.h"
#include "articula/render/RunRenderer.h"

namespace articula::app {

struct RunOptions {
  std::string model, out;
  std::optional<double> duration, accuracy, dt, reportInterval, maxSteps;
  std::optional<std::string> integrator;
  std::vector<std::string> outputs;  // --outputs items (ScenarioOverrides::outputs)
  bool quiet = false;
  bool noViewer = false;       // --no-viewer: no viewer.html in the run folder
  model::LoadOptions load;     // --openmbd-compat (also OpenMBD's integration and shipped ranges), --allow-path
  bool noFrameThread = false;  // --no-frame-thread: frames realized and written on the simulation thread
};

int runCommand(const RunOptions& options);
struct MotionOptions {
  std::string model, motion, out;
  bool quiet = false, noViewer = false;
  model::LoadOptions load;
};
int motionCommand(const MotionOptions& options);  // MotionCommand.cpp
// muscles: also model::muscleTable at the initial pose.
int infoCommand(const std::string& model, const model::LoadOptions& load, bool muscles);
int validateCommand(const std::string& model, bool quiet, const model::LoadOptions& load);
int viewCommand(const std::string& runDir, bool quiet);
int editCommand(const std::string& model, const std::string& out, bool quiet, const model::LoadOptions& load);
int renderCommand(const std::string& runDir, const std::string& size, const render::RenderRunOptions& options,
                  bool quiet);
int convertCommand(const std::string& input, const std::string& output, bool quiet, const model::LoadOptions& load,
                   model::OutputForm form);
// `articula id SETUP.xml [--out DIR]`: OpenSim's Inverse Dynamics tool; writes the setup's
// output_gen_force_file into DIR (default: the setup's results_directory).
int inverseDynamicsCommand(const std::string& setup, const std::string& outDir, bool quiet);
// `articula edit MODEL --apply EDITED`: model::applyModelEdit.
int applyEditCommand(const std::string& edited, const std::string& model, bool quiet, const model::LoadOptions& load);

// `articula sweep SWEEP.json --out DIR [--jobs N]`: a parameter sweep (docs/sweeps.md). Exit code
// 0 when every case is ok, 10 + the number failed (at most 255) otherwise.
struct SweepOptions {
  std::string sweep, out;
  int jobs = 0;  // 0: the hardware's threads
  bool quiet = false;
};
int sweepCommand(const SweepOptions& options);

// `articula ik SETUP.xml [--out DIR]`: OpenSim's Inverse Kinematics tool (run/IkTool.h).
int ikCommand(const std::string& setup, const std::string& out, bool quiet);

}  // namespace articula::app
