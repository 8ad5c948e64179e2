// articula info / validate / convert / edit --apply: model::describeModelFile, checkModelFile,
// convertModelFile, applyModelEdit.
#include <cstdio>

#include "Commands.h"
#include "articula/Counted.h"
#include "articula/model/ModelConversion.h"
#include "articula/model/ModelDescription.h"
#include "articula/model/ModelFile.h"
#include "articula/model/MuscleTable.h"

namespace articula::app {

namespace {


void printWarnings(const std::string& file, const model::ModelCheck& c) {
  for (const auto& w : c.warnings) std::printf("warning: %s: %s\n", file.c_str(), w.c_str());
}

}  // namespace

int infoCommand(const std::string& file, const model::LoadOptions& load, bool muscles) {
  try {
    if (!muscles) {
      std::fputs(model::describeModelFile(file, load).c_str(), stdout);
      return kSuccess;
    }
    const model::ModelSpec spec = model::loadModelFile(file, load);
    const model::BuiltModel built = model::buildModel(spec, file);
    std::fputs(model::describeModel(spec, built, file).c_str(), stdout);
    State s = built.initialState;
    built.system->realize(s, Stage::Position);
    const std::string table = model::muscleTable(spec, built, s);
    std::fputs(table.empty() ? "No muscle paths.\n" : table.c_str(), stdout);
  } catch (...) {
    return reportFailure();
  }
  return kSuccess;
}

int validateCommand(const std::string& file, bool quiet, const model::LoadOptions& load) {
  model::ModelCheck c;
  try {
    c = model::checkModelFile(file, load);
  } catch (...) {
    return reportFailure();
  }
  if (quiet) return kSuccess;
  printWarnings(file, c);
  std::printf("%s: valid (%s, %s, %.4g kg", file.c_str(), counted(c.bodies, "body", "bodies").c_str(),
              counted(c.degreesOfFreedom, "degree of freedom", "degrees of freedom").c_str(), c.mass);
  if (c.constraints > 0)
    std::printf("; %s with %s, initial state assembled", counted(c.constraints, "constraint", "constraints").c_str(),
                counted(c.constraintEquations, "equation", "equations").c_str());
  std::printf(")\n");
  return kSuccess;
}

int convertCommand(const std::string& input, const std::string& output, bool quiet, const model::LoadOptions& load,
                   model::OutputForm form) {
  model::ModelCheck c;
  try {
    c = model::convertModelFile(input, output, load, form);
  } catch (...) {
    return reportFailure();
  }
  if (quiet) return kSuccess;
  printWarnings(input, c);
  std::printf("wrote %s (%s, Articula model format version 1)\n", output.c_str(),
              counted(c.bodies, "body", "bodies").c_str());
  return kSuccess;
}

int applyEditCommand(const std::string& edited, const std::string& model, bool quiet, const model::LoadOptions& load) {
  model::ModelCheck c;
  try {
    c = model::applyModelEdit(edited, model, load);
  } catch (...) {
    return reportFailure();
  }
  if (quiet) return kSuccess;
  printWarnings(edited, c);
  std::printf("wrote %s (%s, the edit of %s in the file's own form)\n", model.c_str(),
              counted(c.bodies, "body", "bodies").c_str(), edited.c_str());
  return kSuccess;
}

}  // namespace articula::app
