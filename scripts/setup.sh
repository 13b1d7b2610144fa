#!/usr/bin/env bash
# Makes a fresh Debian 12 machine ready and the build current: installs the Debian packages the
# build needs (only those missing), configures build/ (Ninja, RelWithDebInfo) the first time,
# and builds. Run from anywhere; a second run with nothing changed takes about a second.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="$root/build"

# What configuring and building needs (catch2: the configure step finds it while the tests are
# on, which they are by default).
packages=(cmake ninja-build g++ libyaml-cpp-dev catch2 libfmt-dev libcli11-dev
          nlohmann-json3-dev libmuparser-dev)
# SWITCHCARDS_SETUP_TARGET (scripts/demo: switchcards_cli) builds that target alone, not the
# tests, benchmarks and Python module: a first demo in half the time, and with none of the
# packages below (about 600 of the 672 a fresh Debian 12 installs for everything, README.md),
# which only the whole build and its tests use. Configure looks for the optional ones again
# once they are installed (below), so a later scripts/test builds and runs everything.
target="${SWITCHCARDS_SETUP_TARGET:-}"
if [[ -z "$target" ]]; then
  # valgrind: the perf.instructions test counts instructions with callgrind
  # (docs/performance.md). python3-jsonschema: the json.schema test checks JSON samples
  # against docs/json-schema.json. pybind11-dev ... python3-dask: the Python package (python/)
  # and its tests (docs/python.md). chromium: the report.html test opens the HTML reports in it
  # (tests/report/). clang: the headers.clang test compiles each public header alone with
  # clang++ too. libbenchmark-dev: bench/.
  packages+=(libbenchmark-dev valgrind python3-jsonschema pybind11-dev python3-dev python3-numpy
             python3-pytest python3-pandas python3-distributed python3-dask chromium clang)
  # npm installs the chart library of the HTML reports (report/package-lock.json); Debian's
  # nodejs and npm only where there is no npm already (another Node, e.g. nodesource's,
  # conflicts). A target alone goes without the charts where there is no npm.
  if ! command -v npm >/dev/null; then
    packages+=(nodejs npm)
  fi
fi

missing=()
for package in "${packages[@]}"; do
  if ! dpkg -s "$package" 2>/dev/null | grep -q '^Status: install ok installed'; then
    missing+=("$package")
  fi
done

sudo=()
if ((EUID != 0)) && command -v sudo >/dev/null; then
  sudo=(sudo)
fi
if ((${#missing[@]} > 0)); then
  echo "setup: installing ${missing[*]}" >&2
  if ((EUID != 0)) && ((${#sudo[@]} == 0)); then
    echo "setup: need root (or sudo) to install ${missing[*]}" >&2
    exit 1
  fi
  "${sudo[@]}" apt-get update
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y --no-install-recommends "${missing[@]}"
  # A build/ configured before (by scripts/demo, say) recorded the optional packages as not
  # found; configuring again finds them (CMake searches again for what it did not find).
  if [[ -f "$build_dir/CMakeCache.txt" ]]; then
    cmake -S "$root" -B "$build_dir" >/dev/null
  fi
fi

# The chart library and the report test's browser driver, at the versions the lock file pins;
# again whenever the lock file is newer than what npm installed (npm needs the network only then).
# SWITCHCARDS_SETUP_CHARTS=optional (scripts/demo): without them the command line still builds
# and runs (--report says how to get them), so a failed npm is a warning there; the tests need
# them, so for scripts/test it is an error.
report_dir="$root/report"
if [[ ! -f "$report_dir/node_modules/.package-lock.json" ||
      "$report_dir/package-lock.json" -nt "$report_dir/node_modules/.package-lock.json" ]]; then
  if ! command -v npm >/dev/null && [[ "${SWITCHCARDS_SETUP_CHARTS:-required}" == optional ]]; then
    # A target alone (above) installs no npm; the demo does without the charts.
    echo "setup: no npm: building without the HTML reports' charts" \
         "(scripts/setup.sh installs them)" >&2
  else
    echo "setup: npm ci in report/ (the chart library of the HTML reports)" >&2
    # Up to three tries, 10 s apart: one dropped connection to the registry should not fail
    # a run of every test.
    npm_ci() {
      local try
      for try in 1 2 3; do
        (cd "$report_dir" && npm ci --no-audit --no-fund) && return 0
        [[ $try -lt 3 ]] && echo "setup: npm ci failed (try $try of 3); again in 10 s" >&2 &&
          sleep 10
      done
      return 1
    }
    if ! npm_ci; then
      if [[ "${SWITCHCARDS_SETUP_CHARTS:-required}" != optional ]]; then
        echo "setup: npm ci failed in report/: the tests need the chart library" >&2
        exit 1
      fi
      echo "setup: npm ci failed in report/: building without the HTML reports' charts" \
           "(run scripts/setup.sh again once npm can reach its registry)" >&2
    fi
  fi
fi

if [[ ! -f "$build_dir/CMakeCache.txt" ]]; then
  cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
fi
cmake --build "$build_dir" -j2 ${target:+--target "$target"}

# The Python package into Debian's interpreter's site-packages (/usr/local/lib/python3.11/
# dist-packages), so that `python3 -c "import switchcards"` works after this set-up; only what
# changed is copied. Without root or sudo it stays importable from build/python/ (PYTHONPATH).
if [[ -z "$target" && -d "$build_dir/python/switchcards" ]]; then
  if ((EUID == 0)) || ((${#sudo[@]} > 0)); then
    "${sudo[@]}" cmake --install "$build_dir" --component python >/dev/null
  else
    echo "setup: not root: the Python package is importable with PYTHONPATH=$build_dir/python" >&2
  fi
fi
