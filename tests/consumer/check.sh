#!/usr/bin/env bash
# The consumer tests (ctest consumer_*): a program outside the tree, tests/consumer/double_pendulum.cpp,
# built and run against Articula the ways docs/install.md describes.
# Usage: tests/consumer/check.sh MODE BUILD_DIR VERSION [PYTHON]
#   install     cmake --install into a temporary prefix; the installed command and data; the
#               program built with find_package, then with pkg-config
#   deb         cpack's .deb (its Depends checked against Debian's package names), unpacked with
#               dpkg-deb -x into a temporary root; the program built against it with find_package
#               and with pkg-config
#   subproject  a project that add_subdirectory()s the source tree: no tests, benchmarks or
#               examples, no web pages (Node.js never looked for); the program and the command run
#   python      the Python package (PYTHON, default /usr/bin/python3) imported, with its stubs, from
#               an install into a temporary prefix and from the unpacked .deb, outside the build tree
set -euo pipefail
mode=$1
build=$(cd "$2" && pwd)
version=$3
python=${4:-/usr/bin/python3}
here=$(cd "$(dirname "$0")" && pwd)
source_dir=$(cd "$here/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/articula-consumer.XXXXXX")
trap 'rm -rf "$work"' EXIT
jobs=$(nproc 2>/dev/null || echo 2)

# The installed command and data under PREFIX.
check_command() {
  "$1/bin/articula" --version | grep -qx "$version" || { echo "articula --version is not $version"; exit 1; }
  "$1/bin/articula" validate -q "$1/share/articula/models/double_pendulum.json"
  test -f "$1/share/articula/schema/articula-model-1.schema.json"
}

# find_package(Articula) with only PREFIX on CMAKE_PREFIX_PATH, then a plain compiler call with
# pkg-config's flags.
build_and_run() {
  local prefix=$1 name=$2
  cmake -S "$here" -B "$work/$name-cmake" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$work/$name-cmake" -j "$jobs" >/dev/null
  "$work/$name-cmake/double_pendulum" "$version"
  local pc flags libs
  pc=$(dirname "$(find "$prefix" -name articula.pc | head -n 1)")
  flags=$(PKG_CONFIG_PATH=$pc pkg-config --cflags articula)
  libs=$(PKG_CONFIG_PATH=$pc pkg-config --libs articula)
  c++ -O1 $flags "$here/double_pendulum.cpp" -o "$work/$name-pc" $libs
  # A shared libarticula (BUILD_SHARED_LIBS) is not on the loader's path in a temporary prefix.
  LD_LIBRARY_PATH="$(dirname "$pc")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$work/$name-pc" "$version"
}

# The package under SITE imports by PYTHONPATH alone, from an empty folder, and runs a model.
check_python() {
  local site=$1
  test -f "$site/articula/__init__.pyi" && test -f "$site/articula/py.typed" \
    || { echo "no stubs (__init__.pyi, py.typed) in $site/articula"; exit 1; }
  mkdir -p "$work/empty"
  (cd "$work/empty" && PYTHONPATH=$site PYTHONNOUSERSITE=1 "$python" -c "
import articula, sys
assert articula.__file__.startswith('$site/'), articula.__file__
assert articula.__version__ == '$version', articula.__version__
m = articula.load('$source_dir/models/double_pendulum.json')
r = m.simulate(duration=0.1)
assert len(r.time) > 1 and r.q.shape[1] == len(m.q_names)
print('python: articula', articula.__version__, 'from', articula.__file__)")
}

case "$mode" in
install)
  cmake --install "$build" --prefix "$work/prefix" >/dev/null
  check_command "$work/prefix"
  build_and_run "$work/prefix" install
  echo "consumer: find_package and pkg-config builds against an install both ran"
  ;;
deb)
  command -v dpkg-deb >/dev/null || { echo "dpkg-deb not found (Debian's dpkg)"; exit 1; }
  cpack --config "$build/CPackConfig.cmake" -B "$work/package" >/dev/null
  deb=$(find "$work/package" -maxdepth 1 -name "articula_${version}_*.deb")
  test -n "$deb" || { echo "no articula_${version}_*.deb written"; exit 1; }
  echo "package: $(basename "$deb")"
  # Every package the .deb depends on must be a real Debian package: the ones this build used.
  depends=$(dpkg-deb -f "$deb" Depends)
  echo "Depends: $depends"
  for p in $(echo "$depends" | tr ',' '\n' | sed -e 's/(.*)//' -e 's/|.*//' | tr -d ' '); do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
      || { echo "Depends names $p, which is not an installed Debian package"; exit 1; }
  done
  for p in libeigen3-dev libsundials-dev libgif-dev libpng-dev libtinyxml2-dev; do
    echo "$depends" | grep -q "$p" || { echo "Depends lacks $p"; exit 1; }
  done
  dpkg-deb -x "$deb" "$work/root"
  check_command "$work/root/usr"
  test -f "$work/root/usr/include/articula/version.h"
  build_and_run "$work/root/usr" deb
  echo "consumer: the unpacked .deb gave a working command, find_package and pkg-config builds"
  ;;
subproject)
  # ccache hits on the objects of the main build: the same base folder, and a build folder one
  # level below the source tree like build/, so relative paths match (docs/performance.md, "Build").
  sub=$(mktemp -d "$source_dir/.consumer-subproject.XXXXXX")
  trap 'rm -rf "$work" "$sub"' EXIT
  options=(-DARTICULA_SOURCE="$source_dir" -DCMAKE_BUILD_TYPE=Release)
  if command -v ninja >/dev/null; then options+=(-G Ninja); fi
  if command -v ccache >/dev/null; then
    options+=("-DCMAKE_CXX_COMPILER_LAUNCHER=cmake;-E;env;CCACHE_BASEDIR=$source_dir;ccache")
  fi
  cmake -S "$here/subproject" -B "$sub" "${options[@]}" >/dev/null
  # Articula's tests, benchmarks and examples are off inside another project.
  if cmake --build "$sub" --target help | grep -Eq '^[^ ]*(test_math|articula_bench|chain_demo)'; then
    echo "the subproject build defines Articula's tests, benchmarks or examples"; exit 1
  fi
  # The web pages are off by default: nothing looked for Node.js, and the command says it has no viewer.
  if grep -q '^ARTICULA_NODE' "$sub/CMakeCache.txt"; then echo "the subproject build looked for Node.js"; exit 1; fi
  cmake --build "$sub" -j "$jobs" --target double_pendulum articula_cli >/dev/null
  "$sub/double_pendulum" "$version"
  "$sub/articula/articula" run "$source_dir/models/double_pendulum.json" --duration 0.05 -q --out "$work/run"
  test -f "$work/run/trajectory.csv" && test ! -e "$work/run/viewer.html"
  status=0
  "$sub/articula/articula" view "$work/run" 2>"$work/view.err" || status=$?
  test "$status" -eq 2 && grep -q "no browser viewer" "$work/view.err" \
    || { echo "articula view without pages: exit $status, $(cat "$work/view.err")"; exit 1; }
  echo "consumer: add_subdirectory build ran; its command (no web pages) refused to write a viewer"
  ;;
python)
  pyversion=$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
  cmake --install "$build" --prefix "$work/prefix" >/dev/null
  check_python "$work/prefix/lib/python$pyversion/dist-packages"
  # CPack installs under /usr, where Debian's interpreter reads /usr/lib/python3/dist-packages.
  cpack --config "$build/CPackConfig.cmake" -B "$work/package" >/dev/null
  deb=$(find "$work/package" -maxdepth 1 -name "articula_${version}_*.deb")
  dpkg-deb -f "$deb" Depends | grep -q "python3-numpy" || { echo "the .deb's Depends lack python3-numpy"; exit 1; }
  dpkg-deb -x "$deb" "$work/root"
  if find "$work/root" -path "*/python3.*" | grep -q .; then echo "the .deb has a python3.X folder"; exit 1; fi
  check_python "$work/root/usr/lib/python3/dist-packages"
  echo "consumer: the Python package ran from an install and from the unpacked .deb"
  ;;
*)
  echo "usage: check.sh install|deb|subproject|python BUILD_DIR VERSION [PYTHON]" >&2
  exit 2
  ;;
esac
