// Parsing JSON text of model files, strictly: the document must be valid UTF-8 JSON, nested at
// most kMaxJsonDepth deep (deeper values would exhaust the stack of every recursive reader), with
// no duplicate keys (one would silently win) and no NUL character anywhere (a NUL in a name would
// cut it short in C APIs; after the document it hides trailing bytes). Every refusal is a
// ModelError naming the file, the JSON path reached, and the line and column.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

namespace articula::model {

constexpr size_t kMaxJsonDepth = 100;  // docs/cli.md, "Limits"

nlohmann::json parseJsonText(const std::string& text, const std::string& file);
// Reads the file (a regular file within the size limit, articula/files/FileInput.h) and parses it.
nlohmann::json readJsonFile(const std::string& file);
// Only reads it; errors are ModelErrors naming the file.
std::string readJsonFileText(const std::string& file);

}  // namespace articula::model
