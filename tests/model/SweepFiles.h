// Shared by the sweep-file tests (SweepSpec_test.cpp, SweepDesigns_test.cpp): a sweep document
// over the double pendulum and its parse under a fixed file name.
#pragma once
#include <string>

#include "articula/model/SweepSpec.h"
#include "support/IoTestSupport.h"

namespace articula::model::sweeptest {

inline const std::string kFile = "/sweeps/test.json";  // names the sweep in errors

// A sweep over the double pendulum with the given design and parameters.
inline nlohmann::json sweep(nlohmann::json design, nlohmann::json parameters,
                            nlohmann::json outputs = nlohmann::json::array()) {
  return {{"format", "articula-sweep"},
          {"version", 1},
          {"model", iotest::sourcePath("models/double_pendulum.json")},
          {"design", std::move(design)},
          {"parameters", std::move(parameters)},
          {"outputs", std::move(outputs)}};
}

inline SweepSpec parse(const nlohmann::json& j) { return parseSweepText(j.dump(), kFile); }

inline nlohmann::json uniform(const std::string& pointer, Real min, Real max) {
  return {{"pointer", pointer}, {"distribution", "uniform"}, {"min", min}, {"max", max}};
}

}  // namespace articula::model::sweeptest
