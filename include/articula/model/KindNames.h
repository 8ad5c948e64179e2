// The kinds of a model file (joint, geometry, force, ... types) are enums in the spec; each enum
// has one table of the names the file uses for its values. Readers turn a name into a value with
// kindNamed() (and list kindNames() in their errors); writers and messages use nameOf(). After
// reading, code compares enum values, never names.
#pragma once
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace articula::model {

template <class E>
struct KindName {
  E kind;
  std::string name;  // as written in the file
};

// The table of a kind, in documentation order: defined next to the kind's registry.
template <class E>
const std::vector<KindName<E>>& kindTable();

template <class E>
const std::string& nameOf(E kind) {
  for (const KindName<E>& k : kindTable<E>())
    if (k.kind == kind) return k.name;
  throw std::logic_error("a kind value without a name");  // a table misses an enumerator
}

template <class E>
std::optional<E> kindNamed(std::string_view name) {
  for (const KindName<E>& k : kindTable<E>())
    if (k.name == name) return k.kind;
  return std::nullopt;
}

template <class E>
std::vector<std::string> kindNames() {
  std::vector<std::string> names;
  for (const KindName<E>& k : kindTable<E>()) names.push_back(k.name);
  return names;
}

// "a, b, c": the allowed names, for messages.
template <class E>
std::string kindList() {
  std::string list;
  for (const KindName<E>& k : kindTable<E>()) list += (list.empty() ? "" : ", ") + k.name;
  return list;
}

}  // namespace articula::model
