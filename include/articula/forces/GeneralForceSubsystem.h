// GeneralForceSubsystem: a ForceSubsystem holding a list of force elements (gravity, constant
// forces, springs, ...). At Dynamics each enabled element adds its body and mobility forces; the
// potential energy of the subsystem is the sum over enabled elements. Elements are configured
// before System::realizeTopology() and are read-only afterwards; whether an element is enabled is
// per-State (a discrete variable that invalidates Dynamics), as in Simbody's Force::disable().
//
// Energy bookkeeping: every element reports its power P (rate of work on the system) and the part
// of it that its potential energy does not account for, P_nc = P + dPE/dt. Without constraints,
// d(KE + PE)/dt = sum P_nc, so KE + PE - integral(sum P_nc) dt stays constant; an integrator or a
// test integrates P_nc to check it (or to report the energy dissipated).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "articula/matter/ForceJacobian.h"
#include "articula/matter/ForceSubsystem.h"

namespace articula {

class MatterSubsystem;
class MobilizedBody;

class ForceElement {
 public:
  explicit ForceElement(std::string name) : name_(std::move(name)) {}
  virtual ~ForceElement() = default;
  ForceElement(const ForceElement&) = delete;
  ForceElement& operator=(const ForceElement&) = delete;

  const std::string& getName() const { return name_; }
  // Called once while the System realizes Topology: check body and mobility indices against the
  // matter and size any lookup tables, so that calcForce never allocates.
  virtual void finalize(const MatterSubsystem& /*matter*/) {}
  // Adds this element's forces: bodyForces_G[b] is [moment about Bo; force], in Ground, and
  // mobilityForces[i] is the generalized force along the matter's u[i]. Needs Position (and
  // Velocity for velocity-dependent elements).
  virtual void calcForce(const State& state, const MatterSubsystem& matter, std::vector<SpatialVec>& bodyForces_G,
                         Vector& mobilityForces) const = 0;
  // Potential energy whose negative gradient (mapped by J^T) is this element's generalized force;
  // zero for non-conservative elements.
  virtual Real calcPotentialEnergy(const State& /*state*/, const MatterSubsystem& /*matter*/) const { return 0; }
  // Rate of work (watts) of this element's forces on the system: sum_b F_b . V_GB + f . u (needs
  // Velocity). The default evaluates calcForce into scratch vectors, which allocates; the built-in
  // elements override it with a direct formula that the tests check against this definition.
  virtual Real calcPower(const State& state, const MatterSubsystem& matter) const;
  // P + dPE/dt (watts): the power not stored as this element's potential energy. Zero for conservative
  // elements, <= 0 for passive dissipative ones, the input power of actuators. The default is
  // calcPower(), right for every element whose potential energy is zero.
  virtual Real calcNonConservativePower(const State& state, const MatterSubsystem& matter) const {
    return calcPower(state, matter);
  }
  // Called once after finalize(), while the System realizes Topology: an element that keeps
  // per-State data (DiscreteForces) allocates its discrete variables there, owned by `subsystem`.
  virtual void allocateState(State& /*state*/, int /*subsystem*/) {}
  // Called when the State's initial conditions are final (a model builder calls it after assembly):
  // an element that holds a posture (PdServo without a target, MuscleTone) records the State's q
  // as its reference, in the State. Needs Position.
  virtual void recordReferencePosture(State& /*state*/, const MatterSubsystem& /*matter*/) const {}
  // Linearization for implicit integrators (matter/ForceJacobian.h): D += ∂τ/∂u, K += (∂τ/∂q) N.
  // Default: nothing (the element is treated explicitly). Stiff elements (dampers) override it.
  virtual void addInForceJacobian(const State& /*state*/, const MatterSubsystem& /*matter*/, Matrix& /*D*/,
                                  Matrix& /*K*/) const {}
  // The same linearization in the structured form (ForceJacobian.h); false if it does not fit.
  // An element that overrides addInForceJacobian must override this too: the default (true,
  // nothing added) is right only for elements without a linearization.
  virtual bool addInTreeJacobian(const State& /*state*/, const MatterSubsystem& /*matter*/,
                                 TreeJacobianTerms& /*terms*/) const {
    return true;
  }

 protected:
  // Setters call this: an element is immutable once its System is built.
  void requireNotFrozen(const char* what) const;
  // For finalize(): throws naming this element, `field` and the index unless 0 <= body < nb.
  void checkBodyIndex(const MatterSubsystem& matter, int body, const char* field) const;

 private:
  friend class GeneralForceSubsystem;
  std::string name_;
  bool frozen_ = false;
};

class GeneralForceSubsystem : public ForceSubsystem, public ForceJacobianSource {
 public:
  explicit GeneralForceSubsystem(std::string name = "forces") : ForceSubsystem(std::move(name)) {}

  // Takes ownership and returns the element, e.g. forces.addForce(std::make_unique<Gravity>(g)).
  template <class E>
  E& addForce(std::unique_ptr<E> element) {
    E* raw = element.get();  // not *element: a null element must reach adoptForce's named error
    adoptForce(std::move(element));
    return *raw;
  }
  int getNumForces() const { return static_cast<int>(elements_.size()); }
  const ForceElement& getForce(int i) const;
  int findForceByName(const std::string& name) const;  // -1 if absent

  // Per-State switch; a disabled element contributes neither force nor energy.
  void setForceEnabled(State& state, int i, bool enabled) const;
  bool isForceEnabled(const State& state, int i) const;

  void addInForces(const State& state, std::vector<SpatialVec>& bodyForces_G, Vector& mobilityForces) const override;
  Real calcPotentialEnergy(const State& state) const override;
  // Enabled elements whose forces alone are not finite, or whose calcForce throws (diagnostics).
  std::string findNonFiniteForces(const State& state) const override;
  // Sum over enabled elements of their addInForceJacobian (addInTreeJacobian: false if any is).
  void addInForceJacobian(const State& state, Matrix& D, Matrix& K) const override;
  bool addInTreeJacobian(const State& state, TreeJacobianTerms& terms) const override;
  // Sums over enabled elements of calcPower and calcNonConservativePower (needs Velocity).
  Real calcPower(const State& state) const;
  Real calcNonConservativePower(const State& state) const;

  // Energy bookkeeping through the integrator: before the System is built, ask for one auxiliary
  // state z whose derivative is calcNonConservativePower, so W_nc = integral(P_nc) dt is integrated
  // with the motion at the same accuracy. Then KE + PE - W_nc is constant (to the integrator's
  // accuracy) for any mix of conservative, dissipative and driving elements.
  void setTrackNonConservativeWork(bool track);
  bool isTrackingNonConservativeWork() const { return trackWork_; }
  // The tracked work's unit change is total mass × lengthScale² (in J; see the .cpp).
  void calcZWeights(const State& state, Real lengthScale, Vector& zWeights) const override;
  // W_nc in joules since the State's initial time (z starts at 0); throws unless tracking is on.
  Real getNonConservativeWork(const State& state) const;
  // Resets W_nc to `work` (e.g. 0 at the start of a new run from a copied State).
  void setNonConservativeWork(State& state, Real work) const;

  // Every element's recordReferencePosture (enabled or not): the State's q becomes the posture
  // that posture-holding elements pull towards.
  void recordReferencePosture(State& state) const;

  // A second work integral over chosen elements (a model's actuators): before the System is built,
  // name them by index; one more z then integrates the sum of their calcNonConservativePower while
  // enabled. It is a part of W_nc when that is tracked too, so W_nc - W_metered is the rest's work.
  void setMeteredElements(std::vector<int> elements);
  const std::vector<int>& getMeteredElements() const { return metered_; }
  // J since the State's initial time; 0 when no element is metered.
  Real getMeteredWork(const State& state) const;

  void realizeTopology(State& state) override;
  void realizeDynamics(State& state) const override;

 private:
  void adoptForce(std::unique_ptr<ForceElement> element);
  const MatterSubsystem& matter() const;
  int workIndex(const State& state) const;  // W_nc's position in the system z

  std::vector<std::unique_ptr<ForceElement>> elements_;
  const MatterSubsystem* matter_ = nullptr;  // the MultibodySystem's, at Topology
  int enabledIndex_ = -1;                    // discrete variable: std::vector<char>, one per element
  bool trackWork_ = false;
  int workZ_ = -1;  // index of W_nc within the system z, when tracked
  std::vector<int> metered_;
  int meteredZ_ = -1;  // index of the metered work within the subsystem's z, when some are metered
};

}  // namespace articula
