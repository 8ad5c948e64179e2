// The time-stepping cases of articula_compare, shared with the out-of-process Simbody runner.
#pragma once
#include <string>
#include <vector>

#include "engine.h"

namespace articula::bench {

struct SimCase {
  std::string name;
  ModelSpec spec;
  SimulationRequest request;
};

std::vector<SimCase> allSimCases();
const SimCase& simCaseByName(const std::string& name);  // throws std::invalid_argument if unknown

// Simbody's CPodes is a modified SUNDIALS whose N_Vector functions share their names with the
// SUNDIALS 6 that Articula links: in one process the loader binds CPodes to SUNDIALS 6's
// N_VSpace and CPodes aborts in its first call. So Simbody's BDF runs in a separate program that
// does not link Articula: articula_compare_simbody (next to articula_compare), which prints
//   steps evaluations seconds q0 q1 ...
// on one line. This runs it and parses that line; nullopt if it is missing or fails.
std::optional<SimulationResult> simulateSimbodyOutOfProcess(const std::string& runner, const std::string& caseName);

}  // namespace articula::bench
