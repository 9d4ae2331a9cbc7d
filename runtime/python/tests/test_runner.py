"""The conformance runner reads every line as "Reading the input" says and
answers each with one line, whatever it holds."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import fixture_errors as fx
from fixture_errors._rt.conformance import answer
from fixture_errors.facts import FACTS

from conftest import PACKAGE_ROOT

OPTIONS = {"now": "2026-01-02T03:04:05Z", "instance": "urn:x"}


def line(v: object) -> bytes:
    return json.dumps(v).encode()


def ok(input_: object) -> dict[str, object]:
    a = answer(fx.CATALOG, line({"id": "a", "input": input_}))
    assert "payloads" in a, a
    payloads = a["payloads"]
    assert isinstance(payloads, dict)
    return payloads


def refused(raw: bytes, id_: str = "a") -> None:
    a = answer(fx.CATALOG, raw)
    assert a["id"] == id_ and "error" in a and "payloads" not in a, a


def test_unreadable_lines_get_the_empty_id() -> None:
    refused(b"\xff\xfe", "")
    refused(b"\xef\xbb\xbf" + line({"id": "a"}), "")  # a byte order mark
    refused(line({"id": "a"}) + b" x", "")
    refused(b"[1]", "")
    refused(b'{"id": 1}', "")
    refused(b'{"id": "a", "input": NaN}', "")
    deep = b'{"id":"a","input":' + b"[" * 100 + b"]" * 100 + b"}"
    refused(deep, "")
    at_limit = b'{"id":"a","input":' + b"[" * 99 + b"]" * 99 + b"}"
    refused(at_limit, "a")  # readable, and its input refused


def test_inputs_of_another_type_are_refused() -> None:
    base = {"kind": "error", "symbol": "E_UNAVAILABLE", "details": {"service": "db"}, "options": OPTIONS}
    for change in (
        {"status": "503"},
        {"cause": [1]},
        {"kind": "bogus"},
        {"symbol": "E_NOPE"},
        {"details": []},
        {"details": {"service": 5}},
        {"options": {**OPTIONS, "now": "2026-02-30T00:00:00Z"}},
        {"options": {**OPTIONS, "now": "2026-01-02T03:04:05.5Z"}},
        {"options": {"now": OPTIONS["now"]}},
        {"retryable": "yes"},
        {"options": {**OPTIONS, "maxDataBytes": 1.5}},
    ):
        refused(line({"id": "a", "input": {**base, **change}}))


def test_json_as_json_parse_reads_it() -> None:
    raw = b'{"id":"a","input":{"kind":"error","symbol":"E_INTERNAL","data":[{"key":"n","value":9007199254740993},{"key":"big","value":1e400}],'
    p = answer(fx.CATALOG, raw + b'"options":{"now":"2026-01-02T03:04:05Z","instance":"i"}}}')["payloads"]
    assert '"n":9007199254740992,"big":1.7976931348623157e+308' in str(p["jsonrpc"])
    raw = b'{"id":"a","input":{"kind":"error","symbol":"E_INTERNAL","data":[{"key":"s","value":"\\ud800x"}],'
    raw += b'"options":{"now":"2026-01-02T03:04:05Z","instance":"i"}},"id":"b"}'
    a = answer(fx.CATALOG, raw)
    assert a["id"] == "b" and '"s":"\ufffdx"' in json.loads(json.dumps(a))["payloads"]["jsonrpc"]
    ints = ok({"kind": "error", "symbol": "E_FS_QUOTA", "details": {"user": "alice", "limit": 5e1, "used": 1, "zone": "eu"}, "options": OPTIONS})
    assert '"limit":50' in str(ints["response"])


def test_the_runner_answers_every_line_and_skips_blank_ones() -> None:
    lines = [
        line({"id": "1", "input": {"kind": "foreign", "cause": ["boom"], "options": OPTIONS}}),
        b"",
        b"   \t\r",
        b"not json",
        "\u0085".encode(),  # not JSON white space: unreadable, not blank
        b"\xff",
        line({"id": "2", "input": {"kind": "definition", "symbol": "E_INVALID", "options": OPTIONS}}),
    ]
    env = {**os.environ, "PYTHONPATH": PACKAGE_ROOT}
    out = subprocess.run(
        [sys.executable, "-m", "fixture_errors.conformance"], input=b"\n".join(lines), capture_output=True, env=env, check=True, timeout=60
    ).stdout
    answers = [json.loads(x) for x in out.splitlines()]
    assert [a["id"] for a in answers] == ["1", "", "", "", "2"]
    assert "payloads" in answers[0] and "error" in answers[1] and json.loads(answers[4]["payloads"]["response"])["code"] == "E_VALIDATION"


def test_a_cause_given_as_text_is_that_text_empty_included() -> None:
    p = ok({"kind": "foreign", "cause": ["", "boom"], "options": {**OPTIONS, "verbose": True}})
    assert '"errorChain":["","boom"]' in str(p["problem"])


def test_the_clock_reads_the_year_0() -> None:
    p = ok({"kind": "foreign", "cause": ["boom"], "options": {**OPTIONS, "now": "0000-02-29T23:59:59Z"}})
    assert '"timestamp":"0000-02-29T23:59:59Z"' in str(p["problem"])
    refused(line({"id": "a", "input": {"kind": "foreign", "options": {**OPTIONS, "now": "0001-02-29T00:00:00Z"}}}))


def other_facts(**changes: object) -> dict[str, object]:
    """The fixture's facts as those of another catalog: its name, its
    schemaVersion and E_UNAVAILABLE's title and message changed, and the
    changes given."""
    facts = json.loads(json.dumps(FACTS))
    facts.update(name="other", schemaVersion=7)
    for d in facts["errors"]:
        if d["symbol"] == "E_UNAVAILABLE":
            d["title"] = "Other title"
            d["message"] = {"source": "Other {service}", "parts": [{"text": "Other "}, {"field": "service"}]}
    facts.update(changes)
    return facts


UNAVAILABLE = {"kind": "error", "symbol": "E_UNAVAILABLE", "details": {"service": "db"}, "options": OPTIONS}


def test_an_input_is_rendered_with_the_catalog_of_its_facts() -> None:
    own = ok(UNAVAILABLE)
    assert ok({**UNAVAILABLE, "catalog": None}) == own
    assert ok({**UNAVAILABLE, "catalog": FACTS}) == own
    other = ok({**UNAVAILABLE, "catalog": other_facts()})
    assert '"title":"Other title","status":503,"detail":"Other db"' in other["problem"]
    assert '"schemaVersion":7' in other["jsonrpc"]
    assert ok(UNAVAILABLE) == own  # the next line: the runner's own catalog again
    # integers read exactly, as the package reads its facts: no 503.0
    raw = line({"id": "a", "input": {**UNAVAILABLE, "catalog": other_facts(schemaVersion=9007199254740993)}})
    assert '"schemaVersion":9007199254740993' in str(answer(fx.CATALOG, raw)["payloads"]["jsonrpc"])  # type: ignore[index]


def test_facts_the_runtime_cannot_read_are_refused() -> None:
    broken = other_facts()
    broken["errors"][0]["statuses"] = []  # type: ignore[index]
    for catalog in (
        "facts",
        2,
        [],
        other_facts(facts=3),
        other_facts(facts=None),
        other_facts(fallback="E_NOPE"),
        other_facts(errors=None),
        other_facts(limits={"maxDataBytes": 16384}),
        other_facts(shapes=[{"name": 1}]),
        broken,
    ):
        refused(line({"id": "a", "input": {**UNAVAILABLE, "catalog": catalog}}))
        assert ok({**UNAVAILABLE, "catalog": other_facts()})  # and the next line is answered


def test_the_runner_keeps_a_few_catalogs() -> None:
    from fixture_errors._rt import conformance

    for i in range(conformance.MAX_CATALOGS + 3):
        ok({**UNAVAILABLE, "catalog": other_facts(version=f"1.0.{i}")})
    assert len(conformance._catalogs) == conformance.MAX_CATALOGS
    kept = dict(conformance._catalogs)
    ok({**UNAVAILABLE, "catalog": other_facts(version=f"1.0.{conformance.MAX_CATALOGS + 2}")})
    assert conformance._catalogs == kept  # built once
