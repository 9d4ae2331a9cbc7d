"""The score and the survivors of a mutmut run (test/mutate/python.sh runs
it in the work directory, after `mutmut run`):

    python report.py SECONDS SURVIVORS_FILE

Prints the counts and the score, killed / (killed + survived) with
timeouts counted as killed, and the score with the survivors that
internal/endtoend/testdata/golden/EQUIVALENT-MUTANTS.md lists as
equivalent set apart: its ```equivalent python block holds a glob of
mutmut names per line, alone (every mutant of a function) or followed by
` | BEFORE | AFTER`, the changed line before and after the mutation (as
the survivors file shows them; an AFTER of `*`: any change of it), which
names one change however mutmut numbers it; and
writes each other surviving mutant as
`runtime/python/src/errgen_runtime/FILE:LINE<TAB>NAME<TAB>- before<TAB>+ after`.
"""

from __future__ import annotations

import fnmatch
import os
import re
import sys
from collections import Counter
from pathlib import Path

from mutmut.mutation.data import SourceFileMutationData
import libcst as cst
from mutmut.mutation.diff_apply import get_diff_for_mutant, read_functions_from_index, read_mutants_module, read_original_function
from mutmut.stats import status_by_exit_code
from mutmut.utils.file_utils import walk_mutatable_files

HUNK = re.compile(r"@@ -(\d+)(?:,\d+)? \+\d+(?:,\d+)? @@")
DEF = re.compile(r"\s*(async\s+)?def\s")


def where(name: str, path: Path, diff: str) -> tuple[int, str, str]:
    """The line of the source file a mutant changes, and the lines before
    and after."""
    lines = diff.split("\n")
    old = before = after = None
    i = 0
    for line in lines:
        m = HUNK.match(line)
        if m:
            i = int(m.group(1))
            continue
        if line.startswith(("---", "+++")):
            continue
        if line.startswith("-"):
            if old is None:
                old, before = i, line[1:].strip()
            i += 1
        elif line.startswith("+"):
            if after is None:
                after = line[1:].strip()
        else:
            i += 1
    # the function's def line, in the file and in the function's text
    func = name.rsplit(".", 1)[-1].split("__mutmut_")[0]
    cls = None
    if func.startswith("xǁ"):
        _, cls, func = func.split("ǁ")
    elif func.startswith("x_"):
        func = func[2:]
    src = path.read_text("utf-8").split("\n")
    start = 0
    if cls:
        start = next((n for n, t in enumerate(src) if re.match(rf"class {re.escape(cls)}\b", t)), 0)
    def_line = next((n + 1 for n in range(start, len(src)) if re.match(rf"\s*(async\s+)?def {re.escape(func)}\(", src[n])), 0)
    # the function's text, as the diff numbers it: its def line's index
    functions = read_functions_from_index(name, path)
    if functions is None:
        functions = (read_original_function(read_mutants_module(path), name), None)
    orig = cst.Module([functions[0]]).code.strip().split("\n")
    def_idx = next((n + 1 for n, t in enumerate(orig) if DEF.match(t)), 1)
    line = def_line + (old or def_idx) - def_idx if def_line else 0
    return line, before or "", after or ""


def equivalent_entries() -> list[tuple[str, str | None, str | None]]:
    """The mutants EQUIVALENT-MUTANTS.md lists for Python: each a glob of
    names, with the changed line before and after, or None for any."""
    text = (Path(os.environ["MUTATE_GOLDEN"]) / "EQUIVALENT-MUTANTS.md").read_text("utf-8")
    blocks = re.findall(r"^```equivalent python\n(.*?)^```", text, re.M | re.S)
    entries: list[tuple[str, str | None, str | None]] = []
    for b in blocks:
        for line in b.split("\n"):
            if not line.strip():
                continue
            parts = [p.strip() for p in line.split(" | ")]
            if len(parts) == 3:
                entries.append((parts[0], parts[1], parts[2]))
            else:
                entries.append((line.strip(), None, None))
    return entries


def listed(entries: list[tuple[str, str | None, str | None]], name: str, before: str, after: str) -> bool:
    """Reports whether an entry lists the mutant name, which changes the
    line before into after."""
    return any(fnmatch.fnmatchcase(name, g) and (b is None or (b == before and a in ("*", after))) for g, b, a in entries)


def main() -> None:
    secs, dst = int(sys.argv[1]), Path(sys.argv[2])
    entries = equivalent_entries()
    equivalent = 0
    count: Counter[str] = Counter()
    survivors = []
    for path in walk_mutatable_files():
        m = SourceFileMutationData(path=path)
        m.load()
        for name, code in m.exit_code_by_key.items():
            status = status_by_exit_code[code]
            count[status] += 1
            if status != "survived":
                continue
            line, before, after = where(name, Path(path), get_diff_for_mutant(name, path=path))
            if listed(entries, name, before, after):
                equivalent += 1
                continue
            rel = str(path).replace("src/errgen_runtime/", "runtime/python/src/errgen_runtime/", 1)
            survivors.append((rel, line, name, before, after))
    with dst.open("w") as f:
        for rel, line, name, before, after in sorted(survivors):
            f.write(f"{rel}:{line}\t{name}\t- {before}\t+ {after}\n")
    total = sum(count.values())
    killed, timeout, survived = count["killed"], count["timeout"], count["survived"]
    others = ", ".join(f"{k} {v}" for k, v in sorted(count.items()) if k not in ("killed", "timeout", "survived"))
    print(f"python: {total} mutants: killed {killed}, timeout {timeout}, survived {survived}" + (f", {others}" if others else ""))
    tested = killed + timeout + survived
    if tested:
        nt = count["no tests"]
        print(
            f"python: score (killed+timeout)/(killed+timeout+survived) = {(killed + timeout) / tested:.4f}; "
            f"with no-tests mutants counted as survived: {(killed + timeout) / (tested + nt):.4f}"
        )
        if tested > equivalent:
            print(
                f"python: {equivalent} survivors listed as equivalent (EQUIVALENT-MUTANTS.md); "
                f"score without them = {(killed + timeout) / (tested - equivalent):.4f}"
            )
    print(f"python: {secs}s, {60 * total / secs if secs else 0:.1f} mutants/minute; survivors in {dst}")


if __name__ == "__main__":
    main()
