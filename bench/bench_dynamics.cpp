// Google Benchmarks of the realization stages and the O(n) operators on every benchmark model.
// Names are <op>/<model>; the "dof" counter is the model's number of mobilities.
#include <benchmark/benchmark.h>

#include <functional>

#include "models.h"

namespace articula::bench {
namespace {

// Everything one benchmark needs, prepared outside the timed loop.
struct Case {
  std::unique_ptr<ArticulaModel> model;
  State s;
  Vector q, u, mobilityForces, knownUdot, v, udot, residual, MinvV;
  std::vector<SpatialVec> bodyForces, A_GB;
  Matrix M;
};

std::unique_ptr<Case> makeCase(const ModelSpec& spec) {
  auto c = std::make_unique<Case>();
  c->model = buildArticula(spec);
  const SpecState st = randomState(spec, 2);
  c->q = c->model->toQ(st.q);
  c->u = c->model->toU(st.u);
  c->s = c->model->state;
  c->model->setState(c->s, c->q, c->u);
  c->model->system->realize(c->s, Stage::Acceleration);
  const MatterSubsystem& matter = *c->model->matter;
  // Gravity as the force subsystem applied it at Dynamics: the operators see the same load.
  c->bodyForces = matter.getAppliedBodyForces(c->s);
  c->mobilityForces = matter.getAppliedMobilityForces(c->s);
  c->knownUdot = c->model->toU(randomVector(spec.nu(), 3));
  c->v = c->model->toU(randomVector(spec.nu(), 4));
  c->udot.resize(spec.nu());
  c->residual.resize(spec.nu());
  c->MinvV.resize(spec.nu());
  c->A_GB.resize(matter.getNumBodies());
  c->M.resize(spec.nu(), spec.nu());
  return c;
}

using Body = std::function<void(Case&)>;

void registerOne(const std::string& op, Case& c, const Body& body) {
  const std::string name = op + "/" + c.model->spec.name;
  benchmark::RegisterBenchmark(name.c_str(), [&c, body](benchmark::State& st) {
    for (auto _ : st) body(c);
    st.counters["dof"] = c.model->spec.nu();
  });
}

// Realize benchmarks write q and u every iteration, so each stage is recomputed from scratch,
// as in a time step; realizing to a stage includes the earlier ones.
void realizeTo(Case& c, Stage stage) {
  c.model->setState(c.s, c.q, c.u);
  c.model->system->realize(c.s, stage);
  benchmark::DoNotOptimize(c.s);
}

void registerAll(Case& c) {
  const MatterSubsystem& m = *c.model->matter;
  registerOne("RealizePosition", c, [](Case& k) { realizeTo(k, Stage::Position); });
  registerOne("RealizeVelocity", c, [](Case& k) { realizeTo(k, Stage::Velocity); });
  registerOne("RealizeAcceleration", c, [](Case& k) { realizeTo(k, Stage::Acceleration); });
  // Operators run on a realized state; only the operator itself is timed.
  registerOne("ABA", c, [&m](Case& k) {
    m.calcAccelerationIgnoringConstraints(k.s, k.mobilityForces, k.bodyForces, k.udot, k.A_GB);
    benchmark::DoNotOptimize(k.udot.data());
  });
  registerOne("RNEA", c, [&m](Case& k) {
    m.calcResidualForceIgnoringConstraints(k.s, k.mobilityForces, k.bodyForces, k.knownUdot, k.residual);
    benchmark::DoNotOptimize(k.residual.data());
  });
  registerOne("CRBA", c, [&m](Case& k) {
    m.calcM(k.s, k.M);
    benchmark::DoNotOptimize(k.M.data());
  });
  registerOne("MInvV", c, [&m](Case& k) {
    m.multiplyByMInv(k.s, k.v, k.MinvV);
    benchmark::DoNotOptimize(k.MinvV.data());
  });
}

}  // namespace
}  // namespace articula::bench

int main(int argc, char** argv) {
  using namespace articula::bench;
  std::vector<std::unique_ptr<Case>> cases;  // outlive the benchmarks that refer to them
  for (const ModelSpec& spec : allModels()) {
    cases.push_back(makeCase(spec));
    registerAll(*cases.back());
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
