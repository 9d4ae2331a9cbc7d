#!/bin/sh
# The only test that kills a StrykerJS mutant of the TypeScript runtime: the
# runtime's conformance runner (src/conformance.mjs) answering the five
# shipped vector files, compared byte for byte by errgen conformance.
#
# Stryker's command runner runs it in its sandbox, a copy of runtime/ts whose
# src/ holds the mutated (instrumented) rule modules; the mutant to activate
# is in __STRYKER_ACTIVE_MUTANT__, which errgen passes on to the runner.
# For each catalog it assembles a package of the sandbox's runtime sources
# and that catalog's golden facts.js, index.js and catalog.js (the
# catalog-specific modules the runner imports: the facts, and the client's
# retry advice), and exits non-zero at the first catalog that fails.
#
# Environment: ERRGEN, the errgen binary (ts.sh builds it).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
golden="$root/internal/endtoend/testdata/golden"
src="$PWD/src"
: "${ERRGEN:?set ERRGEN to the errgen binary}"
work=$(mktemp -d "${TMPDIR:-/tmp}/mutate-ts.XXXXXX")
trap 'rm -rf "$work"' EXIT
for c in plain kinds problem mdmcp taxonomy; do
  mkdir "$work/$c"
  cp "$src/core.js" "$src/catalogs.js" "$src/write.js" "$src/check.js" "$src/sanitize.js" \
     "$src/wire.js" "$src/pattern.js" "$src/http.js" "$src/conformance.mjs" "$work/$c/"
  cp "$golden/$c/ts/facts.js" "$golden/$c/ts/index.js" "$golden/$c/ts/catalog.js" "$work/$c/"
  echo '{"type": "module"}' > "$work/$c/package.json"
  "$ERRGEN" conformance -max-diffs 3 -vectors "$golden/$c/conformance.json" -- node "$work/$c/conformance.mjs" >/dev/null
done
