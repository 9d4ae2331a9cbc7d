#!/bin/sh
# Mutation testing of the TypeScript runtime's rule modules with StrykerJS
# (@stryker-mutator/core, pinned in the repository's package.json), the
# conformance vectors the only test (ts-vectors.sh).
#
#   test/mutate/ts.sh [-j JOBS] [-x MUTATORS] [FILE[:LINES]...]
#
# FILE is a rule module of runtime/ts/src (write.js, check.js, sanitize.js,
# wire.js, the default being all four), optionally with a line range as
# Stryker takes it (write.js:1-300) to run a part; JOBS is Stryker's
# concurrency (default 1); MUTATORS a comma-separated list of Stryker
# mutators to leave out (-x Regex for check.js, whose format regexes of
# hundreds of characters the Regex mutator takes too long to mutate). It prints the score and writes the survivors to
# test/mutate/out/ts-survivors.txt.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
jobs=1
exclude=""
while getopts j:x: opt; do
  case $opt in
    j) jobs=$OPTARG ;;
    x) exclude=$OPTARG ;;
    *) echo "usage: $0 [-j JOBS] [-x MUTATORS] [FILE[:LINES]...]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- write.js check.js sanitize.js wire.js
files=""
for f in "$@"; do files="${files:+$files,}src/${f#src/}"; done

mkdir -p "$here/out"
[ -x "$root/node_modules/.bin/stryker" ] || (cd "$root" && npm ci --no-audit --no-fund)
(cd "$root" && go build -o "$here/out/errgen" ./cmd/errgen)

cd "$root/runtime/ts"
ERRGEN="$here/out/errgen" MUTATE_FILES="$files" MUTATE_JOBS="$jobs" MUTATE_EXCLUDE="$exclude" \
  "$root/node_modules/.bin/stryker" run "$here/stryker.config.mjs"
node "$here/ts-report.mjs"
