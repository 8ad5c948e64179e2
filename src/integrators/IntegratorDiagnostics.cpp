// Failure diagnostics for integrators: turn an index into y = [q u z] into the name of the part
// it belongs to, list non-finite values, and ask the System what produced them (DESIGN.md §3:
// errors name the object, the field and the value).
#include <algorithm>
#include <cmath>
#include <sstream>
#include <vector>

#include "articula/integrators/Integrator.h"

namespace articula {

namespace {

// Which subsystem owns entry i of a block (q, u or z) given each subsystem's start in it.
int owner(const State& s, int i, int (State::*start)(int) const) {
  int found = 0;
  for (int k = 0; k < s.getNumSubsystems(); ++k)
    if ((s.*start)(k) <= i) found = k;
  return found;
}

}  // namespace

std::string Integrator::describeVariable(int i, const State* layout) const {
  const State& s = layout ? *layout : advanced_;
  const int nq = s.getNQ(), nu = s.getNU();
  const char* kind = i < nq ? "q" : i < nq + nu ? "u" : "z";
  const int local = i < nq ? i : i < nq + nu ? i - nq : i - nq - nu;
  std::string text = std::string(kind) + "[" + std::to_string(local) + "]";
  const VariablePart part = system_.describeVariablePart(s, i);
  if (!part.name.empty()) return text + " (" + part.name + ", " + kind + " " + std::to_string(part.index) + ")";
  const int ss = kind[0] == 'q'   ? owner(s, local, &State::getQStart)
                 : kind[0] == 'u' ? owner(s, local, &State::getUStart)
                                  : owner(s, local, &State::getZStart);
  return text + " (subsystem '" + system_.getSubsystem(ss).getName() + "')";
}

std::string Integrator::describeNonFinite(const State& s, const Vector& y, const Vector& ydot) const {
  std::string text;
  int listed = 0;
  auto scan = [&](const Vector& v, const char* suffix) {
    for (int i = 0; i < v.size() && listed < 4; ++i)
      if (!std::isfinite(v[i])) {
        const std::string name = describeVariable(i, &s);
        const auto bracket = name.find('[');
        text += (text.empty() ? "" : "; ") + name.substr(0, bracket) + suffix + name.substr(bracket) + " = " +
                formatValue(v[i]);
        ++listed;
      }
  };
  scan(y, "");
  if (ydot.size() == y.size()) scan(ydot, "dot");
  const std::string sources = system_.describeNonFiniteSources(s);
  if (!sources.empty()) text += (text.empty() ? "" : "; ") + sources;
  return (text.empty() ? "no non-finite entry found" : text) + " at t = " + formatValue(s.getTime()) + " s";
}

std::string Integrator::describeLargestErrors(const Vector& yErr) const {
  // Rank by the unit weights (q errors count as they are: radians or metres).
  std::vector<std::pair<Real, int>> ranked;
  for (int i = 0; i < yErr.size(); ++i) {
    Real w = 1;
    if (i >= nq_ && i < nq_ + nu_) w = uWeights_[i - nq_];
    if (i >= nq_ + nu_) w = zWeights_[i - nq_ - nu_];
    ranked.emplace_back(std::abs(yErr[i]) * w, i);
  }
  const size_t n = std::min<size_t>(3, ranked.size());
  std::partial_sort(ranked.begin(), ranked.begin() + n, ranked.end(), std::greater<>());
  std::string text;
  for (size_t k = 0; k < n; ++k)
    text += (k ? ", " : "") + describeVariable(ranked[k].second) + " error " + formatValue(yErr[ranked[k].second]);
  return text;
}

}  // namespace articula
