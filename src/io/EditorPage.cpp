// editorPageHtml: the model goes into the editor page's placeholder; every '<' is written as
// \u003c so no text in the model can close the <script> element.
#include "articula/io/EditorPage.h"

#include "articula/Error.h"

namespace articula::io {

std::string editorPageHtml(const std::string& modelJson) {
  constexpr std::string_view placeholder = R"(<script type="application/json" id="articula-model">null</script>)";
  const std::string page(web::kEditorPage);
  const auto at = page.find(placeholder);
  if (at == std::string::npos) throw Error("editor page: the embedded page has no model placeholder (rebuild articula)");
  std::string html;
  html.reserve(page.size() + modelJson.size() + 64);
  html.append(page, 0, at);
  html += R"(<script type="application/json" id="articula-model">)";
  if (modelJson.empty()) html += "null";
  for (char c : modelJson) {
    if (c == '<') html += "\\u003c";
    else html += c;
  }
  html += "</script>";
  html.append(page, at + placeholder.size());
  return html;
}

}  // namespace articula::io
