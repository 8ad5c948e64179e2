// Muscle path geometry of a built model (ModelSpec::muscles): each muscle's musculotendon length
// (the sum of the straight segments between its active path points, in ground), its lengthening
// speed, and its moment arm about each coordinate, −∂length/∂q, exact: the path points' station
// Jacobians and the moving points' function derivatives, no finite differences.
#pragma once
#include <array>
#include <string>
#include <vector>

#include "articula/math/Function.h"
#include "articula/model/ModelBuilder.h"

namespace articula::model {

class MusclePaths {
 public:
  // Resolves bodies and coordinates; throws ModelError naming the muscle and point when one is unknown.
  MusclePaths(const ModelSpec& model, const BuiltModel& built);

  int muscleCount() const { return static_cast<int>(muscles_.size()); }
  // The coordinates moment arms are given about: "joint.coordinate" of every function_based joint.
  const std::vector<std::string>& coordinates() const { return coordinateNames_; }

  // State realized through Stage::Position.
  Real length(const State& s, int muscle) const;
  // −∂length/∂q for each of coordinates(), in its order (m for angular coordinates: m/rad), about
  // the coordinate alone: the coordinates a constraint couples to it stay still.
  std::vector<Real> momentArms(const State& s, int muscle) const;
  // OpenSim's moment arm (MomentArmSolver): −dlength/dq_c along the constraint manifold, the other
  // coordinates moving as the model's constraints require when q_c moves at unit rate (a coupler's
  // dependent coordinate by the derivative of its function; constraints on q_c alone, such as a
  // locked coordinate, are set aside; coordinates left free by the constraints stay still, the
  // least-norm motion). Equal to momentArms() in a model without constraints.
  std::vector<Real> coupledMomentArms(const State& s, int muscle) const;
  // State realized through Stage::Velocity: d length / dt.
  Real lengtheningSpeed(const State& s, int muscle) const;

 private:
  struct Point {
    PathPointKind kind = PathPointKind::Fixed;
    int mobod = 0;  // 0: ground
    Vec3 location = Vec3::Zero();
    int q = -1;  // conditional: the matter q index of its coordinate
    Real lower = 0, upper = 0;
    std::array<FunctionPtr, 3> moving;
    std::array<int, 3> movingQ{-1, -1, -1};
  };
  struct Located {
    Vec3 p;       // in ground
    Matrix dpdq;  // 3 x nq
  };
  bool active(const State& s, const Point& p) const;
  // With NInv (nu x nq: u per unit q̇_k), also ∂p/∂q.
  Located locate(const State& s, const Point& p, const Matrix* NInv) const;
  std::vector<Real> gradient(const State& s, int muscle) const;  // ∂length/∂q, matter q order

  const BuiltModel* built_;
  std::vector<std::vector<Point>> muscles_;
  std::vector<std::string> coordinateNames_;
  std::vector<int> coordinateQ_;  // matter q index of each coordinate
  std::vector<int> coordinateU_;  // matter u index of each coordinate
};

}  // namespace articula::model
