// A rigid body: mass properties about its own origin Bo, expressed in B.
#pragma once
#include <string>

#include "articula/math/Inertia.h"

namespace articula {

class Body {
 public:
  Body() = default;
  explicit Body(const MassProperties& mp, std::string name = "") : mass_(mp), name_(std::move(name)) {}
  const MassProperties& getMassProperties() const { return mass_; }
  const std::string& getName() const { return name_; }

 private:
  MassProperties mass_;
  std::string name_;
};

}  // namespace articula
