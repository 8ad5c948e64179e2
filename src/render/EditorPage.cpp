// editorPageHtml: the model and its meshes go into the editor page's placeholders; every '<' is
// written as \u003c so no text in them can close the <script> element.
#include "articula/render/EditorPage.h"

#include <map>
#include <nlohmann/json.hpp>

#include "articula/Error.h"
#include "articula/contact/MeshIO.h"
#include "articula/files/AtomicFile.h"
#include "articula/model/ModelFile.h"
#include "articula/render/BrowserPages.h"

namespace articula::render {

namespace {

// Replaces the placeholder script element with id `id` in `page` by one holding `json` (null if empty).
void fill(std::string& page, std::string_view id, const std::string& json) {
  const std::string placeholder = std::string(R"(<script type="application/json" id=")") + std::string(id) +
                                  R"(">null</script>)";
  const auto at = page.find(placeholder);
  if (at == std::string::npos)
    throw Error("editor page: the embedded page has no '" + std::string(id) + "' placeholder (rebuild articula)");
  std::string element = std::string(R"(<script type="application/json" id=")") + std::string(id) + R"(">)";
  element.reserve(element.size() + json.size() + 16);
  if (json.empty()) element += "null";
  for (char c : json) {
    if (c == '<') element += "\\u003c";
    else element += c;
  }
  element += "</script>";
  page.replace(at, placeholder.size(), element);
}

}  // namespace

std::string editorPageHtml(const std::string& modelJson, const std::string& meshesJson) {
  requireBrowserPages("editor");
  std::string html(web::kEditorPage);
  fill(html, "articula-model", modelJson);
  fill(html, "articula-meshes", meshesJson);
  return html;
}

std::string editorMeshesJson(const model::ModelSpec& model) {
  std::map<std::string, std::string> files;  // as named in the model -> where it was read
  for (const model::BodySpec& b : model.bodies)
    for (const model::GeometrySpec& g : b.geometry)
      if (g.type == model::GeometryType::Mesh && !g.meshFile.empty())
        files.emplace(g.meshFile, g.meshPath.empty() ? g.meshFile : g.meshPath);
  if (files.empty()) return "";
  nlohmann::json table = nlohmann::json::object();
  for (const auto& [name, path] : files) {
    const std::shared_ptr<TriangleMesh> mesh = readMesh(path);
    nlohmann::json vertices = nlohmann::json::array(), faces = nlohmann::json::array();
    for (const Vec3& v : mesh->vertices()) vertices.push_back({v.x(), v.y(), v.z()});
    for (const auto& f : mesh->faces()) faces.push_back({f[0], f[1], f[2]});
    table[name] = {{"vertices", std::move(vertices)}, {"faces", std::move(faces)}};
  }
  return table.dump();
}

std::filesystem::path writeEditorPage(const std::string& modelFile, const std::filesystem::path& page,
                                      const model::LoadOptions& load) {
  requireBrowserPages("editor");
  std::string modelJson, meshesJson;
  if (!modelFile.empty()) {
    const model::ModelSpec spec = model::loadModelFile(modelFile, load);
    modelJson = model::writeArticulaModel(spec).dump(2);
    meshesJson = editorMeshesJson(spec);
  }
  const std::string stem = modelFile.empty() ? "model" : std::filesystem::path(modelFile).stem().string();
  const std::filesystem::path target = page.empty() ? std::filesystem::path(stem + "-editor.html") : page;
  files::writeFileAtomically(target, editorPageHtml(modelJson, meshesJson));
  return target;
}

}  // namespace articula::render
