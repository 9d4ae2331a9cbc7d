"""The conformance runner of the runtime: it reads one vector input per
line and answers each with the payloads the runtime renders, one JSON
object per line (docs/guide/conformance.md, "The runner protocol"):

    errgen conformance -vectors vectors.json -- python -m PACKAGE.conformance

It reads each line as every runtime does ("Reading the input"): a line it
cannot read gets the error answer with the id "", and an input it refuses
(a member of another type than the protocol's, a clock that names no
instant, an unknown kind or symbol, a detail value of another type than
its node's) gets the error answer {"id", "error"}. Accepted details are
the details the error's constructor takes, with what the wire reads them
as made explicit (a None or absent required value its empty value, a None
or absent optional one left out, a member no node describes dropped).
Nothing a line holds makes the runner stop: it answers every line and
skips blank ones.

An input whose catalog member holds the facts of another catalog (the JSON
of errgen generate -facts, schema/facts.schema.json) is rendered with the
catalog those facts describe instead of the runner's own, through the same
Catalog and rule modules a generated package uses, only its facts read
from the line: facts of another format, or that the runtime cannot read (a
member it reads missing or of another type, a fallback naming no error),
get the error answer. The wire's constants are the runner's own (the
facts' rules member is not read).

The answer carries the HTTP answer of the problem document, its status
and Retry-After header as the HTTP helpers send them (Catalog.http_problem
and retry_after_header, which the Starlette helper uses).

An advice input is answered {"id", "advice"} with the advice the client's
retry_advice gives for its payload text.
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime, timezone
from typing import IO, Any

from .client import retry_advice
from .core import FACTS_FORMAT, RETRY_AFTER_CHANGE, RETRY_AFTER_DELAY, RETRY_NEVER, Catalog, CatalogError, Options, TextError, retry_after_header
from .wire import MAX_SAFE_INTEGER, well_formed
from .write import Violation

__all__ = ["MAX_CATALOGS", "MAX_INPUT_DEPTH", "answer", "main", "serve"]

#: The deepest nesting of arrays and objects a line may have, its own object level 1.
MAX_INPUT_DEPTH = 100

#: The most catalogs built from the inputs' facts (input.catalog) the runner keeps for the next lines.
MAX_CATALOGS = 16


class Refusal(Exception):
    """An input the runner refuses: its message is the error answer."""


# a JSON string, and a stretch of JSON text without brackets
_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")


def _depth(s: str) -> int:
    """The deepest nesting of arrays and objects in the JSON text s, which
    json read: its strings taken out and its brackets counted, by re (a
    loop over every character of a line of megabytes took a second)."""
    d = deepest = 0
    for c in _NOT_BRACKETS.sub("", _JSON_STRING.sub("", s)):
        if c in "[{":
            d += 1
            deepest = max(deepest, d)
        else:
            d -= 1
    return deepest


def _reject_constant(name: str) -> object:
    raise ValueError(f"{name} is not JSON")


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # a member given twice counts once, with its last value; a lone
    # surrogate escape is U+FFFD, in names too
    out: dict[str, Any] = {}
    for k, v in pairs:
        out[well_formed(k)] = _fix(v)
    return out


def _fix(v: Any) -> Any:
    if isinstance(v, str):
        return well_formed(v)
    if isinstance(v, list):
        return [_fix(x) for x in v]
    return v


def _parse(text: str) -> Any:
    """Reads JSON as JSON.parse does: every number the nearest double (past
    the largest, an infinity), no NaN or Infinity literals."""
    return json.loads(text, parse_int=float, parse_float=float, parse_constant=_reject_constant, object_pairs_hook=_pairs)


def _parse_facts(text: str) -> Any:
    """Reads JSON as a generated package reads its facts (json.loads: an
    integer an int, exactly), a member given twice and a lone surrogate
    escape as _parse reads them."""
    return json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_pairs)


class _Members:
    """Reads the members of one object of an input by the types the
    protocol gives them; None is an absent member."""

    def __init__(self, v: object, path: str) -> None:
        if v is not None and not isinstance(v, dict):
            raise Refusal(f"{path}: want an object")
        self.m: dict[str, Any] = v if isinstance(v, dict) else {}
        self.path = path

    def get(self, key: str) -> Any:
        return self.m.get(key)

    def fail(self, key: str, what: str) -> Refusal:
        return Refusal(f"{self.path}.{key}: want {what}")

    def string(self, key: str) -> str | None:
        v = self.get(key)
        if v is not None and not isinstance(v, str):
            raise self.fail(key, "a string")
        return v

    def boolean(self, key: str) -> bool | None:
        v = self.get(key)
        if v is not None and not isinstance(v, bool):
            raise self.fail(key, "true or false")
        return v

    def number(self, key: str) -> float | None:
        """Any number, as the line's digits read (past the largest double,
        an infinity)."""
        v = self.get(key)
        if v is not None and (isinstance(v, bool) or not isinstance(v, (int, float))):
            raise self.fail(key, "a number")
        return None if v is None else float(v)

    def integer(self, key: str) -> int | None:
        """A number without a fraction, held within the safe integers."""
        v = self.get(key)
        if v is None:
            return None
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or v != math.trunc(v):
            raise self.fail(key, "an integer")
        return int(max(min(v, MAX_SAFE_INTEGER), -MAX_SAFE_INTEGER))

    def strings(self, key: str) -> list[str]:
        v = self.get(key)
        if v is None:
            return []
        if not isinstance(v, list) or not all(isinstance(s, str) for s in v):
            raise self.fail(key, "an array of strings")
        return v

    def members(self, key: str) -> list[tuple[str, object]]:
        v = self.get(key)
        if v is None:
            return []
        if not isinstance(v, list) or not all(isinstance(kv, dict) and isinstance(kv.get("key"), str) for kv in v):
            raise self.fail(key, "an array of {key, value} with a string key")
        return [(kv["key"], kv.get("value")) for kv in v]


_NOW = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})Z\Z")


class _Year0(datetime):
    """An instant of the year 0, which the proleptic Gregorian calendar of
    the other runtimes has and datetime has not: held as the same day and
    time 400 years later (the calendar repeats every 400 years, so the day
    exists and is as leap), its year read as 0."""

    @property
    def year(self) -> int:
        return super().year - 400


def _now(s: str | None) -> datetime:
    """Reads the clock: YYYY-MM-DDTHH:MM:SSZ naming a real instant."""
    m = _NOW.match(s or "")
    if m is None:
        raise Refusal(f"options.now {json.dumps(s or '')}: want YYYY-MM-DDTHH:MM:SSZ")
    try:
        year, month, day, hour, minute, second = (int(x) for x in m.groups())
        if year == 0:
            return _Year0(400, month, day, hour, minute, second, tzinfo=timezone.utc)
        return datetime(year, month, day, hour, minute, second, tzinfo=timezone.utc)
    except ValueError:
        raise Refusal(f"options.now {json.dumps(s)}: not a real instant") from None


def _options(o: _Members) -> Options:
    at = _now(o.string("now"))
    instance = o.string("instance")
    if not instance:
        raise Refusal("options.instance: want the problem instance, a non-empty string")
    flags = {k: o.boolean(k) is True for k in ("verbose", "showSensitive", "omitSuggestions")}
    limits = {k: o.integer(k) or 0 for k in ("maxDataBytes", "maxStringBytes", "maxSuggestions")}
    return Options(
        verbose=flags["verbose"],
        show_sensitive=flags["showSensitive"],
        omit_suggestions=flags["omitSuggestions"],
        max_data_bytes=limits["maxDataBytes"],
        max_string_bytes=limits["maxStringBytes"],
        max_suggestions=limits["maxSuggestions"],
        server_version=o.string("serverVersion") or "",
        now=lambda: at,
        instance=lambda: instance,
    )


class _ChainError(TextError):
    """One error of a cause chain given as texts: its text as given, empty
    included."""


def _chain(texts: list[str]) -> BaseException | None:
    """The cause chain of texts, outermost first: each an exception whose
    cause is the next."""
    c: BaseException | None = None
    for text in reversed(texts):
        e = _ChainError(text)
        e.__cause__ = c
        c = e
    return c


def _empty(catalog: Catalog[Any], n: Mapping[str, Any], level: int = 0) -> object:
    """What the wire reads an absent required value of node n as."""
    t = n["type"]
    if t == "string":
        return ""
    if t in ("integer", "number"):
        return 0.0
    if t == "boolean":
        return False
    if t == "array":
        return []
    if t == "object":
        out: dict[str, object] = {}
        if level < MAX_INPUT_DEPTH:
            for p in catalog.tables.shape_of(n).get("properties", ()):
                if p.get("required") is True:
                    out[p["name"]] = _empty(catalog, p["node"], level + 1)
        return out
    return None


def _detail(catalog: Catalog[Any], n: Mapping[str, Any], v: object, path: str) -> object:
    """Reads the detail value v of node n: a value of another type than the
    node's is refused (an integer is a number without a fraction; None is a
    value of every type), and the value is returned as the constructor
    takes it."""
    t = n["type"]
    if v is None:
        return None if t == "any" else _empty(catalog, n)

    def want(what: str) -> Refusal:
        return Refusal(f"{path}: want {what}")

    if t == "any":
        return v
    if t == "string":
        if not isinstance(v, str):
            raise want("a string")
        return v
    if t == "boolean":
        if not isinstance(v, bool):
            raise want("true or false")
        return v
    if t == "integer":
        if isinstance(v, bool) or not isinstance(v, float) or not math.isfinite(v) or v != math.trunc(v):
            raise want("an integer")
        return v
    if t == "number":
        if isinstance(v, bool) or not isinstance(v, float):
            raise want("a number")
        return v
    if t == "array":
        if not isinstance(v, list):
            raise want("an array")
        return [_detail(catalog, n["items"], x, f"{path}[{i}]") for i, x in enumerate(v)]
    if not isinstance(v, dict):
        raise want("an object")
    o = catalog.tables.shape_of(n)
    props = o.get("properties", ())
    names = {p["name"] for p in props}
    out: dict[str, object] = {}
    for p in props:
        x = v.get(p["name"])
        if x is None:
            if p.get("required") is True:
                out[p["name"]] = None if p["node"]["type"] == "any" else _empty(catalog, p["node"])
            continue
        out[p["name"]] = _detail(catalog, p["node"], x, f"{path}.{p['name']}")
    extra = o.get("additionalProperties")
    if extra is not None:
        for k, x in v.items():
            if k not in names:
                out[k] = _detail(catalog, extra, x, f"{path}.{k}")
    return out


_Test = Callable[[object], bool]


def _is_string(v: object) -> bool:
    return isinstance(v, str)


def _is_integer(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_boolean(v: object) -> bool:
    return isinstance(v, bool)


def _is_object(v: object) -> bool:
    return isinstance(v, dict)


def _list_of(test: _Test, nonempty: bool = False) -> _Test:
    return lambda v: isinstance(v, list) and (bool(v) or not nonempty) and all(test(x) for x in v)


#: The members of the facts and of their parts the runner checks before it
#: builds a catalog of them, each with its test, what the test wants and
#: whether it is required (schema/facts.schema.json): what the renderers
#: write as they are, or look up while the catalog is built. Detail nodes
#: and message templates are read as a payload needs them: one the runtime
#: cannot read makes that line's error answer then.
_MemberTests = dict[str, tuple[_Test, str, bool]]
_STRING = (_is_string, "a string", True)
_INTEGER = (_is_integer, "an integer", True)
_FACTS: _MemberTests = {
    "name": _STRING,
    "version": _STRING,
    "schemaVersion": _INTEGER,
    "limits": (_is_object, "an object", True),
    "fallback": _STRING,
    "shapes": (_list_of(_is_object), "an array of objects", True),
    "errors": (_list_of(_is_object, nonempty=True), "an array of objects, not empty", True),
}
_LIMITS: _MemberTests = {"maxDataBytes": _INTEGER, "maxStringBytes": _INTEGER, "maxSuggestions": _INTEGER}
_SHAPE: _MemberTests = {"name": _STRING, "node": (_is_object, "an object", True)}
_ERROR: _MemberTests = {
    "symbol": _STRING,
    "aliases": (_list_of(_is_string), "an array of strings", False),
    "code": _INTEGER,
    "wireCode": _INTEGER,
    "type": _STRING,
    "domain": _STRING,
    "title": _STRING,
    "problemType": _STRING,
    "statuses": (_list_of(_is_integer, nonempty=True), "an array of integers, not empty", True),
    "retryable": (_is_boolean, "true or false", True),
    "retry": (lambda v: v in (RETRY_NEVER, RETRY_AFTER_CHANGE, RETRY_AFTER_DELAY), "never, after_change or after_delay", True),
    "retryAfterMs": (_is_integer, "an integer", False),
    "throttling": (_is_boolean, "true or false", False),
    "toolErrorsAsRpc": (_is_boolean, "true or false", False),
    "needsDetails": (_is_boolean, "true or false", False),
    "details": (_is_object, "an object", False),
    "sensitive": (_list_of(_is_string), "an array of strings", False),
    "message": (_is_object, "an object", True),
    "userMessage": (_is_object, "an object", False),
    "suggestions": (_list_of(_is_object), "an array of objects", False),
}


def _check_members(v: Mapping[str, Any], members: _MemberTests, path: str) -> None:
    for key, (test, what, required) in members.items():
        x = v.get(key)
        if key not in v and not required:
            continue
        if not test(x):
            raise Refusal(f"{path}.{key}: want {what}")


def _check_facts(facts: Mapping[str, Any]) -> None:
    """Refuses facts of another format than the runtime's, or with a member
    the runtime reads as it builds the catalog, or writes as it is, missing
    or of another type."""
    if facts.get("facts") != FACTS_FORMAT:
        raise Refusal(f"input.catalog.facts: want {FACTS_FORMAT}, the format of facts this runtime reads")
    _check_members(facts, _FACTS, "input.catalog")
    _check_members(facts["limits"], _LIMITS, "input.catalog.limits")
    for i, shape in enumerate(facts["shapes"]):
        _check_members(shape, _SHAPE, f"input.catalog.shapes[{i}]")
    for i, d in enumerate(facts["errors"]):
        _check_members(d, _ERROR, f"input.catalog.errors[{i}]")


#: The catalogs built from the inputs' facts, by the facts' canonical JSON, oldest first.
_catalogs: dict[str, Catalog[Any]] = {}


def _catalog_of(own: Catalog[Any], value: object, text: str) -> Catalog[Any]:
    """The catalog the input value of the line text is rendered with: the
    one its catalog member's facts describe, with own's rules, or own when
    it has none. The facts are read again from the text as a generated
    package reads its own, every integer exact; a catalog built of them is
    kept for the next lines with the same facts."""
    if not isinstance(value, dict) or value.get("catalog") is None:
        return own
    if not isinstance(value["catalog"], dict):
        raise Refusal("input.catalog: want the facts of a catalog, an object")
    facts = _parse_facts(text)["input"]["catalog"]
    _check_facts(facts)
    facts = {**facts, "rules": own.facts["rules"]}
    key = json.dumps(facts, sort_keys=True, ensure_ascii=False)
    catalog = _catalogs.get(key)
    if catalog is None:
        try:
            catalog = Catalog(facts)
        except Exception as e:  # facts this runtime cannot read: the fallback names no error, ...
            raise Refusal(f"input.catalog: not facts this runtime reads: {type(e).__name__}: {e}") from None
        if len(_catalogs) >= MAX_CATALOGS:
            del _catalogs[next(iter(_catalogs))]
        _catalogs[key] = catalog
    return catalog


_Answer = dict[str, dict[str, Any]]


def _run(catalog: Catalog[Any], value: object) -> _Answer:
    """Renders one vector's input in every format: {"payloads",
    "violations", "http"}, the violations what the catalog's violation hook
    learns of while each payload renders, http the status and Retry-After
    of the problem document's HTTP answer."""
    if not isinstance(value, dict):
        raise Refusal("input: want an object")
    inp = _Members(value, "input")
    kind = inp.string("kind")
    symbol = inp.string("symbol")
    cause = inp.strings("cause")
    retryable = inp.boolean("retryable")
    retry_after_ms = inp.number("retryAfterMs")
    status = inp.integer("status")
    request_id = inp.string("requestId")
    instance = inp.string("instance")
    data = inp.members("data")
    extensions = inp.members("extensions")
    details = inp.get("details")
    if details is not None and not isinstance(details, dict):
        raise Refusal("input.details: want an object")
    payload = inp.string("payload")
    if kind == "advice":
        return _advise(inp, payload)
    rendering = _options(_Members(inp.get("options"), "input.options"))
    err: CatalogError
    if kind == "foreign":
        if not cause:
            raise Refusal("a foreign error needs its text in cause")
        err = catalog.from_error(_chain(cause))
    elif kind in ("definition", "error"):
        if symbol is None or not catalog.has(symbol):
            raise Refusal(f"no error has symbol {json.dumps(symbol or '')}")
        d = catalog.definition(symbol)
        if kind == "definition":
            err = catalog.error_of(d["symbol"])
        else:
            node = d.get("details")
            given: Any = None
            if node is not None:
                given = _detail(catalog, node, details if details is not None else {}, "details")
            err = catalog.new(
                d["symbol"],
                given,
                cause=_chain(cause),
                retryable=retryable,
                retry_after_ms=retry_after_ms,
                status=status,
                request_id=request_id,
                instance=instance,
                data=data,
                extensions=extensions,
            )
    else:
        raise Refusal(f"unknown kind {json.dumps(kind or '')}: want error, definition, foreign or advice")
    renderers = (
        ("jsonrpc", catalog.render_jsonrpc_error),
        ("problem", catalog.render_problem),
        ("response", catalog.render_response),
        ("toolResult", catalog.render_tool_result),
    )
    payloads: dict[str, str] = {}
    violations: dict[str, list[dict[str, str]]] = {}
    seen: list[dict[str, str]] = []

    def hook(v: Violation) -> None:
        seen.append({"symbol": v.symbol, "path": v.path, "keyword": v.keyword, "outcome": v.outcome})

    before = catalog.on_violation(hook)
    try:
        for fmt, render in renderers:
            payloads[fmt] = render(err, rendering)
            violations[fmt] = seen[:]
            seen.clear()
        status, body, delay = catalog.http_problem(err, rendering)  # its violations reported once, above
    finally:
        catalog.on_violation(before)
    if body != payloads["problem"]:
        raise Refusal(f"http_problem sends {body}, not {payloads['problem']}")
    http = {"status": status, "retryAfter": None if delay is None else retry_after_header(delay)}
    return {"payloads": payloads, "violations": violations, "http": http}


def _advise(inp: _Members, payload: str | None) -> _Answer:
    """Answers an advice input: {"advice"}, what retry_advice gives for
    the payload's text. Its other members change nothing; they are read as
    every input's are (refused when of another type)."""
    catalog = inp.get("catalog")
    if catalog is not None and not isinstance(catalog, dict):
        raise Refusal("input.catalog: want the facts of a catalog, an object")
    o = _Members(inp.get("options"), "input.options")
    for key in ("now", "instance", "serverVersion"):
        o.string(key)
    for key in ("verbose", "showSensitive", "omitSuggestions"):
        o.boolean(key)
    for key in ("maxDataBytes", "maxStringBytes", "maxSuggestions"):
        o.integer(key)
    if payload is None:
        raise Refusal("an advice input needs the payload's text in payload")
    a = retry_advice(payload)
    return {"advice": {"action": a.action, "delayMs": a.delay_ms}}


def answer(catalog: Catalog[Any], line: bytes) -> dict[str, object]:
    """The answer to one line: {"id", "payloads", "violations", "http"},
    {"id", "advice"} or {"id", "error"}."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        return {"id": "", "error": "unreadable line: not UTF-8"}
    try:
        v = _parse(text)  # a line nested past the interpreter's recursion limit raises RecursionError
    except (ValueError, RecursionError):
        return {"id": "", "error": "unreadable line: not one JSON object, or nested too deeply"}
    if _depth(text) > MAX_INPUT_DEPTH:
        return {"id": "", "error": f"unreadable line: nested deeper than {MAX_INPUT_DEPTH} levels"}
    if not isinstance(v, dict) or not isinstance(v.get("id"), str):
        return {"id": "", "error": "unreadable line: not a JSON object with a string id"}
    id_: str = v["id"]
    try:
        value = v.get("input")
        if isinstance(value, dict) and value.get("kind") == "advice":
            return {"id": id_, **_run(catalog, value)}  # advice reads no catalog
        return {"id": id_, **_run(_catalog_of(catalog, value, text), value)}
    except Refusal as e:
        return {"id": id_, "error": str(e)}
    except Exception as e:  # nothing a line holds stops the runner
        return {"id": id_, "error": f"{type(e).__name__}: {e}"}


def _blank(line: bytes) -> bool:
    """A blank line: JSON white space only (space, tab, carriage return;
    the newline ends the line)."""
    return not line.strip(b" \t\r")


def _lines(stream: IO[bytes]) -> Iterable[bytes]:
    while True:
        line = stream.readline()
        if not line:
            return
        yield line[:-1] if line.endswith(b"\n") else line


def serve(catalog: Catalog[Any], stdin: IO[bytes] | None = None, stdout: IO[bytes] | None = None) -> None:
    """Serves the conformance protocol for catalog: one answer per line of
    stdin (default: the process's standard input) on stdout, written as it
    comes; blank lines are skipped."""
    src = stdin if stdin is not None else sys.stdin.buffer
    dst = stdout if stdout is not None else sys.stdout.buffer
    for line in _lines(src):
        if _blank(line):
            continue
        a = answer(catalog, line)
        dst.write(json.dumps(a).encode("ascii") + b"\n")  # ASCII: no text of a line can make it invalid
        dst.flush()


def main(catalog: Catalog[Any]) -> None:
    """The runner's main: serve on the standard streams."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))
    serve(catalog)
