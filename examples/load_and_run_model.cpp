// load_and_run_model: a model file read, built and integrated through the io API.
//
//   load_and_run_model [model.json] [duration]
//
// model::loadModelFile reads an Articula (or OpenMBD) model file into an model::ModelSpec, plain data;
// model::buildModel turns it into a MultibodySystem with its force elements and the initial State
// the file asks for. The program then integrates that State itself, with the integrator and
// accuracy of the file's scenario (an error-controlled method; the default model uses
// RungeKuttaMerson at 1e-6), printing the energy at a few times. buildModel tracks the work of
// non-conservative forces as a state (GeneralForceSubsystem::setTrackNonConservativeWork), so
// KE + PE - W_nc must stay constant; its drift measures the integration error. (W_nc covers the
// elements of the GeneralForceSubsystem, among them a probe the builder adds for a contact
// subsystem's non-conservative power: dissipation, friction, penalty hysteresis and the work the
// elliptical Hertz law does as an ellipsoid turns on the floor.)
//
// Second, run::runSimulation (what `articula run` does) runs the same scenario; its last frame must
// agree with the hand-written loop.
//
// Checks (exit code 1 on failure): the energy balance drifts by less than 100 x accuracy relative
// to the largest kinetic energy reached, and runSimulation's final energy agrees to 1e-9.
// `load_and_run_model models/scenarios/standing_fall.json 0.8` checks a model with contact.
#include <cmath>
#include <cstdio>
#include <exception>
#include <string>

#include "articula/integrators/integrators.h"
#include "articula/model/ModelBuilder.h"
#include "articula/model/ModelError.h"
#include "articula/model/ModelFile.h"
#include "articula/run/SimulationRun.h"

using namespace articula;

#ifndef ARTICULA_SOURCE_DIR  // set by the build (CMakeLists.txt) so the default model is found
#define ARTICULA_SOURCE_DIR "."
#endif

int main(int argc, char** argv) {
  const std::string file = argc > 1 ? argv[1] : ARTICULA_SOURCE_DIR "/models/double_pendulum.json";
  model::ModelSpec spec;
  try {
    spec = model::loadModelFile(file);  // throws model::ModelError naming the file, JSON path and value
  } catch (const std::exception& e) {
    std::fprintf(stderr, "load_and_run_model: %s\n", e.what());
    return 2;
  }
  if (argc > 2) spec.scenario.duration = std::atof(argv[2]);
  const model::ScenarioSpec& scenario = spec.scenario;

  model::BuiltModel built = model::buildModel(spec, file);
  const MultibodySystem& system = *built.system;
  const MatterSubsystem& matter = system.getMatter();
  std::printf("model '%s' (%s): %zu bodies, %d coordinates, %d speeds, %d force elements\n", spec.name.c_str(),
              file.c_str(), spec.bodies.size(), matter.getNQ(), matter.getNU(), built.forces->getNumForces());
  for (size_t i = 0; i < spec.bodies.size(); ++i) {
    const model::BodySpec& b = spec.bodies[i];
    std::printf("  body %-10s %6.3f kg  joint %-10s %-8s parent %s\n", b.name.c_str(), b.mass, b.joint.name.c_str(),
                model::nameOf(b.joint.type).c_str(), b.joint.parent.c_str());
  }
  std::printf("scenario: %.2f s with %s at accuracy %.0e\n\n", scenario.duration,
              model::nameOf(scenario.integrator).c_str(), scenario.accuracy);

  // ---- the hand-written loop: any Integrator over the built System ----
  std::unique_ptr<Integrator> integrator = makeIntegrator(scenario.integrator, system);
  integrator->setAccuracy(scenario.accuracy);
  if (scenario.fixedStep > 0) integrator->setFixedStepSize(scenario.fixedStep);  // as runSimulation does
  integrator->setFinalTime(scenario.duration);
  integrator->initialize(built.initialState);
  const State& s0 = integrator->getState();
  const Real e0 = system.calcEnergy(s0) - built.forces->getNonConservativeWork(s0);

  std::printf("%8s %12s %12s %12s %14s\n", "t (s)", "KE (J)", "PE (J)", "W_nc (J)", "drift (J)");
  Real maxKE = 0, maxDrift = 0;
  const int reports = 10;
  for (int k = 0; k <= reports; ++k) {
    integrator->stepTo(scenario.duration * k / reports);
    const State& s = integrator->getState();
    const Real ke = system.calcKineticEnergy(s), pe = system.calcPotentialEnergy(s) + 0.0;  // no "-0"
    const Real w = built.forces->getNonConservativeWork(s);
    const Real drift = ke + pe - w - e0;
    maxKE = std::max(maxKE, ke);
    maxDrift = std::max(maxDrift, std::abs(drift));
    std::printf("%8.3f %12.6f %12.6f %12.6f %14.3e\n", s.getTime(), ke, pe, w, drift);
  }
  const IntegratorStatistics& st = integrator->getStatistics();
  const Real relativeDrift = maxDrift / std::max(maxKE, 1e-12);
  std::printf("\n%s: %lld steps, %lld derivative evaluations; largest drift %.2e J = %.2e of the largest KE\n",
              integrator->getMethodName(), static_cast<long long>(st.stepsTaken),
              static_cast<long long>(st.derivativeEvaluations), maxDrift, relativeDrift);

  // ---- the same scenario through run::runSimulation (what `articula run` does) ----
  const run::RunResult run = run::runSimulation(spec, built, scenario);
  const run::Frame& last = run.frames.back();
  const State& end = integrator->getState();
  const Real eLoop = system.calcEnergy(end), eRun = last.kineticEnergy + last.potentialEnergy;
  std::printf("runSimulation: %zu frames, final t %.3f s, KE + PE %.9f J (loop above: %.9f J)\n", run.frames.size(),
              last.time, eRun, eLoop);

  const bool balanced = relativeDrift < 100 * scenario.accuracy;
  const bool ok = balanced && std::abs(eRun - eLoop) < 1e-9 * std::max(1.0, maxKE) &&
                  std::abs(last.time - end.getTime()) < 1e-12;
  std::printf("%s\n", ok ? "check passed" : "CHECK FAILED");
  return ok ? 0 : 1;
}
