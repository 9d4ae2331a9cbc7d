"""OpenTelemetry for the errors of a catalog, on the OpenTelemetry API alone
(``opentelemetry-api``: a package's ``otel`` extra); the application
chooses the SDK and the exporters.

``install(catalog)`` sets the catalog's send hook, which the MCP and
Starlette adapters call once for each error response they send, and
registers the ``errgen.errors`` metric. Each error sent is then recorded:

- on the active span, when one is recording: ``errgen.error.symbol``,
  ``errgen.error.code``, ``errgen.error.domain`` and ``error.type`` (the
  symbol over HTTP, the JSON-RPC wire code for a JSON-RPC error, with
  ``rpc.response.status_code``, ``tool_error`` for an MCP isError result);
  its status ERROR, described by the wire's message, for a JSON-RPC error,
  a tool error, or an HTTP status of 500 or more (a client's 4xx leaves it
  as it is);
- as one log record, event name ``exception``, severity ERROR for an HTTP
  status of 500 or more and WARN otherwise, in the current context (so
  that the SDK ties it to the active span): ``exception.type`` (the
  symbol), ``exception.message`` (the wire's message) and the span's
  attributes but the JSON-RPC code; no body, no stack trace;
- ``errgen.errors``, an observable counter of the catalog's metrics (the
  sys/errorStats numbers) by symbol.

The wire's message is always the one the default options render:
sensitive values redacted, bounded, no verbose field, never a cause. The
log record carries the cause's text (``errgen.error.cause``, bounded) only
for an occurrence made with ``telemetry_cause=True``; a foreign exception
turned into the fallback never shows its text.

``record(catalog, err)`` records an error that code sends itself the
same way. The core of the runtime never imports this module: without it,
OpenTelemetry is neither needed nor loaded.
"""

from __future__ import annotations

import logging
import threading
import time
import weakref
from collections.abc import Iterable, Mapping
from typing import Any

from opentelemetry import metrics, trace
from opentelemetry._logs import Logger, LoggerProvider, LogRecord, SeverityNumber, get_logger_provider
from opentelemetry.context import get_current
from opentelemetry.metrics import CallbackOptions, MeterProvider, Observation
from opentelemetry.trace import Status, StatusCode
from opentelemetry.util.types import AttributeValue

from .core import Catalog, CatalogError, SendKind, _cause_chain
from .wire import truncate

__all__ = ["METRIC_DESCRIPTION", "METRIC_NAME", "METRIC_UNIT", "SCOPE", "Handle", "install", "record"]

#: The instrumentation scope of the meter and of the logger.
SCOPE = "errgen"
#: The observable counter of rendered errors.
METRIC_NAME = "errgen.errors"
METRIC_UNIT = "{error}"
METRIC_DESCRIPTION = "Errors errgen rendered, by catalog symbol"

_log = logging.getLogger(__name__)
_lock = threading.Lock()


class Handle:
    """One installation on a catalog: its send hook (a call records one
    error) and its part of the errgen.errors counter. uninstall() ends
    both."""

    def __init__(self, catalog: Catalog[Any], counter: _Counter, logger: Logger) -> None:
        self._catalog = catalog
        self._counter = counter
        self._logger = logger
        self._metrics = catalog.enable_metrics()
        # the metric's attributes of each symbol, from the catalog's definitions
        self._points: dict[str, Mapping[str, AttributeValue]] = {}
        for d in catalog.facts["errors"]:
            s = d["symbol"]
            self._points[s] = {"error.type": s, "errgen.error.symbol": s, "errgen.error.code": d["code"], "errgen.error.domain": d["domain"]}

    def __call__(self, err: CatalogError, kind: SendKind) -> None:
        """The send hook: records err, the error the wire carries, sent as
        kind. Telemetry never fails the response: what goes wrong here is
        logged."""
        try:
            _record(self._catalog, err, kind, self._logger)
        except Exception:
            _log.exception("errgen: recording %s failed", err.symbol)

    def observations(self) -> list[Observation]:
        """The counter's points now: one per symbol of the catalog's
        metrics snapshot (bySymbol)."""
        stats = self._metrics.snapshot()
        return [Observation(n, self._points[s]) for s, n in stats["bySymbol"].items() if s in self._points]

    def uninstall(self) -> None:
        """Clears the catalog's send hook (if it is still this one's) and
        stops the counter's points of the catalog. The catalog's metrics go
        on counting."""
        with _lock:
            if self._catalog._on_send is self:
                self._catalog._on_send = None
            self._counter.handles.discard(self)


class _Counter:
    """The errgen.errors counter of one meter provider, observing every
    catalog installed on it. Made once per provider: a meter keeps the
    first instrument of a name, and its callbacks, for good."""

    def __init__(self, provider: MeterProvider) -> None:
        self.handles: set[Handle] = set()
        provider.get_meter(SCOPE).create_observable_counter(METRIC_NAME, callbacks=[self._observe], unit=METRIC_UNIT, description=METRIC_DESCRIPTION)

    def _observe(self, options: CallbackOptions) -> Iterable[Observation]:
        with _lock:
            handles = list(self.handles)
        return [point for h in handles for point in h.observations()]


_counters: weakref.WeakKeyDictionary[MeterProvider, _Counter] = weakref.WeakKeyDictionary()


def install(catalog: Catalog[Any], *, meter_provider: MeterProvider | None = None, logger_provider: LoggerProvider | None = None) -> Handle:
    """Records each error the catalog's adapters send (see the module's
    doc): sets the catalog's send hook, enables its metrics and registers
    the errgen.errors counter. The providers default to the global ones;
    spans are always the active one. Installing again replaces the previous
    installation on the catalog (nothing is recorded twice)."""
    meters = meter_provider if meter_provider is not None else metrics.get_meter_provider()
    logs = logger_provider if logger_provider is not None else get_logger_provider()
    with _lock:
        counter = _counters.get(meters)
        if counter is None:
            counter = _counters[meters] = _Counter(meters)
    handle = Handle(catalog, counter, logs.get_logger(SCOPE))
    with _lock:
        previous = catalog._on_send
        if isinstance(previous, Handle):
            previous._counter.handles.discard(previous)
        counter.handles.add(handle)
        catalog._on_send = handle
    return handle


def record(catalog: Catalog[Any], err: object, kind: SendKind = "http") -> None:
    """Records err, as the catalog's adapters record what they send, for
    code that sends an error itself: on the active span and as a log record
    (the installed logger provider's, else the global one). Anything not
    the catalog's is recorded as the fallback the wire carries for it."""
    e = catalog._resolved(catalog.from_error(err))
    hook = catalog._on_send
    if isinstance(hook, Handle):
        hook(e, kind)
    else:
        _record(catalog, e, kind, get_logger_provider().get_logger(SCOPE))


def _record(catalog: Catalog[Any], e: CatalogError, kind: SendKind, logger: Logger) -> None:
    """Records e, the error the wire carries, sent as kind: on the active
    span and as the exception log record."""
    symbol = e.symbol
    message = e.message  # the default options' (redacted, bounded, no verbose field)
    server_fault = e.status >= 500
    if kind == "jsonrpc":
        error_type = str(e.wire_code)
    elif kind == "tool":
        error_type = "tool_error"
    else:
        error_type = symbol
    attributes: dict[str, AttributeValue] = {
        "errgen.error.symbol": symbol,
        "errgen.error.code": e.code,
        "errgen.error.domain": e.domain,
        "error.type": error_type,
    }
    span = trace.get_current_span()
    if span.is_recording():
        on_span = dict(attributes)
        if kind == "jsonrpc":
            on_span["rpc.response.status_code"] = error_type
        span.set_attributes(on_span)
        # the MCP conventions: ERROR whenever error.type is set; HTTP: a server's fault only
        if kind != "http" or server_fault:
            span.set_status(Status(StatusCode.ERROR, message))
    on_log: dict[str, AttributeValue] = {"exception.type": symbol, "exception.message": message, **attributes}
    if e._o.telemetry_cause:
        chain = _cause_chain(e, -1)
        if chain:
            on_log["errgen.error.cause"] = truncate(": ".join(chain), int(catalog.facts["limits"]["maxStringBytes"]))
    logger.emit(
        LogRecord(
            timestamp=time.time_ns(),
            context=get_current(),
            severity_number=SeverityNumber.ERROR if server_fault else SeverityNumber.WARN,
            severity_text="ERROR" if server_fault else "WARN",
            attributes=on_log,
            event_name="exception",
        )
    )
