// OpenSim storage files of a run (StoWriter.h).
#include "articula/run/StoWriter.h"

#include <algorithm>

namespace articula::run {

namespace {

bool angular(const std::string& unit) { return unit == "Nm" || unit == "deg" || unit == "rad"; }

}  // namespace

std::string StoWriter::label(const std::string& name, model::ColumnGroup group) {
  const size_t bracket = name.rfind('[');
  const std::string unit = bracket == std::string::npos ? "" : name.substr(bracket + 1, name.size() - bracket - 2);
  std::string base = name.substr(0, bracket);
  const size_t dot = base.rfind('.');
  const std::string quantity = dot == std::string::npos ? "" : base.substr(dot + 1);
  base = base.substr(0, dot);  // "<joint>.<coordinate>"
  if (group != model::ColumnGroup::GeneralizedForces) return base;
  const std::string kind = angular(unit) ? "_moment" : "_force";
  if (quantity == "tau_applied") return base + kind;
  return base + kind + "_" + quantity.substr(4);  // tau_<class> -> <kind>_<class>
}

StoWriter::StoWriter(OutputColumns columns, model::ColumnGroup group, std::string title, files::TextOutput& out)
    : columns_(std::move(columns)), out_(out) {
  const auto& spans = columns_.spans();
  const auto it = std::find_if(spans.begin(), spans.end(), [&](const ColumnSpan& s) { return s.group == group; });
  if (it != spans.end()) span_ = *it;
  table_.name = files::storageText(title);  // names come from the model: no tab or line break survives
  table_.inDegrees = columns_.degrees();
  table_.labels = {"time"};
  for (size_t k = span_.begin; k < span_.end; ++k)
    table_.labels.push_back(files::storageText(label(columns_.names()[k], group)));
}

void StoWriter::add(const Frame& f) {
  columns_.values(f, row_);
  stoRow_.assign(1, row_[0]);
  stoRow_.insert(stoRow_.end(), row_.begin() + static_cast<std::ptrdiff_t>(span_.begin),
                 row_.begin() + static_cast<std::ptrdiff_t>(span_.end));
  table_.addRow(stoRow_);
}

void StoWriter::finish() {
  files::writeStorage(table_, out_, columns_.digits());
  table_.values.clear();
}

}  // namespace articula::run
