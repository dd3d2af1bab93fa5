#!/bin/sh
# Differential check of ptclisp against real Clojure (Debian's `clojure` package, 1.11).
# Installs the package when no `clojure` binary is on PATH (needs root or sudo), then runs
# tests/test_clojure_diff.py: every program of tests/clojure_diff/programs/ in both, compared.
# Extra arguments go to pytest, e.g.  tests/clojure_diff/run.sh -k strings
set -eu
cd "$(dirname "$0")/../.."
if ! command -v clojure >/dev/null 2>&1; then
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    $sudo apt-get update
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y clojure
fi
clojure -e '(println "clojure" (clojure-version))'
exec python -m pytest tests/test_clojure_diff.py -v -rxX "$@"
