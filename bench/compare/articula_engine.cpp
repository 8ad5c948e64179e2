// Articula side of the comparison. Gravity comes from the force subsystem (the same one users
// get); forward dynamics is the full realize(Acceleration) after writing q and u.
#include <chrono>

#include "articula/integrators/integrators.h"
#include "engine.h"
#include "models.h"

namespace articula::bench {

const char* opKey(Op op) {
  switch (op) {
    case Op::ForwardDynamics: return "forward_dynamics";
    case Op::MassMatrix: return "mass_matrix";
    case Op::InverseDynamics: return "inverse_dynamics";
    case Op::MInvV: return "minv_times_v";
  }
  return "?";
}

const char* methodLabel(Method m) { return m == Method::Merson ? "RungeKuttaMerson" : "BDF"; }

const char* opLabel(Op op) {
  switch (op) {
    case Op::ForwardDynamics: return "forward dynamics";
    case Op::MassMatrix: return "mass matrix";
    case Op::InverseDynamics: return "inverse dynamics";
    case Op::MInvV: return "M^-1 v";
  }
  return "?";
}

namespace {

class ArticulaEngine final : public Engine {
 public:
  explicit ArticulaEngine(const ModelSpec& spec) : model_(buildArticula(spec)), s_(model_->state) {}
  const char* name() const override { return "Articula"; }

  void setInputs(const CompareInputs& in) override {
    q_ = model_->toQ(in.state.q);
    u_ = model_->toU(in.state.u);
    knownUdot_ = model_->toU(in.knownUdot);
    v_ = model_->toU(in.v);
    forward();
    // Applied forces (gravity) as gathered at Dynamics: inverse dynamics gets the same load.
    bodyForces_ = matter().getAppliedBodyForces(s_);
    mobilityForces_ = matter().getAppliedMobilityForces(s_);
    const int nu = matter().getNU();
    residual_.resize(nu);
    MinvV_.resize(nu);
    M_.resize(nu, nu);
  }

  std::function<void()> op(Op op) override {
    forward();  // every operator below starts from the fully realized input state
    switch (op) {
      case Op::ForwardDynamics: return [this] { forward(); };
      case Op::MassMatrix: return [this] { matter().calcM(s_, M_); };
      case Op::InverseDynamics:
        return [this] {
          matter().calcResidualForceIgnoringConstraints(s_, mobilityForces_, bodyForces_, knownUdot_, residual_);
        };
      case Op::MInvV: return [this] { matter().multiplyByMInv(s_, v_, MinvV_); };
    }
    return {};
  }

  std::vector<double> result(Op which) override {
    op(which)();
    switch (which) {
      case Op::ForwardDynamics: return model_->fromU(Vector(matter().getUDot(s_)));
      case Op::InverseDynamics: return model_->fromU(residual_);
      case Op::MInvV: return model_->fromU(MinvV_);
      case Op::MassMatrix: {
        // Reorder rows and columns into the neutral order.
        const std::vector<int> index = neutralToU();
        const int n = static_cast<int>(index.size());
        std::vector<double> out(static_cast<size_t>(n) * n);
        for (int i = 0; i < n; ++i)
          for (int j = 0; j < n; ++j) out[static_cast<size_t>(i) * n + j] = M_(index[i], index[j]);
        return out;
      }
    }
    return {};
  }

  double freeAccelerationScale() override {
    forward();
    Vector udot;
    std::vector<SpatialVec> A;
    matter().calcAccelerationIgnoringConstraints(s_, mobilityForces_, bodyForces_, udot, A);
    return udot.cwiseAbs().maxCoeff();
  }

  std::optional<SimulationResult> simulate(const SimulationRequest& r) override {
    State s0 = model_->state;
    model_->setState(s0, model_->toQ(r.initial.q), model_->toU(r.initial.u));
    SimulationResult best;
    for (int repeat = 0; repeat < 3; ++repeat) {
      auto integ = makeIntegrator(r.method == Method::Merson ? "RungeKuttaMerson" : "CvodeBDF", *model_->system);
      integ->setAccuracy(r.accuracy);
      const auto start = std::chrono::steady_clock::now();
      integ->initialize(s0);
      integ->setFinalTime(r.duration);
      while (integ->stepTo(r.duration) != StepOutcome::EndOfSimulation) {
      }
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (repeat == 0 || seconds < best.seconds) best.seconds = seconds;
      best.q = model_->fromQ(Vector(matter().getQ(integ->getState())));
      best.steps = integ->getStatistics().stepsTaken;
      best.evaluations = integ->getStatistics().derivativeEvaluations;
    }
    return best;
  }

 private:
  const MatterSubsystem& matter() const { return *model_->matter; }
  void forward() {
    model_->setState(s_, q_, u_);
    model_->system->realize(s_, Stage::Acceleration);
  }
  std::vector<int> neutralToU() const {
    std::vector<int> index;
    for (size_t i = 0; i < model_->spec.bodies.size(); ++i)
      for (int j = 0; j < jointNU(model_->spec.bodies[i].joint); ++j) index.push_back(model_->uStart[i] + j);
    return index;
  }

  std::unique_ptr<ArticulaModel> model_;
  State s_;
  Vector q_, u_, knownUdot_, v_, mobilityForces_, residual_, MinvV_;
  std::vector<SpatialVec> bodyForces_;
  Matrix M_;
};

}  // namespace

std::unique_ptr<Engine> makeArticulaEngine(const ModelSpec& spec) { return std::make_unique<ArticulaEngine>(spec); }

}  // namespace articula::bench
