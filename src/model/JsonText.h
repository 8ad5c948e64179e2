// Streaming JSON text for the run's writers (trajectory.json, the viewer's data): numbers through
// std::to_chars (shortest text that reads back to the same double) laid out the way
// nlohmann::json's dump() lays them out ("1.0", "0.0001", "1e-05"), strings escaped like dump(),
// so the files read the same with or without a DOM in between.
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace articula::model {

void appendJsonNumber(std::string& out, double x);  // NaN and infinities: null, as dump() writes them
// Exactly appendJsonNumber(out, std::round(x * 1e7) / 1e7), about four times faster: the digits of
// the rounded value are those of the integer round(x 1e7) (see the .cpp for why).
void appendJsonRounded7(std::string& out, double x);
void appendJsonInt(std::string& out, long long x);
// The decimal with the fewest significant digits within `tolerance` of x (0: reads back to x itself).
double shortestNear(double x, double tolerance = 0);
// Radians as the degrees with the fewest digits that read back (times pi / 180) to exactly the same
// radians, as the model reader converts them; nullopt when no decimal does.
std::optional<double> exactDegrees(double radians);
// The characters of a JSON string without the quotes; with scriptSafe every '<' becomes \u003c so
// the text cannot close a <script> element. Bytes >= 0x80 pass unchanged (UTF-8 stays UTF-8).
void appendJsonEscaped(std::string& out, std::string_view text, bool scriptSafe = false);
void appendJsonString(std::string& out, std::string_view text);  // quoted
// The text with every byte that is not part of a well-formed UTF-8 character replaced by U+FFFD:
// for strings that come from outside a JSON file (file names), which JSON output must not break.
std::string validUtf8(std::string_view text);
// JSON text (already valid) made safe inside <script>: '<' only occurs in strings there.
void appendScriptSafe(std::string& out, std::string_view json);

}  // namespace articula::model
