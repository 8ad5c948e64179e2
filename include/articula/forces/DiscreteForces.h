// Body and mobility forces held in a discrete State variable: user code and event handlers set
// them between steps, and they stay constant until changed. Writing them invalidates Dynamics
// (and later stages) only, so positions and velocities need not be recomputed. Each State has its
// own values; copies of a State carry them. All zero initially. Not conservative: the power
// F . V + f . u is all non-conservative (external work).
#pragma once
#include <vector>

#include "articula/forces/GeneralForceSubsystem.h"

namespace articula {

class DiscreteForces : public ForceElement {
 public:
  explicit DiscreteForces(std::string name = "discrete forces");

  // The setters write the State and are const on the element (which is frozen with its System).
  // Body forces: [moment about Bo; force], in Ground. Sizes and indices are checked.
  void setAllBodyForces(State& state, const std::vector<SpatialVec>& bodyForces_G) const;
  void setOneBodyForce(State& state, const MobilizedBody& body, const SpatialVec& F_G) const;
  void setOneBodyForce(State& state, int body, const SpatialVec& F_G) const;
  // Adds f_G applied at station p_BS (in B); needs the State's Position stage for the moment arm.
  void addForceToBodyPoint(State& state, const MobilizedBody& body, const Vec3& p_BS, const Vec3& f_G) const;
  void addForceToBodyPoint(State& state, int body, const Vec3& p_BS, const Vec3& f_G) const;
  void addTorqueToBody(State& state, int body, const Vec3& torque_G) const;
  void setAllMobilityForces(State& state, const Vector& mobilityForces) const;
  void setOneMobilityForce(State& state, const MobilizedBody& body, int whichU, Real f) const;
  void setOneMobilityForce(State& state, int body, int whichU, Real f) const;
  void clearAllForces(State& state) const;

  const std::vector<SpatialVec>& getAllBodyForces(const State& state) const;
  const Vector& getAllMobilityForces(const State& state) const;

  void finalize(const MatterSubsystem& matter) override;
  void allocateState(State& state, int subsystem) override;
  void calcForce(const State& state, const MatterSubsystem& matter, std::vector<SpatialVec>& bodyForces_G,
                 Vector& mobilityForces) const override;
  Real calcPower(const State& state, const MatterSubsystem& matter) const override;

  struct Values {
    std::vector<SpatialVec> body;  // per body
    Vector mobility;               // per u
  };

 private:
  const Values& values(const State& state) const;
  Values& updValues(State& state) const;  // invalidates Dynamics
  void checkBody(int body) const;
  const MatterSubsystem* matter_ = nullptr;  // set by finalize()
  int index_ = -1;                           // the discrete variable, set by allocateState()
};

}  // namespace articula
