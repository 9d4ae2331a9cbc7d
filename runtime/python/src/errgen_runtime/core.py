"""The core of the runtime: errors of the catalog raised with typed details,
any other exception turned into the catalog's fallback, the renderers of
every wire format, the log forms of an error, options (from the
environment too), metrics and the violation hook. It reads the catalog's
facts and writes every detail value with the one interpreter of write.py;
its rules are those of errgen's Go runtime (errgenrt), byte for byte:
docs/guide/conformance.md.
"""

from __future__ import annotations

import copy
import logging
import math
import os
import re
import threading
import uuid
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, TypedDict, TypeVar, cast

from .sanitize import sanitize
from .wire import quote, truncate, utf8_length
from .write import Encoder, Tables, Violation, ViolationHook, is_object, untyped

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = [
    "PROBLEM_CONTENT_TYPE",
    "Catalog",
    "CatalogError",
    "ErrorOptions",
    "LogFilter",
    "Members",
    "Metrics",
    "Options",
    "Stats",
    "ViolationError",
]

#: The format of the facts this runtime reads (their "facts" member).
FACTS_FORMAT = 2

#: The retry classes of the facts: never retried, retried once the request
#: changed, retried as it is after a delay (the only one retryable).
RETRY_NEVER = "never"
RETRY_AFTER_CHANGE = "after_change"
RETRY_AFTER_DELAY = "after_delay"

#: The media type of RFC 9457 problem documents.
PROBLEM_CONTENT_TYPE = "application/problem+json"

#: Legacy JSON-RPC data or problem extension members: a mapping, or
#: (key, value) pairs in the order they are added.
Members = Mapping[str, object] | Iterable[tuple[str, object]]


@dataclass(frozen=True)
class Options:
    """How a payload is rendered. The defaults are the safe side: not
    verbose, sensitive values redacted, suggestions included, the catalog's
    limits."""

    #: verbose-only fields and debugInfo (sensitive values stay redacted, x-sanitize values scrubbed)
    verbose: bool = False
    #: sensitive values in clear and x-sanitize values as given
    show_sensitive: bool = False
    #: no suggestions
    omit_suggestions: bool = False
    #: the bound of each whole payload (0: the catalog's; below 512, 512)
    max_data_bytes: int = 0
    #: the bound of each string (0: the catalog's; below 16, 16)
    max_string_bytes: int = 0
    #: the most suggestions (0: the catalog's)
    max_suggestions: int = 0
    #: debugInfo.serverVersion
    server_version: str = ""
    #: the clock (default: the system's)
    now: Callable[[], datetime] | None = None
    #: the instance of a problem document whose occurrence sets none (default: a fresh urn:uuid)
    instance: Callable[[], str] | None = None


_DEFAULT = Options()


class ErrorOptions(TypedDict, total=False):
    """The members of one occurrence of an error (Go's With... options)."""

    #: the cause: the wire carries its text only in verbose mode, sanitized (``raise X(...) from err`` sets it too)
    cause: BaseException | None
    #: one of the error's allowed HTTP statuses; another is ignored
    status: int | None
    #: overrides the catalog's retryable flag: True makes the retry class after_delay, False makes an after_delay error never retried
    retryable: bool | None
    #: how long to wait before retrying this occurrence, in milliseconds (rounded up to whole ones, at most the rules' maxRetryAfterMs;
    #: NaN or negative: not given); written only while the occurrence is retried after a delay
    retry_after_ms: int | float | None
    #: the request id of verbose debugInfo
    request_id: str | None
    #: the problem document's instance (default: the options', else a fresh urn:uuid)
    instance: str | None
    #: legacy JSON-RPC data members (never domain, symbol, retryable, retry, retryAfterMs or context)
    data: Members | None
    #: problem extension members (never a member of the document or a detail field)
    extensions: Members | None
    #: the log forms show this occurrence's sensitive values in clear (never the wire)
    log_sensitive: bool
    #: telemetry (the otel module's exception log record) may carry the cause's text, bounded; without it, nothing of the cause is exported
    telemetry_cause: bool


class Stats(TypedDict):
    """A snapshot of the counters of rendered errors: the sys/errorStats result."""

    total: int
    byCode: dict[str, int]
    byDomain: dict[str, int]
    bySymbol: dict[str, int]


class Metrics:
    """Counts rendered errors: in all, by code, by domain and by symbol, as
    errgenrt.Metrics does. Safe for concurrent use."""

    def __init__(self, catalog: Catalog[Any]) -> None:
        self._catalog = catalog
        self._lock = threading.Lock()
        self._total = 0
        self._by_code: dict[str, int] = {}
        self._by_domain: dict[str, int] = {}
        self._by_symbol: dict[str, int] = {}

    def record(self, symbol: str) -> None:
        """Counts one error of a symbol (or alias); a symbol the catalog
        does not have is a KeyError."""
        self._count(self._catalog.definition(symbol))

    def _count(self, d: Mapping[str, Any]) -> None:
        with self._lock:
            self._total += 1
            for m, k in ((self._by_code, str(d["code"])), (self._by_domain, d["domain"]), (self._by_symbol, d["symbol"])):
                m[k] = m.get(k, 0) + 1

    def snapshot(self) -> Stats:
        """The counters at this moment, in the shape of the sys/errorStats
        result, every object's keys sorted."""
        with self._lock:
            return {
                "total": self._total,
                "byCode": dict(sorted(self._by_code.items())),
                "byDomain": dict(sorted(self._by_domain.items())),
                "bySymbol": dict(sorted(self._by_symbol.items())),
            }

    def snapshot_json(self) -> str:
        """The snapshot as the sys/errorStats result's JSON, byte for byte
        what errgenrt's Stats.AppendJSON writes."""
        s = self.snapshot()

        def obj(m: dict[str, int]) -> str:
            return "{" + ",".join(quote(k, -1) + ":" + str(n) for k, n in m.items()) + "}"

        return '{"total":%d,"byCode":%s,"byDomain":%s,"bySymbol":%s}' % (
            s["total"],
            obj(s["byCode"]),
            obj(s["byDomain"]),
            obj(s["bySymbol"]),
        )


class _Occurrence:
    """One raised error: its definition, its details and the members of
    the occurrence."""

    __slots__ = (
        "data",
        "def_",
        "details",
        "extensions",
        "instance",
        "log_sensitive",
        "raw",
        "request_id",
        "retry_after_ms",
        "retryable",
        "status",
        "telemetry_cause",
    )

    def __init__(self, def_: Mapping[str, Any]) -> None:
        self.def_ = def_
        self.details: Mapping[str, object] | None = None  # None: none given (each member absent)
        self.raw: Mapping[str, object] | None = {} if "details" in def_ else None
        self.retryable: bool | None = None
        self.retry_after_ms: int | None = None  # normalized: None for none
        self.status = 0
        self.data: tuple[tuple[str, object], ...] = ()
        self.extensions: tuple[tuple[str, object], ...] = ()
        self.request_id = ""
        self.instance = ""
        self.log_sensitive = False
        self.telemetry_cause = False

    def members(self) -> tuple[Any, ...]:
        """The members of the occurrence besides its definition, in
        __slots__' order: what a pickle carries."""
        return tuple(getattr(self, k) for k in self.__slots__ if k != "def_")

    def set_members(self, values: tuple[Any, ...]) -> None:
        for k, v in zip((k for k in self.__slots__ if k != "def_"), values, strict=True):
            setattr(self, k, v)


def _members(m: Members | None) -> tuple[tuple[str, object], ...]:
    if m is None:
        return ()
    if isinstance(m, Mapping):
        return tuple((str(k), v) for k, v in m.items())
    return tuple((str(k), v) for k, v in m)


class CatalogError(Exception):
    """One occurrence of an error of a catalog. Its str() is what the wire
    carries by default, SYMBOL: message (sensitive values redacted,
    bounded, no cause; the fallback's, when its details have no valid
    form), and so are its repr() and the last line of its traceback: a log
    line or an SDK that sends str(err) discloses nothing more. Its details
    are read explicitly (err.details). Its log forms, verbose_error() and
    log_value() (and LogFilter, for logging), have its verbose-only fields
    and its cause chain, sensitive values redacted and x-sanitize values
    scrubbed unless the occurrence was made with log_sensitive.

    A generated package declares one subclass per error (its constructor
    takes the error's details as keyword arguments) below the package's
    own base class."""

    #: the catalog of the package's base class and its errors
    _catalog: ClassVar[Catalog[Any]]
    #: the symbol of an error's own class
    SYMBOL: ClassVar[str]

    _o: _Occurrence
    _wire: tuple[str, str] | None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "_catalog" in cls.__dict__:
            cls._catalog._base = cls
        elif "SYMBOL" in cls.__dict__:
            cls._catalog._classes[cls.__dict__["SYMBOL"]] = cls

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise TypeError(f"{type(self).__name__}: create errors with their class or the catalog's new()")

    def _errgen_init(self, details: Mapping[str, object] | None, options: ErrorOptions) -> None:
        """Initializes an error of the class's own SYMBOL with details and
        the members of its occurrence: what a generated constructor calls."""
        c = self._catalog
        d = c.definition(type(self).SYMBOL)
        wrong = c._details_type_error(d, details)
        if wrong:
            raise TypeError(f"{d['symbol']}: {wrong}")
        Exception.__init__(self)
        self._o = c._occurrence(d, details, options)
        self._wire = None
        if options.get("cause") is not None:
            self.__cause__ = options.get("cause")

    # ---------------------------------------------------------- the wire form

    def __str__(self) -> str:
        symbol, message = self._wire_form()
        return symbol + ": " + message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    @property
    def args(self) -> tuple[Any, ...]:
        """(str(err),): the wire's text, as str() and repr() hold it (unless
        something has set args since)."""
        given: tuple[Any, ...] = BaseException.args.__get__(self)  # type: ignore[attr-defined]
        return given if given else (str(self),)

    @args.setter
    def args(self, value: tuple[Any, ...]) -> None:
        BaseException.args.__set__(self, value)  # type: ignore[attr-defined]

    # ---------------------------------------------------------- copies

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles the error as its class, its symbol, its details and the
        members of its occurrence, so that it crosses processes
        (multiprocessing, a task queue) and renders there byte for byte as
        here. Its cause chain crosses as the texts the wire and the log forms
        read of it (each a TextError; an error of a catalog in it as itself),
        since an exception of any other kind may not unpickle; the traceback
        does not cross, as with every exception."""
        o = self._o
        state = {k: v for k, v in self.__dict__.items() if k not in ("_o", "_wire")}
        given = BaseException.args.__get__(self)  # type: ignore[attr-defined]
        if given:
            state["args"] = given
        return (_restore, (type(self), o.def_["symbol"], o.members(), _portable_chain(self)), state or None)

    def __copy__(self) -> CatalogError:
        """A copy sharing the details and the cause."""
        return self._copy(copy.copy(self._o), dict(self.__dict__))

    def __deepcopy__(self, memo: dict[int, Any]) -> CatalogError:
        """A copy with copies of the details and the members; the cause is
        shared (an exception need not be copyable)."""
        o = copy.copy(self._o)
        o.details, o.raw, o.data, o.extensions = copy.deepcopy((o.details, o.raw, o.data, o.extensions), memo)
        return self._copy(o, {k: copy.deepcopy(v, memo) for k, v in self.__dict__.items()})

    def _copy(self, o: _Occurrence, attrs: dict[str, Any]) -> CatalogError:
        err = _instance(type(self), o, self.__cause__)
        err.__dict__.update({k: v for k, v in attrs.items() if k not in ("_o", "_wire")})
        err.__context__, err.__suppress_context__ = self.__context__, self.__suppress_context__
        return err

    def _wire_form(self) -> tuple[str, str]:
        if self._wire is None:
            self._wire = self._catalog._wire_form(self)
        return self._wire

    @property
    def message(self) -> str:
        """The message the wire carries by default: rendered and bounded,
        sensitive values redacted (the fallback's, when the details have no
        valid form)."""
        return self._wire_form()[1]

    # ---------------------------------------------------------- the error's facts

    @property
    def symbol(self) -> str:
        """The error's symbol (never an alias)."""
        s: str = self._o.def_["symbol"]
        return s

    @property
    def code(self) -> int:
        """The error's catalog code."""
        c: int = self._o.def_["code"]
        return c

    @property
    def wire_code(self) -> int:
        """The JSON-RPC error.code."""
        c: int = self._o.def_["wireCode"]
        return c

    @property
    def type(self) -> str:
        """The error's type."""
        t: str = self._o.def_["type"]
        return t

    @property
    def domain(self) -> str:
        """The error's domain."""
        d: str = self._o.def_["domain"]
        return d

    @property
    def title(self) -> str:
        """The error's title."""
        t: str = self._o.def_["title"]
        return t

    @property
    def status(self) -> int:
        """The HTTP status of the occurrence."""
        return _status(self._o)

    @property
    def retryable(self) -> bool:
        """Whether the occurrence may be retried as it is: its retry class is
        after_delay."""
        return _retryable(self._o)

    @property
    def retry(self) -> str:
        """The retry class of the occurrence: "never", "after_change" (once
        the request changed) or "after_delay" (as it is, after a delay): the
        catalog's, moved by the retryable option."""
        return _retry_class(self._o)

    @property
    def retry_after_ms(self) -> int | None:
        """The delay the wire carries (retryAfterMs), in whole milliseconds:
        the occurrence's when given, else the catalog's default; None when
        there is none or the occurrence is not retried after a delay."""
        return _retry_after(self._o)

    @property
    def throttling(self) -> bool:
        """Whether the catalog marks the error as throttling (a rate limit)."""
        return self._o.def_.get("throttling") is True

    @property
    def details(self) -> Mapping[str, object] | None:
        """The details as given (unredacted: for the server only); None for
        an error without details."""
        return self._o.raw

    @property
    def request_id(self) -> str:
        """The request id of the occurrence."""
        return self._o.request_id

    # ---------------------------------------------------------- logs

    def verbose_error(self) -> str:
        """The message for server logs: verbose (verbose-only fields
        included), not bounded, followed by the cause chain; sensitive values
        redacted and x-sanitize values scrubbed unless the occurrence was made
        with log_sensitive. Never send it."""
        o = self._o
        return ": ".join([o.def_["symbol"] + ": " + self._catalog._log_message(o), *_cause_chain(self, -1)])

    def log_value(self) -> dict[str, object]:
        """What a structured logger should record: the symbol, the code, the
        log message (as verbose_error's), the cause chain and the request id.
        For server logs only."""
        o = self._o
        v: dict[str, object] = {"symbol": o.def_["symbol"], "code": o.def_["code"], "message": self._catalog._log_message(o)}
        chain = _cause_chain(self, -1)
        if chain:
            v["cause"] = ": ".join(chain)
        if o.request_id:
            v["requestId"] = o.request_id
        return v


class ViolationError(Exception):
    """The cause of the fallback an error becomes when its details have no
    valid form (errgenrt.ViolationError)."""

    def __init__(self, err: CatalogError) -> None:
        super().__init__(err.symbol + ": details break the schema")
        self.error = err
        self.__cause__ = err


class TextError(Exception):
    """A cause known by its text alone, which is its text in a cause chain
    even when empty: a definition raised bare ("SYMBOL: TITLE"), the error
    a fallback stands for, an error of a chain given as texts."""


def _status(o: _Occurrence) -> int:
    if o.status:
        return o.status
    s: int = o.def_["statuses"][0]
    return s


def _retry_class(o: _Occurrence) -> str:
    """The retry class of the occurrence: the retryable option True makes
    it after_delay, False makes an after_delay error never retried (never
    and after_change stay); without it, the catalog's."""
    c: str = o.def_["retry"]
    if o.retryable is True:
        return RETRY_AFTER_DELAY
    if o.retryable is False and c == RETRY_AFTER_DELAY:
        return RETRY_NEVER
    return c


def _retryable(o: _Occurrence) -> bool:
    return _retry_class(o) == RETRY_AFTER_DELAY


def _retry_after(o: _Occurrence) -> int | None:
    """The delay written for the occurrence, in milliseconds: none unless
    it is retried after a delay; then its own when given, else the
    catalog's default when the catalog's class is after_delay."""
    if _retry_class(o) != RETRY_AFTER_DELAY:
        return None
    if o.retry_after_ms is not None:
        return o.retry_after_ms
    if o.def_["retry"] == RETRY_AFTER_DELAY:
        ms: int | None = o.def_.get("retryAfterMs")
        return ms
    return None


def retry_after_header(ms: int) -> str:
    """The value of an HTTP Retry-After header for a delay of ms
    milliseconds: whole seconds, rounded up."""
    return str(-(-ms // 1000))


def normalize_retry_after_ms(ms: float, most: int) -> int | None:
    """A delay given in milliseconds as the wire writes it: None (as if not
    given) for NaN or a negative one, -infinity included; otherwise rounded
    up to whole milliseconds (-0 is 0) and at most most (+infinity is
    most). An int is taken exactly, however large."""
    if isinstance(ms, int):
        return None if ms < 0 else min(ms, most)
    if math.isnan(ms) or ms < 0:
        return None
    if ms > most:
        return most
    return math.ceil(ms)


def _retry_members(o: _Occurrence) -> str:
    """The "retry" member of a payload, and its "retryAfterMs" when the
    occurrence has a delay, each after a comma."""
    out = ',"retry":' + quote(_retry_class(o), -1)
    ms = _retry_after(o)
    if ms is not None:
        out += ',"retryAfterMs":' + str(ms)
    return out


def _next_cause(c: BaseException) -> BaseException | None:
    if c.__cause__ is not None:
        return c.__cause__
    if c.__suppress_context__:
        return None
    return c.__context__


def _cause_text(c: BaseException) -> str:
    """The text of one error of a cause chain: for an error of a catalog
    SYMBOL: message (Go's Error()), else str(), else (an exception that
    has no text, not a TextError) its class's name."""
    try:
        s = str(c)
    except Exception:
        s = ""
    return s if s or isinstance(c, TextError) else type(c).__name__


def _cause_chain(err: BaseException, most: int) -> list[str]:
    """The texts of the cause chain of err, outermost first, at most most
    of them (negative: every one)."""
    out: list[str] = []
    seen = {id(err)}
    c = _next_cause(err)
    while c is not None and (most < 0 or len(out) < most) and id(c) not in seen:
        seen.add(id(c))
        out.append(_cause_text(c))
        c = _next_cause(c)
    return out


def _portable_chain(err: BaseException) -> tuple[object, ...]:
    """The cause chain of err as it pickles: the text of each cause
    (_cause_text), up to an error of a catalog, which ends it as itself."""
    out: list[object] = []
    seen = {id(err)}
    c = _next_cause(err)
    while c is not None and id(c) not in seen:
        if isinstance(c, CatalogError) and hasattr(c, "_o"):
            out.append(c)
            break
        seen.add(id(c))
        out.append(_cause_text(c))
        c = _next_cause(c)
    return tuple(out)


def _restore(cls: type[CatalogError], symbol: str, occurrence: tuple[Any, ...], chain: tuple[object, ...]) -> CatalogError:
    """An error pickled by CatalogError.__reduce__, again."""
    o = _Occurrence(cls._catalog.definition(symbol))
    o.set_members(occurrence)
    cause: BaseException | None = None
    for link in reversed(chain):
        if isinstance(link, BaseException):
            cause = link
            continue
        text = TextError(link)
        text.__cause__ = cause
        cause = text
    return _instance(cls, o, cause)


C = TypeVar("C", bound=CatalogError)


def _instance(cls: type[C], o: _Occurrence, cause: BaseException | None) -> C:
    """The error of class cls for the occurrence o, caused by cause: what
    every way of making one but a generated constructor ends in."""
    err = cls.__new__(cls)
    Exception.__init__(err)
    err._o = o
    err._wire = None
    if cause is not None:
        err.__cause__ = cause
    return err


def _rfc3339(dt: datetime) -> str:
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    if dt.utcoffset():
        dt = dt.astimezone(timezone.utc)
    return f"{dt.year:04d}-{dt.month:02d}-{dt.day:02d}T{dt.hour:02d}:{dt.minute:02d}:{dt.second:02d}Z"


_Writer = Callable[[CatalogError, Encoder, Options], str]

#: How an adapter sent an error: as a JSON-RPC error object ("jsonrpc"),
#: as an MCP isError tool result ("tool"), as an HTTP response ("http").
SendKind = Literal["jsonrpc", "tool", "http"]

#: The observer of the errors the adapters send (the otel module's): it is
#: given the error the wire carries and how it was sent, once per response.
SendHook = Callable[[CatalogError, SendKind], None]

#: The base class of a catalog's errors (a generated package's CatalogError).
E = TypeVar("E", bound=CatalogError)


class Catalog(Generic[E]):
    """The runtime of one catalog, from its facts: its errors by symbol,
    alias and code, the renderers, the fallback, metrics and the violation
    hook. A generated package makes one (CATALOG, a Catalog of its own
    CatalogError, which new, error_of and from_error return) and its error
    classes."""

    def __init__(self, facts: Mapping[str, Any]) -> None:
        if facts.get("facts") != FACTS_FORMAT:
            raise ValueError(f"{facts.get('name')}: facts of format {facts.get('facts')}; this runtime reads format {FACTS_FORMAT}")
        self.facts = facts
        self.name: str = facts["name"]
        self.version: str = facts["version"]
        self.tables = Tables(facts)
        self._rules: Mapping[str, Any] = facts["rules"]
        self._max_retry_after_ms: int = int(self._rules["maxRetryAfterMs"])
        self._defs: dict[str, Mapping[str, Any]] = {}
        self._by_code: dict[int, Mapping[str, Any]] = {}
        for d in facts["errors"]:
            for s in [d["symbol"], *d.get("aliases", ())]:
                self._defs[s] = d
            self._by_code[d["code"]] = d
        self._classes: dict[str, type[E]] = {}
        self._base: type[E] = cast("type[E]", type("CatalogError", (CatalogError,), {"_catalog": self, "__module__": __name__}))
        self._metrics: Metrics | None = None
        #: the send hook: set by the otel module's install, None otherwise
        self._on_send: SendHook | None = None
        fb = self._defs.get(facts["fallback"])
        if fb is None:
            raise ValueError(f"{self.name}: no fallback error {facts['fallback']}")
        self._fallback = fb

    # ---------------------------------------------------------- lookups

    def definition(self, symbol: str) -> Mapping[str, Any]:
        """The facts of the error of a symbol or alias; KeyError for one the
        catalog does not have."""
        d = self._defs.get(symbol)
        if d is None:
            raise KeyError(f"{self.name}: no error {symbol!r} in the catalog")
        return d

    def has(self, symbol: str) -> bool:
        """Reports whether the catalog has an error of symbol (or alias)."""
        return symbol in self._defs

    def error_class(self, symbol: str) -> type[E]:
        """The class of the errors of a symbol (or alias): the generated
        one, else the catalog's base class."""
        d = self.definition(symbol)
        return self._classes.get(d["symbol"], self._base)

    @property
    def base(self) -> type[E]:
        """The base class of every error of this catalog."""
        return self._base

    # ---------------------------------------------------------- errors

    def new(self, symbol: str, details: Mapping[str, object] | None = None, **options: Unpack[ErrorOptions]) -> E:
        """An error of the catalog: symbol (or an alias) with its details
        and the members of its occurrence. Details of another type than the
        error's are a TypeError naming the error and the field; values that
        break the schema's constraints are the renderers' to leave out or
        replace."""
        d = self.definition(symbol)
        wrong = self._details_type_error(d, details)
        if wrong:
            raise TypeError(f"{d['symbol']}: {wrong}")
        return _instance(self._classes.get(d["symbol"], self._base), self._occurrence(d, details, options), options.get("cause"))

    def _details_type_error(self, d: Mapping[str, Any], details: object) -> str:
        n = d.get("details")
        if n is None:
            if details is None or (is_object(details) and all(v is None for v in details.values())):  # type: ignore[attr-defined]
                return ""
            return f"details must be None: it has none, got {type(details).__name__}"
        return self.tables.type_error(n, {} if details is None else details, "details")

    def _occurrence(self, d: Mapping[str, Any], details: Mapping[str, object] | None, options: ErrorOptions) -> _Occurrence:
        o = _Occurrence(d)
        if "details" in d:
            o.details = details if details is not None and is_object(details) else None
            o.raw = details if details is not None else {}
        status = options.get("status")
        if isinstance(status, int) and not isinstance(status, bool) and status in d["statuses"]:
            o.status = status
        retryable = options.get("retryable")
        if isinstance(retryable, bool):
            o.retryable = retryable
        ms = options.get("retry_after_ms")
        if ms is not None:
            if isinstance(ms, bool) or not isinstance(ms, (int, float)):
                raise TypeError(f"{d['symbol']}: retry_after_ms must be an int or a float (milliseconds), got {type(ms).__name__}")
            o.retry_after_ms = normalize_retry_after_ms(ms, self._max_retry_after_ms)
        o.data = _members(options.get("data"))
        o.extensions = _members(options.get("extensions"))
        o.request_id = options.get("request_id") or ""
        o.instance = options.get("instance") or ""
        o.log_sensitive = options.get("log_sensitive") is True
        o.telemetry_cause = options.get("telemetry_cause") is True
        return o

    def _fresh(self, d: Mapping[str, Any], cause: BaseException | None) -> E:
        """An error of d with empty details, caused by cause."""
        return _instance(self._classes.get(d["symbol"], self._base), _Occurrence(d), cause)

    def error_of(self, symbol: str) -> E:
        """The error of a symbol raised without its details (each required
        field empty), as Go's ``return pkg.ErrX`` does; where empty details
        would break its schema, the catalog's fallback, caused by it."""
        d = self.definition(symbol)
        if d.get("needsDetails") is True:
            return self._fresh(self._fallback, TextError(d["symbol"] + ": " + d["title"]))
        return self._fresh(d, None)

    def from_error(self, err: object) -> E:
        """Turns anything raised into an error of the catalog: an error of the
        catalog (or one found along its chain of causes) is itself; anything
        else becomes the catalog's fallback, the exception kept only as its
        cause (which the wire carries only in verbose mode, sanitized, in
        debugInfo)."""
        c: object = err
        seen: set[int] = set()
        while isinstance(c, BaseException) and id(c) not in seen and len(seen) < 100:
            if isinstance(c, CatalogError) and getattr(c, "_catalog", None) is self and hasattr(c, "_o"):
                return cast("E", c)
            seen.add(id(c))
            c = _next_cause(c)
        if err is None or isinstance(err, BaseException):
            return self._fresh(self._fallback, err)
        return self._fresh(self._fallback, TextError(str(err)))

    def is_error(self, value: object) -> bool:
        """Reports whether value is an error of this catalog."""
        return isinstance(value, CatalogError) and getattr(value, "_catalog", None) is self and hasattr(value, "_o")

    # ---------------------------------------------------------- hooks and metrics

    def on_violation(self, hook: ViolationHook | None) -> ViolationHook | None:
        """Sets the function that learns of every detail value the renderers
        do not write as given, since it breaks its schema: its error, its
        path in the details (a JSON Pointer), the keyword it breaks and what
        was written instead (omitted, replaced, fallback). It runs while a
        payload renders, once per payload, and is not passed the value, which
        may be secret. None removes it; it returns the previous one."""
        previous = self.tables.on_violation
        self.tables.on_violation = hook
        return previous

    def _sent(self, err: object, kind: SendKind) -> None:
        """Tells the send hook, when one is installed, of one error response
        an adapter sends: the error the wire carries (the fallback for
        anything not the catalog's, or for details without a valid form) and
        how it was sent. The adapters call it once per response; the
        renderers never do. Without a hook it costs one None check."""
        hook = self._on_send
        if hook is not None:
            hook(self._resolved(self.from_error(err)), kind)

    def enable_metrics(self) -> Metrics:
        """Starts counting the errors the renderers render, each payload once
        (as errgenrt's Catalog.EnableMetrics does), and returns the counters:
        the same ones on every call."""
        if self._metrics is None:
            self._metrics = Metrics(self)
        return self._metrics

    # ---------------------------------------------------------- rendering

    def render_jsonrpc_error(self, err: object, options: Options | None = None) -> str:
        """The JSON-RPC error object of err (the error member of a response):
        {code, message, data: {legacy data..., domain, symbol, retryable,
        retry, retryAfterMs, context}}. Anything that is not an error of the
        catalog is its fallback (see from_error)."""
        return self._render(self.from_error(err), options or _DEFAULT, self._write_jsonrpc)[0]

    def jsonrpc_parts(self, err: object, options: Options | None = None) -> tuple[int, str, str]:
        """The members of the JSON-RPC error object apart: the wire code, the
        message and data as JSON text, for libraries whose error type holds
        them so."""
        o = options or _DEFAULT
        obj, r, enc = self._render(self.from_error(err), o, self._write_jsonrpc)
        at = obj.index(',"data":')
        return r._o.def_["wireCode"], self._message_text(r, enc), obj[at + len(',"data":') : -1]

    def render_problem(self, err: object, options: Options | None = None) -> str:
        """The RFC 9457 problem document of err."""
        return self.problem_of(err, options)[1]

    def problem_of(self, err: object, options: Options | None = None) -> tuple[int, str]:
        """The HTTP status and the problem document of err: the status of the
        error it is of (the fallback's, where the error's own did not fit or
        its details had no valid form)."""
        status, body, _ = self.http_problem(err, options)
        return status, body

    def http_problem(self, err: object, options: Options | None = None) -> tuple[int, str, int | None]:
        """What an HTTP answer of err needs: the status and the problem
        document, as problem_of's, and the retryAfterMs the document carries
        (None when it carries none), for the Retry-After header
        (retry_after_header)."""
        body, r, _ = self._render(self.from_error(err), options or _DEFAULT, self._write_problem)
        return _status(r._o), body, _retry_after(r._o)

    def render_response(self, err: object, options: Options | None = None) -> str:
        """The plain response {error, code, message, details, retry,
        retryAfterMs} of err."""
        return self._render(self.from_error(err), options or _DEFAULT, self._write_response)[0]

    def render_tool_result(self, err: object, options: Options | None = None) -> str:
        """The MCP tool result carrying the problem document of err as text:
        {"content":[{"type":"text","text":...}],"isError":true}."""
        return '{"content":[{"type":"text","text":' + quote(self.render_problem(err, options), -1) + '}],"isError":true}'

    def tool_errors_as_jsonrpc(self, err: object) -> bool:
        """Reports whether a failing MCP tools/call sends err as a JSON-RPC
        error rather than as an isError result (mcp: {tool_errors: error})."""
        return self.from_error(err)._o.def_.get("toolErrorsAsRpc") is True

    # ---------------------------------------------------------- the writers

    def _encoder(self, o: Options) -> Encoder:
        return Encoder(self.tables, verbose=o.verbose, show_sensitive=o.show_sensitive, max_string_bytes=o.max_string_bytes)

    def _data_bound(self, o: Options) -> int:
        n = o.max_data_bytes if o.max_data_bytes > 0 else 0
        if n > 0:
            return max(n, int(self._rules["minMaxDataBytes"]))
        return int(self.facts["limits"]["maxDataBytes"])

    def _suggestions_bound(self, o: Options) -> int:
        return o.max_suggestions if o.max_suggestions > 0 else int(self.facts["limits"]["maxSuggestions"])

    def _render(self, e: CatalogError, o: Options, write: _Writer) -> tuple[str, CatalogError, Encoder]:
        if self._metrics is not None:
            self._metrics._count(e._o.def_)
        return self._fit(e, self._encoder(o), o, write)

    def _fit(self, e: CatalogError, enc: Encoder, o: Options, write: _Writer) -> tuple[str, CatalogError, Encoder]:
        """Writes the payload of e. Details without a valid form make it the
        catalog's fallback's, caused by a ViolationError. Past maxDataBytes it
        is written again minimal (strings of 64 bytes, then of 8), and still
        past it it is the catalog's fallback, minimal, caused by e, unless e
        is the fallback. Violations are reported on the first pass only."""
        most = self._data_bound(o)
        fb = self._fallback
        enc.report = True
        out = write(e, enc, o)
        enc.report = False
        if enc.failed and fb is not e._o.def_:
            enc.failed = False
            enc.def_ = e._o.def_
            enc.report = True
            enc.flush("fallback")
            enc.report = False
            return self._fit(self._fresh(fb, ViolationError(e)), enc, o, write)
        enc.pending = []
        for n in self._rules["minimalStringBytes"]:
            if most <= 0 or utf8_length(out) <= most:
                return out, e, enc
            enc.minimal = True
            enc.min_string = n
            out = write(e, enc, o)
        if most <= 0 or utf8_length(out) <= most or fb is e._o.def_:
            return out, e, enc
        f = self._fresh(fb, e)
        return write(f, enc, o), f, enc

    def _details_json(self, e: CatalogError, enc: Encoder) -> str:
        n = e._o.def_.get("details")
        if n is None:
            return "{}"
        enc.def_ = e._o.def_
        out = enc.write_object(n, e._o.details, True)
        if out is not None:
            return out
        enc.failed = True
        return "{}"

    def _text(self, e: CatalogError, enc: Encoder, tpl: Mapping[str, Any]) -> str:
        return enc.render(tpl, e._o.def_, e._o.details)

    def _message_text(self, e: CatalogError, enc: Encoder) -> str:
        return truncate(self._text(e, enc, e._o.def_["message"]), enc.bound(None))

    def _write_jsonrpc(self, e: CatalogError, enc: Encoder, o: Options) -> str:
        o_ = e._o
        d = o_.def_
        parts = ['{"code":', str(d["wireCode"]), ',"message":', quote(self._text(e, enc, d["message"]), enc.bound(None)), ',"data":{']
        if not enc.minimal:
            reserved = self._rules["jsonrpcDataMembers"]
            seen: set[str] = set()
            for k, v in o_.data:
                if k in reserved or k in seen:
                    seen.add(k)
                    continue
                seen.add(k)
                parts.append(quote(k, -1) + ":" + enc.write_any(untyped(), v, 0) + ",")
        retryable = "true" if _retryable(o_) else "false"
        parts.append('"domain":' + quote(d["domain"], -1) + ',"symbol":' + quote(d["symbol"], -1) + ',"retryable":' + retryable + _retry_members(o_))
        parts.append(',"context":{"schemaVersion":' + str(self.facts["schemaVersion"]) + ',"type":' + quote(d["type"], -1))
        parts.append(',"details":' + self._details_json(e, enc))
        parts.append(self._advice(e, enc, o) + ',"retryable":' + retryable)
        if o.verbose and not enc.minimal:
            parts.append(',"debugInfo":' + self._debug_info(e, o))
        parts.append("}}}")
        return "".join(parts)

    def _advice(self, e: CatalogError, enc: Encoder, o: Options) -> str:
        if enc.minimal:
            return ""
        d = e._o.def_
        out = ""
        um = d.get("userMessage")
        if um is not None and um["source"] != "":
            out += ',"userMessage":' + quote(self._text(e, enc, um), enc.bound(None))
        suggestions = d.get("suggestions") or []
        most = self._suggestions_bound(o)
        if not o.omit_suggestions and suggestions and most > 0:
            out += ',"suggestions":[' + ",".join(quote(self._text(e, enc, s), enc.bound(None)) for s in suggestions[:most]) + "]"
        return out

    def _timestamp(self, o: Options) -> str:
        return _rfc3339(o.now() if o.now is not None else datetime.now(timezone.utc))

    def _debug_info(self, e: CatalogError, o: Options) -> str:
        bound = int(self._rules["debugStringBytes"])
        chain = _cause_chain(e, int(self._rules["errorChainEntries"]))
        out = '{"errorChain":[' + ",".join(quote(sanitize("text", t), bound) for t in chain) + "]"
        if e._o.request_id:
            out += ',"requestId":' + quote(e._o.request_id, bound)
        out += ',"timestamp":"' + self._timestamp(o) + '"'
        if o.server_version:
            out += ',"serverVersion":' + quote(o.server_version, bound)
        return out + "}"

    def _write_problem(self, e: CatalogError, enc: Encoder, o: Options) -> str:
        o_ = e._o
        d = o_.def_
        instance = o_.instance
        if not instance:
            instance = o.instance() if o.instance is not None else "urn:uuid:" + str(uuid.uuid4())
        parts = [
            '{"type":' + quote(d["problemType"], -1) + ',"title":' + quote(d["title"], -1) + ',"status":' + str(_status(o_)),
            ',"detail":' + quote(self._text(e, enc, d["message"]), enc.bound(None)),
            ',"instance":' + quote(instance, -1) + ',"timestamp":"' + self._timestamp(o) + '","symbol":' + quote(d["symbol"], -1),
            ',"retryable":' + ("true" if _retryable(o_) else "false") + _retry_members(o_),
            self._advice(e, enc, o),
        ]
        enc.flat_keys = []
        n = d.get("details")
        if n is not None:
            enc.flatten = True
            details = self._details_json(e, enc)
            enc.flatten = False
            if len(details) > 2:
                parts.append("," + details[1:-1])
        if not enc.minimal:
            members = self.tables.problem_members
            fields = self.tables.fields(n).by_name if n is not None else {}
            seen: set[str] = set()
            for k, v in o_.extensions:
                dup = k in seen
                seen.add(k)
                if k in members or k in fields or k in enc.flat_keys or dup:
                    continue
                parts.append("," + quote(k, -1) + ":" + enc.write_any(untyped(), v, 0))
        if o.verbose and not enc.minimal:
            parts.append(',"debugInfo":' + self._debug_info(e, o))
        parts.append("}")
        return "".join(parts)

    def _write_response(self, e: CatalogError, enc: Encoder, o: Options) -> str:
        d = e._o.def_
        out = '{"error":true,"code":' + quote(d["symbol"], -1) + ',"message":' + quote(self._text(e, enc, d["message"]), enc.bound(None))
        if "details" in d:
            out += ',"details":' + self._details_json(e, enc)
        return out + _retry_members(e._o) + "}"

    # ---------------------------------------------------------- the log forms

    def _resolved(self, e: CatalogError) -> CatalogError:
        """e, or the fallback the wire carries instead when e's details have
        no valid form."""
        d = e._o.def_
        if "details" not in d or d is self._fallback:
            return e
        enc = self._encoder(_DEFAULT)
        self._details_json(e, enc)
        return self._fresh(self._fallback, None) if enc.failed else e

    def _wire_form(self, e: CatalogError) -> tuple[str, str]:
        r = self._resolved(e)
        return r._o.def_["symbol"], self._message_text(r, self._encoder(_DEFAULT))

    def _log_message(self, o: _Occurrence) -> str:
        enc = Encoder(self.tables, verbose=True, show_sensitive=o.log_sensitive, max_string_bytes=0)
        enc.text = True
        return enc.render(o.def_["message"], o.def_, o.details)

    # ---------------------------------------------------------- options

    def options_from_env(self, prefix: str, env: Mapping[str, str] | None = None) -> Options:
        """Rendering options from the environment variables named with
        prefix, as errgenrt.OptionsFromEnv reads them."""
        return options_from_env(prefix, env)


_INTEGER = re.compile(r"[+-]?[0-9]+\Z")


def options_from_env(prefix: str, env: Mapping[str, str] | None = None) -> Options:
    """Reads rendering options from the environment variables named with
    prefix, as errgenrt.OptionsFromEnv does: PREFIX_VERBOSE, _REDACT,
    _SUGGESTIONS (booleans: 1/0, true/false, yes/no, on/off; VERBOSE also a
    positive number or "full"; REDACT=false shows sensitive fields,
    SUGGESTIONS=false omits suggestions), _MAX_DATA_BYTES,
    _MAX_STRING_BYTES, _MAX_SUGGESTIONS (non-negative integers) and
    _SERVER_VERSION. It raises a ValueError naming every invalid value."""
    vars_ = os.environ if env is None else env
    errs: list[str] = []

    def get(name: str) -> str:
        return (vars_.get(prefix + "_" + name) or "").strip(" \t\n\r\x0b\x0c")

    def boolean(name: str, verbose: bool) -> bool | None:
        v = get(name)
        low = v.lower()
        if low == "":
            return None
        if low in ("1", "true", "yes", "on"):
            return True
        if low in ("0", "false", "no", "off"):
            return False
        if verbose and ((_INTEGER.match(v) is not None and int(v) > 0) or low == "full"):
            return True
        errs.append(f"{prefix}_{name}={v!r}: want true or false")
        return None

    def integer(name: str) -> int:
        v = get(name)
        if v == "":
            return 0
        if _INTEGER.match(v) is None or int(v) < 0 or int(v) > (1 << 63) - 1:
            errs.append(f"{prefix}_{name}={v!r}: want a non-negative integer")
            return 0
        return int(v)

    verbose = boolean("VERBOSE", True) is True
    show = boolean("REDACT", False) is False
    omit = boolean("SUGGESTIONS", False) is False
    o = Options(
        verbose=verbose,
        show_sensitive=show,
        omit_suggestions=omit,
        max_data_bytes=integer("MAX_DATA_BYTES"),
        max_string_bytes=integer("MAX_STRING_BYTES"),
        max_suggestions=integer("MAX_SUGGESTIONS"),
        server_version=vars_.get(prefix + "_SERVER_VERSION") or "",
    )
    if errs:
        raise ValueError("errgen: " + "; ".join(errs))
    return o


class LogFilter(logging.Filter):
    """A logging filter that gives each record of an error of a catalog its
    log form, as Go's slog reads an error's LogValue: for a record whose
    exc_info, or whose msg or args, hold such an error, the record gets
    errgen_symbol, errgen_code, errgen_message (the verbose message, its
    sensitive values redacted unless the occurrence was made with
    log_sensitive), errgen_cause (the cause chain) and errgen_request_id
    attributes, which a structured formatter records (empty for another
    record, so that a format naming them formats every record). The
    record's message and traceback keep the wire's text: str() of the
    error."""

    def filter(self, record: logging.LogRecord) -> bool:
        err = _record_error(record)
        v: dict[str, object] = err.log_value() if err is not None else {}
        record.errgen_symbol = v.get("symbol", "")
        record.errgen_code = v.get("code", "")
        record.errgen_message = v.get("message", "")
        record.errgen_cause = v.get("cause", "")
        record.errgen_request_id = v.get("requestId", "")
        return True


def _record_error(record: logging.LogRecord) -> CatalogError | None:
    candidates: list[object] = []
    if record.exc_info and record.exc_info[1] is not None:
        candidates.append(record.exc_info[1])
    candidates.append(record.msg)
    if isinstance(record.args, tuple):
        candidates.extend(record.args)
    elif isinstance(record.args, Mapping):
        candidates.extend(record.args.values())
    for candidate in candidates:
        seen: set[int] = set()
        c: object = candidate
        while isinstance(c, BaseException) and id(c) not in seen:
            if isinstance(c, CatalogError) and hasattr(c, "_o"):
                return c
            seen.add(id(c))
            c = _next_cause(c)
    return None


__all__ += [
    "RETRY_AFTER_CHANGE",
    "RETRY_AFTER_DELAY",
    "RETRY_NEVER",
    "SendHook",
    "SendKind",
    "Violation",
    "normalize_retry_after_ms",
    "options_from_env",
    "retry_after_header",
]
