// Simbody 3.7 side of the comparison. Compiled without NDEBUG (see bench/CMakeLists.txt); the
// Simbody library itself is Debian's optimized build. Simbody's conventions for Pin, Slider,
// Universal, Ball and Free match the neutral ones exactly, so only the order of q and u is mapped.
#include <Simbody.h>

#include <chrono>
#include <stdexcept>

#include "engine.h"

namespace articula::bench {

namespace {

SimTK::Vec3 vec3(const V3& v) { return SimTK::Vec3(v[0], v[1], v[2]); }

class SimbodyEngine final : public Engine {
 public:
  explicit SimbodyEngine(const ModelSpec& spec) : spec_(spec), matter_(system_), forces_(system_) {
    SimTK::Force::Gravity(forces_, matter_, vec3(spec.gravity));
    for (const BodySpec& b : spec.bodies) {
      SimTK::MobilizedBody& parent = b.parent < 0 ? matter_.updGround() : mobods_[b.parent];
      const SimTK::Vec3 com = vec3(b.com);
      // Simbody's MassProperties take the inertia about the body origin.
      const SimTK::Inertia I_C(b.centralInertia[0], b.centralInertia[1], b.centralInertia[2]);
      const SimTK::Body::Rigid body(SimTK::MassProperties(b.mass, com, I_C.shiftFromMassCenter(com, b.mass)));
      const SimTK::Transform X_PF(SimTK::Rotation(b.angle_PF, SimTK::UnitVec3(vec3(b.axis_PF))), vec3(b.p_PF));
      const SimTK::Transform X_BM;
      switch (b.joint) {
        case Joint::Pin: mobods_.push_back(SimTK::MobilizedBody::Pin(parent, X_PF, body, X_BM)); break;
        case Joint::Slider: mobods_.push_back(SimTK::MobilizedBody::Slider(parent, X_PF, body, X_BM)); break;
        case Joint::Universal: mobods_.push_back(SimTK::MobilizedBody::Universal(parent, X_PF, body, X_BM)); break;
        case Joint::Ball: mobods_.push_back(SimTK::MobilizedBody::Ball(parent, X_PF, body, X_BM)); break;
        case Joint::Free: mobods_.push_back(SimTK::MobilizedBody::Free(parent, X_PF, body, X_BM)); break;
      }
      if (b.joint == Joint::Pin && b.jointStiffness > 0)
        SimTK::Force::MobilityLinearSpring(forces_, mobods_.back(), SimTK::MobilizerQIndex(0), b.jointStiffness, 0.0);
      if (b.joint == Joint::Pin && b.jointDamping > 0)
        SimTK::Force::MobilityLinearDamper(forces_, mobods_.back(), SimTK::MobilizerUIndex(0), b.jointDamping);
    }
    for (const BallConstraintSpec& c : spec.constraints)
      SimTK::Constraint::Ball(c.bodyA < 0 ? matter_.updGround() : mobods_[c.bodyA], vec3(c.p_AS),
                              c.bodyB < 0 ? matter_.updGround() : mobods_[c.bodyB], vec3(c.p_BS));
    state_ = system_.realizeTopology();
    system_.realizeModel(state_);
    for (size_t i = 0; i < spec.bodies.size(); ++i) {
      const int q0 = mobods_[i].getFirstQIndex(state_), u0 = mobods_[i].getFirstUIndex(state_);
      if (mobods_[i].getNumQ(state_) != jointNQ(spec.bodies[i].joint))
        throw std::runtime_error("Simbody: unexpected number of q for body " + spec.bodies[i].name);
      for (int k = 0; k < jointNQ(spec.bodies[i].joint); ++k) qIndex_.push_back(q0 + k);
      for (int k = 0; k < jointNU(spec.bodies[i].joint); ++k) uIndex_.push_back(u0 + k);
    }
  }

  const char* name() const override { return "Simbody"; }

  void setInputs(const CompareInputs& in) override {
    q_ = toSimbody(in.state.q, qIndex_);
    u_ = toSimbody(in.state.u, uIndex_);
    knownUdot_ = toSimbody(in.knownUdot, uIndex_);
    v_ = toSimbody(in.v, uIndex_);
    forward();
    bodyForces_ = system_.getRigidBodyForces(state_, SimTK::Stage::Dynamics);
    mobilityForces_ = system_.getMobilityForces(state_, SimTK::Stage::Dynamics);
  }

  std::function<void()> op(Op op) override {
    forward();
    switch (op) {
      case Op::ForwardDynamics: return [this] { forward(); };
      case Op::MassMatrix: return [this] { matter_.calcM(state_, M_); };
      case Op::InverseDynamics:
        return [this] {
          matter_.calcResidualForceIgnoringConstraints(state_, mobilityForces_, bodyForces_, knownUdot_, residual_);
        };
      case Op::MInvV: return [this] { matter_.multiplyByMInv(state_, v_, MinvV_); };
    }
    return {};
  }

  std::vector<double> result(Op which) override {
    op(which)();
    switch (which) {
      case Op::ForwardDynamics: return fromSimbody(state_.getUDot());
      case Op::InverseDynamics: return fromSimbody(residual_);
      case Op::MInvV: return fromSimbody(MinvV_);
      case Op::MassMatrix: {
        const int n = static_cast<int>(uIndex_.size());
        std::vector<double> out(static_cast<size_t>(n) * n);
        for (int i = 0; i < n; ++i)
          for (int j = 0; j < n; ++j) out[static_cast<size_t>(i) * n + j] = M_(uIndex_[i], uIndex_[j]);
        return out;
      }
    }
    return {};
  }

  std::optional<SimulationResult> simulate(const SimulationRequest& r) override {
    SimTK::State s0 = state_;
    s0.updQ() = toSimbody(r.initial.q, qIndex_);
    s0.updU() = toSimbody(r.initial.u, uIndex_);
    SimulationResult best;
    for (int repeat = 0; repeat < 3; ++repeat) {
      std::unique_ptr<SimTK::Integrator> integ;
      if (r.method == Method::Merson) integ = std::make_unique<SimTK::RungeKuttaMersonIntegrator>(system_);
      else integ = std::make_unique<SimTK::CPodesIntegrator>(system_, SimTK::CPodes::BDF, SimTK::CPodes::Newton);
      integ->setProjectEveryStep(false);
      integ->setAccuracy(r.accuracy);
      const auto start = std::chrono::steady_clock::now();
      SimTK::TimeStepper ts(system_, *integ);
      ts.initialize(s0);
      ts.stepTo(r.duration);
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (repeat == 0 || seconds < best.seconds) best.seconds = seconds;
      const SimTK::Vector& q = ts.getState().getQ();
      best.q.clear();
      for (int k : qIndex_) best.q.push_back(q[k]);
      best.steps = integ->getNumStepsTaken();
      best.evaluations = integ->getNumRealizations();
    }
    return best;
  }

 private:
  void forward() {
    state_.updQ() = q_;
    state_.updU() = u_;
    system_.realize(state_, SimTK::Stage::Acceleration);
  }
  static SimTK::Vector toSimbody(const std::vector<double>& x, const std::vector<int>& index) {
    SimTK::Vector out(static_cast<int>(x.size()));
    for (size_t k = 0; k < x.size(); ++k) out[index[k]] = x[k];
    return out;
  }
  std::vector<double> fromSimbody(const SimTK::Vector& x) const {
    std::vector<double> out(uIndex_.size());
    for (size_t k = 0; k < out.size(); ++k) out[k] = x[uIndex_[k]];
    return out;
  }

  ModelSpec spec_;
  SimTK::MultibodySystem system_;
  SimTK::SimbodyMatterSubsystem matter_;
  SimTK::GeneralForceSubsystem forces_;
  std::vector<SimTK::MobilizedBody> mobods_;
  SimTK::State state_;
  std::vector<int> qIndex_, uIndex_;  // neutral component k -> Simbody q / u index
  SimTK::Vector q_, u_, knownUdot_, v_, mobilityForces_, residual_, MinvV_;
  SimTK::Vector_<SimTK::SpatialVec> bodyForces_;
  SimTK::Matrix M_;
};

}  // namespace

std::unique_ptr<Engine> makeSimbodyEngine(const ModelSpec& spec) { return std::make_unique<SimbodyEngine>(spec); }

}  // namespace articula::bench
