// Google Benchmarks of the CSV writers' "%.9g" number formatting (src/run/CsvNumbers.h) against
// the ways it has been or could be done: snprintf, std::to_chars with precision 9 (the previous
// writer) and shortest std::to_chars (for scale only: it prints different text). Time is per
// number. Data sets: "state" — magnitudes 1e-8..1e4 of either sign, like a trajectory row;
// "bits" — random bit patterns, mostly outside the fast path's range (the fallback's cost).
#include <benchmark/benchmark.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "run/CsvNumbers.h"

namespace articula::bench {
namespace {

std::vector<double> values(bool bits) {
  std::mt19937_64 rng(42);
  std::uniform_real_distribution<double> lg(-8, 4);
  std::vector<double> v(4096);
  for (double& x : v) {
    if (bits) {
      const std::uint64_t b = rng();
      std::memcpy(&x, &b, sizeof x);
    } else {
      x = std::pow(10.0, lg(rng)) * (rng() & 1 ? -1 : 1);
    }
  }
  return v;
}

template <class Format>
void run(benchmark::State& state, Format format) {
  const std::vector<double> v = values(state.range(0) != 0);
  char b[64];
  std::size_t i = 0, chars = 0;
  for (auto _ : state) {
    chars += static_cast<std::size_t>(format(b, v[i]) - b);
    benchmark::DoNotOptimize(b);
    i = (i + 1) & (v.size() - 1);
  }
  benchmark::DoNotOptimize(chars);
  state.SetLabel(state.range(0) ? "bits" : "state");
}

void Snprintf(benchmark::State& s) {
  run(s, [](char* b, double x) { return b + std::snprintf(b, 64, "%.9g", x); });
}
void ToCharsGeneral9(benchmark::State& s) {
  run(s, [](char* b, double x) { return std::to_chars(b, b + 64, x, std::chars_format::general, 9).ptr; });
}
void ToCharsShortest(benchmark::State& s) {
  run(s, [](char* b, double x) { return std::to_chars(b, b + 64, x).ptr; });
}
void FormatNumber(benchmark::State& s) {
  run(s, [](char* b, double x) { return run::formatNumber(b, x); });
}

// Stride numbers appended per iteration into a row string (reserved, cleared every 64
// iterations), as the writers do; the items are numbers.
template <int Stride, class AppendSome>
void appendRun(benchmark::State& state, AppendSome appendSome) {
  const std::vector<double> v = values(state.range(0) != 0);
  std::string row;
  row.reserve(64 * 20 * Stride);
  std::size_t i = 0, n = 0;
  for (auto _ : state) {
    if ((n++ & 63) == 0) row.clear();
    appendSome(row, &v[i]);
    i += Stride;
    if (i + Stride > v.size()) i = 0;
  }
  benchmark::DoNotOptimize(row.data());
  state.SetItemsProcessed(Stride * state.iterations());
  state.SetLabel(state.range(0) ? "bits" : "state");
}

// What the writers call.
void AppendField(benchmark::State& state) {
  appendRun<1>(state, [](std::string& row, const double* x) { run::appendField(row, *x); });
}

// Most numbers go through appendFields (a Vec3): time per number.
void AppendFields(benchmark::State& state) {
  appendRun<3>(state, [](std::string& row, const double* x) { run::appendFields(row, Vec3(x[0], x[1], x[2])); });
}

// The writers before 2026-11-23: the same with std::to_chars general/9.
void AppendFieldToChars(benchmark::State& state) {
  appendRun<1>(state, [](std::string& row, const double* x) {
    row += ',';
    char b[32];
    row.append(b, std::to_chars(b, b + sizeof b, *x, std::chars_format::general, 9).ptr);
  });
}

BENCHMARK(Snprintf)->Arg(0)->Arg(1);
BENCHMARK(ToCharsGeneral9)->Arg(0)->Arg(1);
BENCHMARK(ToCharsShortest)->Arg(0)->Arg(1);
BENCHMARK(FormatNumber)->Arg(0)->Arg(1);
BENCHMARK(AppendField)->Arg(0)->Arg(1);
BENCHMARK(AppendFields)->Arg(0)->Arg(1);
BENCHMARK(AppendFieldToChars)->Arg(0)->Arg(1);

}  // namespace
}  // namespace articula::bench

BENCHMARK_MAIN();
