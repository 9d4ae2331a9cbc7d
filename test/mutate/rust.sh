#!/bin/sh
# Mutation testing of the Rust runtime's rule modules with cargo-mutants
# (installed, pinned, into test/mutate/.tools), the conformance vectors the
# only test (rust-vectors.rs).
#
#   test/mutate/rust.sh [-j JOBS] [-s K/N] [FILE...]
#
# FILE is a rule module of runtime/rust/src/rt (write.rs, check.rs,
# sanitize.rs, format.rs, json.rs, the default being all five); -s K/N runs
# cargo-mutants' shard K of N (0-based, K < N) of their mutants; JOBS is
# cargo-mutants' --jobs (default 1; each cargo build is -j 1 too). It prints
# the score and writes the survivors to test/mutate/out/rust-survivors.txt.
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
while getopts j:s: opt; do
  case $opt in
    j) jobs=$OPTARG ;;
    s) shard=$OPTARG ;;
    *) echo "usage: $0 [-j JOBS] [-s K/N] [FILE...]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- write.rs check.rs sanitize.rs format.rs json.rs
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
rm -rf "$out/rust-mutants"
status=0
(cd "$crate" && ERRGEN="$out/errgen" MUTATE_GOLDEN="$root/internal/endtoend/testdata/golden" \
  "$tools/bin/cargo-mutants" mutants --no-shuffle --output "$out/rust-mutants" "$@") || status=$?

# The score: killed (caught) / (caught + missed), timeouts counted as
# killed, unviable mutants (which do not build) left out; cargo-mutants has
# no "no coverage" outcome. The survivors are the missed mutants, their
# paths the runtime's (the scratch copy's lines are the runtime's).
m="$out/rust-mutants/mutants.out"
count() { if [ -f "$m/$1.txt" ]; then wc -l < "$m/$1.txt" | tr -d ' '; else echo 0; fi; }
caught=$(count caught) missed=$(count missed) timeout=$(count timeout) unviable=$(count unviable)
sed 's|^src/rt/|runtime/rust/src/rt/|' "$m/missed.txt" > "$out/rust-survivors.txt" 2>/dev/null || : > "$out/rust-survivors.txt"
killed=$((caught + timeout))
echo "mutants: $((caught + missed + timeout + unviable)) (caught $caught, timeout $timeout, missed $missed, unviable $unviable)"
if [ $((killed + missed)) -gt 0 ]; then
  echo "score: $killed/$((killed + missed)) = $(awk "BEGIN { printf \"%.2f\", 100 * $killed / ($killed + $missed) }")% (timeouts count as killed; unviable left out)"
fi
echo "survivors: $out/rust-survivors.txt ($missed)"
case $status in 0 | 2 | 3) ;; *) exit "$status" ;; esac # 2: some missed, 3: some timed out
