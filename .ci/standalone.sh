#!/usr/bin/env bash
# The repository stands alone: no tracked file (code, tests, docs, README, CI) may point to a
# folder beside or above it. Fails with the lines that do.
set -uo pipefail
cd "$(dirname "$0")/.."
hits=$(git ls-files -z -- ':!.ci/standalone.sh' \
  | xargs -0 grep -nIE '\.\./shared|\.\./\.library|(^|[^a-z])shared/(rules|seeds|testdata|peers)|/work/' 2>/dev/null)
if [ -n "$hits" ]; then
  echo "these lines point outside the repository:"
  echo "$hits"
  exit 1
fi
echo "no file points outside the repository"
