// articula_compare_simbody CASE: runs one time-stepping case in Simbody alone and prints
// "steps evaluations seconds q..." (see sim_cases.h for why this is a separate program).
#include <cstdio>
#include <exception>

#include "sim_cases.h"

int main(int argc, char** argv) {
  using namespace articula::bench;
  if (argc != 2) {
    std::fprintf(stderr, "usage: articula_compare_simbody CASE\n");
    return 2;
  }
  try {
    const SimCase& c = simCaseByName(argv[1]);
    const auto r = makeSimbodyEngine(c.spec)->simulate(c.request);
    if (!r) return 1;
    std::printf("%lld %lld %.9g", r->steps, r->evaluations, r->seconds);
    for (double q : r->q) std::printf(" %.17g", q);
    std::printf("\n");
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "articula_compare_simbody: %s\n", e.what());
    return 1;
  }
}
