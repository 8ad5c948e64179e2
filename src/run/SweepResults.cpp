// results.csv and sweep.json of a sweep (include/articula/run/SweepResults.h).
#include "articula/run/SweepResults.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "articula/files/AtomicFile.h"

namespace articula::run {

namespace {

std::string quoted(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos && (s.empty() || (s.front() != ' ' && s.back() != ' '))) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string readAll(const std::string& file, bool* exists = nullptr) {
  std::ifstream in(file, std::ios::binary);
  if (exists) *exists = bool(in);
  if (!in) return "";
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The complete records of a CSV text (each with its '\n'; a quoted field may hold line breaks);
// `complete` gets the length they cover (the rest is a torn record).
std::vector<std::string_view> records(const std::string& text, size_t* complete = nullptr) {
  std::vector<std::string_view> out;
  bool quote = false;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '"') quote = !quote;
    else if (text[i] == '\n' && !quote) {
      out.emplace_back(text.data() + start, i + 1 - start);
      start = i + 1;
    }
  }
  if (complete) *complete = start;
  return out;
}

// The case id of a row; -1 when the record is not one.
int64_t caseOf(std::string_view record) {
  int64_t id = 0;
  size_t i = 0;
  for (; i < record.size() && record[i] >= '0' && record[i] <= '9' && i < 15; ++i) id = id * 10 + (record[i] - '0');
  return i > 0 && i < record.size() && record[i] == ',' ? id : -1;
}

std::string_view statusOf(std::string_view record) {
  const size_t a = record.find(',');
  const size_t b = record.find(',', a + 1);
  return a == std::string_view::npos || b == std::string_view::npos ? std::string_view()
                                                                    : record.substr(a + 1, b - a - 1);
}

}  // namespace

std::string csvCell(const model::SweepValue& v) {
  if (const Real* x = std::get_if<Real>(&v)) {
    char b[40];
    std::snprintf(b, sizeof b, "%.17g", *x);
    return b;
  }
  return quoted(std::get<std::string>(v));
}

std::string sweepHeader(const model::SweepSpec& spec) {
  std::string h = "case,status";
  for (const model::SweepParameter& p : spec.parameters) h.append(1, ',').append(quoted(p.name));
  for (const model::SweepOutput& o : spec.outputs) h.append(1, ',').append(quoted(o.name));
  return h + ",reason\n";
}

std::string sweepRowText(const SweepRow& row) {
  std::string line = std::to_string(row.id) + (row.status == SweepStatus::Ok ? ",ok" : ",failed");
  for (const model::SweepValue& v : row.parameters) line.append(1, ',').append(csvCell(v));
  for (const model::SweepValue& v : row.outputs) line.append(1, ',').append(csvCell(v));
  return line.append(1, ',').append(quoted(row.reason)).append(1, '\n');
}

std::set<int64_t> readFinished(const std::string& file, const model::SweepSpec& spec) {
  const std::string text = readAll(file);
  const auto rows = records(text);
  std::set<int64_t> done;
  if (rows.empty()) return done;
  if (rows[0] != sweepHeader(spec))
    throw Error(file + ": results.csv belongs to a different sweep (its header is not this sweep's: " +
                std::string(rows[0].substr(0, rows[0].size() - 1)) + ")");
  for (size_t i = 1; i < rows.size(); ++i) {
    const int64_t id = caseOf(rows[i]);
    if (id < 0) throw Error(file + ": record " + std::to_string(i + 1) + " is not a row of the sweep");
    done.insert(id);
  }
  return done;
}

void dropTornRecord(const std::string& file) {
  bool exists = false;
  const std::string text = readAll(file, &exists);
  size_t complete = 0;
  records(text, &complete);
  if (!exists || complete == text.size()) return;
  std::error_code ec;
  std::filesystem::resize_file(file, complete, ec);
  if (ec) throw files::OutputError(file + ": cannot cut off the torn last row: " + ec.message());
}

void finalizeResults(const std::string& file) {
  const std::string text = readAll(file);
  const auto rows = records(text);
  if (rows.empty()) return;
  std::map<int64_t, std::string_view> byCase;
  for (size_t i = 1; i < rows.size(); ++i) byCase.emplace(caseOf(rows[i]), rows[i]);  // the first of an id wins
  std::string out(rows[0]);
  for (const auto& [id, row] : byCase)
    if (id >= 0) out += row;
  files::writeFileAtomically(file, out);
}

SweepTotals countResults(const std::string& file) {
  const std::string text = readAll(file);
  const auto rows = records(text);
  SweepTotals t;
  for (size_t i = 1; i < rows.size(); ++i) {
    ++t.cases;
    (statusOf(rows[i]) == "ok" ? t.ok : t.failed)++;
  }
  return t;
}

void writeSweepTotals(const std::string& file, const SweepTotals& t) {
  const nlohmann::json j = {
      {"cases", t.cases},
      {"ok", t.ok},
      {"failed", t.failed},
      {"run_now", t.ranNow},
      {"wall_seconds", t.wallSeconds},
      {"cases_per_second", t.wallSeconds > 0 ? nlohmann::json(t.ranNow / t.wallSeconds) : nlohmann::json(nullptr)},
      {"jobs", t.jobs}};
  files::writeFileAtomically(file, j.dump(2) + "\n");
}

}  // namespace articula::run
