#!/usr/bin/env bash
# The consumer test (ctest consumer_install): installs BUILD into a temporary prefix, then builds
# and runs tests/consumer/double_pendulum.cpp against it twice — with CMake's find_package and
# with pkg-config — and runs the installed command on an installed model.
# Usage: tests/consumer/check.sh BUILD_DIR VERSION
set -euo pipefail
build=$(cd "$1" && pwd)
version=$2
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/articula-consumer.XXXXXX")
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix

cmake --install "$build" --prefix "$prefix" >/dev/null
echo "installed into $prefix"

# The installed command and data.
"$prefix/bin/articula" --version | grep -qx "$version" || { echo "articula --version is not $version"; exit 1; }
"$prefix/bin/articula" validate -q "$prefix/share/articula/models/double_pendulum.json"
test -f "$prefix/share/articula/schema/articula-model-1.schema.json"

# 1. CMake: find_package(Articula) with only the prefix on CMAKE_PREFIX_PATH.
cmake -S "$here" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/cmake" >/dev/null
"$work/cmake/double_pendulum" "$version"

# 2. pkg-config: the flags are all a plain compiler call needs.
pc=$(dirname "$(find "$prefix" -name articula.pc | head -n 1)")
flags=$(PKG_CONFIG_PATH=$pc pkg-config --cflags articula)
libs=$(PKG_CONFIG_PATH=$pc pkg-config --libs articula)
c++ -O1 $flags "$here/double_pendulum.cpp" -o "$work/double_pendulum_pc" $libs
"$work/double_pendulum_pc" "$version"
echo "consumer: find_package and pkg-config builds both ran"
