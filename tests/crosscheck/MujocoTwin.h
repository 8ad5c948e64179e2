// One model file read by Articula and by MuJoCo 2.2.2, side by side: coordinates matched by joint
// name, random states set in both, and the differences of body poses, mass matrix, inverse and
// forward dynamics (tree dynamics only: MuJoCo's contact, limits, equality constraints and friction
// loss are switched off; passive damping stays on in both).
//
// Speeds map linearly, u_mj = T(q) u_art, mobilizer by mobilizer (docs of articula/matter/mobilizers.h
// and MuJoCo's mjModel):
//   pin/slider  -> hinge/slide: the same number (MuJoCo's qpos adds the joint's qpos0, its `ref`);
//   ball        -> ball: MuJoCo's u is the angular velocity in the child body's frame, Articula's
//                  w_FM in F: T = R_BF;
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
  };
  void mapCoordinates();
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
