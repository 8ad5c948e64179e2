// StageError: a result was asked of a State not realized to the stage it needs
// (State::requireStage, a stale cache entry). The caller must realize first.
#pragma once
#include "articula/Error.h"

namespace articula {

class StageError : public Error {
 public:
  using Error::Error;
};

}  // namespace articula
