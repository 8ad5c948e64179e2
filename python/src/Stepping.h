// What IntegratorBindings.cpp and StudyBindings.cpp share: the guard that marks an Integrator or a
// TimeStepper as stepping while the GIL is released, so that Python code running meanwhile (an
// event handler, a reporter, another thread) cannot change or step it under the C++ code's feet.
#pragma once
#include <initializer_list>
#include <vector>

#include "Bindings.h"

namespace articula::python {

// Registers the objects as stepping for its lifetime. Construct and destroy with the GIL held (the
// registry is only touched under the GIL); release the GIL inside its scope.
class Stepping {
 public:
  Stepping(std::initializer_list<const void*> objects, const char* who);
  ~Stepping();
  Stepping(const Stepping&) = delete;
  Stepping& operator=(const Stepping&) = delete;

 private:
  std::vector<const void*> objects_;
};

// Throws articula::Error if `object` is stepping: `who` (e.g. "Integrator.accuracy") cannot be
// used until step_to returns.
void requireIdle(const void* object, const char* who);

}  // namespace articula::python
