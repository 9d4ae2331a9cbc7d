#!/bin/sh
# Mutation testing of the Rust runtime's rule modules with cargo-mutants
# (installed, pinned, into test/mutate/.tools), the conformance vectors the
# only test (rust-vectors.rs).
#
#   test/mutate/rust.sh [-j JOBS] [-s K/N] [-F REGEX] [FILE...]
#
# FILE is a rule module of runtime/rust/src/rt (write.rs, check.rs,
# sanitize.rs, format.rs, json.rs, regexp.rs, the default being all six);
# -s K/N runs
# cargo-mutants' shard K of N (0-based, K < N) of their mutants; -F runs
# only the mutants whose names (as in the survivors' file) match REGEX;
# JOBS is cargo-mutants' --jobs (default 1; each cargo build is -j 1 too).
# It prints the score, and the score without the survivors listed in the
# `equivalent rust` block of EQUIVALENT-MUTANTS.md, and writes the others
# to test/mutate/out/rust-survivors.txt.
#
# The golden crates each carry their own copy of rt, so the mutants are made
# in a scratch crate, test/mutate/out/rust-crate: a copy of
# runtime/rust/src/rt (its lines are the runtime's) and the five golden
# catalogs' generated code as modules built against that one rt (the
# catalog's `pub mod rt;` becomes `pub use crate::rt;`, its domain modules'
# `use crate::*;` `use super::*;`). cargo-mutants mutates it in place.
set -eu
MUTANTS_VERSION=27.1.0
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
jobs=1
shard=""
examine=""
while getopts j:s:F: opt; do
  case $opt in
    j) jobs=$OPTARG ;;
    s) shard=$OPTARG ;;
    F) examine=$OPTARG ;;
    *) echo "usage: $0 [-j JOBS] [-s K/N] [-F REGEX] [FILE...]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- write.rs check.rs sanitize.rs format.rs json.rs regexp.rs
files="$*"

out="$here/out"
tools="$here/.tools"
mkdir -p "$out"
export CARGO_BUILD_JOBS=1
if [ "$("$tools/bin/cargo-mutants" mutants --version 2>/dev/null)" != "cargo-mutants $MUTANTS_VERSION" ]; then
  cargo install --locked cargo-mutants --version "$MUTANTS_VERSION" --root "$tools"
fi
(cd "$root" && go build -o "$out/errgen" ./cmd/errgen)

# The scratch crate.
crate="$out/rust-crate"
rm -rf "$crate/src" "$crate/tests"
mkdir -p "$crate/src/rt" "$crate/tests"
cp "$root"/runtime/rust/src/rt/*.rs "$crate/src/rt/"
cp "$here/rust-vectors.rs" "$crate/tests/vectors.rs"
cp "$root/Cargo.lock" "$crate/Cargo.lock"
cat > "$crate/Cargo.toml" <<TOML
# Written by test/mutate/rust.sh: the scratch crate cargo-mutants mutates.
[package]
name = "errgen-mutate-vectors"
version = "0.0.0"
edition = "2021"
publish = false

[workspace]

[lib]
doctest = false
test = false

[[test]]
name = "vectors"
path = "tests/vectors.rs"
harness = false

[dependencies]
regex = "1"
serde = { version = "1", features = ["derive"] }
serde_json = { version = "1", features = ["float_roundtrip"] }

[lints.rust]
unexpected_cfgs = "allow"
dead_code = "allow"
TOML
{
  echo "//! Written by test/mutate/rust.sh: errgen's rt and the golden catalogs built against it."
  echo "pub mod rt;"
  for c in kinds mdmcp plain problem taxonomy; do
    g="$root/internal/endtoend/testdata/golden/$c/rust/src"
    mkdir "$crate/src/$c"
    sed 's/^pub mod rt;$/pub use crate::rt;/' "$g/lib.rs" > "$crate/src/$c/mod.rs"
    for f in "$g"/*.rs; do
      [ "$(basename "$f")" = lib.rs ] && continue
      sed 's/^use crate::\*;$/use super::*;/' "$f" > "$crate/src/$c/$(basename "$f")"
    done
    echo "pub mod $c;"
  done
} > "$crate/src/lib.rs"


# The run: in place (the crate is a scratch copy) with one job, else in
# cargo-mutants' copies; shards are round-robin, so a shard samples every file.
set --
if [ "$jobs" -eq 1 ]; then set -- --in-place; else set -- --jobs "$jobs"; fi
for f in $files; do set -- "$@" --file "src/rt/${f#src/rt/}"; done
[ -z "$shard" ] || set -- "$@" --shard "$shard" --sharding round-robin
[ -z "$examine" ] || set -- "$@" --re "$examine"
# The vector files as they are now, so that a run is of one set of vectors
# however long it takes.
rm -rf "$out/rust-mutants" "$out/rust-golden"
for c in kinds mdmcp plain problem taxonomy; do
  mkdir -p "$out/rust-golden/$c"
  cp "$root/internal/endtoend/testdata/golden/$c/conformance.json" "$out/rust-golden/$c/"
done
status=0
(cd "$crate" && ERRGEN="$out/errgen" MUTATE_GOLDEN="$out/rust-golden" \
  "$tools/bin/cargo-mutants" mutants --no-shuffle --output "$out/rust-mutants" "$@") || status=$?

# The score: killed (caught) / (caught + missed), timeouts counted as
# killed, unviable mutants (which do not build) left out; cargo-mutants has
# no "no coverage" outcome. The survivors are the missed mutants, their
# paths the runtime's (the scratch copy's lines are the runtime's); those
# EQUIVALENT-MUTANTS.md lists are set apart.
m="$out/rust-mutants/mutants.out"
count() { if [ -f "$m/$1.txt" ]; then wc -l < "$m/$1.txt" | tr -d ' '; else echo 0; fi; }
caught=$(count caught) missed=$(count missed) timeout=$(count timeout) unviable=$(count unviable)
[ -f "$m/missed.txt" ] || : > "$m/missed.txt"
listed=$(python3 - "$m/missed.txt" "$root/runtime/rust/src/rt" "$out/rust-survivors.txt" \
  "$root/internal/endtoend/testdata/golden/EQUIVALENT-MUTANTS.md" "$files" "$examine$shard" <<'PY'
import re, sys
missed, src, dst, listing, files, partial = sys.argv[1:7]
# the equivalent mutants: FILE | the mutation as cargo-mutants names it
# (without its place) [| COLUMN] [| `the line it changes, trimmed`]: the
# line where one function has the same mutation twice, and the column
# (from 1, in the trimmed line) where one line has it twice
entry_re = re.compile(r"^(\S+) \| (.*?)(?: \| (\d+))?(?: \| `(.*)`)?$")
entries = []
for block in re.findall(r"^```equivalent rust\n(.*?)^```", open(listing).read(), re.M | re.S):
    for entry in block.split("\n"):
        if entry.strip():
            m = entry_re.match(entry.strip())
            if not m:
                sys.exit(f"rust.sh: EQUIVALENT-MUTANTS.md: want FILE | MUTATION [| COLUMN] [| `LINE`], got {entry!r}")
            entries.append(m.groups())
used, listed, kept = set(), 0, []
for text in open(missed):
    m = re.match(r"^src/rt/([^:]+):(\d+):(\d+): (.*)$", text.rstrip("\n"))
    if not m:
        continue
    name, line, col, what = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)
    raw = open(f"{src}/{name}").read().split("\n")[line - 1]
    code = raw.strip()
    at = str(col - (len(raw) - len(raw.lstrip())))
    hit = [e for e in entries if e[0] == name and e[1] == what and e[2] in (None, at) and e[3] in (None, code)]
    if hit:
        used.update(hit)
        listed += 1
    else:
        kept.append(f"runtime/rust/src/rt/{text[len('src/rt/'):].rstrip()}\t{code}\n")
with open(dst, "w") as out:
    out.writelines(kept)
run = set(f.split("/")[-1] for f in files.split())
for e in entries:
    if not partial and e not in used and e[0] in run:
        print(f"rust.sh: EQUIVALENT-MUTANTS.md lists a survivor this run did not have: {e[0]} | {e[1]}" + (f" | {e[2]}" if e[2] else "") + (f" | `{e[3]}`" if e[3] else ""), file=sys.stderr)
print(listed)
PY
)
killed=$((caught + timeout))
echo "mutants: $((caught + missed + timeout + unviable)) (caught $caught, timeout $timeout, missed $missed, unviable $unviable)"
if [ $((killed + missed)) -gt 0 ]; then
  echo "score: $killed/$((killed + missed)) = $(awk "BEGIN { printf \"%.2f\", 100 * $killed / ($killed + $missed) }")% (timeouts count as killed; unviable left out)"
fi
if [ "$listed" -gt 0 ] && [ $((killed + missed - listed)) -gt 0 ]; then
  echo "  without the $listed survivors EQUIVALENT-MUTANTS.md lists: $killed/$((killed + missed - listed)) = $(awk "BEGIN { printf \"%.2f\", 100 * $killed / ($killed + $missed - $listed) }")%"
fi
echo "survivors: $out/rust-survivors.txt ($((missed - listed)))"
case $status in 0 | 2 | 3) ;; *) exit "$status" ;; esac # 2: some missed, 3: some timed out
