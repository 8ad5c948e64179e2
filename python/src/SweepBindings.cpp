// The C++ core of parameter sweeps for Python (docs/sweeps.md): a SweepPlan reads and checks a
// sweep file and gives each case's values and results.csv line (run::runSweepCase with the GIL
// released, so threads run cases side by side); the Python driver on top distributes the cases.
#include "Bindings.h"
#include "articula/model/SweepSpec.h"
#include "articula/render/BrowserPages.h"
#include "articula/render/ViewerPage.h"
#include "articula/run/SweepResults.h"
#include "articula/run/SweepRun.h"

namespace articula::python {

namespace {

struct SweepPlan {
  explicit SweepPlan(model::SweepSpec s) : spec(std::move(s)), cases(model::sweepCases(spec)) {}
  model::SweepSpec spec;
  std::vector<model::SweepCase> cases;

  const model::SweepCase& at(int64_t id) const {
    if (id < 0 || id >= static_cast<int64_t>(cases.size()))
      throw py::index_error("case " + std::to_string(id) + " is not in the sweep (0 to " +
                            std::to_string(cases.size()) + " - 1)");
    return cases[static_cast<size_t>(id)];
  }
};

py::list valuesOf(const model::SweepCase& c) {
  py::list out;
  for (const model::SweepValue& v : c.values) {
    if (const Real* x = std::get_if<Real>(&v)) out.append(*x);
    else out.append(std::get<std::string>(v));
  }
  return out;
}

py::tuple runCase(const SweepPlan& plan, int64_t id, const std::string& folder) {
  const model::SweepCase& c = plan.at(id);
  run::ViewerPageWriter page;
  if (render::hasBrowserPages())
    page = [](files::TextOutput& out, const files::TextSource& trajectory, const files::TextSource* csv,
              const std::string& summary) { render::writeViewerPage(out, trajectory, csv, summary); };
  run::SweepRow row;
  {
    py::gil_scoped_release release;
    row = run::runSweepCase(plan.spec, c, folder, page);
  }
  return py::make_tuple(row.status == run::SweepStatus::Ok, run::sweepRowText(row));
}

}  // namespace

void bindSweeps(py::module_& m) {
  py::class_<SweepPlan, std::shared_ptr<SweepPlan>>(
      m, "SweepPlan",
      "A parameter sweep file read and checked (docs/sweeps.md): its cases' values and, per case, the line "
      "of results.csv that `articula sweep` writes for it. Raises ModelError naming the file, the JSON "
      "pointer in it, the value and the problem.")
      .def(py::init([](const std::string& file) { return std::make_shared<SweepPlan>(model::readSweepFile(file)); }),
           py::arg("file"), "Reads the sweep file `file` (its model path is relative to the file's folder).")
      .def_static(
          "from_text",
          [](const std::string& text, const std::string& file) {
            return std::make_shared<SweepPlan>(model::parseSweepText(text, file));
          },
          py::arg("text"), py::arg("file"),
          "A sweep from its JSON text; `file` names it in errors and the model path is relative to its folder.")
      .def_property_readonly(
          "num_cases", [](const SweepPlan& p) { return p.cases.size(); },
          "The number of cases, ids 0 to num_cases - 1.")
      .def_property_readonly(
          "header",
          [](const SweepPlan& p) {
            std::string h = run::sweepHeader(p.spec);
            h.pop_back();
            return h;
          },
          "The header line of results.csv (without its newline): case,status,<parameters>,<outputs>,reason.")
      .def_property_readonly(
          "model_file", [](const SweepPlan& p) { return p.spec.modelFile; }, "The model file, resolved.")
      .def(
          "case_values", [](const SweepPlan& p, int64_t id) { return valuesOf(p.at(id)); }, py::arg("id"),
          "The case's parameter values (floats, or strings from grid values and tables), in parameter order.")
      .def(
          "keeps_trajectory",
          [](const SweepPlan& p, int64_t id) { return p.at(id).id >= 0 && p.spec.keepsTrajectory(id); }, py::arg("id"),
          "Whether the sweep's keep_trajectories asks for the case's run folder.")
      .def("run_case", &runCase, py::arg("id"), py::arg("case_folder") = "",
           "Runs case `id` (the GIL released): (ok, line), the results.csv line with its newline. A case that "
           "fails is a line with status failed and the reason, never an exception. With case_folder, the "
           "case's run folder (as `articula run` writes) goes there; OutputError when it cannot be written.");
  m.def("finalize_sweep_results", &run::finalizeResults, py::arg("path"),
        "Rewrites a results.csv atomically with its rows sorted by case id, each case once (the first row "
        "written), a torn last line left out.");
}

}  // namespace articula::python
