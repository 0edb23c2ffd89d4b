#!/usr/bin/env bash
# The doctests run as one merged program (edition 2024), not as 500 programs. When the
# merged program does not compile, rustdoc silently compiles and runs every example on its
# own: the tests still pass but take ten times longer (session 7 found one `.sum()` that
# became ambiguous once serde_json's impls were in scope, and `cargo test` went from 4 s of
# doctests to 42 s). Nightly can keep the merged program on disk: it must be there, for
# the default features and for all of them.
set -euo pipefail
cd "$(dirname "$0")/.."
for features in "" "--all-features"; do
  keep=$(mktemp -d)
  RUSTDOCFLAGS="-Z unstable-options --persist-doctests $keep" \
    cargo +nightly test --quiet --doc -p gamenote $features -- --exact 'no such doctest' >/dev/null 2>&1 || true
  if ! ls "$keep"/merged_doctest_*/rust_out >/dev/null 2>&1; then
    echo "the merged doctests do not compile with features '${features:-default}'; the errors:"
    bundle=$(ls "$keep"/merged_doctest_*/doctest_bundle_*.rs 2>/dev/null | head -1)
    echo "rustdoc does not print them: compile $bundle (kept) with rustc --crate-type lib"
    exit 1
  fi
  rm -rf "$keep"
done
echo "doctests are merged into one program"
