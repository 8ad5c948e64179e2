// Assembler (Theory Manual §9.4; reference ch. 8-12 §4): moves q from a nearby guess onto the
// position-constraint manifold, optionally pulling coordinates toward goal values and body
// stations ("markers") toward target points in Ground, in the weighted least-squares sense.
// Constraints are hard conditions: each Gauss-Newton step solves them to first order (minimum
// weighted-norm step) and spends the remaining freedom, the null space of the constraint
// Jacobian, on the goals with Levenberg-Marquardt damping. Steps are speed-like increments du
// mapped to q by N, so quaternions stay quaternions (normalized after every step). Locked
// mobilities (the Assembler's locks and mobilizers locked or prescribed in the State) do not move.
#pragma once
#include <string>
#include <vector>

#include "articula/matter/MultibodySystem.h"

namespace articula {

// The constraints could not be satisfied; the message names the worst constraint and its error.
class AssemblyFailure : public Error {
 public:
  using Error::Error;
};

struct AssemblyResult {
  int iterations = 0;
  Real constraintError = 0;    // largest |position error| / unit error over enabled constraints
  Real goalCost = 0;           // sum of weight * squared residual over goals (m^2 or rad^2)
  bool goalsConverged = true;  // false if the goals were still moving when iterations ran out
};

class Assembler {
 public:
  // The system's topology must be realized; the Assembler keeps a reference to it.
  explicit Assembler(const MultibodySystem& system);

  // Largest position error (in units of each constraint's unit error) accepted. Default 1e-10.
  void setTolerance(Real tolerance);
  Real getTolerance() const { return tolerance_; }
  // Gauss-Newton iterations before giving up. Default 50.
  void setMaxIterations(int iterations);

  // Keeps all of body's coordinates where they are.
  void lockBody(int body);
  // Keeps body's mobility uIndex (its speed-like increment) at zero.
  void lockMobility(int body, int uIndex);

  // Goal q_i = value for body's coordinate qIndex (radians or metres), weight > 0. Returns its index.
  int addCoordinateGoal(int body, int qIndex, Real value, Real weight = 1);
  // Goal: station p_BS on body toward the point p_GT in Ground, weight > 0. Returns its index.
  int addMarkerGoal(std::string name, int body, const Vec3& p_BS, const Vec3& p_GT, Real weight = 1);
  void setMarkerTarget(int marker, const Vec3& p_GT);
  int getNumMarkers() const { return static_cast<int>(markers_.size()); }

  // Assembles s in place (q changes, u does not) and leaves it realized to Position. Throws
  // AssemblyFailure if the constraints are still violated after the iterations.
  AssemblyResult assemble(State& s) const;

  struct CoordinateGoal {
    int body, qIndex;
    Real value, weight;
  };
  struct MarkerGoal {
    std::string name;
    int body;
    Vec3 p_BS, p_GT;
    Real weight;
  };

  const std::vector<CoordinateGoal>& getCoordinateGoals() const { return coordinates_; }
  const std::vector<MarkerGoal>& getMarkerGoals() const { return markers_; }
  bool isMobilityLocked(int matterU) const { return lockedU_.at(matterU) != 0; }
  const MultibodySystem& getSystem() const { return system_; }
  int getMaxIterations() const { return maxIterations_; }

 private:
  void requireBody(int body, const char* what) const;
  const MultibodySystem& system_;
  Real tolerance_ = 1e-10;
  int maxIterations_ = 50;
  std::vector<char> lockedU_;  // per matter mobility
  std::vector<CoordinateGoal> coordinates_;
  std::vector<MarkerGoal> markers_;
};

}  // namespace articula
