// The extension module articula._articula; the package articula (python/articula/__init__.py)
// re-exports it. docs/python.md.
#include "Bindings.h"

PYBIND11_MODULE(_articula, m) {
  using namespace articula::python;
  m.doc() = "Articula: multibody dynamics (the compiled part of the articula package)";
  m.attr("__version__") = ARTICULA_VERSION_STRING_PY;
  bindErrors(m);
  bindMath(m);
  bindState(m);
  bindSystem(m);
  bindMobilizers(m);
  bindFunctions(m);
  bindMatter(m);
  bindForces(m);
  bindConstraints(m);
  bindContact(m);
  bindIntegrators(m);
  bindStudy(m);
  bindModel(m);
  bindRun(m);
  bindFiles(m);
  bindOpenSim(m);
  bindSweeps(m);
}
