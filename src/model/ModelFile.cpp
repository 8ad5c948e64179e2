// Model file entry points: format detection (and the formats' names), loading and atomic saving.
#include "articula/model/ModelFile.h"

#include <filesystem>

#include "JsonNode.h"
#include "JsonParse.h"
#include "XmlSyntaxError.h"
#include "articula/files/AtomicFile.h"
#include "articula/model/MjcfImport.h"
#include "articula/model/OpenMbdImport.h"
#include "articula/model/OsimImport.h"
#include "articula/model/UrdfImport.h"

namespace articula::model {

int ModelSpec::findBody(const std::string& name) const {
  for (size_t i = 0; i < bodies.size(); ++i)
    if (bodies[i].name == name) return static_cast<int>(i);
  return -1;
}

template <>
const std::vector<KindName<SourceFormat>>& kindTable<SourceFormat>() {
  static const std::vector<KindName<SourceFormat>> table{{SourceFormat::Articula, "articula"},
                                                         {SourceFormat::OpenMbd, "openmbd"},
                                                         {SourceFormat::Urdf, "urdf"},
                                                         {SourceFormat::Mjcf, "mjcf"},
                                                         {SourceFormat::Osim, "opensim"}};
  return table;
}

ModelSpec readModel(const nlohmann::json& document, const std::string& file, const LoadOptions& options) {
  if (!document.is_object()) throw ModelError(file, "", "", "a model file must hold a JSON object");
  if (document.contains("format")) return readArticulaModel(document, file, options);
  if (looksLikeOpenMbd(document)) return importOpenMbd(document, file, options);
  throw ModelError(file, "", "",
                   "not a model file: expected \"format\": \"articula-model\" (or an OpenMBD model with "
                   "\"bodies\" and \"joints\")");
}

ModelSpec loadModelFile(const std::string& file, const LoadOptions& options) {
  const std::string text = readJsonFileText(file);
  if (hasUrdfExtension(file)) return importUrdf(text, file, options);
  return readModelText(text, file, options);
}

ModelSpec readModelText(const std::string& text, const std::string& file, const LoadOptions& options) {
  // By content only: `file` may name the model the text edits (articula edit --apply).
  switch (xmlModelKind(text, file)) {
    case XmlModelKind::Urdf: return importUrdf(text, file, options);
    case XmlModelKind::Mjcf: return importMjcf(text, file, options);
    case XmlModelKind::Osim: return importOsim(text, file, options);
    case XmlModelKind::NotXml: break;
  }
  return readModel(parseJsonText(text, file), file, options);
}

ModelSpec withMeshesRelativeTo(const ModelSpec& model, const std::string& file) {
  ModelSpec copy = model;
  const std::filesystem::path folder = std::filesystem::absolute(std::filesystem::path(file)).parent_path();
  for (BodySpec& b : copy.bodies)
    for (GeometrySpec& g : b.geometry)
      if (g.type == GeometryType::Mesh && !g.meshPath.empty())
        g.meshFile =
            std::filesystem::absolute(g.meshPath).lexically_normal().lexically_relative(folder).generic_string();
  return copy;
}

void saveModelFile(const ModelSpec& model, const std::string& file) {
  // Mesh files are named relative to the written file, so a model saved elsewhere still finds them.
  files::writeFileAtomically(file, writeArticulaModel(withMeshesRelativeTo(model, file)).dump(2) + "\n");
}

}  // namespace articula::model
