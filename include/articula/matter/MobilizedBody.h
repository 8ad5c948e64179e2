// MobilizedBody: a handle to one body of the tree and its inboard mobilizer. The nested types
// create a body with a given mobilizer type, e.g.
//   MobilizedBody::Pin knee(thigh, X_PF, Body(massProps), X_BM);
// Axes follow Simbody: Pin rotates about the common z axis, Slider translates along x.
#pragma once
#include "articula/math/Function.h"
#include "articula/matter/MatterSubsystem.h"
#include "articula/matter/mobilizers.h"

namespace articula {

class MobilizedBody {
 public:
  MobilizedBody() = default;
  MobilizedBody(MatterSubsystem& matter, int index) : matter_(&matter), index_(index) {}
  static MobilizedBody Ground(MatterSubsystem& matter) { return MobilizedBody(matter, 0); }

  int getIndex() const { return index_; }
  MatterSubsystem& updMatter() const { return *matter_; }
  const MatterSubsystem& getMatter() const { return *matter_; }
  const MobilizedBodyInfo& getInfo() const { return matter_->getInfo(index_); }
  MobilizedBody getParent() const { return MobilizedBody(*matter_, getInfo().parent); }
  int getNumQ() const { return getInfo().nq; }
  int getNumU() const { return getInfo().nu; }

  // Construction-time default coordinates (used by the default State).
  MobilizedBody& setDefaultQ(const SmallVector& q) {
    matter_->setDefaultQ(index_, q);
    return *this;
  }

  // Coordinates and speeds of this mobilizer in a State.
  Eigen::Map<const Vector> getQ(const State& s) const;
  Eigen::Map<const Vector> getU(const State& s) const;
  Eigen::Map<const Vector> getUDot(const State& s) const;
  Real getOneQ(const State& s, int i) const { return getQ(s)[i]; }
  Real getOneU(const State& s, int i) const { return getU(s)[i]; }
  void setQ(State& s, const SmallVector& q) const;
  void setU(State& s, const SmallVector& u) const;
  void setOneQ(State& s, int i, Real value) const;
  void setOneU(State& s, int i, Real value) const;
  void lock(State& s) const { matter_->lockAtCurrent(s, index_); }
  void lockAt(State& s, const SmallVector& q) const { matter_->lock(s, index_, q); }
  void unlock(State& s) const { matter_->unlock(s, index_); }

  // Kinematics.
  const Transform& getBodyTransform(const State& s) const { return matter_->getBodyTransform(s, index_); }
  const SpatialVec& getBodyVelocity(const State& s) const { return matter_->getBodyVelocity(s, index_); }
  const SpatialVec& getBodyAcceleration(const State& s) const { return matter_->getBodyAcceleration(s, index_); }
  const Transform& getMobilizerTransform(const State& s) const { return matter_->getMobilizerTransform(s, index_); }
  const SpatialVec& getMobilizerVelocity(const State& s) const { return matter_->getMobilizerVelocity(s, index_); }
  Vec3 findStationLocationInGround(const State& s, const Vec3& p_BS) const {
    return matter_->findStationLocationInGround(s, index_, p_BS);
  }
  Vec3 findStationVelocityInGround(const State& s, const Vec3& p_BS) const {
    return matter_->findStationVelocityInGround(s, index_, p_BS);
  }
  Vec3 findStationAccelerationInGround(const State& s, const Vec3& p_BS) const {
    return matter_->findStationAccelerationInGround(s, index_, p_BS);
  }

  class Weld;
  class Pin;
  class Slider;
  class Screw;
  class Universal;
  class Cylinder;
  class BendStretch;
  class Planar;
  class Gimbal;
  class Ball;
  class SphericalCoords;
  class Ellipsoid;
  class Translation;
  class Free;
  class LineOrientation;
  class FreeLine;
  class Bushing;
  class FunctionBased;
  class Custom;

 protected:
  MobilizedBody(const MobilizedBody& parent, const Transform& X_PF, const Body& body, const Transform& X_BM,
                std::unique_ptr<Mobilizer> mobilizer, Direction direction, std::string name);

 private:
  MatterSubsystem* matter_ = nullptr;
  int index_ = -1;
};

// Each nested type: (parent, X_PF, body, X_BM [, type options], direction, name).
#define ARTICULA_SIMPLE_MOBOD(Type, factory)                                                          \
  class MobilizedBody::Type : public MobilizedBody {                                                  \
   public:                                                                                            \
    Type(const MobilizedBody& parent, const Transform& X_PF, const Body& body, const Transform& X_BM, \
         Direction direction = Direction::Forward, std::string name = "")                             \
        : MobilizedBody(parent, X_PF, body, X_BM, factory, direction, std::move(name)) {}             \
    Type(const MobilizedBody& parent, const Body& body, std::string name = "")                        \
        : Type(parent, Transform(), body, Transform(), Direction::Forward, std::move(name)) {}        \
  }

ARTICULA_SIMPLE_MOBOD(Weld, mobilizers::weld());
ARTICULA_SIMPLE_MOBOD(Pin, mobilizers::pin());
ARTICULA_SIMPLE_MOBOD(Slider, mobilizers::slider());
ARTICULA_SIMPLE_MOBOD(Universal, mobilizers::universal());
ARTICULA_SIMPLE_MOBOD(Cylinder, mobilizers::cylinder());
ARTICULA_SIMPLE_MOBOD(BendStretch, mobilizers::bendStretch());
ARTICULA_SIMPLE_MOBOD(Planar, mobilizers::planar());
ARTICULA_SIMPLE_MOBOD(Gimbal, mobilizers::gimbal());
ARTICULA_SIMPLE_MOBOD(SphericalCoords, mobilizers::sphericalCoords());
ARTICULA_SIMPLE_MOBOD(Translation, mobilizers::translation());
ARTICULA_SIMPLE_MOBOD(LineOrientation, mobilizers::lineOrientation());
ARTICULA_SIMPLE_MOBOD(FreeLine, mobilizers::freeLine());
ARTICULA_SIMPLE_MOBOD(Bushing, mobilizers::bushing());
#undef ARTICULA_SIMPLE_MOBOD

class MobilizedBody::Ball : public MobilizedBody {
 public:
  Ball(const MobilizedBody& parent, const Transform& X_PF, const Body& body, const Transform& X_BM,
       RotationCoordinates coords = RotationCoordinates::Quaternion, Direction direction = Direction::Forward,
       std::string name = "")
      : MobilizedBody(parent, X_PF, body, X_BM, mobilizers::ball(coords), direction, std::move(name)) {}
};

class MobilizedBody::Free : public MobilizedBody {
 public:
  Free(const MobilizedBody& parent, const Transform& X_PF, const Body& body, const Transform& X_BM,
       RotationCoordinates coords = RotationCoordinates::Quaternion, Direction direction = Direction::Forward,
       std::string name = "")
      : MobilizedBody(parent, X_PF, body, X_BM, mobilizers::free(coords), direction, std::move(name)) {}
  Free(const MobilizedBody& parent, const Body& body, std::string name = "")
      : Free(parent, Transform(), body, Transform(), RotationCoordinates::Quaternion, Direction::Forward,
             std::move(name)) {}
};

class MobilizedBody::Screw : public MobilizedBody {
 public:
  Screw(const MobilizedBody& parent, const Transform& X_PF, const Body& body, const Transform& X_BM, Real pitch,
        Direction direction = Direction::Forward, std::string name = "")
      : MobilizedBody(parent, X_PF, body, X_BM, mobilizers::screw(pitch), direction, std::move(name)) {}
};

class MobilizedBody::Ellipsoid : public MobilizedBody {
 public:
  Ellipsoid(const MobilizedBody& parent, const Transform& X_PF, const Body& body, const Transform& X_BM,
            const Vec3& semiAxes, Direction direction = Direction::Forward, std::string name = "")
      : MobilizedBody(parent, X_PF, body, X_BM, mobilizers::ellipsoid(semiAxes), direction, std::move(name)) {}
};

class MobilizedBody::FunctionBased : public MobilizedBody {
 public:
  FunctionBased(const MobilizedBody& parent, const Transform& X_PF, const Body& body, const Transform& X_BM,
                mobilizers::SpatialFunctions spec, Direction direction = Direction::Forward, std::string name = "")
      : MobilizedBody(parent, X_PF, body, X_BM, mobilizers::functionBased(std::move(spec)), direction,
                      std::move(name)) {}
};

// Custom: the user implements the Mobilizer interface (X_FM(q), H_FM, HDot_FM, optionally N).
class MobilizedBody::Custom : public MobilizedBody {
 public:
  Custom(const MobilizedBody& parent, const Transform& X_PF, const Body& body, const Transform& X_BM,
         std::unique_ptr<Mobilizer> implementation, Direction direction = Direction::Forward, std::string name = "")
      : MobilizedBody(parent, X_PF, body, X_BM, std::move(implementation), direction, std::move(name)) {}
};

}  // namespace articula
