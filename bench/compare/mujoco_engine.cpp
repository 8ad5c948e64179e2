// MuJoCo 2.2.2 side of the comparison, on the MJCF of mjcf.h. MuJoCo's ball and free joints use
// other velocity coordinates (angular velocity in the child frame; free joints list linear before
// angular), related to the neutral u by an orthogonal block map P (u_mujoco = P u_neutral), so
// udot, forces and M convert exactly.
#include <mujoco/mujoco.h>

#include <unistd.h>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "engine.h"
#include "mjcf.h"

namespace articula::bench {

namespace {

class MujocoEngine final : public Engine {
 public:
  explicit MujocoEngine(const ModelSpec& spec) : spec_(spec) {
    model_ = load(spec);
    data_ = mj_makeData(model_);
    for (size_t i = 0; i < spec.bodies.size(); ++i) {
      const int nj = spec.bodies[i].joint == Joint::Universal ? 2 : 1;
      for (int k = 0; k < nj; ++k) {
        const std::string jname = jointName(static_cast<int>(i), k);
        const int id = mj_name2id(model_, mjOBJ_JOINT, jname.c_str());
        if (id < 0) throw std::runtime_error("MuJoCo: joint " + jname + " missing");
        joints_.push_back({static_cast<int>(i), k, model_->jnt_qposadr[id], model_->jnt_dofadr[id]});
      }
    }
    const size_t n = static_cast<size_t>(model_->nv);
    qpos_.resize(model_->nq);
    qvel_.resize(n);
    qacc_.resize(n);
    v_.resize(n);
    residual_.resize(n);
    MinvV_.resize(n);
    M_.resize(n * n);
    R_.resize(spec.bodies.size());
  }
  ~MujocoEngine() override {
    mj_deleteData(data_);
    mj_deleteModel(model_);
  }
  MujocoEngine(const MujocoEngine&) = delete;
  MujocoEngine& operator=(const MujocoEngine&) = delete;

  const char* name() const override { return "MuJoCo"; }

  void setInputs(const CompareInputs& in) override {
    // q: same numbers, free joints put position before the quaternion.
    std::vector<int> q0 = offsets(true);
    for (const JointRef& j : joints_) {
      const BodySpec& b = spec_.bodies[j.body];
      const double* q = &in.state.q[q0[j.body]];
      switch (b.joint) {
        case Joint::Pin:
        case Joint::Slider: qpos_[j.qadr] = q[0]; break;
        case Joint::Universal: qpos_[j.qadr] = q[j.k]; break;
        case Joint::Ball:
          for (int k = 0; k < 4; ++k) qpos_[j.qadr + k] = q[k];
          break;
        case Joint::Free:
          for (int k = 0; k < 3; ++k) qpos_[j.qadr + k] = q[4 + k];
          for (int k = 0; k < 4; ++k) qpos_[j.qadr + 3 + k] = q[k];
          break;
      }
      if (b.joint == Joint::Ball || b.joint == Joint::Free) R_[j.body] = quaternionToMatrix(q);
    }
    qvel_ = toMujoco(in.state.u);
    qacc_ = toMujoco(in.knownUdot);
    v_ = toMujoco(in.v);  // a generalized force: P is orthogonal, so forces map like speeds
    forward();
  }

  std::function<void()> op(Op op) override {
    forward();
    switch (op) {
      case Op::ForwardDynamics: return [this] { forward(); };
      // mj_forward has done kinematics and com positions, which mj_crb needs.
      case Op::MassMatrix:
        return [this] {
          mj_crb(model_, data_);
          mj_fullM(model_, M_.data(), data_->qM);
        };
      case Op::InverseDynamics:
        mju_copy(data_->qacc, qacc_.data(), model_->nv);
        // mj_rne includes gravity in its bias force: M qacc + c - g(q), as the others compute.
        return [this] { mj_rne(model_, data_, 1, residual_.data()); };
      // mj_forward has factorized M (qLD); solving is the comparable O(n) step.
      case Op::MInvV: return [this] { mj_solveM(model_, data_, MinvV_.data(), v_.data(), 1); };
    }
    return {};
  }

  std::vector<double> result(Op which) override {
    op(which)();
    switch (which) {
      case Op::ForwardDynamics: return toNeutral(std::vector<double>(data_->qacc, data_->qacc + model_->nv));
      case Op::InverseDynamics: return toNeutral(residual_);
      case Op::MInvV: return toNeutral(MinvV_);
      case Op::MassMatrix: {
        // M_neutral = P^T M P = P^T (P^T M)^T (M symmetric): map every column, then every row.
        const size_t n = static_cast<size_t>(model_->nv);
        std::vector<double> B(n * n), out(n * n), line(n);
        for (size_t j = 0; j < n; ++j) {
          line.assign(M_.begin() + j * n, M_.begin() + (j + 1) * n);  // column j = row j
          const std::vector<double> c = toNeutral(line);
          for (size_t r = 0; r < n; ++r) B[r * n + j] = c[r];
        }
        for (size_t i = 0; i < n; ++i) {
          line.assign(B.begin() + i * n, B.begin() + (i + 1) * n);
          const std::vector<double> r = toNeutral(line);
          std::copy(r.begin(), r.end(), out.begin() + i * n);
        }
        return out;
      }
    }
    return {};
  }

 private:
  struct JointRef {
    int body, k, qadr, dofadr;  // k: which of a Universal's two hinges
  };

  // Writes the MJCF files into a fresh temporary directory, loads, and removes them.
  static mjModel* load(const ModelSpec& spec) {
    char dirTemplate[] = "/tmp/articula_compare_XXXXXX";
    if (!::mkdtemp(dirTemplate)) throw std::runtime_error("MuJoCo: cannot create a temporary directory");
    const std::filesystem::path dir(dirTemplate);
    for (const auto& [name, text] : toMjcfFiles(spec)) std::ofstream(dir / name) << text;
    char error[1000] = "";
    mjModel* m = mj_loadXML((dir / "model.xml").c_str(), nullptr, error, sizeof error);
    std::filesystem::remove_all(dir);
    if (!m) throw std::runtime_error(std::string("MuJoCo: cannot load generated model: ") + error);
    return m;
  }

  // Start of each body's block in the neutral q (nq) or u (nu) layout.
  std::vector<int> offsets(bool q) const {
    std::vector<int> out;
    int k = 0;
    for (const BodySpec& b : spec_.bodies) {
      out.push_back(k);
      k += q ? jointNQ(b.joint) : jointNU(b.joint);
    }
    return out;
  }

  // u_mujoco = P u_neutral (and likewise for accelerations and generalized forces).
  std::vector<double> toMujoco(const std::vector<double>& x) const {
    std::vector<double> out(model_->nv);
    const std::vector<int> u0 = offsets(false);
    for (const JointRef& j : joints_) {
      const double* n = &x[u0[j.body]];
      switch (spec_.bodies[j.body].joint) {
        case Joint::Pin:
        case Joint::Slider: out[j.dofadr] = n[0]; break;
        case Joint::Universal: out[j.dofadr] = n[j.k]; break;
        case Joint::Ball: setV3(out, j.dofadr, rotate(R_[j.body], {n[0], n[1], n[2]}, true)); break;
        case Joint::Free:
          setV3(out, j.dofadr, {n[3], n[4], n[5]});
          setV3(out, j.dofadr + 3, rotate(R_[j.body], {n[0], n[1], n[2]}, true));
          break;
      }
    }
    return out;
  }
  // u_neutral = P^T u_mujoco.
  std::vector<double> toNeutral(const std::vector<double>& x) const {
    std::vector<double> out(model_->nv);
    const std::vector<int> u0 = offsets(false);
    for (const JointRef& j : joints_) {
      double* n = &out[u0[j.body]];
      const double* m = &x[j.dofadr];
      switch (spec_.bodies[j.body].joint) {
        case Joint::Pin:
        case Joint::Slider: n[0] = m[0]; break;
        case Joint::Universal: n[j.k] = m[0]; break;
        case Joint::Ball: {
          const V3 w = rotate(R_[j.body], {m[0], m[1], m[2]});
          for (int k = 0; k < 3; ++k) n[k] = w[k];
          break;
        }
        case Joint::Free: {
          const V3 w = rotate(R_[j.body], {m[3], m[4], m[5]});
          for (int k = 0; k < 3; ++k) n[k] = w[k], n[3 + k] = m[k];
          break;
        }
      }
    }
    return out;
  }
  static void setV3(std::vector<double>& out, int at, const V3& v) {
    for (int k = 0; k < 3; ++k) out[at + k] = v[k];
  }

  void forward() {
    mju_copy(data_->qpos, qpos_.data(), model_->nq);
    mju_copy(data_->qvel, qvel_.data(), model_->nv);
    mj_forward(model_, data_);
  }

  ModelSpec spec_;
  mjModel* model_ = nullptr;
  mjData* data_ = nullptr;
  std::vector<JointRef> joints_;  // in spec order; a Universal has two
  std::vector<double> qpos_, qvel_, qacc_, v_, residual_, MinvV_, M_;
  std::vector<std::array<double, 9>> R_;  // R_FM of ball and free joints at the input q
};

}  // namespace

std::unique_ptr<Engine> makeMujocoEngine(const ModelSpec& spec) { return std::make_unique<MujocoEngine>(spec); }

}  // namespace articula::bench
