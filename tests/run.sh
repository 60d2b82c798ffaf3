#!/usr/bin/env bash
# Run every host-side test (tests/*/test-*.sh).
#   run.sh [--results FILE]
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ "${1:-}" = "--results" ] && export RESULTS=$2
bad=0
for t in "$here"/*/test-*.sh; do
	bash "$t" || bad=$((bad + 1))
done
[ $bad -eq 0 ]
