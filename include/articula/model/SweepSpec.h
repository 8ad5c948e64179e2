// A parameter sweep file ("format": "articula-sweep", docs/sweeps.md): one model, parameters that
// edit its document (RFC 6901 JSON pointers) or scale it (height, mass), a design that gives every
// case its values, and the outputs each case reports. Everything is checked when the file is read,
// before any case runs: each problem is a ModelError naming the sweep file, the JSON pointer in it,
// the value and the problem. The cases are the same on every machine: the random designs draw from
// their own generator (splitmix64 seeding xoshiro256**), not from std:: distributions.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <variant>
#include <vector>

#include "articula/math/Types.h"

namespace articula::model {

enum class SweepDesign { Grid, Random, LatinHypercube, Table };
enum class SweepDistribution { Uniform, Normal, LogUniform, LogNormal };
enum class SweepTarget { Pointer, ScaleHeight, ScaleMass };  // what a parameter changes
enum class SweepOutputKind { Summary, FinalQ, FinalU, ContactBody };
// A body's contact figure (summary.json's contact.bodies entries, but addressed by the body's name).
enum class ContactFigure { PeakForce, PeakForceTime, FirstContact, ImpactSpeed };
enum class KeepTrajectories { None, All, Listed };

// A parameter's value in one case: a number, or a string (grid values and tables only).
using SweepValue = std::variant<Real, std::string>;

struct SweepParameter {
  std::string name;
  SweepTarget target = SweepTarget::Pointer;
  std::string pointer;  // into the model document (SweepTarget::Pointer)
  std::string at;       // where the parameter is in the sweep file, e.g. /parameters/2
  // Random and Latin hypercube designs.
  SweepDistribution distribution = SweepDistribution::Uniform;
  Real mean = 0, sd = 1;  // normal; log_normal: of the log
  bool hasMin = false, hasMax = false;
  Real min = 0, max = 0;  // uniform, log_uniform: the range; normal, log_normal: optional truncation
  // Grid design: the values, in order (given, or `count` from min to max).
  std::vector<SweepValue> values;
};

struct SweepOutput {
  std::string name;
  SweepOutputKind kind = SweepOutputKind::Summary;
  std::string target;  // the summary's JSON pointer, the coordinate "joint.coord", or the body
  ContactFigure figure = ContactFigure::PeakForce;  // SweepOutputKind::ContactBody
};

struct SweepSpec {
  std::string file;             // the sweep file as given
  std::string modelFile;        // resolved against the sweep file's folder
  nlohmann::json baseDocument;  // the model's Articula (or OpenMBD) JSON document
  SweepDesign design = SweepDesign::Grid;
  int64_t samples = 0;  // random, latin_hypercube
  uint64_t seed = 0;
  std::vector<SweepParameter> parameters;
  std::vector<std::vector<SweepValue>> tableRows;  // table: per row, per parameter (parameter order)
  std::vector<SweepOutput> outputs;
  KeepTrajectories keep = KeepTrajectories::None;
  std::vector<int64_t> keepCases;  // KeepTrajectories::Listed, sorted

  int64_t numCases() const;
  bool keepsTrajectory(int64_t caseId) const;
};

struct SweepCase {
  int64_t id = 0;                  // 0..N-1 in design order
  std::vector<SweepValue> values;  // per parameter
};

constexpr int64_t kMaxSweepCases = 1000000;

// Throws ModelError (see above); InputFileError-like problems with the sweep or model file are
// ModelErrors naming the file too.
SweepSpec readSweepFile(const std::string& file);
// The same from text held in memory; `file` names it in errors and resolves the model path.
SweepSpec parseSweepText(const std::string& text, const std::string& file);

// Every case, ids 0..N-1. Grid: full factorial, the first parameter varying slowest.
std::vector<SweepCase> sweepCases(const SweepSpec& spec);
// The base document with the case's pointer edits (scale parameters are applied to the model later).
nlohmann::json caseDocument(const SweepSpec& spec, const SweepCase& sweepCase);

// The inverse of the standard normal CDF, p in (0, 1) (Acklam's rational approximation with one
// Halley step: about 1e-15 relative). Exposed for the tests.
Real normalQuantile(Real p);

}  // namespace articula::model
