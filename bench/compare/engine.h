// The interface every engine adapter of the comparison program implements. Adapters translate the
// neutral model (model_spec.h) into their engine and translate results back into the neutral
// convention, so that results can be checked against each other before anything is timed.
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model_spec.h"

namespace articula::bench {

enum class Op { ForwardDynamics, MassMatrix, InverseDynamics, MInvV };
inline constexpr Op kAllOps[] = {Op::ForwardDynamics, Op::MassMatrix, Op::InverseDynamics, Op::MInvV};
const char* opKey(Op op);    // JSON key, e.g. "forward_dynamics"
const char* opLabel(Op op);  // table label

// Inputs shared by all engines for one model.
struct CompareInputs {
  SpecState state;                // q, u written before every forward dynamics call
  std::vector<double> knownUdot;  // for inverse dynamics
  std::vector<double> v;          // for M^-1 v
};

// Time stepping: integrate from `initial` for `duration` seconds with an error-controlled method.
// Merson is each engine's RungeKuttaMerson; BDF is Articula's CVODE BDF and Simbody's CPodes BDF
// (both variable-order BDF with Newton iterations).
enum class Method { Merson, BDF };
const char* methodLabel(Method m);
struct SimulationRequest {
  SpecState initial;
  Method method = Method::Merson;
  double accuracy = 1e-6;
  double duration = 10;
};
struct SimulationResult {
  std::vector<double> q;      // final q, neutral layout
  long long steps = 0;        // accepted steps
  long long evaluations = 0;  // derivative evaluations (realizations through Acceleration)
  double seconds = 0;         // wall time of the whole run, best of a few repeats
};

class Engine {
 public:
  virtual ~Engine() = default;
  virtual const char* name() const = 0;
  // Stores the inputs in the engine's own layout and realizes the state once.
  virtual void setInputs(const CompareInputs& in) = 0;
  // Prepares `op` and returns the body to be timed, or an empty function if the engine lacks it.
  // The returned body may be called any number of times until the next call of op() or setInputs().
  virtual std::function<void()> op(Op op) = 0;
  // Runs `op` once and returns its output in the neutral convention (udot, row-major M, residual
  // or M^-1 v); empty if the engine lacks the op.
  virtual std::vector<double> result(Op op) = 0;
  // Largest |udot| with the constraints ignored (0 if not known): the scale the constrained udot
  // is compared on, since a locked chain's udot is zero up to roundoff.
  virtual double freeAccelerationScale() { return 0; }
  // Runs a simulation; nullopt if the engine lacks the method.
  virtual std::optional<SimulationResult> simulate(const SimulationRequest&) { return std::nullopt; }
};

std::unique_ptr<Engine> makeArticulaEngine(const ModelSpec& spec);
#ifdef ARTICULA_COMPARE_SIMBODY
std::unique_ptr<Engine> makeSimbodyEngine(const ModelSpec& spec);
#endif
#ifdef ARTICULA_COMPARE_MUJOCO
std::unique_ptr<Engine> makeMujocoEngine(const ModelSpec& spec);
#endif

}  // namespace articula::bench
