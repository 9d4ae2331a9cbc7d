"""Retry classes and delays (issue 52): the catalog's class and default
delay, the occurrence's delay and the retryable option moving the class,
the members every payload carries, Retry-After over HTTP, the runner's
retryAfterMs input and the advice a client reads from any payload."""

from __future__ import annotations

import copy
import json
import math
import socket
import threading
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import fixture_errors as fx
import httpx
import pytest
import uvicorn
from fixture_errors import client
from fixture_errors import starlette as problems
from fixture_errors._rt.conformance import answer
from fixture_errors._rt.core import Catalog, normalize_retry_after_ms, retry_after_header
from fixture_errors.core_errors import ConflictError, InternalError, RateLimitedError, UnavailableError
from fixture_errors.facts import FACTS
from fixture_errors.files_errors import FsBadNameError, FsTooLargeError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route
from starlette.testclient import TestClient

FIXED = fx.Options(now=lambda: datetime(2026, 1, 2, 3, 4, 5, tzinfo=timezone.utc), instance=lambda: "urn:test")
DAY = 86_400_000


def payloads(err: object, options: fx.Options = FIXED) -> list[dict[str, Any]]:
    """The JSON-RPC error's data, the problem document and the plain
    response of err: the three objects that carry retry and retryAfterMs."""
    return [
        json.loads(fx.render_jsonrpc_error(err, options))["data"],
        json.loads(fx.render_problem(err, options)),
        json.loads(fx.render_response(err, options)),
    ]


def wire(err: object, *, occurrence: bool = True) -> tuple[str, int | None]:
    """The retry class and delay every payload of err carries, checked to
    be the same in each (and, unless the payloads are of a fallback, in the
    occurrence's own properties)."""
    seen = {(p["retry"], p.get("retryAfterMs")) for p in payloads(err)}
    assert len(seen) == 1, seen
    retry, ms = seen.pop()
    e = fx.from_error(err)
    if occurrence:
        assert (e.retry, e.retry_after_ms, e.retryable) == (retry, ms, retry == "after_delay")
    for p in payloads(err)[:2]:
        assert p["retryable"] is (retry == "after_delay")
    return retry, ms


def test_the_facts_hold_the_class_the_delay_and_the_rules() -> None:
    assert FACTS["facts"] == 2 and FACTS["rules"]["maxRetryAfterMs"] == DAY
    by = {e["symbol"]: e for e in FACTS["errors"]}
    assert by["E_RATE_LIMITED"]["retry"] == "after_delay" and by["E_RATE_LIMITED"]["retryAfterMs"] == 30000
    assert by["E_RATE_LIMITED"]["throttling"] is True and "throttling" not in by["E_UNAVAILABLE"]
    assert by["E_UNAVAILABLE"]["retry"] == "after_delay" and "retryAfterMs" not in by["E_UNAVAILABLE"]
    assert by["E_CONFLICT"]["retry"] == "after_change" and by["E_INTERNAL"]["retry"] == "never"
    for e in FACTS["errors"]:
        assert e["retryable"] is (e["retry"] == "after_delay")
    assert RateLimitedError(service="db").throttling and not UnavailableError(service="db").throttling


def test_a_runtime_refuses_facts_of_another_format() -> None:
    for version in (1, 3, None):
        facts = {**copy.deepcopy(dict(FACTS)), "facts": version}
        with pytest.raises(ValueError, match="this runtime reads format 2"):
            Catalog(facts)


@pytest.mark.parametrize(
    ("given", "want"),
    [
        (0, 0),
        (-0.0, 0),
        (0.0, 0),
        (5e-324, 1),
        (0.1, 1),
        (1.0, 1),
        (1500.0001, 1501),
        (1500, 1500),
        (DAY - 0.5, DAY),
        (DAY, DAY),
        (DAY + 0.5, DAY),
        (DAY + 1, DAY),
        (1e300, DAY),
        (10**400, DAY),  # an int past every double, taken exactly
        (math.inf, DAY),
        (math.nan, None),
        (-1, None),
        (-0.5, None),
        (-5e-324, None),
        (-(10**400), None),
        (-math.inf, None),
    ],
)
def test_the_normalizing_rule(given: float, want: int | None) -> None:
    assert normalize_retry_after_ms(given, DAY) == want
    # on the wire: an ignored delay is the catalog's default (30 s), else none
    assert wire(RateLimitedError(service="db", retry_after_ms=given)) == ("after_delay", 30000 if want is None else want)
    assert wire(UnavailableError(service="db", retry_after_ms=given)) == ("after_delay", want)


def test_the_delay_is_an_int_or_a_float() -> None:
    for wrong in (True, False, "1000", [1000], {"ms": 1}, 1j):
        with pytest.raises(TypeError, match="E_RATE_LIMITED: retry_after_ms must be an int or a float"):
            RateLimitedError(service="db", retry_after_ms=wrong)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="retry_after_ms"):
            fx.new("E_CONFLICT", retry_after_ms=wrong)  # type: ignore[arg-type]
    assert wire(RateLimitedError(service="db", retry_after_ms=None)) == ("after_delay", 30000)


DB = {"service": "db"}


@pytest.mark.parametrize(
    ("symbol", "details", "retryable", "want"),
    [
        # the catalog's class, moved by the retryable option
        ("E_RATE_LIMITED", DB, None, ("after_delay", 30000)),
        ("E_RATE_LIMITED", DB, True, ("after_delay", 30000)),
        ("E_RATE_LIMITED", DB, False, ("never", None)),
        ("E_UNAVAILABLE", DB, None, ("after_delay", None)),
        ("E_UNAVAILABLE", DB, False, ("never", None)),
        ("E_CONFLICT", None, None, ("after_change", None)),
        ("E_CONFLICT", None, True, ("after_delay", None)),
        ("E_CONFLICT", None, False, ("after_change", None)),
        ("E_INTERNAL", None, None, ("never", None)),
        ("E_INTERNAL", None, True, ("after_delay", None)),
        ("E_INTERNAL", None, False, ("never", None)),
    ],
)
def test_the_retryable_option_moves_the_class(symbol: str, details: dict[str, object] | None, retryable: bool | None, want: tuple[str, int | None]) -> None:
    err = fx.new(symbol, details, retryable=retryable)
    assert wire(err) == want and err.retryable is (want[0] == "after_delay")
    # a delay of the occurrence is written only while it is retried after a delay
    delayed = fx.new(symbol, details, retryable=retryable, retry_after_ms=1234.5)
    assert wire(delayed) == (want[0], 1235 if want[0] == "after_delay" else None)


def test_the_members_in_their_places_byte_for_byte() -> None:
    err = RateLimitedError(service="db", status=503, retry_after_ms=2000, instance="urn:i")
    assert fx.render_jsonrpc_error(err, FIXED) == (
        '{"code":1003,"message":"Too many requests to db","data":{"domain":"core","symbol":"E_RATE_LIMITED","retryable":true,'
        '"retry":"after_delay","retryAfterMs":2000,"context":{"schemaVersion":1,"type":"rate_limited","details":{"service":"db"},"retryable":true}}}'
    )
    assert fx.render_problem(err, FIXED) == (
        '{"type":"https://errors.example.com/fixture/rate-limited","title":"Rate limited","status":503,"detail":"Too many requests to db",'
        '"instance":"urn:i","timestamp":"2026-01-02T03:04:05Z","symbol":"E_RATE_LIMITED","retryable":true,"retry":"after_delay",'
        '"retryAfterMs":2000,"service":"db"}'
    )
    assert fx.render_response(err, FIXED) == (
        '{"error":true,"code":"E_RATE_LIMITED","message":"Too many requests to db","details":{"service":"db"},"retry":"after_delay","retryAfterMs":2000}'
    )
    tool = json.loads(fx.render_tool_result(err, FIXED))
    assert tool["content"][0]["text"] == fx.render_problem(err, FIXED)
    # before the user message and suggestions, and in a response without details
    big = json.loads(fx.render_problem(FsTooLargeError(resource="r", limit=1, actual=2, unit="bytes", retryable=True, retry_after_ms=7), FIXED))
    keys = list(big)
    assert keys[keys.index("retryable") : keys.index("retryable") + 4] == ["retryable", "retry", "retryAfterMs", "userMessage"]
    assert fx.render_response(ConflictError(), FIXED) == '{"error":true,"code":"E_CONFLICT","message":"The resource changed","retry":"after_change"}'


def test_legacy_data_and_extensions_never_spoof_the_members() -> None:
    spoof = [("retry", "never"), ("retryAfterMs", 1), ("note", "kept")]
    err = RateLimitedError(service="db", data=spoof, extensions=spoof)
    rpc, problem, _ = payloads(err)
    for doc in (rpc, problem):
        assert doc["retry"] == "after_delay" and doc["retryAfterMs"] == 30000 and doc["note"] == "kept"
    text = fx.render_jsonrpc_error(err, FIXED)
    assert text.count('"retry"') == 1 and text.count('"retryAfterMs"') == 1


def test_minimal_payloads_keep_the_members_and_the_fallback_has_its_own() -> None:
    small = fx.Options(max_data_bytes=512, max_string_bytes=1024, now=FIXED.now, instance=FIXED.instance)
    err = RateLimitedError(service="d" * 600, retry_after_ms=99, data={"pad": "x"})
    for p in payloads(err, small):
        assert p["retry"] == "after_delay" and p["retryAfterMs"] == 99
    minimal = fx.render_jsonrpc_error(err, small)
    assert "pad" not in minimal and '"service":"' + "d" * 61 + '..."' in minimal
    # details that fail: the fallback, with none of the occurrence's members
    failed = FsBadNameError(name="NOT LOWER", retryable=True, retry_after_ms=5000)
    assert wire(failed, occurrence=False) == ("never", None) and fx.problem_of(failed, FIXED)[0] == 500
    assert (failed.retry, failed.retry_after_ms) == ("after_delay", 5000)  # the occurrence's, which the fallback does not carry
    assert fx.http_problem(failed, FIXED)[2] is None
    assert fx.http_problem(RateLimitedError(service="db", retry_after_ms=1001), FIXED)[::2] == (429, 1001)


def test_retry_after_header_is_whole_seconds_rounded_up() -> None:
    for ms, want in ((0, "0"), (1, "1"), (999, "1"), (1000, "1"), (1001, "2"), (30000, "30"), (DAY, "86400")):
        assert retry_after_header(ms) == want


async def rate_limited(request: Request) -> PlainTextResponse:
    ms = request.query_params.get("ms")
    raise RateLimitedError(service="api", retry_after_ms=float(ms) if ms is not None else None)


async def unavailable(request: Request) -> PlainTextResponse:
    raise UnavailableError(service="db")


async def bad_name(request: Request) -> PlainTextResponse:
    raise FsBadNameError(name="NOT LOWER", retryable=True, retry_after_ms=5000)


def test_http_answers_carry_retry_after() -> None:
    app = Starlette(routes=[Route("/limited", rate_limited), Route("/unavailable", unavailable), Route("/bad", bad_name)])
    problems.install(app)
    with TestClient(app, raise_server_exceptions=False) as http:
        r = http.get("/limited")
        assert r.status_code == 429 and r.headers["retry-after"] == "30" and r.json()["retryAfterMs"] == 30000
        r = http.get("/limited", params={"ms": "1500.5"})
        assert r.headers["retry-after"] == "2" and r.json()["retryAfterMs"] == 1501
        r = http.get("/limited", params={"ms": "nan"})
        assert r.headers["retry-after"] == "30"
        r = http.get("/unavailable")  # retried, but with no delay
        assert r.status_code == 503 and r.json()["retry"] == "after_delay" and "retry-after" not in r.headers
        r = http.get("/bad")  # the fallback written: neither the occurrence's class nor its delay
        assert r.status_code == 500 and r.json()["retry"] == "never" and "retry-after" not in r.headers
    # a caller's header stays where the document has no delay, and gives way where it has one
    r = problems.problem_response(UnavailableError(service="db"), headers={"Retry-After": "5"})
    assert r.headers["retry-after"] == "5"
    r = problems.problem_response(RateLimitedError(service="db", retry_after_ms=10), headers={"retry-after": "5", "X-Other": "y"})
    assert r.headers.getlist("retry-after") == ["1"] and r.headers["x-other"] == "y"


def test_a_real_server_sends_retry_after() -> None:
    """The same app served by uvicorn on 127.0.0.1 and asked over a socket
    by httpx: the status, Retry-After and the body's delay reach the
    client as a framework sends them."""
    app = Starlette(routes=[Route("/limited", rate_limited), Route("/unavailable", unavailable)])
    problems.install(app)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        for _ in range(500):
            if server.started:
                break
            time.sleep(0.01)
        base = "http://127.0.0.1:%d" % sock.getsockname()[1]
        r = httpx.get(base + "/limited", params={"ms": "2500"})
        assert r.status_code == 429 and r.headers["retry-after"] == "3" and r.json()["retryAfterMs"] == 2500
        assert r.headers["content-type"] == "application/problem+json"
        assert client.retry_advice(r.text) == client.RetryAdvice("retry", 2500)
        r = httpx.get(base + "/unavailable")
        assert r.status_code == 503 and "retry-after" not in r.headers and client.retry_advice(r.json()) == client.RetryAdvice("retry")
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


OPTIONS = {"now": "2026-01-02T03:04:05Z", "instance": "urn:x"}


def run(raw: bytes) -> dict[str, Any]:
    a = answer(fx.CATALOG, raw)
    assert "payloads" in a, a
    return {k: json.loads(v) for k, v in a["payloads"].items()}  # type: ignore[attr-defined]


def test_the_runner_reads_retry_after_ms_as_a_number() -> None:
    def line(ms: str, symbol: str = "E_RATE_LIMITED") -> bytes:
        return (
            b'{"id":"a","input":{"kind":"error","symbol":"'
            + symbol.encode()
            + b'","details":{"service":"db"},"retryAfterMs":'
            + ms.encode()
            + b',"options":'
            + json.dumps(OPTIONS).encode()
            + b"}}"
        )

    for ms, want in (
        ("1500", 1500),
        ("1500.25", 1501),
        ("-0", 0),
        ("5e-324", 1),
        ("1e400", DAY),
        ("-1e400", 30000),
        ("-3", 30000),
        ("1e-400", 0),
        ("null", 30000),
    ):
        p = run(line(ms))
        assert p["jsonrpc"]["data"]["retryAfterMs"] == want, ms
        assert p["problem"]["retryAfterMs"] == want and p["response"]["retryAfterMs"] == want
        assert json.loads(p["toolResult"]["content"][0]["text"])["retryAfterMs"] == want
    assert "retryAfterMs" not in run(line("-1", "E_UNAVAILABLE"))["problem"]
    for wrong in ('"1000"', "true", "{}", "[1]"):
        a = answer(fx.CATALOG, line(wrong))
        assert a["id"] == "a" and "retryAfterMs" in str(a.get("error")), a


# ---------------------------------------------------------------- clients


def advice(action: str, delay_ms: int | None = None) -> client.RetryAdvice:
    return client.RetryAdvice(action, delay_ms)  # type: ignore[arg-type]


def every_form(err: object) -> list[object]:
    """Each payload of err in every form a client may hold it: the JSON-RPC
    error object, a response holding it, the problem document, the plain
    response, the tool result (text only, and with structuredContent), a
    JSON-RPC response holding the tool result; dicts, text and bytes."""
    rpc = fx.render_jsonrpc_error(err, FIXED)
    problem = fx.render_problem(err, FIXED)
    tool = json.loads(fx.render_tool_result(err, FIXED))
    out: list[object] = [
        rpc,
        json.loads(rpc),
        {"jsonrpc": "2.0", "id": 1, "error": json.loads(rpc)},
        problem,
        problem.encode(),
        json.loads(problem),
        fx.render_response(err, FIXED),
        tool,
        {**tool, "structuredContent": json.loads(problem)},
        {"jsonrpc": "2.0", "id": 2, "result": tool},
        client.parse_problem_details(problem),
    ]
    return out


@pytest.mark.parametrize(
    ("err", "want"),
    [
        (RateLimitedError(service="db"), advice("retry", 30000)),
        (RateLimitedError(service="db", retry_after_ms=0.5), advice("retry", 1)),
        (UnavailableError(service="db"), advice("retry")),
        (ConflictError(), advice("change")),
        (ConflictError(retryable=True, retry_after_ms=10), advice("retry", 10)),
        (RateLimitedError(service="db", retryable=False), advice("never")),
        (InternalError(), advice("never")),
        (RuntimeError("crash"), advice("never")),
    ],
)
def test_retry_advice_of_every_payload(err: object, want: client.RetryAdvice) -> None:
    for form in every_form(err):
        assert client.retry_advice(form) == want, form


def test_retry_advice_of_sdk_objects() -> None:
    from fixture_errors import mcp

    err = RateLimitedError(service="db", retry_after_ms=250)
    assert client.retry_advice(mcp.to_mcp_error(err)) == advice("retry", 250)
    assert client.retry_advice(mcp.to_mcp_error(err).error) == advice("retry", 250)
    assert client.retry_advice(mcp.tool_result(err)) == advice("retry", 250)
    assert client.retry_advice(mcp.tool_result(err, structured_content=False)) == advice("retry", 250)
    assert client.retry_advice(mcp.tool_result(ConflictError())) == advice("change")


def test_retry_advice_of_a_newer_catalog_and_of_an_older_payload() -> None:
    newer = {
        "code": 4290,
        "message": "slow down",
        "data": {"domain": "x", "symbol": "E_NEWER", "retryable": True, "retry": "after_delay", "retryAfterMs": 1200, "context": {}},
    }
    u = client.parse_jsonrpc_error(newer)
    assert isinstance(u, client.UnknownError) and u.retry == "after_delay" and u.retry_after_ms == 1200
    assert client.retry_advice(u) == client.retry_advice(newer) == advice("retry", 1200)
    problem = {"type": "https://new/", "title": "New", "status": 409, "symbol": "E_NEWER", "retryable": False, "retry": "after_change"}
    p = client.parse_problem_details(problem)
    assert isinstance(p, client.UnknownError) and p.retry == "after_change" and p.retry_after_ms is None
    assert client.retry_advice(p) == advice("change")
    r = client.parse_error_response({"error": True, "code": "E_NEWER", "message": "m", "retry": "after_delay", "retryAfterMs": 5})
    assert isinstance(r, client.UnknownError) and r.retryable and r.retry_after_ms == 5 and client.retry_advice(r) == advice("retry", 5)
    # a class this runtime does not know: the flag decides
    assert client.retry_advice({**problem, "retry": "after_quota", "retryable": True, "retryAfterMs": 9}) == advice("retry", 9)
    assert client.retry_advice({**problem, "retry": "after_quota"}) == advice("never")
    assert client.retry_advice({**problem, "retry": 7, "retryable": True}) == advice("retry")
    # an older payload, without retry: the flag, and a delay only for retry
    older = json.loads(fx.render_jsonrpc_error(UnavailableError(service="db"), FIXED))
    del older["data"]["retry"]
    assert client.retry_advice(older) == advice("retry") and client.is_jsonrpc_error(older)
    del older["data"]["retryable"]
    assert client.retry_advice(older) == advice("never")  # the data's members alone, as errgenrt reads them
    old_problem = {"type": "t", "title": "T", "status": 503, "retryable": True, "retryAfterMs": 40}
    assert client.retry_advice(old_problem) == advice("retry", 40)
    assert client.retry_advice({**old_problem, "retryable": False}) == advice("never")
    assert client.retry_advice({"error": True, "code": "E_OLD", "message": "m", "details": {}}) == advice("never")
    # a delay that is no whole number from 0 to 2^53 - 1 is none, as errgenrt reads it
    for ms in (-1, 1.5, "10", True, None, math.inf, math.nan, 1 << 53, 1 << 63):
        assert client.retry_advice({**old_problem, "retry": "after_delay", "retryAfterMs": ms}) == advice("retry"), ms
    for ms in (3e3, 3000.0, 3000):
        assert client.retry_advice({**old_problem, "retry": "after_delay", "retryAfterMs": ms}) == advice("retry", 3000), ms
    assert client.retry_advice('{"retry":"after_delay","retryAfterMs":3e3}') == advice("retry", 3000)
    assert client.retry_advice('{"retry":"after_delay","retryAfterMs":9007199254740991}') == advice("retry", (1 << 53) - 1)
    assert client.retry_advice({**old_problem, "retry": "after_delay", "retryAfterMs": 0}) == advice("retry", 0)
    # a tool result is read by its content, isError or not; the result itself when it carries no document
    doc = json.dumps({"retry": "after_delay", "retryAfterMs": 7})
    assert client.retry_advice({"content": [{"type": "image"}, {"type": "text", "text": "x"}, {"type": "text", "text": doc}]}) == advice("retry", 7)
    assert client.retry_advice({"content": [], "retryable": True}) == advice("retry")


def test_retry_advice_never_raises() -> None:
    class Odd:
        def __getattr__(self, name: str) -> object:
            return self

    for junk in (
        None,
        1,
        "not json",
        b"\xff",
        [],
        {},
        {"error": {"error": {"error": {}}}},
        {"isError": True},
        Odd(),
        {"result": {"isError": True, "content": [1]}},
    ):
        assert client.retry_advice(junk) == advice("never"), junk


def test_parsers_check_the_members_types() -> None:
    doc = json.loads(fx.render_problem(RateLimitedError(service="db"), FIXED))
    assert client.parse_problem_details(doc) == doc and client.is_retryable(doc)
    for bad in ({"retry": 1}, {"retryAfterMs": -1}, {"retryAfterMs": "30"}, {"retryAfterMs": 1.5}):
        assert client.parse_problem_details({**doc, **bad}) is None, bad
    response = json.loads(fx.render_response(ConflictError(retryable=True), FIXED))
    assert client.is_error_response(response) and client.is_retryable(response)
    assert not client.is_retryable(json.loads(fx.render_response(RateLimitedError(service="db", retryable=False), FIXED)))
    assert client.extensions_of(doc) == {}


def test_retry_advice_reads_every_payload_as_errgenrt_does() -> None:
    """runtime/fixtures/retry-advice.jsonl: every form of error payload, with
    the advice errgenrt.AdviseRetry gives for it; retry_advice gives the
    same, from the payload's JSON text and from the parsed value."""
    fixture = Path(__file__).resolve().parents[2] / "fixtures" / "retry-advice.jsonl"
    lines = [json.loads(line) for line in fixture.read_text(encoding="utf-8").splitlines()]
    assert len(lines) > 50
    for line in lines:
        want = client.RetryAdvice(line["action"], line["delayMs"])
        assert client.retry_advice(line["payload"]) == want, line["payload"]
        assert client.retry_advice(json.loads(line["payload"])) == want, line["payload"]
