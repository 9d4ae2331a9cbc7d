"""The killing test of `make mutate`'s Python run (test/mutate/python.sh):
mutmut mutates errgen_runtime's rule modules and this test alone decides
whether a mutant lives. It is the conformance check of
`errgen conformance -vectors FILE -- python -m PKG.conformance`, in
process: for each shipped vector file (a golden catalog's
conformance.json) the runner is errgen_runtime.conformance.serve over
errgen_runtime.Catalog built from that golden package's facts — the
mutated errgen_runtime, never the package's own copy in PKG/_rt — and
every payload of every vector must equal the expected one byte for byte,
every format's violations the expected ones, the HTTP answer (status and
Retry-After) and every advice its own; an error answer, a missing,
duplicate or unknown answer fails it.

MUTATE_GOLDEN names internal/endtoend/testdata/golden (python.sh sets it).
"""

from __future__ import annotations

import io
import json
import os
import re
from pathlib import Path

import pytest

GOLDEN = Path(os.environ.get("MUTATE_GOLDEN", Path(__file__).resolve().parents[3] / "internal/endtoend/testdata/golden"))
CATALOGS = ["kinds", "mdmcp", "plain", "problem", "taxonomy"]
# the catalog whose file's rules catalogs' vectors are sent: kinds checks
# patterns and formats, so its file holds both rules catalogs'
RULES_FROM = "kinds"
FORMATS = ["jsonrpc", "problem", "response", "toolResult"]


def _facts(name: str) -> object:
    """The FACTS of the golden catalog's Python package (PKG/facts.py, run
    on its own: it needs nothing but json)."""
    (path,) = (GOLDEN / name / "python").glob("*/facts.py")
    scope: dict[str, object] = {"__name__": "facts"}
    exec(compile(path.read_text("utf-8"), str(path), "exec"), scope)
    return scope["FACTS"]


_DECODER = json.JSONDecoder()
_WS = re.compile(r"[ \t\n\r]*")


def _ws(text: str, i: int) -> int:
    return _WS.match(text, i).end()  # type: ignore[union-attr]


def _vectors(name: str) -> list[dict[str, object]]:
    """The vectors of the file, each with "raw", its input as the file
    writes it (its numbers as written: 1e400 stays 1e400)."""
    text = (GOLDEN / name / "conformance.json").read_text("utf-8")
    doc = json.loads(text)
    vectors = doc["vectors"]
    assert vectors, f"{name}: no vectors"
    catalogs = doc.get("catalogs", {})
    # walk the document to the span of each vector's input
    i = _ws(text, 0)
    assert text[i] == "{"
    i = _ws(text, i + 1)
    while True:
        key, i = _DECODER.raw_decode(text, i)
        i = _ws(text, i)
        assert text[i] == ":"
        i = _ws(text, i + 1)
        if key == "vectors":
            break
        _, i = _DECODER.raw_decode(text, i)
        i = _ws(text, i)
        assert text[i] == ","
        i = _ws(text, i + 1)
    assert text[i] == "["
    for v in vectors:
        i = _ws(text, i + 1)
        assert text[i] == "{"
        i = _ws(text, i + 1)
        while text[i] != "}":
            key, i = _DECODER.raw_decode(text, i)
            i = _ws(text, i)
            assert text[i] == ":"
            start = i = _ws(text, i + 1)
            _, i = _DECODER.raw_decode(text, i)
            if key == "input":
                v["raw"] = text[start:i]
                carried = v["input"].get("catalog")  # type: ignore[attr-defined]
                if isinstance(carried, str):
                    # errgen conformance sends the facts the file holds under catalogs in the name's place
                    facts = json.dumps(catalogs[carried], ensure_ascii=False, separators=(",", ":"))
                    named = '"catalog":' + json.dumps(carried, ensure_ascii=False)
                    assert named in v["raw"], f"{name} {v['id']}: {named} not in its input"
                    v["raw"] = v["raw"].replace(named, '"catalog":' + facts)
            i = _ws(text, i)
            if text[i] == ",":
                i = _ws(text, i + 1)
        i = _ws(text, i + 1)
        assert text[i] in ",]"
    return vectors


def _compact(raw: str) -> str:
    """raw as Go's json.Marshal writes a json.RawMessage: white space
    outside strings dropped; <, >, &, U+2028 and U+2029 escaped."""
    out = []
    in_string = escaped = False
    for c in raw:
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in " \t\n\r":
            continue
        out.append(c)
    text = "".join(out)
    for c, e in (("&", "\\u0026"), ("<", "\\u003c"), (">", "\\u003e"), ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(c, e)
    return text


def _line(v: dict[str, object]) -> bytes:
    # the line errgen conformance writes: json.Marshal of {id, input}, the
    # input its raw text; a line no runner reads as it is
    if "unreadable" in v:
        return str(v["line"]).encode("utf-8") + b"\n"
    head = json.dumps({"id": v["id"]}, ensure_ascii=False)[:-1]
    return _compact(head + ',"input":' + str(v["raw"]) + "}").encode("utf-8") + b"\n"


def _fresh() -> None:
    """Forgets what the runtime worked out before this test: mutmut forks
    each mutant's run from a process that has run the tests once, and a
    cache filled there (a compiled pattern or format expression, a catalog
    read from facts, the last string scrubbed or written) would keep the
    mutant's code from running at all."""
    from errgen_runtime import check, conformance, sanitize, write

    check._COMPILED.clear()
    for v in vars(check).values():
        if isinstance(v, check._Linear):
            v.compiled = None
    conformance._catalogs.clear()
    sanitize._last[0] = ("", "", "")
    write._last_text[0] = (None, None, None, None, None, None, "")


@pytest.mark.parametrize("name", CATALOGS)
def test_vectors(name: str) -> None:
    from errgen_runtime import Catalog
    from errgen_runtime.conformance import serve

    _fresh()
    vectors = _vectors(name)
    if name != RULES_FROM:
        # the rules catalogs' vectors are the same in every file: judged once
        vectors = [v for v in vectors if not str(v["id"]).startswith("rules-catalog/")]
    catalog = Catalog(_facts(name))  # type: ignore[arg-type]
    out = io.BytesIO()
    serve(catalog, io.BytesIO(b"".join(_line(v) for v in vectors)), out)
    to_refuse = {v["id"] for v in vectors if "refused" in v}  # type: ignore[index,operator]
    got: dict[str, dict[str, object]] = {}
    unread = 0  # the answers with the id "": one to each line no runner reads
    for line in out.getvalue().split(b"\n"):
        if not line.strip():
            continue
        a = json.loads(line)
        if a.get("id") == "" and a.get("error"):
            unread += 1
            continue
        assert isinstance(a, dict) and isinstance(a.get("id"), str) and a["id"], f"{name}: not an answer: {line[:200]!r}"
        refused = a["id"] in to_refuse
        assert bool(a.get("error")) == refused, f"{name} {a['id']}: the runner answered {a.get('error') or 'payloads'}, the vector wants {'a refusal' if refused else 'payloads'}"
        assert a["id"] not in got, f"{name} {a['id']}: answered twice"
        got[a["id"]] = a
    unreadable = sum(1 for v in vectors if "unreadable" in v)
    assert unread == unreadable, f"{name}: {unread} answers with the id \"\" to {unreadable} lines no runner reads"
    assert len(got) + unread == len(vectors), f"{name}: {len(got)} answers for {len(vectors)} vectors"
    for v in vectors:
        if "unreadable" in v:
            continue
        a = got.get(v["id"])  # type: ignore[call-overload]
        assert a is not None, f"{name} {v['id']}: no answer"
        if "advice" in v:
            assert a.get("advice") == v["advice"], f"{name} {v['id']}: advice {a.get('advice')}, want {v['advice']}"  # type: ignore[index]
            continue
        p: dict[str, str] = a.get("payloads") or {}  # type: ignore[assignment]
        reported: dict[str, list[object]] = a.get("violations") or {}  # type: ignore[assignment]
        for f in FORMATS:
            want = v.get("expect", {}).get(f)  # type: ignore[attr-defined]
            if want is None:
                continue
            assert p.get(f) == want, f"{name} {v['id']} {f}:\n got {p.get(f)}\nwant {want}"
            violations = v.get("violations", [])  # type: ignore[attr-defined]
            assert reported.get(f) == violations, f"{name} {v['id']} {f} violations:\n got {reported.get(f)}\nwant {violations}"
        if "http" in v:
            assert a.get("http") == v["http"], f"{name} {v['id']} http: {a.get('http')}, want {v['http']}"  # type: ignore[index]
