#!/usr/bin/env bash
# Mutation testing of errgenrt (the Go runtime) with gremlins, the shipped
# conformance vectors the only killing test (errgenrt/mutate_test.go, build
# tag mutate, run alone through GOFLAGS=-run).
#
#   test/mutate/go.sh [-j JOBS] [-n] [FILE.go ...]
#   test/mutate/go.sh -l LOG | -r LOG
#
# FILE.go: the errgenrt files to mutate (default: the rule files below); a
# subset splits a run. -j: gremlins workers (default 1). -n: dry run (count
# the mutants, run nothing). -l LOG: only summarize the log of an earlier,
# maybe interrupted, run. -r LOG: run again, against today's vectors, each
# mutant an earlier run's log has as LIVED, append the verdicts to LOG and
# summarize it (the figure after vectors were added for its survivors).
# Extra gremlins flags: GREMLINS_FLAGS.
# Writes test/mutate/out/go-gremlins.json (gremlins' report),
# test/mutate/out/go-gremlins.log and test/mutate/out/go-survivors.txt.
set -euo pipefail

GREMLINS_VERSION=v0.6.0
# the rule files: what the wire's bytes are made by, the HTTP answer's
# status and Retry-After (http.go; every vector's http), and the client's
# retry advice (retry.go; the advice vectors) — not pattern.go, the
# translation into RE2's syntax of errgen check and the pattern fixtures,
# which no vector runs; not uuid.go (the random default instance, which
# every input fixes) or metrics.go, which the protocol cannot see and
# errgenrt's own tests hold
RULE_FILES=(write.go node.go encode.go sanitize.go format.go render.go retry.go http.go conformance.go linear.go)

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
out="$here/out"
jobs=1
dry=
log=
again=
while getopts "j:nl:r:" opt; do
	case $opt in
	j) jobs=$OPTARG ;;
	n) dry=1 ;;
	l) log=$OPTARG ;;
	r) again=$(cd "$(dirname "$OPTARG")" && pwd)/$(basename "$OPTARG") ;;
	*) sed -n '2,19p' "$0" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
files=("$@")
[ ${#files[@]} -gt 0 ] || files=("${RULE_FILES[@]}")
for f in "${files[@]}"; do
	[ -f "$root/errgenrt/$f" ] || { echo "go.sh: no errgenrt/$f" >&2; exit 2; }
done
mkdir -p "$out"

# summarize LOG SECONDS: the counts, the score and test/mutate/out/go-survivors.txt
summarize() {
	python3 - "$1" "$root/errgenrt" "$out/go-survivors.txt" "$2" "$root/internal/endtoend/testdata/golden/EQUIVALENT-MUTANTS.md" <<'PY'
import re, sys
log, src, dst, secs, listing = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
# the equivalent mutants: FILE | MUTATOR | [COLUMN |] the line it
# changes, trimmed (COLUMN: where in the trimmed line, from 1; none: any)
equivalent = set()
for block in re.findall(r"^```equivalent go\n(.*?)^```", open(listing).read(), re.M | re.S):
    for entry in block.split("\n"):
        if not entry.strip():
            continue
        parts = [p.strip() for p in entry.split(" | ", 2)]
        col, code = None, parts[2]
        if re.match(r"^\d+ \| ", code):
            col, code = code.split(" | ", 1)
        equivalent.add((parts[0], parts[1], col, code))
line_re = re.compile(r"^\s*(KILLED|LIVED|TIMED OUT|NOT COVERED|NOT VIABLE|SKIPPED)\s+(\S+) at (\S+?):(\d+):(\d+)\s*$")
verdicts = {}  # the last verdict of each mutant
for text in open(log, errors="replace"):
    m = line_re.match(re.sub(r"\x1b\[[0-9;]*m", "", text))
    if m:
        verdicts[m.group(2), m.group(3), int(m.group(4)), int(m.group(5))] = m.group(1)
count, lived, listed = {}, [], 0
for (typ, fn, line, col), status in verdicts.items():
    count[status] = count.get(status, 0) + 1
    if status == "LIVED":
        raw = open(f"{src}/{fn.split('/')[-1]}").read().split("\n")[line - 1]
        code = raw.strip()
        at = str(col - (len(raw) - len(raw.lstrip())))
        name = fn.split("/")[-1]
        if (name, typ, None, code) in equivalent or (name, typ, at, code) in equivalent:
            listed += 1
            continue
        lived.append((fn.split("/")[-1], line, col, typ, code))
k, s, t = count.get("KILLED", 0), count.get("LIVED", 0), count.get("TIMED OUT", 0)
nc, nv = count.get("NOT COVERED", 0), count.get("NOT VIABLE", 0)
tested = k + s + t
with open(dst, "w") as out:
    for fn, line, col, typ, code in sorted(lived):
        out.write(f"errgenrt/{fn}:{line}:{col}\t{typ}\t{code}\n")
print(f"go: {tested + nc + nv} mutants judged: killed {k}, timed out {t}, survived {s}, not covered {nc}, not viable {nv}")
if tested:
    print(f"go: score (killed+timed out)/(killed+timed out+survived) = {(k + t) / tested:.4f}; "
          f"with not-covered counted as survived: {(k + t) / (tested + nc):.4f}")
    if tested > listed:
        print(f"go: {listed} survivors listed as equivalent (EQUIVALENT-MUTANTS.md); score without them = {(k + t) / (tested - listed):.4f}")
if secs:
    print(f"go: {secs}s, {60 * tested / secs:.1f} tested mutants/minute")
print(f"go: survivors in {dst}")
PY
}

# rerun LOG STATUS: runs each mutant whose last verdict in LOG is STATUS
# as gremlins would run it (its one token replaced in the working copy, the
# killing test run, twenty times the unmutated run's time allowed) and
# appends its verdict to LOG, where it takes the place of the earlier one.
rerun() {
	local base limit
	base=$(date +%s)
	go test -tags mutate -count=1 ./errgenrt/ >/dev/null
	limit=$(( ($(date +%s) - base + 1) * 20 ))
	python3 - "$1" "$2" "$limit" <<'PY'
import os, re, signal, subprocess, sys
log, wanted, limit = sys.argv[1], sys.argv[2], int(sys.argv[3])
# gremlins' mutations of its default mutators: the token there, replaced
mutations = {
    "ARITHMETIC_BASE": {"+": "-", "-": "+", "*": "/", "/": "*", "%": "*"},
    "CONDITIONALS_BOUNDARY": {">=": ">", ">": ">=", "<=": "<", "<": "<="},
    "CONDITIONALS_NEGATION": {"==": "!=", "!=": "==", ">=": "<", ">": "<=", "<=": ">", "<": ">="},
    "INCREMENT_DECREMENT": {"++": "--", "--": "++"},
    "INVERT_NEGATIVES": {"-": "+"},
}
line_re = re.compile(r"^\s*(KILLED|LIVED|TIMED OUT|NOT COVERED|NOT VIABLE|SKIPPED)\s+(\S+) at (\S+?):(\d+):(\d+)\s*$")
verdicts = {}  # the last verdict of each mutant, in the order first judged
for text in open(log, errors="replace"):
    m = line_re.match(re.sub(r"\x1b\[[0-9;]*m", "", text))
    if m:
        verdicts[m.group(2), m.group(3), int(m.group(4)), int(m.group(5))] = m.group(1)
todo = [k for k, v in verdicts.items() if v == wanted]
if not todo:
    sys.exit(0)
with open(log, "a") as out:
    out.write(f"go.sh: running the {len(todo)} mutants last judged {wanted} again\n")
    for typ, fn, line, col in todo:
        path = "errgenrt/" + fn.split("/")[-1]
        src = open(path, "rb").read()
        lines = src.split(b"\n")
        raw = lines[line - 1]
        table = mutations.get(typ, {})
        op = next((o for o in sorted(table, key=len, reverse=True) if raw[col - 1:col - 1 + len(o)] == o.encode()), None)
        if op is None:
            status = "SKIPPED"
        else:
            lines[line - 1] = raw[:col - 1] + table[op].encode() + raw[col - 1 + len(op):]
            open(path, "wb").write(b"\n".join(lines))
            # a group of its own, so that a timeout stops the test binary too
            p = subprocess.Popen(["go", "test", "-tags", "mutate", "-count=1", "./errgenrt/"],
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
            try:
                text, _ = p.communicate(timeout=limit)
                if p.returncode == 0:
                    status = "LIVED"
                elif "[build failed]" in text or "[setup failed]" in text:
                    status = "NOT VIABLE"
                else:
                    status = "KILLED"
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.communicate()
                status = "TIMED OUT"
            finally:
                open(path, "wb").write(src)
        out.write(f"{status:>12} {typ} at {fn}:{line}:{col}\n")
        out.flush()
        print(f"{status:>12} {typ} at {fn}:{line}:{col}", flush=True)
PY
}

if [ -n "$log" ]; then
	summarize "$log" 0
	exit 0
fi

# every non-test file of errgenrt that is not to be mutated is excluded
exclude=()
for p in "$root"/errgenrt/*.go; do
	b=$(basename "$p")
	case $b in *_test.go) continue ;; esac
	keep=
	for f in "${files[@]}"; do [ "$f" = "$b" ] && keep=1; done
	[ -n "$keep" ] || exclude+=(--exclude-files "^${b//./\\.}\$")
done

# gremlins copies the module it runs in once per worker: run it in a copy
# of the files git tracks or would track (no Rust target, node_modules or
# virtualenvs, which take gigabytes), which also leaves the working tree
# free to change while it runs
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$root" && git ls-files -z -co --exclude-standard | xargs -0 cp --parents -t "$work")
cd "$work"
# the killing test alone: the other errgenrt tests build but never run
export GOFLAGS="${GOFLAGS:-} -vet=off -count=1 -run=^TestMutateVectors\$"
# the vectors must pass before any mutant is judged
go test -tags mutate -count=1 ./errgenrt/ >/dev/null

if [ -n "$again" ]; then
	rerun "$again" LIVED
	summarize "$again" 0
	exit 0
fi

start=$(date +%s)
set +e
go run "github.com/go-gremlins/gremlins/cmd/gremlins@$GREMLINS_VERSION" unleash \
	--tags mutate --workers "$jobs" --timeout-coefficient 20 ${dry:+--dry-run} \
	"${exclude[@]}" --output "$out/go-gremlins.json" ${GREMLINS_FLAGS:-} ./errgenrt 2>&1 | tee "$out/go-gremlins.log"
status=${PIPESTATUS[0]}
set -e
secs=$(( $(date +%s) - start ))
[ "$status" = 0 ] || { echo "go.sh: gremlins exited $status" >&2; exit "$status"; }
[ -z "$dry" ] || exit 0

# gremlins runs only the mutants its coverage map holds, and that map (the
# blocks of go test -cover) has no place for a switch's case expressions or
# a package-level initializer: their mutants are NOT COVERED however often
# the vectors reach them. Each is run here.
rerun "$out/go-gremlins.log" "NOT COVERED"
secs=$(( $(date +%s) - start ))

# the score and the survivors, from gremlins' log (one line a mutant, as it
# is judged: an interrupted run's log gives the figures of what it judged;
# a mutant judged twice, NOT COVERED then run above, counts by the second)
summarize "$out/go-gremlins.log" "$secs"
