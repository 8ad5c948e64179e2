// One model file read by Articula and by MuJoCo 2.2.2, side by side: coordinates matched by joint
// name (unnamed MJCF bodies and joints by the importer's names for them), random states set in both,
// and the differences of body poses, mass matrix, inverse and forward dynamics. Tree dynamics only:
// MuJoCo's contact, limits, equality constraints and friction loss are switched off, Articula's
// contact too (its constraints are left out of the dynamics asked for); MuJoCo's armature and the
// springs of its ball and free joints, which the MJCF import does not represent (it warns), are
// zeroed; joint damping and hinge/slide stiffness stay on in both.
//
// Speeds map linearly, u_mj = T(q) u_art, joint by joint (docs of articula/matter/mobilizers.h
// and MuJoCo's mjModel):
//   pin/slider  -> hinge/slide: the same number, q = qpos (the importers put `ref` in the rest pose);
//   function_based (an MJCF body's hinges and slides composed) -> its hinges/slides: coordinate k is
//                  the joint its k-th coordinate names, q = qpos, u = qvel;
//   ball        -> ball: MuJoCo's u is the angular velocity in the frame of the body holding the
//                  joint (its final frame, after any later joints of that body), Articula's w_FM
//                  in F: T = R_OF, O that body;
//   free        -> free: MuJoCo's u is [velocity of the body origin in world, angular velocity in
//                  the body frame], Articula's [w_FM in F, v_FM in F] (F fixed in the ground, as
//                  MuJoCo's free joints hang from the world): T = [-[d]x R_GF, R_GF; R_BF, 0] with
//                  d from M's origin to B's.
// So M_art = T^T M_mj T, f_art = T^T f_mj and udot_mj = T udot_art + Tdot u_art.
#pragma once
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "articula/model/ModelBuilder.h"
#include "articula/model/ModelSpec.h"

struct mjModel_;
struct mjData_;

namespace articula::testing {

// Worst relative differences (norm-wise) at one state.
struct TwinDifferences {
  Real pose = 0;        // every body both engines have, by name: positions and rotation matrices
  Real massMatrix = 0;  // M_art against T^T M_mj T
  Real inverse = 0;     // f = M udot + c - f_passive - f_gravity, at a random udot
  Real forward = 0;     // udot at a random applied mobility force
  int bodiesCompared = 0;
};

class MujocoTwin {
 public:
  // `spec` as Articula's loader read the file (its gravity is set to MuJoCo's here); `mujocoFile`
  // the file MuJoCo compiles. Throws std::runtime_error naming what does not match.
  MujocoTwin(model::ModelSpec spec, const std::string& file, const std::string& mujocoFile);
  ~MujocoTwin();
  MujocoTwin(const MujocoTwin&) = delete;
  MujocoTwin& operator=(const MujocoTwin&) = delete;

  int nu() const { return nu_; }
  const model::ModelSpec& spec() const { return spec_; }
  const mjModel_* mujocoModel() const { return m_; }
  // MuJoCo bodies (not the world) without an Articula body of the same name (merged links).
  std::vector<std::string> unmatchedMujocoBodies() const;

  // Mass, mass centre and central inertia of the bodies both have, relative (state-independent).
  Real massPropertiesDifference() const;
  // A random state: joint angles within MuJoCo's range where limited (the same file's limits).
  void setRandomState(std::mt19937& rng);
  // Compares at the current state; random udot and applied forces come from `rng`.
  TwinDifferences compare(std::mt19937& rng);

 private:
  struct Coordinate {
    model::JointType type;
    int mobod, qStart, uStart;   // Articula
    int joint, qposadr, dofadr;  // MuJoCo
    int owner;                   // the Articula body named as MuJoCo's body holding the joint
  };
  void mapCoordinates();
  void mapJoint(const model::JointSpec& js, int mobod);
  void mapComposed(const model::JointSpec& js, int mobod);
  int mujocoJoint(const std::string& name) const;  // throws if MuJoCo has none of this name
  int ownerMobod(int joint) const;
  std::string bodyName(int body) const;
  std::string jointName(int joint) const;
  int jointNamed(const std::string& name) const;  // -1 if none
  int mobodNamed(const std::string& name) const;  // the Articula body of a link, -1 if none
  void setMujocoState();                          // from Articula's realized state
  Matrix calcT() const;
  Vector calcTDotU() const;

  model::ModelSpec spec_;
  model::BuiltModel built_;
  State state_;
  mjModel_* m_ = nullptr;
  mjData_* d_ = nullptr;
  std::vector<Coordinate> coordinates_;
  int nu_ = 0;
};

// How a URDF file is prepared for MuJoCo's reader (writeUrdfForMujoco).
struct UrdfForMujoco {
  // Each <inertial> given to MuJoCo already diagonal: its principal axes folded into the origin's
  // rpy (exactly the same body). MuJoCo 2.2.2 diagonalizes a full tensor itself with an iterative
  // eigen-solver that stops early: its compiled inertia is then off by up to 1e-7 relative
  // (docs/urdf.md, "Checked against MuJoCo").
  bool diagonalInertia = true;
  // More <compiler> attributes, e.g. {"balanceinertia", "true"}.
  std::vector<std::pair<std::string, std::string>> compiler;
};

// A URDF file prepared for MuJoCo's reader: <visual> and <collision> removed (their meshes are
// absent and MuJoCo fails on a missing mesh) and a <mujoco><compiler> child that keeps static bodies
// unfused (fusestatic is on by default for URDF). Writes `out`.
void writeUrdfForMujoco(const std::string& urdfFile, const std::string& out, const UrdfForMujoco& how = {});

}  // namespace articula::testing
