// The designs of a sweep file (model/SweepSpec.h): how grid, random, Latin hypercube and table
// designs give each case its values, on the sweep's own random numbers. Private to the model layer.
#pragma once
#include "articula/model/SweepSpec.h"

namespace articula::model::sweep {

// The standard normal CDF, and the quantile function (inverse CDF) of a parameter's distribution
// with its truncation, used by the reader to check that a truncation keeps enough probability.
Real normalCdf(Real x);
Real quantile(const SweepParameter& p, Real u);

}  // namespace articula::model::sweep
