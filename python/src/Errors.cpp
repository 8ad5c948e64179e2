// Every C++ exception becomes a Python exception with the same message (docs/python.md, "Errors"):
//   articula.Error (RuntimeError)            articula::Error and anything else from the engine
//   articula.ModelError (Error, ValueError)  a model file or model data is wrong (ModelError,
//                                            InputFileError); .file .path .value .problem
//   articula.StageError (Error)              a result asked of a State not realized that far
//   articula.SimulationError (Error)         the integration failed (step size collapse, NaN, ...)
//   articula.AssemblyError (Error)           the Assembler could not satisfy the constraints
//   articula.OutputError (Error, OSError)    a file or folder could not be written
// Wrong argument shapes and non-finite inputs are ValueError, wrong types TypeError (pybind11).
#include <filesystem>

#include "Bindings.h"
#include "articula/files/FileInput.h"
#include "articula/files/TextOutput.h"
#include "articula/model/ModelError.h"
#include "articula/run/RunError.h"
#include "articula/run/SimulationRun.h"
#include "articula/study/Assembler.h"
#include "articula/study/TimeStepper.h"
#include "articula/system/StageError.h"

namespace articula::python {

namespace {

struct Classes {
  PyObject *error, *model, *stage, *simulation, *assembly, *output;
};
Classes classes{};

PyObject* newClass(py::module_& m, const char* name, PyObject* bases, const char* doc) {
  const std::string full = std::string("articula.") + name;
  PyObject* c = PyErr_NewExceptionWithDoc(full.c_str(), doc, bases, nullptr);
  if (!c) throw py::error_already_set();
  m.add_object(name, py::handle(c));
  return c;
}

void raise(PyObject* cls, const char* message) { PyErr_SetString(cls, message); }

void raiseModelError(const model::ModelError& e) {
  py::object exc = py::reinterpret_borrow<py::object>(classes.model)(e.what());
  exc.attr("file") = e.file();
  exc.attr("path") = e.path();
  exc.attr("value") = e.value();
  exc.attr("problem") = e.problem();
  PyErr_SetObject(classes.model, exc.ptr());
}

void raiseRunError(const run::RunError& e) {
  switch (e.getFailure()) {
    case run::RunFailure::BadInput: return raise(classes.model, e.what());
    case run::RunFailure::Output: return raise(classes.output, e.what());
    case run::RunFailure::Simulation: return raise(classes.simulation, e.what());
  }
}

}  // namespace

void bindErrors(py::module_& m) {
  classes.error = newClass(m, "Error", PyExc_RuntimeError, "An error of the Articula engine.");
  const py::tuple modelBases = py::make_tuple(py::handle(classes.error), py::handle(PyExc_ValueError));
  classes.model = newClass(m, "ModelError", modelBases.ptr(),
                           "A model file or model data is wrong. The message names the file, the JSON path, "
                           "the value and the problem; so do the attributes file, path, value and problem "
                           "(empty when the error is not about one field).");
  classes.stage = newClass(m, "StageError", classes.error,
                           "A result was asked of a State that is not realized to the stage it needs: "
                           "call System.realize(state, stage) first.");
  classes.simulation = newClass(m, "SimulationError", classes.error,
                                "The integration failed: step size collapse, non-finite values, a force that "
                                "failed, an event handler that raised.");
  classes.assembly = newClass(m, "AssemblyError", classes.error,
                              "The Assembler could not satisfy the constraints to the tolerance asked.");
  const py::tuple outputBases = py::make_tuple(py::handle(classes.error), py::handle(PyExc_OSError));
  classes.output = newClass(m, "OutputError", outputBases.ptr(), "A file or folder could not be written.");

  // Registered last, tried first; so each handler sees only what the later ones let through.
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const model::ModelError& e) {
      raiseModelError(e);
    } catch (const files::InputFileError& e) {
      raise(classes.model, e.what());
    } catch (const files::OutputError& e) {
      raise(classes.output, e.what());
    } catch (const run::RunError& e) {
      raiseRunError(e);
    } catch (const StageError& e) {
      raise(classes.stage, e.what());
    } catch (const run::SimulationError& e) {
      raise(classes.simulation, e.what());
    } catch (const TimeStepperError& e) {
      raise(classes.simulation, e.what());
    } catch (const ProjectionFailure& e) {
      raise(classes.simulation, e.what());
    } catch (const AssemblyFailure& e) {
      raise(classes.assembly, e.what());
    } catch (const Error& e) {
      raise(classes.error, e.what());
    } catch (const std::filesystem::filesystem_error& e) {  // creating or listing an output folder
      raise(classes.output, e.what());
    }
  });
}

}  // namespace articula::python
