// Inverse kinematics of one frame, as OpenSim's InverseKinematicsSolver (Simbody's Assembler)
// poses a model: minimize
//     Σ_i w_i |x_i(q) − m_i|² / (2 W)  +  Σ_j w_j (q_j − v_j)² / 2,     W = Σ_i w_i (markers seen)
// over the free coordinates: markers x_i (model markers, measured at m_i; a NaN measurement is
// skipped for the frame), coordinate goals v_j. Locked coordinates (prescribed_motion constraints)
// are held at their value at the frame's time; linear coordinate couplers are satisfied exactly by
// solving for their last coordinate. Levenberg–Marquardt on the residuals with exact Jacobians
// (station Jacobians times N⁻¹), from the state's q, until no coordinate moves by more than the
// accuracy (rad, m). The normal equations are built from each marker's 3 x k block over the k
// coordinates on its body's path to Ground (the rest of its Jacobian is zero); the work arrays
// are kept in the object and reused, so one object solves one frame at a time (not from two
// threads at once) and allocates nothing per frame after the first.
#pragma once
#include <string>
#include <vector>

#include <Eigen/Cholesky>

#include "articula/math/Function.h"
#include "articula/math/Types.h"
#include "articula/model/ModelBuilder.h"

namespace articula::run {

struct IkMarkerGoal {
  int marker = 0;  // index in ModelSpec::markers
  Real weight = 1;
};

struct IkCoordinateGoal {
  int q = 0;  // matter q index
  Real weight = 1;
};

struct IkFrameResult {
  int iterations = 0;
  bool converged = false;
  Real cost = 0;                    // the objective above, at the solution
  std::vector<Real> squaredErrors;  // |x_i − m_i|² per marker goal; 0 where not seen (OpenSim's)
  Real totalSquaredError = 0;       // Σ squaredErrors
  Real rmsError = 0;                // sqrt(total / number of marker goals), OpenSim's marker_error_RMS
  Real maxError = 0;
  int worstMarker = -1;  // index in the marker goals, -1 when none seen
};

class InverseKinematics {
 public:
  // Throws RunError(BadInput) for a model whose coordinates are not its q (quaternions) or with
  // constraints other than prescribed_motion and linear coordinate_coupler.
  InverseKinematics(const model::ModelSpec& model, const model::BuiltModel& built, std::vector<IkMarkerGoal> markers,
                    std::vector<IkCoordinateGoal> coordinates, Real accuracy);

  // Poses `state` (starting from its q, at its time) for one frame: `measured` per marker goal
  // (metres, NaN where not seen), `targets` per coordinate goal. The state is left realized
  // through Stage::Position.
  IkFrameResult solve(State& state, const std::vector<Vec3>& measured, const std::vector<Real>& targets,
                      int maxIterations = 50) const;

  // The marker goals' positions in ground and ∂x/∂q (3 per marker x nq) at a state realized
  // through Stage::Position.
  void markerKinematics(const State& state, std::vector<Vec3>& x, Matrix& dxdq) const;

  int freeCount() const { return static_cast<int>(A_.cols()); }

 private:
  struct Feed {  // a path column of a marker's q-space Jacobian feeds a column of its p-space block
    int pathColumn = 0, blockColumn = 0;
    Real a = 1;  // A(q, p)
  };
  struct Marker {
    int mobod = 0;
    Vec3 location = Vec3::Zero();
    Real weight = 1;
    std::vector<int> pathQ;  // q of each column of calcStationJacobianOnPath (nq = nu per body)
    std::vector<int> p;      // the free coordinates the marker depends on (its block's columns)
    std::vector<Feed> feeds;
  };
  struct CoordinateRow {  // row q of A: the free coordinates a coordinate goal's q depends on
    std::vector<std::pair<int, Real>> entries;
  };
  struct Scratch {  // work arrays, sized once
    std::vector<Vec3> x;
    std::vector<Matrix> dxdq, dxdp;  // per marker: 3 x path columns; 3 x block columns
    std::vector<SmallMatrix> nInv;   // per body: N⁻¹'s diagonal block, when not the identity
    std::vector<char> nIdentity;     // per body
    Matrix H, Hd;
    Vector g, p, pTrial, step;
    Eigen::LLT<Matrix> llt;
    Eigen::LDLT<Matrix> ldlt;
  };
  struct Held {  // q = f(t): a prescribed_motion constraint
    int q = 0;
    FunctionPtr f;
  };
  void setQ(State& state, const Vector& p) const;
  void planSparsity();
  void markerBlocks(const State& state) const;  // scratch_.dxdq and dxdp
  Real objective(const State& state, const std::vector<Vec3>& measured, const std::vector<Real>& targets, Real W) const;
  void normalEquations(const State& state, const std::vector<Vec3>& measured, const std::vector<Real>& targets,
                       Real W) const;
  void solveDamped(Real mu) const;  // scratch_.step from H, g

  const model::BuiltModel* built_;
  std::vector<Marker> markers_;
  std::vector<IkCoordinateGoal> coordinates_;
  std::vector<Held> held_;
  std::vector<int> freeQ_;                     // the q index of each free coordinate
  std::vector<CoordinateRow> coordinateRows_;  // per coordinate goal
  Matrix A_;                                   // q = A p + b: p the free coordinates
  Vector b_;
  Real accuracy_;
  mutable Scratch scratch_;
};

}  // namespace articula::run
