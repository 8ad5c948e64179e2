#include "sim_cases.h"

#include <cstdio>
#include <sstream>
#include <stdexcept>

namespace articula::bench {

// The issue-3 cases: a triple pendulum over 10 s at 1e-6 with Merson in both engines; the stiff
// chain over 10 s at 1e-4 with BDF (CVODE vs CPodes), and the same chain for 2 s with Merson to
// show what stiffness costs an explicit method (10 s would take Simbody about a minute).
std::vector<SimCase> allSimCases() {
  std::vector<SimCase> cases;
  const ModelSpec pendulum = triplePendulum();
  cases.push_back({"triple_pendulum_merson", pendulum, {randomState(pendulum, 3), Method::Merson, 1e-6, 10}});
  const ModelSpec stiff = stiffChain();
  cases.push_back({"stiff_chain_bdf", stiff, {randomState(stiff, 3), Method::BDF, 1e-4, 10}});
  cases.push_back({"stiff_chain_merson", stiff, {randomState(stiff, 3), Method::Merson, 1e-4, 2}});
  return cases;
}

const SimCase& simCaseByName(const std::string& name) {
  static const std::vector<SimCase> cases = allSimCases();
  for (const SimCase& c : cases)
    if (c.name == name) return c;
  throw std::invalid_argument("unknown simulation case '" + name + "'");
}

std::optional<SimulationResult> simulateSimbodyOutOfProcess(const std::string& runner, const std::string& caseName) {
  const std::string command = runner + " " + caseName;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return std::nullopt;
  std::string line;
  char buf[4096];
  while (std::fgets(buf, sizeof buf, pipe)) line += buf;
  if (pclose(pipe) != 0) return std::nullopt;
  std::istringstream in(line);
  SimulationResult r;
  if (!(in >> r.steps >> r.evaluations >> r.seconds)) return std::nullopt;
  for (double q; in >> q;) r.q.push_back(q);
  return r;
}

}  // namespace articula::bench
