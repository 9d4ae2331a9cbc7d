#!/bin/sh
# Mutation testing of the TypeScript runtime's rule modules with StrykerJS
# (@stryker-mutator/core, pinned in the repository's package.json), the
# conformance vectors the only test (ts-vectors.sh).
#
#   test/mutate/ts.sh [-j JOBS] [-x MUTATORS] [FILE[:LINES]...]
#
# FILE is a rule module of runtime/ts/src (write.js, check.js, sanitize.js,
# wire.js, http.js, the default being all five), optionally with a line range as
# Stryker takes it (write.js:1-300) to run a part; JOBS is Stryker's
# concurrency (default 1); MUTATORS a comma-separated list of Stryker
# mutators to leave out. It prints the score and writes the survivors to
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
[ $# -gt 0 ] || set -- write.js check.js sanitize.js wire.js http.js
# A file given without a range is mutated whole but for its lines of over
# 1,000 characters (check.js's format regexes of ajv-formats): Stryker runs
# every mutator on every node it mutates, an excluded one too, and the
# Regex mutator's weapon-regex never ends on those. Their mutants are not
# counted, killed or survived.
long=1000
files=""
for f in "$@"; do
  f=${f#src/}
  case $f in
  *:*) files="${files:+$files,}src/$f" ;;
  *)
    for r in $(awk -v max=$long '
      length($0) > max { if (start) print start "-" NR - 1; start = 0; next }
      !start { start = NR }
      END { if (start) print start "-" NR }' "$root/runtime/ts/src/$f"); do
      files="${files:+$files,}src/$f:$r"
    done ;;
  esac
done

mkdir -p "$here/out"
[ -x "$root/node_modules/.bin/stryker" ] || (cd "$root" && npm ci --no-audit --no-fund)
(cd "$root" && go build -o "$here/out/errgen" ./cmd/errgen)

cd "$root/runtime/ts"
# Node's coverage of the unmutated runtime answering the vectors, with the
# sources it ran: the report sets apart the survivors no vector reaches
cov="$here/out/ts-coverage"
rm -rf "$cov" && mkdir -p "$cov/src" && cp src/*.js "$cov/src/"
NODE_V8_COVERAGE="$cov" ERRGEN="$here/out/errgen" sh "$here/ts-vectors.sh"
ERRGEN="$here/out/errgen" MUTATE_FILES="$files" MUTATE_JOBS="$jobs" MUTATE_EXCLUDE="$exclude" \
  "$root/node_modules/.bin/stryker" run "$here/stryker.config.mjs"
node "$here/ts-report.mjs"
