// Articula and MuJoCo 2.2.2 reading the same file (MujocoTwin.h).
#include "crosscheck/MujocoTwin.h"

#include <mujoco/mujoco.h>
#include <tinyxml2.h>

#include <Eigen/Eigenvalues>
#include <Eigen/Geometry>
#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <numbers>
#include <sstream>
#include <stdexcept>

namespace articula::testing {
namespace {

using model::JointType;

Mat33 mujocoMatrix(const mjtNum* xmat) {  // row-major 3x3
  Mat33 R;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) R(r, c) = xmat[3 * r + c];
  return R;
}

Mat33 cross(const Vec3& d) {
  Mat33 X;
  X << 0, -d.z(), d.y(), d.z(), 0, -d.x(), -d.y(), d.x(), 0;
  return X;
}

Real relative(const Matrix& a, const Matrix& b) {
  const Real scale = b.norm();
  return scale > 0 ? (a - b).norm() / scale : (a - b).norm();
}

// MuJoCo's quaternion (w, x, y, z) of a rotation matrix.
std::array<mjtNum, 4> quaternionOf(const Mat33& R) {
  std::array<mjtNum, 9> rowMajor{};
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) rowMajor[3 * r + c] = R(r, c);
  std::array<mjtNum, 4> q{};
  mju_mat2Quat(q.data(), rowMajor.data());
  return q;
}

// Terms MuJoCo adds that Articula's import does not represent (it warns of them, docs/mjcf.md):
// armature (rotor inertia on M's diagonal), the springs of ball and free joints, and tendons'
// springs and dampers.
void withoutMujocoOnlyTerms(mjModel_* m) {
  mju_zero(m->dof_armature, m->nv);
  mju_zero(m->tendon_stiffness, m->ntendon);
  mju_zero(m->tendon_damping, m->ntendon);
  for (int j = 0; j < m->njnt; ++j)
    if (m->jnt_type[j] == mjJNT_BALL || m->jnt_type[j] == mjJNT_FREE) m->jnt_stiffness[j] = 0;
}

// Tree dynamics: Articula's contact off as MuJoCo's (random states put bodies into the floor).
void withoutContact(model::ModelSpec& spec) {
  spec.contact = model::ContactSpec{};
  for (model::BodySpec& b : spec.bodies)
    for (model::GeometrySpec& g : b.geometry) g.material.clear(), g.forceCurve.clear();
}

}  // namespace

// The importer's names for what MuJoCo leaves unnamed (MjcfImport): bodies "body<id>" (MuJoCo's
// ids follow the file's order as the importer's count does), joints "<body>_joint<k>".
std::string MujocoTwin::bodyName(int body) const {
  const char* name = mj_id2name(m_, mjOBJ_BODY, body);
  return name ? name : "body" + std::to_string(body);
}

std::string MujocoTwin::jointName(int joint) const {
  const char* name = mj_id2name(m_, mjOBJ_JOINT, joint);
  const int body = m_->jnt_bodyid[joint];
  return name ? name : bodyName(body) + "_joint" + std::to_string(joint - m_->body_jntadr[body]);
}

int MujocoTwin::jointNamed(const std::string& name) const {
  for (int j = 0; j < m_->njnt; ++j)
    if (jointName(j) == name) return j;
  return -1;
}

MujocoTwin::MujocoTwin(model::ModelSpec spec, const std::string& file, const std::string& mujocoFile)
    : spec_(std::move(spec)) {
  char error[1000] = "";
  m_ = mj_loadXML(mujocoFile.c_str(), nullptr, error, sizeof error);
  if (!m_) throw std::runtime_error("MuJoCo cannot load " + mujocoFile + ": " + error);
  // Tree dynamics only: no contact, limits, equality constraints, friction loss (the constraint
  // solver is off altogether), no actuators (a position servo or a muscle pulls at zero control);
  // passive damping, stiffness and gravity stay.
  m_->opt.disableflags |= mjDSBL_CONSTRAINT | mjDSBL_EQUALITY | mjDSBL_FRICTIONLOSS | mjDSBL_LIMIT | mjDSBL_CONTACT |
                          mjDSBL_ACTUATION;
  withoutMujocoOnlyTerms(m_);
  d_ = mj_makeData(m_);
  spec_.gravity = Vec3(m_->opt.gravity[0], m_->opt.gravity[1], m_->opt.gravity[2]);
  withoutContact(spec_);
  built_ = model::buildModel(spec_, file);
  state_ = built_.initialState;
  mapCoordinates();
}

MujocoTwin::~MujocoTwin() {
  if (d_) mj_deleteData(d_);
  if (m_) mj_deleteModel(m_);
}

void MujocoTwin::mapCoordinates() {
  const MatterSubsystem& matter = built_.system->getMatter();
  nu_ = matter.getNU();
  if (nu_ != m_->nv)
    throw std::runtime_error("Articula has " + std::to_string(nu_) + " mobilities, MuJoCo " + std::to_string(m_->nv) +
                             " degrees of freedom");
  int mapped = 0;
  for (size_t b = 0; b < spec_.bodies.size(); ++b) {
    const model::JointSpec& js = spec_.bodies[b].joint;
    const int mobod = built_.mobodOfBody.at(b);
    const MobilizedBodyInfo& info = matter.getInfo(mobod);
    if (info.nu == 0) continue;
    if (js.type == JointType::FunctionBased) mapComposed(js, mobod);
    else mapJoint(js, mobod);
    mapped += info.nu;
  }
  if (mapped != nu_) throw std::runtime_error("not every mobility has a MuJoCo joint");
}

int MujocoTwin::mujocoJoint(const std::string& name) const {
  const int joint = jointNamed(name);
  if (joint < 0) throw std::runtime_error("MuJoCo has no joint named \"" + name + "\"");
  return joint;
}

// One MuJoCo joint per Articula mobilizer (a body's only joint, or one link of a chain of massless
// bodies "<body>/<joint>").
void MujocoTwin::mapJoint(const model::JointSpec& js, int mobod) {
  const MobilizedBodyInfo& info = built_.system->getMatter().getInfo(mobod);
  const int joint = mujocoJoint(js.name);
  static const std::map<JointType, int> mujocoType{{JointType::Pin, mjJNT_HINGE},
                                                   {JointType::Slider, mjJNT_SLIDE},
                                                   {JointType::Ball, mjJNT_BALL},
                                                   {JointType::Free, mjJNT_FREE}};
  const auto kind = mujocoType.find(js.type);
  if (kind == mujocoType.end() || js.euler || js.reverse || kind->second != m_->jnt_type[joint])
    throw std::runtime_error("joint \"" + js.name + "\": Articula's mobilizer has no MuJoCo counterpart of type " +
                             std::to_string(m_->jnt_type[joint]));
  coordinates_.push_back({js.type, mobod, info.qStart, info.uStart, joint, m_->jnt_qposadr[joint],
                          m_->jnt_dofadr[joint], ownerMobod(joint)});
}

// Hinges and slides of one MuJoCo body composed into one function_based mobilizer (MjcfImport):
// its k-th coordinate is the MuJoCo joint named by the k-th coordinate name, q = qpos, u = qvel.
void MujocoTwin::mapComposed(const model::JointSpec& js, int mobod) {
  const MobilizedBodyInfo& info = built_.system->getMatter().getInfo(mobod);
  const std::vector<std::string>& names = js.functions.coordinates;
  for (size_t k = 0; k < names.size(); ++k) {
    const int joint = mujocoJoint(names[k]);
    const int type = m_->jnt_type[joint];
    if (type != mjJNT_HINGE && type != mjJNT_SLIDE)
      throw std::runtime_error("joint \"" + names[k] + "\": composed, but neither a hinge nor a slide in MuJoCo");
    const int i = static_cast<int>(k);
    coordinates_.push_back({type == mjJNT_HINGE ? JointType::Pin : JointType::Slider, mobod, info.qStart + i,
                            info.uStart + i, joint, m_->jnt_qposadr[joint], m_->jnt_dofadr[joint], mobod});
  }
}

// The Articula body named as the MuJoCo body that holds `joint`.
int MujocoTwin::ownerMobod(int joint) const {
  const std::string name = bodyName(m_->jnt_bodyid[joint]);
  const int mobod = mobodNamed(name);
  if (mobod < 0) throw std::runtime_error("MuJoCo body \"" + name + "\" has no Articula body");
  return mobod;
}

int MujocoTwin::mobodNamed(const std::string& name) const {
  const int b = spec_.findBody(name);
  return b < 0 ? -1 : built_.mobodOfBody.at(b);
}

std::vector<std::string> MujocoTwin::unmatchedMujocoBodies() const {
  std::vector<std::string> out;
  for (int b = 1; b < m_->nbody; ++b) {
    if (mobodNamed(bodyName(b)) < 0) out.push_back(bodyName(b));
  }
  return out;
}

void MujocoTwin::setRandomState(std::mt19937& rng) {
  std::uniform_real_distribution<Real> unit(-1, 1);
  std::normal_distribution<Real> normal;
  const MatterSubsystem& matter = built_.system->getMatter();
  VectorView q = matter.updQ(state_), u = matter.updU(state_);
  for (const Coordinate& c : coordinates_) {
    switch (c.type) {
      case JointType::Pin:
      case JointType::Slider: {
        const bool limited = m_->jnt_limited[c.joint];
        const Real half = c.type == JointType::Pin ? std::numbers::pi : 1.0;
        const Real lo = limited ? m_->jnt_range[2 * c.joint] : -half,
                   hi = limited ? m_->jnt_range[2 * c.joint + 1] : half;
        q[c.qStart] = lo + (hi - lo) * (unit(rng) + 1) / 2;  // within the limits; q = MuJoCo's qpos
        u[c.uStart] = 2 * unit(rng);
        break;
      }
      case JointType::Free:
        for (int i = 4; i < 7; ++i) q[c.qStart + i] = unit(rng);
        for (int i = 3; i < 6; ++i) u[c.uStart + i] = unit(rng);
        [[fallthrough]];
      case JointType::Ball: {
        Vec4 quat(normal(rng), normal(rng), normal(rng), normal(rng));
        q.segment<4>(c.qStart) = quat.normalized();
        for (int i = 0; i < 3; ++i) u[c.uStart + i] = 2 * unit(rng);
        break;
      }
      default: break;
    }
  }
  built_.system->realize(state_, Stage::Velocity);
  setMujocoState();
}

// MuJoCo's qpos from Articula's q: a hinge's or slide's qpos is its q (the importers put MuJoCo's
// `ref` into the rest pose, not into q); a ball's quaternion is R_FM, F turned as the body's frame
// before the joint (MjcfImport); a free joint's the body's pose in the world. Then qvel = T u.
void MujocoTwin::setMujocoState() {
  const MatterSubsystem& matter = built_.system->getMatter();
  const ConstVectorView q = matter.getQ(state_);
  mju_copy(d_->qpos, m_->qpos0, m_->nq);
  for (const Coordinate& c : coordinates_) {
    const Transform& X_GB = matter.getBodyTransform(state_, c.mobod);
    if (c.type == JointType::Pin || c.type == JointType::Slider) {
      d_->qpos[c.qposadr] = q[c.qStart];
    } else if (c.type == JointType::Free) {
      const std::array<mjtNum, 4> quat = quaternionOf(X_GB.R().matrix());
      for (int i = 0; i < 3; ++i) d_->qpos[c.qposadr + i] = X_GB.p()[i];
      for (int i = 0; i < 4; ++i) d_->qpos[c.qposadr + 3 + i] = quat[i];
    } else {
      for (int i = 0; i < 4; ++i) d_->qpos[c.qposadr + i] = q[c.qStart + i];
    }
  }
  const Vector qvel = calcT() * Vector(matter.getU(state_));
  for (int i = 0; i < m_->nv; ++i) d_->qvel[i] = qvel[i];
  mju_zero(d_->qacc, m_->nv);
  mju_zero(d_->qfrc_applied, m_->nv);
  mju_zero(d_->xfrc_applied, 6 * m_->nbody);
}

// u_mj = T u_art (MujocoTwin.h); needs Articula's Position stage.
Matrix MujocoTwin::calcT() const {
  const MatterSubsystem& matter = built_.system->getMatter();
  Matrix T = Matrix::Zero(m_->nv, nu_);
  for (const Coordinate& c : coordinates_) {
    const MobilizedBodyInfo& info = matter.getInfo(c.mobod);
    const Transform& X_GB = matter.getBodyTransform(state_, c.mobod);
    const Transform X_GF = matter.getBodyTransform(state_, info.parent) * info.X_PF;
    const Mat33 R_BF = X_GB.R().matrix().transpose() * X_GF.R().matrix();
    if (c.type == JointType::Pin || c.type == JointType::Slider) {
      T(c.dofadr, c.uStart) = 1;
    } else if (c.type == JointType::Ball) {  // MuJoCo's axes: the frame of the body holding the joint
      const Mat33& R_GO = matter.getBodyTransform(state_, c.owner).R().matrix();
      T.block<3, 3>(c.dofadr, c.uStart) = R_GO.transpose() * X_GF.R().matrix();
    } else {
      const Vec3 d = X_GB.p() - (X_GB * info.X_BM).p();
      T.block<3, 3>(c.dofadr, c.uStart) = -cross(d) * X_GF.R().matrix();
      T.block<3, 3>(c.dofadr, c.uStart + 3) = X_GF.R().matrix();
      T.block<3, 3>(c.dofadr + 3, c.uStart) = R_BF;
    }
  }
  return T;
}

// Tdot u: zero but for a free body whose origin is off M's: w x (w x d) (F is fixed in the ground).
Vector MujocoTwin::calcTDotU() const {
  const MatterSubsystem& matter = built_.system->getMatter();
  Vector out = Vector::Zero(m_->nv);
  for (const Coordinate& c : coordinates_) {
    if (c.type != JointType::Free) continue;
    const MobilizedBodyInfo& info = matter.getInfo(c.mobod);
    const Transform& X_GB = matter.getBodyTransform(state_, c.mobod);
    const Vec3 d = X_GB.p() - (X_GB * info.X_BM).p();
    const Vec3 w = matter.getBodyVelocity(state_, c.mobod).head<3>();
    out.segment<3>(c.dofadr) = w.cross(w.cross(d));
  }
  return out;
}

// Mass, mass centre and central inertia (in the body frame) of every body both engines have,
// stacked, relative: tells a difference of the compiled bodies from one of the dynamics.
Real MujocoTwin::massPropertiesDifference() const {
  std::vector<Real> art, mj;
  for (int b = 1; b < m_->nbody; ++b) {
    const int spec = spec_.findBody(bodyName(b));
    if (spec < 0) continue;
    const model::BodySpec& body = spec_.bodies[spec];
    mjtNum R[9];
    mju_quat2Mat(R, m_->body_iquat + 4 * b);
    const Mat33 Ri = mujocoMatrix(R);
    const Mat33 I =
        Ri * Vec3(m_->body_inertia[3 * b], m_->body_inertia[3 * b + 1], m_->body_inertia[3 * b + 2]).asDiagonal() *
        Ri.transpose();
    art.push_back(body.mass), mj.push_back(m_->body_mass[b]);
    for (int i = 0; i < 3; ++i) art.push_back(body.massCenter[i]), mj.push_back(m_->body_ipos[3 * b + i]);
    for (int i = 0; i < 9; ++i) art.push_back(body.inertia(i % 3, i / 3)), mj.push_back(I(i % 3, i / 3));
  }
  return relative(Eigen::Map<Vector>(art.data(), art.size()), Eigen::Map<Vector>(mj.data(), mj.size()));
}

TwinDifferences MujocoTwin::compare(std::mt19937& rng) {
  std::uniform_real_distribution<Real> unit(-1, 1);
  const MatterSubsystem& matter = built_.system->getMatter();
  TwinDifferences out;
  built_.system->realize(state_, Stage::Dynamics);
  mj_forward(m_, d_);

  // Poses of the bodies both engines have, stacked: positions and rotation matrices.
  std::vector<Real> art, mj;
  for (int b = 1; b < m_->nbody; ++b) {
    const int mobod = mobodNamed(bodyName(b));
    if (mobod < 0) continue;
    const Transform& X_GB = matter.getBodyTransform(state_, mobod);
    const Mat33 R = mujocoMatrix(d_->xmat + 9 * b);
    for (int i = 0; i < 3; ++i) art.push_back(X_GB.p()[i]), mj.push_back(d_->xpos[3 * b + i]);
    for (int i = 0; i < 9; ++i) art.push_back(X_GB.R().matrix()(i % 3, i / 3)), mj.push_back(R(i % 3, i / 3));
    ++out.bodiesCompared;
  }
  out.pose = relative(Eigen::Map<Vector>(art.data(), art.size()), Eigen::Map<Vector>(mj.data(), mj.size()));

  const Matrix T = calcT();
  Matrix Mmj(m_->nv, m_->nv), Mart;
  std::vector<mjtNum> full(static_cast<size_t>(m_->nv) * m_->nv);
  mj_fullM(m_, full.data(), d_->qM);
  for (int r = 0; r < m_->nv; ++r)
    for (int c = 0; c < m_->nv; ++c) Mmj(r, c) = full[static_cast<size_t>(r) * m_->nv + c];
  matter.calcM(state_, Mart);
  out.massMatrix = relative(Mart, T.transpose() * Mmj * T);

  // Forward dynamics: a random applied force, the same generalized force in both engines.
  const Vector TDotU = calcTDotU();
  Vector fmj(m_->nv);
  for (int i = 0; i < m_->nv; ++i) fmj[i] = d_->qfrc_applied[i] = 10 * unit(rng);
  mj_forward(m_, d_);
  Vector udot, accMj(m_->nv);
  std::vector<SpatialVec> A_GB;
  matter.calcAccelerationIgnoringConstraints(state_, matter.getAppliedMobilityForces(state_) + T.transpose() * fmj,
                                             matter.getAppliedBodyForces(state_), udot, A_GB);
  for (int i = 0; i < m_->nv; ++i) accMj[i] = d_->qacc[i];
  out.forward = relative(T * udot + TDotU, accMj);

  // Inverse dynamics at a random acceleration (MuJoCo's qfrc_inverse leaves qfrc_applied out).
  Vector udotArt(nu_);
  for (int i = 0; i < nu_; ++i) udotArt[i] = 5 * unit(rng);
  const Vector qacc = T * udotArt + TDotU;
  for (int i = 0; i < m_->nv; ++i) d_->qacc[i] = qacc[i];
  mju_zero(d_->qfrc_applied, m_->nv);
  mj_inverse(m_, d_);
  Vector residual, fInvMj(m_->nv);
  matter.calcResidualForceIgnoringConstraints(state_, matter.getAppliedMobilityForces(state_),
                                              matter.getAppliedBodyForces(state_), udotArt, residual);
  for (int i = 0; i < m_->nv; ++i) fInvMj[i] = d_->qfrc_inverse[i];
  out.inverse = relative(residual, T.transpose() * fInvMj);
  return out;
}

namespace {

std::vector<Real> readNumbers(const char* text) {
  std::vector<Real> out;
  std::istringstream in(text ? text : "");
  for (Real x; in >> x;) out.push_back(x);
  return out;
}

std::string numbersText(std::initializer_list<Real> values) {
  std::string out;
  char buffer[32];
  for (Real x : values) {
    std::snprintf(buffer, sizeof buffer, "%.17g", x);
    if (!out.empty()) out += ' ';
    out += buffer;
  }
  return out;
}

// URDF rpy (R = Rz(yaw) Ry(pitch) Rx(roll)) of a rotation matrix.
Vec3 rpyOf(const Mat33& R) {
  return Vec3(std::atan2(R(2, 1), R(2, 2)), std::atan2(-R(2, 0), std::hypot(R(0, 0), R(1, 0))),
              std::atan2(R(1, 0), R(0, 0)));
}

Mat33 rotationOfRpy(const std::vector<Real>& rpy) {
  return (Eigen::AngleAxisd(rpy[2], Vec3::UnitZ()) * Eigen::AngleAxisd(rpy[1], Vec3::UnitY()) *
          Eigen::AngleAxisd(rpy[0], Vec3::UnitX()))
      .toRotationMatrix();
}

// The inertial's tensor replaced by its principal moments, the principal axes turned into rpy.
void diagonalize(tinyxml2::XMLElement* inertial) {
  tinyxml2::XMLElement* in = inertial->FirstChildElement("inertia");
  if (!in) return;
  const auto get = [&](const char* key) { return in->DoubleAttribute(key, 0); };
  Mat33 I;
  I << get("ixx"), get("ixy"), get("ixz"), get("ixy"), get("iyy"), get("iyz"), get("ixz"), get("iyz"), get("izz");
  if (I.isDiagonal(0)) return;
  const Eigen::SelfAdjointEigenSolver<Mat33> eig(I);
  Mat33 V = eig.eigenvectors();
  if (V.determinant() < 0) V.col(2) = -V.col(2);
  tinyxml2::XMLElement* origin = inertial->FirstChildElement("origin");
  if (!origin) {
    origin = inertial->GetDocument()->NewElement("origin");
    inertial->InsertFirstChild(origin);
  }
  std::vector<Real> rpy = readNumbers(origin->Attribute("rpy"));
  if (rpy.size() != 3) rpy = {0, 0, 0};
  const Vec3 turned = rpyOf(rotationOfRpy(rpy) * V);
  origin->SetAttribute("rpy", numbersText({turned[0], turned[1], turned[2]}).c_str());
  const char* keys[] = {"ixx", "iyy", "izz"};
  for (int i = 0; i < 3; ++i) in->SetAttribute(keys[i], numbersText({eig.eigenvalues()[i]}).c_str());
  for (const char* key : {"ixy", "ixz", "iyz"}) in->SetAttribute(key, "0");
}

}  // namespace

void writeUrdfForMujoco(const std::string& urdfFile, const std::string& out, const UrdfForMujoco& how) {
  tinyxml2::XMLDocument doc;
  if (doc.LoadFile(urdfFile.c_str()) != tinyxml2::XML_SUCCESS) throw std::runtime_error("cannot read " + urdfFile);
  tinyxml2::XMLElement* robot = doc.RootElement();
  for (tinyxml2::XMLElement* link = robot->FirstChildElement("link"); link; link = link->NextSiblingElement("link")) {
    for (const char* kind : {"visual", "collision"})
      while (tinyxml2::XMLElement* g = link->FirstChildElement(kind)) link->DeleteChild(g);
    if (tinyxml2::XMLElement* inertial = link->FirstChildElement("inertial"); inertial && how.diagonalInertia)
      diagonalize(inertial);
  }
  tinyxml2::XMLElement* mujoco = doc.NewElement("mujoco");
  tinyxml2::XMLElement* compiler = doc.NewElement("compiler");
  compiler->SetAttribute("fusestatic", "false");
  compiler->SetAttribute("discardvisual", "false");
  for (const auto& [key, value] : how.compiler) compiler->SetAttribute(key.c_str(), value.c_str());
  mujoco->InsertEndChild(compiler);
  robot->InsertFirstChild(mujoco);
  if (doc.SaveFile(out.c_str()) != tinyxml2::XML_SUCCESS) throw std::runtime_error("cannot write " + out);
}

}  // namespace articula::testing
