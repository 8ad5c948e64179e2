// PenaltyContactLaw: OpenMBD's tabulated force–penetration law (PenaltyCurveMaterial.h) for every
// pair with a PenaltyMaterial surface — two penalty surfaces in series, an elastic partner taken
// as rigid. The reached maximum penetration z of each such pair is an auxiliary state variable:
// ż = ẋ while loading past it (x >= z, ẋ > 0), 0 while unloading or reloading below it, and −v_r
// (the recovery speed) once apart until z = 0. As a continuous state it is integrated,
// error-controlled, interpolated and copied with the rest of y, so dense output, event isolation
// and reporters all see consistent hysteresis. Every penalty pair on two bodies has its z, a mesh
// partner's too (the elastic foundation then refuses the pair when it touches).
#pragma once
#include "articula/contact/ContactForceLaw.h"
#include "articula/contact/PointContact.h"

namespace articula {

class PenaltyContactLaw final : public ContactForceLaw {
 public:
  struct Contact : PointContact {
    int model = -1, slot = -1;  // the pair's PenaltyContactModel and its z
    Real reachedMax = 0;        // z of the pair
  };

  ContactModel getModel() const override { return ContactModel::Penalty; }
  bool takesPair(const ContactSetup& setup, int a, int b) const override;  // either surface penalty
  void realizeTopology(State& state, const ContactSetup& setup) override;
  void clearContacts(const State& s) const override { contacts(s).clear(); }
  PreparedContact preparePoint(const State& s, const ContactPoint& cp) const override;
  bool applyForce(const State& s, const ContactGeometry& detection, int index, ContactRecord& rec,
                  std::vector<SpatialVec>& F) const override;
  bool contributesJacobian() const override { return true; }
  bool linearizeWrench(const State& s, int index, const TreeForceLinearization& tree, SpatialVec& W_B,
                       WrenchSlopes& slopes) const override;
  void realizeAcceleration(State& s) const override;  // ż per pair

  int getNumPairs() const { return numSlots_; }  // = the number of z
  // The z of surfaces a, b in `state` (clamped at 0), 0 if not a penalty pair.
  Real getReachedMax(const State& state, int a, int b) const;
  bool hasPair(int a, int b) const { return slotOf(a, b) >= 0; }
  void setReachedMax(State& state, int a, int b, Real depth) const;  // a penalty pair's
  const std::vector<Contact>& getContacts(const State& s) const { return contacts(s); }

 private:
  struct Scratch {
    std::vector<Contact> contacts;
    std::vector<Real> slotDepth;  // per pair: the deepest contact's depth (realizeAcceleration)
  };
  std::vector<Contact>& contacts(const State& s) const { return s.updCacheEntry<Scratch>(cacheIndex_).contacts; }
  int slotOf(int a, int b) const;
  int zStart(const State& s) const { return s.getZStart(subsystem_) + zStart_; }

  const MatterSubsystem* matter_ = nullptr;
  const ContactGeometry* geometry_ = nullptr;
  const std::vector<ContactSurface>* surfaces_ = nullptr;
  Real recoverySpeed_ = 0;
  int numSurfaces_ = 0;
  std::vector<PenaltyContactModel> models_;
  std::vector<int> pairModel_;  // per ordered pair (n x n): model index, -1 for other pairs
  std::vector<int> pairSlot_;   // per ordered pair: its z, -1 for other pairs
  int numSlots_ = 0;
  int subsystem_ = -1, cacheIndex_ = -1, zStart_ = 0;
};

}  // namespace articula
