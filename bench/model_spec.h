// Engine-neutral descriptions of the benchmark models, so that Articula, Simbody and MuJoCo are
// built from one source of truth and do exactly the same physics. Plain std types only: the
// Simbody adapter includes this without Eigen or Articula headers.
//
// Conventions (Articula's, which Simbody shares): every body's mobilizer frame M is the body frame
// (X_BM = identity); F is given in the parent's frame by p_PF and an axis-angle rotation. q and u
// are listed body by body: Pin q = angle about F's z; Universal q = (about x, then new y);
// Slider q = translation along F's x; Ball q = quaternion R_FM (w, x, y, z), u = w_FM in F;
// Free q = (quaternion, p_FM in F), u = (w_FM in F, v_FM in F).
#pragma once
#include <array>
#include <string>
#include <vector>

namespace articula::bench {

using V3 = std::array<double, 3>;

enum class Joint { Pin, Slider, Universal, Ball, Free };
int jointNQ(Joint j);
int jointNU(Joint j);

struct BodySpec {
  std::string name;
  int parent = -1;  // index into ModelSpec::bodies, -1 for Ground
  Joint joint = Joint::Pin;
  V3 p_PF{0, 0, 0};
  V3 axis_PF{1, 0, 0};  // rotation R_PF = rotation by angle_PF about axis_PF (unit)
  double angle_PF = 0;
  double mass = 1;
  V3 com{0, 0, 0};             // p_BC, in B
  V3 centralInertia{1, 1, 1};  // principal moments about C, along B's axes
  // Pin joints only: a torsional spring to q = 0 (N m/rad) and a damper (N m s/rad), both 0 = none.
  double jointStiffness = 0;
  double jointDamping = 0;
};

// A Ball constraint: station p_AS on body A and p_BS on body B coincide (body index into
// ModelSpec::bodies, -1 for Ground; stations in the body frames).
struct BallConstraintSpec {
  int bodyA = -1;
  V3 p_AS{0, 0, 0};
  int bodyB = -1;
  V3 p_BS{0, 0, 0};
};

struct ModelSpec {
  std::string name;
  std::vector<BodySpec> bodies;  // parents before children
  std::vector<BallConstraintSpec> constraints;
  V3 gravity{0, 0, -9.81};
  // An assembled configuration (neutral q layout) for constrained models whose ties are not placed
  // from the random state: randomState returns it, at rest, whatever the seed. Empty = none.
  std::vector<double> home;
  int nq() const;
  int nu() const;
};

// The benchmark models of issue 2: a 7-dof arm, pin chains, a 36-dof floating humanoid.
ModelSpec arm7();
ModelSpec pinChain(int n);
ModelSpec humanoid36();
// Simulation models (bench-compare's time-stepping section): three 1 m, 1 kg links on pins; and a
// stiff 5-link chain whose joints have stiff, heavily damped torsional springs.
ModelSpec triplePendulum();
ModelSpec stiffChain();
// Constrained forward dynamics: the planar chain of 30 pins (as pinChain) whose link tips are tied
// to Ground by `loops` Ball constraints, evenly spaced along the chain (30 ties every link). Each
// tie has 3 equations of which 2 are independent (the chain is planar): redundant constraints.
ModelSpec loopedChain(int loops);
// A Gough-Stewart platform (6-UPS): a Free top platform carried by six legs, each a Universal
// joint on Ground and a Slider (the piston), the piston tip tied to the platform by a Ball
// constraint. 24 mobilities, 18 constraint equations, 6 degrees of freedom; `home` is an
// assembled, non-singular pose found by inverse kinematics.
ModelSpec stewartPlatform();
// arm7, chain10, chain100, chain1000, humanoid36, loops1, loops5, loops10, loops30, stewart
std::vector<ModelSpec> allModels();
ModelSpec modelByName(const std::string& name);  // throws std::invalid_argument if unknown

// A seeded, non-trivial state (unit quaternions, moderate angles and speeds) in the neutral layout.
struct SpecState {
  std::vector<double> q, u;
};
SpecState randomState(const ModelSpec& spec, unsigned seed);
// A seeded vector of length nu (udot for inverse dynamics, v for M^-1 v).
std::vector<double> randomVector(int n, unsigned seed);

// Row-major rotation matrix of a unit quaternion (w, x, y, z).
std::array<double, 9> quaternionToMatrix(const double* wxyz);
// out = R in (rotate), or R^T in when transpose is set.
V3 rotate(const std::array<double, 9>& R, const V3& in, bool transpose = false);

}  // namespace articula::bench
