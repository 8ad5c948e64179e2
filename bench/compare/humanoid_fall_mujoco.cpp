// The MuJoCo 2.2.2 side of humanoid_fall (humanoid_fall.h): the same file through mj_loadXML,
// mj_step at the file's time step (its <option timestep>, 0.005 s in humanoid.xml) and its own
// solver settings, untouched.
#include <mujoco/mujoco.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>

#include "humanoid_fall.h"
#include "timing.h"

namespace articula::bench {

namespace {

struct MujocoModel {
  explicit MujocoModel(const std::string& file) {
    char error[1000] = "";
    m = mj_loadXML(file.c_str(), nullptr, error, sizeof error);
    if (!m) throw std::runtime_error("MuJoCo cannot load " + file + ": " + error);
    d = mj_makeData(m);
  }
  ~MujocoModel() {
    mj_deleteData(d);
    mj_deleteModel(m);
  }
  MujocoModel(const MujocoModel&) = delete;
  MujocoModel& operator=(const MujocoModel&) = delete;
  mjModel* m = nullptr;
  mjData* d = nullptr;
};

int bodyId(const MujocoModel& mj, const char* name) {
  const int id = mj_name2id(mj.m, mjOBJ_BODY, name);
  if (id < 0) throw std::runtime_error(std::string("MuJoCo: no body ") + name);
  return id;
}

}  // namespace

HumanoidRun simulateMujocoHumanoid(const std::string& file, int repetitions) {
  MujocoModel mj(file);
  const double dt = mj.m->opt.timestep;
  const auto steps = static_cast<int>(std::lround(kHumanoidDuration / dt));
  HumanoidRun r;
  char label[96];
  std::snprintf(label, sizeof label, "MuJoCo mj_step %g s", dt);
  r.label = label;
  r.seconds = 1e300;
  for (int rep = 0; rep < repetitions; ++rep) {
    const double t0 = threadCpuSeconds();
    mj_resetData(mj.m, mj.d);  // qpos0, at rest
    for (int i = 0; i < steps; ++i) mj_step(mj.m, mj.d);
    r.seconds = std::min(r.seconds, threadCpuSeconds() - t0);
  }
  r.steps = r.attempts = steps;
  r.evaluations = steps;  // one forward dynamics (mj_forward's work) per step
  // The traced run: after each step mj_forward makes xpos and the contacts those of the new state
  // (mj_step leaves them at the step's start). Samples every kHumanoidSampleStep.
  const int torso = bodyId(mj, "torso");
  const auto every = std::max(1, static_cast<int>(std::lround(kHumanoidSampleStep / dt)));
  mj_resetData(mj.m, mj.d);
  mj_forward(mj.m, mj.d);
  for (int i = 0; i <= steps; ++i) {
    if (i > 0) {
      mj_step(mj.m, mj.d);
      mj_forward(mj.m, mj.d);
    }
    if (i % every) continue;
    const mjtNum* p = mj.d->xpos + 3 * torso;
    r.trace.torso.push_back({p[0], p[1], p[2]});
    r.trace.contacts.push_back(mj.d->ncon);
  }
  finishTrace(r.trace);
  return r;
}

HumanoidSetupCheck checkHumanoidSetup(const std::string& file) {
  HumanoidSetupCheck c;
  const std::vector<NamedPose> poses = articulaHumanoidPoses(file, &c.articulaBodies, &c.articulaDofs);
  MujocoModel mj(file);
  c.mujocoBodies = mj.m->nbody - 1;  // without the world body
  c.mujocoDofs = mj.m->nv;
  mj_resetData(mj.m, mj.d);
  mj_kinematics(mj.m, mj.d);
  for (const NamedPose& p : poses) {
    const int id = mj_name2id(mj.m, mjOBJ_BODY, p.name.c_str());
    if (id < 0) continue;
    ++c.matched;
    for (int k = 0; k < 3; ++k) c.originDiff = std::max(c.originDiff, std::abs(p.origin[k] - mj.d->xpos[3 * id + k]));
    for (int k = 0; k < 9; ++k)
      c.rotationDiff = std::max(c.rotationDiff, std::abs(p.rotation[k] - mj.d->xmat[9 * id + k]));
  }
  return c;
}

}  // namespace articula::bench
