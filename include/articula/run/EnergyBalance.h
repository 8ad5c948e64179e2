// The run's energy balance judged against the energy that moved, so that a summary cannot pass
// integration error off as dissipation: (KE + PE)_end − W_nc − (KE + PE)_start is integration
// error, and it must stay within 1 % of the energy the run moved about — the swing of the kinetic
// energy plus the non-conservative work (dissipated, or done by actuators and switches). When it
// does not, the summary, the command and the viewer warn and say what to change.
#pragma once
#include <string>

#include "articula/model/ModelSpec.h"
#include "articula/run/SimulationRun.h"

namespace articula::run {

// Largest balance error, as a fraction of the energy moved, that the summary accepts.
constexpr Real kBalanceTolerance = 0.01;

struct EnergyBalance {
  Real error = 0;      // (KE + PE)_end − W_nc − (KE + PE)_start, J
  Real moved = 0;      // (max KE − min KE) + |W_nc|, J, at least 1e-6 × max KE (and 1e-12 J)
  Real relative = 0;   // error / moved
  bool closes = true;  // |relative| ≤ kBalanceTolerance
};

EnergyBalance judgeEnergyBalance(const RunTotals& totals);

// What to change when the balance does not close, as options of `articula run`: CvodeBDF at
// 1e-6 (unless already at least that tight) or a hundredth of the accuracy; a tenth of a fixed step.
std::string balanceAdvice(const model::ScenarioSpec& scenario);

// The warning the summary, the command and the viewer give (empty when the balance closes).
std::string balanceWarning(const EnergyBalance& balance, const model::ScenarioSpec& scenario);

}  // namespace articula::run
