// articula: run, inspect, validate and convert model files (docs/cli.md).
#include <CLI/CLI.hpp>
#include <cstdio>

#include "Commands.h"
#include "articula/version.h"

using namespace articula::app;
namespace model = articula::model;
namespace render = articula::render;

namespace {

void addAllowPath(CLI::App* cmd, model::LoadOptions& load) {
  cmd->add_option("--allow-path", load.allowedPaths,
                  "a folder mesh files may also be read from (default: the model file's folder only); repeatable")
      ->allow_extra_args(false)
      ->check(CLI::ExistingDirectory);
}

void addUrdfOptions(CLI::App* cmd, model::LoadOptions& load) {
  cmd->add_flag("--floating-base", load.floatingBase,
                "URDF files only: the root link moves freely (6 dof) instead of being welded to the ground");
  cmd->add_flag("--urdf-limits", load.urdfLimits,
                "URDF files only: joint <limit lower upper> become range_of_motion_limit forces");
  cmd->add_option("--package-path", load.packagePaths,
                  "URDF files only: a folder holding packages named by package:// mesh files; repeatable")
      ->allow_extra_args(false);
}

void addLoadOptions(CLI::App* cmd, model::LoadOptions& load) {
  cmd->add_flag("--openmbd-compat", load.openMbdCompat,
                "OpenMBD files only: OpenMBD's substitutions for bad masses and inertias, each with a warning");
  addAllowPath(cmd, load);
  addUrdfOptions(cmd, load);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"articula: multibody dynamics from model files"};
  app.set_version_flag("--version", ARTICULA_VERSION_STRING, "print the version and exit");
  app.require_subcommand(1);
  RunOptions run;
  std::string model, output;
  bool quiet = false;

  CLI::App* runCmd = app.add_subcommand("run", "simulate a model and write a run folder");
  runCmd->add_option("model", run.model, "model file (Articula or OpenMBD JSON, URDF, MJCF or OpenSim .osim)")
      ->required();
  // The numbers are checked after parsing, like the model file's fields (ScenarioLimits.h): CLI11's
  // PositiveNumber and Range let NaN through.
  runCmd->add_option("--duration", run.duration, "simulated time, s");
  runCmd->add_option("--integrator", run.integrator, "integration method, e.g. RungeKuttaMerson, CvodeBDF");
  runCmd->add_option("--accuracy", run.accuracy, "relative accuracy of error-controlled methods, 1e-14 to below 1");
  runCmd->add_option("--dt", run.dt, "fixed step size, s (turns error control off)");
  runCmd->add_option("--report-interval", run.reportInterval, "time between output frames, s");
  runCmd->add_option("--max-steps", run.maxSteps,
                     "attempted steps before the run fails (default scenario.max_steps, 1e8)");
  runCmd
      ->add_option(
          "--outputs", run.outputs,
          "what the per-frame files hold, repeatable: column groups (q,u,udot,forces,reactions,"
          "constraints,bodies,contact,energy), bodies:NAME,..., digits:N (3-17), angles:degrees|radians|as_file, "
          "files:trajectory.csv,trajectory.h5,...")
      ->delimiter('\0')
      ->take_all();
  runCmd->add_option("--out", run.out, "output folder (default: <model name>-run)");
  runCmd->add_flag("-q,--quiet", run.quiet, "no progress bar, warnings or summary");
  runCmd->add_flag("--no-viewer", run.noViewer, "do not write viewer.html into the run folder");
  runCmd->add_flag("--no-frame-thread", run.noFrameThread,
                   "realize and write the frames on the simulation thread (same files, for comparisons)");
  runCmd->add_flag("--openmbd-compat", run.load.openMbdCompat,
                   "OpenMBD files only: OpenMBD's substitutions for bad masses and inertias (with warnings), its fixed "
                   "step 1e-4 s, frames every 1 ms, its shipped knee/ankle ranges");
  addAllowPath(runCmd, run.load);
  addUrdfOptions(runCmd, run.load);

  MotionOptions motion;
  CLI::App* motionCmd = app.add_subcommand(
      "motion", "pose a model by an OpenSim motion (.mot, .sto): a run folder to view and body kinematics");
  motionCmd->add_option("model", motion.model, "model file (OpenSim .osim, or any model format)")->required();
  motionCmd->add_option("--motion", motion.motion, "motion file: columns named as the model's coordinates")->required();
  motionCmd->add_option("--out", motion.out, "output folder (default: <motion file name>-motion)");
  motionCmd->add_flag("-q,--quiet", motion.quiet, "print errors only");
  motionCmd->add_flag("--no-viewer", motion.noViewer, "do not write viewer.html into the folder");
  addLoadOptions(motionCmd, motion.load);

  model::LoadOptions load;  // the other commands' loading options
  CLI::App* infoCmd = app.add_subcommand("info", "print a model's tree, degrees of freedom, masses and warnings");
  infoCmd->add_option("model", model, "model file")->required();
  bool muscles = false;
  infoCmd->add_flag("--muscles", muscles,
                    "also each muscle path's length and moment arms at the initial pose (.osim models)");
  addLoadOptions(infoCmd, load);

  CLI::App* validateCmd = app.add_subcommand("validate", "check a model file (schema and physical sanity)");
  validateCmd->add_option("model", model, "model file")->required();
  validateCmd->add_flag("-q,--quiet", quiet, "print errors only");
  addLoadOptions(validateCmd, load);

  CLI::App* convertCmd = app.add_subcommand("convert", "convert a model (e.g. OpenMBD) to the Articula format");
  convertCmd->add_option("input", model, "model file to read")->required();
  convertCmd->add_option("output", output, "Articula model file to write")->required();
  convertCmd->add_flag("-q,--quiet", quiet, "print errors only");
  bool canonical = false;
  convertCmd->add_flag("--canonical", canonical,
                       "Articula input: write the canonical form (SI units, radians, quaternions) instead of keeping "
                       "the input's form");
  addLoadOptions(convertCmd, load);

  CLI::App* viewCmd = app.add_subcommand("view", "write viewer.html (the browser viewer) into a run folder");
  viewCmd->add_option("outdir", model, "run folder written by `articula run`")->required();
  viewCmd->add_flag("-q,--quiet", quiet, "print errors only");

  CLI::App* editCmd = app.add_subcommand("edit", "write the browser model editor page, with MODEL loaded if given");
  editCmd->add_option("model", model, "model file to edit (Articula or OpenMBD JSON)");
  editCmd->add_option("--out", output, "page to write (default <model>-editor.html)");
  editCmd->add_flag("-q,--quiet", quiet, "print errors only");
  std::string apply;
  editCmd
      ->add_option("--apply", apply,
                   "write EDITED (the model the editor page saved) back into MODEL, keeping MODEL's form; no page")
      ->excludes("--out");
  addLoadOptions(editCmd, load);

  CLI::App* idCmd = app.add_subcommand(
      "id", "inverse dynamics from an OpenSim InverseDynamicsTool setup file (docs/opensim.md)");
  idCmd->add_option("setup", model, "OpenSim setup file (<InverseDynamicsTool>)")->required();
  idCmd->add_option("--out", output,
                    "folder to write the generalized forces into (default: the setup's results_directory)");
  idCmd->add_flag("-q,--quiet", quiet, "print errors only");

  articula::render::RenderRunOptions render;
  std::string size;
  bool noShadows = false, noContacts = false, noMarkers = false;
  CLI::App* renderCmd = app.add_subcommand("render", "render a run folder to an animated GIF (software, no GPU)");
  renderCmd->add_option("outdir", model, "run folder written by `articula run`")->required();
  renderCmd->add_flag("--gif", render.gif, "write animation.gif (the default)");
  renderCmd->add_flag("--png-frames", render.pngFrames, "write frames/frame_NNNNN.png");
  renderCmd->add_option("--fps", render.fps, "frames per second (real time), at most 50")->capture_default_str();
  renderCmd->add_option("--speed", render.speed, "playback speed (0.5 = half speed)")->capture_default_str();
  renderCmd->add_option("--size", size, "WIDTHxHEIGHT, default 640x480");
  renderCmd->add_option("--camera", render.camera, "follow (frames the moving bodies in every frame), fixed or fit-all")
      ->capture_default_str();
  renderCmd->add_option("--view", render.view, "auto, iso, front, side, top, \"ex,ey,ez\" or \"ex,ey,ez:tx,ty,tz\"")
      ->capture_default_str();
  renderCmd->add_option("--follow", render.follow, "body the camera frames (instead of every moving body)");
  renderCmd->add_flag("--no-shadows", noShadows, "no shadows on the ground");
  renderCmd->add_flag("--no-contacts", noContacts, "no contact-force arrows");
  renderCmd->add_flag("--no-markers", noMarkers, "no marker dots (an imported model's markers are drawn by default)");
  renderCmd->add_flag("-q,--quiet", quiet, "print errors only");

  std::string ikOut;
  CLI::App* ikCmd = app.add_subcommand("ik",
                                       "inverse kinematics from an OpenSim IK setup file (.xml), as OpenSim's IK tool");
  ikCmd->add_option("setup", model, "OpenSim <InverseKinematicsTool> setup file")->required();
  ikCmd->add_option("--out", ikOut,
                    "folder for the motion and the marker errors (default: where the setup file says, relative to it)");
  ikCmd->add_flag("-q,--quiet", quiet, "print errors only");

  SweepOptions sweep;
  CLI::App* sweepCmd = app.add_subcommand(
      "sweep", "run a model many times with parameters varied (a sweep file, docs/sweeps.md)");
  sweepCmd->add_option("sweep", sweep.sweep, "sweep file (\"format\": \"articula-sweep\")")->required();
  sweepCmd->add_option("--out", sweep.out, "output folder: results.csv, sweep.json, cases/<id>/")->required();
  sweepCmd->add_option("--jobs", sweep.jobs, "cases run at once (default: the hardware's threads)")
      ->check(CLI::PositiveNumber);
  sweepCmd->add_flag("-q,--quiet", sweep.quiet, "no progress bar or summary line");

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kBadInput;
  }
  if (*runCmd) return runCommand(run);
  if (*sweepCmd) return sweepCommand(sweep);
  if (*motionCmd) return motionCommand(motion);
  if (*ikCmd) return ikCommand(model, ikOut, quiet);
  if (*viewCmd) return viewCommand(model, quiet);
  if (*editCmd && !apply.empty()) return applyEditCommand(apply, model, quiet, load);
  if (*editCmd) return editCommand(model, output, quiet, load);
  if (*renderCmd) {
    render.shadows = !noShadows;
    render.contactArrows = !noContacts;
    render.markers = !noMarkers;
    return renderCommand(model, size, render, quiet);
  }
  if (*idCmd) return inverseDynamicsCommand(model, output, quiet);
  if (*infoCmd) return infoCommand(model, load, muscles);
  if (*validateCmd) return validateCommand(model, quiet, load);
  return convertCommand(model, output, quiet, load,
                        canonical ? model::OutputForm::Canonical : model::OutputForm::KeepInput);
}
