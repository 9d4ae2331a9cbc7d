"""The otel module on the real OpenTelemetry SDK, its in-memory exporters
reading what it records: the active span's attributes and status, one
"exception" log record and the errgen.errors counter for each error the
adapters send, through the MCP SDK's own client and session and through
Starlette served by uvicorn on 127.0.0.1 under a server span; planted
secrets never exported; the counter bounded by the catalog's symbols and
equal to the metrics snapshot; nothing recorded, and OpenTelemetry not
even imported, without it."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any

import anyio
import httpx
import pytest
import uvicorn
from fixture_errors import otel as package_otel
from fixture_errors import starlette as package_starlette
from fixture_errors._rt import otel
from fixture_errors._rt.core import Catalog, CatalogError, Options
from fixture_errors._rt.mcp import Adapter as McpAdapter
from fixture_errors._rt.starlette import Adapter as StarletteAdapter
from fixture_errors.core_errors import UnavailableError
from fixture_errors.facts import FACTS
from mcp import types
from mcp.server.fastmcp import FastMCP
from mcp.shared.exceptions import McpError
from mcp.shared.memory import create_connected_server_and_client_session
from opentelemetry.sdk._logs import LoggerProvider
from opentelemetry.sdk._logs.export import InMemoryLogRecordExporter, SimpleLogRecordProcessor
from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import InMemoryMetricReader
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import Span, SpanKind, StatusCode
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from conftest import PACKAGE_ROOT

#: planted secrets: a sensitive detail's value, a verbose-only detail's, a foreign exception's text, a cause's text (no opt-in)
TOKEN = "tok_SENSITIVE_4b1d"
OWNER = "owner_SENSITIVE_77c2"
CONFIG = "/etc/VERBOSE_SECRET_51a0/app.conf"
FOREIGN = "password=FOREIGN_SECRET_0c3e"
CAUSE = "dsn=CAUSE_SECRET_9a6f"
SECRETS = (TOKEN, OWNER, CONFIG, FOREIGN, CAUSE)

#: a detail of each error of the fixture catalog that makes its payload valid
DETAILS: dict[str, dict[str, object]] = {
    "E_UNAVAILABLE": {"service": "db"},
    "E_RATE_LIMITED": {"service": "search"},
    "E_VALIDATION": {"fieldErrors": {}, "totalErrors": 0},
    "E_FS_TOO_LARGE": {"resource": "file", "limit": 10, "actual": 20, "unit": "bytes"},
    "E_FS_DENIED": {"path": "/srv/x", "token": "t"},
    "E_FS_BAD_NAME": {"name": "abc"},
    "E_FS_AUDIT": {"owner": "o"},
    "E_FS_QUOTA": {"user": "alice", "limit": 50, "used": 12.5, "zone": "eu"},
}


class Telemetry:
    """A catalog of the fixture's facts of its own, recorded by the otel
    module into the SDK's in-memory exporters, with a tracer for the
    server spans the tests start."""

    def __init__(self) -> None:
        self.catalog: Catalog[Any] = Catalog(FACTS)
        self.spans = InMemorySpanExporter()
        self.tracer_provider = TracerProvider()
        self.tracer_provider.add_span_processor(SimpleSpanProcessor(self.spans))
        self.tracer = self.tracer_provider.get_tracer("test")
        self.reader = InMemoryMetricReader()
        self.meter_provider = MeterProvider(metric_readers=[self.reader])
        self.logs = InMemoryLogRecordExporter()
        self.logger_provider = LoggerProvider()
        self.logger_provider.add_log_record_processor(SimpleLogRecordProcessor(self.logs))
        self.handle = self.install()

    def install(self) -> otel.Handle:
        return otel.install(self.catalog, meter_provider=self.meter_provider, logger_provider=self.logger_provider)

    @contextmanager
    def server_span(self, name: str = "request") -> Iterator[Span]:
        """A server span, current while the block runs, that leaves its
        status to the otel module (as an instrumentation that answers the
        exception itself)."""
        with self.tracer.start_as_current_span(name, kind=SpanKind.SERVER, record_exception=False, set_status_on_exception=False) as span:
            yield span

    def finished(self) -> list[ReadableSpan]:
        return list(self.spans.get_finished_spans())

    def span(self, name: str) -> ReadableSpan:
        (span,) = [s for s in self.finished() if s.name == name]
        return span

    def records(self) -> list[Any]:
        return [r.log_record for r in self.logs.get_finished_logs()]

    def points(self) -> list[tuple[dict[str, Any], int]]:
        """The errgen.errors points a collection exports now."""
        out: list[tuple[dict[str, Any], int]] = []
        data = self.reader.get_metrics_data()
        for rm in data.resource_metrics if data is not None else ():
            for sm in rm.scope_metrics:
                for m in sm.metrics:
                    if sm.scope.name == "errgen" and m.name == "errgen.errors":
                        assert m.unit == "{error}" and m.description == "Errors errgen rendered, by catalog symbol"
                        out.extend((dict(p.attributes or {}), int(p.value)) for p in m.data.data_points)  # type: ignore[union-attr]
        return out

    def exported(self) -> str:
        """Everything exported, serialized: spans (names, attributes,
        status, events), log records (body, attributes), metrics."""
        data = self.reader.get_metrics_data()
        parts = [s.to_json() for s in self.finished()] + [r.to_json() for r in self.logs.get_finished_logs()]
        parts.append(data.to_json() if data is not None else "")
        return "\n".join(parts)

    def close(self) -> None:
        self.handle.uninstall()
        self.tracer_provider.shutdown()
        self.meter_provider.shutdown()
        self.logger_provider.shutdown()


@pytest.fixture
def tel() -> Iterator[Telemetry]:
    t = Telemetry()
    yield t
    t.close()


def errgen_attributes(span: ReadableSpan) -> dict[str, object]:
    return {k: v for k, v in (span.attributes or {}).items() if k.startswith("errgen.") or k in ("error.type", "rpc.response.status_code")}


def check_http(tel: Telemetry, name: str, symbol: str, status_error: bool) -> None:
    """The span named name and its one log record, for an error of symbol
    sent over HTTP."""
    span = tel.span(name)
    d = tel.catalog.definition(symbol)
    assert errgen_attributes(span) == {"errgen.error.symbol": symbol, "errgen.error.code": d["code"], "errgen.error.domain": d["domain"], "error.type": symbol}
    wire = tel.catalog.from_error(tel.catalog.new(symbol, DETAILS.get(symbol))).message
    if status_error:
        assert span.status.status_code is StatusCode.ERROR and span.status.description == wire
    else:
        assert span.status.status_code is StatusCode.UNSET and span.status.description is None
    (record,) = [r for r in tel.records() if r.span_id == span.context.span_id]
    assert record.event_name == "exception" and record.body is None
    assert (record.severity_number.value, record.severity_text) == ((17, "ERROR") if status_error else (13, "WARN"))
    assert dict(record.attributes) == {
        "exception.type": symbol,
        "exception.message": wire,
        "error.type": symbol,
        "errgen.error.symbol": symbol,
        "errgen.error.code": d["code"],
        "errgen.error.domain": d["domain"],
    }
    assert record.trace_id == span.context.trace_id


# ---------------------------------------------------------------- 1. per error class


def test_status_and_severity_by_error_class(tel: Telemetry) -> None:
    c = tel.catalog
    adapter = StarletteAdapter(c)
    cases: list[tuple[str, object, str, bool]] = [
        ("4xx", c.new("E_CONFLICT"), "E_CONFLICT", False),
        ("5xx", c.new("E_UNAVAILABLE", {"service": "db"}), "E_UNAVAILABLE", True),
        ("foreign", RuntimeError(FOREIGN), "E_INTERNAL", True),
        ("429", c.new("E_RATE_LIMITED", {"service": "search"}), "E_RATE_LIMITED", False),
        ("raised to 503", c.new("E_RATE_LIMITED", {"service": "search"}, status=503), "E_RATE_LIMITED", True),
    ]
    for name, err, _, _ in cases:
        with tel.server_span(name):
            response = adapter.problem_response(err)
        assert json.loads(bytes(response.body))["status"] == response.status_code
    for name, _, symbol, error in cases:
        check_http(tel, name, symbol, error)
    assert tel.span("raised to 503").status.description == "Too many requests to search"
    # record(): the same, for code that sends an error itself; with no span current, the log record alone
    with tel.server_span("recorded"):
        otel.record(c, c.new("E_UNAVAILABLE", {"service": "db"}))
    check_http(tel, "recorded", "E_UNAVAILABLE", True)
    otel.record(c, RuntimeError(FOREIGN))
    assert len(tel.records()) == len(cases) + 2 and tel.records()[-1].attributes["errgen.error.symbol"] == "E_INTERNAL"
    assert tel.exported().count("FOREIGN_SECRET") == 0


def test_details_without_a_valid_form_are_recorded_as_the_fallback_the_wire_carries(tel: Telemetry) -> None:
    with tel.server_span("invalid"):
        StarletteAdapter(tel.catalog).problem_response(tel.catalog.new("E_FS_BAD_NAME", {"name": "NOT valid"}))
    assert tel.span("invalid").attributes["error.type"] == "E_INTERNAL"  # type: ignore[index]


def mcp_server(c: Catalog[Any], tel: Telemetry) -> FastMCP:
    """A FastMCP server of the catalog c with handle_errors, each tools/call
    and prompts/get handled in a server span of its own (as an
    instrumentation of the SDK's session would)."""
    server = FastMCP("otel")

    def unavailable() -> str:
        raise c.new("E_UNAVAILABLE", {"service": "db"})

    def denied() -> str:
        raise c.new("E_FS_DENIED", {"path": "/srv/x", "token": TOKEN})

    def crash() -> str:
        raise RuntimeError(FOREIGN)

    def fine() -> str:
        return "fine"

    for fn in (unavailable, denied, crash, fine):
        server.add_tool(fn, name=fn.__name__, structured_output=False)

    @server.prompt()
    def big() -> str:
        raise c.new("E_FS_TOO_LARGE", {"resource": "file", "limit": 10, "actual": 20, "unit": "bytes", "config_source": CONFIG})

    McpAdapter(c).handle_errors(server)
    handlers = server._mcp_server.request_handlers

    def traced(handler: Callable[[Any], Awaitable[Any]]) -> Callable[[Any], Awaitable[Any]]:
        async def run(req: Any) -> Any:
            with tel.server_span(req.method + " " + req.params.name):
                return await handler(req)

        return run

    for kind in (types.CallToolRequest, types.GetPromptRequest):
        dict.__setitem__(handlers, kind, traced(handlers[kind]))  # outside the adapter's own wrapping
    return server


async def mcp_session(server: FastMCP) -> dict[str, object]:
    out: dict[str, object] = {}
    async with create_connected_server_and_client_session(server._mcp_server) as session:
        for name in ("unavailable", "denied", "crash", "fine"):
            try:
                out[name] = await session.call_tool(name, {})
            except McpError as exc:
                out[name] = exc
        try:
            out["big"] = await session.get_prompt("big")
        except McpError as exc:
            out["big"] = exc
    return out


def test_mcp_tool_and_jsonrpc_errors(tel: Telemetry) -> None:
    c = tel.catalog
    out = anyio.run(mcp_session, mcp_server(c, tel))
    assert isinstance(out["unavailable"], types.CallToolResult) and out["unavailable"].isError
    assert isinstance(out["crash"], types.CallToolResult) and out["crash"].isError
    assert isinstance(out["denied"], McpError) and out["denied"].error.code == 2001
    assert isinstance(out["big"], McpError) and out["big"].error.code == -32602
    # a tool error: tool_error, ERROR with the wire's message, WARN or ERROR by the HTTP status
    for name, symbol, severity in (("unavailable", "E_UNAVAILABLE", "ERROR"), ("crash", "E_INTERNAL", "ERROR")):
        span = tel.span("tools/call " + name)
        d = c.definition(symbol)
        assert errgen_attributes(span) == {
            "errgen.error.symbol": symbol,
            "errgen.error.code": d["code"],
            "errgen.error.domain": d["domain"],
            "error.type": "tool_error",
        }
        wire = c.from_error(c.new(symbol, DETAILS.get(symbol))).message
        assert span.status.status_code is StatusCode.ERROR and span.status.description == wire
        (record,) = [r for r in tel.records() if r.span_id == span.context.span_id]
        assert record.severity_text == severity and record.attributes["error.type"] == "tool_error" and record.attributes["exception.type"] == symbol
    # JSON-RPC errors: error.type and rpc.response.status_code the wire code, ERROR, a 4xx's log record WARN
    for name, symbol, wire_code in (("tools/call denied", "E_FS_DENIED", "2001"), ("prompts/get big", "E_FS_TOO_LARGE", "-32602")):
        span = tel.span(name)
        d = c.definition(symbol)
        assert errgen_attributes(span) == {
            "errgen.error.symbol": symbol,
            "errgen.error.code": d["code"],
            "errgen.error.domain": d["domain"],
            "error.type": wire_code,
            "rpc.response.status_code": wire_code,
        }
        assert span.status.status_code is StatusCode.ERROR and span.status.description
        (record,) = [r for r in tel.records() if r.span_id == span.context.span_id]
        assert record.severity_text == "WARN" and record.attributes["error.type"] == wire_code
        assert "rpc.response.status_code" not in record.attributes
    assert tel.span("tools/call denied").status.description == "Access to /srv/x is denied (<redacted>)"
    # once per request: one log record each, nothing for the tool that did not fail
    assert len(tel.records()) == 4 and errgen_attributes(tel.span("tools/call fine")) == {}
    assert_agreement(tel)
    assert secret_hits(tel) == {s: 0 for s in SECRETS}


# ---------------------------------------------------------------- through uvicorn


class ServerSpans:
    """An ASGI middleware that handles each HTTP request in a server span,
    as an instrumentation would; Starlette raises an exception again once
    its handler for Exception has answered, which a server logs: here it
    ends with the request."""

    def __init__(self, app: Any, tel: Telemetry) -> None:
        self.app = app
        self.tel = tel

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        with self.tel.server_span("GET " + scope["path"]), suppress(RuntimeError):
            await self.app(scope, receive, send)


@contextmanager
def served(app: Any) -> Iterator[str]:
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
        yield "http://127.0.0.1:%d" % sock.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


def test_starlette_through_uvicorn_under_a_server_span(tel: Telemetry) -> None:
    c = tel.catalog

    async def unavailable(request: Request) -> Response:
        raise c.new("E_UNAVAILABLE", {"service": "db"})

    async def conflict(request: Request) -> Response:
        raise c.new("E_CONFLICT")

    async def denied(request: Request) -> Response:
        raise c.new("E_FS_DENIED", {"path": "/srv/x", "token": TOKEN}, cause=RuntimeError(CAUSE))

    async def crash(request: Request) -> Response:
        raise RuntimeError(FOREIGN)

    app = Starlette(routes=[Route("/" + f.__name__, f) for f in (unavailable, conflict, denied, crash)])
    # a server in verbose mode, sensitive values in clear: its clients see them, its telemetry does not
    StarletteAdapter(c).install(app, Options(verbose=True, show_sensitive=True))
    with served(ServerSpans(app, tel)) as base:
        got = {path: httpx.get(base + "/" + path) for path in ("unavailable", "conflict", "denied", "crash")}
    assert {p: r.status_code for p, r in got.items()} == {"unavailable": 503, "conflict": 409, "denied": 403, "crash": 500}
    assert TOKEN in got["denied"].text and "debugInfo" in got["crash"].text  # planted, and sent to the client
    check_http(tel, "GET /unavailable", "E_UNAVAILABLE", True)
    check_http(tel, "GET /conflict", "E_CONFLICT", False)
    check_http(tel, "GET /crash", "E_INTERNAL", True)
    assert tel.span("GET /denied").attributes["error.type"] == "E_FS_DENIED"  # type: ignore[index]
    assert tel.span("GET /denied").status.status_code is StatusCode.UNSET
    assert len(tel.records()) == 4
    assert_agreement(tel)
    assert secret_hits(tel) == {s: 0 for s in SECRETS}


# ---------------------------------------------------------------- 2. once per error


def test_installing_twice_records_once(tel: Telemetry) -> None:
    c = tel.catalog
    first = tel.handle
    tel.handle = tel.install()
    assert c._on_send is tel.handle and first is not tel.handle
    adapter = StarletteAdapter(c)
    with tel.server_span("once"):
        adapter.problem_response(c.new("E_UNAVAILABLE", {"service": "db"}))
    assert len(tel.records()) == 1
    assert tel.points() == [
        ({"error.type": "E_UNAVAILABLE", "errgen.error.symbol": "E_UNAVAILABLE", "errgen.error.code": 1001, "errgen.error.domain": "core"}, 1)
    ]
    # each rendered payload counts once; the old handle's uninstall leaves the new one's hook
    adapter.problem_response(c.new("E_UNAVAILABLE", {"service": "db"}))
    first.uninstall()
    assert c._on_send is tel.handle and tel.points()[0][1] == 2 and len(tel.records()) == 2
    # another logger provider replaces the first: the first gets nothing more
    other = InMemoryLogRecordExporter()
    provider = LoggerProvider()
    provider.add_log_record_processor(SimpleLogRecordProcessor(other))
    tel.handle = otel.install(c, meter_provider=tel.meter_provider, logger_provider=provider)
    adapter.problem_response(c.new("E_CONFLICT"))
    assert len(tel.records()) == 2 and len(other.get_finished_logs()) == 1
    assert_agreement(tel)
    provider.shutdown()


def test_uninstalled_and_not_installed_record_nothing(tel: Telemetry) -> None:
    c = tel.catalog
    tel.handle.uninstall()
    assert c._on_send is None
    with tel.server_span("after"):
        StarletteAdapter(c).problem_response(c.new("E_UNAVAILABLE", {"service": "db"}))
    assert tel.records() == [] and errgen_attributes(tel.span("after")) == {} and tel.points() == []
    # a catalog never installed: no hook, the adapters work, nothing recorded
    bare: Catalog[Any] = Catalog(FACTS)
    assert bare._on_send is None
    with tel.server_span("bare"):
        response = StarletteAdapter(bare).problem_response(RuntimeError(FOREIGN))
    assert response.status_code == 500 and tel.records() == [] and errgen_attributes(tel.span("bare")) == {}


def test_the_generated_packages_otel_module() -> None:
    """fixture_errors.otel binds install and record to the package's
    CATALOG."""
    logs = InMemoryLogRecordExporter()
    provider = LoggerProvider()
    provider.add_log_record_processor(SimpleLogRecordProcessor(logs))
    meters = MeterProvider(metric_readers=[InMemoryMetricReader()])
    handle = package_otel.install(meter_provider=meters, logger_provider=provider)
    try:
        package_starlette.problem_response(UnavailableError(service="db"))
        package_otel.record(RuntimeError(FOREIGN), "jsonrpc")
    finally:
        handle.uninstall()
        meters.shutdown()
    package_starlette.problem_response(UnavailableError(service="db"))
    assert [(r.log_record.attributes["error.type"], r.log_record.attributes["exception.type"]) for r in logs.get_finished_logs()] == [
        ("E_UNAVAILABLE", "E_UNAVAILABLE"),
        ("1000", "E_INTERNAL"),
    ]
    provider.shutdown()


# ---------------------------------------------------------------- 3. secrets


def secret_hits(tel: Telemetry) -> dict[str, int]:
    exported = tel.exported()
    return {s: exported.count(s) for s in SECRETS}


FIGURES: dict[str, object] = {}


def test_planted_secrets_are_never_exported_and_a_cause_only_with_the_opt_in(tel: Telemetry) -> None:
    c = tel.catalog
    adapter = StarletteAdapter(c)
    verbose = Options(verbose=True, show_sensitive=True)
    errors: list[object] = [
        c.new("E_FS_DENIED", {"path": "/srv/x", "token": TOKEN}),
        c.new("E_FS_AUDIT", {"owner": OWNER}),
        c.new("E_FS_TOO_LARGE", {"resource": "file", "limit": 10, "actual": 20, "unit": "bytes", "config_source": CONFIG}),
        RuntimeError(FOREIGN),
        c.new("E_UNAVAILABLE", {"service": "db"}, cause=RuntimeError(CAUSE)),
    ]
    try:
        raise RuntimeError(CAUSE)
    except RuntimeError as exc:
        try:
            raise c.new("E_CONFLICT") from exc
        except CatalogError as err:
            errors.append(err)
    sent = ""
    for i, err in enumerate(errors):
        with tel.server_span("secret %d" % i):
            sent += bytes(adapter.problem_response(err, verbose).body).decode()
            otel.record(c, err, "jsonrpc")
            otel.record(c, err, "tool")
    assert all(s in sent for s in (TOKEN, OWNER, CONFIG)), "planted and sent in verbose mode"
    assert len(tel.records()) == 3 * len(errors)
    hits = secret_hits(tel)
    assert hits == {s: 0 for s in SECRETS}, hits
    # the opt-in: the cause's text in errgen.error.cause alone, bounded to the catalog's string limit
    opted = "OPTED_IN_CAUSE_7e2a"
    adapter.problem_response(c.new("E_UNAVAILABLE", {"service": "db"}, cause=RuntimeError(opted), telemetry_cause=True))
    assert tel.records()[-1].attributes["errgen.error.cause"] == opted and tel.exported().count(opted) == 1
    long = "é" * 100
    adapter.problem_response(c.new("E_INTERNAL", cause=ValueError(long), telemetry_cause=True))
    bounded = tel.records()[-1].attributes["errgen.error.cause"]
    assert bounded.startswith("é" * 16) and len(bounded.encode()) <= 64 + 3 and bounded != long
    assert all("errgen.error.cause" not in r.attributes for r in tel.records()[:-2])
    FIGURES["planted-secret hits"] = sum(hits.values())


# ---------------------------------------------------------------- 4. cardinality, 5. agreement


def assert_agreement(tel: Telemetry) -> None:
    """The exported counter's points are the metrics snapshot: per symbol,
    and in sum its total."""
    snapshot = tel.catalog.enable_metrics().snapshot()
    points = tel.points()
    assert {a["errgen.error.symbol"]: n for a, n in points} == snapshot["bySymbol"]
    assert sum(n for _, n in points) == snapshot["total"]
    for a, _ in points:
        d = tel.catalog.definition(str(a["errgen.error.symbol"]))
        assert a == {"error.type": d["symbol"], "errgen.error.symbol": d["symbol"], "errgen.error.code": d["code"], "errgen.error.domain": d["domain"]}


def test_cardinality_and_agreement_over_every_definition(tel: Telemetry, capsys: pytest.CaptureFixture[str]) -> None:
    c = tel.catalog
    adapter = StarletteAdapter(c)
    symbols = [d["symbol"] for d in FACTS["errors"]]
    errors: list[object] = [c.new(s, DETAILS.get(s)) for s in symbols] + [RuntimeError(FOREIGN)]
    for i, err in enumerate(errors):
        with tel.server_span("every %d" % i):
            adapter.problem_response(err)
            c.render_jsonrpc_error(err)  # rendered, not sent: counted, not recorded
    types_seen = {s.attributes["error.type"] for s in tel.finished() if s.attributes and "error.type" in s.attributes}
    attribute_sets = {tuple(sorted(a.items())) for a, _ in tel.points()}
    assert types_seen == set(symbols), "every definition's payload is valid: each symbol once, the foreign error the fallback's"
    assert len(types_seen) <= len(symbols) + 1 and len(attribute_sets) <= len(symbols) + 1
    assert len(tel.records()) == len(errors)
    assert_agreement(tel)
    assert c.enable_metrics().snapshot()["total"] == 2 * len(errors)
    hits = sum(secret_hits(tel).values())
    assert hits == 0
    FIGURES["planted-secret hits"] = int(str(FIGURES.get("planted-secret hits", 0))) + hits
    FIGURES.update({"symbols": len(symbols), "distinct error.type": len(types_seen), "distinct metric attribute sets": len(attribute_sets)})
    with capsys.disabled():
        print("\notel figures: " + ", ".join(f"{k} {v}" for k, v in sorted(FIGURES.items())))


# ---------------------------------------------------------------- 6. costs nothing


def run_python(code: str) -> str:
    env = {**os.environ, "PYTHONPATH": PACKAGE_ROOT}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_runtime_and_the_package_never_import_opentelemetry() -> None:
    loaded = run_python(
        "import sys\n"
        "import fixture_errors, fixture_errors._rt, fixture_errors.client, fixture_errors.mcp, fixture_errors.starlette\n"
        "from fixture_errors._rt import check, conformance, core, wire, write\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'opentelemetry'))\n"
    )
    assert loaded.strip() == "[]"
    # with OpenTelemetry impossible to import: the package works, its otel module alone needs it
    said = run_python(
        "import sys\n"
        "sys.modules['opentelemetry'] = None\n"
        "import fixture_errors\n"
        "from fixture_errors import starlette\n"
        "from fixture_errors.core_errors import UnavailableError\n"
        "print(starlette.problem_response(UnavailableError(service='db')).status_code, fixture_errors.CATALOG._on_send)\n"
        "try:\n"
        "    import fixture_errors.otel\n"
        "except ImportError:\n"
        "    print('otel needs opentelemetry')\n"
    )
    assert said.split("\n")[:2] == ["503 None", "otel needs opentelemetry"]


def test_the_hook_is_given_the_error_the_wire_carries_once() -> None:
    """Without the otel module: the hook of the core, told of each error an
    adapter sends once, as the wire carries it."""
    c: Catalog[Any] = Catalog(FACTS)
    seen: list[tuple[str, str]] = []
    c._on_send = lambda err, kind: seen.append((err.symbol, kind))
    StarletteAdapter(c).problem_response(RuntimeError(FOREIGN))
    StarletteAdapter(c).problem_response(c.new("E_FS_BAD_NAME", {"name": "NOT valid"}))
    c.render_problem(c.new("E_CONFLICT"))  # rendering alone: not sent
    McpAdapter(c).tool_result(c.new("E_CONFLICT"))  # a handler's to send: record() is its part
    assert seen == [("E_INTERNAL", "http"), ("E_INTERNAL", "http")]
