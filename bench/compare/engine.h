// The interface every engine adapter of the comparison program implements. Adapters translate the
// neutral model (model_spec.h) into their engine and translate results back into the neutral
// convention, so that results can be checked against each other before anything is timed.
#pragma once
#include <functional>
#include <memory>
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
  SpecState state;               // q, u written before every forward dynamics call
  std::vector<double> knownUdot; // for inverse dynamics
  std::vector<double> v;         // for M^-1 v
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
};

std::unique_ptr<Engine> makeArticulaEngine(const ModelSpec& spec);
#ifdef ARTICULA_COMPARE_SIMBODY
std::unique_ptr<Engine> makeSimbodyEngine(const ModelSpec& spec);
#endif
#ifdef ARTICULA_COMPARE_MUJOCO
std::unique_ptr<Engine> makeMujocoEngine(const ModelSpec& spec);
#endif

}  // namespace articula::bench
