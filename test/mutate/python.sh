#!/usr/bin/env bash
# Mutation testing of errgen's Python runtime (runtime/python/src/errgen_runtime)
# with mutmut, the shipped conformance vectors the only killing test
# (test/mutate/python/test_vectors.py: the runner, errgen_runtime.conformance.serve,
# over the five golden vector files with the golden packages' facts, on the
# mutated errgen_runtime).
#
#   test/mutate/python.sh [-j JOBS] [-m MUTANT_GLOB] [MODULE.py ...]
#
# MODULE.py: the errgen_runtime modules to mutate (default: the rule modules
# below); a subset splits a run. -m: only the mutants whose name matches the
# glob (mutmut's names, e.g. 'errgen_runtime.write.x_*'; repeatable). -j:
# mutmut's --max-children (default 1). PYTHON: the interpreter the venv is
# made with (default python3, 3.10 or later).
# Works in test/mutate/out/python (a fresh copy of the runtime each run) and
# writes test/mutate/out/python-survivors.txt.
set -euo pipefail

RULE_MODULES=(write.py check.py sanitize.py wire.py core.py pattern.py)

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
out="$here/out"
jobs=1
globs=()
while getopts "j:m:" opt; do
	case $opt in
	j) jobs=$OPTARG ;;
	m) globs+=("$OPTARG") ;;
	*) sed -n '2,16p' "$0" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
modules=("$@")
[ ${#modules[@]} -gt 0 ] || modules=("${RULE_MODULES[@]}")
src="$root/runtime/python/src/errgen_runtime"
for m in "${modules[@]}"; do
	[ -f "$src/$m" ] || { echo "python.sh: no runtime/python/src/errgen_runtime/$m" >&2; exit 2; }
done

# the tool, pinned
venv="$here/.venv"
if ! "$venv/bin/python" -c 'import mutmut' 2>/dev/null || ! cmp -s "$here/requirements.txt" "$venv/.requirements.txt"; then
	"${PYTHON:-python3}" -m venv "$venv"
	"$venv/bin/pip" install -q --disable-pip-version-check -r "$here/requirements.txt"
	cp "$here/requirements.txt" "$venv/.requirements.txt"
fi

# the project mutmut sees: the runtime's source, the killing test, the config
work="$out/python"
rm -rf "$work"
mkdir -p "$work/src" "$work/tests"
cp -r "$src" "$work/src/errgen_runtime"
find "$work/src" -name __pycache__ -prune -exec rm -rf {} +
cp "$here/python/test_vectors.py" "$work/tests/"
{
	echo "[mutmut]"
	echo "source_paths = src/errgen_runtime"
	echo "only_mutate ="
	for m in "${modules[@]}"; do echo "    src/errgen_runtime/$m"; done
	echo "pytest_add_cli_args = -p no:cacheprovider"
	echo "pytest_add_cli_args_test_selection = tests/"
	echo "use_git_change_detection = false"
} > "$work/setup.cfg"
export MUTATE_GOLDEN="$root/internal/endtoend/testdata/golden"

cd "$work"
# the vectors must pass before any mutant is judged
PYTHONPATH=src "$venv/bin/python" -m pytest -q -p no:cacheprovider tests/ >/dev/null
start=$(date +%s)
status=0
"$venv/bin/mutmut" run --max-children "$jobs" "${globs[@]}" > "$out/python-mutmut.log" 2>&1 || status=$?
secs=$(( $(date +%s) - start ))
tail -n 3 "$out/python-mutmut.log" | tr '\r' '\n' | tail -n 2
[ "$status" = 0 ] || { echo "python.sh: mutmut exited $status (log: $out/python-mutmut.log)" >&2; exit "$status"; }

"$venv/bin/python" "$here/python/report.py" "$secs" "$out/python-survivors.txt"
