#include "models.h"

#include "articula/constraints/constraints.h"
#include "articula/forces/Gravity.h"
#include "articula/forces/MobilityLinearDamper.h"
#include "articula/forces/MobilityLinearSpring.h"
#include "articula/matter/MobilizedBody.h"

namespace articula::bench {

namespace {

Vec3 toVec3(const V3& v) { return Vec3(v[0], v[1], v[2]); }

MobilizedBody addBody(const MobilizedBody& parent, const BodySpec& b) {
  const Transform X_PF(Rotation::aboutAxis(b.angle_PF, toVec3(b.axis_PF)), toVec3(b.p_PF));
  const Inertia I_C(b.centralInertia[0], b.centralInertia[1], b.centralInertia[2]);
  const Body body(MassProperties::fromCentral(b.mass, toVec3(b.com), I_C), b.name);
  const Transform X_BM;
  switch (b.joint) {
    case Joint::Pin: return MobilizedBody::Pin(parent, X_PF, body, X_BM, Direction::Forward, b.name);
    case Joint::Slider: return MobilizedBody::Slider(parent, X_PF, body, X_BM, Direction::Forward, b.name);
    case Joint::Universal: return MobilizedBody::Universal(parent, X_PF, body, X_BM, Direction::Forward, b.name);
    case Joint::Ball:
      return MobilizedBody::Ball(parent, X_PF, body, X_BM, RotationCoordinates::Quaternion, Direction::Forward, b.name);
    case Joint::Free:
      return MobilizedBody::Free(parent, X_PF, body, X_BM, RotationCoordinates::Quaternion, Direction::Forward, b.name);
  }
  throw Error("benchmark model: unknown joint type of body '" + b.name + "'");
}

}  // namespace

std::unique_ptr<ArticulaModel> buildArticula(const ModelSpec& spec) {
  auto model = std::make_unique<ArticulaModel>();
  model->spec = spec;
  model->system = std::make_unique<MultibodySystem>(spec.name);
  MatterSubsystem& matter = model->system->updMatter();
  auto& forces = model->system->addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  forces.addForce(std::make_unique<Gravity>(toVec3(spec.gravity)));

  std::vector<MobilizedBody> mobods;
  for (const BodySpec& b : spec.bodies) {
    const MobilizedBody parent = b.parent < 0 ? MobilizedBody::Ground(matter) : mobods[b.parent];
    mobods.push_back(addBody(parent, b));
    if (b.joint != Joint::Pin) continue;
    if (b.jointStiffness > 0)
      forces.addForce(
          std::make_unique<MobilityLinearSpring>(mobods.back(), 0, b.jointStiffness, 0.0, b.name + " spring"));
    if (b.jointDamping > 0)
      forces.addForce(std::make_unique<MobilityLinearDamper>(mobods.back(), 0, b.jointDamping, b.name + " damper"));
  }
  for (size_t i = 0; i < spec.constraints.size(); ++i) {
    const BallConstraintSpec& c = spec.constraints[i];
    const int A = c.bodyA < 0 ? 0 : mobods[c.bodyA].getIndex(), B = c.bodyB < 0 ? 0 : mobods[c.bodyB].getIndex();
    addConstraint<constraints::Ball>(matter, "tie " + std::to_string(i + 1), A, toVec3(c.p_AS), B, toVec3(c.p_BS));
  }
  model->matter = &matter;
  model->state = model->system->realizeTopology();
  for (const MobilizedBody& m : mobods) {
    model->body.push_back(m.getIndex());
    model->qStart.push_back(matter.getInfo(m.getIndex()).qStart);
    model->uStart.push_back(matter.getInfo(m.getIndex()).uStart);
  }
  const SpecState st = randomState(spec, 1);
  model->setState(model->state, model->toQ(st.q), model->toU(st.u));
  model->system->realize(model->state, Stage::Acceleration);
  return model;
}

Vector ArticulaModel::toQ(const std::vector<double>& q) const {
  Vector out(matter->getNQ());
  int k = 0;
  for (size_t i = 0; i < spec.bodies.size(); ++i)
    for (int j = 0; j < jointNQ(spec.bodies[i].joint); ++j) out[qStart[i] + j] = q[k++];
  return out;
}

Vector ArticulaModel::toU(const std::vector<double>& u) const {
  Vector out(matter->getNU());
  int k = 0;
  for (size_t i = 0; i < spec.bodies.size(); ++i)
    for (int j = 0; j < jointNU(spec.bodies[i].joint); ++j) out[uStart[i] + j] = u[k++];
  return out;
}

std::vector<double> ArticulaModel::fromU(const Vector& u) const {
  std::vector<double> out;
  for (size_t i = 0; i < spec.bodies.size(); ++i)
    for (int j = 0; j < jointNU(spec.bodies[i].joint); ++j) out.push_back(u[uStart[i] + j]);
  return out;
}

std::vector<double> ArticulaModel::fromQ(const Vector& q) const {
  std::vector<double> out;
  for (size_t i = 0; i < spec.bodies.size(); ++i)
    for (int j = 0; j < jointNQ(spec.bodies[i].joint); ++j) out.push_back(q[qStart[i] + j]);
  return out;
}

void ArticulaModel::setState(State& s, const Vector& q, const Vector& u) const {
  matter->updQ(s) = q;
  matter->updU(s) = u;
}

}  // namespace articula::bench
