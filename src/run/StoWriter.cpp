// OpenSim storage files of a run (StoWriter.h).
#include "articula/run/StoWriter.h"

#include <algorithm>

#include "CsvNumbers.h"

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
    : columns_(std::move(columns)), title_(std::move(title)), out_(out) {
  const auto& spans = columns_.spans();
  const auto it = std::find_if(spans.begin(), spans.end(), [&](const ColumnSpan& s) { return s.group == group; });
  if (it != spans.end()) span_ = *it;
  rows_ = "time";
  for (size_t k = span_.begin; k < span_.end; ++k) rows_ += '\t' + label(columns_.names()[k], group);
  rows_ += '\n';
}

void StoWriter::add(const Frame& f) {
  columns_.values(f, row_);
  char b[32];
  rows_.append(b, formatNumber(b, row_[0], columns_.digits()));
  for (size_t k = span_.begin; k < span_.end; ++k) {
    rows_ += '\t';
    rows_.append(b, formatNumber(b, row_[k], columns_.digits()));
  }
  rows_ += '\n';
  ++count_;
}

void StoWriter::finish() {
  const bool degrees = columns_.degrees();
  out_.append(title_ + "\nversion=1\nnRows=" + std::to_string(count_) +
              "\nnColumns=" + std::to_string(span_.end - span_.begin + 1) + "\ninDegrees=" + (degrees ? "yes" : "no") +
              "\nendheader\n");
  out_.append(rows_);
  rows_.clear();
}

}  // namespace articula::run
